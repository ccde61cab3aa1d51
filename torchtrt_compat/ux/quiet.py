"""Keep upstream chatter off the console: capture what torch, torch_tensorrt and TensorRT print while we call them.

Importing torch_tensorrt and building with it print things a user can do nothing about: a native ``WARNING:
[Torch-TensorRT] - Unable to read CUDA capable devices``, torch's ``W1122 ... is deprecated`` lines, the modelopt
notice, ``FutureWarning``s. `captured` collects them while torchtrt_compat calls upstream, from three places:

* Python ``warnings`` (``warnings.catch_warnings``, which restores the filters and ``showwarning`` exactly);
* log records of the upstream loggers (``torch``, ``torch_tensorrt``, ``tensorrt``, ``modelopt``, ``py.warnings``):
  ``logging.Logger.callHandlers`` is wrapped for the block, through `_patch.patched`, so handlers, levels and
  propagation are never touched; records of any other logger (yours, ours) pass through unchanged;
* native writes to file descriptor 2 (C++ loggers), redirected to a temporary file and put back with ``dup2``;
  ``sys.stderr`` itself is redirected too, so Python-level prints to stderr land in the same place.

With ``verbose=True`` nothing is captured. Blocks nest: an inner block joins the outer one. The lines are kept on
the `Capture` (``lines``) so that the compile report can count them and the CLI can write them to a log file.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import tempfile
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from .._patch import patched

#: loggers whose records are upstream chatter (each name and its children)
UPSTREAM_LOGGERS = ("torch", "torch_tensorrt", "tensorrt", "tensorrt_rtx", "modelopt", "py.warnings")
ENV_VERBOSE = "TORCHTRT_COMPAT_VERBOSE"

_LOCK = threading.RLock()
_active: list[Capture] = []
_last: list[Capture] = []


@dataclass
class Capture:
    """What one `captured` block collected: one entry per warning, log record or native output line."""

    lines: list[str] = field(default_factory=list)
    verbose: bool = False
    console: TextIO | None = None  #: the real stderr while the block runs (progress lines go there)

    def text(self) -> str:
        return "\n".join(self.lines) + ("\n" if self.lines else "")


def verbose_default() -> bool:
    """True when ``TORCHTRT_COMPAT_VERBOSE`` is set to something other than 0/empty."""
    return os.environ.get(ENV_VERBOSE, "").strip().lower() not in ("", "0", "false", "no")


def last_capture() -> Capture | None:
    """The `Capture` of the most recent outermost block that has ended (also when it ended with an exception)."""
    return _last[0] if _last else None


def current() -> Capture | None:
    """The innermost open `captured` block of this process, if any."""
    return _active[-1] if _active else None


def _is_upstream(name: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in UPSTREAM_LOGGERS)


@contextlib.contextmanager
def captured(verbose: bool | None = None) -> Iterator[Capture]:
    """Collect upstream warnings, log records and native stderr output for the block (see the module docstring).

    ``verbose=None`` reads ``TORCHTRT_COMPAT_VERBOSE``. A block inside another one adds to the outer `Capture`; so
    does a block that starts while another thread's is open (stderr and logging are process-wide), without waiting.
    """
    if verbose is None:
        verbose = verbose_default()
    with _LOCK:  # held only to pick the owner: a block open in another thread is joined, never waited for
        outer = current()
        if outer is None:
            cap = Capture(verbose=True, console=sys.stderr) if verbose else Capture()
            _active.append(cap)
            _last[:] = [cap]
    if outer is not None:
        yield outer
        return
    try:
        if verbose:
            yield cap
            return
        with contextlib.ExitStack() as stack:
            stack.enter_context(_native_stderr(cap))
            stack.enter_context(_log_records(cap))
            stack.enter_context(_warnings(cap))
            stack.enter_context(_python_stderr(cap))
            yield cap
    finally:
        with _LOCK:
            _active.remove(cap)


@contextlib.contextmanager
def _warnings(cap: Capture) -> Iterator[None]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")  # each distinct warning once, as Python shows them by default
        try:
            yield
        finally:
            for w in caught:
                cap.lines.append(f"{w.category.__name__}: {w.message} ({w.filename}:{w.lineno})")


@contextlib.contextmanager
def _log_records(cap: Capture) -> Iterator[None]:
    """Upstream records go to the capture and to every handler except those that write to the console."""
    original = logging.Logger.callHandlers
    formatter = logging.Formatter("%(levelname)s %(name)s: %(message)s")
    consoles = {id(s) for s in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__) if s is not None}

    def call_handlers(self: logging.Logger, record: logging.LogRecord) -> None:
        if not _is_upstream(record.name):
            original(self, record)
            return
        if record.levelno >= logging.INFO:
            cap.lines.append(formatter.format(record))
        logger: logging.Logger | None = self
        while logger is not None:  # what Logger.callHandlers does, minus console handlers and lastResort
            for handler in logger.handlers:
                if record.levelno >= handler.level and not _to_console(handler, consoles):
                    handler.handle(record)
            logger = logger.parent if logger.propagate else None

    with patched(logging.Logger, "callHandlers", call_handlers):
        yield


def _to_console(handler: logging.Handler, consoles: set[int]) -> bool:
    """A handler writing to stdout/stderr (a StreamHandler, or one like torch's with a ``stream`` property)."""
    if isinstance(handler, logging.FileHandler):
        return False
    stream = getattr(handler, "stream", None)
    if stream is None:
        return False
    if id(stream) in consoles or stream is sys.stderr or stream is sys.stdout:
        return True
    if type(stream).__name__ == "OutStream":  # ipykernel's stdout/stderr
        return True
    try:
        return stream.fileno() in (1, 2)
    except (AttributeError, OSError, ValueError):
        return False


@contextlib.contextmanager
def _python_stderr(cap: Capture) -> Iterator[None]:
    buffer = io.StringIO()
    with contextlib.redirect_stderr(buffer):
        try:
            yield
        finally:
            cap.lines += [line for line in buffer.getvalue().splitlines() if line.strip()]


@contextlib.contextmanager
def _native_stderr(cap: Capture) -> Iterator[None]:
    """Point file descriptor 2 at a temporary file for the block; ``cap.console`` writes to the real one."""
    try:
        fd = sys.__stderr__.fileno() if sys.__stderr__ is not None else 2
        saved = os.dup(fd)
    except (OSError, ValueError, AttributeError):  # no usable fd 2 (embedded interpreters): Python capture only
        cap.console = sys.stderr
        yield
        return
    console: Any = None
    with tempfile.TemporaryFile(mode="w+b") as sink:
        _flush_all()
        os.dup2(sink.fileno(), fd)
        try:
            console = os.fdopen(os.dup(saved), "w", buffering=1, encoding="utf-8", errors="replace", closefd=True)
            cap.console = console if _is_terminal(saved) else sys.stderr
            yield
        finally:
            _flush_all()
            os.dup2(saved, fd)
            os.close(saved)
            if console is not None:
                console.close()
            sink.seek(0)
            text = sink.read().decode("utf-8", errors="replace")
            cap.lines += [line for line in text.splitlines() if line.strip()]


def _is_terminal(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def _flush_all() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    with contextlib.suppress(Exception):  # C stdio buffers of native libraries
        import ctypes

        ctypes.CDLL(None).fflush(None)
