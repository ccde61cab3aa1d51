"""What is installed and which GPUs are there, without importing torch or creating a CUDA context.

Versions come from package metadata and from the *text* of ``torch/version.py`` and ``torch_tensorrt/_version.py``.
GPUs and the driver come from NVML, or from ``nvidia-smi`` when NVML is not installed. A probe that fails leaves
its field as None ("unknown") and adds a note; it never raises. No GPU is a normal answer.
"""

from __future__ import annotations

import functools
import json
import platform as _platform
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ._version import __version__
from .ux.display import bullet_list, compact_repr, key_values, panel, safe, section

if TYPE_CHECKING:
    import importlib.metadata as md

TORCH_TENSORRT_DISTS = ("torch-tensorrt", "torch-tensorrt-rtx")
Flavour = Literal["tensorrt", "tensorrt-rtx"]
#: Where an `Environment` came from: this machine, another host's ``env --json``, a JSON spec, a requirements file.
Origin = Literal["machine", "env-json", "spec", "requirements"]


@dataclass(frozen=True)
class FlavourInfo:
    """One TensorRT flavour: its torch_tensorrt distribution, its name in messages, its TensorRT distribution."""

    flavour: Flavour
    distribution: str  #: ``torch-tensorrt`` / ``torch-tensorrt-rtx``
    label: str  #: ``full TensorRT`` / ``TensorRT-RTX``
    tensorrt: str  #: ``tensorrt`` / ``tensorrt-rtx`` (the meta package)


#: The one table of flavour facts (iterating it gives the flavours, full TensorRT first).
FLAVOURS: dict[Flavour, FlavourInfo] = {
    "tensorrt": FlavourInfo("tensorrt", "torch-tensorrt", "full TensorRT", "tensorrt"),
    "tensorrt-rtx": FlavourInfo("tensorrt-rtx", "torch-tensorrt-rtx", "TensorRT-RTX", "tensorrt-rtx"),
}

# Every TensorRT distribution: tensorrt, tensorrt-cu12, tensorrt-cu13-libs, tensorrt-rtx, tensorrt-rtx-cu13-libs, ...
_TRT_DIST = re.compile(r"^tensorrt(?P<rtx>-rtx)?(?:-cu(?P<cuda>\d+))?(?P<part>-libs|-bindings)?$")
# tensorrt-lean* / tensorrt-dispatch* are runtime-only: they cannot build engines and torch_tensorrt does not load
# them, so _TRT_DIST deliberately does not match them.
RUNTIME_ONLY_TRT = re.compile(r"^tensorrt-(?:lean|dispatch)")


@dataclass(frozen=True)
class Package:
    name: str  #: distribution name, normalised (``torch-tensorrt-rtx``)
    version: str | None


@dataclass(frozen=True)
class GpuInfo:
    name: str | None
    compute_capability: str | None  #: "9.0"
    memory_mib: int | None = None


