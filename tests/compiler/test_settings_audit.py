"""The settings audit of 2026-11-24 (W1-W8, G1-G6): each note says what the release really does.

The facts are cited from the wheels in the audit (`file:line` of each release); these tests pin the translation.
"""

from __future__ import annotations

import pytest
import torch
from _releases import release

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler import settings as tr
from torchtrt_compat.compiler.aot import zero_engine_advice
from torchtrt_compat.compiler.compile_report import CompileReport

RTX_2_14 = "torch-tensorrt-rtx==2.14.0"
AUTOCAST_RELEASES = ["2.13.0", "2.14.0", "torch-tensorrt-rtx==2.11.0", "torch-tensorrt-rtx==2.12.1", RTX_2_14]


def test_w1_torch_compile_keeps_the_engine_cache_options() -> None:
    """Every release 2.5-2.14 reads engine_cache_dir / engine_cache_size / custom_engine_cache in its torch.compile
    backend (parse_dynamo_kwargs), so they are passed, not dropped."""
    for key in ("2.5.0", "2.10.0", "2.14.0", RTX_2_14):
        user = {"engine_cache_dir": "/tmp/c", "engine_cache_size": 1 << 30}
        out = tr.translate(user, release(key).for_torch_compile(), torch_compile=True)
        assert out.kwargs["engine_cache_dir"] == "/tmp/c" and out.kwargs["engine_cache_size"] == 1 << 30
        assert not any("not supported" in n for n in out.notes), out.notes


def test_w4_two_spellings_that_disagree_are_refused() -> None:
    with pytest.raises(UsageError, match="disagree"):
        tr.translate({"truncate_long_and_double": True, "truncate_double": False}, release("2.14.0"))
    out = tr.translate({"truncate_long_and_double": True, "truncate_double": True}, release("2.14.0"))
    assert out.kwargs["truncate_double"] is True


@pytest.mark.parametrize("key", AUTOCAST_RELEASES)
@pytest.mark.parametrize(("dtype", "name"), [(torch.half, "float16"), (torch.bfloat16, "bfloat16")])
def test_w5_g1_autocast_note_says_what_autocast_does(key: str, dtype: torch.dtype, name: str) -> None:
    rel = release(key)
    if name == "bfloat16" and key == "torch-tensorrt-rtx==2.11.0":
        pytest.skip("bf16 is refused there (W2)")
    out = tr.translate({}, rel, {dtype})
    note = next(n for n in out.notes if n.startswith("autocast in"))
    assert "stay FP32" not in note  # the range rule needs calibration data (nodeclassifier.py, pass_utils.py)
    assert "without autocast_calibration_dataloader every layer" in note
    assert f"engine's outputs are {name}, not FP32" in note
    assert "pass autocast_calibration_dataloader=" in note  # every autocast release has the option
    calibrated = tr.translate({"autocast_calibration_dataloader": [1]}, rel, {dtype})
    assert any("calibrated outputs exceed autocast_max_output_threshold (512)" in n for n in calibrated.notes)


def test_w6_caching_without_a_gpu_adds_no_refit_and_says_what_caching_does() -> None:
    rel = release(RTX_2_14)
    user = {"cache_built_engines": True, "engine_cache_dir": "/tmp/c"}
    with_gpu = tr.translate(user, rel)
    assert with_gpu.kwargs["immutable_weights"] is False
    aot = tr.translate(user, rel, refittable_buildable=False)
    assert "immutable_weights" not in aot.kwargs
    note = next(n for n in aot.notes if "ahead-of-time build without a GPU" in n)
    assert "only logs a WARNING" in note and "artifact" in note


@pytest.mark.parametrize(
    "user",
    [
        {"refit": True},
        {"make_refittable": True},
        {"immutable_weights": False},
        {"refit_identical_engine_weights": True},
    ],
)
def test_w6_explicit_refit_without_a_gpu_is_one_clear_error(user: dict[str, object]) -> None:
    with pytest.raises(UsageError, match="without a GPU") as info:
        tr.translate(user, release(RTX_2_14), refittable_buildable=False)
    assert "\n" not in str(info.value)


def test_w8_dryrun_is_named_as_the_reason_for_zero_engines() -> None:
    report = CompileReport(versions={}, path="dynamo", settings={"min_block_size": "5"}, notes=[])
    advice = zero_engine_advice(report, {"dryrun": True})
    assert advice is not None and "dryrun=True" in advice and "min_block_size" not in advice


def test_g2_g5_ignored_settings_get_a_note() -> None:
    rel = release(RTX_2_14)
    out = tr.translate({"strip_engine_weights": True, "hardware_compatible": True}, rel)
    assert any("strip_engine_weights=True is ignored" in n for n in out.notes)
    assert any("hardware_compatible=True is ignored by TensorRT-RTX" in n for n in out.notes)
    out = tr.translate({"torch_executed_modules": ["fc"]}, release("2.14.0"))
    assert any("torch_executed_modules" in n and "not implemented" in n for n in out.notes)
    out = tr.translate({"require_full_compilation": True}, rel.for_torch_compile(), torch_compile=True)
    assert any("resets it to False" in n for n in out.notes)
    refit = tr.translate({"strip_engine_weights": True, "immutable_weights": False}, rel)
    assert not any("strip_engine_weights=True is ignored" in n for n in refit.notes)


def test_w2_bf16_refusal_on_rtx_2_11_gives_the_true_reason() -> None:
    with pytest.raises(UsageError) as info:
        tr.translate({}, release("torch-tensorrt-rtx==2.11.0"), {torch.bfloat16})
    assert "raises 'does not support bfloat16'" not in str(info.value) and "not verified" in str(info.value)
