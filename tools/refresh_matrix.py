#!/usr/bin/env python3
"""Regenerate torchtrt_compat/data/{matrix,registry}.json from the package registry pip is configured to use.

For every release in scope (see ``SCOPE``) the tool records ``Requires-Dist``, ``Requires-Python``, the wheel tags
(Python versions, free-threaded included, per platform), the CUDA build, and for torch_tensorrt wheels the strings of
``torch_tensorrt/_version.py``. It reads the registry's simple API (PEP 691 JSON, PEP 503 HTML as a fallback), the
PEP 658 ``.metadata`` file beside each wheel, and, only where that file is missing, the wheel's zip central directory
and single members through HTTP range requests. Whole wheels are never downloaded (torch wheels are ~1 GB); sdists
are read only when they are small (TensorRT's are 16-40 kB stubs).

The index location comes from pip: ``--index-url``, else ``PIP_INDEX_URL``, else pip's configuration
(``index-url``), else pip's built-in default. The network is needed here only; the package reads the JSON files.

Facts the registry cannot provide (GPU compute capabilities per TensorRT release, minimum drivers per CUDA major, the
TensorRT of a torch_tensorrt release whose wheel does not declare it) live in the curated tables below, each with the
``source`` it was taken from (a document title and version, never an address) and whether it was ``verified``.

Usage: python tools/refresh_matrix.py [--out-dir DIR] [--index-url URL] [--jobs N]
Needs the standard library, ``packaging`` and (for the default index) ``pip``.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import datetime as _dt
import email.parser
import html.parser
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from packaging.requirements import InvalidRequirement, Requirement  # noqa: E402
from packaging.specifiers import SpecifierSet  # noqa: E402
from packaging.utils import canonicalize_name, parse_sdist_filename, parse_wheel_filename  # noqa: E402
from packaging.version import InvalidVersion, Version  # noqa: E402

from torchtrt_compat._atomic import atomic_write_text  # noqa: E402  (stdlib only)

DEFAULT_OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "torchtrt_compat", "data")
PLATFORMS = ("linux_x86_64", "linux_aarch64", "win_amd64")
PREFERRED_PY = ("3.11", "3.12", "3.10", "3.13", "3.9", "3.8", "py3")
MAX_SDIST_BYTES = 2_000_000
MARKER_ENV = {  # non-Jetson hosts ("tegra" not in platform_release)
    "linux_x86_64": {
        "platform_machine": "x86_64",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_release": "",
        "os_name": "posix",
    },
    "linux_aarch64": {
        "platform_machine": "aarch64",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_release": "",
        "os_name": "posix",
    },
    "win_amd64": {
        "platform_machine": "AMD64",
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_release": "",
        "os_name": "nt",
    },
}
SPEC_ORDER = {">=": 0, ">": 1, "==": 2, "===": 2, "~=": 3, "!=": 4, "<=": 5, "<": 6}

# Distributions with full release coverage, and the range covered. TensorRT dists reached through a root's
# Requires-Dist (-libs, -bindings) inherit the root's scope.
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

# Roots of the TensorRT distribution family listed in matrix.json "tensorrt_packages" (name -> flavour/CUDA/role,
# latest version); their tensorrt* dependencies are followed so that -libs / -bindings packages are listed too.
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
# Hand-curated facts (the registry does not carry them). One source per fact, cited by title and version.
# --------------------------------------------------------------------------
# Rows are matched in order; compute_capabilities(flavour, None) answers with the first row of the flavour, so the
# oldest ranges (added later) stay at the end.
GPU_SUPPORT: list[dict[str, Any]] = [
    {
        "flavour": "tensorrt",
        "versions": ">=10.0.0a0,<10.5",  # 10.0.0b6 (early access) included
        "compute_capabilities": ["7.0", "7.5", "8.0", "8.6", "8.7", "8.9", "9.0"],
        "notes": "Built for SM 7.0 and higher; Volta (7.0) deprecated since 10.0 and removed in 10.5. "
        "Maxwell/Pascal not supported by 10.x. 8.7 (Jetson Orin) only with JetPack builds.",
        "source": "TensorRT 10.1.0 support matrix; TensorRT 10.0.1 release notes",
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.5,<10.8",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0"],
        "notes": "Volta (7.0) support removed in 10.5; minimum is Turing (7.5). No Blackwell yet.",
        "source": "TensorRT 10.5.0 release notes",
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.8,<10.14",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "12.0"],
        "notes": "10.8 added Blackwell: GeForce 50-series (12.0) supported; B200/GB200 (10.0) early access in 10.8.",
        "source": "TensorRT 10.8.0 release notes",
        "verified": True,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=10.14,<11.0",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"],
        "notes": "10.14.1 added GB300/B300 (10.3) and DGX Spark (12.1). 11.0 = Jetson Thor under CUDA 13 "
        "(10.1 under CUDA 12); Thor listing not checked against the support matrix.",
        "source": "TensorRT 10.14.1 documentation (release notes)",
        "verified": False,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=11.0,<11.3",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"],
        "notes": "Assumed unchanged from late 10.x. No announcement of Turing (7.5) removal was found in the "
        "10.x/11.x release notes searched, but the 11.x support matrix was not readable; "
        "11.0 removed weak typing (strongly typed networks only), which matters more for precision.",
        "source": "TensorRT 11.0.0 release notes",
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
        "source": "TensorRT 11.3.0 release notes",
        "verified": False,
    },
    {
        "flavour": "tensorrt-rtx",
        "versions": ">=1.0,<1.5",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.9", "12.0"],
        "notes": "7.5 only as an explicit target (default portable engines cover 8.6/8.9/12.0); "
        "no 9.0 (Hopper) and no 10.0 (datacenter Blackwell). 8.0 is not listed in the RTX support "
        "matrix tables (consumer GPUs only) and is kept here per project belief.",
        "source": "TensorRT-RTX 1.0 support matrix; TensorRT-RTX 1.4 support matrix",
        "verified": False,
    },
    {
        "flavour": "tensorrt-rtx",
        "versions": ">=1.5",
        "compute_capabilities": ["7.5", "8.0", "8.6", "8.9", "12.0", "12.1"],
        "notes": "1.5 adds 12.1 (GB10 / DGX Spark). 7.5 only as an explicit target; no 9.0 (Hopper) and no "
        "10.0 support. 8.0 not listed in the RTX support matrix tables (unverified).",
        "source": "TensorRT-RTX 1.5 support matrix",
        "verified": False,
    },
    {
        "flavour": "tensorrt",
        "versions": ">=8.6,<10.0.0a0",
        "compute_capabilities": [
            "5.0",
            "5.2",
            "5.3",
            "6.0",
            "6.1",
            "6.2",
            "7.0",
            "7.2",
            "7.5",
            "8.0",
            "8.6",
            "8.7",
            "8.9",
            "9.0",
        ],
        "notes": "TensorRT 8.x supports SM 5.0 and higher (Maxwell to Hopper; 5.3, 6.2, 7.2, 8.7 are Jetson parts). "
        "The 8.6.1 hardware table was not read in full here; the 9.x releases on the registry are development "
        "builds and are assumed to match 8.6.",
        "source": "TensorRT 8.6.1 support matrix (hardware and precision; compute capability per platform)",
        "verified": False,
    },
]

DRIVER_MIN: list[dict[str, Any]] = [
    {
        "cuda": "11",
        "linux": "450.80.02",
        "windows": "452.39",
        "notes": "Minor version compatibility floor for CUDA 11.x (CUDA 11.0 GA driver).",
        "source": "CUDA Toolkit release notes (table: minimum required driver for minor version compatibility); "
        "CUDA Compatibility guide (minor version compatibility)",
        "verified": True,
    },
    {
        "cuda": "12",
        "linux": "525.60.13",
        "windows": "527.41",
        "notes": "CUDA 12.x runs on >= 525 drivers (< 580 is the maximum the compat table lists for 12.x).",
        "source": "CUDA Toolkit release notes (table: minimum required driver for minor version compatibility); "
        "CUDA Compatibility guide (minor version compatibility)",
        "verified": True,
    },
    {
        "cuda": "13",
        "linux": "580.65.06",
        "windows": "580",
        "notes": "CUDA 13.0 GA Linux x86_64 floor; the release-notes table gives Windows as N/A "
        "(the Windows display driver is no longer bundled); compat page gives '>= 580', which is the Windows floor.",
        "source": "CUDA Toolkit 13.0 release notes (table: minimum required driver); "
        "CUDA Compatibility guide (minor version compatibility)",
        "verified": True,
    },
]

# torch_tensorrt releases whose wheels declare no TensorRT requirement (TensorRT was installed separately then).
TENSORRT_FOR_TORCH_TRT: list[dict[str, Any]] = [
    {
        "package": "torch-tensorrt",
        "versions": "==1.4.0",
        "tensorrt": "tensorrt>=8.6,<8.7",
        "platforms": ["linux_x86_64"],
        "notes": "The 1.4.0 wheels declare only torch (TensorRT was installed separately); their "
        "torch_tensorrt/_version.py says __tensorrt_version__ = '8.6' (CUDA 11.8), and the release branch was "
        "upgraded to TensorRT 8.6.1 with torch 2.0.1 before the release.",
        "source": "torch_tensorrt/_version.py in the registry wheels of torch-tensorrt 1.4.0; "
        "pytorch/TensorRT pull request 1896 (release/1.4 upgraded to Torch 2.0.1 + TensorRT 8.6.1)",
        "verified": True,
    },
]

# GPU model names -> compute capability, so that `check --gpu H100` and `suggest --gpu "RTX 4090"` need no lookup.
# A name matches when all its words appear in the user's text (case and "NVIDIA"/"GeForce" ignored); longer names are
# tried first, so "RTX 4090" never reads as "RTX 40".
_CUDA_GPUS = "NVIDIA CUDA GPUs page (compute capability table)"
#: compute capability -> architecture name, for messages (`advice.describe_cc`).
ARCHITECTURES: list[dict[str, Any]] = [
    {"compute_capability": cc, "name": name, "source": _CUDA_GPUS, "verified": True}
    for cc, name in (
        ("6.0", "Pascal (P100)"),
        ("6.1", "Pascal"),
        ("7.0", "Volta"),
        ("7.2", "Jetson Xavier"),
        ("7.5", "Turing"),
        ("8.0", "Ampere (A100)"),
        ("8.6", "Ampere"),
        ("8.7", "Jetson Orin"),
        ("8.9", "Ada"),
        ("9.0", "Hopper (H100/H200)"),
        ("10.0", "Blackwell (B200)"),
        ("10.3", "Blackwell (B300)"),
        ("11.0", "Jetson Thor"),
        ("12.0", "Blackwell (RTX 50)"),
        ("12.1", "Blackwell (DGX Spark)"),
    )
]

GPU_MODELS: list[dict[str, Any]] = [
    {"names": names, "compute_capability": cc, "source": _CUDA_GPUS, "verified": True}
    for names, cc in (
        (["P100", "Tesla P100"], "6.0"),
        (["P40", "P4", "GTX 1080 Ti", "GTX 1080", "GTX 1070", "GTX 1060"], "6.1"),
        (["V100", "Tesla V100", "Titan V"], "7.0"),
        (["Jetson AGX Xavier", "Xavier NX", "Xavier"], "7.2"),
        (
            [
                "T4",
                "Tesla T4",
                "RTX 2080 Ti",
                "RTX 2080",
                "RTX 2070",
                "RTX 2060",
                "Quadro RTX 8000",
                "Quadro RTX 6000",
                "GTX 1660 Ti",
                "GTX 1660",
                "GTX 1650",
                "Titan RTX",
            ],
            "7.5",
        ),
        (["A100", "A30", "A800"], "8.0"),
        (
            [
                "A10",
                "A10G",
                "A16",
                "A2",
                "A40",
                "RTX A6000",
                "RTX A5000",
                "RTX A4000",
                "RTX 3090 Ti",
                "RTX 3090",
                "RTX 3080 Ti",
                "RTX 3080",
                "RTX 3070",
                "RTX 3060",
            ],
            "8.6",
        ),
        (["Jetson AGX Orin", "Orin NX", "Orin Nano", "Orin"], "8.7"),
        (
            [
                "L4",
                "L40",
                "L40S",
                "L20",
                "RTX 6000 Ada",
                "RTX 4090",
                "RTX 4080",
                "RTX 4070 Ti",
                "RTX 4070",
                "RTX 4060 Ti",
                "RTX 4060",
            ],
            "8.9",
        ),
        (["H100", "H200", "H800", "H20", "GH200"], "9.0"),
        (["B200", "B100", "GB200"], "10.0"),
        (["B300", "GB300"], "10.3"),
        (["Jetson Thor", "Thor"], "11.0"),
        (
            [
                "RTX 5090",
                "RTX 5080",
                "RTX 5070 Ti",
                "RTX 5070",
                "RTX 5060 Ti",
                "RTX 5060",
                "RTX PRO 6000 Blackwell",
                "RTX PRO 6000",
                "RTX PRO 4000 Blackwell",
            ],
            "12.0",
        ),
        (["GB10", "DGX Spark"], "12.1"),
    )
]

# torchvision -> torch pairs as listed in the pytorch/vision README table (the stored snapshot lists 0.15..0.18 only);
# a second source beside the wheels' own torch pins.
VISION_README = "pytorch/vision README (installation table)"
VISION_README_PAIRS = {"0.15": "2.0", "0.16": "2.1", "0.17": "2.2", "0.18": "2.3"}


# --------------------------------------------------------------------------
# Index location and HTTP
# --------------------------------------------------------------------------
def index_url(explicit: str | None = None) -> str:
    """The simple index pip would use: argument, PIP_INDEX_URL, pip's config ``index-url``, pip's own default."""
    if explicit:
        return explicit.rstrip("/") + "/"
    if os.environ.get("PIP_INDEX_URL"):
        return os.environ["PIP_INDEX_URL"].rstrip("/") + "/"
    # pip's configuration, read by pip in a process of its own: importing pip's internals here would also load the
    # standard library's distutils into this process, which breaks setuptools' distutils shim for later imports.
    try:
        url = subprocess.run(
            [sys.executable, "-c", _PIP_INDEX_SCRIPT], capture_output=True, text=True, timeout=60, check=True
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        raise SystemExit("pip is not importable: pass --index-url or set PIP_INDEX_URL") from None
    return url.rstrip("/") + "/"


_PIP_INDEX_SCRIPT = """
from pip._internal.configuration import Configuration
from pip._internal.exceptions import ConfigurationError
from pip._internal.models.index import PyPI

