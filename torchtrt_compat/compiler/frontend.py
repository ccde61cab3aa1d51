"""`compile`: the drop-in for ``torch_tensorrt.compile``.

Routing: ``ir="default"/"dynamo"`` -> `export` -> ``torch_tensorrt.dynamo.compile``; an ``ExportedProgram`` goes
straight to dynamo; ``ir="torch_compile"`` -> ``torch.compile(backend="tensorrt")`` with translated options;
``"ts"/"torchscript"/"fx"`` are passed to ``torch_tensorrt.compile`` unchanged. When TensorRT cannot run on this
host, ``fallback=`` decides: ``"error"`` (default) raises naming the reason and the fix, ``"inductor"`` and
``"eager"`` return a PyTorch module and say so in the report and the log.
"""

from __future__ import annotations

import logging
from typing import Any

from .._errors import CompatError, IncompatibleError
from .._lazy import is_installed
from ..compatibility.advice import gpu_advice
from ..env import detect_environment
from ..runtime.caches import seal_keyed_timing_cache, with_keyed_timing_cache
from ..runtime.hooks import guard_runtime
from . import pipeline
from ._upstream import install_hint, load_torch_tensorrt
from .compile_report import CompileReport, attach_report, report_of
from .inputs import eager_module
from .releases import (
    check_frontend_kwargs,
    installed_release_fields,
    legacy_compile_kwargs,
    release_fields_from_data,
)
from .session import attach_capture, build_session, note_wait
from .settings import translate
from .validation import CompileRequest, compile_request
from .watch import build_title, precision_label

log = logging.getLogger("torchtrt_compat")


#: how a caller who did not ask for a fallback can get one (a fix for fallback="error" only)
FALLBACK_FIX = "pass fallback='inductor' / 'eager' to run in PyTorch"


def why_trt_cannot_run() -> tuple[str, str] | None:
    """(reason, fix) when no TensorRT engine can execute on this host, else None. The fix does not offer
    ``fallback=`` (a caller that has one has chosen it); `compile` adds it for ``fallback="error"``."""

    env = detect_environment()
    if env.torch_tensorrt is None:
        return "torch_tensorrt is not installed", install_hint()
    if env.flavour is None or env.tensorrt is None:
        return (
            f"{env.torch_tensorrt.name} is installed without TensorRT",
            "run `torchtrt-compat check` for the pip command",
        )
    if not env.gpus:
        return (
            "no NVIDIA GPU is visible",
            "run it on a GPU host, or build engines for one ahead of time here with "
            "torchtrt_compat.build_engine(..., compute_capabilities=[...])",
        )
    for gpu in env.gpus:
        advice = gpu_advice(env.flavour, env.tensorrt_version, gpu.compute_capability)
        if advice is not None:
            reason, fix = advice
            return f"{reason}; this machine has {gpu.name}", fix
    return None


def not_applied(request: CompileRequest) -> list[tuple[str, str]]:
    """What a fallback to PyTorch leaves out of what was asked for, as (setting, what happens instead): the
    precisions and every torch_tensorrt setting."""
    out = []
    precision = precision_label(request.enabled_precisions, dict(request.compile_kwargs))
    if precision != "FP32":
        out.append(
            (
                f"{precision} (enabled_precisions)",
                "PyTorch runs the model in its own dtypes, so the outputs keep them (e.g. float32); for half "
                "precision in PyTorch convert the model and inputs yourself (model.half())",
            )
        )
    settings = ", ".join(f"{k}={v!r}" for k, v in request.compile_kwargs.items())
    if settings:
        out.append((settings, "torch_tensorrt settings, which mean nothing to PyTorch"))
    return out


