"""Several GPUs, several processes and device placement (issue 36, round eleven): the failures of multi-GPU and
multi-process runs that have no row of their own elsewhere, in each product's own words. The launcher's port taken
(torch's c10d socket.cpp), ranks that never met (torch's rendezvous and TCPStore), a script started without its launcher
(torch's env:// rendezvous, JAX's coordinator), a process group or Horovod never initialised, device settings changed
after the runtime started (TensorFlow's context.py, jax._src.distributed), DDP's reducer (unused parameters, a variable
ready twice), a CPU tensor in a GPU collective, accelerate's refusal to train a model split with device_map,
DataParallel's replica wrapper (the wrapped error is the answer), GPUs that cannot reach each other (CUDA's peer-access
errors), NCCL that finds no network interface, Horovod's shutdown and stall inspector, Ray's GPU requests no node can
meet, CuPy without NCCL (ChainerMN's check), vLLM's parallel sizes, DeepSpeed's missing cpu_adam op and hostfile notice,
a launcher that reports only that a rank failed, and JAX's warning about os.fork. Each pattern is keyed to the wording
in the library's own source (named in ``example_source``); numbers, ports, ranks and PIDs are read from the text, never
written into a pattern. The classes other rows own (NCCL's error kinds and timeouts, invalid device ordinals, CUDA in
forked workers, tensors on two devices, a killed or crashed process) carry these products' wordings and fixes as
variants.
"""

from __future__ import annotations

from ..entry import HIP, INTEL_XPU, KnownError, Variant

__all__ = ["FAMILIES"]

_SHOWN = "tests/troubleshooting/test_round11_f5multi.py"
_R13 = "tests/troubleshooting/test_round13_p3dist.py"
_R14 = "tests/troubleshooting/test_round14_q1dist.py"
_R54 = "tests/troubleshooting/test_round54_v54.py"
_R59 = "tests/troubleshooting/test_round59_v59.py"
#: text that shows a distributed launch (torch.distributed, its launchers, DeepSpeed, accelerate)
_DIST = (
    r"MASTER_PORT|master_port|MASTER_ADDR|torch\.distributed|\bc10d\b|init_process_group|torchrun|tcp://|dist_url"
    r"|TCPStore|main_process_port|\bdeepspeed\b|server socket|rdzv|nproc_per_node"
)

#: a GPU that Ray does not count: Ray's autodetection registers only NVIDIA GPUs (CUDA) as 'GPU' (Ray's own rows and
#: Flower's simulation on Ray, issue 36, round thirty-seven)
_RAY_NON_NVIDIA_GPU = Variant(
    INTEL_XPU + "|" + HIP + r"|\bDirectML\b|\bdevice[= ]{1,3}['\"]?mps\b",
    "a GPU that is not an NVIDIA one (Intel Arc / XPU, AMD)",
    "Ray registers only the GPUs its autodetection knows as 'GPU' (NVIDIA CUDA devices by default), so on an Intel "
    "(XPU) or AMD card the cluster shows GPUs=0 and no task or client asking for num_gpus > 0 is ever placed. Either "
    "set the GPU request to 0 (client_resources / num_gpus=0) and let each worker pick its own device "
    "(torch.device('xpu') or the ROCm build's 'cuda'), or declare the resource to Ray yourself: ray.init(num_gpus=N) / "
    "`ray start --num-gpus=N` (Flower: ray_init_args={'num_gpus': N} for start_simulation, or the backend's init args "
    "in the federation's config), or a custom resource the tasks request. `ray status` must list it.",
    strict=True,
)

