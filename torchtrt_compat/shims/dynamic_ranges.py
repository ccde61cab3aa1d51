"""torch_tensorrt narrows a dynamic dimension while lowering, then rejects the user's own range.

``post_lowering`` re-propagates fake tensors through the lowered graph (``FakeTensorUpdater.incremental_update``).
Fake kernels take guards to choose a memory layout: the convolution's ``_select_conv_backend`` asks e.g. whether the
batch is at least 4, answers with the example's size, and the shape environment records that as the range of the
batch symbol. torch_tensorrt 2.14 then compares the user's ``Input`` range with that narrowed range and refuses
("Input range [1, 32] vs exported program range [4, 32]") or builds a narrower engine (timm efficientvit_m0,
diffusers AutoencoderKL, transformers ConvBert/SqueezeBert/Mamba2 with a dynamic sequence).

Those guards decide the layout of fake tensors, not what the graph computes: the graph is the one ``torch.export``
exported and declared valid over the original range. So the range each size symbol had before ``post_lowering`` is
put back after it; a range torch.export itself set (``Dim(min=, max=)``, a constraint of the model's code) is never
widened, because it was already the range before lowering.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .._patch import patched
from ._registry import ShimContext, mark_changed, register_shim

NAME = "dynamic_range_kept"


def _shape_env(gm: Any) -> Any:
    from torch._export.utils import _detect_fake_mode_from_gm

    mode = _detect_fake_mode_from_gm(gm)
    return getattr(mode, "shape_env", None)


def _keeping_ranges(post_lowering: Callable[..., Any]) -> Callable[..., Any]:
    def run(gm: Any, *args: Any, **kwargs: Any) -> Any:
        env = _shape_env(gm)
        before = dict(env.var_to_range) if env is not None else {}
        out = post_lowering(gm, *args, **kwargs)
        if env is None:
            return out
        for symbol, kept in before.items():
            now = env.var_to_range.get(symbol)
            if now is not None and (now.lower != kept.lower or now.upper != kept.upper):
                env.var_to_range[symbol] = kept
                mark_changed(NAME)
        return out

    run.__name__ = getattr(post_lowering, "__name__", "post_lowering")
    return run


@register_shim(
    NAME,
    stage="compile",
    summary="post_lowering's fake-tensor update narrows dynamic ranges by memory-layout guards (e.g. batch >= 4 "
    "for a convolution), then torch_tensorrt rejects the user's Input range; keep each size symbol's range from "
    "before lowering.",
    undo="torch_tensorrt.dynamo._compiler.post_lowering is put back when compile returns",
)
def _dynamic_range_kept(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo import _compiler

    original = getattr(_compiler, "post_lowering", None)
    if original is None:  # a release without this pass: nothing to keep
        yield
        return
    with patched(_compiler, "post_lowering", _keeping_ranges(original)):
        yield


SCALARS = "engine_scalar_outputs"


def _tensor_like_scalar(node: Any, index: int, torch: Any) -> Any:
    """A 0-d fake tensor standing for the engine's scalar output ``index`` (what the engine really returns)."""
    vals = node.meta["val"]
    device = next((v.device for v in vals if isinstance(v, torch.Tensor)), torch.device("cuda"))
    mode = next((v.fake_mode for v in vals if hasattr(v, "fake_mode")), None)
    if mode is None:
        return None
    with mode:
        return torch.empty((), dtype=torch.int64, device=device)


def scalar_outputs_as_tensors(gm: Any) -> int:
    """For each TensorRT submodule call whose output is a size (a SymInt) used only by other TensorRT submodules:
    record that output as the 0-d int64 tensor the engine returns (the next engine takes it as a tensor, as
    TorchTensorRTModule itself passes it), so the saved program's ``execute_engine`` returns tensors only. Returns
    how many outputs changed."""
    import operator

    import torch

    changed = 0
    for node in list(gm.graph.nodes):
        if node.op != "call_module" or "_run_on_acc" not in str(node.target):
            continue
        vals = node.meta.get("val")
        if not isinstance(vals, (list, tuple)):
            continue
        for user in list(node.users):
            if user.op != "call_function" or user.target is not operator.getitem:
                continue
            index = user.args[1]
            if not isinstance(index, int) or not isinstance(vals[index], (torch.SymInt, int)):
                continue
            consumers = list(user.users)
            if not consumers or any(c.op != "call_module" or "_run_on_acc" not in str(c.target) for c in consumers):
                continue
            fake = _tensor_like_scalar(node, index, torch)
            if fake is None:
                continue
            vals = [*vals[:index], fake, *vals[index + 1 :]]
            node.meta["val"] = type(node.meta["val"])(vals) if isinstance(node.meta["val"], tuple) else vals
            user.meta["val"] = fake
            changed += 1
    return changed


@register_shim(
    SCALARS,
    stage="save",
    requires={"torch_tensorrt": ">=2.14"},
    summary="a dynamic-shape build split by an op left to PyTorch can pass a size (a SymInt) from one engine to the "
    "next; torch.export cannot save an execute_engine that returns one (\"'SymInt' object has no attribute "
    "'dtype'\"). The engine returns that size as a 0-d int64 tensor and the next engine takes it as one, so record "
    "it as such.",
    undo="torch_tensorrt.dynamo._exporter.inline_trt_modules is restored when the save returns; only the exporter's "
    "deep copy of the module is changed",
)
def _scalar_outputs(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo import _exporter

    original = _exporter.inline_trt_modules

    def inline(gm: Any, *args: Any, **kwargs: Any) -> Any:
        if scalar_outputs_as_tensors(gm):
            mark_changed(SCALARS)
        return original(gm, *args, **kwargs)

    with patched(_exporter, "inline_trt_modules", inline):
        yield
