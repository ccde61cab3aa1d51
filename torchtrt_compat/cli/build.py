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
        "(`torchtrt-compat models`) or a .pt2 file written by torch.export.save.",
    )
    p.add_argument("model", metavar="MODEL", help="models:NAME or path/to/program.pt2")
    p.add_argument("--cc", nargs="+", required=True, metavar="CC", help="target compute capabilities, e.g. 8.9 12.0")
    p.add_argument("--out", required=True, metavar="DIR", help="output directory (the artifact is DIR/NAME/)")
    p.add_argument("--fp16", action="store_true", help="ask for FP16 (enabled_precisions={torch.half})")
    p.add_argument("--min-block-size", type=int, default=None, help="torch_tensorrt min_block_size")
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


def run_build(args: argparse.Namespace) -> int:
    from .._atomic import check_output_dir, check_replaceable

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
            partition=args.partition,
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
    if artifact.report.partition:
        parts = len(artifact.report.partition.get("parts") or [])
        print(
            f"wrote {path}/ ({size / 1e6:.1f} MB): {parts} part(s) in parts/*.ep, {plans} plan file(s), report.json, "
            "manifest.json; deploy with EngineArtifact.load(DIR).attach(model)"
        )
        return 0
    print(f"wrote {path}/ ({size / 1e6:.1f} MB): model.ep, {plans} plan file(s), report.json, manifest.json")
    return 0
