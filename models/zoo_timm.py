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
    # issue 22: architectures not in the zoo before, smallest variants
    "nest_tiny": (224, "NesT-Tiny (nested blocks: 5-D attention)"),
    "hiera_tiny_224": (224, "Hiera-Tiny (mask-unit attention: 5-D attention)"),
    "volo_d1_224": (224, "VOLO-D1 (outlook attention: F.fold)"),
    "sequencer2d_s": (224, "Sequencer2D-S (36 bidirectional LSTMs)"),
    "levit_128s": (224, "LeViT-128S (attention biases, hard-swish)"),
    "poolformer_s12": (128, "PoolFormer-S12 (pooling token mixer)"),
    "edgenext_xx_small": (128, "EdgeNeXt-XXS (split depth-wise transposed attention)"),
    "ghostnet_100": (128, "GhostNet-1.0 (ghost modules)"),
    "coat_lite_tiny": (224, "CoaT-Lite-Tiny (conv-attentional, factorized attention)"),
    "xcit_nano_12_p16_224": (224, "XCiT-Nano-12/16 (cross-covariance attention)"),
    "fastvit_t8": (128, "FastViT-T8 (re-parameterizable RepMixer)"),
    "repvgg_a0": (128, "RepVGG-A0 (multi-branch training blocks)"),
    "tiny_vit_5m_224": (224, "TinyViT-5M (local window attention)"),
    "efficientvit_b0": (128, "EfficientViT-B0 (MIT, ReLU linear attention)"),
    "rexnet_100": (128, "ReXNet-1.0 (SE, SiLU, channel expansion)"),
    "pit_ti_224": (224, "PiT-Ti (pooling-based ViT)"),
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
