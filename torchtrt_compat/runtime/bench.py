"""Latency you can trust: CUDA-event timing, percentiles, and a warning when the numbers are not worth quoting.

Two things spoil GPU timings without anyone noticing: clocks below their maximum (an idle GPU ramps up slowly, a
hot one throttles) and a competing load (another process, a second stream). `bench` reads the SM clock and the
performance state through NVML before and after, and flags a run when

* the SM clock after the timed loop is below 90% of its maximum, or the performance state is not P0; or
* the spread is high: coefficient of variation (stdev / mean) above 0.2, or p99 / p50 above 1.5.

It never changes the GPU's settings; the warning says how an administrator can lock clocks. Warnings are part of
the result (``result.warnings``, shown by its text and HTML forms), not Python warnings: a benchmark in a notebook
or a script reports its own reliability once, where its numbers are.
"""

from __future__ import annotations

import contextlib
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .._errors import UsageError
from ..ux.display import bullet_list, compact_repr, panel, section, table

CV_LIMIT = 0.2
P99_P50_LIMIT = 1.5
CLOCK_FRACTION = 0.9
LOCK_ADVICE = (
    "lock the clocks for benchmarking (needs admin rights): `sudo nvidia-smi --lock-gpu-clocks=<max>,<max>` "
    "(`nvidia-smi -lgc <max>`; max from `nvidia-smi -q -d CLOCK`), and `sudo nvidia-smi -rgc` afterwards"
)


