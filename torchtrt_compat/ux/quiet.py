"""Keep upstream chatter off the console: capture what torch, torch_tensorrt and TensorRT print while we call them.

Importing torch_tensorrt and building with it print things a user can do nothing about: a native ``WARNING:
[Torch-TensorRT] - Unable to read CUDA capable devices``, torch's ``W1122 ... is deprecated`` lines, the modelopt
notice, ``FutureWarning``s. `captured` collects them while torchtrt_compat calls upstream, from three places:

* Python ``warnings`` (``warnings.catch_warnings``, which restores the filters and ``showwarning`` exactly);
* log records of the upstream loggers (``torch``, ``torch_tensorrt``, ``tensorrt``, ``modelopt``, ``py.warnings``):
  ``logging.Logger.callHandlers`` is wrapped for the block, through `_patch.patched`, so handlers, levels and
  propagation are never touched; records of any other logger (yours, ours) pass through unchanged;
* Python writes to ``sys.stderr`` by the capturing thread: ``sys.stderr`` is a proxy for the block that keeps the
  capturing thread's writes and passes every other thread's writes to the console, so another thread's output is
  never swallowed nor attributed to a build;
* native writes to file descriptor 2 (C++ loggers), redirected to a temporary file and put back with ``dup2``. File
  descriptors are process-wide and carry no thread: when another thread wrote to ``sys.stderr`` or captured too
  during the block these lines are kept apart (``Capture.unattributed``), out of the compile report.

Warnings and log records are attributed the same way: only the capturing thread's are captured (records through a
per-thread `_patch.patched` ``Logger.callHandlers``, warnings through a ``showwarning`` that asks the thread).

The root logger is left as it was: upstream code that calls the module-level ``logging.debug(...)`` (torch_tensorrt's
lowering passes do) would run ``logging.basicConfig()`` while ``sys.stderr`` is the proxy, leaving a root handler
bound to it, every later upstream warning on the console and the user's own ``logging.basicConfig(...)`` a no-op.
In the capturing thread ``logging.basicConfig`` does nothing for the block (per thread, `_patch.patched`); when the
block ends the root logger's handlers and level are restored exactly, and any handler anywhere that was bound to
the proxy is pointed at the stream the proxy stood for.

With ``verbose=True`` nothing is captured. Blocks nest within a thread: an inner block joins the outer one. A block
in another thread is its own. The lines are kept on the `Capture` (``lines``) so that the compile report can count
them and the CLI can write them to a log file.
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
_THREAD = threading.local()  # .open: this thread's open blocks (outermost first); .last: its last outermost block


@dataclass
class Capture:
    """What one `captured` block collected: one entry per warning, log record or output line of its thread."""

    lines: list[str] = field(default_factory=list)
    verbose: bool = False
    console: TextIO | None = None  #: the real stderr while the block runs (progress lines go there)
    #: native stderr lines written while other Python threads ran: they may be another thread's, so they stay out
    #: of the compile report (the CLI's log file keeps them)
    unattributed: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.lines) + ("\n" if self.lines else "")


def verbose_default() -> bool:
    """True when ``TORCHTRT_COMPAT_VERBOSE`` is set to something other than 0/empty."""
    return os.environ.get(ENV_VERBOSE, "").strip().lower() not in ("", "0", "false", "no")


def _open() -> list[Capture]:
    if not hasattr(_THREAD, "open"):
        _THREAD.open = []
    opened: list[Capture] = _THREAD.open
    return opened


def last_capture() -> Capture | None:
    """The `Capture` of this thread's most recent outermost block that has ended (also when it ended with an
    exception)."""
    last: Capture | None = getattr(_THREAD, "last", None)
    return last


def current() -> Capture | None:
    """The innermost open `captured` block of this thread, if any."""
    opened = _open()
    return opened[-1] if opened else None


def _is_upstream(name: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in UPSTREAM_LOGGERS)


class _Shared:
    """The process-wide parts of capturing (fd 2, warnings, the ``sys.stderr`` proxy), owned by whichever block
    opened them first; blocks of other threads register with them."""

    host: int | None = None  #: the thread whose block holds fd 2 and the warnings hooks
    console: TextIO | None = None  #: the real stderr while fd 2 is redirected
    proxy: _ThreadStderr | None = None
    captures: dict[int, Capture] = {}  #: thread -> its outermost non-verbose block
    crowded = False  #: another thread wrote to stderr, or captured, while fd 2 was redirected


@contextlib.contextmanager
def captured(verbose: bool | None = None) -> Iterator[Capture]:
    """Collect upstream warnings, log records and stderr output of this thread for the block (see the module
    docstring).

    ``verbose=None`` reads ``TORCHTRT_COMPAT_VERBOSE``. A block inside another one of the same thread adds to the
    outer `Capture`; a block in another thread collects only its own thread's output and never waits.
    """
    if verbose is None:
        verbose = verbose_default()
    outer = current()
    if outer is not None:
        yield outer
        return
    cap = Capture(verbose=True, console=sys.stderr) if verbose else Capture()
    opened = _open()
    opened.append(cap)
    _THREAD.last = cap
    try:
        if verbose:
            yield cap
            return
        with contextlib.ExitStack() as stack:
            stack.enter_context(_root_logger_kept())
            stack.enter_context(_registered(cap))
            stack.enter_context(_log_records(cap))
            stack.enter_context(_python_stderr(cap))
            yield cap
    finally:
        opened.remove(cap)


def _no_basic_config(*args: Any, **kwargs: Any) -> None:
    """``logging.basicConfig`` in a capturing thread: upstream code must not configure the user's root logger."""


