"""`explain`, round fourteen (issue 36), other languages' bindings, C++ apps and TensorRT apps' own wordings: each class
in its source's words (dlib's CHECK_CUDNN, cudnn.torch's ffi.lua / init.lua, flashlight's std::runtime_error, a host
app's createInferBuilder line, TensorRT 10's lazy loader, the ONNX parser's fallback importer, Olive's fallback line),
with the fix worded for the library that ran; near misses must not match."""

from __future__ import annotations

from _explain import first, keys

DLIB = (
    "RuntimeError: Error while calling cudnnCreate(&handles[new_device_id]) \nin file "
    "/tmp/pip-build-ilc3dz0e/dlib/dlib/dnn/cudnn_dlibapi.cpp:104. code: 1, \nreason: CUDA Runtime API "
    "initialization failed."
)


def test_dlib_handle_creation_in_its_own_words() -> None:
    key, fix = first(DLIB)
    assert key == "cudnn-not-initialized" and "allow_growth" in fix and "dlib" in fix
    # another library's sentence about its own API is not dlib's cuDNN handle
    assert "cudnn-not-initialized" not in keys("print('CUDA Runtime API init ok')")


def test_cudnn_binding_of_another_release() -> None:
    text = (
        "/home/u/torch/install/share/lua/5.1/cudnn/ffi.lua:1603: These bindings are for CUDNN 5.x (5005 <= "
        "cudnn.version > 6000) , while the loaded CuDNN is version: 6021  \nAre you using an older or newer version "
        "of CuDNN?"
    )
    key, fix = first(text)
    assert key == "cudnn-binding-version" and "CUDNN_PATH" in fix
    key, _ = first("/root/torch/install/share/lua/5.1/cudnn/ffi.lua: libcudnn (R5) not found in library path.")
    assert key == "cudnn-binding-version"
    # a status from cudnn.torch's errcheck gets the bindings' fix, not PyTorch's
    status = (
        "/scratch2/u/torch/install/share/lua/5.1/cudnn/init.lua:58: ## Error in CuDNN: CUDNN_STATUS_NOT_SUPPORTED "
        "(cudnnSetFilterNdDescriptor)"
    )
    key, fix = first(status)
    assert key == "torch-cudnn-not-supported" and "cudnn.torch" in fix and "contiguous" not in fix
    assert "cudnn-binding-version" not in keys("torch.backends.cudnn.version() -> 8902; bindings for cuDNN loaded")


def test_cudnn_status_in_a_cpp_framework() -> None:
    text = (
        "terminate called after throwing an instance of 'std::runtime_error'\n  what():  CUDNN_STATUS_NOT_SUPPORTED\n"
        "    @     0x563503afc489 fl::TensorDescriptor::TensorDescriptor()\n    @     0x563503afa7cc fl::conv2d()"
    )
    key, fix = first(text)
    assert key == "torch-cudnn-not-supported" and "built" in fix and "torch.backends" not in fix
    key, fix = first("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in")
    assert "contiguous" in fix
    # libtorch's own exception keeps torch's fix
    libtorch = "terminate called after throwing an instance of 'c10::Error'\n  what():  cuDNN error: " + (
        "CUDNN_STATUS_NOT_SUPPORTED"
    )
    assert "contiguous" in first(libtorch)[1]


def test_a_host_app_that_cannot_create_the_builder() -> None:
    key, fix = first("VapourSynth encountered a fatal error: Cannot create infer builder")
    assert key == "tensorrt-factory-nullptr" and "Volta" in fix and "nvinfer_builder_resource" in fix
    assert first("[E] createInferBuilder failed")[0] == "tensorrt-factory-nullptr"
    assert "tensorrt-factory-nullptr" not in keys("Failed to create builder for the UI layout")


def test_tensorrt_lazily_loaded_library_missing() -> None:
    text = "createInferBuilder: Error Code 6: API Usage Error (Unable to load library: nvinfer_builder_resource_10.dll)"
    key, fix = first(text)
    assert key == "windows-dll-load" and "nvinfer_builder_resource_10.dll" in fix and "next to nvinfer_10.dll" in fix
    key, fix = first("[E] [TRT] Unable to load library: nvinfer_plugin_10.dll")
    assert key == "windows-dll-load" and "lib folder" in fix


