"""Timing and engine caches keyed by what makes them valid: GPU model, compute capability, TensorRT flavour and version.

A TensorRT timing cache or engine from another GPU model or TensorRT version is at best useless and at worst wrong,
and torch_tensorrt reuses whatever file it is pointed at. Here every cache lives under a directory named by its key,
and a timing cache carries a sidecar JSON (``<file>.json``) with its key and the checksum of the bytes on disk: a
mismatched, corrupt or unverified file is moved aside with a warning and a new one is started, never silently reused
and never fatal.

Several processes may share a cache: saving, sealing, loading and moving aside all happen under one file lock
(``<file>.lock``), so a reader sees a data file and the sidecar written for it, never one writer's data beside the
other's sidecar. The checksum is always computed from the bytes that are on disk under that lock. Misuse (a key that
is not one, data that is not bytes, a cache root that is a file or cannot be written) is a `UsageError`.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import re
import stat
import warnings
from collections.abc import Iterator
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .._atomic import atomic_write_bytes, atomic_write_text
from .._bounded import MAX_SIDECAR_BYTES, load_json_file, read_bytes
from .._errors import UsageError
from .._lazy import install_extra
from ..env import detect_environment
from ..versions import sm_name

ENV_CACHE_ROOT = "TORCHTRT_COMPAT_CACHE"
_SIDECAR_FORMAT = 1
TIMING_CACHE_NAME = "timing_cache.bin"
#: A TensorRT timing cache is kilobytes to tens of megabytes; more than this is not one.
MAX_TIMING_CACHE_BYTES = 1024 * 1024 * 1024
#: How long a save or load waits for another process holding the same cache.
LOCK_TIMEOUT_S = 60.0
_WRITABLE_FIX = "set TORCHTRT_COMPAT_CACHE (or root=) to a writable folder with free space"


@dataclass(frozen=True)
class CacheKey:
    """What a TensorRT cache is valid for."""

    gpu_name: str
    compute_capability: str  # "9.0"
    flavour: str  # "tensorrt" or "tensorrt_rtx"
    trt_version: str

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not isinstance(value, str):
                raise UsageError(
                    f"Cache key field {name} must be a string, got {type(value).__name__} {value!r}.",
                    f"pass {name} as a string, e.g. CacheKey('NVIDIA L4', '8.9', 'tensorrt_rtx', '1.6.1.120')",
                )
            if not value.strip():
                raise UsageError(f"Cache key field {name}={value!r} is empty.", f"pass a non-empty {name}")

    @classmethod
    def from_dict(cls, data: Any) -> CacheKey:
        """A key from its `to_dict` form; anything else is a `UsageError` naming the fields."""
        names = [f.name for f in fields(cls)]
        if not isinstance(data, dict):
            raise UsageError(
                f"A cache key must be a CacheKey or a dict with {', '.join(names)}; got {type(data).__name__}.",
                "pass CacheKey(gpu_name, compute_capability, flavour, trt_version)",
            )
        missing = [n for n in names if n not in data]
        extra = sorted(str(k) for k in data if k not in names)
        if missing or extra:
            problems = ([f"missing {', '.join(missing)}"] if missing else []) + (
                [f"unknown {', '.join(extra)}"] if extra else []
            )
            raise UsageError(
                f"Cache key dict is {' and '.join(problems)}.", f"give exactly these keys: {', '.join(names)}"
            )
        return cls(**{n: data[n] for n in names})

    def slug(self) -> str:
        """A directory name: ``nvidia-h100-80gb-hbm3__sm90__tensorrt-10.14.1``."""
        cc = sm_name(self.compute_capability, separator="")
        return "__".join(_slugify(p) for p in (self.gpu_name, cc, f"{self.flavour}-{self.trt_version}"))

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def _slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.strip().lower()).strip("-.") or "unknown"


def default_cache_root() -> Path:
    """``$TORCHTRT_COMPAT_CACHE`` if set, else ``~/.cache/torchtrt_compat``."""
    env = os.environ.get(ENV_CACHE_ROOT, "").strip()
    try:
        return Path(env).expanduser() if env else Path.home() / ".cache" / "torchtrt_compat"
    except RuntimeError:  # "~nosuchuser/c", or no home directory at all
        where = f"{ENV_CACHE_ROOT}={env!r}" if env else "the home directory"
        raise UsageError(
            f"The cache folder cannot be found: {where} names a home directory that does not exist.",
            f"set {ENV_CACHE_ROOT} to an absolute folder you can write",
        ) from None


def cache_dir(
    kind: str,
    gpu_name: str,
    cc: str | tuple[int, int],
    flavour: str,
    trt_version: str,
    root: str | os.PathLike[str] | None = None,
) -> Path:
    """``<root>/<kind>/<key slug>``, created if missing. ``kind`` is e.g. ``"timing"`` or ``"engines"``."""
    if not isinstance(kind, str) or not kind or _slugify(kind) != kind:
        raise UsageError(
            f"Cache kind {kind!r} is not a plain name.", "use a lowercase name such as 'timing' or 'engines'"
        )
    key = CacheKey(gpu_name, _cc_text(cc), flavour, trt_version)
    path = Path(root).expanduser() if root is not None else default_cache_root()
    path = path / kind / key.slug()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(
            f"Cannot create the cache folder {path}: a part of that path is a file, not a folder.",
            "pass a folder as the cache root (TORCHTRT_COMPAT_CACHE or root=)",
        ) from None
    except OSError as exc:
        raise UsageError(f"Cannot create the cache folder {path}: {exc.strerror or exc}.", _WRITABLE_FIX) from None
    return path


def _cc_text(cc: str | tuple[int, int]) -> str:
    return f"{cc[0]}.{cc[1]}" if isinstance(cc, tuple) and len(cc) == 2 else str(cc)


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".json")


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextlib.contextmanager
def _locked(path: Path, *, writing: bool) -> Iterator[None]:
    """Hold ``<path>.lock`` (one process at a time). A reader on a read-only folder, where nobody can write either,
    goes on without the lock; a writer that cannot lock cannot write, which is a `UsageError`."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(_lock_path(path)), timeout=LOCK_TIMEOUT_S)
    try:
        lock.acquire()
    except Timeout:
        raise UsageError(
            f"Timing cache {path} stayed locked by another process for {LOCK_TIMEOUT_S:g} s.",
            f"wait for the other build to finish, or remove {_lock_path(path)} if no build is running",
        ) from None
    except OSError as exc:
        if writing:
            raise UsageError(f"Cannot lock timing cache {path}: {exc.strerror or exc}.", _WRITABLE_FIX) from None
        yield
        return
    try:
        yield
    finally:
        lock.release()


