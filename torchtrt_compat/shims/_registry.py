"""The shim registry: every change we make to torch, torchvision or torch_tensorrt is declared here.

A shim is a context-manager factory. Entering it applies the change, leaving it undoes it exactly. Each one says
which stage it belongs to, which installed versions need it (as data: a specifier per distribution), and in
plain words what it changes and how it is undone. Nothing outlives the ``with`` block that needed it.
"""

from __future__ import annotations

import contextlib
import difflib
import fnmatch
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from .._errors import InternalError, UsageError
from ..ux.display import compact_repr, folded, panel, table
from ..versions import satisfies

Stage = Literal["import", "export", "compile", "save"]
STAGES: tuple[Stage, ...] = ("import", "export", "compile", "save")

#: Shims patch process-wide objects, so activations are serialised: a second thread's compile waits at each stage
#: until the first one's patches are undone. Re-entrant, because a stage may import torch_tensorrt (import stage).
#: `exclusive` holds it for a whole build (compile / build_engine / export), so builds in threads run one at a time.
_ACTIVATION_LOCK = threading.RLock()


@contextlib.contextmanager
def exclusive() -> Iterator[float]:
    """Hold the activation lock for a whole build; yields how many seconds this thread waited for another's."""
    start = time.perf_counter()
    with _ACTIVATION_LOCK:
        yield time.perf_counter() - start


@dataclass(frozen=True)
class ShimContext:
    """What a shim may look at to decide whether it applies.

    ``versions`` maps a module name (``torch``, ``torchvision``, ``torch_tensorrt``, ``tensorrt``) to its
    installed version string, or None when it is not installed. ``flavour`` is ``"tensorrt"``,
    ``"tensorrt-rtx"`` or None. ``has_gpu`` says whether a CUDA device is visible (from NVML, no CUDA context).
    ``aot`` marks an ahead-of-time build for ``targets`` (compute capabilities such as ``"8.9"``); ``autocast`` says
    that the translated settings turn on torch_tensorrt's autocast (``enable_autocast=True``); ``recurrent_keep_whole``
    that recurrent layers stay whole in PyTorch; ``decompose_attention`` that the settings pass
    ``decompose_attention=True``.
    """

    versions: dict[str, str | None] = field(default_factory=dict)
    flavour: str | None = None
    has_gpu: bool = False
    aot: bool = False
    targets: tuple[str, ...] = ()
    autocast: bool = False
    recurrent_keep_whole: bool = False  #: the program's recurrent layers would unroll too far (ops/recurrent.py)
    decompose_attention: bool = False  #: the settings ask torch_tensorrt to decompose every attention call itself


@dataclass(frozen=True)
class Shim:
    name: str
    stage: Stage
    summary: str
    undo: str
    requires: dict[str, str]
    factory: Callable[[ShimContext], contextlib.AbstractContextManager[object]]
    when: Callable[[ShimContext], bool] | None = None
    when_text: str = ""

    def applies(self, ctx: ShimContext) -> bool:
        for module, spec in self.requires.items():
            version = ctx.versions.get(module)
            if version is None or not satisfies(version, spec):
                return False
        return self.when(ctx) if self.when is not None else True

    def needed_by(self) -> str:
        parts = [f"{m.replace('_', '-')}{s}" for m, s in self.requires.items()]
        if self.when_text:
            parts.append(self.when_text)
        return ", ".join(parts) or "always"

    def __repr__(self) -> str:
        return compact_repr(f"Shim {self.name} ({self.stage} stage)", f"needed by: {self.needed_by()}", self.summary)

    def _repr_html_(self) -> str:
        return ShimList([self])._repr_html_()


class ShimList(list[Shim]):
    """What `list_shims` returns: a list of `Shim`s that displays as a table (name, stage, who needs it, what it
    changes, how it is undone) and never shows the functions behind them."""

    def __repr__(self) -> str:
        names = ", ".join(s.name for s in self)
        return compact_repr(f"{len(self)} shim{'s' if len(self) != 1 else ''}", names)

    def __str__(self) -> str:
        return "\n".join(f"{s.name} [{s.stage}] needed by {s.needed_by()}: {s.summary}" for s in self)

    def _repr_html_(self) -> str:

        # one line per shim; each long text opens from its first sentence (a table no wider than the page)
        rows = [(s.name, s.stage, folded(s.needed_by(), 60), folded(s.summary), folded(s.undo)) for s in self]
        header = ("shim", "stage", "needed by", "what it changes", "how it is undone")
        title = f"{len(self)} shim{'s' if len(self) != 1 else ''}"
        return panel(title, table(rows, header, raw_columns=frozenset({2, 3, 4})))


_REGISTRY: dict[str, Shim] = {}


