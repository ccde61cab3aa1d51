"""Where the tests' own data lives."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SPECS = DATA / "specs"


def load_script(relative: str) -> Any:
    """A script of the repository (``tools/x.py``, ``benchmarks/x.py``) loaded as a module, without running its main;
    registered in ``sys.modules`` under its file name (dataclasses need their module there)."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module
