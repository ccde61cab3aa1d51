"""Keep work on the device's *primary* CUDA context, the one torch uses.

A CUDA resource (a loaded module, a TensorRT execution context, a cuBLAS handle, an event) belongs to the context
that was current when it was made. If another library (an old PyCUDA ``make_context()``, a video decoder, a
driver-API plugin) leaves its own "foreign" context current on a thread, work that uses a resource made in the
primary context fails with CUDA_ERROR_INVALID_HANDLE (400) or "invalid argument", and torch resources made while
the foreign context was current break once it is destroyed. `primary_context` makes the primary context current for
a block and then restores exactly what was current before, "no context" included.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from .._errors import IncompatibleError, MissingDependencyError, UsageError
from .._lazy import install_extra
from ..ux.display import compact_repr, key_values, panel
from ._device import DeviceLike, resolve_device_index, torch_module
from ._wrap import CallWrapper

T = TypeVar("T")

_lock = threading.Lock()
_primary_handles: dict[int, Any] = {}  # device index -> CUcontext, retained once for the process


@functools.lru_cache(maxsize=1)
def driver() -> Any:
    """cuda-python's CUDA driver API module (``cuda.bindings.driver``, or ``cuda.cuda`` before 12.6), initialised."""
    try:
        from cuda.bindings import driver as drv  # cuda-python >= 12.6
    except ImportError:
        try:
            from cuda import cuda as drv  # cuda-python < 12.6
        except ImportError as exc:
            raise MissingDependencyError(
                "Python package 'cuda-python' is not installed (needed to manage CUDA contexts).",
                f"{install_extra('runtime')} (or: pip install cuda-python)",
            ) from exc
    try:
        result = drv.cuInit(0)
    except Exception as exc:  # cuda-python raises when libcuda.so itself is missing
        raise IncompatibleError(
            f"The NVIDIA driver library could not be loaded ({exc}).",
            "run on a machine with an NVIDIA GPU and driver; CUDA contexts do not exist without one",
        ) from exc
    cuda_call(result, "cuInit")
    return drv


def cuda_call(result: Any, what: str) -> Any:
    """Unpack a cuda-python ``(err, *values)`` tuple, raising on any error; returns the value(s)."""
    err, *values = result if isinstance(result, tuple) else (result,)
    if int(err) != 0:
        raise IncompatibleError(
            f"CUDA driver call {what} failed with {_error_name(err)} ({int(err)}).",
            "check that the GPU is visible (nvidia-smi) and the driver is at least as new as the CUDA in torch",
        )
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


def _error_name(err: Any) -> str:
    name = getattr(err, "name", None)
    return str(name) if name else f"CUresult {int(err)}"


def _handle(ctx: Any) -> int:
    return int(ctx) if ctx is not None else 0


def current_context() -> int:
    """The handle of the context current on this thread, 0 when none is."""
    return _handle(cuda_call(driver().cuCtxGetCurrent(), "cuCtxGetCurrent"))


def _primary(index: int) -> Any:
    with _lock:
        ctx = _primary_handles.get(index)
        if ctx is None:
            drv = driver()
            dev = cuda_call(drv.cuDeviceGet(index), "cuDeviceGet")
            ctx = cuda_call(drv.cuDevicePrimaryCtxRetain(dev), "cuDevicePrimaryCtxRetain")
            _primary_handles[index] = ctx
        return ctx


def ensure_primary_context(device: DeviceLike = None) -> int:
    """Create torch's primary context on ``device`` (as torch does) before TensorRT or ONNX Runtime touch CUDA.

    Runs torch's lazy initialisation under `primary_context`, so it cannot land in a foreign context that happens to
    be current. Returns the primary context's handle.
    """

    torch = torch_module()
    index = resolve_device_index(device)
    with primary_context(index):
        torch.cuda.init()
        with torch.cuda.device(index):
            torch.empty(1, device=f"cuda:{index}")
    return _handle(_primary(index))


class primary_context:
    """Make ``device``'s primary context current on this thread; restore what was current before.

    Works as a block, ``with primary_context(0): ...``, or as a plain call, ``primary_context(0)``, which switches
    until `restore()` is called. Nests, and is per thread, as CUDA contexts are.
    """

    def __init__(self, device: DeviceLike = None) -> None:
        self.device = resolve_device_index(device)
        drv = driver()
        self._previous = cuda_call(drv.cuCtxGetCurrent(), "cuCtxGetCurrent")
        self._primary = _primary(self.device)
        self._restored = False
        if _handle(self._previous) != _handle(self._primary):
            cuda_call(drv.cuCtxSetCurrent(self._primary), "cuCtxSetCurrent")

    @property
    def previous(self) -> int:
        """The handle that was current before (0: no context)."""
        return _handle(self._previous)

    def restore(self) -> None:
        """Put back the context that was current before; a second call does nothing."""
        if self._restored:
            return
        self._restored = True
        if current_context() != self.previous:
            # CUcontext(0) pops the primary back off an empty stack: "no context" is restored too.
            prev = self._previous if self._previous is not None else driver().CUcontext(0)
            cuda_call(driver().cuCtxSetCurrent(prev), "cuCtxSetCurrent")

    def __enter__(self) -> primary_context:
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()


