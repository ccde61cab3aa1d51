"""Test gates: `gpu` tests need a visible CUDA device, `trt_gpu` tests need one the TensorRT flavour can run."""

from __future__ import annotations

import functools

import pytest


@functools.lru_cache(maxsize=1)
def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


@functools.lru_cache(maxsize=1)
def _trt_gpu_reason() -> str | None:
    """None when an installed TensorRT flavour can execute engines on GPU 0, else why not."""
    if not _cuda_available():
        return "no CUDA device visible"
    from torchtrt_compat.env import detect_environment

    env = detect_environment()
    if env.flavour is None:
        return "no TensorRT flavour installed"
    from torchtrt_compat.checker import gpu_supported

    gpu = env.gpus[0] if env.gpus else None
    if gpu is None or not gpu_supported(env.flavour, env.tensorrt_version, gpu.compute_capability):
        cc = gpu.compute_capability if gpu else "unknown"
        return f"{env.flavour} cannot run engines on compute capability {cc}"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "gpu" in item.keywords and not _cuda_available():
            item.add_marker(pytest.mark.skip(reason="needs a CUDA device (run on the GPU machine)"))
        if "trt_gpu" in item.keywords:
            reason = _trt_gpu_reason()
            if reason:
                item.add_marker(pytest.mark.skip(reason=f"needs a GPU TensorRT can run: {reason}"))
