"""Compile every catalogue model on CPU, with torchtrt_compat and with plain torch_tensorrt, in the same run.

Plain torch_tensorrt gets only what it needs to run at all on a host without a GPU (the CPU-only import and the
ahead-of-time capture shims), none of the fixes. Per model and path: does export succeed (strict=True and
strict=False), TensorRT engines, ops left to PyTorch, share of aten ops inside TensorRT, and the time split between
torchtrt_compat's own work and torch_tensorrt's. Prints a table; writes benchmarks/results/compile_zoo.json.

    python benchmarks/compile_zoo.py [--models resnet18,deform_convnet] [--cc 8.9] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import warnings
from pathlib import Path
from typing import Any

import torch

import torchtrt_compat as tc
from torchtrt_compat._atomic import atomic_write_text
from torchtrt_compat._upstream import load_torch_tensorrt, shim_context
from torchtrt_compat.compiler.backend import _probes, _Probe, summarize
from torchtrt_compat.env import detect_environment
from torchtrt_compat.models import list_models
from torchtrt_compat.shims import activate

RESULTS = Path(__file__).parent / "results" / "compile_zoo.json"
PLAIN_SHIMS = ["virtual_cuda_device", "aot_keep_serialized_engine", "aot_compute_capability"]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:160] if text else ''}"


def try_export(model: Any, args: tuple[Any, ...], strict: bool) -> str:
    try:
        torch.export.export(model, args, strict=strict)
        return "ok"
    except Exception as exc:  # the point is to record what fails
        return _first_line(exc)


def ours(model: Any, args: tuple[Any, ...], cc: str) -> dict[str, Any]:
    start = time.perf_counter()
    art = tc.build_engine(model, list(args), compute_capabilities=[cc])
    total = time.perf_counter() - start
    r = art.report
    trt_time = r.timings.get("lowering", 0) + r.timings.get("partitioning", 0) + r.timings.get("build", 0)
    return {
        "ok": True,
        "engines": r.trt_engines,
        "pytorch_ops": r.pytorch_ops,
        "trt_share": r.trt_op_fraction,
        "total_s": total,
        "torch_tensorrt_s": trt_time,
        "export_s": r.timings.get("export", 0.0),
        "bookkeeping_s": r.timings.get("torchtrt_compat", 0.0),
        "shims": r.shims,
        "engine_bytes": sum(len(b) for b in art.engines.values()),
    }


def plain(model: Any, args: tuple[Any, ...], cc: str) -> dict[str, Any]:
    """Plain torch_tensorrt, given only what a CPU-only host needs to build at all; none of our fixes.

    ``torch_tensorrt.compile(ir="dynamo")`` is tried first and its outcome recorded; the figures come from the
    route it takes internally, ``torch.export`` + ``torch_tensorrt.dynamo.compile``, which can run here.
    """
    tt = load_torch_tensorrt()
    ctx = shim_context(aot=True, compute_capabilities=[cc])
    try:
        with activate("compile", ctx, PLAIN_SHIMS):
            tt.compile(model, ir="dynamo", arg_inputs=list(args))
        front_door = "ok"
    except Exception as exc:
        front_door = _first_line(exc)
    probe = _Probe()
    start = time.perf_counter()
    try:
        with activate("compile", ctx, PLAIN_SHIMS), _probes(probe):
            program = torch.export.export(model, args, strict=False)
            gm = tt.dynamo.compile(program, arg_inputs=list(args))
    except Exception as exc:
        return {
            "ok": False,
            "error": _first_line(exc),
            "compile_front_door": front_door,
            "total_s": time.perf_counter() - start,
        }
    total = time.perf_counter() - start
    engines, ops, share = summarize(gm, probe.trt_nodes)
    return {
        "ok": True,
        "engines": engines,
        "pytorch_ops": ops,
        "trt_share": share,
        "total_s": total,
        "compile_front_door": front_door,
    }


def run(names: list[str] | None, cc: str, repeats: int) -> list[dict[str, Any]]:
    load_torch_tensorrt()  # import once, outside every timing
    rows = []
    for entry in list_models():
        if names and entry.name not in names:
            continue
        model, args = entry.build(), entry.example_inputs()
        row: dict[str, Any] = {"model": entry.name}
        row["export_strict"] = try_export(model, args, strict=True)
        row["export_non_strict"] = try_export(model, args, strict=False)
        n = repeats if entry.name == "resnet18" else 1
        runs_ours = [ours(model, args, cc) for _ in range(n)]
        runs_plain = [plain(model, args, cc) for _ in range(n)]
        row["ours"] = runs_ours[-1] | {"total_s": statistics.median(r["total_s"] for r in runs_ours)}
        row["plain"] = runs_plain[-1] | {"total_s": statistics.median(r["total_s"] for r in runs_plain)}
        o = row["ours"]
        o["own_s"] = o["total_s"] - o["torch_tensorrt_s"]  # export (with shims) + our bookkeeping
        o["own_share"] = o["own_s"] / o["total_s"]
        if row["plain"]["ok"]:
            row["overhead_vs_plain"] = o["total_s"] / row["plain"]["total_s"] - 1
        rows.append(row)
        print(
            f"  {entry.name}: ours {o['engines']} engine(s) in {o['total_s']:.1f}s; plain "
            f"{'ok' if row['plain']['ok'] else row['plain']['error'][:60]}",
            flush=True,
        )
    return rows


def _fmt_ops(ops: list[str]) -> str:
    return ",".join(o.replace("torchvision.", "tv.").replace(".default", "") for o in ops) or "-"


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "model",
        "strict",
        "non-strict",
        "plain compile()",
        "ours eng",
        "ours torch ops",
        "ours TRT share",
        "ours s",
        "plain eng",
        "plain torch ops",
        "plain TRT share",
        "plain s",
        "ours/plain",
    )
    lines = [head]
    for r in rows:
        o, p = r["ours"], r["plain"]
        share = lambda d: f"{d['trt_share']:.0%}" if d.get("trt_share") is not None else "-"  # noqa: E731
        lines.append(
            (
                r["model"],
                "ok" if r["export_strict"] == "ok" else "FAIL",
                "ok" if r["export_non_strict"] == "ok" else "FAIL",
                "ok" if p.get("compile_front_door") == "ok" else "FAIL",
                str(o["engines"]),
                _fmt_ops(o["pytorch_ops"]),
                share(o),
                f"{o['total_s']:.2f}",
                str(p["engines"]) if p["ok"] else "FAIL",
                _fmt_ops(p["pytorch_ops"]) if p["ok"] else p["error"][:40],
                share(p) if p["ok"] else "-",
                f"{p['total_s']:.2f}",
                f"{o['total_s'] / p['total_s']:.2f}" if p["ok"] else "-",
            )
        )
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(head))]
    out = ["  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=False)) for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def targets(rows: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    by = {r["model"]: r for r in rows}
    checks = []
    for name in ("deform_convnet", "roi_head"):
        if name in by:
            o = by[name]["ours"]
            checks.append(
                (
                    f"{name}: exactly 1 engine, 0 fallback ops",
                    o["engines"] == 1 and not o["pytorch_ops"],
                    f"{o['engines']} engine(s), ops {o['pytorch_ops']}",
                )
            )
    if "resnet18" in by and by["resnet18"]["plain"]["ok"]:
        over = by["resnet18"]["overhead_vs_plain"]
        checks.append(
            (
                "resnet18: our overhead <= 10% of total build time",
                over <= 0.10,
                f"{over:+.1%} vs plain torch_tensorrt (median of repeats)",
            )
        )
    checks.append(
        (
            "every catalogue model builds",
            all(r["ours"]["ok"] for r in rows),
            f"{sum(r['ours']['ok'] for r in rows)}/{len(rows)}",
        )
    )
    return checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated catalogue names (default: all)")
    parser.add_argument("--cc", default="8.9", help="target compute capability (default 8.9)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats for resnet18's timing (median)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    rows = run(args.models.split(",") if args.models else None, args.cc, args.repeats)
    print()
    print(table(rows))
    print()
    checks = targets(rows)
    for what, ok, detail in checks:
        print(f"[{'met' if ok else 'MISSED'}] {what}: {detail}")
    env = detect_environment()
    payload = {
        "environment": env.to_dict(),
        "target_cc": args.cc,
        "rows": rows,
        "targets": [{"target": w, "met": ok, "detail": d} for w, ok, d in checks],
    }
    atomic_write_text(args.out, json.dumps(payload, indent=2, default=str) + "\n")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
