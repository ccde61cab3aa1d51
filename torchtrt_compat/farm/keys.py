"""Build keys: a content hash of everything a build's result depends on, so a re-run skips what is built.

The key covers the model's code (the catalogue's modules, or the module that defines the function) and its weights
(a program file's bytes; files a function reads, listed as ``depends``; a catalogue model's weights follow from its
code and seed), the settings, the precision, the targets, and the torch / torch_tensorrt / TensorRT versions (and
torchtrt_compat's, whose shims shape the graph). Computing it builds no model and imports no torch: a finished plan
re-runs in a moment.
A folder counts as built when its manifest carries the same key and every file it lists has its recorded size.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from .._bounded import MAX_MANIFEST_BYTES, load_json_file
from .._errors import CompatError
from .._version import __version__
from ..env import detect_environment
from .plan import Job
from .sources import module_file

KEY_FIELD = "build_key"  #: the manifest metadata field that holds the key


@functools.lru_cache(maxsize=1)
def stack_versions() -> dict[str, str | None]:
    """The versions a built engine depends on, from package metadata (no import of torch)."""

    env = detect_environment()
    return {
        "torch": env.torch,
        "torch_tensorrt": f"{env.torch_tensorrt.name}=={env.torch_tensorrt.version}" if env.torch_tensorrt else None,
        "tensorrt": f"{env.flavour}=={env.tensorrt_version}" if env.flavour else None,
        "torchtrt_compat": __version__,
    }


def _file_digest(path: str) -> str:
    st = os.stat(path)
    return _cached_digest(path, st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=4096)
def _cached_digest(path: str, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def catalogue_files() -> list[str]:
    import importlib.util

    spec = importlib.util.find_spec("torchtrt_compat.models")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return sorted(str(p) for folder in folders for p in Path(folder).glob("*.py"))


def code_files(job: Job) -> list[str]:
    """The files whose bytes define the model of ``job`` (code, program, declared dependencies)."""
    files: list[str] = []
    if job.kind == "catalogue":  # every catalogue module (finding the one that defines it would import torch)
        files += catalogue_files()
    elif job.kind == "function":
        path = module_file(job.location.split(":")[0], job.import_paths, f"models.{job.model}")
        if path:
            files.append(path)
    else:
        files.append(job.location)
    return list(dict.fromkeys([*files, *job.depends]))


def build_key(job: Job) -> str:
    """The content hash of ``job`` (hex sha256)."""
    record = {
        "source": job.source,
        "code": {Path(f).name + f"#{i}": _file_digest(f) for i, f in enumerate(code_files(job))},
        "targets": list(job.targets),
        "precision": job.precision,
        "settings": job.settings,
        "versions": stack_versions(),
    }
    text = json.dumps(record, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def with_key(job: Job) -> Job:
    return dataclasses.replace(job, key=build_key(job))


def built_manifest(job: Job) -> dict[str, Any] | None:
    """The manifest of ``job``'s folder when it holds a complete build with the same key; else None."""
    folder = Path(job.folder)
    path = folder / "manifest.json"
    if not job.key or not path.is_file():
        return None
    try:
        manifest = load_json_file(path, limit=MAX_MANIFEST_BYTES, what="Engine artifact manifest")
    except CompatError:
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("metadata"), dict):
        return None
    if manifest["metadata"].get(KEY_FIELD) != job.key:
        return None
    files = manifest.get("files")
    if not isinstance(files, dict):
        return None
    for name, meta in files.items():
        try:
            if not isinstance(meta, dict) or (folder / name).stat().st_size != meta.get("bytes"):
                return None
        except OSError:
            return None
    return manifest
