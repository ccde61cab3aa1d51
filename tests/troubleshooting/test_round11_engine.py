"""Rounds eleven and twelve, the engine: log formats the blind samples showed unread, and a miss on a text
without log lines (issue 36)."""

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


def test_a_text_without_log_lines_gets_the_stage_its_words_speak_of() -> None:
    # a title or a sentence: no error line, no library the table knows; the stage is a guess and says so
    found = explain("The GPU is not visible inside my kubernetes pod since Monday")
    assert found.outcome == "no-match" and found.stage == "container"
    assert "a guess from its words" in found.summary and found.command.startswith("nvidia-smi")
    assert "nvidia-smi" in (found.next_step or "") and "collect_env" in (found.next_step or "")
    assert explain("The model stopped using the GPU after the update, training is slow").stage == "runtime"
    assert explain("setup.py fails to compile the extension on my machine").stage == "compile"
    # near miss: words about nothing the stages name keep the plain miss
    plain = explain("something entirely unrelated")
    assert plain.stage == "unknown" and "guess" not in plain.summary
