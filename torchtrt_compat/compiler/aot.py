"""`build_engine`: TensorRT-RTX engines for named GPU architectures, built ahead of time, with or without a GPU."""

from __future__ import annotations

from typing import Any

from .._errors import IncompatibleError, UsageError
from ..env import detect_environment
from .artifact import EngineArtifact, now


def _resolve_targets(compute_capabilities: Any) -> list[str]:
    from ..compatibility import matrix
    from ..compatibility.advice import gpu_advice

    env = detect_environment()
    flavour, version = env.flavour, env.tensorrt_version
    if flavour != "tensorrt-rtx":
        raise IncompatibleError(
            f"Ahead-of-time builds for named GPUs need TensorRT-RTX, but {flavour or 'no TensorRT'} is installed.",
            "pip install 'torchtrt-compat[rtx]' (torch-tensorrt-rtx + tensorrt-rtx), or compile on the target GPU",
        )
    supported = matrix.compute_capabilities(flavour, version) or []
    if compute_capabilities is None:
        visible = [g.compute_capability for g in env.gpus or [] if g.compute_capability in supported]
        if not visible:
            raise UsageError(
                "No compute_capabilities were named and no supported GPU is visible to build for.",
                "name the deployment GPUs, e.g. compute_capabilities=['8.9'] "
                f"(TensorRT-RTX supports {', '.join(supported)})",
            )
        return sorted(set(visible))
    targets = []
    for cc in compute_capabilities:
        text = str(cc)
        advice = gpu_advice(flavour, version, text)
        if advice is not None or text not in supported:
            reason, fix = advice or (f"TensorRT-RTX {version} cannot build for compute capability {text}", "")
            raise IncompatibleError(
                f"{reason}.", f"choose from {', '.join(supported)}" + (f", or {fix}" if fix else "")
            )
        targets.append(text)
    return sorted(set(targets), key=lambda c: tuple(int(p) for p in c.split(".")))


def build_engine(
    module_or_exported_program: Any,
    arg_inputs: Any,
    *,
    compute_capabilities: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    enabled_precisions: Any = None,
    shims: str | list[str] | None = "auto",
    verbose: bool | None = None,
    partition: str | None = None,
    **compile_kwargs: Any,
) -> EngineArtifact:
    """Build TensorRT-RTX engines for ``compute_capabilities`` (e.g. ``["8.9", "12.0"]``) without running them.

    Works on a host with no GPU at all. ``partition="auto"``: when the whole module cannot be exported, build the
    largest exportable submodules and keep the rest in PyTorch (see `compile`). Other keyword arguments mean what
    they mean to `compile`. The result holds
    the real serialized engines, the PyTorch parts, the `CompileReport`, and metadata (versions, targets, inputs).
    ``verbose=True`` shows what torch, torch_tensorrt and TensorRT print; by default it is captured into the
    report's ``log`` (``TORCHTRT_COMPAT_VERBOSE=1`` makes True the default). Progress is shown stage by stage.
    """
    from ..ux.progress import progress
    from ..ux.quiet import captured
    from .compile_report import attach_log
    from .pipeline import compile_dynamo
    from .validation import check_compile_kwargs, check_inputs, check_model, compute_capability_list

    check_model(module_or_exported_program)
    check_inputs(module_or_exported_program, None, arg_inputs, kwarg_inputs)
    check_compile_kwargs(compile_kwargs)
    targets = _resolve_targets(compute_capability_list(compute_capabilities))
    env = detect_environment()
    title = f"build_engine for {', '.join('sm_' + t.replace('.', '') for t in targets)}"
    with captured(verbose) as capture, progress(title, console=capture.console):
        result = compile_dynamo(
            module_or_exported_program,
            arg_inputs=arg_inputs,
            kwarg_inputs=kwarg_inputs,
            enabled_precisions=enabled_precisions,
            compile_kwargs=compile_kwargs,
            shims=shims,
            partition=partition,
            shim_options={"aot": True, "compute_capabilities": targets},
            targets=targets,
        )
    attach_log(result.report, capture)
    metadata = {
        "created": now(),
        "flavour": env.flavour,
        "tensorrt_version": env.tensorrt_version,
        "torch_tensorrt": f"{env.torch_tensorrt.name}=={env.torch_tensorrt.version}" if env.torch_tensorrt else None,
        "torch": env.torch,
        "targets": targets,
        "inputs": result.plan.specs,
        "built_on": "no GPU (ahead-of-time)" if not env.gpus else ", ".join(str(g.name) for g in env.gpus),
    }
    advice = zero_engine_advice(result.report, compile_kwargs)
    if advice and advice not in result.report.warnings:
        result.report.warnings.append(advice)
    return EngineArtifact(result.module, result.report, metadata)


def zero_engine_advice(report: Any, compile_kwargs: dict[str, Any]) -> str | None:
    """For an artifact with no engine: which setting would give engines (or why none can), else None."""
    if report.trt_engines:
        return None
    if compile_kwargs.get("dryrun"):
        return (
            "0 TensorRT engines: dryrun=True analyses the partition and converts nothing by design; drop dryrun to "
            "build engines"
        )
    size = compile_kwargs.get("min_block_size", report.settings.get("min_block_size", 5))
    left = ", ".join(report.pytorch_ops[:6]) + (", ..." if len(report.pytorch_ops) > 6 else "")
    if not isinstance(size, int) or size > 1:
        return (
            f"0 TensorRT engines: no run of convertible ops reached min_block_size={size}, so everything stays in "
            "PyTorch; build with min_block_size=1 (--min-block-size 1) to put them into an engine"
        )
    return (
        f"0 TensorRT engines even with min_block_size=1: no op has a TensorRT converter ({left or 'no ops'}); "
        "there is nothing for TensorRT to deploy"
    )
