"""`build_engine`: TensorRT-RTX engines for named GPU architectures, built ahead of time, with or without a GPU."""

from __future__ import annotations

from typing import Any

from .._errors import IncompatibleError, UsageError
from ..env import detect_environment
from .artifact import EngineArtifact, now
from .report import CompileReport


def _resolve_targets(compute_capabilities: Any) -> list[str]:
    from .. import matrix
    from ..checker import gpu_supported

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
                f"name the deployment GPUs, e.g. compute_capabilities=['8.9'] (TensorRT-RTX supports {', '.join(supported)})",
            )
        return sorted(set(visible))
    if isinstance(compute_capabilities, (str, float)):
        compute_capabilities = [compute_capabilities]
    targets = []
    for cc in compute_capabilities:
        text = str(cc)
        if not gpu_supported(flavour, version, text) or text not in supported:
            raise IncompatibleError(
                f"TensorRT-RTX {version} cannot build for compute capability {text}.",
                f"choose from {', '.join(supported)}; Hopper (9.0) and data-centre Blackwell (10.0) need full "
                "TensorRT (torch-tensorrt) on that GPU",
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
    **compile_kwargs: Any,
) -> EngineArtifact:
    """Build TensorRT-RTX engines for ``compute_capabilities`` (e.g. ``["8.9", "12.0"]``) without running them.

    Works on a host with no GPU at all. Other keyword arguments mean what they mean to `compile`. The result holds
    the real serialized engines, the PyTorch parts, the `CompileReport`, and metadata (versions, targets, inputs).
    """
    from .frontend import _versions, compile_dynamo
    from .inputs import eager_module, plan_inputs, truncates_double

    targets = _resolve_targets(compute_capabilities)
    env = detect_environment()
    report = CompileReport(versions=_versions(), targets=targets)
    plan = plan_inputs(
        eager_module(module_or_exported_program),
        arg_inputs=arg_inputs,
        kwarg_inputs=kwarg_inputs,
        truncate_double=truncates_double(compile_kwargs),
    )
    gm = compile_dynamo(
        module_or_exported_program,
        None,
        arg_inputs,
        kwarg_inputs,
        enabled_precisions,
        dict(compile_kwargs),
        report,
        shims=shims,
        shim_options={"aot": True, "compute_capabilities": targets},
        plan=plan,
    )
    report.path = "ahead-of-time: " + report.path
    metadata = {
        "created": now(),
        "flavour": env.flavour,
        "tensorrt_version": env.tensorrt_version,
        "torch_tensorrt": f"{env.torch_tensorrt.name}=={env.torch_tensorrt.version}" if env.torch_tensorrt else None,
        "torch": env.torch,
        "targets": targets,
        "inputs": plan.specs,
        "built_on": "no GPU (ahead-of-time)" if not env.gpus else ", ".join(str(g.name) for g in env.gpus),
    }
    return EngineArtifact(gm, report, metadata)