def _move_aside(path: Path, reason: str) -> None:
    """Rename the cache and its sidecar to ``*.stale`` (call with the lock held); files already gone are fine."""
    stale = path.with_name(path.name + ".stale")
    moved = True
    for p, q in ((path, stale), (_sidecar(path), _sidecar(stale))):
        try:
            os.replace(p, q)
        except FileNotFoundError:
            pass
        except OSError:  # a read-only folder: nobody can write a new cache there either
            moved = False
    where = f"Moved it to {stale}" if moved else f"Could not move it aside (remove {path} by hand)"
    warnings.warn(f"{reason} {where} and starting a new timing cache (the first build re-times layers).", stacklevel=4)


def _regular_or_missing(path: Path, what: str) -> bool:
    """True for a regular file, False when nothing is there; a folder, device or pipe is a `UsageError`."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise UsageError(f"Cannot read {what} {path}: {exc.strerror or exc}.", "pass a readable file") from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise UsageError(f"{what} {path} is {kind}.", "remove it, or pass another timing_cache_path")
    return True


def _check_key(key: Any) -> CacheKey:
    if isinstance(key, CacheKey):
        return key
    return CacheKey.from_dict(key)


def load_timing_cache(path: str | os.PathLike[str], key: CacheKey) -> bytes | None:
    """The cache's bytes if it was made for ``key`` and is intact; else None (a new cache), with a warning if a file
    was there. A mismatched, corrupt or unverified file (a sidecar without a checksum) is moved aside to
    ``<file>.stale`` so that TensorRT does not read it. A path that is a folder or a device is a `UsageError`."""
    path = Path(path)
    key = _check_key(key)
    if not _regular_or_missing(path, "Timing cache"):
        return None
    with _locked(path, writing=False):
        return _load_locked(path, key)


def _load_locked(path: Path, key: CacheKey) -> bytes | None:
    if not _regular_or_missing(path, "Timing cache"):
        return None  # another process moved it aside while we waited for the lock
    sidecar = _sidecar(path)
    if path.is_symlink() or sidecar.is_symlink():
        _move_aside(
            path, f"Timing cache {path} (or its sidecar) is a symbolic link; a cache is read only from its own file."
        )
        return None
    if not _regular_or_missing(sidecar, "Timing cache sidecar"):
        _move_aside(path, f"Timing cache {path} has no sidecar {sidecar.name}, so its GPU and TensorRT are unknown.")
        return None
    try:
        meta = load_json_file(sidecar, limit=MAX_SIDECAR_BYTES, what="timing cache sidecar")
        if not isinstance(meta, dict):
            raise UsageError(f"the sidecar is a JSON {type(meta).__name__}, not an object")
        recorded = CacheKey.from_dict(meta.get("key"))
        checksum, size = meta.get("sha256"), meta.get("bytes")
    except UsageError as exc:
        _move_aside(path, f"Timing cache sidecar {sidecar} is corrupt ({exc.problem.rstrip('.')}).")
        return None
    if recorded != key:
        _move_aside(
            path,
            f"Timing cache {path} was made for {recorded.gpu_name} (sm {recorded.compute_capability}, "
            f"{recorded.flavour} {recorded.trt_version}), not this {key.gpu_name} (sm {key.compute_capability}, "
            f"{key.flavour} {key.trt_version}); reusing it would give wrong timings.",
        )
        return None
    if not isinstance(checksum, str) or isinstance(size, bool) or not isinstance(size, int):
        _move_aside(
            path,
            f"Timing cache {path} is unverified: its sidecar has no checksum (it was never sealed after TensorRT "
            "wrote it, or the writer stopped half-way).",
        )
        return None
    try:
        data = read_bytes(path, limit=MAX_TIMING_CACHE_BYTES, what="timing cache")
    except UsageError as exc:
        if not path.exists():  # removed by something that does not take the lock
            return None
        _move_aside(path, f"Timing cache {path} cannot be used ({exc.problem.rstrip('.')}).")
        return None
    if not data or len(data) != size or hashlib.sha256(data).hexdigest() != checksum:
        _move_aside(path, f"Timing cache {path} is corrupt (empty, or its checksum does not match its sidecar).")
        return None
    return data


def save_timing_cache(path: str | os.PathLike[str], data: bytes, key: CacheKey) -> Path:
    """Write the cache, then its sidecar with the checksum of those bytes, both under the cache's lock; returns the
    path. A folder that cannot be written (read-only, full) is a `UsageError`."""
    path = Path(path)
    key = _check_key(key)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise UsageError(
            f"Timing cache data must be bytes, got {type(data).__name__}.",
            "pass the bytes of a serialized timing cache, e.g. config.get_timing_cache().serialize()",
        )
    payload = bytes(data)
    _writable_parent(path)
    with _locked(path, writing=True):
        _remove_orphans(path)
        _write(path, lambda: atomic_write_bytes(path, payload))
        _write_sidecar(path, key, payload)
    return path


def _remove_orphans(path: Path) -> None:
    """Temporary files a killed writer of this cache left (``.timing_cache.bin.XXXX.tmp``, up to the cache's size
    each). Every writer holds the cache's lock while its temporary file exists, so under the lock none is live."""
    for name in (path.name, _sidecar(path).name):
        for orphan in path.parent.glob(f".{glob.escape(name)}.*.tmp"):
            with contextlib.suppress(OSError):
                if orphan.is_file() or orphan.is_symlink():
                    orphan.unlink()


