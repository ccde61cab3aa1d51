"""Builds that used to fail on a CPU host, and the one exception type for a build that fails.

- PyTorch-fallback parts holding weights stay on the CPU in an ahead-of-time build (no "Found no NVIDIA driver");
- FP16 with the deform_conv2d decomposition builds;
- a decoder returning a KV cache gets a UsageError naming use_cache=False;
- every upstream failure arrives as a `BuildError` (an `UpstreamError`) with stage, op and cause.
"""

from __future__ import annotations

import pytest
import torch
from torchtrt_compat.models import get_model

import torchtrt_compat as tc
from torchtrt_compat._errors import BuildError, CompatError, UpstreamError, UsageError
from torchtrt_compat.compiler._upstream import shim_context
from torchtrt_compat.compiler.watch import BuildWatch, build_title, precision_label, raise_build_error
from torchtrt_compat.shims import list_shims


def test_build_error_is_an_upstream_error_with_stage_op_and_log() -> None:
    assert issubclass(BuildError, UpstreamError)
    err = BuildError("conversion failed.", "do this", stage="conversion", op="aten.foo.default", log="ERROR: x")
    assert (err.stage, err.op, err.log, err.exit_code) == ("conversion", "aten.foo.default", "ERROR: x", 1)


def test_an_unrecognised_upstream_error_becomes_a_build_error_with_its_cause() -> None:
    upstream = ValueError("operands could not be broadcast together with remapped shapes (1,1,1,0)")
    with pytest.raises(BuildError) as info:
        raise_build_error(upstream, stage="conversion", op="aten.slice_scatter.default", node="slice_scatter")
    err = info.value
    assert err.__cause__ is upstream
    assert (err.stage, err.op) == ("conversion", "aten.slice_scatter.default")
    assert "aten.slice_scatter.default" in str(err) and "torch_executed_ops" in str(err)


def test_our_own_usage_errors_pass_through_unchanged() -> None:
    mine = UsageError("bad input.", "fix it")
    with pytest.raises(UsageError) as info:
        raise_build_error(mine, stage="export")
    assert info.value is mine


def test_the_tensorrt_log_prefers_error_lines() -> None:
    watch = BuildWatch(lines=["WARNING: a", "ERROR: Myelin failed", "WARNING: b"])
    assert watch.log_text() == "ERROR: Myelin failed"
    assert BuildWatch().log_text() is None


@pytest.mark.slow
def test_decoder_returning_a_kv_cache_is_told_to_use_no_cache() -> None:
    transformers = pytest.importorskip("transformers")
    config = transformers.GPT2Config(vocab_size=100, n_positions=16, n_embd=32, n_layer=1, n_head=2)
    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(config).eval()
    ids = torch.randint(0, 100, (1, 8))
    with pytest.raises(UsageError) as info:
        tc.export(model, [ids])
    assert "use_cache" in str(info.value) and "DynamicCache" in str(info.value)
    assert isinstance(info.value, CompatError) and info.value.__cause__ is not None
    # the fix it names works: no cache, and the program computes what the model does
    program = tc.export(model, [ids], {"use_cache": False})
    with torch.no_grad():
        want = model(ids, use_cache=False).logits
    torch.testing.assert_close(program.module()(ids, use_cache=False).logits, want)


@pytest.mark.slow
@pytest.mark.requires_rtx
@pytest.mark.cpu_only
def test_pytorch_parts_with_weights_stay_on_cpu_and_build() -> None:
    """The issue's case on a real torchvision model: max_pool2d(ceil_mode=True) rejected by the converter (the
    rewrite shim turned off), so the small conv + relu before it joins the PyTorch part. torch_tensorrt moves that
    part to cuda:0, which has no driver here; the shim keeps it, weights included, on the CPU."""
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.squeezenet1_1(weights=None).eval()
    x = torch.randn(1, 3, 64, 64)
    ctx = shim_context(aot=True, compute_capabilities=["8.9"])
    auto = [s.name for s in list_shims(ctx=ctx) if s.name != "max_pool_ceil_mode"]
    without = [name for name in auto if name != "aot_pytorch_parts_on_cpu"]
    with pytest.raises(BuildError) as info:
        tc.build_engine(model, [x], compute_capabilities=["8.9"], shims=without)
    assert info.value.stage == "partitioning"
    assert "NVIDIA driver" in str(info.value.__cause__)
    art = tc.build_engine(model, [x], compute_capabilities=["8.9"], shims=auto)
    assert "aot_pytorch_parts_on_cpu" in art.report.shims
    assert art.report.trt_engines >= 1
    assert "aten.max_pool2d.default" in art.report.pytorch_ops
    parts = [child for name, child in art.module.named_children() if "_run_on_gpu" in name]
    weights = [t for part in parts for t in [*part.parameters(), *part.buffers()]]
    assert weights and all(t.device.type == "cpu" for t in weights)


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_ceil_mode_pooling_no_longer_leaves_pytorch_parts() -> None:
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.squeezenet1_1(weights=None).eval()
    art = tc.build_engine(model, [torch.randn(1, 3, 64, 64)], compute_capabilities=["8.9"])
    assert "max_pool_ceil_mode" in art.report.shims
    assert art.report.trt_engines == 1 and art.report.pytorch_ops == []


