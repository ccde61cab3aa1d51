"""`explain`, round forty-two (issue 36), the engine: a cut message that is only Python's traceback header names no
family; glog's lines with the year (glog 0.6 and later) are log lines, and a miss on a glog FATAL check gets the
library's release as its step; a CUDA library's loader failure on an earlier warning line outranks the generic error
it causes; setuptools' nvcc summary and CMake's "Configuring incomplete" are compile-stage misses with their own
steps. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_cut_traceback_header_names_no_family() -> None:
    text = (
        "Warning: Encountered known unsupported method torch.is_autocast_enabled\n"
        "Error while converting the model: shapes do not agree\n"
        "Traceback (most recent call last):\n...\n"
    )
    found = explain(text)
    assert all(e.key != "tvm-target-not-enabled" for e in found), [e.key for e in found]
    assert found.first_answer != "tvm-target-not-enabled"
    # near miss: a message cut mid-sentence still names its family by its start
    cut = "RuntimeError: Expected all tensors to be on the same device, but found at ..."
    assert explain(cut).first_answer != "miss"


def test_glog_line_with_the_year_is_an_error_line_and_its_check_gets_a_release_step() -> None:
    for stamp in ("F20231104 10:11:12.345678", "F1104 10:11:12.345678"):
        text = f"{stamp}  4242 fuse_layers.cpp:88] Check failed: graph.has_input() input must be set\n"
        found = explain(text)
        assert found.first_answer == "miss" and found.stage == "runtime"
        assert found.next_step and "nightly" in found.next_step and "fuse_layers.cpp" in found.next_step
        assert "compute-sanitizer" not in (found.command or "")
    # a graph pass's failed check has its row
    text = "F20231104 10:11:12.345678  4242 fuse_layers_pass.cpp:88] Check failed: graph.has_input()\n"
    assert first(text)[0] == "framework-graph-pass-check-failed"
    # the library from the path the line gives
    found = explain("F0302 01:02:03.456789 77 mylib/core/graph/pass.cpp:12] Check failed: ok \n")
    assert found.next_step and found.next_step.startswith("mylib stopped")
    # near miss: a failed check of a CUDA call keeps CUDA's step
    found = explain("F0302 01:02:03.456789 77 alloc.cc:12] Check failed: cudaMalloc(&p, n) == cudaSuccess (2 vs. 0)\n")
    assert "nightly" not in (found.next_step or "")


def test_a_cuda_library_that_did_not_load_outranks_the_generic_error_after_it() -> None:
    text = (
        "/env/lib/python3.11/site-packages/torch/nn/modules/conv.py:450: UserWarning: Attempt to open cnn_infer "
        "failed: handle=0 error: /env/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: "
        "undefined symbol: _Z9cudnnAbcXv, version libcudnn_ops_infer.so.8 (Triggered internally at "
        "../aten/src/ATen/native/cudnn/Conv_v8.cpp:80.)\n"
        "Traceback (most recent call last):\n"
        '  File "demo.py", line 9, in <module>\n'
        "    y = net(x)\n"
        "RuntimeError: GET was unable to find an engine to execute this computation\n"
    )
    key, _ = first(text)
    assert key == "cuda-library-mixed-versions"
    # near miss: the same error without the loader line keeps its own family
    key, _ = first(text.split("\n", 1)[1])
    assert key == "torch-cudnn-no-algorithm"


def test_setuptools_nvcc_summary_is_a_compile_miss() -> None:
    found = explain(
        "pip3 install some_cuda_ops\nerror:  command '/usr/local/cuda/bin/nvcc' failed with exit status 1\n"
    )
    # the build-failure row reads pip's summary of the nvcc step (the compiler's own line is above it)
    assert found.first_answer == "build-extension-compile-failed"
    # near miss: gcc's own summary keeps its family
    assert explain("error: command 'gcc' failed with exit status 1\n").first_answer == "build-extension-compile-failed"


def test_cmake_configure_failure_is_the_error_not_the_cut_traceback() -> None:
    text = (
        "-- Configuring incomplete, errors occurred!\n"
        'See also "/src/proj/build/temp/CMakeFiles/CMakeError.log".\n'
        "Traceback (most recent call last):\n"
        '  File "setup.py", line 88, in <module>\n'
        "    setup(name='proj')\n"
        '  File "/env/lib/python3.8/site-packages/setuptools/__init__.py", line 87, in setup\n'
        "    return distutils.core.setup(**attrs)\n...\n"
    )
    assert explain(text).first_answer == "build-cmake-configure-failed"
    # near miss: a setup.py traceback cut without CMake's line is still a cut paste
    cut = text.split("Traceback", 1)[1]
    found = explain("Traceback" + cut)
    assert "CMakeError" not in (found.next_step or "")
