"""Turn ``inputs`` / ``arg_inputs`` / ``kwarg_inputs`` and the dynamic ranges asked for into example tensors,
``torch.export`` dynamic shapes and TensorRT specs, rejecting what cannot work with an error that names the fix.

Ranges are said one of three ways, and all of them become the same thing here:

- ``Input(min_shape=, opt_shape=, max_shape=)`` (ours, `Input`, works on any host) or ``torch_tensorrt.Input``;
- ``dynamic={"x": {0: (1, 8, 32)}}``: input -> axis -> (min, opt, max); the CLI's ``--dynamic x:0=1:8:32`` and a
  plan's ``dynamic`` key are parsed by the same `parse_dynamic`;
- ``torch.export.Dim``: as a value of ``dynamic`` (``{"x": {0: Dim("batch", min=1, max=32)}}``), in ``export``'s
  ``dynamic_shapes=``, or already inside an ``ExportedProgram``.

An input is named as the model's ``forward`` names it: ``x``, ``args[1]`` (the second of ``*args``), ``x[0]`` or
``x['mask']`` (inside a list or dict), or by its position (``0``). `dynamic_shapes` are nested by the bound
signature, as ``torch.export`` wants them for ``*args``, ``**kwargs`` and nested inputs. After export,
`record_profiles` reads each input's shape or range back from the program itself: that is what the report, the
manifest and the run-time guard show and check.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .._errors import UsageError
from ._upstream import load_torch_tensorrt

#: dtypes a TensorRT engine can take as inputs; float64 only with truncate_double=True.
SUPPORTED_DTYPES = ("float32", "float16", "bfloat16", "int32", "int64", "int8", "uint8", "bool", "float8_e4m3fn")
_RANGE_FIX = "write each range as (min, opt, max) with 1 <= min <= opt <= max, e.g. dynamic={'x': {0: (1, 8, 32)}}"
_CLI_FORM = re.compile(r"\s*(?P<input>[^=]+?):(?P<axis>-?[0-9]+)\s*=\s*(?P<range>[0-9: ]+?)\s*")
MAX_DYNAMIC_ENTRIES = 256


# ---- the public Input ------------------------------------------------------------------------------------------
class Input:
    """One model input as a fixed shape or a range of shapes, with the keywords of ``torch_tensorrt.Input``, usable
    on any host (``import torch_tensorrt`` needs a GPU driver; this does not).

    ``Input((1, 3, 224, 224))`` is static; ``Input(min_shape=(1, 3, 224, 224), opt_shape=(8, 3, 224, 224),
    max_shape=(32, 3, 224, 224), dtype=torch.float16)`` builds one engine for every batch from 1 to 32, tuned for 8.
    ``dtype`` is a ``torch.dtype`` or its name (default float32). Pass it in ``arg_inputs`` like a tensor.
    """

    def __init__(
        self,
        shape: Any = None,
        *,
        min_shape: Any = None,
        opt_shape: Any = None,
        max_shape: Any = None,
        dtype: Any = None,
        name: str | None = None,
    ) -> None:
        ranged = (min_shape, opt_shape, max_shape)
        if shape is not None and any(v is not None for v in ranged):
            raise UsageError(
                "Input got both shape and min_shape/opt_shape/max_shape.",
                "pass shape=... for a fixed shape, or min_shape, opt_shape and max_shape for a range",
            )
        if shape is None and any(v is None for v in ranged):
            raise UsageError(
                "Input needs shape=..., or all three of min_shape, opt_shape and max_shape.",
                "e.g. Input(min_shape=(1, 3, 224, 224), opt_shape=(8, 3, 224, 224), max_shape=(32, 3, 224, 224))",
            )
        if shape is not None:
            lo = opt = hi = _shape_tuple(shape, "Input shape")
        else:
            lo, opt, hi = (
                _shape_tuple(v, f"Input {k}")
                for k, v in zip(("min_shape", "opt_shape", "max_shape"), ranged, strict=True)
            )
        _check_shapes(lo, opt, hi, "Input")
        self.min_shape, self.opt_shape, self.max_shape = lo, opt, hi
        self.dtype = dtype
        self.name = name

    @property
    def shape_mode(self) -> str:
        return "static" if self.min_shape == self.max_shape else "dynamic"

    @property
    def shape(self) -> Any:
        """The shape (static), or ``{"min_shape", "opt_shape", "max_shape"}`` as torch_tensorrt.Input has it."""
        if self.shape_mode == "static":
            return self.opt_shape
        return {"min_shape": self.min_shape, "opt_shape": self.opt_shape, "max_shape": self.max_shape}

    def __repr__(self) -> str:
        dtype = f", dtype={_dtype_name(self.dtype)}" if self.dtype is not None else ""
        if self.shape_mode == "static":
            return f"Input(shape={self.opt_shape}{dtype})"
        return f"Input(min_shape={self.min_shape}, opt_shape={self.opt_shape}, max_shape={self.max_shape}{dtype})"


def _shape_tuple(value: Any, where: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise UsageError(f"{where} is {value!r}, not a shape.", "pass a tuple of sizes, e.g. (1, 3, 224, 224)")
    sizes = tuple(value)
    if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in sizes):
        raise UsageError(f"{where} {sizes!r} holds a size that is not a whole number >= 0.", "pass sizes as ints")
    return sizes


def _check_shapes(lo: tuple[int, ...], opt: tuple[int, ...], hi: tuple[int, ...], where: str) -> None:
    if not (len(lo) == len(opt) == len(hi)):
        raise UsageError(
            f"{where}: min/opt/max shapes have different ranks ({lo}, {opt}, {hi}).",
            "give min_shape, opt_shape and max_shape with the same number of dimensions",
        )
    bad = [i for i, (a, b, c) in enumerate(zip(lo, opt, hi, strict=True)) if not a <= b <= c]
    if bad:
        raise UsageError(
            f"{where}: dimension {bad[0]} needs min <= opt <= max, got {lo[bad[0]]}, {opt[bad[0]]}, {hi[bad[0]]}.",
            "fix the Input(min_shape=..., opt_shape=..., max_shape=...) ranges",
        )


# ---- the one range parser --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Range:
    """One dynamic axis: min <= opt <= max (``opt`` None: the example's size)."""

    min: int
    opt: int | None
    max: int
    dim: Any = None  #: the torch.export.Dim the user gave, kept so that dims they share stay shared

    def __str__(self) -> str:
        return f"{self.min}:{self.opt}:{self.max}" if self.opt is not None else f"{self.min}..{self.max}"


def parse_dynamic(spec: Any, where: str = "dynamic") -> dict[str | int, dict[int, Range]]:
    """Every way of writing dynamic ranges -> input (name or position) -> axis -> `Range`.

    Takes ``{"x": {0: (1, 8, 32)}}`` (an axis may be a string of digits, a range ``(min, opt, max)``, ``(min, max)``,
    ``"1:8:32"``, ``{"min": 1, "opt": 8, "max": 32}`` or a ``torch.export.Dim``), the CLI's ``"x:0=1:8:32"`` (or a list
    of them, or several joined by ``,``), or None. Anything else is one `UsageError` line naming the entry.
    """
    if spec is None:
        return {}
    if isinstance(spec, str):
        spec = [part for part in spec.split(",") if part.strip()]
    out: dict[str | int, dict[int, Range]] = {}
    if isinstance(spec, (list, tuple)):
        for item in spec:
            if not isinstance(item, str):
                raise UsageError(f"{where} entry {item!r} is not text like 'x:0=1:8:32'.", _cli_fix())
            found = _CLI_FORM.fullmatch(item)
            if found is None:
                raise UsageError(f"{where} entry {item!r} is not INPUT:AXIS=MIN:OPT:MAX.", _cli_fix())
            name = found.group("input").strip()
            key: str | int = int(name) if name.isdigit() else name
            axes = out.setdefault(key, {})
            axis = int(found.group("axis"))
            if axis in axes:
                raise UsageError(f"{where} gives {name} axis {axis} twice.", "give each input axis one range")
            axes[axis] = _range(found.group("range").replace(" ", ""), f"{where} {item.strip()!r}")
    elif isinstance(spec, dict):
        for name, axes_spec in spec.items():
            if isinstance(name, bool) or not isinstance(name, (str, int)):
                raise UsageError(f"{where} key {name!r} is not an input name or position.", _RANGE_FIX)
            key = int(name) if isinstance(name, str) and name.isdigit() else name
            if not isinstance(axes_spec, dict):
                raise UsageError(
                    f"{where}[{name!r}] is {type(axes_spec).__name__}, not a dict of axis -> range.",
                    f"write {where}={{{name!r}: {{0: (1, 8, 32)}}}}",
                )
            axes = out.setdefault(key, {})
            for axis, value in axes_spec.items():
                number = _axis_number(axis, f"{where}[{name!r}]")
                axes[number] = _range(value, f"{where}[{name!r}][{number}]")
    else:
        raise UsageError(f"{where} is {type(spec).__name__}, not a dict of input -> axis -> range.", _RANGE_FIX)
    if sum(len(a) for a in out.values()) > MAX_DYNAMIC_ENTRIES:
        raise UsageError(f"{where} names more than {MAX_DYNAMIC_ENTRIES} axes.", "give the dynamic axes only")
    return out


def _cli_fix() -> str:
    return "write INPUT:AXIS=MIN:OPT:MAX, e.g. --dynamic x:0=1:8:32 (batch 1 to 32, tuned for 8)"


def _axis_number(axis: Any, where: str) -> int:
    if isinstance(axis, int) and not isinstance(axis, bool):
        return axis
    if isinstance(axis, str) and re.fullmatch(r"-?[0-9]{1,3}", axis.strip()):
        return int(axis)
    raise UsageError(f"{where} has the axis {axis!r}, which is not a dimension number.", _RANGE_FIX)


def _range(value: Any, where: str) -> Range:
    if isinstance(value, Range):  # parsed already (the CLI parses early, build_engine parses again)
        return value
    dim = None
    if isinstance(value, str):
        parts = value.split(":")
        if not all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):
            raise UsageError(f"{where}: {value!r} is not MIN:OPT:MAX.", _RANGE_FIX)
        value = tuple(int(p) for p in parts)
    elif isinstance(value, dict):
        unknown = sorted(set(value) - {"min", "opt", "max"})
        if unknown or not {"min", "max"} <= set(value):
            raise UsageError(f"{where}: {value!r} is not {{'min', 'opt', 'max'}}.", _RANGE_FIX)
        value = (value["min"], value.get("opt"), value["max"])
    elif hasattr(value, "min") and hasattr(value, "max") and hasattr(value, "__name__"):  # torch.export.Dim
        dim = value
        value = (value.min, None, value.max)
    elif type(value).__name__ == "_DimHint":  # Dim.AUTO / Dim.DYNAMIC / Dim.STATIC without bounds
        raise UsageError(
            f"{where} is {value!r}, which has no bounds; a TensorRT engine is built for a range.",
            "give min and max: torch.export.Dim('batch', min=1, max=32), or (1, 8, 32)",
        )
    if not isinstance(value, (tuple, list)) or len(value) not in (2, 3):
        raise UsageError(f"{where} is {value!r}, not (min, opt, max) or (min, max).", _RANGE_FIX)
    lo, opt, hi = (value[0], None, value[1]) if len(value) == 2 else tuple(value)
    for v in (lo, hi) + ((opt,) if opt is not None else ()):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v >= 2**31:
            raise UsageError(f"{where}: {v!r} is not a size (a whole number from 1).", _RANGE_FIX)
    if lo > hi or (opt is not None and not lo <= opt <= hi):
        shown = f"min {lo}, opt {opt}, max {hi}" if opt is not None else f"min {lo}, max {hi}"
        raise UsageError(f"{where} needs min <= opt <= max, got {shown}.", _RANGE_FIX)
    return Range(lo, opt, hi, dim)


