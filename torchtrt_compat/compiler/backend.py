"""The call into ``torch_tensorrt.dynamo.compile``: compile-stage shims, one `BuildWatch`, a partition summary."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import operator
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .._engines import is_engine
from ..ops.converter_limits import refusal
from ..ops.recurrent import count, recurrent_op
from ..shims import ShimContext, activate
from ._upstream import load_torch_tensorrt
from .releases import dynamo_input_kwargs, installed_release_fields
from .rewrite_check import CheckResult, Reference, RewriteCheck, checking
from .settings import Translation
from .watch import NO_GPU_NOISE, BuildWatch, raise_build_error


@dataclass
class BackendResult:
    """What ``torch_tensorrt.dynamo.compile`` made: the module and what is inside it, and where the time went."""

    module: Any  #: the partitioned torch.fx.GraphModule torch_tensorrt returned
    trt_engines: int
    pytorch_ops: list[str]  #: aten ops left to PyTorch (sorted, unique)
    trt_op_fraction: float | None
    timings: dict[str, float]  #: seconds: lowering, partitioning, build
    shims: list[str]  #: compile-stage shims that were active
    changed: list[str] = field(default_factory=list)  #: compile-stage shims whose change took effect
    nodes: tuple[int, int] = (0, 0)  #: (aten nodes inside TensorRT engines, aten nodes left to PyTorch)
    op_reasons: dict[str, str] = field(default_factory=dict)  #: op left to PyTorch -> why (`why_left`)
    notes: list[str] = field(default_factory=list)  #: what the build decided on its own (recurrent layers kept)
    rewrite_check: dict[str, Any] = field(default_factory=dict)  #: `rewrite_check.CheckResult.to_dict`


@contextlib.contextmanager
def _debug_logging(enabled: bool) -> Iterator[None]:
    if not enabled:
        yield
        return
    logger = logging.getLogger("torch_tensorrt")
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        logger.setLevel(level)


def _op_name(target: Any) -> str:
    return (
        str(target) if not callable(target) or hasattr(target, "_schema") else getattr(target, "__name__", str(target))
    )


def summarize(gm: Any, trt_nodes: int) -> tuple[int, list[str], float | None]:
    """(number of TensorRT engines, aten ops left to PyTorch, share of ops inside TensorRT)."""
    engines, torch_ops = _summary(gm)
    total = trt_nodes + len(torch_ops)
    return engines, sorted(set(torch_ops)), (trt_nodes / total if total else None)


def _pytorch_nodes(gm: Any) -> list[Any]:
    """The call_function nodes that run in PyTorch: in the non-engine submodules and in the top graph."""
    graphs = [child.graph for _, child in gm.named_children() if not is_engine(child) and hasattr(child, "graph")]
    return [
        n
        for graph in [*graphs, gm.graph]
        for n in graph.nodes
        if n.op == "call_function" and n.target is not operator.getitem
    ]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "_ConverterRegistry" not in record.name:  # the validators' own words, not the registry's bookkeeping
            self.lines.append(record.getMessage())


def why_left(gm: Any, settings: dict[str, Any]) -> dict[str, str]:
    """Op left to PyTorch -> why, asked of torch_tensorrt's converter registry for one node of each op: no converter
    at all; a converter whose capability check refuses this call (with what the check logged, when it says); a call
    the converter claims but fails on (`ops.converter_limits`); kept by ``torch_executed_ops``; or convertible but in
    a run shorter than ``min_block_size``."""
    try:
        from torch_tensorrt.dynamo.conversion._ConverterRegistry import DYNAMO_CONVERTERS
    except ImportError:
        return {}
    executed = {str(op).removeprefix("torch.ops.") for op in settings.get("torch_executed_ops") or ()}
    block = settings.get("min_block_size", 5)
    reasons: dict[str, str] = {}
    logger = logging.getLogger("torch_tensorrt")
    refused: set[str] = set()
    for node in _pytorch_nodes(gm):
        op = _op_name(node.target)
        known = refusal(node)  # a call the converter claims but fails on (shim known_converter_failures_in_pytorch)
        if known is not None and op not in refused:  # one such call of an op says why that op is here
            reasons[op] = known
            refused.add(op)
            continue
        if op in reasons:
            continue
        if op in executed or str(node.target) in executed:
            reasons[op] = "torch_executed_ops keeps it in PyTorch"
            continue
        if recurrent_op(node.target) is not None:
            reasons[op] = "a recurrent layer kept whole: unrolled it would take long to build (see the note)"
            continue
        if DYNAMO_CONVERTERS.get_unvalidated(node.target) is None:
            reasons[op] = "torch_tensorrt has no converter for it"
            continue
        collect = _Collect()
        saved = (logger.handlers, logger.level, logger.propagate)
        logger.handlers, logger.propagate = [collect], False
        logger.setLevel(logging.DEBUG)
        try:
            accepted = node in DYNAMO_CONVERTERS
        except Exception:  # a validator that cannot read this node's metadata: no reason rather than a failure
            continue
        finally:
            logger.handlers, logger.propagate = saved[0], saved[2]
            logger.setLevel(saved[1])
        if not accepted:
            said = next((line for line in reversed(collect.lines) if line.strip()), "")
            reasons[op] = "torch_tensorrt's converter refuses this call" + (f" ({said[:200]})" if said else "")
        elif isinstance(block, int) and block > 1:
            reasons[op] = (
                f"convertible, but in a run of fewer than min_block_size={block} ops between PyTorch ops "
                "(min_block_size=1 puts it into an engine)"
            )
        else:
            reasons[op] = (
                "convertible, but torch_tensorrt's partitioner left it out (an input or output it cannot take)"
            )
    return reasons


def _summary(gm: Any) -> tuple[int, list[str]]:
    """(TensorRT engines, the aten op of every node left to PyTorch, with repeats)."""
    engines = 0
    torch_ops: list[str] = []
    for _, child in gm.named_children():
        if is_engine(child):
            engines += 1
        elif hasattr(child, "graph"):
            torch_ops += [
                _op_name(n.target)
                for n in child.graph.nodes
                if n.op == "call_function" and n.target is not operator.getitem
            ]
    torch_ops += [
        _op_name(n.target) for n in gm.graph.nodes if n.op == "call_function" and n.target is not operator.getitem
    ]
    return engines, torch_ops


def dynamo_compile(
    program: Any,
    *,
    trt_args: list[Any],
    trt_kwargs: dict[str, Any],
    translation: Translation,
    ctx: ShimContext,
    shims: str | list[str] | None,
    reference: Reference | CheckResult | None = None,
    export_changed: list[str] | None = None,
    reduced_precision: bool = False,
) -> BackendResult:
    """``torch_tensorrt.dynamo.compile(program, ...)`` under the compile-stage shims, watched by one `BuildWatch`;
    every failure is raised as a `BuildError` (stage, op, TensorRT log; known ones with their cause and fix).

    With a ``reference`` (the model's outputs, `rewrite_check.reference`) the graph torch_tensorrt is about to
    partition is first run against it (`rewrite_check`); a `CheckResult` instead says why it is not."""
    notes = []
    recurrent = count(program)
    if recurrent.keep_whole:  # shim recurrent_in_pytorch: no unrolling into tens of thousands of nodes
        ctx = dataclasses.replace(ctx, recurrent_keep_whole=True)
        notes.append(recurrent.note())
    tt = load_torch_tensorrt(ctx)
    watch = BuildWatch(targets=ctx.targets if ctx.aot else (), ignore=() if ctx.has_gpu else NO_GPU_NOISE)
    start = time.perf_counter()
    # the call shape is the release's: inputs= in 2.4, arg_inputs= / kwarg_inputs= from 2.5
    inputs = dynamo_input_kwargs(translation.release or installed_release_fields(), trt_args, trt_kwargs)
    watch.enter("lowering")
    with (
        activate("compile", ctx, shims) as applied,
        watch.watching(),
        checking(_check(reference, translation, applied, export_changed, reduced_precision)) as check,
        _debug_logging(translation.debug_logging),
    ):
        try:
            gm = tt.dynamo.compile(program, **inputs, **translation.kwargs)
        except Exception as exc:
            converting = watch.stage == "conversion"
            raise_build_error(
                exc,
                stage=watch.stage,
                op=watch.op if converting else None,
                node=watch.node if converting else None,
                log=watch.log_text(),
            )
    engines, torch_nodes = _summary(gm)
    total_nodes = watch.trt_nodes + len(torch_nodes)
    timings = watch.timings(time.perf_counter() - start)
    if not isinstance(reference, Reference):
        checked = (reference or CheckResult("off", reason="rewrite_check=False")).to_dict()
    elif check is None or check.result is None:
        checked = CheckResult("not run", reason="torch_tensorrt did not hand a graph to partitioning").to_dict()
    else:
        checked = check.result.to_dict()
        in_build = max(check.result.seconds - reference.seconds, 0.0)  # the reference ran before the build
        timings = {
            **timings,
            "lowering": max(timings["lowering"] - in_build, 0.0),
            "rewrite check": check.result.seconds,
        }
    return BackendResult(
        gm,
        engines,
        sorted(set(torch_nodes)),
        watch.trt_nodes / total_nodes if total_nodes else None,
        timings,
        list(applied.applied),
        changed=list(applied.changed),
        nodes=(watch.trt_nodes, len(torch_nodes)),
        op_reasons=why_left(gm, translation.kwargs) if torch_nodes else {},
        notes=notes,
        rewrite_check=checked,
    )


def _check(
    reference: Reference | CheckResult | None,
    translation: Translation,
    applied: Any,
    export_changed: list[str] | None,
    reduced_precision: bool,
) -> RewriteCheck | None:
    if not isinstance(reference, Reference):
        return None
    return RewriteCheck(
        reference,
        reduced_precision=bool(translation.kwargs.get("enable_autocast")) or reduced_precision,
        compile_changed=lambda: list(applied.changed),
        export_changed=list(export_changed or []),
    )
