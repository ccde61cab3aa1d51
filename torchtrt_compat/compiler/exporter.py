"""`export`: ``torch.export.export(strict=False)`` with the export-stage shims applied around it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .._errors import BuildError, UsageError, exception_text
from .._lazy import require
from ..ops import explain_device_mismatch
from ..shims import activate, exclusive
from ..ux.quiet import captured
from ._upstream import shim_context
from .inputs import InputPlan, dim_name, plan_inputs
from .watch import raise_build_error


@dataclass
class ExportResult:
    program: Any  #: torch.export.ExportedProgram
    plan: InputPlan
    shims: list[str] = field(default_factory=list)
    seconds: float = 0.0
    changed: list[str] = field(default_factory=list)  #: shims that changed the exported graph


def export_with_plan(module: Any, plan: InputPlan, *, shims: str | list[str] | None = "auto") -> ExportResult:
    torch = require("torch", "to export the model")
    start = time.perf_counter()

    with activate("export", shim_context(), shims) as applied:
        try:
            try:
                program = torch.export.export(
                    module, plan.args, plan.kwargs or None, dynamic_shapes=plan.dynamic_shapes, strict=False
                )
            except Exception as first:
                tied = _tied_dims(first, plan)  # dims the model needs equal (input_ids and mask): tie them, once
                if tied is None:
                    raise
                program = torch.export.export(module, plan.args, plan.kwargs or None, dynamic_shapes=tied, strict=False)
        except UsageError:
            raise
        except Exception as exc:  # keep upstream's exception as the cause; explain what we know about it
            mismatch = explain_device_mismatch(exc) or _cache_output(exc) or _dynamic_refused(exc, plan)
            if mismatch is not None:
                raise mismatch from exc
            try:
                raise_build_error(exc, stage="export", op=_failing_op(exc))
            except BuildError as failed:
                raise _for_dynamic(failed, plan) from exc
        _weights_without_grad(program)
        present = {n.target for n in program.graph.nodes if n.op == "call_function"}
        table = {op: fn for op, fn in applied.decompositions.items() if op in present}
        if table:  # re-tracing costs about as much as the export: only when an op to replace is there
            try:  # still under the export-stage shims: their decompositions are theirs to run
                program = program.run_decompositions(table)
            except Exception as exc:
                raise_build_error(exc, stage="export", op=_failing_op(exc))
            for op in table:
                applied.mark_changed(applied.sources[op])
    return ExportResult(program, plan, list(applied.applied), time.perf_counter() - start, list(applied.changed))


def _weights_without_grad(program: Any) -> None:
    """Give ``program`` weights that do not require grad, without touching the caller's module.

    torch_tensorrt's constant folding runs the graph's weight-only ops on the real weights; a model that rescales a
    weight in place in its forward (transformers' RWKV: ``weight.div_(...)`` under no_grad, exported as
    ``copy_(weight, ...)``) then fails ("a leaf Variable that requires grad is being used in an in-place operation")
    or, without grad, would change the caller's weights. So every weight becomes a detached view (no copy), and a
    weight the graph writes to (through any view) becomes a copy of its own."""
    torch = require("torch")
    written = written_weights(program)
    state = program.state_dict
    for fqn, value in list(state.items()):
        if not isinstance(value, torch.Tensor) or not (value.requires_grad or fqn in written):
            continue
        data = value.detach().clone() if fqn in written else value.detach()
        state[fqn] = torch.nn.Parameter(data, requires_grad=False) if isinstance(value, torch.nn.Parameter) else data


def written_weights(program: Any) -> set[str | None]:
    """The parameters and buffers (by name) that ``program`` writes to in place, through any view or inside a
    higher-order op (a no_grad block); None stands for a write whose source is not a weight."""
    torch = require("torch")
    signature = program.graph_signature
    names = {**signature.inputs_to_parameters, **signature.inputs_to_buffers}
    gm = program.graph_module

    def mutates(node: Any) -> bool:
        return node.op == "call_function" and getattr(getattr(node.target, "_schema", None), "is_mutable", False)

    def writes_inside(node: Any) -> bool:  # a higher-order op (a no_grad block) whose subgraph writes
        subgraphs = [
            getattr(gm, a.target, None) for a in node.args if isinstance(a, torch.fx.Node) and a.op == "get_attr"
        ]
        return any(isinstance(g, torch.fx.GraphModule) and any(map(mutates, g.graph.nodes)) for g in subgraphs)

    def source(value: Any) -> str | None:
        while isinstance(value, torch.fx.Node) and value.op == "call_function" and value.args:
            value = value.args[0]  # through the views (select, slice, view) to the tensor they view
        return names.get(value.name) if isinstance(value, torch.fx.Node) else None

    written: set[str | None] = set()
    for node in program.graph.nodes:
        if mutates(node):
            written.add(source(node.args[0]) if node.args else None)
        elif node.op == "call_function" and writes_inside(node):
            written.update(source(a) for a in node.args)
    return written


def _cache_output(exc: BaseException) -> UsageError | None:
    """A model that returns a KV cache object (transformers' ``DynamicCache`` with ``use_cache=True``): torch.export
    cannot flatten it ("Found <class ...DynamicCache> in output, which is not a known type"). The fix is the user's:
    ask the model for no cache. Other unregistered output types are left to the troubleshooting table."""
    import re

    found = re.search(r"Found <class '([\w.]+)'> in output, which is not a known type", exception_text(exc))
    if not found or "cache" not in found.group(1).lower():
        return None
    kind = found.group(1)
    return UsageError(
        f"The model returns a {kind.rsplit('.', 1)[-1]} ({kind}), which torch.export cannot flatten into tensors "
        "(a decoder's key/value cache, returned because use_cache=True).",
        "build without the cache: pass kwarg_inputs={'use_cache': False}, or set model.config.use_cache = False "
        "before compiling (a TensorRT engine has fixed inputs and outputs; it does not carry a cache between calls)",
    )


def _for_dynamic(failed: BuildError, plan: InputPlan) -> BuildError:
    """An export failure of a dynamic-shape build: partition='auto' (which builds static parts only) is no fix."""
    if not plan.dynamic or "partition='auto'" not in (failed.fix or ""):
        return failed
    fix = (
        "export it with these dynamic ranges first (torch.export.export(model, args, dynamic_shapes=..., "
        "strict=False) shows the same error), or build it static; partition='auto' builds static parts only"
    )
    return BuildError(failed.problem, fix, stage=failed.stage, op=failed.op, log=failed.log)


def _suggested(exc: BaseException, plan: InputPlan) -> list[tuple[Any, Any, str]] | None:
    """For a constraint violation of the dims `plan_inputs` made: (our Dim, torch's suggestion for it, the input
    and axis it stands for) for each dim torch would change; None for any other failure."""
    import torch

    text = exception_text(exc)
    if "Suggested fixes:" not in text or not any(leaf.ranges for leaf in plan.leaves):
        return None
    from torch.export.dynamic_shapes import refine_dynamic_shapes_from_suggested_fixes

    try:
        refined = refine_dynamic_shapes_from_suggested_fixes(_fixes_text(text), plan.dynamic_shapes)
    except Exception:  # a message torch's own helper cannot read
        return None
    where = {
        getattr(r.dim, "__name__", None) or dim_name(leaf, axis): f"{leaf.name} axis {axis}"
        for leaf in plan.leaves
        for axis, r in leaf.ranges.items()
    }
    changes: list[tuple[Any, Any, str]] = []

    def walk(ours: Any, theirs: Any) -> None:
        if isinstance(ours, dict) and isinstance(theirs, dict):
            for k, v in ours.items():
                walk(v, theirs.get(k))
        elif isinstance(ours, (list, tuple)) and isinstance(theirs, (list, tuple)):
            for a, b in zip(ours, theirs, strict=False):
                walk(a, b)
        elif isinstance(ours, torch.export.dynamic_shapes.Dim) and theirs is not ours:
            changes.append((ours, theirs, where.get(ours.__name__, ours.__name__)))

    walk(plan.dynamic_shapes, refined)
    return changes


def _tied_dims(exc: BaseException, plan: InputPlan) -> Any:
    """torch's refined ``dynamic_shapes`` when every change it suggests only ties our dims together (the same range,
    or one derived from another): the model needs those sizes equal, which loses nothing asked for. Else None."""
    import torch
    from torch.export.dynamic_shapes import refine_dynamic_shapes_from_suggested_fixes

    changes = _suggested(exc, plan)
    if not changes:
        return None
    for ours, theirs, _ in changes:
        same = isinstance(theirs, torch.export.dynamic_shapes.Dim) and (theirs.min, theirs.max) == (ours.min, ours.max)
        if not (same or type(theirs).__name__ == "_DerivedDim"):
            return None
    return refine_dynamic_shapes_from_suggested_fixes(_fixes_text(exception_text(exc)), plan.dynamic_shapes)


def _fixes_text(text: str) -> str:
    """The "Suggested fixes:" block of torch's message alone (the lines up to the first blank one)."""
    block = text.split("Suggested fixes:", 1)[1].strip("\n").split("\n\n", 1)[0]
    return "Suggested fixes:\n" + block


