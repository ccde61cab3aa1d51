"""When a reduced-precision build is wrong, say where: the layers that overflow or diverge, and the build setting that
keeps them in FP32 for a given torch_tensorrt release.

`find_precision_problems` runs the model in PyTorch in FP32 with a hook on every module (what each received and
returned), then every module alone on those FP32 inputs with autocast's typing (`reduced_precision`: each aten
operation in the reduced precision unless the innermost module running it is excluded, the rule torch_tensorrt
applies to each node), so that each layer's own error shows and not what it inherited. A layer is named when its
output overflows (NaN/Inf where FP32 is finite), when its input does not fit the precision, or when its output
differs by more than `DIVERGENCE` (relative L2); the deepest such modules are kept. Their setting
(`fp32_layers_setting`) is then applied to a reduced-precision run of the whole model, matched as torch_tensorrt
matches it, and the outputs are compared again; when that is not yet within the tolerance, the first module (in the
order modules finish) whose output still differs is added, a few rounds at most.

The setting that keeps the named layers in FP32 is written per torch_tensorrt release by `setting`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..._errors import UsageError
from ...ux.display import bullet_list, key_values, section
from .autocast import autocast_like, excluded, floating_tensors, pattern_for, reduced_precision
from .setting import FP32Setting, fp32_layers_setting
from .stats import REDUCED, OutputStats, check_precision, compare_outputs, resolve_tolerance

#: A module whose output, run alone in the reduced precision on the FP32 inputs, differs from FP32 by more than this
#: (``||low - fp32|| / ||fp32||``) diverges. Healthy layers of the bundled models stay below 0.7% in FP16 and 1.3% in
#: BF16 where their values stay inside FP16's range (benchmarks/deploy_check.py measures it; docs/deploy_check.md).
DIVERGENCE = 0.05
MAX_CALLS = 4  #: calls recorded per module (a shared activation is called many times)
MAX_ROUNDS = 6  #: layers added one by one after the first pass, at most
MAX_LAYERS = 24  #: a search that names more has found no single cause


@dataclass
class LayerFinding:
    """One module that goes wrong in the reduced precision, alone on its FP32 inputs."""

    name: str  #: the module's path in the model ("" for the top module's own code)
    kind: str  #: "overflow", "input out of range", "diverges" or "still differs" (found by the second search)
    detail: str
    error: float  #: relative L2 error of its output (inf for an overflow)

    @property
    def label(self) -> str:
        return self.name or "(the top module's own code)"


@dataclass
class PrecisionDiagnosis:
    """Where a reduced precision goes wrong in PyTorch, and whether keeping those layers in FP32 fixes it."""

    precision: str
    device: str
    layers: list[LayerFinding] = field(default_factory=list)
    setting: FP32Setting | None = None
    before: list[OutputStats] = field(default_factory=list)  #: the whole model in the reduced precision
    after: list[OutputStats] = field(default_factory=list)  #: with the setting applied
    explained: bool = True  #: False when PyTorch in the reduced precision is right (the engine errs otherwise)
    fixed: bool = False  #: True when the setting brings every output within the tolerance
    notes: list[str] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [f.name for f in self.layers]

    def lines(self) -> list[str]:
        where = f"{self.precision} in PyTorch on {self.device}"
        if not self.explained:
            return [f"precision search ({where}):", *(f"  {n}" for n in self.notes)]
        out = [f"precision search ({where}): {len(self.layers)} layer(s) go wrong"]
        out += [f"  {f.label}: {f.kind}, {f.detail}" for f in self.layers]
        if self.setting is not None:
            out += ["  " + line for line in self.setting.lines()]
        worst = max((o.outside for o in self.after), default=0.0)
        if self.after:
            verdict = "within the tolerance" if self.fixed else f"still {worst:.2%} outside the tolerance"
            out.append(f"  applied to a {self.precision} run in PyTorch: {verdict}")
        return out + [f"  note: {n}" for n in self.notes]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_dict(self) -> dict[str, Any]:
        return {
            "precision": self.precision,
            "device": self.device,
            "layers": [vars(f) for f in self.layers],
            "setting": self.setting.to_dict() if self.setting else None,
            "before": [vars(o) for o in self.before],
            "after": [vars(o) for o in self.after],
            "explained": self.explained,
            "fixed": self.fixed,
            "notes": self.notes,
        }

    def _repr_html_(self) -> str:
        items = [f"{f.label}: {f.kind}, {f.detail}" for f in self.layers]
        facts = [("setting", "; ".join(self.setting.lines()))] if self.setting else []
        return section(
            f"where {self.precision} goes wrong", bullet_list(items + self.notes), key_values(facts) if facts else ""
        )


@dataclass
class _Call:
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    output: Any


@contextlib.contextmanager
def _recording(model: Any) -> Iterator[dict[str, list[_Call]]]:
    """Every module's first `MAX_CALLS` calls (inputs and output, copied: an in-place op must not change them), in
    the order the modules finish."""
    import torch
    from torch.utils import _pytree as pytree

    calls: dict[str, list[_Call]] = {}
    pending: dict[str, list[tuple[Any, Any] | None]] = {}

    def keep(tree: Any) -> Any:
        return pytree.tree_map(lambda t: t.detach().clone() if isinstance(t, torch.Tensor) else t, tree)

    handles = []
    for name, module in model.named_modules():

        def pre(m: Any, args: Any, kwargs: Any, name: str = name) -> None:
            wanted = len(calls.get(name, [])) + len(pending.get(name, [])) < MAX_CALLS
            pending.setdefault(name, []).append((keep(args), keep(kwargs)) if wanted else None)

        def post(m: Any, args: Any, kwargs: Any, output: Any, name: str = name) -> None:
            started = pending[name].pop() if pending.get(name) else None
            if started is not None:
                calls.setdefault(name, []).append(_Call(started[0], started[1], keep(output)))

        handles.append(module.register_forward_pre_hook(pre, with_kwargs=True))
        handles.append(module.register_forward_hook(post, with_kwargs=True))
    try:
        yield calls
    finally:
        for h in handles:
            h.remove()


def _relative_error(got: Any, want: Any) -> float:
    """``||got - want|| / ||want||`` over every floating output (inf when ``got`` is NaN/Inf where ``want`` is
    finite); 0 when there is nothing to compare."""
    import torch

    num = den = 0.0
    for g, w in zip(floating_tensors(got), floating_tensors(want), strict=False):
        if g.shape != w.shape:
            return math.inf
        g, w = g.detach().double(), w.detach().double().to(g.device)
        if bool((~torch.isfinite(g) & torch.isfinite(w)).any()):
            return math.inf
        finite = torch.isfinite(w)
        num += float((g - w)[finite].pow(2).sum())
        den += float(w[finite].pow(2).sum())
    if den == 0.0:
        return 0.0 if num == 0.0 else math.inf
    return math.sqrt(num / den)


def _largest(tree: Any) -> float:
    values = [float(t.detach().abs().max()) for t in floating_tensors(tree) if t.numel()]
    return max(values, default=0.0)


def _isolated(
    model: Any, calls: dict[str, list[_Call]], dtype: Any, limit: float
) -> tuple[list[LayerFinding], dict[str, float]]:
    """Each recorded module alone in ``dtype`` on its FP32 inputs: the deepest that go wrong, and every module's
    error (relative L2 of its output; inf for an overflow or an input out of range)."""
    found: dict[str, LayerFinding] = {}
    errors: dict[str, float] = {}
    for name, recorded in calls.items():
        module = model.get_submodule(name)
        for call in recorded:
            finding, error = _judge(model, name, module, call, dtype, limit)
            errors[name] = max(errors.get(name, 0.0), error)
            if finding is not None:
                found[name] = finding
                break
    deepest = [f for f in found.values() if not any(o.startswith(f"{f.name}.") or (f.name == "" and o) for o in found)]
    return deepest, errors


def _judge(
    model: Any, name: str, module: Any, call: _Call, dtype: Any, limit: float
) -> tuple[LayerFinding | None, float]:
    """One call of one module in the reduced precision against FP32: a finding when it goes wrong, and its error."""
    biggest_in = _largest((call.args, call.kwargs))
    if biggest_in > limit:
        detail = f"its input reaches {biggest_in:.3g}, beyond the largest {_name(dtype)} ({limit:.6g})"
        return LayerFinding(name, "input out of range", detail, math.inf), math.inf
    try:
        with autocast_like(model, dtype) as mode:
            got = module(*call.args, **call.kwargs)
    except Exception:
        return None, 0.0  # the whole model ran in this precision, so its parent runs it; judged there
    error = _relative_error(got, call.output)
    if error <= DIVERGENCE:
        return None, error
    with autocast_like(model, dtype, watch=True) as mode:
        module(*call.args, **call.kwargs)
    inside = f"; {mode.first_overflow} is the first operation to overflow" if mode.first_overflow else ""
    if math.isinf(error):
        biggest = _largest(call.output)
        why = (
            f"its output reaches {biggest:.3g} in FP32, beyond the largest {_name(dtype)} ({limit:.6g})"
            if biggest > limit
            else f"an intermediate value overflows {_name(dtype)}: NaN/Inf where FP32 is finite"
        )
        return LayerFinding(name, "overflow", why + inside, error), error
    detail = f"its output differs from FP32 by {error:.1%} (relative L2){inside}"
    return LayerFinding(name, "overflow" if mode.first_overflow else "diverges", detail, error), error


def layer_errors(model: Any, inputs: Sequence[Any], precision: str = "float16") -> dict[str, float]:
    """Each module's own error in ``precision``: run alone on its FP32 inputs (from one FP32 run on ``inputs``) with
    autocast's typing, the relative L2 error of its output against FP32 (inf for an overflow or an input out of
    range), in the order the modules finish."""
    import torch

    dtype = getattr(torch, check_precision(precision, REDUCED))
    with torch.no_grad():
        with _recording(model) as calls:
            model(*inputs)
        _, errors = _isolated(model, calls, dtype, float(torch.finfo(dtype).max))
    return errors


def _first_still_differing(
    model: Any, calls: dict[str, list[_Call]], args: tuple[Any, ...], dtype: Any, patterns: Sequence[str]
) -> LayerFinding | None:
    """The first module (in the order modules finish) whose output, with ``patterns`` kept in FP32, differs from
    its FP32 output (``calls``) by more than `DIVERGENCE`, among those not yet kept."""
    with _recording(model) as got, autocast_like(model, dtype, patterns):
        model(*args)
    for name, mixed in got.items():
        if excluded(name, patterns) or name not in calls:
            continue
        error = max(_relative_error(c.output, w.output) for c, w in zip(mixed, calls[name], strict=False))
        if error > DIVERGENCE:
            detail = "NaN/Inf where FP32 is finite" if math.isinf(error) else f"differs by {error:.1%} (relative L2)"
            return LayerFinding(name, "still differs", f"with the layers above in FP32, its output {detail}", error)
    return None


def _name(dtype: Any) -> str:
    return str(dtype).removeprefix("torch.")


def find_precision_problems(
    model: Any,
    inputs: Sequence[Any],
    precision: str = "float16",
    *,
    tolerance: Any = None,
    release: Any = None,
    device: Any = None,
) -> PrecisionDiagnosis:
    """Where ``model`` goes wrong in ``precision`` (float16 or bfloat16) on ``inputs``, in PyTorch on ``device``
    (default: where the model is), and the build setting of ``release`` that keeps those layers in FP32.

    ``release``: a `ReleaseFields`, a ``"torch-tensorrt==2.14.0"`` string, or None for the installed release (the
    newest known when none is installed). ``tolerance``: as for `check_against` (default: the one for
    ``precision``). The diagnosis says whether the setting, applied to a run in ``precision`` (`reduced_precision`),
    brings every output within the tolerance (``fixed``)."""
    import torch

    if precision not in REDUCED:
        raise UsageError(
            f"The precision search looks for layers that fail in a reduced precision, not {precision}.",
            "pass float16 or bfloat16",
        )
    dtype = getattr(torch, precision)
    tol = resolve_tolerance(precision, tolerance)
    args = tuple(a.to(device) if isinstance(a, torch.Tensor) and device is not None else a for a in inputs)
    where = str(next((a.device for a in args if isinstance(a, torch.Tensor)), "cpu"))
    diagnosis = PrecisionDiagnosis(precision, where)
    with torch.no_grad():
        with _recording(model) as calls:
            want = model(*args)
        try:
            diagnosis.before = compare_outputs(reduced_precision(model, precision)(*args), want, tol)
        except Exception as exc:
            diagnosis.explained = False
            diagnosis.notes.append(
                f"the model does not run in {precision} in PyTorch on {where} ({type(exc).__name__}: "
                f"{str(exc).strip()[:160]}), so its layers cannot be searched here"
            )
            return diagnosis
        if all(o.passed for o in diagnosis.before):
            diagnosis.explained = False
            diagnosis.notes.append(
                f"the model run in {precision} in PyTorch is within the tolerance ({tol.describe()}), so the range "
                "and rounding of the precision do not explain the error: the engine itself computes differently "
                "(a fused or reordered kernel); rebuild in FP32 to confirm, and report it with the numbers above"
            )
            return diagnosis
        diagnosis.layers, _ = _isolated(model, calls, dtype, float(torch.finfo(dtype).max))
        for _ in range(MAX_ROUNDS + 1):
            patterns = [pattern_for(f.name) for f in diagnosis.layers]
            diagnosis.after = compare_outputs(
                reduced_precision(model, precision, excluded_nodes=patterns)(*args), want, tol
            )
            diagnosis.fixed = all(o.passed for o in diagnosis.after)
            if diagnosis.fixed or len(diagnosis.layers) >= MAX_LAYERS:
                break
            more = _first_still_differing(model, calls, args, dtype, patterns)
            if more is None:
                break
            diagnosis.layers.append(more)
    names = diagnosis.names
    diagnosis.setting = fp32_layers_setting(names, precision, release)
    if not names:
        diagnosis.notes.append(f"no single layer goes wrong in {precision}: the error builds up across the model")
    if not diagnosis.fixed:
        diagnosis.notes.append(
            "keeping these layers in FP32 does not bring the outputs within the tolerance; build in FP32 "
            "(drop --fp16 / enabled_precisions) or keep more of the model in FP32"
        )
    return diagnosis
