"""One build in its own process (``python -P -c`` `executors._BOOT` ``FD THREADS``, then `main`) reads a `Job` (JSON)
on stdin.

It writes JSON lines to file descriptor FD: ``{"stage": text}`` as the build moves on (the `ux.progress` stages of
`build_engine`, through `nested_progress`), then ``{"result": row}``. Its stdout and stderr are the build log. A
crash, a hang or an out-of-memory kill ends this process only; the parent turns that into a failed row. The artifact
folder is published with `_atomic.atomic_dir` (through `EngineArtifact.save`): it appears complete or not at all.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..compiler import build_engine
from ..troubleshooting import explain
from ..ux.progress import nested_progress
from .keys import KEY_FIELD
from .logs import append_to
from .plan import PRECISIONS, Job, check_job_folder
from .sources import load_source


def base_row(job: Job) -> dict[str, Any]:
    return {
        "name": job.name,
        "model": job.model,
        "source": job.source,
        "targets": list(job.targets),
        "precision": job.precision,
        "folder": job.folder,
        "key": job.key,
        "status": "not run",
    }


def artifact_facts(manifest: dict[str, Any], folder: Path) -> dict[str, Any]:
    """What the summary shows of a built folder, from its manifest."""
    files = manifest.get("files") or {}
    report = manifest.get("report") or {}
    engines = manifest.get("engines") or {}
    return {
        "engines": len(engines),
        # format 3 lists each engine's size (it is stored inside the .ep); format 2 named its plan file
        "engine_bytes": sum(
            int(e.get("bytes", 0)) if isinstance(e, dict) else int(files.get(e, {}).get("bytes", 0))
            for e in engines.values()
        ),
        "folder_bytes": sum(int(m.get("bytes", 0)) for m in files.values() if isinstance(m, dict)),
        "pytorch_ops": list(report.get("pytorch_ops") or []),
        "trt_op_fraction": report.get("trt_op_fraction"),
        "warnings": list(report.get("warnings") or []),
    }


def run_job(job: Job, emit: Callable[[str], None], threads: int = 1) -> dict[str, Any]:
    """Build ``job`` in this process and publish its folder; returns its summary row (never raises)."""

    row = base_row(job)
    log: list[str] = []
    start = time.perf_counter()
    try:
        emit("importing torch")
        import torch

        torch.set_num_threads(max(1, threads))

        emit("loading the model")
        model, inputs = load_source(job.model_source)
        dtype = PRECISIONS[job.precision]
        precisions = {getattr(torch, dtype)} if dtype else None
        built = time.perf_counter()
        with nested_progress(job.name, emit):  # build_engine's stages go on to the parent
            artifact = build_engine(
                model,
                list(inputs),
                compute_capabilities=list(job.targets),
                enabled_precisions=precisions,
                verbose=False,
                **job.settings,
            )
        log = artifact.report.log
        row["build_seconds"] = time.perf_counter() - built
        artifact.metadata[KEY_FIELD] = job.key
        artifact.metadata["farm"] = {"model": job.model, "source": job.source, "precision": job.precision}
        emit("publishing")
        check_job_folder(job, log=False)  # again: the output folder is shared, and minutes have passed
        artifact.save(job.folder, sign_key=job.sign_key, name=job.name, within=job.out or None)
        manifest = json.loads((Path(job.folder) / "manifest.json").read_text())
        row.update(artifact_facts(manifest, Path(job.folder)), status="built")
    except BaseException as exc:  # one failed row, whatever went wrong; the parent keeps going
        log = log or list(getattr(exc, "captured", None) or [])  # a BuildError carries what the build printed
        row.update(failure_facts(exc))
    finally:
        _write_log(log)
    row["seconds"] = time.perf_counter() - start
    row["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def failure_facts(exc: BaseException) -> dict[str, Any]:
    """status, a one-line error, and `explain`'s diagnosis of a failed build."""

    text = f"{type(exc).__name__}: {exc}"
    facts: dict[str, Any] = {"status": "failed", "error": " ".join(text.split())[:400]}
    stage = getattr(exc, "stage", None)
    if stage:
        facts["stage"] = stage
    captured = getattr(exc, "captured", None)
    log = getattr(exc, "log", None) or ("\n".join(captured) + "\n" if captured else None)
    try:
        found = explain(text + "\n" + "".join(traceback.format_exception(exc)), log=log)
        facts["diagnosis"] = [{"key": e.key, "title": e.title, "fix": e.fix} for e in found[:2]]
    except Exception:  # a diagnosis is a bonus; the failure row stands without it
        facts["diagnosis"] = []
    return facts


def _write_log(lines: list[str]) -> None:
    """What upstream printed during the build (captured, so it did not interleave with progress) into the log."""
    if lines:
        sys.stderr.write("\n".join(lines) + "\n")
        sys.stderr.flush()


def _stop(signum: int, _frame: Any) -> None:
    raise SystemExit(128 + signum)  # unwinds atomic_dir: the staging folder is removed, nothing is published


def forked_main(job: Job, conn: Any, threads: int, log: str) -> None:
    """A build forked from the pool's warm fork server: the same as `main`, over a multiprocessing pipe. ``log`` is
    the temporary log the pool made (`logs.open_log`), opened for appending and never through a symlink."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    try:
        fd = append_to(log)
    except OSError as exc:  # gone: the pool stopped this build before it started (Ctrl-C), or someone removed it
        row = base_row(job)
        row.update(status="failed", error=f"the build log {log} cannot be written: {exc.strerror or exc}")
        with contextlib.suppress(OSError):  # the pool may be gone too; this process's stderr is still its terminal
            conn.send({"result": row})
            conn.close()
        os._exit(1)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    row = run_job(job, lambda text: conn.send({"stage": text}), threads)
    with contextlib.suppress(OSError):  # the pool stopped waiting (interrupted): the row is in the summary anyway
        conn.send({"result": row})
        conn.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = os.fdopen(int(args[0]), "w", buffering=1)
    threads = int(args[1]) if len(args) > 1 else 1
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops us with SIGTERM
    signal.signal(signal.SIGTERM, _stop)
    data = json.loads(sys.stdin.read())
    data["targets"] = tuple(data["targets"])
    data["import_paths"] = tuple(data["import_paths"])
    data["depends"] = tuple(data["depends"])
    job = Job(**data)

    def emit(text: str) -> None:
        out.write(json.dumps({"stage": text}) + "\n")

    row = run_job(job, emit, threads)
    out.write(json.dumps({"result": row}, default=str) + "\n")
    out.close()
    return 0
