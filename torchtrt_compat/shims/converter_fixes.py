"""Compile-stage shims that rewrite ops torch_tensorrt's converters reject or mis-convert (`ops.converter_fixes`).

torch_tensorrt lowers every program with ``run_decompositions(get_decompositions(...))`` (dynamo/_compiler.py); these
shims add their rewrite to that table while a compile runs, so they also apply to an ``ExportedProgram`` passed in,
and to ops that only appear once the program is functionalized (``slice_scatter`` from an in-place slice update).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any

from .._patch import patched
from ..ops.converter_fixes import (
    addmm,
    avg_pool2d,
    col2im,
    empty_permuted,
    empty_strided,
    max_pool2d,
    scaled_dot_product_attention,
    slice_scatter,
    sort,
    unsafe_index_put as rewrite,
)
from ..ops.converter_limits import refusal, touches_complex
from ..ops.recurrent import RECURRENT_OPS
from ._registry import ShimContext, mark_changed, register_shim

#: attributes a rewrite installed by `extra_decompositions` carries: the shim it reports to, and torch_tensorrt's own
#: decomposition of the op it stands in front of (None when torch_tensorrt has none), for the rewrite check's search
REPORTS_TO = "_torchtrt_compat_reports_to"
REPLACES = "_torchtrt_compat_replaces"


def _reporting(shim: str, rewrite: Callable[..., Any], replaces: Callable[..., Any] | None) -> Callable[..., Any]:
    """``rewrite`` that marks ``shim`` as having changed the graph whenever it rewrites a call (a rewrite returns
    NotImplemented for the calls it leaves to torch_tensorrt's own decomposition)."""

    @functools.wraps(rewrite)
    def run(*args: Any, **kwargs: Any) -> Any:
        out = rewrite(*args, **kwargs)
        if out is not NotImplemented:
            mark_changed(shim)
        return out

    setattr(run, REPORTS_TO, shim)
    setattr(run, REPLACES, replaces)
    return run


@contextlib.contextmanager
def extra_decompositions(shim: str, table: Callable[[], dict[Any, Callable[..., Any]]]) -> Iterator[None]:
    """Add ``table()`` to the decompositions torch_tensorrt's compiler applies before conversion. Every rewrite is
    installed wrapped so that a call it takes reports ``shim`` as having changed the graph (`mark_changed`): there
    is no way to install one that changes a graph silently (tests/shims/test_reporting.py holds every shim to it)."""
    from torch_tensorrt.dynamo import _compiler

    original = _compiler.get_decompositions

    def with_ours(*args: Any, **kwargs: Any) -> dict[Any, Callable[..., Any]]:
        theirs = original(*args, **kwargs)
        return {**theirs, **{op: _reporting(shim, fn, theirs.get(op)) for op, fn in table().items()}}

    with patched(_compiler, "get_decompositions", with_ours):
        yield


@register_shim(
    "max_pool_ceil_mode",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="the max_pool2d / avg_pool2d converters reject ceil_mode=True, so the pool (and the conv/bn/relu beside "
    "it) stayed in PyTorch; rewrite max pooling as -inf padding + floor mode, average pooling as window sums over "
    "zero padding divided by the count of what PyTorch counts, which convert",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def max_pool_ceil_mode(ctx: ShimContext) -> Iterator[None]:
    import torch

    table: dict[Any, Callable[..., Any]] = {
        torch.ops.aten.max_pool2d.default: max_pool2d,
        torch.ops.aten.avg_pool2d.default: avg_pool2d,
    }
    with extra_decompositions("max_pool_ceil_mode", lambda: table):
        yield


@register_shim(
    "slice_scatter_clamp",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="an in-place update of a slice (a[:, :, 1:, 1:] += b) lowers to slice_scatter(end=INT64_MAX), which "
    "crashes the converter (numpy broadcast of a (1,1,1,0) index); clamp start/end to the dimension first",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def slice_scatter_clamp(ctx: ShimContext) -> Iterator[None]:
    import torch

    with extra_decompositions("slice_scatter_clamp", lambda: {torch.ops.aten.slice_scatter.default: slice_scatter}):
        yield


@register_shim(
    "addmm_as_linear",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    when=lambda ctx: ctx.flavour == "tensorrt-rtx",
    when_text="TensorRT-RTX",
    summary="addmm(bias_1d, x, w) (GPT-2's Conv1D) followed by split + attention makes TensorRT-RTX's builder fail "
    "(build_serialized_network returned None; MyelinCheckException logical_mem_size); lower it as linear(x, w.t(), "
    "bias), which builds",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def addmm_as_linear(ctx: ShimContext) -> Iterator[None]:
    import torch

    with extra_decompositions("addmm_as_linear", lambda: {torch.ops.aten.addmm.default: addmm}):
        yield


@register_shim(
    "attention_rank",
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    when=lambda ctx: not ctx.decompose_attention,
    when_text="unless decompose_attention=True (then torch_tensorrt decomposes every call itself)",
    summary="scaled_dot_product_attention with 5-D query/key/value (timm NesT, Hiera), or 3-D with a mask (SAM's "
    "image encoder: 'Query tensor must be 4D for padded (BHND) form'), passes torch_tensorrt's validator but "
    "TensorRT's attention layer cannot take it ('attention layer is None'); decompose exactly those calls into "
    "matmul + softmax (what decompose_attention=True does for all), keep the others one attention layer",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def attention_rank(ctx: ShimContext) -> Iterator[None]:
    import torch

    table = {torch.ops.aten.scaled_dot_product_attention.default: scaled_dot_product_attention}
    with extra_decompositions("attention_rank", lambda: table):
        yield


@register_shim(
    "attention_constant_inputs",
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    summary="key/value (or query, mask) that constant folding turned into weights (DETR's learned queries) reach the "
    "attention converter as torch tensors and add_attention_v2 rejects them ('incompatible function arguments'); "
    "add them to the network as constants first",
    undo="torch_tensorrt's impl.attention.scaled_dot_product_attention is restored when compile returns",
)
def attention_constant_inputs(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.conversion import impl
    from torch_tensorrt.dynamo.conversion.converter_utils import get_trt_tensor

    original = impl.attention.scaled_dot_product_attention

    def with_constants(
        conv_ctx: Any, target: Any, source_ir: Any, name: str, query: Any, key: Any, value: Any, *args: Any, **kw: Any
    ) -> Any:
        import torch

        tensors = {"query": query, "key": key, "value": value}
        for label, value_ in tensors.items():
            if isinstance(value_, torch.Tensor):
                mark_changed("attention_constant_inputs")
                tensors[label] = get_trt_tensor(conv_ctx, value_, f"{name}_{label}_constant")
        return original(conv_ctx, target, source_ir, name, *tensors.values(), *args, **kw)

    with patched(impl.attention, "scaled_dot_product_attention", with_constants):
        yield


@register_shim(
    "empty_on_graph_device",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="torch_tensorrt's empty_permuted / empty_strided decompositions hard-code its default device (cuda:0), so "
    "in a program exported on the CPU the new tensor and the tensors it meets differ in device ('Mismatching "
    "aten.index_put device', transformers' Mixtral); create them on the device (and dtype) the graph names",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def empty_on_graph_device(ctx: ShimContext) -> Iterator[None]:
    import torch

    table: dict[Any, Callable[..., Any]] = {
        torch.ops.aten.empty_permuted.default: empty_permuted,
        torch.ops.aten.empty_strided.default: empty_strided,
    }
    with extra_decompositions("empty_on_graph_device", lambda: table):
        yield


@register_shim(
    "sort_1d",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="the sort converter (a TopK layer) gives a 1-D input's indices no shape ('Could not get tensor shape' at "
    "the next op; transformers' Mixtral expert routing); sort the [1, n] view instead",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def sort_1d(ctx: ShimContext) -> Iterator[None]:
    import torch

    with extra_decompositions("sort_1d", lambda: {torch.ops.aten.sort.default: sort}):
        yield


@register_shim(
    "fold_as_conv_transpose",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="F.fold (aten.col2im: timm's VOLO) decomposes to _unsafe_index_put with accumulate=True, which has no "
    "converter without torch_tensorrt's ScatterAdd plugin and stayed in PyTorch; lower it as a grouped "
    "conv_transpose2d with one-hot kernels placing the blocks unpadded, then the padding cropped by a slice and "
    "zeros for the rows no block reaches (equal to F.fold over a property-tested grid), which converts",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def fold_as_conv_transpose(ctx: ShimContext) -> Iterator[None]:
    import torch

    with extra_decompositions("fold_as_conv_transpose", lambda: {torch.ops.aten.col2im.default: col2im}):
        yield


@register_shim(
    "unsafe_index_put",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="aten._unsafe_index_put has no converter and stayed in PyTorch; lower it as aten.index_put (the same "
    "result for in-range indices), which converts",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def unsafe_index_put(ctx: ShimContext) -> Iterator[None]:
    import torch

    with extra_decompositions("unsafe_index_put", lambda: {torch.ops.aten._unsafe_index_put.default: rewrite}):
        yield


@register_shim(
    "recurrent_in_pytorch",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    when=lambda ctx: ctx.recurrent_keep_whole,
    when_text="the graph's LSTM/GRU/RNN layers would unroll into more steps than build in reasonable time",
    summary="torch_tensorrt unrolls LSTM/GRU/RNN layers over every time step; timm's sequencer2d_s (36 LSTMs) became "
    "31,686 nodes and was still building after 1,500 s. Above ops.recurrent.MAX_UNROLLED_STEPS keep each "
    "layer whole in PyTorch (one op between engines) and say so in the report",
    undo="torch_tensorrt.dynamo._compiler.get_decompositions is restored when compile returns",
)
def recurrent_in_pytorch(ctx: ShimContext) -> Iterator[None]:
    import torch
    from torch_tensorrt.dynamo import _compiler

    keep = {getattr(torch.ops.aten, name).input for name in RECURRENT_OPS}
    original = _compiler.get_decompositions

    def without_recurrent(*args: Any, **kwargs: Any) -> dict[Any, Callable[..., Any]]:
        mark_changed("recurrent_in_pytorch")  # only active for a graph that has them
        return {op: fn for op, fn in original(*args, **kwargs).items() if op not in keep}

    with patched(_compiler, "get_decompositions", without_recurrent):
        yield


@register_shim(
    "known_converter_failures_in_pytorch",
    stage="compile",
    requires={"torch_tensorrt": ">=2.4"},
    summary="some calls pass a converter's capability check and then fail in it: adaptive average pooling whose "
    "input is not a multiple of its output (UPerNet's pyramid pooling: 'Could not get tensor shape', a concat shape "
    "mismatch) and nodes that read or make complex tensors (FFT/STFT: FNet); refuse exactly those calls "
    "(ops.converter_limits), so that they stay in PyTorch with the reason and the rest still becomes engines",
    undo="torch_tensorrt's ConverterRegistry.__getitem__ is restored when compile returns",
)
def known_converter_failures_in_pytorch(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.conversion._ConverterRegistry import ConverterRegistry

    original = ConverterRegistry.__getitem__

    def validated(self: Any, node: Any) -> Any:
        why = refusal(node)
        if why is not None:
            mark_changed("known_converter_failures_in_pytorch")
            raise KeyError(f"torchtrt_compat keeps {getattr(node, 'name', node)} in PyTorch: {why}")
        return original(self, node)

    with patched(ConverterRegistry, "__getitem__", validated):
        yield


def _has_complex(gm: Any) -> bool:
    return any(touches_complex(n) for n in gm.graph.nodes if n.op == "call_function")


def _lowers_cleanly(pass_fn: Callable[..., Any], gm: Any, settings: Any) -> str | None:
    """Run the complex lowering on a copy of ``gm``'s graph (the weights shared, nothing of ``gm`` touched): None
    when it succeeds, else its error."""
    import copy

    import torch

    try:
        trial = torch.fx.GraphModule(gm, copy.deepcopy(gm.graph))
    except Exception:  # noqa: BLE001 - no copy to try on: upstream's pass runs as it would without the shim
        return None
    try:
        pass_fn(trial, settings)
    except Exception as exc:  # any failure of upstream's pass on this graph: keep the graph as it is
        text = str(exc).strip().splitlines()
        return f"{type(exc).__name__}: {text[0][:200] if text else ''}"
    return None


@register_shim(
    "complex_in_pytorch",
    stage="compile",
    requires={"torch_tensorrt": ">=2.10"},
    summary="torch_tensorrt's complex lowering (complex_lowering_pass) rewrites complex arithmetic into real pairs, "
    "and crashes on graphs it does not know (FNet's FFT: 'view_as_complex is only supported for half, float and "
    "double tensors, but got ComplexFloat'), before partitioning, so torch_executed_ops cannot help; try it on a copy "
    "of the graph first and, when it fails, leave the graph as it was: the nodes that read or make complex tensors "
    "then stay in PyTorch (known_converter_failures_in_pytorch) and the rest becomes engines",
    undo="the post-lowering pass manager's original pass list is put back when compile returns",
)
def complex_in_pytorch(ctx: ShimContext) -> Iterator[None]:
    from torch_tensorrt.dynamo.lowering.passes import _aten_lowering_pass as lowering

    manager = lowering.ATEN_POST_LOWERING_PASSES

    def guarded(pass_fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(gm: Any, settings: Any) -> Any:
            if not _has_complex(gm):
                return pass_fn(gm, settings)
            failure = _lowers_cleanly(pass_fn, gm, settings)
            if failure is None:
                return pass_fn(gm, settings)
            mark_changed("complex_in_pytorch")
            return gm

        run.__name__ = getattr(pass_fn, "__name__", "complex_lowering_pass")
        return run

    passes = [guarded(p) if "complex" in getattr(p, "__name__", "") else p for p in manager.passes]
    with patched(manager, "passes", passes):
        yield
