"""`explain`, round forty-four (issue 36): multi-GPU and multi-node communication. gloo's own connect failure
(connectFullMesh, tcp/pair.cc) is a family of its own; the TCPStore's timeouts (Socket Timeout, a wait for keys, a
client that never connected) are the rendezvous timeout with a fix chosen by what the text shows; NCCL's failure to
create its /dev/shm segment is /dev/shm too small; CuPy's NcclError (and Ray's wrapper of it, and the NCCL_ERROR_*
names alone) is the NCCL family with CuPy's fix; NCCL 'invalid usage' from a separately built extension's own check
is that extension's build; torch.distributed.launch's --local-rank warning before a usage banner is the launcher's
argument. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_gloo_cannot_connect_the_ranks() -> None:
    for text in (
        "[rank1]:[E305 10:11:12.123456789 ProcessGroupGloo.cpp:144] Gloo connectFullMesh failed with "
        "[../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
        'Traceback (most recent call last):\n  File "pretrain.py", line 9, in <module>\n'
        "RuntimeError: Gloo connectFullMesh failed with [/opt/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:"
        "144] no error",
        "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [10.1.2.3]:41523: No route to host",
    ):
        key, fix = first(text)
        assert key == "dist-gloo-connect-failed", text
        assert "GLOO_SOCKET_IFNAME" in fix and "/etc/hosts" in fix, text
    key, fix = first(
        "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] "
        "Connection refused, remote=[127.0.1.1]:39001"
    )
    assert key == "dist-gloo-connect-failed" and "127.0.1.1" in fix and "getent hosts" in fix
    # near miss: gloo's size check during a collective is not a connect failure
    key, _ = first(
        "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:446] "
        "op.preamble.length <= op.nbytes. 8 vs 4"
    )
    assert key != "dist-gloo-connect-failed"


def test_store_timeouts_read_by_what_the_text_shows() -> None:
    key, fix = first(
        "[E ... torch/distributed/elastic/agent/server/api.py:900] store.get(key)\n"
        "torch.distributed.DistStoreError: Socket Timeout"
    )
    assert key == "dist-rendezvous-timeout" and "nc -zv" in fix and "--rdzv-conf" in fix
    key, fix = first("torch.distributed.DistStoreError: wait timeout after 600000ms, keys: /default_pg/0//cuda//0")
    assert key == "dist-rendezvous-timeout" and "keys" in fix and "timedelta" in fix
    key, fix = first(
        "torch.distributed.DistNetworkError: The client socket has timed out after 900s while trying to connect "
        "to (10.0.0.5, 29500)."
    )
    assert key == "dist-rendezvous-timeout" and "nc -zv" in fix and "rank 0" in fix
    # the server's wait for clients keeps the family's own fix
    key, fix = first(
        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 3/4 clients joined."
    )
    assert key == "dist-rendezvous-timeout" and "N/M clients joined" in fix
    # near miss: a socket timeout of another library is not the store's
    assert first("requests.exceptions.ConnectTimeout: Socket Timeout while fetching the index")[0] != (
        "dist-rendezvous-timeout"
    )


def test_ncclss_shared_memory_segment_is_dev_shm_too_small() -> None:
    text = (
        "node1:2201:2290 [1] include/shm.h:28 NCCL WARN Error while creating shared memory segment "
        "/dev/shm/nccl-Ab12Cd (size 9637888)"
    )
    key, fix = first(text)
    assert key == "host-shm-small-warning" and "--shm-size" in fix and "NCCL_SHM_DISABLE" in fix
    key, _ = first("Error while creating shared memory segment /dev/shm/nccl-Qx9 (size 4194656)")
    assert key == "host-shm-small-warning"
    # near miss: a shared-memory segment of another program is no NCCL line
    assert first("Error while creating shared memory segment /dev/shm/myapp (size 12)")[0] not in {
        "host-shm-too-small",
        "host-shm-small-warning",
    }


def test_cupys_nccl_error_and_rays_wrapper() -> None:
    for text in (
        '  File "cupy_backends/cuda/libs/nccl.pyx", line 283, in cupy_backends.cuda.libs.nccl.NcclCommunicator.'
        "__init__\ncupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_UNHANDLED_CUDA_ERROR: unhandled cuda error",
        "ray.exceptions.RayTaskError(NcclError): ray::Worker.setup_collective() (pid=123, ip=10.0.0.2)\n"
        '  File "/usr/lib/python3/site-packages/ray/util/collective/collective_group/nccl_collective_group.py", '
        "line 600, in _get_nccl_collective_communicator\n...",
        "(title: init fails with NCCL_ERROR_SYSTEM_ERROR on two nodes)\n$ python run.py\n...",
    ):
        key, fix = first(text)
        assert key == "torch-nccl-error", text
        assert "cupy-cuda12x" in fix and "NCCL_DEBUG=INFO" in fix, text
    # near miss: torch's own ProcessGroupNCCL keeps its kind's fix (no CuPy)
    key, fix = first(
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:"
        "1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5"
    )
    assert key == "torch-nccl-error" and "cupy" not in fix
    # a C++ trainer's own NCCLCommunicator class is no CuPy
    _, fix = first(
        "NCCL error 2 'unhandled system error' - src/training/communicator_nccl.h:43: ncclGroupEnd()\n"
        "Error: Aborted from void marian::NCCLCommunicator::groupEnd() const"
    )
    assert "cupy" not in fix


def test_invalid_usage_inside_a_separately_built_extension() -> None:
    for text in (
        "[2024-01-02 10:00:00.1: F horovod/common/ops/nccl_operations.cc:120] Check failed: result == ncclSuccess "
        "NCCL error: invalid usage",
        "myext/csrc/comm.cc:88] Check failed: ret == ncclSuccess NCCL error: invalid usage",
    ):
        key, fix = first(text)
        assert key == "torch-nccl-error", text
        assert "_GLIBCXX_USE_CXX11_ABI" in fix and "rebuild" in fix, text
    # near miss: torch's ProcessGroupNCCL 'invalid usage' keeps the ranks-disagree fix
    key, fix = first(
        "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, invalid usage, "
        "NCCL version 2.14.3"
    )
    assert key == "torch-nccl-error" and "set_device" in fix and "_GLIBCXX_USE_CXX11_ABI" not in fix


def test_launchers_local_rank_warning_before_a_usage_banner() -> None:
    text = (
        "/opt/conda/lib/python3.10/site-packages/torch/distributed/launch.py:183: FutureWarning: The module "
        "torch.distributed.launch is deprecated\nand will be removed in future. Use torchrun.\n"
        "Note that --use-env is set by default in torchrun.\nIf your script expects `--local-rank` argument to be "
        "set, please\nchange it to read from `os.environ['LOCAL_RANK']` instead.\n  warnings.warn(\n"
        "usage: finetune.py [-h] [--config FILE] [--epochs N] [--lr LR] [--output DIR]\n..."
    )
    key, fix = first(text)
    assert key == "dist-local-rank-argument" and "LOCAL_RANK" in fix
    # near miss: the same warning with a run that goes on is no rejected command line
    warning_only = text.split("usage:")[0] + "Epoch 1/10: loss 0.52\n"
    assert first(warning_only)[0] != "dist-local-rank-argument"
    # and a usage banner without the launcher keeps the generic answer
    assert first("usage: finetune.py [-h] [--config FILE] [--epochs N]\n...")[0] == "py-cli-arguments"
    # and argparse naming the user's own flag, under the same warning, keeps the generic answer: had the script
    # refused the launcher's argument, argparse would have named --local-rank
    own_flag = text.replace("\n...", "\nfinetune.py: error: unrecognized arguments: --epoch 3")
    assert first(own_flag)[0] == "py-cli-arguments"
