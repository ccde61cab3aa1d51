"""Build architectures the catalogue (models/) does not contain, the way a user would, and measure issue 30's targets.

Per model, in a fresh process each (a crash or a hang costs one row, never the run): the default build, or
``partition="auto"`` where the whole forward does not export; the rewrite check's verdict, largest relative error
and cost; ``save()`` and ``EngineArtifact.load()`` of the artifact; and the FP16 build (``enabled_precisions=
{torch.half}``) with the route it took (autocast, or the explicit half copy). Random weights, tiny configurations,
small inputs, ``build_engine(..., compute_capabilities=["8.9"])`` on this host (TensorRT-RTX, no GPU: the engines are
built for real, never run). Prints a table; writes benchmarks/results/unseen_zoo.json.

    python benchmarks/unseen_zoo.py [--models convit_tiny,hf_convbert] [--timeout 900] [--no-fp16]

Targets (issue 30): 0 silently wrong rewrites (the check catches any), >= 95% build by default or partitioned, >= 90%
of those also build in FP16, every default build of a transformers model saves and loads.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results" / "unseen_zoo.json"
CC = "8.9"


# ---- the architectures -----------------------------------------------------------------------------------------
def _timm(name: str, size: int, **kwargs: Any) -> Callable[[], tuple[Any, list[Any]]]:
    def build() -> tuple[Any, list[Any]]:
        import timm
        import torch

        model = timm.create_model(name, pretrained=False, num_classes=10, **kwargs)
        return model.eval(), [torch.randn(1, 3, size, size)]

    return build


def _hf(config: str, model: str, inputs: str = "tokens", **fields: Any) -> Callable[[], tuple[Any, list[Any]]]:
    def build() -> tuple[Any, list[Any]]:
        import torch
        import transformers

        cfg = getattr(transformers, config)(**fields)
        if hasattr(cfg, "use_cache"):
            cfg.use_cache = False
        net = getattr(transformers, model)(cfg).eval()
        if inputs == "tokens":
            args = [torch.randint(0, fields.get("vocab_size", 100), (1, 16))]
        elif inputs == "pixels":
            size = fields.get("image_size", 32)
            hw = tuple(size) if isinstance(size, (list, tuple)) else (size, size)
            args = [torch.randn(1, fields.get("num_channels", 3), *hw)]
        else:  # "series": PatchTST's past_values
            args = [torch.randn(1, fields["context_length"], fields["num_input_channels"])]
        return net, args

    return build


TEXT = {"vocab_size": 100, "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64}
MODELS: dict[str, Callable[[], tuple[Any, list[Any]]]] = {
    # timm, not in models/zoo_timm.py
    "convit_tiny": _timm("convit_tiny", 32, img_size=32),
    "gmlp_s16_224": _timm("gmlp_s16_224", 64, img_size=64),
    "mixnet_s": _timm("mixnet_s", 64),
    "nextvit_small": _timm("nextvit_small", 64),
    "visformer_tiny": _timm("visformer_tiny", 64, img_size=64),
    "fasternet_t0": _timm("fasternet_t0", 64),
    "swiftformer_xs": _timm("swiftformer_xs", 64),
    "efficientvit_m0": _timm("efficientvit_m0", 64, img_size=64),
    "twins_svt_small": _timm("twins_svt_small", 64, img_size=64),
    "inception_v4": _timm("inception_v4", 96),
    "cait_xxs24_224": _timm("cait_xxs24_224", 64, img_size=64),
    "davit_tiny": _timm("davit_tiny", 64),
    "focalnet_tiny_srf": _timm("focalnet_tiny_srf", 64),
    "dla34": _timm("dla34", 64),
    "hrnet_w18_small": _timm("hrnet_w18_small", 64),
    "mobileone_s0": _timm("mobileone_s0", 64),
    "eva02_tiny_patch14_224": _timm("eva02_tiny_patch14_224", 56, img_size=56),
    # transformers, not in models/zoo_transformers.py
    "hf_convbert": _hf("ConvBertConfig", "ConvBertModel", embedding_size=32, **TEXT),
    "hf_squeezebert": _hf("SqueezeBertConfig", "SqueezeBertModel", embedding_size=32, **TEXT),
    "hf_gpt_bigcode": _hf("GPTBigCodeConfig", "GPTBigCodeModel", vocab_size=100, n_embd=32, n_layer=2, n_head=2),
    "hf_gpt_neo": _hf(
        "GPTNeoConfig",
        "GPTNeoModel",
        vocab_size=100,
        hidden_size=32,
        num_layers=2,
        num_heads=2,
        attention_types=[[["global", "local"], 1]],
        window_size=4,
    ),  # fmt: skip
    "hf_mpt": _hf("MptConfig", "MptModel", vocab_size=100, d_model=32, n_layers=2, n_heads=2),
    "hf_fnet": _hf("FNetConfig", "FNetModel", **{k: v for k, v in TEXT.items() if k != "num_attention_heads"}),
    "hf_roformer": _hf("RoFormerConfig", "RoFormerModel", embedding_size=32, **TEXT),
    "hf_mobilebert": _hf(
        "MobileBertConfig",
        "MobileBertModel",
        vocab_size=100,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        embedding_size=16,
        intra_bottleneck_size=16,
        true_hidden_size=16,
        num_feedforward_networks=2,
    ),  # fmt: skip
    "hf_longformer": _hf("LongformerConfig", "LongformerModel", attention_window=4, **TEXT),
    "hf_funnel": _hf(
        "FunnelConfig",
        "FunnelModel",
        vocab_size=100,
        block_sizes=[1, 1],
        d_model=32,
        n_head=2,
        d_head=16,
        d_inner=64,
    ),  # fmt: skip
    "hf_modernbert": _hf(
        "ModernBertConfig",
        "ModernBertModel",
        pad_token_id=0,
        bos_token_id=1,
        eos_token_id=2,
        cls_token_id=1,
        sep_token_id=2,
        **TEXT,
    ),  # fmt: skip
    "hf_gemma": _hf("GemmaConfig", "GemmaModel", head_dim=16, num_key_value_heads=1, **TEXT),
    "hf_stablelm": _hf("StableLmConfig", "StableLmModel", num_key_value_heads=2, **TEXT),
    "hf_convnextv2": _hf(
        "ConvNextV2Config",
        "ConvNextV2Model",
        "pixels",
        image_size=32,
        hidden_sizes=[8, 16, 24, 32],
        depths=[1, 1, 1, 1],
    ),  # fmt: skip
    "hf_dinov2": _hf(
        "Dinov2Config",
        "Dinov2Model",
        "pixels",
        image_size=32,
        patch_size=8,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
    ),  # fmt: skip
    "hf_beit": _hf(
        "BeitConfig",
        "BeitModel",
        "pixels",
        image_size=32,
        patch_size=8,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        use_relative_position_bias=True,
    ),  # fmt: skip
    "hf_swin2sr": _hf(
        "Swin2SRConfig",
        "Swin2SRModel",
        "pixels",
        image_size=16,
        patch_size=1,
        embed_dim=16,
        depths=[1],
        num_heads=[2],
        window_size=4,
        upscale=2,
    ),  # fmt: skip
    "hf_yolos": _hf(
        "YolosConfig",
        "YolosModel",
        "pixels",
        image_size=[32, 32],
        patch_size=8,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        num_detection_tokens=4,
    ),  # fmt: skip
    "hf_patchtst": _hf(
        "PatchTSTConfig",
        "PatchTSTModel",
        "series",
        num_input_channels=2,
        context_length=32,
        patch_length=8,
        patch_stride=8,
        d_model=16,
        num_attention_heads=2,
        num_hidden_layers=1,
        ffn_dim=32,
    ),  # fmt: skip
}


# ---- one model, in its own process --------------------------------------------------------------------------------
def _line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:240] if text else ''}"


def _build(model: Any, args: list[Any], **kwargs: Any) -> tuple[Any, dict[str, Any]]:
    import torchtrt_compat as tc

    start = time.perf_counter()
    try:
        art = tc.build_engine(model, args, compute_capabilities=[CC], **kwargs)
    except Exception as exc:  # the point is to record what fails
        return None, {"ok": False, "error": _line(exc), "stage": getattr(exc, "stage", None),
                      "seconds": time.perf_counter() - start}  # fmt: skip
    r = art.report
    check = r.rewrite_check
    return art, {
        "ok": True,
        "engines": r.trt_engines,
        "pytorch_ops": r.pytorch_ops,
        "trt_share": r.trt_op_fraction,
        "seconds": time.perf_counter() - start,
        "check": check.get("status"),
        "check_rel": check.get("largest_rel_error"),
        "check_s": check.get("seconds", 0.0),
        "check_reason": check.get("reason", ""),
        "rewrites": check.get("rewrites", []),
        "shims_changed": r.shims_changed,
        "explicit_fp16": any("explicit route" in n for n in r.notes),
        "in_pytorch": (r.partition or {}).get("in_pytorch", []),
    }


def one(name: str, fp16: bool) -> dict[str, Any]:
    import warnings

    import torch

    from torchtrt_compat.compiler.artifact import EngineArtifact

    warnings.filterwarnings("ignore")
    torch.manual_seed(0)
    model, args = MODELS[name]()
    row: dict[str, Any] = {"model": name, "source": "transformers" if name.startswith("hf_") else "timm"}
    art, row["default"] = _build(model, args)
    partition = None
    if not row["default"]["ok"] and row["default"].get("stage") == "export":
        partition = "auto"
        art, row["partitioned"] = _build(model, args, partition="auto")
    built = row.get("partitioned", row["default"])
    if art is not None:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                folder = art.save(Path(tmp) / "art")
                EngineArtifact.load(folder)
                row["saved_loaded"] = "ok"
            except Exception as exc:
                row["saved_loaded"] = _line(exc)
    if fp16 and built["ok"]:
        _, row["fp16"] = _build(model, args, enabled_precisions={torch.half}, partition=partition)
    return row


def run(
    names: list[str], fp16: bool, timeout: int, after: Callable[[list[dict[str, Any]]], None] | None = None
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name in names:
        start = time.perf_counter()
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            cmd = [sys.executable, __file__, "--one", name, "--json", out.name, *([] if fp16 else ["--no-fp16"])]
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
                text = Path(out.name).read_text()
                row = json.loads(text) if text else {"model": name, "crashed": done.stderr.strip()[-400:]}
            except subprocess.TimeoutExpired:
                row = {"model": name, "crashed": f"timed out after {timeout}s"}
        row["wall_s"] = time.perf_counter() - start
        rows.append(row)
        print(f"  {name}: {_verdict(row)} ({row['wall_s']:.0f}s)", flush=True)
        if after is not None:
            after(rows)
    return rows


# ---- the table and the targets ------------------------------------------------------------------------------------
def _best(row: dict[str, Any]) -> dict[str, Any]:
    return row.get("partitioned") or row.get("default") or {"ok": False, "error": row.get("crashed", "?")}


def _verdict(row: dict[str, Any]) -> str:
    b = _best(row)
    if not b["ok"]:
        return "FAILED " + b.get("error", "")[:120]
    mode = "partitioned" if "partitioned" in row else "default"
    fp16 = row.get("fp16") or {}
    half = ("explicit" if fp16.get("explicit_fp16") else "autocast") if fp16.get("ok") else "FAIL" if fp16 else "-"
    return f"{mode}, {b['engines']} engine(s), check {b['check']} {b['check_rel']}, fp16 {half}"


def table(rows: list[dict[str, Any]]) -> str:
    head = ("model", "built", "eng", "rewrite check", "check s", "check/build", "saved+loaded", "fp16", "fp16 check")
    lines = [head]
    for r in rows:
        b = _best(r)
        f = r.get("fp16") or {}
        if not b["ok"]:
            lines.append((r["model"], "FAIL", "-", b.get("error", "")[:50], "-", "-", "-", "-", "-"))
            continue
        share = b["check_s"] / b["seconds"] if b["seconds"] else 0.0
        fp16 = ("explicit" if f.get("explicit_fp16") else "autocast") if f.get("ok") else ("FAIL" if f else "-")
        lines.append(
            (
                r["model"],
                "partitioned" if "partitioned" in r else "default",
                str(b["engines"]),
                f"{b['check']} {b['check_rel']}",
                f"{b['check_s']:.2f}",
                f"{share:.1%}",
                "ok" if r.get("saved_loaded") == "ok" else str(r.get("saved_loaded", "-"))[:40],
                fp16,
                f"{f.get('check')} {f.get('check_rel')}" if f.get("ok") else (f.get("error", "-")[:40] if f else "-"),
            )
        )
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(head))]
    out = ["  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def targets(rows: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    built = [r for r in rows if _best(r)["ok"]]
    fp16 = [r for r in built if (r.get("fp16") or {}).get("ok")]
    hf = [r for r in rows if r["model"].startswith("hf_") and r.get("default", {}).get("ok")]
    hf_saved = [r for r in hf if r.get("saved_loaded") == "ok"]
    wrong = [r["model"] for r in rows if "rewrite check failed" in str(_best(r).get("error", "")).lower()]
    shares = [b["check_s"] / b["seconds"] for r in built if (b := _best(r))["seconds"]]
    checks = [
        (
            "0 silently wrong rewrites (every build ran the check, none passed a graph beyond tolerance)",
            all(_best(r).get("check") in ("passed", "reduced precision", "not deterministic") for r in built),
            f"checks: {sorted({str(_best(r).get('check')) for r in built})}; builds failed by the check: {wrong}",
        ),
        (">= 95% build by default or partitioned", len(built) >= 0.95 * len(rows), f"{len(built)}/{len(rows)}"),
        (">= 90% of those also build in FP16", len(fp16) >= 0.9 * len(built), f"{len(fp16)}/{len(built)}"),
        ("every default transformers build saves and loads", len(hf_saved) == len(hf), f"{len(hf_saved)}/{len(hf)}"),
    ]
    if shares:
        checks.append(
            (
                "rewrite check cost (share of the build's wall time)",
                True,
                f"median {statistics.median(shares):.1%}, max {max(shares):.1%}",
            )
        )
    return checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: all)")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per model (its own process)")
    parser.add_argument("--no-fp16", action="store_true", help="skip the FP16 builds")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--json", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        Path(args.json).write_text(json.dumps(one(args.one, not args.no_fp16), default=str))
        return
    names = args.models.split(",") if args.models else list(MODELS)
    rows = run(names, not args.no_fp16, args.timeout, lambda done: _write(args.out, done, partial=True))
    print()
    print(table(rows))
    print()
    for what, ok, detail in targets(rows):
        print(f"[{'met' if ok else 'MISSED'}] {what}: {detail}")
    _write(args.out, rows, partial=False)
    print(f"\nwrote {args.out}")


def _write(out: Path, rows: list[dict[str, Any]], partial: bool) -> None:
    """The result file, rewritten after every model (``"partial": true`` until the run ends)."""
    from torchtrt_compat._atomic import atomic_write_text
    from torchtrt_compat.env import detect_environment

    payload = {
        "environment": detect_environment().to_dict(),
        "target_cc": CC,
        "partial": partial,
        "rows": rows,
        "targets": [{"target": w, "met": ok, "detail": d} for w, ok, d in targets(rows)],
    }
    atomic_write_text(out, json.dumps(payload, indent=2, default=str) + "\n")


if __name__ == "__main__":
    main()
