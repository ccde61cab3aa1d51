"""Pure-aten decompositions of torchvision ops that TensorRT has no converter for.

Each decomposition is a plain function with the op's own signature, so it can go straight into
``ExportedProgram.run_decompositions({op: fn})``. Importing this package does not import torch; the submodules do.

Some ops cannot become TensorRT layers at all because their output size depends on the data (``nms``). They stay
in PyTorch, and `why_in_pytorch` gives the compile report the reason to print beside them.
"""

from __future__ import annotations

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


def why_in_pytorch(op: str) -> str | None:
    """Why ``op`` stays in PyTorch, for ops we know; ``torchvision.nms.default`` and ``torchvision::nms`` both work."""
    name = op.split(".default", 1)[0].replace("::", ".")
    return UNSUPPORTED_IN_TRT.get(name.replace(".", "::", 1))


__all__ = ["UNSUPPORTED_IN_TRT", "explain_device_mismatch", "unsupported_in_trt", "why_in_pytorch"]
