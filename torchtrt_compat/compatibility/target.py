"""Read a described deployment target (``--target``) into an `Environment`, whatever form the user already has.

``--target`` is detected by content:

- a JSON target spec (the keys in `KEYS`; every key optional, ``null`` means unknown and is never guessed);
- the output of ``torchtrt-compat env --json`` from another host (a missing package there is *missing*, not unknown);
- a ``pip freeze`` or a pinned ``requirements.txt`` (``==`` / ``===`` pins, local tags such as ``+cu130``, extras,
  markers, comments; ``-r`` / ``-c`` / ``-e`` lines are not followed and say so in a note).

Flags fill in or override what the input says (`Overrides`: ``--gpu``, ``--driver``, ``--python``, ``--platform``,
``--cuda``, ``--upgrade NAME==VERSION``). Every file goes through `_bounded` (size limit, no devices or pipes, strict
UTF-8, JSON depth, duplicate keys); anything malformed raises `UsageError` with one line naming the key and the fix.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import _bounded
from .._errors import UsageError
from ..env import (
    RUNTIME_ONLY_TRT,
    TORCH_TENSORRT_DISTS,
    Environment,
    GpuInfo,
    Origin,
    Package,
    normalise_dist,
    tensorrt_dist_info,
)
from ..versions import (
    cuda_local_tag,
    looks_like_compute_capability,
    parse_compute_capability,
    parse_version,
    show_value,
)
from . import matrix
from .requires import marker_applies, one_line, parse_python

if TYPE_CHECKING:
    from packaging.requirements import Requirement

KEYS = (
    "platform",
    "platform_release",
    "python",
    "torch",
    "torchvision",
    "torch_tensorrt",
    "tensorrt",
    "tensorrt_dists",
    "cuda",
    "driver",
    "gpus",
    "host",
)
PLATFORMS = ("linux_x86_64", "linux_aarch64", "win_amd64")
EXAMPLE = (
    '{"platform": "linux_x86_64", "python": "3.12", "torch": "2.14.0+cu130", "torchvision": "0.29.0", '
    '"torch_tensorrt": {"package": "torch-tensorrt", "version": "2.14.0"}, '
    '"tensorrt": {"package": "tensorrt-cu13", "version": "11.1.0.106"}, "cuda": "13.0", "driver": "580.95.05", '
    '"gpus": [{"name": "NVIDIA H100", "compute_capability": "9.0"}]}'
)
_FIX_FILE = "pass a JSON target spec, the output of `torchtrt-compat env --json`, or a `pip freeze`"
#: The keys of ``env --json`` (`Environment.to_dict`); an object with ``source`` and only these keys is one.
ENV_JSON_KEYS = frozenset(
    {
        "source",
        "platform",
        "python",
        "torch",
        "torch_cuda",
        "torchvision",
        "torch_tensorrt",
        "torch_tensorrt_built",
        "tensorrt",
        "driver",
        "gpus",
        "notes",
        "flavour",
        "origin",
        "platform_release",
        "tensorrt_dists",
        "torch_arch",
    }
)


@dataclass
class Target:
    """A target read from any supported input, before it becomes an `Environment`.

    ``spec`` is a canonical target spec (the JSON form); ``installed`` is True for ``env --json`` output and this
    machine (absent packages are missing, not unknown); ``torch_cuda`` and ``built`` carry what ``env --json`` knows
    beyond the spec keys; ``notes`` say what was ignored or inferred.
    """

    spec: dict[str, Any]
    origin: str
    installed: bool = False  #: an installed host (``env --json``, this machine): kept in step with ``kind``
    torch_cuda: str | None = None
    built: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    pins: list[Pin] = field(default_factory=list)  #: a requirements file's pins, markers judged in `to_environment`
    kind: Origin = "spec"  #: the `Environment.origin` this target becomes
    torch_arch: list[str] | None = None  #: the GPU code of the host's torch (``env --json``)


@dataclass
class Overrides:
    """What the ``check`` flags say; each given value replaces the input's."""

    gpus: Sequence[str] = ()
    driver: str | None = None
    python: str | None = None
    platform: str | None = None
    cuda: str | None = None
    upgrades: Sequence[str] = ()

    def __bool__(self) -> bool:
        return bool(self.gpus or self.driver or self.python or self.platform or self.cuda or self.upgrades)


# -- the public entry points ---------------------------------------------------------------------------------------


def load_spec(source: str | os.PathLike[str] | dict[str, Any], overrides: Overrides | None = None) -> Environment:
    """An `Environment` from a dict, a file path (spec, ``env --json`` output, ``pip freeze``) or inline JSON text."""
    target = read_target(source)
    if overrides:
        target = apply_overrides(target, overrides)
    return to_environment(target)


