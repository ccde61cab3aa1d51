"""torchtrt_compat: make Torch-TensorRT compile work the first time.

``import torchtrt_compat`` imports neither torch nor torch_tensorrt; each public name below is loaded from its
module on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _checkout

__version__ = "0.1.0"

_checkout.install()

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "CompatError": "._errors",
    "UsageError": "._errors",
    "IncompatibleError": "._errors",
    "MissingDependencyError": "._errors",
    "InternalError": "._errors",
    "Environment": ".env",
    "detect_environment": ".env",
    "check": ".checker",
    "Report": ".checker",
    "Finding": ".checker",
    "compile": ".compiler",
    "export": ".compiler",
    "build_engine": ".compiler",
    "report": ".compiler",
    "CompileReport": ".compiler",
    "EngineArtifact": ".compiler",
    "explain": ".troubleshooting",
    "bench": ".runtime.bench",
    "register_shim": ".shims",
    "list_shims": ".shims",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'torchtrt_compat' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover
    from ._errors import CompatError, IncompatibleError, InternalError, MissingDependencyError, UsageError
    from .checker import Finding, Report, check
    from .compiler import CompileReport, EngineArtifact, build_engine, compile, export, report
    from .runtime.bench import bench
    from .troubleshooting import explain
    from .env import Environment, detect_environment
    from .shims import list_shims, register_shim
