"""The settings translator against the real compile fields of every published torch_tensorrt release.

tests/data/settings_fields.json is extracted from the released wheels' source by tools/extract_settings_fields.py.
"""

from __future__ import annotations

from typing import Any

import pytest
import torch
from _releases import DATA as RELEASE_DATA, RELEASE_KEYS, release
from hypothesis import given, settings, strategies as st

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler import settings as tr
from torchtrt_compat.compiler.releases import installed_release_fields
from torchtrt_compat.versions import satisfies

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


def flavour(key: str) -> str:
    return key.split("==")[0]


@pytest.mark.parametrize("key", RELEASES)
def test_fp16_intent_is_kept_in_every_release(key: str) -> None:
    rel = release(key)
    out = tr.translate({}, rel, enabled_precisions={torch.half})
    assert set(out.kwargs) <= set(rel.params), "never pass a field the release does not have"
    v = version(key)
    rtx = flavour(key) == "torch-tensorrt-rtx"
    if satisfies(v, "<2.10"):
        assert out.kwargs["enabled_precisions"] == {torch.float16}
        assert "use_explicit_typing" not in out.kwargs  # default False there: pass it through untouched
    elif satisfies(v, "<2.13") and not rtx:
        assert out.kwargs["enabled_precisions"] == {torch.float16}
        assert out.kwargs["use_explicit_typing"] is False  # the 2.10-2.12 assertion is avoided
    else:  # 2.13+ ignores enabled_precisions; rtx 2.11-2.12 forces strong typing back on (D1)
        assert "enabled_precisions" not in out.kwargs and "use_explicit_typing" not in out.kwargs
        assert out.kwargs["enable_autocast"] is True
        assert out.kwargs["autocast_low_precision_type"] is torch.float16
        assert any("without autocast_calibration_dataloader" in n for n in out.notes)


@pytest.mark.parametrize("v", ["2.11.0", "2.12.0", "2.12.1"])
def test_rtx_builds_are_strongly_typed_so_fp16_goes_through_autocast(v: str) -> None:
    """D1/D13: the same fields, another flavour: torch-tensorrt-rtx turns use_explicit_typing back on (and then
    never sets the FP16 flag), so use_explicit_typing=False would build FP32 without an error."""
    full = tr.translate({}, release(f"torch-tensorrt=={v}"), enabled_precisions={torch.half})
    rtx = tr.translate({}, release(f"torch-tensorrt-rtx=={v}"), enabled_precisions={torch.half})
    assert full.kwargs == {"enabled_precisions": {torch.float16}, "use_explicit_typing": False}
    assert rtx.kwargs == {"enable_autocast": True, "autocast_low_precision_type": torch.float16}
    assert any("turns use_explicit_typing back on" in n for n in rtx.notes)
    weak = tr.translate({"use_explicit_typing": False}, release(f"torch-tensorrt-rtx=={v}"), {torch.half})
    assert "use_explicit_typing" not in weak.kwargs and any(
        "use_explicit_typing=False dropped" in n for n in weak.notes
    )


