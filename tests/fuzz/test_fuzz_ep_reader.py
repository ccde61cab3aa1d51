"""Property-based fuzz of `ep_reader.validate_program` on a real artifact's ``model.ep``: a random JSON value put at a
random place of the graph or a payload config, a random member renamed, or a random engine-record field changed.
Accepted outcomes: a `ValidatedProgram` whose canonical re-write validates to itself, or one `UsageError` line."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
import torch
from _oracle import fuzz_settings
from hypothesis import assume, given, strategies as st

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.artifact.ep_reader import EngineRecord, validate_program

pytestmark = [pytest.mark.requires_rtx, pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")]

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(["s0", "Symbol('u0', integer=True)", "torch.ops.aten.add.Tensor", "cuda", "Infinity", ""]),
)
JSONISH = st.recursive(
    LEAVES,
    lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.text(max_size=12), c, max_size=3)),
    max_leaves=10,
)
JSON_MEMBERS = [
    "model/models/model.json",
    "model/data/constants/model_constants_config.json",
    "model/data/weights/model_weights_config.json",
]


@pytest.fixture(scope="module")
def members(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    from torchtrt_compat import build_engine

    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(144, 2))
    art = build_engine(model.eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"], min_block_size=1)
    folder = art.save(tmp_path_factory.mktemp("real") / "net")
    with zipfile.ZipFile(folder / "model.ep") as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def _check(members: dict[str, bytes]) -> None:
    try:
        archive = _zip(members)
    except (IndexError, ValueError):  # a name Python's zip writer cannot write: nothing to feed the reader
        assume(False)
    try:
        program = validate_program(archive, where="model.ep")
    except UsageError as exc:
        assert "\n" not in str(exc) and "model.ep" in str(exc)
        return
    canonical = program.canonical_bytes()
    assert validate_program(canonical, where="canonical").canonical_bytes() == canonical


@given(data=st.data())
@fuzz_settings(0.5)
def test_random_json_anywhere(members: dict[str, bytes], data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(JSON_MEMBERS))
    doc = json.loads(members[name])
    path = data.draw(st.sampled_from(_paths(doc)))
    new = data.draw(JSONISH)
    if not path:
        doc = new
    else:
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(path[-1])
        else:
            parent[path[-1]] = new
    _check({**members, name: json.dumps(doc).encode()})


@given(data=st.data())
@fuzz_settings(0.5)
def test_random_member_names_and_engine_fields(members: dict[str, bytes], data: st.DataObject) -> None:
    changed = dict(members)
    if data.draw(st.booleans()):
        old = data.draw(st.sampled_from(sorted(changed)))
        changed[data.draw(st.text(min_size=1, max_size=60))] = changed.pop(old)
    else:
        import pickle

        class _Keep(pickle.Unpickler):
            def find_class(self, module: str, name: str) -> Any:
                return lambda info: info

        record = "model/data/constants/opaque_obj_0"
        info = list(_Keep(io.BytesIO(changed[record])).load())
        index = data.draw(st.integers(0, len(info) - 1))
        info[index] = data.draw(st.text(max_size=40))
        changed[record] = EngineRecord(info[1], tuple(info)).pickle_bytes()
    _check(changed)
