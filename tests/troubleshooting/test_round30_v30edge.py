"""`explain`, round thirty (issue 36): GPU and NPU inference in browsers, on phones and on small boards. Each runtime's
own message names its family (onnxruntime-web's WebAssembly loader, memory and WebGPU; TensorFlow.js' WebGL; TFLite's
GPU delegates; the Coral Edge TPU; Rockchip RKNN / RKLLM; HailoRT; MNN and ncnn on Vulkan; Core ML's Neural Engine;
OpenCL without a platform; ninja's missing input), and the fix names the runtime's remedy, never CUDA tooling. Near
misses (the same words from another library) keep their other answers."""

from __future__ import annotations

from _explain import first


def _no_cuda(fix: str) -> bool:
    return "nvidia-smi" not in fix and "CUDA" not in fix


def test_wasm_loader_and_binary_of_different_builds() -> None:
    text = (
        "Uncaught (in promise) Error: no available backend found. ERR: [wasm] RuntimeError: Aborted(LinkError: "
        'WebAssembly.instantiate(): Import #7 module="env" function="c" error: function import requires a '
        "callable). Build with -sASSERTIONS for more info.\n    at backend-impl.js:87:11"
    )
    key, fix = first(text)
    assert key == "web-wasm-loader-binary-mismatch" and "wasmPaths" in fix and _no_cuda(fix)
    key, fix = first(text + "\n    at async AutoModel.from_pretrained (models.js:1200:9)")
    assert key == "web-wasm-loader-binary-mismatch" and "env.backends.onnx.wasm.wasmPaths" in fix
    # a wasm binary that is not a module at all is another failure
    assert first("CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d")[0] != (
        "web-wasm-loader-binary-mismatch"
    )


def test_wasm_out_of_memory_is_the_browsers_memory() -> None:
    for text in (
        "Error: no available backend found. ERR: [wasm] RangeError: Out of memory",
        "Uncaught RangeError: WebAssembly.Memory(): could not allocate memory",
        "Aborted(Cannot enlarge memory arrays to size 2147549184 bytes (OOM).)",
    ):
        key, fix = first(text)
        assert key == "web-wasm-out-of-memory" and "quantized" in fix and _no_cuda(fix), text
    # a CUDA allocator's out of memory keeps its family
    assert first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")[0] == "gpu-out-of-memory"


def test_webgpu_unavailable_in_runtime_or_browser() -> None:
    key, fix = first("Error: no available backend found. ERR: [webgpu] WebGPU is not supported in current environment")
    assert key == "web-webgpu-unavailable" and "navigator.gpu" in fix and "'wasm'" in fix and _no_cuda(fix)
    deno = (
        "error: Uncaught (in promise) Error: no available backend found. ERR: [webgpu] backend not found.\n"
        "    at eventLoopTick (ext:core/01_core.js:168:7)"
    )
    key, fix = first(deno)
    assert key == "web-webgpu-unavailable" and "deno upgrade" in fix
    node = "Error: no available backend found. ERR: [webgpu] backend not found.\n    at node:internal/main:23:47"
    key, fix = first(node)
    assert key == "web-webgpu-unavailable" and "onnxruntime-node" in fix
    browser = "[info] Requesting adapter\n[error] Error in file gpu.h line 612:\nRequest WebGPU adapter\nOS: Ubuntu"
    key, fix = first(browser)
    assert key == "web-webgpu-unavailable" and "enable-features=Vulkan" in fix
    # onnxruntime-node's own CUDA provider missing is no WebGPU failure
    assert first("Error: no available backend found. ERR: [cuda] backend not found.")[0] != "web-webgpu-unavailable"


def test_tfjs_webgl_shader_link() -> None:
    key, fix = first("Uncaught (in promise) Error: Failed to link vertex and fragment shaders.\n    at tf.min.js:2")
    assert key == "web-webgl-shader-link" and "setBackend('wasm')" in fix and _no_cuda(fix)


def test_tflite_gpu_delegate_symbol_missing() -> None:
    ios = (
        "Runner[211:9000] flutter: Invalid argument(s): Failed to lookup symbol (dlsym(RTLD_DEFAULT, "
        "TFLGpuDelegateCreate): symbol not found)"
    )
    key, fix = first(ios)
    assert key == "tflite-gpu-delegate-symbol-missing" and "TensorFlowLiteC/Metal" in fix and _no_cuda(fix)
    android = "java.lang.UnsatisfiedLinkError: dlopen failed: undefined symbol: TfLiteGpuDelegateV2Create"
    key, fix = first(android)
    assert key == "tflite-gpu-delegate-symbol-missing" and "tensorflow-lite-gpu" in fix


