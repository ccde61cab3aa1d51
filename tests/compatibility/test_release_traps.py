"""The version ranges of the known issues and of the `cpu_import` shim, against what the published wheels show
(../shared/reviews/settings_audit.md D14-D16; the translator's own tables say the same facts)."""

from __future__ import annotations

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
    # D16: Device._current_device() default arguments run torch.cuda at import in every release from 2.4
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