def test_bf16_on_rtx_2_11_is_refused_with_the_fix() -> None:
    with pytest.raises(UsageError, match="bfloat16 is not offered") as info:
        tr.translate({}, release("torch-tensorrt-rtx==2.11.0"), enabled_precisions={torch.bfloat16})
    assert "torch-tensorrt-rtx>=2.12" in info.value.fix
    out = tr.translate({}, release("torch-tensorrt-rtx==2.12.0"), enabled_precisions={torch.bfloat16})
    assert out.kwargs == {"enable_autocast": True, "autocast_low_precision_type": torch.bfloat16}
    full = tr.translate({}, release("torch-tensorrt==2.11.0"), enabled_precisions={torch.bfloat16})
    assert full.kwargs["enabled_precisions"] == {torch.bfloat16}


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.10,<2.13")])
def test_fp16_with_the_users_own_autocast_does_not_assert(key: str) -> None:
    """D8: enable_autocast=True makes 2.10-2.12 use explicit typing, which asserts enabled_precisions == {f32}."""
    rel = release(key)
    out = tr.translate(
        {"enable_autocast": True, "autocast_low_precision_type": torch.float16}, rel, enabled_precisions={torch.half}
    )
    assert out.kwargs == {"enable_autocast": True, "autocast_low_precision_type": torch.float16}
    with pytest.raises(UsageError, match="autocast_low_precision_type is bfloat16"):
        both = {"enable_autocast": True, "autocast_low_precision_type": torch.bfloat16}
        tr.translate(both, rel, enabled_precisions={torch.half})
    with pytest.raises(UsageError, match="cannot be honoured"):
        tr.translate({"enable_autocast": True}, rel, enabled_precisions={torch.int8})
    assert tr.translate({"enable_autocast": True}, rel, {torch.float32}).kwargs["enabled_precisions"] == {torch.float32}


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.6,<2.13")])
def test_fp16_with_weight_streaming_does_not_assert(key: str) -> None:
    """enable_weight_streaming asserts use_explicit_typing in 2.6-2.12, so weak-typing FP16 cannot go with it."""
    rel = release(key)
    if satisfies(version(key), "<2.10"):
        with pytest.raises(UsageError, match="enable_weight_streaming=True"):
            tr.translate({"enable_weight_streaming": True}, rel, enabled_precisions={torch.half})
    else:
        out = tr.translate({"enable_weight_streaming": True}, rel, enabled_precisions={torch.half})
        assert "enabled_precisions" not in out.kwargs and out.kwargs["enable_autocast"] is True


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.13")])
def test_int8_request_is_said_to_be_dropped(key: str) -> None:
    out = tr.translate({}, release(key), enabled_precisions={torch.int8})
    assert out.kwargs == {} and any("['int8'] dropped" in n for n in out.notes)


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
    assert any("logging set to DEBUG" in n for n in out.notes)  # D10: a note in every release


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.13")])
def test_use_python_runtime_noop_is_reported(key: str) -> None:
    out = tr.translate({"use_python_runtime": True}, release(key))
    assert "use_python_runtime" not in out.kwargs
    assert any("no effect" in n for n in out.notes)


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.6")])
def test_engine_cache_is_really_switched_on(key: str) -> None:
    out = tr.translate({"cache_built_engines": True, "reuse_cached_engines": True}, release(key))
    assert out.kwargs["immutable_weights"] is False
    (added,) = [n for n in out.notes if "added immutable_weights=False" in n]
    assert ("only logs a WARNING" in added) == satisfies(version(key), ">=2.10")  # D6: the two README cells
    kept = tr.translate({"cache_built_engines": True, "immutable_weights": True}, release(key))
    assert kept.kwargs["immutable_weights"] is True
    (note,) = [n for n in kept.notes if "caching is off" in n]
    # D6/D7: silent in 2.6-2.9 (_TRTInterpreter.py skips the cache), a WARNING from 2.10 (_conversion.py)
    assert ("only logs a WARNING" in note) == satisfies(version(key), ">=2.10")
    assert ("says nothing" in note) == satisfies(version(key), "<2.10")


def test_engine_cache_on_2_5_needs_make_refittable() -> None:
    """D5/D7: 2.5 asserts make_refittable when a cache flag is set: add it, or refuse the contradiction."""
    out = tr.translate({"cache_built_engines": True}, release("2.5.0"))
    assert out.kwargs == {"cache_built_engines": True, "make_refittable": True}
    assert any("raises AssertionError" in n for n in out.notes)
    with pytest.raises(UsageError, match="Engine caching requires make_refittable"):
        tr.translate({"cache_built_engines": True, "make_refittable": False}, release("2.5.0"))
    assert "cache_built_engines" not in tr.translate({"cache_built_engines": True}, release("2.4.0")).kwargs


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.6")])
def test_engine_cache_with_weight_streaming(key: str) -> None:
    """D11: 2.6-2.7 raise ValueError for immutable_weights=False with enable_weight_streaming=True."""
    user = {"cache_built_engines": True, "enable_weight_streaming": True, "use_explicit_typing": True}
    out = tr.translate(user, release(key))
    if satisfies(version(key), "<2.8"):
        assert "immutable_weights" not in out.kwargs
        assert any("rejects" in n and "enable_weight_streaming" in n for n in out.notes)
        identical = tr.translate({**user, "refit_identical_engine_weights": True}, release(key))
        assert identical.kwargs["immutable_weights"] is False  # that combination is allowed
    else:
        assert out.kwargs["immutable_weights"] is False


