"""``torchvision::roi_align`` as aten ops TensorRT converts: one ``grid_sampler_2d`` plus elementwise ops.

torchvision averages ``gh x gw`` bilinear samples per output bin. Its bilinear read clamps coordinates to the
feature map and reads 0 for samples farther than one pixel outside it; that is
``grid_sample(padding_mode="border", align_corners=False)`` times a validity mask.

``sampling_ratio > 0`` fixes ``gh = gw = sampling_ratio``: the decomposition is exact and static.
``sampling_ratio <= 0`` is adaptive: ``gh = ceil(roi_height / pooled_height)`` differs per ROI, and TensorRT needs
static shapes. We sample a static ``S = ceil(H / pooled_height)`` points per bin (``H`` = feature-map height; the
same for width) and mask off the ones past each ROI's own ``gh``. That is exact for every ROI no taller than
``S * pooled_height`` feature-map pixels, which covers every ROI that lies inside the feature map; a larger ROI is
averaged over ``S`` points per bin instead of ``gh``.
"""

from __future__ import annotations

import math

import torch

from ._checks import check_same_device


def roi_align(
    input: torch.Tensor,
    rois: torch.Tensor,
    spatial_scale: float,
    pooled_height: int,
    pooled_width: int,
    sampling_ratio: int,
    aligned: bool,
) -> torch.Tensor:
    """Decomposition with the op's signature; ``rois`` is ``[K, 5]`` = (batch index, x1, y1, x2, y2)."""
    check_same_device("torchvision.ops.roi_align", {"input": input, "rois": rois})
    n, c, h, w = input.shape
    k = rois.shape[0]
    shift = 0.5 if aligned else 0.0
    x1 = rois[:, 1] * spatial_scale - shift
    y1 = rois[:, 2] * spatial_scale - shift
    roi_w = rois[:, 3] * spatial_scale - shift - x1
    roi_h = rois[:, 4] * spatial_scale - shift - y1
    if not aligned:
        roi_w = roi_w.clamp_min(1.0)
        roi_h = roi_h.clamp_min(1.0)

    y, y_ok, count_y = _axis(y1, roi_h, pooled_height, sampling_ratio, h)
    x, x_ok, count_x = _axis(x1, roi_w, pooled_width, sampling_ratio, w)

    # [K, PH*S, PW*S, 2] grid in grid_sample's [-1, 1] units (align_corners=False: g = (2p + 1) / size - 1).
    grid_y = (y * (2.0 / h) + (1.0 / h - 1.0))[:, :, None, None].expand(k, y.shape[1], x.shape[1], 1)
    grid_x = (x * (2.0 / w) + (1.0 / w - 1.0))[:, None, :, None].expand(k, y.shape[1], x.shape[1], 1)
    grid = torch.cat((grid_x, grid_y), dim=-1)

    if n == 1:
        images = input.expand(k, c, h, w)  # every ROI reads image 0: no data-dependent gather needed
    else:
        images = input.index_select(0, rois[:, 0].to(torch.int32))
    # interpolation 0 = bilinear, padding 1 = border: torchvision clamps to the edge within one pixel outside.
    sampled = torch.ops.aten.grid_sampler_2d.default(images, grid, 0, 1, False)
    weights = y_ok[:, :, None] * x_ok[:, None, :]  # samples more than one pixel outside read 0
    sampled = sampled * weights[:, None, :, :]

    sy, sx = y.shape[1] // pooled_height, x.shape[1] // pooled_width
    pooled = sampled.reshape(k, c, pooled_height, sy, pooled_width, sx).sum(dim=(3, 5))
    if isinstance(count_y, int) and isinstance(count_x, int):
        return pooled / float(count_y * count_x)
    count = torch.as_tensor(count_y * count_x).clamp_min(1.0)
    return pooled / count.reshape(k, 1, 1, 1)


def _axis(
    start: torch.Tensor, length: torch.Tensor, bins: int, sampling_ratio: int, size: int
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | int]:
    """Sample coordinates ``[K, bins*S]`` along one axis, their 0/1 weights, and the per-ROI sample count."""
    bin_size = length / bins
    bin_index = torch.arange(bins, device=start.device, dtype=start.dtype)
    if sampling_ratio > 0:
        samples = sampling_ratio
        count: torch.Tensor | int = sampling_ratio
        step = bin_size / sampling_ratio
        live = None
    else:
        samples = max(1, math.ceil(size / bins))
        # ceil without aten.ceil (TensorRT has no converter for it): ceil(v) = -floor(-v).
        grid_n = (-torch.floor(-bin_size)).clamp(0.0, float(samples))
        count = grid_n
        step = bin_size / grid_n.clamp_min(1.0)
        live = torch.arange(samples, device=start.device, dtype=start.dtype)[None, :] < grid_n[:, None]
    sample_index = torch.arange(samples, device=start.device, dtype=start.dtype) + 0.5
    coords = (
        start[:, None, None]
        + bin_index[None, :, None] * bin_size[:, None, None]
        + sample_index[None, None, :] * step[:, None, None]
    )  # [K, bins, S]
    ok = (coords >= -1.0) & (coords <= float(size))
    if live is not None:
        ok = ok & live[:, None, :]
    k = start.shape[0]
    return coords.reshape(k, bins * samples), ok.to(start.dtype).reshape(k, bins * samples), count
