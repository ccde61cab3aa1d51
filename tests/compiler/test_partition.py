"""partition="auto": the search over submodules, the spliced module, and real builds of the parts.

The plan and the splice are checked in PyTorch alone: each part's ExportedProgram (real torch.export output, run on
the CPU) stands in the place an engine would take, and the spliced module must give the original's outputs. Engines
cannot run here, so the builds only check what was built and reported.
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat._errors import BuildError, UsageError
from torchtrt_compat.compiler.partition import plan_partition, splice
from torchtrt_compat.compiler.pipeline import check_partition


class _Backbone(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU(), nn.Conv2d(8, 8, 3, 1, 1))

    def forward(self, x: torch.Tensor) -> dict[str, torch.Tensor]:
        feats = self.body(x)
        return {"0": feats, "pool": torch.nn.functional.max_pool2d(feats, 2)}


class _Head(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.score = nn.Conv2d(8, 1, 1)
        self.box = nn.Conv2d(8, 4, 1)

    def forward(self, feats: list[torch.Tensor], scale: float) -> tuple[torch.Tensor, torch.Tensor]:
        scores = torch.cat([self.score(f).flatten() for f in feats])
        boxes = torch.cat([self.box(f).flatten(2).transpose(1, 2).reshape(-1, 4) for f in feats])
        return scores.sigmoid(), boxes * scale


class TinyDetector(nn.Module):
    """Backbone + head, then data-dependent post-processing (a score threshold: nonzero), like torchvision's."""

    def __init__(self) -> None:
        super().__init__()
        self.backbone = _Backbone()
        self.head = _Head()

    def forward(self, image: torch.Tensor) -> dict[str, torch.Tensor]:
        feats = self.backbone(image)
        scores, boxes = self.head(list(feats.values()), scale=4.0)
        keep = torch.nonzero(scores > scores.mean()).flatten()
        if keep.numel() == 0:  # a guard on data: torch.export cannot trace this branch
            return {"boxes": boxes[:0], "scores": scores[:0]}
        return {"boxes": boxes[keep], "scores": scores[keep]}