@pytest.mark.parametrize(
    ("key", "name"),
    [("torch-tensorrt==2.6.0", "use_aot_joint_export"), ("torch-tensorrt==2.6.1", "use_aot_joint_export")]
    + [(f"torch-tensorrt=={v}", "use_distributed_mode_trace") for v in ("2.7.0", "2.8.0", "2.9.0")],
)
def test_settings_only_fields_are_reported_not_passed(key: str, name: str) -> None:
    """D9/D12: a CompilationSettings field that dynamo.compile neither declares nor reads is dropped by it."""
    out = tr.translate({name: True}, release(key))
    assert name not in out.kwargs
    assert any(f"{name}=True dropped" in n and "does not declare" in n for n in out.notes)
    assert tr.translate({name: True}, release(key).for_torch_compile()).kwargs == {name: True}  # honoured there
    if name == "use_distributed_mode_trace":
        assert tr.translate({name: True}, release("2.10.0")).kwargs == {name: True}  # a parameter from 2.10


def test_cross_compile_flag_points_to_the_function() -> None:
    with pytest.raises(UsageError, match="enable_cross_compile_for_windows") as info:
        tr.translate({"enable_cross_compile_for_windows": True}, release("2.14.0"))
    assert "cross_compile_for_windows(" in info.value.fix


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
    assert any("device='cuda' -> 'cuda:" in n for n in out.notes)  # D10: the rewrite is reported
    same = tr.translate({"device": "cuda:1"}, release("torch-tensorrt==2.14.0"))
    assert same.kwargs["device"] == "cuda:1" and same.notes == []


def test_contradicting_precision_requests_fail_clearly() -> None:
    with pytest.raises(UsageError, match="use_explicit_typing=True keeps the model's own dtypes"):
        tr.translate({"use_explicit_typing": True}, release("torch-tensorrt==2.11.0"), enabled_precisions={torch.half})
    with pytest.raises(UsageError, match="not a precision"):
        tr.translate({}, release("torch-tensorrt==2.11.0"), enabled_precisions={"fp12"})


@pytest.mark.parametrize("spelling", [torch.half, torch.float16, "fp16", "half", "float16"])
def test_precision_spellings(spelling: Any) -> None:
    assert tr.precision_name(spelling) == "float16"


@pytest.mark.requires_rtx
def test_installed_release_fields_agree_with_the_extracted_wheel() -> None:
    live = installed_release_fields()
    key = f"{live.package}=={live.version}"
    if key not in DATA:
        pytest.skip(f"{key} not in the extracted data")
    assert set(release(key).params) <= set(live.params)
    out = tr.translate({}, live, enabled_precisions={torch.half})  # the installed flavour decides the route
    assert out.kwargs["enable_autocast"] is True and out.kwargs["autocast_low_precision_type"] is torch.float16


def test_every_change_is_a_note() -> None:
    """D10: whatever the translation changes, adds or drops is named in a note."""
    user = {"device": "cuda", "debug": True, "refit": True, "truncate_long_and_double": True, "min_block_size": 2}
    for key in RELEASES:
        out = tr.translate(dict(user), release(key), enabled_precisions={torch.half})
        said = " ".join(out.notes)
        changed = {k for k, v in user.items() if k not in out.kwargs or out.kwargs[k] != v}
        added = set(out.kwargs) - set(user) - {"enabled_precisions"}
        if out.kwargs.get("enabled_precisions") != {torch.float16}:
            changed.add("enabled_precisions")
        assert all(name in said for name in changed | added), (key, changed | added, out.notes)
        assert "debug" in said  # the logger is switched to DEBUG in every release
        assert out.kwargs["min_block_size"] == 2 and "min_block_size" not in said


INTENTS = st.fixed_dictionaries(
    {},
    optional={
        "truncate_long_and_double": st.booleans(),
        "refit": st.booleans(),
        "immutable_weights": st.booleans(),
        "debug": st.booleans(),
        "min_block_size": st.integers(1, 10),
        "cache_built_engines": st.booleans(),
        "reuse_cached_engines": st.booleans(),
        "use_python_runtime": st.booleans(),
        "workspace_size": st.integers(0, 1 << 30),
        "enable_autocast": st.booleans(),
        "enable_weight_streaming": st.booleans(),
        "refit_identical_engine_weights": st.booleans(),
        "device": st.sampled_from(["cuda", "cuda:0"]),
    },
)
PRECISIONS = st.sampled_from(
    [None, {torch.half}, {torch.bfloat16}, {torch.float32}, {torch.half, torch.float32}, {torch.int8}]
)


