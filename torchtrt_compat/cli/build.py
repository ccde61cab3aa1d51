"""``build``: ahead-of-time TensorRT-RTX engines for a catalogue model, your function or a saved ExportedProgram."""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path
from typing import Any

from .._atomic import check_output_dir
from .._errors import MissingDependencyError, UsageError
from .._lazy import install_extra, require
from ..compatibility import matrix
from ..compatibility.target import gpu_target
from ..compiler import build_engine
from ..compiler.aot import ZeroEnginesWarning, zero_engine_advice
from ..compiler.artifact import check_replaceable
from ..compiler.artifact.signing import load_private_key
from ..compiler.inputs import parse_dynamic
from ..compiler.validation import resolve_targets
from ..farm import build_plan
from ..farm.logs import check_log, write_log
from ..farm.sources import PROGRAM_SUFFIXES, ModelSource, load_source, resolve_source
from ..models import closest_names, get_model
from ..ux.display import safe
from ..versions import looks_like_compute_capability


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build TensorRT-RTX engines ahead of time (works without a GPU)",
        description="Build TensorRT-RTX engines for the named GPU architectures and write the artifact folder "
        "DIR/NAME/: model.ep (torch_tensorrt.load('model.ep').module() runs it on the GPU host; it holds the "
        "engines), report.json and manifest.json, published as one; --dynamic builds for a range of sizes. MODEL "
        "is models:NAME from the bundled catalogue "
        "(`torchtrt-compat models`), pkg.mod:function (returning the model and its example inputs), or a .ep/.pt2 "
        "file written by torch.export.save, resolved as a plan's source is. With --plan PLAN.toml, builds every "
        "model x target set x precision the plan names, in parallel, skipping what is already built "
        "(docs/build_farm.md).",
    )
    p.add_argument("model", metavar="MODEL", nargs="?", help="models:NAME, pkg.mod:function or path/to/program.pt2")
    p.add_argument("--cc", nargs="+", metavar="CC", help="target compute capabilities, e.g. 8.9 12.0")
    p.add_argument("--out", metavar="DIR", help="output directory (the artifact is DIR/NAME/)")
    p.add_argument("--fp16", action="store_true", help="ask for FP16 (enabled_precisions={torch.half})")
    p.add_argument(
        "--min-block-size", type=int, default=None, metavar="N", help="torch_tensorrt min_block_size (1 or more)"
    )
    p.add_argument(
        "--dynamic",
        action="append",
        metavar="INPUT:AXIS=MIN:OPT:MAX",
        help="build one engine for a range of sizes on that axis of that input (named as forward() names it, or "
        "its position), e.g. --dynamic x:0=1:8:32 for batch 1 to 32 tuned for 8; repeat for more axes "
        "(docs/dynamic_shapes.md)",
    )
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


CC_FIX = "name each target GPU by compute capability or model, e.g. --cc 8.9 12.0 or --cc 'RTX 4090' (sm_89 = 8.9)"


