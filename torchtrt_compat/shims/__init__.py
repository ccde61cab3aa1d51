"""Shims: declared, reversible fixes for known torch / torchvision / torch_tensorrt problems.

The registry (`_registry`) knows nothing of the shims; importing this package registers the shipped ones (`builtin`,
light: no torch import). A shim a user registers later under a built-in's name replaces it.
"""

from . import builtin as builtin
from ._registry import Shim as Shim
from ._registry import ShimContext as ShimContext
from ._registry import ShimList as ShimList
from ._registry import activate as activate
from ._registry import get_shim as get_shim
from ._registry import list_shims as list_shims
from ._registry import exclusive as exclusive
from ._registry import mark_changed as mark_changed
from ._registry import register_shim as register_shim

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
