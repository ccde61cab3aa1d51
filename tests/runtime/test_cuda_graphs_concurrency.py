"""BucketedCUDAGraphs under concurrent callers: a pool of graph instances, each used by one call at a time."""

from __future__ import annotations

import gc
import threading

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.runtime import BucketedCUDAGraphs
from torchtrt_compat.runtime.bucket_planner import AutoBuckets

THREADS = 8


def test_instances_argument_is_checked_without_a_gpu():
    for bad in (0, -1, True, "many", 1.5):
        with pytest.raises(UsageError, match="instances="):
            BucketedCUDAGraphs(object(), (1, 2), instances=bad)  # type: ignore[arg-type]
    graphs = BucketedCUDAGraphs(object(), AutoBuckets(max_graphs=3, traffic=[1, 1, 5, 30]), instances=3)
    assert graphs.buckets == (1, 5, 30) and graphs.instance_count == 0 and graphs.memory_bytes == 0
    with pytest.raises(UsageError, match="inside AutoBuckets"):
        BucketedCUDAGraphs(object(), AutoBuckets(), max_graphs=3)
    with pytest.raises(UsageError, match="unknown keyword"):
        BucketedCUDAGraphs(object(), "auto", max_graph=3)


def _run_threads(worker, n: int = THREADS, timeout: float = 120.0) -> list[BaseException]:
    """``worker(i)`` in ``n`` threads started together; fails if one hangs (a lost wake-up would)."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def target(i: int) -> None:
        try:
            barrier.wait()
            worker(i)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not any(t.is_alive() for t in threads), "a caller hung waiting for an instance"
    return errors


def _model():
    import torch

    torch.manual_seed(0)
    layers = [torch.nn.Linear(48, 96), torch.nn.GELU(), torch.nn.LayerNorm(96), torch.nn.Linear(96, 24)]
    return torch.nn.Sequential(*layers).cuda().half().eval()


class _TwoIn:
    def __init__(self, model):
        self.model = model

    def __call__(self, x, y):
        h = self.model(x) + y
        return h, h.float().sum(dim=-1)


def _padded_reference(model, xs, bucket):
    """Eager output at the bucket's shape (the shape the graph was captured at), sliced back: the exact answer."""
    import torch

    n = xs[0].shape[0]
    padded = [torch.cat([x, x.new_zeros((bucket - n, *x.shape[1:]))]) for x in xs]
    with torch.no_grad():
        out = model(*padded)
    return torch.utils._pytree.tree_map(lambda t: t[:n].clone(), out)


def _cases(model, two_inputs: bool, count: int, buckets):
    import torch

    from torchtrt_compat.runtime.cuda_graphs import bucket_for

    gen = torch.Generator().manual_seed(1)
    cases = []
    for _ in range(count):
        n = int(torch.randint(1, 17, (1,), generator=gen))
        xs = [torch.randn(n, 48, generator=gen).to("cuda", torch.float16)]
        if two_inputs:
            xs.append(torch.randn(n, 24, generator=gen).to("cuda", torch.float16))
        cases.append((xs, _padded_reference(model, xs, bucket_for(n, buckets))))
    return cases


def _spy_on_instances(graphs):
    """Wrap the object's own take/give to record any instance held by two calls at once."""
    held: set[int] = set()
    clashes: list[int] = []
    guard = threading.Lock()
    take, give = graphs._pool.take, graphs._pool.give

    def checked_take(raw):
        inst = take(raw)
        if inst is not None:
            with guard:
                if id(inst) in held:
                    clashes.append(id(inst))
                held.add(id(inst))
        return inst

    def checked_give(inst):
        with guard:
            held.discard(id(inst))
        give(inst)

    graphs._pool.take, graphs._pool.give = checked_take, checked_give
    return clashes


