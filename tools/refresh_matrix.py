#!/usr/bin/env python3
"""Regenerate torchtrt_compat/data/matrix.json from published PyPI metadata.

Per-release facts (torch / TensorRT requirements, wheel tags, the CUDA and
TensorRT versions a wheel was built against) are read from the wheels
themselves: only the zip central directory, ``*.dist-info/METADATA`` and
``torch_tensorrt/_version.py`` are fetched, with HTTP range requests.

Facts PyPI cannot provide (GPU compute capabilities per TensorRT release,
minimum drivers per CUDA major) live in the curated tables below, each with
the ``source`` it was taken from.

Usage: python3 tools/refresh_matrix.py [--out PATH]
Only the standard library and ``packaging`` are used.
"""

from __future__ import annotations

import argparse
import ast
import datetime as _dt
import email.parser
import io
import json
import os
import re
import sys
import time
import urllib.parse
import urllib.request
import zipfile
from typing import Any
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from torchtrt_compat._atomic import atomic_write_text  # noqa: E402  (stdlib only)

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

PYPI_JSON = "https://pypi.org/pypi/{name}/json"
PYPI_PAGE = "https://pypi.org/project/{name}/{version}/"
DEFAULT_OUT = os.path.join(os.path.dirname(__file__), os.pardir, "torchtrt_compat", "data", "matrix.json")

TORCH_TRT_PROJECTS = {  # project -> (flavour, lowest version to include)
    "torch-tensorrt": ("tensorrt", Version("2.2.0")),
    "torch-tensorrt-rtx": ("tensorrt-rtx", Version("2.11.0")),
}
TRT_VERSION_KEY = {"tensorrt": "__tensorrt_version__", "tensorrt-rtx": "__tensorrt_rtx_version__"}
TORCHVISION_MINORS = range(15, 30)  # torchvision 0.15 .. 0.29
PLATFORMS = ("linux_x86_64", "win_amd64", "linux_aarch64")
PREFERRED_PY = ("3.11", "3.12", "3.10", "3.13")
MARKER_ENV = {  # non-Jetson hosts ("tegra" not in platform_release)
    "linux_x86_64": {
        "platform_machine": "x86_64",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_release": "",
    },
    "linux_aarch64": {
        "platform_machine": "aarch64",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_release": "",
    },
    "win_amd64": {
        "platform_machine": "AMD64",
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_release": "",
    },
}
SPEC_ORDER = {">=": 0, ">": 1, "==": 2, "===": 2, "~=": 3, "!=": 4, "<=": 5, "<": 6}

# Roots of the TensorRT distribution family; their tensorrt* dependencies are
# followed so that -libs / -bindings packages are listed too.
TENSORRT_ROOTS = (
    "tensorrt",
    "tensorrt-cu11",
    "tensorrt-cu12",
    "tensorrt-cu13",
    "tensorrt-lean",
    "tensorrt-lean-cu11",
    "tensorrt-lean-cu12",
    "tensorrt-lean-cu13",
    "tensorrt-dispatch",
    "tensorrt-dispatch-cu11",
    "tensorrt-dispatch-cu12",
    "tensorrt-dispatch-cu13",
    "tensorrt-rtx",
    "tensorrt-rtx-cu12",
    "tensorrt-rtx-cu13",
)

# --------------------------------------------------------------------------
# Hand-curated facts (cannot be read from PyPI).  One source per fact.
# --------------------------------------------------------------------------
TRT_RN = "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/release-notes-10/{v}.html"
TRT11_RN = "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/release-notes-11/{v}.html"
RTX_SM = "https://docs.nvidia.com/deeplearning/tensorrt-rtx/latest/getting-started/support-matrix-1/{v}.html"

