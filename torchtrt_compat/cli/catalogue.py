"""``shims`` and ``models``: what torchtrt_compat can patch, and the bundled model catalogue."""

from __future__ import annotations

import argparse
import difflib
import json
from collections.abc import Sequence
from typing import TypeVar

from .._errors import UsageError
from .._lazy import install_extra, is_installed
from ..compiler._upstream import shim_context
from ..models import list_models
from ..shims import list_shims

T = TypeVar("T")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "shims",
        help="list the shims, which versions need them, and which apply here",
        description="Each shim says which installed versions need it, what it changes and how it is undone; "
        "'applies here' is judged for an ahead-of-time build on this machine.",
    )
    p.add_argument("pattern", nargs="?", default="*", help="glob over shim names (default: all)")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(run=run_shims)

    p = sub.add_parser(
        "models",
        help="list the bundled model catalogue (models:NAME)",
        description="Models with random weights (nothing is downloaded) for build, bench and the benchmarks.",
    )
    p.add_argument("pattern", nargs="?", default="*", help="glob over model names")
    p.set_defaults(run=run_models)


def run_shims(args: argparse.Namespace) -> int:
    ctx = shim_context(aot=True)
    rows = [
        {
            "name": s.name,
            "stage": s.stage,
            "applies_here": s.applies(ctx),
            "needed_by": s.needed_by(),
            "changes": s.summary,
            "undo": s.undo,
        }
        for s in _matching(list_shims(args.pattern), args.pattern, "shim", [s.name for s in list_shims()])
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        mark = "applies here" if row["applies_here"] else "not needed here"
        print(f"{row['name']}  [{row['stage']}, {mark}]")
        print(f"    needed by: {row['needed_by']}")
        print(f"    changes:   {row['changes']}")
        print(f"    undo:      {row['undo']}")
    return 0


def run_models(args: argparse.Namespace) -> int:
    entries = _matching(list_models(args.pattern), args.pattern, "model", [e.name for e in list_models()])
    for entry in entries:
        print(f"models:{entry.name:<22} atol={entry.atol:<8g} {entry.description}")
    if not is_installed("torch"):
        print(f"(building or benchmarking these needs torch: {install_extra('rtx')})")
    return 0


def _matching(found: Sequence[T], pattern: str, kind: str, names: list[str]) -> Sequence[T]:
    """``found``, or a `UsageError` naming the closest names when the pattern matches nothing (a typo lists
    nothing otherwise, and exit 0 would say all is well)."""
    if found:
        return found
    close = difflib.get_close_matches(pattern, names, n=3, cutoff=0.5)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return_all = f"`torchtrt-compat {kind}s` lists all {len(names)}"
    raise UsageError(
        f"No {kind} matches {pattern!r}{hint}.",
        f"use {close[0]}; {return_all}" if close else f"{return_all}; a glob such as '*resnet*' matches part of a name",
    )
