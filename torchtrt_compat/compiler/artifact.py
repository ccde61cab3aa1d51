"""`EngineArtifact`: serialized TensorRT engines plus the PyTorch parts, a report and metadata, in one file.

The file is a zip: ``manifest.json`` (format, versions, targets, input specs, report), ``engines/<name>.engine``
(the engines TensorRT built, byte for byte) and ``module.pt`` (the partitioned GraphModule with the engine bytes
taken out). It is written atomically. Loading checks the environment first and says exactly why an engine cannot
run here; setting the engines up is left to torch_tensorrt (``TorchTensorRTModule.setup_engine``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._atomic import atomic_open
from .._errors import IncompatibleError, UsageError
from .._patch import patched
from .compile_report import CompileReport

FORMAT = "torchtrt_compat.engine_artifact/1"


@dataclass
class EngineArtifact:
    """Engines built by `build_engine`, with the PyTorch parts, the `CompileReport` and metadata (versions, targets,
    input specs). `save` / `load` move it between machines; `why_not_runnable` says what stops it on one."""

    module: Any  #: partitioned torch.fx.GraphModule; TensorRT submodules hold serialized engines
    report: CompileReport
    metadata: dict[str, Any] = field(default_factory=dict)

    def engine_modules(self) -> dict[str, Any]:
        """Submodule name -> torch_tensorrt engine module (``_run_on_acc_N``)."""
        from .._engines import is_engine

        return {name: child for name, child in self.module.named_children() if is_engine(child)}

    @property
    def engines(self) -> dict[str, bytes]:
        """Engine name -> the serialized TensorRT engine."""
        return {name: bytes(m.serialized_engine) for name, m in self.engine_modules().items()}

    # ---- files -------------------------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the artifact atomically (a reader never sees half a file); returns the path."""
        import torch

        target = Path(path)
        if target.is_dir():
            raise UsageError(f"{target} is a directory.", f"pass a file path such as {target / 'model.ttc'}")
        engines = self.engine_modules()
        manifest = {
            "format": FORMAT,
            "metadata": self.metadata,
            "report": self.report.to_dict(),
            "engines": {name: f"engines/{name}.engine" for name in engines},
        }
        module_bytes = io.BytesIO()
        with contextlib.ExitStack() as stack:  # pickle the module without the engine bytes, stored beside it
            for m in engines.values():
                stack.enter_context(patched(m, "serialized_engine", None))
            torch.save(self.module, module_bytes)
        with atomic_open(target, "wb") as fh, zipfile.ZipFile(fh, "w", compression=zipfile.ZIP_STORED) as zf:
            zf.writestr("manifest.json", json.dumps(manifest, indent=2, default=str))
            for name, m in engines.items():
                zf.writestr(f"engines/{name}.engine", bytes(m.serialized_engine))
            zf.writestr("module.pt", module_bytes.getvalue())
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> EngineArtifact:
        """Read an artifact written by `save`. A damaged or foreign file raises `UsageError` naming the fix."""
        import torch

        from .._upstream import load_torch_tensorrt

        source = Path(path)
        rebuild = f"rebuild it: torchtrt-compat build MODEL --cc CC --out {source.parent}"
        if not source.is_file():
            raise UsageError(f"Engine artifact {source} does not exist.", "pass the file written by build/save")
        try:
            with zipfile.ZipFile(source) as zf:
                manifest = json.loads(zf.read("manifest.json"))
                if manifest.get("format") != FORMAT:
                    raise UsageError(
                        f"{source} is not a torchtrt_compat engine artifact ({manifest.get('format')!r}).", rebuild
                    )
                engines = {name: zf.read(member) for name, member in manifest["engines"].items()}
                module_bytes = zf.read("module.pt")
        except (zipfile.BadZipFile, KeyError, json.JSONDecodeError, OSError, EOFError) as exc:
            raise UsageError(
                f"Engine artifact {source} is corrupt or truncated ({exc.__class__.__name__}: {exc}).", rebuild
            ) from None
        load_torch_tensorrt()  # TorchTensorRTModule must be importable to unpickle
        try:
            module = torch.load(io.BytesIO(module_bytes), weights_only=False)
        except Exception as exc:
            raise UsageError(f"Engine artifact {source}: the PyTorch module cannot be read ({exc}).", rebuild) from None
        artifact = cls(module, CompileReport.from_dict(manifest["report"]), manifest["metadata"])
        for name, m in artifact.engine_modules().items():
            if name not in engines:
                raise UsageError(f"Engine artifact {source} lacks engines/{name}.engine.", rebuild)
            m.serialized_engine = engines[name]
        return artifact

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
        reasons = self.why_not_runnable()
        if reasons:
            raise IncompatibleError(f"These engines cannot run here: {'; '.join(reasons)}.", _first_fix(reasons[0]))
        for m in self.engine_modules().values():
            m.setup_engine()
        from .frontend import guard_runtime

        module = self.module.to(device)
        guard_runtime(module, device, self.report)
        return module

    def summary(self) -> str:
        """The report plus engine sizes and build time, aligned like the report."""
        sizes = ", ".join(f"{n} {len(b) / 1e6:.1f} MB" for n, b in self.engines.items())
        pad = " " * (len("ops left to PyTorch") - len("engines"))
        return (
            f"{self.report}\n  engines{pad} : {sizes or 'none'}\n  built{pad}   : {self.metadata.get('created', '?')}"
        )


def _first_fix(reason: str) -> str:
    """The actionable part of a `why_not_runnable` reason (after its last colon), or a rebuild."""
    tail = reason.rsplit(": ", 1)
    return tail[1] if len(tail) == 2 else "rebuild the artifact on this machine's stack with `torchtrt-compat build`"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