GPU_SUPPORT: list[dict[str, Any]] = [
    {
        "flavour": "tensorrt",
        "versions": ">=10.0,<10.5",
        "compute_capabilities": ["7.0", "7.5", "8.0", "8.6", "8.7", "8.9", "9.0"],
        "notes": "Built for SM 7.0 and higher; Volta (7.0) deprecated since 10.0 and removed in 10.5. "
        "Maxwell/Pascal not supported by 10.x. 8.7 (Jetson Orin) only with JetPack builds.",
        "source": "https://docs.nvidia.com/deeplearning/tensorrt/archives/tensorrt-1010/support-matrix/index.html ; "
        + TRT_RN.format(v="10.0.1"),
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.5,<10.8",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0"],
        "notes": "Volta (7.0) support removed in 10.5; minimum is Turing (7.5). No Blackwell yet.",
        "source": TRT_RN.format(v="10.5.0"),
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.8,<10.14",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "12.0"],
        "notes": "10.8 added Blackwell: GeForce 50-series (12.0) supported; B200/GB200 (10.0) early access in 10.8.",
        "source": TRT_RN.format(v="10.8.0"),
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.14,<11.0",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"],
        "notes": "10.14.1 added GB300/B300 (10.3) and DGX Spark (12.1). 11.0 = Jetson Thor under CUDA 13 "
        "(10.1 under CUDA 12); Thor listing not checked against the support matrix.",
        "source": "https://docs.nvidia.com/deeplearning/tensorrt/10.14.1/index.html",
        "verified": False,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=11.0,<11.3",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"],
        "notes": "Assumed unchanged from late 10.x. No announcement of Turing (7.5) removal was found in the "
        "10.x/11.x release notes searched, but the 11.x support matrix was not readable; "
        "11.0 removed weak typing (strongly typed networks only), which matters more for precision.",
        "source": TRT11_RN.format(v="11.0.0"),
        "verified": False,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=11.3",
        "compute_capabilities": [
            "7.5",
            "8.0",
            "8.6",
            "8.7",
            "8.9",
            "9.0",
            "10.0",
            "10.3",
            "10.7",
            "11.0",
            "12.0",
            "12.1",
        ],
        "notes": "11.3.0 release notes add NVIDIA Vera Rubin (stated there as compute capability 10.7). "
        "Turing status as for 11.0 (unverified).",
        "source": TRT11_RN.format(v="11.3.0"),
        "verified": False,
    },
    {
        "flavour": "tensorrt-rtx",
        "versions": ">=1.0,<1.5",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.9", "12.0"],
        "notes": "7.5 only as an explicit target (default portable engines cover 8.6/8.9/12.0); "
        "no 9.0 (Hopper) and no 10.0 (datacenter Blackwell). 8.0 is not listed in the RTX support "
        "matrix tables (consumer GPUs only) and is kept here per project belief.",
        "source": RTX_SM.format(v="1.0"),
        "verified": False,
    },
    {
        "flavour": "tensorrt-rtx",
        "versions": ">=1.5",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.9", "12.0", "12.1"],
        "notes": "1.5 adds 12.1 (GB10 / DGX Spark). 7.5 only as an explicit target; no 9.0 (Hopper) and no "
        "10.0 support. 8.0 not listed in the RTX support matrix tables (unverified).",
        "source": RTX_SM.format(v="1.5"),
        "verified": False,
    },
]

VISION_README = "https://github.com/pytorch/vision/blob/main/README.md"
# torchvision -> torch pairs as listed in the pytorch/vision README table (the
# stored snapshot lists 0.15..0.18 only); used to cross-check the PyPI pins.
VISION_README_PAIRS = {"0.15": "2.0", "0.16": "2.1", "0.17": "2.2", "0.18": "2.3"}

CUDA_RN = "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"
CUDA_COMPAT = "https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html"
DRIVER_MIN: list[dict[str, Any]] = [
    {
        "cuda": "11",
        "linux": "450.80.02",
        "windows": "452.39",
        "notes": "Minor version compatibility floor for CUDA 11.x (CUDA 11.0 GA driver).",
        "source": CUDA_RN + " (Table: minimum required driver for minor version compatibility) ; " + CUDA_COMPAT,
        "verified": True,
    },
    {
        "cuda": "12",
        "linux": "525.60.13",
        "windows": "527.41",
        "notes": "CUDA 12.x runs on >= 525 drivers (< 580 is the maximum the compat table lists for 12.x).",
        "source": CUDA_RN + " ; " + CUDA_COMPAT,
        "verified": True,
    },
    {
        "cuda": "13",
        "linux": "580.65.06",
        "windows": None,
        "notes": "CUDA 13.0 GA Linux x86_64 floor; the release-notes table gives Windows as N/A "
        "(the Windows display driver is no longer bundled); compat page gives '>= 580'.",
        "source": CUDA_RN + " ; " + CUDA_COMPAT,
        "verified": True,
    },
]


