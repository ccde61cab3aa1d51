"""``suggest``: the newest torch, torchvision, torch-tensorrt(-rtx) and TensorRT(-RTX) set that works on a target.

The search walks the matrix's torch_tensorrt releases newest first and, for each, takes the newest torch its wheel
admits, the torchvision release pinned to that torch, and the newest TensorRT its wheel admits that runs on every
given GPU, within the driver's CUDA reach, with wheels for the platform and Python. The set is then checked by the
checker itself, so a suggestion is never one ``check`` would reject. Software choices left open (Python, platform)
are made and said; hardware facts left open (GPUs, driver) are not invented: the spec leaves them out and the "why"
lines name what the set needs.

When nothing fits, `suggest` relaxes one constraint at a time and names the smallest change that makes a set fit
(e.g. the driver version needed, a Python that has wheels, the other flavour).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._errors import UsageError
from ..env import normalise_dist
from ..ux import display as _display
from ..versions import major, parse_version, satisfies, split_requirement
from . import matrix, torch_builds
from .advice import describe_cc
from .requires import wheel_python
from .rules import CheckReport, check_environment
from .target import PLATFORMS, from_spec, normalise_python, parse_gpu

FLAVOUR_SPELLINGS = {"trt": "tensorrt", "rtx": "tensorrt-rtx", "tensorrt": "tensorrt", "tensorrt-rtx": "tensorrt-rtx"}
DEFAULT_PLATFORM = "linux_x86_64"


@dataclass
class Suggestion:
    """The suggested set (``spec``, a target spec `check --target` accepts as is), its ``pip`` line, a
    ``constraints`` file and one ``why`` line per choice; or, when nothing fits, ``spec`` None and ``change``, the
    smallest change that makes something fit."""

    spec: dict[str, Any] | None
    pip: str | None
    constraints: str | None
    why: list[str] = field(default_factory=list)
    change: str | None = None
    report: CheckReport | None = None

    @property
    def fits(self) -> bool:
        return self.spec is not None

    @property
    def exit_code(self) -> int:
        """0 a set was found, 1 nothing fits."""
        return 0 if self.fits else 1

    def to_dict(self) -> dict[str, Any]:
        """``{"spec", "pip", "constraints", "why"}`` (+ ``change`` when nothing fits): ``suggest --json``."""
        data: dict[str, Any] = {"spec": self.spec, "pip": self.pip, "constraints": self.constraints, "why": self.why}
        if self.change is not None:
            data["change"] = self.change
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def __str__(self) -> str:
        if not self.fits:
            return "\n".join(
                ["nothing fits these constraints", *[f"  - {w}" for w in self.why], f"change: {self.change}"]
            )
        lines = [self.pip or "", "", "why:"]
        lines += [f"  - {w}" for w in self.why]
        lines += ["", "constraints.txt:", *[f"  {c}" for c in (self.constraints or "").splitlines()]]
        return "\n".join(lines)

    def __repr__(self) -> str:
        if not self.fits:
            return f"Suggestion(nothing fits)\n  change: {_display.short(self.change or '', 90)}"
        return f"Suggestion({_display.short(self.pip or '', 100)})"

    def _repr_html_(self) -> str:
        if not self.fits:
            return (
                "<div>"
                + _display.badge("nothing fits", "error")
                + _display.bullet_list(self.why)
                + _display.key_values([("smallest change", self.change or "")])
                + "</div>"
            )
        return (
            "<div>"
            + _display.badge("suggested", "ok")
            + _display.key_values([("pip", self.pip or "")])
            + _display.section("Why", _display.bullet_list(self.why))
            + "</div>"
        )


@dataclass(frozen=True)
class _Want:
    ccs: tuple[str, ...]
    gpu_names: tuple[str | None, ...]
    driver: str | None
    python: str | None
    platform: str | None
    flavours: tuple[str, ...]


@functools.lru_cache(maxsize=4096)
def _tags_ok(dist: str, version: str, platform: str, python: str) -> bool:
    """Does ``dist==version`` install on ``platform`` / ``python``? sdist-only meta packages defer to their
    ``-bindings`` (full TensorRT) or their ``-cuXX`` parts' wheels; a release with no wheel facts at all is not."""
    info = matrix.release_info(dist, version)
    if info is None or info["yanked"]:
        return False
    wheels: dict[str, list[str]] = info["wheels"]
    if wheels:
        tags = wheels.get(platform, [])
        return python in tags or "py3" in tags
    return info["sdist_only"]


