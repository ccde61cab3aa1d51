"""One reader of an artifact folder, within limits, for both kinds: the manifest (the rules common to both, then
each kind's own: `_whole_files`, `_partitioned_files`), the listing (nothing unlisted, no symlink), every file's size
and sha256, and the bytes a verified signature covers. Nothing here imports torch or parses a program: that is
`ep_reader`'s, once the bytes are known to be the listed ones."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._bounded import MAX_MANIFEST_BYTES, loads_json, read_bytes
from ..._errors import UsageError
from . import partitioned, whole
from .ep_reader import check_treespec
from .files import FORMAT_V2, FORMATS, MANIFEST, PART_FILE, PROGRAM, REPORT, is_engine_entry, is_engine_name, plan_file
from .legacy_ttc import LEGACY_FORMAT
from .signing import SIGNATURE

KIND = "engine_artifact"  #: what `_atomic.mark_folder` records in the folders written here
KINDS = (whole.KIND, partitioned.KIND)  #: the manifest's ``"kind"``; a manifest without one is ``"whole"``
MAX_FILE_BYTES = 16 * 1024**3  #: the largest .ep or plan file load() reads (engines of very large models fit)
#: what the manifest says about a partitioned part's submodule, compared by `partitioned.attach`
COMPARED = ("class", "signature", "weights")

Bad = Callable[[str], UsageError]


def read_folder(source: Path, rebuild: str, signed: dict[str, str] | None) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The checked manifest and every file it lists (name -> bytes). With ``signed`` (file -> sha256 from a
    verified signature), the bytes returned are the bytes that were signed, not a later swap."""
    manifest = read_manifest(source, rebuild, signed)
    check_listing(source, manifest, rebuild)
    blobs = {name: read_checked(source, name, meta, rebuild, signed) for name, meta in manifest["files"].items()}
    for name in sorted(set(signed or {}) - set(blobs) - {MANIFEST}):  # the folder's mark: signed, not listed
        data = read_bytes(source / name, limit=_atomic.MAX_MARK_BYTES, what="Engine artifact file", fix=rebuild)
        check_signed(source, name, data, signed, rebuild)
    return manifest, blobs


def check_files(source: Path) -> dict[str, Any]:
    """The manifest of the artifact folder ``source`` when every file it lists is there with its recorded size and
    sha256 (read in chunks, never whole) and the folder holds nothing else; a `UsageError` otherwise. What a build
    farm re-run calls "up to date": verified, not guessed from sizes. Nothing is parsed beyond the manifest."""
    rebuild = "rebuild it"
    manifest = read_manifest(source, rebuild)
    check_listing(source, manifest, rebuild)
    for name, meta in manifest["files"].items():
        path = source / name
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as fh:
                digest, size = hashlib.sha256(), 0
                for chunk in iter(lambda: fh.read(1 << 20), b""):  # noqa: B023 - fh is this iteration's
                    digest.update(chunk)
                    size += len(chunk)
        except OSError as exc:
            raise UsageError(f"Cannot read {path}: {exc.strerror or exc}.", rebuild) from None
        if size != meta["bytes"] or digest.hexdigest() != meta["sha256"]:
            raise UsageError(f"{path} does not match the manifest (size or sha256).", rebuild)
    return manifest


def identity(folder: Path) -> tuple[int, int] | None:
    """What a folder is on disk (device, inode): another value means it was replaced meanwhile."""
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return st.st_dev, st.st_ino


