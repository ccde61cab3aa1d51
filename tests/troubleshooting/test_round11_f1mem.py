"""`explain`, round eleven, GPU memory in every product's words (issue 36): the out-of-memory failure as TensorFlow,
JAX / XLA, PaddlePaddle, MXNet, CuPy, RAPIDS RMM, Numba, PyCUDA, onnxruntime, DJL, Triton, torch on MPS and ROCm,
ggml's Metal and Vulkan backends, cuDNN and C / C++ programs word it, each answered with that product's own remedy;
TensorFlow's allocator notice that is no failure; TensorFlow's memory growth set too late; vLLM's startup check of
free memory; SGLang's and TGI's KV cache / warm-up sizing. Every wording is the library's own (its source file is
named beside each), with near misses that must not match."""

from __future__ import annotations

import pytest
from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

# (product, the library's own wording, a word of that product's own remedy the fix must name)
_OOM = (
    # TensorFlow core/common_runtime/bfc_allocator.cc (the failing allocation: "(rounded to N)requested by op X")
    (
        "tensorflow-bfc",
        "W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (GPU_0_bfc) ran out of memory trying to "
        "allocate 2.00GiB (rounded to 2147483648)requested by op MatMul",
        "set_memory_growth",
    ),
    # TensorFlow's eager runtime: errors::ResourceExhausted("failed to allocate memory")
    (
        "tensorflow-eager",
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory [Op:AddV2]",
        "TF_FORCE_GPU_ALLOW_GROWTH",
    ),
    # PJRT / XLA (jaxlib): "Out of memory while trying to allocate N bytes."
    (
        "jax",
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
        "17179869184 bytes.",
        "XLA_PYTHON_CLIENT_PREALLOCATE",
    ),
    # XLA's stream executor allocator (device_memory_allocator.cc): "Failed to allocate request for %s (%uB) ..."
    (
        "xla",
        "XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 16.00GiB (17179869184B) on device "
        "ordinal 0",
        "XLA_PYTHON_CLIENT_MEM_FRACTION",
    ),
    # jaxlib logs from org_tensorflow paths: the JAX fix, not TensorFlow's
    (
        "jax-with-tf-paths",
        "2024-01-01 00:00:00 E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc"
        ":2085] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 8000000000 "
        "bytes.",
        "XLA_PYTHON_CLIENT_PREALLOCATE",
    ),
    # PaddlePaddle paddle/fluid/memory/allocation/cuda_allocator.cc
    (
        "paddle",
        "ResourceExhaustedError: \n\nOut of memory error on GPU 0. Cannot allocate 1.000000GB memory on GPU 0, "
        "7.084717GB memory has been allocated and available memory is only 716.750000MB.\n\nPlease check whether "
        "there is any other process using GPU 0.",
        "FLAGS_allocator_strategy",
    ),
    # MXNet src/storage/pooled_storage_manager.h
    (
        "mxnet",
        "mxnet.base.MXNetError: [23:54:01] src/storage/./pooled_storage_manager.h:161: cudaMalloc retry failed: out "
        "of memory",
        "MXNET_GPU_MEM_POOL_TYPE",
    ),
    # CuPy cupy/cuda/memory.pyx (OutOfMemoryError)
    (
        "cupy",
        "cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 1,073,741,824 bytes (allocated so far: 0 bytes).",
        "free_all_blocks",
    ),
    # RAPIDS RMM (rmm/detail/error.hpp: out_of_memory; pool_memory_resource.hpp: RMM_FAIL)
    (
        "rmm",
        "MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /opt/conda/include/rmm/mr/device/"
        "cuda_memory_resource.hpp:60: cudaErrorMemoryAllocation out of memory",
        "managed_memory",
    ),
    (
        "rmm-pool",
        "MemoryError: std::bad_alloc: RMM failure at:/opt/conda/include/rmm/mr/device/pool_memory_resource.hpp:196: "
        "Maximum pool size exceeded",
        "maximum_pool_size",
    ),
    # Numba numba/cuda/cudadrv/driver.py ("Call to %s results in %s")
    (
        "numba",
        "numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY",
        "get_memory_info",
    ),
    # PyCUDA src/cpp/cuda.hpp ("<routine> failed: <CUresult text>")
    ("pycuda", "pycuda._driver.MemoryError: cuMemAlloc failed: out of memory", "DeviceMemoryPool"),
    # onnxruntime's CUDA provider reporting the CUDA error by name
    (
        "onnxruntime",
        "onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : "
        "Non-zero status code returned while running Conv node. Status Message: CUDA error "
        "cudaErrorMemoryAllocation:out of memory",
        "gpu_mem_limit",
    ),
    # DJL (Deep Java Library) wrapping libtorch's message
    (
        "djl",
        "ai.djl.engine.EngineException: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total "
        "capacity)",
        "NDManager",
    ),
    # Triton server's model load failing for memory
    (
        "triton",
        "E0101 model_lifecycle.cc:626] failed to load 'yolo' version 1: Internal: onnx runtime error 6: CUDA error "
        "cudaErrorMemoryAllocation:out of memory",
        "gpu_mem_limit",
    ),
    # torch on Apple silicon (aten/src/ATen/mps/MPSAllocator.mm) and on ROCm (c10's hipified allocator)
    (
        "mps",
        "RuntimeError: MPS backend out of memory (MPS allocated: 17.00 GB, other allocations: 1.00 GB, max allowed: "
        "18.13 GB). Tried to allocate 256.00 MB on private pool.",
        "PYTORCH_MPS_HIGH_WATERMARK_RATIO",
    ),
    (
        "rocm",
        "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.98 "
        "GiB",
        "rocm-smi",
    ),
    # MLX's Metal command buffer (mlx/backend/metal)
    (
        "mlx",
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer "
        "execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)",
        "unified memory",
    ),
    # ggml's Vulkan backend (ggml-vulkan.cpp, ggml_vk_create_buffer)
    (
        "ggml-vulkan",
        "ggml_vulkan: Device memory allocation of size 462323712 failed.\nggml_vulkan: vk::Device::allocateMemory: "
        "ErrorOutOfDeviceMemory",
        "-ngl",
    ),
    # llama.cpp's context (llama-context.cpp graph_reserve), ncnn's Vulkan allocator (src/allocator.cpp), OpenCV's
    # CUDA module (modules/core/src/cuda/gpu_mat.cu), MLX's Metal allocator (mlx/backend/metal/allocator.cpp)
    (
        "llama.cpp-compute",
        "ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 11488208896\ngraph_reserve: failed to "
        "allocate compute buffers",
        "-ngl",
    ),
    ("ncnn", "vkAllocateMemory failed -2\nvkAllocateMemory failed -2", "-t 200"),
    (
        "opencv",
        "cv2.error: OpenCV(4.5.5) /opencv/modules/core/src/cuda/gpu_mat.cu:116: error: (-217:Gpu API call) out of "
        "memory in function 'allocate'",
        "GpuMat",
    ),
    (
        "mlx-malloc",
        "ValueError: [metal::malloc] Attempting to allocate 134767706112 bytes which is greater than the maximum "
        "allowed buffer size of 86586540032 bytes.",
        "unified memory",
    ),
    # CUDA.jl (src/pool.jl, OutOfGPUMemoryError), NCCL's CUDACHECK (src/include/checks.h), cudarc's DriverError
    (
        "julia",
        "ERROR: LoadError: Out of GPU memory trying to allocate 11.921 GiB\nEffective GPU memory usage: 99.85% "
        "(15.758 GiB/15.782 GiB)\nMemory pool usage: 13.411 GiB (15.281 GiB reserved)",
        "CUDA.reclaim()",
    ),
    (
        "nccl",
        "node1:1234:1300 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\nnode1:1234:1300 [0] NCCL "
        "INFO init.cc:1000 -> 1",
        "NCCL_BUFFSIZE",
    ),
    ("rust-cudarc", 'Error: DriverError(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")', "DType::BF16"),
    # a CUDA C program's own check (helper_cuda.h's checkCudaErrors: "code=2(cudaErrorMemoryAllocation)")
    (
        "cuda-c",
        'CUDA error at main.cu:42 code=2(cudaErrorMemoryAllocation) "cudaMalloc(&d_a, n * sizeof(float))"',
        "cudaMemGetInfo",
    ),
)


