"""Turn ``inputs`` / ``arg_inputs`` / ``kwarg_inputs`` into example tensors, dynamic shapes and TensorRT specs,
rejecting what cannot work with an error that names the fix."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._errors import UsageError

#: dtypes a TensorRT engine can take as inputs; float64 only with truncate_double=True.
SUPPORTED_DTYPES = ("float32", "float16", "bfloat16", "int32", "int64", "int8", "uint8", "bool", "float8_e4m3fn")


@dataclass
class InputPlan:
    args: tuple[Any, ...]  #: example tensors to export with
    kwargs: dict[str, Any]
    dynamic_shapes: Any  #: for torch.export (None = static)
    trt_args: list[Any]  #: what torch_tensorrt.dynamo.compile gets as arg_inputs
    trt_kwargs: dict[str, Any]
    specs: list[dict[str, Any]] = field(default_factory=list)  #: JSON-able description, for artifacts
    device: Any = None  #: the device the model and inputs share


def is_exported_program(obj: Any) -> bool:
    """A ``torch.export.ExportedProgram`` (duck-typed, so torch is not imported to ask)."""
    return hasattr(obj, "graph_signature") and hasattr(obj, "module")


def eager_module(obj: Any) -> Any:
    """The module to plan inputs against: the program's module for an ExportedProgram, else ``obj``."""
    return obj.module() if is_exported_program(obj) else obj


def truncates_double(kwargs: dict[str, Any]) -> bool:
    """Whether the compile kwargs ask to run float64 as float32 (either spelling)."""
    return bool(kwargs.get("truncate_double") or kwargs.get("truncate_long_and_double"))


def _is_input_spec(obj: Any) -> bool:
    return hasattr(obj, "shape_mode") and hasattr(obj, "shape")


def _spec_dtype(spec: Any) -> Any:
    import torch

    dtype = getattr(spec, "dtype", None)
    if dtype is None or isinstance(dtype, torch.dtype):
        return dtype or torch.float32
    try:
        return dtype.to(torch.dtype)  # torch_tensorrt.dtype
    except (AttributeError, TypeError):  # dtype.unknown: torch_tensorrt's own default is float32
        return torch.float32


def _dtype_name(dtype: Any) -> str:
    return str(dtype).replace("torch.", "")


def _check_dtype(dtype: Any, where: str, truncate_double: bool) -> None:
    name = _dtype_name(dtype)
    if name in SUPPORTED_DTYPES or (name == "float64" and truncate_double):
        return
    if name == "float64":
        raise UsageError(
            f"{where} is float64, which TensorRT does not support.",
            "cast it with .float(), or pass truncate_double=True to run float64 as float32",
        )
    raise UsageError(
        f"{where} has dtype {name}, which TensorRT engines cannot take.",
        f"cast it to one of {', '.join(SUPPORTED_DTYPES)}",
    )


