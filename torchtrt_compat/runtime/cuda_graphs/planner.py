"""Choose CUDA-graph batch buckets from traffic: the least expected padded work under a graph and memory budget.

A request of ``n`` rows runs in the smallest bucket ``b >= n`` and pays for ``b`` rows. Over a histogram of batch
sizes, the expected padded work of a bucket set is ``sum(count[n] * bucket(n)) / sum(count)``. Some optimal set uses
only observed sizes as buckets, and the largest observed size is always one, so an exact dynamic programme over the
distinct sizes finds it (``O(graphs * sizes**2)``; 64 sizes and 16 graphs take a few milliseconds).

Rows are the right price when time grows with rows. On a GPU it often does not: below some batch size a replay costs
the same whatever the rows (launch-bound), so padding there is free and graphs spent there are wasted. With a
``cost_of(rows) -> seconds`` model (`measured_cost` interpolates a few timed replays) the same programme minimises
the expected time per request instead; any non-decreasing cost keeps the observed-sizes argument exact.

With ``max_batch`` given, it is always the largest bucket, so that sizes the traffic did not show still run in one
replay. Requests above it run in chunks of ``max_batch`` (`BucketedCUDAGraphs`'s ``overflow="chunks"``): each full
chunk counts as a request of ``max_batch`` rows and the remainder as a request of its own.

The planning itself is pure Python: plans can be computed and tested anywhere. `AutoBuckets` is the policy
`BucketedCUDAGraphs` asks for its buckets (``buckets=AutoBuckets(...)``); `GraphProfiler` holds the two GPU probes it
plans with (a memory model from one eager run, a cost model from timed replays), and `capture_graph` is the one
warm-up-and-capture sequence the probes and the instances share, one capture at a time in the process
(`capture_session`). torch is imported only inside them.
"""

from __future__ import annotations

import gc
import threading
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from ..._errors import UsageError
from .buckets import Signature
from .launch import own_stream

AUTO_OPTIONS = ("max_graphs", "max_batch", "memory_budget", "traffic", "cost")  #: AutoBuckets' arguments
MemoryModel = Callable[[Sequence[int]], float]
CostModel = Callable[[int], float]


@dataclass(frozen=True)
class BucketPlan:
    """A bucket set with what it costs on the traffic it was planned for."""

    buckets: tuple[int, ...]
    requests: int
    rows: int  #: real rows in the traffic
    padded_rows: int  #: rows the graphs run, padding included
    memory_bytes: float | None = None  #: the memory model's estimate, when one was given
    expected_cost: float | None = None  #: mean cost per request under the cost model, when one was given

    @property
    def padding_overhead(self) -> float:
        """Extra work from padding: ``padded_rows / rows - 1`` (0.0 means no padding at all)."""
        return self.padded_rows / self.rows - 1.0 if self.rows else 0.0

    def __str__(self) -> str:
        memory = "" if self.memory_bytes is None else f", ~{self.memory_bytes / 2**20:.1f} MiB"
        cost = "" if self.expected_cost is None else f", ~{self.expected_cost * 1e3:.3f} ms per request"
        return (
            f"buckets {self.buckets}: {self.requests} requests, {self.rows} rows, padded work "
            f"+{self.padding_overhead:.1%}{memory}{cost}"
        )


def histogram(traffic: Mapping[int, int] | Iterable[int]) -> dict[int, int]:
    """``{batch size: count}`` from a mapping of counts or a sequence of batch sizes; rejects anything else."""
    counts: Mapping[int, int] = traffic if isinstance(traffic, Mapping) else Counter(traffic)
    for n, c in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 or isinstance(c, bool) or not isinstance(c, int):
            raise UsageError(
                f"Traffic must map positive batch sizes to counts, got {n!r}: {c!r}.",
                "pass traffic=[batch sizes seen] or traffic={batch size: count}",
            )
        if c < 0:
            raise UsageError(f"Traffic count {c} for batch {n} is negative.", "pass counts >= 0")
    return {n: c for n, c in sorted(counts.items()) if c > 0}