config = Configuration(isolated=False)
config.load()
for key in ("install.index-url", "global.index-url"):
    try:
        print(config.get_value(key))
        break
    except ConfigurationError:
        continue
else:
    print(PyPI.simple_url)
"""


def http_get(url: str, headers: dict[str, str] | None = None, retries: int = 4) -> tuple[bytes, str]:
    """GET a URL (body, content type), retrying transient failures; a 404 is raised at once."""
    request = urllib.request.Request(url, headers={"User-Agent": "torchtrt-compat-refresh", **(headers or {})})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.read(), response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            if exc.code in (403, 404, 410) or attempt == retries - 1:
                raise
        except OSError:
            if attempt == retries - 1:
                raise
        time.sleep(2**attempt)
    raise AssertionError("unreachable")


def http_size(url: str) -> int:
    request = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "torchtrt-compat-refresh"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return int(response.headers["Content-Length"])


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
            self.cache[index] = http_get(self.url, {"Range": f"bytes={start}-{end}"})[0]
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
    """Return {pattern: text} for the first member whose name ends with each pattern (range requests only)."""
    found: dict[str, str] = {}
    with zipfile.ZipFile(HttpRangeFile(url, size)) as wheel:
        names = wheel.namelist()
        for pattern in patterns:
            match = next((n for n in names if n.endswith(pattern)), None)
            if match is not None:
                found[pattern] = wheel.read(match).decode("utf-8")
    return found


# --------------------------------------------------------------------------
# Simple API parsing (pure functions: tested on captured registry text in tests/data)
# --------------------------------------------------------------------------
class _AnchorParser(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.anchors.append(dict(attrs))


def parse_simple_page(body: str, content_type: str, page_url: str) -> dict[str, Any]:
    """A project page of the simple API (PEP 691 JSON or PEP 503 HTML) as ``{"versions": [...], "files": [...]}``.

    Each file: filename, url (absolute, fragment dropped), size (None if the page does not say), requires_python,
    yanked (bool), metadata (True/False/None: PEP 658/714 says a ``.metadata`` file exists / does not / page silent).
    """
    files: list[dict[str, Any]] = []
    versions: list[str] | None = None
    if "json" in content_type:
        data = json.loads(body)
        versions = data.get("versions")
        for entry in data["files"]:
            meta = entry.get("core-metadata", entry.get("dist-info-metadata"))
            files.append(
                {
                    "filename": entry["filename"],
                    "url": urllib.parse.urljoin(page_url, entry["url"]).split("#")[0],
                    "size": entry.get("size"),
                    "requires_python": entry.get("requires-python") or None,
                    "yanked": bool(entry.get("yanked")),
                    "metadata": None if meta is None else bool(meta),
                }
            )
    else:
        parser = _AnchorParser()
        parser.feed(body)
        for attrs in parser.anchors:
            href = attrs.get("href")
            if not href:
                continue
            url = urllib.parse.urljoin(page_url, href).split("#")[0]
            meta = attrs.get("data-core-metadata", attrs.get("data-dist-info-metadata"))
            files.append(
                {
                    "filename": urllib.parse.unquote(url.rsplit("/", 1)[-1]),
                    "url": url,
                    "size": None,
                    "requires_python": attrs.get("data-requires-python") or None,
                    "yanked": "data-yanked" in attrs,
                    "metadata": None if meta is None else meta != "false",
                }
            )
    for f in files:
        f["version"] = file_version(f["filename"])
    if versions is None:
        versions = sorted({f["version"] for f in files if f["version"]}, key=Version)
    return {"versions": sorted(versions, key=_version_key), "files": files}


def _version_key(text: str) -> Any:
    try:
        return (0, Version(text))
    except InvalidVersion:
        return (1, text)


def file_version(filename: str) -> str | None:
    """The release a distribution file belongs to, or None for files that are neither wheels nor sdists."""
    try:
        if filename.endswith(".whl"):
            return str(parse_wheel_filename(filename)[1])
        if filename.endswith((".tar.gz", ".zip")):
            return str(parse_sdist_filename(filename)[1])
    except Exception:  # InvalidWheelFilename / InvalidSdistFilename / InvalidVersion
        return None
    return None


def wheel_platform(filename: str) -> str | None:
    """Normalised platform of a wheel file name (linux_x86_64 / linux_aarch64 / win_amd64 / any), else None."""
    if not filename.endswith(".whl"):
        return None
    tags = parse_wheel_filename(filename)[3]
    platforms = {t.platform for t in tags}
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
    result = set()
    for tag in parse_wheel_filename(filename)[3]:
        match = re.fullmatch(r"cp(\d)(\d+)", tag.interpreter)
        if match:
            free = tag.abi.endswith("t") and tag.abi.startswith("cp")
            result.add(f"{match.group(1)}.{match.group(2)}" + ("t" if free else ""))
        elif tag.interpreter in ("py3", "py2.py3") or tag.interpreter.startswith("py3"):
            result.add("py3")
    return sorted(result, key=_python_key)


def _python_key(tag: str) -> tuple[int, int, int]:
    if tag == "py3":
        return (3, -1, 0)
    major, minor_ = tag.rstrip("t").split(".")
    return (int(major), int(minor_), 1 if tag.endswith("t") else 0)


def wheels_by_platform(files: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """platform -> python tag -> file entry, for the non-yanked wheels of one release."""
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for entry in files:
        platform = wheel_platform(entry["filename"])
        if platform is None or entry.get("yanked"):
            continue
        for python in wheel_pythons(entry["filename"]):
            table.setdefault(platform, {}).setdefault(python, entry)
    return table


def pick_wheel(by_python: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The wheel to inspect for a platform: the first preferred Python present, else the newest."""
    for python in PREFERRED_PY:
        if python in by_python:
            return by_python[python]
    return by_python[sorted(by_python, key=_python_key)[-1]]


