"""`explain`, round twelve, dtypes, mixed precision and numerics on the GPU in each product's words (issue 36):
GradScaler refusing float16 weights (torch, transformers' Trainer, Lightning), fp16 mixed precision without CUDA
(accelerate, transformers), numbers that overflow half precision, scaled_dot_product_attention without a kernel,
FP8 on GPUs without it (torch._scaled_mm, Transformer Engine, vLLM's weight-only notice), two dtypes in one op in
TensorFlow's and JAX's words, float64 from NumPy, in-place results of another dtype, CUDA ops without a bfloat16
kernel, bfloat16 handed to NumPy, bitsandbytes re-quantizing packed weights, and the notices that are no failure
(TF32 left off, TensorFlow's mixed precision check, JAX's float64 truncation, bitsandbytes' compute dtype, TensorRT's
FP16 weight conversion). Every wording is the library's own (its source file is named beside each, and in the
families' ``example_source``), with near misses that must not match."""

from __future__ import annotations

import pytest
from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

# (case, the library's own wording, the family, a word of that product's own remedy the fix must name)
_TRAINING = (
    # torch torch/amp/grad_scaler.py (GradScaler._unscale_grads_, allow_fp16=False)
    (
        "torch-gradscaler",
        '  File "train.py", line 80, in step\n    scaler.unscale_(optimizer)\n'
        "ValueError: Attempting to unscale FP16 gradients.",
        "num-amp-unscale-fp16",
        "autocast",
    ),
    # the same raise reached through transformers' Trainer with fp16=True and a PEFT adapter
    (
        "transformers-trainer",
        '  File "/site-packages/transformers/trainer.py", line 1859, in train\n'
        '  File "/site-packages/accelerate/accelerator.py", line 2040, in clip_grad_norm_\n'
        "    self.unscale_gradients()\nValueError: Attempting to unscale FP16 gradients.",
        "num-amp-unscale-fp16",
        "bf16=True",
    ),
    # Lightning's MixedPrecision plugin ('16-mixed') calls the same GradScaler
    (
        "lightning",
        '  File "/site-packages/lightning/pytorch/plugins/precision/amp.py", line 80, in optimizer_step\n'
        "ValueError: Attempting to unscale FP16 gradients.",
        "num-amp-unscale-fp16",
        "16-true",
    ),
    # accelerate src/accelerate/accelerator.py: f"fp16 mixed precision requires a GPU (not {self.device.type!r})."
    ("accelerate-mps", "ValueError: fp16 mixed precision requires a GPU (not 'mps').", "num-fp16-needs-cuda", "MPS"),
    ("accelerate-xla", "ValueError: fp16 mixed precision requires a GPU (not 'xla').", "num-fp16-needs-cuda", "bf16"),
    # transformers src/transformers/training_args.py (__post_init__, the --fp16 device check)
    (
        "transformers-fp16-cpu",
        "ValueError: FP16 Mixed precision training with AMP or APEX (`--fp16`) and FP16 half precision evaluation "
        "(`--fp16_full_eval`) can only be used on CUDA or MLU devices or NPU devices or certain XPU devices (with "
        "IPEX).",
        "num-fp16-needs-cuda",
        "is_available",
    ),
    # bitsandbytes backends/cuda/ops.py (quantize_blockwise): f"... only supports 16/32-bit floats, but got {A.dtype}"
    (
        "bnb-requantize",
        "ValueError: Blockwise quantization only supports 16/32-bit floats, but got torch.uint8",
        "num-bnb-blockwise-dtype",
        "device_map",
    ),
    (
        "bnb-diffusers-offload",
        '    pipe.enable_sequential_cpu_offload()\n  File "/site-packages/diffusers/pipelines/pipeline_utils.py"\n'
        "ValueError: Blockwise quantization only supports 16/32-bit floats, but got torch.uint8",
        "num-bnb-blockwise-dtype",
        "enable_model_cpu_offload",
    ),
)


@pytest.mark.parametrize(("case", "text", "key", "word"), _TRAINING, ids=[c[0] for c in _TRAINING])
def test_mixed_precision_training_in_each_products_words(case: str, text: str, key: str, word: str) -> None:
    found, fix = first(text)
    assert found == key, case
    assert word in fix, case


