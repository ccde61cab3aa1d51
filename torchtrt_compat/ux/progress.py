"""Progress of a long compile or build, shown the way the front end suits.

* In Jupyter: an ipywidgets panel when ipywidgets is installed, else one HTML output updated in place;
* on a terminal (stderr is a TTY): one short line per stage on stderr;
* anywhere else (pipes, CI logs, tests): nothing.

The pipeline calls `stage` at each step (export, lowering, partitioning, each TensorRT engine); outside a
`progress` block that is a no-op. Blocks nest: an inner block reports into the outer one.
"""

from __future__ import annotations

import contextlib
import html
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

_current: list[_Progress] = []


class _Progress:
    def __init__(self, title: str, sink: Callable[[str, list[tuple[str, float | None]], bool], None]) -> None:
        self.title = title
        self._sink = sink
        self._stages: list[tuple[str, float]] = []  # (text, start time)
        self._start = time.perf_counter()

    def stage(self, text: str) -> None:
        self._stages.append((text, time.perf_counter()))
        self._sink(self.title, self._timed(), False)

    def finish(self, ok: bool) -> None:
        if not self._stages:  # nothing long happened (e.g. a fallback): nothing to show
            return
        self._stages.append(("done" if ok else "failed", time.perf_counter()))
        self._sink(self.title, self._timed(), True)

    def _timed(self) -> list[tuple[str, float | None]]:
        """Each stage with its duration; None for the one still running."""
        out: list[tuple[str, float | None]] = []
        for i, (text, start) in enumerate(self._stages):
            end = self._stages[i + 1][1] if i + 1 < len(self._stages) else None
            out.append((text, None if end is None else end - start))
        return out


def stage(text: str) -> None:
    """Report that the current compile or build entered ``text`` (no-op outside a `progress` block)."""
    if _current:
        _current[-1].stage(text)


@contextlib.contextmanager
def progress(title: str, *, console: TextIO | None = None, enabled: bool = True) -> Iterator[None]:
    """Show the stages reported with `stage` inside the block. ``console`` is the stream for terminal lines
    (the real stderr while upstream output is being captured)."""
    if _current or not enabled:
        yield
        return
    sink = _sink_for(console if console is not None else sys.stderr)
    if sink is None:
        yield
        return
    bar = _Progress(title, sink)
    _current.append(bar)
    ok = False
    try:
        yield
        ok = True
    finally:
        _current.pop()
        with contextlib.suppress(Exception):  # a display problem never fails a build
            bar.finish(ok)


def in_notebook() -> bool:
    shell = _ipython()
    return shell is not None and hasattr(shell, "kernel")


def _ipython() -> Any:
    if "IPython" not in sys.modules:
        return None
    try:
        from IPython import get_ipython

        return get_ipython()
    except Exception:
        return None


def _sink_for(console: TextIO) -> Callable[[str, list[tuple[str, float | None]], bool], None] | None:
    if in_notebook():
        try:
            import ipywidgets  # noqa: F401
        except ImportError:
            return _DisplaySink()
        return _WidgetSink()
    try:
        tty = console.isatty()
    except (AttributeError, ValueError):
        tty = False
    return _TerminalSink(console) if tty else None


def _html(title: str, stages: list[tuple[str, float | None]], done: bool) -> str:
    rows = []
    for text, seconds in stages:
        if text in ("done", "failed"):
            continue
        mark = "&#10003;" if seconds is not None else "&#8230;"
        when = f"{seconds:.1f} s" if seconds is not None else "running"
        cell = "<td style='padding:0 6px;text-align:left'>"
        rows.append(
            f"<tr>{cell}{mark}</td>{cell}{html.escape(text)}</td>"
            f"<td style='padding:0 6px;text-align:left;color:#57606a'>{when}</td></tr>"
        )
    state = ""
    if done:
        total = sum(s for _, s in stages if s is not None)
        state = f" &mdash; {html.escape(stages[-1][0])} in {total:.1f} s" if stages else ""
    return f"<div><b>{html.escape(title)}</b>{state}<table style='margin:2px 0'>{''.join(rows)}</table></div>"


def _plain(title: str, stages: list[tuple[str, float | None]], done: bool) -> str:
    if not stages:
        return title
    return f"{title}: {stages[-1][0]}"


class _Html:
    def __init__(self, title: str, stages: list[tuple[str, float | None]], done: bool) -> None:
        self.args = (title, stages, done)

    def _repr_html_(self) -> str:
        return _html(*self.args)

    def __repr__(self) -> str:
        return _plain(*self.args)


class _DisplaySink:
    """One HTML output, updated in place (no ipywidgets needed)."""

    def __init__(self) -> None:
        self.handle: Any = None

    def __call__(self, title: str, stages: list[tuple[str, float | None]], done: bool) -> None:
        from IPython.display import display

        obj = _Html(title, stages, done)
        if self.handle is None:
            self.handle = display(obj, display_id=True)
        else:
            self.handle.update(obj)


class _WidgetSink:
    """An ipywidgets panel (a progress bar over the stages seen so far and the stage list) while the build runs;
    at the end it is replaced by the static stage table, which a saved or rendered notebook keeps."""

    def __init__(self) -> None:
        self.handle: Any = None

    def __call__(self, title: str, stages: list[tuple[str, float | None]], done: bool) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        if done:
            if self.handle is not None:
                self.handle.update(_Html(title, stages, done))
            return
        if self.handle is None:
            self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info")
            self.label = widgets.HTML()
            self.handle = display(widgets.VBox([self.bar, self.label]), display_id=True)
        finished = sum(1 for _, s in stages if s is not None)
        self.bar.value = finished / (finished + 1)
        self.label.value = _html(title, stages, done)


class _TerminalSink:
    """One short line per stage on the terminal."""

    def __init__(self, console: TextIO) -> None:
        self.console = console

    def __call__(self, title: str, stages: list[tuple[str, float | None]], done: bool) -> None:
        if not stages:
            return
        text, _ = stages[-1]
        if done:
            total = sum(s for _, s in stages if s is not None)
            line = f"{title}: {text} in {total:.1f} s"
        else:
            previous = stages[-2][1] if len(stages) > 1 else None
            line = f"{title}: {text}" + (f"  (previous step {previous:.1f} s)" if previous is not None else "")
        print(line, file=self.console, flush=True)
