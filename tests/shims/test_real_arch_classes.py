"""Failure classes seen on real architectures (issue 22), each on a small model of its class, built for real.

Attention the layer cannot take (5-D q/k/v: timm NesT, Hiera), attention on constant key/value (DETR's learned
queries), an in-place weight rescale on parameters that require grad (RWKV), recurrent layers that unroll (timm
Sequencer), and a reason for every op left to PyTorch. Nothing is mocked: TensorRT-RTX builds each engine.
"""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat.ops import converter_fixes as fixes

pytestmark = [pytest.mark.requires_rtx]


class FiveDimAttention(nn.Module):
    """NesT / Hiera style: attention over [batch, heads, blocks, tokens, dim] (5-D q/k/v)."""

    def __init__(self) -> None:
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.proj = nn.Linear(16, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, t, n, 3, 2, 8).permute(3, 0, 4, 1, 2, 5).unbind(0)
        out = F.scaled_dot_product_attention(q, k, v)
        return self.proj(out.permute(0, 2, 3, 1, 4).reshape(b, t, n, c))


class ConstantKeyValue(nn.Module):
    """DETR style: key and value computed from weights only, which constant folding turns into constants."""

    def __init__(self) -> None:
        super().__init__()
        self.q = nn.Linear(16, 16)
        self.memory = nn.Parameter(torch.randn(1, 2, 10, 8))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q = self.q(x).reshape(1, -1, 2, 8).transpose(1, 2)
        out = F.scaled_dot_product_attention(q, self.memory * 2, self.memory + 1)
        return out.transpose(1, 2).reshape(1, -1, 16)


class FourDimAttention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.qkv = nn.Linear(16, 48)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).reshape(1, -1, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(1, -1, 16)


def test_five_dim_attention_is_decomposed_exactly() -> None:
    torch.manual_seed(0)
    model, x = FiveDimAttention().eval(), torch.randn(1, 4, 6, 16)
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()
    ep = torch.export.export(model, (x,), strict=False)
    ep = ep.run_decompositions(
        {torch.ops.aten.scaled_dot_product_attention.default: fixes.scaled_dot_product_attention}
    )
    assert not any(n.target is torch.ops.aten.scaled_dot_product_attention.default for n in ep.graph.nodes)
    torch.testing.assert_close(ep.module()(x), model(x), rtol=1e-5, atol=1e-5)
    # a 4-D call is what the layer takes: it stays one attention op
    four = torch.export.export(FourDimAttention().eval(), (torch.randn(1, 5, 16),), strict=False)
    four = four.run_decompositions(
        {torch.ops.aten.scaled_dot_product_attention.default: fixes.scaled_dot_product_attention}
    )
    assert any(n.target is torch.ops.aten.scaled_dot_product_attention.default for n in four.graph.nodes)


@pytest.mark.parametrize(
    ("model", "x", "shim"),
    [
        (FiveDimAttention, (1, 4, 6, 16), "attention_rank"),
        (ConstantKeyValue, (1, 5, 16), "attention_constant_inputs"),
    ],
)
def test_attention_the_layer_cannot_take_builds_one_engine(model, x, shim) -> None:
    torch.manual_seed(0)
    art = tc.build_engine(model().eval(), [torch.randn(*x)], compute_capabilities=["8.9"])
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []
    assert shim in art.report.shims_changed  # reported: the shim chose that path on its own
    assert len(next(iter(art.engines.values()))) > 1000


def test_four_dim_attention_keeps_the_attention_layer() -> None:
    art = tc.build_engine(FourDimAttention().eval(), [torch.randn(1, 5, 16)], compute_capabilities=["8.9"])
    assert art.report.trt_engines == 1
    assert "attention_rank" not in art.report.shims_changed
    assert "attention_constant_inputs" not in art.report.shims_changed


class _Logits(nn.Module):
    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=ids, use_cache=False).logits


@pytest.mark.slow
def test_in_place_weight_rescale_builds_without_touching_the_callers_weights() -> None:
    """transformers' RWKV divides its output weights in place in eval mode (``rescale_every``): exported as
    ``copy_(weight, ...)``, which constant folding ran on a parameter that requires grad."""
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.RwkvConfig(
        vocab_size=100, context_length=32, hidden_size=32, num_hidden_layers=2, attention_hidden_size=32,
        intermediate_size=64, rescale_every=1,
    )  # fmt: skip
    model = _Logits(transformers.RwkvForCausalLM(config)).eval()
    before = {k: v.detach().clone() for k, v in model.state_dict().items()}
    art = tc.build_engine(model, [torch.randint(0, 100, (1, 8))], compute_capabilities=["8.9"])
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []
    after = model.state_dict()
    assert all(torch.equal(before[k], after[k]) for k in before)  # the caller's weights are not rescaled
    assert all(p.requires_grad for p in model.parameters())  # nor changed otherwise


