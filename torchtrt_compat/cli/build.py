"""``build``: ahead-of-time TensorRT-RTX engines for a catalogue model, your function or a saved ExportedProgram."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .._atomic import atomic_write_text, check_output_dir
from .._errors import UsageError
from ..compiler import build_engine
from ..compiler.aot import zero_engine_advice
from ..compiler.artifact import check_replaceable
from ..farm import build_plan
from ..farm.sources import load_source, resolve_source
from ..ux.display import safe


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build TensorRT-RTX engines ahead of time (works without a GPU)",
        description="Build TensorRT-RTX engines for the named GPU architectures and write the artifact folder "
        "DIR/NAME/: model.ep (torch_tensorrt.load('model.ep').module() runs it on the GPU host), engines/*.plan, "
        "report.json and manifest.json, published as one. MODEL is models:NAME from the bundled catalogue "
        "(`torchtrt-compat models`), pkg.mod:function (returning the model and its example inputs), or a .ep/.pt2 "
        "file written by torch.export.save, resolved as a plan's source is. With --plan PLAN.toml, builds every "
        "model x target set x precision the plan names, in parallel, skipping what is already built "
        "(docs/build_farm.md).",
    )
    p.add_argument("model", metavar="MODEL", nargs="?", help="models:NAME, pkg.mod:function or path/to/program.pt2")
    p.add_argument("--cc", nargs="+", metavar="CC", help="target compute capabilities, e.g. 8.9 12.0")
    p.add_argument("--out", metavar="DIR", help="output directory (the artifact is DIR/NAME/)")
    p.add_argument("--fp16", action="store_true", help="ask for FP16 (enabled_precisions={torch.half})")
    p.add_argument("--min-block-size", type=int, default=None, help="torch_tensorrt min_block_size")
    p.add_argument(
        "--trust",
        action="store_true",
        help="read a MODEL .ep/.pt2 although it is a program from disk: torch.export.load runs code a crafted "
        "file holds (sympy expressions, guard code, pickles, AOTInductor libraries); pass it only for files you made",
    )
    p.add_argument(
        "--sign-key",
        metavar="KEY",
        default=None,
        help="sign the artifact folder with this elliptic-curve private key (PEM; needs torchtrt-compat[sign]); "
        "check it with `torchtrt-compat verify DIR --key PUB`",
    )
    p.add_argument(
        "--partition",
        choices=["auto"],
        default=None,
        help="auto: when the whole model does not export (e.g. a detector's post-processing), build its largest "
        "exportable submodules; the artifact holds parts/<path>.ep per part, and "
        "EngineArtifact.load(DIR).attach(model) puts them into your model on the deploy host",
    )
    p.add_argument(
        "--no-rewrite-check",
        action="store_true",
        help="skip running the graph handed to TensorRT against the model first (two more forward passes of each; "
        "for models too large for that)",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show what torch, torch_tensorrt and TensorRT print (by default it goes to DIR/NAME.build.log)",
    )
    farm = p.add_argument_group("build farm (--plan)")
    farm.add_argument("--plan", metavar="PLAN", help="a plan.toml of models, targets and precisions to build")
    farm.add_argument("--workers", type=int, metavar="N", help="builds at once (default: from cores and memory)")
    farm.add_argument("--timeout", type=float, metavar="S", help="stop a build after S seconds (a failed row)")
    farm.add_argument("--force", action="store_true", help="rebuild what is already built and up to date")
    farm.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the builds as Ray tasks: a local Ray, or the cluster at ADDRESS (extra: torchtrt-compat[farm])",
    )
    farm.add_argument(
        "--ray-return",
        action="store_true",
        help="Ray tasks send their folders back to this machine (default: they write --out, a shared path)",
    )
    p.set_defaults(run=run_build)


def load_model(spec: str, *, trust: bool = False) -> tuple[str, Any, tuple[Any, ...]]:
    """MODEL as `farm.sources` resolves it (``models:NAME``, ``pkg.mod:function`` or a trusted ``.ep``/``.pt2``) ->
    (artifact name, model, example inputs). Resolved the way a plan's ``source`` is, with the current folder as the
    plan's folder."""
    source = resolve_source(spec, "MODEL", Path.cwd(), trust)
    model, inputs = load_source(source)
    return source.name, model, inputs


