"""Concurrent clients through one `BucketedCUDAGraphs`, used naively: requests per second at 1 and 8 client threads.

Each client thread has its own CUDA stream and runs a closed loop: a request of a random batch size 1..16, then
``stream.synchronize()`` (it waits for its answer), then the next. One *run* measures every model in turn, in one
process, in this order: the MLP first, resnet18@64, the MLP again (what ran before it is the difference), the
two-input model, the transformer encoder. ``--runs N`` starts N such runs, each in a fresh process, and reports every
figure as the list of its runs with the median and the spread: single runs decide nothing for the launch-bound case.

Configurations of one model in one run, all measured in that run:

- ``naive``: one object with the defaults, constructed and then called from the client threads, nothing else: no
  ``warmup()`` and no ``replan()``. The pool grows by itself; timing starts after ``--warm`` seconds of traffic at
  the real concurrency and ``settle()`` (the warm period is reported: how long the pool took to reach its size);
- ``driver-launch``: as many instances as ``naive`` grew to, captured up front, with ``driver_launch=True`` (copy-in
  and replay through the CUDA driver, the GIL held);
- ``per-thread``: one object per thread (``instances=1`` each): the upper bound, paying one memory pool per thread.

Slices of ``--seconds / 3`` take turns (order rotating), median of the three. While a slice runs, the time Python's
cyclic collector spends is recorded (``gc.callbacks``), with the number of objects it tracks: one candidate cause
of order effects. Memory is what the captured instances hold.

    PYTHONPATH=. python3 benchmarks/concurrency.py --runs 5 --out benchmarks/results     # on a GPU machine (~7 min)
    python3 benchmarks/concurrency.py --plot-only benchmarks/results/concurrency.json
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

THREADS = 8
BUCKETS = (1, 2, 4, 8, 16)
TARGET_COMPUTE = 0.9  # naive at 8 threads / per-thread at 8 threads, every model
TARGET_LAUNCH = 1.0  # MLP: naive at 8 threads / naive at 1 thread (median of the runs)
COMPUTE_BOUND, LAUNCH_BOUND = "resnet18@64", "mlp8x512"
ORDER = (LAUNCH_BOUND + " (first)", COMPUTE_BOUND, LAUNCH_BOUND, "two-in-tuple-out", "encoder2x256")


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


class _Collector:
    """Time spent in Python's cyclic collector while it is on (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.seconds, self.collections, self._t0 = 0.0, [0, 0, 0], 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._t0 = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._t0
            self.collections[info["generation"]] += 1


def closed_loop(fns: list[Callable[..., Any]], inputs: list[list[tuple[Any, ...]]], seconds: float) -> dict:
    """Requests per second of ``len(fns)`` client threads, thread ``i`` calling ``fns[i]`` on its own stream, and
    the collector's share of the time."""
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
    collector = _Collector()
    gc.callbacks.append(collector)
    try:
        barrier.wait()
        t0 = time.perf_counter()
        time.sleep(seconds)
        stop.set()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - t0
    finally:
        gc.callbacks.remove(collector)
    if errors:
        raise errors[0]
    return {"req_per_s": sum(counts) / elapsed, "gc_share": collector.seconds / elapsed, "gc": collector.collections}


def rotated(configs: dict[str, list[Callable[..., Any]]], inputs: list, seconds: float, rounds: int = 3) -> dict:
    """Each configuration: ``rounds`` slices of ``seconds / rounds`` taking turns (order rotating), so a slow spell of
    a shared host hits all alike; the median slice's rate, and the collector's share over all slices."""
    slices: dict[str, list[dict]] = {name: [] for name in configs}
    names = list(configs)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            slices[name].append(closed_loop(configs[name], inputs, seconds / rounds))
    return {
        name: {
            "req_per_s": statistics.median(s["req_per_s"] for s in v),
            "slices": [s["req_per_s"] for s in v],
            "gc_share": statistics.fmean(s["gc_share"] for s in v),
            "gc_collections": [sum(s["gc"][g] for s in v) for g in range(3)],
        }
        for name, v in slices.items()
    }


def client_inputs(make: Callable[[int], tuple[Any, ...]], threads: int, seed: int) -> list[list[tuple[Any, ...]]]:
    import torch

    rng = random.Random(seed)
    out = [[make(rng.randint(1, BUCKETS[-1])) for _ in range(64)] for _ in range(threads)]
    torch.cuda.synchronize()
    return out


