"""How much GPU memory a model needs: weights, TensorRT engine scratch, and what one run takes from the allocator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..ux.display import compact_repr, key_values, panel
from ._device import torch_module


@dataclass(frozen=True)
class MemoryReport:
    """Bytes; None where the value cannot be known here (no CUDA, no engine)."""

    device: str
    weights_bytes: int | None
    parameters_bytes: int | None
    buffers_bytes: int | None
    engine_device_bytes: int | None  # TensorRT execution-context scratch, when the module exposes its engines
    peak_allocated_bytes: int | None  # torch allocator peak during one run, above what was allocated before it
    allocated_delta_bytes: int | None  # allocated after the run minus before (outputs kept alive)
    device_used_delta_bytes: int | None  # cudaMemGetInfo: device memory used after minus before (all allocators)
    device_total_bytes: int | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def _rows(self) -> list[tuple[str, int | None]]:
        return [
            ("weights", self.weights_bytes),
            ("  parameters", self.parameters_bytes),
            ("  buffers", self.buffers_bytes),
            ("engine device memory", self.engine_device_bytes),
            ("allocator peak (one run)", self.peak_allocated_bytes),
            ("allocator delta", self.allocated_delta_bytes),
            ("device used delta", self.device_used_delta_bytes),
            ("device total", self.device_total_bytes),
        ]

    def __str__(self) -> str:
        rows = self._rows()
        return "\n".join([f"memory report ({self.device})"] + [f"  {k:<26}{_fmt(v)}" for k, v in rows])

    def __repr__(self) -> str:
        known = ", ".join(f"{k.strip()} {_short_bytes(v)}" for k, v in self._rows() if v is not None)
        return compact_repr(f"MemoryReport ({self.device})", known or "nothing measurable here")

    def _repr_html_(self) -> str:
        rows = [(k.replace("  ", "\u2003"), _fmt(v)) for k, v in self._rows()]
        return panel(f"Memory report ({self.device})", key_values(rows))


def _short_bytes(n: int) -> str:
    for power, unit in ((3, "GiB"), (2, "MiB"), (1, "KiB")):
        if abs(n) >= 1024**power:
            return f"{n / 1024**power:.1f} {unit}"
    return f"{n} B"


def _fmt(n: int | None) -> str:
    if n is None:
        return "n/a"
    if abs(n) < 1024:
        return f"{n:,} B"
    for power, unit in ((3, "GiB"), (2, "MiB"), (1, "KiB")):
        if abs(n) >= 1024**power:
            return f"{n / 1024**power:.2f} {unit} ({n:,} B)"
    return f"{n:,} B"  # pragma: no cover


def weight_bytes(module: Any) -> tuple[int | None, int | None]:
    """(parameters, buffers) bytes, each tensor counted once even if shared; (None, None) for a non-module."""
    if not hasattr(module, "parameters") or not hasattr(module, "buffers"):
        return None, None

    def total(tensors: Any) -> int:
        seen, n = set(), 0
        for t in tensors:
            key = (t.device, t.data_ptr()) if t.numel() else id(t)
            if key not in seen:
                seen.add(key)
                n += t.numel() * t.element_size()
        return n

    return total(module.parameters()), total(module.buffers())


def engine_device_bytes(module: Any) -> int | None:
    """Device memory TensorRT engines inside ``module`` reserve per execution context, if they say; else None."""
    modules = module.modules() if hasattr(module, "modules") else [module]
    found, total = False, 0
    for m in modules:
        engine = getattr(m, "engine", None)
        if engine is None:
            continue
        for attr in ("device_memory_size_v2", "device_memory_size", "get_device_memory_budget"):
            value = getattr(engine, attr, None)
            if callable(value):
                value = value()
            if isinstance(value, int):
                found, total = True, total + value
                break
    return total if found else None


def memory_report(module: Any, inputs: Sequence[Any] | Any) -> MemoryReport:
    """Run ``module(*inputs)`` once under no_grad and report its memory; on CPU only the weights are known."""
    torch = torch_module()
    args = tuple(inputs) if isinstance(inputs, (list, tuple)) else (inputs,)
    params, buffers = weight_bytes(module)
    weights = None if params is None else params + (buffers or 0)
    device = next((a.device for a in args if isinstance(a, torch.Tensor)), torch.device("cpu"))
    engine = engine_device_bytes(module)
    if device.type != "cuda":
        with torch.no_grad():
            module(*args)
        return MemoryReport(str(device), weights, params, buffers, engine, None, None, None, None)
    with torch.cuda.device(device):
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        before = torch.cuda.memory_allocated()
        free_before, total = torch.cuda.mem_get_info()
        with torch.no_grad():
            out = module(*args)
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated() - before
        after = torch.cuda.memory_allocated() - before
        free_after, _ = torch.cuda.mem_get_info()
        del out
    return MemoryReport(str(device), weights, params, buffers, engine, peak, after, free_before - free_after, total)
