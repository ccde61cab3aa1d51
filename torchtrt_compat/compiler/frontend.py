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

from .._errors import CompatError, IncompatibleError, UsageError
from .._lazy import is_installed
from ._upstream import install_hint, load_torch_tensorrt
from ..env import detect_environment
from .compile_report import CompileReport, attach
from .settings import installed_release_fields, translate

log = logging.getLogger("torchtrt_compat")

_IR: dict[str, str] = {
    "default": "dynamo",
    "dynamo": "dynamo",
    "torch_compile": "torch_compile",
    "ts": "torchscript",
    "torchscript": "torchscript",
    "fx": "fx",
}
FALLBACKS = ("error", "inductor", "eager")


def resolve_ir(ir: str) -> str:
    if ir not in _IR:
        raise UsageError(f"ir={ir!r} is not a torch_tensorrt IR.", f"use one of {', '.join(_IR)}")
    return _IR[ir]


def why_trt_cannot_run() -> tuple[str, str] | None:
    """(reason, fix) when no TensorRT engine can execute on this host, else None."""
    from ..compatibility.advice import gpu_advice

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
            "build ahead of time with torchtrt_compat.build_engine(..., compute_capabilities=[...]), or pass "
            "fallback='inductor' / 'eager' to run in PyTorch",
        )
    for gpu in env.gpus:
        advice = gpu_advice(env.flavour, env.tensorrt_version, gpu.compute_capability)
        if advice is not None:
            reason, fix = advice
            return f"{reason}; this machine has {gpu.name}", f"{fix}, or pass fallback='inductor'"
    return None


def _fallback(module: Any, how: str, reason: str, fix: str) -> Any:
    if how == "error":
        raise IncompatibleError(f"TensorRT cannot run here: {reason}.", fix)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=f"fallback: {how}",
        warnings=[f"TensorRT was not used: {reason}. Fix: {fix}"],
    )
    # the report says why; a WARNING here would print the same reason again (stderr in a notebook)
    log.info("torchtrt_compat.compile: falling back to %s because %s", how, reason)
    if how == "eager":
        result = module
    else:
        import torch

        from .inputs import eager_module

        result = torch.compile(eager_module(module), backend="inductor")
    attach(result, report)
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

    Unknown keyword arguments raise ``TypeError`` naming the closest valid one. Shims patch process-wide objects, so
    compiles in one process are serialised stage by stage (a second thread waits for the first one's patches to be
    undone). ``torchtrt_compat.report(result)`` gives the `CompileReport`.
    """
    from ..ux.progress import progress
    from ..ux.quiet import captured
    from .compile_report import attach_log

    with captured(verbose) as capture, progress("torchtrt_compat.compile", console=capture.console):
        result = _compile(
            module,
            ir,
            inputs,
            arg_inputs,
            kwarg_inputs,
            enabled_precisions,
            fallback,
            shims,
            context_guard,
            partition,
            kwargs,
        )
    attach_log(result, capture)
    return result


def _compile(
    module: Any,
    ir: str,
    inputs: Any,
    arg_inputs: Any,
    kwarg_inputs: dict[str, Any] | None,
    enabled_precisions: Any,
    fallback: str,
    shims: str | list[str] | None,
    context_guard: bool,
    partition: str | None,
    kwargs: dict[str, Any],
) -> Any:
    if fallback not in FALLBACKS:
        raise UsageError(f"fallback={fallback!r} is not understood.", f"use one of {', '.join(FALLBACKS)}")
    from .pipeline import check_partition

    check_partition(partition)
    path = resolve_ir(ir)
    from .validation import check_compile_kwargs, check_inputs, check_model

    check_model(module, callable_ok=path != "dynamo")
    if path == "dynamo" and (inputs is not None or arg_inputs is not None or kwarg_inputs is not None):
        check_inputs(module, inputs, arg_inputs, kwarg_inputs)  # on the fallback paths too
    check_compile_kwargs(kwargs)
    blocked = why_trt_cannot_run()
    if blocked:
        if is_installed("torch_tensorrt") and path not in ("torchscript", "fx"):  # a typo is a typo even here
            release = installed_release_fields()
            translate(
                dict(kwargs),
                release.for_torch_compile() if path == "torch_compile" else release,
                enabled_precisions,
                torch_compile=path == "torch_compile",
            )
        return _fallback(module, fallback, *blocked)
    if path in ("torchscript", "fx"):
        return _passthrough(module, ir, inputs, arg_inputs, kwarg_inputs, enabled_precisions, kwargs)
    if path == "torch_compile":
        return _torch_compile(module, enabled_precisions, kwargs)
    from .pipeline import compile_dynamo

    warnings: list[str] = []
    try:
        kwargs = with_keyed_timing_cache(kwargs)
    except (OSError, CompatError) as exc:  # an unwritable or odd cache root must not stop a compile
        warnings.append(f"timing cache not keyed ({exc}); set TORCHTRT_COMPAT_CACHE to a writable folder")
    result = compile_dynamo(
        module,
        inputs=inputs,
        arg_inputs=arg_inputs,
        kwarg_inputs=kwarg_inputs,
        enabled_precisions=enabled_precisions,
        compile_kwargs=kwargs,
        shims=shims,
        partition=partition,
        warnings=warnings,
    )
    if "timing_cache_path" in kwargs:
        try:
            seal_keyed_timing_cache(kwargs)
        except (OSError, CompatError) as exc:  # the compile succeeded; an unsealed cache is only re-timed next run
            result.report.warnings.append(f"timing cache not sealed ({exc})")
    guard_runtime(result.module, kwargs.get("device"), result.report, context=bool(context_guard))
    return result.module


def _cache_key() -> Any:
    from ..runtime.caches import key_from_environment

    return key_from_environment(detect_environment())


def with_keyed_timing_cache(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Default ``timing_cache_path`` to a file keyed by GPU, compute capability and TensorRT flavour/version, so a
    cache from another GPU or TensorRT is never reused (the user's own path wins)."""
    if "timing_cache_path" in kwargs:
        return kwargs
    from ..runtime.caches import compile_cache_kwargs

    return {**kwargs, "timing_cache_path": compile_cache_kwargs(_cache_key())["timing_cache_path"]}