_KEY_FIX = (
    "create a key pair: openssl ecparam -name prime256v1 -genkey -noout -out signing.key && "
    "openssl ec -in signing.key -pubout -out signing.pub"
)


def _artifact_name(spec: str, trust: bool) -> str:
    return resolve_source(spec, "MODEL", Path.cwd(), trust).name


def _write_log(path: Path, verbose: bool, lines: list[str]) -> bool:
    """Write what the build captured from torch / torch_tensorrt / TensorRT to ``path``; False when nothing was."""

    if verbose or not lines:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, "\n".join(lines) + "\n")
    return True


def run_plan(args: argparse.Namespace) -> int:
    """``build --plan``: exit 0 when every build is built or up to date, 1 when any failed, 2 for a bad plan."""
    if args.model is not None or args.cc:
        raise UsageError("--plan builds what the plan names; MODEL and --cc are for one build.", "drop MODEL and --cc")

    result = build_plan(
        args.plan,
        out=args.out,
        workers=args.workers,
        timeout=args.timeout,
        force=args.force,
        ray=args.ray,
        ray_transfer="return" if args.ray_return else "shared",
        trust=bool(getattr(args, "trust", False)),
    )

    print(result.table())
    print(safe(f"summary: {result.files[0]} and {result.files[1]}"))
    return 0 if result.ok else 1


def run_build(args: argparse.Namespace) -> int:
    if args.plan is not None:
        return run_plan(args)
    farm_flags = [f for f in ("workers", "timeout", "ray") if getattr(args, f) is not None]
    farm_flags += [f.replace("_", "-") for f in ("force", "ray_return") if getattr(args, f)]
    if farm_flags:
        raise UsageError(f"--{farm_flags[0]} applies to --plan builds.", "add --plan PLAN.toml, or drop it")
    if args.model is None or not args.cc or args.out is None:
        missing = "MODEL" if args.model is None else "--cc" if not args.cc else "--out"
        raise UsageError(f"build needs {missing}.", "torchtrt-compat build MODEL --cc 8.9 --out DIR (or --plan PLAN)")

    out = check_output_dir(args.out)  # before any import of torch and before minutes of building
    check_replaceable(out / _artifact_name(args.model, args.trust))
    if args.sign_key is not None and not Path(args.sign_key).expanduser().is_file():
        raise UsageError(f"--sign-key {args.sign_key} does not exist or is not a file.", _KEY_FIX)

    import torch

    name, model, inputs = load_model(args.model, trust=args.trust)
    kwargs: dict[str, Any] = {}
    if args.min_block_size is not None:
        kwargs["min_block_size"] = args.min_block_size
    log_path = out / f"{name}.build.log"
    try:
        artifact = build_engine(
            model,
            list(inputs),
            compute_capabilities=args.cc,
            enabled_precisions={torch.half} if args.fp16 else None,
            verbose=args.verbose,
            partition=args.partition,
            rewrite_check=not args.no_rewrite_check,
            **kwargs,
        )
    except BaseException as exc:  # a BuildError carries what its build captured
        if _write_log(log_path, args.verbose, list(getattr(exc, "captured", None) or [])):
            print(f"torchtrt-compat build: upstream output of the failed build is in {log_path}", file=sys.stderr)
        raise
    _write_log(log_path, args.verbose, artifact.report.log)
    if artifact.report.log:
        artifact.report.log_file = str(log_path)
    path = artifact.save(out / name, sign_key=args.sign_key)
    print(artifact.summary())
    advice = zero_engine_advice(artifact.report, kwargs)
    if advice:
        print(f"warning: {advice}", file=sys.stderr)
    size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    plans = len(artifact.engines)
    signed = ", signature.sig" if args.sign_key is not None else ""
    if artifact.report.partition:
        parts = len(artifact.report.partition.get("parts") or [])
        print(
            f"wrote {path}/ ({size / 1e6:.1f} MB): {parts} part(s) in parts/*.ep, {plans} plan file(s), report.json, "
            f"manifest.json{signed}; deploy with EngineArtifact.load(DIR).attach(model)"
        )
        return 0
    print(f"wrote {path}/ ({size / 1e6:.1f} MB): model.ep, {plans} plan file(s), report.json, manifest.json{signed}")
    return 0