# ---- the manifest ----------------------------------------------------------------------------------------------
def read_manifest(source: Path, rebuild: str, signed: dict[str, str] | None = None) -> dict[str, Any]:
    """The manifest, read within limits and checked for shape: anything else is a `UsageError` with the fix. With
    ``signed`` (file -> sha256 from a verified signature), the bytes read must be the bytes that were signed."""
    path = source / MANIFEST
    if not os.path.lexists(path):
        inner = sorted(d for d in source.iterdir() if (d / MANIFEST).is_file())
        if inner:  # `build --out DIR` writes DIR/NAME/
            raise UsageError(f"{source} is not an engine artifact folder.", f"pass the artifact folder {inner[0]}")
    raw = read_bytes(path, limit=MAX_MANIFEST_BYTES, what="Engine artifact manifest", fix=rebuild)
    check_signed(source, MANIFEST, raw, signed, rebuild)
    data = loads_json(raw, what=f"Engine artifact manifest {path}", fix=rebuild)

    def bad(why: str) -> UsageError:
        return UsageError(f"Engine artifact manifest {path} {why}.", rebuild)

    _check_common(data, bad)
    expected = _partitioned_files(data, bad) if data.get("kind") == partitioned.KIND else _whole_files(data, bad)
    if set(data["files"]) != expected:
        odd = sorted(set(data["files"]) ^ expected)[0]
        raise bad(f"lists {odd!r} where it should list exactly its programs, {REPORT} and one plan per engine")
    _check_metadata(data["metadata"], bad)
    return data


def _check_common(data: Any, bad: Bad) -> None:
    """What both kinds share: our format, a known kind, the top-level keys, and a size and hash for each file."""
    if not isinstance(data, dict):
        raise bad(f"is a JSON {type(data).__name__}, not an object")
    if data.get("format") not in FORMATS:
        if data.get("format") == LEGACY_FORMAT:
            raise bad("is from the old single-file format")
        raise bad(f"is not a torchtrt_compat engine artifact (format {data.get('format')!r})")
    if data.get("kind", whole.KIND) not in KINDS:
        raise bad(f"is of an unknown kind {data['kind']!r}")
    required = (("metadata", dict), ("report", dict), ("engines", dict), ("files", dict), ("program", str))
    for key, kind in required[:4] if data.get("kind") == partitioned.KIND else required:  # a program per part
        if key not in data:
            raise bad(f"lacks {key!r}")
        if not isinstance(data[key], kind):
            raise bad(f"has {key!r} of type {type(data[key]).__name__}, not {kind.__name__}")
    for name, meta in data["files"].items():
        _check_member_name(name, bad)
        if not (isinstance(meta, dict) and _is_int(meta.get("bytes")) and isinstance(meta.get("sha256"), str)):
            raise bad(f"describes {name!r} without an integer 'bytes' and a 'sha256'")


def _whole_files(data: dict[str, Any], bad: Bad) -> set[str]:
    """A whole-model manifest's rules: ``model.ep`` holding the engines (format 3: each listed with its size and
    sha256; format 2: and one ``engines/<name>.plan`` each); the files it must list."""
    if data["program"] != PROGRAM:
        raise bad(f"names the program {str(data['program'])[:80]!r}, not {PROGRAM!r}")
    for name, entry in data["engines"].items():
        _check_engine_name(name, bad)
        _check_engine_entry(name, entry, data["format"], bad, plan_file(name))
    if data["format"] == FORMAT_V2:
        return {PROGRAM, REPORT, *(plan_file(n) for n in data["engines"])}
    return {PROGRAM, REPORT}


def _check_engine_entry(name: str, entry: Any, form: str, bad: Bad, plan: str | None = None) -> None:
    """Format 2 maps an engine to its plan file (``plan``, when the name fixes it); format 3 describes it."""
    if form == FORMAT_V2:
        if not isinstance(entry, str) or (plan is not None and entry != plan):
            raise bad(f"maps the engine {name!r} to {str(entry)[:80]!r}, not {plan or 'a plan file'!r}")
    elif not is_engine_entry(entry):
        raise bad(f"describes the engine {name!r} without an integer 'bytes', a 'sha256' and a list of 'inputs'")


