"""Six small models for ``benchmarks/build_plan.py``, named in its plan as ``farm_models:NAME`` (model, inputs)."""

from __future__ import annotations

from typing import Any


def _seeded() -> Any:
    import torch

    torch.manual_seed(0)
    return torch


def mlp() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn
    model = nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.Linear(256, 256), nn.GELU(), nn.Linear(256, 10))
    return model.eval(), (torch.randn(8, 64),)


def small_cnn() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn
    model = nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10),
    )  # fmt: skip
    return model.eval(), (torch.randn(1, 3, 32, 32),)


def res_block() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.a = nn.Sequential(nn.Conv2d(32, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU())
            self.b = nn.Sequential(nn.Conv2d(32, 32, 3, padding=1), nn.BatchNorm2d(32))

        def forward(self, x: Any) -> Any:
            return torch.relu(x + self.b(self.a(x)))

    return Block().eval(), (torch.randn(1, 32, 16, 16),)


def depthwise() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn
    model = nn.Sequential(
        nn.Conv2d(16, 16, 3, padding=1, groups=16), nn.BatchNorm2d(16), nn.Hardswish(),
        nn.Conv2d(16, 48, 1), nn.BatchNorm2d(48), nn.ReLU6(),
    )  # fmt: skip
    return model.eval(), (torch.randn(1, 16, 32, 32),)


def attention() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn

    class Attn(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.qkv, self.out, self.norm = nn.Linear(64, 192), nn.Linear(64, 64), nn.LayerNorm(64)

        def forward(self, x: Any) -> Any:
            q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
            w = torch.softmax(q @ k.transpose(-1, -2) / 8.0, dim=-1)
            return x + self.out(w @ v)

    return Attn().eval(), (torch.randn(2, 16, 64),)


def mixer() -> tuple[Any, tuple[Any, ...]]:
    torch = _seeded()
    nn = torch.nn
    model = nn.Sequential(nn.LayerNorm(32), nn.Linear(32, 128), nn.SiLU(), nn.Linear(128, 32), nn.Tanh())
    return model.eval(), (torch.randn(4, 8, 32),)


NAMES = ("mlp", "small_cnn", "res_block", "depthwise", "attention", "mixer")
