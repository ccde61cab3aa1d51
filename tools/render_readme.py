#!/usr/bin/env python3
"""Regenerate the README's generated tables from the code that decides them.

- ``translation``: every row is a call of ``torchtrt_compat.compiler.settings.translate`` on the compile fields of
  each published torch_tensorrt release (``torchtrt_compat/data/compile_surface.json``, extracted from the wheels);
  releases whose cells all agree share a column; each distinct note is a numbered footnote under the table. Nothing
  in the table is written by hand.
- ``shims``: ``torchtrt_compat.list_shims()``: name, stage, who needs it, what it does.

Usage: python tools/render_readme.py [README.md]   (rewrites the text between the GENERATED markers)
``tests/test_readme.py`` fails when the README differs from what this prints.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from packaging.version import Version  # noqa: E402

from torchtrt_compat._atomic import atomic_write_text  # noqa: E402


def _releases() -> list[tuple[str, Any]]:
    from torchtrt_compat.compiler.releases import known_releases

    rows = []
    for fields in known_releases().values():
        label = fields.version if fields.package == "torch-tensorrt" else f"rtx {fields.version}"
        rows.append((fields.package, Version(fields.version), label, fields))
    rows.sort(key=lambda r: (r[0] != "torch-tensorrt", r[1]))
    return [(label, fields) for _, _, label, fields in rows]


def _cases() -> list[tuple[str, dict[str, Any], Any]]:
    import torch

    half = {torch.half}
    return [
        ("`enabled_precisions={torch.half}`", {}, half),
        ("`use_explicit_typing=True`", {"use_explicit_typing": True}, None),
        ("`use_explicit_typing=True` with `enabled_precisions={torch.half}`", {"use_explicit_typing": True}, half),
        ("`truncate_long_and_double=True`", {"truncate_long_and_double": True}, None),
        ("`refit=True`", {"refit": True}, None),
        ("`make_refittable=True`", {"make_refittable": True}, None),
        ("`immutable_weights=False`", {"immutable_weights": False}, None),
        ("`debug=True`", {"debug": True}, None),
        ("`use_python_runtime=True`", {"use_python_runtime": True}, None),
        ('`device="cuda"`', {"device": "cuda"}, None),
        ("`cache_built_engines=True`", {"cache_built_engines": True}, None),
        (
            "`cache_built_engines=True, immutable_weights=True`",
            {"cache_built_engines": True, "immutable_weights": True},
            None,
        ),
        ("`enabled_precisions={torch.bfloat16}`", {}, {torch.bfloat16}),
        ("`enable_autocast=True` with `enabled_precisions={torch.half}`", {"enable_autocast": True}, half),
        (
            "`cache_built_engines=True, enable_weight_streaming=True`",
            {"cache_built_engines": True, "enable_weight_streaming": True},
            None,
        ),
        ("`use_distributed_mode_trace=True`", {"use_distributed_mode_trace": True}, None),
        ("an unknown name, e.g. `min_blok_size=3`", {"min_blok_size": 3}, None),
    ]


def _value(v: Any) -> str:
    if isinstance(v, (set, frozenset)):
        return "{" + ", ".join(sorted(_value(x) for x in v)) + "}"
    return repr(v)


def _cell(kwargs: dict[str, Any], precisions: Any, fields: Any, notes: list[str]) -> str:
    """What ``translate`` passes for one release; its notes become footnote numbers (``notes`` collects them)."""
    from torchtrt_compat._errors import CompatError
    from torchtrt_compat.compiler.settings import translate

    try:
        out = translate(dict(kwargs), fields, precisions)
    except TypeError as exc:
        hint = re.search(r"Did you mean '(\w+)'\?", str(exc))
        return "`TypeError`" + (f" (did you mean `{hint.group(1)}`?)" if hint else "")
    except CompatError as exc:
        return f"`{type(exc).__name__}` {_mark(_general(exc.problem, fields), notes)}"
    passed = ", ".join(f"{k}={_value(v)}" for k, v in out.kwargs.items())
    parts = [f"`{passed}`" if passed else "nothing passed"]
    if out.debug_logging:
        parts.append("logger at DEBUG")
    marks = [_mark(_general(note, fields), notes) for note in out.notes]
    return ", ".join(parts) + (" " + " ".join(marks) if marks else "")


def _mark(text: str, notes: list[str]) -> str:
    if text not in notes:
        notes.append(text)
    return f"[{notes.index(text) + 1}]"


def _general(text: str, fields: Any) -> str:
    """A note or error without the release number, so releases that behave alike share a footnote."""
    text = text.replace(f"{fields.package} {fields.version}", fields.package)
    return text.replace(f"torch_tensorrt {fields.version}", "torch_tensorrt").replace("|", "\\|")


def translation_table() -> str:
    releases = _releases()
    cases = _cases()
    notes: list[str] = []
    cells = [[_cell(kwargs, prec, fields, notes) for _, fields in releases] for _, kwargs, prec in cases]
    columns: list[tuple[list[str], list[str]]] = []  # (labels, cells of that group)
    for j, (label, _) in enumerate(releases):
        column = [row[j] for row in cells]
        if columns and columns[-1][1] == column and columns[-1][0][0].startswith("rtx") == label.startswith("rtx"):
            columns[-1][0].append(label)
        else:
            columns.append(([label], column))
    heads = [
        labels[0] if len(labels) == 1 else f"{labels[0]} – {labels[-1].removeprefix('rtx ')}" for labels, _ in columns
    ]
    lines = ["| you pass | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
    for i, (name, _, _) in enumerate(cases):
        lines.append(f"| {name} | " + " | ".join(col[i] for _, col in columns) + " |")
    lines.append("")
    lines.append("Notes and errors (each note is a line in the `CompileReport` warnings, with the release number):")
    lines.append("")
    lines += [f"{i}. {text}" for i, text in enumerate(notes, 1)]
    return "\n".join(lines)


def shims_table() -> str:
    from torchtrt_compat.shims import list_shims

    lines = ["| shim | stage | needed by | what it does |", "|---|---|---|---|"]
    for s in list_shims():
        summary = s.summary.replace("|", "\\|")
        lines.append(f"| `{s.name}` | {s.stage} | {s.needed_by()} | {summary} |")
    return "\n".join(lines)


SECTIONS = {"translation": translation_table, "shims": shims_table}


def render(text: str) -> str:
    for name, make in SECTIONS.items():
        begin, end = f"<!-- BEGIN GENERATED {name} (tools/render_readme.py) -->", f"<!-- END GENERATED {name} -->"
        if begin not in text or end not in text:
            raise SystemExit(f"README has no {begin!r} ... {end!r} block")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{make()}\n{end}{tail}"
    return text


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else ROOT / "README.md"
    new = render(path.read_text())
    if new != path.read_text():
        atomic_write_text(path, new)
        print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