def test_tflite_gpu_delegate_failed_per_api() -> None:
    metal = (
        "TFLite Error: TfLiteMetalDelegate Prepare: Failed to compile library\n"
        "Node number 70 (TfLiteMetalDelegate) failed to prepare."
    )
    key, fix = first(metal)
    assert key == "tflite-gpu-delegate-failed" and "same TensorFlow Lite release" in fix and _no_cuda(fix)
    gl = (
        'Calculator::Open() for node "InferenceCalculator" failed: [GL_INVALID_OPERATION]: glDispatchCompute in '
        "tensorflow/lite/delegates/gpu/gl/command_queue.cc:48"
    )
    key, fix = first(gl)
    assert key == "tflite-gpu-delegate-failed" and "OpenGL ES 3.1" in fix and "MEDIAPIPE_DISABLE_GPU" in fix
    mali = (
        "board: rk3568 Mali-G52\nE0101 InferenceCalculator failed: ; (TfLiteGpuDelegateBindBufferToTensor(delegate, "
        "id, tensor))==(kTfLiteOk)"
    )
    key, fix = first(mali)
    assert key == "tflite-gpu-delegate-failed" and "libmali" in fix and _no_cuda(fix)
    # the CPU-fallback line alone is a notice, not this failure
    assert first("INFO: Created TensorFlow Lite delegate for GPU.")[0] != "tflite-gpu-delegate-failed"


def test_edgetpu_device_not_opened_or_no_delegate() -> None:
    key, fix = first("Traceback (most recent call last):\nValueError: Failed to load delegate from libedgetpu.so.1")
    assert key == "edgetpu-device-not-opened" and "18d1:9302" in fix and _no_cuda(fix)
    both = (
        "Bus 001 Device 004: ID 1a6e:089a Global Unichip Corp.\nERROR: Null delegate.\nERROR: Encountered "
        "unresolved custom op: edgetpu-custom-op.\nERROR: Node number 0 (edgetpu-custom-op) failed to prepare."
    )
    assert first(both)[0] == "edgetpu-device-not-opened"
    key, fix = first(
        "RuntimeError: Encountered unresolved custom op: edgetpu-custom-op.Node number 0 (edgetpu-custom-op) "
        "failed to prepare."
    )
    assert key == "edgetpu-custom-op-without-delegate" and "load_delegate('libedgetpu.so.1')" in fix
    key, fix = first("main.cc:40 ERROR: Encountered unresolved custom op: edgetpu-custom-op.\ntflite::Interpreter")
    assert key == "edgetpu-custom-op-without-delegate" and "RegisterCustomOp" in fix
    # TFLite's "Null delegate." with no Edge TPU in the text is not the Coral row
    assert first("ERROR: Null delegate.\nTfLiteGpuDelegateV2Create returned null")[0] != "edgetpu-device-not-opened"


def test_edgetpu_performance_ioctl_is_a_notice() -> None:
    text = (
        "kernel_top_level_handler.cc:99] Could not set performance expectation : 5 (Inappropriate ioctl for device)"
        "\n-------RESULTS--------\ncat: 0.81"
    )
    assert first(text)[0] == "edgetpu-performance-ioctl-notice"
    # the notice beside a real failure: the failure is the answer
    failed = text + "\nValueError: Failed to load delegate from libedgetpu.so.1 (Edge TPU)"
    assert first(failed)[0] == "edgetpu-device-not-opened"


def test_rknn_and_rkllm_model_files() -> None:
    key, fix = first("E RKNN: [10:00:00.000] parseRKNN: invalid RKNN_MAGIC!\nrknn_init fail! ret=-6")
    assert key == "npu-rknn-model-not-readable" and "target_platform" in fix and _no_cuda(fix)
    rkllm = (
        "I rkllm: rkllm-runtime version: 1.0.1, rknpu driver version: 0.9.6, platform: RK3576\n"
        ": invalid magic characters 'xyz'\n: error: failed to load model 'qwen.rkllm'\nrkllm init failed"
    )
    key, fix = first(rkllm)
    assert key == "npu-rknn-model-not-readable" and "librkllmrt.so" in fix
    # llama.cpp's own gguf magic error is no RKLLM failure
    assert first("gguf_init_from_file: invalid magic characters 'lmgg'")[0] != "npu-rknn-model-not-readable"