def wheel_would_reject(key: str, out: dict[str, Any]) -> str | None:
    """The checks dynamo.compile and the interpreter make on what they are given (read from the wheels; the line
    numbers are in tools/SETTINGS_NOTES.md and tests/data/settings_fields.json notes). None: the call goes through."""
    rel, v = release(key), version(key)
    if satisfies(v, ">=2.6") and ({"refit", "make_refittable"} & set(out)):
        return "ValueError: use immutable_weights only"
    refittable = out.get("refit", out.get("make_refittable", not out.get("immutable_weights", True)))
    if satisfies(v, "==2.5.*") and (out.get("cache_built_engines") or out.get("reuse_cached_engines")):
        if not refittable:
            return "AssertionError: Engine caching requires make_refittable"
    if satisfies(v, ">=2.6,<2.8") and refittable and out.get("enable_weight_streaming"):
        if not out.get("refit_identical_engine_weights"):
            return "ValueError: REFIT flag is not compatible with enable_weight_streaming"
    if out.get("refit_identical_engine_weights") and not refittable:
        return "ValueError: refit_identical_engine_weights needs immutable_weights=False"
    if rel.has("use_explicit_typing"):
        explicit = out.get("use_explicit_typing", rel.default_is_true("use_explicit_typing"))
        if out.get("enable_autocast") and satisfies(v, ">=2.10"):
            explicit = True
        precisions = out.get("enabled_precisions", {torch.float32})
        if explicit and precisions != {torch.float32}:
            return "AssertionError: use_explicit_typing with enabled_precisions"
        if out.get("enable_weight_streaming") and not explicit:
            return "AssertionError: weight streaming requires use_explicit_typing"
    return None


def lowers_precision(key: str, out: dict[str, Any]) -> bool:
    """Whether the engine may use FP16/BF16: weak typing with a reduced precision (torch-tensorrt only), or autocast."""
    reduced = bool(out.get("enabled_precisions", set()) & {torch.float16, torch.bfloat16})
    weak = not out.get("use_explicit_typing", release(key).default_is_true("use_explicit_typing"))
    weak = weak and not out.get("enable_autocast") and flavour(key) != "torch-tensorrt-rtx"
    return (reduced and weak) or bool(out.get("enable_autocast") and out.get("autocast_low_precision_type"))


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(RELEASES), intent=INTENTS, precisions=PRECISIONS)
def test_translation_is_accepted_by_the_release_and_keeps_the_precision(
    key: str, intent: dict[str, Any], precisions: Any
) -> None:
    """Whatever the user passes, the translation is either a clear UsageError or a call the release accepts
    (no assertion, no ValueError) that lowers precision exactly when a reduced precision was asked for."""
    rel = release(key)
    try:
        out = tr.translate(intent, rel, enabled_precisions=precisions)
    except UsageError:
        return
    assert set(out.kwargs) <= set(rel.params), "never pass a field the release does not have"
    assert wheel_would_reject(key, out.kwargs) is None, (wheel_would_reject(key, out.kwargs), out.kwargs)
    wants_reduced = bool(precisions and precisions & {torch.half, torch.bfloat16})
    if rel.has("enable_autocast") and not wants_reduced:
        return  # the user's own enable_autocast may lower precision; nothing to keep
    assert lowers_precision(key, out.kwargs) == wants_reduced, (out.kwargs, out.notes)


@pytest.mark.parametrize("key", [k for k in RELEASES if satisfies(version(k), ">=2.6")])
def test_settings_that_need_another_setting_get_it(key: str) -> None:
    """enable_weight_streaming asserts explicit typing (2.6-2.12); refit_identical_engine_weights needs a refittable
    engine (ValueError otherwise): the translator adds what is needed and says so."""
    rel, v = release(key), version(key)
    streaming = tr.translate({"enable_weight_streaming": True}, rel)
    if satisfies(v, "<2.10"):
        assert streaming.kwargs["use_explicit_typing"] is True and any("asserts it" in n for n in streaming.notes)
    else:
        assert "use_explicit_typing" not in streaming.kwargs  # default True (2.10-2.12) or always on (2.13+)
    identical = tr.translate({"refit_identical_engine_weights": True}, rel)
    assert identical.kwargs["immutable_weights"] is False
    with pytest.raises(UsageError, match="needs a refittable engine"):
        tr.translate({"refit_identical_engine_weights": True, "immutable_weights": True}, rel)
    if satisfies(v, "<2.8"):
        with pytest.raises(UsageError, match="issue 3305"):
            tr.translate({"enable_weight_streaming": True, "refit": True}, rel)
