"""A partitioned build (``partition="auto"``) as an artifact folder, and its parts swapped into the user's module.

The whole model did not export, so there is no single ``.ep``. ``save(DIR)`` writes, published as one::

    DIR/parts/<path>.ep            one torch_tensorrt ``exported_program`` per TensorRT part (the submodule at
                                   <path>, called with its tensor arguments flattened); on a GPU host,
                                   torch_tensorrt.load("DIR/parts/<path>.ep").module() runs that part alone
    DIR/engines/<path>.<name>.plan each part's engines, the same bytes as in its .ep
    DIR/report.json                the CompileReport (which parts, what stayed in PyTorch and why)
    DIR/manifest.json              "kind": "partitioned"; per part its submodule path, the submodule's class,
                                   forward signature and weight layout, and the call signature (pytree specs of
                                   arguments and output, the non-tensor arguments, the example tensors' shapes)

On the deploy host the user has the model's code: ``EngineArtifact.load(DIR).attach(model)`` checks that ``model``
has each part's submodule with the same class, forward signature and weight layout, and returns a copy of
``model`` whose parts are replaced by the saved programs (the original is not changed). The PyTorch glue between the
parts is the user's own code. An engine part loads its ``.ep`` through torch_tensorrt on its first call, after
`EngineArtifact.why_not_runnable` found nothing that stops it. Each ``.ep`` is checked with the reader that checks
a whole-model ``.ep`` (`_ep_reader.read_ep`) before torch sees it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import _atomic
from .._engines import is_engine
from .._errors import InternalError, UsageError
from ._ep_reader import read_ep
from .artifact_files import FORMAT, MANIFEST, REPORT, check_program, describe, describe_submodule

if TYPE_CHECKING:
    from .artifact import EngineArtifact

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
def is_partitioned(report: Any) -> bool:
    return bool(getattr(report, "partition", None))


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


def _plan_file(path: str, name: str) -> str:
    return f"engines/{path}.{name}.plan" if _SAFE_PATH.fullmatch(path) and ".." not in path else f"engines/{name}.plan"


# ---- save ------------------------------------------------------------------------------------------------------
def write_into(artifact: EngineArtifact, folder: Path) -> None:
    """Write a partitioned artifact's files into the staging ``folder`` (see the module docstring)."""

    (folder / "parts").mkdir()
    (folder / "engines").mkdir()
    files: dict[str, Any] = {}
    entries: list[dict[str, Any]] = []
    flat: dict[str, str] = {}
    for index, (path, entry, program, plans) in enumerate(_parts_to_write(artifact, folder)):
        program_file = _program_file(index, path)
        if artifact._saved_parts is not None:  # a loaded artifact: its checked bytes, as they were
            _atomic.write_file(folder / program_file, program)
        what = f"the saved {program_file}"
        inside = read_ep(program, what=what, fix="report this as a torchtrt_compat bug").engines
        if inside != plans:  # each .ep carries exactly its part's engines, byte for byte
            raise InternalError(
                f"the engines in {program_file} differ from the part's built engines ({sorted(inside)})"
            )
        files[program_file] = describe(program)
        engines = {}
        for name, blob in plans.items():
            plan_file = _plan_file(path, name)
            if plan_file in files:
                plan_file = f"engines/part{index}.{name}.plan"
            _atomic.write_file(folder / plan_file, blob)
            files[plan_file] = describe(blob)
            engines[name] = plan_file
            flat[f"{path}.{name}"] = plan_file
        entries.append({**entry, "path": path, "program": program_file, "engines": engines})
    report = (artifact.report.to_json() + "\n").encode()
    _atomic.write_file(folder / REPORT, report)
    files[REPORT] = describe(report)
    manifest = {
        "format": _format(),
        "kind": KIND,
        "load_with": "torchtrt_compat.EngineArtifact.load(DIR).attach(model), where model is built from your own "
        "code; or one part alone: torch_tensorrt.load('parts/<path>.ep').module()",
        "parts": entries,
        "engines": flat,
        "files": files,
        "metadata": artifact.metadata,
        "report": artifact.report.to_dict(),
    }
    _atomic.write_file(folder / MANIFEST, (json.dumps(manifest, indent=2, default=str) + "\n").encode())


def _format() -> str:
    return FORMAT


def _parts_to_write(
    artifact: EngineArtifact, folder: Path
) -> list[tuple[str, dict[str, Any], bytes, dict[str, bytes]]]:
    """(path, manifest entry without files, .ep bytes, engines) for each part; a built part is exported here."""
    if artifact._saved_parts is not None:
        keep = ("module", "call")
        return [(p.path, {k: p.entry[k] for k in keep}, p.program, p.engines) for p in artifact._saved_parts]
    parts = spliced_parts(artifact.module)
    if not parts:
        raise InternalError("a partitioned artifact has no spliced parts")
    out = []
    for index, (path, part) in enumerate(parts.items()):
        plans = {
            name: bytes(child.serialized_engine) for name, child in part.compiled.named_children() if is_engine(child)
        }
        program = artifact._export_program(folder / _program_file(index, path), module=part.compiled)
        entry = {"module": part.origin, "call": call_signature(part)}
        out.append((path, entry, program, plans))
    return out