# --------------------------------------------------------------------------
# HTTP helpers
# --------------------------------------------------------------------------
def http_get(url: str, headers: dict[str, str] | None = None, retries: int = 3) -> bytes:
    """GET a URL, retrying transient failures."""
    request = urllib.request.Request(url, headers={"User-Agent": "torchtrt-compat-refresh", **(headers or {})})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.read()
        except OSError:
            if attempt == retries - 1:
                raise
            time.sleep(2**attempt)
    raise AssertionError("unreachable")


class HttpRangeFile(io.RawIOBase):
    """Seekable read-only file over HTTP range requests (enough for zipfile)."""

    BLOCK = 256 * 1024

    def __init__(self, url: str, size: int) -> None:
        super().__init__()
        self.url, self.size, self.pos = url, size, 0
        self.cache: dict[int, bytes] = {}

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.pos

    def seek(self, offset: int, whence: int = 0) -> int:
        base = {0: 0, 1: self.pos, 2: self.size}[whence]
        self.pos = max(0, base + offset)
        return self.pos

    def _block(self, index: int) -> bytes:
        if index not in self.cache:
            start = index * self.BLOCK
            end = min(self.size, start + self.BLOCK) - 1
            self.cache[index] = http_get(self.url, {"Range": f"bytes={start}-{end}"})
        return self.cache[index]

    def readinto(self, buffer: Any) -> int:
        length = min(len(buffer), self.size - self.pos)
        chunks, pos = [], self.pos
        while pos < self.pos + length:
            block = self._block(pos // self.BLOCK)
            offset = pos % self.BLOCK
            piece = block[offset : offset + (self.pos + length - pos)]
            chunks.append(piece)
            pos += len(piece)
        data = b"".join(chunks)
        buffer[: len(data)] = data
        self.pos += len(data)
        return len(data)


def read_wheel_members(url: str, size: int, patterns: Iterable[str]) -> dict[str, str]:
    """Return {pattern: text} for the first member whose name ends with each pattern."""
    found: dict[str, str] = {}
    with zipfile.ZipFile(HttpRangeFile(url, size)) as wheel:
        names = wheel.namelist()
        for pattern in patterns:
            match = next((n for n in names if n.endswith(pattern)), None)
            if match is not None:
                found[pattern] = wheel.read(match).decode("utf-8")
    return found


# --------------------------------------------------------------------------
# PyPI parsing
# --------------------------------------------------------------------------
def pypi_releases(project: str) -> dict[str, list[dict[str, Any]]]:
    """Release version -> file list, from the PyPI JSON API (yanked files dropped)."""
    index_url = PYPI_JSON.format(name=project)
    data = json.loads(http_get(index_url))
    releases: dict[str, list[dict[str, Any]]] = {}
    for version, files in data["releases"].items():
        kept = [{**f, "url": urllib.parse.urljoin(index_url, f["url"])} for f in files if not f.get("yanked")]
        if kept:
            releases[version] = kept
    return releases


def wheel_platform(filename: str) -> str | None:
    """Normalised platform of a wheel file name, or None for unsupported ones."""
    tag = filename[:-4].split("-")[-1] if filename.endswith(".whl") else ""
    if tag == "win_amd64":
        return "win_amd64"
    if "linux" in tag and tag.endswith("x86_64"):
        return "linux_x86_64"
    if "linux" in tag and tag.endswith("aarch64"):
        return "linux_aarch64"
    return None


def wheel_python(filename: str) -> str | None:
    """'3.11' for a cp311 wheel; None for non-CPython tags."""
    match = re.fullmatch(r"cp(\d)(\d+)", filename.split("-")[-3])
    return f"{match.group(1)}.{match.group(2)}" if match else None


def wheels_by_platform(files: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """platform -> python version -> file entry."""
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for entry in files:
        platform, python = wheel_platform(entry["filename"]), None
        if platform:
            python = wheel_python(entry["filename"])
        if platform and python:
            table.setdefault(platform, {})[python] = entry
    return table


def pick_wheel(by_python: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The wheel to inspect for a platform: the first preferred Python present."""
    for python in PREFERRED_PY:
        if python in by_python:
            return by_python[python]
    return by_python[sorted(by_python, key=Version)[-1]]


def requires_dist(metadata: str, platform: str) -> list[Requirement]:
    """Requirements that apply on ``platform`` (extras dropped, markers evaluated), de-duplicated."""
    message = email.parser.Parser().parsestr(metadata, headersonly=True)
    seen, result = set(), []
    for line in message.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate({**MARKER_ENV[platform], "extra": ""}):
            continue
        if str(req) not in seen:
            seen.add(str(req))
            result.append(req)
    return result


def normalise_spec(spec: SpecifierSet) -> str:
    """Comma-joined specifiers, lower bounds first."""
    return ",".join(str(s) for s in sorted(spec, key=lambda s: (SPEC_ORDER.get(s.operator, 9), s.version)))


def format_requirement(req: Requirement) -> str:
    """Name + normalised specifier (markers are evaluated beforehand, so dropped)."""
    return req.name + normalise_spec(req.specifier)


def is_tensorrt_dist(name: str) -> bool:
    return canonicalize_name(name).startswith("tensorrt")


def tensorrt_rank(req: Requirement) -> int:
    """Sort key: meta package first, then tensorrt[-rtx]-cuXX, then -libs/-bindings."""
    name = canonicalize_name(req.name)
    if name in ("tensorrt", "tensorrt-rtx"):
        return 0
    return 2 if name.endswith(("-libs", "-bindings")) else 1


def parse_version_py(source: str) -> dict[str, str]:
    """Module-level string assignments of _version.py, parsed without importing."""
    values: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values[target.id] = node.value.value
    return values


# --------------------------------------------------------------------------
# Matrix sections
# --------------------------------------------------------------------------
def torch_tensorrt_release(project: str, flavour: str, version: str, files: list[dict[str, Any]]) -> dict[str, Any]:
    """One entry of the ``torch_tensorrt`` list."""
    table = wheels_by_platform(files)
    torch_spec, tensorrt, tensorrt_all, version_py = None, {}, {}, {}
    for platform in (p for p in PLATFORMS if p in table):
        wheel = pick_wheel(table[platform])
        wanted = [".dist-info/METADATA"] + (["torch_tensorrt/_version.py"] if platform == "linux_x86_64" else [])
        members = read_wheel_members(wheel["url"], wheel["size"], wanted)
        reqs = requires_dist(members[".dist-info/METADATA"], platform)
        trt = sorted((r for r in reqs if is_tensorrt_dist(r.name)), key=tensorrt_rank)
        if trt:
            tensorrt[platform] = format_requirement(trt[0])
            tensorrt_all[platform] = [format_requirement(r) for r in trt]
        torch_req = next((r for r in reqs if canonicalize_name(r.name) == "torch"), None)
        if torch_req is not None and (torch_spec is None or platform == "linux_x86_64"):
            torch_spec = normalise_spec(torch_req.specifier)
        if "torch_tensorrt/_version.py" in members:
            version_py = parse_version_py(members["torch_tensorrt/_version.py"])
    wheels = {p: sorted(table[p], key=Version) for p in PLATFORMS if p in table}
    return {
        "package": project,
        "version": version,
        "torch": torch_spec,
        "tensorrt": tensorrt,
        "flavour": flavour,
        "cuda": version_py.get("__cuda_version__"),
        "tensorrt_built": version_py.get(TRT_VERSION_KEY[flavour]),
        "python": sorted({py for pys in wheels.values() for py in pys}, key=Version),
        "wheels": wheels,
        "source": PYPI_PAGE.format(name=project, version=version),
        # extra (not in the core schema): every TensorRT dist required on each platform
        "tensorrt_requires": tensorrt_all,
    }


def torch_tensorrt_section() -> list[dict[str, Any]]:
    entries = []
    for project, (flavour, lowest) in TORCH_TRT_PROJECTS.items():
        for version, files in sorted(pypi_releases(project).items(), key=lambda kv: Version(kv[0])):
            parsed = Version(version)
            if parsed < lowest or parsed.is_prerelease or parsed.is_devrelease or not wheels_by_platform(files):
                continue
            print(f"  {project}=={version}", file=sys.stderr)
            entries.append(torch_tensorrt_release(project, flavour, version, files))
    return entries


def torchvision_section() -> list[dict[str, Any]]:
    """torchvision minor -> torch minor, from the torch==X.Y.Z pin of the first 0.N.x linux x86_64 wheel."""
    releases = pypi_releases("torchvision")
    entries = []
    for minor in TORCHVISION_MINORS:
        candidates = sorted(Version(v) for v in releases if re.fullmatch(rf"0\.{minor}\.\d+", v))
        with_linux = [v for v in candidates if "linux_x86_64" in wheels_by_platform(releases[str(v)])]
        if not with_linux:
            continue
        version = str(with_linux[0])
        wheel = pick_wheel(wheels_by_platform(releases[version])["linux_x86_64"])
        metadata = read_wheel_members(wheel["url"], wheel["size"], [".dist-info/METADATA"])[".dist-info/METADATA"]
        reqs = requires_dist(metadata, "linux_x86_64")
        torch_req = next(r for r in reqs if canonicalize_name(r.name) == "torch")
        pinned = next(s.version for s in torch_req.specifier if s.operator == "==")
        torch_minor = ".".join(pinned.split(".")[:2])
        readme = VISION_README_PAIRS.get(f"0.{minor}")
        entries.append(
            {
                "torchvision": f"0.{minor}",
                "torch": torch_minor,
                "torchvision_release": version,
                "requirement": format_requirement(torch_req),
                "readme_agrees": None if readme is None else readme == torch_minor,
                "source": PYPI_PAGE.format(name="torchvision", version=version)
                + (f" ; {VISION_README}" if readme else ""),
            }
        )
    return entries


def classify_tensorrt_package(name: str) -> dict[str, Any]:
    """Flavour / CUDA major / role of a TensorRT distribution, from its name."""
    canonical = canonicalize_name(name)
    match = re.fullmatch(r"tensorrt(-rtx)?(?:-(lean|dispatch))?(?:-cu(\d+))?(?:-(libs|bindings))?", canonical)
    if match is None:
        return {"flavour": None, "cuda": None, "kind": "unknown"}
    rtx, variant, cuda, part = match.groups()
    return {
        "flavour": "tensorrt-rtx" if rtx else "tensorrt",
        "cuda": cuda,
        "variant": variant or "full",
        "kind": part or ("cuda-package" if cuda else "meta"),
    }


def tensorrt_packages_section() -> dict[str, dict[str, Any]]:
    """Every TensorRT distribution reachable from the roots, with its latest requirements."""
    pending, result = list(TENSORRT_ROOTS), {}
    while pending:
        name = canonicalize_name(pending.pop(0))
        if name in result:
            continue
        info = json.loads(http_get(PYPI_JSON.format(name=name)))["info"]
        reqs = [Requirement(r) for r in info.get("requires_dist") or []]
        trt_reqs = [r for r in reqs if is_tensorrt_dist(r.name) and not (r.marker and "extra" in str(r.marker))]
        entry = classify_tensorrt_package(name)
        entry["latest"] = info["version"]
        entry["latest_requires"] = [format_requirement(r) for r in trt_reqs]
        if entry["kind"] == "meta":
            entry["notes"] = "meta package, CUDA major chosen by the tensorrt-cuXX dependency of the installed version"
        entry["source"] = f"https://pypi.org/project/{name}/"
        result[name] = entry
        pending.extend(r.name for r in trt_reqs)
    return dict(sorted(result.items()))


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------
def build_matrix() -> dict[str, Any]:
    print("torch-tensorrt releases:", file=sys.stderr)
    releases = torch_tensorrt_section()
    print("torchvision:", file=sys.stderr)
    torchvision = torchvision_section()
    print("tensorrt packages:", file=sys.stderr)
    packages = tensorrt_packages_section()
    return {
        "schema": 1,
        "generated_by": "tools/refresh_matrix.py",
        "generated_on": _dt.date.today().isoformat(),
        "torch_tensorrt": releases,
        "torchvision": torchvision,
        "gpu_support": GPU_SUPPORT,
        "driver_min": DRIVER_MIN,
        "tensorrt_packages": packages,
    }


def write_json_atomic(path: str, data: Any) -> None:
    """Write JSON atomically (a temp file beside ``path``, then a rename), with the package's own writer."""
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.normpath(DEFAULT_OUT), help="output JSON path")
    args = parser.parse_args(argv)
    matrix = build_matrix()
    write_json_atomic(args.out, matrix)
    print(
        f"wrote {args.out}: {len(matrix['torch_tensorrt'])} torch-tensorrt releases, "
        f"{len(matrix['torchvision'])} torchvision pairs",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
