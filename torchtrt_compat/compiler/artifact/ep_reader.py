"""Validate a torch_tensorrt ``.ep`` as a closed format and re-write it from the validated parts.

``torch.export.load`` (torch 2.14: ``torch/export/pt2_archive/_package.py``, ``torch/_export/serde/serialize.py``) is
not a safe reader. Code runs through: ``pickle.loads`` of every ``opaque_obj_*`` constant (whatever its
``use_pickle`` flag says), ``torch._C._pickle_load_obj`` of ``custom_obj_*``, ``torch.load(weights_only=False)`` of
pickled weights and of sample inputs that fail the safe load, ``sympy.sympify`` (an ``eval``) of every symbolic size,
``exec`` of ``guards_code``, node targets resolved by name (``torch.ops.load_library``), AOTInductor ``.so`` files
(``dlopen``, after an extraction that writes ``../`` members anywhere), member names that torch's zip reader matches
without case, and ``pickle.loads`` of the engine record's metadata field in torch_tensorrt's runtime.

So nothing here hands torch the bytes it was given. `validate_program` parses the whole archive:

- every member is on an allow-list of exact names (`FIXED_MEMBERS`, `PAYLOAD_MEMBER`): case-sensitive, ASCII, no
  duplicates, no two names equal when case is ignored, no ``..``, no absolute path, one root folder; anything else
  (AOTInductor payloads, ``.so``, ``.cpp``, extra files, legacy pickles) is refused;
- ``models/model.json`` is parsed against the export schema of the torch release that wrote it
  (``data/export_schema.json``, from torch's ``schema.yaml``): no unknown field, every value of its declared type.
  A symbolic size is an integer or an expression of the closed size grammar (`sym_expr`: integers, size symbols,
  sums, products, floor division, ...), parsed, never evaluated, and re-written in canonical form; anything else is
  refused. ``guards_code`` (Python torch compiles into an input check) is read with the closed guard grammar
  (comparisons and integer arithmetic of input sizes, `sym_expr.parse_guard`) and re-written the same way. A tree
  spec names plain containers only, or a data output container (a Hugging Face ``ModelOutput``:
  `DATA_OUTPUT_TYPE`, one named field per value), which is read as the dict of its fields. Node targets are
  operator overloads of a few namespaces (`TARGET`) or a few builtins (`BUILTIN_TARGETS`).
  Node metadata (stack traces, module paths) is dropped;
- payload configs are parsed the same way. A tensor is raw bytes (``use_pickle: false``, a ``tensor_meta``); an
  ``opaque_obj_*`` constant is a TensorRT engine record whatever its flags say, read by an unpickler that knows one
  global and keeps only a list of strings; its metadata field (a pickle torch_tensorrt reads with ``pickle.loads``)
  is read by an unpickler that knows only torch_tensorrt's settings classes and enums (`METADATA_GLOBALS`) and
  the sympy constructors of the size grammar (`sym_expr.PICKLED`, for the engine's symbolic input and output
  shapes), and builds inert stand-ins; ``custom_obj_*`` and pickled tensors are refused; sample inputs must be empty;
- engine names are identifiers (`ENGINE_NAME`), engines are non-empty.

`ValidatedProgram.canonical_bytes` writes a new archive from those parts (the graph JSON re-serialised, the engine
records re-pickled here), and that is all torch ever reads. Nothing in this module imports torch or torch_tensorrt.
Refusals are one `UsageError` line naming the member and the rule.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import pickle
import re
import struct
import sys
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..._bounded import MAX_MANIFEST_BYTES, check_zip_members, loads_json, read_zip_member
from ..._errors import UsageError
from . import sym_expr

#: The one global an engine record may name: ``EngineSerializer.__reduce__`` in torch-tensorrt 2.12+ points here.
ENGINE_GLOBAL = ("torch_tensorrt.dynamo.runtime._TRTEngine", "_reconstruct_trt_engine")
#: positions in the engine info list (torch_tensorrt ``_serialized_engine_layout.SerializedInfoIndex``)
ABI_IDX, NAME_IDX, ENGINE_IDX, METADATA_IDX = 0, 1, 3, 7
MIN_INFO_FIELDS, MAX_INFO_FIELDS = 8, 32
_TORCH_DTYPES = (
    "float32",
    "float16",
    "bfloat16",
    "float64",
    "int8",
    "uint8",
    "int32",
    "int64",
    "bool",
    "float8_e4m3fn",
)
#: Globals the engine record's metadata pickle may name, and how each may be used: "enum" classes are called with
#: one value (pickle's REDUCE), "object" classes are created empty (NEWOBJ) and given a dict of state (BUILD),
#: "constant" names a value (a torch dtype) and is never called.
METADATA_GLOBALS: dict[tuple[str, str], str] = {
    **{("torch", dtype): "constant" for dtype in _TORCH_DTYPES},
    ("torch_tensorrt.dynamo._settings", "CompilationSettings"): "object",
    ("torch_tensorrt._Device", "Device"): "object",
    ("torch_tensorrt._enums", "dtype"): "enum",
    ("torch_tensorrt._enums", "memory_format"): "enum",
    ("torch_tensorrt._enums", "DeviceType"): "enum",
    ("torch_tensorrt._enums", "EngineCapability"): "enum",
    ("torch_tensorrt._enums", "Platform"): "enum",
}

ROOT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.]{0,63}")  # the archive name torch takes from the file name
ENGINE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")  #: an engine's name: a Python identifier, no path
SYMBOL = re.compile(r"[a-z]{1,4}[0-9]{1,9}")  #: a symbolic size as torch names them (s0, u3, zuf0)
#: the same symbol as torch writes an unbacked one: ``Symbol('u0', integer=True)`` (a fixed call, no expression)
SYMBOL_CALL = re.compile(
    r"Symbol\('(?P<name>[a-z]{1,4}[0-9]{1,9})'(, (integer|positive|nonnegative|real|finite)=(True|False)){0,6}\)"
)
#: node targets and operator arguments: an overload of these operator namespaces
TARGET = re.compile(r"torch\.ops\.(aten|prims|tensorrt|torchvision)\.[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*")
REFUSED_OPS = frozenset({"from_file"})  #: aten operators that read files named by the graph
BUILTIN_TARGETS = frozenset(
    [f"_operator.{op}" for op in ("getitem", "add", "sub", "mul", "floordiv", "mod", "pow", "truediv", "neg", "pos")]
    + [f"_operator.{op}" for op in ("eq", "ne", "le", "ge", "lt", "gt", "and_", "or_")]
    + [f"torch.{op}" for op in ("sym_int", "sym_float", "sym_max", "sym_min", "sym_not", "sym_ite", "sym_sqrt")]
    + ["math.trunc"]
)
CUSTOM_CLASSES = frozenset({"", "__torch__.torch.classes.tensorrt.Engine"})
DEVICE_TYPES = frozenset({"cpu", "cuda", "meta"})
TREESPEC_TYPES = frozenset(
    {
        None,
        "builtins.tuple",
        "builtins.list",
        "builtins.dict",
        "collections.OrderedDict",
        "torch.fx.immutable_collections.immutable_list",
        "torch.fx.immutable_collections.immutable_dict",
    }
)
#: Output containers a library registers with torch's pytree as dataclasses of named fields, read as data (a dict of
#: those fields) under their own name: transformers' ``ModelOutput`` subclasses (every Hugging Face model returns one,
#: e.g. ``transformers.modeling_outputs.BaseModelOutputWithPooling``, ``...models.bert.modeling_bert.BertForPreTrain
#: ingOutput``) and diffusers' ``BaseOutput`` ones (``diffusers.models.autoencoders.vae.DecoderOutput``). The name is
#: only ever compared with the ones this process registered itself (see `ValidatedProgram.canonical_bytes`); nothing
#: is imported or called from it. Any other type is refused.
DATA_OUTPUT_TYPE = re.compile(
    r"(?:transformers|diffusers)(?:\.[A-Za-z_][A-Za-z0-9_]{0,100}){1,8}"
    r"\.[A-Za-z_][A-Za-z0-9_]{0,100}Output[A-Za-z0-9_]{0,100}"
)
FLOAT_WORDS = frozenset({"Infinity", "-Infinity", "NaN"})

MODEL = "models/model.json"
WEIGHTS_CONFIG = "data/weights/model_weights_config.json"
CONSTANTS_CONFIG = "data/constants/model_constants_config.json"
SAMPLE_INPUTS = "data/sample_inputs/model.pt"
#: member (below the root folder) -> the pattern its bytes must match; all of them must be present
FIXED_MEMBERS: dict[str, re.Pattern[bytes] | None] = {
    "archive_format": re.compile(rb"pt2"),
    "archive_version": re.compile(rb"[0-9]{1,4}"),
    "byteorder": re.compile(rb"little|big"),
    ".data/version": re.compile(rb"[0-9]{1,4}\n?"),
    ".data/serialization_id": re.compile(rb"[0-9]{1,64}"),
    MODEL: None,
    WEIGHTS_CONFIG: None,
    CONSTANTS_CONFIG: None,
    SAMPLE_INPUTS: re.compile(rb""),
}
#: the only other members: raw tensors and engine records, named as torch names them
PAYLOAD_MEMBER = re.compile(r"data/(weights/weight|constants/tensor|constants/opaque_obj)_[0-9]{1,6}")
MAX_GRAPH_DEPTH = 48


@dataclass(frozen=True)
class EngineRecord:
    """One TensorRT engine constant: its fully qualified name in the graph and torch_tensorrt's info list."""

    fqn: str
    info: tuple[str, ...]
    #: the engine's symbolic input/output shapes from its metadata (`_engine_shapes`); compared as data, not bytes
    shapes: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        """The engine's name as the artifact lists it (``_run_on_acc_0``)."""
        return self.fqn[: -len("_engine")] if self.fqn.endswith("_engine") else self.fqn

    @property
    def engine(self) -> bytes:
        return base64.b64decode(self.info[ENGINE_IDX])

    def pickle_bytes(self) -> bytes:
        """The record as torch_tensorrt pickles it (protocol 2: GLOBAL, a list of strings, TUPLE1, REDUCE), written
        here from the validated strings."""
        out = [b"\x80\x02c", f"{ENGINE_GLOBAL[0]}\n{ENGINE_GLOBAL[1]}\n".encode(), b"](", b""]
        for item in self.info:
            raw = item.encode("utf-8")
            out.append(b"X" + struct.pack("<I", len(raw)) + raw)
        out.append(b"e\x85R.")
        return b"".join(out)


