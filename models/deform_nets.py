"""The deformable-conv network of `models.deform` (imported when the entry is built: listing the catalogue imports no
torch)."""

from __future__ import annotations

import torch
from torch import nn
from torchvision.ops import DeformConv2d


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