def test_onnx_standard_op_without_an_importer() -> None:
    text = (
        "[E] [TRT] ModelImporter.cpp:749: --- Begin node ---\n"
        'op_type: "GridSample"\n'
        "[E] [TRT] ModelImporter.cpp:754: ERROR: builtin_op_importers.cpp:4951 In function "
        "importFallbackPluginImporter:\n"
        '[8] Assertion failed: creator && "Plugin not found, are the plugin name, version, and namespace correct?"\n'
        "[E] Failed to parse onnx file"
    )
    key, fix = first(text)
    assert key == "onnx-node-unsupported" and "no plugin library to load" in fix
    # a custom op (not in the ONNX standard) still needs its plugin library loaded
    custom = text.replace("GridSample", "MMCVModulatedDeformConv2d")
    assert first(custom)[0] == "plugin-not-found"


def test_a_wrapper_reports_the_cpu_fallback() -> None:
    text = (
        "[WARNING] [engine.py:432:run_accelerator] Failed to run Olive on gpu-cuda: The onnxruntime fallback "
        "happens. CUDAExecutionProvider is not in the session providers ['CPUExecutionProvider']. "
        "session._enable_fallback = True"
    )
    key, fix = first(text)
    assert key == "ort-provider-fallback" and "pip uninstall -y onnxruntime onnxruntime-gpu" in fix
    assert "ort-provider-fallback" not in keys("providers: ['CUDAExecutionProvider', 'CPUExecutionProvider']")


def test_a_null_binding_is_not_a_buffer_size() -> None:
    text = (
        "NVInfer: 1: [genericReformat.cu::executeMemcpy::1455] Error Code 1: Cuda Runtime (invalid argument)\n"
        "NVInfer: 3: [executionContext.cpp::enqueueInternal::622] Error Code 3: API Usage Error (Parameter check "
        "failed at: runtime/api/executionContext.cpp::enqueueInternal::622, condition: bindings[x] || nullBindingOK\n)"
    )
    assert first(text)[0] in {"trt-cuda-runtime-error", "trt-api-usage-error"}
    assert "buffer-size-mismatch" not in keys(text)


def test_tensorrt_lazily_loaded_library_missing_on_linux() -> None:
    text = (
        "[TRT] [E] 6: [libLoader.cpp::Impl::293] Error Code 6: API Usage Error (Unable to load library: "
        "libnvinfer_lean.so.10.3.0: libnvinfer_lean.so.10.3.0: cannot open shared object file: No such file or "
        "directory)"
    )
    key, fix = first(text)
    assert key == "trt-lazy-library-missing" and "LD_LIBRARY_PATH" in fix
    assert first("[TRT] [E] 6: Unable to load library: libnvinfer_dispatch.so.10")[0] == "trt-lazy-library-missing"
    # in a Python process that pip changed, restarting the interpreter comes first
    python = 'Traceback (most recent call last):\n  File "b.py", line 3, in <module>\n' + text
    assert first(python)[0] != "trt-lazy-library-missing"
    assert "trt-lazy-library-missing" not in keys("Unable to load library: libcudnn_graph.so.9")


def test_an_engine_without_the_name_the_app_asks_for() -> None:
    key, fix = first("[E] [TRT] 3: Cannot find binding of given name: output")
    assert key == "trt-binding-name-unknown" and "getIOTensorName" in fix
    assert "trt-binding-name-unknown" not in keys("binding of given name output found at index 1")


def test_dlib_allocation_failure_is_out_of_memory() -> None:
    text = (
        "RuntimeError: Error while calling cudnnConvolutionForward( context(), &alpha, descriptor(data), in file "
        "/dlib/cuda/cudnn_dlibapi.cpp:1007. code: 2, reason: CUDA Resources could not be allocated."
    )
    assert first(text)[0] == "gpu-out-of-memory"
