"""`explain`, round ten (issue 36), deploy-time behaviour on GPUs: each class checked against its source's wording,
with a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

#: TensorRT's builder allocator line and warnings for a tactic it cannot time (libnvinfer's wording, as logged)
_TACTIC_OOM = (
    "[08/31/2026-07:26:44] [TRT] [E] [virtualMemoryBuffer.cpp::nvinfer1::StdVirtualMemoryBufferImpl::resizePhysical"
    "::153] Error Code 2: OutOfMemory (Requested size was 1677721600 bytes.)\n"
    "[08/31/2026-07:26:44] [TRT] [W] Requested amount of GPU memory (1677721600 bytes) could not be allocated. There "
    "may not be enough free memory for allocation to succeed.\n"
    "[08/31/2026-07:26:44] [TRT] [W] UNSUPPORTED_STATE: Skipping tactic 0 due to insufficient memory on requested "
    "size of 1677721600 detected for tactic 0x0000000000000000.\n"
)


def test_two_gpus_in_one_process_are_not_moved_to_one_device() -> None:
    # torch's "Expected all tensors to be on the same device" naming two GPUs (DataParallel, a sharded model)
    dp = explain(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, "
        "cuda:0 and cuda:1!"
    )
    assert dp[0].key == "device-mismatch" and dp[0].situation == "two GPUs in one process"
    assert "device of the layer that takes it" in dp[0].fix and "before compiling" not in dp[0].fix
    sharded = explain(
        'File ".../huggingface/modules/transformers_modules/cogvlm2-llama3-chat-19B/visual.py", line 83, in forward\n'
        "    output = mlp_input + mlp_output\nRuntimeError: Expected all tensors to be on the same device, but found "
        "at least two devices, cuda:5 and cuda:6!"
    )
    assert sharded[0].situation == "a model split across GPUs" and "no_split_module_classes" in sharded[0].fix
    replicas = explain(
        'File "/site-packages/torch/nn/parallel/data_parallel.py", line 171, in forward\n    outputs = '
        "self.parallel_apply(replicas, inputs, kwargs)\nRuntimeError: Expected all tensors to be on the same device, "
        "but found at least two devices, cuda:1 and cuda:0!"
    )
    assert replicas[0].situation == "DataParallel replicas" and "device=x.device" in replicas[0].fix
    # a CPU / GPU mismatch keeps the one-device fix, and "before compiling" is for torch_tensorrt texts only
    cpu = explain(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0!"
    )
    assert cpu[0].key == "device-mismatch" and cpu[0].situation is None and "before compiling" not in cpu[0].fix
    trt = explain(
        "import torch_tensorrt\nRuntimeError: Expected all tensors to be on the same device, but found at "
        "least two devices, cpu and cuda:0!"
    )
    assert trt[0].situation == "torch_tensorrt" and "before compiling" in trt[0].fix


def test_tactic_memory_lines_of_a_build_that_went_on_are_the_builders_notice() -> None:
    went_on = explain(_TACTIC_OOM + "[08/31/2026-07:27:50] [TRT] [I] Engine generation completed in 66.1 seconds.\n")
    assert went_on[0].key == "trt-tactic-memory" and went_on.outcome == "warnings-only"
    assert went_on.first_answer == "warnings-only"
    # the same lines, then the build fails or torch runs out: the out of memory is the failure
    failed = explain(_TACTIC_OOM + "[TRT] [E] 10: Could not find any implementation for node /model.0/conv/Conv.\n")
    assert failed.first_answer == "gpu-out-of-memory"
    torch_oom = explain(_TACTIC_OOM + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
    assert torch_oom.first_answer == "gpu-out-of-memory"
    # an execution context's OutOfMemory is no tactic
    context = explain(
        "[E] [TRT] 2: [executionContext.cpp::ExecutionContext::470] Error Code 2: OutOfMemory (no further information)"
    )
    assert context.first_answer == "gpu-out-of-memory"


def test_implicit_batch_enqueue_on_an_explicit_batch_engine() -> None:
    # TensorRT 7/8's parameter check of enqueue(batchSize) / execute(batchSize) (engine.cpp / executionContext.cpp)
    found = explain(
        "[TensorRT] ERROR: Parameter check failed at: engine.cpp::enqueue::445, condition: batchSize > 0 && "
        "batchSize <= mEngine.getMaxBatchSize(). Note: Batch size was: 10, but engine max batch size was: 1"
    )
    assert found[0].key == "trt-api-usage-error"
    assert "execute_v2" in found[0].fix and "implicit-batch" in found[0].fix
    unset = explain(
        "[TensorRT] ERROR: Parameter check failed at: engine.cpp::resolveSlots::1228, condition: "
        "allInputDimensionsSpecified(routine)"
    )
    assert unset[0].situation == "input shapes not set before execution" and "set_input_shape" in unset[0].fix
    # another parameter check keeps the general fix
    other = explain("Error Code 3: API Usage Error (Parameter check failed, condition: mOptimizationProfile >= 0)")
    assert other[0].key == "trt-api-usage-error" and "implicit-batch" not in other[0].fix


def test_torch_cuda_on_a_cpu_only_build_in_its_other_wordings() -> None:
    event = explain(
        '  File "D:\\benchmark\\run.py", line 229, in profile_one_step\n    start_event = '
        "torch.cuda.Event(enable_timing=True)\n"
        '  File "C:\\Python310\\lib\\site-packages\\torch\\cuda\\streams.py", line 164, in __new__\n'
        "    return super(Event, cls).__new__(\nTypeError: object.__new__() takes exactly one argument (the type to "
        "instantiate)"
    )
    assert event.first_answer == "torch-cpu-build" and "is_available" in event[0].fix
    attr = explain("AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'")
    assert attr.first_answer == "torch-cpu-build"
    assert explain("AttributeError: module 'torch._C' has no attribute '_CudaDeviceProperties'").first_answer == (
        "torch-cpu-build"
    )
    # the same TypeError from another class, and another torch._C attribute, are not a CPU build
    assert explain("TypeError: object.__new__() takes exactly one argument (the type to instantiate)").first_answer != (
        "torch-cpu-build"
    )
    assert explain("AttributeError: module 'torch._C' has no attribute '_jit_pass_inline'").first_answer != (
        "torch-cpu-build"
    )


def test_a_serving_systems_gpu_requested_without_cuda() -> None:
    # RedisAI's torch backend (fetched by get_deps.sh for CPU) refusing a GPU model
    found = explain(
        "redis.exceptions.ResponseError: GPU requested but CUDA not available\n"
        "1:M 23 Jul 2019 07:57:51.348 * Module 'ai' loaded from /usr/lib/redis/modules/redisai.so"
    )
    assert found.first_answer == "torch-cpu-build" and found[0].situation == "RedisAI"
    assert "get_deps.sh gpu" in found[0].fix
    assert explain("GPU requested for the next job").first_answer != "torch-cpu-build"


def test_the_users_own_cuda_assert_is_cuda_unavailable() -> None:
    jetson = explain("Jetson Orin NX, JetPack 6.2\nAssertionError: cuda device is not avaliable.")
    assert jetson.first_answer == "cuda-unavailable" and jetson[0].situation == "Jetson"
    plain = explain("    assert torch.cuda.is_available()\nAssertionError")
    assert plain.first_answer == "cuda-unavailable" and "nvidia-smi" in plain[0].fix
    assert explain("RuntimeError: CUDA is not available").first_answer == "cuda-unavailable"
    # a sentence about a GPU that is no error
    assert explain("The GPU page is not available in this docs build").first_answer != "cuda-unavailable"


def test_memory_that_grows_where_the_text_names_the_leak() -> None:
    leak = explain(
        "torch.cuda.OutOfMemoryError: CUDA out of memory\n> UserWarning: Leaking dict_keys([17]) in the image feature "
        "store\n>   warnings.warn(f'Leaking {self._store.keys()} in the image feature store')"
    )
    assert leak.first_answer == "gpu-out-of-memory" and "grows" in leak[0].fix and "store" in leak[0].fix
    plain = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert plain.first_answer == "gpu-out-of-memory" and "Leaking" not in plain[0].fix


def test_illegal_address_in_a_native_librarys_kernels() -> None:
    # darknet's check_error (src/cuda.c) after the ZED SDK's sl::Mat copy
    found = explain(
        "in sl::ERROR_CODE sl::Mat::setFrom(const sl::Mat&, sl::COPY_TYPE, cudaStream_t) : cuda error [77]: an "
        "illegal memory access was encountered.\nCUDA Error: an illegal memory access was encountered\n"
        "python3: ./src/cuda.c:36: check_error: Assertion `0' failed."
    )
    assert found.first_answer == "illegal-memory-access" and "compute_XX" in found[0].fix
    plain = explain("RuntimeError: CUDA error: an illegal memory access was encountered")
    assert plain.first_answer == "illegal-memory-access" and "darknet" not in plain[0].fix


def test_inputs_on_another_device_in_torch_tensorrt_and_dataparallel_wording() -> None:
    # torch_tensorrt's runtime check (core/runtime/execute_engine.cpp) and DataParallel's (data_parallel.py)
    compiled = explain(
        "RuntimeError: [Error thrown at core/runtime/execute_engine.cpp:63] Expected inputs[i].is_cuda() to be true "
        "but got false\nExpected input tensors to have device cuda, found device cpu"
    )
    assert compiled[0].key == "device-mismatch" and compiled[0].situation == "a compiled module given CPU inputs"
    wrapped = explain(
        "RuntimeError: module must have its parameters and buffers on device cuda:0 (device_ids[0]) but found one of "
        "them on device: cuda:1"
    )
    assert wrapped[0].key == "device-mismatch" and wrapped[0].situation == "DataParallel replicas"
    # the dtype check beside it is another family
    assert explain("Expected input tensors to have type Half, found type float")[0].key != "device-mismatch"


def test_enqueue_v3_without_a_tensor_address() -> None:
    found = explain(
        "[TRT] [E] 3: [executionContext.cpp::enqueueV3::2666] Error Code 3: API Usage Error (Parameter check failed "
        "at: runtime/api/executionContext.cpp::enqueueV3::2666, condition: mContext.profileObliviousBindings.at("
        "profileObliviousIndex) || getPtrOrNull(mOutputAllocators, profileObliviousIndex)"
    )
    assert found[0].key == "trt-api-usage-error" and "set_tensor_address" in found[0].fix


def test_darknets_own_cuda_checks_name_its_makefile() -> None:
    # darknet's check_error (src/dark_cuda.c, src/cuda.c) prints "CUDA Error: ..." like cpm_kernels does
    no_image = explain(
        "CUDA Error: no kernel image is available for execution on the device\n"
        "python3: ./src/cuda.c:36: check_error: Assertion `0' failed."
    )
    assert no_image[0].situation == "darknet" and "ARCH=" in no_image[0].fix
    function = explain(
        "CUDA status Error: file: ./src/dark_cuda.c : () : line: 39 : build time: Jan 21 2020 - 12:00:00\n\n"
        " CUDA Error: invalid device function"
    )
    assert function.first_answer == "torch-invalid-device-function" and function[0].situation == "darknet"
    # cpm_kernels' same wording without darknet keeps its own fix
    assert (
        explain("RuntimeError: CUDA Error: no kernel image is available for execution on the device")[0].situation
        != "darknet"
    )
