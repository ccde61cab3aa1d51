"""Export-stage shim for ``torchvision::deform_conv2d``: no stray-device defaults, a clear device error, and a
decomposition TensorRT converts.

Why: torchvision's ``deform_conv2d`` wrapper fills a missing ``mask`` and ``bias`` with constant zero tensors.
Torch-TensorRT constant-folds those constants and keeps folded constants on the CPU (always before 2.7, with
``offload_module_to_cpu=True`` since). The op has no TensorRT converter, so it stays in the graph, and the next
FakeTensor pass sees ``input`` on ``cuda:0`` next to a ``mask`` on ``cpu``: "Unhandled FakeTensor Device Propagation
for torchvision.deform_conv2d.default, found two different devices cuda:0, cpu" (pytorch/TensorRT#3556; torch 2.14
raises it as ``FakeTensorDeviceMismatchError``: "found at least two devices, cuda:0 and cpu").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .._lazy import require
from .._patch import patched
from ._registry import ShimContext, mark_changed, register_shim


@register_shim(
    "deform_conv2d_device",
    stage="export",
    requires={"torchvision": ">=0.16"},
    summary=(
        "torchvision.ops.deform_conv2d and DeformConv2d trace as aten grid_sampler_2d + matmul, without the zero "
        "mask/bias constants that Torch-TensorRT folds onto the CPU; tensors on different devices raise a UsageError "
        "naming them; direct torch.ops.torchvision.deform_conv2d calls get the same decomposition"
    ),
    undo="restores torchvision.ops.deform_conv2d and torchvision.ops.deform_conv.deform_conv2d on exit",
)
def deform_conv2d_device(ctx: ShimContext) -> Iterator[dict[Any, Callable[..., Any]]]:
    torch = require("torch", "for the deform_conv2d shim")
    ops = require("torchvision.ops", "for the deform_conv2d shim")
    from ..ops.deform_conv2d import deform_conv2d, deform_conv2d_function

    # DeformConv2d.forward looks the function up in torchvision.ops.deform_conv, user code in torchvision.ops.
    # A name imported before export (`from torchvision.ops import deform_conv2d`) keeps the original; the op it
    # calls is then replaced by the decomposition below, which ignores the unused zero mask.
    def traced(*args: Any, **kwargs: Any) -> Any:
        mark_changed("deform_conv2d_device")  # the model really calls it: the shim changes this graph
        return deform_conv2d_function(*args, **kwargs)

    traced.__doc__, traced.__name__ = deform_conv2d_function.__doc__, "deform_conv2d"
    with (
        patched(ops.deform_conv, "deform_conv2d", traced),
        patched(ops, "deform_conv2d", traced),
    ):
        yield {torch.ops.torchvision.deform_conv2d.default: deform_conv2d}
