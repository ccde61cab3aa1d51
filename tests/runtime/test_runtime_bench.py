"""bench(): statistics and the CPU path everywhere; CUDA events, NVML and a real competing load on the GPU."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import warnings

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.cli.bench import bench_model
from torchtrt_compat.runtime import bench
from torchtrt_compat.runtime.bench import percentile, summarise


def test_percentile_matches_numpy():
    import numpy as np

    values = [5.0, 1.0, 4.0, 2.0, 3.0, 10.0, 7.5]
    for q in (0, 10, 50, 90, 99, 100):
        assert percentile(values, q) == pytest.approx(float(np.percentile(values, q)))


def test_summarise_flags_high_variance_only():
    clean = summarise([1.0 + 0.01 * (i % 5) for i in range(100)])
    assert not clean.high_variance and clean.warnings == []
    spiky = summarise([1.0] * 95 + [3.0] * 5, timer="cuda_events")  # p99/p50 = 3
    assert spiky.high_variance and "nvidia-smi --lock-gpu-clocks" in spiky.warnings[0]
    on_cpu = summarise([1.0] * 95 + [3.0] * 5)  # perf_counter: the advice is about the CPU, not GPU clocks
    assert on_cpu.high_variance and "nvidia-smi" not in on_cpu.warnings[0] and "load average" in on_cpu.warnings[0]
    bimodal = summarise([1.0, 1.6] * 50)  # cv 0.23, p99/p50 1.6
    assert bimodal.high_variance


def test_cpu_path_times_with_perf_counter():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = bench(lambda n: sum(range(n)), (20000,), warmup=2, iters=30, label="sum")
    assert not caught, "a noisy run says so in its result, never as a Python warning (a stderr box in Jupyter)"
    assert result.timer == "perf_counter" and result.iters == 30 and result.label == "sum"
    assert 0 < result.min_ms <= result.p50_ms <= result.p90_ms <= result.p99_ms <= result.max_ms
    assert result.sm_clock_mhz_after is None and result.clocks_below_max is None
    assert set(result.to_dict()) >= {"mean_ms", "p50_ms", "p90_ms", "p99_ms", "stdev_ms", "cv", "warnings"}
    assert "p50" in str(result)
    with pytest.raises(UsageError):
        bench(lambda: None, iters=0)


def test_bench_model_cpu_and_unknown_backend():
    import torch
    from torchtrt_compat.models import ModelEntry

    entry = ModelEntry("tiny_mlp", lambda: torch.nn.Linear(16, 4), lambda: (torch.randn(2, 16),), 1e-3, 1e-3, "tiny")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = bench_model(entry, "eager", device="cpu", iters=5)
    assert result.label == "tiny_mlp [eager]" and result.timer == "perf_counter"
    with pytest.raises(UsageError, match="eager, inductor, trt"):
        bench_model(entry, "tensorflow", device="cpu")


# --------------------------------------------------------------------------------------------------- GPU only

LOAD = textwrap.dedent(
    """
    import sys, time, torch
    a = torch.randn(8192, 8192, device="cuda", dtype=torch.float16)
    b = a @ a
    torch.cuda.synchronize()
    print("ready", flush=True)
    while True:  # bursts of big matmuls, then quiet
        for _ in range(15):
            b = a @ a
        torch.cuda.synchronize()
        time.sleep(0.02)
    """
)


def _workload():
    import torch

    a = torch.randn(4096, 4096, device="cuda", dtype=torch.float16)
    return (lambda x: x @ x), (a,)


@pytest.mark.gpu
def test_clean_run_is_not_flagged_and_reads_nvml():
    fn, args = _workload()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = bench(fn, args, warmup=20, iters=300, label="matmul4096")
    print(result)
    assert result.timer == "cuda_events" and "cuda:0" in result.device
    assert not result.high_variance, result
    assert not any("high variance" in str(w.message) for w in caught)
    assert result.max_sm_clock_mhz and result.sm_clock_mhz_after and result.pstate_after is not None


@pytest.mark.gpu
def test_competing_process_is_flagged():
    fn, args = _workload()
    load = subprocess.Popen([sys.executable, "-c", LOAD], stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert load.stdout.readline().strip() == "ready"
        time.sleep(0.2)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = bench(fn, args, warmup=20, iters=300, label="matmul4096 under load")
        assert not caught, "the variance warning is in the result, not a Python warning (a stderr box in a notebook)"
    finally:
        load.terminate()
        load.wait(timeout=30)
    print(result)
    assert result.high_variance and any("lock-gpu-clocks" in w for w in result.warnings)
