"""`CompileRequest` (one object from the front doors to the pipeline), one `BuildStage` vocabulary, typed shim
context and the report's ``route``: the issue 17 part 3 redesign, checked without building."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from torchtrt_compat._errors import BUILD_STAGES, BuildError, BuildStage, UsageError
from torchtrt_compat.compiler.compile_report import ROUTES, CompileReport, Route
from torchtrt_compat.compiler.validation import CompileRequest, compile_request
from torchtrt_compat.compiler.watch import STAGE_LABELS
from torchtrt_compat.shims import ShimContext


def _request(**changes: object) -> CompileRequest:
    torch = pytest.importorskip("torch")
    given: dict[str, object] = {
        "module": torch.nn.Linear(2, 2),
        "ir": "default",
        "inputs": None,
        "arg_inputs": [torch.zeros(1, 2)],
        "kwarg_inputs": None,
        "enabled_precisions": None,
        "fallback": "error",
        "shims": ["deform_conv2d_device"],
        "context_guard": True,
        "verbose": None,
        "partition": None,
        "kwargs": {"min_block_size": 1},
    }
    given.update(changes)
    return compile_request(**given)  # type: ignore[arg-type]


def test_compile_arguments_become_one_frozen_request() -> None:
    request = _request()
    assert request.ir == "dynamo" and request.ir_given == "default" and not request.aot
    assert request.shims == ("deform_conv2d_device",) and request.shim_names == ["deform_conv2d_device"]
    assert request.kwargs == {"min_block_size": 1} and request.kwargs is not request.kwargs  # a fresh copy each time
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.partition = "auto"  # type: ignore[misc]
    aot = request.replace(targets=("8.9",))
    assert aot.aot and not request.aot


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"fallback": "cpu"}, "fallback='cpu'"),
        ({"partition": "yes"}, "partition='yes'"),
        ({"ir": "tensorrt"}, "ir='tensorrt'"),
        ({"module": "not a model"}, "str"),
    ],
)
def test_bad_arguments_are_refused_while_the_request_is_built(changes: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        _request(**changes)


def test_one_build_stage_vocabulary() -> None:
    import torchtrt_compat.troubleshooting as troubleshooting

    assert BUILD_STAGES == get_args(BuildStage) == ("export", "lowering", "partitioning", "conversion", "build")
    assert troubleshooting.BUILD_STAGES is BUILD_STAGES
    assert set(STAGE_LABELS) == set(BUILD_STAGES)
    assert BuildError("x", stage="export").captured == []


def test_shim_context_is_typed() -> None:
    from torchtrt_compat.compiler._upstream import shim_context

    fields = {f.name for f in dataclasses.fields(ShimContext)}
    assert {"aot", "targets", "autocast"} <= fields and "options" not in fields
    ctx = shim_context(aot=True, compute_capabilities=["8.9", "12.0"])
    assert ctx.aot and ctx.targets == ("8.9", "12.0") and not ctx.autocast


def test_report_route_is_typed_and_survives_json() -> None:
    assert ROUTES == get_args(Route)
    report = CompileReport(path="fallback: eager", route="fallback")
    assert CompileReport.from_dict(report.to_dict()).route == "fallback"
    assert CompileReport.from_dict({"path": "fallback: eager"}).route is None  # a report from before 0.3
    assert CompileReport.from_dict({"route": 5}).route is None
    assert "PyTorch fallback" in report._repr_html_()
