"""The dynamo compile pipeline, one step after another: plan inputs -> export (export-stage shims) -> translate the
settings for the installed release -> ``torch_tensorrt.dynamo.compile`` (compile-stage shims) -> one `CompileReport`.

`compile` (the drop-in) and `build_engine` (ahead of time) both run it; nothing else writes the report.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .._progress import stage
from .._upstream import load_torch_tensorrt, shim_context
from ..env import detect_environment
from .backend import BackendResult, dynamo_compile
from .compile_report import CompileReport, attach
from .exporter import ExportResult, export_with_plan
from .inputs import InputPlan, eager_module, is_exported_program, plan_inputs, truncates_double
from .settings import Translation, installed_release_fields, translate


@dataclass
class PipelineResult:
    module: Any  #: what torch_tensorrt returned, with the report attached
    report: CompileReport
    plan: InputPlan


def compile_dynamo(
    module: Any,
    *,
    arg_inputs: Any = None,
    inputs: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    enabled_precisions: Any = None,
    compile_kwargs: dict[str, Any] | None = None,
    shims: str | list[str] | None = "auto",
    shim_options: dict[str, Any] | None = None,
    targets: list[str] | None = None,
    warnings: list[str] | None = None,
) -> PipelineResult:
    """Export ``module`` (unless it is an ExportedProgram already), translate ``compile_kwargs`` and build it with
    ``torch_tensorrt.dynamo.compile``. ``shim_options`` reach the shims (e.g. ``aot`` and ``compute_capabilities``
    for an ahead-of-time build); ``targets`` mark the report as ahead of time; ``warnings`` are the caller's own."""
    load_torch_tensorrt()  # its import time is torch_tensorrt's, not part of our overhead
    start = time.perf_counter()
    kwargs = dict(compile_kwargs or {})
    plan = plan_inputs(eager_module(module), inputs, arg_inputs, kwarg_inputs, truncate_double=truncates_double(kwargs))
    translation = translate(kwargs, installed_release_fields(), enabled_precisions)
    if is_exported_program(module):
        exported = ExportResult(module, plan)
    else:
        stage("exporting")
        exported = export_with_plan(module, plan, shims=shims)
    ctx = shim_context(**(shim_options or {}), autocast=bool(translation.kwargs.get("enable_autocast")))
    built = dynamo_compile(
        exported.program, trt_args=plan.trt_args, trt_kwargs=plan.trt_kwargs, translation=translation, ctx=ctx,
        shims=shims,
    )  # fmt: skip
    report = assemble_report(
        exported=exported,
        built=built,
        translation=translation,
        from_program=is_exported_program(module),
        overhead=time.perf_counter() - start,
        targets=targets,
        warnings=warnings,
    )
    attach(built.module, report)
    return PipelineResult(built.module, report, plan)


def assemble_report(
    *,
    exported: ExportResult,
    built: BackendResult,
    translation: Translation,
    from_program: bool,
    overhead: float,
    targets: list[str] | None = None,
    warnings: list[str] | None = None,
) -> CompileReport:
    """The one place a dynamo compile's `CompileReport` is made."""
    from ..ops import why_in_pytorch

    path = ("ExportedProgram" if from_program else "torch.export(strict=False)") + " -> torch_tensorrt.dynamo.compile"
    if targets:
        path = "ahead-of-time: " + path
    timings = {"export": exported.seconds, **built.timings}
    ours = overhead - sum(timings.values())
    if ours >= 0.05:  # our own steps (input planning, translation); shown only when large enough to matter
        timings["torchtrt_compat"] = ours
    reasons = {op: why for op in built.pytorch_ops if (why := why_in_pytorch(op)) is not None}
    return CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=path,
        shims=list(dict.fromkeys([*exported.shims, *built.shims])),
        shims_changed=list(dict.fromkeys([*exported.changed, *built.changed])),
        trt_engines=built.trt_engines,
        pytorch_ops=built.pytorch_ops,
        pytorch_op_reasons=reasons,
        trt_op_fraction=built.trt_op_fraction,
        timings=timings,
        settings={k: repr(v) for k, v in translation.kwargs.items()},
        warnings=list(warnings or []),
        notes=list(translation.notes),
        targets=list(targets or []),
    )
