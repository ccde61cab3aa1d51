"""Export-stage shim for ``torchvision::roi_align``: a decomposition TensorRT converts, so a detection head with
``roi_align`` becomes one engine instead of engine / PyTorch / engine.

``sampling_ratio <= 0`` (adaptive) is decomposed with a static per-bin sample count derived from the feature-map
size; see `torchtrt_compat.ops.roi_align` for when that is exact. ``nms`` is not decomposable (its output size
depends on the data) and stays in PyTorch: `torchtrt_compat.ops.unsupported_in_trt` names it for the report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .._lazy import require
from ._registry import ShimContext, register_shim


@register_shim(
    "roi_align_decomposition",
    stage="export",
    requires={"torchvision": ">=0.16"},
    summary=(
        "torchvision::roi_align is decomposed into aten grid_sampler_2d + elementwise ops that TensorRT converts "
        "(exact for sampling_ratio > 0; adaptive sampling uses a static bound from the feature-map size)"
    ),
    undo="nothing global is changed: the decomposition only applies to the exported program being built",
)
def roi_align_decomposition(ctx: ShimContext) -> Iterator[dict[Any, Callable[..., Any]]]:
    torch = require("torch", "for the roi_align shim")
    require("torchvision", "for the roi_align shim")
    from ..ops.roi_align import roi_align

    yield {torch.ops.torchvision.roi_align.default: roi_align}
