"""``check``, ``env`` and ``matrix``: what is installed and whether it fits together."""

from __future__ import annotations

import argparse
import json


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check that this machine's stack (or a described target) fits together",
        description="Check Python, platform, torch, torchvision, torch_tensorrt, TensorRT, CUDA build, driver and "
        "GPUs against the compatibility matrix. Exit 0 compatible, 1 incompatible, 2 bad spec.",
    )
    p.add_argument("--target", metavar="SPEC.json", help="check a described deployment target instead of this machine")
    p.add_argument("--json", action="store_true", help='print {"compatible", "environment", "findings"} as JSON')
    p.set_defaults(run=run_check)

    p = sub.add_parser(
        "env",
        help="print this machine's stack as a copy-paste block for bug reports",
        description="Versions from package metadata, GPUs and driver from NVML or nvidia-smi; imports no torch and "
        "creates no CUDA context. GPU UUIDs are removed.",
    )
    p.add_argument("--json", action="store_true", help="print it as JSON")
    p.set_defaults(run=run_env)

    p = sub.add_parser(
        "matrix",
        help="print the torch_tensorrt compatibility matrix",
        description="Every torch-tensorrt / torch-tensorrt-rtx release with its torch requirement, TensorRT "
        "requirement, CUDA build and the Python versions and platforms it has wheels for (from PyPI metadata).",
    )
    p.add_argument("--torch-tensorrt", metavar="VERSION", help="only releases of this version or minor, e.g. 2.13")
    p.add_argument("--package", choices=("torch-tensorrt", "torch-tensorrt-rtx"), help="only this distribution")
    p.add_argument("--json", action="store_true", help="print the raw matrix rows as JSON")
    p.set_defaults(run=run_matrix)


def run_check(args: argparse.Namespace) -> int:
    from ..checker import check

    report = check(args.target)
    print(report.to_json() if args.json else report)
    return 0 if report.compatible else 1


def run_env(args: argparse.Namespace) -> int:
    from ..env import detect_environment, to_json

    env = detect_environment()
    print(to_json(env) if args.json else env.format())
    return 0


def run_matrix(args: argparse.Namespace) -> int:
    from .. import matrix
    from .._errors import UsageError
    from ..versions import parse_version

    if args.torch_tensorrt:
        if len(args.torch_tensorrt) > 64:  # int() of thousands of digits is refused by Python itself
            raise UsageError(
                f"--torch-tensorrt is {len(args.torch_tensorrt):,} characters long, not a version.",
                "use a version such as 2.14.0 or a minor such as 2.14",
            )
        parse_version(args.torch_tensorrt, what="--torch-tensorrt")
    rows = matrix.select(args.package, args.torch_tensorrt)
    if not rows:
        raise UsageError(
            f"No torch_tensorrt release matches {args.torch_tensorrt!r} in the matrix.",
            "run `torchtrt-compat matrix` to list them all",
        )
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(matrix.format_table(rows))
    return 0
