"""The torchvision part of the zoo: classification, segmentation, video, detection and optical flow architectures.

Random weights (``weights=None, weights_backbone=None``), nothing downloaded. Inputs are small where the architecture
allows it, so that an ahead-of-time build on a CPU stays quick. Detectors take one image tensor (a wrapper turns it
into the list torchvision expects) and are built with ``partition="auto"``: their data-dependent post-processing
(top-k, nms) cannot be exported, so the backbone, FPN and heads become engines and the rest stays in PyTorch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import register_model


def _image(size: int) -> Callable[[], tuple[Any, ...]]:
    def make() -> tuple[Any, ...]:
        import torch

        return (torch.randn(1, 3, size, size),)

    return make


def _clip() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 8, 64, 64),)


def _two_images() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 128, 128), torch.randn(1, 3, 128, 128))  # the 1/8 feature maps need >= 16


def _tv(name: str, **kwargs: Any) -> Callable[[], Any]:
    def build() -> Any:
        import torchvision

        return torchvision.models.get_model(name, weights=None, **kwargs)

    return build


# --- classification -------------------------------------------------------------------------------------------------

_CLASSIFIERS: dict[str, tuple[int, dict[str, Any], str]] = {
    "alexnet": (224, {}, "AlexNet (adaptive average pool, dropout)"),
    "vgg11": (224, {}, "VGG-11"),
    "squeezenet1_0": (224, {}, "SqueezeNet 1.0 (max_pool2d with ceil_mode=True)"),
    "densenet121": (128, {}, "DenseNet-121 (concatenations)"),
    "googlenet": (128, {"aux_logits": False, "init_weights": False}, "GoogLeNet (ceil_mode pooling)"),
    "inception_v3": (160, {"aux_logits": False, "init_weights": False}, "Inception-v3"),
    "shufflenet_v2_x0_5": (128, {}, "ShuffleNetV2 x0.5 (channel shuffle)"),
    "mnasnet0_5": (128, {}, "MNASNet 0.5"),
    "mobilenet_v2": (128, {}, "MobileNetV2"),
    "regnet_y_400mf": (128, {}, "RegNetY-400MF (grouped conv, SE)"),
    "resnext50_32x4d": (128, {}, "ResNeXt-50 32x4d"),
    "convnext_tiny": (128, {}, "ConvNeXt-Tiny (layer norm, depthwise 7x7)"),
    "efficientnet_v2_s": (128, {}, "EfficientNetV2-S (fused MBConv)"),
    "vit_b_16": (224, {}, "ViT-B/16 (class token, 197 tokens)"),
    "swin_t": (128, {}, "Swin-T (shifted windows, roll, padding)"),
    "maxvit_t": (224, {}, "MaxViT-T (block and grid attention)"),
}


def _register_classifier(name: str, size: int, kwargs: dict[str, Any], what: str) -> None:
    register_model(
        f"tv_{name}",
        inputs=_image(size),
        atol=1e-2,
        description=f"torchvision {what}, 1x3x{size}x{size}.",
        tags=("zoo", "classification", "torchvision"),
    )(_tv(name, **kwargs))


for _name, (_size, _kwargs, _what) in _CLASSIFIERS.items():
    _register_classifier(_name, _size, _kwargs, _what)


# --- segmentation ---------------------------------------------------------------------------------------------------


def _segmenter(name: str) -> Callable[[], Any]:
    def build() -> Any:
        import torch
        import torchvision

        inner = torchvision.models.get_model(name, weights=None, weights_backbone=None)

        class OutOnly(torch.nn.Module):
            """Returns the ``"out"`` map of torchvision's dict output."""

            def __init__(self) -> None:
                super().__init__()
                self.model = inner

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.model(x)["out"]

        return OutOnly()

    return build


for _name in ("fcn_resnet50", "deeplabv3_mobilenet_v3_large"):
    register_model(
        f"tv_{_name}",
        inputs=_image(128),
        atol=1e-2,
        description=f"torchvision {_name} segmentation, 1x3x128x128 (the 'out' map).",
        tags=("zoo", "segmentation", "torchvision"),
    )(_segmenter(_name))


