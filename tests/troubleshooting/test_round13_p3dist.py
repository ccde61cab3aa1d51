"""`explain`, round thirteen (issue 36): distributed launches, memory sizing, and install / build wordings cut short.
Each class in its library's own words (the launcher's log lines, NCCL's result names, pip's wheel-tag check, nvcc's
crt/host_config.h, onnxruntime's provider_bridge_ort.cc), with the fix for that situation; near misses (the same
words about something else) must not match."""

from __future__ import annotations

from _explain import first, keys


def test_launchers_report_a_task() -> None:
    # torch/distributed/elastic/multiprocessing/api.py and errors/error_handler.py, without the ChildFailedError
    # summary that follows them when the paste is complete
    agent = (
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 20327) of "
        "binary: /home/u/venv/bin/python\nERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:no "
        "error file defined for parent, to copy child error file (/tmp/torchelastic_x/none_y/attempt_0/0/error.json)"
    )
    key, fix = first(agent)
    assert key == "dist-child-failed" and "@record" in fix
    # newer torch logs the same line without the logger's prefix
    assert (
        first(
            "E0412 10:00:00.000 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1) "
            "local_rank: 3 (pid: 4242) of binary: /usr/bin/python3"
        )[0]
        == "dist-child-failed"
    )
    # a worker killed by the kernel's OOM killer is that row's, not the launcher's
    assert "dist-child-failed" not in keys("failed (exitcode: -9) local_rank: 0 (pid: 77) of binary: /usr/bin/python")
    # Slurm's srun (its "task(s) N: Exited with exit code N" per node) and Open MPI's mpirun
    srun = (
        "srun: error: gpu-node-03: tasks 2-7: Exited with exit code 1\nsrun: error: gpu-node-04: task 8: Exited "
        "with exit code 1"
    )
    key, fix = first(srun)
    assert key == "dist-child-failed" and "srun --label" in fix
    mpirun = (
        "Primary job  terminated normally, but 1 process returned\na non-zero exit code. Per user-direction, the job "
        "has been aborted.\nmpirun detected that one or more processes exited with non-zero status, thus causing\n"
        "the job to be terminated."
    )
    assert first(mpirun)[0] == "dist-child-failed"
    # a failure above the launcher's report is the answer (the report only follows it)
    assert keys("RuntimeError: CUDA error: out of memory\n" + srun)[0] != "dist-child-failed"
    # near misses: srun's own allocation failure, and a task killed for memory (Slurm's OOM row)
    assert "dist-child-failed" not in keys("srun: error: Unable to allocate resources: Invalid account or partition")
    assert "dist-child-failed" not in keys("srun: error: node-1: task 0: Out Of Memory")
    assert "dist-child-failed" not in keys("the build failed (exitcode: 1) and stopped")


def test_nccl_reads_the_paste_settings_and_the_kind() -> None:
    # NCCL's result names (nccl.h: ncclUnhandledCudaError = 1, ncclInvalidArgument = 4) as torch's NCCLUtils prints
    # them, under a launch script's own NCCL exports
    exports = (
        "NCCL Error 1: unhandled cuda error\n\nexport NCCL_SOCKET_IFNAME=eth1\nexport NCCL_IB_HCA=mlx5_10:1,mlx5_11:1\n"
        "export NCCL_IB_GID_INDEX=3\nexport NCCL_ALGO=Ring\naccelerate launch train.py"
    )
    key, fix = first(exports)
    assert key == "torch-nccl-error" and "NCCL_DEBUG=INFO" in fix and "unset" in fix and "ibv_devinfo" in fix
    # NCCL's own INFO lines say the same ("NCCL_X set by environment to Y")
    info = "node1:123:123 [0] NCCL INFO NCCL_IB_HCA set by environment to mlx5_2\nNCCL Error 2: unhandled system error"
    assert "ibv_devinfo" in first(info)[1]
    # without the exports: the CUDA-call kind, now with NCCL_DEBUG=INFO too
    key, fix = first("NCCL Error 1: unhandled cuda error")
    assert key == "torch-nccl-error" and "NCCL_DEBUG=INFO" in fix and "ibv_devinfo" not in fix
    # NCCL_DEBUG / NCCL_P2P_DISABLE alone are the user's diagnosis, not a copied network setting
    key, fix = first("export NCCL_DEBUG=INFO\nexport NCCL_P2P_DISABLE=1\nNCCL Error 1: unhandled cuda error")
    assert "ibv_devinfo" not in fix
    # invalid argument: the ranks and the world size disagree (srun launching more tasks than the world size)
    invalid = (
        "RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/../c10d/NCCLUtils.hpp:82, invalid argument, NCCL "
        "version 2.4.8\nsrun: error: node-0: tasks 2-7: Exited with exit code 1"
    )
    key, fix = first(invalid)
    assert key == "torch-nccl-error" and "world size" in fix and "srun" in fix
    # near miss: CUDA's own "invalid argument" is no NCCL error
    assert "torch-nccl-error" not in keys("RuntimeError: CUDA error: invalid argument")