@dataclass
class ValidatedProgram:
    """A ``.ep`` that `validate_program` accepted, held as parsed parts; `canonical_bytes` re-writes it."""

    root: str
    fixed: dict[str, bytes]  #: archive_format, versions, byte order (checked against `FIXED_MEMBERS`)
    graph: dict[str, Any]  #: models/model.json, rebuilt from the schema's fields only
    weights: dict[str, dict[str, Any]]  #: weights config entries (raw tensors only)
    constants: dict[str, dict[str, Any]]  #: constants config entries (raw tensors and engine records)
    tensors: dict[str, bytes] = field(default_factory=dict)  #: member -> raw tensor bytes
    records: dict[str, EngineRecord] = field(default_factory=dict)  #: member -> engine record

    @property
    def engines(self) -> dict[str, bytes]:
        """Engine name -> serialized TensorRT engine."""
        return {r.name: r.engine for r in self.records.values()}

    @property
    def symbol_ranges(self) -> dict[str, tuple[int, int | None]]:
        """Size symbol -> (least, greatest) value the program accepts (``range_constraints``; None: no upper
        bound)."""
        out: dict[str, tuple[int, int | None]] = {}
        for name, bound in (self.graph.get("range_constraints") or {}).items():
            lo, hi = bound.get("min_val"), bound.get("max_val")
            if _is_int(lo, signed=True):
                out[name] = (lo, hi if _is_int(hi, signed=True) and hi < sym_expr.MAX_INT else None)
        return out

    def canonical_bytes(self) -> bytes:
        """A new ``.ep`` holding only the validated parts: what `runnable_module` hands to ``torch.export.load``.

        A data output container (`DATA_OUTPUT_TYPE`) keeps its type where this process registered that very name
        with torch's pytree (the user imported transformers: the module returns a ``ModelOutput`` again) and is
        written as a plain dict of the same fields everywhere else."""
        members: dict[str, bytes] = dict(self.fixed)
        members[MODEL] = json.dumps(_with_plain_containers(self.graph, _registered_types()), sort_keys=True).encode()
        members[WEIGHTS_CONFIG] = json.dumps({"config": self.weights}, sort_keys=True).encode()
        members[CONSTANTS_CONFIG] = json.dumps({"config": self.constants}, sort_keys=True).encode()
        members[SAMPLE_INPUTS] = b""
        members.update(self.tensors)
        members.update({path: record.pickle_bytes() for path, record in self.records.items()})
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
            for name in sorted(members):
                info = zipfile.ZipInfo(f"{self.root}/{name}", date_time=(1980, 1, 1, 0, 0, 0))
                zf.writestr(info, members[name])
        return buffer.getvalue()


