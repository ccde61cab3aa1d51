from __future__ import annotations

import pytest
import torch


class SmallConvNet(torch.nn.Module):
    """Conv + BatchNorm (multi-output node after export) + ReLU + pooling + Linear: builds in about a second."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 32, 3, padding=1)
        self.bn1 = torch.nn.BatchNorm2d(32)
        self.conv2 = torch.nn.Conv2d(32, 64, 3, padding=1)
        self.bn2 = torch.nn.BatchNorm2d(64)
        self.fc = torch.nn.Linear(64, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.bn2(self.conv2(x)))
        return self.fc(x.mean(dim=(2, 3)))


@pytest.fixture
def small_net() -> tuple[torch.nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    return SmallConvNet().eval(), torch.randn(1, 3, 32, 32)


class WideNet(SmallConvNet):
    """SmallConvNet with a 2048x2048 layer: weights (16 MB in FP32) dominate the engine, so precision shows in size."""

    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Sequential(
            torch.nn.Linear(64, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 2048), torch.nn.Linear(2048, 10)
        )


@pytest.fixture
def wide_net() -> tuple[torch.nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    return WideNet().eval(), torch.randn(1, 3, 32, 32)
