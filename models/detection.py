"""Detection-head catalogue entries: ``roi_align`` inside one engine, and ``nms`` as a reported PyTorch fallback."""

from __future__ import annotations

from typing import Any

from . import register_model


def _roi_inputs() -> tuple[Any, ...]:
    import torch

    from .detection_nets import fixed_boxes

    return (torch.randn(1, 3, 64, 64), *fixed_boxes())


def _image_inputs() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 64, 64),)


@register_model(
    "roi_head",
    inputs=_roi_inputs,
    atol=1e-3,
    rtol=1e-3,
    description="Conv backbone + roi_align(7x7, sampling_ratio=2) over 8 given boxes + MLP class/box head.",
    tags=("detection", "torchvision-ops", "roi_align", "shim"),
)
def roi_head() -> Any:
    """Conv backbone + roi_align over given boxes + MLP class/box head."""
    from .detection_nets import RoIHead

    return RoIHead()


@register_model(
    "roi_head_nms",
    inputs=_image_inputs,
    atol=1e-3,
    rtol=1e-3,
    description="Dense box head ending in torchvision nms, which stays in PyTorch (a reported fallback).",
    tags=("detection", "torchvision-ops", "nms", "fallback"),
)
def roi_head_nms() -> Any:
    """Dense box head ending in nms, which stays in PyTorch."""
    from .detection_nets import DenseHeadNMS

    return DenseHeadNMS()
