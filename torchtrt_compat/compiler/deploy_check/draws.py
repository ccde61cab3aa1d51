"""The inputs of a check: given, read from a file of real inputs, or drawn inside the shapes an artifact recorded.

`recorded_input_ranges` is the one reader of what an artifact records about its inputs (an example's shape today, a
min/opt/max profile for a dynamic build); `draw_inputs` draws inside those ranges; `read_inputs_file` reads real
inputs without unpickling anything (``.pt`` with ``weights_only=True``, ``.npz`` with ``allow_pickle=False``);
`iter_draws` turns whatever the caller gave into numbered draws.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..._bounded import GiB, read_bytes
from ..._errors import UsageError

#: A recorded shape that asks for more elements than this per input is not drawn (a hostile manifest must not
#: allocate terabytes); pass real inputs instead.
MAX_DRAW_ELEMENTS = 1 << 28
MAX_INPUTS_FILE_BYTES = 8 * GiB
_DTYPES = ("float32", "float16", "bfloat16", "float64", "int64", "int32", "int16", "int8", "uint8", "bool")


@dataclass(frozen=True)
class InputRange:
    """One positional input as an artifact recorded it: shapes ``min <= opt <= max`` (equal for a static input)
    and dtype, or a Python value (``python`` names its type), which cannot be drawn."""

    min_shape: tuple[int, ...] = ()
    opt_shape: tuple[int, ...] = ()
    max_shape: tuple[int, ...] = ()
    dtype: str = "float32"
    python: str | None = None

    @property
    def dynamic(self) -> bool:
        return self.min_shape != self.max_shape


def recorded_input_ranges(metadata: Mapping[str, Any]) -> list[InputRange]:
    """The one reader of an artifact's recorded inputs (``metadata["inputs"]``): an example's ``shape``, a range's
    ``min_shape``/``opt_shape``/``max_shape``, or a ``profile`` of ``min``/``opt``/``max`` (the input profiles the
    dynamic-shape work records); what the manifest holds is text from outside, so every value is checked."""
    specs = metadata.get("inputs") or []
    if not isinstance(specs, list):
        raise _bad_spec("is not a list")
    out = []
    for i, spec in enumerate(specs):
        if not isinstance(spec, Mapping):
            raise _bad_spec(f"input {i} is not an object")
        if "python" in spec:
            out.append(InputRange(python=str(spec["python"])[:40]))
            continue
        nested = spec.get("profile")
        profile: Mapping[str, Any] = nested if isinstance(nested, Mapping) else spec
        lo = profile.get("min_shape", profile.get("min"))
        opt = profile.get("opt_shape", profile.get("opt"))
        hi = profile.get("max_shape", profile.get("max"))
        if lo is None and hi is None:
            lo = opt = hi = spec.get("shape")
        shapes = [_shape(s, i) for s in (lo, opt if opt is not None else lo, hi)]
        dtype = str(spec.get("dtype", "float32")).removeprefix("torch.")
        if dtype not in _DTYPES:
            raise _bad_spec(f"input {i} has dtype {dtype[:30]!r}")
        a, o, b = shapes
        if not (len(a) == len(o) == len(b) and all(x <= y <= z for x, y, z in zip(a, o, b, strict=True))):
            raise _bad_spec(f"input {i} has the range {list(a)}..{list(b)} with opt {list(o)}")
        if math.prod(b) > MAX_DRAW_ELEMENTS:
            raise UsageError(
                f"The artifact records input {i} with up to {math.prod(b):,} elements, too many to draw.",
                "pass real inputs (inputs=..., or --inputs FILE)",
            )
        out.append(InputRange(a, o, b, dtype))
    return out


def _shape(value: Any, i: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 16 or not all(type(d) is int and d >= 0 for d in value):
        raise _bad_spec(f"input {i} has the shape {str(value)[:40]}")
    return tuple(value)


def _bad_spec(what: str) -> UsageError:
    return UsageError(
        f"The artifact's recorded inputs cannot be read: {what}.",
        "pass the inputs yourself (inputs=..., or --inputs FILE), or rebuild the artifact",
    )


def draw_inputs(
    ranges: Sequence[InputRange], index: int, *, like: Sequence[Any] | None = None, seed: int = 0
) -> tuple[Any, ...]:
    """Draw ``index`` of random inputs inside ``ranges`` (on the CPU, reproducible from ``seed`` and ``index``).

    Shapes: draw 0 takes each range's opt shape, draw 1 its min and draw 2 its max, later draws a random size
    inside; dimensions with the same (min, opt, max) get the same size in one draw (a shared batch dimension).
    Values follow ``like`` (example inputs) where given: floating tensors from a normal distribution with the
    example's mean and spread, integers from its [min, max], bools with its share of True; without an example,
    standard normal, 0..1 and fair coins. Inputs with structure (boxes, indices, masks) need real inputs instead.
    """
    import torch

    gen = torch.Generator().manual_seed(seed * 1_000_003 + index)
    sizes: dict[tuple[int, int, int], int] = {}

    def size(lo: int, opt: int, hi: int) -> int:
        key = (lo, opt, hi)
        if key not in sizes:
            pick = (opt, lo, hi)[index] if index < 3 else int(torch.randint(lo, hi + 1, (1,), generator=gen))
            sizes[key] = pick
        return sizes[key]

    out: list[Any] = []
    for i, r in enumerate(ranges):
        example = like[i] if like is not None and i < len(like) else None
        if r.python is not None:
            if example is None:
                raise UsageError(
                    f"Input {i} is a Python {r.python}, which cannot be drawn.", "pass the inputs yourself"
                )
            out.append(example)
            continue
        shape = tuple(size(a, o, b) for a, o, b in zip(r.min_shape, r.opt_shape, r.max_shape, strict=True))
        dtype = getattr(torch, r.dtype)
        ref = example if isinstance(example, torch.Tensor) and example.numel() > 0 else None
        out.append(_values(shape, dtype, ref, gen))
    return tuple(out)


def _values(shape: tuple[int, ...], dtype: Any, ref: Any, gen: Any) -> Any:
    import torch

    if dtype == torch.bool:
        p = float(ref.float().mean()) if ref is not None else 0.5
        return torch.rand(shape, generator=gen) < p
    if dtype.is_floating_point:
        values = torch.randn(shape, generator=gen, dtype=torch.float32)
        if ref is not None:
            sample = ref.detach().float().cpu()
            spread = float(sample.std()) if sample.numel() > 1 else 0.0
            values = values * (spread if math.isfinite(spread) else 1.0) + float(sample.mean())
        return values.to(dtype)
    lo, hi = (int(ref.min()), int(ref.max())) if ref is not None else (0, 1)
    return torch.randint(lo, hi + 1, shape, generator=gen, dtype=torch.int64).to(dtype)


def read_inputs_file(path: str | os.PathLike[str]) -> list[tuple[Any, ...]]:
    """Real inputs from a file, as a list of draws (each a tuple of positional inputs), never unpickling code.

    ``.pt`` / ``.pth`` (``torch.save``, read with ``weights_only=True``): a tensor, a tuple or list of tensors (one
    draw), or a list of tuples or lists (several draws). ``.npz`` (``numpy.savez``, read without pickle): arrays
    ``arg0``, ``arg1``, ... (one draw), or ``draw0_arg0``, ``draw0_arg1``, ``draw1_arg0``, ... (several draws).
    """
    import torch

    p = Path(path)
    fix = "save them with torch.save((x, y), 'inputs.pt') or numpy.savez('inputs.npz', arg0=x, arg1=y)"
    data = read_bytes(p, limit=MAX_INPUTS_FILE_BYTES, what="inputs file", fix=fix)
    if p.suffix in (".pt", ".pth"):
        try:
            loaded = torch.load(io.BytesIO(data), weights_only=True, map_location="cpu")
        except Exception as exc:
            raise UsageError(f"{p} cannot be read as tensors ({first_line(exc)}).", fix) from None
        draws = _as_draws(loaded)
    elif p.suffix == ".npz":
        draws = _npz_draws(data, p, fix)
    else:
        raise UsageError(f"{p} is neither a .pt nor a .npz file.", fix)
    if not draws or not all(isinstance(t, torch.Tensor) for d in draws for t in d):
        raise UsageError(f"{p} holds no tensors in a form this check reads.", fix)
    return draws


def _as_draws(loaded: Any) -> list[tuple[Any, ...]]:
    import torch

    if isinstance(loaded, torch.Tensor):
        return [(loaded,)]
    if isinstance(loaded, (tuple, list)) and loaded and all(isinstance(d, (tuple, list)) for d in loaded):
        return [tuple(d) for d in loaded]
    if isinstance(loaded, (tuple, list)):
        return [tuple(loaded)]
    return []


def _npz_draws(data: bytes, path: Path, fix: str) -> list[tuple[Any, ...]]:
    import numpy as np
    import torch

    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
    except Exception as exc:
        raise UsageError(f"{path} cannot be read as a .npz of arrays ({first_line(exc)}).", fix) from None
    draws: dict[int, dict[int, Any]] = {}
    for name, array in arrays.items():
        draw, _, arg = name.rpartition("_") if name.startswith("draw") else ("draw0", "", name)
        if not (arg.startswith("arg") and arg[3:].isdigit() and draw[4:].isdigit()):
            raise UsageError(f"{path} has an array named {name[:40]!r}.", "name them arg0, arg1, ... " + fix[4:])
        draws.setdefault(int(draw[4:]), {})[int(arg[3:])] = torch.from_numpy(np.ascontiguousarray(array))
    out = []
    for number in sorted(draws):
        args = draws[number]
        if sorted(args) != list(range(len(args))):
            raise UsageError(f"{path}: draw {number} does not number its inputs arg0, arg1, ... without gaps.", fix)
        out.append(tuple(args[j] for j in range(len(args))))
    return out


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:160]}" if text else type(exc).__name__


def iter_draws(
    inputs: Any, runs: int, ranges: Sequence[InputRange], seed: int
) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """(draw number, positional inputs): ``inputs`` as given (one draw, a list of draws, or a function of the
    draw number), or drawn inside ``ranges``."""
    import torch

    if callable(inputs):
        for i in range(runs):
            made = inputs(i)
            yield i, tuple(made) if isinstance(made, (tuple, list)) else (made,)
    elif inputs is None:
        if not ranges:
            raise UsageError(
                "There are no inputs to run: none were given and the artifact records none.",
                "pass inputs=(x,) (or --inputs FILE)",
            )
        for i in range(runs):
            yield i, draw_inputs(ranges, i, seed=seed)
    elif isinstance(inputs, torch.Tensor):
        yield 0, (inputs,)
    elif isinstance(inputs, list) and inputs and all(isinstance(d, tuple) for d in inputs):
        yield from enumerate(inputs)
    elif isinstance(inputs, (tuple, list)):
        yield 0, tuple(inputs)
    else:
        raise UsageError(
            f"inputs={type(inputs).__name__} is not a set of inputs.",
            "pass a tensor, a tuple of inputs, a list of such tuples (several draws), or a function draw -> tuple",
        )
