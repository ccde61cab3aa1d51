"""Compile every catalogue model on CPU, with torchtrt_compat and with plain torch_tensorrt, in the same run.

Plain torch_tensorrt gets only what it needs to run at all on a host without a GPU (the CPU-only import and the
ahead-of-time capture shims), none of the fixes. Per model and path: does export succeed (strict=True and
strict=False), TensorRT engines, ops left to PyTorch, share of aten ops inside TensorRT, and the time split between
torchtrt_compat's own work and torch_tensorrt's. Prints a table; writes benchmarks/results/compile_zoo.json.

    python benchmarks/compile_zoo.py [--models resnet18,deform_convnet] [--cc 8.9] [--repeats 3] [--merge] [--fp16]

Every model is built by default (the whole forward exported) first; only when that fails at export is it built again
with ``partition="auto"`` (``ours_partitioned``): the table and the targets count both separately. Column "rewrite
check": the check's verdict on the graph handed to TensorRT (`compiler.rewrite_check`), its largest relative error
against the model, and its cost in seconds and as a share of the build. ``--fp16`` builds each model again with
``enabled_precisions={torch.half}`` (same route); column "fp16": autocast, explicit (a half copy, after autocast
failed) or FAIL. The zoo entries
(tag ``zoo``: torchvision classification, segmentation, video, detection and optical flow, timm, transformers from
configs) are compared with nothing (``--plain zoo`` adds the
plain torch_tensorrt run for them too); an entry whose optional package (timm, transformers) is missing is recorded
as skipped. ``--merge`` keeps the rows of models not built in this run from the existing JSON.

``--dynamic`` adds the dynamic column (`dynamic_row`): every model built again with a dynamic batch (1..32, tuned for
8, on axis 0 of every tensor input) and, for sequence models (an ``input_ids`` input), a dynamic sequence length
too (8..64, tuned for 16); each artifact saved and loaded back. Per model: built / saved / loaded, or the reason.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
import warnings
from pathlib import Path
from typing import Any

import torch
from torchtrt_compat.models import list_models

import torchtrt_compat as tc
from torchtrt_compat._atomic import atomic_write_text
from torchtrt_compat.compiler._upstream import load_torch_tensorrt, shim_context
from torchtrt_compat.compiler.backend import summarize
from torchtrt_compat.compiler.watch import BuildWatch
from torchtrt_compat.env import detect_environment
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


def ours(
    model: Any, args: tuple[Any, ...], cc: str, partition: str | None = None, fp16: bool = False
) -> dict[str, Any]:
    start = time.perf_counter()
    precision = {"enabled_precisions": {torch.half}} if fp16 else {}
    try:
        art = tc.build_engine(model, list(args), compute_capabilities=[cc], partition=partition, **precision)
    except Exception as exc:  # the point is to record what fails
        return {
            "ok": False,
            "error": _first_line(exc),
            "error_type": type(exc).__name__,
            "stage": getattr(exc, "stage", None),
            "op": getattr(exc, "op", None),
            "total_s": time.perf_counter() - start,
        }
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
        "partition": r.partition,
        "pytorch_op_reasons": r.pytorch_op_reasons,
        "shims_changed": r.shims_changed,
        "notes": r.notes,
        "warnings": r.warnings,
        "rewrite_check": _check_summary(r.rewrite_check, total),
        "explicit_fp16": any("explicit route" in n for n in r.notes),
    }


def _check_summary(check: dict[str, Any], total: float) -> dict[str, Any]:
    """The rewrite check's verdict, its largest relative error and what it cost (seconds, share of the build)."""
    seconds = float(check.get("seconds") or 0.0)
    return {
        "status": check.get("status"),
        "largest_rel_error": check.get("largest_rel_error"),
        "seconds": seconds,
        "share": seconds / total if total else None,
        "reason": check.get("reason", ""),
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
    probe = BuildWatch()
    start = time.perf_counter()
    try:
        with activate("compile", ctx, PLAIN_SHIMS), probe.watching():
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


BATCH = (1, 8, 32)  #: the dynamic column's batch range (min, opt, max)
SEQUENCE = (8, 16, 64)  #: and its sequence length, for models that take input_ids


def dynamic_axes(model: Any, args: tuple[Any, ...], sequence: bool) -> dict[str, dict[int, tuple[int, int, int]]]:
    """``dynamic=`` for the column: axis 0 of every tensor input (the batch), and axis 1 of token inputs (input_ids,
    attention_mask, token_type_ids, ...: 2-D integer tensors) when ``sequence``."""
    from torchtrt_compat.compiler.inputs import plan_inputs

    plan = plan_inputs(model, arg_inputs=list(args))
    axes: dict[str, dict[int, tuple[int, int, int]]] = {}
    for leaf in plan.leaves:
        if not isinstance(leaf.value, torch.Tensor) or leaf.value.dim() == 0:
            continue
        axes[leaf.name] = {0: BATCH}
        if sequence and leaf.value.dim() == 2 and not leaf.value.is_floating_point():
            axes[leaf.name][1] = SEQUENCE
    return axes


def is_sequence_model(args: tuple[Any, ...]) -> bool:
    """A model fed token ids: a 2-D integer tensor input."""
    return any(isinstance(a, torch.Tensor) and a.dim() == 2 and not a.is_floating_point() for a in args)


def dynamic_row(model: Any, args: tuple[Any, ...], cc: str, sequence: bool, **kwargs: Any) -> dict[str, Any]:
    """Build with dynamic ranges, save, load back and check the loaded profile: {"built", "saved", "loaded",
    "stage" (where it stopped), "error", "inputs" (the profile as loaded), "total_s"}."""
    import tempfile

    axes = dynamic_axes(model, args, sequence)
    row: dict[str, Any] = {
        "built": False,
        "saved": False,
        "loaded": False,
        "dynamic": {k: {str(a): list(r) for a, r in v.items()} for k, v in axes.items()},
    }
    start = time.perf_counter()
    stage = "build"
    try:
        art = tc.build_engine(model, list(args), compute_capabilities=[cc], dynamic=axes, **kwargs)
        row.update(built=True, engines=art.report.trt_engines, pytorch_ops=art.report.pytorch_ops)
        with tempfile.TemporaryDirectory() as tmp:
            stage = "save"
            art.save(Path(tmp) / "a")
            row["saved"] = True
            row["folder_bytes"] = sum(f.stat().st_size for f in (Path(tmp) / "a").rglob("*") if f.is_file())
            stage = "load"
            loaded = tc.EngineArtifact.load(Path(tmp) / "a")
            if loaded.engines != art.engines:
                raise RuntimeError("the loaded engines differ from the built ones")
            row["loaded"] = True
            row["inputs"] = loaded.inputs
            for name, ranges in axes.items():  # the recorded profile is the one asked for
                spec = next(s for s in loaded.inputs if s.get("name") == name)
                for axis, (lo, _, hi) in ranges.items():
                    if (spec["min_shape"][axis], spec["max_shape"][axis]) != (lo, hi):
                        raise RuntimeError(
                            f"{name} axis {axis} recorded as {spec['min_shape'][axis]}..{spec['max_shape'][axis]}"
                        )
    except Exception as exc:  # the point is to record what fails
        row.update(stage=stage, error=_first_line(exc), op=getattr(exc, "op", None))
    row["total_s"] = time.perf_counter() - start
    return row


def dynamic_text(d: dict[str, Any] | None) -> str:
    """The column: "loaded", or where it stopped and why."""
    if d is None:
        return "-"
    if d.get("loaded"):
        return "built, saved, loaded"
    return f"{d.get('stage', '?')} failed: {d.get('error', '?')[:50]}"


def _family(tags: tuple[str, ...]) -> str:
    for family in ("classification", "segmentation", "video", "detection", "optical-flow", "transformers"):
        if family in tags:
            return family
    return tags[0] if tags else "-"


def _source(name: str, tags: tuple[str, ...]) -> str:
    for source in ("timm", "transformers", "torchvision"):
        if source in tags:
            return source
    return "catalogue"


def run(
    names: list[str] | None,
    cc: str,
    repeats: int,
    plain_for: str = "catalogue",
    with_dynamic: bool = False,
    fp16: bool = False,
) -> list[dict[str, Any]]:
    load_torch_tensorrt()  # import once, outside every timing
    rows = []
    for entry in list_models():
        if names and entry.name not in names:
            continue
        row: dict[str, Any] = {
            "model": entry.name,
            "family": _family(entry.tags),
            "source": _source(entry.name, entry.tags),
        }
        if entry.missing():
            row["skipped"] = f"needs {', '.join(entry.missing())}: pip install 'torchtrt-compat[zoo]'"
            rows.append(row)
            print(f"  {entry.name}: skipped, {row['skipped']}", flush=True)
            continue
        model, args = entry.build(), entry.example_inputs()
        compare = plain_for == "zoo" or "zoo" not in entry.tags
        n = repeats if entry.name == "resnet18" else 1
        runs_ours = [ours(model, args, cc) for _ in range(n)]
        row["ours"] = runs_ours[-1] | {"total_s": statistics.median(r["total_s"] for r in runs_ours)}
        if not row["ours"]["ok"] and row["ours"].get("stage") == "export":  # the whole forward does not export
            row["ours_partitioned"] = ours(model, args, cc, partition="auto")
        o = _best(row)
        if fp16 and o["ok"]:  # the same route as the FP32 build that worked
            row["fp16"] = ours(model, args, cc, partition="auto" if "ours_partitioned" in row else None, fp16=True)
        if o["ok"]:
            o["own_s"] = o["total_s"] - o["torch_tensorrt_s"]  # export (with shims) + our bookkeeping
            o["own_share"] = o["own_s"] / o["total_s"]
        if compare:
            row["export_strict"] = try_export(model, args, strict=True)
            row["export_non_strict"] = try_export(model, args, strict=False)
            runs_plain = [plain(model, args, cc) for _ in range(n)]
            row["plain"] = runs_plain[-1] | {"total_s": statistics.median(r["total_s"] for r in runs_plain)}
            if row["plain"]["ok"] and o["ok"]:
                row["overhead_vs_plain"] = o["total_s"] / row["plain"]["total_s"] - 1
        if with_dynamic and row["ours"]["ok"]:  # the dynamic column: only where the whole forward builds static
            row["dynamic"] = dynamic_row(model, args, cc, sequence=is_sequence_model(args))
            print(f"  {entry.name} dynamic: {dynamic_text(row['dynamic'])}", flush=True)
        rows.append(row)
        verdict = f"{o['engines']} engine(s), torch ops {o['pytorch_ops']}" if o["ok"] else f"FAILED {o['error']}"
        verdict += " (partitioned)" if "ours_partitioned" in row and o["ok"] else ""
        print(f"  {entry.name}: {verdict} in {o['total_s']:.1f}s", flush=True)
        del model
        gc.collect()
    return rows


def _best(row: dict[str, Any]) -> dict[str, Any]:
    """The default build when it worked, else the partitioned one (when the whole forward did not export)."""
    return row["ours_partitioned"] if not row["ours"]["ok"] and "ours_partitioned" in row else row["ours"]


def _mode(row: dict[str, Any]) -> str:
    return "partitioned" if "ours_partitioned" in row else "default"


def _fmt_ops(ops: list[str]) -> str:
    return ",".join(o.replace("torchvision.", "tv.").replace(".default", "") for o in ops) or "-"


def _share(d: dict[str, Any]) -> str:
    return f"{d['trt_share']:.0%}" if d.get("trt_share") is not None else "-"


def table(rows: list[dict[str, Any]]) -> str:
    """One line per model: our build, and plain torch_tensorrt where it was run in the same process."""
    head = (
        "model",
        "family",
        "mode",
        "ours",
        "eng",
        "ops left to PyTorch",
        "TRT share",
        "s",
        "plain",
        "plain s",
        "ours/plain",
        "dynamic",
        "rewrite check",
        "fp16",
    )
    lines = [head]
    for r in rows:
        if "skipped" in r:
            lines.append((r["model"], r.get("family", "-"), "-", "skipped", "-", r["skipped"], *["-"] * 8))
            continue
        o, p = _best(r), r.get("plain")
        ok = o["ok"]
        lines.append(
            (
                r["model"],
                r.get("family", "-"),
                _mode(r),
                "ok" if ok else "FAIL",
                str(o["engines"]) if ok else "-",
                _fmt_ops(o["pytorch_ops"]) if ok else o["error"][:60],
                _share(o) if ok else "-",
                f"{o['total_s']:.1f}",
                "-" if p is None else (f"ok ({p['engines']} eng)" if p["ok"] else "FAIL"),
                "-" if p is None else f"{p['total_s']:.1f}",
                f"{o['total_s'] / p['total_s']:.2f}" if p is not None and p["ok"] and ok else "-",
                dynamic_text(r.get("dynamic")),
                _check_cell(o) if ok else "-",
                _fp16_cell(r),
            )
        )
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(head))]
    out = ["  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=False)) for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def _check_cell(o: dict[str, Any]) -> str:
    """``passed 2e-07 (0.3s, 2%)``: the rewrite check's verdict, largest relative error and cost."""
    check = o.get("rewrite_check")
    if not check:
        return "-"
    rel = check.get("largest_rel_error")
    rel_text = f" {rel:.0e}" if isinstance(rel, (int, float)) else ""
    share = check.get("share")
    cost = f" ({check['seconds']:.1f}s, {share:.0%})" if isinstance(share, (int, float)) else ""
    return f"{check.get('status')}{rel_text}{cost}"


def _fp16_cell(r: dict[str, Any]) -> str:
    """``autocast``, ``explicit`` (the half copy, after autocast failed), ``FAIL`` or ``-`` (not built)."""
    f = r.get("fp16")
    if not f:
        return "-"
    if not f["ok"]:
        return "FAIL"
    return ("explicit" if f.get("explicit_fp16") else "autocast") + f" ({f['engines']} eng)"


def markdown(rows: list[dict[str, Any]]) -> str:
    """The README's results table."""
    lines = [
        "| model | family | source | built | engines | ops left to PyTorch | ops in TensorRT | build s | rewrite check"
        " | fp16 |",
        "|---|---|---|---|---|---|---|---|---|---|",
        # "built": "yes" by default (whole forward exported), "partitioned" when only partition="auto" built it
    ]
    for r in rows:
        head = f"| {r['model']} | {r.get('family', '-')} | {r.get('source', 'catalogue')} |"
        if "skipped" in r:
            lines.append(f"{head} skipped | - | {r['skipped']} | - | - | - | - |")
            continue
        o = _best(r)
        if not o["ok"]:
            lines.append(f"{head} **no** | - | {o['error'][:80]} | - | - | - | - |")
            continue
        ops = _fmt_ops(o["pytorch_ops"]).replace(",", ", ")
        kept = len((o.get("partition") or {}).get("in_pytorch") or [])
        note = f" (partition: {kept} modules in PyTorch)" if kept else ""
        built = "partitioned" if "ours_partitioned" in r else "yes"
        lines.append(
            f"{head} {built} | {o['engines']}{note} | {ops} | {_share(o)} | {o['total_s']:.0f} | {_check_cell(o)} | "
            f"{_fp16_cell(r)} |"
        )
    return "\n".join(lines)


def targets(rows: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    by = {r["model"]: r for r in rows if "ours" in r}
    checks = []
    for name in ("deform_convnet", "roi_head"):
        if name in by and by[name]["ours"]["ok"]:
            o = by[name]["ours"]
            checks.append(
                (
                    f"{name}: exactly 1 engine, 0 fallback ops",
                    o["engines"] == 1 and not o["pytorch_ops"],
                    f"{o['engines']} engine(s), ops {o['pytorch_ops']}",
                )
            )
    if "resnet18" in by and "overhead_vs_plain" in by["resnet18"]:
        over = by["resnet18"]["overhead_vs_plain"]
        checks.append(
            (
                "resnet18: our overhead <= 10% of total build time",
                over <= 0.10,
                f"{over:+.1%} vs plain torch_tensorrt (median of repeats)",
            )
        )
    built = [r for r in by.values() if _best(r)["ok"]]
    default = [r for r in by.values() if r["ours"]["ok"]]
    split = [r for r in by.values() if "ours_partitioned" in r]
    split_ok = [r for r in split if r["ours_partitioned"]["ok"]]
    checks.append(("every catalogue model builds", len(built) == len(by), f"{len(built)}/{len(by)}"))
    checks.append(("default build (whole forward exported)", True, f"{len(default)}/{len(by)}"))
    checks.append(
        (
            "partitioned, where the whole forward does not export",
            len(split_ok) == len(split),
            f"{len(split_ok)}/{len(split)}",
        )
    )
    checks.append(
        ("zoo: >= 97% of the architectures build", len(built) >= 0.97 * len(by), f"{len(built) / max(len(by), 1):.0%}")
    )
    with_dynamic = [r for r in by.values() if "dynamic" in r]
    if with_dynamic:
        loaded = [r for r in with_dynamic if r["dynamic"]["loaded"]]
        saved_not_loaded = [r for r in with_dynamic if r["dynamic"]["saved"] and not r["dynamic"]["loaded"]]
        checks.append(
            (
                "dynamic: >= 90% of those that build static build, save and load dynamic",
                len(loaded) >= 0.9 * len(with_dynamic),
                f"{len(loaded)}/{len(with_dynamic)}",
            )
        )
        checks.append(
            ("dynamic: 0 artifacts that save but do not load", not saved_not_loaded, str(len(saved_not_loaded)))
        )
    checked = [_best(r)["rewrite_check"] for r in built if _best(r).get("rewrite_check")]
    if checked:
        shares = [c["share"] for c in checked if isinstance(c.get("share"), (int, float))]
        statuses = sorted({str(c.get("status")) for c in checked})
        checks.append(
            (
                "rewrite check ran on every build and no graph differs from its model",
                all(c.get("status") in ("passed", "reduced precision", "not deterministic") for c in checked),
                f"{len(checked)} builds, verdicts {statuses}; cost median {statistics.median(shares):.1%} of the "
                f"build time, max {max(shares):.1%}"
                if shares
                else f"{len(checked)} builds, verdicts {statuses}",
            )
        )
    halves = [r for r in built if "fp16" in r]
    if halves:
        ok = [r for r in halves if r["fp16"]["ok"]]
        explicit = [r for r in ok if r["fp16"].get("explicit_fp16")]
        checks.append(
            (
                ">= 90% of the builds also build in FP16",
                len(ok) >= 0.9 * len(halves),
                f"{len(ok)}/{len(halves)} ({len(explicit)} by the explicit route)",
            )
        )
    detectors = [r for r in by.values() if r.get("family") == "detection" and r["model"].startswith("tv_")]
    if detectors:
        engined = [r for r in detectors if _best(r)["ok"] and _best(r)["engines"] >= 1]
        checks.append(
            (
                "every torchvision detector gives >= 1 engine",
                len(engined) == len(detectors),
                f"{len(engined)}/{len(detectors)}",
            )
        )
    return checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated catalogue names (default: all)")
    parser.add_argument("--cc", default="8.9", help="target compute capability (default 8.9)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats for resnet18's timing (median)")
    parser.add_argument(
        "--plain",
        choices=("catalogue", "zoo"),
        default="catalogue",
        help="which entries also get the plain torch_tensorrt run (default: the catalogue's own, not the zoo's)",
    )
    parser.add_argument("--merge", action="store_true", help="keep rows of models not run now from --out")
    parser.add_argument(
        "--dynamic", action="store_true", help="add the dynamic column: batch 1..32 (and sequence 8..64), save, load"
    )
    parser.add_argument("--fp16", action="store_true", help="also build each model with enabled_precisions={half}")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    rows = run(
        args.models.split(",") if args.models else None,
        args.cc,
        args.repeats,
        args.plain,
        with_dynamic=args.dynamic,
        fp16=args.fp16,
    )
    if args.merge and args.out.exists():
        fresh = {r["model"] for r in rows}
        old = [r for r in json.loads(args.out.read_text())["rows"] if r["model"] not in fresh]
        rows = sorted([*old, *rows], key=lambda r: r["model"])
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
        "markdown": markdown(rows),
    }
    atomic_write_text(args.out, json.dumps(payload, indent=2, default=str) + "\n")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
