"""One way to change an attribute for a while and put back exactly what was there.

Patches of the same attribute may overlap and end in any order (two threads, or generators closed late): each
``patched`` block is a layer over the attribute's original value. Leaving a block removes its own layer wherever it
is; the attribute then shows the newest remaining layer, or the original once no layer is left. So no exit order can
leave a patch behind.

A patch is seen only by the thread that made it when it replaces a function with a function (the usual shim): the
attribute then holds a dispatcher that, on each call, runs the newest layer made by the calling thread and, for any
other thread, what that thread would see without the patch (in the end the original). A thread that builds nothing
never runs a shim's function. Other values (a list, a module, a class) are process-wide layers.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import itertools
import threading
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

_MISSING = object()
_LOCK = threading.Lock()
_SEQ = itertools.count(1)


@dataclass
class _Layer:
    value: Any
    owner: int | None  #: the thread the layer applies to (threading.get_ident()), or None for every thread
    seq: int  #: creation order: a layer only ever dispatches to layers made before it
    installed: Any = None  #: what is set on the attribute while this layer is the newest


@dataclass
class _Slot:
    obj: Any  #: held so that id(obj) stays unique while patched
    original: Any  #: from obj.__dict__ when it has one (an inherited class attribute is not copied down), or _MISSING
    fallback: Any  #: what getattr gave before the first layer (what other threads run), or _MISSING
    layers: list[_Layer] = field(default_factory=list)  #: one per open block, oldest first


_SLOTS: dict[tuple[int, str], _Slot] = {}


def _own_value(obj: Any, name: str) -> Any:
    namespace = getattr(obj, "__dict__", None)
    if namespace is not None:
        return namespace.get(name, _MISSING)
    return getattr(obj, name, _MISSING)


def _per_thread(obj: Any, name: str, value: Any) -> bool:
    """A function replacing a function: dispatched per thread. Descriptors (staticmethod, classmethod, property),
    classes and plain values stay process-wide."""
    if not callable(value) or isinstance(value, type):
        return False
    raw = inspect.getattr_static(obj, name, _MISSING)
    if raw is _MISSING:
        return False
    plain = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, functools.partial)
    return isinstance(raw, plain) or (callable(raw) and not isinstance(raw, (type, staticmethod, classmethod)))


def _pick(slot: _Slot, seq: int) -> Any:
    """The layer the calling thread runs among those made up to ``seq``, else the value before any layer."""
    me = threading.get_ident()
    for layer in reversed(tuple(slot.layers)):
        if layer.seq <= seq and layer.owner in (None, me):
            return layer.value
    if slot.fallback is _MISSING:
        raise AttributeError(f"{getattr(slot.obj, '__name__', slot.obj)!r} had no original to call")
    return slot.fallback


def _dispatcher(slot: _Slot, layer: _Layer) -> Callable[..., Any]:
    seq = layer.seq

    def dispatch(*args: Any, **kwargs: Any) -> Any:
        return _pick(slot, seq)(*args, **kwargs)

    with contextlib.suppress(AttributeError, TypeError):
        functools.update_wrapper(dispatch, layer.value)
    return dispatch


@contextlib.contextmanager
def patched(obj: Any, name: str, value: Any, *, all_threads: bool = False) -> Iterator[Any]:
    """Set ``obj.name = value`` inside the block and yield the value it replaced (None if it had none).

    A function replacing a function is seen by this thread only (see the module docstring); ``all_threads=True``
    makes it process-wide like any other value.
    """
    key = (id(obj), name)
    with _LOCK:
        slot = _SLOTS.get(key)
        if slot is None:
            slot = _SLOTS[key] = _Slot(obj, _own_value(obj, name), getattr(obj, name, _MISSING))
        previous = getattr(obj, name, None)
        owner = None if all_threads or not _per_thread(obj, name, value) else threading.get_ident()
        layer = _Layer(value, owner, next(_SEQ))
        layer.installed = value if owner is None else _dispatcher(slot, layer)
        slot.layers.append(layer)
        setattr(obj, name, layer.installed)
    try:
        yield previous
    finally:
        with _LOCK:
            slot.layers = [kept for kept in slot.layers if kept is not layer]
            if slot.layers:
                setattr(obj, name, slot.layers[-1].installed)
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