def _dynamic_refused(exc: BaseException, plan: InputPlan) -> UsageError | None:
    """A dynamic range the model cannot export: torch's reason and its suggestion, said in ``dynamic=`` terms."""
    import torch

    changes = _suggested(exc, plan)
    if not changes:
        return None
    text = exception_text(exc)
    reason = next(
        (line.strip(" -") for line in text.splitlines() if line.strip().startswith("- ")),
        text.splitlines()[0] if text else "a constraint was violated",
    )
    fixes = []
    for ours, theirs, where in changes:
        if isinstance(theirs, int):
            fixes.append(f"{where} is fixed to {theirs} by the model's code: leave it static")
        elif isinstance(theirs, torch.export.dynamic_shapes.Dim):
            lo = theirs.min if theirs.min is not None else ours.min
            hi = theirs.max if theirs.max is not None else ours.max
            fixes.append(f"{where} exports for sizes {lo} to {hi}: ask for a range inside it")
        else:
            fixes.append(f"{where} is tied to another input ({theirs})")
    return UsageError(
        f"torch.export cannot make the dynamic range asked for: {reason[:300]}.",
        "; ".join(fixes[:4]) + " (torch suggests: " + " ".join(_fixes_text(text).split()[2:])[:200] + ")",
    )


def _failing_op(exc: BaseException) -> str | None:
    """The op named by an export failure, when upstream's message names one (e.g. "... for aten.nonzero")."""
    import re

    found = re.search(r"\b((?:aten|torchvision|prims)\.\w+(?:\.\w+)?)", exception_text(exc))
    return found.group(1) if found else None


