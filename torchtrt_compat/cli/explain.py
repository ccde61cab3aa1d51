"""``explain``: read an error message, a traceback or a whole log and say what it means and what fixes it."""

from __future__ import annotations

import argparse
import json
import sys

from .._bounded import MAX_LOG_BYTES, read_bytes, read_stream
from .._errors import UsageError
from ..env import detect_environment
from ..troubleshooting import explain, format_explanation
from ..ux.display import safe

_FIX = "pass the file holding the error text, or - to read stdin"
_STDIN_FIX = "pipe in the failing part of the log"


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "explain",
        help="explain an error message, traceback or log: cause and fix (from a file or stdin)",
        description="Match an error message, a whole traceback or a log against the known failures of "
        "Torch-TensorRT, TensorRT, CUDA and the libraries around them (docs/troubleshooting.md) and print the first "
        "answer (the failure's cause, 'only warnings', or where it failed and what to run next), then the cause and "
        "fix of each match. Exit 0 when the text is explained or holds only warnings, 1 when no known error "
        "explains it, 2 when FILE cannot be read.",
        epilog="Example: python serve.py 2>&1 | torchtrt-compat explain - --env",
    )
    p.add_argument(
        "file", metavar="FILE", nargs="?", default="-", help="file with the error text; - reads stdin (default)"
    )
    p.add_argument("--log", metavar="FILE", help="a build log (TensorRT's messages) to search with the error")
    p.add_argument(
        "--env",
        action="store_true",
        help="use this machine's versions (torch, torch_tensorrt, TensorRT, driver) to make the fixes concrete",
    )
    p.add_argument("--json", action="store_true", help="print the matches as a JSON list, the most likely first")
    p.set_defaults(run=run_explain)


def read_text(source: str) -> str:
    """The text of ``source`` (a path, or ``-`` for stdin), at most 64 MiB; undecodable bytes are replaced."""
    if source == "-":
        if sys.stdin is None or sys.stdin.closed:  # `explain - <&-`: no input at all
            raise UsageError("stdin is closed, so there is no error text to read.", _STDIN_FIX)
        if sys.stdin.isatty():
            print("Paste the error or traceback, then press Ctrl-D.", file=sys.stderr)
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream stood in for stdin (tests, embedding): read it as text, within the limit
            text = sys.stdin.read(MAX_LOG_BYTES + 1)
            if len(text) > MAX_LOG_BYTES:
                raise UsageError(f"stdin is larger than the {MAX_LOG_BYTES:,}-byte limit.", _STDIN_FIX)
            return str(text)
        data = read_stream(buffer, limit=MAX_LOG_BYTES, what="stdin", fix=_STDIN_FIX)
    else:
        data = read_bytes(source, limit=MAX_LOG_BYTES, what="error text", fix=_FIX)
    return data.decode("utf-8", "replace")  # logs are not JSON: a stray byte must not hide the error around it


def run_explain(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    log = read_text(args.log) if args.log else None
    env = None
    if args.env:
        env = detect_environment()
    found = explain(text, log=log, env=env)
    ok = found.outcome in ("explained", "warnings-only")
    if args.json:
        print(json.dumps([e.to_dict() for e in found], indent=2, ensure_ascii=False))
        return 0 if ok else 1
    print(safe(found.summary))
    if found.unread:
        print(safe(f"Not read: {found.unread}"))
    if found.outcome in ("unexplained", "no-match"):
        lines = [f"Stage: {found.stage}" + (f" (library: {found.library})" if found.library else "")]
        if found.next_step:
            lines.append(f"Next step: {found.next_step}")
        if found.command:
            lines.append(f"Run: {found.command}")
        lines.append(
            "If it is a torchtrt_compat or Torch-TensorRT problem, open a bug report with the full output and that "
            "of `torchtrt-compat env`."
        )
        print(safe("\n".join(lines)))
    if found:
        heading = "Also seen" if not ok or found.outcome == "warnings-only" else "Matches, the most likely first"
        print(f"\n{heading}:\n")
        print(format_explanation(found), end="")
        print("\nMore: docs/troubleshooting.md (in the torchtrt_compat sources)")
    return 0 if ok else 1
