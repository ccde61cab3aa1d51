"""The rewrite check: before TensorRT sees a graph, that graph is run in PyTorch against the model.

Between ``torch.export`` and TensorRT a graph is rewritten many times: the export-stage decompositions of our shims
(deform_conv2d, roi_align), torch_tensorrt's decompositions with our compile-stage rewrites among them (ceil-mode
pooling, fold, attention, ...), and torch_tensorrt's lowering passes (constant folding, autocast, complex lowering).
A wrong rewrite builds an engine that computes something else, silently (timm's VOLO did, through our own fold
rewrite). So every build runs the graph torch_tensorrt hands to partitioning (the argument of its
``compile_module``) in PyTorch on the example inputs and on one fresh draw of the same shapes and kinds, compares
every output with the model's own output on the same inputs, and puts the largest error per output into the
report (and so into a saved artifact's manifest).

A float32 graph must agree to `TOLERANCE` (relative to the largest magnitude of each output) and an integer or
boolean output in all but `INTEGER_TOLERANCE` of its elements. Beyond that the build fails naming the cause: each
compile-stage rewrite that changed the graph is taken out in turn (the program before torch_tensorrt's
decompositions, decomposed again without it), and the rewrite whose absence brings the graph back is named;
otherwise the export (with its export-stage rewrites) or torch_tensorrt's lowering is. A model whose own outputs
differ between two runs on the same inputs (dropout in training mode) is not failed, and the report says so. A
reduced-precision graph (FP16 autocast, or the explicit half copy) is held to `REDUCED_TOLERANCE`; beyond it, a
rewrite found by the same search fails the build, as does a graph `HALF_NOISE_FACTOR` times farther from the model
than the model itself run in FP16 (a half copy on the same draws: an autocast pass that cast a tensor before the
view an in-place write went through lost timm's ConViT's relative positions, 0.42 against 0.002); otherwise the
report says how far the reduced precision alone moves the outputs.

Cost: two forward passes of the model and two of the graph, in PyTorch on the build host (`CheckResult.seconds`;
benchmarks/compile_zoo.py measures it against the build). ``rewrite_check=False`` skips it for models too large to
run twice more.
"""

from __future__ import annotations

import contextlib
import copy
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .._errors import BuildError
from .._patch import patched
from ..shims.converter_fixes import REPLACES, REPORTS_TO
from .explicit_half import half_copy
from .exporter import written_weights

TOLERANCE = 1e-3  #: largest |graph - model| / largest |model| of a float32 output
REDUCED_TOLERANCE = 5e-2  #: the same for a graph in FP16 / BF16
INTEGER_TOLERANCE = 0.01  #: share of an integer or boolean output's elements that may differ
#: a reduced-precision graph beyond `REDUCED_TOLERANCE` fails when it is this many times farther from the model than
#: the model itself run in FP16 (a half copy): precision does not explain that, a changed computation does
HALF_NOISE_FACTOR = 10.0
FRESH_DRAWS = 1  #: draws beside the example inputs
MAX_LISTED_OUTPUTS = 16  #: outputs listed in the report (the worst ones when there are more)


@dataclass
class Reference:
    """The model's outputs on the inputs the graph will be run on."""

    draws: list[tuple[tuple[Any, ...], dict[str, Any]]]  #: (args, kwargs) per draw, the example inputs first
    outputs: list[list[Any]]  #: the model's tensor outputs per draw, flat
    names: list[str]  #: a label per output ("output", "[0]", "['logits']")
    model: Callable[..., Any]  #: what ran (the model, or a copy when its forward writes to its own state)
    seconds: float


@dataclass
class CheckResult:
    """What the check found, as the report's ``rewrite_check`` holds it (`to_dict`)."""

    status: str  #: "passed", "reduced precision", "not deterministic", "not run", "off"
    tolerance: float | None = None
    draws: int = 0
    outputs: list[dict[str, Any]] = field(default_factory=list)  #: {"output", "max_abs", "rel", "dtype"}
    seconds: float = 0.0
    rewrites: list[str] = field(default_factory=list)  #: the shims whose change the graph carried
    reason: str = ""

    def worst(self) -> float:
        """The largest relative error over the outputs (listed outputs hold "inf" for an infinite one)."""
        return max((math.inf if o["rel"] == "inf" else float(o["rel"]) for o in self.outputs), default=0.0)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status}
        if self.status in ("off", "not run"):
            return {**out, "reason": self.reason} if self.reason else out
        out.update(
            tolerance=self.tolerance,
            draws=self.draws,
            largest_rel_error=_finite(self.worst()),
            outputs=self.outputs[:MAX_LISTED_OUTPUTS],
            seconds=round(self.seconds, 3),
            rewrites=list(self.rewrites),
        )
        if len(self.outputs) > MAX_LISTED_OUTPUTS:
            out["outputs_total"] = len(self.outputs)
        if self.reason:
            out["reason"] = self.reason
        return out