def _partitioned_files(data: dict[str, Any], bad: Bad) -> set[str]:
    """A partitioned manifest's rules: its ``parts`` (each a program, engines, the submodule and how it is called),
    engines that are the parts' engines, and file names under ``parts/`` and ``engines/``; the files it must list."""
    parts = data.get("parts")
    if not isinstance(parts, list) or not parts:
        raise bad("of kind 'partitioned' lists no 'parts'")
    seen: set[str] = set()
    for i, part in enumerate(parts):
        _check_part(i, part, data["files"], seen, bad)
    for path in sorted(seen):
        inner = next((other for other in sorted(seen) if other.startswith(path + ".")), None)
        if inner is not None:  # attach() replaces each part's submodule: one part cannot sit inside another
            raise bad(f"has the part {inner[:80]!r} inside the part {path[:80]!r}")
    in_parts = {f"{p['path']}.{name}": file for p in parts for name, file in p["engines"].items()}
    if in_parts != data["engines"]:  # artifact.engines and what attach() puts in place must be the same engines
        raise bad("lists engines that differ from its parts' engines")
    for part in parts:
        for name, entry in part["engines"].items():
            _check_engine_name(name, bad)
            _check_engine_entry(name, entry, data["format"], bad)
    plans = set(data["engines"].values()) if data["format"] == FORMAT_V2 else set()
    expected = {REPORT, *(p["program"] for p in parts), *plans}
    bad_file = next((f for f in sorted(expected - {REPORT}) if not PART_FILE.fullmatch(f)), None)
    if bad_file is not None:
        raise bad(f"names the file {bad_file[:80]!r}, which is not parts/NAME.ep or engines/NAME.plan")
    return expected


def _check_part(i: int, part: Any, files: dict[str, Any], seen: set[str], bad: Bad) -> None:
    if not isinstance(part, dict):
        raise bad(f"has part {i} that is not an object")
    path = part.get("path")
    if not isinstance(path, str) or not path or path in seen:
        raise bad(f"has part {i} without a module path of its own")
    seen.add(path)
    if not isinstance(part.get("program"), str) or part["program"] not in files:
        raise bad(f"names a program for part {path!r} that 'files' does not list")
    engines = part.get("engines")
    v2 = isinstance(engines, dict) and all(isinstance(f, str) for f in engines.values())
    if not isinstance(engines, dict) or (v2 and any(f not in files for f in engines.values())):
        raise bad(f"names engines for part {path!r} that 'files' does not list")
    module = part.get("module")
    if not isinstance(module, dict) or not all(isinstance(module.get(k), (str, dict)) for k in COMPARED):
        raise bad(f"does not describe the submodule of part {path!r}")
    if not _is_call(part.get("call")):
        raise bad(f"does not describe how part {path!r} is called")
    for key in ("in_spec", "out_spec"):
        try:
            check_treespec(part["call"][key], where=f"part {path[:80]!r} {key}", fix="")
        except UsageError as exc:
            raise bad(f"has a malformed call ({exc.problem.rstrip('.')})") from None
    for shape in part["call"].get("inputs", []):
        if not (
            isinstance(shape, list)
            and len(shape) == 2
            and isinstance(shape[0], list)
            and all(_is_int(d) for d in shape[0])
            and isinstance(shape[1], str)
        ):
            raise bad(f"describes an input of part {path!r} that is not [shape, dtype]")
    for t in part["call"]["template"]:
        if "value" in t and not isinstance(t["value"], (int, float, bool, str, type(None))):
            raise bad(f"has a non-tensor argument of part {path!r} that is not a plain value")


def _is_call(call: Any) -> bool:
    """A part's call: the pytree specs of its arguments and output, and a template of tensor slots and values."""
    return (
        isinstance(call, dict)
        and isinstance(call.get("in_spec"), str)
        and isinstance(call.get("out_spec"), str)
        and isinstance(call.get("template"), list)
        and all(isinstance(t, dict) and (t.get("tensor") is True or "value" in t) for t in call["template"])
        and isinstance(call.get("inputs", []), list)
    )


def _check_engine_name(name: str, bad: Bad) -> None:
    if not is_engine_name(name):
        raise bad(f"names the engine {name[:80]!r}, which is not an identifier (letters, digits, '_')")


