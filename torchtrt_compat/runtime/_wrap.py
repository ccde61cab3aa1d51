"""A thin callable proxy: the runtime wrappers change how a module is called, never what it is."""

from __future__ import annotations

from typing import Any

from .._errors import UsageError


class CallWrapper:
    """Forwards attribute access to the wrapped callable; subclasses override `__call__`.

    Not an ``nn.Module``, so building one imports nothing; ``wrapper.__wrapped__`` is the original.
    """

    def __init__(self, wrapped: Any) -> None:
        if not callable(wrapped):
            raise UsageError(f"Expected a module or function, got {type(wrapped).__name__}.", "pass the model itself")
        object.__setattr__(self, "__wrapped__", wrapped)

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "__wrapped__"), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # pragma: no cover - always overridden
        return self.__wrapped__(*args, **kwargs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__wrapped__!r}{self._repr_extra()})"

    def _repr_extra(self) -> str:
        return ""
