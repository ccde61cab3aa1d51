"""Input profiles: what shapes an artifact was built for, and the guard that keeps every other shape out.

The manifest's ``metadata.inputs`` lists each input of the model as the build recorded it (`inputs.record_profiles`):
``name``, ``key`` (where it is in a call: a position or keyword, then container indices), ``dtype``, and ``shape``
or ``min_shape``/``opt_shape``/``max_shape``. Each engine's own profile (``engines.<name>.inputs``) is read from the
symbolic shapes torch_tensorrt stored in the engine record and the program's ranges (`engine_profiles`).

`check_call` compares a call's tensors with the model's profile and refuses one outside it with one line naming
the input, the axis, the size and the range; `guard` runs that check before every call of a module (a forward
pre-hook, so the module keeps its type). `runnable_module` and `attach` install it: no input outside the profile
reaches an engine, where TensorRT would fail with a message naming neither. Pure data: no torch import.
"""

from __future__ import annotations

from typing import Any

from ..._errors import UsageError
from ...runtime.hooks import PROFILE_ATTR
from . import sym_expr
from .ep_reader import ValidatedProgram


def is_dynamic(spec: Any) -> bool:
    return isinstance(spec, dict) and "min_shape" in spec and spec.get("min_shape") != spec.get("max_shape")


def input_ranges(specs: list[dict[str, Any]]) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """Size symbol -> (min, max) and -> opt, from the inputs' dynamic axes (``symbols``: axis -> symbol name)."""
    ranges: dict[str, tuple[int, int]] = {}
    opts: dict[str, int] = {}
    for spec in specs:
        if not is_dynamic(spec) or not isinstance(spec.get("symbols"), dict):
            continue
        for axis, name in spec["symbols"].items():
            i = int(axis)
            ranges[name] = (spec["min_shape"][i], spec["max_shape"][i])
            opts[name] = spec["opt_shape"][i]
    return ranges, opts


def widen_program(program: ValidatedProgram, specs: list[dict[str, Any]]) -> bool:
    """Give the program's size symbols the ranges the engines were built for (torch_tensorrt writes the range its
    lowering saw, e.g. min 2 where the engine takes 1 and torch.export allowed 1); True when something changed."""
    ranges, _ = input_ranges(specs)
    constraints = program.graph.get("range_constraints")
    if not ranges or not isinstance(constraints, dict):
        return False
    changed = False
    for name, (lo, hi) in ranges.items():
        if name in constraints and (constraints[name].get("min_val"), constraints[name].get("max_val")) != (lo, hi):
            constraints[name] = {"min_val": lo, "max_val": hi}
            changed = True
    return changed


