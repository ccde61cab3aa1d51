"""`explain`, round sixty-one (issue 36): super-resolution and image restoration, OCR engines, GPU point clouds, SLAM
and 3D reconstruction: a line that says it fell back to the CPU, a program's warning that it may crash, an EGL
assertion, nvcc on gcc 11's headers, Thrust's removed pinned allocator; and the middle of a long text searched for
its anchors in one pass."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain, scan
from torchtrt_compat.troubleshooting.match import _anchors


def test_a_line_that_fell_back_and_a_warning_of_a_risk() -> None:
    found = explain("Warning: No module named 'pycuda'\nFailed to import PyCUDA. Running fusion in CPU mode.")
    assert found.summary.startswith("Warning, no failure") and found[0].key == "py-module-missing"
    # without the fallback the same import failure is a failure
    assert explain("Failed to import PyCUDA.\nModuleNotFoundError: No module named 'pycuda'").outcome == "explained"
    assert explain("Can't initialize EGL GLEW GLX display, may crash!").outcome == "warnings-only"


def test_egl_nvcc_and_thrust_in_a_native_build() -> None:
    key, _ = first(
        'Assert failed: eglInitialize(display, &major, &minor), /src/ReplicaSDK/ptex/EGL.cpp:133\n"Can\'t init EGL"'
    )
    assert key == "geo-egl-context-failed"
    key, _ = first(
        '/usr/include/c++/11/bits/stl_pair.h(460): error: argument list for class template "std::pair" is missing\n'
        '4 errors detected in the compilation of "CMakeCUDACompilerId.cu".'
    )
    assert key == "build-nvcc-host-compiler"
    key, fix = first(
        "/src/device_memory.cpp:5:10: fatal error: thrust/system/cuda/experimental/pinned_allocator.h: No such file "
        "or directory\ncompilation terminated."
    )
    assert key == "build-header-not-found" and "Thrust 2" in fix


def test_the_middle_of_a_long_text_is_searched_in_one_pass() -> None:
    anchors = _anchors()
    error = "[E] [TRT] 2: [executionContext.cpp::ExecutionContext::470] Error Code 2: OutOfMemory\n"
    lines = [f"[V] [TRT] tactic {i:#x} time {i % 97}.01 ms" for i in range(40_000)]
    text = "\n".join(lines[:20_000]) + "\n" + error + "\n".join(lines[20_000:])
    reading = scan.read(text, anchors, budget_s=60)
    assert error.strip() in reading.text and reading.complete
    # the one expression finds the same anchors the substring searches do, in any block
    block = text.lower().encode()
    rx = scan._anchor_search(tuple(anchors))
    found = set(rx.findall(block))
    every = {a.encode() for a in anchors if a.encode() in block}
    assert found <= every and all(
        any(f in line for f in found) for line in block.split(b"\n") if any(a in line for a in every)
    )
