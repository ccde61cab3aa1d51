"""Imported once by the pool's fork server (on hosts without an NVIDIA driver): torch and torch_tensorrt, so that
each build forks from a warm process instead of importing them again (seconds per build).

Only imports happen here: no CUDA context is created and no torch op runs, so nothing a fork must not inherit.
"""

import torch  # noqa: F401

from ..compiler import (
    build_engine,  # noqa: F401
    pipeline,  # noqa: F401
)
from ..compiler._upstream import load_torch_tensorrt

load_torch_tensorrt()
