"""CUDA graphs for dynamic batch sizes: one graph per bucket, captured once, replayed for every batch that fits.

Re-capturing a graph whenever the input shape changes (what a single-graph runtime does) costs more than it saves
when every request has a different batch size. Here each call is padded up to the next bucket and replayed; outputs
are sliced back. `BucketedCUDAGraphs` is the one entry point; its parts:

- `buckets`: bucket arithmetic (`bucket_for`, `plan_chunks`) and the input checks;
- `planner`: which buckets to capture (`AutoBuckets`, exact over a traffic histogram) and the one capture sequence;
- `instance`: one full set of bucket graphs with its pool and static buffers, and how it is captured;
- `lending`: results handed out from an instance's lend buffers, and when those may be written again;
- `pool`: concurrent callers share instances, one call per instance at a time; a pool that grows in the background
  when callers wait, and coalescing of queued callers;
- `launch`: copy-in and replay through the CUDA driver without giving up the GIL.

Assumes the rows of a batch are independent (true for inference with BatchNorm in eval mode): the padding rows hold
stale data and are dropped.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, cast

from ..._errors import UsageError
from .buckets import (
    DEFAULT_BUCKETS as DEFAULT_BUCKETS,
    Signature,
    batch_of,
    bucket_for as bucket_for,
    normalise_buckets as normalise_buckets,
    plan_chunks as plan_chunks,
    require_tensors,
    signature_of,
)
from .instance import Instance, capture_instance, copies
from .launch import DriverLaunch, driver_launch
from .planner import AutoBuckets, BucketPlan, GraphProfiler, capture_session, policy_for
from .pool import Grower, InstancePool, Ride, combine, serve_group

MAX_AUTO_INSTANCES = 8  #: the most graph instances ``instances="auto"`` grows to (a memory budget may allow fewer)
COMBINE_ROUNDS = 8  #: the most replays a caller makes for callers queued behind it before it hands the instance on
FREE_SHARE = 0.25  #: ``instances="auto"`` without a memory budget leaves at least this share of the device free

__all__ = ["DEFAULT_BUCKETS", "MAX_AUTO_INSTANCES", "BucketedCUDAGraphs", "bucket_for", "normalise_buckets"]


class BucketedCUDAGraphs:
    """Replay one captured CUDA graph per batch-size bucket; see the module docstring and ``docs/runtime.md``.

    ``buckets`` is a sequence of sizes, an `AutoBuckets` policy (sizes planned from traffic; they change only in
    `replan`), or ``"auto"`` (``AutoBuckets()``). Deprecated: ``BucketedCUDAGraphs(m, "auto", max_graphs=...,
    max_batch=..., memory_budget=..., traffic=..., cost=...)`` still builds the `AutoBuckets` and warns.

    ``overflow`` says what to do above the largest bucket: ``"chunks"`` (default) replays it in pieces of the largest
    bucket, ``"eager"`` calls the module directly. Set ``share_pool=False`` only to measure what sharing saves.

    **Concurrent callers.** ``instances`` is how many full sets of graphs serve callers at once. ``"auto"``
    (default) captures one at the first call; when callers find every instance busy and wait, another is captured
    on a background thread (never inside a call, and no call waits for it: a waiting caller takes whichever comes
    first, a freed instance or the new one), up to the most callers that waited at once, `MAX_AUTO_INSTANCES`, the
    policy's ``memory_budget``, and, without one, as long as a quarter of the device's memory stays free. A device-
    wide ``torch.cuda.synchronize()`` in another thread fails while a capture is under way (CUDA's rule); a growth
    capture that fails stops growth for good (`stats` says why). An int fixes the count, captured up front.
    `replan` changes buckets. A call takes a free instance for its duration (no lock around copies or replay) and
    orders its work on the caller's current stream.

    ``coalesce=True`` lets a caller that gets an instance while others queue for one serve the queued callers whose
    rows fit beside its own in the largest bucket with one replay (`stats` counts them); it only acts when callers
    outnumber instances. Off by default. It needs rows that are independent in ``batch_dim``.

    **Results.** ``copy_outputs=True`` (default) returns results the caller owns. With ``lend_outputs=True``
    (default) a result is the instance's *lend buffer*, filled inside the replay by the bucket's second graph (no
    copy, no allocation: a call makes two launches). In torch's terms the lend buffers behave like memory from the
    caching allocator that the instance allocates again for its next lent result: they are written again only once
    nothing holds the result or anything made from it (views, storage, DLPack, NumPy), and only after all the work
    enqueued on the stream the result was returned on, up to that moment (an event; free when the next call is on
    the same stream). ``Tensor.record_stream`` is not seen by a lent buffer: to read a result on another stream, make
    the stream it was returned on wait for that stream (``torch.cuda.current_stream().wait_stream(side)``) before
    dropping it, which is torch's other rule for cross-stream use. While a result is held, calls on that instance
    return fresh copies. ``lend_outputs=False`` always copies (allocator tensors: ``record_stream`` works) and
    captures one graph per bucket, not two. ``copy_outputs=False`` returns views of one instance's static output
    buffers, valid until that instance is taken again; `replan` and `reset` end them too. Overflow batches are
    always copies.

    ``driver_launch=True`` makes the copy-in and the replay through the CUDA driver with the GIL held (``launch.py``)
    where that is exactly what torch would do. Off by default: on the H100 it removed the GIL hand-offs but gained
    nothing at 8 threads (``docs/runtime.md``).

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
        driver_launch: bool = False,
        **auto_options: Any,
    ) -> None:
        if overflow not in ("chunks", "eager"):
            raise UsageError(f"overflow={overflow!r} is not known.", "pass overflow='chunks' or overflow='eager'")
        if instances != "auto" and (isinstance(instances, bool) or not isinstance(instances, int) or instances < 1):
            raise UsageError(f"instances={instances!r} is not known.", "pass instances='auto' or a count, e.g. 4")
        flags = {"coalesce": coalesce, "lend_outputs": lend_outputs, "copy_outputs": copy_outputs}
        for name, flag in {**flags, "driver_launch": driver_launch}.items():
            if not isinstance(flag, bool):
                raise UsageError(f"{name}={flag!r} is not known.", f"pass {name}=True or {name}=False")
        self.module, self.batch_dim, self.overflow, self.instances = module, batch_dim, overflow, instances
        self.coalescing = coalesce  #: whether queued callers are coalesced into the replay of the one served
        self.warmup_iters, self.share_pool, self.copy_outputs = warmup_iters, share_pool, copy_outputs
        self.lending = copy_outputs and lend_outputs  #: whether each bucket also has a lend graph
        self.driver_launch = driver_launch  #: whether calls may copy in and replay through the CUDA driver
        self.policy = policy_for(buckets, auto_options)  #: the `AutoBuckets` choosing the buckets, or None when fixed
        self._fixed = () if self.policy else normalise_buckets(buckets)  # type: ignore[arg-type]
        self.capture_count = 0  #: buckets captured over this object's life (with lending, two graphs each)
        self._observed: dict[int, int] = {}
        # no bound method of self kept on self: a cycle would leave freeing the graphs to the cyclic collector
        self._observe = self.policy.observe if self.policy else functools.partial(_count, self._observed)
        self._pool: InstancePool[Instance] = InstancePool()
        if instances == "auto":
            self._pool.grower = Grower(self._grow_one)  # holds the method weakly
        self._target = 1 if instances == "auto" else instances
        self._epoch = 0  # changes whenever the instances are released: a capture begun before is dropped
        self._checks: dict[int, list[Any]] = {}  # batch size -> input shapes a call must have
        self._signature: Signature | None = None
        self._dtypes: list[Any] = []
        self._device_index = -1
        self._streams: dict[int, Any] = {}  # raw stream -> its torch.cuda.Stream (current_stream() costs 4 us)
        self._launch: DriverLaunch | None = None
        self._raw_stream: Any = None  # torch's hot-path functions, bound at capture
        self._device_of_thread: Any = None
        self._copy_many: Any = None

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
        """Counters: ``calls`` (as `observed`), ``lent`` (calls answered with lend buffers), ``coalesced`` (requests
        served by another caller's replay), ``coalesced_replays``, ``instances``, ``capture_count``, ``coalescing``,
        ``grown`` (instances added in the background), ``growing``, ``growth_error`` (why growth stopped, or None),
        ``driver_launch`` (whether calls go through the driver)."""
        grower = self._pool.grower
        items = self._pool.items
        return {
            "calls": sum(self.observed.values()),
            "lent": sum(inst.lends for inst in items),
            "coalesced": self._pool.coalesced,
            "coalesced_replays": self._pool.groups,
            "instances": self.instance_count,
            "capture_count": self.capture_count,
            "coalescing": self.coalescing,
            "grown": grower.added if grower else 0,
            "growing": bool(grower and grower.running),
            "growth_error": None if grower is None or grower.failed is None else repr(grower.failed),
            "driver_launch": bool(items and items[0].entries[1].execs),
        }

    def warmup(self, *example: Any) -> None:
        """Capture every bucket now, from example inputs (any batch size); the first call does it otherwise.

        Once captured, with ``instances="auto"``: add the instances callers waited for (as `replan` does).
        """
        args = require_tensors(example)
        if len({t.shape[self.batch_dim] if t.dim() > self.batch_dim else -1 for t in args}) != 1:
            raise UsageError("Inputs have different batch sizes.", "pass inputs with equal sizes in batch_dim")
        device = args[0].device
        if device.type != "cuda":
            raise UsageError(f"CUDA graphs need CUDA inputs, got {device}.", "move the inputs with .cuda()")
        with self._pool.paused():
            if not self._pool.items:
                self._capture(signature_of(args, self.batch_dim), self._target)
            elif self.instances == "auto":
                self._resize(self._wanted())

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until no instance is being added in the background (at most ``timeout`` seconds); whether none is.
        Before a device-wide ``torch.cuda.synchronize()`` in a process whose pool may still grow, or before timing."""
        grower = self._pool.grower
        return grower is None or grower.wait(timeout)

    def _capture(self, signature: Signature, count: int) -> None:
        """Capture ``count`` instances for inputs of ``signature`` (pool paused)."""
        import torch

        device = signature[0][2]
        if self.policy:
            self.policy.plan(signature, GraphProfiler(self.module, self.batch_dim, self.warmup_iters))
        self._signature, self._dtypes = signature, [dtype for _rest, dtype, _device in signature]
        self._device_index = device.index if device.index is not None else torch.cuda.current_device()
        self._raw_stream = torch._C._cuda_getCurrentRawStream
        self._device_of_thread = torch._C._cuda_getDevice
        self._copy_many = torch._foreach_copy_
        self._launch = driver_launch() if self.driver_launch else None
        try:
            self._resize(count)
        except BaseException:  # a capture failed: nothing half-captured stays; the next call captures again
            self._release()
            raise
        self._pool.capacity = self.buckets[-1] if self.coalescing else 0
        entries = self._pool.items[0].entries
        self._checks = {n: [t.shape for t in e.static_in] for n, e in entries.items()}

    def _new_instance(self) -> Instance:
        """One more instance. Every one after the first runs the module once per bucket before its capture, in the
        capturing thread: libraries create their per-thread handles (cuBLAS, cuDNN) at first use, which must not
        happen inside a capture (it invalidates it), and a background capture runs on a thread of its own."""
        assert self._signature is not None
        return capture_instance(
            self.module,
            self._signature,
            self.buckets,
            self.batch_dim,
            warmup_iters=1 if self._pool.items else self.warmup_iters,
            share_pool=self.share_pool,
            lending=self.lending,
            driver=self._launch,
        )

    def _grow_one(self) -> bool:
        """Add one instance from the background, while callers waiting ask for more (`pool.Grower`); whether to
        go on. A capture begun before a reset or replan is dropped."""
        import torch

        with capture_session():
            epoch, grower = self._epoch, self._pool.grower
            if self._signature is None or len(self._pool) >= min(self._limit(), self._pool.peak):
                return False
            per = max(inst.nbytes for inst in self._pool.items)
            free, total = torch.cuda.mem_get_info(self._device_index)
            if free - per < FREE_SHARE * total:
                grower.ceiling = len(self._pool)  # type: ignore[union-attr]  # until the next replan
                return False
            inst = self._new_instance()
            if epoch != self._epoch:
                return False
            self._pool.add(inst)
            self.capture_count += len(self.buckets)
        return True

    def __call__(self, *inputs: Any) -> Any:
        try:
            n = inputs[0].shape[self.batch_dim]
            shapes = self._checks[n]
        except (KeyError, IndexError, AttributeError, TypeError):
            return self._call_slow(inputs)
        if len(inputs) != len(shapes):
            batch_of(inputs, self._signature, self.batch_dim)  # raises
        for t, shape, dtype in zip(inputs, shapes, self._dtypes, strict=True):
            if t.shape != shape or t.dtype is not dtype or t.get_device() != self._device_index:
                batch_of(inputs, self._signature, self.batch_dim)  # raises
        self._observe(n)
        return self._run(n, inputs, self.copy_outputs, self.coalescing)

    def _run(self, n: int, inputs: Sequence[Any], copy: bool, coalesce: bool = False) -> Any:
        raw = self._raw_stream(self._device_index)
        inst = self._pool.take(raw, n, (inputs, raw)) if coalesce else self._pool.take(raw)
        if inst is None:  # reset while this call looked up its batch size
            return self._call_slow(inputs)
        if type(inst) is Ride:  # served by the caller that got an instance
            return inst.outcome()
        inst = cast(Instance, inst)
        riders = self._pool.riders(inst)
        try:
            if raw != inst.last_raw:
                inst.follow(self._stream_of(raw), raw)
            if riders:
                return self._serve(inst, (n, inputs), riders, raw, copy)[0]
            entry, lender = inst.entries[n], inst.lender
            lend = copy and lender is not None and lender.free()
            if lend and lender.raw != raw:  # type: ignore[union-attr]
                lender.reuse_on(raw, self._stream_of(raw))  # type: ignore[union-attr]
            if entry.execs is None or not self._launch_in_driver(entry, inputs, raw, lend):
                if len(inputs) == 1:
                    entry.static_in[0].copy_(inputs[0])
                else:
                    self._copy_many(entry.static_in, inputs)
                (entry.lend_graph if lend else entry.graph).replay()
            if lend:
                lender.lent = entry.lend  # type: ignore[union-attr]
                lender.lends += 1  # type: ignore[union-attr]
                result = entry.rebuild(entry.lend)  # held before the instance is given back: not free to others
            else:
                result = entry.rebuild(copies(entry.outs, entry.fused) if copy else entry.outs)
        finally:
            try:
                if coalesce and copy:
                    self._combine(inst, raw)
            finally:
                self._pool.give(inst)
        return result

    def _launch_in_driver(self, entry: Any, inputs: Sequence[Any], raw: int, lend: bool) -> bool:
        """Copy in and replay through the driver (`launch.py`); False where it does not apply or the driver refused
        the copy (nothing needed enqueued: the caller goes through torch)."""
        if self._device_of_thread() != self._device_index:
            return False
        for t in inputs:
            if not t.is_contiguous():
                return False
        launch = self._launch
        for (address, nbytes), t in zip(entry.copies, inputs, strict=True):
            if launch.copy(address, t.data_ptr(), nbytes, raw):  # type: ignore[union-attr]
                return False
        if launch.launch(entry.execs[1] if lend else entry.execs[0], raw):  # type: ignore[union-attr]
            (entry.lend_graph if lend else entry.graph).replay()  # the inputs are in: replay through torch
        return True

    def _combine(self, inst: Instance, raw: int) -> None:
        """Serve the callers queued meanwhile before giving the instance back (`pool.combine`)."""
        combine(self._pool, inst, functools.partial(self._serve, inst, None, raw=raw, copy=True), COMBINE_ROUNDS)

    def _serve(
        self, inst: Instance, lead: tuple[int, Sequence[Any]] | None, riders: list[Ride[Instance]], raw: int, copy: bool
    ) -> list[Any]:
        """One replay of ``inst`` for this caller's rows (``lead``, if any) and its riders' (`pool.serve_group`)."""
        replay = functools.partial(inst.replay_group, batch_dim=self.batch_dim, copy=copy)
        return serve_group(lead, riders, raw, self._stream_of, replay, copy)

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

    def _call_slow(self, inputs: Sequence[Any]) -> Any:
        import torch

        if not self._pool.items:
            self.warmup(*inputs)
            return self(*inputs)
        batch = batch_of(inputs, self._signature, self.batch_dim)
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

    def replan(self, traffic: Mapping[int, int] | Iterable[int] | None = None) -> BucketPlan | None:
        """Choose buckets again (automatic buckets) and the instance count (``instances="auto"``); capture now.

        Buckets come from ``traffic`` or the batch sizes observed so far; instances grow to the most callers that
        wanted one at once since the last warm-up or replan, within the memory limit. Returns the bucket plan
        (None with fixed buckets). The only way buckets change after the first capture.
        """
        if not self.policy and self.instances != "auto":
            raise UsageError(
                "These buckets were given explicitly and instances is fixed: nothing to plan.",
                "construct with buckets=AutoBuckets(...) or instances='auto'",
            )
        with self._pool.paused():
            want = self._wanted() if self.instances == "auto" else self._target
            if not self.policy:
                self._resize(want)
                return None
            old, signature = self.buckets, self._signature
            self._epoch += 1  # a background capture begun with the old buckets is dropped
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
        with capture_session():  # no background capture adds one meanwhile
            if len(self._pool) > count:
                self._synchronize()  # what the dropped ones hold goes back to the allocator
            while len(self._pool) > count:
                self._pool.drop()
            while len(self._pool) < count:
                self._pool.add(self._new_instance())
                self.capture_count += len(self.buckets)
        if self._pool.grower is not None:
            self._pool.grower.ceiling = self._limit()

    def _release(self) -> None:
        """Drop every instance (pool paused), once the work already enqueued with them has run: their static
        buffers go back to the allocator, which would hand them out again on the stream that made them."""
        self._epoch += 1
        if self._pool.items:
            self._synchronize()
        self._pool.clear()
        self._checks, self._signature, self._dtypes, self._device_index = {}, None, [], -1

    def _synchronize(self) -> None:
        """Wait for the work enqueued with the instances; a device-wide synchronisation must not meet one of our
        captures (one in another object's background, say)."""
        import torch

        with capture_session():
            torch.cuda.synchronize(self._device_index)

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
