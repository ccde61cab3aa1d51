"""`explain`, round twenty-five (issue 36): failures reported through training and orchestration wrappers. A launcher
that only reports a rank's signal names that signal's usual cause (SIGBUS: /dev/shm), a project's compiled module
that was replaced by a stub or a set of fused kernels that does not import is an extension to build, a launcher's
rank that never reaches its GPU is more than an argument spelling, a custom CUDA op's own device check is CPU tensors,
DDP's reducer notices are only warnings, torch's driver check cut short is still the driver, a detectron2-style
launch's port is --dist-url, and a module missing only in a launcher's workers is the launcher's Python. Near misses
(other exit codes, other stubs, the same errors without the wrapper) keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_AGENT = (
    "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: {code}) local_rank: 1 (pid: 811) of binary: "
)


def test_a_rank_killed_by_sigbus_is_shared_memory() -> None:
    for text in (
        _AGENT.format(code=-7) + "/opt/venv/bin/python",
        "Root Cause (first observed failure):\n[0]:\n  rank      : 3 (local_rank: 3)\n  exitcode  : -7 (pid: 90)\n"
        "  error_file: <N/A>\n  traceback : Signal 7 (SIGBUS) received by PID 90",
        "[ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'pretrain.py'] exits with return code = -7",
        "torch.multiprocessing.spawn.ProcessExitedException: process 2 terminated with signal SIGBUS",
    ):
        key, fix = first(text)
        assert key == "host-shm-too-small", text
        assert "--shm-size" in fix and "--ipc=host" in fix and "NCCL_SHM_DISABLE" in fix, text
    # other exit codes keep their own answers: an error exit, the OOM killer, a segfault
    assert first(_AGENT.format(code=1) + "/usr/bin/python3")[0] == "dist-child-failed"
    assert first(_AGENT.format(code=-9) + "/usr/bin/python3")[0] == "py-process-killed"
    key, fix = first(_AGENT.format(code=-11) + "/usr/bin/python3")
    assert key == "native-crash" and "faulthandler" in fix
    # a DataLoader's own bus-error line keeps the generic shared-memory fix
    key, fix = first(
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)."
    )
    assert key == "host-shm-too-small" and "NCCL_SHM_DISABLE" not in fix


def test_a_compiled_module_replaced_by_a_stub() -> None:
    for text in (
        "ImportError: Cannot import 'vislib._C', therefore 'DeformableAttn' is not available. vislib is not compiled "
        "successfully, please build following the instructions!",
        "(title) training fails: Cannot import 'seg3d._C', therefore 'RoIAlignRotated' is not available.",
        "ImportError: Cannot import 'boxops_ext', therefore 'nms_rotated' is not available.",
    ):
        key, fix = first(text)
        assert key == "build-extension-without-cuda", text
        assert "CUDA_HOME" in fix and "_C*.so" in fix and "--no-build-isolation -e ." in fix, text
    # a pure-Python dependency behind the same stub is no compiled extension
    assert first("ImportError: Cannot import 'pycocotools', therefore 'COCOeval' is not available.")[0] == ""


def test_fused_kernels_configured_but_not_installed() -> None:
    for text in (
        "ERROR: Fused kernels configured but not installed. Please run `python /srv/neox/megatron/fused_kernels/"
        "setup.py install` to install them",
        "No module named 'scaled_upper_triang_masked_softmax_cuda'\n" + "=" * 20 + "\nERROR: Fused kernels "
        "configured but not properly installed. Please run `pip install /srv/neox/megatron/fused_kernels` to "
        "install them",
    ):
        key, fix = first(text)
        assert key == "build-extension-without-cuda", text
        assert '"scaled-upper-triang-masked-softmax-fusion": false' in fix and "which python" in fix, text
    # another package's missing CUDA extension keeps its own fix
    key, fix = first("UserWarning: CUDA extension not installed.")
    assert key == "build-extension-without-cuda" and "fusion" not in fix


def test_local_rank_that_never_reaches_the_device() -> None:
    text = (
        "seq2seq-train: error: unrecognized arguments: --local_rank=1\n"
        "RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, invalid usage, NCCL "
        "version 2.7.8"
    )
    key, fix = first(text)
    assert key == "dist-local-rank-argument" and "torch.cuda.set_device(local_rank)" in fix
    # the spelling alone: the spelling fix, no device
    key, fix = first("train.py: error: unrecognized arguments: --local-rank=0")
    assert key == "dist-local-rank-argument" and "set_device" not in fix
    # NCCL's invalid usage alone stays NCCL's
    key, _ = first("RuntimeError: NCCL error in: ../torch/lib/c10d/ProcessGroupNCCL.cpp:514, invalid usage")
    assert key == "torch-nccl-error"


def test_cpu_tensors_in_a_cuda_only_op() -> None:
    for text in (
        '  File "/proj/ops/scan.py", line 40, in forward\n    out = scan_cuda.fwd(x, dt, A)\n'
        "RuntimeError: Expected x.is_cuda() to be true, but got false.  (Could this error message be improved?  "
        "If so, please report an enhancement request to PyTorch.)",
        "RuntimeError: Expected value.device().is_cuda() to be true, but got false.",
        "RuntimeError: features must be a CUDA tensor",
        "RuntimeError: k must be on CUDA",
        "RuntimeError: Expected tensor for argument #1 'input' to have CUDA Backend, but got tensor with CPU Backend "
        "(while checking arguments for roi_pool_forward)",
    ):
        key, fix = first(text)
        assert key == "device-mismatch", text
        assert "no CPU version" in fix and "torch.cuda.is_available()" in fix and "--device 0" in fix, text
    # a check that wants CPU tensors is not this
    assert first("RuntimeError: Expected !grid.is_cuda() to be true, but got false.")[0] != "device-mismatch"
    # torch's own device check keeps the generic fix
    key, fix = first(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    )
    assert key == "device-mismatch" and "no CPU version" not in fix


def test_ddp_reducer_notices_are_only_warnings() -> None:
    unused = (
        "[W reducer.cpp:1389] Warning: find_unused_parameters=True was specified in DDP constructor, but did not "
        "find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd "
        "graph every iteration,  which can adversely affect performance. (function operator())"
    )
    strides = (
        "/env/lib/python3.10/site-packages/torch/autograd/graph.py:744: UserWarning: Grad strides do not match "
        "bucket view strides. This may indicate grad was not created according to the gradient layout contract, "
        "or that the param's strides changed since DDP was constructed.  This is not an error, but may impair "
        "performance."
    )
    for text in (
        "[12/01 10:00:01 trainer]: Starting training from iteration 0\n" + unused + "\n" + unused,
        "[rank1]:" + unused.replace("[W reducer", "[W1201 10:00:01.1 reducer"),
        strides,
    ):
        found = explain(text)
        assert found.outcome == "warnings-only", text
        assert found[0].key == "ddp-reducer-performance-notice", text
    # a failure after the notice is the answer
    assert first(unused + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")[0] == (
        "gpu-out-of-memory"
    )
    key, _ = first(
        unused + "\nRuntimeError: Expected to have finished reduction in the prior iteration before starting a new one."
    )
    assert key == "ddp-unused-parameters"


def test_torchs_driver_check_cut_short() -> None:
    frame = (
        '  File "/env/lib/python3.8/site-packages/torch/cuda/__init__.py", line 63, in _check_driver\nAssertionError:\n'
    )
    for tail in ("The NVIDIA driver on your system is too o...", "The NVIDIA driver on your system is too"):
        assert first(frame + tail)[0] == "cuda-driver-insufficient", tail
    # no driver at all is another answer
    assert first(frame + "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU")[0] != (
        "cuda-driver-insufficient"
    )


def test_detectron2s_dist_url_port_taken() -> None:
    text = (
        "Command Line Args: Namespace(config_file='configs/x.yaml', dist_url='tcp://127.0.0.1:49152', num_gpus=2, "
        "opts=['SOLVER.IMS_PER_BATCH', '8', '--dist-url', 'tcp://127.0.0.1:50010'])\n"
        '  File "/env/lib/python3.9/site-packages/detectron2/engine/launch.py", line 67, in launch\n'
        "RuntimeError: Address already in use"
    )
    key, fix = first(text)
    assert key == "dist-port-in-use" and "--dist-url" in fix and "opts" in fix
    # torchrun's own port keeps the torchrun fix
    key, fix = first(
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local "
        "network address. The server socket has failed to bind to [::]:29500 (errno: 98 - Address "
        "already in use)."
    )
    assert key == "dist-port-in-use" and "--master_port" in fix and "--dist-url" not in fix


def test_a_module_missing_only_in_launched_workers() -> None:
    for text in (
        "[2024-05-01 10:00:00,000] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable "
        "for each process to be 1 in default\nTraceback (most recent call last):\n"
        "ModuleNotFoundError: No module named 'yacs'",
        "$ torchrun --nproc_per_node=4 tools/train.py cfg.py\nModuleNotFoundError: No module named 'einops'",
    ):
        key, fix = first(text)
        assert key == "py-module-missing", text
        assert "which torchrun" in fix and "python -m torch.distributed.run" in fix, text
    # no launcher: the plain install fix
    key, fix = first("ModuleNotFoundError: No module named 'einops'")
    assert key == "py-module-missing" and "torchrun" not in fix
