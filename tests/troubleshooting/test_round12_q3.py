"""`explain`, round twelve (issue 36), runtime, devices, warnings-only pastes and serving, in each library's own words
(cited in the families' ``example_source``): weights left on the meta device, Torch-TensorRT's device probe, docker's
'No such container', TensorFlow's no-driver lines, an uncaught C++ exception, a segfault in TensorRT's build_engine,
FlashAttention-3's Hopper kernel elsewhere, torch's older device-mismatch wording, is_available() False in prose, and a
device ordinal inside a BentoML worker; near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_meta_device_offload() -> None:
    key, fix = first("RuntimeError: Tensor on device meta is not on the expected device cuda:0!")
    assert key == "accelerate-meta-offload" and "load_in_8bit" in fix
    copy = "NotImplementedError: Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty()"
    assert first(copy)[0] == "accelerate-meta-offload"
    # a device mismatch between two real devices is not an offload
    assert "accelerate-meta-offload" not in keys("Tensor on device cpu is not on the expected device cuda:0!")


def test_torchtrt_device_probe() -> None:
    text = "WARNING: [Torch-TensorRT] - Unable to read CUDA capable devices. Return status: 35"
    result = explain(text)
    assert result.first_answer == "torchtrt-device-probe-no-gpu"  # a warning that means the engines cannot run
    assert result.outcome == "explained" and "--gpus all" in result[0].fix
    triton = text + "\nI0215 08:42:16.993018 1 libtorch.cc:1227] TRITONBACKEND_Initialize: pytorch"
    assert "KIND_CPU" in first(triton)[1]
    assert "torchtrt-device-probe-no-gpu" not in keys("WARNING: Unable to read the CUDA devices file: 35")


def test_docker_no_such_container_is_a_notice() -> None:
    result = explain("./deploy_trt.sh\nError: No such container: insightface-rest-gpu0-trt")
    assert result.outcome == "warnings-only" and result[0].key == "docker-no-such-container"
    daemon = "Error response from daemon: No such container: trt-server"
    assert keys(daemon)[0] == "docker-no-such-container"
    # a notice never heads a text that failed for another reason
    failed = (
        "Error: No such container: old\nTraceback (most recent call last):\nRuntimeError: CUDA error: out of memory"
    )
    assert explain(failed).first_answer != "docker-no-such-container"
    assert "docker-no-such-container" not in keys("Error: No such image: nvcr.io/nvidia/tritonserver:24.01-py3")


def test_tf_no_driver_notice() -> None:
    text = (
        "2020-01-16 12:58:56.907133: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load "
        "dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such file or "
        "directory\n2020-01-16 12:58:56.907168: E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to "
        "cuInit: UNKNOWN ERROR (303)\n2020-01-16 12:58:56.907187: I tensorflow/stream_executor/cuda/"
        "cuda_diagnostics.cc:156] kernel driver does not appear to be running on this host (a88f782966c0): "
        "/proc/driver/nvidia/version does not exist"
    )
    result = explain(text)
    assert result.first_answer == "cpu-tf-gpu-not-registered"
    assert "Failure" not in result.summary and "Harmless" in result.summary  # the error line is a notice
    assert "no NVIDIA kernel module" in result[0].fix  # the no-driver variant, not 'install the libraries'
    assert "tf-no-driver-host-notice" in keys(text)
    # cuInit failing with another code on a host with a driver is not this notice
    assert "tf-no-driver-host-notice" not in keys("E cuda_driver.cc:318] failed call to cuInit: CUDA_ERROR_UNKNOWN")


def test_uncaught_cpp_exception() -> None:
    text = (
        "Running GPU tests\nterminate called after throwing an instance of 'std::runtime_error'\n  what():  Error: "
        "compute_ctc_loss in small_test, stat = execution failed\nAborted (core dumped)"
    )
    found = explain(text)
    assert found.first_answer == "cpp-uncaught-exception" and "compute capability" in found[0].fix
    assert "compute_ctc_loss" in (found[0].op or "")
    assert "cpp-uncaught-exception" not in keys("Segmentation fault (core dumped)")


def test_trt_build_engine_segfault() -> None:
    text = "python onnx2trt_ptq.py\nengine = builder.build_engine(network,config)\nSegmentation fault (core dumped)"
    key, fix = first(text)
    assert key == "trt-build-engine-segfault" and "optimization profile" in fix
    serial = "    plan = builder.build_serialized_network(network, config)\nSegmentation fault"
    assert first(serial)[0] == "trt-build-engine-segfault"
    # a segfault elsewhere is not a TensorRT build crash
    assert first("model = load(path)\nSegmentation fault (core dumped)")[0] != "trt-build-engine-segfault"


def test_flash_attention_hopper_kernel() -> None:
    text = (
        "(EngineCore_0 pid=6357) \nCUDA error (/__w/xformers/xformers/third_party/flash-attention/hopper/"
        "flash_fwd_launch_template.h:188): invalid argument\nTraceback (most recent call last):\n  ...\nRuntimeError: "
        "Engine core initialization failed. See root cause above. Failed core proc(s): {}"
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "VLLM_ATTENTION_BACKEND" in fix
    # flash-attention 2's own CUDA error (not the hopper/ kernels) is not this
    other = "CUDA error (/flash-attention/csrc/flash_attn/src/flash_fwd_launch_template.h:89): invalid argument"
    assert "gpu-arch-unsupported" not in keys(other)
    image = "CUDA error (/build/flash-attention/hopper/flash_fwd_launch_template.h:167): no kernel image is available"
    assert first(image + " for execution on the device")[0] == "gpu-arch-unsupported"


def test_old_torch_device_wording() -> None:
    old = (
        "Expected object of device type cuda but got device type cpu for argument #1 'self' in call to "
        "_thnn_conv2d_forward"
    )
    assert first(old)[0] == "device-mismatch"
    backend = "RuntimeError: Expected object of backend CUDA but got backend CPU for argument #2 'weight'"
    assert first(backend)[0] == "device-mismatch"
    # a dtype mismatch in the same wording is not a device one
    assert "device-mismatch" not in keys(
        "Expected object of scalar type Float but got scalar type Double for argument #2"
    )


def test_is_available_false_in_prose_in_a_container() -> None:
    text = (
        "I pulled the official docker image but after installing all the dependencies, I'm getting "
        "torch.cuda.is_available() = False."
    )
    key, fix = first(text)
    assert key == "cuda-unavailable" and "--gpus" in fix
    assert "cuda-unavailable" not in keys("torch.cuda.is_available() = True")


def test_device_ordinal_in_a_bentoml_worker() -> None:
    text = "$ bentoml serve service:svc\nRuntimeError: CUDA error: invalid device ordinal"
    key, fix = first(text)
    assert key == "torch-invalid-device" and "nvidia.com/gpu" in fix
    key, fix = first("RuntimeError: CUDA error: invalid device ordinal")
    assert "inside the worker" in fix  # the plain reading also names the worker's own CUDA_VISIBLE_DEVICES


def test_darknet_cudnn_after_the_stream_closed() -> None:
    text = (
        "Stream closed.\n\n cuDNN status Error in: file: ./src/convolutional_kernels.cu : () : line: 535\n"
        "cuDNN Error: CUDNN_STATUS_EXECUTION_FAILED\ndarknet: ./src/utils.c:281: error: Assertion `0' failed."
    )
    key, fix = first(text)
    assert key == "cudnn-not-initialized" and "update darknet" in fix
    assert "update darknet" not in first("cuDNN Error: CUDNN_STATUS_EXECUTION_FAILED")[1]


def test_tf_trt_cudnn_context() -> None:
    text = (
        "W tf2tensorrt/utils/trt_logger.cc:38] TF-TRT Warning: DefaultLogger TensorRT was linked against cuDNN 8.1.0 "
        "but loaded cuDNN 8.0.5\nE tf2tensorrt/utils/trt_logger.cc:42] DefaultLogger safeContext.cpp (124) - Cudnn "
        "Error in initializeCommonContext: 1 (Could not initialize cudnn, please check cudnn installation.)"
    )
    key, fix = first(text)
    assert key == "trt-cudnn-tactic-missing" and "set_memory_growth" in fix


def test_spconv_nvrtc_path_means_no_kernels_for_this_gpu() -> None:
    # spconv / cumm's ConvTunerSimple when its C++ build has no kernel for the GPU (autoware-universe#11933's wording)
    text = (
        "[node-1] terminate called after throwing an instance of 'std::runtime_error'\n"
        "[node-1]   what():  /ws/spconv_cpp/"
        "spconv/src/spconvlib/spconv/csrc/sparse/convops/convops/ConvTunerSimple/ConvTunerSimple_cached_get_nvrtc_params"
        ".cc(18)\n[node-1] not implemented in c++, must be overrided in python!!!"
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "CUMM_CUDA_ARCH_LIST" in fix
    assert "gpu-arch-unsupported" not in keys("NotImplementedError: not implemented in c++")


def test_the_device_probe_warning_gives_way_to_a_failure_in_the_same_text() -> None:
    # a build host without a GPU prints Torch-TensorRT's probe line before every build; the build's own failure wins
    probe = "WARNING: [Torch-TensorRT] - Unable to read CUDA capable devices. Return status: 35"
    failed = (
        probe + '\nTraceback (most recent call last):\n  File "build.py", line 3, in <module>\n'
        "torch._dynamo.exc.UserError: Could not guard on data-dependent expression Eq(u0, 3) (unhinted: Eq(u0, 3))."
    )
    assert [e.key for e in explain(failed)][:1] == ["data-dependent-guard"]
    assert "torchtrt-device-probe-no-gpu" not in [e.key for e in explain(failed)]
    assert explain(probe)[0].key == "torchtrt-device-probe-no-gpu"
