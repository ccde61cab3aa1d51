"""CUDA graphs for dynamic batch sizes: one graph per bucket, captured once, sharing one memory pool.

Re-capturing a graph whenever the input shape changes (what a single-graph runtime does) costs more than it saves
when every request has a different batch size. Here each call is padded up to the next bucket and replayed; outputs
are sliced back. Graphs are captured largest first into one pool, so the smaller ones reuse the largest one's
intermediate memory and the pool holds about what the largest bucket alone needs.

Assumes the rows of a batch are independent (true for inference with BatchNorm in eval mode): the padding rows hold
stale data and are dropped.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from .._errors import UsageError
from .bucket_planner import BucketPlan, histogram, measured_cost, plan_buckets, powers_of_two

DEFAULT_BUCKETS: tuple[int, ...] = (1, 2, 4, 8, 16, 32)


def normalise_buckets(buckets: Sequence[int]) -> tuple[int, ...]:
    """Sorted, de-duplicated positive bucket sizes; raises `UsageError` otherwise."""
    if not buckets or any(not isinstance(b, int) or isinstance(b, bool) or b < 1 for b in buckets):
        raise UsageError(
            f"Buckets must be positive integers, got {tuple(buckets)!r}.", "pass e.g. buckets=(1, 2, 4, 8)"
        )
    return tuple(sorted(set(buckets)))


def bucket_for(batch: int, buckets: Sequence[int]) -> int | None:
    """The smallest bucket that holds ``batch`` rows, or None when ``batch`` exceeds the largest."""
    if batch < 1:
        raise UsageError(f"Batch size {batch} is empty.", "pass at least one row")
    return next((b for b in sorted(buckets) if b >= batch), None)


def plan_chunks(batch: int, buckets: Sequence[int]) -> list[tuple[int, int, int]]:
    """Split ``batch`` rows into ``(start, stop, bucket)`` pieces: full largest buckets, then the rest padded."""
    largest = max(buckets)
    plan = []
    for start in range(0, batch, largest):
        stop = min(start + largest, batch)
        plan.append((start, stop, bucket_for(stop - start, buckets)))
    return plan  # type: ignore[return-value]


def _tensors(args: Sequence[Any]) -> list[Any]:
    import torch

    bad = [type(a).__name__ for a in args if not isinstance(a, torch.Tensor)]
    if bad:
        raise UsageError(
            f"BucketedCUDAGraphs takes tensors with a batch dimension only; got {', '.join(bad)}.",
            "bind other arguments with functools.partial or a small wrapper module",
        )
    return list(args)


class _Entry:
    """Everything one batch size needs at call time, computed once at capture: no pytree walk, no view per call."""

    __slots__ = ("graph", "static_in", "shapes", "outs", "rebuild", "batch")

    def __init__(self, graph: Any, static_in: list[Any], shapes: list[Any], outs: list[Any], rebuild: Any, batch: int):
        self.graph, self.static_in, self.shapes, self.outs, self.rebuild, self.batch = (
            graph,
            static_in,
            shapes,
            outs,
            rebuild,
            batch,
        )


def _output_plan(out: Any) -> tuple[list[Any], Any]:
    """The tensor leaves of a module's output and a function that builds the same structure from new leaves."""
    import torch

    if isinstance(out, torch.Tensor):
        return [out], _first
    if isinstance(out, tuple) and type(out) is tuple and all(isinstance(t, torch.Tensor) for t in out):
        return list(out), tuple
    leaves, spec = torch.utils._pytree.tree_flatten(out)
    slots = [i for i, leaf in enumerate(leaves) if isinstance(leaf, torch.Tensor)]
    if len(slots) == len(leaves):
        return leaves, functools.partial(_unflatten, spec)
    constants = list(leaves)

    def rebuild(tensors: list[Any]) -> Any:
        full = list(constants)
        for i, t in zip(slots, tensors, strict=True):
            full[i] = t
        return torch.utils._pytree.tree_unflatten(full, spec)

    return [leaves[i] for i in slots], rebuild


def _first(tensors: list[Any]) -> Any:
    return tensors[0]


def _unflatten(spec: Any, tensors: list[Any]) -> Any:
    import torch

    return torch.utils._pytree.tree_unflatten(tensors, spec)


