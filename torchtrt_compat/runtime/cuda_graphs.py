"""CUDA graphs for dynamic batch sizes: one graph per bucket, captured once, sharing one memory pool.

Re-capturing a graph whenever the input shape changes (what a single-graph runtime does) costs more than it saves
when every request has a different batch size. Here each call is padded up to the next bucket and replayed; outputs
are sliced back. Graphs are captured largest first into one pool, so the smaller ones reuse the largest one's
intermediate memory and the pool holds about what the largest bucket alone needs.

Assumes the rows of a batch are independent (true for inference with BatchNorm in eval mode): the padding rows hold
stale data and are dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Literal

from .._errors import UsageError

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


class BucketedCUDAGraphs:
    """Replay one captured CUDA graph per batch-size bucket; see the module docstring.

    ``overflow`` says what to do above the largest bucket: ``"chunks"`` (default) replays it in pieces of the largest
    bucket, ``"eager"`` calls the module directly. Set ``share_pool=False`` only to measure what sharing saves.
    Thread-safe: copy-in, replay and copy-out run under one lock, and outputs are copies the caller owns.
    Usable as a context manager: leaving the block releases the graphs and their memory (`reset`).
    """

    def __init__(
        self,
        module: Any,
        buckets: Sequence[int] = DEFAULT_BUCKETS,
        batch_dim: int = 0,
        *,
        overflow: Literal["chunks", "eager"] = "chunks",
        warmup_iters: int = 3,
        share_pool: bool = True,
    ) -> None:
        if overflow not in ("chunks", "eager"):
            raise UsageError(f"overflow={overflow!r} is not known.", "pass overflow='chunks' or overflow='eager'")
        self.module = module
        self.buckets = normalise_buckets(buckets)
        self.batch_dim = batch_dim
        self.overflow = overflow
        self.warmup_iters = warmup_iters
        self.share_pool = share_pool
        self.capture_count = 0  #: graphs captured over this object's life; constant after warm-up
        self._lock = threading.Lock()
        self._graphs: dict[int, Any] = {}
        self._static_in: dict[int, list[Any]] = {}
        self._static_out: dict[int, Any] = {}
        self._signature: tuple[Any, ...] | None = None
        self._views: dict[int, tuple[Any, list[Any], Any]] = {}  # batch -> (graph, input views, output views)
        self._done: Any = None  # orders graph work across callers' streams
        self._last_stream: Any = None

    @property
    def captured(self) -> bool:
        return bool(self._graphs)

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
        import torch

        args = _tensors(example)
        if len({t.shape[self.batch_dim] if t.dim() > self.batch_dim else -1 for t in args}) != 1:
            raise UsageError("Inputs have different batch sizes.", "pass inputs with equal sizes in batch_dim")
        with self._lock:
            if self._graphs:
                return
            device = args[0].device
            if device.type != "cuda":
                raise UsageError(f"CUDA graphs need CUDA inputs, got {device}.", "move the inputs with .cuda()")
            self._signature = self._signature_of(args)
            largest = self.buckets[-1]
            # One buffer per input at the largest bucket; smaller buckets capture views of it.
            big = [self._resize(t, largest).zero_() for t in args]
            shared = torch.cuda.graph_pool_handle() if self.share_pool else None
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
                    self._graphs[b], self._static_in[b], self._static_out[b] = graph, static_in, static_out
                self._done = torch.cuda.Event()
                self._last_stream = torch.cuda.current_stream()

    def _resize(self, t: Any, rows: int) -> Any:
        import torch

        shape = list(t.shape)
        shape[self.batch_dim] = rows
        return torch.empty(shape, dtype=t.dtype, device=t.device)

    def __call__(self, *inputs: Any) -> Any:
        import torch

        if not self._graphs:
            self.warmup(*inputs)
        batch = self._batch_of(inputs)
        if batch <= self.buckets[-1]:
            return self._replay(inputs, batch)
        if self.overflow == "eager":
            with torch.no_grad():
                return self.module(*inputs)
        parts = [
            self._replay([t.narrow(self.batch_dim, s, e - s) for t in inputs], e - s)
            for s, e, _ in plan_chunks(batch, self.buckets)
        ]
        return torch.utils._pytree.tree_map(lambda *ts: torch.cat(ts, dim=self.batch_dim), *parts)

    def _batch_of(self, inputs: Sequence[Any]) -> int:
        """The common batch size; raises unless the inputs match the captured ones in everything else (cheap)."""
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
        if not same:
            got = self._signature_of(_tensors(inputs))
            raise UsageError(
                "Inputs differ from the captured ones in more than the batch size, or their batch sizes differ "
                f"(captured {self._signature}, got {got}); graphs are never re-captured.",
                "use one BucketedCUDAGraphs per input shape, or call reset() to capture again",
            )
        return int(batch)

    def _replay(self, args: Sequence[Any], batch: int) -> Any:
        import torch

        with self._lock:
            views = self._views.get(batch)
            if views is None:
                views = self._views[batch] = self._make_views(batch)
            graph, static_in, static_out = views
            stream = torch.cuda.current_stream(args[0].device)
            if stream != self._last_stream:  # order after the previous caller's copy-out on its stream
                self._done.record(self._last_stream)
                stream.wait_event(self._done)
                self._last_stream = stream
            for dst, src in zip(static_in, args, strict=False):
                dst.copy_(src)
            graph.replay()
            if isinstance(static_out, torch.Tensor):
                return static_out.clone()
            return torch.utils._pytree.tree_map(lambda t: t.clone() if isinstance(t, torch.Tensor) else t, static_out)

    def _make_views(self, batch: int) -> tuple[Any, list[Any], Any]:
        import torch

        bucket = bucket_for(batch, self.buckets)
        if bucket not in self._graphs:
            raise UsageError("These CUDA graphs were reset while in use.", "call the model again to capture new ones")
        cut = lambda t: t.narrow(self.batch_dim, 0, batch) if isinstance(t, torch.Tensor) else t  # noqa: E731
        out = torch.utils._pytree.tree_map(cut, self._static_out[bucket])
        return self._graphs[bucket], [cut(t) for t in self._static_in[bucket]], out

    def reset(self) -> None:
        """Release the graphs, their pool and static buffers; the next call captures again."""
        with self._lock:
            self._graphs.clear()
            self._static_in.clear()
            self._static_out.clear()
            self._views.clear()
            self._signature = None
            self._done = self._last_stream = None

    def __enter__(self) -> BucketedCUDAGraphs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.reset()

    def __repr__(self) -> str:
        return (
            f"BucketedCUDAGraphs(buckets={self.buckets}, captured={self.captured}, capture_count={self.capture_count})"
        )
