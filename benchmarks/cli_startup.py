"""Cold start of ``torchtrt-compat check --json`` against ``python -m torch.utils.collect_env``.

Both answer "what is installed here?". Each run is a fresh process (no warm interpreter, no caches shared between
runs); both commands are measured in ONE run of this script, interleaved, so the ratio compares numbers taken side by
side. Targets: ours <= 0.5 s median wall time and >= 5x faster than collect_env.

    .venv/bin/python benchmarks/cli_startup.py                 # 7 runs each, writes benchmarks/results/cli_startup.json
    .venv/bin/python benchmarks/cli_startup.py --runs 11 --out /tmp/cli_startup.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

TARGET_SECONDS = 0.5
TARGET_RATIO = 5.0
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "cli_startup.json"


def _ours() -> list[str]:
    script = Path(sys.executable).with_name("torchtrt-compat")
    exe = str(script) if script.exists() else shutil.which("torchtrt-compat")
    return [exe, "check", "--json"] if exe else [sys.executable, "-m", "torchtrt_compat", "check", "--json"]


COMMANDS: dict[str, list[str]] = {
    "torchtrt-compat check --json": _ours(),
    "python -m torch.utils.collect_env": [sys.executable, "-m", "torch.utils.collect_env"],
}


def time_once(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds from spawn to exit of one fresh process, and its exit code."""
    start = time.perf_counter()
    proc = subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONWARNINGS": "ignore"}
    )
    return time.perf_counter() - start, proc.returncode


def measure(runs: int, warmup: int) -> dict[str, dict[str, Any]]:
    for _ in range(warmup):  # page cache: both commands read their files from disk once before timing
        for cmd in COMMANDS.values():
            time_once(cmd)
    samples: dict[str, list[float]] = {name: [] for name in COMMANDS}
    codes: dict[str, set[int]] = {name: set() for name in COMMANDS}
    for _ in range(runs):
        for name, cmd in COMMANDS.items():  # interleaved: drift in machine load hits both alike
            seconds, rc = time_once(cmd)
            samples[name].append(seconds)
            codes[name].add(rc)
    return {
        name: {
            "command": COMMANDS[name],
            "runs": runs,
            "median_s": statistics.median(values),
            "min_s": min(values),
            "max_s": max(values),
            "samples_s": values,
            "exit_codes": sorted(codes[name]),
        }
        for name, values in samples.items()
    }


def format_table(results: dict[str, dict[str, Any]]) -> str:
    header = ("command", "median s", "min s", "max s", "runs")
    rows = [header] + [
        (name, f"{r['median_s']:.3f}", f"{r['min_s']:.3f}", f"{r['max_s']:.3f}", str(r["runs"]))
        for name, r in results.items()
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = [
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=False)))
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command (>= 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs of each command first")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON results")
    args = parser.parse_args(argv)
    if args.runs < 5:
        parser.error("--runs must be at least 5 (the median of fewer runs is noise)")

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from torchtrt_compat._atomic import atomic_write_text

    results = measure(args.runs, args.warmup)
    ours = results["torchtrt-compat check --json"]
    theirs = results["python -m torch.utils.collect_env"]
    ratio = theirs["median_s"] / ours["median_s"]
    meets_time = ours["median_s"] <= TARGET_SECONDS
    meets_ratio = ratio >= TARGET_RATIO

    print(format_table(results))
    print()
    print(f"ratio collect_env / ours (medians): {ratio:.1f}x")
    print(f"target ours <= {TARGET_SECONDS} s: {'met' if meets_time else 'NOT met'} ({ours['median_s']:.3f} s)")
    print(
        f"target >= {TARGET_RATIO:.0f}x faster than collect_env: {'met' if meets_ratio else 'NOT met'} ({ratio:.1f}x)"
    )
    for name, r in results.items():
        if r["exit_codes"] != [0]:
            print(f"note: {name} exited with {r['exit_codes']}")

    record = {
        "benchmark": "cli_startup",
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": os.cpu_count()},
        "results": results,
        "ratio_collect_env_over_ours": ratio,
        "targets": {"ours_max_s": TARGET_SECONDS, "min_ratio": TARGET_RATIO},
        "met": {"ours_max_s": meets_time, "min_ratio": meets_ratio},
    }
    atomic_write_text(args.out, json.dumps(record, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
