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
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

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
_CELL = "text-align:left;vertical-align:top;padding:2px 8px;border-bottom:1px solid #d0d7de;overflow-wrap:anywhere"
_NOWRAP = "white-space:nowrap"


def badge(text: str, tone: str) -> str:
    """A coloured label; ``tone`` is ok, error, warning, unknown or info. It never wraps ("warnin/g" in a narrow
    table column): ``white-space:nowrap`` keeps it on one line whatever the cell around it allows."""
    colour = _COLOURS.get(tone, _COLOURS["unknown"])
    return (
        f"<span class='torchtrt-compat-badge' style='background:{colour};color:#fff;border-radius:4px;"
        f"padding:1px 6px;font-weight:600;{_NOWRAP};display:inline-block'>{html.escape(text)}</span>"
    )


def table(
    rows: Iterable[Sequence[object]], header: Sequence[str] | None = None, *, raw_columns: frozenset[int] = frozenset()
) -> str:
    """An HTML table; cells are escaped unless their column index is in ``raw_columns`` (already HTML)."""

    def cell(tag: str, i: int, value: object) -> str:
        text = "" if value is None else str(value)
        style = _CELL + (f";{_NOWRAP}" if _is_code(text) and i not in raw_columns else "")
        return f"<{tag} style='{style}'>{text if i in raw_columns else code_spans(text)}</{tag}>"

    head = "<tr>" + "".join(cell("th", -1, h) for h in header) + "</tr>" if header else ""
    body = "".join("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>" for row in rows)
    return f"<table style='{_TABLE}'>{head}{body}</table>"


def folded(text: str, limit: int = 90) -> str:
    """A table cell that stays short: ``text`` as it is when short, else its first sentence (cut to ``limit``) with
    the whole text behind a <details> element."""
    line = " ".join(text.split())
    if len(line) <= limit:
        return code_spans(line)
    head = line.split(". ")[0]
    head = head if len(head) <= limit else short(head, limit)
    return f"<details><summary>{code_spans(head)}</summary>{code_spans(line)}</details>"


def key_values(pairs: Iterable[tuple[str, object]]) -> str:
    """A two-column table of labels and values (labels in bold)."""
    rows = "".join(
        f"<tr><th style='{_CELL};{_NOWRAP}'>{html.escape(k)}</th><td style='{_CELL}'>{code_spans(str(v))}</td></tr>"
        for k, v in pairs
    )
    return f"<table style='{_TABLE}'>{rows}</table>"


def _is_code(text: str) -> bool:
    """A short token without spaces (a finding code, a host name, a key): it must not break at its hyphens."""
    return 0 < len(text) <= 40 and not any(c.isspace() for c in text)


def section(title: str, *parts: str) -> str:
    """A titled block: ``title`` (escaped) then the HTML ``parts``."""
    return f"<div><div style='font-weight:600;margin:6px 0 2px'>{html.escape(title)}</div>{''.join(parts)}</div>"


def bullet_list(items: Iterable[str]) -> str:
    return "<ul style='margin:2px 0'>" + "".join(f"<li>{code_spans(i)}</li>" for i in items) + "</ul>"


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


# ---- text from outside -----------------------------------------------------------------------------------------------
def code_spans(text: str) -> str:
    """``text`` escaped, with Markdown `code` spans as <code> (table texts are written with backticks)."""
    parts = html.escape(text).split("`")
    if len(parts) % 2 == 0:  # an odd backtick: not Markdown, show it as it is
        return html.escape(text)
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def in_notebook() -> bool:
    """Running inside a Jupyter kernel (IPython with a kernel), asked without importing IPython."""
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


# ---- errors --------------------------------------------------------------------------------------------------------


#: torchtrt_compat's own folders: the package, and a checkout's catalogue (installed as torchtrt_compat.models)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OURS = (_PACKAGE_DIR, os.path.join(os.path.dirname(_PACKAGE_DIR), "models"))
_JUPYTER_CELL = re.compile(r"ipykernel_\d+[/\\]\d+\.py$")