@functools.lru_cache(maxsize=4096)
def _tensorrt_ok(dist: str, version: str, platform: str, python: str) -> bool:
    if not _tags_ok(dist, version, platform, python):
        return False
    info = matrix.release_info(dist, version)
    if info is not None and info["wheels"]:
        return True
    # an sdist-only package: its parts must have wheels for this platform and Python
    for req in info["requires_dist"] if info else []:
        part = normalise_dist(split_requirement(req)[0])
        if matrix.is_known(part, version) and not _tensorrt_ok(part, version, platform, python):
            return False
    bindings = f"{dist}-bindings"
    if matrix.is_known(bindings, version):
        return _tags_ok(bindings, version, platform, python)
    return True


def _stable(version: str) -> bool:
    parsed = parse_version(version)
    return not (parsed.is_prerelease or parsed.is_devrelease)


def _torch_choices(row: dict[str, Any], platform: str, python: str) -> tuple[tuple[str, str], ...]:
    """(torch version as written in the spec, CUDA build) newest first, whose CUDA major matches the row's."""
    return _torch_choices_cached(row["torch"] or ">=0", row.get("cuda"), platform, python)


@functools.lru_cache(maxsize=1024)
def _torch_choices_cached(
    admitted: str, row_cuda: str | None, platform: str, python: str
) -> tuple[tuple[str, str], ...]:
    return tuple(_torch_choices_iter(admitted, row_cuda, platform, python))


def _torch_choices_iter(admitted: str, row_cuda: str | None, platform: str, python: str) -> Iterator[tuple[str, str]]:
    want_major = major(row_cuda) if row_cuda else None
    for version in reversed(matrix.known_versions("torch")):
        if not _stable(version) or not satisfies(version, admitted):
            continue
        if not _tags_ok("torch", version, platform, python):
            continue
        info = matrix.release_info("torch", version) or {}
        cuda = (info.get("cuda_by_platform") or {}).get(platform)
        if cuda and (want_major is None or major(cuda) == want_major):
            yield version, str(cuda)
        elif cuda is None and platform == "win_amd64":
            # the registry's Windows torch is CPU-only; PyTorch's own index serves the CUDA build of the Linux wheel
            linux = (info.get("cuda_by_platform") or {}).get("linux_x86_64")
            if linux and (want_major is None or major(linux) == want_major):
                tag = "cu" + str(linux).replace(".", "")
                yield f"{version}+{tag}", str(linux)


def _torch_runs_on(torch: str, platform: str, ccs: Sequence[str]) -> bool:
    """Does the registry build of ``torch`` (for a ``+cuXXX`` Windows choice: the Linux build of that variant) carry
    code for every GPU?"""
    build = matrix.torch_build(torch.split("+")[0], "linux_x86_64" if "+" in torch else platform)
    arch = build.get("arch") if build else None
    return arch is None or all(torch_builds.runs_on(arch, cc) is not None for cc in ccs)


@functools.lru_cache(maxsize=4096)
def _torchvision_for(torch: str, platform: str, python: str) -> str | None:
    public = str(parse_version(torch))
    want = matrix.torchvision_minor_for_torch(public)
    for row in matrix.torchvision_pairs():
        if row["torchvision"] != want:
            continue
        for version, requirement in sorted(row["releases"].items(), key=lambda kv: parse_version(kv[0]), reverse=True):
            spec = split_requirement(requirement)[1] if requirement else ""
            if (not spec or satisfies(public, spec)) and _tags_ok("torchvision", version, platform, python):
                return version
    return None


