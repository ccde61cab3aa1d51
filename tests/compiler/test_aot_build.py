"""Real TensorRT-RTX engine builds on this CPU-only host: no mocks, the engines are TensorRT's own bytes."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import torch
from torchtrt_compat.models import get_model

import torchtrt_compat as tc
from torchtrt_compat._errors import IncompatibleError, UsageError
from torchtrt_compat.compatibility.target import load_spec
from torchtrt_compat.compiler.artifact.profiles import guard
from torchtrt_compat.env import detect_environment
from torchtrt_compat.runtime.cuda_graphs import BucketedCUDAGraphs
from torchtrt_compat.versions import satisfies

pytestmark = pytest.mark.slow


@pytest.mark.requires_rtx
@pytest.mark.parametrize("name", ["deform_convnet", "roi_head"])
def test_torchvision_op_models_become_one_engine_with_no_fallback(name: str) -> None:
    entry = get_model(name)
    art = tc.build_engine(entry.build(), list(entry.example_inputs()), compute_capabilities=["8.9"])
    assert art.report.trt_engines == 1
    assert art.report.pytorch_ops == []
    assert art.report.trt_op_fraction == 1.0
    (engine,) = art.engines.values()
    assert len(engine) > 100_000
    assert "deform_conv2d_device" in art.report.shims or name != "deform_convnet"


@pytest.mark.requires_rtx
def test_nms_stays_in_pytorch_and_is_reported() -> None:
    entry = get_model("roi_head_nms")
    art = tc.build_engine(entry.build(), list(entry.example_inputs()), compute_capabilities=["8.9"])
    assert "torchvision.nms.default" in art.report.pytorch_ops
    assert art.report.trt_engines >= 1


@pytest.mark.requires_rtx
def test_fp16_request_survives_a_release_that_drops_enabled_precisions(wide_net) -> None:
    """torch_tensorrt 2.13+ ignores enabled_precisions; the translated request must still build FP16 engines."""
    model, x = wide_net
    fp32 = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1)
    fp16 = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1, enabled_precisions={torch.half})
    size32, size16 = (len(next(iter(a.engines.values()))) for a in (fp32, fp16))
    assert size16 < 0.75 * size32, (size32, size16)
    assert "autocast_dtypes" in fp16.report.shims  # BatchNorm's tuple metadata would crash the autocast pass
    assert fp16.report.trt_engines == 1


@pytest.mark.requires_rtx
def test_plain_torch_tensorrt_drops_the_fp16_request(wide_net) -> None:
    """The trap itself: torch_tensorrt 2.14 given enabled_precisions={half} with no translation builds FP32."""
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt, shim_context
    from torchtrt_compat.shims import activate

    model, x = wide_net
    ctx = shim_context(aot=True, compute_capabilities=["8.9"])
    tt = load_torch_tensorrt(ctx)
    if satisfies(tt.__version__, "<2.13"):
        pytest.skip("enabled_precisions still works before 2.13")
    ep = torch.export.export(model, (x,), strict=False)
    with activate("compile", ctx, ["virtual_cuda_device", "aot_keep_serialized_engine", "aot_compute_capability"]):
        plain32 = tt.dynamo.compile(ep, arg_inputs=[x], min_block_size=1)
        plain16 = tt.dynamo.compile(ep, arg_inputs=[x], min_block_size=1, enabled_precisions={torch.half})
    sizes = [
        len(m.serialized_engine)
        for g in (plain32, plain16)
        for _, m in g.named_children()
        if hasattr(m, "serialized_engine")
    ]
    assert abs(sizes[0] - sizes[1]) < 0.05 * sizes[0], sizes


@pytest.mark.requires_rtx
def test_several_targets_and_patches_restored(small_net) -> None:
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter
    from torch_tensorrt.dynamo.runtime import TorchTensorRTModule

    def patched_objects() -> tuple[object, ...]:  # what the build-time shims patch
        return (
            torch.cuda.get_device_capability,
            torch.cuda.mem_get_info,
            torch.cuda.current_device,
            _TRTInterpreter.trt,
            TorchTensorRTModule.setup_engine,
            _TRTInterpreter.TRTInterpreter._populate_trt_builder_config,
        )

    before = patched_objects()
    model, x = small_net
    one = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1)
    two = tc.build_engine(model, [x], compute_capabilities=["8.6", "12.0"], min_block_size=1)
    after = patched_objects()
    assert before == after
    assert two.metadata["targets"] == ["8.6", "12.0"]
    assert len(next(iter(two.engines.values()))) > len(next(iter(one.engines.values())))


@pytest.mark.requires_rtx
@pytest.mark.parametrize("flavour", ["torch_tensorrt.Input", "torchtrt_compat.Input"])
def test_dynamic_batch_from_input_specs(small_net, tmp_path: Path, flavour: str) -> None:
    """Build, save, load (review H1: save refused every dynamic artifact), and torch_tensorrt.load reads the range."""
    import base64

    from torchtrt_compat._patch import patched
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    tt = load_torch_tensorrt()  # the CPU-only import shim first
    from torch_tensorrt.dynamo.runtime import _TRTEngine

    model, _ = small_net
    cls = tt.Input if flavour == "torch_tensorrt.Input" else tc.Input
    spec = cls(min_shape=(1, 3, 32, 32), opt_shape=(4, 3, 32, 32), max_shape=(8, 3, 32, 32), dtype=torch.float32)
    art = tc.build_engine(model, [spec], compute_capabilities=["8.9"], min_block_size=1)
    assert art.report.trt_engines == 1
    assert art.metadata["inputs"][0]["max_shape"] == [8, 3, 32, 32]
    assert "x: float32 [1..8, 3, 32, 32] (opt 4)" in str(art.report)
    folder = art.save(tmp_path / "dyn")
    loaded = tc.EngineArtifact.load(folder)
    assert loaded.engines == art.engines and loaded.inputs == art.metadata["inputs"]
    # the loaded profile is what runnable_module() guards with: BucketedCUDAGraphs over such a module plans inside
    # it (tests/runtime/test_cuda_graphs_profile.py replays it on a GPU)
    stand_in = copy.deepcopy(model)
    guard(stand_in, loaded.inputs, "artifact")
    assert BucketedCUDAGraphs(stand_in, buckets=(1, 2, 4, 16, 32)).buckets == (1, 2, 4, 8)
    with pytest.raises(UsageError, match="input x axis 0 is 9, outside the built range 1 to 8"):
        stand_in(torch.randn(9, 3, 32, 32))

    def keep_bytes(info: list[Any]) -> Any:  # engine set-up is the one step that needs the GPU
        info = list(info)
        info[3] = base64.b64decode(info[3])
        return _TRTEngine.EngineSerializer(info)

    with patched(_TRTEngine, "_reconstruct_trt_engine", keep_bytes):
        program = tt.load(str(folder / "model.ep"))
    # the program torch_tensorrt loads accepts the engine's whole range, batch 1 included (its lowering said 2)
    assert [(int(r.lower), int(r.upper)) for r in program.range_constraints.values()] == [(1, 8)]
    program = tc.export(model, [spec])
    for batch in (1, 5, 8):
        x = torch.randn(batch, 3, 32, 32)
        torch.testing.assert_close(program.module()(x), model(x), rtol=1e-4, atol=1e-4)


@pytest.mark.requires_rtx
def test_artifact_round_trip_and_mismatch_explained(small_net, tmp_path: Path) -> None:
    model, x = small_net
    art = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1)
    path = art.save(tmp_path / "net")
    assert not list(tmp_path.glob(".net.*")), "no staging folder left behind"
    loaded = tc.EngineArtifact.load(path)
    assert loaded.engines == art.engines
    assert loaded.metadata["targets"] == ["8.9"]
    assert loaded.report.trt_engines == 1
    h100 = load_spec(
        {
            "torch_tensorrt": {"package": "torch-tensorrt-rtx", "version": "2.14.0"},
            "tensorrt": {"package": "tensorrt-rtx", "version": "1.5.0.114"},
            "gpus": [{"name": "NVIDIA H100", "compute_capability": "9.0"}],
        }
    )
    reasons = loaded.why_not_runnable(h100)
    assert any("1.5.0.114 is installed" in r for r in reasons)
    assert any("cannot build or run engines for compute capability 9.0" in r and "full TensorRT" in r for r in reasons)
    assert all("this machine" not in r for r in reasons)  # a described target is called the target
    if not detect_environment().gpus:
        with pytest.raises(IncompatibleError, match="no NVIDIA GPU"):
            loaded.runnable_module()


@pytest.mark.requires_rtx
def test_corrupt_and_foreign_artifacts_fail_clearly(small_net, tmp_path: Path) -> None:
    model, x = small_net
    path = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1).save(tmp_path / "a")
    ep = (path / "model.ep").read_bytes()
    cut = tmp_path / "cut"
    cut.mkdir()
    (cut / "manifest.json").write_bytes((path / "manifest.json").read_bytes())
    (cut / "model.ep").write_bytes(ep[: len(ep) // 2])
    (tmp_path / "noise").mkdir()
    (tmp_path / "noise" / "manifest.json").write_bytes(b"\x00garbage" * 100)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "manifest.json").write_text('{"format": "something-else"}')
    with zipfile.ZipFile(tmp_path / "other.ttc", "w") as zf:
        zf.writestr("manifest.json", '{"format": "something-else"}')
    for name, pattern, kwargs in [
        ("cut", "does not match the manifest", {}),
        ("noise", "not valid JSON", {}),
        ("other", "not a torchtrt_compat engine artifact", {}),
        ("other.ttc", "trust=True", {}),
        ("other.ttc", "not a torchtrt_compat engine artifact", {"trust": True}),
        ("missing", "does not exist", {}),
    ]:
        with pytest.raises(UsageError, match=pattern) as info:
            tc.EngineArtifact.load(tmp_path / name, **kwargs)
        assert "Fix:" in str(info.value)


@pytest.mark.requires_rtx
def test_unsupported_target_gpu(small_net) -> None:
    model, x = small_net
    with pytest.raises(IncompatibleError, match="cannot build or run engines for compute capability 9.0") as info:
        tc.build_engine(model, [x], compute_capabilities=["9.0"])
    assert "full TensorRT" in str(info.value)
    if not detect_environment().gpus:
        with pytest.raises(UsageError, match="No compute_capabilities were named"):
            tc.build_engine(model, [x])


@pytest.mark.requires_rtx
def test_exported_program_goes_straight_to_dynamo(small_net) -> None:
    model, x = small_net
    ep = torch.export.export(model, (x,), strict=False)
    art = tc.build_engine(ep, [x], compute_capabilities=["8.9"], min_block_size=1)
    assert art.report.path.endswith("ExportedProgram -> torch_tensorrt.dynamo.compile")
    assert art.report.trt_engines == 1


@pytest.mark.requires_rtx
def test_build_cli(tmp_path: Path) -> None:
    cli = [sys.executable, "-m", "torchtrt_compat", "build"]
    ok = subprocess.run(
        [*cli, "models:deform_convnet", "--cc", "8.9", "--out", str(tmp_path)], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stderr[-2000:]
    folder = tmp_path / "deform_convnet"
    assert sorted(p.name for p in folder.iterdir()) == [
        ".torchtrt_compat",
        "manifest.json",
        "model.ep",
        "report.json",
    ]
    assert tc.EngineArtifact.load(folder).engines.keys() == {"_run_on_acc_0"}
    assert re.search(r"TensorRT engines +: 1", ok.stdout)
    # upstream chatter (device warning, deprecations, modelopt notice) goes to a log file the report names
    assert ok.stderr == "", ok.stderr[-2000:]
    log = tmp_path / "deform_convnet.build.log"
    assert log.is_file() and str(log) in ok.stdout
    bad = subprocess.run(
        [*cli, "models:deform_convnet", "--cc", "9.0", "--out", str(tmp_path)], capture_output=True, text=True
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and "9.0" in bad.stderr
    unknown = subprocess.run(
        [*cli, "models:nope", "--cc", "8.9", "--out", str(tmp_path)], capture_output=True, text=True
    )
    assert unknown.returncode == 2 and "No model 'nope'" in unknown.stderr and "Traceback" not in unknown.stderr


@pytest.mark.requires_rtx
def test_a_transposed_example_input_builds(small_net) -> None:
    """Audit API07: a non-contiguous example (``x.t()``) failed in lowering ("Tensor does not have a supported memory
    format") minutes into the build; the example is made contiguous first, its values unchanged."""

    class Affine(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.relu(x) * 2 + 1

    x = torch.randn(32, 16).t()
    assert not x.is_contiguous()
    artifact = tc.build_engine(Affine().eval(), arg_inputs=[x], compute_capabilities=["8.9"], min_block_size=1)
    assert len(artifact.engines) == 1 and artifact.report.pytorch_ops == []


@pytest.mark.requires_rtx
def test_a_model_in_training_mode_builds_with_a_warning(small_net) -> None:
    """Audit API10: a model left in train mode (BatchNorm, Dropout) built without a word; the engine keeps batch
    statistics. The report says so and names model.eval()."""
    model, x = small_net
    model.train()
    artifact = tc.build_engine(model, [torch.randn(2, 3, 32, 32)], compute_capabilities=["8.9"])
    assert any("training mode" in w and "BatchNorm2d" in w and "model.eval()" in w for w in artifact.report.warnings)
    model.eval()
    again = tc.build_engine(model, [x], compute_capabilities=["8.9"])
    assert not any("training mode" in w for w in again.report.warnings)
