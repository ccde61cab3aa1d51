"""`build --dynamic INPUT:AXIS=MIN:OPT:MAX` and a plan's `dynamic` key: the same parser as the library's dynamic=,
a typo is exit 2 and one line before torch is imported, and a real build records the range in its artifact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from torchtrt_compat._errors import UsageError

_PROBE = """
import sys
from torchtrt_compat.cli import main
code = main(["build", "tests.farm._models:tiny", "--cc", "8.9", "--out", sys.argv[1], *sys.argv[2:]])
print("EXIT", code, "TORCH" if "torch" in sys.modules else "NO-TORCH")
"""


def _run(*args: str) -> tuple[str, str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).parents[2],
    )
    return done.stdout.strip().splitlines()[-1], done.stderr


@pytest.mark.parametrize(
    "flag, pattern",
    [("input:0=8:4:32", "needs min <= opt <= max"), ("input=1:8:32", "not INPUT:AXIS=MIN:OPT:MAX")],
)
def test_a_bad_range_exits_2_with_one_line_before_torch(tmp_path: Path, flag: str, pattern: str) -> None:
    last, err = _run(str(tmp_path / "out"), "--dynamic", flag)
    assert last == "EXIT 2 NO-TORCH", (last, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and pattern in lines[0] and "--dynamic" in lines[0] and "Fix:" in lines[0], err


@pytest.mark.requires_rtx
@pytest.mark.slow
def test_build_dynamic_records_the_range_and_the_report_shows_it(tmp_path: Path) -> None:
    last, err = _run(str(tmp_path / "out"), "--min-block-size", "1", "--dynamic", "input:0=1:8:32")
    assert last.startswith("EXIT 0"), err
    folder = tmp_path / "out" / "tiny"
    manifest = json.loads((folder / "manifest.json").read_text())
    (spec,) = manifest["metadata"]["inputs"]
    assert (spec["name"], spec["min_shape"], spec["opt_shape"], spec["max_shape"]) == (
        "input",
        [1, 8],
        [8, 8],
        [32, 8],
    )
    assert sorted(p.name for p in folder.iterdir()) == [".torchtrt_compat", "manifest.json", "model.ep", "report.json"]
    report = json.loads((folder / "report.json").read_text())
    assert report["inputs"][0]["max_shape"] == [32, 8]


def test_a_plan_takes_dynamic_through_the_same_parser(tmp_path: Path) -> None:
    from torchtrt_compat.farm import load_plan

    plan = {
        "out": str(tmp_path / "out"),
        "defaults": {"targets": ["8.9"], "dynamic": ["input:0=1:8:32"]},
        "models": {
            "tiny": {"source": "tests.farm._models:tiny"},
            "other": {"source": "tests.farm._models:tiny", "dynamic": {"input": {"0": [2, 4, 16]}}},
        },
    }
    tiny, other = load_plan(plan).jobs
    assert tiny.settings["dynamic"] == ["input:0=1:8:32"] and other.settings["dynamic"] == {"input": {"0": [2, 4, 16]}}
    plan["models"]["tiny"]["dynamic"] = {"input": {"0": [8, 1, 32]}}
    with pytest.raises(UsageError, match="models.tiny.dynamic\\['input'\\]\\[0\\] needs min <= opt <= max"):
        load_plan(plan)