def export(
    module: Any,
    arg_inputs: Any,
    kwarg_inputs: dict[str, Any] | None = None,
    *,
    dynamic: Any = None,
    dynamic_shapes: Any = None,
    shims: str | list[str] | None = "auto",
    verbose: bool | None = None,
) -> Any:
    """Export ``module`` for TensorRT: non-strict ``torch.export``, one device, shims for torchvision ops.

    ``arg_inputs`` are example tensors or `Input` / ``torch_tensorrt.Input`` specs (their min/opt/max shapes become
    dynamic dimensions); ``dynamic={"x": {0: (1, 8, 32)}}`` says the same for example tensors, and
    ``dynamic_shapes`` is torch.export's own form. The returned ``ExportedProgram`` runs on CPU like the original
    module: ``ep.module()(*args)``. What torch prints while exporting (symbolic-shape warnings, graph dumps of a
    failed trace) is captured as in `compile` (``verbose=True`` or ``TORCHTRT_COMPAT_VERBOSE=1`` shows it); a failed
    export's `BuildError` carries it as ``captured``.
    """
    plan = plan_inputs(
        module, arg_inputs=arg_inputs, kwarg_inputs=kwarg_inputs, dynamic=dynamic, dynamic_shapes=dynamic_shapes
    )
    with exclusive():  # one build at a time (see `compile`)
        with captured(verbose) as capture:
            try:
                return export_with_plan(module, plan, shims=shims).program
            except BuildError as exc:
                failed = exc
        if not capture.verbose:
            failed.captured = [*capture.lines, *capture.unattributed]
        raise failed
