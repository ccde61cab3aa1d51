"""How long ``explain`` takes on 20 MB of text, benign and hostile, in-process and through the CLI.

The reliability audit measured 4-6 s for 20 MB with the old table (``../shared/reviews/reliability_audit.md``, group
E). Target: every case <= 3 s end to end (the CLI reading, decoding and explaining a 20 MB file). The in-process rows
time `troubleshooting.explain` alone (best of ``--runs``); the CLI rows are fresh processes (median of ``--runs``).

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
TARGET_SECONDS = 3.0
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
    }


def _in_process(data: bytes, runs: int) -> tuple[float, list[str]]:
    best, keys = float("inf"), []
    for _ in range(runs):
        start = time.perf_counter()
        found = explain(data.decode("utf-8", "replace"))
        best = min(best, time.perf_counter() - start)
        keys = [e.key for e in found]
    return best, keys


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
            seconds, keys = _in_process(data, args.runs)
            cli = _cli(path, args.runs)
            rows.append(
                {
                    "input": name,
                    "bytes": len(data),
                    "explain_s": round(seconds, 3),
                    "cli_s": round(cli, 3),
                    "matched": keys,
                    "within_target": cli <= TARGET_SECONDS,
                }
            )
            print(f"{name:34s} {len(data) / 1e6:5.1f} MB  explain {seconds:6.3f} s  cli {cli:6.3f} s  {keys}")
    print(
        f"\ntarget: every CLI run <= {TARGET_SECONDS} s: {'met' if all(r['within_target'] for r in rows) else 'MISSED'}"
    )
    result = {
        "benchmark": "explain_speed",
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count()},
        "runs": args.runs,
        "target_seconds": TARGET_SECONDS,
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
