"""Deformable-convolution catalogue entry: the op TensorRT has no converter for, in a small classifier."""

from __future__ import annotations

from typing import Any

from . import register_model


def _inputs() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 64, 64),)


@register_model(
    "deform_convnet",
    inputs=_inputs,
    atol=1e-3,
    rtol=1e-3,
    description="Two deformable-conv blocks (DCNv1 and DCNv2) in a 64x64 classifier; needs the deform_conv2d shim.",
    tags=("torchvision-ops", "deform_conv2d", "shim"),
)
def deform_convnet() -> Any:
    """Two deformable-conv blocks (DCNv1 and DCNv2) in a 64x64 classifier."""
    from .deform_nets import DeformConvNet

    return DeformConvNet()
