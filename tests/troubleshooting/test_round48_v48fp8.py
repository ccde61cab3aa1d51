"""`explain`, round forty-eight (issue 36): FP8 and low-precision GEMMs. An FP8 GEMM that cuBLASLt refuses on a GPU
that has FP8 (torch._scaled_mm's shape and layout checks, Transformer Engine's cuBLASLt GEMM) is told apart from a GPU
without FP8; torch._scaled_mm's scale checks point at float32 scales; an application's own FP8 refusal on an older
GPU is the no-FP8 family; an FP8 fast path that falls back to a dequantized matmul is a notice; a float8 op in a
diffusion app points at its weight dtype setting; a native program's cuBLAS status by number is cuBLAS's, not
bitsandbytes'; an illegal instruction in a quantized-kernel package or on Blackwell points at that package's build.
Near misses keep their other answers."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_fp8_gemm_forms_cublaslt_rejects() -> None:
    for text in (
        "RuntimeError: Expected trailing dimension of mat1 to be divisible by 16 but got mat1 shape: (32x72).",
        "RuntimeError: mat2 shape (72x256) must be divisible by 16",
        "RuntimeError: mat2 must be col_major, got stride (256, 1)",
    ):
        key, fix = first(text)
        assert key == "num-fp8-gemm-config-unsupported" and "multiple" in fix and "column-major" in fix, text
    # Transformer Engine's cuBLASLt GEMM, with or without its status
    for text in (
        "RuntimeError: /opt/te/transformer_engine/common/gemm/cublaslt_gemm.cu:301 in function cublas_gemm: "
        "cuBLAS Error: the requested functionality is not supported",
        '  File "model.py", line 40, in forward\n    y = self.proj(x)\nRuntimeError: /src/transformer_engine/common/'
        "gemm/cublaslt_gemm.cu:250 in function cublas_gemm: cuBLAS ...",
    ):
        key, fix = first(text)
        assert key == "num-fp8-gemm-config-unsupported" and "fp8_autocast(enabled=False)" in fix, text
    # near miss: the GPU without FP8 keeps its own family
    key, _ = first(
        "RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or 8.9"
    )
    assert key == "num-fp8-unsupported-gpu"


def test_cublaslt_not_supported_in_torch_says_the_fp8_gemm_forms() -> None:
    key, fix = first(
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasLtMatmul(ltHandle, "
        "computeDesc.descriptor(), &alpha_val, mat1_ptr, Adesc.descriptor(), ...)`"
    )
    assert key == "torch-cublas-not-supported" and "multiple of 16" in fix and "column-major" in fix
    # near miss: a plain cublasGemmEx in half precision keeps the generic fix
    key, fix = first(
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, m, n, "
        "k, &falpha, a, CUDA_R_16F, lda, b, CUDA_R_16F, ldb, &fbeta, c, CUDA_R_16F, ldc, CUDA_R_32F, "
        "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`"
    )
    assert key == "torch-cublas-not-supported" and "column-major" not in fix


def test_scaled_mm_scales_must_be_float32() -> None:
    for text in (
        "    out = torch._scaled_mm(x_fp8, w_fp8.t(), scale_a=sa, scale_b=sb)\nRuntimeError: scale_b must be a float "
        "scalar",
        "RuntimeError: Both scale_a and scale_b must be float (fp32) tensors.",
    ):
        key, fix = first(text)
        assert key == "num-scaled-mm-scale-dtype" and "float32" in fix, text


def test_fp8_fallback_is_a_notice() -> None:
    for text in (
        "KSampler\nFP8 _scaled_mm failed, falling back to dequantization: scale_a must be float scalar",
        "fp8 linear: _scaled_mm not supported on this shape, falling back to bf16 matmul",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only", (text, found.outcome)
        assert found[0].key == "num-fp8-fast-path-fallback", text
    # near miss: the same check raised, not caught, is a failure
    key, _ = first(
        "Traceback (most recent call last):\nRuntimeError: Both scale_a and scale_b must be float (fp32) tensors."
    )
    assert key == "num-scaled-mm-scale-dtype"


def test_an_applications_fp8_refusal_is_a_gpu_without_fp8() -> None:
    for text in (
        "[Loader] ERROR: FP8 checkpoints require compute capability 8.9 or newer; this GPU reports 7.5.",
        "ValueError: fp8 is not supported on this GPU (Tesla T4)",
    ):
        key, fix = first(text)
        assert key == "num-fp8-unsupported-gpu" and "bf16" in fix, text
    key, fix = first("ERROR: FP8 weights require a GPU with compute capability 8.9. Please select a non-FP8 model.")
    assert key == "num-fp8-unsupported-gpu" and "variant" in fix
    # near miss: an FP8 wording with no compute capability is not this family
    assert "num-fp8-unsupported-gpu" not in keys("FP8 quantization requires calibration data; none was given")


def test_float8_op_in_a_diffusion_app_is_its_weight_dtype() -> None:
    text = (
        "model weight dtype torch.float8_e4m3fn, manual cast: torch.bfloat16\nRequested to load SDXL\n"
        "ERROR lora unet.down_blocks.1.attn.to_q.weight \"addmm_cuda\" not implemented for 'Float8_e4m3fn'"
    )
    key, fix = first(text)
    assert key == "num-cuda-op-no-dtype-kernel" and "weight dtype" in fix and "LoRA" in fix
    # near miss: bfloat16 in the same app keeps the app's precision fix; a script's own float8 op the generic one
    key, fix = first(
        'File "ComfyUI/custom_nodes/x/nodes.py", line 9\nRuntimeError: "erfinv_cuda" not implemented for \'BFloat16\''
    )
    assert key == "num-cuda-op-no-dtype-kernel" and "LoRA" not in fix
    key, fix = first("RuntimeError: \"mul_cuda\" not implemented for 'Float8_e4m3fn'")
    assert key == "num-cuda-op-no-dtype-kernel" and "LoRA" not in fix


def test_native_cublas_status_is_not_bitsandbytes() -> None:
    for text in (
        "cuBLAS API failed with status 15\nterminate called after throwing an instance of 'std::logic_error'\n"
        "  what():  cuBLAS API failed",
        "RuntimeError: cuBLAS error at /home/u/proj/csrc/fp8_gemm.cu:88 code=15",
    ):
        key, fix = first(text)
        assert key == "torch-cublas-not-supported" and "CUBLASLT_LOG" in fix and "ldd" in fix, text
    # near miss: the same status with bitsandbytes in the text stays bitsandbytes'
    key, _ = first(
        '  File "/site-packages/bitsandbytes/functional.py", line 1400, in igemmlt\ncuBLAS API failed with '
        "status 15\nerror detectected"
    )
    assert key == "bnb-cublaslt-int8"
    # a cuBLAS code that is not NOT_SUPPORTED is no match of this family
    assert "torch-cublas-not-supported" not in keys("RuntimeError: cuBLAS error at gemm.cu:10 code=13")


def test_illegal_instruction_in_a_kernel_package_or_on_blackwell() -> None:
    for text in (
        '  File "/site-packages/marlin/__init__.py", line 60, in mul\nRuntimeError: CUDA error: an illegal '
        "instruction was encountered",
        "GPU: NVIDIA GeForce RTX 5080 (sm_120)\nRuntimeError: CUDA error: an illegal instruction was encountered",
    ):
        key, fix = first(text)
        assert key == "torch-gpu-fault" and "kernel package" in fix, text
    # near miss: the bare line keeps the generic fault fix
    key, fix = first("RuntimeError: CUDA error: an illegal instruction was encountered")
    assert key == "torch-gpu-fault" and "kernel package" not in fix
