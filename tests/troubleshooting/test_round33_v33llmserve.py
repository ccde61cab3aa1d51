"""`explain`, round thirty-three (issue 36): LLM inference servers and local LLM apps. A container runtime that cannot
find a driver library a stale CDI specification lists, a server binary's own compute-capability check, a cuBLAS status
from a Rust (Candle / cudarc) server, a CUDA image whose other libraries found no GPU in the container, a run-time
kernel that fails to compile on bfloat16, bitsandbytes' no-cuBLASLt banner, Intel's SYCL runtime that found no device,
a pinned host allocation torch reports as "CUDA error: out of memory", and a CUDA IPC export that reports a memory
error. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first


def test_a_stale_cdi_specification_names_an_old_driver_file() -> None:
    for text in (
        "Error: crun: cannot stat `/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.104.05`: No such file or "
        "directory: OCI runtime attempted to invoke a command that was not found",
        "Error: crun: error stat'ing file `/usr/lib64/libcuda.so.560.35.03`: No such file or directory: OCI "
        "runtime attempted to invoke a command that was not found",
        "Error: runc: stat /usr/lib/x86_64-linux-gnu/libnvidia-encode.so.545.29.06: no such file or directory",
    ):
        key, fix = first(text)
        assert key == "host-cdi-unresolvable" and "nvidia-ctk cdi generate" in fix and "driver version" in fix, text
    # no CDI at all keeps the general fix
    key, fix = first("Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all")
    assert key == "host-cdi-unresolvable" and "driver version the specification" not in fix
    # a missing file that is no driver library is not this family
    assert first("Error: crun: cannot stat `/data/models/model.gguf`: No such file or directory")[0] != (
        "host-cdi-unresolvable"
    )


def test_a_server_binary_built_for_another_compute_capability() -> None:
    for text in (
        "Error: Could not create backend\n\nCaused by:\n    Could not start backend: Runtime compute cap 86 is not "
        "compatible with compile time compute cap 89",
        "ERROR text_embeddings_router: Runtime compute cap 120 is not compatible with compile time compute cap 80",
    ):
        key, fix = first(text)
        assert key == "gpu-arch-unsupported" and "CUDA_COMPUTE_CAP" in fix and "image" in fix, text
    # torch's own warning keeps its torch fix
    key, fix = first(
        "UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch "
        "installation."
    )
    assert key == "gpu-arch-unsupported" and "CUDA_COMPUTE_CAP" not in fix


def test_a_cublas_status_from_a_rust_server_is_not_a_torch_dtype() -> None:
    for text in (
        '{"error":"Backend error: Inference error: CublasError(CUBLAS_STATUS_NOT_SUPPORTED)","error_type":"Backend"}',
        "Error: DriverError(CUDA_ERROR_INVALID_VALUE) in cudarc::cublas\nCUBLAS_STATUS_NOT_SUPPORTED",
    ):
        key, fix = first(text)
        assert key == "torch-cublas-not-supported" and "Candle" in fix and "model.float()" not in fix, text
    # torch's own status keeps the dtype fix
    key, fix = first(
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, m, n, "
        "k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, "
        "CUBLAS_GEMM_DFALT_TENSOR_OP)`"
    )
    assert key == "torch-cublas-not-supported" and "Candle" not in fix


def test_a_cuda_image_whose_libraries_found_no_gpu_in_the_container() -> None:
    for text in (
        "llm-ui  | bitsandbytes/cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled "
        "without GPU support. 8-bit optimizers are unavailable.\nllm-ui  | CUDA error 35 at ggml-cuda.cu:812: CUDA "
        "driver version is insufficient for CUDA runtime version\nllm-ui exited with code 1",
        "$ docker run myimage\ntorch.cuda.is_available(): False\nRuntimeError: CUDA error: CUDA driver version is "
        "insufficient for CUDA runtime version",
    ):
        key, fix = first(text)
        assert key in ("cuda-driver-insufficient", "host-container-no-gpu"), text
        assert "CPU variant" in fix and "--gpus all" in fix, text
    # a container log without a CPU fallback keeps the older answer's fix
    key, fix = first(
        "worker  | CUDA error 35 at ggml-cuda.cu:812: CUDA driver version is insufficient for CUDA runtime version"
    )
    assert "CPU variant" not in fix


def test_a_generated_kernel_that_fails_on_bfloat16() -> None:
    key, fix = first(
        'Error processing prompt: Nvrtc Error 6, NVRTC_ERROR_COMPILATION\n<null>(22): error: no operator "*" '
        "matches these operands\n            operand types are: __nv_bfloat16 * float"
    )
    assert key == "jit-nvrtc-compilation-error" and "float16" in fix and "SUPPORT_BF16" in fix
    # a compile log about another type keeps the general or CuPy fix
    key, fix = first("cupy.cuda.compiler.CompileException: NVRTC_ERROR_COMPILATION (6)\nerror: expected a ';'")
    assert key == "jit-nvrtc-compilation-error" and "bfloat16" not in fix


def test_bitsandbytes_without_cublaslt_refuses_int8() -> None:
    for text in (
        "=============================================\nERROR: Your GPU does not support Int8 Matmul!\n"
        "=============================================\npython: /src/csrc/ops.cu:408: int igemmlt(...): Assertion "
        "`false' failed.",
        "(title: Your GPU does not support Int8 Matmul! on a Tesla P40)",
    ):
        key, fix = first(text)
        assert key == "bnb-cublaslt-int8" and "7.5" in fix and "8-bit" in fix, text
    # cuBLASLt's own status keeps the general fix
    key, fix = first("cuBLAS API failed with status 15\nerror detectected")
    assert key == "bnb-cublaslt-int8" and "no-cuBLASLt" not in fix


def test_sycl_device_not_found_is_intel_not_cuda() -> None:
    for text in (
        "terminate called after throwing an instance of 'sycl::_V1::runtime_error'\n  what():  No device of "
        "requested type available. -1 (PI_ERROR_DEVICE_NOT_FOUND)",
        "llama_model_load: error loading model: UR_RESULT_ERROR_DEVICE_NOT_FOUND",
        "Caught SYCL exception: No device of requested type 'info::device_type::gpu' available.",
    ):
        key, fix = first(text)
        assert key == "sycl-device-not-found" and "sycl-ls" in fix and "CPU build" in fix, text
    # CUDA's own "no device" is not this family
    assert first("RuntimeError: CUDA error: no CUDA-capable device is detected")[0] != "sycl-device-not-found"


def test_a_pinned_allocation_is_host_memory_not_gpu_memory() -> None:
    for text in (
        '  File "engine/offload.py", line 88, in worker\n    buf = torch.empty((2 << 30,), dtype=torch.uint8, '
        "pin_memory=True)\nRuntimeError: CUDA error: out of memory",
        '  File "cache.py", line 12, in grow\n    self.host = self.host.pin_memory()\nRuntimeError: CUDA error: '
        "out of memory\nCUDA kernel errors might be asynchronously reported at some other API call",
    ):
        key, fix = first(text)
        assert key == "cuda-pinned-host-memory" and "not GPU memory" in fix and "ulimit" in fix, text
    # a bare out-of-memory without a pinned allocation stays GPU memory
    key, _ = first('  File "train.py", line 5, in <module>\n    x = x.cuda()\nRuntimeError: CUDA error: out of memory')
    assert key == "gpu-out-of-memory"
    # the DataLoader's pin-memory thread keeps its own fix
    key, fix = first("RuntimeError: Caught RuntimeError in pin memory thread for device 0.")
    assert key == "cuda-pinned-host-memory" and "DataLoader" in fix


def test_cuda_ipc_export_is_not_gpu_memory() -> None:
    for text in (
        "[0 - 7f00aa] 0.000 {5}{gpu}: /opt/legion/runtime/realm/cuda/cuda_module.cc(4700):CUDA_DRIVER_FNPTR("
        "cuIpcGetMemHandle)(&alloc.ipc_handle, alloc.dev_ptr) = 2(CUDA_ERROR_OUT_OF_MEMORY): out of memory\nAborted",
        "RuntimeError: cudaIpcGetMemHandle failed: invalid argument",
    ):
        key, fix = first(text)
        assert key == "cuda-ipc-handle-failed" and "--ipc=host" in fix, text
    assert (
        "-cuda:ipc 0"
        in first(
            "realm/cuda/cuda_module.cc(10): cuIpcGetMemHandle(&h, p) = 2(CUDA_ERROR_OUT_OF_MEMORY): out of memory"
        )[1]
    )
    # a plain driver out-of-memory stays GPU memory
    assert first("cuMemAlloc(&p, size) = 2(CUDA_ERROR_OUT_OF_MEMORY): out of memory")[0] != "cuda-ipc-handle-failed"
