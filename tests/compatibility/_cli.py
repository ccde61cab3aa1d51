"""The ``torchtrt-compat`` program run in a subprocess, as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m torchtrt_compat ARGS`` with text output captured and Python's warnings off."""
    return subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
