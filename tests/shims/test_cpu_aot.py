"""The CPU-only shims' facts agree with the installed TensorRT-RTX itself."""

from __future__ import annotations

import pytest

from torchtrt_compat.compatibility import matrix
from torchtrt_compat.env import detect_environment


@pytest.mark.requires_rtx
@pytest.mark.slow
def test_the_matrix_names_exactly_the_targets_the_installed_tensorrt_rtx_can_build_for() -> None:
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt
    from torchtrt_compat.shims.cpu_aot import rtx_compute_capabilities

    load_torch_tensorrt()
    env = detect_environment()
    from_enum = set(rtx_compute_capabilities())
    from_matrix = set(matrix.compute_capabilities("tensorrt-rtx", env.tensorrt_version) or [])
    assert from_matrix and from_matrix <= from_enum, (from_matrix, from_enum)
