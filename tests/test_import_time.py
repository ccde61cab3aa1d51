"""`import torchtrt_compat`, `check()` and the CLI's check/env/matrix paths import no heavy package.

Each probe runs in a fresh interpreter (this pytest process may have imported torch already) and prints the heavy
modules it finds in ``sys.modules`` as JSON on its last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("torch", "torchvision", "torch_tensorrt", "tensorrt", "tensorrt_rtx")
SPEC = Path(__file__).parent / "data" / "specs" / "h100_torch_tensorrt_2_14.json"

_REPORT = (
    "\nimport json, sys\n"
    f"heavy = sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})\n"
    "print('HEAVY=' + json.dumps(heavy))\n"
)


def _heavy_after(code: str) -> tuple[list[str], str]:
    result = subprocess.run(
        [sys.executable, "-c", code + _REPORT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert result.returncode == 0, result.stderr
    marker = [line for line in result.stdout.splitlines() if line.startswith("HEAVY=")]
    assert len(marker) == 1, result.stdout
    return json.loads(marker[0][len("HEAVY=") :]), result.stdout


def test_the_probe_sees_a_heavy_import() -> None:
    """The probe itself works: after `import torch`, torch is reported."""
    pytest.importorskip("torch")
    heavy, _ = _heavy_after("import torch")
    assert "torch" in heavy


def test_import_torchtrt_compat() -> None:
    heavy, _ = _heavy_after("import torchtrt_compat\nprint(torchtrt_compat.__version__)")
    assert heavy == []


def test_library_check_on_this_machine() -> None:
    heavy, out = _heavy_after(
        "import torchtrt_compat\n"
        "report = torchtrt_compat.check()\n"
        "print('COMPATIBLE=%s' % report.compatible)\n"
        "print(torchtrt_compat.detect_environment().format())\n"
    )
    assert "COMPATIBLE=" in out
    assert heavy == []


def test_library_check_of_a_target_spec() -> None:
    heavy, out = _heavy_after(f"import torchtrt_compat\nprint(torchtrt_compat.check({str(SPEC)!r}).compatible)")
    assert "True" in out
    assert heavy == []


@pytest.mark.parametrize(
    "argv",
    [["check"], ["check", "--json"], ["check", "--target", str(SPEC)], ["env", "--json"], ["matrix"]],
    ids=lambda a: " ".join(a[:2]),
)
def test_cli_paths(argv: list[str]) -> None:
    heavy, out = _heavy_after(f"from torchtrt_compat.cli import main\nrc = main({argv!r})\nprint('RC=%d' % rc)\n")
    assert "RC=0" in out
    assert heavy == []


def test_cli_suggest_fleet_and_natural_inputs(tmp_path: Path) -> None:
    """``suggest``, ``check --fleet`` and ``check --target`` of a pip freeze stay as light as ``check``."""
    data = Path(__file__).parent / "data" / "targets"
    fleet = tmp_path / "fleet.jsonl"
    fleet.write_text(json.dumps(json.loads((data / "env_json_h100_host.json").read_text(encoding="utf-8"))) + "\n")
    for argv in (
        ["suggest", "--gpu", "H100", "--driver", "580.95.05"],
        ["check", "--fleet", str(fleet), "--json"],
        [
            "check",
            "--target",
            str(data / "requirements_h100_cu130.txt"),
            "--gpu",
            "H100",
            "--driver",
            "580.95.05",
            "--python",
            "3.12",
            "--platform",
            "linux_x86_64",
            "--upgrade",
            "torch==2.14.1",
            "--upgrade",
            "torchvision==0.29.2",  # 0.29.0 pins torch==2.14.0 (registry metadata), so pip would refuse 2.14.1
        ],
    ):
        heavy, out = _heavy_after(f"from torchtrt_compat.cli import main\nrc = main({argv!r})\nprint('RC=%d' % rc)\n")
        assert "RC=0" in out, (argv, out)
        assert heavy == [], argv