def _spec_shapes(spec: Any, where: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    shape = spec.shape
    if isinstance(shape, dict):
        lo, opt, hi = (tuple(shape[k]) for k in ("min_shape", "opt_shape", "max_shape"))
    else:
        lo = opt = hi = tuple(shape)
    if not (len(lo) == len(opt) == len(hi)):
        raise UsageError(
            f"{where}: min/opt/max shapes have different ranks ({lo}, {opt}, {hi}).",
            "give min_shape, opt_shape and max_shape with the same number of dimensions",
        )
    bad = [i for i, (a, b, c) in enumerate(zip(lo, opt, hi, strict=False)) if not a <= b <= c]
    if bad:
        raise UsageError(
            f"{where}: dimension {bad[0]} needs min <= opt <= max, got {lo[bad[0]]}, {opt[bad[0]]}, {hi[bad[0]]}.",
            "fix the Input(min_shape=..., opt_shape=..., max_shape=...) ranges",
        )
    return lo, opt, hi


def _from_spec(
    spec: Any, index: int, device: Any, truncate_double: bool
) -> tuple[Any, dict[int, Any] | None, dict[str, Any]]:
    import torch

    where = f"arg_inputs[{index}] (torch_tensorrt.Input)"
    lo, opt, hi = _spec_shapes(spec, where)
    dtype = _spec_dtype(spec)
    _check_dtype(dtype, where, truncate_double)
    given = getattr(spec, "torch_tensor", None)
    if isinstance(given, torch.Tensor):
        if given.dtype != dtype:
            raise UsageError(
                f"{where} says dtype {_dtype_name(dtype)} but its example tensor is {_dtype_name(given.dtype)}.",
                "make the Input dtype and the example tensor agree",
            )
        if len(given.shape) != len(lo) or any(not a <= s <= c for a, s, c in zip(lo, given.shape, hi, strict=False)):
            raise UsageError(
                f"{where}: example tensor shape {tuple(given.shape)} is outside the Input range {lo}..{hi}.",
                "pass an example inside the range, or widen min_shape/max_shape",
            )
        example = given.to(device)
    elif dtype.is_floating_point:
        example = torch.randn(opt, dtype=dtype, device=device)
    else:
        example = torch.zeros(opt, dtype=dtype, device=device)
    dims = {
        j: torch.export.Dim(f"input{index}_dim{j}", min=a, max=c)
        for j, (a, c) in enumerate(zip(lo, hi, strict=False))
        if a != c
    }
    desc = {"min_shape": list(lo), "opt_shape": list(opt), "max_shape": list(hi), "dtype": _dtype_name(dtype)}
    return example, (dims or None), desc


def module_device(module: Any) -> Any:
    """The one device a module's parameters and buffers live on (cpu for a module without any)."""
    import torch

    devices = (
        {t.device for t in list(module.parameters()) + list(module.buffers())}
        if hasattr(module, "parameters")
        else set()
    )
    if len(devices) > 1:
        names = ", ".join(sorted(str(d) for d in devices))
        raise UsageError(
            f"The model has parameters or buffers on several devices ({names}).",
            "move the whole model to one device with model.to(device) before compiling",
        )
    return next(iter(devices), torch.device("cpu"))


def plan_inputs(
    module: Any,
    inputs: Any = None,
    arg_inputs: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    *,
    dynamic_shapes: Any = None,
    truncate_double: bool = False,
) -> InputPlan:
    import torch

    if inputs is not None and arg_inputs is not None:
        raise UsageError("Both inputs and arg_inputs were given.", "pass only arg_inputs (inputs is its old name)")
    items = arg_inputs if arg_inputs is not None else inputs
    if items is None:
        raise UsageError(
            "No example inputs were given.", "pass arg_inputs=[tensor, ...] or [torch_tensorrt.Input(...)]"
        )
    if isinstance(items, torch.Tensor) or _is_input_spec(items):
        items = [items]
    device = module_device(module)
    args: list[Any] = []
    dyn: list[Any] = []
    specs: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        if _is_input_spec(item):
            example, dims, desc = _from_spec(item, i, device, truncate_double)
            if dims and dynamic_shapes is not None:
                raise UsageError(
                    f"arg_inputs[{i}] is a dynamic torch_tensorrt.Input and dynamic_shapes= was also given.",
                    "describe dynamic dimensions one way: Input(min_shape, opt_shape, max_shape) or dynamic_shapes",
                )
            args.append(example)
            dyn.append(dims)
            specs.append(desc)
        elif isinstance(item, torch.Tensor):
            _check_dtype(item.dtype, f"arg_inputs[{i}]", truncate_double)
            _same_device(item.device, device, f"arg_inputs[{i}]")
            args.append(_dense(item))
            dyn.append(None)
            specs.append({"shape": list(item.shape), "dtype": _dtype_name(item.dtype)})
        else:
            args.append(item)  # python scalars and containers: torch.export decides
            dyn.append(None)
            specs.append({"python": type(item).__name__})
    kwargs = dict(kwarg_inputs or {})
    for name, value in kwargs.items():
        if isinstance(value, torch.Tensor):
            _same_device(value.device, device, f"kwarg_inputs[{name!r}]")
    if dynamic_shapes is None and any(d is not None for d in dyn):
        dynamic_shapes = tuple(dyn)
    trt_args = [item if _is_input_spec(item) else arg for item, arg in zip(items, args, strict=False)]
    return InputPlan(tuple(args), kwargs, dynamic_shapes, trt_args, kwargs, specs, device)


def _dense(tensor: Any) -> Any:
    """An example tensor in a memory layout TensorRT takes: a transposed or strided view (``x.t()``, ``x[:, ::2]``)
    failed in lowering minutes into a build ("no supported memory format"); its values are the same contiguous."""
    import torch

    if tensor.is_contiguous() or (tensor.dim() == 4 and tensor.is_contiguous(memory_format=torch.channels_last)):
        return tensor
    return tensor.contiguous()


def _same_device(found: Any, model: Any, where: str) -> None:
    if found.type != model.type or (found.index or 0) != (model.index or 0):
        raise UsageError(
            f"{where} is on {found} but the model is on {model}.",
            f"move them together: model.to('{found}') or tensor.to('{model}')",
        )


def example_inputs_of(program: Any) -> tuple[Any, ...]:
    """Example inputs for an ExportedProgram read from disk: the ones it stored, else tensors of its placeholders'
    shapes and dtypes (a dynamic dimension as 1)."""
    import torch

    stored = getattr(program, "example_inputs", None)
    if stored and stored[0]:
        return tuple(stored[0])
    user = set(program.graph_signature.user_inputs)
    examples = []
    for node in program.graph.nodes:
        if node.op == "placeholder" and node.name in user:
            val = node.meta["val"]
            shape = [int(s) if isinstance(s, int) else 1 for s in val.shape]
            examples.append(
                torch.randn(shape, dtype=val.dtype)
                if val.dtype.is_floating_point
                else torch.zeros(shape, dtype=val.dtype)
            )
    return tuple(examples)
