"""A base install (``pip install -e .``, no extras, no torch): every command works or refuses in one line.

Run by ``.ci/run`` with the interpreter of a second, small environment that has only the base install:

    python3 -m venv /tmp/base && /tmp/base/bin/pip install -e . && /tmp/base/bin/python tests/cli/base_install_probe.py

Each command runs in a fresh process; the probe fails on a traceback, an exit code the command does not document
(`torchtrt_compat.cli.EXIT_CODES`), a refusal longer than one line, or a refusal that took more than ``REFUSAL_S`` of
CPU (they are decided before any heavy import: there is none to make here). CPU time, not wall time: a shared CI
machine's load stretches the wall clock but not the work. It prints one row per command with both.
"""

from __future__ import annotations

import importlib.util
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: a refusal on a base install reads metadata and the catalogue only: the CPU seconds of its whole process. The
#: target is 1 s (measured 0.5 to 0.75 s on the 2-core development host); the bound leaves room for a slower CI CPU
#: and still fails on any heavy import (importing torch alone takes several CPU seconds)
REFUSAL_S = 2.0


def _cases(tmp: Path) -> list[tuple[list[str], set[int], str | None]]:
    """(argv, the exit codes it may give, a text its output must hold)."""
    signed = tmp / "signed"
    signed.mkdir()
    (signed / "signature.sig").write_text("{}")
    key = tmp / "signing.pub"
    key.write_text("-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n")
    out = str(tmp / "out")
    extra = "pip install -e"
    return [
        (["check"], {0, 1, 3}, "verdict:"),
        (["env"], {0}, "torchtrt_compat"),
        (["matrix"], {0}, "torch-tensorrt"),
        (["matrix", "--gpus"], {0}, "RTX 4090"),
        (["suggest", "--gpu", "RTX 4090"], {0}, "pip install"),
        (["shims"], {0}, "cpu_import"),
        (["shims", "deform_conv2d"], {2}, "deform_conv2d_device"),
        (["models"], {0}, "models:resnet18"),
        (["models", "resnt18"], {2}, "resnet18"),
        (["build", "models:resnet18", "--cc", "8.9", "--out", out], {1}, extra),
        (["build", "models:resnet81", "--cc", "8.9", "--out", out], {2}, "resnet18"),
        (["build", "models:resnet18", "--cc", "8.99", "--out", out], {2}, "8.99"),
        (["build", "resnet18", "--cc", "8.9", "--out", out], {2}, "models:resnet18"),
        (["build", "models:resnet18", "--cc", "8.9", "--out", out, "--min-block-size", "0"], {2}, "--min-block-size"),
        (["bench", "models:resnet18"], {1}, extra),
        (["bench", "models:resnet18", "--iters", "0"], {2}, "--iters"),
        (["verify", str(signed), "--key", str(key)], {1}, "model-signing"),
        (["verify", str(tmp), "--key", str(key)], {2}, "not signed"),
        (["explain", str(key)], {0, 1}, None),
        (["selftest"], {1, 3}, "torch is not installed"),
    ]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    if importlib.util.find_spec("torch") is not None:
        print("this probe is for a base install without torch; this interpreter has torch", file=sys.stderr)
        return 2
    from torchtrt_compat.cli import COMMON_EXIT_CODES, EXIT_CODES

    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for argv, codes, expect in _cases(Path(folder)):
            start, used = time.perf_counter(), _children_cpu()
            done = subprocess.run(
                [sys.executable, "-m", "torchtrt_compat", *argv], capture_output=True, text=True, timeout=120
            )
            seconds, cpu = time.perf_counter() - start, _children_cpu() - used
            text = done.stdout + done.stderr
            problems = []
            documented = set(EXIT_CODES[argv[0]]) | set(COMMON_EXIT_CODES)
            if done.returncode not in codes or done.returncode not in documented:
                problems.append(f"exit {done.returncode}, expected {sorted(codes)}")
            if "Traceback" in text:
                problems.append("a traceback")
            if expect is not None and expect not in text:
                problems.append(f"no {expect!r} in the output")
            refused = done.returncode != 0 and argv[0] not in ("selftest", "check", "explain")  # those report
            if refused and len(done.stderr.strip().splitlines()) != 1:
                problems.append(f"a refusal of {len(done.stderr.strip().splitlines())} lines")
            if refused and cpu > REFUSAL_S:
                problems.append(f"refused after {cpu:.2f} s of CPU")
            mark = "ok  " if not problems else "FAIL"
            command = " ".join(["torchtrt-compat", *argv])
            print(f"{mark} {cpu:5.2f} s CPU {seconds:5.2f} s wall  exit {done.returncode}  {command}")
            if problems:
                failures.append(f"torchtrt-compat {' '.join(argv)}: {'; '.join(problems)}\n{text[-2000:]}")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"base install: {len(failures)} of {len(_cases(Path(tempfile.mkdtemp())))} commands failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
