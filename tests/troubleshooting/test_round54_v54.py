"""`explain`, round fifty-four (issue 36): pretraining frameworks (Transformer Engine's comm+GEMM overlap, NCCL's
internal error, FP8 on ROCm), vision-language models (a remote-code file that imports flash_attn, transformers'
notices at model load) and diffusion trainers (xformers without a GPU)."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_comm_overlap_without_multicast() -> None:
    text = (
        "*** An error occurred in MPI_Init_thread\n*** on a NULL communicator\n*** MPI_ERRORS_ARE_FATAL (processes "
        "in this communicator will now abort,\n***    and potentially your MPI job)\n\n[rank0]: AssertionError: CUDA "
        "device, driver and/or toolkit version does not support comm+GEMM overlap with CUDA Multicast. Launch app "
        "with UB_SKIPMC=1 to try CUDA IPC instead."
    )
    key, fix = first(text)
    # the assertion that names its own remedy ranks above MPI's words, which TensorRT-LLM's MPI row also reads
    assert key == "te-comm-overlap-unsupported" and "UB_SKIPMC=1" in fix


def test_nccls_internal_error_and_fp8_on_rocm() -> None:
    key, fix = first(
        "graph/topo.h:230 NCCL WARN Could not find NET with id 0\n"
        "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/"
        "ProcessGroupNCCL.cpp:3376, internal error - please report this issue to the NCCL developers, NCCL version "
        "2.25.1"
    )
    assert key == "torch-nccl-error" and "newer NCCL" in fix
    key, fix = first("RuntimeError: \"_tunable_scaled_gemm\" not implemented for 'Float8_e4m3fn'")
    assert key == "num-cuda-op-no-dtype-kernel" and "float8_e4m3fnuz" in fix


def test_a_remote_code_model_that_imports_flash_attn() -> None:
    key, fix = first(
        "- **Exception Type:** ImportError\n- **Exception Message:** This modeling file requires the following "
        "packages that were not found in your environment: flash_attn. Run `pip install flash_attn`"
    )
    assert key == "py-module-missing" and "get_imports" in fix
    key, fix = first(
        "ImportError: This modeling file requires the following packages that were not found in your environment: "
        "einops. Run `pip install einops`"
    )
    assert key == "py-module-missing" and "get_imports" not in fix


def test_transformers_notices_at_model_load() -> None:
    for text in (
        "Unrecognized keys in `rope_scaling` for 'rope_type'='default': {'mrope_section'}",
        "Using a slow image processor as `use_fast` is unset and a slow processor was saved with this model. "
        "`use_fast=True` will be the default behavior in v4.48, even if the model was saved with a slow processor.",
    ):
        assert explain(text).outcome == "warnings-only"
    # the old transformers' refusal of a newer rope_scaling stays a failure
    key, _ = first(
        "ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'factor': 8.0, "
        "'rope_type': 'llama3'}"
    )
    assert key == "serve-transformers-rope-scaling"


def test_xformers_without_a_gpu() -> None:
    key, _ = first(
        "ValueError: torch.cuda.is_available() should be True but is False. xformers' memory efficient attention "
        "is only available for GPU"
    )
    assert key == "cuda-unavailable"


def test_mmcv_ops_without_their_cuda_kernels_and_jaxs_warning() -> None:
    key, fix = first("RuntimeError: nms_impl: implementation for device cuda:0 not found.")
    assert key == "py-mmcv-ext-missing" and "mim install" in fix
    text = (
        "CUDA backend failed to initialize: Found CUDA version 12010, but JAX was built against version 12020, which "
        "is newer. The copy of CUDA that is installed must be at least as new as the version against which JAX was "
        "built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)"
    )
    # JAX logs it as a warning (it goes on on the CPU): the answer says so
    e = explain(text)
    assert e.first_answer == "fw-cuda-library-older" and all(m.severity == "warning" for m in e)


def test_xformers_attention_kernel_refusing_its_arguments() -> None:
    key, fix = first(
        "RuntimeError: CUDA error: invalid argument\n"
        '  File "venv/lib/site-packages/xformers/ops.py", line 369, in backward\n'
        "    ) = torch.ops.xformers.efficient_attention_backward_cutlass(\n"
    )
    assert key == "cuda-invalid-value" and "xformers.info" in fix


def test_the_warned_library_the_traceback_runs_in_comes_first() -> None:
    text = (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.1.0+cu118 with CUDA 1108 (you have 2.1.0+cu121)\n"
        "CUDA backend failed to initialize: Found CUDA version 12010, but JAX was built against version 12020, which "
        "is newer. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)\n"
        "│ /usr/local/lib/python3.10/dist-packages/xformers/ops/fmha/__init__.py:42 in forward              │\n"
        "│ ❱  42 │   │   out, op_ctx = _memory_efficient_attention_forward_requires_grad(                   │\n"
    )
    key, _ = first(text)
    assert key == "kern-xformers-built-for-other-torch"
    # without the traceback, nothing says which warning mattered: the ranking is the table's
    alone = text.split("│")[0]
    assert first(alone)[0] != "" and {m.key for m in explain(alone)} >= {"kern-xformers-built-for-other-torch"}


def test_openmm_platform_and_opencl_build_options() -> None:
    key, fix = first(
        "    platform = Platform.getPlatformByName('CUDA')\nException: There is no registered Platform called \"CUDA\""
    )
    assert key == "mol-openmm-platform-not-registered" and "getPluginLoadFailures" in fix
    key, fix = first("Error: Failed to build program executable!\nlog:Error parsing value of -cl-std flag!")
    assert key == "opencl-kernel-build-failed" and "clinfo" in fix
    key, _ = first(
        "dgl._ffi.base.DGLError: [09:04:14] src/random/random.cc:34: Check failed: e == CURAND_STATUS_SUCCESS: "
        "CURAND Error: CURAND_STATUS_INITIALIZATION_FAILED at src/random/random.cc:34"
    )
    assert key == "curand-init-failed"


def test_a_compiler_make_could_not_start_and_a_crash_in_a_batch_job() -> None:
    key, _ = first(
        "g++ -std=c++17 -o bin/x main.cpp\nmake: g++: No such file or directory\nmake: *** [Makefile:257: x] Error 127"
    )
    assert key == "build-no-compiler"
    key, fix = first(
        "/var/spool/slurm/d/job75896/slurm_script: line 10: 1763903 Segmentation fault      (core dumped) zorb "
        "--receptor r.pdbqt"
    )
    assert key == "native-crash" and "ulimit -s" in fix


def test_dgls_adapter_notice_and_a_symbol_copy() -> None:
    text = (
        "/opt/dgl/src/runtime/tensordispatch.cc:43: TensorDispatcher: dlopen failed: libtorch_cuda.so: cannot open "
        "shared object file: No such file or directory"
    )
    assert explain(text).outcome == "warnings-only"
    key, fix = first(
        "SetKernelsGpuData copy to cData failed invalid device symbol\n"
        "zorb_gpu: ./cuda/kernels.cu:130: void SetKernelsGpuData(GpuData*): Assertion `0' failed.\n"
        "Aborted (core dumped)"
    )
    assert key == "gpu-arch-unsupported" and "TARGETS" in fix
