"""One graph instance: a full set of bucket graphs with its own memory pool, static inputs and lend buffers, used by
one call at a time; how it is captured, and what a call needs from it.

Graphs are captured largest bucket first into one pool, so the smaller ones reuse the largest one's intermediate
memory and the pool holds about what the largest bucket alone needs. With lending, each bucket also gets its lend
graph (`lending.py`), captured right after it into the same pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .buckets import Signature
from .launch import DriverLaunch, draws_random_numbers, graph_exec
from .lending import Lender, Lending, output_plan
from .planner import blank_inputs, capture_graph, capture_session


class Entry:
    """Everything one batch size needs at call time, computed once at capture: no pytree walk, no view per call.

    ``lend_graph`` is the bucket's graph followed by a copy of its outputs into the instance's lend buffers, and
    ``lend`` this batch size's views of those buffers (None without lending). ``copies`` is ``[(static input
    address, bytes)]`` for a driver copy-in and ``execs`` the two graphs' driver handles (None where the driver path
    does not apply)."""

    __slots__ = ("graph", "static_in", "outs", "rebuild", "fused", "lend_graph", "lend", "copies", "execs")

    def __init__(
        self,
        graph: Any,
        static_in: list[Any],
        outs: list[Any],
        rebuild: Any,
        lend_graph: Any = None,
        lend: list[Any] | None = None,
    ) -> None:
        self.graph, self.static_in, self.outs, self.rebuild = graph, static_in, outs, rebuild
        self.lend_graph, self.lend = lend_graph, lend
        # several floating outputs: one fused multi-tensor op makes the copies (x * 1 is exact, -0 and NaN included)
        self.fused = len(outs) > 1 and all(t.dtype.is_floating_point for t in outs)
        self.copies: list[tuple[int, int]] | None = None
        self.execs: tuple[int, int | None] | None = None


class Instance:
    """One full set of bucket graphs; one call uses it at a time. ``last_stream``/``last_raw`` is the stream of its
    last user (the next user on another stream waits for it), ``lender`` its lend buffers (None without lending)."""

    __slots__ = ("entries", "last_raw", "last_stream", "done", "nbytes", "lender")

    def __init__(self, entries: dict[int, Entry], nbytes: int, stream: Any, raw: int) -> None:
        import torch

        self.entries, self.nbytes = entries, nbytes
        self.last_stream, self.last_raw, self.done = stream, raw, torch.cuda.Event()
        self.lender: Lender | None = None

    def follow(self, stream: Any, raw: int) -> None:
        """Order ``stream`` (raw handle ``raw``) after the previous user's work on its stream; it is the user now."""
        self.done.record(self.last_stream)
        stream.wait_event(self.done)
        self.last_stream, self.last_raw = stream, raw

    @property
    def lends(self) -> int:
        return self.lender.lends if self.lender else 0

    def replay_group(
        self, sizes: list[int], groups: list[Sequence[Any]], batch_dim: int, copy: bool
    ) -> tuple[list[Any], list[Any]]:
        """Several callers' rows in one replay: their inputs concatenated in order into the bucket of ``sum(sizes)``
        (one ``torch.cat`` per input), the plain graph replayed. Returns each caller's rows of the outputs, in order,
        and the whole outputs they are views of (copies, or the static outputs)."""
        import torch

        entry = self.entries[sum(sizes)]
        for i, static in enumerate(entry.static_in):
            torch.cat([xs[i] for xs in groups], dim=batch_dim, out=static)
        entry.graph.replay()
        outs = copies(entry.outs, entry.fused) if copy else entry.outs
        pieces = [torch.split(t, sizes, batch_dim) for t in outs]
        return [entry.rebuild([p[j] for p in pieces]) for j in range(len(sizes))], outs


def copies(outs: list[Any], fused: bool) -> list[Any]:
    """Copies of static outputs the caller owns: one fused multi-tensor op for several floating ones."""
    import torch

    if len(outs) == 1:
        return [outs[0].clone()]
    return list(torch._foreach_mul(outs, 1)) if fused else [t.clone() for t in outs]


