"""Real builds through the farm (tiny models, real TensorRT-RTX engines): failures stay in their row, re-runs skip
what is built, Ctrl-C keeps finished folders and never leaves a partial one, and Ray runs the same plan."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from torchtrt_compat.cli import main
from torchtrt_compat.farm import build_plan

pytestmark = [pytest.mark.slow, pytest.mark.requires_rtx]
ROOT = Path(__file__).resolve().parents[2]
MODELS = "tests.farm._models"


def _no_staging(out: Path) -> None:
    hidden = [p for p in out.rglob(".*") if p.is_dir()]
    assert hidden == [], hidden


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _plan(tmp_path: Path, targets: str, models: str) -> Path:
    """``tmp_path/plan.toml`` building into ``out`` for ``targets`` (TOML) with min_block_size 1, then ``models``."""
    header = f'out = "out"\n[defaults]\ntargets = {targets}\ntrust = true\nsettings = {{ min_block_size = 1 }}'
    return _write(tmp_path / "plan.toml", header + models)


def test_a_plan_builds_in_parallel_keeps_failures_in_their_rows_and_reruns_for_free(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib

    import torch

    from torchtrt_compat.farm.sources import import_paths

    with import_paths((str(ROOT),)):
        model, inputs = importlib.import_module(MODELS).tiny_conv()
    torch.export.save(torch.export.export(model, inputs), str(tmp_path / "conv.pt2"))
    out = tmp_path / "out"
    plan = _plan(
        tmp_path,
        '["8.9", "RTX 5090"]',
        f"""
[models.tiny]
source = "{MODELS}:tiny"
[models.broken]
source = "{MODELS}:broken"
targets = ["8.9"]
[models.crash]
source = "{MODELS}:crash"
targets = ["8.9"]
[models.hang]
source = "{MODELS}:hang"
targets = ["8.9"]
timeout = 6
[models.prog]
source = "conv.pt2"
trust = true
targets = ["8.9"]
""",
    )
    assert main(["build", "--plan", str(plan), "--workers", "2"]) == 1  # every build ran; some failed
    printed = capsys.readouterr().out
    assert "tiny/sm120-fp32" in printed and "[data-dependent-guard]" in printed
    data = json.loads((out / "build-summary.json").read_text())
    rows = {r["name"]: r for r in data["builds"]}
    assert {n: r["status"] for n, r in rows.items()} == {
        "tiny/sm89-fp32": "built",
        "tiny/sm120-fp32": "built",
        "broken/sm89-fp32": "failed",
        "crash/sm89-fp32": "crashed",
        "hang/sm89-fp32": "timed out",
        "prog/sm89-fp32": "built",
    }
    tiny = rows["tiny/sm89-fp32"]
    assert tiny["engines"] == 1 and tiny["pytorch_ops"] == [] and tiny["folder_bytes"] > 0
    assert 100 < tiny["peak_rss_mb"] < 8000 and tiny["seconds"] > tiny["build_seconds"] > 0
    assert rows["broken/sm89-fp32"]["diagnosis"][0]["key"] == "data-dependent-guard"
    assert "SIGKILL" in rows["crash/sm89-fp32"]["error"]
    manifest = json.loads((out / "tiny" / "sm120-fp32" / "manifest.json").read_text())
    assert manifest["metadata"]["targets"] == ["12.0"]
    assert manifest["metadata"]["build_key"] == rows["tiny/sm120-fp32"]["key"]
    for failed in ("broken", "crash", "hang"):
        assert not (out / failed / "sm89-fp32").exists()
    _no_staging(out)
    assert "data-dependent-guard" in (out / "build-summary.html").read_text()

    # the same builds again: nothing to do, no build process, no torch import in this run
    again = _write(tmp_path / "again.toml", plan.read_text().split("[models.broken]")[0])
    start = time.perf_counter()
    result = build_plan(again, progress=False)
    assert time.perf_counter() - start < 5
    assert [r["status"] for r in result.rows] == ["up to date", "up to date"] and result.ok
    assert result.rows[0]["engines"] == 1


def test_fresh_processes_where_no_warm_fork_is_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TORCHTRT_COMPAT_FARM_WARM=0 (and any host with an NVIDIA driver): each build is a fresh interpreter."""
    from torchtrt_compat.farm.executors import WARM_ENV, warm_starts

    monkeypatch.setenv(WARM_ENV, "0")
    assert not warm_starts()
    plan = {
        "out": str(tmp_path / "out"),
        "defaults": {"targets": ["8.9"]},
        "models": {"broken": {"source": f"{MODELS}:broken"}, "crash": {"source": f"{MODELS}:crash"}},
    }
    rows = build_plan(plan, workers=2, progress=False).rows
    assert [r["status"] for r in rows] == ["failed", "crashed"]
    assert rows[0]["diagnosis"][0]["key"] == "data-dependent-guard"
    assert rows[0]["peak_rss_mb"] > 100 and rows[1]["peak_rss_mb"] > 0  # the kernel's count, from wait4
    assert Path(rows[0]["log"]).is_file()


