"""torch_tensorrt's rule-based autocast pass (``enable_autocast=True``, what ``enabled_precisions={torch.half}`` is
translated into from 2.13) builds graphs that do not type-check, or crashes.

``rule_based_autocast`` (torch_tensorrt 2.10+, ``lowering/passes/rule_based_autocast.py``) classifies every node as
low or high precision (its ``NodeClassifier``), casts *every* tensor argument of the node to that dtype and then
claims the node's output has it by calling ``node.meta["val"].to(dtype)``. Four failures follow, each seen on real
models (review zoo_2026-11-26, row 7):

- integer and boolean arguments are cast too: embedding indices become float16 ("Expected tensor for argument #1
  'indices' to have one of the following scalar types: Long, Int; but got torch.float16": ConvBert, GPTNeo);
- an op whose output dtype does not follow its inputs (``arange``, ``_to_copy(dtype=float32)``, ``full``) is claimed
  to be low precision while it still makes float32, so its consumers receive no cast ("Input type (float) and bias
  type (c10::Half) should be the same": Swin2SR, AutoencoderKL; "expected scalar type float32 but found float16":
  convit);
- metadata that is not one tensor crashes the claim: a tuple ("'tuple' object has no attribute 'to'": batch norm's
  three outputs, every ResNet) or a Python scalar (``'SymFloat' object has no attribute 'to'``: yolov8);
- the pass runs before functionalization, so a cast must never go between a tensor and the views an in-place op
  writes through (timm's ConViT fills its relative positions with ``zeros(...)[..., 2] = ...`` on the first call):
  the write would land in the cast copy. Upstream is spared only because it believes its own claim that ``zeros``
  is already FP16; giving ``zeros`` its real float32 dtype made the first version of this shim insert that cast, and
  the rewrite check caught it (relative error 0.42 where the model run in FP16 differs by 0.002).

The shim runs the same classification (the same classifier, settings and calibration data) and casts only floating
tensor arguments, leaves integers, booleans and scalars as they are, casts nothing along a chain of views that an
in-place op writes through, and gives every node the dtype it really computes: its metadata is recomputed from its
arguments' (FakeTensor propagation), not claimed. The classification, and so which layers are FP16, is upstream's.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import Any

from .._patch import patched
from ._registry import ShimContext, mark_changed, register_shim

SHIM = "autocast_dtypes"


def _is_float(val: Any) -> bool:
    dtype = getattr(val, "dtype", None)
    return bool(getattr(dtype, "is_floating_point", False)) and hasattr(val, "shape")


def _meta(arg: Any) -> Any:
    meta = getattr(arg, "meta", None)
    return meta.get("val") if isinstance(meta, dict) else None


class _Typed:
    """One pass over a graph: casts and metadata, counting the places where upstream's pass would have differed."""

    def __init__(self, gm: Any) -> None:
        import torch

        self.torch = torch
        self.gm = gm
        self.corrections = 0
        try:
            from torch._export.utils import _detect_fake_mode_from_gm

            self.fake_mode = _detect_fake_mode_from_gm(gm)
        except Exception:  # noqa: BLE001 - without a fake mode the metadata is recomputed on the FakeTensors' own
            self.fake_mode = None

    def cast_args(self, node: Any, dtype: Any) -> None:
        """Cast the floating tensor arguments of ``node`` to ``dtype``; integers, booleans, scalars stay."""
        torch = self.torch

        def cast(arg: Any) -> Any:
            if isinstance(arg, torch.fx.Node):
                val = _meta(arg)
                if _is_float(val) and isinstance(val, torch.Tensor):
                    if val.dtype == dtype:
                        return arg
                    with self.gm.graph.inserting_before(node):
                        converted = self.gm.graph.call_function(torch.ops.aten.to.dtype, args=(arg, dtype))
                    converted.meta.update(arg.meta)
                    converted.meta["val"] = val.to(dtype)
                    return converted
                if isinstance(val, torch.Tensor):  # an integer or boolean tensor: upstream casts it, we do not
                    self.corrections += 1
                return arg
            if isinstance(arg, (tuple, list)):
                return type(arg)(cast(a) for a in arg)
            if isinstance(arg, dict):
                return {k: cast(v) for k, v in arg.items()}
            return arg

        node.args = cast(node.args)
        node.kwargs = cast(node.kwargs)

    def retype(self, node: Any, dtype: Any) -> None:
        """Give ``node`` the dtype it computes now (its shapes and symbols stay as export traced them); where that
        cannot be computed, upstream's claim for a floating tensor. Tuples get their tensors' dtypes the same way
        and scalars are left alone (upstream's ``.to()`` crashes on both)."""
        torch = self.torch
        old = _meta(node)
        if isinstance(old, torch.Tensor):
            fresh = self._propagate(node)
            real = fresh.dtype if isinstance(fresh, torch.Tensor) else None
            if real is None:
                if _is_float(old):
                    node.meta["val"] = old.to(dtype)
                return
            if _is_float(old) and real != dtype:
                self.corrections += 1  # upstream would claim `dtype` for an op that makes another one
            node.meta["val"] = old if old.dtype == real else old.to(real)
        elif isinstance(old, (tuple, list)):
            self.corrections += 1
            fresh = self._propagate(node)
            fresh = fresh if isinstance(fresh, (tuple, list)) and len(fresh) == len(old) else [None] * len(old)
            node.meta["val"] = type(old)(
                (o.to(f.dtype) if isinstance(f, torch.Tensor) else o.to(dtype) if _is_float(o) else o)
                if isinstance(o, torch.Tensor)
                else o
                for o, f in zip(old, fresh, strict=True)
            )
        elif old is not None:
            self.corrections += 1  # a scalar (SymFloat, ...): upstream's .to() would crash here

    def _propagate(self, node: Any) -> Any:
        import contextlib

        torch = self.torch
        missing = []

        def value(arg: Any) -> Any:
            val = _meta(arg)
            if val is None:
                missing.append(arg)
            return val

        args = torch.fx.node.map_arg(node.args, value)
        kwargs = torch.fx.node.map_arg(node.kwargs, value)
        if missing or not callable(node.target):
            return None
        shape_env = getattr(self.fake_mode, "shape_env", None)
        fresh_symbols = shape_env.ignore_fresh_unbacked_symbols() if shape_env is not None else contextlib.nullcontext()
        try:
            with self.fake_mode if self.fake_mode is not None else contextlib.nullcontext(), fresh_symbols:
                return node.target(*args, **kwargs)
        except Exception:  # noqa: BLE001 - an op FakeTensor cannot run: keep upstream's claim
            return None

    def getitem(self, node: Any) -> None:
        """A getitem reads its producer's (new) metadata."""
        source = _meta(node.args[0]) if node.args else None
        index = node.args[1] if len(node.args) > 1 else None
        if isinstance(source, (tuple, list)) and isinstance(index, int) and -len(source) <= index < len(source):
            node.meta["val"] = source[index]


