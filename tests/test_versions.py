"""versions: what real installs report parses; what is not a version fails with a UsageError that says how to fix it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from packaging.version import Version

from torchtrt_compat._errors import CompatError, UsageError
from torchtrt_compat.versions import base, cuda_local_tag, major, minor, parse_version, satisfies, spec


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2.9.0+cu128", "2.9.0"),  # PyTorch index wheel
        ("2.14.1+cu130", "2.14.1"),
        ("2.14.0+cpu", "2.14.0"),
        ("2.4.0a0+git3bcc3cd", "2.4.0a0"),  # source build
        ("2.4.0a0+07cecf4.nv24.05", "2.4.0a0"),  # NGC container torch
        ("24.05.nv", "24.5"),  # NGC container tag
        ("10.14.1.48.post1", "10.14.1.48.post1"),  # tensorrt wheel
        ("1.6.1.120", "1.6.1.120"),  # tensorrt-rtx wheel
        ("2.0.0.dev20240101+cpu", "2.0.0.dev20240101"),  # nightly
        ("2.14.0rc1", "2.14.0rc1"),
        ("v2.1", "2.1"),
        ("3.12", "3.12"),
    ],
)
def test_parse_version_accepts_local_and_ngc_tags(text: str, expected: str) -> None:
    assert parse_version(text) == Version(expected)
    assert base(text) == str(Version(expected))


@pytest.mark.parametrize(
    "text", ["2.x", "", "latest", None, "2.*", "2.X", "2.14.x", "2.*.1", "ten", "2.14.0+cu128 extra"]
)
def test_parse_version_rejects_non_versions_with_a_fix(text: object) -> None:
    with pytest.raises(UsageError) as info:
        parse_version(text, what='"torch"')
    message = str(info.value)
    assert '"torch"' in message  # names what was wrong
    assert repr(text) in message  # shows the offending value
    assert "Fix:" in message and "2.14.0" in message  # and a concrete fix
    assert "\n" not in message
    assert info.value.exit_code == 2


@pytest.mark.parametrize("value", [2.14, 3, ["2.14.0"], {"version": "2.14.0"}, b"2.14.0"])
def test_parse_version_rejects_non_strings(value: object) -> None:
    with pytest.raises(UsageError, match="must be a version string"):
        parse_version(value)


@pytest.mark.parametrize(
    ("version", "specifier", "expected"),
    [
        ("2.14.1+cu130", ">=2.14.0,<2.15.0", True),
        ("2.13.0+cu130", ">=2.14.0,<2.15.0", False),
        ("2.6.0+cu124", "==2.6.0", True),  # local tag ignored for ==
        ("10.7.0.post1", ">=10.7.0.post1,<10.8.0", True),
        ("10.7.0", ">=10.7.0.post1,<10.8.0", False),
        ("10.14.1.48.post1", ">=10.14.1,<10.15.0", True),
        ("1.6.1.120", ">=1.6.1.120,<1.7.0.0", True),
        ("1.7.1.116", ">=1.6.1.120,<1.7.0.0", False),
        ("2.14.0rc1", ">=2.13", True),  # pre-releases admitted
        ("2.4.0a0+07cecf4.nv24.05", ">=2.4.0a0,<2.5", True),
        ("2.4.0a0+07cecf4.nv24.05", ">=2.4.0,<2.5", True),  # NGC build: release numbers only
        ("2.4.0a0", ">=2.4.0,<2.5", False),  # an alpha is before its release
        ("580.95.05", ">=580.65.06", True),
        ("550.54.15", ">=580.65.06", False),
    ],
)
def test_satisfies(version: str, specifier: str, expected: bool) -> None:
    assert satisfies(version, specifier) is expected


def test_satisfies_rejects_a_bad_specifier_and_a_bad_version() -> None:
    with pytest.raises(UsageError, match="not a version specifier"):
        satisfies("2.14.0", "about 2.14")
    with pytest.raises(UsageError, match="not a version"):
        satisfies("2.x", ">=2.14")
    with pytest.raises(UsageError, match=r"'>=2.14,<2.15'"):
        spec("two point fourteen")


@pytest.mark.parametrize(
    ("text", "expected_minor", "expected_major"),
    [
        ("2.14.1+cu130", "2.14", "2"),
        ("2.4.0a0+git3bcc3cd", "2.4", "2"),
        ("24.05.nv", "24.5", "24"),
        ("10.14.1.48.post1", "10.14", "10"),
        ("13", "13.0", "13"),
        ("13.2", "13.2", "13"),
    ],
)
def test_minor_and_major(text: str, expected_minor: str, expected_major: str) -> None:
    assert minor(text) == expected_minor
    assert major(text) == expected_major


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2.9.0+cu128", "12.8"),
        ("2.14.1+cu130", "13.0"),
        ("2.4.0+cu124", "12.4"),
        ("1.13.1+cu117", "11.7"),
        ("2.14.0+cpu", None),
        ("2.14.0", None),
        ("2.4.0a0+07cecf4.nv24.05", None),
        ("2.9.0+rocm6.4", None),
    ],
)
def test_cuda_local_tag(text: str, expected: str | None) -> None:
    assert cuda_local_tag(text) == expected


# -- properties -------------------------------------------------------------------------------------------------

_release = st.tuples(*(st.integers(min_value=0, max_value=999),) * 3)
_local = st.one_of(
    st.integers(min_value=0, max_value=99).map(lambda n: f"+cu1{n:02d}"),
    st.text("0123456789abcdef", min_size=4, max_size=12).map(lambda h: f"+git{h}"),
    st.tuples(st.integers(20, 29), st.integers(1, 12)).map(lambda ym: f".nv{ym[0]}.{ym[1]:02d}"),
    st.tuples(st.text("0123456789abcdef", min_size=7, max_size=7), st.integers(20, 29), st.integers(1, 12)).map(
        lambda t: f"a0+{t[0]}.nv{t[1]}.{t[2]:02d}"
    ),
)


@settings(max_examples=300, deadline=None)
@given(release=_release, local=_local)
def test_release_with_any_local_tag_parses_to_the_release(release: tuple[int, int, int], local: str) -> None:
    text = ".".join(map(str, release)) + local
    parsed = parse_version(text)
    assert parsed.release == release
    assert minor(text) == f"{release[0]}.{release[1]}"
    if local.startswith("+cu"):
        digits = local[3:]
        assert cuda_local_tag(text) == f"{digits[:-1]}.{digits[-1]}"


@settings(max_examples=500, deadline=None)
@given(
    text=st.one_of(
        st.text(),
        st.from_regex(r"\A[v ]?[0-9.x*]{0,8}[a-z+._\-0-9]{0,10}\Z"),
        st.none(),
        st.integers(),
        st.floats(),
        st.lists(st.text(max_size=3), max_size=2),
    )
)
def test_random_input_parses_or_raises_usage_error(text: object) -> None:
    try:
        result = parse_version(text)
    except UsageError as exc:
        assert str(exc).strip() and "Fix:" in str(exc)
        return
    assert isinstance(result, Version)


@settings(max_examples=200, deadline=None)
@given(text=st.text(), specifier=st.sampled_from([">=2.14.0,<2.15.0", "==2.6.0", ">=10.7.0.post1,<10.8.0"]))
def test_satisfies_never_raises_anything_but_usage_error(text: str, specifier: str) -> None:
    try:
        assert isinstance(satisfies(text, specifier), bool)
    except CompatError as exc:
        assert isinstance(exc, UsageError)
