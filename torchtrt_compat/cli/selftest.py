"""``selftest``: run the stack on this GPU host, step by step (`torchtrt_compat.selftest()`)."""

from __future__ import annotations

import argparse

from ..host_selftest import selftest
from ._html import check_html_path, write_html


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "selftest",
        help="prove that this GPU host runs the stack: TensorRT, context guard, CUDA graphs, bench, memory",
        description="Run the environment check, a tiny TensorRT compile compared with PyTorch, the CUDA context "
        "guard against a real foreign context, bucketed CUDA graphs against eager, a short bench and a memory "
        "report. Each step passes, fails with its cause and fix, or is skipped with the reason. Exit 0 all passed, "
        "1 a step failed, 3 steps were skipped (e.g. no GPU, or no TensorRT that runs here).",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--html", metavar="FILE", help="also write the result as an HTML page to FILE")
    p.add_argument("--device", default=None, metavar="D", help="cuda, cuda:N or N (default: the current CUDA device)")
    p.add_argument("--step", action="append", dest="steps", metavar="NAME", help="run only this step (repeatable)")
    p.set_defaults(run=run_selftest)


def run_selftest(args: argparse.Namespace) -> int:
    if args.html:
        check_html_path(args.html)  # before the steps run, not after a minute of them
    result = selftest(args.device, args.steps)
    print(result.to_json() if args.json else result)
    if args.html:
        write_html(args.html, result.to_html())
    return result.exit_code
