"""`BuildWatch`: the one observer of a torch_tensorrt build.

It wraps, once each, the functions torch_tensorrt's compiler calls by name (``compile_module``: partitioning,
``convert_module``: conversion of one TensorRT block, ``TRTInterpreter.run_node`` and
``_populate_trt_builder_config``: the node being converted, then the engine build) and listens to its TensorRT
logger. From that one place it knows the `BuildStage` a build is in (for a `BuildError`), the op and node being
converted, the TensorRT log lines, the time spent partitioning and building, the aten nodes put into TensorRT, and
it announces each stage as progress.

Its patches go through `_patch.patched`, so they apply to the building thread only, and its log handler keeps only
the building thread's records: two builds never see each other's stage, log or timings.

What the watch saw becomes the error: `raise_build_error` hands upstream's exception, with the stage, node and
TensorRT log, to the troubleshooting table (`troubleshooting.reraise_explained`), which raises one `BuildError` with
the known cause and fix, or, for an error nobody recognised, one naming the stage, the op and a fix for them.
Upstream's exception is always the ``__cause__``.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .._errors import BuildError, BuildStage, CompatError, InternalError, UpstreamError
from .._patch import patched
from ..troubleshooting import reraise_explained
from ..ux.progress import stage as announce
from ..versions import sm_name

#: The logger torch_tensorrt's TensorRT (or TensorRT-RTX) ILogger writes to (torch_tensorrt/logging.py, 2.4-2.14).
TRT_LOGGER_NAME = "torch_tensorrt [TensorRT Conversion Context]"
_LOG_LINES = 40

#: What progress shows when a build enters a stage ("build" is numbered per engine, see `BuildWatch.label`).
STAGE_LABELS: dict[BuildStage, str] = {
    "export": "exporting",
    "lowering": "lowering",
    "partitioning": "partitioning",
    "conversion": "converting to TensorRT",
    "build": "building TensorRT engine",
}


def build_title(
    action: str, module: object, enabled_precisions: Any, kwargs: dict[str, Any], targets: Any = None
) -> str:
    """A title that tells two builds in one cell apart: the action, the model's class, the precision and targets,
    e.g. ``build_engine TinyNet FP16 for sm_89``."""
    name = type(module).__name__
    where = f" for {', '.join(sm_name(t) for t in targets)}" if targets else ""
    return f"{action} {name} {precision_label(enabled_precisions, kwargs)}{where}"


_PRECISIONS = {"float16": "FP16", "half": "FP16", "float32": "FP32", "float": "FP32", "bfloat16": "BF16",
               "int8": "INT8", "float8_e4m3fn": "FP8", "fp16": "FP16", "fp32": "FP32", "bf16": "BF16"}  # fmt: skip


def precision_label(enabled_precisions: Any, kwargs: dict[str, Any]) -> str:
    """FP32, FP16, FP16+FP32, FP16 autocast ...: what the reader set, from dtype names (no torch import)."""

    def label(dtype: object) -> str:
        name = str(dtype).rsplit(".", 1)[-1].lower()
        return _PRECISIONS.get(name, name.upper())

    if kwargs.get("enable_autocast"):
        return f"{label(kwargs.get('autocast_low_precision_type', 'float16'))} autocast"
    if not enabled_precisions:
        return "FP32"
    items = [enabled_precisions] if isinstance(enabled_precisions, str) else list(enabled_precisions)
    return "+".join(sorted({label(p) for p in items}))


@dataclass
class BuildWatch:
    """Where one torch_tensorrt build is, what it converts, what TensorRT logged and where the time went."""

    stage: BuildStage = "lowering"
    node: str | None = None  #: the node being converted, e.g. "slice_scatter_1"
    op: str | None = None  #: its op, e.g. "aten.slice_scatter.default"
    lines: list[str] = field(default_factory=list)  #: TensorRT log lines (WARNING and above) of this build
    targets: tuple[str, ...] = ()  #: compute capabilities of an ahead-of-time build (progress says "for sm_89")
    partition_s: float = 0.0  #: seconds inside compile_module (partitioning, conversion and engine builds)
    build_s: float = 0.0  #: seconds inside convert_module (conversion and engine builds)
    trt_nodes: int = 0  #: aten call_function nodes handed to TensorRT
    engines: int = 0  #: TensorRT blocks converted so far
    ignore: tuple[str, ...] = ()  #: lines with any of these are never a failure's cause (`NO_GPU_NOISE`)

    def log_text(self) -> str | None:
        """The TensorRT log lines that explain a failure: errors first, else the last warnings (None if empty)."""
        lines = [line for line in self.lines if not any(text in line for text in self.ignore)]
        errors = [line for line in lines if line.startswith(("ERROR", "CRITICAL"))]
        chosen = errors or lines
        return "\n".join(chosen[-_LOG_LINES:]) or None

    def enter(self, stage: BuildStage) -> None:
        """Move to ``stage`` and announce it as progress."""
        self.stage = stage
        if stage in ("lowering", "export", "partitioning"):
            announce(STAGE_LABELS[stage])

    def label(self) -> str:
        where = f" for {', '.join(sm_name(c) for c in self.targets)}" if self.targets else ""
        return f"{STAGE_LABELS['build']} {self.engines}{where}"

    def timings(self, total: float) -> dict[str, float]:
        """Seconds of lowering, partitioning and build, out of ``total`` seconds inside torch_tensorrt."""
        return {
            "lowering": max(total - self.partition_s, 0.0),
            "partitioning": max(self.partition_s - self.build_s, 0.0),
            "build": self.build_s,
        }

    @contextlib.contextmanager
    def watching(self) -> Iterator[BuildWatch]:
        """Wrap torch_tensorrt's compiler functions and listen to its TensorRT logger for the block."""
        from torch_tensorrt.dynamo import _compiler
        from torch_tensorrt.dynamo.conversion._TRTInterpreter import TRTInterpreter

        watch = self
        counter = itertools.count(1)

        def compile_module(original: Any) -> Any:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                watch.enter("partitioning")
                start = time.perf_counter()
                try:
                    result = original(*args, **kwargs)  # on failure the stage stays where it failed
                finally:
                    watch.partition_s += time.perf_counter() - start
                watch.stage, watch.node, watch.op = "lowering", None, None
                return result

            return wrapper

        def convert_module(original: Any) -> Any:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                before = watch.stage
                watch.engines = next(counter)
                watch.stage = "conversion"
                announce(watch.label())
                if args and hasattr(args[0], "graph"):
                    watch.trt_nodes += sum(1 for n in args[0].graph.nodes if n.op == "call_function")
                start = time.perf_counter()
                try:
                    result = original(*args, **kwargs)
                finally:
                    watch.build_s += time.perf_counter() - start
                watch.stage, watch.node, watch.op = before, None, None
                return result

            return wrapper

        original_run_node = TRTInterpreter.run_node

        def run_node(self: Any, n: Any) -> Any:
            if n.op == "call_function":
                watch.op, watch.node = str(n.target), n.name
            return original_run_node(self, n)

        original_populate = TRTInterpreter._populate_trt_builder_config

        def populate(self: Any, *args: Any, **kwargs: Any) -> Any:
            watch.stage = "build"  # the network is complete; the builder runs next
            return original_populate(self, *args, **kwargs)

        logger = logging.getLogger(TRT_LOGGER_NAME)
        handler = _ThreadLog(self, threading.get_ident())
        with contextlib.ExitStack() as stack:
            for name, wrap in (("compile_module", compile_module), ("convert_module", convert_module)):
                if hasattr(_compiler, name):
                    stack.enter_context(patched(_compiler, name, wrap(getattr(_compiler, name))))
            stack.enter_context(patched(TRTInterpreter, "run_node", run_node))
            stack.enter_context(patched(TRTInterpreter, "_populate_trt_builder_config", populate))
            logger.addHandler(handler)
            stack.callback(logger.removeHandler, handler)
            yield self


