"""`explain`, round thirty-eight (issue 36): self-hosted home apps with GPU inference or transcoding. FFmpeg / libva
failing to open a VA-API device (by the driver the text names), the i965 driver's encoder assertion, OpenVINO's GPU
plugin finding no GPU (and an app's CPU fallback notice alone: only warnings), a segfault in onnxruntime's CUDA
provider, a container that loses its GPU after running, TensorFlow's invalid handle at a kernel launch, pip skipping an
index page by its Content-Type, and a media server's NVIDIA probe. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_vaapi_device_failures_by_driver() -> None:
    i965 = (
        "[AVHWDeviceContext @ 0x1] libva: /usr/lib/dri/i965_drv_video.so init failed\n"
        "[AVHWDeviceContext @ 0x1] Failed to initialise VAAPI connection: -1 (unknown libva error).\n"
        "Device creation failed: -5."
    )
    key, fix = first(i965)
    assert key == "vaapi-device-failed" and "LIBVA_DRIVER_NAME=iHD" in fix
    amd = (
        "Device creation failed: -22.\n"
        "Failed to set value '/dev/dri/renderD129' for option 'vaapi_device': Invalid argument"
    )
    key, fix = first(amd)
    assert key == "vaapi-device-failed" and "Mesa" in fix and "/dev/dri" in fix
    denied = (
        "[AVHWDeviceContext @ 0x2] Failed to open /dev/dri/renderD128 as DRM device node: Permission denied\n"
        "[AVHWDeviceContext @ 0x2] No VA display found for device /dev/dri/renderD128."
    )
    key, fix = first(denied)
    assert key == "vaapi-device-failed" and "--group-add" in fix
    key, fix = first(
        "vainfo: libva error: vaGetDriverNameByIndex() failed with unknown libva error\nvaInitialize failed"
    )
    assert key == "vaapi-device-failed"
    # near miss: an NVENC failure is no VA-API one
    assert first("[h264_nvenc @ 0x3] Cannot load libnvidia-encode.so.1")[0] == "nvcodec-library-missing"


def test_i965_encoder_assert_is_the_va_driver() -> None:
    key, fix = first(
        "ffmpeg: i965_encoder.c:1500: intel_enc_hw_context_init: Assertion `encoder_context->mfc_context' failed."
    )
    assert key == "vaapi-device-failed" and "iHD" in fix
    # near miss: another program's assert keeps the generic family
    key, _ = first("demo: /src/net.cpp:42: int main(): Assertion `ptr != nullptr' failed.\nAborted (core dumped)")
    assert key == "native-assert-failed"


def test_openvino_gpu_plugin_finds_no_device() -> None:
    text = (
        "[GPU] Can't get OPTIMIZATION_CAPABILITIES property as no supported devices found or an error happened "
        "during devices query.\n[GPU] Please check OpenVINO documentation for GPU drivers setup guide."
    )
    key, fix = first(text)
    assert key == "openvino-gpu-no-device" and "/dev/dri" in fix and "available_devices" in fix
    # near miss: the GPU plugin found the GPU but has no kernel for a layer
    assert first("[GPU] Could not find a suitable kernel for convolution:conv1")[0] != "openvino-gpu-no-device"


def test_openvino_fallback_alone_is_a_notice() -> None:
    text = (
        "[01/02/25 10:00:00] DEBUG    Available OpenVINO devices: ['CPU']\n"
        "[01/02/25 10:00:00] WARNING  No GPU device found in OpenVINO. Falling back to\n"
        "                             CPU.\n"
        "[01/02/25 10:00:00] INFO     Setting execution providers to ['CPUExecutionProvider']"
    )
    result = explain(text)
    assert result.outcome == "warnings-only"
    # with a real failure after it, the failure is the answer
    failed = text + '\nTraceback (most recent call last):\n  File "x.py", line 1\nValueError: bad input'
    assert explain(failed).first_answer != "openvino-gpu-fallback-notice"


def test_segfault_in_the_ort_cuda_provider() -> None:
    text = (
        "[1234.5] python3[999]: segfault at 8 ip 00007f00aa000000 sp 00007f00bb000000 error 4 in "
        "libonnxruntime_providers_cuda.so[7f00aa000000+b00000]\nML request failed"
    )
    key, fix = first(text)
    assert key == "ort-cuda-provider-segfault" and "CPUExecutionProvider" in fix and "nvidia-smi" in fix
    # near miss: the provider library cannot load (no crash): the provider family
    miss = (
        "[E:onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] Failed to load library "
        "libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object file"
    )
    assert first(miss)[0] != "ort-cuda-provider-segfault"


def test_container_that_loses_its_gpu_after_running() -> None:
    text = (
        "the docker container transcodes on the GPU for several hours, then all jobs fail until I restart it\n"
        "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"
    )
    key, fix = first(text)
    assert key == "host-nvml-lost" and "cgroup" in fix
    # near miss: no word that it worked before: the GPU was never given
    assert first("docker run img\nRuntimeError: No CUDA GPUs are available")[0] != "host-nvml-lost"
    assert first("CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected")[0] != "host-nvml-lost"


def test_tensorflow_invalid_handle_at_kernel_launch() -> None:
    text = (
        "ERROR - detection failed: {{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:GPU:0}}"
        " 'cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY, blockZ, 0, stream, params, nullptr)' failed "
        "with 'CUDA_ERROR_INVALID_HANDLE' [Op:Mul]"
    )
    key, fix = first(text)
    assert key == "invalid-resource-handle" and "TensorFlow" in fix and "tf.device" in fix
    # near miss: torch's wording keeps the context fix
    key, fix = first("RuntimeError: CUDA error: invalid resource handle")
    assert key == "invalid-resource-handle" and "tf.device" not in fix


def test_pip_skipped_an_index_page_by_content_type() -> None:
    text = (
        "WARNING: Skipping page https://mirror.example/simple/somepkg/ because the GET request got Content-Type: "
        "text/plain. The only supported Content-Types are application/vnd.pypi.simple.v1+json, "
        "application/vnd.pypi.simple.v1+html, and text/html\n"
        "ERROR: Could not find a version that satisfies the requirement somepkg==1.2 (from versions: none)\n"
        "ERROR: No matching distribution found for somepkg==1.2"
    )
    key, fix = first(text)
    assert key == "py-pip-no-matching-distribution" and "--index-url" in fix and "proxy" in fix
    # near miss: no skipped page: the general fix
    key, fix = first(
        "ERROR: Could not find a version that satisfies the requirement somepkg==1.2 (from versions: none)"
    )
    assert key == "py-pip-no-matching-distribution" and "Content-Type" not in fix


def test_nvidia_capability_probe_failed() -> None:
    text = "WRN Error detecting NVIDIA GPU capabilities; some hardware accelerated features will be unavailable: 1"
    key, fix = first(text)
    assert key == "app-nvidia-capability-probe-failed" and "NVIDIA_DRIVER_CAPABILITIES" in fix
