"""`explain`, round twenty-six (issue 36): a project's own test suite and CI failing on GPU code. The fix must read
what the text shows: a kernel of the project's own CUDA code (a native test, no torch) is fixed in the project's
build, not with a torch wheel; a GPU test that skipped itself failed nothing; nvidia-smi's driver beside a runtime
that did not initialise is a driver older than the tests' CUDA; ptxas's own "Unsupported .version" is a local
toolkit older than the compiler's; the loader's bare line names the missing CUDA major; NCCL's "CUDA driver is a stub
library" is the toolkit's stub libcuda; a crash after every test passed is a teardown crash, and a test's skip reason
is no failure. Near misses (torch's own texts, real failures beside the notices) keep their families' other fixes."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_projects_own_kernels_not_built_for_the_gpu() -> None:
    catch2 = (
        "  REQUIRE_NOTHROW( launch_scale(d_in, d_out, n) )\ndue to unexpected exception with message:\n"
        "  src/kernels/Scale.cu, line 42:\n  cudaCheck(cudaGetLastError());\n"
        "  cudaErrorInvalidDeviceFunction: invalid device function"
    )
    gtest = (
        "[ RUN      ] Reduce.SumFloat\nreduce_test.cu:88: Failure\nCUDA error: invalid device function\n"
        "[  FAILED  ] Reduce.SumFloat (3 ms)"
    )
    program = "Test 'Forward Kernel Test' Failed with error 'invalid device function'"
    for text in (catch2, gtest, program):
        key, fix = first(text)
        assert key == "torch-invalid-device-function", text
        assert "CMAKE_CUDA_ARCHITECTURES" in fix and "-gencode" in fix and "TORCH_CUDA_ARCH_LIST" not in fix, text
    # a GPU below every architecture the toolkit still targets: no rebuild helps
    key, fix = first("CUDA Capability Major/Minor version number:    2.1\n" + program)
    assert key == "torch-invalid-device-function" and "no rebuild" in fix and "without CUDA" in fix
    # torch's own text, or a torch extension's kernel file in a Python traceback: torch's fix
    for text in (
        "RuntimeError: CUDA error: invalid device function",
        'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n    y = ops.roi_align(x)\n'
        "RuntimeError: CUDA error: invalid device function at roi_align_kernel.cu:120",
    ):
        key, fix = first(text)
        assert key == "torch-invalid-device-function" and "TORCH_CUDA_ARCH_LIST" in fix, text


def test_a_fault_in_a_projects_own_test_kernel() -> None:
    text = (
        "terminate called after throwing an instance of 'std::runtime_error'\n  what():  include/mem/Buffer.hpp(80) "
        "'cudaFree(ptr)' 'cudaErrorIllegalInstruction': 'an illegal instruction was encountered'!\n"
        "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\nunit_tests is a Catch v2.13.9 host application.\n"
        "test/unit/KernelLambda.cpp:51: FAILED:\ndue to a fatal error condition:\n  SIGABRT - Abort"
    )
    key, fix = first(text)
    assert key == "torch-gpu-fault" and "compute-sanitizer" in fix and "disable that test" in fix
    assert "pip install" not in fix
    # torch's own illegal instruction: the kernel-fault fix (rebuild the extensions for this torch)
    key, fix = first("RuntimeError: CUDA error: an illegal instruction was encountered")
    assert key == "torch-gpu-fault" and "pip install" in fix and "disable that test" not in fix


def test_ptx_the_driver_cannot_compile_in_a_native_test_suite() -> None:
    text = (
        "      Start 12: tests/e2e/conv_tensorcore_cuda\n12: Test command: /build/tools/e2e-test --device=cuda\n"
        "12: runtime/hal/cuda/executable.c:71: INTERNAL; CUDA driver error 'CUDA_ERROR_INVALID_PTX' (218): a PTX JIT "
        "compilation failed"
    )
    key, fix = first(text)
    assert key == "kern-ptx-jit-failed" and "ctest -LE" in fix and "compute_cap" in fix
    key, fix = first("RuntimeError: CUDA error: a PTX JIT compilation failed")
    assert key == "kern-ptx-jit-failed" and fix.startswith("Update the NVIDIA driver")


_SMI = (
    "+---------------------------------------------------------------------------------------+\n"
    "| NVIDIA-SMI 525.85.12              Driver Version: 525.85.12    CUDA Version: 12.0     |\n"
    "|   0  NVIDIA A10                                                                      |"
)


def test_a_gpu_test_that_skipped_itself() -> None:
    notice = '==== Test "test_histogram" ====\nFailed to initialise the CUDA runtime, the test will be skipped.'
    found = explain(notice)
    assert found[0].key == "cuda-driver-insufficient" and found[0].fix.startswith("Nothing failed")
    assert "GPU worker" in found[0].fix
    # nvidia-smi's table beside it: the driver works and is older than the tests' CUDA
    key, fix = first(notice + "\n+ nvidia-smi\n" + _SMI)
    assert key == "cuda-driver-insufficient" and fix.startswith("Nothing failed") and "forward-" in fix
    assert "CUDA Version" in fix
    key, fix = first("No CUDA devices available, the test will be skipped.")
    assert key == "no-gpu-visible" and fix.startswith("Nothing failed")
    # the runtime's own failure is a failure
    key, fix = first("RuntimeError: CUDA driver version is insufficient for CUDA runtime version")
    assert key == "cuda-driver-insufficient" and "Nothing failed" not in fix


def test_the_stub_libcuda_nccl_names() -> None:
    text = (
        "[0]<stdout>:NCCL version 2.18.3+cuda12.1\n[0]<stdout>:node7:310:402 [0] init.cc:1010 NCCL WARN Cuda failure "
        "'CUDA driver is a stub library'\n[0]<stdout>:node7:310:402 [0] NCCL INFO init.cc:1304 -> 1\n"
        "RuntimeError: ncclCommInitRank failed: unhandled cuda error"
    )
    key, fix = first(text)
    assert key == "driver-library-missing" and "stubs" in fix and "readelf -d" in fix
    # NCCL's failure without the stub named: NCCL's own family; another CUDA failure it names is that failure
    assert first(text.split("\n")[0] + "\n" + text.split("\n")[-1])[0] == "torch-nccl-error"
    assert first(text.replace("CUDA driver is a stub library", "out of memory"))[0] == "gpu-out-of-memory"


def test_ptxas_older_than_the_ptx_it_was_given() -> None:
    text = (
        "FAILED tests/test_ops.py::test_grad - jaxlib.xla_extension.XlaRuntimeError: INTERNAL: ptxas exited with "
        "non-zero error code 65280, output: ptxas /tmp/tempfile-ab12-3, line 5; fatal   : Unsupported .version "
        "8.4; current version is '8.1'"
    )
    key, fix = first(text)
    assert key == "kern-ptxas-too-old" and "nvidia-cuda-nvcc" in fix and "older CUDA toolkit" in fix
    # a GPU the bundled ptxas does not know, under Triton: Triton's fix
    triton = (
        "triton.runtime.errors.PTXASError: PTXAS error: ptxas fatal   : Value 'sm_120a' is not defined for option "
        "'gpu-name'"
    )
    key, fix = first(triton)
    assert key == "kern-ptxas-too-old" and "TRITON_PTXAS_PATH" in fix


def test_xla_linking_through_a_driver_older_than_its_ptxas() -> None:
    text = (
        "W external/xla/xla/stream_executor/cuda/cuda_asm_compiler.cc:57] cuLinkAddData fails. This is usually "
        "caused by stale driver version.\njaxlib.xla_extension.XlaRuntimeError: UNKNOWN: device kernel image is "
        "invalid"
    )
    key, fix = first(text)
    assert key == "kern-kernel-image-invalid" and "xla_gpu_force_compilation_parallelism" in fix
    assert "host NVIDIA driver" in fix
    tf = "CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid"
    key, fix = first(tf)
    assert key == "kern-kernel-image-invalid" and "a driver update alone does not add kernels" in fix


def test_the_loaders_bare_line() -> None:
    key, fix = first("./bench_gemm: error while loading shared libraries: libcublas.so.11")
    assert key == "cuda-library-major" and "ldd <the program>" in fix and "LD_LIBRARY_PATH" in fix
    assert first("error while loading shared libraries: libzstd.so.2")[0] == "shared-library-not-found"
    # a Python import (not a program's start): the family's general fix
    key, fix = first("ImportError: libcudart.so.12: cannot open shared object file: No such file or directory")
    assert key == "cuda-library-major" and "native program" not in fix


def test_an_applications_gpu_backend_plugin() -> None:
    text = "[ERROR] Error Opening cagpu library for GPU Tracker (libGPUTrackingHIP.so)"
    key, fix = first(text)
    assert key == "shared-library-not-found" and "ldd <that .so>" in fix and "dlopens" in fix
    key, fix = first("OSError: libfoo.so.1: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found" and "dlopens" not in fix


def test_an_mpi_symbol_the_loaded_libmpi_lacks() -> None:
    for text in (
        "ImportError: /opt/app/lib/libsolver.so: undefined symbol: ompi_mpi_float",
        "python: symbol lookup error: /usr/lib/libhalo.so: undefined symbol: MPI_Comm_create_errhandler",
    ):
        key, fix = first(text)
        assert key == "mpi-library-mismatch" and "grep -i mpi" in fix and "LD_LIBRARY_PATH" in fix, text
    # a torch C++ symbol: not MPI's
    assert first("ImportError: ext.so: undefined symbol: _ZN3c104cuda9SetDeviceEi")[0] != "mpi-library-mismatch"


def test_a_tensor_left_on_the_cpu_by_the_code_or_the_test() -> None:
    for text in (
        "    self.assertEqual(layer.bias.device.type, 'cuda')\nAssertionError: 'cpu' != 'cuda'",
        "E       assert False\nE        +  where False = tensor([0.5000]).is_cuda",
        "AssertionError: The values for attribute 'device' do not match: cpu != cuda:0.",
        "FAILED tests/test_model.py::test_on_gpu - AssertionError: weights is not on cuda",
    ):
        key, fix = first(text)
        assert key == "test-device-placement" and "register_buffer" in fix, text
    # torch refusing two devices in one op: that family, not a test's assertion
    mixed = (
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    )
    assert first(mixed)[0] != "test-device-placement"


def test_a_list_of_failed_tests_without_their_errors() -> None:
    listing = "[  FAILED  ] Scan/2.Inclusive, where TypeParam = int (2 ms)\n[  FAILED  ] Sort.ByKeyLarge (41 ms)"
    key, fix = first(listing)
    assert key == "test-failures-no-error" and "--gtest_filter" in fix
    key, fix = first("(title: tests fail after moving to CUDA 12.4)\n" + listing)
    assert key == "test-failures-no-error" and "synccheck" in fix and "_sync" in fix
    ctest = "The following tests FAILED:\n\t 17 - test_fft (Failed)\n\t 23 - test_blas (SEGFAULT)"
    assert first(ctest)[0] == "test-failures-no-error"
    # the failed test's own error, when it is there, is the answer
    assert first(listing + "\nCUDA error: out of memory")[0] == "gpu-out-of-memory"


def test_a_crash_at_exit_after_every_test_passed() -> None:
    pytest_run = (
        "SKIPPED [1] tests/test_io.py:20: could not import 'cudf': No module named 'cudf'\n"
        "==== 120 passed, 4 skipped, 2 xfailed in 88.10s (0:01:28) ====\n"
        "ci/run_gpu_tests.sh: line 31:   912 Segmentation fault      (core dumped) pytest tests -v"
    )
    key, fix = first(pytest_run)
    assert key == "exit-teardown-crash" and "teardown" in fix and "faulthandler" in fix
    gtest_run = (
        "[==========] 42 tests from 7 test suites ran. (950 ms total)\n[  PASSED  ] 42 tests.\n"
        "Segmentation fault (core dumped)"
    )
    assert first(gtest_run)[0] == "exit-teardown-crash"
    # a run with failures: no teardown crash
    failed = "==== 2 failed, 118 passed in 80.00s ====\nSegmentation fault (core dumped)"
    assert first(failed)[0] != "exit-teardown-crash"
    # a test's skip reason is no failure; a real import error is
    assert first("SKIPPED [1] tests/test_io.py:20: could not import 'cudf': No module named 'cudf'")[0] != (
        "py-module-missing"
    )
    assert first("ModuleNotFoundError: No module named 'cudf'")[0] == "py-module-missing"


def test_the_first_collective_on_one_machine() -> None:
    watchdog = (
        "[rank{r}]:[E1203 10:01:02.000 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600012 "
        "milliseconds before timing out."
    )
    one_machine = "\n".join(watchdog.format(r=r) for r in (0, 1))
    key, fix = first(one_machine)
    assert key == "torch-nccl-timeout" and "NCCL_P2P_DISABLE=1" in fix and "nvidia-smi topo -m" in fix
    # a rank past one machine's GPUs: several nodes, the network between them
    key, fix = first("\n".join(watchdog.format(r=r) for r in (0, 12)))
    assert key == "torch-nccl-timeout" and "NCCL_SOCKET_IFNAME" in fix and "nvidia-smi topo" not in fix


def test_cupys_cudnn_call_refused() -> None:
    key, fix = first("cupy_backends.cuda.libs.cudnn.CuDNNError: cuDNN Error: CUDNN_STATUS_NOT_SUPPORTED")
    assert key == "torch-cudnn-not-supported" and "cupy.show_config()" in fix
    key, fix = first("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in")
    assert key == "torch-cudnn-not-supported" and "contiguous" in fix
