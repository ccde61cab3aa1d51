"""Property-based fuzz of target specs: `load_spec` (dicts, JSON text, files) and `torchtrt-compat check --target`.

Generated specs mix the real keys with junk: versions that are almost versions, compute capabilities in Unicode
digits, huge numbers, NaN, nulls, nesting up to 100,000 levels, thousands of digits, raw bytes that are not UTF-8.
"""

from __future__ import annotations

import json

import pytest
from _oracle import assert_clean_exit, bounded_memory, fuzz_settings, only_compat_errors, run_cli
from hypothesis import given, strategies as st

from torchtrt_compat.compatibility.target import load_spec

pytestmark = [
    pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning"),
]

KEYS = [
    "platform", "python", "torch", "torchvision", "torch_tensorrt", "tensorrt", "cuda", "driver", "gpus", "name",
    "compute_capability", "memory_mib", "package", "version",
]  # fmt: skip
ALMOST_VERSIONS = st.sampled_from(
    ["2.14.0", "2.14.0+cu130", "2.x", "", " 2.14 ", "latest", ">=2.14", "0.0.1", "9.0.0", "2.14.0\x00", "1" * 4301,
     "2." + "9" * 5000, "٢.١٤", "²", "1.6.1.120", "11.1.0.106", "13.0", "580.95.05"]
)  # fmt: skip
CCS = st.sampled_from(["8.9", "9.0", "12.0", "09.00", "².0", "٨.٩", " 9.0", "sm_90", "-9.0", "abc", "9", "9.0.1"])
PACKAGES = st.sampled_from(["torch-tensorrt", "torch-tensorrt-rtx", "tensorrt-cu13", "tensorrt-rtx", "", "x" * 300])
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**400), st.floats(allow_nan=True),
    ALMOST_VERSIONS, CCS, PACKAGES, st.text(max_size=40),
)  # fmt: skip


def _json(children: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=12))
    return st.one_of(st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=6))


VALUES = st.recursive(LEAVES, _json, max_leaves=30)
GPU = st.fixed_dictionaries(
    {}, optional={"name": st.one_of(st.text(max_size=20), st.integers(), st.none()), "compute_capability": CCS,
                  "memory_mib": LEAVES, "junk": LEAVES}
)  # fmt: skip
PACKAGE = st.one_of(LEAVES, st.fixed_dictionaries({}, optional={"package": PACKAGES, "version": ALMOST_VERSIONS}))
SPECS = st.fixed_dictionaries(
    {},
    optional={
        "platform": st.one_of(st.sampled_from(["linux_x86_64", "win_amd64", "linux"]), LEAVES),
        "python": st.one_of(ALMOST_VERSIONS, LEAVES), "torch": st.one_of(ALMOST_VERSIONS, LEAVES),
        "torch_tensorrt": PACKAGE, "tensorrt": PACKAGE, "cuda": ALMOST_VERSIONS, "driver": ALMOST_VERSIONS,
        "gpus": st.one_of(st.lists(st.one_of(GPU, LEAVES), max_size=4), LEAVES), "typo": VALUES,
    },
)  # fmt: skip


def _dumps(data: object) -> str:
    return json.dumps(data, allow_nan=True, default=str)


@given(SPECS)
@fuzz_settings()
def test_load_spec_from_dicts_and_json_text(spec):
    only_compat_errors(lambda: load_spec(spec))
    only_compat_errors(lambda: load_spec(_dumps(spec)))


@given(st.one_of(SPECS, VALUES))
@fuzz_settings(0.5)
def test_check_target_files(tmp_path_factory, spec):
    path = tmp_path_factory.mktemp("spec") / "spec.json"
    path.write_text(_dumps(spec), encoding="utf-8")
    with bounded_memory():
        only_compat_errors(lambda: load_spec(path))
    argv = ["check", "--target", str(path)] + (["--json"] if isinstance(spec, dict) and len(spec) % 2 else [])
    code, _, err = run_cli(argv)
    assert_clean_exit(argv, code, err)
    assert code in (0, 1, 2, 3)  # 3: unknown, e.g. a spec that leaves deciding facts out


HOSTILE = st.one_of(
    st.integers(min_value=1, max_value=100_000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(min_value=1, max_value=100_000).map(lambda n: b'{"gpus":' + b"[" * n + b"]" * n + b"}"),
    st.integers(min_value=4000, max_value=20_000).map(lambda n: _dumps({"torch": "1" * n}).encode()),
    st.integers(min_value=4000, max_value=20_000).map(lambda n: _dumps({"python": "3." + "1" * n}).encode()),
    st.binary(max_size=512),
    st.builds(lambda s, b: _dumps(s).encode()[: len(b)] + b, SPECS, st.binary(max_size=8)),  # truncated + bytes
    st.just(b'{"torch": "2.14.0", "torch": "2.13.0"}'),
    st.just(b"\xef\xbb\xbf{}"),
)


@given(HOSTILE)
@fuzz_settings(0.5)
def test_hostile_spec_bytes(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("hostile") / "spec.json"
    path.write_bytes(raw)
    with bounded_memory():
        only_compat_errors(lambda: load_spec(path))
    code, _, err = run_cli(["check", "--target", str(path)])
    assert_clean_exit(["check", "--target", "<hostile>"], code, err)
