"""Property-based fuzz of engine artifacts through the public `EngineArtifact.load`: zips and folders with random or
almost-right manifests, missing and extra members, compressed members, and byte-level damage to a real artifact.
Accepted outcomes: a loaded artifact, `UsageError` or `IncompatibleError`; memory stays bounded."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
import torch
from _oracle import bounded_memory, fuzz_settings, only_compat_errors
from hypothesis import given, strategies as st

from torchtrt_compat.compiler import artifact as artifact_module
from torchtrt_compat.compiler.artifact import EngineArtifact

pytestmark = [
    pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning"),
]

FORMAT = getattr(artifact_module, "FORMAT", "torchtrt_compat.engine_artifact/1")
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20), st.just(FORMAT))
JSONISH = st.recursive(
    LEAVES,
    lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.text(max_size=8), c, max_size=4)),
    max_leaves=15,
)
MANIFESTS = st.one_of(
    JSONISH.map(json.dumps),
    st.fixed_dictionaries(
        {"format": st.one_of(st.just(FORMAT), LEAVES)},
        optional={
            "engines": st.one_of(st.dictionaries(st.text(max_size=8), st.text(max_size=30), max_size=3), JSONISH),
            "report": JSONISH,
            "metadata": JSONISH,
        },
    ).map(json.dumps),
    st.integers(min_value=1, max_value=60_000).map(lambda n: "[" * n + "]" * n),
)
MEMBER_BYTES = st.one_of(st.binary(max_size=256), st.just(b""), st.just(b"PK\x03\x04" + b"\x00" * 40))


@st.composite
def containers(draw: st.DrawFn) -> dict[str, bytes]:
    members: dict[str, bytes] = {}
    if draw(st.integers(0, 9)):  # mostly with a manifest
        members["manifest.json"] = draw(st.one_of(MANIFESTS.map(str.encode), st.binary(max_size=64)))
    for name in draw(st.lists(st.sampled_from(["module.pt", "engines/_run_on_acc_0.engine", "x/../../y", "plan"]))):
        members[name] = draw(MEMBER_BYTES)
    return members


def _write(folder: Path, members: dict[str, bytes], *, as_zip: bool, compress: bool) -> Path:
    if as_zip:
        path = folder / "model.ttc"
        method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
        with zipfile.ZipFile(path, "w", compression=method) as zf:
            for name, data in members.items():
                zf.writestr(name, data)
        return path
    path = folder / "model.ttc.d"
    for name, data in members.items():
        target = (path / name).resolve()
        if path.resolve() in target.parents:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    path.mkdir(exist_ok=True)
    return path


@given(containers(), st.booleans(), st.booleans())
@fuzz_settings()
def test_random_containers_load_or_fail_cleanly(tmp_path_factory, members, as_zip, compress):
    path = _write(tmp_path_factory.mktemp("art"), members, as_zip=as_zip, compress=compress)
    with bounded_memory():
        only_compat_errors(lambda: EngineArtifact.load(path))


@pytest.fixture(scope="module")
def real_artifact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real ahead-of-time build of a one-conv model, saved once."""
    from torchtrt_compat import build_engine

    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.ReLU()).eval()
    art = build_engine(model, [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"], min_block_size=1)
    return Path(art.save(tmp_path_factory.mktemp("real") / "conv.ttc"))


def _files(path: Path) -> list[Path]:
    return [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())


@pytest.mark.requires_rtx
@given(data=st.data())
@fuzz_settings(0.5)
def test_damaged_real_artifact(tmp_path_factory, real_artifact, data):
    import shutil

    copy = tmp_path_factory.mktemp("dmg") / real_artifact.name
    (shutil.copytree if real_artifact.is_dir() else shutil.copy)(real_artifact, copy)
    victim = data.draw(st.sampled_from(_files(copy)))
    raw = bytearray(victim.read_bytes())
    how = data.draw(st.sampled_from(["truncate", "flip", "insert"]))
    at = data.draw(st.integers(min_value=0, max_value=max(len(raw) - 1, 0)))
    if how == "truncate":
        del raw[at:]
    elif how == "flip" and raw:
        raw[at] ^= 1 << data.draw(st.integers(0, 7))
    else:
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=16))
    victim.write_bytes(bytes(raw))
    with bounded_memory(256 * 1024 * 1024):
        only_compat_errors(lambda: EngineArtifact.load(copy))