def capture_instance(
    module: Any,
    signature: Signature,
    buckets: tuple[int, ...],
    batch_dim: int,
    *,
    warmup_iters: int,
    share_pool: bool,
    lending: bool,
    driver: DriverLaunch | None,
) -> Instance:
    """Capture one full set of bucket graphs for inputs of ``signature`` (inside a `capture_session`, on the
    calling thread's current stream), measure what it holds, and prepare the driver path where it applies."""
    import torch

    lend: list[Any] = []
    with torch.cuda.device(signature[0][2]), capture_session():
        device = torch.cuda.current_device()
        torch.cuda.synchronize()
        torch.cuda.empty_cache()  # the capture empties the cache too: measure from an empty one
        before = torch.cuda.memory_reserved()
        big = blank_inputs(signature, buckets[-1], batch_dim)  # smaller buckets capture views of it
        pools = [torch.cuda.graph_pool_handle()] if share_pool else []
        statics: dict[int, tuple[Any, list[Any], Any, Any]] = {}
        for b in reversed(buckets):  # largest first: the smaller graphs reuse its blocks
            static_in = [t.narrow(batch_dim, 0, b) for t in big]
            if not share_pool:
                pools.append(torch.cuda.graph_pool_handle())
            graph, static_out = capture_graph(module, static_in, pools[-1], warmup_iters)
            lend_graph = None
            if lending:
                if not lend:  # outside the pool: no graph's intermediates ever land there
                    lend = [torch.empty_like(t) for t in output_plan(static_out)[0]]
                lend_graph = capture_graph(Lending(module, lend, b, batch_dim), static_in, pools[-1])[0]
            statics[b] = (graph, static_in, static_out, lend_graph)
        if driver is not None and any(draws_random_numbers(g[0], device) for g in statics.values()):
            driver = None  # torch's replay advances the generator; the driver's would repeat the numbers
        torch.cuda.synchronize()
        torch.cuda.empty_cache()  # what the warm-up left cached is not the instance's
        nbytes = pool_bytes(pools, torch.cuda.memory_reserved() - before) + sum(t.nbytes for t in big + lend)
        stream = torch.cuda.current_stream()
        raw = stream.cuda_stream
    entries = {}
    for n in range(1, buckets[-1] + 1):
        graph, static_in, static_out, lend_graph = statics[next(b for b in buckets if b >= n)]
        outs, rebuild = output_plan(static_out)
        narrow = [t.narrow(batch_dim, 0, n) for t in static_in]
        lent = [t.narrow(batch_dim, 0, n) for t in lend] if lend else None
        outs = [t.narrow(batch_dim, 0, n) for t in outs]
        entry = entries[n] = Entry(graph, narrow, outs, rebuild, lend_graph, lent)
        if driver is not None and all(t.is_contiguous() for t in narrow):
            execs = graph_exec(graph), (graph_exec(lend_graph) if lend_graph is not None else None)
            if execs[0] is not None and (lend_graph is None or execs[1] is not None):
                entry.copies = [(t.data_ptr(), t.nbytes) for t in narrow]
                entry.execs = execs  # type: ignore[assignment]
    inst = Instance(entries, nbytes, stream, raw)
    if lend:
        inst.lender = Lender(lend, entries[1].lend or [])
    return inst


def pool_bytes(pools: list[Any], fallback: int) -> int:
    """Bytes of the allocator segments that belong to ``pools`` (graph memory pools); ``fallback`` when this torch
    does not say which pool a segment is in."""
    import torch

    ids = {tuple(p) for p in pools}
    segments = torch.cuda.memory_snapshot()
    if not segments or "segment_pool_id" not in segments[0]:
        return max(fallback, 0)
    return sum(s["total_size"] for s in segments if tuple(s["segment_pool_id"]) in ids)
