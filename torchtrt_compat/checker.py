"""Does this stack fit together? Rules over an `Environment` and the matrix produce findings.

Each rule is a small function registered with `@rule`; each finding names the component, what was found, and the
exact fix (a pip command or a version). ``error`` means the stack fails to install, import or run; ``warning`` is a
known trap of the installed release; ``info`` says what could not be checked and why.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any, Literal

from packaging.requirements import Requirement

from . import matrix
from ._errors import InternalError
from .env import Environment, detect_environment, normalise_dist, tensorrt_dist_info
from .known_issues import KNOWN_ISSUES
from .versions import major, minor, parse_version, satisfies

Severity = Literal["error", "warning", "info"]
_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Finding:
    """One result of a rule: ``code`` (stable, for scripts), ``severity``, ``component``, ``message``, ``fix``."""

    code: str
    severity: Severity
    component: str
    message: str
    fix: str = ""


@dataclass
class CheckReport:
    """The checker's verdict: the `Environment` checked and its findings; compatible means no error findings."""

    environment: Environment
    findings: list[Finding]

    @property
    def compatible(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    def by_severity(self, severity: Severity) -> list[Finding]:
        """The findings of one severity, in report order."""
        return [f for f in self.findings if f.severity == severity]

    def to_dict(self) -> dict[str, Any]:
        """``{"compatible", "environment", "findings"}``, the shape ``check --json`` prints."""
        return {
            "compatible": self.compatible,
            "environment": self.environment.to_dict(),
            "findings": [asdict(f) for f in self.findings],
        }

    def to_json(self) -> str:
        """`to_dict` as indented JSON."""
        return json.dumps(self.to_dict(), indent=2)

    def __str__(self) -> str:
        verdict = "COMPATIBLE" if self.compatible else "INCOMPATIBLE"
        lines = [self.environment.format(), "", f"verdict: {verdict}"]
        for f in self.findings:
            lines.append(f"  [{f.severity}] {f.component}: {f.message}")
            if f.fix:
                lines.append(f"      fix: {f.fix}")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Ctx:
    env: Environment
    local: bool  #: checking this machine (missing = not installed) vs a spec (missing = unknown)
    row: dict[str, Any] | None  #: the matrix row of the installed torch_tensorrt release


Rule = Callable[[_Ctx], Iterator[Finding]]
_RULES: list[Rule] = []


def rule(fn: Rule) -> Rule:
    _RULES.append(fn)
    return fn


def _unknown(component: str, what: str) -> Finding:
    return Finding(f"{component}-unknown", "info", component, f"{what} is unknown, so it was not checked.")


def _pip(requirement: str) -> str:
    return f"pip install '{requirement}'"


def gpu_supported(flavour: str, tensorrt_version: str | None, cc: str | None) -> bool:
    """Can ``flavour`` at ``tensorrt_version`` run engines on compute capability ``cc``? Unknown -> True."""
    supported = matrix.compute_capabilities(flavour, tensorrt_version)
    return supported is None or cc is None or cc in supported


#: compute capability -> architecture, for messages only.
ARCHITECTURES: dict[str, str] = {
    "6.0": "Pascal (P100)",
    "6.1": "Pascal",
    "7.0": "Volta",
    "7.2": "Jetson Xavier",
    "7.5": "Turing",
    "8.0": "Ampere (A100)",
    "8.6": "Ampere",
    "8.7": "Jetson Orin",
    "8.9": "Ada",
    "9.0": "Hopper (H100/H200)",
    "10.0": "Blackwell (B200)",
    "10.3": "Blackwell (B300)",
    "11.0": "Jetson Thor",
    "12.0": "Blackwell (RTX 50)",
    "12.1": "Blackwell (DGX Spark)",
}

_FLAVOUR_PACKAGES = {"tensorrt": "torch-tensorrt", "tensorrt-rtx": "torch-tensorrt-rtx"}
_FLAVOUR_NAMES = {"tensorrt": "full TensorRT", "tensorrt-rtx": "TensorRT-RTX"}


def describe_cc(cc: str) -> str:
    """``"9.0"`` -> ``"9.0 (Hopper (H100/H200))"``; unknown architectures stay bare."""
    arch = ARCHITECTURES.get(cc)
    return f"{cc} ({arch})" if arch else cc


def _merge_ranges(specs: list[str]) -> list[str]:
    """``[">=10.8,<10.14", ">=10.14"]`` -> ``[">=10.8"]``: adjacent ranges of the GPU-support rows read as one."""
    bounds = []
    for text in specs:
        lo = next((p[2:] for p in text.split(",") if p.startswith(">=")), None)
        hi = next((p[1:] for p in text.split(",") if p.startswith("<")), None)
        bounds.append([lo, hi])
    bounds.sort(key=lambda b: parse_version(b[0]) if b[0] else parse_version("0"))
    merged: list[list[str | None]] = []
    for lo, hi in bounds:
        if merged and merged[-1][1] is not None and merged[-1][1] == lo:
            merged[-1][1] = hi
        else:
            merged.append([lo, hi])
    return [",".join(x for x in (f">={lo}" if lo else "", f"<{hi}" if hi else "") if x) or "any" for lo, hi in merged]


def gpu_advice(flavour: str | None, tensorrt_version: str | None, cc: str | None) -> tuple[str, str] | None:
    """(reason, fix) when ``flavour`` at ``tensorrt_version`` cannot use compute capability ``cc``; None when it can
    or when the matrix does not say. The one source of this advice for check, compile, build_engine and artifacts.

    The fix names what does support ``cc``: the other flavour, or a newer or an older TensorRT release of the same
    flavour (a GPU can be too old as well as too new), from the matrix's GPU-support rows.
    """
    if flavour is None or cc is None or gpu_supported(flavour, tensorrt_version, cc):
        return None
    name = _FLAVOUR_NAMES.get(flavour, flavour)
    supported = matrix.compute_capabilities(flavour, tensorrt_version) or []
    reason = (
        f"{name} {tensorrt_version or ''}".rstrip()
        + f" cannot build or run engines for compute capability {describe_cc(cc)} (it supports {', '.join(supported)})"
    )
    same = _merge_ranges(
        [
            r["versions"]
            for r in matrix.load()["gpu_support"]
            if r["flavour"] == flavour and cc in r["compute_capabilities"]
        ]
    )
    other = [f for f in _FLAVOUR_PACKAGES if f != flavour and cc in (matrix.compute_capabilities(f, None) or [])]
    options = []
    if same:
        options.append(
            f"a {name} release that supports it (TensorRT {' or '.join(same)}; see `torchtrt-compat matrix`)"
        )
    if other:
        other_name = _FLAVOUR_NAMES[other[0]]
        where = " on that GPU" if other[0] == "tensorrt" else ""
        options.append(f"{other_name} ({_FLAVOUR_PACKAGES[other[0]]}){where}")
    fix = ("use " + " or ".join(options)) if options else "deploy on a GPU this TensorRT supports"
    return reason, fix


@rule
def _torch_tensorrt_present(c: _Ctx) -> Iterator[Finding]:
    if c.env.torch_tensorrt is not None:
        if c.row is None:
            tt = c.env.torch_tensorrt
            yield Finding(
                "torch-tensorrt-not-in-matrix",
                "warning",
                "torch_tensorrt",
                f"{tt.name} {tt.version} is not in the compatibility matrix (newer than this torchtrt_compat?); "
                "only feature detection applies.",
                "upgrade torchtrt-compat, or run tools/refresh_matrix.py",
            )
        return
    if not c.local:
        yield _unknown("torch_tensorrt", "torch_tensorrt")
        return
    yield Finding(
        "torch-tensorrt-missing", "error", "torch_tensorrt", "torch_tensorrt is not installed.", install_fix(c.env)
    )


def install_fix(env: Environment) -> str:
    """The pip command(s) for a torch_tensorrt that fits ``env``'s torch and can run on its GPUs."""
    options = []
    for package, label in (("torch-tensorrt", "full TensorRT"), ("torch-tensorrt-rtx", "TensorRT-RTX")):
        fits = matrix.releases_for_torch(env.torch, package) if env.torch else []
        flavour = "tensorrt-rtx" if package.endswith("-rtx") else "tensorrt"
        runs_here = all(gpu_supported(flavour, None, g.compute_capability) for g in env.gpus or [])
        if fits and runs_here:
            options.append(_pip(f"{package}=={fits[-1]['version']}") + f" ({label})")
    return (
        " or ".join(options)
        or "pip install 'torchtrt-compat[rtx]' (TensorRT-RTX) or 'torchtrt-compat[trt]' (full TensorRT)"
    )


@rule
def _torch_requirement(c: _Ctx) -> Iterator[Finding]:
    if c.row is None:
        return
    tt = c.env.torch_tensorrt
    if tt is None:
        raise InternalError("a matrix row was found for a stack without torch_tensorrt")
    if c.env.torch is None:
        if c.local:
            yield Finding("torch-missing", "error", "torch", "torch is not installed.", _pip(f"torch{c.row['torch']}"))
        else:
            yield _unknown("torch", "The torch version")
        return
    if not satisfies(c.env.torch, c.row["torch"]):
        fits = matrix.releases_for_torch(c.env.torch, tt.name)
        other = f", or keep torch and {_pip(tt.name + '==' + fits[-1]['version'])}" if fits else ""
        yield Finding(
            "torch-version",
            "error",
            "torch",
            f"{tt.name} {tt.version} requires torch{c.row['torch']}, found torch {c.env.torch}.",
            _pip(f"torch{c.row['torch']}") + other,
        )


@rule
def _torch_cuda_build(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    if env.torch is None:
        return
    if env.torch_cuda == "cpu":
        yield Finding(
            "torch-cpu-only",
            "error",
            "torch",
            f"torch {env.torch} is a CPU-only build; torch_tensorrt cannot load libtorchtrt.so with it.",
            f"pip install --force-reinstall 'torch=={env.torch.split('+')[0]}' (the default Linux wheel is the "
            "CUDA build; check that no find-links or index points pip at a +cpu wheel)",
        )
        return
    if env.torch_cuda == "rocm":
        yield Finding(
            "torch-rocm",
            "error",
            "torch",
            f"torch {env.torch} is a ROCm (AMD) build; TensorRT needs NVIDIA CUDA.",
            f"pip install --force-reinstall 'torch=={env.torch.split('+')[0]}' "
            "(the default Linux wheel is the CUDA build)",
        )
        return
    if env.torch_cuda is None:
        yield _unknown("cuda", "torch's CUDA build")
        return
    built = env.torch_tensorrt_built.get("cuda") or (c.row or {}).get("cuda")
    if built and major(built) != major(env.torch_cuda):
        yield Finding(
            "cuda-major",
            "error",
            "cuda",
            f"torch is built for CUDA {env.torch_cuda} but "
            f"{env.torch_tensorrt.name if env.torch_tensorrt else 'torch_tensorrt'} "
            f"was built against CUDA {built}; CUDA majors must match.",
            f"install the torch CUDA {major(built)}.x build of the same version, e.g. "
            f"pip install 'torch=={env.torch.split('+')[0]}+cu{major(built)}0' from PyTorch's cu{major(built)}0 index",
        )


@rule
def _torchvision(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    if env.torchvision is None or env.torch is None:
        if not c.local and env.torchvision is None:
            yield _unknown("torchvision", "The torchvision version")
        return
    want = matrix.torchvision_minor_for_torch(env.torch)
    if want is None:
        yield Finding(
            "torchvision-unknown-pair",
            "warning",
            "torchvision",
            f"torch {minor(env.torch)} is not in the torchvision table; the pairing was not checked.",
            "upgrade torchtrt-compat or run tools/refresh_matrix.py",
        )
    elif minor(env.torchvision) != want:
        yield Finding(
            "torchvision-torch",
            "error",
            "torchvision",
            f"torchvision {env.torchvision} is built for torch "
            f"{matrix.torch_minor_for_torchvision(env.torchvision) or '?'}, "
            f"but torch is {env.torch}; torchvision must match torch exactly.",
            _pip(f"torchvision=={want}.*"),
        )


@rule
def _wheels(c: _Ctx) -> Iterator[Finding]:
    if c.row is None:
        return
    env, row = c.env, c.row
    tt = env.torch_tensorrt
    if tt is None:
        raise InternalError("a matrix row was found for a stack without torch_tensorrt")
    wheels: dict[str, list[str]] = row.get("wheels", {})
    if env.platform is None:
        yield _unknown("platform", "The platform")
    elif env.platform not in wheels:
        yield Finding(
            "platform-no-wheel",
            "error",
            "platform",
            f"{tt.name} {tt.version} publishes no wheel for {env.platform} (only {', '.join(sorted(wheels))}).",
            f"deploy on {' or '.join(sorted(wheels))}, or pick a release that has {env.platform} wheels "
            "(`torchtrt-compat matrix`)",
        )
        return
    if env.python is None:
        yield _unknown("python", "The Python version")
    elif env.platform is not None and env.python not in wheels.get(env.platform, []):
        have = wheels.get(env.platform, [])
        yield Finding(
            "python-no-wheel",
            "error",
            "python",
            f"{tt.name} {tt.version} has no wheel for Python {env.python} on {env.platform} "
            f"(wheels exist for {', '.join(have)}).",
            f"use Python {' / '.join(have)}",
        )


@rule
def _tensorrt(c: _Ctx) -> Iterator[Finding]:
    if c.row is None:
        return
    env, row = c.env, c.row
    tt = env.torch_tensorrt
    if tt is None:
        raise InternalError("a matrix row was found for a stack without torch_tensorrt")
    requirement: str | None = row["tensorrt"].get(env.platform or "linux_x86_64")
    if env.tensorrt is None:
        if c.local:
            yield Finding(
                "tensorrt-missing",
                "error",
                "tensorrt",
                f"{tt.name} is installed but no TensorRT{'-RTX' if row['flavour'] == 'tensorrt-rtx' else ''} is.",
                _pip(requirement) if requirement else f"pip install {row['flavour']}",
            )
        else:
            yield _unknown("tensorrt", "TensorRT")
        return
    flavour = env.flavour
    if flavour != row["flavour"]:
        yield Finding(
            "tensorrt-flavour",
            "error",
            "tensorrt",
            f"{tt.name} needs {row['flavour']}, but {env.tensorrt.name} ({flavour}) is what is installed.",
            _pip(requirement) if requirement else f"pip install {row['flavour']}",
        )
        return
    requirement = _requirement_for(row, env.platform or "linux_x86_64", env.tensorrt.name) or requirement
    if requirement and env.tensorrt.version is not None:
        spec = str(Requirement(requirement).specifier)
        if spec and not satisfies(env.tensorrt.version, spec):
            yield Finding(
                "tensorrt-version",
                "error",
                "tensorrt",
                f"{tt.name} {tt.version} requires {requirement}, found {env.tensorrt.name} {env.tensorrt.version}.",
                _pip(requirement),
            )
    info = tensorrt_dist_info(env.tensorrt.name)
    trt_cuda = info[1] if info else None
    if trt_cuda and env.torch_cuda not in (None, "cpu") and trt_cuda != major(env.torch_cuda):
        yield Finding(
            "tensorrt-cuda-major",
            "error",
            "tensorrt",
            f"{env.tensorrt.name} is the CUDA {trt_cuda} build but torch runs CUDA {env.torch_cuda}.",
            f"pip install {env.tensorrt.name.replace('-cu' + trt_cuda, '-cu' + major(env.torch_cuda))}",
        )


def _requirement_for(row: dict[str, Any], platform: str, dist: str) -> str | None:
    """The wheel's own requirement on ``dist`` (e.g. ``tensorrt-cu13>=10.14.1,!=10.14.1.48``), if it names it."""
    for text in row.get("tensorrt_requires", {}).get(platform, []):
        req = Requirement(text)
        if normalise_dist(req.name) == dist:
            return text
    return None


@rule
def _driver(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    cuda = env.torch_cuda if env.torch_cuda not in (None, "cpu") else None
    if cuda is None:
        return
    if env.driver is None:
        if env.gpus:
            yield _unknown("driver", "The NVIDIA driver version")
        return
    need = matrix.driver_minimum(major(cuda), env.platform)
    if need and not satisfies(env.driver, f">={need}"):
        yield Finding(
            "driver-too-old",
            "error",
            "driver",
            f"CUDA {cuda} needs NVIDIA driver >= {need}, found {env.driver}.",
            f"upgrade the driver to >= {need}, or move the whole stack to releases built for CUDA "
            f"{int(major(cuda)) - 1}.x (torch, torch_tensorrt and TensorRT; see `torchtrt-compat matrix`)",
        )


@rule
def _gpus(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    flavour = env.flavour
    if env.gpus is None:
        yield _unknown("gpu", "The GPU list")
        return
    if not env.gpus:
        yield Finding(
            "no-gpu",
            "info",
            "gpu",
            "No NVIDIA GPU visible: engines can be built ahead of time (TensorRT-RTX) but not run here.",
            "torchtrt-compat build MODEL --cc 8.9 --out DIR",
        )
        return
    if flavour is None:
        return
    supported = matrix.compute_capabilities(flavour, env.tensorrt_version)
    if supported is None:
        yield Finding(
            "gpu-support-unknown",
            "info",
            "gpu",
            f"The matrix has no GPU-architecture row for {flavour} {env.tensorrt_version or ''}".rstrip()
            + "; compute capabilities were not checked.",
            "upgrade torchtrt-compat or run tools/refresh_matrix.py",
        )
        return
    for i, gpu in enumerate(env.gpus):
        if gpu.compute_capability is None:
            yield _unknown("gpu", f"The compute capability of GPU {i} ({gpu.name})")
            continue
        advice = gpu_advice(flavour, env.tensorrt_version, gpu.compute_capability)
        if advice is not None:
            reason, fix = advice
            yield Finding("gpu-unsupported", "error", "gpu", f"GPU {i} ({gpu.name}): {reason}.", fix)


@rule
def _known_issues(c: _Ctx) -> Iterator[Finding]:
    tt = c.env.torch_tensorrt
    if tt is None or tt.version is None:
        return
    for issue in KNOWN_ISSUES:
        if issue.only_without_gpu and c.env.gpus != []:
            continue
        if issue.packages and tt.name not in issue.packages:
            continue
        if satisfies(tt.version, issue.versions):
            yield Finding(issue.code, "warning", "torch_tensorrt", issue.message, issue.fix)


def _context(env: Environment) -> _Ctx:
    local = env.source == "this machine"
    row = None
    if env.torch_tensorrt is not None and env.torch_tensorrt.version is not None:
        row, _ = matrix.find_release(env.torch_tensorrt.name, env.torch_tensorrt.version)
    return _Ctx(env, local, row)


def check_environment(env: Environment) -> CheckReport:
    ctx = _context(env)
    findings = [f for r in _RULES for f in r(ctx)]
    findings.sort(key=lambda f: _ORDER[f.severity])
    return CheckReport(env, findings)


def check(target: str | os.PathLike[str] | dict[str, Any] | Environment | None = None) -> CheckReport:
    """Check this machine (``target=None``), or a described target: a spec dict, a JSON file path, an `Environment`."""
    if target is None:
        env = detect_environment()
    elif isinstance(target, Environment):
        env = target
    else:
        from .target_spec import load_spec

        env = load_spec(target)
    return check_environment(env)
