"""`explain`, round forty-four (issue 36): GPU video and image decoding / encoding in each library's own words. The
driver's video libraries out of reach (an application's NVENC open with only FFmpeg's generic error, a Video Codec
SDK call answering CUDA error 100 or a garbage code before a crash, FFmpeg's CUDA device reported as 'Cannot allocate
memory'), NVDEC refusing a stream's codec id or failing on a packet of an opened stream, TorchCodec's CPU-only build
asked for CUDA, CUDA's initialization error from a GPU decoder in a data-loading worker, nvImageCodec's numbered
CUDA failure, and GPUDirect Storage's cuFile aborting. Near misses keep their own answers."""

from __future__ import annotations

from _explain import first


def test_the_driver_video_libraries_out_of_reach() -> None:
    # an application's encoder log with only FFmpeg's generic error
    key, fix = first(
        "[NVENC encoder: 'stream_h264'] Failed to open NVENC codec: Generic error in an external library\n"
        "[NVENC encoder] nvenc_create_internal failed"
    )
    assert key == "nvcodec-library-missing" and "h264_nvenc -f null" in fix
    # the same inside a Flatpak: the sandbox's driver runtime
    key, fix = first(
        "flatpak run com.example.Recorder\n[NVENC encoder: 'rec'] Failed to open NVENC codec: Generic error in an "
        "external library"
    )
    assert key == "nvcodec-library-missing" and "org.freedesktop.Platform.GL.nvidia" in fix
    # the SDK's call answering CUDA error 100, and garbage codes before a segfault
    key, fix = first(
        "RuntimeError: HandleVideoSequence : m_api.cuvidGetDecoderCaps(&caps) returned error 100 at NvDecoder.cpp:210"
    )
    assert key == "nvcodec-library-missing" and "NVIDIA_DRIVER_CAPABILITIES" in fix
    key, fix = first(
        "Failed to create encoder (LoadNvEncApi : NvEncodeAPIGetMaxSupportedVersion(&v) returned error -123456789 at "
        "src/NvEncoder.cpp:80)\nSegmentation fault (core dumped)"
    )
    assert key == "nvcodec-library-missing" and "stub" in fix
    # FFmpeg's CUDA device not created: not memory
    for text in (
        "Device setup failed for decoder on input stream #0:0 : Cannot allocate memory",
        "[AVHWDeviceContext @ 0x5600] cu->cuInit(0) failed -> CUDA_ERROR_NO_DEVICE: no CUDA-capable device is "
        "detected\nDevice creation failed: -542398533.",
    ):
        key, fix = first(text)
        assert key == "nvcodec-library-missing" and "not the problem" in fix, text


def test_specific_nvenc_refusals_keep_their_answers() -> None:
    base = "[NVENC encoder: 'rec'] Failed to open NVENC codec: Generic error in an external library\n"
    assert first(base + "[h264_nvenc @ 0x1] OpenEncodeSessionEx failed: incompatible client key (21)")[0] == (
        "nvenc-session-limit"
    )
    assert first(base + "[h264_nvenc @ 0x1] InitializeEncoder failed: invalid param (8): Invalid Level.")[0] == (
        "nvenc-invalid-parameters"
    )
    # a decoder error 100 of another kind of call is no video capability
    assert first("cudaMemcpy returned error 100")[0] != "nvcodec-library-missing"
    # a VA-API device that failed is VA-API's
    assert first("[AVHWDeviceContext @ 0x1] Failed to initialise VAAPI connection: -1 (unknown libva error).")[0] == (
        "vaapi-device-failed"
    )


def test_nvdec_refuses_a_codec_id_or_a_too_large_picture() -> None:
    key, fix = first("Invalid codec for NvDecoder\nRuntimeError: Unhandled codec 12345 in /data/clips/a.mp4")
    assert key == "nvdec-stream-unsupported" and "libavcodec" in fix
    key, fix = first("NVEncC (x64) 7.0\nInput Info     avcuvid: H.264/AVC, 8192x4320\nFailed cuvidCreateDecoder")
    assert key == "nvdec-stream-unsupported" and "--avsw" in fix


def test_nvdec_fails_on_a_packet_of_an_opened_stream() -> None:
    key, fix = first(
        "[hevc_cuvid @ 0x7f00] ctx->cvdl->cuvidParseVideoData(ctx->cuparser, &cupkt) failed -> CUDA_ERROR_UNKNOWN: "
        "unknown error\nError while decoding stream #0:0: Generic error in an external library"
    )
    assert key == "nvdec-decode-failed" and "software decoding" in fix
    key, fix = first("PyNvDecoder: cuvidDecodePicture(m_hDecoder, pPicParams) returned error 1 at NvDecoder.cpp:500")
    assert key == "nvdec-decode-failed" and "Format" in fix
    # a no-device answer is the video libraries', the decoder's creation is the stream's
    assert first("ctx->cvdl->cuvidParseVideoData(p, &pkt) failed -> CUDA_ERROR_NO_DEVICE: no device")[0] == (
        "nvcodec-library-missing"
    )
    assert first("[h264 @ 0x1] ctx->cvdl->cuvidCreateDecoder(&d, &p) failed -> CUDA_ERROR_NOT_SUPPORTED: x")[0] == (
        "nvdec-stream-unsupported"
    )


def test_a_cpu_only_torchcodec_asked_for_cuda() -> None:
    key, fix = first(
        '  File "x/site-packages/torchcodec/decoders/_video_decoder.py", line 90, in __init__\n'
        "RuntimeError: Unsupported device: cuda:0"
    )
    assert key == "build-extension-without-cuda" and "CUDA build of TorchCodec" in fix
    # another library's list of devices is not this
    assert first("ValueError: Unsupported device: cudax")[0] != "build-extension-without-cuda"


def test_initialization_error_from_a_gpu_decoder_is_a_worker() -> None:
    for text in (
        "RuntimeError: CUDA error: initialization error (in torchcodec's add_video_stream)",
        "RuntimeError: Unhandled CUDA error: cudaErrorInitializationError initialization error",
    ):
        key, fix = first(text)
        assert key == "torch-cuda-init-error-mid-run" and "spawn" in fix and "main process" in fix, text
    # torch's own start of CUDA keeps its answer
    key, _ = first("UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up")
    assert key == "torch-cuda-init-unknown"


def test_nvimagecodec_numbered_cuda_failure() -> None:
    key, fix = first("RuntimeError: CUDA Runtime failure: '#2' at /build/python/image.cpp:64")
    assert key == "gpu-out-of-memory" and "smaller batches" in fix
    # another number is no memory failure
    assert first("RuntimeError: CUDA Runtime failure: '#20' at /build/python/image.cpp:64")[0] != "gpu-out-of-memory"


def test_cufile_aborts_or_refuses_its_driver() -> None:
    key, fix = first(">>> import somelib\nAssertion failure, file index :cufio-udev  line :120\nAborted (core dumped)")
    assert key == "gds-cufile-unavailable" and "allow_compat_mode" in fix
    key, fix = first("cuFileDriverOpen failed with CU_FILE_DRIVER_NOT_INITIALIZED on /usr/lib/wsl/lib")
    assert key == "gds-cufile-unavailable" and "WSL" in fix
    # a plain abort stays a crash
    assert first("Assertion failure in foo.c line 3\nAborted (core dumped)")[0] != "gds-cufile-unavailable"
