"""The error table: the generated doc, `torchtrt-compat explain`, and real upstream failures explained.

Where a failure can be triggered here (CPU only) the test triggers it and explains the text the real call produced;
the rest use messages recorded from upstream, verbatim, each with a comment saying where it comes from.
"""

from __future__ import annotations

import ctypes
import glob
import io
import json
import os
import re
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from torchtrt_compat._errors import UpstreamError
from torchtrt_compat.cli import main
from torchtrt_compat.troubleshooting import (
    GENERATED_MARKER,
    KNOWN_ERRORS,
    explain,
    lookup,
    render_markdown,
    reraise_explained,
)

ROOT = Path(__file__).resolve().parents[1]


def keys(text: str) -> list[str]:
    return [k.key for k in explain(text)]


# ---- the table and the doc ------------------------------------------------------------------------------------------
def test_doc_is_the_rendered_table() -> None:
    doc = (ROOT / "docs" / "troubleshooting.md").read_text(encoding="utf-8")
    assert GENERATED_MARKER in doc, "the generated marker is missing from docs/troubleshooting.md"
    generated = doc.split(GENERATED_MARKER, 1)[1].lstrip("\n")
    assert generated == render_markdown(), (
        "docs/troubleshooting.md is out of date: run "
        "`python -m torchtrt_compat.troubleshooting docs/troubleshooting.md`"
    )


REQUIRED = {
    "fake-device-propagation", "invalid-resource-handle", "cask-convolution", "all-zero-outputs", "import-no-gpu",
    "undefined-symbol", "explicit-typing-assertion", "latency-jitter", "cudagraph-rerecord",
}  # fmt: skip


def test_table_covers_the_issue_and_every_entry_is_complete() -> None:
    assert REQUIRED <= {k.key for k in KNOWN_ERRORS}
    assert len({k.key for k in KNOWN_ERRORS}) == len(KNOWN_ERRORS)
    for k in KNOWN_ERRORS:
        re.compile(k.pattern)
        assert k.title and k.cause and k.fix and k.shown_by, k.key
        assert k.example and k.matches(k.example), f"{k.key}: its example does not match its pattern"
        assert f'id="{k.key}"' in render_markdown()


def _notebook_cell_ids(path: Path) -> set[str]:
    return {cell.get("id", "") for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]}


@pytest.mark.parametrize("ref", sorted({ref for k in KNOWN_ERRORS for ref in k.shown_by}))
def test_every_shown_by_reference_exists(ref: str) -> None:
    if "::" in ref:
        path, name = ref.split("::", 1)
        assert (ROOT / path).is_file(), f"{ref}: no such test file"
        assert re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(encoding="utf-8"), re.M), (
            f"{ref}: no such test"
        )
    else:
        path, _, cell = ref.partition("#")
        assert (ROOT / path).is_file(), f"{ref}: no such notebook"
        assert cell in _notebook_cell_ids(ROOT / path), f"{ref}: no cell with this id"


def test_lookup_names_the_known_keys() -> None:
    assert lookup("import-no-gpu").key == "import-no-gpu"
    with pytest.raises(KeyError, match="cudagraph-rerecord"):
        lookup("no-such-key")


