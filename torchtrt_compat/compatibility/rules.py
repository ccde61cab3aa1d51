"""Does this stack fit together? Rules over an `Environment` and the matrix produce findings and a verdict.

Each rule is a small function registered with `@rule`; each finding names the component, what was found, and the
exact fix (a pip command or a version). ``error`` means the stack fails to install, import or run; ``unknown`` means
a fact the verdict depends on is missing (a release the matrix does not know, a TensorRT version nobody gave, the GPU
list) and says how to supply it; ``warning`` is a known trap of the installed release; ``info`` is context.

The verdict is three-way: ``incompatible`` if any error, else ``unknown`` if any deciding fact is missing, else
``compatible``. It is never ``compatible`` on a guess.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any, Literal

from .._errors import InternalError
from ..env import Environment, detect_environment, normalise_dist, tensorrt_dist_info
from ..ux import display as _display
from ..versions import major, parse_version, satisfies, split_requirement
from . import matrix, requires, torch_builds
from .advice import describe_cc, gpu_advice, install_fix, pip_install
from .release_traps import KNOWN_ISSUES
from .target import jetson_row, load_spec, marker_release

Severity = Literal["error", "unknown", "warning", "info"]
Verdict = Literal["compatible", "incompatible", "unknown"]
_ORDER = {"error": 0, "unknown": 1, "warning": 2, "info": 3}
#: The CLI's exit code for each verdict.
EXIT_CODES: dict[str, int] = {"compatible": 0, "incompatible": 1, "unknown": 3}


@dataclass(frozen=True)
class Finding:
    """One result of a rule: ``code`` (stable, for scripts), ``severity``, ``component``, ``message``, ``fix``."""

    code: str
    severity: Severity
    component: str
    message: str
    fix: str = ""

    def __repr__(self) -> str:
        return f"Finding({self.severity} {self.code}: {_display.short(self.message, 90)})"

    def _repr_html_(self) -> str:
        return _display.table(
            [(_display.badge(self.severity, self.severity), self.component, self.message, self.fix)],
            ("severity", "component", "finding", "fix"),
            raw_columns=frozenset({0}),
        )


_VERDICT_TONES = {"compatible": "ok", "incompatible": "error", "unknown": "unknown"}


@dataclass
class CheckReport:
    """The checker's verdict: the `Environment` checked and its findings.

    ``verdict`` is ``incompatible`` (an error), ``unknown`` (a deciding fact is missing) or ``compatible``;
    ``compatible`` is True only for the last.
    """

    environment: Environment
    findings: list[Finding]

    @property
    def verdict(self) -> Verdict:
        severities = {f.severity for f in self.findings}
        if "error" in severities:
            return "incompatible"
        return "unknown" if "unknown" in severities else "compatible"

    @property
    def compatible(self) -> bool:
        return self.verdict == "compatible"

    @property
    def exit_code(self) -> int:
        """0 compatible, 1 incompatible, 3 unknown (the CLI's exit status)."""
        return EXIT_CODES[self.verdict]

    @property
    def snapshot_date(self) -> str:
        """The date the matrix was read from the registry; releases published later are unknown to it."""
        return matrix.snapshot_date()

    def by_severity(self, severity: Severity) -> list[Finding]:
        """The findings of one severity, in report order."""
        return [f for f in self.findings if f.severity == severity]

    def to_dict(self) -> dict[str, Any]:
        """``{"verdict", "compatible", "matrix_snapshot", "matrix_source", "environment", "findings"}``, what
        ``check --json`` prints."""
        return {
            "verdict": self.verdict,
            "compatible": self.compatible,
            "matrix_snapshot": self.snapshot_date,
            "matrix_source": matrix.snapshot_source(),
            "environment": self.environment.to_dict(),
            "findings": [asdict(f) for f in self.findings],
        }

    def to_json(self) -> str:
        """`to_dict` as indented JSON."""
        return json.dumps(self.to_dict(), indent=2)

    def __str__(self) -> str:
        lines = [
            self.environment.format(),
            f"matrix snapshot : {self.snapshot_date} ({matrix.snapshot_source()}; releases published later are "
            "unknown to this check until `torchtrt-compat matrix --refresh`)",
            "",
            f"verdict: {self.verdict.upper()}",
        ]
        for f in self.findings:
            lines.append(f"  [{f.severity}] {f.component}: {f.message}")
            if f.fix:
                lines.append(f"      fix: {f.fix}")
        return _display.safe("\n".join(lines))

    def _counts(self) -> str:
        counts = [(s, len(self.by_severity(s))) for s in ("error", "unknown", "warning")]
        return ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts if n) or "no findings"

    def __repr__(self) -> str:
        return (
            f"CheckReport(verdict={self.verdict!r}, {self._counts()})\n"
            f"  target: {_display.short(self.environment.source, 80)}; matrix snapshot {self.snapshot_date}"
        )

    def _repr_html_(self) -> str:
        head = (
            _display.badge(self.verdict.upper(), _VERDICT_TONES[self.verdict])
            + f" <span>{html.escape(self.environment.source)} &middot; {self._counts()} &middot; "
            f"matrix snapshot {self.snapshot_date}</span>"
        )
        rows = [(_display.badge(f.severity, f.severity), f.component, f.message, f.fix) for f in self.findings]
        body = (
            _display.table(rows, ("severity", "component", "finding", "fix"), raw_columns=frozenset({0}))
            if rows
            else ""
        )
        return f"<div>{head}{body}</div>"


