"""How long ``explain`` takes on 20 MB of text, benign and hostile, in-process and through the CLI, and whether it
read all of it.

Since issue 36 ``explain`` reads the whole text (`troubleshooting.scan`), not only its head and tail. Target: 20 MB
explained in under 1 s in-process, with every line searched or the part left unread said in the answer (``unread``);
the CLI (a fresh Python, reading and decoding the file) in under 1.5 s. The in-process rows time
`troubleshooting.explain` alone (best of ``--runs``); the CLI rows are fresh processes (median of ``--runs``). The
"error in the middle" row is a verbose TensorRT build log with an out-of-memory error 12 MB into it: it must be found.

    .venv/bin/python benchmarks/explain_speed.py            # writes benchmarks/results/explain_speed.json
    .venv/bin/python benchmarks/explain_speed.py --runs 5 --out /tmp/explain_speed.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from torchtrt_compat.troubleshooting import explain  # noqa: E402

SIZE = 20_000_000
TARGET_SECONDS = 1.0  #: in-process, per 20 MB
CLI_TARGET_SECONDS = 1.5
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "explain_speed.json"
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/venv/lib/python3.11/site-packages/torch_tensorrt/__init__.py", line 125, in <module>\n'
    "RuntimeError: Found no NVIDIA driver on your system.\n"
)
HOSTILE = (
    "libtorchtrt undefined symbol requires but you have Error thrown at core/ Found <class Unsupported operator: "
    "could not find any implementation for node torch_tensorrt/dynamo/conversion/impl/ Requested amount of GPU memory "
    "CUDA initialization failure with error: Target GPU SM Unsupported SM: 0x expecting compute 8. got compute "
    "(cudaError could not find plugin: file too short stream is capturing no currently active context sm_ "
)


def _inputs(seed: int) -> dict[str, Callable[[], bytes]]:
    rng = random.Random(seed)
    printable = (string.ascii_letters + string.digits + string.punctuation + " \n").encode()
    return {
        "random printable": lambda: bytes(rng.choice(printable) for _ in range(SIZE // 20)) * 20,
        "random bytes (not UTF-8)": lambda: os.urandom(SIZE),
        "one line of 'a'": lambda: b"a" * SIZE,
        "spaces": lambda: b" " * SIZE,
        "a known traceback repeated": lambda: TRACEBACK.encode() * (SIZE // len(TRACEBACK)),
        "pattern prefixes without endings": lambda: HOSTILE.encode() * (SIZE // len(HOSTILE)),
        "build log, error at the end": lambda: (
            (b"[TRT] [V] tactic 0x0000 time 0.01 ms\n" * (SIZE // 38))
            + b"RuntimeError: TensorRT build_serialized_network returned None; engine build failed.\n"
        ),
        "verbose build log, error in the middle": lambda: (
            _verbose(0, 150_000)
            + b"[11/05/2023-16:19:02] [E] [TRT] 2: [executionContext.cpp::ExecutionContext::470] Error Code 2: "
            b"OutOfMemory (no further information)\n" + _verbose(150_000, 250_000)
        ),
    }


def _verbose(first: int, last: int) -> bytes:
    """Lines of a verbose TensorRT build log: timestamps, tactic ids, timings and layer names all vary."""
    return "".join(
        f"[11/05/2023-16:18:{i % 60:02d}] [V] [TRT] Tactic: 0x{i * 2654435761 % 2**64:016x} Time: 0.{i % 9973:04d} "
        f"layer /model/backbone/stage{i % 7}/conv{i % 97}/Conv\n"
        for i in range(first, last)
    ).encode()


def _in_process(data: bytes, runs: int) -> tuple[float, list[str], str]:
    best, keys, unread = float("inf"), [], ""
    text = data.decode("utf-8", "replace")
    for _ in range(runs):
        start = time.perf_counter()
        found = explain(text)
        best = min(best, time.perf_counter() - start)
        keys, unread = [e.key for e in found], found.unread
    return best, keys, unread


def _cli(path: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "torchtrt_compat", "explain", str(path)],
            capture_output=True,
            check=False,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in _inputs(13).items():
            data = make()
            path = Path(tmp) / "input.log"
            path.write_bytes(data)
            seconds, keys, unread = _in_process(data, args.runs)
            cli = _cli(path, args.runs)
            rows.append(
                {
                    "input": name,
                    "bytes": len(data),
                    "explain_s": round(seconds, 3),
                    "cli_s": round(cli, 3),
                    "matched": keys,
                    "unread": unread,
                    "within_target": seconds <= TARGET_SECONDS and cli <= CLI_TARGET_SECONDS,
                }
            )
            said = f"  unread: {unread[:70]}" if unread else "  read whole"
            print(f"{name:40s} {len(data) / 1e6:5.1f} MB  explain {seconds:6.3f} s  cli {cli:6.3f} s  {keys}{said}")
    met = all(r["within_target"] for r in rows)
    print(
        f"\ntarget: explain <= {TARGET_SECONDS} s and the CLI <= {CLI_TARGET_SECONDS} s per 20 MB, with what was not "
        f"read said: {'met' if met else 'MISSED'}"
    )
    result = {
        "benchmark": "explain_speed",
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        },
        "runs": args.runs,
        "target_seconds": TARGET_SECONDS,
        "cli_target_seconds": CLI_TARGET_SECONDS,
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