# --- video ----------------------------------------------------------------------------------------------------------

for _name, _what in (
    ("r3d_18", "R3D-18 (3D convolutions)"),
    ("mc3_18", "MC3-18 (mixed 3D/2D convolutions)"),
    ("r2plus1d_18", "R(2+1)D-18"),
    ("swin3d_t", "Video Swin-T (3D shifted windows)"),
):
    register_model(
        f"tv_{_name}",
        inputs=_clip,
        atol=1e-2,
        description=f"torchvision {_what}, 1x3x8x64x64 clip.",
        tags=("zoo", "video", "torchvision"),
    )(_tv(_name))


# --- optical flow ---------------------------------------------------------------------------------------------------


@register_model(
    "tv_raft_small",
    inputs=_two_images,
    atol=1e-2,
    description="torchvision RAFT-small optical flow (correlation volume, GRU updates), two 1x3x128x128 frames, "
    "the final flow of 12 updates.",
    tags=("zoo", "optical-flow", "torchvision"),
)
def raft_small() -> Any:
    import torch
    import torchvision

    inner = torchvision.models.optical_flow.raft_small(weights=None)

    class FinalFlow(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = inner

        def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
            return self.model(a, b)[-1]

    return FinalFlow()


# --- detection ------------------------------------------------------------------------------------------------------

_DETECTORS: dict[str, tuple[int, dict[str, Any], str]] = {
    "fasterrcnn_resnet50_fpn": (128, {"min_size": 128, "max_size": 128}, "Faster R-CNN ResNet-50 FPN"),
    "fasterrcnn_mobilenet_v3_large_fpn": (
        128,
        {"min_size": 128, "max_size": 128},
        "Faster R-CNN MobileNetV3-Large FPN",
    ),
    "retinanet_resnet50_fpn": (128, {"min_size": 128, "max_size": 128}, "RetinaNet ResNet-50 FPN"),
    "fasterrcnn_resnet50_fpn_v2": (128, {"min_size": 128, "max_size": 128}, "Faster R-CNN ResNet-50 FPN v2"),
    "retinanet_resnet50_fpn_v2": (128, {"min_size": 128, "max_size": 128}, "RetinaNet ResNet-50 FPN v2"),
    "fcos_resnet50_fpn": (128, {"min_size": 128, "max_size": 128}, "FCOS ResNet-50 FPN"),
    "ssd300_vgg16": (300, {}, "SSD300 VGG-16"),
    "ssdlite320_mobilenet_v3_large": (320, {}, "SSDlite320 MobileNetV3-Large"),
    "maskrcnn_resnet50_fpn": (128, {"min_size": 128, "max_size": 128}, "Mask R-CNN ResNet-50 FPN"),
    "keypointrcnn_resnet50_fpn": (128, {"min_size": 128, "max_size": 128}, "Keypoint R-CNN ResNet-50 FPN"),
}


def detector(name: str, **kwargs: Any) -> Any:
    """torchvision detector ``name`` (random weights) behind a module that takes one image tensor ``[1, 3, H, W]``
    and returns the first image's detections (a dict of tensors), as torchvision's ``model([image])[0]``."""
    import torch
    import torchvision

    inner = torchvision.models.get_model(name, weights=None, weights_backbone=None, **kwargs)

    class OneImage(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = inner

        def forward(self, image: torch.Tensor) -> dict[str, torch.Tensor]:
            return self.model([image[0]])[0]

    return OneImage()


def _register_detector(name: str, size: int, kwargs: dict[str, Any], what: str) -> None:
    register_model(
        f"tv_{name}",
        inputs=_image(size),
        atol=1e-2,
        description=f"torchvision {what}, one 1x3x{size}x{size} image; post-processing stays in PyTorch "
        "(partition='auto').",
        tags=("zoo", "detection", "torchvision", "partition"),
    )(lambda: detector(name, **kwargs))


for _name, (_size, _kwargs, _what) in _DETECTORS.items():
    _register_detector(_name, _size, _kwargs, _what)