@pytest.mark.parametrize(("product", "text", "remedy"), _OOM, ids=[p for p, _, _ in _OOM])
def test_out_of_memory_in_each_products_own_words(product: str, text: str, remedy: str) -> None:
    key, fix = first(text)
    assert key == "gpu-out-of-memory", product
    assert remedy in fix, (product, fix)


def test_cudnn_allocation_failure_is_out_of_memory() -> None:
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED")[0] == "gpu-out-of-memory"


def test_out_of_memory_near_misses() -> None:
    # a pool of another kind (a game engine's object pool) is not RMM's
    assert "gpu-out-of-memory" not in keys("Maximum pool size exceeded, destroying missile: Missile(Clone)")
    # ggml's Vulkan backend listing devices, TensorFlow growing its allocator, a Mac's MPS device in use
    assert keys("ggml_vulkan: Found 1 Vulkan devices:\nggml_vulkan: 0 = NVIDIA GeForce RTX 3060 (NVIDIA)") == []
    assert keys("Using MPS backend for inference") == []
    # a config dump that names memory settings is no failure
    settings = "engine args: gpu_memory_utilization=0.9, mem_fraction_static=0.88, max_batch_prefill_tokens=4096"
    assert keys(settings) == []
    # TensorFlow's CUDA_ERROR_OUT_OF_MEMORY fix is TensorFlow's, not RAPIDS' (no "out_of_memory: " confusion)
    key, fix = first(
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:806] failed to allocate 3.86G (4142137344 bytes) from "
        "device: CUDA_ERROR_OUT_OF_MEMORY: out of memory"
    )
    assert key == "gpu-out-of-memory" and "set_memory_growth" in fix and "RMM" not in fix


