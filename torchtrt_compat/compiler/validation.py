"""Early, strict checks of what `compile` and `build_engine` are given, before any export or build starts.

Each check raises one `UsageError` naming what was passed and the fix, on every path (TensorRT, the inductor and
eager fallbacks, ahead-of-time builds), so that a bad argument never surfaces as a raw torch error minutes later.

What passes is one frozen `CompileRequest` (`compile_request`, `engine_request`): everything one `compile` or
`build_engine` call asked for, checked once and passed as one object to the pipeline (`pipeline.run`) and the front
doors. An option added to `compile` is one field there, not an argument in four signatures.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from .._errors import IncompatibleError, UsageError
from .._lazy import install_extra, is_installed
from ..compatibility import matrix
from ..compatibility.advice import gpu_advice
from ..compatibility.target import gpu_target
from ..env import detect_environment
from ..shims import get_shim, list_shims
from ..versions import show_value as _show
from ._upstream import shim_context
from .inputs import is_exported_program, parse_dynamic
from .releases import release_fields_from_data
from .settings import known_names, unknown_kwarg

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


_IR: dict[str, IR] = {
    "default": "dynamo",
    "dynamo": "dynamo",
    "torch_compile": "torch_compile",
    "ts": "torchscript",
    "torchscript": "torchscript",
    "fx": "fx",
}
FALLBACKS: tuple[Fallback, ...] = ("error", "inductor", "eager")
PARTITIONS = (None, "auto")

_CC_FIX = (
    "name each target GPU by compute capability or model, e.g. compute_capabilities=['8.9', '12.0'] or ['RTX 4090'] "
    "(sm_89 and 89 mean 8.9 too)"
)
_SCALARS = (bool, int, float)
_MAX_INPUT_ITEMS = 10_000  #: far more arguments than any forward takes
_MAX_NESTING = 32


def parse_compute_capability(value: Any, where: str = "compute capability") -> str:
    """One target of the ``compute_capabilities`` argument: a compute capability (``"8.9"``, ``"sm_89"``, ``"89"``)
    or a GPU model name (``"RTX 4090"``), read by the one GPU parser (`compatibility.target.gpu_target`)."""
    return gpu_target(value, what=where, fix=_CC_FIX)[1]


def compute_capability_list(value: Any) -> list[str] | None:
    """The normalised, de-duplicated list (None stays None: "the visible GPUs"); an empty or odd value is a
    `UsageError`."""
    if value is None:
        return None
    if isinstance(value, (str, float)) and not isinstance(value, bool):
        value = [value]
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=str)
    if not isinstance(value, (list, tuple)):
        raise UsageError(
            f"compute_capabilities must be a list of strings, got {type(value).__name__} {_show(value)}.", _CC_FIX
        )
    if not value:
        raise UsageError("compute_capabilities is empty, so there is nothing to build for.", _CC_FIX)
    out = [parse_compute_capability(cc, f"compute_capabilities[{i}]") for i, cc in enumerate(value)]
    return list(dict.fromkeys(out))


def check_model(module: Any, *, callable_ok: bool = False) -> None:
    """A ``torch.nn.Module`` or ``torch.export.ExportedProgram`` (any callable when ``callable_ok``)."""

    if is_exported_program(module):
        return
    try:
        import torch

        if isinstance(module, torch.nn.Module):
            return
    except ImportError:  # pragma: no cover - torch is needed to compile at all
        pass
    if callable_ok and callable(module) and not isinstance(module, (str, bytes, type)):
        return
    raise UsageError(
        f"The model must be a torch.nn.Module or a torch.export.ExportedProgram, got {type(module).__name__} "
        f"{_show(module)}.",
        "pass the module itself, e.g. compile(model, arg_inputs=[x]); wrap a function in a torch.nn.Module",
    )


def check_inputs(module: Any, inputs: Any, arg_inputs: Any, kwarg_inputs: Any) -> None:
    """Example inputs of a kind torch.export can take, as many as ``module.forward`` accepts."""
    import torch

    if inputs is not None and arg_inputs is not None:
        raise UsageError("Both inputs and arg_inputs were given.", "pass only arg_inputs (inputs is its old name)")
    items = arg_inputs if arg_inputs is not None else inputs
    if kwarg_inputs is not None and (
        not isinstance(kwarg_inputs, dict) or not all(isinstance(k, str) for k in kwarg_inputs)
    ):
        raise UsageError(
            f"kwarg_inputs must be a dict of argument name -> value, got {type(kwarg_inputs).__name__}.",
            "pass kwarg_inputs={'name': tensor}",
        )
    if items is None:
        raise UsageError(
            "No example inputs were given.", "pass arg_inputs=[tensor, ...] or [torch_tensorrt.Input(...)]"
        )
    if isinstance(items, torch.Tensor) or _is_input_spec(items):
        items = [items]
    if isinstance(items, dict):
        raise UsageError(
            "arg_inputs is a dict; positional inputs are a list.", "pass arg_inputs=[...] and kwarg_inputs={...}"
        )
    if not isinstance(items, (list, tuple)):
        raise UsageError(
            f"arg_inputs must be a list of tensors or torch_tensorrt.Input, got {type(items).__name__} {_show(items)}.",
            "pass arg_inputs=[tensor, ...]",
        )
    if not items and not kwarg_inputs:
        raise UsageError(
            "arg_inputs is an empty list, so there is nothing to trace the model with.",
            "pass one example tensor (or torch_tensorrt.Input) per argument of forward()",
        )
    if len(items) > _MAX_INPUT_ITEMS:
        raise UsageError(f"arg_inputs has {len(items):,} items.", "pass one example per argument of forward()")
    for i, item in enumerate(items):
        _check_value(item, f"arg_inputs[{i}]", 0)
    for name, value in (kwarg_inputs or {}).items():
        _check_value(value, f"kwarg_inputs[{name!r}]", 0)
    _check_arity(module, len(items), dict(kwarg_inputs or {}))


def check_kwarg_names(kwargs: dict[str, Any], function: str) -> None:
    """Every keyword is one some torch_tensorrt release takes (read from the extracted data, no import of
    torch_tensorrt): a typo is an `UnknownArgumentError` (a `TypeError`) naming the closest name, before any export.
    Without torch_tensorrt there is nothing to check against; the build says what to install."""
    if not kwargs or not is_installed("torch_tensorrt"):
        return
    release = release_fields_from_data()
    names = known_names(release)
    for name in kwargs:
        if name not in names:
            raise unknown_kwarg(name, release, function)


def check_compile_kwargs(kwargs: dict[str, Any]) -> None:
    """Values torch_tensorrt would take silently and misread: ``min_block_size`` below 1."""
    size = kwargs.get("min_block_size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise UsageError(
            f"min_block_size={_show(size)} is not a positive whole number.",
            "pass min_block_size=1 to convert every supported op, or a larger int to skip small TensorRT blocks",
        )


def _is_input_spec(obj: Any) -> bool:
    return hasattr(obj, "shape_mode") and hasattr(obj, "shape")


def _check_value(value: Any, where: str, depth: int) -> None:
    import torch

    if isinstance(value, torch.Tensor) or _is_input_spec(value) or value is None or isinstance(value, _SCALARS):
        return
    if depth >= _MAX_NESTING:
        raise UsageError(f"{where} is nested more than {_MAX_NESTING} levels deep.", "pass tensors, not deep nests")
    if isinstance(value, (list, tuple)):
        for j, item in enumerate(value):
            _check_value(item, f"{where}[{j}]", depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _check_value(item, f"{where}[{key!r}]", depth + 1)
        return
    hint = (
        "convert it with torch.from_numpy(array)"
        if type(value).__module__ == "numpy"
        else "pass a torch.Tensor (or a torch_tensorrt.Input, a number, or a list/tuple/dict of them)"
    )
    raise UsageError(f"{where} is not an example input: {type(value).__name__} {_show(value)}.", hint)


def _check_arity(module: Any, n_args: int, kwargs: dict[str, Any]) -> None:
    if is_exported_program(module):
        return
    forward = getattr(module, "forward", module)
    try:
        signature = inspect.signature(forward)
    except (TypeError, ValueError):  # a builtin or C extension: torch.export will say
        return
    try:
        signature.bind(*range(n_args), **kwargs)
    except TypeError as exc:
        params = ", ".join(str(p) for p in signature.parameters.values())
        raise UsageError(
            f"{n_args} positional input(s) and {sorted(kwargs) or 'no'} keyword input(s) do not fit "
            f"{type(module).__name__}.forward({params}): {exc}.",
            "pass one example per argument of forward()",
        ) from None


def resolve_ir(ir: str) -> IR:
    if ir not in _IR:
        raise UsageError(f"ir={ir!r} is not a torch_tensorrt IR.", f"use one of {', '.join(_IR)}")
    return _IR[ir]


def check_partition(partition: Any) -> None:
    """``partition`` must be None or "auto" (a UsageError naming both otherwise)."""
    if partition not in PARTITIONS:
        raise UsageError(
            f"partition={partition!r} is not understood.",
            "use partition=None (export the whole module) or partition='auto' (split at what does not export)",
        )


def check_rewrite_check(value: Any) -> bool:
    """``rewrite_check`` must be True or False."""
    if not isinstance(value, bool):
        raise UsageError(
            f"rewrite_check={_show(value)} is not True or False.",
            "pass rewrite_check=False to skip running the graph against the model (huge models), else leave it out",
        )
    return value


def _shims(shims: Any) -> str | tuple[str, ...] | None:
    """``shims`` as the request keeps it; an unknown name (with the closest known one) or an odd string is a
    `UsageError` now, not at the stage that would have used it."""
    if shims is None or shims in ("auto", "none"):
        return cast("str | None", shims)
    if isinstance(shims, str) or not isinstance(shims, (list, tuple, set, frozenset)):
        raise UsageError(
            f"shims={_show(shims)} is not understood.", 'pass "auto" (the default), None, or a list of names'
        )
    names = tuple(str(n) for n in shims)
    for name in names:
        get_shim(name)
    return names


def check_gpu_free_shims(shims: str | tuple[str, ...] | None, targets: Sequence[str]) -> None:
    """On a host without a GPU an ahead-of-time build runs only with the shims that stand in for the GPU
    (``cpu_import``, ``virtual_cuda_device``, ...): without them torch_tensorrt dies with 'Found no NVIDIA driver'
    half-way. ``shims=None`` there is refused before the build, naming them. A list of names is the caller's own
    choice (e.g. to see what one shim prevents) and is taken as it is."""
    if shims not in (None, "none"):
        return
    here = shim_context(aot=True, targets=targets)
    if here.has_gpu:
        return
    with_gpu = dataclasses.replace(here, has_gpu=True)
    needed = [s.name for s in list_shims(ctx=here) if not s.applies(with_gpu)]
    if needed:
        raise UsageError(
            f"shims={shims!r} leaves out {', '.join(needed)}, which an ahead-of-time build on a host without a "
            "GPU needs (without them torch_tensorrt fails with 'Found no NVIDIA driver').",
            "pass shims='auto' (the default), or a list of shim names that includes them",
        )


def compile_request(
    module: Any,
    ir: str,
    inputs: Any,
    arg_inputs: Any,
    kwarg_inputs: dict[str, Any] | None,
    enabled_precisions: Any,
    *,
    fallback: str,
    shims: Any,
    context_guard: bool,
    verbose: bool | None,
    partition: Any,
    kwargs: dict[str, Any],
    dynamic: Any = None,
    rewrite_check: Any = True,
) -> CompileRequest:
    """The `CompileRequest` of a `compile` call, after every early check (a `UsageError` names the first problem)."""
    parse_dynamic(dynamic)
    if fallback not in FALLBACKS:
        raise UsageError(f"fallback={fallback!r} is not understood.", f"use one of {', '.join(FALLBACKS)}")
    check_partition(partition)
    path = resolve_ir(ir)
    check_model(module, callable_ok=path != "dynamo")
    if path == "dynamo":
        check_kwarg_names(kwargs, "compile")
    given = inputs is not None or arg_inputs is not None or kwarg_inputs is not None
    if path == "dynamo" and (given or not is_exported_program(module)):
        # a module is exported with its example inputs: none is a usage error on every path, the fallbacks included
        # (a fallback would return the module and the missing inputs would surface on the GPU host)
        check_inputs(module, inputs, arg_inputs, kwarg_inputs)
    check_compile_kwargs(kwargs)
    return CompileRequest(
        module,
        arg_inputs=arg_inputs,
        inputs=inputs,
        kwarg_inputs=kwarg_inputs,
        enabled_precisions=enabled_precisions,
        compile_kwargs=dict(kwargs),
        shims=_shims(shims),
        partition=partition,
        verbose=verbose,
        ir=path,
        ir_given=ir,
        fallback=FALLBACKS[FALLBACKS.index(fallback)],
        context_guard=bool(context_guard),
        dynamic=dynamic,
        rewrite_check=check_rewrite_check(rewrite_check),
    )


def engine_request(
    module: Any,
    arg_inputs: Any,
    *,
    compute_capabilities: Any,
    kwarg_inputs: dict[str, Any] | None,
    enabled_precisions: Any,
    shims: Any,
    verbose: bool | None,
    partition: Any,
    compile_kwargs: dict[str, Any],
    dynamic: Any = None,
    rewrite_check: Any = True,
) -> CompileRequest:
    """The `CompileRequest` of a `build_engine` call: its targets resolved against the installed TensorRT-RTX."""
    parse_dynamic(dynamic)
    check_model(module)
    check_kwarg_names(compile_kwargs, "build_engine")
    check_inputs(module, None, arg_inputs, kwarg_inputs)
    check_compile_kwargs(compile_kwargs)
    check_partition(partition)
    targets = resolve_targets(compute_capability_list(compute_capabilities))
    chosen_shims = _shims(shims)
    check_gpu_free_shims(chosen_shims, targets)
    return CompileRequest(
        module,
        arg_inputs=arg_inputs,
        kwarg_inputs=kwarg_inputs,
        enabled_precisions=enabled_precisions,
        compile_kwargs=dict(compile_kwargs),
        shims=chosen_shims,
        partition=partition,
        verbose=verbose,
        targets=tuple(targets),
        dynamic=dynamic,
        rewrite_check=check_rewrite_check(rewrite_check),
    )


def resolve_targets(compute_capabilities: list[str] | None) -> list[str]:
    """The targets of an ahead-of-time build: the named ones that the installed TensorRT-RTX can build for, or the
    visible supported GPUs when none are named."""
    env = detect_environment()
    flavour, version = env.flavour, env.tensorrt_version
    if flavour != "tensorrt-rtx":
        raise IncompatibleError(
            f"Ahead-of-time builds for named GPUs need TensorRT-RTX, but {flavour or 'no TensorRT'} is installed.",
            f"{install_extra('rtx')} (torch-tensorrt-rtx + tensorrt-rtx), or compile on the target GPU",
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