def _tensorrt_for(row: dict[str, Any], platform: str, python: str, ccs: Sequence[str]) -> tuple[str, str] | None:
    return _tensorrt_for_cached(row["package"], row["version"], platform, python, tuple(ccs))


@functools.lru_cache(maxsize=4096)
def _tensorrt_for_cached(
    package: str, version_: str, platform: str, python: str, ccs: tuple[str, ...]
) -> tuple[str, str] | None:
    row, _ = matrix.find_release(package, version_)
    if row is None:
        return None
    requirement = row["tensorrt"].get(platform)
    if not requirement:
        return None
    name, admitted = split_requirement(requirement)
    dist = normalise_dist(name)
    extra = [
        split_requirement(t)[1]
        for t in row.get("tensorrt_requires", {}).get(platform, [])
        if normalise_dist(split_requirement(t)[0]) == dist
    ]
    for version in reversed(matrix.known_versions(dist)):
        if not _stable(version) or not satisfies(version, admitted or ">=0"):
            continue
        if any(s and not satisfies(version, s) for s in extra):
            continue
        pulled = matrix.meta_cuda_major(dist, version)
        if pulled is not None and row.get("cuda") and pulled != major(row["cuda"]):
            continue  # a meta package that would install the other CUDA major's TensorRT
        supported = matrix.compute_capabilities(row["flavour"], version)
        if supported is None or any(cc not in supported for cc in ccs):
            continue
        if _tensorrt_ok(dist, version, platform, python):
            return dist, version
    return None


def _candidates(want: _Want) -> Iterator[dict[str, Any]]:
    """Target specs that fit ``want``, best first (newest torch_tensorrt, newest Python)."""
    rows = [
        r for r in matrix.releases() if r["flavour"] in want.flavours and matrix.is_known(r["package"], r["version"])
    ]
    rows.sort(key=lambda r: (parse_version(r["version"]), r["flavour"] == "tensorrt"), reverse=True)
    platforms = [want.platform] if want.platform else [DEFAULT_PLATFORM]
    for row in rows:
        for platform in platforms:
            pythons = row.get("wheels", {}).get(platform, [])
            if want.python is not None:
                pythons = [p for p in pythons if p == wheel_python(want.python)]
            for python in sorted(pythons, key=lambda p: parse_version(p.rstrip("t")), reverse=True):
                spec = _spec_for(row, platform, python, want)
                if spec is not None:
                    if want.python is not None:
                        spec["python"] = want.python  # checked with its patch release (Requires-Python)
                    yield spec


def _spec_for(row: dict[str, Any], platform: str, python: str, want: _Want) -> dict[str, Any] | None:
    if not _tags_ok(row["package"], row["version"], platform, python):
        return None
    trt = _tensorrt_for(row, platform, python, want.ccs)
    if trt is None:
        return None
    for torch, cuda in _torch_choices(row, platform, python):
        if not _torch_runs_on(torch, platform, want.ccs):
            continue
        need = matrix.driver_minimum(major(cuda), platform)
        if need is None:
            continue
        if want.driver is not None and not satisfies(want.driver, f">={need}"):
            continue
        torchvision = _torchvision_for(torch, platform, python)
        if torchvision is None:
            continue
        spec: dict[str, Any] = {
            "platform": platform,
            "python": python,
            "torch": torch,
            "torchvision": torchvision,
            "torch_tensorrt": {"package": row["package"], "version": row["version"]},
            "tensorrt": {"package": trt[0], "version": trt[1]},
        }
        if want.driver is not None:
            spec["driver"] = want.driver
        if want.ccs:
            spec["gpus"] = [
                {"name": name, "compute_capability": cc} for name, cc in zip(want.gpu_names, want.ccs, strict=True)
            ]
        return spec
    return None


