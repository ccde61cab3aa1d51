"""`EngineArtifact`: TensorRT engines built ahead of time, in the format torch_tensorrt users deploy.

``save(DIR)`` writes a folder, published as one (``_atomic.atomic_dir``)::

    DIR/model.ep                   torch_tensorrt.save(..., output_format="exported_program"): on a GPU host,
                                   torch_tensorrt.load("DIR/model.ep").module() runs it, no torchtrt_compat needed
    DIR/engines/<name>.plan        each engine's serialized bytes, as TensorRT-RTX built them (the same bytes as in
                                   the .ep)
    DIR/report.json                the CompileReport
    DIR/manifest.json              format, versions, targets, input specs, report, and every file's size and sha256

A ``partition="auto"`` build (the whole model does not export) is saved as one ``.ep`` per TensorRT part instead of
``model.ep`` (manifest ``"kind": "partitioned"``; `partitioned_artifact`), deployed with ``load(DIR).attach(model)``.

``load(DIR)`` reads the manifest within limits, checks every file's size and hash, and checks every part of the
``.ep`` that torch would unpickle (`_ep_reader`) before torch sees it; nothing is unpickled that could run code.
`why_not_runnable` needs only the manifest. The old single-file ``.ttc`` (a pickle) is read only with ``trust=True``.
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
from .._bounded import MAX_MANIFEST_BYTES, load_json_file, read_bytes
from .._errors import IncompatibleError, InternalError, UsageError
from .compile_report import CompileReport

FORMAT = "torchtrt_compat.engine_artifact/2"
LEGACY_FORMAT = "torchtrt_compat.engine_artifact/1"  #: the single-file .ttc zip with a pickled module
PROGRAM, MANIFEST, REPORT = "model.ep", "manifest.json", "report.json"
MAX_FILE_BYTES = 16 * 1024**3  #: the largest .ep or plan file load() reads (engines of very large models fit)


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
    _saved_parts: list[Any] | None = field(default=None, repr=False)  #: partitioned_artifact.SavedPart, when loaded

    def engine_modules(self) -> dict[str, Any]:
        """Submodule name -> torch_tensorrt engine module (``_run_on_acc_N``) of a built artifact."""
        from .._engines import is_engine

        if self.module is None:
            return {}
        if self.report.partition:  # partition='auto': "<part path>.<engine>" over the spliced parts
            from .partitioned_artifact import engine_modules

            return engine_modules(self.module)
        return {name: child for name, child in self.module.named_children() if is_engine(child)}

    @property
    def engines(self) -> dict[str, bytes]:
        """Engine name -> the serialized TensorRT engine."""
        if self._plans is not None:
            return dict(self._plans)
        return {name: bytes(m.serialized_engine) for name, m in self.engine_modules().items()}

    # ---- files -------------------------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the artifact folder ``path`` as one (old folder or new one, never a mix); returns ``path``.

        An existing artifact folder there is replaced; any other non-empty folder or a file is left alone (a
        `UsageError`). A disk that fills or a path that cannot be written is a `UsageError` and changes nothing.
        """
        target = Path(path)
        check_replaceable(target)
        try:
            with _atomic.atomic_dir(target) as staging:
                if self.report.partition:  # partition='auto': one .ep per part (partitioned_artifact)
                    from .partitioned_artifact import write_into

                    write_into(self, staging)
                else:
                    self._write_into(staging)
        except OSError as exc:
            raise UsageError(
                f"Cannot write the engine artifact {target}: {exc.strerror or exc}.",
                "choose a writable directory with free space; nothing was changed there",
            ) from None
        return target

    def _write_into(self, folder: Path) -> None:
        from ._ep_reader import read_ep

        program = self._program if self._program is not None else self._export_program(folder / PROGRAM)
        if self._program is not None:
            _atomic.write_file(folder / PROGRAM, program)
        elif _atomic._after_write is not None:
            _atomic._after_write(folder / PROGRAM)
        plans = self.engines
        inside = read_ep(program, what=f"the saved {PROGRAM}", fix="report this as a torchtrt_compat bug").engines
        if inside != plans:  # the .ep must carry exactly the engines built here, byte for byte
            raise InternalError(f"the engines in {PROGRAM} differ from the built engines ({sorted(inside)})")
        (folder / "engines").mkdir()
        files = {PROGRAM: _describe(program)}
        for name, blob in plans.items():
            _atomic.write_file(folder / _plan_file(name), blob)
            files[_plan_file(name)] = _describe(blob)
        report = (self.report.to_json() + "\n").encode()
        _atomic.write_file(folder / REPORT, report)
        files[REPORT] = _describe(report)
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
        from .._upstream import load_torch_tensorrt, shim_context
        from ..shims import activate

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
            return fh.read()

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, trust: bool = False) -> EngineArtifact:
        """Read an artifact folder written by `save` (no torch import, nothing unpickled that could run code).

        A damaged, foreign or tampered folder raises `UsageError` naming the fix. An old single-file ``.ttc`` holds a
        pickle that runs code when read: it is read only with ``trust=True``, for files you built yourself.
        """
        source = Path(path)
        rebuild = f"rebuild it: torchtrt-compat build MODEL --cc CC --out {source.parent}"
        if source.is_file():
            from ._legacy_ttc import load_trusted_ttc

            if not trust:
                raise UsageError(
                    f"{source} is an old single-file artifact: its module is a pickle, which can run any code when "
                    "it is read, so it is not read by default.",
                    f"{rebuild} (the new folder format runs nothing when loaded), or, for a file you built "
                    "yourself, EngineArtifact.load(path, trust=True)",
                )
            return load_trusted_ttc(cls, source, rebuild)
        if not source.is_dir():
            raise UsageError(f"Engine artifact {source} does not exist.", "pass the folder written by build/save")
        manifest = _read_manifest(source, rebuild)
        blobs = {name: _read_checked(source, name, meta, rebuild) for name, meta in manifest["files"].items()}
        plans = {name: blobs[file] for name, file in manifest["engines"].items()}
        if manifest.get("kind") == "partitioned":  # one .ep per part (partitioned_artifact)
            from .partitioned_artifact import read_parts

            parts = read_parts(manifest, blobs, source, rebuild)
            report = _read_report(manifest, source, rebuild)
            return cls(None, report, manifest["metadata"], _plans=plans, _source=source, _saved_parts=parts)
        program = blobs[manifest["program"]]
        _check_program(program, plans, source, rebuild)
        report = _read_report(manifest, source, rebuild)
        return cls(None, report, manifest["metadata"], _plans=plans, _program=program, _source=source)

    def attach(self, model: Any) -> Any:
        """For an artifact built with ``partition='auto'`` and loaded here: a copy of ``model`` (built from your own
        code) with each TensorRT part swapped in, after checking that the model's submodules match the parts (class,
        forward signature, weights layout). The rest of the model stays your PyTorch code; ``model`` is unchanged."""
        from .partitioned_artifact import attach

        return attach(self, model)

    # ---- running -----------------------------------------------------------------------------------------------
    def why_not_runnable(self, env: Any = None) -> list[str]:
        """Every reason the engines cannot run in ``env`` (default: this machine); empty when they can."""
        from ..env import detect_environment
        from ..versions import base

        env = env or detect_environment()
        where = "this machine" if env.source == "this machine" else "the target"
        meta = self.metadata
        reasons = []
        want_flavour, want_trt = meta.get("flavour"), meta.get("tensorrt_version")
        if env.flavour != want_flavour:
            reasons.append(
                f"the engines were built with {want_flavour}, but {where} has {env.flavour or 'no TensorRT'}"
            )
        elif want_trt and env.tensorrt_version and base(want_trt) != base(env.tensorrt_version):
            reasons.append(
                f"the engines were built with {want_flavour} {want_trt}, but {env.tensorrt_version} is installed "
                f"(TensorRT engines only load in the version that built them): pip install "
                f"'{env.tensorrt.name}=={want_trt}' or rebuild here"
            )
        want_tt, have = meta.get("torch_tensorrt"), env.torch_tensorrt
        if isinstance(want_tt, str) and have is None:
            reasons.append(f"torch_tensorrt is not installed on {where}; model.ep needs it: pip install '{want_tt}'")
        elif isinstance(want_tt, str) and have is not None and want_tt != f"{have.name}=={have.version}":
            reasons.append(
                f"the program was saved by {want_tt}, but {where} has {have.name}=={have.version} (its engine "
                f"records and graph format follow that release): pip install '{want_tt}' or rebuild here"
            )
        targets = meta.get("targets", [])
        if not env.gpus:
            reasons.append(f"no NVIDIA GPU is visible on {where}")
            return reasons
        from ..checker import gpu_advice

        for i, gpu in enumerate(env.gpus):
            if gpu.compute_capability in targets:
                continue
            advice = gpu_advice(want_flavour, want_trt, gpu.compute_capability)
            fix = f"rebuild with --cc {gpu.compute_capability}" if advice is None else f"{advice[0]}: {advice[1]}"
            reasons.append(
                f"GPU {i} ({gpu.name}) has compute capability {gpu.compute_capability}, but the engines target "
                f"{', '.join(targets) or 'nothing'}: {fix}"
            )
        return reasons

    def runnable_module(self, device: str = "cuda:0") -> Any:
        """Set up the engines through torch_tensorrt and return the module on ``device``. Needs a supported GPU."""
        if self._saved_parts is not None:
            raise UsageError(
                "This artifact was built with partition='auto': its parts run inside your model, not on their own.",
                "artifact.attach(model), with model built from your code, then call it as usual",
            )
        reasons = self.why_not_runnable()
        if reasons:
            raise IncompatibleError(f"These engines cannot run here: {'; '.join(reasons)}.", _first_fix(reasons[0]))
        from .frontend import guard_runtime

        if self.module is None and self._program is not None:
            import torch

            from .._upstream import load_torch_tensorrt

            load_torch_tensorrt()  # registers tensorrt::execute_engine and the engine classes
            # The .ep's pickled parts were checked in load(): only engine records, rebuilt by torch_tensorrt.
            self.module = torch.export.load(io.BytesIO(self._program)).module()
        else:
            for m in self.engine_modules().values():
                m.setup_engine()
        module = self.module.to(device)
        guard_runtime(module, device, self.report)
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
        from .. import _display

        meta = self.metadata
        rows = [(name, f"{len(blob) / 1e6:.1f} MB") for name, blob in self.engines.items()]
        facts = [
            ("targets", self._targets_text()),
            ("built with", f"{meta.get('flavour') or '?'} {meta.get('tensorrt_version') or ''}"),
            ("torch_tensorrt", meta.get("torch_tensorrt") or "?"),
            ("built", f"{meta.get('created', '?')} on {meta.get('built_on', '?')}"),
        ]
        if self._source is not None:
            facts.append(("loaded from", str(self._source)))
        tone = "ok" if rows else "warning"
        return _display.section(
            "EngineArtifact",
            _display.badge(self._size_text(), tone),
            _display.key_values(facts),
            _display.table(rows, ["engine", "size"]) if rows else "",
            self.report._repr_html_(),
        )


