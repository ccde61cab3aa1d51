"""The CUDA context guard, against a real foreign context made through the driver API."""

from __future__ import annotations

import threading

import pytest
from _threads import run_threads

from torchtrt_compat import IncompatibleError, UsageError
from torchtrt_compat.runtime import diagnose_context, ensure_primary_context, guarded, primary_context
from torchtrt_compat.runtime._device import parse_device_index

KERNEL = r"""
extern "C" __global__ void fill(float* out, float value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}
"""
INVALID_HANDLE = 400


@pytest.mark.parametrize(
    ("spec", "index"), [(None, None), (0, 0), (3, 3), ("cuda", None), ("cuda:2", 2), (" CUDA:1 ", 1), ("1", 1)]
)
def test_parse_device_index(spec, index):
    assert parse_device_index(spec) == index


@pytest.mark.parametrize("spec", ["cpu", "cuda:x", -1, True, 1.5, "gpu0"])
def test_parse_device_index_rejects_with_fix(spec):
    with pytest.raises(UsageError, match="Fix:"):
        parse_device_index(spec)


def test_diagnose_without_driver_says_why():
    import torch

    if torch.cuda.is_available():
        pytest.skip("a driver is present")
    with pytest.raises(IncompatibleError, match="driver"):
        diagnose_context()


# --------------------------------------------------------------------------------------------------- GPU only


def _drv():
    from torchtrt_compat.runtime.context import driver

    return driver()


def _ok(result):
    from torchtrt_compat.runtime.context import cuda_call

    return cuda_call(result, "test")


def _current() -> int:
    from torchtrt_compat.runtime.context import current_context

    return current_context()


