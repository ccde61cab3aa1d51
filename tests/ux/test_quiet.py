"""Quiet by default: upstream chatter is captured while torchtrt_compat calls upstream, and everything is restored."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import warnings

import pytest

from torchtrt_compat.ux import progress as _progress, quiet as _quiet


def _state() -> tuple[object, ...]:
    torch_logger = logging.getLogger("torch")
    return (
        logging.Logger.callHandlers,
        list(warnings.filters),
        warnings.showwarning,
        sys.stderr,
        list(torch_logger.handlers),
        torch_logger.level,
        torch_logger.propagate,
        os.fstat(2).st_ino,
    )


def test_captures_warnings_upstream_logs_and_native_stderr_then_restores_everything() -> None:
    before = _state()
    with _quiet.captured(verbose=False) as cap:
        os.write(2, b"WARNING: [Torch-TensorRT] - native line\n")
        logging.getLogger("torch._library.opaque_object").warning("register_opaque_type is deprecated")
        logging.getLogger("torch_tensorrt.dynamo").warning("Unable to import quantization op")
        warnings.warn("old argument", FutureWarning, stacklevel=1)
        print("printed to stderr", file=sys.stderr)
    assert _state() == before
    text = cap.text()
    for expected in ("native line", "register_opaque_type is deprecated", "quantization op", "FutureWarning"):
        assert expected in text
    assert "printed to stderr" in text
    assert _quiet.last_capture() is cap


def test_other_loggers_and_non_console_handlers_still_get_records(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO), _quiet.captured(verbose=False) as cap:
        logging.getLogger("torch_tensorrt").warning("upstream record")
        logging.getLogger("myapp").warning("user record")
    assert "upstream record" in caplog.text  # pytest's handler is not a console: it still sees upstream records
    assert "user record" in caplog.text and "user record" not in cap.text()


def test_blocks_nest_and_restore_after_an_exception() -> None:
    before = _state()
    with pytest.raises(RuntimeError), _quiet.captured(verbose=False) as outer:
        with _quiet.captured(verbose=False) as inner:
            assert inner is outer
            warnings.warn("inside", UserWarning, stacklevel=1)
        raise RuntimeError("boom")
    assert _state() == before
    assert "inside" in outer.text()


def test_verbose_captures_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    with _quiet.captured(verbose=True) as cap:
        os.write(2, b"shown live\n")
    assert cap.lines == [] and "shown live" in capfd.readouterr().err


def test_environment_variable_turns_verbose_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_quiet.ENV_VERBOSE, "1")
    assert _quiet.verbose_default()
    monkeypatch.setenv(_quiet.ENV_VERBOSE, "0")
    assert not _quiet.verbose_default()


def _run_quiet_by_default(code: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` in a fresh Python with the verbose switch unset (the default a user gets); it must exit 0."""
    env = {k: v for k, v in os.environ.items() if k != _quiet.ENV_VERBOSE}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_importing_torch_tensorrt_through_torchtrt_compat_prints_nothing() -> None:
    """The real import chatter (native device warning, deprecations, modelopt notice) is captured, not printed."""
    code = (
        "from torchtrt_compat.ux import quiet as _quiet; "
        "from torchtrt_compat.compiler._upstream import load_torch_tensorrt; "
        "load_torch_tensorrt(); print(len(_quiet.last_capture().lines))"
    )
    done = _run_quiet_by_default(code, timeout=180)
    assert done.stderr == "", done.stderr
    assert int(done.stdout.strip()) > 0


def _drain(fd: int) -> str:
    """Everything written to the pty so far (a pty hands it out in chunks)."""
    import select

    chunks = []
    while select.select([fd], [], [], 0.5)[0]:
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode()


def test_progress_prints_short_lines_on_a_terminal_and_nothing_elsewhere(tmp_path) -> None:
    import pty

    main, secondary = pty.openpty()
    with os.fdopen(secondary, "w") as tty:
        with _progress.progress("build_engine for sm_89", console=tty):
            _progress.stage("exporting")
            _progress.stage("building TensorRT engine 1 for sm_89")
        shown = _drain(main)
    os.close(main)
    lines = [line for line in shown.replace("\r", "").splitlines() if line]
    assert lines[0] == "build_engine for sm_89: exporting"
    assert lines[1].startswith("build_engine for sm_89: building TensorRT engine 1 for sm_89")
    assert lines[-1].startswith("build_engine for sm_89: done in ")
    plain = tmp_path / "log.txt"
    with plain.open("w") as stream, _progress.progress("x", console=stream):
        _progress.stage("exporting")
    assert plain.read_text() == ""
    _progress.stage("outside any block is a no-op")


