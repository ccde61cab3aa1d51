"""A notebook for the progress display: `in_notebook` true, no ipywidgets (the plain HTML sink), and
``IPython.display.display`` recording every object shown or updated in place."""

from __future__ import annotations

import sys

import pytest

from torchtrt_compat.ux import progress as _progress


@pytest.fixture
def notebook_display(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What the progress display shows, in order: the first object, then each in-place update."""
    ipython_display = pytest.importorskip("IPython.display")
    shown: list[object] = []

    class Handle:
        def update(self, obj: object) -> None:
            shown.append(obj)

    def display(obj: object, display_id: bool = False) -> Handle:
        shown.append(obj)
        return Handle()

    monkeypatch.setattr(_progress, "in_notebook", lambda: True)
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # import ipywidgets raises ImportError
    monkeypatch.setattr(ipython_display, "display", display)
    return shown
