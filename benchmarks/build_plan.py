"""The build farm on 12 builds (6 small catalogue models x 2 targets), in one run: serial vs pool vs local Ray, and
a re-run of the finished plan.

- **serial (bare)**: one process that imports torch once and calls ``build_engine`` + ``save`` for each build in turn:
  the alternative, and each build's bare time.
- **pool, 1 worker**: ``build_plan(workers=1)``: every build in its own fresh process, one at a time; its per-task
  time minus the bare time of the same build is the farm's overhead per task (a process, a torch import, the model,
  the publish).
- **pool**: ``build_plan()`` with the default worker count (from cores and memory).
- **ray**: ``build_plan(ray="")`` on a local Ray started with ``ray.init(num_cpus=cores)``; Ray's start is timed apart.
- **re-run**: the pool's plan again, everything up to date. Target: at most 5% of the pool's first run.

    PYTHONPATH=. .venv/bin/python benchmarks/build_plan.py            # writes benchmarks/results/build_plan.json
    PYTHONPATH=. .venv/bin/python benchmarks/build_plan.py --models 2 --skip-ray --out /tmp/build_plan.json

Speed-ups are ratios against the serial run of the same invocation; this host is shared, so the JSON keeps the load
average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from torchtrt_compat.farm import build_plan  # noqa: E402
from torchtrt_compat.farm.executors import cpu_count  # noqa: E402
from torchtrt_compat.farm.keys import stack_versions  # noqa: E402

TARGETS = ["8.9", "12.0"]
#: small models of the bundled catalogue: a 1-10 s TensorRT-RTX build each on this host
NAMES = ("resnet18", "fcn_resnet18", "tiny_transformer", "efficientnet_b0", "mobilenet_v3_small", "lraspp_mobilenet_v3")
RERUN_TARGET = 0.05
DEFAULT_OUT = HERE / "results" / "build_plan.json"

_SERIAL = """
import json, resource, sys, time
sys.path[:0] = {paths!r}
t0 = time.perf_counter()
import torch
import torchtrt_compat as tc
from torchtrt_compat.models import get_model
imported = time.perf_counter() - t0
rows = []
for name in {names!r}:
    for cc in {targets!r}:
        start = time.perf_counter()
        entry = get_model(name)
        art = tc.build_engine(entry.build(), list(entry.example_inputs()), compute_capabilities=[cc], verbose=False)
        art.save({out!r} + "/" + name + "/sm" + cc.replace(".", "") + "-fp32")
        rows.append({{"name": name + "/sm" + cc.replace(".", "") + "-fp32", "seconds": time.perf_counter() - start}})
