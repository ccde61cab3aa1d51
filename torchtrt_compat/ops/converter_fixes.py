"""Aten-to-aten rewrites around torch_tensorrt converter gaps and bugs (torch-tensorrt 2.14 / TensorRT-RTX 1.6).

Each function has its op's signature and goes into ``ExportedProgram.run_decompositions({op: fn})``; it returns
``NotImplemented`` (keep the op as it is) when the call is already one TensorRT converts.

- ``max_pool2d(ceil_mode=True)``: the converter rejects ceil_mode (``max_pool_param_validator``), so the op and,
  with the default min_block_size, the conv/bn/relu beside it stayed in PyTorch (GoogLeNet, SqueezeNet, ...). Ceil
  mode is floor mode over an input padded with -inf on the bottom/right by exactly the extra window.
- ``slice_scatter`` with ``end=INT64_MAX`` (what ``a[:, :, 1:, 1:] += b`` becomes): the converter builds its index
  with the unclamped end and crashes in a numpy broadcast of a ``(1, 1, 1, 0)`` index. Start and end are clamped to
  the dimension, as PyTorch itself does.
"""

from __future__ import annotations

from typing import Any


def _pair(value: Any, default: Any = None) -> tuple[Any, Any]:
    if value is None or (isinstance(value, (list, tuple)) and len(value) == 0):
        value = default
    if isinstance(value, (list, tuple)):
        return (value[0], value[0]) if len(value) == 1 else (value[0], value[1])
    return value, value


