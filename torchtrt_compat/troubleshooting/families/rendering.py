"""Graphics and rendering on NVIDIA GPUs in their libraries' own words (issue 36, round twenty-two): Mesa's libEGL
warning lines (the EGL that answered is not NVIDIA's), PyOpenGL's platform chosen before PYOPENGL_PLATFORM was set,
torch's dispatcher finding no CUDA kernel for one of torch's own ops (quantized, sparse), and an export script whose
broken error path hides the failed check of a format's package. The round's other classes extend the rows their
labels name: headless EGL with no device or Mesa's EGL (geometry_ext's geo-egl-context-failed), CUDA-OpenGL
registration (cuda_products' cuda-graphics-interop-failed), a JIT-built plugin's DLL (table's windows-dll-load), an
extension op without its CUDA kernel (native_build's build-extension-without-cuda), impossible or cut-off OOM sizes
(table's gpu-out-of-memory) and a setting's range check (generic's py-self-described).

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); numbers,
names and versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import NO_CUDA_KERNELS, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round22_v22gfx.py")
_R43 = tests_in("tests/troubleshooting/test_round43_v43backends.py")

#: the dispatcher's "Could not run '<op>" for torch's own namespaces (other namespaces are an extension's ops:
#: build-extension-without-cuda)
_OP_NAMESPACES = r"Could not run '((?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80})"

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
        "render-mesa-egl-fallback",
        "Mesa's libEGL warnings (libEGL warning: DRI2: failed to create dri screen, MESA-LOADER: failed to open): "
        "the EGL that answered is Mesa's, not NVIDIA's",
        r"libEGL warning: (?:DRI2: failed to create dri screen|Not allowed to force software rendering when API "
        r"explicitly selects a hardware device|DRI3 error|failed to (?:open|get driver name)[^\n]{0,40})"
        r"|MESA-LOADER: failed to open \w{1,40}"
        # Mesa's libGL (GLX) loader lines: "libGL error: failed to load driver: swrast", "No matching fbConfigs"
        r"|libGL error: (?:failed to load driver: \w{1,40}|No matching fbConfigs or visuals found"
        r"|MESA-LOADER: failed to open \w{1,40})",
        "The EGL the process loaded is Mesa's (its 'libEGL warning' lines), not NVIDIA's: harmless where a window "
        "or a software renderer is all that is wanted (WSL and desktop sessions print it often), but a renderer "
        "that asks for the NVIDIA GPU through EGL then gets no hardware context (the failure after it).",
        "If rendering works, nothing to do. If an EGL renderer then fails: "
        + _NVIDIA_EGL
        + " Take any mesa-egl folder out of LD_LIBRARY_PATH / ldconfig's order (libglvnd's libEGL.so.1 "
        "dispatches to the vendor files) so NVIDIA's library is the one loaded.",
        # harmless in itself (a desktop or WSL session prints it while rendering works); a renderer's failure in the
        # same text is geo-egl-context-failed's or its own
        severity="notice",
        weight=40,
        applies="headless EGL renderers in containers and on servers (pyrender, custom EGL offscreen contexts, "
        "simulators)",
        shown_by=(_test("test_mesa_egl_fallback"),),
        example="MESA-LOADER: failed to open swrast: /usr/lib/dri/swrast_dri.so: cannot open shared object file\n"
        "libEGL warning: DRI2: failed to create dri screen",
        example_source="Mesa src/egl/drivers/dri2 (the libEGL warning lines); shanice-l/gdrnpp_bop2022#20",
    ),
    KnownError(
        "render-glx-context-failed",
        "OpenGL through GLX cannot create a context (GLXBadFBConfig, No GLXFBConfigs returned, glXCreateContext "
        "failed): a forwarded or virtual X display without the GPU's OpenGL",
        r"\bGLXBadFBConfig\b|GLX: No GLXFBConfigs returned|GLX: Failed to create context"
        r"|glXCreate(?:Context|NewContext|ContextAttribsARB) failed|\bGLXBadContext\b",
        "The program asked GLX (OpenGL through an X display) for a context and the X server it talks to cannot "
        "give one with the GPU's OpenGL: a display forwarded over ssh -X or a remote desktop (its server has no "
        "NVIDIA GL, or only an old indirect GL), Xvfb with Mesa's software GL too old for the version asked, or a "
        "container whose X socket is shared but not the driver's GL libraries.",
        "On a server render offscreen without X: EGL on the NVIDIA GPU (`PYOPENGL_PLATFORM=egl`, MuJoCo's "
        "`MUJOCO_GL=egl`, pyrender's OffscreenRenderer, Open3D's headless build), with the driver's EGL present (in "
        "Docker NVIDIA_DRIVER_CAPABILITIES=all). To see a window remotely, run the program on the GPU machine's "
        "own X server through VirtualGL (`vglrun python ...`) or a remote desktop with GPU GL, not plain ssh -X; "
        "under Xvfb ask for an OpenGL version Mesa's llvmpipe supports (MESA_GL_VERSION_OVERRIDE for a test).",
        weight=72,
        applies="OpenGL programs and viewers on Linux over X (GLFW, freeglut, Open3D, pyglet, Qt's GL widgets)",
        shown_by=(_test("test_glx_context_failed"),),
        example="Glfw Error 65543: GLX: Failed to create context: GLXBadFBConfig",
        example_source="GLFW src/glx_context.c (_glfwCreateContextGLX: 'GLX: Failed to create context'); Xlib's "
        "GLXBadFBConfig error name",
    ),
    KnownError(
        "render-pyopengl-platform-order",
        "PyOpenGL chose its platform before PYOPENGL_PLATFORM was set ('GLXPlatform' object has no attribute 'OSMesa')",
        r"'(?:GLX|EGL|OSMesa|Darwin|Win32|Wayland)Platform' object has no attribute '\w{1,40}'"
        r"|Unable to load (?:OpenGL|EGL|OSMesa) library"
        # MuJoCo / dm_control refusing a PYOPENGL_PLATFORM that differs from its MUJOCO_GL backend
        r"|Cannot use (?:EGL|OSMesa) rendering platform\. The PYOPENGL_PLATFORM environment variable is set to",
        "PyOpenGL picks its platform (GLX, EGL, OSMesa) once, at the first import of OpenGL, from "
        "PYOPENGL_PLATFORM: the variable was set after something imported OpenGL (or not at all), or the platform's "
        "library (libEGL, libOSMesa) is not installed, so the renderer asks the wrong platform for its functions.",
        "Set PYOPENGL_PLATFORM before anything imports OpenGL: `export PYOPENGL_PLATFORM=egl` (GPU, headless, with "
        "NVIDIA's EGL) or `osmesa` (CPU, with libosmesa6 installed) in the shell, or os.environ at the very top of "
        "the entry script, before importing pyrender / OpenGL / the project's renderer; with MuJoCo / dm_control "
        "set MUJOCO_GL to the same backend (both egl, or both osmesa).",
        weight=80,
        applies="PyOpenGL and the renderers on it (pyrender, trimesh's viewer, OpenGL-based simulators)",
        shown_by=(_test("test_pyopengl_platform_order"),),
        example="AttributeError: 'GLXPlatform' object has no attribute 'OSMesa'",
        example_source="PyOpenGL OpenGL/platform/__init__.py (the platform chosen at import); yhw-yhw/TalkSHOW#8",
    ),
    KnownError(
        "torch-op-no-cuda-kernel",
        "Could not run 'aten::op' / 'quantized::op' with arguments from the 'CUDA' (or 'SparseCUDA', "
        "'QuantizedCUDA', another device's: 'PrivateUse1', 'MPS', 'XPU') backend: torch has no kernel for this op on "
        "this backend",
        _OP_NAMESPACES
        + r"' with arguments from the '((?:Sparse|SparseCsr|Quantized|Autograd)?CUDA\w{0,10})' backend"
        # issue 36, round forty-three: the same dispatcher error for a device other than CUDA (an out-of-tree plugin
        # such as torch-directml registers as PrivateUse1; the old pytorch-directml fork's 'dml' device shows as
        # UNKNOWN_TENSOR_TYPE_ID; Intel's XPU, Apple's MPS, Habana's HPU), MPS's own refusal of an op it lacks
        # (aten/src/ATen/mps/MPSFallback.mm, mps_error_fallback; torch 1.12 said "not current implemented") and a
        # kernel's refusal of the XPU device
        + "|"
        + _OP_NAMESPACES
        + r"' with arguments from the '((?:Sparse|SparseCsr|Quantized|Autograd)?(?:PrivateUse1|XPU|MPS|HPU|HIP)\w{0,10}"
        r"|UNKNOWN_TENSOR_TYPE_ID)' backend"
        r"|The operator '(?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80}' is not current(?:ly)? implemented "
        r"for the MPS device"
        r"|\bnot implemented for 'XPU'",
        "torch itself has no kernel for this op on this backend: eager quantized ops (quantized::, QuantizedCPU "
        "tensors) run on the CPU only, many ops have no sparse-CUDA or quantized-CUDA kernel, and some ops exist only "
        "for the CPU; the tensors reached the op on the GPU in a layout or dtype it does not serve. On a device other "
        "than CUDA (a plugin's PrivateUse1 device such as DirectML, Apple's MPS, Intel's XPU) that back-end simply "
        "has not implemented the op yet.",
        "Give the op inputs it has a CUDA kernel for: convert sparse tensors with `.to_dense()` (or use an op that "
        "supports the sparse layout), run eager-quantized models (torch.ao.quantization, quantized:: ops) on the CPU "
        "or deploy them through a GPU path (TensorRT / torch.compile with fp16 / int8), or move that op's inputs to "
        "the CPU; a newer torch adds kernels for some ops (check the release notes for the op named).",
        variants=(
            # issue 36, round forty-three: the back-end named in the message picks its own remedy
            Variant(
                r"with arguments from the '(?:Sparse|Quantized|Autograd)?PrivateUse1\w{0,10}' backend"
                r"|with arguments from the 'UNKNOWN_TENSOR_TYPE_ID' backend",
                "a device plugin's back-end (PrivateUse1: torch-directml; UNKNOWN_TENSOR_TYPE_ID: the old "
                "pytorch-directml fork)",
                "The device's plugin (torch-directml's privateuseone device; the old pytorch-directml 1.8 fork's "
                "'dml' device shows as UNKNOWN_TENSOR_TYPE_ID) does not implement this op. Move that op's tensors to "
                "the CPU for it and back (`y = op(x.cpu()).to(device)`; printing a tensor runs ops on its "
                "device too, so print `x.cpu()`), and upgrade the plugin: the old pytorch-directml "
                "fork is retired, so install the torch-directml plugin for a supported torch (`pip install "
                "torch-directml`), which covers many more ops; a back-end with full coverage (CUDA, ROCm) avoids "
                "the gaps.",
            ),
            Variant(
                r"for the MPS device|with arguments from the '(?:Sparse|Quantized|Autograd)?MPS\w{0,10}' backend",
                "Apple's MPS back-end",
                "The MPS back-end has no kernel for this op in this torch. Let torch run it on the CPU: set "
                "PYTORCH_ENABLE_MPS_FALLBACK=1 in the environment before Python starts (`export "
                "PYTORCH_ENABLE_MPS_FALLBACK=1`, or os.environ before the first `import torch`), which falls back "
                "per op (slower); or move that op's tensors to the CPU yourself; a newer torch implements more ops "
                "on MPS.",
            ),
            Variant(
                r"for 'XPU'|with arguments from the '(?:Sparse|Quantized|Autograd)?XPU\w{0,10}' backend",
                "Intel's XPU back-end",
                "The XPU back-end has no kernel for this op in this install: use a newer torch with Intel GPU support "
                "(torch 2.5 and later ship XPU kernels) or the intel-extension-for-pytorch release that pairs with "
                "your torch exactly (a mismatched pair registers fewer ops), or move that op's tensors to the CPU "
                "for it.",
            ),
        ),
        op=r"Could not run '((?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80})'"
        r"|The operator '((?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80})' is not current",
        unless=NO_CUDA_KERNELS,  # an op every CUDA build has: torch-cpu-build (issue 36, round fifty-one)
        weight=86,
        applies="torch's own ops (aten, quantized, sparse) on CUDA tensors of a layout or dtype without a kernel, and "
        "on devices other than CUDA (DirectML, MPS, XPU) that lack the op",
        shown_by=(_test("test_op_without_cuda_kernel"), _R43("test_op_missing_on_another_backend")),
        example="NotImplementedError: Could not run 'quantized::linear' with arguments from the 'CUDA' backend.",
        example_source="torch aten/src/ATen/core/dispatch/OperatorEntry.cpp (reportError: 'Could not run ... with "
        "arguments from the ... backend'); torch quantized kernels registered for QuantizedCPU only; "
        "aten/src/ATen/mps/MPSFallback.mm",
    ),
    KnownError(
        "exporter-error-path-nameerror",
        "An exporter's own error path fails (export failure: name 'X' is not defined), hiding the real check that "
        "failed",
        r"\b((?!TensorRT:)\w{2,20}): export failure\b[^\n]{0,40}name '\w{1,40}' is not defined",
        "The export script's branch for this format failed (its requirement check: the format's package missing "
        "or older than the script needs), and the script's except path calls a helper that is not defined, so only "
        "the NameError is printed.",
        "Install what the format's branch checks for, at the version the script asks (onnx / onnxsim for ONNX, "
        "openvino for OpenVINO, coremltools for CoreML, tensorflow for the TF formats) into the Python that runs the "
        "export, then rerun; the NameError is the script's broken error path, not the cause.",
        op=r"\b(\w{2,20}): export failure",
        weight=78,
        applies="YOLOv5-style export scripts (export.py with per-format branches) copied into other projects",
        shown_by=(_test("test_exporter_error_path"),),
        example="ONNX: export failure 0.0s: name 'emojis' is not defined",
        example_source="ultralytics/yolov5 export.py (each format's try / except logging '{prefix} export failure'); "
        "XiandaGuo/OpenStereo#155 shows the same broken except path for TensorRT",
    ),
)

# issue 36, round fifty-eight: SAPIEN's Vulkan renderer (svulkan2) on a machine without a display: GLFW cannot open
# an X11 window, which it logs at error level, then goes on without a window (off-screen rendering still works)
FAMILIES = FAMILIES + (
    KnownError(
        "svulkan2-no-display-notice",
        "SAPIEN / ManiSkill renderer: '[svulkan2] [error] GLFW error: X11: Failed to open display' then 'Continue "
        "without GLFW' (no window; off-screen rendering goes on: a notice)",
        r"\[svulkan2\] \[warning\] Continue without GLFW"
        r"|\[svulkan2\] \[error\] GLFW error: X11: Failed to open display",
        "SAPIEN's Vulkan renderer (svulkan2) tries to open a GLFW window at start-up; on a server, in a container or "
        "over SSH there is no X display, so GLFW fails (logged at error level) and the renderer continues without "
        "a window. Simulation and off-screen rendering (cameras, recorded videos) work without it: only an "
        "on-screen viewer needs the display.",
        "Nothing to fix for headless runs (cameras and videos render off-screen). For an on-screen viewer, run "
        "where a display is available (a desktop session, ssh -X with a working X server, or a virtual display "
        "such as Xvfb: `xvfb-run -a python ...`). If rendering itself fails, the cause is another line (a Vulkan "
        "ICD or device error): give explain the whole output.",
        severity="notice",
        weight=40,
        applies="SAPIEN / ManiSkill / SimplerEnv (svulkan2 renderer) on machines without a display",
        shown_by=(
            tests_in("tests/troubleshooting/test_round58_v58.py")("test_a_renderers_notice_and_quantized_kernels"),
        ),
        example="[svulkan2] [error] GLFW error: X11: Failed to open display\n[svulkan2] [warning] Continue without "
        "GLFW.",
        example_source="SAPIEN's svulkan2 renderer (its GLFW initialisation and fall-back without a window)",
    ),
)

# issue 36, round sixty-five: PyOpenGL's GLUT renderers (the PIFu / PIFuHD / Neural Body family of mesh renderers)
FAMILIES = FAMILIES + (
    KnownError(
        "pyopengl-glut-render-failed",
        "PyOpenGL / GLUT rendering failed: glutInit undefined (no freeglut), glutCreateWindow's title type, "
        "freeglut's fghGenBuffers is NULL, glTexImage2D GL_RGBA32F invalid value",
        r"NullFunctionError: Attempt to call an undefined function glut\w{2,40}"
        r"|\bfreeglut \([^)\n]{0,80}\): fgInitGL2: fgh\w{2,40} is NULL"
        r"|glutCreateWindow[\s\S]{0,600}?ctypes\.ArgumentError: argument 1: <class 'TypeError'>: wrong type"
        r"|err = 1281,\s{0,8}description = b'invalid value',\s{0,8}baseOperation = glTexImage2D,[\s\S]{0,200}?"
        r"GL_RGBA32F",
        "A renderer that opens an OpenGL window through GLUT (PyOpenGL's bindings; PIFu-style and SMPL mesh "
        "renderers) could not start: the freeglut library is not installed (PyOpenGL's glutInit is then an undefined "
        "function), the OpenGL the session gets is too old or a basic one (a remote desktop, a VM, Mesa's software "
        "renderer: no buffer objects, no float textures), or the code passes a str where this PyOpenGL wants bytes.",
        "Give it a real OpenGL: install freeglut (Debian / Ubuntu `sudo apt install freeglut3-dev libgl1`; Windows: "
        "a PyOpenGL wheel that bundles freeglut), run it in a session of the NVIDIA driver (not a remote desktop's "
        "display driver), and on a headless machine render off-screen (PYOPENGL_PLATFORM=egl with the driver's EGL, "
        "or osmesa) or through a virtual display (`xvfb-run -s '-screen 0 1024x768x24' python ...`).",
        variants=(
            Variant(
                r"glutCreateWindow[\s\S]{0,600}?ctypes\.ArgumentError",
                "glutCreateWindow given a str title",
                "This PyOpenGL's glutCreateWindow takes the title as bytes on Python 3: pass "
                "`glutCreateWindow(b'My Render')` (edit the renderer's call), or install a PyOpenGL release that "
                "accepts str (3.1.6 and later).",
                strict=True,
            ),
            Variant(
                r"NullFunctionError: Attempt to call an undefined function glut",
                "no freeglut library (glutInit undefined)",
                "PyOpenGL found no GLUT library to call: install freeglut (`sudo apt install freeglut3-dev` / "
                "`dnf install freeglut`; conda: `conda install -c conda-forge freeglut`; Windows: a PyOpenGL wheel "
                "that bundles the freeglut DLLs), then start the renderer again; on a headless server also give it "
                "a display (xvfb-run) or render off-screen with EGL.",
                strict=True,
            ),
            Variant(
                r"GL_RGBA32F|fgInitGL2",
                "an OpenGL too old for the renderer (float textures, buffer objects)",
                "The OpenGL context lacks what the renderer needs (float render targets, buffer objects): a remote "
                "desktop or VM display driver, Mesa's software OpenGL, or macOS's legacy 2.1 context. Run it where "
                "the GPU's own OpenGL driver serves the session (locally on the NVIDIA driver; Linux over EGL for "
                "headless, PYOPENGL_PLATFORM=egl), or update the driver; on macOS use a Linux machine for this step.",
            ),
        ),
        weight=80,
        applies="PyOpenGL with GLUT (freeglut) on Linux, Windows and macOS; PIFu, PIFuHD, Neural Body, EFT renderers",
        shown_by=("tests/troubleshooting/test_round65_v65.py::test_opengl_renderers_and_containers",),
        example="OpenGL.error.NullFunctionError: Attempt to call an undefined function glutInit, check for "
        "bool(glutInit) before calling",
        example_source="PyOpenGL OpenGL/platform/baseplatform.py (NullFunctionError), freeglut fg_init.c "
        "(fgInitGL2's 'fghGenBuffers is NULL')",
    ),
)