# ---- (a) plain `import torch_tensorrt` on a host without a GPU ----------------------------------------------------
@pytest.mark.cpu_only
@pytest.mark.slow
def test_plain_import_fails_and_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from torchtrt_compat._lazy import is_installed

    if not is_installed("torch_tensorrt"):
        pytest.skip("torch_tensorrt is not installed")
    done = subprocess.run([sys.executable, "-c", "import torch_tensorrt"], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "Found no NVIDIA driver" in done.stderr
    assert "import-no-gpu" in keys(done.stderr)
    log = tmp_path / "import.log"
    log.write_text(done.stderr)
    assert main(["explain", str(log)]) == 0
    out = capsys.readouterr().out
    assert "[import-no-gpu]" in out and "build_engine" in out


# ---- (b) a device mismatch under FakeTensors: the deform_conv2d repro ------------------------------------------------
def _deform_repro(shim: bool):  # type: ignore[no-untyped-def]
    """pytorch/TensorRT#3556 on a fake cuda:0 (no GPU needed); see tests/_deform_repro.py."""
    pytest.importorskip("torchvision")
    from _deform_repro import ModuleNoBias, propagate

    return propagate(ModuleNoBias, shim)


def test_real_fake_device_error_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuntimeError) as info:
        _deform_repro(shim=False)
    text = "".join(traceback.format_exception(info.value))
    assert "fake-device-propagation" in keys(text)
    (tmp_path / "tb.txt").write_text(text)
    assert main(["explain", str(tmp_path / "tb.txt")]) == 0
    assert "[fake-device-propagation]" in capsys.readouterr().out
    out = _deform_repro(shim=True)  # the fix: the deform_conv2d_device shim
    assert str(out.device) == "cuda:0"


# ---- (c) a real torch.export failure inside torchtrt_compat.export ---------------------------------------------------
@pytest.mark.cpu_only
def test_export_reraises_upstream_error_with_cause() -> None:
    torch = pytest.importorskip("torch")
    from torch import nn

    import torchtrt_compat

    class AsksForTheGpu(nn.Module):
        """Calls into CUDA from forward, as code that picks its device at run time does."""

        def __init__(self) -> None:
            super().__init__()
            self.linear = nn.Linear(4, 4)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            torch.cuda.current_device()
            return self.linear(x)

    with pytest.raises(UpstreamError) as info:
        torchtrt_compat.export(AsksForTheGpu(), [torch.randn(2, 4)], shims=None)
    error = info.value
    assert isinstance(error.__cause__, RuntimeError) and "Found no NVIDIA driver" in str(error.__cause__)
    assert str(error).startswith("export failed: Found no NVIDIA driver")
    assert error.fix == lookup("import-no-gpu").fix and error.exit_code == 1


def test_export_device_mismatch_keeps_the_fake_tensor_error_as_cause() -> None:
    """A tensor made on the CPU inside forward, model on (fake) cuda:0: a UsageError naming both devices, with
    FakeTensor's own error as the cause, whose text `explain` also recognises."""
    torch = pytest.importorskip("torch")
    from torch import nn
    from torch._subclasses.fake_tensor import FakeTensorMode

    import torchtrt_compat
    from torchtrt_compat import UsageError

    class CpuConstant(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3, padding=1)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.conv(x) + torch.ones(4, 1, 1, device="cpu")

    with FakeTensorMode(allow_non_fake_inputs=True), torch.device("cuda"):
        model, x = CpuConstant().eval(), torch.randn(1, 3, 8, 8)
    with pytest.raises(UsageError, match="cuda:0 and cpu") as info:
        torchtrt_compat.export(model, [x], shims=None)
    cause = info.value.__cause__
    assert cause is not None and "fake-device-propagation" in keys(f"{type(cause).__name__}: {cause}")


def test_unknown_errors_are_re_raised_unchanged() -> None:
    original = ValueError("something nobody has seen before")
    with pytest.raises(ValueError) as info:
        reraise_explained(original, stage="export")
    assert info.value is original


# ---- recorded upstream messages -------------------------------------------------------------------------------------
def _cudart_error(code: int) -> tuple[str, str] | None:
    """(name, string) of a CUDA runtime error code, from the libcudart the torch wheel ships (no driver needed)."""
    for pattern in ("nvidia/cu*/lib/libcudart.so*", "nvidia/cuda_runtime/lib/libcudart.so*"):
        for site in sys.path:
            for path in glob.glob(os.path.join(site, pattern)):
                try:
                    lib = ctypes.CDLL(path)
                except OSError:
                    continue
                lib.cudaGetErrorName.restype = lib.cudaGetErrorString.restype = ctypes.c_char_p
                return lib.cudaGetErrorName(code).decode(), lib.cudaGetErrorString(code).decode()
    return None