# ---- the plan ----------------------------------------------------------------------------------------------------
@dataclass
class Leaf:
    """One example input inside ``(args, kwargs)``: where it is (``key``: a position or keyword, then indices or keys
    into containers), what ``forward`` calls it (``name``), its example value and its dynamic axes."""

    key: tuple[Any, ...]
    name: str
    value: Any
    ranges: dict[int, Range] = field(default_factory=dict)
    spec: Any = None  #: the Input / torch_tensorrt.Input it came from


@dataclass
class InputPlan:
    args: tuple[Any, ...]  #: example tensors to export with
    kwargs: dict[str, Any]
    dynamic_shapes: Any  #: for torch.export (None = static), nested by forward's bound signature
    trt_args: list[Any]  #: what torch_tensorrt.dynamo.compile gets as arg_inputs
    trt_kwargs: dict[str, Any]
    specs: list[dict[str, Any]] = field(default_factory=list)  #: JSON-able description, for reports and artifacts
    device: Any = None  #: the device the model and inputs share
    leaves: list[Leaf] = field(default_factory=list)

    @property
    def dynamic(self) -> bool:
        """Whether any input has a dynamic axis."""
        return self.dynamic_shapes is not None


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
    if isinstance(dtype, str):
        found = getattr(torch, dtype.replace("torch.", ""), None)
        if isinstance(found, torch.dtype):
            return found
        raise UsageError(f"Input dtype {dtype!r} is not a torch dtype.", f"use one of {', '.join(SUPPORTED_DTYPES)}")
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
    _check_shapes(lo, opt, hi, where)
    return lo, opt, hi


