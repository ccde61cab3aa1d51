"""Dynamic-batch serving: eager vs re-recording one CUDA graph per shape change vs `BucketedCUDAGraphs`.

A seeded trace of requests with random batch sizes 1..64 is replayed, one request at a time, through each method;
each request's latency is host time from the call to the end of its GPU work. Everything is measured in ONE run on
one GPU, so the speed-ups are ratios of numbers taken side by side.

    PYTHONPATH=. python3 benchmarks/dynamic_batch.py --out benchmarks/results      # on a GPU machine
    python3 benchmarks/dynamic_batch.py --plot-only benchmarks/results/dynamic_batch.json   # re-draw the PNG
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from collections.abc import Callable

BUCKETS = (1, 2, 4, 8, 16, 32, 64)
FINE_BUCKETS = (1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64)
METHODS = ("eager", "re-record", "bucketed", "bucketed-fine", "bucketed<=32+chunks")
TARGETS = {"mlp12x256": 5.0, "resnet18": 2.5}  # required p50 speed-up over eager, by model family
RERECORD_TARGET = 10.0
MEMORY_TARGET = 1.3


class ReRecordOnShapeChange:
    """What a single-graph runtime does today: one CUDA graph, re-captured whenever the input shape changes."""

    def __init__(self, module: Callable[..., Any]) -> None:
        self.module, self.shape, self.graph, self.captures = module, None, None, 0

    def __call__(self, x: Any) -> Any:
        import torch

        if x.shape != self.shape:
            self.graph = None  # the previous graph and its pool go
            self.static_in = x.clone()
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                self.static_out = self.module(self.static_in)
            self.graph, self.shape = graph, x.shape
            self.captures += 1
        self.static_in.copy_(x)
        self.graph.replay()
        return self.static_out.clone()


def build_models(images: list[int]) -> dict[str, tuple[Any, Callable[[int], Any]]]:
    import torch
    import torchvision

    torch.manual_seed(0)
    layers: list[Any] = []
    for _ in range(12):
        layers += [torch.nn.Linear(256, 256), torch.nn.ReLU()]
    mlp = torch.nn.Sequential(*layers).cuda().half().eval()
    resnet = torchvision.models.resnet18(weights=None).cuda().half().eval()
    models = {"mlp12x256": (mlp, lambda n: torch.randn(n, 256, device="cuda", dtype=torch.float16))}
    for side in images:
        models[f"resnet18@{side}"] = (
            resnet,
            lambda n, s=side: torch.randn(n, 3, s, s, device="cuda", dtype=torch.float16),
        )
    return models


def run_trace(fn: Callable[[Any], Any], trace: list[int], inputs: dict[int, Any]) -> list[float]:
    import torch

    latencies = []
    for n in trace:
        x = inputs[n]
        t0 = time.perf_counter()
        fn(x)
        torch.cuda.synchronize()
        latencies.append((time.perf_counter() - t0) * 1e3)
    return latencies


def stats(latencies: list[float], trace: list[int]) -> dict[str, float]:
    from torchtrt_compat.runtime.bench import percentile

    total_s = sum(latencies) / 1e3
    return {
        "p50_ms": percentile(latencies, 50),
        "p90_ms": percentile(latencies, 90),
        "p99_ms": percentile(latencies, 99),
        "mean_ms": statistics.fmean(latencies),
        "samples_per_s": sum(trace) / total_s,
        "requests_per_s": len(trace) / total_s,
    }


def held_bytes(make: Callable[[], Any]) -> int:
    """Device memory a set of captured graphs keeps reserved (pools + static buffers), from a clean cache."""
    import torch

    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    before = torch.cuda.memory_reserved()
    graphs = make()
    torch.cuda.synchronize()
    gc.collect()
    torch.cuda.empty_cache()
    held = torch.cuda.memory_reserved() - before
    graphs.reset()
    del graphs
    return held


def bench_model(name: str, model: Any, make: Callable[[int], Any], trace: list[int]) -> dict[str, Any]:
    import torch

    from torchtrt_compat.runtime import BucketedCUDAGraphs

    inputs = {n: make(n) for n in sorted(set(trace))}
    with torch.no_grad():
        eager = model
        rerecord = ReRecordOnShapeChange(model)
        ours = BucketedCUDAGraphs(model, BUCKETS)
        fine = BucketedCUDAGraphs(model, FINE_BUCKETS)
        ours32 = BucketedCUDAGraphs(model, (1, 2, 4, 8, 16, 32), overflow="chunks")
        fns = dict(zip(METHODS, (eager, rerecord, ours, fine, ours32), strict=False))
        warm = trace[:100]
        for fn in fns.values():
            run_trace(fn, warm, inputs)
        captures_after_warmup = (ours.capture_count, fine.capture_count, ours32.capture_count)
        errors = {}
        for n in (1, 7, 33, 64):
            ref = eager(inputs[n]).float()
            errors[n] = max(float((fns[m](inputs[n]).float() - ref).abs().max()) for m in METHODS[1:])
        results = {}
        for method, fn in fns.items():
            results[method] = stats(run_trace(fn, trace, inputs), trace)
            print(f"  {name:<13} {method:<20} p50 {results[method]['p50_ms']:.3f} ms", flush=True)
        captures = (ours.capture_count, fine.capture_count, ours32.capture_count)
        assert captures == captures_after_warmup == (len(BUCKETS), len(FINE_BUCKETS), 6), "re-captured"
        for graphs in (ours, fine, ours32):
            graphs.reset()
        example = inputs[1]
        memory = {
            "shared_pool_bytes": held_bytes(lambda: _captured(BucketedCUDAGraphs(model, BUCKETS), example)),
            "separate_pools_bytes": held_bytes(
                lambda: _captured(BucketedCUDAGraphs(model, BUCKETS, share_pool=False), example)
            ),
            "largest_bucket_alone_bytes": held_bytes(
                lambda: _captured(BucketedCUDAGraphs(model, (BUCKETS[-1],)), example)
            ),
        }
    memory["shared_over_largest"] = memory["shared_pool_bytes"] / memory["largest_bucket_alone_bytes"]
    memory["separate_over_largest"] = memory["separate_pools_bytes"] / memory["largest_bucket_alone_bytes"]
    p50 = {m: results[m]["p50_ms"] for m in METHODS}
    speedups = {
        "bucketed_vs_eager_p50": p50["eager"] / p50["bucketed"],
        "bucketed_vs_rerecord_p50": p50["re-record"] / p50["bucketed"],
        "bucketed_fine_vs_eager_p50": p50["eager"] / p50["bucketed-fine"],
        "bucketed32_vs_eager_p50": p50["eager"] / p50["bucketed<=32+chunks"],
    }
    target = TARGETS[name.split("@")[0]]
    targets = {
        f"p50 >= {target}x eager": speedups["bucketed_vs_eager_p50"] >= target,
        f"p50 >= {RERECORD_TARGET}x re-record": speedups["bucketed_vs_rerecord_p50"] >= RERECORD_TARGET,
        f"shared pool <= {MEMORY_TARGET}x largest bucket": memory["shared_over_largest"] <= MEMORY_TARGET,
    }
    return {
        "methods": results,
        "speedups": speedups,
        "memory": memory,
        "targets_met": targets,
        "max_abs_error_vs_eager": errors,
        "rerecord_captures": rerecord.captures,
        "graph_captures": captures,
    }


def _captured(graphs: Any, example: Any) -> Any:
    graphs.warmup(example)
    return graphs


def table(report: dict[str, Any]) -> str:
    lines = [f"{'model':<13} {'method':<20} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'samples/s':>11} {'req/s':>8}"]
    for name, res in report["models"].items():
        for method, s in res["methods"].items():
            lines.append(
                f"{name:<13} {method:<20} {s['p50_ms']:>8.3f} {s['p90_ms']:>8.3f} {s['p99_ms']:>8.3f} "
                f"{s['samples_per_s']:>11.0f} {s['requests_per_s']:>8.0f}"
            )
    lines.append("")
    for name, res in report["models"].items():
        sp, mem = res["speedups"], res["memory"]
        lines.append(
            f"{name}: bucketed p50 {sp['bucketed_vs_eager_p50']:.1f}x eager (fine buckets "
            f"{sp['bucketed_fine_vs_eager_p50']:.1f}x), {sp['bucketed_vs_rerecord_p50']:.1f}x "
            f"re-record; pool MiB shared {mem['shared_pool_bytes'] / 2**20:.1f}, separate "
            f"{mem['separate_pools_bytes'] / 2**20:.1f}, largest alone {mem['largest_bucket_alone_bytes'] / 2**20:.1f} "
            f"(shared/largest {mem['shared_over_largest']:.2f})"
        )
        lines += [f"  target {t}: {'MET' if ok else 'NOT MET'}" for t, ok in res["targets_met"].items()]
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = list(report["models"])
    fig, axes = plt.subplots(1, len(models) + 1, figsize=(5 * (len(models) + 1), 4.2))
    for ax, name in zip(axes, models, strict=False):
        methods = report["models"][name]["methods"]
        xs = range(len(methods))
        for i, q in enumerate(("p50_ms", "p90_ms", "p99_ms")):
            ax.bar([x + (i - 1) * 0.27 for x in xs], [m[q] for m in methods.values()], 0.27, label=q[:3])
        ax.set_xticks(list(xs), list(methods), rotation=20, fontsize=7)
        ax.set_yscale("log")
        ax.set_ylabel("latency per request (ms, log)")
        ax.set_title(f"{name}, fp16, batch 1..64")
        ax.legend(fontsize=8)
    ax = axes[-1]
    kinds = ("largest_bucket_alone_bytes", "shared_pool_bytes", "separate_pools_bytes")
    for i, kind in enumerate(kinds):
        ax.bar(
            [x + (i - 1) * 0.27 for x in range(len(models))],
            [report["models"][m]["memory"][kind] / 2**20 for m in models],
            0.27,
            label=kind.replace("_bytes", ""),
        )
    ax.set_xticks(range(len(models)), models, fontsize=8)
    ax.set_ylabel("graph memory held (MiB)")
    ax.set_title("CUDA graph pool memory")
    ax.legend(fontsize=8)
    fig.suptitle(f"{report['trace']['requests']} requests on {report['device']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--image", type=int, nargs="+", default=[64, 112], help="resnet18 input sides (3xNxN)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument("--plot-only", type=Path, help="re-draw the PNG from an existing JSON and exit")
    args = parser.parse_args(argv)
    if args.plot_only:
        report = json.loads(args.plot_only.read_text())
        print(table(report))
        plot(report, args.plot_only.with_suffix(".png"))
        return 0

    import torch

    from torchtrt_compat._atomic import atomic_write_text

    torch.backends.cudnn.benchmark = False
    rng = random.Random(args.seed)
    trace = [rng.randint(1, 64) for _ in range(args.requests)]
    report: dict[str, Any] = {
        "device": torch.cuda.get_device_name(0),
        "versions": {"torch": torch.__version__, "python": platform.python_version()},
        "trace": {
            "requests": len(trace),
            "seed": args.seed,
            "batch_min": 1,
            "batch_max": 64,
            "mean_batch": statistics.fmean(trace),
        },
        "dtype": "float16",
        "buckets": list(BUCKETS),
        "buckets_fine": list(FINE_BUCKETS),
        "resnet18_inputs": [[3, side, side] for side in args.image],
        "latency": "host time per request, call to torch.cuda.synchronize(), after 100 warm-up requests",
        "models": {},
    }
    for name, (model, make) in build_models(args.image).items():
        report["models"][name] = bench_model(name, model, make, trace)
    args.out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.out / "dynamic_batch.json", json.dumps(report, indent=2) + "\n")
    print(table(report))
    try:
        plot(report, args.out / "dynamic_batch.png")
    except ImportError:
        print("matplotlib missing: re-draw with --plot-only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
