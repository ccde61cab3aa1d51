"""The bundled model catalogue: name -> builder with random weights, example inputs and a tolerance.

No entry downloads anything. Installed as ``torchtrt_compat.models``; the CLI names entries as ``models:NAME``.
Each catalogue module registers its entries with `register_model` when imported. Catalogue modules import torch,
torchvision, timm and transformers only inside builders, so listing the catalogue (`list_models`, `get_model`,
``torchtrt-compat models``) imports none of them.
"""

from __future__ import annotations

import difflib
import fnmatch
import importlib
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import torch

_CATALOGUE_MODULES = (
    "classification",
    "segmentation",
    "detection",
    "deform",
    "transformer",
    "zoo_torchvision",
    "zoo_timm",
    "zoo_transformers",
)


@dataclass(frozen=True)
class ModelEntry:
    name: str
    builder: Callable[[], torch.nn.Module]
    make_inputs: Callable[[], tuple[Any, ...]]
    atol: float
    rtol: float
    description: str
    tags: tuple[str, ...] = field(default_factory=tuple)
    requires: tuple[str, ...] = field(default_factory=tuple)  #: optional packages (the `zoo` extra), e.g. "timm"

    def missing(self) -> list[str]:
        """The optional packages this entry needs that are not installed (it is skipped while any is missing)."""
        import importlib.util

        return [name for name in self.requires if importlib.util.find_spec(name) is None]

    def build(self, seed: int = 0) -> torch.nn.Module:
        """The model in eval mode with deterministic random weights."""
        import torch

        if self.missing():
            from torchtrt_compat._errors import MissingDependencyError
            from torchtrt_compat._lazy import install_extra

            raise MissingDependencyError(
                f"models:{self.name} needs {', '.join(self.missing())}, which is not installed.",
                install_extra("zoo"),
            )
        torch.manual_seed(seed)
        return self.builder().eval()

    def example_inputs(self, seed: int = 0) -> tuple[Any, ...]:
        import torch

        torch.manual_seed(seed + 1)
        return self.make_inputs()


_REGISTRY: dict[str, ModelEntry] = {}


def register_model(
    name: str,
    *,
    inputs: Callable[[], tuple[Any, ...]],
    atol: float = 1e-3,
    rtol: float = 1e-3,
    description: str = "",
    tags: tuple[str, ...] = (),
    requires: tuple[str, ...] = (),
) -> Callable[[Callable[[], torch.nn.Module]], Callable[[], torch.nn.Module]]:
    def decorate(builder: Callable[[], torch.nn.Module]) -> Callable[[], torch.nn.Module]:
        if name in _REGISTRY:
            warnings.warn(f"model {name!r} registered twice; the later one wins", stacklevel=2)
        _REGISTRY[name] = ModelEntry(
            name, builder, inputs, atol, rtol, description or (builder.__doc__ or "").strip(), tags, requires
        )
        return builder

    return decorate


def _load_all() -> None:
    for mod in _CATALOGUE_MODULES:
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{mod}":
                raise


def list_models(pattern: str = "*") -> list[ModelEntry]:
    _load_all()
    return [e for n, e in sorted(_REGISTRY.items()) if fnmatch.fnmatch(n, pattern)]


def closest_names(name: str, n: int = 3) -> list[str]:
    """The catalogue names closest to ``name`` (difflib), for a "did you mean"."""
    _load_all()
    return difflib.get_close_matches(name, sorted(_REGISTRY), n=n, cutoff=0.6)


def get_model(name: str) -> ModelEntry:
    """The catalogue entry ``name``; an unknown name is a `UsageError` naming the closest entries."""
    _load_all()
    if name not in _REGISTRY:
        from torchtrt_compat._errors import UsageError

        close = closest_names(name)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        listing = f"`torchtrt-compat models` lists its {len(_REGISTRY)} entries (`models 'resnet*'` filters)"
        raise UsageError(
            f"No model {name!r} in the catalogue{hint}.", f"use {close[0]!r}; {listing}" if close else listing
        )
    return _REGISTRY[name]
