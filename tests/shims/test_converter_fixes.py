"""The converter-gap rewrites (`ops.converter_fixes`): exact numerics in PyTorch, and the real builds they fix.

Numerics: each rewrite is applied by ``ExportedProgram.run_decompositions`` (as torch_tensorrt applies them) and the
program's output compared with eager PyTorch. Builds: the repro of each upstream bug fails without its shim, with a
`BuildError` naming the stage (and op), and builds one engine with it.
"""

from __future__ import annotations

import pytest
import torch

import torchtrt_compat as tc
from torchtrt_compat._errors import BuildError
from torchtrt_compat.compiler._upstream import shim_context
from torchtrt_compat.ops import converter_fixes as fixes
from torchtrt_compat.shims import list_shims


def _decomposed(module: torch.nn.Module, args: tuple[torch.Tensor, ...], op: object, fn: object) -> object:
    ep = torch.export.export(module, args, strict=False)
    return ep.run_decompositions({op: fn})


@pytest.mark.parametrize(
    ("size", "kernel", "stride", "padding"),
    [((13, 14), 3, 2, 0), ((14, 14), 3, 2, 0), ((15, 9), 2, 2, 0), ((7, 8), 3, 2, 1), ((10, 11), 3, 3, 1)],
)
def test_ceil_mode_max_pool_is_exact(size: tuple[int, int], kernel: int, stride: int, padding: int) -> None:
    pool = torch.nn.MaxPool2d(kernel, stride, padding, ceil_mode=True)
    x = torch.randn(1, 3, *size)
    ep = _decomposed(pool, (x,), torch.ops.aten.max_pool2d.default, fixes.max_pool2d)
    calls = [n for n in ep.graph.nodes if n.target is torch.ops.aten.max_pool2d.default]
    # no ceil_mode left for the converter to reject
    assert calls and all(len(n.args) < 6 or n.args[5] is False for n in calls)
    torch.testing.assert_close(ep.module()(x), pool(x), rtol=0, atol=0)


def test_floor_mode_max_pool_is_left_alone() -> None:
    pool = torch.nn.MaxPool2d(3, 2)
    x = torch.randn(1, 2, 9, 9)
    ep = _decomposed(pool, (x,), torch.ops.aten.max_pool2d.default, fixes.max_pool2d)
    ops = [n.target for n in ep.graph.nodes if n.op == "call_function"]
    assert ops == [torch.ops.aten.max_pool2d.default]


class SliceUpdate(torch.nn.Module):
    """The issue's repro: an in-place add into a slice, which lowers to slice_scatter(end=INT64_MAX)."""

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a * 2
        a[:, :, 1:, 1:] += b
        return a.softmax(-1)


def test_slice_scatter_clamp_is_exact() -> None:
    a, b = torch.randn(1, 1, 9, 9), torch.randn(1, 1, 8, 8)
    big = 2**63 - 1
    got = fixes.slice_scatter(a, torch.zeros(1, 1, 8, 9), 2, 1, big)
    torch.testing.assert_close(got, torch.slice_scatter(a, torch.zeros(1, 1, 8, 9), 2, 1, big))
    assert fixes.slice_scatter(a, b[..., :1, :], 2, 0, 1) is NotImplemented  # already in range: unchanged
    assert fixes.slice_scatter(a, a, 2, None, None) is not NotImplemented  # None -> explicit bounds


def test_addmm_as_linear_is_exact() -> None:
    bias, x, w = torch.randn(384), torch.randn(16, 128), torch.randn(128, 384)
    torch.testing.assert_close(fixes.addmm(bias, x, w), torch.addmm(bias, x, w))
    assert fixes.addmm(bias, x, w, beta=2) is NotImplemented
    assert fixes.addmm(torch.randn(16, 384), x, w) is NotImplemented


class Conv1DAttention(torch.nn.Module):
    """GPT-2's Conv1D (addmm on a flattened view), split into q/k/v, then attention."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(128, 384) * 0.02)
        self.bias = torch.nn.Parameter(torch.randn(384) * 0.02)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.addmm(self.bias, x.view(-1, 128), self.weight).view(1, 16, 384)
        q, k, v = (t.view(1, 16, 4, 32).transpose(1, 2) for t in h.split(128, 2))
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return out.transpose(1, 2).reshape(1, 16, 128)


def _auto_shims_except(name: str) -> list[str]:
    ctx = shim_context(aot=True, compute_capabilities=["8.9"])
    return [s.name for s in list_shims(ctx=ctx) if s.name != name]


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_slice_update_crashes_the_converter_without_the_shim_and_builds_with_it() -> None:
    args = [torch.randn(1, 1, 9, 9), torch.randn(1, 1, 8, 8)]
    with pytest.raises(BuildError) as info:
        tc.build_engine(
            SliceUpdate(), args, compute_capabilities=["8.9"], min_block_size=1,
            shims=_auto_shims_except("slice_scatter_clamp"),
        )  # fmt: skip
    assert info.value.stage == "conversion"
    assert info.value.op == "aten.slice_scatter.default"
    assert info.value.__cause__ is not None
    art = tc.build_engine(SliceUpdate(), args, compute_capabilities=["8.9"], min_block_size=1)
    assert "slice_scatter_clamp" in art.report.shims
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_gpt2_conv1d_build_failure_carries_the_tensorrt_log_and_the_shim_fixes_it() -> None:
    x = [torch.randn(1, 16, 128)]
    torch.manual_seed(0)
    with pytest.raises(BuildError) as info:
        tc.build_engine(
            Conv1DAttention().eval(), x, compute_capabilities=["8.9"], shims=_auto_shims_except("addmm_as_linear")
        )
    err = info.value
    assert err.stage == "build"
    assert "build_serialized_network returned None" in str(err.__cause__)
    assert err.log is not None and "MyelinCheckException" in err.log  # the real cause, only in TensorRT's log
    art = tc.build_engine(Conv1DAttention().eval(), x, compute_capabilities=["8.9"])
    assert "addmm_as_linear" in art.report.shims
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []


@pytest.mark.parametrize("count_include_pad", [True, False])
@pytest.mark.parametrize(
    ("size", "kernel", "stride", "padding"),
    [((13, 14), 3, 2, 0), ((15, 9), 2, 2, 0), ((7, 8), 3, 2, 1), ((10, 11), 3, 3, 1), ((14, 14), 2, 2, 0)],
)
def test_ceil_mode_avg_pool_is_exact(
    size: tuple[int, int], kernel: int, stride: int, padding: int, count_include_pad: bool
) -> None:
    pool = torch.nn.AvgPool2d(kernel, stride, padding, ceil_mode=True, count_include_pad=count_include_pad)
    x = torch.randn(1, 3, *size)
    ep = _decomposed(pool, (x,), torch.ops.aten.avg_pool2d.default, fixes.avg_pool2d)
    calls = [n for n in ep.graph.nodes if n.target is torch.ops.aten.avg_pool2d.default]
    assert calls and all(len(n.args) < 5 or n.args[4] is False for n in calls)
    torch.testing.assert_close(ep.module()(x), pool(x))
