"""Concurrent clients through one `BucketedCUDAGraphs`: requests per second with 1, 2, 4 and 8 client threads.

Each client thread has its own CUDA stream and runs a closed loop: a request of a random batch size 1..16, then
``stream.synchronize()`` (it waits for its answer), then the next. Configurations, all measured in ONE run:

- ``shared-auto``: one object shared by all threads, the defaults (``instances="auto"``, lent outputs, no
  coalescing): before timing, the threads run short bursts and `replan()` is called after each (a serving
  process's warm-up), so the pool grows where callers waited;
- ``shared-copy``: the same with ``lend_outputs=False`` (every result a fresh copy: one more launch per call);
- ``shared-coalesce``: the same with ``coalesce=True``;
- ``shared-1`` / ``shared-1-coalesce``: one instance only (what a tight memory budget leaves), without and with
  coalescing: callers queue, so coalescing has the most to do;
- ``per-thread``: one object per thread (``instances=1`` each): the upper bound that pays one memory pool per thread;
- ``eager``: the module called directly;
- ``batch1``: (8 threads only) every request one row, ``shared-1`` and ``shared-1-coalesce`` and ``shared-auto``:
  where coalescing packs the most requests into one replay;
- ``keeping``: (8 threads only) ``shared-auto`` with clients that keep their previous result until the next one
  arrives, so an instance cannot lend its buffers again and copies instead.

``coalesced`` per configuration is the share of requests served by another caller's replay, ``lent`` the share
answered with an instance's lend buffers (`stats`).

Memory per configuration is what the captured graph instances hold (`memory_bytes`: pools and static buffers,
measured at capture). A contention profile (8 threads, shared-auto) says where a call's host time goes.

    PYTHONPATH=. python3 benchmarks/concurrency.py --out benchmarks/results        # on a GPU machine (~3 min)
    python3 benchmarks/concurrency.py --plot-only benchmarks/results/concurrency.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

THREADS = (1, 2, 4, 8)
BUCKETS = (1, 2, 4, 8, 16)
SHARED = ("shared-auto", "shared-copy", "shared-coalesce", "shared-1", "shared-1-coalesce")
CONFIGS = (*SHARED, "per-thread", "eager")
TARGET_COMPUTE = 0.9  # resnet18@64: shared-auto at 8 threads / per-thread at 8 threads
TARGET_LAUNCH = 1.0  # MLP: shared-auto at 8 threads / shared-auto at 1 thread
COMPUTE_BOUND, LAUNCH_BOUND = "resnet18@64", "mlp8x512"


def build_models() -> dict[str, tuple[Any, Callable[[int], tuple[Any, ...]]]]:
    import torch
    import torchvision

    sys.path.insert(0, str(Path(__file__).parent))
    from dynamic_batch import _two_in_tuple_out

    torch.manual_seed(0)
    half = {"device": "cuda", "dtype": torch.float16}
    layers: list[Any] = []
    for _ in range(8):
        layers += [torch.nn.Linear(512, 512), torch.nn.ReLU()]
    mlp = torch.nn.Sequential(*layers).cuda().half().eval()
    resnet = torchvision.models.resnet18(weights=None).cuda().half().eval()
    two = _two_in_tuple_out().cuda().half().eval()
    layer = torch.nn.TransformerEncoderLayer(256, 4, 512, dropout=0.0, batch_first=True)
    encoder = torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False).cuda().half().eval()
    return {
        COMPUTE_BOUND: (resnet, lambda n: (torch.randn(n, 3, 64, 64, **half),)),
        LAUNCH_BOUND: (mlp, lambda n: (torch.randn(n, 512, **half),)),
        "two-in-tuple-out": (two, lambda n: (torch.randn(n, 128, **half), torch.randn(n, 32, **half))),
        "encoder2x256": (encoder, lambda n: (torch.randn(n, 32, 256, **half),)),
    }


def closed_loop(fns: list[Callable[..., Any]], inputs: list[list[tuple[Any, ...]]], seconds: float) -> float:
    """Requests per second of ``len(fns)`` client threads, thread ``i`` calling ``fns[i]`` on its own stream."""
    import torch

    n = len(fns)
    counts = [0] * n
    stop = threading.Event()
    barrier = threading.Barrier(n + 1)
    errors: list[BaseException] = []

    def client(i: int) -> None:
        try:
            stream = torch.cuda.Stream()
            fn, xs, k = fns[i], inputs[i], 0
            with torch.cuda.stream(stream), torch.no_grad():
                barrier.wait()
                while not stop.is_set():
                    fn(*xs[k % len(xs)])
                    stream.synchronize()
                    k += 1
            counts[i] = k
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            errors.append(exc)
            stop.set()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if errors:
        raise errors[0]
    return sum(counts) / elapsed


def rotated(configs: dict[str, list[Callable[..., Any]]], inputs: list, seconds: float, rounds: int = 3) -> dict:
    """Requests per second of each configuration: ``rounds`` slices of ``seconds / rounds`` each, taking turns
    (order rotating), so a slow spell of a shared host hits all alike; the median slice of each."""
    slices: dict[str, list[float]] = {name: [] for name in configs}
    names = list(configs)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            slices[name].append(closed_loop(configs[name], inputs, seconds / rounds))
    return {name: statistics.median(v) for name, v in slices.items()}


def client_inputs(make: Callable[[int], tuple[Any, ...]], threads: int, seed: int) -> list[list[tuple[Any, ...]]]:
    import torch

    rng = random.Random(seed)
    out = [[make(rng.randint(1, BUCKETS[-1])) for _ in range(64)] for _ in range(threads)]
    torch.cuda.synchronize()
    return out


def warm_shared(graphs: Any, inputs: list[list[tuple[Any, ...]]], bursts: int = 4, burst_s: float = 0.25) -> list:
    """A serving process's warm-up: bursts of the real concurrency, `replan()` after each; the pool sizes seen."""
    history = [graphs.instance_count]
    for _ in range(bursts):
        closed_loop([graphs] * len(inputs), inputs, burst_s)
        graphs.replan()
        history.append(graphs.instance_count)
    return history


