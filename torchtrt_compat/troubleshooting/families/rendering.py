"""Graphics and rendering on NVIDIA GPUs in their libraries' own words (issue 36, round twenty-two): headless EGL
finding no device (pyrender, MuJoCo), Mesa's libEGL loaded in place of NVIDIA's (a container without the graphics
capability, an ldconfig order), PyOpenGL's platform chosen before PYOPENGL_PLATFORM was set, an EGL device index
outside the devices the process sees, CUDA-OpenGL interop registration failing, an extension JIT-built at first
import whose build failed (seen later only as a missing DLL), torch's dispatcher finding no CUDA kernel for a custom
op, and an exporter whose broken error path hides a failed requirement check.

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); numbers,
names and versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round22_v22gfx.py")

#: what gives a process NVIDIA's EGL (shared by the EGL rows)
_NVIDIA_EGL = (
    "Give the process NVIDIA's EGL: on a host install the driver's OpenGL / EGL part (libnvidia-gl-<driver major> "
    "on Debian / Ubuntu, not only the compute libraries) so that glvnd's vendor file "
    "/usr/share/glvnd/egl_vendor.d/10_nvidia.json points to libEGL_nvidia.so.0; in Docker run with "
    "NVIDIA_DRIVER_CAPABILITIES=all (or compute,utility,graphics) and libegl1 / libglvnd in the image; then check "
    "with `eglinfo` (or `nvidia-smi` plus `ldconfig -p | grep EGL_nvidia`) that the NVIDIA device is listed."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "render-egl-no-device",
        "Headless EGL lists no device for the index asked (pyrender 'Invalid device ID', EGL device enumeration "
        "empty)",
        r"Invalid device ID \(\d{1,3}\)|eglQueryDevicesEXT\b[^\n]{0,80}(?:fail|error|not found|NULL)"
        r"|Cannot initialize a EGL device display|EGL: ?no (?:EGL )?devices?\b",
        "The EGL platform enumerated no usable device (or fewer than the index asked): the process has no NVIDIA EGL "
        "driver (libEGL_nvidia and its glvnd vendor file missing, a container without the graphics capability, a "
        "cloud image with only the compute driver), so the device list is empty.",
        _NVIDIA_EGL + " Without a GPU renderer, PYOPENGL_PLATFORM=osmesa (with libosmesa6 installed) renders on "
        "the CPU.",
        variants=(
            Variant(
                r"pyrender",
                "pyrender",
                "pyrender's EGL platform found no EGL device: " + _NVIDIA_EGL + " pyrender picks the device with "
                "EGL_DEVICE_ID (an index into the devices EGL lists, not the CUDA id); as a CPU fallback set "
                "PYOPENGL_PLATFORM=osmesa (libosmesa6 installed) before pyrender is imported.",
            ),
        ),
        requires=r"(?i)egl",
        weight=80,
        applies="headless OpenGL through EGL: pyrender, MuJoCo, simulators, other EGL renderers on Linux",
        shown_by=(_test("test_egl_device_enumeration"),),
        example='pyrender/platforms/egl.py", line 84, in get_device_by_index\nValueError: Invalid device ID (0)',
        example_source="pyrender pyrender/platforms/egl.py (get_device_by_index); vision-x-nyu/image-sculpting#5",
    ),
    KnownError(
        "render-egl-device-index-range",
        "An EGL device index outside the devices the process sees (MUJOCO_EGL_DEVICE_ID must be between 0 and N)",
        r"\b([A-Z][A-Z0-9_]{2,40}_DEVICE_ID) must be between \d{1,3} and \d{1,3}, got -?\d{1,4}",
        "The EGL device index set in the environment is outside the EGL devices this process sees: with "
        "CUDA_VISIBLE_DEVICES naming one GPU, EGL lists only that one (index 0), so a physical GPU number (often "
        "copied from CUDA_VISIBLE_DEVICES) is out of range.",
        "Set the variable to a process-local index within the range the message names: with "
        "CUDA_VISIBLE_DEVICES=<one GPU> use index 0 (e.g. `CUDA_VISIBLE_DEVICES=N MUJOCO_EGL_DEVICE_ID=0 python "
        "...`); with several visible GPUs, the position of the wanted GPU in CUDA_VISIBLE_DEVICES.",
        op=r"\b([A-Z][A-Z0-9_]{2,40}_DEVICE_ID) must be between",
        weight=82,
        applies="MuJoCo's EGL backend (MUJOCO_EGL_DEVICE_ID) and the robot-learning suites on it (robosuite, "
        "dm_control, LIBERO)",
        shown_by=(_test("test_egl_device_index_range"),),
        example="MUJOCO_EGL_DEVICE_ID must be between 0 and 0, got 1",
        example_source="mujoco python/mujoco/egl/__init__.py (the MUJOCO_EGL_DEVICE_ID check); starvla/starVLA#390",
    ),
    KnownError(
        "render-mesa-egl-fallback",
        "EGL loads Mesa instead of NVIDIA's driver (libEGL warning: DRI2: failed to create dri screen; mesa-egl's "
        "libEGL first in ldconfig)",
        r"libEGL warning: (?:DRI2: failed to create dri screen|Not allowed to force software rendering when API "
        r"explicitly selects a hardware device|DRI3 error|failed to (?:open|get driver name)[^\n]{0,40})"
        r"|MESA-LOADER: failed to open \w{1,40}|mesa-egl[\\/]libEGL\.so",
        "The EGL the process loaded is Mesa's (its 'libEGL warning' lines, or ldconfig resolving libEGL.so.1 to "
        "mesa-egl), not NVIDIA's: the driver's EGL (libEGL_nvidia with glvnd's vendor file) is missing or shadowed, "
        "so a hardware EGL context on the NVIDIA GPU cannot be made and what follows (context creation, shader "
        "compilation on a software GL too old for the shaders) fails.",
        _NVIDIA_EGL + " Remove the mesa-egl folder from LD_LIBRARY_PATH / ldconfig's order (or install "
        "libglvnd's libEGL.so.1, which dispatches to the vendor files) so NVIDIA's library is the one loaded.",
        severity="warns-of-failure",
        weight=76,
        applies="headless EGL renderers in containers and on servers (pyrender, custom EGL offscreen contexts, "
        "simulators)",
        shown_by=(_test("test_mesa_egl_fallback"),),
        example="libEGL warning: DRI2: failed to create dri screen\nlibEGL warning: Not allowed to force software "
        "rendering when API explicitly selects a hardware device.",
        example_source="Mesa src/egl/drivers/dri2 (the libEGL warning lines); shanice-l/gdrnpp_bop2022#20",
    ),
    KnownError(
        "render-pyopengl-platform-order",
        "PyOpenGL chose its platform before PYOPENGL_PLATFORM was set ('GLXPlatform' object has no attribute "
        "'OSMesa')",
        r"'(?:GLX|EGL|OSMesa|Darwin|Win32|Wayland)Platform' object has no attribute '\w{1,40}'"
        r"|Unable to load (?:OpenGL|EGL|OSMesa) library",
        "PyOpenGL picks its platform (GLX, EGL, OSMesa) once, at the first import of OpenGL, from "
        "PYOPENGL_PLATFORM: the variable was set after something imported OpenGL (or not at all), or the platform's "
        "library (libEGL, libOSMesa) is not installed, so the renderer asks the wrong platform for its functions.",
        "Set PYOPENGL_PLATFORM before anything imports OpenGL: `export PYOPENGL_PLATFORM=egl` (GPU, headless, with "
        "NVIDIA's EGL) or `osmesa` (CPU, with libosmesa6 installed) in the shell, or os.environ at the very top of "
        "the entry script, before importing pyrender / OpenGL / the project's renderer.",
        weight=80,
        applies="PyOpenGL and the renderers on it (pyrender, trimesh's viewer, OpenGL-based simulators)",
        shown_by=(_test("test_pyopengl_platform_order"),),
        example="AttributeError: 'GLXPlatform' object has no attribute 'OSMesa'",
        example_source="PyOpenGL OpenGL/platform/__init__.py (the platform chosen at import); "
        "yhw-yhw/TalkSHOW#8",
    ),
    KnownError(
        "render-cuda-gl-register-failed",
        "CUDA-OpenGL interop registration failed (cuGraphicsGLRegisterImage / cudaGraphicsGLRegisterBuffer: OS "
        "call failed, invalid graphics context)",
        r"\bcu(?:da)?Graphics(?:GL|D3D\d{1,2})?Register(?:Image|Buffer|Resource)\b[^\n]{0,200}"
        r"(?:fail|error|OS call|not supported)",
        "Registering an OpenGL texture or buffer with CUDA failed: the OpenGL context is not on the NVIDIA GPU CUDA "
        "uses (a laptop's integrated GPU running the app, a remote-desktop session's software GL, another adapter), "
        "or the program's build is stale against the driver.",
        "Run the OpenGL context on CUDA's NVIDIA GPU: force the discrete GPU for the program (Windows: Settings > "
        "Display > Graphics, or the NVIDIA Control Panel's preferred processor), do not run it over remote desktop, "
        "update the driver, then do a clean rebuild of the program; GL interop cannot work while GL runs on "
        "another adapter.",
        weight=86,  # above cuda-os-call-failed: the call names the interop
        applies="programs sharing OpenGL / Direct3D resources with CUDA (viewers, renderers, GfxExp-style samples)",
        shown_by=(_test("test_cuda_gl_register_failed"),),
        example="CUDA call (cuGraphicsGLRegisterImage(&res, glTexID, GL_TEXTURE_2D, flags) ) failed with error: "
        "'OS call failed or operation not supported on this OS'",
        example_source="CUDA driver API cuGraphicsGLRegisterImage (CUDA_ERROR_OPERATING_SYSTEM); shocker-0x15/GfxExp#7",
    ),
    KnownError(
        "render-jit-plugin-dll-missing",
        "An extension JIT-built at first import does not load on Windows (DLL load failed while importing "
        "nvdiffrast_plugin / a torch_extensions module)",
        r"DLL load failed while importing (\w{1,60})",
        "The module is built by torch's JIT extension loader (torch.utils.cpp_extension.load) on first use into the "
        "torch_extensions cache; that build failed or stopped earlier (no x64 MSVC, a CUDA toolkit that differs from "
        "torch's), and what is left is a module Windows cannot load.",
        "Delete the module's folder in the torch_extensions cache (%LOCALAPPDATA%\\torch_extensions, or "
        "TORCH_EXTENSIONS_DIR) and rebuild it from an 'x64 Native Tools Command Prompt for VS' with the CUDA "
        "toolkit of torch.version.cuda on PATH; running `ninja` in that cache folder shows the real compile or "
        "link error. Or install a prebuilt wheel of the library for this torch and CUDA.",
        variants=(
            Variant(
                r"nvdiffrast",
                "nvdiffrast",
                "nvdiffrast builds nvdiffrast_plugin (both RasterizeCudaContext and RasterizeGLContext need it) at "
                "first use: delete its folder in the torch_extensions cache and rerun from an x64 Visual Studio "
                "developer prompt with the CUDA toolkit of torch.version.cuda (`ninja` in that folder shows the real "
                "error), or install a nvdiffrast build for this torch and CUDA.",
            ),
        ),
        requires=r"(?i)nvdiffrast|torch_extensions|_plugin\b|cpp_extension",
        op=r"DLL load failed while importing (\w{1,60})",
        weight=80,  # above windows-dll-load: the module is a JIT build
        applies="libraries that JIT-build their extension at first import on Windows (nvdiffrast, StyleGAN ops)",
        shown_by=(_test("test_jit_plugin_dll_missing"),),
        example="ImportError: DLL load failed while importing nvdiffrast_plugin: The specified module could not be "
        "found.",
        example_source="nvdiffrast nvdiffrast/torch/ops.py (_get_plugin: torch.utils.cpp_extension.load); "
        "TencentARC/InstantMesh#34",
    ),
    KnownError(
        "torch-op-no-cuda-kernel",
        "Could not run 'ns::op' with arguments from the 'CUDA' backend (a custom op built without its CUDA kernel)",
        r"Could not run '((?!torchvision::)\w{1,60}::\w{1,60})' with arguments from the '(?:CUDA|Sparse"
        r"CUDA|AutogradCUDA)' backend",
        "torch's dispatcher has no CUDA kernel for this op: the extension that registers it was built without its "
        "CUDA sources (no nvcc / CUDA toolkit found at build time, a CPU build of torch when it was built, a CPU-"
        "only wheel), so only its CPU kernel exists.",
        "Rebuild the extension with CUDA: a CUDA build of torch, the CUDA toolkit of torch.version.cuda on PATH "
        "(CUDA_HOME set; on Windows an x64 Visual Studio developer prompt with DISTUTILS_USE_SDK=1), then "
        "`pip install --no-build-isolation --force-reinstall <the extension>` and check that its build log compiles "
        "the .cu files; or move the op's inputs to the CPU if a CPU run is acceptable.",
        op=r"Could not run '(\w{1,60}::\w{1,60})'",
        weight=90,
        applies="torch C++ / CUDA extensions registering ops with TORCH_LIBRARY (texture bakers, rasterizers, custom "
        "kernels)",
        shown_by=(_test("test_op_without_cuda_kernel"),),
        example="Could not run 'texture_baker_cpp::rasterize' with arguments from the 'CUDA' backend.",
        example_source="torch aten/src/ATen/core/dispatch (the dispatcher's missing-kernel message); "
        "Stability-AI/stable-fast-3d#39",
    ),
    KnownError(
        "exporter-error-path-nameerror",
        "An exporter's own error path fails (export failure: name 'X' is not defined), hiding the real check that "
        "failed",
        r"\b(\w{2,20}): export failure\b[^\n]{0,40}name '\w{1,40}' is not defined",
        "The export script's branch for this format failed (for TensorRT: its requirement check, tensorrt missing "
        "or older than the script needs), and the script's except path calls a helper that is not defined, so only "
        "the NameError is printed.",
        "Fix what the format's branch needs: for TensorRT install a tensorrt Python package of the version the "
        "export script checks for, matching the environment's CUDA (`python -c \"import tensorrt; "
        "print(tensorrt.__version__)\"`), for ONNX / OpenVINO / CoreML install that package, then rerun; the "
        "NameError is the script's broken error path, not the cause.",
        op=r"\b(\w{2,20}): export failure",
        weight=78,
        applies="YOLOv5-style export scripts (export.py with per-format branches) copied into other projects",
        shown_by=(_test("test_exporter_error_path"),),
        example="TensorRT: export failure 😭 0.0s: name 'emojis' is not defined",
        example_source="XiandaGuo/OpenStereo#155 (a YOLOv5-style export.py whose except path calls emojis())",
    ),
)