def read_target(source: str | os.PathLike[str] | dict[str, Any]) -> Target:
    """Read ``source`` into a `Target`, detecting its kind by content."""
    if isinstance(source, dict):
        return target_from_object(source, "target spec")
    if not isinstance(source, (str, os.PathLike)):
        raise UsageError(
            f"The target spec must be a JSON object, got {type(source).__name__}.", f"start from: {EXAMPLE}"
        )
    text_or_path = os.fspath(source)
    if text_or_path.lstrip().startswith(("{", "[")):
        data = _bounded.loads_json(text_or_path, what="the target spec", fix=f"fix the JSON; an example: {EXAMPLE}")
        return target_from_object(data, "target spec")
    raw = _bounded.read_bytes(text_or_path, limit=_bounded.MAX_SPEC_BYTES, what="target spec", fix=_FIX_FILE)
    origin = f"target spec {Path(text_or_path)}"
    return target_from_text(_bounded.decode_text(raw, what=origin, fix=_FIX_FILE), origin)


def target_from_text(text: str, origin: str) -> Target:
    """The kind of ``text``: JSON (spec or ``env --json``) if it starts with ``{`` or ``[``, else requirements."""
    stripped = text.lstrip()
    if not stripped:
        raise UsageError(f"{origin} is empty.", _FIX_FILE)
    if stripped.startswith(("{", "[")):
        data = _bounded.loads_json(text, what=origin, fix=f"fix the JSON; a complete example: {EXAMPLE}")
        return target_from_object(data, origin)
    return target_from_requirements(text, origin)


def target_from_object(data: Any, origin: str) -> Target:
    """A parsed JSON object: ``env --json`` output when it has ``source`` and only `ENV_JSON_KEYS`, else a spec."""
    if not isinstance(data, dict):
        raise UsageError(f"The {origin} must be a JSON object, got {type(data).__name__}.", f"start from: {EXAMPLE}")
    if "source" in data and set(data) <= ENV_JSON_KEYS | {"host"}:
        return _from_env_json(data, origin)
    return Target(dict(data), origin)


def to_environment(target: Target) -> Environment:
    """Validate the target's spec and build the `Environment` the checker reads."""
    spec, notes = dict(target.spec), list(target.notes)
    if target.pins:
        python = spec.get("python")
        resolved, more = resolve_pins(
            target.pins,
            spec.get("platform"),
            python if isinstance(python, str) else None,
            target.origin,
            release=_spec_release(spec),
        )
        notes += more
        for key, value in _spec_items(resolved):
            if key == "tensorrt":
                continue  # chosen below from every TensorRT pin, the file's and the --upgrade ones
            if key == "tensorrt_dists":
                for pin in value:
                    if not any(_same_dist(pin, d) for d in spec.get("tensorrt_dists") or []):
                        _pin_tensorrt(spec, pin)  # an --upgrade pin already in the spec wins
                continue
            spec.setdefault(key, value)  # an --upgrade pin already in the spec wins
    target = Target(
        spec,
        target.origin,
        target.installed,
        target.torch_cuda,
        target.built,
        notes,
        [],
        target.kind,
        target.torch_arch,
    )
    host_cuda = target.torch_cuda if target.spec.get("cuda") is None else None
    env = from_spec(target.spec, origin=target.origin, host_cuda=host_cuda)
    env.origin = target.kind
    if target.torch_arch is not None and env.torch_cuda == target.torch_cuda:
        env.torch_arch = list(target.torch_arch)
    env.torch_tensorrt_built = dict(target.built)
    env.notes = list(target.notes) + env.notes
    return env


def target_from_environment(env: Environment) -> Target:
    """A `Target` of a detected `Environment` (this machine), so that flags and ``--upgrade`` can apply over it."""
    data = env.to_dict()
    target = _from_env_json(data, env.source)
    target.origin = env.source
    target.kind = env.origin
    target.installed = env.installed
    return target


# -- env --json -----------------------------------------------------------------------------------------------------