def parse_metadata(text: str) -> dict[str, Any]:
    """``Requires-Dist`` lines (normalised by packaging, order kept, duplicates dropped) and ``Requires-Python``."""
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
    """Requirements that apply on ``platform`` (extras dropped, markers evaluated)."""
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


_NVIDIA_RUNTIME = re.compile(r"^(?:nvidia-cuda-runtime(?:-cu(\d+))?|cuda-toolkit)$")
_TRT_CUDA = re.compile(r"^tensorrt(?:-rtx)?(?:-(?:lean|dispatch))?-cu(\d+)(?:-(?:libs|bindings))?$")


def cuda_of_torch(requires_dist: list[str], platform: str) -> str | None:
    """CUDA build of a torch wheel, from its pinned ``nvidia-cuda-runtime[-cuXX]`` or ``cuda-toolkit[...]`` version.

    None for CPU-only wheels (no such pin on that platform).
    """
    for req in requirements_on(requires_dist, platform):
        if _NVIDIA_RUNTIME.match(canonicalize_name(req.name)):
            for spec in req.specifier:
                if spec.operator in ("==", "==="):
                    return ".".join(spec.version.split(".")[:2])
    return None


def cuda_of_tensorrt(dist: str, requires_dist: list[str], platform: str) -> str | None:
    """CUDA major of a TensorRT dist: from its name (tensorrt-cu12*), else from the tensorrt-cuXX it requires."""
    match = _TRT_CUDA.match(canonicalize_name(dist))
    if match:
        return match.group(1)
    reqs = requirements_on(requires_dist, platform) if platform in MARKER_ENV else map(Requirement, requires_dist)
    for req in reqs:
        name = canonicalize_name(req.name)
        inner = _TRT_CUDA.match(name) or _NVIDIA_RUNTIME.match(name)
        if inner and inner.group(1):
            return inner.group(1)
    return None


