"""torch_tensorrt's rule-based autocast pass crashes on nodes with several outputs.

``rule_based_autocast`` (torch_tensorrt 2.10+) casts ``node.meta["val"]`` with ``.to(dtype)``, which fails with
"'tuple' object has no attribute 'to'" for multi-output ops such as ``_native_batch_norm_legit_no_training`` (every
ResNet). While the pass runs we give such tuples a ``.to`` that casts their tensors, then turn them back into plain
tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .._patch import patched
from ._registry import ShimContext, mark_changed, register_shim


class _CastableTuple(tuple):
    def to(self, dtype: Any) -> _CastableTuple:
        return _CastableTuple(
            v.to(dtype) if hasattr(v, "to") and getattr(v, "is_floating_point", lambda: False)() else v for v in self
        )


def _swap_meta(gm: Any, wrap: bool) -> None:
    for node in gm.graph.nodes:
        val = node.meta.get("val")
        if wrap and type(val) in (tuple, list):
            node.meta["val"] = _CastableTuple(val)
            mark_changed("autocast_multi_output")  # a multi-output node the pass would have crashed on
        elif not wrap and isinstance(val, _CastableTuple):
            node.meta["val"] = tuple(val)


def _tolerant(pass_fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(gm: Any, settings: Any) -> Any:
        _swap_meta(gm, wrap=True)
        try:
            out = pass_fn(gm, settings)
        finally:
            _swap_meta(gm, wrap=False)
        _swap_meta(out, wrap=False)
        return out

    run.__name__ = getattr(pass_fn, "__name__", "rule_based_autocast")
    return run


@register_shim(
    "autocast_multi_output",
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    when=lambda ctx: ctx.autocast,
    when_text="when enable_autocast=True (torchtrt_compat maps enabled_precisions to it in 2.13+)",
    summary="rule_based_autocast calls .to() on multi-output nodes' tuple metadata and crashes; give those tuples "
    "a .to() while the pass runs.",
    undo="the pass manager's original pass list is put back when compile returns; node metadata is plain tuples "
    "again after the pass",
)
def _autocast_multi_output(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.lowering.passes import _aten_lowering_pass as lowering

    manager = lowering.ATEN_PRE_LOWERING_PASSES
    tolerant = [_tolerant(p) if getattr(p, "__name__", "") == "rule_based_autocast" else p for p in manager.passes]
    with patched(manager, "passes", tolerant):
        yield
