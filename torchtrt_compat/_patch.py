"""One way to change an attribute for a while and put back exactly what was there.

Patches of the same attribute may overlap and end in any order (two threads, or generators closed late): each
``patched`` block is a layer over the attribute's original value. Leaving a block removes its own layer wherever it
is; the attribute then shows the newest remaining layer, or the original once no layer is left. So no exit order can
leave a patch behind.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

_MISSING = object()
_LOCK = threading.Lock()


@dataclass
class _Slot:
    obj: Any  #: held so that id(obj) stays unique while patched
    original: Any  #: from obj.__dict__ when it has one (an inherited class attribute is not copied down), or _MISSING
    layers: list[list[Any]] = field(default_factory=list)  #: one [value] box per open block, oldest first


_SLOTS: dict[tuple[int, str], _Slot] = {}


def _own_value(obj: Any, name: str) -> Any:
    namespace = getattr(obj, "__dict__", None)
    if namespace is not None:
        return namespace.get(name, _MISSING)
    return getattr(obj, name, _MISSING)


@contextlib.contextmanager
def patched(obj: Any, name: str, value: Any) -> Iterator[Any]:
    """Set ``obj.name = value`` inside the block and yield the value it replaced (None if it had none)."""
    key = (id(obj), name)
    box = [value]
    with _LOCK:
        slot = _SLOTS.get(key)
        if slot is None:
            slot = _SLOTS[key] = _Slot(obj, _own_value(obj, name))
        previous = getattr(obj, name, None)
        slot.layers.append(box)
        setattr(obj, name, value)
    try:
        yield previous
    finally:
        with _LOCK:
            slot.layers = [layer for layer in slot.layers if layer is not box]
            if slot.layers:
                setattr(obj, name, slot.layers[-1][0])
            else:
                del _SLOTS[key]
                if slot.original is _MISSING:
                    with contextlib.suppress(AttributeError):
                        delattr(obj, name)
                else:
                    setattr(obj, name, slot.original)


def active_patches() -> list[str]:
    """``"Type.name"`` for every attribute patched right now (empty when no compile is running)."""
    with _LOCK:
        return sorted(f"{getattr(s.obj, '__name__', type(s.obj).__name__)}.{name}" for (_, name), s in _SLOTS.items())
