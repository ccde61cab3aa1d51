"""Attacks on a deployed artifact folder (issue 18): an attacker edits a real artifact and recomputes its manifest.

The artifact is a real TensorRT-RTX ahead-of-time build (cc 8.9) of a tiny model, built once. Every payload writes a
marker file if it ever runs. For each route torch's loader offers (``torch/export/pt2_archive/_package.py``,
``torch/_export/serde/serialize.py``, torch_tensorrt's engine record), `EngineArtifact.load` must refuse with one
`UsageError` line naming the member and the rule; and `runnable_module`, with the project's own
`why_not_runnable` forced empty (what a matching GPU host returns), must refuse the same bytes, so nothing reaches
``torch.export.load``. Nothing here mocks torch, TensorRT or CUDA.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import pickle
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
from _artifact_helpers import TinyConvNet as _Tiny, copy_folder as _copy, signing_keys

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.artifact import EngineArtifact
from torchtrt_compat.compiler.artifact.ep_reader import EngineRecord, validate_program

pytestmark = [pytest.mark.requires_rtx]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    torch.manual_seed(0)
    art = tc.build_engine(_Tiny().eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"], min_block_size=1)
    return art.save(tmp_path_factory.mktemp("attack") / "base")


class _Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> Any:
        return (exec, (f"open({str(self.marker)!r}, 'w').write('code ran')",))


def _rehash(folder: Path) -> None:
    """Recompute every listed file's size and sha256, as an attacker who controls the folder would."""
    manifest = json.loads((folder / "manifest.json").read_text())
    for name in manifest["files"]:
        data = (folder / name).read_bytes()
        manifest["files"][name] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / "manifest.json").write_text(json.dumps(manifest))


def _members(folder: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(folder / "model.ep") as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def _write_ep(folder: Path, members: dict[str, bytes] | list[tuple[str, bytes]]) -> bytes:
    items = members.items() if isinstance(members, dict) else members
    with zipfile.ZipFile(folder / "model.ep", "w") as zf:
        for name, data in items:
            zf.writestr(zipfile.ZipInfo(name), data)
    _rehash(folder)
    return (folder / "model.ep").read_bytes()


def _graph_edit(edit: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, bytes], Path], None]:
    def apply(members: dict[str, bytes], marker: Path) -> None:
        graph = json.loads(members["model/models/model.json"])
        edit(graph)
        members["model/models/model.json"] = json.dumps(graph).replace("MARKER", str(marker)).encode()

    return apply