#: torchrun's agent calling its rendezvous store after the store's host went away: the frame of
#: c10d_rendezvous_backend's _call_store, then (within a few lines) the connection's error
_AGENT_STORE_GONE = (
    r"c10d_rendezvous_backend\.py\"?, line \d{1,5}, in _call_store\b(?=(?:[^\n]*\n){1,4}[^\n]{0,120}"
    r"(?:Broken pipe|Connection reset by peer|end of file))"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "dist-port-in-use",
        "The launcher's port is taken: the server socket has failed to bind (errno: 98 - Address already in use)",
        r"The server socket has failed to listen on any local network address"
        r"|The server socket has failed to (?:bind to|listen on) [^\n]{1,80}\(errno: (?:98|48|10048) - "
        r"|\bAddress already in use\b|\bEADDRINUSE\b",
        "Rank 0 starts a TCP store on MASTER_ADDR:MASTER_PORT (29500 unless set) and the port is already held: an "
        "earlier run that did not exit (a crashed job's surviving ranks, a notebook kernel still holding it), or "
        "another job on the same host that uses the same default port.",
        "Free the port or use another one: find what holds it (`ss -ltnp | grep 29500` or `lsof -i :29500`) and end "
        "that earlier run by its PID; give each job on one host its own port (torchrun --master_port=29501, or "
        "MASTER_PORT=29501 in the environment; torchrun --standalone or --rdzv-endpoint=localhost:0 picks a free one "
        "for a single node).",
        variants=(
            # detectron2's launch() and the trainers built on it (issue 36, round twenty-five): the rendezvous address
            # is --dist-url, whose default port detectron2's default_argument_parser derives from the user id, and
            # its trailing "opts" (argparse.REMAINDER) swallows every flag written after the first config override
            Variant(
                r"detectron2[\\/]engine[\\/]launch\.py|--dist-url|\bdist_url='tcp://|Process group URL: tcp://",
                "detectron2's launch (--dist-url)",
                "detectron2's launch() (and the trainers that copy it) has rank 0 listen on --dist-url, whose "
                "default (tcp://127.0.0.1:<port>) detectron2 derives from your user id: a second job of the same "
                "user on this machine takes the same port, and an earlier run's orphan processes keep it. End the "
                "earlier run (`ss -ltnp | grep <port>` names its PID), or give each concurrent job its own: "
                "`--dist-url tcp://127.0.0.1:<port>` with another free port (newer detectron2: `--dist-url auto` "
                "picks one). Put "
                "--dist-url before the trailing KEY VALUE config overrides: everything after the first override "
                "goes into opts, so a --dist-url there is ignored; the printed 'Command Line Args: Namespace(...)' "
                "shows the dist_url in use and what went into opts.",
            ),
            Variant(
                r"\bdeepspeed\b",
                "DeepSpeed's launcher",
                "DeepSpeed's launcher uses port 29500 unless told: `deepspeed --master_port 29501 train.py ...` (each "
                "job on the host its own port), and end the earlier run's processes (`ss -ltnp | grep 29500` shows "
                "the PID).",
            ),
            Variant(
                r"accelerate launch|main_process_port|\baccelerate[\\/]",
                "accelerate launch",
                "accelerate launch passes its port to torch: `accelerate launch --main_process_port 29501 ...` (or "
                "main_process_port in the accelerate config file), and end the earlier run still holding the port "
                "(`ss -ltnp | grep 29500` shows its PID).",
            ),
        ),
        # or torch 1.x's TCPStore bind failure, a RuntimeError whose whole message is the OS's (Python's own socket
        # error is an OSError with its errno) (issue 36, round fifty-nine)
        requires=_DIST + r"|^\s{0,8}RuntimeError: Address already in use\s*$",
        weight=84,
        applies="torch.distributed with the env:// or tcp:// rendezvous (torchrun, DeepSpeed, accelerate)",
        shown_by=(
            f"{_SHOWN}::test_the_launchers_port_is_taken",
            "tests/troubleshooting/test_round25_v25wrap.py::test_detectron2s_dist_url_port_taken",
        ),
        example="torch.distributed.DistNetworkError: The server socket has failed to listen on any local network "
        "address. The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).",
        example_source="torch/csrc/distributed/c10d/socket.cpp (SocketListenOp: 'The server socket has failed to "
        "bind to {} {}.', torch 2.x)",
    ),
    KnownError(
        "dist-rendezvous-timeout",
        "The ranks never met: rendezvous or TCPStore timed out (N/M clients joined, client socket timed out)",
        r"RendezvousTimeoutError|rendezvous has timed out after [\d.]{1,12} seconds"
        r"|Timed out after \d{1,7} seconds waiting for clients\. \d{1,6}/\d{1,6} clients joined"
        r"|The client socket has timed out after \d{1,7}m?s while trying to connect to"
        r"|Timed out initializing process group in store based barrier"
        # ProcessGroupNCCL's broadcast of the NCCL unique id through the store (rank 0 never published it), and the
        # elastic agent's store connection (torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py)
        r"|retrieving ncclUniqueId from \[\d{1,5}\] via c10d key-value store by key '[^'\n]{1,60}', but "
        r"store->get\('[^'\n]{1,60}'\) got error: "
        r"|RendezvousConnectionError: The connection to the C10d store has failed"
        # a store call that got no answer within the store's timeout (torch's c10d socket / TCPStore client: the
        # elastic agent's store.get, a rank's barrier), and TCPStore::wait's own timeout naming the keys it waited for
        # (torch/csrc/distributed/c10d/TCPStore.cpp: "wait timeout after {}ms, keys: {}") (issue 36, round forty-four)
        r"|\bDist(?:Store|Network)Error: Socket Timeout\b|\bDistStoreError: wait timeout after \d{1,9}ms, keys: ",
        "The processes of one job did not all reach the rendezvous within its timeout: another node could not "
        "connect to MASTER_ADDR:MASTER_PORT (a firewall, rank 0's address given as 127.0.0.1 or a name other nodes "
        "cannot resolve, another network interface), the nodes disagree on the number of nodes or processes, or one "
        "rank failed or was still busy before it joined.",
        "Check that every node uses the same MASTER_ADDR (rank 0's address that the others can reach: `nc -zv "
        "MASTER_ADDR MASTER_PORT` from each node), the same port, --nnodes and --nproc_per_node (world size = nodes x "
        "processes); open the port in the firewall; start all nodes within the timeout; read the log of the rank "
        "that did not join (it often failed first). N/M clients joined tells how many arrived.",
        variants=(
            Variant(
                r"retrieving ncclUniqueId from",
                "a rank waited for rank 0's NCCL id",
                "This rank reached NCCL's setup, but rank 0 never published its NCCL id in the store: rank 0 failed "
                "or is still busy before its first collective (its own log has the error), the ranks run different "
                "code paths before init (a collective only some ranks call), or they disagree on the world size. "
                "Read rank 0's log first; raise the timeout (init_process_group(timeout=...)) only if rank 0 is "
                "really just slow (loading data or a checkpoint).",
            ),
            # the store's own timeouts, told apart by what the text shows (issue 36, round forty-four): a rank that
            # waited for keys another rank never wrote, a store call with no answer, a client that never connected
            Variant(
                r"wait timeout after \d{1,9}ms, keys: ",
                "a rank waited for keys another rank never wrote (TCPStore wait timeout)",
                "This rank was connected to the store but waited past the store's timeout for keys the other ranks "
                "write (the keys it names: a process group's or a barrier's): another rank crashed before it got "
                "there (its own log has the first error), runs a different code path (a barrier or a new group "
                "only some ranks reach), or was still busy (loading a model or a dataset, compiling, a slow first "
                "step on rank 0). Read the other ranks' logs first; if one is only slow, raise the timeout "
                "(init_process_group(timeout=timedelta(minutes=60)), or the framework's own distributed timeout "
                "option).",
            ),
            Variant(
                r"Socket Timeout",
                "a store call got no answer in time (DistStoreError: Socket Timeout)",
                "A call to the TCPStore on MASTER_ADDR:MASTER_PORT (the launcher's rendezvous, the elastic agent's "
                "exchange of worker addresses, or a barrier) got no answer within the store's timeout. Multi-node: "
                "the other nodes did not all start in time or could not reach the store (every node the same "
                "MASTER_ADDR / --master_addr that the others reach, `nc -zv MASTER_ADDR MASTER_PORT` from each node, "
                "the port open in the firewall, the same --nnodes and --node_rank each once), or a node's agent or a "
                "rank crashed first (read every node's log). Start all nodes together; if start-up is only slow, "
                "raise the timeout (torchrun --rdzv-conf timeout=1800 / join_timeout=1800, "
                "init_process_group(timeout=...)).",
            ),
            Variant(
                r"The client socket has timed out after \d{1,7}m?s while trying to connect to",
                "a rank could not connect to the store (client socket timed out)",
                "This rank never connected to the store at MASTER_ADDR:MASTER_PORT within the timeout: rank 0 did "
                "not start it (it failed or had not started yet: its own log), the address is one this rank cannot "
                "reach (127.0.0.1 on another node, a name resolving elsewhere, a firewall, another interface), or "
                "the port is wrong. Check the address and port each rank is given and `nc -zv MASTER_ADDR "
                "MASTER_PORT` from this rank's node. On one machine the store is rank 0's own process: rank 0 "
                "failed or hung before creating it (its own log; packages at other versions than the project pins, "
                "failing on rank 0's import or first step, are one such cause).",
            ),
            Variant(
                r"RendezvousConnectionError",
                "torchrun could not reach the rendezvous store",
                "torchrun could not connect to the --rdzv-endpoint store: check that HOST:PORT is the first node's "
                "address that this node reaches (`nc -zv HOST PORT`), that the node hosting it started torchrun, "
                "that the port is open in the firewall, and that no proxy variable routes the connection; on one "
                "machine use --standalone.",
            ),
            Variant(
                r"RendezvousTimeoutError|rendezvous has timed out",
                "torchrun's elastic rendezvous",
                "torchrun's rendezvous (--rdzv-backend c10d) waited for --nnodes nodes: start torchrun on every node "
                "with the same --rdzv-id, --rdzv-endpoint=HOST:PORT (a host all nodes reach) and --nnodes, within "
                "--rdzv-conf join_timeout (600 s by default), and open that port between the nodes.",
            ),
        ),
        weight=80,
        applies="torch.distributed (torchrun, DeepSpeed, accelerate) across processes or nodes",
        shown_by=(f"{_SHOWN}::test_ranks_that_never_met",),
        example="torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/2 clients "
        "joined.",
        example_source="torch/csrc/distributed/c10d/TCPStore.cpp (the server's wait for clients); "
        "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py (RendezvousTimeoutError)",
    ),
    # issue 36, round forty-four: gloo's TCP transport could not connect the ranks (torch's CPU process group, which
    # Megatron, vLLM and SGLang create beside NCCL's)
    KnownError(
        "dist-gloo-connect-failed",
        "Gloo could not connect the ranks (Gloo connectFullMesh failed; gloo's tcp/pair.cc: connection refused, no "
        "route to host)",
        r"Gloo connectFullMesh failed with"
        r"|gloo[\\/]transport[\\/]tcp[\\/]pair\.cc:\d{1,5}\] (?:connect \[|[^\n]{0,160}(?:Connection refused"
        r"|No route to host|Network is unreachable))",
        "torch's gloo process group (the CPU group that Megatron, vLLM, SGLang and DeepSpeed create beside NCCL's, "
        "or backend='gloo') connects every pair of ranks over TCP to the address each rank advertises: gloo takes "
        "that address from the host name (or GLOO_SOCKET_IFNAME's interface), and a host name that resolves to "
        "loopback (Ubuntu's /etc/hosts maps it to 127.0.1.1), to a docker bridge or to an interface the other nodes "
        "cannot reach, or a firewall between the nodes, leaves the pairs unconnected (a 'no error' from the "
        "transport is such a connect that never completed).",
        "Set GLOO_SOCKET_IFNAME (and NCCL_SOCKET_IFNAME) on every node to the interface that connects the nodes "
        "(`ip -br addr` lists them; e.g. GLOO_SOCKET_IFNAME=eth0), make the host name resolve to that interface's "
        "address on every node (`getent hosts $(hostname)` must not print 127.0.1.1 or a docker address: fix "
        "/etc/hosts), make MASTER_ADDR that address too, and open the ports between the nodes (gloo uses random "
        "high ports, not only MASTER_PORT). In containers use --network=host for multi-node runs.",
        variants=(
            Variant(
                r"127\.0\.1\.1",
                "the host name resolves to loopback (127.0.1.1)",
                "The address in the error is a loopback one: the host name resolves to 127.0.1.1 (Ubuntu's default "
                "/etc/hosts line), so each rank advertises an address the other nodes cannot reach. Map the host "
                "name to the node's real address in /etc/hosts (or remove the 127.0.1.1 line), or set "
                "GLOO_SOCKET_IFNAME (and NCCL_SOCKET_IFNAME) to the interface that connects the nodes; "
                "`getent hosts $(hostname)` shows the address gloo will use.",
            ),
        ),
        weight=82,
        applies="torch.distributed's gloo backend (also the CPU groups of Megatron-LM, vLLM, SGLang, DeepSpeed)",
        shown_by=("tests/troubleshooting/test_round44_v44comm.py::test_gloo_cannot_connect_the_ranks",),
        example="[E ProcessGroupGloo.cpp:138] Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/"
        "tcp/pair.cc:144] no error",
        example_source="torch/csrc/distributed/c10d/ProcessGroupGloo.cpp ('Gloo connectFullMesh failed with ', "
        "the caught error of gloo::Context::connectFullMesh); gloo/transport/tcp/pair.cc",
    ),
    KnownError(
        "dist-not-initialized",
        "The process group was never initialised (Default process group has not been initialized; hvd.init())",
        r"Default process group has not been initialized|Horovod has not been initialized; use hvd\.init\(\)",
        "The code calls a distributed function (get_rank, barrier, all_reduce, DistributedSampler, SyncBatchNorm, "
        "DistributedDataParallel) in a process that never initialised the process group: the script was started "
        "with plain python instead of its launcher, or a distributed option is on for a one-GPU run.",
        "Either launch it as the project expects (torchrun --nproc_per_node=N script.py, and the script calls "
        "torch.distributed.init_process_group before any collective), or turn the distributed option off for one "
        "GPU (the project's --distributed / --launcher none / --ddp switch; SyncBatchNorm -> BatchNorm); in your own "
        "code guard the calls with torch.distributed.is_initialized().",
        variants=(
            Variant(
                r"Horovod has not been initialized|\bhorovod\b|\bhvd\.",
                "Horovod",
                "Call hvd.init() first, before any other Horovod call (hvd.rank(), hvd.DistributedOptimizer, "
                "hvd.broadcast_parameters), and start the script with horovodrun -np N (or mpirun).",
            ),
        ),
        weight=82,
        applies="torch.distributed and Horovod",
        shown_by=(f"{_SHOWN}::test_a_process_group_never_initialised",),
        example="ValueError: Default process group has not been initialized, please make sure to call "
        "init_process_group.",
        example_source="torch/distributed/distributed_c10d.py (_get_default_group); horovod/common/operations.cc "
        "(NOT_INITIALIZED_ERROR)",
    ),
    KnownError(
        "dist-launch-env-missing",
        "A distributed script started without its launcher: RANK / WORLD_SIZE / MASTER_ADDR not set (env:// "
        "rendezvous), JAX's coordinator_address not defined",
        r"env:// rendezvous: environment variable \w{2,20} expected, but not set"
        r"|\bKeyError: '(?:LOCAL_RANK|RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|MASTER_ADDR|MASTER_PORT)'"
        r"|coordinator_address should be defined|The process id of the current process must be defined",
        "The script initialises a multi-process group from the environment that a launcher sets (torchrun, "
        "deepspeed, accelerate launch, srun, mpirun): started with plain python (or from a notebook or an IDE), "
        "those variables do not exist.",
        "Start it with its launcher, e.g. `torchrun --nproc_per_node=NUM_GPUS script.py` (one GPU: "
        "--nproc_per_node=1), or for a single process set the variables yourself before init_process_group "
        "(RANK=0 WORLD_SIZE=1 MASTER_ADDR=127.0.0.1 MASTER_PORT=29500 LOCAL_RANK=0), or turn the project's "
        "distributed option off.",
        variants=(
            Variant(
                r"coordinator_address should be defined|process id of the current process",
                "JAX",
                "jax.distributed.initialize() found no cluster to detect (no Slurm, MPI, Kubernetes or TPU "
                "environment): pass coordinator_address='HOST:PORT', num_processes and process_id to it (or "
                "JAX_COORDINATOR_ADDRESS, JAX_NUM_PROCESSES, JAX_PROCESS_ID), or skip it on a single host (one "
                "process sees all local GPUs).",
            ),
        ),
        weight=84,
        applies="torch.distributed's env:// rendezvous; scripts that read LOCAL_RANK; jax.distributed",
        shown_by=(f"{_SHOWN}::test_a_script_started_without_its_launcher",),
        example="ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable RANK "
        "expected, but not set",
        example_source="torch/distributed/rendezvous.py (_env_rendezvous_handler); jax/_src/distributed.py "
        "(State.initialize)",
    ),
    KnownError(
        "dist-device-config-after-init",
        "Device settings changed after the runtime started (TensorFlow's physical devices, jax.distributed.initialize)",
        r"(?:Physical|Virtual) devices cannot be modified after being initialized"
        r"|jax\.distributed\.initialize\(\) must be called before any JAX computations"
        r"|distributed\.initialize should only be called once",
        "The runtime fixes its devices the first time it touches the GPU; the program changed the device "
        "configuration afterwards (visible GPUs, memory growth, logical devices) or started the multi-process "
        "runtime after a computation or a second time.",
        "Configure devices once, at the very top of the program, before any computation or device listing: set "
        "CUDA_VISIBLE_DEVICES in the environment before the process starts, then the framework's device options, "
        "then build the model.",
        variants=(
            Variant(
                r"(?:Physical|Virtual) devices cannot be modified",
                "TensorFlow",
                "Call tf.config.set_visible_devices / tf.config.experimental.set_memory_growth / "
                "set_logical_device_configuration right after importing TensorFlow, before any op, model or "
                "tf.config.list_logical_devices (an imported library may create tensors: move the calls above that "
                "import); or set CUDA_VISIBLE_DEVICES and TF_FORCE_GPU_ALLOW_GROWTH=true in the environment.",
            ),
            Variant(
                r"should only be called once",
                "jax.distributed.initialize called twice",
                "jax.distributed.initialize() may run once per process: call it once at start-up (guard it, e.g. "
                "jax.distributed.is_initialized() in newer JAX, or run each training in its own process).",
            ),
            Variant(
                r"must be called before any JAX computations",
                "JAX",
                "Call jax.distributed.initialize() first thing in each process, before jax.devices(), any jnp "
                "array or any library that computes with JAX on import; set JAX_PLATFORMS / CUDA_VISIBLE_DEVICES in "
                "the environment, not after.",
            ),
        ),
        weight=84,
        applies="TensorFlow 2 (tf.config), JAX multi-process (jax.distributed)",
        shown_by=(f"{_SHOWN}::test_device_settings_after_the_runtime_started",),
        example="RuntimeError: Physical devices cannot be modified after being initialized",
        example_source="tensorflow/python/eager/context.py (set_memory_growth / set_visible_devices); "
        "jax/_src/distributed.py (initialize)",
    ),
    KnownError(
        "dist-accelerate-device-map",
        "accelerate: You can't train a model that has been loaded with device_map='auto' in any distributed mode",
        r"You can't train a model that has been loaded with `?device_map='auto'`? in any distributed mode"
        r"|You can't train a model that has been loaded in 8-bit(?: or 4-bit)? precision on a different device "
        r"than the one",
        "device_map='auto' splits one model over all visible GPUs (model parallelism) while a distributed launch "
        "(accelerate launch with several processes, torchrun, DeepSpeed) runs one copy per GPU (data "
        "parallelism); accelerate refuses the mix, and refuses a quantized model placed on another GPU than its "
        "process's.",
        "Pick one: for data parallelism load the whole model on each process's own GPU, "
        "device_map={'': Accelerator().local_process_index} (or {'': int(os.environ['LOCAL_RANK'])}), if it fits "
        "one GPU; to split a model too large for one GPU, run a single process (`python train.py` or `accelerate "
        "launch --num_processes=1`) with device_map='auto', or use DeepSpeed ZeRO-3 / FSDP instead of device_map.",
        weight=86,
        applies="accelerate (transformers Trainer, TRL, PEFT) under a multi-process launch",
        shown_by=(f"{_SHOWN}::test_accelerate_refuses_device_map_in_a_distributed_run",),
        example="ValueError: You can't train a model that has been loaded with `device_map='auto'` in any "
        "distributed mode. Please rerun your script specifying `--num_processes=1` or by launching with `python "
        "{{myscript.py}}`.",
        example_source="accelerate/accelerator.py (prepare_model)",
    ),
    KnownError(
        "ddp-unused-parameters",
        "DDP: Expected to have finished reduction in the prior iteration (parameters that did not get a gradient)",
        r"Expected to have finished reduction in the prior iteration before starting a new one",
        "DistributedDataParallel waits for a gradient for every parameter that requires one; some parameters took "
        "no part in this step's loss (a branch or head not used, a frozen-by-logic layer, an output not in the "
        "loss), so the reduction never finished; with static_graph=True the graph changed between iterations.",
        "Make every trainable parameter take part in the loss, or freeze the unused ones (requires_grad=False "
        "before wrapping), or let DDP look for them: DistributedDataParallel(model, find_unused_parameters=True) "
        "(slower); TORCH_DISTRIBUTED_DEBUG=DETAIL names the parameters that got no gradient.",
        variants=(
            Variant(
                r"training graph has changed in this iteration",
                "static_graph=True with a graph that changes",
                "DDP was told the graph is static (static_graph=True, or _set_static_graph()) but this iteration used "
                "other parameters: drop static_graph (and use find_unused_parameters=True if some parameters are "
                "unused in some steps), or make forward use the same parameters every step.",
            ),
            Variant(
                r"\blightning\b|pytorch_lightning|lightning_fabric",
                "Lightning",
                "In Lightning pass Trainer(strategy='ddp_find_unused_parameters_true') (or "
                "DDPStrategy(find_unused_parameters=True)), or freeze the parameters the step does not use; "
                "TORCH_DISTRIBUTED_DEBUG=DETAIL names them.",
            ),
            Variant(
                r"\btransformers\b|TrainingArguments|\bTrainer\b|\btrl\b|\bpeft\b",
                "transformers' Trainer",
                "Set TrainingArguments(ddp_find_unused_parameters=True) (or --ddp_find_unused_parameters true), or "
                "freeze the unused parameters; with gradient checkpointing prefer "
                "gradient_checkpointing_kwargs={'use_reentrant': False}.",
            ),
            Variant(
                r"\baccelerate\b|Accelerator\(",
                "accelerate",
                "Pass Accelerator(kwargs_handlers=[DistributedDataParallelKwargs(find_unused_parameters=True)]), or "
                "freeze the parameters the step does not use.",
            ),
        ),
        weight=84,
        applies="torch.nn.parallel.DistributedDataParallel (torchrun, Lightning, transformers, accelerate)",
        shown_by=(f"{_SHOWN}::test_ddps_reducer_in_its_own_words",),
        example="RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
        "This error indicates that your module has parameters that were not used in producing loss.",
        example_source="torch/csrc/distributed/c10d/reducer.cpp (Reducer::prepare_for_backward / "
        "ensure_prior_reduction_finished)",
    ),
    KnownError(
        "ddp-ready-twice",
        "DDP: Expected to mark a variable ready only once (a parameter's gradient arrived twice)",
        r"Expected to mark a variable ready only once|has been marked as ready twice",
        "DDP saw a parameter's gradient hook fire twice in one backward: reentrant gradient checkpointing (the "
        "checkpointed part runs backward again), a parameter shared by several layers or modules, or a model "
        "wrapped twice or run twice per backward.",
        "Use non-reentrant checkpointing (torch.utils.checkpoint.checkpoint(..., use_reentrant=False)), or tell "
        "DDP the graph does not change (DistributedDataParallel(..., static_graph=True)) and leave "
        "find_unused_parameters off; TORCH_DISTRIBUTED_DEBUG=DETAIL names the parameter.",
        variants=(
            Variant(
                r"\btransformers\b|TrainingArguments|\bTrainer\b|\bpeft\b|\btrl\b|gradient_checkpointing",
                "transformers' Trainer with gradient checkpointing",
                "Set TrainingArguments(gradient_checkpointing_kwargs={'use_reentrant': False}) (or "
                "model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={'use_reentrant': False})) and "
                "ddp_find_unused_parameters=False.",
            ),
        ),
        weight=84,
        applies="torch.nn.parallel.DistributedDataParallel with gradient checkpointing or shared weights",
        shown_by=(f"{_SHOWN}::test_ddps_reducer_in_its_own_words",),
        example="RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the "
        "following reasons: 1) Use of a module parameter outside the `forward` function.",
        example_source="torch/csrc/distributed/c10d/reducer.cpp (Reducer::mark_variable_ready)",
    ),
    # ---- round twenty-five (v25wrap): DDP's reducer notes a cost, not a failure ------------------------------------
    KnownError(
        "ddp-reducer-performance-notice",
        "DDP: find_unused_parameters=True but no unused parameters found / grad strides do not match bucket view "
        "strides (performance notices)",
        r"find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters"
        r"|Grad strides do not match bucket view strides",
        "A notice, not a failure: DistributedDataParallel's reducer prints it once per rank while training goes on. "
        "find_unused_parameters=True costs an extra walk of the autograd graph every iteration although this "
        "forward pass used every parameter; 'grad strides do not match bucket view strides' means a gradient's "
        "memory layout (often a channels-last or 1x1 convolution weight) differs from DDP's bucket, so it is copied "
        "each step.",
        "Nothing to fix: training continues. For the speed, set find_unused_parameters=False where the model uses "
        "every parameter in every step (keep True if some iterations skip a branch: the flag is then needed); "
        "for the strides notice, wrap with gradient_as_bucket_view=True or keep the parameters' memory format "
        "fixed before wrapping. If the run did fail, the error after these lines is the one to explain.",
        variants=(
            Variant(
                r"\blightning\b|pytorch_lightning|lightning_fabric",
                "Lightning",
                "Nothing to fix: training continues. Lightning's strategy='ddp_find_unused_parameters_true' sets "
                "the flag: use strategy='ddp' when every parameter is used in every step (keep it if some steps "
                "skip a branch).",
            ),
            Variant(
                r"\btransformers\b|TrainingArguments|\btrl\b|\bpeft\b",
                "transformers' Trainer",
                "Nothing to fix: training continues. Set TrainingArguments(ddp_find_unused_parameters=False) (or "
                "--ddp_find_unused_parameters false) when every parameter is used in every step.",
            ),
        ),
        severity="notice",
        weight=30,
        applies="torch.nn.parallel.DistributedDataParallel (torchrun, detectron2, Lightning, transformers)",
        shown_by=("tests/troubleshooting/test_round25_v25wrap.py::test_ddp_reducer_notices_are_only_warnings",),
        example="[W reducer.cpp:1303] Warning: find_unused_parameters=True was specified in DDP constructor, but did "
        "not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd "
        "graph every iteration,  which can adversely affect performance.",
        example_source="torch/csrc/distributed/c10d/reducer.cpp (TORCH_WARN_ONCE in Reducer::search_unused_parameters "
        "and in the bucket view's stride check)",
    ),
    # issue 36, round fifty-nine: ProcessGroupNCCL's guess of a rank's GPU, a warning pasted as the failure (Ray's
    # and other loggers wrap it over lines, so its words may be split by a line break and an indent)
    KnownError(
        "dist-nccl-device-guess-notice",
        "ProcessGroupNCCL: 'using GPU N as device used by this process is currently unknown' / 'using best-guess GPU "
        "N to perform barrier' (a warning: the rank-to-GPU mapping was guessed)",
        r"\busing (?:best-guess )?GPU \d{1,3}(?:\s{1,12}to perform barrier)?\s{1,12}as\s{1,12}devices?\s{1,12}used"
        r"\s{1,12}by\s{1,12}this\s{1,12}process\s{1,12}(?:is|are)\s{1,12}currently\s{1,12}unknown",
        "The NCCL process group did not know which GPU this rank uses (init_process_group without device_id, a "
        "barrier before the rank set its device), so it took the GPU of its rank number or the current device and "
        "said so. Where each rank already runs on its own GPU (torch.cuda.set_device(local_rank) before the first "
        "collective, or one visible GPU per process) the guess is right and nothing failed; it hangs only when two "
        "ranks guess the same GPU.",
        "Nothing to fix when training runs: the line is a warning. To silence it, set the device before the first "
        "collective (torch.cuda.set_device(local_rank)) and pass it: init_process_group(..., device_id=torch.device("
        "'cuda', local_rank)) (torch 2.3 and later), or barrier(device_ids=[local_rank]). If the run hangs at its "
        "first collective, check that each rank sets a different device. If something did fail, the first error "
        "after these lines is the cause: give explain the whole output.",
        severity="notice",
        weight=30,
        applies="torch.distributed's NCCL process group (torchrun, Ray Train, Lightning, ignite, DeepSpeed)",
        shown_by=(f"{_R59}::test_nccl_device_guess_is_a_notice",),
        example="[rank0]:[W1003 20:49:10.123654124 ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 "
        "as device used by this process is currently unknown. This can potentially cause a hang if this rank to GPU "
        "mapping is incorrect.",
        example_source="torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (guessDeviceForRank's and barrier's "
        "TORCH_WARN)",
    ),
    KnownError(
        "dist-collective-cpu-tensor",
        "A CPU tensor in a GPU collective (Tensors must be CUDA and dense / No backend type associated with device "
        "type cpu)",
        r"Tensors must be CUDA and dense|No backend type associated with device type \w{2,10}",
        "An NCCL process group moves GPU tensors only; the collective (all_reduce, broadcast, all_gather, a metric "
        "sync) got a tensor on the CPU (or on a device the group has no backend for).",
        "Put the tensor on this rank's GPU before the collective (torch.tensor(x, device=f'cuda:{local_rank}'), "
        "t.cuda()), or give CPU tensors a backend too: init_process_group(backend='cpu:gloo,cuda:nccl'), or a "
        "separate dist.new_group(backend='gloo') for CPU objects.",
        variants=(
            Variant(
                r"\blightning\b|pytorch_lightning|torchmetrics|sync_dist",
                "Lightning / torchmetrics",
                "A value logged with sync_dist=True (or a metric's state) is on the CPU: log tensors on "
                "self.device (torch.tensor(v, device=self.device)), or leave sync_dist off for CPU values.",
            ),
            Variant(
                r"Tensors must be CUDA and dense tensor|\bpaddle\b",
                "Paddle",
                "Paddle's NCCL collective got a tensor that is not on the GPU: move it to the GPU first "
                "(paddle.to_tensor(x, place=paddle.CUDAPlace(rank)) or x.cuda()).",
            ),
        ),
        weight=84,
        applies="torch.distributed with the NCCL backend (and other device-only backends); Paddle's collectives",
        shown_by=(f"{_SHOWN}::test_a_cpu_tensor_in_a_gpu_collective",),
        example="RuntimeError: No backend type associated with device type cpu",
        example_source="torch/csrc/distributed/c10d/ProcessGroup.hpp (getBackend); "
        "torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (check_gpu_single_tensor)",
    ),
    KnownError(
        "dist-replica-wrapper",
        "DataParallel: Caught <Error> in replica N on device N (the wrapped error below is the failure)",
        r"Caught \w{1,60} in replica \d{1,3} on device \d{1,3}",
        "DataParallel runs the model on each GPU in a thread and re-raises a replica's error with this header; the "
        "failure itself is the error printed under 'Original Traceback' (out of memory, a device mismatch, a "
        "dtype or shape error in forward).",
        "Read the error under 'Original Traceback (most recent call last)' and explain that part; to see it without "
        "the wrapper, run on one GPU (CUDA_VISIBLE_DEVICES=0, no DataParallel). DistributedDataParallel (one "
        "process per GPU) is the recommended replacement for DataParallel.",
        downstream=True,
        weight=30,
        applies="torch.nn.DataParallel",
        shown_by=(f"{_SHOWN}::test_dataparallels_wrapper_gives_way_to_the_wrapped_error",),
        example="RuntimeError: Caught RuntimeError in replica 1 on device 1.",
        example_source="torch/nn/parallel/parallel_apply.py (ExceptionWrapper(where=f'in replica {i} on device "
        "{device}'))",
    ),
    KnownError(
        "cuda-peer-access",
        "GPUs cannot reach each other directly (peer access is not supported between these two devices)",
        r"peer access is not supported between these two devices|peer mapping resources exhausted"
        r"|cudaErrorPeerAccessUnsupported|CUDA_ERROR_PEER_ACCESS_UNSUPPORTED|cudaErrorTooManyPeers"
        r"|CUDA_ERROR_TOO_MANY_PEERS"
        # issue 36, round twenty-six: a copy that arrived as zeros without an error, as torch prints it (a tensor on
        # one GPU, then, as the next tensor printed, one of nothing but zeros on another): a peer-to-peer path the
        # platform reports but does not deliver
        r"|device='cuda:(?P<src>\d{1,2})'(?:(?!device=)[\s\S]){0,4000}?tensor\(\[{1,6}0\.(?:[\s,\[\]]{1,24}(?:0\.|\.\.\.))*"
        r"[\s\]]{0,24}, device='cuda:(?!(?P=src)')\d{1,2}'",
        "A copy or collective between two GPUs asked for direct peer-to-peer access, which this pair does not "
        "offer: consumer cards without P2P, GPUs under different CPU sockets or PCIe root ports, an IOMMU or PCIe "
        "ACS that blocks it, or a VM.",
        "Route the traffic through host memory: NCCL_P2P_DISABLE=1 in the environment for NCCL (torch.distributed, "
        "DeepSpeed, accelerate, vLLM); in your own code copy via the CPU (t.cpu().to('cuda:1')). `nvidia-smi topo "
        "-m` shows how the GPUs connect; on bare metal, IOMMU passthrough (iommu=pt) or ACS off in the BIOS can "
        "restore P2P.",
        variants=(
            Variant(
                r"tensor\(\[{1,6}0\., 0\., 0\.",
                "a copy between GPUs that arrived as zeros",
                "The tensor is right on one GPU and all zeros after the copy to the other, with no error: the "
                "platform reports peer-to-peer access between these GPUs but does not deliver it (an IOMMU or PCIe "
                "ACS setting, a driver or board that breaks P2P, a VM). Confirm with a small copy (`x = "
                "torch.randn(4, device='cuda:0'); print(x.to('cuda:1'))`) and CUDA's p2pBandwidthLatencyTest; until "
                "it is fixed, copy through host memory (`t.cpu().to('cuda:1')`; a library's own option that copies "
                "between GPUs through the CPU, where it has one; NCCL_P2P_DISABLE=1 for NCCL) or run on one GPU. To "
                "restore P2P on bare metal: IOMMU off or passthrough (iommu=pt / amd_iommu=off), ACS off in the "
                "BIOS, a current driver; `nvidia-smi topo -p2p r` shows what the driver claims.",
            ),
            Variant(
                r"\bXLA\b|\bxla\b|\bjax\b|\bjaxlib\b|\btensorflow\b",
                "XLA (JAX, TensorFlow)",
                "XLA's collectives go through NCCL: set NCCL_P2P_DISABLE=1 before the process starts; `nvidia-smi "
                "topo -m` shows how the GPUs connect.",
            ),
        ),
        cuda_errors=("cudaErrorPeerAccessUnsupported", "cudaErrorTooManyPeers"),
        weight=86,
        applies="several GPUs in one host (torch, NCCL, XLA, CUDA programs)",
        shown_by=(
            f"{_SHOWN}::test_gpus_that_cannot_reach_each_other",
            "tests/troubleshooting/test_round26_v26numeric.py::test_a_copy_between_gpus_that_arrives_as_zeros_is_peer_access",
        ),
        example="NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
        example_source="CUDA runtime's cudaGetErrorString for cudaErrorPeerAccessUnsupported (217); NCCL's "
        "CUDACHECK ('Cuda failure %s')",
    ),
    KnownError(
        "nccl-no-network-interface",
        "NCCL finds no network interface (Bootstrap : no socket interface found / NET/Socket : no interface found)",
        r"Bootstrap ?: no socket interface found|NET/Socket ?: no interface found"
        # the socket NCCL's bootstrap opens for the address family it picked (older NCCL's include/socket.h, logged
        # as "file:line WARN Socket creation failed : <strerror>"): the container's network offers none of it (issue
        # 36, round twenty-six)
        r"|\bWARN (?:Net ?: ?)?Socket creation failed ?: ?Address family not supported",
        "NCCL looks for the network interface named by NCCL_SOCKET_IFNAME (or any usable one) and found none: the "
        "variable names an interface this host or container does not have (copied from another cluster), "
        "excludes every interface, or the container has only loopback.",
        "List the interfaces (`ip -br addr`) and set NCCL_SOCKET_IFNAME to the one that connects the nodes (e.g. "
        "eth0; a prefix such as ^docker,lo excludes), or unset it on a single node; in Docker use --network=host "
        "for multi-node runs; NCCL_DEBUG=INFO prints the interfaces NCCL sees.",
        variants=(
            Variant(
                r"Socket creation failed ?: ?Address family not supported",
                "no socket of the address family NCCL picked (a container's network)",
                "NCCL could not even open a socket for the address family it chose (IPv4 or IPv6): the container's "
                "network namespace has no usable interface of that family (only loopback, or IPv6 turned off). Start "
                "the container with the host's network (`docker run --net=host ...`; Kubernetes: hostNetwork: true), "
                "or point NCCL at an interface and family the container has (NCCL_SOCKET_IFNAME=eth0, "
                "NCCL_SOCKET_FAMILY=AF_INET); shared memory (--ipc=host or a larger --shm-size) is a separate "
                "requirement of several GPUs, not this error's cause. A 'Failed to open libibverbs' line beside it "
                "is harmless (no InfiniBand: NCCL uses sockets).",
            ),
        ),
        weight=86,  # above torch-nccl-error (75): the WARN names the cause of the error that follows
        applies="NCCL (torch.distributed, DeepSpeed, vLLM, JAX / XLA, TensorFlow)",
        shown_by=(f"{_SHOWN}::test_nccl_without_a_network_interface",),
        example="node1:123:123 [0] NCCL WARN Bootstrap : no socket interface found",
        example_source="NCCL src/bootstrap.cc (bootstrapNetInit) and src/transport/net_socket.cc (ncclNetSocketInit)",
    ),
    # issue 36, round twenty-nine: CuPy whose NCCL module did not load (ChainerMN's check of cupy.cuda.nccl, CuPy's own
    # preload warning, the import itself)
    KnownError(
        "cupy-nccl-unavailable",
        "CuPy without NCCL: 'NCCL is not available. Please confirm that NCCL is enabled in CuPy' / 'nccl library could "
        "not be loaded'",
        r"NCCL is not available\.\s{0,4}Please confirm that NCCL is enabled in CuPy"
        r"|^\s{0,8}nccl library could not be loaded\."
        r"|cannot import name ['\"]?nccl['\"]? from ['\"]?cupy\.cuda\b"
        r"|No module named ['\"]?cupy(?:_backends)?\.cuda\.(?:libs\.)?nccl\b",
        "CuPy's NCCL module (cupy.cuda.nccl) did not load, so nothing can make an NCCL communicator through CuPy: "
        "CuPy's wheels load libnccl at run time and the image or environment has no libnccl for that CUDA (or one "
        "CuPy cannot find); a CuPy built from source (`pip install cupy`) was built "
        "where NCCL's headers were missing, so it has no NCCL module at all; or the installed CuPy is of another CUDA "
        "than the NCCL present.",
        "Give CuPy an NCCL of its CUDA in the environment the job runs in (the container image, not only your "
        "machine): for a cupy-cudaXXx wheel install it with `python -m cupyx.tools.install_library --library nccl "
        "--cuda <X.x>` (the command CuPy's warning prints), or the system libnccl2 of that CUDA from NVIDIA's "
        "repository (`apt-get install libnccl2`); with conda `conda install -c conda-forge nccl`; for a source build "
        "install libnccl2 and libnccl-dev first, then rebuild it (`pip install --no-cache-dir --force-reinstall "
        "cupy`). Check with `python -c 'import cupy; cupy.show_config()'` (the NCCL lines must show a version) and "
        "`python -c 'from cupy.cuda import nccl; print(nccl.get_version())'`.",
        variants=(
            Variant(
                r"\bchainermn\b|create_communicator|\bChainerMN\b",
                "ChainerMN",
                "ChainerMN's NCCL communicators (pure_nccl, hierarchical, two_dimensional, single_node, "
                "non_cuda_aware) need CuPy's NCCL module: install NCCL for the CuPy's CUDA in the image the job runs "
                "in (a cupy-cudaXXx wheel: `python -m cupyx.tools.install_library --library nccl --cuda <X.x>` or "
                "the libnccl2 package of that CUDA; a CuPy built from source: install libnccl2 and libnccl-dev, then "
                "`pip install --no-cache-dir --force-reinstall cupy`), and check `python -c 'from cupy.cuda import "
                "nccl; print(nccl.get_version())'` in that image. Without NCCL, `chainermn.create_communicator("
                "'naive')` or 'flat' run over MPI alone (slower).",
            ),
        ),
        weight=88,  # above shared-library-not-found (85): CuPy's warning names the missing libnccl's remedy
        applies="CuPy (cupy.cuda.nccl) and what builds on it: ChainerMN, cupyx.distributed",
        shown_by=("tests/troubleshooting/test_round29_v29cloud.py::test_cupy_without_nccl",),
        example="RuntimeError: NCCL is not available. Please confirm that NCCL is enabled in CuPy.",
        example_source="chainer/chainermn chainermn/communicators/mpi_communicator_base.py and the NCCL "
        "communicators (the check of chainermn.nccl._available, the import of cupy.cuda.nccl); cupy's "
        "cupy/_environment.py (_preload_warning: '{lib} library could not be loaded.' and the install_library "
        "command) and cupy/cuda/nccl.py (available)",
    ),
    # ---- NCCL's INFO log of a run that hangs (issue 36, round twenty-six) -------------------------------------------
    KnownError(
        "nccl-hang-after-init",
        "A multi-GPU run hangs, and NCCL's log shows only its start-up (INFO lines, no WARN)",
        r"\bNCCL INFO (?:Bootstrap ?:|NET/(?:Plugin|Socket|IB)\b|Using network \w|cudaDriverVersion \d"
        r"|Channel \d|comm 0x[0-9a-f]|Connected all (?:rings|trees)|Init COMPLETE|P2P Chunksize|Setting affinity"
        r"|Trees \[|Ring \d)",
        "NCCL's INFO lines are its normal start-up (the interfaces and transports it chose, a network plugin it "
        "did not find); the run stops after them, so the collectives never complete: most often peer-to-peer copies "
        "between GPUs of one machine that its PCIe topology does not carry (ACS or an IOMMU on bare metal, a VM "
        "without P2P), less often ranks that issue different collectives. The log up to the stall shows no error.",
        "Test the GPUs alone: nccl-tests' `all_reduce_perf -b 8 -e 128M -g <number of GPUs>` (or a three-line "
        "torch.distributed all_reduce). If it hangs too, rerun it with NCCL_P2P_DISABLE=1: if that completes, P2P "
        "between these GPUs is broken: keep NCCL_P2P_DISABLE=1, or on bare metal turn ACS off / boot with "
        "iommu=pt (`nvidia-smi topo -m` shows the paths). If the test runs, dump each rank's stack where the "
        "program waits (`py-spy dump --pid <pid>` per rank, TORCH_DISTRIBUTED_DEBUG=DETAIL) to find a rank in "
        "another collective. The 'libnccl-net.so' and 'libibverbs' lines are harmless.",
        requires=r"\b(?:hangs?|hung|hanging|stuck|freez(?:e|es|ing)|frozen|deadlock(?:s|ed)?|no progress"
        r"|never (?:finish|return|start|progress)(?:es|s|ed)?"
        r"|(?:does not|doesn't|did not|didn't) (?:progress|continue))\b",
        unless=r"\bNCCL WARN\b|Watchdog caught collective|ncclSystemError|ncclInternalError|ncclUnhandledCudaError"
        r"|Traceback \(most recent call last\)|\bNCCL INFO [\w./-]{1,160}:\d{1,6} -> [1-9]",
        severity="warns-of-failure",
        loose=True,
        alternatives=("cuda-peer-access", "torch-nccl-timeout"),
        weight=60,
        applies="NCCL (torch.distributed, DeepSpeed, Lightning) on several GPUs of one machine",
        shown_by=("tests/troubleshooting/test_round26_v26debug.py::test_nccl_info_lines_of_a_hang",),
        example="(training hangs on two GPUs)\nnode:12:12 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>\n"
        "node:12:40 [1] NCCL INFO Using network Socket",
        example_source="NCCL's INFO lines (init.cc, bootstrap.cc, transport/net_socket.cc) under NCCL_DEBUG=INFO",
    ),
    KnownError(
        "nccl-net-plugin-absent",
        "NCCL found no external network plugin (libnccl-net.so) or no InfiniBand library and uses its own sockets "
        "(information, not an error)",
        r"NET/Plugin ?: ?(?:Plugin load \(?libnccl-net[\w.-]{0,40}\.so\)? returned \d{1,3}|No plugin found"
        r"|Could not find:? libnccl-net)|NCCL INFO Failed to open libibverbs\.so",
        "NCCL first looks for a network plugin (libnccl-net.so, e.g. the AWS OFI or an InfiniBand SHARP plugin) and "
        "for libibverbs; without them it uses its internal implementation over sockets, which is what a single "
        "machine or an Ethernet cluster needs. The 'cannot open shared object file' in the line is that lookup, "
        "not a missing dependency.",
        "Nothing to fix for these lines. Only a cluster that should use InfiniBand / EFA needs the plugin or "
        "rdma-core installed (then NCCL INFO says 'Using network IB'); if the run failed or hung, the cause is "
        "elsewhere: give explain the first NCCL WARN or error line, or see how it stops.",
        severity="notice",
        weight=45,
        applies="NCCL 2.x with NCCL_DEBUG=INFO",
        shown_by=("tests/troubleshooting/test_round26_v26debug.py::test_nccl_info_lines_of_a_hang",),
        example="node:12:12 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: "
        "cannot open shared object file: No such file or directory",
        example_source="NCCL src/net.cc (the network plugin lookup) under NCCL_DEBUG=INFO",
    ),
    KnownError(
        "horovod-shutdown",
        "Horovod has been shut down (an exception on one rank, or a collective after a rank finished)",
        r"Horovod has been shut down\. This (?:was|has been) caused by an exception on one of the ranks?",
        "One rank raised (or finished its loop early) and Horovod shut down; every other rank then reports this "
        "message, which is not the cause.",
        "Find the first exception of any rank (horovodrun --output-filename DIR keeps each rank's log; mpirun "
        "--tag-output prefixes them) and explain that; if a rank finished early, give every rank the same number "
        "of steps (an even split of the data: hvd's DistributedSampler, drop_last=True).",
        downstream=True,
        weight=40,
        applies="Horovod (TensorFlow, Keras, PyTorch, MXNet)",
        shown_by=(f"{_SHOWN}::test_horovod_in_its_own_words",),
        example="horovod.common.exceptions.HorovodInternalError: Horovod has been shut down. This was caused by an "
        "exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the "
        "ranks finished execution.",
        example_source="horovod/common/operations.cc (SHUT_DOWN_ERROR)",
    ),
    KnownError(
        "horovod-stall",
        "Horovod stall warning: tensors submitted by a subset of ranks (Missing ranks: ...)",
        r"One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks",
        "Some ranks wait in a collective that the ranks listed under 'Missing ranks' never submitted: those ranks "
        "crashed, are still busy (rank 0 alone evaluating or saving), run fewer steps, or run other ops (a branch "
        "that depends on the rank or the data); the job will hang.",
        "Look at the missing ranks' logs; make every rank run the same collectives in the same order and the same "
        "number of steps; HOROVOD_STALL_SHUTDOWN_TIME_SECONDS makes Horovod stop instead of hanging.",
        severity="warns-of-failure",
        alternatives=("torch-nccl-timeout",),
        weight=70,
        applies="Horovod",
        shown_by=(f"{_SHOWN}::test_horovod_in_its_own_words",),
        example="W horovod/common/stall_inspector.cc:107] One or more tensors were submitted to be reduced, gathered "
        "or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds.",
        example_source="horovod/common/stall_inspector.cc (CheckForStalledTensors)",
    ),
    KnownError(
        "ray-gpu-unschedulable",
        "Ray cannot place a GPU task or actor (resource request cannot be scheduled / no node type can fulfill)",
        r"(?:No available node types can fulfill resource requests?|The following resource request cannot be "
        r"scheduled right now:) \{[^}\n]{0,200}'GPU': [\d.]{1,8}",
        "The tasks and actors ask for more GPUs (num_gpus) than the Ray cluster offers: Ray was started without "
        "the GPUs (a head node or pod with none, a container that sees none), other actors hold them, or a "
        "fractional request adds up to more than there is. The task waits forever.",
        "`ray status` shows the cluster's GPUs and what is requested: start Ray with the GPUs (`ray start --head "
        "--num-gpus=N`, ray.init(num_gpus=N); in Docker / Kubernetes the worker must see the GPUs), ask for fewer "
        "(num_gpus=0.5 shares one GPU between two actors), or create fewer GPU actors; vLLM on Ray needs "
        "tensor_parallel_size x pipeline_parallel_size GPUs in the cluster.",
        variants=(_RAY_NON_NVIDIA_GPU,),
        severity="warns-of-failure",
        weight=80,
        applies="Ray (Ray Train / Tune / Serve, vLLM's Ray executor, RLlib)",
        shown_by=(f"{_SHOWN}::test_ray_cannot_place_a_gpu_actor",),
        example="Error: No available node types can fulfill resource request {'GPU': 1.0, 'CPU': 1.0}. Add suitable "
        "node types to this cluster to resolve this issue.",
        example_source="ray python/ray/autoscaler/_private/autoscaler.py (infeasible requests); ray's scheduler "
        "warning 'The following resource request cannot be scheduled right now'",
    ),
    KnownError(
        "flower-no-client-placeable",
        "Flower's simulation stops: no virtual client can be placed (The ActorPool is empty / does not meet the "
        "criteria to host at least one client)",
        # issue 36, round thirty-seven: Flower's simulation engine on Ray (flwr/simulation/ray_transport/
        # ray_actor.py, pool_size_from_resources): "The ActorPool is empty. The system (CPUs=12.0, GPUs=0) does not
        # meet the criteria to host at least one client with resources: {'num_cpus': 2, 'num_gpus': 0.5}" (older:
        # "Your system (num_cpus = 12.0, num_gpus = 0)"), where the clients ask for GPUs and Ray counted none
        r"\((?:CPUs=[\d.]{1,10}, GPUs=|num_cpus = [\d.]{1,10}, num_gpus = )(?:0(?:\.0)?|None)\) ?does not meet the "
        r"criteria to host at least one client with resources: ?\{[^}\n]{0,200}['\"]num_gpus['\"]: "
        r"(?!0(?:\.0{1,4})?(?![\d.]))\d{0,3}\.?\d{1,4}",
        "Flower's simulation engine starts its own Ray instance and sizes its pool of client actors from Ray's "
        "resources; the clients ask for GPUs (num_gpus > 0 in client_resources) and Ray counted none, so the pool "
        "is empty and the simulation raises instead of running.",
        'Make Ray see the GPU: check `python -c "import ray; ray.init(); print(ray.cluster_resources())"` lists '
        "'GPU' in the same environment (CUDA_VISIBLE_DEVICES not empty; under WSL2 or in a container Ray's detection "
        "can fail where TensorFlow or torch still see the GPU), or declare it: ray_init_args={'num_gpus': 1} for "
        "start_simulation (or the backend's init args in the federation's config). Or run the clients on the CPU with "
        "num_gpus=0 in client_resources, or lower the request so the GPUs Ray has fit (num_gpus=0.25 places four "
        "clients per GPU).",
        variants=(_RAY_NON_NVIDIA_GPU,),
        weight=82,
        applies="Flower's simulation engine (flwr, start_simulation / flwr run with the Ray backend)",
        shown_by=("tests/troubleshooting/test_round37_v37federated.py::test_flower_clients_ray_cannot_place",),
        example="The ActorPool is empty. The system (CPUs=12.0, GPUs=0) does not meet the criteria to host at least "
        "one client with resources: {'num_cpus': 2, 'num_gpus': 0.5}",
        example_source="flwr simulation/ray_transport/ray_actor.py (pool_size_from_resources)",
    ),
    KnownError(
        "ds-cpu-adam-missing",
        "DeepSpeed: 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam' (the cpu_adam op did not build)",
        r"'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'",
        "ZeRO's CPU optimizer offload uses DeepSpeed's cpu_adam op, built on first use; the build or load failed "
        "(no nvcc or a CUDA toolkit of another version than torch's, no ninja, an old gcc, a stale build cached "
        "for another torch), so the optimizer has no op and its clean-up fails with this message.",
        "Read the error above it (the op build's own failure) and fix that; `ds_report` shows which ops can "
        "build. Usually: install the CUDA toolkit that matches torch.version.cuda (or point CUDA_HOME at it), "
        "`pip install ninja`, clear the stale build (rm -rf ~/.cache/torch_extensions), or prebuild it "
        "(DS_BUILD_CPU_ADAM=1 pip install deepspeed --no-cache-dir); without offload (offload_optimizer: none) "
        "the op is not needed.",
        downstream=True,
        weight=60,
        applies="DeepSpeed ZeRO with offload_optimizer to the CPU",
        shown_by=(f"{_SHOWN}::test_deepspeed_cpu_adam_and_nccl_over_infiniband",),
        example="AttributeError: 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'",
        example_source="deepspeed/ops/adam/cpu_adam.py (DeepSpeedCPUAdam.__del__ after CPUAdamBuilder().load() "
        "failed in __init__)",
    ),
    KnownError(
        "dist-child-failed",
        "A launcher reports that a rank failed (torchrun's ChildFailedError, DeepSpeed's 'exits with return code')",
        r"\bChildFailedError\b|sigkill_handler\][^\n]{0,4000}exits with return code = -?\d{1,3}"
        # the same launcher's teardown of the other ranks, at INFO level, when the paste stops before its summary
        # (deepspeed/launcher/launch.py sigkill_handler: "Killing subprocess N"; issue 36, round thirty-eight)
        r"|sigkill_handler\] Killing subprocess \d{1,10}"
        # the elastic agent's own log lines (torch/distributed/elastic/multiprocessing/api.py: "failed (exitcode: N)
        # local_rank: N (pid: N) of binary: ..."; errors/error_handler.py: "no error file defined for parent, to copy
        # child error file (...)"), printed before the ChildFailedError summary or without it when the paste is cut
        r"|failed \(exitcode: -?\d{1,3}\) local_rank: \d{1,4} \(pid: \d{1,10}\)"
        # the same line pasted with spaces after the module path's dots ("torch. distributed. elastic.
        # multiprocessing. api: failed (exitcode: -6) local rank: 1 (pid: 26301)")
        r"|multiprocessing\.\s{0,2}api:\s{0,2}failed \(exitcode: -?\d{1,3}\)\s{0,2}local[ _]rank: \d{1,4}"
        r"|no error file defined for parent, to copy child error file"
        # Slurm's srun and Open MPI's mpirun report the same about their tasks
        r"|srun: error: [\w.-]{1,80}: tasks? [\d,-]{1,60}: Exited with exit code \d{1,3}"
        r"|mpirun detected that one or more processes exited with non-zero status"
        r"|Primary job\s{1,3}terminated normally, but \d{1,5} process(?:es)? returned"
        # accelerate's simple_launcher and torch.distributed.launch before torchrun (torch < 1.9) raise the child's
        # exit status as CalledProcessError from this source line
        r"|raise subprocess\.CalledProcessError\(returncode=process\.returncode",
        "The launcher (torchrun / torch.distributed.elastic, DeepSpeed's launcher) only reports that a worker "
        "process exited with an error code; the cause is that rank's own error, printed above the summary (often "
        "prefixed [rankN]:).",
        "Search the log above for the first rank's traceback or error and explain that (torchrun's "
        "'failed (exitcode: N) local_rank: N' line only reports it); if none was printed, "
        "decorate the entry function with @record (from torch.distributed.elastic.multiprocessing.errors import "
        "record) so the summary carries it (or read the error_file the summary names), or run one process "
        "(--nproc_per_node=1) to see it; a script not written for a distributed launch (one that places its models "
        "on GPUs itself) fails in every child: run it as one plain process (`python script.py`). exitcode -6 "
        "(SIGABRT) is a C++ abort (an NCCL watchdog, 'terminate called'); -7 (SIGBUS) is often /dev/shm too small.",
        variants=(
            Variant(
                r"srun: error: [\w.-]{1,80}: tasks? [\d,-]{1,60}: Exited|\bmpirun\b|Primary job\s{1,3}terminated",
                "Slurm's srun / Open MPI's mpirun",
                "srun / mpirun only report which tasks exited with an error: each task's own traceback is above (or "
                "in the job's output file); `srun --label` prefixes every line with its task number and "
                "`--output=slurm-%j-%t.out` writes one file per task. Explain the first task's error; when the ranks "
                "fail at start-up, check that the number of tasks launched equals the world size the program is "
                "given (nodes x --ntasks-per-node, one task per GPU).",
            ),
            Variant(
                r"accelerate[\\/]commands[\\/]launch\.py|simple_launcher",
                "accelerate launch",
                "`accelerate launch` ran the script as a child process and only reports its exit status: the "
                "script's own traceback is above the launcher's; explain that one (running `python train.py` "
                "directly shows it alone).",
            ),
            # issue 36, round thirty-eight: the text says host memory could not be allocated (a title, a rank's
            # errno 12) while the launcher only reports the rank's exit
            Variant(
                r"\bcan'?t allocate memory\b|\bCannot allocate memory\b|\bfailed to allocate (?:host|CPU) memory\b",
                "host memory (RAM) ran out",
                "The text says host memory could not be allocated: the ranks ran out of RAM (not GPU memory), and "
                "the kernel ended one (the launcher then killed the rest). Every rank loads its own copy of the "
                "checkpoint into RAM (N processes x the model), and ZeRO-3 / FSDP CPU offload keeps the fp32 master "
                "weights and optimizer states in RAM too (about 16 bytes per parameter). Confirm with `free -g` "
                "during the run and `sudo dmesg | grep -i 'killed process'`; then load with low_cpu_mem_usage=True "
                "(or ZeRO-3's zero.Init), start fewer processes, offload less (optimizer only, or none; NVMe offload) "
                "or add RAM / swap, and in a container raise its --memory limit.",
            ),
            Variant(
                r"sigkill_handler|\bdeepspeed\b",
                "DeepSpeed's launcher",
                "DeepSpeed's launcher killed the other ranks after one failed: search above for the first rank's "
                "traceback (the lines before 'Killing subprocess') and explain that; `deepspeed --num_gpus=1` shows "
                "it alone. When no rank printed an error at all (only the launcher's 'Killing subprocess' lines, or "
                "a return code of -9), a rank was killed from outside, most often by the kernel's out-of-memory "
                "killer for host RAM (every rank loads the whole model into RAM): check `sudo dmesg | grep -i "
                "'killed process'`, then load with low_cpu_mem_usage=True / ZeRO-3 zero.Init or start fewer ranks.",
            ),
        ),
        unless=r"exitcode\s{0,4}: -(?:9|11)\b|Signal (?:9|11) \(SIG|exits with return code = -(?:9|11)\b",
        # the summary cannot show why the worker failed: the answer is "likely" (issue 36, round fourteen)
        loose=True,
        downstream=True,
        weight=25,
        applies="torchrun / torch.distributed.elastic, DeepSpeed's launcher, Slurm's srun, Open MPI's mpirun",
        shown_by=(f"{_SHOWN}::test_a_launcher_that_reports_a_failed_rank", f"{_R13}::test_launchers_report_a_task"),
        example="torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n  rank      : 0 (local_rank: 0)\n"
        "  exitcode  : 1 (pid: 99)",
        example_source="torch/distributed/elastic/multiprocessing/errors/__init__.py (ChildFailedError's summary)",
    ),
    # ---- round fourteen (q1dist): the store's connection closed after other ranks exited --------------------------
    KnownError(
        "dist-store-peer-gone",
        "The TCPStore's connection closed (Read callback failed ... EOF / Failed to recv, got 0 bytes): another "
        "process of the job exited first",
        r"Read callback failed\. code:-?\d{1,6} name:\w{1,30}"
        r"|Failed to recv, got 0 bytes\. Connection was likely closed"
        r"|Connection was likely closed\. Did the remote server shutdown or crash"
        r"|TCPStore server has shut down too early"
        r"|\bTCPStore\b[^\n]{0,160}(?:Connection reset by peer|Broken pipe|end of file)" + "|" + _AGENT_STORE_GONE,
        # torchrun's elastic agent calling the c10d rendezvous store that is gone (the agent hosting it exited):
        # its store call's frame with the connection's error a few lines below (issue 36, round fifty-nine)
        "The TCPStore that torchrun / init_process_group use to meet (held by rank 0 or the launcher's agent) saw a "
        "connection close: the process at its other end exited or crashed. The line is a symptom logged after the "
        "fact (at debug level by the libuv store): the cause is the first error of the rank that died, often NCCL "
        "failing while it set up the communicators (a topology or a bundled NCCL release that does not work on "
        "this machine), an out-of-memory kill, or rank 0 itself exiting early, which takes the store down.",
        "Find the rank that exited first and explain its own first error, not the store's: rerun with "
        "NCCL_DEBUG=INFO and TORCH_DISTRIBUTED_DEBUG=DETAIL (torchrun --redirects=3 --log-dir=DIR keeps each rank's "
        "output); if the ranks die while NCCL starts on one kind of machine only (more GPUs, NVSwitch) upgrade the "
        "NCCL torch loads (`pip install -U nvidia-nccl-cu12`, or cu13 for a CUDA 13 torch); if rank 0 ended first, "
        "keep it alive until every rank finished (a barrier before destroy_process_group).",
        variants=(
            Variant(
                _AGENT_STORE_GONE + r"|failed to shutdown the rendezvous",
                "torchrun's own agent lost the c10d rendezvous store",
                "torchrun's elastic agent lost the c10d rendezvous store, which the agent that started first hosts "
                "on --rdzv-endpoint (or --master_addr:--master_port): that agent's job ended or crashed. When "
                "several torchrun jobs run on one host with the default endpoint (port 29500) they share one "
                "store, so the first to finish takes the others' rendezvous with it: give each job its own port "
                "(torchrun --master_port=29501 / --rdzv-endpoint=localhost:29501, or --rdzv-endpoint=localhost:0 "
                "with --standalone on one node); on several nodes, keep the node that hosts the store running until "
                "the others finished.",
            ),
        ),
        loose=True,
        alternatives=("torch-nccl-error", "dist-child-failed"),
        downstream=True,
        weight=45,
        applies="torch.distributed (c10d TCPStore; the libuv backend is the default from torch 2.4)",
        shown_by=(f"{_R14}::test_store_connection_closed_after_a_rank_exited",),
        example="[I1107 01:20:27.770733060 TCPStoreLibUvBackend.cpp:119] [c10d - debug] Read callback failed. "
        "code:-4095 name:EOF desc:end of file",
        example_source="https://github.com/KellerJordan/modded-nanogpt/issues/15; torch/csrc/distributed/c10d/"
        "TCPStoreLibUvBackend.cpp (the read callback's debug line), torch/csrc/distributed/c10d/Utils.hpp "
        "(recvBytes: 'Failed to recv, got 0 bytes')",
    ),
    KnownError(
        "server-worker-cuda-fork",
        "CUDA 'initialization error' in a forking server's worker (uWSGI, gunicorn --preload, Celery's prefork pool): "
        "the app started CUDA before the fork",
        r"\binitialization error\b|CUDA_ERROR_NOT_INITIALIZED|cudaErrorInitializationError"
        r"|Cannot re-initialize CUDA in forked subprocess",
        "A server that loads the app once and forks its workers (uWSGI without lazy-apps, its Emperor's vassals, "
        "gunicorn with --preload, Celery's prefork pool, a multiprocessing pool) copied a process in which CUDA had "
        "already started (a model loaded or a GPU queried at import); a forked child cannot use that CUDA context, "
        "so its first GPU call fails with 'initialization error' (the driver reports 0 bytes free). Less often the "
        "service runs as another user or environment without access to /dev/nvidia* or the CUDA libraries.",
        "Load the model in each worker after the fork, not at import in the master: initialise the GPU lazily on "
        "the first request or in a post-fork hook; then make sure the service's user and environment are those "
        "of the working manual start (access to /dev/nvidia*, the same CUDA_VISIBLE_DEVICES / LD_LIBRARY_PATH).",
        variants=(
            Variant(
                r"\buwsgi\b|\buWSGI\b|\bEmperor\b|\bvassals?\b|lazy-apps",
                "uWSGI",
                "uWSGI loads the app in the master and forks the workers: set `lazy-apps = true` (or --lazy-apps) so "
                "each worker imports the app, hence starts CUDA, after its fork (or load the model in a "
                "@postfork function); under the Emperor give --emperor a directory of vassal configs and run the "
                "vassals as a user with access to /dev/nvidia* and the same CUDA environment as the manual start.",
            ),
            Variant(
                r"\bgunicorn\b|--preload|preload_app",
                "gunicorn",
                "gunicorn --preload (preload_app = True) imports the app, and starts CUDA, in the master before it "
                "forks: drop --preload so each worker loads the model itself, or load it in a post_fork hook / on "
                "the first request; one model copy per worker, so size --workers to the GPU's memory.",
            ),
            Variant(
                r"\bcelery\b|ForkPoolWorker|prefork",
                "Celery's prefork pool",
                "Celery's prefork pool forks the workers from a parent that imported the tasks: load the model in "
                "the worker_process_init signal (or lazily in the task), keep CUDA out of module import, or run "
                "the GPU worker with --pool=solo (or threads) and one process per GPU.",
            ),
        ),
        requires=r"\buwsgi\b|\bEmperor\b|\bvassals?\b|lazy-apps|\bgunicorn\b|--preload|preload_app|\bcelery\b"
        r"|ForkPoolWorker|\bprefork\b",
        alternatives=("torch-cuda-fork", "torch-cuda-init-unknown"),
        weight=88,
        applies="forking application servers and task queues (uWSGI, gunicorn, Celery) with any CUDA library",
        shown_by=(f"{_R14}::test_cuda_in_a_forking_servers_worker",),
        example="Error when trying to find the memory information on the GPU: initialization error Error allocating "
        "139392 bytes of device memory (initialization error).\n[pid: 6032|app: 0|req: 1/1] GET / => generated 291 "
        "bytes (HTTP/1.1 500)\nannouncing my loyalty to the Emperor...",
        example_source="https://github.com/unbit/uwsgi/issues/1227; uWSGI's lazy-apps option (core/uwsgi.c), "
        "gunicorn's preload_app setting, Celery's worker_process_init signal",
    ),
    KnownError(
        "server-worker-memory-killed",
        "A server's or task queue's worker was killed for memory (gunicorn: 'Perhaps out of memory?', Celery: "
        "'Worker exited prematurely: signal 9', Ray: 'the node running low on memory')",
        r"Worker \(pid:\d{1,10}\) was sent SIGKILL! Perhaps out of memory"
        r"|Worker exited prematurely: signal 9 \(SIGKILL\)"
        r"|killed due to the node running low on memory|ray\.exceptions\.OutOfMemoryError"
        # Ray's report of a worker that vanished without an exception (python/ray/_private/... worker exit detail:
        # "Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root
        # causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. ..."), the OOM killer
        # first among its causes (issue 36, round fifty-three)
        r"|Worker unexpectedly exits with a connection error code \d{1,4}\.[^\n]{0,200}killed by SIGKILL by OOM killer",
        "The operating system's out-of-memory killer (or Ray's memory monitor, before it) ended a worker process: "
        "each worker holds its own copy of the model and its inputs in host RAM, so N workers need N times the "
        "memory one needs; the server reports only that the worker vanished.",
        "Give the workers less to hold or run fewer of them: fewer workers / concurrency (gunicorn -w, Celery "
        "--concurrency, Ray num_cpus / memory per task), load the model once per worker and free inputs after each "
        "request, stream large inputs; confirm with `sudo dmesg | grep -i 'killed process'`, and in a container "
        "raise its --memory limit.",
        variants=(
            Variant(
                r"running low on memory|ray\.exceptions\.OutOfMemoryError",
                "Ray's memory monitor",
                "Ray killed the most recently scheduled task when the node's memory passed its threshold (the "
                "message names the usage): give each task a memory request (`@ray.remote(memory=4 * 1024**3)`) or "
                "more num_cpus so fewer run at once, reduce what each task holds; RAY_memory_usage_threshold "
                "(default 0.95) and RAY_memory_monitor_refresh_ms=0 (off) change the monitor, not the need.",
            ),
            Variant(
                r"Worker unexpectedly exits with a connection error code",
                "a Ray worker that vanished (SYSTEM_ERROR)",
                "Ray saw its worker process vanish without an exception (exit type SYSTEM_ERROR) and lists the "
                "possible causes; the first, the kernel's OOM killer on host memory, is the usual one for a worker "
                "that loads a model or gathers large batches. Confirm on that node: `sudo dmesg | grep -iE 'killed "
                "process|out of memory'` (the worker's PID from the message), and the worker's own log "
                "(/tmp/ray/session_latest/logs/worker-*-<pid>.err, raylet.out) for a segmentation fault instead. "
                "For memory: give the worker less to hold (smaller micro-batches for its log-prob / forward "
                "passes, parameter and optimizer offload only where host RAM allows, fewer colocated workers per "
                "node) or more RAM; a container's --memory limit ends it the same way.",
            ),
            Variant(
                r"Worker exited prematurely",
                "Celery (billiard's pool)",
                "A Celery pool process was killed (signal 9): lower --concurrency, set --max-memory-per-child (KiB) "
                "and --max-tasks-per-child so workers are replaced before they grow, and load GPU models once per "
                "process (worker_process_init), not per task.",
            ),
        ),
        # above the GPU's out-of-memory row, which reads gunicorn's "Perhaps out of memory?" as CUDA's message
        weight=90,
        applies="gunicorn 20.1+, Celery (billiard), Ray 2.x's memory monitor",
        shown_by=(f"{_R14}::test_server_workers_killed_or_timed_out",),
        example="[2024-03-01 10:00:00 +0000] [1] [ERROR] Worker (pid:42) was sent SIGKILL! Perhaps out of memory?",
        example_source="gunicorn gunicorn/arbiter.py (reap_workers); billiard billiard/pool.py (WorkerLostError); "
        "ray python/ray/exceptions.py (OutOfMemoryError) and its memory monitor's message",
    ),
    KnownError(
        "server-worker-timeout",
        "gunicorn's WORKER TIMEOUT: a worker did not answer within --timeout (a model loaded or run in the request)",
        r"\[CRITICAL\] WORKER TIMEOUT \(pid:\d{1,10}\)",
        "gunicorn's arbiter kills a sync worker that has not reported for --timeout seconds (30 by default): loading "
        "a model on the first request, a long inference on the CPU, or a GPU call that waits, takes longer.",
        "Load the model when the worker starts (at module import of the app or in a post_fork hook; not with "
        "--preload when it uses CUDA), raise the limit for slow requests (`gunicorn --timeout 300`), or use "
        "threaded / async workers (--worker-class gthread) so long requests do not block the heartbeat.",
        weight=65,
        applies="gunicorn (sync workers)",
        shown_by=(f"{_R14}::test_server_workers_killed_or_timed_out",),
        example="[2024-03-01 10:00:31 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:42)",
        example_source="gunicorn gunicorn/arbiter.py (murder_workers)",
    ),
    # issue 36, round fifty-four: Transformer Engine's userbuffers (tensor-parallel communication overlapped with
    # the GEMMs) need CUDA Multicast or CUDA IPC between the GPUs, and bootstrap through MPI when asked to
    KnownError(
        "te-comm-overlap-unsupported",
        "Transformer Engine: comm+GEMM overlap (userbuffers) is not supported here ('does not support comm+GEMM "
        "overlap with CUDA Multicast. Launch app with UB_SKIPMC=1')",
        r"does not support comm\+GEMM overlap with CUDA Multicast",
        "Tensor-parallel communication overlap (Transformer Engine's userbuffers, turned on by a recipe's "
        "tp_comm_overlap) maps every GPU's buffers with CUDA Multicast, which needs NVSwitch-connected GPUs (or a "
        "recent enough driver and toolkit for it); on PCIe GPUs, a workstation or a driver without it the setup "
        "asserts. Launched without mpirun, its MPI bootstrap can fail first ('An error occurred in "
        "MPI_Init_thread').",
        "Set UB_SKIPMC=1 in every rank's environment so userbuffers use CUDA IPC instead of Multicast (the "
        "message's own remedy), or turn the overlap off in the recipe or model config (tp_comm_overlap=False; "
        "NeMo / Megatron-Bridge: the comm-overlap callback or config); where it bootstraps through MPI, launch "
        "under mpirun or switch its bootstrap to torch.distributed.",
        weight=90,
        applies="Transformer Engine's userbuffers under Megatron-LM, NeMo and Megatron-Bridge with tensor-parallel "
        "communication overlap",
        shown_by=(f"{_R54}::test_comm_overlap_without_multicast",),
        example="AssertionError: CUDA device, driver and/or toolkit version does not support comm+GEMM overlap with "
        "CUDA Multicast. Launch app with UB_SKIPMC=1 to try CUDA IPC instead.",
        example_source="TransformerEngine's userbuffers (comm_gemm_overlap setup: the CUDA Multicast check and "
        "its UB_SKIPMC switch)",
    ),
    KnownError(
        "dist-nccl-watchdog-stuck",
        "NCCL's watchdog is stuck (Heartbeat monitor timed out / watchdog got stuck ... without making progress)",
        r"Heartbeat monitor timed out! Process will be terminated"
        r"|ProcessGroupNCCL's watchdog got stuck for \d{1,8} seconds",
        "torch's heartbeat monitor (torch 2.3+) ends the process when the NCCL watchdog thread itself stops "
        "making progress: a CUDA or NCCL call blocked on the GPU (a kernel that never finishes, a hung peer-to-peer "
        "link, a GPU fault) or a rank blocked in a collective the others never joined; the watchdog's own timeout "
        "lines before it, if any, name the collective.",
        "Read the first error of each rank before this line (a collective timeout names the rank that did not "
        "arrive); `py-spy dump --native --pid <pid>` on a hung rank shows the blocking call; check the GPUs "
        "(`nvidia-smi`, Xid errors in `sudo dmesg`) and P2P (NCCL_P2P_DISABLE=1 once to test); "
        "TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC raises the monitor's limit only for a legitimately slow step, and "
        "TORCH_NCCL_DUMP_ON_TIMEOUT=1 writes the flight recorder's trace.",
        loose=True,
        alternatives=("torch-nccl-timeout",),
        weight=62,
        applies="torch.distributed with the NCCL backend, torch 2.3 and later",
        shown_by=(f"{_R14}::test_server_workers_killed_or_timed_out",),
        example="[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be "
        "terminated after dumping debug info. workMetaList_.size()=1",
        example_source="torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (HeartbeatMonitor: the heartbeat "
        "timeout and the watchdog-stuck message)",
    ),
    KnownError(
        "ds-hostfile-notice",
        "DeepSpeed: Unable to find hostfile, will proceed with training with local resources only (a notice)",
        r"Unable to find hostfile, will proceed with training with local resources only",
        "DeepSpeed's launcher found no hostfile (/job/hostfile by default), so it runs on this machine's GPUs only; "
        "harmless for a one-node run.",
        "Nothing to do on one machine. For several nodes, write a hostfile ('worker-1 slots=8' per line) and pass "
        "`deepspeed --hostfile=FILE`; if the run failed, explain the error that follows.",
        severity="notice",
        weight=20,
        applies="DeepSpeed's launcher",
        shown_by=(f"{_SHOWN}::test_deepspeed_launcher_notices",),
        example="[WARNING] [runner.py:202:fetch_hostfile] Unable to find hostfile, will proceed with training with "
        "local resources only.",
        example_source="deepspeed/launcher/runner.py (fetch_hostfile)",
    ),
    KnownError(
        "jax-fork-warning",
        "JAX: os.fork() was called ... JAX is multithreaded, so this will likely lead to a deadlock",
        r"os\.fork\(\) is incompatible with multithreaded code, and JAX is multithreaded",
        "A process that imported JAX forked (multiprocessing's default 'fork' on Linux, a DataLoader with workers, "
        "subprocess in some Pythons); JAX's threads do not survive a fork, so a child that uses JAX can hang.",
        "Use the spawn or forkserver start method (multiprocessing.set_start_method('spawn') under "
        "`if __name__ == '__main__':`, or DataLoader(multiprocessing_context='spawn')), or keep JAX out of the "
        "children; if the children never touch JAX and nothing hangs, the warning is harmless.",
        severity="warns-of-failure",
        alternatives=("torch-cuda-fork",),
        weight=60,
        applies="JAX (and libraries built on it: Flax, Keras 3 with the JAX backend)",
        shown_by=(f"{_SHOWN}::test_cuda_and_fork_in_other_products_words",),
        example="RuntimeWarning: os.fork() was called. os.fork() is incompatible with multithreaded code, and JAX is "
        "multithreaded, so this will likely lead to a deadlock.",
        example_source="jax/_src/xla_bridge.py (_at_fork warning)",
    ),
    # ---- round thirteen (p3dist): the agent's signals, collectives that differ between ranks -------------------------
    KnownError(
        "dist-agent-signal",
        "torchrun's agent got a signal (SignalException: Process N got signal: N): something outside stopped the job",
        r"SignalException: Process \d{1,10} got signal: \d{1,2}"
        r"|Received (?:SIGHUP|SIGTERM|SIGINT|Signals\.SIG\w{2,6}|\d{1,2}) death signal, shutting down workers",
        "torchrun's elastic agent (torch/distributed/elastic/multiprocessing/api.py) turns a signal it receives into "
        "SignalException and stops every worker: the job did not fail by itself, it was stopped from outside. "
        "Signal 1 (SIGHUP): the terminal or ssh session that started it closed; 15 (SIGTERM): a scheduler, "
        "Kubernetes or a user ended it (time limit, preemption, eviction, kill); 2 (SIGINT): Ctrl-C.",
        "For SIGHUP run the job so it survives the session (`nohup torchrun ... &`, tmux / screen, or a batch "
        "scheduler); for SIGTERM look at who ended it (Slurm: `sacct -j JOBID` for TIMEOUT / PREEMPTED, Kubernetes: "
        "the pod's events) and raise the time limit or checkpoint and resume; the workers' output above it is the "
        "state they were in.",
        weight=55,
        applies="torchrun / torch.distributed.elastic (torch 1.10 and later)",
        shown_by=(f"{_R13}::test_the_agent_got_a_signal",),
        example="torch.distributed.elastic.multiprocessing.api.SignalException: Process 3151427 got signal: 1",
        example_source="torch/distributed/elastic/multiprocessing/api.py (_terminate_process_handler raises "
        "SignalException)",
    ),
    KnownError(
        "dist-collective-mismatch",
        "The ranks ran different collectives (Detected mismatch between collectives on ranks)",
        r"Detected mismatch between collectives on ranks",
        "With TORCH_DISTRIBUTED_DEBUG=DETAIL (or INFO) torch checks every collective against the other ranks: one "
        "rank called another operation, or the same one with other shapes or dtypes, than the others (a branch that "
        "depends on the rank or the data, an uneven last batch, a rank that skipped a step or evaluated alone).",
        "Make every rank run the same collectives in the same order with the same shapes: give each rank the same "
        "number of batches (DistributedSampler(drop_last=True), or DDP's join() for uneven inputs), call "
        "collectives (all_reduce, barrier, logging that gathers) on every rank, not under `if rank == 0`, and pad "
        "tensors to one shape before all_gather; the message names each rank's operation and shape.",
        weight=75,
        applies="torch.distributed with TORCH_DISTRIBUTED_DEBUG=DETAIL / INFO (ProcessGroupWrapper)",
        shown_by=(f"{_R13}::test_collectives_that_differ",),
        example="RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: "
        "CollectiveFingerPrint(OpType=ALLREDUCE, TensorShape=[10]), but Rank 1 is running collective: "
        "CollectiveFingerPrint(OpType=ALLREDUCE, TensorShape=[20]).",
        example_source="torch/csrc/distributed/c10d/ProcessGroupWrapper.cpp (the collective fingerprint check)",
    ),
    KnownError(
        "dist-local-rank-argument",
        "The script's --local_rank argument and the launcher disagree (unrecognized arguments: --local-rank=N)",
        r"error: unrecognized arguments: [^\n]{0,200}--local[-_]rank\b"
        r"|error: the following arguments are required: [^\n]{0,200}--local[-_]rank\b"
        # argparse's usage block that lists the launcher's --local_rank, cut before its "error:" line (the text ends
        # with the block): the script refused the launcher's arguments (issue 36, round thirty-six)
        r"|^usage: (?=[^\n]{0,300}(?:\n[ \t]{2,}[^\n]{0,300}){0,60}?\[--local[-_]rank\b)[^\n]{1,300}"
        r"(?:\n[ \t]{2,}[^\n]{0,300}){0,60}\s*(?:\.{3}\s*)?\Z"
        # torch.distributed.launch's own deprecation warning (torch/distributed/launch.py, torch 2.x: "If your script
        # expects `--local-rank` argument to be set, please change it to read from `os.environ['LOCAL_RANK']`")
        # followed by the script's argparse usage banner: the script refused the --local-rank=N the launcher added,
        # its "error:" line cut off (issue 36, round forty-four)
        r"|expects .--local[-_]rank. argument to be set,? please[\s\S]{0,3000}?^usage: [\w./-]{1,100} \[",
        "torch.distributed.launch passes each worker its rank as an argument, spelled --local-rank=N since torch 2.0 "
        "(--local_rank before), while torchrun passes none and sets the LOCAL_RANK environment variable: a script "
        "whose argparse declares the other spelling rejects the argument, or requires one torchrun never gives.",
        "Read the rank from the environment (`local_rank = int(os.environ['LOCAL_RANK'])`) and start with torchrun; "
        "or accept both spellings with a default: `parser.add_argument('--local-rank', '--local_rank', type=int, "
        "default=int(os.environ.get('LOCAL_RANK', 0)))`; `python -m torch.distributed.launch --use-env` also stops "
        "passing the argument.",
        variants=(
            # the same launch also failed in NCCL with "invalid usage" / "Duplicate GPU detected" (issue 36, round
            # twenty-five): where the argument is accepted, the rank still never reaches the device, so every rank
            # opens its communicator on the same GPU
            Variant(
                r"\binvalid usage\b|ncclInvalidUsage|Duplicate GPU detected",
                "the rank accepted but never mapped to a GPU (NCCL invalid usage: every rank on one GPU)",
                "Two failures of one cause: where the program rejects the argument, accept it (read "
                "`int(os.environ['LOCAL_RANK'])` or declare both spellings, `--local-rank` and `--local_rank`); "
                "where it accepts it, NCCL's 'invalid usage' shows that the rank never reached the device: the "
                "program keeps its GPU in another option (a device id that defaults to 0), so every process opened "
                "its communicator on the same GPU. Each process must use its own GPU: "
                "`torch.cuda.set_device(local_rank)` before init_process_group (or pass the local rank to the "
                "program's device option), or start the program the way it spawns its own workers (its own "
                "multi-GPU launch, or a release whose --local_rank sets the device); NCCL_DEBUG=INFO then lists "
                "one distinct device per rank.",
            ),
        ),
        weight=70,
        # argparse's own rejection that names other arguments and not the launcher's: the script refused the
        # user's own flag, whatever the launcher's warning above says
        unless=r"error: unrecognized arguments: (?![^\n]{0,300}--local[-_]rank\b)",
        applies="torch.distributed.launch (torch 2.0 and later spell --local-rank) and torchrun",
        shown_by=(
            f"{_R13}::test_collectives_that_differ",
            "tests/troubleshooting/test_round25_v25wrap.py::test_local_rank_that_never_reaches_the_device",
        ),
        example="train.py: error: unrecognized arguments: --local-rank=0",
        example_source="torch/distributed/run.py (the launcher's --local-rank argument, torch 2.0) and Python's "
        "argparse",
    ),
)

