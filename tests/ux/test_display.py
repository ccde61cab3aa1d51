"""Rich display: every public result object shows a short repr (<= 3 lines) and well-formed HTML, without internals."""

from __future__ import annotations

import pytest
from _html import check_html

import torchtrt_compat as tc
from torchtrt_compat.compatibility.target import load_spec
from torchtrt_compat.compiler.compile_report import CompileReport
from torchtrt_compat.env import GpuInfo, Package
from torchtrt_compat.host_selftest import SelftestResult, StepResult
from torchtrt_compat.runtime.bench import summarise
from torchtrt_compat.runtime.context import ContextReport
from torchtrt_compat.runtime.memory import MemoryReport
from torchtrt_compat.ux import display as _display


def _objects() -> dict[str, object]:
    report = CompileReport(
        versions={"torch": "2.14.1", "torch-tensorrt-rtx": "2.14.0"},
        path="ahead-of-time: torch.export(strict=False) -> torch_tensorrt.dynamo.compile",
        shims=["deform_conv2d_device", "virtual_cuda_device"],
        shims_changed=["deform_conv2d_device"],
        trt_engines=1,
        settings={"enable_autocast": "True"},
        notes=["enabled_precisions=['float16'] -> enable_autocast=True"],
        warnings=["<script>alert(1)</script> is escaped"],
        timings={"export": 1.234, "build": 12.5, "torchtrt_compat": 0.0004},
        log=["W1122 something is deprecated"],
    )
    described = load_spec(
        {
            "torch": "2.14.0+cu130",
            "torch_tensorrt": {"package": "torch-tensorrt-rtx", "version": "2.14.0"},
            "gpus": [{"name": "NVIDIA L4", "compute_capability": "8.9"}],
        }
    )
    return {
        "Environment (here)": tc.detect_environment(),
        "Environment (described)": described,
        "shim list": tc.list_shims(),
        "one shim": tc.list_shims()[0],
        "BenchResult": summarise([1.0, 1.1, 0.9, 5.0] * 5, label="resnet18 [eager]"),
        "MemoryReport": MemoryReport("cpu", 46_000_000, 45_000_000, 1_000_000, None, None, None, None, None),
        "ContextReport": ContextReport("MainThread", 0x5A5A, 0, {0: 0x1111}, False, True, "A foreign context."),
        "SelftestResult": SelftestResult(
            "host",
            [
                StepResult("environment", "passed", "stack is consistent", seconds=0.1),
                StepResult("tensorrt", "skipped", reason="no CUDA device", fix="run it on the GPU host"),
                StepResult("bench", "failed", cause="too slow", fix="lock clocks", warnings=["cv 0.4"]),
            ],
            gpu=None,
        ),
        "CompileReport": report,
    }


OBJECTS = _objects()


@pytest.mark.parametrize("name", list(OBJECTS))
def test_repr_is_short_and_html_is_well_formed(name: str) -> None:
    obj = OBJECTS[name]
    text = repr(obj)
    assert 1 <= len(text.splitlines()) <= 3, text
    assert all(len(line) <= 120 for line in text.splitlines()), text
    assert " at 0x" not in text and "function" not in text, text  # no function objects or addresses
    markup = obj._repr_html_()  # type: ignore[attr-defined]
    parsed = check_html(markup)
    assert " at 0x" not in markup and "<function" not in markup
    assert "table" in parsed.tags, f"{name} shows no table"


def test_html_escapes_what_it_shows() -> None:
    markup = OBJECTS["CompileReport"]._repr_html_()  # type: ignore[attr-defined]
    assert "<script>" not in markup and "&lt;script&gt;" in markup


def test_shim_list_is_a_list_without_function_addresses() -> None:
    shims = tc.list_shims()
    assert isinstance(shims, list) and all(isinstance(s, tc.shims.Shim) for s in shims)
    text = " ".join(repr(s) for s in shims) + repr(shims) + shims._repr_html_()
    assert "factory" not in text and "<function" not in text and " at 0x" not in text
    assert all(s.name in shims._repr_html_() for s in shims)


def test_environment_display_hides_gpu_uuids() -> None:
    env = load_spec({"gpus": [{"name": "NVIDIA L4 GPU-12345678-aaaa-bbbb", "compute_capability": "8.9"}]})
    assert "GPU-12345678" not in repr(env) and "GPU-12345678" not in env._repr_html_()


def test_compile_report_separates_changed_shims_notes_and_skips_zero_timings() -> None:
    report = OBJECTS["CompileReport"]
    assert isinstance(report, CompileReport)
    text = str(report)
    assert "shims that changed the graph : deform_conv2d_device" in text
    assert "other shims active           : virtual_cuda_device" in text
    assert "settings passed              : enable_autocast=True" in text
    assert "note: enabled_precisions" in text and "warning: enabled_precisions" not in text
    assert "torchtrt_compat 0.00s" not in text and "torchtrt_compat" not in text.split("timings")[1].splitlines()[0]
    assert "export 1.23s, build 12.5s" in text
    assert "1 lines captured" in text
    assert CompileReport.from_dict(report.to_dict()) == report


def test_display_helpers_escape_and_shorten() -> None:
    assert "&lt;b&gt;" in _display.table([("<b>",)])
    assert len(_display.compact_repr("x" * 300, "y" * 300, "z", "dropped").splitlines()) == 3
    check_html(_display.panel("t", _display.key_values([("a", 1)]), verdict="ok", tone="ok"))


def test_gpu_info_and_package_keep_plain_reprs() -> None:
    # small value objects stay plain dataclasses: their reprs are already short
    assert repr(Package("torch", "2.14.1")).count("\n") == 0
    assert repr(GpuInfo("NVIDIA L4", "8.9")).count("\n") == 0


def test_progress_table_is_well_formed_html() -> None:
    from torchtrt_compat.ux import progress as _progress

    stages: list[tuple[str, float | None]] = [("exporting", 1.2), ("building TensorRT engine 1 for sm_89", None)]
    check_html(_progress._html("build_engine for sm_89", stages, False))
    check_html(_progress._html("build_engine for sm_89", [("exporting", 1.2), ("done", None)], True))
