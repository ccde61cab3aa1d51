"""torchvision segmentation models with random weights."""

from __future__ import annotations

from typing import Any

from . import register_model


def _image() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 224, 224),)


def _unwrap(model: Any) -> Any:
    """torchvision segmentation models return {"out": ...}; engines and comparisons want the tensor."""
    import torch

    class SegmentationOut(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.inner(x)["out"]

    return SegmentationOut(model)


@register_model(
    "lraspp_mobilenet_v3",
    inputs=_image,
    atol=1e-3,
    description="torchvision LR-ASPP MobileNetV3-Large, 21 classes.",
    tags=("segmentation",),
)
def lraspp_mobilenet_v3() -> Any:
    import torchvision

    return _unwrap(torchvision.models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None))


@register_model(
    "fcn_resnet18",
    inputs=_image,
    atol=1e-3,
    description="FCN head on a ResNet-18 backbone (bilinear upsampling).",
    tags=("segmentation",),
)
def fcn_resnet18() -> Any:
    import torch
    import torchvision

    backbone = torchvision.models.resnet18(weights=None)
    features = torch.nn.Sequential(*list(backbone.children())[:-2])

    class FCN(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.features = features
            self.head = torchvision.models.segmentation.fcn.FCNHead(512, 21)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            y = self.head(self.features(x))
            return torch.nn.functional.interpolate(y, size=x.shape[-2:], mode="bilinear", align_corners=False)

    return FCN()