# ---- issue 36, round thirty-seven: distillation and other training with frozen modules ------------------------------
_R37 = "tests/troubleshooting/test_round37_v37compression.py::"

FAMILIES = FAMILIES + (
    KnownError(
        "dist-ddp-no-trainable-parameters",
        "DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient "
        "(a frozen module wrapped in DDP)",
        r"DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient",
        "torch's DistributedDataParallel synchronises gradients, and refuses a module none of whose parameters "
        "requires a gradient: a frozen module (a knowledge-distillation teacher, a frozen backbone or encoder, a "
        "model loaded for evaluation) was wrapped, often by a training framework that wraps every model it builds "
        "in DDP when run distributed.",
        "Wrap only the modules that are trained (the student, the trainable head) in DDP; keep frozen ones plain "
        "modules on each rank's device (model.to(device), model.eval(), requires_grad_(False)) and call them "
        "directly: they need no gradient sync. In a framework's configuration, set the frozen model's wrapper to "
        "none (or the option that wraps only models with trainable parameters), or use its release that skips "
        "them; where the module should train, check that its parameters were not frozen by mistake "
        "(requires_grad set to False, or all of them in an ignored list).",
        weight=84,
        applies="torch.nn.parallel.DistributedDataParallel (every torch release with the check)",
        shown_by=(_R37 + "test_ddp_refusing_a_frozen_module",),
        example="AssertionError: DistributedDataParallel is not needed when a module doesn't have any parameter "
        "that requires a gradient.",
        example_source="torch/nn/parallel/distributed.py (DistributedDataParallel.__init__'s check of requires_grad)",
    ),
)

