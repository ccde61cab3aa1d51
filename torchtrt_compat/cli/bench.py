"""``bench``: latency of a catalogue model with CUDA events, percentiles and a clock/variance check."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._errors import UsageError
from .._lazy import require
from ..compiler import compile as trt_compile
from ..models import get_model
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
    p.add_argument("--device", default="cuda", help="cuda, cuda:N or cpu (cpu when no GPU is visible)")
    p.add_argument("--iters", type=int, default=100, help="timed calls (default 100)")
    p.add_argument("--warmup", type=int, default=10, help="untimed calls first (default 10)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "-v", "--verbose", action="store_true", help="show what torch_tensorrt and TensorRT print while compiling"
    )
    p.set_defaults(run=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    if not args.model.startswith("models:"):
        raise UsageError(
            f"MODEL {args.model!r} is not a catalogue name.", "write it as models:NAME (see `torchtrt-compat models`)"
        )
    if args.iters < 1 or args.warmup < 0:
        raise UsageError(
            f"--iters {args.iters} / --warmup {args.warmup} are out of range.", "use --iters >= 1 and --warmup >= 0"
        )
    entry = get_model(args.model.split(":", 1)[1])
    result = bench_model(entry, args.backend, args.device, args.iters, args.warmup, verbose=args.verbose)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
    return 0


def bench_model(
    entry: Any,
    backend: str = "eager",
    device: Any = "cuda",
    iters: int = 100,
    warmup: int = 10,
    *,
    verbose: bool | None = None,
) -> BenchResult:
    """Build a catalogue entry (`torchtrt_compat.models.get_model`), compile it with ``backend`` and `bench` it."""
    if backend not in BACKENDS:
        raise UsageError(f"Backend {backend!r} is not known.", f"use one of: {', '.join(BACKENDS)}")

    torch = require("torch", "to benchmark a model")
    try:
        dev = torch.device(device)
    except (RuntimeError, TypeError, ValueError):
        raise UsageError(f"--device {device!r} is not a device.", "use cuda, cuda:N or cpu") from None
    if dev.type == "cuda" and not torch.cuda.is_available():
        dev = torch.device("cpu")
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
