"""FP16 through torch_tensorrt's autocast (``enabled_precisions={torch.half}`` from 2.13): the shim ``autocast_dtypes``
against upstream's ``rule_based_autocast``, on one small model with each failure class the review found (integer
inputs, a Python scalar, an op that makes float32 in a low-precision node, batch norm's tuple, a tensor written in
place through a view), and the explicit route a build takes when autocast fails.
"""

from __future__ import annotations

import copy

import pytest
import torch
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat.compiler._upstream import load_torch_tensorrt, shim_context
from torchtrt_compat.shims import activate, list_shims

pytestmark = [pytest.mark.requires_rtx]


class Mixed(nn.Module):
    """``scalar``: multiply by a buffer's ``.item()`` (a SymFloat in the graph; TensorRT-RTX's strongly typed network
    then makes that product float32, so the engine builds are done without it)."""

    def __init__(self, scalar: bool = True) -> None:
        super().__init__()
        self.scalar = scalar
        self.embed = nn.Embedding(10, 8)
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.head = nn.Linear(8, 4)
        self.register_buffer("scale", torch.tensor(0.5))

    def forward(self, x: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        pos = x.new_zeros(1, 8, 1, 1)
        pos[:, ::2] = torch.arange(4, dtype=torch.float32).view(1, 4, 1, 1)  # written in place through a view
        y = self.bn(self.conv(x)) * (self.scale.item() if self.scalar else 0.5) + pos  # a SymFloat in the graph
        return self.head(y.mean((2, 3)) + self.embed(ids).sum(1))  # integer ids


def _model(scalar: bool = True) -> tuple[nn.Module, list[torch.Tensor]]:
    torch.manual_seed(0)
    model = Mixed(scalar).eval()
    model.bn.running_mean.uniform_(-0.5, 0.5)
    return model, [torch.randn(1, 3, 8, 8), torch.randint(0, 10, (1, 4))]


def _autocast(program: torch.export.ExportedProgram, rule: str) -> torch.export.ExportedProgram:
    """``program`` after upstream's pass or the shim's (what pre_export_lowering runs), in PyTorch."""
    load_torch_tensorrt()
    from torch_tensorrt.dynamo._settings import CompilationSettings
    from torch_tensorrt.dynamo.lowering.passes.rule_based_autocast import rule_based_autocast

    from torchtrt_compat.shims.autocast import typed_autocast

    with activate("compile", shim_context(aot=True, compute_capabilities=["8.9"]), ["virtual_cuda_device"]):
        settings = CompilationSettings(enable_autocast=True, autocast_low_precision_type=torch.float16)
    settings.autocast_intermediate_node_outputs = {}
    (typed_autocast if rule == "shim" else rule_based_autocast)(program.graph_module, settings)
    return program


def test_the_shim_keeps_integers_scalars_and_in_place_writes() -> None:
    model, args = _model()
    with pytest.raises(AttributeError, match="'SymFloat' object has no attribute 'to'"):
        _autocast(torch.export.export(model, tuple(args), strict=False), "upstream")
    program = _autocast(torch.export.export(model, tuple(args), strict=False), "shim")
    embedding = next(n for n in program.graph.nodes if n.target is torch.ops.aten.embedding.default)
    assert embedding.args[1].meta["val"].dtype == torch.int64  # the indices are not cast to float16
    convs = [n for n in program.graph.nodes if n.target is torch.ops.aten.conv2d.default]
    assert convs and all(a.meta["val"].dtype == torch.float16 for a in convs[0].args[:3])  # input, weight, bias
    with torch.no_grad():
        got = program.module()(*args).float()
        want = model(*args)
        half = copy.deepcopy(model).half()(args[0].half(), args[1]).float()
    error = float((got - want).abs().max() / want.abs().max())
    assert error <= 3 * float((half - want).abs().max() / want.abs().max()) + 1e-3  # FP16 noise, nothing more


def test_autocast_builds_what_upstreams_pass_breaks() -> None:
    model, args = _model(scalar=False)
    art = tc.build_engine(model, args, compute_capabilities=["8.9"], enabled_precisions={torch.half})
    report = art.report
    assert report.trt_engines >= 1
    assert "autocast_dtypes" in report.shims_changed
    assert report.settings.get("enable_autocast") == "True"
    assert report.rewrite_check["status"] == "passed" and report.rewrite_check["tolerance"] == 0.05
    assert not any("explicit route" in note for note in report.notes)


def test_a_failed_autocast_is_built_the_explicit_way_and_says_so() -> None:
    """Without the shim, upstream's pass casts the embedding's indices to float16 and the lowering fails; the build
    is retried as a half copy of the model (min_block_size keeps this test from building an engine: lowering and the
    rewrite check still run)."""
    model, args = _model(scalar=False)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    others = [s.name for s in list_shims() if s.name != "autocast_dtypes"]
    art = tc.build_engine(
        model, args, compute_capabilities=["8.9"], enabled_precisions={torch.half}, shims=others,
        min_block_size=10_000,
    )  # fmt: skip
    report = art.report
    note = next(n for n in report.notes if "explicit route" in n)
    assert "'indices'" in note and "float16" in note and "integer inputs kept" in note
    assert "enable_autocast" not in report.settings  # what was really passed
    assert report.rewrite_check["status"] == "passed" and report.rewrite_check["tolerance"] == 0.05
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())  # the caller's model stays FP32
    assert next(model.parameters()).dtype == torch.float32


class Positions(nn.Module):
    """timm's ConViT fills its relative positions in place, through views, on the first call."""

    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(3, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rel = x.new_zeros(1, 4, 4, 3)
        grid = torch.arange(4, dtype=torch.float32)
        rel[:, :, :, 2] = (grid.view(1, -1) - grid.view(-1, 1)) ** 2
        rel[:, :, :, 1] = grid.view(-1, 1).expand(4, 4)
        return x + self.proj(rel).mean((1, 2))


def test_an_fp16_graph_that_lost_a_write_fails_the_check() -> None:
    """A graph that lost the in-place writes (what a cast before the view does) is far from the model where the
    model itself in FP16 is not: the check fails it, naming the reduced-precision lowering. (The stand-in for the
    broken graph is the program of the same model without its writes, run in FP16 in PyTorch.)"""
    from torchtrt_compat._errors import BuildError
    from torchtrt_compat.compiler import rewrite_check as rc

    class Lost(Positions):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x + self.proj(x.new_zeros(1, 4, 4, 3)).mean((1, 2))

    torch.manual_seed(0)
    model, x = Positions().eval(), torch.randn(1, 8)
    lost = Lost().eval()
    lost.load_state_dict(model.state_dict())
    graph = torch.export.export(copy.deepcopy(lost).half(), (x.half(),), strict=False).module()
    check = rc.RewriteCheck(rc.reference(model, (x,), {}), True, lambda: [], [])
    with pytest.raises(BuildError, match="where the model itself run in FP16") as info:
        check.run(lambda t: graph(t.half()), None)
    assert "reduced-precision lowering" in info.value.problem
    kept = torch.export.export(copy.deepcopy(model).half(), (x.half(),), strict=False).module()
    assert check.run(lambda t: kept(t.half()), None).status == "passed"  # the graph that kept its writes