def _chunked(counts: Mapping[int, int], max_batch: int | None) -> dict[int, int]:
    if max_batch is None:
        return dict(counts)
    out: Counter[int] = Counter()
    for n, c in counts.items():
        full, rest = divmod(n, max_batch)
        if full:
            out[max_batch] += full * c
        if rest:
            out[rest] += c
    out.setdefault(max_batch, 0)  # always a bucket: sizes the traffic did not show still fit
    return dict(sorted(out.items()))


def padded_rows(traffic: Mapping[int, int] | Iterable[int], buckets: Sequence[int]) -> int:
    """Rows the graphs run for ``traffic`` with ``buckets`` (chunks of the largest bucket above it)."""
    bs = sorted(set(buckets))
    counts = _chunked(histogram(traffic), bs[-1])
    total, i = 0, 0
    for n, c in counts.items():  # sorted ascending
        while bs[i] < n:
            i += 1
        total += bs[i] * c
    return total


def expected_cost(traffic: Mapping[int, int] | Iterable[int], buckets: Sequence[int], cost_of: CostModel) -> float:
    """Mean ``cost_of(bucket)`` per request of ``traffic`` (chunks above the largest bucket each pay one replay)."""
    bs = sorted(set(buckets))
    hist = histogram(traffic)
    counts = _chunked(hist, bs[-1])
    total, i = 0.0, 0
    for n, c in counts.items():
        while bs[i] < n:
            i += 1
        total += cost_of(bs[i]) * c
    requests = sum(hist.values())
    return total / requests if requests else 0.0


def measured_cost(samples: Mapping[int, float]) -> CostModel:
    """A non-decreasing ``rows -> seconds`` model through timed ``{rows: seconds}`` samples.

    Linear between samples, flat below the smallest, and growing at the last segment's slope above the largest.
    Noise that makes a larger batch look cheaper is flattened (a running maximum), so the model stays monotone.
    """
    points = sorted((int(n), float(t)) for n, t in samples.items())
    if not points or any(n < 1 or not t >= 0 for n, t in points):
        raise UsageError(f"Cost samples must map positive batch sizes to times >= 0, got {dict(samples)!r}.")
    xs, ys, top = [], [], 0.0
    for n, t in points:
        top = max(top, t)
        xs.append(n)
        ys.append(top)

    def cost_of(rows: int) -> float:
        if rows <= xs[0]:
            return ys[0]
        for k in range(1, len(xs)):
            if rows <= xs[k]:
                x0, x1, y0, y1 = xs[k - 1], xs[k], ys[k - 1], ys[k]
                return y0 + (y1 - y0) * (rows - x0) / (x1 - x0)
        if len(xs) == 1:
            return ys[0] * rows / xs[0]
        slope = (ys[-1] - ys[-2]) / (xs[-1] - xs[-2])
        return ys[-1] + slope * (rows - xs[-1])

    return cost_of


def evaluate(
    traffic: Mapping[int, int] | Iterable[int],
    buckets: Sequence[int],
    memory_of: MemoryModel | None = None,
    cost_of: CostModel | None = None,
) -> BucketPlan:
    """The `BucketPlan` of a given bucket set on ``traffic``."""
    counts = histogram(traffic)
    bs = tuple(sorted(set(buckets)))
    rows = sum(n * c for n, c in counts.items())
    memory = None if memory_of is None else float(memory_of(bs))
    cost = None if cost_of is None else expected_cost(counts, bs, cost_of)
    return BucketPlan(bs, sum(counts.values()), rows, padded_rows(counts, bs), memory, cost)


def _optimal(sizes: list[int], counts: list[int], k: int, price: Sequence[float] | None = None) -> list[int]:
    """Least total price with at most ``k`` buckets over ``sizes`` (ascending); the largest size is always one.

    ``price[j]`` is what one request pays in bucket ``sizes[j]`` (default: its rows); it must not decrease.
    """
    m = len(sizes)
    w: Sequence[float] = sizes if price is None else price
    prefix = [0]
    for c in counts:
        prefix.append(prefix[-1] + c)
    # cost[l][j]: least price covering sizes[0..j] with exactly l + 1 buckets, the last one sizes[j]
    cost: list[list[float]] = [[float(w[j] * prefix[j + 1]) for j in range(m)]]
    parent = [[-1] * m]
    for level in range(1, min(k, m)):
        row, arg = [0.0] * m, [-1] * m
        for j in range(level, m):
            row[j], arg[j] = min(
                (cost[level - 1][i] + w[j] * (prefix[j + 1] - prefix[i + 1]), i) for i in range(level - 1, j)
            )
        cost.append(row)
        parent.append(arg)
    level = min(range(len(cost)), key=lambda lv: (cost[lv][m - 1], lv))
    picked, j = [], m - 1
    while j >= 0:
        picked.append(sizes[j])
        j, level = parent[level][j], level - 1
    return sorted(picked)