def bench_model(name: str, model: Any, make: Callable[[int], Any], seconds: float) -> dict[str, Any]:
    import torch

    from torchtrt_compat.runtime import BucketedCUDAGraphs

    res: dict[str, Any] = {
        "req_per_s": {},
        "memory_bytes": {},
        "instances": {},
        "pool_history": {},
        "coalesced": {},
        "lent": {},
        "stats": {},
    }
    for t in THREADS:
        inputs = client_inputs(make, t, seed=t)
        shared = {
            "shared-auto": BucketedCUDAGraphs(model, BUCKETS),
            "shared-copy": BucketedCUDAGraphs(model, BUCKETS, lend_outputs=False),
            "shared-coalesce": BucketedCUDAGraphs(model, BUCKETS, coalesce=True),
            "shared-1": BucketedCUDAGraphs(model, BUCKETS, instances=1),
            "shared-1-coalesce": BucketedCUDAGraphs(model, BUCKETS, instances=1, coalesce=True),
        }
        captures = {}
        for config, g in shared.items():
            g(*inputs[0][0])
            if g.instances == "auto":
                res["pool_history"].setdefault(config, {})[t] = warm_shared(g, inputs)
            captures[config] = g.capture_count
        own = [BucketedCUDAGraphs(model, BUCKETS, instances=1) for _ in range(t)]
        for g in own:
            g(*inputs[0][0])
        before = {config: dict(g.stats) for config, g in shared.items()}
        configs = {config: [g] * t for config, g in shared.items()}
        rates = rotated({**configs, "per-thread": own, "eager": [model] * t}, inputs, seconds)
        for config, g in shared.items():
            assert g.capture_count == captures[config], "captured outside warm-up and replan()"
            after = g.stats
            calls = after["calls"] - before[config]["calls"]
            res["coalesced"].setdefault(config, {})[t] = (after["coalesced"] - before[config]["coalesced"]) / max(
                1, calls
            )
            res["lent"].setdefault(config, {})[t] = (after["lent"] - before[config]["lent"]) / max(1, calls)
            res["memory_bytes"].setdefault(config, {})[t] = g.memory_bytes
            res["instances"].setdefault(config, {})[t] = g.instance_count
            res["stats"].setdefault(config, {})[t] = after
        for config, rate in rates.items():
            res["req_per_s"].setdefault(config, {})[t] = rate
        res["memory_bytes"].setdefault("per-thread", {})[t] = sum(g.memory_bytes for g in own)
        print(
            f"  {name:<17} {t} threads: "
            + "  ".join(
                f"{c} {rates[c]:7.0f} ({res['instances'][c][t]} inst, {res['memory_bytes'][c][t] / 2**20:.1f} MiB, "
                f"{res['coalesced'][c][t]:.0%} coalesced)"
                for c in SHARED
            )
            + f"  per-thread {rates['per-thread']:7.0f} ({res['memory_bytes']['per-thread'][t] / 2**20:.1f} MiB)"
            f"  eager {rates['eager']:7.0f}",
            flush=True,
        )
        if t in (1, THREADS[-1]):
            res.setdefault("profile", {})[t] = contention_profile(shared["shared-auto"], inputs)
        for g in (*shared.values(), *own):
            g.reset()
        del shared, own, configs
        torch.cuda.empty_cache()
    top = THREADS[-1]
    ones = [[make(1) for _ in range(64)] for _ in range(top)]
    torch.cuda.synchronize()
    batch1 = {
        "shared-1": BucketedCUDAGraphs(model, BUCKETS, instances=1),
        "shared-1-coalesce": BucketedCUDAGraphs(model, BUCKETS, instances=1, coalesce=True),
        "shared-auto": BucketedCUDAGraphs(model, BUCKETS),
    }
    for g in batch1.values():
        g(*ones[0][0])
    warm_shared(batch1["shared-auto"], ones)
    rates = rotated({c: [g] * top for c, g in batch1.items()}, ones, seconds)
    res["batch1"] = {
        c: {
            "req_per_s": rates[c],
            "coalesced": g.stats["coalesced"] / max(1, g.stats["calls"]),
            "instances": g.instance_count,
            "memory_bytes": g.memory_bytes,
        }
        for c, g in batch1.items()
    }
    print(f"  {name:<17} batch 1, {top} threads: " + json.dumps(res["batch1"]), flush=True)
    for g in batch1.values():
        g.reset()
    res["keeping"] = keeping_clients(model, make, top, seconds)
    print(f"  {name:<17} keeping, {top} threads: " + json.dumps(res["keeping"]), flush=True)
    r = res["req_per_s"]
    res["ratios"] = {
        "shared8_over_perthread8": r["shared-auto"][top] / r["per-thread"][top],
        "lend8_over_copy8": r["shared-auto"][top] / r["shared-copy"][top],
        "copy8_over_shared1": r["shared-copy"][top] / r["shared-auto"][1],
        "keeping8_over_shared1": res["keeping"]["req_per_s"] / r["shared-auto"][1],
        "shared8_over_shared1": r["shared-auto"][top] / r["shared-auto"][1],
        "coalesce8_over_shared1": r["shared-coalesce"][top] / r["shared-auto"][1],
        "coalesce8_over_shared8": r["shared-coalesce"][top] / r["shared-auto"][top],
        "one_coalesce8_over_one8": r["shared-1-coalesce"][top] / r["shared-1"][top],
        "batch1_one_coalesce_over_one": res["batch1"]["shared-1-coalesce"]["req_per_s"]
        / res["batch1"]["shared-1"]["req_per_s"],
        "perthread8_over_shared1": r["per-thread"][top] / r["shared-auto"][1],
        "shared8_over_eager8": r["shared-auto"][top] / r["eager"][top],
        "shared8_memory_over_perthread8": res["memory_bytes"]["shared-auto"][top]
        / max(1, res["memory_bytes"]["per-thread"][top]),
    }
    return res


