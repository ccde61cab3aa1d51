"""``matrix``: print the compatibility matrix, or refresh it from the registry (``--refresh``)."""

from __future__ import annotations

import argparse
import json
import sys

from .._errors import UsageError
from ..compatibility import matrix
from ..compatibility.refresh import refresh
from ..versions import parse_version


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "matrix",
        help="print the torch_tensorrt compatibility matrix, or refresh it from the registry",
        description="Every torch-tensorrt / torch-tensorrt-rtx release with its torch requirement, TensorRT "
        "requirement, CUDA build and the Python versions and platforms it has wheels for (from registry metadata), "
        "and which snapshot the answers come from. --refresh reads the registry again through pip's configuration "
        "(index, extra indexes, find-links, proxy, certificates) and writes the user cache the checker then prefers; "
        "nothing is ever fetched without it.",
    )
    p.add_argument("--torch-tensorrt", metavar="VERSION", help="only releases of this version or minor, e.g. 2.13")
    p.add_argument("--package", choices=("torch-tensorrt", "torch-tensorrt-rtx"), help="only this distribution")
    p.add_argument("--json", action="store_true", help="print the raw matrix rows as JSON")
    p.add_argument(
        "--gpus",
        action="store_true",
        help="list the GPUs the matrix knows instead: compute capability, architecture, names, minimum driver, "
        "last driver branch, Jetson platform",
    )
    p.add_argument(
        "--refresh",
        action="store_true",
        help="read the registry's metadata again (what changed since the snapshot in use) and write the user cache",
    )
    p.add_argument("--full", action="store_true", help="with --refresh: read every release again, not only new ones")
    p.add_argument("--index-url", metavar="URL", help="with --refresh: the simple index to read instead of pip's")
    p.add_argument("--jobs", type=int, default=8, metavar="N", help="with --refresh: parallel reads (default 8)")
    p.set_defaults(run=run_matrix)


def run_matrix(args: argparse.Namespace) -> int:
    if args.refresh:
        return _refresh(args)
    if args.full or args.index_url:
        raise UsageError("--full and --index-url only apply to a refresh.", "add --refresh")
    if args.gpus:
        if args.torch_tensorrt or args.package:
            raise UsageError("--gpus lists GPUs; it takes no release filter.", "run `torchtrt-compat matrix --gpus`")
        rows = matrix.gpu_table()
        print(json.dumps(rows, indent=2) if args.json else matrix.format_gpu_table(rows))
        return 0
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
        print(  # beside the table, not in it: stdout stays the table alone
            f"snapshot {matrix.snapshot_date()} ({matrix.snapshot_source()}); "
            "`torchtrt-compat matrix --refresh` reads the registry again",
            file=sys.stderr,
        )
    return 0


def _refresh(args: argparse.Namespace) -> int:
    if args.torch_tensorrt or args.package or args.json or args.gpus:
        raise UsageError("--refresh writes the matrix; it takes no filter or --json.", "run it alone, then `matrix`")
    if not 1 <= args.jobs <= 64:
        raise UsageError(f"--jobs {args.jobs} is out of range.", "pass --jobs between 1 and 64")
    result = refresh(
        full=args.full,
        jobs=args.jobs,
        index_url=args.index_url,
        progress=lambda text: print(text, file=sys.stderr, flush=True),
    )
    matrix.reload()
    print(result)
    print(f"the checker now reads: snapshot {matrix.snapshot_date()} ({matrix.snapshot_source()})")
    return 0
