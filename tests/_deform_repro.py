"""pytorch/TensorRT#3556 on a fake cuda:0 (no GPU needed), shared by the shim and troubleshooting tests.

Export, fold the zero constants torchvision's deform_conv2d wrapper creates onto the CPU (as Torch-TensorRT's
constant folding does), then propagate FakeTensors again: the torchvision op sees cuda:0 next to cpu.
"""

from __future__ import annotations

import collections

import torch
import torchvision
from torch import nn
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.passes.fake_tensor_prop import FakeTensorProp
from torchvision.ops import DeformConv2d

from torchtrt_compat.shims import ShimContext, activate

CTX = ShimContext(versions={"torch": torch.__version__, "torchvision": torchvision.__version__})


class ModuleNoBias(nn.Module):
    """The module form with neither mask nor bias: torchvision fills both with zero constants."""

    def __init__(self) -> None:
        super().__init__()
        self.offset_conv = nn.Conv2d(3, 18, 3, padding=1)
        self.deform_conv = DeformConv2d(3, 16, 3, padding=1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.deform_conv(x, self.offset_conv(x))


def fake_cuda(model_cls: type[nn.Module]) -> tuple[FakeTensorMode, nn.Module, torch.Tensor]:
    """The model and input on a fake cuda:0, as in a GPU export (no GPU needed)."""
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    with mode, torch.device("cuda"):
        return mode, model_cls().eval(), torch.randn(1, 3, 16, 16)


def fold_constants_to_cpu(gm: torch.fx.GraphModule, mode: FakeTensorMode) -> torch.fx.GraphModule:
    """What Torch-TensorRT's constant_fold does to constructor nodes (always before 2.7, with
    offload_module_to_cpu=True since): replace them by a get_attr of the value computed on the CPU."""
    for node in list(gm.graph.nodes):
        if node.op == "call_function" and not node.all_input_nodes and node.target is torch.ops.aten.zeros.default:
            with mode:
                value = node.target(*node.args, **{**node.kwargs, "device": torch.device("cpu")})
            name = f"_frozen_param{len(dict(gm.named_buffers()))}"
            gm.register_buffer(name, value)
            with gm.graph.inserting_before(node):
                folded = gm.graph.get_attr(name)
            node.replace_all_uses_with(folded)
            gm.graph.erase_node(node)
    gm.recompile()
    return gm


def targets(gm: torch.fx.GraphModule) -> collections.Counter[str]:
    return collections.Counter(str(n.target) for n in gm.graph.nodes if n.op == "call_function")


def export(model: nn.Module, args: tuple[torch.Tensor, ...], shim: bool) -> torch.export.ExportedProgram:
    if not shim:
        return torch.export.export(model, args, strict=False)
    with activate("export", CTX, ["deform_conv2d_device"]) as applied:
        ep = torch.export.export(model, args, strict=False)
    return ep.run_decompositions(applied.decompositions)


def propagate(model_cls: type[nn.Module], shim: bool) -> torch.Tensor:
    """The whole repro: raises the device-propagation error without the shim, returns the fake output with it."""
    mode, model, x = fake_cuda(model_cls)
    gm = fold_constants_to_cpu(export(model, (x,), shim=shim).module(), mode)
    return FakeTensorProp(gm, mode).propagate(x)
