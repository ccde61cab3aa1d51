"""The settings notes checked against what TensorRT-RTX was really given, in real ahead-of-time builds.

Two read-only observers wrap torch_tensorrt's own interpreter for the duration of one build (through
`torchtrt_compat._patch.patched`, which puts the original back): one records the builder flags of the
``IBuilderConfig`` torch_tensorrt created, the other the dtype of every layer output and network output of the
``INetworkDefinition`` it built. Both call the original first and change nothing. The claims under test are the notes
of the `CompileReport`, not our own tables (settings audit 2026-11-24, P2, P16, P23, P25).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import torch

import torchtrt_compat as tc
from torchtrt_compat._patch import patched

pytestmark = [pytest.mark.slow, pytest.mark.requires_rtx]


@dataclass
class Seen:
    flags: list[set[str]] = field(default_factory=list)  #: builder flags set, per engine
    layers: list[list[str]] = field(default_factory=list)  #: output dtype of every layer, per engine
    outputs: list[list[str]] = field(default_factory=list)  #: network output dtypes, per engine


@contextmanager
def observe() -> Iterator[Seen]:
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()
    import tensorrt as trt  # torch_tensorrt's own binding (tensorrt_rtx under the RTX flavour)
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter as interp

    seen = Seen()
    cls = interp.TRTInterpreter
    populate, construct = cls._populate_trt_builder_config, cls._construct_trt_network_def
    names = [n for n in dir(trt.BuilderFlag) if n.isupper()]

    def populate_and_record(self: Any, *args: Any, **kwargs: Any) -> Any:
        config = populate(self, *args, **kwargs)
        seen.flags.append({n for n in names if config.get_flag(getattr(trt.BuilderFlag, n))})
        return config

    def construct_and_record(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = construct(self, *args, **kwargs)
        net = self.ctx.net
        seen.layers.append(
            [
                net.get_layer(i).get_output(j).dtype.name
                for i in range(net.num_layers)
                for j in range(net.get_layer(i).num_outputs)
            ]
        )
        seen.outputs.append([net.get_output(i).dtype.name for i in range(net.num_outputs)])
        return result

    with patched(cls, "_populate_trt_builder_config", populate_and_record):
        with patched(cls, "_construct_trt_network_def", construct_and_record):
            yield seen


class BigOutputs(torch.nn.Module):
    """Linear(64->64) scaled by 1e4 (outputs reach about ±20,000, far above autocast's 512 threshold), ReLU,
    Linear(64->8): the model of the audit's P23."""

    def __init__(self) -> None:
        super().__init__()
        torch.manual_seed(0)
        self.a = torch.nn.Linear(64, 64)
        self.b = torch.nn.Linear(64, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.b(torch.relu(self.a(x) * 1e4))


def _build(**kwargs: Any) -> tuple[Any, Seen]:
    with observe() as seen:
        art = tc.build_engine(BigOutputs().eval(), [torch.randn(4, 64)], compute_capabilities=["8.9"], **kwargs)
    return art, seen


def test_plain_build_is_fp32_and_not_refittable() -> None:
    art, seen = _build(min_block_size=1)
    assert art.report.trt_engines == 1 and len(seen.flags) == 1
    assert "REFIT" not in seen.flags[0]
    assert set(seen.layers[0]) == {"FLOAT"} and seen.outputs[0] == ["FLOAT"]


def test_fp16_note_matches_what_autocast_gave_tensorrt() -> None:
    """The note says every layer (no calibration data) goes FP16 and the engine outputs are FP16: check both."""
    art, seen = _build(min_block_size=1, enabled_precisions={torch.half})
    note = next(n for n in art.report.notes if n.startswith("autocast in"))
    assert "every layer except the autocast_excluded_* nodes and ops runs in float16" in note
    assert "engine's outputs are float16" in note
    assert seen.outputs[0] == ["HALF"]
    assert "FLOAT" not in set(seen.layers[0]), seen.layers[0]  # the ±20,000 layer too: no range rule without data


def test_engine_caching_without_a_gpu_builds_and_asks_for_no_refit(tmp_path: Any) -> None:
    art, seen = _build(min_block_size=1, cache_built_engines=True, engine_cache_dir=str(tmp_path / "cache"))
    assert art.report.trt_engines == 1
    assert not {"REFIT", "REFIT_IDENTICAL"} & seen.flags[0]
    assert any("ahead-of-time build without a GPU" in n for n in art.report.notes)
    assert art.report.settings.get("immutable_weights") in (None, "True")


def test_strip_engine_weights_note_matches_the_builder_flags() -> None:
    """The note says strip_engine_weights=True is ignored while the engine is immutable: no STRIP_PLAN flag."""
    art, seen = _build(min_block_size=1, strip_engine_weights=True)
    assert any("strip_engine_weights=True is ignored" in n for n in art.report.notes)
    assert "STRIP_PLAN" not in seen.flags[0] and "REFIT" not in seen.flags[0]
    assert "STRIP_PLAN" in {n for n in dir(__import__("tensorrt").BuilderFlag) if n.isupper()}


def test_workspace_size_reaches_the_builder() -> None:
    """A passed setting without a note (workspace_size) is what TensorRT-RTX's builder config holds."""
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()
    import tensorrt as trt
    from torch_tensorrt.dynamo.conversion import _TRTInterpreter as interp

    pools: list[int] = []
    populate = interp.TRTInterpreter._populate_trt_builder_config

    def record(self: Any, *args: Any, **kwargs: Any) -> Any:
        config = populate(self, *args, **kwargs)
        pools.append(config.get_memory_pool_limit(trt.MemoryPoolType.WORKSPACE))
        return config

    with patched(interp.TRTInterpreter, "_populate_trt_builder_config", record):
        art = tc.build_engine(
            BigOutputs().eval(),
            [torch.randn(4, 64)],
            compute_capabilities=["8.9"],
            min_block_size=1,
            workspace_size=1 << 28,
        )
    assert not any("workspace_size" in n for n in art.report.notes)
    assert pools == [1 << 28]
