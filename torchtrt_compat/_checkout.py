"""Import paths that have no file of their own.

- ``torchtrt_compat.models`` in a plain checkout on ``PYTHONPATH``: the catalogue lives in the top-level ``models/``
  folder (the project's layout), and ``pyproject.toml`` installs it as ``torchtrt_compat.models``. A checkout has no
  such mapping, so a finder supplies it: only for that one name, only when the package has no ``models`` of its own,
  and after every other finder (an install, editable or not, wins).
- The module paths of 0.2 (``torchtrt_compat.checker``, ``.matrix``, ``.target_spec``, ``.suggest``, ``.fleet``,
  ``.known_issues``) moved into the ``compatibility`` wing in 0.3. Importing an old path gives the new module itself
  (the same object, so patching either name patches both); they are kept for one release. So is
  ``torchtrt_compat.runtime.bucket_planner`` of 0.3, now ``runtime.cuda_graphs.planner``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
from importlib.machinery import ModuleSpec
from pathlib import Path

_NAME = "torchtrt_compat.models"
_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT_MODELS = _PACKAGE.parent / "models"

#: old public module path -> where it lives now
MOVED: dict[str, str] = {
    "torchtrt_compat.checker": "torchtrt_compat.compatibility.rules",
    "torchtrt_compat.matrix": "torchtrt_compat.compatibility.matrix",
    "torchtrt_compat.target_spec": "torchtrt_compat.compatibility.target",
    "torchtrt_compat.suggest": "torchtrt_compat.compatibility.suggest",
    "torchtrt_compat.fleet": "torchtrt_compat.compatibility.fleet",
    "torchtrt_compat.known_issues": "torchtrt_compat.compatibility.release_traps",
    "torchtrt_compat.runtime.bucket_planner": "torchtrt_compat.runtime.cuda_graphs.planner",
}


class _CheckoutModelsFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname != _NAME:
            return None
        return importlib.util.spec_from_file_location(
            _NAME, _CHECKOUT_MODELS / "__init__.py", submodule_search_locations=[str(_CHECKOUT_MODELS)]
        )


class _MovedLoader(importlib.abc.Loader):
    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        return importlib.import_module(MOVED[spec.name])

    def exec_module(self, module: types.ModuleType) -> None:
        """The new module ran when it was imported."""


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return ModuleSpec(fullname, _MovedLoader())


def install() -> None:
    """Add the finders once: the moved paths first, the checkout's models last (only in a checkout)."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())
    if (_PACKAGE / "models").exists() or not (_CHECKOUT_MODELS / "__init__.py").is_file():
        return
    if not any(isinstance(f, _CheckoutModelsFinder) for f in sys.meta_path):
        sys.meta_path.append(_CheckoutModelsFinder())
