"""Reading what users hand us, within limits: size before reading, UTF-8, JSON depth and duplicate keys.

Every file or stream a user points torchtrt_compat at (specs, fleets, `env --json` outputs, requirement files,
artifact manifests, cache sidecars, error logs for `explain`) goes through here, so that a device that never ends
(`/dev/zero`), a pipe, a 5 GB file, 100,000 nested brackets or a duplicated key gives one `UsageError` naming the
problem and the fix, never a hang, a `MemoryError` or a `RecursionError`.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import zipfile
from pathlib import Path
from typing import IO, Any

from ._errors import UsageError

KiB = 1024
MiB = 1024 * KiB

#: Limits by kind of input. A spec is a few hundred bytes; a fleet of 10,000 hosts is a few MB.
MAX_SPEC_BYTES = 1 * MiB
MAX_FLEET_BYTES = 256 * MiB
MAX_MANIFEST_BYTES = 4 * MiB
MAX_SIDECAR_BYTES = 64 * KiB
MAX_LOG_BYTES = 64 * MiB
MAX_JSON_DEPTH = 64
GiB = 1024 * MiB
#: Zip archives (engine artifacts, the `.ep` inside them): what members may declare before anything is inflated.
MAX_ZIP_MEMBERS = 10_000
MAX_ZIP_MEMBER_BYTES = 8 * GiB
MAX_ZIP_RATIO = 10  #: declared bytes per byte of archive; a real artifact is stored, ratio 1 (a zip bomb: 1000+)


def user_path(path: str | os.PathLike[str], *, what: str, fix: str | None = None, resolve: bool = False) -> Path:
    """A path a user named (a flag, a plan value, an environment variable): ``~`` and ``~user`` expanded and, with
    ``resolve``, made absolute with its symlinks resolved. A home that cannot be found (``~nosuchuser``), a symlink
    loop or a NUL byte is a `UsageError` naming ``what``, never a `RuntimeError` traceback."""
    text = os.fspath(path)
    fix = fix or "pass a path that exists on this machine"
    try:
        given = Path(text).expanduser()
        return Path(os.path.realpath(given, strict=False)) if resolve and _loop_free(given, what) else given
    except RuntimeError as exc:  # expanduser: "Could not determine home directory."
        raise UsageError(f"{what} {str(text)[:200]}: {exc}", fix) from None
    except (OSError, ValueError) as exc:
        raise UsageError(f"{what} {str(text)[:200]} is not a usable path ({exc}).", fix) from None


def _loop_free(path: Path, what: str) -> bool:
    """True, or a `UsageError` when resolving ``path`` meets a symlink loop (realpath would return a path silently)."""
    loop = UsageError(
        f"{what} {str(path)[:200]} goes through a symlink loop.", "pass a path whose symlinks end in a real folder"
    )
    try:
        path.resolve(strict=False)
    except RuntimeError:  # Python 3.10-3.12: "Symlink loop from ..."
        raise loop from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # Python 3.13+
            raise loop from None
        raise
    return True


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str, fix: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a `UsageError`.

    Devices, pipes and sockets are refused before they are opened (they may never end); the size is checked before
    reading and again while reading, so a file that grows underneath cannot get past the limit.
    """
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise UsageError(f"{what} {p} does not exist.", fix or "pass the path of an existing file") from None
    except OSError as exc:
        raise UsageError(f"Cannot read {what} {p}: {exc.strerror or exc}.", fix or "pass a readable file") from None
    except ValueError as exc:  # an embedded NUL byte in the path
        raise UsageError(f"{what} path {str(p)[:80]!r} is not a usable path ({exc}).", fix or "pass a file") from None
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{what} {p} is a directory, not a file.", fix or "pass the path of a file")
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(
            f"{what} {p} is not a regular file (a device, pipe or socket may never end).",
            fix or "save the content to a file and pass that file",
        )
    if st.st_size > limit:
        raise _too_large(what, p, st.st_size, limit, fix)
    try:
        with open(p, "rb") as fh:
            return read_stream(fh, limit=limit, what=f"{what} {p}", fix=fix)
    except OSError as exc:
        raise UsageError(f"Cannot read {what} {p}: {exc.strerror or exc}.", fix or "pass a readable file") from None


def read_stream(stream: IO[bytes], *, limit: int, what: str, fix: str | None = None) -> bytes:
    """At most ``limit`` bytes from a binary stream (stdin, a zip member); more is a `UsageError`."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise _too_large(what, None, None, limit, fix)
    return bytes(data)


def decode_text(data: bytes, *, what: str, fix: str | None = None) -> str:
    """Strict UTF-8 (a BOM is allowed); anything else is a `UsageError` naming the first bad byte's offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{what} is not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x}).",
            fix or "save the file as UTF-8",
        ) from None


