"""``build``: ahead-of-time TensorRT-RTX engines for a catalogue model, your function or a saved ExportedProgram."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .._atomic import check_output_dir
from .._errors import UsageError
from ..compiler import build_engine
from ..compiler.aot import zero_engine_advice
from ..compiler.artifact import check_replaceable
from ..compiler.artifact.signing import load_private_key
from ..farm import build_plan
from ..farm.logs import check_log, write_log
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


def _artifact_name(spec: str, trust: bool) -> str:
    return resolve_source(spec, "MODEL", Path.cwd(), trust).name


def _write_log(path: Path, name: str, verbose: bool, lines: list[str]) -> Path | None:
    """Write what the build captured from torch / torch_tensorrt / TensorRT beside the artifact (`farm.logs`: never
    through a symlink, never over a file that is not a log of ours); where it went, or None when nothing was."""
    if verbose or not lines:
        return None
    return write_log(path, name, "\n".join(lines) + "\n")


#: every flag of `build`, and what it does with --plan: applied to every build of the plan (True), or refused with
#: the fix (text). A flag added to the parser and missing here fails tests/cli/test_build_plan_flags.py.
PLAN_FLAGS: dict[str, bool | str] = {
    "plan": True,
    "out": True,  # the output folder of every build (over the plan's out)
    "trust": True,  # every model may load a program file or import from the current directory
    "sign_key": True,  # every artifact signed (over the plan's sign_key)
    "min_block_size": True,  # settings.min_block_size of every build
    "partition": True,  # settings.partition of every build
    "workers": True,
    "timeout": True,
    "force": True,
    "ray": True,
    "ray_return": True,
    "model": "--plan builds what the plan names; drop MODEL",
    "cc": 'the plan\'s targets say which GPUs: write targets = ["8.9"] in it, and drop --cc',
    "fp16": 'the plan\'s precisions say which: write precisions = ["fp16"] (or ["fp32", "fp16"]), and drop --fp16',
    "verbose": "each build's upstream output is in OUT/MODEL/LABEL.build.log; drop -v",
}


def run_plan(args: argparse.Namespace) -> int:
    """``build --plan``: exit 0 when every build is built or up to date, 1 when any failed, 2 for a bad plan."""
    for dest, meaning in PLAN_FLAGS.items():
        given = getattr(args, dest, None)
        if isinstance(meaning, str) and given not in (None, False, []):
            flag = "MODEL" if dest == "model" else "-v" if dest == "verbose" else "--" + dest.replace("_", "-")
            raise UsageError(f"{flag} does not apply to --plan builds.", meaning)
    settings: dict[str, Any] = {}
    if args.min_block_size is not None:
        settings["min_block_size"] = args.min_block_size
    if args.partition is not None:
        settings["partition"] = args.partition

    result = build_plan(
        args.plan,
        out=args.out,
        workers=args.workers,
        timeout=args.timeout,
        force=args.force,
        ray=args.ray,
        ray_transfer="return" if args.ray_return else "shared",
        trust=bool(getattr(args, "trust", False)),
        sign_key=args.sign_key,
        settings=settings or None,
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
    artifact_name = _artifact_name(args.model, args.trust)
    check_replaceable(out / artifact_name)
    check_log(out / f"{artifact_name}.build.log")  # a user's file of that name is theirs; a link is never followed
    if args.sign_key is not None:
        try:
            load_private_key(args.sign_key)  # a missing, public or unusable key: now, not after the build
        except UsageError as exc:
            raise UsageError(f"--sign-key {args.sign_key}: {exc.problem}", exc.fix) from None

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
            **kwargs,
        )
    except BaseException as exc:  # a BuildError carries what its build captured
        written = _write_log(log_path, name, args.verbose, list(getattr(exc, "captured", None) or []))
        if written is not None:
            print(f"torchtrt-compat build: upstream output of the failed build is in {written}", file=sys.stderr)
        raise
    written = _write_log(log_path, name, args.verbose, artifact.report.log)
    if written is not None:
        artifact.report.log_file = str(written)  # shown below; saved artifacts keep no log and no host path
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