def _first_fit(want: _Want) -> tuple[dict[str, Any], CheckReport] | None:
    for spec in _candidates(want):
        report = check_environment(from_spec(spec, origin="suggested target"), local=False)
        hardware_open = {"gpu-unknown", "driver-unknown"}
        if report.verdict == "compatible" or (
            report.verdict == "unknown" and {f.code for f in report.by_severity("unknown")} <= hardware_open
        ):
            return spec, report
    return None


def _why(spec: dict[str, Any], want: _Want) -> list[str]:
    tt, trt = spec["torch_tensorrt"], spec["tensorrt"]
    row, _ = matrix.find_release(tt["package"], tt["version"])
    assert row is not None
    cuda_info = matrix.release_info("torch", spec["torch"]) or {}
    cuda = cuda_info.get("cuda_by_platform", {}).get(spec["platform"]) or cuda_info.get("cuda")
    need = matrix.driver_minimum(major(str(cuda)), spec["platform"]) if cuda else None
    gpus = ", ".join(describe_cc(cc) for cc in want.ccs)
    why = [
        f"{tt['package']}=={tt['version']}: the newest release"
        + (f" whose TensorRT runs on {gpus}" if want.ccs else "")
        + f" with a {spec['platform']} wheel for Python {spec['python']}"
        + (f" within driver {want.driver}" if want.driver else ""),
        f"torch=={spec['torch']}: the newest torch {tt['package']} {tt['version']} admits ({row['torch']}), "
        f"built for CUDA {cuda}"
        + (
            " (from PyTorch's own CUDA wheel index: the registry's Windows torch is CPU-only)"
            if "+cu" in spec["torch"]
            else ""
        ),
        f"torchvision=={spec['torchvision']}: the torchvision release built for torch {spec['torch'].split('+')[0]}",
        f"{trt['package']}=={trt['version']}: the newest {trt['package']} that {tt['package']} {tt['version']} admits "
        f"({row['tensorrt'].get(spec['platform'])})"
        + (f" and that supports compute capability {', '.join(want.ccs)}" if want.ccs else ""),
    ]
    if want.python is None:
        why.append(f"python {spec['python']}: the newest Python with wheels for all four (pass --python to choose)")
    if want.platform is None:
        why.append(f"platform {spec['platform']}: assumed (pass --platform linux_aarch64 or win_amd64 to choose)")
    if want.driver is None and need:
        why.append(
            f"driver: not given; this set needs NVIDIA driver >= {need} (CUDA {major(str(cuda))}.x); pass --driver "
            "so that check can confirm it"
        )
    elif need:
        why.append(f"driver {want.driver}: meets the CUDA {major(str(cuda))}.x minimum {need}")
    if not want.ccs:
        why.append("GPUs: not given; pass --gpu NAME|CC so that the TensorRT chosen is one that runs on them")
    return why


def _pip_and_constraints(spec: dict[str, Any]) -> tuple[str, str]:
    pins = [
        f"torch=={spec['torch']}",
        f"torchvision=={spec['torchvision']}",
        f"{spec['torch_tensorrt']['package']}=={spec['torch_tensorrt']['version']}",
        f"{spec['tensorrt']['package']}=={spec['tensorrt']['version']}",
    ]
    pip = "pip install " + " ".join(f"'{p}'" if "+" in p else p for p in pins)
    if any("+cu" in p for p in pins):
        pip += "  # torch from PyTorch's CUDA wheel index"
    return pip, "\n".join(pins) + "\n"


