"""infer_async: two streams overlap and each gets its own correct result."""

from __future__ import annotations

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.runtime import infer_async

SPIN_CYCLES = 20_000_000  # about 10 ms at 2 GHz, on one SM: two of them can run side by side


class _SpinLinear:
    def __init__(self, linear):
        self.linear = linear

    def __call__(self, x):
        import torch

        torch.cuda._sleep(SPIN_CYCLES)
        return self.linear(x)


@pytest.mark.gpu
def test_two_streams_overlap_with_correct_results():
    import torch

    torch.manual_seed(0)
    linear = torch.nn.Linear(128, 64).cuda()
    model = _SpinLinear(linear)
    xs = [torch.randn(32, 128, device="cuda") for _ in range(2)]
    with torch.no_grad():
        refs = [linear(x) for x in xs]
    streams = [torch.cuda.Stream(), torch.cuda.Stream()]
    infer_async(model, xs[0], streams[0]).synchronize()  # warm-up

    def timed(both: bool) -> float:
        starts = [torch.cuda.Event(enable_timing=True) for _ in streams]
        results, ends = [], []
        for i in range(2 if both else 1):
            starts[i].record(streams[i])
            r = infer_async(model, (xs[i],), streams[i])
            end = torch.cuda.Event(enable_timing=True)
            end.record(streams[i])
            results.append(r)
            ends.append(end)
        torch.cuda.synchronize()
        for r, ref in zip(results, refs, strict=False):
            torch.testing.assert_close(r.wait(), ref)
        return max(starts[0].elapsed_time(e) for e in ends)

    one, two = timed(False), timed(True)
    print(f"one stream {one:.2f} ms, two streams {two:.2f} ms")
    # Each call is one long spin kernel (GPU time, not host time): run back to back, two take about 2x one; run
    # side by side, about 1x. Halfway between tells the two apart whatever the clock.
    assert two < 1.5 * one, f"the two streams did not overlap: {two:.2f} ms vs {one:.2f} ms for one"


@pytest.mark.trt_gpu
def test_engine_module_refuses_second_stream_while_busy():
    """A real TensorRT module: one execution context cannot serve two streams at once."""
    import torch

    import torchtrt_compat

    model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 256)).cuda().eval()
    x = torch.randn(4096, 256, device="cuda")
    trt_model = torchtrt_compat.compile(model, arg_inputs=[x], min_block_size=1)
    s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
    s1.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s1):
        torch.cuda._sleep(SPIN_CYCLES)  # keep s1 busy so the first call is still in flight
    busy = infer_async(trt_model, x, s1)
    with pytest.raises(UsageError, match="one module instance per stream"):
        infer_async(trt_model, x, s2)
    busy.synchronize()
    torch.testing.assert_close(infer_async(trt_model, x, s2).wait(), model(x), rtol=1e-2, atol=1e-2)