@dataclass(frozen=True)
class _Ctx:
    env: Environment
    local: bool  #: checking this machine (missing = not installed) vs a spec (missing = unknown)
    row: dict[str, Any] | None  #: the matrix row of the installed torch_tensorrt release

    @property
    def python(self) -> requires.PythonVersion | None:
        return requires.parse_python(self.env.python)

    @property
    def release(self) -> str | None:
        """The ``platform_release`` the target's markers see (a Jetson's ends in ``-tegra``); None when unknown."""
        return marker_release(self.env)


Rule = Callable[[_Ctx], Iterator[Finding]]
_RULES: list[Rule] = []


def rule(fn: Rule) -> Rule:
    _RULES.append(fn)
    return fn


#: How to supply each fact a check may miss: the flag of ``check`` and the key of a target spec.
SUPPLY: dict[str, str] = {
    "platform": 'pass --platform linux_x86_64 (or set "platform" in the spec)',
    "python": 'pass --python 3.12 (or set "python" in the spec)',
    "torch": 'set "torch" in the spec (e.g. "2.14.0+cu130"), or --upgrade torch==VERSION',
    "torchvision": 'set "torchvision" in the spec if the image installs it',
    "torch_tensorrt": 'set "torch_tensorrt": {"package": "torch-tensorrt", "version": "..."} in the spec, or '
    "--upgrade torch-tensorrt==VERSION",
    "tensorrt": 'set "tensorrt": {"package": "tensorrt-cu13", "version": "..."} in the spec, or '
    "--upgrade tensorrt-cu13==VERSION (pip freeze lists it)",
    "cuda": 'pass --cuda 13.0, or give torch with its +cuXXX tag (e.g. "2.14.0+cu130")',
    "driver": 'pass --driver 580.95.05 (or set "driver" in the spec; nvidia-smi prints it)',
    "gpu": 'pass --gpu H100 or --gpu 9.0 (repeatable), or set "gpus" in the spec',
}


def _unknown(component: str, what: str, *, deciding: bool = True, supply: str | None = None) -> Finding:
    """A fact that is missing: severity ``unknown`` when the verdict depends on it, else ``info``."""
    if deciding:
        return Finding(
            f"{component}-unknown",
            "unknown",
            component,
            f"{what} is unknown, and the verdict depends on it.",
            supply or SUPPLY.get(component, ""),
        )
    return Finding(f"{component}-unknown", "info", component, f"{what} is unknown, so it was not checked.")


def _unverified(row: dict[str, Any] | None, verified_key: str = "verified", source_key: str = "source") -> str:
    """`` (this rests on an unverified matrix row: SOURCE)`` for a curated row not yet checked against its source."""
    if row is None or row.get(verified_key, True):
        return ""
    return f" (this rests on an unverified matrix row: {row.get(source_key) or 'no source recorded'})"


def _unverified_note(row: dict[str, Any] | None, verified_key: str = "verified", source_key: str = "source") -> str:
    """`_unverified` as a sentence of its own, for a message that has already ended with a full stop."""
    if row is None or row.get(verified_key, True):
        return ""
    return f" This rests on an unverified matrix row: {row.get(source_key) or 'no source recorded'}."


_REFRESH = "`torchtrt-compat matrix --refresh` (it reads the registry through your pip configuration)"
_POSITION_TEXT = {
    "newer": "was released after the matrix snapshot ({snapshot}; the newest it knows is {newest}), so its "
    "requirements, wheels and CUDA build are unknown",
    "older": "is outside the releases the matrix covers ({scope}), so its requirements, wheels and CUDA build are "
    "unknown",
    "after": "was not on the registry at the matrix snapshot ({snapshot}), although it lies between releases the "
    "matrix knows: released after the snapshot, or a build of your own? Its requirements, wheels and CUDA build are "
    "unknown",
    "unlisted": "was not published on the registry as of the snapshot ({snapshot}; a source, nightly or vendor "
    "build), so its requirements, wheels and CUDA build are unknown",
    "uncovered": "is a distribution the matrix does not cover",
}
_POSITION_FIX = {
    "newer": f"released after the snapshot: refresh with {_REFRESH}, then check again; or check released versions "
    "the snapshot knows (`torchtrt-compat suggest` names a stack)",
    "older": "move to a covered release (`torchtrt-compat suggest` names the newest stack that fits)",
    "after": f"released after the snapshot: refresh with {_REFRESH}, then check again; a build of your own: check the "
    "registry release it was built from, knowing the verdict is then about that release",
    "unlisted": "check the registry release it was built from instead (e.g. 2.4.0 for 2.4.0a0+git...), knowing that "
    "the verdict is then about that release",
    "uncovered": "name a distribution the matrix covers (`torchtrt-compat matrix`)",
}


def _components(env: Environment) -> Iterator[tuple[str, str, str]]:
    """(component, distribution, version) of every package of the stack whose version is given."""
    if env.torch:
        yield "torch", "torch", env.torch
    if env.torchvision:
        yield "torchvision", "torchvision", env.torchvision
    if env.torch_tensorrt is not None and env.torch_tensorrt.version:
        yield "torch_tensorrt", env.torch_tensorrt.name, env.torch_tensorrt.version
    if env.tensorrt is not None and env.tensorrt.version:
        yield "tensorrt", env.tensorrt.name, env.tensorrt.version


