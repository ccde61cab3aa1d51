"""Builds in threads (issue 23, reliability audit F3/F4, cases API12a-c, API15, API24, API25), with real builds.

8 threads build 8 different tiny models at once and must get what 8 serial builds get: the same engines, ops left
to PyTorch, shims and shims that changed the graph, and the same failure for the model that fails. Meanwhile
bystander threads that build nothing must see the unpatched world (no virtual GPU, torchvision's own
deform_conv2d), and what they print to stderr must reach the console, never a build's report or artifact.
"""

from __future__ import annotations

import io
import sys
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
import torch
from torch import nn

pytestmark = [pytest.mark.requires_rtx, pytest.mark.slow, pytest.mark.cpu_only]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _threads import run_threads  # noqa: E402

from torchtrt_compat._errors import BuildError, CompatError  # noqa: E402


class Conv(nn.Sequential):
    def __init__(self) -> None:
        super().__init__(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU())


class Linear(nn.Sequential):
    def __init__(self) -> None:
        super().__init__(nn.Flatten(), nn.Linear(3 * 8 * 8, 5), nn.ReLU())


class Deform(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        from torchvision.ops import DeformConv2d

        self.offset = nn.Conv2d(3, 18, 3, padding=1)
        self.deform = DeformConv2d(3, 4, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.deform(x, self.offset(x)))


class CeilPool(nn.Sequential):
    def __init__(self) -> None:
        super().__init__(nn.Conv2d(3, 4, 3), nn.MaxPool2d(3, 2, ceil_mode=True))


class Addmm(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.w = nn.Parameter(torch.randn(8, 6))
        self.b = nn.Parameter(torch.randn(6))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.addmm(self.b, x.flatten(1)[:, :8], self.w)


class SliceUpdate(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = x * 2
        a[:, :, 1:, 1:] += 1.0
        return a.softmax(-1)


class RoiAlign(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        from torchvision.ops import roi_align

        boxes = torch.tensor([[0.0, 1.0, 1.0, 6.0, 6.0]])
        return roi_align(self.conv(x), boxes, output_size=(2, 2), spatial_scale=1.0, sampling_ratio=2)


class Fails(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.sum() > 0:  # data-dependent control flow: torch.export cannot trace it
            return self.conv(x)
        return -self.conv(x)


MODELS = [Conv, Linear, Deform, CeilPool, Addmm, SliceUpdate, RoiAlign, Fails]
SECRET = "OTHER-THREAD secret token=abc123"


def _build(i: int) -> dict[str, Any]:
    """What a build of model ``i`` gave, in a form to compare: the outcome, never timings."""
    from torchtrt_compat import build_engine

    torch.manual_seed(i)
    model = MODELS[i]().eval()
    x = torch.randn(1, 3, 8, 8)
    try:
        art = build_engine(model, [x], compute_capabilities=["8.9"], min_block_size=1)
    except CompatError as exc:
        return {"error": type(exc).__name__, "stage": getattr(exc, "stage", None)}
    r = art.report
    return {
        "engines": r.trt_engines,
        "pytorch_ops": r.pytorch_ops,
        "shims": sorted(r.shims),
        "shims_changed": sorted(r.shims_changed),
        "route": r.route,
        "artifact": art,
    }


def _outcome(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "artifact"}


@pytest.fixture(scope="module")
def serial() -> list[dict[str, Any]]:
    from torchtrt_compat.compiler._upstream import load_torch_tensorrt

    load_torch_tensorrt()
    return [_build(i) for i in range(len(MODELS))]


def test_serial_builds_are_what_the_threads_are_compared_with(serial: list[dict[str, Any]]) -> None:
    assert serial[-1] == {"error": "BuildError", "stage": "export"}, serial[-1]
    built = [r for r in serial if "engines" in r]
    assert len(built) == len(MODELS) - 1 and all(r["engines"] >= 1 for r in built), [_outcome(r) for r in serial]
    assert "deform_conv2d_device" in serial[MODELS.index(Deform)]["shims_changed"]
    assert "deform_conv2d_device" not in serial[MODELS.index(Conv)]["shims_changed"]


def test_eight_threads_build_what_eight_serial_builds_build_and_bystanders_see_nothing(
    serial: list[dict[str, Any]], capfd: pytest.CaptureFixture[str]
) -> None:
    import torchvision
    from torchvision.ops import deform_conv2d as deform_function

    filters_before = list(warnings.filters)
    stderr_before = sys.stderr
    results: dict[int, dict[str, Any]] = {}
    stop = threading.Event()
    seen: dict[str, Any] = {"capability_answers": 0, "deform_calls": 0, "deform_max_diff": 0.0, "printed": 0}
    x = torch.randn(1, 3, 8, 8)
    offset = torch.randn(1, 18, 8, 8)
    weight = torch.randn(4, 3, 3, 3)
    reference = deform_function(x, offset, weight, torch.zeros(4), padding=1)  # before any build

    def gpu_poller() -> None:  # API24: no virtual sm_89 on a host without a GPU
        while not stop.is_set():
            try:
                torch.cuda.get_device_capability()
                seen["capability_answers"] += 1
            except (RuntimeError, AssertionError):
                pass

    def deform_caller() -> None:  # API25: torchvision's own kernel, not the shim's decomposition
        while not stop.is_set():
            out = torchvision.ops.deform_conv2d(x, offset, weight, torch.zeros(4), padding=1)
            seen["deform_calls"] += 1
            seen["deform_max_diff"] = max(seen["deform_max_diff"], float((out - reference).abs().max()))

    def printer() -> None:  # API15: its stderr is its own
        while not stop.is_set():
            print(SECRET, file=sys.stderr)
            seen["printed"] += 1
            stop.wait(0.05)

    bystanders = [threading.Thread(target=f, daemon=True) for f in (gpu_poller, deform_caller, printer)]
    for t in bystanders:
        t.start()
    try:
        errors = run_threads(lambda i: results.__setitem__(i, _build(i)), n=len(MODELS))
    finally:
        stop.set()
        for t in bystanders:
            t.join(10)
    assert errors == []
    assert [_outcome(results[i]) for i in range(len(MODELS))] == [_outcome(r) for r in serial]
    assert seen["capability_answers"] == 0
    assert seen["deform_calls"] > 0 and seen["deform_max_diff"] == 0.0
    assert deform_function is torchvision.ops.deform_conv2d  # restored, the very object
    assert list(warnings.filters) == filters_before and sys.stderr is stderr_before
    assert seen["printed"] > 0
    for i, result in results.items():
        if "artifact" not in result:
            continue
        art = result["artifact"]
        assert not any("secret token" in line for line in art.report.log), (MODELS[i].__name__, art.report.log)
        assert "secret token" not in art.report.to_json()
    console = capfd.readouterr().err
    assert console.count(SECRET) == seen["printed"]  # every line reached the console


def test_a_saved_artifact_keeps_another_threads_stderr_out(tmp_path: Path) -> None:
    """API15: while build_engine runs, another thread prints a secret; report.json and manifest.json never hold it."""
    stop = threading.Event()

    def printer() -> None:
        while not stop.is_set():
            print(SECRET, file=sys.stderr)
            stop.wait(0.02)

    thread = threading.Thread(target=printer, daemon=True)
    thread.start()
    try:
        art = _build(MODELS.index(Conv))["artifact"]
    finally:
        stop.set()
        thread.join(10)
    art.save(tmp_path / "conv")
    for name in ("report.json", "manifest.json"):
        for path in (tmp_path / "conv").rglob(name):
            assert "secret token" not in path.read_text(), path


def test_builds_run_one_at_a_time_and_the_one_that_waited_says_so() -> None:
    from torchtrt_compat import build_engine

    x = torch.randn(1, 3, 8, 8)
    arts = {}

    def worker(i: int) -> None:
        arts[i] = build_engine(Conv().eval(), [x], compute_capabilities=["8.9"], min_block_size=1)

    assert run_threads(worker, n=2) == []
    waited = [n for art in arts.values() for n in art.report.notes if "another thread's build" in n]
    assert len(waited) == 1, waited


def test_a_failed_build_carries_what_it_captured() -> None:
    """cli/build.py writes a failed build's log from the error itself, not from a process-wide "last capture"."""
    from torchtrt_compat import build_engine

    with pytest.raises(BuildError) as info:
        build_engine(Fails().eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"])
    assert info.value.stage == "export" and isinstance(info.value.captured, list)


def test_stderr_proxy_gives_each_capturing_thread_its_own_lines() -> None:
    """Two threads capture at once; a third prints: each capture holds only its own thread's lines."""
    from torchtrt_compat.ux.quiet import captured

    barrier = threading.Barrier(3)
    caps: dict[int, Any] = {}
    console = io.StringIO()
    real = sys.stderr
    sys.stderr = console
    try:

        def worker(i: int) -> None:
            if i == 2:
                barrier.wait()
                print("from the bystander", file=sys.stderr)
                barrier.wait()
                return
            with captured(verbose=False) as cap:
                barrier.wait()
                print(f"from capture {i}", file=sys.stderr)
                barrier.wait()
            caps[i] = cap

        assert run_threads(worker, n=3) == []
    finally:
        sys.stderr = real
    assert caps[0].lines == ["from capture 0"] and caps[1].lines == ["from capture 1"]
    assert console.getvalue() == "from the bystander\n"
