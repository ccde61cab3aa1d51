"""``explain``: read an error message, a traceback or a whole log and say what it means and what fixes it."""

from __future__ import annotations

import argparse
import json
import sys

from .._bounded import MAX_LOG_BYTES, Ends, decode_log, log_encoding, read_ends
from .._errors import UsageError
from ..env import detect_environment
from ..troubleshooting import KNOWN_ERRORS, explain, format_entry, format_explanation, lookup
from ..ux.display import safe

_FIX = "pass the file holding the error text, or - to read stdin"
_LOG_FIX = "pass the build log's path with --log, or leave --log out"
_STDIN_FIX = "pipe in the failing part of the log"


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "explain",
        help="explain an error message, traceback or log: cause and fix (from a file or stdin)",
        description="Match an error message, a whole traceback or a log against the known failures of "
        "Torch-TensorRT, TensorRT, CUDA and the libraries around them (docs/troubleshooting.md) and print the first "
        "answer (the failure's cause, 'only warnings', or where it failed and what to run next), then the cause and "
        "fix of each match. A log larger than 64 MiB is read at both ends (its first 16 MiB and last 48 MiB) and the "
        "answer says which bytes were left out; UTF-16 logs (PowerShell's >) are decoded. Exit 0 when the text is "
        "explained or holds only warnings, 1 when no known error explains it, 2 when FILE cannot be read.",
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
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the matches as a JSON list, the most likely first")
    out.add_argument(
        "--json-object",
        action="store_true",
        help="print one JSON object: the first answer (outcome, summary, first_answer), the stage, library and next "
        "command of a miss, what was not read, and the matches (the list --json prints)",
    )
    out.add_argument("--list", action="store_true", help="list every known failure: its key and title")
    out.add_argument("--about", metavar="KEY", help="print one known failure's entry: example, cause, every fix")
    p.set_defaults(run=run_explain)


def _ends(source: str, what: str, fix: str) -> Ends:
    if source != "-":
        return read_ends(source, limit=MAX_LOG_BYTES, what=what, fix=fix)
    if sys.stdin is None or sys.stdin.closed:  # `explain - <&-`: no input at all
        raise UsageError("stdin is closed, so there is no error text to read.", _STDIN_FIX)
    if sys.stdin.isatty():
        print("Paste the error or traceback, then press Ctrl-D.", file=sys.stderr)
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream stood in for stdin (tests, embedding): its text, as UTF-8
        return read_ends(_TextAsBytes(sys.stdin), limit=MAX_LOG_BYTES, what=what, fix=fix)
    return read_ends(buffer, limit=MAX_LOG_BYTES, what=what, fix=fix)


class _TextAsBytes:
    """A text stream read as UTF-8 bytes, a piece at a time (for a text object standing in for stdin)."""

    def __init__(self, stream: object) -> None:
        self._stream = stream

    def read(self, n: int = -1) -> bytes:
        return str(self._stream.read(n)).encode("utf-8", "surrogatepass")  # type: ignore[attr-defined]


def read_text(source: str, *, what: str = "error text", fix: str = _FIX) -> tuple[str, str]:
    """The text of ``source`` (a path, or ``-`` for stdin) and a note on what of it was not read (empty when all was).

    Any size is accepted: more than 64 MiB is read as its first 16 MiB and last 48 MiB. The encoding is the file's
    byte-order mark, UTF-16 without one when every other byte is NUL, else UTF-8; undecodable bytes are replaced.
    """
    ends = _ends(source, what, fix)
    encoding = log_encoding(ends.head)
    text = decode_log(ends.head, encoding)
    if ends.skipped is None:
        return text, ""
    text += "\n" + decode_log(ends.tail, encoding, start=ends.skipped[1])
    a, b = ends.skipped
    where = "stdin" if source == "-" else safe(source)
    note = f"bytes {a:,}-{b:,} of {where} ({(b - a) / 1e6:.1f} MB of its {ends.total / 1e6:.1f} MB) were not read"
    if ends.cut_at_end:
        note += f", nor anything after its first {ends.total / 1e9:.0f} GB"
    if source == "-":
        return text, note + " (save the output to a file to search the middle: `... > run.log`)"
    search = f"tail -c +{a + 1} {where} | head -c {b - a} | torchtrt-compat explain -"
    return text, note + f": to search them, run `{search}`"


def run_explain(args: argparse.Namespace) -> int:
    if args.list:
        for k in KNOWN_ERRORS:
            print(safe(f"{k.key:<28} {k.title}"))
        return 0
    if args.about:
        try:
            entry = lookup(args.about)
        except KeyError:
            raise UsageError(
                f"{args.about!r} is not a known failure.", "run `torchtrt-compat explain --list` for the keys"
            ) from None
        print(safe(format_entry(entry)), end="")
        return 0
    text, text_note = read_text(args.file)
    log, log_note = read_text(args.log, what="log", fix=_LOG_FIX) if args.log else (None, "")
    env = detect_environment() if args.env else None
    found = explain(text, log=log, env=env)
    notes = [n for n in (text_note, f"in the log: {log_note}" if log_note else "", found.unread) if n]
    ok = found.outcome in ("explained", "warnings-only")
    if args.json:
        print(json.dumps([e.to_dict() for e in found], indent=2, ensure_ascii=False))
        return 0 if ok else 1
    if args.json_object:
        print(json.dumps(found.to_dict(unread="; ".join(notes)), indent=2, ensure_ascii=False))
        return 0 if ok else 1
    print(safe(found.summary))
    if notes:
        print(safe("Not read: " + "; ".join(notes)))
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
    elif found.outcome == "warnings-only" and found.next_step:
        # nothing failed, but the text shows what the next look is (a log of info lines only, a job that ran slowly)
        lines = [f"Next step: {found.next_step}"] + ([f"Run: {found.command}"] if found.command else [])
        print(safe("\n".join(lines)))
    if found:
        heading = "Also seen" if not ok or found.outcome == "warnings-only" else "Matches, the most likely first"
        print(f"\n{heading}:\n")
        print(format_explanation(found), end="")
        more = f"`torchtrt-compat explain --about {found[0].key}` prints every fix of an entry; --list lists all"
        print(f"\nMore: {more}.")
    return 0 if ok else 1
