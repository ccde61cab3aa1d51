"""`EngineArtifact`: TensorRT engines built ahead of time, in the format torch_tensorrt users deploy.

``save(DIR)`` writes a folder, published as one (``_atomic.atomic_dir``)::

    DIR/model.ep                   torch_tensorrt.save(..., output_format="exported_program"): on a GPU host,
                                   torch_tensorrt.load("DIR/model.ep").module() runs it, no torchtrt_compat needed
    DIR/engines/<name>.plan        each engine's serialized bytes, as TensorRT-RTX built them (the same bytes as in
                                   the .ep)
    DIR/report.json                the CompileReport
    DIR/manifest.json              format, versions, targets, input specs, report, and every file's size and sha256
    DIR/.torchtrt_compat           marks the folder as ours: only such a folder is ever replaced
    DIR/signature.sig              with save(sign_key=) / build --sign-key: an OpenSSF model-signing signature

``load(DIR)`` checks the signature first when one is required (``verify_with=``, ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE``),
then reads the manifest within limits, refuses any file it does not list and any symlink, checks every file's size and
hash, and validates the whole ``.ep`` as a closed format (`_ep_reader.validate_program`). `runnable_module` hands
torch a canonical ``.ep`` re-written from the validated parts, never the bytes on disk. `why_not_runnable` needs only
the manifest. The old single-file ``.ttc`` (a pickle) is read only with ``trust=True``.

A ``partition="auto"`` build (the whole model does not export) is saved as one ``.ep`` per TensorRT part instead of
``model.ep`` (manifest ``"kind": "partitioned"``; `partitioned_artifact`), deployed with ``load(DIR).attach(model)``.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import posixpath
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import _atomic
from .._bounded import MAX_MANIFEST_BYTES, loads_json, read_bytes
from .._engines import is_engine
from .._errors import IncompatibleError, InternalError, UsageError
from ..compatibility.advice import gpu_advice
from ..env import detect_environment
from ..runtime.hooks import guard_runtime
from ..shims import activate
from ..ux import display as _display
from ..versions import base
from ._ep_reader import ENGINE_NAME, ValidatedProgram, validate_program
from ._legacy_ttc import LEGACY_FORMAT, load_trusted_ttc
from ._upstream import load_torch_tensorrt, shim_context
from .artifact_files import FORMAT, MANIFEST, PART_FILE, PROGRAM, REPORT, check_program, describe, read_report
from .compile_report import CompileReport
from .partitioned_artifact import attach, check_manifest, engine_modules, read_parts, write_into
from .signing import SIGNATURE, required_key, sign_folder, verify_folder

KIND = "engine_artifact"  #: what `_atomic.mark_folder` records in the folders written here
__all__ = ["FORMAT", "LEGACY_FORMAT", "EngineArtifact", "Reason"]
MAX_FILE_BYTES = 16 * 1024**3  #: the largest .ep or plan file load() reads (engines of very large models fit)


class Reason(str):
    """One reason `why_not_runnable` gives: reads as ``"problem: fix"``, with ``.problem`` and ``.fix`` apart."""

    problem: str
    fix: str

    def __new__(cls, problem: str, fix: str) -> Reason:
        self = super().__new__(cls, f"{problem}: {fix}" if fix else problem)
        self.problem, self.fix = problem, fix
        return self


@dataclass
class EngineArtifact:
    """Engines built by `build_engine`, with the PyTorch parts, the `CompileReport` and metadata (versions, targets,
    input specs). `save` / `load` move it between machines as a folder; `why_not_runnable` says what stops it on one.
    """

    module: Any  #: partitioned torch.fx.GraphModule from the build; None for a loaded artifact until it is set up
    report: CompileReport
    metadata: dict[str, Any] = field(default_factory=dict)
    _plans: dict[str, bytes] | None = field(default=None, repr=False)  #: engines of a loaded artifact
    _program: bytes | None = field(default=None, repr=False)  #: the checked .ep of a loaded artifact
    _source: Path | None = field(default=None, repr=False)
    _validated: ValidatedProgram | None = field(default=None, repr=False)
    _saved_parts: list[Any] | None = field(default=None, repr=False)  #: partitioned_artifact.SavedPart, when loaded

    def engine_modules(self) -> dict[str, Any]:
        """Submodule name -> torch_tensorrt engine module (``_run_on_acc_N``) of a built artifact."""

        if self.module is None:
            return {}
        if self.report.partition:  # partition='auto': "<part path>.<engine>" over the spliced parts
            return engine_modules(self.module)
        return {name: child for name, child in self.module.named_children() if is_engine(child)}

    @property
    def engines(self) -> dict[str, bytes]:
        """Engine name -> the serialized TensorRT engine."""
        if self._plans is not None:
            return dict(self._plans)
        return {name: bytes(m.serialized_engine) for name, m in self.engine_modules().items()}

    # ---- files -------------------------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str], *, sign_key: str | os.PathLike[str] | None = None) -> Path:
        """Write the artifact folder ``path`` as one (old folder or new one, never a mix); returns ``path``.

        An artifact folder this library wrote there is replaced; anything else (a file, a folder with other files) is
        left alone (a `UsageError`). A symlink to a folder is followed: the folder it names is replaced. With
        ``sign_key`` (an elliptic-curve private key, PEM) the folder is signed before it is published. A disk that
        fills or a path that cannot be written is a `UsageError` and changes nothing.
        """
        target = Path(path)
        target = check_replaceable(target)
        try:
            with _atomic.atomic_dir(target) as staging:
                if self.report.partition:  # partition='auto': one .ep per part (partitioned_artifact)
                    write_into(self, staging)
                else:
                    self._write_into(staging)
                _atomic.mark_folder(staging, KIND, may_add=(SIGNATURE,) if sign_key is not None else ())
                if sign_key is not None:
                    sign_folder(staging, sign_key)
        except OSError as exc:
            raise UsageError(
                f"Cannot write the engine artifact {target}: {exc.strerror or exc}.",
                "choose a writable directory with free space; nothing was changed there",
            ) from None
        return target

    def _write_into(self, folder: Path) -> None:
        if self._program is not None:
            program = self._program
            _atomic.write_file(folder / PROGRAM, program)
        else:
            program = self._export_program(folder / PROGRAM)
        plans = self.engines
        for name in plans:
            _check_engine_name(name, "the artifact")
        validated = validate_program(program, where=f"the saved {PROGRAM}", fix="report this as a torchtrt_compat bug")
        if validated.engines != plans:  # the .ep must carry exactly the engines built here, byte for byte
            raise InternalError(f"the engines in {PROGRAM} differ from the built engines ({sorted(validated.engines)})")
        (folder / "engines").mkdir()
        files = {PROGRAM: describe(program)}
        for name, blob in plans.items():
            _atomic.write_file(_inside(folder, _plan_file(name)), blob)
            files[_plan_file(name)] = describe(blob)
        report = (self.report.to_json() + "\n").encode()
        _atomic.write_file(folder / REPORT, report)
        files[REPORT] = describe(report)
        manifest = {
            "format": FORMAT,
            "program": PROGRAM,
            "load_with": f"torch_tensorrt.load('{PROGRAM}').module()",
            "engines": {name: _plan_file(name) for name in plans},
            "files": files,
            "metadata": self.metadata,
            "report": self.report.to_dict(),
        }
        _atomic.write_file(folder / MANIFEST, (json.dumps(manifest, indent=2, default=str) + "\n").encode())

    def _export_program(self, path: Path, module: Any = None) -> bytes:
        """``torch_tensorrt.save(..., output_format="exported_program")`` of ``module`` (default: the built module)
        under the save-stage shims."""

        module = self.module if module is None else module
        if module is None:
            raise InternalError("an EngineArtifact has neither a module nor a loaded program")
        ctx = shim_context(aot=True, compute_capabilities=list(self.metadata.get("targets") or []))
        tt = load_torch_tensorrt(ctx)
        with activate("save", ctx) as applied, warnings.catch_warnings():
            if self.engine_modules() and "aot_save_serialized_engine" not in applied.applied:
                raise IncompatibleError(
                    f"torch_tensorrt {tt.__version__} cannot be made to store engines built ahead of time in an .ep "
                    "(the save-stage shim needs torch-tensorrt 2.14 or later).",
                    "pip install 'torch-tensorrt-rtx>=2.14' and rebuild",
                )
            warnings.simplefilter("ignore")  # torch.fx's note that the engine get_attr is not a registered buffer
            archive_log = logging.getLogger("torch.export.pt2_archive._package")  # ".ep is not .pt2": upstream's name
            level = archive_log.level
            archive_log.setLevel(logging.ERROR)
            try:
                tt.save(module, str(path), output_format="exported_program", retrace=False)
            finally:
                archive_log.setLevel(level)
        self.report.shims += [name for name in applied.applied if name not in self.report.shims]
        with open(path, "rb") as fh:
            os.fsync(fh.fileno())
            data = fh.read()
        _atomic.wrote(path)
        return data

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        trust: bool = False,
        verify_with: str | os.PathLike[str] | None = None,
    ) -> EngineArtifact:
        """Read an artifact folder written by `save` (no torch import, nothing unpickled that could run code).

        ``verify_with`` (a public key file), or ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE`` on this host, checks the
        folder's signature before anything in it is parsed. A damaged, foreign, unsigned-when-required or tampered
        folder raises `UsageError` naming the fix. An old single-file ``.ttc`` holds a pickle that runs code when
        read: it is read only with ``trust=True``, for files you built yourself.
        """

        source = Path(path)
        rebuild = f"rebuild it: torchtrt-compat build MODEL --cc CC --out {source.parent}"
        key = verify_with if verify_with is not None else required_key()
        if source.is_file():
            if key is not None:
                raise UsageError(f"{source} is an old single-file artifact, which cannot be signed.", rebuild)
            if not trust:
                raise UsageError(
                    f"{source} is an old single-file artifact: its module is a pickle, which can run any code when "
                    "it is read, so it is not read by default.",
                    f"{rebuild} (the new folder format runs nothing when loaded), or, for a file you built "
                    "yourself, EngineArtifact.load(path, trust=True)",
                )
            module, report, metadata, _ = load_trusted_ttc(source, rebuild)
            try:
                return cls(module, CompileReport.from_dict(report), metadata)
            except (TypeError, ValueError) as exc:
                raise UsageError(f"{source}: the report is malformed ({exc}).", rebuild) from None
        if not source.is_dir():
            raise UsageError(f"Engine artifact {source} does not exist.", "pass the folder written by build/save")
        for attempt in (1, 2):  # a build publishing over the folder meanwhile: read it again, once
            before = _identity(source)
            try:
                signed = verify_folder(source, key) if key is not None else None  # before anything is parsed
                return cls._load_folder(source, rebuild, signed)
            except UsageError:
                if attempt == 2 or _identity(source) == before:
                    raise
        raise InternalError("unreachable")

    @classmethod
    def _load_folder(cls, source: Path, rebuild: str, signed: dict[str, str] | None = None) -> EngineArtifact:
        manifest = _read_manifest(source, rebuild, signed)
        _check_listing(source, manifest, rebuild)
        blobs = {name: _read_checked(source, name, meta, rebuild) for name, meta in manifest["files"].items()}
        for name, blob in blobs.items():  # the bytes used are the bytes the signature covers, not a later swap
            _check_signed(source, name, blob, signed, rebuild)
        plans = {name: blobs[file] for name, file in manifest["engines"].items()}
        if manifest.get("kind") == "partitioned":  # one .ep per part (partitioned_artifact)
            parts = read_parts(manifest, blobs, source, rebuild)
            report = read_report(manifest, source, rebuild)
            return cls(None, report, manifest["metadata"], _plans=plans, _source=source, _saved_parts=parts)
        program = blobs[manifest["program"]]
        validated = check_program(program, plans, source, rebuild)
        report = read_report(manifest, source, rebuild)
        return cls(
            None, report, manifest["metadata"], _plans=plans, _program=program, _source=source, _validated=validated
        )

    def attach(self, model: Any) -> Any:
        """For an artifact built with ``partition='auto'`` and loaded here: a copy of ``model`` (built from your own
        code) with each TensorRT part swapped in, after checking that the model's submodules match the parts (class,
        forward signature, weights layout). The rest of the model stays your PyTorch code; ``model`` is unchanged."""
        return attach(self, model)

    # ---- running -----------------------------------------------------------------------------------------------
    def why_not_runnable(self, env: Any = None) -> list[Reason]:
        """Every reason the engines cannot run in ``env`` (default: this machine); empty when they can. Each
        `Reason` reads as one line and keeps its ``problem`` and ``fix`` apart."""

        env = env or detect_environment()
        where = "this machine" if env.origin == "machine" else "the target"
        meta = self.metadata
        reasons = []
        want_flavour, want_trt = meta.get("flavour"), meta.get("tensorrt_version")
        built = want_flavour or "an unknown TensorRT (the manifest does not say)"
        if env.flavour != want_flavour:
            reasons.append(
                Reason(
                    f"the engines were built with {built}, but {where} has {env.flavour or 'no TensorRT'}",
                    f"install {want_flavour} there or rebuild there" if want_flavour else "rebuild the artifact",
                )
            )
        elif want_trt and env.tensorrt_version and base(want_trt) != base(env.tensorrt_version):
            reasons.append(
                Reason(
                    f"the engines were built with {want_flavour} {want_trt}, but {env.tensorrt_version} is installed "
                    "(TensorRT engines only load in the version that built them)",
                    f"pip install '{env.tensorrt.name}=={want_trt}', or rebuild the artifact with {where}'s stack "
                    "(`torchtrt-compat build`)",
                )
            )
        want_tt, have = meta.get("torch_tensorrt"), env.torch_tensorrt
        if isinstance(want_tt, str) and have is None:
            reasons.append(
                Reason(f"torch_tensorrt is not installed on {where}; model.ep needs it", f"pip install '{want_tt}'")
            )
        elif isinstance(want_tt, str) and have is not None and want_tt != f"{have.name}=={have.version}":
            reasons.append(
                Reason(
                    f"the program was saved by {want_tt}, but {where} has {have.name}=={have.version} (its engine "
                    "records and graph format follow that release)",
                    f"pip install '{want_tt}', or rebuild the artifact with {where}'s stack (`torchtrt-compat build`)",
                )
            )
        targets = meta.get("targets", [])
        if not env.gpus:
            on = f"a GPU of compute capability {' or '.join(targets)}" if targets else "a supported GPU"
            reasons.append(Reason(f"no NVIDIA GPU is visible on {where}", f"run the engines on a host with {on}"))
            return reasons

        for i, gpu in enumerate(env.gpus):
            if gpu.compute_capability in targets:
                continue
            advice = gpu_advice(want_flavour, want_trt, gpu.compute_capability)
            fix = f"rebuild with --cc {gpu.compute_capability}" if advice is None else f"{advice[0]}: {advice[1]}"
            reasons.append(
                Reason(
                    f"GPU {i} ({gpu.name}) has compute capability {gpu.compute_capability}, but the engines target "
                    f"{', '.join(targets) or 'nothing'}",
                    fix,
                )
            )
        return reasons

    def runnable_module(self, device: str = "cuda:0") -> Any:
        """Set up the engines through torch_tensorrt and return the module on ``device``. Needs a supported GPU.

        A loaded artifact's program is validated again here, and torch reads only the canonical ``.ep`` re-written
        from the validated parts (`_ep_reader.ValidatedProgram.canonical_bytes`), never the bytes that were read.
        """
        if self._saved_parts is not None:
            raise UsageError(
                "This artifact was built with partition='auto': its parts run inside your model, not on their own.",
                "artifact.attach(model), with model built from your code, then call it as usual",
            )
        reasons = self.why_not_runnable()
        if reasons:
            raise IncompatibleError(
                f"These engines cannot run here: {'; '.join(r.problem for r in reasons)}.", reasons[0].fix
            )

        if self.module is None and self._program is not None:
            where = f"{self._source / PROGRAM}" if self._source is not None else PROGRAM
            validated = validate_program(self._program, where=where, fix="load the artifact again from its folder")
            if validated.engines != (self._plans or {}):
                raise UsageError(f"{where} and the engines read with it differ.", "load the artifact again")
            canonical = validated.canonical_bytes()
            import torch

            load_torch_tensorrt()  # registers tensorrt::execute_engine and the engine classes
            self.module = torch.export.load(io.BytesIO(canonical)).module()
        else:
            for m in self.engine_modules().values():
                m.setup_engine()
        module = self.module.to(device)
        warning = guard_runtime(module, device)
        if warning:
            self.report.warnings.append(warning)
        return module

    # ---- display -----------------------------------------------------------------------------------------------
    def _size_text(self) -> str:
        sizes = [len(b) for b in self.engines.values()]
        return f"{len(sizes)} engine{'s' if len(sizes) != 1 else ''}, {sum(sizes) / 1e6:.1f} MB"

    def _targets_text(self) -> str:
        return " ".join(f"sm_{str(c).replace('.', '')}" for c in self.metadata.get("targets") or []) or "no target"

    def summary(self) -> str:
        """The report plus engine sizes and build time, aligned like the report."""
        sizes = ", ".join(f"{n} {len(b) / 1e6:.1f} MB" for n, b in self.engines.items())
        pad = " " * (len("ops left to PyTorch") - len("engines"))
        return (
            f"{self.report}\n  engines{pad} : {sizes or 'none'}\n  built{pad}   : {self.metadata.get('created', '?')}"
        )

    def __repr__(self) -> str:
        built = f"{self.metadata.get('flavour') or '?'} {self.metadata.get('tensorrt_version') or ''}".strip()
        where = f", from {self._source}" if self._source is not None else ""
        return f"EngineArtifact({self._size_text()}, {self._targets_text()}, {built}{where})"

    def _repr_html_(self) -> str:
        meta = self.metadata
        rows = [(name, f"{len(blob) / 1e6:.1f} MB") for name, blob in self.engines.items()]
        facts = [
            ("targets", self._targets_text()),
            ("built with", f"{meta.get('flavour') or '?'} {meta.get('tensorrt_version') or ''}"),
            ("torch_tensorrt", meta.get("torch_tensorrt") or "?"),
            ("built", _built_text(meta)),
        ]
        if self._source is not None:
            facts.append(("loaded from", str(self._source)))
        tone = "ok" if rows else "warning"
        return _display.section(
            "EngineArtifact",
            _display.badge(self._size_text(), tone),
            _display.key_values(facts),
            _display.table(rows, ["engine (engines/NAME.plan)", "size"]) if rows else "",
            self.report._repr_html_(),
        )


def _built_text(meta: dict[str, Any]) -> str:
    """When and where: ``2026-11-24 17:59 UTC, ahead of time on a host without a GPU`` or ``... on NVIDIA L4``."""
    created = str(meta.get("created", "?")).replace("T", " ").replace("Z", " UTC")
    on = str(meta.get("built_on", "?"))
    return f"{created}, ahead of time on a host without a GPU" if on.startswith("no GPU") else f"{created} on {on}"


# ---- the folder ------------------------------------------------------------------------------------------------
def check_replaceable(target: Path) -> Path:
    """Where an artifact folder for ``target`` may be published: ``target`` (its real path, when it is a symlink to a
    folder) if it is missing, empty, or an artifact folder this library wrote; anything else is a `UsageError`."""
    return _atomic.check_replaceable(target, marker=MANIFEST, what="an engine artifact", kind=KIND, legacy=_ours_legacy)


def _ours_legacy(folder: Path) -> bool:
    """A folder written before folders were marked: its manifest has our format and lists every file in it."""
    try:
        manifest = json.loads(read_bytes(folder / MANIFEST, limit=MAX_MANIFEST_BYTES, what="manifest"))
    except (UsageError, ValueError, OSError):
        return False
    if not (
        isinstance(manifest, dict) and str(manifest.get("format", "")).startswith("torchtrt_compat.engine_artifact/")
    ):
        return False
    listed = set(manifest.get("files") or {}) | {MANIFEST, "engines"}
    return all(rel in listed for rel in _atomic.folder_entries(folder))


def _plan_file(name: str) -> str:
    return f"engines/{name}.plan"


def _check_engine_name(name: str, where: str) -> None:
    if not (isinstance(name, str) and ENGINE_NAME.fullmatch(name)):
        raise UsageError(
            f"{where} names the engine {str(name)[:80]!r}, which is not an identifier (letters, digits, '_').",
            "rebuild the artifact; engine names become file names and are never paths",
        )


def _inside(folder: Path, rel: str) -> Path:
    """``folder/rel``, refusing any path that would land outside ``folder``."""
    path = folder / rel
    if os.path.commonpath([os.path.abspath(path), os.path.abspath(folder)]) != os.path.abspath(folder):
        raise InternalError(f"{rel!r} would be written outside {folder}")
    return path


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _read_manifest(source: Path, rebuild: str, signed: dict[str, str] | None = None) -> dict[str, Any]:
    """The manifest, read within limits and checked for shape: anything else is a `UsageError` with the fix. With
    ``signed`` (file -> sha256 from a verified signature), the bytes read must be the bytes that were signed."""
    path = source / MANIFEST
    if not os.path.lexists(path):
        inner = sorted(d for d in source.iterdir() if (d / MANIFEST).is_file())
        if inner:  # `build --out DIR` writes DIR/NAME/
            raise UsageError(f"{source} is not an engine artifact folder.", f"pass the artifact folder {inner[0]}")
    raw = read_bytes(path, limit=MAX_MANIFEST_BYTES, what="Engine artifact manifest", fix=rebuild)
    _check_signed(source, MANIFEST, raw, signed, rebuild)
    data = loads_json(raw, what=f"Engine artifact manifest {path}", fix=rebuild)

    def bad(why: str) -> UsageError:
        return UsageError(f"Engine artifact manifest {path} {why}.", rebuild)

    if not isinstance(data, dict):
        raise bad(f"is a JSON {type(data).__name__}, not an object")
    if data.get("format") != FORMAT:
        if data.get("format") == LEGACY_FORMAT:
            raise bad("is from the old single-file format")
        raise bad(f"is not a torchtrt_compat engine artifact (format {data.get('format')!r})")
    if data.get("kind", "whole") not in ("whole", "partitioned"):
        raise bad(f"is of an unknown kind {data['kind']!r}")
    required = (("metadata", dict), ("report", dict), ("engines", dict), ("files", dict), ("program", str))
    partitioned = data.get("kind") == "partitioned"
    for key, kind in required[:4] if partitioned else required:  # a partitioned one has a program per part
        if key not in data:
            raise bad(f"lacks {key!r}")
        if not isinstance(data[key], kind):
            raise bad(f"has {key!r} of type {type(data[key]).__name__}, not {kind.__name__}")
    files = data["files"]
    for name, meta in files.items():
        _check_member_name(name, bad)
        if not (isinstance(meta, dict) and _is_int(meta.get("bytes")) and isinstance(meta.get("sha256"), str)):
            raise bad(f"describes {name!r} without an integer 'bytes' and a 'sha256'")
    if partitioned:
        check_manifest(data, bad)  # parts, their programs and engines (partitioned_artifact)
        for part in data["parts"]:
            for name in part["engines"]:
                if not ENGINE_NAME.fullmatch(name):
                    raise bad(f"names the engine {name[:80]!r}, which is not an identifier (letters, digits, '_')")
        expected = {REPORT, *(p["program"] for p in data["parts"]), *data["engines"].values()}
        bad_file = next((f for f in sorted(expected - {REPORT}) if not PART_FILE.fullmatch(f)), None)
        if bad_file is not None:
            raise bad(f"names the file {bad_file[:80]!r}, which is not parts/NAME.ep or engines/NAME.plan")
    else:
        if data["program"] != PROGRAM:
            raise bad(f"names the program {str(data['program'])[:80]!r}, not {PROGRAM!r}")
        for name, file in data["engines"].items():
            if not ENGINE_NAME.fullmatch(name):
                raise bad(f"names the engine {name[:80]!r}, which is not an identifier (letters, digits, '_')")
            if file != _plan_file(name):
                raise bad(f"maps the engine {name!r} to {str(file)[:80]!r}, not {_plan_file(name)!r}")
        expected = {PROGRAM, REPORT, *(_plan_file(n) for n in data["engines"])}
    if set(files) != expected:
        odd = sorted(set(files) ^ expected)[0]
        raise bad(f"lists {odd!r} where it should list exactly its programs, {REPORT} and one plan per engine")
    targets = data["metadata"].get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise bad("has metadata 'targets' that is not a list of compute capabilities")
    for key in ("flavour", "tensorrt_version", "torch_tensorrt"):
        if not isinstance(data["metadata"].get(key), (str, type(None))):
            raise bad(f"has metadata {key!r} that is not text")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_member_name(name: str, bad: Any) -> None:
    """A file named in the manifest stays inside the folder: relative, normalised, no '..', no backslash."""
    if (
        not name
        or name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or posixpath.normpath(name) != name
        or name.split("/")[0] == ".."
    ):
        raise bad(f"names the file {name!r}, which is not a plain path inside the artifact folder")


def _check_listing(source: Path, manifest: dict[str, Any], rebuild: str) -> None:
    """The folder holds what the manifest lists and our own files, nothing else, and no symlink."""
    folders = {"engines", "parts"} if manifest.get("kind") == "partitioned" else {"engines"}
    allowed = {MANIFEST, _atomic.MARK, SIGNATURE, *folders, *manifest["files"]}
    for rel in _atomic.folder_entries(source):
        path = source / rel
        if path.is_symlink():
            raise UsageError(
                f"Engine artifact {source} holds a symlink, {rel}; artifacts hold only plain files.", rebuild
            )
        if rel not in allowed:
            raise UsageError(
                f"Engine artifact {source} holds {rel!r}, which its manifest does not list (a closed format).", rebuild
            )


def _check_signed(source: Path, name: str, data: bytes, signed: dict[str, str] | None, rebuild: str) -> None:
    if signed is not None and signed.get(name) != hashlib.sha256(data).hexdigest():
        raise UsageError(
            f"Engine artifact file {source / name} changed after its signature was verified (or was never signed).",
            rebuild,
        )


def _read_checked(source: Path, name: str, meta: dict[str, Any], rebuild: str) -> bytes:
    declared = int(meta["bytes"])
    if declared > MAX_FILE_BYTES:
        raise UsageError(f"{source / name} declares {declared:,} bytes (at most {MAX_FILE_BYTES:,}).", rebuild)
    data = read_bytes(source / name, limit=declared, what="Engine artifact file", fix=rebuild)
    if len(data) != declared or hashlib.sha256(data).hexdigest() != meta["sha256"]:
        raise UsageError(
            f"Engine artifact file {source / name} does not match the manifest (size or sha256): it was changed or "
            "damaged after the build.",
            rebuild,
        )
    return data


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
