"""One way to change an attribute for a while and put back exactly what was there."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

_MISSING = object()


@contextlib.contextmanager
def patched(obj: Any, name: str, value: Any) -> Iterator[Any]:
    """Set ``obj.name = value`` inside the block; restore the old value, or delete it if there was none.

    Reads the attribute from ``obj.__dict__`` when it has one so that a class attribute inherited from a parent is
    not copied down onto the child on restore.
    """
    namespace = getattr(obj, "__dict__", None)
    old = namespace.get(name, _MISSING) if namespace is not None else getattr(obj, name, _MISSING)
    previous = getattr(obj, name, None)
    setattr(obj, name, value)
    try:
        yield previous
    finally:
        if old is _MISSING:
            with contextlib.suppress(AttributeError):
                delattr(obj, name)
        else:
            setattr(obj, name, old)
