"""Models for the build-farm tests, named in plans as ``tests.farm._models:FUNCTION`` (each returns (model, inputs)).

They are real torch modules built for real; the failing ones fail the way a user's model would.
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any


def tiny() -> tuple[Any, tuple[Any, ...]]:
    import torch

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4)).eval()
    return model, (torch.randn(2, 8),)


def tiny_conv() -> tuple[Any, tuple[Any, ...]]:
    import torch

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1)).eval()
    return model, (torch.randn(1, 3, 16, 16),)


def broken() -> tuple[Any, tuple[Any, ...]]:
    """A model whose forward cannot be exported: a data-dependent Python branch on a tensor value."""
    import torch

    class Branchy(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            if x.sum() > 0:
                return x * 2
            return x - 1

    return Branchy().eval(), (torch.randn(2, 3),)


def crash() -> tuple[Any, tuple[Any, ...]]:
    """The process dies the way an out-of-memory kill ends it."""
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")


def hang() -> tuple[Any, tuple[Any, ...]]:
    time.sleep(3600)
    raise AssertionError("unreachable")


def not_a_pair() -> Any:
    return 42
