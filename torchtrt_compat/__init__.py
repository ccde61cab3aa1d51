"""torchtrt_compat: make Torch-TensorRT compile work the first time.

``import torchtrt_compat`` imports neither torch nor torch_tensorrt; each public name below is loaded from its
module on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _checkout
from ._version import __version__ as __version__

_checkout.install()

# public name -> module that defines it (tests/test_public_api.py keeps this and the TYPE_CHECKING block in step)
_EXPORTS: dict[str, str] = {
    "CompatError": "._errors",
    "UsageError": "._errors",
    "UnknownArgumentError": "._errors",
    "IncompatibleError": "._errors",
    "MissingDependencyError": "._errors",
    "UpstreamError": "._errors",
    "BuildError": "._errors",
    "InternalError": "._errors",
    "Environment": ".env",
    "detect_environment": ".env",
    "check": ".compatibility.rules",
    "CheckReport": ".compatibility.rules",
    "Finding": ".compatibility.rules",
    "compile": ".compiler",
    "export": ".compiler",
    "build_engine": ".compiler",
    "build_plan": ".farm",
    "report": ".compiler",
    "CompileReport": ".compiler",
    "EngineArtifact": ".compiler",
    "explain": ".troubleshooting",
    "bench": ".runtime.bench",
    "selftest": ".host_selftest",
    "SelftestResult": ".host_selftest",
    "register_shim": ".shims",
    "list_shims": ".shims",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    moved = _checkout.MOVED.get(f"{__name__}.{name}")
    if moved is not None:  # ``torchtrt_compat.checker`` and the other 0.2 module paths
        return importlib.import_module(moved)
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'torchtrt_compat' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover
    from ._errors import (
        BuildError as BuildError,
        CompatError as CompatError,
        IncompatibleError as IncompatibleError,
        InternalError as InternalError,
        MissingDependencyError as MissingDependencyError,
        UnknownArgumentError as UnknownArgumentError,
        UpstreamError as UpstreamError,
        UsageError as UsageError,
    )
    from .compatibility.rules import CheckReport as CheckReport, Finding as Finding, check as check
    from .compiler import (
        CompileReport as CompileReport,
        EngineArtifact as EngineArtifact,
        build_engine as build_engine,
        compile as compile,  # noqa: A004
        export as export,
        report as report,
    )
    from .env import Environment as Environment, detect_environment as detect_environment
    from .farm import build_plan as build_plan
    from .host_selftest import SelftestResult as SelftestResult, selftest as selftest
    from .runtime.bench import bench as bench
    from .shims import list_shims as list_shims, register_shim as register_shim
    from .troubleshooting import explain as explain
