"""Where the builds run: a local pool of one process per build, or Ray tasks (each running one such process).

Every build has a process of its own: a crash, a hang (the per-build timeout) or an out-of-memory kill fails that
build's row, not the run. On a host without an NVIDIA driver (the farm's case: CPU build hosts) the pool forks each
build from a multiprocessing fork server that imported torch and torch_tensorrt once (`_preload`), which saves
seconds per build (a Ray worker keeps its own fork server warm from task to task); elsewhere each build is a fresh
``python -m torchtrt_compat.farm._child``, whose peak memory comes from the kernel (``wait4``). The pool starts a
build only when the memory it expects fits beside what the running builds may still grow by.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .. import _atomic
from .._errors import MissingDependencyError
from .._lazy import install_extra
from .plan import Job
from .worker import base_row, forked_main

GIB = 1024**3
STOP_GRACE_S = 5.0
WARM_ENV = (
    "TORCHTRT_COMPAT_FARM_WARM"  #: after SIGTERM, how long a build may take to remove its staging folder before SIGKILL
)

#: callbacks to the display: on_start(slot, job), on_stage(slot, text), on_done(slot, row)
Events = tuple[Callable[[int, Job], None], Callable[[int, str], None], Callable[[int, dict[str, Any]], None]]


# ---- machine facts -------------------------------------------------------------------------------------------------
def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def memory_available() -> int | None:
    """Bytes the kernel says new work can use (MemAvailable); None where /proc/meminfo is missing."""
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def default_workers(jobs: list[Job]) -> int:
    """One build per core, as many as the available memory holds at the largest expected peak; at least one."""
    if not jobs:
        return 1
    by_memory = cpu_count()
    avail = memory_available()
    if avail is not None:
        by_memory = int(avail // (max(j.memory_gb for j in jobs) * GIB))
    return max(1, min(cpu_count(), by_memory, len(jobs)))


# ---- one build process ---------------------------------------------------------------------------------------------
class _Build:
    """One build's process as the pool sees it: progress messages, its end, and how to stop it."""

    fd: int  #: readable when the build has written something (select on it)

    def __init__(self, job: Job) -> None:
        self.job = job
        self.started = time.perf_counter()
        self.stage = "starting"
        self.result: dict[str, Any] | None = None
        self.ended: tuple[int, float] | None = None  # (exit status, peak RSS MB) once ended
        self.stopped: str | None = None  # why the parent stopped it ("timed out", "interrupted")
        self.peak_seen = 0.0  # MB, sampled from /proc while it runs (a killed build reports nothing itself)
        Path(job.folder).parent.mkdir(parents=True, exist_ok=True)

    @property
    def pid(self) -> int:
        raise NotImplementedError

    def read(self) -> None:
        raise NotImplementedError

    def reap(self) -> bool:
        """True once the process has ended (its exit status and peak RSS are then in ``ended``)."""
        raise NotImplementedError

    def _signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)

    def sample(self) -> int:
        """The build's RSS now (bytes); keeps its high-water mark."""
        rss, hwm = _proc_memory(self.pid)
        self.peak_seen = max(self.peak_seen, hwm / 1024**2)
        return rss

    def stop(self, why: str) -> None:
        """SIGTERM (the build removes its staging folder), then SIGKILL after `STOP_GRACE_S`."""
        self.stopped = why
        self._signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_S
        while not self.reap() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not self.reap():
            self._signal(signal.SIGKILL)
            while not self.reap():
                time.sleep(0.05)
        _atomic.clean_stale(Path(self.job.folder))  # a killed build's staging folder: never a half folder

    def row(self) -> dict[str, Any]:
        """The summary row of the ended build."""
        assert self.ended is not None
        code, peak = self.ended
        wall = time.perf_counter() - self.started
        if self.result is not None and self.stopped is None:
            row = dict(self.result)
        else:
            row = base_row(self.job)
            if self.stopped == "timed out":
                row.update(status="timed out", error=f"no result after {self.job.timeout:.0f} s; the build was stopped")
            elif self.stopped:
                row.update(status=self.stopped, error="stopped before it finished; nothing was published")
            else:
                sig = -code if code < 0 else None
                name = signal.Signals(sig).name if sig and sig in signal.Signals._value2member_map_ else f"exit {code}"
                hint = " (out of memory? the kernel's OOM killer sends SIGKILL)" if sig == signal.SIGKILL else ""
                row.update(status="crashed", error=f"the build process died: {name}{hint}; see {self.job.log}")
        row["seconds"] = wall
        row["peak_rss_mb"] = max(float(row.get("peak_rss_mb") or 0.0), peak, self.peak_seen)
        row["log"] = self.job.log
        return row


