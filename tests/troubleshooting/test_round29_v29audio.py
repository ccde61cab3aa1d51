"""`explain`, round twenty-nine (issue 36), audio and speech apps and their native runtimes: a .NET binding of
whisper.cpp / llama.cpp that loads no native runtime (its CUDA runtime of another major skipped, or a silent CPU
fallback), ggml's Vulkan device-memory allocation, a torch extension JIT-built while a module is imported, a GPU
architecture a newer CUDA toolkit dropped (not a toolkit older than the GPU), triton on Windows, and a device-side
assert whose own words name NaN / inf probabilities. Every text is written here in the libraries' wording; near misses
keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


# ---- a device-side assert that names NaN / inf probabilities ------------------------------------------------------
_ASSERT_ASYNC = (
    "../aten/src/ATen/native/cuda/TensorCompare.cu:112: _assert_async_cuda_kernel: block: [0,0,0], thread: [0,0,0] "
    "Assertion `probability tensor contains either `inf`, `nan` or element < 0` failed.\n"
    "RuntimeError: CUDA error: device-side assert triggered"
)


def test_a_device_assert_on_nan_probabilities_is_the_nan_family() -> None:
    key, fix = first("Exception in thread Thread-7 (generate):\n" + _ASSERT_ASYNC)
    assert key == "torch-nan-outputs" and "restart the process" in fix and "bfloat16" in fix
    assert "torch-device-assert" not in keys(_ASSERT_ASYNC)
    # the multinomial kernel's own asserts (older torch) and its assert format
    old = (
        "/opt/pytorch/aten/src/ATen/native/cuda/MultinomialKernel.cu:87: sampleMultinomialOnce: block: [2,0,0], "
        "thread: [0,0,0] Assertion `!THCNumerics<scalar_t>::isnan(val)` failed."
    )
    key, fix = first(old)
    assert key == "torch-nan-outputs" and "restart the process" in fix
    assert first("RuntimeError: invalid multinomial distribution (encountering probability entry < 0)")[0] == (
        "torch-nan-outputs"
    )


def test_other_device_asserts_keep_the_index_answer() -> None:
    index = (
        "../aten/src/ATen/native/cuda/IndexKernel.cu:92: operator(): block: [4,0,0], thread: [1,0,0] Assertion "
        '`index >= -sizes[i] && index < sizes[i] && "index out of bounds"` failed.\n'
        "RuntimeError: CUDA error: device-side assert triggered"
    )
    assert first(index)[0] == "torch-device-assert"
    # an all-zero distribution is the multinomial kernel's too, but its words name no NaN / inf
    zero = (
        "/src/aten/src/ATen/native/cuda/MultinomialKernel.cu:112: binarySearchForMultinomial: block: [0,0,0], "
        "thread: [5,0,0] Assertion `cumdist[size - 1] > static_cast<scalar_t>(0)` failed."
    )
    assert first(zero)[0] == "torch-device-assert"
    # the same check raised on the CPU: no device-side assert, no restart
    cpu = explain("RuntimeError: probability tensor contains either `inf`, `nan` or element < 0")
    assert cpu[0].key == "torch-nan-outputs" and "restart the process" not in cpu[0].fix


# ---- ggml's graph allocator on a GPU backend ----------------------------------------------------------------------
def test_ggml_vulkan_buffers_that_do_not_fit_are_gpu_memory() -> None:
    app = (
        "whisper_init_state: kv cross size =   18.87 MB\n"
        "ggml_gallocr_reserve_n: failed to allocate Vulkan0 buffer of size 104857600\n"
        "whisper_init_state: failed to allocate the compute buffer"
    )
    key, fix = first(app)
    assert key == "gpu-out-of-memory" and "GGML_VK_VISIBLE_DEVICES" in fix and "smaller model" in fix
    assert "-ngl" not in fix
    # the Vulkan backend's own allocation failure in a transcription app without whisper's names (its audio input)
    key, fix = first("Converting talk.m4a\nggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory")
    assert key == "gpu-out-of-memory" and "discrete GPU" in fix
    assert first("ggml_gallocr_reserve_n: failed to allocate ROCm0 buffer of size 2147483648")[0] == (
        "gpu-out-of-memory"
    )


def test_ggml_near_misses_keep_their_answers() -> None:
    # host memory (the CPU buffer type) is no GPU memory
    assert "gpu-out-of-memory" not in keys("ggml_gallocr_reserve_n: failed to allocate CPU buffer of size 3221225472")
    # llama.cpp on Vulkan keeps the layer-offload fix
    llama = (
        "llama_new_context_with_model: n_ctx = 8192\n"
        "ggml_gallocr_reserve_n: failed to allocate Vulkan0 buffer of size 1073741824\n"
        "llama_new_context_with_model: failed to allocate compute buffers"
    )
    key, fix = first(llama)
    assert key == "gpu-out-of-memory" and "-ngl" in fix and "GGML_VK_VISIBLE_DEVICES" not in fix


# ---- torch's JIT extension build while a module is imported -------------------------------------------------------
def _ninja(frames: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/opt/env/lib/python3.10/site-packages/torch/utils/cpp_extension.py", line 2100, in _run_ninja_build\n'
        "    subprocess.run(\n"
        "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        "Traceback (most recent call last):\n" + frames
    )


_AT_IMPORT = (
    '  File "/work/denoiser/infer.py", line 4, in <module>\n'
    "    from nets.blocks import Resampler\n"
    '  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load\n'
    '  File "/work/denoiser/nets/ops/__init__.py", line 2, in <module>\n'
    "    from .fused import fused_gate\n"
)


def test_an_extension_built_at_import_is_the_jit_row() -> None:
    key, fix = first(_ninja(_AT_IMPORT))
    assert key == "jit-cpp-extension-load-build" and "CUDA_HOME" in fix and "verbose=True" in fix
    # StyleGAN2's ops, on Windows: the toolchain, and their plain-PyTorch versions
    windows = _ninja(
        '  File "D:\\code\\enhance\\models\\layers.py", line 9, in <module>\n'
        "    from .op import upfirdn2d\n"
        '  File "<frozen importlib._bootstrap>", line 1007, in _find_and_load\n'
    ).replace("/opt/env/lib/python3.10/site-packages/torch", "C:\\env\\lib\\site-packages\\torch")
    key, fix = first(windows)
    assert key == "jit-cpp-extension-load-build" and "upfirdn2d_native" in fix and "Native Tools" in fix


def test_a_build_at_a_call_or_with_a_compiler_error_keeps_its_answer() -> None:
    # built inside a call (not an import): the generic compile-failed row, as before
    at_call = _ninja('  File "/work/gan/train.py", line 200, in <module>\n    main()\n')
    assert first(at_call)[0] == "build-extension-compile-failed"
    # the compiler's own error line is the cause, not the JIT row
    with_error = _AT_IMPORT + '/work/denoiser/nets/ops/fused.cu(41): error: identifier "__hmax2" is undefined\n'
    assert "jit-cpp-extension-load-build" not in keys(_ninja(with_error))


# ---- an architecture a newer CUDA dropped, not a toolkit older than the GPU ---------------------------------------
_DROPPED = "nvcc fatal   : Unsupported gpu architecture 'compute_60'"


def test_a_toolkit_that_had_the_architecture_is_not_older_than_the_gpu() -> None:
    # CUDA 12.4 builds compute_60: the nvcc that refused it is a newer one (CUDA 13 dropped it)
    shown = "-- The CUDA compiler identification is NVIDIA 12.4.131 (CUDA 12.4)\n" + _DROPPED
    assert "build-nvcc-older-than-gpu" not in keys(shown)
    key, fix = first(shown)
    assert key == "build-nvcc-arch-unsupported" and "12.9" in fix
    # a toolkit older than the architecture keeps the older-than-the-GPU answer
    old = "Cuda compilation tools, release 7.5, V7.5.17\n" + _DROPPED
    key, fix = first(old)
    assert key == "build-nvcc-older-than-gpu" and "CUDA 8.0" in fix
    # per architecture: CUDA 6.5 already had compute_52, CUDA 6.0 did not
    assert "build-nvcc-older-than-gpu" not in keys("CUDA 6.5\nnvcc fatal : Unsupported gpu architecture 'compute_52'")
    assert first("CUDA 6.0\nnvcc fatal : Unsupported gpu architecture 'compute_52'")[0] == "build-nvcc-older-than-gpu"


def test_a_dropped_architecture_with_older_toolkits_failing_on_windows() -> None:
    text = (
        "CUDA 13.0: nvcc fatal   : Unsupported gpu architecture 'compute_61'\n"
        "CUDA 12.3: nvcc error   : 'cudafe++' died with status 0xC0000005 (ACCESS_VIOLATION)\n"
    )
    key, fix = first(text)
    assert key == "build-nvcc-arch-unsupported" and "vcvars_ver" in fix and "Vulkan" in fix
    # on Linux, without the Windows toolchain's failures: the plain removed-architecture fix
    key, fix = first("CUDA 13.0\nnvcc fatal   : Unsupported gpu architecture 'compute_61'")
    assert key == "build-nvcc-arch-unsupported" and "vcvars" not in fix


# ---- triton on Windows ------------------------------------------------------------------------------------------
def _no_triton(path: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        f'  File "{path}", line 3, in <module>\n'
        "    import triton\n"
        "ModuleNotFoundError: No module named 'triton'"
    )


def test_no_triton_module_on_windows_is_triton_missing() -> None:
    key, fix = first(_no_triton("E:\\tts\\voice\\run.py"))
    assert key == "torch-triton-missing" and "triton-windows" in fix and "WSL2" in fix


def test_no_triton_module_elsewhere_or_in_a_notice_is_not() -> None:
    # Linux: a plain missing module
    assert "torch-triton-missing" not in keys(_no_triton("/home/u/tts/run.py"))
    # xformers' start-up notice on Windows names the module it skipped: no failure of its own
    notice = (
        "C:\\Users\\u\\venv\\lib\\site-packages\\xformers\\__init__.py\n"
        "A matching Triton is not available, some optimizations will not be enabled.\n"
        "Error caught was: No module named 'triton'"
    )
    assert "torch-triton-missing" not in keys(notice)
    # a missing submodule is a triton of another version
    sub = _no_triton("C:\\app\\run.py").replace("'triton'", "'triton.ops'")
    assert "torch-triton-missing" not in keys(sub)


# ---- a .NET binding's native runtime ------------------------------------------------------------------------------
_WHISPER_NET = (
    "Unhandled exception. System.IO.FileNotFoundException: Native Library not found in default paths.Verify you have "
    "have included the native Whisper library in your application, or install the default libraries with the "
    "Whisper.net.Runtime NuGet.\n"
    "   at Whisper.net.LibraryLoader.NativeLibraryLoader.LoadLibraryComponent()\n"
    "   at Whisper.net.WhisperFactory.FromPath(String path, Boolean delayInitialization)\n"
)
_LLAMASHARP = (
    "System.TypeInitializationException: The type initializer for 'LLama.Native.NativeApi' threw an exception.\n"
    " ---> LLama.Exceptions.RuntimeError: The native library cannot be correctly loaded. It could be one of the "
    "following reasons:\n1. No LLamaSharp backend was installed. Please search LLamaSharp.Backend and install one of "
    "them.\n2. You are using a device with only CPU but installed cuda backend. Please install cpu backend instead.\n"
)


def test_a_dotnet_binding_that_loads_no_runtime() -> None:
    key, fix = first(_WHISPER_NET + "   at Transcriber.Run() in /srv/app/Transcriber.cs:line 18\n")
    assert key == "dotnet-native-runtime-not-found" and "Whisper.net.Runtime" in fix and "runtimes" in fix
    key, fix = first(_LLAMASHARP)  # its own reason line names CUDA: no evidence the CUDA backend was in play
    assert key == "dotnet-native-runtime-not-found" and "LLamaSharp.Backend" in fix


def test_a_dotnet_binding_whose_cuda_runtime_was_skipped_is_the_cuda_major() -> None:
    # the CUDA runtime in play (a runtimes/cuda folder, a log line), then an abort: the loader outranks the abort
    cuda = _WHISPER_NET + "   at Program.Main() in /src/gpu-cuda-demo/Program.cs:line 9\nAborted (core dumped)\n"
    key, fix = first(cuda)
    assert key == "cuda-library-major" and "Cuda12" in fix and "CPU runtime" in fix
    assert keys(cuda).index("native-crash") > 0
    # the CUDA backend package named before LLamaSharp's exception
    assert first("dotnet add package LLamaSharp.Backend.Cuda12\n" + _LLAMASHARP)[0] == "cuda-library-major"
    # a silent fallback to the CPU runtime while a CUDA GPU is present
    fallback = "LoadedLibrary: Cpu\nggml_cuda_init: found 1 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3060"
    assert first(fallback)[0] == "cuda-library-major"
    # Whisper.net's own debug line about its CUDA runtime
    assert first("Debug: Cudart library couldn't be loaded.\nDebug: Trying to load ggml library")[0] == (
        "cuda-library-major"
    )
    # the CPU runtime reported with no CUDA anywhere is no failure
    assert "cuda-library-major" not in keys("LoadedLibrary: Cpu\nTranscribed 12 segments")
