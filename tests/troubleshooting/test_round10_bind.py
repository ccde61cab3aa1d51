"""`explain`, round ten, GPU runtimes reached from other languages and apps (issue 36): libtorch's missing CUDA half
from Rust and C++, .NET's P/Invoke load failures, CUDA.jl's driver lookup, cgo's flags, cargo build scripts that run
nvcc, a wrapper's own "compile with GPU" fallback, TensorFlow's cuBLAS handle from any binding, cudarc's refused
feature, a failed pinned host allocation, onnxruntime's options from a binding of another release, an app that could
not fetch its CUDA backend, and "Cuda failure: N" read by number. Each is checked against its source's wording (the
library's own message; the threads named in the families' sources), with near misses that must not match; the fix
must name the user's language and tool."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import extract

# libtorch's own wording (aten/src/ATen/detail/CUDAHooksInterface.h, initCUDA), as tch-rs and rust-bert show it
_ATEN = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared libraries: a CPU "
    "library and a CUDA library; this error has occurred because you are trying to use some CUDA functionality, but "
    "the CUDA library has not been loaded by the dynamic linker for some reason."
)


def test_libtorch_without_its_cuda_library_from_rust_and_cpp() -> None:
    rust = "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: TorchError { c_error: \"" + _ATEN
    key, fix = first(rust)
    assert key == "torch-cpu-build" and "LIBTORCH" in fix and "cargo clean -p torch-sys" in fix
    cpp = "terminate called after throwing an instance of 'c10::Error'\n  what():  " + _ATEN
    key, fix = first(cpp)
    assert key == "torch-cpu-build" and "--no-as-needed" in fix and "LIBTORCH" not in fix
    # near miss: a CUDA libtorch that found no GPU is another failure
    assert "torch-cpu-build" not in keys("CUDA initialization: Found no NVIDIA driver on your system.")


def test_dotnet_pinvoke_load_failures() -> None:
    text = (
        "System.TypeInitializationException: The type initializer for 'X.NativeMethods' threw an exception.\n"
        "DllNotFoundException: Unable to load DLL 'TensorRT-C-API' or one of its dependencies: The specified module "
        "could not be found. (0x8007007E)"
    )
    key, fix = first(text)
    assert key == "windows-dll-load" and "NuGet" in fix and "PATH" in fix
    linux = "System.DllNotFoundException: Unable to load shared library 'onnxruntime' or one of its dependencies."
    assert first(linux)[0] == "windows-dll-load"
    bad = "System.BadImageFormatException: An attempt was made to load a program with an incorrect format."
    key, fix = first(bad)
    assert key == "windows-dll-load" and "x64" in fix
    # near miss: a managed assembly that is not found is no native DLL load
    assert "windows-dll-load" not in keys("Could not load file or assembly 'Newtonsoft.Json, Version=13.0.0.0'")


def test_a_julia_binding_that_found_no_driver_library() -> None:
    text = (
        'ERROR: LoadError: could not load symbol "cuDriverGetVersion":\n'
        "/opt/julia/bin/julia: undefined symbol: cuDriverGetVersion\n"
        '  [3] (::CUDA.var"#get_version#2")(driver::String)\n'
        "    @ CUDA ~/.julia/packages/CUDA/x/lib/cudadrv/CUDAdrv.jl:50"
    )
    key, fix = first(text)
    assert key == "driver-library-missing" and "CUDA.versioninfo()" in fix and "CUDA.functional()" in fix
    cudarc = 'Unable to dynamically load the "cuda" shared library - searched for library names: ["cuda", "nvcuda"]'
    assert first(cudarc)[0] == "driver-library-missing"
    # near miss: a symbol of another library
    assert "driver-library-missing" not in keys('could not load symbol "jl_gc_safepoint":')


def test_cgo_builds_get_cgo_flags() -> None:
    link = "# github.com/me/gocuda\n/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status"
    key, fix = first(link)
    assert key == "build-cuda-link-error" and "CGO_LDFLAGS" in fix
    header = "# github.com/me/gocuda\n./kernel.go:5:10: fatal error: cuda_runtime.h: No such file or directory"
    key, fix = first(header)
    assert key == "build-header-not-found" and "CGO_CFLAGS" in fix
    # near miss: the same link error from make keeps the C++ fix
    assert "CGO" not in first("/usr/bin/ld: cannot find -lcudart\nmake: *** [all] Error 1")[1]


def test_a_cargo_build_script_that_runs_nvcc() -> None:
    text = (
        "error: failed to run custom build command for `candle-kernels v0.7.2`\n\nCaused by:\n  process didn't exit "
        "successfully: `target\\release\\build\\candle-kernels-a6ce\\build-script-build` (exit code: 101)\n"
        "  cargo:rustc-env=CUDA_COMPUTE_CAP=50"
    )
    key, fix = first(text)
    assert key == "build-extension-compile-failed" and "cargo build -vv" in fix and "CUDA_COMPUTE_CAP" in fix
    # near miss: a build script of a crate with no GPU code is not a CUDA compile, but the stage is named
    other = explain("error: failed to run custom build command for `openssl-sys v0.9.1`")
    assert "build-extension-compile-failed" not in [e.key for e in other] and other.stage == "compile"


def test_a_wrapper_built_without_gpu_support() -> None:
    text = (
        "/project/sherpa-onnx/csrc/session.cc:GetSessionOptionsImpl:167 \nPlease compile with "
        "-DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider, .\nFallback to cpu!"
    )
    key, fix = first(text)
    assert key == "ort-cpu-package" and "SHERPA_ONNX_ENABLE_GPU=ON" in fix and "CGO_LDFLAGS" in fix
    # near miss: a CMake option that is on
    assert "ort-cpu-package" not in keys("-- SHERPA_ONNX_ENABLE_GPU=ON")


def test_tensorflow_cublas_handle_from_any_binding() -> None:
    text = (
        "failed to create cublas handle: CUBLAS_STATUS_INTERNAL_ERROR\nTensorflow.TensorflowException: 'Blas GEMM "
        "launch failed : a.shape=(10, 1001), b.shape=(1001, 3), m=10, n=3, k=1001"
    )
    key, fix = first(text)
    assert key == "torch-cublas-alloc" and "TF_FORCE_GPU_ALLOW_GROWTH" in fix and "CUDA_LAUNCH_BLOCKING" not in fix
    # near miss: torch's GEMM failure keeps its own row
    assert (
        first("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle`")[0]
        == "torch-cublas-failure"
    )


def test_a_rust_binding_refused_a_feature() -> None:
    text = (
        'Error: DriverError(CUDA_ERROR_NOT_SUPPORTED, "operation not supported")\n'
        "error: process didn't exit successfully: `target\\release\\test_cudarc.exe` (exit code: 1)"
    )
    key, fix = first(text)
    assert key == "torch-operation-not-supported" and "cuMemAllocAsync" in fix and "pin_memory" not in fix


def test_pinned_host_memory_in_its_own_words() -> None:
    kobold = "ggml_cuda_host_malloc: failed to allocate 10965.24 MiB of pinned memory: invalid argument"
    key, fix = first(kobold)
    assert key == "ggml-pinned-memory" and "GGML_CUDA_NO_PINNED=1" in fix
    # ggml falls back to ordinary RAM: a failure after the line is the answer
    assert first(kobold + "\nCUDA error: out of memory\n  current device: 0, in function alloc")[0] != (
        "ggml-pinned-memory"
    )
    torch_thread = "RuntimeError: Caught RuntimeError in pin memory thread for device 0.\nCUDA error: out of memory"
    key, fix = first(torch_thread)
    assert key == "cuda-pinned-host-memory" and "pin_memory=False" in fix
    tf = "E tensorflow/core/common_runtime/gpu/gpu_host_allocator.h] could not allocate pinned host memory of size: 4"
    assert first(tf)[0] == "cuda-pinned-host-memory"
    assert first("cudaHostRegister failed: out of memory")[0] == "cuda-pinned-host-memory"
    # near miss: a device-side copy rejected is the buffer row, not pinned memory
    assert "cuda-pinned-host-memory" not in keys("[TRT] cuMemcpyHtoDAsync failed: invalid argument")


def test_onnxruntime_options_from_a_binding() -> None:
    text = (
        "onnxruntime::EnumToName [ONNXRuntimeError] : 1 : FAIL : provider_options_utils.h:33 "
        "onnxruntime::EnumToName Failed to map enum value to name: 7297107"
    )
    key, fix = first(text)
    assert key == "ort-provider-option-enum" and "UpdateCUDAProviderOptions" in fix
    # near miss: an option name onnxruntime does not know is another message
    assert "ort-provider-option-enum" not in keys('Unknown provider option: "foo".')


def test_an_app_that_could_not_fetch_its_cuda_backend() -> None:
    key, fix = first("Download Failed - llamacpp-b8795-win-avx-cuda-cu12-0-x64")
    assert key == "app-gpu-backend-download" and "nvidia-smi" in fix
    # near miss: a model download is no backend
    assert "app-gpu-backend-download" not in keys("Download Failed - llama-3-8b-instruct.Q4_K_M.gguf")


def test_cuda_failure_read_by_number() -> None:
    # DJL's and TensorRT's samples' CHECK macro: "Cuda failure: <cudaError_t>" (2 = cudaErrorMemoryAllocation)
    assert [c.name for c in extract("Cuda failure: 2").codes] == ["cudaErrorMemoryAllocation"]
    assert keys("DEBUG [main] Found default engine: MXNet\nCuda failure: 2")[0] == "gpu-out-of-memory"
    # near miss: a count of failures is no error number
    assert extract("CUDA failures: 2 of 10 tests").codes == []


def test_java_native_library_loads() -> None:
    # the JVM's System.loadLibrary wording and DJL's engine loader (ai.djl.engine.EngineException)
    key, fix = first('Exception in thread "main" java.lang.UnsatisfiedLinkError: no jnitensorflow in java.library.path')
    assert key == "shared-library-not-found" and "-Djava.library.path" in fix
    assert first("ai.djl.engine.EngineException: Failed to load PyTorch native library")[0] == (
        "shared-library-not-found"
    )
    # near miss: a Java class that is not found is no native library
    assert "shared-library-not-found" not in keys("java.lang.ClassNotFoundException: ai.djl.pytorch.engine.PtEngine")


def test_julia_and_stub_driver_libraries() -> None:
    # CUDA.jl's older dlopen wording, and a stub libcuda that lacks the driver's entry points
    julia = (
        'Error: Could not initialize CUDA\n  exception =\n   could not load library "libcuda"\n   libcuda.so: cannot'
    )
    assert first(julia)[0] == "driver-library-missing"
    stub = (
        'ERROR: InitError: could not load symbol "cuDriverGetVersion":\n'
        "/usr/lib64/libcuda.so: undefined symbol: cuDriverGetVersion"
    )
    key, fix = first(stub)
    assert key == "driver-library-missing" and "stubs" in fix
    # near miss: another library Julia could not load
    assert "driver-library-missing" not in keys('could not load library "libhdf5"')


def test_rust_loader_and_ggml_device_memory() -> None:
    # cudarc's run-time loader (src/lib.rs panic) for a library other than the driver's
    nvrtc = 'Unable to dynamically load the "nvrtc" shared library - searched for library names: ["nvrtc"].'
    key, fix = first(nvrtc)
    assert key == "shared-library-not-found" and "cudarc" in fix
    # ggml's device allocation (llama.cpp, ollama): out of GPU memory, with the offload fix
    key, fix = first("Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer")
    assert key == "gpu-out-of-memory" and "-ngl" in fix
    # near miss: a host buffer is not a CUDA device buffer
    assert "gpu-out-of-memory" not in keys("unable to allocate CPU buffer")