_TF_NOTICE = (
    "2021-11-05 09:30:48.424570: W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator (GPU_0_bfc) ran out "
    "of memory trying to allocate 2.55GiB with freed_by_count=0. The caller indicates that this is not a failure, but "
    "may mean that there could be performance gains if more memory were available."
)


def test_tensorflow_memory_in_its_own_words() -> None:
    # the allocator's notice alone (TensorFlow 2.x, and 1.x's "Ran out of memory trying to allocate 1.17GiB. The
    # caller indicates ...") is no failure
    found = explain(_TF_NOTICE)
    assert found.outcome == "warnings-only" and found[0].key == "tf-bfc-allocator-notice"
    old = (
        "W tensorflow/core/common_runtime/bfc_allocator.cc:217] Ran out of memory trying to allocate 1.17GiB. The "
        "caller indicates that this is not a failure, but may mean that there could be performance gains if more "
        "memory is available."
    )
    assert first(old)[0] == "tf-bfc-allocator-notice"
    # ... even beside the stream executor's info lines about the allocations it retried
    retried = (
        "I tensorflow/stream_executor/cuda/cuda_driver.cc:763] failed to allocate 343.34M (360015104 bytes) from "
        "device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n" + _TF_NOTICE
    )
    assert first(retried)[0] == "tf-bfc-allocator-notice"
    # the notice followed by the failure: the failure answers
    failed = (
        _TF_NOTICE + "\ntensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor "
        "with shape[64,256,56,56] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
        "GPU_0_bfc"
    )
    key, fix = first(failed)
    assert key == "gpu-out-of-memory" and "set_memory_growth" in fix
    # Keras' predict called in a loop (polymorphic_function.py's frequent-tracing warning): a notice
    retrace = (
        "WARNING:tensorflow:6 out of the last 11 calls to <function Model.make_predict_function.<locals>."
        "predict_function at 0x13f7ee670> triggered tf.function retracing. Tracing is expensive and the excessive "
        "number of tracings could be due to (1) creating @tf.function repeatedly in a loop."
    )
    found = explain(retrace)
    assert found.outcome == "warnings-only" and found[0].key == "tf-function-retracing"
    assert "predict_on_batch" in found[0].fix
    # memory growth set after the GPU was initialised (tensorflow/python/eager/context.py)
    for text in (
        "RuntimeError: Physical devices cannot be modified after being initialized",
        "RuntimeError: Virtual devices cannot be modified after being initialized",
    ):
        key, fix = first(text)
        assert key == "dist-device-config-after-init" and "TF_FORCE_GPU_ALLOW_GROWTH" in fix
    # near miss: listing the physical devices is no failure
    listed = "Physical devices: [PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]"
    assert "dist-device-config-after-init" not in keys(listed)


