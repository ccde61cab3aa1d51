"""The compatibility matrix: published release facts, from a registry snapshot, and the curated tables.

The registry snapshot (``matrix.json``: torch_tensorrt rows, torchvision pairs, TensorRT distributions;
``registry.json``: one record per release of every covered distribution) is the one bundled with the package or the
user's refreshed copy, whichever is newer (`snapshot`); ``torchtrt-compat matrix --refresh`` (`refresh`) writes the
copy. The curated tables the registry does not carry (GPU architectures per TensorRT release, drivers per CUDA major
and per GPU architecture, what each CUDA toolkit can compile for, Jetson platforms, GPU model names) come from the
installed package (``data/curated.json``), each row with its ``source`` and whether it was ``verified``. This module
only reads; each file is parsed once, on first use, and nothing is ever fetched.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from ..env import normalise_dist
from ..versions import minor, parse_version, satisfies
from . import snapshot


@functools.lru_cache(maxsize=1)
def source() -> snapshot.Source:
    """The registry snapshot in use: the bundled one or the user's refreshed cache, whichever is newer."""
    return snapshot.choose()


@functools.lru_cache(maxsize=1)
def curated() -> dict[str, Any]:
    """The curated tables of the installed package (``data/curated.json``)."""
    text = resources.files("torchtrt_compat").joinpath("data/curated.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@functools.lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    """The small tables: the snapshot's (torch_tensorrt rows, torchvision pairs, TensorRT dists, ``snapshot_date``)
    and the curated ones (``gpu_support``, ``driver_min``, ``driver_support``, ``cuda_toolkits``, ``jetson``,
    ``gpu_models``, ``architectures``, ...)."""
    return {**source().read("matrix.json"), **{k: v for k, v in curated().items() if not k.startswith("_")}}


@functools.lru_cache(maxsize=1)
def _registry() -> dict[str, Any]:
    return source().read("registry.json")


def reload() -> None:
    """Forget what was read, so that the next question reads the newest snapshot again (after a refresh)."""
    for cached in (source, curated, load, _registry, _gpu_names, meta_cuda_major):
        cached.cache_clear()


def _public(version: str) -> str:
    """``'2.14.1+cu130'`` -> ``'2.14.1'`` (the form the registry lists); unparsable text comes back unchanged."""
    try:
        return str(parse_version(version))
    except Exception:  # a UsageError for junk: junk is simply not known
        return version


def snapshot_date() -> str:
    """ISO date on which the registry was read; facts about later releases are unknown, not absent."""
    return str(load()["snapshot_date"])


def snapshot_source() -> str:
    """Which snapshot the answers come from: ``'bundled with torchtrt-compat'`` or ``'user cache PATH'``."""
    return source().describe()


def covered_dists() -> list[str]:
    """Distributions whose every in-scope release the matrix records (``torch``, ``tensorrt-cu12``, ...)."""
    return sorted(_registry()["dists"])


def coverage(dist: str) -> str | None:
    """The version range of ``dist`` the matrix covers (``'>=2.0'`` for torch); None for a dist it does not cover."""
    entry = _registry()["dists"].get(normalise_dist(dist))
    return None if entry is None else str(entry["scope"])


def published_versions(dist: str) -> list[str]:
    """Every version the registry listed for ``dist`` at the snapshot, in scope or not, ascending."""
    entry = _registry()["dists"].get(normalise_dist(dist))
    return list(entry["published"]) if entry else []


def known_versions(dist: str) -> list[str]:
    """The versions of ``dist`` the matrix has a record for (all in-scope published ones), ascending."""
    entry = _registry()["dists"].get(normalise_dist(dist))
    return list(entry["releases"]) if entry else []


def is_known(dist: str, version: str) -> bool:
    """True if the matrix has a record for ``dist==version`` (local tags such as ``+cu130`` ignored)."""
    entry = _registry()["dists"].get(normalise_dist(dist))
    return entry is not None and _public(version) in entry["releases"]


def release_info(dist: str, version: str) -> dict[str, Any] | None:
    """The record of ``dist==version`` (local tags ignored), or None if the matrix does not know that release.

    Keys: ``requires_dist`` (the raw ``Requires-Dist`` lines, markers kept), ``requires_python``, ``wheels``
    (platform -> Python tags such as ``3.13t``), ``cuda`` (the CUDA build of the linux_x86_64 wheel, or of the first
    platform that has one), ``cuda_by_platform``, ``sdist_only``, ``yanked``, ``source``; torch_tensorrt releases also
    carry the keys of their `releases` row (``torch``, ``tensorrt``, ``tensorrt_built``, ``version_py``, ...).
    """
    name = normalise_dist(dist)
    entry = _registry()["dists"].get(name)
    public = _public(version)
    record = entry["releases"].get(public) if entry else None
    if record is None:
        return None
    wheels = {platform: list(_registry()["tags"][i].split()) for platform, i in record.get("wheels", {}).items()}
    info: dict[str, Any] = {
        "dist": name,
        "version": public,
        "requires_dist": list(record.get("requires_dist", [])),
        "requires_python": record.get("requires_python"),
        "wheels": wheels,
        "cuda": record.get("cuda"),
        "cuda_by_platform": dict(record.get("cuda_by_platform", {})),
        "sdist_only": bool(record.get("sdist_only", False)),
        "yanked": bool(record.get("yanked", False)),
        "source": f"registry metadata of {name} {public}",
    }
    for key in ("version_py", "cuda_from"):
        if key in record:
            info[key] = record[key]
    if name in ("torch-tensorrt", "torch-tensorrt-rtx"):
        row, exact = find_release(name, public)
        if row is not None and exact:
            info.update({k: v for k, v in row.items() if k not in info})
    return info


def releases(package: str | None = None) -> list[dict[str, Any]]:
    """torch_tensorrt rows (``package`` = ``torch-tensorrt`` / ``torch-tensorrt-rtx``, or both), oldest first."""
    rows = load()["torch_tensorrt"]
    rows = [r for r in rows if package is None or r["package"] == normalise_dist(package)]
    return sorted(rows, key=lambda r: (r["package"], parse_version(r["version"])))


def find_release(package: str, version: str) -> tuple[dict[str, Any] | None, bool]:
    """The matrix row for ``package==version``; else the newest row of the same minor. Second item: exact match."""
    wanted = parse_version(version)
    same_minor = []
    for row in releases(package):
        have = parse_version(row["version"])
        if have == wanted or have.base_version == wanted.base_version:
            return row, True
        if minor(row["version"]) == minor(version):
            same_minor.append(row)
    return (same_minor[-1], False) if same_minor else (None, False)


def releases_for_torch(torch_version: str, package: str) -> list[dict[str, Any]]:
    """torch_tensorrt releases of ``package`` whose torch requirement admits ``torch_version``."""
    return [r for r in releases(package) if r["torch"] and satisfies(torch_version, r["torch"])]


def tensorrt_requirement(package: str, version: str) -> dict[str, Any] | None:
    """The curated row naming the TensorRT a torch_tensorrt release needs when its wheel does not declare one.

    ``{"package", "versions", "tensorrt", "platforms", "notes", "source", "verified"}``; None when the wheel declares
    its TensorRT (read it from `release_info` / the `releases` row) or no curated row covers the release.
    """
    for row in load()["tensorrt_for_torch_tensorrt"]:
        if row["package"] == normalise_dist(package) and satisfies(version, row["versions"]):
            return dict(row)
    return None


def torchvision_pairs() -> list[dict[str, Any]]:
    """torchvision minor <-> torch minor rows, each with the registry releases it was derived from."""
    return [dict(r) for r in load()["torchvision"]]


def torchvision_minor_for_torch(torch_version: str) -> str | None:
    want = minor(torch_version)
    for row in load()["torchvision"]:
        if row["torch"] == want:
            return str(row["torchvision"])
    return None


def torch_minor_for_torchvision(torchvision_version: str) -> str | None:
    want = minor(torchvision_version)
    for row in load()["torchvision"]:
        if row["torchvision"] == want:
            return str(row["torch"])
    return None


def gpu_support(flavour: str, tensorrt_version: str | None) -> dict[str, Any] | None:
    """The curated GPU row of ``flavour`` at that version: ``compute_capabilities``, ``verified``, ``source``, ...

    With ``tensorrt_version=None``, the first row of the flavour (as `compute_capabilities` always did).
    """
    for row in load()["gpu_support"]:
        if row["flavour"] != flavour:
            continue
        if tensorrt_version is None or satisfies(tensorrt_version, row["versions"]):
            return dict(row)
    return None


def compute_capabilities(flavour: str, tensorrt_version: str | None) -> list[str] | None:
    """GPU architectures the flavour (at that version) can build for and run on; None if the matrix has no row."""
    row = gpu_support(flavour, tensorrt_version)
    return None if row is None else list(row["compute_capabilities"])


def driver_row(cuda_major: str) -> dict[str, Any] | None:
    """The curated driver-minimum row of a CUDA major: ``linux``, ``windows``, ``source``, ``verified``."""
    for row in load()["driver_min"]:
        if str(row["cuda"]) == str(cuda_major):
            return dict(row)
    return None


def driver_minimum(cuda_major: str, platform: str | None) -> str | None:
    row = driver_row(cuda_major)
    if row is None:
        return None
    value = row.get("windows" if platform and platform.startswith("win") else "linux")
    return None if value is None else str(value)


def select(package: str | None = None, version_prefix: str | None = None) -> list[dict[str, Any]]:
    """Rows of ``package`` (or both) whose version is ``version_prefix`` or starts with it (``2.13`` -> 2.13.x)."""
    return [
        r
        for r in releases(package)
        if version_prefix is None or r["version"] == version_prefix or r["version"].startswith(version_prefix + ".")
    ]


def format_table(rows: list[dict[str, Any]]) -> str:
    """Matrix rows as an aligned text table (``torchtrt-compat matrix``)."""
    header = ("package", "version", "torch", "TensorRT (linux_x86_64)", "CUDA", "python", "platforms")
    table = [header]
    for r in rows:
        trt = r["tensorrt"].get("linux_x86_64") or next(iter(r["tensorrt"].values()), "-")
        if trt != "-" and not r.get("tensorrt_declared", True):
            trt += " (curated)"
        wheels = r.get("wheels", {})
        table.append(
            (
                r["package"],
                r["version"],
                r["torch"] or "-",
                trt,
                str(r.get("cuda") or "?"),
                ",".join(r.get("python", [])),
                ",".join(sorted(wheels)),
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def gpu_table() -> list[dict[str, Any]]:
    """One row per compute capability the curated tables name: architecture, GPU names, NVIDIA's minimum driver
    (Linux / Windows) and last driver branch, the Jetson platform it is, oldest first (``matrix --gpus``)."""
    rows = []
    ccs = {str(r["compute_capability"]) for r in load()["gpu_models"]}
    ccs |= {str(r["compute_capability"]) for r in load().get("architectures", [])}
    for cc in sorted(ccs, key=lambda c: tuple(int(p) for p in c.split("."))):
        driver = driver_support(cc) or {}
        board = jetson(cc)
        rows.append(
            {
                "compute_capability": cc,
                "architecture": architecture(cc),
                "names": [n for r in load()["gpu_models"] if str(r["compute_capability"]) == cc for n in r["names"]],
                "driver_linux": driver.get("linux"),
                "driver_windows": driver.get("windows"),
                "last_branch": driver.get("last_branch"),
                "jetson": f"JetPack {board['jetpack']} (CUDA {board['cuda']})" if board else None,
            }
        )
    return rows


def format_gpu_table(rows: list[dict[str, Any]]) -> str:
    """`gpu_table` rows as aligned text."""
    header = ("cc", "architecture", "min driver (Linux / Windows)", "last branch", "GPU names")
    table = [header]
    for r in rows:
        driver = " / ".join(str(v or "-") for v in (r["driver_linux"], r["driver_windows"]))
        if r["jetson"]:
            driver = r["jetson"]
        last = f"R{r['last_branch']}" if r["last_branch"] else "-"
        table.append((r["compute_capability"], r["architecture"] or "-", driver, last, ", ".join(r["names"]) or "-"))
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    lines = ["  ".join([*(c.ljust(w) for c, w in zip(row[:-1], widths, strict=True)), row[-1]]) for row in table]
    lines.insert(1, "  ".join("-" * w for w in widths) + "  " + "-" * 9)
    return "\n".join(lines)


_GPU_NOISE = frozenset({"NVIDIA", "GEFORCE", "TESLA", "QUADRO"})


def _gpu_tokens(text: str) -> tuple[str, ...]:
    # letters and digits apart, so that "RTX4090" reads as "RTX 4090" (and "A100" as A,100, never A,10)
    return tuple(t for t in re.findall(r"[A-Z]+|\d+", text.upper()) if t not in _GPU_NOISE)


@functools.lru_cache(maxsize=1)
def _gpu_names() -> list[tuple[tuple[str, ...], str, str]]:
    """(tokens, name, compute capability) of every curated GPU model name, longest name first."""
    names = [(_gpu_tokens(n), n, str(row["compute_capability"])) for row in load()["gpu_models"] for n in row["names"]]
    return sorted(names, key=lambda item: (-len(item[0]), -len(item[1])))


def gpu_models() -> list[dict[str, Any]]:
    """The curated GPU rows: ``names`` (model names such as ``H100``, ``RTX 4090``), ``compute_capability``,
    ``source``, ``verified``."""
    return [dict(r) for r in load()["gpu_models"]]


def architecture(cc: str) -> str | None:
    """``'9.0'`` -> ``'Hopper (H100/H200)'`` from the curated architecture rows; None for one the data lacks."""
    return next((str(r["name"]) for r in load().get("architectures", []) if r["compute_capability"] == cc), None)


def gpu_compute_capability(name: str) -> tuple[str, str] | None:
    """``'NVIDIA GeForce RTX 4090'`` -> ``('RTX 4090', '8.9')``: the model a GPU name contains (whole words, case,
    "NVIDIA" and "GeForce" ignored; the longest model name wins), or None when no curated model matches."""
    tokens = _gpu_tokens(name)
    for want, model, cc in _gpu_names():
        n = len(want)
        if any(tokens[i : i + n] == want for i in range(len(tokens) - n + 1)):
            return model, cc
    return None


def gpu_models_in(name: str) -> list[tuple[str, str]]:
    """Every curated model a text names, longest first and without overlap: ``'A100 H100'`` ->
    ``[('A100', '8.0'), ('H100', '9.0')]``; ``'NVIDIA A100-SXM4-80GB'`` -> ``[('A100', '8.0')]``."""
    tokens: list[str | None] = list(_gpu_tokens(name))
    found = []
    for want, model, cc in _gpu_names():
        n = len(want)
        for i in range(len(tokens) - n + 1):
            if tuple(tokens[i : i + n]) == want:
                found.append((i, model, cc))
                tokens[i : i + n] = [None] * n
    return [(model, cc) for _, model, cc in sorted(found)]


@functools.lru_cache(maxsize=512)
def meta_cuda_major(dist: str, version: str) -> str | None:
    """The CUDA major a meta package installs: ``tensorrt 10.13.0.35`` requires ``tensorrt_cu12`` -> ``'12'``;
    None when the record names no ``-cuXX`` part (or the matrix does not know the release)."""
    info = release_info(dist, version)
    if info is None:
        return None
    for text in info["requires_dist"]:
        m = re.match(rf"^\s*{re.escape(normalise_dist(dist))}[-_.]cu(\d+)\b", normalise_dist(text.split(";")[0]))
        if m:
            return m.group(1)
    return None


def scope_position(dist: str, version: str) -> str | None:
    """Why ``dist==version`` has no record: ``'newer'`` (after the newest known release; published after the
    snapshot), ``'older'`` (before or outside the matrix's range), ``'unlisted'`` (inside the range but never
    published, such as a source build), ``'uncovered'`` (a distribution the matrix does not cover); None when the
    matrix knows it."""
    if is_known(dist, version):
        return None
    known = known_versions(dist)
    if not known:
        return "uncovered"
    try:
        wanted = parse_version(version)
    except Exception:  # junk text is simply not a known release
        return "unlisted"
    if _public(version) in published_versions(dist):
        return "older"  # published, but outside the range the matrix covers (torch-tensorrt 2.1.0, 0.0.1)
    if wanted > parse_version(known[-1]):
        return "newer"
    if wanted < parse_version(known[0]):
        return "older"
    return "unlisted"


def torch_build(version: str, platform: str) -> dict[str, Any] | None:
    """The build of the registry's ``torch==version`` wheel for ``platform`` (local tags ignored):
    ``{"variant": "cu126" | "cpu" | ..., "cuda": "12.6" | None, "arch": ["sm_50", ..., "compute_90"] | None,
    "source": "registry wheel torch-2.7.1+cu126 (...)"}``; None when the snapshot has no such wheel."""
    info = _registry()["dists"].get("torch", {}).get("releases", {}).get(_public(version))
    build = (info or {}).get("builds", {}).get(platform)
    return dict(build) if build else None


def torch_builds(variant: str, platform: str) -> list[tuple[str, dict[str, Any]]]:
    """(version, build) of every registry torch wheel of ``platform`` built as ``variant`` (``cu126``), oldest
    first: what a build of that variant from another index most likely carries."""
    found = []
    for version, record in _registry()["dists"].get("torch", {}).get("releases", {}).items():
        build = record.get("builds", {}).get(platform)
        if build and build.get("variant") == variant:
            found.append((version, dict(build)))
    return found


def cuda_toolkit(cuda: str) -> dict[str, Any] | None:
    """The curated row of the CUDA toolkit ``cuda`` (``'12.6'``): the ``oldest`` and ``newest`` compute capability
    its compiler can produce binaries for, ``source``, ``verified``; None for one the table does not cover."""
    for row in load().get("cuda_toolkits", []):
        if satisfies(cuda, row["cuda"]):
            return dict(row)
    return None


def driver_support(cc: str) -> dict[str, Any] | None:
    """The curated driver row of the architecture of compute capability ``cc``: minimum driver (``linux``,
    ``windows``), the ``last_branch`` that supports it (``'580'`` for Volta; None while it is supported),
    ``source``, ``verified``; None for an architecture the table lacks."""
    for row in load().get("driver_support", []):
        if cc in row["compute_capabilities"]:
            return dict(row)
    return None


def jetson(cc: str | None) -> dict[str, Any] | None:
    """The curated Jetson row of compute capability ``cc`` (``'8.7'`` -> Jetson Orin: JetPack, CUDA, the
    ``platform_release`` JetPack's kernel reports, whether the registry's aarch64 wheels run there); None for a GPU
    that is not a Jetson."""
    for row in load().get("jetson", []):
        if row["compute_capability"] == cc:
            return dict(row)
    return None
