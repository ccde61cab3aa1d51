"""Figures for the notebooks, each with alternative text.

matplotlib's inline PNG carries no alt text: a screen reader says nothing, and nbconvert warns "Alternative text is
missing" for every chart. `show` renders the figure as an ``<img>`` whose ``alt`` says what the chart shows.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any


def show(fig: Any, alt: str) -> None:
    """Display ``fig`` (a matplotlib figure) with ``alt`` as its alternative text, then close it."""
    import matplotlib.pyplot as plt
    from IPython.display import HTML, display

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    display(HTML(f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'))