def _schema(target: Any) -> Any:
    return getattr(target, "_schema", None)


def _is_view(target: Any) -> bool:
    schema = _schema(target)
    returns = getattr(schema, "returns", None) or []
    return bool(returns) and getattr(returns[0], "alias_info", None) is not None and not schema.is_mutable


def written_through(gm: Any) -> set[Any]:
    """The in-place ops of ``gm`` and the chains of views they write through (a cast anywhere on such a chain would
    make the write land in a copy)."""
    kept: set[Any] = set()
    for node in gm.graph.nodes:
        schema = _schema(node.target) if node.op == "call_function" else None
        if schema is None or not schema.is_mutable:
            continue
        kept.add(node)
        source: Any = node.args[0] if node.args else None
        while getattr(source, "op", None) == "call_function" and _is_view(source.target) and source not in kept:
            kept.add(source)
            source = source.args[0] if source.args else None
    return kept


def typed_autocast(gm: Any, settings: Any) -> Any:
    """torch_tensorrt's rule-based autocast with each node's real dtypes (see the module docstring)."""
    import torch
    from torch_tensorrt._enums import dtype as trt_dtype
    from torch_tensorrt.dynamo.lowering.passes.nodeclassifier import NodeClassifier
    from torch_tensorrt.dynamo.lowering.passes.pass_utils import clean_up_graph_after_modifications

    low = settings.autocast_low_precision_type
    if isinstance(low, trt_dtype):
        low = low.to(torch.dtype)
    reference_data = getattr(settings, "autocast_intermediate_node_outputs", None)
    if hasattr(settings, "autocast_intermediate_node_outputs"):
        del settings.autocast_intermediate_node_outputs  # as upstream: the calibration outputs are read once
    classifier = NodeClassifier(
        gm.graph.nodes,
        excluded_nodes=settings.autocast_excluded_nodes,
        excluded_ops=settings.autocast_excluded_ops,
        max_output_threshold=settings.autocast_max_output_threshold,
        max_depth_of_reduction=settings.autocast_max_depth_of_reduction,
    )
    low_nodes, high_nodes = (set(names) for names in classifier.run(reference_data))
    typed = _Typed(gm)
    aliased = written_through(gm)
    skip = (torch.ops.higher_order.wrap_with_autocast, operator.getitem)
    for node in list(gm.graph.nodes):
        if node.op != "call_function":
            continue
        if node.target is operator.getitem:
            typed.getitem(node)
            continue
        if node.target in skip:
            continue
        dtype = low if node.name in low_nodes else torch.float32 if node.name in high_nodes else None
        if dtype is None:
            continue
        if node in aliased:
            typed.corrections += 1  # upstream casts here, and the in-place write would land in the copy
            typed.retype(node, dtype)
            continue
        typed.cast_args(node, dtype)
        typed.retype(node, dtype)
    if typed.corrections:
        mark_changed(SHIM)
    return clean_up_graph_after_modifications(gm)


def _typed(pass_fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(gm: Any, settings: Any) -> Any:
        if not getattr(settings, "enable_autocast", False) or settings.autocast_low_precision_type is None:
            return pass_fn(gm, settings)
        return typed_autocast(gm, settings)

    run.__name__ = getattr(pass_fn, "__name__", "rule_based_autocast")
    return run


@register_shim(
    SHIM,
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    when=lambda ctx: ctx.autocast,
    when_text="when enable_autocast=True (torchtrt_compat maps enabled_precisions to it in 2.13+)",
    summary="rule_based_autocast casts every tensor argument to the node's precision (embedding indices to float16), "
    "claims a low-precision output for ops that make float32 (arange, explicit casts: 'Input type (float) and bias "
    "type (c10::Half)') and crashes on tuple and scalar metadata ('SymFloat' object has no attribute 'to'); run the "
    "same classification, cast only floating tensors and give every node the dtype it really computes",
    undo="the pass manager's original pass list is put back when compile returns",
)
def _autocast_dtypes(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.lowering.passes import _aten_lowering_pass as lowering

    manager = lowering.ATEN_PRE_LOWERING_PASSES
    typed = [_typed(p) if getattr(p, "__name__", "") == "rule_based_autocast" else p for p in manager.passes]
    with patched(manager, "passes", typed):
        yield
