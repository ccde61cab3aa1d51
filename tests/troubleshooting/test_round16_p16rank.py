"""`explain`, round sixteen (issue 36), which failure in a text is the cause: an earlier cause (a GPU-arch warning, a
failed allocation, a library's CUDA check) outranks the failure that follows it (an NCCL error, a kernel failure, a
segfault), and the fix names the product that ran (Lua Torch7's cudnn.torch, a C++ library's own cuBLAS calls, a
repository's compiled extensions, a container image's own driver libraries). Each text is in its library's own
wording (cited in the families' ``example_source``); near misses must not take the cause's place."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_NCCL = (
    "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:47, unhandled cuda error, "
    "NCCL version 21.0.3\nncclUnhandledCudaError: Call to CUDA function failed."
)


def test_an_arch_warning_before_an_nccl_error_is_the_cause() -> None:
    # torch/cuda/__init__.py's _check_capability: the formatted warning, or only its source line
    for warning in (
        "UserWarning: NVIDIA GeForce RTX 4090 with CUDA capability sm_89 is not compatible with the current PyTorch "
        "installation.",
        'warnings.warn(incompatible_device_warn.format(device_name, capability, " ".join(arch_list), device_name))',
    ):
        assert keys(warning + "\nTraceback (most recent call last):\n" + _NCCL)[:2] == [
            "gpu-arch-unsupported",
            "torch-nccl-error",
        ]
    # near miss: the NCCL error alone is NCCL's, and a warning AFTER it does not take its place as the cause
    assert first(_NCCL)[0] == "torch-nccl-error"
    assert "incompatible_device_warn" not in first(_NCCL)[1]


def test_a_failed_allocation_before_later_failures_is_the_cause() -> None:
    # PhysX's PxgCudaDeviceMemoryAllocator (Isaac Gym), then its narrow-phase kernel failing on the missing buffers
    physx = (
        "PxgCudaDeviceMemoryAllocator fail to allocate memory 339738624 bytes!! Result = 2\n"
        "/buildAgent/work/99bede84aa0a52c2/source/gpunarrowphase/src/PxgNarrowphaseCore.cpp (2165) : internal error "
        ": GPU cudaMainGjkEpa or prepareLostFoundPairs kernel fail!\n  700\n"
    )
    key, fix = first(physx)
    assert key == "gpu-out-of-memory" and "num_envs" in fix and "consequences" in fix
    assert keys(physx)[1] == "physx-gpu-kernel-failure"
    # near miss: the kernel failure alone stays PhysX's own family (buffers overflowed), not out of memory
    alone = physx.split("\n", 1)[1]
    assert first(alone)[0] == "physx-gpu-kernel-failure"
    assert "gpu-out-of-memory" not in keys("PxgCudaDeviceMemoryAllocator freed 339738624 bytes")
    # a CUDA out-of-memory before an NCCL error: the memory is the cause
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + _NCCL
    assert keys(oom)[0] == "gpu-out-of-memory"


def test_a_ggml_cuda_error_before_the_crash() -> None:
    # ggml-cuda.cu's CUDA_CHECK ("CUDA error %d at %s:%d: %s") and newer ggml_cuda_error ("current device: ...")
    old = "CUDA error 1 at /tmp/llama.cpp/ggml-cuda.cu:8332: invalid argument\nSegmentation fault (core dumped)"
    key, fix = first(old)
    assert key == "ggml-cuda-error" and "GGML_CUDA_NO_PINNED=1" in fix
    assert keys(old)[1] == "native-crash"
    wsl = "CUDA error 1 in ggml-cuda.cu:8332: invalid argument, and then segmentation fault\n(WSL2 Ubuntu, RTX 4090)"
    key, fix = first(wsl)
    assert key == "ggml-cuda-error" and "Windows NVIDIA driver" in fix
    new = (
        "CUDA error: invalid argument\n  current device: 0, in function ggml_backend_cuda_buffer_set_tensor at "
        "/home/u/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:540\n  cudaMemcpyAsync(...)\n"
        "/home/u/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:110: CUDA error\nAborted (core dumped)"
    )
    assert "ggml-cuda-error" in keys(new) and keys(new)[0] != "native-crash"
    # a more specific CUDA message keeps its own family above ggml's generic check
    oom = "CUDA error 2 at ggml-cuda.cu:9007: out of memory"
    assert keys(oom)[0] != "ggml-cuda-error"
    # near miss: a CUDA error in another project's .cu file is not ggml's
    assert "ggml-cuda-error" not in keys("CUDA error 1 at src/kernels.cu:88: invalid argument")


def test_a_crash_names_the_torch_version_and_the_extensions() -> None:
    # a detection repository whose make.sh extensions did not support the torch release the user names
    text = (
        "When I try to run trainval_net.py using the default parameters, I get a Segmentation fault. I'm using "
        "Pytorch 0.4.1, Cuda 9.1.\nSegmentation fault"
    )
    key, fix = first(text)
    assert key == "native-crash" and "rebuild the extensions" in fix and "torch release" in fix
    so = 'ImportError? no: python train.py\n  File "lib/model/_C.cpython-37m-x86_64-linux-gnu.so"\nSegmentation fault'
    assert "rebuild the extensions" in first(so)[1]
    # near miss: a bare crash keeps the command that finds the library
    key, fix = first("python demo.py\nSegmentation fault (core dumped)")
    assert key == "native-crash" and "faulthandler" in fix and "rebuild the extensions" not in fix


def test_lua_torch7_cudnn_gets_the_bindings_fix() -> None:
    # cudnn.torch's init.lua errcheck, under luajit (neuraltalk2's eval.lua)
    lua = (
        "/home/ubuntu/torch/install/bin/luajit: /home/ubuntu/torch/install/share/lua/5.1/cudnn/init.lua:45: Error in "
        "CuDNN: CUDNN_STATUS_NOT_INITIALIZED\nstack traceback:\n        [C]: in function 'error'"
    )
    key, fix = first(lua)
    assert key == "cudnn-not-initialized" and "Lua Torch7" in fix and "cudnn.torch" in fix
    # near miss: PyTorch's own cuDNN failure keeps torch's fix
    torch = (
        'File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/conv.py", line 456, in _conv_forward\n'
        "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED"
    )
    key, fix = first(torch)
    assert key == "cudnn-not-initialized" and "Lua" not in fix


def test_a_library_s_own_cublas_call_after_an_upgrade() -> None:
    # FasterTransformer's cublasMMWrapper in a newer NGC container
    ft = (
        "[ERROR] CUDA runtime error: CUBLAS_STATUS_NOT_SUPPORTED\n(QKV cublasGemmBatchedEx, batch_size = 4, "
        "nvcr.io/nvidia/pytorch:21.03-py3; works with 20.12-py3)"
    )
    key, fix = first(ft)
    assert key == "torch-cublas-not-supported" and "library release" in fix and "model.float()" not in fix
    # near miss: torch's half-precision GEMM keeps the dtype advice
    torch = (
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, m, n, "
        "k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, "
        "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`"
    )
    assert "library release" not in first(torch)[1]


def test_a_gpu_list_beyond_the_machine() -> None:
    # cudaErrorNoDevice (100) as THC printed it, with the program's own GPU list
    thc = (
        "RuntimeError: cuda runtime error (100) : no CUDA-capable device is detected at "
        "/pytorch/aten/src/THC/THCGeneral.cpp:50"
    )
    key, fix = first(thc)
    assert key == "no-gpu-visible" and "cuda_devices" in fix
    listed = "python train.py --gpu_ids 0,1,2\n" + thc
    key, fix = first(listed)
    assert key == "no-gpu-visible" and "nvidia-smi -L" in fix
    # near miss: a GPU count in prose is no setting
    assert "nvidia-smi -L" not in first("I have 2 gpus.\n" + thc)[1]


def test_nvml_mismatch_inside_an_image() -> None:
    # NVML's NVML_ERROR_LIB_RM_VERSION_MISMATCH inside one image
    image = (
        '$ docker run --gpus=all --rm -it tensorflow/build:latest-python3.9 bash -c "ldconfig && nvidia-smi"\n'
        "Failed to initialize NVML: Driver/library version mismatch"
    )
    result = explain(image)
    assert result[0].key == "container-driver-libs-in-image" and result[0].confidence == "likely"
    assert "libnvidia" in result[0].fix and "host-driver-reboot" in result[0].alternatives
    # near misses: on the host it is the reboot; the toolkit's own failure is the host's; WSL keeps its variant
    assert first("$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch")[0] == "host-driver-reboot"
    toolkit = (
        "docker: Error response from daemon: failed to create shim task: OCI runtime create failed: "
        "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown."
    )
    assert keys(toolkit)[0] != "container-driver-libs-in-image"
    wsl = "docker run --gpus all ubuntu nvidia-smi  (WSL2)\nFailed to initialize NVML: Driver/library version mismatch"
    assert first(wsl)[0] == "host-driver-reboot"


def test_a_terminate_line_carries_its_what_line() -> None:
    # libstdc++'s verbose terminate handler around NCCL's own error: the what() line names the failure
    carried = (
        "terminate called after throwing an instance of 'std::runtime_error'\n  what():  NCCL Error 1: unhandled "
        "cuda error\n./run.sh"
    )
    assert first(carried)[0] == "torch-nccl-error"
    # near miss: a what() line no family knows leaves the terminate line as the answer
    assert first("terminate called after throwing an instance of 'std::logic_error'\n  what():  basic_string")[0] == (
        "cpp-uncaught-exception"
    )
