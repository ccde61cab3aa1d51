"""Choose CUDA-graph batch buckets from traffic: the least expected padded work under a graph and memory budget.

A request of ``n`` rows runs in the smallest bucket ``b >= n`` and pays for ``b`` rows. Over a histogram of batch
sizes, the expected padded work of a bucket set is ``sum(count[n] * bucket(n)) / sum(count)``. Some optimal set uses
only observed sizes as buckets, and the largest observed size is always one, so an exact dynamic programme over the
distinct sizes finds it (``O(graphs * sizes**2)``; 64 sizes and 16 graphs take a few milliseconds).

With ``max_batch`` given, it is always the largest bucket, so that sizes the traffic did not show still run in one
replay. Requests above it run in chunks of ``max_batch`` (`BucketedCUDAGraphs`'s ``overflow="chunks"``): each full
chunk counts as a request of ``max_batch`` rows and the remainder as a request of its own.

Pure Python, no torch: plans can be computed and tested anywhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .._errors import UsageError

MemoryModel = Callable[[Sequence[int]], float]


@dataclass(frozen=True)
class BucketPlan:
    """A bucket set with what it costs on the traffic it was planned for."""

    buckets: tuple[int, ...]
    requests: int
    rows: int  #: real rows in the traffic
    padded_rows: int  #: rows the graphs run, padding included
    memory_bytes: float | None = None  #: the memory model's estimate, when one was given

    @property
    def padding_overhead(self) -> float:
        """Extra work from padding: ``padded_rows / rows - 1`` (0.0 means no padding at all)."""
        return self.padded_rows / self.rows - 1.0 if self.rows else 0.0

    def __str__(self) -> str:
        memory = "" if self.memory_bytes is None else f", ~{self.memory_bytes / 2**20:.1f} MiB"
        return (
            f"buckets {self.buckets}: {self.requests} requests, {self.rows} rows, padded work "
            f"+{self.padding_overhead:.1%}{memory}"
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


def evaluate(
    traffic: Mapping[int, int] | Iterable[int], buckets: Sequence[int], memory_of: MemoryModel | None = None
) -> BucketPlan:
    """The `BucketPlan` of a given bucket set on ``traffic``."""
    counts = histogram(traffic)
    bs = tuple(sorted(set(buckets)))
    rows = sum(n * c for n, c in counts.items())
    memory = None if memory_of is None else float(memory_of(bs))
    return BucketPlan(bs, sum(counts.values()), rows, padded_rows(counts, bs), memory)


def _optimal(sizes: list[int], counts: list[int], k: int) -> list[int]:
    """Least padded rows with at most ``k`` buckets over ``sizes`` (ascending); the largest size is always one."""
    m = len(sizes)
    prefix = [0]
    for c in counts:
        prefix.append(prefix[-1] + c)
    # cost[l][j]: least padded rows covering sizes[0..j] with exactly l + 1 buckets, the last one sizes[j]
    cost = [[sizes[j] * prefix[j + 1] for j in range(m)]]
    parent = [[-1] * m]
    for level in range(1, min(k, m)):
        row, arg = [0] * m, [-1] * m
        for j in range(level, m):
            row[j], arg[j] = min(
                (cost[level - 1][i] + sizes[j] * (prefix[j + 1] - prefix[i + 1]), i) for i in range(level - 1, j)
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
) -> BucketPlan:
    """The bucket set of at most ``max_graphs`` graphs with the least expected padded work on ``traffic``.

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
    tried: list[BucketPlan] = []
    for k in range(min(max_graphs, len(sizes)), 0, -1):
        buckets = _optimal(sizes, weights, k)
        plan = evaluate(counts, buckets, memory_of)
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
