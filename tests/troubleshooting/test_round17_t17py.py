"""`explain`, round seventeen (issue 36): frameworks' own wordings of library and memory failures, and Python packages
that changed under the user. Each class is checked against its source's wording (cited in the families'
``example_source``) with the fix of the library the user ran, and near misses (text that must not match)."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_tensorflow_cannot_find_a_cudnn_symbol_in_its_dso() -> None:
    # stream_executor/cuda/cuda_dnn.cc through dso_loader, often inside a glog fatal line before the abort
    fatal = (
        "F tensorflow/stream_executor/cuda/cuda_dnn.cc:222] Check failed: s.ok() could not find cudnnCreate in "
        "cudnn DSO; dlerror: /usr/lib/python3/site-packages/tensorflow/python/_pywrap_tensorflow.so: undefined "
        "symbol: cudnnCreate\nAborted (core dumped)"
    )
    key, fix = first(fatal)
    assert key == "cuda-library-major" and "LD_LIBRARY_PATH" in fix and "TensorFlow" in fix
    assert "native-crash" in keys(fatal)[1:]  # the core dump follows the F line
    assert first("s.ok() could not find cublasCreate_v2 in cublas DSO")[0] == "cuda-library-major"
    # near misses: another DSO word, a plain "could not find" sentence
    assert "cuda-library-major" not in keys("could not find config.yaml in the DSO folder")
    assert "cuda-library-major" not in keys("could not find cudnnCreate in the docs")


def test_tensorflow_conv_check_failed_without_its_handle_line() -> None:
    text = (
        "F tensorflow/core/kernels/conv_ops.cc:605] Check failed: stream->parent()->GetConvolveAlgorithms(&algorithms)"
        "\nAborted (core dumped)"
    )
    assert first(text)[0] == "cudnn-not-initialized"
    handle = (
        "E tensorflow/stream_executor/cuda/cuda_dnn.cc:385] could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"
        "\nE tensorflow/stream_executor/cuda/cuda_dnn.cc:352] could not destroy cudnn handle: CUDNN_STATUS_BAD_PARAM"
        "\n" + text
    )
    assert first(handle)[0] == "cudnn-not-initialized"
    assert "torch-cudnn-not-supported" not in keys(handle)  # the destroy line only follows the failed create
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM")[0] == "torch-cudnn-not-supported"


def test_old_torch_and_comfyui_out_of_memory_wordings_get_torch_fixes() -> None:
    thc = (
        "RuntimeError: cuda runtime error (2) : out of memory at c:\\programdata\\miniconda3\\conda-bld\\pytorch_1524"
        "\\work\\aten\\src\\thc\\generic/THCStorage.cu:58"
    )
    key, fix = first(thc)
    assert key == "gpu-out-of-memory" and "batch" in fix and "more memory" in fix and "cudaMalloc" not in fix
    old = "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=265 error=2 : out of memory"
    assert first(old)[0] == "gpu-out-of-memory"
    comfy = "got prompt\n!!! Exception during processing !!! Allocation on device\nTraceback (most recent call last):"
    key, fix = first(comfy)
    assert key == "gpu-out-of-memory" and "--lowvram" in fix
    capped = "torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)"
    assert first(capped)[0] == "gpu-out-of-memory"
    assert first("Got an OOM, unloading all loaded models.")[0] == "gpu-out-of-memory"
    # near misses: another THC error number, an allocation sentence that is not the error
    assert "gpu-out-of-memory" not in keys("RuntimeError: cuda runtime error (11) : invalid argument at THCGeneral.cpp")
    assert "gpu-out-of-memory" not in keys("INFO: Allocation on device 0 succeeded for the cache")


def test_torch_cuda_driver_error_outside_triton() -> None:
    text = "./scripts/tortoise_tts.py --voice emma\n\nRuntimeError: CUDA driver error: invalid argument"
    result = explain(text)
    assert result[0].key == "torch-cuda-driver-error"
    assert "gpu-arch-unsupported" in result[0].alternatives
    assert "get_arch_list" in result[0].fix
    alloc = "RuntimeError: CUDA driver error: invalid argument\nPYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
    key, fix = first(alloc)
    assert key == "torch-cuda-driver-error" and "unset" in fix
    # Triton's launcher keeps its own row; torch's runtime "CUDA error" is not a driver-API error
    assert "torch-cuda-driver-error" not in keys("triton ...\nRuntimeError: Triton Error [CUDA]: invalid argument")
    assert "torch-cuda-driver-error" not in keys("RuntimeError: CUDA error: invalid argument")


def test_torchvision_ops_not_registered_in_old_torch_wording() -> None:
    key, fix = first("RuntimeError: No such operator torchvision::nms\n\ntorch 1.4.0+cu92\ntorchvision 0.5.0")
    assert key == "build-extension-without-cuda" and "pairs with your torch" in fix
    assert explain("RuntimeError: No such operator torchvision::roi_align")[0].op == "torchvision::roi_align"
    assert "build-extension-without-cuda" not in keys("RuntimeError: No such operator aten::my_op")


def test_protobuf_breaks_under_generated_code() -> None:
    # protobuf python/google/protobuf/descriptor.py (4.21+), its own workarounds in the message
    described = (
        "TypeError: Descriptors cannot not be created directly.\nIf this call came from a _pb2.py file, your "
        "generated code is out of date and must be regenerated with protoc >= 3.19.0.\nIf you cannot immediately "
        "regenerate your protos, some other possible workarounds are:\n 1. Downgrade the protobuf package to 3.20.x "
        "or lower.\n 2. Set PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python (but this will use pure-Python parsing and "
        "will be much slower)."
    )
    key, fix = first(described)
    assert key == "py-self-described" and "protobuf<=3.20" in fix and "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION" in fix
    generated = (
        'File "site-packages/tensorboard/plugins/audio/plugin_data_pb2.py", line 63, in <module>\n'
        "    options=None, file=DESCRIPTOR),\nTypeError: __init__() got an unexpected keyword argument 'file'"
    )
    key, fix = first(generated)
    assert key == "py-unexpected-keyword" and "Upgrade protobuf" in fix
    builder = "ImportError: cannot import name 'builder' from 'google.protobuf.internal' (/x/protobuf/__init__.py)"
    key, fix = first(builder)
    assert key == "py-cannot-import-name" and "protobuf>=3.20" in fix
    # near miss: an unexpected keyword in ordinary code gets no protobuf fix
    key, fix = first("TypeError: __init__() got an unexpected keyword argument 'use_auth_token'")
    assert key == "py-unexpected-keyword" and "protobuf" not in fix


def test_modules_a_changed_package_took_away() -> None:
    key, fix = first(
        "ModuleNotFoundError: No module named 'pkg_resources'\n\n(raised at torch/utils/cpp_extension.py:25: "
        "from pkg_resources import packaging)"
    )
    assert key == "py-module-missing" and "setuptools<81" in fix
    advice = " ".join(explain("ModuleNotFoundError: No module named 'pkg_resources'")[0].advice)
    assert "setuptools<81" in advice and "git clone" not in advice
    key, fix = first("ModuleNotFoundError: No module named 'distutils'")
    assert key == "py-module-missing" and "Python 3.12" in fix and "setuptools" in fix
    assert "Python 3.12" in first("ModuleNotFoundError: No module named 'imp'")[1]
    key, fix = first("ModuleNotFoundError: No module named 'torchvision.transforms.functional_tensor'")
    assert key == "py-module-missing" and "0.17" in fix
    hub = "ImportError: cannot import name 'cached_download' from 'huggingface_hub' (/x/huggingface_hub/__init__.py)"
    key, fix = first(hub)
    assert key == "py-cannot-import-name" and "huggingface_hub<0.26" in fix
    # near misses: modules whose names start like the removed ones
    assert "Python 3.12" not in first("ModuleNotFoundError: No module named 'imageio'")[1]
    assert "setuptools<81" not in first("ModuleNotFoundError: No module named 'pkg_resources_extra'")[1]


def test_a_warning_about_pkg_resources_stays_a_warning() -> None:
    text = (
        "/x/site-packages/ctranslate2/__init__.py:8: UserWarning: pkg_resources is deprecated as an API. The "
        "pkg_resources package is slated for removal as early as 2025-11-30. Refrain from using this package or pin to "
        "Setuptools<81.\n  import pkg_resources"
    )
    assert explain(text).outcome == "warnings-only"


def test_protobuf_and_pillow_names_removed_under_the_user() -> None:
    key, fix = first("AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'")
    assert key == "py-protobuf-api-removed" and "protobuf<6.30" in fix
    gencode = (
        "ImportError: cannot import name 'runtime_version' from 'google.protobuf' (/x/google/protobuf/__init__.py)"
    )
    key, fix = first(gencode)
    assert key == "py-cannot-import-name" and "runtime_version" in fix
    key, fix = first("AttributeError: module 'PIL.Image' has no attribute 'ANTIALIAS'")
    assert key == "py-module-attribute-missing" and "Image.LANCZOS" in fix and "Pillow<10" in fix
    # near misses: another object's GetPrototype, a Pillow name that still exists elsewhere
    assert "py-protobuf-api-removed" not in keys("AttributeError: 'Foo' object has no attribute 'GetPrototype'")
    assert "Pillow" not in first("AttributeError: module 'PIL.Image' has no attribute 'Resampling'")[1]