def _from_spec(spec: Any, where: str, device: Any, truncate_double: bool) -> tuple[Any, dict[int, Range]]:
    """The example tensor of an Input spec (random, at the opt shape) and its dynamic axes."""
    import torch

    lo, opt, hi = _spec_shapes(spec, where)
    dtype = _spec_dtype(spec)
    _check_dtype(dtype, where, truncate_double)
    given = getattr(spec, "torch_tensor", None)
    ranges = {j: Range(a, b, c) for j, (a, b, c) in enumerate(zip(lo, opt, hi, strict=True)) if a != c}
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
        return given.to(device), ranges
    if dtype.is_floating_point:
        return torch.randn(opt, dtype=dtype, device=device), ranges
    return torch.zeros(opt, dtype=dtype, device=device), ranges


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


def _signature(module: Any) -> inspect.Signature | None:
    forward = getattr(module, "forward", module)
    try:
        return inspect.signature(forward)
    except (TypeError, ValueError):  # a builtin or C extension
        return None


def _positional_names(sig: inspect.Signature | None, n_args: int) -> list[str]:
    """What ``forward`` calls each positional input: its parameter, or ``args[j]`` inside ``*args``."""
    names: list[str] = []
    if sig is not None:
        for param in sig.parameters.values():
            if len(names) >= n_args:
                break
            if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
                names.append(param.name)
            elif param.kind == param.VAR_POSITIONAL:
                names += [f"{param.name}[{j}]" for j in range(n_args - len(names))]
    return names + [f"args[{i}]" for i in range(len(names), n_args)]


