"""`explain`, round thirty-nine (issue 36), the engine: a traceback flattened onto one line is a failure; a UI's
wrapper error shows the real error HTML-escaped; a frame's raise line cut inside its message names the family its
message starts; a notice's own traceback (an optional import) and a program's "not running with X" line rank below
the real failure; a missing cmake is a build's failure; a metric line is no remedy. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.miss import said_to_do
from torchtrt_compat.troubleshooting.severity import levels


def test_a_traceback_flattened_onto_one_line_is_a_failure() -> None:
    text = (
        'Worker-3: Traceback (most recent call last): File "/app/load.py", line 12, in run model = net.cuda() '
        'File "/venv/lib/torch/cuda/__init__.py", line 221, in _lazy_init raise AssertionError("Torch not compiled '
        'with CUDA enabled") AssertionError: Torch not compiled with CUDA enabled'
    )
    assert levels(text).errors == 1
    found = explain(text)
    assert found[0].key == "torch-cpu-build" and found[0].severity == "failure"
    assert found.summary.startswith("Failure")
    # near miss: the words alone, with no traceback, keep their level (none)
    assert levels("note: Torch not compiled with CUDA enabled, using the CPU").errors == 0


def test_an_html_escaped_error_inside_a_ui_wrapper_is_read() -> None:
    text = (
        "ValueError: An event handler (on_submit) didn't receive enough output values (needed: 4, received: 2).\n"
        "Received outputs:\n"
        "    [None, \"<div class='error'>RuntimeError: onnxruntime_pybind_state.cc:743 CreateExecutionProviderInstance "
        "CUDA_PATH is set but CUDA wasn&#x27;t able to be loaded. Please install the correct version\n"
    )
    assert first(text)[0] == "ort-provider-fallback"
    # near miss: one stray entity and no markup is left as it is (no family reads "&amp;" as anything)
    assert first("AT&amp;T modem log: line ok")[0] == ""


def test_a_raise_line_cut_inside_its_message() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "run.py", line 20, in <module>\n'
        "    net = net.to(device)\n"
        '  File "/usr/lib/python3/site-packages/torch/cuda/__init__.py", line 166, in _lazy_init\n'
        '    raise AssertionError("Torch not compiled\n'
        "...\n"
    )
    assert first(text)[0] == "torch-cpu-build"
    # near miss: a raise line cut after too few words names no family
    short = text.replace('"Torch not compiled', '"Torch not')
    assert first(short)[0] != "torch-cpu-build"


def test_a_notice_traceback_ranks_below_the_gpu_arch_warning() -> None:
    text = (
        "/env/lib/site-packages/torch/cuda/__init__.py:215: UserWarning:\n"
        "NVIDIA GeForce RTX 5080 with CUDA capability sm_120 is not compatible with the current PyTorch installation.\n"
        "The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.\n"
        "A matching Triton is not available, some optimizations will not be enabled\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/site-packages/xformers/__init__.py", line 57, in _is_triton_available\n'
        "    import triton  # noqa\n"
        "ModuleNotFoundError: No module named 'triton'\n"
        "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    )
    assert first(text)[0] == "gpu-arch-unsupported"
    # near miss: the triton import failing on its own (no notice before it) stays the answer
    alone = 'Traceback (most recent call last):\n  File "x.py", line 3\n    import triton\n'
    assert first(alone + "ModuleNotFoundError: No module named 'triton'")[0] != "xformers-triton-unavailable-notice"


def test_a_build_without_cmake_ranks_above_the_optional_import() -> None:
    text = (
        "--> Not running with vecdraw support  No module named 'vecdraw'\n"
        "running build_ext\n"
        "FileNotFoundError: [Errno 2] No such file or directory: 'cmake'\n"
        "RuntimeError: CMake must be installed to build the following extensions: vecdraw\n"
    )
    assert first(text)[0] == "build-cmake-missing"
    assert first("/bin/sh: 1: cmake: not found")[0] == "build-cmake-missing"
    # near miss: a missing module on its own line, with no build, stays a missing module
    assert first("ModuleNotFoundError: No module named 'vecdraw'")[0] == "py-module-missing"
    # and a "not running with" line alone is still the missing module
    assert first("--> Not running with vecdraw support  No module named 'vecdraw'")[0] == "py-module-missing"


def test_a_metric_line_is_no_remedy() -> None:
    text = (
        "Request concurrency: 1\n"
        "  Pass [1] throughput: 410.2 infer/sec. Avg latency: 2300 usec (std 3100 usec). \n"
        "  Pass [2] throughput: 14.9 infer/sec. Avg latency: 61000 usec (std 70000 usec). \n"
        "Failed to obtain stable measurement.\n"
    )
    lv = levels(text)
    assert "throughput" not in said_to_do(text, lv)
    assert "Pass [" not in explain(text).summary
    # near miss: a real instruction is still quoted
    told = "RuntimeError: bad value. Set FOO_MODE=1 to allow it."
    assert "FOO_MODE" in said_to_do(told, levels(told))
