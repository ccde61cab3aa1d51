"""CUDA graphs for dynamic batch sizes: one graph per bucket, captured once, sharing one memory pool.

Re-capturing a graph whenever the input shape changes (what a single-graph runtime does) costs more than it saves
when every request has a different batch size. Here each call is padded up to the next bucket and replayed; outputs
are sliced back. Graphs are captured largest first into one pool, so the smaller ones reuse the largest one's
intermediate memory and the pool holds about what the largest bucket alone needs.

Concurrent callers share a small pool of *instances*, each a full set of bucket graphs with its own pool and static
buffers. A call takes one instance for its duration (a short lock picks it; none is held around copies or replay),
so callers on different streams replay at the same time. Which buckets to capture is the planner's business
(`bucket_planner.AutoBuckets`).

With ``coalesce=True``, callers that queue for an instance are *coalesced*: the caller handed the instance takes the
queued requests whose rows fit beside its own in the largest bucket, copies them all into one padded bucket input
(one ``torch.cat``), replays once and hands each caller its rows of the outputs. A caller alone never waits for
others to arrive.

Assumes the rows of a batch are independent (true for inference with BatchNorm in eval mode): the padding rows hold
stale data and are dropped.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, cast

from .._errors import UsageError
from ._instance_pool import InstancePool, Ride
from .bucket_planner import (
    AutoBuckets,
    BucketPlan,
    GraphProfiler,
    _capture_graph,
    _collector_held,
    blank_inputs,
    powers_of_two,
)
from .hooks import profile_batch_range

MAX_AUTO_INSTANCES = 8  #: the most graph instances ``instances="auto"`` grows to (a memory budget may allow fewer)
COMBINE_ROUNDS = 8  #: the most replays a caller makes for callers queued behind it before it hands the instance on
_AUTO_OPTIONS = ("max_graphs", "max_batch", "memory_budget", "traffic", "cost")

DEFAULT_BUCKETS: tuple[int, ...] = (1, 2, 4, 8, 16, 32)


def normalise_buckets(buckets: Sequence[int]) -> tuple[int, ...]:
    """Sorted, de-duplicated positive bucket sizes; raises `UsageError` otherwise."""
    if not buckets or any(not isinstance(b, int) or isinstance(b, bool) or b < 1 for b in buckets):
        raise UsageError(
            f"Buckets must be positive integers, got {tuple(buckets)!r}.", "pass e.g. buckets=(1, 2, 4, 8)"
        )
    return tuple(sorted(set(buckets)))


def buckets_inside(buckets: Sequence[int], lo: int, hi: int) -> tuple[int, ...]:
    """The buckets an engine built for batches ``lo`` to ``hi`` can run: those inside, and the largest that fits
    (``min(largest bucket, hi)``), so that every batch up to it runs in one replay (smaller ones padded up)."""
    top = max(lo, min(max(buckets), hi))
    return tuple(sorted({*(b for b in buckets if lo <= b <= hi), top}))


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
    """Everything one batch size needs at call time, computed once at capture: no pytree walk, no view per call.

    ``lend_graph`` is the bucket's graph followed by a copy of its outputs into the instance's lend buffers, and
    ``lend`` this batch size's views of those buffers (None without lending)."""

    __slots__ = ("graph", "static_in", "outs", "rebuild", "fused", "lend_graph", "lend")

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


class _Instance:
    """One full set of bucket graphs with its own memory pool and static buffers; one call uses it at a time.

    With lending, ``lent`` holds the views of the lend buffers handed out last (None: none yet); `_free` says
    whether they are back."""

    __slots__ = (
        *("entries", "last_raw", "last_stream", "done", "nbytes"),
        *("buffers", "lent", "storages", "refs", "uses", "lends"),
    )

    def __init__(self, entries: dict[int, _Entry], nbytes: int, stream: Any, raw: int) -> None:
        import torch

        self.entries, self.nbytes = entries, nbytes
        self.last_stream, self.last_raw, self.done = stream, raw, torch.cuda.Event()
        self.buffers: list[Any] = []  #: the lend buffers (largest bucket's rows), outside the graph pool
        self.lent: list[Any] | None = None
        self.storages: list[tuple[Any, int, int]] = []  #: (storage, its handle, its use count at rest) per buffer
        self.refs = (0, 0)  #: a view's and a storage's reference count at rest, as `_free` sees them
        self.uses = torch._C._storage_Use_Count
        self.lends = 0  #: calls answered with lent buffers (one caller at a time holds the instance: exact)

    def lend_to(self, buffers: list[Any], views: list[Any]) -> None:
        """Keep the lend buffers and measure what `_free` compares against, while nobody outside holds them: each
        storage's use count (the buffers and every entry's views) and the reference counts of a view (``views``)
        and of a storage."""
        self.buffers = buffers
        # torch hands out this same storage object to anyone who asks (`untyped_storage()`): their references show
        self.storages = [(st, st._cdata, self.uses(st._cdata)) for st in (t.untyped_storage() for t in buffers)]
        self.refs = _refs(views, self.storages)


