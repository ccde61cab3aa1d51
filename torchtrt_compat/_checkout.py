"""Make a plain checkout on ``PYTHONPATH`` import ``torchtrt_compat.models`` exactly as an install does.

The catalogue lives in the top-level ``models/`` folder (the project's layout), and ``pyproject.toml`` installs it as
``torchtrt_compat.models``. A checkout has no such mapping, so this finder supplies it: only for that one name, only
when the package has no ``models`` of its own, and after every other finder (an install, editable or not, wins).
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path

_NAME = "torchtrt_compat.models"
_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT_MODELS = _PACKAGE.parent / "models"


class _CheckoutModelsFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname != _NAME:
            return None
        return importlib.util.spec_from_file_location(
            _NAME, _CHECKOUT_MODELS / "__init__.py", submodule_search_locations=[str(_CHECKOUT_MODELS)]
        )


def install() -> None:
    """Add the finder once, last, when this is a checkout (``../models/__init__.py`` beside the package)."""
    if (_PACKAGE / "models").exists() or not (_CHECKOUT_MODELS / "__init__.py").is_file():
        return
    if not any(isinstance(f, _CheckoutModelsFinder) for f in sys.meta_path):
        sys.meta_path.append(_CheckoutModelsFinder())
