"""`explain`, round nine (issue 36), onnxruntime through its wrappers and other languages, and Windows' own reports
of a GPU library: each class checked against its source's wording, with a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_the_cpu_onnxruntime_in_wrappers_words() -> None:
    # Hugging Face Optimum's ValueError (optimum/onnxruntime/utils.py, validate_provider_availability)
    optimum = explain(
        "ValueError: Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider, but the available "
        "execution providers are ['AzureExecutionProvider', 'CPUExecutionProvider']."
    )
    assert optimum[0].key == "ort-cpu-package" and optimum[0].situation == "Hugging Face Optimum"
    assert "pip install onnxruntime-gpu" in optimum[0].fix
    # RapidOCR's OrtInferSession warning (rapidocr_onnxruntime) and its 3.x provider_config line
    rapid = (
        "OrtInferSession - WARNING: CUDAExecutionProvider is not in available providers (['AzureExecutionProvider', "
        "'CPUExecutionProvider']). Use AzureExecutionProvider inference by default."
    )
    assert explain(rapid)[0].key == "ort-cpu-package" and explain(rapid)[0].situation == "RapidOCR"
    assert first("[RapidOCR] provider_config.py:83: The available lists are ['CPUExecutionProvider']") == (
        "ort-cpu-package"
    )
    # onnxruntime's own warning, the list in the other order
    assert (
        first(
            "UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names."
            "Available providers: 'CPUExecutionProvider, AzureExecutionProvider'"
        )
        == "ort-cpu-package"
    )
    # near misses: a list that holds the CUDA provider is no CPU package
    assert (
        first(
            "ValueError: Asked to use TensorrtExecutionProvider as an ONNX Runtime execution provider, but the "
            "available execution providers are ['CUDAExecutionProvider', 'CPUExecutionProvider']."
        )
        != "ort-cpu-package"
    )
    assert first("The available lists are ['CUDAExecutionProvider', 'CPUExecutionProvider']") != "ort-cpu-package"


def test_the_dotnet_cpu_package_has_no_cuda_entry_point() -> None:
    # .NET's EntryPointNotFoundException from P/Invoke into the CPU NuGet package's onnxruntime.dll
    text = "Unable to find an entry point named 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'."
    found = explain(text)
    assert found[0].key == "ort-cpu-package" and "Microsoft.ML.OnnxRuntime.Gpu" in found[0].fix
    assert first(text.replace("_CUDA", "_Tensorrt")) == "ort-cpu-package"
    # an entry point of another library is not onnxruntime's
    assert first("Unable to find an entry point named 'cuInit' in DLL 'nvcuda'.") != "ort-cpu-package"


def test_the_java_api_cannot_load_the_provider_library() -> None:
    # ai.onnxruntime's OrtException (java/src/main/native, the provider append's status)
    text = (
        "ai.onnxruntime.OrtException: Error code - ORT_FAIL - message: OrtSessionOptionsAppendExecutionProvider_Cuda:"
        " Failed to load shared library\n\tat ai.onnxruntime.OrtSession$SessionOptions.addCUDA(Native Method)"
    )
    found = explain(text)
    assert found[0].key == "ort-provider-fallback" and found[0].situation == "the Java API"
    assert "onnxruntime_gpu" in found[0].fix


def test_onnxruntime_cuda_errors_without_an_nvidia_gpu() -> None:
    # onnxruntime's CUDA_CALL wording (core/providers/cuda/cuda_call.cc): error 35 with no NVIDIA GPU in the text
    e35 = (
        "EP Error D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_call.cc:121 onnxruntime::CudaCall "
        "CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=0 ; hostname=PC ; "
        "expr=cudaSetDevice(info_.device_id);\n"
        "Falling back to ['CUDAExecutionProvider', 'CPUExecutionProvider'] and retrying."
    )
    found = explain(e35)
    assert found[0].key == "no-nvidia-gpu" and "CPUExecutionProvider" in found[0].fix
    # the same error on a machine that names its NVIDIA card: an old driver
    assert first(e35 + "\nGPU: NVIDIA GeForce RTX 3060") == "cuda-driver-insufficient"
    # the same from a Linux container (no Windows path): an old driver or a container without GPUs, not decided here
    assert (
        first(
            "[E:onnxruntime:Default, cuda_call.cc:118 CudaCall] CUDA failure 35: CUDA driver version is insufficient "
            "for CUDA runtime version ; GPU=0 ; hostname=d158deaa4612 ; expr=cudaGetDeviceCount(&num_devices);"
        )
        == "cuda-driver-insufficient"
    )
    # error 35 from torch, with nothing of onnxruntime: undecided, the driver family stays first
    assert first("RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version") == (
        "cuda-driver-insufficient"
    )
    # error 100: no device; the onnxruntime fix names the CPU provider and DirectML first
    e100 = explain(
        "onnxruntime::CudaCall CUDA failure 100: no CUDA-capable device is detected ; GPU=0 ; "
        "expr=cudaSetDevice(info_.device_id);"
    )
    assert e100[0].key == "no-gpu-visible" and e100[0].fix.index("CPUExecutionProvider") < e100[0].fix.index(
        "nvidia-smi"
    )


def test_a_binding_that_finds_no_device_names_the_driver_library() -> None:
    # candle's cudarc DriverError (cudarc/src/driver/result.rs) on WSL2: the libcuda it loaded is not WSL's
    found = explain('Error: DriverError(CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected")')
    assert found[0].key == "no-gpu-visible" and "/usr/lib/wsl/lib" in found[0].fix


def test_an_application_line_that_a_cuda_dll_is_missing() -> None:
    # an app's own report; the major comes from the DLL's name
    for text in (
        "[Fallback] CUDA: skipped (missing: cudnn64_9.dll (cuDNN 9.x required for CUDA 12.x))",
        "Error: cublas64_12.dll not found",
        "Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!",
    ):
        found = explain(text)
        assert found[0].key == "cuda-library-major", text
    assert any("cuDNN 9" in line for line in explain("missing: cudnn64_9.dll")[0].advice)
    # near misses: a DLL of no CUDA library, and a CUDA DLL found
    assert first("missing: vcruntime140.dll") != "cuda-library-major"
    assert first("Loaded cudnn64_9.dll from C:\\Program Files\\NVIDIA\\CUDNN\\v9.1\\bin\\12.3") != (
        "cuda-library-major"
    )


def test_windows_reports_a_crash_inside_a_cuda_dll() -> None:
    # Windows' Application Error event (event 1000) / WER: "Faulting module name", localized as "Error module name"
    text = (
        "Faulting application name: Buzz.exe, version: 0.0.0.0, time stamp: 0x65f48f28\n"
        "Faulting module name: cudnn64_8.dll, version: 6.14.11.6050, time stamp: 0x60375746\n"
        "Exception code: 0xc0000409\n"
        "Faulting module path: D:\\Buzz\\ctranslate2\\cudnn64_8.dll"
    )
    found = explain(text)
    assert found[0].key == "cuda-library-major" and "crash" in (found[0].situation or "")
    assert first(text.replace("cudnn64_8.dll", "cublas64_11.dll")) == "cuda-library-major"
    # a crash in a module of no CUDA library is not this
    assert first(text.replace("cudnn64_8.dll", "ucrtbase.dll")) != "cuda-library-major"


def test_provider_library_with_an_unresolved_cuda_symbol() -> None:
    # glibc's dlopen wording for onnxruntime's provider library (NixOS/nixpkgs#536183)
    text = (
        "[E:onnxruntime:Default, provider_bridge_ort.cc:2167 TryGetProviderInfo_CUDA] Failed to load library "
        "libonnxruntime_providers_cuda.so with error: /nix/store/x-onnxruntime-1.22/lib/libonnxruntime_providers_cuda"
        ".so: undefined symbol: nvrtcGetProgramLogSize"
    )
    found = explain(text)
    assert found[0].key == "ort-provider-cuda-symbol" and found[0].situation == "nixpkgs"
    assert first("libonnxruntime_providers_cuda.so: undefined symbol: cublasLtMatmulAlgoInit") == (
        "ort-provider-cuda-symbol"
    )
    # a torch symbol in another extension is not this family
    assert first("ImportError: /x/foo.so: undefined symbol: nvrtcGetProgramLogSize") != "ort-provider-cuda-symbol"
    assert first("libonnxruntime_providers_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEi") != (
        "ort-provider-cuda-symbol"
    )


def test_the_cpu_build_in_a_repl_and_in_rust() -> None:
    # the list printed right after asking onnxruntime for it (microsoft/onnxruntime#23833's wording)
    repl = ">>> onnxruntime.get_available_providers()\n['AzureExecutionProvider', 'CPUExecutionProvider']\n>>>"
    assert first(repl) == "ort-cpu-package"
    assert first(">>> onnxruntime.get_available_providers()\n['CUDAExecutionProvider', 'CPUExecutionProvider']") != (
        "ort-cpu-package"
    )
    # the Rust ort crate (pykeio/ort's execution_providers log) over a CPU-only binary
    rust = explain(
        "ERROR ort::execution_providers: An error occurred when attempting to register `CUDAExecutionProvider`: "
        "CUDA execution provider is not enabled in this build."
    )
    assert rust[0].key == "ort-cpu-package" and rust[0].situation == "the Rust ort crate"