class _Refused(Exception):
    pass


def validate_program(data: bytes, *, where: str, fix: str = "rebuild the artifact") -> ValidatedProgram:
    """Parse a ``.ep`` (bytes) as described in the module docstring; anything else is a `UsageError` naming
    ``where``, the member and the rule. Nothing is unpickled that could run code; torch is not imported."""

    def refuse(member: str, rule: str) -> UsageError:
        return UsageError(f"{where}: {member}: {rule}; it is refused and nothing in it was run.", fix)

    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise UsageError(f"{where} is not a torch.export archive ({exc}).", fix) from None
    with zf:
        members = check_zip_members(zf, archive_bytes=len(data), what=where, fix=fix)
        root = _check_names(list(members), refuse)

        def read(rel: str) -> bytes:
            return read_zip_member(zf, members[f"{root}/{rel}"], what=where, fix=fix)

        rels = {name[len(root) + 1 :] for name in members}
        missing = sorted(set(FIXED_MEMBERS) - rels)
        if missing:
            raise refuse(f"{root}/{missing[0]}", "a member every torch.export archive has is missing")
        fixed = _read_fixed_members(members, root, read, refuse)
        graph = _parse_graph(_read_json(read, root, MODEL, refuse), f"{root}/{MODEL}", refuse)
        program = ValidatedProgram(root, fixed, graph, {}, {})
        used: set[str] = set()
        for config_rel, kinds, into in (
            (WEIGHTS_CONFIG, ("weight",), program.weights),
            (CONSTANTS_CONFIG, ("tensor", "opaque_obj"), program.constants),
        ):
            config = _parse_config(_read_json(read, root, config_rel, refuse), f"{root}/{config_rel}", refuse)
            for fqn, meta in config.items():
                where_entry = f"{root}/{config_rel} entry {fqn!r}"
                rel = f"{config_rel.rsplit('/', 1)[0]}/{meta['path_name']}"
                into[fqn] = _read_payload(program, fqn, meta, kinds, rel, (rels, used), read, where_entry, refuse)
                used.add(rel)
        unused = sorted(r for r in rels if PAYLOAD_MEMBER.fullmatch(r) and r not in used)
        if unused:
            raise refuse(f"{root}/{unused[0]}", "no payload config lists this member")
        names = [r.name for r in program.records.values()]
        if len(set(names)) != len(names):
            raise refuse(f"{root}/{CONSTANTS_CONFIG}", "two engine records have the same name")
        return program


def _read_fixed_members(members: dict[str, Any], root: str, read: Any, refuse: Any) -> dict[str, bytes]:
    """The small fixed members (version, byteorder, ...), each at most 64 bytes and of its exact form; sample inputs
    must be empty (they are a pickle)."""
    fixed: dict[str, bytes] = {}
    for rel, pattern in FIXED_MEMBERS.items():
        if pattern is None:
            continue
        if members[f"{root}/{rel}"].file_size > 64:
            rule = "sample inputs must be empty" if rel == SAMPLE_INPUTS else "holds more than 64 bytes"
            raise refuse(f"{root}/{rel}", rule)
        blob = read(rel)
        if not pattern.fullmatch(blob):
            rule = "sample inputs must be empty" if rel == SAMPLE_INPUTS else f"must match {pattern.pattern!r}"
            raise refuse(f"{root}/{rel}", rule)
        if rel != SAMPLE_INPUTS:
            fixed[rel] = blob
    return fixed