def _finite(value: float) -> float | str:
    return value if math.isfinite(value) else "inf"


# ---- the model's side --------------------------------------------------------------------------------------------
def mutates_state(program: Any) -> bool:
    """Whether the exported program writes to the model's parameters or buffers (batch norm in training mode,
    RWKV's in-place rescale): the reference then runs on a copy, so the caller's model is never changed."""
    signature = getattr(program, "graph_signature", None)
    if signature is None:
        return True  # nothing to read it from: a copy is the safe side
    mutated = getattr(signature, "buffers_to_mutate", None) or getattr(signature, "parameters_to_mutate", None)
    return bool(mutated or (written_weights(program) - {None}))


def _fresh(value: Any, generator: Any) -> Any:
    """A new tensor of ``value``'s shape, dtype and device, drawn like it: floats around its mean and spread,
    integers in its range (token ids stay valid ids), booleans (masks) as they were."""
    import torch

    if not isinstance(value, torch.Tensor):
        return value
    shape, dtype = tuple(value.shape), value.dtype
    if dtype == torch.bool or value.numel() == 0:
        return value.clone()
    if dtype.is_floating_point or dtype.is_complex:
        base = value.detach().to("cpu", torch.complex128 if dtype.is_complex else torch.float64)
        mean = base.mean().item() if value.numel() > 1 else 0.0
        spread = base.std().abs().item() if value.numel() > 1 else 1.0
        if not (math.isfinite(abs(mean)) and math.isfinite(spread)) or spread == 0:
            mean, spread = 0.0, 1.0
        drawn = torch.randn(shape, generator=generator, dtype=base.dtype) * spread + mean
        return drawn.to(dtype).to(value.device)
    low, high = int(value.min().item()), int(value.max().item())
    drawn = torch.randint(low, high + 1, shape, generator=generator, dtype=torch.int64)
    return drawn.to(dtype).to(value.device)


def _labelled_leaves(output: Any) -> tuple[list[Any], list[str]]:
    import torch
    from torch.utils import _pytree as pytree

    pairs, _ = pytree.tree_flatten_with_path(output)
    tensors = [(pytree.keystr(path) or "output", leaf) for path, leaf in pairs if isinstance(leaf, torch.Tensor)]
    return [t for _, t in tensors], [name for name, _ in tensors]


def prepare(
    enabled: bool, model: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], program: Any
) -> Reference | CheckResult:
    """The `reference` of a build, or the `CheckResult` that says why there is none (``rewrite_check=False``, or
    the model does not run in PyTorch on its example inputs)."""
    if not enabled:
        return CheckResult("off", reason="rewrite_check=False")
    try:
        return reference(model, args, kwargs, copy_model=mutates_state(program))
    except Exception as exc:  # the model itself fails eagerly: nothing to compare with (the build goes on)
        first = (str(exc).strip().splitlines() or [""])[0][:200]
        return CheckResult("not run", reason=f"the model does not run in PyTorch here ({type(exc).__name__}: {first})")


def reference(
    model: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    *,
    copy_model: bool = False,
    seed: int = 0,
) -> Reference:
    """Run ``model`` on the example inputs and `FRESH_DRAWS` fresh draws (on a deep copy with ``copy_model``)."""
    import torch
    from torch.utils import _pytree as pytree

    start = time.perf_counter()
    generator = torch.Generator().manual_seed(seed)
    draws = [(tuple(args), dict(kwargs))]
    for _ in range(FRESH_DRAWS):
        draws.append(pytree.tree_map(lambda v: _fresh(v, generator), (tuple(args), dict(kwargs))))
    runner = copy.deepcopy(model) if copy_model else model
    outputs: list[list[Any]] = []
    names: list[str] = []
    with torch.no_grad():
        for a, kw in draws:
            leaves, names = _labelled_leaves(runner(*a, **kw))
            outputs.append([leaf.detach() for leaf in leaves])
    return Reference(draws, outputs, names, runner, time.perf_counter() - start)