# ---- issue 36, round thirty-eight: a DeepSpeed checkpoint of another release --------------------------------------
_R38 = "tests/troubleshooting/test_round38_v38ecopretrain.py::"
_R40 = "tests/troubleshooting/test_round40_v40hpc.py::"

FAMILIES = FAMILIES + (
    KnownError(
        "deepspeed-checkpoint-optimizer-state-missing",
        "DeepSpeed's load_checkpoint restores an optimizer state the checkpoint does not hold ('NoneType' object is "
        "not subscriptable in optimizer.load_state_dict)",
        r"TypeError: 'NoneType' object is not subscriptable",
        "DeepSpeed's engine.load_checkpoint passed the checkpoint's optimizer entry to the optimizer's "
        "load_state_dict, and that entry is None: the checkpoint was saved without optimizer state (a released or "
        "converted model-parallel checkpoint, one saved for inference) and the installed DeepSpeed release restores "
        "it anyway (its load path does not honour load_optimizer_states=False the way the release the project was "
        "written for did), or the checkpoint's layout is another DeepSpeed / Megatron release's.",
        "Install the DeepSpeed release the project names (its README, requirements or Docker image; `pip install "
        "deepspeed==<that version>`, `ds_report` shows the installed one), so loading skips the missing optimizer "
        "state; otherwise load the weights only (load_optimizer_states=False and load_lr_scheduler_states=False on "
        "a release that honours them, or load the module's state dict from the checkpoint file yourself) and build "
        "a fresh optimizer.",
        requires=r"deepspeed[\\/]runtime[\\/]engine\.py\"?, line \d{1,6}, in _?load_checkpoint"
        r"[\s\S]{0,1500}?optimizer\.load_state_dict\(",
        weight=80,
        applies="DeepSpeed (engine.load_checkpoint) with Megatron-style model-parallel checkpoints",
        shown_by=(_R38 + "test_deepspeed_checkpoint_without_optimizer_state",),
        example='  File "/usr/lib/python3/dist-packages/deepspeed/runtime/engine.py", line 1231, in '
        "_load_checkpoint\n    self.optimizer.load_state_dict(checkpoint['optimizer'])\nTypeError: 'NoneType' "
        "object is not subscriptable",
        example_source="microsoft/DeepSpeed deepspeed/runtime/engine.py (_load_checkpoint: "
        "self.optimizer.load_state_dict(checkpoint['optimizer']) in older releases); Python's TypeError wording",
    ),
    # issue 36, round forty: MPI's transport layers (UCX, Open MPI's openib / BTL components) reporting at start-up
    # what the network adapter does not support; the job goes on over another transport
    KnownError(
        "mpi-transport-notice",
        "MPI / UCX transport warnings (UCX WARN ... mlx5, No OpenFabrics connection schemes, no relevant network "
        "interfaces): notices",
        r"\bUCX {1,4}WARN {1,4}\S"
        r"|No OpenFabrics connection schemes reported that they were able to be used on a specific port"
        r"|A high-performance Open MPI point-to-point messaging module was unable to find any relevant network"
        r"|WARNING: There (?:was|is) an error initializing an OpenFabrics device"
        r"|infiniband ports on a device are not used by default",
        "The MPI library's transport layer (UCX, or Open MPI's openib / BTL components) reports at start-up a "
        "feature the InfiniBand / RoCE adapter or the node lacks (relaxed-ordering memory registration on an mlx5 "
        "device, an OpenFabrics connection scheme, a fast network interface on a single node) and uses another "
        "transport; the job goes on. Such lines are not why a run failed.",
        "Nothing to fix for the run; look for the first error line after them (the program's own, a CUDA error, a "
        "rank killed) and explain that. To quiet them: UCX_IB_PCI_RELAXED_ORDERING=off (or UCX_LOG_LEVEL=error) "
        "for UCX; for Open MPI 4+ use the UCX PML (`mpirun --mca pml ucx`) or exclude openib (`--mca btl "
        "^openib`); on one node the missing network interface is expected.",
        severity="notice",
        weight=20,
        applies="MPI jobs (Open MPI, HPC-X, MPICH over UCX) on InfiniBand / RoCE clusters and single nodes",
        shown_by=(_R40 + "test_mpi_transport_warnings_are_notices",),
        example="ib_md.c:1550 UCX  WARN  mlx5_0: relaxed order memory access requested, but unsupported",
        example_source="openucx/ucx src/uct/ib/base/ib_md.c (its relaxed-order warning; UCX's log format "
        "'file:line UCX  WARN  ...'); Open MPI's help-mpi-btl-openib-cpc-base.txt and help-mpi-btl-base.txt "
        "(written from memory)",
    ),
)