def _check_metadata(metadata: dict[str, Any], bad: Bad) -> None:
    targets = metadata.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise bad("has metadata 'targets' that is not a list of compute capabilities")
    for key in ("flavour", "tensorrt_version", "torch_tensorrt"):
        if not isinstance(metadata.get(key), (str, type(None))):
            raise bad(f"has metadata {key!r} that is not text")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_member_name(name: str, bad: Bad) -> None:
    """A file named in the manifest stays inside the folder: relative, normalised, no '..', no backslash."""
    if (
        not name
        or name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or posixpath.normpath(name) != name
        or name.split("/")[0] == ".."
    ):
        raise bad(f"names the file {name!r}, which is not a plain path inside the artifact folder")


# ---- the files -------------------------------------------------------------------------------------------------
def check_listing(source: Path, manifest: dict[str, Any], rebuild: str) -> None:
    """The folder holds what the manifest lists and our own files, nothing else, and no symlink."""
    folders = {"parts"} if manifest.get("kind") == partitioned.KIND else set()
    if manifest["format"] == FORMAT_V2:
        folders.add("engines")
    allowed = {MANIFEST, _atomic.MARK, SIGNATURE, *folders, *manifest["files"]}
    for rel in _atomic.folder_entries(source):
        path = source / rel
        if path.is_symlink():
            raise UsageError(
                f"Engine artifact {source} holds a symlink, {rel}; artifacts hold only plain files.", rebuild
            )
        if rel not in allowed:
            raise UsageError(
                f"Engine artifact {source} holds {rel!r}, which its manifest does not list (a closed format).", rebuild
            )


def check_signed(source: Path, name: str, data: bytes, signed: dict[str, str] | None, rebuild: str) -> None:
    """With ``signed``, ``data`` must be the bytes the signature covers for ``name``."""
    if signed is not None and signed.get(name) != hashlib.sha256(data).hexdigest():
        raise UsageError(
            f"The signature of {source} does not verify: {name} is not the file that was signed (changed after "
            "signing, or never signed).",
            rebuild,
        )


def read_checked(
    source: Path, name: str, meta: dict[str, Any], rebuild: str, signed: dict[str, str] | None = None
) -> bytes:
    """A listed file, read within its declared size and checked against the signed sha256 (with ``signed``), then
    the manifest's size and sha256."""
    declared = int(meta["bytes"])
    if declared > MAX_FILE_BYTES:
        raise UsageError(f"{source / name} declares {declared:,} bytes (at most {MAX_FILE_BYTES:,}).", rebuild)
    data = read_bytes(source / name, limit=declared, what="Engine artifact file", fix=rebuild)
    check_signed(source, name, data, signed, rebuild)
    if len(data) != declared or hashlib.sha256(data).hexdigest() != meta["sha256"]:
        raise UsageError(
            f"Engine artifact file {source / name} does not match the manifest (size or sha256): it was changed or "
            "damaged after the build.",
            rebuild,
        )
    return data


# ---- publishing over a folder ----------------------------------------------------------------------------------
def check_replaceable(target: Path) -> Path:
    """Where an artifact folder for ``target`` may be published: ``target`` (its real path, when it is a symlink to a
    folder) if it is missing, empty, or an artifact folder this library wrote; anything else is a `UsageError`."""
    return _atomic.check_replaceable(target, marker=MANIFEST, what="an engine artifact", kind=KIND, legacy=_ours_legacy)


def _ours_legacy(folder: Path) -> bool:
    """A folder written before folders were marked: its manifest has our format and lists every file in it."""
    try:
        manifest = json.loads(read_bytes(folder / MANIFEST, limit=MAX_MANIFEST_BYTES, what="manifest"))
    except (UsageError, ValueError, OSError):
        return False
    if not (
        isinstance(manifest, dict) and str(manifest.get("format", "")).startswith("torchtrt_compat.engine_artifact/")
    ):
        return False
    listed = set(manifest.get("files") or {}) | {MANIFEST, "engines"}
    return all(rel in listed for rel in _atomic.folder_entries(folder))