class BuildProcess(_Build):
    """``python -m torchtrt_compat.farm._child`` for one job: a fresh interpreter (works anywhere, Ray included)."""

    def __init__(self, job: Job, threads: int) -> None:
        super().__init__(job)
        self._buffer = b""
        read_fd, write_fd = os.pipe()
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        with open(job.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "torchtrt_compat.farm._child", str(write_fd), str(threads)],
                stdin=subprocess.PIPE,
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=(write_fd,),
                env=env,
            )
        os.close(write_fd)
        self.fd = read_fd
        os.set_blocking(read_fd, False)
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.write(json.dumps(dataclasses.asdict(job)).encode())
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.close()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def read(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            except OSError:
                chunk = b""
            if not chunk:
                break
            self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            try:
                _take(self, json.loads(line))
            except ValueError:
                continue

    def reap(self) -> bool:
        if self.ended is not None:
            return True
        try:
            pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
        except ChildProcessError:
            pid, status, usage = self.proc.pid, 0, None
        if pid == 0:
            return False
        code = os.waitstatus_to_exitcode(status)
        self.proc.returncode = code
        self.ended = (code, usage.ru_maxrss / 1024 if usage is not None else 0.0)  # the kernel's peak
        self.read()
        os.close(self.fd)
        return True


class ForkedBuild(_Build):
    """One job forked from a multiprocessing fork server that has torch and torch_tensorrt imported already."""

    def __init__(self, job: Job, threads: int, ctx: Any) -> None:
        super().__init__(job)

        self.conn, send = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(
            target=forked_main, args=(job, send, threads, job.log), name=f"torchtrt-compat build {job.name}"
        )
        with _without_main():
            self.proc.start()
        send.close()
        self.fd = self.conn.fileno()

    @property
    def pid(self) -> int:
        return int(self.proc.pid)

    def read(self) -> None:
        with contextlib.suppress(EOFError, OSError):
            while self.conn.poll():
                _take(self, self.conn.recv())

    def reap(self) -> bool:
        if self.ended is not None:
            return True
        if self.proc.exitcode is None:
            self.sample()
            return False
        self.read()
        self.ended = (int(self.proc.exitcode), 0.0)
        self.conn.close()
        self.proc.close()
        return True


@contextlib.contextmanager
def _without_main() -> Iterator[None]:
    """Start a build without multiprocessing re-running ``__main__`` in it: a build needs nothing from there, and a
    script that calls build_plan without an ``if __name__ == "__main__"`` guard (or Ray's worker) must not run again
    in every build."""
    import types

    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if saved is not None:
            sys.modules["__main__"] = saved


def _take(build: _Build, msg: Any) -> None:
    if isinstance(msg, dict) and "stage" in msg:
        build.stage = str(msg["stage"])
    elif isinstance(msg, dict) and "result" in msg:
        build.result = msg["result"]


def _proc_memory(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of ``pid`` in bytes; zeros when it is gone."""
    rss = hwm = 0
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) * 1024
                elif line.startswith("VmHWM:"):
                    hwm = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return rss, hwm


def warm_starts() -> bool:
    """Whether builds may fork from a warm server: Linux, no NVIDIA driver loaded (a process that imported
    torch_tensorrt on a GPU host may hold a CUDA context, which a fork must not inherit), and not switched off with
    ``TORCHTRT_COMPAT_FARM_WARM=0``."""
    import multiprocessing

    return (
        sys.platform == "linux"
        and "forkserver" in multiprocessing.get_all_start_methods()
        and not Path("/proc/driver/nvidia/version").exists()
        and os.environ.get(WARM_ENV, "1").strip() not in ("0", "false", "no")
    )


def _starter(threads: int) -> Callable[[Job], _Build]:
    if not warm_starts():
        return lambda job: BuildProcess(job, threads)
    import multiprocessing

    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["torchtrt_compat.farm._preload"])
    return lambda job: ForkedBuild(job, threads, ctx)


def run_one(job: Job, threads: int = 1) -> dict[str, Any]:
    """Build ``job`` in a process of its own (forked warm where `warm_starts`), within its timeout; the row (what
    Ray tasks run: a Ray worker keeps its fork server warm from one task to the next)."""
    proc = _starter(threads)(job)
    try:
        while not proc.reap():
            proc.read()
            if time.perf_counter() - proc.started > job.timeout:
                proc.stop("timed out")
                break
            time.sleep(0.2)
    except BaseException:
        proc.stop("interrupted")
        raise
    return proc.row()


# ---- the local pool ------------------------------------------------------------------------------------------------
def run_local(jobs: list[Job], workers: int, events: Events) -> Iterator[dict[str, Any]]:
    """Build ``jobs`` with at most ``workers`` processes at once and only as many as memory allows; yields rows as
    builds end. Interrupted (Ctrl-C), it stops the running builds (their staging folders are removed) and re-raises."""
    on_start, on_stage, on_done = events
    pending = list(jobs)
    running: dict[int, _Build] = {}
    learned: dict[str, float] = {}  # model -> measured peak bytes: later builds of it reserve that much
    threads = max(1, cpu_count() // max(1, workers))
    free_slots = list(range(workers))
    start = _starter(threads)
    try:
        while pending or running:
            while pending and free_slots and _fits(pending[0], running, learned):
                job = pending.pop(0)
                slot = free_slots.pop(0)
                running[slot] = start(job)
                on_start(slot, job)
            _wait(running)
            for slot, proc in list(running.items()):
                proc.read()
                on_stage(slot, proc.stage)
                if not proc.reap() and time.perf_counter() - proc.started > proc.job.timeout:
                    proc.stop("timed out")
                if proc.ended is None:
                    continue
                row = proc.row()
                learned[proc.job.model] = max(learned.get(proc.job.model, 0.0), row["peak_rss_mb"] * 1024**2)
                del running[slot]
                free_slots.append(slot)
                free_slots.sort()
                on_done(slot, row)
                yield row
    finally:
        for proc in running.values():
            if proc.ended is None:
                proc.stop("interrupted")


def _expected(job: Job, learned: dict[str, float]) -> float:
    return max(job.memory_gb * GIB, learned.get(job.model, 0.0) * 1.1)


def _fits(job: Job, running: dict[int, _Build], learned: dict[str, float]) -> bool:
    """Whether ``job``'s expected peak fits in available memory beside what the running builds may still grow by."""
    if not running:
        return True  # one build always runs, or nothing would
    avail = memory_available()
    if avail is None:
        return True
    growth = sum(max(0.0, _expected(p.job, learned) - p.sample()) for p in running.values())
    return avail - growth >= _expected(job, learned)


def _wait(running: dict[int, _Build]) -> None:
    """Sleep until a build writes something or ends (at most half a second)."""
    import select

    fds = [p.fd for p in running.values() if p.ended is None]
    if fds:
        with contextlib.suppress(OSError, ValueError):
            select.select(fds, [], [], 0.5)
    else:
        time.sleep(0.05)


# ---- Ray -----------------------------------------------------------------------------------------------------------
def import_ray() -> Any:
    """The ray module, or a `MissingDependencyError` naming the extra that installs it."""
    try:
        import ray
    except ImportError:
        raise MissingDependencyError(
            "--ray needs Ray, which is not installed.", f"{install_extra('farm')} (ray==2.60.0)"
        ) from None
    return ray


def _ray_build(job: Job, transfer: str, threads: int) -> dict[str, Any]:
    """A Ray task: the same one-process build; with ``transfer="return"`` the folder comes back as a tar."""
    if transfer != "return":
        return run_one(job, threads)
    import io
    import tarfile
    import tempfile

    with tempfile.TemporaryDirectory(prefix="torchtrt-compat-farm-") as tmp:
        local = dataclasses.replace(job, folder=str(Path(tmp) / "artifact"))
        row = run_one(local, threads)
        row["folder"], row["log"] = job.folder, job.log
        with contextlib.suppress(OSError):
            row["_log_text"] = Path(local.log).read_text(errors="replace")
        if row.get("status") == "built":
            buf = io.BytesIO()
            with tarfile.open(fileobj=buf, mode="w") as tar:
                tar.add(local.folder, arcname=".")
            row["_payload"] = buf.getvalue()
        return row


def _receive(row: dict[str, Any], job: Job) -> None:
    """Publish a folder a Ray task returned, through the same atomic publish as a local build."""
    import io
    import tarfile

    log_text = row.pop("_log_text", None)
    if log_text is not None:
        _atomic.atomic_write_text(job.log, log_text)
    payload = row.pop("_payload", None)
    if payload is None:
        return
    with _atomic.atomic_dir(job.folder) as staging, tarfile.open(fileobj=io.BytesIO(payload)) as tar:
        tar.extractall(staging, filter="data")


def run_ray(
    jobs: list[Job], address: str | None, events: Events, *, transfer: str = "shared"
) -> Iterator[dict[str, Any]]:
    """Fan ``jobs`` out as Ray tasks (one CPU and the job's ``memory_gb`` each); yields rows as tasks end.

    ``address`` None or "" starts a local Ray (or joins RAY_ADDRESS); ``transfer="shared"`` has each task publish
    its folder at the same path (a shared filesystem), ``"return"`` sends it back to the driver, which publishes it.
    """
    ray = import_ray()
    if not ray.is_initialized():
        ray.init(address=address or None, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    on_start, _on_stage, on_done = events
    task = ray.remote(_ray_build)
    refs: dict[Any, tuple[int, Job]] = {}
    for slot, job in enumerate(jobs):
        ref = task.options(
            num_cpus=1, memory=int(job.memory_gb * GIB), max_retries=0, name=f"torchtrt-compat build {job.name}"
        ).remote(job, transfer, 1)
        refs[ref] = (slot, job)
        on_start(slot, job)
    try:
        while refs:
            ready, _ = ray.wait(list(refs), num_returns=1, timeout=1.0)
            for ref in ready:
                slot, job = refs.pop(ref)
                try:
                    row = ray.get(ref)
                    _receive(row, job)
                except Exception as exc:  # the task's worker died, or the folder could not be published
                    row = base_row(job)
                    row.update(status="crashed", error=f"the Ray task failed: {type(exc).__name__}: {exc}"[:400])
                on_done(slot, row)
                yield row
    finally:
        for ref in refs:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