@rule
def _releases_known(c: _Ctx) -> Iterator[Finding]:
    """Every release in the stack must be one the matrix records; any other is a deciding unknown."""
    for component, dist, version in _components(c.env):
        position = matrix.scope_position(dist, version)
        if position is None:
            continue
        if position == "unlisted" and _plain_release(version):
            position = "after"
        known = matrix.known_versions(dist)
        text = _POSITION_TEXT[position].format(
            newest=f"{dist} {known[-1]}" if known else "-",
            snapshot=matrix.snapshot_date(),
            scope=f"{dist}{matrix.coverage(dist)}" if matrix.coverage(dist) not in (None, "all") else dist,
        )
        yield Finding(
            f"{dist}-not-in-matrix", "unknown", component, f"{dist} {version} {text}.", _POSITION_FIX[position]
        )


def _plain_release(version: str) -> bool:
    """``2.14.2``: a final release number, which the registry may have published after the snapshot (not
    ``2.4.0a0+git...``, ``2.15.0.dev20251101``, ``2.5.0+nv24.08``)."""
    try:
        parsed = parse_version(version)
    except Exception:  # junk text is no release
        return False
    return not (parsed.is_prerelease or parsed.is_devrelease or parsed.local)


@rule
def _torch_tensorrt_present(c: _Ctx) -> Iterator[Finding]:
    if c.env.torch_tensorrt is not None:
        if c.env.torch_tensorrt.version is None:
            yield _unknown("torch_tensorrt", f"The version of {c.env.torch_tensorrt.name}")
        return
    if not c.local:
        yield _unknown("torch_tensorrt", "Which torch_tensorrt (and its version) the target runs")
        return
    yield Finding(
        "torch-tensorrt-missing", "error", "torch_tensorrt", "torch_tensorrt is not installed.", install_fix(c.env)
    )


@rule
def _torch_requirement(c: _Ctx) -> Iterator[Finding]:
    """torch_tensorrt's own ``Requires-Dist`` on torch (markers evaluated for the target), as pip reads it."""
    if c.row is None:
        return
    tt = c.env.torch_tensorrt
    if tt is None or tt.version is None:
        raise InternalError("a matrix row was found for a stack without torch_tensorrt")
    if c.env.torch is None:
        if c.local:
            fix = pip_install(f"torch{c.row['torch']}")
            yield Finding("torch-missing", "error", "torch", "torch is not installed.", fix)
        else:
            yield _unknown("torch", "The torch version")
        return
    record = matrix.release_info(tt.name, tt.version)
    if record is None:
        return
    ok, lines = requires.admits(record["requires_dist"], "torch", c.env.torch, c.env.platform, c.python, c.release)
    if ok is None:
        yield _depends(f"{tt.name} {tt.version}", lines, f"torch {c.env.torch}")
    elif not ok:
        need = lines[0].specifier
        fits = matrix.releases_for_torch(c.env.torch, tt.name)
        other = f", or keep torch and {pip_install(tt.name + '==' + fits[-1]['version'])}" if fits else ""
        yield Finding(
            "torch-version",
            "error",
            "torch",
            f"{tt.name} {tt.version} requires torch{need} (its Requires-Dist), found torch {c.env.torch}; pip "
            "refuses this pair.",
            pip_install(f"torch{need}") + other,
        )


def _depends(who: str, lines: list[requires.Need], what: str) -> Finding:
    """An ``unknown``: a requirement line refuses ``what`` on some platforms or Pythons, and the target does not
    say which it has."""
    return Finding(
        "requirement-marker-unknown",
        "unknown",
        "platform",
        f"{who} declares {'; '.join(n.text for n in lines)}: whether it refuses {what} depends on the platform or "
        "Python the target does not give.",
        SUPPLY["platform"] + "; " + SUPPLY["python"],
    )


