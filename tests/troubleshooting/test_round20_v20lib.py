"""`explain`, round twenty (issue 36), libraries' own words for CUDA, cuBLAS, precision and memory failures: a
wrapper's "CUDA <op> failed: <CUDA's message>", cuBLAS statuses by number (Marian) and TensorFlow's GEMM launch line,
ggml's cuBLAS launch failure, torch's OOM text without its head, legacy tensor-type names in a dtype assertion
(MinkowskiEngine), tiny-cuda-nn without half precision, a quantization extension's kernel behind "invalid
configuration argument", ESPnet's and fairseq's skipped AMP steps, the web UI's NaN check with --no-half-vae already
on, and Triton's MLIR verifier on an int8 tl.dot. Each text is the library's own wording (cited in the families'
``example_source``); near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_a_librarys_own_cuda_op_failure() -> None:
    # comfy-kitchen 0.2.12's INT8 kernels on a Tesla T4 (Comfy-Org/comfy-kitchen#55)
    text = "RuntimeError: CUDA INT8 linear dequantization failed: invalid argument\n\nGPU: Tesla T4, SM75"
    key, fix = first(text)
    assert key == "lib-cuda-op-failed" and "NF4" in fix and "GGUF" in fix
    key, fix = first("RuntimeError: CUDA gather kernel failed: invalid argument")
    assert key == "lib-cuda-op-failed" and "compute_cap" in fix and "NF4" not in fix
    # near misses: no CUDA message after the wrapper's words, or a failure that is not CUDA's
    assert "lib-cuda-op-failed" not in keys("RuntimeError: CUDA INT8 quantization failed: shapes differ")
    assert "lib-cuda-op-failed" not in keys("ERROR: conversion failed: invalid argument")


def test_cublas_status_by_number_and_tensorflows_gemm_launch() -> None:
    marian = (
        "[2021-04-28 12:15:58] Error: Cublas Error: 13 - /marian/src/tensors/gpu/prod.cpp:330: "
        "cublasGemmBatchedTyped(cublasHandle, compute, opB, opA, n, m, k, &alpha, ...)\n"
        "[2021-04-28 12:15:58] Error: Aborted from void marian::gpu::ProdBatchedTyped(marian::Tensor ...)"
    )
    key, fix = first(marian)
    assert key == "cublas-failure-other-framework" and "EXECUTION_FAILED" in fix and "11.1" in fix
    tf = "Using TensorFlow backend.\nE tensorflow/stream_executor[...]\n[issue title: cuBLAS / 'SGEMM launch failed']"
    key, fix = first(tf)
    assert key == "cublas-failure-other-framework" and "11.1" in fix and "ALLOW_GROWTH" in fix
    assert first("InternalError: Blas GEMM launch failed : a.shape=(100, 784), b.shape=(784, 10)")[0] == (
        "cublas-failure-other-framework"
    )
    # near misses: an error count in a log, a launch that is no GEMM
    assert "cublas-failure-other-framework" not in keys("Cublas Error count: 13 (see log)")
    assert "cublas-failure-other-framework" not in keys("kernel launch failed: out of range")


def test_ggml_cublas_launch_failure_and_one_gpu_of_several() -> None:
    ggml = (
        "[ERROR] ggml_extend.hpp:72   - CUDA error: the function failed to launch on the GPU\n"
        "[ERROR] ggml_extend.hpp:72   -   current device: 0, in function ggml_cuda_op_mul_mat_cublas at "
        "stable-diffusion.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:1804\n"
        "[ERROR] ggml_extend.hpp:72   -   cublasSgemm_v2(ctx.cublas_handle(id), CUBLAS_OP_T, CUBLAS_OP_N, ...)"
    )
    key, fix = first(ggml)
    assert key == "ggml-cuda-error" and "MMQ" in fix and "one GPU" in fix and "CUDA_LAUNCH_BLOCKING" in fix
    # ggml's invalid argument keeps its pinned-memory fix
    key, fix = first("CUDA error 1 at ggml-cuda.cu:8332: invalid argument")
    assert key == "ggml-cuda-error" and "GGML_CUDA_NO_PINNED" in fix
    torch = "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling cublasSgemv(handle, op, m, n)"
    key, fix = first(torch)
    assert key == "torch-cublas-failure" and "CUDA_VISIBLE_DEVICES=1" in fix and "Xid" in fix


def test_torchs_oom_without_its_head() -> None:
    text = (
        "Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; 1.24 GiB already allocated; 2.88 MiB free; "
        "1.25 GiB reserved in total by PyTorch)"
    )
    assert first(text)[0] == "gpu-out-of-memory"
    # near miss: a host allocator's words without a GPU's capacity
    assert "gpu-out-of-memory" not in keys("DefaultCPUAllocator: Tried to allocate 20.00 MiB on the host")


def test_a_dtype_assertion_in_a_librarys_words() -> None:
    text = (
        '    f"Type mismatch input: {input_features.type()} != kernel: {kernel.type()}"\n'
        "AssertionError: Type mismatch input: torch.cuda.FloatTensor != kernel: torch.cuda.HalfTensor"
    )
    key, fix = first(text)
    assert key == "lib-dtype-mismatch" and "float32" in fix and "MinkowskiEngine" in fix
    # near miss: the same types, equal
    assert "lib-dtype-mismatch" not in keys("input: torch.cuda.FloatTensor == kernel: torch.cuda.FloatTensor")


def test_tiny_cuda_nn_without_half_precision() -> None:
    text = "RuntimeError: TCNN was not compiled with half-precision support.\n\nCUDA Version: 11.7\nNVIDIA TITAN Xp"
    key, fix = first(text)
    assert key == "tcnn-no-half-precision" and "single" in fix
    key, fix = first("nesvor reconstruct ...\n" + text)
    assert "--single-precision" in fix
    assert "tcnn-no-half-precision" not in keys("TCNN was compiled with half-precision support")


def test_a_quantization_extensions_kernel_in_the_traceback() -> None:
    text = (
        '  File "/home/u/quanto/optimum/quanto/tensor/qtensor_func.py", line 130, in forward\n'
        "    output = output + bias\nRuntimeError: CUDA error: invalid configuration argument\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."
    )
    key, fix = first(text)
    assert key == "cuda-invalid-configuration" and "exclude" in fix and "qint8" in fix
    # without the extension, torch's own fix stays
    key, fix = first("RuntimeError: CUDA error: invalid configuration argument")
    assert key == "cuda-invalid-configuration" and "qint8" not in fix


def test_skipped_amp_steps_in_espnets_and_fairseqs_words() -> None:
    for text in (
        "WARNING: The grad norm is nan. Skipping updating the model",
        "2021-01-01 | WARNING | fairseq.trainer | AMP: overflow detected, setting scale to: 64.0",
        "| WARNING: overflow detected, setting loss scale to: 32.0",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only" and found[0].key == "num-loss-scale-overflow-notice", text
    assert "bfloat16" in first("WARNING: The grad norm is nan. Skipping updating the model")[1]
    assert "num-loss-scale-overflow-notice" not in keys("The grad norm is 3.5. Updating the model")


def test_web_ui_nans_with_no_half_vae_already_on() -> None:
    given = (
        "NansException: A tensor with all NaNs was produced in VAE (without --no-half)\n\n"
        "Command Line Arguments: --theme dark --xformers --no-half-vae --api --listen"
    )
    key, fix = first(given)
    assert key == "app-sd-webui-nans" and "`--no-half`" in fix and "already on" in fix
    animatediff = "*** Error running postprocess: extensions/sd-webui-animatediff/scripts/animatediff.py\n" + (
        "NansException: A tensor with all NaNs was produced in VAE."
    )
    key, fix = first(animatediff)
    assert key == "app-sd-webui-nans" and "context batch size" in fix
    # the message's own advice to add --no-half-vae is not the user having added it
    plain = (
        "NansException: A tensor with all NaNs was produced in VAE. This could be because there's not enough "
        "precision to represent the picture. Try adding --no-half-vae commandline argument to fix this."
    )
    key, fix = first(plain)
    assert key == "app-sd-webui-nans" and fix.startswith("The VAE overflowed")


def test_triton_mlir_error_on_an_int8_dot() -> None:
    text = (
        "/kaggle/working/comfyui/custom_nodes/ComfyUI-INT8-Fast/int8_fused_kernel.py:298:33: error: 'arith.extf' "
        "op operand #0 must be floating-point-like, but got 'tensor<128x64xi8, #ttg.dot_op<{opIdx = 0}>>'\n"
        "        accumulator += tl.dot(a, b)"
    )
    key, fix = first(text)
    assert key == "kern-triton-compile-failed" and "8.0" in fix and "GGUF" in fix
    other = "kernel.py:12:5: error: 'tt.load' op operand #0 must be ptr, but got 'f32'"
    key, fix = first(other)
    assert key == "kern-triton-compile-failed" and "8.0+ (Ampere)" not in fix
    # near miss: a C compiler's error line is no MLIR op
    assert "kern-triton-compile-failed" not in keys("setup.py:12:5: error: expected ';' before 'return'")


def test_cuda_invalid_argument_in_any_words() -> None:
    for text in (
        "RuntimeError: CUDA error: invalid argument\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side asserts.",
        "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=405 error=11 : invalid argument",
    ):
        key, fix = first(text)
        assert key == "cuda-invalid-value", text
        assert "CUDA_LAUNCH_BLOCKING" in fix or "CUDA 10+" in fix, text
    # the rows that read the failing call keep it: ggml's check, Triton's launcher, a copy into a buffer
    assert first("CUDA error 1 at ggml-cuda.cu:8332: invalid argument")[0] == "ggml-cuda-error"
    assert first("RuntimeError: Triton Error [CUDA]: invalid argument")[0] != "cuda-invalid-value"
    # near miss: Python's own invalid argument
    assert "cuda-invalid-value" not in keys("OSError: [Errno 22] Invalid argument: 'C:\\\\model.ckpt'")


def test_bitsandbytes_int8_matmul_refused() -> None:
    for text in (
        "cuBLAS API failed with status 15\nerror detectected at line 1234",
        '  File "/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl\n'
        "Exception: cublasLt ran into an error!",
    ):
        key, fix = first(text)
        assert key == "bnb-cublaslt-int8" and "load_in_4bit" in fix, text
    assert "bnb-cublaslt-int8" not in keys("cublasLt ran into no error")


def test_tensorflow_no_algorithm_worked() -> None:
    key, fix = first("tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked! [Op:Conv2D]")
    assert key == "tf-no-algorithm-worked" and "set_memory_growth" in fix
    assert "tf-no-algorithm-worked" not in keys("No algorithm was selected; using the default")


def test_cublas_statuses_by_number() -> None:
    key, fix = first("CUBLAS error 13 at line 112 in file src/blas.cu")
    assert key == "cublas-failure-other-framework"
    assert "cublas-failure-other-framework" not in keys("cuBLAS status 13% of kernels")


def test_memory_efficient_attention_without_a_kernel() -> None:
    key, fix = first("RuntimeError: cutlassF: no kernel found to launch!")
    assert key == "kern-mem-efficient-no-kernel" and "float16" in fix and "enable_mem_efficient_sdp" in fix
    assert "kern-mem-efficient-no-kernel" not in keys("cutlass kernel found, launching")


def test_a_dtype_assertion_in_todays_dtype_names() -> None:
    key, fix = first("AssertionError: expected input of dtype torch.float16, got torch.float32")
    assert key == "lib-dtype-mismatch" and "one dtype" in fix
    assert "lib-dtype-mismatch" not in keys("dtype check passed: torch.float16 and torch.float16 agree")
