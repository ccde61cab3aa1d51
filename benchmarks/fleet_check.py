"""``torchtrt-compat check --fleet`` on 10,000 hosts, and ``check --target`` of one host, each a cold process.

The fleet is JSON lines of ``env --json`` outputs built from the matrix's own releases: a few images (the sets
``suggest`` picks for common GPUs and drivers, plus a stale image and one with a release newer than the matrix),
spread over hosts with 1-8 GPUs and one of several driver versions, with a bad line every 1,000 hosts. The
alternative measured in the same run is one ``check --target`` process per host (timed on a sample and taken per
host). Targets: 10,000 hosts <= 5 s; one host <= 0.5 s cold, without importing torch.

    .venv/bin/python benchmarks/fleet_check.py                 # writes benchmarks/results/fleet_check.json
    .venv/bin/python benchmarks/fleet_check.py --hosts 2000 --runs 3 --out /tmp/fleet_check.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchtrt_compat.compatibility.suggest import suggest  # noqa: E402

FLEET_TARGET_S = 5.0
ONE_HOST_TARGET_S = 0.5
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "fleet_check.json"
GPUS = {
    "H100": "NVIDIA H100 80GB HBM3",
    "A100": "NVIDIA A100-SXM4-80GB",
    "L4": "NVIDIA L4",
    "RTX 4090": "NVIDIA GeForce RTX 4090",
}
DRIVERS = ["580.95.05", "580.65.06", "570.124.06", "550.54.15", "535.104.05"]


def _images() -> list[dict[str, Any]]:
    """env --json bodies (without GPUs and driver) of a few realistic images."""
    images = []
    for gpu, driver in (("H100", "580.95.05"), ("L4", "570.124.06"), ("A100", "535.104.05"), ("RTX 4090", None)):
        result = suggest(gpus=[gpu], driver=driver, python="3.12" if driver else None, platform="linux_x86_64")
        assert result.spec is not None, gpu
        images.append(result.spec)
    stale = dict(images[0], torch="2.13.0")  # torch upgraded without torch_tensorrt: incompatible
    future = dict(images[0], torch_tensorrt={"package": "torch-tensorrt", "version": "2.99.0"})  # unknown
    images += [stale, future]
    bodies = []
    for spec in images:
        bodies.append(
            {
                "source": "this machine",
                "platform": spec["platform"],
                "python": spec["python"],
                "torch": spec["torch"],
                "torch_cuda": None,
                "torchvision": spec["torchvision"],
                "torch_tensorrt": {
                    "name": spec["torch_tensorrt"]["package"],
                    "version": spec["torch_tensorrt"]["version"],
                },
                "torch_tensorrt_built": {},
                "tensorrt": {"name": spec["tensorrt"]["package"], "version": spec["tensorrt"]["version"]},
                "notes": [],
            }
        )
    return bodies


def make_fleet(path: Path, hosts: int, seed: int = 0) -> int:
    rng = random.Random(seed)
    images = _images()
    lines = []
    for i in range(hosts):
        if i % 1000 == 999:
            lines.append('{"torch": "2.14.0", "torch": "2.13.0"}')  # a bad line: its own row
            continue
        gpu = rng.choice(list(GPUS))
        from torchtrt_compat.compatibility.matrix import gpu_compute_capability

        found = gpu_compute_capability(gpu)
        assert found is not None
        body = dict(rng.choice(images))
        body["host"] = f"node-{i:05d}"
        body["driver"] = rng.choice(DRIVERS)
        body["gpus"] = [{"name": GPUS[gpu], "compute_capability": found[1], "memory_mib": 81559}] * rng.randint(1, 8)
        lines.append(json.dumps(body))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(images)


def _cli() -> list[str]:
    script = Path(sys.executable).with_name("torchtrt-compat")
    return [str(script)] if script.exists() else [sys.executable, "-m", "torchtrt_compat"]


#: Child processes run as an installed package does: with compiled bytecode (kept out of the tree, in a temporary
#: prefix), even where the shell sets PYTHONDONTWRITEBYTECODE; the warm-up run writes it.
PYCACHE = Path(tempfile.gettempdir()) / "torchtrt_compat_bench_pycache"
CHILD_ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONWARNINGS": "ignore",
    "PYTHONPYCACHEPREFIX": str(PYCACHE),
}


def time_once(args: list[str]) -> tuple[float, int, str]:
    start = time.perf_counter()
    proc = subprocess.run(_cli() + args, capture_output=True, text=True, env=CHILD_ENV, cwd=ROOT)
    return time.perf_counter() - start, proc.returncode, proc.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hosts", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sample", type=int, default=10, help="hosts checked one process each (the alternative)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        fleet = Path(tmp) / "fleet.jsonl"
        images = make_fleet(fleet, args.hosts)
        lines = fleet.read_text(encoding="utf-8").splitlines()
        one = Path(tmp) / "one.json"
        one.write_text(lines[0], encoding="utf-8")
        time_once(["check", "--fleet", str(fleet), "--json"])  # page cache and bytecode
        time_once(["check", "--target", str(one), "--json"])
        fleet_s, summary = [], {}
        for _ in range(args.runs):
            seconds, rc, out = time_once(["check", "--fleet", str(fleet), "--json"])
            assert rc in (0, 1, 3), rc
            fleet_s.append(seconds)
            data = json.loads(out)
            summary = data["summary"]
            assert len(data["hosts"]) == args.hosts
        one_s = []
        for line in lines[: args.sample]:
            one.write_text(line, encoding="utf-8")
            seconds, rc, _ = time_once(["check", "--target", str(one), "--json"])
            assert rc in (0, 1, 2, 3), rc
            one_s.append(seconds)
        local_s = [time_once(["check", "--json"])[0] for _ in range(args.sample // 2 or 1)]
        bare_s = []
        for _ in range(args.sample // 2 or 1):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], env=CHILD_ENV)
            bare_s.append(time.perf_counter() - start)
        heavy = (
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import sys; from torchtrt_compat.cli import main; "
                    f"main(['check', '--target', {str(one)!r}, '--json']); "
                    "print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'tensorrt', 'torch_tensorrt', "
                    "'tensorrt_rtx', 'torchvision')))",
                ],
                capture_output=True,
                text=True,
                cwd=ROOT,
                env=CHILD_ENV,
            )
            .stdout.strip()
            .splitlines()[-1]
        )

    fleet_median = statistics.median(fleet_s)
    one_median = statistics.median(one_s)
    per_host_alternative = one_median * args.hosts
    rows = [
        (
            f"check --fleet ({args.hosts:,} hosts, cold process)",
            f"{fleet_median:.2f} s",
            f"<= {FLEET_TARGET_S} s",
            "ok" if fleet_median <= FLEET_TARGET_S else "MISSED",
        ),
        (
            "check --target (one host, cold process)",
            f"{one_median:.3f} s",
            f"<= {ONE_HOST_TARGET_S} s",
            "ok" if one_median <= ONE_HOST_TARGET_S else "MISSED",
        ),
        (
            f"one process per host, {args.hosts:,} hosts (from the sample)",
            f"{per_host_alternative:.0f} s",
            "-",
            f"fleet is {per_host_alternative / fleet_median:.0f}x faster",
        ),
        ("heavy modules imported by check --target", heavy, "[]", "ok" if heavy == "[]" else "MISSED"),
        ("reference: check --json of this machine (same run)", f"{statistics.median(local_s):.3f} s", "-", ""),
        ("reference: python -c pass (same run)", f"{statistics.median(bare_s):.3f} s", "-", ""),
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    header = ("measure", "median", "target", "")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
    print(f"summary: {json.dumps(summary)}")
    print(f"load average (1 min) during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    result = {
        "benchmark": "fleet_check",
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average_1m": os.getloadavg()[0],
        },
        "hosts": args.hosts,
        "images": images,
        "runs": args.runs,
        "fleet_seconds": fleet_s,
        "fleet_median_s": fleet_median,
        "one_host_seconds": one_s,
        "one_host_median_s": one_median,
        "one_process_per_host_estimate_s": per_host_alternative,
        "speedup_vs_one_process_per_host": per_host_alternative / fleet_median,
        "heavy_modules_imported": heavy,
        "reference_check_this_machine_median_s": statistics.median(local_s),
        "reference_python_startup_median_s": statistics.median(bare_s),
        "summary": summary,
        "targets": {"fleet_s": FLEET_TARGET_S, "one_host_s": ONE_HOST_TARGET_S},
    }
    from torchtrt_compat._atomic import atomic_write_json

    args.out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_json(args.out, result)
    print(f"wrote {args.out}")
    return 0 if fleet_median <= FLEET_TARGET_S and one_median <= ONE_HOST_TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
