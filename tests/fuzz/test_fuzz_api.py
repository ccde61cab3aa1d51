"""Property-based fuzz of the API: `compile` and `build_engine` with junk models, inputs, compute capabilities and
settings. Oracle: only `CompatError` subclasses escape. Every generated call has at least one bad argument, so no
engine is built; the inputs that are tensors have the shape the model takes (a wrong rank is torch's own error from
inside the model's forward, re-raised unchanged by design)."""

from __future__ import annotations

import pytest
import torch
from _oracle import fuzz_settings, only_compat_errors
from hypothesis import assume, given, strategies as st

import torchtrt_compat
from torchtrt_compat import build_engine

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

MODEL = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.ReLU()).eval()
X = torch.randn(1, 3, 8, 8)
GOOD = object()  # marks the valid choice in each slot

MODELS = st.sampled_from([GOOD, None, "resnet18", lambda x: x, 1, object(), torch.nn.Conv2d, b"model"])
# Items of a kind no model input can be. Numbers, None and dicts are valid kinds that this conv model's forward
# rejects itself; that failure is a build failure (BuildError), not what this test is about.
ITEMS = st.sampled_from(["a", [X, "a"], object(), b"x", {1, 2}, torch.float32, {"x": "y"}, [[object()]]])
INPUTS = st.one_of(
    st.just(GOOD), st.just([]), st.just(()), st.lists(ITEMS, min_size=1, max_size=3), st.just([X, X]),
    st.just({"x": X}), st.just("x"), st.just(3),
)  # fmt: skip
CCS = st.one_of(
    st.just(GOOD), st.sampled_from([[], (), set(), 9, {"8.9": True}, "abc", "", "٨.٩", "².0", "8.9 ", 8, True]),
    st.lists(st.sampled_from(["abc", "8.9 ", "sm_89", "٨.٩", 9, None, "1" * 5000 + ".0"]), min_size=1, max_size=3),
)  # fmt: skip
MIN_BLOCK = st.sampled_from([GOOD, -1, 0, True, 1.5, "3", None, [1]])


def _pick(value: object, good: object) -> object:
    return good if value is GOOD else value


@given(MODELS, INPUTS, CCS, MIN_BLOCK)
@fuzz_settings()
def test_build_engine_junk(model, inputs, ccs, min_block):
    assume(not all(v is GOOD for v in (model, inputs, ccs)) or min_block not in (GOOD, None))
    kwargs = {} if min_block is GOOD else {"min_block_size": min_block}
    if min_block is None:
        kwargs = {}
    call = lambda: build_engine(  # noqa: E731
        _pick(model, MODEL), _pick(inputs, [X]), compute_capabilities=_pick(ccs, ["8.9"]), **kwargs
    )
    assert only_compat_errors(call) is not None


@given(
    MODELS,
    INPUTS,
    st.sampled_from(["error", "inductor", "eager", "bogus", "", None]),
    st.sampled_from(["default", "dynamo", "bogus", "", "torch_compile"]),
)
@fuzz_settings()
def test_compile_junk(model, inputs, fallback, ir):
    only_compat_errors(
        lambda: torchtrt_compat.compile(_pick(model, MODEL), ir=ir, arg_inputs=_pick(inputs, [X]), fallback=fallback)
    )