class BucketedCUDAGraphs:
    """Replay one captured CUDA graph per batch-size bucket; see the module docstring.

    ``buckets`` is a sequence of sizes, or ``"auto"``: at most ``max_graphs`` sizes chosen (`bucket_planner`) from
    ``traffic=`` (batch sizes, or ``{size: count}``) to minimise the expected padded work, within ``memory_budget``
    bytes of estimated graph memory. With ``cost="measured"`` it minimises the expected time per request instead:
    planning first times a graph replay at a few batch sizes (powers of two up to the largest bucket), since a
    launch-bound model costs the same at batch 1 and 8 and padding there is free. Without traffic, ``"auto"``
    starts from powers of two up to ``max_batch`` and records every call's batch size; `replan` re-plans from what
    it saw. Buckets change only in `replan`.

    ``overflow`` says what to do above the largest bucket: ``"chunks"`` (default) replays it in pieces of the largest
    bucket, ``"eager"`` calls the module directly. Set ``share_pool=False`` only to measure what sharing saves.

    ``copy_outputs=True`` (default) returns copies the caller owns. ``copy_outputs=False`` saves that copy and
    returns views of the graphs' static output buffers instead: they stay valid only until the next call of this
    object (from any thread), `replan` or `reset`, since every graph writes into one shared pool. Read or copy them
    before the next call. Batches above the largest bucket are always returned as new tensors.

    Thread-safe: copy-in, replay and copy-out run under one lock; callers on different streams are ordered with an
    event. Usable as a context manager: leaving the block releases the graphs and their memory (`reset`).
    """

    def __init__(
        self,
        module: Any,
        buckets: Sequence[int] | Literal["auto"] = DEFAULT_BUCKETS,
        batch_dim: int = 0,
        *,
        overflow: Literal["chunks", "eager"] = "chunks",
        warmup_iters: int = 3,
        share_pool: bool = True,
        copy_outputs: bool = True,
        max_graphs: int | None = None,
        max_batch: int | None = None,
        memory_budget: int | None = None,
        traffic: Mapping[int, int] | Iterable[int] | None = None,
        cost: Literal["rows", "measured"] = "rows",
    ) -> None:
        if overflow not in ("chunks", "eager"):
            raise UsageError(f"overflow={overflow!r} is not known.", "pass overflow='chunks' or overflow='eager'")
        if cost not in ("rows", "measured"):
            raise UsageError(f"cost={cost!r} is not known.", "pass cost='rows' or cost='measured'")
        self.cost = cost
        self.cost_samples: dict[int, float] | None = None
        self.module = module
        self.batch_dim = batch_dim
        self.overflow = overflow
        self.warmup_iters = warmup_iters
        self.share_pool = share_pool
        self.copy_outputs = copy_outputs
        self.auto = isinstance(buckets, str)
        self.plan: BucketPlan | None = None  #: with buckets="auto": the plan in use and what it costs on its traffic
        if self.auto:
            if buckets != "auto":
                raise UsageError(f"buckets={buckets!r} is not known.", "pass buckets='auto' or a sequence of sizes")
            self.max_graphs: int = 8 if max_graphs is None else max_graphs
            if isinstance(self.max_graphs, bool) or not isinstance(self.max_graphs, int) or self.max_graphs < 1:
                raise UsageError(f"max_graphs={max_graphs!r} is not a positive integer.", "pass e.g. max_graphs=8")
            self.max_batch = max_batch
            self.memory_budget = memory_budget
            self._traffic = None if traffic is None else histogram(traffic)
            self.buckets = powers_of_two(max_batch or DEFAULT_BUCKETS[-1], self.max_graphs)
            if self._traffic and memory_budget is None and cost == "rows":  # models need the inputs: plan at capture
                self.plan = plan_buckets(self._traffic, self.max_graphs, max_batch=max_batch)
                self.buckets = self.plan.buckets
        else:
            if max_graphs is not None or memory_budget is not None or traffic is not None or cost != "rows":
                raise UsageError(
                    "max_graphs, memory_budget, traffic and cost choose buckets automatically.",
                    "pass buckets='auto' with them, or leave them out",
                )
            self.buckets = normalise_buckets(buckets)  # type: ignore[arg-type]  # a sequence: "auto" is handled above
            self.max_graphs, self.max_batch, self.memory_budget, self._traffic = 0, max_batch, None, None
        self.capture_count = 0  #: graphs captured over this object's life; changes only in warm-up, reset, replan
        self._observed: dict[int, int] = {}
        self._lock = threading.Lock()
        self._graphs: dict[int, Any] = {}
        self._entries: dict[int, _Entry] = {}  # batch size (1..largest bucket) -> what a call needs
        self._signature: tuple[Any, ...] | None = None
        self._dtypes: list[Any] = []
        self._device_index = -1
        self._done: Any = None  # orders graph work across callers' streams
        self._last_stream: Any = None
        self._last_raw = 0
        self._raw_stream: Any = None
        self._copy_many: Any = None

    @property
    def captured(self) -> bool:
        return bool(self._graphs)

    @property
    def observed(self) -> dict[int, int]:
        """``{batch size: calls}`` seen since construction (every call counts, overflow too)."""
        with self._lock:
            return dict(sorted(self._observed.items()))

    def _signature_of(self, args: Sequence[Any]) -> tuple[Any, ...]:
        shapes = []
        for t in args:
            if t.dim() <= self.batch_dim:
                raise UsageError(
                    f"Input of shape {tuple(t.shape)} has no batch dimension {self.batch_dim}.",
                    "pass batch_dim= matching your inputs",
                )
            shape = list(t.shape)
            del shape[self.batch_dim]
            shapes.append((tuple(shape), t.dtype, t.device))
        return tuple(shapes)

    def warmup(self, *example: Any) -> None:
        """Capture every bucket now, from example inputs (any batch size); the first call does it otherwise."""
        args = _tensors(example)
        if len({t.shape[self.batch_dim] if t.dim() > self.batch_dim else -1 for t in args}) != 1:
            raise UsageError("Inputs have different batch sizes.", "pass inputs with equal sizes in batch_dim")
        with self._lock:
            if self._graphs:
                return
            device = args[0].device
            if device.type != "cuda":
                raise UsageError(f"CUDA graphs need CUDA inputs, got {device}.", "move the inputs with .cuda()")
            self._capture(self._signature_of(args))

    def _blank(self, signature: tuple[Any, ...], rows: int) -> list[Any]:
        import torch

        out = []
        for rest, dtype, device in signature:
            shape = list(rest)
            shape.insert(self.batch_dim, rows)
            out.append(torch.zeros(shape, dtype=dtype, device=device))
        return out

    def _capture(self, signature: tuple[Any, ...]) -> None:
        """Capture every bucket for inputs of ``signature`` (called with the lock held)."""
        import torch

        device = signature[0][2]
        self._signature = signature
        self._dtypes = [dtype for _rest, dtype, _device in signature]
        if self.auto and (self.memory_budget is not None or self.cost == "measured") and self.plan is None:
            if self._traffic:
                self._plan_now(self._traffic, signature)
        largest = self.buckets[-1]
        # One buffer per input at the largest bucket; smaller buckets capture views of it.
        big = self._blank(signature, largest)
        shared = torch.cuda.graph_pool_handle() if self.share_pool else None
        statics: dict[int, tuple[list[Any], Any]] = {}
        with torch.cuda.device(device), torch.no_grad():
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                for _ in range(self.warmup_iters):
                    for b in self.buckets:
                        self.module(*[t.narrow(self.batch_dim, 0, b) for t in big])
            torch.cuda.current_stream().wait_stream(side)
            for b in reversed(self.buckets):  # largest first: the smaller graphs reuse its blocks
                static_in = [t.narrow(self.batch_dim, 0, b) for t in big]
                graph = torch.cuda.CUDAGraph()
                pool = shared if shared is not None else torch.cuda.graph_pool_handle()
                with torch.cuda.graph(graph, pool=pool):
                    static_out = self.module(*static_in)
                self.capture_count += 1
                self._graphs[b] = graph
                statics[b] = (static_in, static_out)
            self._done = torch.cuda.Event()
            self._last_stream = torch.cuda.current_stream()
        self._device_index = device.index if device.index is not None else torch.cuda.current_device()
        self._raw_stream = torch._C._cuda_getCurrentRawStream
        self._last_raw = self._raw_stream(self._device_index)
        self._copy_many = torch._foreach_copy_
        self._entries = {}
        bucket = 0
        for n in range(1, largest + 1):
            bucket = next(b for b in self.buckets if b >= n)
            static_in, static_out = statics[bucket]
            outs, rebuild = _output_plan(static_out)
            self._entries[n] = _Entry(
                self._graphs[bucket],
                [t.narrow(self.batch_dim, 0, n) for t in static_in],
                [t.narrow(self.batch_dim, 0, n).shape for t in static_in],
                [t.narrow(self.batch_dim, 0, n) for t in outs],
                rebuild,
                n,
            )

    def __call__(self, *inputs: Any) -> Any:
        try:
            entry = self._entries[inputs[0].shape[self.batch_dim]]
        except (KeyError, IndexError, AttributeError, TypeError):
            return self._call_slow(inputs)
        if len(inputs) != len(entry.shapes):
            self._mismatch(inputs)
        for t, shape, dtype in zip(inputs, entry.shapes, self._dtypes, strict=True):
            if t.shape != shape or t.dtype is not dtype or t.get_device() != self._device_index:
                self._mismatch(inputs)
        return self._replay(entry, inputs, self.copy_outputs, True)

    def _replay(self, entry: _Entry, inputs: Sequence[Any], copy: bool, record: bool) -> Any:
        with self._lock:
            if record:
                observed = self._observed
                observed[entry.batch] = observed.get(entry.batch, 0) + 1
            raw = self._raw_stream(self._device_index)
            if raw != self._last_raw:
                self._switch_stream(raw)
            if len(inputs) == 1:
                entry.static_in[0].copy_(inputs[0])
            else:
                self._copy_many(entry.static_in, inputs)
            entry.graph.replay()
            if not copy:
                return entry.rebuild(entry.outs)
            if len(entry.outs) == 1:
                return entry.rebuild([entry.outs[0].clone()])
            outs = [t.clone() for t in entry.outs]
        return entry.rebuild(outs)

    def _switch_stream(self, raw: int) -> None:
        """Order this caller's stream after the previous caller's copy-out on its stream (lock held)."""
        import torch

        stream = torch.cuda.current_stream(self._device_index)
        self._done.record(self._last_stream)
        stream.wait_event(self._done)
        self._last_stream, self._last_raw = stream, raw

    def _call_slow(self, inputs: Sequence[Any]) -> Any:
        import torch

        if not self._graphs:
            self.warmup(*inputs)
            return self(*inputs)
        batch = self._batch_of(inputs)
        if batch <= self.buckets[-1]:  # reset or replanned between the lookup and here
            return self(*inputs)
        with self._lock:
            self._observed[batch] = self._observed.get(batch, 0) + 1
        if self.overflow == "eager":
            with torch.no_grad():
                return self.module(*inputs)
        parts = []
        for s, e, _ in plan_chunks(batch, self.buckets):
            entry = self._entries[e - s]
            parts.append(self._replay(entry, [t.narrow(self.batch_dim, s, e - s) for t in inputs], True, False))
        return torch.utils._pytree.tree_map(lambda *ts: torch.cat(ts, dim=self.batch_dim), *parts)

    def _mismatch(self, inputs: Sequence[Any]) -> None:
        self._batch_of(inputs)
        raise UsageError(  # pragma: no cover - _batch_of raises first
            f"Inputs do not match the captured ones (captured {self._signature}).",
            "use one BucketedCUDAGraphs per input shape, or call reset() to capture again",
        )

    def _batch_of(self, inputs: Sequence[Any]) -> int:
        """The common batch size; raises unless the inputs match the captured ones in everything else."""
        try:
            batch = inputs[0].shape[self.batch_dim]
            same = len(inputs) == len(self._signature or ()) and all(
                t.shape[self.batch_dim] == batch
                and t.dtype == dtype
                and t.device == device
                and t.shape[: self.batch_dim] + t.shape[self.batch_dim + 1 :] == rest
                for t, (rest, dtype, device) in zip(inputs, self._signature or (), strict=False)
            )
        except (AttributeError, IndexError):
            same = False
        if not same or batch < 1:
            got = self._signature_of(_tensors(inputs))
            raise UsageError(
                "Inputs differ from the captured ones in more than the batch size, or their batch sizes differ "
                f"(captured {self._signature}, got {got}); graphs are never re-captured.",
                "use one BucketedCUDAGraphs per input shape, or call reset() to capture again",
            )
        return int(batch)

    def _memory_model(self, signature: tuple[Any, ...], probe_rows: int) -> Any:
        """``buckets -> bytes`` from one eager run at ``probe_rows``: input, intermediate and output bytes per row."""
        import torch

        inputs = self._blank(signature, probe_rows)
        in_row = sum(t.numel() * t.element_size() for t in inputs) / probe_rows
        device = signature[0][2]
        with torch.cuda.device(device), torch.no_grad():
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
            before = torch.cuda.memory_allocated()
            out = self.module(*inputs)
            torch.cuda.synchronize()
            peak = torch.cuda.max_memory_allocated() - before
        leaves, _ = _output_plan(out)
        out_row = sum(t.numel() * t.element_size() for t in leaves) / probe_rows
        work_row = max(peak / probe_rows - out_row, 0.0)
        del out, inputs

        def memory_of(buckets: Sequence[int]) -> float:
            return (in_row + work_row) * max(buckets) + out_row * sum(buckets)

        return memory_of

    def _cost_model(self, signature: tuple[Any, ...], cap: int, repeats: int = 30) -> Any:
        """``rows -> seconds`` from timed replays of a probe graph at powers of two up to ``cap`` (and ``cap``)."""
        import torch

        device = signature[0][2]
        samples: dict[int, float] = {}
        with torch.cuda.device(device), torch.no_grad():
            for rows in powers_of_two(cap):
                static_in = self._blank(signature, rows)
                side = torch.cuda.Stream()
                side.wait_stream(torch.cuda.current_stream())
                with torch.cuda.stream(side):
                    for _ in range(self.warmup_iters):
                        self.module(*static_in)
                torch.cuda.current_stream().wait_stream(side)
                graph = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graph):
                    self.module(*static_in)
                graph.replay()
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                start.record()
                for _ in range(repeats):
                    graph.replay()
                end.record()
                end.synchronize()
                samples[rows] = start.elapsed_time(end) / 1e3 / repeats
                del graph, static_in
        self.cost_samples = samples  #: with cost="measured": the timed ``{rows: seconds}`` replays the plan used
        return measured_cost(samples)

    def _plan_now(self, traffic: Mapping[int, int] | None, signature: tuple[Any, ...] | None) -> BucketPlan:
        if not traffic:
            raise UsageError(
                "No traffic to plan buckets from.", "call the model on representative requests first, or pass traffic="
            )
        memory_of = cost_of = None
        cap = self.max_batch or max(traffic)
        if self.memory_budget is not None or self.cost == "measured":
            if signature is None:
                raise UsageError(
                    "memory_budget and cost='measured' need the input shapes before planning.",
                    "call the model (or warmup()) once first",
                )
        if self.memory_budget is not None:
            memory_of = self._memory_model(signature, min(cap, max(traffic)))  # type: ignore[arg-type]
        if self.cost == "measured":
            cost_of = self._cost_model(signature, cap)  # type: ignore[arg-type]
        budget, graphs = self.memory_budget, self.max_graphs or 1
        plan = plan_buckets(
            traffic, graphs, max_batch=self.max_batch, memory_budget=budget, memory_of=memory_of, cost_of=cost_of
        )
        self.plan, self.buckets = plan, plan.buckets
        return plan

    def replan(self, traffic: Mapping[int, int] | Iterable[int] | None = None) -> BucketPlan:
        """Choose buckets again from ``traffic`` or from the batch sizes observed so far; capture them now.

        The only way buckets change after construction. Returns the new plan (``.buckets``, padded work, memory).
        """
        if not self.auto:
            raise UsageError("These buckets were given explicitly.", "construct with buckets='auto' to plan them")
        counts = histogram(traffic) if traffic is not None else self.observed or self._traffic
        with self._lock:
            old = self.buckets
            plan = self._plan_now(counts, self._signature)
            if plan.buckets != old and self._graphs:
                signature = self._signature
                self._release()
                self._capture(signature)  # type: ignore[arg-type]
        return plan

    def _release(self) -> None:
        self._graphs.clear()
        self._entries = {}
        self._signature = None
        self._done = self._last_stream = None
        self._last_raw = 0

    def reset(self) -> None:
        """Release the graphs, their pool and static buffers; the next call captures again."""
        with self._lock:
            self._release()

    def __enter__(self) -> BucketedCUDAGraphs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.reset()

    def __repr__(self) -> str:
        auto = f", auto (max_graphs={self.max_graphs})" if self.auto else ""
        return (
            f"BucketedCUDAGraphs(buckets={self.buckets}{auto}, captured={self.captured}, "
            f"capture_count={self.capture_count})"
        )
