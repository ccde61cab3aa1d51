"""`explain`, round twelve, GPU video and image decode / encode and GPU data pipelines (issue 36): FFmpeg's NVDEC /
NVENC in its own words (the driver's video libraries, an NVENC API newer than the driver, NVENC's session limit, a
GPU that cannot encode, an FFmpeg without NVIDIA codecs), NVDEC refusing a stream (FFmpeg, the Video Codec SDK's
NvDecoder in PyNvVideoCodec), decoders built without CUDA (decord, torchvision, OpenCV's cudacodec), DALI's NVML /
nvJPEG errors and missing features, GStreamer's missing elements and Jetson's EGL notice. Each wording is the
library's own (the sources named in families/video.py), with near misses that must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_ffmpeg_cannot_load_the_driver_video_libraries() -> None:
    dec = "[h264_cuvid @ 0x55d1c2a0] Cannot load libnvcuvid.so.1\n[h264_cuvid @ 0x55d1c2a0] Failed loading nvcuvid."
    key, fix = first(dec)
    assert key == "nvcodec-library-missing" and "libnvidia-decode" in fix
    # the encoder's library: FFmpeg adds its driver-requirement line, which is not the cause here
    enc = (
        "[h264_nvenc @ 0x5561] Cannot load libnvidia-encode.so.1\n"
        "[h264_nvenc @ 0x5561] The minimum required Nvidia driver for nvenc is 470.57.02 or newer"
    )
    assert first(enc)[0] == "nvcodec-library-missing"
    assert "nvenc-driver-too-old" not in keys(enc)
    windows = "[hevc_nvenc @ 000001c3] Cannot load nvEncodeAPI64.dll"
    assert first(windows)[0] == "nvcodec-library-missing"
    docker = "docker run --gpus all img ffmpeg -hwaccel cuda -i in.mp4\n[h264_cuvid @ 0x1] Cannot load libnvcuvid.so.1"
    key, fix = first(docker)
    assert key == "nvcodec-library-missing" and "NVIDIA_DRIVER_CAPABILITIES" in fix
    # near miss: the CUDA driver library itself is another failure
    assert "nvcodec-library-missing" not in keys("[AVHWDeviceContext @ 0x1] Cannot load libcuda.so.1")


def test_nvenc_asks_for_a_newer_driver() -> None:
    text = (
        "[hevc_nvenc @ 0x1] Driver does not support the required nvenc API version. Required: 13.0 Found: 12.2\n"
        "[hevc_nvenc @ 0x1] The minimum required Nvidia driver for nvenc is 570.0 or newer\n"
        "Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height"
    )
    key, fix = first(text)
    assert key == "nvenc-driver-too-old" and "nv-codec-headers" in fix
    assert "570.0" in explain(text)[0].op
    # near miss: an encoder that opened fine says nothing of the driver
    assert "nvenc-driver-too-old" not in keys("[h264_nvenc @ 0x1] Loaded Nvenc version 12.2")


def test_nvenc_session_limit() -> None:
    text = (
        "[hevc_nvenc @ 0x64daa18f0900] OpenEncodeSessionEx failed: incompatible client key (21): (no details)\n"
        "[hevc_nvenc @ 0x64daa18f0900] No capable devices found"
    )
    key, fix = first(text)
    assert key == "nvenc-session-limit" and "nvidia-smi" in fix and "libx264" in fix
    assert "nvenc-unsupported" not in keys(text)
    oom = "[h264_nvenc @ 0x1] OpenEncodeSessionEx failed: out of memory (10): (no details)"
    assert first(oom)[0] == "nvenc-session-limit"


def test_nvenc_on_a_gpu_that_cannot() -> None:
    text = (
        "[h264_nvenc @ 0x5618] OpenEncodeSessionEx failed: unsupported device (2): (no details)\n"
        "[h264_nvenc @ 0x5618] No capable devices found"
    )
    key, fix = first(text)
    assert key == "nvenc-unsupported" and "A100" in fix
    # "No capable devices found" alone may be the session limit too: the answer says "likely" and names it
    alone = explain("[h264_nvenc @ 0x1] No capable devices found")
    assert alone[0].confidence == "likely" and "nvenc-session-limit" in alone[0].alternatives
    assert first("[h264_nvenc @ 0x1] No NVENC capable devices found")[0] == "nvenc-unsupported"
    av1 = (
        "[av1_nvenc @ 0x6060] Codec not supported\n"
        "[av1_nvenc @ 0x6060] Provided device doesn't support required NVENC features"
    )
    assert first(av1)[0] == "nvenc-unsupported"
    # near miss: no CUDA GPU at all is the driver's own failure, not NVENC's
    assert "nvenc-unsupported" not in keys("[h264_nvenc @ 0x1] No CUDA capable devices found")


def test_an_ffmpeg_without_nvidia_codecs() -> None:
    key, fix = first("Unknown encoder 'h264_nvenc'")
    assert key == "ffmpeg-without-nvidia-codecs" and "-encoders" in fix
    ta = (
        'File "/x/torchaudio/io/_stream_reader.py", line 2, in add_video_stream\n'
        'RuntimeError: Unsupported codec: "h264_cuvid".'
    )
    key, fix = first(ta)
    assert key == "ffmpeg-without-nvidia-codecs" and "get_video_decoders" in fix
    # near miss: a CPU encoder that is missing is no NVIDIA matter
    assert "ffmpeg-without-nvidia-codecs" not in keys("Unknown encoder 'libx264'")


def test_nvdec_refuses_a_stream() -> None:
    ff = (
        "[h264 @ 0x1] decoder->cvdl->cuvidCreateDecoder(&decoder->decoder, params) failed -> "
        "CUDA_ERROR_INVALID_VALUE: invalid argument\n"
        "[h264 @ 0x1] Failed setup for format cuda: hwaccel initialisation returned error."
    )
    key, fix = first(ff)
    assert key == "nvdec-stream-unsupported" and "ffprobe" in fix
    sdk = "HandleVideoSequence : Codec not supported on this GPU at src/PyNvVideoCodec/src/NvDecoder.cpp:287"
    key, fix = first(sdk)
    assert key == "nvdec-stream-unsupported" and "PyNvVideoCodec" in fix
    # a decoder that could not be created for lack of memory is the memory family's too
    oom = ff.replace("CUDA_ERROR_INVALID_VALUE: invalid argument", "CUDA_ERROR_OUT_OF_MEMORY: out of memory")
    assert "nvdec-stream-unsupported" in keys(oom)
    # near miss: the SDK's capability query that succeeded
    assert "nvdec-stream-unsupported" not in keys("cuvidGetDecoderCaps: Codec supported on this GPU: yes")


def test_decord_built_without_cuda() -> None:
    text = (
        "decord._ffi.base.DECORDError: [10:14:02] /github/workspace/src/video/video_reader.cc:151: CUDA not "
        "enabled. Requested context GPU(0)."
    )
    key, fix = first(text)
    assert key == "decord-without-cuda" and "-DUSE_CUDA=ON" in fix and "decord.cpu(0)" in fix
    assert "decord-without-cuda" not in keys("CUDA not enabled in this build")


def test_torchvision_without_gpu_decoders() -> None:
    key, fix = first("RuntimeError: decode_jpegs_cuda: torchvision not compiled with nvJPEG support")
    assert key == "torchvision-gpu-codec-not-built" and "torchvision" in fix
    key, fix = first("RuntimeError: Not compiled with GPU decoder support.")
    assert key == "torchvision-gpu-codec-not-built" and "torchcodec" in fix
    assert "torchvision-gpu-codec-not-built" not in keys("torchvision compiled with nvJPEG support: True")


def test_opencv_cudacodec_without_the_codec_sdk() -> None:
    text = (
        "cv2.error: OpenCV(4.8.0) /io/opencv_contrib/modules/cudacodec/src/video_reader.cpp:54: error: (-213:The "
        "function/feature is not implemented) The called functionality is disabled for current build or platform "
        "in function 'throw_no_cuda'"
    )
    key, fix = first(text)
    assert key == "opencv-cudacodec-not-built" and "WITH_NVCUVID" in fix
    # near miss: the same stub outside cudacodec (another CUDA module not built) is not this family
    other = (
        "cv2.error: OpenCV(4.8.0) /io/opencv_contrib/modules/cudalegacy/src/x.cpp:9: error: (-213:The "
        "function/feature is not implemented) The called functionality is disabled for current build or platform"
    )
    assert "opencv-cudacodec-not-built" not in keys(other)


def test_dali_nvml_and_nvjpeg_errors() -> None:
    nvml = (
        "RuntimeError: Critical error in pipeline:\nError in thread 0: [/opt/dali/dali/util/nvml.h:142] nvml "
        "error (3): Not Supported\nCurrent pipeline object is no longer valid. (nvidia.dali)"
    )
    key, fix = first(nvml)
    assert key == "dali-nvml-error" and "affine=False" in fix
    jetson = nvml + "\nJetPack 5.1 on Orin"
    assert "Jetson" in first(jetson)[1]
    nvjpeg = (
        "RuntimeError: Critical error in pipeline:\nError in thread 1: [/opt/dali/dali/operators/decoder/nvjpeg/"
        "nvjpeg_decoder_decoupled_api.h:780] nvJPEG error (7): NVJPEG_STATUS_ARCH_MISMATCH (nvidia.dali)"
    )
    key, fix = first(nvjpeg)
    assert key == "dali-nvjpeg-error" and "hw_decoder_load" in fix
    tfr = "RuntimeError: DALI was not compiled with TFRecord support. Use BUILD_PROTO3=ON CMake option"
    assert first(tfr)[0] == "dali-feature-not-compiled"
    # near miss: an NVML error of another program (pynvml) is not DALI's
    assert "dali-nvml-error" not in keys("pynvml.NVMLError: nvml error (3) while reading power")


def test_gstreamer_missing_nvidia_elements() -> None:
    text = 'WARNING: erroneous pipeline: no element "nvv4l2decoder"'
    key, fix = first(text)
    assert key == "gstreamer-no-such-element" and "gst-inspect-1.0" in fix
    assert explain(text).outcome == "explained"
    cv = (
        "[ WARN:0@0.2] global cap_gstreamer.cpp:1127 open OpenCV | GStreamer warning: Error opening bin: no element "
        '"nvvidconv"'
    )
    key, fix = first(cv)
    assert key == "gstreamer-no-such-element" and "WITH_GSTREAMER" in fix
    assert explain(cv).outcome == "explained"
    # near miss: an element that exists, named in an info line
    assert "gstreamer-no-such-element" not in keys('Setting pipeline to PLAYING ... element "nvv4l2decoder" ready')


def test_the_egl_display_notice_is_harmless() -> None:
    text = "nvbuf_utils: Could not get EGL display connection"
    found = explain(text)
    assert found and found[0].key == "egl-display-notice" and found[0].notice
    assert found.outcome == "warnings-only"
    # beside a real failure, the failure is the answer
    failed = text + '\nWARNING: erroneous pipeline: no element "nvv4l2decoder"'
    assert first(failed)[0] == "gstreamer-no-such-element"


def test_nvdec_asked_for_too_many_surfaces() -> None:
    text = (
        "[h264 @ 0x557b] decoder->cvdl->cuvidCreateDecoder(&decoder->decoder, params) failed -> "
        "CUDA_ERROR_INVALID_VALUE: invalid argument\n"
        "[h264 @ 0x557b] Using more than 32 (34) decode surfaces might cause nvdec to fail.\n"
        "[h264 @ 0x557b] Try lowering the amount of threads. Using 16 right now."
    )
    key, fix = first(text)
    assert key == "nvdec-stream-unsupported" and "-threads" in fix


def test_nvenc_refuses_its_settings() -> None:
    text = (
        "[h264_nvenc @ 0x1] InitializeEncoder failed: invalid param (8): Invalid Level.\n"
        "Error while opening encoder for output stream #0:0 - maybe incorrect parameters such as bit_rate, rate, "
        "width or height"
    )
    found = explain(text)
    assert found[0].key == "nvenc-invalid-parameters" and found[0].confidence == "likely"
    assert "-preset" in found[0].fix
    # near miss: the encoder's other calls failing are not its settings
    assert "nvenc-invalid-parameters" not in keys("[h264_nvenc @ 0x1] EncodePicture failed!: encoder busy (12)")


def test_gpu_frames_into_a_cpu_filter() -> None:
    text = (
        "ffmpeg -hwaccel cuda -hwaccel_output_format cuda -i in.mp4 -vf scale=1280:720 -c:v h264_nvenc out.mp4\n"
        "[Parsed_scale_0 @ 0x1] Impossible to convert between the formats supported by the filter 'graph 0 input "
        "from stream 0:0' and the filter 'auto_scale_0'\nError reinitializing filters!"
    )
    key, fix = first(text)
    assert key == "ffmpeg-gpu-frames-cpu-filter" and "hwdownload" in fix and "scale_cuda" in fix
    # near miss: the same filter error of a CPU-only command is another matter
    cpu = (
        "ffmpeg -i in.mp4 -vf format=yuv444p -c:v libx264 out.mp4\n[Parsed_format_0 @ 0x1] Impossible to convert "
        "between the formats supported by the filter 'Parsed_format_0' and the filter 'auto_scale_0'"
    )
    assert "ffmpeg-gpu-frames-cpu-filter" not in keys(cpu)


def test_gstreamer_caps_not_negotiated() -> None:
    text = (
        "ERROR: from element /GstPipeline:pipeline0/GstFileSrc:filesrc0: Internal data stream error.\n"
        "Additional debug info:\ngstbasesrc.c(3072): gst_base_src_loop (): /GstPipeline:pipeline0/GstFileSrc:"
        "filesrc0:\nstreaming stopped, reason not-negotiated (-4)"
    )
    found = explain(text)
    assert found[0].key == "gstreamer-not-negotiated" and found[0].confidence == "likely"
    assert "nvvidconv" in found[0].fix and "GST_DEBUG" in found[0].fix
    # near miss: a stream that ended normally
    assert "gstreamer-not-negotiated" not in keys('Got EOS from element "pipeline0".\nstreaming stopped, reason eos')


def test_torchcodec_cannot_load() -> None:
    missing = (
        "RuntimeError: Could not load libtorchcodec. Likely causes:\n"
        "          1. FFmpeg is not properly installed in your environment. We support\n"
        "             versions 4, 5, 6 and 7.\n"
        "[start of libtorchcodec loading traceback]\n"
        "FFmpeg version 7: libavutil.so.59: cannot open shared object file: No such file or directory\n"
        "[end of libtorchcodec loading traceback]."
    )
    key, fix = first(missing)
    assert key == "torchcodec-cannot-load" and "conda-forge" in fix
    mismatch = missing.replace(
        "libavutil.so.59: cannot open shared object file: No such file or directory",
        "/x/libtorchcodec_core7.so: undefined symbol: _ZN3c1013MessageLoggerC1EPKciib",
    )
    key, fix = first(mismatch)
    assert key == "torchcodec-cannot-load" and "compatibility" not in fix and "torch" in fix
    assert "torchcodec-cannot-load" not in keys("Loaded libtorchcodec_core7.so")


def test_the_video_codec_sdk_encoder_in_its_own_words() -> None:
    old = "NVENCException: Current Driver Version does not support this NvEncodeAPI version, please upgrade driver"
    key, fix = first(old)
    assert key == "nvenc-driver-too-old" and "driver" in fix
    assert first("NVENCException: EncodeAPI not found")[0] == "nvcodec-library-missing"
    busy = "m_nvenc.nvEncOpenEncodeSessionEx(&encodeSessionExParams, &hEncoder) returned error 21 in OpenEncodeSession"
    assert first(busy)[0] == "nvenc-session-limit"
    # near miss: another error code of the same call is not the session limit
    assert "nvenc-session-limit" not in keys(busy.replace("error 21", "error 8"))
