"""Ask about heavy packages without importing them, and import them only where they are used."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from ._errors import MissingDependencyError

#: module name -> the pip command that installs it, for error messages.
INSTALL_HINTS: dict[str, str] = {
    "torch": "pip install 'torch==2.14.*'",
    "torchvision": "pip install 'torchvision==0.29.*' (it must match your torch minor version)",
    "torch_tensorrt": (
        "pip install 'torchtrt-compat[rtx]' (TensorRT-RTX) or 'torchtrt-compat[trt]' (full TensorRT, needs "
        "NVIDIA's package index); run `torchtrt-compat check` to see which versions fit your torch"
    ),
    "tensorrt": "pip install tensorrt (full TensorRT) or tensorrt-rtx (TensorRT-RTX)",
    "tensorrt_rtx": "pip install tensorrt-rtx",
    "pynvml": "pip install nvidia-ml-py",
    "cuda": "pip install cuda-python",
}


def is_installed(module: str) -> bool:
    """True if ``module`` can be imported, without importing it (or its parents beyond the top level)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def require(module: str, why: str = "") -> ModuleType:
    """Import ``module`` or raise `MissingDependencyError` naming the pip command that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        if is_installed(top) and top == module:
            raise  # installed but broken: the real error says more than we could
        hint = INSTALL_HINTS.get(top, f"pip install {top}")
        purpose = f" (needed {why})" if why else ""
        raise MissingDependencyError(f"Python package '{top}' is not installed{purpose}.", hint) from exc