class _ThreadLog(logging.Handler):
    """TensorRT log records of the building thread (another thread's build logs to the same logger)."""

    def __init__(self, watch: BuildWatch, thread: int) -> None:
        super().__init__(logging.WARNING)
        self.watch = watch
        self.thread = thread

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread != self.thread:
            return
        with contextlib.suppress(Exception):
            self.watch.lines.append(f"{record.levelname}: {record.getMessage()}")
            del self.watch.lines[: -4 * _LOG_LINES]


# ---- the error a failed build raises ---------------------------------------------------------------------------
def raise_build_error(
    exc: BaseException, *, stage: BuildStage, op: str | None = None, node: str | None = None, log: str | None = None
) -> NoReturn:
    """Raise a `BuildError` for ``exc`` (upstream's failure at ``stage``), from ``exc``. A `CompatError` of ours
    (a usage problem found while building) goes out unchanged; everything else goes through the troubleshooting
    table (`troubleshooting.reraise_explained`), which gives known errors their cause and fix and unknown ones a
    fix for their stage and op."""
    if isinstance(exc, CompatError):
        raise exc

    try:
        reraise_explained(exc, stage=stage, op=op, node=node, log=log)
    except BuildError as explained:
        said = first_error_line(log)
        if said is None or said[:80] in explained.problem:
            raise
        # the log's own ERROR line says what the builder could not do (e.g. no tactic within the workspace limit)
        raise BuildError(
            f"{explained.problem} TensorRT said: {said}",
            explained.fix,
            stage=explained.stage,
            op=explained.op,
            log=explained.log,
            captured=explained.captured,
        ) from exc
    except UpstreamError as known:  # a known upstream failure outside the build stages: still a failed build
        raise BuildError(known.problem, known.fix, stage=stage, op=op, log=log) from exc
    raise InternalError(f"reraise_explained returned for a {stage} failure")  # it always raises


def first_error_line(log: str | None, limit: int = 400) -> str | None:
    """The first ``ERROR`` (or ``CRITICAL``) line of a build's TensorRT log, less the lines every host without a
    driver logs (`NO_GPU_NOISE`), cut to ``limit`` characters; None when there is none."""
    for line in (log or "").splitlines():
        text = line.strip()
        if text.startswith(("ERROR", "CRITICAL")) and not any(noise in text for noise in NO_GPU_NOISE):
            return text if len(text) <= limit else text[: limit - 1] + "…"
    return None


#: What TensorRT-RTX logs on every host without an NVIDIA driver, failed build or not: on such a host (an
#: ahead-of-time build) it is never the cause, and matching it sent converter failures to "update the driver".
NO_GPU_NOISE = ("CUDA driver version is insufficient",)