@pytest.mark.slow
@pytest.mark.requires_rtx
def test_deform_convnet_builds_in_fp16() -> None:
    entry = get_model("deform_convnet")
    fp16 = tc.build_engine(
        entry.build(), list(entry.example_inputs()), compute_capabilities=["8.9"], enabled_precisions={torch.half}
    )
    assert fp16.report.trt_engines == 1 and fp16.report.pytorch_ops == []
    assert fp16.report.settings.get("enable_autocast") == "True" or "fp16" in str(fp16.report.settings).lower()
    assert "deform_conv2d_device" in fp16.report.shims


def test_titles_tell_two_builds_apart() -> None:
    class TinyNet:
        pass

    fp32 = build_title("build_engine", TinyNet(), None, {}, ["8.9", "12.0"])
    fp16 = build_title(
        "build_engine", TinyNet(), None, {"enable_autocast": True, "autocast_low_precision_type": "torch.float16"}
    )
    assert fp32 == "build_engine TinyNet FP32 for sm_89, sm_120"
    assert fp16 == "build_engine TinyNet FP16 autocast"
    assert precision_label({"torch.float16", "torch.float32"}, {}) == "FP16+FP32"


def test_a_builder_failure_says_the_tensorrt_error_line_and_points_to_the_callers_line() -> None:
    """Review M1, M2: a build-stage failure named compiler/watch.py as "your code", and said "the reason is only in
    the TensorRT log" while BuildError.log held the ERROR line that says it (no tactic within the workspace)."""
    from torchtrt_compat.ux.display import error_lines, your_code

    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()
    with pytest.raises(BuildError) as info:
        tc.build_engine(model, [torch.randn(1, 3, 16, 16)], compute_capabilities=["8.9"], min_block_size=1,
                        workspace_size=1)  # fmt: skip
    err = info.value
    assert err.stage == "build" and "TensorRT said: ERROR" in err.problem and "workspace" in err.problem
    mine = your_code(err)
    assert mine is not None and "test_build_errors_and_parts.py" in mine and "build_engine" in mine
    assert not any("torchtrt_compat/" in line for line in error_lines(err) if "your code" in line)


def test_a_misspelt_keyword_is_a_type_error_panel_naming_the_function_called() -> None:
    """Review M3: the misspelt keyword was a 50-line traceback in Jupyter, said compile() for build_engine, and sent
    dynamic_shapes to assume_dynamic_shape_support. It is refused before any export, as a TypeError and a
    CompatError (one line on a terminal, a panel in Jupyter)."""
    from torchtrt_compat import UnknownArgumentError

    model, x = torch.nn.Linear(4, 2).eval(), torch.randn(1, 4)
    with pytest.raises(TypeError, match=r"build_engine\(\) got an unexpected keyword argument 'min_blok_size'") as info:
        tc.build_engine(model, [x], compute_capabilities=["8.9"], min_blok_size=3)
    err = info.value
    assert isinstance(err, UnknownArgumentError) and isinstance(err, CompatError) and err.exit_code == 2
    assert "min_block_size" in str(err) and "torchtrt-compat-error" in err._repr_html_()
    assert len(err._render_traceback_()) == 1  # outside a kernel: one line, no library frames
    with pytest.raises(TypeError, match=r"compile\(\) got an unexpected keyword argument"):
        tc.compile(model, arg_inputs=[x], fallback="eager", min_blok_size=3)
    with pytest.raises(TypeError, match="belongs to torch.export") as info:
        tc.build_engine(model, [x], compute_capabilities=["8.9"], dynamic_shapes={"x": None})
    assert "assume_dynamic_shape_support" not in str(info.value)


def test_fallback_report_names_what_was_not_applied() -> None:
    """Review M13: compile(..., enabled_precisions={torch.half}, fallback="inductor") returned FP32 outputs without a
    word, and its fix offered the fallback already chosen."""
    from torchtrt_compat.compiler.frontend import why_trt_cannot_run

    if why_trt_cannot_run() is None:
        pytest.skip("TensorRT runs here: nothing falls back")
    model, x = torch.nn.Linear(4, 2).eval(), torch.randn(1, 4)
    out = tc.compile(model, arg_inputs=[x], enabled_precisions={torch.half}, fallback="eager", min_block_size=1)
    report = tc.report(out)
    assert report.route == "fallback" and out(x).dtype == torch.float32
    assert any(n.startswith("FP16 (enabled_precisions)") for n in report.not_applied)
    assert any("min_block_size=1" in n for n in report.not_applied)
    assert "not applied" in str(report) and "not applied" in report._repr_html_()
    assert not any("fallback=" in w for w in report.warnings), report.warnings
    with pytest.raises(UsageError, match="No example inputs"):
        tc.compile(model, fallback="eager")


def test_a_build_with_no_engine_warns_in_a_script() -> None:
    """Review Low 11: a script that logs to a file saw no progress and no warning for a build that made 0 engines."""
    from torchtrt_compat.compiler.aot import ZeroEnginesWarning

    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()  # 2 ops: below min_block_size 5
    with pytest.warns(ZeroEnginesWarning, match="min_block_size=1"):
        artifact = tc.build_engine(model, [torch.randn(1, 3, 16, 16)], compute_capabilities=["8.9"])
    assert artifact.report.trt_engines == 0