def _read_payload(
    program: ValidatedProgram,
    fqn: str,
    meta: dict[str, Any],
    kinds: tuple[str, ...],
    rel: str,
    seen: tuple[set[str], set[str]],
    read: Any,
    where: str,
    refuse: Any,
) -> dict[str, Any]:
    """One payload config entry: its member ``rel`` exists and is of an allowed kind; an engine record
    (``opaque_obj``) is read once, a tensor is raw bytes that fit its metadata. ``seen`` is (the archive's members,
    the payloads already named). Returns the entry as the canonical config keeps it."""
    rels, used = seen
    path_name = meta["path_name"]
    kind = path_name.rsplit("_", 1)[0] if re.fullmatch(r"[a-z_]+_[0-9]{1,6}", path_name) else ""
    if kind not in kinds:
        raise refuse(where, f"names {path_name!r}, which is not a {' or '.join(kinds)}_N payload")
    if rel not in rels:
        raise refuse(where, f"names {rel!r}, which the archive does not hold")
    if kind == "opaque_obj":
        if rel in used:
            raise refuse(where, f"names {rel!r}, which another entry names too")
        program.records[rel] = _engine_record(fqn, read(rel), f"{program.root}/{rel}", refuse)
        return {"path_name": path_name, "is_param": False, "use_pickle": True, "tensor_meta": None}
    if meta["use_pickle"] is not False or meta["tensor_meta"] is None:
        raise refuse(where, "a tensor must be raw bytes (use_pickle false, with tensor_meta)")
    blob = program.tensors[rel] if rel in program.tensors else read(rel)
    _check_static_tensor(meta["tensor_meta"], len(blob), where, refuse)
    program.tensors[rel] = blob
    return meta


def _check_names(names: list[str], refuse: Any) -> str:
    """The archive's one root folder, after every member name passed the allow-list."""
    seen: dict[str, str] = {}
    roots = set()
    for name in names:
        if not name.isascii() or not name.isprintable() or "\\" in name or name.startswith("/"):
            raise refuse(repr(name), "member names are printable ASCII paths without '\\' or a leading '/'")
        parts = name.split("/")
        if any(p in ("", ".", "..") for p in parts):
            raise refuse(repr(name), "member names hold no empty, '.' or '..' parts")
        folded = name.casefold()
        if folded in seen:
            raise refuse(repr(name), f"it differs from {seen[folded]!r} only in case (torch's reader would mix them)")
        seen[folded] = name
        roots.add(parts[0])
        rel = "/".join(parts[1:])
        if (
            len(parts) < 2
            or not ROOT.fullmatch(parts[0])
            or not (rel in FIXED_MEMBERS or PAYLOAD_MEMBER.fullmatch(rel))
        ):
            raise refuse(
                repr(name),
                "not a member torch_tensorrt writes (AOTInductor payloads, .so, .cpp, extra files "
                "and legacy pickles are refused)",
            )
    if len(roots) != 1:
        raise refuse(", ".join(sorted(roots)) or "(no members)", "an archive has exactly one root folder")
    return roots.pop()


def _read_json(read: Any, root: str, rel: str, refuse: Any) -> Any:
    raw = read(rel)
    if len(raw) > MAX_MANIFEST_BYTES * 4:
        raise refuse(f"{root}/{rel}", f"larger than {MAX_MANIFEST_BYTES * 4:,} bytes")
    try:
        return loads_json(raw, what=f"{root}/{rel}", max_depth=MAX_GRAPH_DEPTH * 3)
    except UsageError as exc:
        raise refuse(f"{root}/{rel}", f"not valid JSON ({exc.problem})") from None