def _want(
    gpus: Sequence[str],
    driver: str | None,
    python: str | None,
    platform: str | None,
    flavour: str | None,
) -> _Want:
    parsed = [parse_gpu(g) for g in gpus]
    if driver is not None:
        parse_version(driver, what="--driver")
    if python is not None:
        python = normalise_python(python, "--python")  # the patch release is kept: Requires-Python may exclude one
    if platform is not None and platform not in PLATFORMS:
        raise UsageError(f"Unknown --platform {platform!r}.", f"use one of {', '.join(PLATFORMS)}")
    if flavour is not None and flavour not in FLAVOUR_SPELLINGS:
        raise UsageError(f"Unknown --flavour {flavour!r}.", "use trt (full TensorRT) or rtx (TensorRT-RTX)")
    flavours = (FLAVOUR_SPELLINGS[flavour],) if flavour else ("tensorrt", "tensorrt-rtx")
    return _Want(
        tuple(g["compute_capability"] for g in parsed),
        tuple(g["name"] for g in parsed),
        driver,
        python,
        platform,
        flavours,
    )


def suggest(
    *,
    gpus: Sequence[str] = (),
    driver: str | None = None,
    python: str | None = None,
    platform: str | None = None,
    flavour: str | None = None,
) -> Suggestion:
    """The newest working set for a target. ``gpus``: model names (``"H100"``) or compute capabilities
    (``"8.9"``); ``flavour``: ``"trt"`` or ``"rtx"`` (both when None)."""
    want = _want(gpus, driver, python, platform, flavour)
    hardware = _hardware_first(want)
    if hardware is not None:
        return hardware
    if want.platform is None and any(matrix.jetson(cc) for cc in want.ccs):
        want = _replace(want, platform="linux_aarch64")  # a Jetson that runs registry wheels (Thor) is aarch64
    found = _first_fit(want)
    if found is not None:
        spec, report = found
        pip, constraints = _pip_and_constraints(spec)
        return Suggestion(spec, pip, constraints, _why(spec, want), report=report)
    return _nothing_fits(want)


def _hardware_first(want: _Want) -> Suggestion | None:
    """What no software choice can change, said before any search: a Jetson that runs only NVIDIA's JetPack builds,
    a driver branch that no longer supports a GPU."""
    for name, cc in zip(want.gpu_names, want.ccs, strict=True):
        jetson = matrix.jetson(cc)
        label = name or f"compute capability {cc}"
        if jetson is not None and not jetson["registry_wheels"]:
            why = [
                f"{label} ({describe_cc(cc)}) is a Jetson: JetPack {jetson['jetpack']} ships CUDA {jetson['cuda']} "
                "and TensorRT for its integrated GPU, and the registry's aarch64 wheels (CPU-only, or server-Arm "
                "SBSA CUDA builds) do not run there",
                f"source: {jetson['source']}",
            ]
            change = (
                f"use NVIDIA's JetPack {jetson['jetpack']} wheels of torch, torchvision and torch_tensorrt made for "
                f"{jetson['name']} (not a registry stack), then run `torchtrt-compat check` on the device"
            )
            return Suggestion(None, None, None, why, change=change)
        row = matrix.driver_support(cc) if want.driver is not None and jetson is None else None
        if row is None or want.driver is None:
            continue
        last, dropped = row.get("last_branch"), row.get("dropped_in")
        try:
            branch = int(want.driver.split(".")[0])
        except ValueError:
            continue
        if last is not None and dropped is not None and branch >= int(dropped):
            why = [f"driver {want.driver} (R{branch}) no longer supports {label} ({row['architecture']})"]
            change = (
                f"install an R{last} driver: NVIDIA's last branch for {row['architecture']} "
                f"({row['last_branch_source']})"
            )
            return Suggestion(None, None, None, why, change=change)
    return None


def _gpu_driver_floor(want: _Want, platform: str) -> str | None:
    """The newest of the GPUs' minimum drivers (NVIDIA's, per architecture)."""
    needs = []
    for cc in want.ccs:
        row = matrix.driver_support(cc)
        need = row.get("windows" if platform.startswith("win") else "linux") if row else None
        if need:
            needs.append(str(need))
    return max(needs, key=parse_version) if needs else None