@rule
def _torch_cuda_build(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    if env.torch is None:
        return
    if env.torch_cuda == "cpu":
        registry = "+" not in env.torch and torch_builds.registry_build(env.torch, env.platform, "cpu") is not None
        where = f" (the registry's {env.platform} wheel of torch {env.torch} is a CPU-only build)" if registry else ""
        yield Finding(
            "torch-cpu-only",
            "error",
            "torch",
            f"torch {env.torch} is a CPU-only build{where}; torch_tensorrt cannot load libtorchtrt.so with it, and no "
            "GPU runs its kernels.",
            _cuda_torch_fix(c),
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
        builds = {p: torch_builds.registry_build(env.torch, p) for p in requires.PLATFORM_MARKERS}
        known = {p: (b.get("cuda") or "CPU-only") for p, b in builds.items() if b is not None}
        supply = None
        if env.platform is None and known:
            kinds = "; ".join(f"{p}: {'CUDA ' + str(v) if v != 'CPU-only' else v}" for p, v in known.items())
            supply = SUPPLY["platform"] + f" (the registry's torch {env.torch} wheels: {kinds})"
        yield _unknown(
            "cuda", "torch's CUDA build", deciding=env.torch_tensorrt is not None or bool(env.gpus), supply=supply
        )
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


def _cuda_torch_fix(c: _Ctx) -> str:
    """How to get a CUDA build of torch on the target: the JetPack wheels on a Jetson; a registry release whose
    wheel for the platform is a CUDA build (and that torch_tensorrt admits); else PyTorch's own CUDA index."""
    env = c.env
    assert env.torch is not None
    public = env.torch.split("+")[0]
    jetson = jetson_row(env)
    if jetson is not None and not jetson["registry_wheels"]:
        return (
            f"install torch from NVIDIA's JetPack {jetson['jetpack']} wheels (CUDA {jetson['cuda']}) made for "
            f"{jetson['name']}: the registry's aarch64 torch wheels are CPU-only or server-Arm (SBSA) builds"
        )
    platform = env.platform or "linux_x86_64"
    admitted = (c.row or {}).get("torch") or ">=0"
    cuda_builds = [
        v
        for v in reversed(matrix.known_versions("torch"))
        if (b := matrix.torch_build(v, platform)) is not None and b.get("cuda") and satisfies(v, admitted)
    ]
    if public in cuda_builds and "+" in env.torch:
        return (
            f"pip install --force-reinstall 'torch=={public}' (the registry's {platform} wheel is the CUDA build; "
            "check that no find-links or index points pip at a +cpu wheel)"
        )
    if cuda_builds and cuda_builds[0] != public:
        build = matrix.torch_build(cuda_builds[0], platform) or {}
        registry = (
            f"pip install 'torch=={cuda_builds[0]}' (the registry's {platform} wheel of {cuda_builds[0]} is built for "
            f"CUDA {build.get('cuda')})"
        )
        return registry + f", or the CUDA build of torch {public} from PyTorch's own CUDA wheel index"
    return (
        f"install the CUDA build of torch {public} from PyTorch's own CUDA wheel index (it carries a +cuXXX tag): the "
        f"registry's {platform} torch wheels of this release are CPU-only"
    )


@rule
def _torchvision(c: _Ctx) -> Iterator[Finding]:
    """torchvision's own ``Requires-Dist`` on torch (``torch==2.14.0`` for 0.29.0, ``torch>=2.14.0`` for 0.29.1)."""
    env = c.env
    if env.torchvision is None or env.torch is None:
        if not c.local and env.torchvision is None:
            yield _unknown("torchvision", "The torchvision version", deciding=False)
        return
    record = matrix.release_info("torchvision", env.torchvision)
    if record is None:
        return  # an unknown torchvision is already an `unknown` finding; its requirement is not guessed
    ok, lines = requires.admits(record["requires_dist"], "torch", env.torch, env.platform, c.python, c.release)
    if ok is None:
        yield _depends(f"torchvision {env.torchvision}", lines, f"torch {env.torch}")
    elif not ok:
        need = lines[0].specifier
        fits = [
            v
            for v in matrix.known_versions("torchvision")
            if (info := matrix.release_info("torchvision", v)) is not None
            and requires.admits(info["requires_dist"], "torch", env.torch, env.platform, c.python, c.release)[0]
            and requires.python_admitted(info["requires_python"], c.python) is not False
        ]
        fix = pip_install(f"torchvision=={fits[-1]}") if fits else f"pip install 'torch{need}'"
        yield Finding(
            "torchvision-torch",
            "error",
            "torchvision",
            f"torchvision {env.torchvision} "
            + (f"is built for torch {need[2:]}: it " if need.startswith("==") and "," not in need else "")
            + f"requires torch{need} (its Requires-Dist), but torch is {env.torch}; pip refuses this pair.",
            fix,
        )


@rule
def _requires_python(c: _Ctx) -> Iterator[Finding]:
    """Every release's ``Requires-Python``, judged on the target's Python with its patch release (pip does so).

    One finding for all the releases that refuse the Python; none when torch_tensorrt has no wheel for that Python
    at all (``python-no-wheel`` already says the Python is wrong).
    """
    py = c.python
    if py is None:
        return
    if c.row is not None and c.env.platform is not None:
        if py.wheel_tag not in c.row.get("wheels", {}).get(c.env.platform, [py.wheel_tag]):
            return
    refused: list[str] = []
    depends: list[str] = []
    for _, dist, version in _components(c.env):
        record = matrix.release_info(dist, version)
        if record is None or not record.get("requires_python"):
            continue
        ok = requires.python_admitted(record["requires_python"], py)
        if ok is not True:
            (depends if ok is None else refused).append(f"{dist} {record['version']} ({record['requires_python']})")
    if refused:
        yield Finding(
            "python-requires",
            "error",
            "python",
            f"Requires-Python (registry metadata) refuses Python {c.env.python}: {', '.join(refused)}; pip will not "
            "install them.",
            "use a Python every listed Requires-Python admits (another patch release may do), or releases that "
            f"admit Python {c.env.python}",
        )
    elif depends:
        yield Finding(
            "python-patch-unknown",
            "unknown",
            "python",
            f"Whether pip installs {', '.join(depends)} depends on the patch release of Python {c.env.python}, which "
            "the target does not give.",
            f"pass the full Python version, e.g. --python {py.minor}.2 (python -V prints it), or set it in the spec "
            f'("python": "{py.minor}.2")',
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
        yield _unknown("platform", "The platform (wheels differ per platform)")
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
    tag = requires.wheel_python(env.python)
    if env.python is None:
        yield _unknown("python", "The Python version (wheels exist only for some)")
    elif env.platform is not None and tag not in wheels.get(env.platform, []):
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
def _stack_wheels(c: _Ctx) -> Iterator[Finding]:
    """torch and torchvision install only from a wheel (neither publishes a usable sdist): one for the target's
    platform and Python tag must exist (registry metadata). torch_tensorrt's own wheels are `_wheels`."""
    env, py = c.env, c.python
    if env.platform is None:
        return
    if c.row is not None:  # when torch_tensorrt has no wheel here, `_wheels` already says so, once
        tt_tags = c.row.get("wheels", {}).get(env.platform)
        if tt_tags is None or (py is not None and py.wheel_tag not in tt_tags):
            return
    for component, dist, version in _components(env):
        if component not in ("torch", "torchvision"):
            continue
        record = matrix.release_info(dist, version)
        if record is None or not record["wheels"] or record["sdist_only"]:
            continue
        tags = record["wheels"].get(env.platform)
        if tags is None:
            yield Finding(
                "platform-no-wheel",
                "error",
                component,
                f"{dist} {record['version']} publishes no wheel for {env.platform} (only "
                f"{', '.join(sorted(record['wheels']))}).",
                f"pick a {dist} release with {env.platform} wheels "
                f"(`torchtrt-compat suggest --platform {env.platform}`)",
            )
        elif py is not None and py.wheel_tag not in tags and "py3" not in tags:
            yield Finding(
                "python-no-wheel",
                "error",
                component,
                f"{dist} {record['version']} has no wheel for Python {env.python} on {env.platform} (wheels exist "
                f"for {', '.join(tags)}).",
                f"use Python {' / '.join(tags)}",
            )


@rule
def _tensorrt(c: _Ctx) -> Iterator[Finding]:
    if c.row is None:
        trt = c.env.tensorrt
        if trt is not None and trt.version is None:
            yield _unknown("tensorrt", f"The version of {trt.name}")
        elif trt is None and c.env.torch_tensorrt is not None and not c.local:
            yield _unknown("tensorrt", "Which TensorRT the target runs")
        return
    env, row = c.env, c.row
    tt = env.torch_tensorrt
    if tt is None:
        raise InternalError("a matrix row was found for a stack without torch_tensorrt")
    requirement: str | None = row["tensorrt"].get(env.platform or "linux_x86_64")
    tegra = _tegra_requirements(c, tt.name, tt.version or "")
    if tegra is not None:
        requirement = tegra[0] if tegra else None
    if env.tensorrt is None:
        if c.local:
            yield Finding(
                "tensorrt-missing",
                "error",
                "tensorrt",
                f"{tt.name} is installed but no TensorRT{'-RTX' if row['flavour'] == 'tensorrt-rtx' else ''} is.",
                pip_install(requirement) if requirement else f"pip install {row['flavour']}",
            )
        else:
            need = f" ({tt.name} {tt.version} needs {requirement})" if requirement else ""
            dist = normalise_dist(split_requirement(requirement)[0]) if requirement else row["flavour"]
            yield _unknown(
                "tensorrt",
                f"Which TensorRT the target runs{need}" + _unverified(row, "tensorrt_verified", "tensorrt_source"),
                supply=f'set "tensorrt": {{"package": "{dist}", "version": "..."}} in the spec, or --upgrade '
                f"{dist}==VERSION (pip freeze lists it)",
            )
        return
    flavour = env.flavour
    if flavour != row["flavour"]:
        yield Finding(
            "tensorrt-flavour",
            "error",
            "tensorrt",
            f"{tt.name} needs {row['flavour']}, but {env.tensorrt.name} ({flavour}) is what is installed.",
            pip_install(requirement) if requirement else f"pip install {row['flavour']}",
        )
        return
    if tegra is not None:
        requirement = next(
            (t for t in tegra if normalise_dist(split_requirement(t)[0]) == env.tensorrt.name), requirement
        )
    else:
        requirement = _requirement_for(row, env.platform or "linux_x86_64", env.tensorrt.name) or requirement
    if env.tensorrt.version is None:
        need = f" ({tt.name} {tt.version} needs {requirement})" if requirement else ""
        yield _unknown("tensorrt", f"The version of {env.tensorrt.name}{need}")
    elif requirement:
        spec = split_requirement(requirement)[1]
        if spec and not satisfies(env.tensorrt.version, spec):
            yield Finding(
                "tensorrt-version",
                "error",
                "tensorrt",
                f"{tt.name} {tt.version} requires {requirement}, found {env.tensorrt.name} {env.tensorrt.version}."
                + _unverified_note(row, "tensorrt_verified", "tensorrt_source"),
                pip_install(requirement),
            )
    yield from _tensorrt_cuda_major(env, requirement)


def _tensorrt_cuda_major(env: Environment, requirement: str | None) -> Iterator[Finding]:
    """The installed TensorRT (a -cuXX build, or a meta package through the build it pulls) against torch's CUDA."""
    assert env.tensorrt is not None
    info = tensorrt_dist_info(env.tensorrt.name)
    trt_cuda = info[1] if info else None
    if trt_cuda and env.torch_cuda not in (None, "cpu", "rocm") and trt_cuda != major(env.torch_cuda):
        yield Finding(
            "tensorrt-cuda-major",
            "error",
            "tensorrt",
            f"{env.tensorrt.name} is the CUDA {trt_cuda} build but torch runs CUDA {env.torch_cuda}.",
            f"pip install {env.tensorrt.name.replace('-cu' + trt_cuda, '-cu' + major(env.torch_cuda))}",
        )
    elif trt_cuda is None and env.tensorrt.version and env.torch_cuda not in (None, "cpu", "rocm"):
        # a meta package (tensorrt, tensorrt-rtx): its own Requires-Dist names the -cuXX build it installs
        pulled = matrix.meta_cuda_major(env.tensorrt.name, env.tensorrt.version)
        if pulled is not None and pulled != major(env.torch_cuda):
            spec = split_requirement(requirement)[1] if requirement else ""
            same = [
                v
                for v in matrix.known_versions(env.tensorrt.name)
                if (not spec or satisfies(v, spec))
                and matrix.meta_cuda_major(env.tensorrt.name, v) == major(env.torch_cuda)
            ]
            fix = (
                pip_install(f"{env.tensorrt.name}=={same[-1]}")
                + f" (it installs the CUDA {major(env.torch_cuda)} build)"
                if same
                else f"install torch's CUDA {pulled}.x build, or a torch_tensorrt release built for CUDA "
                f"{major(env.torch_cuda)} (`torchtrt-compat suggest`)"
            )
            yield Finding(
                "tensorrt-cuda-major",
                "error",
                "tensorrt",
                f"{env.tensorrt.name} {env.tensorrt.version} installs its CUDA {pulled} build (registry metadata: "
                f"{env.tensorrt.name}-cu{pulled}) but torch runs CUDA {env.torch_cuda}.",
                fix,
            )


def _pinned(env: Environment) -> dict[str, str]:
    """Every distribution of the stack with its version: torch, torchvision, torch_tensorrt and each TensorRT one."""
    pins = {dist: version.split("+")[0] for _, dist, version in _components(env)}
    for package in env.tensorrt_dists:
        if package.version:
            pins.setdefault(package.name, package.version)
    return pins


def _implied(pins: dict[str, str], c: _Ctx) -> dict[str, tuple[str, str]]:
    """TensorRT distributions the pinned ones install with an exact pin of their own (``tensorrt 11.0.0.114``
    requires ``tensorrt_cu13==11.0.0.114``, which requires ``tensorrt_cu13_libs==11.0.0.114``): name -> (version,
    the distribution that pins it)."""
    implied: dict[str, tuple[str, str]] = {}
    pending = list(pins.items())
    while pending:
        dist, version = pending.pop()
        record = matrix.release_info(dist, version)
        if record is None or tensorrt_dist_info(dist) is None:
            continue
        for text in record["requires_dist"]:
            name, spec = split_requirement(text)
            name = normalise_dist(name)
            exact = re.fullmatch(r"\s*===?\s*([\w.!+-]+)\s*", spec)
            if exact is None or name in pins or name in implied or tensorrt_dist_info(name) is None:
                continue
            if any(n.applies for n in requires.needs([text], name, c.env.platform, c.python, c.release)):
                implied[name] = (exact.group(1), f"{dist} {version}")
                pending.append((name, exact.group(1)))
    return implied


#: (requiring, required) pairs another rule judges already
_JUDGED_ELSEWHERE = {("torchvision", "torch")}


@rule
def _every_pin(c: _Ctx) -> Iterator[Finding]:
    """Every pinned distribution's ``Requires-Dist`` against every other pinned one (and the TensorRT parts the pins
    install), markers evaluated for the target, as pip's resolver judges the set: a ``tensorrt_cu13_libs`` pin that
    ``tensorrt_cu13`` does not admit is refused even when the pin torch_tensorrt loads is right."""
    env = c.env
    pins = _pinned(env)
    implied = _implied(pins, c)
    versions = {**pins, **{name: v for name, (v, _) in implied.items()}}
    skip = set(_JUDGED_ELSEWHERE)
    if env.torch_tensorrt is not None:
        skip.add((env.torch_tensorrt.name, "torch"))
        if env.tensorrt is not None and c.row is not None:
            skip.add((env.torch_tensorrt.name, env.tensorrt.name))
    judged: dict[tuple[str, str], tuple[bool | None, list[requires.Need]]] = {}
    for dist, version in versions.items():
        record = matrix.release_info(dist, version)
        if record is None:
            continue
        for other, other_version in versions.items():
            if other != dist:
                judged[(dist, other)] = requires.admits(
                    record["requires_dist"], other, other_version, env.platform, c.python, c.release
                )
    # a part installed by a pin that is refused already: that refusal is the finding, not what the part then lacks
    refused = {other for (dist, other), (ok, _) in judged.items() if ok is False and dist in pins and other in pins}
    for (dist, other), (ok, lines) in judged.items():
        if ok is True or (dist, other) in skip:
            continue
        if any(implied[name][1].split(" ")[0] in refused for name in (dist, other) if name in implied):
            continue
        version, other_version = versions[dist], versions[other]
        if ok is None:
            yield _depends(f"{dist} {version}", lines, f"{other} {other_version}")
            continue
        need = lines[0].specifier
        via = f" (installed by {implied[other][1]})" if other in implied else ""
        by = f" (installed by {implied[dist][1]})" if dist in implied else ""
        best = [v for v in matrix.known_versions(other) if satisfies(v, need)] if need else []
        fix = (
            f"pin {other}=={best[-1]} (a version {dist} {version} admits: {need})"
            if best
            else f"pin {other} to a version {dist} {version} admits ({need})"
        )
        yield Finding(
            "pins-conflict",
            "error",
            "tensorrt" if tensorrt_dist_info(other) else other,
            f"{dist} {version}{by} requires {other}{need} (its Requires-Dist), found {other} {other_version}"
            f"{via}; pip refuses this set.",
            fix,
        )


def _tegra_requirements(c: _Ctx, dist: str, version: str) -> list[str] | None:
    """On a Jetson (``tegra`` in the platform release), the TensorRT requirements of torch_tensorrt's
    ``Requires-Dist`` whose markers hold there, meta package first; None elsewhere (the matrix row, made for hosts
    that are not Jetsons, applies)."""
    if "tegra" not in (c.release or ""):
        return None
    record = matrix.release_info(dist, version)
    if record is None:
        return None
    found = []
    for text in record["requires_dist"]:
        name = normalise_dist(split_requirement(text)[0])
        if tensorrt_dist_info(name) is None:
            continue
        for need in requires.needs([text], name, c.env.platform, c.python, c.release):
            if need.applies:
                found.append((0 if name in ("tensorrt", "tensorrt-rtx") else 1, f"{name}{need.specifier}"))
    return [text for _, text in sorted(found)]


def _requirement_for(row: dict[str, Any], platform: str, dist: str) -> str | None:
    """The wheel's own requirement on ``dist`` (e.g. ``tensorrt-cu13>=10.14.1,!=10.14.1.48``), if it names it."""
    for text in row.get("tensorrt_requires", {}).get(platform, []):
        if normalise_dist(split_requirement(text)[0]) == dist:
            return text
    return None


@rule
def _driver(c: _Ctx) -> Iterator[Finding]:
    env = c.env
    cuda = env.torch_cuda if env.torch_cuda not in (None, "cpu", "rocm") else None
    if cuda is None:
        return
    jetson = jetson_row(env)
    if jetson is not None:  # JetPack brings the driver, and with it the newest CUDA it runs
        if major(cuda) > major(str(jetson["cuda"])):
            yield Finding(
                "jetson-cuda",
                "error",
                "cuda",
                f"{jetson['name']} runs JetPack {jetson['jetpack']}, whose driver runs CUDA {jetson['cuda']}; torch "
                f"{env.torch} is built for CUDA {cuda}.",
                f"install NVIDIA's JetPack {jetson['jetpack']} builds of torch and torch_tensorrt (CUDA "
                f"{jetson['cuda']})",
            )
        return
    if env.driver is None:
        if env.gpus or (env.gpus is None and not c.local):
            yield _unknown("driver", "The NVIDIA driver version")
        return
    row = matrix.driver_row(major(cuda))
    if row is None:
        yield _unknown("driver", f"The driver a CUDA {major(cuda)}.x build needs (no matrix row)")
        return
    need = matrix.driver_minimum(major(cuda), env.platform)
    if need is None and env.platform is not None:
        yield _unknown("driver", f"The driver minimum of CUDA {major(cuda)}.x on {env.platform} (the matrix has none)")
    elif need and not satisfies(env.driver, f">={need}"):
        yield Finding(
            "driver-too-old",
            "error",
            "driver",
            f"CUDA {cuda} needs NVIDIA driver >= {need}, found {env.driver}." + _unverified_note(row),
            f"upgrade the driver to >= {need}, or move the whole stack to releases built for CUDA "
            f"{int(major(cuda)) - 1}.x (torch, torch_tensorrt and TensorRT; see `torchtrt-compat matrix`)",
        )


@rule
def _driver_per_gpu(c: _Ctx) -> Iterator[Finding]:
    """Each GPU's architecture against the driver: NVIDIA's minimum driver for it, and the last driver branch that
    supports it (R580 for Maxwell, Pascal and Volta). Jetsons run JetPack's driver and are not judged here."""
    env = c.env
    if env.driver is None or not env.gpus:
        return
    try:
        branch = int(env.driver.split(".")[0])
    except ValueError:
        return
    windows = (env.platform or "").startswith("win")
    seen: set[str] = set()
    for i, gpu in enumerate(env.gpus):
        cc = gpu.compute_capability
        if cc is None or cc in seen or matrix.jetson(cc) is not None:
            continue
        seen.add(cc)
        row = matrix.driver_support(cc)
        if row is None:
            continue
        name = f"GPU {i} ({gpu.name or 'compute capability ' + cc}, {describe_cc(cc)})"
        last, dropped = row.get("last_branch"), row.get("dropped_in")
        if last is not None and dropped is not None and branch >= int(dropped):
            yield Finding(
                "driver-dropped-gpu",
                "error",
                "driver",
                f"{name}: NVIDIA driver {env.driver} (branch R{branch}) no longer supports {row['architecture']}; "
                f"R{last} is the last branch that does ({row['last_branch_source']}).",
                f"install an R{last} driver (nvidia-driver-{last}), or deploy on a GPU the newer branch supports",
            )
            continue
        if env.platform is None:
            needs = [v for v in (row.get("linux"), row.get("windows")) if v]
            need = min(needs, key=parse_version) if needs else None
        else:
            need = row.get("windows" if windows else "linux")
        if need and not satisfies(env.driver, f">={need}"):
            yield Finding(
                "driver-too-old-for-gpu",
                "error",
                "driver",
                f"{name} needs NVIDIA driver >= {need}, found {env.driver} ({row['source']}).{_unverified_note(row)}",
                f"upgrade the driver to >= {need}",
            )


@rule
def _torch_gpu_code(c: _Ctx) -> Iterator[Finding]:
    """Each GPU against the GPU code of the torch build: a build without code for a GPU fails every kernel there
    ("no kernel image is available for execution on the device")."""
    env = c.env
    if not env.gpus or env.torch is None or env.torch_cuda in (None, "cpu", "rocm"):
        return
    jetson = jetson_row(env)
    if jetson is not None and not env.torch_arch:
        registry = torch_builds.registry_build(env.torch, "linux_aarch64", env.torch_cuda)
        if registry is not None and not jetson["registry_wheels"]:
            yield Finding(
                "jetson-needs-jetpack-torch",
                "error",
                "torch",
                f"torch {env.torch} is the registry's aarch64 wheel, a server-Arm (SBSA) CUDA {env.torch_cuda} build; "
                f"{jetson['name']} runs JetPack {jetson['jetpack']} (CUDA {jetson['cuda']}), whose integrated GPU "
                "needs NVIDIA's JetPack builds.",
                _cuda_torch_fix(c),
            )
            return
        if registry is None:
            yield Finding(
                "torch-jetpack-build",
                "info",
                "torch",
                f"torch {env.torch} is not a registry wheel: taken as NVIDIA's JetPack build for {jetson['name']}, "
                "made for its GPU (run `torchtrt-compat env --json` on the device to check its GPU code).",
            )
            return
    unknown: list[str] = []
    for i, gpu in enumerate(env.gpus):
        cc = gpu.compute_capability
        if cc is None:
            continue
        judged = torch_builds.judge(env, cc)
        if judged is None:
            return
        name = f"GPU {i} ({gpu.name or 'compute capability ' + cc}, {describe_cc(cc)})"
        if judged.runs is False:
            yield Finding(
                "torch-no-gpu-code",
                "error",
                "torch",
                f"{name}: torch {env.torch} has no GPU code for it ({judged.reason}), so every CUDA kernel fails there "
                "with 'no kernel image is available for execution on the device'.",
                _gpu_code_fix(c, cc),
            )
        elif judged.runs is None:
            unknown.append(f"{name}: {judged.reason}")
        elif judged.ptx_only:
            yield Finding(
                "torch-ptx-only",
                "warning",
                "torch",
                f"{name}: torch {env.torch} has no binary for it, only PTX ({judged.code}), which the driver compiles "
                "when each kernel first loads: slow first calls, and kernels shipped as binaries only are missing.",
                _gpu_code_fix(c, cc),
            )
        elif judged.inferred:
            yield Finding(
                "torch-gpu-code-inferred",
                "info",
                "torch",
                f"{name}: torch {env.torch} is not a registry wheel; {judged.reason}, all with code for it.",
            )
    if unknown:
        yield Finding(
            "torch-gpu-code-unknown",
            "unknown",
            "torch",
            "Which GPUs this torch build can drive is unknown: " + "; ".join(unknown) + ".",
            "run `torchtrt-compat env --json` on the host (it reads the installed torch's GPU code) and check that, "
            "or use a registry torch release",
        )


def _gpu_code_fix(c: _Ctx, cc: str) -> str:
    """A torch whose build carries code for ``cc``: a registry release torch_tensorrt admits; for a GPU newer than
    the build, a build for the CUDA toolkit that first compiles for it."""
    env = c.env
    platform = env.platform or "linux_x86_64"
    admitted = (c.row or {}).get("torch")
    fits = [(v, b) for v, b in torch_builds.builds_for(cc, platform) if not admitted or satisfies(v, admitted)]
    facts = torch_builds.build_code(env)
    newest = torch_builds.newest_code(facts.arch) if facts and facts.arch else None
    toolkit = torch_builds.first_toolkit(cc)
    public = (env.torch or "").split("+")[0]
    newer_gpu = newest is None or torch_builds.cc_key(cc) > torch_builds.cc_key(newest)
    other = (
        f"a build of torch {public} for CUDA {toolkit} or newer from PyTorch's own index"
        if toolkit and newer_gpu
        else ""
    )
    if fits:
        version, build = fits[0]
        registry = (
            f"pip install 'torch=={version}' (the registry's {platform} wheel is a {build['variant']} build with "
            f"code for {cc})"
        )
        return registry + (f", or {other}" if other else "")
    if other:
        return "install " + other
    return (
        f"use a torch build that carries code for compute capability {cc} (none of the registry's {platform} torch "
        "wheels that torch_tensorrt admits does), or deploy on another GPU"
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
    row = matrix.gpu_support(flavour, env.tensorrt_version)
    if row is None:
        yield Finding(
            "gpu-support-unknown",
            "unknown",
            "gpu",
            f"The matrix has no GPU-architecture row for {flavour} {env.tensorrt_version or ''}".rstrip()
            + "; compute capabilities were not checked.",
            "upgrade torchtrt-compat or run tools/refresh_matrix.py",
        )
        return
    judged = False
    for i, gpu in enumerate(env.gpus):
        if gpu.compute_capability is None:
            yield _unknown("gpu", f"The compute capability of GPU {i} ({gpu.name})")
            continue
        judged = True
        advice = gpu_advice(flavour, env.tensorrt_version, gpu.compute_capability)
        if advice is not None:
            reason, fix = advice
            yield Finding(
                "gpu-unsupported", "error", "gpu", f"GPU {i} ({gpu.name}): {reason}.{_unverified_note(row)}", fix
            )
    if judged and not row.get("verified", True):
        yield Finding(
            "gpu-support-unverified",
            "info",
            "gpu",
            f"The GPU architectures of {flavour} {env.tensorrt_version or ''}".rstrip()
            + f" come from an unverified matrix row ({row.get('source')}).",
        )


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


def _context(env: Environment, local: bool | None = None) -> _Ctx:
    if local is None:
        local = env.installed
    row = None
    if env.torch_tensorrt is not None and env.torch_tensorrt.version is not None:
        row, exact = matrix.find_release(env.torch_tensorrt.name, env.torch_tensorrt.version)
        if not exact:
            row = None  # a release the matrix does not know: its pins are not guessed from a neighbour
    return _Ctx(env, local, row)


def check_environment(env: Environment, *, local: bool | None = None) -> CheckReport:
    """Run every rule over ``env``. ``local``: missing packages are missing (this machine) rather than unknown (a
    described target); by default, true when ``env.source`` is ``"this machine"``."""
    ctx = _context(env, local)
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
        env = load_spec(target)
    return check_environment(env)
