"""``check --fleet``: JSON lines of ``env --json`` outputs (or specs), or a folder of target files; one row per host, a
summary by verdict and by cause, a bad line as its own row, the HTML page written atomically."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _paths import DATA

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility.fleet import FleetReport, HostVerdict, check_fleet
from torchtrt_compat.compatibility.target import Overrides

TARGETS = DATA / "targets"


def _env_json(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((TARGETS / name).read_text(encoding="utf-8"))
    return data


def _verdicts(report: FleetReport) -> dict[str, HostVerdict]:
    """Each host's verdict, by host name."""
    return {h.host: h.verdict for h in report.hosts}


def _fleet_lines() -> list[str]:
    h100 = _env_json("env_json_h100_host.json")
    old_driver = {**h100, "driver": "550.54.15", "host": "gpu-old-driver"}
    rtx_on_h100 = {
        **h100,
        "torch_tensorrt": {"name": "torch-tensorrt-rtx", "version": "2.14.0"},
        "tensorrt": {"name": "tensorrt-rtx", "version": "1.6.1.120"},
        "host": "gpu-rtx-on-h100",
    }
    newer = {**h100, "torch_tensorrt": {"name": "torch-tensorrt", "version": "2.99.0"}, "host": "gpu-from-the-future"}
    return [
        json.dumps({**h100, "host": "gpu-01"}),
        json.dumps({**h100, "host": "gpu-02"}),
        json.dumps(old_driver),
        json.dumps(rtx_on_h100),
        json.dumps(newer),
        "",
        '{"torch": "2.14.0", "torch": "2.13.0"}',  # a bad line: its own row
        "not json at all",
        json.dumps({"platform": "linux_x86_64", "torch_tensort": None}),  # a typo
        json.dumps({"host": "spec-host", "platform": "linux_x86_64"}),  # a plain spec with almost nothing known
    ]


def test_json_lines_fleet(tmp_path: Path) -> None:
    path = tmp_path / "fleet.jsonl"
    path.write_text("\n".join(_fleet_lines()) + "\n", encoding="utf-8")
    report = check_fleet(path)
    assert _verdicts(report) == {
        "gpu-01": "compatible",
        "gpu-02": "compatible",
        "gpu-old-driver": "incompatible",
        "gpu-rtx-on-h100": "incompatible",
        "gpu-from-the-future": "unknown",
        "line 7": "error",
        "line 8": "error",
        "line 9": "error",
        "spec-host": "unknown",
    }
    assert report.by_verdict == {"incompatible": 2, "unknown": 2, "error": 3, "compatible": 2}
    causes = report.by_cause
    assert causes["bad-input"] == 3 and causes["driver-too-old"] == 1 and causes["gpu-unsupported"] == 1
    assert causes["torch-tensorrt-not-in-matrix"] == 1
    errors = {h.host: h.error for h in report.hosts if h.error}
    assert "twice" in (errors["line 7"] or "") and "did you mean 'torch_tensorrt'" in (errors["line 9"] or "")
    assert report.exit_code == 1
    assert report.distinct_stacks <= 7  # gpu-01 and gpu-02 share one check
    data = json.loads(report.to_json())
    assert set(data["summary"]) == {"by_verdict", "by_cause"}
    assert data["hosts"][0] == {"host": "gpu-01", "verdict": "compatible", "findings": data["hosts"][0]["findings"]}
    assert all({"host", "verdict", "findings"} <= set(h) for h in data["hosts"])
    text = str(report)
    assert "gpu-old-driver" in text and "by cause:" in text and "driver-too-old" in text


def test_folder_of_specs_env_json_and_freezes(tmp_path: Path) -> None:
    for name in ("env_json_h100_host.json", "requirements_h100_cu130.txt", "env_json_cpu_host.json"):
        (tmp_path / name).write_bytes((TARGETS / name).read_bytes())
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "README.md").write_text("not a target", encoding="utf-8")
    assert _verdicts(check_fleet(tmp_path)) == {
        "broken": "error",
        "env_json_cpu_host": "compatible",
        "env_json_h100_host": "compatible",
        "requirements_h100_cu130": "unknown",  # a freeze says nothing about GPUs, driver, Python, platform
    }
    with_flags = check_fleet(
        tmp_path, Overrides(gpus=["H100"], driver="580.95.05", python="3.12", platform="linux_x86_64")
    )
    assert _verdicts(with_flags)["requirements_h100_cu130"] == "compatible"


def test_bad_fleet_sources(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no .json or .txt files"):
        check_fleet(tmp_path)
    with pytest.raises(UsageError, match="not a regular file"):
        check_fleet("/dev/zero")
    with pytest.raises(UsageError, match="does not exist"):
        check_fleet(tmp_path / "missing.jsonl")


def test_display_and_html(tmp_path: Path) -> None:
    path = tmp_path / "fleet.jsonl"
    path.write_text("\n".join(_fleet_lines()), encoding="utf-8")
    report = check_fleet(path)
    assert isinstance(report, FleetReport) and len(repr(report).splitlines()) <= 3
    page = report.to_html()
    assert page.startswith("<!doctype html>") and "gpu-old-driver" in page and "driver-too-old" in page
    assert "<table" in report._repr_html_()
    row = next(h for h in report.hosts if h.host == "gpu-old-driver")
    assert repr(row).startswith("HostResult('gpu-old-driver': incompatible; driver-too-old")
    assert "driver-too-old" in row._repr_html_()


def test_cli_fleet_json_and_html(tmp_path: Path) -> None:
    path = tmp_path / "fleet.jsonl"
    path.write_text("\n".join(_fleet_lines()), encoding="utf-8")
    page = tmp_path / "fleet.html"
    result = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "check", "--fleet", str(path), "--json", "--html", str(page)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["by_verdict"]["compatible"] == 2
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".") or p.suffix == ".tmp"]


def test_the_readme_fleet_example() -> None:
    report = check_fleet(TARGETS / "fleet_example.jsonl")
    assert report.by_verdict == {"incompatible": 3, "error": 1, "compatible": 2}
    assert report.distinct_stacks == 4 and report.exit_code == 1