def _nothing_fits(want: _Want) -> Suggestion:
    """Relax one constraint at a time; the first that lets a set fit is the smallest change."""
    why = [f"no set of the matrix (snapshot {matrix.snapshot_date()}) fits all of: {_describe(want)}"]
    tries: list[tuple[str, _Want]] = []
    if want.driver is not None:
        tries.append(("driver", _replace(want, driver=None)))
    if want.python is not None:
        tries.append(("python", _replace(want, python=None)))
    if len(want.flavours) == 1:
        tries.append(("flavour", _replace(want, flavours=("tensorrt", "tensorrt-rtx"))))
    if want.platform is not None:
        tries.append(("platform", _replace(want, platform=None)))
    for i in range(len(want.ccs)):
        tries.append(
            (
                f"gpu{i}",
                _replace(
                    want, ccs=want.ccs[:i] + want.ccs[i + 1 :], gpu_names=want.gpu_names[:i] + want.gpu_names[i + 1 :]
                ),
            )
        )
    for what, relaxed in tries:
        found = _first_fit(relaxed)
        if found is None:
            continue
        spec = found[0]
        return Suggestion(None, None, None, why, change=_change_text(what, spec, want))
    change = "no single change makes a set fit: "
    unsupported = [cc for cc in want.ccs if not _cc_anywhere(cc, want.flavours)]
    if unsupported:
        change += f"no TensorRT release in the matrix supports compute capability {', '.join(unsupported)}"
    else:
        change += "relax several constraints (try `torchtrt-compat suggest` with fewer flags)"
    return Suggestion(None, None, None, why, change=change)


def _cc_anywhere(cc: str, flavours: tuple[str, ...]) -> bool:
    return any(r["flavour"] in flavours and cc in r["compute_capabilities"] for r in matrix.load()["gpu_support"])


def _change_text(what: str, spec: dict[str, Any], want: _Want) -> str:
    tt = f"{spec['torch_tensorrt']['package']}=={spec['torch_tensorrt']['version']}"
    if what == "driver":
        needs = []
        for candidate in _candidates(_replace(want, driver=None)):
            info = matrix.release_info("torch", candidate["torch"].split("+")[0]) or {}
            cuda = info.get("cuda_by_platform", {}).get(candidate["platform"]) or info.get("cuda")
            need = matrix.driver_minimum(major(str(cuda)), candidate["platform"]) if cuda else None
            floor = _gpu_driver_floor(want, candidate["platform"])
            if need and floor and parse_version(floor) > parse_version(need):
                need = floor
            if need:
                needs.append(need)
        lowest = min(needs, key=parse_version) if needs else "?"
        return f"upgrade the NVIDIA driver to >= {lowest} (found {want.driver}); the newest set then is {tt}"
    if what == "python":
        return (
            f"use Python {spec['python']} (no set installs on Python {want.python}: no wheels, or a Requires-Python "
            "that excludes it or, for a Python given without its patch release, one of its patches such as "
            f"!=3.14.1; give the full version, e.g. 3.14.2); the newest set then is {tt}"
        )
    if what == "flavour":
        other = "trt" if spec["torch_tensorrt"]["package"] == "torch-tensorrt" else "rtx"
        return f"use --flavour {other} ({tt}): the flavour asked for has no set that fits"
    if what == "platform":
        return f"deploy on {spec['platform']} ({tt}): no set fits {want.platform}"
    i = int(what[3:])
    name = want.gpu_names[i] or "the GPU"
    return (
        f"leave out {name} (compute capability {describe_cc(want.ccs[i])}): no set runs on it together with the "
        f"others; without it the newest set is {tt}"
    )


def _describe(want: _Want) -> str:
    parts = []
    if want.ccs:
        parts.append("GPUs " + ", ".join(describe_cc(cc) for cc in want.ccs))
    for label, value in (("driver", want.driver), ("python", want.python), ("platform", want.platform)):
        if value:
            parts.append(f"{label} {value}")
    if len(want.flavours) == 1:
        parts.append(f"flavour {want.flavours[0]}")
    return ", ".join(parts) or "no constraints"


def _replace(want: _Want, **changes: Any) -> _Want:
    return _Want(**{**want.__dict__, **changes})
