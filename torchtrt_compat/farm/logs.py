"""Build logs beside artifact folders (``OUT/MODEL/LABEL.build.log`` for a plan, ``DIR/NAME.build.log`` for one
build): what torch, torch_tensorrt and TensorRT printed while the artifact was built.

A log is written under an owned temporary name (``O_EXCL``: never through a symlink, never into a file that was
there) and renamed into place when the build ends. An existing log is replaced only when this library wrote it: its
first line is `HEADER` (or, for a log written before logs carried it, it sits beside an artifact folder of ours). A
symlink, a folder or anyone else's file at that name is refused before the build starts, and left alone.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from .. import _atomic
from .._errors import UsageError
from ..compiler.artifact import KIND

HEADER = b"# torchtrt_compat build log"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def header(name: str) -> bytes:
    """The first line of the log of the build ``name``."""
    return HEADER + f": {name}\n".encode("utf-8", "backslashreplace")


def artifact_of(log: Path) -> Path:
    """The artifact folder a log belongs to: ``X.build.log`` -> ``X``."""
    return log.with_name(log.name.removesuffix(".build.log"))


def check_log(path: Path) -> None:
    """A `UsageError` unless ``path`` is missing or a build log this library wrote (and may replace)."""
    st = _atomic.lstat_entry(path)
    if st is None:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UsageError(
            f"{path} is a symlink where the build log goes; a log is never written through a link (anyone who can "
            "write the folder could point it at your files).",
            "remove the link",
        )
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise UsageError(
            f"{path} is {kind}, where the build log goes.", "move it away, or choose another output folder"
        )
    if _starts_with_header(path) or _atomic.is_marked(artifact_of(path), KIND):
        return
    raise UsageError(
        f"{path} is not a build log this library wrote; it is left alone.",
        "move it away (the build writes its log there), or choose another output folder",
    )


def _starts_with_header(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as fh:
        return fh.read(len(HEADER)) == HEADER


def open_log(path: Path, name: str) -> tuple[int, str]:
    """A new temporary file beside ``path`` holding the header: (fd open for appending, its path)."""
    fd, tmp = _atomic.new_temp_file(path)
    try:
        os.write(fd, header(name))
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return fd, tmp


def append_to(tmp: str) -> int:
    """Open a temporary log made by `open_log` (in another process) for appending, never through a symlink."""
    return os.open(tmp, os.O_WRONLY | os.O_APPEND | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0))


def publish_log(tmp: str, path: Path) -> Path:
    """Rename the finished temporary log to ``path`` when that is still a log of ours (or missing); otherwise it is
    kept beside it as ``path.PID`` (someone put a file there meanwhile). Returns where the log is."""
    try:
        check_log(path)
    except UsageError:
        kept = path.with_name(f"{path.name}.{os.getpid()}")
        try:
            os.link(tmp, kept)  # never over a file that is there
            os.unlink(tmp)
        except OSError:
            return Path(tmp)
        return kept
    try:
        os.replace(tmp, path)
    except OSError:
        return Path(tmp)
    return path


def write_log(path: Path, name: str, text: str) -> Path:
    """Write a whole log (`open_log`, then `publish_log`); returns where it is."""
    fd, tmp = open_log(path, name)
    with os.fdopen(fd, "wb") as fh:
        fh.write(text.encode("utf-8", "backslashreplace"))
        fh.flush()
        os.fsync(fh.fileno())
    return publish_log(tmp, path)