# ---- the folder ------------------------------------------------------------------------------------------------
def check_replaceable(target: Path) -> None:
    """``target`` may become an artifact folder: it is missing, empty, or an artifact folder (replaced as one)."""
    _atomic.check_replaceable(target, marker=MANIFEST, what="an engine artifact")


def _plan_file(name: str) -> str:
    return f"engines/{name}.plan"


def _describe(blob: bytes) -> dict[str, Any]:
    return {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest()}


def _read_manifest(source: Path, rebuild: str) -> dict[str, Any]:
    """The manifest, read within limits and checked for shape: anything else is a `UsageError` with the fix."""
    path = source / MANIFEST
    if not os.path.lexists(path):
        inner = sorted(d for d in source.iterdir() if (d / MANIFEST).is_file())
        if inner:  # `build --out DIR` writes DIR/NAME/
            raise UsageError(f"{source} is not an engine artifact folder.", f"pass the artifact folder {inner[0]}")
    data = load_json_file(path, limit=MAX_MANIFEST_BYTES, what="Engine artifact manifest", fix=rebuild)

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
    for name, file in [*([] if partitioned else [("program", data["program"])]), *data["engines"].items()]:
        if not isinstance(file, str) or file not in files:
            raise bad(f"names {name!r} -> {file!r}, which 'files' does not list")
    if partitioned:
        from .partitioned_artifact import check_manifest

        check_manifest(data, bad)
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


