"""``suggest``: the newest working set of torch, torchvision, torch_tensorrt and TensorRT for a target."""

from __future__ import annotations

import argparse

from ..compatibility.suggest import suggest


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "suggest",
        help="the newest torch / torchvision / torch_tensorrt / TensorRT set that works on a target",
        description="Search the compatibility matrix for the newest set that fits the GPUs, driver, Python and "
        "platform given; print it as a pip line, a constraints file and one line per choice saying why. When "
        "nothing fits, name the smallest change that makes something fit. Exit 0 found, 1 nothing fits, 2 bad "
        'input. `--json` prints {"spec", "pip", "constraints", "why"}; spec is a target `check --target` '
        "accepts as is.",
    )
    p.add_argument("--gpu", action="append", default=[], metavar="NAME|CC", help="H100, 'RTX 4090' or 8.9; repeatable")
    p.add_argument("--driver", metavar="VERSION", help="the NVIDIA driver of the target, e.g. 570.124.06")
    p.add_argument("--python", metavar="VERSION", help="the Python of the target, e.g. 3.12")
    p.add_argument("--platform", metavar="TAG", help="linux_x86_64 (assumed when not given), linux_aarch64, win_amd64")
    p.add_argument("--flavour", choices=("trt", "rtx"), help="full TensorRT or TensorRT-RTX (both when not given)")
    p.add_argument("--json", action="store_true", help='print {"spec", "pip", "constraints", "why"} as JSON')
    p.set_defaults(run=run_suggest)


def run_suggest(args: argparse.Namespace) -> int:
    result = suggest(
        gpus=args.gpu, driver=args.driver, python=args.python, platform=args.platform, flavour=args.flavour
    )
    print(result.to_json() if args.json else result)
    return result.exit_code
