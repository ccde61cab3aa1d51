"""The backend-agnostic check against real second backends on the CPU: the inductor fallback module
(`torchtrt_compat.compile(..., fallback="inductor")`) and reduced-precision runs of the model. Nothing is mocked:
every figure comes from running both sides."""

from __future__ import annotations

import json
from typing import Any

import pytest
import torch
from torchtrt_compat.models import get_model

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.deploy_check import InputRange, OutputCheck, cannot_run, check_against, reduced_precision


class TwoHeads(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(12, 32), torch.nn.GELU())
        self.scores, self.boxes = torch.nn.Linear(32, 3), torch.nn.Linear(32, 4)

    def forward(self, x: torch.Tensor) -> dict[str, torch.Tensor]:
        h = self.body(x)
        return {"scores": self.scores(h).softmax(-1), "boxes": self.boxes(h)}


@pytest.fixture(scope="module")
def two_heads() -> tuple[torch.nn.Module, Any]:
    torch.manual_seed(0)
    model = TwoHeads().eval()
    return model, tc.compile(model, arg_inputs=[torch.randn(4, 12)], fallback="inductor")


def test_the_inductor_fallback_is_right_on_100_draws_inside_a_dynamic_range(two_heads: Any) -> None:
    model, fallback = two_heads
    ranges = [InputRange((1, 12), (4, 12), (16, 12), "float32")]
    check = check_against(fallback, model, ranges=ranges, runs=100, latency=False, label="inductor")
    assert check.verdict == "right" and check.exit_code == 0 and check.draws == 100
    assert {o.name for o in check.outputs} == {"output['scores']", "output['boxes']"}
    assert all(o.passed and o.cosine > 0.9999 and o.outside == 0.0 for o in check.outputs)
    assert "right: 2 output(s) within the tolerance over 100 draw(s)" in str(check)


def test_a_wrong_candidate_is_caught_with_its_numbers(two_heads: Any) -> None:
    model, _ = two_heads

    def off_by_a_little(x: torch.Tensor) -> dict[str, torch.Tensor]:
        out = model(x)
        return {"scores": out["scores"], "boxes": out["boxes"] * 1.05}

    check = check_against(off_by_a_little, model, (torch.randn(4, 12),), latency=False)
    boxes = {o.name: o for o in check.outputs}["output['boxes']"]
    assert check.verdict == "wrong" and check.exit_code == 1 and not boxes.passed
    assert boxes.max_rel == pytest.approx(0.05, rel=1e-3) and boxes.outside > 0.5
    assert "WRONG: 1 of 2 output(s)" in check.headline and "FAIL output['boxes']" in str(check)
    data = json.loads(check.to_json())
    assert data["exit_code"] == 1 and data["verdict"] == "wrong" and data["diagnosis"] is None


def test_latency_against_eager_and_torch_compile_decides_faster_or_slower(two_heads: Any) -> None:
    model, fallback = two_heads

    def slow(x: torch.Tensor) -> Any:
        for _ in range(20):
            out = model(x)
        return out

    check = check_against(slow, model, (torch.randn(4, 12),), iters=20, label="slow")
    labels = [t.label for t in check.latency]
    assert labels == ["slow", "eager", "torch.compile"] and all(t.p50_ms and t.p99_ms for t in check.latency)
    assert check.speedup is not None and check.speedup < 1 and check.verdict == "slower" and check.exit_code == 1
    assert "SLOWER than eager" in check.headline
    unmeasured = check_against(fallback, model, (torch.randn(4, 12),), latency=False)
    assert unmeasured.verdict == "right" and "latency not measured" in unmeasured.notes[0]


def test_a_reduced_precision_run_that_overflows_is_wrong_and_the_check_says_where() -> None:
    entry = get_model("fp16_overflow")
    model = entry.build()
    check = check_against(
        reduced_precision(model, "float16"), model, lambda i: entry.example_inputs(seed=i), runs=5,
        precision="float16", latency=False, release="torch-tensorrt-rtx==2.14.0", label="fp16",
    )  # fmt: skip
    assert check.verdict == "wrong" and check.diagnosis is not None
    assert check.diagnosis.names == ["norm"] and check.diagnosis.fixed
    text = str(check)
    assert "norm: overflow" in text and "autocast_excluded_nodes={'^norm(\\\\.|$)'}" in text
    assert "torch-tensorrt-rtx==2.14.0" in text
    healthy = check_against(reduced_precision(model, "bfloat16"), model, entry.example_inputs(), precision="bfloat16",
                            latency=False)  # fmt: skip
    assert healthy.verdict == "right" and healthy.diagnosis is None


def test_inputs_as_one_draw_several_draws_or_a_function(two_heads: Any) -> None:
    model, fallback = two_heads
    x = torch.randn(2, 12)
    assert check_against(fallback, model, x, latency=False).draws == 1
    assert check_against(fallback, model, [(x,), (x + 1,), (x * 2,)], latency=False).draws == 3
    assert check_against(fallback, model, lambda i: torch.randn(i + 1, 12), runs=4, latency=False).draws == 4
    for bad, match in ((None, "no inputs to run"), ({"x": x}, "not a set of inputs")):
        with pytest.raises(UsageError, match=match):
            check_against(fallback, model, bad, latency=False)
    with pytest.raises(UsageError, match="runs=0"):
        check_against(fallback, model, x, runs=0)


def test_a_candidate_that_raises_is_wrong_and_a_model_that_cannot_take_the_draws_is_a_usage_error(
    two_heads: Any,
) -> None:
    model, _ = two_heads

    def broken(x: torch.Tensor) -> Any:
        raise RuntimeError("invalid resource handle")

    check = check_against(broken, model, (torch.randn(2, 12),), latency=False, label="engine")
    assert check.verdict == "wrong" and "engine raised RuntimeError: invalid resource handle on draw 0" in str(check)
    with pytest.raises(UsageError, match="The PyTorch model fails on draw 0"):
        check_against(model, model, (torch.randn(2, 5),), latency=False)


def test_what_cannot_run_here_is_exit_2_with_every_reason() -> None:
    check = cannot_run(["no NVIDIA GPU is visible on this machine: run it on a GPU host"], precision="float16")
    assert isinstance(check, OutputCheck) and check.exit_code == 2 and not check.ok
    assert check.headline == "artifact cannot run here: no NVIDIA GPU is visible on this machine: run it on a GPU host"
    assert "cannot_run" in check._repr_html_()


@pytest.mark.slow
def test_a_bundled_model_has_no_false_alarm_over_100_draws_through_the_fallback_route() -> None:
    """The catalogue's roi_head (roi_align over given boxes) in FP32 against itself through inductor, with its
    catalogue tolerance (benchmarks/deploy_check.py runs every bundled model)."""
    entry = get_model("roi_head")
    model = entry.build()
    fallback = tc.compile(model, arg_inputs=list(entry.example_inputs()), fallback="inductor")
    check = check_against(
        fallback, model, lambda i: entry.example_inputs(seed=i), runs=100, tolerance=entry.tolerance("float32"),
        latency=False, label="inductor",
    )  # fmt: skip
    assert check.verdict == "right" and check.draws == 100, str(check)
