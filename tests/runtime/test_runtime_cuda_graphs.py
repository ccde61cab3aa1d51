"""Bucketed CUDA graphs: bucket arithmetic everywhere, replays against eager on the GPU."""

from __future__ import annotations

import warnings

import pytest
from _threads import run_threads
from hypothesis import given, strategies as st

from torchtrt_compat import UsageError
from torchtrt_compat.runtime import AutoBuckets, BucketedCUDAGraphs
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


def test_auto_arguments_are_checked_without_a_gpu():
    with pytest.raises(UsageError, match="AutoBuckets"):
        BucketedCUDAGraphs(object(), (1, 2), max_graphs=4)
    with pytest.raises(UsageError, match="not known"):
        BucketedCUDAGraphs(object(), "automatic")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="max_graphs"):
        BucketedCUDAGraphs(object(), AutoBuckets(max_graphs=0))
    with pytest.raises(UsageError, match="explicitly"):
        BucketedCUDAGraphs(object(), (1, 2), instances=1).replan()
    assert BucketedCUDAGraphs(object(), (1, 2)).replan() is None  # instances="auto": nothing captured, nothing to do
    with pytest.raises(UsageError, match="No traffic"):
        BucketedCUDAGraphs(object(), "auto").replan()
    planned = BucketedCUDAGraphs(object(), AutoBuckets(max_graphs=3, traffic=[1, 1, 1, 5, 6, 30]))
    assert planned.buckets == (1, 6, 30) and planned.plan is not None and not planned.captured
    assert BucketedCUDAGraphs(object(), AutoBuckets(max_graphs=4, max_batch=48)).buckets == (8, 16, 32, 48)


def test_the_old_auto_spelling_still_works_and_says_it_is_deprecated():
    with pytest.warns(DeprecationWarning, match=r"AutoBuckets\(max_graphs=\.\.\., max_batch=\.\.\.\)"):
        old = BucketedCUDAGraphs(object(), "auto", max_graphs=4, max_batch=48)
    assert old.buckets == BucketedCUDAGraphs(object(), AutoBuckets(max_graphs=4, max_batch=48)).buckets
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert BucketedCUDAGraphs(object(), "auto").auto  # "auto" alone is AutoBuckets(): not deprecated


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
    assert graphs.settle(60)  # streams that shared an instance asked for more, captured in the background
    assert captures == 6 and graphs.capture_count == 6 * graphs.instance_count


class _TwoInTwoOut:
    def __init__(self, model):
        self.model = model

    def __call__(self, x, y):
        h = self.model(x) + y
        return h, h.float().sum(dim=-1)


@pytest.mark.gpu
@pytest.mark.parametrize("copy_outputs", [True, False])
def test_two_inputs_tuple_outputs_and_copy_outputs(copy_outputs):
    import torch

    model = _TwoInTwoOut(_model(torch.float16))
    graphs = BucketedCUDAGraphs(model, buckets=(1, 4, 16), copy_outputs=copy_outputs)
    seen, kept = {}, []
    for n in (1, 2, 3, 4, 9, 16, 21, 40):
        x = torch.randn(n, 48, device="cuda", dtype=torch.float16)
        y = torch.randn(n, 24, device="cuda", dtype=torch.float16)
        out = graphs(x, y)
        with torch.no_grad():
            ref = model(x, y)
        assert type(out) is tuple
        torch.testing.assert_close(out, ref, atol=5e-3, rtol=5e-3)
        seen[n] = out[0].data_ptr()
        kept.append(out)  # alive, so that a copy cannot land at the same address by chance
    again = graphs(torch.randn(9, 48, device="cuda", dtype=torch.float16), torch.randn(9, 24, device="cuda").half())
    assert (again[0].data_ptr() == seen[9]) is (not copy_outputs)  # no copy: the graph's static output buffer
    with pytest.raises(UsageError, match="never re-captured"):
        graphs(torch.randn(3, 48, device="cuda", dtype=torch.float16), torch.randn(3, 24, device="cuda"))
    assert graphs.capture_count == 3


