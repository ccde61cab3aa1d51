"""``--html FILE`` for the commands that offer it: checked early, written atomically, one error line."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .._atomic import atomic_write_text
from .._errors import UsageError

HTML_FIX = "pass --html a file path in a folder you can write"


def check_html_path(path: str) -> None:
    """Refuse, before any work, an ``--html`` path that cannot be written (a folder, a missing folder, no access)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not path or target.is_dir():
        raise UsageError(f"--html {path!r} is a folder, not a file.", HTML_FIX)
    if not folder.is_dir():
        raise UsageError(f"--html {path}: the folder {folder} does not exist.", HTML_FIX)
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists() and not target.is_file()):
        raise UsageError(f"--html {path} cannot be written.", HTML_FIX)
    try:  # access() says yes to root everywhere (/proc, read-only mounts): creating a file there is the real test
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".torchtrt-compat-html-probe-"):
            pass
    except OSError as exc:
        raise UsageError(f"--html {path} cannot be written ({exc.strerror or exc}).", HTML_FIX) from None


def write_html(path: str, text: str) -> None:
    """``text`` to ``path`` atomically; an `OSError` becomes one `UsageError` line."""

    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise UsageError(f"Cannot write --html {path}: {exc.strerror or exc}.", HTML_FIX) from None
