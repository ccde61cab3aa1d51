"""``build``: ahead-of-time TensorRT-RTX engines for a catalogue model or a saved ExportedProgram."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .._errors import UsageError


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build TensorRT-RTX engines ahead of time (works without a GPU)",
        description="Build TensorRT-RTX engines for the named GPU architectures and write the artifact folder "
        "DIR/NAME/: model.ep (torch_tensorrt.load('model.ep').module() runs it on the GPU host), engines/*.plan, "
        "report.json and manifest.json, published as one. MODEL is models:NAME from the bundled catalogue "
        "(`torchtrt-compat models`) or a .pt2 file written by torch.export.save. With --plan PLAN.toml, builds every "
        "model x target set x precision the plan names, in parallel, skipping what is already built "
        "(docs/build_farm.md).",
    )
    p.add_argument("model", metavar="MODEL", nargs="?", help="models:NAME or path/to/program.pt2")
    p.add_argument("--cc", nargs="+", metavar="CC", help="target compute capabilities, e.g. 8.9 12.0")
    p.add_argument("--out", metavar="DIR", help="output directory (the artifact is DIR/NAME/)")
    p.add_argument("--fp16", action="store_true", help="ask for FP16 (enabled_precisions={torch.half})")
    p.add_argument("--min-block-size", type=int, default=None, help="torch_tensorrt min_block_size")
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


def load_model(spec: str) -> tuple[str, Any, tuple[Any, ...]]:
    """``models:NAME`` -> (name, module, example inputs); ``file.pt2`` -> (stem, ExportedProgram, example inputs)."""
    if spec.startswith("models:"):
        from ..models import get_model

        entry = get_model(spec.split(":", 1)[1])
        return entry.name, entry.build(), entry.example_inputs()
    path = Path(spec)
    if path.suffix != ".pt2":
        raise UsageError(f"MODEL {spec!r} is neither models:NAME nor a .pt2 file.", "see `torchtrt-compat models`")
    if not path.is_file():
        raise UsageError(f"{path} does not exist.", "pass a file written by torch.export.save(program, 'x.pt2')")
    import torch

    try:
        program = torch.export.load(str(path))
    except Exception as exc:
        raise UsageError(
            f"{path} is not a loadable ExportedProgram ({exc.__class__.__name__}).",
            "re-export it with torch.export.save",
        ) from None
    return path.stem, program, _example_inputs(program)


def _example_inputs(program: Any) -> tuple[Any, ...]:
    import torch

    stored = getattr(program, "example_inputs", None)
    if stored and stored[0]:
        return tuple(stored[0])
    user = set(program.graph_signature.user_inputs)
    examples = []
    for node in program.graph.nodes:
        if node.op == "placeholder" and node.name in user:
            val = node.meta["val"]
            shape = [int(s) if isinstance(s, int) else 1 for s in val.shape]
            examples.append(
                torch.randn(shape, dtype=val.dtype)
                if val.dtype.is_floating_point
                else torch.zeros(shape, dtype=val.dtype)
            )
    return tuple(examples)


def _artifact_name(spec: str) -> str:
    return spec.split(":", 1)[1] if spec.startswith("models:") else Path(spec).stem


def _write_log(path: Path, verbose: bool) -> bool:
    """Write what the build captured from torch / torch_tensorrt / TensorRT to ``path``; False when nothing was."""
    from .._atomic import atomic_write_text
    from .._quiet import last_capture

    captured = last_capture()
    if verbose or captured is None or not captured.lines:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, captured.text())
    return True


def run_plan(args: argparse.Namespace) -> int:
    """``build --plan``: exit 0 when every build is built or up to date, 1 when any failed, 2 for a bad plan."""
    if args.model is not None or args.cc:
        raise UsageError("--plan builds what the plan names; MODEL and --cc are for one build.", "drop MODEL and --cc")
    from ..farm import build_plan

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
    from ..farm.summary import safe

    print(result.table())
    print(safe(f"summary: {result.files[0]} and {result.files[1]}"))
    return 0 if result.ok else 1


def run_build(args: argparse.Namespace) -> int:
    from .._atomic import check_output_dir, check_replaceable

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
    check_replaceable(out / _artifact_name(args.model), marker="manifest.json", what="an engine artifact")

    import torch

    from ..compiler import build_engine
    from ..compiler.aot import zero_engine_advice

    name, model, inputs = load_model(args.model)
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
            **kwargs,
        )
    except BaseException:
        if _write_log(log_path, args.verbose):
            print(f"torchtrt-compat build: upstream output of the failed build is in {log_path}", file=sys.stderr)
        raise
    _write_log(log_path, args.verbose)
    if artifact.report.log:
        artifact.report.log_file = str(log_path)
    path = artifact.save(out / name)
    print(artifact.summary())
    advice = zero_engine_advice(artifact.report, kwargs)
    if advice:
        print(f"warning: {advice}", file=sys.stderr)
    size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    plans = len(artifact.engines)
    print(f"wrote {path}/ ({size / 1e6:.1f} MB): model.ep, {plans} plan file(s), report.json, manifest.json")
    return 0
