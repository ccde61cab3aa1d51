"""CLI argument edge cases of env, matrix, shims, models, bench and selftest (reliability audit S-72, F15 and the
CLI part of group O): each bad argument is one line on stderr and exit 2, never a traceback."""

from __future__ import annotations

import pytest

from torchtrt_compat.cli import main


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_matrix_with_a_4400_digit_version_is_exit_2(capsys):
    """S-72: int() refuses more than 4,300 digits; that must not escape as a ValueError."""
    code, err = _run(["matrix", "--torch-tensorrt", "2." + "1" * 4400], capsys)
    assert code == 2 and "not a version" in err and err.count("\n") == 1


@pytest.mark.parametrize("device", ["abc", "", "cuda:x", "cpu:-1:2"])
def test_bench_bad_device_is_exit_2(device, capsys):
    code, err = _run(["bench", "models:resnet18", "--device", device, "--iters", "1"], capsys)
    assert code == 2 and "is not a device" in err


def test_selftest_html_is_checked_before_the_steps_run(tmp_path, capsys):
    for html, message in (
        (str(tmp_path / "missing" / "x.html"), "does not exist"),
        (str(tmp_path), "is a folder"),
    ):
        code, err = _run(["selftest", "--html", html, "--step", "environment"], capsys)
        assert code == 2 and message in err and err.count("\n") == 1


def test_an_os_error_from_a_command_is_one_line_exit_2(monkeypatch, capsys, tmp_path):
    """Any path a command cannot read or write ends as one line, not an OSError traceback."""
    from torchtrt_compat.cli import check as environment

    def run_env(args: object) -> int:
        return len((tmp_path / "absent.json").read_text())

    monkeypatch.setattr(environment, "run_env", run_env)
    code, err = _run(["env"], capsys)
    assert code == 2 and "absent.json" in err and "No such file" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["shims", "["], ["models", "["], ["models", "\x00"], ["shims", "no_such_*"]])
def test_odd_glob_patterns_that_match_nothing_say_so_in_one_line(argv, capsys):
    """Review Low 1: a pattern that matches nothing printed nothing and exited 0, as if all were well."""
    code, err = _run(argv, capsys)
    assert code == 2 and "matches" in err and err.count("\n") == 1 and "Traceback" not in err


def test_ctrl_c_after_the_work_cannot_turn_success_into_a_kill() -> None:
    """Audit K04: a SIGINT during interpreter teardown, after "wrote ...", killed the process with no message. The
    program's entry point ignores SIGINT once the command has returned."""
    import signal
    import subprocess
    import sys

    code = (
        "import signal, sys\n"
        "from torchtrt_compat.cli import entry\n"
        "sys.argv = ['torchtrt-compat', 'matrix', '--json']\n"
        "rc = entry()\n"
        "sys.stderr.write('IGNORED=%s RC=%d' % (signal.getsignal(signal.SIGINT) == signal.SIG_IGN, rc))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "IGNORED=True RC=0" in proc.stderr
    assert signal.getsignal(signal.SIGINT) is not signal.SIG_IGN  # the test process itself is untouched