def test_out_of_memory_while_the_weights_move() -> None:
    # torch.nn.Module.to / .cuda run Module._apply (torch/nn/modules/module.py); the allocator's message follows
    moving = (
        '  File "/env/lib/python3.9/site-packages/torch/nn/modules/module.py", line 804, in _apply\n'
        "    param_applied = fn(param)\n"
        '  File "/env/lib/python3.9/site-packages/torch/nn/modules/module.py", line 915, in <lambda>\n'
        "    return self._apply(lambda t: t.cuda(device))\n"
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.00 MiB. GPU"
    )
    key, fix = first(moving)
    assert key == "gpu-out-of-memory" and "more memory" in fix and "offload" in fix and "batch will not help" in fix
    # accelerate's loader placing each tensor (transformers' from_pretrained with device_map)
    loading = (
        '  File "/env/lib/python3.10/site-packages/accelerate/utils/modeling.py", line 347, in '
        "set_module_tensor_to_device\n    new_value = value.to(device)\ntorch.OutOfMemoryError: CUDA out of memory. "
        "Tried to allocate 50.00 MiB. GPU 0 has a total capacity of 7.63 GiB of which 10.56 MiB is free."
    )
    assert "batch will not help" in first(loading)[1]
    # near miss: out of memory in the forward pass is the batch's (torch's own fix)
    forward = (
        '  File "/env/lib/python3.10/site-packages/torch/nn/modules/conv.py", line 456, in _conv_forward\n'
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
        "23.65 GiB of which 1.02 GiB is free."
    )
    key, fix = first(forward)
    assert key == "gpu-out-of-memory" and "batch will not help" not in fix and "batch size" in fix


def test_a_wheel_for_another_python() -> None:
    # pip's wheel-tag check, off Jetson: a notebook's cp37 wheel on a Python 3.8 runtime, a Windows wheel on Linux
    key, fix = first(
        "ERROR: xformers-0.0.14.dev0-cp37-cp37m-linux_x86_64.whl is not a supported wheel on this platform."
    )
    assert key == "serve-jetson-wheel-platform" and "pip debug --verbose" in fix and "JetPack" not in fix
    key, fix = first("ERROR: torch-2.1.0+cu121-cp311-cp311-win_amd64.whl is not a supported wheel on this platform.")
    assert key == "serve-jetson-wheel-platform" and "python -V" in fix
    # the Jetson wheel keeps its own fix
    key, fix = first("ERROR: torch-1.8.0-cp36-cp36m-linux_aarch64.whl is not a supported wheel on this platform.")
    assert key == "serve-jetson-wheel-platform" and "JetPack" in fix
    # near miss: a requirement pip cannot find is another failure
    assert "serve-jetson-wheel-platform" not in keys(
        "ERROR: Could not find a version that satisfies the requirement xformers==0.0.14 (from versions: none)"
    )


def test_install_and_build_wordings_cut_short() -> None:
    # nvcc's crt/host_config.h check quoted without its "#error -- unsupported GNU version!" prefix
    assert first("gcc versions later than 8 are not supported")[0] == "build-nvcc-host-compiler"
    assert first("Currently CUDA doesn't support gcc versions later than 8.")[0] == "build-nvcc-host-compiler"
    assert "build-nvcc-host-compiler" not in keys("gcc version 9.3.0 (Ubuntu 9.3.0-17ubuntu1~20.04)")
    # onnxruntime's provider_bridge_ort.cc, cut before the dependency its dlerror names
    key, fix = first(
        "[ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_cuda.so with error:"
    )
    assert key == "ort-provider-fallback" and "CUDA 12" in fix and "ldd" in fix
    # with the dependency named, the CUDA major of the missing library is read (the row for a library of another
    # major, or the provider's), never a miss
    named = (
        "Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared "
        "object file: No such file or directory"
    )
    assert {"ort-provider-fallback", "cuda-library-major"} & set(keys(named)[:1])
    # near miss: another program's "Failed to load library"
    assert "ort-provider-fallback" not in keys("Failed to load library libfoo.so with error: not found")


def test_the_agent_got_a_signal() -> None:
    # torch/distributed/elastic/multiprocessing/api.py (SignalException) and the agent's "death signal" log line
    hup = "torch.distributed.elastic.multiprocessing.api.SignalException: Process 3151427 got signal: 1"
    key, fix = first(hup)
    assert key == "dist-agent-signal" and "nohup" in fix and "sacct" in fix
    logged = (
        "WARNING:torch.distributed.elastic.agent.server.api:Received Signals.SIGHUP death signal, shutting down workers"
    )
    assert first(logged)[0] == "dist-agent-signal"
    # near miss: a worker's own signal in the failure summary is the launcher's report, not the agent's
    assert "dist-agent-signal" not in keys("Signal 6 (SIGABRT) received by PID 1234")


