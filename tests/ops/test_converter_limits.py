"""Calls torch_tensorrt's converters claim but fail on stay in PyTorch with their reason (`ops.converter_limits`):
non-divisible adaptive average pooling, and complex-valued tensors when torch_tensorrt's complex lowering cannot
rewrite the graph (FNet's FFT). The builds here keep every op in PyTorch (min_block_size): lowering, the shims and the
reasons are real; no engine is built (tests/compiler/test_partition.py builds one around both).
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat._errors import BuildError
from torchtrt_compat.ops.converter_limits import refusal
from torchtrt_compat.shims import list_shims

pytestmark = [pytest.mark.requires_rtx]


class Pools(nn.Module):
    def forward(self, x: torch.Tensor) -> list[torch.Tensor]:
        return [nn.functional.adaptive_avg_pool2d(x, size) for size in (2, 3, (4, 6))]


class Spectral(nn.Module):
    """FNet's mixing: an FFT over the sequence and hidden dims, its real part."""

    def __init__(self) -> None:
        super().__init__()
        self.dense = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.dense(torch.fft.fftn(self.dense(x), dim=(1, 2)).real)


def _nodes(model: nn.Module, *args: torch.Tensor) -> list[torch.fx.Node]:
    program = torch.export.export(model, args, strict=False)
    return [n for n in program.graph.nodes if n.op == "call_function"]


def test_non_divisible_adaptive_pooling_is_named() -> None:
    reasons = [refusal(n) for n in _nodes(Pools(), torch.randn(1, 2, 4, 4))]
    assert reasons[0] is None  # 4x4 -> 2x2: one pooling layer, converts
    assert "from 4x4 to 3x3 (not a multiple)" in (reasons[1] or "")
    assert "from 4x4 to 4x6 (not a multiple)" in (reasons[2] or "")


def test_complex_nodes_are_named() -> None:
    nodes = _nodes(Spectral(), torch.randn(1, 4, 8))
    kept = {str(n.target) for n in nodes if refusal(n)}
    assert any("fft" in op for op in kept)
    assert "aten.linear.default" not in kept  # the real-valued layers around it still convert


def test_complex_lowering_failure_keeps_the_graph_and_names_the_ops() -> None:
    others = [s.name for s in list_shims() if s.name != "complex_in_pytorch"]
    with pytest.raises(BuildError, match="view_as_complex") as info:
        tc.build_engine(Spectral().eval(), [torch.randn(1, 4, 8)], compute_capabilities=["8.9"],
                        min_block_size=10_000, shims=others)  # fmt: skip
    assert info.value.stage == "lowering"
    art = tc.build_engine(
        Spectral().eval(), [torch.randn(1, 4, 8)], compute_capabilities=["8.9"], min_block_size=10_000
    )
    report = art.report
    assert "complex_in_pytorch" in report.shims_changed
    complex_ops = [op for op, why in report.pytorch_op_reasons.items() if "complex-valued tensor" in why]
    assert any("fft" in op for op in complex_ops)
    assert report.rewrite_check["status"] == "passed"  # the graph it keeps is the model's


def test_adaptive_pool_reason_reaches_the_report() -> None:
    art = tc.build_engine(
        Pools().eval(), [torch.randn(1, 2, 4, 4)], compute_capabilities=["8.9"], min_block_size=10_000
    )
    why = art.report.pytorch_op_reasons
    op = next(op for op in why if "adaptive_avg_pool2d" in op)
    assert "not a multiple" in why[op]
