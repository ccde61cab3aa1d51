"""``bench``: latency of a catalogue model with CUDA events, percentiles and a clock/variance check."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from .._errors import IncompatibleError, MissingDependencyError, UsageError
from .._lazy import install_extra, require
from ..compiler import compile as trt_compile
from ..compiler.frontend import why_trt_cannot_run
from ..env import detect_environment
from ..models import closest_names, get_model
from ..runtime.bench import BenchResult, bench

BACKENDS = ("eager", "inductor", "trt")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="time a catalogue model (p50/p90/p99) and warn when clocks or variance make the numbers unreliable",
        description="Build models:NAME, compile it with the chosen backend and time it with CUDA events (perf_counter "
        "on CPU). SM clocks and the performance state are read through NVML before and after.",
    )
    p.add_argument("model", metavar="models:NAME", help="a catalogue entry (`torchtrt-compat models`)")
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default="eager",
        help="eager PyTorch, torch.compile (inductor), or TensorRT through torchtrt_compat.compile",
    )
    p.add_argument(
        "--device",
        default=None,
        metavar="D",
        help="cuda, cuda:N or cpu (default: cuda when torch sees a GPU, else cpu)",
    )
    p.add_argument("--iters", type=int, default=100, metavar="N", help="timed calls (default 100)")
    p.add_argument("--warmup", type=int, default=10, metavar="N", help="untimed calls first (default 10)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "-v", "--verbose", action="store_true", help="show what torch_tensorrt and TensorRT print while compiling"
    )
    p.set_defaults(run=run_bench)


_DEVICE = re.compile(r"cpu|cuda(?::\d{1,3})?", re.ASCII)


def run_bench(args: argparse.Namespace) -> int:
    """Every argument is checked before torch is imported; a backend that cannot run here is exit 1."""
    if not args.model.startswith("models:"):
        close = closest_names(args.model, n=1)
        hint = f" (did you mean models:{close[0]}?)" if close else ""
        raise UsageError(
            f"MODEL {args.model!r} is not a catalogue name{hint}.",
            "write it as models:NAME (see `torchtrt-compat models`)",
        )
    if args.iters < 1:
        raise UsageError(f"--iters {args.iters} times nothing.", "pass --iters 1 or more (default 100)")
    if args.warmup < 0:
        raise UsageError(f"--warmup {args.warmup} is negative.", "pass --warmup 0 or more (default 10)")
    if args.device is not None and not _DEVICE.fullmatch(args.device):
        raise UsageError(f"--device {args.device!r} is not a device.", "use cuda, cuda:N or cpu")
    entry = get_model(args.model.split(":", 1)[1])
    if entry.missing():
        raise MissingDependencyError(
            f"{args.model} needs {', '.join(entry.missing())}, which is not installed.", install_extra("zoo")
        )
    if args.backend == "trt":
        blocked = why_trt_cannot_run()
        if blocked:
            raise IncompatibleError(
                f"--backend trt cannot run on this machine: {blocked[0]}.",
                "bench --backend eager or inductor here, and --backend trt on a GPU host that TensorRT supports "
                "(`torchtrt-compat build` makes its engines ahead of time)",
            )
    if args.device is not None and args.device.startswith("cuda") and not detect_environment().gpus:
        raise IncompatibleError(
            f"--device {args.device} asks for a GPU, but no NVIDIA GPU is visible on this machine.",
            "pass --device cpu (or leave --device out: cuda where there is a GPU, else cpu), or run on a GPU host",
        )
    require("torch", "to benchmark a model")
    result = bench_model(entry, args.backend, args.device, args.iters, args.warmup, verbose=args.verbose)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
    return 0


def bench_model(
    entry: Any,
    backend: str = "eager",
    device: Any = None,
    iters: int = 100,
    warmup: int = 10,
    *,
    verbose: bool | None = None,
) -> BenchResult:
    """Build a catalogue entry (`torchtrt_compat.models.get_model`), compile it with ``backend`` and `bench` it on
    ``device`` (None: cuda when torch sees a GPU, else cpu; a CUDA device asked for where there is none is an
    `IncompatibleError`, not a silent CPU run)."""
    if backend not in BACKENDS:
        raise UsageError(f"Backend {backend!r} is not known.", f"use one of: {', '.join(BACKENDS)}")

    torch = require("torch", "to benchmark a model")
    if device is None:
        device = "cuda" if torch.cuda.is_available() else "cpu"
    try:
        dev = torch.device(device)
    except (RuntimeError, TypeError, ValueError):
        raise UsageError(f"--device {device!r} is not a device.", "use cuda, cuda:N or cpu") from None
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise IncompatibleError(
            f"--device {device} asks for a GPU, but torch sees no CUDA device here.",
            "pass --device cpu (or leave --device out: cuda where there is a GPU, else cpu), or run on a GPU host",
        )
    model = entry.build().to(dev)
    inputs = torch.utils._pytree.tree_map(
        lambda t: t.to(dev) if isinstance(t, torch.Tensor) else t, tuple(entry.example_inputs())
    )
    if backend == "inductor":
        model = torch.compile(model)
    elif backend == "trt":
        # raises a one-line error off-GPU
        model = trt_compile(model, arg_inputs=list(inputs), device=str(dev), verbose=verbose)
    return bench(model, inputs, warmup=warmup, iters=iters, label=f"{entry.name} [{backend}]", device=dev)
