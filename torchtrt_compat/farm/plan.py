"""Plan files: which models to build, for which GPUs and precisions, with which settings.

A plan (TOML, or the same shape as a dict)::

    out = "engines"                      # the output folder (--out wins); relative to the plan file
    workers = 2                          # optional; --workers wins; default from cores and memory
    sign_key = "keys/signing.key"        # optional; --sign-key wins: every artifact signed (docs/signing.md)

    [defaults]                           # every model gets these unless it names its own
    targets = ["8.9", "RTX 5090", ["8.6", "8.9"]]   # one artifact per item: a compute capability, a GPU name
                                                    # from the matrix, or a list of them (one artifact for all)
    precisions = ["fp32", "fp16"]
    settings = { min_block_size = 1 }    # build_engine keyword arguments (a model's settings update these)
    dynamic = ["x:0=1:8:32"]             # dynamic ranges, as --dynamic writes them (or { x = { 0 = [1, 8, 32] } })
    timeout = 900                        # seconds per build
    memory_gb = 3                        # expected peak memory of one build (pool admission, Ray's requirement)

    [models.resnet]
    source = "models:resnet18"           # models:NAME, package.module:function -> (model, inputs), or a .ep/.pt2
    precisions = ["fp16"]                # file (needs trust = true or --trust: torch.export.load unpickles it; a
    depends = ["weights/resnet.pt"]      # module found only in the current directory needs it too); depends: files
                                         # the function reads, hashed into the build key

Each (model, target set, precision) is one `Job` and one artifact folder ``OUT/OUTPUT/LABEL-PRECISION`` (``OUTPUT``
is the model's ``output``, by default its name; ``LABEL`` e.g. ``sm89`` or ``sm86+sm89``). `load_plan` refuses a bad
plan before anything is built: an unknown key, a model that cannot be found, an unknown GPU name, two builds writing
one folder, an output folder that cannot be written, a job folder in the way (anyone else's files, a file, a symlink,
a folder inside another artifact, a build log that is not ours), a signing key that cannot sign; each as one
`UsageError` line.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib.util
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._atomic import check_no_links, check_output_dir, marked_ancestor
from .._bounded import read_bytes, user_path
from .._errors import CompatError, IncompatibleError, UsageError
from .._lazy import install_extra
from ..compatibility.target import gpu_target
from ..compiler.artifact import check_replaceable
from ..compiler.artifact.signing import KEY_FIX, key_fingerprint, load_private_key
from ..compiler.inputs import parse_dynamic
from ..compiler.releases import known_releases
from ..compiler.settings import OWN_KWARGS, known_names
from ..compiler.validation import check_compile_kwargs, resolve_targets
from ..env import detect_environment
from ..models import get_model
from ..versions import base, sm_name
from .logs import check_log
from .sources import ModelSource, SourceKind, import_paths, resolve_source

TOP_KEYS = ("out", "workers", "sign_key", "defaults", "models")
DEFAULT_KEYS = ("targets", "precisions", "settings", "timeout", "memory_gb", "trust", "dynamic")
MODEL_KEYS = ("source", "output", "depends", *DEFAULT_KEYS)
#: precision name -> the torch dtype build_engine is asked for (enabled_precisions); fp32 asks for nothing extra
PRECISIONS: dict[str, str | None] = {"fp32": None, "fp16": "float16", "bf16": "bfloat16"}
DEFAULT_TIMEOUT_S = 1800.0
DEFAULT_MEMORY_GB = 3.0  #: a small model's build peaks at 1-3 GB RSS; a plan names more for big ones
MAX_TIMEOUT_S = 7 * 24 * 3600.0  #: a week: longer is a typo (or infinity), not a build
MAX_MEMORY_GB = 65536.0  #: 64 TB: more than any build host has
MAX_PLAN_BYTES = 16 * 1024 * 1024  #: a 20,000-model plan is about 2 MB
#: names in the output folder that belong to the run itself, not to a model
RESERVED_OUTPUTS = ("build-summary.json", "build-summary.html")
_OUTPUT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}", re.ASCII)


@dataclass(frozen=True)
class Job:
    """One build: a model for one target set at one precision, into one artifact folder."""

    model: str  #: the plan's name for the model
    source: str  #: as the plan wrote it
    kind: SourceKind  #: "catalogue", "function" or "program"
    location: str  #: catalogue name, "module:function", or the program's absolute path
    targets: tuple[str, ...]  #: compute capabilities, sorted
    precision: str
    settings: dict[str, Any]
    timeout: float
    memory_gb: float
    trust: bool
    folder: str  #: absolute path of the artifact folder
    name: str  #: the folder relative to the output folder, e.g. "resnet/sm89-fp16" (the job's id)
    import_paths: tuple[str, ...] = ()  #: put first on sys.path to import a function's module
    depends: tuple[str, ...] = ()  #: absolute paths of extra files hashed into the key
    out: str = ""  #: the plan's output folder: nothing between it and ``folder`` may be a symlink
    sign_key: str | None = None  #: the private key that signs the folder (absolute path), or None
    signer: str | None = None  #: the sha256 of that key's public half (part of the build key)
    key: str = field(default="", compare=False)  #: content hash (keys.build_key), filled in by the runner

    @property
    def model_source(self) -> ModelSource:
        """Where the model comes from, as `sources.load_source` takes it."""
        return ModelSource(self.kind, self.location, self.import_paths)

    @property
    def label(self) -> str:
        return target_label(self.targets)

    @property
    def log(self) -> str:
        """Where the build's captured upstream output goes (beside the folder)."""
        return self.folder + ".build.log"


