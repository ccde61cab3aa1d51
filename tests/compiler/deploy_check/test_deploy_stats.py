"""Per-output statistics and tolerances of the deploy-host check, on tensors whose errors are known exactly."""

from __future__ import annotations

import math

import pytest
import torch

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.deploy_check import DEFAULT_TOLERANCES, Tolerance, precision_of, resolve_tolerance
from torchtrt_compat.compiler.deploy_check.stats import compare_outputs, compare_tensor

STRICT = Tolerance(1e-3, 1e-3, 0.0, 0.999)


def test_identical_outputs_have_no_error_and_a_cosine_of_one() -> None:
    x = torch.randn(4, 10)
    (stats,) = compare_outputs(x, x.clone(), STRICT)
    assert (stats.max_abs, stats.max_rel, stats.outside, stats.nonfinite) == (0.0, 0.0, 0.0, 0)
    assert stats.cosine == pytest.approx(1.0) and stats.passed and stats.name == "output"


def test_the_figures_of_a_known_perturbation() -> None:
    want = torch.tensor([1.0, 2.0, -4.0, 0.5])
    got = torch.tensor([1.0, 2.01, -4.0, 0.4])  # errors 0, 0.01, 0, 0.1; limits 2e-3, 3e-3, 5e-3, 1.5e-3
    stats = compare_tensor("y", got, want, STRICT)
    assert stats.max_abs == pytest.approx(0.1) and stats.max_rel == pytest.approx(0.2)
    assert stats.outside == pytest.approx(0.5) and not stats.passed
    cosine = float(torch.nn.functional.cosine_similarity(got.double(), want.double(), dim=0))
    assert stats.cosine == pytest.approx(cosine)
    loose = Tolerance(0.2, 0.0, 0.0, 0.99)
    assert compare_tensor("y", got, want, loose).passed
    assert compare_tensor("y", got, want, Tolerance(1e-3, 1e-3, 0.5, 0.99)).passed  # half may lie outside


def test_nan_and_inf_on_one_side_fail_and_the_same_inf_on_both_sides_matches() -> None:
    want = torch.tensor([1.0, float("inf"), 3.0])
    assert compare_tensor("y", want.clone(), want, STRICT).passed
    got = torch.tensor([float("nan"), float("inf"), 3.0])
    stats = compare_tensor("y", got, want, STRICT)
    assert stats.nonfinite == 1 and math.isinf(stats.max_abs) and not stats.passed
    assert "1 NaN/Inf" in stats.line()


def test_structural_differences_are_named() -> None:
    shape = compare_tensor("y", torch.zeros(2, 3), torch.zeros(3, 2), STRICT)
    assert not shape.passed and "shape (2, 3) where PyTorch gives (3, 2)" in shape.problem
    (count,) = compare_outputs((torch.zeros(2),), (torch.zeros(2), torch.zeros(2)), STRICT)
    assert not count.passed and "1 output tensor(s) where PyTorch returns 2" in count.problem


def test_outputs_are_named_by_their_path_and_integers_must_match_exactly() -> None:
    want = {"boxes": torch.ones(3, 4), "keep": torch.tensor([0, 2, 1])}
    got = {"boxes": torch.ones(3, 4) + 1e-6, "keep": torch.tensor([0, 1, 2])}
    stats = {s.name: s for s in compare_outputs(got, want, STRICT)}
    assert set(stats) == {"output['boxes']", "output['keep']"}
    assert stats["output['boxes']"].passed
    keep = stats["output['keep']"]
    assert not keep.passed and keep.outside == pytest.approx(2 / 3) and keep.cosine is None


def test_cosine_is_not_judged_when_the_reference_is_within_atol_of_zero() -> None:
    want = torch.full((8,), 1e-9)
    got = torch.zeros(8)  # e.g. an FP16 engine whose tiny outputs underflow
    stats = compare_tensor("y", got, want, STRICT)
    assert stats.cosine == 0.0 and not stats.judged_cosine and stats.passed
    assert "not judged" in stats.line()


def test_the_worst_of_several_draws_is_kept() -> None:
    want = torch.ones(4)
    a = compare_tensor("y", want + 1e-4, want, STRICT, draw=0)
    b = compare_tensor("y", want + torch.tensor([0, 0, 0, 1.0]), want, STRICT, draw=1)
    worst = a.merge(b)
    assert worst.max_abs == pytest.approx(1.0) and worst.outside == pytest.approx(0.25)
    assert not worst.passed and worst.draw == 1 and b.merge(a).draw == 1


def test_tolerance_comes_from_the_user_then_the_catalogue_then_the_precision() -> None:
    assert resolve_tolerance("float16") == DEFAULT_TOLERANCES["float16"]
    assert resolve_tolerance("tf32").atol > resolve_tolerance("float32").atol  # TF32 engines round their products
    catalogue = resolve_tolerance("float32", catalogue={"atol": 1e-2, "rtol": 1e-4})
    assert (catalogue.atol, catalogue.rtol, catalogue.source) == (1e-2, 1e-4, "catalogue")
    assert catalogue.min_cosine == DEFAULT_TOLERANCES["float32"].min_cosine
    user = resolve_tolerance("float32", 0.5, {"atol": 1e-2, "rtol": 1e-4})
    assert (user.atol, user.rtol, user.source) == (0.5, DEFAULT_TOLERANCES["float32"].rtol, "given")
    assert resolve_tolerance("bfloat16", (0.1, 0.2)).rtol == 0.2
    assert resolve_tolerance("float16", {"max_outside": 0.5}).max_outside == 0.5
    given = Tolerance(1, 2, 0, 0)
    assert resolve_tolerance("float16", given) is given
    for bad in (-1.0, float("nan"), "tight", True, {"atol": 1, "btol": 2}, {"max_outside": 2}, (1, 2, 3)):
        with pytest.raises(UsageError):
            resolve_tolerance("float32", bad)
    with pytest.raises(UsageError, match="precision 'int8'"):
        resolve_tolerance("int8")


def test_the_catalogue_gives_fp32_and_its_named_reduced_precisions() -> None:
    from torchtrt_compat.models import get_model

    entry = get_model("fp16_overflow")
    assert entry.tolerance("float32") == {"atol": entry.atol, "rtol": entry.rtol}
    assert entry.tolerance("float16") == {"atol": 1e-2, "rtol": 1e-2}
    assert entry.tolerance("bfloat16") is None and get_model("resnet18").tolerance("float16") is None


@pytest.mark.parametrize(
    ("settings", "metadata", "precision"),
    [
        ({}, {}, "tf32"),
        ({"disable_tf32": "True"}, {}, "float32"),
        ({"enable_autocast": "True", "autocast_low_precision_type": "torch.float16"}, {}, "float16"),
        ({"enable_autocast": "True", "autocast_low_precision_type": "torch.bfloat16"}, {}, "bfloat16"),
        ({"enabled_precisions": "{torch.float32, torch.float16}"}, {}, "float16"),
        ({"enabled_precisions": "{torch.float32}"}, {}, "tf32"),
        ({}, {"farm": {"precision": "fp16"}}, "float16"),
        ({}, {"inputs": [{"shape": [1, 3], "dtype": "float16"}]}, "float16"),
    ],
)
def test_the_precision_of_an_artifact_is_read_from_its_settings_and_metadata(
    settings: dict[str, str], metadata: dict[str, object], precision: str
) -> None:
    assert precision_of(settings, metadata) == precision
