"""`explain`, round eleven, model compilers and LLM / serving stacks (issue 36): Apache TVM's codegen, nvcc and
argument checks; vLLM's configuration refusals and its engine process; text-generation-inference's shards and
flash-attention kernels; llama.cpp / ollama's GPU discovery, kernels and model architectures; TensorRT-LLM, Triton
and DeepStream engines built on another GPU or CUDA. Each wording is the library's own (the file named beside it),
with near misses that must not match, and the fix must be worded for the product the text shows."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


# apache/tvm src/target/codegen.cc: ICHECK(bf != nullptr) << build_f_name << " is not enabled"
def test_tvm_target_not_enabled() -> None:
    for kind in ("llvm", "cuda"):
        text = f"TVMError: Check failed: (bf != nullptr) is false: target.build.{kind} is not enabled"
        key, fix = first(text)
        assert key == "tvm-target-not-enabled" and "USE_CUDA" in fix and "config.cmake" in fix
        assert explain(text)[0].op == kind
    # near miss: another library's feature that is not enabled
    assert "tvm-target-not-enabled" not in keys("WebRTC service is not enabled")


# apache/tvm python/tvm/contrib/nvcc.py: find_cuda_path's RuntimeError and compile_cuda's "\nCompilation error:\n"
def test_tvm_nvcc_and_its_compile_errors() -> None:
    path = (
        '  File "/usr/lib/python3/site-packages/tvm/contrib/nvcc.py", line 196, in find_cuda_path\n'
        '    raise RuntimeError("Cannot find cuda path")\nRuntimeError: Cannot find cuda path'
    )
    key, fix = first(path)
    assert key == "tvm-cuda-path-missing" and "PATH=/usr/local/cuda/bin" in fix
    head = (
        '  File "/tvm/python/tvm/contrib/nvcc.py", line 120, in compile_cuda\n    raise RuntimeError(msg)\n'
        'RuntimeError: extern "C" __global__ void default_function_kernel(half* __restrict__ A) {\n}\n'
        "Compilation error:\n"
    )
    found = explain(head + '/tmp/tmpx/my_kernel.cu(12): error: identifier "__hmax" is undefined')
    assert found[0].key == "tvm-nvcc-compile-failed" and "-arch=sm_XY" in found[0].fix
    # nvcc's own arch error, after TVM's header, is the more specific answer
    assert keys(head + "nvcc fatal   : Unsupported gpu architecture 'compute_90'")[0] == "build-nvcc-arch-unsupported"
    # near misses: "Compilation error:" from a text that shows no TVM, a path search of another kind
    assert "tvm-nvcc-compile-failed" not in keys("Compilation error:\nsyntax error near line 3")
    assert "tvm-cuda-path-missing" not in keys("Cannot find cuda path")


# apache/tvm src/tir/transforms/arg_binder.cc: "Argument X has an unsatisfied constraint", "X.dtype is expected to be"
def test_tvm_argument_constraints() -> None:
    device = (
        'TVMError: Assert fail: T.tvm_struct_get(var_A, 0, 10, "int32") == 2, Argument default_function.A.device_type '
        'has an unsatisfied constraint: 2 == T.tvm_struct_get(var_A, 0, 10, "int32")'
    )
    key, fix = first(device)
    assert key == "device-mismatch" and "tvm.nd.array(x, device=dev)" in fix
    old = 'ValueError: arg.device_type has an unsatisfied constraint: 2 == T.tvm_struct_get(arg, 0, 10, "int32")'
    assert first(old)[0] == "device-mismatch"
    shape = (
        'RuntimeError: Assert fail: T.Cast("int32", fused_rope_ext_factors_handle_shape[0]) == 48, Argument '
        'fused_rope.ext_factors_handle.shape[0] has an unsatisfied constraint: 48 == T.Cast("int32", x_shape[0])'
    )
    key, fix = first(shape)
    assert key == "tvm-argument-constraint" and "symbolic" in fix
    dtype = "TVMError: Assert fail: (tvm_struct_get(arg0, 0, 5) == (uint8)0), arg0.dtype is expected to be int8"
    assert first(dtype)[0] == "tvm-argument-constraint"
    # near miss: OSGi's resolver has unsatisfied constraints too, of no array
    assert keys("In this case Bundle Y has an unsatisfied constraint leaf on Bundle Z.") == []


# apache/tvm src/relay/transforms/device_planner.cc, include/tvm/ir/op.h (OpAttrMap's "has not been registered")
def test_tvm_device_planning_and_ops_without_compute() -> None:
    plan = (
        "[Heterogeneous Execution] Check failed: Function parameters and result VirtualDevices do not match those "
        "of call. Call:\nfree_var %x: Tensor[(10), float32];"
    )
    key, fix = first(plan)
    assert key == "tvm-device-planning" and "relay.fallback_device_type" in fix
    on_device = (
        "Attribute FTVMCompute has not been registered for Operator on_device\nTraceback (most recent call last):\n"
        '  File "bert_tvm.py", line 83, in get_tvm_runtime\n    graph, lib, params = relay.build(sym, target=target)'
    )
    assert first(on_device)[0] == "tvm-device-planning"
    grad = "Check failed: Attribute FTVMCompute has not been registered for Operator _conv2d_grad"
    key, fix = first(grad)
    assert key == "tvm-op-no-compute" and "register_compute" in fix
    assert explain(grad)[0].op == "_conv2d_grad"
    # near miss: a registry check of another attribute kind in another framework (RAF's FRAFDeclare)
    assert "tvm-op-no-compute" not in keys("Attribute FRAFDeclare has not been registered for Operator raf.op.softmax")


# vllm/config.py (_verify_quantization, verify_with_parallel_config, _get_and_verify_max_len),
# vllm/model_executor/model_loader/utils.py (capability check), vllm/executor/ray_utils.py
def test_llm_server_config_refusals() -> None:
    unknown = "ValueError: Unknown quantization method: awq_marlin2. Must be one of ['aqlm', 'awq', 'fp8']."
    key, fix = first(unknown)
    assert key == "serve-llm-quantization-unsupported" and "upgrade vLLM" in fix
    assert explain(unknown)[0].op == "awq_marlin2"
    old_gpu = (
        "ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: 75. "
        "Current capability: 70."
    )
    assert first(old_gpu)[0] == "serve-llm-quantization-unsupported"
    heads = "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3)."
    key, fix = first(heads)
    assert key == "serve-llm-parallel-size" and "num_attention_heads" in fix
    gpus = "ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group."
    key, fix = first(gpus)
    assert key == "serve-llm-parallel-size" and "RAY_ADDRESS" in fix and "nvidia-smi -L" in fix
    length = (
        "ValueError: User-specified max_model_len (131072) is greater than the derived max_model_len "
        "(max_position_embeddings=32768 or model_max_length=None in model's config.json)."
    )
    key, fix = first(length)
    assert key == "serve-llm-max-model-len" and "VLLM_ALLOW_LONG_MAX_MODEL_LEN" in fix
    # vllm/config.py DeviceConfig (no platform)
    platform = (
        '  File "/venv/lib/python3.10/site-packages/vllm/config.py", line 1660, in __init__\n    raise '
        'RuntimeError("Failed to infer device type")\nRuntimeError: Failed to infer device type'
    )
    key, fix = first(platform)
    assert key == "cpu-vllm-no-platform" and "--gpus all" in fix
    # TensorRT-LLM cpp/tensorrt_llm/runtime/worldConfig.cpp, both wordings
    for text in (
        "[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp (/src/tensorrt_llm/cpp/runtime/worldConfig.cpp:99)",
        "[TensorRT-LLM][ERROR] Assertion failed: MPI size 1 != TP size 2 * PP size 1",
    ):
        key, fix = first(text)
        assert key == "serve-trtllm-world-size" and "mpirun -n <tp*pp>" in fix
    # Triton's backends (onnxruntime_backend ValidateInputs)
    io = (
        "E0101 model_lifecycle.cc:621] failed to load 'onnx_model' version 1: Invalid argument: unable to load "
        "model 'onnx_model', configuration expects 2 inputs, model provides 1"
    )
    key, fix = first(io)
    assert key == "serve-triton-io-count" and "polygraphy inspect model" in fix
    # near misses: a quantizer script's own message, another library's divisibility assert
    assert "serve-llm-quantization-unsupported" not in keys("Unknown quantization method: foo. Use 'dynamic'.")
    assert "serve-llm-parallel-size" not in keys("The number of attention heads must be divisible by tensor parallel")
    assert "cpu-vllm-no-platform" not in keys("RuntimeError: Failed to infer device type in CameraCalibration.create")


# vllm/model_executor/models/registry.py, transformers' configuration_auto.py, llama.cpp src/llama-model.cpp
def test_unknown_model_architectures_per_runtime() -> None:
    vllm = "ValueError: Model architectures ['Qwen3ForCausalLM'] are not supported for now. Supported architectures: "
    key, fix = first(vllm + "dict_keys(['LlamaForCausalLM'])")
    assert key == "serve-llm-architecture-unknown" and "upgrade vLLM" in fix
    hf = (
        "ValueError: The checkpoint you are trying to load has model type `qwen3` but Transformers does not "
        "recognize this architecture. This could be because of an issue with the checkpoint, or because your "
        "version of Transformers is out of date."
    )
    key, fix = first(hf)
    assert key == "serve-llm-architecture-unknown" and "pip install -U transformers" in fix
    gguf = (
        "llama_model_load: error loading model: error loading model architecture: unknown model architecture: "
        "'qwen3'\nllama_load_model_from_file: failed to load model"
    )
    key, fix = first(gguf)
    assert key == "serve-llm-architecture-unknown" and "llama.cpp" in fix and "pip install -U transformers" not in fix
    assert explain(gguf)[0].op == "qwen3"
    # near miss: an application's own "Unknown model architecture: X" (a dispatcher), no GGUF quote
    assert "serve-llm-architecture-unknown" not in keys("ValueError: Unknown model architecture: Deblurring.MPRNet")


# vllm/entrypoints/openai/api_server.py; text-generation-inference launcher/src/main.rs and server.py;
# DeepStream gst-nvinfer gstnvinfer.cpp
def test_llm_server_start_failures_point_at_the_worker_error() -> None:
    vllm = "RuntimeError: Engine process failed to start. See stack trace for the root cause."
    key, fix = first("vllm serve Qwen/Qwen2.5-7B\n" + vllm)
    assert key == "serve-llm-start-failed" and "EngineCore" in fix
    tgi = "2024-01-01T00:00:00Z ERROR text_generation_launcher: Shard 0 failed to start\nError: ShardCannotStart"
    key, fix = first(tgi)
    assert key == "serve-llm-start-failed" and "--num-shard" in fix
    ds = (
        "ERROR from primary_gie: Failed to create NvDsInferContext instance\nDebug info: gstnvinfer.cpp(841): "
        "gst_nvinfer_start (): Config file path: config_infer_primary.txt, NvDsInfer Error: NVDSINFER_CONFIG_FAILED"
    )
    found = explain(ds)
    assert found[0].key == "serve-llm-start-failed" and "GST_DEBUG=3" in found[0].fix
    assert found[0].op == "NVDSINFER_CONFIG_FAILED"
    # the worker's own error above the launcher's line is the first answer
    root = (
        "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3).\n"
        "ERROR text_generation_launcher: Shard 0 failed to start"
    )
    assert keys(root)[0] == "serve-llm-parallel-size"
    # near miss: another program's engine that did not spawn
    assert "serve-llm-start-failed" not in keys("search engine process failed to start, using fallback scraping")


# text-generation-inference server/text_generation_server/utils/flash_attn.py; vllm/attention/selector.py
def test_tgi_flash_attention_and_vllm_backend_notice() -> None:
    tgi = (
        "ERROR text_generation_launcher: Error when initializing model\nImportError: Flash Attention V2 is not "
        "installed.\nUse the official Docker image (ghcr.io/huggingface/text-generation-inference:latest) or "
        "install flash attention v2 with `cd server && make install install-flash-attention-v2-cuda`"
    )
    key, fix = first(tgi)
    assert key == "serve-tgi-flash-attention" and "make install install-flash-attention-v2" in fix
    arch = "ImportError: GPU with CUDA capability 7 5 is not supported for Flash Attention V2"
    assert first(arch)[0] == "serve-tgi-flash-attention"
    notice = (
        "INFO 12-06 17:06:57 selector.py:261] Cannot use FlashAttention-2 backend for Volta and Turing GPUs.\n"
        "INFO 12-06 17:06:57 selector.py:144] Using XFormers backend."
    )
    found = explain(notice)
    assert found and found[0].key == "serve-vllm-attention-fallback" and found.outcome == "warnings-only"
    # a failure after the notice is the answer, not the notice
    failed = notice + "\nValueError: Unknown quantization method: foo. Must be one of ['awq']."
    assert keys(failed)[0] == "serve-llm-quantization-unsupported"


# ollama gpu/gpu.go (discover/gpu.go); llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu (CUDA_CHECK's "current device")
def test_llama_cpp_and_ollama_in_their_own_words() -> None:
    ollama = 'time=2024-10-15T09:18:18.299Z level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"'
    found = explain(ollama)
    assert found[0].key == "cpu-ollama-no-gpu" and found[0].severity == "warning"
    assert "OLLAMA_DEBUG=1" in found[0].fix
    arch = (
        "ggml_cuda_compute_forward: MUL_MAT failed\nCUDA error: no kernel image is available for execution on the "
        "device\n  current device: 0, in function ggml_cuda_compute_forward at ggml/src/ggml-cuda/ggml-cuda.cu:2326"
    )
    key, fix = first(arch)
    assert key == "gpu-arch-unsupported" and "-DCMAKE_CUDA_ARCHITECTURES=XY" in fix and "GGML_CUDA" in fix
    fault = (
        "CUDA error: an illegal memory access was encountered\n  current device: 0, in function "
        "ggml_backend_cuda_synchronize at ggml/src/ggml-cuda/ggml-cuda.cu:2446\n  cudaStreamSynchronize(stream)"
    )
    key, fix = first(fault)
    assert key == "illegal-memory-access" and "-ngl" in fix and "--enforce-eager" not in fix
    # vLLM's own illegal access keeps its fix
    vllm = "vllm.engine: RuntimeError: CUDA error: an illegal memory access was encountered"
    assert "--enforce-eager" in first(vllm)[1]
    # llama.cpp's GGUF loader (src/llama-model-loader.cpp)
    tensors = (
        "llama_model_load: error loading model: done_getting_tensors: wrong number of tensors; expected 255, got "
        "254\nllama_load_model_from_file: failed to load model"
    )
    key, fix = first(tensors)
    assert key == "serve-gguf-incompatible" and "convert_hf_to_gguf.py" in fix
    dims = (
        "llama_model_load: error loading model: check_tensor_dims: tensor 'token_embd.weight' has wrong shape; "
        "expected 4096, 32005, got 4096, 32000, 1, 1"
    )
    assert first(dims)[0] == "serve-gguf-incompatible" and explain(dims)[0].op == "token_embd.weight"
    cut = "tensor 'blk.35.ffn_up.weight' data is not within the file bounds, model is corrupted or incomplete"
    key, fix = first(cut)
    assert key == "serve-gguf-incompatible" and "sha256" in fix
    # ollama's runner (llm/server.go): the reason on its line outranks the runner's exit
    runner = (
        "Error: llama runner process has terminated: exit status 1: error loading model: unknown model "
        "architecture: 'mllama'"
    )
    assert keys(runner)[0] == "serve-llm-architecture-unknown"
    key, fix = first("Error: llama runner process has terminated: exit status 2")
    assert key == "serve-llm-start-failed" and "OLLAMA_DEBUG=1" in fix
    # near miss: ollama reporting the GPU it found
    assert "cpu-ollama-no-gpu" not in keys('msg="inference compute" id=GPU-1 library=cuda compute=8.6')


# TensorRT's own wordings, read by TensorRT-LLM, Triton and DeepStream (engine from another GPU), and Triton's
# cudaErrorUnsupportedPtxVersion
def test_engines_and_images_from_elsewhere_get_their_products_fix() -> None:
    trtllm = (
        "[TensorRT-LLM][ERROR] 6: The engine plan file is generated on an incompatible device, expecting compute 8.6 "
        "got compute 8.9, please rebuild."
    )
    key, fix = first(trtllm)
    assert key == "engine-built-elsewhere" and "trtllm-build" in fix
    ds = (
        "ERROR: [TRT]: 6: The engine plan file is generated on an incompatible device, expecting compute 8.7 got "
        "compute 7.2, please rebuild.\nERROR: ../nvdsinfer/nvdsinfer_model_builder.cpp:1494 Deserialize engine failed"
    )
    key, fix = first(ds)
    assert key == "engine-built-elsewhere" and "model-engine-file" in fix
    triton = (
        "E0101 model_lifecycle.cc:621] failed to load 'model' version 1: Internal: unable to create stream: the "
        "provided PTX was compiled with an unsupported toolchain."
    )
    key, fix = first(triton)
    assert key == "cuda-driver-insufficient" and "tritonserver <yy.mm> image" in fix
    # a bare TensorRT text keeps TensorRT's fix
    bare = "[TensorRT] ERROR: The engine plan file is generated on an incompatible device, expecting compute 6.1 got"
    assert "trtllm-build" not in first(bare)[1]


# Triton core model_repository_manager.cc ("failed to load all models"); TensorRT-LLM tllmRuntime.cpp; vLLM's pynccl
# wrapper (NCCL_CHECK) as vLLM's troubleshooting guide quotes it
def test_downstream_lines_of_servers_and_engines() -> None:
    summary = (
        "I0101 00:00:00.000 1 server.cc:307] Waiting for in-flight requests to complete.\nerror: creating server: "
        "Internal - failed to load all models"
    )
    found = explain(summary)
    assert found.outcome == "explained" and found[0].key == "serve-triton-load-all-failed"
    assert "--exit-on-error=false" in found[0].fix
    # the model's own reason above the summary is the first answer
    model = (
        "E0101 model_lifecycle.cc:621] failed to load 'onnx_model' version 1: Invalid argument: unable to load "
        "model 'onnx_model', configuration expects 2 inputs, model provides 1\n" + summary
    )
    assert keys(model)[0] == "serve-triton-io-count"
    trtllm = (
        "[TensorRT-LLM][ERROR] Assertion failed: Failed to deserialize cuda engine. "
        "(/tmp/tritonbuild/tensorrtllm/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmRuntime.cpp:72)"
    )
    found = explain(trtllm)
    assert found[0].key == "serve-engine-deserialize-failed" and found[0].confidence == "likely"
    assert "trtllm-build" in found[0].fix
    # TensorRT's own reason before it outranks it
    tag = (
        "[TensorRT-LLM][ERROR] 1: [stdArchiveReader.cpp::StdArchiveReader::32] Error Code 1: Serialization "
        "(Serialization assertion magicTagRead == kMAGIC_TAG failed.Magic tag does not match)\n" + trtllm
    )
    assert keys(tag)[0] == "engine-version-mismatch"
    nccl = (
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/distributed/device_communicators/pynccl_wrapper.py", '
        'line 256, in NCCL_CHECK\n    raise RuntimeError(f"NCCL error: {error_str}")\nRuntimeError: NCCL error: '
        "unhandled system error (run with NCCL_DEBUG=INFO for details)"
    )
    key, fix = first(nccl)
    assert key == "torch-nccl-error" and "IPC_LOCK" in fix and "--ipc=host" in fix
    # near misses: an app's own "Failed to load all models" (no tritonserver start-up), and "NCCL error:" with a
    # number from another wrapper, not one of NCCL's kinds
    assert "serve-triton-load-all-failed" not in keys('logger.error("Failed to load all models")')
    assert "torch-nccl-error" not in keys("RuntimeError: NCCL error: 5")
