"""Shims: declared, reversible fixes for known torch / torchvision / torch_tensorrt problems.

The registry (`_registry`) knows nothing of the shims; importing this package registers the shipped ones (`builtin`,
light: no torch import). A shim a user registers later under a built-in's name replaces it.
"""

from . import builtin as builtin
from ._registry import (
    Shim as Shim,
    ShimContext as ShimContext,
    ShimList as ShimList,
    activate as activate,
    exclusive as exclusive,
    get_shim as get_shim,
    list_shims as list_shims,
    mark_changed as mark_changed,
    register_shim as register_shim,
)

__all__ = [
    "Shim",
    "ShimContext",
    "ShimList",
    "activate",
    "exclusive",
    "get_shim",
    "list_shims",
    "mark_changed",
    "register_shim",
]