def seal_keyed_timing_cache(kwargs: dict[str, Any]) -> None:
    from ..runtime.caches import seal_timing_cache

    seal_timing_cache(kwargs["timing_cache_path"], _cache_key())


def guard_runtime(module: Any, device: Any, report: CompileReport, *, context: bool = True) -> None:
    """Check the calling thread's device and hold the primary CUDA context on every call (cuda-python needed)."""
    from ..runtime._device import resolve_device_index
    from .settings import normalise_device

    gpu_id = getattr(device, "gpu_id", None)  # a torch_tensorrt.Device
    index = gpu_id if isinstance(gpu_id, int) else resolve_device_index(normalise_device(device or "cuda"))
    use_context = context and is_installed("cuda")
    if context and not use_context:
        report.warnings.append("CUDA context guard off: cuda-python is not installed (pip install cuda-python)")
    from ..runtime.hooks import install_runtime_guards

    install_runtime_guards(module, index, context=use_context)


def _torch_compile(module: Any, enabled_precisions: Any, kwargs: dict[str, Any]) -> Any:
    import torch

    load_torch_tensorrt()  # registers the "tensorrt" backend for torch.compile
    # torch.compile's options are read into CompilationSettings: its fields are the ones honoured there
    translation = translate(
        kwargs, installed_release_fields().for_torch_compile(), enabled_precisions, torch_compile=True
    )
    compiled = torch.compile(module, backend="tensorrt", options=translation.kwargs, dynamic=False)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path='torch.compile(backend="tensorrt")',
        settings={k: repr(v) for k, v in translation.kwargs.items()},
        notes=list(translation.notes),
    )
    attach(compiled, report)
    return compiled


def _passthrough(
    module: Any,
    ir: str,
    inputs: Any,
    arg_inputs: Any,
    kwarg_inputs: Any,
    enabled_precisions: Any,
    kwargs: dict[str, Any],
) -> Any:
    from .releases import check_frontend_kwargs, legacy_compile_kwargs

    tt = load_torch_tensorrt()
    release = installed_release_fields()
    # the TorchScript / FX frontends read `inputs` only and take no **kwargs; 2.4's compile has no arg_inputs
    call = legacy_compile_kwargs(release, inputs, arg_inputs, kwarg_inputs, enabled_precisions)
    ts = _IR[ir] == "torchscript"
    frontend = getattr(getattr(tt, "_compile", None), "torchscript_compile" if ts else "fx_compile", None)
    if frontend is not None:  # what torch_tensorrt.compile passes itself (module and inputs come first)
        fx_given = ("lower_precision", "explicit_batch_dimension", "dynamic_batch")
        given: tuple[str, ...] = ("inputs", "enabled_precisions") if ts else fx_given
        check_frontend_kwargs(frontend, kwargs, given, f"ir={ir!r}", positional=1 if ts else 2)
    result = tt.compile(module, ir=ir, **call, **kwargs)
    report = CompileReport(
        versions=detect_environment().versions(by="dist"),
        path=f"torch_tensorrt.compile(ir={ir!r}), settings unchanged (legacy frontend)",
        warnings=["arg_inputs passed as inputs (the legacy frontends read only inputs)"]
        if inputs is None and arg_inputs is not None
        else [],
    )
    attach(result, report)
    return result