@pytest.mark.parametrize(
    ("shape", "out", "kernel", "dilation", "padding", "stride"),
    [((1, 36, 64), (8, 8), (3, 3), (1, 1), (1, 1), (1, 1)), ((2, 8, 4), (7, 7), (2, 2), (1, 1), (0, 0), (3, 3)),
     ((2, 12, 12), (5, 9), (2, 3), (2, 1), (1, 0), (2, 2)), ((18, 16), (4, 4), (3, 3), (1, 1), (1, 1), (1, 1))],
)  # fmt: skip
def test_fold_as_conv_transpose_is_exact(shape, out, kernel, dilation, padding, stride) -> None:
    x = torch.randn(*shape)
    want = F.fold(x, out, kernel, dilation=dilation, padding=padding, stride=stride)
    got = fixes.col2im(x, list(out), list(kernel), list(dilation), list(padding), list(stride))
    torch.testing.assert_close(got, want, rtol=0, atol=1e-6)


class Fold(nn.Module):
    """VOLO's outlook attention ends in F.fold (aten.col2im)."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(4, 4 * 9, 1)
        self.proj = nn.Conv2d(4, 4, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.proj(F.fold(self.conv(x).flatten(2), (8, 8), 3, padding=1).relu())


def test_fold_builds_into_the_engine() -> None:
    art = tc.build_engine(Fold().eval(), [torch.randn(1, 4, 8, 8)], compute_capabilities=["8.9"], min_block_size=1)
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []
    assert "fold_as_conv_transpose" in art.report.shims_changed


def test_sort_of_a_1d_tensor_is_exact() -> None:
    x = torch.randn(16)
    values, indices = fixes.sort(x, -1, True)
    want = torch.sort(x, descending=True)
    assert torch.equal(values, want.values) and torch.equal(indices, want.indices)
    assert fixes.sort(torch.randn(2, 3)) is NotImplemented


@pytest.mark.slow
def test_moe_routing_builds_and_every_op_left_has_a_reason() -> None:
    """transformers' Mixtral: empty_permuted lands on cuda:0 in torch_tensorrt's decomposition (device mismatch on a
    CPU export), then a 1-D sort; what stays in PyTorch (histc, transformers' grouped_mm) says why."""
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.MixtralConfig(
        vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=4,
        num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2, max_position_embeddings=64,
    )  # fmt: skip
    model = _Logits(transformers.MixtralForCausalLM(config)).eval()
    art = tc.build_engine(model, [torch.randint(0, 100, (1, 8))], compute_capabilities=["8.9"])
    report = art.report
    assert report.trt_engines >= 1
    assert {"empty_on_graph_device", "sort_1d"} <= set(report.shims_changed)
    assert report.pytorch_ops and set(report.pytorch_op_reasons) == set(report.pytorch_ops)
    assert report.pytorch_op_reasons["aten.histc.default"] == "torch_tensorrt has no converter for it"
    if "aten.cumsum.default" in report.pytorch_ops:  # convertible, but alone between histc and grouped_mm
        assert "min_block_size=5" in report.pytorch_op_reasons["aten.cumsum.default"]


def test_empty_tensors_land_on_the_device_and_dtype_the_graph_names() -> None:
    made = fixes.empty_permuted([2, 3, 4], [0, 2, 1], dtype=torch.int32, device=torch.device("cpu"))
    assert made.shape == (2, 3, 4) and made.dtype == torch.int32 and made.device.type == "cpu"
    assert made.stride() == torch.empty_permuted((2, 3, 4), (0, 2, 1)).stride()
    strided = fixes.empty_strided([2, 3], [1, 2], dtype=torch.float16, device=torch.device("cpu"))
    assert strided.shape == (2, 3) and strided.stride() == (1, 2) and strided.dtype == torch.float16
    assert fixes.empty_strided([0, 3], [3, 1], device=torch.device("cpu")).shape == (0, 3)
    assert fixes.empty_permuted([2], [0]) is NotImplemented  # no device named: torch_tensorrt's choice stands


def test_an_op_kept_by_the_user_says_so() -> None:
    art = tc.build_engine(
        FourDimAttention().eval(), [torch.randn(1, 5, 16)], compute_capabilities=["8.9"],
        torch_executed_ops={"torch.ops.aten.scaled_dot_product_attention.default"}, min_block_size=1,
    )  # fmt: skip
    assert art.report.pytorch_op_reasons == {
        "aten.scaled_dot_product_attention.default": "torch_executed_ops keeps it in PyTorch"
    }


class Sequencer(nn.Module):
    """timm Sequencer style: bidirectional LSTMs along the width, an MLP between them."""

    def __init__(self, blocks: int = 3) -> None:
        super().__init__()
        self.rnns = nn.ModuleList(nn.LSTM(8, 4, batch_first=True, bidirectional=True) for _ in range(blocks))
        self.mlps = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(8), nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8)) for _ in range(blocks)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, h, w, c = x.shape
        for rnn, mlp in zip(self.rnns, self.mlps, strict=True):
            x = x + rnn(x.reshape(b * h, w, c))[0].reshape(b, h, w, c)
            x = x + mlp(x)
        return x


