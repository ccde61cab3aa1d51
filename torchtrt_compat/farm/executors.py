"""Where the builds run: a local pool of one process per build, or Ray tasks (each running one such process).

Every build has a process of its own: a crash, a hang (the per-build timeout) or an out-of-memory kill fails that
build's row, not the run. On a host without an NVIDIA driver (the farm's case: CPU build hosts) the pool forks each
build from a multiprocessing fork server that imported torch and torch_tensorrt once (`_preload`), which saves
seconds per build (a Ray worker keeps its own fork server warm from task to task); elsewhere each build is a fresh
``python -P`` (`BuildProcess`), whose peak memory comes from the kernel (``wait4``). Neither has the current directory
on ``sys.path``, and both ignore Ctrl-C from their first instruction (the pool stops them). The pool starts a
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
from .._errors import CompatError, MissingDependencyError, UsageError
from .._lazy import install_extra
from ..compiler.artifact import EngineArtifact
from .logs import open_log, publish_log, write_log
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
        folder = Path(job.folder)
        if job.out:
            _atomic.check_no_links(folder, job.out, what=f"the build {job.name}")
        folder.parent.mkdir(parents=True, exist_ok=True)
        if job.out:
            _atomic.check_no_links(folder, job.out, what=f"the build {job.name}")
        self.log_fd, self.log_tmp = open_log(Path(job.log), job.name)  # renamed into place when the build ends
        self.log: Path | None = None

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
        self.finish_log()

    def finish_log(self) -> Path:
        """The build's log, renamed into place (once)."""
        if self.log is None:
            with contextlib.suppress(OSError):
                os.close(self.log_fd)
            self.log = publish_log(self.log_tmp, Path(self.job.log))
        return self.log

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
        row["log"] = str(self.finish_log())
        return row


#: how a fresh build process starts: Ctrl-C ignored from the first line (the parent stops it with SIGTERM), and no
#: current directory on sys.path (``-P`` where Python has it; removed by hand before any import on 3.10)
_BOOT = (
    "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
    "import os, sys; sys.path[:] = [p for p in sys.path if p not in ('', os.getcwd())]\n"
    "from torchtrt_compat.farm.worker import main; sys.exit(main())"
)


def _safe_env(threads: int | None = None) -> dict[str, str]:
    """The environment of a build process: this one's, with the package importable and no current directory on
    ``sys.path`` (``PYTHONSAFEPATH``, Python 3.11+)."""
    env = dict(os.environ, PYTHONSAFEPATH="1")
    if threads is not None:
        env["OMP_NUM_THREADS"] = str(threads)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    return env


class BuildProcess(_Build):
    """A fresh ``python`` for one job (`_BOOT`, then `worker.main`): works anywhere, Ray included."""

    def __init__(self, job: Job, threads: int) -> None:
        super().__init__(job)
        self._buffer = b""
        read_fd, write_fd = os.pipe()
        safe = ["-P"] if sys.version_info >= (3, 11) else []
        try:
            self.proc = subprocess.Popen(
                [sys.executable, *safe, "-c", _BOOT, str(write_fd), str(threads)],
                stdin=subprocess.PIPE,
                stdout=self.log_fd,
                stderr=subprocess.STDOUT,
                pass_fds=(write_fd,),
                env=_safe_env(threads),
            )
        except BaseException:
            os.close(read_fd)
            os.close(write_fd)
            self.finish_log()
            raise
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
            target=forked_main, args=(job, send, threads, self.log_tmp), name=f"torchtrt-compat build {job.name}"
        )
        try:
            with _without_main():
                self.proc.start()
        except BaseException:
            self.finish_log()
            raise
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
    _start_forkserver()
    return lambda job: ForkedBuild(job, threads, ctx)


def _start_forkserver() -> None:
    """Start the fork server as a build process starts (`_safe_env`: no current directory on its ``sys.path``), with
    Ctrl-C ignored from its first instruction: an interrupt during its seconds of imports is the driver's to handle,
    and the builds forked from it ignore it too (the driver stops them with SIGTERM)."""
    import threading
    from multiprocessing import forkserver

    saved = dict(os.environ)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        os.environ.update(_safe_env())
        forkserver.ensure_running()
    finally:
        os.environ.clear()
        os.environ.update(saved)
        if main_thread:
            signal.signal(signal.SIGINT, previous)


def not_started(job: Job, exc: BaseException) -> dict[str, Any]:
    """The row of a build whose process could not be started (its folder or log cannot be written)."""
    row = base_row(job)
    text = exc.problem if isinstance(exc, CompatError) else f"{type(exc).__name__}: {exc}"
    row.update(status="failed", error=f"the build could not start: {text}"[:400], seconds=0.0)
    return row


