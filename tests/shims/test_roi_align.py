"""roi_align: the decomposition's numerics against torchvision's kernel, the decomposed ExportedProgram, and nms as
the reported PyTorch fallback."""

from __future__ import annotations

import collections
import math

import pytest

torch = pytest.importorskip("torch")
torchvision = pytest.importorskip("torchvision")

from hypothesis import (  # noqa: E402
    given,
    settings,
    strategies as st,  # noqa: E402
)
from torchtrt_compat.models import get_model  # noqa: E402

from torchtrt_compat.ops import unsupported_in_trt, why_in_pytorch  # noqa: E402
from torchtrt_compat.ops.deform_conv2d import deform_conv2d as deform_decomposition  # noqa: E402
from torchtrt_compat.ops.roi_align import (  # noqa: E402
    roi_align as decomposition,
    roi_align as roi_align_decomposition,
)
from torchtrt_compat.shims import ShimContext, activate, list_shims  # noqa: E402

OP = torch.ops.torchvision.roi_align.default
CTX = ShimContext(versions={"torch": torch.__version__, "torchvision": torchvision.__version__})


def relative_error(out: torch.Tensor, ref: torch.Tensor) -> float:
    """max |out - ref| / max(1, max |ref|): absolute for small outputs, relative to the output's scale otherwise."""
    if out.numel() == 0:
        return 0.0
    return float((out - ref).abs().max() / ref.abs().max().clamp_min(1.0))


def _targets(gm: torch.fx.GraphModule) -> collections.Counter[str]:
    return collections.Counter(str(n.target) for n in gm.graph.nodes if n.op == "call_function")


def test_registration_metadata() -> None:
    (shim,) = list_shims("roi_align_decomposition")
    assert shim.stage == "export"
    assert shim.requires == {"torchvision": ">=0.16"}
    assert shim.applies(CTX) and not shim.applies(ShimContext(versions={"torchvision": None}))
    assert shim.summary and shim.undo
    with activate("export", CTX, ["roi_align_decomposition"]) as applied:
        assert applied.applied == ["roi_align_decomposition"] and set(applied.decompositions) == {OP}


def _rois(draw, n: int, k: int, extent: tuple[float, float], max_size: tuple[float, float]) -> torch.Tensor:
    """``[K, 5]`` rois; corners may lie outside the image (down to -extent/4), sizes up to ``max_size``."""
    rows = []
    for _ in range(k):
        x1 = draw(st.floats(-extent[1] / 4, extent[1], width=32))
        y1 = draw(st.floats(-extent[0] / 4, extent[0], width=32))
        rows.append([draw(st.integers(0, n - 1)), x1, y1, x1 + draw(st.floats(0, max_size[1], width=32)),
                     y1 + draw(st.floats(0, max_size[0], width=32))])  # fmt: skip
    return torch.tensor(rows, dtype=torch.float32).reshape(k, 5)


@st.composite
def cases(draw):
    n, c = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    h, w = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    ph, pw = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    scale = draw(st.sampled_from([0.25, 0.5, 1.0]))
    sampling_ratio = draw(st.sampled_from([-1, 0, 1, 2, 3]))
    aligned = draw(st.booleans())
    if sampling_ratio > 0:
        max_size = (3 * h / scale, 3 * w / scale)  # anything, even far outside
    else:  # the adaptive path is exact for ROIs up to S * pooled feature pixels, S = ceil(size / pooled)
        max_size = (math.ceil(h / ph) * ph / scale, math.ceil(w / pw) * pw / scale)
    rois = _rois(draw, n, draw(st.integers(0, 4)), (h / scale, w / scale), max_size)
    seed = draw(st.integers(0, 2**16))
    x = torch.randn(n, c, h, w, generator=torch.Generator().manual_seed(seed))
    return x, rois, scale, ph, pw, sampling_ratio, aligned


@settings(max_examples=40, deadline=None)
@given(case=cases())
def test_decomposition_matches_torchvision(case) -> None:
    assert relative_error(decomposition(*case), OP(*case)) <= 1e-4


@pytest.mark.parametrize("aligned", [False, True])
def test_adaptive_sampling_exact_for_a_roi_covering_the_feature_map(aligned: bool) -> None:
    x = torch.randn(1, 4, 13, 10)
    rois = torch.tensor([[0.0, 0.0, 0.0, 10.0, 13.0], [0.0, -0.5, -0.5, 10.5, 13.5]])
    args = (x, rois, 1.0, 3, 4, -1, aligned)
    assert relative_error(decomposition(*args), OP(*args)) <= 1e-4


def test_catalogue_roi_head_decomposed_runs_on_cpu() -> None:
    entry = get_model("roi_head")
    model, inputs = entry.build(), entry.example_inputs()
    with activate("export", CTX, ["roi_align_decomposition"]) as applied:
        ep = torch.export.export(model, inputs, strict=False)
    ep = ep.run_decompositions(applied.decompositions)
    targets = _targets(ep.graph_module)
    assert not [t for t in targets if t.startswith("torchvision.")]
    assert targets["aten.grid_sampler_2d.default"] == 1
    for out, ref in zip(ep.module()(*inputs), model(*inputs), strict=False):
        torch.testing.assert_close(out, ref, atol=1e-4, rtol=1e-4)


def test_nms_stays_in_pytorch_and_is_named() -> None:
    entry = get_model("roi_head_nms")
    model, inputs = entry.build(), entry.example_inputs()
    ep = torch.export.export(model, inputs, strict=False).run_decompositions(
        {
            torch.ops.torchvision.deform_conv2d.default: deform_decomposition,
            torch.ops.torchvision.roi_align.default: roi_align_decomposition,
        }
    )
    left = {t.replace("torchvision.", "torchvision::").removesuffix(".default") for t in _targets(ep.graph_module)
            if t.startswith("torchvision.")}  # fmt: skip
    assert left == {"torchvision::nms"}
    assert left <= unsupported_in_trt()
    assert all(why_in_pytorch(t) for t in _targets(ep.graph_module) if t.startswith("torchvision.nms"))
    for out, ref in zip(ep.module()(*inputs), model(*inputs), strict=True):
        torch.testing.assert_close(out, ref)


def test_ops_we_decompose_are_not_reported_as_staying_in_pytorch() -> None:
    names = unsupported_in_trt()
    assert "torchvision::nms" in names
    assert not {"torchvision::roi_align", "torchvision::deform_conv2d"} & names
    assert why_in_pytorch("torchvision.roi_align.default") is None and why_in_pytorch("aten.add.Tensor") is None
