"""Live progress of a plan run, the way `_progress` decides for a single build: one line per worker, redrawn in
place, on a terminal; one HTML panel (an ipywidgets widget when installed) in Jupyter; nothing in pipes or logs."""

from __future__ import annotations

import html
import sys
import time
from typing import Any, TextIO

from ..ux import display as _display, progress as _progress
from ..ux.display import safe
from .plan import Job


class Live:
    """``start(slot, job)``, ``stage(slot, text)``, ``done(slot, row)`` as builds move; ``close()`` at the end."""

    def __init__(self, slots: int, total: int, *, enabled: bool = True, console: TextIO | None = None) -> None:
        self.console = console if console is not None else sys.stderr
        self.total, self.finished, self.failed = total, 0, 0
        self.lines: list[tuple[str, str, float]] = [("", "idle", time.perf_counter())] * max(1, slots)
        self.mode = _mode(self.console) if enabled and total else None
        self._drawn = 0
        self._handle: Any = None
        self._last = 0.0

    # events
    def start(self, slot: int, job: Job) -> None:
        self._set(slot, job.name, "starting")

    def stage(self, slot: int, text: str) -> None:
        """The build in ``slot`` is at ``text`` (called on every pass of the pool: redrawn on news or each second)."""
        name, current, _ = self.lines[slot % len(self.lines)]
        if text == current:
            self.tick()
            return
        self._set(slot, name, text)

    def done(self, slot: int, row: dict[str, Any]) -> None:
        self.finished += 1
        self.failed += row["status"] not in ("built", "up to date")
        if self.mode == "terminal":
            self._clear()
            print(safe(f"{row['status']:>9}  {row['name']}  {row.get('seconds') or 0:.1f} s"), file=self.console)
        self._set(slot, "", "idle")

    def tick(self) -> None:
        """Redraw the elapsed times (at most once a second)."""
        if self.mode and time.perf_counter() - self._last >= 1.0:
            self._draw()

    def close(self) -> None:
        if self.mode == "terminal":
            self._clear()
        elif self.mode == "notebook":
            self._draw(final=True)

    # drawing
    def _set(self, slot: int, name: str, text: str) -> None:
        i = slot % len(self.lines)
        start = self.lines[i][2] if name and name == self.lines[i][0] else time.perf_counter()
        self.lines[i] = (name, text, start)
        self._draw()

    def _texts(self) -> list[str]:
        now = time.perf_counter()
        head = f"{self.finished}/{self.total} done" + (f", {self.failed} failed" if self.failed else "")
        rows = [head]
        for i, (name, text, start) in enumerate(self.lines):
            rows.append(f"  worker {i + 1}: " + (f"{name}: {text} ({now - start:.0f} s)" if name else "idle"))
        return rows

    def _draw(self, final: bool = False) -> None:
        if self.mode is None:
            return
        self._last = time.perf_counter()
        try:
            if self.mode == "terminal":
                self._clear()
                width = 119
                for line in self._texts():
                    print(safe(_display.short(line, width)), file=self.console)
                self._drawn = len(self.lines) + 1
                self.console.flush()
            else:
                self._notebook(final)
        except Exception:  # a display problem never fails a build
            self.mode = None

    def _clear(self) -> None:
        if self._drawn:
            # our own cursor codes go to the stream beneath the sanitiser (the CLI's SafeStream would print them as
            # text); every line of text still goes through `safe`
            self.console.flush()
            raw = getattr(self.console, "raw", self.console)
            raw.write(f"\x1b[{self._drawn}F\x1b[J")  # up to the first live line, clear to the end
            raw.flush()
            self._drawn = 0

    def _notebook(self, final: bool) -> None:
        texts = self._texts()
        body = f"<div><b>{html.escape(texts[0])}</b>" + "".join(
            f"<div style='font-family:monospace'>{html.escape(t)}</div>" for t in ([] if final else texts[1:])
        )
        body += "</div>"
        if self._handle is None:
            from IPython.display import HTML, display

            try:
                import ipywidgets

                self._widget = ipywidgets.HTML(body)
                self._handle = display(self._widget, display_id=True)
            except ImportError:
                self._widget = None
                self._handle = display(HTML(body), display_id=True)
        elif self._widget is not None:
            self._widget.value = body
        else:
            from IPython.display import HTML

            self._handle.update(HTML(body))


def _mode(console: TextIO) -> str | None:
    if _progress.in_notebook():
        return "notebook"
    try:
        return "terminal" if console.isatty() else None
    except (AttributeError, ValueError):
        return None