# ---- the comparison ----------------------------------------------------------------------------------------------
def _error(got: Any, want: Any) -> tuple[float, float]:
    """(largest absolute difference, relative error): for floats the largest difference over the largest finite
    magnitude of ``want`` (NaN where both are NaN, and equal infinities, agree); for integers and booleans the
    count and the share of differing elements."""
    import torch

    if tuple(got.shape) != tuple(want.shape):
        return math.inf, math.inf
    if want.numel() == 0:
        return 0.0, 0.0
    if want.dtype.is_floating_point or want.dtype.is_complex:
        kind = torch.complex128 if (want.dtype.is_complex or got.dtype.is_complex) else torch.float64
        g, w = got.detach().to("cpu", kind), want.detach().to("cpu", kind)
        same = (g == w) | (torch.isnan(g) & torch.isnan(w))
        diff = torch.where(same, torch.zeros((), dtype=torch.float64), (g - w).abs().to(torch.float64))
        diff = torch.nan_to_num(diff, nan=math.inf)
        largest = float(diff.max().item())
        finite = w.abs()[torch.isfinite(w.abs())]
        scale = float(finite.max().item()) if finite.numel() else 0.0
        if largest == 0.0:
            return 0.0, 0.0
        return largest, (largest / scale if scale > 0 else math.inf)
    differ = int((got.detach().cpu() != want.detach().cpu()).sum().item())
    return float(differ), differ / want.numel()


def _is_float(tensor: Any) -> bool:
    return bool(tensor.dtype.is_floating_point or tensor.dtype.is_complex)


def compare(ref: Reference, run: Callable[..., Any]) -> list[dict[str, Any]]:
    """Run ``run`` (the graph) on every draw; the worst error per output over the draws."""
    import torch
    from torch.utils import _pytree as pytree

    worst: list[dict[str, Any]] = []
    with torch.no_grad():
        for index, (a, kw) in enumerate(ref.draws):
            got = [leaf for leaf in pytree.tree_leaves(run(*a, **kw)) if isinstance(leaf, torch.Tensor)]
            want = ref.outputs[index]
            if len(got) != len(want):
                raise _NotComparable(f"the graph returns {len(got)} tensors, the model {len(want)}")
            for j, (g, w) in enumerate(zip(got, want, strict=True)):
                largest, rel = _error(g, w)
                if index == 0:
                    dtype = str(w.dtype).replace("torch.", "")
                    worst.append({"output": ref.names[j], "max_abs": largest, "rel": rel, "dtype": dtype})
                elif rel > worst[j]["rel"]:
                    worst[j].update(max_abs=largest, rel=rel)
    return worst


class _NotComparable(Exception):
    pass


def limit(dtype: str, tolerance: float) -> float:
    """The tolerance of one output: `INTEGER_TOLERANCE` for integers and booleans, `REDUCED_TOLERANCE` for an
    output the model itself gives in FP16 / BF16, else ``tolerance``."""
    if dtype == "bool" or dtype.startswith(("int", "uint")):
        return INTEGER_TOLERANCE
    if dtype in ("float16", "bfloat16"):
        return max(tolerance, REDUCED_TOLERANCE)
    return tolerance


def _over(outputs: list[dict[str, Any]], tolerance: float) -> list[dict[str, Any]]:
    return [o for o in outputs if o["rel"] > limit(o["dtype"], tolerance)]


def _rounded(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**o, "max_abs": _finite(float(f"{o['max_abs']:.3g}")), "rel": _finite(float(f"{o['rel']:.3g}"))}
        for o in sorted(outputs, key=lambda o: -o["rel"])
    ]


