"""`_atomic`: every artifact, cache and report is written through it; a reader sees the old file or the new one."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from torchtrt_compat._atomic import atomic_open, atomic_write_bytes, atomic_write_text


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_replacing_a_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")
    target.chmod(0o640)
    atomic_write_text(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_bytes(tmp_path / "engine.plan", b"\x00\x01")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "engine.plan").stat().st_mode) == 0o640


def test_an_exception_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "cache.bin"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_open(target, "wb") as fh:
        fh.write(b"half of the new")
        raise RuntimeError("disk full")
    assert target.read_bytes() == b"old" and _leftovers(tmp_path) == []


def test_parent_folders_are_created(tmp_path: Path) -> None:
    atomic_write_text(tmp_path / "a" / "b" / "c.txt", "x")
    assert (tmp_path / "a" / "b" / "c.txt").read_text() == "x"


def test_only_write_modes(tmp_path: Path) -> None:
    with pytest.raises(ValueError), atomic_open(tmp_path / "x", "a"):
        pass
