"""Ask about heavy packages without importing them, and import them only where they are used."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
from pathlib import Path
from types import ModuleType

from ._errors import MissingDependencyError

_PACKAGE = Path(__file__).resolve().parent


def checkout_root() -> Path | None:
    """The source checkout this package runs from (the folder whose ``pyproject.toml`` names torchtrt-compat), or
    None for an installed wheel."""
    root = _PACKAGE.parent
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return None
    return root if re.search(r'^name\s*=\s*"torchtrt-compat"', text, re.MULTILINE) else None


def install_extra(extra: str) -> str:
    """The pip command that installs torchtrt-compat's ``extra`` (``rtx``, ``sign``, ``zoo`` ...) where this copy
    runs: the package is not published on the registry, so from a checkout it is an editable install of that
    checkout (``pip install -e '.[rtx]'`` in it); a copy installed from a wheel names the published form."""
    root = checkout_root()
    if root is None:
        return f"pip install 'torchtrt-compat[{extra}]'"
    try:
        here = Path.cwd().resolve() == root
    except OSError:
        here = False
    where = "." if here else os.fspath(root)
    return f"pip install -e '{where}[{extra}]'"


# module name -> how to install it, for error messages (computed when needed: the checkout and the current folder
# decide the command). Versions are not written here: torch and torchvision come with the extras, which pin the pair
# torch_tensorrt supports (pyproject.toml), and `suggest` names the newest set.
def _hints() -> dict[str, str]:
    rtx = install_extra("rtx")
    return {
        "torch": f"{rtx} (it pins the torch and torchvision that torch-tensorrt-rtx supports); "
        "`torchtrt-compat suggest` names the newest working set for your GPU",
        "torchvision": f"{rtx} (it pins the torch and torchvision that torch-tensorrt-rtx supports)",
        "torch_tensorrt": f"{rtx} (TensorRT-RTX) or {install_extra('trt')} (full TensorRT, needs NVIDIA's package "
        "index); run `torchtrt-compat check` to see which versions fit your torch",
        "tensorrt": "pip install tensorrt (full TensorRT) or tensorrt-rtx (TensorRT-RTX)",
        "tensorrt_rtx": "pip install tensorrt-rtx",
        "pynvml": "pip install nvidia-ml-py",
        "cuda": "pip install cuda-python",
        "model_signing": f"{install_extra('sign')} (OpenSSF model-signing)",
        "timm": install_extra("zoo"),
        "transformers": install_extra("zoo"),
        "ray": f"{install_extra('farm')} (Ray)",
    }


def install_hint(module: str) -> str:
    """How to install ``module`` (its top-level name), for an error's fix."""
    top = module.split(".")[0]
    return _hints().get(top, f"pip install {top}")


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
    except ImportError:
        top = module.split(".")[0]
        if is_installed(top):
            raise
        hint = install_hint(top)
        purpose = f" (needed {why})" if why else ""
        # not installed says it all: the ImportError's traceback (importlib's frames) would only hide the fix
        raise MissingDependencyError(f"Python package '{top}' is not installed{purpose}.", hint) from None
