"""The settings translator against the real compile fields of every published torch_tensorrt release.

tests/data/settings_fields.json is extracted from the released wheels' source by tools/extract_settings_fields.py.
"""

from __future__ import annotations

from typing import Any

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler import settings as tr
from torchtrt_compat.versions import satisfies

from _releases import DATA as RELEASE_DATA
from _releases import RELEASE_KEYS, release

DATA = RELEASE_DATA
RELEASES = RELEASE_KEYS


def version(key: str) -> str:
    return key.split("==")[1]


def test_every_release_is_covered() -> None:
    versions = {version(k) for k in RELEASES if k.startswith("torch-tensorrt==")}
    assert {"2.4.0", "2.9.0", "2.10.0", "2.12.1", "2.13.0", "2.14.0"} <= versions
    assert {version(k) for k in RELEASES if "rtx" in k} == {"2.11.0", "2.12.0", "2.12.1", "2.13.0", "2.14.0"}


def test_ever_accepted_is_the_union_of_all_releases() -> None:
    union: set[str] = set()
    for row in DATA.values():
        union |= set(row["settings_fields"]) | set(row["dynamo_compile_params"])
    union -= {"exported_program", "inputs", "arg_inputs", "kwarg_inputs"}
    assert tr._EVER_ACCEPTED == union


@pytest.mark.parametrize("key", RELEASES)
def test_fp16_intent_is_kept_in_every_release(key: str) -> None:
    rel = release(key)
    out = tr.translate({}, rel, enabled_precisions={torch.half})
    assert set(out.kwargs) <= set(rel.params), "never pass a field the release does not have"
    v = version(key)
    if satisfies(v, "<2.10"):
        assert out.kwargs["enabled_precisions"] == {torch.float16}
        assert "use_explicit_typing" not in out.kwargs  # default False there: pass it through untouched
    elif satisfies(v, "<2.13"):
        assert out.kwargs["enabled_precisions"] == {torch.float16}
        assert out.kwargs["use_explicit_typing"] is False  # the 2.10-2.12 assertion is avoided
    else:
        assert "enabled_precisions" not in out.kwargs  # it would be dropped without a word
        assert out.kwargs["enable_autocast"] is True
        assert out.kwargs["autocast_low_precision_type"] is torch.float16
        assert any("ignores enabled_precisions" in n for n in out.notes)


@pytest.mark.parametrize("key", RELEASES)
def test_renamed_fields_land_on_this_releases_spelling(key: str) -> None:
    rel = release(key)
    v = version(key)
    out = tr.translate({"truncate_long_and_double": True, "refit": True}, rel)
    assert out.kwargs["truncate_double"] is True
    if satisfies(v, "<2.5"):
        assert out.kwargs["refit"] is True
    elif satisfies(v, "<2.6"):
        assert out.kwargs["make_refittable"] is True
    else:
        assert out.kwargs["immutable_weights"] is False
    back = tr.translate({"immutable_weights": False}, rel)
    assert back.kwargs == (
        {"refit": True}
        if satisfies(v, "<2.5")
        else {"make_refittable": True}
        if satisfies(v, "<2.6")
        else {"immutable_weights": False}
    )
    assert set(out.kwargs) | set(back.kwargs) <= set(rel.params)


@pytest.mark.parametrize("key", RELEASES)
def test_debug_flag(key: str) -> None:
    out = tr.translate({"debug": True}, release(key))
    assert out.debug_logging
    assert ("debug" in out.kwargs) == satisfies(version(key), "<2.8")


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.13")])
def test_use_python_runtime_noop_is_reported(key: str) -> None:
    out = tr.translate({"use_python_runtime": True}, release(key))
    assert "use_python_runtime" not in out.kwargs
    assert any("no effect" in n for n in out.notes)


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.6")])
def test_engine_cache_is_really_switched_on(key: str) -> None:
    out = tr.translate({"cache_built_engines": True, "reuse_cached_engines": True}, release(key))
    assert out.kwargs["immutable_weights"] is False
    kept = tr.translate({"cache_built_engines": True, "immutable_weights": True}, release(key))
    assert kept.kwargs["immutable_weights"] is True
    assert any("caching is off" in n for n in kept.notes)


def test_unknown_kwarg_names_the_closest_valid_one() -> None:
    with pytest.raises(TypeError, match="'min_block_size'"):
        tr.translate({"min_blok_size": 3}, release("torch-tensorrt==2.14.0"))
    with pytest.raises(TypeError, match="unexpected keyword argument 'frobnicate'"):
        tr.translate({"frobnicate": 1}, release("torch-tensorrt==2.14.0"))


def test_field_of_another_release_is_reported_not_raised() -> None:
    out = tr.translate({"offload_module_to_cpu": True}, release("torch-tensorrt==2.7.0"))
    assert out.kwargs == {} and any("not supported by torch_tensorrt 2.7.0" in n for n in out.notes)


def test_cuda_device_is_normalised() -> None:
    out = tr.translate({"device": "cuda"}, release("torch-tensorrt==2.14.0"))
    assert out.kwargs["device"] == f"cuda:{torch.cuda.current_device() if torch.cuda.is_available() else 0}"
    assert tr.translate({"device": "cuda:1"}, release("torch-tensorrt==2.14.0")).kwargs["device"] == "cuda:1"


def test_contradicting_precision_requests_fail_clearly() -> None:
    with pytest.raises(UsageError, match="use_explicit_typing=True keeps the model's own dtypes"):
        tr.translate({"use_explicit_typing": True}, release("torch-tensorrt==2.11.0"), enabled_precisions={torch.half})
    with pytest.raises(UsageError, match="not a precision"):
        tr.translate({}, release("torch-tensorrt==2.11.0"), enabled_precisions={"fp12"})


@pytest.mark.parametrize("spelling", [torch.half, torch.float16, "fp16", "half", "float16"])
def test_precision_spellings(spelling: Any) -> None:
    assert tr.precision_name(spelling) == "float16"


def test_installed_release_fields_agree_with_the_extracted_wheel() -> None:
    live = tr.installed_release_fields()
    key = f"torch-tensorrt-rtx=={live.version}"
    if key not in DATA:
        pytest.skip(f"{key} not in the extracted data")
    assert set(release(key).params) <= set(live.params)


INTENTS = st.fixed_dictionaries(
    {},
    optional={
        "truncate_long_and_double": st.booleans(),
        "refit": st.booleans(),
        "debug": st.booleans(),
        "min_block_size": st.integers(1, 10),
        "cache_built_engines": st.booleans(),
        "use_python_runtime": st.booleans(),
        "workspace_size": st.integers(0, 1 << 30),
    },
)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(RELEASES), intent=INTENTS, fp16=st.booleans())
def test_translation_only_emits_fields_the_release_has(key: str, intent: dict[str, Any], fp16: bool) -> None:
    rel = release(key)
    out = tr.translate(intent, rel, enabled_precisions={torch.half} if fp16 else None)
    assert set(out.kwargs) <= set(rel.params)
