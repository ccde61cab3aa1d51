"""`explain`, round six, torch's CUDA runtime (issue 36): the failure classes of PyTorch's CUDA runtime that any
model's inference script meets, each checked against its source's wording (torch's c10/cuda checks and
CUDA_KERNEL_ASSERT, CUDABlas.cpp, aten's cuDNN paths, torch/cuda/__init__.py, torch/serialization.py, inductor's
scheduler and TritonMissing, dynamo's platform check, ProcessGroupNCCL with NCCL's result names), with texts that must
not match. The sample they were built from is ``tests/data/explain_round6_torch.jsonl`` (35 reports, blind verdicts
first).
"""

from __future__ import annotations

from _explain import answer, sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_kernels_that_stopped_in_their_own_words() -> None:
    # CUDA_KERNEL_ASSERT's printf names the assertion; the fix follows what was indexed
    emb = answer(
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1146: indexSelectLargeIndex: block: [254,0,0], thread: "
        "[96,0,0] Assertion `srcIndex < srcSelectDimSize` failed.\nRuntimeError: CUDA error: device-side assert "
        "triggered",
        "torch-device-assert",
    )
    assert emb.op == "srcIndex < srcSelectDimSize" and "resize_token_embeddings" in emb.fix
    nll = answer(
        "Loss.cu:240: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [3,0,0] Assertion `t >= 0 && "
        "t < n_classes` failed.",
        "torch-device-assert",
    )
    assert "ignore_index" in nll.fix
    assert first("RuntimeError: CUDA error: device-side assert triggered") == "torch-device-assert"
    # the cuBLAS status after an assert is its echo, not a second cause
    echo = explain(
        "Indexing.cu:1141: indexSelectLargeIndex: block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < "
        "srcSelectDimSize` failed.\nRuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling "
        "`cublasCreate(handle)`\n  what():  CUDA error: device-side assert triggered"
    )
    assert [e.key for e in echo] == ["torch-device-assert"]
    assert first("CUDA error 710: cudaErrorAssert") == "torch-device-assert"
    # a host-side C assert is no CUDA kernel's
    assert first("python: ops.c:12: run: Assertion `n > 0' failed.") != "torch-device-assert"

    fault = explain("RuntimeError: CUDA error: unspecified launch failure")
    assert fault[0].key == "torch-gpu-fault" and fault[0].confidence == "likely"
    assert "illegal-memory-access" in fault[0].alternatives
    # a bare Xid line is read by its number (gpu_models' gpu-xid, round thirteen)
    hw = answer("NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus.", "gpu-xid")
    assert "replaced" in hw.fix
    assert first("RuntimeError: CUDA error: an illegal instruction was encountered") == "torch-gpu-fault"
    # the core row keeps the illegal memory access
    assert first("RuntimeError: CUDA error: an illegal memory access was encountered") == "illegal-memory-access"

    timeout = answer("RuntimeError: CUDA error: the launch timed out and was terminated", "torch-launch-timeout")
    assert "TdrDelay" in timeout.fix
    wsl = answer(
        "RuntimeError: CUDA error: operation not supported\n(Linux-5.15.90.1-microsoft-standard-WSL2-x86_64)",
        "torch-operation-not-supported",
    )
    assert "pin_memory=False" in wsl.fix
    assert first("RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable") == "torch-gpu-busy"
    # torch 0.x / 1.x (THC) wordings of the same classes
    assert first("RuntimeError: cuda runtime error (30) : unknown error at /pytorch/torch/lib/THC/THCGeneral.c:66") == (
        "torch-cuda-init-unknown"
    )
    old_init = answer(
        '  File ".../torch/utils/data/dataloader.py", line 275, in __next__\nRuntimeError: cuda runtime error (3) '
        "initialization error at /py/conda-bld/pytorch/work/torch/lib/THC/generic/THCStorage.c:55",
        "torch-cuda-init-unknown",
    )
    assert "multiprocessing_context='spawn'" in old_init.fix
    assert first("RuntimeError: cuda runtime error (8) : invalid device function at THCTensorMathPointwise.cu:246") == (
        "torch-invalid-device-function"
    )
    assert first("RuntimeError: cublas runtime error : the GPU program failed to execute at THCBlas.cu:258") == (
        "torch-cublas-failure"
    )
    unknown = explain(
        "UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, "
        "e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be "
        "zero."
    )
    assert unknown[0].key == "torch-cuda-init-unknown" and "nvidia_uvm" in unknown[0].fix
    assert unknown.outcome != "warnings-only"  # a warning that means CUDA is gone
    # "unknown error" in some other library's words is not this
    assert first("ERROR: unknown error while parsing config.yaml") != "torch-cuda-init-unknown"