# ---- load ------------------------------------------------------------------------------------------------------
def check_manifest(data: dict[str, Any], bad: Any) -> None:
    """The shape of a partitioned manifest's ``parts`` (after `artifact._read_manifest` checked the rest)."""
    parts = data.get("parts")
    if not isinstance(parts, list) or not parts:
        raise bad("of kind 'partitioned' lists no 'parts'")
    files = data["files"]
    seen = set()
    for i, part in enumerate(parts):
        if not isinstance(part, dict):
            raise bad(f"has part {i} that is not an object")
        path = part.get("path")
        if not isinstance(path, str) or not path or path in seen:
            raise bad(f"has part {i} without a module path of its own")
        seen.add(path)
        if not isinstance(part.get("program"), str) or part["program"] not in files:
            raise bad(f"names a program for part {path!r} that 'files' does not list")
        engines = part.get("engines")
        if not isinstance(engines, dict) or any(not isinstance(f, str) or f not in files for f in engines.values()):
            raise bad(f"names engines for part {path!r} that 'files' does not list")
        module, call = part.get("module"), part.get("call")
        if not isinstance(module, dict) or not all(isinstance(module.get(k), (str, dict)) for k in _COMPARED):
            raise bad(f"does not describe the submodule of part {path!r}")
        if not (
            isinstance(call, dict)
            and isinstance(call.get("in_spec"), str)
            and isinstance(call.get("out_spec"), str)
            and isinstance(call.get("template"), list)
            and all(isinstance(t, dict) and (t.get("tensor") is True or "value" in t) for t in call["template"])
            and isinstance(call.get("inputs", []), list)
        ):
            raise bad(f"does not describe how part {path!r} is called")
        for t in call["template"]:
            if "value" in t and not isinstance(t["value"], (int, float, bool, str, type(None))):
                raise bad(f"has a non-tensor argument of part {path!r} that is not a plain value")
    in_parts = {f"{p['path']}.{name}": file for p in parts for name, file in p["engines"].items()}
    if in_parts != data["engines"]:  # artifact.engines and what attach() puts in place must be the same files
        raise bad("lists engines that differ from its parts' engines")


_COMPARED = ("class", "signature", "weights")


def read_parts(manifest: dict[str, Any], blobs: dict[str, bytes], source: Path, rebuild: str) -> list[SavedPart]:
    """Each part's ``.ep``, validated whole as a whole-model one is (`artifact_files.check_program`), kept as its
    canonical re-write, and its engines."""
    parts = []
    for entry in manifest["parts"]:
        plans = {name: blobs[file] for name, file in entry["engines"].items()}
        program = blobs[entry["program"]]
        validated = check_program(program, plans, source, rebuild, name=entry["program"])
        # torch only ever reads the canonical re-write of the validated parts (as runnable_module does); a re-save
        # writes the bytes as they were
        parts.append(SavedPart(entry["path"], entry, program, plans, validated.canonical_bytes()))
    return parts


# ---- attach ----------------------------------------------------------------------------------------------------
def attach(artifact: EngineArtifact, model: Any) -> Any:
    """A copy of ``model`` with each saved part in place of its submodule; a model that does not match is one
    `UsageError` naming every difference (up to five)."""
    import copy

    import torch
    from torch.utils import _pytree as pytree

    from .partition import TENSOR, SavedProgram, SplicedPart

    parts = artifact._saved_parts
    if parts is None:
        raise UsageError(
            "attach() takes the parts of a loaded partitioned artifact; this one "
            + ("is not partitioned." if not is_partitioned(artifact.report) else "was built in this process."),
            "use artifact.runnable_module() for a whole-model artifact, or artifact.module for one built here",
        )
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
        where = f" {artifact._source}" if artifact._source is not None else ""
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
        saved = SavedProgram(part.path, part.canonical, part.engines, artifact.why_not_runnable)
        spliced = SplicedPart(
            saved, part.path, pytree.treespec_loads(call["in_spec"]), template, pytree.treespec_loads(call["out_spec"])
        )
        spliced.origin = part.entry["module"]
        spliced.inputs = list(call.get("inputs") or [])
        parent_path, _, name = part.path.rpartition(".")
        parent = result.get_submodule(parent_path) if parent_path else result
        setattr(parent, name, spliced)
    return result
