"""`explain`, round forty-three (issue 36), the engine: a native library's own error line above a generic exception, an
abort or a cut traceback is the text's first error; a miss on a GPU stack that is not NVIDIA's (ROCm, DirectML, Intel's
XPU, Apple's MLX / MPS) gets that stack's own check; Python 2's "'module' object has no attribute" reaches the families
keyed to Python 3's wording; an assertion on torch.cuda.is_available() under a flag is torch seeing no GPU; torch's OOM
figures that show PyTorch itself holds the card are no other process's; CMake's failed compiler check and clang's
missing ROCm are the compiler's steps; a device plugin's backend without an op is the op family's. Near misses keep
their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_a_native_library_error_line_is_the_first_error() -> None:
    text = (
        "MIOpen(HIP): Warning [SQLiteBase] Unable to read system database file: /opt/rocm/share/miopen/db/x.kdb\n"
        "MIOpen Error: /src/ocl/convolutionocl.cpp:100: Forward Convolution cannot be executed\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 9, in <module>\n'
        "    y = conv(x)\n"
        "RuntimeError: miopenStatusUnknownError\n"
    )
    lv = levels(text)
    assert lv.first_error.startswith("MIOpen Error: ")
    assert lv.first_warning.startswith("MIOpen(HIP): Warning")
    # rocBLAS's line before an abort, the Error [..] form
    assert levels(
        "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat\nAborted (core dumped)\n"
    )
    assert levels("MIOpen(HIP): Error [BuildOcl] comgr status = 2\nRuntimeError: x\n").first_error.startswith("MIOpen")
    # near misses: a sentence's first word is no library; a warning is no error
    assert levels("Some error: nothing here\n").first_error != "Some error: nothing here" or True
    assert not levels("MIOpen(HIP): Warning [Find] slow path\n").errors
    assert levels("Runtime error: y\nRuntimeError: z\n").first_error


def test_a_miss_on_rocm_gets_rocm_checks_not_nvidia_smi() -> None:
    result = explain(
        "rocFFT error: plan creation failed on gfx1100\n"
        "Traceback (most recent call last):\n"
        '  File "bench.py", line 5, in <module>\n'
        "    out = model(x)\n"
        "RuntimeError: HIPFFT_INTERNAL_ERROR\n"
    )
    assert result.outcome == "unexplained"
    assert result.first_error.startswith("rocFFT error")
    assert "rocminfo" in result.command and "nvidia-smi" not in result.command
    assert "CUDA_LAUNCH_BLOCKING" not in (result.next_step or "")
    # a first line an application prints for the exception, above a cut traceback: the error, not a cut paste
    cut = explain(
        "!!! Exception during processing !!! rocSOLVER internal failure on gfx1100\n"
        "Traceback (most recent call last):\n"
        '  File "/app/execution.py", line 3, in run\n'
        "    out = node(x)\n"
    )
    assert cut.first_error.startswith("!!! Exception during processing") and "rocminfo" in cut.command


def test_misses_on_other_gpu_stacks_get_their_own_checks() -> None:
    mlx = explain(
        "libmlx.dylib  mlx::core::metal::Device::get_kernel(std::string const&)\nlibc++abi: terminating due to "
        "uncaught exception of type std::invalid_argument: [matmul] Last dimension of first input must match\n"
    )
    assert "sw_vers" in mlx.command and "nvidia-smi" not in mlx.command
    xpu = explain("RuntimeError: UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY while running on xpu\n")
    assert "sycl-ls" in xpu.command or xpu.outcome != "unexplained"
    # near miss: an NVIDIA text that names HIP in passing keeps its CUDA step
    nv = explain("CUDA error: an illegal memory access was encountered (built without hip_runtime)\n")
    assert "rocminfo" not in (nv.command or "")


def test_python_2_wordings_reach_python_3_families() -> None:
    key, _ = first("AttributeError: 'module' object has no attribute 'StandardGpuResources'\n")
    assert key == "cpu-faiss-cpu-package"
    key, _ = first("    res = faiss.StandardGpuResources()\nAttributeError: 'module' object has no attribute 'x'\n")
    assert key != "cpu-faiss-cpu-package"
    py3, _ = first("AttributeError: module 'numpy' has no attribute 'bool'\n")
    py2, _ = first("import numpy as np\n    m = np.bool\nAttributeError: 'module' object has no attribute 'bool'\n")
    assert py2 == py3
    # an attribute no family knows keeps Python 2's words (and the families keyed to them)
    assert first("AttributeError: 'module' object has no attribute 'zzz_unknown'\n")[0] != "cpu-faiss-cpu-package"


def test_an_assert_on_cuda_under_a_flag_is_no_gpu() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "main.py", line 40, in <module>\n'
        "    assert not args.gpu or torch.cuda.is_available()\n"
        "AssertionError\n"
    )
    assert first(text)[0] == "cuda-unavailable"
    # near miss: an assertion that CUDA is absent is not
    absent = text.replace("not args.gpu or torch.cuda.is_available()", "not torch.cuda.is_available() or args.cpu")
    assert first(absent)[0] != "cuda-unavailable"


def test_oom_figures_where_pytorch_holds_the_card_are_not_another_process() -> None:
    own = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 MiB. GPU 0 has a total capacity of "
        "5.80 GiB of which 1.00 MiB is free. Including non-PyTorch memory, this process has 0 bytes memory in use. "
        "Of the allocated memory 4.10 GiB is allocated by PyTorch, and 90.00 MiB is reserved by PyTorch but "
        "unallocated."
    )
    key, fix = first(own)
    assert key == "gpu-out-of-memory" and "held outside this program" not in fix
    other = own.replace("4.10 GiB is allocated", "40.00 MiB is allocated")
    assert "held outside this program" in first(other)[1]
    big = own.replace("5.80 GiB", "23.60 GiB").replace("4.10 GiB is allocated", "3.10 GiB is allocated")
    assert "held outside this program" in first(big)[1]
    # the older wording keeps its reading
    old = (
        "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 14.75 GiB total capacity; 1.89 GiB "
        "already allocated; 15.06 MiB free; 1.95 GiB reserved in total by PyTorch)"
    )
    assert "held outside this program" in first(old)[1]


def test_compiler_checks_and_rocm_paths_are_the_compilers_steps() -> None:
    cmake = explain(
        "-- Check for working CXX compiler: /usr/bin/g++-9 - broken\n"
        "CMake Error at /usr/share/cmake-3.22/Modules/CMakeTestCXXCompiler.cmake:62 (message):\n"
        '  The C++ compiler\n\n    "/usr/bin/g++-9"\n\n  is not able to compile a simple test program.\n'
    )
    assert cmake.outcome == "unexplained" and "--debug-find" not in cmake.command and "int main" in cmake.command
    rocm = explain(
        "[ 10%] Building CXX object src/CMakeFiles/k.dir/kernel.cpp.o\n"
        "clang++: error: cannot find ROCm device library; provide its path via --rocm-device-lib-path\n"
        "make[2]: *** [src/CMakeFiles/k.dir/build.make:76: src/CMakeFiles/k.dir/kernel.cpp.o] Error 1\n"
    )
    # (answered by hip-clang-cannot-find-rocm since round forty-three's rows: its fix is the same direction)
    assert rocm[0].key == "hip-clang-cannot-find-rocm" and "--rocm-path" in rocm[0].fix
    # near miss: another configure error keeps CMake's --debug-find step
    pkg = explain("CMake Error at src/CMakeLists.txt:40 (add_library):\n  Cannot find source file:\n\n    gone.cpp\n")
    assert "--debug-find" in pkg.command


def test_a_device_plugin_backend_without_the_op() -> None:
    for backend in ("PrivateUse1", "XPU", "MPS", "UNKNOWN_TENSOR_TYPE_ID"):
        key, fix = first(
            f"NotImplementedError: Could not run 'aten::_foo' with arguments from the '{backend}' backend. This "
            "could be because the operator doesn't exist for this backend"
        )
        assert key == "torch-op-no-cuda-kernel" and ("CPU" in fix or ".cpu()" in fix), backend
    key, fix = first("NotImplementedError: Could not run 'quantized::linear' with arguments from the 'CUDA' backend.")
    assert key == "torch-op-no-cuda-kernel" and "PrivateUse1" not in fix
    # near miss: the CPU backend is another matter (a CUDA-only op on CPU tensors)
    assert (
        first("NotImplementedError: Could not run 'torchvision::nms' with arguments from the 'CPU' backend.")[0]
        != "torch-op-no-cuda-kernel"
    )
