"""deform_conv2d: the FakeTensor device-propagation repro and its fix, the mixed-device error, the decomposition's
numerics against torchvision's kernel, and the decomposed ExportedProgram."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
torchvision = pytest.importorskip("torchvision")

from _deform_repro import (  # noqa: E402
    CTX,
    ModuleNoBias,
    export as _export,  # noqa: E402
    fake_cuda as _fake_cuda,  # noqa: E402
    fold_constants_to_cpu as _fold_constants_to_cpu,  # noqa: E402
    targets as _targets,  # noqa: E402
)
from hypothesis import (  # noqa: E402
    assume,
    given,
    settings,
    strategies as st,  # noqa: E402
)
from torch import nn  # noqa: E402
from torch.fx.passes.fake_tensor_prop import FakeTensorProp  # noqa: E402
from torchvision.ops import DeformConv2d, deform_conv2d  # noqa: E402  (bound before any shim, as user code does)

from torchtrt_compat._errors import UsageError  # noqa: E402
from torchtrt_compat.ops import explain_device_mismatch  # noqa: E402
from torchtrt_compat.ops.deform_conv2d import deform_conv2d as decomposition  # noqa: E402
from torchtrt_compat.shims import ShimContext, activate, list_shims  # noqa: E402

OP = torch.ops.torchvision.deform_conv2d.default


class Issue3556(nn.Module):
    """The model from pytorch/TensorRT#3556: the functional form, imported at module level, with mask=None."""

    def __init__(self) -> None:
        super().__init__()
        self.offset_conv = nn.Conv2d(3, 18, 3, padding=1)
        self.deform_conv = DeformConv2d(3, 16, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        offset = self.offset_conv(x)
        return deform_conv2d(x, offset, self.deform_conv.weight, self.deform_conv.bias, stride=1, padding=1)


def test_registration_metadata() -> None:
    (shim,) = list_shims("deform_conv2d_device")
    assert shim.stage == "export"
    assert shim.requires == {"torchvision": ">=0.16"}
    assert shim.needed_by() == "torchvision>=0.16"
    assert "grid_sampler_2d" in shim.summary and "restores" in shim.undo
    assert shim.applies(CTX)
    assert not shim.applies(ShimContext(versions={"torchvision": "0.15.2"}))
    assert not shim.applies(ShimContext(versions={"torchvision": None}))


@pytest.mark.parametrize("model_cls", [Issue3556, ModuleNoBias])
def test_device_propagation_error_reproduced_without_shim(model_cls: type[nn.Module]) -> None:
    mode, model, x = _fake_cuda(model_cls)
    gm = _fold_constants_to_cpu(_export(model, (x,), shim=False).module(), mode)
    with pytest.raises(RuntimeError, match="two (different )?devices,? cuda:0,? (and )?cpu") as info:
        FakeTensorProp(gm, mode).propagate(x)
    error = info.value
    while getattr(error, "func", None) is None and error.__cause__ is not None:
        error = error.__cause__
    assert error.func is OP  # the torchvision op, reading the CPU-folded zero mask next to a cuda:0 input


@pytest.mark.parametrize("model_cls", [Issue3556, ModuleNoBias])
def test_shim_fixes_device_propagation(model_cls: type[nn.Module]) -> None:
    mode, model, x = _fake_cuda(model_cls)
    gm = _fold_constants_to_cpu(_export(model, (x,), shim=True).module(), mode)
    out = FakeTensorProp(gm, mode).propagate(x)
    assert str(out.device) == "cuda:0" and tuple(out.shape) == (1, 16, 16, 16)
    assert not [t for t in _targets(gm) if t.startswith("torchvision.")]


def test_module_path_creates_no_default_constants() -> None:
    _, model, x = _fake_cuda(ModuleNoBias)
    assert "aten.zeros.default" in _targets(_export(model, (x,), shim=False).graph_module)
    assert "aten.zeros.default" not in _targets(_export(model, (x,), shim=True).graph_module)


def test_mixed_devices_raise_usage_error() -> None:
    mode, model, x = _fake_cuda(ModuleNoBias)
    with mode:  # a weight left on the CPU while everything else is on cuda:0: a real user mistake
        model.deform_conv.weight = nn.Parameter(torch.randn(16, 3, 3, 3, device="cpu"))
    with pytest.raises(UsageError, match=r"input on cuda:0, offset on cuda:0, weight on cpu") as info:
        _export(model, (x,), shim=True)
    assert "model.to(" in str(info.value)
    with pytest.raises(RuntimeError) as raw:  # without the shim: FakeTensor's error, made readable by the helper
        _export(model, (x,), shim=False)
    explained = explain_device_mismatch(raw.value)
    assert explained is not None and "deform_conv2d" in explained.problem and "cpu" in explained.problem


def test_shim_undoes_its_patch() -> None:
    before = (torchvision.ops.deform_conv2d, torchvision.ops.deform_conv.deform_conv2d)
    with activate("export", CTX, ["deform_conv2d_device"]) as applied:
        assert torchvision.ops.deform_conv2d is not before[0]
        assert set(applied.decompositions) == {OP}
    assert (torchvision.ops.deform_conv2d, torchvision.ops.deform_conv.deform_conv2d) == before


def relative_error(out: torch.Tensor, ref: torch.Tensor) -> float:
    """max |out - ref| / max(1, max |ref|): absolute for small outputs, relative to the output's scale otherwise."""
    return float((out - ref).abs().max() / ref.abs().max().clamp_min(1.0))


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 2),
    groups=st.integers(1, 2),
    offset_groups=st.integers(1, 2),
    cin_mult=st.integers(1, 2),
    cout_mult=st.integers(1, 2),
    kernel=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    stride=st.tuples(st.integers(1, 2), st.integers(1, 2)),
    padding=st.tuples(st.integers(0, 2), st.integers(0, 2)),
    dilation=st.tuples(st.integers(1, 2), st.integers(1, 2)),
    size=st.tuples(st.integers(1, 7), st.integers(1, 7)),
    offset_scale=st.sampled_from([0.0, 0.7, 3.0, 12.0]),  # 12: most taps land outside the image
    use_mask=st.booleans(),
    use_bias=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_decomposition_matches_torchvision(
    n, groups, offset_groups, cin_mult, cout_mult, kernel, stride, padding, dilation, size, offset_scale,
    use_mask, use_bias, seed,
) -> None:  # fmt: skip
    (kh, kw), (h, w) = kernel, size
    ho = (h + 2 * padding[0] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    wo = (w + 2 * padding[1] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    assume(ho > 0 and wo > 0)
    gen = torch.Generator().manual_seed(seed)
    cin = groups * offset_groups * cin_mult
    cout = groups * cout_mult
    x = torch.randn(n, cin, h, w, generator=gen)
    weight = torch.randn(cout, cin // groups, kh, kw, generator=gen)
    offset = torch.randn(n, 2 * offset_groups * kh * kw, ho, wo, generator=gen) * offset_scale
    mask = torch.rand(n, offset_groups * kh * kw, ho, wo, generator=gen) if use_mask else torch.zeros(n, 1)
    bias = torch.randn(cout, generator=gen) if use_bias else torch.zeros(cout)
    args = (x, weight, offset, mask, bias, *stride, *padding, *dilation, groups, offset_groups, use_mask)
    assert relative_error(decomposition(*args), OP(*args)) <= 1e-4


def test_decomposition_replaces_only_the_op() -> None:
    """Against run_decompositions({}), the only ops that disappear are deform_conv2d and its now-unused zero mask."""
    model, x = Issue3556().eval(), torch.randn(1, 3, 16, 16)
    baseline = _targets(torch.export.export(model, (x,), strict=False).run_decompositions({}).graph_module)
    ours = _targets(torch.export.export(model, (x,), strict=False).run_decompositions({OP: decomposition}).graph_module)
    assert set(baseline - ours) == {"torchvision.deform_conv2d.default", "aten.zeros.default"}
    assert set(ours - baseline) <= EMITTED


EMITTED = {
    "aten.arange.default", "aten.mul.Tensor", "aten.sub.Tensor", "aten.add.Tensor", "aten.unsqueeze.default",
    "aten.view.default", "aten.select.int", "aten.cat.default", "aten.grid_sampler_2d.default",
    "aten.matmul.default",
}  # fmt: skip


def test_catalogue_model_decomposed_runs_on_cpu() -> None:
    from torchtrt_compat.models import get_model

    entry = get_model("deform_convnet")
    model, inputs = entry.build(), entry.example_inputs()
    ep = _export(model, inputs, shim=True)
    targets = _targets(ep.graph_module)
    assert not [t for t in targets if t.startswith("torchvision.")]
    assert targets["aten.grid_sampler_2d.default"] == 2
    torch.testing.assert_close(ep.module()(*inputs), model(*inputs), atol=1e-4, rtol=1e-4)


def test_explain_device_mismatch_reads_the_older_message_too() -> None:
    old = RuntimeError(
        "Unhandled FakeTensor Device Propagation for torchvision.deform_conv2d.default, found two different devices "
        "cuda:0, cpu"
    )
    try:
        raise ValueError("export failed") from old
    except ValueError as wrapped:
        explained = explain_device_mismatch(wrapped)
    assert explained is not None
    assert explained.problem.startswith("torchvision.deform_conv2d.default got tensors on two devices, cuda:0 and cpu")
    assert explain_device_mismatch(RuntimeError("something else")) is None
