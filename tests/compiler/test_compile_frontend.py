"""The drop-in front door on a CPU-only host: routing, fallbacks and the errors users hit."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from torchtrt_compat.models import get_model

import torchtrt_compat as tc
from torchtrt_compat._errors import IncompatibleError, UsageError


def test_signature_mirrors_torch_tensorrt() -> None:
    import inspect

    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    ours = inspect.signature(tc.compile).parameters
    theirs = inspect.signature(load_torch_tensorrt().compile).parameters
    upstream = [n for n, p in theirs.items() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    # upstream's named parameters are an ordered prefix, our own options are keyword-only, **kwargs stays last
    assert list(ours)[: len(upstream)] == upstream
    assert all(ours[n].default == theirs[n].default and ours[n].kind == theirs[n].kind for n in upstream)
    extra = list(ours)[len(upstream) : -1]
    assert extra == ["fallback", "shims", "context_guard", "verbose", "partition", "dynamic", "rewrite_check"]
    assert all(ours[n].kind is inspect.Parameter.KEYWORD_ONLY for n in extra)
    assert list(ours)[-1] == "kwargs" and list(theirs)[-1] == "kwargs"


@pytest.mark.cpu_only
def test_no_gpu_with_fallback_error_names_reason_and_fix(small_net) -> None:
    model, x = small_net
    with pytest.raises(IncompatibleError, match="no NVIDIA GPU is visible") as info:
        tc.compile(model, arg_inputs=[x])
    assert "build_engine" in str(info.value) and "fallback=" in str(info.value)


@pytest.mark.cpu_only
@pytest.mark.parametrize("how", ["eager", "inductor"])
def test_fallbacks_are_reported_and_correct(small_net, how: str, caplog: pytest.LogCaptureFixture) -> None:
    model, x = small_net
    with caplog.at_level("INFO", logger="torchtrt_compat"):
        out = tc.compile(model, arg_inputs=[x], fallback=how)
    assert f"falling back to {how}" in caplog.text
    torch.testing.assert_close(out(x), model(x), rtol=1e-4, atol=1e-4)
    if how == "eager":
        assert out is model
        report = tc.report(out)
        assert report.path.startswith("fallback: eager") and report.trt_engines == 0
        assert report.route == "fallback"
        assert "TensorRT was not used" in report.warnings[0]


def test_bad_ir_and_fallback_values(small_net) -> None:
    model, x = small_net
    with pytest.raises(UsageError, match="ir='tensorrt' is not a torch_tensorrt IR"):
        tc.compile(model, ir="tensorrt", arg_inputs=[x])
    with pytest.raises(UsageError, match="fallback='cpu'"):
        tc.compile(model, arg_inputs=[x], fallback="cpu")


def test_report_of_a_plain_module_is_a_clear_error(small_net) -> None:
    with pytest.raises(UsageError, match="carries no torchtrt_compat report"):
        tc.report(small_net[0])


def test_export_matches_the_model_and_applies_shims() -> None:
    entry = get_model("deform_convnet")
    model, args = entry.build(), entry.example_inputs()
    program = tc.export(model, list(args))
    targets = {str(n.target) for n in program.graph.nodes if n.op == "call_function"}
    assert not any(t.startswith("torchvision.") for t in targets)
    torch.testing.assert_close(program.module()(*args), model(*args), rtol=entry.rtol, atol=entry.atol)


class TwoDevices(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.a = torch.nn.Linear(4, 4)
        self.b = torch.nn.Linear(4, 4, device="meta")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.b(self.a(x))


def test_model_on_two_devices() -> None:
    with pytest.raises(UsageError, match=r"several devices \(cpu, meta\)") as info:
        tc.export(TwoDevices(), [torch.randn(1, 4)])
    assert "model.to(device)" in str(info.value)


def test_inputs_on_another_device_than_the_model(small_net) -> None:
    model, _ = small_net
    with pytest.raises(UsageError, match="input x is on meta but the model is on cpu"):
        tc.export(model, [torch.empty(1, 3, 32, 32, device="meta")])


@pytest.mark.parametrize(
    ("dtype", "message"),
    [(torch.float64, "truncate_double=True"), (torch.complex64, "cannot take"), (torch.int16, "cannot take")],
)
def test_unsupported_input_dtypes(small_net, dtype: torch.dtype, message: str) -> None:
    model, _ = small_net
    with pytest.raises(UsageError, match=message):
        tc.export(model, [torch.zeros(1, 3, 32, 32, dtype=dtype)])


def test_inputs_contradicting_input_specs(small_net) -> None:
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    tt = load_torch_tensorrt()
    model, _ = small_net
    bad_range = tt.Input(min_shape=(4, 3, 32, 32), opt_shape=(2, 3, 32, 32), max_shape=(8, 3, 32, 32))
    with pytest.raises(UsageError, match="needs min <= opt <= max"):
        tc.export(model, [bad_range])
    dyn = tt.Input(min_shape=(1, 3, 32, 32), opt_shape=(2, 3, 32, 32), max_shape=(4, 3, 32, 32))
    with pytest.raises(UsageError, match="describe dynamic dimensions one way"):
        tc.export(model, [dyn], dynamic_shapes=({0: torch.export.Dim("b", min=1, max=4)},))
    outside = tt.Input.from_tensor(torch.randn(16, 3, 32, 32))
    outside.shape = {"min_shape": (1, 3, 32, 32), "opt_shape": (2, 3, 32, 32), "max_shape": (4, 3, 32, 32)}
    outside.shape_mode = tt.Input._ShapeMode.DYNAMIC
    with pytest.raises(UsageError, match="outside the Input range"):
        tc.export(model, [outside])
    from torchtrt_compat.compiler.inputs import plan_inputs

    with pytest.raises(UsageError, match="Both inputs and arg_inputs"):
        plan_inputs(model, inputs=[torch.randn(1, 3, 32, 32)], arg_inputs=[torch.randn(1, 3, 32, 32)])


def test_unknown_kwarg_raises_instead_of_being_ignored(small_net) -> None:
    model, x = small_net
    with pytest.raises(TypeError, match="Did you mean 'min_block_size'"):
        tc.compile(model, arg_inputs=[x], min_blok_size=2, fallback="eager")


def test_missing_torch_tensorrt_names_the_pip_command() -> None:
    code = (
        "import sys; sys.modules['torch_tensorrt'] = None\n"
        "from torchtrt_compat.compiler._upstream import load_torch_tensorrt\n"
        "try:\n    load_torch_tensorrt()\nexcept Exception as e:\n    print(type(e).__name__, e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("MissingDependencyError torch_tensorrt is not installed.")
    assert "pip install 'torch-tensorrt-rtx==" in out


@pytest.mark.cpu_only
def test_cpu_import_shim_against_the_real_crash() -> None:
    plain = subprocess.run([sys.executable, "-c", "import torch_tensorrt"], capture_output=True, text=True)
    assert plain.returncode != 0 and "Found no NVIDIA driver" in plain.stderr
    code = (
        "import torch\n"
        "names = ('get_device_capability', 'current_device', 'get_device_properties')\n"
        "before = {n: getattr(torch.cuda, n) for n in names}\n"
        "from torchtrt_compat.compiler._upstream import load_torch_tensorrt\n"
        "tt = load_torch_tensorrt()\n"
        "assert all(getattr(torch.cuda, n) is f for n, f in before.items()), 'torch.cuda left patched'\n"
        "print('ok', tt.__version__)\n"
    )
    shimmed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert shimmed.returncode == 0, shimmed.stderr[-2000:]
    assert shimmed.stdout.startswith("ok ")
