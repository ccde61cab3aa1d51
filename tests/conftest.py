"""Test gates, each defined once. Mark a test and this file decides whether it runs here:

- ``gpu``: needs a visible CUDA device.
- ``trt_gpu``: needs a GPU the installed TensorRT flavour can execute engines on.
- ``cpu_only``: reproduces a host without a GPU (no NVIDIA driver loaded, torch sees no CUDA device).
- ``requires_rtx``: needs torch-tensorrt-rtx + tensorrt-rtx installed (ahead-of-time builds).
- ``pinned_stack``: asserts something of the pinned CPU set (requirements/constraints-cpu.txt), so it runs only
  where exactly that set is installed (the CI venv), not on a GPU machine with its own torch.
"""

from __future__ import annotations

import functools
import importlib.metadata as md
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    """The registry snapshot tests read is the bundled one: a user cache written by `matrix --refresh` on this
    machine would make verdicts depend on the day (tests that need a cache make their own)."""
    os.environ.pop("TORCHTRT_COMPAT_CACHE", None)
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="torchtrt-compat-test-cache-")


PINNED = ("torch", "torchvision", "torch-tensorrt-rtx", "tensorrt-rtx")


@functools.lru_cache(maxsize=1)
def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


@functools.lru_cache(maxsize=1)
def _driver_loaded() -> bool:
    return Path("/proc/driver/nvidia/version").exists()


@functools.lru_cache(maxsize=1)
def _trt_gpu_reason() -> str | None:
    """None when an installed TensorRT flavour can execute engines on GPU 0, else why not."""
    if not _cuda_available():
        return "no CUDA device visible"
    from torchtrt_compat.compatibility.advice import gpu_advice
    from torchtrt_compat.env import detect_environment

    env = detect_environment()
    if env.flavour is None:
        return "no TensorRT flavour installed"
    gpu = env.gpus[0] if env.gpus else None
    advice = gpu_advice(env.flavour, env.tensorrt_version, gpu.compute_capability if gpu else None)
    return advice[0] if advice else (None if gpu else "no GPU visible to NVML")


@functools.lru_cache(maxsize=1)
def _rtx_reason() -> str | None:
    from torchtrt_compat.env import detect_environment

    env = detect_environment()
    return None if env.flavour == "tensorrt-rtx" else "needs TensorRT-RTX (torch-tensorrt-rtx + tensorrt-rtx)"


@functools.lru_cache(maxsize=1)
def _pinned_reason() -> str | None:
    pins = {}
    for line in (ROOT / "requirements" / "constraints-cpu.txt").read_text().splitlines():
        name, _, version = line.partition("==")
        pins[name.strip().lower().replace("_", "-")] = version.strip()
    for dist in PINNED:
        try:
            have = md.version(dist)
        except md.PackageNotFoundError:
            return f"{dist} is not installed (the pinned CPU set is)"
        if have.split("+")[0] != pins.get(dist):
            return f"{dist} {have} is installed, the pinned CPU set has {pins.get(dist)}"
    return None


def _gates() -> dict[str, Callable[[], str | None]]:
    return {
        "gpu": lambda: None if _cuda_available() else "needs a CUDA device (run on the GPU machine)",
        "trt_gpu": lambda: f"needs a GPU TensorRT can run: {r}" if (r := _trt_gpu_reason()) else None,
        "cpu_only": lambda: "reproduces a host without a GPU" if _driver_loaded() or _cuda_available() else None,
        "requires_rtx": _rtx_reason,
        "pinned_stack": lambda: f"asserts the pinned CPU set: {r}" if (r := _pinned_reason()) else None,
    }


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    gates = _gates()
    for item in items:
        for marker, reason_for in gates.items():
            if marker in item.keywords:
                reason = reason_for()
                if reason:
                    item.add_marker(pytest.mark.skip(reason=reason))