@pytest.mark.gpu
def test_auto_buckets_plan_observe_and_replan_only_when_asked():
    import random

    import torch

    from torchtrt_compat.runtime.cuda_graphs.planner import plan_buckets

    model = _model(torch.float16)
    rng = random.Random(0)
    traffic = [min(64, max(1, round(rng.lognormvariate(1.1, 1.0)))) for _ in range(300)]
    graphs = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=5, traffic=traffic))
    assert graphs.buckets == plan_buckets(traffic, 5).buckets
    xs = {n: torch.randn(n, 48, device="cuda", dtype=torch.float16) for n in range(1, 65)}
    for n in traffic[:50]:
        torch.testing.assert_close(graphs(xs[n]), model(xs[n]).detach(), atol=2e-3, rtol=2e-3)
    assert graphs.capture_count == 5
    new_traffic = [rng.randint(40, 64) for _ in range(200)]
    for n in new_traffic:
        graphs(xs[n])
    assert graphs.capture_count == 5  # observing never re-plans by itself
    observed = graphs.observed
    assert sum(observed.values()) == 250 and observed[new_traffic[0]] >= 1
    plan = graphs.replan(new_traffic)
    assert graphs.buckets == plan.buckets == plan_buckets(new_traffic, 5).buckets
    assert graphs.capture_count == 5 + len(plan.buckets)  # captured now, not on the next call
    for n in (1, 7, 40, 63, 64):
        torch.testing.assert_close(graphs(xs[n]), model(xs[n]).detach(), atol=2e-3, rtol=2e-3)
    assert graphs.replan(new_traffic).buckets == plan.buckets and graphs.capture_count == 5 + len(plan.buckets)


@pytest.mark.gpu
def test_measured_cost_plans_from_timed_replays():
    import random

    import torch

    from torchtrt_compat.runtime.cuda_graphs.planner import measured_cost, plan_buckets

    model = _model(torch.float16)
    rng = random.Random(1)
    traffic = [rng.randint(1, 8) if rng.random() < 0.85 else rng.randint(9, 64) for _ in range(500)]
    graphs = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=5, max_batch=64, traffic=traffic, cost="measured"))
    xs = {n: torch.randn(n, 48, device="cuda", dtype=torch.float16) for n in (1, 5, 9, 33, 64)}
    for x in xs.values():
        torch.testing.assert_close(graphs(x), model(x).detach(), atol=2e-3, rtol=2e-3)
    samples = graphs.cost_samples
    assert samples is not None and sorted(samples) == [1, 2, 4, 8, 16, 32, 64]
    assert all(t > 0 for t in samples.values())
    expected = plan_buckets(traffic, 5, max_batch=64, cost_of=measured_cost(samples))
    assert graphs.buckets == expected.buckets and graphs.plan is not None and graphs.plan.expected_cost
    assert graphs.capture_count == len(graphs.buckets)  # the probe graphs are not counted as buckets


@pytest.mark.gpu
def test_auto_buckets_under_a_memory_budget():
    import torch

    model = _model(torch.float32)
    traffic = list(range(1, 257))
    x = torch.randn(3, 48, device="cuda")
    roomy = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=8, traffic=traffic, memory_budget=2**30))
    roomy(x)
    tight_budget = int(roomy.plan.memory_bytes) - 1  # the 8-graph plan no longer fits
    tight = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=8, traffic=traffic, memory_budget=tight_budget))
    torch.testing.assert_close(tight(x), model(x).detach(), atol=1e-5, rtol=1e-5)
    assert len(roomy.buckets) == 8 and len(tight.buckets) < 8 and tight.plan.memory_bytes <= tight_budget
    with pytest.raises(UsageError, match="memory_budget"):
        BucketedCUDAGraphs(model, AutoBuckets(traffic=traffic, memory_budget=16))(x)
