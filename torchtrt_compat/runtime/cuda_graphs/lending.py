"""Lent results: an instance's lend buffers, when they may be written again, and in what order.

Each bucket is captured a second time as a *lend graph*: the module, then a copy of its outputs into the instance's
lend buffers (the largest bucket's output rows, allocated outside the graph pool). A call replays it and returns views
of the buffers. What makes that as safe as a tensor from torch's caching allocator:

- **Nothing holds them.** The buffers are written again only once nothing outside holds what was lent last: not the
  views (Python references, or C++ ones such as a DLPack capsule), not a tensor made from them (a view, a reshape,
  ``detach()``, a NumPy array: the storage's use count), not the storage object. The test torch's CUDA-graph trees
  make before they reuse outputs that live in a graph's memory (`Lender.free`).
- **Ordered like a freed block.** A freed allocator block is reused in the order of the stream it was used on. Here
  the write that reuses the buffers is ordered after everything enqueued, by the time of the reuse, on the stream of
  the last lend (an event recorded there then; nothing when the stream is the same, the fast path).
- **record_stream.** ``Tensor.record_stream`` marks allocator blocks; a lend buffer is never freed while its
  instance lives, so the mark is not seen when the buffer is written again. The rule for reads on another stream is
  torch's other one: make the stream the result was returned on wait for that stream (``wait_stream`` or
  ``wait_event``) before dropping the result. Each buffer is ``record_stream``-ed for every stream it was lent to,
  so that its memory, once the instance is gone and the last view dropped, is reused by the allocator only after
  the work of those streams.
"""

from __future__ import annotations

import functools
import sys
from typing import Any


class Lending:
    """What a lend graph captures: the module, then a copy of its outputs into the first ``rows`` of the lend
    buffers."""

    def __init__(self, module: Any, buffers: list[Any], rows: int, batch_dim: int) -> None:
        self.module, self.targets = module, [t.narrow(batch_dim, 0, rows) for t in buffers]

    def __call__(self, *inputs: Any) -> None:
        import torch

        torch._foreach_copy_(self.targets, output_plan(self.module(*inputs))[0])


class Lender:
    """One instance's lend buffers, what it lent last, and on which stream. Used by the one caller that holds the
    instance, so it needs no lock."""

    __slots__ = ("buffers", "lent", "storages", "refs", "uses", "lends", "stream", "raw", "seen", "event")

    def __init__(self, buffers: list[Any], views: list[Any]) -> None:
        """Keep the buffers and measure what `free` compares against while nobody outside holds them: each
        storage's use count (the buffers and every entry's views) and the reference counts of a view (``views``)
        and of a storage."""
        import torch

        self.buffers = buffers
        self.lent: list[Any] | None = None  #: the views handed out last (None: none yet)
        self.uses = torch._C._storage_Use_Count
        # torch hands out this same storage object to anyone who asks (`untyped_storage()`): their references show
        self.storages = [(st, st._cdata, self.uses(st._cdata)) for st in (t.untyped_storage() for t in buffers)]
        self.refs = measure(views, self.storages)
        self.lends = 0  #: calls answered with these buffers
        self.stream: Any = None  #: the torch stream of the last lend
        self.raw: int | None = None  #: its raw handle
        self.seen: set[int] = set()  #: streams the buffers were lent to (each recorded on the buffers once)
        self.event: Any = None

    def free(self) -> bool:
        """Whether nothing outside holds what was lent last (see the module docstring)."""
        lent = self.lent
        if lent is None:
            return True
        for view in lent:
            if sys.getrefcount(view) != self.refs[0] or view._use_count() != 1:
                return False
        for storage, cdata, uses in self.storages:
            if sys.getrefcount(storage) != self.refs[1] or self.uses(cdata) != uses:
                return False
        return True

    def reuse_on(self, raw: int, stream: Any) -> None:
        """Before a write on ``stream`` (raw handle ``raw``, not the last lend's): order it after everything
        enqueued so far on the stream of the last lend, and mark the buffers as used on ``stream``."""
        if self.raw is not None:
            if self.event is None:
                import torch

                self.event = torch.cuda.Event()
            self.event.record(self.stream)
            stream.wait_event(self.event)
        if raw not in self.seen:
            self.seen.add(raw)
            for t in self.buffers:
                t.record_stream(stream)
        self.stream, self.raw = stream, raw


def measure(views: list[Any], storages: list[tuple[Any, int, int]]) -> tuple[int, int]:
    """The reference counts `Lender.free` sees for a view and for a storage nobody outside holds (the same loops, so
    the same references)."""
    most = [0, 0]
    for view in views:
        most[0] = max(most[0], sys.getrefcount(view))
    for storage, _cdata, _uses in storages:
        most[1] = max(most[1], sys.getrefcount(storage))
    return most[0], most[1]


def output_plan(out: Any) -> tuple[list[Any], Any]:
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
