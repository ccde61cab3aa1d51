"""Is it right, and is it faster, here? Any compiled callable run beside the PyTorch model it came from.

`check_against(candidate, model, ...)` is backend-agnostic: ``candidate`` is the engine module of an artifact
(`EngineArtifact.check_outputs`), an inductor module or a reduced-precision copy of the model. It compares every
output of every draw (`stats`), times the candidate against eager and ``torch.compile`` on the same device through
`runtime.bench` (its clock and variance checks included) and, when a reduced-precision candidate is wrong, says
where (`precision`). `OutputCheck.exit_code`: 0 right and faster, 1 wrong or slower than eager, 2 cannot run here.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..._errors import CompatError, UsageError
from ...runtime.bench import BenchResult, bench
from ...ux.display import badge, bullet_list, compact_repr, key_values, panel, section, table
from .draws import InputRange, first_line, iter_draws
from .precision import PrecisionDiagnosis, find_precision_problems
from .stats import REDUCED, OutputStats, Tolerance, check_precision, compare_outputs, resolve_tolerance

Verdict = Literal["right", "wrong", "slower", "cannot_run"]
EXIT_CODES: dict[str, int] = {"right": 0, "wrong": 1, "slower": 1, "cannot_run": 2}


@dataclass
class Latency:
    """One callable's latency on the check's inputs (`runtime.bench`), or why it could not be timed."""

    label: str
    p50_ms: float | None = None
    p99_ms: float | None = None
    device: str = ""
    clocks: str = ""  #: the SM clock and performance state after the timed loop (NVML), as `bench` checks them
    warnings: list[str] = field(default_factory=list)
    error: str = ""

    @classmethod
    def of(cls, result: BenchResult) -> Latency:
        clocks = (
            f"SM {result.sm_clock_mhz_after}/{result.max_sm_clock_mhz} MHz P{result.pstate_after}"
            if result.sm_clock_mhz_after is not None
            else ""
        )
        return cls(result.label, result.p50_ms, result.p99_ms, result.device, clocks, list(result.warnings))

    def line(self) -> str:
        if self.error:
            return f"{self.label}: not timed ({self.error})"
        clocks = f", {self.clocks}" if self.clocks else ""
        return f"{self.label}: p50 {self.p50_ms:.3f} ms, p99 {self.p99_ms:.3f} ms ({self.device}{clocks})"


def time_callables(
    callables: Sequence[tuple[str, Callable[..., Any]]], args: tuple[Any, ...], *, device: Any, warmup: int, iters: int
) -> list[Latency]:
    """p50/p99 of each ``(label, fn)`` on ``args`` through `bench` (CUDA events and the clock check on a GPU); one
    that raises is reported with its error, not timed."""
    out = []
    for label, fn in callables:
        try:
            with warnings.catch_warnings():  # bench's warnings are kept in the result
                warnings.simplefilter("ignore")
                out.append(Latency.of(bench(fn, args, warmup=warmup, iters=iters, label=label, device=device)))
        except Exception as exc:
            out.append(Latency(label, error=first_line(exc)))
    return out


# ---- the check --------------------------------------------------------------------------------------------------


@dataclass
class OutputCheck:
    """The deploy-host check: outputs against PyTorch, latency against eager and ``torch.compile``, and where a
    reduced precision goes wrong. ``exit_code``: 0 right and faster, 1 wrong or slower than eager, 2 cannot run."""

    verdict: Verdict
    label: str = "artifact"
    precision: str = "float32"
    tolerance: Tolerance | None = None
    outputs: list[OutputStats] = field(default_factory=list)
    draws: int = 0
    latency: list[Latency] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)  #: why it cannot run here
    diagnosis: PrecisionDiagnosis | None = None
    device: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.verdict]

    @property
    def ok(self) -> bool:
        return self.verdict == "right"

    @property
    def speedup(self) -> float | None:
        """Eager p50 / candidate p50 (above 1: faster than eager); None when either was not timed."""
        return self.speedup_over("eager")

    def speedup_over(self, baseline: str) -> float | None:
        """``baseline``'s p50 / the candidate's p50 (``"eager"`` or ``"torch.compile"``); None when not timed."""
        times = {t.label: t.p50_ms for t in self.latency if t.p50_ms}
        own, other = times.get(self.label), times.get(baseline)
        return other / own if own and other else None

    @property
    def headline(self) -> str:
        if self.verdict == "cannot_run":
            return f"{self.label} cannot run here: {'; '.join(self.reasons)}"
        wrong = [o.name for o in self.outputs if not o.passed]
        what = (
            f"WRONG: {len(wrong)} of {len(self.outputs)} output(s) outside the tolerance ({', '.join(wrong[:4])})"
            if wrong
            else f"right: {len(self.outputs)} output(s) within the tolerance over {self.draws} draw(s)"
        )
        speed = self.speedup
        if speed is None:
            pace = "speed not measured" if not self.latency else "speed against eager unknown"
        else:
            pace = f"{speed:.3g}x eager's speed" + (" (SLOWER than eager)" if speed <= 1 else "")
            compiled = self.speedup_over("torch.compile")
            pace += f", {compiled:.3g}x torch.compile's" if compiled is not None else ""
        return f"{self.label} in {self.precision} on {self.device or 'this host'}: {what}; {pace}"

    def lines(self) -> list[str]:
        out = [f"{self.headline} (exit {self.exit_code})"]
        if self.verdict == "cannot_run":
            return out
        if self.tolerance is not None:
            out.append(f"  tolerance: {self.tolerance.describe()}")
        out += [f"  {'ok  ' if o.passed else 'FAIL'} {o.line()}" for o in self.outputs]
        out += [f"  latency {t.line()}" for t in self.latency]
        out += [f"  warning: {w}" for t in self.latency for w in t.warnings[:1]]
        out += [f"  note: {n}" for n in self.notes]
        if self.diagnosis is not None:
            out += ["  " + line for line in str(self.diagnosis).splitlines()]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        worst = max(self.outputs, key=lambda o: o.outside, default=None)
        return compact_repr(f"OutputCheck {self.headline}", worst.line() if worst else "", "")

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["diagnosis"] = self.diagnosis.to_dict() if self.diagnosis is not None else None
        data.update(
            exit_code=self.exit_code,
            headline=self.headline,
            speedup=self.speedup,
            speedup_over_torch_compile=self.speedup_over("torch.compile"),
        )
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, default=str)

    def _repr_html_(self) -> str:
        tone = {"right": "ok", "wrong": "error", "slower": "warning", "cannot_run": "unknown"}[self.verdict]
        rows = [
            (o.name, badge("ok" if o.passed else "FAIL", "ok" if o.passed else "error"), o.line().split(": ", 1)[-1])
            for o in self.outputs
        ]
        parts = [table(rows, ("output", "", "statistics"), raw_columns=frozenset({1}))] if rows else []
        if self.latency:
            parts.append(section("latency", bullet_list(t.line() for t in self.latency)))
        if self.reasons:
            parts.append(section("cannot run here", bullet_list(self.reasons)))
        if self.tolerance is not None:
            parts.append(key_values([("tolerance", self.tolerance.describe()), ("draws", self.draws)]))
        if self.diagnosis is not None:
            parts.append(self.diagnosis._repr_html_())
        return panel(self.headline, *parts, tone=tone, verdict=self.verdict)


def check_against(
    candidate: Callable[..., Any],
    model: Any,
    inputs: Any = None,
    *,
    ranges: Sequence[InputRange] = (),
    runs: int = 10,
    tolerance: Any = None,
    precision: str = "float32",
    device: Any = None,
    latency: bool = True,
    torch_compile: bool = True,
    search: bool = True,
    iters: int = 100,
    release: Any = None,
    seed: int = 0,
    label: str = "artifact",
) -> OutputCheck:
    """Run ``candidate`` beside ``model`` (the PyTorch reference) on every draw of inputs and judge its outputs.

    ``inputs``: one draw (a tensor or a tuple), a list of tuples (several draws), a function ``draw -> tuple``,
    or None to draw ``runs`` sets inside ``ranges``. ``tolerance``: see `resolve_tolerance` (default: the one for
    ``precision``). ``device``: where both run (inputs are moved there; the model must be there already).
    ``latency``: time the candidate, eager and (``torch_compile``) ``torch.compile(model)`` on the first draw, and
    call a candidate no faster than eager "slower". ``search``: when a reduced-precision candidate is wrong, find
    the layers that go wrong in that precision in PyTorch and the setting of ``release`` (a `ReleaseFields`; default
    the installed or newest known torch_tensorrt) that keeps them in FP32 (`find_precision_problems`).
    """
    import torch

    if runs < 1 or iters < 1:
        raise UsageError(f"runs={runs}, iters={iters}: nothing would be compared.", "pass runs >= 1 and iters >= 1")
    precision = check_precision(precision)
    tol = resolve_tolerance(precision, tolerance)
    worst: dict[str, OutputStats] = {}
    first: tuple[Any, ...] | None = None
    failed: tuple[Any, ...] | None = None
    raised = False
    count = 0
    with torch.no_grad():
        for number, args in iter_draws(inputs, runs, ranges, seed):
            args = _to_device(args, device)
            first = args if first is None else first
            try:
                want = model(*_for_module(args, model))
            except Exception as exc:
                raise UsageError(
                    f"The PyTorch model fails on draw {number} of the inputs ({first_line(exc)}).",
                    "pass inputs it takes: real inputs (inputs=..., --inputs FILE) or a function that draws them",
                ) from exc
            try:
                got = candidate(*args)
            except CompatError:
                raise
            except Exception as exc:  # the candidate fails where PyTorch runs: that is a wrong result
                problem = f"{label} raised {first_line(exc)} on draw {number}"
                raised = True
                worst.setdefault("output", OutputStats("output", [], passed=False, problem=problem, draw=number))
                count += 1
                continue
            for stats in compare_outputs(got, want, tol, draw=number):
                worst[stats.name] = worst[stats.name].merge(stats) if stats.name in worst else stats
                if not stats.passed and failed is None:
                    failed = args
            count += 1
    outputs = list(worst.values())
    check = OutputCheck("right", label, precision, tol, outputs, count, device=_device_name(device, first))
    if not all(o.passed for o in outputs):
        check.verdict = "wrong"
        if search and precision in REDUCED and failed is not None and not raised:
            check.diagnosis = find_precision_problems(
                model, failed, precision, tolerance=tol, release=release, device=device
            )
    if latency and first is not None:
        eager = _typed(model, model)
        callables: list[tuple[str, Callable[..., Any]]] = [(label, candidate), ("eager", eager)]
        if torch_compile:
            callables.append(("torch.compile", _typed(_compiled(model), model)))
        check.latency = time_callables(callables, first, device=device, warmup=max(3, iters // 10), iters=iters)
        speed = check.speedup
        if check.verdict == "right" and speed is not None and speed <= 1.0:
            check.verdict = "slower"
        if speed is None:
            check.notes.append("the speed against eager is unknown (see latency): exit 0 means right only")
    elif not latency:
        check.notes.append("latency not measured: exit 0 means right only")
    return check


def cannot_run(reasons: Sequence[str], *, precision: str = "float32", label: str = "artifact") -> OutputCheck:
    """The result for a candidate that cannot run on this host (exit 2), with every reason."""
    return OutputCheck("cannot_run", label, precision, reasons=[str(r) for r in reasons])


def _compiled(model: Any) -> Callable[..., Any]:
    import torch

    compiled = torch.compile(model)

    def run(*args: Any) -> Any:
        with _quiet():
            return compiled(*args)

    return run


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _typed(fn: Callable[..., Any], model: Any) -> Callable[..., Any]:
    """``fn`` called with the inputs in ``model``'s floating dtype."""

    def run(*args: Any) -> Any:
        return fn(*_for_module(args, model))

    return run


