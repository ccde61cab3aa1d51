"""What the rows derive to (each pattern's literal words, the anchors a long text is read for), kept in the user's
cache between runs.

Deriving them costs every fresh process (the CLI) more the more families there are; loading them costs a few
milliseconds. An entry is named by a digest of its inputs and of the code that derives them, so a new or changed row,
or changed code, derives afresh: nobody maintains it. A cache folder that cannot be read or written is ignored (the
words are derived in the process), and an entry is written whole or not at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .._atomic import atomic_write_text
from ..compatibility.snapshot import cache_dir

__all__ = ["remembered"]

#: the modules whose code derives the words: a change to one of them derives afresh
_CODE = ("literals.py", "scan.py", "derived.py")


def remembered(name: str, inputs: Sequence[str], derive: Callable[[], Any]) -> Any:
    """``derive()`` (a JSON value), from the cache when an earlier run derived it from the same ``inputs`` with the
    same code; else derived now and kept. Either way the value has been through JSON (lists, not tuples)."""
    folder = _folder()
    digest = hashlib.sha256(json.dumps([name, list(inputs)]).encode("utf-8", "surrogatepass"))
    for module in _CODE:
        digest.update((Path(__file__).with_name(module)).read_bytes())
    path = folder / f"{name}-{digest.hexdigest()[:32]}.json" if folder is not None else None
    if path is not None:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    value = json.loads(json.dumps(derive()))
    if path is not None:
        _keep(path, value, name)
    return value


def _folder() -> Path | None:
    try:
        return cache_dir().parent / "explain"
    except Exception:  # no usable cache folder (an unset home, a bad variable): derive in the process
        return None


def _keep(path: Path, value: Any, name: str) -> None:
    """Write the entry and drop the entries of the same name an older table or code left behind."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(value))
        for old in path.parent.glob(f"{name}-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
