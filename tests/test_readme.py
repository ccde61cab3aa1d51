"""The generated tables of the README and docs/*.md are what the code and the results decide today (regenerate with
``python tools/render_readme.py``): compile settings, shims, the command table and its exit codes, the model zoo,
explain's accuracy."""

from __future__ import annotations

import pytest
from _paths import ROOT, load_script

pytest.importorskip("torch")


def _tool():  # type: ignore[no-untyped-def]
    return load_script("tools/render_readme.py")


@pytest.mark.parametrize("name", ["README.md", "docs"])
def test_generated_tables_are_up_to_date(name: str) -> None:
    tool = _tool()
    for path in tool.documents():
        if (name == "README.md") != (path == ROOT / "README.md"):
            continue
        text = path.read_text(encoding="utf-8")
        assert tool.render(text) == text, f"{path.name} is out of date: run `python tools/render_readme.py`"


def test_every_generated_table_is_in_exactly_one_document() -> None:
    tool = _tool()
    where = {
        name: [p.name for p in tool.documents() if name in tool.sections_in(p.read_text())] for name in tool.SECTIONS
    }
    assert all(len(found) == 1 for found in where.values()), where


def test_the_readme_stays_short() -> None:
    """The README is the two commands, 30 seconds, what it does and where to read on; the rest lives in docs/."""
    assert len((ROOT / "README.md").read_bytes()) <= 10 * 1024


def test_every_release_column_comes_from_the_extracted_wheels() -> None:
    table = _tool().translation_table()
    header = table.splitlines()[0]
    for version in ("2.4.0", "2.5.0", "rtx 2.11.0"):
        assert version in header