# ---- the graph, against the export schema ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def export_schemas() -> dict[str, Any]:
    """``major.minor`` -> {"torch": release, "types": {name: {"kind", "fields" | "values"}}}."""
    text = resources.files("torchtrt_compat.data").joinpath("export_schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def _parse_graph(data: Any, where: str, refuse: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise refuse(where, "the graph is not a JSON object")
    version = data.get("schema_version")
    if not (isinstance(version, dict) and all(_is_int(version.get(k)) for k in ("major", "minor"))):
        raise refuse(where, "it has no schema_version {major, minor}")
    key = f"{version['major']}.{version['minor']}"
    schemas = export_schemas()
    if key not in schemas:
        known = ", ".join(f"{k} (torch {v['torch']})" for k, v in schemas.items())
        raise refuse(
            where,
            f"it was written with export schema {key}, which this torchtrt_compat does not know (it knows {known})",
        )
    graph = _Walker(schemas[key]["types"], where, refuse).value(data, "ExportedProgram", "", 0)
    return dict(graph)


class _Walker:
    """Rebuilds a JSON value from the schema's fields only, checking each value's type and the rules above."""

    def __init__(self, types: dict[str, Any], where: str, refuse: Any) -> None:
        self.types, self.where, self.refuse = types, where, refuse

    def fail(self, path: str, rule: str) -> UsageError:
        return self.refuse(f"{self.where} at {path or 'the top'}", rule)

    def value(self, value: Any, typ: str, path: str, depth: int, text: bool = False, free_keys: bool = False) -> Any:
        """``value`` rebuilt as ``typ``. Strings and dict keys must be names (`NAME`: torch.fx writes them into the
        Python source it generates) unless ``text`` / ``free_keys`` say the field is free text checked elsewhere."""
        if depth > MAX_GRAPH_DEPTH:
            raise self.fail(path, f"nested more than {MAX_GRAPH_DEPTH} levels")
        if typ.startswith("Optional["):
            return None if value is None else self.value(value, typ[9:-1], path, depth, text, free_keys)
        if typ.startswith("List["):
            if not isinstance(value, list):
                raise self.fail(path, f"expected a list ({typ})")
            return [self.value(v, typ[5:-1], f"{path}[{i}]", depth + 1, text) for i, v in enumerate(value)]
        if typ.startswith("Dict[str, "):
            return self.mapping(value, typ, path, depth, text, free_keys)
        if typ in ("int", "bool", "str", "float"):
            checked = _primitive(value, typ, path, self.fail)
            if typ == "str" and not text:
                _check_name(checked, path, self.fail)
            return checked
        spec = self.types.get(typ)
        if spec is None:
            raise self.fail(path, f"the schema has no type {typ!r}")
        if spec["kind"] == "enum":
            if not _is_int(value) or value not in spec["values"]:
                raise self.fail(path, f"{value!r} is not a {typ} value")
            return value
        return self.record(value, typ, spec, path, depth)

    def mapping(self, value: Any, typ: str, path: str, depth: int, text: bool, free_keys: bool) -> dict[str, Any]:
        """A ``Dict[str, T]``: keys are names unless ``free_keys``, each value rebuilt as ``T``."""
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object ({typ})")
        inner = typ[10:-1]
        if not free_keys:
            for key in value:
                _check_name(key, f"{path}[{key[:60]!r}]", self.fail)
        return {k: self.value(v, inner, f"{path}[{k[:60]!r}]", depth + 1, text) for k, v in value.items()}

    def record(self, value: Any, typ: str, spec: dict[str, Any], path: str, depth: int) -> dict[str, Any]:
        """A schema struct or union: only its fields, the required ones present, a union holding exactly one."""
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a {typ} object")
        fields = spec["fields"]
        unknown = sorted(set(value) - set(fields))
        if unknown:
            raise self.fail(path, f"{typ} has no field {unknown[0]!r}")
        missing = sorted(set(spec.get("required", ())) - set(value))
        if missing:
            raise self.fail(path, f"{typ} lacks its field {missing[0]!r}")
        if spec["kind"] == "union" and len(value) != 1:
            raise self.fail(path, f"a {typ} holds exactly one of its fields, not {len(value)}")
        out = {}
        for name, value_ in value.items():
            here = f"{path}.{name}" if path else name
            out[name] = self.field(typ, name, value_, fields[name], here, depth + 1)
        return out

    def field(self, typ: str, name: str, value: Any, field_type: str, path: str, depth: int) -> Any:
        rule = _FIELD_RULES.get((typ, name))
        if rule == "drop":
            return {}
        text = rule is not None or (typ, name) in _FREE_TEXT
        checked = self.value(value, field_type, path, depth, text, free_keys=rule == "range_keys")
        rewrite = _REWRITES.get(rule or "")
        if rewrite is not None:  # text torch evaluates: only the canonical re-write of what was parsed goes on
            return rewrite(checked, path, self.fail)
        if rule == "target":
            _check_target(checked, path, self.fail)
        elif rule == "empty":
            if checked:
                raise self.fail(path, "must be empty")
        elif rule == "class":
            if checked not in CUSTOM_CLASSES:
                raise self.fail(path, f"custom class {checked!r} is not a TensorRT engine")
        elif rule == "device":
            if checked not in DEVICE_TYPES:
                raise self.fail(path, f"device type {checked!r} is not one of {sorted(DEVICE_TYPES)}")
        elif rule == "treespec":
            _check_treespec(checked, path, self.fail)
        elif rule == "range_keys":
            for key in checked:
                _check_symbol(key, f"{path}[{key!r}]", self.fail)
        elif rule == "version":
            if not re.fullmatch(r"[0-9A-Za-z.+_-]{1,64}", checked):
                raise self.fail(path, "not a version")
        return checked


#: (schema type, field) -> the rule applied after the type check (or "drop": replaced by an empty value)
_FIELD_RULES: dict[tuple[str, str], str] = {
    ("SymExpr", "expr_str"): "expr",
    ("Node", "target"): "target",
    ("Node", "metadata"): "drop",
    ("GraphModule", "metadata"): "drop",
    ("Argument", "as_operator"): "target",
    ("ExportedProgram", "guards_code"): "guards",
    ("ExportedProgram", "range_constraints"): "range_keys",
    ("ExportedProgram", "torch_version"): "version",
    ("GraphModule", "treespec_namedtuple_fields"): "empty",
    ("CustomObjArgument", "class_fqn"): "class",
    ("Device", "type"): "device",
    ("ModuleCallSignature", "in_spec"): "treespec",
    ("ModuleCallSignature", "out_spec"): "treespec",
}


#: string fields that hold values, not names (shown with repr() in generated code, or checked by their own rule)
_FREE_TEXT = frozenset(
    {
        ("Argument", "as_string"),
        ("Argument", "as_strings"),
        ("ConstantValue", "as_string"),
        ("PayloadMeta", "path_name"),
    }
)
NAME = re.compile(r"(?:[A-Za-z0-9_]{1,200}(?:\.[A-Za-z0-9_]{1,200}){0,32})?")  #: a (dotted) name, or ""


def _check_name(text: str, path: str, fail: Any) -> None:
    if not NAME.fullmatch(text):
        raise fail(path, f"{text[:60]!r} is not a name (letters, digits, '_' and '.')")


def _primitive(value: Any, typ: str, path: str, fail: Any) -> Any:
    if typ == "bool":
        ok = isinstance(value, bool)
    elif typ == "int":
        ok = _is_int(value, signed=True)
    elif typ == "str":
        ok = isinstance(value, str)
    else:
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool)) or value in FLOAT_WORDS
    if not ok:
        raise fail(path, f"expected {typ}, found {type(value).__name__}")
    return value


def _check_symbol(text: str, path: str, fail: Any) -> None:
    if not (SYMBOL.fullmatch(text) or SYMBOL_CALL.fullmatch(text)):
        raise fail(path, f"{text[:60]!r} is not a symbol name")


def _canonical_expr(text: str, path: str, fail: Any) -> str:
    """A symbolic size: a bare symbol name, or srepr text of the size grammar, returned in canonical form (torch
    evaluates this text with sympy, so only text written here from the parsed expression reaches it)."""
    if SYMBOL.fullmatch(text):
        return text
    try:
        return sym_expr.parse(text).text
    except sym_expr.ExprError as exc:
        raise fail(path, f"symbolic size {text[:60]!r} is outside the size grammar ({exc})") from None


