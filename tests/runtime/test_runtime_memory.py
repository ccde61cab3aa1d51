"""memory_report: exact weight sizes anywhere, allocator figures on the GPU."""

from __future__ import annotations

import pytest

from torchtrt_compat.runtime import memory_report
from torchtrt_compat.runtime.memory import engine_device_bytes, weight_bytes


def test_weight_bytes_exact_and_shared_counted_once():
    import torch

    model = torch.nn.Sequential(torch.nn.Linear(1000, 500), torch.nn.BatchNorm1d(500))
    params, buffers = weight_bytes(model)
    assert params == (1000 * 500 + 500 + 500 + 500) * 4
    assert buffers == 500 * 4 * 2 + 8  # running mean, running var, num_batches_tracked (int64)
    tied = torch.nn.Sequential(torch.nn.Linear(64, 64, bias=False), torch.nn.Linear(64, 64, bias=False))
    tied[1].weight = tied[0].weight
    assert weight_bytes(tied) == (64 * 64 * 4, 0)
    assert weight_bytes(lambda x: x) == (None, None)


def test_engine_memory_is_none_without_an_engine():
    import torch

    assert engine_device_bytes(torch.nn.Linear(2, 2)) is None


@pytest.mark.trt_gpu
def test_engine_memory_of_a_real_engine():
    """torch_tensorrt's own engine reports its device memory; no stand-in engines."""
    import torch

    import torchtrt_compat

    model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU()).cuda().eval()
    x = torch.randn(64, 512, device="cuda")
    trt_model = torchtrt_compat.compile(model, arg_inputs=[x], min_block_size=1)
    assert engine_device_bytes(trt_model) and engine_device_bytes(trt_model) > 0
    report = memory_report(trt_model, x)
    assert report.engine_device_bytes == engine_device_bytes(trt_model)


def test_cpu_report_has_weights_only():
    import torch

    model = torch.nn.Linear(256, 128, bias=False).half()
    report = memory_report(model, torch.randn(4, 256).half())
    assert report.weights_bytes == 256 * 128 * 2
    assert report.peak_allocated_bytes is None and report.device == "cpu"
    assert report.to_dict()["weights_bytes"] == 65536
    assert "64.00 KiB" in str(report) and "n/a" in str(report)


@pytest.mark.gpu
def test_gpu_report_on_a_linear_of_known_size():
    import torch

    model = torch.nn.Linear(4096, 4096, bias=False).cuda()
    x = torch.randn(256, 4096, device="cuda")
    with torch.no_grad():
        model(x)  # cuBLAS workspace and handles exist before we measure
    report = memory_report(model, (x,))
    out_bytes = 256 * 4096 * 4
    assert report.weights_bytes == 4096 * 4096 * 4 == 64 * 2**20
    assert report.allocated_delta_bytes == out_bytes  # the output, alive when measured
    assert out_bytes <= report.peak_allocated_bytes < out_bytes + 2**20
    assert report.device_total_bytes > 10 * 2**30 and report.device_used_delta_bytes is not None
    assert report.engine_device_bytes is None
    print(report)
