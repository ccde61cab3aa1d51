"""A small transformer encoder classifier (token embeddings, 2 layers, mean pooling)."""

from __future__ import annotations

from typing import Any

from . import register_model


def _tokens() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 64, 128),)


@register_model(
    "tiny_transformer",
    inputs=_tokens,
    atol=1e-3,
    description="2-layer TransformerEncoder, d_model 128, 4 heads, 1x64x128 input.",
    tags=("transformer",),
)
def tiny_transformer() -> Any:
    import torch

    class TinyTransformer(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            layer = torch.nn.TransformerEncoderLayer(128, 4, dim_feedforward=256, dropout=0.0, batch_first=True)
            self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
            self.head = torch.nn.Linear(128, 10)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.head(self.encoder(x).mean(dim=1))

    return TinyTransformer()