def _canonical_guard(text: str, path: str, fail: Any) -> str:
    """A guard on the inputs' sizes (Python torch compiles when it loads the program): only comparisons and integer
    arithmetic of ``L[...].size()[i]`` (`sym_expr.parse_guard`), returned as the canonical text written here."""
    try:
        return sym_expr.parse_guard(text)
    except sym_expr.ExprError as exc:
        raise fail(
            path, f"guard code {text[:60]!r} is outside the guard grammar ({exc}; torch would exec it)"
        ) from None


def _canonical_guards(guards: list[str], path: str, fail: Any) -> list[str]:
    return [_canonical_guard(g, f"{path}[{i}]", fail) for i, g in enumerate(guards)]


_REWRITES: dict[str, Any] = {"expr": _canonical_expr, "guards": _canonical_guards}


def _check_target(text: str, path: str, fail: Any) -> None:
    match = TARGET.fullmatch(text)
    if not (text in BUILTIN_TARGETS or (match and text.split(".")[3] not in REFUSED_OPS)):
        raise fail(path, f"target {text[:80]!r} is not an operator of torch.ops.{{aten,prims,tensorrt,torchvision}}")


def check_treespec(text: Any, *, where: str, fix: str) -> None:
    """A pytree spec as ``torch.utils._pytree.treespec_dumps`` writes it (protocol 1), of the closed form a program's
    graph may hold (`TREESPEC_TYPES`, nesting within `MAX_GRAPH_DEPTH`): what a partitioned artifact's call specs
    must be before ``treespec_loads`` reads them; anything else is a `UsageError` naming ``where``."""

    def fail(_path: str, rule: str) -> UsageError:
        return UsageError(f"{where}: {rule}.", fix)

    if not isinstance(text, str):
        raise fail(where, "the tree spec is not text")
    _check_treespec(text, where, fail)
    if json.loads(text)[0] != 1:
        raise fail(where, "the tree spec is not of protocol 1")


def _check_treespec(text: str, path: str, fail: Any) -> None:
    try:
        spec = json.loads(text)
    except (ValueError, RecursionError):
        raise fail(path, "the tree spec is not JSON (or is nested too deep)") from None

    def node(value: Any, depth: int) -> None:
        if depth > MAX_GRAPH_DEPTH or not isinstance(value, dict) or set(value) != {"type", "context", "children_spec"}:
            raise fail(path, "the tree spec is malformed")
        if value["type"] not in TREESPEC_TYPES:
            if not (isinstance(value["type"], str) and DATA_OUTPUT_TYPE.fullmatch(value["type"])):
                raise fail(path, f"the tree spec names the type {str(value['type'])[:60]!r}")
            _check_data_fields(value, path, fail)
        context = value["context"]
        if context is not None:
            try:
                parsed = json.loads(context) if isinstance(context, str) else context
            except ValueError:
                raise fail(path, "a tree spec context is not JSON") from None
            if parsed is not None and not (
                isinstance(parsed, list)
                and all(_is_int(k, signed=True) or (isinstance(k, str) and NAME.fullmatch(k)) for k in parsed)
            ):
                raise fail(path, "a tree spec context is not a list of names")
        if not isinstance(value["children_spec"], list):
            raise fail(path, "the tree spec is malformed")
        for child in value["children_spec"]:
            node(child, depth + 1)

    if not (isinstance(spec, list) and len(spec) == 2 and _is_int(spec[0])):
        raise fail(path, "the tree spec is not [version, spec]")
    node(spec[1], 0)


def _check_data_fields(value: dict[str, Any], path: str, fail: Any) -> None:
    """A data output container's context names its fields: a JSON list of distinct identifiers, one per child."""
    name = value["type"][:60]
    try:
        fields = json.loads(value["context"]) if isinstance(value["context"], str) else None
    except ValueError:
        fields = None
    children = value["children_spec"]
    if not (
        isinstance(fields, list)
        and isinstance(children, list)
        and len(fields) == len(children)
        and len(set(map(str, fields))) == len(fields)
        and all(isinstance(f, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,200}", f) for f in fields)
    ):
        raise fail(path, f"the tree spec's {name!r} does not name one field per value (a data output container does)")


def _registered_types() -> frozenset[str]:
    """The pytree type names this process registered (torch's table, read only if torch is imported already)."""
    pytree = sys.modules.get("torch.utils._pytree")
    table = getattr(pytree, "SERIALIZED_TYPE_TO_PYTHON_TYPE", None)
    return frozenset(k for k in table if isinstance(k, str)) if isinstance(table, dict) else frozenset()


def _plain_spec(text: str, registered: frozenset[str]) -> str:
    """A validated tree spec with each data output container this process did not register written as a dict."""
    spec = json.loads(text)

    def plain(value: dict[str, Any]) -> dict[str, Any]:
        kind = value["type"]
        if kind not in TREESPEC_TYPES and kind not in registered:
            kind = "builtins.dict"
        return {**value, "type": kind, "children_spec": [plain(c) for c in value["children_spec"]]}

    return json.dumps([spec[0], plain(spec[1])])


def _with_plain_containers(graph: Any, registered: frozenset[str]) -> Any:
    """``graph`` with every module call signature's tree specs passed through `_plain_spec`."""
    if isinstance(graph, list):
        return [_with_plain_containers(v, registered) for v in graph]
    if not isinstance(graph, dict):
        return graph
    out = {k: _with_plain_containers(v, registered) for k, v in graph.items()}
    for key in ("in_spec", "out_spec"):
        if isinstance(out.get(key), str) and "outputs" in out:  # a ModuleCallSignature
            out[key] = _plain_spec(out[key], registered)
    return out


def _parse_config(data: Any, where: str, refuse: Any) -> dict[str, dict[str, Any]]:
    schema = export_schemas()
    types = schema[sorted(schema)[-1]]["types"]
    parsed = _Walker(types, where, refuse).value(data, "PayloadConfig", "", 0)
    for fqn in parsed["config"]:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]{0,255}", fqn):
            raise refuse(where, f"the name {fqn[:60]!r} is not a dotted identifier")
    return dict(parsed["config"])