def test_cublas_and_cudnn_in_their_own_words() -> None:
    alloc = answer(
        "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        "torch-cublas-alloc",
    )
    assert alloc.op == "cublasCreate" and "batch" in alloc.fix
    bf16 = answer(
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmStridedBatchedEx(handle, opa, "
        "opb, (int)m, (int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF)`",
        "torch-cublas-not-supported",
    )
    assert bf16.op == "cublasGemmStridedBatchedEx" and "8.0" in bf16.fix and bf16.confidence == "likely"
    failed = answer(
        "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, "
        "k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",
        "torch-cublas-failure",
    )
    assert "CUDA_LAUNCH_BLOCKING=1" in failed.fix and "get_arch_list" in failed.fix
    assert "gpu-arch-unsupported" in failed.alternatives
    assert first("CUDA error: CUBLAS_STATUS_INVALID_VALUE when calling `cublasSgemmStridedBatched( handle)`") == (
        "torch-cublas-failure"
    )

    assert (
        "contiguous"
        in answer(
            "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a "
            "non-contiguous input.",
            "torch-cudnn-not-supported",
        ).fix
    )
    assert first("RuntimeError: Unable to find a valid cuDNN algorithm to run convolution") == (
        "torch-cudnn-no-algorithm"
    )
    assert first("RuntimeError: GET was unable to find an engine to execute this computation") == (
        "torch-cudnn-no-algorithm"
    )
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_MAPPING_ERROR") == "torch-cudnn-mapping"
    version = answer(
        "RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found runtime "
        "version (8, 5, 0). PyTorch already comes bundled with cuDNN.",
        "torch-cudnn-version",
    )
    assert "LD_LIBRARY_PATH" in version.fix
    # the core cuDNN row keeps its statuses
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED") == "cudnn-not-initialized"
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED") == "cudnn-not-initialized"


def test_processes_devices_and_checkpoints_in_their_own_words() -> None:
    fork = answer(
        '  File ".../torch/utils/data/_utils/worker.py", line 302, in _worker_loop\nRuntimeError: Cannot re-initialize '
        "CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method",
        "torch-cuda-fork",
    )
    assert "multiprocessing_context='spawn'" in fork.fix

    cpu = answer(
        "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If "
        "you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map "
        "your storages to the CPU.",
        "torch-load-cuda-on-cpu",
    )
    assert "map_location='cpu'" in cpu.fix
    fewer = answer(
        "RuntimeError: Attempting to deserialize object on CUDA device 1 but torch.cuda.device_count() is 1. Please "
        "use torch.load with map_location to map your storages to an existing device.",
        "torch-load-cuda-on-cpu",
    )
    assert "cuda:0" in fewer.fix

    assert "device_count" in answer("RuntimeError: CUDA error: invalid device ordinal", "torch-invalid-device").fix
    ranks = answer(
        '  File "/root/miniconda3/lib/python3.10/site-packages/torch/cuda/__init__.py", line 404, in set_device\n'
        "    torch._C._cuda_setDevice(device)\n  (torchrun --nproc_per_node=8 train.py)\nRuntimeError: CUDA error: "
        "invalid device ordinal",
        "torch-invalid-device",
    )
    assert "--nproc_per_node" in ranks.fix
    assert first("CUDA Error: invalid device ordinal: File exists") == "torch-invalid-device"


def test_dtypes_in_torchs_own_words() -> None:
    half = answer("RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'", "torch-half-on-cpu")
    assert half.op == "addmm_impl_cpu_" and "model.float()" in half.fix
    assert first("RuntimeError: \"LayerNormKernelImpl\" not implemented for 'BFloat16'") == "torch-half-on-cpu"
    # a CUDA kernel without a dtype is not the CPU's half problem
    assert first("RuntimeError: \"histogram_cuda\" not implemented for 'Half'") != "torch-half-on-cpu"

    target = answer("RuntimeError: expected scalar type Long but found Int", "torch-index-dtype")
    assert ".long()" in target.fix
    assert first("RuntimeError: \"nll_loss_forward_reduce_cuda_kernel_2d_index\" not implemented for 'Int'") == (
        "torch-index-dtype"
    )
    # Half against Float in eager PyTorch: this row; with TensorRT in the text, the core dtype row (engine inputs)
    eager = answer(
        "RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float != c10::Half",
        "torch-dtype-mismatch",
    )
    assert "next(model.parameters()).dtype" in eager.fix
    assert first("RuntimeError: expected scalar type Half but found Float") == "torch-dtype-mismatch"
    trt = (
        "RuntimeError: [Error thrown at core/runtime/execute_engine.cpp:136] Expected inputs[i].dtype() == "
        "expected_type\nExpected input tensors to have type Half, found type float"
    )
    assert first(trt) == "dtype-mismatch"

    dev = answer(
        "RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.HalfTensor) should be the same",
        "torch-weight-device-mismatch",
    )
    assert "nn.ModuleList" in dev.fix
    assert first(
        "RuntimeError: Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should be "
        "the same or input should be a MKLDNN tensor and weight is a dense tensor"
    ) == ("torch-weight-device-mismatch")
    # both on the GPU, different dtypes: the dtype row, alone
    both = explain(
        "RuntimeError: Input type (torch.cuda.FloatTensor) and weight type (torch.cuda.HalfTensor) should be the same"
    )
    assert [e.key for e in both] == ["torch-dtype-mismatch", "dtype-mismatch"]
    moved = explain(
        "RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.HalfTensor) should be the same"
    )
    assert "torch-dtype-mismatch" not in [e.key for e in moved]

    bf = answer(
        "RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.",
        "torch-bf16-unsupported",
    )
    assert "torch.float16" in bf.fix
    vllm = answer(
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla V100-"
        "SXM2-32GB GPU has compute capability 7.0. You can use float16 instead by explicitly setting the`dtype` flag "
        "in CLI, for example: --dtype=half.",
        "torch-bf16-unsupported",
    )
    assert "dtype='half'" in vllm.fix


def test_compile_and_triton_in_their_own_words() -> None:
    old = answer(
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Found Tesla P40 which is "
        "too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports "
        "devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1",
        "torch-triton-old-gpu",
    )
    assert "TORCHDYNAMO_DISABLE=1" in old.fix
    win = answer(
        '  File "G:\\ComfyUI_windows_portable\\python_embeded\\Lib\\site-packages\\torch\\_inductor\\scheduler.py", '
        "line 3957, in create_backend\ntorch._inductor.exc.TritonMissing: Cannot find a working triton installation. "
        "Either the package is not installed or it is too old.",
        "torch-triton-missing",
    )
    assert "triton-windows" in win.fix
    linux = answer(
        "RuntimeError: Cannot find a working triton installation. More information on installing Triton can be found "
        "at https://github.com/openai/triton",
        "torch-triton-missing",
    )
    assert "triton-windows" not in linux.fix
    assert first("RuntimeError: Windows not yet supported for torch.compile") == "torch-compile-platform"
    py = answer("RuntimeError: Python 3.12+ not yet supported for torch.compile", "torch-compile-platform")
    assert "Python" in py.fix
    # "triton" alone (Triton Inference Server, a missing optional module) is not inductor's
    module = first("ModuleNotFoundError: No module named 'triton'")
    assert module not in ("torch-triton-missing", "torch-triton-old-gpu")


def test_nccl_in_its_own_words() -> None:
    system = answer(
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, "
        "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6",
        "torch-nccl-error",
    )
    assert "NCCL_SOCKET_IFNAME" in system.fix and "--ipc=host" in system.fix
    dup = answer(
        "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1691, invalid usage, NCCL version "
        "2.19.3\nncclInvalidUsage: This usually reflects invalid usage of NCCL library.\nDuplicate GPU detected : "
        "rank 1 and rank 0 both on CUDA device 1000",
        "torch-nccl-error",
    )
    assert "set_device(local_rank)" in dup.fix
    timeout = answer(
        "[rank1]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran "
        "for 600020 milliseconds before timing out.",
        "torch-nccl-timeout",
    )
    assert "timeout=timedelta" in timeout.fix
    assert (
        "backend='gloo'"
        in answer("RuntimeError: Distributed package doesn't have NCCL built in", "torch-nccl-unavailable").fix
    )
    assert first("RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!") == (
        "torch-nccl-unavailable"
    )
    # NCCL's INFO lines are no error: a paste of them alone shows nothing that failed
    assert first("node1:531:1762 [0] NCCL INFO NVLS comm 0x7f5d10e6e7d0 headRank 0 nHeads 4") == "warnings-only"


def test_checkpoints_and_host_copies_in_their_own_words() -> None:
    weights = answer(
        "_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two "
        "options, do those steps only if you trust the source of the checkpoint.\nWeightsUnpickler error: "
        "Unsupported global: GLOBAL numpy.core.multiarray.scalar was not an allowed global by default.",
        "torch-load-weights-only",
    )
    assert "add_safe_globals" in weights.fix and "unknown source" in weights.fix
    lfs = answer("_pickle.UnpicklingError: invalid load key, 'v'.", "torch-checkpoint-corrupt")
    assert lfs.op == "v" and "git lfs pull" in lfs.fix
    assert "HTML" in answer("_pickle.UnpicklingError: invalid load key, '<'.", "torch-checkpoint-corrupt").fix
    assert first("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory") == (
        "torch-checkpoint-corrupt"
    )
    prefix = answer(
        'RuntimeError: Error(s) in loading state_dict for ResNet:\n\tMissing key(s) in state_dict: "conv1.weight".'
        '\n\tUnexpected key(s) in state_dict: "module.conv1.weight".',
        "torch-state-dict-mismatch",
    )
    assert prefix.op == "ResNet" and "removeprefix('module.')" in prefix.fix
    size = answer(
        "size mismatch for fc.weight: copying a param with shape torch.Size([1000, 2048]) from checkpoint, the shape "
        "in current model is torch.Size([10, 2048]).",
        "torch-state-dict-mismatch",
    )
    assert "num_classes" in size.fix

    assert (
        ".cpu().numpy()"
        in answer(
            "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
            "memory first.",
            "torch-cuda-to-numpy",
        ).fix
    )
    gen = answer("RuntimeError: Expected a 'cuda' device type for generator but found 'cpu'", "torch-generator-device")
    assert "torch.Generator(device='cuda')" in gen.fix
    flash = answer("RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "torch-flash-attn-gpu")
    assert "attn_implementation='sdpa'" in flash.fix
    assert first("RuntimeError: Expected is_sm80 || is_sm90 to be true, but got false.") == "torch-flash-attn-gpu"
    # a CPU index tensor against a GPU one: the device row, not a dtype row
    assert first("RuntimeError: indices should be either on cpu or on the same device as the indexed tensor (cpu)") == (
        "torch-weight-device-mismatch"
    )


def test_round_six_torch_reports_are_sourced_and_from_elsewhere() -> None:
    """35 reports of torch's CUDA runtime from 34 repositories no earlier set touches; each keeps its blind first
    answer and the verdicts given by hand, blind and after this round's families."""
    earlier = ("corpus", "holdout", "fresh", "blind", "round3", "round4", "round5")
    rows = sourced_and_from_elsewhere("round6_torch", earlier, at_least=30)
    assert max(sum(r["repository"] == x["repository"] for x in rows) for r in rows) <= 2
    for r in rows:
        found = explain(r["error"])
        if found.first_answer != "miss":
            assert not r["expect"] or found.first_answer in r["expect"], (r["id"], found.first_answer)
        else:
            assert found.stage and found.stage != "unknown" and found.command, r["id"]
