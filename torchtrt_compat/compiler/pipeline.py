"""The dynamo compile pipeline, one step after another: plan inputs -> export (export-stage shims) -> translate the
settings for the installed release -> ``torch_tensorrt.dynamo.compile`` (compile-stage shims) -> one `CompileReport`.

`compile` (the drop-in) and `build_engine` (ahead of time) both hand it one `CompileRequest` (`run`); nothing else
writes the report.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from .._errors import BuildError, UsageError
from ..env import detect_environment
from ..ops import why_in_pytorch
from ..shims import ShimContext
from ..ux.display import short
from ..ux.progress import stage
from . import explicit_half
from ._upstream import load_torch_tensorrt, shim_context
from .backend import BackendResult, dynamo_compile
from .compile_report import CompileReport, Route, attach_report
from .exporter import ExportResult, export_with_plan
from .inputs import InputPlan, eager_module, is_exported_program, plan_inputs, record_profiles, truncates_double
from .releases import installed_release_fields
from .rewrite_check import combined as combined_check, prepare
from .settings import Translation, translate
from .validation import CompileRequest, check_partition
from .watch import STAGE_LABELS


@dataclass
class PipelineResult:
    module: Any  #: what torch_tensorrt returned, with the report attached
    report: CompileReport
    plan: InputPlan


def _has_gpu() -> bool:
    import torch

    return bool(torch.cuda.is_available())


def run(request: CompileRequest) -> PipelineResult:
    """Export ``request.module`` (unless it is an ExportedProgram already), translate its settings and build it with
    ``torch_tensorrt.dynamo.compile``. ``request.targets`` make it an ahead-of-time build (shims and report);
    ``request.warnings`` are the caller's own; ``partition="auto"`` builds the largest exportable submodules when
    the whole module does not export. Any failure is a `CompatError` (a failed build a `BuildError`)."""
    check_partition(request.partition)
    load_torch_tensorrt()  # its import time is torch_tensorrt's, not part of our overhead
    start = time.perf_counter()
    kwargs = request.kwargs
    module = request.module
    request = request.replace(warnings=(*request.warnings, *training_mode_warning(module)))  # both routes report it
    plan = plan_inputs(
        eager_module(module),
        request.inputs,
        request.arg_inputs,
        dict(request.kwarg_inputs) if request.kwarg_inputs is not None else None,
        dynamic=request.dynamic,
        truncate_double=truncates_double(kwargs),
    )
    translation = translate(
        kwargs,
        installed_release_fields(),
        request.enabled_precisions,
        refittable_buildable=not request.aot or _has_gpu(),
        function="build_engine" if request.aot else "compile",
    )
    ctx = shim_context(
        aot=request.aot,
        targets=request.targets,
        autocast=bool(translation.kwargs.get("enable_autocast")),
        decompose_attention=bool(translation.kwargs.get("decompose_attention")),
    )
    if is_exported_program(module):
        exported = ExportResult(module, plan)
    else:
        stage(STAGE_LABELS["export"])
        try:
            exported = export_with_plan(module, plan, shims=request.shim_names)
        except BuildError as exc:
            if request.partition != "auto" or exc.stage != "export":
                raise
            return _compile_partitioned(request, plan, exc, translation=translation, ctx=ctx, start=start)
    plan.specs = record_profiles(exported.program, plan)
    exported, built, translation = compile_or_half(
        request, eager_module(module), exported, translation, ctx, retry=not is_exported_program(module)
    )
    report = assemble_report(
        exported=exported,
        built=built,
        translation=translation,
        from_program=is_exported_program(module),
        overhead=time.perf_counter() - start,
        targets=list(request.targets),
        warnings=list(request.warnings),
        inputs=plan.specs,
    )
    attach_report(built.module, report)
    return PipelineResult(built.module, report, plan)


#: layers whose output in training mode differs from eval mode (batch statistics, dropout): the graph is exported
#: as the mode it is in, so the engine keeps whichever was active
_TRAIN_DEPENDENT = ("BatchNorm", "Dropout", "InstanceNorm", "SyncBatchNorm", "AlphaDropout")


def training_mode_warning(module: Any) -> list[str]:
    """A report warning when ``module`` is exported in training mode with layers that behave differently there."""
    modules = getattr(module, "modules", None)
    if not getattr(module, "training", False) or modules is None:
        return []
    found = sorted(
        {type(m).__name__ for m in modules() if m.training and type(m).__name__.startswith(_TRAIN_DEPENDENT)}
    )
    if not found:
        return []
    return [
        f"the model was built in training mode ({', '.join(found[:4])} use batch statistics or drop activations "
        "there, and the engine keeps that behaviour); call model.eval() before compiling"
    ]


def _compile_partitioned(
    request: CompileRequest,
    plan: InputPlan,
    failure: BuildError,
    *,
    translation: Translation,
    ctx: ShimContext,
    start: float,
) -> PipelineResult:
    """partition="auto" after the whole module failed to export: build each exportable part, splice them in."""
    from .partition import FlatCall, plan_partition, splice

    module, shims = request.module, request.shim_names
    if plan.dynamic_shapes is not None:
        raise UsageError(
            "partition='auto' builds each part for the example's shapes, but dynamic shapes were asked for.",
            "pass example tensors (static shapes) with partition='auto', or make the whole module exportable",
        ) from failure
    why = short(failure.problem, 300)  # a cut text ends in an ellipsis, never mid-word without a mark
    split = plan_partition(module, plan.args, plan.kwargs, whole_module=why, shims=shims)
    if "min_block_size" not in translation.kwargs:
        # A part is a whole submodule chosen to be an engine: a small head (a few linear layers) would otherwise fall
        # under the default min_block_size and stay in PyTorch. The user's own value wins.
        translation = dataclasses.replace(
            translation,
            kwargs={**translation.kwargs, "min_block_size": 1},
            notes=[
                *translation.notes,
                "partition='auto': added min_block_size=1, so that each exportable part becomes an engine however "
                "small (pass min_block_size to choose)",
            ],
        )
    built: dict[str, Any] = {}
    results: list[BackendResult] = []
    first_error: BuildError | None = None
    for part in split.parts:
        eager = FlatCall(module.get_submodule(part.path), part.in_spec, part.template)
        part_plan = InputPlan(part.args, {}, None, list(part.args), {})
        try:
            _, result, used = compile_or_half(
                request, eager, ExportResult(part.program, part_plan, list(part.shims)), translation, ctx, retry=True
            )
            result.notes += [f"part {part.path}: {note}" for note in used.notes if note not in translation.notes]
        except BuildError as exc:
            first_error = first_error or exc
            split.in_pytorch.append((part.path, f"its build failed at {exc.stage}: {exc.problem[:200]}"))
            continue
        built[part.path] = result.module
        results.append(result)
    if first_error is not None and not built:
        raise first_error
    if not built:
        tried = "; ".join(f"{path}: {why}" for path, why in split.in_pytorch[:5]) or "no submodule holds weights"
        raise BuildError(
            f"partition='auto' found no submodule that exports ({tried}).",
            "make the model's main blocks exportable on their own (tensor inputs and outputs, no data-dependent "
            "control flow), or export the part you want in TensorRT yourself and compile that",
            stage="export",
        ) from failure
    trt_nodes = sum(r.nodes[0] for r in results)
    torch_nodes = sum(r.nodes[1] for r in results)
    ops = _partition_ops(split.ops, list(zip(built, results, strict=True)))
    combined = BackendResult(
        module=splice(module, built, split),
        trt_engines=sum(r.trt_engines for r in results),
        pytorch_ops=sorted({op for r in results for op in r.pytorch_ops}),
        trt_op_fraction=ops["in_tensorrt"] / ops["model"] if ops else _share(trt_nodes, torch_nodes),
        timings={k: sum(r.timings.get(k, 0.0) for r in results) for k in ("lowering", "partitioning", "build")},
        shims=list(dict.fromkeys(s for r in results for s in r.shims)),
        changed=list(dict.fromkeys(s for r in results for s in r.changed)),
        nodes=(trt_nodes, torch_nodes),
        op_reasons={op: why for r in results for op, why in r.op_reasons.items()},
        notes=list(dict.fromkeys(n for r in results for n in r.notes)),
        rewrite_check=combined_check([(path, r.rewrite_check) for path, r in zip(built, results, strict=True)]),
    )
    exported = ExportResult(
        None, plan, list(dict.fromkeys(s for p in split.parts for s in p.shims)), split.export_seconds
    )
    report = assemble_report(
        exported=exported,
        built=combined,
        translation=translation,
        from_program=False,
        overhead=time.perf_counter() - start,
        targets=list(request.targets),
        warnings=list(request.warnings),
        partitioned=True,
        inputs=plan.specs,
    )
    report.partition = {
        "policy": "auto",
        "whole_module": why,
        "parts": list(built),
        "in_pytorch": [list(item) for item in split.in_pytorch],
        **({"ops": ops} if ops else {}),
    }
    attach_report(combined.module, report)
    return PipelineResult(combined.module, report, plan)


def compile_or_half(
    request: CompileRequest,
    eager: Any,
    exported: ExportResult,
    translation: Translation,
    ctx: ShimContext,
    *,
    retry: bool,
) -> tuple[ExportResult, BackendResult, Translation]:
    """Build ``exported.program`` (the export of ``eager``), the rewrite check against ``eager`` included; when an
    FP16 autocast build fails after the export and ``retry``, build the explicit route (`explicit_half`) instead.
    Returns what was built, and the export and translation it was built from."""
    plan = exported.plan
    reference = prepare(request.rewrite_check, eager, plan.args, plan.kwargs, exported.program)
    try:
        built = dynamo_compile(
            exported.program, trt_args=plan.trt_args, trt_kwargs=plan.trt_kwargs, translation=translation, ctx=ctx,
            shims=request.shim_names, reference=reference, export_changed=exported.changed,
        )  # fmt: skip
        return exported, built, translation
    except BuildError as failure:
        if not (retry and explicit_half.applies(translation, failure)):
            raise
        half_translation = explicit_half.translation_for(translation, failure)
        try:
            half = export_with_plan(explicit_half.half_copy(eager), plan, shims=request.shim_names)
            built = dynamo_compile(
                half.program, trt_args=plan.trt_args, trt_kwargs=plan.trt_kwargs, translation=half_translation,
                ctx=dataclasses.replace(ctx, autocast=False), shims=request.shim_names, reference=reference,
                export_changed=half.changed, reduced_precision=True,
            )  # fmt: skip
        except BuildError as second:
            raise explicit_half.retry_failed(failure, second) from failure.__cause__
        return half, built, half_translation


def _share(inside: int, outside: int) -> float | None:
    return inside / (inside + outside) if inside + outside else None


def _partition_ops(counted: dict[str, int], built: list[tuple[str, BackendResult]]) -> dict[str, int]:
    """The model's aten ops (one eager run, `partition.PartitionPlan.ops`) by where they run: ``model`` (all),
    ``in_parts`` (inside the parts built into TensorRT), ``in_tensorrt`` (those parts' ops times each part's own
    share inside its engines), ``left_in_pytorch`` (the rest: the modules and the glue left in PyTorch). Empty when
    nothing was counted."""
    total = counted.get("(root)", 0)
    if not total:
        return {}
    in_parts = sum(counted.get(path, 0) for path, _ in built)
    in_tensorrt = sum(counted.get(path, 0) * (result.trt_op_fraction or 0.0) for path, result in built)
    in_parts = min(in_parts, total)
    return {
        "model": total,
        "in_parts": in_parts,
        "in_tensorrt": min(round(in_tensorrt), total),
        "left_in_pytorch": total - in_parts,
    }


def assemble_report(
    *,
    exported: ExportResult,
    built: BackendResult,
    translation: Translation,
    from_program: bool,
    overhead: float,
    targets: list[str] | None = None,
    warnings: list[str] | None = None,
    partitioned: bool = False,
    inputs: list[dict[str, Any]] | None = None,
) -> CompileReport:
    """The one place a dynamo compile's `CompileReport` is made."""

    export = "ExportedProgram" if from_program else "torch.export(strict=False)"
    if partitioned:
        export = "partition='auto': " + export
    path = export + " -> torch_tensorrt.dynamo.compile"
    if targets:
        path = "ahead-of-time: " + path
    route: Route = "partitioned" if partitioned else "aot" if targets else "dynamo"
    timings = {"export": exported.seconds, **built.timings}
    ours = overhead - sum(timings.values())
    if ours >= 0.05:  # our own steps (input planning, translation); shown only when large enough to matter
        timings["torchtrt_compat"] = ours
    reasons = {
        op: why for op in built.pytorch_ops if (why := why_in_pytorch(op) or built.op_reasons.get(op)) is not None
    }
    return CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=path,
        route=route,
        shims=list(dict.fromkeys([*exported.shims, *built.shims])),
        shims_changed=list(dict.fromkeys([*exported.changed, *built.changed])),
        trt_engines=built.trt_engines,
        pytorch_ops=built.pytorch_ops,
        pytorch_op_reasons=reasons,
        trt_op_fraction=built.trt_op_fraction,
        timings=timings,
        settings={k: repr(v) for k, v in translation.kwargs.items()},
        warnings=list(warnings or []),
        notes=[*translation.notes, *built.notes],
        targets=list(targets or []),
        inputs=list(inputs or []),
        rewrite_check=dict(built.rewrite_check),
    )