@dataclass
class Plan:
    jobs: list[Job]
    out: Path
    workers: int | None
    origin: str  #: the plan file, or "plan" for a dict


def target_label(ccs: tuple[str, ...] | list[str]) -> str:
    return "+".join(sm_name(c, separator="") for c in ccs)


def load_plan(
    source: str | os.PathLike[str] | dict[str, Any],
    *,
    out: str | os.PathLike[str] | None = None,
    trust: bool = False,
    timeout: float | None = None,
    sign_key: str | os.PathLike[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> Plan:
    """Read and check a plan (a TOML file or a dict); every problem is a one-line `UsageError` before any build.

    ``out``, ``trust``, ``timeout``, ``sign_key`` and ``settings`` apply to every build and override the plan (the
    CLI's ``--out``, ``--trust``, ``--timeout``, ``--sign-key``, and ``--min-block-size`` / ``--partition``).
    """
    try:
        return _load_plan(source, out, trust, timeout, sign_key, settings)
    except OSError as exc:  # a path the plan names that the system refuses (too long, not readable, ...)
        where = f" {str(exc.filename)[:200]}" if exc.filename else ""
        raise UsageError(
            f"The plan names a path that cannot be used:{where} ({exc.strerror or exc}).", "fix that path in the plan"
        ) from None
    except RecursionError:
        raise UsageError("The plan is nested too deep to be a plan.", "fix the plan (see docs/build_farm.md)") from None


def _load_plan(
    source: str | os.PathLike[str] | dict[str, Any],
    out: str | os.PathLike[str] | None,
    trust: bool,
    timeout: float | None,
    sign_key: str | os.PathLike[str] | None,
    settings: dict[str, Any] | None,
) -> Plan:
    data, origin, base = _read(source)
    _unknown(data, TOP_KEYS, origin, "the top level")
    defaults = _table(data.get("defaults", {}), origin, "[defaults]")
    _unknown(defaults, DEFAULT_KEYS, origin, "[defaults]")
    models = _table(data.get("models"), origin, "[models]")
    if not models:
        raise UsageError(f"{origin}: the plan names no models.", 'add one: [models.tiny] source = "models:NAME"')
    workers = data.get("workers")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise UsageError(f"{origin}: workers = {workers!r} is not a positive whole number.", "write workers = 2")
    out_dir = _out_dir(out, data.get("out"), origin, base)
    if timeout is not None:
        _bounded_number(timeout, "--timeout", MAX_TIMEOUT_S, "pass e.g. --timeout 900")
    key_path, signer = _signing_key(sign_key, data.get("sign_key"), origin, base)

    jobs: list[Job] = []
    owners: dict[str, str] = {}
    for name, raw in models.items():
        where = f"models.{name}"
        spec = _table(raw, origin, f"[{where}]")
        _unknown(spec, MODEL_KEYS, origin, f"[{where}]")
        merged = {**defaults, **spec}
        merged["settings"] = {
            **_table(defaults.get("settings", {}), origin, "[defaults].settings"),
            **_table(spec.get("settings", {}), origin, f"[{where}].settings"),
            **(settings or {}),
        }
        jobs += [
            dataclasses.replace(j, out=str(out_dir), sign_key=key_path, signer=signer)
            for j in _jobs_of(name, merged, origin, base, out_dir, trust, timeout)
        ]
    for job in jobs:
        if job.folder in owners:
            other = owners[job.folder]
            both = f"models.{other} and models.{job.model}" if other != job.model else f"models.{job.model}"
            raise UsageError(
                f"{origin}: {both} would both write {job.name} (two builds, one output folder).",
                'give one model its own output = "NAME", or list each target set once',
            )
        owners[job.folder] = job.model

    for job in jobs:
        check_job_folder(job, origin)
    for name in RESERVED_OUTPUTS:
        if (out_dir / name).is_dir() and not (out_dir / name).is_symlink():
            raise UsageError(f"{out_dir / name} is a folder; the run writes its summary there.", "move it away")
    return Plan(jobs, out_dir, workers, origin)


def check_job_folder(job: Job, origin: str = "plan", *, log: bool = True) -> None:
    """Where ``job`` publishes is ours to write: real folders (no symlink, no file) from the output folder down, none
    of them an artifact folder (a single build's ``OUT/NAME``), the job folder missing, empty or an artifact folder
    this library wrote, and (with ``log``) its build log missing or ours. Checked when the plan is read, and again
    (without the log, which `logs.publish_log` judges itself) before the build is published."""
    folder, out = Path(job.folder), Path(job.out or Path(job.folder).parent.parent)
    where = f"{origin}: models.{job.model}"
    try:
        check_no_links(folder, out, what=f"the build {job.name}")
        inside = marked_ancestor(folder.parent)
        if inside is not None:
            raise UsageError(
                f"{folder.parent} is an artifact folder (a closed format); the plan would write {job.name} inside it.",
                'give the model another output = "NAME", or move that folder away',
            )
        check_replaceable(folder)
        if log:
            check_log(Path(job.log))
    except UsageError as exc:
        raise UsageError(f"{where}: {exc.problem}", exc.fix) from None


# ---- reading -------------------------------------------------------------------------------------------------------
def _read(source: str | os.PathLike[str] | dict[str, Any]) -> tuple[dict[str, Any], str, Path]:
    if isinstance(source, dict):
        return source, "plan", Path.cwd()
    path = user_path(source, what="Plan", fix=_PLAN_FIX)
    origin = str(path)
    raw = read_bytes(path, limit=MAX_PLAN_BYTES, what="Plan", fix=_PLAN_FIX)  # a FIFO or /dev/zero: refused
    toml = _tomllib()
    try:
        data = toml.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(f"Plan {origin} is not UTF-8 text.", "save it as UTF-8 TOML") from None
    except toml.TOMLDecodeError as exc:
        raise UsageError(f"Plan {origin} is not valid TOML: {exc}.", "fix the line it names") from None
    except RecursionError:
        raise UsageError(
            f"Plan {origin} is nested too deep to be a plan.", "fix the plan (see docs/build_farm.md)"
        ) from None
    return data, origin, user_path(path, what="Plan", resolve=True).parent


_PLAN_FIX = "pass the path of a plan.toml (see docs/build_farm.md)"


def _tomllib() -> Any:
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib
    try:  # pragma: no cover - Python 3.10 only
        import tomli

        return tomli
    except ImportError:  # pragma: no cover
        raise UsageError(
            "Reading a plan on Python 3.10 needs the tomli package, which is not installed.",
            "pip install tomli, or pass the plan as a dict to build_plan",
        ) from None


def _table(value: Any, origin: str, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise UsageError(f"{origin}: {where} must be a table, got {_show(value)}.", f"write it as {where} = {{ ... }}")
    return value


def _unknown(data: dict[str, Any], allowed: tuple[str, ...], origin: str, where: str) -> None:
    unknown = [k for k in data if k not in allowed]
    if unknown:
        close = difflib.get_close_matches(str(unknown[0]), allowed, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UsageError(
            f"{origin}: unknown key {unknown[0]!r} in {where}{hint}.", f"the keys there are: {', '.join(allowed)}"
        )


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _out_dir(flag: Any, planned: Any, origin: str, base: Path) -> Path:
    if flag is not None:
        return check_output_dir(flag, what="--out")
    if planned is None:
        raise UsageError(f"{origin} names no output folder.", 'pass --out DIR, or write out = "engines" in the plan')
    if not isinstance(planned, str):
        raise UsageError(f"{origin}: out = {_show(planned)} is not a folder path.", 'write out = "engines"')
    return check_output_dir(base / user_path(planned, what=f"{origin}: out"), what=f"{origin}: out")


def _signing_key(flag: Any, planned: Any, origin: str, base: Path) -> tuple[str | None, str | None]:
    """(absolute path, public-key fingerprint) of the key that signs every artifact, or (None, None); a key that
    cannot sign (missing, public, not elliptic-curve) is refused now, not after the builds."""
    if flag is not None:
        path = user_path(flag, what="--sign-key", fix=KEY_FIX, resolve=True)
    elif planned is None:
        return None, None
    elif not isinstance(planned, str) or not planned.strip():
        raise UsageError(f"{origin}: sign_key = {_show(planned)} is not a file path.", 'write sign_key = "signing.key"')
    else:
        path = user_path(
            base / user_path(planned, what=f"{origin}: sign_key"), what=f"{origin}: sign_key", resolve=True
        )
    private = load_private_key(path)
    return str(path), key_fingerprint(private.public_key())


# ---- one model -> its jobs -----------------------------------------------------------------------------------------
def _jobs_of(
    name: str,
    spec: dict[str, Any],
    origin: str,
    base: Path,
    out_dir: Path,
    trust_flag: bool,
    timeout_flag: float | None,
) -> list[Job]:
    where = f"{origin}: models.{name}"
    if not _OUTPUT.fullmatch(str(name)):
        raise UsageError(f"{where}: the name is not a usable folder name.", "use letters, digits, '_', '-', '.'")
    source = spec.get("source")
    if not isinstance(source, str) or not source.strip():
        raise UsageError(f"{where} has no source.", 'add source = "models:NAME" (or "module:function", or a .ep)')
    trust = _bool(spec.get("trust", False), f"{where}.trust") or trust_flag
    resolved = resolve_source(source.strip(), where, base, trust)
    output = spec.get("output", name)
    if not isinstance(output, str) or not _OUTPUT.fullmatch(output):
        raise UsageError(
            f"{where}.output = {_show(output)} is not a folder name.", "use letters, digits, '_', '-', '.'"
        )
    if output.lower() in RESERVED_OUTPUTS:
        raise UsageError(f"{where}: {output} is the name of the run's summary file.", 'give it output = "NAME"')
    target_sets = _target_sets(spec.get("targets"), where)
    precisions = spec.get("precisions", ["fp32"])
    if not isinstance(precisions, list) or not precisions:
        raise UsageError(f"{where}.precisions must be a non-empty list.", 'write precisions = ["fp32", "fp16"]')
    for p in precisions:
        if p not in PRECISIONS:
            raise UsageError(f"{where}: unknown precision {_show(p)}.", f"choose from {', '.join(PRECISIONS)}")
    settings = dict(spec.get("settings") or {})
    _check_setting_names(settings, where)

    try:
        check_compile_kwargs(settings)
    except UsageError as exc:
        raise UsageError(f"{where}.settings: {exc.problem}", exc.fix) from None
    if spec.get("dynamic") is not None:  # the one range parser (inputs.parse_dynamic), as build --dynamic uses it
        parse_dynamic(spec["dynamic"], where=f"{where}.dynamic")
        settings["dynamic"] = spec["dynamic"]  # build_engine's own keyword; hashed into the build key with the rest
    timeout = (
        timeout_flag if timeout_flag is not None else _positive(spec.get("timeout"), f"{where}.timeout", MAX_TIMEOUT_S)
    )
    memory = _positive(spec.get("memory_gb"), f"{where}.memory_gb", MAX_MEMORY_GB) or DEFAULT_MEMORY_GB
    depends = spec.get("depends", [])
    if not isinstance(depends, list) or not all(isinstance(d, str) for d in depends):
        raise UsageError(f"{where}.depends must be a list of file paths.", 'write depends = ["weights.pt"]')
    dep_paths = []
    for d in depends:
        p = user_path(base / user_path(d, what=f"{where}.depends"), what=f"{where}.depends", resolve=True)
        if not p.is_file():
            raise UsageError(f"{where}.depends: {d} is not a file.", "list files the model's function reads")
        dep_paths.append(str(p))
    jobs = []
    for ccs in target_sets:
        for precision in precisions:
            rel = f"{output}/{target_label(ccs)}-{precision}"
            jobs.append(
                Job(
                    model=str(name),
                    source=source.strip(),
                    kind=resolved.kind,
                    location=resolved.location,
                    targets=ccs,
                    precision=precision,
                    settings=settings,
                    timeout=float(timeout or DEFAULT_TIMEOUT_S),
                    memory_gb=float(memory),
                    trust=trust,
                    folder=str(out_dir / rel),
                    name=rel,
                    import_paths=resolved.import_paths,
                    depends=tuple(dep_paths),
                )
            )
    return jobs


#: build_engine arguments the plan itself sets, and the one whose artifacts cannot be saved as one folder
_PLAN_OWNED = {
    "compute_capabilities": "targets = [...]",
    "enabled_precisions": 'precisions = ["fp16"]',
    "verbose": "the build log beside each folder",
    "kwarg_inputs": "the model's function returning (model, inputs)",
}


#: build_engine arguments of its own (not torch_tensorrt's) a plan may set, and their values
BUILD_ARGS: dict[str, tuple[Any, ...]] = {"partition": ("auto", None), "rewrite_check": (True, False)}


def _check_setting_names(settings: dict[str, Any], where: str) -> None:
    """Each setting is a keyword the installed torch_tensorrt release accepts (from the extracted compile surface;
    no import), and not one the plan sets itself."""

    for name in settings:
        if name in _PLAN_OWNED:
            raise UsageError(f"{where}.settings names {name}, which the plan sets.", f"use {_PLAN_OWNED[name]}")
        if name in BUILD_ARGS and settings[name] not in BUILD_ARGS[name]:
            choices = " or ".join(repr(c) for c in BUILD_ARGS[name] if c is not None)
            raise UsageError(
                f"{where}.settings: {name} = {_show(settings[name])} is not {choices}.", f"write {name} = {choices}"
            )
    installed = detect_environment().torch_tensorrt
    if installed is None or installed.version is None:
        return
    release = known_releases().get(f"{installed.name}=={base(installed.version)}")
    if release is None:
        return  # a release the data does not know: torch_tensorrt itself will judge the names
    known = known_names(release) | OWN_KWARGS | set(BUILD_ARGS)
    for name in settings:
        if name not in known:
            close = difflib.get_close_matches(str(name), sorted(known), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UsageError(
                f"{where}.settings: {installed.name} {installed.version} has no setting {name!r}{hint}.",
                "use a torch_tensorrt.compile keyword (`torchtrt-compat shims` and the README list them)",
            )


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise UsageError(f"{where} = {_show(value)} is not true or false.", "write true or false")
    return value


def _positive(value: Any, where: str, upper: float) -> float | None:
    if value is None:
        return None
    return _bounded_number(value, where, upper, "write e.g. 600 (timeout) or 3 (GB)", sep=" = ")


def _bounded_number(value: Any, where: str, upper: float, fix: str, sep: str = " ") -> float:
    """A finite number above 0 and at most ``upper``; anything else (inf, nan, 1e308, a string) is a `UsageError`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= upper:
        limit = f"{upper:,.0f}"
        raise UsageError(f"{where}{sep}{_show(value)} is not a number above 0 and at most {limit}.", fix)
    return float(value)


def check_imports(jobs: list[Job]) -> None:
    """Find each catalogue model and import each function's module, for the jobs about to be built: a model that
    does not import is a `UsageError` before any build starts. Runs in this process, once per model."""
    seen: set[str] = set()
    for job in jobs:
        if job.kind == "program" or job.location in seen:
            continue
        seen.add(job.location)
        if job.kind == "catalogue":
            _check_catalogue(job)
            continue
        module, function = job.location.split(":")
        with import_paths(job.import_paths):
            try:
                mod = importlib.import_module(module)
            except Exception as exc:
                raise UsageError(
                    f"models.{job.model}: {module} does not import ({type(exc).__name__}: {_show(str(exc))}).",
                    "fix the import error (python -c 'import " + module + "' shows it)",
                ) from None
        if not callable(getattr(mod, function, None)):
            raise UsageError(f"models.{job.model}: {module}.{function} is not a function.", "name a function")


def _check_catalogue(job: Job) -> None:
    try:
        entry = get_model(job.location)
    except UsageError as exc:
        raise UsageError(f"models.{job.model}: {exc.problem}", exc.fix) from None
    missing = entry.missing()
    if missing:
        raise UsageError(
            f"models.{job.model}: {job.source} needs {', '.join(missing)}, which is not installed.",
            install_extra("zoo"),
        )


# ---- targets -------------------------------------------------------------------------------------------------------
def _target_sets(value: Any, where: str) -> list[tuple[str, ...]]:
    if value is None:
        raise UsageError(f"{where} has no targets.", 'add targets = ["8.9"] to [defaults] or to the model')
    if not isinstance(value, list) or not value:
        raise UsageError(f"{where}.targets must be a non-empty list.", 'write targets = ["8.9", "RTX 5090"]')
    sets: list[tuple[str, ...]] = []
    for item in value:
        names = item if isinstance(item, list) else [item]
        if not names:
            raise UsageError(f"{where}.targets holds an empty list.", 'write ["8.6", "8.9"] or drop it')
        ccs = sorted({_cc(n, where) for n in names}, key=lambda c: tuple(int(p) for p in c.split(".")))
        _check_supported(ccs, where)
        if tuple(ccs) in sets:
            raise UsageError(
                f"{where}.targets names the target set {target_label(ccs)} twice.", "list each target set once"
            )
        sets.append(tuple(ccs))
    return sets


def _cc(value: Any, where: str) -> str:
    if not isinstance(value, (str, float)):  # targets = [8.9] in TOML is a float, meant as a compute capability
        raise UsageError(f"{where}.targets: {_show(value)} is not a GPU.", 'write "8.9" or a GPU name, e.g. "L4"')
    return gpu_target(value, what=f"{where}.targets:")[1]


def _check_supported(ccs: list[str], where: str) -> None:
    try:
        resolve_targets(ccs)
    except IncompatibleError as exc:
        if detect_environment().flavour != "tensorrt-rtx":
            raise  # nothing can be built on this machine: exit 1 with the install fix
        raise UsageError(f"{where}.targets: {exc.problem}", exc.fix) from None
    except CompatError as exc:  # pragma: no cover - defensive
        raise UsageError(f"{where}.targets: {exc.problem}", exc.fix) from None