def _free(inst: _Instance) -> bool:
    """Whether nothing outside holds what the instance lent last: not the result's views (Python references, or
    C++ ones such as a DLPack capsule), not a tensor made from them, not their storage (use counts and references
    against those measured at capture). The test torch's own CUDA-graph trees make before they reuse outputs that
    live in a graph's memory."""
    lent = inst.lent
    if lent is None:
        return True
    for view in lent:
        if sys.getrefcount(view) != inst.refs[0] or view._use_count() != 1:
            return False
    for storage, cdata, uses in inst.storages:
        if sys.getrefcount(storage) != inst.refs[1] or inst.uses(cdata) != uses:
            return False
    return True


def _refs(views: list[Any], storages: list[tuple[Any, int, int]]) -> tuple[int, int]:
    """The reference counts `_free` sees for a view and for a storage nobody outside holds (the same loops, so
    the same references)."""
    most = [0, 0]
    for view in views:
        most[0] = max(most[0], sys.getrefcount(view))
    for storage, _cdata, _uses in storages:
        most[1] = max(most[1], sys.getrefcount(storage))
    return most[0], most[1]


class _Lending:
    """What a lend graph captures: the module, then a copy of its outputs into the first ``rows`` of the instance's
    lend buffers."""

    def __init__(self, module: Any, buffers: list[Any], rows: int, batch_dim: int) -> None:
        self.module, self.targets = module, [t.narrow(batch_dim, 0, rows) for t in buffers]

    def __call__(self, *inputs: Any) -> None:
        import torch

        torch._foreach_copy_(self.targets, _output_plan(self.module(*inputs))[0])


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

    ``buckets`` is a sequence of sizes, an `AutoBuckets` policy, or ``"auto"`` (``AutoBuckets()``): sizes planned
    from traffic; they change only in `replan`. The old spelling ``BucketedCUDAGraphs(m, "auto", max_graphs=...,
    max_batch=..., memory_budget=..., traffic=..., cost=...)`` still works and builds the `AutoBuckets`.

    ``overflow`` says what to do above the largest bucket: ``"chunks"`` (default) replays it in pieces of the largest
    bucket, ``"eager"`` calls the module directly. Set ``share_pool=False`` only to measure what sharing saves.

    ``instances`` is how many full sets of graphs serve concurrent callers: an int fixes it; ``"auto"`` (default)
    captures one, and `warmup` or `replan` add as many as callers waited for at once since the last look, up to
    `MAX_AUTO_INSTANCES` and what the policy's ``memory_budget`` allows; never inside a call. A call takes a free
    instance for its duration (no lock around copies or replay) and orders its work on its own stream.

    ``coalesce=True`` lets a caller that gets an instance while others queue for one serve the queued callers whose
    rows fit beside its own in the largest bucket with one replay (`stats` counts them); it only acts when callers
    outnumber instances (``instances`` fixed low, or a memory budget). Off by default: with threads as clients the
    sleep and wake-up of each coalesced caller cost more than the launches saved (docs/runtime.md has the numbers).
    It needs rows that are independent in ``batch_dim`` (no batch-coupled ops such as BatchNorm in train mode).

    ``copy_outputs=True`` (default) returns results the caller owns. With ``lend_outputs=True`` (default) a result
    is the calling instance's *lend buffer*, which the bucket's second graph (its graph plus a copy of the outputs)
    fills inside the replay: no copy and no allocation outside the graph, so a call makes two launches (copy-in,
    replay), not three. An instance lends again only once the caller dropped what it lent last and every tensor
    made from it (the reference-count test torch's CUDA-graph trees use); while it is held, calls on that instance
    get fresh copies. As with any tensor torch's allocator would reuse, work that reads a result on another stream
    must be ordered by the caller before the result is dropped. ``lend_outputs=False`` always copies and captures
    one graph per bucket, not two. A coalesced caller gets its rows of one fresh tensor its group shares.
    ``copy_outputs=False`` returns views of one
    instance's static output buffers, valid until that instance is taken again: with at least as many instances as
    streams calling, each stream keeps its own, so until that stream's next call; otherwise possibly the next call
    from any thread (with ``coalesce=True``, any call that queued). `replan` and `reset` end them too. Overflow
    batches are always copies.

    Usable as a context manager: leaving the block releases the graphs and their memory (`reset`).
    """

    def __init__(
        self,
        module: Any,
        buckets: Sequence[int] | AutoBuckets | Literal["auto"] = DEFAULT_BUCKETS,
        batch_dim: int = 0,
        *,
        overflow: Literal["chunks", "eager"] = "chunks",
        warmup_iters: int = 3,
        share_pool: bool = True,
        copy_outputs: bool = True,
        instances: int | Literal["auto"] = "auto",
        coalesce: bool = False,
        lend_outputs: bool = True,
        **auto_options: Any,
    ) -> None:
        if overflow not in ("chunks", "eager"):
            raise UsageError(f"overflow={overflow!r} is not known.", "pass overflow='chunks' or overflow='eager'")
        if instances != "auto" and (isinstance(instances, bool) or not isinstance(instances, int) or instances < 1):
            raise UsageError(f"instances={instances!r} is not known.", "pass instances='auto' or a count, e.g. 4")
        for name, flag in (("coalesce", coalesce), ("lend_outputs", lend_outputs), ("copy_outputs", copy_outputs)):
            if not isinstance(flag, bool):
                raise UsageError(f"{name}={flag!r} is not known.", f"pass {name}=True or {name}=False")
        self.module, self.batch_dim, self.overflow, self.instances = module, batch_dim, overflow, instances
        self.coalescing = coalesce  #: whether queued callers are coalesced into the replay of the one served
        self.warmup_iters, self.share_pool, self.copy_outputs = warmup_iters, share_pool, copy_outputs
        self.lending = copy_outputs and lend_outputs  #: whether each bucket also has a lend graph
        self.policy = _policy(buckets, auto_options)  #: the `AutoBuckets` choosing the buckets, or None when fixed
        #: (min, max) batch of a module built for a range (an EngineArtifact's runnable_module): buckets stay inside
        self._profile = profile_batch_range(module, batch_dim)
        self._fixed = () if self.policy else normalise_buckets(buckets)  # type: ignore[arg-type]
        if self._profile is not None and self.policy is None:
            self._fixed = buckets_inside(self._fixed, *self._profile)
        if self._profile is not None and self.policy is not None and self.policy.chosen is None:
            if self.policy.max_batch is not None and self.policy.max_batch > self._profile[1]:
                raise UsageError(
                    f"max_batch={self.policy.max_batch} is above the largest batch the engines take "
                    f"({self._profile[1]}).",
                    f"pass max_batch <= {self._profile[1]}, or leave it out (the profile's max is used)",
                )
            self.policy.max_batch = self._profile[1]
            self.policy.buckets = powers_of_two(self._profile[1], self.policy.max_graphs)
        self.capture_count = 0  #: buckets captured over this object's life (with lending, two graphs each); changes
        # only in warm-up, reset and replan
        self._observed: dict[int, int] = {}
        # no bound method of self kept on self: a cycle would leave freeing the graphs to the cyclic collector
        self._observe = self.policy.observe if self.policy else functools.partial(_count, self._observed)
        self._pool: InstancePool[_Instance] = InstancePool()
        self._target = 1 if instances == "auto" else instances
        self._checks: dict[int, list[Any]] = {}  # batch size -> input shapes a call must have
        self._signature: tuple[Any, ...] | None = None
        self._dtypes: list[Any] = []
        self._device_index = -1
        self._streams: dict[int, Any] = {}  # raw stream -> its torch.cuda.Stream (current_stream() costs 4 us)
        self._raw_stream: Any = None  # torch's hot-path functions, bound at capture
        self._copy_many: Any = None
        self._mul_many: Any = None
        self._cat: Any = None
        self._split: Any = None

    @property
    def buckets(self) -> tuple[int, ...]:
        return self.policy.buckets if self.policy else self._fixed

    @property
    def auto(self) -> bool:
        """Whether an `AutoBuckets` policy chooses the buckets."""
        return self.policy is not None

    @property
    def plan(self) -> BucketPlan | None:
        """With automatic buckets: the plan in use and what it costs on its traffic."""
        return self.policy.chosen if self.policy else None

    @property
    def cost_samples(self) -> dict[int, float] | None:
        """With ``cost="measured"``: the timed ``{rows: seconds}`` replays the plan used."""
        return self.policy.cost_samples if self.policy else None

    @property
    def captured(self) -> bool:
        return bool(self._pool.items)

    @property
    def instance_count(self) -> int:
        """Graph instances captured now (each a full set of bucket graphs)."""
        return len(self._pool)

    @property
    def memory_bytes(self) -> int:
        """Device memory the captured instances hold: their graph pools, static inputs and lend buffers, measured at
        capture."""
        return sum(inst.nbytes for inst in self._pool.items)

    @property
    def observed(self) -> dict[int, int]:
        """``{batch size: calls}`` seen since construction (every call counts, overflow too; lock-free, so
        concurrent callers may rarely lose a count)."""
        return self.policy.observed if self.policy else dict(sorted(self._observed.copy().items()))

    @property
    def stats(self) -> dict[str, Any]:
        """Counters: ``calls`` (as `observed`), ``coalesced`` (requests served by another caller's replay),
        ``coalesced_replays`` (replays that served requests of callers that queued), ``lent`` (calls answered with
        an instance's lend buffers, no copy), ``instances``, ``capture_count``, ``coalescing``."""
        return {
            "calls": sum(self.observed.values()),
            "lent": sum(inst.lends for inst in self._pool.items),
            "coalesced": self._pool.coalesced,
            "coalesced_replays": self._pool.groups,
            "instances": self.instance_count,
            "capture_count": self.capture_count,
            "coalescing": self.coalescing,
        }

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
        """Capture every bucket now, from example inputs (any batch size); the first call does it otherwise.

        Once captured, with ``instances="auto"``: add the instances callers waited for (as `replan` does).
        """
        args = _tensors(example)
        if len({t.shape[self.batch_dim] if t.dim() > self.batch_dim else -1 for t in args}) != 1:
            raise UsageError("Inputs have different batch sizes.", "pass inputs with equal sizes in batch_dim")
        device = args[0].device
        if device.type != "cuda":
            raise UsageError(f"CUDA graphs need CUDA inputs, got {device}.", "move the inputs with .cuda()")
        with self._pool.paused():
            if not self._pool.items:
                self._capture(self._signature_of(args), self._target)
            elif self.instances == "auto":
                self._resize(self._wanted())

    def _capture(self, signature: tuple[Any, ...], count: int) -> None:
        """Capture ``count`` instances for inputs of ``signature`` (pool paused)."""
        import torch

        device = signature[0][2]
        if self.policy:
            self.policy.plan(signature, GraphProfiler(self.module, self.batch_dim, self.warmup_iters))
        self._signature, self._dtypes = signature, [dtype for _rest, dtype, _device in signature]
        self._device_index = device.index if device.index is not None else torch.cuda.current_device()
        self._raw_stream = torch._C._cuda_getCurrentRawStream
        self._copy_many, self._mul_many = torch._foreach_copy_, torch._foreach_mul
        self._cat, self._split = torch.cat, torch.split
        try:
            self._resize(count)
        except BaseException:  # a capture failed: nothing half-captured stays; the next call captures again
            self._release()
            raise
        self._pool.capacity = self.buckets[-1] if self.coalescing else 0
        entries = self._pool.items[0].entries
        self._checks = {n: [t.shape for t in e.static_in] for n, e in entries.items()}

    def _add_instance(self) -> None:
        """Capture one more full set of bucket graphs, largest first into its own pool (pool paused); with lending,
        each bucket also gets its lend graph, captured right after it into the same pool."""
        import torch

        signature, buckets = self._signature, self.buckets
        assert signature is not None
        warm = 0 if self._pool.items else self.warmup_iters
        lend: list[Any] = []
        with torch.cuda.device(signature[0][2]), _collector_held():
            torch.cuda.synchronize()
            torch.cuda.empty_cache()  # the capture empties the cache too: measure from an empty one
            before = torch.cuda.memory_reserved()
            big = blank_inputs(signature, buckets[-1], self.batch_dim)  # smaller buckets capture views of it
            pools = [torch.cuda.graph_pool_handle()] if self.share_pool else []
            statics: dict[int, tuple[Any, list[Any], Any, Any]] = {}
            for b in reversed(buckets):  # largest first: the smaller graphs reuse its blocks
                static_in = [t.narrow(self.batch_dim, 0, b) for t in big]
                if not self.share_pool:
                    pools.append(torch.cuda.graph_pool_handle())
                graph, static_out = _capture_graph(self.module, static_in, pools[-1], warm)
                lend_graph = None
                if self.lending:
                    if not lend:  # outside the pool: no graph's intermediates ever land there
                        lend = [torch.empty_like(t) for t in _output_plan(static_out)[0]]
                    lend_graph = _capture_graph(_Lending(self.module, lend, b, self.batch_dim), static_in, pools[-1])[0]
                statics[b] = (graph, static_in, static_out, lend_graph)
                self.capture_count += 1
            torch.cuda.synchronize()
            torch.cuda.empty_cache()  # what the warm-up left cached is not the instance's
            nbytes = _pool_bytes(pools, torch.cuda.memory_reserved() - before) + sum(t.nbytes for t in big + lend)
            stream = torch.cuda.current_stream()
        entries = {}
        for n in range(1, buckets[-1] + 1):
            graph, static_in, static_out, lend_graph = statics[next(b for b in buckets if b >= n)]
            outs, rebuild = _output_plan(static_out)
            narrow = [t.narrow(self.batch_dim, 0, n) for t in static_in]
            lent = [t.narrow(self.batch_dim, 0, n) for t in lend] if lend else None
            outs = [t.narrow(self.batch_dim, 0, n) for t in outs]
            entries[n] = _Entry(graph, narrow, outs, rebuild, lend_graph, lent)
        inst = _Instance(entries, nbytes, stream, self._raw_stream(self._device_index))
        if lend:
            inst.lend_to(lend, entries[1].lend or [])
        self._pool.add(inst)

    def __call__(self, *inputs: Any) -> Any:
        try:
            n = inputs[0].shape[self.batch_dim]
            shapes = self._checks[n]
        except (KeyError, IndexError, AttributeError, TypeError):
            return self._call_slow(inputs)
        if len(inputs) != len(shapes):
            self._mismatch(inputs)
        for t, shape, dtype in zip(inputs, shapes, self._dtypes, strict=True):
            if t.shape != shape or t.dtype is not dtype or t.get_device() != self._device_index:
                self._mismatch(inputs)
        self._observe(n)
        return self._run(n, inputs, self.copy_outputs, self.coalescing)

    def _run(self, n: int, inputs: Sequence[Any], copy: bool, coalesce: bool = False) -> Any:
        raw = self._raw_stream(self._device_index)
        inst = self._pool.take(raw, n, (inputs, raw)) if coalesce else self._pool.take(raw)
        if inst is None:  # reset while this call looked up its batch size
            return self._call_slow(inputs)
        if type(inst) is Ride:  # served by the caller that got an instance
            return inst.outcome()
        inst = cast(_Instance, inst)
        riders = self._pool.riders(inst)
        try:
            if raw != inst.last_raw:
                self._switch_stream(inst, raw)
            if riders:
                return self._serve(inst, (n, inputs), riders, raw, copy)[0]
            entry = inst.entries[n]
            if len(inputs) == 1:
                entry.static_in[0].copy_(inputs[0])
            else:
                self._copy_many(entry.static_in, inputs)
            if copy and entry.lend is not None and _free(inst):
                entry.lend_graph.replay()  # the outputs land in the lend buffers, inside the graph
                inst.lent = entry.lend
                inst.lends += 1
                result = entry.rebuild(entry.lend)  # held before the instance is given back: not free to others
            else:
                entry.graph.replay()
                result = entry.rebuild(self._copies(entry.outs, entry.fused) if copy else entry.outs)
        finally:
            try:
                if coalesce and copy:
                    self._combine(inst, raw)
            finally:
                self._pool.give(inst)
        return result

    def _copies(self, outs: list[Any], fused: bool) -> list[Any]:
        """Copies of static outputs the caller owns: one fused multi-tensor op for several floating ones."""
        if len(outs) == 1:
            return [outs[0].clone()]
        return self._mul_many(outs, 1) if fused else [t.clone() for t in outs]

    def _combine(self, inst: _Instance, raw: int) -> None:
        """Before giving the instance back, serve the callers queued meanwhile, up to `COMBINE_ROUNDS` replays:
        handing the instance to a sleeping thread costs a wake-up on the critical path, serving it does not."""
        for _ in range(COMBINE_ROUNDS):
            riders = self._pool.gather(inst)
            if not riders:
                return
            try:
                self._serve(inst, None, riders, raw, True)
            except Exception:  # noqa: BLE001 - the riders got the error; this caller's own call succeeded
                return

    def _serve(
        self,
        inst: _Instance,
        lead: tuple[int, Sequence[Any]] | None,
        riders: list[Ride[_Instance]],
        raw: int,
        copy: bool,
    ) -> list[Any]:
        """One replay for this caller's rows (``lead``, if any) and its riders' (concatenated in that order, padded
        to the bucket); each rider gets its rows, ready on its own stream, and is woken; returns the results, this
        caller's first."""
        results: list[Any] = []
        own = 1 if lead is not None else 0
        try:
            stream = self._stream_of(raw)
            others = {}
            for r in riders:
                if r.request[1] != raw:
                    others[r.request[1]] = self._stream_of(r.request[1])
            for s in others.values():  # the riders' inputs were made on their streams; they sleep meanwhile
                stream.wait_stream(s)
            sizes = ([lead[0]] if lead else []) + [r.rows for r in riders]
            groups = ([lead[1]] if lead else []) + [r.request[0] for r in riders]
            entry = inst.entries[sum(sizes)]
            for i, static in enumerate(entry.static_in):
                self._cat([xs[i] for xs in groups], dim=self.batch_dim, out=static)
            entry.graph.replay()
            outs = self._copies(entry.outs, entry.fused) if copy else entry.outs
            pieces = [self._split(t, sizes, self.batch_dim) for t in outs]
            if others:
                done = stream.record_event()
            for s in others.values():  # riders' outputs: made on this stream, used and freed on theirs
                if copy:
                    for t in outs:
                        t.record_stream(s)
                s.wait_event(done)
            results = [entry.rebuild([p[j] for p in pieces]) for j in range(len(sizes))]
        except BaseException as exc:
            for r in riders:
                r.finish(error=exc)
            raise
        for r, result in zip(riders, results[own:], strict=True):
            r.finish(result)
        return results

    def _stream_of(self, raw: int) -> Any:
        """The torch.cuda.Stream of a raw stream handle of this device (cached: `current_stream` costs 4 us)."""
        import torch

        stream = self._streams.get(raw)
        if stream is None:
            current = torch.cuda.current_stream(self._device_index)
            if current.cuda_stream == raw:
                stream = self._streams[raw] = current
            else:  # a rider's stream, seen from its leader's thread
                stream = self._streams[raw] = torch.cuda.ExternalStream(raw, device=self._device_index)
        return stream

    def _switch_stream(self, inst: _Instance, raw: int) -> None:
        """Order this caller's stream after the instance's previous user's work on its stream."""
        import torch

        stream = self._streams.get(raw)
        if stream is None:
            stream = self._streams[raw] = torch.cuda.current_stream(self._device_index)
        inst.done.record(inst.last_stream)
        stream.wait_event(inst.done)
        inst.last_stream, inst.last_raw = stream, raw

    def _call_slow(self, inputs: Sequence[Any]) -> Any:
        import torch

        if not self._pool.items:
            self.warmup(*inputs)
            return self(*inputs)
        batch = self._batch_of(inputs)
        if batch <= self.buckets[-1]:  # reset or replanned between the lookup and here
            return self(*inputs)
        self._observe(batch)
        if self.overflow == "eager":
            with torch.no_grad():
                return self.module(*inputs)
        parts = []
        for s, e, _ in plan_chunks(batch, self.buckets):
            parts.append(self._run(e - s, [t.narrow(self.batch_dim, s, e - s) for t in inputs], True))
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

    def replan(self, traffic: Mapping[int, int] | Iterable[int] | None = None) -> BucketPlan | None:
        """Choose buckets again (automatic buckets) and the instance count (``instances="auto"``); capture now.

        Buckets come from ``traffic`` or the batch sizes observed so far; instances grow to the most callers that
        wanted one at once since the last warm-up or replan, within the memory limit. Returns the bucket plan
        (None with fixed buckets). The only way buckets or instances change after the first capture.
        """
        if not self.policy and self.instances != "auto":
            raise UsageError(
                "These buckets were given explicitly and instances is fixed: nothing to plan.",
                "construct with buckets='auto' (or AutoBuckets(...)) or instances='auto'",
            )
        with self._pool.paused():
            want = self._wanted() if self.instances == "auto" else self._target
            if not self.policy:
                self._resize(want)
                return None
            old, signature = self.buckets, self._signature
            profiler = GraphProfiler(self.module, self.batch_dim, self.warmup_iters)
            plan = self.policy.replan(traffic, signature, profiler)
            if plan.buckets != old and signature is not None:
                self._release()
                self._capture(signature, want)
            else:
                self._resize(want)
        return plan

    def _wanted(self) -> int:
        """The instance count ``instances="auto"`` asks for: what callers waited for, within `_limit`."""
        n = len(self._pool) or self._target
        demand = self._pool.demand()
        return max(n, min(demand, self._limit()))

    def _limit(self) -> int:
        """The most instances the memory budget allows (`MAX_AUTO_INSTANCES` without one)."""
        most = MAX_AUTO_INSTANCES
        budget = self.policy.memory_budget if self.policy else None
        if budget is None or not self._pool.items:
            return most
        per = max(max(inst.nbytes for inst in self._pool.items), (self.plan.memory_bytes or 0) if self.plan else 0)
        return max(1, min(most, int(budget // max(per, 1))))

    def _resize(self, count: int) -> None:
        """Capture or drop instances until there are ``count`` (pool paused)."""
        self._target = count
        if self._signature is None:
            return
        while len(self._pool) > count:
            self._pool.drop()
        while len(self._pool) < count:
            self._add_instance()

    def _release(self) -> None:
        self._pool.clear()
        self._checks, self._signature, self._dtypes, self._device_index = {}, None, [], -1

    def reset(self) -> None:
        """Release the graphs, their pools and static buffers; the next call captures again."""
        with self._pool.paused():
            self._release()

    def __enter__(self) -> BucketedCUDAGraphs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.reset()

    def __repr__(self) -> str:
        auto = f", auto (max_graphs={self.policy.max_graphs})" if self.policy else ""
        return (
            f"BucketedCUDAGraphs(buckets={self.buckets}{auto}, instances={self.instance_count}, "
            f"captured={self.captured}, capture_count={self.capture_count}, coalesced={self._pool.coalesced})"
        )


def _count(observed: dict[int, int], batch: int) -> None:
    observed[batch] = observed.get(batch, 0) + 1


def _pool_bytes(pools: list[Any], fallback: int) -> int:
    """Bytes of the allocator segments that belong to ``pools`` (graph memory pools); ``fallback`` when this torch
    does not say which pool a segment is in."""
    import torch

    ids = {tuple(p) for p in pools}
    segments = torch.cuda.memory_snapshot()
    if not segments or "segment_pool_id" not in segments[0]:
        return max(fallback, 0)
    return sum(s["total_size"] for s in segments if tuple(s["segment_pool_id"]) in ids)


def _policy(buckets: Any, options: dict[str, Any]) -> AutoBuckets | None:
    """The `AutoBuckets` for ``buckets`` ("auto" builds one from the old keyword arguments), or None when fixed."""
    unknown = sorted(set(options) - set(_AUTO_OPTIONS))
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
            raise UsageError(f"buckets={buckets!r} is not known.", "pass buckets='auto' or a sequence of sizes")
        return AutoBuckets(**{k: v for k, v in options.items() if v is not None})
    if any(options.get(k) is not None for k in _AUTO_OPTIONS if k != "cost") or options.get("cost", "rows") != "rows":
        raise UsageError(
            "max_graphs, max_batch, memory_budget, traffic and cost choose buckets automatically.",
            "pass buckets='auto' (or AutoBuckets(...)) with them, or leave them out",
        )
    return None
