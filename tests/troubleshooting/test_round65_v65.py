"""`explain`, round sixty-five (issue 36): GPU image-processing libraries, hand and gaze tracking, traffic analytics and
crowd counting, speech enhancement, 3D human bodies, LLM evaluation harnesses, notebook servers: PyOpenGL's GLUT
renderers, nvcc's failure line with its quote lost, a pod without the driver's tools, a title that says TensorFlow sees
no GPU."""

from __future__ import annotations

from _explain import first


def test_opengl_renderers_and_containers() -> None:
    key, fix = first(
        '  File "/home/u/.local/lib/python3.8/site-packages/OpenGL/GLUT/special.py", line 333, in glutInit\n    '
        "_base_glutInit( ctypes.byref(count), holder )\nOpenGL.error.NullFunctionError: Attempt to call an undefined "
        "function glutInit, check for bool(glutInit) before calling"
    )
    assert key == "pyopengl-glut-render-failed" and "freeglut3-dev" in fix
    key, fix = first(
        '    _glut_window = glutCreateWindow("My Render .")\n  File "C:\\env\\lib\\site-packages\\OpenGL\\GLUT\\'
        'special.py", line 73, in glutCreateWindow\n    return __glutCreateWindowWithExit(title, _exitfunc)\n'
        "ctypes.ArgumentError: argument 1: <class 'TypeError'>: wrong type"
    )
    assert key == "pyopengl-glut-render-failed" and "b'My Render'" in fix
    key, fix = first("freeglut (foo): fgInitGL2: fghGenBuffers is NULL\nTraceback (most recent call last):")
    assert key == "pyopengl-glut-render-failed" and "remote desktop" in fix
    key, _ = first(
        "OpenGL.error.GLError: GLError(\n\terr = 1281,\n\tdescription = b'invalid value',\n\tbaseOperation = "
        "glTexImage2D,\n\tpyArgs = (\n\t\tGL_TEXTURE_2D,\n\t\t0,\n\t\tGL_RGBA32F,"
    )
    assert key == "pyopengl-glut-render-failed"
    assert first("error: /util/common/cuda/cuda-9.2/bin/nvcc' failed with exit status 1")[0] == (
        "build-extension-compile-failed"
    )
    # the driver's kernel module loaded, its tools absent: a pod or container without the NVIDIA runtime
    key, _ = first(
        "~$ nvidia-smi\nbash: nvidia-smi: command not found\n:~$ cat /proc/driver/nvidia/version\nNVRM version: "
        "NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023"
    )
    assert key == "host-container-no-gpu"
    # nvidia-smi missing alone is no such sign
    assert first("bash: nvidia-smi: command not found")[0] != "host-container-no-gpu"
    key, _ = first(
        "(issue title: [BUG] - spawn by jupyterhub on K8s ; tensorflow doesn't recognize the GPU cards)\n$ nvidia-smi"
    )
    assert key == "cpu-tf-gpu-not-registered"