def run_one(job: Job, threads: int = 1) -> dict[str, Any]:
    """Build ``job`` in a process of its own (forked warm where `warm_starts`), within its timeout; the row (what
    Ray tasks run: a Ray worker keeps its fork server warm from one task to the next)."""
    try:
        proc = _starter(threads)(job)
    except Exception as exc:
        return not_started(job, exc)
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
                try:
                    running[slot] = start(job)
                except Exception as exc:  # its folder or log cannot be made: this build's row, not the run's end
                    free_slots.insert(0, slot)
                    row = not_started(job, exc)
                    on_done(slot, row)
                    yield row
                    continue
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
RAY_CONNECT_TIMEOUT_S = 60.0  #: how long joining a Ray cluster may take before the run is refused
RAY_PROBE_TIMEOUT_S = 5.0  #: how long the head's address may take to accept a TCP connection
#: a run in which Ray finishes no task for this long beyond the longest build timeout has stopped scheduling (nodes
#: gone, resources taken by others): the tasks left are cancelled and their rows say so
RAY_STALL_GRACE_S = 600.0


def import_ray() -> Any:
    """The ray module, or a `MissingDependencyError` naming the extra that installs it."""
    try:
        import ray
    except ImportError:
        raise MissingDependencyError(
            "--ray needs Ray, which is not installed.", f"{install_extra('farm')} (ray==2.60.0)"
        ) from None
    return ray


def connect_ray(address: str | None) -> Any:
    """Ray, joined to ``address`` ("" or None: ``RAY_ADDRESS``, else a local Ray started here) within
    `RAY_CONNECT_TIMEOUT_S`: an address nothing answers at, or that is no Ray head, is a one-line `UsageError`, never
    a wait without end."""
    ray = import_ray()
    if ray.is_initialized():
        return ray
    target = address or os.environ.get("RAY_ADDRESS", "")
    if not target:  # a local Ray is started here: it may take a minute on a busy host, and has nothing to wait for
        ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        return ray
    if target != "auto":
        _probe(target)
    import threading

    outcome: list[BaseException | None] = []

    def init() -> None:
        try:
            ray.init(address=address or None, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            outcome.append(exc)

    starter = threading.Thread(target=init, name="torchtrt-compat ray.init", daemon=True)
    starter.start()
    starter.join(RAY_CONNECT_TIMEOUT_S)
    where = f"the Ray cluster at {target}"
    if not outcome:
        raise UsageError(
            f"Could not join {where} within {RAY_CONNECT_TIMEOUT_S:.0f} s (no answer from its GCS).",
            "pass the head's address as ray start printed it (host:6379), and check that it runs and is reachable",
        )
    if outcome[0] is not None:
        exc = outcome[0]
        raise UsageError(
            f"Could not join {where}: {type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}.",
            "check the address (--ray HOST:PORT) and that the cluster runs the same Ray version",
        ) from None
    return ray


def _probe(address: str) -> None:
    """A TCP connection to ``address`` (``host:port``, ``ray://host:port``) within `RAY_PROBE_TIMEOUT_S`."""
    import socket

    text = address.split("://", 1)[-1]
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise UsageError(f"--ray {address}: not HOST:PORT.", "pass the head's address, e.g. --ray 10.0.0.5:6379")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=RAY_PROBE_TIMEOUT_S):
            pass
    except (OSError, ValueError, OverflowError) as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise UsageError(
            f"--ray {address}: nothing answers there ({why}).",
            "start the cluster (ray start --head) or pass its head's address, e.g. --ray 10.0.0.5:6379",
        ) from None


def check_feasible(ray: Any, jobs: list[Job]) -> None:
    """Every job fits on some node of the cluster (its ``memory_gb`` and one CPU): a task no node can hold would
    wait forever, so it is refused before anything is submitted."""
    nodes = [n.get("Resources") or {} for n in ray.nodes() if n.get("Alive")]
    if not nodes:
        raise UsageError("The Ray cluster has no live node.", "start a node (ray start) and run again")
    if not any(float(r.get("CPU", 0.0)) >= 1 for r in nodes):
        raise UsageError("No node of the Ray cluster offers a CPU; every build needs one.", "add a node with CPUs")
    if not any("memory" in r for r in nodes):
        return  # a cluster that does not count memory: Ray cannot refuse a task for it either
    biggest = max(float(r.get("memory", 0.0)) for r in nodes)
    for job in jobs:
        if job.memory_gb * GIB > biggest:
            raise UsageError(
                f"models.{job.model} asks for memory_gb = {job.memory_gb:g}, but the largest node of the Ray cluster "
                f"offers {biggest / GIB:.1f} GB: no node could ever run {job.name}.",
                "lower memory_gb for that model, or add a node with that much memory",
            )


