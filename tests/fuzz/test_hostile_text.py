"""Hostile text from other people: fleets, specs, notes, error texts and reports that try to fool a verdict, crash a
command or write to the terminal. Each case says what it plants and what must come out (issue 23; the audit's F5,
F6 and F8 cases and new ones beside them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _oracle import assert_clean_exit, run_cli

from torchtrt_compat import UsageError
from torchtrt_compat.compatibility.fleet import check_fleet
from torchtrt_compat.compatibility.rules import check
from torchtrt_compat.compiler.compile_report import CompileReport
from torchtrt_compat.env import Environment
from torchtrt_compat.ops._checks import explain_device_mismatch
from torchtrt_compat.runtime.caches import default_cache_root
from torchtrt_compat.ux.display import safe

ROOT = Path(__file__).resolve().parents[2]
SPEC = json.loads((ROOT / "tests" / "data" / "specs" / "h100_torch_tensorrt_2_14.json").read_text())
#: clear screen, a hidden hyperlink, a clipboard write, a single-byte CSI, a right-to-left override
ESCAPES = (
    "\x1b[2J\x1b[31mPWNED",
    "\x1b]8;;http://evil/\x07L4\x1b]8;;\x07",
    "\x1b]52;c;cm0gLXJmIH4=\x07",
    "\x9b2J",
    "\u202e",
)


def _no_control(text: str) -> None:
    bad = [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u2028"]
    assert bad == [], f"raw control characters reached the output: {bad!r}"


def _line(host: object, **extra: object) -> str:
    return json.dumps({**SPEC, "host": host, **extra}, ensure_ascii=False)


def _fleet(tmp_path: Path, *lines: str | bytes, name: str = "fleet.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"\n".join(x.encode() if isinstance(x, str) else x for x in lines) + b"\n")
    return path


# -- fleets: a line is a host, whatever it holds ------------------------------------------------------------------


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\u0085"])
def test_line_separators_inside_json_strings_do_not_split_a_host(tmp_path: Path, sep: str) -> None:
    report = check_fleet(_fleet(tmp_path, _line(f"gpu{sep}01"), _line("gpu-02")))
    assert [h.host for h in report.hosts] == [f"gpu{sep}01", "gpu-02"]
    assert {h.verdict for h in report.hosts} == {"compatible"}


def test_an_invalid_host_first_does_not_poison_the_same_stack(tmp_path: Path) -> None:
    report = check_fleet(_fleet(tmp_path, _line(5), _line("gpu-02")))
    assert [h.verdict for h in report.hosts] == ["error", "compatible"]
    assert '"host" must be a string' in (report.hosts[0].error or "")


def test_an_invalid_host_after_a_good_one_is_not_compatible(tmp_path: Path) -> None:
    report = check_fleet(_fleet(tmp_path, _line("gpu-01"), _line(["x"])))
    assert [h.verdict for h in report.hosts] == ["compatible", "error"]
    assert report.exit_code == 3


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\r\n\r\n"])
def test_an_empty_fleet_is_no_passing_fleet(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "hosts.jsonl"
    path.write_bytes(content)
    code, out, err = run_cli(["check", "--fleet", str(path)])
    assert_clean_exit(["check", "--fleet"], code, err)
    assert code == 3 and "no hosts" in out


def test_a_bad_flag_is_one_usage_error_not_a_row_per_host(tmp_path: Path) -> None:
    path = _fleet(tmp_path, _line("gpu-01"), _line("gpu-02"))
    code, out, err = run_cli(["check", "--fleet", str(path), "--driver", "junk"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "driver" in err


def test_one_latin1_line_is_one_bad_row(tmp_path: Path) -> None:
    latin1 = _line("caf\u00e9").encode("latin-1")
    report = check_fleet(_fleet(tmp_path, _line("gpu-01"), latin1, _line("gpu-03")))
    assert [h.verdict for h in report.hosts] == ["compatible", "error", "compatible"]
    assert "UTF-8" in (report.hosts[1].error or "")


def test_crlf_bom_and_a_nul_byte(tmp_path: Path) -> None:
    raw = b"\xef\xbb\xbf" + _line("gpu-01").encode() + b"\r\n" + b'{"host": "a\x00b"}\r\n' + _line("gpu-03").encode()
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(raw)
    report = check_fleet(path)
    assert [h.verdict for h in report.hosts] == ["compatible", "error", "compatible"]


# -- the one sanitiser: nothing from outside reaches the terminal raw -------------------------------------------


@pytest.mark.parametrize("payload", ESCAPES)
def test_fleet_host_names_are_printed_visibly(tmp_path: Path, payload: str) -> None:
    path = _fleet(tmp_path, _line(f"gpu{payload}"))
    code, out, err = run_cli(["check", "--fleet", str(path)])
    assert_clean_exit(["check", "--fleet"], code, err)
    _no_control(out + err)
    assert "\\u001b" in out or "\\u009b" in out or "\\u202e" in out


def test_fleet_folder_file_names_are_printed_visibly(tmp_path: Path) -> None:
    folder = tmp_path / "fleet"
    folder.mkdir()
    (folder / "gpu\x1b[2J.json").write_text("{not json")
    code, out, err = run_cli(["check", "--fleet", str(folder)])
    assert_clean_exit(["check", "--fleet"], code, err)
    _no_control(out + err)


def test_gpu_names_of_a_spec_are_printed_visibly(tmp_path: Path) -> None:
    spec = {**SPEC, "gpus": [{"name": "H100\x1b]52;c;cm0gLXJmIH4=\x07", "compute_capability": "9.0"}]}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    code, out, err = run_cli(["check", "--target", str(path)])
    assert_clean_exit(["check"], code, err)
    _no_control(out + err)
    assert "\\u001b]52" in out


def test_notes_of_another_hosts_env_json_are_printed_visibly(tmp_path: Path) -> None:
    env = json.loads(
        subprocess.run(
            [sys.executable, "-m", "torchtrt_compat", "env", "--json"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
    )
    env["notes"] = ["driver \x1b]52;c;cm0gLXJmIH4=\x07 ok"]
    path = tmp_path / "env.json"
    path.write_text(json.dumps(env))
    code, out, err = run_cli(["check", "--target", str(path)])
    assert_clean_exit(["check"], code, err)
    _no_control(out + err)


def test_explain_echoes_matched_lines_visibly(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    path.write_text(
        "RuntimeError: Found no NVIDIA driver on your system.\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\n"
        "torch.ops.aten.\x1b[31mnonzero\n"
    )
    code, out, err = run_cli(["explain", str(path)])
    assert_clean_exit(["explain"], code, err)
    _no_control(out + err)


def test_python_str_and_repr_of_results_are_visible() -> None:
    spec = {**SPEC, "host": "h\x1b[2J", "gpus": [{"name": "G\x1b[31m", "compute_capability": "9.0"}]}
    report = check(spec)
    _no_control(str(report) + repr(report))
    env = Environment(source="x\x1b[2J", notes=["n\x1b]52;c;eA==\x07"])
    _no_control(env.format() + repr(env))


@pytest.mark.parametrize("char", ["\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066", "\u2028", "\x00"])
def test_safe_makes_each_control_visible(char: str) -> None:
    out = safe(f"a{char}b\n\tc")
    assert char not in out and out.endswith("b\n\tc") and f"\\u{ord(char):04x}" in out
    assert json.loads(json.dumps(out)) == out


# -- tracebacks that were left (F8) ----------------------------------------------------------------------------------


def _cli(*args: str, env: dict[str, str] | None = None, stdin: int | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", *args],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=ROOT,
        stdin=stdin,
        errors="replace",
        timeout=120,
    )


def test_explain_with_stdin_closed_is_one_line() -> None:
    proc = subprocess.run(
        f"{sys.executable} -m torchtrt_compat explain - <&-",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "stdin is closed" in proc.stderr


@pytest.mark.parametrize(
    "env",
    [
        {"PYTHONIOENCODING": "ascii"},
        {"PYTHONIOENCODING": "ascii:strict"},
        {"LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
    ],
)
def test_a_stdout_that_is_not_utf8_gets_escapes_not_a_traceback(tmp_path: Path, env: dict[str, str]) -> None:
    path = _fleet(tmp_path, _line("g\u00e9pu-\u2026"))
    proc = _cli("check", "--fleet", str(path), env=env)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "\\xe9" in proc.stdout or "\\u00e9" in proc.stdout


def test_explain_json_of_non_ascii_text_on_an_ascii_stdout(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    path.write_text("RuntimeError: Found no NVIDIA driver on your system. \u00e9\u2026\n")
    proc = _cli("explain", "--json", str(path), env={"PYTHONIOENCODING": "ascii:strict"})
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr


def test_a_cache_variable_naming_an_unknown_user_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORCHTRT_COMPAT_CACHE", "~nosuchuser-torchtrt/c")
    with pytest.raises(UsageError, match="TORCHTRT_COMPAT_CACHE"):
        default_cache_root()


def test_a_model_exception_whose_str_raises_is_not_replaced() -> None:
    class Hostile(RuntimeError):
        def __str__(self) -> str:
            raise ValueError("no message for you")

    assert explain_device_mismatch(Hostile()) is None


@pytest.mark.parametrize(
    "data",
    [
        {"path": 5},
        {"timings": {"export": "x"}},
        {"targets": [1]},
        {"trt_engines": True},
        {"log": "one string, not lines"},
        {"partition": ["not", "a", "dict"]},
    ],
)
def test_a_malformed_report_is_refused_when_read_not_when_shown(data: dict[str, object]) -> None:
    with pytest.raises(UsageError, match="compile report"):
        CompileReport.from_dict(data)


def test_a_wellformed_report_round_trips() -> None:
    report = CompileReport(path="x", timings={"export": 1.0}, trt_op_fraction=0.5, partition={"parts": ["a"]})
    again = CompileReport.from_dict(json.loads(report.to_json()))
    assert again == report and again._repr_html_() and str(again)


# -- --html is checked before the work (LOW F23) ---------------------------------------------------------------------


@pytest.mark.parametrize("where", ["/proc/torchtrt-compat-x.html", "{tmp}"])
def test_a_bad_html_path_stops_before_the_check_runs(tmp_path: Path, where: str) -> None:
    path = _fleet(tmp_path, _line("gpu-01"))
    code, out, err = run_cli(["check", "--fleet", str(path), "--html", where.format(tmp=tmp_path)])
    assert code == 2 and out == "" and "--html" in err and len(err.strip().splitlines()) == 1
