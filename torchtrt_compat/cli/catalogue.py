"""``shims`` and ``models``: what torchtrt_compat can patch, and the bundled model catalogue."""

from __future__ import annotations

import argparse
import json

from ..compiler._upstream import shim_context
from ..models import list_models
from ..shims import list_shims


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
        for s in list_shims(args.pattern)
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
    for entry in list_models(args.pattern):
        print(f"models:{entry.name:<22} atol={entry.atol:<8g} {entry.description}")
    return 0
