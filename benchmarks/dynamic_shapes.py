"""Dynamic shapes on architectures the catalogue does not hold: build static, then with a dynamic batch (and, for
sequence models, a dynamic sequence length), save, load, and check that the loaded artifact refuses a shape outside
its profile.

Each model runs in its own process with a time limit (a hang or a crash is that model's row, not the run's). The
models are timm architectures and transformers models from tiny configs that are not in ``models/zoo_*.py``, random
weights, small inputs. Prints a table and the targets; writes benchmarks/results/dynamic_shapes.json.

    python benchmarks/dynamic_shapes.py [--models timm/dla34,hf/Roberta] [--timeout 600] [--cc 8.9]

Targets (issue 31): >= 90% of the models that build static also build, save and load with a dynamic batch; >= 80% of
sequence models with a dynamic sequence length; 0 artifacts that save but do not load; 0 loaded artifacts that let
an input outside the profile through.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results" / "dynamic_shapes.json"
#: timm name -> image size (small, so that CPU builds stay short)
TIMM = {
    "dla34": 64,
    "resnet10t": 64,
    "lcnet_050": 64,
    "mnasnet_small": 64,
    "gernet_s": 64,
    "tinynet_e": 64,
    "semnasnet_050": 64,
    "mobileone_s0": 64,
    "fbnetc_100": 64,
    "spnasnet_100": 64,
    "mobilevit_xxs": 64,
    "ese_vovnet19b_slim_dw": 64,
    "resmlp_12_224": 224,
    "mixer_s16_224": 224,
}
#: transformers model class prefix -> extra config fields (beyond the tiny defaults below)
HF = {
    "Roberta": {},
    "Electra": {"embedding_size": 32},
    "MobileBert": {"embedding_size": 32, "intra_bottleneck_size": 32, "true_hidden_size": 32},
    "MPNet": {},
    "Gemma": {"head_dim": 16, "num_key_value_heads": 1},
    "CodeGen": {"n_embd": 64, "n_layer": 1, "n_head": 4, "rotary_dim": 8, "n_positions": 128, "n_ctx": 128},
    "StableLm": {"num_key_value_heads": 2},
    "Olmo": {"num_key_value_heads": 2},
}
TINY = {
    "vocab_size": 100,
    "hidden_size": 32,
    "num_hidden_layers": 1,
    "num_attention_heads": 2,
    "intermediate_size": 64,
    "max_position_embeddings": 128,
    "use_cache": False,
}


def build(name: str) -> tuple[Any, tuple[Any, ...]]:
    import torch

    torch.manual_seed(0)
    family, _, arch = name.partition("/")
    if family == "timm":
        import timm

        size = TIMM[arch]
        return timm.create_model(arch, pretrained=False).eval(), (torch.randn(2, 3, size, size),)
    import transformers

    fields = {**TINY, **HF[arch]}
    config_cls = getattr(transformers, f"{arch}Config")
    known = set(config_cls().to_dict())
    config = config_cls(**{k: v for k, v in fields.items() if k in known or k in HF[arch]})
    model = getattr(transformers, f"{arch}Model")(config).eval()

    class Tokens(torch.nn.Module):
        """forward(input_ids, attention_mask) -> the last hidden state (a plain tensor, no cache)."""

        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            out = self.inner(input_ids=input_ids, attention_mask=attention_mask, return_dict=False)
            return out[0]

    ids = torch.randint(0, 100, (2, 16))
    return Tokens(model).eval(), (ids, torch.ones_like(ids))


def child(name: str, cc: str) -> dict[str, Any]:
    """One model, in this process: static build, dynamic batch, dynamic batch + sequence (sequence models)."""
    import warnings

    warnings.filterwarnings("ignore")
    sys.path.insert(0, str(Path(__file__).parent))
    import compile_zoo
    import torch

    import torchtrt_compat as tc

    row: dict[str, Any] = {"model": name}
    model, args = build(name)
    start = time.perf_counter()
    try:
        static = tc.build_engine(model, list(args), compute_capabilities=[cc])
        row["static"] = {"ok": True, "engines": static.report.trt_engines, "s": time.perf_counter() - start}
    except Exception as exc:  # the point is to record what fails
        row["static"] = {"ok": False, "error": compile_zoo._first_line(exc), "s": time.perf_counter() - start}
        return row
    sequence = compile_zoo.is_sequence_model(args)
    runs = [("batch", False)] + ([("sequence", True)] if sequence else [])
    for label, seq in runs:
        result = compile_zoo.dynamic_row(model, args, cc, sequence=seq)
        if result["loaded"]:
            result["guarded"] = _refuses_outside(result["inputs"], args, torch)
        row[label] = result
    return row


def _refuses_outside(specs: list[dict[str, Any]], args: tuple[Any, ...], torch: Any) -> bool:
    """Whether the run-time check refuses every input one past its profile's max on a dynamic axis."""
    from torchtrt_compat._errors import UsageError
    from torchtrt_compat.compiler.artifact.profiles import check_call

    for spec in specs:
        if "min_shape" not in spec:
            continue
        for axis, (lo, hi) in enumerate(zip(spec["min_shape"], spec["max_shape"], strict=True)):
            if lo == hi:
                continue
            shape = list(spec["opt_shape"])
            shape[axis] = hi + 1
            call = list(args)
            call[spec["key"][0]] = torch.zeros(shape, dtype=getattr(torch, spec["dtype"]))
            try:
                check_call(specs, tuple(call), {}, "benchmark")
            except UsageError:
                continue
            return False
    return True


