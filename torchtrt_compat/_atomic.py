"""Atomic writes: a reader sees the old file (or folder) or the new one, never half of either."""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import os
import shutil
import socket
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from ._bounded import read_bytes, user_path
from ._errors import UsageError


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on a clean exit fsync it and rename it over ``path``."""
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open supports 'w' and 'wb', not {mode!r}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_stale(target)
    fd, tmp = new_temp_file(target)
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
#: A staging entry of another host or process namespace (a shared --out, NFS, containers) is removed only when it
#: has not changed for this long: its owner's pids mean nothing here, and a live one must never be removed.
STALE_AFTER_S = 24 * 3600.0
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@functools.lru_cache(maxsize=1)
def owner() -> str:
    """This host and process namespace as a token for staging names (``h`` + 12 hex digits of the host name, boot
    id and pid namespace): `clean_stale` judges by pid only the entries that carry this token."""
    parts = [socket.gethostname()]
    with contextlib.suppress(OSError):
        with open("/proc/sys/kernel/random/boot_id", "rb") as fh:
            parts.append(fh.read(64).decode("ascii", "replace").strip())
    with contextlib.suppress(OSError):
        parts.append(os.readlink("/proc/self/ns/pid"))
    return "h" + hashlib.sha256("\0".join(parts).encode()).hexdigest()[:12]


def _prefix(target: Path, kind: str) -> str:
    return f".{target.name}.{kind}-{owner()}-{os.getpid()}-"


def new_temp_file(target: Path) -> tuple[int, str]:
    """A new file beside ``target`` under an owned temporary name (``O_EXCL``: never a file that was there, never
    through a symlink), with the mode ``target`` has or would get; (fd, path)."""
    fd, tmp = tempfile.mkstemp(prefix=_prefix(target, _TMP), dir=target.parent)
    os.chmod(tmp, _mode_for(target))  # mkstemp makes 0600; a replaced file keeps its mode, a new one follows umask
    return fd, tmp


def new_temp_dir(target: Path) -> str:
    """A new ``0700`` folder beside ``target`` under an owned temporary name (`clean_stale` removes it once its
    process is gone)."""
    return tempfile.mkdtemp(prefix=_prefix(target, _TMP), dir=target.parent)


def open_new(path: str | os.PathLike[str], mode: int = 0o666) -> int:
    """Open ``path`` for writing, creating it: it must not exist, and a symlink there is never followed."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), mode)


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (inside an `atomic_dir` staging folder) and flush it to disk. The file must not
    exist (``O_EXCL``, no symlink followed)."""
    fd = open_new(path)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    wrote(path)


def wrote(path: Path) -> None:
    """Tell the test hook that ``path`` was written into a staging folder by something other than `write_file`."""
    if _after_write is not None:
        _after_write(path)


def lstat_entry(path: Path) -> os.stat_result | None:
    """``os.lstat(path)`` (links not followed), None when nothing is there; any other failure is a one-line
    `UsageError` about an output path."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UsageError(f"Cannot use {path}: {exc.strerror or exc}.", "choose another output folder") from None


