"""A whole-model artifact (manifest ``"kind": "whole"``, the default): one ``model.ep`` and its engines.

``DIR/model.ep`` is what ``torch_tensorrt.save(..., output_format="exported_program")`` writes;
``DIR/engines/<name>.plan`` holds each engine's bytes, the same bytes as in the ``.ep``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._engines import is_engine
from ..._errors import InternalError, UsageError
from ..compile_report import CompileReport
from .ep_reader import validate_program
from .files import (
    FORMAT,
    MANIFEST,
    PROGRAM,
    REPORT,
    check_program,
    describe,
    export_program,
    is_engine_name,
    note_shims,
    plan_file,
    report_bytes,
    saved_report,
    scrub_paths,
)

KIND = "whole"


def engine_modules(module: Any) -> dict[str, Any]:
    """Submodule name -> torch_tensorrt engine module (``_run_on_acc_N``) of a built whole-model module."""
    return {name: child for name, child in module.named_children() if is_engine(child)}


def write_into(
    folder: Path,
    *,
    program: bytes | None,
    module: Any,
    engines: dict[str, bytes],
    report: CompileReport,
    metadata: dict[str, Any],
) -> None:
    """Write a whole-model artifact's files into the staging ``folder``: ``program`` as it was read (a loaded
    artifact), else ``module`` exported here."""
    if program is not None:
        _atomic.write_file(folder / PROGRAM, program)
    elif module is not None:
        program, applied = export_program(module, folder / PROGRAM, metadata.get("targets") or [])
        note_shims(report, applied)
    else:
        raise InternalError("an EngineArtifact has neither a module nor a loaded program")
    for name in engines:
        if not is_engine_name(name):
            raise UsageError(
                f"the artifact names the engine {str(name)[:80]!r}, which is not an identifier (letters, digits, '_').",
                "rebuild the artifact; engine names become file names and are never paths",
            )
    validated = validate_program(program, where=f"the saved {PROGRAM}", fix="report this as a torchtrt_compat bug")
    if validated.engines != engines:  # the .ep must carry exactly the engines built here, byte for byte
        raise InternalError(f"the engines in {PROGRAM} differ from the built engines ({sorted(validated.engines)})")
    (folder / "engines").mkdir()
    files = {PROGRAM: describe(program)}
    for name, blob in engines.items():
        _atomic.write_file(_inside(folder, plan_file(name)), blob)
        files[plan_file(name)] = describe(blob)
    report_json = report_bytes(report)
    _atomic.write_file(folder / REPORT, report_json)
    files[REPORT] = describe(report_json)
    manifest = {
        "format": FORMAT,
        "program": PROGRAM,
        "load_with": f"torch_tensorrt.load('{PROGRAM}').module()",
        "engines": {name: plan_file(name) for name in engines},
        "files": files,
        "metadata": scrub_paths(metadata),
        "report": saved_report(report),
    }
    _atomic.write_file(folder / MANIFEST, (json.dumps(manifest, indent=2, default=str) + "\n").encode())


def read_program(manifest: dict[str, Any], blobs: dict[str, bytes], source: Path, rebuild: str) -> bytes:
    """The checked ``model.ep`` of a whole-model folder: validated whole, carrying exactly the plan files' engines."""
    plans = {name: blobs[file] for name, file in manifest["engines"].items()}
    program = blobs[manifest["program"]]
    check_program(program, plans, source, rebuild)
    return program


def _inside(folder: Path, rel: str) -> Path:
    """``folder/rel``, refusing any path that would land outside ``folder``."""
    path = folder / rel
    if os.path.commonpath([os.path.abspath(path), os.path.abspath(folder)]) != os.path.abspath(folder):
        raise InternalError(f"{rel!r} would be written outside {folder}")
    return path
