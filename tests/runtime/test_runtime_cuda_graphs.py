"""Bucketed CUDA graphs: bucket arithmetic everywhere, replays against eager on the GPU."""

from __future__ import annotations


import pytest
from _threads import run_threads
from hypothesis import given
from hypothesis import strategies as st

from torchtrt_compat import UsageError
from torchtrt_compat.runtime import BucketedCUDAGraphs
from torchtrt_compat.runtime.cuda_graphs import bucket_for, normalise_buckets, plan_chunks


def test_bucket_for():
    buckets = (1, 2, 4, 8, 16, 32)
    assert [bucket_for(n, buckets) for n in (1, 2, 3, 5, 8, 9, 31, 32)] == [1, 2, 4, 8, 8, 16, 32, 32]
    assert bucket_for(33, buckets) is None
    with pytest.raises(UsageError):
        bucket_for(0, buckets)


def test_normalise_buckets():
    assert normalise_buckets([8, 1, 8, 4]) == (1, 4, 8)
    for bad in ([], [0, 1], [1.5], [True]):
        with pytest.raises(UsageError, match="Fix:"):
            normalise_buckets(bad)


@given(st.integers(1, 500), st.sets(st.integers(1, 64), min_size=1, max_size=7))
def test_plan_chunks_covers_batch_with_smallest_buckets(batch, buckets):
    plan = plan_chunks(batch, buckets)
    assert plan[0][0] == 0 and plan[-1][1] == batch
    assert all(a[1] == b[0] for a, b in zip(plan, plan[1:], strict=False))
    for start, stop, bucket in plan:
        assert stop - start <= bucket
        assert all(b < stop - start for b in buckets if b < bucket)  # no smaller bucket would do
    assert all(stop - start == max(buckets) for start, stop, _ in plan[:-1])


# --------------------------------------------------------------------------------------------------- GPU only


def _model(dtype):
    import torch

    torch.manual_seed(0)
    layers = [torch.nn.Linear(48, 96), torch.nn.GELU(), torch.nn.LayerNorm(96), torch.nn.Linear(96, 24)]
    return torch.nn.Sequential(*layers).cuda().to(dtype).eval()


class _TwoOutputs:
    def __init__(self, model):
        self.model = model

    def __call__(self, x):
        y = self.model(x)
        return {"y": y, "norm": y.float().norm(dim=-1)}


@pytest.mark.gpu
@pytest.mark.parametrize("dtype_name", ["float32", "float16"])
def test_matches_eager_for_every_batch_size(dtype_name):
    import torch

    dtype = getattr(torch, dtype_name)
    tol = {"float32": 1e-5, "float16": 2e-3}[dtype_name]
    model = _model(dtype)
    graphs = BucketedCUDAGraphs(model)
    for n in range(1, 65):  # 33..64 run as chunks of 32
        x = torch.randn(n, 48, device="cuda", dtype=dtype)
        out = graphs(x)
        with torch.no_grad():
            ref = model(x)
        assert out.shape == ref.shape and out.dtype == dtype
        torch.testing.assert_close(out, ref, atol=tol, rtol=tol)
    assert graphs.capture_count == len(graphs.buckets) == 6


@pytest.mark.gpu
def test_overflow_eager_batch_dim_and_structured_outputs():
    import torch

    model = _model(torch.float32)
    graphs = BucketedCUDAGraphs(_TwoOutputs(model), buckets=(2, 8), batch_dim=1, overflow="eager")
    for n in (1, 2, 3, 8, 9, 20):
        x = torch.randn(5, n, 48, device="cuda")
        out = graphs(x)
        with torch.no_grad():
            ref = _TwoOutputs(model)(x)
        torch.testing.assert_close(out, ref, atol=1e-5, rtol=1e-5)
    assert graphs.capture_count == 2
    with pytest.raises(UsageError, match="never re-captured"):
        graphs(torch.randn(5, 2, 47, device="cuda"))
    with graphs:  # leaving the block releases the graphs
        pass
    assert not graphs.captured
    graphs(torch.randn(5, 2, 48, device="cuda"))
    assert graphs.capture_count == 4


@pytest.mark.gpu
def test_inductor_module_as_engine_stand_in():
    import torch

    model = _model(torch.float16)
    compiled = torch.compile(model)
    graphs = BucketedCUDAGraphs(compiled, buckets=(1, 4, 16))
    for n in (1, 3, 4, 11, 16, 17, 40):
        x = torch.randn(n, 48, device="cuda", dtype=torch.float16)
        with torch.no_grad():
            ref = model(x)
        torch.testing.assert_close(graphs(x), ref, atol=5e-3, rtol=5e-3)
    assert graphs.capture_count == 3


@pytest.mark.gpu
def test_threaded_callers_on_their_own_streams_get_their_own_results():
    import torch

    model = _model(torch.float16)
    graphs = BucketedCUDAGraphs(model)
    gen = torch.Generator().manual_seed(1)
    cases = []
    for _ in range(8 * 40):
        n = int(torch.randint(1, 65, (1,), generator=gen))
        x = torch.randn(n, 48, generator=gen).to("cuda", torch.float16)
        with torch.no_grad():
            cases.append((x, model(x)))
    graphs(cases[0][0])
    captures = graphs.capture_count
    errors: list[str] = []

    def worker(i: int) -> None:
        stream = torch.cuda.Stream() if i % 2 else torch.cuda.current_stream()
        with torch.cuda.stream(stream):
            outs = [(graphs(x), ref) for x, ref in cases[i::8]]
            stream.synchronize()
        for out, ref in outs:
            if out.shape != ref.shape or not torch.allclose(out, ref, atol=2e-3, rtol=2e-3):
                errors.append(f"thread {i}: wrong output for batch {ref.shape[0]}")

    assert run_threads(worker) == []
    assert errors == []
    assert graphs.capture_count == captures == 6