def _read_report(manifest: dict[str, Any], source: Path, rebuild: str) -> CompileReport:
    try:
        return CompileReport.from_dict(manifest["report"])
    except (TypeError, ValueError) as exc:
        raise UsageError(f"{source / MANIFEST}: the report is malformed ({exc}).", rebuild) from None


def _check_program(program: bytes, plans: dict[str, bytes], source: Path, rebuild: str, name: str = PROGRAM) -> None:
    """The .ep runs nothing when torch loads it, and carries exactly the plan files' engines."""
    from ._ep_reader import read_ep

    what = f"{source / name}"
    contents = read_ep(program, what=what, fix=rebuild)
    if contents.engines != plans:
        raise UsageError(
            f"{what} and the plan files beside it hold different engines "
            f"({sorted(contents.engines)} vs {sorted(plans)}, compared byte for byte).",
            rebuild,
        )
    if contents.torch_pickles:  # tensor pickles or sample inputs: only torch's weights_only reader may take them
        from .._lazy import require

        torch = require("torch")
        for member, blob in contents.torch_pickles.items():
            try:
                torch.load(io.BytesIO(blob), weights_only=True)
            except Exception as exc:
                raise UsageError(
                    f"{what}: {member} does not load with torch.load(weights_only=True) ({exc.__class__.__name__}); "
                    "torch.export.load would then unpickle it without limits, so it is not read.",
                    rebuild,
                ) from None


def _first_fix(reason: str) -> str:
    """The actionable part of a `why_not_runnable` reason (after its last colon), or a rebuild."""
    tail = reason.rsplit(": ", 1)
    return tail[1] if len(tail) == 2 else "rebuild the artifact on this machine's stack with `torchtrt-compat build`"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