def _engine_info(members: dict[str, bytes]) -> list[str]:
    class _Keep(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            return lambda info: info

    import io

    return list(_Keep(io.BytesIO(members["model/data/constants/opaque_obj_0"])).load())


def _set_engine_info(members: dict[str, bytes], info: list[str]) -> None:
    members["model/data/constants/opaque_obj_0"] = EngineRecord(info[1], tuple(info)).pickle_bytes()


_CODE = "__import__('pathlib').Path('MARKER').write_text('code ran')"


def _sympy_size(graph: dict[str, Any]) -> None:  # V1: torch calls sympy.sympify (an eval) on expr_str
    sizes = graph["graph_module"]["graph"]["tensor_values"]["x"]["sizes"]
    sizes[0] = {"as_expr": {"expr_str": _CODE, "hint": {"as_int": 1}}}


def _sympy_range(graph: dict[str, Any]) -> None:
    graph["range_constraints"] = {_CODE: {"min_val": 1, "max_val": 8}}


def _sympy_symint_value(graph: dict[str, Any]) -> None:
    graph["graph_module"]["graph"]["sym_int_values"] = {"s0": {"as_expr": {"expr_str": "2*s0", "hint": None}}}


def _guards(graph: dict[str, Any]) -> None:  # V2: torch execs guards_code in .module()
    graph["guards_code"] = [f"True #\n, '')\n{_CODE}\ndef g(*a):\n  torch._assert(True"]


def _target(name: str) -> Callable[[dict[str, Any]], None]:
    def edit(graph: dict[str, Any]) -> None:
        graph["graph_module"]["graph"]["nodes"][0]["target"] = name

    return edit


def _unknown_field(graph: dict[str, Any]) -> None:
    graph["graph_module"]["graph"]["nodes"][0]["python_code"] = _CODE


def _treespec(graph: dict[str, Any]) -> None:
    spec = [1, {"type": "os.system", "context": "null", "children_spec": []}]
    graph["graph_module"]["module_call_graph"][0]["signature"]["in_spec"] = json.dumps(spec)


def _namedtuple(graph: dict[str, Any]) -> None:
    graph["graph_module"]["treespec_namedtuple_fields"] = {"x": {"field_names": ["a"]}}


def _custom_class(graph: dict[str, Any]) -> None:
    graph["graph_module"]["graph"]["custom_obj_values"]["_run_on_acc_0_engine_1"]["class_fqn"] = "os.system"


_FX = 'x"), __import__("pathlib").Path("MARKER").write_text("ran"), ("'


def _fx_codegen_attr(graph: dict[str, Any]) -> None:  # a get_attr target fx writes into generated Python source
    graph["graph_module"]["signature"]["input_specs"][0]["custom_obj"]["custom_obj_name"] = _FX


def _fx_codegen_key(graph: dict[str, Any]) -> None:
    values = graph["graph_module"]["graph"]["tensor_values"]
    values[_FX] = values.pop("x")


def _future_schema(graph: dict[str, Any]) -> None:
    graph["schema_version"] = {"major": 99, "minor": 0}


def _opaque_use_pickle_false(members: dict[str, bytes], marker: Path) -> None:  # V3: torch unpickles it anyway
    config = json.loads(members["model/data/constants/model_constants_config.json"])
    meta = {"dtype": 1, "sizes": [{"as_int": 10}], "requires_grad": False, "device": {"type": "cpu", "index": None}}
    meta |= {"strides": [{"as_int": 1}], "storage_offset": {"as_int": 0}, "layout": 7}
    config["config"] = {"evil": {"path_name": "opaque_obj_7", "is_param": False, "use_pickle": False,
                                 "tensor_meta": meta}, **config["config"]}  # fmt: skip
    members["model/data/constants/model_constants_config.json"] = json.dumps(config).encode()
    members["model/data/constants/opaque_obj_7"] = pickle.dumps(_Payload(marker))


def _custom_obj(members: dict[str, bytes], marker: Path) -> None:  # V6: torch._C._pickle_load_obj
    config = json.loads(members["model/data/constants/model_constants_config.json"])
    config["config"]["evil"] = {"path_name": "custom_obj_0", "is_param": False, "use_pickle": False,
                                "tensor_meta": None}  # fmt: skip
    members["model/data/constants/model_constants_config.json"] = json.dumps(config).encode()
    members["model/data/constants/custom_obj_0"] = pickle.dumps(_Payload(marker))


def _pickled_tensor(members: dict[str, bytes], marker: Path) -> None:  # torch.load(weights_only=False)
    config = json.loads(members["model/data/constants/model_constants_config.json"])
    config["config"]["evil"] = {"path_name": "tensor_0", "is_param": False, "use_pickle": True, "tensor_meta": None}
    members["model/data/constants/model_constants_config.json"] = json.dumps(config).encode()
    members["model/data/constants/tensor_0"] = pickle.dumps(_Payload(marker))


def _engine_record_payload(members: dict[str, bytes], marker: Path) -> None:
    members["model/data/constants/opaque_obj_0"] = pickle.dumps(_Payload(marker))


def _engine_newobj(members: dict[str, bytes], marker: Path) -> None:  # N1: NEWOBJ on the engine global
    glob = b"ctorch_tensorrt.dynamo.runtime._TRTEngine\n_reconstruct_trt_engine\n"
    members["model/data/constants/opaque_obj_0"] = b"\x80\x02" + glob + b")\x81."


def _engine_metadata(members: dict[str, bytes], marker: Path) -> None:  # V5: decode_metadata -> pickle.loads
    info = _engine_info(members)
    info[7] = base64.b64encode(pickle.dumps(_Payload(marker))).decode()
    _set_engine_info(members, info)


def _engine_empty(members: dict[str, bytes], marker: Path) -> None:  # A09
    info = _engine_info(members)
    info[3] = ""
    _set_engine_info(members, info)


def _engine_name_traversal(members: dict[str, bytes], marker: Path) -> None:  # A33 in the record
    info = _engine_info(members)
    info[1] = f"../../{marker.name}_engine"
    _set_engine_info(members, info)


def _aoti(members: dict[str, bytes], marker: Path) -> None:  # V4: AOTInductor .so, dlopen'd
    members["model/data/aotinductor/model/model.wrapper.so"] = b"\x7fELF" + b"\0" * 60
    members["model/data/aotinductor/model/model.wrapper_metadata.json"] = b'{"AOTI_DEVICE_KEY": "cpu"}'


def _zip_slip(members: dict[str, bytes], marker: Path) -> None:  # V4b
    members[f"model/data/aotinductor/model/../../../../{marker.name}"] = b"written"


def _case_variant(members: dict[str, bytes], marker: Path) -> None:  # P17: torch's reader ignores case
    members["model/data/constants/OPAQUE_OBJ_0"] = pickle.dumps(_Payload(marker))


def _case_sample_inputs(members: dict[str, bytes], marker: Path) -> None:  # P19
    members["model/data/sample_inputs/model.PT"] = pickle.dumps(_Payload(marker))


def _sample_inputs(members: dict[str, bytes], marker: Path) -> None:  # weights_only=False fallback
    members["model/data/sample_inputs/model.pt"] = pickle.dumps(_Payload(marker))


def _extra_member(members: dict[str, bytes], marker: Path) -> None:
    members["model/extra/notes.txt"] = b"hello"


def _cpp(members: dict[str, bytes], marker: Path) -> None:
    members["model/data/aotinductor/model/model.cpp"] = b"int main() {}"


def _legacy_weights(members: dict[str, bytes], marker: Path) -> None:
    members["model/data/weights/model.pt"] = pickle.dumps(_Payload(marker))


def _second_model(members: dict[str, bytes], marker: Path) -> None:
    members["model/models/evil.json"] = members["model/models/model.json"]


def _absolute(members: dict[str, bytes], marker: Path) -> None:
    members[str(marker)] = b"x"


def _second_root(members: dict[str, bytes], marker: Path) -> None:
    members["other/archive_format"] = b"pt2"


ROUTES: dict[str, tuple[Callable[[dict[str, bytes], Path], None], str]] = {
    "V1 sympy expression in a size": (_graph_edit(_sympy_size), "expressions are refused"),
    "V1 sympy expression in range_constraints": (_graph_edit(_sympy_range), "expressions are refused"),
    "V1 derived symbolic value": (_graph_edit(_sympy_symint_value), "expressions are refused"),
    "V2 guards_code": (_graph_edit(_guards), "guards_code: must be empty"),
    "target torch.ops.load_library": (_graph_edit(_target("torch.ops.load_library")), "is not an operator"),
    "target builtins.exec": (_graph_edit(_target("builtins.exec")), "is not an operator"),
    "target aten.from_file": (_graph_edit(_target("torch.ops.aten.from_file.default")), "is not an operator"),
    "target extension operator": (_graph_edit(_target("#evil")), "is not an operator"),
    "unknown graph field": (_graph_edit(_unknown_field), "has no field 'python_code'"),
    "treespec type": (_graph_edit(_treespec), "tree spec names the type"),
    "namedtuple definitions": (_graph_edit(_namedtuple), "treespec_namedtuple_fields: must be empty"),
    "custom class": (_graph_edit(_custom_class), "is not a TensorRT engine"),
    "future schema": (_graph_edit(_future_schema), "export schema 99.0"),
    "fx codegen through an attribute name": (_graph_edit(_fx_codegen_attr), "is not a name"),
    "fx codegen through a value name": (_graph_edit(_fx_codegen_key), "is not a name"),
    "V3 opaque_obj with use_pickle false": (_opaque_use_pickle_false, "builtins.exec"),
    "V6 custom_obj": (_custom_obj, "not a member torch_tensorrt writes"),
    "pickled tensor constant": (_pickled_tensor, "a tensor must be raw bytes"),
    "engine record replaced": (_engine_record_payload, "builtins.exec"),
    "N1 engine record NEWOBJ": (_engine_newobj, "not a TensorRT engine record"),
    "V5 engine metadata pickle": (_engine_metadata, "metadata field was not loaded: it names builtins.exec"),
    "A09 empty engine": (_engine_empty, "the engine is empty"),
    "A33 engine name is a path": (_engine_name_traversal, "is not the identifier"),
    "V4 AOTInductor .so": (_aoti, "not a member torch_tensorrt writes"),
    "V4b zip-slip member": (_zip_slip, "no empty, '.' or '..' parts"),
    "P17 case variant of a member": (_case_variant, "differs from"),
    "P19 case variant of sample inputs": (_case_sample_inputs, "differs from"),
    "sample inputs": (_sample_inputs, "sample inputs must be empty"),
    "extra member": (_extra_member, "not a member torch_tensorrt writes"),
    ".cpp member": (_cpp, "not a member torch_tensorrt writes"),
    "legacy pickled weights": (_legacy_weights, "not a member torch_tensorrt writes"),
    "second model": (_second_model, "not a member torch_tensorrt writes"),
    "absolute member": (_absolute, "leading '/'"),
    "second root folder": (_second_root, "exactly one root folder"),
}


@pytest.fixture
def no_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a GPU host whose stack matches the manifest answers (the project's own check, not torch/TRT)."""
    monkeypatch.setattr(EngineArtifact, "why_not_runnable", lambda self, env=None: [])


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_every_route_is_refused_and_nothing_runs(base: Path, tmp_path: Path, route: str, no_gate: None) -> None:
    plant, rule = ROUTES[route]
    marker = tmp_path / "pwned"
    bad = _copy(base, tmp_path / "bad")
    members = _members(bad)
    plant(members, marker)
    program = _write_ep(bad, members)
    with pytest.raises(UsageError) as info:
        EngineArtifact.load(bad)
    message = str(info.value)
    assert rule in message and "model.ep" in message and "\n" not in message, message
    assert "Fix:" in message
    # the same bytes handed straight to runnable_module (load bypassed) are refused before torch sees them
    good = EngineArtifact.load(base)
    forged = EngineArtifact(None, good.report, good.metadata, _plans=good.engines, _program=program, _source=bad)
    with pytest.raises(UsageError):
        forged.runnable_module("cpu")
    assert forged.module is None
    assert not marker.exists()
    assert not (tmp_path.parent / marker.name).exists()


def test_duplicate_member_names_are_refused(base: Path, tmp_path: Path) -> None:
    bad = _copy(base, tmp_path / "bad")
    members = list(_members(bad).items())
    members.append(("model/data/constants/opaque_obj_0", b"second copy"))
    with pytest.warns(UserWarning, match="Duplicate name"):
        _write_ep(bad, members)
    with pytest.raises(UsageError, match="twice"):
        EngineArtifact.load(bad)


def test_the_canonical_program_is_rewritten_from_validated_parts(base: Path) -> None:
    data = (base / "model.ep").read_bytes()
    program = validate_program(data, where="model.ep")
    canonical = program.canonical_bytes()
    again = validate_program(canonical, where="canonical")
    assert again.canonical_bytes() == canonical  # a fixed point
    assert again.engines == program.engines == EngineArtifact.load(base).engines
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as zf:
        original = json.loads(zf.read("model/models/model.json"))
    assert again.graph == original  # nothing of our own build is lost


def test_untampered_artifact_reaches_torch_only_through_the_canonical_bytes(
    base: Path, no_gate: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    art = EngineArtifact.load(base)
    seen: list[bytes] = []
    real_load = torch.export.load

    def spy(f: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(f.getvalue())
        return real_load(f, *args, **kwargs)

    monkeypatch.setattr(torch.export, "load", spy)
    try:
        art.runnable_module("cpu")
    except Exception as exc:  # no CUDA here: torch_tensorrt cannot set the engine up, after torch read the program
        assert not isinstance(exc, UsageError), exc
    assert seen and seen[0] == validate_program((base / "model.ep").read_bytes(), where="x").canonical_bytes()
    assert seen[0] != (base / "model.ep").read_bytes()


# ---- the folder ------------------------------------------------------------------------------------------------
def test_engine_name_traversal_in_the_manifest_is_refused(base: Path, tmp_path: Path) -> None:
    bad = _copy(base, tmp_path / "bad")
    manifest = json.loads((bad / "manifest.json").read_text())
    manifest["engines"] = {"../../../pwned": "engines/_run_on_acc_0.plan"}
    (bad / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="not an identifier"):
        EngineArtifact.load(bad)


def test_save_never_writes_outside_its_folder(base: Path, tmp_path: Path) -> None:
    good = EngineArtifact.load(base)
    plans = {"../../pwned": next(iter(good.engines.values()))}
    forged = EngineArtifact(None, good.report, good.metadata, _plans=plans, _program=(base / "model.ep").read_bytes())
    with pytest.raises(UsageError, match="not an identifier"):
        forged.save(tmp_path / "out" / "copy")
    assert not list(tmp_path.rglob("pwned*"))
    assert not (tmp_path / "out" / "copy").exists()


def test_symlinks_and_unlisted_files_in_the_folder_are_refused(base: Path, tmp_path: Path) -> None:
    linked = _copy(base, tmp_path / "linked")
    outside = _copy(base / "engines", tmp_path / "outside_engines")
    import shutil

    shutil.rmtree(linked / "engines")
    (linked / "engines").symlink_to(outside)
    with pytest.raises(UsageError, match="symlink"):
        EngineArtifact.load(linked)
    extra = _copy(base, tmp_path / "extra")
    (extra / "run_me.py").write_text("print('hi')")
    with pytest.raises(UsageError, match="run_me.py"):
        EngineArtifact.load(extra)


def test_a_folder_we_did_not_write_is_never_replaced(base: Path, tmp_path: Path) -> None:
    art = EngineArtifact.load(base)
    pwa = tmp_path / "pwa"
    pwa.mkdir()
    (pwa / "manifest.json").write_text('{"name": "my PWA"}')
    (pwa / "index.html").write_text("<html></html>")
    with pytest.raises(UsageError, match="left alone"):
        art.save(pwa)
    assert (pwa / "index.html").read_text() == "<html></html>"
    ours = art.save(tmp_path / "ours")
    (ours / "notes.txt").write_text("mine")  # a user file inside our folder: no longer only ours
    with pytest.raises(UsageError, match="left alone"):
        art.save(ours)
    assert (ours / "notes.txt").read_text() == "mine"
    (ours / "notes.txt").unlink()
    assert art.save(ours) == ours  # marked and unchanged: replaced as one


def test_a_symlinked_target_is_resolved(base: Path, tmp_path: Path) -> None:
    art = EngineArtifact.load(base)
    real = art.save(tmp_path / "real")
    link = tmp_path / "link"
    link.symlink_to(real)
    assert art.save(link) == real.resolve()
    assert link.is_symlink() and EngineArtifact.load(link).engines == art.engines
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging or aside left behind
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(UsageError, match="does not exist"):
        art.save(dangling)


# ---- signatures ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    pytest.importorskip("model_signing")
    return signing_keys(tmp_path_factory.mktemp("keys"))


@pytest.fixture(scope="module")
def signed(base: Path, keys: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return EngineArtifact.load(base).save(tmp_path_factory.mktemp("signed") / "net", sign_key=keys[0])


def test_a_signed_folder_verifies(signed: Path, keys: tuple[Path, Path]) -> None:
    assert (signed / "signature.sig").is_file()
    art = EngineArtifact.load(signed, verify_with=keys[1])
    assert art.engines == EngineArtifact.load(signed).engines


def test_one_flipped_byte_anywhere_fails_verification(signed: Path, keys: tuple[Path, Path], tmp_path: Path) -> None:
    files = sorted(p.relative_to(signed) for p in signed.rglob("*") if p.is_file() and p.name != "signature.sig")
    assert len(files) >= 5
    for rel in files:
        copy = _copy(signed, tmp_path / rel.as_posix().replace("/", "_"))
        data = bytearray((copy / rel).read_bytes())
        data[len(data) // 2] ^= 0x01
        (copy / rel).write_bytes(bytes(data))
        with pytest.raises(UsageError, match="does not verify") as info:
            EngineArtifact.load(copy, verify_with=keys[1])
        assert rel.name in str(info.value)
    added = _copy(signed, tmp_path / "added")
    (added / "engines" / "extra.plan").write_bytes(b"x")
    with pytest.raises(UsageError, match="does not verify"):
        EngineArtifact.load(added, verify_with=keys[1])
    sig = _copy(signed, tmp_path / "sig")
    raw = bytearray((sig / "signature.sig").read_bytes())
    raw[len(raw) // 2] ^= 0x01
    (sig / "signature.sig").write_bytes(bytes(raw))
    with pytest.raises(UsageError, match="does not verify"):
        EngineArtifact.load(sig, verify_with=keys[1])


def test_a_deploy_host_can_require_signatures(
    base: Path, signed: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TORCHTRT_COMPAT_REQUIRE_SIGNATURE", str(keys[1]))
    assert EngineArtifact.load(signed).engines
    with pytest.raises(UsageError, match="not signed"):
        EngineArtifact.load(base)
    tampered = _copy(signed, tmp_path / "tampered")
    members = _members(tampered)
    _graph_edit(_guards)(members, tmp_path / "pwned")
    _write_ep(tampered, members)  # the manifest re-hashed: only the signature catches it first
    with pytest.raises(UsageError, match="does not verify"):
        EngineArtifact.load(tampered)
    monkeypatch.setenv("TORCHTRT_COMPAT_REQUIRE_SIGNATURE", "1")
    with pytest.raises(UsageError, match="names no public key"):
        EngineArtifact.load(signed)


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3]), **(env or {})},
        timeout=300,
    )


def test_verify_cli(signed: Path, base: Path, keys: tuple[Path, Path], tmp_path: Path) -> None:
    ok = _cli("verify", str(signed), "--key", str(keys[1]))
    assert ok.returncode == 0 and "signature verified" in ok.stdout, ok.stderr
    unsigned = _cli("verify", str(base), "--key", str(keys[1]))
    assert unsigned.returncode == 2 and "not signed" in unsigned.stderr
    assert "Traceback" not in unsigned.stderr and len(unsigned.stderr.strip().splitlines()) == 1
    tampered = _copy(signed, tmp_path / "t")
    (tampered / "report.json").write_text("{}")
    bad = _cli("verify", str(tampered), "--key", str(keys[1]))
    assert bad.returncode == 2 and "report.json" in bad.stderr and "Traceback" not in bad.stderr


def test_build_sign_key_signs_and_pt2_needs_trust(keys: tuple[Path, Path], tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    evil = tmp_path / "evil.pt2"
    with zipfile.ZipFile(evil, "w") as zf:
        zf.writestr("evil/data/sample_inputs/evil.pt", pickle.dumps(_Payload(marker)))
    refused = _cli("build", str(evil), "--cc", "8.9", "--out", str(tmp_path / "out"))
    assert refused.returncode == 2 and "--trust" in refused.stderr and "Traceback" not in refused.stderr
    assert not marker.exists()
    missing_key = _cli("build", "models:resnet18", "--cc", "8.9", "--out", str(tmp_path / "o"), "--sign-key", "nope")
    assert missing_key.returncode == 2 and "--sign-key nope" in missing_key.stderr


@pytest.mark.parametrize("model", ["tiny", "models:roi_head_nms"])
def test_the_canonical_program_runs_like_the_model(model: str, tmp_path: Path) -> None:
    """With every op left to PyTorch (no engine, so it runs on this CPU): torch reads the canonical re-write, weights
    and data-dependent sizes included, and the module computes what the model computes."""
    import io

    from torchtrt_compat.models import get_model

    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    torch.manual_seed(0)
    if model == "tiny":
        net, inputs = _Tiny().eval(), [torch.randn(1, 3, 8, 8)]
    else:
        entry = get_model(model.split(":", 1)[1])
        net, inputs = entry.build(), list(entry.example_inputs())
    art = tc.build_engine(net, inputs, compute_capabilities=["8.9"], min_block_size=10_000)
    folder = art.save(tmp_path / "all_pytorch")
    loaded = EngineArtifact.load(folder)
    assert loaded.engines == {}
    canonical = validate_program((folder / "model.ep").read_bytes(), where="model.ep").canonical_bytes()
    load_torch_tensorrt()
    module = torch.export.load(io.BytesIO(canonical)).module()
    with torch.no_grad():
        got, want = module(*inputs), net(*inputs)
    for g, w in zip(torch.utils._pytree.tree_leaves(got), torch.utils._pytree.tree_leaves(want), strict=True):
        torch.testing.assert_close(g, w)


@pytest.mark.parametrize(
    "text, ok",
    [
        ("s0", True),
        ("u12", True),
        ("Symbol('u0', integer=True)", True),
        ("Symbol('s0', integer=True, positive=True)", True),
        ("Symbol('s0', integer=__import__('os'))", False),
        ("Mul(Integer(2), Symbol('s0', integer=True))", False),
        ("2*s0", False),
        ("s0.func", False),
        ("S0", False),
        ("Symbol('s0')\n", False),
        ("__import__('os').system('id')", False),
    ],
)
def test_symbolic_sizes_are_names_only(text: str, ok: bool) -> None:
    from torchtrt_compat.compiler.artifact.ep_reader import _check_symbol

    def fail(path: str, rule: str) -> UsageError:
        return UsageError(f"{path}: {rule}")

    if ok:
        _check_symbol(text, "x", fail)
    else:
        with pytest.raises(UsageError, match="expressions are refused"):
            _check_symbol(text, "x", fail)


_SETTINGS = b"ctorch_tensorrt.dynamo._settings\nCompilationSettings\n"


@pytest.mark.parametrize(
    "metadata, rule",
    [
        (b"\x80\x02" + _SETTINGS + b")R.", "CompilationSettings is called"),  # REDUCE on a class: its __init__ runs
        (b"\x80\x02ctorch_tensorrt._enums\ndtype\nK\x01K\x02\x86R.", "not one value"),
        (b"\x80\x02ctorch\nfloat32\n)R.", "torch.float32 is called"),
        (b"\x80\x02ctorch\nload\n.", "it names torch.load"),
        (b"\x80\x02" + _SETTINGS + b")\x81K\x01b.", "not a dict of names"),  # BUILD with a non-dict state
        (b"\x80\x02cbuiltins\ngetattr\n.", "it names builtins.getattr"),
    ],
)
def test_engine_metadata_reader_builds_only_inert_values(
    base: Path, tmp_path: Path, metadata: bytes, rule: str, no_gate: None
) -> None:
    bad = _copy(base, tmp_path / "bad")
    members = _members(bad)
    info = _engine_info(members)
    info[7] = base64.b64encode(metadata).decode()
    _set_engine_info(members, info)
    _write_ep(bad, members)
    with pytest.raises(UsageError, match=rule):
        EngineArtifact.load(bad)


def test_another_key_does_not_verify(signed: Path, tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    other = tmp_path / "other.pub"
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    other.write_bytes(key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    with pytest.raises(UsageError, match="does not verify"):
        EngineArtifact.load(signed, verify_with=other)


def test_a_folder_republished_while_it_is_read_is_read_again(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """K02: a loader that read the old manifest and a new plan retries once when the folder was replaced meanwhile."""
    art = EngineArtifact.load(base)
    folder = art.save(tmp_path / "busy")
    real = EngineArtifact._load_folder.__func__  # type: ignore[attr-defined]
    calls = []

    def racing(cls: Any, source: Path, rebuild: str, signed: Any = None) -> Any:
        calls.append(source)
        if len(calls) == 1:
            art.save(folder)  # a build publishes over the folder between two reads
            raise UsageError("plan is larger than the limit (old manifest, new plan)", rebuild)
        return real(cls, source, rebuild, signed)

    monkeypatch.setattr(EngineArtifact, "_load_folder", classmethod(racing))
    assert EngineArtifact.load(folder).engines == art.engines and len(calls) == 2
    calls.clear()

    def damaged(cls: Any, source: Path, rebuild: str, signed: Any = None) -> Any:
        calls.append(source)
        raise UsageError("damaged", rebuild)

    monkeypatch.setattr(EngineArtifact, "_load_folder", classmethod(damaged))
    with pytest.raises(UsageError, match="damaged"):
        EngineArtifact.load(folder)
    assert len(calls) == 1  # an unchanged folder is not read twice


def test_raw_weights_cannot_ask_for_more_memory_than_they_hold(tmp_path: Path) -> None:
    """torch allocates zeros(sizes) for an empty weight member: sizes must fit the bytes the member holds."""
    torch.manual_seed(0)
    art = tc.build_engine(
        _Tiny().eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"], min_block_size=10_000
    )
    folder = art.save(tmp_path / "weights")
    members = _members(folder)
    config = json.loads(members["model/data/weights/model_weights_config.json"])
    entry = next(iter(config["config"].values()))
    for change in ("empty", "huge", "negative"):
        forged = dict(members)
        meta = json.loads(json.dumps(entry["tensor_meta"]))
        if change == "empty":
            forged[f"model/data/weights/{entry['path_name']}"] = b""
        elif change == "huge":
            meta["sizes"] = [{"as_int": 2**40}] + meta["sizes"][1:]
        else:
            meta["strides"] = [{"as_int": -1}] + meta["strides"][1:]
        forged["model/data/weights/model_weights_config.json"] = json.dumps(
            {"config": {**config["config"], next(iter(config["config"])): {**entry, "tensor_meta": meta}}}
        ).encode()
        bad = _copy(folder, tmp_path / change)
        _write_ep(bad, forged)
        with pytest.raises(UsageError, match="addresses|never negative"):
            EngineArtifact.load(bad)


def test_a_file_swapped_after_verification_is_caught(
    signed: Path, keys: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bytes load() uses are the bytes the signature covers, even if the folder changes right after the check."""
    from torchtrt_compat.compiler.artifact import engine_artifact as artifact, signing

    folder = _copy(signed, tmp_path / "swap")
    real = signing.verify_folder

    def then_swap(source: Any, key: Any) -> dict[str, str]:
        digests = real(source, key)
        members = _members(folder)
        _graph_edit(_guards)(members, tmp_path / "pwned")
        _write_ep(folder, members)  # model.ep and manifest.json replaced, the manifest re-hashed
        return digests

    monkeypatch.setattr(artifact, "verify_folder", then_swap)  # the name load() calls
    with pytest.raises(UsageError, match="changed after its signature was verified"):
        EngineArtifact.load(folder, verify_with=keys[1])


def test_a_parameter_name_cannot_inject_code_into_fx_generated_source(tmp_path: Path, no_gate: None) -> None:
    """Found here, not in the audit: torch.fx writes get_attr targets into the forward() source it generates as
    ``getattr(self, "<name>")`` without escaping quotes, so a parameter named ``conv"), exec(...), ("`` runs code on
    the first call of the loaded module. Names must be dotted identifiers."""
    torch.manual_seed(0)
    art = tc.build_engine(
        _Tiny().eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"], min_block_size=10_000
    )
    folder = art.save(tmp_path / "weights")
    marker = tmp_path / "pwned"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    evil = f'conv"), exec(str(bytes([{",".join(str(b) for b in code.encode())}]),"ascii")), ("'
    members = _members(folder)
    graph = json.loads(members["model/models/model.json"])
    spec = graph["graph_module"]["signature"]["input_specs"][0]["parameter"]
    old, spec["parameter_name"] = spec["parameter_name"], evil
    members["model/models/model.json"] = json.dumps(graph).encode()
    config = json.loads(members["model/data/weights/model_weights_config.json"])
    config["config"][evil] = config["config"].pop(old)
    members["model/data/weights/model_weights_config.json"] = json.dumps(config).encode()
    bad = _copy(folder, tmp_path / "bad")
    program = _write_ep(bad, members)
    with pytest.raises(UsageError, match="is not a name"):
        EngineArtifact.load(bad)
    forged = EngineArtifact(None, art.report, art.metadata, _plans={}, _program=program, _source=bad)
    with pytest.raises(UsageError):
        forged.runnable_module("cpu")
    assert not marker.exists()