def test_recurrent_layers_that_would_unroll_too_far_stay_whole_and_say_why() -> None:
    from torchtrt_compat.ops.recurrent import MAX_UNROLLED_STEPS, count

    model, x = Sequencer().eval(), torch.randn(1, 2, 12, 8)
    found = count(torch.export.export(model, (x,), strict=False))
    assert (found.layers, found.steps) == (3, 3 * 12 * 2) and found.steps > MAX_UNROLLED_STEPS
    art = tc.build_engine(model, [x], compute_capabilities=["8.9"])
    report = art.report
    assert report.trt_engines >= 2  # the MLPs between the LSTMs
    assert "aten.lstm.input" in report.pytorch_ops
    assert "recurrent layer kept whole" in report.pytorch_op_reasons["aten.lstm.input"]
    assert "recurrent_in_pytorch" in report.shims_changed
    assert any("3 recurrent layers (72 time steps" in note for note in report.notes)


def test_a_short_recurrent_layer_is_still_unrolled_into_the_engine() -> None:
    model, x = Sequencer(blocks=1).eval(), torch.randn(1, 2, 8, 8)
    art = tc.build_engine(model, [x], compute_capabilities=["8.9"])
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []
    assert "recurrent_in_pytorch" not in art.report.shims


def test_without_the_shim_the_failure_is_a_converter_failure_not_the_driver() -> None:
    """TensorRT-RTX logs "CUDA driver version is insufficient" on every host without a driver; that line is not the
    cause of a failed ahead-of-time build, so it must not send the user to update a driver they do not have."""
    from torchtrt_compat._errors import BuildError
    from torchtrt_compat.shims import list_shims

    others = [s.name for s in list_shims() if s.name != "attention_rank"]
    with pytest.raises(BuildError) as info:
        tc.build_engine(
            FiveDimAttention().eval(), [torch.randn(1, 4, 6, 16)], compute_capabilities=["8.9"], shims=others
        )
    assert info.value.stage == "conversion" and "attention layer is None" in str(info.value)
    assert "driver" not in str(info.value).lower()


def test_decompose_attention_true_wins_over_the_attention_rewrite() -> None:
    """The user's decompose_attention=True is torch_tensorrt's own decomposition of every call: the attention_rank
    shim stays out of the way (it used to replace that decomposition and leave 3-/4-D calls undecomposed)."""
    from torchtrt_compat.compiler._upstream import shim_context
    from torchtrt_compat.shims import list_shims

    ctx = shim_context(aot=True, compute_capabilities=["8.9"], decompose_attention=True)
    assert "attention_rank" not in [s.name for s in list_shims(ctx=ctx)]
    art = tc.build_engine(
        FourDimAttention().eval(), [torch.randn(1, 5, 16)], compute_capabilities=["8.9"], decompose_attention=True,
        min_block_size=10_000,
    )  # fmt: skip
    assert "attention_rank" not in art.report.shims
    assert not any("scaled_dot_product_attention" in op for op in art.report.pytorch_ops)  # decomposed, all of it
    assert art.report.rewrite_check["status"] == "passed"


def test_masked_3d_attention_goes_to_the_decomposition() -> None:
    """TensorRT-RTX's attention layer takes a mask only in the padded 4-D form (SAM's image encoder)."""
    q = torch.randn(2, 5, 8)
    mask = torch.rand(2, 5, 5) > 0.2
    assert not fixes._attention_layer_takes(q, q, q, mask, False, False)
    assert fixes._attention_layer_takes(q, q, q, None, False, False)
    assert fixes._attention_layer_takes(q[None], q[None], q[None], mask[None], False, False)