def test_cudart_names_invalid_resource_handle() -> None:
    found = _cudart_error(400)  # cudaErrorInvalidResourceHandle = 400 (the value test_runtime_context.py launches into)
    if found is None:
        pytest.skip("no libcudart next to torch")
    name, text = found
    assert (name, text) == ("cudaErrorInvalidResourceHandle", "invalid resource handle")
    # c10/cuda/CUDAException.cpp builds torch's message from cudaGetErrorString: "CUDA error: <string>\n..."
    assert keys(f"RuntimeError: CUDA error: {text}") == ["invalid-resource-handle"]
    assert keys(name) == ["invalid-resource-handle"]


RECORDED = [
    # torch's C10_CUDA_CHECK text (the first line from cudaGetErrorString(400), the rest from libc10_cuda.so's strings),
    # as raised when a kernel or stream of the primary context is used under pycuda.autoinit's context.
    (
        "invalid-resource-handle",
        "RuntimeError: CUDA error: invalid resource handle\nCUDA kernel errors might be "
        "asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging "
        "consider passing CUDA_LAUNCH_BLOCKING=1",
    ),
    # The driver API's name for the same error (cuGetErrorName(400)), as cuda-python and pycuda print it.
    ("invalid-resource-handle", "cuda.bindings.driver.CUresult.CUDA_ERROR_INVALID_HANDLE"),
    # NVIDIA/TensorRT#4335 (TensorRT 10): engine run under a foreign CUDA context.
    ("cask-convolution", "Error Code 1: Cask (Cask convolution execution)"),
    # NVIDIA/TensorRT#301 (TensorRT 6): the older wording of the same failure.
    (
        "cask-convolution",
        "[TensorRT] ERROR: ../rtSafe/cuda/caskConvolutionRunner.cpp (245) - Cask Error in "
        "checkCaskExecError<false>: 7 (Cask Convolution execution)",
    ),
    # pytorch/TensorRT#3031: torch_tensorrt 2.3 wheel next to a torch it was not built against.
    (
        "undefined-symbol",
        "OSError: /home/louis/Documents/inference_opti_onnx_tensorrt/.venv/lib/python3.11/"
        "site-packages/torch_tensorrt/lib/libtorchtrt.so: undefined symbol: _ZNK3c105Error4whatEv",
    ),
    # pytorch/TensorRT#794: the same from a source build.
    (
        "undefined-symbol",
        "ImportError: /mnt/ssd01/anaconda3/envs/trtenv/lib/python3.8/site-packages/torch_tensorrt/"
        "lib/libtorchtrt.so: undefined symbol: _ZN2at11show_configB5cxx11Ev",
    ),
    # torch_tensorrt 2.10-2.12 dynamo/_compiler.py (2.12.1: L677), with enabled_precisions={torch.half} and defaults;
    # the f-string's {enabled_precisions} shows the converted set.
    (
        "explicit-typing-assertion",
        "AssertionError: use_explicit_typing was set to True, however found that "
        "enabled_precisions was also specified (saw: {<dtype.f16: 6>}, expected: dtype.f32, dtype.f4). "
        "enabled_precisions should not be used when use_explicit_typing=True",
    ),
    # torch_tensorrt 2.6-2.7 dynamo/_compiler.py (2.7.0: L583), when the caller set use_explicit_typing=True.
    (
        "explicit-typing-assertion",
        "AssertionError: When use_explicit_typing is enabled, only torch.float32 is allowed "
        "in the enabled_precisions but found {<dtype.f16: 6>}",
    ),
    # pytorch/TensorRT#3556 (torch 2.7): torchvision deform_conv2d after constant folding put its mask on the CPU.
    (
        "fake-device-propagation",
        "RuntimeError: Unhandled FakeTensor Device Propagation for "
        "torchvision.deform_conv2d.default, found two different devices cuda:0, cpu",
    ),
    # torch/cuda/__init__.py _lazy_init (torch 2.14: L584), with a CPU-only torch wheel.
    ("import-no-gpu", "AssertionError: Torch not compiled with CUDA enabled"),
    # torch_tensorrt's CUDA-graph runtime logs this at DEBUG before it records a new graph
    # (dynamo/runtime/_CudaGraphsTorchTensorRTModule.py L113, torch_tensorrt 2.14).
    (
        "cudagraph-rerecord",
        "DEBUG:torch_tensorrt.dynamo.runtime._CudaGraphsTorchTensorRTModule:Input shape changed "
        "((8, 3, 224, 224),) -> ((5, 3, 224, 224),)",
    ),
]


