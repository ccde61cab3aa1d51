"""Jetson, embedded and robotics stacks in their own words (issue 36, round twelve): glibc's static TLS block that a
late-loaded OpenMP / GL library does not fit in (aarch64 above all), TensorRT's DLA (no DLA core on this module, a
layer that cannot run on DLA with GPU fallback off, and the fallback notice), the Argus camera daemon behind
nvarguscamerasrc, EGL and X displays a headless board or container does not have (GStreamer's EGL sinks, NVIDIA's
nvbuf_utils, GTK, OpenCV's highgui, Qt, Tk, Java AWT), jetson-stats' jtop service, Omniverse Kit (Isaac Sim) that
cannot create a Vulkan GPU device, and a ROS node built against another OpenCV. Each pattern is keyed to the
library's own wording (glibc elf/dl-reloc.c; TensorRT's samples/common/sampleEngines.cpp and the Developer Guide's
GPU Fallback Mode; jetson_multimedia_api argus samples and gst-nvarguscamera; gst-plugins-bad ext/eglgles; GTK
gtk/gtkmain.c; OpenCV modules/highgui/src/window_gtk.cpp; qtbase's xcb platform plugin; Tk's tkWindow.c; OpenJDK's
X11GraphicsEnvironment; jetson_stats jtop/jtop.py; the Omniverse Kit manual's troubleshooting and Vulkan-Tools'
vulkaninfo); paths, names and numbers are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import JETSON_BOARD, KnownError, Variant, tests_in

__all__ = ["FAMILIES", "JETSON_BOARD", "ROS"]

_TESTS = "tests/troubleshooting/test_round12_w4edge.py"


_test = tests_in(_TESTS)


#: a Robot Operating System context (ROS 1 / ROS 2 paths, launch and build tools, cv_bridge)
ROS = r"/opt/ros/|\bros2?\b|\brclpy\b|\brclcpp\b|\brospy\b|\broscpp\b|catkin|colcon|cv_bridge|roslaunch|\bROS\b"

#: Torch-TensorRT in the text (the `table.PRODUCTS` pattern of torch_tensorrt)
_TORCH_TRT = r"torch_tensorrt|Torch-TensorRT|torch-tensorrt"

_TLS: tuple[KnownError, ...] = (
    KnownError(
        "edge-static-tls",
        "cannot allocate memory in static TLS block (a library loaded late does not fit glibc's static TLS space)",
        r"([\w./+~-]{1,200}\.so(?:\.\d{1,4}){0,4}): cannot allocate memory in static TLS block"
        r"|cannot allocate memory in static TLS block",
        "glibc gives libraries built with initial-exec thread-local storage (libgomp, OpenBLAS, libGLdispatch, "
        "some bundled copies of them in wheels: scikit_learn.libs, opencv_python.libs, torch/lib) room in a fixed "
        "static TLS block when the process starts; one loaded later with dlopen (an `import` deep inside the "
        "program) no longer fits. It happens mostly on aarch64 (Jetson, Graviton, ARM servers), whose glibc keeps "
        "less spare room, and depends on the import order.",
        "Load the library the message names when the process starts: `export LD_PRELOAD=<the path in the message>` "
        "(e.g. /usr/lib/aarch64-linux-gnu/libgomp.so.1 or the wheel's own libgomp-*.so path) before starting "
        "Python or the node, or import the package that brings it first (e.g. `import torch` or `import sklearn` "
        "before `import cv2`). With glibc 2.32+ the spare room can also be raised instead: "
        "`GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096`.",
        variants=(
            Variant(
                ROS,
                "a ROS node",
                "Put the preload into the node's environment, not only your shell: `export LD_PRELOAD=<the path in "
                "the message>` in the shell that runs `ros2 run` / `roslaunch`, or in a ROS 2 launch file "
                "`SetEnvironmentVariable('LD_PRELOAD', '<path>')` (ROS 1: `<env name=\"LD_PRELOAD\" value=\"...\"/>` "
                "in the launch file); or import the package that brings the library first in the node.",
            ),
        ),
        op=r"([\w./+~-]{1,200}\.so(?:\.\d{1,4}){0,4}): cannot allocate memory in static TLS block",
        weight=88,
        applies="Linux with glibc, aarch64 above all (Jetson / JetPack, ARM servers); any Python package or node",
        shown_by=(_test("test_static_tls_block"),),
        example="ImportError: /usr/lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in static TLS block",
        example_source="glibc elf/dl-reloc.c (_dl_allocate_static_tls: 'cannot allocate memory in static TLS "
        "block'), glibc 2.31 to 2.39",
    ),
)

_NVMAP: tuple[KnownError, ...] = (
    KnownError(
        "edge-nvmap-access",
        "Jetson: NvRmMemInitNvmap failed (the process cannot open /dev/nvmap, so CUDA finds no GPU)",
        r"NvRmMemInitNvmap failed(?::? (?:with |error )?([\w ]{1,40}))?",
        "On a Jetson, CUDA reaches the integrated GPU through the nvmap and nvgpu device nodes (/dev/nvmap, "
        "/dev/nvhost-*, /dev/nvgpu/*): 'Permission denied' means this process may not open them (a user outside the "
        "video group, a service or Slurm job without it, a sandbox, a container started without the NVIDIA "
        "runtime); 'No such file or directory' means the nodes are not there (a container without the devices, or "
        "a kernel rebuilt without NVIDIA's out-of-tree nvgpu / nvmap modules). CUDA then reports an unknown error "
        "or no GPU.",
        "Give the process the devices: add the user to the video group (`sudo usermod -a -G video $USER`, then log "
        "in again; for a service or job, run it with that group); run containers with `--runtime nvidia` (it "
        "mounts the Jetson device nodes; plain docker needs `--device /dev/nvmap --device /dev/nvhost-ctrl-gpu` "
        "and the rest, so prefer the runtime); if /dev/nvmap is missing on the host, the NVIDIA kernel modules "
        "are not loaded: rebuild / reinstall them for the running kernel (the L4T kernel packages of your JetPack) "
        "and reboot.",
        op=r"NvRmMemInitNvmap failed:? (?:with |error )?(\w[\w ]{0,39})",
        weight=90,
        applies="NVIDIA Jetson (L4T / JetPack 5 and 6): any CUDA program (torch, TensorRT, ollama, nvidia-smi)",
        shown_by=(_test("test_jetson_nvmap_access"),),
        example="NvRmMemInitNvmap failed with Permission denied\nRuntimeError: No CUDA GPUs are available",
        example_source="NVIDIA's L4T libnvrm_mem (NvRmMemInitNvmap, opening /dev/nvmap), as L4T 35.x / 36.x print it",
    ),
)

_DLA: tuple[KnownError, ...] = (
    KnownError(
        "edge-dla-not-available",
        "TensorRT: Cannot create DLA engine, N not available (this module has no such DLA core)",
        r"Cannot create DLA engine, -?\d{1,2} not available"
        r"|DLA cores? (?:is |are )?not (?:available|supported) on this (?:platform|device)",
        "A DLA core was asked for (trtexec --useDLACore=N, IBuilderConfig.DLA_core, torch_tensorrt Device('dla:N'), "
        "DeepStream enable-dla) that this device does not have: Jetson Orin Nano, Nano, TX1/TX2 and every desktop "
        "or data-centre GPU have no DLA; Xavier and AGX Orin / Orin NX have one or two (`builder.num_DLA_cores`). "
        "TensorRT releases after 10.7 dropped DLA on JetPack until it came back for AGX Orin.",
        "Build for the GPU instead (drop --useDLACore / the DLA device), or pick a core this module has "
        "(0 .. num_DLA_cores-1: `python3 -c 'import tensorrt as trt; "
        "print(trt.Builder(trt.Logger()).num_DLA_cores)'`); "
        "to use DLA, run on Xavier / AGX Orin / Orin NX with the TensorRT of its JetPack.",
        variants=(
            Variant(
                _TORCH_TRT,
                "Torch-TensorRT",
                "Compile for the GPU (`torch_tensorrt.Device('cuda:0')`, or drop the DLA device from the compile "
                "spec); DLA needs a module that has one (Xavier, AGX Orin, Orin NX) and `Device('dla:0', "
                "allow_gpu_fallback=True)` with fp16 or int8 precision.",
                product="torch_tensorrt",
            ),
            Variant(
                r"deepstream|DeepStream|gst-nvinfer|nvdsinfer|NvDsInfer|enable-dla",
                "DeepStream",
                "Set `enable-dla=0` in the nvinfer config (or `use-dla-core` to a core the module has) and delete the "
                "engine file it built, so nvinfer builds one for the GPU.",
                product="deepstream",
            ),
        ),
        weight=86,
        applies="TensorRT on Jetson (JetPack) and any GPU without DLA: trtexec, the samples, applications",
        shown_by=(_test("test_dla_in_tensorrt_words"),),
        example="[E] Cannot create DLA engine, 0 not available",
        example_source="TensorRT samples/common/sampleEngines.cpp (setupNetworkAndConfig: 'Cannot create DLA engine, "
        "<core> not available'), TensorRT 8.5 to 10.x OSS",
    ),
    KnownError(
        "edge-dla-no-gpu-fallback",
        "TensorRT: a layer cannot run on DLA and GPU fallback is not enabled (DLA validation failed)",
        r"is not supported on DLA but GPU fallback is not enabled"
        r"|cannot run on DLA and GPU fallback is not enabled|DLA validation failed"
        r"|Assertion allowGPUFallback failed"
        # issue 36, round forty: the builder found no implementation that keeps the network's I/O direct
        # (BuilderFlag::kDIRECT_IO), as a DLA build without GPU fallback (trtexec --useDLACore) reports a layer
        # that has no DLA implementation
        r"|BuilderFlag::kDIRECT_IO specified but no conformant implementation exists",
        "The network was built for DLA without GPU fallback, and a layer cannot run on DLA: its type is not on "
        "DLA's list (Shape, Slice, Gather, most Reshape / Cast / dynamic-shape ops, large pooling kernels), its "
        "parameters are out of DLA's range, the precision is FP32 (DLA runs only FP16 and INT8), or the batch or "
        "an intermediate tensor is too large.",
        "Allow GPU fallback (trtexec `--allowGPUFallback`; `config.set_flag(trt.BuilderFlag.GPU_FALLBACK)`) and "
        "build in FP16 or INT8 (`--fp16` / `--int8`), or rewrite the layer the message names into ones DLA runs "
        "(fold constant shapes with onnxsim / `polygraphy surgeon sanitize --fold-constants`, Conv 1x1 for "
        "reshapes); `--dumpLayerInfo` / `--exportLayerInfo` shows where each layer ran.",
        variants=(
            Variant(
                r"kDIRECT_IO specified but no conformant implementation",
                "kDIRECT_IO: no implementation keeps the network's I/O direct (a DLA build without GPU fallback)",
                "The builder was asked for direct I/O (BuilderFlag::kDIRECT_IO: no reformatting between a layer and "
                "a network input or output) and no implementation meets it, so it built no engine (the 'Assertion "
                "engine != nullptr failed' after it). With DLA (trtexec --useDLACore=N) this is a layer that has no "
                "DLA implementation while GPU fallback is off: add `--allowGPUFallback` "
                "(BuilderFlag::kGPU_FALLBACK) with --int8 or --fp16, or make the layer DLA-friendly; without DLA, "
                "drop --directIO / kDIRECT_IO or set I/O formats (--inputIOFormats / --outputIOFormats) the first "
                "and last layers support. Build for the GPU alone (no --useDLACore) if most layers fall back.",
                strict=True,
            ),
            Variant(
                _TORCH_TRT,
                "Torch-TensorRT",
                "Compile with `device=torch_tensorrt.Device('dla:0', allow_gpu_fallback=True)` and "
                "`enabled_precisions={torch.half}` (or int8): DLA runs no FP32, and layers it cannot run then go "
                "to the GPU.",
                product="torch_tensorrt",
            ),
        ),
        weight=84,
        applies="TensorRT with DLA (Jetson Xavier, AGX Orin, Orin NX; DRIVE)",
        shown_by=(_test("test_dla_in_tensorrt_words"),),
        example="[E] Error[2]: [network.cpp::validate::2925] Error Code 2: Internal Error (Assertion allowGPUFallback "
        "failed. Layer '/model.2/Shape' is not supported on DLA but GPU fallback is not enabled.)",
        example_source="TensorRT's builder (libnvinfer, network validation), as TensorRT 8.5 / 10.x prints it; "
        "TensorRT Developer Guide, DLA 'GPU Fallback Mode' ('When GPU fallback is disabled, an error is emitted')",
    ),
    KnownError(
        "edge-dla-fallback-notice",
        "TensorRT: a layer is not supported on DLA and falls back to the GPU (a notice)",
        r"is not supported on DLA, falling back to GPU|cannot run on DLA, using GPU fallback"
        r"|(?:will|would) fall ?back to GPU"
        # TensorRT 8.4+ wording: "Layer 'X' (CONSTANT): Unsupported on DLA. Switching this layer's device type to GPU."
        r"|(?:Unsupported|not supported) on DLA\. Switching this layer's device type to GPU"
        r"|DLA cores do not support\b|DLA Layer \S{1,200} does not support\b",
        "A notice: with GPU fallback on, a layer DLA cannot run goes to the GPU, and the engine still builds. Many "
        "such layers split the network into several DLA loadables with copies in between, which can make it "
        "slower than the GPU alone.",
        "Nothing to fix for the engine to work. For speed, look at which layers went to the GPU (trtexec "
        "`--dumpLayerInfo --profilingVerbosity=detailed`) and rewrite them into layers DLA runs, or build for the "
        "GPU if most of the network falls back.",
        requires=r"\bDLA\b",
        severity="notice",
        weight=25,
        applies="TensorRT with DLA and GPU fallback (Jetson Xavier, AGX Orin, Orin NX)",
        shown_by=(_test("test_dla_in_tensorrt_words"),),
        example="[W] [TRT] Default DLA is enabled but layer /model.0/conv/Conv is not supported on DLA, falling back "
        "to GPU.",
        example_source="TensorRT's builder (libnvinfer) warning, TensorRT 8.x; TensorRT Developer Guide, 'GPU "
        "Fallback Mode'",
    ),
)

_CAMERA_DISPLAY: tuple[KnownError, ...] = (
    KnownError(
        "edge-argus-capture-session",
        "Jetson camera: Failed to create CaptureSession (nvarguscamerasrc / libargus cannot open the CSI camera)",
        r"Failed to create CaptureSession"
        r"|(?:nvarguscamerasrc|Argus|argus)[^\n]{0,120}No cameras available",
        "libargus (behind nvarguscamerasrc and Argus apps) asks the nvargus-daemon for the CSI camera and got no "
        "capture session: the daemon is stuck after a pipeline was killed, another process holds the camera, the "
        "sensor-id does not exist or the sensor's driver / device tree did not load, or in a container the daemon's "
        "socket is not reachable.",
        "Restart the daemon (`sudo systemctl restart nvargus-daemon`) and stop pipelines with EOS (`gst-launch-1.0 "
        "-e`, cap.release()) rather than kill -9; check that no other process uses the camera and that it is found "
        "(`ls /dev/video*`, `v4l2-ctl --list-devices`, `dmesg | grep -i imx` for the sensor driver; enable the "
        "module's camera overlay with `sudo /opt/nvidia/jetson-io/jetson-io.py` and reboot if it is missing) and "
        "pass a sensor-id it has. In a container, run it with `--runtime nvidia` and mount `-v "
        "/tmp/argus_socket:/tmp/argus_socket`.",
        weight=86,
        applies="Jetson (L4T / JetPack) CSI cameras: nvarguscamerasrc, libargus apps, OpenCV / DeepStream pipelines",
        shown_by=(_test("test_argus_camera"),),
        example="Error generated. /dvs/git/dirty/git-master_linux/multimedia/nvgstreamer/gst-nvarguscamera/"
        "gstnvarguscamerasrc.cpp, execute:751 Failed to create CaptureSession",
        example_source="gst-nvarguscamera gstnvarguscamerasrc.cpp (L4T 32.x / 35.x public sources) and the Jetson "
        'Multimedia API argus samples (ORIGINATE_ERROR("Failed to create CaptureSession"))',
    ),
    KnownError(
        "edge-opencv-capture-open",
        "OpenCV: VideoCapture's backend could not open the camera or pipeline (can't be used to capture by name)",
        r"VIDEOIO\((\w{2,12})(?::[^)\n]{0,80})?\): backend is generally available but can't be used to capture by"
        r" name|GStreamer warning: Embedded video playback halted; module [\w-]{1,60} reported",
        "cv2.VideoCapture tried a backend (GStreamer, V4L2, FFMPEG, DSHOW, MSMF) and it could not open the source: "
        "for a GStreamer pipeline string, the pipeline failed (an element missing or failing, e.g. "
        "nvarguscamerasrc without its daemon, caps the camera does not offer) or this OpenCV has no GStreamer "
        "(pip's opencv-python wheels are built without it) so another backend read the string as a file name; for "
        "a camera, the device is busy, absent, or V4L2 was given a path instead of an index. While probing "
        "backends, the line is harmless if another backend then opens the source.",
        "If `cap.isOpened()` is False: for a GStreamer pipeline, check `cv2.getBuildInformation()` shows GStreamer: "
        "YES (on a Jetson use JetPack's OpenCV, python3-opencv from the L4T repository or a jetson-containers "
        "build, and `pip uninstall opencv-python`), pass `cv2.CAP_GSTREAMER`, and run the same pipeline with "
        "`gst-launch-1.0` (ending in fakesink) to see the element that fails; for a camera, pass its index "
        "(`cv2.VideoCapture(0, cv2.CAP_V4L2)`), check `v4l2-ctl --list-devices` and that no other process holds "
        "it.",
        variants=(
            Variant(
                r"nvarguscamerasrc|nvargus|Argus",
                "a Jetson CSI camera (nvarguscamerasrc)",
                "The nvarguscamerasrc pipeline did not start: run it alone (`gst-launch-1.0 nvarguscamerasrc "
                "sensor-id=0 num-buffers=30 ! fakesink`); if Argus cannot create a capture session restart the "
                "daemon (`sudo systemctl restart nvargus-daemon`); use JetPack's OpenCV (GStreamer: YES in "
                "cv2.getBuildInformation(); pip's opencv-python has none) and `cv2.VideoCapture(pipeline, "
                "cv2.CAP_GSTREAMER)`, with the pipeline ending in `videoconvert ! video/x-raw, format=BGR ! appsink`.",
            ),
        ),
        op=r"VIDEOIO\((\w{2,12})(?::[^)\n]{0,80})?\): backend is generally available",
        severity="warns-of-failure",
        weight=55,
        applies="OpenCV 4.x videoio (cv2.VideoCapture) on Linux, Windows and macOS; Jetson camera pipelines",
        shown_by=(_test("test_argus_camera"),),
        example="[ WARN:0@0.021] global cap.cpp:204 open VIDEOIO(GSTREAMER): backend is generally available but "
        "can't be used to capture by name",
        example_source="OpenCV modules/videoio/src/cap.cpp (VideoCapture::open: 'VIDEOIO(%s): backend is generally "
        "available but can't be used to capture by name'), OpenCV 4.5 to 4.10; modules/videoio/src/cap_gstreamer.cpp "
        "('Embedded video playback halted; module %s reported: %s')",
    ),
    KnownError(
        "edge-egl-display",
        "Could not get EGL display connection (an EGL display that a headless board or container does not have)",
        r"(?<!nvbuf_utils: )(?<!nvbufsurftransform: )Could not get EGL display connection|Failed to get EGL display"
        r"|eglGetDisplay\w{0,10}\(?[^\n]{0,40}(?:failed|returned (?:NULL|EGL_NO_DISPLAY))",
        "eglGetDisplay found no display: EGL went to the X server named by DISPLAY and none answers (an ssh -X "
        "session, a container without the X socket, a headless board), so elements that need EGL (nveglglessink, "
        "eglglessink, an EGL renderer) cannot start.",
        "On a board without a desktop `unset DISPLAY` (ssh -X sets "
        "one EGL cannot use) and use a sink that needs no display (fakesink, appsink, filesink, an RTSP / UDP "
        "sink); with a monitor, run it from the desktop session or `export DISPLAY=:0` and `xhost +local:`; in a "
        "container pass `-e DISPLAY -v /tmp/.X11-unix:/tmp/.X11-unix` with `--runtime nvidia`.",
        weight=70,
        applies="EGL users on Linux: GStreamer's EGL sinks (eglglessink, nveglglessink), DeepStream, EGL renderers",
        shown_by=(_test("test_displays_a_headless_machine_lacks"),),
        example="ERROR eglglessink gsteglglessink.c: Could not get EGL display connection",
        example_source="gst-plugins-bad ext/eglgles/gsteglglessink.c (GST_ERROR_OBJECT 'Could not get EGL display "
        "connection'), GStreamer 1.x; NVIDIA's gst-nveglglessink (L4T public sources)",
    ),
    KnownError(
        "edge-x-display",
        "No X display for a window (cannot open display / could not connect to display / no $DISPLAY)",
        r"cannot open display:?|Can't open display:?|could not connect to display"
        r"|Can't initialize GTK backend|no display name and no \$DISPLAY environment variable"
        r"|Can't connect to X11 window server|cannot connect to X server|Could not open X display"
        # OpenGL windowing libraries' own words (round twenty-two): pyglet (canvas/xlib.py NoSuchDisplayException),
        # GLFW (x11_init.c: "X11: The DISPLAY environment variable is missing"), freeglut ("failed to open display")
        r"|NoSuchDisplayException: Cannot connect to|X11: The DISPLAY environment variable is missing"
        r"|X11: Failed to open display|freeglut \([^)\n]{0,80}\): failed to open display",
        "The program opens a window (cv2.imshow, a Qt / GTK / Tk GUI, matplotlib's interactive backend, a "
        "simulator's viewer, Java AWT) and there is no X display to open it on: DISPLAY is unset or names a "
        "server that does not answer or refuses this user (ssh without -X, a service, a container, sudo).",
        "Either give it a display: run it in the desktop session, or `export DISPLAY=:0` and `xhost +local:` on "
        "the machine with the screen (ssh -X / -Y for a remote one), and in a container pass `-e DISPLAY -v "
        "/tmp/.X11-unix:/tmp/.X11-unix`; or run without one: drop the window calls (write images or stream "
        "them), use the headless build or backend (opencv-python-headless, MPLBACKEND=Agg, "
        "QT_QPA_PLATFORM=offscreen, `xvfb-run` for a virtual display, `-Djava.awt.headless=true`).",
        variants=(
            # an OpenGL renderer or simulator opening a window on a headless server (pyglet, GLFW, freeglut)
            Variant(
                r"pyglet|GLFW|glfw|freeglut|pyrender|trimesh|mujoco|dm_control|gym[\\/]envs|OpenGL",
                "an OpenGL renderer or simulator on a headless machine",
                "On a server render offscreen instead of in a window: EGL on the NVIDIA GPU (`PYOPENGL_PLATFORM=egl`; "
                "MuJoCo / dm_control: `MUJOCO_GL=egl`; pyrender's OffscreenRenderer), or OSMesa on the CPU "
                "(`PYOPENGL_PLATFORM=osmesa` / `MUJOCO_GL=osmesa` with libosmesa6), set before the library is "
                "imported; or run the program under a virtual display (`xvfb-run -a -s '-screen 0 1024x768x24' "
                "python ...`). A desktop session or `ssh -X` gives it a real display.",
            ),
            Variant(
                r"GTK backend|cvInitSystem|highgui|\bcv2\b|imshow",
                "OpenCV highgui (cv2.imshow)",
                "cv2.imshow needs an X display: on a headless board remove imshow / waitKey (write frames with "
                "cv2.imwrite or stream them), or give the process a display (`export DISPLAY=:0` and `xhost "
                "+local:` on the board with a monitor, `-e DISPLAY -v /tmp/.X11-unix:/tmp/.X11-unix` in a "
                "container); on a server use opencv-python-headless (it has no windows at all).",
            ),
            Variant(
                r"no display name and no \$DISPLAY|_tkinter|TclError|matplotlib",
                "Tk / matplotlib",
                "Tk needs an X display: for matplotlib use a non-interactive backend (`MPLBACKEND=Agg`, or "
                "`matplotlib.use('Agg')` before pyplot) and save figures with savefig; for a Tk app run it in "
                "the desktop session or under `xvfb-run`.",
            ),
            Variant(
                r"qt\.qpa|\bQt\b|QApplication|xcb",
                "Qt",
                "Qt's xcb platform needs an X display: set DISPLAY to a running X server (desktop session, ssh -X, "
                "`-e DISPLAY -v /tmp/.X11-unix:/tmp/.X11-unix` in a container), or run without one with "
                "`QT_QPA_PLATFORM=offscreen` (or under `xvfb-run`).",
            ),
            Variant(
                r"java\.awt|HeadlessException|X11GraphicsEnvironment",
                "Java AWT",
                "Start the JVM with `-Djava.awt.headless=true` if it draws nothing on screen, or set DISPLAY to a "
                "running X server (xvfb-run for a virtual one).",
            ),
        ),
        # a renderer that says it went on without the window (SAPIEN's svulkan2: "Continue without GLFW"): its
        # notice, rendering's svulkan2-no-display-notice (issue 36, round fifty-eight)
        unless=r"\[svulkan2\] \[warning\] Continue without GLFW",
        weight=72,
        applies="Linux / X11 GUI toolkits: OpenCV highgui, GTK, Qt, Tk, Java AWT; headless boards, servers, containers",
        shown_by=(_test("test_displays_a_headless_machine_lacks"),),
        example="terminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.5.4) "
        "/opencv/modules/highgui/src/window_gtk.cpp:635: error: (-2:Unspecified error) Can't initialize GTK backend "
        "in function 'cvInitSystem'",
        example_source='OpenCV modules/highgui/src/window_gtk.cpp (cvInitSystem: "Can\'t initialize GTK backend"), '
        "OpenCV 4.5; GTK gtk/gtkmain.c ('cannot open display: %s'); qtbase src/plugins/platforms/xcb "
        "('could not connect to display'); Tk generic/tkWindow.c ('no display name and no $DISPLAY environment "
        "variable'); OpenJDK X11GraphicsEnvironment (\"Can't connect to X11 window server\")",
    ),
)

_TOOLS: tuple[KnownError, ...] = (
    KnownError(
        "edge-jtop-service",
        "jetson-stats: jtop cannot reach jtop.service (not active, no permission, or another version)",
        r"The jtop\.service is not active|I can't access jtop\.service"
        r"|Mismatch version jtop service|Mismatch of Python versions between library and service"
        r"|Authentication with jetson-stats server failed",
        "jtop (and `from jtop import jtop` in Python) reads the board through the jtop.service daemon's socket "
        "/run/jtop.sock: the service is not running, this user is not in the jtop group that may open the socket "
        "(right after installing, before logging in again; a container without the socket), or the service runs "
        "another jetson-stats version or Python than the client.",
        "Restart the service (`sudo systemctl restart jtop.service`; `journalctl -u jtop.service -n 100` shows why "
        "it stopped); give this user access (`sudo usermod -a -G jtop $USER`, then log out and in, or run `sudo "
        "jtop --health` and fix what it marks FAIL); for a version mismatch reinstall one jetson-stats for both "
        "(`sudo pip3 install -U jetson-stats`, then restart the service). In a container, mount "
        "`-v /run/jtop.sock:/run/jtop.sock`.",
        variants=(
            Variant(
                r"I can't access jtop\.service",
                "no permission on the jtop socket",
                "This user may not open /run/jtop.sock: `sudo usermod -a -G jtop $USER` and log out and in (a "
                "reboot also does it), or `sudo jtop --health` and fix what it marks FAIL; in a container mount "
                "`-v /run/jtop.sock:/run/jtop.sock` and run as a user of the jtop group (or root).",
            ),
            Variant(
                r"Mismatch (?:version jtop service|of Python versions)",
                "client and service of different versions",
                "The jtop service and this client are different jetson-stats versions (or Pythons): reinstall it "
                "once for the system (`sudo pip3 install -U jetson-stats`), remove other copies (a venv's, "
                "~/.local's), then `sudo systemctl restart jtop.service`.",
            ),
        ),
        weight=88,
        applies="jetson-stats (jtop) on Jetson, 4.x",
        shown_by=(_test("test_jtop_service"),),
        example="jtop.core.exceptions.JtopException: The jtop.service is not active. Please run:\nsudo systemctl "
        "restart jtop.service",
        example_source="jetson_stats jtop/jtop.py (jtop.start: JtopException messages), jetson-stats 4.2",
    ),
    KnownError(
        "edge-nvpmodel",
        "Jetson: nvpmodel refused the power mode (NVPM ERROR: bad power mode / not root / reboot prompt unanswered)",
        r"NVPM ERROR: ?(?:request for bad power mode|Error opening|optMask is \d{1,3}, no request for power mode"
        r"|bad input|[^\n]{0,40}(?:Permission denied|failed))",
        "nvpmodel sets the module's power mode (CPU cores, GPU / EMC clock caps) from /etc/nvpmodel.conf: the mode "
        "number is not defined for this module (mode IDs differ between Nano, NX, AGX and the Super releases), it "
        "ran without root (errno 13 opening the sysfs nodes), or the mode needs a reboot and its YES / no prompt "
        "got no answer (a script, ssh without a terminal), so nothing changed.",
        "List the modes this module has (`sudo nvpmodel -p --verbose`, or the POWER_MODEL lines of "
        "/etc/nvpmodel.conf) and pick one of them; run it as root (`sudo nvpmodel -m <id>`; `nvpmodel -q` shows "
        "the current one); for a mode that needs a reboot, run it from an interactive shell, answer the prompt, "
        "and reboot. Then `sudo jetson_clocks` pins the clocks at that mode's maximum (`--show` prints them).",
        variants=(
            Variant(
                r"Error opening[^\n]{0,200}: ?13\b|Permission denied",
                "not run as root",
                "nvpmodel writes the power-mode sysfs nodes, which only root may open (errno 13): run it with sudo "
                "(`sudo nvpmodel -m <id>`); as a plain user `nvpmodel -q` still prints the mode above these lines.",
            ),
        ),
        weight=70,
        applies="NVIDIA Jetson (L4T / JetPack): nvpmodel, and tools that call it (jetson-stats' jtop, scripts)",
        shown_by=(_test("test_nvpmodel"),),
        example="$ sudo nvpmodel -m 2\nNVPM ERROR: request for bad power mode 2",
        example_source="nvpmodel (L4T's power-mode tool; its 'NVPM ERROR' lines, which jetson_stats "
        "jtop/core/nvpmodel.py checks for), L4T 35.x / 36.x",
    ),
    KnownError(
        "edge-omniverse-gpu-device",
        "Omniverse Kit / Isaac Sim: Failed to create any GPU devices (no usable Vulkan driver for the RTX renderer)",
        r"Failed to create any GPU devices|GPU Foundation is not initialized"
        r"|carb::graphics::createInstance failed|vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER"
        r"|VkResult: ERROR_INCOMPATIBLE_DRIVER",
        "Omniverse Kit's GPU foundation (Isaac Sim, Isaac Lab, Kit apps) renders with Vulkan and found no GPU it can "
        "use: the NVIDIA driver's Vulkan part is missing or not visible (no nvidia_icd.json, no libGLX_nvidia.so.0: "
        "a compute-only driver install or a container started without the graphics capability), the driver branch "
        "is not one this Kit release supports, or the GPU has no RT cores (A100, H100 are not supported by the RTX "
        "renderer).",
        "Check Vulkan on the host with `vulkaninfo --summary` (it must list the NVIDIA GPU) and install the driver "
        "version the Isaac Sim / Kit release's requirements name, with its Vulkan and GL libraries; in a container "
        "run with `--gpus all -e NVIDIA_DRIVER_CAPABILITIES=all` (graphics and display, not only compute) and check "
        "/usr/share/vulkan/icd.d/nvidia_icd.json is there; on a GPU without RT cores run headless physics only or "
        "move to an RTX GPU.",
        weight=86,
        applies="NVIDIA Omniverse Kit apps: Isaac Sim, Isaac Lab, other Kit-based apps (Linux and Windows)",
        shown_by=(_test("test_omniverse_kit_gpu_device"),),
        example="[Error] [omni.gpu_foundation_factory.plugin] Failed to create any GPU devices, including an attempt "
        "with compatibility mode.",
        example_source="Omniverse Kit's gpu.foundation plugin (omni.gpu_foundation_factory), Isaac Sim 4.x; the "
        "Kit manual's troubleshooting (verify Vulkan with vulkaninfo); Vulkan-Tools vulkaninfo "
        "('vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER')",
    ),
)

_ROS_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "edge-opencv-abi",
        "undefined symbol: _ZN2cv… (a library or node built against another OpenCV than the one loaded)",
        r"undefined symbol: (_ZN?K?2cv\w{1,200})",
        "A library or program calls an OpenCV function that the libopencv_* it loaded does not export: it was "
        "built against another OpenCV version or build (ROS's cv_bridge against Ubuntu's OpenCV, JetPack's own "
        "OpenCV 4.x, a source build, pip's opencv-python) and another one comes first on the loader's path.",
        "Build and run against one OpenCV: `ldd <the .so or node> | grep opencv` shows which ones load; remove or "
        "stop preferring the other copy (LD_LIBRARY_PATH, /usr/local/lib's source build), or rebuild the library "
        "against the OpenCV that is installed (`pkg-config --modversion opencv4`).",
        variants=(
            Variant(
                ROS,
                "a ROS node (cv_bridge)",
                "cv_bridge and image_transport come built against the distribution's OpenCV; your node (or "
                "JetPack's OpenCV 4.x) brings another. Build vision_opencv (cv_bridge) from source in your "
                "workspace against the OpenCV you use (`colcon build --packages-select cv_bridge --cmake-args "
                "-DOpenCV_DIR=<its cmake folder>`; catkin: the same with catkin build), rebuild your node, and "
                "source that workspace; or use the distribution's OpenCV for the node too. Check with `ldd` that "
                "one libopencv_core loads.",
            ),
        ),
        op=r"undefined symbol: (_ZN?K?2cv\w{1,200})",
        weight=78,
        applies="C++ and Python programs that link OpenCV (ROS / ROS 2 nodes, Jetson images with JetPack's OpenCV)",
        shown_by=(_test("test_ros_nodes_and_another_opencv"),),
        example="/opt/ros/noetic/lib/libcv_bridge.so: undefined symbol: _ZN2cv3Mat10deallocateEv",
        example_source="glibc's dlopen / ld.so wording (elf/dl-lookup.c 'undefined symbol: %s') with an OpenCV "
        "symbol (cv::Mat::deallocate(), OpenCV 4.x core)",
    ),
)

FAMILIES: tuple[KnownError, ...] = (*_TLS, *_NVMAP, *_DLA, *_CAMERA_DISPLAY, *_TOOLS, *_ROS_ROWS)
