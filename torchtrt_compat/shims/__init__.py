"""Shims: declared, reversible fixes for known torch / torchvision / torch_tensorrt problems."""

from ._registry import Shim as Shim
from ._registry import ShimContext as ShimContext
from ._registry import activate as activate
from ._registry import get_shim as get_shim
from ._registry import list_shims as list_shims
from ._registry import register_shim as register_shim

__all__ = ["Shim", "ShimContext", "activate", "get_shim", "list_shims", "register_shim"]
