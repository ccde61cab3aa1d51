"""`explain`, round forty (issue 36): HPC compilers and native scientific codes on the GPU. The NVIDIA HPC SDK's
runtime refusing a binary built for other GPUs, its compilers refusing a compute capability or the sources, g++ in an
older C++ mode, MPI / UCX transport notices, an HPC application's own cuSOLVER and zero-byte allocation errors, glog
CHECKs on CUDA driver API calls decoded by their status, NVIDIA Warp's illegal access in a simulation kernel and JAX's
oldest CPU-fallback warning. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_nvhpc_runtime_refuses_a_binary_for_other_gpus() -> None:
    for text in (
        "Accelerator Fatal Error:\nThis file was compiled: -acc=gpu -gpu=cc75\nRebuild this file with -gpu=cc89 to "
        "use NVIDIA GeForce GPU 0\nFile: /src/solver.f90\nFunction: step:12\nLine: 40",
        "Current file:     /opt/md/src/forces.cpp\n        function: _ZN2md6forcesEv\nThis file was compiled: "
        "-acc=gpu -gpu=cc70\nRebuild the application with -gpu=cc90 to use NVIDIA H100 GPU 0",
        "Accelerator Fatal Error: This file was compiled: -ta=tesla:cc35,cc50\nRebuild this file with "
        "-ta=tesla:cc70 to use NVIDIA Tesla GPU 0",
    ):
        key, fix = first(text)
        assert key == "gpu-arch-unsupported" and "-gpu=ccYY" in fix and "HPC SDK" in fix, text
    assert explain("Accelerator Fatal Error:\nThis file was compiled: -acc=gpu -gpu=cc80\n")[0].severity == "failure"
    # another accelerator failure, and torch's own kernel-image error, keep their answers
    key, fix = first("Accelerator Fatal Error: call to cuMemAlloc returned error 2: Out of memory")
    assert key != "gpu-arch-unsupported"
    key, fix = first("RuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert key == "gpu-arch-unsupported" and "HPC SDK" not in fix


def test_nvhpc_compiler_rejects_an_unknown_compute_capability() -> None:
    for text in (
        "nvfortran-Error-Switch -gpu with unknown keyword cc120\nmake: *** [Makefile:20: all] Error 2",
        "nvc++-Error-Switch -ta with unknown keyword cc90\n-ta=host|multicore|tesla\nmake[2]: *** [x.cpp.o] Error 1",
    ):
        key, fix = first(text)
        assert key == "build-nvcc-arch-unsupported" and "HPC SDK" in fix and "-acc -gpu=ccXX" in fix, text
    key, fix = first("nvcc fatal   : Unsupported gpu architecture 'compute_120'")
    assert key == "build-nvcc-arch-unsupported" and "HPC SDK" not in fix
    assert first("nvc++-Error-Unknown switch: -fopenmp-simd")[0] != "build-nvcc-arch-unsupported"


def test_nvhpc_compiler_diagnostics_are_a_build_failure() -> None:
    key, fix = first(
        "mpif90 -acc -gpu=cc80 -c util.f\nNVFORTRAN-S-0084-Illegal use of symbol qsort_idx - attempt to CALL a "
        "non-SUBROUTINE (util.f: 40)\n  0 inform,   0 warnings,   1 severes, 0 fatal for util"
    )
    assert key == "build-nvhpc-compile-error" and "rename" in fix
    key, fix = first("NVFORTRAN-F-0004-Corrupt or Old Module file ./grid.mod (main.f90: 2)")
    assert key == "build-nvhpc-compile-error" and ".mod" in fix and "rename" not in fix
    key, fix = first(
        "NVFORTRAN-S-0038-Symbol, nbr, has not been explicitly declared (grid.f90: 88)\nmake: *** [all] Error 2"
    )
    assert key == "build-nvhpc-compile-error" and "nvfortran --version" in fix
    # an informational or warning diagnostic is no build failure
    assert first("NVFORTRAN-W-0435-Array declared with zero size (x.f90: 10)")[0] != "build-nvhpc-compile-error"


def test_the_host_compiler_in_an_older_cxx_mode() -> None:
    for text in (
        "src/grid.h:80:5: error: body of ‘constexpr’ function ‘static constexpr int Grid::width(int)’ not a "
        "return-statement",
        "include/tile.hpp:12:8: error: 'if constexpr' only available with '-std=c++17' or '-std=gnu++17'",
    ):
        key, fix = first(text)
        assert key == "build-cxx-standard" and "C++11" in fix and "nvc++" in fix, text
    key, fix = first("nvcc fatal   : Value 'c++17' is not defined for option 'std'")
    assert key == "build-cxx-standard" and "nvc++" not in fix


def test_mpi_transport_warnings_are_notices() -> None:
    for text in (
        "[1700000000.1] [node1:1234:0]      ib_md.c:1200 UCX  WARN  mlx5_0: relaxed order memory access requested, "
        "but unsupported",
        "No OpenFabrics connection schemes reported that they were able to be used on a specific port.  As such, "
        "the openib BTL (OpenFabrics support) will be disabled for this port.",
        "[[5310,1],0]: A high-performance Open MPI point-to-point messaging module was unable to find any relevant "
        "network interfaces:\n\nModule: OpenFabrics (openib)\n  Host: node7",
    ):
        top = explain(text)[0]
        assert top.key == "mpi-transport-notice" and top.notice, text
    # a failure after them is the answer
    text = "ib_md.c:1200 UCX  WARN  mlx5_0: relaxed order memory access requested, but unsupported\n" + (
        "RuntimeError: CUDA error: out of memory"
    )
    assert first(text)[0] == "gpu-out-of-memory"


def test_hpc_application_library_and_allocation_errors() -> None:
    key, fix = first("[ERROR] STOP signal received\n[ERROR] EIGENSOLVER [diag_gpu]cusolverDnZheevd failed")
    assert key == "hpc-app-cuda-library-call-failed" and "release notes" in fix
    key, fix = first(
        " <05s> P2: [ERROR] Allocation of W_d failed with code 1\nP2: [ERROR] Not enough memory to allocate 0 bytes"
    )
    assert key == "hpc-app-zero-byte-device-allocation" and "parallel layout" in fix
    # a real allocation size, and torch's own cuSOLVER error, keep other answers
    assert first("[ERROR] Not enough memory to allocate 1048576 bytes")[0] != "hpc-app-zero-byte-device-allocation"
    key, _ = first("RuntimeError: cusolver error: CUSOLVER_STATUS_INTERNAL_ERROR, when calling `cusolverDnCreate(h)`")
    assert key != "hpc-app-cuda-library-call-failed"


def test_driver_api_checks_decode_their_status() -> None:
    key, fix = first(
        "F0101 10:00:00.000 1 Jit.cpp:90 Check failed: cuLinkAddData(state, CU_JIT_INPUT_PTX, p, n, 0, 0, "
        "nullptr, nullptr) == CUDA_SUCCESS (218 == 0) ptxas application ptx input, line 88; error   : Call has "
        "wrong number of parameters\nptxas fatal   : Ptx assembly aborted due to errors"
    )
    assert key == "kern-ptx-jit-failed" and "code-generation bug" in fix
    key, fix = first(
        "$ ./server --cpu-only\nF0101 Engine.cpp:12 Check failed: cuDeviceGetCount(&n) == CUDA_SUCCESS "
        "(3 == 0)\nAborted (core dumped)"
    )
    assert key == "kern-driver-api-not-initialized" and "CPU-only option" in fix
    key, fix = first("Check failed: cuCtxCreate(&ctx, 0, dev) == CUDA_SUCCESS (3 vs. 0)")
    assert key == "kern-driver-api-not-initialized" and "nvidia-smi" in fix
    # another status is neither
    assert first("Check failed: cuMemAlloc(&p, n) == CUDA_SUCCESS (2 == 0)")[0] not in (
        "kern-driver-api-not-initialized",
        "kern-ptx-jit-failed",
    )


def test_warp_illegal_access_in_a_simulation_kernel() -> None:
    key, fix = first(
        "Error launching kernel: grid_update on device cuda:0\nWarp CUDA error 700: an illegal memory access was "
        "encountered (/builds/warp/native/warp.cu:1000)\nRuntimeError: CUDA error detected: 700"
    )
    assert key == "illegal-memory-access" and 'wp.config.mode = "debug"' in fix and "substeps" in fix
    key, fix = first("RuntimeError: CUDA error: an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "wp.config" not in fix


def test_jax_oldest_cpu_fallback_warning() -> None:
    text = (
        "/home/u/venv/lib/python3.7/site-packages/jax/lib/xla_bridge.py:120: UserWarning: No GPU found, falling "
        "back to CPU.\n  warnings.warn('No GPU found, falling back to CPU.')"
    )
    top = explain(text)[0]
    assert top.key == "cpu-jax-cpu-jaxlib" and "jax[cuda12]" in top.fix
    # another program's own words keep the generic family
    assert first("No GPU found, falling back to CPU.")[0] != "cpu-jax-cpu-jaxlib"


def test_a_zero_byte_allocation_in_the_fortran_runtimes_words() -> None:
    """The HPC SDK Fortran runtime's own wording of an empty allocation reads as the zero-byte family; a real
    request of many bytes stays an out-of-memory."""
    assert first("0: ALLOCATE: 0 bytes requested; not enough memory: 2(out of memory)\n")[0] == (
        "hpc-app-zero-byte-device-allocation"
    )
    found = first("0: ALLOCATE: 8589934592 bytes requested; not enough memory: 2(out of memory)\n")
    assert found[0] != "hpc-app-zero-byte-device-allocation"