def test_collectives_that_differ() -> None:
    # torch/csrc/distributed/c10d/ProcessGroupWrapper.cpp under TORCH_DISTRIBUTED_DEBUG=DETAIL
    text = (
        "RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: "
        "CollectiveFingerPrint(OpType=ALLREDUCE, TensorShape=[10]), but Rank 1 is running collective: "
        "CollectiveFingerPrint(OpType=BARRIER)."
    )
    key, fix = first(text)
    assert key == "dist-collective-mismatch" and "drop_last=True" in fix
    # the ranks that never met at the store: rank 0 never published NCCL's id, or torchrun cannot reach the store
    nccl_id = (
        "RuntimeError: [1] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value "
        "store by key '0', but store->get('0') got error: Socket Timeout"
    )
    key, fix = first(nccl_id)
    assert key == "dist-rendezvous-timeout" and "rank 0" in fix
    store = (
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has "
        "failed. See inner exception for details."
    )
    key, fix = first(store)
    assert key == "dist-rendezvous-timeout" and "--standalone" in fix
    # the launcher's argument and the script's spelling
    key, fix = first(
        "usage: train.py [-h] [--local_rank LOCAL_RANK]\ntrain.py: error: unrecognized arguments: --local-rank=0"
    )
    assert key == "dist-local-rank-argument" and "LOCAL_RANK" in fix
    assert first("main.py: error: unrecognized arguments: --fp16")[0] == "py-cli-arguments"
    # torch's DataLoader when a worker's queue runs out of file descriptors
    fds = (
        "RuntimeError: Too many open files. Communication with the workers is no longer possible. Please increase "
        "the limit using `ulimit -n` in the shell or change the sharing strategy"
    )
    assert first(fds)[0] == "host-shm-open-files"


def test_pip_install_wordings() -> None:
    # pip/_internal/commands/install.py: the disk it unpacks into is full
    key, fix = first("ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device")
    assert key == "pip-no-space-left" and "TMPDIR" in fix and "--no-cache-dir" in fix
    assert "pip-no-space-left" not in keys("OSError: [Errno 28] No space left on device: '/data/ckpt.pt'")
    # the resolver's ResolutionImpossible report
    conflict = (
        "ERROR: Cannot install torch==2.0.0 and torchvision==0.16.0 because these package versions have conflicting "
        "dependencies.\n\nThe conflict is caused by:\n    The user requested torch==2.0.0\n    torchvision 0.16.0 "
        "depends on torch==2.1.0\n\nERROR: ResolutionImpossible: for help visit "
        "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"
    )
    key, fix = first(conflict)
    assert key == "pip-resolution-impossible" and "conflict is caused by" in fix
    assert "suggest" in first(conflict.replace("torchvision", "torch-tensorrt"))[1]
    # near miss: the resolver's note about what is already installed is no failure of this install
    assert "pip-resolution-impossible" not in keys(
        "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed."
    )


def test_one_allocation_too_large() -> None:
    # torch's allocator message with one allocation of many GiB (one tensor larger than what the card has)
    text = (
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB. GPU 0 has a total capacity of "
        "14.75 GiB of which 13.20 GiB is free."
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "memory-efficient attention" in fix
    small = text.replace("20.00 GiB", "2.00 GiB")
    assert "memory-efficient attention" not in first(small)[1]


def test_pip_environment_and_network_wordings() -> None:
    # pip/_internal/exceptions.py (ExternallyManagedEnvironment, HashErrors) and its vendored urllib3
    key, fix = first("error: externally-managed-environment\n\n× This environment is externally managed")
    assert key == "pip-externally-managed" and "venv" in fix
    hashes = (
        "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package "
        "versions, please update the hashes.\n    torch from https://example.invalid/torch-2.1.0-cp310-cp310-"
        "manylinux1_x86_64.whl:\n        Expected sha256 abc\n             Got        def"
    )
    key, fix = first(hashes)
    assert key == "pip-hash-mismatch" and "--no-cache-dir" in fix
    stalled = (
        "pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='pip-cache.internal', "
        "port=443): Read timed out."
    )
    key, fix = first(stalled)
    assert key == "pip-network-timeout" and "--default-timeout" in fix
    retry = (
        "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection "
        "broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='download.example', port=443): Read timed out.\")'"
    )
    assert "pip-network-timeout" in keys(retry)
    # near miss: another program's HTTP timeout (requests in a model download) is not pip's
    assert "pip-network-timeout" not in keys(
        "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out."
    )


def test_single_process_launchers_report_the_child() -> None:
    # accelerate's simple_launcher and the old torch.distributed.launch re-raise the child's exit status
    accelerate = (
        '  File "/usr/lib/python3.10/site-packages/accelerate/commands/launch.py", line 703, in simple_launcher\n'
        "    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)\n"
        "subprocess.CalledProcessError: Command '['/usr/bin/python', 'train.py']' returned non-zero exit status 1."
    )
    key, fix = first(accelerate)
    assert key == "dist-child-failed" and "accelerate launch" in fix
    launch = (
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/launch.py", line 256, in main\n'
        "    raise subprocess.CalledProcessError(returncode=process.returncode,\n"
        "subprocess.CalledProcessError: Command '['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=3']' "
        "returned non-zero exit status 1."
    )
    assert first(launch)[0] == "dist-child-failed"
    # near miss: a build tool's CalledProcessError is the build's
    assert "dist-child-failed" not in keys(
        "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1."
    )
