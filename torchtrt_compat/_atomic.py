"""Atomic writes: a reader sees the old file (or folder) or the new one, never half of either."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from ._bounded import read_bytes
from ._errors import UsageError


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on a clean exit fsync it and rename it over ``path``."""
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open supports 'w' and 'wb', not {mode!r}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.chmod(tmp, _mode_for(target))  # mkstemp makes 0600; a replaced file keeps its mode, a new one follows umask
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    with atomic_open(path, "wb") as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_open(path, "w") as fh:
        fh.write(text)


def atomic_write_json(path: str | os.PathLike[str], data: Any, *, indent: int = 1) -> None:
    """``data`` as JSON (a trailing newline, so diffs of committed data stay clean), written atomically."""
    import json

    atomic_write_text(path, json.dumps(data, indent=indent) + "\n")


# ---- folders published as one ------------------------------------------------------------------------------------
#: Called with each file's path right after `write_file` wrote it (tests plant crashes here); None in normal use.
_after_write: Callable[[Path], None] | None = None

_TMP, _OLD = "tmp", "old"


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (inside an `atomic_dir` staging folder) and flush it to disk. The file must not
    exist (``O_EXCL``, no symlink followed)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    wrote(path)


def wrote(path: Path) -> None:
    """Tell the test hook that ``path`` was written into a staging folder by something other than `write_file`."""
    if _after_write is not None:
        _after_write(path)


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Stage a folder beside ``path``, then publish it as one: a reader sees the old folder or the new one.

    Yields the staging folder (``.NAME.tmp-PID-XXXX`` beside ``path``). On a clean exit its files are synced and it
    replaces ``path`` in one step: an atomic exchange where the filesystem has one (Linux ``renameat2``), otherwise
    the old folder is renamed aside, the new one renamed in, the old one deleted (a crash between the two renames
    leaves the old folder aside, and the next `atomic_dir` on ``path`` puts it back). On an exception nothing changes.
    Staging folders left by killed runs are removed when the next run starts.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_stale(target)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.{_TMP}-{os.getpid()}-", dir=target.parent))
    try:
        os.chmod(staging, _mode_for(target) | 0o111 if target.is_dir() else 0o777 & ~_umask())  # mkdtemp made 0700
        yield staging
        _fsync_dir(staging)
        for sub in staging.rglob("*"):
            if sub.is_dir():
                _fsync_dir(sub)
        _publish(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _fsync_dir(target.parent)


def _publish(staging: Path, target: Path) -> None:
    if not os.path.lexists(target):
        try:
            os.rename(staging, target)
            return
        except OSError as exc:  # created meanwhile by another run: replace it like an existing one
            if exc.errno not in (errno.EEXIST, errno.ENOTEMPTY):
                raise
    if _exchange(staging, target):
        shutil.rmtree(staging, ignore_errors=True)  # the staging name now holds the old folder
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.{_OLD}-{os.getpid()}-", dir=target.parent))
    os.rename(target, aside / "set")
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(aside / "set", target)
        shutil.rmtree(aside, ignore_errors=True)
        raise
    shutil.rmtree(aside, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux ``renameat2(RENAME_EXCHANGE)``); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def clean_stale(target: Path) -> list[Path]:
    """Remove staging folders beside ``target`` left by runs that are gone; put back an old folder set aside by a
    run killed mid-replacement when ``target`` itself is missing. Returns what was removed or restored."""
    done: list[Path] = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return done
    for entry in sorted(entries):
        kind, pid = _staging_owner(entry.name, target.name)
        if kind is None or pid == os.getpid() or _alive(pid):
            continue
        set_aside = entry / "set"
        if kind == _OLD and set_aside.is_dir() and not os.path.lexists(target):
            with contextlib.suppress(OSError):
                os.rename(set_aside, target)
        if entry.is_symlink():  # rmtree refuses symlinks: a staging name that holds a link is unlinked
            with contextlib.suppress(OSError):
                os.unlink(entry)
        else:
            shutil.rmtree(entry, ignore_errors=True)
        done.append(entry)
    return done


def _staging_owner(name: str, target_name: str) -> tuple[str | None, int]:
    for kind in (_TMP, _OLD):
        prefix = f".{target_name}.{kind}-"
        if name.startswith(prefix):
            pid = name[len(prefix) :].split("-", 1)[0]
            if pid.isascii() and pid.isdigit():
                return kind, int(pid)
    return None, 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# ---- where outputs may go ------------------------------------------------------------------------------------------
MARK = ".torchtrt_compat"  #: the file that marks a folder as written by this library (`mark_folder`)
MAX_MARK_BYTES = 1024 * 1024


def mark_folder(folder: Path, kind: str, *, may_add: tuple[str, ...] = ()) -> None:
    """Mark ``folder`` (a staging folder) as one this library wrote: ``folder/.torchtrt_compat`` records ``kind``
    and every entry in it now, plus ``may_add`` (files written after the mark, e.g. a signature). Only a folder so
    marked, holding nothing else, is replaced by `check_replaceable`."""
    import json

    entries = sorted({*folder_entries(folder), *may_add})
    record = {"written_by": "torchtrt_compat", "kind": kind, "entries": entries}
    write_file(folder / MARK, (json.dumps(record, indent=1) + "\n").encode())


def folder_entries(folder: Path) -> list[str]:
    """Every file and folder below ``folder`` as a relative POSIX path; symlinks are listed, never followed."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        rel = Path(dirpath).relative_to(folder)
        for name in (*dirnames, *filenames):
            out.append((rel / name).as_posix())
    return sorted(out)


def is_marked(folder: Path, kind: str) -> bool:
    """``folder`` carries our mark for ``kind`` and holds nothing the mark does not list."""
    import json

    mark = folder / MARK
    if mark.is_symlink() or not mark.is_file():
        return False
    try:
        record = json.loads(read_bytes(mark, limit=MAX_MARK_BYTES, what="folder mark"))
    except (UsageError, ValueError, OSError):
        return False
    if not (isinstance(record, dict) and record.get("written_by") == "torchtrt_compat" and record.get("kind") == kind):
        return False
    listed = set(record.get("entries") or []) | {MARK}
    return all(rel in listed for rel in folder_entries(folder))


def check_replaceable(
    target: Path,
    *,
    marker: str,
    what: str,
    kind: str | None = None,
    legacy: Callable[[Path], bool] | None = None,
) -> Path:
    """Where an `atomic_dir` folder for ``target`` may be published, or a `UsageError` that leaves it alone.

    Publishable: a missing path, an empty folder, or a folder this library wrote (marked for ``kind`` by
    `mark_folder`, holding nothing else; or, where ``legacy`` says so, one written before folders were marked). A
    symlink is resolved: the folder it names is the one replaced (returned), and a link to nothing is refused. A
    file, or a folder of anyone else's files (a ``manifest.json`` alone proves nothing), is refused. Without
    ``kind``, a folder holding ``marker`` counts as ours (the earlier rule, for callers that do not mark yet).
    """

    if target.is_symlink():
        real = Path(os.path.realpath(target))
        if not real.exists():
            raise UsageError(
                f"{target} is a symlink to {real}, which does not exist; it is left alone.",
                "pass the real folder, or remove the dangling link",
            )
        target = real
    if os.path.lexists(target) and not target.is_dir():
        hint = f" (artifacts are folders now: pass {target.with_suffix('')})" if target.suffix == ".ttc" else ""
        raise UsageError(
            f"{target} is a file, not {what} folder{hint}.",
            "pass the path of a folder: new, empty, or one written before",
        )
    if not target.is_dir() or not any(target.iterdir()):
        return target
    if kind is None:
        ours = (target / marker).is_file()
    else:
        ours = is_marked(target, kind) or (legacy is not None and not (target / MARK).exists() and legacy(target))
    if not ours:
        raise UsageError(
            f"{target} is a folder that holds other files, not {what} this library wrote; it is left alone.",
            f"pass a new or empty folder, e.g. {target / 'model'}",
        )
    return target


_SYSTEM_TREES = ("/proc", "/dev", "/sys")


def check_output_dir(path: str | os.PathLike[str], *, what: str = "--out") -> Path:
    """Check, before any work starts, that ``path`` is (or can be created as) a writable directory on a disk.

    Refused with a `UsageError`: an empty path, anything under /proc, /dev or /sys (``/dev/null`` included), an
    existing file, a path below a file, a directory that is not writable or on a read-only filesystem.
    """

    text = os.fspath(path)
    if not str(text).strip():
        raise UsageError(f"{what} is empty.", f"name a directory, e.g. {what} out")
    given = Path(text).expanduser()
    resolved = given.resolve()
    fix = f"choose a writable directory on a disk, e.g. {what} out (it is created if missing)"
    for tree in _SYSTEM_TREES:
        if resolved == Path(tree) or Path(tree) in resolved.parents:
            raise UsageError(f"{what} {given} is under {tree}, which holds no files to write.", fix)
    existing = resolved
    while not os.path.lexists(existing):
        existing = existing.parent
    if not existing.is_dir():
        where = "is a file" if existing == resolved else f"cannot be created: {existing} is a file"
        raise UsageError(f"{what} {given} {where}, not a directory.", fix)
    if not os.access(existing, os.W_OK | os.X_OK) or _read_only(existing):
        raise UsageError(f"{what} {given}: {existing} is not writable.", fix)
    if existing == resolved:
        try:
            fd, probe = tempfile.mkstemp(prefix=".torchtrt_compat-probe-", dir=resolved)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise UsageError(f"{what} {given} is not writable ({exc.strerror or exc}).", fix) from None
    return resolved


def _read_only(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False