print(json.dumps({{"import_s": imported, "rows": rows,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def plan(out: Path, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "out": str(out),
        "defaults": {"targets": TARGETS, "memory_gb": 2},
        "models": {n: {"source": f"models:{n}"} for n in names},
    }


def serial(out: Path, names: tuple[str, ...]) -> dict[str, Any]:
    code = _SERIAL.format(paths=[str(ROOT)], names=list(names), targets=TARGETS, out=str(out))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    data["wall_s"] = time.perf_counter() - start
    return data


def farm(out: Path, names: tuple[str, ...], **kwargs: Any) -> dict[str, Any]:
    start = time.perf_counter()
    result = build_plan(plan(out, names), progress=False, **kwargs)
    wall = time.perf_counter() - start
    bad = [r for r in result.rows if r["status"] not in ("built", "up to date")]
    if bad:
        raise SystemExit(f"build failed in the benchmark: {bad[0]['name']}: {bad[0].get('error')}")
    return {"wall_s": wall, "workers": result.totals["workers"], "rows": result.rows}


def _mode(label: str, run: dict[str, Any], base: dict[str, float], serial_wall: float) -> dict[str, Any]:
    rows = run["rows"]
    per_task = [r["seconds"] for r in rows]
    over = [r["seconds"] - base[r["name"]] for r in rows if r["name"] in base]
    return {
        "mode": label,
        "workers": run.get("workers", 1),
        "builds": len(rows),
        "wall_s": run["wall_s"],
        "speedup_vs_serial": serial_wall / run["wall_s"],
        "task_s_mean": statistics.mean(per_task),
        "overhead_per_task_s": statistics.mean(over) if over else 0.0,
        "build_s_mean": statistics.mean(r.get("build_seconds") or r["seconds"] for r in rows),
        "peak_rss_mb_max": max(float(r.get("peak_rss_mb") or 0) for r in rows),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", type=int, default=len(NAMES), help="how many of the six models (x2 targets)")
    ap.add_argument("--skip-ray", action="store_true")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()
    names = NAMES[: args.models]
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-build-plan-") as tmp:
        work = Path(tmp)
        print(f"serial (bare build_engine, one process): {len(names) * len(TARGETS)} builds ...", flush=True)
        bare = serial(work / "serial", names)
        base = {r["name"]: r["seconds"] for r in bare["rows"]}
        print("pool, 1 worker ...", flush=True)
        pool1 = farm(work / "pool1", names, workers=1)
        print("pool, default workers ...", flush=True)
        pool = farm(work / "pool", names)
        print("re-run of the finished pool plan ...", flush=True)
        rerun = farm(work / "pool", names)
        ray_run, ray_start = None, None
        if not args.skip_ray:
            import ray

            print("local Ray ...", flush=True)
            t = time.perf_counter()
            ray.init(
                num_cpus=cpu_count(),
                include_dashboard=False,
                log_to_driver=False,
                runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}},
            )
            ray_start = time.perf_counter() - t
            try:
                ray_run = farm(work / "ray", names, ray="")
            finally:
                ray.shutdown()
    serial_wall = bare["wall_s"]
    modes = [
        {
            "mode": "serial (bare)",
            "workers": 1,
            "builds": len(bare["rows"]),
            "wall_s": serial_wall,
            "speedup_vs_serial": 1.0,
            "task_s_mean": statistics.mean(base.values()),
            "overhead_per_task_s": 0.0,
            "build_s_mean": statistics.mean(base.values()),
            "peak_rss_mb_max": bare["peak_rss_mb"],
        },
        _mode("pool, 1 worker", pool1, base, serial_wall),
        _mode(f"pool, {pool['workers']} workers", pool, base, serial_wall),
    ]
    if ray_run is not None:
        modes.append(_mode(f"ray, {ray_run['workers']} CPUs", ray_run, base, serial_wall))
    rerun_share = rerun["wall_s"] / pool["wall_s"]
    _print(modes, bare, rerun["wall_s"], rerun_share, ray_start)
    result = {
        "benchmark": "build_plan",
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": {
            "cpus": cpu_count(),
            "platform": platform.platform(),
            "load_before": load_before,
            "load_after": os.getloadavg(),
            "default_workers_for_2gb_builds": pool["workers"],
        },
        "versions": stack_versions(),
        "targets": TARGETS,
        "models": list(names),
        "serial_import_s": bare["import_s"],
        "ray_start_s": ray_start,
        "modes": modes,
        "rerun": {"wall_s": rerun["wall_s"], "share_of_first_run": rerun_share, "target": RERUN_TARGET},
        "per_build": [
            {
                "name": r["name"],
                "bare_s": base.get(r["name"]),
                "task_s": r["seconds"],
                "build_engine_s": r.get("build_seconds"),
                "peak_rss_mb": r.get("peak_rss_mb"),
            }
            for r in pool1["rows"]
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


def _print(
    modes: list[dict[str, Any]], bare: dict[str, Any], rerun_s: float, share: float, ray_start: float | None
) -> None:
    head = ["mode", "builds", "wall s", "speed-up", "task s", "overhead/task s", "peak MB/build"]
    rows = [
        [
            m["mode"],
            str(m["builds"]),
            f"{m['wall_s']:.1f}",
            f"{m['speedup_vs_serial']:.2f}x",
            f"{m['task_s_mean']:.1f}",
            f"{m['overhead_per_task_s']:.1f}",
            f"{m['peak_rss_mb_max']:.0f}",
        ]
        for m in modes
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths], *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
    print(f"serial: torch import {bare['import_s']:.1f} s once (inside its wall time); peak is the whole process")
    if ray_start is not None:
        print(f"ray: ray.init took {ray_start:.1f} s (not in its wall time)")
    verdict = "MET" if share <= RERUN_TARGET else "NOT MET"
    print(f"re-run of the finished plan: {rerun_s:.2f} s = {share:.1%} of the first run (target <= 5%: {verdict})")


if __name__ == "__main__":
    sys.exit(main())