def in_scope(dist: str, version: str) -> bool:
    """Whether ``dist==version`` is one the matrix must cover (see SCOPE)."""
    try:
        parsed = Version(version)
    except InvalidVersion:
        return False
    if dist == "torch-tensorrt":
        return parsed == Version("1.4.0") or parsed >= Version("2.2.0")
    scope = SCOPE.get(dist, SCOPE.get(_root_of(dist), ""))
    return SpecifierSet(scope).contains(parsed, prereleases=True)


def _root_of(dist: str) -> str:
    return re.sub(r"-(?:libs|bindings)$", "", dist)


def scope_text(dist: str) -> str:
    if dist == "torch-tensorrt":
        return "==1.4.0 or >=2.2.0"
    return SCOPE.get(dist, SCOPE.get(_root_of(dist), "")) or "all"


# --------------------------------------------------------------------------
# Reading one release
# --------------------------------------------------------------------------
class Registry:
    """Reads project pages and metadata from one index; counts what it fetched."""

    def __init__(self, index: str) -> None:
        self.index = index
        self.pages: dict[str, dict[str, Any]] = {}
        self.fetched = {"pages": 0, "metadata_files": 0, "range_reads": 0, "sdists": 0}

    def project(self, name: str) -> dict[str, Any]:
        name = canonicalize_name(name)
        if name not in self.pages:
            url = urllib.parse.urljoin(self.index, f"{name}/")
            accept = "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1"
            body, ctype = http_get(url, {"Accept": accept})
            self.pages[name] = parse_simple_page(body.decode("utf-8"), ctype, url)
            self.fetched["pages"] += 1
        return self.pages[name]

    def wheel_metadata(self, entry: dict[str, Any], extra_members: Iterable[str] = ()) -> dict[str, str]:
        """{"METADATA": text, member: text...}: the PEP 658 file when served, else range reads of the wheel."""
        extra = list(extra_members)
        result: dict[str, str] = {}
        if entry.get("metadata") is not False:
            try:
                result["METADATA"] = http_get(entry["url"] + ".metadata")[0].decode("utf-8")
                self.fetched["metadata_files"] += 1
            except urllib.error.HTTPError as exc:
                if exc.code not in (403, 404):
                    raise
        wanted = extra + ([] if "METADATA" in result else [".dist-info/METADATA"])
        if wanted:
            size = entry.get("size") or http_size(entry["url"])
            members = read_wheel_members(entry["url"], size, wanted)
            self.fetched["range_reads"] += 1
            if ".dist-info/METADATA" in members:
                result["METADATA"] = members.pop(".dist-info/METADATA")
            result.update(members)
        return result

    def sdist_metadata(self, entry: dict[str, Any]) -> str | None:
        """PKG-INFO of a small sdist (the stub TensorRT packages); None for large ones."""
        size = entry.get("size")
        if size is not None and size > MAX_SDIST_BYTES:
            return None
        data = http_get(entry["url"])[0]
        self.fetched["sdists"] += 1
        if entry["filename"].endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = [n for n in archive.namelist() if n.count("/") == 1 and n.endswith("/PKG-INFO")]
                return archive.read(names[0]).decode("utf-8") if names else None
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            members = [m for m in archive.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO")]
            handle = archive.extractfile(members[0]) if members else None
            return handle.read().decode("utf-8") if handle else None


def read_release(registry: Registry, dist: str, version: str, files: list[dict[str, Any]]) -> dict[str, Any]:
    """The registry record of one release (see torchtrt_compat.compatibility.matrix.release_info for the shape)."""
    live = [f for f in files if not f["yanked"]]
    record: dict[str, Any] = {}
    if files and not live:
        record["yanked"] = True
        live = files
    table = wheels_by_platform(live)
    record["wheels"] = {p: sorted(table[p], key=_python_key) for p in (*PLATFORMS, "any") if p in table}
    is_torch_trt = dist in TORCH_TRT_PROJECTS
    metadata: dict[str, str] = {}  # platform -> METADATA text
    version_py: dict[str, dict[str, str]] = {}
    for platform in record["wheels"]:
        wheel = pick_wheel(table[platform])
        extra = ["torch_tensorrt/_version.py"] if is_torch_trt else []
        members = registry.wheel_metadata(wheel, extra)
        if "METADATA" in members:
            metadata[platform] = members["METADATA"]
        if "torch_tensorrt/_version.py" in members:
            version_py[platform] = parse_version_py(members["torch_tensorrt/_version.py"])
    if not record["wheels"]:
        record["sdist_only"] = True
        sdists = [f for f in live if f["filename"].endswith((".tar.gz", ".zip"))]
        text = registry.sdist_metadata(sdists[0]) if sdists else None
        if text is not None:
            metadata["sdist"] = text
    requires: list[str] = []
    requires_python = None
    for text in metadata.values():
        parsed = parse_metadata(text)
        requires += [r for r in parsed["requires_dist"] if r not in requires]
        requires_python = requires_python or parsed["requires_python"]
    if requires_python is None:
        requires_python = next((f["requires_python"] for f in live if f["requires_python"]), None)
    record["requires_dist"] = requires
    record["requires_python"] = requires_python
    cuda: dict[str, str | None] = {}
    for platform in record["wheels"] or {"any": None}:  # an sdist-only release: one answer for any platform
        if dist == "torch" and platform in MARKER_ENV:
            cuda[platform] = cuda_of_torch(requires, platform)
        elif is_torch_trt and platform in version_py:
            cuda[platform] = version_py[platform].get("__cuda_version__")
        elif dist.startswith("tensorrt"):
            cuda[platform] = cuda_of_tensorrt(dist, requires, platform)
    cuda = {p: c for p, c in cuda.items() if p in MARKER_ENV or c is not None}
    if cuda:
        record["cuda_by_platform"] = cuda
        record["cuda"] = cuda.get("linux_x86_64") or next((c for c in cuda.values() if c), None)
    if version_py:
        record["version_py"] = version_py.get("linux_x86_64") or next(iter(version_py.values()))
    record["_metadata"] = metadata  # used to build the torch_tensorrt rows; dropped before writing
    return record


def read_dist(registry: Registry, dist: str, jobs: int) -> dict[str, Any]:
    """``{"scope", "published", "releases": {version: record}}`` for one distribution."""
    page = registry.project(dist)
    published = page["versions"]
    by_version: dict[str, list[dict[str, Any]]] = {}
    for f in page["files"]:
        if f["version"]:
            by_version.setdefault(f["version"], []).append(f)
    wanted = [v for v in published if in_scope(dist, v)]
    releases: dict[str, dict[str, Any]] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {v: pool.submit(read_release, registry, dist, v, by_version.get(v, [])) for v in wanted}
        for v in wanted:
            releases[v] = futures[v].result()
    print(f"  {dist}: {len(wanted)} of {len(published)} published versions in scope", file=sys.stderr)
    return {"scope": scope_text(dist), "published": published, "releases": releases}


# --------------------------------------------------------------------------
# Derived sections of matrix.json
# --------------------------------------------------------------------------
def torch_tensorrt_row(project: str, version: str, record: dict[str, Any]) -> dict[str, Any]:
    """One entry of the ``torch_tensorrt`` list (the shape the checker reads)."""
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
        torch_req = next((r for r in reqs if canonicalize_name(r.name) == "torch"), None)
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
        "python": sorted({py for pys in wheels.values() for py in pys}, key=_python_key),
        "wheels": wheels,
        "source": f"registry metadata of {project} {version}",
        "tensorrt_requires": tensorrt_all,
        "tensorrt_declared": bool(tensorrt),
    }
    if not tensorrt:
        curated = next(
            (
                c
                for c in TENSORRT_FOR_TORCH_TRT
                if c["package"] == project and Version(version) in SpecifierSet(c["versions"])
            ),
            None,
        )
        if curated is not None:
            row["tensorrt"] = {p: curated["tensorrt"] for p in curated["platforms"]}
            row["tensorrt_requires"] = {p: [curated["tensorrt"]] for p in curated["platforms"]}
            row["tensorrt_source"] = curated["source"]
            row["tensorrt_verified"] = curated["verified"]
    return row


