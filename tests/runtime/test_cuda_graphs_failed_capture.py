"""A capture that fails must leave torch usable: random numbers, later captures and the object itself."""

from __future__ import annotations

import pytest

from torchtrt_compat.runtime import BucketedCUDAGraphs


class _SynchronisesInside:
    """Synchronises the whole device in its forward: fine eagerly, forbidden while its stream captures."""

    def __call__(self, x):
        import torch

        torch.cuda.synchronize()
        return x * 2


@pytest.mark.gpu
def test_a_failed_capture_leaves_torch_usable():
    import torch

    graphs = BucketedCUDAGraphs(_SynchronisesInside(), (2,))
    with pytest.raises(RuntimeError):
        graphs(torch.ones(2, 4, device="cuda"))
    assert not graphs.captured and graphs.instance_count == 0
    torch.randn(8, device="cuda")  # torch 2.11 leaves the generator in capture mode: this raised before the repair
    noisy = BucketedCUDAGraphs(lambda x: x + torch.rand_like(x), (2,))
    x = torch.zeros(2, 4, device="cuda")
    first, second = noisy(x).clone(), noisy(x).clone()
    assert noisy.captured and not torch.equal(first, second)
    torch.cuda.synchronize()