def engine_profiles(program: ValidatedProgram, specs: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Engine name -> its inputs (``name`` and ``shape``, or ``min_shape``/``opt_shape``/``max_shape``), read from
    the engine record's symbolic shapes over the model inputs' ranges; an engine without them lists none."""
    ranges, opts = input_ranges(specs)
    for name, (least, most) in program.symbol_ranges.items():
        ranges.setdefault(name, (least, most if most is not None else least))
    out: dict[str, list[dict[str, Any]]] = {}
    for record in program.records.values():
        listed = []
        for name, dims in record.shapes.get("inputs", []):
            lo: list[int] = []
            opt: list[int] = []
            hi: list[int] = []
            for d in dims:
                if isinstance(d, int):
                    span: tuple[int, int] | None = (d, d)
                    at: int | None = d
                else:
                    span = sym_expr.bounds(d, ranges)
                    at = sym_expr.value_at(d, {k: opts.get(k, v[0]) for k, v in ranges.items()})
                lo.append(span[0] if span else -1)
                hi.append(span[1] if span else -1)
                opt.append(at if at is not None else -1)
            entry: dict[str, Any] = {"name": name}
            if lo == hi:
                entry["shape"] = lo
            else:
                entry.update(min_shape=lo, opt_shape=opt, max_shape=hi)
            listed.append(entry)
        out[record.name] = listed
    return out


# ---- the run-time guard ----------------------------------------------------------------------------------------
def _leaf(args: tuple[Any, ...], kwargs: dict[str, Any], key: list[Any]) -> tuple[bool, Any]:
    """The value at ``key`` in a call (found, value)."""
    if not key:
        return False, None
    head, rest = key[0], key[1:]
    if isinstance(head, int) and not isinstance(head, bool):
        if head >= len(args):
            return False, None
        value = args[head]
    elif isinstance(head, str) and head in kwargs:
        value = kwargs[head]
    else:
        return False, None
    for step in rest:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return False, None
    return True, value


def check_call(specs: list[dict[str, Any]], args: tuple[Any, ...], kwargs: dict[str, Any], what: str) -> None:
    """Refuse a call whose tensors fall outside the recorded profile: one `UsageError` naming the input, the axis,
    the size and the range (and the fix). Inputs without a recorded shape, and specs of an older artifact without a
    ``key`` (positional by their order), are checked as far as they go."""
    shared: dict[str, tuple[str, int, int]] = {}  #: size symbol -> (input, axis, size) first seen
    for index, spec in enumerate(specs):
        if not isinstance(spec, dict) or "python" in spec:
            continue
        key: list[Any] = spec["key"] if isinstance(spec.get("key"), list) else [index]
        found, value = _leaf(args, kwargs, key)
        shape = getattr(value, "shape", None)
        if not found or shape is None:
            continue
        name = str(spec.get("name") or f"input {index}")
        lo = spec.get("min_shape", spec.get("shape"))
        hi = spec.get("max_shape", spec.get("shape"))
        if not isinstance(lo, list) or not isinstance(hi, list):
            continue
        sizes = [int(s) for s in shape]
        if len(sizes) != len(lo):
            raise UsageError(
                f"{what}: input {name} has {len(sizes)} dimensions {tuple(sizes)}, but the engines were built for "
                f"{len(lo)} ({_range_text(lo, hi)}).",
                "pass the input with the shape it was built for",
            )
        for axis, (size, a, b) in enumerate(zip(sizes, lo, hi, strict=True)):
            if a <= size <= b or (b < 0 and size >= a):
                continue
            built = f"{a}" if a == b else f"{a} to {b}"
            fix = (
                f"pass {name} with axis {axis} of {built}"
                if a == b
                else f"split or pad the call to sizes {a} to {b} (runtime.BucketedCUDAGraphs does), or rebuild "
                f"with a wider range: dynamic={{{name!r}: {{{axis}: ({a}, OPT, {max(size, b)})}}}}"
            )
            if a == b:
                fix += f", or rebuild with that axis dynamic: dynamic={{{name!r}: {{{axis}: (MIN, OPT, MAX)}}}}"
            raise UsageError(
                f"{what}: input {name} axis {axis} is {size}, outside the built range {built} "
                f"(shape {tuple(sizes)}; the engines take {_range_text(lo, hi)}).",
                fix,
            )
        symbols: dict[str, Any] = spec["symbols"] if isinstance(spec.get("symbols"), dict) else {}
        for axis_text, symbol in symbols.items():
            axis = int(axis_text)
            first = shared.setdefault(str(symbol), (name, axis, sizes[axis]))
            if first[2] != sizes[axis]:
                raise UsageError(
                    f"{what}: input {name} axis {axis} is {sizes[axis]}, but the model needs it equal to "
                    f"{first[0]} axis {first[1]}, which is {first[2]}.",
                    "pass inputs whose sizes agree (e.g. input_ids and attention_mask of the same batch and length)",
                )


def _range_text(lo: list[int], hi: list[int]) -> str:
    return "[" + ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in zip(lo, hi, strict=False)) + "]"


def guard(module: Any, specs: list[dict[str, Any]], what: str) -> Any:
    """Check every call of ``module`` against ``specs`` before it runs (a forward pre-hook; returns its handle) and
    leave the profiles on the module (`runtime.hooks.PROFILE_ATTR`) for the runtime helpers (BucketedCUDAGraphs plans
    its buckets inside the batch range)."""
    checked = [s for s in specs if isinstance(s, dict)]

    def before(mod: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        check_call(checked, args, kwargs, what)

    try:
        object.__setattr__(module, PROFILE_ATTR, checked)
    except (AttributeError, TypeError):  # pragma: no cover - a module that takes no attributes
        pass
    return module.register_forward_pre_hook(before, with_kwargs=True)


def part_specs(path: str, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """A partitioned part's tensors (as its saved program is called: positional, flattened) as input specs."""
    found = entry.get("call", {}).get("inputs") if isinstance(entry.get("call"), dict) else None
    specs = []
    for i, item in enumerate(found if isinstance(found, list) else []):
        if isinstance(item, list) and len(item) == 2 and isinstance(item[0], list):
            specs.append({"name": f"{path} tensor {i}", "key": [i], "shape": item[0], "dtype": item[1]})
    return specs
