"""The described target every compatibility test starts from: torch-tensorrt 2.14.0 with its pinned torch,
torchvision and TensorRT on an H100 (versions from the rows of ``torchtrt_compat/data/matrix.json``), changed per
test with `target_spec`. Module-level data (parametrize tables use it), imported as ``from _specs import ...``."""

from __future__ import annotations

import copy
from typing import Any

H100 = {"name": "NVIDIA H100 80GB HBM3", "compute_capability": "9.0"}
DRIVER_580 = "580.95.05"
GOOD: dict[str, Any] = {
    "platform": "linux_x86_64",
    "python": "3.12",
    "torch": "2.14.0+cu130",
    "torchvision": "0.29.0",
    "torch_tensorrt": {"package": "torch-tensorrt", "version": "2.14.0"},
    "tensorrt": {"package": "tensorrt-cu13", "version": "11.1.0.106"},
    "driver": DRIVER_580,
    "gpus": [H100],
}


def target_spec(**changes: Any) -> dict[str, Any]:
    """A fresh copy of `GOOD` with ``changes`` applied (a key set to None is an unknown fact)."""
    spec = copy.deepcopy(GOOD)
    spec.update(changes)
    return spec
