"""`explain`, round twenty-two (issue 36), graphics and rendering on NVIDIA GPUs: headless EGL with no device or with
Mesa's EGL in place of NVIDIA's, PyOpenGL's platform chosen too late, an EGL device index outside the devices the
process sees, CUDA-OpenGL registration on another adapter, a JIT-built plugin seen only as a missing DLL, impossible
or cut-off out-of-memory sizes, an op without its CUDA kernel and an exporter whose error path hides its check. Each
text is in the library's own wording (cited in the families' ``example_source``); near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_egl_device_enumeration() -> None:
    # pyrender/platforms/egl.py get_device_by_index over an empty device list
    pyrender = (
        'File "/env/lib/python3.10/site-packages/pyrender/platforms/egl.py", line 84, in get_device_by_index\n'
        "    raise ValueError('Invalid device ID ({})'.format(device_id, len(devices)))\n"
        "ValueError: Invalid device ID (0)"
    )
    key, fix = first(pyrender)
    assert key == "geo-egl-context-failed" and "osmesa" in fix.lower() and "10_nvidia.json" in fix
    # MuJoCo's EGL backend (python/mujoco/egl/__init__.py)
    mujoco = "RuntimeError: Cannot initialize a EGL device display. This likely means that your EGL driver does not"
    assert first(mujoco)[0] == "geo-egl-context-failed"
    # near miss: another library's "Invalid device ID" with no EGL frame
    assert "geo-egl-context-failed" not in keys("ValueError: Invalid device ID (3) for the camera")


def test_mesa_egl_fallback() -> None:
    # Mesa's libEGL warnings, then a renderer's offscreen context failing
    container = (
        "libEGL warning: DRI2: failed to create dri screen\n"
        "libEGL warning: Not allowed to force software rendering when API explicitly selects a hardware device.\n"
        "Traceback (most recent call last):\n"
        '  File "lib/egl_renderer/glutils/egl_offscreen_context.py", line 157, in __init__\n'
        "    self.init_context()"
    )
    key, fix = first(container)
    assert key == "geo-egl-context-failed" and "NVIDIA_DRIVER_CAPABILITIES" in fix and "mesa" in fix.lower()
    # ldconfig resolving libEGL.so.1 to Mesa's folder, the shaders then failing on Mesa's GL
    ldconfig = (
        'What may be the cause of the error "ERROR::SHADER::VERTEX::COMPILATION_FAILED"\n'
        "libEGL.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/mesa-egl/libEGL.so.1\n"
        "libEGL.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libEGL.so"
    )
    key, fix = first(ldconfig)
    assert key == "geo-egl-context-failed" and "mesa-egl" in fix
    # the DRI2 warning alone is harmless in itself (desktop and WSL sessions print it): a notice, not a failure
    result = explain("libEGL warning: DRI2: failed to create dri screen")
    assert result.outcome == "warnings-only" and result[0].key == "render-mesa-egl-fallback"
    # near miss: glvnd's own libEGL in ldconfig is fine
    assert not {"geo-egl-context-failed", "render-mesa-egl-fallback"} & set(
        keys("libEGL.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libEGL.so.1")
    )


def test_pyopengl_platform_order() -> None:
    # PyOpenGL's platform object chosen at first import (OpenGL/platform/__init__.py)
    key, fix = first("AttributeError: 'GLXPlatform' object has no attribute 'OSMesa'")
    assert key == "render-pyopengl-platform-order" and "before anything imports OpenGL" in fix
    assert first("ImportError: ('Unable to load EGL library', 22, 'Invalid argument')")[0] == (
        "render-pyopengl-platform-order"
    )
    # near miss: another object's missing attribute
    assert "render-pyopengl-platform-order" not in keys("AttributeError: 'Renderer' object has no attribute 'OSMesa'")


def test_egl_device_index_range() -> None:
    key, fix = first("MUJOCO_EGL_DEVICE_ID must be between 0 and 0, got 1")
    assert key == "py-self-described" and "CUDA_VISIBLE_DEVICES" in fix and "_EGL_DEVICE_ID=0" in fix
    # another setting's range check keeps the generic answer
    key, fix = first("NUM_WORKERS must be between 1 and 8, got 0")
    assert key == "py-self-described" and "CUDA_VISIBLE_DEVICES" not in fix
    # near miss: lower-case words are prose, not a setting
    assert "py-self-described" not in keys("the value must be between 0 and 1, got 2")


def test_cuda_gl_register_failed() -> None:
    # the driver API's cuGraphicsGLRegisterImage returning CUDA_ERROR_OPERATING_SYSTEM on Windows
    text = (
        "Error: CUDA call (cuGraphicsGLRegisterImage(&m_cudaGfxResource, glTexID, GL_TEXTURE_2D, flags) ) failed "
        "with error: 'OS call failed or operation not supported on this OS' (...\\GfxExp\\utils\\cuda_util.cpp:677)"
    )
    key, fix = first(text)
    assert key == "cuda-graphics-interop-failed" and "discrete GPU" in fix and "Remote Desktop" in fix
    # near miss: the same OS error from another call is not interop
    assert "cuda-graphics-interop-failed" not in keys(
        "RuntimeError: CUDA error: OS call failed or operation not supported on this OS (cudaHostRegister)"
    )


def test_jit_plugin_dll_missing() -> None:
    key, fix = first(
        "ImportError: DLL load failed while importing nvdiffrast_plugin: The specified module could not be found."
    )
    assert key == "windows-dll-load" and "torch_extensions" in fix and "x64 Native Tools" in fix
    # another DLL keeps windows-dll-load's own fixes
    key, fix = first("ImportError: DLL load failed while importing _C: The specified module could not be found.")
    assert key == "windows-dll-load" and "torch_extensions" not in fix


def test_impossible_and_cut_off_oom() -> None:
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 21355.80 GiB.")
    assert key == "gpu-out-of-memory" and "garbage" in fix and "rebuild" in fix
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.12 TiB.")
    assert key == "gpu-out-of-memory" and "garbage" in fix
    cut = '  File "diff_gaussian_rasterization/__init__.py", line 84, in forward\ntorch.cuda.OutOfMemoryError: CUD'
    key, fix = first(cut)
    assert key == "gpu-out-of-memory" and "cut off" in fix
    # near miss: a realistic size is an ordinary memory shortage
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB.")
    assert key == "gpu-out-of-memory" and "garbage" not in fix


def test_op_without_cuda_kernel() -> None:
    # torch's dispatcher (OperatorEntry::reportError) for an extension op registered for the CPU only, beside
    # onnxruntime's provider fallback, which lets the run go on
    log = (
        '[E:onnxruntime:Default, provider_bridge_ort.cc:1978] LoadLibrary failed with error 126 "" when trying to '
        'load "onnxruntime_providers_tensorrt.dll"\n'
        "EP Error Please install TensorRT libraries as mentioned in the GPU requirements page\n"
        "Falling back to ['CUDAExecutionProvider', 'CPUExecutionProvider'] and retrying.\n"
        "NotImplementedError: Could not run 'texture_baker_cpp::rasterize' with arguments from the 'CUDA' backend."
    )
    key, fix = first(log)
    assert key == "build-extension-without-cuda" and "DISTUTILS_USE_SDK" in fix
    # torch's own quantized op has no CUDA kernel: not a build problem
    key, fix = first("NotImplementedError: Could not run 'quantized::linear' with arguments from the 'CUDA' backend.")
    assert key == "torch-op-no-cuda-kernel" and "CPU" in fix
    assert first("Could not run 'aten::addmm' with arguments from the 'SparseCUDA' backend.")[0] == (
        "torch-op-no-cuda-kernel"
    )
    # near miss: the CPU backend is another class
    assert "torch-op-no-cuda-kernel" not in keys("Could not run 'aten::foo' with arguments from the 'CPU' backend.")


def test_exporter_error_path() -> None:
    key, fix = first("export - INFO - TensorRT: export failure 😭 0.0s: name 'emojis' is not defined")
    assert key == "tensorrt-module-missing" and "broken error path" in fix
    key, fix = first("ONNX: export failure 0.0s: name 'emojis' is not defined")
    assert key == "exporter-error-path-nameerror" and "onnx" in fix
    # near miss: an export failure with its own message
    assert "exporter-error-path-nameerror" not in keys("ONNX: export failure 1.2s: Unsupported ONNX opset 21")


def test_opengl_windows_and_libraries_on_a_headless_machine() -> None:
    # pyglet (canvas/xlib.py), GLFW (x11_init.c), freeglut: a window with no X display
    for text in (
        'pyglet.canvas.xlib.NoSuchDisplayException: Cannot connect to "None"',
        "glfw.GLFWError: (65544) b'X11: The DISPLAY environment variable is missing'",
        "freeglut (foo): failed to open display ''",
    ):
        key, fix = first(text)
        assert key == "edge-x-display" and "EGL" in fix and "xvfb-run" in fix, text
    # the OpenGL / EGL client library missing from a slim image
    key, fix = first("ImportError: libGL.so.1: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found" and "libgl1" in fix
    key, fix = first("ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory")
    assert "libgl1" not in fix
    # PyOpenGL's EGLError and MuJoCo's gladLoadGL
    egl = (
        "OpenGL.raw.EGL._errors.EGLError: EGLError(err = EGL_NOT_INITIALIZED, baseOperation = eglInitialize, "
        "cArguments = (<OpenGL._opaque.EGLDisplay_pointer object at 0x7f>, c_long(0), c_long(0)), result = 0)"
    )
    assert first(egl)[0] == "geo-egl-context-failed"
    key, fix = first("mujoco.FatalError: gladLoadGL error")
    assert key == "geo-egl-context-failed" and "MUJOCO_GL=egl" in fix
    # near miss: a GL error of a drawing call is no EGL setup failure
    assert "geo-egl-context-failed" not in keys(
        "OpenGL.error.GLError: GLError(err = 1282, description = b'invalid operation', baseOperation = glDrawArrays)"
    )


def test_mujoco_egl_wordings() -> None:
    # mujoco/egl/__init__.py: the device check over an empty EGL device list means no NVIDIA EGL at all
    none = (
        "RuntimeError: The MUJOCO_EGL_DEVICE_ID environment variable must be an integer between 0 and -1 "
        "(inclusive), got 0."
    )
    key, fix = first(none)
    assert key == "geo-egl-context-failed" and "MUJOCO_GL" in fix
    one = (
        "RuntimeError: The MUJOCO_EGL_DEVICE_ID environment variable must be an integer between 0 and 0 "
        "(inclusive), got 1."
    )
    key, fix = first(one)
    assert key == "py-self-described" and "CUDA_VISIBLE_DEVICES" in fix
    # dm_control / mujoco refusing a PYOPENGL_PLATFORM that differs from MUJOCO_GL
    clash = (
        "RuntimeError: Cannot use EGL rendering platform. The PYOPENGL_PLATFORM environment variable is set to "
        "'osmesa' (should be either unset or 'egl')."
    )
    key, fix = first(clash)
    assert key == "render-pyopengl-platform-order" and "MUJOCO_GL" in fix


def test_glx_context_failed() -> None:
    text = (
        "libGL error: No matching fbConfigs or visuals found\nlibGL error: failed to load driver: swrast\n"
        "Glfw Error 65543: GLX: Failed to create context: GLXBadFBConfig"
    )
    key, fix = first(text)
    assert key == "render-glx-context-failed" and "EGL" in fix and "vglrun" in fix
    assert first("X Error of failed request:  GLXBadFBConfig")[0] == "render-glx-context-failed"
    # Mesa's libGL loader lines alone are a notice
    assert explain("libGL error: failed to load driver: swrast").outcome == "warnings-only"
    # PyOpenGL's GLError from an EGL call is EGL's setup failing; from a drawing call it is not
    egl = "OpenGL.error.GLError: GLError(err = 12289, baseOperation = eglMakeCurrent, cArguments = (...))"
    assert first(egl)[0] == "geo-egl-context-failed"
    assert "render-glx-context-failed" not in keys("GLXInfo: direct rendering: Yes")