@pytest.mark.gpu
@pytest.mark.parametrize(
    ("instances", "two_inputs", "copy_outputs"), [(3, False, True), (4, True, True), (8, True, False)]
)
def test_eight_threads_get_exact_outputs_from_never_shared_instances(instances, two_inputs, copy_outputs):
    import torch

    model = _model()
    module = _TwoIn(model) if two_inputs else model
    buckets = (1, 2, 4, 8, 16)
    graphs = BucketedCUDAGraphs(module, buckets, instances=instances, copy_outputs=copy_outputs)
    cases = _cases(module, two_inputs, THREADS * 40, buckets)
    graphs(*cases[0][0])
    captures = graphs.capture_count
    assert graphs.instance_count == instances and captures == instances * len(buckets)
    clashes = _spy_on_instances(graphs)
    errors: list[str] = []

    def worker(i: int) -> None:
        stream = torch.cuda.Stream()
        with torch.cuda.stream(stream):
            for xs, ref in cases[i::THREADS]:
                out = graphs(*xs)
                if not copy_outputs:  # views: valid until this stream's next call (its own instance, 8 for 8)
                    out = torch.utils._pytree.tree_map(torch.clone, out)
                stream.synchronize()
                leaves = zip(torch.utils._pytree.tree_leaves(out), torch.utils._pytree.tree_leaves(ref), strict=True)
                for k, (got, want) in enumerate(leaves):
                    if got.shape != want.shape or not torch.equal(got, want):
                        diff = (got.float() - want.float()).abs().max().item() if got.shape == want.shape else -1
                        errors.append(f"thread {i}: batch {xs[0].shape[0]} output {k} differs by {diff}")

    assert _run_threads(worker) == []
    assert errors == [] and clashes == []
    assert graphs.capture_count == captures and graphs.instance_count == instances


@pytest.mark.gpu
def test_auto_instances_grow_only_at_replan_and_stay_under_the_memory_budget():
    import torch

    model = _model()
    x = torch.randn(3, 48, device="cuda", dtype=torch.float16)
    probe = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=4, max_batch=16), instances=1)
    probe(x)
    one = probe.memory_bytes
    assert one > 0
    probe.reset()
    budget = int(3.5 * one)
    graphs = BucketedCUDAGraphs(model, AutoBuckets(max_graphs=4, max_batch=16, memory_budget=budget))
    cases = _cases(model, False, THREADS * 30, (16,))
    graphs(x)
    captures = graphs.capture_count
    assert graphs.instance_count == 1

    def worker(i: int) -> None:
        stream = torch.cuda.Stream()
        with torch.cuda.stream(stream):
            for xs, _ref in cases[i::THREADS]:
                graphs(*xs)
                stream.synchronize()

    for _ in range(4):  # contention is recorded in calls; the pool grows only here, in replan
        assert _run_threads(worker) == []
        assert graphs.capture_count == captures, "captured inside a call"
        graphs.replan()
        captures = graphs.capture_count
    assert 2 <= graphs.instance_count <= 3, graphs.instance_count  # 3.5 instances' worth of budget
    assert graphs.memory_bytes <= budget
    for xs, ref in cases[:20]:
        torch.testing.assert_close(graphs(*xs), ref, atol=2e-3, rtol=2e-3)
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    held = torch.cuda.memory_reserved()
    graphs.reset()
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    freed = held - torch.cuda.memory_reserved()  # what the graphs held, measured from outside
    # plus at most one cuBLAS workspace (32 MiB on Hopper): torch allocates it inside the pool of a graph being
    # captured and keeps it for the process, so it is freed with whichever pool holds it
    assert 0 < freed <= budget + 2**25 + 2**21, (freed, budget)
    assert graphs.instance_count == 0 and graphs.memory_bytes == 0


@pytest.mark.gpu
def test_reset_while_callers_wait_neither_hangs_nor_mixes_results():
    import torch

    model = _model()
    graphs = BucketedCUDAGraphs(model, (4, 16), instances=1)
    cases = _cases(model, False, THREADS * 20, (4, 16))
    graphs(*cases[0][0])

    def worker(i: int) -> None:
        stream = torch.cuda.Stream()
        with torch.cuda.stream(stream):
            for k, (xs, ref) in enumerate(cases[i::THREADS]):
                if i == 0 and k == 10:
                    graphs.reset()  # the next call captures again; the others wait, then go on
                out = graphs(*xs)
                stream.synchronize()
                torch.testing.assert_close(out, ref, atol=2e-3, rtol=2e-3)

    assert _run_threads(worker) == []
    assert graphs.instance_count == 1
