"""`EngineArtifact.check_outputs`, ``verify DIR --run`` and ``selftest --artifact`` on a real ahead-of-time artifact.

Here no engine can run: on this CPU host the check ends with exit 2 and the reason, as it does on any host that
cannot run the engines; the engine path itself is the ``trt_gpu`` test at the end, which runs where TensorRT can."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import torch

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.cli import main
from torchtrt_compat.host_selftest import prepare_artifact_check

SOURCE = "tests.farm._models:tiny"  # (model, inputs) from code: a Linear-ReLU-Linear on 2x8


def _tiny() -> tuple[Any, tuple[Any, ...]]:
    from tests.farm._models import tiny

    return tiny()


@pytest.fixture(scope="module")
def artifact_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    model, inputs = _tiny()
    artifact = tc.build_engine(model, list(inputs), compute_capabilities=["8.9"], min_block_size=1)
    artifact.metadata["farm"] = {"model": "tiny", "source": SOURCE, "precision": "fp32"}  # as a plan build records
    return artifact.save(tmp_path_factory.mktemp("deploy") / "tiny")


pytestmark = pytest.mark.requires_rtx


@pytest.mark.cpu_only
def test_check_outputs_where_the_engines_cannot_run_is_exit_2_with_the_reason(artifact_dir: Path) -> None:
    artifact = tc.EngineArtifact.load(artifact_dir)
    model, inputs = _tiny()
    check = artifact.check_outputs(model, inputs)
    assert check.verdict == "cannot_run" and check.exit_code == 2 and check.precision == "tf32"
    assert any("no NVIDIA GPU is visible" in r for r in check.reasons) and not check.outputs


@pytest.mark.cpu_only
def test_verify_run_prints_why_it_cannot_run_and_exits_2(
    artifact_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(artifact_dir), "--run", "--model", SOURCE]) == 2
    out = capsys.readouterr().out
    assert "signature not checked (no --key); format checked" in out
    assert "cannot run here: no NVIDIA GPU is visible on this machine" in out and "(exit 2)" in out
    assert main(["verify", str(artifact_dir), "--run", "--model", SOURCE, "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["exit_code"] == 2 and data["verdict"] == "cannot_run" and data["reasons"]


def test_verify_usage_errors_are_exit_2_with_a_fix(artifact_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        (["verify", str(artifact_dir)], "verify needs --key PUB (or --run)"),
        (["verify", str(artifact_dir), "--atol", "1"], "--atol applies to --run"),
        (["verify", str(artifact_dir), "--run", "--model", "models:no_such_model"], "No model 'no_such_model'"),
        (["verify", str(artifact_dir), "--run", "--model", "program.pt2"], "program.pt2 is not a file"),
        (["verify", str(artifact_dir), "--run", "--model", SOURCE, "--runs", "0"], "--runs 0 compares nothing"),
        (["verify", str(artifact_dir), "--run", "--inputs", "missing.npz"], "--inputs missing.npz is not a file"),
    ]
    for argv, message in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert message in err and "Fix:" in err and "Traceback" not in err, err


def test_a_model_source_the_artifact_records_is_used_only_when_it_is_the_catalogue(artifact_dir: Path) -> None:
    """A manifest is text from outside: code it names is never imported on its word."""
    with pytest.raises(UsageError, match="code this check would run") as info:
        prepare_artifact_check(artifact_dir)
    assert f"pass --model {SOURCE}" in info.value.fix
    prepared = prepare_artifact_check(artifact_dir, SOURCE, runs=3, atol=0.5)
    assert prepared.source is not None and prepared.source.kind == "function" and prepared.runs == 3
    assert prepared.tolerance == {"atol": 0.5}


@pytest.mark.cpu_only
def test_selftest_with_an_artifact_adds_the_artifact_step(
    artifact_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["selftest", "--artifact", str(artifact_dir), "--model", SOURCE, "--step", "environment", "--json"])
    data = json.loads(capsys.readouterr().out)
    steps = {s["name"]: s for s in data["steps"]}
    assert code == 3 and list(steps) == ["environment", "artifact"]
    assert steps["artifact"]["status"] == "skipped" and "no NVIDIA GPU is visible" in steps["artifact"]["reason"]
    with pytest.raises(UsageError, match="none was named"):
        tc.selftest(steps=["artifact"])
    assert main(["selftest", "--model", SOURCE]) == 2


@pytest.mark.trt_gpu
def test_check_outputs_runs_the_engines_beside_the_model_on_this_gpu(tmp_path: Path) -> None:
    """Where TensorRT runs engines: an artifact built for this GPU is right (and its latency is measured against
    eager and torch.compile on the same GPU)."""
    from torchtrt_compat.env import detect_environment

    cc = detect_environment().gpus[0].compute_capability
    model, inputs = _tiny()
    path = tc.build_engine(model, list(inputs), compute_capabilities=[cc], min_block_size=1).save(tmp_path / "a")
    check = tc.EngineArtifact.load(path).check_outputs(model, runs=20)
    assert all(o.passed for o in check.outputs) and check.draws == 20, str(check)
    assert check.verdict in ("right", "slower") and [t.label for t in check.latency][:2] == ["artifact", "eager"]
    assert all(t.device.startswith("cuda") for t in check.latency if not t.error)
    assert torch.cuda.is_available()
