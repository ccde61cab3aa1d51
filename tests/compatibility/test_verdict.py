"""The three-way verdict: compatible only when every deciding fact is known; unknown (exit 3) names the missing fact
and how to supply it; releases outside the matrix (newer than the snapshot, older than its range, never published)
are never judged compatible. Versions come from the real matrix (registry metadata)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from _cli import run_cli
from _specs import GOOD, H100, target_spec
from hypothesis import HealthCheck, given, settings, strategies as st
from packaging.version import Version

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility import matrix
from torchtrt_compat.compatibility.rules import CheckReport, Finding, check
from torchtrt_compat.compatibility.target import load_spec

_spec = target_spec


def _codes(report: CheckReport, severity: str) -> set[str]:
    return {f.code for f in report.by_severity(severity)}  # type: ignore[arg-type]


def test_the_good_stack_is_compatible() -> None:
    report = check(_spec())
    assert report.verdict == "compatible" and report.compatible and report.exit_code == 0


# -- the two repros of issue 9 -----------------------------------------------------------------------------------


def test_torch_newer_than_the_matrix_is_never_compatible() -> None:
    """torch 2.15.0 (published in October 2026) with the 2.14 stack: torch-tensorrt 2.14.0 pins torch<2.15."""
    report = check(_spec(torch="2.15.0"))
    assert report.verdict == "incompatible"
    assert "torch-version" in _codes(report, "error")
    newest = matrix.known_versions("torch")[-1]
    beyond = f"{Version(newest).major}.{Version(newest).minor + 1}.0"
    alone = check({"platform": "linux_x86_64", "python": "3.12", "torch": beyond, "gpus": [H100]})
    assert alone.verdict == "unknown" and alone.exit_code == 3
    finding = next(f for f in alone.findings if f.code == "torch-not-in-matrix")
    assert finding.severity == "unknown" and "released after the matrix snapshot" in finding.message
    assert matrix.snapshot_date() in finding.message and "torchtrt-compat matrix --refresh" in finding.fix


def test_torch_tensorrt_1_4_0_without_tensorrt_is_unknown_and_names_tensorrt_8_6() -> None:
    report = check(
        {
            "platform": "linux_x86_64",
            "python": "3.10",
            "torch": "2.0.1",
            "torch_tensorrt": {"package": "torch-tensorrt", "version": "1.4.0"},
            "driver": "535.104.05",
            "gpus": [{"name": "NVIDIA A100-SXM4-80GB", "compute_capability": "8.0"}],
        }
    )
    assert report.verdict == "unknown"
    text = str(report)
    assert "newer than this torchtrt_compat" not in text and "released after the matrix snapshot" not in text
    finding = next(f for f in report.findings if f.code == "tensorrt-unknown")
    assert "tensorrt>=8.6,<8.7" in finding.message  # the curated row: 1.4.0 needs TensorRT 8.6
    assert '"tensorrt"' in finding.fix and "--upgrade tensorrt==VERSION" in finding.fix
    with_trt = check(
        {**report.environment.to_dict(), "tensorrt": None}
        and {
            "platform": "linux_x86_64",
            "python": "3.10",
            "torch": "2.0.1",
            "torch_tensorrt": {"package": "torch-tensorrt", "version": "1.4.0"},
            "tensorrt": {"package": "tensorrt", "version": "8.6.1"},
            "driver": "535.104.05",
            "gpus": [{"name": "NVIDIA A100-SXM4-80GB", "compute_capability": "8.0"}],
        }
    )
    assert with_trt.verdict == "compatible", str(with_trt)
    # the 8.6 GPU row is unverified: the report says so
    assert "gpu-support-unverified" in _codes(with_trt, "info")


@pytest.mark.parametrize(
    ("dist_key", "version", "position"),
    [
        ("torch_tensorrt", "0.0.1", "older"),  # the registry's name placeholder: older than the covered range
        ("torch_tensorrt", "1.3.0", "older"),  # published, but outside the covered range (1.4.0, then 2.2.0+)
        ("torch_tensorrt", "2.1.0", "unlisted"),  # never published on the registry
        ("torch_tensorrt", "2.6.5", "unlisted"),
        ("torch_tensorrt", "2.14.3", "newer"),
        ("torch_tensorrt", "3.0.0", "newer"),
        ("tensorrt", "11.1.0.999", "unlisted"),
        ("tensorrt", "12.0.0", "newer"),
    ],
)
def test_packages_outside_the_matrix_are_unknown(dist_key: str, version: str, position: str) -> None:
    spec = _spec()
    spec[dist_key] = {**spec[dist_key], "version": version}
    report = check(spec)
    assert report.verdict != "compatible"
    assert not report.compatible
    words = {
        "newer": "released after the matrix snapshot",
        "older": "outside the releases the matrix covers",
        "unlisted": "not on the registry at the matrix snapshot",  # a plain release number: refresh, or own build
    }
    assert any(words[position] in f.message for f in report.by_severity("unknown")), str(report)
    if position in ("newer", "unlisted"):
        assert any("matrix --refresh" in f.fix for f in report.by_severity("unknown"))


@pytest.mark.parametrize("version", ["2.14.0a0+git1234abc", "2.15.0.dev20261101", "2.14.0rc1"])
def test_a_source_or_nightly_build_is_not_called_a_late_release(version: str) -> None:
    spec = _spec()
    spec["torch_tensorrt"] = {**spec["torch_tensorrt"], "version": version}
    report = check(spec)
    finding = next(f for f in report.by_severity("unknown") if f.code.endswith("-not-in-matrix"))
    assert "source, nightly or vendor build" in finding.message or "released after" in finding.message
    assert "refresh" not in finding.fix or "newer" in finding.message or "released after" in finding.message


def test_empty_and_all_null_specs_are_unknown() -> None:
    for spec in ({}, {k: None for k in GOOD}):
        report = check(spec)
        assert report.verdict == "unknown" and report.exit_code == 3
        assert {"torch_tensorrt-unknown", "gpu-unknown"} <= _codes(report, "unknown")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"gpus": None}, "gpu-unknown"),
        ({"gpus": [{"name": "NVIDIA H100", "compute_capability": None}]}, "gpu-unknown"),
        ({"driver": None}, "driver-unknown"),
        ({"python": None}, "python-unknown"),
        ({"platform": None}, "platform-unknown"),
        ({"tensorrt": None}, "tensorrt-unknown"),
        ({"tensorrt": {"package": "tensorrt-cu13", "version": None}}, "tensorrt-unknown"),
        ({"torch_tensorrt": None, "tensorrt": None}, "torch_tensorrt-unknown"),
        ({"torch": "2.14.0"}, None),  # no +cu tag: the registry wheel's CUDA build (13.0) is a fact, not a guess
    ],
)
def test_each_missing_deciding_fact_makes_the_verdict_unknown(change: dict[str, Any], code: str | None) -> None:
    report = check(_spec(**change))
    if code is None:
        assert report.verdict == "compatible", str(report)
        assert report.environment.torch_cuda == "13.0"
        return
    assert report.verdict == "unknown", str(report)
    finding = next(f for f in report.findings if f.code == code)
    assert finding.severity == "unknown" and finding.fix  # names how to supply it


def test_rtx_on_an_unknown_gpu_is_unknown_not_compatible() -> None:
    """Audit S-56 / S-57: a TensorRT-RTX target whose GPUs are null passed a CI gate."""
    spec = _spec(
        torch="2.14.1+cu130",
        torchvision="0.29.2",
        torch_tensorrt={"package": "torch-tensorrt-rtx", "version": "2.14.0"},
        tensorrt={"package": "tensorrt-rtx", "version": "1.6.1.120"},
    )
    assert check({**spec, "gpus": None}).verdict == "unknown"
    assert check({**spec, "gpus": [{"name": "NVIDIA H100", "compute_capability": None}]}).verdict == "unknown"
    assert check(spec).verdict == "incompatible"


# -- the property: nothing outside the matrix is ever compatible -------------------------------------------------

_DISTS = {
    "torch": "torch",
    "torchvision": "torchvision",
    "torch_tensorrt": "torch-tensorrt",
    "tensorrt": "tensorrt-cu13",
}


def _outside(dist: str) -> st.SearchStrategy[str]:
    known = [Version(v) for v in matrix.known_versions(dist)]
    newest, oldest = max(known), min(known)
    newer = st.tuples(st.integers(0, 3), st.integers(0, 30), st.integers(0, 9)).map(
        lambda t: f"{newest.major + t[0]}.{newest.minor + 1 + t[1]}.{t[2]}"
    )
    older = st.tuples(st.integers(0, max(oldest.major - 1, 0)), st.integers(0, 99)).map(lambda t: f"{t[0]}.{t[1]}.0")
    unlisted = st.tuples(st.sampled_from(known), st.integers(50, 999)).map(
        lambda t: f"{t[0].major}.{t[0].minor}.{t[1]}"
    )
    return st.one_of(newer, older, unlisted).filter(lambda v: not matrix.is_known(dist, v))


@st.composite
def _spec_with_one_outside(draw: st.DrawFn) -> dict[str, Any]:
    spec = copy.deepcopy(GOOD)
    spec["torch"] = draw(st.sampled_from(["2.14.0+cu130", "2.14.0", "2.14.1"]))
    for key in draw(st.lists(st.sampled_from(sorted(_DISTS)), min_size=1, max_size=4, unique=True)):
        version = draw(_outside(_DISTS[key]))
        if key in ("torch_tensorrt", "tensorrt"):
            spec[key] = {**spec[key], "version": version}
        else:
            spec[key] = version
    for key in draw(st.lists(st.sampled_from(["driver", "python", "platform", "gpus"]), max_size=2, unique=True)):
        spec[key] = None
    return spec


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_spec_with_one_outside())
def test_no_spec_with_a_package_outside_the_matrix_is_ever_compatible(spec: dict[str, Any]) -> None:
    report = check(spec)
    assert report.verdict in ("unknown", "incompatible"), str(report)
    assert report.compatible is False
    assert report.to_dict()["compatible"] is False


# -- input hardening (reliability audit F5, F7, F8) --------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        {"torch": "1" * 4301},
        {"python": "3." + "1" * 5000},
        {"driver": "5" * 100_000},
        {"torch_tensorrt": {"package": "torch-tensorrt", "version": "2." + "1" * 4400}},
    ],
)
def test_huge_versions_are_one_usage_error(spec: dict[str, Any]) -> None:
    with pytest.raises(UsageError, match="not a version"):
        load_spec(spec)


@pytest.mark.parametrize(
    ("cc", "normalised"),
    [("9.0", "9.0"), (9.0, "9.0"), ("09.00", "9.0"), ("12.1", "12.1"), (8.9, "8.9"), ("sm_90", "9.0"), ("90", "9.0")],
)
def test_compute_capabilities_are_normalised(cc: object, normalised: str) -> None:
    env = load_spec({"gpus": [{"name": "x", "compute_capability": cc}]})
    assert env.gpus is not None and env.gpus[0].compute_capability == normalised


@pytest.mark.parametrize("cc", ["\u00b2.0", "\u0668.\u0669", "\u0669.\u0660", "9", "8.99", " 9.0", True, "9.0.1"])
def test_non_ascii_or_malformed_compute_capabilities_are_rejected(cc: object) -> None:
    with pytest.raises(UsageError, match="is not a compute capability"):
        load_spec({"gpus": [{"name": "x", "compute_capability": cc}]})


def test_typo_names_the_closest_key() -> None:
    with pytest.raises(UsageError, match="did you mean 'torch_tensorrt'"):
        load_spec({"torch_tensort": {"package": "torch-tensorrt", "version": "2.14.0"}})
    with pytest.raises(UsageError, match="did you mean 'compute_capability'"):
        load_spec({"gpus": [{"name": "x", "compute_capabilty": "9.0"}]})
    with pytest.raises(UsageError, match="did you mean 'version'"):
        load_spec({"tensorrt": {"package": "tensorrt-cu13", "verison": "11.1.0.106"}})


def test_duplicate_keys_and_deep_nesting_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="twice"):
        load_spec('{"torch": "2.14.0", "torch": "2.13.0"}')
    with pytest.raises(UsageError, match="nested deeper"):
        load_spec('{"gpus": ' + "[" * 50_000 + "]" * 50_000 + "}")


# -- display -----------------------------------------------------------------------------------------------------


def test_report_and_finding_display() -> None:
    report = check(_spec(gpus=None))
    text = repr(report)
    assert len(text.splitlines()) <= 3 and "unknown" in text
    page = report._repr_html_()
    assert "UNKNOWN" in page and "<table" in page and "--gpu" in page
    finding = report.by_severity("unknown")[0]
    assert isinstance(finding, Finding) and len(repr(finding).splitlines()) <= 3
    assert "<table" in finding._repr_html_()
    assert "&lt;script&gt;" in check(_spec(gpus=[{"name": "<script>", "compute_capability": None}]))._repr_html_()


# -- the command line --------------------------------------------------------------------------------------------


def test_cli_exit_codes_and_json_verdict() -> None:
    unknown = run_cli("check", "--target", "{}", "--json")
    assert unknown.returncode == 3, unknown.stderr
    data = json.loads(unknown.stdout)
    assert data["verdict"] == "unknown" and data["compatible"] is False
    assert data["matrix_snapshot"] == matrix.snapshot_date()
    bad = run_cli("check", "--target", json.dumps(_spec(gpus=[{"name": "x", "compute_capability": "10.7"}])), "--json")
    assert bad.returncode == 1 and json.loads(bad.stdout)["verdict"] == "incompatible"
    good = run_cli("check", "--target", json.dumps(_spec()))
    assert good.returncode == 0 and "verdict: COMPATIBLE" in good.stdout
    assert f"matrix snapshot : {matrix.snapshot_date()}" in good.stdout


@pytest.mark.parametrize(
    ("target", "fragment"),
    [
        ("/dev/zero", "not a regular file"),
        ('{"torch": "' + "1" * 4301 + '"}', "not a version"),
        ('{"torch_tensort": null}', "did you mean 'torch_tensorrt'"),
    ],
)
def test_cli_bad_targets_exit_2_with_one_line(target: str, fragment: str) -> None:
    result = run_cli("check", "--target", target)
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1 and fragment in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_help_documents_the_exit_codes() -> None:
    result = run_cli("check", "--help")
    assert "3 unknown" in " ".join(result.stdout.split())


def test_free_threaded_python_is_checked_against_its_own_wheel_tags() -> None:
    """torch 2.14 ships cp314t wheels; torch-tensorrt 2.14.0 does not (registry metadata of both)."""
    assert "3.14t" in (matrix.release_info("torch", "2.14.1") or {})["wheels"]["linux_x86_64"]
    report = check(_spec(python="3.14t", torch="2.14.1", torchvision="0.29.2"))
    assert report.verdict == "incompatible"
    finding = next(f for f in report.findings if f.code == "python-no-wheel")
    assert "3.14t" in finding.message and "3.14" in finding.fix


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        ("issue9_torch_2_15_with_torch_tensorrt_2_14.json", "incompatible"),
        ("issue9_torch_tensorrt_1_4_without_tensorrt.json", "unknown"),
    ],
)
def test_issue_9_repro_files(name: str, verdict: str) -> None:
    """The README's commands run these files; their verdicts are what the README shows."""
    from _paths import SPECS

    assert check(SPECS / name).verdict == verdict


def test_the_tensorrt_meta_package_installs_the_cuda_build_its_metadata_names() -> None:
    """Registry metadata: tensorrt 10.13.0.35 requires tensorrt_cu12, 10.13.3.9 requires tensorrt_cu13; both are
    inside torch-tensorrt 2.9.0's tensorrt>=10.13.0,<10.14.0."""
    assert matrix.meta_cuda_major("tensorrt", "10.13.0.35") == "12"
    assert matrix.meta_cuda_major("tensorrt", "10.13.3.9") == "13"
    spec = _spec(
        torch="2.9.0+cu130",
        torchvision="0.24.0",
        torch_tensorrt={"package": "torch-tensorrt", "version": "2.9.0"},
        tensorrt={"package": "tensorrt", "version": "10.13.0.35"},
    )
    report = check(spec)
    assert report.verdict == "incompatible"
    finding = next(f for f in report.findings if f.code == "tensorrt-cuda-major")
    assert "CUDA 12 build" in finding.message and "tensorrt==10.13.3.9" in finding.fix
    fixed = check({**spec, "tensorrt": {"package": "tensorrt", "version": "10.13.3.9"}})
    assert "tensorrt-cuda-major" not in {f.code for f in fixed.findings}, str(fixed)
