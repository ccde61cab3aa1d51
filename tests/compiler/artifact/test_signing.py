"""Signatures a deploy host can rely on (reliability audit 2026-11-26, items 7, 13, 14, 17, 20): verification follows
links the way load does and writes nothing, a signature binds a name and a build a host can pin, artifacts carry no
build-host paths or upstream output, and what is printed of a loaded artifact is sanitised.

The artifact is a real TensorRT-RTX ahead-of-time build of a tiny model, built once; nothing mocks torch or TensorRT.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
import time
from pathlib import Path

import pytest
import torch
from _artifact_helpers import TinyConvNet, copy_folder, signing_keys

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.cli import main
from torchtrt_compat.compiler.artifact import EngineArtifact
from torchtrt_compat.compiler.compile_report import CompileReport

pytestmark = [pytest.mark.requires_rtx]


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    pytest.importorskip("model_signing")
    return signing_keys(tmp_path_factory.mktemp("keys"))


@pytest.fixture(scope="module")
def art() -> EngineArtifact:
    torch.manual_seed(0)
    model, x = TinyConvNet().eval(), torch.randn(1, 3, 8, 8)
    built = tc.build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1)
    built.report.log = ["/home/alice/secret-project/mymodel.py:4: UserWarning: customer-acme table not found"]
    built.report.log_file = "/home/alice/out/mymodel.build.log"
    built.report.notes.append("timing cache at /home/alice/.cache/torchtrt/timing.bin")
    built.metadata["build_key"] = "ab" * 32
    return built


@pytest.fixture(scope="module")
def release(art: EngineArtifact, keys: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``releases/v3`` signed, and ``current -> releases/v3``: the usual deploy layout."""
    root = tmp_path_factory.mktemp("deploy")
    art.save(root / "releases" / "v3", sign_key=keys[0])
    (root / "current").symlink_to("releases/v3")
    return root


def test_a_symlinked_release_folder_verifies_as_load_reads_it(release: Path, keys: tuple[Path, Path]) -> None:
    loaded = EngineArtifact.load(release / "current", verify_with=keys[1])
    assert loaded.signed_as == "v3"  # the folder's final name, not the staging folder's


