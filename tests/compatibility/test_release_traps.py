"""The version ranges of the known issues and of the `cpu_import` shim, against what the published wheels show
(../shared/reviews/settings_audit.md D14-D16; the translator's own tables say the same facts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _releases import RELEASE_KEYS

from torchtrt_compat import check
from torchtrt_compat.compatibility.release_traps import KNOWN_ISSUES
from torchtrt_compat.shims import list_shims
from torchtrt_compat.versions import satisfies


def _issue(code: str):  # type: ignore[no-untyped-def]
    (issue,) = [i for i in KNOWN_ISSUES if i.code == code]
    return issue


def _codes(package: str, version: str, gpus: list[dict[str, object]] | None) -> set[str]:
    spec = {"torch_tensorrt": {"package": package, "version": version}, "gpus": gpus}
    return {f.code for f in check(spec).findings}


@pytest.mark.parametrize("key", RELEASE_KEYS)
def test_ranges_match_the_wheels(key: str) -> None:
    package, version = key.split("==")
    # D14: enabled_precisions is gone from dynamo.compile, settings and _defaults from 2.13 on (2.14 included)
    assert satisfies(version, _issue("enabled-precisions-ignored").versions) == satisfies(version, ">=2.13")
    # D15: 2.6 already skips caching for immutable weights (the default)
    assert satisfies(version, _issue("engine-cache-immutable-weights").versions) == satisfies(version, ">=2.6")
    # D16: Device._current_device() default arguments run torch.cuda at import in every release (1.4.0 on)
    assert satisfies(version, _issue("import-needs-gpu").versions)
    (shim,) = [s for s in list_shims() if s.name == "cpu_import"]
    assert all(satisfies(version, spec) for spec in shim.requires.values())
    # D1: only the TensorRT-RTX flavour of 2.11-2.12 forces strong typing back on
    rtx = _issue("rtx-fp16-builds-fp32")
    applies = satisfies(version, rtx.versions) and (not rtx.packages or package in rtx.packages)
    assert applies == (package == "torch-tensorrt-rtx" and satisfies(version, ">=2.11,<2.13"))


def test_checker_reports_them_per_release_and_flavour() -> None:
    assert "import-needs-gpu" in _codes("torch-tensorrt", "2.4.0", [])
    assert "enabled-precisions-ignored" in _codes("torch-tensorrt", "2.14.0", None)
    assert "engine-cache-immutable-weights" in _codes("torch-tensorrt", "2.6.0", None)
    assert "rtx-fp16-builds-fp32" in _codes("torch-tensorrt-rtx", "2.12.1", None)
    assert "rtx-fp16-builds-fp32" not in _codes("torch-tensorrt", "2.12.1", None)
    assert "use_explicit_typing=False works on torch-tensorrt only" in _issue("explicit-typing-assertion").fix


EVIDENCE = json.loads((Path(__file__).resolve().parents[1] / "data" / "release_trap_evidence.json").read_text("utf-8"))


@pytest.mark.parametrize("issue", [i for i in KNOWN_ISSUES if i.evidence], ids=lambda i: i.code)
def test_every_code_backed_range_is_the_one_the_wheels_show(issue) -> None:  # type: ignore[no-untyped-def]
    """The release range of each trap whose evidence is code selects exactly the releases whose wheel holds that code
    (read by tools/extract_trap_evidence.py from every torch_tensorrt wheel the matrix covers)."""
    assert issue.evidence in EVIDENCE["predicates"]
    checked = 0
    for key, answers in EVIDENCE["releases"].items():
        package, version = key.split(" ")
        if issue.packages and package not in issue.packages:
            continue
        assert satisfies(version, issue.versions) == answers[issue.evidence], (issue.code, key)
        checked += 1
    assert checked >= 5


def test_the_evidence_covers_every_torch_tensorrt_release_of_the_matrix() -> None:
    from torchtrt_compat.compatibility import matrix

    known = {f"{p} {v}" for p in ("torch-tensorrt", "torch-tensorrt-rtx") for v in matrix.known_versions(p)}
    assert {k for k in known if not k.split(" ")[1].startswith("0.")} <= set(EVIDENCE["releases"])


def test_the_dryrun_advice_holds_in_every_release() -> None:
    """The 0-engine advice says dryrun's report is printed on stdout, not written to the log: true wherever dryrun
    exists (`dryrun_stats_display` calls print)."""
    from torchtrt_compat.compiler.aot import zero_engine_advice
    from torchtrt_compat.compiler.compile_report import CompileReport

    with_dryrun = [a for a in EVIDENCE["releases"].values() if a["has_dryrun"]]
    assert with_dryrun and all(a["dryrun_prints_to_stdout"] for a in with_dryrun)
    advice = zero_engine_advice(CompileReport(versions={}, path="dynamo", settings={}, notes=[]), {"dryrun": True})
    assert advice is not None and "stdout" in advice and "not" in advice and "log" in advice


def _in_range(spec: str, predicate: str, *, package: str | None = None, given: str | None = None) -> None:
    """``spec`` selects exactly the releases (of ``package``, among those where ``given`` holds) whose code holds
    ``predicate``."""
    for key, answers in EVIDENCE["releases"].items():
        dist, version = key.split(" ")
        if (package and dist != package) or (given and not answers[given]) or version == "1.4.0":
            continue
        assert satisfies(version, spec) == answers[predicate], (spec, predicate, key)


def test_the_translator_s_release_ranges_are_the_wheels_code() -> None:
    """The version ranges compiler/settings.py acts on, against the code of every wheel (each table names the code
    in its comment; tools/extract_trap_evidence.py reads it)."""
    from torchtrt_compat.compiler import settings

    _in_range(settings._NO_OP["use_python_runtime"], "python_runtime_no_op", given="has_dryrun")
    _in_range(settings._REFIT_REJECTS_WEIGHT_STREAMING, "refit_rejects_weight_streaming", given="has_dryrun")
    _in_range(settings._UNIMPLEMENTED["torch_executed_modules"], "executed_modules_unimplemented", given="has_dryrun")
    _in_range(
        settings._FORCES_EXPLICIT_TYPING["enable_autocast"],
        "autocast_forces_explicit_typing",
        given="has_explicit_typing",
    )
    _in_range(
        settings._FORCES_EXPLICIT_TYPING["enable_weight_streaming"],
        "weight_streaming_asserts_explicit_typing",
        given="has_explicit_typing",
    )
    _in_range(settings._NO_BF16["torch-tensorrt-rtx"], "rtx_rejects_bf16", package="torch-tensorrt-rtx")
    fails, silent, warns = (spec for spec, _ in settings._CACHE_NOT_REFITTABLE)
    _in_range(fails, "cache_asserts_refittable", given="has_engine_cache")
    _in_range(warns, "cache_skip_warns", given="has_engine_cache")
