"""The compile fields of every published torch_tensorrt release as the `ReleaseFields` the translator takes.

``DATA`` is the raw extraction (tests/data/settings_fields.json, from the wheels by tools/extract_settings_fields.py);
``release()`` reads the shipped subset (torchtrt_compat/data/compile_surface.json, made from it by the same tool;
tests/compiler/test_compile_surface.py keeps the two in step)."""

from __future__ import annotations

import json
from pathlib import Path

from torchtrt_compat.compiler.releases import ReleaseFields, known_releases

DATA = json.loads((Path(__file__).parent / "data" / "settings_fields.json").read_text())["releases"]
#: "torch-tensorrt==2.14.0", ... sorted as text
RELEASE_KEYS = sorted(DATA)


def release(key_or_version: str) -> ReleaseFields:
    """``"torch-tensorrt==2.10.0"`` or ``"2.10.0"`` (full TensorRT) -> its fields."""
    key = key_or_version if "==" in key_or_version else f"torch-tensorrt=={key_or_version}"
    return known_releases()[key]