# ---- the build's side --------------------------------------------------------------------------------------------
@dataclass
class RewriteCheck:
    """One build's check: the reference, what the graph did against it, and how to find a culprit."""

    ref: Reference
    reduced_precision: bool
    compile_changed: Callable[[], list[str]]  #: compile-stage shims whose change took effect so far
    export_changed: list[str]  #: export-stage shims that changed the exported program
    program: Any = None  #: the program before torch_tensorrt's decompositions (after its pre-lowering passes)
    result: CheckResult | None = None

    @property
    def tolerance(self) -> float:
        return REDUCED_TOLERANCE if self.reduced_precision else TOLERANCE

    def run(self, gm: Any, settings: Any) -> CheckResult:
        """Compare ``gm`` with the model; raise a `BuildError` naming the cause when it computes something else."""
        start = time.perf_counter()
        rewrites = [*self.export_changed, *self.compile_changed()]
        try:
            outputs = compare(self.ref, gm)
        except _NotComparable as exc:
            return CheckResult("not run", reason=str(exc), seconds=time.perf_counter() - start)
        except Exception as exc:  # the graph cannot run in PyTorch here (an op without a CPU kernel, ...)
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            reason = f"the graph does not run in PyTorch on this host ({type(exc).__name__}: {first})"
            return CheckResult("not run", reason=reason, seconds=time.perf_counter() - start)
        result = CheckResult("passed", self.tolerance, len(self.ref.draws), _rounded(outputs), rewrites=rewrites)
        over = _over(outputs, self.tolerance)
        if over:
            self._judge(result, over, settings)
        result.seconds = time.perf_counter() - start + self.ref.seconds
        return result

    def _judge(self, result: CheckResult, over: list[dict[str, Any]], settings: Any) -> None:
        """Outputs beyond tolerance: a rewrite that causes it fails the build; otherwise the result says why not."""
        if not self._deterministic():
            result.status = "not deterministic"
            result.reason = "the model's own outputs differ between two runs on the same inputs"
            return
        culprit, cleared = self._bisect(settings)
        worst = max(over, key=lambda o: o["rel"])
        label = "the output" if worst["output"] == "output" else f"output {worst['output']}"
        found = (
            f"{label} differs from the model's by {worst['rel']:.3g} relative (largest absolute "
            f"difference {worst['max_abs']:.3g}; tolerance {self.tolerance:g})"
        )
        if culprit is not None:
            raise BuildError(
                f"The rewrite check failed: the graph handed to TensorRT computes something else than the model: "
                f"{found}. The rewrite {culprit} causes it: without it the graph agrees to {cleared:.3g}.",
                f"report it as a torchtrt_compat bug with the model; to build now, leave that shim out "
                f"(shims=[every name of torchtrt_compat.list_shims() but {culprit!r}]); rewrite_check=False builds "
                "the graph unchecked",
                stage="lowering",
            )
        if self.reduced_precision:
            noise = self._half_noise()
            if noise is not None and worst["rel"] > max(self.tolerance, HALF_NOISE_FACTOR * noise):
                raise BuildError(
                    f"The rewrite check failed: the FP16 graph handed to TensorRT computes something else than the "
                    f"model: {found}, where the model itself run in FP16 (model.half()) differs by only {noise:.3g}. "
                    "No torchtrt_compat rewrite causes it (each taken out in turn changes nothing): torch_tensorrt's "
                    "reduced-precision lowering does.",
                    "build in FP32, or cast the model yourself (model.half() and half inputs) and build without "
                    "enabled_precisions; rewrite_check=False builds the graph unchecked",
                    stage="lowering",
                )
            result.status = "reduced precision"
            measured = f"; the model itself run in FP16 differs by {noise:.3g}" if noise is not None else ""
            result.reason = (
                f"{found}; no rewrite causes it (each taken out in turn changes nothing): the reduced precision "
                f"alone moves the outputs that far on these inputs{measured}"
            )
            return
        where = self._where()
        raise BuildError(
            f"The rewrite check failed: the graph handed to TensorRT computes something else than the model: "
            f"{found}. {where}",
            "report it with the model (torchtrt-compat explain helps with the text); rewrite_check=False builds the "
            "graph unchecked",
            stage="export" if where.startswith("The exported program") else "lowering",
        )

    def _deterministic(self) -> bool:
        import torch

        a, kw = self.ref.draws[0]
        with torch.no_grad():
            again, _ = _labelled_leaves(self.ref.model(*a, **kw))
        if len(again) != len(self.ref.outputs[0]):
            return False
        errors = [_error(g, w)[1] for g, w in zip(again, self.ref.outputs[0], strict=True)]
        return all(e <= self.tolerance / 10 for e in errors)

    def _half_noise(self) -> float | None:
        """How far the model itself moves in FP16: a half copy run on the same draws (floating inputs cast to FP16,
        integers kept) against its FP32 outputs; None when the copy does not run."""
        import torch

        try:
            half = half_copy(self.ref.model)
            errors = []
            with torch.no_grad():
                for (a, kw), want in zip(self.ref.draws, self.ref.outputs, strict=True):
                    got, _ = _labelled_leaves(half(*a, **kw))
                    errors += [_error(g, w)[1] for g, w in zip(got, want, strict=True) if _is_float(w)]
        except Exception:  # noqa: BLE001 - an op without an FP16 kernel on this host: the noise is unknown
            return None
        return max(errors, default=0.0)

    def _bisect(self, settings: Any) -> tuple[str | None, float]:
        """The compile-stage rewrite whose removal brings the graph back within tolerance, and the error then."""
        if self.program is None:
            return None, math.inf
        from torch_tensorrt.dynamo import _compiler

        table = _compiler.get_decompositions(
            getattr(settings, "enable_experimental_decompositions", False),
            getattr(settings, "decompose_attention", False),
            getattr(settings, "use_distributed_mode_trace", False),
            use_fp32_acc=getattr(settings, "use_fp32_acc", False),
        )
        shims = list(dict.fromkeys(getattr(fn, REPORTS_TO) for fn in table.values() if hasattr(fn, REPORTS_TO)))
        for shim in [s for s in shims if s in self.compile_changed()]:
            without = {}
            for op, fn in table.items():
                if getattr(fn, REPORTS_TO, None) != shim:
                    without[op] = fn
                elif getattr(fn, REPLACES, None) is not None:
                    without[op] = getattr(fn, REPLACES)
            try:
                outputs = compare(self.ref, self.program.run_decompositions(without).module())
            except Exception:  # noqa: S112 - a variant that does not run tells nothing about this rewrite
                continue
            if not _over(outputs, self.tolerance):
                return shim, max((o["rel"] for o in outputs), default=0.0)
        return None, math.inf

    def _where(self) -> str:
        """Which step makes the graph differ, when no compile-stage rewrite does."""
        if self.program is not None:
            try:
                exported = compare(self.ref, self.program.module())
            except Exception:  # noqa: BLE001 - then only the lowering can be named
                exported = []
            if _over(exported, self.tolerance):
                if self.export_changed:
                    return (
                        "The exported program already differs; the export-stage rewrites "
                        f"{', '.join(self.export_changed)} changed it (shims=[...] without them builds without)."
                    )
                return "The exported program already differs: torch.export does not reproduce the model."
        return (
            "No torchtrt_compat rewrite causes it (each taken out in turn changes nothing): torch_tensorrt's "
            "decompositions or lowering passes do."
        )


