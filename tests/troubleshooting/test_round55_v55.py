"""`explain`, round fifty-five (issue 36): quantum-chemistry and simulation codes' own CUDA checks (a program's
capitalised "CUDA Error:" that is no kernel library's, cuInit's stub number), and a library asked for by its
unversioned name."""

from __future__ import annotations

from _explain import first


def test_a_programs_own_no_kernel_image_is_no_quantized_models() -> None:
    key, fix = first(
        "CUDA Error: no kernel image is available for execution on the device\n"
        "MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD\nwith errorcode 1."
    )
    assert key == "kern-lib-no-kernel-image" and ".quantize" not in fix
    key, fix = first('CUDA Error: no kernel image is available for execution on the device\n  File "cpm_kernels/x.py"')
    assert key == "kern-lib-no-kernel-image" and ".quantize" in fix


def test_cuinit_returning_the_stub_librarys_number() -> None:
    key, fix = first(
        "ERROR: cuInit failed with error:  34 /src/offload/offload_library.c 57\n\nProgram received signal SIGABRT: "
        "Process abort signal."
    )
    assert key == "driver-library-missing" and "stub" in fix


def test_a_library_asked_for_by_its_unversioned_name() -> None:
    key, fix = first("OSError: libcusolver.so: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found" and "versioned" in fix
    # a versioned CUDA library is another family's (a CUDA major that is not installed)
    key, _ = first("OSError: libcusolver.so.11: cannot open shared object file: No such file or directory")
    assert key == "cuda-library-major"


def test_cufft_in_half_precision_and_xlas_ptxas_sentence() -> None:
    key, fix = first(
        "RuntimeError: cuFFT only supports dimensions whose sizes are powers of two when computing in half "
        "precision, but got a signal size of[20, 20, 10]"
    )
    assert key == "num-cufft-half-power-of-two" and "float32" in fix
    key, _ = first(
        "(issue title: ptxas returned an error during compilation of ptx to sass)\n2022-10-27 19:47:29.516314: I "
        "tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened dynamic library "
        "cudart64_110.dll"
    )
    assert key == "kern-ptxas-too-old"


def test_a_bus_error_where_workers_share_memory() -> None:
    key, fix = first(
        "sending off prediction to background worker for resampling and export\ndone with case_1.nii.gz\n"
        "Bus error (core dumped)"
    )
    assert key == "native-crash" and "--shm-size" in fix
    # a bus error with no workers or container in the text keeps the crash's own step
    key, fix = first("Loading weights\nBus error (core dumped)")
    assert "--shm-size" not in fix


def test_pycudas_invalid_handle_as_pasted() -> None:
    key, fix = first("pycuda._driver.LogicError: cuFuncSetBlockShape failed: invalid resources handle")
    assert key == "invalid-resource-handle" and "pycuda" in fix


def test_a_library_that_ships_unversioned_keeps_the_familys_fix() -> None:
    key, fix = first("OSError: libzorbserver.so: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found" and "unversioned" not in fix


def test_blas_refusing_a_gemm_argument_and_a_spawned_worker_that_broke_its_pipe() -> None:
    key, fix = first(
        " ** On entry to SGEMM  parameter number 10 had an illegal value\nTraceback (most recent call last):"
    )
    assert key == "blas-gemm-illegal-parameter" and "x.shape" in fix
    key, fix = first(
        "BrokenPipeError: [Errno 32] Broken pipe\n"
        '  File "C:\\\\env\\\\lib\\\\site-packages\\\\torch\\\\utils\\\\data\\\\dataloader.py", line 289, in __init__\n'
        "    w.start()\n"
    )
    assert key == "win-mp-spawn-main-guard" and "__main__" in fix
