"""`EngineArtifact`: TensorRT engines built ahead of time, in the format torch_tensorrt users deploy.

``save(DIR)`` writes a folder, published as one (``_atomic.atomic_dir``)::

    DIR/model.ep                   torch_tensorrt.save(..., output_format="exported_program"): on a GPU host,
                                   torch_tensorrt.load("DIR/model.ep").module() runs it, no torchtrt_compat needed;
                                   it holds each engine (stored once; ``artifact.engines`` gives their bytes)
    DIR/report.json                the CompileReport
    DIR/manifest.json              format, versions, targets, each input's shape or range (min/opt/max per axis),
                                   each engine's size, sha256 and input profile, the report, every file's size and
                                   sha256
    DIR/.torchtrt_compat           marks the folder as ours: only such a folder is ever replaced
    DIR/signature.sig              with save(sign_key=) / build --sign-key: an OpenSSF model-signing signature

``load(DIR)`` checks the signature first when one is required (``verify_with=``, ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE``),
then reads the manifest within limits, refuses any file it does not list and any symlink, checks every file's size and
hash, and validates the whole ``.ep`` as a closed format (`ep_reader.validate_program`). `runnable_module` hands
torch a canonical ``.ep`` re-written from the validated parts, never the bytes on disk, and (like `attach`) guards
the module: a call with an input outside the recorded shapes or ranges is refused before it reaches an engine
(`profiles.check_call`; `check_inputs` asks the same without running anything). `why_not_runnable` needs only
the manifest. The old single-file ``.ttc`` (a pickle) is read only with ``trust=True``.

The two kinds sit side by side: a whole model (`whole`, one ``model.ep``) and a ``partition="auto"`` build, whose
whole model does not export (`partitioned`, one ``.ep`` per TensorRT part, manifest ``"kind": "partitioned"``,
deployed with ``load(DIR).attach(model)``). `EngineArtifact.kind` says which. Both are read by one folder reader
(`folder`).
"""

from __future__ import annotations

import copy
import datetime
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
from ..compile_report import CompileReport, input_lines
from ..deploy_check import OutputCheck, cannot_run, check_against, precision_of, recorded_input_ranges
from . import partitioned, profiles, whole
from .ep_reader import validate_program
from .files import PROGRAM, read_report
from .folder import KIND, check_replaceable, identity, read_folder
from .legacy_ttc import load_trusted_ttc
from .partitioned import SavedPart
from .signing import SIGNATURE, load_private_key, required_key, sign_folder, verify_folder