def plan_buckets(
    traffic: Mapping[int, int] | Iterable[int],
    max_graphs: int,
    *,
    max_batch: int | None = None,
    memory_budget: float | None = None,
    memory_of: MemoryModel | None = None,
    cost_of: CostModel | None = None,
) -> BucketPlan:
    """The bucket set of at most ``max_graphs`` graphs with the least expected padded work on ``traffic``.

    With ``cost_of(rows) -> seconds`` (e.g. `measured_cost`), the least expected time per request instead.

    ``max_batch`` is the largest bucket (larger requests run in chunks; without it, the largest size seen). With
    ``memory_budget`` (bytes) and a ``memory_of(buckets) -> bytes`` estimate, the best plan whose estimate fits is
    chosen, trying every graph count from ``max_graphs`` down; `UsageError` when not even one graph fits.
    """
    if isinstance(max_graphs, bool) or not isinstance(max_graphs, int) or max_graphs < 1:
        raise UsageError(f"max_graphs={max_graphs!r} is not a positive integer.", "pass e.g. max_graphs=8")
    if max_batch is not None and (isinstance(max_batch, bool) or not isinstance(max_batch, int) or max_batch < 1):
        raise UsageError(f"max_batch={max_batch!r} is not a positive integer.", "pass e.g. max_batch=64")
    if memory_budget is not None and memory_of is None:
        raise UsageError("memory_budget needs a memory model.", "pass memory_of=lambda buckets: bytes")
    counts = _chunked(histogram(traffic), max_batch)
    if not counts:
        raise UsageError("No traffic to plan buckets from.", "pass traffic= with at least one batch size")
    sizes, weights = list(counts), list(counts.values())
    price = None
    if cost_of is not None:
        price, top = [], 0.0
        for n in sizes:
            top = max(top, float(cost_of(n)))
            price.append(top)
    tried: list[BucketPlan] = []
    for k in range(min(max_graphs, len(sizes)), 0, -1):
        buckets = _optimal(sizes, weights, k, price)
        plan = evaluate(counts, buckets, memory_of, cost_of)
        if memory_budget is None or (plan.memory_bytes is not None and plan.memory_bytes <= memory_budget):
            tried.append(plan)
            if memory_budget is None:
                break
    if not tried:
        smallest = evaluate(counts, [sizes[-1]], memory_of)
        raise UsageError(
            f"Not even one graph of {sizes[-1]} rows fits memory_budget={memory_budget:.0f} bytes "
            f"(estimate {smallest.memory_bytes:.0f}).",
            "raise memory_budget, or lower max_batch so that large requests run in chunks",
        )
    if cost_of is not None:
        return min(tried, key=lambda p: (p.expected_cost or 0.0, len(p.buckets)))
    return min(tried, key=lambda p: (p.padded_rows, len(p.buckets)))


def powers_of_two(max_batch: int, max_graphs: int | None = None) -> tuple[int, ...]:
    """1, 2, 4, ... up to ``max_batch`` (included even when it is no power of two), the top ``max_graphs`` kept."""
    out = []
    b = 1
    while b < max_batch:
        out.append(b)
        b *= 2
    out.append(max_batch)
    return tuple(out[-max_graphs:]) if max_graphs else tuple(out)


# ------------------------------------------------------------------------------------------------ GPU probes


def blank_inputs(signature: Signature, rows: int, batch_dim: int = 0) -> list[Any]:
    """Zero tensors of ``rows`` rows matching ``signature``."""
    import torch

    out = []
    for rest, dtype, device in signature:
        shape = list(rest)
        shape.insert(batch_dim, rows)
        out.append(torch.zeros(shape, dtype=dtype, device=device))
    return out


_CAPTURING = threading.RLock()
_CAPTURE_STREAMS: dict[int, Any] = {}


