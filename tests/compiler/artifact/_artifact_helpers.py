"""What the artifact tests share: a tiny model that builds one engine in about a second, and a copy of a folder."""

from __future__ import annotations

from pathlib import Path

import torch


class TinyConvNet(torch.nn.Module):
    """Conv + ReLU + pooling + Linear, with ``channels`` convolution channels."""

    def __init__(self, channels: int = 8) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(3, channels, 3, padding=1)
        self.fc = torch.nn.Linear(channels, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(torch.relu(self.conv(x)).mean(dim=(2, 3)))


def copy_folder(src: Path, dst: Path) -> Path:
    """Every file of ``src`` copied to ``dst`` (a copy an attacker may edit); returns ``dst``."""
    for f in src.rglob("*"):
        if f.is_file():
            (dst / f.relative_to(src)).parent.mkdir(parents=True, exist_ok=True)
            (dst / f.relative_to(src)).write_bytes(f.read_bytes())
    return dst


def signing_keys(folder: Path) -> tuple[Path, Path]:
    """A fresh P-256 key pair as PEM files in ``folder``: (private ``signing.key``, public ``signing.pub``)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    private, public = folder / "signing.key", folder / "signing.pub"
    private.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
        )
    )
    public.write_bytes(
        key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    return private, public