def _fallback(request: CompileRequest, reason: str, fix: str) -> Any:
    how, module = request.fallback, request.module
    if how == "error":
        raise IncompatibleError(f"TensorRT cannot run here: {reason}.", f"{fix}, or {FALLBACK_FIX}")
    skipped = not_applied(request)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=f"fallback: {how}",
        route="fallback",
        warnings=[f"TensorRT was not used: {reason}. Fix: {fix}"]
        + ([f"not applied: {', '.join(s for s, _ in skipped)} (the 'not applied' row says why)"] if skipped else []),
        notes=[
            "the model was not exported here, so whether it exports for TensorRT is not known yet: "
            "torchtrt_compat.export(model, inputs) or build_engine(...) checks it on this machine"
        ],
        not_applied=[f"{setting}: {instead}" for setting, instead in skipped],
    )
    # the report says why; a WARNING here would print the same reason again (stderr in a notebook)
    log.info("torchtrt_compat.compile: falling back to %s because %s", how, reason)
    if how == "eager":
        result = module
    else:
        import torch

        # its import logs "No CUDA runtime is found" on a host without CUDA; imported here, inside the build's
        # capture, that line goes to the report instead of stderr at the first call
        import torch.utils.cpp_extension  # noqa: F401

        result = torch.compile(eager_module(module), backend="inductor")
    attach_report(result, report)
    return result


def compile(  # noqa: A001 - mirrors torch_tensorrt.compile
    module: Any,
    ir: str = "default",
    inputs: Any = None,
    arg_inputs: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    enabled_precisions: Any = None,
    *,
    fallback: str = "error",
    shims: str | list[str] | None = "auto",
    context_guard: bool = True,
    verbose: bool | None = None,
    partition: str | None = None,
    dynamic: Any = None,
    rewrite_check: bool = True,
    **kwargs: Any,
) -> Any:
    """Compile ``module`` with Torch-TensorRT so that the same arguments mean the same thing in every release.

    The parameters up to ``enabled_precisions`` and ``**kwargs`` are those of the installed
    ``torch_tensorrt.compile`` (same ``ir`` values and return types). Our own, keyword-only:

    - ``fallback``: ``"error"`` (raise naming the reason and the fix when TensorRT cannot run here), ``"inductor"``
      or ``"eager"`` (return a PyTorch module; the report says why).
    - ``shims``: ``"auto"`` (what the installed stack needs), ``None`` (none) or a list of shim names.
    - ``context_guard``: hold the primary CUDA context on every call (needs cuda-python).
    - ``verbose``: show what torch, torch_tensorrt and TensorRT print while compiling. By default (False, or
      ``TORCHTRT_COMPAT_VERBOSE=1`` for True) it is captured into the report's ``log``; progress is shown by stage.
    - ``partition``: ``None`` (default: the whole module is exported, or the compile fails with a `BuildError`) or
      ``"auto"``: when the whole module cannot be exported (e.g. a detector's data-dependent nms / top-k), compile
      the largest submodules that export (backbone, FPN, heads) into TensorRT and keep the rest in PyTorch. The
      result runs like the original; the report's ``partition`` lists each part and why the rest stayed in PyTorch.
    - ``dynamic``: dynamic ranges, ``{"x": {0: (1, 8, 32)}}`` (input -> axis -> (min, opt, max); a
      ``torch.export.Dim`` also works as a range); `Input` in ``arg_inputs`` says the same (docs/dynamic_shapes.md).
    - ``rewrite_check``: True (default) runs the graph handed to TensorRT, after every rewrite and torch_tensorrt's
      lowering, in PyTorch against the model on the example inputs and a fresh draw, before TensorRT sees it; a
      mismatch fails the build naming the rewrite, and the report's ``rewrite_check`` holds the largest error per
      output. It costs two more forward passes of the model and of the graph; False skips it (huge models).

    Unknown keyword arguments raise ``TypeError`` naming the closest valid one. Shims patch process-wide objects,
    so compiles (and `build_engine` calls) in one process run one at a time: a second thread's compile waits for the
    first one and its report says how long. Threads that do not compile never see a shim, and only the compiling
    thread's output is captured. ``torchtrt_compat.report(result)`` gives the `CompileReport`.
    """
    request = compile_request(
        module,
        ir,
        inputs,
        arg_inputs,
        kwarg_inputs,
        enabled_precisions,
        fallback=fallback,
        shims=shims,
        context_guard=context_guard,
        verbose=verbose,
        partition=partition,
        kwargs=kwargs,
        dynamic=dynamic,
        rewrite_check=rewrite_check,
    )
    title = build_title("torchtrt_compat.compile", module, enabled_precisions, kwargs)
    with build_session(title, verbose) as (capture, waited):
        result = _compile(request)
    found = report_of(result)
    if found is not None:
        attach_capture(found, capture)
        note_wait(found, waited)
    return result


