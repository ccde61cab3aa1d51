"""`explain`, round eight (issue 36): a fix names the library the user ran. The core rows whose text any CUDA
program can print (a missing shared library, no kernel image, out of memory, an illegal access, cuDNN's status, an old
driver, a CPU-only torch, no GPU visible, a DLL that did not load, pip's pins) answer with the library-independent
remedy first; torch_tensorrt's and TensorRT's own remedies (and `torchtrt-compat check` / `suggest`) go to texts that
show those libraries. Each class is checked with a text of another library and with the TensorRT text that must keep
its wording."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def _no_torchtrt(found_fix: str, commands: tuple[str, ...]) -> None:
    assert "torchtrt" not in found_fix and "engine" not in found_fix and not commands


# ---- a shared library the loader cannot find -------------------------------------------------------------------------
def test_a_missing_library_of_another_program_gets_the_loader_check() -> None:
    # kubeflow/website#538: the TensorRT Inference Server binary in its image, not torch_tensorrt
    trtserver = answer(
        "E  trtserver: error while loading shared libraries: libcaffe2.so: cannot open shared object file: No such "
        "file or directory",
        "shared-library-not-found",
    )
    _no_torchtrt(trtserver.fix, trtserver.commands)
    assert "ldd" in trtserver.fix and "container" in trtserver.fix
    # torch_tensorrt's own import keeps the pins and `torchtrt-compat check`
    own = answer(
        '  File ".../site-packages/torch_tensorrt/__init__.py", line 3, in <module>\nImportError: libtorch_cuda_cu.so: '
        "cannot open shared object file: No such file or directory",
        "shared-library-not-found",
    )
    assert "torchtrt-compat check" in own.fix and own.commands and own.product == "torch_tensorrt"
    # TensorRT's libnvinfer keeps the TensorRT wheel's fix
    trt = answer(
        "ImportError: libnvinfer_plugin.so.8: cannot open shared object file: No such file or directory",
        "shared-library-not-found",
    )
    assert "libnvinfer" in trt.fix and trt.commands


def test_a_library_looked_for_in_a_versioned_cuda_folder() -> None:
    # nvidia/cudf#1992: numba looks for libNVVM under a CUDA 9.0 that is gone
    numba = explain(
        "/usr/local/cuda-9.0/nvvm/lib64/libnvvm.so: cannot open shared object file: No such file or directory"
    )
    by_key = {e.key: e for e in numba}
    assert "CUDA_HOME" in by_key["shared-library-not-found"].fix
    assert by_key["shared-library-not-found"].situation == "a path into a versioned CUDA folder"
    # near miss: the unversioned /usr/local/cuda link is no stale version
    plain = explain("/usr/local/cuda/lib64/libfoo.so: cannot open shared object file: No such file or directory")
    assert plain[0].key == "shared-library-not-found" and plain[0].situation is None


def test_onnxruntime_provider_load_error_is_answered_by_the_library_its_loader_names() -> None:
    # facebookresearch/vfusion3d#16: the TensorRT provider failed on cuDNN 9, which breaks the CUDA provider too
    head = (
        "[E:onnxruntime:Default, provider_bridge_ort.cc:1978 TryGetProviderInfo_TensorRT] /onnxruntime_src/onnxruntime"
        "/core/session/provider_bridge_ort.cc:1637 onnxruntime::Provider& onnxruntime::ProviderLibrary::Get() "
        "[ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_tensorrt.so with error: "
    )
    tail = (
        ": cannot open shared object file: No such file or directory\n\n*************** EP Error ***************\n"
        "EP Error /onnxruntime_src/onnxruntime/python/onnxruntime_pybind_state.cc:490 void onnxruntime::python::"
        "RegisterTensorRTPluginsAsCustomOps(PySessionOptions&, const onnxruntime::ProviderOptions&) Please install "
        "TensorRT libraries as mentioned in the GPU requirements page, make sure they're in the PATH or "
        "LD_LIBRARY_PATH, and that your GPU is supported.\n"
    )
    cudnn = explain(head + "libcudnn.so.9" + tail)
    assert cudnn[0].key == "cuda-library-major" and cudnn[0].product == "onnxruntime"
    assert "ort-tensorrt-libs-missing" not in [e.key for e in cudnn]
    # near miss: the provider missing TensorRT's own library is still the TensorRT provider's answer
    nvinfer = explain(head + "libnvinfer.so.10" + tail)
    assert nvinfer[0].key == "ort-tensorrt-libs-missing"


# ---- no kernel image for this GPU ------------------------------------------------------------------------------------
def test_no_kernel_image_in_a_kernel_library_names_no_tensorrt() -> None:
    # zai-org/ChatGLM-6B#1234, ChatGLM3#695: cpm_kernels' quantization kernels have no image for an old GPU
    # cpm_kernels' own capital-E wording is `kern-lib-no-kernel-image`'s; the core row beside it is neutral too
    both = explain("RuntimeError: CUDA Error: no kernel image is available for execution on the device")
    assert both[0].key == "kern-lib-no-kernel-image"
    found = next(e for e in both if e.key == "gpu-arch-unsupported")
    _no_torchtrt(found.fix, found.commands)
    assert "TensorRT" not in found.fix and "quantization" in found.fix and not found.advice
    assert "kernel library" in found.cause


def test_no_kernel_image_for_each_library_the_text_shows() -> None:
    torch = answer(
        "UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch "
        "installation.\nThe current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 "
        "sm_90.\n",
        "gpu-arch-unsupported",
    )
    assert torch.product == "torch" and "get_arch_list" in torch.fix and not torch.commands
    assert all("TensorRT" not in a for a in torch.advice)
    trt = answer(
        "[TRT] [E] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 87 is not "
        "supported by this TensorRT release.)",
        "gpu-arch-unsupported",
    )
    assert trt.product == "tensorrt" and "TensorRT release" in trt.fix and trt.commands
    assert any("TensorRT" in a for a in trt.advice)  # which TensorRT releases support SM 8.7
    own = answer(
        "import torch_tensorrt\nRuntimeError: CUDA error: no kernel image is available for execution on the device",
        "gpu-arch-unsupported",
    )
    assert own.product == "torch_tensorrt" and "torchtrt-compat check" in own.fix


def test_a_torch_only_answer_gets_no_tensorrt_support_line() -> None:
    # canopyai/Orpheus-TTS#44: vLLM's bfloat16 refusal on a 6.1 GPU; which TensorRT supports 6.1 is noise there
    found = explain(
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla P40 GPU "
        "has compute capability 6.1. You can use float16 instead by explicitly setting the `dtype` flag in CLI, for "
        "example: --dtype=half."
    )
    assert found[0].key == "torch-bf16-unsupported" and all("TensorRT" not in a for a in found[0].advice)


# ---- memory: illegal access, out of memory, cuDNN -------------------------------------------------------------------
def test_an_illegal_access_in_a_serving_engine_or_plain_torch_names_no_engine_buffers() -> None:
    sglang = answer(
        "sglang 推理报错 CUDA error: an illegal memory access was encountered", "illegal-memory-access"
    )  # stepfun-ai/Step3#9
    assert sglang.situation == "an LLM serving engine" and "--disable-cuda-graph" in sglang.fix
    torch = answer(
        '  File "train.py", line 40, in <module>\n    loss.backward()\nRuntimeError: CUDA error: an illegal memory '
        "access was encountered",
        "illegal-memory-access",
    )
    assert "engine" not in torch.fix and "compute-sanitizer" in torch.fix
    trt = answer(
        "[TRT] [E] 1: [defaultAllocator.cpp::deallocate::42] Error Code 1: Cuda Runtime (an illegal memory access was "
        "encountered)",
        "illegal-memory-access",
    )
    assert trt.product == "tensorrt" and "engine's tensor shape" in trt.fix


def test_out_of_memory_by_the_library_that_ran_out() -> None:
    tgi = answer(
        '"torch.cuda.OutOfMemoryError: CUDA out of memory" when deploy LLM with TGI in Kubernetes cluster',
        "gpu-out-of-memory",
    )  # huggingface/text-generation-inference#1687
    assert "--max-batch-prefill-tokens" in tgi.fix and "workspace" not in tgi.fix
    train = answer(
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 "
        "GiB of which 1.02 GiB is free. Of the allocated memory 20.1 GiB is allocated by PyTorch, and 1.9 GiB is "
        "reserved by PyTorch but unallocated.",
        "gpu-out-of-memory",
    )
    assert train.product == "torch" and "expandable_segments" in train.fix and "max shape" not in train.fix
    own = answer("torch_tensorrt compile\nRuntimeError: CUDA out of memory", "gpu-out-of-memory")
    assert "workspace_size" in own.fix
    ctx = answer(
        "[W] [TRT] Requested amount of GPU memory (17920000000 bytes) could not be allocated.\n[E] [TRT] 2: "
        "[executionContext.cpp::...ExecutionContext::470] Error Code 2: OutOfMemory (no further information)",
        "gpu-out-of-memory",
    )
    assert ctx.situation == "creating the execution context"


def test_cudnn_execution_failed_in_a_library_built_from_source() -> None:
    # ageitgey/face_recognition#834: dlib's own cuDNN call fails; rebuild dlib against the CUDA / cuDNN installed
    dlib = answer(
        "RuntimeError: Error while calling cudnnConvolutionForward( context(), &alpha, descriptor(data), "
        "data.device(), filters.device()) in file /home/u/dlib/dlib/cuda/cudnn_dlibapi.cpp:1007. code: 8, reason: "
        "CUDNN_STATUS_EXECUTION_FAILED",
        "cudnn-not-initialized",
    )
    assert "rebuild" in dlib.fix and "dlib" in dlib.fix and "torch.backends" not in dlib.fix
    torch = answer("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED (torch)", "cudnn-not-initialized")
    assert "torch.backends.cudnn.version()" in torch.fix
    tf = answer(
        "2020-05-01 10:00:00.1: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: "
        "CUDNN_STATUS_INTERNAL_ERROR",
        "cudnn-not-initialized",
    )
    assert "set_memory_growth" in tf.fix
    # near miss: a bare status names neither dlib nor torch
    bare = answer("CUDNN_STATUS_EXECUTION_FAILED", "cudnn-not-initialized")
    assert bare.situation is None and "torch.backends" not in bare.fix


# ---- drivers, builds and GPUs ---------------------------------------------------------------------------------------
def test_driver_cpu_build_and_no_gpu_are_worded_for_any_library() -> None:
    darknet = answer(
        "CUDA Error: CUDA driver version is insufficient for CUDA runtime version", "cuda-driver-insufficient"
    )  # leggedrobotics/darknet_ros#102
    _no_torchtrt(darknet.fix, darknet.commands)
    torch = answer(
        '  File "/usr/lib/python3/site-packages/torch/cuda/__init__.py", line 300, in _lazy_init\nRuntimeError: The '
        "NVIDIA driver on your system is too old (found version 11040).",
        "cuda-driver-insufficient",
    )
    assert torch.product == "torch" and "torch.version.cuda" in torch.fix
    cpu = answer("AssertionError: Torch not compiled with CUDA enabled", "torch-cpu-build")
    assert "pip uninstall torch" in cpu.fix and "torchtrt" not in cpu.fix and not cpu.commands
    own = answer("import torch_tensorrt\nAssertionError: Torch not compiled with CUDA enabled", "torch-cpu-build")
    assert "torchtrt-compat check" in own.fix and own.commands
    ray = explain("ray.exceptions.RayTaskError: RuntimeError: No CUDA GPUs are available")  # ray-project/ray#3265
    assert ray[0].key == "no-gpu-visible" and "num_gpus" in ray[0].fix and "build_engine" not in ray[0].fix


def test_dll_load_and_pip_pins_of_other_packages() -> None:
    cv2 = answer(
        "ImportError: DLL load failed while importing cv2: The specified module could not be found.", "windows-dll-load"
    )
    assert "reinstall the package" in cv2.fix and not cv2.commands and "pins" not in cv2.fix
    vision = answer(
        "torchvision 0.16.0 requires torch==2.1.0, but you have torch 2.2.0 which is incompatible.", "pip-pin-conflict"
    )
    assert "torch_tensorrt" not in vision.fix and not vision.commands
    own = answer(
        "torch-tensorrt 2.6.0+cu126 requires tensorrt<10.8.0,>=10.7.0.post1, but you have tensorrt 10.8.0.43 which "
        "is incompatible.",
        "pip-pin-conflict",
    )
    assert "torchtrt-compat suggest" in own.fix and own.commands


# ---- a miss: the next step is the library's -------------------------------------------------------------------------
def test_a_miss_names_the_step_of_the_library_it_shows() -> None:
    frames = 'Traceback (most recent call last):\n  File "/venv/lib/python3.10/site-packages/{0}", line 9, in {1}\n'
    torch = explain(frames.format("torch/nn/modules/module.py", "_call_impl") + "RuntimeError: zzqx frobnicated")
    assert (torch.outcome, torch.stage, torch.library) == ("unexplained", "runtime", "torch")
    # a Python exception that names no CUDA failure: the step is the debugger's (its command is pdb), not an engine's
    assert torch.next_step and "engine" not in torch.next_step and "debugger" in torch.next_step
    own = explain(frames.format("torch_tensorrt/runtime/_module.py", "forward") + "RuntimeError: zzqx frobnicated")
    assert (own.outcome, own.stage, own.library) == ("unexplained", "runtime", "torch_tensorrt")
    assert own.next_step and own.next_step.startswith("the engine failed while running")
    # pip's failure: another package's install gets no torchtrt-compat command
    pip = "Collecting {0}\n  Building wheel for {0} (setup.py) ... error\nERROR: Failed building wheel for {0} zzqx\n"
    other = explain(pip.format("torch-scatter"))  # a family since round eight: pip's wheel build failed
    assert other[0].key == "build-pip-wheel-failed" and not other[0].commands  # no torchtrt-compat check / suggest
    assert "torchtrt-compat check" not in other[0].fix and "torchtrt-compat suggest" not in other[0].fix
    other = explain("Collecting torch-scatter\nERROR: zzqx frobnicated while installing torch-scatter\n")
    assert other.stage == "install" and other.next_step and "torchtrt-compat" not in other.next_step
    trt = explain(pip.format("tensorrt"))  # TensorRT's own wheel failing is a family, with torchtrt-compat's commands
    assert trt[0].key == "no-matching-distribution" and "torchtrt-compat suggest" in trt[0].commands


def test_a_negative_size_outside_torch_tensorrt_is_a_size_to_trace() -> None:
    plain = answer(
        "RuntimeError: Trying to create tensor with negative dimension -1: [-1, 4096]", "dynamic-shape-negative-dim"
    )
    assert "config" in plain.fix and "torchtrt" not in plain.fix
    ts = answer(
        "[Torch-TensorRT] - Partitioning\nRuntimeError: Trying to create tensor with negative dimension -1: [-1, 3, "
        "224, 224]",
        "dynamic-shape-negative-dim",
    )
    assert "torch_tensorrt.Input" in ts.fix


def test_cudnn_status_in_ctranslate2s_words_and_mixed_cudnn_libraries() -> None:
    # CTranslate2's CUDNN_CHECK: "cuDNN failed with status <cudnnGetErrorString>" (include/ctranslate2/cuda/utils.h);
    # jianchang512/stt#130 runs faster-whisper
    ct2 = answer("RuntimeError: cuDNN failed with status CUDNN_STATUS_NOT_INITIALIZED", "cudnn-not-initialized")
    assert ct2.product == "ctranslate2" and "compute_type" in ct2.fix
    # cuDNN 9's sub-libraries of another version than the main one: two cuDNN copies on the loader path
    mixed = answer(
        "RuntimeError: cuDNN failed with status CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH", "cudnn-not-initialized"
    )
    assert mixed.situation == "cuDNN libraries of two versions" and "ldconfig -p | grep cudnn" in mixed.fix
    # near miss: torch's own wording is no CTranslate2 text
    torch = answer("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED", "cudnn-not-initialized")
    assert torch.product != "ctranslate2"


def test_out_of_memory_and_no_kernel_image_in_other_libraries_words() -> None:
    # TensorFlow's allocator: "OOM when allocating tensor with shape[...]" (ResourceExhaustedError)
    tf = answer(
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
        "shape[256,512,28,28] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        "gpu-out-of-memory",
    )
    assert tf.product == "tensorflow" and "set_memory_growth" in tf.fix
    cupy = answer("cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 1,024 bytes", "gpu-out-of-memory")
    assert cupy.product == "cupy" and "free_all_blocks" in cupy.fix
    ort = answer(
        "onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : "
        "Non-zero status code returned while running Conv node. Name:'Conv_0' Status Message: CUDA error "
        "cudaErrorNoKernelImageForDevice:no kernel image is available for execution on the device",
        "gpu-arch-unsupported",
    )
    assert ort.product == "onnxruntime" and "CPUExecutionProvider" in ort.fix
    # near miss: the host's OOM killer is no GPU allocation
    host = explain("kernel: Out of memory: Killed process 1234 (python) total-vm:9000kB, OOM score 900")
    assert all(e.key != "gpu-out-of-memory" for e in host)


def test_ctranslate2s_wording_inside_a_chinese_sentence() -> None:
    # jianchang512/stt#130: the message runs on from Chinese text without a space
    found = answer(
        "ubuntu系统 3090ti+cuda12.1,torch2.5.1,cudnn9.13.0调用gpu运行出现cuDNN failed with status "
        "CUDNN_STATUS_NOT_INITIALIZED",
        "cudnn-not-initialized",
    )
    assert found.product == "ctranslate2"
