"""BucketedCUDAGraphs over a module built for a range of batch sizes (an EngineArtifact's runnable_module): the
buckets stay inside the engines' profile, so no capture or replay hands an engine a batch it was not built for."""

from __future__ import annotations

import pytest
import torch

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.artifact.profiles import guard
from torchtrt_compat.runtime.cuda_graphs import AutoBuckets, BucketedCUDAGraphs, buckets_inside
from torchtrt_compat.runtime.hooks import profile_batch_range

PROFILE = [{"name": "x", "key": [0], "min_shape": [2, 16], "opt_shape": [8, 16], "max_shape": [20, 16]}]


class Eager(torch.nn.Module):
    """Stands where the engine module would be (an H100 cannot run TensorRT-RTX engines): guarded like one."""

    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(16, 4)
        self.batches: list[int] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.batches.append(int(x.shape[0]))
        return self.fc(x)


def test_buckets_are_planned_inside_the_profile() -> None:
    module = Eager()
    guard(module, PROFILE, "artifact")
    assert profile_batch_range(module) == (2, 20)
    assert BucketedCUDAGraphs(module, buckets=(1, 2, 4, 8, 16, 32, 64)).buckets == (2, 4, 8, 16, 20)
    auto = BucketedCUDAGraphs(module, buckets="auto")
    assert auto.policy is not None and auto.policy.max_batch == 20 and max(auto.buckets) == 20
    with pytest.raises(UsageError, match="max_batch=64 is above the largest batch the engines take \\(20\\)"):
        BucketedCUDAGraphs(module, buckets=AutoBuckets(max_batch=64))
    assert buckets_inside((1, 2, 4), 8, 32) == (8,)  # every batch pads up to one the engines take
    assert BucketedCUDAGraphs(Eager(), buckets=(1, 2, 64)).buckets == (1, 2, 64)  # no profile: as given


@pytest.mark.gpu
def test_every_replay_stays_inside_the_profile_on_the_gpu() -> None:
    torch.manual_seed(0)
    module = Eager().cuda().eval()
    guard(module, PROFILE, "artifact")  # refuses any batch outside 2..20, as runnable_module's module does
    graphs = BucketedCUDAGraphs(module, buckets=(1, 4, 16, 64))
    assert graphs.buckets == (4, 16, 20)
    with torch.no_grad():
        for batch in (1, 3, 17, 20, 45):
            x = torch.randn(batch, 16, device="cuda")
            torch.testing.assert_close(graphs(x), module.fc(x), rtol=1e-4, atol=1e-4)
    assert module.batches and all(2 <= b <= 20 for b in module.batches), module.batches
    with pytest.raises(UsageError, match="input x axis 0 is 21, outside the built range 2 to 20"):
        module(torch.randn(21, 16, device="cuda"))  # the guard is live: only the planning kept batches inside
