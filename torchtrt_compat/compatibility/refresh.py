"""``torchtrt-compat matrix --refresh``: read the registry's metadata again and write a new snapshot.

For every release in scope (`SCOPE`) a record holds ``Requires-Dist``, ``Requires-Python``, the wheel tags (Python
versions, free-threaded ones included, per platform), the CUDA build, for torch the build of each platform's wheel
(``torch/version.py``: the local label and CUDA version; ``torch/include/ATen/cuda/CUDAConfig.h``: the GPU code the
wheel carries, ``sm_XY`` binaries and ``compute_XY`` PTX), and for torch_tensorrt the strings of
``torch_tensorrt/_version.py``. The registry is read as pip is configured to read it (`pip_index`).

A refresh starts from the snapshot in use (the user cache or the bundle) and reads only what it lacks: the project
pages every time (new releases, yanks, new wheels), the metadata of releases it has not seen (or whose record lacks a
fact this release keeps). ``full=True`` reads everything again (what ``tools/refresh_matrix.py --full`` does for the
bundle). The result goes to the user cache (`snapshot.cache_dir`) unless ``out_dir`` names another folder; the two
files are written as one (a reader sees the old pair or the new one). Nothing here runs unless asked: the checker
never fetches.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import datetime as _dt
import email.parser
import json
import re
import sys
import time
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._atomic import atomic_dir, atomic_write_text
from .._errors import IncompatibleError
from ..env import parse_cuda_arch
from . import snapshot
from .pip_index import FileEntry, Index, NotFound, PipSettings, RangeRefused, pip_settings, redact
from .requires import PLATFORM_MARKERS

if TYPE_CHECKING:
    from packaging.requirements import Requirement
    from packaging.specifiers import SpecifierSet

PLATFORMS = ("linux_x86_64", "linux_aarch64", "win_amd64")
PREFERRED_PY = ("3.11", "3.12", "3.10", "3.13", "3.9", "3.8", "py3")
SPEC_ORDER = {">=": 0, ">": 1, "==": 2, "===": 2, "~=": 3, "!=": 4, "<=": 5, "<": 6}

#: Distributions with full release coverage, and the range covered. TensorRT parts reached through a root's
#: Requires-Dist (-libs, -bindings) inherit the root's scope.
SCOPE: dict[str, str] = {
    "torch": ">=2.0",
    "torchvision": ">=0.15",
    "torch-tensorrt": ">=1.4.0",  # in_scope(): 1.4.0, then 2.2.0 onwards
    "torch-tensorrt-rtx": "",
    "tensorrt": ">=8.6",
    "tensorrt-cu11": ">=8.6",
    "tensorrt-cu12": ">=8.6",
    "tensorrt-cu13": ">=8.6",
    "tensorrt-rtx": "",
    "tensorrt-rtx-cu12": "",
    "tensorrt-rtx-cu13": "",
}
TORCH_TRT_PROJECTS = {"torch-tensorrt": "tensorrt", "torch-tensorrt-rtx": "tensorrt-rtx"}
TRT_VERSION_KEY = {"tensorrt": "__tensorrt_version__", "tensorrt-rtx": "__tensorrt_rtx_version__"}
#: Roots of the TensorRT distribution family listed in matrix.json ``tensorrt_packages``; their tensorrt*
#: dependencies are followed so that -libs / -bindings packages are listed too.
TENSORRT_ROOTS = tuple(
    f"tensorrt{flavour}{variant}{cuda}"
    for flavour, variants in (("", ("", "-lean", "-dispatch")), ("-rtx", ("",)))
    for variant in variants
    for cuda in (("", "-cu11", "-cu12", "-cu13") if flavour == "" else ("", "-cu12", "-cu13"))
)
#: The members of a torch wheel that say its build: the version and CUDA, then the GPU code compiled in.
TORCH_VERSION_PY = "torch/version.py"
TORCH_CUDA_CONFIG = "torch/include/ATen/cuda/CUDAConfig.h"
#: Marker values of each wheel platform on a host that is not a Jetson ("tegra" not in platform_release).
MARKER_ENV: dict[str, dict[str, str]] = {p: {**m, "platform_release": ""} for p, m in PLATFORM_MARKERS.items()}


# -- small parsers (pure functions; tests feed them captured registry text) --------------------------------------------


def wheel_platform(filename: str) -> str | None:
    """Normalised platform of a wheel file name (linux_x86_64 / linux_aarch64 / win_amd64 / any), else None."""
    from packaging.utils import parse_wheel_filename

    if not filename.endswith(".whl"):
        return None
    platforms = {t.platform for t in parse_wheel_filename(filename)[3]}
    if platforms == {"any"}:
        return "any"
    if "win_amd64" in platforms:
        return "win_amd64"
    if any("linux" in p and p.endswith("x86_64") for p in platforms):
        return "linux_x86_64"
    if any("linux" in p and p.endswith("aarch64") for p in platforms):
        return "linux_aarch64"
    return None


def wheel_pythons(filename: str) -> list[str]:
    """Python tags of a wheel: cp311 -> '3.11', free-threaded (abi cp313t) -> '3.13t', py3/py2.py3 -> 'py3'."""
    from packaging.utils import parse_wheel_filename

    result = set()
    for tag in parse_wheel_filename(filename)[3]:
        match = re.fullmatch(r"cp(\d)(\d+)", tag.interpreter)
        if match:
            free = tag.abi.endswith("t") and tag.abi.startswith("cp")
            result.add(f"{match.group(1)}.{match.group(2)}" + ("t" if free else ""))
        elif tag.interpreter.startswith("py3") or tag.interpreter == "py2.py3":
            result.add("py3")
    return sorted(result, key=python_key)


def python_key(tag: str) -> tuple[int, int, int]:
    if tag == "py3":
        return (3, -1, 0)
    major, minor_ = tag.rstrip("t").split(".")
    return (int(major), int(minor_), 1 if tag.endswith("t") else 0)


def wheels_by_platform(files: Iterable[FileEntry]) -> dict[str, dict[str, FileEntry]]:
    """platform -> Python tag -> file, for the non-yanked wheels of one release."""
    table: dict[str, dict[str, FileEntry]] = {}
    for entry in files:
        platform = wheel_platform(entry.filename)
        if platform is None or entry.yanked:
            continue
        for python in wheel_pythons(entry.filename):
            table.setdefault(platform, {}).setdefault(python, entry)
    return table


def pick_wheel(by_python: dict[str, FileEntry]) -> FileEntry:
    """The wheel to inspect for a platform: the first preferred Python present, else the newest."""
    for python in PREFERRED_PY:
        if python in by_python:
            return by_python[python]
    return by_python[sorted(by_python, key=python_key)[-1]]


def parse_metadata(text: str) -> dict[str, Any]:
    """``Requires-Dist`` lines (normalised by packaging, order kept, duplicates dropped) and ``Requires-Python``."""
    from packaging.requirements import InvalidRequirement, Requirement

    message = email.parser.Parser().parsestr(text, headersonly=True)
    seen: list[str] = []
    for line in message.get_all("Requires-Dist") or []:
        try:
            norm = str(Requirement(line))
        except InvalidRequirement:
            norm = line.strip()
        if norm not in seen:
            seen.append(norm)
    requires_python = message.get("Requires-Python")
    return {"requires_dist": seen, "requires_python": requires_python.strip() if requires_python else None}


def requirements_on(requires_dist: list[str], platform: str) -> list[Requirement]:
    """Requirements that apply on ``platform`` (not a Jetson; extras dropped, markers evaluated)."""
    from packaging.requirements import Requirement

    result = []
    for line in requires_dist:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate({**MARKER_ENV[platform], "extra": ""}):
            continue
        result.append(req)
    return result


def normalise_spec(spec: SpecifierSet) -> str:
    """Comma-joined specifiers, lower bounds first."""
    return ",".join(str(s) for s in sorted(spec, key=lambda s: (SPEC_ORDER.get(s.operator, 9), s.version)))


def format_requirement(req: Requirement) -> str:
    """Name + normalised specifier (markers are evaluated beforehand, so dropped)."""
    return req.name + normalise_spec(req.specifier)


def canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def is_tensorrt_dist(name: str) -> bool:
    return canonical(name).startswith("tensorrt")


def tensorrt_rank(req: Requirement) -> int:
    """Sort key: meta package first, then tensorrt[-rtx]-cuXX, then -libs/-bindings."""
    name = canonical(req.name)
    if name in ("tensorrt", "tensorrt-rtx"):
        return 0
    return 2 if name.endswith(("-libs", "-bindings")) else 1


def parse_version_py(source: str) -> dict[str, str]:
    """Module-level string assignments of a ``version.py`` (``x = "..."`` and ``x: T = "..."``), parsed without
    importing; a ``None`` value is left out."""
    values: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            for target in targets:
                if isinstance(target, ast.Name):
                    values[target.id] = value.value
    return values


def torch_build(version_py: str, cuda_config_h: str | None) -> dict[str, Any]:
    """A torch wheel's build: ``variant`` (``cu126``, ``cpu``, ``rocm6.2``), ``cuda`` (``'12.6'`` or None), ``arch``
    (the GPU code it carries; None when a CUDA build's wheel has no ``CUDAConfig.h``)."""
    values = parse_version_py(version_py)
    version = values.get("__version__", "")
    cuda = values.get("cuda")
    local = version.partition("+")[2]
    variant = local or ("cpu" if cuda is None else "cu" + cuda.replace(".", ""))
    arch: list[str] | None = []
    if cuda is not None:
        arch = parse_cuda_arch(cuda_config_h) if cuda_config_h else None
    return {"version": version, "variant": variant, "cuda": cuda, "arch": arch}


_NVIDIA_RUNTIME = re.compile(r"^(?:nvidia-cuda-runtime(?:-cu(\d+))?|cuda-toolkit)$")
_TRT_CUDA = re.compile(r"^tensorrt(?:-rtx)?(?:-(?:lean|dispatch))?-cu(\d+)(?:-(?:libs|bindings))?$")


def cuda_of_torch(requires_dist: list[str], platform: str) -> str | None:
    """CUDA build of a torch wheel, from its pinned ``nvidia-cuda-runtime[-cuXX]`` or ``cuda-toolkit[...]`` version.

    None for CPU-only wheels (no such pin on that platform).
    """
    for req in requirements_on(requires_dist, platform):
        if _NVIDIA_RUNTIME.match(canonical(req.name)):
            for spec in req.specifier:
                if spec.operator in ("==", "==="):
                    return ".".join(spec.version.split(".")[:2])
    return None


def cuda_of_tensorrt(dist: str, requires_dist: list[str], platform: str) -> str | None:
    """CUDA major of a TensorRT dist: from its name (tensorrt-cu12*), else from the tensorrt-cuXX it requires."""
    from packaging.requirements import Requirement

    match = _TRT_CUDA.match(canonical(dist))
    if match:
        return match.group(1)
    reqs = requirements_on(requires_dist, platform) if platform in MARKER_ENV else map(Requirement, requires_dist)
    for req in reqs:
        name = canonical(req.name)
        inner = _TRT_CUDA.match(name) or _NVIDIA_RUNTIME.match(name)
        if inner and inner.group(1):
            return inner.group(1)
    return None


def in_scope(dist: str, version: str) -> bool:
    """Whether ``dist==version`` is one the matrix must cover (see `SCOPE`)."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import InvalidVersion, Version

    try:
        parsed = Version(version)
    except InvalidVersion:
        return False
    if dist == "torch-tensorrt":
        return parsed == Version("1.4.0") or parsed >= Version("2.2.0")
    return SpecifierSet(_scope(dist)).contains(parsed, prereleases=True)


def _scope(dist: str) -> str:
    return SCOPE.get(dist, SCOPE.get(re.sub(r"-(?:libs|bindings)$", "", dist), ""))


def scope_text(dist: str) -> str:
    return "==1.4.0 or >=2.2.0" if dist == "torch-tensorrt" else (_scope(dist) or "all")


def _version_key(text: str) -> Any:
    from packaging.version import InvalidVersion, Version

    try:
        return (0, Version(text))
    except InvalidVersion:
        return (1, text)


# -- reading one release -----------------------------------------------------------------------------------------------


def read_release(index: Index, dist: str, version: str, files: list[FileEntry]) -> dict[str, Any]:
    """The registry record of one release (see `matrix.release_info` for the shape)."""
    live = [f for f in files if not f.yanked]
    record: dict[str, Any] = {}
    if files and not live:
        record["yanked"] = True
        live = files
    table = wheels_by_platform(live)
    record["wheels"] = {p: sorted(table[p], key=python_key) for p in (*PLATFORMS, "any") if p in table}
    extra = {"torch": [TORCH_VERSION_PY, TORCH_CUDA_CONFIG]}.get(dist, [])
    if dist in TORCH_TRT_PROJECTS:
        extra = ["torch_tensorrt/_version.py"]
    metadata, version_py, builds = _read_wheels(index, table, list(record["wheels"]), version, extra)
    if not record["wheels"]:
        record["sdist_only"] = True
        sdists = [f for f in live if f.filename.endswith((".tar.gz", ".zip"))]
        text = index.sdist_metadata(sdists[0]) if sdists else None
        if text is not None:
            metadata["sdist"] = text
    requires: list[str] = []
    requires_python = None
    for text in metadata.values():
        parsed = parse_metadata(text)
        requires += [r for r in parsed["requires_dist"] if r not in requires]
        requires_python = requires_python or parsed["requires_python"]
    if requires_python is None:
        requires_python = next((f.requires_python for f in live if f.requires_python), None)
    record["requires_dist"] = requires
    record["requires_python"] = requires_python
    cuda = _cuda_by_platform(dist, list(record["wheels"]) or ["any"], requires, version_py)
    if cuda:
        record["cuda_by_platform"] = cuda
        record["cuda"] = cuda.get("linux_x86_64") or next((c for c in cuda.values() if c), None)
    if builds:
        record["builds"] = builds
    if version_py:
        record["version_py"] = version_py.get("linux_x86_64") or next(iter(version_py.values()))
    record["_metadata"] = metadata  # used to build the torch_tensorrt rows; dropped before writing
    return record


def _read_wheels(
    index: Index, table: dict[str, dict[str, FileEntry]], platforms: list[str], version: str, extra: list[str]
) -> tuple[dict[str, str], dict[str, dict[str, str]], dict[str, dict[str, Any]]]:
    """One wheel per platform, read for its METADATA, torch_tensorrt's `_version.py` and torch's build facts."""
    metadata: dict[str, str] = {}  # platform -> METADATA text
    version_py: dict[str, dict[str, str]] = {}
    builds: dict[str, dict[str, Any]] = {}
    for platform in platforms:
        members = index.wheel_members(pick_wheel(table[platform]), extra)
        if "METADATA" in members:
            metadata[platform] = members["METADATA"]
        if "torch_tensorrt/_version.py" in members:
            version_py[platform] = parse_version_py(members["torch_tensorrt/_version.py"])
        if TORCH_VERSION_PY in members and platform in MARKER_ENV:
            build = torch_build(members[TORCH_VERSION_PY], members.get(TORCH_CUDA_CONFIG))
            read = TORCH_VERSION_PY + (f", {TORCH_CUDA_CONFIG}" if build["cuda"] and build["arch"] is not None else "")
            build["source"] = f"registry wheel torch-{build.pop('version') or version} ({read})"
            builds[platform] = build
    return metadata, version_py, builds


def _cuda_by_platform(
    dist: str, platforms: list[str], requires: list[str], version_py: dict[str, dict[str, str]]
) -> dict[str, str | None]:
    """The CUDA version each platform's wheel is built for (an sdist-only release: one answer for "any")."""
    cuda: dict[str, str | None] = {}
    for platform in platforms:
        if dist == "torch" and platform in MARKER_ENV:
            cuda[platform] = cuda_of_torch(requires, platform)
        elif dist in TORCH_TRT_PROJECTS and platform in version_py:
            cuda[platform] = version_py[platform].get("__cuda_version__")
        elif dist.startswith("tensorrt"):
            cuda[platform] = cuda_of_tensorrt(dist, requires, platform)
    return {p: c for p, c in cuda.items() if p in MARKER_ENV or c is not None}


def _needs_reading(dist: str, record: dict[str, Any], wheels: dict[str, list[str]]) -> bool:
    """Whether a record of the base snapshot must be read again: a platform gained wheels, or the record lacks a fact
    this release keeps (torch wheel builds)."""
    if set(wheels) - set(record.get("wheels", {})):
        return True
    return dist == "torch" and any(p in MARKER_ENV and p not in record.get("builds", {}) for p in wheels)


def read_dist(
    index: Index, dist: str, jobs: int, base: dict[str, Any] | None, counts: dict[str, int]
) -> dict[str, Any]:
    """``{"scope", "published", "releases": {version: record}}`` for one distribution; records of ``base`` (the
    snapshot refreshed) are kept where the registry's files say nothing changed."""
    page = index.project(dist)
    by_version: dict[str, list[FileEntry]] = {}
    for f in page.files:
        if f.version:
            by_version.setdefault(f.version, []).append(f)
    wanted = [v for v in page.versions if in_scope(dist, v)]
    old = (base or {}).get("releases", {})
    releases: dict[str, dict[str, Any]] = {}
    to_read: list[str] = []
    for v in wanted:
        files = by_version.get(v, [])
        live = [f for f in files if not f.yanked] or files
        table = wheels_by_platform(live)
        wheels = {p: sorted(table[p], key=python_key) for p in (*PLATFORMS, "any") if p in table}
        record = old.get(v)
        if record is None or _needs_reading(dist, record, wheels):
            to_read.append(v)
            continue
        record = {**record, "wheels": wheels or record.get("wheels", {})}
        record.pop("yanked", None)
        if files and all(f.yanked for f in files):
            record["yanked"] = True
        releases[v] = record
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        futures = {v: pool.submit(read_release, index, dist, v, by_version.get(v, [])) for v in to_read}
        for v in to_read:
            releases[v] = futures[v].result()
    counts["read"] += len(to_read)
    counts["kept"] += len(wanted) - len(to_read)
    ordered = {v: releases[v] for v in sorted(releases, key=_version_key)}
    return {"scope": scope_text(dist), "published": page.versions, "releases": ordered}


# -- derived sections of matrix.json -----------------------------------------------------------------------------------


def torch_tensorrt_row(
    project: str, version: str, record: dict[str, Any], curated: list[dict[str, Any]]
) -> dict[str, Any]:
    """One entry of the ``torch_tensorrt`` list (the shape the checker reads)."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

    flavour = TORCH_TRT_PROJECTS[project]
    torch_spec, tensorrt, tensorrt_all = None, {}, {}
    for platform, text in record["_metadata"].items():
        if platform not in MARKER_ENV:
            continue
        reqs = requirements_on(parse_metadata(text)["requires_dist"], platform)
        trt = sorted((r for r in reqs if is_tensorrt_dist(r.name)), key=tensorrt_rank)
        if trt:
            tensorrt[platform] = format_requirement(trt[0])
            tensorrt_all[platform] = [format_requirement(r) for r in trt]
        torch_req = next((r for r in reqs if canonical(r.name) == "torch"), None)
        if torch_req is not None and (torch_spec is None or platform == "linux_x86_64"):
            torch_spec = normalise_spec(torch_req.specifier)
    version_py = record.get("version_py", {})
    wheels = {p: [t for t in tags if not t.endswith("t")] for p, tags in record["wheels"].items() if p in MARKER_ENV}
    row: dict[str, Any] = {
        "package": project,
        "version": version,
        "torch": torch_spec,
        "tensorrt": tensorrt,
        "flavour": flavour,
        "cuda": version_py.get("__cuda_version__"),
        "tensorrt_built": version_py.get(TRT_VERSION_KEY[flavour]),
        "python": sorted({py for pys in wheels.values() for py in pys}, key=python_key),
        "wheels": wheels,
        "source": f"registry metadata of {project} {version}",
        "tensorrt_requires": tensorrt_all,
        "tensorrt_declared": bool(tensorrt),
    }
    if not tensorrt:
        fill = next(
            (c for c in curated if c["package"] == project and Version(version) in SpecifierSet(c["versions"])), None
        )
        if fill is not None:
            row["tensorrt"] = {p: fill["tensorrt"] for p in fill["platforms"]}
            row["tensorrt_requires"] = {p: [fill["tensorrt"]] for p in fill["platforms"]}
            row["tensorrt_source"] = fill["source"]
            row["tensorrt_verified"] = fill["verified"]
    return row


def torch_requirement(requires_dist: list[str]) -> Requirement | None:
    """The unconditional ``torch`` requirement of a Requires-Dist list."""
    from packaging.requirements import Requirement

    for line in requires_dist:
        req = Requirement(line)
        if canonical(req.name) == "torch" and req.marker is None:
            return req
    return None


def torch_floor(req: Requirement) -> str | None:
    """The torch release a torchvision requirement is built for: its ``==`` pin, else its ``>=`` lower bound."""
    for operator in ("==", ">="):
        for spec in req.specifier:
            if spec.operator == operator:
                return str(spec.version)
    return None


def torchvision_pairs(
    torchvision: dict[str, Any], torch: dict[str, Any], readme: dict[str, Any]
) -> list[dict[str, Any]]:
    """torchvision minor <-> torch minor, from every torchvision release's ``torch==X.Y.Z`` pin.

    A pair is ``verified`` when every release of the torchvision minor pins a torch of one minor, that minor is pinned
    by no other torchvision minor (so the pairing holds in both directions), and the pinned torch releases exist;
    where the pytorch/vision README table (``readme``) lists the pair it must agree too.
    """
    from packaging.version import Version

    by_minor: dict[str, dict[str, str]] = {}
    floor_of: dict[str, str] = {}
    for version, record in torchvision["releases"].items():
        req = torch_requirement(record["requires_dist"])
        floor = torch_floor(req) if req else None
        if req is None or floor is None:
            continue
        text = format_requirement(req)
        floor_of[text] = floor
        by_minor.setdefault(".".join(version.split(".")[:2]), {})[version] = text
    torch_minors_of = {m: {".".join(floor_of[p].split(".")[:2]) for p in pins.values()} for m, pins in by_minor.items()}
    pairs = []
    for minor in sorted(by_minor, key=Version):
        pins = dict(sorted(by_minor[minor].items(), key=lambda kv: Version(kv[0])))
        torch_minors = torch_minors_of[minor]
        torch_minor = sorted(torch_minors, key=Version)[0]
        unique = len(torch_minors) == 1 and all(
            torch_minor not in other for m, other in torch_minors_of.items() if m != minor
        )
        pinned_exist = all(floor_of[p] in torch["releases"] for p in pins.values())
        listed = readme["pairs"].get(minor)
        first = next(iter(pins))
        pairs.append(
            {
                "torchvision": minor,
                "torch": torch_minor,
                "torchvision_release": first,
                "requirement": pins[first],
                "releases": pins,
                "readme_agrees": None if listed is None else listed == torch_minor,
                "source": f"registry metadata of torchvision {', '.join(pins)} (Requires-Dist torch pins)"
                + (f"; {readme['source']}" if listed else ""),
                "verified": unique and pinned_exist and listed in (None, torch_minor),
            }
        )
    return pairs


def classify_tensorrt_package(name: str) -> dict[str, Any]:
    """Flavour / CUDA major / role of a TensorRT distribution, from its name."""
    match = re.fullmatch(r"tensorrt(-rtx)?(?:-(lean|dispatch))?(?:-cu(\d+))?(?:-(libs|bindings))?", canonical(name))
    if match is None:
        return {"flavour": None, "cuda": None, "kind": "unknown"}
    rtx, variant, cuda, part = match.groups()
    return {
        "flavour": "tensorrt-rtx" if rtx else "tensorrt",
        "cuda": cuda,
        "variant": variant or "full",
        "kind": part or ("cuda-package" if cuda else "meta"),
    }


def latest_final(versions: list[str]) -> str | None:
    from packaging.version import Version

    finals = [v for v in versions if not Version(v).is_prerelease and not Version(v).is_devrelease]
    return max(finals, key=Version) if finals else None


def tensorrt_packages_section(
    index: Index, dists: dict[str, Any], base: dict[str, Any] | None
) -> dict[str, dict[str, Any]]:
    """Every TensorRT distribution reachable from the roots, with its latest version's TensorRT requirements (an
    entry of ``base`` is kept while its latest version is unchanged)."""
    from packaging.requirements import Requirement

    pending, result = list(TENSORRT_ROOTS), {}
    while pending:
        name = canonical(pending.pop(0))
        if name in result:
            continue
        try:
            page = index.project(name)
        except NotFound:
            continue
        latest = latest_final(page.versions)
        if latest is None:
            continue
        kept = (base or {}).get(name)
        if kept is not None and kept.get("latest") == latest:
            result[name] = kept
            pending.extend(Requirement(r).name for r in kept.get("latest_requires", []))
            continue
        record = dists.get(name, {}).get("releases", {}).get(latest)
        if record is None:
            files = [f for f in page.files if f.version == latest]
            record = read_release(index, name, latest, files)
        reqs = [Requirement(r) for r in record["requires_dist"]]
        trt_reqs = [r for r in reqs if is_tensorrt_dist(r.name) and not (r.marker and "extra" in str(r.marker))]
        entry = classify_tensorrt_package(name)
        entry["latest"] = latest
        entry["latest_requires"] = [format_requirement(r) for r in trt_reqs]
        if entry["kind"] == "meta":
            entry["notes"] = "meta package, CUDA major chosen by the tensorrt-cuXX dependency of the installed version"
        entry["source"] = f"registry metadata of {name} {latest}"
        result[name] = entry
        pending.extend(r.name for r in trt_reqs)
    return dict(sorted(result.items()))


def tensorrt_family(index: Index, roots: Iterable[str]) -> list[str]:
    """The roots plus their -libs / -bindings parts that the registry serves (full-coverage TensorRT dists)."""
    names = []
    for root in roots:
        names.append(root)
        if root in ("tensorrt", "tensorrt-rtx"):
            continue  # the meta packages have no parts of their own
        for part in ("libs", "bindings"):
            try:
                index.project(f"{root}-{part}")
            except NotFound:
                continue
            names.append(f"{root}-{part}")
    return names


# -- the snapshot as files ---------------------------------------------------------------------------------------------


def expand_registry(registry_json: dict[str, Any]) -> dict[str, Any]:
    """registry.json (tag lists stored once, by index) as ``{dist: {"scope", "published", "releases"}}`` with each
    record's ``wheels`` as lists again."""
    tags = registry_json["tags"]
    dists: dict[str, Any] = {}
    for dist, entry in registry_json["dists"].items():
        releases = {}
        for version, record in entry["releases"].items():
            wheels = {p: tags[i].split() for p, i in record.get("wheels", {}).items()}
            releases[version] = {**record, "wheels": wheels}
        dists[dist] = {"scope": entry["scope"], "published": entry["published"], "releases": releases}
    return dists


