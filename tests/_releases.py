"""The compile fields of every published torch_tensorrt release, from tests/data/settings_fields.json (extracted from
the wheels by tools/extract_settings_fields.py), as the `ReleaseFields` the translator takes."""

from __future__ import annotations

import json
from pathlib import Path

from torchtrt_compat.compiler.settings import ReleaseFields

DATA = json.loads((Path(__file__).parent / "data" / "settings_fields.json").read_text())["releases"]
#: "torch-tensorrt==2.14.0", ... sorted as text
RELEASE_KEYS = sorted(DATA)


def release(key_or_version: str) -> ReleaseFields:
    """``"torch-tensorrt==2.10.0"`` or ``"2.10.0"`` (full TensorRT) -> its fields; input parameters left out."""
    key = key_or_version if "==" in key_or_version else f"torch-tensorrt=={key_or_version}"
    row = DATA[key]
    params = {**row["settings_fields"], **row["dynamo_compile_params"]}
    for positional in ("exported_program", "inputs", "arg_inputs", "kwarg_inputs"):
        params.pop(positional, None)
    package, version = key.split("==")
    return ReleaseFields(version, params, package)