#: bytes per element of the export schema's ScalarType values (torch 2.14 ``schema.yaml``); 0: unknown, refused
ELEMENT_BYTES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 2, 7: 4, 8: 8, 9: 4, 10: 8, 11: 16, 12: 1, 13: 2, 28: 2}
ELEMENT_BYTES |= {29: 1, 30: 1, 31: 1, 32: 1, 33: 1, 34: 4, 35: 8}
MAX_TENSOR_DIMS = 16


def _check_static_tensor(meta: dict[str, Any], blob_size: int, where: str, refuse: Any) -> None:
    """A raw tensor: integer sizes, strides and offset, and its bytes cover every element it addresses (torch
    allocates ``zeros(sizes)`` for an empty member: sizes are never larger than what the member holds)."""
    for key in ("sizes", "strides"):
        if not all("as_int" in s for s in meta[key]):
            raise refuse(where, f"tensor {key} must be integers")
    if "as_int" not in meta["storage_offset"]:
        raise refuse(where, "the storage offset must be an integer")
    sizes = [s["as_int"] for s in meta["sizes"]]
    strides = [s["as_int"] for s in meta["strides"]]
    offset = meta["storage_offset"]["as_int"]
    element = ELEMENT_BYTES.get(meta["dtype"], 0)
    if not element or len(sizes) != len(strides) or len(sizes) > MAX_TENSOR_DIMS:
        raise refuse(where, "the tensor's dtype, sizes or strides are not a raw tensor's")
    if min([offset, *sizes, *strides]) < 0:
        raise refuse(where, "tensor sizes, strides and offset are never negative")
    if 0 in sizes:
        return
    last = offset + sum((n - 1) * st for n, st in zip(sizes, strides, strict=True))
    if (last + 1) * element > blob_size or blob_size % element:
        raise refuse(where, f"the tensor addresses {(last + 1) * element:,} bytes, but its member holds {blob_size:,}")


# ---- pickles ---------------------------------------------------------------------------------------------------
class _EngineInfo:
    """Stands where ``_reconstruct_trt_engine`` would be called; keeps its argument and does nothing else."""

    __slots__ = ("info",)

    def __init__(self, info: object) -> None:
        self.info = info


class _EngineUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ENGINE_GLOBAL:
            return _EngineInfo
        raise _Refused(f"it names {module}.{name}")

    def persistent_load(self, pid: Any) -> Any:
        raise _Refused("it refers to a persistent id")


class _StandIn:
    """An inert object where a settings class would be: created empty (NEWOBJ), given a dict (BUILD), nothing else."""

    def __new__(cls, *args: Any) -> _StandIn:
        if args:
            raise _Refused(f"{cls.__name__} is created with arguments")
        return super().__new__(cls)

    def __init__(self, *args: Any) -> None:  # only a direct call (REDUCE) gets here
        raise _Refused(f"{type(self).__name__} is called")

    def __setstate__(self, state: Any) -> None:
        if not isinstance(state, dict) or not all(isinstance(k, str) for k in state):
            raise _Refused(f"{type(self).__name__} gets state that is not a dict of names")
        self.__dict__["state"] = state


class _EnumStandIn:
    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *args: Any) -> tuple[str, Any]:
        if len(args) != 1 or not isinstance(args[0], (int, str)):
            raise _Refused(f"{self.name} is called with {len(args)} arguments, not one value")
        return (self.name, args[0])


class _Constant:
    """A named value (a torch dtype): calling it, or building it, is refused."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *args: Any) -> Any:
        raise _Refused(f"{self.name} is called")


class _NotCalled(type):
    """A stand-in class that pickle may create objects of (NEWOBJ calls ``__new__``) but never call (REDUCE)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise _Refused(f"{cls.__name__} is called")


class _SizeStandIn(metaclass=_NotCalled):
    """Where a sympy constructor of the size grammar would be: created (NEWOBJ / NEWOBJ_EX) with checked arguments,
    it returns a `sym_expr.Expr` (data); called directly (REDUCE), it is refused."""

    kind = ""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        kind = cls.kind
        if kind in ("0", "1", "-1"):
            if args or kwargs:
                raise _Refused(f"sympy's {kind} is created with arguments")
            return sym_expr.make("int", value=int(kind))
        if kind == "Integer":
            if len(args) != 1 or kwargs:
                raise _Refused("a sympy Integer is created with one integer")
            return sym_expr.make("int", value=args[0])
        if kind == "Symbol":
            if len(args) != 1:
                raise _Refused("a sympy Symbol is created with one name")
            return sym_expr.make("Symbol", value=args[0], assumptions=tuple(kwargs.items()))
        if kwargs:
            raise _Refused(f"{kind} is created with keyword arguments")
        return sym_expr.make(kind, tuple(args))


class _MetadataUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        size = sym_expr.PICKLED.get((module, name))
        if size is not None:
            return type(name, (_SizeStandIn,), {"kind": size})
        use = METADATA_GLOBALS.get((module, name))
        if use == "enum":
            return _EnumStandIn(f"{module}.{name}")
        if use == "object":
            return type(name, (_StandIn,), {})
        if use == "constant":
            return _Constant(f"{module}.{name}")
        raise _Refused(f"it names {module}.{name}")

    def persistent_load(self, pid: Any) -> Any:
        raise _Refused("it refers to a persistent id")