def loads_json(text: str | bytes, *, what: str, fix: str | None = None, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON strictly: valid UTF-8, no duplicate keys, no NaN/Infinity, nesting at most ``max_depth``."""
    if isinstance(text, bytes):
        text = decode_text(text, what=what, fix=fix)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates(what, fix), parse_constant=_no_constant(what, fix))
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).", fix or "fix the JSON"
        ) from None
    except RecursionError:
        raise _too_deep(what, max_depth, fix) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise UsageError(f"{what} holds a value JSON cannot represent here: {exc}.", fix or "fix the JSON") from None
    if text.count("[") + text.count("{") > max_depth and _depth(data) > max_depth:  # fewer brackets: cannot be
        raise _too_deep(what, max_depth, fix)
    return data


def load_json_file(
    path: str | os.PathLike[str], *, limit: int, what: str, fix: str | None = None, max_depth: int = MAX_JSON_DEPTH
) -> Any:
    """`read_bytes` then `loads_json`, with the path in every message."""
    data = read_bytes(path, limit=limit, what=what, fix=fix)
    return loads_json(data, what=f"{what} {Path(path)}", fix=fix, max_depth=max_depth)


def check_zip_members(
    zf: zipfile.ZipFile,
    *,
    archive_bytes: int,
    what: str,
    fix: str | None = None,
    member_limit: int = MAX_ZIP_MEMBER_BYTES,
) -> dict[str, zipfile.ZipInfo]:
    """The members of ``zf`` by name, after checking what they declare, before any of them is decompressed.

    At most `MAX_ZIP_MEMBERS` members, unique names, each at most ``member_limit`` bytes, and all of them together at
    most `MAX_ZIP_RATIO` times the archive's own size: a small file that declares gigabytes (a zip bomb) is refused
    here. `read_zip_member` then reads no more than a member declared.
    """
    infos = zf.infolist()
    if len(infos) > MAX_ZIP_MEMBERS:
        raise UsageError(f"{what} has {len(infos):,} members (at most {MAX_ZIP_MEMBERS:,}).", fix or "rebuild it")
    members: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in infos:
        if info.filename in members:
            raise UsageError(f"{what} holds {info.filename!r} twice; readers disagree on which counts.", fix)
        if info.file_size > member_limit:
            raise _too_large(f"{what}: member {info.filename!r}", None, info.file_size, member_limit, fix)
        members[info.filename] = info
        total += info.file_size
    allowed = max(archive_bytes, MiB) * MAX_ZIP_RATIO
    if total > allowed:
        raise UsageError(
            f"{what} declares {total:,} bytes of content in a {archive_bytes:,}-byte archive (more than "
            f"{MAX_ZIP_RATIO}x; a zip bomb would look like this). Nothing was decompressed.",
            fix or "use the file as it was written; rebuild it if it was replaced",
        )
    return members


def read_zip_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, *, what: str, fix: str | None = None) -> bytes:
    """A member's bytes, never more than it declared (checked by `check_zip_members`); CRC errors are a `UsageError`."""
    try:
        with zf.open(info) as fh:
            data = read_stream(fh, limit=info.file_size, what=f"{what}: member {info.filename!r}", fix=fix)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as exc:
        raise UsageError(f"{what}: member {info.filename!r} is damaged ({exc}).", fix or "rebuild it") from None
    if len(data) != info.file_size:
        raise UsageError(f"{what}: member {info.filename!r} is shorter than it declares.", fix or "rebuild it")
    return data


def _depth(data: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in node.values())
        elif isinstance(node, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in node)
    return deepest


def _no_duplicates(what: str, fix: str | None) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise UsageError(
                    f"{what} has the key {key!r} twice; JSON readers disagree on which one counts.",
                    fix or f"keep one {key!r}",
                )
            out[key] = value
        return out

    return hook


def _no_constant(what: str, fix: str | None) -> Any:
    def hook(name: str) -> Any:
        raise UsageError(f"{what} contains {name}, which is not JSON.", fix or "write a number or null")

    return hook


def _too_large(what: str, path: Path | None, size: int | None, limit: int, fix: str | None) -> UsageError:
    where = f" {path}" if path is not None else ""
    got = f" ({size:,} bytes)" if size is not None else ""
    return UsageError(
        f"{what}{where} is larger than the {limit:,}-byte limit{got}.",
        fix or "pass the file meant for this option; it is far smaller than that",
    )


def _too_deep(what: str, max_depth: int, fix: str | None) -> UsageError:
    return UsageError(f"{what} is nested deeper than {max_depth} levels.", fix or "pass the JSON meant for this option")
