"""Calls that torch_tensorrt's converters claim but cannot convert (torch-tensorrt 2.14 / TensorRT-RTX 1.6): they
stay in PyTorch, each with the reason the compile report prints beside it.

- Adaptive average pooling whose input size is not a multiple of the output size (UPerNet's pyramid pooling of a
  4x4 map to 3x3 and 6x6): the converter builds one slice per window and fails ("Could not get tensor shape", or a
  layer-name collision and then a concat shape mismatch). Divisible sizes are one pooling layer and convert.
- Complex-valued tensors (FFT and STFT: FNet, HDemucs): TensorRT has no complex type, and torch_tensorrt's complex
  lowering, which rewrites complex arithmetic into real pairs, crashes on graphs it does not know ("view_as_complex
  is only supported for half, float and double tensors, but got ... ComplexFloat"). When that lowering cannot take a
  graph, every node that reads or makes a complex tensor stays in PyTorch (shim ``complex_in_pytorch``).

`refusal` reads only a node's metadata (its FakeTensor values); this module imports no torch.
"""

from __future__ import annotations

from typing import Any

#: aten adaptive average pools whose converter is torch_tensorrt's ``adaptive_avg_poolNd`` -> pooled dims
ADAPTIVE_AVG_POOLS = {
    "adaptive_avg_pool2d.default": 2,
    "_adaptive_avg_pool2d.default": 2,
    "adaptive_avg_pool3d.default": 3,
    "_adaptive_avg_pool3d.default": 3,
}

COMPLEX_REASON = (
    "a complex-valued tensor (FFT/STFT): TensorRT has no complex type and torch_tensorrt's complex lowering did not "
    "rewrite it into real arithmetic, so it runs in PyTorch"
)


def _op(target: Any) -> str:
    text = str(target)  # OpOverload: "aten.adaptive_avg_pool2d.default"
    return text.removeprefix("aten.") if text.startswith("aten.") else ""


def _values(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple)):
        return [v for item in value for v in _values(item)]
    return [value]


def _meta(arg: Any) -> Any:
    meta = getattr(arg, "meta", None)
    return meta.get("val") if isinstance(meta, dict) else None


def is_complex(value: Any) -> bool:
    """A tensor (or FakeTensor) of a complex dtype."""
    dtype = getattr(value, "dtype", None)
    return bool(getattr(dtype, "is_complex", False))


def touches_complex(node: Any) -> bool:
    """Whether ``node`` makes a complex tensor or reads one (from its arguments' metadata)."""
    if any(is_complex(v) for v in _values(_meta(node))):
        return True
    args = [*getattr(node, "args", ()), *getattr(node, "kwargs", {}).values()]
    return any(is_complex(_meta(a)) for item in args for a in _values(item))


def _adaptive_pool_refusal(node: Any, dims: int) -> str | None:
    source = _meta(node.args[0]) if node.args else None
    shape = getattr(source, "shape", None)
    if shape is None or len(node.args) < 2:
        return None
    sizes = list(shape)[-dims:]
    out = node.args[1]
    out = [out] * dims if isinstance(out, int) else list(out)
    if len(out) != dims or not all(isinstance(v, int) and v > 0 for v in (*sizes, *out)):
        return None  # symbolic sizes: nothing known
    if all(size % o == 0 for size, o in zip(sizes, out, strict=True)):
        return None
    return (
        f"adaptive average pooling from {'x'.join(map(str, sizes))} to {'x'.join(map(str, out))} (not a multiple): "
        "torch_tensorrt's converter fails on it, so it runs in PyTorch"
    )


def refusal(node: Any) -> str | None:
    """Why ``node`` (an fx node with FakeTensor metadata) must stay in PyTorch although a converter claims it, or
    None."""
    if getattr(node, "op", None) != "call_function":
        return None
    dims = ADAPTIVE_AVG_POOLS.get(_op(node.target))
    if dims is not None:
        return _adaptive_pool_refusal(node, dims)
    if touches_complex(node):
        return COMPLEX_REASON
    return None
