"""`build_plan`: check a plan, skip what is built, build the rest in parallel, write the summary."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import _atomic
from .._errors import UsageError
from ..ux import display as _display
from ..ux.display import safe
from . import summary
from .executors import connect_ray, default_workers, import_ray, run_local, run_ray
from .keys import built_manifest, with_key
from .live import Live
from .plan import Job, check_imports, load_plan
from .worker import artifact_facts, base_row

SUMMARY_JSON, SUMMARY_HTML = "build-summary.json", "build-summary.html"


@dataclass
class PlanResult:
    """Every build of a plan: a row each (``status`` built, up to date, failed, timed out, crashed, not run)."""

    rows: list[dict[str, Any]]
    totals: dict[str, Any]
    out: Path
    origin: str
    interrupted: bool = False
    files: list[Path] = field(default_factory=list)  #: the summary files written

    @property
    def ok(self) -> bool:
        """True when every build is built or up to date."""
        return not self.interrupted and all(r["status"] in summary.OK for r in self.rows)

    @property
    def failed(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["status"] not in summary.OK]

    def to_dict(self) -> dict[str, Any]:
        return summary.to_json(self.rows, self.totals, self.origin)

    def table(self) -> str:
        return summary.table(self.rows, self.totals)

    def __repr__(self) -> str:
        failed = ", ".join(r["name"] for r in self.failed[:3])
        return _display.safe(
            _display.compact_repr(
                f"PlanResult {summary.totals_line(self.totals)}",
                f"failed: {failed}" if failed else "",
                f"summary: {self.out / SUMMARY_HTML}",
            )
        )

    def _repr_html_(self) -> str:
        verdict, tone = ("all built", "ok") if self.ok else (f"{len(self.failed)} not built", "error")
        return _display.panel(
            f"build plan {self.origin}", summary.html_body(self.rows, self.totals), tone=tone, verdict=verdict
        )


def build_plan(
    plan: str | os.PathLike[str] | dict[str, Any],
    *,
    out: str | os.PathLike[str] | None = None,
    workers: int | None = None,
    timeout: float | None = None,
    force: bool = False,
    ray: str | None = None,
    ray_transfer: str = "shared",
    trust: bool = False,
    progress: bool = True,
    sign_key: str | os.PathLike[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> PlanResult:
    """Build every (model, target set, precision) of ``plan`` (a plan.toml or a dict; see `farm.plan`).

    A bad plan raises `UsageError` before anything is built. Builds already done with the same content hash are
    skipped (``force=True`` rebuilds). Each build runs in its own process: locally, ``workers`` at a time (default
    from cores and memory), or as Ray tasks with ``ray`` ("" for a local Ray, or a cluster address). A failed build
    is a row; the others go on. Writes ``OUT/build-summary.json`` and ``.html``. Ctrl-C stops cleanly: finished
    folders stay, no partial folder appears, and a re-run resumes. ``sign_key`` signs every folder (a plan's
    ``sign_key`` otherwise); ``settings`` (build_engine keyword arguments) apply to every build over the plan's.
    """
    started = time.perf_counter()
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise UsageError(f"--workers {workers!r} is not a positive whole number.", "pass e.g. --workers 2")
    if ray_transfer not in ("shared", "return"):
        raise UsageError(f"ray_transfer={ray_transfer!r} is neither 'shared' nor 'return'.", "pick one of them")
    if ray is None and ray_transfer == "return":
        raise UsageError("--ray-return sends Ray tasks' folders back; without --ray there are no tasks.", "add --ray")
    if ray is not None and workers is not None:
        raise UsageError(
            "--workers sizes the local pool; with --ray, the cluster's CPUs decide how many builds run at once.",
            "drop --workers (or drop --ray)",
        )
    checked = load_plan(plan, out=out, trust=trust, timeout=timeout, sign_key=sign_key, settings=settings)
    jobs = [with_key(j) for j in checked.jobs]
    for job in jobs:  # what killed runs of this host left: staging folders, temporary logs
        _atomic.clean_stale(Path(job.folder))
        _atomic.clean_stale(Path(job.log))
    rows: dict[str, dict[str, Any]] = {}
    todo: list[Job] = []
    for job in jobs:
        manifest = None if force else built_manifest(job)
        if manifest is None:
            todo.append(job)
            continue
        row = base_row(job)
        row.update(artifact_facts(manifest, Path(job.folder)), status="up to date", seconds=0.0)
        rows[job.name] = row
    check_imports(todo)
    if ray is not None:
        executor, n = "ray", _ray_cpus(ray, len(todo))
    else:  # never more workers than builds: a number of workers is a request, not an allocation
        executor, n = "local", max(1, min(workers or checked.workers or default_workers(todo), len(todo)))
    live = Live(1 if executor == "ray" else n, len(todo), enabled=progress)
    events = (live.start, live.stage, live.done) if executor == "local" else _ray_events(live)
    stream: Iterator[dict[str, Any]] = iter(())
    interrupted = False
    try:
        if todo:
            stream = (
                run_ray(todo, ray, events, transfer=ray_transfer) if executor == "ray" else run_local(todo, n, events)
            )
            for row in stream:
                rows[row["name"]] = row
                live.tick()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()  # stops running builds when the interrupt came between two rows
        live.close()
    ordered = [rows.get(j.name) or _unfinished(j, interrupted) for j in jobs]
    totals = summary.totals(ordered, time.perf_counter() - started, executor, n)
    result = PlanResult(ordered, totals, checked.out, checked.origin, interrupted)
    result.files = _write_summary(result)
    if interrupted:
        kept = sum(1 for r in ordered if r["status"] in summary.OK)
        print(
            summary.safe(
                f"interrupted: {kept} finished build(s) are kept in {checked.out}, {len(ordered) - kept} not built; "
                "run the same command again to resume"
            ),
            file=sys.stderr,
        )
        raise KeyboardInterrupt
    return result


def _unfinished(job: Job, interrupted: bool) -> dict[str, Any]:
    """The row of a build that reported nothing: its folder may have been published just before an interrupt."""
    row = base_row(job)
    manifest = built_manifest(job)
    if manifest is not None:
        row.update(artifact_facts(manifest, Path(job.folder)), status="built")
    elif interrupted:
        row["status"] = "interrupted"
    return row


def _write_summary(result: PlanResult) -> list[Path]:
    json_path, html_path = result.out / SUMMARY_JSON, result.out / SUMMARY_HTML
    page = _display.page(
        safe(f"torchtrt-compat build plan {result.origin}"), summary.html_body(result.rows, result.totals)
    )
    try:
        _atomic.atomic_write_json(json_path, result.to_dict())
        _atomic.atomic_write_text(html_path, page)
    except OSError as exc:  # the output folder became unwritable (or full) while the builds ran
        raise UsageError(
            f"The builds ended, but the summary cannot be written to {result.out}: {exc.strerror or exc}.",
            "free space or fix the folder's permissions, then run the same command again (finished builds are kept)",
        ) from None
    return [json_path, html_path]


def _ray_cpus(address: str, todo: int) -> int:
    import_ray()
    if not todo:
        return 0
    ray = connect_ray(address)
    return max(1, min(int(ray.cluster_resources().get("CPU", 1)), todo))


def _ray_events(live: Live) -> Any:
    """Ray runs many tasks at once on many nodes: one line that counts them."""
    running: set[str] = set()

    def start(_slot: int, job: Job) -> None:
        running.add(job.name)
        live._set(0, "ray", f"{len(running)} task(s) submitted or running")

    def stage(_slot: int, _text: str) -> None:
        return None

    def done(_slot: int, row: dict[str, Any]) -> None:
        running.discard(row["name"])
        live.done(0, row)
        if running:
            live._set(0, "ray", f"{len(running)} task(s) submitted or running")

    return start, stage, done