def _walk(value: Any, key: tuple[Any, ...], name: str, depth: int = 0) -> Iterator[Leaf]:
    import torch

    if isinstance(value, torch.Tensor) or _is_input_spec(value) or depth > 32:
        yield Leaf(key, name, value)
    elif isinstance(value, (list, tuple)):
        for j, item in enumerate(value):
            yield from _walk(item, (*key, j), f"{name}[{j}]", depth + 1)
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from _walk(item, (*key, k), f"{name}[{k!r}]", depth + 1)
    else:
        yield Leaf(key, name, value)


def _replace(value: Any, key: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the leaf at ``key`` (indices / keys into containers) replaced by ``new``."""
    if not key:
        return new
    head, rest = key[0], key[1:]
    if isinstance(value, dict):
        return {k: (_replace(v, rest, new) if k == head else v) for k, v in value.items()}
    items = [(_replace(v, rest, new) if j == head else v) for j, v in enumerate(value)]
    return type(value)(items) if isinstance(value, list) else tuple(items)


def plan_inputs(
    module: Any,
    inputs: Any = None,
    arg_inputs: Any = None,
    kwarg_inputs: dict[str, Any] | None = None,
    *,
    dynamic: Any = None,
    dynamic_shapes: Any = None,
    truncate_double: bool = False,
) -> InputPlan:
    """The plan of one export and build: examples, dynamic shapes nested by ``module.forward``'s signature, the
    TensorRT input specs. ``dynamic`` is any form `parse_dynamic` reads; ``dynamic_shapes`` is torch.export's own
    form, passed through unchanged (for `export`)."""
    import torch

    if inputs is not None and arg_inputs is not None:
        raise UsageError("Both inputs and arg_inputs were given.", "pass only arg_inputs (inputs is its old name)")
    items = arg_inputs if arg_inputs is not None else inputs
    if items is None:
        raise UsageError(
            "No example inputs were given.", "pass arg_inputs=[tensor, ...] or [torchtrt_compat.Input(...)]"
        )
    if isinstance(items, torch.Tensor) or _is_input_spec(items):
        items = [items]
    items = list(items)
    kwargs = dict(kwarg_inputs or {})
    asked = parse_dynamic(dynamic)
    if asked and dynamic_shapes is not None:
        raise UsageError(
            "Both dynamic= and dynamic_shapes= were given.",
            "describe dynamic dimensions one way: dynamic={'x': {0: (1, 8, 32)}} or torch.export's dynamic_shapes",
        )
    device = module_device(module)
    sig = _signature(module)
    names = _positional_names(sig, len(items))
    leaves = [leaf for i, item in enumerate(items) for leaf in _walk(item, (i,), names[i])]
    leaves += [leaf for k, v in kwargs.items() for leaf in _walk(v, (k,), k)]
    for leaf in leaves:
        where = f"input {leaf.name}"
        if _is_input_spec(leaf.value):
            leaf.spec = leaf.value
            leaf.value, leaf.ranges = _from_spec(leaf.value, f"{where} (Input)", device, truncate_double)
        elif isinstance(leaf.value, torch.Tensor):
            _check_dtype(leaf.value.dtype, where, truncate_double)
            _same_device(leaf.value.device, device, where)
            leaf.value = _dense(leaf.value)
    _apply_dynamic(asked, leaves, module)
    if any(leaf.ranges for leaf in leaves) and dynamic_shapes is not None:
        raise UsageError(
            "A dynamic Input (min_shape < max_shape) and dynamic_shapes= were both given.",
            "describe dynamic dimensions one way: Input(min_shape, opt_shape, max_shape) or dynamic_shapes",
        )
    args: Any = tuple(items)
    for leaf in leaves:  # examples (an Input's, or one resized to opt) in place of what was given
        if isinstance(leaf.key[0], int):
            args = _replace(args, leaf.key, leaf.value)
        else:
            kwargs = _replace(kwargs, leaf.key, leaf.value)
    if any(leaf.ranges for leaf in leaves):
        dynamic_shapes = _nested_dynamic_shapes(sig, args, kwargs, leaves)
    trt_args = []
    for i, item in enumerate(items):  # a spec the user gave goes to torch_tensorrt as torch_tensorrt.Input
        trt_args.append(_trt_input(item) if _is_input_spec(item) else args[i])
    specs = [_static_spec(leaf) for leaf in leaves]
    return InputPlan(args, kwargs, dynamic_shapes, trt_args, kwargs, specs, device, leaves)


def _apply_dynamic(asked: dict[str | int, dict[int, Range]], leaves: list[Leaf], module: Any) -> None:
    """Put the ``dynamic`` ranges on the leaves they name, each checked against the example (an axis that exists, an
    example resized to opt)."""
    if not asked:
        return
    if is_exported_program(module) or type(module).__name__ == "GraphModule" and hasattr(module, "_in_spec"):
        raise UsageError(
            "dynamic= was given with an ExportedProgram, whose dynamic dimensions were fixed when it was exported.",
            "export with torch.export.Dim (dynamic_shapes=...) or pass the module itself with dynamic=...",
        )
    by_name = {leaf.name: leaf for leaf in leaves}
    by_position = {leaf.key[0]: leaf for leaf in leaves if len(leaf.key) == 1 and isinstance(leaf.key[0], int)}
    for key, axes in asked.items():
        leaf = by_position.get(key) if isinstance(key, int) else by_name.get(key)
        if leaf is None:
            known = [leaf.name for leaf in leaves if _has_shape(leaf.value)]
            close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.5)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise UsageError(
                f"dynamic names the input {key!r}, which the model's forward does not take "
                f"(its tensor inputs: {', '.join(known) or 'none'}).",
                f"{hint}name an input as forward() names it, e.g. "
                f"dynamic={{{(known or ['x'])[0]!r}: {{0: (1, 8, 32)}}}}",
            )
        if not _has_shape(leaf.value):
            raise UsageError(f"dynamic names {leaf.name}, which is not a tensor.", "name a tensor input")
        if leaf.spec is not None and leaf.ranges:
            raise UsageError(
                f"{leaf.name} is a dynamic Input and dynamic= names it too.",
                "describe its dynamic dimensions one way: Input(min_shape, opt_shape, max_shape) or dynamic=",
            )
        rank = leaf.value.dim()
        for axis, wanted in axes.items():
            if not -rank <= axis < rank:
                raise UsageError(
                    f"dynamic names axis {axis} of {leaf.name}, which has {rank} dimension(s) "
                    f"(shape {tuple(leaf.value.shape)}; axes 0 to {rank - 1}).",
                    f"name an axis from 0 to {rank - 1}",
                )
            axis %= rank
            leaf.ranges[axis] = _with_opt(wanted, int(leaf.value.shape[axis]))
            leaf.value = _resized(leaf.value, axis, leaf.ranges[axis].opt or 1)


def _has_shape(value: Any) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dim")


def _with_opt(wanted: Range, size: int) -> Range:
    """The range with its opt: the one given, else the example's size inside the range; at least 2 where the range
    allows it (torch.export fixes a dimension whose example is 0 or 1)."""
    opt = wanted.opt if wanted.opt is not None else min(max(size, wanted.min), wanted.max)
    if opt < 2 <= wanted.max:
        opt = 2
    return Range(wanted.min, opt, wanted.max, wanted.dim)


def _resized(tensor: Any, axis: int, size: int) -> Any:
    """``tensor`` with ``size`` entries along ``axis``, its own values repeated (token ids and masks stay valid)."""
    import torch

    have = int(tensor.shape[axis])
    if have == size or have == 0:
        return tensor
    index = torch.arange(size, device=tensor.device) % have
    return tensor.index_select(axis, index).contiguous()


def dim_name(leaf: Leaf, axis: int) -> str:
    base = re.sub(r"[^A-Za-z0-9_]", "_", leaf.name).strip("_") or "input"
    return f"{base}_dim{axis}" if base[0].isalpha() else f"d_{base}_dim{axis}"


def _torch_dims(leaf: Leaf) -> dict[int, Any] | None:
    import torch

    if not leaf.ranges:
        return None
    return {
        axis: r.dim if r.dim is not None else torch.export.Dim(dim_name(leaf, axis), min=r.min, max=r.max)
        for axis, r in sorted(leaf.ranges.items())
    }


def _nested_dynamic_shapes(
    sig: inspect.Signature | None, args: tuple[Any, ...], kwargs: dict[str, Any], leaves: list[Leaf]
) -> Any:
    """``dynamic_shapes`` in the structure torch.export wants: a dict by ``forward``'s bound parameters, a tuple
    for ``*args``, a dict for ``**kwargs``, nested like each input."""
    dims = {leaf.key: _torch_dims(leaf) for leaf in leaves}

    def shape_of(value: Any, key: tuple[Any, ...]) -> Any:
        if key in dims:
            return dims[key]
        if isinstance(value, (list, tuple)):
            return (
                [shape_of(v, (*key, j)) for j, v in enumerate(value)]
                if isinstance(value, list)
                else tuple(shape_of(v, (*key, j)) for j, v in enumerate(value))
            )
        if isinstance(value, dict):
            return {k: shape_of(v, (*key, k)) for k, v in value.items()}
        return None

    try:
        bound = sig.bind(*args, **kwargs) if sig is not None else None
    except TypeError:
        bound = None
    if bound is None:  # no signature to go by: positional inputs in order
        if kwargs:
            return {
                **{f"arg{i}": shape_of(v, (i,)) for i, v in enumerate(args)},
                **{k: shape_of(v, (k,)) for k, v in kwargs.items()},
            }
        return tuple(shape_of(v, (i,)) for i, v in enumerate(args))
    out: dict[str, Any] = {}
    position = 0
    for pname, value in bound.arguments.items():
        param = sig.parameters[pname]  # type: ignore[union-attr]
        if param.kind == param.VAR_POSITIONAL:
            out[pname] = tuple(shape_of(v, (position + j,)) for j, v in enumerate(value))
            position += len(value)
        elif param.kind == param.VAR_KEYWORD:
            out[pname] = {k: shape_of(v, (k,)) for k, v in value.items()}
        elif pname in kwargs:
            out[pname] = shape_of(value, (pname,))
        else:
            out[pname] = shape_of(value, (position,))
            position += 1
    return out


def _trt_input(spec: Any) -> Any:
    """A spec as torch_tensorrt takes it: ours becomes a torch_tensorrt.Input, theirs is passed as it is."""
    if not isinstance(spec, Input):
        return spec
    tt = load_torch_tensorrt()
    dtype = _spec_dtype(spec)
    if spec.shape_mode == "static":
        return tt.Input(shape=spec.opt_shape, dtype=dtype)
    return tt.Input(min_shape=spec.min_shape, opt_shape=spec.opt_shape, max_shape=spec.max_shape, dtype=dtype)


def _static_spec(leaf: Leaf) -> dict[str, Any]:
    """A leaf as the report and manifest describe it before export (`record_profiles` replaces this after)."""
    base = {"name": leaf.name, "key": list(leaf.key)}
    if not _has_shape(leaf.value):
        return {**base, "python": type(leaf.value).__name__}
    shape = [int(s) for s in leaf.value.shape]
    if not leaf.ranges:
        return {**base, "shape": shape, "dtype": _dtype_name(leaf.value.dtype)}
    lo, opt, hi = list(shape), list(shape), list(shape)
    for axis, r in leaf.ranges.items():
        lo[axis], opt[axis], hi[axis] = r.min, r.opt if r.opt is not None else shape[axis], r.max
    return {**base, "min_shape": lo, "opt_shape": opt, "max_shape": hi, "dtype": _dtype_name(leaf.value.dtype)}


# ---- after export: the profile the program really has ----------------------------------------------------------
def record_profiles(program: Any, plan: InputPlan) -> list[dict[str, Any]]:
    """Each user input of the exported ``program`` as the report, manifest and run-time guard describe it: its
    name and key, dtype, and either ``shape`` or ``min_shape``/``opt_shape``/``max_shape``, read from the program's
    own symbolic shapes and range constraints (so a Dim, an Input, ``dynamic=`` and a program exported elsewhere
    read the same). A range the export narrowed below what was asked is a `UsageError` naming both."""
    import torch
    from torch.utils import _pytree as pytree

    spec = getattr(getattr(program, "call_spec", None), "in_spec", None)
    user = list(program.graph_signature.user_inputs)
    nodes = {n.name: n for n in program.graph.nodes if n.op == "placeholder"}
    if spec is None or spec.num_leaves != len(user):
        return plan.specs
    tree = pytree.tree_unflatten(list(range(spec.num_leaves)), spec)
    keys: list[tuple[Any, ...]] = []
    for path, _ in pytree.tree_flatten_with_path(tree)[0]:
        parts = [getattr(p, "idx", getattr(p, "key", None)) for p in path]
        keys.append(tuple(parts[1:]))  # (args | kwargs, position | name, ...)
    by_key = {leaf.key: leaf for leaf in plan.leaves}
    ranges = {str(sym): (vr.lower, vr.upper) for sym, vr in program.range_constraints.items()}
    out = []
    for key, name in zip(keys, user, strict=True):
        leaf = by_key.get(key)
        val = nodes[name].meta.get("val") if name in nodes else None
        label = leaf.name if leaf is not None else name
        entry: dict[str, Any] = {"name": label, "key": list(key)}
        if not isinstance(val, torch.Tensor):
            out.append({**entry, "python": type(val).__name__})
            continue
        entry["dtype"] = _dtype_name(val.dtype)
        example = leaf.value if leaf is not None and _has_shape(leaf.value) else None
        lo: list[int] = []
        opt: list[int] = []
        hi: list[int] = []
        symbols: dict[str, str] = {}
        for axis, size in enumerate(val.shape):
            if not isinstance(size, torch.SymInt):
                lo.append(int(size))
                opt.append(int(size))
                hi.append(int(size))
                continue
            expr = size.node.expr
            low, high = _bounds(expr, ranges)
            asked = leaf.ranges.get(axis) if leaf is not None else None
            if asked is not None:
                if asked.min == 1 and low == 2:  # torch's 0/1 specialisation; torch_tensorrt builds min 1 (utils.py)
                    low = 1
                if low > asked.min or (high is not None and high < asked.max):
                    raise UsageError(
                        f"The model only exports {label} axis {axis} for sizes {low} to {high}, but "
                        f"{asked.min} to {asked.max} were asked for.",
                        f"ask for a range inside {low}..{high}, e.g. dynamic={{{label!r}: {{{axis}: "
                        f"({low}, {max(low, min(asked.opt or low, high or low))}, {high})}}}}",
                    )
                low, high = asked.min, asked.max
            here = int(example.shape[axis]) if example is not None else int(size.node.hint or low)
            lo.append(low)
            opt.append(here)
            hi.append(high if high is not None else -1)
            symbols[str(axis)] = str(expr)
        if lo == hi:
            entry["shape"] = lo
        else:
            entry.update(min_shape=lo, opt_shape=opt, max_shape=hi, symbols=symbols)
        out.append(entry)
    return out


def _bounds(expr: Any, ranges: dict[str, tuple[Any, Any]]) -> tuple[int, int | None]:
    """(least, greatest) of a size expression over the program's ranges (None: no upper bound)."""
    import sympy
    from torch.utils._sympy.value_ranges import ValueRanges, bound_sympy

    found = ranges.get(str(expr)) if isinstance(expr, sympy.Symbol) else None
    if found is None:
        vr = bound_sympy(expr, {s: ValueRanges(*ranges[str(s)]) for s in expr.free_symbols if str(s) in ranges})
        found = (vr.lower, vr.upper)
    lo, hi = found
    try:
        low = int(lo)
    except (TypeError, ValueError, OverflowError):
        low = 1
    try:
        high: int | None = int(hi) if hi.is_finite else None
    except (AttributeError, TypeError, ValueError, OverflowError):
        high = None
    if high is not None and high >= 2**62:
        high = None
    return max(low, 0), high


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
