"""The ``torchtrt-compat`` command line, run as users run it: a fresh process per command.

Exit codes: 0 ok / compatible, 1 incompatible, 2 bad usage or input (one stderr line, never a traceback), 3 unknown.
"""

from __future__ import annotations

import importlib.metadata as md
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _paths import SPECS

from torchtrt_compat.cli import COMMAND_GROUPS, build_parser

SCRIPT = Path(sys.executable).with_name("torchtrt-compat")


def _parser_commands() -> list[str]:
    """The sub-commands the real parser has (walks argparse's sub-parser action)."""
    import argparse

    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(action.choices)


SUBCOMMANDS = tuple(_parser_commands())  # every registered command, including ones added later


def run(*args: str, module: bool = False, path: str | None = None) -> subprocess.CompletedProcess[str]:
    if module or not SCRIPT.exists():
        cmd = [sys.executable, "-m", "torchtrt_compat", *args]
    else:
        cmd = [str(SCRIPT), *args]
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    if path is not None:
        env["PATH"] = path
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)


def _clean(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr


# --- check -------------------------------------------------------------------------------------------------------


@pytest.mark.pinned_stack
def test_check_here_exits_0() -> None:
    result = run("check")
    _clean(result)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "verdict: COMPATIBLE" in result.stdout
    assert "torch_tensorrt" in result.stdout


@pytest.mark.pinned_stack
def test_check_json() -> None:
    result = run("check", "--json")
    _clean(result)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert set(data) >= {"compatible", "environment", "findings"}
    assert data["compatible"] is True
    assert data["environment"]["source"] == "this machine"
    assert data["environment"]["torch"] == md.version("torch")
    assert all(set(f) == {"code", "severity", "component", "message", "fix"} for f in data["findings"])


@pytest.mark.cpu_only
def test_check_without_nvidia_smi_on_path_is_a_normal_answer(tmp_path: Path) -> None:
    # PATH holds nothing but this interpreter: no nvidia-smi can be found. "No GPU" is an answer, not a crash.
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python").symlink_to(sys.executable)
    assert shutil.which("nvidia-smi", path=str(bindir)) is None
    result = subprocess.run(
        [str(bindir / "python"), "-m", "torchtrt_compat", "check", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": str(bindir)},
    )
    _clean(result)
    assert result.returncode in (0, 1)
    data = json.loads(result.stdout)
    assert result.returncode == (0 if data["compatible"] else 1)
    assert data["environment"]["gpus"] == []
    assert "no-gpu" in {f["code"] for f in data["findings"]}


def test_check_good_target_exits_0() -> None:
    result = run("check", "--target", str(SPECS / "rtx4090_torch_tensorrt_rtx_2_14.json"))
    _clean(result)
    assert result.returncode == 0
    assert "verdict: COMPATIBLE" in result.stdout
    assert "rtx4090_torch_tensorrt_rtx_2_14.json" in result.stdout  # the source is named


def test_check_incompatible_target_exits_1() -> None:
    result = run("check", "--target", str(SPECS / "rtx_on_h100.json"))
    _clean(result)
    assert result.returncode == 1
    assert "verdict: INCOMPATIBLE" in result.stdout
    assert "[error] gpu:" in result.stdout and "fix:" in result.stdout
    assert result.stderr == ""


def test_check_incompatible_target_json_exits_1() -> None:
    result = run("check", "--json", "--target", str(SPECS / "rtx_on_h100.json"))
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["compatible"] is False
    assert [f["code"] for f in data["findings"] if f["severity"] == "error"] == ["gpu-unsupported"]


@pytest.mark.parametrize("name", ["bad_torch_version.json", "bad_malformed.json", "does_not_exist.json"])
def test_check_bad_target_exits_2_with_one_line(name: str) -> None:
    result = run("check", "--target", str(SPECS / name))
    _clean(result)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("torchtrt-compat check: error: ") and "Fix:" in result.stderr


# --- env ---------------------------------------------------------------------------------------------------------


def test_env_block() -> None:
    result = run("env")
    _clean(result)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("torchtrt_compat")
    assert any(line.startswith("torch ") and md.version("torch") in line for line in lines)
    assert any(line.startswith("torchvision") and md.version("torchvision") in line for line in lines)
    assert "GPU-" not in result.stdout


def test_env_json() -> None:
    result = run("env", "--json")
    _clean(result)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["source"] == "this machine"
    assert data["torch"] == md.version("torch") and data["torchvision"] == md.version("torchvision")
    assert data["python"] == "{}.{}.{}".format(*sys.version_info[:3])
    assert "flavour" in data and "gpus" in data and "notes" in data


# --- matrix ------------------------------------------------------------------------------------------------------


def test_matrix_lists_every_release() -> None:
    from torchtrt_compat.compatibility import matrix

    result = run("matrix")
    _clean(result)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["package", "version", "torch"]
    assert set(lines[1]) <= {"-", " "}
    assert len(lines) == 2 + len(matrix.releases())


def test_matrix_filtered_to_one_minor() -> None:
    result = run("matrix", "--torch-tensorrt", "2.13")
    _clean(result)
    assert result.returncode == 0
    rows = result.stdout.splitlines()[2:]
    assert rows and all(row.split()[1].startswith("2.13.") for row in rows)
    assert {row.split()[0] for row in rows} == {"torch-tensorrt", "torch-tensorrt-rtx"}


def test_matrix_json_filtered_by_package() -> None:
    result = run("matrix", "--json", "--package", "torch-tensorrt-rtx", "--torch-tensorrt", "2.12")
    assert result.returncode == 0
    rows = json.loads(result.stdout)
    assert [r["version"] for r in rows] == ["2.12.0", "2.12.1"]
    assert {r["package"] for r in rows} == {"torch-tensorrt-rtx"}


@pytest.mark.parametrize(("value", "fragment"), [("2.x", "'2.x' is not a version"), ("9.9", "No torch_tensorrt")])
def test_matrix_bad_version_exits_2(value: str, fragment: str) -> None:
    result = run("matrix", "--torch-tensorrt", value)
    _clean(result)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and fragment in result.stderr


def test_matrix_unknown_package_is_an_argparse_error() -> None:
    result = run("matrix", "--package", "torch2trt")
    _clean(result)
    assert result.returncode == 2 and "invalid choice" in result.stderr


# --- shims, help -------------------------------------------------------------------------------------------------


def test_shims_lists_cpu_import() -> None:
    result = run("shims")
    _clean(result)
    assert result.returncode == 0
    names = [line.split()[0] for line in result.stdout.splitlines() if line and not line.startswith(" ")]
    assert "cpu_import" in names


def test_shims_json_with_a_glob() -> None:
    result = run("shims", "cpu_*", "--json")
    assert result.returncode == 0
    rows = json.loads(result.stdout)
    assert "cpu_import" in [r["name"] for r in rows]
    assert all(r["name"].startswith("cpu_") for r in rows)
    assert {"name", "stage", "applies_here", "needed_by", "changes", "undo"} <= set(rows[0])


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_subcommand_help(command: str) -> None:
    result = run(command, "--help")
    _clean(result)
    assert result.returncode == 0
    assert result.stdout.startswith(f"usage: torchtrt-compat {command}")


def test_the_registry_lists_exactly_the_commands_the_parser_has() -> None:
    registered = [c for _, commands in COMMAND_GROUPS for c in commands]
    assert sorted(registered) == sorted(_parser_commands()) and len(set(registered)) == len(registered)


def test_a_broken_command_module_fails_only_its_own_commands(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import torchtrt_compat.cli as cli

    # a real import failure: the module does not exist
    monkeypatch.setattr(cli, "COMMAND_GROUPS", (*cli.COMMAND_GROUPS, ("no_such_module", ("ghost",))))
    assert cli.main(["ghost", "--anything"]) == 1
    err = capsys.readouterr().err
    assert "torchtrt_compat.cli.no_such_module failed to import" in err and "Traceback" not in err
    assert cli.main(["shims", "cpu_*"]) == 0


def test_top_level_help_lists_every_subcommand() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in SUBCOMMANDS:
        assert command in result.stdout
    assert "Exit codes" in result.stdout


def test_python_dash_m_help() -> None:
    result = run("--help", module=True)
    _clean(result)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: torchtrt-compat")


def test_version_flag() -> None:
    import torchtrt_compat

    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"torchtrt-compat {torchtrt_compat.__version__}"


def test_no_command_prints_help_and_exits_2() -> None:
    result = run()
    assert result.returncode == 2 and "usage: torchtrt-compat" in result.stdout


def test_unknown_command_exits_2() -> None:
    result = run("chekc")
    _clean(result)
    assert result.returncode == 2 and "invalid choice" in result.stderr
