"""A partition='auto' build as an artifact: save one .ep per part, load with checks, attach to the user's module.

The engines are TensorRT-RTX's own bytes from real ahead-of-time builds; engines cannot run on this machine, so the
attached module is checked by what it holds (the saved engine bytes, byte for byte) and by its PyTorch parts, which
run. Nothing mocks torch, TensorRT or CUDA.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, given, settings, strategies as st
from torch import nn

import torchtrt_compat as tc
from torchtrt_compat._errors import IncompatibleError, UsageError
from torchtrt_compat.compiler.partition import SavedProgram, SplicedPart

sys.path.insert(0, str(Path(__file__).parents[1]))
from _artifact_helpers import signing_keys  # noqa: E402
from test_partition import TinyDetector, _Head  # noqa: E402

pytestmark = [pytest.mark.requires_rtx, pytest.mark.slow]


class _Refine(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        return self.fc(boxes)


class DetectorWithRefine(TinyDetector):
    """TinyDetector whose boxes pass a small layer twice: called twice, it stays PyTorch code."""

    def __init__(self) -> None:
        super().__init__()
        self.refine = _Refine()

    def forward(self, image: torch.Tensor) -> dict[str, torch.Tensor]:
        out = super().forward(image)
        return {**out, "boxes": self.refine(self.refine(out["boxes"]))}


@pytest.fixture(scope="module")
def built() -> tuple[tc.EngineArtifact, torch.Tensor]:
    torch.manual_seed(0)
    model, x = DetectorWithRefine().eval(), torch.randn(1, 3, 32, 32)
    return tc.build_engine(model, [x], compute_capabilities=["8.9"], partition="auto"), x


def test_partitioned_build_lists_its_engines(built) -> None:
    art, _ = built
    assert sorted(art.engines) == ["backbone._run_on_acc_0", "head._run_on_acc_0"]
    assert art.report.trt_engines == len(art.engines) == 2
    assert all(len(b) > 10_000 for b in art.engines.values())
    stayed = dict(art.report.partition["in_pytorch"])
    assert "called 2 times" in stayed["refine"]
    text = str(art.report)
    assert "parts in TensorRT" in text and "refine (called 2 times" in text


def test_save_load_attach_round_trip(built, tmp_path: Path) -> None:
    art, x = built
    folder = art.save(tmp_path / "det")
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert names == [
        ".torchtrt_compat",  # the mark that torchtrt_compat wrote this folder (_atomic.mark_folder)
        "manifest.json",  # each engine is stored once, inside its part's .ep
        "parts/backbone.ep",
        "parts/head.ep",
        "report.json",
    ]
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["kind"] == "partitioned"
    head = manifest["parts"][1]
    assert head["path"] == "head" and head["module"]["class"].endswith("._Head")
    assert [t.get("value") for t in head["call"]["template"]] == [None, None, 4.0]
    assert head["call"]["inputs"] == [[[1, 8, 16, 16], "float32"], [[1, 8, 8, 8], "float32"]]

    loaded = tc.EngineArtifact.load(folder)
    assert loaded.engines == art.engines  # byte for byte
    assert loaded.report.partition["parts"] == ["backbone", "head"]

    torch.manual_seed(1)
    mine = DetectorWithRefine().eval()  # the deploy host's own model (its own code, other weights: not compared)
    attached = loaded.attach(mine)
    assert isinstance(mine.backbone, nn.Module) and not isinstance(mine.backbone, SplicedPart)  # unchanged
    assert isinstance(attached.backbone, SplicedPart) and isinstance(attached.head, SplicedPart)
    saved = {
        f"{m.part_path}.{n}": b for m in attached.modules() if isinstance(m, SavedProgram) for n, b in m.engines.items()
    }
    assert saved == art.engines  # the engine parts are the saved ones
    # the PyTorch parts are the user's module's own and run here
    boxes = torch.randn(5, 4)
    with torch.no_grad():
        torch.testing.assert_close(attached.refine(boxes), mine.refine(boxes))
    assert attached.refine is not mine.refine
    # an engine part does not run without its GPU: one clear error naming the part
    with pytest.raises(IncompatibleError, match="TensorRT part backbone cannot run here: .*no NVIDIA GPU"):
        attached(x)
    # a part called with a shape it was not built for is refused before its engine is reached
    with pytest.raises(UsageError, match=r"backbone tensor 0 axis 2 is 24, outside the built range 32"):
        attached(torch.randn(1, 3, 24, 32))
    with pytest.raises(UsageError, match="attach"):
        loaded.runnable_module()


def test_resave_of_a_loaded_partitioned_artifact(built, tmp_path: Path) -> None:
    art, _ = built
    first = art.save(tmp_path / "a")
    again = tc.EngineArtifact.load(first).save(tmp_path / "b")
    for name in ("parts/backbone.ep", "parts/head.ep"):
        assert (first / name).read_bytes() == (again / name).read_bytes()
    assert tc.EngineArtifact.load(again).engines == art.engines


def test_attach_to_a_model_that_does_not_match_is_one_error(built, tmp_path: Path) -> None:
    art, _ = built
    loaded = tc.EngineArtifact.load(art.save(tmp_path / "det"))

    class OtherHead(_Head):
        def __init__(self) -> None:
            super().__init__()
            self.box = nn.Conv2d(8, 6, 1)  # another head: 6 numbers per box

    wrong = DetectorWithRefine().eval()
    wrong.head = OtherHead()
    with pytest.raises(UsageError, match=r"head is a .*OtherHead, the artifact's part a .*_Head") as info:
        loaded.attach(wrong)
    assert "Fix:" in str(info.value) and "\n" not in info.value.problem

    resized = DetectorWithRefine().eval()
    resized.head.box = nn.Conv2d(8, 6, 1)
    with pytest.raises(UsageError, match="head has 4 weight tensors, the part 4, or their names, shapes"):
        loaded.attach(resized)

    class NoHead(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.backbone = DetectorWithRefine().backbone

    with pytest.raises(UsageError, match="head: the model has no such submodule"):
        loaded.attach(NoHead())
    with pytest.raises(UsageError, match="needs the model as a torch.nn.Module"):
        loaded.attach("model.py")
    with pytest.raises(UsageError, match="built in this process"):
        art.attach(DetectorWithRefine())


def test_a_changed_part_is_refused_on_load(built, tmp_path: Path) -> None:
    art, _ = built
    folder = art.save(tmp_path / "det")
    data = bytearray((folder / "parts/head.ep").read_bytes())
    data[len(data) // 2] ^= 1
    (folder / "parts/head.ep").write_bytes(bytes(data))
    with pytest.raises(UsageError, match="does not match the manifest"):
        tc.EngineArtifact.load(folder)


def test_a_malformed_partitioned_manifest_is_refused(built, tmp_path: Path) -> None:
    art, _ = built
    folder = art.save(tmp_path / "det")
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["parts"][0]["call"]["template"] = [{"value": {"__class__": "os.system"}}]
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="non-tensor argument of part 'backbone' that is not a plain value"):
        tc.EngineArtifact.load(folder)
    manifest["kind"] = "sharded"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="unknown kind 'sharded'"):
        tc.EngineArtifact.load(folder)


def test_build_cli_partition_auto(tmp_path: Path, capsys) -> None:
    from torchtrt_compat.cli import main

    code = main(["build", "models:tv_fasterrcnn_mobilenet_v3_large_fpn", "--cc", "8.9", "--out", str(tmp_path),
                 "--partition", "auto"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    folder = tmp_path / "tv_fasterrcnn_mobilenet_v3_large_fpn"
    loaded = tc.EngineArtifact.load(folder)
    assert "model.backbone" in loaded.report.partition["parts"]
    assert len(loaded.engines) >= 3 and "attach(model)" in out
    assert not (folder / "model.ep").exists()
    # the deploy host builds the detector from its own code and attaches the saved parts
    from torchtrt_compat.models.zoo_torchvision import detector

    torch.manual_seed(1)
    mine = detector("fasterrcnn_mobilenet_v3_large_fpn", min_size=128, max_size=128).eval()
    attached = loaded.attach(mine)
    programs = [m for m in attached.modules() if isinstance(m, SavedProgram)]
    saved = {f"{m.part_path}.{n}": b for m in programs for n, b in m.engines.items()}
    listed = json.loads((folder / "manifest.json").read_text())["engines"]
    on_disk = {name: entry["sha256"] for name, entry in listed.items()}
    assert {n: hashlib.sha256(b).hexdigest() for n, b in saved.items()} == on_disk
    assert saved == loaded.engines
    assert isinstance(attached.model.backbone, SplicedPart)
    # its PyTorch parts run here: the transform (resize + normalise) and the anchor generator are the user's own
    image = torch.rand(1, 3, 128, 128)
    with torch.no_grad():
        batch, _ = attached.model.transform([image[0]])
        torch.testing.assert_close(batch.tensors, mine.model.transform([image[0]])[0].tensors)
    with pytest.raises(IncompatibleError, match="TensorRT part model.backbone cannot run here"):
        attached(image)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(["parts", "part", "module", "call", "template", "engines", "kind"]), value=_json)
def test_a_damaged_partitioned_manifest_is_one_usage_error(built, tmp_path_factory, where, value) -> None:
    art, _ = built
    folder = tmp_path_factory.mktemp("fuzz") / "det"
    if not folder.exists():
        art.save(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    part = manifest["parts"][0]
    if where == "parts":
        manifest["parts"] = value
    elif where == "part":
        manifest["parts"][0] = value
    elif where in ("module", "call", "engines"):
        part[where] = value
    elif where == "template":
        part["call"]["template"] = value
    else:
        manifest["kind"] = value
    (folder / "manifest.json").write_text(json.dumps(manifest))
    try:
        loaded = tc.EngineArtifact.load(folder)
    except UsageError:
        return
    with contextlib.suppress(UsageError):  # what loads attaches, or refuses with one clear error
        loaded.attach(DetectorWithRefine().eval())


def test_a_signed_partitioned_artifact_verifies_and_a_changed_part_does_not(built, tmp_path: Path) -> None:
    """Signatures cover the parts/ folder too: a signed partitioned folder verifies, and one byte flipped in a part's
    .ep (manifest re-hashed, as an attacker would) fails before anything is parsed."""
    pytest.importorskip("model_signing")
    private, public = signing_keys(tmp_path)
    art, _ = built
    folder = art.save(tmp_path / "det", sign_key=private)
    assert tc.EngineArtifact.load(folder, verify_with=public).engines == art.engines
    part = folder / "parts" / "backbone.ep"
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"]["parts/backbone.ep"] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(tc.UsageError):
        tc.EngineArtifact.load(folder, verify_with=public)


# ---- audit 2026-11-26, item 12: call specs and parts are checked on load, never left for attach() to trip on -----
def _edited(art: tc.EngineArtifact, folder: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    if not folder.exists():
        art.save(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    edit(manifest)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


def _deep_spec(depth: int) -> str:
    node = '{"type": null, "context": null, "children_spec": []}'
    for _ in range(depth):
        node = '{"type": "builtins.tuple", "context": "null", "children_spec": [' + node + "]}"
    return f"[1, {node}]"


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("in_spec", "garbage", "not JSON"),
        ("in_spec", '[1, {"type": "builtins.eval", "context": null, "children_spec": []}]', "builtins.eval"),
        ("out_spec", _deep_spec(30_000), "malformed call"),  # deep, and within the manifest size limit
        ("in_spec", '[99, {"type": null, "context": null, "children_spec": []}]', "protocol 1"),
    ],
)
def test_a_malformed_call_spec_is_refused_on_load(built, tmp_path: Path, key: str, value: str, words: str) -> None:
    art, _ = built

    def edit(manifest: dict) -> None:  # type: ignore[type-arg]
        manifest["parts"][0]["call"][key] = value

    folder = _edited(art, tmp_path / "det", edit)
    with pytest.raises(UsageError, match=words) as info:
        tc.EngineArtifact.load(folder)
    assert "\n" not in str(info.value)


def test_a_part_inside_another_part_is_refused_on_load(built, tmp_path: Path) -> None:
    art, _ = built

    def edit(manifest: dict) -> None:  # type: ignore[type-arg]
        inner = json.loads(json.dumps(manifest["parts"][0]))
        inner["path"] = manifest["parts"][0]["path"] + ".body.0"
        manifest["parts"].append(inner)

    folder = _edited(art, tmp_path / "det", edit)
    with pytest.raises(UsageError, match="inside the part"):
        tc.EngineArtifact.load(folder)


def test_two_parts_that_swap_their_programs_are_refused_on_load(built, tmp_path: Path) -> None:
    art, _ = built

    def edit(manifest: dict) -> None:  # type: ignore[type-arg]
        a, b = manifest["parts"][:2]
        a["program"], b["program"] = b["program"], a["program"]
        a["engines"], b["engines"] = b["engines"], a["engines"]
        manifest["engines"] = {f"{p['path']}.{n}": f for p in manifest["parts"] for n, f in p["engines"].items()}

    folder = _edited(art, tmp_path / "det", edit)
    assert len(json.loads((folder / "manifest.json").read_text())["parts"]) >= 2
    with pytest.raises(UsageError, match="is not this part's"):
        tc.EngineArtifact.load(folder)


def test_a_spec_torch_cannot_read_is_one_usage_error_in_attach(built, tmp_path: Path) -> None:
    """A spec torch refuses when attach() reads it (here: a context that is not JSON) is one UsageError from attach(),
    not a raw exception."""
    from torchtrt_compat.compiler.artifact import partitioned

    art, _ = built
    folder = art.save(tmp_path / "det")
    loaded = tc.EngineArtifact.load(folder)
    assert loaded._saved_parts is not None
    part = loaded._saved_parts[0]
    bad = '[1, {"type": "collections.OrderedDict", "context": "{not json", "children_spec": []}]'
    part.entry["call"]["in_spec"] = bad
    with pytest.raises(UsageError, match="cannot be read"):
        partitioned.attach(loaded._saved_parts, DetectorWithRefine().eval(), folder, lambda: [])
