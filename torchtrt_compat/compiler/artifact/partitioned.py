"""A partitioned build (``partition="auto"``) as an artifact folder, and its parts swapped into the user's module.

The whole model did not export, so there is no single ``.ep``. ``save(DIR)`` writes, published as one (each engine
stored once, inside its part's ``.ep``; the manifest lists its size and sha256; a format-2 folder, with the engines
also in ``engines/<path>.<name>.plan``, still loads)::

    DIR/parts/<path>.ep            one torch_tensorrt ``exported_program`` per TensorRT part (the submodule at
                                   <path>, called with its tensor arguments flattened); on a GPU host,
                                   torch_tensorrt.load("DIR/parts/<path>.ep").module() runs that part alone
    DIR/report.json                the CompileReport (which parts, what stayed in PyTorch and why)
    DIR/manifest.json              "kind": "partitioned"; per part its submodule path, the submodule's class,
                                   forward signature and weight layout, and the call signature (pytree specs of
                                   arguments and output, the non-tensor arguments, the example tensors' shapes)

On the deploy host the user has the model's code: ``EngineArtifact.load(DIR).attach(model)`` checks that ``model``
has each part's submodule with the same class, forward signature and weight layout, and returns a copy of
``model`` whose parts are replaced by the saved programs (the original is not changed). The PyTorch glue between the
parts is the user's own code. An engine part loads its ``.ep`` through torch_tensorrt on its first call, after
`EngineArtifact.why_not_runnable` found nothing that stops it. Each ``.ep`` is checked with the reader that checks
a whole-model ``.ep`` (`ep_reader.read_ep`) before torch sees it. The manifest's rules are checked by the folder
reader (`folder.read_manifest`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._engines import is_engine
from ..._errors import InternalError, UsageError
from ..compile_report import CompileReport
from .ep_reader import read_ep, user_inputs, validate_program
from .files import (
    FORMAT,
    FORMAT_V2,
    MANIFEST,
    REPORT,
    check_engines,
    check_program,
    describe,
    describe_engine,
    export_program,
    note_shims,
    report_bytes,
    saved_report,
    scrub_paths,
)

KIND = "partitioned"
SPLICED = "SplicedPart"  #: partition.SplicedPart, recognised by type name (that module imports torch)
_SAFE_PATH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


@dataclass
class SavedPart:
    """One part of a loaded partitioned artifact: its manifest entry and its checked ``.ep``."""

    path: str
    entry: dict[str, Any]
    program: bytes
    engines: dict[str, bytes]  #: engine name inside the part -> serialized engine
    canonical: bytes = b""  #: the re-write of the validated parts: what torch reads (`ValidatedProgram`)


# ---- the built module ------------------------------------------------------------------------------------------
def spliced_parts(module: Any) -> dict[str, Any]:
    """Part path -> `SplicedPart` in a module built (or attached) with partition='auto', in module order."""
    if module is None:
        return {}
    return {m.path: m for m in module.modules() if type(m).__name__ == SPLICED}


def engine_modules(module: Any) -> dict[str, Any]:
    """``<part path>.<engine name>`` -> torch_tensorrt engine module, over every part."""
    found = {}
    for path, part in spliced_parts(module).items():
        compiled = part.compiled
        if hasattr(compiled, "named_children"):
            for name, child in compiled.named_children():
                if is_engine(child):
                    found[f"{path}.{name}"] = child
    return found


def call_signature(part: Any) -> dict[str, Any]:
    """A `SplicedPart`'s call, as JSON: pytree specs of the arguments and the output, the non-tensor arguments, and
    the example tensors it was built for."""
    from torch.utils import _pytree as pytree

    try:
        in_spec, out_spec = pytree.treespec_dumps(part.in_spec), pytree.treespec_dumps(part.out_spec)
    except Exception as exc:  # a pytree node type without a serialized name (a custom output class)
        raise UsageError(
            f"Part {part.path} is called with (or returns) a structure that cannot be written down "
            f"({type(exc).__name__}: {exc}).",
            "register the type with torch.utils._pytree.register_pytree_node(..., serialized_type_name=...), or "
            "use the built module in this process (artifact.module)",
        ) from None
    template = [{"tensor": True} if _is_slot(v) else {"value": v} for v in part.template]
    return {"in_spec": in_spec, "out_spec": out_spec, "template": template, "inputs": list(part.inputs)}


def _is_slot(value: Any) -> bool:
    return type(value).__name__ == "_TensorSlot"


def _program_file(index: int, path: str) -> str:
    name = path if _SAFE_PATH.fullmatch(path) and ".." not in path else f"part{index}"
    return f"parts/{name}.ep"


# ---- save ------------------------------------------------------------------------------------------------------
def write_into(
    folder: Path,
    *,
    saved: list[SavedPart] | None,
    module: Any,
    report: CompileReport,
    metadata: dict[str, Any],
) -> None:
    """Write a partitioned artifact's files into the staging ``folder`` (see the module docstring): the ``saved``
    parts of a loaded artifact as they were read, else the parts spliced into the built ``module``, exported here."""
    (folder / "parts").mkdir()
    files: dict[str, Any] = {}
    entries: list[dict[str, Any]] = []
    flat: dict[str, Any] = {}
    if saved is not None:
        to_write = [(p.path, {k: p.entry[k] for k in ("module", "call")}, p.program, p.engines) for p in saved]
    else:
        to_write = _export_parts(module, folder, report, metadata.get("targets") or [])
    for index, (path, entry, program, plans) in enumerate(to_write):
        program_file = _program_file(index, path)
        if saved is not None:  # a loaded artifact: its checked bytes, as they were
            _atomic.write_file(folder / program_file, program)
        what = f"the saved {program_file}"
        try:  # what this library just wrote must pass its own reader: a refusal here is our bug, not the user's
            inside = read_ep(program, what=what, fix="").engines
        except UsageError as exc:
            raise InternalError(f"save wrote a program its own reader refuses: {exc.problem}") from None
        if inside != plans:  # each .ep carries exactly its part's engines, byte for byte
            raise InternalError(
                f"the engines in {program_file} differ from the part's built engines ({sorted(inside)})"
            )
        files[program_file] = describe(program)
        engines = {name: describe_engine(blob) for name, blob in plans.items()}
        flat.update({f"{path}.{name}": entry for name, entry in engines.items()})
        entries.append({**entry, "path": path, "program": program_file, "engines": engines})
    report_json = report_bytes(report)
    _atomic.write_file(folder / REPORT, report_json)
    files[REPORT] = describe(report_json)
    manifest = {
        "format": FORMAT,
        "kind": KIND,
        "load_with": "torchtrt_compat.EngineArtifact.load(DIR).attach(model), where model is built from your own "
        "code; or one part alone: torch_tensorrt.load('parts/<path>.ep').module()",
        "parts": entries,
        "engines": flat,
        "files": files,
        "metadata": scrub_paths(metadata),
        "report": saved_report(report),
    }
    _atomic.write_file(folder / MANIFEST, (json.dumps(manifest, indent=2, default=str) + "\n").encode())


def _export_parts(
    module: Any, folder: Path, report: CompileReport, targets: Sequence[str]
) -> list[tuple[str, dict[str, Any], bytes, dict[str, bytes]]]:
    """(path, manifest entry without files, .ep bytes, engines) for each part of a built module, exported here."""
    parts = spliced_parts(module)
    if not parts:
        raise InternalError("a partitioned artifact has no spliced parts")
    out = []
    for index, (path, part) in enumerate(parts.items()):
        plans = {
            name: bytes(child.serialized_engine) for name, child in part.compiled.named_children() if is_engine(child)
        }
        program, applied = export_program(part.compiled, folder / _program_file(index, path), targets)
        note_shims(report, applied)
        entry = {"module": part.origin, "call": call_signature(part)}
        out.append((path, entry, program, plans))
    return out


# ---- load ------------------------------------------------------------------------------------------------------
def read_parts(manifest: dict[str, Any], blobs: dict[str, bytes], source: Path, rebuild: str) -> list[SavedPart]:
    """Each part's ``.ep``, validated whole as a whole-model one is (`files.check_program`), kept as its
    canonical re-write, and its engines."""
    parts = []
    for entry in manifest["parts"]:
        program = blobs[entry["program"]]
        if manifest["format"] == FORMAT_V2:
            plans = {name: blobs[file] for name, file in entry["engines"].items()}
            validated = check_program(program, plans, source, rebuild, name=entry["program"])
        else:
            validated = validate_program(program, where=f"{source / entry['program']}", fix=rebuild)
            plans = check_engines(validated, entry["engines"], source / entry["program"], rebuild)
        _check_inputs(entry, user_inputs(validated), source, rebuild)
        # torch only ever reads the canonical re-write of the validated parts (as runnable_module does); a re-save
        # writes the bytes as they were
        parts.append(SavedPart(entry["path"], entry, program, plans, validated.canonical_bytes()))
    return parts


def _check_inputs(
    entry: dict[str, Any], inputs: list[tuple[list[int | None], str | None]], source: Path, rebuild: str
) -> None:
    """A part's program takes the tensors its call describes (count, static sizes, dtypes): a program moved to another
    part's entry, or an entry edited, is refused here rather than failing (or computing garbage) inside the model."""
    described = entry["call"].get("inputs") or []
    where = f"{source / entry['program']}"
    if len(described) != len(inputs):
        raise UsageError(
            f"{where} takes {len(inputs)} input(s), but the manifest calls part {entry['path']!r} with "
            f"{len(described)}: the program is not this part's.",
            rebuild,
        )
    for i, ((sizes, dtype), (shape, want_dtype)) in enumerate(zip(inputs, described, strict=True)):
        same_rank = len(sizes) == len(shape)
        same_sizes = same_rank and all(a is None or a == b for a, b in zip(sizes, shape, strict=True))
        if not same_sizes or (dtype is not None and dtype != want_dtype):
            raise UsageError(
                f"{where} input {i} is {sizes} {dtype or '?'}, but the manifest calls part {entry['path']!r} with "
                f"{shape} {want_dtype}: the program is not this part's.",
                rebuild,
            )


