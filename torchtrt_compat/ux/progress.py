"""Progress of a long compile or build, shown the way the front end suits.

* In Jupyter: an ipywidgets panel when ipywidgets is installed, else one HTML output updated in place;
* on a terminal (stderr is a TTY): one short line per stage on stderr;
* anywhere else (pipes, CI logs, tests): nothing.

The pipeline calls `stage` at each step (export, lowering, partitioning, each TensorRT engine); outside a
`progress` block that is a no-op. Blocks nest: an inner block reports into the outer one. `warn` marks a block
that finished but made something the reader must not mistake for success (a build with 0 engines).
"""

from __future__ import annotations

import contextlib
import html
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from .display import badge, in_notebook

#: a sink gets the title, the stages with their durations, whether the block ended, and its warning
Sink = Callable[[str, "list[tuple[str, float | None]]", bool, "str | None"], None]

_current: list[_Progress] = []


class _Progress:
    def __init__(self, title: str, sink: Sink) -> None:
        self.title = title
        self._sink = sink
        self.warning: str | None = None
        self._stages: list[tuple[str, float]] = []  # (text, start time)
        self._start = time.perf_counter()

    def stage(self, text: str) -> None:
        self._stages.append((text, time.perf_counter()))
        self._sink(self.title, self._timed(), False, None)

    def finish(self, ok: bool) -> None:
        if not self._stages:  # nothing long happened (e.g. a fallback): nothing to show
            return
        self._stages.append(("done" if ok else "failed", time.perf_counter()))
        self._sink(self.title, self._timed(), True, self.warning if ok else None)

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


def warn(text: str) -> None:
    """Mark the current block's result: it ends as "done" with ``text`` in the warning colour, not as a plain
    success (no-op outside a `progress` block)."""
    if _current:
        _current[-1].warning = text


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


@contextlib.contextmanager
def nested_progress(title: str, on_stage: Callable[[str], None]) -> Iterator[None]:
    """A progress block whose stages go to ``on_stage(text)`` instead of a display: every `stage` reported inside,
    by this thread's code or by a `progress` block opened inside (which reports into this one), calls it. How a farm
    worker forwards a build's stages to the process that shows them."""
    bar = _Progress(title, lambda _title, stages, _done, _warning: on_stage(stages[-1][0]) if stages else None)
    _current.append(bar)
    try:
        yield
    finally:
        _current.remove(bar)


def _sink_for(console: TextIO) -> Sink | None:
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


def _html(title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None) -> str:
    """The stage table: ✓ a finished stage, ✗ the one that failed, … the one running; the title's badge says how it
    ended (done, done with a warning, failed). Text keeps the theme's colour (readable light and dark); only badges,
    white on their own colour, are coloured."""
    failed = done and bool(stages) and stages[-1][0] == "failed"
    shown = [(t, s) for t, s in stages if not (done and t in ("done", "failed"))] if done else stages
    rows = []
    for i, (text, seconds) in enumerate(shown):
        last = i == len(shown) - 1
        mark = "&#10007;" if failed and last else "&#10003;" if seconds is not None else "&#8230;"
        when = f"{seconds:.1f} s" if seconds is not None else "running"
        if failed and last:
            when = f"{badge('failed', 'error')} after {when}"
        cell = "<td style='padding:0 6px;text-align:left'>"
        rows.append(f"<tr>{cell}{mark}</td>{cell}{html.escape(text)}</td>{cell}{when}</td></tr>")
    state = ""
    if done and stages:
        total = sum(s for _, s in stages if s is not None)
        if failed:
            state = " " + badge(f"failed in {total:.1f} s", "error")
        elif warning:
            state = " " + badge(f"done in {total:.1f} s", "warning") + f" {html.escape(warning)}"
        else:
            state = " " + badge(f"done in {total:.1f} s", "ok")
    return f"<div><b>{html.escape(title)}</b>{state}<table style='margin:2px 0'>{''.join(rows)}</table></div>"


def _plain(title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None) -> str:
    if not stages:
        return title
    return f"{title}: {stages[-1][0]}" + (f" ({warning})" if warning else "")


class _Html:
    def __init__(
        self, title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None
    ) -> None:
        self.args = (title, stages, done, warning)

    def _repr_html_(self) -> str:
        return _html(*self.args)

    def __repr__(self) -> str:
        return _plain(*self.args)


class _DisplaySink:
    """One HTML output, updated in place (no ipywidgets needed)."""

    def __init__(self) -> None:
        self.handle: Any = None

    def __call__(
        self, title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None
    ) -> None:
        from IPython.display import display

        obj = _Html(title, stages, done, warning)
        if self.handle is None:
            self.handle = display(obj, display_id=True)
        else:
            self.handle.update(obj)


class _WidgetSink:
    """An ipywidgets panel (a progress bar over the stages seen so far and the stage list) while the build runs;
    at the end it is replaced by the static stage table, which a saved or rendered notebook keeps."""

    def __init__(self) -> None:
        self.handle: Any = None
        self.box: Any = None
        self.bar: Any = None
        self.label: Any = None

    def __call__(
        self, title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None
    ) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        if done:
            if self.handle is not None:
                self.handle.update(_Html(title, stages, done, warning))
                for widget in (self.box, self.bar, self.label):  # a frontend saving widget state drops closed ones
                    widget.close()
            return
        if self.handle is None:
            self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info")
            self.label = widgets.HTML()
            self.box = widgets.VBox([self.bar, self.label])
            self.handle = display(self.box, display_id=True)
        finished = sum(1 for _, s in stages if s is not None)
        self.bar.value = finished / (finished + 1)
        self.label.value = _html(title, stages, done)


class _TerminalSink:
    """One short line per stage on the terminal."""

    def __init__(self, console: TextIO) -> None:
        self.console = console

    def __call__(
        self, title: str, stages: list[tuple[str, float | None]], done: bool, warning: str | None = None
    ) -> None:
        if not stages:
            return
        text, _ = stages[-1]
        if done:
            total = sum(s for _, s in stages if s is not None)
            failed_at = f" at {stages[-2][0]}" if text == "failed" and len(stages) > 1 else ""
            line = f"{title}: {text}{failed_at} in {total:.1f} s" + (f"; warning: {warning}" if warning else "")
        else:
            previous = stages[-2][1] if len(stages) > 1 else None
            line = f"{title}: {text}" + (f"  (previous step {previous:.1f} s)" if previous is not None else "")
        print(line, file=self.console, flush=True)
