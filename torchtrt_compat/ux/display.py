"""One small HTML helper for every public result object, so each renders richly in Jupyter and alike.

Objects give a short ``__repr__`` (at most three lines) and a ``_repr_html_`` built from these pieces. Everything
shown is escaped here; callers pass plain text.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

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
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    line = " ".join(text.split())
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
