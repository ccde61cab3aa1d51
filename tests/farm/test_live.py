"""The live view: one line per worker redrawn in place on a terminal, nothing at all in a pipe."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from torchtrt_compat.farm import load_plan
from torchtrt_compat.farm.live import Live

pytestmark = pytest.mark.requires_rtx


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _jobs(tmp_path: Path) -> list:  # type: ignore[type-arg]
    plan = {
        "out": str(tmp_path),
        "defaults": {"targets": ["8.9", "12.0"]},
        "models": {"tiny": {"source": "tests.farm._models:tiny"}},
    }
    return load_plan(plan).jobs


def test_a_terminal_gets_one_line_per_worker_and_a_line_per_finished_build(tmp_path: Path) -> None:
    a, b = _jobs(tmp_path)
    term = _Terminal()
    live = Live(2, 2, console=term)
    live.start(0, a)
    live.start(1, b)
    live.stage(1, "building TensorRT engine 1")
    live.done(0, {"name": a.name, "status": "built", "seconds": 3.2})
    live.close()
    text = term.getvalue()
    assert "worker 2: tiny/sm120-fp32: building TensorRT engine 1" in text
    assert "    built  tiny/sm89-fp32  3.2 s" in text
    assert "1/2 done" in text and "\x1b[3F\x1b[J" in text  # redrawn in place: up 3 lines (header + 2), clear


def test_a_pipe_gets_nothing(tmp_path: Path) -> None:
    (a, _b) = _jobs(tmp_path)
    pipe = io.StringIO()
    live = Live(2, 2, console=pipe)
    live.start(0, a)
    live.done(0, {"name": a.name, "status": "failed", "seconds": 1.0})
    live.close()
    assert pipe.getvalue() == ""


def test_the_summary_table_shows_outside_text_without_terminal_escapes() -> None:
    from torchtrt_compat.farm import summary

    row = {"name": "evil/sm89-fp32", "status": "failed", "seconds": 1.0, "error": "boom \x1b[2J\x1b]0;title\x07 end"}
    text = summary.table([row], summary.totals([row], 1.0, "local", 1))
    assert "\x1b" not in text and "\x07" not in text and "boom \\u001b[2J" in text
    html = summary.html_body([row], summary.totals([row], 1.0, "local", 1))
    assert "evil/sm89-fp32" in html and "<script" not in summary.html_body(
        [dict(row, error="<script>x</script>")], summary.totals([row], 1.0, "local", 1)
    )
