"""Checks shared by the decompositions: a user's mixed devices get a clear error instead of a FakeTensor one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .._errors import UsageError, exception_text

if TYPE_CHECKING:
    import torch


def check_same_device(op: str, tensors: dict[str, torch.Tensor | None]) -> None:
    """Raise `UsageError` naming every tensor and its device when ``tensors`` do not share one device.

    Without this, export fails deep inside FakeTensor with "Unhandled FakeTensor Device Propagation", which names
    neither the tensors nor the fix.
    """
    present = {name: t for name, t in tensors.items() if t is not None}
    devices = {str(t.device) for t in present.values()}
    if len(devices) <= 1:
        return
    listing = ", ".join(f"{name} on {t.device}" for name, t in present.items())
    raise UsageError(
        f"{op} got tensors on different devices: {listing}.",
        "move the model and its inputs to one device before export, e.g. `model.to('cuda')` and "
        "`x = x.to('cuda')`; tensors kept as plain attributes (not parameters or buffers) are not moved by "
        "`model.to()`, so register them with `register_buffer`",
    )


_OLD_MESSAGE = re.compile(
    r"Unhandled FakeTensor Device Propagation for (\S+), found two different devices (\S+), (\S+)"
)


def explain_device_mismatch(exc: BaseException) -> UsageError | None:
    """The `UsageError` to raise instead of FakeTensor's device-mismatch error from export, or None if ``exc``
    (or an exception it was raised from) is not one.

    Recent torch raises ``FakeTensorDeviceMismatchError`` (with ``func`` and both devices); older releases raise a
    RuntimeError reading "Unhandled FakeTensor Device Propagation for OP, found two different devices A, B".
    """
    seen: BaseException | None = exc
    while seen is not None:
        func = getattr(seen, "func", None)
        first, second = getattr(seen, "common_device", None), getattr(seen, "device", None)
        match = _OLD_MESSAGE.search(exception_text(seen))
        if match:
            func, first, second = match.groups()
        if func is not None and first is not None and second is not None:
            return UsageError(
                f"{func} got tensors on two devices, {first} and {second}, while exporting.",
                "move the model and every input to one device before export (`model.to(device)`, "
                "`x.to(device)`); tensors kept as plain module attributes are not moved by `model.to()`, so "
                "register them with `register_buffer`",
            )
        seen = seen.__cause__ or seen.__context__
    return None
