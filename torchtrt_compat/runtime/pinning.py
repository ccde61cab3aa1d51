"""Pin models to a GPU, whatever the calling thread's current device is.

torch's current device is per thread and starts at 0 in every new thread. A TensorRT engine runs on the device it
was built for; called from a thread whose current device is another GPU (a web server's worker pool, say) it fails
with obscure errors or silently copies. `pin_device` sets the device around each call and restores the thread's
previous device; `pinned_executor` pins a pool's worker threads; `DeviceChecked` refuses the call with a clear
error instead.
"""

from __future__ import annotations

import concurrent.futures
from typing import Any

from .._errors import IncompatibleError
from ._device import DeviceLike, parse_device_index, resolve_device_index, torch_module
from ._wrap import CallWrapper


class DevicePinned(CallWrapper):
    """Calls the wrapped module with ``device`` current, then restores the thread's previous device."""

    def __init__(self, wrapped: Any, device: DeviceLike) -> None:
        super().__init__(wrapped)
        object.__setattr__(self, "device", resolve_device_index(device))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        with torch_module().cuda.device(self.device):
            return self.__wrapped__(*args, **kwargs)

    def _repr_extra(self) -> str:
        return f", device='cuda:{self.device}'"


def pin_device(module: Any, device: DeviceLike) -> DevicePinned:
    """Wrap ``module`` so that each call, from any thread, runs with ``device`` as the current device."""
    return DevicePinned(module, device)


def pinned_executor(device: DeviceLike, max_workers: int | None = None) -> concurrent.futures.ThreadPoolExecutor:
    """A thread pool whose workers all have ``device`` as their current CUDA device."""
    index = resolve_device_index(device)
    return concurrent.futures.ThreadPoolExecutor(
        max_workers=max_workers,
        thread_name_prefix=f"cuda{index}",
        initializer=torch_module().cuda.set_device,
        initargs=(index,),
    )


def check_device(expected: DeviceLike, current: int | None = None, what: str = "This model") -> None:
    """Raise `IncompatibleError` unless ``current`` (default: this thread's current device) is ``expected``."""
    want = parse_device_index(expected)
    want = 0 if want is None else want
    have = int(torch_module().cuda.current_device()) if current is None else current
    if have != want:
        import threading

        raise IncompatibleError(
            f"{what} was built for cuda:{want}, but thread {threading.current_thread().name!r} has cuda:{have} "
            "as its current device, and a TensorRT engine only runs on the device it was built for.",
            f"call it inside `with torch.cuda.device({want}):`, wrap it with "
            f"`torchtrt_compat.runtime.pin_device(model, 'cuda:{want}')`, or run it in "
            f"`torchtrt_compat.runtime.pinned_executor('cuda:{want}')`",
        )


class DeviceChecked(CallWrapper):
    """Records the device a model was built for and raises a clear error when called from another one."""

    def __init__(self, wrapped: Any, device: DeviceLike) -> None:
        super().__init__(wrapped)
        index = parse_device_index(device)
        object.__setattr__(self, "device", resolve_device_index(device) if index is None else index)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        check_device(self.device, what=f"This {type(self.__wrapped__).__name__}")
        return self.__wrapped__(*args, **kwargs)

    def _repr_extra(self) -> str:
        return f", device='cuda:{self.device}'"