def check_no_links(path: str | os.PathLike[str], root: str | os.PathLike[str], *, what: str = "output") -> None:
    """Every existing component of ``path`` below ``root`` (``path`` included) is a real folder, not a symlink or a
    file: where several people write one output folder, a link planted there must not send our files elsewhere."""
    base, target = Path(root), Path(path)
    try:
        rel = target.relative_to(base)
    except ValueError:
        raise UsageError(f"{target} is not inside {base}.", f"write {what} inside {base}") from None
    current = base
    for part in rel.parts:
        current = current / part
        st = lstat_entry(current)
        if st is None:
            return
        if stat.S_ISLNK(st.st_mode):
            raise UsageError(
                f"{current} is a symlink; {what} is written only into real folders below {base}, never through a "
                "link someone else may have planted.",
                "remove the link (or choose another output folder)",
            )
        if not stat.S_ISDIR(st.st_mode):
            raise UsageError(f"{current} is a file, not a folder; {what} cannot go there.", "move the file away")


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike[str], *, within: str | os.PathLike[str] | None = None) -> Iterator[Path]:
    """Stage a folder beside ``path``, then publish it as one: a reader sees the old folder or the new one.

    Yields the staging folder (``.NAME.tmp-OWNER-PID-XXXX`` beside ``path``, ``0700`` until it is published, so
    nobody else can put anything into it). On a clean exit its files are synced and it replaces ``path`` in one step:
    an atomic exchange where the filesystem has one (Linux ``renameat2``), otherwise the old folder is renamed aside,
    the new one renamed in, the old one deleted (a crash between the two renames leaves the old folder aside, and the
    next `atomic_dir` on ``path`` puts it back). On an exception nothing changes. Staging folders left by killed runs
    of this host are removed when the next run starts (`clean_stale`). With ``within``, no folder between it and
    ``path`` may be a symlink, checked before staging and again before publishing.
    """
    target = Path(path)
    if within is not None:
        check_no_links(target, within)
    target.parent.mkdir(parents=True, exist_ok=True)
    if within is not None:
        check_no_links(target, within)
    clean_stale(target)
    staging = Path(tempfile.mkdtemp(prefix=_prefix(target, _TMP), dir=target.parent))
    try:
        yield staging
        _fsync_dir(staging)
        for sub in staging.rglob("*"):
            if sub.is_dir():
                _fsync_dir(sub)
        if within is not None:
            check_no_links(target, within)
        os.chmod(staging, _mode_for(target) | 0o111 if target.is_dir() else 0o777 & ~_umask())  # mkdtemp made 0700
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
    aside = Path(tempfile.mkdtemp(prefix=_prefix(target, _OLD), dir=target.parent))
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
    """Remove staging folders and temporary files beside ``target`` that nobody will finish; put back an old folder
    set aside by a run killed mid-replacement when ``target`` itself is missing. Returns what was removed or restored.

    An entry of this host and process namespace (`owner`) is stale when its process is gone. An entry of another
    host or namespace, or an unowned one from an earlier release, is stale only when it has not changed for
    `STALE_AFTER_S`: a pid from elsewhere says nothing here, and a build there may still be writing it.
    """
    done: list[Path] = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return done
    now = time.time()
    for entry in sorted(entries):
        kind, who, pid = _staging_owner(entry.name, target.name)
        if kind is None:
            continue
        if who == owner():
            if pid == os.getpid() or _alive(pid):
                continue
        else:
            try:
                if now - os.lstat(entry).st_mtime < STALE_AFTER_S:
                    continue
            except OSError:
                continue
        set_aside = entry / "set"
        if kind == _OLD and not entry.is_symlink() and set_aside.is_dir() and not os.path.lexists(target):
            with contextlib.suppress(OSError):
                os.rename(set_aside, target)
        if entry.is_symlink() or not entry.is_dir():  # a temporary file, or a link (rmtree refuses links)
            with contextlib.suppress(OSError):
                os.unlink(entry)
        else:
            shutil.rmtree(entry, ignore_errors=True)
        done.append(entry)
    return done


def _staging_owner(name: str, target_name: str) -> tuple[str | None, str | None, int]:
    """(kind, owner token or None for an unowned name of an earlier release, pid) of a staging name for
    ``target_name``; kind None when ``name`` is not one."""
    for kind in (_TMP, _OLD):
        prefix = f".{target_name}.{kind}-"
        if not name.startswith(prefix):
            continue
        fields = name[len(prefix) :].split("-")
        if len(fields) >= 3 and len(fields[0]) == 13 and fields[0][0] == "h" and fields[1].isascii():
            if fields[1].isdigit():
                return kind, fields[0], int(fields[1])
        elif fields[0].isascii() and fields[0].isdigit():
            return kind, None, int(fields[0])
    return None, None, 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OverflowError:
        return False
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
    fix = f"choose a writable directory on a disk, e.g. {what} out (it is created if missing)"
    given = user_path(text, what=what, fix=fix)
    resolved = user_path(given, what=what, fix=fix, resolve=True)
    for tree in _SYSTEM_TREES:
        if resolved == Path(tree) or Path(tree) in resolved.parents:
            raise UsageError(f"{what} {given} is under {tree}, which holds no files to write.", fix)
    existing = resolved
    while not os.path.lexists(existing):
        existing = existing.parent
    if not existing.is_dir():
        where = "is a file" if existing == resolved else f"cannot be created: {existing} is a file"
        raise UsageError(f"{what} {given} {where}, not a directory.", fix)
    inside = marked_ancestor(resolved)
    if inside is not None:
        raise UsageError(
            f"{what} {given} is inside {inside}, a folder this library wrote and marked (an artifact is a closed "
            "format: anything written into it breaks it).",
            f"choose a folder outside it, e.g. {inside.parent / 'out'}",
        )
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


def marked_ancestor(path: Path) -> Path | None:
    """``path`` itself or the nearest folder above it that carries our mark (`mark_folder`), else None."""
    for folder in (path, *path.parents):
        if os.path.lexists(folder / MARK):
            return folder
    return None


def _read_only(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False