def _frame_kind(filename: str) -> str:
    """'ours' (torchtrt_compat), 'upstream' (an installed package, the standard library, or code with no source file
    such as Cython's ``.pyx`` paths and ``<frozen ...>``) or 'user' (a notebook cell, or a source file of yours)."""
    import sysconfig

    if filename.startswith("<"):  # generated code; IPython's own cells are the user's
        return "user" if filename.startswith("<ipython-input") else "upstream"
    if _JUPYTER_CELL.search(filename):  # a Jupyter cell (ipykernel names its code after a file that need not exist)
        return "user"
    path = os.path.abspath(filename)
    if any(path.startswith(root + os.sep) for root in _OURS):
        return "ours"
    if "site-packages" in path or "dist-packages" in path:
        return "upstream"
    stdlib = sysconfig.get_paths().get("stdlib", "")
    if stdlib and path.startswith(os.path.abspath(stdlib) + os.sep):
        return "upstream"
    return "user" if os.path.isfile(path) else "upstream"  # no file: a compiled extension's source path


def _place(filename: str) -> str:
    """A frame's file, short: a package path from its package (torch/export/...), a notebook cell as "cell"."""
    import re

    parts = re.split(r"[/\\](?:site|dist)-packages[/\\]", filename)
    if len(parts) > 1:
        return parts[-1]
    import os
    import sysconfig

    stdlib = os.path.abspath(sysconfig.get_paths().get("stdlib", "") or "/nonexistent")
    if os.path.abspath(filename).startswith(stdlib + os.sep):
        return os.path.relpath(os.path.abspath(filename), stdlib)
    return "cell" if _JUPYTER_CELL.search(filename) else filename


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and what caused it, outermost first (as far as Python links them; a cycle stops the walk)."""
    out: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        out.append(current)
        seen.add(id(current))
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
    return out


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return short(text.splitlines()[0] if text else "", 200)


def _kept_frames(exc: BaseException) -> tuple[list[str], int, list[str]]:
    """(kept frame lines, how many frames were hidden, the user's frames) of ``exc``'s own traceback: the first and
    last upstream frames and the user's frames; torchtrt_compat's frames are never shown."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    kinds = [_frame_kind(f.filename) for f in frames]
    upstream = [i for i, k in enumerate(kinds) if k == "upstream"]
    keep = {i for i, k in enumerate(kinds) if k == "user"} | ({upstream[0], upstream[-1]} if upstream else set())
    lines, user = [], []
    for i in sorted(keep):
        f = frames[i]
        place = _place(f.filename)
        where = f"cell, line {f.lineno}, in {f.name}" if place == "cell" else f"{place}:{f.lineno} in {f.name}"
        if kinds[i] == "user":
            user.append(where + (f": {f.line.strip()}" if f.line else ""))
            lines.append("your code " + user[-1])
        else:
            lines.append(where)
    return lines, len(frames) - len(keep), user


def your_code(exc: BaseException) -> str | None:
    """The line of the user's code an upstream failure came from: the innermost frame outside torchtrt_compat and
    the libraries it calls, in the root cause first (a model's ``forward``), else in the error's own traceback (the
    call of `build_engine` in a cell). None when there is no such frame (the command line, where everything is
    library code) and for an error of ours with no upstream cause (it is one line: the problem and the fix)."""
    chain = _chain(exc)
    if len(chain) == 1:
        return None
    for e in reversed(chain):
        _, _, user = _kept_frames(e)
        if user:
            return user[-1]
    return None


def error_fields(exc: BaseException) -> list[tuple[str, str]]:
    """What a `CompatError` says, in the order a reader needs it: stage, cause, the user's code, fix."""
    fields: list[tuple[str, str]] = []
    stage = getattr(exc, "stage", None)
    if stage:
        op = getattr(exc, "op", None)
        fields.append(("stage", stage + (f" (at {op})" if op else "")))
    cause = exc.__cause__
    if cause is not None:
        name = type(cause).__name__
        first = _first_line(cause)
        said = first and first[:60] in str(exc)  # the problem quotes upstream already: name the exception only
        lines, _, _ = _kept_frames(cause)
        last = lines[-1] if lines and not lines[-1].startswith("your code ") else ""
        text = name if said or not first else f"{name}: {first}"
        fields.append(("cause", text + (f", raised at {last}" if last else "")))
    mine = your_code(exc)
    if mine:
        fields.append(("your code", mine))
    fix = getattr(exc, "fix", None)
    if fix:
        fields.append(("fix", fix))
    return fields


def _problem(exc: BaseException) -> str:
    problem = getattr(exc, "problem", None)
    return str(problem) if problem else str(exc)


def error_details(exc: BaseException) -> tuple[str, int]:
    """The upstream chain, condensed (each exception with its first and last upstream frames and the user's frames),
    and how many frames that hides."""
    blocks, hidden = [], 0
    for e in reversed(_chain(exc)[1:]):  # root cause first, as Python prints a chain
        lines, n, _ = _kept_frames(e)
        hidden += n
        body = [f"  {line}" for line in lines] + (
            [f"  ... {n} more frames" if lines else f"  ({n} frames)"] if n else []
        )
        blocks.append("\n".join([*body, f"{type(e).__module__}.{type(e).__name__}: {short(str(e), 400)}"]))
    return "\n\nwhich caused:\n".join(blocks), hidden


VERBOSE_HINT = "TORCHTRT_COMPAT_VERBOSE=1 shows the whole upstream traceback"


def error_lines(exc: BaseException) -> list[str]:
    """A `CompatError` for a terminal: the problem, then stage, cause, the user's code and the fix, one line each.
    An error with nothing but a problem and a fix stays one line (``str(exc)``)."""
    fields = error_fields(exc)
    if [k for k, _ in fields] in ([], ["fix"]):
        return [safe(str(exc))]
    lines = [safe(_problem(exc))] + [f"  {k}: {safe(v)}" for k, v in fields]
    if len(_chain(exc)) > 1:
        lines.append(f"  ({VERBOSE_HINT}; -v on the command line)")
    return lines


def error_panel(exc: BaseException) -> str:
    """A `CompatError` in Jupyter: what failed and its fix first, the upstream chain folded under <details>."""
    stage = getattr(exc, "stage", None)
    verdict = badge(f"{stage} failed" if stage else "error", "error")
    rows = "".join(
        f"<tr><th style='{_CELL};{_NOWRAP}'>{html.escape(k)}</th>"
        f"<td style='{_CELL}'>{'<b>' if k == 'fix' else ''}{code_spans(v)}{'</b>' if k == 'fix' else ''}</td></tr>"
        for k, v in error_fields(exc)
    )
    details = ""
    if len(_chain(exc)) > 1:
        text, hidden = error_details(exc)
        details = (
            "<details style='margin-top:4px'><summary>upstream traceback ("
            + (f"{hidden} library frames hidden; " if hidden else "")
            + f"{html.escape(VERBOSE_HINT)})</summary>"
            f"<pre style='white-space:pre-wrap;font-size:85%;margin:2px 0'>{html.escape(text)}</pre></details>"
        )
    return (
        "<div class='torchtrt-compat-error' role='alert' style='border-left:4px solid #cf222e;padding:4px 10px;"
        f"margin:4px 0'><b>{html.escape(type(exc).__name__)}</b> {verdict}"
        f"<div style='margin:4px 0'>{code_spans(_problem(exc))}</div>"
        f"<table style='{_TABLE}'>{rows}</table>{details}</div>"
    )


def render_traceback(exc: BaseException) -> list[str]:
    """IPython's ``_render_traceback_``: in a Jupyter kernel the panel (displayed) and one red line; in a terminal
    IPython the short text; with ``TORCHTRT_COMPAT_VERBOSE=1`` the whole traceback, chain included."""
    import os
    import traceback

    if os.environ.get("TORCHTRT_COMPAT_VERBOSE", "").strip().lower() not in ("", "0", "false", "no"):
        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip("\n").splitlines()
    name = f"\x1b[31m{type(exc).__name__}\x1b[0m"
    if in_notebook():
        from IPython import get_ipython
        from IPython.display import display

        # IPython renders a traceback twice (to show it, then to store it in the history): one panel per cell run
        run = getattr(get_ipython(), "execution_count", None)
        if getattr(exc, "_torchtrt_compat_shown_in", object()) != run:
            exc._torchtrt_compat_shown_in = run  # type: ignore[attr-defined]
            display({"text/html": error_panel(exc), "text/plain": "\n".join(error_lines(exc))}, raw=True)
        stage = getattr(exc, "stage", None)
        said = f"{stage} failed" if stage else short(_problem(exc), 120)
        return [f"{name}: {said} (the panel above says why and how to fix it)"]
    return [f"{name}: {line}" if i == 0 else line for i, line in enumerate(error_lines(exc))]
