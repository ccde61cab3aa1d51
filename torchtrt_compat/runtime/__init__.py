"""Runtime helpers for deployed models: CUDA context guard, bucketed CUDA graphs, device pinning, caches,
memory reports, benchmarking and async streams.

Importing this package imports no torch, CUDA or TensorRT module; each helper imports what it needs when called.
"""

from __future__ import annotations

from .bench import BenchResult as BenchResult, bench as bench
from .caches import (
    CacheKey as CacheKey,
    compile_cache_kwargs as compile_cache_kwargs,
    load_timing_cache as load_timing_cache,
    save_timing_cache as save_timing_cache,
)
from .context import (
    ContextReport as ContextReport,
    diagnose_context as diagnose_context,
    ensure_primary_context as ensure_primary_context,
    guarded as guarded,
    primary_context as primary_context,
)
from .cuda_graphs import BucketedCUDAGraphs as BucketedCUDAGraphs
from .cuda_graphs.planner import AutoBuckets as AutoBuckets
from .memory import MemoryReport as MemoryReport, memory_report as memory_report
from .pinning import (
    DeviceChecked as DeviceChecked,
    check_device as check_device,
    pin_device as pin_device,
    pinned_executor as pinned_executor,
)
from .streams import AsyncResult as AsyncResult, infer_async as infer_async

__all__ = [
    "AsyncResult",
    "AutoBuckets",
    "BenchResult",
    "BucketedCUDAGraphs",
    "CacheKey",
    "ContextReport",
    "DeviceChecked",
    "MemoryReport",
    "bench",
    "check_device",
    "compile_cache_kwargs",
    "diagnose_context",
    "ensure_primary_context",
    "guarded",
    "infer_async",
    "load_timing_cache",
    "memory_report",
    "pin_device",
    "pinned_executor",
    "primary_context",
    "save_timing_cache",
]