def _from_env_json(data: dict[str, Any], origin: str) -> Target:
    def package(key: str) -> dict[str, Any] | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, dict) or set(value) - {"name", "version"}:
            raise UsageError(
                f'"{key}" in the env --json output {origin} must be {{"name": ..., "version": ...}}, got {value!r}.',
                "pass the unedited output of `torchtrt-compat env --json`",
            )
        return {"package": value.get("name"), "version": value.get("version")}

    gpus = data.get("gpus")
    spec: dict[str, Any] = {
        "platform": data.get("platform"),
        "python": data.get("python"),
        "torch": data.get("torch"),
        "torchvision": data.get("torchvision"),
        "torch_tensorrt": package("torch_tensorrt"),
        "tensorrt": package("tensorrt"),
        "driver": data.get("driver"),
        "gpus": gpus,
    }
    if data.get("platform_release") is not None:
        spec["platform_release"] = data["platform_release"]
    dists = data.get("tensorrt_dists")
    if dists:
        if not isinstance(dists, list) or not all(isinstance(d, dict) for d in dists):
            raise UsageError(f'"tensorrt_dists" in {origin} must be a list of packages.', "pass the unedited output")
        spec["tensorrt_dists"] = [{"package": d.get("name"), "version": d.get("version")} for d in dists]
    torch_arch = data.get("torch_arch")
    if torch_arch is not None and (
        not isinstance(torch_arch, list) or not all(isinstance(a, str) and len(a) < 20 for a in torch_arch)
    ):
        raise UsageError(
            f'"torch_arch" in {origin} must be a list like ["sm_80", "sm_90"].', "pass the unedited output"
        )
    if "host" in data:
        spec["host"] = data["host"]
    torch_cuda = data.get("torch_cuda")
    if torch_cuda is not None and not isinstance(torch_cuda, str):
        raise UsageError(f'"torch_cuda" in {origin} must be a string, got {torch_cuda!r}.', "pass the unedited output")
    if torch_cuda not in (None, "cpu", "rocm"):
        parse_version(torch_cuda, what=f'"torch_cuda" in {origin}')
    built = data.get("torch_tensorrt_built") or {}
    if not isinstance(built, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in built.items()):
        raise UsageError(f'"torch_tensorrt_built" in {origin} must map names to versions.', "pass the unedited output")
    notes = data.get("notes") or []
    if not isinstance(notes, list):
        notes = []
    return Target(
        spec,
        f"env --json {origin.removeprefix('target spec ')}",
        installed=True,
        torch_cuda=torch_cuda,
        built=dict(built),
        notes=[str(n) for n in notes],
        kind="env-json",
        torch_arch=list(torch_arch) if torch_arch is not None else None,
    )


# -- pip freeze / requirements.txt ------------------------------------------------------------------------------------

_OPTION_NOTES = ("-r", "--requirement", "-c", "--constraint", "-e", "--editable")
_HASH = re.compile(r"\s--hash[=\s]\S+")
_COMMENT = re.compile(r"(^|\s)#.*$")


@dataclass(frozen=True)
class Pin:
    """One ``NAME==VERSION`` line of a requirements file, with its environment marker (judged for the target later,
    once ``--platform`` / ``--python`` are known)."""

    name: str
    version: str
    marker: str | None
    line: int


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """pip's file syntax: ``\\`` + newline (LF or CRLF) continues a line; comments go. (first line number, text)."""
    lines: list[tuple[int, str]] = []
    pending, first = "", 0
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if not pending:
            first = number
        if raw.endswith("\\"):
            pending += raw[:-1] + " "
            continue
        lines.append((first, _COMMENT.sub("", pending + raw).strip()))
        pending = ""
    if pending:
        lines.append((first, _COMMENT.sub("", pending).strip()))
    return [(n, line) for n, line in lines if line]


def target_from_requirements(text: str, origin: str) -> Target:
    """A target from ``pip freeze`` / a pinned requirements file: the pins of torch, torchvision, torch_tensorrt(-rtx)
    and TensorRT; other packages are ignored. Environment markers are kept and judged for the target's platform and
    Python (`resolve_pins`), so per-OS lines are two alternatives, not two pins. A line that is not a requirement is
    one error line."""

    from packaging.requirements import InvalidRequirement, Requirement  # slow to import: only for these files

    pins: list[Pin] = []
    notes: list[str] = []
    for number, line in _logical_lines(text):
        if line.startswith("-"):
            option = line.split()[0].split("=")[0]
            if option in _OPTION_NOTES:
                notes.append(f"{origin} line {number}: {option} is not followed (only this file's pins are read)")
            continue
        line = _HASH.sub("", f" {line}").strip()
        try:
            req = Requirement(line)
        except InvalidRequirement as exc:
            raise UsageError(
                f"{origin} line {number} is neither a requirement nor JSON: {_short(line)!r} ({one_line(exc)}).",
                _FIX_FILE,
            ) from None
        name = normalise_dist(req.name)
        if not _relevant(name):
            continue
        version = _pinned(req)
        if req.url or version is None:
            notes.append(f"{origin} line {number}: {name} is not pinned to one version ({_short(line)}), so unknown")
            continue
        pins.append(Pin(name, version, str(req.marker) if req.marker else None, number))
    if not pins and not notes:
        raise UsageError(f"{origin} pins none of torch, torchvision, torch_tensorrt or TensorRT.", _FIX_FILE)
    target = Target({}, "requirements " + origin.removeprefix("target spec "), notes=notes, kind="requirements")
    target.pins = pins
    return target


def _spec_release(spec: dict[str, Any]) -> str:
    """The ``platform_release`` a requirements file's markers see: the spec's, a Jetson GPU's JetPack kernel, or
    ``''`` (not a Jetson)."""
    release = spec.get("platform_release")
    if isinstance(release, str):
        return release
    for gpu in spec.get("gpus") or []:
        cc = gpu.get("compute_capability") if isinstance(gpu, dict) else None
        row = matrix.jetson(cc) if isinstance(cc, str) else None
        if row is not None:
            return str(row["platform_release"])
    return ""


