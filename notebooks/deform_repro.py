"""Helpers for 03_deform_conv2d.ipynb: pytorch/TensorRT#3556 reproduced on a fake cuda:0, without a GPU.

Torch-TensorRT constant-folds the zero mask/bias that torchvision's ``deform_conv2d`` wrapper creates and keeps the
folded constants on the CPU; the op, which stays in PyTorch, then sees ``cuda:0`` next to ``cpu``. These helpers
build that situation with FakeTensors so that it runs anywhere.
"""

from __future__ import annotations

import random

import torch
from torch import nn
from torch._subclasses.fake_tensor import FakeTensorMode
from torchvision.ops import DeformConv2d


class DeformNoBias(nn.Module):
    """Offsets predicted by a conv, a deformable conv with neither mask nor bias."""

    def __init__(self) -> None:
        super().__init__()
        self.offset_conv = nn.Conv2d(3, 18, 3, padding=1)
        self.deform_conv = DeformConv2d(3, 16, 3, padding=1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.deform_conv(x, self.offset_conv(x))


def on_fake_cuda() -> tuple[FakeTensorMode, nn.Module, torch.Tensor]:
    """The model and its input on a fake cuda:0, as in a GPU export; no GPU needed."""
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    with mode, torch.device("cuda"):
        return mode, DeformNoBias().eval(), torch.randn(1, 3, 16, 16)


def fold_constants_to_cpu(gm: torch.fx.GraphModule, mode: FakeTensorMode) -> torch.fx.GraphModule:
    """What Torch-TensorRT's constant folding does to constructor nodes: a CPU value in their place."""
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


def random_cases(count: int, seed: int = 0):
    """Random deform_conv2d arguments: strides, padding, dilation, groups, offset groups, mask or not, and offsets
    large enough to sample outside the image. Yields ``(description, args)``."""
    rng = random.Random(seed)
    made = 0
    case = 0
    while made < count:
        case += 1
        gen = torch.Generator().manual_seed(case)
        n, groups, offset_groups = rng.randint(1, 2), rng.randint(1, 2), rng.randint(1, 2)
        kh, kw = rng.randint(1, 3), rng.randint(1, 3)
        sh, sw, ph, pw = rng.randint(1, 2), rng.randint(1, 2), rng.randint(0, 2), rng.randint(0, 2)
        dh, dw = rng.randint(1, 2), rng.randint(1, 2)
        h, w = rng.randint(3, 9), rng.randint(3, 9)
        ho, wo = (h + 2 * ph - dh * (kh - 1) - 1) // sh + 1, (w + 2 * pw - dw * (kw - 1) - 1) // sw + 1
        if ho < 1 or wo < 1:
            continue
        cin, cout = groups * offset_groups * 2, groups * 2
        use_mask, scale = rng.random() < 0.5, rng.choice([0.0, 0.7, 3.0, 12.0])
        x = torch.randn(n, cin, h, w, generator=gen)
        weight = torch.randn(cout, cin // groups, kh, kw, generator=gen)
        offset = torch.randn(n, 2 * offset_groups * kh * kw, ho, wo, generator=gen) * scale
        mask = torch.rand(n, offset_groups * kh * kw, ho, wo, generator=gen) if use_mask else torch.zeros(n, 1)
        bias = torch.randn(cout, generator=gen)
        description = {
            "input": tuple(x.shape),
            "kernel": (kh, kw),
            "stride": (sh, sw),
            "groups": groups,
            "mask": use_mask,
            "offset scale": scale,
        }
        made += 1
        yield description, (x, weight, offset, mask, bias, sh, sw, ph, pw, dh, dw, groups, offset_groups, use_mask)


def compare(op, decomposition, count: int = 40):
    """Worst relative error of ``decomposition`` against ``op`` over `random_cases`, and the per-case rows."""
    rows = []
    for description, args in random_cases(count):
        ref, ours = op(*args), decomposition(*args)
        err = float((ours - ref).abs().max() / ref.abs().max().clamp_min(1.0))
        rows.append({**description, "relative error": err})
    return max(r["relative error"] for r in rows), rows


def markdown_table(rows: list[dict], digits: int = 2):
    """``rows`` (dicts with the same keys) as a Markdown table that Jupyter renders."""
    from IPython.display import Markdown

    def cell(value: object) -> str:
        return f"{value:.{digits}e}" if isinstance(value, float) and value and abs(value) < 1e-2 else str(value)

    keys = list(rows[0])
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    lines += ["| " + " | ".join(cell(r[k]) for k in keys) + " |" for r in rows]
    return Markdown("\n".join(lines))