def test_hailort_versions() -> None:
    key, fix = first(
        "[HailoRT] [error] CHECK failed - Driver version (4.16.0) is different from library version (4.17.0)"
    )
    assert key == "hailort-driver-library-mismatch" and "hailo-all" in fix and _no_cuda(fix)
    binding = (
        "ImportError: libhailort.so.4.18.0: cannot open shared object file: No such file or directory\n"
        "ImportError: /usr/lib/python3/dist-packages/hailo_platform/pyhailort/_pyhailort.so: undefined symbol: "
        "_ZN7hailort6Device6createEv"
    )
    key, fix = first(binding)
    assert key == "hailort-binding-library-mismatch" and "Hailo-10H" in fix
    key, fix = first("[HailoRT] [error] CHECK_SUCCESS failed with status=HAILO_OUT_OF_PHYSICAL_DEVICES(74)")
    assert key == "hailort-no-physical-device" and "hailortcli scan" in fix
    # another library's missing soname keeps the generic family
    assert first("ImportError: libfoo.so.3: cannot open shared object file: No such file or directory")[0] == (
        "shared-library-not-found"
    )


def test_mnn_backend_fallback_and_vulkan_pipelines() -> None:
    key, fix = first("Can't Find type=3 backend, use 0 instead")
    assert key == "mnn-backend-fallback" and "MNN_OPENCL=ON" in fix and _no_cuda(fix)
    key, fix = first("Can't Find type=7 backend, use 0 instead")
    assert key == "mnn-backend-fallback" and "adb shell" in fix
    crash = (
        "E MNNJNI: Error for create pipeline glsl_convolution_comp\n"
        "Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x40"
    )
    key, fix = first(crash)
    assert key == "mobile-vulkan-pipeline-failed" and "MNN_FORWARD_CPU" in fix and _no_cuda(fix)
    # a plain native crash keeps the generic triage
    assert first("Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x40")[0] != (
        "mobile-vulkan-pipeline-failed"
    )


def test_coreml_ane_load() -> None:
    text = (
        "[espresso] [Espresso::handle_ex_plan] exception=ANECF error: failed to load ANE model. Error=...: Program "
        "load failure (0x20004)\n[coreml] Error plan build: -1."
    )
    key, fix = first(text)
    assert key == "coreml-ane-model-load-failed" and "cpuAndGPU" in fix and _no_cuda(fix)
    key, fix = first(text + "\nloading Unet.mlmodelc")
    assert "split_einsum" in fix


def test_opencl_no_platform() -> None:
    key, fix = first("pyopencl._cl.LogicError: clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR")
    assert key == "opencl-no-platform" and "clinfo" in fix and _no_cuda(fix)
    key, fix = first(
        "Armnn Error: Could not initialize the CL runtime. Error description: clGetPlatformIDs. CL error code: -1001"
    )
    assert key == "opencl-no-platform" and "CpuAcc" in fix and "libmali" in fix


def test_ninja_missing_input() -> None:
    aosp = (
        "ninja: error: 'out/target/product/board/obj/lib/libOpenCL.so.toc', needed by 'out/target/product/board/obj/"
        "EXECUTABLES/svc_intermediates/LINKED/svc', missing and no known rule to make it"
    )
    key, fix = first(aosp)
    assert key == "ninja-missing-input" and "vendor" in fix and "PRODUCT_PACKAGES" in fix
    cmake = "ninja: error: '/usr/lib/libbar.so', needed by 'app', missing and no known rule to make it"
    key, fix = first(cmake)
    assert key == "ninja-missing-input" and "PRODUCT_PACKAGES" not in fix


def test_apt_package_for_an_older_python() -> None:
    text = (
        "The following packages have unmet dependencies:\n python3-pycoral : Depends: python3 (< 3.10) but "
        "3.12.3-0ubuntu1 is to be installed\nE: Unable to correct problems, you have held broken packages."
    )
    key, fix = first(text)
    assert key == "apt-unmet-dependencies" and "pyenv" in fix and "pycoral" in fix
    # a package that wants a newer Python keeps the newer-release fix
    newer = (
        "The following packages have unmet dependencies:\n foo : Depends: python3 (>= 3.13) but 3.10.6-1 is to be "
        "installed\nE: Unable to correct problems, you have held broken packages."
    )
    assert "newer distribution" in first(newer)[1]
