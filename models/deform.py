"""Deformable-convolution catalogue entry: the op TensorRT has no converter for, in a small classifier."""

from __future__ import annotations

import torch
from torch import nn
from torchvision.ops import DeformConv2d

from . import register_model


class _DeformBlock(nn.Module):
    """A 3x3 deformable conv whose offsets (and, for DCNv2, modulation masks) a plain conv predicts from the input."""

    def __init__(self, cin: int, cout: int, stride: int, modulated: bool) -> None:
        super().__init__()
        self.modulated = modulated
        taps = 9
        self.predict = nn.Conv2d(cin, (3 if modulated else 2) * taps, 3, stride, 1)
        self.deform = DeformConv2d(cin, cout, 3, stride, 1, bias=False)
        self.norm = nn.BatchNorm2d(cout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pred = self.predict(x)
        if self.modulated:
            offset, mask = pred[:, :18], torch.sigmoid(pred[:, 18:])
            y = self.deform(x, offset, mask)
        else:
            y = self.deform(x, pred)
        return torch.relu(self.norm(y))


class DeformConvNet(nn.Module):
    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU())
        self.block1 = _DeformBlock(16, 32, stride=1, modulated=False)  # DCNv1: offsets only, no bias
        self.block2 = _DeformBlock(32, 64, stride=2, modulated=True)  # DCNv2: offsets and masks
        self.head = nn.Linear(64, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.block2(self.block1(self.stem(x)))
        return self.head(x.mean(dim=(2, 3)))


@register_model(
    "deform_convnet",
    inputs=lambda: (torch.randn(1, 3, 64, 64),),
    atol=1e-3,
    rtol=1e-3,
    description="Two deformable-conv blocks (DCNv1 and DCNv2) in a 64x64 classifier; needs the deform_conv2d shim.",
    tags=("torchvision-ops", "deform_conv2d", "shim"),
)
def deform_convnet() -> nn.Module:
    """Two deformable-conv blocks (DCNv1 and DCNv2) in a 64x64 classifier."""
    return DeformConvNet()
