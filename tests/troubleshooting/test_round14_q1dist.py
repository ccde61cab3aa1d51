"""`explain`, round fourteen (issue 36, q1dist): training jobs, distributed runs, profilers, server workers and host
memory. Each class in its tool's own words (torch's c10d TCPStore and ProcessGroupNCCL, the elastic launcher's
summary, Nsight / CUPTI status names, uWSGI / gunicorn / Celery's forking workers, C++'s std::bad_alloc and the kernel's
ENOMEM, JAX's backend start-up), with the fix for that situation; near misses (the same words about something else)
must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_first_collective_across_nodes_gets_the_network_fix() -> None:
    # torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp's watchdog line, a rank past one node's GPUs and NCCL's own
    # INFO lines: the nodes never connected
    text = (
        "[E ProcessGroupNCCL.cpp:587] [Rank 14] Watchdog caught collective operation timeout: WorkNCCL("
        "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800834 milliseconds before timing out.\n"
        "node:1:2 [0] NCCL INFO Connected all trees"
    )
    key, fix = first(text)
    assert key == "torch-nccl-timeout" and "NCCL_SOCKET_IFNAME" in fix and "does not fix a hang" in fix
    # the first collective by its sequence number
    seq1 = (
        "[rank3]:[E ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL("
        "SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600030 milliseconds before "
        "timing out."
    )
    assert "NCCL_SOCKET_IFNAME" in first(seq1)[1]
    # a desync late in training on one node keeps the rank-that-did-not-arrive fix
    late = (
        "[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=15804, OpType=BROADCAST, "
        "Timeout(ms)=1800000) ran for 1800470 milliseconds before timing out."
    )
    key, fix = first(late)
    assert key == "torch-nccl-timeout" and "NCCL_SOCKET_IFNAME" not in fix and "timedelta" in fix


def test_store_connection_closed_after_a_rank_exited() -> None:
    # torch/csrc/distributed/c10d/TCPStoreLibUvBackend.cpp's debug line (the libuv store, torch 2.4+)
    uv = (
        "[I1107 01:20:27.770733060 TCPStoreLibUvBackend.cpp:119] [c10d - debug] Read callback failed. code:-4095 "
        "name:EOF desc:end of file"
    )
    found = explain(uv)
    assert found[0].key == "dist-store-peer-gone"
    assert found[0].confidence != "sure" and "torch-nccl-error" in found[0].alternatives
    assert "first error" in found[0].fix and "nvidia-nccl-cu12" in found[0].fix
    # the client's side (torch/csrc/distributed/c10d/Utils.hpp recvBytes) and the heartbeat monitor's warning
    recv = (
        "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the "
        "remote server shutdown or crash?"
    )
    assert first(recv)[0] == "dist-store-peer-gone"
    hb = (
        '[rank2]:[W ProcessGroupNCCL.cpp:1250] [PG 0 Rank 2] Failed to check the "should dump" flag on TCPStore, '
        "(maybe TCPStore server has shut down too early), with error: Connection reset by peer"
    )
    assert "dist-store-peer-gone" in keys(hb)
    # the rank's own error, shown before it, is the answer
    nccl = "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error\n"
    assert keys(nccl + uv)[0] == "torch-nccl-error"
    # near misses: another program's read callback, a requests EOF
    assert "dist-store-peer-gone" not in keys("uv read callback failed: EOF while reading the socket")
    assert "dist-store-peer-gone" not in keys("requests.exceptions.ConnectionError: Connection reset by peer")


def test_a_launcher_summary_is_likely_and_names_the_workers_error() -> None:
    # torch/distributed/elastic/multiprocessing/errors/__init__.py's summary with no failure of its own shown
    text = (
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \ndistillation.py FAILED\nFailures:\n"
        "  <NO_OTHER_FAILURES>"
    )
    found = explain(text)
    assert found[0].key == "dist-child-failed" and found[0].confidence != "sure"
    assert "error_file" in found[0].fix and "one plain process" in found[0].fix


def test_profiler_counters_restricted() -> None:
    # Nsight Compute's ERR_NVGPUCTRPERM and CUPTI's CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (torch.profiler / Kineto)
    ncu = (
        "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters "
        "on the target device 0."
    )
    key, fix = first(ncu)
    assert key == "profiler-counters-permission" and "NVreg_RestrictProfilingToAdminUsers=0" in fix
    kineto = "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (35): the user does not have sufficient privileges"
    assert first(kineto)[0] == "profiler-counters-permission"
    vgpu = "cuptiProfilerInitialize failed with error CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED"
    key, fix = first(vgpu)
    assert key == "profiler-counters-permission" and "virtual" in fix
    # near miss: a permission error on a file named counters
    assert "profiler-counters-permission" not in keys("PermissionError: [Errno 13] Permission denied: 'counters.csv'")


def test_cupti_could_not_attach() -> None:
    # nsys under a driver its CUPTI does not support (NVIDIA/recsys-examples#397) and nsys' empty capture range
    text = (
        "Processing events...\nGenerated:\n    No reports were generated.\n\nSubscribe returned 999: "
        "CUPTI_ERROR_UNKNOWN"
    )
    found = explain(text)
    assert found[0].key == "profiler-cupti-unavailable" and "host driver" in found[0].fix
    assert "profiler-nsys-no-report" in [e.key for e in found]
    # nsys' message alone: the capture range
    key, fix = first("Processing events...\nGenerated:\n    No reports were generated.")
    assert key == "profiler-nsys-no-report" and "torch.cuda.profiler.start()" in fix
    # Kineto's warning: torch.profiler's own fix
    kineto = "[W kineto_shim.cpp:372] Warning: CUPTI initialization failed - CUDA profiler activities will be missing"
    key, fix = first(kineto)
    assert key == "profiler-cupti-unavailable" and "KINETO_LOG_LEVEL" in fix
    many = "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"
    assert "one CUPTI subscriber" in first("cuptiSubscribe failed: " + many)[1]
    # near misses: CUPTI's library found at import (a notice of its own), a report someone generated
    assert "profiler-cupti-unavailable" not in keys("Successfully opened dynamic library libcupti.so.12")
    assert "profiler-nsys-no-report" not in keys("Generated:\n    /tmp/report1.nsys-rep")


def test_cuda_in_a_forking_servers_worker() -> None:
    # unbit/uwsgi#1227: a Theano-style allocation error inside a uWSGI vassal's request
    uwsgi = (
        "Error when trying to find the memory information on the GPU: initialization error Error allocating 139392 "
        "bytes of device memory (initialization error).\n[pid: 6032|app: 0|req: 1/1] GET / => generated 291 bytes "
        "(HTTP/1.1 500)\nannouncing my loyalty to the Emperor..."
    )
    key, fix = first(uwsgi)
    assert key == "server-worker-cuda-fork" and "lazy-apps" in fix
    gunicorn = (
        "[2024-01-02 10:00:00 +0000] [42] [INFO] Booting worker with pid: 42\nRuntimeError: CUDA error: "
        "initialization error\ngunicorn app:app --preload -w 4"
    )
    key, fix = first(gunicorn)
    assert key == "server-worker-cuda-fork" and "--preload" in fix
    celery = "[2024-01-02 10:00:00,000: ERROR/ForkPoolWorker-1] Task failed: CUDA error: initialization error"
    key, fix = first(celery)
    assert key == "server-worker-cuda-fork" and "worker_process_init" in fix
    # near misses: the same error outside a server, and a server's own unrelated initialization error
    assert "server-worker-cuda-fork" not in keys("RuntimeError: CUDA error: initialization error")
    assert "server-worker-cuda-fork" not in keys("uwsgi: Booting worker with pid 42\nValueError: bad config")


def test_host_allocation_in_cpp_python_and_the_kernel() -> None:
    # ypwhs/dogbreed_gluon#3: std::bad_alloc under a dead Jupyter kernel is host RAM, answered before the kernel
    text = (
        "The kernel appears to have died. It will restart automatically.\nterminate called after throwing an "
        "instance of 'std::bad_alloc'\n  what():  std::bad_alloc"
    )
    key, fix = first(text)
    assert key == "host-memory-allocation" and "not the GPU's memory" in fix
    assert first('Traceback (most recent call last):\n  File "a.py", line 3\nMemoryError')[0] == (
        "host-memory-allocation"
    )
    key, fix = first("OSError: [Errno 12] Cannot allocate memory")
    assert key == "host-memory-allocation" and "overcommit" in fix
    # near misses: torch's CUDA OutOfMemoryError, a name that holds the word
    assert keys("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB")[0] != (
        "host-memory-allocation"
    )
    assert "host-memory-allocation" not in keys("class GPUMemoryError(Exception): pass")


def test_a_gpu_backend_that_did_not_start_is_no_harmless_warning() -> None:
    # JAX's xla_bridge logs the failed backend at INFO and runs on the CPU (xai-org/grok-1#249)
    found = explain("INFO:jax._src.xla_bridge:Unable to initialize backend 'cuda':")
    assert found.outcome != "warnings-only" and found[0].key == "cpu-jax-cuda-backend-failed"
    assert "harmless" not in found.summary


def test_server_workers_killed_or_timed_out() -> None:
    # gunicorn/arbiter.py: the reaper's SIGKILL note and the murder of a silent worker
    key, fix = first("[2024-03-01 10:00:00 +0000] [1] [ERROR] Worker (pid:42) was sent SIGKILL! Perhaps out of memory?")
    assert key == "server-worker-memory-killed" and "gunicorn -w" in fix
    key, fix = first("[2024-03-01 10:00:31 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:42)")
    assert key == "server-worker-timeout" and "--timeout" in fix
    # billiard's WorkerLostError (Celery) and Ray's memory monitor
    celery = "billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: 0."
    key, fix = first(celery)
    assert key == "server-worker-memory-killed" and "--max-memory-per-child" in fix
    ray = "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory."
    key, fix = first(ray)
    assert key == "server-worker-memory-killed" and "@ray.remote(memory=" in fix
    # torch's NCCL heartbeat monitor (ProcessGroupNCCL.cpp, torch 2.3+)
    hb = (
        "[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be "
        "terminated after dumping debug info. workMetaList_.size()=1"
    )
    found = explain(hb)
    assert found[0].key == "dist-nccl-watchdog-stuck" and found[0].confidence != "sure"
    # near misses: a worker stopped on purpose, a worker that exited normally, another monitor's timeout
    assert "server-worker-memory-killed" not in keys("[INFO] Worker exiting (pid: 42)")
    assert "server-worker-timeout" not in keys("WARNING: worker timeout set to 120 seconds")
    assert "dist-nccl-watchdog-stuck" not in keys("health check: heartbeat monitor timed out after 5 s, retrying")
