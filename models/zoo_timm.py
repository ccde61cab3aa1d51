"""timm architectures for the zoo (the optional ``zoo`` extra): ``timm.create_model(name, pretrained=False)``.

Nothing is downloaded; an entry is skipped (``ModelEntry.missing``) when timm is not installed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import register_model

_TIMM: dict[str, tuple[int, str]] = {
    "vit_tiny_patch16_224": (224, "ViT-Tiny/16"),
    "deit_tiny_patch16_224": (224, "DeiT-Tiny/16"),
    "convnext_atto": (128, "ConvNeXt-Atto"),
    "efficientnet_b0": (128, "EfficientNet-B0 (timm's own implementation)"),
    "regnetx_002": (128, "RegNetX-200MF"),
    "resnet50d": (128, "ResNet-50-D (deep stem, avg-pool downsampling)"),
    "mobilevitv2_050": (128, "MobileViTv2-0.5 (separable self-attention)"),
}


def _inputs(size: int) -> Callable[[], tuple[Any, ...]]:
    def make() -> tuple[Any, ...]:
        import torch

        return (torch.randn(1, 3, size, size),)

    return make


def _builder(name: str) -> Callable[[], Any]:
    def build() -> Any:
        import timm

        return timm.create_model(name, pretrained=False)

    return build


for _name, (_size, _what) in _TIMM.items():
    register_model(
        f"timm_{_name}",
        inputs=_inputs(_size),
        atol=1e-2,
        description=f"timm {_what}, 1x3x{_size}x{_size}.",
        tags=("zoo", "classification", "timm"),
        requires=("timm",),
    )(_builder(_name))
