"""Ask about heavy packages without importing them, and import them only where they are used."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from ._errors import MissingDependencyError

#: module name -> how to install it, for error messages. Versions are not written here: torch and torchvision come
#: with the extras, which pin the pair torch_tensorrt supports (pyproject.toml), and `suggest` names the newest set.
_WITH_EXTRAS = (
    "pip install 'torchtrt-compat[rtx]' (it pins the torch and torchvision that torch-tensorrt-rtx supports); "
    "`torchtrt-compat suggest` names the newest working set for your GPU"
)
INSTALL_HINTS: dict[str, str] = {
    "torch": _WITH_EXTRAS,
    "torchvision": _WITH_EXTRAS,
    "torch_tensorrt": (
        "pip install 'torchtrt-compat[rtx]' (TensorRT-RTX) or 'torchtrt-compat[trt]' (full TensorRT, needs "
        "NVIDIA's package index); run `torchtrt-compat check` to see which versions fit your torch"
    ),
    "tensorrt": "pip install tensorrt (full TensorRT) or tensorrt-rtx (TensorRT-RTX)",
    "tensorrt_rtx": "pip install tensorrt-rtx",
    "pynvml": "pip install nvidia-ml-py",
    "cuda": "pip install cuda-python",
    "model_signing": "pip install 'torchtrt-compat[sign]' (OpenSSF model-signing)",
}


def is_installed(module: str) -> bool:
    """True if ``module`` can be imported, without importing it (or its parents beyond the top level)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def require(module: str, why: str = "") -> ModuleType:
    """Import ``module`` or raise `MissingDependencyError` naming the pip command that installs it.

    A package that is installed but fails to import (a broken submodule, a missing shared library) re-raises its own
    error: it says more than "not installed" could.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        if is_installed(top):
            raise
        hint = INSTALL_HINTS.get(top, f"pip install {top}")
        purpose = f" (needed {why})" if why else ""
        raise MissingDependencyError(f"Python package '{top}' is not installed{purpose}.", hint) from exc
