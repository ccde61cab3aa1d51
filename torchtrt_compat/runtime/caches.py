"""Timing and engine caches keyed by what makes them valid: GPU model, compute capability, TensorRT flavour and version.

A TensorRT timing cache or engine from another GPU model or TensorRT version is at best useless and at worst wrong,
and torch_tensorrt reuses whatever file it is pointed at. Here every cache lives under a directory named by its key,
and a timing cache carries a sidecar JSON (``<file>.json``) with its key and checksum: a mismatched or corrupt file is
moved aside with a warning and a new one is started, never silently reused and never fatal.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .._atomic import atomic_write_bytes, atomic_write_text
from .._errors import UsageError

ENV_CACHE_ROOT = "TORCHTRT_COMPAT_CACHE"
_SIDECAR_FORMAT = 1
TIMING_CACHE_NAME = "timing_cache.bin"


@dataclass(frozen=True)
class CacheKey:
    """What a TensorRT cache is valid for."""

    gpu_name: str
    compute_capability: str  # "9.0"
    flavour: str  # "tensorrt" or "tensorrt_rtx"
    trt_version: str

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not isinstance(value, str) or not value.strip():
                raise UsageError(f"Cache key field {name}={value!r} is empty.", f"pass a non-empty {name}")

    def slug(self) -> str:
        """A directory name: ``nvidia-h100-80gb-hbm3__sm90__tensorrt-10.14.1``."""
        cc = "sm" + self.compute_capability.replace(".", "")
        return "__".join(_slugify(p) for p in (self.gpu_name, cc, f"{self.flavour}-{self.trt_version}"))

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def _slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.strip().lower()).strip("-.") or "unknown"


def default_cache_root() -> Path:
    """``$TORCHTRT_COMPAT_CACHE`` if set, else ``~/.cache/torchtrt_compat``."""
    env = os.environ.get(ENV_CACHE_ROOT, "").strip()
    return Path(env).expanduser() if env else Path.home() / ".cache" / "torchtrt_compat"


def cache_dir(
    kind: str,
    gpu_name: str,
    cc: str | tuple[int, int],
    flavour: str,
    trt_version: str,
    root: str | os.PathLike[str] | None = None,
) -> Path:
    """``<root>/<kind>/<key slug>``, created if missing. ``kind`` is e.g. ``"timing"`` or ``"engines"``."""
    if not kind or _slugify(kind) != kind:
        raise UsageError(
            f"Cache kind {kind!r} is not a plain name.", "use a lowercase name such as 'timing' or 'engines'"
        )
    key = CacheKey(gpu_name, _cc_text(cc), flavour, trt_version)
    path = Path(root).expanduser() if root is not None else default_cache_root()
    path = path / kind / key.slug()
    path.mkdir(parents=True, exist_ok=True)
    return path


def _cc_text(cc: str | tuple[int, int]) -> str:
    return f"{cc[0]}.{cc[1]}" if isinstance(cc, tuple) else str(cc)


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".json")


def _move_aside(path: Path, reason: str) -> None:
    stale = path.with_name(path.name + ".stale")
    for p, q in ((path, stale), (_sidecar(path), _sidecar(stale))):
        if p.exists():
            os.replace(p, q)
    warnings.warn(
        f"{reason} Moved it to {stale} and starting a new timing cache (the first build re-times layers).", stacklevel=3
    )


def load_timing_cache(path: str | os.PathLike[str], key: CacheKey) -> bytes | None:
    """The cache's bytes if it was made for ``key`` and is intact; else None (a new cache), with a warning if a file
    was there. A mismatched or corrupt file is moved aside to ``<file>.stale`` so that TensorRT does not read it."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        meta = json.loads(_sidecar(path).read_text(encoding="utf-8"))
        recorded = CacheKey(**meta["key"])
        checksum, size = meta.get("sha256"), meta.get("bytes")
    except FileNotFoundError:
        _move_aside(
            path,
            f"Timing cache {path} has no sidecar {_sidecar(path).name}, so its GPU and TensorRT version are unknown.",
        )
        return None
    except (ValueError, KeyError, TypeError, UsageError) as exc:
        _move_aside(path, f"Timing cache sidecar {_sidecar(path)} is corrupt ({exc}).")
        return None
    if recorded != key:
        _move_aside(
            path,
            f"Timing cache {path} was made for {recorded.gpu_name} (sm {recorded.compute_capability}, "
            f"{recorded.flavour} {recorded.trt_version}), not this {key.gpu_name} (sm {key.compute_capability}, "
            f"{key.flavour} {key.trt_version}); reusing it would give wrong timings.",
        )
        return None
    data = path.read_bytes()
    if not data or (checksum is not None and (hashlib.sha256(data).hexdigest() != checksum or len(data) != size)):
        _move_aside(path, f"Timing cache {path} is corrupt (empty, or its checksum does not match its sidecar).")
        return None
    return data


def save_timing_cache(path: str | os.PathLike[str], data: bytes, key: CacheKey) -> Path:
    """Write the cache and its sidecar atomically; returns the path."""
    path = Path(path)
    atomic_write_bytes(path, data)
    seal_timing_cache(path, key)
    return path


def seal_timing_cache(path: str | os.PathLike[str], key: CacheKey) -> None:
    """(Re)write the sidecar of a cache file that TensorRT wrote itself, e.g. after ``torch_tensorrt.compile``."""
    path = Path(path)
    meta: dict[str, Any] = {"format": _SIDECAR_FORMAT, "key": key.to_dict()}
    if path.exists():
        data = path.read_bytes()
        meta.update(sha256=hashlib.sha256(data).hexdigest(), bytes=len(data))
    atomic_write_text(_sidecar(path), json.dumps(meta, indent=2, sort_keys=True) + "\n")


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
        raise UsageError(
            "No TensorRT flavour is installed, so there is nothing to cache.", "pip install 'torchtrt-compat[rtx]'"
        )
    return CacheKey(str(gpu.name), _cc_text(gpu.compute_capability), str(flavour), str(version))


KeyLike = Any  #: a CacheKey, its dict form, or an Environment to derive one from


def compile_cache_kwargs(env_or_key: KeyLike, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """torch_tensorrt.compile kwargs that put the timing cache and engine cache under keyed directories.

    Validates an existing timing cache (moving a mismatched or corrupt one aside) and writes its sidecar. After the
    compile, call `seal_timing_cache(kwargs["timing_cache_path"], key)` so the next run can verify the new file.
    """
    if isinstance(env_or_key, CacheKey):
        key = env_or_key
    elif isinstance(env_or_key, dict):
        key = CacheKey(**env_or_key)
    else:
        key = key_from_environment(env_or_key)
    parts = (key.gpu_name, key.compute_capability, key.flavour, key.trt_version)
    timing = cache_dir("timing", *parts, root=root) / TIMING_CACHE_NAME
    if load_timing_cache(timing, key) is None and not _sidecar(timing).exists():
        seal_timing_cache(timing, key)
    return {
        "timing_cache_path": str(timing),
        "engine_cache_dir": str(cache_dir("engines", *parts, root=root)),
        "cache_built_engines": True,
        "reuse_cached_engines": True,
    }
