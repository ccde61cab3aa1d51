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
        "render-mesa-egl-fallback",
        "EGL loads Mesa instead of NVIDIA's driver (libEGL warning: DRI2: failed to create dri screen; mesa-egl's "
        "libEGL first in ldconfig)",
        r"libEGL warning: (?:DRI2: failed to create dri screen|Not allowed to force software rendering when API "
        r"explicitly selects a hardware device|DRI3 error|failed to (?:open|get driver name)[^\n]{0,40})"
        r"|MESA-LOADER: failed to open \w{1,40}",
        "The EGL the process loaded is Mesa's (its 'libEGL warning' lines, or ldconfig resolving libEGL.so.1 to "
        "mesa-egl), not NVIDIA's: the driver's EGL (libEGL_nvidia with glvnd's vendor file) is missing or shadowed, "
        "so a hardware EGL context on the NVIDIA GPU cannot be made and what follows (context creation, shader "
        "compilation on a software GL too old for the shaders) fails.",
        _NVIDIA_EGL + " Take any mesa-egl folder out of LD_LIBRARY_PATH / ldconfig's order (libglvnd's libEGL.so.1 "
        "dispatches to the vendor files) so NVIDIA's library is the one loaded.",
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
        "PyOpenGL chose its platform before PYOPENGL_PLATFORM was set ('GLXPlatform' object has no attribute 'OSMesa')",
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
        example_source="PyOpenGL OpenGL/platform/__init__.py (the platform chosen at import); yhw-yhw/TalkSHOW#8",
    ),
    KnownError(
        "torch-op-no-cuda-kernel",
        "Could not run 'aten::op' / 'quantized::op' with arguments from the 'CUDA' (or 'SparseCUDA', "
        "'QuantizedCUDA') backend: torch has no kernel for this op on this backend",
        r"Could not run '((?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80})' with arguments from the "
        r"'((?:Sparse|SparseCsr|Quantized|Autograd)?CUDA\w{0,10})' backend",
        "torch itself has no kernel for this op on this backend: eager quantized ops (quantized::, QuantizedCPU "
        "tensors) run on the CPU only, many ops have no sparse-CUDA or quantized-CUDA kernel, and some ops exist only "
        "for the CPU; the tensors reached the op on the GPU in a layout or dtype it does not serve.",
        "Give the op inputs it has a CUDA kernel for: convert sparse tensors with `.to_dense()` (or use an op that "
        "supports the sparse layout), run eager-quantized models (torch.ao.quantization, quantized:: ops) on the CPU "
        "or deploy them through a GPU path (TensorRT / torch.compile with fp16 / int8), or move that op's inputs to "
        "the CPU; a newer torch adds kernels for some ops (check the release notes for the op named).",
        op=r"Could not run '((?:aten|prims|quantized|_quantized|sparse)::[\w.]{1,80})'",
        weight=86,
        applies="torch's own ops (aten, quantized, sparse) called on CUDA tensors of a layout or dtype without a kernel",
        shown_by=(_test("test_op_without_cuda_kernel"),),
        example="NotImplementedError: Could not run 'quantized::linear' with arguments from the 'CUDA' backend.",
        example_source="torch aten/src/ATen/core/dispatch/OperatorEntry.cpp (reportError: 'Could not run ... with "
        "arguments from the ... backend'); torch quantized kernels registered for QuantizedCPU only",
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