def resolve_pins(
    pins: Sequence[Pin], platform: str | None, python: str | None, origin: str, *, release: str = ""
) -> tuple[dict[str, str], list[str]]:
    """The pins whose marker holds on the target, by name; a pin whose marker depends on a fact not given is left
    out with a note (its package is then unknown). Two pins that both apply and differ are a `UsageError`."""

    py = parse_python(python)
    chosen: dict[str, Pin] = {}
    notes: list[str] = []
    for pin in pins:
        applies = marker_applies(pin.marker, platform, py, release)
        if applies is False:
            notes.append(f"{origin} line {pin.line}: {pin.name}=={pin.version} is for another target ({pin.marker})")
            continue
        if applies is None:
            notes.append(
                f"{origin} line {pin.line}: {pin.name}=={pin.version} applies only where {pin.marker}; give "
                "--platform / --python to choose, so it is unknown"
            )
            continue
        if pin.name in chosen and chosen[pin.name].version != pin.version:
            raise UsageError(
                f"{origin} pins {pin.name} twice for this target ({chosen[pin.name].version} on line "
                f"{chosen[pin.name].line}, {pin.version} on line {pin.line}).",
                f"keep one {pin.name} line, or give each an environment marker (; sys_platform == ...)",
            )
        chosen[pin.name] = pin
    return {name: pin.version for name, pin in chosen.items()}, notes


