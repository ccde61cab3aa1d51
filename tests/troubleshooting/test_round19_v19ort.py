"""`explain`, round nineteen (issue 36), onnxruntime's and serving tools' other wordings of classes the table has:
onnxruntime's allocator messages (one cut before its size), its provider bridge's Windows wording, a GPU-optimised
graph on the CPU provider, the C# API's DefaultLogger exception (the provider-fallback row), a Jetson build linked to
another TensorRT; CTranslate2's compute-type check retold, Ollama's cudart init failure 100 and vLLM's KV-cache
shortfall in users' words. Each text is the library's own wording (cited in the families' ``example_source``); near
misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_onnxruntime_provider_wordings() -> None:
    # core/framework/bfc_arena.cc, the message cut before its size (an app's dialog)
    oom = answer("Failed to allocate memory for requested buffer of size", "ort-cuda-out-of-memory")
    assert "gpu_mem_limit" in oom.fix
    assert "ort-cuda-out-of-memory" not in _keys("Failed to allocate memory for requested buffers of sizes")
    # core/session/provider_bridge_ort.cc (ProviderSharedLibrary::Ensure) on Windows, then the pybind start-up line
    bridge = (
        "2023-04-03 11:29:55.0674790 [E:onnxruntime:Default, provider_bridge_ort.cc:901 onnxruntime::"
        "ProviderSharedLibrary::Ensure] Failed to load library, error code: 126\n"
        "2023-04-03 11:29:55.0675858 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:1624 onnxruntime::python::"
        "pybind11_init_onnxruntime_pybind11_state] Init provider bridge failed."
    )
    fix = answer(bridge, "ort-provider-fallback").fix
    assert "CUDA 11" in fix and "PATH" in fix
    assert answer("Init provider bridge failed.", "ort-provider-fallback")
    assert "ort-provider-fallback" not in _keys("ProviderSharedLibrary::Ensure loaded the library")
    # a graph optimised for the CUDA provider, loaded by a CPU-only session (optimum without a provider)
    memcpy = (
        "onnxruntime.capi.onnxruntime_pybind11_state.NotImplemented: [ONNXRuntimeError] : 9 : NOT_IMPLEMENTED : "
        "Failed to find kernel for MemcpyFromHost(1) (node:'Memcpy' ep:'CPUExecutionProvider'). Kernel not found"
    )
    fix = answer(memcpy, "ort-memcpy-kernel-on-cpu").fix
    assert "CUDAExecutionProvider" in fix
    fix = answer("from optimum.onnxruntime import ORTModelForFeatureExtraction\n" + memcpy, "ort-memcpy-kernel-on-cpu")
    assert "provider='CUDAExecutionProvider'" in fix.fix
    assert "ort-memcpy-kernel-on-cpu" not in _keys(memcpy.replace("CPUExecutionProvider", "CUDAExecutionProvider"))
    # the C# API's LoggingManager::DefaultLogger, what is left of a CUDA provider that did not load
    logger = (
        "[ErrorCode:RuntimeException] D:\\a\\_work\\1\\s\\include\\onnxruntime\\core/common/logging/logging.h:313 "
        "onnxruntime::logging::LoggingManager::DefaultLogger Attempt to use DefaultLogger but none has been registered."
    )
    found = answer(logger, "ort-provider-fallback")
    assert "cuDNN" in found.fix and "OrtEnv" in found.fix
    assert "ort-provider-fallback" not in _keys("Registered the DefaultLogger before the session.")


def test_onnxruntime_build_for_another_tensorrt() -> None:
    # older onnxruntime/capi/_pybind_state.py on a Jetson: the module is linked to TensorRT 5, the JetPack has 6
    jetson = (
        "/usr/local/lib/python3.6/dist-packages/onnxruntime/capi/_pybind_state.py:13: UserWarning: Cannot load "
        "onnxruntime.capi. Error: 'libnvinfer.so.5: cannot open shared object file: No such file or directory'\n"
        "ImportError: cannot import name 'RunOptions'"
    )
    fix = answer(jetson, "ort-tensorrt-libs-missing").fix
    assert "JetPack" in fix and "tensorrt==" not in fix
    other = "UserWarning: Cannot load onnxruntime.capi. Error: 'libcudnn.so.8: cannot open shared object file'"
    assert "ort-tensorrt-libs-missing" not in _keys(other)


def test_serving_tools_in_other_words() -> None:
    # CTranslate2 src/utils.cc (the compute-type check), retold without its start
    ct2 = (
        "target device does not support efficient float16 computation\n"
        "ct2 supported compute types (cuda): {'int8_float32', 'int8', 'float32'}"
    )
    assert "get_supported_compute_types" in answer(ct2, "serve-ct2-compute-type").fix
    assert "serve-ct2-compute-type" not in _keys("the target device supports efficient float16 computation")
    # Ollama's older discover/gpu.go: cudart loads, cudaInit finds no device (100 = cudaErrorNoDevice)
    ollama = (
        'time=2024-04-15T15:48:38.325Z level=INFO source=gpu.go:340 msg="Unable to load cudart CUDA management '
        'library /tmp/ollama913939083/runners/cuda_v11/libcudart.so.11.0: cudart init failure: 100"'
    )
    fix = answer(ollama, "cpu-ollama-no-gpu").fix
    assert "Container Toolkit" in fix and "nvidia-smi" in fix
    assert "cpu-ollama-no-gpu" not in _keys(ollama.replace("failure: 100", "failure: 35"))
    # vLLM's KV-cache check in a user's words, with vLLM's CUDA-graph-profiling line
    vllm = (
        "vllm/qwen-a3b (TP=1) OOMs at the KV-cache check on stock vLLM v0.22.0: only 0.07 GiB left for KV at "
        'mem_util=0.92.\nvLLM: "--gpu-memory-utilization=0.95 is equivalent to 0.9325 without CUDA graph profiling."'
    )
    fix = answer(vllm, "serve-vllm-kv-cache").fix
    assert "--gpu-memory-utilization" in fix and "CUDA-graph" in fix
    notice = 'vLLM: "--gpu-memory-utilization=0.95 is equivalent to 0.9325 without CUDA graph profiling."'
    assert "serve-vllm-kv-cache" not in _keys(notice)


def test_onnxruntime_out_of_memory_other_wordings() -> None:
    # core/framework/bfc_arena.cc's other refusal, and core/providers/cuda/cuda_call.cc's log line for cudaMalloc
    arena = (
        "Non-zero status code returned while running MatMul node. Name:'MatMul_1' Status Message: /onnxruntime_src/"
        "onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, "
        "onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Available memory of 0 is smaller than "
        "requested bytes of 1073741824"
    )
    assert "gpu_mem_limit" in answer(arena, "ort-cuda-out-of-memory").fix
    call = (
        "[E:onnxruntime:Default, cuda_call.cc:116 CudaCall] CUDA failure 2: out of memory ; GPU=0 ; hostname=x ; "
        "file=/onnxruntime_src/onnxruntime/core/providers/cuda/cuda_allocator.cc ; line=47 ; expr=cudaMalloc"
    )
    assert "ort-cuda-out-of-memory" in _keys(call)
    assert "ort-cuda-out-of-memory" not in _keys("Available memory of 2 GiB is enough for requested bytes")