__all__ = ["BUILD_KEY", "EngineArtifact", "Reason", "now"]

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
    _signed_name: str | None = field(default=None, repr=False)  #: the name a verified signature binds

    @property
    def signed_as(self) -> str | None:
        """The name the verified signature of a loaded artifact binds (``load(..., verify_with=)``), else None."""
        return self._signed_name

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
    def save(
        self,
        path: str | os.PathLike[str],
        *,
        sign_key: str | os.PathLike[str] | None = None,
        name: str | None = None,
        within: str | os.PathLike[str] | None = None,
    ) -> Path:
        """Write the artifact folder ``path`` as one (old folder or new one, never a mix); returns ``path``.

        An artifact folder this library wrote there is replaced; anything else (a file, a folder with other files) is
        left alone (a `UsageError`). A symlink to a folder is followed: the folder it names is replaced. With
        ``sign_key`` (an elliptic-curve private key, PEM) the folder is signed before it is published, under ``name``
        (default: the folder's name), which a deploy host can pin (``load(..., expect_name=)``). With ``within`` (a
        shared output folder), no folder from there down to ``path`` may be a symlink. A disk that fills or a path
        that cannot be written is a `UsageError` and changes nothing.
        """
        target = Path(path)
        if name is not None and not (isinstance(name, str) and 0 < len(name) <= 255 and name.isprintable()):
            raise UsageError(
                f"The name to sign under, {str(name)[:60]!r}, is not a printable text of 1 to 255 characters.",
                "pass name='resnet' (default: the folder's name)",
            )
        if sign_key is not None:
            load_private_key(sign_key)  # a wrong key fails before anything is written
        if within is not None:
            _atomic.check_no_links(target, within, what="an engine artifact")
        target = check_replaceable(target)
        try:
            with _atomic.atomic_dir(target, within=within) as staging:
                self._write_into(staging)
                _atomic.mark_folder(staging, KIND, may_add=(SIGNATURE,) if sign_key is not None else ())
                if sign_key is not None:
                    sign_folder(staging, sign_key, name=name or target.name)
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
        expect_name: str | None = None,
        not_older_than: str | datetime.date | None = None,
        expect_build_key: str | None = None,
    ) -> EngineArtifact:
        """Read an artifact folder written by `save` (no torch import, nothing unpickled that could run code).

        ``verify_with`` (a public key file), or ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE`` on this host, checks the
        folder's signature before anything in it is parsed; a symlinked folder is read (and verified) as the folder it
        names. A signature proves who signed, not which build: ``expect_name`` (the name it was signed under, e.g.
        ``resnet`` or a plan's ``resnet/sm89-fp16``), ``not_older_than`` (a date or ISO time, compared with the signed
        ``created``) and ``expect_build_key`` (a build farm's content key) refuse a substituted or rolled-back
        artifact; they need a signature. A damaged, foreign, unsigned-when-required, tampered or unexpected folder
        raises `UsageError` naming the fix. An old single-file ``.ttc`` holds a pickle that runs code when read: it is
        read only with ``trust=True``, for files you built yourself.
        """
        source = Path(path)
        try:
            return cls._load(source, trust, verify_with, Expectations(expect_name, not_older_than, expect_build_key))
        except OSError as exc:  # a folder that vanished or cannot be read midway: the user's input, one line
            raise UsageError(
                f"Cannot read the engine artifact {source}: {exc.strerror or exc}.", "pass a readable artifact folder"
            ) from None

    @classmethod
    def _load(
        cls, source: Path, trust: bool, verify_with: str | os.PathLike[str] | None, expect: Expectations
    ) -> EngineArtifact:
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
        if key is None and expect.any():
            raise UsageError(
                f"expect_name, not_older_than and expect_build_key check what a signature binds, and {source} is "
                "loaded without a key.",
                "pass verify_with=PUBLIC_KEY (torchtrt-compat verify DIR --key PUB), or set "
                "TORCHTRT_COMPAT_REQUIRE_SIGNATURE",
            )
        real = Path(os.path.realpath(source))  # `current -> releases/v3`: one folder, verified and read
        for attempt in (1, 2):  # a build publishing over the folder meanwhile: read it again, once
            before = identity(real)
            try:
                signed = verify_folder(real, key, hash_files=False) if key is not None else None  # before parsing
                artifact = cls._load_folder(real, rebuild, signed.digests if signed is not None else None)
                break
            except UsageError:
                if attempt == 2 or identity(real) == before:
                    raise
        else:  # pragma: no cover
            raise InternalError("unreachable")
        if signed is not None:
            artifact._signed_name = signed.name
            expect.check(source, signed.name, artifact.metadata)
        return artifact

    @classmethod
    def _load_folder(cls, source: Path, rebuild: str, signed: dict[str, str] | None = None) -> EngineArtifact:
        manifest, blobs = read_folder(source, rebuild, signed)
        if manifest.get("kind") == partitioned.KIND:
            parts = partitioned.read_parts(manifest, blobs, source, rebuild)
            report = read_report(manifest, source, rebuild)
            plans = {f"{p.path}.{name}": blob for p in parts for name, blob in p.engines.items()}
            return cls(
                None, report, manifest["metadata"], "partitioned", _plans=plans, _source=source, _saved_parts=parts
            )
        program, plans = whole.read_program(manifest, blobs, source, rebuild)
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
        attached = partitioned.attach(self._saved_parts, model, self._source, self.why_not_runnable)
        for part in self._saved_parts:  # each part runs only with the tensor shapes it was built for
            spliced = attached.get_submodule(part.path)
            profiles.guard(spliced.compiled, profiles.part_specs(part.path, part.entry), self._what())
        return attached

    @property
    def inputs(self) -> list[dict[str, Any]]:
        """Each input as built: ``name``, ``dtype``, and ``shape`` or ``min_shape``/``opt_shape``/``max_shape``."""
        found = self.metadata.get("inputs")
        return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []

    def check_inputs(self, *args: Any, **kwargs: Any) -> None:
        """Raise a one-line `UsageError` when a call with these inputs falls outside the shapes or ranges the engines
        were built for (the check `runnable_module` runs before every call); return None when it fits."""
        profiles.check_call(self.inputs, args, kwargs, self._what())

    def _what(self) -> str:
        return f"engine artifact {self._source}" if self._source is not None else "engine artifact"

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
        profiles.guard(module, self.inputs, self._what())  # first: no input outside the profile reaches an engine
        warning = guard_runtime(module, device)
        if warning:
            self.report.warnings.append(warning)
        return module

    def check_outputs(
        self,
        model: Any,
        inputs: Any = None,
        *,
        runs: int = 10,
        tolerance: Any = None,
        device: str = "cuda:0",
        latency: bool = True,
        torch_compile: bool = True,
        search: bool = True,
        iters: int = 100,
    ) -> OutputCheck:
        """Run these engines beside ``model`` (the PyTorch model they were built from) on this host: is the artifact
        right, and is it faster? Nothing is raised for a wrong or slow artifact; the `OutputCheck` says which
        (``exit_code`` 0 right and faster, 1 wrong or slower than eager, 2 cannot run here, with `why_not_runnable`).

        ``inputs``: a tensor or tuple (one draw), a list of tuples, a function ``draw -> tuple``, or None to draw
        ``runs`` sets inside the shapes (or profiles) the artifact recorded. ``tolerance``: a number (atol),
        ``(atol, rtol)``, a dict or a `deploy_check.Tolerance`; default the one for the artifact's precision.
        ``latency``: p50/p99 against eager and (``torch_compile``) ``torch.compile`` on ``device``. ``search``: when
        a reduced-precision artifact is wrong, the layers that fail in that precision in PyTorch and the build
        setting of the artifact's torch_tensorrt release that keeps them in FP32. ``model`` runs in eval mode and is
        left as it was (a copy runs on ``device`` when it is elsewhere)."""
        precision = precision_of(self.report.settings, self.metadata)
        reasons = self.why_not_runnable()
        if reasons:
            return cannot_run(reasons, precision=precision)
        reference = model if _on(model, device) else copy.deepcopy(model).to(device)
        module = self.attach(reference) if self._saved_parts is not None else self.runnable_module(device)
        training = reference.training
        try:
            return check_against(
                module.to(device),
                reference.eval(),
                inputs,
                ranges=recorded_input_ranges(self.metadata),
                runs=runs,
                tolerance=tolerance,
                precision=precision,
                device=device,
                latency=latency,
                torch_compile=torch_compile,
                search=search,
                iters=iters,
                release=self.metadata.get("torch_tensorrt"),
            )
        finally:
            reference.train(training)

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
        return _display.safe(f"EngineArtifact({self._size_text()}, {self._targets_text()}, {built}{where})")

    def _repr_html_(self) -> str:
        meta = self.metadata
        rows = [(name, f"{len(blob) / 1e6:.1f} MB") for name, blob in self.engines.items()]
        facts = [
            ("targets", self._targets_text()),
            *[("input", line) for line in input_lines(self.inputs)],
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


BUILD_KEY = "build_key"  #: the metadata field where a build farm records a build's content key


@dataclass(frozen=True)
class Expectations:
    """What a deploy host pins beyond the key (`EngineArtifact.load`): all checked against signed data only."""

    name: str | None = None
    not_older_than: str | datetime.date | None = None
    build_key: str | None = None

    def any(self) -> bool:
        return any(v is not None for v in (self.name, self.not_older_than, self.build_key))

    def check(self, source: Path, signed_name: str, metadata: dict[str, Any]) -> None:
        fix = "deploy the artifact you meant (check the folder and its signature), or rebuild and sign it"
        if self.name is not None and signed_name != self.name:
            raise UsageError(
                f"{source} is signed as {signed_name!r}, not {self.name!r}: another artifact signed with the same key.",
                fix,
            )
        if self.build_key is not None and metadata.get(BUILD_KEY) != self.build_key:
            got = metadata.get(BUILD_KEY)
            raise UsageError(
                f"{source} has {'the build key ' + str(got)[:16] + '…' if got else 'no build key'}, not "
                f"{str(self.build_key)[:16]}…: another build (older, or of other code, settings or targets).",
                fix,
            )
        if self.not_older_than is not None:
            limit = parse_time(self.not_older_than, what="not_older_than")
            created = metadata.get("created")
            try:
                built = parse_time(str(created), what="created")
            except UsageError:
                raise UsageError(f"{source} records no build time it can be judged by.", fix) from None
            if built < limit:
                raise UsageError(
                    f"{source} was built {created}, before {limit.isoformat().replace('+00:00', 'Z')}: an older "
                    "signed artifact (a rollback?).",
                    fix,
                )


def parse_time(value: str | datetime.date, *, what: str) -> datetime.datetime:
    """A date (``2026-11-01``), an ISO time (``2026-11-01T12:00:00Z``) or a `datetime.date`, as an aware UTC time."""
    if isinstance(value, datetime.datetime):
        moment = value
    elif isinstance(value, datetime.date):
        moment = datetime.datetime(value.year, value.month, value.day)
    else:
        text = str(value).strip()
        try:
            moment = datetime.datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
        except ValueError:
            raise UsageError(
                f"{what} {text[:40]!r} is not a date or an ISO time.", "write e.g. 2026-11-01 or 2026-11-01T12:00:00Z"
            ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=datetime.timezone.utc)


def _built_text(meta: dict[str, Any]) -> str:
    """When and where: ``2026-11-24 17:59 UTC, ahead of time on a host without a GPU`` or ``... on NVIDIA L4``."""
    created = str(meta.get("created", "?")).replace("T", " ").replace("Z", " UTC")
    on = str(meta.get("built_on", "?"))
    return f"{created}, ahead of time on a host without a GPU" if on.startswith("no GPU") else f"{created} on {on}"


def _on(model: Any, device: str) -> bool:
    """Whether every parameter and buffer of ``model`` is on ``device`` already."""
    import torch

    want = torch.device(device)
    tensors = [*model.parameters(), *model.buffers()]
    return all(t.device.type == want.type and (t.device.index or 0) == (want.index or 0) for t in tensors)


def now() -> str:
    """The time of a build as the metadata records it (UTC, ISO 8601)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