def run(names: list[str], cc: str, timeout: float) -> list[dict[str, Any]]:
    rows = []
    for name in names:
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--child", name, "--cc", cc],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
            last = [line for line in done.stdout.splitlines() if line.startswith("{")]
            row = json.loads(last[-1]) if last else {"model": name, "crash": done.stderr.strip()[-300:]}
        except subprocess.TimeoutExpired:
            row = {"model": name, "crash": f"timed out after {timeout:.0f}s"}
        row["wall_s"] = time.perf_counter() - start
        rows.append(row)
        print(f"  {name}: {_verdict(row)} ({row['wall_s']:.0f}s)", flush=True)
    return rows


def _cell(d: dict[str, Any] | None) -> str:
    if d is None:
        return "-"
    if d.get("loaded"):
        return "loaded" + ("" if d.get("guarded") else " (NOT guarded)")
    return f"{d.get('stage')}: {str(d.get('error'))[:70]}"


def _verdict(row: dict[str, Any]) -> str:
    if "crash" in row:
        return f"crash: {row['crash'][:80]}"
    if not row["static"]["ok"]:
        return f"static FAIL: {row['static']['error'][:80]}"
    return f"batch {_cell(row.get('batch'))}; sequence {_cell(row.get('sequence'))}"


def targets(rows: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    static = [r for r in rows if r.get("static", {}).get("ok")]
    batch = [r for r in static if r.get("batch", {}).get("loaded")]
    seq_models = [r for r in static if "sequence" in r]
    seq = [r for r in seq_models if r["sequence"].get("loaded")]
    runs = [r[k] for r in static for k in ("batch", "sequence") if k in r]
    unloadable = [d for d in runs if d.get("saved") and not d.get("loaded")]
    unguarded = [d for d in runs if d.get("loaded") and not d.get("guarded")]
    return [
        (
            ">= 90% of those that build static build, save and load with a dynamic batch",
            len(batch) >= 0.9 * len(static),
            f"{len(batch)}/{len(static)}",
        ),
        (
            ">= 80% of sequence models with a dynamic sequence length",
            len(seq) >= 0.8 * len(seq_models),
            f"{len(seq)}/{len(seq_models)}",
        ),
        ("0 artifacts that save but do not load", not unloadable, str(len(unloadable))),
        ("0 inputs outside a profile that pass the run-time check", not unguarded, str(len(unguarded))),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: all)")
    parser.add_argument("--cc", default="8.9")
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.cc), default=str))
        return
    names = args.models.split(",") if args.models else [f"timm/{n}" for n in TIMM] + [f"hf/{n}" for n in HF]
    rows = run(names, args.cc, args.timeout)
    print()
    for row in rows:
        print(f"{row['model']:<28} {_verdict(row)}")
    checks = targets(rows)
    print()
    for what, ok, detail in checks:
        print(f"[{'met' if ok else 'MISSED'}] {what}: {detail}")
    payload = {"rows": rows, "targets": [{"target": w, "met": ok, "detail": d} for w, ok, d in checks]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=2, default=str) + "\n")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
