"""Round eleven, the engine: log formats the blind sample showed unread (issue 36)."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_rust_log_lines_carry_their_level() -> None:
    # the `log` crate's formatters (env_logger, the ort crate's tracing bridge): the level, then a module path
    notice = (
        "WARN ort::logging: Some nodes were not assigned to the preferred execution providers which may or may not "
        "have an negative impact on performance."
    )
    assert levels(notice).warnings == 1 and levels(notice).errors == 0
    assert explain(notice).outcome == "warnings-only"
    stamped = "[2024-01-01T00:00:00Z ERROR candle_core::cuda] DriverError(CUDA_ERROR_OUT_OF_MEMORY)"
    assert levels(stamped).errors == 1
    # near misses: a level word without a module path is not this format, and a path alone is no level
    assert levels("WARN: low disk space").warnings == 0
    assert levels("std::vector<int> sizes are WARN-free").warnings == 0
