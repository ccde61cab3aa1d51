"""GPU video and image decode / encode and GPU data pipelines in each product's own words (issue 36, round twelve):
FFmpeg's NVDEC / NVENC (the driver's video libraries not loadable, an NVENC API newer than the driver, NVENC's
session limit, a GPU or format NVENC cannot encode, an FFmpeg built without the NVIDIA codecs), NVDEC refusing a
stream (FFmpeg's hwaccel, the Video Codec SDK's NvDecoder as PyNvVideoCodec / VPF / torchvision ship it), decoders
built without CUDA (decord, torchvision's GPU video decoder and nvJPEG path, OpenCV's cudacodec), DALI's NVML and
nvJPEG errors, and GStreamer's missing NVIDIA elements and the Jetson EGL notice. Each pattern is keyed to the
library's own wording, cited in `example_source`; codecs, versions, names and paths are read from the text, never
written into a pattern.
"""

from __future__ import annotations

from ..entry import JETSON, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round12_w1video.py"
_R59 = "tests/troubleshooting/test_round59_v59.py"

#: a container started without the driver's video libraries (NVIDIA Container Toolkit's capabilities)
_CONTAINER = r"docker|container|kubernetes|k8s|nvcr\.io|/\.dockerenv|podman|NVIDIA_DRIVER_CAPABILITIES"
_CONTAINER_FIX = (
    "In a container the NVIDIA Container Toolkit mounts the driver's video libraries (libnvcuvid, "
    "libnvidia-encode) only with the 'video' capability: run it with `-e NVIDIA_DRIVER_CAPABILITIES="
    "compute,utility,video` (or `all`; Kubernetes: the same env on the pod, or the device plugin's "
    "capabilities), and do not copy those libraries into the image: they must match the host's driver."
)

#: an application's NVENC open failing with FFmpeg's generic AVERROR_EXTERNAL text (OBS's obs-ffmpeg NVENC encoder:
#: "Failed to open NVENC codec: Generic error in an external library"; written from memory of OBS's log)
_NVENC_OPEN_GENERIC = r"Failed to open NVENC codec: Generic error in an external library"
#: a Video Codec SDK call (NvDecoder / NvEncoder's NVDEC_API_CALL / NVENC_API_CALL: "<call> returned error <code>")
#: answering CUDA_ERROR_NO_DEVICE (100) or a garbage (negative, many-digit) code, and FFmpeg's CHECK_CU on a cuvid
#: call answering CUDA_ERROR_NO_DEVICE
_SDK_CALL_NO_DEVICE = (
    r"\b(?:cuvid\w{3,40}|NvEncodeAPI\w{3,40}|nvEnc\w{3,40})\([^\n]{0,160}\) returned error (?:100\b|-\d{4,12}\b)"
    r"|\bcuvid\w{3,40}\([^\n]{0,120}\) failed -> CUDA_ERROR_NO_DEVICE\b"
)
#: FFmpeg's CUDA hardware device not created: hwcontext_cuda's CHECK_CU on cuInit, and fftools' line for the decoder's
#: device setup, which reports the failure as ENOMEM (fftools ffmpeg.c / ffmpeg_demux.c "Device setup failed for
#: decoder on input stream #%d:%d : %s"; written from memory of FFmpeg 4.x to 6.x)
_FFMPEG_CUDA_DEVICE = (
    r"\bcu->cuInit\(0\) failed -> CUDA_ERROR_\w{1,40}"
    r"|Device setup failed for decoder on input stream #\d{1,3}:\d{1,3} ?: ?Cannot allocate memory"
)