def test_mixed_precision_near_misses() -> None:
    # a script that talks about unscaling, and accelerate's config prompt, are no failure
    assert "num-amp-unscale-fp16" not in keys("scaler.unscale_(optimizer)  # unscale FP16-scaled gradients first")
    assert "num-fp16-needs-cuda" not in keys("Do you wish to use FP16 or BF16 (mixed precision)? fp16")
    assert "num-bnb-blockwise-dtype" not in keys("quantize_blockwise supports 16/32-bit floats and bfloat16 inputs")


def test_half_precision_limits_in_torchs_words() -> None:
    # c10/util/TypeCast.cpp (report_overflow): "value cannot be converted to type <T> without overflow"
    for t in ("at::Half", "at::BFloat16", "int8_t", "uint8_t"):
        key, fix = first(f"RuntimeError: value cannot be converted to type {t} without overflow")
        assert key == "num-value-overflow" and "torch.finfo" in fix
    # near miss: the same words about a cast that succeeded
    assert "num-value-overflow" not in keys("the value can be converted to type at::Half with no overflow")


def test_attention_kernels_in_torchs_words() -> None:
    # aten/src/ATen/native/transformers/cuda/sdp_utils.cpp (select_sdp_backend with print_debug)
    text = (
        "UserWarning: Memory efficient kernel not used because: (Triggered internally at "
        "../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:718.)\n"
        "UserWarning: Flash attention kernel not used because: (Triggered internally at "
        "../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:720.)\n"
        "UserWarning: Expected query, key and value to all be of dtype: {Half, BFloat16}. Got Query dtype: float, "
        "Key dtype: float, and Value dtype: float instead.\n"
        "RuntimeError: No available kernel. Aborting execution."
    )
    key, fix = first(text)
    assert key == "num-sdpa-no-kernel" and "SDPBackend.MATH" in fix
    # attention.cpp (validate_sdpa_input): the mask's dtype
    mask = (
        "RuntimeError: Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: "
        "long int and  query.dtype: c10::Half instead."
    )
    key, fix = first(mask)
    assert key == "num-sdpa-no-kernel" and "mask.bool()" in fix
    # near miss: the per-kernel warnings alone (the call went on with another kernel) are no failure of this kind
    assert "num-sdpa-no-kernel" not in keys(text.rsplit("\n", 1)[0])


_FP8 = (
    # torch aten/src/ATen/native/cuda/Blas.cpp (_scaled_mm_out_cuda)
    (
        "torch-scaled-mm",
        "RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or 8.9, or "
        "ROCm MI300+",
        "compute_cap",
    ),
    # Transformer Engine transformer_engine/pytorch/fp8.py (check_fp8_support), raised by fp8_autocast
    (
        "transformer-engine",
        "    with te.fp8_autocast(enabled=True, fp8_recipe=recipe):\n"
        "AssertionError: Device compute capability 8.9 or higher required for FP8 execution.",
        "fp8_autocast(enabled=False)",
    ),
    (
        "transformer-engine-ada-cublaslt",
        "AssertionError: CublasLt version 12.1.3.x or higher required for FP8 execution on Ada.",
        "fp8_autocast(enabled=False)",
    ),
    # the same torch check reached through vLLM's --quantization fp8
    (
        "vllm-fp8",
        '$ vllm serve Qwen/Qwen2-7B --quantization fp8\n  File "/site-packages/vllm/model_executor/layers/'
        'quantization/fp8.py", line 200, in apply\nRuntimeError: torch._scaled_mm is only supported on CUDA devices '
        "with compute capability >= 9.0 or 8.9, or ROCm MI300+",
        "--kv-cache-dtype",
    ),
)


@pytest.mark.parametrize(("case", "text", "word"), _FP8, ids=[c[0] for c in _FP8])
def test_fp8_in_each_products_words(case: str, text: str, word: str) -> None:
    key, fix = first(text)
    assert key == "num-fp8-unsupported-gpu", case
    assert word in fix, case


