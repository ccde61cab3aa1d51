"""`explain`, round seven: the family-level classes the blind round seven (``tests/data/explain_round7.jsonl``)
showed failing, each checked in the library's own wording, with a near miss that must not match."""

from __future__ import annotations

from _explain import answer, keys


def test_onnxruntime_provider_names_and_builds() -> None:
    # the C / C# API's wording for a provider the native package was not built with: the CPU package family
    for provider in ("CUDA", "TensorRT", "DirectML"):
        text = f"System.Exception: {provider} execution provider is not enabled in this build."
        found = answer(text, "ort-cpu-package")
        assert "Microsoft.ML.OnnxRuntime" in found.fix, found.fix
    assert "DirectML" in answer("DirectML execution provider is not enabled in this build.", "ort-cpu-package").fix
    # near miss: a provider that is enabled but failed is not the CPU package
    assert "ort-cpu-package" not in keys("CUDA execution provider is enabled in this build but failed to start")
    # a provider name onnxruntime does not know: the name is read from the text
    named = answer("ValueError: Unknown Provider Type: GPUExecutionProvider", "ort-provider-name")
    assert named.op == "GPUExecutionProvider" and "get_available_providers()" in named.fix
    assert answer("Unknown Provider Type: CudaExecutionProvider", "ort-provider-name").op == "CudaExecutionProvider"
    assert "ort-provider-name" not in keys("Provider Type: CUDAExecutionProvider is known")


def test_old_trtexec_says_unknown_argument() -> None:
    # TensorRT <= 7's trtexec wording; the flag is read from the text
    old = answer(
        "&&&& RUNNING TensorRT.trtexec # trtexec --onnx=m.onnx --fp17\nUnknown argument: --fp17",
        "trt-trtexec-bad-option",
    )
    assert old.op == "--fp17"
    # --explicitBatch: TensorRT 10 removed it, TensorRT 5-6 lacked it
    for word in ("argument", "option"):
        eb = answer(f"trtexec --onnx=m.onnx --explicitBatch\nUnknown {word}: --explicitBatch", "trt-trtexec-bad-option")
        assert eb.op == "--explicitBatch" and "TensorRT 10" in eb.fix and "TensorRT 5 and 6" in eb.fix
    # near miss: an unknown argument of some other program is not trtexec's
    assert "trt-trtexec-bad-option" not in keys("error: Unknown argument: --fp17")


def test_cudnn_missing_and_nvrtc_too_old() -> None:
    # TensorRT's cuDNN tactic source cannot start cuDNN: install the cuDNN it expects or drop the tactic source
    cudnn = answer(
        "[TRT] [E] 1: [convolutionRunner.cpp::executeConv::465] Error Code 1: Cudnn (Could not initialize cudnn, "
        "please check cudnn installation.)",
        "trt-cudnn-tactic-missing",
    )
    assert "--tacticSources=-CUDNN" in cudnn.fix
    assert "trt-cudnn-tactic-missing" not in keys("cudnn installation: could not find cudnn.h, please set CUDNN_HOME")
    # NVRTC does not know the GPU's architecture: the GPU is newer than the CUDA torch was built with
    nvrtc = answer(
        "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)\n\nnvrtc compilation failed",
        "gpu-arch-unsupported",
    )
    assert "get_arch_list()" in nvrtc.fix
    assert "gpu-arch-unsupported" not in keys("nvcc fatal   : Value 'sm_20' is not defined for option 'gpu-name'")


def test_legacy_tensorrt_python_api_in_python_2_and_3() -> None:
    # TensorRT <= 4's tensorrt.infer / utils / lite / parsers, in Python 2's and Python 3's wording; the name is read
    for text in (
        "import tensorrt as trt\nAttributeError: 'module' object has no attribute 'infer'",
        "import tensorrt\nAttributeError: module 'tensorrt' has no attribute 'infer'",
        "from tensorrt import parsers\nAttributeError: 'module' object has no attribute 'uffparser'",
    ):
        found = answer(text, "tensorrt-api-removed")
        assert found.op in ("infer", "uffparser"), found.op
    # the TensorRT 5 API's entry point on a TensorRT 4 (Python 2)
    assert (
        answer(
            "import tensorrt as trt\nAttributeError: 'module' object has no attribute 'Logger'", "tensorrt-api-removed"
        ).op
        == "Logger"
    )
    # near miss: Python 2's wording for another module is not TensorRT's
    assert "tensorrt-api-removed" not in keys("import numpy\nAttributeError: 'module' object has no attribute 'utils'")


def test_a_container_started_without_gpus() -> None:
    for text, key in (
        (
            "$ docker run -it nvcr.io/nvidia/pytorch:23.01-py3\nRuntimeError: CUDA error: no CUDA-capable device is "
            "detected",
            "no-gpu-visible",
        ),
        (
            "docker run --rm app\nCUDA failure 35: CUDA driver version is insufficient for CUDA runtime version",
            "host-container-no-gpu",  # round eight: the container family, picked by the driver-or-no-gpu decider
        ),
        ("(inside /.dockerenv) RuntimeError: Found no NVIDIA driver on your system.", "no-gpu-visible"),
    ):
        found = answer(text, key)
        assert "--gpus all" in found.fix and "runtime: nvidia" in found.fix, found.fix
    # near miss: the same error outside a container keeps the driver fix
    bare = answer("CUDA driver version is insufficient for CUDA runtime version", "cuda-driver-insufficient")
    assert "--gpus all" not in bare.fix


def test_the_linker_in_another_locale() -> None:
    # GNU ld's "cannot find -lX" as gettext localises it; which library is read from the text picks the family
    for text, key in (
        ("/usr/bin/ld: 找不到 -lnvinfer", "tensorrt-link-error"),
        ("/usr/bin/ld: kann -lnvonnxparser nicht finden", "tensorrt-link-error"),
        ("/usr/bin/ld: no se puede encontrar -lnvinfer_plugin", "tensorrt-link-error"),
        ("/usr/bin/ld : ne peut trouver -lcudart", "build-cuda-link-error"),
        ("/usr/bin/ld: -lcublas が見つかりません", "build-cuda-link-error"),
    ):
        answer(text, key)
    # near miss: another library's name that only starts like TensorRT's is neither family
    found = keys("/usr/bin/ld: 找不到 -lnvinfer_custom_ops")
    assert "tensorrt-link-error" not in found and "build-cuda-link-error" not in found
