"""torchvision classifiers with random weights (``weights=None``: nothing is downloaded)."""

from __future__ import annotations

from typing import Any

from . import register_model


def _image(size: int = 224) -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, size, size),)


@register_model(
    "resnet18", inputs=_image, atol=1e-3, description="torchvision ResNet-18, 1x3x224x224.", tags=("classification",)
)
def resnet18() -> Any:
    import torchvision

    return torchvision.models.resnet18(weights=None)


@register_model(
    "mobilenet_v3_small",
    inputs=_image,
    atol=1e-3,
    description="torchvision MobileNetV3-Small (hardswish, SE blocks).",
    tags=("classification",),
)
def mobilenet_v3_small() -> Any:
    import torchvision

    return torchvision.models.mobilenet_v3_small(weights=None)


@register_model(
    "efficientnet_b0",
    inputs=_image,
    atol=1e-3,
    description="torchvision EfficientNet-B0 (SiLU, depthwise conv).",
    tags=("classification",),
)
def efficientnet_b0() -> Any:
    import torchvision

    return torchvision.models.efficientnet_b0(weights=None)
