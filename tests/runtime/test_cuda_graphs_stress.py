"""A stress test that can fail: lent results under random interleavings of holds, delayed reads, streams and threads.

Every value read is a snapshot (a copy made on the GPU when the read runs, which may be long after it was enqueued:
``torch.cuda._sleep`` holds the stream first) and is compared, bit for bit, with eager at the same bucket. A lent
buffer written again while a read of it is still pending shows up as a wrong snapshot. The hold patterns: the result
itself, a view, one member of the output dict, its storage, a DLPack capsule, a CuPy array (where CuPy is installed),
and feeding a result back in as the next input. Reads run on the producing stream after a delay, or on a side stream
that follows the rule the docs state for lent results (the producing stream waits for the side stream before the
result is dropped); with ``lend_outputs=False`` the side-stream read uses ``record_stream`` instead (but through
DLPack, which ``record_stream`` cannot see through, the same wait).
"""

from __future__ import annotations

import random
import threading
import warnings

import pytest
from _threads import run_threads

from torchtrt_compat.runtime import BucketedCUDAGraphs

THREADS = 6
ROUNDS = 120
BUCKETS = (1, 2, 4, 8, 16)
WIDTH = 48
HOLDS = ("result", "view", "member", "storage", "capsule", "cupy", "fed back")


class _DictOut:
    def __init__(self, model):
        self.model = model

    def __call__(self, x):
        y = self.model(x)
        return {"y": y, "s": y.float().sum(dim=-1)}


def _module():
    import torch

    torch.manual_seed(0)
    layers = [torch.nn.Linear(WIDTH, 96), torch.nn.GELU(), torch.nn.LayerNorm(96), torch.nn.Linear(96, WIDTH)]
    return _DictOut(torch.nn.Sequential(*layers).cuda().half().eval())


def _expected(module, x):
    """Eager at the bucket the graph ran (the captured shape), sliced back: bit-exact with the replay."""
    import torch

    from torchtrt_compat.runtime.cuda_graphs import bucket_for

    n = x.shape[0]
    padded = torch.cat([x, x.new_zeros((bucket_for(n, BUCKETS) - n, WIDTH))])
    with torch.no_grad():
        out = module(padded)
    return {k: v[:n] for k, v in out.items()}


def _cupy():
    try:
        import cupy
    except ImportError:  # CuPy is optional: the other holds still run
        return None
    return cupy


