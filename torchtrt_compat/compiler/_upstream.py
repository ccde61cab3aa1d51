"""The installed upstream stack as the pipeline sees it: versions for shims, and a safe torch_tensorrt import."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType

from .._errors import MissingDependencyError
from .._lazy import is_installed
from ..compatibility.advice import install_fix
from ..env import detect_environment
from ..shims import ShimContext, activate
from ..ux.quiet import captured


def shim_context(
    *,
    aot: bool = False,
    targets: Sequence[str] = (),
    autocast: bool = False,
    compute_capabilities: Sequence[str] | None = None,
    decompose_attention: bool = False,
) -> ShimContext:
    """The `ShimContext` of this host; ``compute_capabilities`` is another name for ``targets``."""
    env = detect_environment()
    chosen = tuple(str(c) for c in (compute_capabilities if compute_capabilities is not None else targets))
    return ShimContext(
        versions=env.versions(),
        flavour=env.flavour,
        has_gpu=bool(env.gpus),
        aot=aot,
        targets=chosen,
        autocast=autocast,
        decompose_attention=decompose_attention,
    )


def install_hint() -> str:
    """The pip command for a torch_tensorrt flavour that fits the installed torch and the visible GPUs."""

    return install_fix(detect_environment())


def load_torch_tensorrt(ctx: ShimContext | None = None) -> ModuleType:
    """Import torch_tensorrt, applying the import-stage shims (e.g. the CPU-only import) around it; what it prints
    while importing is captured (`_quiet.captured`; ``TORCHTRT_COMPAT_VERBOSE=1`` shows it)."""
    loaded = sys.modules.get("torch_tensorrt")
    if loaded is not None:
        return loaded
    if not is_installed("torch_tensorrt"):
        raise MissingDependencyError("torch_tensorrt is not installed.", install_hint())

    with captured(), activate("import", ctx or shim_context()):  # its import chatter joins a compile's log
        import torch_tensorrt
    return torch_tensorrt
