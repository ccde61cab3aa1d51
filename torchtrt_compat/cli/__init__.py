"""``torchtrt-compat``: a thin command line over the library.

Exit codes (`EXIT_CODES` per command): 0 ok / compatible, 1 incompatible (or the job failed for a reason the user can
fix in their stack, a package it needs included), 2 bad usage or bad input, 3 unknown (``check``: a fact the verdict
depends on is missing), 130 interrupted. User errors print one line and no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn

from .._errors import CompatError, IncompatibleError
from .._version import __version__
from ..ux.display import SafeStream, error_lines, safe

#: The command registry, in --help order: a module under torchtrt_compat.cli and the commands its
#: ``add_parsers(subparsers)`` adds (each with ``set_defaults(run=fn)``, ``fn(args) -> exit code``). A module that
#: fails to import leaves its commands in place, each failing with the import error; the others work.
COMMAND_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("check", ("check", "env")),
    ("matrix", ("matrix",)),
    ("suggest", ("suggest",)),
    ("catalogue", ("shims", "models")),
    ("build", ("build",)),
    ("verify", ("verify",)),
    ("bench", ("bench",)),
    ("explain", ("explain",)),
    ("selftest", ("selftest",)),
)


#: What every command may exit with besides its own codes: a package the command needs is missing (1), a path it
#: was given cannot be read or written (2), Ctrl-C (130).
COMMON_EXIT_CODES: dict[int, str] = {
    1: "a package it needs is not installed (the line names the pip command)",
    2: "bad usage, or a path that cannot be read or written",
    130: "interrupted (Ctrl-C)",
}

#: Each command's exit codes and what they mean. docs/cli.md's table is generated from it (tools/render_readme.py),
#: and tests/cli/test_exit_codes.py runs each command into its codes.
EXIT_CODES: dict[str, dict[int, str]] = {
    "check": {
        0: "compatible",
        1: "incompatible (a fleet: any host incompatible)",
        2: "bad input",
        3: "unknown: a deciding fact is missing (a fleet: any host unknown or unreadable, none incompatible)",
    },
    "env": {0: "printed"},
    "matrix": {
        0: "printed, or refreshed",
        1: "--refresh could not read the registry (nothing changed)",
        2: "an unknown release",
    },
    "suggest": {0: "a set was found", 1: "nothing fits", 2: "bad input"},
    "shims": {0: "listed", 2: "no shim matches the pattern"},
    "models": {0: "listed", 2: "no model matches the pattern"},
    "build": {
        0: "built (with --plan: every build built or up to date)",
        1: "this stack cannot build it (e.g. --cc 9.0 with TensorRT-RTX), or the build failed (--plan: a build "
        "failed, the others complete)",
        2: "bad model, arguments or plan",
    },
    "verify": {0: "signed and unchanged", 2: "unsigned, tampered or malformed"},
    "bench": {0: "timed", 1: "the backend or device cannot run on this machine", 2: "bad arguments"},
    "explain": {0: "a known error matched", 1: "nothing matched", 2: "FILE unreadable"},
    "selftest": {0: "every step passed", 1: "a step failed", 2: "bad arguments", 3: "steps were skipped"},
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse exits 2 already; keep its one-line format
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser; with ``only`` (a command name), just the module that adds that command, so that
    ``torchtrt-compat check`` does not import the runtime helpers ``bench`` needs."""
    parser = _Parser(
        prog="torchtrt-compat",
        description="Check, compile and deploy PyTorch models with Torch-TensorRT across releases.",
        epilog="Exit codes: 0 ok, 1 incompatible / failed, 2 bad usage or input, 3 unknown (check: a deciding fact is "
        "missing).",
    )

    parser.add_argument("--version", action="version", version=f"torchtrt-compat {__version__}")
    parser.add_argument(
        "-v",
        "--verbose",
        dest="full_traceback",
        action="store_true",
        help="on an error, print the whole upstream traceback after the short form",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module_name, commands in COMMAND_GROUPS:
        if only is not None and only not in commands:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except Exception as exc:  # a broken command module fails only its own commands
            _add_broken(sub, module_name, commands, exc)
            continue
        module.add_parsers(sub)
    return parser


def _add_broken(sub: argparse._SubParsersAction, module: str, commands: tuple[str, ...], exc: Exception) -> None:
    problem = (
        f"this command is unavailable: torchtrt_compat.cli.{module} failed to import ({type(exc).__name__}: {exc})."
    )
    fix = "reinstall torchtrt-compat; if it persists, report it with the output of `torchtrt-compat env`"

    def run(args: argparse.Namespace) -> int:
        raise IncompatibleError(problem, fix)

    for command in commands:
        # every argument, --help included, is swallowed so that the import failure is what the user sees
        p = sub.add_parser(command, help=f"(unavailable: {module} failed to import)", add_help=False, prefix_chars="\0")
        p.add_argument("rest", nargs="*")
        p.set_defaults(run=run)


def _command_of(argv: Sequence[str]) -> str | None:
    """The command the arguments name, when it is the first argument (``check --json``); else None."""
    known = {c for _, commands in COMMAND_GROUPS for c in commands}
    return argv[0] if argv and argv[0] in known else None


@contextlib.contextmanager
def _terminal() -> Iterator[None]:
    """stdout and stderr for the length of a command: whatever the encoding, a character it cannot hold is written as
    an escape (no UnicodeEncodeError), and text from outside goes through the one sanitiser (`ux.display.safe`).
    Both streams are restored exactly afterwards."""
    saved = sys.stdout, sys.stderr
    errors = [getattr(s, "errors", None) for s in saved]
    for stream in saved:
        if stream is not None and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")
    sys.stdout, sys.stderr = (SafeStream(s) if s is not None else s for s in saved)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        for stream, before in zip(saved, errors, strict=True):
            if stream is not None and before is not None and hasattr(stream, "reconfigure"):
                with contextlib.suppress(ValueError, OSError):
                    stream.reconfigure(errors=before)


def main(argv: Sequence[str] | None = None) -> int:
    with _terminal():
        return _main(argv)


def entry() -> int:
    """The ``torchtrt-compat`` program: `main`, then Ctrl-C is ignored while the interpreter shuts down, because the
    work is done and written by then; an interrupt there would turn a success into a kill with no message."""
    code = main()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_of(args_list))
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except CompatError as exc:
        _print_error(args, exc)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `torchtrt-compat check | head`: the reader left, which is not our error
        sys.stderr.close()
        return 0
    except OSError as exc:  # a path the user named cannot be read or written: their input, one line, exit 2
        where = f" {exc.filename}" if exc.filename else ""
        print(
            f"torchtrt-compat {args.command}: error: cannot use{where}: {exc.strerror or exc}. "
            "Fix: pass a path that exists and that you can read and write",
            file=sys.stderr,
        )
        return 2


def _print_error(args: argparse.Namespace, exc: CompatError) -> None:
    """The short form (problem, stage, cause, fix; one line for a plain usage error); ``-v`` adds the whole chain."""
    first, *rest = error_lines(exc)
    print(f"torchtrt-compat {args.command}: error: {first}", *rest, sep="\n", file=sys.stderr)
    if getattr(args, "full_traceback", False) or getattr(args, "verbose", False):
        import traceback

        print(safe("".join(traceback.format_exception(type(exc), exc, exc.__traceback__))), file=sys.stderr, end="")