def cc_arguments(tokens: list[str]) -> list[str]:
    """``--cc`` values -> compute capabilities, through the one GPU parser (`compatibility.target.gpu_target`):
    ``8.9``, ``sm_89``, ``89`` or a GPU name. A name the shell split (``--cc RTX 4090``) is read as one."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        try:
            out.append(gpu_target(tokens[i], what="--cc", fix=CC_FIX)[1])
            i += 1
            continue
        except UsageError as exc:
            error = exc
        for j in range(i + 2, min(len(tokens), i + 4) + 1):  # the shortest run of words that names a GPU
            joined = " ".join(tokens[i:j])
            if not looks_like_compute_capability(tokens[i]) and matrix.gpu_compute_capability(joined) is not None:
                out.append(gpu_target(joined, what="--cc", fix=CC_FIX)[1])
                i = j
                break
        else:
            raise error
    return list(dict.fromkeys(out))


def model_source(spec: str, trust: bool) -> ModelSource:
    """MODEL as `farm.sources` resolves it (``models:NAME``, ``pkg.mod:function`` or a trusted ``.ep``/``.pt2``),
    with the current folder as the plan's folder. A catalogue name is looked up now (the catalogue lists without
    importing torch): a typo gets the closest names, before any heavy import."""
    if ":" not in spec and not spec.endswith(PROGRAM_SUFFIXES):
        close = closest_names(spec, n=1)
        if close:
            raise UsageError(
                f"MODEL {spec!r} is not models:NAME, pkg.mod:function or a .ep/.pt2 file (did you mean "
                f"models:{close[0]}?).",
                f"write it as models:{close[0]} (`torchtrt-compat models` lists the catalogue)",
            )
    source = resolve_source(spec, "MODEL", Path.cwd(), trust)
    if source.kind == "catalogue":
        entry = get_model(source.location)
        missing = entry.missing()
        if missing:
            raise MissingDependencyError(
                f"models:{entry.name} needs {', '.join(missing)}, which is not installed.", install_extra("zoo")
            )
    return source


def load_model(spec: str, *, trust: bool = False) -> tuple[str, Any, tuple[Any, ...]]:
    """MODEL -> (artifact name, model, example inputs), resolved as `model_source` does."""
    source = model_source(spec, trust)
    model, inputs = load_source(source)
    return source.name, model, inputs


def _write_log(path: Path, name: str, verbose: bool, lines: list[str]) -> Path | None:
    """Write what the build captured from torch / torch_tensorrt / TensorRT beside the artifact (`farm.logs`: never
    through a symlink, never over a file that is not a log of ours); where it went, or None when nothing was."""
    if verbose or not lines:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)  # --out, checked before the build; save() would make it too
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
    "no_rewrite_check": True,  # settings.rewrite_check = False for every build
    "workers": True,
    "timeout": True,
    "force": True,
    "ray": True,
    "ray_return": True,
    "model": "--plan builds what the plan names; drop MODEL",
    "cc": 'the plan\'s targets say which GPUs: write targets = ["8.9"] in it, and drop --cc',
    "fp16": 'the plan\'s precisions say which: write precisions = ["fp16"] (or ["fp32", "fp16"]), and drop --fp16',
    "dynamic": 'a plan names its ranges per model: write dynamic = ["x:0=1:8:32"] in its [defaults] or a model\'s '
    "table, and drop --dynamic",
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
    if args.no_rewrite_check:
        settings["rewrite_check"] = False

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

    # every argument is checked before torch is imported and before minutes of building
    targets = cc_arguments(args.cc)
    dynamic = parse_dynamic(args.dynamic, where="--dynamic") if args.dynamic else None  # a typo: exit 2, now
    if args.min_block_size is not None and args.min_block_size < 1:
        raise UsageError(
            f"--min-block-size {args.min_block_size} is not a positive whole number.",
            "pass --min-block-size 1 to convert every supported op, or a larger number to skip small TensorRT blocks",
        )
    source = model_source(args.model, args.trust)
    out = check_output_dir(args.out)
    try:
        check_replaceable(out / source.name)
    except UsageError as exc:  # the library's fix names a folder for save(); here the folder is --out/NAME
        raise UsageError(exc.problem, f"pass another --out (the artifact goes to --out/{source.name}/)") from None
    check_log(out / f"{source.name}.build.log")  # a user's file of that name is theirs; a link is never followed
    if args.sign_key is not None:
        try:
            load_private_key(args.sign_key)  # a missing, public or unusable key: now, not after the build
        except UsageError as exc:
            raise UsageError(f"--sign-key {args.sign_key}: {exc.problem}", exc.fix) from None
    resolve_targets(targets)  # the installed TensorRT-RTX builds for them (exit 1 with the fix otherwise)
    torch = require("torch", "to build engines")

    model, inputs = load_source(source)
    name = source.name
    kwargs: dict[str, Any] = {}
    if args.min_block_size is not None:
        kwargs["min_block_size"] = args.min_block_size
    log_path = out / f"{name}.build.log"
    try:
        with warnings.catch_warnings():  # the command prints its own warning line after the report
            warnings.simplefilter("ignore", ZeroEnginesWarning)
            artifact = build_engine(
                model,
                list(inputs),
                compute_capabilities=targets,
                enabled_precisions={torch.half} if args.fp16 else None,
                verbose=args.verbose,
                partition=args.partition,
                dynamic=dynamic,
                rewrite_check=not args.no_rewrite_check,
                **kwargs,
            )
    except BaseException as exc:  # a BuildError carries what its build captured
        written = _write_log(log_path, name, args.verbose, list(getattr(exc, "captured", None) or []))
        if written is not None:
            print(f"torchtrt-compat build: upstream output of the failed build is in {written}", file=sys.stderr)
        raise
    if not args.model.endswith((".ep", ".pt2")):  # `verify DIR --run` finds a catalogue model by it (no file paths)
        artifact.metadata["source"] = args.model
    written = _write_log(log_path, name, args.verbose, artifact.report.log)
    if written is not None:
        artifact.report.log_file = str(written)  # shown below; saved artifacts keep no log and no host path
    path = artifact.save(out / name, sign_key=args.sign_key)
    print(artifact.summary())
    advice = zero_engine_advice(artifact.report, kwargs)
    if advice:
        print(f"warning: {advice}", file=sys.stderr)
    size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    engines = len(artifact.engines)
    signed = ", signature.sig" if args.sign_key is not None else ""
    if artifact.report.partition:
        parts = len(artifact.report.partition.get("parts") or [])
        print(
            f"wrote {path}/ ({size / 1e6:.1f} MB): {parts} part(s) in parts/*.ep holding {engines} engine(s), "
            "report.json, "
            f"manifest.json{signed}; deploy with EngineArtifact.load(DIR).attach(model)"
        )
        return 0
    print(
        f"wrote {path}/ ({size / 1e6:.1f} MB): model.ep holding {engines} engine(s), report.json, manifest.json{signed}"
    )
    return 0