@dataclass
class Environment:
    """One record of a stack: this machine's (`detect_environment`) or a described target (`load_spec`).

    None means unknown; an empty ``gpus`` list means "no GPU". ``flavour`` is ``tensorrt`` or ``tensorrt-rtx``.
    """

    source: str = "this machine"
    platform: str | None = None
    python: str | None = None
    torch: str | None = None
    torch_cuda: str | None = None  #: CUDA version torch was built with; "cpu" for a CPU-only build
    #: the GPU code the installed torch carries (``sm_90``, PTX as ``compute_90``), from its ``CUDAConfig.h``
    torch_arch: list[str] | None = None
    torchvision: str | None = None
    torch_tensorrt: Package | None = None
    torch_tensorrt_built: dict[str, str] = field(default_factory=dict)  #: from _version.py: cuda, tensorrt, ...
    tensorrt: Package | None = None
    #: every TensorRT distribution installed or pinned (meta, ``-cuXX``, ``-libs``, ``-bindings``): pip checks each
    tensorrt_dists: list[Package] = field(default_factory=list)
    driver: str | None = None
    gpus: list[GpuInfo] | None = None
    notes: list[str] = field(default_factory=list)
    origin: Origin = "machine"  #: what kind of input ``source`` names
    #: the kernel release (``platform.release()``): a Jetson's ends in ``-tegra``, which its wheels' markers test
    platform_release: str | None = None

    @property
    def installed(self) -> bool:
        """True for an installed host (this machine, another host's ``env --json``): an absent package is *missing*
        there, while a spec or a requirements file that does not name one leaves it unknown."""
        return self.origin in ("machine", "env-json")

    @property
    def flavour(self) -> Flavour | None:
        if self.tensorrt is not None:
            return "tensorrt-rtx" if self.tensorrt.name.startswith("tensorrt-rtx") else "tensorrt"
        if self.torch_tensorrt is not None:
            return "tensorrt-rtx" if self.torch_tensorrt.name.endswith("-rtx") else "tensorrt"
        return None

    @property
    def tensorrt_version(self) -> str | None:
        return self.tensorrt.version if self.tensorrt else None

    @property
    def cuda(self) -> str | None:
        """The CUDA version the stack runs with: torch's build."""
        return self.torch_cuda

    def versions(self, by: Literal["module", "dist"] = "module") -> dict[str, str | None]:
        """Installed versions keyed by import name (``torch_tensorrt``, ``tensorrt``) or by distribution name
        (``torch-tensorrt-rtx``, ``tensorrt-rtx``); None where not installed or unknown."""
        tt, trt = self.torch_tensorrt, self.tensorrt
        if by == "module":
            return {
                "torch": self.torch,
                "torchvision": self.torchvision,
                "torch_tensorrt": tt.version if tt else None,
                "tensorrt": self.tensorrt_version,
            }
        return {
            "torch": self.torch,
            "torchvision": self.torchvision,
            tt.name if tt else "torch-tensorrt": tt.version if tt else None,
            trt.name if trt else "tensorrt": self.tensorrt_version,
        }

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["flavour"] = self.flavour
        return data

    def _rows(self) -> list[tuple[str, str | None]]:
        tt = self.torch_tensorrt
        trt = self.tensorrt
        built = ", ".join(f"{k} {v}" for k, v in sorted(self.torch_tensorrt_built.items())) or "unknown"
        rows = [
            ("torchtrt_compat", _own_version()),
            ("source", self.source),
            ("platform", self.platform),
            ("python", self.python),
            ("torch", self.torch),
            ("torch CUDA build", self.torch_cuda),
            ("torch GPU code", " ".join(self.torch_arch) if self.torch_arch else None),
            ("torchvision", self.torchvision),
            ("torch_tensorrt", f"{tt.name} {tt.version}" if tt else None),
            ("  built against", built if tt else None),
            ("TensorRT", f"{trt.name} {trt.version} ({self.flavour})" if trt else None),
            ("NVIDIA driver", self.driver),
            ("GPUs", self._gpu_text()),
        ]
        return [(k, v) for k, v in rows if k != "torch GPU code" or v is not None]  # read on installed hosts only

    def _gpu_text(self) -> str:
        if self.gpus is None:
            return "unknown"
        if not self.gpus:
            return "none"

        def one(g: GpuInfo) -> str:
            memory = f", {g.memory_mib} MiB" if g.memory_mib else ""
            return f"{g.name or 'a GPU'} (cc {g.compute_capability or '?'}{memory})"

        return "; ".join(one(g) for g in self.gpus)

    def _absent(self) -> str:
        """How a missing value reads: on this machine a package that is not there is not installed, not unknown."""
        return "not installed" if self.origin == "machine" else "unknown"

    def format(self) -> str:
        """A copy-paste block for bug reports (no GPU UUIDs, no serial numbers)."""
        rows = self._rows()
        width = max(len(k) for k, _ in rows)
        packages = {"torch", "torchvision", "torch_tensorrt", "built against", "TensorRT"}
        lines = [
            f"{k:<{width}} : {v if v is not None else (self._absent() if k.strip() in packages else 'unknown')}"
            for k, v in rows
        ]
        lines += [f"note: {n}" for n in self.notes]
        return safe(scrub("\n".join(lines)))

    def __repr__(self) -> str:
        tt, trt = self.torch_tensorrt, self.tensorrt
        stack = ", ".join(
            p
            for p in (
                f"torch {self.torch}" if self.torch else "no torch",
                f"{tt.name} {tt.version}" if tt else "no torch_tensorrt",
                f"{trt.name} {trt.version}" if trt else None,
            )
            if p
        )
        return scrub(compact_repr(f"Environment ({self.source})", stack, f"GPUs: {self._gpu_text()}"))

    def _repr_html_(self) -> str:
        rows = [(k.strip(), v if v is not None else "unknown") for k, v in self._rows()]
        notes = section("notes", bullet_list(self.notes)) if self.notes else ""
        return scrub(panel(f"Environment: {self.source}", key_values(rows), notes))


_UUID = re.compile(r"\b(?:GPU|MIG)-[0-9a-fA-F-]{8,}\b")


