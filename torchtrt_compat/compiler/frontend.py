"""`compile`: the drop-in for ``torch_tensorrt.compile``.

Routing: ``ir="default"/"dynamo"`` -> `export` -> ``torch_tensorrt.dynamo.compile``; an ``ExportedProgram`` goes
straight to dynamo; ``ir="torch_compile"`` -> ``torch.compile(backend="tensorrt")`` with translated options;
``"ts"/"torchscript"/"fx"`` are passed to ``torch_tensorrt.compile`` unchanged. When TensorRT cannot run on this
host, ``fallback=`` decides: ``"error"`` (default) raises naming the reason and the fix, ``"inductor"`` and
``"eager"`` return a PyTorch module and say so in the report and the log.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from .._errors import IncompatibleError, UsageError
from .._lazy import is_installed
from .._stack import install_hint, shim_context
from ..env import detect_environment
from .report import CompileReport, attach
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


def _versions() -> dict[str, str | None]:
    env = detect_environment()
    return {
        "torch": env.torch,
        "torchvision": env.torchvision,
        env.torch_tensorrt.name if env.torch_tensorrt else "torch_tensorrt": (
            env.torch_tensorrt.version if env.torch_tensorrt else None
        ),
        env.tensorrt.name if env.tensorrt else "tensorrt": env.tensorrt_version,
    }


def why_trt_cannot_run() -> tuple[str, str] | None:
    """(reason, fix) when no TensorRT engine can execute on this host, else None."""
    from ..checker import gpu_supported

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
            "no NVIDIA GPU is visible, so TensorRT engines cannot run here",
            "build ahead of time with torchtrt_compat.build_engine(..., compute_capabilities=[...]), or pass "
            "fallback='inductor' / 'eager' to run in PyTorch",
        )
    bad = [g for g in env.gpus if not gpu_supported(env.flavour, env.tensorrt_version, g.compute_capability)]
    if bad:
        g = bad[0]
        return (
            f"{env.flavour} {env.tensorrt_version} cannot run engines on {g.name} (compute capability "
            f"{g.compute_capability})",
            "install full TensorRT (pip install torch-tensorrt) for this GPU, or pass fallback='inductor'",
        )
    return None


def _fallback(module: Any, how: str, reason: str, fix: str, report: CompileReport) -> Any:
    if how == "error":
        raise IncompatibleError(f"TensorRT cannot run here: {reason}.", fix)
    report.path = f"fallback: {how} ({reason})"
    report.warnings.append(f"TensorRT was not used: {reason}. Fix: {fix}")
    log.warning("torchtrt_compat.compile: falling back to %s because %s", how, reason)
    if how == "eager":
        return module
    import torch

    from .inputs import eager_module

    return torch.compile(eager_module(module), backend="inductor")


def compile(  # noqa: A001 - mirrors torch_tensorrt.compile
    module: Any,
    ir: str = "default",
    inputs: Any = None,
    arg_inputs: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    enabled_precisions: Any = None,
    **kwargs: Any,
) -> Any:
    """Compile ``module`` with Torch-TensorRT so that the same arguments mean the same thing in every release.

    Same signature, ``ir`` values and return types as the installed ``torch_tensorrt.compile``, plus
    ``fallback="error"|"inductor"|"eager"`` and ``shims="auto"|None|[names]``. Unknown keyword arguments raise
    ``TypeError`` naming the closest valid one. ``torchtrt_compat.report(result)`` gives the `CompileReport`.
    """
    fallback = kwargs.pop("fallback", "error")
    shims = kwargs.pop("shims", "auto")
    context_guard = kwargs.pop("context_guard", True)
    if fallback not in FALLBACKS:
        raise UsageError(f"fallback={fallback!r} is not understood.", f"use one of {', '.join(FALLBACKS)}")
    path = resolve_ir(ir)
    report = CompileReport(versions=_versions())
    blocked = why_trt_cannot_run()
    if blocked:
        if is_installed("torch_tensorrt"):  # a typo is a typo even when TensorRT cannot run here
            translate(dict(kwargs), installed_release_fields(), enabled_precisions)
        result = _fallback(module, fallback, *blocked, report)
        attach(result, report)
        return result
    if path in ("torchscript", "fx"):
        return _passthrough(module, ir, inputs, arg_inputs, kwarg_inputs, enabled_precisions, kwargs, report)
    if path == "torch_compile":
        return _torch_compile(module, enabled_precisions, kwargs, report)
    try:
        kwargs = with_keyed_timing_cache(kwargs)
    except OSError as exc:  # an unwritable cache root must not stop a compile
        report.warnings.append(f"timing cache not keyed ({exc}); set TORCHTRT_COMPAT_CACHE to a writable folder")
    gm = compile_dynamo(module, inputs, arg_inputs, kwarg_inputs, enabled_precisions, kwargs, report, shims=shims)
    if "timing_cache_path" in kwargs:
        seal_keyed_timing_cache(kwargs)
    guard_runtime(gm, kwargs.get("device"), report, context=bool(context_guard))
    return gm


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


def compile_dynamo(
    module: Any,
    inputs: Any,
    arg_inputs: Any,
    kwarg_inputs: dict[str, Any] | None,
    enabled_precisions: Any,
    kwargs: dict[str, Any],
    report: CompileReport,
    *,
    shims: str | list[str] | None = "auto",
    shim_options: dict[str, Any] | None = None,
    plan: Any = None,
) -> Any:
    """Export (unless given an ExportedProgram), translate, call torch_tensorrt.dynamo.compile; fill ``report``.

    ``plan`` is an `InputPlan` the caller already made from these inputs (build_engine keeps it for its metadata).
    """
    from .backend import dynamo_compile
    from .export import ExportResult, export_with_plan
    from .inputs import eager_module, is_exported_program, plan_inputs, truncates_double

    from .._stack import load_torch_tensorrt

    load_torch_tensorrt()  # its import time is torch_tensorrt's, not part of our overhead
    start = time.perf_counter()
    is_program = is_exported_program(module)
    plan = plan or plan_inputs(
        eager_module(module), inputs, arg_inputs, kwarg_inputs, truncate_double=truncates_double(kwargs)
    )
    release = installed_release_fields()
    translation = translate(kwargs, release, enabled_precisions)
    if is_program:
        exported = ExportResult(module, plan)
        report.path = "ExportedProgram -> torch_tensorrt.dynamo.compile"
    else:
        exported = export_with_plan(module, plan, shims=shims)
        report.path = "torch.export(strict=False) -> torch_tensorrt.dynamo.compile"
    report.shims = list(exported.shims)
    report.timings["export"] = exported.seconds
    ctx = shim_context(**(shim_options or {}), autocast=bool(translation.kwargs.get("enable_autocast")))
    gm = dynamo_compile(exported.program, plan.trt_args, plan.trt_kwargs, translation, ctx, shims, report)
    ours = time.perf_counter() - start - sum(report.timings.values())
    report.timings["torchtrt_compat"] = max(ours, 0.0)
    attach(gm, report)
    return gm


def _torch_compile(module: Any, enabled_precisions: Any, kwargs: dict[str, Any], report: CompileReport) -> Any:
    import torch

    from .._stack import load_torch_tensorrt

    load_torch_tensorrt()  # registers the "tensorrt" backend for torch.compile
    translation = translate(kwargs, installed_release_fields(), enabled_precisions)
    report.path = 'torch.compile(backend="tensorrt")'
    report.settings = {k: repr(v) for k, v in translation.kwargs.items()}
    report.warnings += translation.notes
    compiled = torch.compile(module, backend="tensorrt", options=translation.kwargs, dynamic=False)
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
    report: CompileReport,
) -> Any:
    from .._stack import load_torch_tensorrt

    tt = load_torch_tensorrt()
    report.path = f"torch_tensorrt.compile(ir={ir!r}) unchanged (legacy frontend)"
    result = tt.compile(
        module,
        ir=ir,
        inputs=inputs,
        arg_inputs=arg_inputs,
        kwarg_inputs=kwarg_inputs,
        enabled_precisions=enabled_precisions,
        **kwargs,
    )
    attach(result, report)
    return result