def _compile(request: CompileRequest) -> Any:
    path = request.ir
    blocked = why_trt_cannot_run()
    if blocked:
        if is_installed("torch_tensorrt") and path not in ("torchscript", "fx"):  # a typo is a typo even here
            release = release_fields_from_data()  # no torch_tensorrt import where TensorRT cannot run
            translate(
                request.kwargs,
                release.for_torch_compile() if path == "torch_compile" else release,
                request.enabled_precisions,
                torch_compile=path == "torch_compile",
            )
        return _fallback(request, *blocked)
    if path in ("torchscript", "fx"):
        return _passthrough(request)
    if path == "torch_compile":
        return _torch_compile(request)

    warnings: list[str] = []
    kwargs = request.kwargs
    try:
        kwargs = with_keyed_timing_cache(kwargs)
    except (OSError, CompatError) as exc:  # an unwritable or odd cache root must not stop a compile
        warnings.append(f"timing cache not keyed ({exc}); set TORCHTRT_COMPAT_CACHE to a writable folder")
    result = pipeline.run(request.replace(compile_kwargs=kwargs, warnings=(*request.warnings, *warnings)))
    if "timing_cache_path" in kwargs:
        try:
            seal_keyed_timing_cache(kwargs)
        except (OSError, CompatError) as exc:  # the compile succeeded; an unsealed cache is only re-timed next run
            result.report.warnings.append(f"timing cache not sealed ({exc})")
    warning = guard_runtime(result.module, kwargs.get("device"), context=request.context_guard)
    if warning:
        result.report.warnings.append(warning)
    return result.module


def _torch_compile(request: CompileRequest) -> Any:
    import torch

    load_torch_tensorrt()  # registers the "tensorrt" backend for torch.compile
    # torch.compile's options are read into CompilationSettings: its fields are the ones honoured there
    translation = translate(
        request.kwargs, installed_release_fields().for_torch_compile(), request.enabled_precisions, torch_compile=True
    )
    compiled = torch.compile(request.module, backend="tensorrt", options=translation.kwargs, dynamic=False)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path='torch.compile(backend="tensorrt")',
        route="torch_compile",
        settings={k: repr(v) for k, v in translation.kwargs.items()},
        notes=list(translation.notes),
    )
    attach_report(compiled, report)
    return compiled


def _passthrough(request: CompileRequest) -> Any:
    tt = load_torch_tensorrt()
    release = installed_release_fields()
    kwargs, ir, inputs, arg_inputs = request.kwargs, request.ir_given, request.inputs, request.arg_inputs
    kwarg_inputs = dict(request.kwarg_inputs) if request.kwarg_inputs is not None else None
    # the TorchScript / FX frontends read `inputs` only and take no **kwargs; 2.4's compile has no arg_inputs
    call = legacy_compile_kwargs(release, inputs, arg_inputs, kwarg_inputs, request.enabled_precisions)
    ts = request.ir == "torchscript"
    frontend = getattr(getattr(tt, "_compile", None), "torchscript_compile" if ts else "fx_compile", None)
    if frontend is not None:  # what torch_tensorrt.compile passes itself (module and inputs come first)
        fx_given = ("lower_precision", "explicit_batch_dimension", "dynamic_batch")
        given: tuple[str, ...] = ("inputs", "enabled_precisions") if ts else fx_given
        check_frontend_kwargs(frontend, kwargs, given, f"ir={ir!r}", positional=1 if ts else 2)
    result = tt.compile(request.module, ir=ir, **call, **kwargs)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=f"torch_tensorrt.compile(ir={ir!r}), settings unchanged (legacy frontend)",
        route="legacy",
        warnings=["arg_inputs passed as inputs (the legacy frontends read only inputs)"]
        if inputs is None and arg_inputs is not None
        else [],
    )
    attach_report(result, report)
    return result
