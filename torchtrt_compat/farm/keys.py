"""Build keys: a content hash of everything a build's result depends on, so a re-run skips what is built.

The key covers the model's code (the catalogue's modules; or the module that defines the function and every module of
the same source tree it imports, followed through their imports), its weights (a program file's bytes; files a
function reads, listed as ``depends``; a catalogue model's weights follow from its code and seed), the settings, the
precision, the targets, the versions of the stack that shapes the engines (torch, torch_tensorrt, TensorRT,
torchtrt_compat) and of the packages models come from (torchvision, timm, transformers), and the public key that
signs the folder. Computing it builds no model and imports no torch: a finished plan re-runs in a moment.

A folder counts as built when its manifest carries the same key and every file it lists matches its recorded sha256
(`compiler.artifact.check_files`: read, not guessed from sizes), with nothing else in it.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import json
import os
from importlib import metadata
from pathlib import Path
from typing import Any

from .._errors import CompatError
from .._version import __version__
from ..compiler.artifact import BUILD_KEY, check_files
from ..env import detect_environment
from .plan import Job
from .sources import installed_folder, module_file

KEY_FIELD = BUILD_KEY  #: the manifest metadata field that holds the key
#: packages catalogue models (and most user models) are built from: their version changes the graph
MODEL_PACKAGES = ("torchvision", "timm", "transformers")
MAX_CODE_FILES = 2000  #: modules followed from a function's module (a source tree larger than this is cut off)


@functools.lru_cache(maxsize=1)
def stack_versions() -> dict[str, str | None]:
    """The versions a built engine depends on, from package metadata (no import of torch)."""

    env = detect_environment()
    versions: dict[str, str | None] = {
        "torch": env.torch,
        "torch_tensorrt": f"{env.torch_tensorrt.name}=={env.torch_tensorrt.version}" if env.torch_tensorrt else None,
        "tensorrt": f"{env.flavour}=={env.tensorrt_version}" if env.flavour else None,
        "torchtrt_compat": __version__,
    }
    for name in MODEL_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


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
        module = job.location.split(":")[0]
        path = module_file(module, job.import_paths, f"models.{job.model}")
        if path:
            files += imported_sources(path, module)
    else:
        files.append(job.location)
    return list(dict.fromkeys([*files, *job.depends]))


def imported_sources(path: str, module: str) -> list[str]:
    """``path`` (the source of ``module``) and the source of every module of the same source tree it imports,
    followed through their own imports; found by reading the code (nothing is imported). A module outside that tree
    (an installed package) is covered by the versions in the key, or by ``depends``."""
    parts = module.split(".")
    root = Path(path).parent
    for _ in range(len(parts) if Path(path).name.startswith("__init__.") else len(parts) - 1):
        root = root.parent
    top = parts[0] if installed_folder(os.path.realpath(root)) else None  # in site-packages: its own package only
    seen: dict[str, str] = {}
    todo = [(path, module)]
    while todo and len(seen) < MAX_CODE_FILES:
        file, name = todo.pop()
        if file in seen:
            continue
        seen[file] = name
        package = name if Path(file).name.startswith("__init__.") else name.rpartition(".")[0]
        for target in _imports(file, package):
            if top is not None and target.split(".")[0] != top:
                continue
            found = _source_of(root, target)
            if found is not None and found not in seen:
                todo.append((found, target))
            parent = target.rpartition(".")[0]
            while parent:  # importing a.b.c runs a/__init__.py and a/b/__init__.py too
                init = _source_of(root, parent)
                if init is not None and init not in seen:
                    todo.append((init, parent))
                parent = parent.rpartition(".")[0]
    return sorted(seen)


def _imports(file: str, package: str) -> list[str]:
    """The absolute names of the modules ``file`` imports (``from . import x`` resolved against ``package``)."""
    try:
        tree = ast.parse(Path(file).read_bytes())
    except (OSError, SyntaxError, ValueError, RecursionError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                keep = len(parts) - (node.level - 1)
                if keep < 0:
                    continue
                base = ".".join([*parts[:keep], *([base] if base else [])])
            if base:
                names.append(base)
            names += [f"{base}.{a.name}" if base else a.name for a in node.names if a.name != "*"]
    return names


def _source_of(root: Path, name: str) -> str | None:
    """The ``.py`` file of the module ``name`` under ``root``, if it is there."""
    if not name or any(not part.isidentifier() for part in name.split(".")):
        return None
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return str(candidate)
    return None


def build_key(job: Job) -> str:
    """The content hash of ``job`` (hex sha256)."""
    record = {
        "source": job.source,
        "code": {Path(f).name + f"#{i}": _file_digest(f) for i, f in enumerate(code_files(job))},
        "targets": list(job.targets),
        "precision": job.precision,
        "settings": job.settings,
        "versions": stack_versions(),
        "signed_by": job.signer,
    }
    text = json.dumps(record, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def with_key(job: Job) -> Job:
    return dataclasses.replace(job, key=build_key(job))


def built_manifest(job: Job) -> dict[str, Any] | None:
    """The manifest of ``job``'s folder when it holds a complete build with the same key, every file matching its
    recorded sha256; else None (the job is built again)."""
    folder = Path(job.folder)
    if not job.key or folder.is_symlink() or not (folder / "manifest.json").is_file():
        return None
    try:
        manifest = check_files(folder)
    except (CompatError, OSError):
        return None
    if manifest["metadata"].get(KEY_FIELD) != job.key:
        return None
    if job.sign_key is not None and not (folder / "signature.sig").is_file():
        return None
    return manifest