@pytest.fixture
def detector() -> tuple[nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    return TinyDetector().eval(), torch.randn(1, 3, 32, 32)


def test_partition_values_are_checked() -> None:
    check_partition(None)
    check_partition("auto")
    with pytest.raises(UsageError, match="partition='auto'"):
        check_partition("everything")


def test_plan_finds_backbone_and_head_and_says_why_the_rest_stays(detector) -> None:
    model, x = detector
    plan = plan_partition(model, (x,), {}, whole_module="data-dependent")
    assert [p.path for p in plan.parts] == ["backbone", "head"]
    head = plan.parts[1]
    assert len(head.args) == 2  # the list of two feature maps, flattened; the float scale stays a constant
    assert 4.0 in head.template
    # each part is a real exported program of aten ops
    ops = {str(n.target) for p in plan.parts for n in p.program.graph.nodes if n.op == "call_function"}
    assert any(op.startswith("aten.conv") for op in ops)


def test_spliced_module_runs_like_the_original(detector) -> None:
    model, x = detector
    plan = plan_partition(model, (x,), {}, whole_module="data-dependent")
    # the exported programs run in PyTorch where the engines would be: the splice must not change a number
    spliced = splice(model, {p.path: p.program.module() for p in plan.parts}, plan)
    assert type(spliced.backbone).__name__ == "SplicedPart"
    assert isinstance(model.backbone, _Backbone)  # the original is untouched
    with torch.no_grad():
        want, got = model(x), spliced(x)
    assert want.keys() == got.keys()
    for key in want:
        torch.testing.assert_close(got[key], want[key])
    assert want["scores"].numel() > 0  # the data-dependent branch really ran


def test_spliced_part_refuses_a_call_with_other_constants(detector) -> None:
    model, x = detector
    plan = plan_partition(model, (x,), {}, whole_module="data-dependent")
    spliced = splice(model, {p.path: p.program.module() for p in plan.parts}, plan)
    feats = list(spliced.backbone(x).values())
    with pytest.raises(UsageError, match="head is called with other arguments"):
        spliced.head(feats, scale=2.0)


def test_module_that_exports_is_not_split(small_net) -> None:
    model, x = small_net
    plan = plan_partition(model, (x,), {}, whole_module="-")
    assert plan.parts  # the search itself works on any module; compile only runs it after a failed export


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_whole_module_export_failure_is_a_build_error_naming_partition(detector) -> None:
    model, x = detector
    with pytest.raises(BuildError) as info:
        tc.build_engine(model, [x], compute_capabilities=["8.9"])
    assert info.value.stage == "export"
    assert info.value.__cause__ is not None
    assert "partition='auto'" in str(info.value)


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_auto_partition_builds_the_parts_and_reports_the_rest(detector, tmp_path) -> None:
    model, x = detector
    art = tc.build_engine(model, [x], compute_capabilities=["8.9"], partition="auto")
    report = art.report
    assert report.trt_engines == 2  # backbone and head
    assert report.partition["policy"] == "auto"
    assert report.partition["parts"] == ["backbone", "head"]
    assert report.partition["whole_module"]
    assert "partition" in str(report)
    engines = [m for m in art.module.modules() if hasattr(m, "serialized_engine")]
    assert len(engines) == 2 and all(len(bytes(e.serialized_engine)) > 10_000 for e in engines)
    # the rest is the original PyTorch code, with the parts spliced in where they were
    assert type(art.module).__name__ == "TinyDetector"
    assert type(art.module.backbone).__name__ == "SplicedPart"
    # the whole model does not export, so it is saved as one .ep per part (artifact/test_partitioned.py)
    assert sorted(p.name for p in (art.save(tmp_path / "art") / "parts").iterdir()) == ["backbone.ep", "head.ep"]


@pytest.mark.slow
def test_torchvision_detector_plan_covers_backbone_and_heads() -> None:
    """A real torchvision detector (random weights): nms / top-k stop the whole export; backbone + heads export."""
    from torchtrt_compat.models.zoo_torchvision import detector as make_detector

    torch.manual_seed(0)
    model = make_detector("fasterrcnn_mobilenet_v3_large_320_fpn", min_size=96, max_size=96).eval()
    x = torch.rand(1, 3, 96, 96)
    plan = plan_partition(model, (x,), {}, whole_module="data-dependent")
    paths = [p.path for p in plan.parts]
    assert "model.backbone" in paths
    assert any(p.startswith("model.rpn.") for p in paths)
    assert any(p.startswith("model.roi_heads.") for p in paths)
    stayed = dict(plan.in_pytorch)
    assert "model.rpn" in stayed and "model.roi_heads" in stayed
    spliced = splice(model, {p.path: p.program.module() for p in plan.parts}, plan)
    with torch.no_grad():
        want = model.model.backbone(model.model.transform([x[0]])[0].tensors)
        got = spliced.model.backbone(model.model.transform([x[0]])[0].tensors)
        torch.testing.assert_close(dict(got), dict(want))
        out_want, out_got = model(x), spliced(x)
    for key in out_want:
        torch.testing.assert_close(out_got[key], out_want[key])


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_auto_partition_with_nothing_exportable_says_so() -> None:
    class Loop(nn.Module):
        """Weights only inside a data-dependent loop: no submodule is called once."""

        def __init__(self) -> None:
            super().__init__()
            self.fc = nn.Linear(4, 4)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            for _ in range(int(x.abs().sum().item()) % 3 + 2):
                x = self.fc(x)
            return x

    with pytest.raises(BuildError, match="found no submodule that exports") as info:
        tc.build_engine(Loop().eval(), [torch.randn(1, 4)], compute_capabilities=["8.9"], partition="auto")
    assert info.value.stage == "export" and "called" in str(info.value)


class _Pyramid(nn.Module):
    """UPerNet's pyramid pooling: a 4x4 map pooled to 3x3 (not a multiple) and back."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        return y + nn.functional.interpolate(nn.functional.adaptive_avg_pool2d(y, 3), size=y.shape[-2:])


class _Spectral(nn.Module):
    """FNet's mixing: the real part of an FFT."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.conv(torch.fft.fft2(x).real)


class Stack(nn.Module):
    """Layers in an nn.ModuleList that is never called itself (a transformer's encoder), then post-processing that
    depends on the data (so the whole model does not export)."""

    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, 1, 1)
        self.layers = nn.ModuleList([_Pyramid(), _Spectral()])
        self.head = nn.Linear(8, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        for layer in self.layers:
            x = layer(x)
        scores = self.head(x.mean((2, 3))).flatten()
        keep = torch.nonzero(scores > scores.mean()).flatten()
        if keep.numel() == 0:
            return scores[:0]
        return scores[keep].sigmoid()


def test_plan_descends_into_containers_that_are_never_called() -> None:
    torch.manual_seed(0)
    model, x = Stack().eval(), torch.randn(1, 3, 4, 4)
    plan = plan_partition(model, (x,), {}, whole_module="data-dependent")
    assert [p.path for p in plan.parts] == ["stem", "layers.0", "layers.1", "head"]
    assert not any(path == "layers" for path, _ in plan.in_pytorch)
    assert plan.ops["(root)"] > sum(plan.ops[p.path] for p in plan.parts) > 0  # the glue runs outside the parts


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_auto_partition_counts_what_stays_in_pytorch_and_keeps_known_failures_there() -> None:
    torch.manual_seed(0)
    art = tc.build_engine(Stack().eval(), [torch.randn(1, 3, 4, 4)], compute_capabilities=["8.9"], partition="auto")
    report = art.report
    assert report.partition["parts"] == ["stem", "layers.0", "layers.1", "head"]
    ops = report.partition["ops"]
    assert ops["left_in_pytorch"] > 0 and ops["in_tensorrt"] < ops["in_parts"] <= ops["model"]
    assert report.trt_op_fraction == pytest.approx(ops["in_tensorrt"] / ops["model"])
    assert report.trt_op_fraction < 1 and "of the model's ops" in str(report)
    reasons = " ".join(report.pytorch_op_reasons.values())
    assert "not a multiple" in reasons and "complex-valued tensor" in reasons
    assert report.rewrite_check["status"] == "passed"
    assert set(report.rewrite_check["parts"]) == set(report.partition["parts"])