def torchvision_pairs(torchvision: dict[str, Any], torch: dict[str, Any]) -> list[dict[str, Any]]:
    """torchvision minor <-> torch minor, from every torchvision release's ``torch==X.Y.Z`` pin.

    A pair is ``verified`` when every release of the torchvision minor pins a torch of one minor, that minor is pinned
    by no other torchvision minor (so the pairing holds in both directions), and the pinned torch releases exist.
    """
    by_minor: dict[str, dict[str, str]] = {}
    floor_of: dict[str, str] = {}  # torch requirement -> the lowest torch release it admits
    for version, record in torchvision["releases"].items():
        req = torch_requirement(record["requires_dist"])
        floor = torch_floor(req) if req else None
        if req is None or floor is None:
            continue
        text = format_requirement(req)
        floor_of[text] = floor
        by_minor.setdefault(".".join(version.split(".")[:2]), {})[version] = text
    torch_minors_of: dict[str, set[str]] = {
        m: {".".join(floor_of[p].split(".")[:2]) for p in pins.values()} for m, pins in by_minor.items()
    }
    pairs = []
    for minor in sorted(by_minor, key=Version):
        pins = dict(sorted(by_minor[minor].items(), key=lambda kv: Version(kv[0])))
        torch_minors = torch_minors_of[minor]
        torch_minor = sorted(torch_minors, key=Version)[0]
        unique = len(torch_minors) == 1 and all(
            torch_minor not in other for m, other in torch_minors_of.items() if m != minor
        )
        pinned_exist = all(floor_of[p] in torch["releases"] for p in pins.values())
        readme = VISION_README_PAIRS.get(minor)
        first = next(iter(pins))
        pairs.append(
            {
                "torchvision": minor,
                "torch": torch_minor,
                "torchvision_release": first,
                "requirement": pins[first],
                "releases": pins,
                "readme_agrees": None if readme is None else readme == torch_minor,
                "source": f"registry metadata of torchvision {', '.join(pins)} (Requires-Dist torch pins)"
                + (f"; {VISION_README}" if readme else ""),
                "verified": unique and pinned_exist and readme in (None, torch_minor),
            }
        )
    return pairs