def test_a_block_in_another_thread_is_its_own_never_waits_and_nothing_deadlocks() -> None:
    """Thread A captures, then waits for the shim lock; thread B holds the shim lock, then captures."""
    import threading

    from torchtrt_compat.shims import ShimContext, activate

    before = _state()
    a_capturing, b_locked = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def a() -> None:
        try:
            with _quiet.captured(verbose=False):
                a_capturing.set()
                b_locked.wait(5)
                with activate("export", ShimContext(), None):
                    pass
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def b() -> None:
        try:
            a_capturing.wait(5)
            with activate("export", ShimContext(), None):
                b_locked.set()
                with _quiet.captured(verbose=False):
                    warnings.warn("from b", UserWarning, stacklevel=1)
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert not any(t.is_alive() for t in threads), "deadlock"
    assert not errors
    assert _state() == before


def test_progress_in_a_notebook_without_ipywidgets_updates_one_html_output(notebook_display: list[object]) -> None:
    shown = notebook_display
    with _progress.progress("build_engine for sm_89"):
        _progress.stage("exporting")
        _progress.stage("lowering")
    assert len(shown) == 3  # shown once, then updated in place
    final = shown[-1]
    assert "done" in repr(final) and "lowering" in final._repr_html_()  # type: ignore[attr-defined]


def test_another_threads_warnings_records_and_prints_are_not_this_blocks() -> None:
    """Audit F4 / API15: a capture holds only the capturing thread's output; the rest is shown as before."""
    import threading

    before = _state()
    seen: list[str] = []

    def bystander() -> None:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warnings.warn("bystander warning", UserWarning, stacklevel=1)
        seen.extend(str(w.message) for w in caught)
        logging.getLogger("torch_tensorrt").warning("bystander record")
        print("bystander print", file=sys.stderr)

    with _quiet.captured(verbose=False) as cap:
        thread = threading.Thread(target=bystander)
        thread.start()
        thread.join()
        logging.getLogger("torch_tensorrt").warning("own record")
    assert _state() == before
    assert "own record" in cap.text()
    assert "bystander" not in cap.text()
    assert seen == ["bystander warning"]  # its own catch_warnings still got it


def test_module_level_logging_in_a_block_leaves_the_root_logger_exactly_as_it_was() -> None:
    """Review H4: torch_tensorrt's lowering calls the module-level ``logging.debug``, which runs
    ``logging.basicConfig()`` while stderr is swapped; the root logger kept a handler bound to the capture."""
    code = (
        "import logging, sys\n"
        "from torchtrt_compat.ux import quiet\n"
        "root = logging.getLogger()\n"
        "before = (list(root.handlers), root.level)\n"
        "with quiet.captured(verbose=False) as cap:\n"
        "    logging.debug('what torch_tensorrt lowering does')\n"
        "    logging.warning('an upstream warning through the root logger')\n"
        "    root.setLevel(logging.ERROR)\n"
        "assert (list(root.handlers), root.level) == before, (root.handlers, root.level)\n"
        "assert any('upstream warning' in line for line in cap.lines), cap.lines\n"
        "logging.basicConfig(level=logging.INFO, format='MYAPP %(message)s', stream=sys.stdout)\n"
        "logging.getLogger('myapp').info('hello')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "MYAPP hello\n" and done.stderr == "", (done.stdout, done.stderr)


def test_a_handler_made_inside_a_block_is_never_left_bound_to_the_capture_stream() -> None:
    """A package imported during a build makes its ``StreamHandler()`` on ``sys.stderr``, the capture proxy then;
    after the block it writes to the real stderr, not through the capture."""
    logger = logging.getLogger("torchtrt_compat_test.imported_during_a_build")
    before = sys.stderr
    with _quiet.captured(verbose=False):
        handler = logging.StreamHandler()
        logger.addHandler(handler)
        assert handler.stream is sys.stderr and sys.stderr is not before
    try:
        assert handler.stream is before
    finally:
        logger.removeHandler(handler)


@pytest.mark.slow
def test_a_users_basic_config_works_after_two_builds_in_one_process() -> None:
    """Two real ahead-of-time builds (the second one used to print torch_tensorrt's min_block_size WARNING), then
    the user's own logging set-up: it takes effect, and the builds printed nothing."""
    code = (
        "import logging, sys, warnings, torch, torchtrt_compat\n"
        "from torchtrt_compat.compiler.aot import ZeroEnginesWarning\n"
        "warnings.simplefilter('ignore', ZeroEnginesWarning)\n"
        "m = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()\n"
        "x = torch.randn(1, 3, 16, 16)\n"
        "for _ in range(2):\n"
        "    torchtrt_compat.build_engine(m, [x], compute_capabilities=['8.9'])\n"
        "assert logging.getLogger().handlers == [], logging.getLogger().handlers\n"
        "logging.basicConfig(level=logging.INFO, format='MYAPP %(message)s')\n"
        "logging.getLogger('myapp').info('hello')\n"
    )
    done = _run_quiet_by_default(code, timeout=300)
    assert done.stderr == "MYAPP hello\n", done.stderr
