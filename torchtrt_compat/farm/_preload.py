"""Imported once by the pool's fork server (on hosts without an NVIDIA driver): torch and torch_tensorrt, so that
each build forks from a warm process instead of importing them again (seconds per build).

Importing creates no CUDA context and no OpenMP threads; the builds forked from here start clean.
"""

import torch  # noqa: F401

from .._upstream import load_torch_tensorrt
from ..compiler import build_engine  # noqa: F401
from ..compiler import pipeline  # noqa: F401

load_torch_tensorrt()
