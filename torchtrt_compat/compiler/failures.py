"""One exception type for every failed build: `BuildError`, with the stage, the op or node, and TensorRT's log.

`raise_build_error` hands upstream's exception to the troubleshooting table (`troubleshooting.reraise_explained`),
which raises a `BuildError` with the known cause and fix, or, for an error nobody recognised, one naming the stage,
the op and a fix for them. Upstream's exception is always the ``__cause__``.

`BuildTracker` follows torch_tensorrt through a compile (lowering -> partitioning -> conversion -> build), remembers
the node being converted and captures the TensorRT log, so that "build_serialized_network returned None" arrives
with the lines that say why.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .._errors import BuildError, CompatError, InternalError, UpstreamError
from .._patch import patched

#: The logger torch_tensorrt's TensorRT (or TensorRT-RTX) ILogger writes to (torch_tensorrt/logging.py, 2.4-2.14).
TRT_LOGGER_NAME = "torch_tensorrt [TensorRT Conversion Context]"
_LOG_LINES = 40


def raise_build_error(
    exc: BaseException, *, stage: str, op: str | None = None, node: str | None = None, log: str | None = None
) -> NoReturn:
    """Raise a `BuildError` for ``exc`` (upstream's failure at ``stage``), from ``exc``. A `CompatError` of ours
    (a usage problem found while building) goes out unchanged; everything else goes through the troubleshooting
    table (`troubleshooting.reraise_explained`), which gives known errors their cause and fix and unknown ones a
    fix for their stage and op."""
    if isinstance(exc, CompatError):
        raise exc
    from ..troubleshooting import reraise_explained

    try:
        reraise_explained(exc, stage=stage, op=op, node=node, log=log)
    except BuildError:
        raise
    except UpstreamError as known:  # a known upstream failure outside the build stages: still a failed build
        raise BuildError(known.problem, known.fix, stage=stage, op=op, log=log) from exc
    raise InternalError(f"reraise_explained returned for a {stage} failure")  # it always raises


#: What TensorRT-RTX logs on every host without an NVIDIA driver, failed build or not: on such a host (an
#: ahead-of-time build) it is never the cause, and matching it sent converter failures to "update the driver".
NO_GPU_NOISE = ("CUDA driver version is insufficient",)


@dataclass
class BuildTracker:
    """Where a torch_tensorrt compile is, the node being converted, and the TensorRT log lines seen."""

    stage: str = "lowering"
    node: str | None = None  #: the node being converted, e.g. "slice_scatter_1"
    op: str | None = None  #: its op, e.g. "aten.slice_scatter.default"
    lines: list[str] = field(default_factory=list)
    ignore: tuple[str, ...] = ()  #: lines with any of these are not the failure's cause (`NO_GPU_NOISE`)

    def log_text(self) -> str | None:
        """The TensorRT log lines that explain a failure: errors first, else the last warnings (None if empty)."""
        lines = [line for line in self.lines if not any(text in line for text in self.ignore)]
        errors = [line for line in lines if line.startswith(("ERROR", "CRITICAL"))]
        chosen = errors or lines
        return "\n".join(chosen[-_LOG_LINES:]) or None


class _Capture(logging.Handler):
    def __init__(self, tracker: BuildTracker) -> None:
        super().__init__(logging.WARNING)
        self.tracker = tracker

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            self.tracker.lines.append(f"{record.levelname}: {record.getMessage()}")
            del self.tracker.lines[: -4 * _LOG_LINES]


def _staged(fn: Any, tracker: BuildTracker, stage: str) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        before = tracker.stage
        tracker.stage = stage
        result = fn(*args, **kwargs)  # on failure the stage stays where it failed
        tracker.stage, tracker.node, tracker.op = before, None, None
        return result

    return wrapper


@contextlib.contextmanager
def track_build(tracker: BuildTracker) -> Iterator[BuildTracker]:
    """Follow torch_tensorrt's stages (by wrapping functions its compiler calls by name, where they exist) and
    capture its TensorRT logger; everything is put back on exit."""
    from torch_tensorrt.dynamo import _compiler
    from torch_tensorrt.dynamo.conversion._TRTInterpreter import TRTInterpreter

    original_run_node = TRTInterpreter.run_node

    def run_node(self: Any, n: Any) -> Any:
        if n.op == "call_function":
            tracker.op, tracker.node = str(n.target), n.name
        return original_run_node(self, n)

    original_populate = TRTInterpreter._populate_trt_builder_config

    def populate(self: Any, *args: Any, **kwargs: Any) -> Any:
        tracker.stage = "build"  # the network is complete; the builder runs next
        return original_populate(self, *args, **kwargs)

    logger = logging.getLogger(TRT_LOGGER_NAME)
    handler = _Capture(tracker)
    with contextlib.ExitStack() as stack:
        for name, stage in (("compile_module", "partitioning"), ("convert_module", "conversion")):
            if hasattr(_compiler, name):
                stack.enter_context(patched(_compiler, name, _staged(getattr(_compiler, name), tracker, stage)))
        stack.enter_context(patched(TRTInterpreter, "run_node", run_node))
        stack.enter_context(patched(TRTInterpreter, "_populate_trt_builder_config", populate))
        logger.addHandler(handler)
        stack.callback(logger.removeHandler, handler)
        yield tracker