def torch_requirement(requires_dist: list[str]) -> Requirement | None:
    """The unconditional ``torch`` requirement of a Requires-Dist list."""
    for line in requires_dist:
        req = Requirement(line)
        if canonicalize_name(req.name) == "torch" and req.marker is None:
            return req
    return None


def torch_floor(req: Requirement) -> str | None:
    """The torch release a torchvision requirement is built for: its ``==`` pin, else its ``>=`` lower bound."""
    for operator in ("==", ">="):
        for spec in req.specifier:
            if spec.operator == operator:
                return str(spec.version)
    return None


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


def latest_final(versions: list[str]) -> str | None:
    finals = [v for v in versions if not Version(v).is_prerelease and not Version(v).is_devrelease]
    return max(finals, key=Version) if finals else None


def tensorrt_packages_section(registry: Registry, dists: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every TensorRT distribution reachable from the roots, with its latest version's TensorRT requirements."""
    pending, result = list(TENSORRT_ROOTS), {}
    while pending:
        name = canonicalize_name(pending.pop(0))
        if name in result:
            continue
        page = registry.project(name)
        latest = latest_final(page["versions"])
        if latest is None:
            continue
        record = dists.get(name, {}).get("releases", {}).get(latest)
        if record is None:
            files = [f for f in page["files"] if f["version"] == latest]
            record = read_release(registry, name, latest, files)
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


def tensorrt_family(registry: Registry, roots: Iterable[str]) -> list[str]:
    """The roots plus their -libs / -bindings parts that the registry serves (full-coverage TensorRT dists)."""
    names = []
    for root in roots:
        names.append(root)
        for part in ("libs", "bindings"):
            candidate = f"{root}-{part}"
            if root in ("tensorrt", "tensorrt-rtx"):
                continue  # the meta packages have no parts of their own
            try:
                registry.project(candidate)
            except urllib.error.HTTPError as exc:
                if exc.code == 404:
                    continue
                raise
            names.append(candidate)
    return names


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------
def compact_registry(dists: dict[str, Any]) -> dict[str, Any]:
    """Store wheel tag lists once ("tags" table, referenced by index) and drop working fields."""
    tags: list[str] = []
    index: dict[str, int] = {}
    out: dict[str, Any] = {}
    for dist, entry in sorted(dists.items()):
        releases = {}
        for version in sorted(entry["releases"], key=Version):
            record = {k: v for k, v in entry["releases"][version].items() if not k.startswith("_")}
            wheels = {}
            for platform, pythons in record.get("wheels", {}).items():
                key = " ".join(pythons)
                if key not in index:
                    index[key] = len(tags)
                    tags.append(key)
                wheels[platform] = index[key]
            record["wheels"] = wheels
            releases[version] = record
        out[dist] = {"scope": entry["scope"], "published": entry["published"], "releases": releases}
    return {"tags": tags, "dists": out}


def build(registry: Registry, jobs: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """(matrix.json, registry.json) contents."""
    started = time.monotonic()
    today = _dt.date.today().isoformat()
    print("registry releases:", file=sys.stderr)
    names = ["torch", "torchvision", *TORCH_TRT_PROJECTS]
    names += tensorrt_family(registry, [d for d in SCOPE if d.startswith("tensorrt")])
    dists = {name: read_dist(registry, name, jobs) for name in names}
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
    rows = [
        torch_tensorrt_row(project, version, record)
        for project in TORCH_TRT_PROJECTS
        for version, record in dists[project]["releases"].items()
        if any(p in MARKER_ENV for p in record["wheels"])  # not the pure-Python name placeholders (0.0.1)
    ]
    print("tensorrt packages:", file=sys.stderr)
    packages = tensorrt_packages_section(registry, dists)
    matrix = {
        "schema": 2,
        "generated_by": "tools/refresh_matrix.py",
        "snapshot_date": today,
        "generated_on": today,
        "torch_tensorrt": rows,
        "torchvision": torchvision_pairs(dists["torchvision"], dists["torch"]),
        "gpu_support": GPU_SUPPORT,
        "driver_min": DRIVER_MIN,
        "tensorrt_for_torch_tensorrt": TENSORRT_FOR_TORCH_TRT,
        "gpu_models": GPU_MODELS,
        "architectures": ARCHITECTURES,
        "tensorrt_packages": packages,
        "refresh": {**registry.fetched, "seconds": round(time.monotonic() - started, 1)},
    }
    registry_json = {"schema": 2, "snapshot_date": today, **compact_registry(dists)}
    return matrix, registry_json


def dump_registry(registry_json: dict[str, Any]) -> str:
    """registry.json text: one line per release record, so that a refresh reads as a short diff."""
    lines = [
        "{",
        f' "schema": {registry_json["schema"]},',
        f' "snapshot_date": {json.dumps(registry_json["snapshot_date"])},',
    ]
    lines.append(' "tags": [' + ", ".join(json.dumps(t) for t in registry_json["tags"]) + "],")
    lines.append(' "dists": {')
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out-dir", default=os.path.normpath(DEFAULT_OUT_DIR), help="folder for the JSON files")
    parser.add_argument("--index-url", default=None, help="simple index to read (default: pip's)")
    parser.add_argument("--jobs", type=int, default=8, help="parallel requests per distribution")
    args = parser.parse_args(argv)
    registry = Registry(index_url(args.index_url))
    matrix, registry_json = build(registry, args.jobs)
    atomic_write_text(os.path.join(args.out_dir, "matrix.json"), json.dumps(matrix, indent=1) + "\n")
    atomic_write_text(os.path.join(args.out_dir, "registry.json"), dump_registry(registry_json))
    counts = ", ".join(f"{d} {len(e['releases'])}" for d, e in registry_json["dists"].items())
    print(f"wrote {args.out_dir}: {counts}; {matrix['refresh']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