# issue 36, round sixty-three: training scripts that run only under their distributed launch, Horovod without GPU ops,
# torch's old SyncBatchNorm
FAMILIES = FAMILIES + (
    KnownError(
        "dist-script-needs-ddp-launch",
        "NotImplementedError: Only DistributedDataParallel is supported (a training script started without its "
        "multi-process launch flags)",
        r"NotImplementedError: Only DistributedDataParallel is supported",
        "Scripts built on PyTorch's ImageNet example (MoCo, SimSiam, DenseCL, their linear-evaluation scripts) "
        "support only DistributedDataParallel: started without --multiprocessing-distributed and a --dist-url they "
        "take the single-GPU branch, which raises this on purpose. Nothing is wrong with the GPUs.",
        "Start it the way its README does, even on one machine or one GPU: `python main_moco.py --dist-url "
        "'tcp://localhost:10001' --multiprocessing-distributed --world-size 1 --rank 0 [your other options] "
        "<data folder>` (CUDA_VISIBLE_DEVICES picks the GPUs; the batch size is split over them).",
        weight=85,
        applies="scripts derived from pytorch/examples imagenet/main.py (MoCo, SimSiam, DenseCL, PixPro, ...)",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_training_scripts_and_distributed_libraries",),
        example="NotImplementedError: Only DistributedDataParallel is supported.",
        example_source="facebookresearch/moco main_moco.py and simsiam main_simsiam.py (main_worker's raise when "
        "not args.distributed)",
    ),
    KnownError(
        "dist-horovod-without-gpu-ops",
        "Horovod was built without CUDA: 'Requested ReadyEvent with GPU device but not compiled with CUDA'",
        r"Requested ReadyEvent with GPU device but not compiled with CUDA",
        "Horovod's collective on a CUDA tensor (hvd.broadcast_parameters, allreduce of GPU gradients) needs GPU "
        "operations compiled in; this Horovod was built without them (a plain `pip install horovod` on a machine "
        "where its build found no CUDA / NCCL), so it refuses GPU tensors.",
        "Rebuild Horovod with GPU operations, in the same environment as torch: `pip uninstall horovod`, then "
        "`HOROVOD_GPU_OPERATIONS=NCCL HOROVOD_WITH_PYTORCH=1 pip install --no-cache-dir horovod` with the CUDA "
        "toolkit and NCCL of torch's CUDA on the path (HOROVOD_NCCL_HOME if NCCL is not in a standard place); "
        "`horovodrun --check-build` must list NCCL under 'Available Tensor Operations'.",
        weight=85,
        applies="Horovod with PyTorch (and TensorFlow) on GPUs",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_training_scripts_and_distributed_libraries",),
        example="RuntimeError: Internal error. Requested ReadyEvent with GPU device but not compiled with CUDA.",
        example_source="horovod horovod/common/ready_event.cc (its error when built without HAVE_CUDA)",
    ),
    KnownError(
        "torch-syncbn-2d-input",
        "ValueError: expected at least 3D input (got 2D input) from SyncBatchNorm (torch before 1.4 refuses (N, C) "
        "input)",
        r"expected at least 3D input \(got 2D input\)",
        "SyncBatchNorm (what convert_sync_batchnorm makes of a model's BatchNorm1d layers, such as a projection "
        "head's) refused a 2D (N, C) input: torch releases before 1.4 accepted only 3D and larger inputs there.",
        "Install torch 1.4 or newer (SyncBatchNorm accepts (N, C) since then), or keep the 1D batch-norm layers "
        "out of the conversion (leave BatchNorm1d as it is, or unsqueeze the input to (N, C, 1) around it).",
        requires=r"SyncBatchNorm|sync_batchnorm|batchnorm\.py",
        weight=80,
        applies="torch 1.1 - 1.3 (nn.SyncBatchNorm)",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_training_scripts_and_distributed_libraries",),
        example='  File "torch/nn/modules/batchnorm.py", line 425, in _check_input_dim\nValueError: expected at '
        "least 3D input (got 2D input)",
        example_source="torch 1.1-1.3 torch/nn/modules/batchnorm.py (SyncBatchNorm._check_input_dim); pytorch "
        "pull request 29626 (2D input allowed, torch 1.4)",
    ),
)