@contextmanager
def capture_session() -> Iterator[None]:
    """One capture session at a time in the whole process (every `BucketedCUDAGraphs`, its background growth and
    the probes), with Python's cyclic collector held off (`collector_held`). Re-entrant in one thread.

    CUDA allows one capture per stream; this keeps this package's captures (and the device-wide synchronisation
    ``torch.cuda.graph`` makes before each) from running into each other from different threads."""
    with _CAPTURING, collector_held():
        yield


def capture_stream() -> Any:
    """This package's capture stream on the current device (inside `capture_session`): a stream of its own
    (`launch.own_stream`), not one of torch's pool, which another thread may be handed while a capture runs on it,
    and not torch's class-wide default capture stream (from that pool too)."""
    import torch

    device = torch.cuda.current_device()
    stream = _CAPTURE_STREAMS.get(device)
    if stream is None:
        stream = _CAPTURE_STREAMS[device] = own_stream() or torch.cuda.Stream(device)
    return stream


def capture_graph(module: Any, inputs: Sequence[Any], pool: Any = None, warmup_iters: int = 0) -> tuple[Any, Any]:
    """``(graph, output)``: ``module(*inputs)`` warmed up ``warmup_iters`` times on a side stream, then captured
    into ``pool`` (a fresh private pool when None). The one capture sequence: instances and probes both use it.

    Captured in ``thread_local`` error mode on this package's own capture stream, inside `capture_session`, so that
    only this thread's calls are checked against the capture. Other threads may launch work on their own streams
    meanwhile, but a device-wide ``torch.cuda.synchronize()`` in any thread fails while a capture is under way
    (CUDA forbids synchronising a device that holds a capturing stream) and invalidates it. Python's cyclic
    collector runs before and is held off during the capture: collecting garbage that holds CUDA graphs destroys
    them, which is not permitted while a stream captures and invalidates the capture. torch stopped collecting
    before a capture by default (``torch.compiler.config.force_cudagraph_gc``)."""
    import torch

    with torch.no_grad(), capture_session():
        stream, current = capture_stream(), torch.cuda.current_stream()
        if warmup_iters:  # on the capture stream too: no pool stream a client may be using
            stream.wait_stream(current)
            with torch.cuda.stream(stream):
                for _ in range(warmup_iters):
                    module(*inputs)
            current.wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        pool = torch.cuda.graph_pool_handle() if pool is None else pool
        try:
            # torch.cuda.graph synchronises the device first: the inputs are written by then
            with torch.cuda.graph(graph, pool=pool, stream=stream, capture_error_mode="thread_local"):
                out = module(*inputs)
        except BaseException:
            recover_from_failed_capture(pool, current)
            raise
    return graph, out


def recover_from_failed_capture(pool: Any, stream: Any) -> None:
    """Undo what a failed capture leaves behind in torch (2.11), best effort: the allocator still routing the
    capture stream's allocations to the graph's pool, the thread's current stream still the capture stream, and the
    default CUDA generator still in capture mode, so that every random op after it raises "Offset increment outside
    graph capture encountered unexpectedly". The generator gets a fresh state with the same seed and offset."""
    import torch

    device = torch.cuda.current_device()
    for undo in (
        lambda: torch._C._cuda_endAllocateToPool(device, pool),
        lambda: torch.cuda.set_stream(stream),
    ):
        try:
            undo()
        except (AttributeError, RuntimeError):
            pass
    generator = torch.cuda.default_generators[device]
    try:
        offset = generator.get_offset()
        torch.empty(1, device=stream.device).uniform_()  # raises while the generator thinks it captures
        generator.set_offset(offset)
    except RuntimeError as exc:
        if "graph capture" in str(exc):
            generator.graphsafe_set_state(generator.clone_state())


