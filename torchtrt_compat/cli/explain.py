"""``explain``: read an error message or a whole traceback and say what it means and what fixes it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .._errors import UsageError


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "explain",
        help="explain an error message or traceback: cause and fix (from a file or stdin)",
        description="Match an error message or a whole traceback against the known Torch-TensorRT failures "
        "(docs/troubleshooting.md) and print the cause and fix of each match. Exit 0 when something matched, 1 when "
        "nothing did, 2 when FILE cannot be read.",
        epilog="Example: python serve.py 2>&1 | torchtrt-compat explain -",
    )
    p.add_argument(
        "file", metavar="FILE", nargs="?", default="-", help="file with the error text; - reads stdin (default)"
    )
    p.add_argument(
        "--json", action="store_true", help="print the matches as a JSON list of {key, title, cause, fix, shown_by}"
    )
    p.set_defaults(run=run_explain)


def read_text(source: str) -> str:
    """The text of ``source`` (a path, or ``-`` for stdin); undecodable bytes are replaced, not fatal."""
    if source == "-":
        if sys.stdin.isatty():
            print("Paste the error or traceback, then press Ctrl-D.", file=sys.stderr)
        return sys.stdin.read()
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise UsageError(
            f"{path} does not exist.", "pass the file holding the error text, or - to read stdin"
        ) from None
    except IsADirectoryError:
        raise UsageError(
            f"{path} is a directory.", "pass the file holding the error text, or - to read stdin"
        ) from None
    except OSError as exc:
        raise UsageError(
            f"Cannot read {path}: {exc.strerror or exc}.", "pass a readable file, or - to read stdin"
        ) from None


def run_explain(args: argparse.Namespace) -> int:
    from ..troubleshooting import explain, format_explanation

    found = explain(read_text(args.file))
    if args.json:
        rows = [
            {"key": k.key, "title": k.title, "cause": k.cause, "fix": k.fix, "shown_by": list(k.shown_by)}
            for k in found
        ]
        print(json.dumps(rows, indent=2))
        return 0 if found else 1
    if not found:
        print(
            "No known error matched this text.\n"
            "If it is a torchtrt_compat or Torch-TensorRT problem, open a bug report with the full traceback and the "
            "output of `torchtrt-compat env`."
        )
        return 1
    print(f"{len(found)} known error{'s' if len(found) > 1 else ''} matched:\n")
    print(format_explanation(found), end="")
    print("\nMore: docs/troubleshooting.md")
    return 0