@dataclass(frozen=True)
class ContextReport:
    """Which CUDA context is current on this thread and whether it is a device's primary one."""

    thread: str
    current: int  # 0: none
    current_device: int | None
    primary: dict[int, int | None] = field(default_factory=dict)  # device -> handle, None if not yet created
    is_primary: bool = False
    foreign: bool = False
    explanation: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        lines = [f"thread {self.thread}: current context 0x{self.current:x} (device {self.current_device})"]
        lines += [
            f"  device {d} primary: {'not created' if h is None else f'0x{h:x}'}" for d, h in self.primary.items()
        ]
        lines.append(f"  {self.explanation}")
        return "\n".join(lines)

    def _verdict(self) -> tuple[str, str]:
        if self.foreign:
            return "error", "foreign context"
        if self.is_primary:
            return "ok", "primary context"
        return "info", "no context"

    def __repr__(self) -> str:
        _, verdict = self._verdict()
        return compact_repr(
            f"ContextReport thread {self.thread}: {verdict} (0x{self.current:x}, device {self.current_device})",
            self.explanation,
        )

    def _repr_html_(self) -> str:
        tone, verdict = self._verdict()
        rows = [("current context", f"0x{self.current:x} (device {self.current_device})")]
        rows += [(f"device {d} primary", "not created" if h is None else f"0x{h:x}") for d, h in self.primary.items()]
        rows.append(("what it means", self.explanation))
        return panel(f"CUDA context of thread {self.thread}", key_values(rows), tone=tone, verdict=verdict)


def diagnose_context() -> ContextReport:
    """Compare the current context with every device's primary context, without creating any context."""
    drv = driver()
    current = current_context()
    primary: dict[int, int | None] = {}
    for index in range(cuda_call(drv.cuDeviceGetCount(), "cuDeviceGetCount")):
        dev = cuda_call(drv.cuDeviceGet(index), "cuDeviceGet")
        _flags, active = cuda_call(drv.cuDevicePrimaryCtxGetState(dev), "cuDevicePrimaryCtxGetState")
        primary[index] = _handle(_primary(index)) if active else None
    current_device = int(cuda_call(drv.cuCtxGetDevice(), "cuCtxGetDevice")) if current else None
    is_primary = bool(current) and current in primary.values()
    foreign = bool(current) and not is_primary
    if not current:
        text = "No context is current: the next torch CUDA call makes the primary context current."
    elif is_primary:
        text = f"The primary context of device {current_device} is current: torch, TensorRT and ONNX Runtime agree."
    else:
        text = (
            f"A foreign context (not the primary context of device {current_device}) is current. Another library "
            "(PyCUDA make_context(), a decoder, a driver-API plugin) created it. Engines, kernels and handles made in "
            "the primary context fail in it with CUDA_ERROR_INVALID_HANDLE (400), and torch resources made while it "
            "is current break once it is destroyed. Fix: run the model inside "
            "`with torchtrt_compat.runtime.primary_context(device):` or wrap it with `runtime.guarded(model)`."
        )
    return ContextReport(threading.current_thread().name, current, current_device, primary, is_primary, foreign, text)


class Guarded(CallWrapper):
    """Calls the wrapped module with the device's primary context current; see `guarded`."""

    def __init__(self, wrapped: Any, device: DeviceLike = None) -> None:
        super().__init__(wrapped)
        object.__setattr__(self, "device", resolve_device_index(device))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        with primary_context(self.device):
            return self.__wrapped__(*args, **kwargs)

    def _repr_extra(self) -> str:
        return f", device={self.device}"


def guarded(fn_or_module: Callable[..., T], device: DeviceLike = None) -> Callable[..., T]:
    """Wrap a model so every call runs in ``device``'s primary context, whatever another library left current."""
    if isinstance(fn_or_module, Guarded):
        if fn_or_module.device != resolve_device_index(device):
            raise UsageError(
                f"This model is already guarded for cuda:{fn_or_module.device}.",
                "pass the same device, or guard the unwrapped model (`model.__wrapped__`)",
            )
        return fn_or_module
    return Guarded(fn_or_module, device)
