"""`explain`, round eleven, several GPUs, processes and device placement (issue 36): each class is checked against the
wordings its products print, taken from their sources (torch's c10d socket.cpp, TCPStore.cpp, distributed_c10d.py and
elastic errors; accelerate's accelerator.py; torch's parallel_apply.py; CUDA's error strings; NCCL's bootstrap.cc and
net_socket.cc; horovod's operations.cc and stall_inspector.cc; Ray's autoscaler; TensorFlow's context.py, placer and
nccl status; XLA's backend.cc and NCCL status; Paddle's place.cc; numba's driver.py; JAX's distributed.py and
xla_bridge.py; DeepSpeed's runner.py, launch.py and op builder), with near misses that must not match, and the fix must
be the one the user's product takes."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_ELASTIC = (
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
    "============================================================\ntrain.py FAILED\n"
    "Root Cause (first observed failure):\n[0]:\n  host      : node1\n  rank      : 0 (local_rank: 0)\n"
    "  exitcode  : {code} (pid: 1234)\n  error_file: <N/A>\n  traceback : {trace}"
)


def test_the_launchers_port_is_taken() -> None:
    c10d = (
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. "
        "The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use). The server "
        "socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use)."
    )
    key, fix = first(c10d)
    assert key == "dist-port-in-use" and "--master_port" in fix
    warn = (
        "[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:6000 "
        "(errno: 98 - Address already in use)."
    )
    assert first(warn)[0] == "dist-port-in-use"
    key, fix = first("deepspeed --num_gpus 2 train.py\n" + c10d)
    assert key == "dist-port-in-use" and "deepspeed --master_port" in fix
    key, fix = first("accelerate launch train.py\n" + c10d)
    assert key == "dist-port-in-use" and "--main_process_port" in fix
    # near miss: a web server's port in use is no distributed launch
    assert "dist-port-in-use" not in keys(
        "OSError: [Errno 98] error while attempting to bind on address: address already in use"
    )


def test_ranks_that_never_met() -> None:
    store = "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/2 clients joined."
    key, fix = first(store)
    assert key == "dist-rendezvous-timeout" and "MASTER_ADDR" in fix
    client = "The client socket has timed out after 900s while trying to connect to (10.0.0.1, 29500)."
    assert first(client)[0] == "dist-rendezvous-timeout"
    elastic = (
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError: The node 'node2_123' rendezvous has timed "
        "out after 600.12 seconds (timeout: 600s)."
    )
    key, fix = first(elastic)
    assert key == "dist-rendezvous-timeout" and "--rdzv-endpoint" in fix
    # near miss: a collective that timed out after the ranks met is another class
    assert first("[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)")[0] == "torch-nccl-timeout"


def test_a_process_group_never_initialised() -> None:
    torch = "ValueError: Default process group has not been initialized, please make sure to call init_process_group."
    key, fix = first(torch)
    assert key == "dist-not-initialized" and "torchrun" in fix and "hvd.init" not in fix
    key, fix = first("ValueError: Horovod has not been initialized; use hvd.init().")
    assert key == "dist-not-initialized" and "horovodrun" in fix
    # near miss: a library's docstring saying it returns 1 when the group is not initialised
    assert "dist-not-initialized" not in keys("returns 1 if the default process group has not been set up")


def test_device_settings_after_the_runtime_started() -> None:
    key, fix = first("RuntimeError: Physical devices cannot be modified after being initialized")
    assert key == "dist-device-config-after-init" and "set_memory_growth" in fix
    assert first("RuntimeError: Virtual devices cannot be modified after being initialized")[0] == (
        "dist-device-config-after-init"
    )
    key, fix = first(
        "RuntimeError: jax.distributed.initialize() must be called before any JAX computations are executed."
    )
    assert key == "dist-device-config-after-init" and "jax.distributed.initialize()" in fix
    key, fix = first("RuntimeError: distributed.initialize should only be called once.")
    assert key == "dist-device-config-after-init" and "once" in fix
    # near miss: a setting that succeeded
    assert "dist-device-config-after-init" not in keys(
        "Physical devices: [PhysicalDevice(name='/physical_device:GPU:0')]"
    )


def test_accelerate_refuses_device_map_in_a_distributed_run() -> None:
    auto = (
        "ValueError: You can't train a model that has been loaded with `device_map='auto'` in any distributed mode. "
        "Please rerun your script specifying `--num_processes=1` or by launching with `python {{myscript.py}}`."
    )
    key, fix = first(auto)
    assert key == "dist-accelerate-device-map" and "local_process_index" in fix and "--num_processes=1" in fix
    eight = (
        "ValueError: You can't train a model that has been loaded in 8-bit or 4-bit precision on a different device "
        "than the one you're training on. Make sure you loaded the model on the correct device using for example "
        "`device_map={'':torch.cuda.current_device()}`"
    )
    assert first(eight)[0] == "dist-accelerate-device-map"
    # near miss: a device_map that was accepted
    assert "dist-accelerate-device-map" not in keys("Loading model with device_map='auto' on 2 GPUs")


def test_dataparallels_wrapper_gives_way_to_the_wrapped_error() -> None:
    wrapped = (
        "RuntimeError: Caught RuntimeError in replica 0 on device 0.\nOriginal Traceback (most recent call last):\n"
        '  File "/x/torch/nn/parallel/parallel_apply.py", line 64, in _worker\n    output = module(*input, **kwargs)\n'
        "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total capacity)"
    )
    assert keys(wrapped)[0] == "gpu-out-of-memory"
    key, fix = first("RuntimeError: Caught RuntimeError in replica 1 on device 1.")
    assert key == "dist-replica-wrapper" and "Original Traceback" in fix
    # two GPUs in one op keep the two-GPU advice of device-mismatch
    key, fix = first(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:1 and "
        "cuda:0! (when checking argument for argument mat2 in method wrapper_CUDA_mm)"
    )
    assert key == "device-mismatch" and "Two GPUs" in fix
    # near miss: a DataLoader worker's wrapper is not a replica
    assert "dist-replica-wrapper" not in keys("RuntimeError: Caught RuntimeError in DataLoader worker process 0.")


def test_gpus_that_cannot_reach_each_other() -> None:
    key, fix = first("RuntimeError: CUDA error: peer access is not supported between these two devices")
    assert key == "cuda-peer-access" and "NCCL_P2P_DISABLE=1" in fix
    nccl = "node1:1:1 [1] NCCL WARN Cuda failure 'peer access is not supported between these two devices'"
    assert first(nccl)[0] == "cuda-peer-access"
    assert first("CUDA_ERROR_TOO_MANY_PEERS: peer mapping resources exhausted")[0] == "cuda-peer-access"
    xla = "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: peer access is not supported between these two devices"
    key, fix = first(xla)
    assert key == "cuda-peer-access" and "XLA" in fix
    # near miss: NCCL's INFO about P2P channels is no failure
    assert keys("NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM") == []


def test_nccl_without_a_network_interface() -> None:
    text = (
        "node1:123:123 [0] NCCL WARN Bootstrap : no socket interface found\n"
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, "
        "internal error - please report this issue to the NCCL developers, NCCL version 2.19.3"
    )
    key, fix = first(text)  # the error's row, with the fix its WARN line names
    assert key in ("nccl-no-network-interface", "torch-nccl-error") and "NCCL_SOCKET_IFNAME" in fix
    assert first("NCCL WARN NET/Socket : no interface found")[0] == "nccl-no-network-interface"
    # near miss: NCCL found its interface
    assert keys("NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>") == []


def test_nccl_in_xla_and_tensorflow_words() -> None:
    jax = (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:297: NCCL "
        "operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error. Last NCCL warning(error) "
        "log entry (may be unrelated) ''."
    )
    key, fix = first(jax)
    assert key == "torch-nccl-error" and "XLA_PYTHON_CLIENT_MEM_FRACTION" in fix and "set_device" not in fix
    tf = (
        "tensorflow.python.framework.errors_impl.InternalError: tensorflow/core/nccl/nccl_manager.cc:300: NCCL "
        "operation ncclCommInitAll(...) failed: unhandled system error"
    )
    key, fix = first(tf)
    assert key == "torch-nccl-error" and "HierarchicalCopyAllReduce" in fix
    windows = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered to support Op "
        "'NcclAllReduce' used by {{node Adam/NcclAllReduce}} with these attrs: [reduction=\"sum\", T=DT_FLOAT]"
    )
    key, fix = first(windows)
    assert key == "torch-nccl-unavailable" and "HierarchicalCopyAllReduce" in fix and "gloo" not in fix
    # the torch wording keeps torch's advice
    torch = (
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, "
        "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6"
    )
    key, fix = first(torch)
    assert key == "torch-nccl-error" and "--ipc=host" in fix


def test_a_gpu_index_in_other_products_words() -> None:
    paddle = "InvalidArgumentError: Invalid CUDAPlace(1), must inside [0, 1), because GPU number on your machine is 1."
    key, fix = first(paddle)
    assert key == "torch-invalid-device" and "paddle.device.cuda.device_count()" in fix
    xla = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Invalid device ordinal value (1). Valid range "
        "is [0, 0].\n\twhile setting up XLA_GPU_JIT device number 1"
    )
    key, fix = first(xla)
    assert key == "torch-invalid-device" and "CUDA_VISIBLE_DEVICES" in fix and "jax.devices()" in fix
    tf_none = (
        "InvalidArgumentError: Could not satisfy device specification '/device:GPU:0'. enable_soft_placement=0. "
        "Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0]."
    )
    key, fix = first(tf_none)
    assert key == "torch-invalid-device" and "tensorflow[and-cuda]" in fix
    # torch's own wording keeps torch's fix
    key, fix = first("RuntimeError: CUDA error: invalid device ordinal")
    assert key == "torch-invalid-device" and "torch.cuda.device_count()" in fix
    # near miss: a CPU device specification
    assert "torch-invalid-device" not in keys("Could not satisfy device specification '/device:CPU:0'")


def test_cuda_and_fork_in_other_products_words() -> None:
    key, fix = first("numba.cuda.cudadrv.error.CudaDriverError: CUDA initialized before forking")
    assert key == "torch-cuda-fork" and "numba.cuda" in fix
    vllm = (
        "(VllmWorkerProcess pid=123) ERROR vllm/executor/multiproc_worker_utils.py: RuntimeError: Cannot re-initialize "
        "CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method"
    )
    key, fix = first(vllm)
    assert key == "torch-cuda-fork" and "VLLM_WORKER_MULTIPROC_METHOD=spawn" in fix
    jax = (
        "/usr/lib/python3.11/multiprocessing/popen_fork.py:66: RuntimeWarning: os.fork() was called. os.fork() is "
        "incompatible with multithreaded code, and JAX is multithreaded, so this will likely lead to a deadlock.\n"
        "  self.pid = os.fork()"
    )
    found = explain(jax)
    assert found[0].key == "jax-fork-warning" and not found[0].notice and found.outcome != "warnings-only"
    # near miss: numba's log line about a fork it handled
    assert "torch-cuda-fork" not in keys("numba: CUDA driver initialised in pid 1")


def test_horovod_in_its_own_words() -> None:
    shut = (
        "horovod.common.exceptions.HorovodInternalError: Horovod has been shut down. This was caused by an exception "
        "on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks "
        "finished execution."
    )
    key, fix = first(shut)
    assert key == "horovod-shutdown" and "--output-filename" in fix
    # an earlier error on the rank outranks the shutdown that follows it
    assert keys("RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + shut)[0] == "gpu-out-of-memory"
    stall = (
        "[2024-01-01 00:00:00.000000: W /tmp/pip/horovod/common/stall_inspector.cc:107] One or more tensors were "
        "submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks "
        "for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors.\n"
        "Missing ranks:\n1: [allreduce.grad_0]"
    )
    found = explain(stall)
    assert found[0].key == "horovod-stall" and not found[0].notice and found.outcome != "warnings-only"


def test_ray_cannot_place_a_gpu_actor() -> None:
    infeasible = (
        "(autoscaler +1m) Error: No available node types can fulfill resource request {'GPU': 1.0, 'CPU': 1.0}. Add "
        "suitable node types to this cluster to resolve this issue."
    )
    key, fix = first(infeasible)
    assert key == "ray-gpu-unschedulable" and "ray status" in fix
    pending = (
        "(scheduler +2m) Warning: The following resource request cannot be scheduled right now: {'CPU': 1.0, 'GPU': "
        "1.0}. This is likely due to all cluster resources being claimed by actors."
    )
    assert first(pending)[0] == "ray-gpu-unschedulable"
    actor = "(TrainWorker pid=4321) RuntimeError: GPUs requested but none are available"
    key, fix = first(actor)
    assert key == "cuda-unavailable" and "num_gpus" in fix
    # near miss: a CPU-only request is not a GPU shortage
    assert "ray-gpu-unschedulable" not in keys(
        "Warning: The following resource request cannot be scheduled right now: {'CPU': 1.0}."
    )


def test_a_launcher_that_reports_a_failed_rank() -> None:
    killed = _ELASTIC.format(code=-9, trace="Signal 9 (SIGKILL) received by PID 1234")
    key, fix = first(killed)
    assert key == "py-process-killed" and "low_cpu_mem_usage" in fix
    ds = "[ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] exits with return code = -9"
    key, fix = first(ds)
    assert key == "py-process-killed" and "every rank" in fix
    crashed = _ELASTIC.format(code=-11, trace="Signal 11 (SIGSEGV) received by PID 1234")
    key, fix = first(crashed)
    assert key == "native-crash" and "faulthandler" in fix and "--nproc_per_node=1" in fix
    plain = _ELASTIC.format(
        code=1, trace="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    )
    key, fix = first(plain)
    assert key == "dist-child-failed" and "@record" in fix
    # the rank's own error printed above the summary is the answer
    assert (
        keys(
            "[rank0]: ValueError: Default process group has not been initialized, please make sure to call "
            "init_process_group.\n" + plain
        )[0]
        == "dist-not-initialized"
    )
    ds1 = "[ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] exits with return code = 1"
    key, fix = first(ds1)
    assert key == "dist-child-failed" and "deepspeed --num_gpus=1" in fix


def test_deepspeed_launcher_notices() -> None:
    notice = (
        "[WARNING] [runner.py:202:fetch_hostfile] Unable to find hostfile, will proceed with training with local "
        "resources only."
    )
    found = explain(notice)
    assert found[0].key == "ds-hostfile-notice" and found[0].notice and found.outcome == "warnings-only"
    # the notice gives way to the failure after it
    ninja = notice + "\nRuntimeError: Unable to JIT load the fused_adam op due to ninja not being installed."
    key, fix = first(ninja)
    assert key == "build-ninja-missing" and "DS_BUILD_FUSED_ADAM" in fix
    # torch's own ninja wording keeps its fix
    key, fix = first("RuntimeError: Ninja is required to load C++ extensions")
    assert key == "build-ninja-missing" and "DS_BUILD" not in fix


def test_ddps_reducer_in_its_own_words() -> None:
    unused = (
        "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This "
        "error indicates that your module has parameters that were not used in producing loss."
    )
    key, fix = first(unused)
    assert key == "ddp-unused-parameters" and "find_unused_parameters=True" in fix
    key, fix = first("import pytorch_lightning as pl\n" + unused)
    assert key == "ddp-unused-parameters" and "ddp_find_unused_parameters_true" in fix
    key, fix = first("from transformers import Trainer\n" + unused)
    assert key == "ddp-unused-parameters" and "ddp_find_unused_parameters=True" in fix
    static = (
        "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This "
        "error indicates that your training graph has changed in this iteration, e.g., one parameter is used in "
        "first iteration, but then got unused in the second iteration. this is not compatible with static_graph "
        "set to True."
    )
    key, fix = first(static)
    assert key == "ddp-unused-parameters" and "static_graph" in fix
    twice = (
        "RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following "
        "reasons: 1) Use of a module parameter outside the `forward` function."
    )
    key, fix = first(twice)
    assert key == "ddp-ready-twice" and "use_reentrant=False" in fix
    # near miss: DDP's notice that find_unused_parameters found nothing is no failure
    assert "ddp-unused-parameters" not in keys(
        "Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused "
        "parameters in the forward pass."
    )


def test_a_cpu_tensor_in_a_gpu_collective() -> None:
    key, fix = first("RuntimeError: No backend type associated with device type cpu")
    assert key == "dist-collective-cpu-tensor" and "cpu:gloo,cuda:nccl" in fix
    key, fix = first("ValueError: Tensors must be CUDA and dense")
    assert key == "dist-collective-cpu-tensor" and "local_rank" in fix
    key, fix = first("self.log('val_loss', loss, sync_dist=True)\nValueError: Tensors must be CUDA and dense")
    assert key == "dist-collective-cpu-tensor" and "self.device" in fix
    # near miss: a tensor that is CUDA and dense
    assert "dist-collective-cpu-tensor" not in keys("all tensors are CUDA and dense")


def test_lightning_in_its_own_words() -> None:
    fork = (
        "RuntimeError: Lightning can't create new processes if CUDA is already initialized. Did you manually call "
        "`torch.cuda.*` functions, have moved the model to the device, or allocated memory on the GPU any other way?"
    )
    key, fix = first(fork)
    assert key == "torch-cuda-fork" and "strategy='ddp'" in fix
    index = "MisconfigurationException: You requested gpu: [1]\n But your machine only has: [0]"
    key, fix = first(index)
    assert key == "torch-invalid-device" and "devices=1" in fix
    none = "MisconfigurationException: You requested GPUs: [0]\n But your machine only has: []"
    key, fix = first(none)
    assert key == "torch-invalid-device" and "accelerator='cpu'" in fix


def test_vllm_parallel_sizes() -> None:
    heads = "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3)."
    key, fix = first(heads)
    assert key == "serve-llm-parallel-size" and "num_attention_heads" in fix
    ray = "ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group."
    key, fix = first(ray)
    assert key == "serve-llm-parallel-size" and "ray status" in fix
    # near miss: a divisible configuration logged by vLLM
    assert "serve-llm-parallel-size" not in keys("INFO tensor_parallel_size=4, num_attention_heads=32")


def test_deepspeed_cpu_adam_and_nccl_over_infiniband() -> None:
    adam = "AttributeError: 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'"
    key, fix = first(adam)
    assert key == "ds-cpu-adam-missing" and "ds_report" in fix
    # the op build's own failure above it is the answer
    assert keys("RuntimeError: Ninja is required to load C++ extensions\n" + adam)[0] == "build-ninja-missing"
    ib = (
        "node-2:5776:5902 [0] transport/net_ib.cc:1296 NCCL WARN NET/IB : Got completion from peer 10.2.0.5<33092> "
        "with error 12, opcode 0, len 0, vendor err 129 (Recv)\n"
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
        "remote process exited or there was a network error, NCCL version 2.20.5\n"
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
    )
    key, fix = first(ib)
    assert key == "torch-nccl-error" and "NCCL_IB_GID_INDEX" in fix


def test_a_script_started_without_its_launcher() -> None:
    env = (
        "ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable RANK "
        "expected, but not set"
    )
    key, fix = first(env)
    assert key == "dist-launch-env-missing" and "torchrun --nproc_per_node" in fix
    assert (
        first("    local_rank = int(os.environ['LOCAL_RANK'])\nKeyError: 'LOCAL_RANK'")[0] == "dist-launch-env-missing"
    )
    key, fix = first("ValueError: coordinator_address should be defined.")
    assert key == "dist-launch-env-missing" and "JAX_COORDINATOR_ADDRESS" in fix
    # near miss: another missing key is no launcher's variable
    assert "dist-launch-env-missing" not in keys("KeyError: 'RANKING'")
