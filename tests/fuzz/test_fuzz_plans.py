"""Property-based fuzz of build-farm plans, Ray options and output folders (reliability audit 2026-11-26's classes).

Oracle (`_oracle`): reading a plan (`load_plan`, and `build --plan` in-process with the pool replaced by one that
starts nothing) ends in a `CompatError` or a valid plan, within bounded memory; the command line exits 0, 1 or 2 with
no traceback; nothing outside the output folder is touched, and no file of the user's in it changes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from _oracle import bounded_memory, fuzz_settings, only_compat_errors
from hypothesis import given, strategies as st

from torchtrt_compat.farm import load_plan, runner

pytestmark = [pytest.mark.requires_rtx, pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")]

NUMBERS = [0, -1, 1, 2.5, 1e308, float("inf"), float("nan"), 10**12, 10**400, True, "3", None]
PATHS = [
    "out", "", " ", "~nosuchuser/out", "/dev/null", "/dev/zero", "/proc/x", "loop/x", "link/x", "file.txt/x",
    "a\x00b", "x" * 5000, "..", "../outside", "\u202e", "out/build-summary.json",
]  # fmt: skip
SOURCES = [
    "models:resnet18", "models:", "models:../../etc", "models:no_such", "tests.farm._models:tiny",
    "tests.farm._models:nothing", "os:getcwd", "no_such_module:f", "x.ep", "x.pt2", "a:b:c", ":", "\x1b[2J:x",
]  # fmt: skip
TARGETS = ["8.9", "12.0", "3.5", "99.0", "RTX 5090", "L4", "GTX 9999", 8.9, 7, [], ["8.6", "8.9"], [[]], None]
NAMES = ["tiny", "build-summary.json", "BUILD-SUMMARY.HTML", "notes.txt", "link", ".hidden", "a/b", "", "x" * 200]

_leaf = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(PATHS), st.sampled_from(SOURCES), st.text(max_size=6))
_value = st.recursive(
    _leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
_model = st.fixed_dictionaries(
    {"source": st.sampled_from(SOURCES)},
    optional={
        "targets": st.lists(st.sampled_from(TARGETS), max_size=3),
        "precisions": st.lists(st.sampled_from(["fp32", "fp16", "bf16", "fp8", 3]), max_size=3),
        "timeout": st.sampled_from(NUMBERS),
        "memory_gb": st.sampled_from(NUMBERS),
        "output": st.sampled_from(NAMES),
        "settings": st.dictionaries(
            st.sampled_from(["min_block_size", "partition", "enabled_precisions", "x"]), _leaf, max_size=2
        ),  # fmt: skip
        "trust": st.sampled_from([True, False, "yes"]),
        "depends": st.lists(st.sampled_from(PATHS), max_size=2),
        "junk": _value,
    },
)
_plan = st.fixed_dictionaries(
    {"models": st.dictionaries(st.sampled_from(NAMES), _model, min_size=1, max_size=3)},
    optional={
        "out": st.sampled_from(PATHS),
        "workers": st.sampled_from(NUMBERS),
        "sign_key": st.sampled_from(PATHS),
        "defaults": st.fixed_dictionaries({}, optional={"targets": st.lists(st.sampled_from(TARGETS), max_size=2)}),
    },
)


def _layout(root: Path) -> dict[str, bytes]:
    """An output folder shared with others: a file, a link to a folder outside, a symlink loop, someone's files."""
    out = root / "out"
    (out / "notes.txt").parent.mkdir(parents=True, exist_ok=True)
    (out / "notes.txt").write_text("mine")
    (root / "outside").mkdir(exist_ok=True)
    (root / "outside" / "keep.txt").write_text("keep")
    for link, target in (("link", root / "outside"), ("loop", root / "loop")):
        if not os.path.lexists(out / link if link == "link" else root / link):
            (out / link if link == "link" else root / link).symlink_to(target)
    (root / "file.txt").write_text("a file")
    (out / "tiny" / "sm89-fp32").mkdir(parents=True, exist_ok=True)
    (out / "tiny" / "sm89-fp32" / "manifest.json").write_text('{"name": "my PWA"}')
    (out / "tiny" / "sm89-fp32.build.log").write_text("my notes")
    return _snapshot(root)


def _snapshot(root: Path) -> dict[str, bytes]:
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            found[str(path.relative_to(root))] = path.read_bytes()
    return found


@fuzz_settings(0.5)
@given(plan=_plan)
def test_a_fuzzed_plan_is_read_or_refused_in_one_usage_error(
    plan: dict[str, Any], tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path_factory.mktemp("plan")
    before = _layout(root)
    monkeypatch.chdir(root)
    with bounded_memory():
        only_compat_errors(lambda: load_plan(plan))
    assert _snapshot(root) == before  # reading a plan writes nothing of anyone's


@fuzz_settings(0.3)
@given(
    workers=st.sampled_from([None, 1, 3, 10**9, 10**12]),
    timeout=st.sampled_from([None, 1.0, 1e308, float("inf"), float("nan"), -1.0]),
    ray=st.sampled_from([None, "127.0.0.1:1", "nohost:", ":", "ray://[::1]:1", "h:99999999", "a b:1"]),
    ret=st.booleans(),
)
def test_fuzzed_farm_options_end_in_a_documented_exit(
    workers: int | None,
    timeout: float | None,
    ray: str | None,
    ret: bool,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from _oracle import assert_clean_exit, run_cli

    pytest.importorskip("ray")
    root = tmp_path_factory.mktemp("opts")
    (root / "plan.toml").write_text(
        'out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:resnet18"\n'
    )
    monkeypatch.setattr(runner, "run_local", lambda jobs, n, events: iter(()))  # nothing is built
    argv = ["build", "--plan", str(root / "plan.toml")]
    argv += ["--workers", str(workers)] if workers is not None else []
    argv += ["--timeout", str(timeout)] if timeout is not None else []
    argv += ["--ray", ray] if ray is not None else []
    argv += ["--ray-return"] if ret else []
    code, out, err = run_cli(argv)
    assert_clean_exit(argv, code, err, out)
    assert code in (1, 2)  # nothing ran (1), or a bad option (2)
