"""The files of an artifact folder, shared by both kinds (`whole`, `partitioned`): their names, the format string, how
a file is described in the manifest, how a program is exported into it, and the checks every ``.ep`` and the report
pass on load."""

from __future__ import annotations

import hashlib
import logging
import os
import re
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._engines import is_engine
from ..._errors import IncompatibleError, UsageError
from ...shims import activate
from .._upstream import load_torch_tensorrt, shim_context
from ..compile_report import CompileReport
from .ep_reader import ENGINE_NAME, ValidatedProgram, validate_program

FORMAT = "torchtrt_compat.engine_artifact/3"  #: each engine stored once, inside its .ep; the manifest lists its hash
FORMAT_V2 = "torchtrt_compat.engine_artifact/2"  #: read, never written: engines also as engines/*.plan files
FORMATS = (FORMAT, FORMAT_V2)
PROGRAM, MANIFEST, REPORT = "model.ep", "manifest.json", "report.json"
#: the program and plan files of a partitioned artifact: ``parts/<path>.ep`` and ``engines/<path>.<name>.plan``
PART_FILE = re.compile(r"(parts/[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}\.ep|engines/[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}\.plan)")


def describe(blob: bytes) -> dict[str, Any]:
    """``{"bytes", "sha256"}`` of a file, as the manifest lists it."""
    return {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest()}


#: fields of a report that stay on the build host: what upstream printed (source lines, warning texts, paths) and
#: where the CLI wrote it
_HOST_ONLY = ("log", "log_file")
#: an absolute path in text (POSIX, or a Windows drive), not part of a URL or a ratio
_ABS_PATH = re.compile(
    r"(?<![\w.:/~-])(?:/|[A-Za-z]:\\)(?:[^\s/\\'\"<>|:,;()\[\]{}]+[/\\])+(?=[^\s/\\'\"<>|:,;()\[\]{}]+)"
)


def saved_report(report: CompileReport) -> dict[str, Any]:
    """What an artifact keeps of a report: everything but `_HOST_ONLY`, with absolute paths in its text cut to their
    last part (``/home/alice/proj/cache.bin`` -> ``.../cache.bin``): artifacts go to deploy hosts and to other people,
    the build host's layout and what upstream printed there do not."""
    data = {k: v for k, v in report.to_dict().items() if k not in _HOST_ONLY}
    return scrub_paths(data)


def scrub_paths(value: Any) -> Any:
    """``value`` (JSON-like) with every absolute path in its strings cut to its last part."""
    if isinstance(value, str):
        return _ABS_PATH.sub(".../", value)
    if isinstance(value, dict):
        return {k: scrub_paths(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub_paths(v) for v in value]
    return value


def report_bytes(report: CompileReport) -> bytes:
    """``report.json`` as an artifact holds it (`saved_report`)."""
    import json

    return (json.dumps(saved_report(report), indent=2, default=str) + "\n").encode()


def describe_engine(blob: bytes, inputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """How the manifest lists an engine stored inside a program: its size and sha256, and its input profile."""
    return {**describe(blob), "inputs": list(inputs or [])}


def is_engine_entry(entry: Any) -> bool:
    """A format-3 manifest's engine entry: ``{"bytes", "sha256", "inputs"}``."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("bytes"), int)
        and not isinstance(entry.get("bytes"), bool)
        and isinstance(entry.get("sha256"), str)
        and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"]) is not None
        and isinstance(entry.get("inputs", []), list)
    )


def check_engines(validated: ValidatedProgram, listed: dict[str, Any], where: Path, rebuild: str) -> dict[str, bytes]:
    """The engines inside a validated program, which must be exactly the manifest's (names, sizes, sha256)."""
    inside = validated.engines
    if set(inside) != set(listed) or any(
        describe(inside[n]) != {k: listed[n][k] for k in ("bytes", "sha256")} for n in inside
    ):
        raise UsageError(
            f"{where} holds engines that differ from the manifest's ({sorted(inside)} vs {sorted(listed)}, "
            "compared by size and sha256).",
            rebuild,
        )
    return inside


def plan_file(name: str) -> str:
    """Where a whole-model artifact keeps the engine ``name``."""
    return f"engines/{name}.plan"


def is_engine_name(name: Any) -> bool:
    """An engine name is an identifier (letters, digits, '_'): it becomes a file name and is never a path."""
    return isinstance(name, str) and ENGINE_NAME.fullmatch(name) is not None


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


def export_program(module: Any, path: Path, targets: Sequence[str]) -> tuple[bytes, list[str]]:
    """``torch_tensorrt.save(module, path, output_format="exported_program")`` under the save-stage shims, for the
    compute capabilities ``targets``: the bytes written (synced to disk) and the names of the shims that applied."""
    ctx = shim_context(aot=True, compute_capabilities=list(targets))
    tt = load_torch_tensorrt(ctx)
    has_engines = any(is_engine(child) for child in module.children())
    with activate("save", ctx) as applied, warnings.catch_warnings():
        if has_engines and "aot_save_serialized_engine" not in applied.applied:
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
    with open(path, "rb") as fh:
        os.fsync(fh.fileno())
        data = fh.read()
    _atomic.wrote(path)
    return data, list(applied.applied)


def note_shims(report: CompileReport, applied: Sequence[str]) -> None:
    """Add the save-stage shims that applied to the report's list, once each."""
    report.shims += [name for name in applied if name not in report.shims]
