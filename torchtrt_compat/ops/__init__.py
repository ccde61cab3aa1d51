"""Pure-aten decompositions of torchvision ops that TensorRT has no converter for.

Each decomposition is a plain function with the op's own signature, so it can go straight into
``ExportedProgram.run_decompositions({op: fn})``. Importing this package does not import torch; `decompositions`
and the submodules do.

Some ops cannot become TensorRT layers at all because their output size depends on the data (``nms``). They stay
in PyTorch, and `unsupported_in_trt` names them so that a build report can say so instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._checks import explain_device_mismatch as explain_device_mismatch

#: torchvision op -> why it stays in PyTorch when the rest of the model becomes a TensorRT engine.
UNSUPPORTED_IN_TRT: dict[str, str] = {
    "torchvision::nms": "its output size depends on the data (how many boxes survive), which TensorRT cannot express",
    "torchvision::ps_roi_align": "no decomposition shipped yet",
    "torchvision::ps_roi_pool": "no decomposition shipped yet",
    "torchvision::roi_pool": "no decomposition shipped yet",
}


def unsupported_in_trt() -> frozenset[str]:
    """The torchvision op names that we know run in PyTorch (a reported fallback), not inside a TensorRT engine."""
    return frozenset(UNSUPPORTED_IN_TRT)


def decompositions() -> dict[Any, Callable[..., Any]]:
    """``{OpOverload: decomposition}`` for every torchvision op we decompose (needs torch and torchvision)."""
    from .._lazy import require

    torch = require("torch", "to decompose torchvision ops")
    require("torchvision", "to decompose torchvision ops")
    from .deform_conv2d import deform_conv2d
    from .roi_align import roi_align

    return {
        torch.ops.torchvision.deform_conv2d.default: deform_conv2d,
        torch.ops.torchvision.roi_align.default: roi_align,
    }


__all__ = ["UNSUPPORTED_IN_TRT", "decompositions", "explain_device_mismatch", "unsupported_in_trt"]
