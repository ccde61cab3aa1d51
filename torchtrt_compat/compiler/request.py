"""`CompileRequest`: everything one `compile` or `build_engine` call asked for, checked once, passed as one object.

`validation.compile_request` and `validation.engine_request` build it from the public signatures; the pipeline
(`pipeline.run`) and the front doors read it. An option added to `compile` is one field here, not an argument in
four signatures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

#: How a compile went: the report's ``route``.
Route = Literal["dynamo", "partitioned", "aot", "torch_compile", "legacy", "fallback"]
ROUTES: tuple[Route, ...] = ("dynamo", "partitioned", "aot", "torch_compile", "legacy", "fallback")

IR = Literal["dynamo", "torch_compile", "torchscript", "fx"]
Fallback = Literal["error", "inductor", "eager"]


@dataclass(frozen=True)
class CompileRequest:
    """One compile or ahead-of-time build, as asked for (after validation)."""

    module: Any  #: a torch.nn.Module or an ExportedProgram (any callable for ir="torch_compile" and the fallbacks)
    arg_inputs: Any = None
    inputs: Any = None  #: torch_tensorrt's older name for arg_inputs (compile only)
    kwarg_inputs: Mapping[str, Any] | None = None
    enabled_precisions: Any = None
    compile_kwargs: Mapping[str, Any] = field(default_factory=dict)  #: torch_tensorrt settings, as the user wrote them
    shims: str | tuple[str, ...] | None = "auto"
    partition: Literal["auto"] | None = None
    verbose: bool | None = None
    targets: tuple[str, ...] = ()  #: compute capabilities of an ahead-of-time build (empty: build for this GPU)
    ir: IR = "dynamo"  #: the resolved ``ir`` (compile only)
    ir_given: str = "default"  #: ``ir`` as the user wrote it (the legacy frontends are called with it)
    fallback: Fallback = "error"
    context_guard: bool = True
    warnings: tuple[str, ...] = ()  #: the caller's own report warnings (e.g. an unkeyed timing cache)
    dynamic: Any = None  #: dynamic ranges as asked for (``dynamic=``), already checked by `inputs.parse_dynamic`
    rewrite_check: bool = True  #: run the graph handed to TensorRT against the model first (`rewrite_check`)

    @property
    def aot(self) -> bool:
        """An ahead-of-time build for named GPUs (`build_engine`)."""
        return bool(self.targets)

    @property
    def kwargs(self) -> dict[str, Any]:
        """A fresh copy of ``compile_kwargs``."""
        return dict(self.compile_kwargs)

    @property
    def shim_names(self) -> str | list[str] | None:
        """``shims`` as `shims.activate` takes it."""
        return list(self.shims) if isinstance(self.shims, tuple) else self.shims

    def replace(self, **changes: Any) -> CompileRequest:
        return dataclasses.replace(self, **changes)