def keeping_clients(model: Any, make: Callable[[int], Any], threads: int, seconds: float) -> dict[str, float]:
    """``shared-auto`` with clients that hold their previous result until the next one arrives."""
    from torchtrt_compat.runtime import BucketedCUDAGraphs

    inputs = client_inputs(make, threads, seed=threads)
    graphs = BucketedCUDAGraphs(model, BUCKETS)
    graphs(*inputs[0][0])
    warm_shared(graphs, inputs)
    last = threading.local()

    def keeping(*xs: Any) -> Any:
        last.out = graphs(*xs)  # the previous result is dropped only once this one is back
        return last.out

    before = graphs.stats
    rate = closed_loop([keeping] * threads, inputs, seconds)
    after = graphs.stats
    graphs.reset()
    calls = max(1, after["calls"] - before["calls"])
    return {"req_per_s": rate, "lent": (after["lent"] - before["lent"]) / calls, "instances": after["instances"]}


def contention_profile(graphs: Any, inputs: list[list[tuple[Any, ...]]], seconds: float = 1.0) -> dict[str, float]:
    """Where a call's host time goes at full concurrency: time to get an instance (waits included), stream
    switches per call, and the whole call; measured through wrappers around the object's own methods."""
    take, switch = graphs._pool.take, graphs._switch_stream
    took: list[float] = []
    switches = [0]

    def timed_take(raw: int, *ride: Any) -> Any:
        t0 = time.perf_counter()
        inst = take(raw, *ride)
        took.append(time.perf_counter() - t0)
        return inst

    def counted_switch(inst: Any, raw: int) -> None:
        switches[0] += 1
        switch(inst, raw)

    graphs._pool.take, graphs._switch_stream = timed_take, counted_switch
    calls: list[float] = []

    def timed_call(*xs: Any) -> Any:
        t0 = time.perf_counter()
        out = graphs(*xs)
        calls.append(time.perf_counter() - t0)
        return out

    rate = closed_loop([timed_call] * len(inputs), inputs, seconds)
    del graphs._pool.take, graphs._switch_stream
    n = max(1, len(calls))
    return {
        "threads": len(inputs),
        "req_per_s_while_profiled": rate,
        "call_host_us": sum(calls) / n * 1e6,
        "take_instance_us": sum(took) / max(1, len(took)) * 1e6,
        "stream_switches_per_call": switches[0] / n,
        "instances": graphs.instance_count,
    }