def test_llm_server_memory_in_their_own_words() -> None:
    # vLLM v1/worker/gpu_worker.py, the startup check
    vllm = (
        "(EngineCore pid=253) ValueError: Free memory on device cuda:0 (12.18/23.56 GiB) on startup is less than "
        "desired GPU memory utilization (0.92, 21.67 GiB). Decrease GPU memory utilization or reduce GPU memory used "
        "by other processes."
    )
    key, fix = first(vllm)
    assert key == "serve-vllm-gpu-memory-utilization" and "--gpu-memory-utilization" in fix and "EngineCore" in fix
    # SGLang's memory pool configuration (max_total_num_tokens <= 0)
    sglang = "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: 0.6"
    key, fix = first(sglang)
    assert key == "serve-kv-cache-no-room" and "--mem-fraction-static" in fix and "--context-length" in fix
    # TGI's warm-up, raised from torch's own out of memory: the server's diagnosis answers first
    tgi = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n\nThe above exception was the direct "
        "cause of the following exception:\n\nRuntimeError: Not enough memory to handle 4096 prefill tokens. You need "
        "to decrease `--max-batch-prefill-tokens`"
    )
    key, fix = first(tgi)
    assert key == "serve-kv-cache-no-room" and "--max-batch-prefill-tokens" in fix and "--num-shard" in fix
    # vLLM's KV cache sizing keeps its own row
    assert first("ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization`")[
        0
    ] == ("serve-vllm-kv-cache")
    # near misses: the server's settings in a log line are no failure
    assert keys("server_args=ServerArgs(mem_fraction_static=0.88, context_length=8192)") == []
    assert keys("INFO Warming up model with max_batch_prefill_tokens=4096") == []


def test_host_memory_in_each_products_words() -> None:
    # torch's CPU allocator (c10/core/impl/alloc_cpu.cpp), on Linux and Windows
    torch_cpu = (
        "RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: not enough memory: you tried "
        "to allocate 37984010240 bytes."
    )
    key, fix = first(torch_cpu)
    assert key == "host-memory-allocation" and "mmap=True" in fix
    assert (
        first(
            "RuntimeError: DefaultCPUAllocator: can't allocate memory: you tried to allocate 1073741824 bytes. "
            "Error code 12 (Cannot allocate memory)"
        )[0]
        == "host-memory-allocation"
    )
    # NumPy (numpy/core/_exceptions.py, _ArrayMemoryError)
    key, fix = first(
        "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 3.58 GiB for an array with shape "
        "(10000, 48000) and data type float64"
    )
    assert key == "host-memory-allocation" and "np.memmap" in fix and "float64" in fix
    # ollama (llm/server.go)
    key, fix = first("Error: model requires more system memory (44.0 GiB) than is available (7.6 GiB)")
    assert key == "host-memory-allocation" and "ollama stop" in fix
    # near misses: ollama's inventory of memory, NumPy printing a shape, a GPU out of memory
    assert keys('level=INFO source=server.go msg="system memory" total="31.3 GiB" free="20.0 GiB"') == []
    assert keys("array with shape (10000, 48000) and data type float64 allocated") == []
    assert "host-memory-allocation" not in keys("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB")
    # a torch out of memory in a multi-GPU run whose log has other NCCL warnings keeps torch's fix
    ddp = (
        "node1:1:1 [0] NCCL WARN Connect to 10.0.0.2<45678> failed : Connection refused\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79 GiB"
    )
    key, fix = first(ddp)
    assert key == "gpu-out-of-memory" and "expandable_segments" in fix and "NCCL_BUFFSIZE" not in fix


def test_cudnn_handle_failures_in_tensorflow_and_jax_words() -> None:
    # TensorFlow's convolution kernels (core/kernels/conv_ops*.cc): TensorFlow took the memory cuDNN needed
    tf = (
        "UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so "
        "try looking to see if a warning log message was printed above."
    )
    key, fix = first(tf)
    assert key == "cudnn-not-initialized" and "set_memory_growth" in fix
    # XLA's stream executor (stream_executor/cuda/cuda_dnn.cc), seen from JAX
    jax = (
        "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed. Look at the "
        "errors above for more details."
    )
    key, fix = first(jax)
    assert key == "cudnn-not-initialized" and "XLA_PYTHON_CLIENT_PREALLOCATE" in fix and "jax[cuda12]" in fix
    # near miss: TensorFlow choosing an algorithm is no failure
    assert keys("I tensorflow/core/kernels/conv_ops.cc] Using convolution algorithm 1") == []
