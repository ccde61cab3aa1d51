"""pytorch/TensorRT#3556 on a fake cuda:0 (no GPU needed), shared by the shim and troubleshooting tests.

Export, fold the zero constants torchvision's deform_conv2d wrapper creates onto the CPU (as Torch-TensorRT's
constant folding does), then propagate FakeTensors again: the torchvision op sees cuda:0 next to cpu.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import torch
import torchvision
from torch import nn
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.passes.fake_tensor_prop import FakeTensorProp

from torchtrt_compat.shims import ShimContext, activate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "notebooks"))
from deform_repro import DeformNoBias, fold_constants_to_cpu  # noqa: E402

__all__ = ["CTX", "ModuleNoBias", "export", "fake_cuda", "fold_constants_to_cpu", "propagate", "targets"]

CTX = ShimContext(versions={"torch": torch.__version__, "torchvision": torchvision.__version__})


# The model and the constant folding are the ones notebook 03 shows (notebooks/deform_repro.py): one copy of each.
ModuleNoBias = DeformNoBias


def fake_cuda(model_cls: type[nn.Module]) -> tuple[FakeTensorMode, nn.Module, torch.Tensor]:
    """The model and input on a fake cuda:0, as in a GPU export (no GPU needed)."""
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    with mode, torch.device("cuda"):
        return mode, model_cls().eval(), torch.randn(1, 3, 16, 16)


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