@pytest.mark.parametrize(("key", "message"), RECORDED, ids=[f"{k}-{i}" for i, (k, _) in enumerate(RECORDED)])
def test_recorded_upstream_messages_are_explained(key: str, message: str) -> None:
    assert keys(message) == [key]


@pytest.mark.parametrize(("key", "message"), RECORDED[:3], ids=[k for k, _ in RECORDED[:3]])
def test_reraise_turns_recorded_messages_into_upstream_errors(key: str, message: str) -> None:
    original = RuntimeError(message)
    with pytest.raises(UpstreamError) as info:
        reraise_explained(original, stage="torch_tensorrt.dynamo.compile")
    assert info.value.__cause__ is original
    assert info.value.fix == lookup(key).fix


# ---- the fixes the table names -------------------------------------------------------------------------------------
@pytest.mark.parametrize("version", ["2.10.0", "2.11.0", "2.12.0", "2.12.1"])
def test_explicit_typing_assertion_is_avoided_by_translation(version: str) -> None:
    torch = pytest.importorskip("torch")
    from _releases import release

    from torchtrt_compat.compiler.settings import translate

    fields = release(version)
    assert fields.default_is_true("use_explicit_typing")  # why torch_tensorrt asserts with defaults
    out = translate({}, fields, {torch.half})
    assert out.kwargs == {"enabled_precisions": {torch.float16}, "use_explicit_typing": False}
    assert any("use_explicit_typing=False" in n for n in out.notes)


def test_check_names_the_torch_that_fits() -> None:
    """The undefined-symbol fix: `check` names the torch that the installed torch_tensorrt was built against."""
    from torchtrt_compat import check

    report = check({"torch": "2.13.0+cu130", "torch_tensorrt": {"package": "torch-tensorrt", "version": "2.14.0"}})
    (finding,) = [f for f in report.findings if f.code == "torch-version"]
    assert finding.severity == "error" and "pip install 'torch>=2.14.0,<2.15.0'" in finding.fix


# ---- the CLI -------------------------------------------------------------------------------------------------------
def test_explain_reads_stdin_and_matches_several(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "RuntimeError: CUDA error: invalid resource handle\n...\nError Code 1: Cask (Cask convolution execution)\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["explain", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 known errors matched")
    assert "[invalid-resource-handle]" in out and "[cask-convolution]" in out and "primary_context" in out


def test_explain_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "e.txt").write_text("AssertionError: Torch not compiled with CUDA enabled")
    assert main(["explain", "--json", str(tmp_path / "e.txt")]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["key"] == "import-no-gpu" and row["fix"] and row["shown_by"]


def test_explain_nothing_matched_exits_1_and_points_to_env(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("ZeroDivisionError: division by zero\n"))
    assert main(["explain"]) == 1
    out = capsys.readouterr().out
    assert "No known error matched" in out and "torchtrt-compat env" in out


def test_explain_missing_file_exits_2_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err
    assert main(["explain", str(tmp_path)]) == 2  # a directory
    assert "is a directory" in capsys.readouterr().err


def test_explain_undecodable_bytes_are_not_fatal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bin.log").write_bytes(b"\xff\xfe garbage \x00 CUDA_ERROR_INVALID_HANDLE\n")
    assert main(["explain", str(tmp_path / "bin.log")]) == 0
    assert "[invalid-resource-handle]" in capsys.readouterr().out


def test_explain_help_lists_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["explain", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "Exit 0 when something matched, 1 when nothing did, 2" in " ".join(out.split())
