"""Guards that keep the module's type: a compiled GraphModule stays a GraphModule (as torch_tensorrt returns it).

`install_runtime_guards` adds a forward pre-hook and an always-called forward hook: every call first checks that the
calling thread's current device is the one the engines were built for (a clear `IncompatibleError` instead of a
wrong-device launch), then makes that device's primary CUDA context current and restores the previous one after.
"""

from __future__ import annotations

import threading
from typing import Any

from .._lazy import is_installed
from ._device import DeviceLike, resolve_device_index
from .context import primary_context
from .pinning import check_device

_STATE = threading.local()
#: the attribute a module built for a range of input shapes carries: its inputs' profiles, as an artifact's manifest
#: lists them (``min_shape``/``max_shape`` per input); EngineArtifact.runnable_module() and attach() set it
PROFILE_ATTR = "torchtrt_compat_input_profiles"


def profile_batch_range(module: Any, batch_dim: int = 0) -> tuple[int, int] | None:
    """(min, max) of axis ``batch_dim`` shared by every tensor input of a module carrying input profiles
    (`PROFILE_ATTR`); None when it carries none or its inputs disagree."""
    specs = getattr(module, PROFILE_ATTR, None)
    spans = set()
    for spec in specs if isinstance(specs, list) else []:
        lo = spec.get("min_shape", spec.get("shape")) if isinstance(spec, dict) else None
        hi = spec.get("max_shape", spec.get("shape")) if isinstance(spec, dict) else None
        if isinstance(lo, list) and isinstance(hi, list) and len(lo) > batch_dim and len(hi) > batch_dim:
            spans.add((int(lo[batch_dim]), int(hi[batch_dim])))
    return spans.pop() if len(spans) == 1 else None


def install_runtime_guards(module: Any, device: DeviceLike = None, *, context: bool = True) -> list[Any]:
    """Guard every ``module(...)`` call; returns the hook handles (``h.remove()`` undoes it)."""
    index = resolve_device_index(device)
    what = f"{type(module).__name__} (built for cuda:{index})"

    def before(mod: Any, args: Any) -> None:
        # Push first: when the device check raises, PyTorch still runs the always_call post-hook, which must pop
        # this call's entry and not an outer guarded module's.
        stack = _STATE.__dict__.setdefault("stack", [])
        stack.append(None)
        check_device(index, what=what)
        if context:
            stack[-1] = primary_context(index)

    def after(mod: Any, args: Any, output: Any) -> None:
        stack = getattr(_STATE, "stack", [])
        if stack:
            guard = stack.pop()
            if guard is not None:
                guard.restore()

    return [module.register_forward_pre_hook(before), module.register_forward_hook(after, always_call=True)]


def guard_runtime(module: Any, device: Any, *, context: bool = True) -> str | None:
    """Check the calling thread's device and hold the primary CUDA context on every call (cuda-python needed).

    Returns a warning for the caller's report when the context guard is off, else None.
    """

    gpu_id = getattr(device, "gpu_id", None)  # a torch_tensorrt.Device
    index = gpu_id if isinstance(gpu_id, int) else resolve_device_index(device or "cuda")  # "cuda": the current one
    use_context = context and is_installed("cuda")
    install_runtime_guards(module, index, context=use_context)
    if context and not use_context:
        return "CUDA context guard off: cuda-python is not installed (pip install cuda-python)"
    return None