@contextmanager
def collector_held() -> Iterator[None]:
    """Collect cyclic garbage now, then keep the collector off until the block ends; inside a block that holds it
    already (or with the collector off anyway), nothing to do: one collection per capture session."""
    if not gc.isenabled():
        yield
        return
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class GraphProfiler:
    """The GPU probes a plan can use: what a bucket set costs in memory, and what a replay costs in time."""

    def __init__(self, module: Any, batch_dim: int = 0, warmup_iters: int = 3) -> None:
        self.module, self.batch_dim, self.warmup_iters = module, batch_dim, warmup_iters

    def memory_model(self, signature: Signature, probe_rows: int) -> MemoryModel:
        """``buckets -> bytes`` from one eager run at ``probe_rows``: input, intermediate and output bytes per row."""
        import torch

        inputs = blank_inputs(signature, probe_rows, self.batch_dim)
        in_row = sum(t.numel() * t.element_size() for t in inputs) / probe_rows
        with torch.cuda.device(signature[0][2]), torch.no_grad():
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
            before = torch.cuda.memory_allocated()
            out = self.module(*inputs)
            torch.cuda.synchronize()
            peak = torch.cuda.max_memory_allocated() - before
        leaves = [t for t in torch.utils._pytree.tree_leaves(out) if isinstance(t, torch.Tensor)]
        out_row = sum(t.numel() * t.element_size() for t in leaves) / probe_rows
        work_row = max(peak / probe_rows - out_row, 0.0)
        del out, inputs

        def memory_of(buckets: Sequence[int]) -> float:
            return (in_row + work_row) * max(buckets) + out_row * sum(buckets)

        return memory_of

    def cost_samples(self, signature: Signature, cap: int, repeats: int = 30) -> dict[int, float]:
        """``{rows: seconds}`` of timed replays of a probe graph at powers of two up to ``cap`` (and ``cap``)."""
        import torch

        samples: dict[int, float] = {}
        with torch.cuda.device(signature[0][2]):
            for rows in powers_of_two(cap):
                graph, _ = capture_graph(self.module, blank_inputs(signature, rows, self.batch_dim), None, 3)
                graph.replay()
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                start.record()
                for _ in range(repeats):
                    graph.replay()
                end.record()
                end.synchronize()
                samples[rows] = start.elapsed_time(end) / 1e3 / repeats
                del graph
        return samples


# ------------------------------------------------------------------------------------------------ the policy