def _short(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _relevant(name: str) -> bool:
    return name in ("torch", "torchvision") or name in TORCH_TENSORRT_DISTS or _tensorrt_rank(name) is not None


def _pinned(req: Requirement) -> str | None:
    specs = list(req.specifier)
    if len(specs) == 1 and specs[0].operator in ("==", "===") and "*" not in specs[0].version:
        return specs[0].version
    return None


def _tensorrt_rank(name: str) -> int | None:
    """The TensorRT distribution torch_tensorrt loads, first: the meta package, then ``-cuXX``, then parts."""
    if RUNTIME_ONLY_TRT.match(name):
        return None
    info = tensorrt_dist_info(name)
    if info is None:
        return None
    return (0 if info[1] is None else 1) + (2 if name.endswith(("-libs", "-bindings")) else 0)


def _spec_items(pins: dict[str, str]) -> list[tuple[str, Any]]:
    """Spec keys for pinned distributions: torch, torchvision, torch_tensorrt, tensorrt (one of each)."""
    items: list[tuple[str, Any]] = []
    for name in ("torch", "torchvision"):
        if name in pins:
            items.append((name, pins[name]))
    for name in TORCH_TENSORRT_DISTS:
        if name in pins:
            items.append(("torch_tensorrt", {"package": name, "version": pins[name]}))
            break
    ranked = sorted((rank, name) for name in pins if (rank := _tensorrt_rank(name)) is not None)
    if ranked:
        name = ranked[0][1]
        items.append(("tensorrt", {"package": name, "version": pins[name]}))
        items.append(("tensorrt_dists", [{"package": n, "version": pins[n]} for _, n in ranked]))
    return items


# -- overrides --------------------------------------------------------------------------------------------------------


def parse_pin(text: str) -> tuple[str, Any]:
    """``'torch==2.15.0'`` -> ``('torch', '2.15.0')``; ``'torch_tensorrt==2.14.0'`` ->
    ``('torch_tensorrt', {"package": "torch-tensorrt", "version": "2.14.0"})`` (names normalised)."""
    from packaging.requirements import InvalidRequirement, Requirement

    fix = "write NAME==VERSION, e.g. --upgrade torch==2.15.0 or --upgrade tensorrt-cu13==11.4.0.106"
    try:
        req = Requirement(text)
    except InvalidRequirement as exc:
        raise UsageError(f"--upgrade {text!r} is not NAME==VERSION ({one_line(exc)}).", fix) from None
    version = _pinned(req)
    name = normalise_dist(req.name)
    if version is None or req.url:
        raise UsageError(f"--upgrade {text!r} does not pin one version.", fix)
    parse_version(version, what=f"--upgrade {name}")
    if not _relevant(name):
        raise UsageError(
            f"--upgrade {name} is not part of the stack check reads.",
            "pin torch, torchvision, torch-tensorrt(-rtx) or a TensorRT distribution",
        )
    items = _spec_items({name: version})
    return items[0]


def gpu_by_name(name: str, *, what: str, fix: str) -> tuple[str, str]:
    """(model, compute capability) of a GPU model the matrix knows (``H100``, ``RTX 4090``); anything else is a
    `UsageError` that names the closest known model. ``what`` says where the name came from."""
    found = matrix.gpu_compute_capability(name)
    if found is None:
        close = closest_gpu_names(name)
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        raise UsageError(f"{what} is neither a compute capability nor a GPU model the matrix knows{hint}.", fix)
    return found


def closest_gpu_names(name: str, n: int = 2) -> list[str]:
    """The known GPU model names closest to ``name`` (difflib, case ignored): for a "did you mean"."""
    models = sorted({str(m) for row in matrix.gpu_models() for m in row["names"]})
    by_upper = {m.upper(): m for m in models}
    close = difflib.get_close_matches(" ".join(name.upper().split()), list(by_upper), n=n, cutoff=0.6)
    return [by_upper[c] for c in close]


#: how a GPU is named anywhere (a flag, a plan, an argument)
GPU_FIX = (
    'pass a compute capability ("8.9", sm_89 or 89) or a GPU model name ("RTX 4090", "H100"); '
    "`torchtrt-compat matrix --gpus` lists the names"
)


def gpu_target(value: Any, *, what: str, fix: str = GPU_FIX) -> tuple[str | None, str]:
    """(GPU model or None, compute capability) of a GPU as a person names it: ``"8.9"``, ``8.9``, ``"sm_89"``,
    ``"89"`` or a model name (``"RTX 4090"``, ``"NVIDIA H100 80GB HBM3"``). The one reader of GPU names and compute
    capabilities for every entry point (``check --gpu``, ``suggest --gpu``, ``build --cc``, plans'
    ``targets``, ``compute_capabilities=``); impossible capabilities (``8.99``) and unknown names (with the closest
    known ones) are a `UsageError` starting with ``what``."""
    if isinstance(value, float) or not isinstance(value, str) or looks_like_compute_capability(value.strip()):
        text = value.strip() if isinstance(value, str) else value
        return None, parse_compute_capability(text, what=what, fix=fix)
    text = " ".join(value.split())
    if not text:
        raise UsageError(f"{what} is empty.", fix)
    model, cc = gpu_by_name(text, what=f"{what} {show_value(text)}", fix=fix)
    return model, cc


def parse_gpu(text: str) -> dict[str, Any]:
    """``--gpu`` value: a compute capability (``9.0``, ``sm_90``, ``90``) or a model name (``H100``, ``RTX 4090``)
    from the matrix (`gpu_target`)."""
    fix = (
        "pass the compute capability, e.g. --gpu 8.9 (nvidia-smi --query-gpu=compute_cap prints it), or a GPU name "
        "(`torchtrt-compat matrix --gpus` lists them)"
    )
    name, cc = gpu_target(text, what="--gpu", fix=fix)
    if name is None:
        return {"name": None, "compute_capability": cc}
    models = matrix.gpu_models_in(text)
    if len(models) > 1:
        raise UsageError(
            f"--gpu {text!r} names more than one GPU ({' and '.join(m for m, _ in models)}).",
            "pass --gpu once per GPU, e.g. --gpu A100 --gpu H100",
        )
    return {"name": " ".join(text.split()), "compute_capability": cc}


def apply_overrides(target: Target, overrides: Overrides) -> Target:
    """The target with the flags' values in place of the input's; ``--upgrade`` pins replace packages."""
    spec = dict(target.spec)
    torch_cuda, built, torch_arch = target.torch_cuda, dict(target.built), target.torch_arch
    notes = list(target.notes)
    if overrides.gpus:
        spec["gpus"] = [parse_gpu(g) for g in overrides.gpus]
    for key in ("driver", "python", "platform", "cuda"):
        value = getattr(overrides, key)
        if value is not None:
            spec[key] = value
    if overrides.cuda is not None:
        torch_cuda, torch_arch = None, None
    applied: list[str] = []
    given: dict[str, tuple[str, Any]] = {}
    for pin in overrides.upgrades:
        key, value = parse_pin(pin)
        marker = _pin_marker(pin)
        if marker is not None:
            python = spec.get("python")
            holds = marker_applies(
                marker, spec.get("platform"), parse_python(python if isinstance(python, str) else None)
            )
            if holds is None:
                raise UsageError(
                    f"--upgrade {pin!r}: whether its marker holds depends on the platform or Python, which the target "
                    "does not give.",
                    "add --platform and --python, or drop the marker",
                )
            if not holds:
                notes.append(f"what-if: --upgrade {pin} not applied (its marker does not hold on this target)")
                continue
        slot = f"tensorrt:{value['package']}" if key == "tensorrt" else key
        if slot in given and given[slot][1] != value:
            raise UsageError(
                f"--upgrade {given[slot][0]!r} and --upgrade {pin!r} pin the same package differently.",
                "pass one --upgrade per package",
            )
        given[slot] = (pin, value)
        if key == "tensorrt":
            _pin_tensorrt(spec, value)
        else:
            spec[key] = value
        applied.append(pin)
        if key == "torch":
            torch_cuda, torch_arch = None, None  # the new torch's build comes from its tag or the registry
            if overrides.cuda is None:
                spec.pop("cuda", None)
        if key == "torch_tensorrt":
            built = {}
    if applied:
        notes.append("what-if: " + ", ".join(applied) + " applied over " + target.origin)
    return Target(
        spec, target.origin, target.installed, torch_cuda, built, notes, list(target.pins), target.kind, torch_arch
    )


def _same_dist(a: Any, b: Any) -> bool:
    return (
        isinstance(a, dict)
        and isinstance(b, dict)
        and normalise_dist(str(a.get("package"))) == normalise_dist(str(b.get("package")))
    )


def _pin_tensorrt(spec: dict[str, Any], value: dict[str, Any]) -> None:
    """An ``--upgrade`` of one TensorRT distribution: it replaces that distribution's pin (or joins the pins), and
    ``tensorrt`` names the one torch_tensorrt loads (the meta package, then ``-cuXX``, then the parts)."""
    current = spec.get("tensorrt_dists")
    if not isinstance(current, list):
        current = [spec["tensorrt"]] if isinstance(spec.get("tensorrt"), dict) else []
    dists = [d for d in current if isinstance(d, dict) and normalise_dist(str(d.get("package"))) != value["package"]]
    dists.append(value)
    spec["tensorrt_dists"] = dists
    ranked = sorted(
        (rank, d["package"], i)
        for i, d in enumerate(dists)
        if (rank := _tensorrt_rank(normalise_dist(str(d["package"])))) is not None
    )
    if ranked:
        spec["tensorrt"] = dists[ranked[0][2]]


def _pin_marker(text: str) -> str | None:
    from packaging.requirements import Requirement

    req = Requirement(text)  # parse_pin already refused text that is not a requirement
    return str(req.marker) if req.marker else None


# -- validation: the spec keys -----------------------------------------------------------------------------------------


def _closest(key: str, allowed: Sequence[str]) -> str:
    close = difflib.get_close_matches(key, list(allowed), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _unknown_keys(data: dict[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = sorted(set(data) - set(allowed), key=str)
    if unknown:
        first = str(unknown[0])
        raise UsageError(
            f"Unknown key(s) in {where}: {', '.join(map(str, unknown))}{_closest(first, allowed)}.",
            f"allowed keys: {', '.join(allowed)}",
        )


def _version(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    parse_version(value, what=f'"{key}"')
    return str(value).strip()


def _package(data: dict[str, Any], key: str) -> Package | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise UsageError(
            f'"{key}" must be an object with "package" and "version", got {value!r}.',
            f'write e.g. "{key}": {{"package": "...", "version": "..."}}',
        )
    _unknown_keys(value, ("package", "version"), f'"{key}"')
    name = value.get("package")
    if name is None:
        raise UsageError(f'"{key}.package" is missing.', f'name the distribution, e.g. "{_default_dist(key)}"')
    if not isinstance(name, str) or len(name) > 100:
        raise UsageError(f'"{key}.package" must be a distribution name, got {name!r}.', f'e.g. "{_default_dist(key)}"')
    name = normalise_dist(name)
    if key == "torch_tensorrt" and name not in TORCH_TENSORRT_DISTS:
        raise UsageError(f'Unknown "{key}.package" {name!r}.', f"use one of {', '.join(TORCH_TENSORRT_DISTS)}")
    if key == "tensorrt" and RUNTIME_ONLY_TRT.match(name):
        raise UsageError(
            f'"tensorrt.package" {name!r} is a runtime-only TensorRT that cannot build engines or load torch_tensorrt.',
            "name the full package: tensorrt, tensorrt-cu12, tensorrt-cu13 (or tensorrt-rtx)",
        )
    if key == "tensorrt" and tensorrt_dist_info(name) is None:
        raise UsageError(
            f'Unknown "tensorrt.package" {name!r}.',
            "use a TensorRT distribution name: tensorrt, tensorrt-cu12, tensorrt-cu13, tensorrt-rtx",
        )
    version = value.get("version")
    if version is not None:
        parse_version(version, what=f'"{key}.version"')
    return Package(name, None if version is None else str(version).strip())


def _default_dist(key: str) -> str:
    return "torch-tensorrt" if key == "torch_tensorrt" else "tensorrt-cu13"


def normalise_cc(value: Any, *, what: str) -> str:
    """``"9.0"``, ``9.0``, ``"09.00"`` -> ``"9.0"`` (`versions.parse_compute_capability`)."""
    return parse_compute_capability(value, what=what, fix='write it as "8.9" or "12.0"')


def _gpus(value: Any, notes: list[str] | None = None) -> list[GpuInfo] | None:
    """The ``gpus`` list; a GPU given by name alone (no ``compute_capability`` key) gets the compute capability of the
    one curated model its name holds, with a note (an explicit null stays unknown)."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise UsageError(
            f'"gpus" must be a list, got {_short(repr(value))}.',
            '"gpus": [{"name": "...", "compute_capability": "9.0"}]',
        )
    gpus = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise UsageError(
                f'"gpus[{i}]" must be an object with "name" and "compute_capability", got {_short(repr(item))}.',
                'write {"name": "NVIDIA L4", "compute_capability": "8.9"}',
            )
        _unknown_keys(item, ("name", "compute_capability", "memory_mib"), f'"gpus[{i}]"')
        name = item.get("name")
        if name is not None and not isinstance(name, str):
            raise UsageError(f'"gpus[{i}].name" must be a string, got {_short(repr(name))}.', 'write "NVIDIA L4"')
        cc = item.get("compute_capability")
        if cc is not None:
            cc = normalise_cc(cc, what=f'"gpus[{i}].compute_capability"')
        elif "compute_capability" not in item and name:
            models = matrix.gpu_models_in(name)
            if len(models) == 1:
                cc = models[0][1]
                if notes is not None:
                    notes.append(f"GPU {i} ({name}): compute capability {cc} of the {models[0][0]} (matrix GPU names)")
        memory = item.get("memory_mib")
        if memory is not None and (not isinstance(memory, int) or isinstance(memory, bool) or memory < 0):
            raise UsageError(
                f'"gpus[{i}].memory_mib" {_short(repr(memory))} is not a size in MiB.',
                "write a whole number such as 81559, or null",
            )
        gpus.append(GpuInfo(name, cc, memory))
    return gpus


def normalise_python(value: Any, what: str) -> str | None:
    """``"3.12.4"`` stays ``"3.12.4"`` (pip judges ``Requires-Python`` on the patch release: torchvision 0.29 declares
    ``!=3.14.1``); ``"3.12"`` says only the minor. A free-threaded build keeps its ``t``: ``"3.14t"``, ``"3.14.2t"``
    (wheels are tagged ``cp314t``)."""
    if value is None:
        return None
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d{1,2}\.\d{1,3}(?:\.\d{1,4})?)t\s*", value, re.ASCII)
        if m:
            return m.group(1) + "t"
    parse_version(value, what=what)
    parts = str(value).strip().split(".")
    if len(parts) > 3 or not all(p.isdigit() and p.isascii() for p in parts):
        raise UsageError(f"{what} {_short(repr(value))} is not a Python version.", "write it as 3.12 or 3.12.4")
    return ".".join(str(int(p)) for p in parts)


def _registry_build(torch: str, platform: str | None) -> str | None:
    """The build of the registry's torch wheel for ``platform``: ``'12.8'``, ``'cpu'``; None when unknown."""
    if platform is None:
        return None
    build = matrix.torch_build(torch, platform)
    if build is not None:
        return str(build["cuda"]) if build.get("cuda") else "cpu"
    info = matrix.release_info("torch", torch)
    if info is None or platform not in info["wheels"]:
        return None
    cuda = info["cuda_by_platform"].get(platform)
    return str(cuda) if cuda else "cpu"


def _tagged_build(torch: str) -> str | None:
    """The build a local label names: ``+cu128`` -> ``'12.8'``, ``+cpu`` -> ``'cpu'``, ``+rocm6.2`` -> ``'rocm'``."""
    _, _, local = torch.partition("+")
    if local.startswith("cpu"):
        return "cpu"
    if local.startswith("rocm"):
        return "rocm"
    return cuda_local_tag(torch)


def jetson_row(env: Environment) -> dict[str, Any] | None:
    """The curated Jetson row of the target's GPU (Orin, Xavier, Thor, ...); None for a host that is no Jetson."""
    for gpu in env.gpus or []:
        row = matrix.jetson(gpu.compute_capability)
        if row is not None:
            return row
    return None


def marker_release(env: Environment) -> str | None:
    """The ``platform_release`` the target's wheels' markers see: the host's own, a Jetson's JetPack kernel
    (``5.15.148-tegra``), ``''`` for a host known not to be a Jetson; None for an aarch64 host of unknown GPUs."""
    if env.platform_release is not None:
        return env.platform_release
    row = jetson_row(env)
    if row is not None:
        return str(row["platform_release"])
    if env.platform not in (None, "linux_aarch64") or env.gpus is not None:
        return ""
    return None


def _packages(data: dict[str, Any], key: str) -> list[Package]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 64:
        raise UsageError(
            f'"{key}" must be a list of {{"package": ..., "version": ...}} objects, got {_short(repr(value))}.',
            f'write e.g. "{key}": [{{"package": "tensorrt-cu13-libs", "version": "11.1.0.106"}}]',
        )
    found = []
    for i, item in enumerate(value):
        try:
            package = _package({"tensorrt": item}, "tensorrt")  # each entry is judged as "tensorrt" is
        except UsageError as exc:
            raise UsageError(f'"{key}[{i}]": {exc.problem}', exc.fix) from None
        if package is None:
            raise UsageError(f'"{key}[{i}]" is null.', "remove it or name the package and its version")
        found.append(package)
    return found


def _jetson_platform(env: Environment) -> str | None:
    """The platform, made linux_aarch64 for a Jetson GPU (refused when the spec names another)."""
    platform = env.platform
    jetson = jetson_row(env)
    if jetson is not None:
        if platform is None:
            env.platform = platform = "linux_aarch64"
            env.notes.append(f"{jetson['name']} is a Jetson: platform linux_aarch64 (JetPack {jetson['jetpack']})")
        elif platform != "linux_aarch64":
            raise UsageError(
                f'"platform" {platform} cannot hold a {jetson["name"]} GPU: Jetsons are linux_aarch64.',
                'set "platform": "linux_aarch64", or drop the Jetson from "gpus"',
            )
    return platform


def _set_torch_cuda(env: Environment, torch: str | None, cuda: str | None, platform: str | None) -> None:
    """torch's CUDA build: its +cu tag, else the registry's wheel for the platform, else what "cuda" says."""
    tagged = _tagged_build(torch) if torch else None
    env.torch_cuda = tagged or cuda
    if tagged and cuda and tagged.split(".")[0] != cuda.split(".")[0]:
        env.notes.append(f'"torch" says CUDA {tagged} (+cu tag) but "cuda" says {cuda}; the +cu tag is used')
    if torch and "+" not in torch:
        registry = _registry_build(torch, platform)
        if registry is not None:
            what = "a CPU-only build" if registry == "cpu" else f"built for CUDA {registry}"
            if cuda is None:
                env.notes.append(
                    f"torch {torch} has no local tag, so it is the registry's wheel for {platform}: {what} (a build "
                    "from another index carries its tag, e.g. 2.8.0+cu126, as pip freeze prints it)"
                )
            elif cuda != registry:
                env.notes.append(
                    f'"cuda" {cuda} does not apply: torch {torch} without a local tag is the registry\'s wheel for '
                    f"{platform}, {what}; give torch with its tag (e.g. {torch}+cu{cuda.replace('.', '')}) if it came "
                    "from another index"
                )
            env.torch_cuda = registry


def from_spec(data: Any, *, origin: str = "target spec", host_cuda: str | None = None) -> Environment:
    """Validate a spec object and build its `Environment` (the JSON form; see `KEYS`).

    A torch version without a local label is the registry's wheel (what ``pip install torch==X`` installs): its CUDA
    build, CPU-only ones included, is the registry's for the platform, whatever ``cuda`` says. A build from another
    index carries its label (``+cu126``, ``+cpu``), as ``pip freeze`` prints it. A Jetson GPU makes the platform
    ``linux_aarch64`` and the markers see its JetPack kernel release. ``host_cuda`` is what an installed host's own
    ``torch/version.py`` says (``env --json``): it is the build, with no registry inference.
    """
    if not isinstance(data, dict):
        raise UsageError(f"The {origin} must be a JSON object, got {type(data).__name__}.", f"start from: {EXAMPLE}")
    _unknown_keys(data, KEYS, f"the {origin}")
    platform = data.get("platform")
    if platform is not None and platform not in PLATFORMS:
        raise UsageError(f'Unknown "platform" {_short(repr(platform))}.', f"use one of {', '.join(PLATFORMS)}")
    release = data.get("platform_release")
    if release is not None and (not isinstance(release, str) or len(release) > 200):
        raise UsageError(
            f'"platform_release" must be the kernel release text, got {_short(repr(release))}.',
            'write what python -c "import platform; print(platform.release())" prints, e.g. "5.15.148-tegra"',
        )
    python = normalise_python(data.get("python"), '"python"')
    torch = _version(data, "torch")
    cuda = _version(data, "cuda")
    host = data.get("host")
    if host is not None and not isinstance(host, str):
        raise UsageError(f'"host" must be a string, got {_short(repr(host))}.', 'write "host": "gpu-node-01"')
    tensorrt = _package(data, "tensorrt")
    dists = _packages(data, "tensorrt_dists")
    if tensorrt is not None and all(d.name != tensorrt.name for d in dists):
        dists.insert(0, tensorrt)
    env = Environment(
        source=origin,
        platform=platform,
        python=python,
        torch=torch,
        torchvision=_version(data, "torchvision"),
        torch_tensorrt=_package(data, "torch_tensorrt"),
        tensorrt=tensorrt,
        tensorrt_dists=dists,
        driver=_version(data, "driver"),
        gpus=None,
        platform_release=release,
    )
    env.gpus = _gpus(data.get("gpus"), env.notes)
    if env.tensorrt is None and dists:
        env.tensorrt = min(dists, key=lambda d: (_tensorrt_rank(d.name) or 0, d.name))
    platform = _jetson_platform(env)
    if host_cuda is not None:
        env.torch_cuda = host_cuda
        return env
    _set_torch_cuda(env, torch, cuda, platform)
    return env