def _engine_record(fqn: str, blob: bytes, where: str, refuse: Any) -> EngineRecord:
    try:
        value = _EngineUnpickler(io.BytesIO(blob)).load()
    except _Refused as exc:
        raise refuse(where, f"{exc}; only a TensorRT engine record may be stored there") from None
    except Exception as exc:  # a malformed pickle: any error the unpickler raises on bytes it cannot read
        raise refuse(where, f"not a readable engine record ({exc.__class__.__name__})") from None
    info = getattr(value, "info", None) if isinstance(value, _EngineInfo) else None
    if not (isinstance(info, list) and MIN_INFO_FIELDS <= len(info) <= MAX_INFO_FIELDS):
        raise refuse(where, "not a TensorRT engine record (a list of strings)")
    if not all(isinstance(v, str) for v in info):
        raise refuse(where, "not a TensorRT engine record (a list of strings)")
    if not re.fullmatch(r"[0-9]{1,4}", info[ABI_IDX]):
        raise refuse(where, "the ABI field is not a number")
    if info[NAME_IDX] != fqn or not ENGINE_NAME.fullmatch(fqn):
        raise refuse(
            where, f"the engine name {info[NAME_IDX][:60]!r} is not the identifier {fqn[:60]!r} the config lists"
        )
    try:
        engine = base64.b64decode(info[ENGINE_IDX].encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise refuse(where, "the engine field is not base64") from None
    if not engine:
        raise refuse(where, "the engine is empty (0 bytes)")
    shapes = _engine_shapes(_check_metadata(info[METADATA_IDX], where, refuse)) if info[METADATA_IDX] else {}
    record = EngineRecord(fqn, tuple(info), shapes)
    if not ENGINE_NAME.fullmatch(record.name):
        raise refuse(where, f"the engine name {record.name!r} is not an identifier")
    return record


def _check_metadata(text: str, where: str, refuse: Any) -> Any:
    """The metadata field: base64 of a pickle torch_tensorrt reads with ``pickle.loads``; only `METADATA_GLOBALS`
    and the size grammar's constructors. Returns what was read, built of stand-ins."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise refuse(where, "the engine metadata field is not base64") from None
    try:
        return _MetadataUnpickler(io.BytesIO(raw)).load()
    except _Refused as exc:
        raise refuse(where, f"the engine metadata field was not loaded: {exc}") from None
    except sym_expr.ExprError as exc:
        raise refuse(
            where, f"the engine metadata field holds a symbolic shape outside the size grammar ({exc})"
        ) from None
    except Exception as exc:
        raise refuse(where, f"the engine metadata field is not a readable pickle ({exc.__class__.__name__})") from None


def _engine_shapes(metadata: Any) -> dict[str, list[tuple[str, tuple[int | sym_expr.Expr, ...]]]]:
    """The engine's inputs and outputs as torch_tensorrt records them (``inout_symexprs``): ``{"inputs": [(name,
    shape)], "outputs": [...]}``, each size an int or a `sym_expr.Expr`; empty when the metadata holds none."""
    found = metadata.get("inout_symexprs") if isinstance(metadata, dict) else None
    out: dict[str, list[tuple[str, tuple[int | sym_expr.Expr, ...]]]] = {}
    if not isinstance(found, dict):
        return out
    for side in ("inputs", "outputs"):
        entries = found.get(side)
        if not isinstance(entries, list):
            continue
        listed = []
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or not isinstance(entry.get("shape_exprs"), list):
                continue
            sizes = tuple(entry["shape_exprs"])
            if not all(_is_int(d, signed=True) or isinstance(d, sym_expr.Expr) for d in sizes):
                continue
            name = entry.get("name")
            listed.append((name if isinstance(name, str) else f"{side[:-1]}{i}", sizes))
        out[side] = listed
    return out


def _is_int(value: Any, *, signed: bool = False) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and (signed or value >= 0)


#: ScalarType codes of the export schema -> torch dtype names (as ``str(dtype)`` writes them, without ``torch.``)
DTYPE_NAMES = {1: "uint8", 2: "int8", 3: "int16", 4: "int32", 5: "int64", 6: "float16", 7: "float32", 8: "float64"}
DTYPE_NAMES |= {9: "complex32", 10: "complex64", 11: "complex128", 12: "bool", 13: "bfloat16"}


def user_inputs(program: ValidatedProgram) -> list[tuple[list[int | None], str | None]]:
    """The program's user inputs in order: (sizes, None for a symbolic one; dtype name, None when unknown); a
    non-tensor input reads ([], None)."""
    module = program.graph.get("graph_module") or {}
    values = (module.get("graph") or {}).get("tensor_values") or {}
    out: list[tuple[list[int | None], str | None]] = []
    for spec in (module.get("signature") or {}).get("input_specs") or []:
        user = spec.get("user_input") if isinstance(spec, dict) else None
        if not isinstance(user, dict):
            continue
        name = ((user.get("arg") or {}).get("as_tensor") or {}).get("name")
        meta = values.get(name) if isinstance(name, str) else None
        if not isinstance(meta, dict):
            out.append(([], None))
            continue
        sizes = [d.get("as_int") if isinstance(d, dict) and _is_int(d.get("as_int")) else None for d in meta["sizes"]]
        out.append((sizes, DTYPE_NAMES.get(meta.get("dtype"))))  # type: ignore[arg-type]
    return out


# ---- the earlier reader's interface --------------------------------------------------------------------------
@dataclass
class EpContents:
    """What `read_ep` returns: engine name -> serialized engine (kept for callers of the earlier reader)."""

    engines: dict[str, bytes] = field(default_factory=dict)
    torch_pickles: dict[str, bytes] = field(default_factory=dict)  #: always empty now: pickled tensors are refused


def read_ep(data: bytes, *, what: str, fix: str) -> EpContents:
    """`validate_program`, returning only the engines."""
    return EpContents(validate_program(data, where=what, fix=fix).engines)
