"""A whole-model artifact (manifest ``"kind": "whole"``, the default): one ``model.ep`` holding its engines.

``DIR/model.ep`` is what ``torch_tensorrt.save(..., output_format="exported_program")`` writes (for a dynamic-shape
build, with the program's size ranges set to the engines' profile, `profiles.widen_program`), so
``torch_tensorrt.load("DIR/model.ep")`` runs it. Each engine is stored once, inside it: the manifest lists each
engine's size, sha256 and input profile. A format-2 folder (engines also as ``engines/<name>.plan``) still loads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._engines import is_engine
from ..._errors import InternalError, UsageError
from ..compile_report import CompileReport
from . import profiles
from .ep_reader import validate_program
from .files import (
    FORMAT,
    FORMAT_V2,
    MANIFEST,
    PROGRAM,
    REPORT,
    check_engines,
    check_program,
    describe,
    describe_engine,
    export_program,
    is_engine_name,
    note_shims,
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
    try:  # what this library just wrote must pass its own reader: a refusal here is our bug, not the user's
        validated = validate_program(program, where=f"the saved {PROGRAM}")
    except UsageError as exc:
        raise InternalError(f"save wrote a program its own reader refuses: {exc.problem}") from None
    if validated.engines != engines:  # the .ep must carry exactly the engines built here, byte for byte
        raise InternalError(f"the engines in {PROGRAM} differ from the built engines ({sorted(validated.engines)})")
    specs = metadata.get("inputs") or []
    if profiles.widen_program(validated, specs):  # the program accepts every shape its engines take
        program = validated.canonical_bytes()
        (folder / PROGRAM).unlink()
        _atomic.write_file(folder / PROGRAM, program)
    engine_inputs = profiles.engine_profiles(validated, specs)
    files = {PROGRAM: describe(program)}
    report_json = report_bytes(report)
    _atomic.write_file(folder / REPORT, report_json)
    files[REPORT] = describe(report_json)
    manifest = {
        "format": FORMAT,
        "program": PROGRAM,
        "load_with": f"torch_tensorrt.load('{PROGRAM}').module()",
        "engines": {name: describe_engine(blob, engine_inputs.get(name)) for name, blob in engines.items()},
        "files": files,
        "metadata": scrub_paths(metadata),
        "report": saved_report(report),
    }
    _atomic.write_file(folder / MANIFEST, (json.dumps(manifest, indent=2, default=str) + "\n").encode())


def read_program(
    manifest: dict[str, Any], blobs: dict[str, bytes], source: Path, rebuild: str
) -> tuple[bytes, dict[str, bytes]]:
    """The checked ``model.ep`` of a whole-model folder and its engines: validated whole, carrying exactly the
    engines the manifest lists (format 3: by size and sha256; format 2: the plan files' bytes)."""
    program = blobs[manifest["program"]]
    if manifest["format"] == FORMAT_V2:
        plans = {name: blobs[file] for name, file in manifest["engines"].items()}
        check_program(program, plans, source, rebuild)
        return program, plans
    validated = validate_program(program, where=f"{source / PROGRAM}", fix=rebuild)
    return program, check_engines(validated, manifest["engines"], source / PROGRAM, rebuild)
