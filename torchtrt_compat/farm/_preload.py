"""Imported once by the pool's fork server (on hosts without an NVIDIA driver): torch and torch_tensorrt, so that
each build forks from a warm process instead of importing them again (seconds per build).

Only imports happen here: no CUDA context is created and no torch op runs, so nothing a fork must not inherit.
"""

import os
import sys

# Python 3.10 has no PYTHONSAFEPATH: the fork server (`python -c ...`) starts with the current directory first on
# sys.path; no torch.py lying there may be imported
sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]

import torch  # noqa: E402, F401

from ..compiler import (  # noqa: E402
    build_engine,  # noqa: F401
    pipeline,  # noqa: F401
)
from ..compiler._upstream import load_torch_tensorrt  # noqa: E402

load_torch_tensorrt()
