"""GPU data pipelines around the model, in each tool's own words (issue 36, round twenty-two): FFmpeg's decoder
concealment notices (harmless), FFmpeg writing into a pipe the reader closed (a consequence), an app that cannot
find the ffmpeg executable, the Jetson hardware decoder's device node not opened in a container (L4T's NvMMLite /
NVMEDIA lines), a vendor's placeholder package on the public index, and a DataLoader's pin_memory step handing back
a plain dict instead of the batch's own mapping type. Codecs, numbers, names and paths are read from the text,
never written into a pattern.
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, MACOS, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round22_v22media.py"
_R59 = "tests/troubleshooting/test_round59_v59.py"
_R60 = "tests/troubleshooting/test_round60_v60.py"


def _test(name: str) -> str:
    return f"{_SHOWN}::{name}"


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "media-ffmpeg-decode-concealed",
        "FFmpeg's decoder concealed a damaged frame ('error while decoding MB', 'concealing N errors'): a notice",
        r"\berror while decoding MB \d{1,5} \d{1,5}\b|\bconcealing \d{1,9} DC, \d{1,9} AC, \d{1,9} MV errors\b"
        r"|\bco located POCs unavailable\b|\bInvalid NAL unit size\b|\bmissing picture in access unit\b"
        r"|\bcabac decode of qscale diff failed\b|\bnumber of reference frames \(\d{1,3}\+\d{1,3}\) exceeds max\b"
        # more of libavcodec's H.264 notices of a damaged stream (h264_refs.c, h264_mb.c, h264_cavlc.c) and the RTP
        # demuxer's lost packets (rtpdec.c)
        r"|\bmmco: unref short failure\b|\breference picture missing during reorder\b|\bMissing reference picture\b"
        r"|\b(?:left|top) block unavailable for requested intra(?:4x4)? mode\b|\bcorrupted macroblock \d{1,5} \d{1,5}\b"
        r"|\bRTP: missed \d{1,9} packets\b|\bInvalid level prefix\b",
        "FFmpeg's software H.264 / HEVC decoder found damaged or missing data in the stream (packets lost or cut, "
        "most often an RTSP camera over UDP, a weak network or a stream joined mid-GOP), hid the damage by "
        "concealing the macroblocks and went on decoding: the frame may show smears, nothing failed.",
        "Nothing to fix on the GPU side. For cleaner frames from a network camera, pull RTSP over TCP "
        "(`-rtsp_transport tcp` on the ffmpeg command line, or the same option in the library's FFmpeg options, "
        "e.g. OPENCV_FFMPEG_CAPTURE_OPTIONS='rtsp_transport;tcp'), lower the camera's bitrate or fix the network; "
        "look for a real error elsewhere only if frames stop coming.",
        severity="notice",
        weight=30,
        applies="FFmpeg and what wraps it (OpenCV's FFmpeg backend, PyAV, decord, torchvision's video reader)",
        shown_by=(_test("test_ffmpeg_decoder_concealment_is_a_notice"),),
        example="[h264 @ 0x55a411e1dfe0] error while decoding MB 35 1, bytestream -27\n"
        "[h264 @ 0x55a411e1dfe0] concealing 1569 DC, 1569 AC, 1569 MV errors in P frame",
        example_source="FFmpeg libavcodec/h264_slice.c ('error while decoding MB %d %d, bytestream %d') and "
        "libavcodec/error_resilience.c ('concealing %d DC, %d AC, %d MV errors in %c frame')",
    ),
    KnownError(
        "media-ffmpeg-broken-pipe",
        "FFmpeg could not write to its output pipe (Broken pipe): the program reading the pipe stopped",
        r"\bav_interleaved_write_frame\(\): Broken pipe\b|\bError writing trailer of pipe:[^\n]{0,40}Broken pipe"
        r"|\bError muxing a packet for output file[^\n]{0,80}\n?[^\n]{0,40}Broken pipe"
        r"|\b(?:pipe:|pipe:\d):? ?(?:Broken pipe|Invalid argument)\b",
        "FFmpeg was decoding (or encoding) into a pipe and the process on the other end closed it: the Python "
        "program that reads the frames (or feeds them) crashed or exited early, or read a different frame size and "
        "gave up. The broken pipe is a consequence; the real error is that program's own output.",
        "Read the traceback the reading program printed before or after FFmpeg's lines (run that script alone on "
        "the same video, with its whole output) and fix that error (a model, config or CUDA failure, or a frame "
        "size that does not match width x height x channels of the raw format FFmpeg writes); the broken pipe goes "
        "away once the reader keeps reading.",
        downstream=True,
        weight=40,
        applies="programs that run ffmpeg as a subprocess and read raw frames from its stdout (or write to its stdin)",
        shown_by=(_test("test_ffmpeg_broken_pipe_points_at_the_reader"),),
        example="Output #0, image2pipe, to 'pipe:':\nav_interleaved_write_frame(): Broken pipe",
        example_source="FFmpeg fftools/ffmpeg_mux.c (print_error of av_interleaved_write_frame(), EPIPE's message)",
    ),
    KnownError(
        "media-ffmpeg-not-found",
        "The ffmpeg executable was not found (the app runs ffmpeg as a program and PATH has none)",
        r"\b(?:ffmpeg|ffprobe)(?: executable| binary)? (?:was )?not found\b"
        r"|\bNo such file or directory: '(?:ffmpeg|ffprobe)(?:\.exe)?'"
        r"|\bCouldn't find (?:ffmpeg|ffprobe)\b|\bCannot find (?:ffmpeg|ffprobe)\b"
        r"|\b(?:ffmpeg|ffprobe) is not installed\b|\bUnable to find a suitable output format for 'ffmpeg'"
        r"|\bRequested MovieWriter \(ffmpeg\) not available\b",
        "The program (an app, Gradio, librosa / audioread, whisper, pydub, matplotlib's animation writer) runs the "
        "ffmpeg command-line tool as a subprocess; no ffmpeg executable is on the PATH of that process. The "
        "`ffmpeg` / `ffmpeg-python` pip packages do not install the executable, and one installed in another "
        "shell or conda environment is not on this one's PATH.",
        "Install the ffmpeg executable (Linux: `sudo apt install ffmpeg`; conda: `conda install -c conda-forge "
        "ffmpeg` in the app's environment; Windows: a static build, with its bin folder added to PATH) and check "
        "`ffmpeg -version` works in the same shell that starts the app, then restart the app.",
        weight=60,
        applies="any Python app that shells out to ffmpeg / ffprobe",
        shown_by=(_test("test_ffmpeg_missing_from_path"),),
        example="    raise self._exception\nRuntimeError: ffmpeg not found.",
        example_source="https://github.com/GrandaddyShmax/audiocraft_plus/issues/49 (gradio's video helper: "
        "'ffmpeg not found.'); Python's FileNotFoundError \"[Errno 2] No such file or directory: 'ffmpeg'\"",
    ),
    KnownError(
        "media-jetson-nvdec-open",
        "Jetson: the hardware decoder's device node could not be opened ('Opening channel /dev/nvhost-nvdec failed')",
        r"\bOpening channel /dev/nvhost-(?:nvdec|nvenc|nvjpg|msenc|vic)\d?\b[^\n]{0,20}failed"
        r"|\bCould not get NVDEC Channel handle\b|\bNvMMLiteNVMEDIADecBlockOpen Failed\b"
        r"|\bNvMMDecNVMEDIACreateParser failed\b|\bNvxNvMMLiteTransformOpen failed\b",
        "On a Jetson, L4T's multimedia stack (nvv4l2decoder, DeepStream, GStreamer's nvvideo elements, "
        "jetson-utils) opens the decoder engine through its device node /dev/nvhost-nvdec (nvenc, nvjpg, vic "
        "likewise): the process could not open it, because the container was started without the NVIDIA runtime "
        "(which mounts the /dev/nvhost-* nodes), the user is outside the video group, or the image's L4T release "
        "does not match the host's. The GStreamer-CRITICAL assertions around it are consequences.",
        "Run the container with `--runtime nvidia` (or pass the /dev/nvhost-* devices it needs), from an image "
        "whose L4T / JetPack release matches the host's (`cat /etc/nv_tegra_release` on the host); outside a "
        "container add the user to the video group (`sudo usermod -a -G video $USER`, then log in again); then "
        "rerun the pipeline.",
        weight=88,
        applies="NVIDIA Jetson (L4T): DeepStream, GStreamer's nvv4l2decoder / omx decoders, jetson-utils",
        shown_by=(_test("test_jetson_nvdec_node_not_opened"),),
        example="Opening channel /dev/nvhost-nvdec failed\nNVMEDIA: NvMMDecNVMEDIACreateParser: 2782: - Could not "
        "get NVDEC Channel handle for inst 0",
        example_source="https://github.com/dusty-nv/jetson-containers/issues/28 (L4T's libnvmm / NvMMLite decoder "
        "block)",
    ),
    KnownError(
        "pip-vendor-placeholder",
        "pip took a vendor's placeholder package from the public index (its setup.py fails on purpose)",
        r"""\braise RuntimeError\(open\(["']ERROR\.txt["']"""
        r"|\bThis package (?:is a placeholder|has been deprecated|is not meant to be installed)\b"
        r"|\bnvidia-[\w-]{1,40}-0\.0\.\d{1,2}(?:\.dev\d{1,3})?\.tar\.gz"
        # NVIDIA's placeholder text itself (its PKG-INFO / README: "This project is not functional and is a
        # placeholder from NVIDIA"; its setup.py raises ERROR.txt, "only a placeholder project on PyPI ...")
        r"|\bis not functional and is a placeholder from NVIDIA\b|\bonly a placeholder project on PyPI"
        # pip taking a source package of a few kB for a CUDA-suffixed name (cugraph_cu11-23.2.0.tar.gz (6.6 kB),
        # cudf-cu12-..., the RAPIDS / NVIDIA -cuXX names whose real wheels live on NVIDIA's index): the placeholder,
        # cut off before its message (issue 36, round twenty-seven)
        r"|(?:Downloading|Using cached) [\w.]{1,60}[-_]cu1[0-3]-\d[\w.]{0,30}\.tar\.gz \((?:\d|1\d)(?:\.\d)? kB\)"
        r"(?=[\s\S]{0,4000}?(?:metadata-generation-failed|egg_info did not run successfully"
        r"|subprocess-exited-with-error|Getting requirements to build wheel[^\n]{0,10}error|RuntimeError))"
        # NVIDIA's nvidia-stub build backend, whose setup downloads the real wheel from NVIDIA's index at install
        r"|nvidia_stub[\\/]wheel\.py|\bnvidia_stub\.(?:wheel|buildapi)\b",
        "The vendor publishes the real wheels on its own package index (NVIDIA's for DALI, pyindex-era TensorRT and "
        "others), and keeps only a tiny placeholder source package of that name on the public index whose "
        "setup.py raises with a message on purpose: pip found no real wheel for this platform / Python (Windows, "
        "macOS, a Python the vendor does not build for) or was not pointed at the vendor's index.",
        "Check that the vendor builds the package for this platform and Python at all (NVIDIA's CUDA packages: Linux, "
        "some for Windows, none for macOS); if it does, install from the vendor's index with the package's current "
        "platform-specific name, as its install guide names it; where it has no build for the platform, drop or "
        "replace that component (an optional accelerator can usually be left out of the requirements).",
        variants=(
            # issue 36, round twenty-three: NVIDIA's CUDA packages have no macOS build at all
            Variant(
                MACOS,
                "macOS (NVIDIA publishes no CUDA packages for it)",
                "NVIDIA builds its CUDA packages (TensorRT, DALI, the nvidia-* libraries) for Linux and Windows with "
                "NVIDIA GPUs only, so no index has one for a Mac: remove the package from the requirements (it is "
                "a GPU accelerator the program can run without, or the program needs a machine with an NVIDIA GPU) "
                "instead of adding NVIDIA's index.",
            ),
            # issue 36, round twenty-seven: RAPIDS (cuDF, cuML, cuGraph, ...) publishes its -cu11 / -cu12 wheels
            # for Linux and a few Python versions per release; a Python outside them gets the placeholder
            Variant(
                r"\b(?:cudf|cuml|cugraph|pylibcugraph|cuspatial|cuxfilter|cucim|cuvs|rmm|pylibraft|raft[-_]dask"
                r"|dask[-_]cudf|nx[-_]cugraph|cuproj|libcudf|librmm)[-_]cu1[0-3]\b",
                "RAPIDS (cuDF, cuML, cuGraph)",
                "RAPIDS publishes its -cu11 / -cu12 wheels on NVIDIA's index, for Linux (x86_64, aarch64) and only "
                "the Python versions each release supports: pip took the placeholder because this release has no "
                "wheel for this Python or platform (a notebook host such as Colab moving to a newer Python does "
                "it), or NVIDIA's index was not given. Check `python --version` against the release's supported "
                "Pythons (RAPIDS' install guide), then install a RAPIDS release whose wheels cover it with the "
                "index its guide names (`pip install --extra-index-url=<NVIDIA's index> cudf-cu12==<release>`), "
                "all RAPIDS packages at one release and one CUDA suffix; on Colab use RAPIDS' own Colab install "
                "script for the current runtime.",
            ),
            Variant(
                r"nvidia_stub",
                "a stub whose build step downloads the real wheel from NVIDIA's index",
                "The package on the public index is a stub (nvidia_stub) that fetches the real wheel from NVIDIA's "
                "index while pip prepares its metadata; that download failed: NVIDIA publishes no wheel of it for "
                "this platform or Python (native Windows and macOS often have none: use Linux or WSL2 and a Python "
                "the package lists), or the index cannot be reached (set the proxy pip must use, or download the "
                "wheel on another machine and `pip install` the file).",
            ),
            Variant(
                r"nvidia-dali|\bdali\b",
                "NVIDIA DALI",
                "DALI has wheels only for Linux (x86_64, aarch64) on NVIDIA's own index, named per CUDA major: `pip "
                "install --extra-index-url <NVIDIA's index from DALI's install guide> nvidia-dali-cuda120` (or "
                "cuda110 / cuda130 for the driver); on Windows run it under WSL2 with an NVIDIA GPU, or replace the "
                "DALI loader with a plain PyTorch DataLoader.",
            ),
            # the placeholder's own text names Torch-TensorRT (its old release on the public index)
            Variant(
                r"\bTorch-TensorRT\b|\btorch[-_]tensorrt\b",
                "Torch-TensorRT",
                "pip (or uv) fell back to torch-tensorrt's old placeholder release because no real release has a "
                "wheel for this Python, platform or torch: install the torch-tensorrt release made for your torch "
                "(the same major.minor: torch-tensorrt 2.5 goes with torch 2.5), on Linux or Windows x86_64 with a "
                "Python it publishes wheels for, pinned so the resolver cannot pick the placeholder "
                "(`pip install torch-tensorrt==<release>`); `torchtrt-compat suggest --python <version>` lists the "
                "releases that fit. There is none for macOS.",
                product="torch_tensorrt",
                strict=True,
            ),
            Variant(
                r"\bnvidia-tensorrt\b|\btensorrt\b",
                "TensorRT",
                "The pyindex-era nvidia-tensorrt name is a placeholder now: TensorRT is published as `tensorrt` "
                "(with tensorrt-cu12 / -cu13 for the CUDA major) for Linux and Windows with an NVIDIA GPU: install "
                "`pip install tensorrt` (the version the project needs), or leave TensorRT out where it is an "
                "optional accelerator; it does not exist for macOS.",
            ),
        ),
        weight=86,
        applies="pip installs of vendor packages that live on the vendor's own index (NVIDIA DALI and others)",
        shown_by=(_test("test_vendor_placeholder_package"),),
        example="  Downloading nvidia-dali-0.0.1.dev5.tar.gz (8.0 kB)\n"
        '          raise RuntimeError(open("ERROR.txt", "r").read())',
        example_source="the nvidia-dali 0.0.1.dev5 placeholder sdist on the public index (setup.py raises "
        "ERROR.txt's text)",
    ),
    KnownError(
        "dataloader-pin-memory-dict",
        "A batch came back as a plain dict ('dict' object has no attribute 'cuda' / 'to'): pin_memory or collate "
        "rebuilt the batch's own mapping type",
        r"'dict' object has no attribute '(?:cuda|to|pin_memory|cpu)'",
        "The program's batch is its own mapping type (a dict subclass with .cuda() / .to()), but a DataLoader step "
        "rebuilt it as a plain dict: pin_memory=True (torch's pin_memory copies a Mapping into a new dict unless "
        "the type defines pin_memory()) or the default collate did, so the method the program then calls is gone.",
        "Turn pin_memory off for that DataLoader (pin_memory=False), or give the batch type its own "
        "`pin_memory(self)` method returning the same type (torch calls it instead of rebuilding a dict), or "
        "convert the batch back to the program's type before calling .cuda() / .to(); with a custom collate_fn, "
        "return the program's type from it.",
        loose=True,
        weight=45,
        applies="torch.utils.data.DataLoader with pin_memory=True or default collate and a custom batch mapping type",
        shown_by=(_test("test_pin_memory_plain_dict"),),
        example="AttributeError: 'dict' object has no attribute 'cuda'",
        example_source="https://github.com/IBM/mi-prometheus/issues/117 (torch/utils/data/_utils/pin_memory.py "
        "rebuilds a Mapping as a dict)",
    ),
    KnownError(
        "container-banner-no-driver",
        "An NVIDIA container's start banner: 'The NVIDIA Driver was not detected. GPU functionality will not be "
        "available' (the container was started without the GPUs)",
        r"The NVIDIA Driver was not detected\.\s{1,4}GPU functionality will not be available",
        "NVIDIA's container images (CUDA, NGC's PyTorch / TensorFlow / Caffe / Triton) check for the driver when "
        "they start and print this banner when none was injected: the container was started without the NVIDIA "
        "runtime or --gpus (or the host has no NVIDIA Container Toolkit), so every GPU call of the job inside it "
        "fails or silently runs on the CPU.",
        "Install the NVIDIA Container Toolkit on the host and start the container with the GPUs (`docker run --gpus "
        "all ...`, or `--runtime=nvidia` / `nvidia-docker run` on old setups; compose: a GPU device reservation; "
        "Kubernetes: a `nvidia.com/gpu` limit); check `nvidia-smi` lists the GPU inside the container before the "
        "job runs. If the job is meant for the CPU, the banner is harmless.",
        # a job was started in the container (a command other than the bare container start, a Python script):
        # the banner alone after `docker run <image>` is a warning, the GPU may not be needed
        requires=r"^\s{0,4}[$#>] {0,2}(?!(?:sudo )?(?:docker|podman|nvidia-docker) (?:run|start|compose)\b)\S"
        r"|\bpython\d?(?:\.\d{1,2})? \S|\.py\b",
        # a failure of its own (a traceback, an exception, a server's E-level line) is the answer; the container
        # families read it beside the banner
        unless=ANOTHER_FAILURE + r"|^E\d{4} \d\d:\d\d:\d\d",
        severity="warns-of-failure",
        alternatives=("host-container-no-gpu",),
        weight=86,
        applies="NVIDIA's CUDA and NGC container images (their entrypoint's start-up check)",
        shown_by=(_test("test_container_banner_warns_of_failure"),),
        example="$ bash scripts/extract_features.sh\n"
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
        "   Use 'nvidia-docker run' to start this container",
        example_source="NVIDIA's container entrypoint (/opt/nvidia/nvidia_entrypoint.sh and its entrypoint.d "
        "checks in the CUDA / NGC images); https://github.com/ChenRocks/UNITER/issues/66",
    ),
    KnownError(
        "dataloader-pin-memory-thread-died",
        "Pin memory thread exited unexpectedly (the DataLoader's pinning thread died: the cause is above it)",
        r"\bPin memory thread exited unexpectedly\b",
        "With pin_memory=True the DataLoader runs a thread in the main process that copies each batch into pinned "
        "host memory; it died, most often because a worker process it reads from was killed (out of host memory or "
        "/dev/shm, the OOM killer), the process ran out of file descriptors, pinning failed (a batch holding CUDA "
        "tensors or a type torch cannot pin) or CUDA failed in that thread. This line follows the real error.",
        "Read the error printed above it (a worker killed by a signal, 'Too many open files', a CUDA error) and fix "
        "that; to see it plainly, rerun with pin_memory=False and num_workers=0. Keep the Dataset returning CPU "
        "tensors, give the container a larger /dev/shm (docker --shm-size / --ipc=host), and with many workers use "
        "torch.multiprocessing.set_sharing_strategy('file_system') or raise `ulimit -n`.",
        downstream=True,
        weight=44,
        applies="torch.utils.data.DataLoader with pin_memory=True",
        shown_by=(_test("test_pin_memory_thread_died"),),
        example="RuntimeError: Pin memory thread exited unexpectedly",
        example_source="torch/utils/data/dataloader.py (_MultiProcessingDataLoaderIter._try_get_data)",
    ),
    KnownError(
        "torchaudio-no-io-backend",
        "torchaudio found no audio I/O backend for the file ('Couldn't find appropriate backend to handle uri')",
        r"\bCouldn't find appropriate backend to handle uri\b|\bNo audio I/O backend is available\b",
        "torchaudio 2.x loads and saves audio through a backend it finds at run time (FFmpeg's shared libraries, "
        "sox, or the soundfile package); none is usable here for this file: FFmpeg's libraries are missing or of "
        "a major torchaudio does not load, soundfile is not installed, or the format is one the installed backend "
        "cannot read. Recent torchaudio releases moved decoding to TorchCodec, which needs FFmpeg's libraries too.",
        "Check `python -c 'import torchaudio; print(torchaudio.list_audio_backends())'`: if it is empty, `pip install "
        "soundfile` (WAV / FLAC / OGG) or install FFmpeg's shared libraries of a major your torchaudio supports "
        "(conda: `conda install -c conda-forge 'ffmpeg<7'`; Linux: the distribution's ffmpeg / libav* packages); "
        "on a torchaudio that delegates to TorchCodec, install torchcodec matching the torch version; then pass "
        "backend='soundfile' or 'ffmpeg' to torchaudio.load if several are present.",
        weight=62,
        applies="torchaudio 2.1 and later (its dispatcher of I/O backends)",
        shown_by=(_test("test_torchaudio_no_backend"),),
        example="RuntimeError: Couldn't find appropriate backend to handle uri data/a.wav and format None.",
        example_source="torchaudio/_backend/utils.py (get_load_func's dispatcher, torchaudio 2.1 to 2.8)",
    ),
    # issue 36, round fifty-nine: DeepStream's message-broker sink could not reach its broker
    KnownError(
        "deepstream-msgbroker-connect",
        "DeepStream's nvmsgbroker sink could not connect to its message broker ('unable to connect to broker "
        "library', 'Could not configure supporting library')",
        r"\bunable to connect to broker library\b|\bnvmsgbroker[^\n]{0,200}\b(?:Failed to connect|connection failed)"
        r"|\bnvds_msgapi_connect\b[^\n]{0,120}\bfail",
        "The pipeline's message-broker sink (Gst-nvmsgbroker, a sink of type 6 in deepstream-app's config) opens "
        "its protocol adapter library (proto-lib: libnvds_kafka_proto.so, libnvds_amqp_proto.so, "
        "libnvds_mqtt_proto.so, libnvds_redis_proto.so, Azure's) and connects to the broker at conn-str when the "
        "pipeline starts; the connection failed, so the sink cannot start and the pipeline does not reach PAUSED. "
        "The broker is not running or not reachable from the container (host, port, a name that does not resolve "
        "there), conn-str or the adapter's config file is wrong, or the adapter's own dependency (librdkafka, "
        "the AMQP / MQTT client library) is missing.",
        "Check the sink's settings (msg-broker-proto-lib, msg-broker-conn-str as host;port, msg-broker-config, "
        "topic) and that the broker answers from where the pipeline runs (`nc -zv <host> <port>`; in Docker use "
        "the broker's reachable address, not localhost, or --network=host); start the broker (Kafka with its "
        "topic, RabbitMQ, Mosquitto, Redis) first, and check `ldd <the proto-lib .so> | grep 'not found'`. To "
        "confirm the rest of the pipeline works, set that sink to a fakesink (type 1) and run again.",
        weight=70,
        applies="NVIDIA DeepStream's Gst-nvmsgbroker (deepstream-app sinks of type 6, deepstream-test4/5, smart-"
        "parking and other reference apps)",
        shown_by=(f"{_R59}::test_deepstream_message_broker_unreachable",),
        example="ERROR from sink_sub_bin_sink2: Could not configure supporting library.\nDebug info: gstnvmsgbroker.c"
        "(388): legacy_gst_nvmsgbroker_start (): /GstPipeline:pipeline/GstBin:sink_sub_bin2/GstNvMsgBroker:"
        "sink_sub_bin_sink2:\nunable to connect to broker library",
        example_source="DeepStream's sources/gst-plugins/gst-nvmsgbroker/gstnvmsgbroker.c (its start: 'unable to "
        "connect to broker library'), DeepStream's Gst-nvmsgbroker plugin guide",
    ),
    # issue 36, round sixty: torchaudio's search for FFmpeg's libraries at import, logged at DEBUG with its traceback
    KnownError(
        "torchaudio-ffmpeg-probe-notice",
        "torchaudio's FFmpeg probe at import ('Failed to initialize ffmpeg bindings', a dlopen of libavutil.NN that "
        "failed): a debug notice",
        r"\bFailed to initialize ffmpeg bindings\b|\bin _(?:find_ffmpeg_extension|try_access_avutil|init_ffmpeg)\b"
        r"|\bError in dlopen: dlopen\(libav(?:util|codec|format|device|filter)\.\d{1,3}\.dylib"
        r"|\blibav(?:util|codec|format|device|filter)\.so\.\d{1,3}: cannot open shared object file",
        "When torchaudio (2.0 to 2.8) is imported it looks for FFmpeg's shared libraries of each major it supports "
        "(libavutil.58, .57, .56 ...) to enable its FFmpeg backend, and logs each miss at DEBUG level with the "
        "traceback of the dlopen that failed; an app that logs at DEBUG (or a frozen app's log file) shows those "
        "tracebacks. Nothing failed: torchaudio goes on with its other backends (soundfile, sox), and only "
        "FFmpeg-based I/O (StreamReader, torchaudio.load of formats only FFmpeg reads) is unavailable.",
        "Nothing to fix unless something needs torchaudio's FFmpeg backend: then install FFmpeg's shared libraries of "
        "a major this torchaudio supports (conda: `conda install -c conda-forge 'ffmpeg<7'`; macOS: `brew install "
        "ffmpeg@6`; Linux: the distribution's libav* packages) and check `torchaudio.list_audio_backends()`. If "
        "something did fail, its own error line after these is the cause: give explain the whole output.",
        requires=r"Failed to initialize ffmpeg bindings|_find_ffmpeg_extension|_init_ffmpeg|_try_access_avutil",
        severity="notice",
        weight=40,
        applies="torchaudio 2.0 to 2.8 (its FFmpeg extension's loader), apps that bundle it",
        shown_by=(f"{_R60}::test_torchaudio_ffmpeg_probe_is_a_notice",),
        example="[DEBUG] : Failed to initialize ffmpeg bindings\nTraceback (most recent call last):\n  File "
        '"torchaudio/_extension/utils.py", line 89, in _try_access_avutil\nRuntimeError: Error in dlopen: '
        "dlopen(libavutil.56.dylib, 0x0006): tried: 'libavutil.56.dylib' (no such file)",
        example_source="torchaudio/_extension/__init__.py and utils.py (_init_ffmpeg: _LG.debug('Failed to initialize "
        "ffmpeg bindings', exc_info=True))",
    ),
    # issue 36, round sixty: torchaudio.save to a file-like object through TorchCodec / FFmpeg without a format
    KnownError(
        "torchaudio-save-file-object",
        "torchaudio.save to an in-memory buffer failed ('Couldn't allocate AVFormatContext. The destination file is "
        "<_io.BytesIO object>, check the desired extension?')",
        r"Couldn't allocate AVFormatContext\.? The destination file is <_?io\.\w{2,20} object"
        r"|Failed to save audio to <_?io\.\w{2,20} object",
        "FFmpeg picks the container format from the destination's file extension; a BytesIO (or another file "
        "object) has none, so FFmpeg could not open the output. torchaudio 2.8 and later save through TorchCodec's "
        "encoder (and earlier releases through their FFmpeg backend) and fail so when no format is given; code "
        "written for the soundfile / sox backends, which took a file object, breaks on upgrading torchaudio.",
        "Pass the container explicitly: torchaudio.save(buf, wav, sr, format='wav') (TorchCodec: AudioEncoder(wav, "
        "sample_rate=sr).to_file_like(buf, format='wav')); or write to a temporary .wav file and read its bytes "
        "back; or write with the soundfile package (soundfile.write(buf, wav.T.numpy(), sr, format='WAV')).",
        weight=66,
        applies="torchaudio 2.x saving to file-like objects (TorchCodec / FFmpeg backends)",
        shown_by=(f"{_R60}::test_torchaudio_ffmpeg_probe_is_a_notice",),
        example="RuntimeError: Failed to save audio to <_io.BytesIO object>: Couldn't allocate AVFormatContext. The "
        "destination file is <_io.BytesIO object>, check the desired extension? Invalid argument",
        example_source="torchcodec's encoder (AVFormatContext allocation for a file-like destination) as torchaudio "
        "2.8's save reports it",
    ),
)
