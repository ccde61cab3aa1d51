"""Dynamic shapes: one range parser for every way of saying a range, dims nested by forward()'s bound signature,
the profile read back from the exported program, one-line errors. CPU only, real torch.export, no engine builds."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import torchtrt_compat as tc
from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.inputs import Input, Range, parse_dynamic, plan_inputs, record_profiles


# ---- Input -------------------------------------------------------------------------------------------------------
def test_input_is_public_and_needs_no_torch_tensorrt() -> None:
    """``import torch_tensorrt`` needs a GPU driver; ``torchtrt_compat.Input`` does not (works on this host)."""
    spec = tc.Input(min_shape=(1, 3, 8, 8), opt_shape=(4, 3, 8, 8), max_shape=(16, 3, 8, 8), dtype=torch.float16)
    assert spec.shape_mode == "dynamic" and spec.shape["max_shape"] == (16, 3, 8, 8)
    assert "min_shape=(1, 3, 8, 8)" in repr(spec)
    assert tc.Input((1, 3, 8, 8)).shape_mode == "static"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"shape": (1, 3), "min_shape": (1, 3)}, "both shape and min_shape"),
        ({"min_shape": (1, 3), "max_shape": (4, 3)}, "all three"),
        ({"min_shape": (4, 3), "opt_shape": (2, 3), "max_shape": (8, 3)}, "dimension 0 needs min <= opt <= max"),
        ({"min_shape": (1, 3), "opt_shape": (2, 3, 1), "max_shape": (4, 3)}, "different ranks"),
        ({"shape": "1x3"}, "not a shape"),
        ({"shape": (1.5, 3)}, "not a whole number"),
    ],
)
def test_input_errors_are_one_line(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message) as info:
        Input(**kwargs)
    assert "\n" not in str(info.value)


# ---- the one parser ----------------------------------------------------------------------------------------------
def test_every_form_of_a_range_parses_to_the_same_thing() -> None:
    dim = torch.export.Dim("batch", min=1, max=32)
    forms = [
        {"x": {0: (1, 8, 32)}},
        {"x": {"0": [1, 8, 32]}},  # a plan's TOML: keys are strings, ranges lists
        {"x": {0: "1:8:32"}},
        {"x": {0: {"min": 1, "opt": 8, "max": 32}}},
        "x:0=1:8:32",
        ["x:0=1:8:32"],
    ]
    for form in forms:
        assert parse_dynamic(form) == {"x": {0: Range(1, 8, 32)}}, form
    assert parse_dynamic({"x": {0: dim}})["x"][0] == Range(1, None, 32, dim)
    assert parse_dynamic({"x": {0: (2, 16)}})["x"][0] == Range(2, None, 16)
    assert parse_dynamic("x:0=1:8:32, mask:1=8:16:64") == {"x": {0: Range(1, 8, 32)}, "mask": {1: Range(8, 16, 64)}}
    assert parse_dynamic("0:0=1:8:32") == {0: {0: Range(1, 8, 32)}}  # an input by its position
    assert parse_dynamic(None) == {}


@pytest.mark.parametrize(
    "spec, message",
    [
        ("x:0=8:4:32", "needs min <= opt <= max, got min 8, opt 4, max 32"),
        ({"x": {0: (32, 8, 1)}}, "needs min <= opt <= max"),
        ({"x": {0: (0, 8, 32)}}, "not a size"),
        ("x=1:8:32", "not INPUT:AXIS=MIN:OPT:MAX"),
        ("x:0=1:8:big", "not INPUT:AXIS=MIN:OPT:MAX"),
        ({"x": {"batch": (1, 8, 32)}}, "not a dimension number"),
        ({"x": (1, 8, 32)}, "not a dict of axis -> range"),
        ({"x": {0: (1, 2, 3, 4)}}, "not \\(min, opt, max\\)"),
        ({"x": {0: torch.export.Dim.AUTO}}, "has no bounds"),
        (["x:0=1:8:32", "x:0=1:4:8"], "axis 0 twice"),
        (42, "not a dict of input"),
    ],
)
def test_bad_ranges_are_one_line_usage_errors(spec: Any, message: str) -> None:
    with pytest.raises(UsageError, match=message) as info:
        parse_dynamic(spec)
    assert "\n" not in str(info.value) and info.value.fix


# ---- nesting by the bound signature (review zoo row 8) ---------------------------------------------------------------
class Varargs(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, *args: torch.Tensor) -> torch.Tensor:
        return self.fc(args[0]) + self.fc(args[1])


class Mixed(torch.nn.Module):
    def forward(self, x: torch.Tensor, pair: tuple[torch.Tensor, torch.Tensor], **extra: torch.Tensor) -> Any:
        return x + pair[0] * pair[1] + extra["bias"]


def test_varargs_dims_are_nested_and_tied_dims_are_tied() -> None:
    """``forward(*args)``: torch.export wants {"args": (dims, dims)}; the two batches must be equal (the model adds
    them), which torch reports as a constraint violation whose fix is a tie: applied, so the export succeeds."""
    x = torch.randn(2, 8)
    wanted = {"args[0]": {0: (1, 8, 32)}, "args[1]": {0: (1, 8, 32)}}
    plan = plan_inputs(Varargs(), arg_inputs=[x, x], dynamic=wanted)
    assert set(plan.dynamic_shapes) == {"args"} and len(plan.dynamic_shapes["args"]) == 2
    assert [tuple(a.shape) for a in plan.args] == [(8, 8), (8, 8)]  # the examples at opt
    program = tc.export(Varargs(), [x, x], dynamic=wanted)
    profiles = record_profiles(program, plan)
    assert [p["name"] for p in profiles] == ["args[0]", "args[1]"]
    assert all(p["min_shape"] == [1, 8] and p["max_shape"] == [32, 8] for p in profiles)
    assert profiles[0]["symbols"] == profiles[1]["symbols"]  # one size, tied
    torch.testing.assert_close(
        program.module()(torch.ones(3, 8), torch.ones(3, 8)),
        Varargs()(torch.ones(3, 8), torch.ones(3, 8)),
        rtol=1,
        atol=1e9,
    )


def test_nested_and_keyword_inputs_are_named_and_nested_like_the_call() -> None:
    x, a, b, bias = torch.randn(4, 5), torch.randn(4, 5), torch.randn(4, 5), torch.randn(4, 5)
    plan = plan_inputs(
        Mixed(), arg_inputs=[x, (a, b)], kwarg_inputs={"bias": bias}, dynamic={"pair[1]": {1: (2, 5, 10)}}
    )
    assert [leaf.name for leaf in plan.leaves] == ["x", "pair[0]", "pair[1]", "bias"]
    shapes = plan.dynamic_shapes
    assert shapes["x"] is None and shapes["pair"][0] is None and shapes["extra"] == {"bias": None}
    assert shapes["pair"][1][1].max == 10
    assert tuple(plan.args[1][1].shape) == (4, 5)
    # the model adds them all, so the one dynamic axis ties the others: the error names them and torch's fix
    with pytest.raises(UsageError, match="pair\\[1\\] axis 1") as info:
        tc.export(Mixed(), [x, (a, b)], kwarg_inputs={"bias": bias}, dynamic={"pair[1]": {1: (2, 5, 10)}})
    assert "\n" not in str(info.value) and "torch suggests" in info.value.fix


def test_an_unknown_input_or_axis_names_what_exists() -> None:
    x = torch.randn(2, 8)
    with pytest.raises(UsageError, match="does not take .*its tensor inputs: args\\[0\\], args\\[1\\]"):
        plan_inputs(Varargs(), arg_inputs=[x, x], dynamic={"arg[0]": {0: (1, 8, 32)}})
    with pytest.raises(UsageError, match="did you mean 'args\\[0\\]'"):
        plan_inputs(Varargs(), arg_inputs=[x, x], dynamic={"args[0 ]": {0: (1, 8, 32)}})
    with pytest.raises(UsageError, match="axis 2 of args\\[0\\], which has 2 dimension"):
        plan_inputs(Varargs(), arg_inputs=[x, x], dynamic={0: {2: (1, 8, 32)}})


def test_an_example_is_resized_to_opt_by_repeating_its_own_values() -> None:
    """An example of batch 1 (the catalogue's) cannot export a dynamic batch (torch fixes sizes 0 and 1): the plan
    builds the example at opt from its own rows, so token ids and masks stay valid."""
    ids = torch.tensor([[5, 6, 7]])
    plan = plan_inputs(torch.nn.Embedding(10, 4), arg_inputs=[ids], dynamic={"input": {0: (1, 4, 8), 1: (2, 3)}})
    (example,) = plan.args
    assert example.shape == (4, 3) and bool((example == ids).all())
    assert plan.leaves[0].ranges[1] == Range(2, 3, 3)  # no opt given: the example's size


def test_a_range_the_model_cannot_export_gives_torchs_reason_and_suggestion() -> None:
    class Fixed(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x.reshape(4, 2, -1)

    with pytest.raises(UsageError) as info:
        tc.export(Fixed(), [torch.randn(4, 8)], dynamic={"x": {0: (1, 4, 32)}})
    text = str(info.value)
    assert "x axis 0 is fixed to 4 by the model's code" in text and "torch suggests" in text and "\n" not in text


def test_a_dim_range_that_includes_1_is_kept() -> None:
    """torch.export records Dim(min=1) as 1 (not the 2 of its 0/1 specialisation): the profile starts at 1."""
    model = torch.nn.Linear(4, 2)
    plan = plan_inputs(
        model, arg_inputs=[torch.randn(3, 4)], dynamic={"input": {0: torch.export.Dim("b", min=1, max=16)}}
    )
    program = tc.export(model, [torch.randn(3, 4)], dynamic={"input": {0: torch.export.Dim("b", min=1, max=16)}})
    (profile,) = record_profiles(program, plan)
    assert (profile["min_shape"], profile["opt_shape"], profile["max_shape"]) == ([1, 4], [3, 4], [16, 4])
    assert program.module()(torch.randn(1, 4)).shape == (1, 2)


def test_dynamic_with_an_exported_program_is_refused() -> None:
    model = torch.nn.Linear(4, 2)
    program = torch.export.export(model, (torch.randn(3, 4),))
    with pytest.raises(UsageError, match="fixed when it was exported"):
        plan_inputs(program.module(), arg_inputs=[torch.randn(3, 4)], dynamic={0: {0: (1, 2, 4)}})


def test_the_report_shows_every_input_shape_or_range() -> None:
    from torchtrt_compat.compiler.compile_report import CompileReport, input_lines

    specs = [
        {"name": "x", "dtype": "float32", "min_shape": [1, 3, 8], "opt_shape": [8, 3, 8], "max_shape": [32, 3, 8]},
        {"name": "mask", "dtype": "int64", "shape": [1, 16]},
        {"name": "scale", "python": "float"},
    ]
    assert input_lines(specs) == ["x: float32 [1..32, 3, 8] (opt 8)", "mask: int64 [1, 16]", "scale: float"]
    report = CompileReport(path="p", inputs=specs)
    assert "inputs" in str(report) and "x: float32 [1..32, 3, 8] (opt 8)" in str(report)
    assert CompileReport.from_dict(report.to_dict()).inputs == specs
    (line,) = input_lines([{"name": "\x1b[31mred", "shape": ["?"]}, "junk"])  # a report from disk: sanitised
    assert "\x1b" not in line and line.endswith("red: ? [-1]")


def test_the_guard_refuses_inputs_outside_the_profile_before_the_module_runs() -> None:
    """The check runnable_module() installs, on a PyTorch module standing in for the engine module (this host has
    no GPU to run one): an input outside the recorded profile never reaches forward()."""
    from torchtrt_compat.compiler.artifact.profiles import PROFILE_ATTR, guard

    calls = []

    class Counting(torch.nn.Module):
        def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
            calls.append(ids.shape)
            return ids * mask

    specs = [
        {
            "name": "ids",
            "key": [0],
            "min_shape": [1, 8],
            "opt_shape": [4, 16],
            "max_shape": [8, 64],
            "symbols": {"0": "s0", "1": "s1"},
        },
        {
            "name": "mask",
            "key": ["mask"],
            "min_shape": [1, 8],
            "opt_shape": [4, 16],
            "max_shape": [8, 64],
            "symbols": {"0": "s0", "1": "s1"},
        },
    ]
    module = Counting()
    guard(module, specs, "artifact")
    assert getattr(module, PROFILE_ATTR) == specs
    module(torch.ones(8, 64), mask=torch.ones(8, 64))
    for ids, mask, message in [
        (torch.ones(9, 16), torch.ones(9, 16), "input ids axis 0 is 9, outside the built range 1 to 8"),
        (torch.ones(4, 65), torch.ones(4, 65), "input ids axis 1 is 65, outside the built range 8 to 64"),
        (torch.ones(4, 16), torch.ones(2, 16), "input mask axis 0 is 2, but the model needs it equal to ids axis 0"),
        (torch.ones(4, 16, 1), torch.ones(4, 16), "has 3 dimensions"),
    ]:
        with pytest.raises(UsageError, match=message) as info:
            module(ids, mask=mask)
        assert "\n" not in str(info.value)
    assert len(calls) == 1


def test_the_narrowing_lowering_does_is_put_back() -> None:
    """torch_tensorrt's post_lowering re-propagates fake tensors; a fake kernel's layout guard (EfficientViT's
    depthwise conv: 4*s >= 16) narrows the batch symbol to [4, 32]. The shim puts the range from before back."""
    from torch.utils._sympy.value_ranges import ValueRanges

    from torchtrt_compat.shims.dynamic_ranges import _keeping_ranges

    model = torch.nn.Linear(4, 2)
    program = tc.export(model, [torch.randn(8, 4)], dynamic={"input": {0: (1, 8, 32)}})
    gm = program.graph_module
    (val,) = [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder" and n.name == "input"]
    symbol = val.shape[0].node.expr
    env = val.shape[0].node.shape_env
    before = env.var_to_range[symbol]

    def narrowing_lowering(graph_module: Any, settings: Any = None) -> Any:  # what the guard 4*s >= 16 does
        assert bool(4 * val.shape[0] >= 16)
        return graph_module

    assert _keeping_ranges(narrowing_lowering)(gm) is gm
    assert env.var_to_range[symbol] == before != ValueRanges(4, 32)


def test_explain_names_a_narrowed_range() -> None:
    """torch_tensorrt 2.14's refusal of a range the program narrowed has its own family and fix."""
    found = tc.explain(
        "ValueError: Dynamic dimension 's77': Input range [1, 32] vs exported program range [4, 32]. Input.min_shape "
        "(1) is below the exported program's min (4). The program was exported with this dimension bounded to [4, 32]"
    )
    assert found and found[0].key == "dynamic-range-narrowed" and "torch.export.Dim" in found[0].fix


def test_a_dynamic_export_failure_does_not_suggest_partition_auto() -> None:
    """partition='auto' builds static parts only: the fix of a dynamic build's export failure says so."""
    from torchtrt_compat._errors import BuildError

    class DataDependent(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            if x.sum() > 0:
                return x * 2
            return x

    with pytest.raises(BuildError) as info:
        tc.export(DataDependent(), [torch.randn(4, 3)], dynamic={"x": {0: (1, 4, 8)}})
    assert "static parts only" in (info.value.fix or "") and "pass partition='auto'" not in (info.value.fix or "")
