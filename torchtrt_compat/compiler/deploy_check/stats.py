"""Output statistics and tolerances: is one output of a candidate the same as the PyTorch model's, within what?

Per output (a pytree leaf): the largest absolute and relative error, the cosine similarity, and the share of
elements outside ``atol + rtol * |reference|``. The tolerance per precision is the user's, the catalogue's, or the
measured default (`DEFAULT_TOLERANCES`; docs/deploy_check.md says how it was chosen).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..._errors import UsageError

#: The precisions a check knows, in torch's names; ``tf32`` is FP32 where TensorRT may compute convolutions and matrix
#: products in TF32 (its default for an FP32 build unless ``disable_tf32=True``).
PRECISIONS = ("float32", "tf32", "float16", "bfloat16")
#: The precisions a model can be run in with autocast's typing (`autocast.reduced_precision`).
REDUCED = ("float16", "bfloat16")


@dataclass(frozen=True)
class Tolerance:
    """When an output counts as right: an element is outside when ``|got - want| > atol + rtol * |want|`` (or one
    side is NaN/Inf and the other is not); the output is right when at most ``max_outside`` of its elements are
    outside and its cosine similarity is at least ``min_cosine`` (not judged when every reference element is within
    ``atol`` of zero). Integer and bool outputs must match exactly."""

    atol: float
    rtol: float
    max_outside: float = 0.0
    min_cosine: float = 0.0
    source: str = "given"

    def describe(self) -> str:
        share = f", at most {self.max_outside:.2%} outside" if self.max_outside else ", no element outside"
        return f"atol {self.atol:g}, rtol {self.rtol:g}{share}, cosine >= {self.min_cosine:g} ({self.source})"


#: Defaults per precision, measured by ``benchmarks/deploy_check.py`` on the bundled models (docs/deploy_check.md
#: gives the figures and the margins): FP32 against itself through inductor and a TF32 copy, FP16 and BF16 copies
#: against FP32 in PyTorch.
DEFAULT_TOLERANCES: dict[str, Tolerance] = {
    "float32": Tolerance(1e-3, 1e-3, 0.0, 0.9999, "default for float32"),
    "tf32": Tolerance(1e-2, 1e-2, 0.0, 0.9999, "default for float32 with TF32"),
    "float16": Tolerance(1e-2, 1e-2, 0.001, 0.999, "default for float16"),
    "bfloat16": Tolerance(5e-2, 5e-2, 0.001, 0.99, "default for bfloat16"),
}


def resolve_tolerance(precision: str, given: Any = None, catalogue: Mapping[str, Any] | None = None) -> Tolerance:
    """The tolerance a check uses: ``given`` (a `Tolerance`, an ``atol`` number, ``(atol, rtol)`` or a dict of
    `Tolerance` fields) wins, then the catalogue's value for ``precision`` (``{"atol":, "rtol":}``, e.g.
    `models.ModelEntry.tolerance`), then `DEFAULT_TOLERANCES`; the share and cosine limits not given come from the
    default for ``precision``."""
    base = DEFAULT_TOLERANCES[check_precision(precision)]
    if isinstance(given, Tolerance):
        return given
    if given is None:
        if catalogue:
            return replace(base, atol=float(catalogue["atol"]), rtol=float(catalogue["rtol"]), source="catalogue")
        return base
    fields: dict[str, Any]
    if isinstance(given, bool):
        raise _bad_tolerance(given)
    if isinstance(given, (int, float)):
        fields = {"atol": float(given)}
    elif isinstance(given, (tuple, list)) and len(given) == 2:
        fields = {"atol": float(given[0]), "rtol": float(given[1])}
    elif isinstance(given, Mapping):
        unknown = set(given) - {"atol", "rtol", "max_outside", "min_cosine"}
        if unknown:
            raise _bad_tolerance(given)
        fields = {k: float(v) for k, v in given.items()}
    else:
        raise _bad_tolerance(given)
    out = replace(base, **fields, source="given")
    for name in ("atol", "rtol", "max_outside"):
        value = getattr(out, name)
        if not (math.isfinite(value) and value >= 0):
            raise UsageError(f"tolerance {name}={value} is not a non-negative number.", "pass e.g. atol=1e-2")
    if not (0 <= out.max_outside <= 1 and -1 <= out.min_cosine <= 1):
        raise UsageError("tolerance max_outside must lie in [0, 1] and min_cosine in [-1, 1].", "pass e.g. 0.001")
    return out


def _bad_tolerance(given: Any) -> UsageError:
    return UsageError(
        f"tolerance={str(given)[:60]!r} is not a tolerance.",
        "pass a number (atol), (atol, rtol), a dict with atol/rtol/max_outside/min_cosine, or a Tolerance",
    )


def check_precision(name: str, allowed: tuple[str, ...] = PRECISIONS) -> str:
    """``name`` when it is one of ``allowed``, else a `UsageError`."""
    if name not in allowed:
        raise UsageError(f"precision {name!r} is not one of {', '.join(allowed)}.", f"pass {' or '.join(allowed)}")
    return name


@dataclass
class OutputStats:
    """One output of one comparison (or the worst over several draws)."""

    name: str
    shape: list[int]
    max_abs: float = 0.0
    max_rel: float = 0.0
    cosine: float | None = None  #: None for integer outputs and when not defined
    outside: float = 0.0  #: share of elements outside the tolerance
    nonfinite: int = 0  #: elements NaN/Inf on one side only
    judged_cosine: bool = True  #: False when every reference element is within atol of zero
    passed: bool = True
    problem: str = ""  #: a structural difference (shape, count, type), empty when the values were compared
    draw: int | None = None  #: the draw that gave the worst figures

    def merge(self, other: OutputStats) -> OutputStats:
        """The worst of two comparisons of the same output."""
        worse = other if (not other.passed and self.passed) or other.outside > self.outside else self
        cosines = [c for c in (self.cosine, other.cosine) if c is not None]
        return replace(
            worse,
            max_abs=max(self.max_abs, other.max_abs),
            max_rel=max(self.max_rel, other.max_rel),
            cosine=min(cosines) if cosines else None,
            outside=max(self.outside, other.outside),
            nonfinite=max(self.nonfinite, other.nonfinite),
            passed=self.passed and other.passed,
            problem=self.problem or other.problem,
            draw=(self.draw if not self.passed else other.draw if not other.passed else worse.draw),
        )

    def line(self) -> str:
        if self.problem:
            return f"{self.name}: {self.problem}"
        cos = "n/a" if self.cosine is None else f"{self.cosine:.6f}" + ("" if self.judged_cosine else " (not judged)")
        bad = f", {self.nonfinite} NaN/Inf where the other side is finite" if self.nonfinite else ""
        return (
            f"{self.name} {tuple(self.shape)}: max abs {self.max_abs:.3g}, max rel {self.max_rel:.3g}, "
            f"cosine {cos}, {self.outside:.3%} outside{bad}"
        )


def compare_outputs(got: Any, want: Any, tolerance: Tolerance, *, draw: int | None = None) -> list[OutputStats]:
    """Every output (pytree leaf) of ``got`` against ``want``, named by its path in ``want``."""
    import torch
    from torch.utils import _pytree as pytree

    want_leaves, _ = pytree.tree_flatten_with_path(want)
    got_leaves = pytree.tree_leaves(got)
    names = ["output" + pytree.keystr(path) for path, _ in want_leaves]
    if len(got_leaves) != len(want_leaves):
        return [
            OutputStats(
                "output",
                [],
                passed=False,
                problem=f"{len(got_leaves)} output tensor(s) where PyTorch returns {len(want_leaves)}",
                draw=draw,
            )
        ]
    out = []
    for name, g, (_, w) in zip(names, got_leaves, want_leaves, strict=True):
        if isinstance(w, torch.Tensor) and isinstance(g, torch.Tensor):
            out.append(compare_tensor(name, g, w, tolerance, draw=draw))
        elif isinstance(w, torch.Tensor) or isinstance(g, torch.Tensor) or g != w:
            kind = (type(g).__name__, type(w).__name__)
            out.append(OutputStats(name, [], passed=False, problem=f"{kind[0]} where PyTorch gives {kind[1]}"))
        else:
            out.append(OutputStats(name, [], draw=draw))
    return out


def compare_tensor(name: str, got: Any, want: Any, tolerance: Tolerance, *, draw: int | None = None) -> OutputStats:
    """The statistics of one output tensor against the reference (in float64, on the reference's device)."""
    import torch

    shape = list(want.shape)
    if tuple(got.shape) != tuple(want.shape):
        return OutputStats(
            name, shape, passed=False, problem=f"shape {tuple(got.shape)} where PyTorch gives {tuple(want.shape)}"
        )
    g = got.detach().to(device=want.device, dtype=torch.float64).flatten()
    w = want.detach().to(torch.float64).flatten()
    if w.numel() == 0:
        return OutputStats(name, shape, draw=draw)
    exact = not (want.is_floating_point() or want.is_complex())
    finite_w, finite_g = torch.isfinite(w), torch.isfinite(g)
    both = finite_w & finite_g
    same_special = ~finite_w & ~finite_g & ((g == w) | (torch.isnan(g) & torch.isnan(w)))
    mismatch = ~(both | same_special)
    diff = torch.where(both, (g - w).abs(), torch.zeros_like(w))
    scale = w.abs()
    limit = torch.zeros_like(w) if exact else tolerance.atol + tolerance.rtol * scale
    outside = (diff > limit) | mismatch
    nonzero = both & (scale > 0)
    rel = diff[nonzero] / scale[nonzero]
    stats = OutputStats(
        name,
        shape,
        max_abs=math.inf if bool(mismatch.any()) else float(diff.max()),
        max_rel=math.inf if bool(mismatch.any()) else float(rel.max()) if rel.numel() else 0.0,
        outside=float(outside.double().mean()),
        nonfinite=int(mismatch.sum()),
        draw=draw,
    )
    if exact:
        stats.passed = stats.outside == 0.0
        return stats
    gb, wb = g[both], w[both]
    gn, wn = float(gb.norm()), float(wb.norm())
    stats.cosine = 1.0 if gn == wn == 0.0 else float(gb @ wb) / (gn * wn) if gn and wn else 0.0
    stats.judged_cosine = bool(wb.numel()) and float(wb.abs().max()) > tolerance.atol
    cosine_ok = not stats.judged_cosine or stats.cosine >= tolerance.min_cosine
    stats.passed = stats.nonfinite == 0 and stats.outside <= tolerance.max_outside and cosine_ok
    return stats
