"""``check`` and ``env``: what is installed and whether it fits together."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._errors import UsageError
from ..compatibility.fleet import check_fleet
from ..compatibility.rules import check, check_environment
from ..compatibility.target import Overrides, apply_overrides, read_target, target_from_environment, to_environment
from ..compatibility.what_if import what_if
from ..env import detect_environment, to_json
from ..ux.display import page
from ._html import check_html_path, write_html

EXIT_TEXT = "Exit 0 compatible, 1 incompatible, 2 bad input or usage, 3 unknown (a deciding fact is missing)."


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check that this machine's stack (or a described target, or a fleet) fits together",
        description="Check Python, platform, torch, torchvision, torch_tensorrt, TensorRT, CUDA build, driver and "
        "GPUs against the compatibility matrix. The verdict is compatible, incompatible or unknown (a release the "
        "matrix does not know, or a missing fact the verdict depends on; the finding says how to supply it). "
        + EXIT_TEXT,
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--target",
        metavar="FILE|JSON",
        help="check a described target instead of this machine: a JSON spec, the output of `torchtrt-compat env "
        "--json` from another host, or a `pip freeze` / pinned requirements.txt (detected by content)",
    )
    where.add_argument(
        "--fleet",
        metavar="FILE|DIR",
        help="check many hosts: JSON lines of `env --json` outputs (or specs), or a folder of target files; one row "
        "per host and a summary by verdict and by cause",
    )
    p.add_argument(
        "--gpu",
        action="append",
        default=[],
        metavar="NAME|CC",
        help="a GPU of the target, by model (H100, 'RTX 4090') or compute capability (8.9); repeatable; replaces "
        "the input's GPU list",
    )
    p.add_argument("--driver", metavar="VERSION", help="the target's NVIDIA driver, e.g. 580.95.05")
    p.add_argument("--python", metavar="VERSION", help="the target's Python, e.g. 3.12")
    p.add_argument("--platform", metavar="TAG", help="linux_x86_64, linux_aarch64 or win_amd64")
    p.add_argument("--cuda", metavar="VERSION", help="the CUDA version torch is built for, e.g. 13.0")
    p.add_argument(
        "--upgrade",
        action="append",
        default=[],
        metavar="NAME==VERSION",
        help="what if: apply this pin over this machine or the target and say what breaks; repeatable",
    )
    p.add_argument("--json", action="store_true", help='print {"verdict", "compatible", ...} (or the fleet) as JSON')
    p.add_argument("--html", metavar="FILE", help="also write the report as an HTML page (written atomically)")
    p.set_defaults(run=run_check)

    p = sub.add_parser(
        "env",
        help="print this machine's stack as a copy-paste block for bug reports",
        description="Versions from package metadata, GPUs and driver from NVML or nvidia-smi; imports no torch and "
        "creates no CUDA context. GPU UUIDs are removed. `check --target` and `check --fleet` read its --json output.",
    )
    p.add_argument("--json", action="store_true", help="print it as JSON")
    p.set_defaults(run=run_env)


def _overrides(args: argparse.Namespace) -> Any:
    return Overrides(
        gpus=args.gpu,
        driver=args.driver,
        python=args.python,
        platform=args.platform,
        cuda=args.cuda,
        upgrades=args.upgrade,
    )


def _write_html(path: str, body: str, title: str) -> None:
    write_html(path, page(title, body))


def run_check(args: argparse.Namespace) -> int:
    if args.html:
        check_html_path(args.html)  # before the work: a 100k-host fleet must not run only to fail at the end
    overrides = _overrides(args)
    if args.fleet:
        return _run_fleet(args, overrides)
    if args.target is None and not overrides:
        report = check()
        print(report.to_json() if args.json else report)
        if args.html:
            _write_html(args.html, report._repr_html_(), "torchtrt-compat check")
        return report.exit_code

    target = read_target(args.target) if args.target is not None else target_from_environment(detect_environment())
    applied = apply_overrides(target, overrides)
    report = check_environment(to_environment(applied), local=applied.installed)
    change = None
    if args.upgrade:
        plain = apply_overrides(target, Overrides(**{**overrides.__dict__, "upgrades": ()}))
        before = check_environment(to_environment(plain), local=plain.installed)
        change = what_if(before, report, list(args.upgrade), target.origin)
    if args.json:
        data = report.to_dict()
        if change is not None:
            data["what_if"] = change.to_dict()
        print(json.dumps(data, indent=2))
    else:
        print(report)
        if change is not None:
            print(change)
    if args.html:
        _write_html(args.html, report._repr_html_(), f"torchtrt-compat check: {report.environment.source}")
    return report.exit_code


def _run_fleet(args: argparse.Namespace, overrides: Any) -> int:
    if args.upgrade:
        raise UsageError("--upgrade applies to one target, not a fleet.", "run check --target HOST.json --upgrade ...")
    report = check_fleet(args.fleet, overrides if overrides else None)
    print(report.to_json() if args.json else report)
    if args.html:
        write_html(args.html, report.to_html())
    return report.exit_code


def run_env(args: argparse.Namespace) -> int:
    env = detect_environment()
    print(to_json(env) if args.json else env.format())
    return 0
