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
hash, and validates the whole ``.ep`` as a closed format (`ep_reader.validate_program`). `runnable_module` hands
torch a canonical ``.ep`` re-written from the validated parts, never the bytes on disk. `why_not_runnable` needs only
the manifest. The old single-file ``.ttc`` (a pickle) is read only with ``trust=True``.

The two kinds sit side by side: a whole model (`whole`, one ``model.ep``) and a ``partition="auto"`` build, whose
whole model does not export (`partitioned`, one ``.ep`` per TensorRT part, manifest ``"kind": "partitioned"``,
deployed with ``load(DIR).attach(model)``). `EngineArtifact.kind` says which. Both are read by one folder reader
(`folder`).
"""

from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ... import _atomic
from ..._errors import IncompatibleError, InternalError, UsageError
from ...compatibility.advice import gpu_advice
from ...env import detect_environment
from ...runtime.hooks import guard_runtime
from ...ux import display as _display
from ...versions import base, sm_name
from .._upstream import load_torch_tensorrt
from ..compile_report import CompileReport
from . import partitioned, whole
from .ep_reader import validate_program
from .files import FORMAT, PROGRAM, read_report
from .folder import KIND, MAX_FILE_BYTES, check_replaceable, identity, read_folder
from .legacy_ttc import LEGACY_FORMAT, load_trusted_ttc
from .partitioned import SavedPart
from .signing import SIGNATURE, required_key, sign_folder, verify_folder

__all__ = ["FORMAT", "KIND", "LEGACY_FORMAT", "MAX_FILE_BYTES", "EngineArtifact", "Reason", "check_replaceable", "now"]
Kind = Literal["whole", "partitioned"]


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
    #: ``"whole"`` (one ``model.ep``) or ``"partitioned"`` (a ``partition="auto"`` build: one ``.ep`` per part)
    kind: Kind = "whole"
    _plans: dict[str, bytes] | None = field(default=None, repr=False)  #: engines of a loaded artifact
    _program: bytes | None = field(default=None, repr=False)  #: the checked .ep of a loaded whole-model artifact
    _source: Path | None = field(default=None, repr=False)
    _saved_parts: list[SavedPart] | None = field(default=None, repr=False)  #: a loaded partitioned artifact's parts

    def engine_modules(self) -> dict[str, Any]:
        """Submodule name -> torch_tensorrt engine module of a built artifact: ``_run_on_acc_N``, or for a
        partitioned one ``<part path>._run_on_acc_N`` over the spliced parts."""
        if self.module is None:
            return {}
        if self.kind == partitioned.KIND:
            return partitioned.engine_modules(self.module)
        return whole.engine_modules(self.module)

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
        target = check_replaceable(Path(path))
        try:
            with _atomic.atomic_dir(target) as staging:
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
        if self.kind == partitioned.KIND:
            partitioned.write_into(
                folder, saved=self._saved_parts, module=self.module, report=self.report, metadata=self.metadata
            )
        else:
            whole.write_into(
                folder,
                program=self._program,
                module=self.module,
                engines=self.engines,
                report=self.report,
                metadata=self.metadata,
            )

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
            before = identity(source)
            try:
                signed = verify_folder(source, key) if key is not None else None  # before anything is parsed
                return cls._load_folder(source, rebuild, signed)
            except UsageError:
                if attempt == 2 or identity(source) == before:
                    raise
        raise InternalError("unreachable")

    @classmethod
    def _load_folder(cls, source: Path, rebuild: str, signed: dict[str, str] | None = None) -> EngineArtifact:
        manifest, blobs = read_folder(source, rebuild, signed)
        plans = {name: blobs[file] for name, file in manifest["engines"].items()}
        if manifest.get("kind") == partitioned.KIND:
            parts = partitioned.read_parts(manifest, blobs, source, rebuild)
            report = read_report(manifest, source, rebuild)
            return cls(
                None, report, manifest["metadata"], "partitioned", _plans=plans, _source=source, _saved_parts=parts
            )
        program = whole.read_program(manifest, blobs, source, rebuild)
        report = read_report(manifest, source, rebuild)
        return cls(None, report, manifest["metadata"], _plans=plans, _program=program, _source=source)

    def attach(self, model: Any) -> Any:
        """For an artifact built with ``partition='auto'`` and loaded here: a copy of ``model`` (built from your own
        code) with each TensorRT part swapped in, after checking that the model's submodules match the parts (class,
        forward signature, weights layout). The rest of the model stays your PyTorch code; ``model`` is unchanged."""
        if self._saved_parts is None:
            raise UsageError(
                "attach() takes the parts of a loaded partitioned artifact; this one "
                + ("is not partitioned." if self.kind != partitioned.KIND else "was built in this process."),
                "use artifact.runnable_module() for a whole-model artifact, or artifact.module for one built here",
            )
        return partitioned.attach(self._saved_parts, model, self._source, self.why_not_runnable)

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
        from the validated parts (`ep_reader.ValidatedProgram.canonical_bytes`), never the bytes that were read.
        """
        if self.kind == partitioned.KIND and self.module is None:
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
        return " ".join(sm_name(c) for c in self.metadata.get("targets") or []) or "no target"

    def summary(self) -> str:
        """The report plus engine sizes and build time, aligned like the report."""
        sizes = ", ".join(f"{n} {len(b) / 1e6:.1f} MB" for n, b in self.engines.items())
        return self.report.format([("engines", sizes or "none"), ("built", str(self.metadata.get("created", "?")))])

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


def now() -> str:
    """The time of a build as the metadata records it (UTC, ISO 8601)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
