"""The detection heads of `models.detection` (imported when an entry is built: listing the catalogue imports no
torch)."""

from __future__ import annotations

import torch
from torch import nn
from torchvision.ops import nms, roi_align


def _backbone() -> nn.Sequential:
    """Stride-4 features: a 64x64 image gives a 16x16 map, so ``spatial_scale`` is 1/4."""
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU(),
        nn.Conv2d(16, 32, 3, 2, 1), nn.BatchNorm2d(32), nn.ReLU(),
    )  # fmt: skip


def fixed_boxes() -> tuple[torch.Tensor]:
    """Eight fixed boxes in image pixels, as ``[K, 5]`` = (batch index, x1, y1, x2, y2): the form the op takes."""
    xy = torch.tensor([[4, 4], [20, 8], [36, 4], [8, 30], [30, 28], [44, 40], [2, 48], [24, 44]]).float()
    wh = torch.tensor([[20, 16], [12, 24], [24, 24], [16, 12], [18, 18], [16, 20], [30, 14], [10, 10]]).float()
    return (torch.cat([torch.zeros(8, 1), xy, xy + wh], dim=1),)


class RoIHead(nn.Module):
    """Backbone, 7x7 ``roi_align`` (sampling_ratio=2) per box, then class scores and box deltas from an MLP."""

    def __init__(self, num_classes: int = 5) -> None:
        super().__init__()
        self.backbone = _backbone()
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(32 * 7 * 7, 128), nn.ReLU())
        self.cls = nn.Linear(128, num_classes)
        self.box = nn.Linear(128, 4 * num_classes)

    def forward(self, image: torch.Tensor, rois: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        feats = self.backbone(image)
        pooled = roi_align(feats, rois, (7, 7), spatial_scale=0.25, sampling_ratio=2, aligned=True)
        hidden = self.fc(pooled)
        return self.cls(hidden), self.box(hidden)


class DenseHeadNMS(nn.Module):
    """Scores and refines a fixed anchor grid, then ``nms``: the engine ends before nms, which stays in PyTorch."""

    def __init__(self) -> None:
        super().__init__()
        self.backbone = _backbone()
        self.score = nn.Conv2d(32, 1, 1)
        self.delta = nn.Conv2d(32, 4, 1)
        centers = (torch.arange(16, dtype=torch.float32) + 0.5) * 4
        cy, cx = torch.meshgrid(centers, centers, indexing="ij")
        anchors = torch.stack([cx - 6, cy - 6, cx + 6, cy + 6], dim=-1).reshape(-1, 4)
        self.register_buffer("anchors", anchors)

    def forward(self, image: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        feats = self.backbone(image)
        scores = torch.sigmoid(self.score(feats)).flatten()
        boxes = self.anchors + 4 * torch.tanh(self.delta(feats)).flatten(2).transpose(1, 2).reshape(-1, 4)
        return boxes, scores, nms(boxes, scores, 0.5)