def warm(graphs: Any, inputs: list[list[tuple[Any, ...]]], seconds: float) -> dict[str, Any]:
    """Naive use: traffic at the real concurrency for ``seconds`` (the pool grows meanwhile), then ``settle()``. The
    pool's size over time and how long it took to reach its final size."""
    history: list[tuple[float, int]] = []
    done = threading.Event()

    def watch() -> None:
        t0 = time.perf_counter()
        while not done.is_set():
            history.append((round(time.perf_counter() - t0, 3), graphs.instance_count))
            done.wait(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    t0 = time.perf_counter()
    closed_loop([graphs] * len(inputs), inputs, seconds)
    settled = graphs.settle(120)
    done.set()
    watcher.join()
    final = graphs.instance_count
    reached = next((t for t, n in history if n == final), time.perf_counter() - t0)
    return {
        "instances": final,
        "seconds_to_final_size": reached,
        "settled": settled,
        "history": history[:: max(1, len(history) // 40)],
        "growth_error": graphs.stats["growth_error"],
    }


def bench_model(model: Any, make: Callable[[int], Any], seconds: float, warm_s: float) -> dict[str, Any]:
    import torch

    from torchtrt_compat.runtime import BucketedCUDAGraphs

    res: dict[str, Any] = {}
    one = client_inputs(make, 1, seed=1)
    inputs = client_inputs(make, THREADS, seed=THREADS)
    naive = BucketedCUDAGraphs(model, BUCKETS)
    naive(*inputs[0][0])  # the first call captures one instance
    res["warm"] = {"naive": warm(naive, inputs, warm_s)}
    driver = BucketedCUDAGraphs(model, BUCKETS, instances=naive.instance_count, driver_launch=True)
    own: list[Any] = [BucketedCUDAGraphs(model, BUCKETS, instances=1) for _ in range(THREADS)]
    for g in (driver, *own):
        g(*inputs[0][0])
    res["one_thread"] = rotated({"naive": [naive]}, one, seconds)
    captures = (naive.capture_count, driver.capture_count)
    before = naive.stats
    res["eight_threads"] = rotated(
        {"naive": [naive] * THREADS, "driver-launch": [driver] * THREADS, "per-thread": own}, inputs, seconds
    )
    after = naive.stats
    calls = max(1, after["calls"] - before["calls"])
    res["naive_stats"] = after
    res["lent_share"] = (after["lent"] - before["lent"]) / calls
    res["captured_while_timed"] = (naive.capture_count, driver.capture_count) != captures
    res["memory_bytes"] = {
        "naive": naive.memory_bytes,
        "driver-launch": driver.memory_bytes,
        "per-thread": sum(g.memory_bytes for g in own),
    }
    res["profile"] = contention_profile(naive, inputs)
    res["gc_tracked_objects"] = len(gc.get_objects())
    eight, single = res["eight_threads"], res["one_thread"]
    res["ratios"] = {
        "naive8_over_perthread8": eight["naive"]["req_per_s"] / eight["per-thread"]["req_per_s"],
        "naive8_over_naive1": eight["naive"]["req_per_s"] / single["naive"]["req_per_s"],
        "driver8_over_torch8": eight["driver-launch"]["req_per_s"] / eight["naive"]["req_per_s"],
    }
    for g in (naive, driver, *own):
        g.reset()
    torch.cuda.empty_cache()
    return res


def contention_profile(graphs: Any, inputs: list[list[tuple[Any, ...]]], seconds: float = 0.5) -> dict[str, float]:
    """Where a call's host time goes at full concurrency: the whole call and getting an instance (waits included),
    through wrappers around the object's own methods."""
    take = graphs._pool.take
    took: list[float] = []

    def timed_take(raw: int, *ride: Any) -> Any:
        t0 = time.perf_counter()
        inst = take(raw, *ride)
        took.append(time.perf_counter() - t0)
        return inst

    graphs._pool.take = timed_take
    calls: list[float] = []

    def timed_call(*xs: Any) -> Any:
        t0 = time.perf_counter()
        out = graphs(*xs)
        calls.append(time.perf_counter() - t0)
        return out

    rate = closed_loop([timed_call] * len(inputs), inputs, seconds)["req_per_s"]
    del graphs._pool.take
    n = max(1, len(calls))
    return {
        "threads": len(inputs),
        "req_per_s_while_profiled": rate,
        "call_host_us": sum(calls) / n * 1e6,
        "take_instance_us": sum(took) / max(1, len(took)) * 1e6,
        "instances": graphs.instance_count,
    }


def one_run(seconds: float, warm_s: float, models: list[str] | None) -> dict[str, Any]:
    """Every model in `ORDER`, in this process."""
    import torch

    built = build_models()
    out: dict[str, Any] = {"device": torch.cuda.get_device_name(0), "order": [], "models": {}}
    for slot in ORDER:
        name = slot.split(" ")[0]
        if models and name not in models:
            continue
        model, make = built[name]
        t0 = time.perf_counter()
        out["models"][slot] = bench_model(model, make, seconds, warm_s)
        out["order"].append(slot)
        r = out["models"][slot]
        print(
            f"  {slot:<22} 1 thread {r['one_thread']['naive']['req_per_s']:8.0f}  8 threads: naive "
            f"{r['eight_threads']['naive']['req_per_s']:8.0f} ({r['warm']['naive']['instances']} inst. after "
            f"{r['warm']['naive']['seconds_to_final_size']:.2f} s), driver-launch "
            f"{r['eight_threads']['driver-launch']['req_per_s']:8.0f}, per-thread "
            f"{r['eight_threads']['per-thread']['req_per_s']:8.0f}  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return out


FIGURES = {  # figure -> (slot, ratio or rate)
    **{f"{s}: naive 8 threads / per-thread 8 threads": (s, "naive8_over_perthread8") for s in ORDER},
    **{f"{s}: naive 8 threads / naive 1 thread": (s, "naive8_over_naive1") for s in ORDER},
    **{f"{s}: driver launch / torch launch (naive), 8 threads": (s, "driver8_over_torch8") for s in ORDER},
}


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure as the list of its runs, their median and spread."""
    figures: dict[str, Any] = {}
    for figure, (slot, key) in FIGURES.items():
        values = [run["models"][slot]["ratios"][key] for run in runs if slot in run["models"]]
        if values:
            figures[figure] = {
                "runs": values,
                "median": statistics.median(values),
                "min": min(values),
                "max": max(values),
            }
    for slot in ORDER:
        for what, path in (
            ("naive 1 thread req/s", ("one_thread", "naive")),
            ("naive 8 threads req/s", ("eight_threads", "naive")),
            ("driver-launch 8 threads req/s", ("eight_threads", "driver-launch")),
            ("per-thread 8 threads req/s", ("eight_threads", "per-thread")),
        ):
            values = [run["models"][slot][path[0]][path[1]]["req_per_s"] for run in runs if slot in run["models"]]
            if values:
                figures[f"{slot}: {what}"] = {
                    "runs": values,
                    "median": statistics.median(values),
                    "min": min(values),
                    "max": max(values),
                }
        warmups = [run["models"][slot]["warm"]["naive"] for run in runs if slot in run["models"]]
        if warmups:
            secs = [w["seconds_to_final_size"] for w in warmups]
            figures[f"{slot}: seconds until the naive pool reached its size"] = {
                "runs": secs,
                "median": statistics.median(secs),
                "min": min(secs),
                "max": max(secs),
                "instances": [w["instances"] for w in warmups],
            }
    return figures


def targets(figures: dict[str, Any]) -> dict[str, bool]:
    out = {}
    for slot in ORDER:
        f = figures.get(f"{slot}: naive 8 threads / per-thread 8 threads")
        if f:
            out[f"{slot}: naive 8 threads >= {TARGET_COMPUTE}x per-thread (median)"] = f["median"] >= TARGET_COMPUTE
    for slot in (LAUNCH_BOUND + " (first)", LAUNCH_BOUND):
        f = figures.get(f"{slot}: naive 8 threads / naive 1 thread")
        if f:
            out[f"{slot}: naive 8 threads >= {TARGET_LAUNCH}x 1 thread (median)"] = f["median"] >= TARGET_LAUNCH
    return out


def table(report: dict[str, Any]) -> str:
    lines = [f"{report['device']}, {len(report['runs'])} runs, each a fresh process; median [min, max] (runs)"]
    for figure, f in report["figures"].items():
        rate = "req/s" in figure
        fmt = "{:.0f}" if rate else "{:.2f}"
        runs = ", ".join(fmt.format(v) for v in f["runs"])
        lines.append(
            f"  {figure:<72} {fmt.format(f['median']):>8} [{fmt.format(f['min'])}, {fmt.format(f['max'])}]  ({runs})"
        )
    lines.append("")
    for run_no, run in enumerate(report["runs"], 1):
        for slot, r in run["models"].items():
            p = r["profile"]
            gc8 = r["eight_threads"]["naive"]
            lines.append(
                f"run {run_no} {slot:<22} call {p['call_host_us']:.1f} us host at 8 threads (instance "
                f"{p['take_instance_us']:.1f} us); lent {r['lent_share']:.0%}; collector {gc8['gc_share']:.2%} of "
                f"the time ({gc8['gc_collections']} collections), {r['gc_tracked_objects']} objects tracked; memory "
                f"naive {r['memory_bytes']['naive'] / 2**20:.0f} MiB, per-thread "
                f"{r['memory_bytes']['per-thread'] / 2**20:.0f} MiB"
            )
    lines.append("")
    lines += [f"target {label}: {'MET' if ok else 'NOT MET'}" for label, ok in report["targets_met"].items()]
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    slots = [s for s in ORDER if f"{s}: naive 8 threads / per-thread 8 threads" in report["figures"]]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    for ax, (key, title, line) in zip(
        axes,
        (
            ("naive 8 threads / per-thread 8 threads", "naive 8 threads / one object per thread", TARGET_COMPUTE),
            ("naive 8 threads / naive 1 thread", "naive 8 threads / 1 thread", TARGET_LAUNCH),
        ),
        strict=True,
    ):
        for x, slot in enumerate(slots):
            f = report["figures"][f"{slot}: {key}"]
            ax.scatter([x] * len(f["runs"]), f["runs"], s=14, alpha=0.6)
            ax.plot([x - 0.25, x + 0.25], [f["median"]] * 2, "k-")
        ax.axhline(line, color="grey", ls="--", lw=1)
        ax.set_xticks(range(len(slots)), slots, rotation=20, fontsize=7)
        ax.set_title(f"{title} (dots: runs, line: median)", fontsize=9)
    fig.suptitle(f"batch 1..16, fp16, buckets {BUCKETS}, on {report['device']}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="timed seconds per configuration")
    parser.add_argument("--warm", type=float, default=2.0, help="seconds of naive traffic before timing")
    parser.add_argument("--runs", type=int, default=5, help="full runs, each in a fresh process")
    parser.add_argument("--models", nargs="*", help="only these models (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument("--one-run", type=Path, help=argparse.SUPPRESS)  # internal: one run into this JSON file
    parser.add_argument("--plot-only", type=Path, help="re-draw the PNG from an existing JSON and exit")
    args = parser.parse_args(argv)
    if args.plot_only:
        saved = json.loads(args.plot_only.read_text())
        print(table(saved))
        plot(saved, args.plot_only.with_suffix(".png"))
        return 0
    if args.one_run:
        args.one_run.write_text(json.dumps(one_run(args.seconds, args.warm, args.models)))
        return 0

    import torch

    from torchtrt_compat._atomic import atomic_write_text

    runs: list[dict[str, Any]] = []
    failed: list[dict[str, int]] = []
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.runs):
            print(f"run {k + 1} of {args.runs}", flush=True)
            path = Path(tmp) / f"run{k}.json"
            cmd = [sys.executable, __file__, "--one-run", str(path), "--seconds", str(args.seconds)]
            cmd += ["--warm", str(args.warm)] + (["--models", *args.models] if args.models else [])
            done = subprocess.run(cmd, check=False)
            if done.returncode:  # kept out of the figures, and said so
                failed.append({"run": k + 1, "returncode": done.returncode})
                continue
            runs.append(json.loads(path.read_text()))
            figures = summarise(runs)
            report: dict[str, Any] = {
                "device": runs[0]["device"],
                "versions": {"torch": torch.__version__, "python": platform.python_version()},
                "dtype": "float16",
                "buckets": list(BUCKETS),
                "batch": "uniform 1..16 per request",
                "seconds_per_configuration": args.seconds,
                "warm_seconds": args.warm,
                "load": "closed loop: each client thread on its own stream waits for its answer before the next one",
                "order": list(ORDER),
                "figures": figures,
                "targets_met": targets(figures),
                "failed_runs": failed,
                "runs": runs,
            }
            # written after every run: a run cut short leaves the ones before it
            atomic_write_text(args.out / "concurrency.json", json.dumps(report, indent=1) + "\n")
            atomic_write_text(args.out / "concurrency.log", table(report) + "\n")
    if not runs:
        print(f"every run failed: {failed}", file=sys.stderr)
        return 1
    print(table(report))
    try:
        plot(report, args.out / "concurrency.png")
    except ImportError:
        print("matplotlib missing: re-draw with --plot-only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
