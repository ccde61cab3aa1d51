"""`_atomic`: every artifact, cache and report is written through it; a reader sees the old file or the new one."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from torchtrt_compat._atomic import atomic_open, atomic_write_bytes, atomic_write_text


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".tmp" in p.name]


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


# ---- staging folders shared by hosts (reliability audit 2026-11-26, item 8) ---------------------------------------
def _aged(path: Path, seconds: float) -> Path:
    old = time.time() - seconds
    os.utime(path, (old, old), follow_symlinks=False)
    return path


def test_only_this_host_s_staging_folders_are_judged_by_their_pid(tmp_path: Path) -> None:
    """A pid means something only on its own host and pid namespace: another host's (or container's) staging folder
    sharing the output folder is left alone while it may be live, and removed once it is a day old."""
    from torchtrt_compat import _atomic

    target = tmp_path / "m"
    mine_dead = tmp_path / f".m.tmp-{_atomic.owner()}-999999999-aaaa"
    mine_live = tmp_path / f".m.tmp-{_atomic.owner()}-{os.getppid()}-bbbb"
    other_live = tmp_path / ".m.tmp-h0123456789ab-400001-cccc"
    other_old = tmp_path / ".m.tmp-h0123456789ab-400002-dddd"
    legacy = tmp_path / ".m.tmp-999999-eeee"  # an earlier release's name: no owner, so only by age
    temp_log = tmp_path / f".m.tmp-{_atomic.owner()}-999999998-log"
    for folder in (mine_dead, mine_live, other_live, other_old, legacy):
        folder.mkdir()
    temp_log.write_text("half a log")
    _aged(other_old, _atomic.STALE_AFTER_S + 60)
    removed = _atomic.clean_stale(target)
    assert sorted(removed) == sorted([mine_dead, other_old, temp_log])
    assert mine_live.exists() and other_live.exists() and legacy.exists()
    _aged(legacy, _atomic.STALE_AFTER_S + 60)
    assert _atomic.clean_stale(target) == [legacy]


def test_staging_names_carry_this_host_and_process(tmp_path: Path) -> None:
    from torchtrt_compat import _atomic

    with _atomic.atomic_dir(tmp_path / "m") as staging:
        assert staging.name.startswith(f".m.tmp-{_atomic.owner()}-{os.getpid()}-")
        assert staging.stat().st_mode & 0o777 == 0o700  # nobody else can add to it while it is written
    assert (tmp_path / "m").is_dir()


def test_a_symlink_below_the_output_folder_stops_publishing(tmp_path: Path) -> None:
    from torchtrt_compat import _atomic
    from torchtrt_compat._errors import UsageError

    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "model").symlink_to(tmp_path / "elsewhere")
    with (
        pytest.raises(UsageError, match="is a symlink"),
        _atomic.atomic_dir(tmp_path / "out" / "model" / "sm89", within=tmp_path / "out"),
    ):
        pass
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_an_output_folder_inside_a_marked_folder_is_refused(tmp_path: Path) -> None:
    from torchtrt_compat import _atomic
    from torchtrt_compat._errors import UsageError

    (tmp_path / "art").mkdir()
    _atomic.mark_folder(tmp_path / "art", "engine_artifact")
    with pytest.raises(UsageError, match="inside"):
        _atomic.check_output_dir(tmp_path / "art" / "sub")


@pytest.mark.parametrize("text", ["~nosuchuser/x", "a\x00b"])
def test_a_user_path_that_cannot_be_used_is_a_usage_error(text: str) -> None:
    from torchtrt_compat._bounded import user_path
    from torchtrt_compat._errors import UsageError

    with pytest.raises(UsageError):
        user_path(text, what="--out", resolve=True)
