"""Ask about heavy packages without importing them, and import them only where they are used."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from ._errors import MissingDependencyError

#: module name -> how to install it, for error messages. Versions are not written here: for torch and torchvision the
#: hint names the pair the newest torch_tensorrt release of the matrix pins (`_pinned_hint`).
INSTALL_HINTS: dict[str, str] = {
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


def _pinned_hint(module: str) -> str | None:
    """``pip install 'torch>=2.14.0,<2.15.0'`` from the newest torch_tensorrt release in the matrix."""
    if module not in ("torch", "torchvision"):
        return None
    from . import matrix

    rows = matrix.releases("torch-tensorrt")
    if not rows:
        return None
    torch_spec = rows[-1]["torch"]
    if module == "torch":
        return f"pip install 'torch{torch_spec}' (the torch the newest torch-tensorrt release pins)"
    lower = torch_spec.split(",")[0].removeprefix(">=")
    vision = matrix.torchvision_minor_for_torch(lower) if lower else None
    return f"pip install 'torchvision=={vision}.*' (it must match your torch minor version)" if vision else None


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
        hint = _pinned_hint(top) or INSTALL_HINTS.get(top, f"pip install {top}")
        purpose = f" (needed {why})" if why else ""
        raise MissingDependencyError(f"Python package '{top}' is not installed{purpose}.", hint) from exc