def compact_registry(dists: dict[str, Any]) -> dict[str, Any]:
    """Store wheel tag lists once (``tags`` table, referenced by index) and drop working fields."""
    from packaging.version import Version

    tags: list[str] = []
    position: dict[str, int] = {}
    out: dict[str, Any] = {}
    for dist, entry in sorted(dists.items()):
        releases = {}
        for version in sorted(entry["releases"], key=Version):
            record = {k: v for k, v in entry["releases"][version].items() if not k.startswith("_")}
            wheels = {}
            for platform, pythons in record.get("wheels", {}).items():
                key = " ".join(pythons)
                if key not in position:
                    position[key] = len(tags)
                    tags.append(key)
                wheels[platform] = position[key]
            record["wheels"] = wheels
            releases[version] = record
        out[dist] = {"scope": entry["scope"], "published": entry["published"], "releases": releases}
    return {"tags": tags, "dists": out}


def dump_registry(registry_json: dict[str, Any]) -> str:
    """registry.json text: one line per release record, so that a refresh reads as a short diff."""
    lines = [
        "{",
        f' "schema": {registry_json["schema"]},',
        f' "snapshot_date": {json.dumps(registry_json["snapshot_date"])},',
        ' "tags": [' + ", ".join(json.dumps(t) for t in registry_json["tags"]) + "],",
        ' "dists": {',
    ]
    dists = list(registry_json["dists"].items())
    for i, (dist, entry) in enumerate(dists):
        lines.append(f"  {json.dumps(dist)}: {{")
        lines.append(f'   "scope": {json.dumps(entry["scope"])},')
        lines.append(f'   "published": {json.dumps(entry["published"])},')
        lines.append('   "releases": {')
        releases = list(entry["releases"].items())
        for j, (version, record) in enumerate(releases):
            comma = "," if j < len(releases) - 1 else ""
            lines.append(f"    {json.dumps(version)}: {json.dumps(record, separators=(', ', ': '))}{comma}")
        lines.append("   }")
        lines.append("  }" + ("," if i < len(dists) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def dump_matrix(matrix_json: dict[str, Any]) -> str:
    return json.dumps(matrix_json, indent=1) + "\n"


# -- the refresh -------------------------------------------------------------------------------------------------------


@dataclass
class RefreshResult:
    """What a refresh did: where it wrote, from which sources, how much it read, the releases it added."""

    folder: Path
    sources: str
    snapshot_date: str
    seconds: float
    fetched: dict[str, int]
    counts: dict[str, int]
    added: list[str] = field(default_factory=list)  #: ``dist version`` of every release the base did not have
    base: str = ""

    def __str__(self) -> str:
        added = ", ".join(self.added[:12]) + (f" and {len(self.added) - 12} more" if len(self.added) > 12 else "")
        return "\n".join(
            [
                f"matrix snapshot {self.snapshot_date} written to {self.folder} in {self.seconds:.1f} s",
                f"  read from: {self.sources}",
                f"  started from: {self.base}",
                f"  releases: {self.counts['read']} read, {self.counts['kept']} unchanged"
                + (f"; new since the last snapshot: {added}" if self.added else "; no new releases"),
                "  fetched: " + ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in self.fetched.items()),
            ]
        )


def build(
    index: Index,
    *,
    jobs: int = 8,
    base: tuple[dict[str, Any], dict[str, Any]] | None = None,
    curated: dict[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
    generated_by: str = "torchtrt-compat matrix --refresh",
) -> tuple[dict[str, Any], dict[str, Any], dict[str, int]]:
    """(matrix.json, registry.json, counts) read through ``index``; ``base`` (matrix.json, registry.json of the
    snapshot refreshed) supplies what has not changed."""
    say = progress or (lambda _text: None)
    started = time.monotonic()
    today = _dt.date.today().isoformat()
    curated = curated if curated is not None else read_curated()
    base_matrix, base_registry = base if base is not None else ({}, {})
    base_dists = expand_registry(base_registry) if base_registry else {}
    counts = {"read": 0, "kept": 0}
    names = ["torch", "torchvision", *TORCH_TRT_PROJECTS]
    names += tensorrt_family(index, [d for d in SCOPE if d.startswith("tensorrt")])
    dists: dict[str, Any] = {}
    for name in names:
        say(f"reading {name}")
        dists[name] = read_dist(index, name, jobs, base_dists.get(name), counts)
    # torchvision wheels declare no CUDA: it is the CUDA of the torch release they pin.
    for record in dists["torchvision"]["releases"].values():
        pin = next((r for r in record["requires_dist"] if re.match(r"^torch==[\d.]+$", r)), None)
        torch_record = dists["torch"]["releases"].get(pin.split("==")[1]) if pin else None
        if torch_record is not None and torch_record.get("cuda_by_platform"):
            record["cuda_from"] = pin
            record["cuda_by_platform"] = {
                p: torch_record["cuda_by_platform"].get(p) for p in record["wheels"] if p in MARKER_ENV
            }
            record["cuda"] = record["cuda_by_platform"].get("linux_x86_64")
    old_rows = {(r["package"], r["version"]): r for r in base_matrix.get("torch_tensorrt", [])}
    rows = []
    for project in TORCH_TRT_PROJECTS:
        for version, record in dists[project]["releases"].items():
            if not any(p in MARKER_ENV for p in record["wheels"]):
                continue  # not the pure-Python name placeholders (0.0.1)
            if "_metadata" in record:
                rows.append(torch_tensorrt_row(project, version, record, curated["tensorrt_for_torch_tensorrt"]))
            elif (project, version) in old_rows:
                rows.append(old_rows[(project, version)])
    say("reading the TensorRT packages")
    packages = tensorrt_packages_section(index, dists, base_matrix.get("tensorrt_packages"))
    matrix_json = {
        "schema": snapshot.SCHEMA,
        "generated_by": generated_by,
        "snapshot_date": today,
        "generated_on": today,
        "torch_tensorrt": rows,
        "torchvision": torchvision_pairs(dists["torchvision"], dists["torch"], curated["torchvision_readme"]),
        "tensorrt_packages": packages,
        "refresh": {**index.fetched, "seconds": round(time.monotonic() - started, 1)},
    }
    registry_json = {"schema": snapshot.SCHEMA, "snapshot_date": today, **compact_registry(dists)}
    return matrix_json, registry_json, counts


def read_curated() -> dict[str, Any]:
    """The curated tables shipped with the package (``data/curated.json``)."""
    from importlib import resources

    data: dict[str, Any] = json.loads(
        resources.files("torchtrt_compat").joinpath("data/curated.json").read_text(encoding="utf-8")
    )
    return data


def write_snapshot(folder: Path, matrix_json: dict[str, Any], registry_json: dict[str, Any]) -> None:
    """Write both files as one: the user cache is swapped in whole; another folder (the bundle) file by file."""
    if folder == snapshot.cache_dir():
        with atomic_dir(folder) as staging:
            (staging / "matrix.json").write_text(dump_matrix(matrix_json), encoding="utf-8")
            (staging / "registry.json").write_text(dump_registry(registry_json), encoding="utf-8")
        return
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / "registry.json", dump_registry(registry_json))
    atomic_write_text(folder / "matrix.json", dump_matrix(matrix_json))


def refresh(
    *,
    out_dir: str | Path | None = None,
    full: bool = False,
    jobs: int = 8,
    index_url: str | None = None,
    settings: PipSettings | None = None,
    progress: Callable[[str], None] | None = None,
    generated_by: str = "torchtrt-compat matrix --refresh",
) -> RefreshResult:
    """Read the registry again and write the snapshot (the user cache unless ``out_dir``); see the module docs."""
    started = time.monotonic()
    settings = settings or pip_settings(index_url=index_url)
    index = Index(settings)
    source = snapshot.choose()
    base = None if full else (source.read("matrix.json"), source.read("registry.json"))
    if base is not None and base[0].get("schema") != snapshot.SCHEMA:
        base = None
    try:
        matrix_json, registry_json, counts = build(
            index, jobs=jobs, base=base, progress=progress, generated_by=generated_by
        )
    except NotFound as exc:
        raise IncompatibleError(
            f"the index has no project page for {redact(str(exc))}: it does not serve torch and torch-tensorrt; the "
            "snapshot in use is unchanged.",
            "point pip at an index that mirrors them (pip config set global.index-url URL) or pass --index-url URL",
        ) from None
    except RangeRefused as exc:
        raise IncompatibleError(
            f"{exc}; the snapshot in use is unchanged.",
            "use an index that serves byte ranges or PEP 658 .metadata files (the public registry does), or pass "
            "--index-url URL",
        ) from None
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise IncompatibleError(
            f"the package index could not be read ({type(exc).__name__}: {redact(str(exc))[:200]}); the snapshot in "
            "use is unchanged.",
            "check the network, proxy and certificates pip uses (pip config list), or pass --index-url URL",
        ) from None
    folder = Path(out_dir) if out_dir is not None else snapshot.cache_dir()
    write_snapshot(folder, matrix_json, registry_json)
    known = {(d, v) for d, e in (expand_registry(base[1]) if base else {}).items() for v in e["releases"]}
    added = [
        f"{d} {v}" for d, e in registry_json["dists"].items() for v in e["releases"] if base and (d, v) not in known
    ]
    return RefreshResult(
        folder=folder,
        sources=settings.describe(),
        snapshot_date=matrix_json["snapshot_date"],
        seconds=time.monotonic() - started,
        fetched=dict(index.fetched),
        counts=counts,
        added=added,
        base="nothing (a full read)"
        if base is None
        else f"the snapshot of {source.snapshot_date} ({source.describe()})",
    )


def main(argv: list[str] | None = None, *, default_out: str | None = None) -> int:
    """The maintainers' entry (``tools/refresh_matrix.py``): like ``matrix --refresh``, writing ``--out-dir``."""
    parser = argparse.ArgumentParser(description="Refresh the compatibility matrix from the package registry.")
    parser.add_argument("--out-dir", default=default_out, help="folder for matrix.json and registry.json")
    parser.add_argument("--index-url", default=None, help="simple index to read (default: pip's configuration)")
    parser.add_argument("--jobs", type=int, default=8, help="parallel requests per distribution")
    parser.add_argument("--full", action="store_true", help="read every release again, not only what changed")
    args = parser.parse_args(argv)
    result = refresh(
        out_dir=args.out_dir,
        full=args.full,
        jobs=args.jobs,
        index_url=args.index_url,
        progress=lambda text: print(text, file=sys.stderr),
        generated_by="tools/refresh_matrix.py",
    )
    print(result)
    return 0
