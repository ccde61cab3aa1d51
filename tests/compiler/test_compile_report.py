"""The compile report says which shims really changed the graph, apart from those that were merely active."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torchvision")

from torchtrt_compat.models import get_model  # noqa: E402

from torchtrt_compat.compiler.exporter import export_with_plan  # noqa: E402
from torchtrt_compat.compiler.inputs import plan_inputs  # noqa: E402


def _export(model: torch.nn.Module, inputs: tuple[object, ...]):  # type: ignore[no-untyped-def]
    return export_with_plan(model, plan_inputs(model, arg_inputs=list(inputs)))


def test_shims_active_for_a_model_without_their_ops_change_nothing() -> None:
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()
    result = _export(model, (torch.randn(1, 3, 16, 16),))
    assert {"deform_conv2d_device", "roi_align_decomposition"} <= set(result.shims)
    assert result.changed == []


@pytest.mark.parametrize(
    ("name", "shim"), [("deform_convnet", "deform_conv2d_device"), ("roi_head", "roi_align_decomposition")]
)
def test_a_shim_whose_op_is_in_the_model_is_reported_as_changing_it(name: str, shim: str) -> None:
    entry = get_model(name)
    result = _export(entry.build(), tuple(entry.example_inputs()))
    assert shim in result.changed
    assert set(result.changed) <= set(result.shims)
    ops = {str(n.target) for n in result.program.graph.nodes if n.op == "call_function"}
    assert not any(op.startswith("torchvision.") for op in ops), ops
