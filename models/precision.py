"""A model with a known FP16 failure: the failing case of the deploy-host check (`EngineArtifact.check_outputs`)."""

from __future__ import annotations

from typing import Any

from . import register_model


def _tokens() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 16, 32),)


@register_model(
    "fp16_overflow",
    inputs=_tokens,
    atol=1e-3,
    tolerances={"float16": (1e-2, 1e-2)},
    description="A residual MLP block whose RMS norm squares activations of ~1000 without an upcast: FP32 is fine, "
    "FP16 overflows in the norm alone (its x**2 passes 65504), so the FP16 output loses its signal.",
    tags=("precision", "fp16-overflow"),
)
def fp16_overflow() -> Any:
    import torch
    from torch import nn

    class NaiveRMSNorm(nn.Module):
        """``x / sqrt(mean(x**2))`` computed in the input's precision (T5's norm before its FP32 upcast)."""

        def __init__(self, dim: int) -> None:
            super().__init__()
            self.weight = nn.Parameter(torch.ones(dim))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)

    class FP16OverflowNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.embed = nn.Linear(32, 64)
            self.ffn = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 64))
            self.norm = NaiveRMSNorm(64)
            self.head = nn.Linear(64, 10)
            with torch.no_grad():  # activations of a few hundred to a few thousand: they fit FP16, their squares do not
                self.ffn[2].weight.mul_(3000.0)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            h = self.embed(x)
            return self.head(self.norm(h + self.ffn(h)))

    return FP16OverflowNet()
