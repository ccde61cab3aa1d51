"""One build in its own process: ``python -m torchtrt_compat.farm._child FD`` reads a `Job` (JSON) on stdin.

It writes JSON lines to file descriptor FD: ``{"stage": text}`` as the build moves on (the `_progress` stages of
`build_engine`), then ``{"result": row}``. Its stdout and stderr are the build log. A crash, a hang or an
out-of-memory kill ends this process only; the parent turns that into a failed row. The artifact folder is
published with `_atomic.atomic_dir` (through `EngineArtifact.save`): it appears complete or not at all.
"""

from __future__ import annotations

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

from .._errors import UsageError
from ..compiler import build_engine
from ..compiler.inputs import example_inputs_of
from ..models import get_model
from ..troubleshooting import explain
from ..ux import progress as _progress
from ..ux.quiet import last_capture
from .keys import KEY_FIELD
from .plan import PRECISIONS, Job, import_paths


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
        "engine_bytes": sum(int(files.get(f, {}).get("bytes", 0)) for f in engines.values()),
        "folder_bytes": sum(int(m.get("bytes", 0)) for m in files.values() if isinstance(m, dict)),
        "pytorch_ops": list(report.get("pytorch_ops") or []),
        "trt_op_fraction": report.get("trt_op_fraction"),
        "warnings": list(report.get("warnings") or []),
    }


def load_model(job: Job) -> tuple[Any, tuple[Any, ...]]:
    """The model and its example inputs, as the plan names them."""

    if job.kind == "catalogue":
        entry = get_model(job.location)
        return entry.build(), tuple(entry.example_inputs())
    if job.kind == "program":
        import torch

        program = torch.export.load(job.location)
        return program, example_inputs_of(program)
    import importlib

    module, function = job.location.split(":")
    with import_paths(job.import_paths):
        made = getattr(importlib.import_module(module), function)()
    if not (isinstance(made, (tuple, list)) and len(made) == 2):
        raise UsageError(
            f"{job.location}() returned {type(made).__name__}, not (model, inputs).",
            "return the model and a tuple of example inputs: return model, (x,)",
        )
    model, inputs = made
    return model, tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)


def run_job(job: Job, emit: Callable[[str], None], threads: int = 1) -> dict[str, Any]:
    """Build ``job`` in this process and publish its folder; returns its summary row (never raises)."""

    row = base_row(job)
    start = time.perf_counter()
    try:
        emit("importing torch")
        import torch

        torch.set_num_threads(max(1, threads))

        emit("loading the model")
        model, inputs = load_model(job)
        dtype = PRECISIONS[job.precision]
        precisions = {getattr(torch, dtype)} if dtype else None
        bar = _progress._Progress(
            job.name, lambda _title, stages, _done, _state: emit(stages[-1][0]) if stages else None
        )
        _progress._current.append(bar)  # build_engine's stages report into this bar (and on to the parent)
        built = time.perf_counter()
        try:
            artifact = build_engine(
                model,
                list(inputs),
                compute_capabilities=list(job.targets),
                enabled_precisions=precisions,
                verbose=False,
                **job.settings,
            )
        finally:
            _progress._current.remove(bar)
        row["build_seconds"] = time.perf_counter() - built
        artifact.metadata[KEY_FIELD] = job.key
        artifact.metadata["farm"] = {"model": job.model, "source": job.source, "precision": job.precision}
        emit("publishing")
        artifact.save(job.folder)
        manifest = json.loads((Path(job.folder) / "manifest.json").read_text())
        row.update(artifact_facts(manifest, Path(job.folder)), status="built")
    except BaseException as exc:  # one failed row, whatever went wrong; the parent keeps going
        row.update(failure_facts(exc))
    finally:
        _write_captured_log()
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
    capture = last_capture()
    log = getattr(exc, "log", None) or (capture.text() if capture else None)
    try:
        found = explain(text + "\n" + "".join(traceback.format_exception(exc)), log=log)
        facts["diagnosis"] = [{"key": e.key, "title": e.title, "fix": e.fix} for e in found[:2]]
    except Exception:  # a diagnosis is a bonus; the failure row stands without it
        facts["diagnosis"] = []
    return facts


def _write_captured_log() -> None:
    capture = last_capture()
    if capture is not None and capture.lines:
        sys.stderr.write(capture.text())
        sys.stderr.flush()


def _stop(signum: int, _frame: Any) -> None:
    raise SystemExit(128 + signum)  # unwinds atomic_dir: the staging folder is removed, nothing is published


def forked_main(job: Job, conn: Any, threads: int, log: str) -> None:
    """A build forked from the pool's warm fork server: the same as `main`, over a multiprocessing pipe."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    row = run_job(job, lambda text: conn.send({"stage": text}), threads)
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
