"""`explain`, round twelve, Jetson, embedded and robotics stacks in their own words (issue 36): glibc's static TLS
block, TensorRT's DLA, the Argus camera daemon and OpenCV's capture backends, EGL and X displays a headless board
lacks, jetson-stats' jtop service, Omniverse Kit's GPU device, ROS nodes built against another OpenCV, and the Jetson
variants of the core rows (a wheel for another JetPack, no registry build for Jetson, the container runtime and its
CSV mounts, engines from another machine, torchvision). Each wording is the library's own (the sources named in
`families/edge.py` and in the rows' `example_source`), with near misses that must not match; the fix must name the
user's product and tool."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_static_tls_block() -> None:
    # glibc elf/dl-reloc.c, through Python's import (a Jetson's system libgomp)
    text = (
        'Traceback (most recent call last):\n  File "detect.py", line 3, in <module>\n    import cv2\n'
        "ImportError: /usr/lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in static TLS block"
    )
    found = explain(text)
    assert found[0].key == "edge-static-tls" and "LD_PRELOAD" in found[0].fix
    assert found[0].op == "/usr/lib/aarch64-linux-gnu/libgomp.so.1"
    # a wheel's bundled copy (scikit-learn), the path read from the text
    wheel = (
        "OSError: /home/u/.local/lib/python3.8/site-packages/scikit_learn.libs/libgomp-d22c30c5.so.1.0.0: cannot "
        "allocate memory in static TLS block"
    )
    assert explain(wheel)[0].op.endswith("libgomp-d22c30c5.so.1.0.0")
    # a ROS 2 node: the preload goes into the launch environment
    ros = "[detector-1] ImportError: /lib/aarch64-linux-gnu/libGLdispatch.so.0: cannot allocate memory in static TLS "
    ros += "block\n[ERROR] [detector-1]: process has died (ros2 launch)"
    key, fix = first(ros)
    assert key == "edge-static-tls" and "SetEnvironmentVariable" in fix
    # near miss: another dlopen failure
    assert "edge-static-tls" not in keys("ImportError: libgomp.so.1: cannot open shared object file")


def test_dla_in_tensorrt_words() -> None:
    # TensorRT samples/common/sampleEngines.cpp (trtexec)
    key, fix = first("[11/26/2026-10:00:00] [E] Cannot create DLA engine, 0 not available")
    assert key == "edge-dla-not-available" and "num_DLA_cores" in fix
    tt = "torch_tensorrt.compile(model, device=torch_tensorrt.Device('dla:0'))\n"
    tt += "Cannot create DLA engine, 0 not available"
    key, fix = first(tt)
    assert key == "edge-dla-not-available" and "torch_tensorrt.Device('cuda:0')" in fix
    # the builder's validation with GPU fallback off
    off = (
        "[E] Error[2]: [network.cpp::validate::2925] Error Code 2: Internal Error (Assertion allowGPUFallback failed. "
        "Layer '/model.2/Shape' is not supported on DLA but GPU fallback is not enabled.)"
    )
    key, fix = first(off)
    assert key == "edge-dla-no-gpu-fallback" and "--allowGPUFallback" in fix
    key, fix = first("[TRT] [E] 2: [network.cpp::validate] DLA validation failed\ntorch_tensorrt")
    assert key == "edge-dla-no-gpu-fallback" and "allow_gpu_fallback=True" in fix
    # the fallback warning alone is a notice: only warnings, not a failure
    notice = (
        "[W] [TRT] Default DLA is enabled but layer /model.0/conv/Conv is not supported on DLA, falling back to GPU."
    )
    found = explain(notice)
    assert found and found[0].key == "edge-dla-fallback-notice"
    assert found[0]._entry is not None and found[0]._entry.severity == "notice"
    # near miss: the trtexec help text about the flag is no failure
    assert not {"edge-dla-not-available", "edge-dla-no-gpu-fallback"} & set(
        keys(
            "--allowGPUFallback  When DLAs are enabled, allow GPU fallback for unsupported layers (default = disabled)"
        )
    )


def test_argus_camera() -> None:
    argus = (
        "Error generated. /dvs/git/dirty/git-master_linux/multimedia/nvgstreamer/gst-nvarguscamera/"
        "gstnvarguscamerasrc.cpp, execute:751 Failed to create CaptureSession"
    )
    key, fix = first(argus)
    assert key == "edge-argus-capture-session" and "nvargus-daemon" in fix and "/tmp/argus_socket" in fix
    # OpenCV's capture warning with a Jetson pipeline: a warning that means the capture failed
    cv = (
        "[ WARN:0@0.021] global cap.cpp:204 open VIDEOIO(GSTREAMER): backend is generally available but can't be "
        "used to capture by name\ncap = cv2.VideoCapture('nvarguscamerasrc ! video/x-raw(memory:NVMM) ! appsink')"
    )
    found = explain(cv)
    assert found[0].key == "edge-opencv-capture-open" and "CAP_GSTREAMER" in found[0].fix
    assert found[0].op == "GSTREAMER"
    # near misses: a DirectShow index probe is no failure of this row; a USB camera's own words are not Argus
    assert "edge-opencv-capture-open" not in keys(
        "[ WARN:0@1.3] global cap.cpp:477 VIDEOIO(DSHOW): backend is generally available but can't be used to "
        "capture by index"
    )
    assert "edge-argus-capture-session" not in keys("print('No cameras available on the device.')")


def test_displays_a_headless_machine_lacks() -> None:
    # OpenCV highgui (window_gtk.cpp)
    gtk = (
        "terminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.5.4) "
        "/opencv/modules/highgui/src/window_gtk.cpp:635: error: (-2:Unspecified error) Can't initialize GTK backend "
        "in function 'cvInitSystem'"
    )
    key, fix = first(gtk)
    assert key == "edge-x-display" and "imshow" in fix and "opencv-python-headless" in fix
    # Tk (matplotlib), Qt, Java AWT, each with its own remedy
    tk = "_tkinter.TclError: no display name and no $DISPLAY environment variable"
    key, fix = first(tk)
    assert key == "edge-x-display" and "MPLBACKEND=Agg" in fix
    qt = 'qt.qpa.xcb: could not connect to display \nqt.qpa.plugin: Could not load the Qt platform plugin "xcb"'
    key, fix = first(qt)
    assert key == "edge-x-display" and "QT_QPA_PLATFORM=offscreen" in fix
    java = "java.awt.AWTError: Can't connect to X11 window server using ':0' as the value of the DISPLAY variable."
    key, fix = first(java)
    assert key == "edge-x-display" and "java.awt.headless" in fix
    # GStreamer's EGL sink is a failure; Jetson's buffer libraries print the same words as a notice
    egl = "0:00:00.1 ERROR eglglessink gsteglglessink.c:2652: Could not get EGL display connection"
    assert first(egl)[0] == "edge-egl-display"
    nvbuf = explain("nvbuf_utils: Could not get EGL display connection")
    assert (
        nvbuf and nvbuf[0].key == "egl-display-notice"
    )  # families/video.py and "edge-egl-display" not in [e.key for e in nvbuf]
    # near miss: a display named in an ordinary sentence
    assert "edge-x-display" not in keys("Set DISPLAY=:0 to open the display on the board's monitor")


def test_jtop_service() -> None:
    # jetson_stats jtop/jtop.py (jtop.start)
    inactive = (
        "jtop.core.exceptions.JtopException: The jtop.service is not active. Please run:\nsudo systemctl restart "
        "jtop.service"
    )
    key, fix = first(inactive)
    assert key == "edge-jtop-service" and "journalctl -u jtop.service" in fix
    key, fix = first("I can't access jtop.service.\nPlease logout or reboot this board.")
    assert key == "edge-jtop-service" and "usermod -a -G jtop" in fix
    mismatch = "JtopException: Mismatch version jtop service: [4.2.3] and client: [4.3.0]. Please run:"
    key, fix = first(mismatch)
    assert key == "edge-jtop-service" and "pip3 install -U jetson-stats" in fix
    # near miss: the service restarted fine
    assert "edge-jtop-service" not in keys("jtop.service: Started jtop service.")


def test_omniverse_kit_gpu_device() -> None:
    kit = (
        "[Error] [gpu.foundation.plugin] carb::graphics::createInstance failed.\n[Error] "
        "[omni.gpu_foundation_factory.plugin] Failed to create any GPU devices, including an attempt with "
        "compatibility mode."
    )
    key, fix = first(kit)
    assert key == "edge-omniverse-gpu-device" and "vulkaninfo" in fix and "NVIDIA_DRIVER_CAPABILITIES=all" in fix
    vk = "ERROR at vulkaninfo.h:665:vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER"
    assert first(vk)[0] == "edge-omniverse-gpu-device"
    # near miss: a CUDA device list is no Vulkan failure
    assert "edge-omniverse-gpu-device" not in keys("Found 1 GPU devices: NVIDIA GeForce RTX 4090")


def test_ros_nodes_and_another_opencv() -> None:
    node = "/opt/ros/noetic/lib/libcv_bridge.so: undefined symbol: _ZN2cv3Mat10deallocateEv\n[my_node-1] process died"
    found = explain(node)
    assert found[0].key == "edge-opencv-abi" and "cv_bridge" in found[0].fix and "colcon" in found[0].fix
    assert found[0].op == "_ZN2cv3Mat10deallocateEv"
    # outside ROS the fix is OpenCV's own
    key, fix = first("ImportError: ./libdetect.so: undefined symbol: _ZNK2cv11_InputArray6getMatEi")
    assert key == "edge-opencv-abi" and "ldd" in fix and "colcon" not in fix
    # the missing OpenCV of another release
    miss = "/opt/ros/foxy/lib/libcv_bridge.so: libopencv_core.so.4.2: cannot open shared object file"
    key, fix = first(miss)
    assert "opencv" in fix.lower() and "vision_opencv" in fix
    # ROS 1 Melodic's Python 2 cv_bridge under python3
    py2 = "ImportError: dynamic module does not define module export function (PyInit_cv_bridge_boost)"
    key, fix = first(py2)
    assert key == "extension-no-module-init" and "PYTHON_EXECUTABLE" in fix
    # near miss: a torch symbol is not OpenCV's
    assert "edge-opencv-abi" not in keys("ImportError: x.so: undefined symbol: _ZN3c104cuda9SetDeviceEi")


def test_jetson_variants_of_core_rows() -> None:
    cudart = "ImportError: libcudart.so.10.2: cannot open shared object file: No such file or directory\nJetson Orin"
    key, fix = first(cudart)
    assert key == "cuda-library-major" and "JetPack" in fix and "nv_tegra_release" in fix
    pip = (
        "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu (from versions: none)\n"
        "ERROR: No matching distribution found for onnxruntime-gpu\n(Jetson Xavier NX, JetPack 5.1)"
    )
    key, fix = first(pip)
    assert key == "py-pip-no-matching-distribution" and "Jetson build" in fix
    runtime = "docker: Error response from daemon: unknown or invalid runtime name: nvidia.\n(Jetson Orin, JetPack 6)"
    key, fix = first(runtime)
    assert key == "host-toolkit-missing" and "nvidia-container" in fix and "--runtime nvidia" in fix
    csv = (
        "stderr: nvidia-container-cli: mount error: open failed: /usr/lib/aarch64-linux-gnu/tegra/libnvos.so: no "
        "such file or directory: unknown."
    )
    key, fix = first(csv)
    assert key == "host-toolkit-driver" and "host-files-for-container.d" in fix
    plan = (
        "[TRT] [E] 1: [stdArchiveReader.cpp::StdArchiveReader::40] Error Code 1: Serialization (Serialization "
        "assertion stdVersionRead == serializationVersion failed.Version tag does not match. Note: Current Version: "
        "213, Serialized Engine Version: 232)\nrunning on Jetson Orin Nano"
    )
    key, fix = first(plan)
    assert key == "engine-version-mismatch" and "trtexec" in fix and "JetPack" in fix
    # near miss: the same libcudart error on an x86 host keeps the general fix
    key, fix = first("ImportError: libcudart.so.10.2: cannot open shared object file: No such file or directory")
    assert key == "cuda-library-major" and "JetPack" not in fix


def test_jetson_nvmap_access() -> None:
    denied = (
        "NvRmMemInitNvmap failed with Permission denied\nMemory Manager Not supported\nCUDA initialization: CUDA "
        "unknown error - this may be due to an incorrectly set up environment\nRuntimeError: No CUDA GPUs are available"
    )
    found = explain(denied)
    assert found[0].key == "edge-nvmap-access" and "video" in found[0].fix and "--runtime nvidia" in found[0].fix
    assert found[0].op == "Permission denied"
    assert first("NvRmMemInitNvmap failed: error No such file or directory")[0] == "edge-nvmap-access"
    # near miss: the allocator's own failure is the NvMap memory row
    assert "edge-nvmap-access" not in keys("NvMapMemAllocInternalTagged: 1075072515 error 12")


def test_tensorrt_libraries_on_a_jetson() -> None:
    text = "ImportError: libnvinfer.so.8: cannot open shared object file: No such file or directory\n"
    text += "(Jetson Orin, JetPack 6)"
    key, fix = first(text)
    assert key == "shared-library-not-found" and "JetPack" in fix and "pip has no Jetson wheel" in fix
    # near miss: off a Jetson, the TensorRT wheel's fix stays
    key, fix = first("ImportError: libnvinfer.so.8: cannot open shared object file: No such file or directory")
    assert "JetPack" not in fix


def test_nvpmodel() -> None:
    key, fix = first("$ sudo nvpmodel -m 2\nNVPM ERROR: request for bad power mode 2")
    assert key == "edge-nvpmodel" and "nvpmodel -p --verbose" in fix
    key, fix = first("NV Power Mode: MAXN\n0\nNVPM ERROR: Error opening /sys/kernel/nvpmodel_emc_cap/emc_iso_cap: 13")
    assert key == "edge-nvpmodel" and "sudo nvpmodel" in fix
    prompt = (
        "NVPM WARN: Reboot required for changing to this power mode: 1\nNVPM WARN: DO YOU WANT TO REBOOT NOW? enter "
        "YES/yes to confirm:\nNVPM ERROR: optMask is 1, no request for power mode"
    )
    assert first(prompt)[0] == "edge-nvpmodel"
    # near miss: the query's own output is no error
    assert "edge-nvpmodel" not in keys("NV Power Mode: MAXN\n0")