def _to_device(args: tuple[Any, ...], device: Any) -> tuple[Any, ...]:
    import torch

    if device is None:
        return args
    return tuple(a.to(device) if isinstance(a, torch.Tensor) else a for a in args)


def _for_module(args: tuple[Any, ...], module: Any) -> tuple[Any, ...]:
    """The inputs in the floating dtype of ``module``'s parameters (an FP32 model given FP16 inputs recorded by an
    explicitly typed build runs them in FP32)."""
    import torch

    params = getattr(module, "parameters", None)
    dtype = next((p.dtype for p in params() if p.is_floating_point()), None) if callable(params) else None
    if dtype is None:
        return args
    return tuple(a.to(dtype) if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in args)


def _device_name(device: Any, args: tuple[Any, ...] | None) -> str:
    import torch

    found = device if device is not None else next((a.device for a in args or () if isinstance(a, torch.Tensor)), None)
    if found is None:
        return ""
    dev = torch.device(found)
    if dev.type == "cuda" and torch.cuda.is_available():
        return f"{dev} ({torch.cuda.get_device_name(dev)})"
    return str(dev)


def precision_of(settings: Mapping[str, Any], metadata: Mapping[str, Any] | None = None) -> str:
    """The precision an artifact was built in, from its report's settings (as passed to torch_tensorrt, after
    translation) and metadata: ``float16``/``bfloat16`` for an autocast build, a reduced ``enabled_precisions``, a
    farm build of that precision, or inputs recorded in it (an explicitly typed model); else ``tf32`` (FP32, where
    TensorRT computes convolutions and matrix products in TF32 unless built with ``disable_tf32=True``) or
    ``float32`` (TF32 disabled)."""
    text = {str(k): str(v) for k, v in settings.items()}
    found: list[str] = []
    if text.get("enable_autocast") == "True":
        found.append(text.get("autocast_low_precision_type", ""))
    found.append(text.get("enabled_precisions", ""))
    farm = (metadata or {}).get("farm")
    if isinstance(farm, Mapping):
        found.append({"fp16": "float16", "bf16": "bfloat16"}.get(str(farm.get("precision")), ""))
    specs = (metadata or {}).get("inputs")
    found += [str(s.get("dtype", "")) for s in specs if isinstance(s, Mapping)] if isinstance(specs, list) else []
    joined = " ".join(found)
    if "bfloat16" in joined:
        return "bfloat16"
    if "float16" in joined.replace("bfloat16", "") or "half" in joined:
        return "float16"
    return "float32" if text.get("disable_tf32") == "True" else "tf32"
