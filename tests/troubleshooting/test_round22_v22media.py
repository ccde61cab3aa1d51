"""`explain`, round twenty-two (issue 36), GPU data pipelines and the engine (helper v22media): FFmpeg's decoder
concealment lines are notices (a paste of them after a saved engine failed nothing), FFmpeg's broken pipe points at
the program reading the pipe, a missing ffmpeg executable, the Jetson decoder's device node not opened in a
container, a vendor's placeholder package on the public index, pin_memory handing back a plain dict, an NVIDIA
container's no-driver banner as a warning of failure; a CUDA extension's GPUassert wording of CUDA's unknown error,
CUDA's initialization error freed in a forked child, Caffe's cut 'invalid device functio', an app's own '<app>: cuda
is not available', and a device mismatch raised in an installed library's frames. Each with a near miss that must not
match. Texts are the libraries' own wordings (sources in the rows' example_source)."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


_WATSOR_LIKE = (
    "Building TensorRT engine. This may take few minutes.\n"
    "TensorRT engine saved to /opt/app/model/gpu.buf\n"
    "MainThread root INFO : Starting app with PID 1\n"
    "cam1 FFmpegDecoder INFO : [h264 @ 0x55a411e1dfe0] error while decoding MB 12 7, bytestream -9\n"
    "cam2 FFmpegDecoder INFO : [hevc @ 0x563a6b961340] concealing 312 DC, 312 AC, 312 MV errors in B frame\n"
)


def test_ffmpeg_decoder_concealment_is_a_notice() -> None:
    found = explain(_WATSOR_LIKE)
    assert found[0].key == "media-ffmpeg-decode-concealed"
    assert found.outcome == "warnings-only"
    assert "rtsp_transport tcp" in found[0].fix
    # co-located POCs, another concealment notice of FFmpeg's H.264 decoder
    assert _keys("[h264 @ 0x7f] co located POCs unavailable")[0] == "media-ffmpeg-decode-concealed"
    for line in ("[h264 @ 0x7f] mmco: unref short failure", "[rtsp @ 0x7f] RTP: missed 41 packets"):
        assert explain(line).outcome == "warnings-only", line
    # near miss: a decoder that could not open is no concealment notice
    assert "media-ffmpeg-decode-concealed" not in _keys("[h264 @ 0x55] error while decoding stream #0:0: Invalid data")


def test_ffmpeg_broken_pipe_points_at_the_reader() -> None:
    text = "Output #0, image2pipe, to 'pipe:':\nav_interleaved_write_frame(): Broken pipe\n"
    found = explain(text)
    assert found[0].key == "media-ffmpeg-broken-pipe"
    assert "traceback" in found[0].fix
    # a Python traceback before it is the real failure and ranks first
    first = explain("Traceback (most recent call last):\nModuleNotFoundError: No module named 'detectron'\n" + text)
    assert first[0].key != "media-ffmpeg-broken-pipe"
    # near miss: a plain broken pipe of a socket is not FFmpeg's
    assert "media-ffmpeg-broken-pipe" not in _keys("BrokenPipeError: [Errno 32] Broken pipe")


def test_ffmpeg_missing_from_path() -> None:
    assert _keys("    raise self._exception\nRuntimeError: ffmpeg not found.")[0] == "media-ffmpeg-not-found"
    assert _keys("FileNotFoundError: [Errno 2] No such file or directory: 'ffmpeg'")[0] == "media-ffmpeg-not-found"
    found = explain("RuntimeWarning: Couldn't find ffmpeg or avconv - defaulting to ffmpeg, but may not work")
    assert found[0].key == "media-ffmpeg-not-found"
    # near miss: a video file that is not found is not the executable
    assert "media-ffmpeg-not-found" not in _keys("FileNotFoundError: No such file or directory: 'clip_ffmpeg.mp4'")


def test_jetson_nvdec_node_not_opened() -> None:
    text = (
        "(deepstream-app:10): GStreamer-CRITICAL **: 07:18:35.802: gst_structure_get_string: assertion "
        "'structure != NULL' failed\n"
        "Opening channel /dev/nvhost-nvdec failed\n"
        "NVMEDIA: NvMMDecNVMEDIACreateParser: 2782: - Could not get NVDEC Channel handle for inst 0\n"
    )
    found = explain(text)
    assert found[0].key == "media-jetson-nvdec-open"
    assert "--runtime nvidia" in found[0].fix
    # near miss: a successful open of the same node is no failure
    assert "media-jetson-nvdec-open" not in _keys("Opening in BLOCKING MODE\nNvMMLiteOpen : Block : BlockType = 261")


def test_vendor_placeholder_package() -> None:
    text = (
        "Collecting nvidia-dali\n  Downloading nvidia-dali-0.0.1.dev5.tar.gz (8.0 kB)\n"
        "  Preparing metadata (setup.py) ... error\n  error: subprocess-exited-with-error\n"
        '          raise RuntimeError(open("ERROR.txt", "r").read())\n'
    )
    found = explain(text)
    assert found[0].key == "pip-vendor-placeholder"
    assert "nvidia-dali-cuda" in found[0].fix and "WSL2" in found[0].fix
    # near miss: a real source build of an NVIDIA-named package is a failed build, not a placeholder
    assert "pip-vendor-placeholder" not in _keys(
        "Building wheel for nvidia-apex (setup.py) ... error\n  ERROR: Failed building wheel for nvidia-apex"
    )


def test_pin_memory_plain_dict() -> None:
    found = explain("AttributeError: 'dict' object has no attribute 'cuda'")
    assert found[0].key == "dataloader-pin-memory-dict"
    assert "pin_memory=False" in found[0].fix
    # near miss: another type without .cuda()
    assert "dataloader-pin-memory-dict" not in _keys("AttributeError: 'list' object has no attribute 'cuda'")


def test_container_banner_warns_of_failure() -> None:
    text = (
        "$ bash scripts/extract_features.sh\n== NVIDIA Caffe ==\nNVIDIA Release 19.08 (build 7603994)\n\n"
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
        "   Use 'nvidia-docker run' to start this container\n"
    )
    found = explain(text)
    assert found[0].key == "container-banner-no-driver"
    assert found.outcome == "explained" and found.summary.startswith("Warning, no failure")
    assert "--gpus all" in found[0].fix
    # near miss: the banner alone after a bare `docker run <image>` started no GPU job: a warning only
    bare = explain(text.replace("$ bash scripts/extract_features.sh", "$ docker run my_image"))
    assert bare[0].key != "container-banner-no-driver" and bare.outcome == "warnings-only"
    # a failure of its own below the banner is the answer
    failed = explain(text + "E0605 06:26:38.150360 1 model_repository_manager.cc:1004] Poll failed for model\n")
    assert "container-banner-no-driver" not in [e.key for e in failed]


def test_extension_gpuassert_unknown_error() -> None:
    text = "GPUassert: unknown error /home/u/lib/src/kernels.cu 1002"
    assert _keys(text)[0] == "torch-cuda-init-unknown"
    # near miss: GPUassert with out of memory is a memory failure, not the driver's start
    assert _keys("GPUassert: out of memory /home/u/lib/src/kernels.cu 88")[0] != "torch-cuda-init-unknown"


def test_initialization_error_freed_in_a_forked_child() -> None:
    text = (
        "terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: initialization error\n"
        "Exception raised from insert_events at /opt/pytorch/c10/cuda/CUDACachingAllocator.cpp:717 (most recent "
        "call first):\nframe #1: c10::cuda::CUDACachingAllocator::raw_delete(void*) + 0x1070\n"
    )
    assert _keys(text)[0] == "torch-cuda-fork"
    # near miss: the error at start-up with no child's frames stays the driver start-up family
    assert _keys("RuntimeError: CUDA error: initialization error")[0] == "torch-cuda-init-unknown"


def test_caffe_check_cut_invalid_device_function() -> None:
    text = (
        "E1208 16:02:26.047878 27872 extract_image_features.cpp:72] Extracting features for 1 batches\n"
        "F1208 16:02:26.387730 27872 vol2col.cu:75] Check failed: error == cudaSuccess (8 vs. 0)  invalid device "
        "functio\n"
    )
    assert _keys(text)[0] == "torch-invalid-device-function"
    # near miss: another cut CUDA message ("invalid device ordin") is not this one
    assert "torch-invalid-device-function" not in _keys(
        "F1208 vol2col.cu:75] Check failed: error == cudaSuccess (101 vs. 0)  invalid device ordin"
    )


def test_apps_own_cuda_is_not_available() -> None:
    assert _keys("RIFE: cuda is not available")[0] == "app-no-cuda-device"
    # an exception line is torch's generic row, not the app's check
    assert _keys("RuntimeError: CUDA is not available")[0] != "app-no-cuda-device"
    # near miss: a provider that is not available is onnxruntime's
    assert "app-no-cuda-device" not in _keys("CUDAExecutionProvider is not available")


def test_device_mismatch_inside_an_installed_library() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 40, in <module>\n    out = augment(samples=audio.cuda(), sample_rate=16000)\n'
        '  File "/venv/lib/python3.9/site-packages/torch/nn/modules/module.py", line 1051, in _call_impl\n'
        "    return forward_call(*input, **kwargs)\n"
        '  File "/venv/lib/python3.9/site-packages/somelib/augment/noise.py", line 110, in apply\n'
        "    noisy = samples + noise * scale\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
        "cpu!\n"
    )
    found = explain(text)
    assert found[0].key == "device-mismatch" and "Upgrade the library" in found[0].fix
    # near miss: the user's own frame is the last before the error: the base fix
    mine = text.replace(
        '  File "/venv/lib/python3.9/site-packages/somelib/augment/noise.py", line 110, in apply\n',
        '  File "/home/u/model.py", line 9, in forward\n',
    )
    assert "Upgrade the library" not in explain(mine)[0].fix


def test_pin_memory_thread_died() -> None:
    assert _keys("RuntimeError: Pin memory thread exited unexpectedly")[0] == "dataloader-pin-memory-thread-died"
    # the worker's death printed above it is the answer
    text = (
        "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Killed.\n"
        "RuntimeError: Pin memory thread exited unexpectedly\n"
    )
    assert _keys(text)[0] != "dataloader-pin-memory-thread-died"
    # near miss: a worker that exited is not the pinning thread
    assert "dataloader-pin-memory-thread-died" not in _keys("RuntimeError: DataLoader worker exited unexpectedly")


def test_torchaudio_no_backend() -> None:
    text = "RuntimeError: Couldn't find appropriate backend to handle uri data/a.wav and format None."
    found = explain(text)
    assert found[0].key == "torchaudio-no-io-backend" and "soundfile" in found[0].fix
    # near miss: a file torchaudio cannot open at all is another error
    assert "torchaudio-no-io-backend" not in _keys("RuntimeError: Error opening 'data/a.wav': System error.")
