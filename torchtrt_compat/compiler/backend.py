"""The call into ``torch_tensorrt.dynamo.compile``: compile-stage shims, one `BuildWatch`, a partition summary."""

from __future__ import annotations

import contextlib
import logging
import operator
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .._engines import is_engine
from ._upstream import load_torch_tensorrt
from ..shims import ShimContext, activate
from .releases import dynamo_input_kwargs, installed_release_fields
from .settings import Translation
from .watch import BuildWatch
from .failures import raise_build_error


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
    engines, torch_ops, _ = _summary(gm)
    total = trt_nodes + len(torch_ops)
    return engines, sorted(set(torch_ops)), (trt_nodes / total if total else None)


def _summary(gm: Any) -> tuple[int, list[str], None]:
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
    return engines, torch_ops, None


def dynamo_compile(
    program: Any,
    *,
    trt_args: list[Any],
    trt_kwargs: dict[str, Any],
    translation: Translation,
    ctx: ShimContext,
    shims: str | list[str] | None,
) -> BackendResult:
    """``torch_tensorrt.dynamo.compile(program, ...)`` under the compile-stage shims, watched by one `BuildWatch`;
    every failure is raised as a `BuildError` (stage, op, TensorRT log; known ones with their cause and fix)."""

    tt = load_torch_tensorrt(ctx)
    watch = BuildWatch(targets=ctx.targets if ctx.aot else ())
    start = time.perf_counter()
    # the call shape is the release's: inputs= in 2.4, arg_inputs= / kwarg_inputs= from 2.5
    inputs = dynamo_input_kwargs(translation.release or installed_release_fields(), trt_args, trt_kwargs)
    watch.enter("lowering")
    with (
        activate("compile", ctx, shims) as applied,
        watch.watching(),
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
    engines, torch_nodes, _ = _summary(gm)
    total_nodes = watch.trt_nodes + len(torch_nodes)
    return BackendResult(
        gm,
        engines,
        sorted(set(torch_nodes)),
        watch.trt_nodes / total_nodes if total_nodes else None,
        watch.timings(time.perf_counter() - start),
        list(applied.applied),
        changed=list(applied.changed),
        nodes=(watch.trt_nodes, len(torch_nodes)),
    )