# ---- attach ----------------------------------------------------------------------------------------------------
def attach(
    parts: list[SavedPart], model: Any, source: Path | None, why_not_runnable: Callable[[], Sequence[str]]
) -> Any:
    """A copy of ``model`` with each saved part in place of its submodule; a model that does not match is one
    `UsageError` naming every difference (up to five). ``why_not_runnable`` is asked before a part first runs."""
    import copy

    import torch
    from torch.utils import _pytree as pytree

    from ..partition import TENSOR, SavedProgram, SplicedPart, describe_submodule

    if not isinstance(model, torch.nn.Module):
        raise UsageError(
            f"attach() needs the model as a torch.nn.Module, not {type(model).__name__}.",
            "build the model from your own code (same class and configuration as at build time) and pass it",
        )
    problems: list[str] = []
    for part in parts:
        try:
            sub = model.get_submodule(part.path)
        except AttributeError:
            problems.append(f"{part.path}: the model has no such submodule")
            continue
        have, want = describe_submodule(sub), part.entry["module"]
        if have["class"] != want["class"]:
            problems.append(f"{part.path} is a {have['class']}, the artifact's part a {want['class']}")
        elif have["signature"] != want["signature"]:
            problems.append(f"{part.path}.forward{have['signature']} differs from forward{want['signature']}")
        elif have["weights"] != want["weights"]:
            problems.append(
                f"{part.path} has {have['weights']['tensors']} weight tensors, the part "
                f"{want['weights']['tensors']}, or their names, shapes or dtypes differ"
            )
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        where = f" {source}" if source is not None else ""
        raise UsageError(
            f"The model does not match the partitioned artifact{where}: {shown}.",
            "attach to a model built from the same code and configuration as at build time, or rebuild the artifact "
            "from this model (build_engine(..., partition='auto'))",
        )
    memo: dict[int, Any] = {id(model.get_submodule(p.path)): None for p in parts}
    result = copy.deepcopy(model, memo)
    for part in parts:
        call = part.entry["call"]
        template = [TENSOR if t.get("tensor") is True else t["value"] for t in call["template"]]
        saved = SavedProgram(part.path, part.canonical, part.engines, why_not_runnable)
        specs = []
        for key in ("in_spec", "out_spec"):
            try:
                specs.append(pytree.treespec_loads(call[key]))
            except Exception as exc:  # checked on load; a spec torch still cannot read is the artifact's fault
                raise UsageError(
                    f"Part {part.path!r} of {source or 'the artifact'}: its {key} cannot be read "
                    f"({type(exc).__name__}: {str(exc)[:120]}).",
                    "rebuild the artifact (build_engine(..., partition='auto')) with this torch",
                ) from None
        spliced = SplicedPart(saved, part.path, specs[0], template, specs[1])
        spliced.origin = part.entry["module"]
        spliced.inputs = list(call.get("inputs") or [])
        parent_path, _, name = part.path.rpartition(".")
        parent = result.get_submodule(parent_path) if parent_path else result
        setattr(parent, name, spliced)
    return result
