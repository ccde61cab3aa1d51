"""Device pinning: the error text everywhere, threads on one GPU, and two GPUs where present."""

from __future__ import annotations

import concurrent.futures
import threading

import pytest

from torchtrt_compat import IncompatibleError
from torchtrt_compat.runtime import DeviceChecked, check_device, pin_device, pinned_executor


def test_check_device_error_says_how_to_fix():
    check_device("cuda:1", current=1)
    with pytest.raises(IncompatibleError) as info:
        check_device("cuda:1", current=0, what="This engine")
    text = str(info.value)
    assert "built for cuda:1" in text and "cuda:0" in text
    assert "pin_device(model, 'cuda:1')" in text and "pinned_executor('cuda:1')" in text


class _UsesCurrentDevice:
    """Like a TensorRT engine, it works on torch's *current* device, not on its input's device."""

    def __init__(self):
        self.seen: list[int] = []

    def __call__(self, x):
        import torch

        self.seen.append(torch.cuda.current_device())
        return x * 2 + torch.ones(x.shape, device="cuda")


@pytest.mark.gpu
def test_pinned_executor_and_pin_on_one_gpu():
    import torch

    model = _UsesCurrentDevice()
    pinned = pin_device(model, "cuda:0")
    assert pinned.__wrapped__ is model and "cuda:0" in repr(pinned)
    x = torch.arange(6.0, device="cuda:0")
    with pinned_executor("cuda:0", max_workers=4) as pool:
        names_devices = list(
            pool.map(lambda _: (threading.current_thread().name, torch.cuda.current_device()), range(8))
        )
        outs = list(pool.map(lambda _: pinned(x), range(8)))
    assert all(name.startswith("cuda0") and dev == 0 for name, dev in names_devices)
    for out in outs:
        assert out.device == torch.device("cuda:0") and torch.equal(out, x * 2 + 1)
    assert set(model.seen) == {0}


@pytest.mark.gpu
def test_device_checked_refuses_other_device_with_clear_error():
    import torch

    model = _UsesCurrentDevice()
    x = torch.arange(3.0, device="cuda:0")
    assert torch.equal(DeviceChecked(model, "cuda:0")(x), x * 2 + 1)
    # Recorded for cuda:1 (as if built there); this thread's current device is cuda:0.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        with pytest.raises(IncompatibleError, match=r"built for cuda:1.*current device"):
            pool.submit(DeviceChecked(model, 1), x).result()


@pytest.mark.gpu
def test_two_gpus_from_one_thread_pool():
    import torch

    if torch.cuda.device_count() < 2:
        pytest.skip("needs two GPUs (run on nvidia-h200-x2)")
    models = [_UsesCurrentDevice(), _UsesCurrentDevice()]
    xs = [torch.arange(4.0, device=f"cuda:{i}") for i in range(2)]
    pinned = [pin_device(models[i], i) for i in range(2)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:  # workers start on cuda:0
        outs = list(pool.map(lambda i: (i % 2, pinned[i % 2](xs[i % 2])), range(16)))
        for i, out in outs:
            assert out.device == torch.device(f"cuda:{i}") and torch.equal(out, xs[i] * 2 + 1)
        # Without the pin the model runs on the worker's current device, cuda:0, and fails.
        with pytest.raises(RuntimeError, match="same device|cuda:0"):
            pool.submit(models[1], xs[1]).result()
        with pytest.raises(IncompatibleError, match="built for cuda:1"):
            pool.submit(DeviceChecked(models[1], 1), xs[1]).result()
    assert set(models[0].seen) == {0} and set(models[1].seen) >= {1}

    def restores() -> tuple[int, int]:
        torch.cuda.set_device(1)
        pinned[0](xs[0])
        inside = models[0].seen[-1]
        return inside, torch.cuda.current_device()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(restores).result() == (0, 1)
    with pinned_executor("cuda:1", 2) as pool:
        assert set(pool.map(lambda _: torch.cuda.current_device(), range(4))) == {1}