@contextlib.contextmanager
def _root_logger_kept() -> Iterator[None]:
    """The root logger's handlers and level exactly as before the block (see the module docstring)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        with patched(logging, "basicConfig", _no_basic_config):
            yield
    finally:
        if root.level != level:
            root.setLevel(level)
        if root.handlers != handlers:
            for handler in [h for h in root.handlers if h not in handlers]:
                root.removeHandler(handler)
            for handler in [h for h in handlers if h not in root.handlers]:
                root.addHandler(handler)


def _unbind(proxy: _ThreadStderr) -> None:
    """Point every logging handler that holds ``proxy`` (one made while the block ran, e.g. by a package imported
    then) at the stream the proxy stood for: after the block nothing writes through a capture stream."""
    loggers: list[Any] = [logging.getLogger(), *list(logging.Logger.manager.loggerDict.values())]
    for logger in loggers:
        for handler in list(getattr(logger, "handlers", ())):
            if isinstance(handler, logging.StreamHandler) and handler.stream is proxy:
                with contextlib.suppress(Exception):
                    handler.setStream(proxy.original)
    if isinstance(logging.lastResort, logging.StreamHandler) and logging.lastResort.stream is proxy:
        with contextlib.suppress(Exception):
            logging.lastResort.setStream(proxy.original)


@contextlib.contextmanager
def _registered(cap: Capture) -> Iterator[None]:
    """Register this thread's block; the first block open in the process also takes fd 2 and the warnings hooks."""
    me = threading.get_ident()
    with _LOCK:
        _Shared.captures[me] = cap
        host = _Shared.host is None
        if host:
            _Shared.host, _Shared.crowded = me, False
        else:  # two threads capture at once: fd 2 holds both threads' native lines
            _Shared.crowded = True
    try:
        if not host:
            cap.console = _Shared.console or sys.stderr
            yield
            return
        with _native_stderr(cap), _warnings():
            yield
    finally:
        with _LOCK:
            del _Shared.captures[me]
            if host:
                _Shared.host, _Shared.console = None, None


@contextlib.contextmanager
def _warnings() -> Iterator[None]:
    """Warnings of a thread with an open block go to its `Capture`; other threads' are shown as before."""
    with warnings.catch_warnings():
        warnings.simplefilter("default")  # each distinct warning once, as Python shows them by default
        shown = warnings.showwarning

        def showwarning(
            message: Warning | str, category: type[Warning], filename: str, lineno: int, file: Any = None,
            line: str | None = None,
        ) -> None:  # fmt: skip
            cap = _Shared.captures.get(threading.get_ident())
            if cap is None:
                shown(message, category, filename, lineno, file, line)
            else:
                cap.lines.append(f"{category.__name__}: {message} ({filename}:{lineno})")

        warnings.showwarning = showwarning
        yield


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


class _ThreadStderr(io.TextIOBase):
    """``sys.stderr`` while blocks are open: the writes of a thread with an open block go to its buffer, every other
    thread's to the console (the real stderr, also while fd 2 is redirected)."""

    def __init__(self, original: TextIO) -> None:
        super().__init__()
        self.original = original
        self.buffers: dict[int, io.StringIO] = {}

    def _passthrough(self) -> TextIO:
        console = _Shared.console
        if console is not None and self.original in (sys.__stderr__,):  # fd 2 is the redirected one
            return console
        return self.original

    def write(self, text: str) -> int:
        buffer = self.buffers.get(threading.get_ident())
        if buffer is not None:
            return buffer.write(text)
        _Shared.crowded = True  # another thread writes during a block: fd 2 lines may be its own too
        return self._passthrough().write(text)

    def flush(self) -> None:
        with contextlib.suppress(Exception):
            self._passthrough().flush()

    def isatty(self) -> bool:
        return bool(self.original.isatty())

    def fileno(self) -> int:
        return self.original.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.original, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.original, "errors", None)


@contextlib.contextmanager
def _python_stderr(cap: Capture) -> Iterator[None]:
    me = threading.get_ident()
    buffer = io.StringIO()
    with _LOCK:
        proxy = _Shared.proxy
        if proxy is None or sys.stderr is not proxy:
            proxy = _Shared.proxy = _ThreadStderr(sys.stderr)
            sys.stderr = proxy
        proxy.buffers[me] = buffer
    try:
        yield
    finally:
        with _LOCK:
            del proxy.buffers[me]
            if not proxy.buffers:
                if sys.stderr is proxy:
                    sys.stderr = proxy.original
                if _Shared.proxy is proxy:
                    _Shared.proxy = None
                _unbind(proxy)
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
            _Shared.console = console
            cap.console = console if _is_terminal(saved) else sys.stderr
            yield
        finally:
            _Shared.console = None
            _flush_all()
            os.dup2(saved, fd)
            os.close(saved)
            if console is not None:
                console.close()
            sink.seek(0)
            text = sink.read().decode("utf-8", errors="replace")
            lines = [line for line in text.splitlines() if line.strip()]
            if _Shared.crowded:  # another thread may have written them
                cap.unattributed += lines
            else:
                cap.lines += lines


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
