"""The README's generated tables are what the code decides today (regenerate with tools/render_readme.py)."""

from __future__ import annotations

import importlib.util

import pytest
from _paths import ROOT

pytest.importorskip("torch")


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("render_readme", ROOT / "tools" / "render_readme.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_tables_are_up_to_date() -> None:
    text = (ROOT / "README.md").read_text()
    assert _tool().render(text) == text, "README tables are out of date: run `python tools/render_readme.py`"


def test_every_release_column_comes_from_the_extracted_wheels() -> None:
    table = _tool().translation_table()
    header = table.splitlines()[0]
    for version in ("2.4.0", "2.5.0", "rtx 2.11.0"):
        assert version in header