@dataclass
class BenchResult:
    """Per-call latency in milliseconds plus the GPU state around the run."""

    label: str
    timer: str  # "cuda_events" or "perf_counter"
    iters: int
    mean_ms: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    stdev_ms: float
    min_ms: float
    max_ms: float
    device: str = "cpu"
    sm_clock_mhz_before: int | None = None
    sm_clock_mhz_after: int | None = None
    max_sm_clock_mhz: int | None = None
    pstate_before: int | None = None
    pstate_after: int | None = None
    high_variance: bool = False
    clocks_below_max: bool | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def cv(self) -> float:
        return self.stdev_ms / self.mean_ms if self.mean_ms > 0 else 0.0

    @property
    def throughput_per_s(self) -> float:
        return 1000.0 / self.mean_ms if self.mean_ms > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "cv": self.cv, "throughput_per_s": self.throughput_per_s}

    def __str__(self) -> str:
        clocks = (
            "n/a"
            if self.sm_clock_mhz_after is None
            else f"{self.sm_clock_mhz_after}/{self.max_sm_clock_mhz} MHz P{self.pstate_after}"
        )
        text = (
            f"{self.label} on {self.device} ({self.timer}, {self.iters} iters): mean {self.mean_ms:.4f} ms, "
            f"p50 {self.p50_ms:.4f}, p90 {self.p90_ms:.4f}, p99 {self.p99_ms:.4f}, stdev {self.stdev_ms:.4f} "
            f"(cv {self.cv:.2f}); SM clock {clocks}"
        )
        return "\n".join([text, *(f"  warning: {w}" for w in self.warnings)])

    def __repr__(self) -> str:
        stats = f"p50 {self.p50_ms:.4f} ms, p90 {self.p90_ms:.4f}, p99 {self.p99_ms:.4f} (cv {self.cv:.2f})"
        warn = f"{len(self.warnings)} warning(s): {self.warnings[0]}" if self.warnings else ""
        return compact_repr(f"BenchResult {self.label} on {self.device}, {self.iters} iters", stats, warn)

    def _repr_html_(self) -> str:
        clocks = (
            "n/a"
            if self.sm_clock_mhz_after is None
            else f"{self.sm_clock_mhz_before}→{self.sm_clock_mhz_after} of {self.max_sm_clock_mhz} MHz, "
            f"P{self.pstate_before}→P{self.pstate_after}"
        )
        stats = table(
            [
                (
                    f"{self.mean_ms:.4f}",
                    f"{self.p50_ms:.4f}",
                    f"{self.p90_ms:.4f}",
                    f"{self.p99_ms:.4f}",
                    f"{self.min_ms:.4f}",
                    f"{self.max_ms:.4f}",
                    f"{self.cv:.2f}",
                    f"{self.throughput_per_s:,.0f}",
                )
            ],
            ("mean ms", "p50 ms", "p90 ms", "p99 ms", "min ms", "max ms", "cv", "calls/s"),
        )
        info = f"<div>{self.iters} iterations, {self.timer}; SM clock {clocks}</div>"
        warn = section("warnings", bullet_list(self.warnings)) if self.warnings else ""
        tone, verdict = ("warning", "numbers not reliable") if self.warnings else ("ok", "steady")
        return panel(
            f"{self.label} on {self.device}", stats, info.replace("→", "&rarr;"), warn, tone=tone, verdict=verdict
        )


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile, ``q`` in [0, 100] (numpy's default method)."""
    if not values:
        raise UsageError("No timings to summarise.", "run at least one iteration")
    data = sorted(values)
    pos = (len(data) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def summarise(
    times_ms: Sequence[float], label: str = "fn", timer: str = "perf_counter", device: str = "cpu"
) -> BenchResult:
    """Statistics of a list of per-call times, with the variance check applied."""
    mean = statistics.fmean(times_ms)
    stdev = statistics.stdev(times_ms) if len(times_ms) > 1 else 0.0
    p50 = percentile(times_ms, 50)
    result = BenchResult(
        label,
        timer,
        len(times_ms),
        mean,
        p50,
        percentile(times_ms, 90),
        percentile(times_ms, 99),
        stdev,
        min(times_ms),
        max(times_ms),
        device,
    )
    ratio = result.p99_ms / p50 if p50 > 0 else 1.0
    if result.cv > CV_LIMIT or ratio > P99_P50_LIMIT:
        result.high_variance = True
        on_gpu = timer == "cuda_events"
        why = (
            "another process or stream may be using the GPU (check nvidia-smi), or clocks are changing; " + LOCK_ADVICE
            if on_gpu
            else "other processes are using the CPU (check the load average with uptime or top); run it on an idle "
            "machine, or with more iterations (--iters) so that one slow call counts less"
        )
        result.warnings.append(
            f"high variance: cv {result.cv:.2f} (limit {CV_LIMIT}), p99/p50 {ratio:.2f} (limit {P99_P50_LIMIT}); {why}"
        )
    return result


def _nvml_state(device_index: int) -> tuple[int | None, int | None, int | None]:
    """(SM clock MHz, max SM clock MHz, performance state) through NVML; Nones when NVML is not there."""
    try:
        import pynvml

        pynvml.nvmlInit()
        handle = _nvml_handle(pynvml, device_index)
        return (
            int(pynvml.nvmlDeviceGetClockInfo(handle, pynvml.NVML_CLOCK_SM)),
            int(pynvml.nvmlDeviceGetMaxClockInfo(handle, pynvml.NVML_CLOCK_SM)),
            int(pynvml.nvmlDeviceGetPerformanceState(handle)),
        )
    except Exception:  # no pynvml, no driver, unsupported query: report "unknown", never fail a benchmark
        return None, None, None


def _nvml_handle(pynvml: Any, device_index: int) -> Any:
    import torch

    uuid = str(getattr(torch.cuda.get_device_properties(device_index), "uuid", "") or "")
    if uuid:
        uuid = uuid if uuid.startswith(("GPU-", "MIG-")) else f"GPU-{uuid}"
        try:
            return pynvml.nvmlDeviceGetHandleByUUID(uuid)
        except Exception:
            pass
    return pynvml.nvmlDeviceGetHandleByIndex(device_index)


def _cuda_index(args: Sequence[Any], device: Any) -> int:
    import torch

    if device is not None and torch.device(device).index is not None:
        return int(torch.device(device).index)
    found = (a.device.index for a in args if isinstance(a, torch.Tensor) and a.is_cuda)
    return int(next(found, torch.cuda.current_device()))


def _is_cuda(args: Sequence[Any], device: Any) -> bool:
    import torch

    if device is not None:
        return torch.device(device).type == "cuda"
    return any(isinstance(a, torch.Tensor) and a.is_cuda for a in args)


def bench(
    fn: Callable[..., Any],
    inputs: Sequence[Any] | Any = (),
    warmup: int = 10,
    iters: int = 100,
    *,
    label: str | None = None,
    device: Any = None,
) -> BenchResult:
    """Time ``fn(*inputs)``: CUDA events per call on a GPU, ``time.perf_counter`` otherwise.

    Warnings (high variance, clocks below max) are in ``result.warnings`` (printed with the result), not raised as
    Python warnings.
    """
    if iters < 1 or warmup < 0:
        raise UsageError(f"iters={iters}, warmup={warmup} cannot be timed.", "pass iters >= 1 and warmup >= 0")
    args = tuple(inputs) if isinstance(inputs, (list, tuple)) else (inputs,)
    label = label or getattr(fn, "__name__", type(fn).__name__)
    try:
        import torch
    except ImportError:
        torch = None  # type: ignore[assignment]
    cuda = torch is not None and torch.cuda.is_available() and _is_cuda(args, device)
    grad = torch.no_grad() if torch is not None else contextlib.nullcontext()
    with grad:
        if not cuda:
            for _ in range(warmup):
                fn(*args)
            times = []
            for _ in range(iters):
                t0 = time.perf_counter()
                fn(*args)
                times.append((time.perf_counter() - t0) * 1e3)
            result = summarise(times, label or "", "perf_counter", "cpu")
        else:
            index = _cuda_index(args, device)
            with torch.cuda.device(index):
                before = _nvml_state(index)
                for _ in range(warmup):
                    fn(*args)
                torch.cuda.synchronize()
                events = [
                    (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(iters)
                ]
                for start, end in events:
                    start.record()
                    fn(*args)
                    end.record()
                torch.cuda.synchronize()
                after = _nvml_state(index)
                times = [s.elapsed_time(e) for s, e in events]
                device_name = f"cuda:{index} ({torch.cuda.get_device_name(index)})"
                result = summarise(times, label or "", "cuda_events", device_name)
            result.sm_clock_mhz_before, _, result.pstate_before = before
            result.sm_clock_mhz_after, result.max_sm_clock_mhz, result.pstate_after = after
            _check_clocks(result)
    return result


def _check_clocks(result: BenchResult) -> None:
    clock, top, pstate = result.sm_clock_mhz_after, result.max_sm_clock_mhz, result.pstate_after
    if clock is None or top is None:
        return
    result.clocks_below_max = clock < CLOCK_FRACTION * top or (pstate is not None and pstate != 0)
    if result.clocks_below_max:
        result.warnings.append(
            f"clocks were not at their maximum: SM {clock} MHz of {top} MHz, performance state P{pstate} right after "
            f"the timed loop, so the numbers may not reproduce; {LOCK_ADVICE}"
        )