def register_shim(
    name: str,
    *,
    stage: Stage,
    summary: str,
    undo: str,
    requires: dict[str, str] | None = None,
    when: Callable[[ShimContext], bool] | None = None,
    when_text: str = "",
) -> Callable[[Callable[[ShimContext], Iterator[object]]], Shim]:
    """Register a generator function as a shim (it is wrapped with `contextlib.contextmanager`)."""
    if stage not in STAGES:
        raise UsageError(f"Unknown shim stage {stage!r}.", f"use one of {', '.join(STAGES)}")

    def decorate(fn: Callable[[ShimContext], Iterator[object]]) -> Shim:
        if name in _REGISTRY:
            warnings.warn(f"shim {name!r} registered twice; the later one wins", stacklevel=2)
        shim = Shim(
            name=name,
            stage=stage,
            summary=summary,
            undo=undo,
            requires=dict(requires or {}),
            factory=contextlib.contextmanager(fn),
            when=when,
            when_text=when_text,
        )
        _REGISTRY[name] = shim
        return shim

    return decorate


def list_shims(pattern: str = "*", ctx: ShimContext | None = None) -> ShimList:
    """All registered shims whose name matches ``pattern``; with ``ctx``, only those that apply there. The result
    is a list that displays as a table in Jupyter."""
    shims = [s for n, s in sorted(_REGISTRY.items()) if fnmatch.fnmatch(n, pattern)]
    return ShimList(s for s in shims if ctx is None or s.applies(ctx))


def get_shim(name: str) -> Shim:
    try:
        return _REGISTRY[name]
    except KeyError:
        close = difflib.get_close_matches(str(name), sorted(_REGISTRY), n=2, cutoff=0.5)
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        raise UsageError(
            f"Unknown shim {name!r}{hint}.",
            (f"use {close[0]!r}; " if close else "") + f"`torchtrt-compat shims` lists all {len(_REGISTRY)}",
        ) from None


def select(stage: Stage, ctx: ShimContext, shims: str | list[str] | None = "auto") -> list[Shim]:
    """The shims to run at ``stage``: ``"auto"`` = every one that applies, a list = those names, None = none."""
    if shims is None or shims == "none":
        return []
    if shims == "auto":
        return [s for s in list_shims(ctx=ctx) if s.stage == stage]
    if isinstance(shims, str):
        raise UsageError(f"shims={shims!r} is not understood.", 'pass "auto", None, or a list of shim names')
    return [s for s in (get_shim(n) for n in shims) if s.stage == stage]


@dataclass
class Activation:
    """What ``activate`` applied: shim names, and aten decompositions that export-stage shims contributed.

    ``changed`` names the shims whose change took effect (a patched function was called, a decomposition fired),
    as opposed to merely being active: the compile report lists them apart.
    """

    applied: list[str] = field(default_factory=list)
    decompositions: dict[object, Callable[..., object]] = field(default_factory=dict)
    sources: dict[object, str] = field(default_factory=dict)  #: decomposed op -> the shim that contributed it
    changed: list[str] = field(default_factory=list)

    def mark_changed(self, name: str) -> None:
        if name not in self.changed:
            self.changed.append(name)


_THREAD = threading.local()  # .open: the activations open in this thread, outermost first


def _open() -> list[Activation]:
    if not hasattr(_THREAD, "open"):
        _THREAD.open = []
    opened: list[Activation] = _THREAD.open
    return opened


def mark_changed(name: str) -> None:
    """Called by a shim when its change takes effect, e.g. from inside a patched function; the activation of the
    calling thread that applied it records that (outside any activation this does nothing). Per thread, so a build
    is never credited with a shim that changed another thread's graph."""
    for activation in reversed(_open()):
        if name in activation.applied:
            activation.mark_changed(name)
            return


@contextlib.contextmanager
def activate(stage: Stage, ctx: ShimContext, shims: str | list[str] | None = "auto") -> Iterator[Activation]:
    """Apply the selected shims for ``stage`` and undo them on exit, in reverse order.

    Holds the process-wide activation lock for the whole block, so overlapping compiles never interleave patches.

    A shim's generator may yield a mapping ``{OpOverload: python_fn}``; the exporter passes the union of those to
    ``ExportedProgram.run_decompositions`` so that ops without TensorRT converters become convertible aten ops.
    """
    if stage not in STAGES:
        raise InternalError(f"activate() called for unknown stage {stage!r}")
    activation = Activation()
    with _ACTIVATION_LOCK, contextlib.ExitStack() as stack:
        opened = _open()
        opened.append(activation)
        stack.callback(opened.remove, activation)
        for shim in select(stage, ctx, shims):
            contributed = stack.enter_context(shim.factory(ctx))
            if isinstance(contributed, dict):
                activation.decompositions.update(contributed)
                activation.sources.update(dict.fromkeys(contributed, shim.name))
            activation.applied.append(shim.name)
        yield activation
