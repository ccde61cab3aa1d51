"""Read a torch_tensorrt ``.ep`` without running anything it contains, and take the engine bytes out of it.

``torch.export.load`` (torch 2.14, ``torch/export/pt2_archive/_package.py``) is not a safe reader: it unpickles
opaque constants with ``pickle.loads``, tensor-subclass weights and constants with ``torch.load(weights_only=False)``,
and sample inputs with ``weights_only=True`` but falls back to ``weights_only=False`` when that fails. A crafted
``.ep`` runs code in any of them. So before torch sees an ``.ep`` we check every part torch would unpickle:

- an engine constant (``data/constants/opaque_obj_N``) is read by an unpickler that knows exactly one global,
  torch_tensorrt's ``_reconstruct_trt_engine``, and only records its argument (the engine info list); any other
  global, a persistent id, or another shape of value is refused;
- TorchScript-pickled constants (``custom_obj_N``) and the legacy single-file payloads are refused (torch_tensorrt's
  own save never writes them for an exported program);
- tensor pickles and non-empty sample inputs must load with ``torch.load(weights_only=True)``: `torch_pickles` lists
  them for the caller (our own artifacts have none, so loading one imports no torch).

The graph itself (``models/*.json``) is JSON that torch's deserializer maps to operators; it unpickles nothing.
Nothing here imports torch or torch_tensorrt.
"""

from __future__ import annotations

import base64
import binascii
import io
import pickle
import zipfile
from dataclasses import dataclass, field
from typing import Any

from .._bounded import MAX_MANIFEST_BYTES, check_zip_members, loads_json, read_zip_member
from .._errors import UsageError

#: The one global an engine constant may name: ``EngineSerializer.__reduce__`` in torch-tensorrt 2.12+ points here.
ENGINE_GLOBAL = ("torch_tensorrt.dynamo.runtime._TRTEngine", "_reconstruct_trt_engine")
NAME_IDX, ENGINE_IDX = 1, 3  #: positions in the engine info list (``_serialized_engine_layout.SerializedInfoIndex``)


@dataclass
class EpContents:
    """What a checked ``.ep`` holds: engine name -> serialized engine, and the members left for torch's safe check."""

    engines: dict[str, bytes] = field(default_factory=dict)
    torch_pickles: dict[str, bytes] = field(default_factory=dict)  #: member -> bytes for torch.load(weights_only)


class _Refused(Exception):
    pass


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


def read_ep(data: bytes, *, what: str, fix: str) -> EpContents:
    """Check a ``.ep`` (bytes) as described above; a part that could run code or is malformed is a `UsageError`."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise UsageError(f"{what} is not a torch.export archive ({exc}).", fix) from None
    with zf:
        members = check_zip_members(zf, archive_bytes=len(data), what=what, fix=fix)
        roots = [n[: -len("archive_format")] for n in members if n.endswith("archive_format")]
        if len(roots) != 1 or read_zip_member(zf, members[roots[0] + "archive_format"], what=what, fix=fix) != b"pt2":
            raise UsageError(f"{what} is not a torch.export (pt2) archive.", fix)
        root = roots[0]
        outside = [n for n in members if not n.startswith(root)]
        if outside:
            raise UsageError(f"{what} has members outside its archive folder ({outside[0]!r}).", fix)
        names = {n[len(root) :]: info for n, info in members.items()}
        contents = EpContents()
        for rel, info in names.items():
            if rel.startswith("data/") and rel.endswith(".pt"):
                if rel.startswith(("data/weights/", "data/constants/")):  # legacy single-file payloads
                    raise UsageError(f"{what} holds a legacy pickled payload ({rel}), which is not read.", fix)
                if info.file_size:  # sample inputs: torch tries weights_only=True, then falls back to False
                    contents.torch_pickles[rel] = read_zip_member(zf, info, what=what, fix=fix)
            elif rel.startswith(("data/weights/", "data/constants/")) and rel.endswith("_config.json"):
                _read_payload_config(zf, names, rel, contents, what=what, fix=fix)
        return contents


def _read_payload_config(
    zf: zipfile.ZipFile, names: dict[str, zipfile.ZipInfo], rel: str, contents: EpContents, *, what: str, fix: str
) -> None:
    folder = rel.rsplit("/", 1)[0]
    raw = read_zip_member(zf, names[rel], what=what, fix=fix)
    if len(raw) > MAX_MANIFEST_BYTES:
        raise UsageError(f"{what}: {rel} is larger than {MAX_MANIFEST_BYTES:,} bytes.", fix)
    config = loads_json(raw, what=f"{what}: {rel}", fix=fix)
    entries = config.get("config") if isinstance(config, dict) else None
    if not isinstance(entries, dict):
        raise UsageError(f"{what}: {rel} is not a payload config.", fix)
    for fqn, meta in entries.items():
        if not isinstance(meta, dict) or not isinstance(meta.get("path_name"), str):
            raise UsageError(f"{what}: {rel} entry {fqn!r} is malformed.", fix)
        path = f"{folder}/{meta['path_name']}"
        if not meta.get("use_pickle"):
            continue
        if path not in names:
            raise UsageError(f"{what} lacks {path}, which {rel} lists.", fix)
        blob = read_zip_member(zf, names[path], what=what, fix=fix)
        kind = meta["path_name"]
        if kind.startswith("opaque_obj_"):
            name, engine = _engine_from_pickle(blob, where=f"{what}: {path}", fix=fix)
            if name in contents.engines:
                raise UsageError(f"{what} holds two engines named {name!r}.", fix)
            contents.engines[name] = engine
        elif kind.startswith(("tensor_", "weight_")):
            contents.torch_pickles[path] = blob
        else:  # custom_obj_N: TorchScript pickles that set up a C++ engine; never written for an exported program
            raise UsageError(f"{what}: {path} is a TorchScript object pickle, which is not read.", fix)


def _engine_from_pickle(blob: bytes, *, where: str, fix: str) -> tuple[str, bytes]:
    try:
        value = _EngineUnpickler(io.BytesIO(blob)).load()
    except _Refused as exc:
        raise UsageError(f"{where} was not loaded: {exc}, and only engine info may be stored there.", fix) from None
    except Exception as exc:  # a malformed pickle: any error the unpickler raises on bytes it cannot read
        raise UsageError(f"{where} is not a readable engine record ({exc.__class__.__name__}: {exc}).", fix) from None
    info = value.info if isinstance(value, _EngineInfo) else None
    if not isinstance(info, list) or len(info) <= ENGINE_IDX or not all(isinstance(v, str) for v in info):
        raise UsageError(f"{where} is not a TensorRT engine record (a list of strings).", fix)
    try:
        engine = base64.b64decode(info[ENGINE_IDX].encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise UsageError(f"{where}: the engine field is not base64.", fix) from None
    name = info[NAME_IDX]
    return (name[: -len("_engine")] if name.endswith("_engine") else name), engine
