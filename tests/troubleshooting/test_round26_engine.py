"""`explain`, round twenty-six (issue 36), the engine: the log formats its pastes showed (research code's dashed
logging, Theano's loggers, test runners' skipped tests) give each line its level, and a faulthandler dump is a
complete report of a fatal signal, not a traceback cut before its exception line."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_dashed_python_logging_has_levels() -> None:
    warned = levels("19-07-14 21:35:36.666 - WARNING: Offset mean is 123, larger than 50.")
    assert warned.warnings == 1 and warned.warnings_only
    named = levels("2021-03-02 10:00:00,000 - mmdet - ERROR - the data loader died")
    assert named.errors == 1
    # a dash in a sentence is no log line
    assert levels("2021-03-02 10:00:00 the run - WARNING ahead").warnings == 0


def test_theano_loggers_have_levels() -> None:
    assert levels("WARNING (theano.sandbox.cuda): The cuda backend is deprecated").warnings_only
    assert levels("ERROR (theano.gof.opt): Optimization failure due to: local_abstractconv_check").errors == 1


def test_skipped_tests_are_warnings_not_failures() -> None:
    for line in (
        "SKIPPED [1] tests/test_gpu.py:12: could not import 'cupy': No module named 'cupy'",
        "[  SKIPPED ] Suite.GpuKernel (0 ms)",
        "XFAIL tests/test_half.py::test_overflow - needs sm_80",
    ):
        lv = levels(line)
        assert lv.warnings == 1 and lv.errors == 0 and lv.warnings_only, line
    # a failed test beside the skips is still a failure
    assert levels("SKIPPED [1] t.py:3: no GPU\nFAILED t.py::test_x - AssertionError: 1 != 2").errors >= 1


def test_a_faulthandler_dump_is_not_a_cut_traceback() -> None:
    dump = (
        "Fatal Python error: Segmentation fault\n\nThread 0x00007f3b (most recent call first):\n"
        '  File "/opt/app/engine.py", line 412 in _step\n  File "/opt/train.py", line 33 in main\n'
    )
    found = explain(dump)
    assert "incomplete" not in found.summary and "stops at" not in found.summary, found.summary
    # a real traceback cut before its exception line still says so
    cut = 'Traceback (most recent call last):\n  File "/opt/train.py", line 33, in main\n    step()\n'
    assert "incomplete" in explain(cut).summary


def test_a_miss_that_shows_its_compiler_error_reads_it() -> None:
    """A compile miss whose text holds the compiler's own error line does not ask to rerun the build to find it: it
    points at that line and at the toolchain's versions."""
    shown = explain(
        "[ 50%] Building CUDA object CMakeFiles/app.dir/kernel.cu.o\n"
        '/src/kernel.cu(41): error: identifier "__frobnicate_sync" is undefined\n'
        "make[2]: *** [CMakeFiles/app.dir/build.make:76: CMakeFiles/app.dir/kernel.cu.o] Error 1\n"
    )
    assert shown.outcome == "unexplained" and shown.stage == "compile"
    assert shown.command.startswith("nvcc --version") and "make VERBOSE" not in shown.command
    # without the compiler's line, the build is rerun to find it
    hidden = explain("make[2]: *** [CMakeFiles/app.dir/build.make:76: CMakeFiles/app.dir/kernel.cu.o] Error 1\n")
    assert hidden.stage == "compile" and "make VERBOSE" in hidden.command


def test_a_native_program_miss_gets_native_tools() -> None:
    """A runtime miss with no Python in the text is a native program's: its next command runs that program under
    compute-sanitizer (or gdb), not `python your_script.py`."""
    native = explain("./bin/solver --grid 512\nsolver: cufftPlan3d returned 5 after the previous kernel, aborting\n")
    assert native.outcome in ("unexplained", "no-match") and native.stage == "runtime"
    assert "compute-sanitizer" in native.command and "python" not in native.command
    python = explain(
        'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n    main()\n'
        "ValueError: the solver did not converge\n"
    )
    assert "compute-sanitizer ./your_program" not in (python.command or "")


def test_a_cmake_configure_miss_gets_cmakes_own_step() -> None:
    """A miss whose text is CMake's configure error points at the find_package or target and --debug-find, not at a
    compiler's error line."""
    found = explain(
        "CMake Error at /usr/lib/cmake/Frob/FrobConfig.cmake:41 (message):\n  Frob requires component Zap\n"
        "Call Stack (most recent call first):\n  CMakeLists.txt:12 (find_package)\n"
    )
    assert found.outcome in ("unexplained", "no-match") and found.stage == "compile"
    assert "--debug-find" in found.command and "nvcc --version" not in found.command, found.command


def test_omniverse_kit_log_levels() -> None:
    lv = levels("2024-05-01 10:00:00 [12,345ms] [Error] [omni.physx.plugin] PhysX error: something broke")
    assert lv.errors == 1
    assert levels("2024-05-01 10:00:00 [12,345ms] [Warning] [omni.kit.app] an extension is slow").warnings_only
