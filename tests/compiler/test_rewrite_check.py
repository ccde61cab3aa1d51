"""The rewrite check (`compiler.rewrite_check`): every build runs the graph handed to TensorRT in PyTorch against the
model first. A wrong rewrite fails the build and is named (a deliberately wrong rewrite registered here, and the
fold rewrite as it was before issue 30, on the VOLO case), the largest error per output lands in the report and
the manifest, and the opt-out works. The builds keep every op in PyTorch (min_block_size), so no engine is built:
the check runs before partitioning, on the real lowered graph.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import torch
import torch.nn.functional as F
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat._errors import BuildError, UsageError
from torchtrt_compat.compiler import rewrite_check as rc
from torchtrt_compat.shims import _registry, list_shims, register_shim
from torchtrt_compat.shims.converter_fixes import extra_decompositions

pytestmark = [pytest.mark.requires_rtx]
NO_ENGINE = {"compute_capabilities": ["8.9"], "min_block_size": 10_000}


class Gelu(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        y = self.linear(x)
        return F.gelu(y), y.argmax(-1)


class Fold(nn.Module):
    """VOLO's outlook attention ends in F.fold; at 224 its maps are 28x28 with kernel 3, padding 1, stride 2."""

    def __init__(self, out: int = 14) -> None:
        super().__init__()
        self.out = out
        self.conv = nn.Conv2d(4, 4 * 9, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.fold(self.conv(x).flatten(2), (self.out, self.out), 3, padding=1, stride=2)


def _old_fold(cols, output_size, kernel_size, dilation, padding, stride):  # noqa: ANN001, ANN202
    """The fold rewrite as shipped before issue 30: zero padding where fold sums into the last row and column."""
    (kh, kw), (ph, pw), (sh, sw) = kernel_size, padding, stride
    n, ckk, length = cols.shape
    side = int(length**0.5)
    weight = torch.eye(kh * kw, dtype=cols.dtype).reshape(kh * kw, 1, kh, kw).repeat(ckk // (kh * kw), 1, 1, 1)
    out = F.conv_transpose2d(cols.reshape(n, ckk, side, side), weight, stride=(sh, sw), padding=(ph, pw),
                             groups=ckk // (kh * kw))  # fmt: skip
    return F.pad(out, (0, output_size[1] - out.shape[3], 0, output_size[0] - out.shape[2]))


@pytest.fixture
def own_shims(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Shims registered by a test stay in that test (a user's register_shim is the public way to add one)."""
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))

    @register_shim("test_wrong_gelu", stage="compile", summary="gelu as relu (wrong on purpose)", undo="-",
                   when=lambda ctx: False)  # fmt: skip
    def wrong_gelu(ctx):  # noqa: ANN001, ANN202
        relu = lambda x, approximate="none": torch.ops.aten.relu.default(x)  # noqa: E731
        with extra_decompositions("test_wrong_gelu", lambda: {torch.ops.aten.gelu.default: relu}):
            yield

    @register_shim("test_old_fold", stage="compile", summary="the fold before issue 30", undo="-",
                   when=lambda ctx: False)  # fmt: skip
    def old_fold(ctx):  # noqa: ANN001, ANN202
        with extra_decompositions("test_old_fold", lambda: {torch.ops.aten.col2im.default: _old_fold}):
            yield

    yield


def test_a_wrong_rewrite_fails_the_build_and_is_named(own_shims: None) -> None:
    torch.manual_seed(0)
    shims = [s.name for s in list_shims() if not s.name.startswith("test_")] + ["test_wrong_gelu"]
    with pytest.raises(BuildError) as info:
        tc.build_engine(Gelu().eval(), [torch.randn(2, 8)], shims=shims, **NO_ENGINE)
    error = info.value
    assert error.stage == "lowering"
    assert "The rewrite test_wrong_gelu causes it" in error.problem
    assert "output [0]" in error.problem  # the gelu output, by its place in the model's output
    assert "test_wrong_gelu" in error.fix and "rewrite_check=False" in error.fix


def test_the_fold_rewrite_before_issue_30_is_caught_on_the_volo_case(own_shims: None) -> None:
    shims = [s.name for s in list_shims() if not s.name.startswith("test_") and s.name != "fold_as_conv_transpose"]
    torch.manual_seed(0)
    with pytest.raises(BuildError, match="The rewrite test_old_fold causes it"):
        tc.build_engine(Fold().eval(), [torch.randn(1, 4, 7, 7)], shims=[*shims, "test_old_fold"], **NO_ENGINE)
    art = tc.build_engine(Fold().eval(), [torch.randn(1, 4, 7, 7)], **NO_ENGINE)  # the fold as it is now
    check = art.report.rewrite_check
    assert check["status"] == "passed" and "fold_as_conv_transpose" in check["rewrites"]
    assert check["largest_rel_error"] <= 1e-5


def test_the_report_and_the_manifest_hold_the_largest_error_per_output(tmp_path) -> None:
    torch.manual_seed(0)
    art = tc.build_engine(Gelu().eval(), [torch.randn(2, 8)], **NO_ENGINE)
    check = art.report.rewrite_check
    assert check["status"] == "passed" and check["draws"] == 2 and check["tolerance"] == rc.TOLERANCE
    outputs = {o["output"]: o for o in check["outputs"]}
    assert set(outputs) == {"[0]", "[1]"}
    assert outputs["[0]"]["dtype"] == "float32" and outputs["[1]"]["dtype"] == "int64"
    assert all(o["rel"] <= rc.TOLERANCE and o["max_abs"] >= 0 for o in outputs.values())
    assert check["seconds"] > 0 and art.report.timings["rewrite check"] == pytest.approx(check["seconds"], abs=1e-3)
    assert "rewrite check" in str(art.report) and "passed" in str(art.report)
    manifest = json.loads((art.save(tmp_path / "art") / "manifest.json").read_text())
    assert manifest["report"]["rewrite_check"]["outputs"] == check["outputs"]


def test_the_check_can_be_turned_off_and_takes_only_a_bool() -> None:
    art = tc.build_engine(Gelu().eval(), [torch.randn(2, 8)], rewrite_check=False, **NO_ENGINE)
    assert art.report.rewrite_check == {"status": "off", "reason": "rewrite_check=False"}
    assert "rewrite check 0" not in str(art.report) and "off: rewrite_check=False" in str(art.report)
    with pytest.raises(UsageError, match="rewrite_check='no' is not True or False"):
        tc.build_engine(Gelu().eval(), [torch.randn(2, 8)], rewrite_check="no", **NO_ENGINE)


class Noisy(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.drop(self.linear(x))


def test_a_model_that_differs_from_itself_is_reported_not_failed() -> None:
    """Dropout in training mode: the graph (the real exported program, run in PyTorch) and the model differ, and so
    does the model from itself; that is no wrong rewrite."""
    model, x = Noisy().train(), torch.randn(4, 8)
    program = torch.export.export(model, (x,), strict=False)
    check = rc.RewriteCheck(rc.reference(model, (x,), {}), False, lambda: [], [])
    result = check.run(program.module(), None)
    assert result.status == "not deterministic"
    assert "differ between two runs" in result.reason


def test_fresh_draws_keep_the_kind_of_each_input() -> None:
    ids, mask, image = torch.randint(3, 50, (2, 16)), torch.ones(2, 16, dtype=torch.bool), torch.rand(1, 3, 8, 8)
    ref = rc.reference(lambda a, b, c: a.float().sum() + b.sum() + c.sum(), (ids, mask, image), {})
    fresh = ref.draws[1][0]
    assert fresh[0].dtype == torch.int64 and 3 <= int(fresh[0].min()) and int(fresh[0].max()) <= 49
    assert torch.equal(fresh[1], mask)  # masks are kept as they were
    assert fresh[2].shape == image.shape and not torch.equal(fresh[2], image)


def test_errors_treat_nan_and_integers_as_they_should() -> None:
    nan = torch.tensor([1.0, float("nan"), 3.0])
    assert rc._error(nan, nan.clone()) == (0.0, 0.0)
    assert rc._error(torch.tensor([1.0, 2.0, 4.0]), torch.tensor([1.0, 2.0, 3.0]))[1] == pytest.approx(1 / 3)
    assert rc._error(torch.tensor([1, 2, 3, 4]), torch.tensor([1, 2, 3, 5])) == (1.0, 0.25)
    assert rc.limit("int64", rc.TOLERANCE) == rc.INTEGER_TOLERANCE
    assert rc.limit("float16", rc.TOLERANCE) == rc.REDUCED_TOLERANCE


def test_the_cli_can_turn_it_off() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "build", "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "--no-rewrite-check" in done.stdout


def test_an_infinite_error_is_reported_not_raised() -> None:
    """An FP16 graph whose output overflows (timm mobileone_s0 with random weights) lists its error as "inf"; the
    report's largest error is then "inf" too, and the report stays JSON, instead of a TypeError ending the build."""
    listed = [{"output": "output", "max_abs": "inf", "rel": "inf", "dtype": "float32"}]
    result = rc.CheckResult("reduced precision", 0.05, 2, listed + [{**listed[0], "output": "[1]", "rel": 0.5}])
    data = result.to_dict()
    assert data["largest_rel_error"] == "inf" and result.worst() == float("inf")
    assert json.loads(json.dumps(data)) == data