def _cubin(cc: tuple[int, int]) -> bytes:
    try:
        from cuda.bindings import nvrtc
    except ImportError:  # cuda-python < 12.6
        from cuda import nvrtc
    err, prog = nvrtc.nvrtcCreateProgram(KERNEL.encode(), b"fill.cu", 0, [], [])
    assert int(err) == 0
    opts = [f"--gpu-architecture=sm_{cc[0]}{cc[1]}".encode()]
    (err,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    if int(err) != 0:
        _, size = nvrtc.nvrtcGetProgramLogSize(prog)
        log = b" " * size
        nvrtc.nvrtcGetProgramLog(prog, log)
        pytest.fail(log.decode(errors="replace"))
    _, size = nvrtc.nvrtcGetCUBINSize(prog)
    cubin = b" " * size
    (err,) = nvrtc.nvrtcGetCUBIN(prog, cubin)
    assert int(err) == 0
    return cubin


def _launch(func, ptr: int, value: float, n: int) -> int:
    import numpy as np

    args = [np.array([ptr], dtype=np.uint64), np.array([value], dtype=np.float32), np.array([n], dtype=np.int32)]
    ptrs = np.array([a.ctypes.data for a in args], dtype=np.uint64)
    (err,) = _drv().cuLaunchKernel(func, (n + 255) // 256, 1, 1, 256, 1, 1, 0, 0, ptrs.ctypes.data, 0)
    return int(err)


def _create_foreign():
    drv = _drv()
    dev = _ok(drv.cuDeviceGet(0))
    try:
        return _ok(drv.cuCtxCreate(None, 0, dev))  # cuda-python 13: (params, flags, dev)
    except TypeError:
        return _ok(drv.cuCtxCreate(0, dev))  # cuda-python 12: (flags, dev)


@pytest.fixture(scope="module")
def fill_kernel():
    import torch

    ensure_primary_context(0)
    with primary_context(0):
        module = _ok(_drv().cuModuleLoadData(_cubin(torch.cuda.get_device_capability(0))))
        return _ok(_drv().cuModuleGetFunction(module, b"fill"))


@pytest.mark.gpu
def test_foreign_context_breaks_kernel_and_guard_fixes_it(fill_kernel):
    import torch

    out = torch.zeros(1000, device="cuda:0")
    torch.cuda.synchronize()
    primary = ensure_primary_context(0)
    foreign = _create_foreign()
    try:
        report = diagnose_context()
        assert report.foreign and not report.is_primary and report.current == int(foreign)
        assert "foreign" in report.explanation and "primary_context" in report.explanation
        # A kernel loaded in the primary context cannot be launched while the foreign one is current.
        assert _launch(fill_kernel, out.data_ptr(), 3.0, out.numel()) == INVALID_HANDLE
        with primary_context(0) as guard:
            assert guard.previous == int(foreign) and _current() == primary
            assert torch.count_nonzero(out).item() == 0  # the failed launch wrote nothing
            assert _launch(fill_kernel, out.data_ptr(), 3.0, out.numel()) == 0
            torch.cuda.synchronize()
            assert torch.equal(out, torch.full_like(out, 3.0))
        assert _current() == int(foreign)  # restored exactly
    finally:
        _ok(_drv().cuCtxDestroy(foreign))
    assert _current() == primary
    assert diagnose_context().is_primary


@pytest.mark.gpu
def test_guard_nests_restores_no_context_and_works_as_plain_call():
    primary = ensure_primary_context(0)
    seen: dict[str, int] = {}

    def worker() -> None:  # a fresh thread has no current context
        seen["start"] = _current()
        with primary_context(0):
            seen["outer"] = _current()
            with primary_context("cuda:0"):
                seen["inner"] = _current()
            seen["after_inner"] = _current()
        seen["end"] = _current()
        guard = primary_context(0)  # plain call: switches until restore()
        seen["plain"] = _current()
        guard.restore()
        guard.restore()  # idempotent
        seen["plain_end"] = _current()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == {
        "start": 0,
        "outer": primary,
        "inner": primary,
        "after_inner": primary,
        "end": 0,
        "plain": primary,
        "plain_end": 0,
    }


@pytest.mark.gpu
def test_guarded_model_from_threads_with_foreign_contexts(fill_kernel):
    import torch

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.GELU(), torch.nn.Linear(64, 8)).cuda().eval()
    xs = [torch.randn(16, 64, device="cuda:0") for _ in range(8)]
    with torch.no_grad():
        refs = [model(x) for x in xs]
    safe = guarded(model, "cuda:0")
    assert guarded(safe, 0) is safe
    errors: list[str] = []

    def worker(i: int) -> None:
        try:
            foreign = _create_foreign()
            try:
                for _ in range(20):
                    with torch.no_grad():
                        out = safe(xs[i])
                    with primary_context(0):
                        torch.cuda.synchronize()
                        if not torch.allclose(out, refs[i], atol=1e-5, rtol=1e-5):
                            errors.append(f"thread {i}: wrong output")
                    if _current() != int(foreign):
                        errors.append(f"thread {i}: foreign context not restored")
            finally:
                _ok(_drv().cuCtxDestroy(foreign))
            if _current() not in (0, ensure_primary_context(0)):
                errors.append(f"thread {i}: left a context current")
        except Exception as exc:  # collected, asserted below
            errors.append(f"thread {i}: {exc!r}")

    assert run_threads(worker) == []
    assert errors == []


class _KernelModule:
    """An nn.Module whose forward launches a kernel loaded in the primary context: TensorRT's situation."""

    def __new__(cls, func, out):
        import torch

        class Launch(torch.nn.Module):
            def forward(self, value: torch.Tensor) -> int:
                return _launch(func, out.data_ptr(), float(value), out.numel())

        return Launch()


@pytest.mark.gpu
def test_runtime_guards_keep_the_module_type_and_fix_a_foreign_context(fill_kernel):
    import torch

    from torchtrt_compat import IncompatibleError
    from torchtrt_compat.runtime.hooks import install_runtime_guards

    out = torch.zeros(1000, device="cuda:0")
    module = _KernelModule(fill_kernel, out)
    unguarded_type = type(module)
    handles = install_runtime_guards(module, "cuda:0")
    assert type(module) is unguarded_type  # compile() keeps torch_tensorrt's return type
    primary = ensure_primary_context(0)
    foreign = _create_foreign()
    try:
        assert module(torch.tensor(5.0)) == 0  # launched under the primary context
        torch.cuda.synchronize()
        assert torch.equal(out, torch.full_like(out, 5.0))
        assert _current() == int(foreign)  # the caller's context is back
    finally:
        _ok(_drv().cuCtxDestroy(foreign))
    assert _current() == primary
    if torch.cuda.device_count() > 1:
        with torch.cuda.device(1), pytest.raises(IncompatibleError, match="built for cuda:0"):
            module(torch.tensor(1.0))
    for h in handles:
        h.remove()