#: Sunshine's (and its forks') encoder probe at start-up, in its own log lines: the banner around the probe, its
#: "Trying encoder [nvenc]" / "Encoder [nvenc] failed" lines, and a codec it could not open, behind its log prefix
#: ("[2022:04:05:11:02:22]: Error: Could not open codec [h264_nvenc]: Function not implemented")
_SUNSHINE_PROBE = (
    r"Testing for available encoders, this may generate errors|Ignore any errors mentioned above, they are not relevant"
    r"|\bInfo: Trying encoder \[\w{2,20}\]|\bInfo: Encoder \[\w{2,20}\] (?:failed|is not supported on this GPU)"
    r"|\]: Error: Could not open codec \[\w{2,30}\]: "
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "nvcodec-library-missing",
        "The driver's video codec library could not be loaded (FFmpeg: 'Cannot load libnvcuvid.so.1' / "
        "'Cannot load libnvidia-encode.so.1')",
        r"Cannot load (?:lib)?(?:nvcuvid|nvidia-encode|nvEncodeAPI(?:64)?)(?:\.so(?:\.\d{1,3}){0,3}|\.dll)?\b"
        r"|Failed loading nvcuvid\b|Failed loading nvenc\b|\bEncodeAPI not found\b"
        # DALI's own loader (issue 36, round thirty-eight: its video reader dlopens the driver's decoder)
        r"|\bdlopen \"?libnvcuvid\.so(?:\.1)?\"? failed"
        # issue 36, round forty-four: an application's NVENC open failing with only FFmpeg's generic error (OBS's
        # "Failed to open NVENC codec: Generic error in an external library"), a Video Codec SDK call answering CUDA
        # error 100 (no device) or a garbage code (the driver's video library not the real one), FFmpeg's CUDA
        # device for -hwaccel cuda not created (cuInit failed; fftools reports it as 'Cannot allocate memory')
        rf"|{_NVENC_OPEN_GENERIC}|{_SDK_CALL_NO_DEVICE}|{_FFMPEG_CUDA_DEVICE}",
        "NVDEC and NVENC are reached through libraries of the NVIDIA driver itself (libnvcuvid.so.1 for decoding, "
        "libnvidia-encode.so.1 for encoding; nvcuvid.dll / nvEncodeAPI64.dll on Windows), loaded at run time: the "
        "loader did not find them because the driver installed lacks them (a headless / compute-only driver "
        "package, WSL without them), or a container was started without the driver's video capability, or the "
        "process runs where no NVIDIA driver is installed. An application that runs FFmpeg (OBS, a transcoder) often "
        "shows only FFmpeg's generic 'Generic error in an external library' for it, and a Video Codec SDK call "
        "answers CUDA error 100 (no device) or a meaningless number; FFmpeg's -hwaccel cuda reports a CUDA device it "
        "could not create as 'Cannot allocate memory', which is no memory shortage.",
        "Check the driver's video libraries are there: `ldconfig -p | grep -E 'nvcuvid|nvidia-encode'` (Windows: "
        "nvcuvid.dll and nvEncodeAPI64.dll in System32). If missing, install the packages of the same driver "
        "version (Ubuntu: libnvidia-decode-<branch> and libnvidia-encode-<branch>, <branch> from nvidia-smi's "
        "Driver Version); never copy them from another driver. " + _CONTAINER_FIX,
        variants=(
            # issue 36, round thirty-eight: DALI's GPU video reader (fn.readers.video / ops.VideoReader) in a cloud
            # notebook or container started without the driver's video capability
            Variant(
                r"\bdlopen \"?libnvcuvid\.so(?:\.1)?\"? failed|\bnvidia\.dali\b|\bDALI\b",
                "DALI's GPU video reader",
                "DALI's video reader decodes on the GPU through the driver's libnvcuvid.so.1, which it could not "
                "open: the driver's video (NVDEC) component is not there. In a container or a hosted / cloud "
                "machine start it with the video capability (`-e NVIDIA_DRIVER_CAPABILITIES=compute,utility,video` "
                "or `all`; the platform's GPU image with video enabled), on a host install the decode library of the "
                "same driver version (libnvidia-decode-<branch>); check with `ldconfig -p | grep nvcuvid`. Where "
                "that cannot be changed, decode the videos on the CPU (the project's CPU / OpenCV video loader, or "
                "frames extracted beforehand) instead of DALI's GPU reader.",
            ),
            # issue 36, round fifty-nine: a program built by Nix (NixOS, flox, devbox, nix-shell) looks for the
            # driver's libraries in its own store paths, not in the host's system folders
            Variant(
                r"/nix/store/|\bflox\b|\bnix-shell\b|\bnixpkgs\b|\bNixOS\b|\bdevbox\b|\bnixGL\b",
                "a program built by Nix (NixOS, flox, devbox): the driver's libraries are outside its store",
                "A Nix-built FFmpeg (or app) loads libraries from its own /nix/store paths and does not search the "
                "host's /usr/lib, where a non-NixOS host's driver puts libnvcuvid.so.1 and libnvidia-encode.so.1. "
                "On another distribution make the host driver's libraries visible: run it through nixGL (nixGLNvidia "
                "<command>), or put only the driver's folder on the path (a folder holding links to the host's "
                "libcuda.so.1, libnvcuvid.so.1 and libnvidia-encode.so.1 in LD_LIBRARY_PATH, not all of /usr/lib), "
                "or the environment manager's own GPU option (flox / devbox: its CUDA / driver library "
                "settings); on NixOS enable the driver (hardware.graphics / hardware.nvidia) so /run/opengl-driver/"
                "lib holds them. Check with `ldd $(which ffmpeg)` and `ffmpeg -hide_banner -init_hw_device cuda`.",
                strict=True,
            ),
            # issue 36, round forty-four: a sandboxed application (Flatpak / Snap) sees only the driver runtime its
            # sandbox provides
            Variant(
                r"\bflatpak\b|\bsnap\b|/snap/|org\.freedesktop\.Platform|/app/lib\b",
                "a sandboxed application (Flatpak / Snap)",
                "A Flatpak or Snap application does not use the host's driver libraries: it gets the NVIDIA driver "
                "through its sandbox's GL runtime extension, which must be the host driver's exact version "
                "(Flatpak: `flatpak update` installs org.freedesktop.Platform.GL.nvidia-<version> for the running "
                "driver; `flatpak list | grep nvidia` and `nvidia-smi` must agree; reboot after a driver update so "
                "the versions match). Make sure the driver's device nodes exist on the host (/dev/nvidia-uvm: "
                "`nvidia-modprobe -u -c=0`), or use the application's native package, which loads the host's "
                "libnvidia-encode / libnvcuvid directly.",
                strict=True,
            ),
            Variant(
                _FFMPEG_CUDA_DEVICE,
                "FFmpeg's CUDA device for -hwaccel cuda could not be created",
                "FFmpeg could not create its CUDA device (cuInit failed or the driver's libcuda / libnvcuvid did not "
                "load), and fftools reports that as 'Cannot allocate memory' (-12): GPU memory is not the problem. "
                "Run `nvidia-smi` in the same environment (it must list the GPU), check CUDA_VISIBLE_DEVICES and the "
                "device index (-hwaccel_device 0 / -init_hw_device cuda=cu:0 must name a visible GPU), and in a "
                "container start it with the GPU and the video capability (`--gpus all -e "
                "NVIDIA_DRIVER_CAPABILITIES=compute,utility,video`). Where no GPU can be used, drop -hwaccel cuda "
                "(and *_cuvid decoders) to decode on the CPU.",
                strict=True,
            ),
            Variant(
                _SDK_CALL_NO_DEVICE,
                "a Video Codec SDK call answered 'no device' (100) or a meaningless error code",
                "The Video Codec SDK's call (cuvidGetDecoderCaps, cuvidCreateVideoParser, "
                "NvEncodeAPIGetMaxSupportedVersion) reached no working NVDEC / NVENC: error 100 is CUDA's 'no "
                "CUDA-capable device' and a huge or negative number means the function that answered is not the "
                "driver's (a stub library from the SDK or an image, or a copy of another driver version). In a "
                "container start it with the video capability (`-e NVIDIA_DRIVER_CAPABILITIES=compute,utility,video` "
                "or `all`) so the host driver's libnvcuvid / libnvidia-encode are mounted, and never put the SDK's "
                "stub libraries (Lib/linux/stubs) or copied driver libraries on the loader path; `ldconfig -p | grep "
                "-E 'nvcuvid|nvidia-encode'` must show the driver's own files, of nvidia-smi's driver version. The "
                "GPU must have NVDEC / NVENC at all (NVIDIA's Video Encode and Decode GPU Support Matrix).",
                strict=True,
            ),
            Variant(_CONTAINER, "container", _CONTAINER_FIX),
            Variant(
                _NVENC_OPEN_GENERIC,
                "an application's NVENC open failing with FFmpeg's generic error",
                "The application's FFmpeg could not open NVENC and gave only 'Generic error in an external library': "
                "the reason is in FFmpeg's own lines, which the application's log often leaves out. Run the same "
                "encoder in the same environment to see them: `ffmpeg -f lavfi -i testsrc=size=1280x720 -t 1 -c:v "
                "h264_nvenc -f null -`. The usual reasons: the driver's libnvidia-encode.so.1 is not reachable "
                "(missing from the driver install, a container without the video capability, a sandboxed "
                "application without the matching NVIDIA runtime), a driver older than the application's FFmpeg "
                "needs, /dev/nvidia-uvm not created (`nvidia-modprobe -u -c=0`), or the GPU's NVENC session limit.",
            ),
            Variant(
                r"\bdecord\b",
                "decord",
                "decord's GPU build dlopens libnvcuvid.so.1 from the driver: install the driver's decode library "
                "(libnvidia-decode-<branch>) or, in a container, start it with NVIDIA_DRIVER_CAPABILITIES="
                "compute,utility,video; to build decord with CUDA, point cmake at the driver's libnvcuvid (a "
                "symlink libnvcuvid.so -> libnvcuvid.so.1 in a library folder), never at a copied stub.",
            ),
        ),
        op=r"Cannot load ((?:lib)?[\w-]{3,30}(?:\.so(?:\.\d{1,3}){0,3}|\.dll)?)",
        # the specific NVENC refusals beside an application's generic NVENC line are their own families' answers
        unless=r"OpenEncodeSessionEx failed: (?:unsupported device|incompatible client key|out of memory)"
        r"|InitializeEncoder failed|Driver does not support the required nvenc API version"
        r"|Failed to initiali[sz]e VAAPI connection|\bvaInitialize failed",
        weight=90,
        applies="FFmpeg (h264_cuvid / hevc_cuvid, -hwaccel cuda / nvdec, h264_nvenc / hevc_nvenc), and the "
        "tools built on it (torchaudio's StreamReader / StreamWriter, OpenCV's FFmpeg backend, decord, PyAV)",
        shown_by=(f"{_SHOWN}::test_ffmpeg_cannot_load_the_driver_video_libraries",),
        example="[h264_cuvid @ 0x55d1c2a0] Cannot load libnvcuvid.so.1\n[h264_cuvid @ 0x55d1c2a0] Failed loading "
        "nvcuvid.",
        example_source="nv-codec-headers (FFmpeg's ffnvcodec) include/ffnvcodec/dynlink_loader.h, n12.x: "
        "LOAD_LIBRARY's 'Cannot load %s' with NVCUVID_LIBNAME 'libnvcuvid.so.1' and NVENC_LIBNAME "
        "'libnvidia-encode.so.1'; FFmpeg 6.x libavcodec/cuviddec.c ('Failed loading nvcuvid.'); NVIDIA Video Codec SDK "
        "12.x NvEncoder.cpp (LoadNvEncApi: NVENC_THROW_ERROR('EncodeAPI not found', NV_ENC_ERR_NO_ENCODE_DEVICE))",
    ),
    KnownError(
        "nvenc-driver-too-old",
        "FFmpeg's NVENC needs a newer driver ('Driver does not support the required nvenc API version. Required: "
        "X Found: Y')",
        r"Driver does not support the required nvenc API version"
        r"|The minimum required Nvidia driver for nvenc is [\d.]{1,12}"
        r"|Current Driver Version does not support this NvEncodeAPI version",
        "FFmpeg was built against NVIDIA's codec headers (nv-codec-headers) of a newer NVENC API than the "
        "installed driver provides: each FFmpeg build asks for the API version of its headers and names the "
        "oldest driver that has it ('The minimum required Nvidia driver for nvenc is ...'). A newer FFmpeg (a "
        "static build, a pip wheel bundling one, a conda package) on an older driver meets it.",
        "Upgrade the NVIDIA driver to at least the version FFmpeg names (the 'minimum required ... driver' line; "
        "nvidia-smi shows the installed one), or use an FFmpeg built against older nv-codec-headers (a release "
        "from the same time as the driver; when building: `git checkout sdk/<API major.minor the driver has>` in "
        "nv-codec-headers, `make install`, then configure FFmpeg again). In a container, the host's driver "
        "counts: upgrade it there.",
        unless=r"Cannot load (?:lib)?(?:nvidia-encode|nvEncodeAPI)",
        op=r"minimum required Nvidia driver for nvenc is ([\d.]{1,12})",
        weight=86,
        applies="FFmpeg's h264_nvenc / hevc_nvenc / av1_nvenc and programs that run it (OBS, HandBrake, "
        "torchaudio's StreamWriter, moviepy, imageio-ffmpeg)",
        shown_by=(f"{_SHOWN}::test_nvenc_asks_for_a_newer_driver",),
        example="[hevc_nvenc @ 0x1] Driver does not support the required nvenc API version. Required: 13.0 Found: "
        "12.2\n[hevc_nvenc @ 0x1] The minimum required Nvidia driver for nvenc is 570.0 or newer",
        example_source="FFmpeg 7.x libavcodec/nvenc.c (nvenc_load_libraries: 'Driver does not support the "
        "required nvenc API version. Required: %d.%d Found: %d.%d'; nvenc_print_driver_requirement: 'The minimum "
        "required Nvidia driver for nvenc is %s or newer'); NVIDIA Video Codec SDK 12.x NvEncoder.cpp (LoadNvEncApi: "
        "'Current Driver Version does not support this NvEncodeAPI version, please upgrade driver')",
    ),
    KnownError(
        "nvenc-session-limit",
        "NVENC refused another encode session ('OpenEncodeSessionEx failed: incompatible client key (21)'): the "
        "GPU's concurrent-session limit",
        r"OpenEncodeSessionEx failed: (?:incompatible client key \(21\)|out of memory \(10\))"
        r"|NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY|nvEncOpenEncodeSessionEx\([^\n]{0,160}\) returned error 21\b",
        "GeForce and some workstation GPUs allow only a few NVENC sessions at once across all processes (older "
        "drivers 2 or 3, recent ones 8); the next OpenEncodeSessionEx is refused with 'incompatible client key "
        "(21)' (or 'out of memory (10)'), while other encodes (other ffmpeg processes, OBS, a browser, parallel "
        "workers) still hold theirs. Data-centre GPUs with NVENC have no such cap and then run out of memory.",
        "Run fewer encodes at once on this GPU (cap the number of ffmpeg workers / streams using *_nvenc; `nvidia-"
        "smi -q -d ENCODER` or `nvidia-smi encodersessions` shows the sessions open now), close encoders that "
        "leaked (a process that did not close its output), spread encodes over GPUs, or encode the rest on the "
        "CPU (libx264 / libx265); upgrading the driver raises the GeForce limit to 8 on recent branches.",
        weight=88,
        applies="NVENC through FFmpeg and the Video Codec SDK (PyNvVideoCodec, VPF), GeForce / Quadro GPUs",
        shown_by=(f"{_SHOWN}::test_nvenc_session_limit",),
        example="[hevc_nvenc @ 0x64daa18f0900] OpenEncodeSessionEx failed: incompatible client key (21): (no "
        "details)\n[hevc_nvenc @ 0x64daa18f0900] No capable devices found",
        example_source="FFmpeg 7.x libavcodec/nvenc.c (nvenc_errors: NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY "
        "'incompatible client key', NV_ENC_ERR_OUT_OF_MEMORY 'out of memory'; nvenc_open_session: "
        "nvenc_print_error(..., 'OpenEncodeSessionEx failed') as '%s: %s (%d)'); NVIDIA Video Codec SDK 12.x "
        "NvEncoder.cpp (NVENC_API_CALL: '<call> returned error <code>')",
    ),
    KnownError(
        "nvenc-unsupported",
        "This GPU cannot NVENC-encode this (FFmpeg: 'OpenEncodeSessionEx failed: unsupported device (2)', 'No "
        "capable devices found', 'Provided device doesn't support required NVENC features')",
        r"OpenEncodeSessionEx failed: unsupported device \(2\)|No (?:NVENC )?capable devices found"
        r"|Provided device doesn't support required NVENC features|\b10 bit encode not supported\b"
        r"|\bNV_ENC_ERR_UNSUPPORTED_DEVICE\b",
        "The GPU FFmpeg opened has no NVENC for what was asked: some GPUs have no video encoder at all (A100, "
        "H100 and other compute GPUs; GPUs shared through vGPU / MIG without it), or lack the codec, bit depth "
        "or feature (AV1 encoding needs Ada or newer; h264_nvenc has no 10-bit; 4:4:4 and lossless need newer "
        "chips); 'No capable devices found' follows any of these when FFmpeg tried every GPU.",
        "Check what the GPU encodes (NVIDIA's Video Encode and Decode GPU Support Matrix for its chip; `ffmpeg -h "
        "encoder=h264_nvenc` lists the pixel formats): pick a codec and format it has (hevc_nvenc / h264_nvenc "
        "with -pix_fmt yuv420p for 8-bit; p010le only with hevc / av1), select a GPU with NVENC (`-gpu N` or "
        "CUDA_VISIBLE_DEVICES), or encode on the CPU (libx264 / libx265 / libsvtav1) on compute GPUs such as "
        "A100 / H100 (they decode with NVDEC but have no NVENC).",
        # (nor inside Sunshine's encoder probe, whose failed tests are expected: `_SUNSHINE_PROBE`)
        unless=r"incompatible client key \(21\)|OpenEncodeSessionEx failed: out of memory \(10\)|" + _SUNSHINE_PROBE,
        weight=84,
        loose=True,
        alternatives=("nvenc-session-limit",),
        applies="FFmpeg's *_nvenc encoders and programs that run them",
        shown_by=(f"{_SHOWN}::test_nvenc_on_a_gpu_that_cannot",),
        example="[h264_nvenc @ 0x5618] OpenEncodeSessionEx failed: unsupported device (2): (no details)\n"
        "[h264_nvenc @ 0x5618] No capable devices found",
        example_source="FFmpeg 7.x libavcodec/nvenc.c (nvenc_errors: NV_ENC_ERR_UNSUPPORTED_DEVICE 'unsupported "
        "device'; nvenc_setup_device: 'Provided device doesn't support required NVENC features', 'No capable "
        "devices found'; nvenc_check_capabilities: '10 bit encode not supported'); FFmpeg 3.x nvenc.c ('No NVENC "
        "capable devices found')",
    ),
    KnownError(
        "ffmpeg-without-nvidia-codecs",
        "The FFmpeg in use has no NVIDIA codecs ('Unknown encoder 'h264_nvenc'', torchaudio's 'Unsupported codec: "
        '"h264_cuvid"\')',
        r"Unknown (?:encoder|decoder) '[\w]{1,20}_(?:nvenc|cuvid)'"
        r"|Unsupported (?:codec|decoder|encoder): \"?[\w]{1,20}_(?:nvenc|cuvid)\b"
        r"|Unrecognized hwaccel: (?:cuda|nvdec|cuvid)\b"
        # its NVIDIA filters missing (libavfilter's "No such filter: 'scale_npp'"), and FFmpeg's configure refusing
        # libnpp from CUDA 13 (issue 36, round fifty-nine)
        r"|No such filter: '(?:scale_npp|scale_cuda|hwupload_cuda|yadif_cuda|overlay_cuda|transpose_npp|thumbnail_cuda"
        r"|bilateral_cuda|chromakey_cuda|sharpen_npp|bwdif_cuda)'"
        r"|libnpp support is deprecated, version 13\.0 and up are not supported",
        "The FFmpeg libraries loaded were built without NVIDIA's codecs (--enable-cuvid / --enable-nvdec / "
        "--enable-nvenc need nv-codec-headers at build time): most distribution and pip-bundled FFmpeg builds "
        "(the one torchaudio or PyAV finds, imageio-ffmpeg's) have none, so the encoder or decoder name is "
        "unknown, whatever the GPU.",
        "Use an FFmpeg built with them (`ffmpeg -hide_banner -encoders | grep nvenc` and `-decoders | grep cuvid` "
        "must list them): conda-forge's ffmpeg, a static build that lists --enable-nvenc --enable-cuvid in "
        "`ffmpeg -buildconf`, or build one after installing nv-codec-headers; make the program load that one "
        "(PATH, or the library folder first on LD_LIBRARY_PATH).",
        variants=(
            Variant(
                r"No such filter: '\w{1,20}_npp'|libnpp support is deprecated",
                "an NPP filter (scale_npp): FFmpeg builds against CUDA 13 have none",
                "The command uses one of FFmpeg's NPP filters (scale_npp, transpose_npp, sharpen_npp), which need "
                "--enable-libnpp at build time; FFmpeg deprecated libnpp and its configure refuses NPP from CUDA "
                "13.0 on, so new builds (and most distribution builds) have none. Use the CUDA filter instead: "
                "scale_cuda (`-vf scale_cuda=1280:720`, format= for a pixel format; interp_algo for the "
                "interpolation), which needs only --enable-cuda-nvcc or --enable-cuda-llvm (check with `ffmpeg "
                "-hide_banner -filters | grep -E 'cuda|npp'`); in a tool that writes the FFmpeg command, switch its "
                "GPU scaler option to scale_cuda. Or build FFmpeg against a CUDA before 13 with --enable-libnpp.",
            ),
            Variant(
                r"torchaudio|StreamReader|StreamWriter",
                "torchaudio",
                "torchaudio's StreamReader / StreamWriter use the FFmpeg libraries it finds at run time: install an "
                "FFmpeg with the NVIDIA codecs (torchaudio's 'Enabling GPU video decoder/encoder' page builds one "
                "with nv-codec-headers; conda-forge's ffmpeg also has them) and check with `torchaudio.utils."
                "ffmpeg_utils.get_video_decoders()` that h264_cuvid is listed before passing decoder='h264_cuvid' / "
                "hw_accel='cuda:0'.",
            ),
        ),
        op=r"'?\"?([\w]{1,20}_(?:nvenc|cuvid))",
        weight=82,
        applies="FFmpeg command lines and libraries (torchaudio.io, PyAV, OpenCV's FFmpeg backend, moviepy)",
        shown_by=(f"{_SHOWN}::test_an_ffmpeg_without_nvidia_codecs",),
        example="Unknown encoder 'h264_nvenc'",
        example_source="FFmpeg 6.x fftools/ffmpeg_opt.c (find_codec: 'Unknown %s '%s''); torchaudio 2.0 "
        "torchaudio/csrc/ffmpeg/stream_reader/decoder.cpp (get_decode_context: 'Unsupported codec: "
        '"%s".\')',
    ),
    KnownError(
        "nvdec-stream-unsupported",
        "NVDEC cannot decode this stream on this GPU (Video Codec SDK: 'Codec not supported on this GPU'; FFmpeg: "
        "'cuvidCreateDecoder(...) failed', 'Failed setup for format cuda')",
        r"(?:Codec|Resolution|MBCount) not supported on this GPU"
        r"|cuvidCreateDecoder\([^\n]{0,120}\) failed -> CUDA_ERROR_\w{1,40}"
        r"|Failed setup for format cuda: hwaccel initialisation returned error"
        r"|Hardware is lacking required capabilities"
        r"|Using more than 32 \(\d{1,4}\) decode surfaces might cause nvdec to fail"
        # issue 36, round thirty-three: NVEncC's (rigaya's encoders') own reader for its avcuvid hardware decoder
        # ("avcuvid: codec h264 unable to decode by cuvid.", "codec %s unable to decode by cuvid.")
        r"|\bunable to decode by cuvid\b"
        # issue 36, round forty-four: NVEncC's log line for its avcuvid decoder ("Failed cuvidCreateDecoder", from
        # memory of its issue reports), and NVVL's / DALI's NvDecoder, which maps FFmpeg's codec id to an NVDEC codec
        # and refuses any other ("Invalid codec for NvDecoder"; NVVL's loader then "Unhandled codec <id> in <file>")
        r"|\bFailed cuvidCreateDecoder\b|\bInvalid codec for NvDecoder\b|\bUnhandled codec \d{1,6} in ",
        "The GPU's NVDEC refused the stream: its codec, profile, chroma format (4:2:2 / 4:4:4) or bit depth is not "
        "decoded by this chip, the picture is larger than it supports, or the decoder could not be created "
        "(too many decode surfaces or sessions, GPU memory full).",
        "Check the stream (`ffprobe -show_streams`: codec, profile, pix_fmt, width / height) against what this "
        "GPU's NVDEC decodes (NVIDIA's Video Encode and Decode GPU Support Matrix); decode such streams on the CPU "
        "(drop -hwaccel cuda / h264_cuvid, or let FFmpeg fall back), and for 'decode surfaces' or out-of-memory "
        "failures lower -extra_hw_frames / the decoder's surface count and decode fewer streams at once.",
        variants=(
            Variant(
                r"\bunable to decode by cuvid\b|\bavcuvid\b|\bNVEncC\b",
                "NVEncC's avcuvid decoder",
                "NVEncC's hardware reader (--avhw / avcuvid) could not create a cuvid (NVDEC) decoder for this input: "
                "the codec, profile, bit depth or size is not one this GPU's NVDEC decodes (a picture larger than "
                "its limit, e.g. 4096 x 4096 for H.264), or, when the same input "
                "decoded before, the driver's NVDEC (nvcuvid.dll) is broken in this driver release. Check with "
                "`NVEncC --check-decoder` (NVDEC's codecs on this GPU) and the input with `ffprobe`; switch the input "
                "to the software decoder (`--avsw` instead of `--avhw`; in a GUI that runs NVEncC, its decoder "
                "option) for this file, and if inputs that worked before now fail, update the NVIDIA driver (or "
                "go back to the previous release).",
                strict=True,
            ),
            Variant(
                r"\bInvalid codec for NvDecoder\b|\bUnhandled codec \d{1,6} in |\bnvvl\b",
                "a hardware video loader that handles only some codecs (NVVL / DALI's NvDecoder)",
                "The loader maps the stream's FFmpeg codec id to an NVDEC codec and handles only a few (NVVL: H.264 "
                "and HEVC; DALI's older readers add a few more): this file's codec is not one of them, or the number "
                "is another libavcodec's codec id numbering (the loader built against one FFmpeg release, run with "
                "another). Check the file (`ffprobe -show_streams`: "
                "codec_name); re-encode other codecs to H.264 / HEVC (`ffmpeg -i in -c:v libx264 -pix_fmt yuv420p "
                "out.mp4`); where an H.264 / HEVC file is still refused, build the loader against the FFmpeg "
                "(libavcodec / libavformat) it runs with, the same release for both.",
                strict=True,
            ),
            Variant(
                r"decode surfaces might cause nvdec to fail",
                "more than 32 decode surfaces",
                "NVDEC allows at most 32 decode surfaces per decoder and FFmpeg asked for more (it adds one per "
                "decoding thread and -extra_hw_frames to the codec's reference frames): lower the threads of the "
                "input (`-threads 1` to `-threads 8` before -i, or the decoder's thread_count in PyAV / torchaudio) "
                "and -extra_hw_frames, or use the h264_cuvid / hevc_cuvid decoder, whose surface count is its "
                "-surfaces option.",
            ),
            Variant(
                r"PyNvVideoCodec|\bnvc\.|PyNvDecoder|VideoProcessingFramework|\bVPF\b|HandleVideoSequence",
                "PyNvVideoCodec / VPF",
                "PyNvVideoCodec's (and VPF's) decoder checks cuvidGetDecoderCaps in HandleVideoSequence and throws "
                "for a codec, chroma format, bit depth or size this GPU's NVDEC lacks: convert the input to a "
                "format it decodes (ffmpeg -c:v libx264 -pix_fmt yuv420p), or decode it with a CPU decoder; "
                "the GPU's limits are in NVIDIA's Video Encode and Decode GPU Support Matrix.",
            ),
        ),
        weight=80,
        applies="NVDEC through FFmpeg (-hwaccel cuda, *_cuvid), the Video Codec SDK's NvDecoder (PyNvVideoCodec, "
        "VPF, torchvision's GPU decoder), DALI's video reader",
        shown_by=(f"{_SHOWN}::test_nvdec_refuses_a_stream",),
        example="HandleVideoSequence : Codec not supported on this GPU at src/PyNvVideoCodec/src/NvDecoder.cpp:287",
        example_source="NVIDIA Video Codec SDK 12.x Samples/NvCodec/NvDecoder/NvDecoder.cpp (HandleVideoSequence: "
        "NVDEC_THROW_ERROR('Codec not supported on this GPU', CUDA_ERROR_NOT_SUPPORTED), 'Resolution not "
        "supported on this GPU', 'MBCount not supported on this GPU'); FFmpeg 6.x libavcodec/nvdec.c "
        "(CHECK_CU on cuvidCreateDecoder, 'Hardware is lacking required capabilities') and libavcodec/decode.c "
        "('Failed setup for format %s: hwaccel initialisation returned error.')",
    ),
    KnownError(
        "decord-without-cuda",
        "decord was built without CUDA ('CUDA not enabled. Requested context GPU(0)')",
        r"CUDA not enabled\. Requested context GPU\(\d{1,3}\)",
        "decord's pip wheels are CPU-only builds: asking for decord.gpu(N) reaches the LOG(FATAL) its CPU build "
        "has in place of the NVDEC decoder.",
        "Read with decord.cpu(0) (and move the frames to the GPU afterwards), or build decord with CUDA from "
        "source: `cmake .. -DUSE_CUDA=ON -DCMAKE_BUILD_TYPE=Release` (with FFmpeg 4.x development files and the "
        "driver's libnvcuvid.so findable), `make`, then `cd ../python && pip install .`; check with "
        "`decord.VideoReader(path, ctx=decord.gpu(0))`.",
        weight=88,
        applies="decord (pip wheels are CPU-only)",
        shown_by=(f"{_SHOWN}::test_decord_built_without_cuda",),
        example="decord._ffi.base.DECORDError: [10:14:02] /github/workspace/src/video/video_reader.cc:151: CUDA "
        "not enabled. Requested context GPU(0).",
        example_source="dmlc/decord 0.6.0 src/video/video_reader.cc (LOG(FATAL) << 'CUDA not enabled. Requested "
        "context GPU(' << ctx_.device_id << ').')",
    ),
    KnownError(
        "torchvision-gpu-codec-not-built",
        "torchvision was built without its GPU decoders ('Not compiled with GPU decoder support.', "
        "'decode_jpeg_cuda: torchvision not compiled with nvJPEG support')",
        r"Not compiled with GPU decoder support|decode_jpegs?_cuda: torchvision not compiled with nvJPEG support"
        r"|decodeJPEG_cuda: torchvision not compiled with nvJPEG support"
        r"|encode_jpegs?_cuda: torchvision not compiled with nvJPEG support",
        "The torchvision installed lacks the GPU path asked for: decode_jpeg / encode_jpeg on 'cuda' need a "
        "CUDA build of torchvision (the CPU wheel, or a source build that did not find nvJPEG, has none), and "
        "VideoReader(device='cuda') needs a source build with NVIDIA's Video Codec SDK, which no torchvision "
        "wheel has (and torchvision 0.22 removed it).",
        "For JPEG: install the CUDA build of torchvision for your torch (the same CUDA tag as torch's, e.g. "
        "`pip install torchvision==<the release for your torch> --index-url <PyTorch's cuXXX index>`; "
        "`torchvision.io.decode_jpeg(data, device='cuda')` then works). For video: decode with torchcodec "
        "(VideoDecoder(path, device='cuda')) or PyNvVideoCodec, or read on the CPU and move frames to the GPU.",
        weight=86,
        applies="torchvision.io (decode_jpeg / encode_jpeg on cuda, VideoReader with device='cuda')",
        shown_by=(f"{_SHOWN}::test_torchvision_without_gpu_decoders",),
        example="RuntimeError: decode_jpegs_cuda: torchvision not compiled with nvJPEG support",
        example_source="pytorch/vision 0.19 torchvision/csrc/io/image/cuda/decode_jpegs_cuda.cpp (TORCH_CHECK(false, "
        "'decode_jpegs_cuda: torchvision not compiled with nvJPEG support')); torchvision 0.16 "
        "torchvision/io/video_reader.py ('Not compiled with GPU decoder support.')",
    ),
    # issue 36, round fifty: torchvision.set_video_backend asking for a backend the installed build lacks
    KnownError(
        "torchvision-video-backend-unavailable",
        "torchvision has no such video backend in this build ('video_reader video backend is not available. Please "
        "compile torchvision from source', 'cuda video backend is not available.')",
        r"\b(?:video_reader|cuda) video backend is not available\b",
        "torchvision.set_video_backend('video_reader') (or 'cuda') was asked for a decoder that only a source "
        "build of torchvision compiled against FFmpeg (or NVIDIA's Video Codec SDK) has: no torchvision wheel "
        "ships it, so the call raises as soon as the code that sets it runs, often at import; torchvision 0.22 "
        "and later deprecate their video decoding altogether in favour of torchcodec.",
        "Use the backend the wheels support: `pip install av` and call `torchvision.set_video_backend('pyav')` "
        "(or delete the set_video_backend('video_reader') line: 'pyav' is the default), or decode with "
        "torchcodec (`pip install torchcodec`, `torchcodec.decoders.VideoDecoder(path)`), whose frames are "
        "tensors too. Build torchvision from source against FFmpeg only if the code needs that backend's speed.",
        variants=(
            Variant(
                r"\bcuda video backend is not available",
                "the 'cuda' backend",
                "The 'cuda' video backend needs a torchvision built from source with NVIDIA's Video Codec SDK (and "
                "torchvision 0.22 removed it): decode on the GPU with torchcodec (`VideoDecoder(path, "
                "device='cuda')`) or PyNvVideoCodec, or decode with 'pyav' on the CPU and move the frames to the GPU.",
            ),
        ),
        weight=86,
        applies="torchvision.set_video_backend / torchvision.io.VideoReader (every wheel; source builds with FFmpeg "
        "have 'video_reader')",
        shown_by=("tests/troubleshooting/test_round50_v50.py::test_a_video_backend_the_wheel_lacks",),
        example="RuntimeError: video_reader video backend is not available. Please compile torchvision from source "
        "and try again",
        example_source="pytorch/vision 0.17 torchvision/__init__.py (set_video_backend: 'video_reader video backend "
        "is not available. Please compile torchvision from source and try again', 'cuda video backend is not "
        "available.')",
    ),
    KnownError(
        "opencv-cudacodec-not-built",
        "OpenCV's cudacodec was built without NVIDIA's video codecs ('The called functionality is disabled for "
        "current build or platform' in cudacodec)",
        r"The called functionality is disabled for current build or platform",
        "OpenCV was built with CUDA but cv::cudacodec (VideoReader / VideoWriter) without NVIDIA's Video Codec SDK "
        "(WITH_NVCUVID / WITH_NVCUVENC found no nvcuvid / nvEncodeAPI headers and libraries), so its functions "
        "are stubs that throw this.",
        "Rebuild OpenCV with the Video Codec SDK: put its headers (nvcuvid.h, cuviddec.h, nvEncodeAPI.h) in the "
        "CUDA include folder and point the build at the driver's libnvcuvid / libnvidia-encode, configure with "
        "-DWITH_NVCUVID=ON -DWITH_NVCUVENC=ON (cmake's summary must list NVCUVID / NVCUVENC under 'NVIDIA "
        "CUDA'); or decode with cv2.VideoCapture's FFmpeg backend (OPENCV_FFMPEG_CAPTURE_OPTIONS="
        "'video_codec;h264_cuvid') or PyNvVideoCodec and upload the frames.",
        requires=r"cudacodec|VideoReader|VideoWriter|NVCUVID|NVCUVENC|nvcuvid",
        weight=84,
        applies="OpenCV's cudacodec module (opencv_contrib) built with CUDA",
        shown_by=(f"{_SHOWN}::test_opencv_cudacodec_without_the_codec_sdk",),
        example="cv2.error: OpenCV(4.8.0) /io/opencv_contrib/modules/cudacodec/src/video_reader.cpp:54: error: "
        "(-213:The function/feature is not implemented) The called functionality is disabled for current build or "
        "platform in function 'throw_no_cuda'",
        example_source="OpenCV 4.x modules/core/include/opencv2/core/private.cuda.hpp (throw_no_cuda in a CUDA "
        "build: CV_Error(cv::Error::StsNotImplemented, 'The called functionality is disabled for current build or "
        "platform')); opencv_contrib 4.x modules/cudacodec/src/video_reader.cpp (#ifndef HAVE_NVCUVID stubs)",
    ),
    KnownError(
        "dali-nvml-error",
        "DALI's NVML call failed ('nvml error (N)'): CPU-affinity pinning on a GPU or platform NVML does not serve",
        # older DALI releases: "nvml error: 13 Local version of NVML doesn't implement this function" (issue 36,
        # round sixty-three)
        r"\bnvml error \(\d{1,3}\)|\bnvml error: \d{1,3} [A-Z]",
        "DALI queries NVML (the driver's management library) to pin its threads near the GPU: on Jetson and other "
        "integrated GPUs NVML does not answer those queries (NVML_ERROR_NOT_SUPPORTED, 3), in a container without "
        "the utility capability libnvidia-ml is missing, and a driver / library mismatch fails nvmlInit.",
        "Turn the pinning off: `fn.decoders.image(..., device='mixed', affine=False)` (and "
        "`Pipeline(..., set_affinity=False)` where set); on desktop / server GPUs check `nvidia-smi` works in "
        "the same environment (containers: NVIDIA_DRIVER_CAPABILITIES including utility).",
        variants=(
            Variant(
                r"nvml error:? \(?13\)?:? |doesn't implement this function|NVML_ERROR_FUNCTION_NOT_FOUND",
                "13: the NVML loaded lacks a function DALI calls",
                "The libnvidia-ml the process loaded is older than the functions DALI calls "
                "(NVML_ERROR_FUNCTION_NOT_FOUND, 13): in a container or a Slurm / enroot job it is not the host "
                "driver's own, because the job was started without the driver's utility capability (enroot / "
                "pyxis and Docker mount the host's library only with NVIDIA_DRIVER_CAPABILITIES including utility; "
                "`all` mounts every one), or an old copy of the library sits on the loader path. Start the job with "
                "the capabilities exposed (NVIDIA_DRIVER_CAPABILITIES=all, or compute,utility,video), check "
                "`nvidia-smi` works inside it, and remove stray libnvidia-ml copies (`ldconfig -p | grep nvidia-ml`); "
                "or turn DALI's pinning off (set_affinity=False, affine=False).",
            ),
            Variant(
                JETSON,
                "Jetson",
                "NVML does not serve Jetson's integrated GPU: pass affine=False to the mixed decoders "
                "(fn.decoders.image and friends) and use DALI's aarch64 / Jetson build (nvidia-dali-tf-plugin is "
                "not needed); nvidia-smi is not there to check it.",
            ),
        ),
        requires=r"\bdali\b|DALI|nvidia\.dali|decoders\.|ImageDecoder",
        weight=84,
        applies="NVIDIA DALI's mixed-device decoders (fn.decoders.image, ImageDecoder) and pipelines",
        shown_by=(f"{_SHOWN}::test_dali_nvml_and_nvjpeg_errors",),
        example="RuntimeError: Critical error in pipeline:\nError in thread 0: [/opt/dali/dali/util/nvml.h:142] nvml "
        "error (3): Not Supported",
        example_source="NVIDIA DALI 1.x dali/util/nvml.h and dali/core/error_handling.h (NvmlError's message "
        "'nvml error (<code>): <nvmlErrorString>')",
    ),
    KnownError(
        "dali-nvjpeg-error",
        "DALI's nvJPEG decode failed ('nvJPEG error (N): ...'): an image or a GPU nvJPEG cannot decode",
        # older DALI releases quote the status ('NVJPEG error "5"'; issue 36, round sixty-three)
        r"\bnvJPEG error (?:\(\d{1,2}\)|\"\d{1,2}\")",
        "DALI's GPU JPEG decoder (nvJPEG) returned an error: the file is not a JPEG nvJPEG decodes (a corrupt or "
        "truncated file, CMYK / lossless / arithmetic-coded JPEG, a PNG named .jpg), the hardware JPEG decoder "
        "path is not available on this GPU (NVJPEG_STATUS_ARCH_MISMATCH, 7), or GPU memory ran out (allocator "
        "failed, 5).",
        "Find the image (DALI names the file in the message or decode the batch on the CPU to see which fails: "
        "device='cpu'); let DALI fall back for images nvJPEG refuses (it does for many formats; check the file "
        "with `file`/PIL), on GPUs without the hardware decoder pass hw_decoder_load=0, and for allocation "
        "failures lower the batch size or device_memory_padding.",
        variants=(
            Variant(
                r"nvJPEG error (?:\(5\)|\"5\")|NVJPEG_STATUS_ALLOCATOR_FAILURE",
                "5: the decoder's allocation failed (GPU or pinned host memory)",
                "nvJPEG could not allocate its buffers (NVJPEG_STATUS_ALLOCATOR_FAILURE, 5): the GPU (or pinned host "
                "memory) ran out while the model held most of it, typically on a large image that needed bigger "
                "buffers mid-epoch. Preallocate the decoder's buffers (`device_memory_padding` / "
                "`host_memory_padding` of the mixed decoder, e.g. 211025920 / 140544512), lower the batch size or "
                "DALI's num_threads, keep the model's memory lower (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True)"
                ", or decode on the CPU (device='cpu') for this job.",
            ),
        ),
        requires=r"\bdali\b|DALI|nvidia\.dali|decoders\.|ImageDecoder",
        loose=True,
        alternatives=("gpu-out-of-memory",),
        weight=80,
        applies="NVIDIA DALI's GPU / mixed image decoders",
        shown_by=(f"{_SHOWN}::test_dali_nvml_and_nvjpeg_errors",),
        example="Error in thread 1: [/opt/dali/dali/operators/decoder/nvjpeg/nvjpeg_decoder_decoupled_api.h:780] "
        "nvJPEG error (7): NVJPEG_STATUS_ARCH_MISMATCH",
        example_source="NVIDIA DALI 1.x dali/core/nvjpeg_error.h (NvjpegError::Message: 'nvJPEG error (', result, "
        "'): ', ErrorString(result))",
    ),
    KnownError(
        "dali-feature-not-compiled",
        "This DALI build lacks a feature ('DALI was not compiled with TFRecord support.')",
        r"DALI was not compiled with \w{1,30} support",
        "The DALI installed was built without that optional part (TFRecord reading needs protobuf at build time); "
        "a source build or a trimmed package lacks it.",
        "Install NVIDIA's prebuilt DALI wheel for your CUDA major (nvidia-dali-cuda120 / -cuda110, from NVIDIA's "
        "package index), which has it, or rebuild with the option the message names (BUILD_PROTO3=ON / "
        "BUILD_PROTOBUF=ON for TFRecord).",
        weight=80,
        applies="NVIDIA DALI (nvidia.dali.tfrecord and other optional readers)",
        shown_by=(f"{_SHOWN}::test_dali_nvml_and_nvjpeg_errors",),
        example="RuntimeError: DALI was not compiled with TFRecord support. Use BUILD_PROTO3=ON CMake option to "
        "enable TFRecord support",
        example_source="NVIDIA DALI 1.x dali/python/nvidia/dali/tfrecord.py",
    ),
    KnownError(
        "gstreamer-no-such-element",
        "GStreamer has no such element ('no element \"nvv4l2decoder\"'): the plugin that provides it did not load",
        r"no element \\?\"[\w-]{1,60}\\?\"",
        "gst_parse_launch could not find a factory of that name: the plugin that provides it is not installed or "
        "did not load (a missing library it links, a stale plugin registry), or it belongs to another platform "
        "(nvv4l2decoder / nvvidconv ship with Jetson's L4T or DeepStream; nvh264dec / nvh264enc with "
        "gst-plugins-bad's nvcodec, which loads only where libnvcuvid / libnvidia-encode load).",
        "Ask GStreamer: `gst-inspect-1.0 <element>`; if it is missing, install its plugin (Jetson: the L4T / "
        "JetPack GStreamer packages; x86 GPUs: DeepStream for nvv4l2decoder / nvvideoconvert, or "
        "gstreamer1.0-plugins-bad for nvh264dec), clear the registry cache (`rm -rf ~/.cache/gstreamer-1.0`) and "
        "check the plugin's libraries load (`gst-inspect-1.0 -b` lists blacklisted files; `ldd` on them). "
        "Off Jetson / DeepStream, use the element that exists there (nvh264dec or avdec_h264 instead of "
        "nvv4l2decoder).",
        variants=(
            Variant(
                r"cap_gstreamer|OpenCV \| GStreamer|CAP_GSTREAMER",
                "OpenCV's GStreamer backend",
                "OpenCV passes the pipeline string to GStreamer: make the element exist for the GStreamer OpenCV "
                "uses (`gst-inspect-1.0 <element>` from the same environment; a pip opencv-python has no "
                "GStreamer at all: cv2.getBuildInformation() must show 'GStreamer: YES'), or build OpenCV with "
                "-DWITH_GSTREAMER=ON against the system GStreamer that has the NVIDIA plugins.",
            ),
        ),
        op=r"no element \\?\"([\w-]{1,60})",
        weight=84,
        applies="GStreamer pipelines (gst-launch-1.0, OpenCV's GStreamer backend, DeepStream, Jetson camera apps)",
        shown_by=(f"{_SHOWN}::test_gstreamer_missing_nvidia_elements",),
        example='WARNING: erroneous pipeline: no element "nvv4l2decoder"',
        example_source="GStreamer 1.x gst/parse/grammar.y (GST_PARSE_ERROR_NO_SUCH_ELEMENT: 'no element \"%s\"'); "
        "gst-launch-1.0's 'WARNING: erroneous pipeline: %s'",
    ),
    KnownError(
        "egl-display-notice",
        "Jetson's buffer libraries found no EGL display ('nvbuf_utils: Could not get EGL display connection'): "
        "harmless without a display sink",
        r"(?:nvbuf_utils|nvbufsurftransform|nvbufsurface): Could not get EGL display connection",
        "NVIDIA's buffer-transform libraries (nvbuf_utils, nvbufsurftransform) open the default EGL display when "
        "they load and print this when there is none (a headless board, an ssh session whose DISPLAY points to "
        "a forwarded X server); decoding and conversion to system memory work without it.",
        "Nothing to fix unless the pipeline shows video: the real error, if any, is a later line. For display "
        "sinks (nveglglessink, nv3dsink) run on the board's own display (`export DISPLAY=:0`) or `unset "
        "DISPLAY` for ssh -X sessions; headless pipelines use fakesink / appsink.",
        severity="notice",
        weight=40,
        applies="Jetson (L4T / JetPack) GStreamer and multimedia API programs, DeepStream",
        shown_by=(f"{_SHOWN}::test_the_egl_display_notice_is_harmless",),
        example="nvbuf_utils: Could not get EGL display connection",
        example_source="gst-plugins-bad 1.x ext/eglgles/gsteglglessink.c (GST_ERROR_OBJECT 'Could not get EGL "
        "display connection' when eglGetDisplay returns EGL_NO_DISPLAY), the wording Jetson's nvbuf_utils / "
        "nvbufsurftransform print for the same call",
    ),
    KnownError(
        "nvenc-invalid-parameters",
        "NVENC refused the encoder's settings ('InitializeEncoder failed: invalid param (8)')",
        r"InitializeEncoder failed: invalid param(?:eter)? \(8\)|\bNV_ENC_ERR_INVALID_PARAM\b",
        "The GPU's encoder rejected a setting FFmpeg passed: a preset, tuning or rate-control mode this driver or "
        "chip does not know (the p1 to p7 presets need a driver of NVENC API 10 or newer), B-frames or B-frame "
        "references the chip lacks, a level or profile that does not fit the size and rate, or a picture size "
        "outside NVENC's range (too small, e.g. under 145 x 49 for HEVC, or too large).",
        "Retry with defaults to find the setting: drop -preset / -tune / -rc / -bf / -b_ref_mode / -level / "
        "-profile one at a time (`ffmpeg -h encoder=h264_nvenc` lists what this FFmpeg accepts), keep sizes even "
        "and within the chip's limits, and update the driver when the presets are new; `-loglevel verbose` shows "
        "NVENC's detail after 'invalid param (8):'.",
        loose=True,
        alternatives=("nvenc-unsupported", "nvenc-driver-too-old"),
        weight=82,
        applies="FFmpeg's *_nvenc encoders and programs that run them",
        shown_by=(f"{_SHOWN}::test_nvenc_refuses_its_settings",),
        example="[h264_nvenc @ 0x1] InitializeEncoder failed: invalid param (8): Invalid Level.",
        example_source="FFmpeg 7.x libavcodec/nvenc.c (nvenc_setup_encoder: nvenc_print_error(avctx, nv_status, "
        "'InitializeEncoder failed'); nvenc_errors: NV_ENC_ERR_INVALID_PARAM 'invalid param')",
    ),
    KnownError(
        "ffmpeg-gpu-frames-cpu-filter",
        "FFmpeg's GPU frames met a CPU filter ('Impossible to convert between the formats supported by the "
        "filter ...' with -hwaccel_output_format cuda)",
        r"Impossible to convert between the formats supported by the filter '[^'\n]{1,120}' and the filter",
        "With -hwaccel cuda -hwaccel_output_format cuda (or a *_cuvid decoder) the decoded frames stay in GPU "
        "memory (pixel format 'cuda'); a software filter (scale, crop, fps, format, overlay, subtitles) or a CPU "
        "encoder cannot take them, and FFmpeg has no automatic conversion between the two.",
        "Keep the chain on the GPU (scale_cuda / scale_npp instead of scale, overlay_cuda, then an *_nvenc "
        "encoder), or bring frames back before CPU filters: `-vf hwdownload,format=nv12,<cpu filters>` (p010le "
        "for 10-bit), or drop -hwaccel_output_format cuda so FFmpeg copies frames to system memory itself.",
        requires=r"hwaccel_output_format\s{1,4}cuda|_cuvid\b|_nvenc\b|scale_cuda|scale_npp|hwupload_cuda"
        r"|-hwaccel\s{1,4}(?:cuda|nvdec|cuvid)|\bcuda\b",
        weight=82,
        applies="FFmpeg with NVDEC output in GPU memory (-hwaccel cuda -hwaccel_output_format cuda, *_cuvid)",
        shown_by=(f"{_SHOWN}::test_gpu_frames_into_a_cpu_filter",),
        example="ffmpeg -hwaccel cuda -hwaccel_output_format cuda -i in.mp4 -vf scale=1280:720 out.mp4\n"
        "[Parsed_scale_0 @ 0x1] Impossible to convert between the formats supported by the filter 'graph "
        "0 input from stream 0:0' and the filter 'auto_scale_0'",
        example_source="FFmpeg 6.x libavfilter/avfiltergraph.c (query_formats: 'Impossible to convert between the "
        "formats supported by the filter '%s' and the filter '%s'')",
    ),
    KnownError(
        "gstreamer-not-negotiated",
        "A GStreamer pipeline's elements could not agree on a format ('streaming stopped, reason not-negotiated (-4)')",
        r"streaming stopped, reason not-negotiated(?: \(-4\))?|\breason not-negotiated \(-4\)",
        "Two linked elements share no caps (format, memory type, size or rate): typically NVIDIA buffers in "
        "device memory (video/x-raw(memory:NVMM)) linked straight to a CPU element (videoconvert, appsink, "
        "x264enc) or the reverse, a capsfilter the upstream element cannot produce, or a decoder fed the wrong "
        "stream (missing parser such as h264parse).",
        "Run with GST_DEBUG=3 (or GST_DEBUG=*:3,GST_CAPS:4) to see which link failed, and put the converter "
        "between them: nvvidconv (Jetson) / nvvideoconvert (DeepStream) between NVMM and system-memory "
        "elements, with caps 'video/x-raw(memory:NVMM),format=NV12' or 'video/x-raw,format=BGRx' then "
        "videoconvert for BGR appsinks; add the parser (h264parse / h265parse) before the decoder.",
        loose=True,
        alternatives=("gstreamer-no-such-element",),
        weight=78,
        applies="GStreamer pipelines (gst-launch-1.0, OpenCV's GStreamer backend, DeepStream, Jetson)",
        shown_by=(f"{_SHOWN}::test_gstreamer_caps_not_negotiated",),
        example="ERROR: from element /GstPipeline:pipeline0/GstFileSrc:filesrc0: Internal data stream error.\n"
        "Additional debug info:\ngstbasesrc.c(3072): gst_base_src_loop (): /GstPipeline:pipeline0/GstFileSrc:"
        "filesrc0:\nstreaming stopped, reason not-negotiated (-4)",
        example_source="GStreamer 1.x gst/gstelement.h (GST_ELEMENT_FLOW_ERROR: 'Internal data stream error.', "
        "'streaming stopped, reason %s (%d)') and gst/gstpad.c (gst_flow_get_name: 'not-negotiated' for "
        "GST_FLOW_NOT_NEGOTIATED, -4)",
    ),
    KnownError(
        "torchcodec-cannot-load",
        "TorchCodec could not load its library ('Could not load libtorchcodec'): no FFmpeg shared libraries, or a "
        "torch it was not built for",
        r"Could not load libtorchcodec\b",
        "TorchCodec (and torchaudio 2.9+, which loads audio through it) dlopens FFmpeg's shared libraries "
        "(libavcodec, libavformat, libavutil of FFmpeg 4 to 7 or 8) and its own libraries built for one torch "
        "release: it fails when no FFmpeg shared libraries are findable (a static ffmpeg binary is not enough) "
        "or when the installed torch is not the one this TorchCodec release was built for ('undefined symbol' in "
        "the traceback below the message).",
        "Read the per-version lines under 'The following exceptions were raised': 'cannot open shared object "
        "file' / 'Could not find module' means FFmpeg's shared libraries are missing: `conda install -c "
        "conda-forge 'ffmpeg<8'`, or `apt install ffmpeg` / `brew install ffmpeg` (Windows: a 'shared' FFmpeg "
        "build whose bin folder is on PATH); 'undefined symbol' means a torch / torchcodec mismatch: install the "
        "torchcodec release of TorchCodec's compatibility table for your torch.",
        variants=(
            Variant(
                r"undefined symbol|symbol not found|The specified procedure could not be found",
                "torch / torchcodec mismatch",
                "The loader found FFmpeg but TorchCodec's library calls torch symbols the installed torch does not "
                "have: install the torchcodec release made for your torch (TorchCodec's README has the table; e.g. "
                "`pip install 'torchcodec==<the release for your torch>'`), with the same CUDA variant as torch "
                "when you use its GPU decoder.",
            ),
        ),
        weight=93,  # above shared-library-not-found (85) for the loader lines TorchCodec lists under it
        applies="TorchCodec (torchcodec.decoders, torchaudio 2.9+ load / save, Hugging Face datasets' Audio / "
        "Video features)",
        shown_by=(f"{_SHOWN}::test_torchcodec_cannot_load",),
        example="RuntimeError: Could not load libtorchcodec. Likely causes:\n          1. FFmpeg is not properly "
        "installed in your environment. We support\n             versions 4, 5, 6 and 7.",
        example_source="pytorch/torchcodec 0.5 src/torchcodec/_core/ops.py (load_torchcodec_shared_libraries: "
        "'Could not load libtorchcodec. Likely causes: ...')",
    ),
    # issue 36, round fifty-nine: a game-streaming host's encoder probe, whose failed tests users paste as the failure
    KnownError(
        "sunshine-encoder-probe",
        "Sunshine's encoder probe at start-up ('Trying encoder [nvenc]', 'Could not open codec [h264_nvenc]', "
        "'Encoder [nvenc] failed'): tests of each encoder, expected to fail for some",
        _SUNSHINE_PROBE,
        "Sunshine (and its forks) test every encoder they were built with when they start (NVENC, then Quick Sync, "
        "AMF, VA-API, then software) and log each failed test at error level: its own banner says those errors "
        "can be ignored, and the 'Found H.264 encoder: ... [nvenc]' lines after the probe say what it chose. A "
        "failed NVENC test matters only when NVENC was wanted and it fell back to another encoder (libx264 "
        "[software]): then the GPU lacks the feature tested (an older GPU without some NVENC features, a codec "
        "such as AV1 it cannot encode), the driver is too old for Sunshine's NVENC, or the build has no CUDA "
        "support (a distribution package built without it fails NVENC at 'Couldn't scale frame').",
        "Nothing to fix when the 'Found ... encoder' lines name the encoder you want: a later error, not the "
        "probe's, is the cause of a failure. If NVENC was wanted and it fell back: read the NVENC test's own "
        "lines (the codec and the reason), update the NVIDIA driver, use the project's official build (with CUDA) "
        "instead of a distribution package built without it, set `encoder = nvenc` and a preset the GPU supports "
        "in sunshine.conf (new-style presets p1-p7), and on Linux try `capture = kms`; give explain the log from "
        "the start to the first error after the probe.",
        severity="notice",
        weight=60,
        applies="Sunshine and its forks (Apollo, Vibepollo) on NVIDIA GPUs, Windows and Linux",
        shown_by=(f"{_R59}::test_sunshine_encoder_probe_is_a_notice",),
        example="[2022:04:05:11:02:22]: Error: Could not open codec [h264_nvenc]: Function not implemented",
        example_source="Sunshine's src/video.cpp (validate_encoder / the probe banner 'Testing for available encoders, "
        "this may generate errors. You can safely ignore those errors.'), LizardByte/Sunshine's troubleshooting docs",
    ),
    KnownError(
        "sunshine-nvenc-fell-back",
        "Sunshine's NVENC test failed and it encodes in software ('Encoder [nvenc] failed', then 'Found H.264 "
        "encoder: libx264 [software]')",
        r"\bEncoder \[nvenc\] (?:failed|is not supported on this GPU)"
        r"(?=[\s\S]{0,20000}?Found (?:H\.264|HEVC|AV1) encoder: \w{2,20} \[software\])",
        "Sunshine's start-up probe could not use NVENC, so it streams with a software encoder (libx264): the "
        "NVENC test's own lines above say why: a build without CUDA support (a distribution package built without "
        "it feeds NVENC through a software conversion that fails at 'Couldn't scale frame'), a driver too old for "
        "its NVENC API, a capture method that gives NVENC no GPU frames, or a GPU without the feature tested.",
        "Use the project's official build, which has CUDA, rather than a distribution package built without it (or "
        "rebuild with CUDA enabled); update the NVIDIA driver; on Linux set `capture = kms` in sunshine.conf (or "
        "the capture the docs give for your desktop) and `encoder = nvenc`; check `nvidia-smi` works for the user "
        "Sunshine runs as. Restart it and check that the log now says 'Found H.264 encoder: h264_nvenc [nvenc]'.",
        variants=(
            Variant(
                r"Couldn't scale frame",
                "the NVENC test failed at 'Couldn't scale frame' (a build without CUDA)",
                "The NVENC test failed converting the frame in software ('Couldn't scale frame'): this Sunshine was "
                "built without CUDA support, so NVENC gets frames through that path, which fails. Install the "
                "project's official build (with CUDA), or rebuild the package with CUDA enabled; as a stopgap on "
                "Linux `capture = kms` in sunshine.conf gives NVENC frames it can take. Check that the log then "
                "says 'Found H.264 encoder: h264_nvenc [nvenc]'.",
            ),
        ),
        severity="warns-of-failure",
        weight=70,
        applies="Sunshine and its forks on NVIDIA GPUs",
        shown_by=(f"{_R59}::test_sunshine_encoder_probe_is_a_notice",),
        example="Info: Trying encoder [nvenc]\nError: Couldn't scale frame: Invalid argument\nInfo: Encoder [nvenc] "
        "failed\nInfo: Found H.264 encoder: libx264 [software]",
        example_source="Sunshine's src/video.cpp (probe_encoders: 'Encoder [...] failed', 'Found H.264 encoder: ...')",
    ),
)