@contextlib.contextmanager
def checking(check: RewriteCheck | None) -> Iterator[RewriteCheck | None]:
    """While a build runs: run ``check`` on the graph torch_tensorrt hands to ``compile_module`` (once), before
    partitioning and conversion; keep the program its decompositions start from, for the search of a culprit."""
    if check is None:
        yield None
        return
    from torch_tensorrt.dynamo import _compiler

    original_compile = _compiler.compile_module
    original_lowering = _compiler.pre_export_lowering

    def pre_export_lowering(program: Any, *args: Any, **kwargs: Any) -> Any:
        lowered = original_lowering(program, *args, **kwargs)
        check.program = lowered
        return lowered

    def compile_module(gm: Any, *args: Any, **kwargs: Any) -> Any:
        if check.result is None:
            settings = args[2] if len(args) > 2 else kwargs.get("settings")
            check.result = check.run(gm, settings)
            check.program = None  # the search is over: let the program go before the engines are built
        return original_compile(gm, *args, **kwargs)

    with (
        patched(_compiler, "pre_export_lowering", pre_export_lowering),
        patched(_compiler, "compile_module", compile_module),
    ):
        yield check


def combined(parts: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """One report entry for a partitioned build: each part's outputs labelled with its path, the worst status."""
    if not parts:
        return {}
    order = ("not deterministic", "reduced precision", "not run", "off", "passed")
    statuses = [entry.get("status", "not run") for _, entry in parts]
    status = next((s for s in order if s in statuses), "passed")
    outputs = [
        {**o, "output": f"{path}{o['output']}" if o["output"].startswith("[") else f"{path}.{o['output']}"}
        for path, entry in parts
        for o in entry.get("outputs", [])
    ]
    outputs.sort(key=lambda o: -(o["rel"] if isinstance(o["rel"], (int, float)) else math.inf))
    out: dict[str, Any] = {
        "status": status,
        "tolerance": next((e.get("tolerance") for _, e in parts if e.get("tolerance") is not None), None),
        "draws": max((e.get("draws", 0) for _, e in parts), default=0),
        "largest_rel_error": outputs[0]["rel"] if outputs else 0.0,
        "outputs": outputs[:MAX_LISTED_OUTPUTS],
        "seconds": round(sum(e.get("seconds", 0.0) for _, e in parts), 3),
        "rewrites": list(dict.fromkeys(r for _, e in parts for r in e.get("rewrites", []))),
        "parts": {path: entry.get("status") for path, entry in parts},
    }
    if len(outputs) > MAX_LISTED_OUTPUTS:
        out["outputs_total"] = len(outputs)
    reasons = [f"{path}: {e['reason']}" for path, e in parts if e.get("reason")]
    if reasons:
        out["reason"] = "; ".join(reasons[:4])
    return out
