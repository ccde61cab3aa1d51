"""`import torchtrt_compat.runtime` must stay light: no torch, CUDA or TensorRT at import time."""

from __future__ import annotations

import subprocess
import sys

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


def test_all_names_exist():
    assert sorted(runtime.__all__) == runtime.__all__
    for name in runtime.__all__:
        assert getattr(runtime, name) is not None
