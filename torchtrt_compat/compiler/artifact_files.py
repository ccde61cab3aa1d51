"""The files of an artifact folder, shared by a whole-model artifact (`artifact`) and a partitioned one
(`partitioned_artifact`): their names, the format string, how a file is described in the manifest, and the checks
that every ``.ep`` and the report pass on load."""

from __future__ import annotations

import hashlib
import inspect
import json
import re
from pathlib import Path
from typing import Any

from .._errors import UsageError
from ._ep_reader import ValidatedProgram, validate_program
from .compile_report import CompileReport

FORMAT = "torchtrt_compat.engine_artifact/2"
PROGRAM, MANIFEST, REPORT = "model.ep", "manifest.json", "report.json"
#: the program and plan files of a partitioned artifact: ``parts/<path>.ep`` and ``engines/<path>.<name>.plan``
PART_FILE = re.compile(r"(parts/[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}\.ep|engines/[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}\.plan)")


def describe(blob: bytes) -> dict[str, Any]:
    """``{"bytes", "sha256"}`` of a file, as the manifest lists it."""
    return {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest()}


def read_report(manifest: dict[str, Any], source: Path, rebuild: str) -> CompileReport:
    """The manifest's report, each field of the right type (`CompileReport.from_dict`)."""
    try:
        return CompileReport.from_dict(manifest["report"])
    except (TypeError, ValueError) as exc:
        raise UsageError(f"{source / MANIFEST}: the report is malformed ({exc}).", rebuild) from None


def check_program(
    program: bytes, plans: dict[str, bytes], source: Path, rebuild: str, name: str = PROGRAM
) -> ValidatedProgram:
    """The whole .ep passes `validate_program`, and carries exactly the plan files' engines."""
    what = f"{source / name}"
    validated = validate_program(program, where=what, fix=rebuild)
    if validated.engines != plans:
        raise UsageError(
            f"{what} and the plan files beside it hold different engines "
            f"({sorted(validated.engines)} vs {sorted(plans)}, compared byte for byte).",
            rebuild,
        )
    return validated


def describe_submodule(module: Any) -> dict[str, Any]:
    """What `attach` compares: the submodule's class, its forward's signature, and the names, shapes and dtypes of
    its weights (as a count and a sha256, so the manifest stays small)."""
    cls = type(module)
    try:
        signature = str(inspect.signature(module.forward))
    except (TypeError, ValueError):
        signature = "?"
    layout = [
        [name, list(t.shape), str(t.dtype).replace("torch.", "")]
        for name, t in [*module.named_parameters(), *module.named_buffers()]
    ]
    digest = hashlib.sha256(json.dumps(layout).encode()).hexdigest()
    return {
        "class": f"{cls.__module__}.{cls.__qualname__}",
        "signature": signature,
        "weights": {"tensors": len(layout), "sha256": digest},
    }
