"""`selftest`: how step outcomes become a verdict and an exit code (real steps; on CPU they skip), and the real
thing on a GPU."""

from __future__ import annotations

import json

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.cli import main
from torchtrt_compat.host_selftest import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_SKIPPED,
    NO_GPU,
    STEP_NAMES,
    STEPS,
    SelftestResult,
    _Ctx,
    exit_code,
    run_step,
    selftest,
)


def _bad_buckets(ctx):
    from torchtrt_compat.runtime.cuda_graphs import normalise_buckets

    return normalise_buckets([])  # raises UsageError: a user-fixable failure


def _broken(ctx):
    return {}["missing"]  # an unexpected error inside a step


@pytest.mark.cpu_only
def test_cpu_host_runs_the_environment_and_says_where_to_run_the_rest():
    result = selftest()
    env, *rest = result.steps
    assert [s.name for s in result.steps] == [n for n in STEP_NAMES if n != "artifact"]  # only with artifact=DIR
    assert env.name == "environment" and env.status in ("passed", "failed")
    assert all(s.status == "skipped" and s.reason == NO_GPU for s in rest)
    assert result.exit_code == (EXIT_SKIPPED if env.status == "passed" else EXIT_FAILED)
    assert not result.testable and "Nothing that needs a GPU can be tested here" in result.advice
    assert "deployment GPU host" in result.advice
    assert len(repr(result).splitlines()) <= 3
    assert result.to_dict()["exit_code"] == result.exit_code
    page = result.to_html()
    assert page.count("<tr>") == len(STEPS) and "skipped" in page and "<table" in page


@pytest.mark.cpu_only
@pytest.mark.pinned_stack  # the environment step passes on the pinned set
def test_outcomes_aggregate_into_exit_codes():
    ctx = _Ctx(device=None)
    environment = run_step("environment", dict(STEPS)["environment"], ctx)
    skipped = [run_step(name, fn, ctx) for name, fn in STEPS[1:]]
    usage = run_step("custom", _bad_buckets, ctx)
    broken = run_step("broken", _broken, ctx)
    assert environment.status == "passed", environment.lines()  # this stack is sound (`torchtrt-compat check`)
    assert {s.status for s in skipped} == {"skipped"}
    assert usage.status == "failed" and "Buckets must be positive" in usage.cause and "buckets=" in usage.fix
    assert broken.status == "failed" and broken.cause == "KeyError: 'missing'" and "explain" in broken.fix
    assert exit_code([environment]) == EXIT_OK
    assert exit_code([environment, *skipped]) == EXIT_SKIPPED
    assert exit_code([environment, *skipped, usage]) == EXIT_FAILED
    assert exit_code([broken, environment]) == EXIT_FAILED
    all_passed = SelftestResult("h", [environment], gpu="some GPU")
    assert all_passed.exit_code == EXIT_OK and all_passed.advice == "This host runs the stack."
    failing = SelftestResult("h", [environment, usage], gpu="some GPU")
    assert "custom" in failing.advice and "FAILED" in failing.headline
    text = str(failing)
    assert "[FAIL] custom" in text and "fix: pass e.g. buckets=(1, 2, 4, 8)" in text


def test_unknown_step_is_a_usage_error():
    with pytest.raises(UsageError, match="choose from environment"):
        selftest(steps=["tensorrt", "warp_drive"])


@pytest.mark.cpu_only
def test_cli_json_html_and_exit_code(tmp_path, capsys):
    page = tmp_path / "selftest.html"
    rc = main(["selftest", "--json", "--html", str(page), "--step", "cuda_graphs"])
    data = json.loads(capsys.readouterr().out)
    assert rc == data["exit_code"] == EXIT_SKIPPED
    assert [s["name"] for s in data["steps"]] == ["environment", "cuda_graphs"]
    assert "<table" in page.read_text() and "cuda_graphs" in page.read_text()
    assert main(["selftest", "--step", "nope"]) == 2


# --------------------------------------------------------------------------------------------------- GPU only


@pytest.mark.gpu
def test_selftest_on_a_gpu_runs_every_step_for_real(capsys):
    result = selftest()
    status = {s.name: s for s in result.steps}
    for name in ("environment", "context_guard", "cuda_graphs", "bench", "memory"):
        assert status[name].status == "passed", status[name].lines()
    assert status["context_guard"].details["unguarded_launch"] == 400
    assert status["cuda_graphs"].details["captures"] == 5
    if status["tensorrt"].status == "skipped":  # no TensorRT flavour that runs on this GPU (e.g. RTX on an H100)
        assert status["tensorrt"].reason and result.exit_code == EXIT_SKIPPED
    else:
        assert status["tensorrt"].status == "passed", status["tensorrt"].lines()
        assert result.exit_code == EXIT_OK
    rc = main(["selftest", "--json", "--step", "memory"])
    data = json.loads(capsys.readouterr().out)
    assert rc == EXIT_OK and [s["status"] for s in data["steps"]] == ["passed", "passed"]
