"""Does this GPU host really run the stack? Six short steps, each passed, failed (cause and fix) or skipped (why).

`check` reads package metadata; `selftest` runs things, on the deployment host, in about a minute:

1. ``environment``: the stack and the `check` verdict (TensorRT findings are left to step 2);
2. ``tensorrt``: a tiny model compiled with the installed TensorRT flavour, run, and compared with PyTorch;
3. ``context_guard``: a kernel loaded in the primary context fails in a real foreign CUDA context (cuda-python) and
   runs under `primary_context`, which then restores the foreign context exactly;
4. ``cuda_graphs``: `BucketedCUDAGraphs` on a small model against eager, for every batch size up to past the largest
   bucket, with no re-capture;
5. ``bench``: a short `bench` with the clock and variance check (its warnings are reported, not failures);
6. ``memory``: `memory_report` of the small model.

Exit code (`SelftestResult.exit_code`): 0 when every step ran and passed, 1 when any failed, 3 when none failed but
some were skipped, so the host is not proven to run the stack.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ._errors import CompatError, UsageError
from ._lazy import install_hint, is_installed
from .compatibility.advice import gpu_advice, install_fix
from .compatibility.rules import check_environment
from .compiler import compile as trt_compile, report as compile_report
from .env import detect_environment
from .runtime._device import resolve_device_index
from .runtime.bench import bench, percentile
from .runtime.context import (
    cuda_call,
    current_context,
    diagnose_context,
    driver,
    ensure_primary_context,
    primary_context,
)
from .runtime.cuda_graphs import BucketedCUDAGraphs
from .runtime.memory import memory_report
from .ux.display import badge, code_spans, compact_repr, page, section, table

Status = Literal["passed", "failed", "skipped"]
EXIT_OK, EXIT_FAILED, EXIT_SKIPPED = 0, 1, 3
TRT_COMPONENTS = frozenset({"torch_tensorrt", "tensorrt", "gpu"})  # check findings the tensorrt step owns
NO_GPU = "no CUDA device is visible to torch on this host"
RUN_ON_GPU = "run `torchtrt-compat selftest` on the deployment GPU host, with the same packages installed"
NO_TORCH = "torch is not installed, so nothing that needs a GPU can run"


def _no_gpu_reason() -> tuple[str, str]:
    """(why the GPU steps cannot run, the fix): torch missing is not "no CUDA device"."""
    if not is_installed("torch"):
        return NO_TORCH, f"{install_hint('torch')}; then {RUN_ON_GPU}"
    return NO_GPU, RUN_ON_GPU


_KERNEL = r"""
extern "C" __global__ void fill(float* out, float value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}
"""
_INVALID_HANDLE = 400


@dataclass
class StepResult:
    """One step: ``passed``, ``failed`` (``cause``, ``fix``) or ``skipped`` (``reason``, and a ``fix`` if any)."""

    name: str
    status: Status
    summary: str = ""
    cause: str = ""
    reason: str = ""
    fix: str = ""
    warnings: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        mark = {"passed": "PASS", "failed": "FAIL", "skipped": "SKIP"}[self.status]
        text = self.summary or self.cause or self.reason
        out = [f"[{mark}] {self.name:<14} {text}  ({self.seconds:.1f} s)"]
        if self.status == "failed" and self.summary:
            out.append(f"       cause: {self.cause}")
        if self.status == "skipped" and self.summary:
            out.append(f"       reason: {self.reason}")
        out += [f"       warning: {w}" for w in self.warnings]
        if self.fix:
            out.append(f"       fix: {self.fix}")
        return out


class _Skip(Exception):
    def __init__(self, reason: str, fix: str = "") -> None:
        super().__init__(reason)
        self.reason, self.fix = reason, fix


class _Fail(Exception):
    def __init__(self, cause: str, fix: str) -> None:
        super().__init__(cause)
        self.cause, self.fix = cause, fix


@dataclass
class SelftestResult:
    """The steps of one `selftest` run and the host they ran on; ``exit_code`` is what the CLI returns."""

    host: str
    steps: list[StepResult]
    gpu: str | None = None

    @property
    def exit_code(self) -> int:
        return exit_code(self.steps)

    @property
    def testable(self) -> bool:
        """False when no GPU was visible, so nothing that needs one was tested."""
        return self.gpu is not None

    @property
    def headline(self) -> str:
        counts = {s: sum(step.status == s for step in self.steps) for s in ("passed", "failed", "skipped")}
        where = self.gpu or f"{self.host} (no GPU)"
        verdict = {EXIT_OK: "OK", EXIT_FAILED: "FAILED", EXIT_SKIPPED: "INCOMPLETE"}[self.exit_code]
        return (
            f"selftest {verdict} on {where}: {counts['passed']} passed, {counts['failed']} failed, "
            f"{counts['skipped']} skipped (exit {self.exit_code})"
        )

    @property
    def advice(self) -> str:
        if not self.testable:
            reason, fix = _no_gpu_reason()
            return (
                f"Nothing that needs a GPU can be tested here: {reason}. Fix: {fix}; from here, "
                "`torchtrt-compat check --target SPEC.json` checks a described host's versions."
            )
        failed = [s.name for s in self.steps if s.status == "failed"]
        skipped = [s.name for s in self.steps if s.status == "skipped"]
        if failed:
            return f"Not ready: fix the failed step(s) first ({', '.join(failed)}); each names its cause and fix."
        if skipped:
            return f"Not proven: {', '.join(skipped)} could not run here (see the reason); the rest passed."
        return "This host runs the stack."

    def to_dict(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "gpu": self.gpu,
            "exit_code": self.exit_code,
            "headline": self.headline,
            "advice": self.advice,
            "steps": [asdict(s) for s in self.steps],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, default=str)

    def __str__(self) -> str:
        lines = [self.headline]
        for step in self.steps:
            lines += step.lines()
        return "\n".join([*lines, self.advice])

    def __repr__(self) -> str:
        steps = ", ".join(f"{s.name} {s.status}" for s in self.steps)
        return compact_repr(f"SelftestResult {self.headline}", steps, self.advice)

    def _repr_html_(self) -> str:
        tone = {"passed": "ok", "failed": "error", "skipped": "warning"}
        rows = []
        for s in self.steps:
            notes = [("cause", s.cause if s.summary else ""), ("reason", s.reason if s.summary else ""), ("fix", s.fix)]
            notes += [("warning", w) for w in s.warnings]
            text = code_spans(s.summary or s.cause or s.reason) + "".join(
                f"<br><small><b>{k}:</b> {code_spans(v)}</small>" for k, v in notes if v
            )
            rows.append((s.name, badge(s.status, tone[s.status]), text, f"{s.seconds:.1f} s"))
        body = table(rows, ("step", "status", "result", "time"), raw_columns=frozenset({1, 2}))
        return section(self.headline, body, f"<p>{code_spans(self.advice)}</p>")

    def to_html(self) -> str:
        """A standalone HTML page (``selftest --html FILE``)."""

        return page("torchtrt-compat selftest", self._repr_html_())


def exit_code(steps: Sequence[StepResult]) -> int:
    """1 if any step failed; else 3 if any was skipped; else 0."""
    if any(s.status == "failed" for s in steps):
        return EXIT_FAILED
    if any(s.status == "skipped" for s in steps):
        return EXIT_SKIPPED
    return EXIT_OK


# ------------------------------------------------------------------------------------------------------ steps


@dataclass
class _Ctx:
    device: int | None  #: CUDA index, None when no GPU is visible
    env: Any = None
    report: Any = None  #: the check report of step 1
    model: Any = None  #: the small model the GPU steps share
    gpu: str | None = None


def _needs_gpu(ctx: _Ctx) -> int:
    if ctx.device is None:
        raise _Skip(_no_gpu_reason()[0])  # the result's advice says once where to run it
    return ctx.device


def _small_model(ctx: _Ctx) -> Any:
    import torch

    if ctx.model is None:
        torch.manual_seed(0)
        layers = [torch.nn.Linear(64, 256), torch.nn.GELU(), torch.nn.LayerNorm(256), torch.nn.Linear(256, 32)]
        ctx.model = torch.nn.Sequential(*layers).to(f"cuda:{ctx.device}").eval()
    return ctx.model


def _step_environment(ctx: _Ctx) -> StepResult:
    try:
        import torch
    except ImportError as exc:
        fix = install_hint("torch") if not is_installed("torch") else "reinstall torch (see `torchtrt-compat check`)"
        raise _Fail(f"torch cannot be imported ({exc}).", fix) from exc
    ctx.env = env = detect_environment()
    ctx.report = report = check_environment(env)
    errors = [f for f in report.findings if f.severity == "error"]
    own = [f for f in errors if f.component not in TRT_COMPONENTS]
    if own:
        raise _Fail(
            "; ".join(f"{f.component}: {f.message}" for f in own), "; ".join(f.fix for f in own if f.fix) or "-"
        )
    cuda = torch.version.cuda or "cpu"
    gpus = ", ".join(f"{g.name} (cc {g.compute_capability})" for g in env.gpus or []) or "no GPU"
    if report.verdict == "compatible":
        verdict = "COMPATIBLE"
    elif errors:
        verdict = "INCOMPATIBLE in TensorRT only (see the tensorrt step)"
    else:
        missing = ", ".join(f.component for f in report.findings if f.severity == "unknown") or "a deciding fact"
        verdict = f"UNKNOWN ({missing} not known)"
    warnings = [f"{f.component}: {f.message}" for f in report.findings if f.severity == "warning"]
    return StepResult(
        "environment",
        "passed",
        f"torch {torch.__version__} (CUDA {cuda}), {env.flavour or 'no TensorRT'}, driver {env.driver or 'n/a'}, "
        f"{gpus}; check: {verdict}",
        warnings=warnings,
        details={"check": report.to_dict()},
    )


def _step_tensorrt(ctx: _Ctx) -> StepResult:
    device = _needs_gpu(ctx)
    env = ctx.env
    if env is None or ctx.report is None:
        raise _Skip("the environment step did not run", "run the whole selftest")
    if env.flavour is None:
        raise _Skip("no TensorRT flavour (torch-tensorrt or torch-tensorrt-rtx) is installed", install_fix(env))
    gpu = env.gpus[device] if env.gpus and device < len(env.gpus) else None
    cc = gpu.compute_capability if gpu else None
    advice = gpu_advice(env.flavour, env.tensorrt_version, cc)
    if advice is not None:
        raise _Skip(f"{advice[0]}, so no engine can run on {gpu.name if gpu else 'this GPU'}", advice[1])
    errors = [f for f in ctx.report.findings if f.severity == "error" and f.component in TRT_COMPONENTS]
    if errors:
        raise _Fail("; ".join(f.message for f in errors), "; ".join(f.fix for f in errors if f.fix) or "-")
    import torch

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(8 * 16 * 16, 10)
    )
    model = model.to(f"cuda:{device}").eval()
    x = torch.randn(2, 3, 16, 16, device=f"cuda:{device}")
    trt_model = trt_compile(model, arg_inputs=[x], device=f"cuda:{device}", min_block_size=1)
    with torch.no_grad():
        ref, out = model(x), trt_model(x)
    out = out[0] if isinstance(out, (tuple, list)) else out
    error = float((out.float() - ref.float()).abs().max())
    scale = float(ref.abs().max()) or 1.0
    if not error <= 1e-2 * scale + 1e-3:
        raise _Fail(
            f"the TensorRT engine's output differs from PyTorch's by {error:.3g} (max |ref| {scale:.3g})",
            "check the TensorRT release against `torchtrt-compat check`, and report it with `torchtrt-compat env`",
        )
    path = compile_report(trt_model).path
    return StepResult(
        "tensorrt", "passed", f"tiny conv net compiled ({path}), max |TensorRT - PyTorch| {error:.2e}", details={}
    )


def _cuda_driver() -> Any:
    try:
        return driver()
    except CompatError as exc:
        raise _Skip(exc.problem, exc.fix or "") from exc


def _fill_kernel(drv: Any, cc: tuple[int, int]) -> Any:
    try:
        from cuda.bindings import nvrtc
    except ImportError:  # cuda-python < 12.6
        from cuda import nvrtc
    prog = cuda_call(nvrtc.nvrtcCreateProgram(_KERNEL.encode(), b"fill.cu", 0, [], []), "nvrtcCreateProgram")
    opts = [f"--gpu-architecture=sm_{cc[0]}{cc[1]}".encode()]
    (err,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    if int(err) != 0:
        raise _Fail(f"NVRTC could not compile a 4-line kernel for sm_{cc[0]}{cc[1]} ({err})", "reinstall cuda-python")
    size = cuda_call(nvrtc.nvrtcGetCUBINSize(prog), "nvrtcGetCUBINSize")
    cubin = b" " * size
    cuda_call(nvrtc.nvrtcGetCUBIN(prog, cubin), "nvrtcGetCUBIN")
    module = cuda_call(drv.cuModuleLoadData(cubin), "cuModuleLoadData")
    return cuda_call(drv.cuModuleGetFunction(module, b"fill"), "cuModuleGetFunction")


def _launch(drv: Any, func: Any, ptr: int, value: float, n: int) -> int:
    import ctypes

    args: list[Any] = [ctypes.c_uint64(ptr), ctypes.c_float(value), ctypes.c_int32(n)]
    ptrs = (ctypes.c_void_p * 3)(*[ctypes.addressof(a) for a in args])
    (err,) = drv.cuLaunchKernel(func, (n + 255) // 256, 1, 1, 256, 1, 1, 0, 0, ctypes.addressof(ptrs), 0)
    return int(err)


def _step_context_guard(ctx: _Ctx) -> StepResult:
    device = _needs_gpu(ctx)
    drv = _cuda_driver()
    import torch

    primary = ensure_primary_context(device)
    with primary_context(device):
        func = _fill_kernel(drv, torch.cuda.get_device_capability(device))
        out = torch.zeros(4096, device=f"cuda:{device}")
        torch.cuda.synchronize(device)
    dev = cuda_call(drv.cuDeviceGet(device), "cuDeviceGet")
    try:
        foreign = cuda_call(drv.cuCtxCreate(None, 0, dev), "cuCtxCreate")  # cuda-python 13: (params, flags, dev)
    except TypeError:
        foreign = cuda_call(drv.cuCtxCreate(0, dev), "cuCtxCreate")  # cuda-python 12: (flags, dev)
    try:
        seen = diagnose_context()
        unguarded = _launch(drv, func, out.data_ptr(), 3.0, out.numel())
        with primary_context(device) as guard:
            guarded_ok = guard.previous == int(foreign) and current_context() == primary
            guarded_err = _launch(drv, func, out.data_ptr(), 3.0, out.numel())
            torch.cuda.synchronize(device)
            filled = bool(torch.equal(out, torch.full_like(out, 3.0)))
        restored = current_context() == int(foreign)
    finally:
        cuda_call(drv.cuCtxDestroy(foreign), "cuCtxDestroy")
    details = {
        "foreign_detected": seen.foreign,
        "unguarded_launch": unguarded,
        "guarded_launch": guarded_err,
        "output_written": filled,
        "foreign_restored": restored,
    }
    if not seen.foreign:
        raise _Fail("diagnose_context() did not see the foreign context that was current", "report this as a bug")
    if unguarded != _INVALID_HANDLE:
        raise _Fail(
            f"a launch in the foreign context returned {unguarded}, not CUDA_ERROR_INVALID_HANDLE ({_INVALID_HANDLE}); "
            "this driver shares modules across contexts, so the test proves nothing",
            "report it with `torchtrt-compat env`",
        )
    if not (guarded_ok and guarded_err == 0 and filled and restored):
        raise _Fail(
            f"primary_context did not fix the foreign context ({details})",
            "report it with `torchtrt-compat env`; meanwhile keep foreign contexts off the inference threads",
        )
    return StepResult(
        "context_guard",
        "passed",
        "a kernel failed with CUDA_ERROR_INVALID_HANDLE in a real foreign context and ran under primary_context, "
        "which restored the foreign context",
        details=details,
    )


def _step_cuda_graphs(ctx: _Ctx) -> StepResult:
    device = _needs_gpu(ctx)
    import torch

    model = _small_model(ctx)
    graphs = BucketedCUDAGraphs(model, (1, 2, 4, 8, 16))
    gen = torch.Generator().manual_seed(0)
    worst = 0.0
    xs = {n: torch.randn(n, 64, generator=gen).to(f"cuda:{device}") for n in range(1, 41)}
    with torch.no_grad():
        for n, x in xs.items():  # 17..40 run as chunks of 16
            out, ref = graphs(x), model(x)
            if out.shape != ref.shape:
                raise _Fail(f"batch {n}: output shape {tuple(out.shape)}, eager {tuple(ref.shape)}", "report it")
            worst = max(worst, float((out - ref).abs().max()))
        captures = graphs.capture_count
        times: dict[str, list[float]] = {"eager": [], "graphs": []}
        for _ in range(5):
            for name, fn in (("eager", model), ("graphs", graphs)):
                for n in (3, 7, 12, 16):
                    torch.cuda.synchronize(device)
                    t0 = time.perf_counter()
                    fn(xs[n])
                    torch.cuda.synchronize(device)
                    times[name].append((time.perf_counter() - t0) * 1e3)
    if worst > 1e-4:
        raise _Fail(
            f"replayed outputs differ from eager by up to {worst:.3g}",
            "check that the model has no data-dependent control flow or host synchronisation (see docs/runtime.md)",
        )
    if graphs.capture_count != captures or captures != 5:
        raise _Fail(f"{graphs.capture_count} captures for 5 buckets", "report it with `torchtrt-compat env`")
    eager_ms, graph_ms = percentile(times["eager"], 50), percentile(times["graphs"], 50)
    graphs.reset()
    return StepResult(
        "cuda_graphs",
        "passed",
        f"batch 1..40 match eager (max |diff| {worst:.1e}), 5 graphs captured once; p50 {graph_ms:.3f} ms vs eager "
        f"{eager_ms:.3f} ms",
        details={"max_abs_diff": worst, "captures": captures, "p50_ms": graph_ms, "eager_p50_ms": eager_ms},
    )


def _step_bench(ctx: _Ctx) -> StepResult:
    device = _needs_gpu(ctx)
    import warnings

    import torch

    model = _small_model(ctx)
    x = torch.randn(32, 64, device=f"cuda:{device}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = bench(model, x, warmup=50, iters=300, label="selftest mlp", device=f"cuda:{device}")
    clocks = (
        "clocks n/a (no NVML)"
        if result.sm_clock_mhz_after is None
        else f"SM {result.sm_clock_mhz_after}/{result.max_sm_clock_mhz} MHz P{result.pstate_after}"
    )
    return StepResult(
        "bench",
        "passed",
        f"p50 {result.p50_ms:.4f} ms, p99 {result.p99_ms:.4f} ms, cv {result.cv:.2f}; {clocks}",
        warnings=list(result.warnings),
        details=result.to_dict(),
    )


def _step_memory(ctx: _Ctx) -> StepResult:
    device = _needs_gpu(ctx)
    import torch

    model = _small_model(ctx)
    report = memory_report(model, torch.randn(32, 64, device=f"cuda:{device}"))
    if report.peak_allocated_bytes is None or not report.device_total_bytes or report.weights_bytes is None:
        raise _Fail(f"memory_report returned unknown values on a GPU: {report.to_dict()}", "report it")
    return StepResult(
        "memory",
        "passed",
        f"weights {report.weights_bytes / 1024:.0f} KiB, one run's allocator peak "
        f"{report.peak_allocated_bytes / 1024:.0f} KiB, device total {report.device_total_bytes / 2**30:.1f} GiB",
        details=report.to_dict(),
    )


STEPS: tuple[tuple[str, Callable[[_Ctx], StepResult]], ...] = (
    ("environment", _step_environment),
    ("tensorrt", _step_tensorrt),
    ("context_guard", _step_context_guard),
    ("cuda_graphs", _step_cuda_graphs),
    ("bench", _step_bench),
    ("memory", _step_memory),
)
STEP_NAMES: tuple[str, ...] = tuple(name for name, _ in STEPS)


def run_step(name: str, fn: Callable[[_Ctx], StepResult], ctx: _Ctx) -> StepResult:
    """Run one step; whatever it raises becomes a failed (or skipped) `StepResult` with a cause and a fix."""
    t0 = time.perf_counter()
    try:
        result = fn(ctx)
    except _Skip as skip:
        result = StepResult(name, "skipped", reason=skip.reason, fix=skip.fix)
    except _Fail as fail:
        result = StepResult(name, "failed", cause=fail.cause, fix=fail.fix)
    except CompatError as exc:
        result = StepResult(name, "failed", cause=exc.problem, fix=exc.fix or "")
    except Exception as exc:  # a broken stack shows up here: report it as this step's failure, keep going
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        result = StepResult(
            name,
            "failed",
            cause=f"{type(exc).__name__}: {first}".rstrip(": "),
            fix="`torchtrt-compat explain MESSAGE` names known causes; else report it with `torchtrt-compat env`",
        )
    result.name = name
    result.seconds = time.perf_counter() - t0
    return result


def _visible_device(device: Any) -> tuple[int | None, str | None]:
    try:
        import torch
    except ImportError:
        return None, None
    if not torch.cuda.is_available():
        return None, None

    index = resolve_device_index(device)
    return index, torch.cuda.get_device_name(index)


def selftest(device: Any = None, steps: Sequence[str] | None = None) -> SelftestResult:
    """Run the selftest steps (all, or the named ones, in their fixed order) on ``device`` (default: current)."""
    unknown = sorted(set(steps or ()) - set(STEP_NAMES))
    if unknown:
        raise UsageError(f"Unknown selftest step(s): {', '.join(unknown)}.", f"choose from {', '.join(STEP_NAMES)}")
    index, gpu = _visible_device(device)
    ctx = _Ctx(index, gpu=gpu)
    chosen = [(n, fn) for n, fn in STEPS if steps is None or n in steps or n == "environment"]
    results = [run_step(name, fn, ctx) for name, fn in chosen]
    return SelftestResult(host=platform.node() or "this host", steps=results, gpu=gpu)
