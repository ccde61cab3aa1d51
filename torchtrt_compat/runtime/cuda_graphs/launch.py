"""Copy-in and replay through the CUDA driver while holding the GIL: a call releases the GIL nowhere.

Every torch call that launches work (``copy_``, ``CUDAGraph.replay``) releases the GIL and takes it back. With many
client threads, each such hand-off costs more than the call itself (measured: `docs/runtime.md`). The driver's
``cuMemcpyDtoDAsync`` and ``cuGraphLaunch`` only enqueue work (microseconds), so calling them through
``ctypes.PyDLL``, which keeps the GIL, costs less than giving the GIL away. Nothing is compiled: ``libcuda.so.1``
is part of the NVIDIA driver, present wherever torch runs on a GPU.

Used only where it is exactly what torch would do (`BucketedCUDAGraphs` checks each call): a contiguous input of the
captured shape and dtype, the calling thread's current device the graphs' own, and a graph that draws no random
numbers (torch's replay advances the generator's offset for those; a replay here would repeat them). Any driver
error falls back to torch's path for that call: nothing is enqueued twice that matters (a copy-in repeated writes the
same bytes).
"""

from __future__ import annotations

import ctypes
import sys
import threading
import warnings
from typing import Any

_LOADED: list[Any] = []
_LOCK = threading.Lock()


class DriverLaunch:
    """The driver entry points, bound with ``ctypes.PyDLL`` (the GIL stays held; each returns a CUresult)."""

    def __init__(self, lib: Any) -> None:
        self.create_stream = lib.cuStreamCreate
        self.create_stream.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint]
        self.create_stream.restype = ctypes.c_int
        self.copy = lib.cuMemcpyDtoDAsync_v2
        self.copy.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_size_t, ctypes.c_void_p]
        self.copy.restype = ctypes.c_int
        self.launch = lib.cuGraphLaunch
        self.launch.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.launch.restype = ctypes.c_int


def driver_launch() -> DriverLaunch | None:
    """The process's `DriverLaunch`, or None where the driver library cannot be bound (not Linux, no driver)."""
    with _LOCK:
        if not _LOADED:
            launcher = None
            if sys.platform.startswith("linux"):
                try:
                    launcher = DriverLaunch(ctypes.PyDLL("libcuda.so.1"))
                except (OSError, AttributeError):
                    launcher = None
            _LOADED.append(launcher)
        return _LOADED[0]


def own_stream() -> Any:
    """A non-blocking stream of the current device that nobody else is handed, or None where the driver cannot
    make one. torch's streams come from a pool of 32 per device handed out in turn, so a stream a client thread asks
    for (``torch.cuda.Stream()``) can be the very stream a background capture runs on: its work would be captured."""
    import torch

    launcher = driver_launch()
    if launcher is None:
        return None
    torch.cuda.synchronize()  # the runtime makes the device's context current in this thread
    handle = ctypes.c_void_p()
    if launcher.create_stream(ctypes.byref(handle), 1):  # CU_STREAM_NON_BLOCKING
        return None
    with warnings.catch_warnings():  # a later torch prefers Stream.from_external; this one has ExternalStream
        warnings.simplefilter("ignore", DeprecationWarning)
        return torch.cuda.ExternalStream(handle.value, device=torch.cuda.current_device())


def graph_exec(graph: Any) -> int | None:
    """The ``cudaGraphExec_t`` of a captured torch graph, or None where this torch does not expose it."""
    try:
        return int(graph.raw_cuda_graph_exec())
    except (AttributeError, RuntimeError, TypeError):
        return None


def draws_random_numbers(graph: Any, device: int) -> bool:
    """Whether replaying ``graph`` advances the device's default generator (replays it once, through torch)."""
    import torch

    generator = torch.cuda.default_generators[device]
    try:
        before = generator.get_offset()
        graph.replay()
        return bool(generator.get_offset() != before)
    except (AttributeError, RuntimeError):  # no offset to read on this torch: assume it does
        return True
