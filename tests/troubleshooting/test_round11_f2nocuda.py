"""`explain`, round eleven (issue 36), GPU not used: a library that runs on the CPU or refuses the GPU because its
build has no CUDA or it finds no usable GPU, in each product's own words (the wordings of its source, cited in the
families' ``example_source``), with that product's fix; near misses (the same words where the GPU is used, or another
library's line) must not match, and a fallback warning that every start prints steps aside for another failure."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_tensorflow_runs_on_the_cpu() -> None:
    # tensorflow/core/common_runtime/gpu/gpu_device.cc and xla/tsl/cuda/cudart_stub.cc, as TensorFlow logs them
    dlopen = (
        "2023-04-09 00:51:02.021892: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1956] Cannot dlopen some GPU "
        "libraries. Please make sure the missing libraries mentioned above are installed properly if you would like "
        "to use GPU. Follow the guide at https://www.tensorflow.org/install/gpu for how to download and setup the "
        "required libraries for your platform.\nSkipping registering GPU devices..."
    )
    key, fix = first(dlopen)
    assert key == "cpu-tf-gpu-not-registered" and "tensorflow[and-cuda]" in fix
    result = explain(dlopen)
    assert result.outcome == "explained"  # a warning, but the one that says the GPU is not used
    named = "W tensorflow/stream_executor/platform/default/dso_loader.cc:59] Could not load dynamic library " + (
        "'libcudnn.so.7'; dlerror: libcudnn.so.7: cannot open shared object file: No such file or directory\n" + dlopen
    )
    key, fix = first(named)
    assert key == "cpu-tf-gpu-not-registered" and "get_build_info" in fix
    stub = (
        "2024-06-07 14:17:16.238228: I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not find cuda drivers on "
        "your machine, GPU will not be used."
    )
    key, fix = first(stub)
    assert key == "cpu-tf-gpu-not-registered" and "libcuda" in fix and "TF_CPP_MIN_LOG_LEVEL" in fix
    listed = ">>> import tensorflow as tf\n>>> tf.config.list_physical_devices('GPU')\n[]"
    assert first(listed)[0] == "cpu-tf-gpu-not-registered"
    built = ">>> tf.test.is_built_with_cuda()\nFalse"
    key, fix = first(built)
    assert key == "cpu-tf-gpu-not-registered" and "tensorflow-cpu" in fix
    windows = "TensorFlow 2.10 was the last TensorFlow release that supported GPU on native-Windows."
    key, fix = first(windows)
    assert key == "cpu-tf-gpu-not-registered" and "WSL2" in fix
    old = (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1700] Ignoring visible gpu device (device: 0, name: "
        "GeForce GT 730, pci bus id: 0000:01:00.0, compute capability: 3.0) with Cuda compute capability 3.0. The "
        "minimum required Cuda capability is 3.5."
    )
    assert first(old)[0] == "cpu-tf-gpu-too-old"
    ptx = (
        "W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] TensorFlow was not built with CUDA kernel binaries "
        "compatible with compute capability 8.9. CUDA kernels will be jit-compiled from PTX, which could take 30 "
        "minutes or longer."
    )
    key, fix = first(ptx)
    assert key == "tf-ptx-jit-notice" and "CUDA_CACHE_MAXSIZE" in fix
    placed = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot assign a device for operation MatMul: "
        "Could not satisfy explicit device specification '/device:GPU:0' because no devices matching that "
        "specification are registered in this process; available devices: /job:localhost/replica:0/task:0/device:CPU:0"
    )
    key, fix = first(placed + "\n" + stub)
    assert key == "cpu-tf-no-gpu-device" and "set_soft_device_placement" in fix
    cuinit = (
        "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:274] failed call to cuInit: "
        "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"
    )
    key, fix = first(cuinit)
    assert key == "no-gpu-visible" and "TF_CPP_MIN_LOG_LEVEL" in fix
    # near misses: a GPU that TensorFlow registered, the CPU-instructions notice
    assert not any(k.startswith("cpu-tf") for k in keys("tf.config.list_physical_devices('GPU')\n[PhysicalDevice("))
    created = (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 21770 MB memory"
    )
    assert not any(k.startswith("cpu-tf") for k in keys(created))
    cpu_flags = (
        "I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available "
        "CPU instructions in performance-critical operations."
    )
    assert not any(k.startswith("cpu-") for k in keys(cpu_flags))


def test_a_fallback_warning_steps_aside_for_another_failure() -> None:
    # TensorFlow's driver stub prints on every CPU-only start: beside another traceback it is no answer
    text = (
        "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 3, in <module>\n'
        '    model.fit(x, y)\nValueError: Input 0 of layer "dense" is incompatible with the layer'
    )
    assert "cpu-tf-gpu-not-registered" not in keys(text)
    whisper = (
        "UserWarning: FP16 is not supported on CPU; using FP32 instead\nTraceback (most recent call last):\n"
        "FileNotFoundError: [Errno 2] No such file or directory: 'ffmpeg'"
    )
    assert first(whisper)[0] != "cpu-whisper-fp16-on-cpu"
    alone = "whisper/transcribe.py:114: UserWarning: FP16 is not supported on CPU; using FP32 instead"
    key, fix = first(alone)
    assert key == "cpu-whisper-fp16-on-cpu" and "device='cuda'" in fix and "fp16=False" in fix


def test_jax_on_the_cpu_in_its_own_words() -> None:
    # jax/_src/xla_bridge.py, jax_plugins/cuda/__init__.py, jaxlib/plugin_support.py
    fallback = (
        "WARNING:2025-06-10 09:01:40,857:jax._src.xla_bridge:966: An NVIDIA GPU may be present on this machine, but "
        "a CUDA-enabled jaxlib is not installed. Falling back to cpu."
    )
    key, fix = first(fallback)
    assert key == "cpu-jax-cpu-jaxlib" and "jax[cuda12]" in fix and "tensorflow" not in fix.lower()
    assert first("UserWarning: No GPU/TPU found, falling back to CPU.")[0] == "cpu-jax-cpu-jaxlib"
    unknown = (
        "RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present. "
        "Platforms present are: cpu"
    )
    assert first(unknown)[0] == "cpu-jax-gpu-backend-missing"
    unable = (
        "RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices. (you may "
        "need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to skip this backend.)"
    )
    key, fix = first(unable)
    assert key == "cpu-jax-cuda-backend-failed" and "XLA_PYTHON_CLIENT_PREALLOCATE" in fix
    versions = (
        "WARNING:jax._src.xla_bridge:CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built "
        "against version 8904, which is newer. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)"
    )
    key, fix = first(versions)
    # the version check's own row (families/framework_libs.py) answers first, with JAX's fix
    assert key == "fw-cuda-library-older" and "jax" in fix
    plugin = (
        "RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.4.30 is installed, but it is not compatible with the "
        "installed jaxlib version 0.4.31, so it will not be used."
    )
    key, fix = first(plugin)
    assert key == "cpu-jax-cuda-backend-failed" and "same release" in fix
    components = "RuntimeError: Unable to use CUDA because of the following issues with CUDA components:"
    assert first(components)[0] == "fw-cuda-library-older"  # the header of JAX's component version checks
    # near miss: the TPU backend's info line on every GPU or CPU machine
    tpu = (
        "I0403 15:25:16.346253 xla_bridge.py:897] Unable to initialize backend 'tpu': INTERNAL: Failed to open "
        "libtpu.so: libtpu.so: cannot open shared object file"
    )
    assert not any(k.startswith("cpu-jax") for k in keys(tpu))


def test_paddle_and_mxnet_cpu_builds() -> None:
    # python/paddle/device/__init__.py, paddle/fluid/pybind's PADDLE_THROW, python/paddle/base/framework.py
    device = "ValueError: The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA"
    key, fix = first(device)
    assert key == "cpu-paddle-cpu-build" and "paddlepaddle-gpu" in fix and "run_check" in fix
    place = (
        "(PermissionDenied) Cannot use CUDAPlace in CPU only version, Please recompile or reinstall Paddle with CUDA "
        "support."
    )
    assert first(place)[0] == "cpu-paddle-cpu-build"
    warn = (
        "/usr/lib/python3.10/site-packages/paddle/base/framework.py:688: UserWarning: You are using GPU version "
        "Paddle, but your CUDA device is not set properly. CPU device will be used by default."
    )
    key, fix = first(warn)
    assert key == "cpu-paddle-gpu-not-set" and "device_count" in fix
    assert explain(warn).outcome == "explained"
    # src/storage/storage.cc (LOG(FATAL) without MXNET_USE_CUDA)
    mxnet = "mxnet.base.MXNetError: [22:03:01] src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage"
    key, fix = first(mxnet)
    assert key == "cpu-mxnet-no-cuda" and "mxnet-cu" in fix
    key, fix = first("Check failed: num_gpu_device > 0 (0 vs. 0) : GPU usage requires at least 1 GPU")
    assert key == "cpu-mxnet-no-cuda" and "sees no GPU" in fix
    # near misses: a CUDA Paddle that reports itself, a plain mention of the word
    assert not any(k.startswith("cpu-paddle") for k in keys(">>> paddle.is_compiled_with_cuda()\nTrue"))
    assert not any(
        k.startswith("cpu-") for k in keys("PaddlePaddle is installed successfully! Let's start deep learning")
    )


def test_opencv_and_boosters_without_gpu() -> None:
    # opencv2/core/private.cuda.hpp (throw_no_cuda)
    cv = (
        "cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: "
        "(-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'"
    )
    key, fix = first(cv)
    assert key == "cpu-opencv-no-cuda" and "WITH_CUDA=ON" in fix and "pip uninstall opencv-python" in fix
    assert first(">>> cv2.cuda.getCudaEnabledDeviceCount()\n0")[0] == "cpu-opencv-no-cuda"
    assert "cpu-opencv-no-cuda" not in keys(">>> cv2.cuda.getCudaEnabledDeviceCount()\n1")
    # XGBoost src/common/common.h, src/context.cc, src/gbm/gbtree.cc (1.1 to 2.0)
    xgb = (
        "xgboost.core.XGBoostError: [10:12:01] /workspace/src/common/common.h:187: XGBoost version not compiled with "
        "GPU support."
    )
    key, fix = first(xgb)
    assert key == "cpu-xgboost-no-gpu" and "xgboost-cpu" in fix and "py-xgboost=*=cuda*" in fix
    visible = "WARNING: /workspace/src/context.cc:55: No visible GPU is found, setting device to CPU."
    key, fix = first(visible)
    assert key == "cpu-xgboost-no-visible-gpu" and "nvidia-smi" in fix
    changed = (
        "UserWarning: [09:01:02] WARNING: /workspace/src/context.cc:218: Device is changed from GPU to CPU as we "
        "couldn't find any available GPU on the system."
    )
    assert first(changed)[0] == "cpu-xgboost-no-visible-gpu"
    check = (
        "xgboost.core.XGBoostError: [12:00:00] ../src/gbm/gbtree.cc:554: Check failed: common::AllVisibleGPUs() >= 1 "
        "(0 vs. 1) : No visible GPU is found for XGBoost."
    )
    assert first(check)[0] == "cpu-xgboost-gpu-not-visible"
    # LightGBM src/treelearner/gpu_tree_learner.h and cuda/cuda_single_gpu_tree_learner.hpp
    lgbm = (
        "[LightGBM] [Fatal] GPU Tree Learner was not enabled in this build.\n"
        "Please recompile with CMake option -DUSE_GPU=1"
    )
    key, fix = first(lgbm)
    assert key == "cpu-lightgbm-no-gpu" and "USE_GPU=ON" in fix
    cuda = (
        "lightgbm.basic.LightGBMError: CUDA Tree Learner was not enabled in this build.\nPlease recompile with CMake "
        "option -DUSE_CUDA=1 (NVIDIA GPUs) or -DUSE_ROCM=1 (AMD GPUs)"
    )
    key, fix = first(cuda)
    assert key == "cpu-lightgbm-no-gpu" and "USE_CUDA=ON" in fix
    assert "cpu-lightgbm-no-gpu" not in keys("[LightGBM] [Info] This is the GPU trainer!!")
    # CatBoost catboost/libs/train_lib/trainer_env.cpp
    cat = (
        "_catboost.CatBoostError: catboost/libs/train_lib/trainer_env.cpp:9: Environment for task type [GPU] not found"
    )
    key, fix = first(cat)
    assert key == "cpu-catboost-no-gpu" and "task_type='CPU'" in fix


def test_faiss_and_ggml_without_gpu() -> None:
    key, fix = first("AttributeError: module 'faiss' has no attribute 'StandardGpuResources'")
    assert key == "cpu-faiss-cpu-package" and "faiss-gpu" in fix
    assert first("AttributeError: module 'faiss' has no attribute 'index_cpu_to_gpu'")[0] == "cpu-faiss-cpu-package"
    # near miss: a faiss without its CPU index is a broken install, not the CPU package
    assert "cpu-faiss-cpu-package" not in keys("AttributeError: module 'faiss' has no attribute 'IndexFlatL2'")
    # llama.cpp common/arg.cpp (and the older common/common.cpp wording), whisper.cpp src/whisper.cpp
    llama = (
        "warning: no usable GPU found, --gpu-layers option will be ignored\nwarning: one possible reason is that "
        "llama.cpp was compiled without GPU support\nwarning: consult docs/build.md for compilation instructions"
    )
    key, fix = first(llama)
    assert key == "cpu-ggml-no-gpu-backend" and "GGML_CUDA" in fix
    assert explain(llama).outcome == "explained"
    old = "warning: not compiled with GPU offload support, --n-gpu-layers option will be ignored"
    assert first(old)[0] == "cpu-ggml-no-gpu-backend"
    binding = "from llama_cpp import Llama\nload_tensors: offloaded 0/33 layers to GPU"
    key, fix = first(binding)
    assert key == "cpu-ggml-no-gpu-backend" and 'CMAKE_ARGS="-DGGML_CUDA=on"' in fix
    whisper = "whisper_backend_init_gpu: device 0: CPU (type: 0)\nwhisper_backend_init_gpu: no GPU found"
    key, fix = first(whisper)
    assert key == "cpu-ggml-no-gpu-backend" and "whisper_backend_init_gpu: using CUDA0 backend" in fix
    # near misses: a build that offloads, a whisper.cpp that found its GPU
    assert "cpu-ggml-no-gpu-backend" not in keys("load_tensors: offloaded 33/33 layers to GPU")
    assert "cpu-ggml-no-gpu-backend" not in keys("whisper_backend_init_gpu: using CUDA0 backend")


def test_ultralytics_and_thinc_refuse_the_gpu() -> None:
    # ultralytics/utils/torch_utils.py (select_device)
    ultra = (
        "ValueError: Invalid CUDA 'device=0' requested. Use 'device=cpu' or pass valid CUDA device(s) if available, "
        "i.e. 'device=0' or 'device=0,1,2,3' for Multi-GPU.\n\ntorch.cuda.is_available(): False\n"
        "torch.cuda.device_count(): 0\nos.environ['CUDA_VISIBLE_DEVICES']: None"
    )
    key, fix = first(ultra)
    assert key == "cpu-ultralytics-invalid-device" and "device='cpu'" in fix
    banner = "Ultralytics 8.3.1 Python-3.11.9 torch-2.4.1+cpu CPU (Intel Core(TM) i7)\n" + ultra
    key, fix = first(banner)
    assert key == "cpu-ultralytics-invalid-device" and "'+cpu'" in fix
    yolov5 = "AssertionError: Invalid CUDA '--device 0' requested, use '--device cpu' or pass valid CUDA device(s)"
    assert first(yolov5)[0] == "cpu-ultralytics-invalid-device"
    ok = "Ultralytics 8.3.1 Python-3.11.9 torch-2.4.1+cu121 CUDA:0 (NVIDIA GeForce RTX 3090, 24268MiB)"
    assert "cpu-ultralytics-invalid-device" not in keys(ok)
    # thinc/util.py (require_gpu), as spaCy users meet it
    key, fix = first("ValueError: Cannot use GPU, CuPy is not installed")
    assert key == "cpu-thinc-require-gpu" and "spacy[cuda12x]" in fix
    spacy = (
        '    spacy.require_gpu()\n  File "thinc/util.py", line 233, in require_gpu\nValueError: No GPU devices detected'
    )
    assert first(spacy)[0] == "cpu-thinc-require-gpu"
    # near miss: the same three words from another library
    assert "cpu-thinc-require-gpu" not in keys("RuntimeError: No GPU devices detected by the scheduler")
    # stable-diffusion-webui modules/launch_utils.py
    sd = (
        "RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to "
        "disable this check"
    )
    key, fix = first(sd)
    assert key == "cpu-sd-webui-torch-no-gpu" and "venv" in fix and "TORCH_COMMAND" in fix


def test_torch_amp_without_cuda_is_torch_seeing_no_gpu() -> None:
    # torch 2.14 torch/amp/grad_scaler.py and torch/amp/autocast_mode.py
    scaler = "UserWarning: torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling."
    assert "cuda-unavailable" in keys(scaler)
    autocast = "UserWarning: CUDA is not available or torch_xla is imported. Disabling autocast."
    assert "cuda-unavailable" in keys(autocast)
    assert "cuda-unavailable" not in keys("GradScaler is enabled")


def test_servers_and_kernels_that_found_no_gpu() -> None:
    # vllm/config.py (DeviceConfig) and vllm/platforms/__init__.py
    vllm = (
        '  File "/venv/lib/python3.10/site-packages/vllm/config.py", line 1660, in __init__\n'
        '    raise RuntimeError("Failed to infer device type")\nRuntimeError: Failed to infer device type'
    )
    key, fix = first(vllm)
    assert key == "cpu-vllm-no-platform" and "VLLM_LOGGING_LEVEL=DEBUG" in fix
    # near miss: another library's message that starts with the same words
    assert "cpu-vllm-no-platform" not in keys("RuntimeError: Failed to infer device type in CameraCalibration.create")
    # triton/runtime/driver.py (_create_driver)
    key, fix = first("RuntimeError: 0 active drivers ([]). There should only be one.")
    assert key == "cpu-triton-no-driver" and "nvidia-smi" in fix
    assert "cpu-triton-no-driver" not in keys("RuntimeError: 2 active drivers ([CudaDriver, HIPDriver]).")
    # Ollama's discover/gpu.go
    ollama = (
        'time=2024-10-15T09:18:18.299Z level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"\n'
        'time=2024-10-15T09:18:18.299Z level=INFO source=types.go:107 msg="inference compute" id=0 library=cpu'
    )
    key, fix = first(ollama)
    assert key == "cpu-ollama-no-gpu" and "--gpus=all" in fix and "OLLAMA_DEBUG=1" in fix
    found = 'level=INFO source=types.go:131 msg="inference compute" id=GPU-5f1a library=cuda variant=v12'
    assert "cpu-ollama-no-gpu" not in keys(found)
    # Lightning's accelerator connector: torch sees no GPU
    lightning = (
        "lightning_fabric.utilities.exceptions.MisconfigurationException: `CUDAAccelerator` can not run on your "
        "system since the accelerator is not available. The following accelerator(s) is available and can be passed "
        "into `accelerator` argument of `Trainer`: ['cpu']."
    )
    assert first(lightning)[0] == "cuda-unavailable"


def test_numba_djl_and_older_yolo_wordings() -> None:
    # numba/cuda/cudadrv/driver.py
    numba = (
        "numba.cuda.cudadrv.error.CudaSupportError: CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1 in the "
        "environment, or because CUDA is unsupported on 32-bit systems."
    )
    key, fix = first(numba)
    assert key == "cpu-numba-cuda-disabled" and "NUMBA_DISABLE_CUDA" in fix
    old = (
        "numba.cuda.cudadrv.error.CudaSupportError: <CUDA device 0 'b'GeForce GT 710''> has compute capability < (5, 0)"
    )
    key, fix = first(old)
    assert key == "cpu-numba-cuda-disabled" and "older numba" in fix
    # DJL's PyTorch and TensorFlow engine loaders
    djl = "WARN  ai.djl.pytorch.jni.LibUtils - No matching cuda flavor for linux-x86_64 found: cu124."
    key, fix = first(djl)
    assert key == "cpu-djl-no-cuda-flavor" and "PYTORCH_FLAVOR" in fix
    tf = "No matching CUDA flavor for linux-x86_64 found: cu118/sm_89, fallback to CPU."
    assert first(tf)[0] == "cpu-djl-no-cuda-flavor"
    # YOLOv3 / YOLOv5's older select_device
    yolo = "AssertionError: CUDA unavailable, invalid device 0 requested"
    assert first(yolo)[0] == "cpu-ultralytics-invalid-device"
