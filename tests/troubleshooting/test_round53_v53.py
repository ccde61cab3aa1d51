"""`explain`, round fifty-three (issue 36): torch's C++ warnings behind a rank prefix, NCCL's own failed-call lines,
Ray's re-raise of an out-of-memory and its report of a vanished worker, a serving engine's custom all-reduce, and
the runtimes of phones and browsers (MediaPipe, Core ML, Android's linker, Qualcomm's QNN, TensorFlow Lite's partial
delegation, ncnn, WebLLM over Vulkan / WebGPU)."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_torchs_cpp_warning_behind_a_rank_prefix_is_a_warning() -> None:
    line = (
        "[rank0]:[W1102 10:00:00.123456789 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been "
        "destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call "
        "destroy_process_group to ensure that any pending NCCL operations have finished in this process."
    )
    for text in (line, "#" + line):
        lv = levels(text)
        assert lv.errors == 0 and lv.warnings == 1
        assert explain(text).outcome == "warnings-only"
    # its error lines stay errors
    assert levels(line.replace("[W1102", "[E1102")).errors == 1


def test_nccls_own_failed_call_is_a_failure() -> None:
    text = (
        "host:1:2 [1] NCCL INFO NCCL version 2.27.5+cuda12.9\n"
        "host:1:3 [1] enqueue.cc:42 NCCL WARN Cuda failure 'named symbol not found'\n"
    )
    assert levels(text).errors == 1
    # the CUDA error it names is the cause; NCCL only reports it (same line)
    key, _ = first(text)
    assert key == "gpu-kernel-needs-newer-gpu"
    assert levels("host:1:2 [0] misc/socket.cc:50 NCCL WARN Call to connect failed : Connection refused").errors == 1
    # a WARN that is no failed call keeps its level
    assert levels("host:1:2 [0] NCCL WARN NET/Plugin : dlerror=libnccl-net.so: cannot open").errors == 0


def test_nccls_peer_to_peer_transport() -> None:
    key, fix = first(
        "node:30344:30344 [0] transport/p2p.cc:298 NCCL WARN Cuda failure 'invalid argument'\n"
        "node:30344:30344 [0] NCCL INFO transport/p2p.cc:352 -> 1\n"
        "node:30344:30344 [0] NCCL INFO init.cc:1730 -> 1\n"
    )
    assert key == "torch-nccl-error" and "NCCL_P2P_DISABLE=1 in every process" in fix


def test_ray_reraises_an_out_of_memory_and_reports_a_vanished_worker() -> None:
    key, _ = first(
        "ray.exceptions.RayTaskError(OutOfMemoryError): ray::PolicyWorker.get_logprobs() (pid=2671339, "
        'ip=10.0.0.1, actor_id=d58)\n  File "/app/worker.py", line 653, in get_logprobs\n    logits = model(x)\n'
    )
    assert key == "gpu-out-of-memory"
    # Ray's own memory monitor is host memory
    key, _ = first(
        "ray.exceptions.RayTaskError(OutOfMemoryError): ray::f()\nray.exceptions.OutOfMemoryError: Task was killed "
        "due to the node running low on memory."
    )
    assert key == "server-worker-memory-killed"
    key, fix = first(
        "A worker died or was killed while executing a task by an unexpected system error. Worker exit type: "
        "SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. "
        "There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high "
        "memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or "
        "other unexpected errors.\nray.exceptions.ActorDiedError: The actor died unexpectedly before finishing "
        "this task."
    )
    assert key == "server-worker-memory-killed" and "dmesg" in fix and "raylet.out" in fix


def test_a_serving_engines_custom_all_reduce() -> None:
    for text in (
        "RuntimeError: invalid argument\n/sgl-kernel/csrc/allreduce/custom_all_reduce.cuh:350",
        "RuntimeError: Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:307 'invalid argument'",
    ):
        key, fix = first(text)
        assert key == "cuda-ipc-handle-failed" and "--disable-custom-all-reduce" in fix


def test_a_mediapipe_build_without_its_gpu() -> None:
    text = (
        "E 0:00:00:895   display_surface.gd:50 @ _ready(): ValidatedGraphConfig Initialization failed.\n"
        "ImageCloneCalculator: GPU processing is disabled in build flags\n"
        "  <C++ Source>  src/tasks/vision/face_landmarker.cc:127 @ initialize()\n"
    )
    # the Godot editor's E line is an error line, its W line a warning
    assert levels(text).errors >= 1
    assert levels("W 0:00:01:002   main.gd:3 @ _ready(): zorb").warnings == 1
    key, fix = first(text)
    assert key == "mediapipe-gpu-disabled-build" and "CPU delegate" in fix


def test_core_ml_model_files() -> None:
    key, fix = first(
        "MelSpectrogram.mlmodelc/coremldata.bin is not a valid .mlmodelc file because the first word (1936876918) "
        "is not recognizable."
    )
    assert key == "py-model-file-incomplete" and "git lfs pull" in fix
    key, _ = first(
        "Failed to build the model execution plan using a model architecture file '/var/mobile/TextDecoder.mlmodelc/"
        "model.mil' with error code: -14."
    )
    assert key == "coreml-ane-model-load-failed"


def test_an_android_app_and_a_private_library() -> None:
    key, fix = first(
        'library "/vendor/lib64/libOpenCL.so" needed or dlopened by "/system/lib64/libnativeloader.so" is not '
        'accessible for the namespace "classloader-namespace"'
    )
    assert key == "android-linker-namespace-private-library" and "uses-native-library" in fix
    text = (
        'java.lang.UnsatisfiedLinkError: dalvik.system.PathClassLoader[DexPathList[[zip file "/data/app/x/base.apk"],'
        'nativeLibraryDirectories=[/data/app/x/lib/arm64, /system/lib64]]] couldn\'t find "libpytorch_jni.so"'
    )
    key, fix = first(text)
    assert key == "android-native-library-not-in-apk" and "LiteModuleLoader.load" in fix
    key, fix = first(text.replace("libpytorch_jni.so", "libzorb.so"))
    assert key == "android-native-library-not-in-apk" and "unzip -l" in fix


def test_qnn_device_creation() -> None:
    key, fix = first("QnnDevice_create = 14001 / 0x36b1\nQNN_DEVICE_ERROR_INVALID_CONFIG")
    assert key == "qnn-htp-device-create-failed" and "ADSP_LIBRARY_PATH" in fix


def test_tflite_partial_delegation_is_a_notice() -> None:
    text = (
        "INFO: Created TensorFlow Lite XNNPACK delegate for CPU.\n"
        "ERROR: Following operations are not supported by GPU delegate:\n"
        "DELEGATE TfLiteXNNPackDelegate: Operation is not supported.\n"
        "1 operations will run on the GPU, and the remaining 4 operations will run on the CPU.\n"
        "INFO: Created 1 GPU delegate kernels.\n"
    )
    assert explain(text).outcome == "warnings-only"
    # the delegate failing after it is the failure: OpenCL could not start and OpenGL ES lacks an op
    failed = (
        "E/tflite: 85 operations will run on the GPU, and the remaining 5 operations will run on the CPU.\n"
        "E/tflite: Can not open OpenCL library on this device - undefined symbol: clZorbKHR\n"
        "E/tflite: Falling back to OpenGL\n"
        "E/tflite: TfLiteGpuDelegate Init: No shader implementation for transpose\n"
        "E/tflite: Node number 90 (TfLiteGpuDelegateV2) failed to prepare.\n"
    )
    key, fix = first(failed)
    assert key == "tflite-gpu-delegate-failed" and "uses-native-library" in fix


def test_ncnn_model_files_that_do_not_parse() -> None:
    key, fix = first("W  parse layer_count failed\nW  network graph not ready")
    assert key == "ncnn-param-parse-failed" and "7767517" in fix
    key, _ = first("param is too old, please regenerate")
    assert key == "ncnn-param-parse-failed"


def test_an_llm_over_vulkan_or_webgpu_out_of_memory() -> None:
    key, fix = first(
        "llm_chat.ts:150 Using prefillChunkSize:  1024\n"
        "vkAllocateMemory failed with VK_ERROR_OUT_OF_DEVICE_MEMORY\n    at CheckVkOOMThenSuccessImpl\n"
    )
    assert key == "gpu-out-of-memory" and "q4f16_1" in fix
    text = (
        "Device was lost during reload. This can happen due to insufficient memory or other GPU constraints. "
        "Detailed error: [object GPUDeviceLostInfo]. Please try to reload WebLLM with a less resource-intensive model."
    )
    # "due to insufficient memory" here is no TensorRT tactic's
    key, _ = first(text)
    assert key == "gpu-out-of-memory"


def test_xlas_ptx_compiler_notice() -> None:
    text = (
        "The NVIDIA driver's CUDA version is 12.2 which is older than the PTX compiler version 12.6.77. Because the "
        "driver is older than the PTX compiler version, XLA is disabling parallel compilation, which may slow down "
        "compilation. You should update your NVIDIA driver or use the NVIDIA-provided CUDA forward compatibility "
        "packages."
    )
    e = explain(text)
    assert e.outcome == "warnings-only" and "xla-driver-older-than-ptxas" in {m.key for m in e}


def test_a_projects_own_cuda_check_and_a_batch_size_search() -> None:
    key, _ = first("cuda assert: invalid argument /opt/zorb/source/lib/include/gpu_cuda.h 48.")
    assert key == "cuda-invalid-value"
    assert levels("GPUassert: invalid argument zorb.cu 42").errors == 1
    text = (
        "[2024-05-24 23:00:42,027] ZORB INFO    Adjust batch size from 65536 to 131072\n"
        "2024-05-24 23:00:52.071120: E tensorflow/compiler/xla/stream_executor/cuda/cuda_event.cc:29] Error polling "
        "for event status: failed to query event: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
        "encountered\n"
    )
    key, fix = first(text)
    assert key == "illegal-memory-access" and "DP_INFER_BATCH_SIZE" in fix


def test_an_llm_servers_kv_cache_at_start_and_tritons_assert_in_an_llvm_header() -> None:
    key, fix = first(
        '  self.value_buffer = [torch.empty((size, head_num, head_dim), dtype=dtype, device="cuda") for _ in '
        "range(layer_num)]\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.14 GiB (GPU 0; "
        "79.35 GiB total capacity; 77.83 GiB already allocated; 711.19 MiB free)"
    )
    assert key == "gpu-out-of-memory" and "--max_total_token_num" in fix
    key, _ = first(
        "/root/.triton/llvm/include/llvm/Support/Casting.h:566: decltype(auto) llvm::cast(const From&) [with To = "
        'mlir::triton::gpu::BlockedEncodingAttr; From = mlir::Attribute]: Assertion `isa<To>(Val) && "cast<Ty>() '
        "argument of incompatible type!\"' failed."
    )
    assert key == "jit-triton-mlir-assertion"
