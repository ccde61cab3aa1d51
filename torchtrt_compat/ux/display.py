"""One small HTML helper for every public result object, so each renders richly in Jupyter and alike, and the one
sanitiser for text that reaches a terminal.

Objects give a short ``__repr__`` (at most three lines) and a ``_repr_html_`` built from these pieces. Everything
shown is escaped here; callers pass plain text. Text from outside (file contents, host and file names, GPU names,
notes of another host, error texts, artifact metadata) reaches a terminal only through `safe`: the command line
writes all its output through it (`SafeStream`), and every ``__str__``/``__repr__`` of a result object does too.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterable, Sequence
from typing import TextIO

#: C0 controls but tab and newline, DEL, C1 controls, the Unicode line/paragraph separators and the bidirectional
#: overrides and isolates: each can clear a screen, hide a link, write the clipboard or reorder what a reader sees.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """``text`` with every control character made visible as a ``\\uXXXX`` escape (``ESC`` -> ``\\u001b``);
    newlines and tabs stay. The escapes are valid inside JSON strings too."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class SafeStream(io.TextIOBase):
    """A text stream that writes through `safe` to another one (the command line's stdout and stderr)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(safe(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", "utf-8")


_COLOURS = {"ok": "#1a7f37", "error": "#cf222e", "warning": "#9a6700", "unknown": "#57606a", "info": "#0969da"}
_TABLE = "border-collapse:collapse;margin:4px 0"
_CELL = "text-align:left;vertical-align:top;padding:2px 8px;border-bottom:1px solid #d0d7de"


def badge(text: str, tone: str) -> str:
    """A coloured label; ``tone`` is ok, error, warning, unknown or info."""
    colour = _COLOURS.get(tone, _COLOURS["unknown"])
    return (
        f"<span style='background:{colour};color:#fff;border-radius:4px;padding:1px 6px;font-weight:600'>"
        f"{html.escape(text)}</span>"
    )


def table(
    rows: Iterable[Sequence[object]], header: Sequence[str] | None = None, *, raw_columns: frozenset[int] = frozenset()
) -> str:
    """An HTML table; cells are escaped unless their column index is in ``raw_columns`` (already HTML)."""

    def cell(tag: str, i: int, value: object) -> str:
        text = "" if value is None else str(value)
        return f"<{tag} style='{_CELL}'>{text if i in raw_columns else html.escape(text)}</{tag}>"

    head = "<tr>" + "".join(cell("th", -1, h) for h in header) + "</tr>" if header else ""
    body = "".join("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>" for row in rows)
    return f"<table style='{_TABLE}'>{head}{body}</table>"


def key_values(pairs: Iterable[tuple[str, object]]) -> str:
    """A two-column table of labels and values (labels in bold)."""
    rows = "".join(
        f"<tr><th style='{_CELL}'>{html.escape(k)}</th><td style='{_CELL}'>{html.escape(str(v))}</td></tr>"
        for k, v in pairs
    )
    return f"<table style='{_TABLE}'>{rows}</table>"


def section(title: str, *parts: str) -> str:
    """A titled block: ``title`` (escaped) then the HTML ``parts``."""
    return f"<div><div style='font-weight:600;margin:6px 0 2px'>{html.escape(title)}</div>{''.join(parts)}</div>"


def bullet_list(items: Iterable[str]) -> str:
    return "<ul style='margin:2px 0'>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>"


def short(text: str, limit: int = 100) -> str:
    """``text`` on one line, made `safe`, cut to ``limit`` characters with an ellipsis."""
    line = " ".join(safe(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def compact_repr(title: str, *details: str, limit: int = 110) -> str:
    """A ``__repr__`` of at most three lines: ``<title>`` then up to two indented detail lines, each cut short."""
    lines = [f"<{short(title, limit)}>"] + [f"  {short(d, limit)}" for d in details if d][:2]
    return "\n".join(lines)


def panel(title: str, *parts: str, tone: str | None = None, verdict: str | None = None) -> str:
    """A result object's HTML: a bold title, an optional coloured verdict, then the HTML ``parts``."""
    label = f" {badge(verdict, tone or 'info')}" if verdict else ""
    return f"<div><b>{html.escape(title)}</b>{label}{''.join(parts)}</div>"


def page(title: str, body: str) -> str:
    """A standalone HTML page around ``body`` (the ``--html FILE`` outputs); ``title`` is escaped."""
    t = html.escape(title)
    return (
        f"<!doctype html>\n<html><head><meta charset='utf-8'><title>{t}</title>"
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:4px 10px;border-bottom:1px solid #ddd;"
        f"vertical-align:top;text-align:left}}</style></head>\n<body>\n<h1>{t}</h1>\n{body}\n</body></html>\n"
    )