def test_verification_writes_nothing_anywhere(
    release: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only root (the usual hardened container) has no usable temporary folder: nothing may need one."""
    monkeypatch.setattr(tempfile, "tempdir", "/nonexistent/readonly-root")
    monkeypatch.setenv("TMPDIR", "/nonexistent/readonly-root")
    before = sorted(p.name for p in (release / "releases").iterdir())
    assert EngineArtifact.load(release / "current", verify_with=keys[1]).engines
    assert sorted(p.name for p in (release / "releases").iterdir()) == before


def test_a_signature_binds_the_name_and_the_build_a_host_pins(release: Path, keys: tuple[Path, Path]) -> None:
    pub = keys[1]
    current = release / "current"
    assert EngineArtifact.load(current, verify_with=pub, expect_name="v3", not_older_than="2020-01-01")
    assert EngineArtifact.load(current, verify_with=pub, expect_build_key="ab" * 32)
    with pytest.raises(UsageError, match="signed as 'v3', not 'resnet'"):
        EngineArtifact.load(current, verify_with=pub, expect_name="resnet")
    tomorrow = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
    with pytest.raises(UsageError, match="rollback"):
        EngineArtifact.load(current, verify_with=pub, not_older_than=tomorrow.date())
    with pytest.raises(UsageError, match="another build"):
        EngineArtifact.load(current, verify_with=pub, expect_build_key="cd" * 32)
    with pytest.raises(UsageError, match="is not a date"):
        EngineArtifact.load(current, verify_with=pub, not_older_than="last tuesday")
    with pytest.raises(UsageError, match="check what a signature binds"):
        EngineArtifact.load(current, expect_name="v3")  # an unsigned check would prove nothing


def test_a_substituted_artifact_signed_with_the_same_key_is_refused(
    art: EngineArtifact, keys: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another model's folder, signed with the same key, moved under deform_convnet/: verifies as a signature, and is
    refused once the deploy host says what it expects."""
    other = art.save(tmp_path / "other_model", sign_key=keys[0])
    moved = tmp_path / "deploy" / "deform_convnet"
    moved.parent.mkdir()
    os.rename(other, moved)
    assert main(["verify", str(moved), "--key", str(keys[1])]) == 0
    out = capsys.readouterr().out
    assert "signed as 'other_model'" in out and "build key abababab" in out and "built 20" in out
    assert main(["verify", str(moved), "--key", str(keys[1]), "--expect-name", "deform_convnet"]) == 2
    assert "signed as 'other_model', not 'deform_convnet'" in capsys.readouterr().err


def test_a_signature_without_the_key_hint_verifies_without_writing_to_stdout(
    release: Path, keys: tuple[Path, Path], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    folder = copy_folder(release / "releases" / "v3", tmp_path / "v3")
    bundle = json.loads((folder / "signature.sig").read_text())
    del bundle["verificationMaterial"]["publicKey"]["hint"]  # an older bundle: the hint is not a signed part
    (folder / "signature.sig").write_text(json.dumps(bundle))
    capfd.readouterr()
    assert EngineArtifact.load(folder, verify_with=keys[1]).signed_as == "v3"
    assert capfd.readouterr().out == ""


def test_a_huge_extra_file_is_refused_before_anything_is_hashed(
    release: Path, keys: tuple[Path, Path], tmp_path: Path
) -> None:
    folder = copy_folder(release / "releases" / "v3", tmp_path / "v3")
    with open(folder / "big.bin", "wb") as fh:
        fh.truncate(3 * 1024**3)  # sparse: 3 GiB that reading would take seconds to hash
    started = time.monotonic()
    with pytest.raises(UsageError, match="not signed: big.bin"):
        EngineArtifact.load(folder, verify_with=keys[1])
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("bad", ["public", "missing", "dev_zero", "home"])
def test_a_key_that_cannot_sign_is_refused_before_anything_is_written(
    art: EngineArtifact, keys: tuple[Path, Path], tmp_path: Path, bad: str
) -> None:
    key = {"public": keys[1], "missing": tmp_path / "nope.key", "dev_zero": "/dev/zero", "home": "~nosuchuser/k"}[bad]
    with pytest.raises(UsageError):
        art.save(tmp_path / "out" / "m", sign_key=key)
    assert not (tmp_path / "out").exists()


def test_build_with_a_public_key_fails_before_building(
    keys: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.monotonic()
    code = main(["build", "models:deform_convnet", "--cc", "8.9", "--out", str(tmp_path), "--sign-key", str(keys[1])])
    err = capsys.readouterr().err
    assert code == 2 and "it is a public key" in err and len(err.strip().splitlines()) == 1
    assert time.monotonic() - started < 10 and list(tmp_path.iterdir()) == []


# ---- what leaves the build host ------------------------------------------------------------------------------------
def test_saved_artifacts_carry_no_upstream_output_and_no_host_paths(art: EngineArtifact, tmp_path: Path) -> None:
    folder = art.save(tmp_path / "m")
    for name in ("report.json", "manifest.json"):
        text = (folder / name).read_text()
        for leak in ("customer-acme", "/home/alice", "mymodel.py:4", "log_file", '"log"'):
            assert leak not in text, (name, leak)
    assert "timing.bin" in (folder / "report.json").read_text()  # the note stays, cut to the file's name
    assert art.report.log  # the build's own report keeps it: only the saved copy leaves it out


def test_repr_of_an_artifact_is_sanitised(art: EngineArtifact, tmp_path: Path) -> None:
    loaded = EngineArtifact.load(art.save(tmp_path / "m"))
    loaded.metadata["targets"] = ["8.9\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07"]
    loaded.metadata["flavour"] = "tensorrt-rtx\x1b[31m"
    text = repr(loaded)
    assert "\x1b" not in text and "\x07" not in text


@pytest.mark.parametrize(
    "partition",
    [{"in_pytorch": [1]}, {"parts": [1, 2]}, {"in_pytorch": ["abc"]}, {"policy": 3}, {"in_pytorch": [["a", "b", "c"]]}],
)
def test_a_report_with_a_malformed_partition_is_refused_on_load(
    art: EngineArtifact, tmp_path: Path, partition: dict[str, object]
) -> None:
    folder = art.save(tmp_path / "m")
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["report"]["partition"] = partition
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="partition"):
        EngineArtifact.load(folder)
    with pytest.raises(UsageError, match="partition"):
        CompileReport.from_dict({"partition": partition})


def test_a_whole_model_artifact_whose_report_names_a_partition_saves_again(art: EngineArtifact, tmp_path: Path) -> None:
    """save() routes on the artifact's kind, not on what its report says."""
    loaded = EngineArtifact.load(art.save(tmp_path / "m"))
    loaded.report.partition = {"policy": "auto", "whole_module": "x", "parts": ["a"], "in_pytorch": [["b", "why"]]}
    again = EngineArtifact.load(loaded.save(tmp_path / "again"))
    assert again.kind == "whole" and again.engines == loaded.engines
    assert "left in PyTorch" in str(again.report)