def scrub(text: str) -> str:
    """Remove GPU/MIG UUIDs from text meant for a bug report."""
    return _UUID.sub("<uuid removed>", text)


def _own_version() -> str:
    return __version__


def normalise_dist(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def platform_tag() -> str:
    """``linux_x86_64``, ``linux_aarch64``, ``win_amd64``, ``macosx_...``: the wheel platforms we match on."""
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "linux_" + _platform.machine().lower() if plat.startswith("linux") else plat


def _installed() -> dict[str, md.Distribution]:
    import importlib.metadata as md  # slow to import; only this machine's check reads installed metadata

    found: dict[str, md.Distribution] = {}
    for dist in md.distributions():
        name = dist.metadata["Name"] if dist.metadata else None
        if name:
            found.setdefault(normalise_dist(name), dist)
    return found


def _read_text(dist: md.Distribution, relpath: str) -> str | None:
    try:
        path = Path(str(dist.locate_file(relpath)))
        return path.read_text(encoding="utf-8") if path.is_file() else None
    except OSError:
        return None


_VERSION_VAR = re.compile(r"""^__(?P<key>\w+?)_version__\s*=\s*['"](?P<value>[^'"]*)['"]""", re.MULTILINE)
_TORCH_CUDA = re.compile(r"""^cuda\s*(?::[^=\n]*)?=\s*(?P<value>None|['"][^'"]*['"])""", re.MULTILINE)


def parse_torch_tensorrt_version_py(text: str) -> dict[str, str]:
    """``__cuda_version__ = "13.2"`` ... -> ``{"cuda": "13.2", "tensorrt": "11.1.0", ...}`` (not ``__version__``)."""
    return {m.group("key"): m.group("value") for m in _VERSION_VAR.finditer(text)}


_TORCH_HIP = re.compile(r"""^hip\s*(?::[^=\n]*)?=\s*['"][^'"]+['"]""", re.MULTILINE)


def parse_torch_version_py(text: str) -> str | None:
    """The CUDA version in ``torch/version.py``: ``"rocm"`` for ROCm, ``"cpu"`` for neither, None if unreadable."""
    m = _TORCH_CUDA.search(text)
    if m is None:
        return None
    value = m.group("value")
    if value != "None":
        return value.strip("'\"")
    return "rocm" if _TORCH_HIP.search(text) else "cpu"


_GENCODE = re.compile(r"code=\[?([a-z0-9_,]+)\]?")


def parse_cuda_arch(cuda_config_h: str) -> list[str] | None:
    """The GPU code a torch build carries, from ``NVCC_FLAGS_EXTRA`` in ``torch/include/ATen/cuda/CUDAConfig.h``:
    ``-gencode;arch=compute_90,code=sm_90;...`` -> ``['sm_90', ...]`` (binaries), PTX as ``compute_XY``; order kept;
    None when the header names no code (a build that says nothing is not a build without code)."""
    line = next((ln for ln in cuda_config_h.splitlines() if ln.startswith("#define NVCC_FLAGS_EXTRA")), "")
    found: list[str] = []
    for group in _GENCODE.findall(line):
        for code in group.split(","):
            if re.fullmatch(r"(?:sm|compute)_\d+[af]?", code) and code not in found:
                found.append(code)
    return found or None


def _tensorrt_dists(dists: dict[str, md.Distribution]) -> list[Package]:
    """Every TensorRT distribution installed (runtime-only lean/dispatch ones aside), by name."""
    return [Package(name, dist.version) for name, dist in sorted(dists.items()) if _TRT_DIST.match(name)]


def _pick_tensorrt(dists: dict[str, md.Distribution]) -> Package | None:
    """The TensorRT that torch_tensorrt will load: the meta package if present, else the cuXX one, else -libs."""
    candidates = []
    for name, dist in dists.items():
        m = _TRT_DIST.match(name)
        if m:
            rank = (0 if not m.group("cuda") else 1) + (2 if m.group("part") else 0)
            candidates.append((rank, name, dist.version))
    if not candidates:
        return None
    _, name, version = min(candidates)
    return Package(name, version)


def tensorrt_dist_info(name: str) -> tuple[str, str | None] | None:
    """``'tensorrt-cu13-libs'`` -> ``('tensorrt', '13')``; ``'tensorrt-rtx'`` -> ``('tensorrt-rtx', None)``."""
    m = _TRT_DIST.match(normalise_dist(name))
    if m is None:
        return None
    return ("tensorrt-rtx" if m.group("rtx") else "tensorrt", m.group("cuda"))


def _probe_nvml(env: Environment) -> bool:
    try:
        import pynvml  # nvidia-ml-py: ctypes only, cheap, creates no CUDA context
    except ImportError:
        return False
    try:
        pynvml.nvmlInit()
    except Exception as exc:  # NVMLError_LibraryNotFound / DriverNotLoaded: no usable driver
        env.notes.append(f"NVML: {exc.__class__.__name__.replace('NVMLError_', '')} (no NVIDIA driver loaded)")
        env.gpus = []
        return True
    try:
        driver = pynvml.nvmlSystemGetDriverVersion()
        env.driver = driver.decode() if isinstance(driver, bytes) else driver
        gpus = []
        for i in range(pynvml.nvmlDeviceGetCount()):
            handle = pynvml.nvmlDeviceGetHandleByIndex(i)
            name = pynvml.nvmlDeviceGetName(handle)
            major, minor_ = pynvml.nvmlDeviceGetCudaComputeCapability(handle)
            mem = pynvml.nvmlDeviceGetMemoryInfo(handle).total // (1 << 20)
            gpus.append(GpuInfo(name.decode() if isinstance(name, bytes) else name, f"{major}.{minor_}", int(mem)))
        env.gpus = gpus
    except Exception as exc:  # a half-working NVML: keep what we have
        env.notes.append(f"NVML query failed: {exc} (could not collect GPU details)")
    finally:
        try:
            pynvml.nvmlShutdown()
        except Exception:
            pass
    return True


def _probe_nvidia_smi(env: Environment) -> None:
    exe = shutil.which("nvidia-smi")
    if exe is None:
        env.gpus = []
        env.notes.append("nvidia-smi not found and nvidia-ml-py not installed: no NVIDIA driver visible")
        return
    query = "name,compute_cap,memory.total,driver_version"
    try:
        out = subprocess.run(
            [exe, f"--query-gpu={query}", "--format=csv,noheader,nounits"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        env.gpus = []
        env.notes.append(f"nvidia-smi failed ({exc.__class__.__name__}): could not collect GPU details")
        return
    gpus = []
    for line in out.strip().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) >= 4:
            mem = int(float(parts[2])) if parts[2].replace(".", "", 1).isdigit() else None
            gpus.append(GpuInfo(parts[0], parts[1] or None, mem))
            env.driver = parts[3]
    env.gpus = gpus


def _probe_gpus(env: Environment) -> None:
    if not _probe_nvml(env):
        _probe_nvidia_smi(env)


@functools.lru_cache(maxsize=1)
def _detect_cached() -> Environment:
    env = Environment(platform=platform_tag(), python="{}.{}.{}".format(*sys.version_info[:3]))
    env.platform_release = _platform.release() or None
    dists = _installed()
    if "torch" in dists:
        env.torch = dists["torch"].version
        text = _read_text(dists["torch"], "torch/version.py")
        env.torch_cuda = parse_torch_version_py(text) if text else None
        if env.torch_cuda not in (None, "cpu", "rocm"):
            config = _read_text(dists["torch"], "torch/include/ATen/cuda/CUDAConfig.h")
            env.torch_arch = parse_cuda_arch(config) if config else None
    if "torchvision" in dists:
        env.torchvision = dists["torchvision"].version
    for name in TORCH_TENSORRT_DISTS:
        if name in dists:
            env.torch_tensorrt = Package(name, dists[name].version)
            text = _read_text(dists[name], "torch_tensorrt/_version.py")
            env.torch_tensorrt_built = parse_torch_tensorrt_version_py(text) if text else {}
            break
    env.tensorrt = _pick_tensorrt(dists)
    env.tensorrt_dists = _tensorrt_dists(dists)
    _probe_gpus(env)
    return env


def detect_environment(*, refresh: bool = False) -> Environment:
    """This machine's stack. Cached per process; ``refresh=True`` probes again."""
    if refresh:
        _detect_cached.cache_clear()
    env = _detect_cached()
    return Environment(
        **{
            **env.__dict__,
            "gpus": list(env.gpus) if env.gpus is not None else None,
            "notes": list(env.notes),
            "torch_tensorrt_built": dict(env.torch_tensorrt_built),
            "tensorrt_dists": list(env.tensorrt_dists),
            "torch_arch": list(env.torch_arch) if env.torch_arch is not None else None,
        }
    )


def to_json(env: Environment) -> str:
    return scrub(json.dumps(env.to_dict(), indent=2))
