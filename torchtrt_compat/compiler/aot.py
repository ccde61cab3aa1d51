"""`build_engine`: TensorRT-RTX engines for named GPU architectures, built ahead of time, with or without a GPU."""

from __future__ import annotations

import warnings
from typing import Any

from ..env import detect_environment
from ..ux.display import in_notebook
from ..ux.progress import warn
from . import pipeline
from .artifact import EngineArtifact, now
from .session import attach_capture, build_session, note_wait
from .validation import engine_request
from .watch import build_title


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
    dynamic: Any = None,
    rewrite_check: bool = True,
    **compile_kwargs: Any,
) -> EngineArtifact:
    """Build TensorRT-RTX engines for ``compute_capabilities`` (e.g. ``["8.9", "12.0"]``) without running them.

    Works on a host with no GPU at all. ``partition="auto"``: when the whole module cannot be exported, build the
    largest exportable submodules and keep the rest in PyTorch (see `compile`). ``rewrite_check=False`` skips
    running the graph handed to TensorRT against the model (see `compile`). Other keyword arguments mean what
    they mean to `compile`; ``dynamic={"x": {0: (1, 8, 32)}}`` (or `Input` ranges in ``arg_inputs``) builds one
    engine for a range of shapes, recorded in the artifact and checked when it runs. The result holds
    the real serialized engines, the PyTorch parts, the `CompileReport`, and metadata (versions, targets, inputs).
    ``verbose=True`` shows what torch, torch_tensorrt and TensorRT print; by default it is captured into the
    report's ``log`` (``TORCHTRT_COMPAT_VERBOSE=1`` makes True the default). Progress is shown stage by stage.
    Builds in one process run one at a time (see `compile`).
    """

    request = engine_request(
        module_or_exported_program,
        arg_inputs,
        compute_capabilities=compute_capabilities,
        kwarg_inputs=kwarg_inputs,
        enabled_precisions=enabled_precisions,
        shims=shims,
        verbose=verbose,
        partition=partition,
        compile_kwargs=compile_kwargs,
        dynamic=dynamic,
        rewrite_check=rewrite_check,
    )
    targets = list(request.targets)
    env = detect_environment()
    title = build_title("build_engine", module_or_exported_program, enabled_precisions, compile_kwargs, targets)
    with build_session(title, verbose) as (capture, waited):
        result = pipeline.run(request)
        if not result.report.trt_engines:
            warn("0 TensorRT engines: the whole model stays in PyTorch (see the report)")
    attach_capture(result.report, capture)
    note_wait(result.report, waited)
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
    if advice and not in_notebook():  # in Jupyter the progress display ends in this warning already
        warnings.warn(advice, ZeroEnginesWarning, stacklevel=2)
    return EngineArtifact(result.module, result.report, metadata, "partitioned" if result.report.partition else "whole")


class ZeroEnginesWarning(UserWarning):
    """`build_engine` built no TensorRT engine: the artifact would run everything in PyTorch. Raised outside Jupyter
    (a script logging to a file sees no progress display); the report's warnings say the same."""


def zero_engine_advice(report: Any, compile_kwargs: dict[str, Any]) -> str | None:
    """For an artifact with no engine: which setting would give engines (or why none can), else None."""
    if report.trt_engines:
        return None
    if compile_kwargs.get("dryrun"):
        return (
            "0 TensorRT engines: dryrun=True analyses the partition and converts nothing by design; torch_tensorrt "
            "prints that analysis on stdout (not to the build log; dryrun='FILE' also writes it to a new file); drop "
            "dryrun to build engines"
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