def test_ctrl_c_keeps_finished_folders_and_never_leaves_a_partial_one(tmp_path: Path) -> None:
    out = tmp_path / "out"
    plan = _plan(
        tmp_path,
        '["8.9"]',
        f"""
[models.tiny]
source = "{MODELS}:tiny"
[models.hang]
source = "{MODELS}:hang"
""",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "torchtrt_compat", "build", "--plan", str(plan), "--workers", "2"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not (out / "tiny" / "sm89-fp32" / "manifest.json").exists():
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "1 finished build(s) are kept" in err and "run the same command again to resume" in err
    assert (out / "tiny" / "sm89-fp32" / "manifest.json").is_file()
    assert not (out / "hang" / "sm89-fp32").exists()
    _no_staging(out)
    rows = {r["name"]: r["status"] for r in json.loads((out / "build-summary.json").read_text())["builds"]}
    assert rows == {"tiny/sm89-fp32": "built", "hang/sm89-fp32": "interrupted"}


def test_ray_builds_a_plan_and_returns_the_folders_to_the_driver(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    plan: dict[str, Any] = {
        "out": str(tmp_path / "out"),
        "defaults": {"targets": ["8.9"], "settings": {"min_block_size": 1}},
        "models": {"tiny": {"source": f"{MODELS}:tiny"}, "conv": {"source": f"{MODELS}:tiny_conv", "memory_gb": 2}},
    }
    ray.init(
        num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}}
    )
    try:
        result = build_plan(plan, ray="", ray_transfer="return", progress=False)
    finally:
        ray.shutdown()
    assert [r["status"] for r in result.rows] == ["built", "built"], result.rows
    assert result.totals["executor"] == "ray" and result.totals["workers"] == 2
    for name in ("tiny", "conv"):
        folder = tmp_path / "out" / name / "sm89-fp32"
        assert json.loads((folder / "manifest.json").read_text())["engines"]
        assert (tmp_path / "out" / name / "sm89-fp32.build.log").is_file()
    _no_staging(tmp_path / "out")
    assert [r["status"] for r in build_plan(plan, progress=False).rows] == ["up to date", "up to date"]


@pytest.mark.parametrize("warm", ["1", "0"])
def test_build_processes_never_import_from_the_current_directory(tmp_path: Path, warm: str) -> None:
    """A torch.py (or numpy.py) lying in the folder the plan is run from is never imported by the builds (the fork
    server and each fresh build process start with no current directory on sys.path), even though the plan names a
    module of the user's (found through PYTHONPATH here)."""
    if sys.version_info < (3, 11):
        pytest.skip("the driver itself is started with -P here")
    here = tmp_path / "repo"
    here.mkdir()
    for name in ("torch", "numpy", "sympy"):
        (here / f"{name}.py").write_text(f"open({str(tmp_path / ('ran-' + name))!r}, 'w').write('ran')\n")
    plan = here / "plan.toml"
    plan.write_text(f'out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.odd]\nsource = "{MODELS}:not_a_pair"\n')
    done = subprocess.run(
        [sys.executable, "-P", "-m", "torchtrt_compat", "build", "--plan", str(plan)],
        cwd=here,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TORCHTRT_COMPAT_FARM_WARM": warm},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1, done.stderr  # the build ran and failed (not a pair), as the model says
    assert "returned int, not (model, inputs)" in done.stdout
    assert sorted(p.name for p in tmp_path.glob("ran-*")) == []


def _children(pid: int) -> list[str]:
    found: list[str] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += task.read_text().split()
    return found


def test_ctrl_c_in_the_first_seconds_of_a_plan_prints_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the whole process group) while the fork server is still importing torch: one line, 130."""
    plan = _plan(tmp_path, '["8.9"]', f'\n[models.hang]\nsource = "{MODELS}:hang"\n')
    for delay in (0.5, 1.0, 2.5):  # after the fork server started: while it imports torch and torch_tensorrt
        proc = subprocess.Popen(
            [sys.executable, "-m", "torchtrt_compat", "build", "--plan", str(plan)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        deadline = time.monotonic() + 120
        while not _children(proc.pid):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode in (130, 2), err
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # nothing of the run may be left
