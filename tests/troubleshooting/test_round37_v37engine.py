"""`explain`, round thirty-seven (issue 36), the engine: a message the paste cut mid-sentence still names the family
it begins like; a process's non-zero exit and TensorFlow's StartAbort are failures whatever level a line shows; a
compiler driver given a missing source file, a library's own Python bug in its frames and a self-describing
assertion get their own next step; a title's "LLVM ERROR:", a quoted log's lines, a native check's "Failed `cond`:"
and pip's older conflict wording are read. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_cut_message_names_the_family_it_begins_like() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/opt/env/lib/python3.10/site-packages/fedlib/server.py", line 12, in aggregate\n'
        "    delta = new[k] - old[k]\n"
        "RuntimeError: Expected all tensors to be on the same ..."
    )
    result = explain(text)
    assert result[0].key == "device-mismatch" and "cut" in result[0].evidence
    assert result.outcome == "explained"
    # the cut mark on its own line after it
    assert first("RuntimeError: Expected all tensors to be on the\n...")[0] == "device-mismatch"
    # near misses: too few words before the cut, or no cut mark at all
    assert first("RuntimeError: Expected all tensors ...")[0] != "device-mismatch"
    assert first("RuntimeError: Expected all tensors to be on the beach")[0] != "device-mismatch"


def test_a_non_zero_exit_is_a_failure_not_a_warning() -> None:
    head = "PyTorch version: 2.1.0+cpu\nNo GPU devices\n"
    for tail in (
        "Process finished with exit code 1",
        "worker exited with code 2",
        "subprocess.CalledProcessError: Command 'x' returned non-zero exit status 1.",
    ):
        result = explain(head + tail)
        assert result.outcome != "warnings-only" and not result.summary.startswith("Warning, no failure"), tail
    # exit code 0 is a clean end
    result = explain(head + "Process finished with exit code 0")
    assert result.summary.startswith("Warning, no failure") or result.outcome == "warnings-only"


def test_start_abort_at_w_level_is_a_failure() -> None:
    text = (
        "2021-01-01 10:00:00.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1241] Created TensorFlow "
        "device\n2021-01-01 10:00:01.000001: W tensorflow/core/common_runtime/base_collective_executor.cc:217] "
        "BaseCollectiveExecutor::StartAbort Internal: something could not be copied to the device\n"
    )
    assert explain(text).outcome != "warnings-only"
    # the input iterator's normal end stays a warning
    end = text.replace("Internal: something could not be copied to the device", "Out of range: End of sequence")
    assert explain(end).outcome == "warnings-only"


def test_a_compiler_given_a_missing_source_file_says_the_checkout_lacks_it() -> None:
    text = (
        "gcc: error: /home/u/proj/src/kernels/roi_pool.c: No such file or directory\n"
        "gcc: fatal error: no input files\ncompilation terminated.\n"
    )
    result = explain(text)
    assert "git submodule update --init" in result.command and "source file that does not exist" in result.next_step
    # near miss: a missing header is a compile error at a file and line (the compiler's own error line is shown)
    header = "src/a.cpp:3:10: fatal error: foo.h: No such file or directory\ncompilation terminated.\n"
    assert "git submodule" not in (explain(header).command or "")


def test_a_library_own_python_bug_names_the_library_to_upgrade() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 9, in <module>\n    pruner.run()\n'
        '  File "/usr/lib/python3/dist-packages/graphlib2/walk.py", line 40, in run\n'
        "    for k in self.nodes.keys():\n"
        "RuntimeError: dictionary changed size during iteration\n"
    )
    result = explain(text)
    assert "pip install -U graphlib2" in result.command and "graphlib2" in result.next_step
    # near miss: the same error raised in the user's own code keeps the debugger
    own = text.replace("/usr/lib/python3/dist-packages/graphlib2/walk.py", "mylib/walk.py")
    assert "pip install -U" not in explain(own).command


def test_a_self_describing_assertion_is_quoted_as_the_finding() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/env/site-packages/somelib/wrap.py", line 50, in wrap\n'
        '    assert ok, "The wrapper is not needed when the module has no trainable weight."\n'
        "AssertionError: The wrapper is not needed when the module has no trainable weight.\n"
    )
    result = explain(text)
    assert "The wrapper is not needed when the module has no trainable weight" in result.next_step
    # near miss: a bare assertion has no sentence to quote
    bare = text.replace(": The wrapper is not needed when the module has no trainable weight.", "")
    assert "in its own words" not in explain(bare).next_step


def test_a_title_llvm_error_above_verbose_logs_is_the_failure() -> None:
    text = (
        "(issue title: LLVM ERROR: mma16816 data type not supported)\n"
        + "Finished tracing + transforming dot for pjit in 0.001 sec\n" * 4
    )
    assert first(text)[0] == "kern-triton-compile-failed"


def test_a_quoted_native_check_failure_is_an_error_line() -> None:
    text = (
        "> [2022-01-01 00:00:00,000][mylib][INFO] - Initializing CUDA extension...\n"
        "> value error in query\n"
        "> /build/include/registry.hpp:70\n"
        "> Failed `it != items_.end()`: Any of [cuda:float, cpu:float] could not be found in []\n"
    )
    result = explain(text)
    assert result.outcome != "warnings-only" and "Failed `it != items_.end()`" in result.first_error


def test_old_pip_conflict_wording_is_the_install_stage() -> None:
    text = (
        "segtool 1.6.6 has requirement torch>=1.6.0a, but you'll have torch 1.4.0+cu100 which is incompatible.\n"
        "audiolib 0.7.2 has requirement torch==1.7.1, but you'll have torch 1.4.0+cu100 which is incompatible.\n"
    )
    result = explain(text)
    assert result.stage == "install" or (result and result[0].key == "pip-pin-conflict")
