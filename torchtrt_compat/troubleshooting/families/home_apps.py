"""Self-hosted home apps with GPU inference or transcoding (issue 36, round thirty-eight): NVRs, photo libraries,
media servers, local AI servers and Home Assistant add-ons in Docker, LXC or a VM. FFmpeg / libva failing to open a
VA-API device (the render node not passed, the legacy i965 driver, a media driver or Mesa older than the GPU),
OpenVINO's GPU plugin finding no Intel GPU (and an app's notice that it fell back to the CPU), a segfault inside
onnxruntime's CUDA provider (the GPU package on a host without an NVIDIA GPU), and a media server's NVIDIA capability
probe that failed. Each pattern is keyed to the library's or app's own wording, cited in `example_source`; devices,
drivers and paths are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round38_v38homeapps.py"


def _test(name: str) -> str:
    return f"{_SHOWN}::{name}"


#: the render node in a container or VM: how to pass it and let the app's user open it
_DRI_FIX = (
    "Pass the render node in and let the app's user open it: docker `--device /dev/dri:/dev/dri` (compose: "
    "`devices: [/dev/dri:/dev/dri]`) and `--group-add` the host's render group id (`stat -c %g "
    "/dev/dri/renderD128` on the host; the video group on older distributions); in an LXC container the cgroup "
    "allow rule for char 226:* and a bind mount of /dev/dri; in a VM (Proxmox, Home Assistant OS) pass the iGPU "
    "through to the VM first (PCI passthrough or SR-IOV / GVT-g), since a VM without it has no /dev/dri of the GPU. "
    "`ls -l /dev/dri` inside the container must show renderD128 readable by the app's user."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "vaapi-device-failed",
        "FFmpeg / libva could not open the VA-API device ('Failed to initialise VAAPI connection', 'vaInitialize "
        "failed', 'Device creation failed' for vaapi_device, the i965 driver's encoder assertion)",
        r"Failed to initiali[sz]e VAAPI connection|\bvaInitialize failed\b"
        r"|\blibva(?: error)?: [^\n]{0,200}_drv_video\.so init failed"
        r"|\bvaGetDriverNameByIndex\(\) failed\b|No VA display found for (?:the )?device"
        r"|Failed to set value '[^'\n]{1,200}' for option 'vaapi_device'"
        r"|Failed to create (?:a )?VAAPI device|Failed to open [^\n]{1,120} as DRM device node"
        # the legacy i965 driver's own asserts (i965_encoder.c, i965_drv_video.c) when it has no encoder for the GPU
        r"|\bi965_\w{1,40}\.c:\d{1,6}: \w{1,80}: Assertion `",
        "FFmpeg opens VA-API through libva, which opens the DRM render node (/dev/dri/renderD128) and loads a user-"
        "space VA driver from the image (iHD or the legacy i965 for Intel, Mesa's radeonsi for AMD): the node is "
        "missing or not readable by the app's user (not passed into the container / VM, or the render group is "
        "missing), or the driver in the image does not know the GPU (i965 on Intel Gen 11 and newer, an "
        "intel-media-driver or Mesa older than a new Intel / AMD GPU), so the device cannot be created.",
        "Check from inside the container, as the app's user: `ls -l /dev/dri` (the render node must exist and be "
        "readable) and `vainfo --display drm --device /dev/dri/renderD128` (it names the driver it loads and fails "
        "the same way). " + _DRI_FIX + " Then use a VA driver that knows the GPU: Intel Gen 9 and newer with the "
        "iHD driver (intel-media-va-driver, non-free for encoding; `LIBVA_DRIVER_NAME=iHD`), a recent release of it "
        "for new chips (Alder Lake-N, Arc, Meteor Lake), and a recent Mesa (radeonsi) for AMD: an image built on a "
        "newer base, or the app's image tag that ships them. Until then, transcode in software (libx264).",
        variants=(
            Variant(
                r"\bi965_drv_video\b|\bi965_\w{1,40}\.c\b|LIBVA_DRIVER_NAME=i965",
                "the legacy i965 VA driver",
                "libva loaded the legacy i965 driver, which has no (or no encoding) support for Intel graphics "
                "from Gen 11 on (Ice Lake, Tiger Lake, Alder Lake, the N100 / N95, Arc) and aborts or fails to "
                "initialise there. Make it load the iHD driver: install intel-media-va-driver (the non-free "
                "build for encoding) in the image, or use an image that ships a recent one, and set "
                "`LIBVA_DRIVER_NAME=iHD`; for the newest chips the iHD release must be newer than the chip "
                "(an image on an older base ships one too old). `vainfo` inside must then list the encode "
                "entrypoints (VAEntrypointEncSlice). If an image update broke a setup that worked, pin the "
                "previous image tag meanwhile, or encode in software (libx264). " + _DRI_FIX,
                strict=True,
                sure=True,
            ),
            Variant(
                r"\bnvidia_drv_video\b",
                "an NVIDIA GPU through VA-API",
                "libva loaded the NVIDIA VA driver (nvidia-vaapi-driver), which only decodes and does not "
                "encode: use the app's NVIDIA / NVENC option (h264_nvenc with the NVIDIA runtime in the "
                "container) instead of VA-API, or point VA-API at an Intel / AMD render node if the machine has "
                "one.",
            ),
            Variant(
                r"No such file or directory|Permission denied|as DRM device node|Cannot open DRM render node",
                "the render node not there or not readable",
                "The render node cannot be opened: it is not in the container / VM, or the app's user may not "
                "read it. " + _DRI_FIX + " Then `vainfo --display drm --device /dev/dri/renderD128` inside must "
                "print the driver and its profiles.",
            ),
            Variant(
                r"\biHD_drv_video\b|LIBVA_DRIVER_NAME=iHD",
                "the iHD (intel-media-driver) VA driver",
                "libva loaded the iHD driver but it could not initialise the GPU: the intel-media-driver in the "
                "image is older than the GPU (Alder Lake-N, Arc, Meteor Lake and newer need a recent release), or "
                "the render node is not the Intel GPU's (a second GPU: try renderD129). Use an image with a "
                "recent intel-media-va-driver (a newer base or the app's current tag), check the node with "
                "`vainfo --display drm --device /dev/dri/renderD128`, and on the host a kernel that drives the GPU "
                "(i915 / xe loaded, `dmesg | grep -i -e i915 -e xe`). " + _DRI_FIX,
            ),
            Variant(
                r"\bradeonsi\b|\bamdgpu\b|\bRadeon\b|\bAMD\b|Device creation failed: -22\b"
                r"|for option 'vaapi_device': Invalid argument",
                "no VA display for the node (an AMD GPU, or a node that is not a usable DRM device)",
                "FFmpeg got no VA display for the node (EINVAL, -22): the node could not be opened as a DRM "
                "device (not passed in, or not readable by the app's user) or the VA driver in the image does "
                "not know the GPU; a new AMD GPU (RDNA 3 / RDNA 4) needs a Mesa (radeonsi) and libdrm newer than "
                "older images ship (RDNA 4 needs Mesa 25), and the host kernel must drive it (amdgpu). Check inside "
                "the container: `ls -l /dev/dri`, then `vainfo --display drm --device /dev/dri/renderD128`; use an "
                "image on a newer base (or add a current Mesa VA driver to it). " + _DRI_FIX,
            ),
        ),
        op=r"libva(?: error)?: [^\n]{0,200}/([\w-]{1,40}_drv_video\.so) init failed|option '(vaapi_device)'",
        weight=80,
        applies="FFmpeg with VA-API (-vaapi_device, -hwaccel vaapi, h264_vaapi / hevc_vaapi) and the apps that run "
        "it (NVRs, media servers, restreamers, video platforms) on Intel and AMD GPUs, in Docker, LXC and VMs",
        shown_by=(
            _test("test_vaapi_device_failures_by_driver"),
            _test("test_i965_encoder_assert_is_the_va_driver"),
        ),
        example="[AVHWDeviceContext @ 0x55d0] libva: /usr/lib/x86_64-linux-gnu/dri/i965_drv_video.so init failed\n"
        "[AVHWDeviceContext @ 0x55d0] Failed to initialise VAAPI connection: -1 (unknown libva error).\n"
        "Device creation failed: -5.",
        example_source="FFmpeg libavutil/hwcontext_vaapi.c (vaapi_device_create: 'No VA display found for device "
        "%s.', 'Failed to initialise VAAPI connection: %d (%s).'; vaapi_device_connect), fftools "
        "('Device creation failed: %d.', \"Failed to set value '%s' for option '%s': %s\"); libva va.c ('%s init "
        "failed', 'vaGetDriverNameByIndex() failed'); intel-vaapi-driver src/i965_encoder.c (assert in "
        "intel_enc_hw_context_init)",
    ),
    KnownError(
        "openvino-gpu-no-device",
        "OpenVINO's GPU plugin finds no Intel GPU ('[GPU] Can't get OPTIMIZATION_CAPABILITIES property as no "
        "supported devices found')",
        r"Can't get OPTIMIZATION_CAPABILITIES property as no supported devices found"
        r"|\[GPU\] Please check OpenVINO documentation for GPU drivers setup guide"
        r"|Device with \"?GPU(?:\.\d)?\"? name is not registered in the OpenVINO Runtime",
        "OpenVINO's GPU plugin (intel_gpu) enumerates Intel GPUs through the render node (/dev/dri/renderD*) and the "
        "Intel compute runtime (OpenCL / Level Zero: intel-opencl-icd, libze-intel-gpu); it found none, because the "
        "iGPU is not passed into the container or the VM (a hypervisor guest without the iGPU passed through), "
        "the app's user may not open the node, or the compute runtime in the image is missing or older "
        "than the GPU.",
        "Make the GPU visible where the app runs: "
        + _DRI_FIX
        + " The image must carry an Intel compute runtime that supports the GPU (intel-opencl-icd / level-zero of a "
        "release newer than the chip); `clinfo` or `python -c 'import openvino as ov; print(ov.Core()."
        "available_devices)'` inside must list GPU. Then select the GPU device in the app's "
        "OpenVINO setting; without a visible GPU, set it to CPU.",
        weight=80,
        applies="OpenVINO's GPU plugin (2022.1 and newer) and the apps on it (NVR detectors, photo library ML, "
        "Home Assistant add-ons) on Intel iGPUs and Arc, in Docker, LXC and VMs",
        shown_by=(_test("test_openvino_gpu_plugin_finds_no_device"),),
        example="[GPU] Can't get OPTIMIZATION_CAPABILITIES property as no supported devices found or an error "
        "happened during devices query.\n[GPU] Please check OpenVINO documentation for GPU drivers setup guide.",
        example_source="OpenVINO src/plugins/intel_gpu/src/plugin/plugin.cpp (get_metric / get_property: '[GPU] "
        "Can't get OPTIMIZATION_CAPABILITIES property as no supported devices found or an error happened during "
        "devices query.', '[GPU] Please check OpenVINO documentation for GPU drivers setup guide.'), as quoted by "
        "NVR documentation; the 'not registered in the OpenVINO Runtime' wording written from memory",
    ),
    KnownError(
        "openvino-gpu-fallback-notice",
        "An app found no OpenVINO GPU device and falls back to the CPU ('No GPU device found in OpenVINO. Falling "
        "back to CPU.'): a notice",
        r"No\s{1,80}GPU\s{1,80}device\s{1,80}found\s{1,80}in\s{1,80}OpenVINO\.?\s{1,80}Falling\s{1,80}back\s{1,80}to"
        r"\s{1,80}CPU\b",
        "The app asked OpenVINO (through onnxruntime's OpenVINO provider) for its devices and got only the CPU, so "
        "it runs inference on the CPU: nothing failed, but the Intel GPU is not visible inside the container "
        "(render node not passed, the user not in its group, or the image's compute runtime does not know the GPU).",
        "Nothing to fix if CPU inference is fast enough. To use the Intel GPU: "
        + _DRI_FIX
        + " The image's Intel compute runtime must support the GPU; OpenVINO's device list (`python -c 'import "
        "openvino as ov; print(ov.Core().available_devices)'` inside) must then show GPU besides CPU.",
        unless=ANOTHER_FAILURE,
        severity="notice",
        weight=40,
        applies="apps that use onnxruntime's OpenVINO provider on Intel GPUs (photo library ML containers)",
        shown_by=(_test("test_openvino_fallback_alone_is_a_notice"),),
        example="WARNING  No GPU device found in OpenVINO. Falling back to CPU.",
        example_source="immich machine-learning immich_ml/sessions/ort.py (log.warning('No GPU device found in "
        "OpenVINO. Falling back to CPU.'))",
    ),
    KnownError(
        "ort-cuda-provider-segfault",
        "A segfault inside onnxruntime's CUDA provider (libonnxruntime_providers_cuda.so): the GPU package on a "
        "host without a usable NVIDIA GPU",
        r"segfault at [0-9a-f]{1,16} ip [0-9a-f]{1,16} sp [0-9a-f]{1,16} error \d{1,3} in "
        r"libonnxruntime_providers_cuda\.so"
        r"|(?:\bfrom|\bin) [^\n]{0,200}?libonnxruntime_providers_cuda\.(?:so|dll)\b",
        "The process crashed inside onnxruntime's CUDA execution provider: the GPU build of onnxruntime (onnxruntime-"
        "gpu, or an image or add-on that ships it) created the CUDA provider where it cannot run: most often a host "
        "or container with no NVIDIA GPU or driver (a CPU-only install that got the GPU package after an update), "
        "else CUDA / cuDNN libraries of another major than the build's.",
        "Check the machine first: `nvidia-smi` where the app runs. Without an NVIDIA GPU, use the CPU onnxruntime "
        "(`pip uninstall onnxruntime-gpu && pip install onnxruntime`; for an app, its CPU image / add-on variant, "
        "or the previous release until a fixed one is out) or create sessions with "
        "`providers=['CPUExecutionProvider']`. With a GPU, install the CUDA and cuDNN majors the onnxruntime-gpu "
        "release is built for (its CUDA requirements table) and run the container with the GPU (`--gpus all`).",
        requires=r"segfault|Segmentation fault|SIGSEGV|signal 11\b",
        unless=r"Failed to load library [^\n]{0,200}libonnxruntime_providers_cuda",
        weight=70,
        applies="onnxruntime-gpu (and images / add-ons bundling it) on Linux hosts and containers",
        shown_by=(_test("test_segfault_in_the_ort_cuda_provider"),),
        example="python[4242]: segfault at 0 ip 00007f0000000000 sp 00007f1000000000 error 4 in "
        "libonnxruntime_providers_cuda.so[7f0000000000+ac2000]",
        example_source="the Linux kernel's show_signal_msg ('%s[%d]: segfault at %lx ip %px sp %px error %lx in "
        "%s') for a fault in onnxruntime's CUDA provider library",
    ),
    KnownError(
        "app-nvidia-capability-probe-failed",
        "A media server's NVIDIA probe failed ('Error detecting NVIDIA GPU capabilities; some hardware accelerated "
        "features will be unavailable')",
        r"Error detecting NVIDIA GPU capabilities; some hardware accelerated features will be unavailable"
        # an app's own NVENC test encode that failed (issue 36, round fifty-nine: "Hardware encoder probe failed for
        # ['-c:v', 'h264_nvenc']: ... return code -22 (Invalid argument)")
        r"|\b[Hh]ardware encoder probe failed for [^\n]{0,40}\b\w{2,8}_nvenc\b",
        "At start-up the app probes the NVIDIA GPU from inside its container (a CUDA / NVENC test run, or the "
        "driver's libraries); the probe failed, so NVIDIA acceleration is off: the container was started without "
        "the GPU or without the driver's video libraries (NVIDIA runtime / NVIDIA_DRIVER_CAPABILITIES), or the "
        "image's FFmpeg wants a newer NVENC API than the host driver has.",
        "Run the container with the GPU and all driver capabilities: `--runtime=nvidia --gpus all -e "
        "NVIDIA_DRIVER_CAPABILITIES=all` (compose: `runtime: nvidia` or a GPU device reservation, plus that "
        "environment; Kubernetes: that environment on the pod, since the device plugin's default gives compute and "
        "utility only, so CUDA works while NVENC fails), with the NVIDIA Container Toolkit on the host; `nvidia-smi` "
        "inside must list the GPU. Then "
        "run a short NVENC encode with the image's own FFmpeg inside the container and "
        "fix what it reports (a 'required nvenc API version' line: upgrade the host driver).",
        severity="warns-of-failure",
        loose=True,
        alternatives=("host-container-no-gpu", "nvcodec-library-missing", "nvenc-driver-too-old"),
        weight=70,
        applies="media servers and video apps with an NVIDIA probe at start-up (live-channel / IPTV servers, "
        "video makers) in Docker or Kubernetes",
        shown_by=(_test("test_nvidia_capability_probe_failed"),),
        example="Error detecting NVIDIA GPU capabilities; some hardware accelerated features will be unavailable: 1",
        example_source="ErsatzTV HardwareCapabilitiesFactory (_logger.LogWarning('Error detecting NVIDIA GPU "
        "capabilities; some hardware accelerated features will be unavailable: {ExitCode}'))",
    ),
)