def test_fp8_weight_only_notice_is_no_failure() -> None:
    # vLLM model_executor/layers/quantization/utils/marlin_utils_fp8.py (prepare_fp8_layer_for_marlin)
    text = (
        "WARNING 06-19 05:51:34 [marlin_utils_fp8.py:103] Your GPU does not have native support for FP8 computation "
        "but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the Marlin kernel. "
        "This may degrade performance for compute-heavy workloads."
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "num-fp8-weight-only-notice"
    # with a real failure after it, the failure is the answer
    oom = text + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB."
    assert explain(oom).outcome == "explained" and first(oom)[0] != "num-fp8-weight-only-notice"


_MIXED = (
    # TensorFlow core/common_runtime/eager/execute.cc: "cannot compute X as input #i(zero-based) was expected to be
    # a T tensor but is a U tensor"
    (
        "tensorflow-eager",
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: cannot compute MatMul as input #1(zero-based) "
        "was expected to be a half tensor but is a float tensor [Op:MatMul]",
        "TensorFlow / Keras",
        "compute_dtype",
    ),
    # TensorFlow python/framework/op_def_library.py (_apply_op_helper), Keras under mixed_float16
    (
        "keras-graph",
        "TypeError: Exception encountered when calling Lambda.call().\n\nInput 'y' of 'AddV2' Op has type float32 "
        "that does not match type float16 of argument 'x'.",
        "TensorFlow / Keras",
        "tf.cast",
    ),
    # JAX jax/_src/lax/lax.py (check_same_dtypes)
    (
        "jax-lax",
        "TypeError: lax.mul requires arguments to have the same dtypes, got bfloat16, float32.",
        "JAX",
        "astype",
    ),
    (
        "jax-conv",
        "jax._src.traceback_util.UnfilteredStackTrace: TypeError: lax.conv_general_dilated requires arguments to "
        "have the same dtypes, got float64, float32.",
        "JAX",
        "jax_enable_x64",
    ),
)


@pytest.mark.parametrize(("case", "text", "label", "word"), _MIXED, ids=[c[0] for c in _MIXED])
def test_mixed_dtypes_in_tensorflow_and_jax_words(case: str, text: str, label: str, word: str) -> None:
    found = explain(text)
    assert found and found[0].key == "num-dtype-mismatch-tf-jax", case
    assert found[0].situation == label and word in found[0].fix, case


def test_mixed_dtypes_near_misses() -> None:
    # a dtype named in a shape error, or torch's own wording, is not TensorFlow's dtype check
    assert "num-dtype-mismatch-tf-jax" not in keys(
        "InvalidArgumentError: Input to reshape is a tensor with 10 values, but the requested shape has 12"
    )
    assert first("RuntimeError: mat1 and mat2 must have the same dtype")[0] == "torch-dtype-mismatch"


def test_dtypes_beside_torchs_mismatch_rows() -> None:
    # torch/csrc/autograd/engine.cpp (validate_outputs) and aten's scalar type checks: float64 from NumPy
    for text in (
        "RuntimeError: Found dtype Double but expected Float",
        "RuntimeError: Found dtype Long but expected Float",
        "RuntimeError: expected scalar type Float but found Double",
        "RuntimeError: expected scalar type Double but found Float",
    ):
        key, fix = first(text)
        assert key == "num-float64-mixed" and "np.float32" in fix, text
    # the Long index rows stay theirs
    assert first("RuntimeError: expected scalar type Long but found Double")[0] == "torch-index-dtype"
    # aten/src/ATen/TensorIterator.cpp (compute_types)
    key, fix = first("RuntimeError: result type Float can't be cast to the desired output type long int")
    assert key == "num-result-type-cast" and "rounding_mode='floor'" in fix
    key, fix = first("RuntimeError: result type Double can't be cast to the desired output type Float")
    assert key == "num-result-type-cast" and "x = x.float()" in fix
    # aten/src/ATen/Dispatch.h: a CUDA op without a bfloat16 / half kernel (the CPU's are torch-half-on-cpu)
    found = explain("RuntimeError: \"erfinv_cuda\" not implemented for 'BFloat16'")
    assert found[0].key == "num-cuda-op-no-dtype-kernel" and found[0].op == "erfinv_cuda"
    assert first("RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'")[0] == "torch-half-on-cpu"
    # torch/csrc/utils/tensor_numpy.cpp (aten_to_numpy_dtype)
    key, fix = first("    arr = out.cpu().numpy()\nTypeError: Got unsupported ScalarType BFloat16")
    assert key == "num-bf16-to-numpy" and ".float().cpu().numpy()" in fix


_NOTICES = (
    # torch torch/_inductor/compile_fx.py (_warn_tf32_disabled)
    (
        "torch-inductor-tf32",
        "/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for float32 "
        "matrix multiplication available but not enabled. Consider setting "
        "`torch.set_float32_matmul_precision('high')` for better performance.\n  warnings.warn(",
        "num-tf32-notice",
    ),
    # Lightning src/lightning/fabric/accelerators/cuda.py (_check_cuda_matmul_precision)
    (
        "lightning-tf32",
        "You are using a CUDA device ('NVIDIA GeForce RTX 3090') that has Tensor Cores. To properly utilize them, "
        "you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for "
        "performance. For more details, read https://pytorch.org/docs/stable/generated/"
        "torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision",
        "num-tf32-notice",
    ),
    # TensorFlow python/keras/mixed_precision/device_compatibility_check.py
    (
        "tensorflow-mixed-precision",
        "WARNING:tensorflow:Mixed precision compatibility check (mixed_float16): WARNING\nYour GPU may run slowly "
        "with dtype policy mixed_float16 because it does not have compute capability of at least 7.0. Your GPU:\n"
        "  NVIDIA GeForce GTX 1060 6GB, compute capability 6.1\nSee https://developer.nvidia.com/cuda-gpus for a "
        "list of GPUs and their compute capabilities.",
        "num-tf-mixed-precision-check",
    ),
    # JAX jax/_src/dtypes.py (check_user_dtype_supported), also as Keras 3 on JAX prints it
    (
        "jax-x64",
        "/site-packages/keras/src/backend/jax/core.py:76: UserWarning: Explicitly requested dtype int64 requested in "
        "asarray is not available, and will be truncated to dtype int32. To enable more dtypes, set the "
        "jax_enable_x64 configuration option or the JAX_ENABLE_X64 shell environment variable. See "
        "https://github.com/jax-ml/jax#current-gotchas for more.\n  return jnp.asarray(x, dtype=dtype)",
        "num-jax-x64-notice",
    ),
    # bitsandbytes nn/modules.py (Linear4bit.set_compute_type)
    (
        "bnb-compute-dtype",
        "/site-packages/bitsandbytes/nn/modules.py:426: UserWarning: Input type into Linear4bit is torch.float16, but "
        "bnb_4bit_compute_dtype=torch.float32 (default). This will lead to slow inference or training speed.\n"
        "  warnings.warn(",
        "num-bnb-compute-dtype-notice",
    ),
    # TensorRT's builder: the weights' FP16 conversion report (tensorrt-rtx 1.6.1.120 libtensorrt_rtx.so texts)
    (
        "tensorrt-fp16-weights",
        "[W] [TRT] Weights [name=conv1.weight] had the following issues when converted to FP16:\n"
        "[W] [TRT]  - Subnormal FP16 values detected.",
        "trt-precision-notice",
    ),
    # torch/amp/autocast_mode.py (the device_type check)
    (
        "torch-autocast-no-cuda",
        "/site-packages/torch/amp/autocast_mode.py:250: UserWarning: User provided device_type of 'cuda', but CUDA "
        "is not available. Disabling\n  warnings.warn(",
        "cuda-unavailable",
    ),
)


@pytest.mark.parametrize(("case", "text", "key"), _NOTICES, ids=[c[0] for c in _NOTICES])
def test_precision_notices_are_no_failures(case: str, text: str, key: str) -> None:
    found = explain(text)
    assert found.outcome == "warnings-only", case
    assert found[0].key == key, case


def test_precision_notice_near_misses() -> None:
    # TensorFlow's check that passed is no warning at all
    ok = (
        "INFO:tensorflow:Mixed precision compatibility check (mixed_float16): OK\nYour GPU will likely run quickly "
        "with dtype policy mixed_float16 as it has compute capability of at least 7.0."
    )
    assert "num-tf-mixed-precision-check" not in keys(ok)
    # code that sets the precision names no notice
    assert "num-tf32-notice" not in keys("torch.set_float32_matmul_precision('high')  # TF32 tensor cores")
    # JAX with x64 on: a config line, no notice
    assert "num-jax-x64-notice" not in keys('jax.config.update("jax_enable_x64", True)')
    # with a failure after the notice, the failure is the answer
    text = _NOTICES[0][1] + "\nRuntimeError: mat1 and mat2 must have the same dtype"
    assert explain(text).outcome == "explained" and first(text)[0] == "torch-dtype-mismatch"


def test_loss_scaling_in_each_products_words() -> None:
    # DeepSpeed deepspeed/runtime/fp16/loss_scaler.py (DynamicLossScaler.update_scale): the scale hit its floor
    key, fix = first("Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.")
    assert key == "num-loss-scale-at-minimum" and '"bf16"' in fix
    # the skipped steps before it are notices (DeepSpeed's loss_scaler.py and unfused_optimizer.py, Apex's handle.py)
    for text in (
        "[2024-09-15 00:13:28,261] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping "
        "step. Attempted loss scale: 4294967296, but hysteresis is 2. Reducing hysteresis to 1",
        "[INFO] [unfused_optimizer.py:207:step] [deepspeed] fp16 dynamic loss scale overflow! Skipping step. "
        "Attempted loss scale: 65536.0, reducing to 32768.0",
        "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 32768.0",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only" and found[0].key == "num-loss-scale-overflow-notice", text
    # near miss: a config that names the loss scale is no overflow
    assert "num-loss-scale-overflow-notice" not in keys('"fp16": {"enabled": true, "loss_scale": 0}')


def test_nan_checks_in_tensorflow_and_jax_words() -> None:
    # TensorFlow core/kernels/check_numerics_op.cc ("<message> : Tensor had NaN values")
    found = explain(
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Loss is inf or nan : Tensor had NaN values"
    )
    assert found[0].key == "torch-nan-outputs" and found[0].situation == "TensorFlow's check_numerics"
    # JAX's jax_debug_nans (_check_special: f"invalid value (nan) encountered in {name}")
    found = explain("FloatingPointError: invalid value (nan) encountered in dot_general")
    assert found[0].key == "torch-nan-outputs" and "double where" in found[0].fix
    # near miss: the check named in code, without its message
    assert "torch-nan-outputs" not in keys("tf.debugging.check_numerics(x, message='checking x')")


def test_quantized_kv_cache_in_llamacpps_words() -> None:
    # llama.cpp src/llama-context.cpp (llama_init_from_model), the older and the newer wording
    key, fix = first("llama_init_from_model: V cache quantization requires flash_attn\nerror: failed to create context")
    assert key == "num-llamacpp-quantized-v-cache" and "--flash-attn on" in fix
    ollama = (
        "Error: llama-server process has terminated: exit status 1: llama_init_from_model: quantized V cache requires "
        'flash_attn to be enabled\ntime=2025 level=INFO source=server.go msg="OLLAMA_KV_CACHE_TYPE=q8_0"'
    )
    key, fix = first(ollama)
    assert key == "num-llamacpp-quantized-v-cache" and "OLLAMA_FLASH_ATTENTION=1" in fix
    # near miss: a log line that reports flash attention on is no failure
    assert "num-llamacpp-quantized-v-cache" not in keys("llama_context: flash_attn = enabled, type_v = q8_0")


def test_tensorflow_python_values_of_another_dtype() -> None:
    # TensorFlow python/eager/pywrap_tensor.cc: "Cannot convert <value> to EagerTensor of dtype <dtype>"
    found = explain("TypeError: Cannot convert 1e-07 to EagerTensor of dtype int64")
    assert found[0].key == "num-dtype-mismatch-tf-jax" and found[0].situation == "TensorFlow / Keras"


def test_older_torch_and_mps_dtype_wordings() -> None:
    # torch 1.x TH / THC wrappers: "Expected object of scalar type X but got scalar type Y for argument #n"
    old = "RuntimeError: Expected object of scalar type Float but got scalar type Double for argument #2 'mat2'"
    assert first(old)[0] == "num-float64-mixed"
    half = "RuntimeError: Expected object of scalar type Half but got scalar type Float for argument #2 'weight'"
    assert first(half)[0] == "torch-dtype-mismatch"
    # the Long rows stay the index row's
    assert (
        first("RuntimeError: Expected object of scalar type Long but got scalar type Float")[0] == "torch-index-dtype"
    )
    # torch aten/src/ATen/mps/EmptyTensor.cpp (MPS_ERROR_DOUBLE_NOT_SUPPORTED)
    key, fix = first(
        "TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. "
        "Please use float32 instead."
    )
    assert key == "num-mps-float64" and "float32" in fix
