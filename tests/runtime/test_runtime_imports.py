"""`import torchtrt_compat.runtime` must stay light: no torch, CUDA or TensorRT at import time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import torchtrt_compat.runtime as runtime


def test_runtime_import_pulls_in_no_heavy_module():
    code = (
        "import sys, torchtrt_compat.runtime\n"
        "heavy = [m for m in ('torch', 'torch_tensorrt', 'tensorrt', 'tensorrt_rtx', 'cuda', 'pynvml', 'numpy')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_public_names_are_the_documented_helpers_and_no_internals():
    helpers = (Path(__file__).resolve().parents[2] / "docs" / "runtime_helpers.md").read_text()
    for name in runtime.__all__:
        assert getattr(runtime, name).__module__.startswith("torchtrt_compat.runtime."), name
    for internal in ("install_runtime_guards", "seal_timing_cache", "cache_dir", "default_cache_root"):
        assert internal not in runtime.__all__ and not hasattr(runtime, internal)
    documented = set(re.findall(r"`(\w+)\(", helpers))
    documented -= {"compile", "bench"}  # the top-level compile, and bench which is also top-level
    assert documented <= set(runtime.__all__), documented - set(runtime.__all__)
