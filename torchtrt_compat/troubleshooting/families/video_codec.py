"""GPU video decoding and GPU file reading in each library's own words (issue 36, round forty-four): NVDEC failing
on a packet of a stream it had opened (FFmpeg's cuvid decoders' CHECK_CU on cuvidParseVideoData / cuvidDecodePicture
/ cuvidMapVideoFrame, the Video Codec SDK's "<call> returned error <code>"), and GPUDirect Storage's cuFile library
aborting or refusing its driver where the nvidia-fs driver or the platform does not support it (cuCIM, KvikIO and
other cuFile users). The round's other classes widen existing rows: video's nvcodec-library-missing (an application's
NVENC open with FFmpeg's generic error, a Video Codec SDK call answering CUDA error 100 or a garbage code, FFmpeg's
CUDA device for -hwaccel cuda not created) and nvdec-stream-unsupported (NVEncC's "Failed cuvidCreateDecoder", NVVL's
and DALI's NvDecoder refusing a codec id), native_build's build-extension-without-cuda (TorchCodec's CPU-only build:
"Unsupported device: cuda"), cuda_faults' torch-cuda-init-error-mid-run (an 'initialization error' from a GPU
decoder's call: torchcodec, nvImageCodec) and gpu-out-of-memory (nvImageCodec's "CUDA Runtime failure: '#2'").

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); codecs, ids,
names and paths are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import WSL, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round44_v44decode.py")

#: a cuvid call that decodes packets (not the decoder's creation, which is nvdec-stream-unsupported's, nor a "no
#: device" answer, which is nvcodec-library-missing's)
_DECODE_CALL = r"cuvid(?:ParseVideoData|DecodePicture|MapVideoFrame(?:64)?|UnmapVideoFrame(?:64)?)"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "nvdec-decode-failed",
        "NVDEC failed while decoding a stream it had opened (a cuvid parse / decode / map call failed with a CUDA "
        "driver error)",
        rf"\b{_DECODE_CALL}\([^\n]{{0,120}}\) failed -> CUDA_ERROR_(?!NO_DEVICE\b)\w{{1,40}}"
        rf"|\b{_DECODE_CALL}\([^\n]{{0,160}}\) returned error (?!100\b)\d{{1,4}}\b",
        "The hardware decoder had been created for the stream, then a call on its packets or pictures failed: a "
        "packet NVDEC cannot decode (a damaged or truncated stream, a mid-stream change of size, profile or chroma "
        "format the decoder was not created for), an output surface or frame of another format or size than the "
        "decoder produces (NV12 for 8-bit NVDEC output, P016 for 10-bit, YUV420 from a software fallback), or NVDEC "
        "and the driver in a bad state (CUDA_ERROR_UNKNOWN on files that decoded before, now and then, until a "
        "restart).",
        "Find out whether it is the file or the machine: decode the same file on the CPU (`ffmpeg -i in.mp4 -f null "
        "-` without -hwaccel / *_cuvid) and with NVDEC again. If only some files fail, check them (`ffprobe "
        "-show_streams`: codec, profile, pix_fmt, size changes) and decode those on the CPU or re-encode them. If "
        "output buffers are yours (VALI / VPF / PyNvVideoCodec surfaces), allocate them in the format and size the "
        "decoder reports (its Format / Width / Height), not a fixed NV12. If files that decoded before fail at "
        "random, reset the GPU state (restart the process; reboot or reload the driver) and update the driver; a "
        "program that must keep running should fall back to software decoding when NVDEC fails.",
        variants=(
            Variant(
                r"\bPyNvDecoder\b|\bPyDecoder\b|\bpython_vali\b|\bPyNvVideoCodec\b|\bVideoProcessingFramework\b"
                r"|\bVALI\b|\bVPF\b|\bSurface(?:Format)?\b",
                "VALI / VPF / PyNvVideoCodec decoders with caller-made surfaces",
                "These bindings decode into surfaces the caller may allocate: make them from the decoder's own "
                "report (its Format, Width and Height after the first frame; NV12 for 8-bit NVDEC output, P016 / "
                "P010 for 10-bit; a software-decoded stream may come back as YUV420), not a hard-coded NV12 of the "
                "container's size; when one file still fails, check it with ffprobe and decode it on the CPU.",
            ),
        ),
        loose=True,
        alternatives=("nvdec-stream-unsupported",),
        weight=80,
        applies="FFmpeg's *_cuvid decoders and -hwaccel cuda (and programs that run them: transcoders, OBS, "
        "torchaudio, PyAV), the Video Codec SDK's NvDecoder (VALI, VPF, PyNvVideoCodec)",
        shown_by=(_test("test_nvdec_fails_on_a_packet_of_an_opened_stream"),),
        example="[h264_cuvid @ 0x55d1] ctx->cvdl->cuvidParseVideoData(ctx->cuparser, &cupkt) failed -> "
        "CUDA_ERROR_UNKNOWN: unknown error\nError while decoding stream #0:0: Generic error in an external library",
        example_source="FFmpeg 6.x libavcodec/cuviddec.c (cuvid_decode_packet: CHECK_CU(ctx->cvdl->"
        "cuvidParseVideoData(ctx->cuparser, &cupkt)); libavutil/cuda_check.h prints '<call> failed -> <name>: "
        "<string>'); NVIDIA Video Codec SDK 12.x NvDecoder.cpp (NVDEC_API_CALL: '<call> returned error <code>')",
    ),
    KnownError(
        "gds-cufile-unavailable",
        "GPUDirect Storage (cuFile) is not usable here: an assertion in cuFile's udev code ('Assertion failure, file "
        "index :cufio-udev') or its driver not opened (cuFileDriverOpen)",
        r"Assertion failure, file index :cufio[\w-]{0,40}"
        r"|\bcuFileDriverOpen\b[^\n]{0,80}\b(?:failed|error|returned)"
        r"|\bCU_FILE_DRIVER_NOT_INITIALIZED\b|\bcuFile driver (?:failed|not loaded|is not loaded)"
        # registering a GPU buffer with cuFile failing (fastsafetensors' "gds_device_buffer.cufile_register:
        # cuFileBufRegister returned an error = 5016"; issue 36, round sixty-three)
        r"|\bcuFileBufRegister\b[^\n]{0,80}\b(?:returned an error|failed)\b",
        "A library that reads files straight into GPU memory (cuCIM, KvikIO, DALI's GDS reader, cuDF) loads "
        "NVIDIA's GPUDirect Storage library (libcufile, installed with the CUDA toolkit since 11.4) and opens its "
        "driver: where GDS is not supported (WSL, most VMs and containers without the nvidia-fs kernel module or "
        "its udev devices, file systems GDS does not handle) cuFile fails that, and some cuFile releases abort the "
        "whole process with an internal assertion instead ('Assertion failure, file index :cufio-udev'), often at "
        "the library's import.",
        "Check whether GDS can work here: `lsmod | grep nvidia_fs` (the nvidia-fs driver must be loaded), "
        "`/usr/local/cuda/gds/tools/gdscheck -p` and cufile.log in the working folder. Where it cannot, use cuFile's "
        'compatibility mode (POSIX reads through a bounce buffer): set "allow_compat_mode": true in cufile.json '
        "(CUFILE_ENV_PATH_JSON points at the file it reads), or the library's own switch to not use GDS (KvikIO: "
        "KVIKIO_COMPAT_MODE=ON). For a library that aborts at import, update it to a release that checks the "
        "platform before opening cuFile's driver, or keep libcufile off the loader path (uninstall GDS / the "
        "nvidia-cufile package) so it falls back to normal reads.",
        variants=(
            Variant(
                WSL,
                "WSL",
                "GPUDirect Storage is not supported on WSL: cuFile's driver cannot open there and some releases "
                "abort with the cufio-udev assertion. Update the library to a release that skips cuFile on WSL "
                "(cuCIM does since its GDS check), or keep libcufile off the loader path inside WSL so it reads "
                "files the normal way.",
            ),
        ),
        weight=88,
        applies="cuCIM, KvikIO, DALI's GDS reader, cuDF and other users of NVIDIA's cuFile (GPUDirect Storage)",
        shown_by=(_test("test_cufile_aborts_or_refuses_its_driver"),),
        example=">>> import cucim\nAssertion failure, file index :cufio-udev  line :143\nAborted (core dumped)",
        example_source="rapidsai/cucim cpp/src/filesystem/cufile_stub.cpp (cuFileDriverOpen: 'GDS v1.0.0 does not "
        "support WSL and executing this can cause the following error: Assertion failure, file index :cufio-udev  "
        "line :143'); NVIDIA cuFile API cufile.h (CU_FILE_DRIVER_NOT_INITIALIZED; from memory)",
    ),
)
