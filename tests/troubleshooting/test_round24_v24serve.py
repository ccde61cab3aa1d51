"""`explain`, round twenty-four (issue 36), web services, task workers and serving binaries: each class in its
library's own words (the wordings of its source, cited in the families' ``example_source``), with the fix for that
library; near misses (the same words from another cause, or another library's line) must not match."""

from __future__ import annotations

from _explain import first, keys


def test_nnunet_lack_of_memory() -> None:
    # nnunetv2 inference/predict_from_raw_data.py: the fallback message before the cut traceback
    text = (
        "Predicting file 1/1\n  0%|          | 0/125 [00:00<?, ?it/s]\nPrediction on device was unsuccessful, "
        "probably due to a lack of memory. Moving results arrays to CPU\nTraceback (most recent call last):\n"
        '  File "/x/nnunetv2/inference/predict_from_raw_data.py", line 613, in '
        "_internal_predict_sliding_window_return_logits\n    raise e"
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "perform_everything_on_device=False" in fix
    assert "gpu-out-of-memory" not in keys("Prediction on device was successful.")


def test_vgpu_shim_in_its_own_words() -> None:
    # HAMi-core src/multiprocess/multiprocess_memory_limit.c (lock_shrreg), under gunicorn workers
    text = (
        "[4pdvGPU ERROR (pid:167 thread=1401 multiprocess_memory_limit.c:455)]: Failed to lock shrreg: 4\n"
        "python3.7: /src/multiprocess/multiprocess_memory_limit.c:455: lock_shrreg: Assertion `0' failed.\n"
        "[2022-06-16 18:30:58 +0800] [12] [ERROR] Exception in worker process"
    )
    key, fix = first(text)
    assert key == "serve-vgpu-shim-assert" and "HAMi" in fix and "fewer GPU processes" in fix
    other = "python3: /src/engine.cpp:88: void load(): Assertion `engine != nullptr' failed.\nAborted (core dumped)"
    assert "serve-vgpu-shim-assert" not in keys(other)
    assert first(other)[0] == "native-assert-failed"


def test_ctranslate2_cuda_error() -> None:
    # CTranslate2 src/cuda/utils.h: 'CUDA failed with error ' + cudaGetErrorString, in a uvicorn service
    text = (
        "ERROR: Error processing or transcribing file: /x.mkv -- Exception: CUDA failed with error unknown error\n"
        'INFO:     10.0.0.7:57984 - "POST /detect-language HTTP/1.1" 500 Internal Server Error\n'
        "ERROR:    Exception in ASGI application\nTraceback (most recent call last):\n"
        '  File "/venv/lib/python3.10/site-packages/uvicorn/protocols/http/h11_impl.py", line 403, in run_asgi'
    )
    key, fix = first(text)
    assert key == "serve-ct2-cuda-error" and "device='cpu'" in fix and "compute capability" in fix
    # its out-of-memory wording stays with the memory row
    assert first("RuntimeError: CUDA failed with error out of memory")[0] == "serve-ct2-out-of-memory"


def test_a_framework_build_without_this_gpus_kernels() -> None:
    # TensorFlow's runtime init (gpu_device.cc) with cudaErrorInvalidKernelImage's message
    text = "CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid"
    key, fix = first(text)
    assert key == "kern-kernel-image-invalid" and "compute capability" in fix and "driver update alone" in fix
    key, fix = first("RuntimeError: Triton Error [CUDA]: device kernel image is invalid")
    assert key == "kern-kernel-image-invalid" and "TRITON_PTXAS_PATH" in fix


def test_a_serving_binary_without_its_tensorrt() -> None:
    # the loader's line for Paddle Serving's serving-gpu binary, linked against one TensorRT major
    text = (
        "/root/lib/python3.8/site-packages/paddle_serving_server_gpu/serving-gpu-102-0.5.0/serving: error while "
        "loading shared libraries: libnvinfer.so.7: cannot open shared object file: No such file or directory"
    )
    key, fix = first(text)
    assert key == "shared-library-not-found" and "Paddle Serving" in fix and "pip install 'tensorrt" not in fix
    plain = "ImportError: libnvinfer.so.10: cannot open shared object file: No such file or directory"
    assert "Paddle Serving" not in first(plain)[1]


def test_gpu_operator_toolkit_cannot_load_nvml() -> None:
    # the GPU Operator's toolkit wrapper runs nvidia-container-cli.real
    text = (
        'Daemonset pods fail with: "nvidia-container-cli.real: initialization error: load library failed: '
        'libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown"'
    )
    key, fix = first(text)
    assert key == "host-toolkit-driver" and "driver.enabled=false" in fix and "--gpus all" not in fix
    docker = (
        "docker: Error response from daemon: failed to create shim: OCI runtime create failed: nvidia-container-cli: "
        "initialization error: nvml error: driver not loaded: unknown."
    )
    key, fix = first(docker)
    assert key == "host-toolkit-driver" and "driver.enabled" not in fix


def test_jetson_tensorrt_sdist_cut_short() -> None:
    # the tensorrt-cu12 sdist's setup.py Tegra check, cut short in a compose log
    text = (
        "wyoming  |   Downloading tensorrt_cu12-10.12.0.36.tar.gz (18 kB)\nwyoming  |       Traceback (most recent "
        'call last):\nwyoming  |         File "/tmp/pip-install-x/tensorrt-cu12_7/setup.py", line 71, in <module>\n'
        'wyoming  |           raise RuntimeError("TensorRT does not cur'
    )
    key, fix = first(text)
    assert key == "serve-jetson-pip-tensorrt" and "JetPack" in fix
    sbsa = 'raise RuntimeError("TensorRT currently only builds wheels for x86_64 and ARM SBSA processors")'
    assert "serve-jetson-pip-tensorrt" not in keys(sbsa)


def test_first_cuda_call_finds_the_gpu_full() -> None:
    # torch's bare CUDA error (outside the caching allocator) at the first .cuda()
    text = (
        "RuntimeError: CUDA error: out of memory\n\n"
        '  File "../module/flow.py", line 79, in cnf\n    model = build_model().cuda()\n'
        '  File "/x/torch/nn/modules/module.py", line 491, in cuda\n    return self._apply(lambda t: t.cuda(device))'
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "allow_growth" in fix
    allocator = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 8 GiB"
        '\n  File "/x/torch/nn/modules/module.py", line 1160, in convert\n    param_applied = fn(param)'
    )
    assert "allow_growth" not in first(allocator)[1]