def _ray_build(job: Job, transfer: str, threads: int) -> dict[str, Any]:
    """A Ray task: the same one-process build; with ``transfer="return"`` the folder comes back as a tar."""
    if transfer != "return":
        return run_one(job, threads)
    import io
    import tarfile
    import tempfile

    with tempfile.TemporaryDirectory(prefix="torchtrt-compat-farm-") as tmp:
        local = dataclasses.replace(job, folder=str(Path(tmp) / "artifact"), out=tmp, sign_key=None)  # signed home
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
    """Publish a folder a Ray task returned through the one publishing path of every build: read back as an
    artifact (`EngineArtifact.load`: a closed format, nothing else taken), then `EngineArtifact.save` into the job's
    folder (replacing only an artifact folder of ours, never through a symlink, signed here when the plan signs)."""
    import io
    import shutil
    import tarfile

    log_text = row.pop("_log_text", None)
    payload = row.pop("_payload", None)
    folder = Path(job.folder)
    if job.out:
        _atomic.check_no_links(folder, job.out, what=f"the build {job.name}")
    folder.parent.mkdir(parents=True, exist_ok=True)
    if log_text is not None:
        body = log_text.split("\n", 1)[1] if log_text.startswith("# torchtrt_compat build log") else log_text
        row["log"] = str(write_log(Path(job.log), job.name, body))
    if payload is None:
        return
    unpacked = Path(_atomic.new_temp_dir(folder))
    try:
        with tarfile.open(fileobj=io.BytesIO(payload)) as tar:
            tar.extractall(unpacked, filter="data")
        artifact = EngineArtifact.load(unpacked)
        artifact.save(folder, sign_key=job.sign_key, name=job.name, within=job.out or None)
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)


def run_ray(
    jobs: list[Job], address: str | None, events: Events, *, transfer: str = "shared"
) -> Iterator[dict[str, Any]]:
    """Fan ``jobs`` out as Ray tasks (one CPU and the job's ``memory_gb`` each); yields rows as tasks end.

    ``address`` None or "" starts a local Ray (or joins RAY_ADDRESS); ``transfer="shared"`` has each task publish
    its folder at the same path (a shared filesystem), ``"return"`` sends it back to the driver, which publishes it.
    A job no node can hold is refused before anything is submitted (`check_feasible`); when Ray finishes no task for
    `RAY_STALL_GRACE_S` beyond the longest timeout, the tasks left are cancelled, each a row that says why.
    """
    ray = connect_ray(address)
    check_feasible(ray, jobs)
    on_start, _on_stage, on_done = events
    task = ray.remote(_ray_build)
    refs: dict[Any, tuple[int, Job]] = {}
    for slot, job in enumerate(jobs):
        ref = task.options(
            num_cpus=1, memory=int(job.memory_gb * GIB), max_retries=0, name=f"torchtrt-compat build {job.name}"
        ).remote(job, transfer, 1)
        refs[ref] = (slot, job)
        on_start(slot, job)
    stall = max((j.timeout for j in jobs), default=0.0) + RAY_STALL_GRACE_S
    progress = time.monotonic()
    try:
        while refs:
            ready, _ = ray.wait(list(refs), num_returns=1, timeout=1.0)
            if ready:
                progress = time.monotonic()
            elif time.monotonic() - progress > stall:
                for ref, (slot, job) in list(refs.items()):
                    with contextlib.suppress(Exception):
                        ray.cancel(ref, force=True)
                    row = base_row(job)
                    row.update(
                        status="timed out",
                        error=f"Ray finished no task for {stall:.0f} s and this one never ended; it was cancelled "
                        "(are the cluster's nodes busy or gone?)",
                    )
                    del refs[ref]
                    on_done(slot, row)
                    yield row
                break
            for ref in ready:
                slot, job = refs.pop(ref)
                try:
                    row = ray.get(ref)
                    _receive(row, job)
                except Exception as exc:  # the task's worker died, or the folder could not be published
                    row = base_row(job)
                    text = exc.problem if isinstance(exc, CompatError) else f"{type(exc).__name__}: {exc}"
                    row.update(status="crashed", error=f"the Ray task failed: {text}"[:400])
                on_done(slot, row)
                yield row
    finally:
        for ref in refs:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
