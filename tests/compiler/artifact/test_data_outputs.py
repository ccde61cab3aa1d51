"""What Hugging Face models return (a transformers ``ModelOutput``: a dataclass registered with torch's pytree) saves
and loads: the artifact's tree spec names it, the reader accepts it as data (one named field per value) under the
allow-list, and torch gets it back as that class where this process registered it and as a dict of its fields
elsewhere. Any other type name is still refused, and nothing is imported or run from a name.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import torch

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.artifact import EngineArtifact
from torchtrt_compat.compiler.artifact.ep_reader import validate_program

transformers = pytest.importorskip("transformers")
pytestmark = [pytest.mark.requires_rtx]
GRAPH = "model/models/model.json"


@pytest.fixture(scope="module")
def bert(tmp_path_factory: pytest.TempPathFactory) -> tuple[torch.nn.Module, torch.Tensor, Path]:
    """A tiny BERT returning BaseModelOutputWithPoolingAndCrossAttentions, built with every op in PyTorch (no
    engine: the program can run on this CPU) and saved."""
    torch.manual_seed(0)
    config = transformers.BertConfig(
        vocab_size=64, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
        max_position_embeddings=32,
    )  # fmt: skip
    model, ids = transformers.BertModel(config).eval(), torch.randint(0, 64, (1, 6))
    art = tc.build_engine(model, [ids], compute_capabilities=["8.9"], min_block_size=10_000)
    return model, ids, art.save(tmp_path_factory.mktemp("hf") / "bert")


def _members(folder: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(folder / "model.ep") as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def _with_out_spec(folder: Path, edit) -> bytes:  # noqa: ANN001
    members = _members(folder)
    graph = json.loads(members[GRAPH])
    signature = graph["graph_module"]["module_call_graph"][0]["signature"]
    spec = json.loads(signature["out_spec"])
    edit(spec[1])
    signature["out_spec"] = json.dumps(spec)
    members[GRAPH] = json.dumps(graph).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def test_a_model_output_saves_loads_and_comes_back_as_itself(bert) -> None:
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    model, ids, folder = bert
    spec = json.loads(
        json.loads(_members(folder)[GRAPH])["graph_module"]["module_call_graph"][0]["signature"]["out_spec"]
    )
    assert spec[1]["type"] == "transformers.modeling_outputs.BaseModelOutputWithPoolingAndCrossAttentions"
    loaded = EngineArtifact.load(folder)
    assert loaded.report.trt_engines == 0
    load_torch_tensorrt()
    canonical = validate_program((folder / "model.ep").read_bytes(), where="model.ep").canonical_bytes()
    with torch.no_grad():
        got, want = torch.export.load(io.BytesIO(canonical)).module()(ids), model(ids)
    assert type(got) is type(want)  # transformers is imported here: the class it registered
    torch.testing.assert_close(got.last_hidden_state, want.last_hidden_state)
    torch.testing.assert_close(got.pooler_output, want.pooler_output)


def test_where_the_class_is_not_registered_it_reads_as_a_dict(bert) -> None:
    """A process that never imported transformers: the reader neither imports it nor needs it."""
    _, _, folder = bert
    code = f"""
import io, sys, torch
from torchtrt_compat.compiler.artifact.ep_reader import validate_program
from torchtrt_compat.compiler._upstream import load_torch_tensorrt
canonical = validate_program(open({str(folder / "model.ep")!r}, "rb").read(), where="model.ep").canonical_bytes()
load_torch_tensorrt()
out = torch.export.load(io.BytesIO(canonical)).module()(torch.randint(0, 64, (1, 6)))
print(type(out).__name__, sorted(out), "transformers" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "dict ['last_hidden_state', 'pooler_output'] False"


def _named(name: str):  # noqa: ANN202
    def edit(spec: dict) -> None:
        spec["type"] = name

    return edit


def _fields(context: object):  # noqa: ANN202
    def edit(spec: dict) -> None:
        spec["context"] = json.dumps(context)

    return edit


@pytest.mark.parametrize(
    ("edit", "rule"),
    [
        (_named("os.system"), "names the type 'os.system'"),
        (_named("builtins.eval"), "names the type"),
        (_named("transformers.modeling_utils.PreTrainedModel"), "names the type"),  # no output container
        (_named("transformers_evil.modeling_outputs.BaseModelOutput"), "names the type"),
        (_named("mypkg.outputs.DataclassOutput"), "names the type"),  # a dataclass of another library
        (_named("transformers.modeling_outputs.Base Output"), "names the type"),
        (_fields(["last_hidden_state"]), "one field per value"),  # two values, one field
        (_fields(["__import__('os')", "x"]), "one field per value"),
        (_fields(["a", "a"]), "one field per value"),
        (_fields({"a": 1}), "one field per value"),
    ],
)
def test_other_types_and_malformed_fields_are_refused(bert, edit, rule: str) -> None:
    _, _, folder = bert
    with pytest.raises(UsageError, match=rule):
        validate_program(_with_out_spec(folder, edit), where="model.ep")


def test_an_unregistered_output_name_is_read_as_data_and_nothing_is_imported(bert) -> None:
    _, _, folder = bert
    name = "transformers.models.never_imported.modeling_never.NeverOutput"
    program = validate_program(_with_out_spec(folder, _named(name)), where="model.ep")
    assert "transformers.models.never_imported" not in sys.modules
    graph = json.loads(zipfile.ZipFile(io.BytesIO(program.canonical_bytes())).read(GRAPH))
    spec = json.loads(graph["graph_module"]["module_call_graph"][0]["signature"]["out_spec"])
    assert spec[1]["type"] == "builtins.dict"  # what torch reads: a dict of the two fields
    assert json.loads(spec[1]["context"]) == ["last_hidden_state", "pooler_output"]
