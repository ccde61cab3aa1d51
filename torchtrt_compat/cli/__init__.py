"""``torchtrt-compat``: a thin command line over the library.

Exit codes: 0 ok / compatible, 1 incompatible (or the job failed for a reason the user can fix in their stack),
2 bad usage or bad input. User errors print one line and no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .._errors import CompatError

# command name -> module under torchtrt_compat.cli that defines add_parser(subparsers) and run(args) -> int
COMMANDS: dict[str, str] = {
    "check": "environment",
    "env": "environment",
    "matrix": "environment",
    "shims": "catalogue",
    "models": "catalogue",
    "build": "build",
    "bench": "bench",
    "explain": "explain",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 already; keep its one-line format
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="torchtrt-compat",
        description="Check, compile and deploy PyTorch models with Torch-TensorRT across releases.",
        epilog="Exit codes: 0 ok, 1 incompatible / failed, 2 bad usage or input.",
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"torchtrt-compat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    seen: set[str] = set()
    for module_name in COMMANDS.values():
        if module_name in seen:
            continue
        seen.add(module_name)
        module = importlib.import_module(f"{__name__}.{module_name}")
        module.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except CompatError as exc:
        print(f"torchtrt-compat {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `torchtrt-compat check | head`: the reader left, which is not our error
        sys.stderr.close()
        return 0