def _positive(name: str, value: Any, example: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise UsageError(f"{name}={value!r} is not a positive integer.", f"pass e.g. {name}={example}")


class AutoBuckets:
    """Buckets chosen from traffic: at most ``max_graphs`` sizes that minimise the expected padded work (or, with
    ``cost="measured"``, the expected time per request) within ``memory_budget`` bytes of estimated graph memory.

    Without ``traffic=`` it starts from powers of two up to ``max_batch`` and `observe` records every call's batch
    size; `replan` plans again from what it saw. Buckets change only in `plan` (before the first capture, when the
    plan needs the GPU probes) and `replan`. ``memory_budget`` also caps how many graph instances a
    ``BucketedCUDAGraphs(instances="auto")`` grows to.
    """

    def __init__(
        self,
        max_graphs: int = 8,
        max_batch: int | None = None,
        memory_budget: float | None = None,
        traffic: Mapping[int, int] | Iterable[int] | None = None,
        cost: Literal["rows", "measured"] = "rows",
    ) -> None:
        _positive("max_graphs", max_graphs, "8")
        _positive("max_batch", max_batch, "64")
        if cost not in ("rows", "measured"):
            raise UsageError(f"cost={cost!r} is not known.", "pass cost='rows' or cost='measured'")
        if memory_budget is not None and (isinstance(memory_budget, bool) or not memory_budget > 0):
            raise UsageError(f"memory_budget={memory_budget!r} is not a positive byte count.", "pass e.g. 2**30")
        self.max_graphs, self.max_batch, self.memory_budget, self.cost = max_graphs, max_batch, memory_budget, cost
        self.traffic = None if traffic is None else histogram(traffic)
        self.chosen: BucketPlan | None = None  #: the plan in use and what it costs on its traffic
        self.cost_samples: dict[int, float] | None = None  #: with cost="measured": the timed replays planned from
        self.buckets = powers_of_two(max_batch or 32, max_graphs)
        self._observed: dict[int, int] = {}
        if self.traffic and not self.needs_probe:  # no GPU needed: plan now
            self._choose(self.traffic, None, None)

    @property
    def needs_probe(self) -> bool:
        """Whether planning measures the model on the GPU (memory budget or measured cost)."""
        return self.memory_budget is not None or self.cost == "measured"

    def observe(self, batch: int) -> None:
        """Count one call of ``batch`` rows (lock-free: concurrent callers may rarely lose a count)."""
        self._observed[batch] = self._observed.get(batch, 0) + 1

    @property
    def observed(self) -> dict[int, int]:
        """``{batch size: calls}`` seen by `observe`."""
        return dict(sorted(self._observed.copy().items()))

    def plan(self, signature: Signature, probe: GraphProfiler) -> tuple[int, ...]:
        """The buckets to capture for inputs of ``signature``; plans from ``traffic=`` now if that needs ``probe``."""
        if self.chosen is None and self.traffic and self.needs_probe:
            self._choose(self.traffic, signature, probe)
        return self.buckets

    def replan(
        self,
        traffic: Mapping[int, int] | Iterable[int] | None = None,
        signature: Signature | None = None,
        probe: GraphProfiler | None = None,
    ) -> BucketPlan:
        """Plan again from ``traffic``, else from the observed batch sizes, else from ``traffic=`` given at first."""
        counts = histogram(traffic) if traffic is not None else self.observed or self.traffic
        return self._choose(counts, signature, probe)

    def _choose(self, traffic: Mapping[int, int] | None, signature: Signature | None, probe: Any) -> BucketPlan:
        if not traffic:
            raise UsageError(
                "No traffic to plan buckets from.", "call the model on representative requests first, or pass traffic="
            )
        if self.needs_probe and (signature is None or probe is None):
            raise UsageError(
                "memory_budget and cost='measured' need the input shapes before planning.",
                "call the model (or warmup()) once first",
            )
        memory_of = cost_of = None
        cap = self.max_batch or max(traffic)
        if self.memory_budget is not None:
            memory_of = probe.memory_model(signature, min(cap, max(traffic)))
        if self.cost == "measured":
            self.cost_samples = probe.cost_samples(signature, cap)
            cost_of = measured_cost(self.cost_samples)
        plan = plan_buckets(
            traffic,
            self.max_graphs,
            max_batch=self.max_batch,
            memory_budget=self.memory_budget,
            memory_of=memory_of,
            cost_of=cost_of,
        )
        self.chosen, self.buckets = plan, plan.buckets
        return plan

    def __repr__(self) -> str:
        return (
            f"AutoBuckets(max_graphs={self.max_graphs}, max_batch={self.max_batch}, "
            f"memory_budget={self.memory_budget}, cost={self.cost!r}, buckets={self.buckets})"
        )


def policy_for(buckets: Any, options: dict[str, Any]) -> AutoBuckets | None:
    """The `AutoBuckets` for ``buckets`` ("auto" builds one, from the deprecated keyword arguments if given), or
    None when fixed."""
    unknown = sorted(set(options) - set(AUTO_OPTIONS))
    if unknown:
        raise UsageError(
            f"BucketedCUDAGraphs got unknown keyword argument(s) {', '.join(unknown)}.",
            "see help(BucketedCUDAGraphs) for its arguments",
        )
    if isinstance(buckets, AutoBuckets):
        if options:
            raise UsageError(
                f"{', '.join(sorted(options))} belong inside AutoBuckets(...).",
                "pass buckets=AutoBuckets(max_graphs=..., ...) alone",
            )
        return buckets
    if isinstance(buckets, str):
        if buckets != "auto":
            raise UsageError(f"buckets={buckets!r} is not known.", "pass buckets=AutoBuckets() or a sequence of sizes")
        if options:
            spelled = ", ".join(f"{k}=..." for k in options)
            warnings.warn(
                f'BucketedCUDAGraphs(module, "auto", {spelled}) is deprecated: pass '
                f"buckets=AutoBuckets({spelled}) (from torchtrt_compat.runtime import AutoBuckets).",
                DeprecationWarning,
                stacklevel=3,
            )
        return AutoBuckets(**{k: v for k, v in options.items() if v is not None})
    if any(options.get(k) is not None for k in AUTO_OPTIONS if k != "cost") or options.get("cost", "rows") != "rows":
        raise UsageError(
            "max_graphs, max_batch, memory_budget, traffic and cost choose buckets automatically.",
            "pass buckets=AutoBuckets(max_graphs=..., ...) with them, or leave them out",
        )
    return None
