"""Two real ahead-of-time builds in two threads leave no patch installed (reliability audit F3, case H8).

Together the builds go through every shim an ahead-of-time build on this host uses: the deform_conv2d
decomposition, the virtual CUDA device of cpu_aot, the kept serialized engine, the compute-capability builder config
and, with FP16, the autocast pass list. Afterwards every patched attribute must be the very object that was there
before, including when one of the two builds fails half-way.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import torch
from torch import nn

pytestmark = [pytest.mark.requires_rtx, pytest.mark.slow]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _threads import run_threads  # noqa: E402


class TinyDeform(nn.Module):
    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        from torchvision.ops import DeformConv2d

        self.offset = nn.Conv2d(3, 18, 3, padding=1)
        self.deform = DeformConv2d(3, 4, 3, padding=1)
        self.fail = fail

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.deform(x, self.offset(x))
        if self.fail:
            raise ValueError("this build is meant to fail inside the deform_conv2d shim")
        return torch.relu(y)


class TinyConv(nn.Sequential):
    def __init__(self) -> None:
        super().__init__(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU())


def _patch_points() -> dict[str, Any]:
    """Every attribute a shim of an ahead-of-time build replaces, read straight from its owner."""
    import torchvision
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter as interpreter_module
    from torch_tensorrt.dynamo.lowering.passes import _aten_lowering_pass as lowering
    from torch_tensorrt.dynamo.runtime import TorchTensorRTModule

    points: dict[str, Any] = {
        "torchvision.ops.deform_conv2d": torchvision.ops.deform_conv2d,
        "torchvision.ops.deform_conv.deform_conv2d": torchvision.ops.deform_conv.deform_conv2d,
        "_TRTInterpreter.trt": interpreter_module.trt,
        "TRTInterpreter._populate_trt_builder_config": vars(interpreter_module.TRTInterpreter).get(
            "_populate_trt_builder_config"
        ),
        "TorchTensorRTModule.setup_engine": vars(TorchTensorRTModule).get("setup_engine"),
        "TorchTensorRTModule.set_output_tensors_as_unowned": vars(TorchTensorRTModule).get(
            "set_output_tensors_as_unowned"
        ),
        "ATEN_PRE_LOWERING_PASSES.passes": lowering.ATEN_PRE_LOWERING_PASSES.passes,
    }
    for name in sorted(vars(torch.cuda)):
        value = vars(torch.cuda)[name]
        if callable(value) and not isinstance(value, type):
            points[f"torch.cuda.{name}"] = value
    return points


def _changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [k for k in before.keys() | after.keys() if before.get(k) is not after.get(k)]


@pytest.mark.parametrize("one_fails", [False, True], ids=["both_build", "one_fails_half_way"])
def test_two_builds_in_threads_leave_every_attribute_original(one_fails):
    from torchtrt_compat import build_engine
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()  # the import-stage shim is done before the snapshot
    passes_before = list(_patch_points()["ATEN_PRE_LOWERING_PASSES.passes"])
    before = _patch_points()
    x = torch.randn(1, 3, 8, 8)
    results: dict[int, Any] = {}

    def worker(i: int) -> None:
        # thread 0: a conv model in FP16 (the autocast pass-list shim); thread 1: the deform_conv2d model
        model = TinyConv() if i == 0 else TinyDeform(fail=one_fails).eval()
        precisions = {torch.float16} if i == 0 else None
        results[i] = build_engine(
            model, [x], compute_capabilities=["8.9" if i == 0 else "12.0"], min_block_size=1,
            enabled_precisions=precisions,
        )  # fmt: skip

    errors = run_threads(worker, n=2)
    assert _changed(before, _patch_points()) == []
    assert list(_patch_points()["ATEN_PRE_LOWERING_PASSES.passes"]) == passes_before
    if one_fails:
        assert len(errors) == 1 and "meant to fail" in str(errors[0]) and set(results) == {0}
    else:
        assert errors == [] and set(results) == {0, 1}
    assert results[0].metadata["targets"] == ["8.9"]
    used = {name for r in results.values() for name in r.report.shims}
    assert {"autocast_dtypes", "aot_keep_serialized_engine", "aot_compute_capability"} <= used, used
    if not one_fails:
        assert any("deform" in n for n in results[1].report.shims), used
    assert len(results[0].engines) >= 1
    import torchvision

    # eager deform_conv2d is torchvision's own again: the decomposition is gone for the rest of the process
    assert torchvision.ops.deform_conv2d.__module__.startswith("torchvision")
