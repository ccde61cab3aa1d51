"""Device arguments in every spelling users write them, resolved to one CUDA device index."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Union

from .._errors import IncompatibleError, UsageError
from .._lazy import require

if TYPE_CHECKING:
    import torch

DeviceLike = Union[int, str, "torch.device", None]


def parse_device_index(device: Any) -> int | None:
    """The CUDA index in ``device`` (``0``, ``"cuda:1"``, ``torch.device("cuda", 1)``); None for bare ``"cuda"``/None.

    Pure: does not import torch or touch CUDA, so it can be tested anywhere.
    """
    if device is None:
        return None
    if isinstance(device, bool):
        raise UsageError(
            f"Device {device!r} is not a CUDA device.", "pass an index such as 0 or a string such as 'cuda:0'"
        )
    if isinstance(device, int):
        if device < 0:
            raise UsageError(f"Device index {device} is negative.", "pass 0 or a positive index such as 'cuda:1'")
        return device
    type_ = getattr(device, "type", None)
    if type_ is not None:  # torch.device without importing torch
        if type_ != "cuda":
            raise UsageError(f"Device {device} is not a CUDA device.", "pass a CUDA device such as 'cuda:0'")
        return getattr(device, "index", None)
    if isinstance(device, str):
        text = device.strip().lower()
        if text == "cuda":
            return None
        if text.startswith("cuda:") and text[5:].isdigit():
            return int(text[5:])
        if text.isdigit():
            return int(text)
    raise UsageError(
        f"Cannot read a CUDA device from {device!r}.", "pass an index such as 0 or a string such as 'cuda:0'"
    )


def resolve_device_index(device: DeviceLike) -> int:
    """`parse_device_index`, with None and bare ``"cuda"`` meaning torch's current device; checks it exists."""
    torch = torch_module()
    index = parse_device_index(device)
    if not torch.cuda.is_available():
        raise IncompatibleError(
            "No CUDA device is visible to torch.",
            "run on a machine with an NVIDIA GPU and a CUDA build of torch (check CUDA_VISIBLE_DEVICES)",
        )
    count = torch.cuda.device_count()
    if index is None:
        return int(torch.cuda.current_device())
    if index >= count:
        raise UsageError(
            f"CUDA device {index} does not exist: torch sees {count} device(s).",
            f"pass an index below {count} (check CUDA_VISIBLE_DEVICES)",
        )
    return index


@functools.lru_cache(maxsize=1)
def torch_module() -> Any:
    """torch, imported on first use (the runtime helpers import it only when they run)."""
    return require("torch", "for the CUDA runtime helpers")


def normalise_device(device: Any) -> Any:
    """``"cuda"`` / ``torch.device("cuda")`` -> ``"cuda:N"`` with N the current device (0 without a GPU)."""
    text = str(device)
    if text != "cuda":
        return device
    index = 0
    try:
        import torch

        if torch.cuda.is_available():
            index = torch.cuda.current_device()
    except ImportError:
        pass
    return f"cuda:{index}"