def table(report: dict[str, Any]) -> str:
    lines = [
        f"{'model':<17} {'config':<17} "
        + " ".join(f"{f'{t} thr':>9}" for t in THREADS)
        + "   memory (MiB); coalesced share; lent share; instances"
    ]
    for name, res in report["models"].items():
        for config in CONFIGS:
            rates = res["req_per_s"].get(config)
            if rates is None:  # a report from before this configuration existed
                continue
            mem = res["memory_bytes"].get(config, {})
            memory = "  ".join(f"{mem[t] / 2**20:.0f}" for t in mem) if mem else "-"
            if config in res.get("coalesced", {}):
                share = res["coalesced"][config]
                memory += "; " + " ".join(f"{share[t]:.0%}" for t in THREADS)
                lent = res.get("lent", {}).get(config)
                if lent:
                    memory += "; " + " ".join(f"{lent[t]:.0%}" for t in THREADS)
                memory += "; " + " ".join(str(res["instances"][config][t]) for t in THREADS)
            lines.append(f"{name:<17} {config:<17} " + " ".join(f"{rates[t]:>9.0f}" for t in THREADS) + f"   {memory}")
        b1 = res["batch1"]
        lines.append(
            f"{name:<17} batch 1, 8 threads: "
            + ", ".join(
                f"{c} {v['req_per_s']:.0f} req/s ({v['coalesced']:.0%} coalesced, {v['instances']} inst.)"
                for c, v in b1.items()
            )
        )
        if "keeping" in res:
            k = res["keeping"]
            lines.append(
                f"{name:<17} keeping, 8 threads (clients hold their last result): shared-auto "
                f"{k['req_per_s']:.0f} req/s ({k['lent']:.0%} lent, {k['instances']} inst.)"
            )
        lines.append(f"{name:<17} pool history (auto): {res['pool_history']}")
        for p in res["profile"].values():
            lines.append(
                f"{name:<17} profile at {p['threads']} threads ({p['instances']} instances): call "
                f"{p['call_host_us']:.1f} us host, of which getting an instance {p['take_instance_us']:.1f} us; "
                f"{p['stream_switches_per_call']:.2f} stream switches per call"
            )
    lines.append("")
    c = report["models"].get(COMPUTE_BOUND)
    for label, ok in report["targets_met"].items():
        lines.append(f"target {label}: {'MET' if ok else 'NOT MET'}")
    if c:
        lines.append(f"{COMPUTE_BOUND}: shared/per-thread at 8 threads {c['ratios']['shared8_over_perthread8']:.2f}")
    for label, res in report["models"].items():
        q = res["ratios"]
        lines.append(
            f"{label}: 8 threads / 1 thread (shared-auto at 1): shared-auto {q['shared8_over_shared1']:.2f}, "
            f"shared-coalesce {q['coalesce8_over_shared1']:.2f}; at 8 threads: coalesce / not "
            f"{q['coalesce8_over_shared8']:.2f}, one instance coalesce / not {q['one_coalesce8_over_one8']:.2f}, "
            f"batch 1 one instance coalesce / not {q['batch1_one_coalesce_over_one']:.2f}; "
            f"shared-auto / per-thread {q['shared8_over_perthread8']:.2f}"
        )
        if "lend8_over_copy8" in q:
            lines.append(
                f"{label}: at 8 threads lent / copied outputs {q['lend8_over_copy8']:.2f}; over shared-auto at 1 "
                f"thread: shared-copy {q['copy8_over_shared1']:.2f}, keeping clients {q['keeping8_over_shared1']:.2f}"
            )
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = list(report["models"])
    fig, axes = plt.subplots(1, len(models), figsize=(5.0 * len(models), 4.2))
    for ax, name in zip(axes, models, strict=True):
        res = report["models"][name]
        styles = (("shared-auto", "o-"), ("shared-copy", "P-"), ("shared-coalesce", "x-."), ("shared-1", "v:"))
        styles += (("shared-1-coalesce", "d-"), ("per-thread", "s--"), ("eager", "^:"))
        for config, style in styles:
            rates = res["req_per_s"].get(config)
            if rates is None:
                continue
            ax.plot(list(THREADS), [rates[t] for t in THREADS], style, label=config)
        mem = res["memory_bytes"]
        top = THREADS[-1]
        ax.set_title(
            f"{name}\n8 threads: shared {mem['shared-auto'][top] / 2**20:.0f} MiB "
            f"({res['instances']['shared-auto'][top]} inst.), per-thread {mem['per-thread'][top] / 2**20:.0f} MiB",
            fontsize=9,
        )
        ax.set_xlabel("client threads (own stream each)")
        ax.set_ylabel("requests / s")
        ax.set_xticks(list(THREADS))
        ax.set_ylim(0, None)
        ax.legend(fontsize=8)
    fig.suptitle(f"batch 1..16, fp16, buckets {BUCKETS}, on {report['device']}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="timed seconds per configuration")
    parser.add_argument("--models", nargs="*", help="only these models (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument("--plot-only", type=Path, help="re-draw the PNG from an existing JSON and exit")
    args = parser.parse_args(argv)
    if args.plot_only:
        report = json.loads(args.plot_only.read_text())
        for res in report["models"].values():  # JSON keys are strings
            for key in ("req_per_s", "memory_bytes", "coalesced", "lent", "instances", "stats", "pool_history"):
                res[key] = {c: {int(t): v for t, v in d.items()} for c, d in res.get(key, {}).items()}
        print(table(report))
        plot(report, args.plot_only.with_suffix(".png"))
        return 0

    import torch

    from torchtrt_compat._atomic import atomic_write_text

    report: dict[str, Any] = {
        "device": torch.cuda.get_device_name(0),
        "versions": {"torch": torch.__version__, "python": platform.python_version()},
        "dtype": "float16",
        "buckets": list(BUCKETS),
        "batch": "uniform 1..16 per request",
        "seconds_per_configuration": args.seconds,
        "load": "closed loop: each client thread on its own stream waits for its answer before the next request",
        "models": {},
    }
    for name, (model, make) in build_models().items():
        if args.models and name not in args.models:
            continue
        report["models"][name] = bench_model(name, model, make, args.seconds)
    targets = {}
    if COMPUTE_BOUND in report["models"]:
        r = report["models"][COMPUTE_BOUND]
        mem = r["memory_bytes"]["shared-auto"][THREADS[-1]] / 2**20
        targets[f"{COMPUTE_BOUND}: 8 threads shared >= {TARGET_COMPUTE}x 8 objects, in {mem:.0f} MiB"] = (
            r["ratios"]["shared8_over_perthread8"] >= TARGET_COMPUTE
        )
    if LAUNCH_BOUND in report["models"]:
        r = report["models"][LAUNCH_BOUND]
        targets[f"{LAUNCH_BOUND}: 8 threads through one object (either coalesce) >= {TARGET_LAUNCH}x 1 thread"] = (
            max(r["ratios"]["shared8_over_shared1"], r["ratios"]["coalesce8_over_shared1"]) >= TARGET_LAUNCH
        )
    report["targets_met"] = targets
    args.out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.out / "concurrency.json", json.dumps(report, indent=2) + "\n")
    text = table(report)
    atomic_write_text(args.out / "concurrency.log", text + "\n")
    print(text)
    try:
        plot(report, args.out / "concurrency.png")
    except ImportError:
        print("matplotlib missing: re-draw with --plot-only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
