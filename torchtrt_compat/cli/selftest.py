"""``selftest``: run the stack on this GPU host, step by step (`torchtrt_compat.selftest()`)."""

from __future__ import annotations

import argparse

from .._errors import UsageError
from ..host_selftest import prepare_artifact_check, selftest
from ._html import check_html_path, write_html


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "selftest",
        help="prove that this GPU host runs the stack: TensorRT, context guard, CUDA graphs, bench, memory",
        description="Run the environment check, a tiny TensorRT compile compared with PyTorch, the CUDA context "
        "guard against a real foreign context, bucketed CUDA graphs against eager, a short bench and a memory "
        "report; with --artifact DIR, also that artifact run beside its PyTorch model (as `verify DIR --run`). "
        "Each step passes, fails with its cause and fix, or is skipped with the reason. Exit 0 all passed, "
        "1 a step failed, 3 steps were skipped (e.g. no GPU, or no TensorRT that runs here).",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--html", metavar="FILE", help="also write the result as an HTML page to FILE")
    p.add_argument("--device", default=None, metavar="D", help="cuda, cuda:N or N (default: the current CUDA device)")
    p.add_argument("--step", action="append", dest="steps", metavar="NAME", help="run only this step (repeatable)")
    p.add_argument("--artifact", metavar="DIR", help="add the artifact step: DIR run beside its model on this GPU")
    p.add_argument(
        "--model",
        metavar="SOURCE",
        help="the model DIR was built from: models:NAME, pkg.mod:function or a .ep/.pt2 with --trust (default: "
        "the catalogue model DIR records)",
    )
    p.add_argument("--trust", action="store_true", help="read a --model .ep/.pt2 (torch.export.load unpickles it)")
    p.set_defaults(run=run_selftest)


def run_selftest(args: argparse.Namespace) -> int:
    if args.html:
        check_html_path(args.html)  # before the steps run, not after a minute of them
    if args.artifact is None and (args.model is not None or args.trust):
        raise UsageError("--model and --trust name the model of --artifact DIR.", "add --artifact DIR")
    artifact = prepare_artifact_check(args.artifact, args.model, trust=args.trust) if args.artifact else None
    result = selftest(args.device, args.steps, artifact=artifact)
    print(result.to_json() if args.json else result)
    if args.html:
        write_html(args.html, result.to_html())
    return result.exit_code
