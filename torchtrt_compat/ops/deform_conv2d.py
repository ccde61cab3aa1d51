"""``torchvision::deform_conv2d`` as aten ops TensorRT converts: one ``grid_sampler_2d`` and one ``matmul``.

Deformable convolution samples the input at ``base position + learned offset`` for every kernel tap, then applies
an ordinary convolution to those samples. torchvision's bilinear sampling reads zero outside the image, which is
exactly ``grid_sample(mode="bilinear", padding_mode="zeros", align_corners=False)``; the convolution over the
sampled columns is a batched matmul with the reshaped weight (``groups`` become a batch dimension).

Layouts follow torchvision: ``offset`` is ``[N, 2*offset_groups*kh*kw, Ho, Wo]`` with ``(dy, dx)`` pairs per tap,
``mask`` is ``[N, offset_groups*kh*kw, Ho, Wo]``.
"""

from __future__ import annotations

import torch
from torch.nn.modules.utils import _pair

from .._errors import UsageError
from ._checks import check_same_device

_IntPair = int | tuple[int, int]


def deform_conv2d(
    input: torch.Tensor,
    weight: torch.Tensor,
    offset: torch.Tensor,
    mask: torch.Tensor,
    bias: torch.Tensor,
    stride_h: int,
    stride_w: int,
    pad_h: int,
    pad_w: int,
    dil_h: int,
    dil_w: int,
    n_weight_grps: int,
    n_offset_grps: int,
    use_mask: bool,
) -> torch.Tensor:
    """Decomposition with the op's own signature, for ``ep.run_decompositions({op: deform_conv2d})``.

    When ``use_mask`` is False the mask (a placeholder torchvision creates) is never read, so it drops out of the
    graph and cannot drag a constant of the wrong device along.
    """
    return _deform_conv2d(
        input,
        weight,
        offset,
        mask if use_mask else None,
        bias,
        (stride_h, stride_w),
        (pad_h, pad_w),
        (dil_h, dil_w),
        n_weight_grps,
        n_offset_grps,
    )


def deform_conv2d_function(
    input: torch.Tensor,
    offset: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor | None = None,
    stride: _IntPair = (1, 1),
    padding: _IntPair = (0, 0),
    dilation: _IntPair = (1, 1),
    mask: torch.Tensor | None = None,
) -> torch.Tensor:
    """Drop-in for ``torchvision.ops.deform_conv2d`` that creates no zero mask or zero bias when they are absent."""
    kh, kw = weight.shape[-2:]
    offset_groups = offset.shape[1] // (2 * kh * kw)
    if offset_groups == 0:
        raise UsageError(
            f"deform_conv2d offset has {offset.shape[1]} channels, fewer than 2*kh*kw = {2 * kh * kw}.",
            f"give the offset tensor 2*kh*kw*offset_groups channels (a multiple of {2 * kh * kw})",
        )
    return _deform_conv2d(
        input,
        weight,
        offset,
        mask,
        bias,
        _pair(stride),
        _pair(padding),
        _pair(dilation),
        input.shape[1] // weight.shape[1],
        offset_groups,
    )


def _deform_conv2d(
    input: torch.Tensor,
    weight: torch.Tensor,
    offset: torch.Tensor,
    mask: torch.Tensor | None,
    bias: torch.Tensor | None,
    stride: tuple[int, int],
    padding: tuple[int, int],
    dilation: tuple[int, int],
    groups: int,
    offset_groups: int,
) -> torch.Tensor:
    check_same_device(
        "torchvision.ops.deform_conv2d",
        {"input": input, "offset": offset, "weight": weight, "mask": mask, "bias": bias},
    )
    n, c, h, w = input.shape
    out_c, _, kh, kw = weight.shape
    ho, wo = offset.shape[-2:]
    taps = kh * kw
    device = input.device

    # Where each tap of each output pixel reads, before the offset: [kh, 1, Ho, 1] and [kw, 1, Wo], as integers that
    # type promotion turns into the offset's dtype. Not arange(dtype=input.dtype): torch_tensorrt's FP16 autocast pass
    # (2.14) retypes node metadata but not an explicit dtype argument, so a float32 arange met float16 at the matmul.
    tap_y = torch.arange(kh, device=device) * dilation[0]
    tap_x = torch.arange(kw, device=device) * dilation[1]
    out_y = torch.arange(ho, device=device) * stride[0] - padding[0]
    out_x = torch.arange(wo, device=device) * stride[1] - padding[1]
    base_y = (tap_y[:, None] + out_y[None, :]).reshape(kh, 1, ho, 1)
    base_x = (tap_x[:, None] + out_x[None, :]).reshape(kw, 1, wo)

    pairs = offset.reshape(n, offset_groups, kh, kw, 2, ho, wo)
    y = pairs.select(4, 0) + base_y  # [N, G, kh, kw, Ho, Wo]
    x = pairs.select(4, 1) + base_x
    # Pixel coordinate -> grid_sample's [-1, 1] with align_corners=False: g = (2p + 1) / size - 1.
    grid_y = y * (2.0 / h) + (1.0 / h - 1.0)
    grid_x = x * (2.0 / w) + (1.0 / w - 1.0)
    grid = torch.cat((grid_x.unsqueeze(-1), grid_y.unsqueeze(-1)), dim=-1)
    grid = grid.reshape(n * offset_groups, taps * ho, wo, 2)

    images = input.reshape(n * offset_groups, c // offset_groups, h, w)
    # interpolation 0 = bilinear, padding 0 = zeros: torchvision's deformable sampling reads 0 outside the image.
    sampled = torch.ops.aten.grid_sampler_2d.default(images, grid, 0, 0, False)
    sampled = sampled.reshape(n, offset_groups, c // offset_groups, taps, ho * wo)
    if mask is not None:
        sampled = sampled * mask.reshape(n, offset_groups, 1, taps, ho * wo)

    columns = sampled.reshape(n, groups, (c // groups) * taps, ho * wo)
    kernels = weight.reshape(groups, out_c // groups, (c // groups) * taps)
    out = torch.matmul(kernels, columns).reshape(n, out_c, ho, wo)
    if bias is not None:
        out = out + bias.reshape(1, out_c, 1, 1)
    return out
