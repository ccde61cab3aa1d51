"""The README's generated tables are what the code decides today (regenerate with tools/render_readme.py)."""

from __future__ import annotations

import pytest
from _paths import ROOT, load_script

pytest.importorskip("torch")


def _tool():  # type: ignore[no-untyped-def]
    return load_script("tools/render_readme.py")


def test_generated_tables_are_up_to_date() -> None:
    text = (ROOT / "README.md").read_text()
    assert _tool().render(text) == text, "README tables are out of date: run `python tools/render_readme.py`"


def test_every_release_column_comes_from_the_extracted_wheels() -> None:
    table = _tool().translation_table()
    header = table.splitlines()[0]
    for version in ("2.4.0", "2.5.0", "rtx 2.11.0"):
        assert version in header
