"""Which registry snapshot the checker reads: the one bundled with the package, or the user's refreshed copy.

``torchtrt-compat matrix --refresh`` writes ``matrix.json`` and ``registry.json`` (the bundle's format, read from the
registry that day) into the user cache: ``$TORCHTRT_COMPAT_CACHE/matrix`` when that is set, else
``$XDG_CACHE_HOME/torchtrt_compat/matrix`` (``~/.cache/...`` without XDG_CACHE_HOME; ``%LOCALAPPDATA%`` on Windows).
The checker reads the newer of the two: the cache when its snapshot date is later than the bundle's and it was
written in the format this release reads; the bundle otherwise (on the same day they hold the same facts).
`describe` says which. Reading never touches the network, and nothing is ever fetched on the way.

The curated tables (GPU architectures, drivers, Jetson, ...) are not registry facts: they always come from the
installed package (``data/curated.json``), whichever snapshot is read.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

#: The format of matrix.json / registry.json this release reads and writes. A cache in another format is ignored.
SCHEMA = 3
FILES = ("matrix.json", "registry.json")


@dataclass(frozen=True)
class Source:
    """One snapshot: ``kind`` ``bundled`` or ``cache``, its folder (None for the bundle), its date."""

    kind: str
    folder: Path | None
    snapshot_date: str
    note: str = ""  #: why another snapshot was not used (a cache in an old format, unreadable, older)

    def read(self, name: str) -> dict[str, Any]:
        """One of `FILES`, parsed."""
        if self.folder is None:
            text = resources.files("torchtrt_compat").joinpath(f"data/{name}").read_text(encoding="utf-8")
        else:
            text = (self.folder / name).read_text(encoding="utf-8")
        data: dict[str, Any] = json.loads(text)
        return data

    def describe(self) -> str:
        """``'bundled with torchtrt-compat'`` or ``'user cache /home/me/.cache/torchtrt_compat/matrix'``."""
        where = "bundled with torchtrt-compat" if self.folder is None else f"user cache {self.folder}"
        return where + (f"; {self.note}" if self.note else "")


def cache_dir() -> Path:
    """The folder `matrix --refresh` writes and the checker reads (see the module docstring)."""
    explicit = os.environ.get("TORCHTRT_COMPAT_CACHE")
    if explicit:
        return Path(explicit).expanduser() / "matrix"
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        base = Path(xdg).expanduser()
    elif sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path.home() / ".cache"
    return base / "torchtrt_compat" / "matrix"


def bundled() -> Source:
    return Source("bundled", None, str(Source("bundled", None, "").read("matrix.json")["snapshot_date"]))


def cached(folder: Path | None = None) -> tuple[Source | None, str]:
    """The user cache as a `Source`, or (None, why it cannot be read); (None, '') when there is none."""
    try:
        folder = folder or cache_dir()
        if not (folder / "matrix.json").is_file():
            return None, ""
    except (OSError, RuntimeError):  # an unusable cache location (no home directory, a bad ~user) reads as none
        return None, ""
    try:
        head = json.loads((folder / "matrix.json").read_text(encoding="utf-8"))
        if not all((folder / name).is_file() for name in FILES):
            return None, f"the user cache {folder} is incomplete (run `torchtrt-compat matrix --refresh`)"
        if head.get("schema") != SCHEMA:
            return None, (
                f"the user cache {folder} was written by another torchtrt-compat release (format "
                f"{head.get('schema')}, this one reads {SCHEMA}); run `torchtrt-compat matrix --refresh`"
            )
        return Source("cache", folder, str(head["snapshot_date"])), ""
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return (
            None,
            f"the user cache {folder} is unreadable ({type(exc).__name__}); run `torchtrt-compat matrix --refresh`",
        )


def choose() -> Source:
    """The snapshot to read: the user cache when it is newer than the bundle, else the bundle."""
    bundle = bundled()
    cache, why = cached()
    if cache is not None and cache.snapshot_date > bundle.snapshot_date:
        return cache
    return Source(bundle.kind, None, bundle.snapshot_date, why)