def _ceil_extra(size: int, kernel: int, stride: int, pad: int, dilation: int) -> int:
    """How many -inf columns turn floor-mode pooling into ceil mode (PyTorch's output-size rule, incl. the rule that
    the last window must start inside the input or its left padding)."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1
    out = -(-span // stride) + 1
    if (out - 1) * stride >= size + pad:
        out -= 1
    return max((out - 1) * stride + dilation * (kernel - 1) + 1 - (size + 2 * pad), 0)


def max_pool2d(
    input: Any,
    kernel_size: Any,
    stride: Any = (),
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
) -> Any:
    """``aten.max_pool2d`` with ``ceil_mode=True`` as -inf padding + floor mode; other calls unchanged."""
    import torch

    if not ceil_mode:
        return NotImplemented
    kh, kw = _pair(kernel_size)
    sh, sw = _pair(stride, (kh, kw))
    ph, pw = _pair(padding)
    dh, dw = _pair(dilation)
    h, w = input.shape[-2], input.shape[-1]
    if not all(isinstance(v, int) for v in (h, w, kh, kw, sh, sw, ph, pw, dh, dw)):
        return NotImplemented  # symbolic sizes: leave the op as it is
    extra_h = _ceil_extra(h, kh, sh, ph, dh)
    extra_w = _ceil_extra(w, kw, sw, pw, dw)
    padded = input
    if extra_h or extra_w:
        padded = torch.ops.aten.constant_pad_nd.default(input, [0, extra_w, 0, extra_h], float("-inf"))
    return torch.ops.aten.max_pool2d.default(padded, [kh, kw], [sh, sw], [ph, pw], [dh, dw], False)


def slice_scatter(input: Any, src: Any, dim: int = 0, start: Any = None, end: Any = None, step: int = 1) -> Any:
    """``aten.slice_scatter`` with start/end clamped to the dimension (``end=INT64_MAX`` becomes its size)."""
    import torch

    size = input.shape[dim]
    if not isinstance(size, int) or not all(isinstance(v, (int, type(None))) for v in (start, end)):
        return NotImplemented
    lo = 0 if start is None else (start + size if start < 0 else start)
    hi = size if end is None else (end + size if end < 0 else end)
    lo, hi = min(max(lo, 0), size), min(max(hi, lo, 0), size)
    if (lo, hi) == (start, end):
        return NotImplemented
    return torch.ops.aten.slice_scatter.default(input, src, dim, lo, hi, step)


def addmm(input: Any, mat1: Any, mat2: Any, *, beta: Any = 1, alpha: Any = 1) -> Any:
    """``aten.addmm(bias, x, w)`` with a 1-D bias as ``aten.linear(x, w.t(), bias)``; other calls unchanged.

    GPT-2's ``Conv1D`` is ``addmm(bias, x.view(-1, k), w).view(...)``; followed by a split and attention,
    TensorRT-RTX 1.6's builder fails on what torch_tensorrt makes of it (matmul + a separately broadcast bias):
    "build_serialized_network returned None", MyelinCheckException ``logical_mem_size == data_->size()``. The same
    product as a linear layer builds.
    """
    import torch

    if beta != 1 or alpha != 1 or input.dim() != 1 or mat1.dim() != 2 or mat2.dim() != 2:
        return NotImplemented
    return torch.ops.aten.linear.default(mat1, torch.ops.aten.t.default(mat2), input)


def avg_pool2d(
    input: Any,
    kernel_size: Any,
    stride: Any = (),
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: Any = None,
) -> Any:
    """``aten.avg_pool2d`` with ``ceil_mode=True`` (rejected by the converter, e.g. timm's ResNet-D shortcut) as two
    floor-mode pools over zero-padded tensors: the window sums of the input divided by the window counts of a mask
    that is 1 where PyTorch counts an element (the input, plus the explicit padding when ``count_include_pad``)."""
    import torch

    if not ceil_mode or divisor_override is not None:
        return NotImplemented
    kh, kw = _pair(kernel_size)
    sh, sw = _pair(stride, (kh, kw))
    ph, pw = _pair(padding)
    h, w = input.shape[-2], input.shape[-1]
    if not all(isinstance(v, int) for v in (h, w, kh, kw, sh, sw, ph, pw)):
        return NotImplemented
    extra_h, extra_w = _ceil_extra(h, kh, sh, ph, 1), _ceil_extra(w, kw, sw, pw, 1)
    if not (extra_h or extra_w):  # no window hangs over the edge: floor mode gives the same windows
        return torch.ops.aten.avg_pool2d.default(input, [kh, kw], [sh, sw], [ph, pw], False, count_include_pad)
    pad = [pw, pw + extra_w, ph, ph + extra_h]
    sums = torch.ops.aten.avg_pool2d.default(
        torch.ops.aten.constant_pad_nd.default(input, pad, 0.0), [kh, kw], [sh, sw], [0, 0], False, True
    )
    ones = torch.ops.aten.ones.default([1, 1, h, w], dtype=input.dtype, device=input.device)
    if count_include_pad:
        mask = torch.ops.aten.constant_pad_nd.default(ones, [pw, pw, ph, ph], 1.0)
        mask = torch.ops.aten.constant_pad_nd.default(mask, [0, extra_w, 0, extra_h], 0.0)
    else:
        mask = torch.ops.aten.constant_pad_nd.default(ones, pad, 0.0)
    counts = torch.ops.aten.avg_pool2d.default(mask, [kh, kw], [sh, sw], [0, 0], False, True)
    return sums / counts


def _attention_layer_takes(q: Any, k: Any, v: Any, attn_mask: Any, is_causal: bool, enable_gqa: bool) -> bool:
    """Whether TensorRT-RTX's attention layer (``add_attention_v2``) takes this call as torch_tensorrt converts it:
    query, key and value of rank 3 or 4 (the layer's limit; torch_tensorrt's validator accepts any equal rank), rank 4
    when a mask is given (TensorRT-RTX's padded form), key and value of one shape, query and key equal but for the
    sequence dim (and the head dim under GQA)."""
    rank = q.dim()
    if rank not in (3, 4) or k.dim() != rank or v.dim() != rank or tuple(k.shape) != tuple(v.shape):
        return False
    if attn_mask is not None and rank != 4:  # "Query tensor must be 4D for padded (BHND) form" (SAM's encoder)
        return False
    if is_causal and attn_mask is not None:
        return False
    skip = {rank - 2, 1} if enable_gqa else {rank - 2}
    return all(q.shape[i] == k.shape[i] for i in range(rank) if i not in skip)


def scaled_dot_product_attention(
    query: Any,
    key: Any,
    value: Any,
    attn_mask: Any = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    *,
    scale: Any = None,
    enable_gqa: bool = False,
) -> Any:
    """``aten.scaled_dot_product_attention`` that the attention layer cannot take (5-D q/k/v in timm's NesT and
    Hiera: "attention layer is None") as matmul + softmax, torch_tensorrt's own ``decompose_attention=True`` path;
    calls the layer takes stay one attention op."""
    if _attention_layer_takes(query, key, value, attn_mask, is_causal, enable_gqa):
        return NotImplemented
    import torch
    from torch_tensorrt.dynamo.lowering._decompositions import TORCH_TRT_DECOMPOSITIONS

    decompose = TORCH_TRT_DECOMPOSITIONS.get(torch.ops.aten.scaled_dot_product_attention.default)
    if decompose is None:
        return NotImplemented
    return decompose(query, key, value, attn_mask, dropout_p, is_causal, scale=scale, enable_gqa=enable_gqa)


def empty_permuted(size: Any, physical_layout: Any, **kwargs: Any) -> Any:
    """``aten.empty_permuted`` on the device the program asked for. torch_tensorrt's own decomposition puts it on
    its default device (``cuda:0``) whatever the graph says, so a program exported on the CPU (an ahead-of-time
    build) mixes devices: "Mismatching aten.index_put.default device between self (cuda:0) and values (cpu)"
    (transformers' Mixtral expert routing)."""
    import torch

    inverse = [0] * len(size)
    for index, dim in enumerate(physical_layout):
        inverse[dim] = index
    if kwargs.get("device") is None:
        return NotImplemented  # no device in the graph: torch_tensorrt's choice stands
    return torch.empty([size[d] for d in physical_layout], **kwargs).permute(inverse)


def sort(input: Any, dim: int = -1, descending: bool = False) -> Any:
    """``aten.sort`` of a 1-D tensor as a sort of its ``[1, n]`` view. torch_tensorrt's converter (a TopK layer)
    gives a 1-D input indices without a shape ("Could not get tensor shape" at the next op; transformers' Mixtral
    sorts its flattened expert choices); other calls unchanged."""
    import torch

    if input.dim() != 1:
        return NotImplemented
    values, indices = torch.ops.aten.sort.default(input.unsqueeze(0), 1, descending)
    return values.squeeze(0), indices.squeeze(0)


def unsafe_index_put(input: Any, indices: Any, values: Any, accumulate: bool = False) -> Any:
    """``aten._unsafe_index_put`` (what ``F.fold`` / col2im decomposes to: timm's VOLO outlook attention) as
    ``aten.index_put``: the same result for indices in range, and torch_tensorrt converts index_put but has no
    converter for the unsafe variant, so the op stayed in PyTorch."""
    import torch

    return torch.ops.aten.index_put.default(input, indices, values, accumulate)


def col2im(input: Any, output_size: Any, kernel_size: Any, dilation: Any, padding: Any, stride: Any) -> Any:
    """``aten.col2im`` (``F.fold``: timm's VOLO outlook attention) as a grouped ``conv_transpose2d`` with one-hot
    kernels: each column's value lands where fold puts it, overlaps summed, exactly. Torch's own decomposition
    (``_unsafe_index_put`` with accumulate=True) needs torch_tensorrt's ScatterAdd plugin, which an ahead-of-time
    build does not have, so the fold stayed in PyTorch.

    The transposed convolution places the blocks unpadded: ``(L - 1) * stride + dilation * (kernel - 1) + 1`` rows,
    row ``i`` being fold's padded row ``i``. Fold's output is rows ``pad`` to ``pad + out`` of that: a slice, then
    zero rows where the output reaches past every block (fold leaves them zero). Cropping after the convolution,
    rather than through its ``padding``/``output_padding``, keeps the rows the padding would drop at the end and
    holds where the padding is wider than the blocks' span (a stride past it)."""
    import torch

    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = (_pair(v) for v in (kernel_size, dilation, padding, stride))
    oh, ow = _pair(output_size)
    if not all(isinstance(v, int) for v in (kh, kw, dh, dw, ph, pw, sh, sw, oh, ow, *input.shape)):
        return NotImplemented  # symbolic sizes: torch's own decomposition
    batched = input.dim() == 3
    cols = input if batched else input.unsqueeze(0)
    n, ckk, length = cols.shape
    channels = ckk // (kh * kw)
    span_h, span_w = oh + 2 * ph - dh * (kh - 1) - 1, ow + 2 * pw - dw * (kw - 1) - 1
    if span_h < 0 or span_w < 0:
        return NotImplemented
    lh, lw = span_h // sh + 1, span_w // sw + 1
    if channels * kh * kw != ckk or lh * lw != length:
        return NotImplemented
    eye = torch.eye(kh * kw, dtype=input.dtype, device=input.device).reshape(kh * kw, 1, kh, kw)
    weight = eye.repeat(channels, 1, 1, 1)  # [C*kh*kw, 1, kh, kw]: one-hot per kernel offset, C groups
    placed = torch.nn.functional.conv_transpose2d(
        cols.reshape(n, ckk, lh, lw), weight, stride=(sh, sw), groups=channels, dilation=(dh, dw)
    )
    out = placed[:, :, ph : ph + oh, pw : pw + ow]
    extra_h, extra_w = oh - out.shape[2], ow - out.shape[3]
    if extra_h or extra_w:  # rows/columns beyond every block: fold leaves them zero
        out = torch.nn.functional.pad(out, (0, extra_w, 0, extra_h))
    return out if batched else out.squeeze(0)


def empty_strided(size: Any, stride: Any, **kwargs: Any) -> Any:
    """``aten.empty_strided`` on the device (and with the dtype) the program asked for; torch_tensorrt's own
    decomposition uses its default device and float32 whatever the graph says (see `empty_permuted`)."""
    import torch

    if kwargs.get("device") is None:
        return NotImplemented
    needed = 1 + sum((n - 1) * st for n, st in zip(size, stride, strict=True) if n > 0) if all(size) else 0
    kwargs.pop("layout", None)
    kwargs.pop("pin_memory", None)
    return torch.empty(needed, **kwargs).as_strided(size, stride)
