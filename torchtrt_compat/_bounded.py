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
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

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
    size = _regular_file_size(p, what, fix)
    if size > limit:
        raise _too_large(what, p, size, limit, fix)
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


@dataclass(frozen=True)
class Ends:
    """What `read_ends` read of a log: all of it, or its head and its tail with the byte range between them."""

    head: bytes
    tail: bytes = b""
    total: int = 0  #: bytes in the input (for a stream cut at `MAX_STREAM_BYTES`: the bytes read)
    skipped: tuple[int, int] | None = None  #: [start, end) byte offsets not read, when the input was cut
    cut_at_end: bool = False  #: a stream longer than `MAX_STREAM_BYTES`: its end was never read

    @property
    def whole(self) -> bool:
        return self.skipped is None and not self.cut_at_end


class Readable(Protocol):
    """What `read_ends` reads a stream through: ``read(n)`` returning at most about n bytes, b"" at the end."""

    def read(self, n: int = -1, /) -> bytes: ...


#: A stream (stdin) is read at most this far; beyond it the end is not read (a pipe may never end).
MAX_STREAM_BYTES = 4 * GiB
_CHUNK = 4 * MiB


def read_ends(
    source: str | os.PathLike[str] | Readable, *, limit: int, what: str, fix: str | None = None, head_share: int = 4
) -> Ends:
    """A log of any size, within ``limit`` bytes of memory: whole when it fits, else its first ``limit //
    head_share`` bytes and its last bytes (a file is read at both ends with one seek; a stream is read through once,
    keeping only its tail), with the byte range left out. A path must be a regular file (see `read_bytes`)."""
    head_limit = limit // head_share
    if not isinstance(source, (str, os.PathLike)):
        return _stream_ends(source, limit=limit, head_limit=head_limit)
    p = Path(source)
    size = _regular_file_size(p, what, fix)
    try:
        with open(p, "rb") as fh:
            if size <= limit:
                data = fh.read(limit + 1)
                if len(data) <= limit:
                    return Ends(bytes(data), total=len(data))
                fh.seek(0)  # it grew while we looked: read its two ends
                size = os.fstat(fh.fileno()).st_size
            head = fh.read(head_limit)
            tail_start = max(size - (limit - head_limit), len(head))
            fh.seek(tail_start)
            tail = fh.read(limit - head_limit)
    except OSError as exc:
        raise UsageError(f"Cannot read {what} {p}: {exc.strerror or exc}.", fix or "pass a readable file") from None
    skipped = (len(head), tail_start) if tail_start > len(head) else None
    return Ends(bytes(head), bytes(tail), total=max(size, tail_start + len(tail)), skipped=skipped)


def _stream_ends(stream: Readable, *, limit: int, head_limit: int) -> Ends:
    head = bytes(stream.read(limit + 1))
    if len(head) <= limit:
        return Ends(head, total=len(head))
    rest, head = head[head_limit:], head[:head_limit]
    keep = limit - head_limit
    tail = bytearray(rest[-keep:])
    total = len(head) + len(rest)
    while total < MAX_STREAM_BYTES:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        total += len(chunk)
        tail += chunk
        if len(tail) > 2 * keep:  # trim now and then, not on every chunk
            del tail[: len(tail) - keep]
    cut = total >= MAX_STREAM_BYTES and bool(stream.read(1))
    del tail[: max(len(tail) - keep, 0)]
    tail_start = total - len(tail)
    return Ends(head, bytes(tail), total=total, skipped=(len(head), tail_start), cut_at_end=cut)


def _regular_file_size(p: Path, what: str, fix: str | None) -> int:
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
    return st.st_size


#: Byte-order marks, longest first (UTF-32's little-endian mark begins with UTF-16's).
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def log_encoding(data: bytes) -> str:
    """The encoding of a log's first bytes: UTF-16 (or UTF-32) when every other byte (every few bytes) is NUL, as
    ASCII text in it is (Windows PowerShell's `>` writes UTF-16LE, with a byte-order mark); UTF-8 otherwise. A mark
    alone does not decide: binary junk may start with 0xFF 0xFE."""
    sample = data[:4096]
    for bom, name in _BOMS:
        if sample.startswith(bom):
            if name == "utf-8-sig" or _nul_pattern(sample[len(bom) :], name):
                return name
            return "utf-8"
    for name in ("utf-16-le", "utf-16-be"):
        if _nul_pattern(sample, name, strict=True):
            return name
    return "utf-8"


def _nul_pattern(sample: bytes, encoding: str, *, strict: bool = False) -> bool:
    """Whether ``sample`` looks like mostly-ASCII text in ``encoding``: the high bytes of its code units are NUL."""
    unit = 4 if encoding.startswith("utf-32") else 2
    units = len(sample) // unit
    if units < 8:
        return False
    low = 0 if encoding.endswith("le") else unit - 1  # where the ASCII byte sits in a code unit
    nul_high = sum(sample[i::unit].count(0) for i in range(unit) if i != low) / (units * (unit - 1))
    nul_low = sample[low::unit].count(0) / units
    return nul_high >= (0.8 if strict else 0.5) and nul_low <= 0.05


def decode_log(data: bytes, encoding: str, *, start: int = 0) -> str:
    """``data`` (which starts ``start`` bytes into the log) as text in ``encoding``; a piece cut out of the middle of a
    UTF-16 / UTF-32 log is realigned to its code units, and undecodable bytes become U+FFFD (a stray byte must not
    hide the error around it)."""
    if encoding.startswith(("utf-16", "utf-32")):
        unit = 4 if encoding.startswith("utf-32") else 2
        skip = (-start) % unit
        data = data[skip : len(data) - (len(data) - skip) % unit]
    text = data.decode("utf-8" if encoding == "utf-8-sig" else encoding, "replace")
    return text[1:] if start == 0 and text.startswith("\ufeff") else text


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
