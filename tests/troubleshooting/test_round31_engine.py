"""`explain`, round thirty-one (issue 36), the engine: an application's one-word "fallback to cpu" after a failure a
family knows is a fallback (the program goes on), like "Falling back to"; a failure after it stays a failure."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

_FAILS_THEN_GOES_ON = "No CUDA GPUs are available. Fallback to CPU.\n"
_LATER_FAILURE = 'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\nRuntimeError: boom\n'


def test_a_one_word_fallback_after_a_known_failure_is_no_failure() -> None:
    found = explain(_FAILS_THEN_GOES_ON)
    assert found and found.outcome == "explained"
    assert found.summary.startswith("Fell back, no failure"), found.summary
    assert "Fallback to CPU" in found.summary


def test_a_failure_after_the_fallback_is_a_failure() -> None:
    found = explain(_FAILS_THEN_GOES_ON + _LATER_FAILURE)
    assert not found.summary.startswith("Fell back"), found.summary
