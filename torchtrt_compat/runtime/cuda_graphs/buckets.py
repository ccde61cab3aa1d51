"""Bucket arithmetic and what a call may pass: which bucket a batch runs in, how a batch above the largest is cut.

Pure Python (torch only inside `signature_of` and `require_tensors`), so the arithmetic is testable anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..._errors import UsageError

DEFAULT_BUCKETS: tuple[int, ...] = (1, 2, 4, 8, 16, 32)

Signature = tuple[Any, ...]  #: per input: (shape without the batch dimension, dtype, device)


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


def require_tensors(args: Sequence[Any]) -> list[Any]:
    """``args`` as a list; raises `UsageError` naming what is not a tensor."""
    import torch

    bad = [type(a).__name__ for a in args if not isinstance(a, torch.Tensor)]
    if bad:
        raise UsageError(
            f"BucketedCUDAGraphs takes tensors with a batch dimension only; got {', '.join(bad)}.",
            "bind other arguments with functools.partial or a small wrapper module",
        )
    return list(args)


def signature_of(args: Sequence[Any], batch_dim: int) -> Signature:
    """Each input's shape without ``batch_dim``, its dtype and device: what the graphs are captured for."""
    shapes = []
    for t in args:
        if t.dim() <= batch_dim:
            raise UsageError(
                f"Input of shape {tuple(t.shape)} has no batch dimension {batch_dim}.",
                "pass batch_dim= matching your inputs",
            )
        shape = list(t.shape)
        del shape[batch_dim]
        shapes.append((tuple(shape), t.dtype, t.device))
    return tuple(shapes)


def batch_of(inputs: Sequence[Any], signature: Signature | None, batch_dim: int) -> int:
    """The common batch size of ``inputs``; raises `UsageError` unless they match ``signature`` (what the graphs
    were captured for) in everything else."""
    try:
        batch = inputs[0].shape[batch_dim]
        same = len(inputs) == len(signature or ()) and all(
            t.shape[batch_dim] == batch
            and t.dtype == dtype
            and t.device == device
            and t.shape[:batch_dim] + t.shape[batch_dim + 1 :] == rest
            for t, (rest, dtype, device) in zip(inputs, signature or (), strict=False)
        )
    except (AttributeError, IndexError):
        same = False
    if not same or batch < 1:
        got = signature_of(require_tensors(inputs), batch_dim)
        raise UsageError(
            "Inputs differ from the captured ones in more than the batch size, or their batch sizes differ "
            f"(captured {signature}, got {got}); graphs are never re-captured.",
            "use one BucketedCUDAGraphs per input shape, or call reset() to capture again",
        )
    return int(batch)
