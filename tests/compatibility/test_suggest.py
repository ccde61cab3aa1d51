"""``suggest``: the newest working set, checked by ``check`` itself. The property test draws the matrix's own GPUs,
driver minimums, Pythons, platforms and flavours; every set it suggests is compatible, and when nothing fits the
smallest change is named."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from packaging.version import Version

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility import matrix
from torchtrt_compat.compatibility.rules import check
from torchtrt_compat.compatibility.suggest import Suggestion, suggest
from torchtrt_compat.compatibility.target import PLATFORMS

GPU_CCS = sorted(
    {str(r["compute_capability"]) for r in matrix.gpu_models()}, key=lambda c: tuple(map(int, c.split(".")))
)
GPU_NAMES = sorted({n for r in matrix.gpu_models() for n in r["names"]})
DRIVERS = sorted({str(r[k]) for r in matrix.load()["driver_min"] for k in ("linux", "windows") if r.get(k)})
PYTHONS = sorted({p for r in matrix.releases() for ps in r.get("wheels", {}).values() for p in ps})


def test_h100_gets_the_newest_full_tensorrt_set() -> None:
    result = suggest(gpus=["H100"], driver="580.95.05", python="3.12", platform="linux_x86_64")
    assert result.fits and result.spec is not None
    newest = matrix.releases("torch-tensorrt")[-1]["version"]
    assert result.spec["torch_tensorrt"] == {"package": "torch-tensorrt", "version": newest}
    assert result.pip is not None and result.pip.startswith("pip install torch==")
    assert result.constraints is not None and f"torch-tensorrt=={newest}" in result.constraints.splitlines()
    assert len(result.why) >= 4
    assert check(result.spec).verdict == "compatible"


def test_old_driver_moves_to_an_older_cuda_major() -> None:
    result = suggest(gpus=["RTX 4090"], driver="550.54.15", platform="linux_x86_64")
    assert result.spec is not None
    report = check(result.spec)
    assert report.verdict == "compatible", str(report)
    assert report.environment.torch_cuda is not None and report.environment.torch_cuda.startswith("12.")


def test_without_hardware_facts_the_spec_leaves_them_open_and_says_so() -> None:
    result = suggest()
    assert result.spec is not None and "gpus" not in result.spec and "driver" not in result.spec
    assert any(w.startswith("driver: not given") for w in result.why)
    assert any(w.startswith("GPUs: not given") for w in result.why)
    report = check(result.spec)
    assert report.verdict == "unknown"
    assert {f.code for f in report.by_severity("unknown")} <= {"gpu-unknown", "driver-unknown"}


def test_nothing_fits_names_the_smallest_change() -> None:
    rtx_on_h100 = suggest(gpus=["H100"], flavour="rtx")
    assert not rtx_on_h100.fits and rtx_on_h100.exit_code == 1
    assert rtx_on_h100.change is not None and "--flavour trt" in rtx_on_h100.change
    driver = suggest(gpus=["H100"], driver="400.1")
    assert not driver.fits and driver.change is not None
    named = re.search(r"driver to >= ([\d.]+)", driver.change)
    assert named is not None, driver.change
    lowest = min(str(r["linux"]) for r in matrix.load()["driver_min"])
    # the smallest driver that makes a set fit: no lower than a CUDA minimum, nor than what the H100 needs
    assert Version(named.group(1)) >= Version(lowest)
    assert Version(named.group(1)) >= Version(str(matrix.driver_support("9.0")["linux"]))  # type: ignore[index]
    assert suggest(gpus=["H100"], driver=named.group(1)).fits


def test_json_shape_and_check_accepts_the_spec_as_is(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    out = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "suggest", "--gpu", "L4", "--driver", "580.95.05", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"spec", "pip", "constraints", "why"}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(data["spec"]), encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "check", "--target", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert checked.returncode == 0 and json.loads(checked.stdout)["verdict"] == "compatible"


@pytest.mark.parametrize("kwargs", [{"gpus": ["H1000"]}, {"platform": "linux"}, {"python": "3.x"}, {"flavour": "x"}])
def test_bad_inputs_are_usage_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        suggest(**kwargs)  # type: ignore[arg-type]


def test_display() -> None:
    result = suggest(gpus=["H100"], driver="580.95.05")
    assert len(repr(result).splitlines()) <= 3 and "pip install" in repr(result)
    assert "<ul" in result._repr_html_()
    nothing = suggest(gpus=["H100"], flavour="rtx")
    assert (
        isinstance(nothing, Suggestion) and "nothing fits" in repr(nothing) and "nothing fits" in nothing._repr_html_()
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gpus=st.lists(st.one_of(st.sampled_from(GPU_CCS), st.sampled_from(GPU_NAMES)), min_size=1, max_size=3),
    driver=st.one_of(st.sampled_from(DRIVERS), st.sampled_from(["470.256.02", "535.104.05", "570.124.06", "600.1"])),
    python=st.one_of(st.none(), st.sampled_from(PYTHONS)),
    platform=st.one_of(st.none(), st.sampled_from(PLATFORMS)),
    flavour=st.one_of(st.none(), st.sampled_from(["trt", "rtx"])),
)
def test_every_suggestion_checked_with_check_is_compatible(
    gpus: list[str], driver: str, python: str | None, platform: str | None, flavour: str | None
) -> None:
    result = suggest(gpus=gpus, driver=driver, python=python, platform=platform, flavour=flavour)
    if result.spec is None:
        assert result.change, result.why
        return
    report = check(json.loads(json.dumps(result.spec)))
    assert report.verdict == "compatible", str(report)
    assert result.pip is not None and result.constraints is not None
    for key in ("torch", "torchvision"):
        assert f"{key}=={result.spec[key]}" in result.constraints