def seal_timing_cache(path: str | os.PathLike[str], key: CacheKey) -> None:
    """Write the sidecar of a cache file that TensorRT wrote itself (e.g. after ``torch_tensorrt.compile``), with the
    checksum of the bytes on disk now. Without a cache file there is nothing to vouch for, and nothing is written."""
    path = Path(path)
    key = _check_key(key)
    if not _regular_or_missing(path, "Timing cache"):
        return
    _writable_parent(path)
    with _locked(path, writing=True):
        _remove_orphans(path)
        if not _regular_or_missing(path, "Timing cache"):
            return
        _write_sidecar(path, key, read_bytes(path, limit=MAX_TIMING_CACHE_BYTES, what="timing cache"))


def _write_sidecar(path: Path, key: CacheKey, data: bytes) -> None:
    meta: dict[str, Any] = {
        "format": _SIDECAR_FORMAT,
        "key": key.to_dict(),
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }
    _write(_sidecar(path), lambda: atomic_write_text(_sidecar(path), json.dumps(meta, indent=2, sort_keys=True) + "\n"))


def _writable_parent(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(f"Cannot save timing cache {path}: a part of its folder is a file.", _WRITABLE_FIX) from None
    except OSError as exc:
        raise UsageError(f"Cannot save timing cache {path}: {exc.strerror or exc}.", _WRITABLE_FIX) from None


def _write(path: Path, write: Any) -> None:
    try:
        write()
    except IsADirectoryError:
        raise UsageError(f"Cannot write {path}: it is a folder.", "remove it, or pass another path") from None
    except OSError as exc:
        raise UsageError(f"Cannot write {path}: {exc.strerror or exc}.", _WRITABLE_FIX) from None


def key_from_environment(env: Any, device: int = 0) -> CacheKey:
    """A `CacheKey` from a `torchtrt_compat.Environment`-like object (``gpus[i].name``/``compute_capability``,
    ``flavour``, ``tensorrt_version``)."""
    gpus = getattr(env, "gpus", None) or []
    if device >= len(gpus):
        raise UsageError("The environment reports no GPU, so a cache cannot be keyed to one.", "run on the GPU machine")
    gpu = gpus[device]
    if not getattr(gpu, "name", None) or not getattr(gpu, "compute_capability", None):
        raise UsageError(
            f"GPU {device} has no known name or compute capability.", "check `torchtrt-compat env` on that machine"
        )
    flavour, version = getattr(env, "flavour", None), getattr(env, "tensorrt_version", None)
    if not flavour or not version:
        raise UsageError("No TensorRT flavour is installed, so there is nothing to cache.", install_extra("rtx"))
    return CacheKey(str(gpu.name), _cc_text(gpu.compute_capability), str(flavour), str(version))


KeyLike = Any  #: a CacheKey, its dict form, or an Environment to derive one from


def compile_cache_kwargs(env_or_key: KeyLike, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """torch_tensorrt.compile kwargs that put the timing cache and engine cache under keyed directories.

    Validates an existing timing cache (moving a mismatched, corrupt or unverified one aside). After the compile,
    call `seal_timing_cache(kwargs["timing_cache_path"], key)`: it records the checksum of what TensorRT wrote, and
    a cache that was never sealed is not trusted by the next run.
    """
    if isinstance(env_or_key, CacheKey):
        key = env_or_key
    elif isinstance(env_or_key, dict):
        key = CacheKey.from_dict(env_or_key)
    else:
        key = key_from_environment(env_or_key)
    parts = (key.gpu_name, key.compute_capability, key.flavour, key.trt_version)
    timing = cache_dir("timing", *parts, root=root) / TIMING_CACHE_NAME
    load_timing_cache(timing, key)
    return {
        "timing_cache_path": str(timing),
        "engine_cache_dir": str(cache_dir("engines", *parts, root=root)),
        "cache_built_engines": True,
        "reuse_cached_engines": True,
    }


def _environment_key() -> CacheKey:
    return key_from_environment(detect_environment())


def with_keyed_timing_cache(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Default ``timing_cache_path`` to a file keyed by GPU, compute capability and TensorRT flavour/version, so a
    cache from another GPU or TensorRT is never reused (the user's own path wins)."""
    if "timing_cache_path" in kwargs:
        return kwargs
    return {**kwargs, "timing_cache_path": compile_cache_kwargs(_environment_key())["timing_cache_path"]}


def seal_keyed_timing_cache(kwargs: dict[str, Any]) -> None:
    """Record the key of the timing cache a compile just wrote (see `with_keyed_timing_cache`)."""
    seal_timing_cache(kwargs["timing_cache_path"], _environment_key())
