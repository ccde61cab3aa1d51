"""Where FP16 goes wrong: the precision search on models with a known FP16 failure, its setting per torch_tensorrt
release, and that setting applied to reduced-precision runs (our PyTorch emulation, and torch_tensorrt 2.14's own
autocast pass run on the CPU). The GPU test at the end is the same search on a CUDA device."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
import torch
from torchtrt_compat.models import get_model

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.deploy_check import (
    check_against,
    find_precision_problems,
    fp32_layers_setting,
    layer_errors,
    reduced_precision,
    resolve_tolerance,
)
from torchtrt_compat.compiler.deploy_check.autocast import excluded, pattern_for
from torchtrt_compat.compiler.deploy_check.precision import DIVERGENCE
from torchtrt_compat.compiler.deploy_check.setting import release_fields
from torchtrt_compat.compiler.releases import known_releases


def _overflow_model() -> tuple[Any, Any, Any]:
    entry = get_model("fp16_overflow")
    return entry, entry.build(), entry.example_inputs()


def _fixed_copy(model: Any, diagnosis: Any, precision: str = "float16") -> Any:
    """The printed setting applied to a reduced-precision run: its autocast_excluded_nodes, matched as torch_tensorrt
    matches them."""
    return reduced_precision(
        model, precision, excluded_nodes=sorted(diagnosis.setting.kwargs["autocast_excluded_nodes"])
    )


def test_the_search_names_the_overflowing_layer_and_its_setting_fixes_fp16() -> None:
    entry, model, inputs = _overflow_model()
    tolerance = resolve_tolerance("float16", catalogue=entry.tolerance("float16"))
    diagnosis = find_precision_problems(model, inputs, "float16", tolerance=tolerance, release="torch-tensorrt==2.14.0")
    assert diagnosis.names == ["norm"] and diagnosis.explained and diagnosis.fixed
    (layer,) = diagnosis.layers
    assert layer.kind == "overflow" and "aten.pow" in layer.detail and layer.error > 0.5
    setting = diagnosis.setting
    assert setting is not None and setting.release == "torch-tensorrt==2.14.0"
    assert setting.kwargs == {"enabled_precisions": {torch.float16}, "autocast_excluded_nodes": {r"^norm(\.|$)"}}
    assert setting.release_kwargs["autocast_excluded_nodes"] == {r"^norm(\.|$)"}
    assert setting.release_kwargs["enable_autocast"] is True
    assert "autocast_excluded_nodes={'^norm(\\\\.|$)'}" in str(diagnosis)

    draws = lambda i: entry.example_inputs(seed=i)  # noqa: E731
    before = check_against(reduced_precision(model, "float16"), model, draws, runs=20, precision="float16",
                           tolerance=tolerance, latency=False, search=False)  # fmt: skip
    after = check_against(_fixed_copy(model, diagnosis), model, draws, runs=20, precision="float16",
                          tolerance=tolerance, latency=False, search=False)  # fmt: skip
    assert before.verdict == "wrong" and before.outputs[0].outside > 0.5
    assert after.verdict == "right" and after.exit_code == 0 and after.outputs[0].outside == 0.0


def test_the_printed_setting_through_torch_tensorrts_own_autocast_pass() -> None:
    """torch_tensorrt 2.14's rule_based_autocast, with the printed autocast_excluded_nodes, rewrites the exported
    graph; run in PyTorch on the CPU, it is wrong without the setting and right with it."""
    if importlib.util.find_spec("torch_tensorrt") is None:  # e.g. the H100 machine
        pytest.skip("needs torch_tensorrt installed")
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt
    from torchtrt_compat.compiler.deploy_check.stats import compare_outputs

    tt = load_torch_tensorrt()
    from torch_tensorrt.dynamo._settings import CompilationSettings
    from torch_tensorrt.dynamo.lowering.passes.rule_based_autocast import rule_based_autocast

    entry, model, inputs = _overflow_model()
    diagnosis = find_precision_problems(model, inputs, "float16", release=None)
    excluded_nodes = diagnosis.setting.kwargs["autocast_excluded_nodes"]
    assert diagnosis.setting.release.endswith(f"=={tt.__version__.split('+')[0]}")
    tolerance = resolve_tolerance("float16")

    def autocast_run(patterns: set[str]) -> Any:
        program = torch.export.export(model, inputs, strict=False).run_decompositions({})
        settings = CompilationSettings(
            device=tt.Device("cuda:0"), enable_autocast=True, autocast_low_precision_type=torch.float16,
            autocast_excluded_nodes=patterns,
        )  # fmt: skip
        settings.autocast_intermediate_node_outputs = {}
        rule_based_autocast(program.graph_module, settings)
        halves = [n for n in program.graph.nodes if n.op == "call_function" and "to" in str(n.target)]
        assert halves  # the pass inserted its casts
        return program.module()(*inputs)

    with torch.no_grad():
        want = model(*inputs)
        (plain,) = compare_outputs(autocast_run(set()), want, tolerance)
        (kept,) = compare_outputs(autocast_run(set(excluded_nodes)), want, tolerance)
    assert not plain.passed and kept.passed


def test_torch_tensorrts_classifier_keeps_exactly_the_named_modules_nodes() -> None:
    """torch_tensorrt 2.14's NodeClassifier: the printed patterns select the nodes of that module (re.match on the
    innermost nn_module_stack path) and nothing else; autocast_excluded_ops matches qualified names as strings."""
    if importlib.util.find_spec("torch_tensorrt") is None:
        pytest.skip("needs torch_tensorrt installed")
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()
    from torch_tensorrt.dynamo.lowering.passes.nodeclassifier import NodeClassifier

    _, model, inputs = _overflow_model()
    graph = torch.export.export(model, inputs, strict=False).run_decompositions({}).graph
    inside = {
        n.name
        for n in graph.nodes
        if n.op == "call_function" and list(n.meta["nn_module_stack"].values())[-1][0] == "norm"
    }
    _, high = NodeClassifier(graph.nodes, excluded_nodes={pattern_for("norm")}).run()
    assert set(high) == inside and len(inside) >= 4
    _, by_object = NodeClassifier(graph.nodes, excluded_ops={torch.ops.aten.pow.Tensor_Scalar}).run()
    _, by_name = NodeClassifier(graph.nodes, excluded_ops={"torch.ops.aten.pow.Tensor_Scalar"}).run()
    assert by_object == [] and len(by_name) == 1


def test_a_layer_whose_output_overflows_and_the_one_that_reads_it_are_both_named() -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(8, 32), torch.nn.ReLU(), torch.nn.Linear(32, 32), torch.nn.LayerNorm(32), torch.nn.Linear(32, 4)
    ).eval()
    with torch.no_grad():
        model[2].weight.mul_(200000.0)  # outputs around 1e5: beyond float16's 65504
    x = (torch.randn(4, 8),)
    diagnosis = find_precision_problems(model, x, "float16")
    kinds = {f.name: f.kind for f in diagnosis.layers}
    assert kinds == {"2": "overflow", "3": "input out of range"}
    assert "beyond the largest float16 (65504)" in diagnosis.layers[0].detail and diagnosis.fixed
    assert diagnosis.setting.patterns == [r"^2(\.|$)", r"^3(\.|$)"]


def test_the_top_modules_own_code_is_named_as_such() -> None:
    class Scores(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.proj = torch.nn.Linear(16, 16)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            z = self.proj(x) * 100
            return z / z.pow(2).sum(-1, keepdim=True).sqrt()  # overflows here, outside any submodule

    torch.manual_seed(0)
    model = Scores().eval()
    diagnosis = find_precision_problems(model, (torch.randn(2, 16) * 3,), "float16")
    assert diagnosis.names == [""] and diagnosis.layers[0].label == "(the top module's own code)"
    assert diagnosis.setting.patterns == ["^$"] and diagnosis.fixed


def test_a_healthy_model_is_not_blamed_on_its_layers() -> None:
    model, inputs = get_model("tiny_transformer").build(), get_model("tiny_transformer").example_inputs()
    errors = layer_errors(model, inputs, "float16")
    assert errors and max(errors.values()) < DIVERGENCE / 10
    diagnosis = find_precision_problems(model, inputs, "float16")
    assert not diagnosis.explained and not diagnosis.layers and diagnosis.setting is None
    assert "do not explain the error" in str(diagnosis)
    bf16 = find_precision_problems(*_overflow_model()[1:], "bfloat16")  # bfloat16 holds the range
    assert not bf16.explained
    with pytest.raises(UsageError, match="reduced precision"):
        find_precision_problems(model, inputs, "float32")


def test_patterns_match_one_module_and_what_is_inside_it_as_torch_tensorrt_does() -> None:
    pattern = pattern_for("layers.1")
    assert excluded("layers.1", [pattern]) and excluded("layers.1.attn.q", [pattern])
    assert not excluded("layers.10", [pattern]) and not excluded("layers", [pattern])
    assert excluded("", [pattern_for("")]) and not excluded("head", [pattern_for("")])
    assert all(re.match(pattern, n) for n in ("layers.1", "layers.1.mlp"))  # re.match, as NodeClassifier does
    with pytest.raises(UsageError, match="not a regular expression"):
        reduced_precision(torch.nn.Linear(2, 2), "float16", excluded_nodes=["(unclosed"])


def test_a_reduced_precision_run_types_each_operation_by_its_innermost_module() -> None:
    model = torch.nn.Sequential(
        torch.nn.Linear(4, 4), torch.nn.Sequential(torch.nn.Linear(4, 4)), torch.nn.Linear(4, 2)
    )
    seen: dict[str, torch.dtype] = {}
    for name, module in model.named_modules():
        if name:
            module.register_forward_hook(lambda m, a, out, name=name: seen.__setitem__(name, out.dtype))
    low = reduced_precision(model, "float16", excluded_nodes=[pattern_for("1")])
    with torch.no_grad():
        assert low(torch.randn(3, 4)).dtype == torch.float16
    assert seen == {"0": torch.float16, "1.0": torch.float32, "1": torch.float32, "2": torch.float16}
    assert all(p.dtype == torch.float32 for p in model.parameters())  # the model itself is not changed
    with torch.no_grad():
        model(torch.randn(3, 4))
    assert seen["0"] == torch.float32  # and runs in FP32 again outside the reduced-precision call


@pytest.mark.parametrize("key", sorted(known_releases()))
def test_the_setting_for_every_known_release(key: str) -> None:
    """autocast_excluded_nodes where the release has it (2.10 on, both flavours), in our spelling and translated;
    explicit typing where only that exists (2.6-2.9); no setting in 2.4-2.5."""
    release = known_releases()[key]
    setting = fp32_layers_setting(["encoder.layer.3", "norm"], "float16", release)
    assert setting.release == key and setting.patterns == [r"^encoder\.layer\.3(\.|$)", r"^norm(\.|$)"]
    if release.has("autocast_excluded_nodes"):
        assert setting.route == "autocast_excluded_nodes"
        assert setting.release_kwargs["autocast_excluded_nodes"] == set(setting.patterns)
        assert setting.release_kwargs["enable_autocast"] is True
        assert setting.release_kwargs["autocast_low_precision_type"] == torch.float16
        assert set(setting.release_kwargs) <= set(release.params)
    elif release.has("use_explicit_typing"):
        assert setting.route == "explicit typing" and setting.kwargs == {"use_explicit_typing": True}
        assert "type the model by hand" in setting.notes[0] and "use_explicit_typing=True" in setting.notes[0]
    else:
        assert setting.route == "none" and "upgrade to torch_tensorrt>=2.10" in setting.notes[0]


def test_the_release_is_found_by_name_installed_or_newest() -> None:
    assert release_fields("torch-tensorrt-rtx==2.12.1").version == "2.12.1"
    assert release_fields("torch-tensorrt==2.14.0+cu130").package == "torch-tensorrt"
    newest = release_fields("torch-tensorrt==9.9.9")  # newer than the data: the newest of that package
    assert newest.package == "torch-tensorrt" and newest.version == "2.14.0"


def test_the_printed_plan_lines_are_a_plan_the_farm_accepts(tmp_path: Path) -> None:
    from torchtrt_compat.farm.plan import load_plan

    setting = fp32_layers_setting(["norm"], "float16", "torch-tensorrt-rtx==2.14.0")
    (tmp_path / "plan.toml").write_text(
        f'out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.m]\nsource = "models:fp16_overflow"\n{setting.plan}\n'
    )
    (job,) = load_plan(tmp_path / "plan.toml").jobs
    assert job.precision == "fp16" and job.settings == {"autocast_excluded_nodes": [r"^norm(\.|$)"]}


@pytest.mark.gpu
def test_the_search_on_a_cuda_device() -> None:
    """On the GPU machine: FP16 in PyTorch on CUDA overflows in the same layer, the search names it, and its setting
    brings an FP16 run on the GPU within the tolerance, timed with CUDA events."""
    entry, model, inputs = _overflow_model()
    model = model.to("cuda")
    diagnosis = find_precision_problems(model, inputs, "float16", device="cuda")
    assert diagnosis.names == ["norm"] and diagnosis.fixed and diagnosis.device.startswith("cuda")
    draws = lambda i: entry.example_inputs(seed=i)  # noqa: E731
    wrong = check_against(reduced_precision(model, "float16"), model, draws, runs=10, precision="float16",
                          device="cuda", latency=False, label="fp16 copy")  # fmt: skip
    assert wrong.verdict == "wrong" and wrong.diagnosis is not None and wrong.diagnosis.names == ["norm"]
    right = check_against(_fixed_copy(model, diagnosis), model, draws, runs=10, precision="float16", device="cuda",
                          iters=50, label="fp16 with norm in fp32")  # fmt: skip
    assert all(o.passed for o in right.outputs) and right.verdict in ("right", "slower")
    assert {t.label for t in right.latency} == {"fp16 with norm in fp32", "eager", "torch.compile"}
    assert all(t.device.startswith("cuda") for t in right.latency if not t.error)
    print(wrong, right, sep="\n")