def _cupy_stream(cupy, stream):
    """CuPy's view of a torch stream (``ExternalStream``, which CuPy 14 deprecates for ``Stream.from_external``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return cupy.cuda.ExternalStream(stream.cuda_stream)


def stress(graphs, module, seed: int, lend: bool) -> list[str]:
    """Run the random interleavings through ``graphs``; the wrong reads, described (empty when every read was
    right). Afterwards waits for the pool to settle before anything synchronises the whole device."""
    import torch

    cupy = _cupy()
    inputs = {}
    gen = torch.Generator().manual_seed(seed)
    for k in range(64):
        n = 1 + k % BUCKETS[-1]
        inputs[k] = torch.randn(n, WIDTH, generator=gen).to("cuda", torch.float16)
    torch.cuda.synchronize()
    reads: list[tuple[str, object, object]] = []  # (what, snapshot, expected: a tensor or ("fed", source))
    lock = threading.Lock()

    def worker(i: int) -> None:
        rng = random.Random(seed * 100 + i)
        streams = [torch.cuda.Stream(), torch.cuda.Stream()]
        side = torch.cuda.Stream()
        held: list[tuple[str, object, object, object]] = []  # (hold, keeper, stream, expected)
        mine = []

        def read(what, tensor, stream, expected, delay: bool) -> None:
            with torch.cuda.stream(stream):
                if delay:
                    torch.cuda._sleep(rng.randint(50_000, 1_500_000))
                mine.append((what, tensor.clone(), expected))

        def release(entry) -> None:
            hold, keeper, stream, expected = entry
            tensor = _tensor_of(hold, keeper, stream, cupy)
            if rng.random() < 0.5:  # a delayed read on the producing stream, enqueued just before the drop
                read(f"{hold}, delayed on its stream", tensor, stream, expected, True)
            else:  # a delayed read on a side stream; the rule for lent results, or record_stream for copies
                side.wait_stream(stream)
                read(f"{hold}, delayed on a side stream", tensor, side, expected, True)
                if lend or hold in ("capsule", "cupy"):  # record_stream cannot see through DLPack
                    stream.wait_stream(side)
                else:
                    tensor.record_stream(side)
            del tensor, keeper, entry

        for _ in range(ROUNDS):
            stream = rng.choice(streams)
            fed = next((n for n, h in enumerate(held) if h[0] == "fed back"), None)
            if fed is not None and rng.random() < 0.3:  # a result fed back in as the next input, on its stream
                source = held.pop(fed)
                stream = source[2]  # fed in on another stream it would be a read there (the rule applies)
                with torch.cuda.stream(stream):
                    x = _tensor_of(source[0], source[1], stream, cupy)
                    out = graphs(x)
                expected: object = ("fed", source[3])
                del x, source
            else:
                k = rng.randrange(len(inputs))
                with torch.cuda.stream(stream):
                    out = graphs(inputs[k])
                expected = k
            hold = rng.choice(HOLDS if cupy is not None else HOLDS[:5] + HOLDS[6:])
            held.append((hold, _keep(hold, out, cupy, stream), stream, expected))
            del out
            if rng.random() < 0.3 and held[-1][0] != "capsule":  # a read right away (a capsule is read only once)
                h = held[-1]
                read(f"{h[0]}, at once", _tensor_of(h[0], h[1], h[2], cupy), h[2], h[3], False)
                del h
            while len(held) > rng.randint(0, 3):
                release(held.pop(rng.randrange(len(held))))
        while held:
            release(held.pop())
        for s in (*streams, side):
            s.synchronize()
        with lock:
            reads.extend(mine)

    errors = run_threads(worker, THREADS, timeout=300)
    assert errors == [], errors
    settle = getattr(graphs, "settle", None)
    if settle is not None:
        assert settle(120)
    torch.cuda.synchronize()
    return _check(module, inputs, reads)


def _keep(hold: str, out, cupy, stream):
    import torch

    if hold == "result":
        return out
    if hold == "view":
        return out["y"][:, 1:]
    if hold == "member":
        return out["y"]
    if hold == "storage":
        return (out["y"].untyped_storage(), out["y"].shape, out["y"].stride(), out["y"].storage_offset())
    if hold == "capsule":
        return torch.utils.dlpack.to_dlpack(out["y"])
    if hold == "cupy":
        with _cupy_stream(cupy, stream):
            return cupy.from_dlpack(out["y"])
    return out["y"]  # fed back


def _tensor_of(hold: str, keeper, stream, cupy):
    """The full ``y`` output a keeper holds, as a torch tensor (for a view: the view, padded back by one column
    through its storage)."""
    import torch

    if hold == "result":
        return keeper["y"]
    if hold == "view":
        return keeper.as_strided((keeper.shape[0], WIDTH), keeper.stride(), keeper.storage_offset() - 1)
    if hold == "storage":
        storage, shape, stride, offset = keeper
        return torch.empty(0, dtype=torch.float16, device="cuda").set_(storage, offset, shape, stride)
    if hold == "capsule":
        return torch.from_dlpack(keeper)
    if hold == "cupy":
        with _cupy_stream(cupy, stream):
            return torch.from_dlpack(keeper)
    return keeper


def _check(module, inputs, reads) -> list[str]:
    import torch

    refs = {k: _expected(module, x)["y"] for k, x in inputs.items()}

    def expected_of(spec):
        if isinstance(spec, tuple):  # fed back: eager on what the fed result should have been
            return _expected(module, expected_of(spec[1]))["y"]
        return refs[spec]

    wrong = []
    for what, got, spec in reads:
        want = expected_of(spec)
        if got.shape != want.shape or not torch.equal(got, want):
            diff = (got.float() - want.float()).abs().max().item() if got.shape == want.shape else float("nan")
            fed = " (a result fed back in)" if isinstance(spec, tuple) else ""
            wrong.append(f"{what}{fed}: max error {diff:.3g}")
    return wrong


@pytest.mark.gpu
@pytest.mark.parametrize("instances", [1, 2, "auto"])
def test_lent_results_are_never_overwritten_while_a_read_is_pending(instances):
    module = _module()
    graphs = BucketedCUDAGraphs(module, BUCKETS, instances=instances)
    wrong = stress(graphs, module, seed={1: 1, 2: 2, "auto": 3}[instances], lend=True)
    assert graphs.stats["lent"] > 0
    assert wrong == [], f"{len(wrong)} wrong reads, e.g. {wrong[:5]}"


@pytest.mark.gpu
def test_copied_results_honour_record_stream_under_the_same_stress():
    module = _module()
    graphs = BucketedCUDAGraphs(module, BUCKETS, instances=2, lend_outputs=False)
    wrong = stress(graphs, module, seed=7, lend=False)
    assert graphs.stats["lent"] == 0
    assert wrong == [], f"{len(wrong)} wrong reads, e.g. {wrong[:5]}"


@pytest.mark.gpu
def test_the_issue_sequence_reads_the_value_it_was_lent():
    """A result lent on stream a, read there while a is busy, dropped; the next call on stream b writes the buffer
    again only after that read."""
    import torch

    module = _module()
    graphs = BucketedCUDAGraphs(module, (8,), instances=1)
    xa, xb, xc = (torch.randn(8, WIDTH, device="cuda", dtype=torch.float16) for _ in range(3))
    graphs(xa)  # captured
    a, b = torch.cuda.Stream(), torch.cuda.Stream()
    torch.cuda.synchronize()
    with torch.cuda.stream(a):
        y = graphs(xa)["y"]
    with torch.cuda.stream(b):
        graphs(xb)  # y is held: b gets a copy
    with torch.cuda.stream(a):
        torch.cuda._sleep(5_000_000)
        z = y * 1.0
    del y
    with torch.cuda.stream(b):
        graphs(xc)  # free again: writes the lend buffer
    torch.cuda.synchronize()
    assert torch.equal(z, _expected(module, xa)["y"])
