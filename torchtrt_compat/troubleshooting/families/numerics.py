"""Dtypes, mixed precision and numerics on the GPU in each product's own words (issue 36, round twelve): the classes
beside the dtype rows of `families.torch_runtime` (torch's Half / Float mismatch, half on the CPU, bfloat16 on old
GPUs, cuBLAS / cuDNN refusals, flash-attn's GPU check) and TensorRT's precision notices in `troubleshooting.table`.

GradScaler refusing float16 weights (torch's GradScaler), a Python number that does not fit a half tensor (c10's
checked conversion), scaled_dot_product_attention with no kernel left for its inputs, fp16 mixed precision asked for
without a CUDA GPU (accelerate, transformers' Trainer), FP8 on a GPU below compute capability 8.9 (torch._scaled_mm,
Transformer Engine) and vLLM's weight-only FP8 notice, two dtypes in one op in TensorFlow's and JAX's words (neither
promotes implicitly), llama.cpp's quantized V cache without flash attention, float64 from NumPy, in-place results of
another dtype, CUDA ops without a bfloat16 kernel, bfloat16 handed to NumPy, bitsandbytes re-quantizing its packed
weights, DeepSpeed's loss scale at its minimum, and the notices that change no result (DeepSpeed's and Apex's skipped
overflow steps too): TF32 left off (torch inductor, Lightning), TensorFlow's
mixed precision check of the GPU, JAX's float64 truncated to float32, bitsandbytes' 4-bit compute dtype. Each pattern
is keyed to the library's own wording (its source file is named in ``example_source``); dtypes, sizes, op names and
GPU names are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import COMFYUI, SD_WEBUI, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round12_w5numeric.py"


_test = tests_in(_TESTS)
_r48 = tests_in("tests/troubleshooting/test_round48_v48fp8.py")
_r55 = tests_in("tests/troubleshooting/test_round55_v55.py")


#: failures: the step that asked for a precision cannot run in it
_FAILURES: tuple[KnownError, ...] = (
    # issue 36, round fifty-five: the reference BLAS convention for an argument a routine refuses (xerbla: "** On entry
    # to SGEMM  parameter number 10 had an illegal value"), which cuBLAS and CPU BLAS libraries print before failing
    KnownError(
        "blas-gemm-illegal-parameter",
        "BLAS / cuBLAS: '** On entry to SGEMM parameter number N had an illegal value' (a matrix shape or leading "
        "dimension the routine refuses)",
        r"\bOn entry to {1,2}\w{2,12} {1,2}parameter number \d{1,2} had an illegal value",
        "A GEMM (or other BLAS routine) was called with an argument it refuses, numbered as in the reference BLAS "
        "(SGEMM: 3-5 the sizes M, N, K; 8, 10, 13 the leading dimensions of A, B, C): a dimension of zero or below, "
        "a size beyond a 32-bit int (more than 2,147,483,647 elements in one matrix), or a leading dimension smaller "
        "than the rows it spans, most often from a Linear / matmul whose input has an unexpected shape (an image size "
        "or patch size the model was not built for, an empty batch) or an older torch that handed an empty tensor's "
        "zero stride to cuBLAS.",
        "Print the shapes that reach the failing layer (the traceback's last call into nn.Linear / matmul: "
        "`print(x.shape, x.stride())` before it): make them what the model was built for (the input size, channels "
        "and patch size of its config; a non-empty batch), split a matrix larger than 2**31 elements into chunks, "
        "and call .contiguous() on transposed inputs; an old torch gains the empty-tensor fix by an upgrade. "
        "CUDA_LAUNCH_BLOCKING=1 puts the report next to its call.",
        weight=82,
        applies="cuBLAS, MKL / OpenBLAS and other BLAS libraries under torch, TensorFlow, NumPy",
        shown_by=(_r55("test_blas_refusing_a_gemm_argument_and_a_spawned_worker_that_broke_its_pipe"),),
        example=" ** On entry to SGEMM  parameter number 10 had an illegal value",
        example_source="the reference BLAS error handler XERBLA's message ('** On entry to %s parameter number %d had "
        "an illegal value'), which cuBLAS's logger repeats",
    ),
    # issue 36, round fifty-five: torch's cuFFT plan in half precision (aten/src/ATen/native/cuda/SpectralOps.cpp):
    # cuFFT computes half-precision transforms only for sizes that are powers of two
    KnownError(
        "num-cufft-half-power-of-two",
        "cuFFT in half precision needs power-of-two sizes ('cuFFT only supports dimensions whose sizes are powers of "
        "two when computing in half precision')",
        r"cuFFT only supports dimensions whose sizes are powers of two when computing in half precision",
        "torch.fft ran on a float16 (or bfloat16 through autocast) tensor, and cuFFT computes half-precision "
        "transforms only when every transformed dimension is a power of two; the signal size the message prints "
        "has one that is not. Mixed precision (autocast, .half()) reached an FFT layer: spectral convolutions, "
        "Fourier neural operators, STFTs.",
        "Run the FFT in float32 and cast back (`x_ft = torch.fft.rfftn(x.float(), ...)`, the inverse likewise, "
        "then `.to(x.dtype)`; or wrap the spectral layer in `torch.autocast('cuda', enabled=False)`), or use grid / "
        "signal sizes that are powers of two along the transformed dimensions when it must run in half precision.",
        weight=84,
        applies="torch.fft on CUDA in float16 / bfloat16 (spectral layers, neural operators, STFTs under autocast)",
        shown_by=(_r55("test_cufft_in_half_precision_and_xlas_ptxas_sentence"),),
        example="RuntimeError: cuFFT only supports dimensions whose sizes are powers of two when computing in half "
        "precision, but got a signal size of[20, 20, 10]",
        example_source="torch aten/src/ATen/native/cuda/SpectralOps.cpp (the half-precision size check of the cuFFT "
        "plan)",
    ),
    KnownError(
        "num-amp-unscale-fp16",
        "Attempting to unscale FP16 gradients (fp16 mixed precision with float16 trainable weights)",
        r"Attempting to unscale FP16 gradients",
        "fp16 mixed precision (a GradScaler: torch.amp, transformers' Trainer fp16=True, accelerate "
        "mixed_precision='fp16', Lightning '16-mixed') keeps float32 master weights and lets autocast compute in "
        "float16; here the trainable parameters themselves are float16 (model.half(), a model loaded with "
        "torch_dtype=torch.float16 for training, a LoRA adapter created in the base model's float16), so their "
        "gradients are float16 and the scaler refuses to unscale them.",
        "Keep the trainable parameters in float32 and let autocast do the float16: load the model in float32 (or "
        "cast only the trainable ones: `for p in model.parameters(): if p.requires_grad: p.data = p.data.float()`), "
        "do not call model.half() before training; or train in bfloat16 (compute capability 8.0+), which needs no "
        "GradScaler.",
        variants=(
            Variant(
                r"Trainer|TrainingArguments|fp16=True|\bpeft\b|\bLoRA\b|accelerate",
                "transformers' Trainer / PEFT / accelerate",
                "With fp16=True (Trainer) or mixed_precision='fp16' (accelerate), load the base model in float32, or "
                "cast the trainable (LoRA) parameters to float32 after get_peft_model (`for n, p in "
                "model.named_parameters(): if p.requires_grad: p.data = p.data.float()`); or use bf16=True instead "
                "of fp16=True on Ampere or newer GPUs.",
            ),
            Variant(
                r"lightning|16-mixed|precision=.?16",
                "Lightning",
                "Lightning's precision='16-mixed' expects float32 weights: do not .half() the LightningModule; use "
                "precision='16-true' for a fully float16 model (no scaler) or 'bf16-mixed' on Ampere or newer.",
            ),
        ),
        weight=85,
        applies="torch.amp / torch.cuda.amp GradScaler (torch 1.6 and later) and the trainers built on it",
        shown_by=(_test("test_mixed_precision_training_in_each_products_words"),),
        example="    self.unscale_grads_(optimizer, inv_scale, found_inf, False)\n"
        "ValueError: Attempting to unscale FP16 gradients.",
        example_source="torch torch/amp/grad_scaler.py (GradScaler._unscale_grads_ with allow_fp16=False), torch 2.x; "
        "torch/cuda/amp/grad_scaler.py before 2.3",
    ),
    KnownError(
        "num-value-overflow",
        "value cannot be converted to type at::Half without overflow (a number too large for the tensor's dtype)",
        r"value cannot be converted to type [\w:]{1,30} without overflow",
        "A Python number given to an op (masked_fill(mask, -1e9), torch.full, fill_, clamp, a constant added) does "
        "not fit the tensor's dtype: float16 holds at most 65504 in magnitude (int8 -128..127, uint8 0..255), so a "
        "model written for float32 fails once it runs in half precision.",
        "Use the dtype's own limit instead of a hard-coded large number: torch.finfo(x.dtype).min / .max (e.g. "
        "`scores.masked_fill(mask, torch.finfo(scores.dtype).min)`), or float('-inf') for an attention mask; or do "
        "that step in float32 (x.float()) and cast back; for integer tensors use a wider dtype.",
        weight=80,
        applies="any torch; models run in float16 / bfloat16 or integer tensors",
        shown_by=(_test("test_half_precision_limits_in_torchs_words"),),
        example="RuntimeError: value cannot be converted to type at::Half without overflow",
        example_source="torch c10/util/TypeCast.cpp (report_overflow, called by c10::checked_convert), torch 2.x",
    ),
    KnownError(
        "num-sdpa-no-kernel",
        "scaled_dot_product_attention: No available kernel (no fused attention kernel accepts these inputs)",
        r"No available kernel\. {0,2}Aborting execution"
        r"|Expected attn_mask dtype to be bool or float or to match query dtype",
        "torch's scaled_dot_product_attention was limited to fused kernels (torch.nn.attention.sdpa_kernel([...]), "
        "torch.backends.cuda.enable_math_sdp(False), or a library that forces flash attention) and none of them "
        "accepts these inputs: flash attention needs float16 / bfloat16 q, k, v of one dtype on compute capability "
        "8.0+ (head dim up to 256), the memory-efficient and cuDNN kernels have their own limits (mask, dtype, head "
        "dim, alignment); the '... kernel not used because' warnings above the error name each kernel's reason.",
        "Read the 'kernel not used because' warnings just above (one per kernel); give q, k, v one float16 / "
        "bfloat16 dtype (autocast, or .half()); keep the math fallback allowed (SDPBackend.MATH in sdpa_kernel's "
        "list, no enable_math_sdp(False)); do not force FLASH_ATTENTION on GPUs below compute capability 8.0.",
        variants=(
            Variant(
                r"attn_mask dtype",
                "an attention mask of another dtype",
                "Pass attn_mask as a bool tensor (True = attend) or in the query's dtype (an additive mask of 0 and "
                "-inf): `mask = mask.bool()` or `mask.to(q.dtype)`; integer (long) masks are refused.",
            ),
        ),
        weight=82,
        applies="torch 2.0 and later (torch.nn.functional.scaled_dot_product_attention; CUDA and XPU)",
        shown_by=(_test("test_attention_kernels_in_torchs_words"),),
        example="UserWarning: Flash attention kernel not used because: (Triggered internally at "
        "aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:435.)\n"
        "UserWarning: Expected query, key and value to all be of dtype: {Half, BFloat16}. Got Query dtype: float, "
        "Key dtype: float, and Value dtype: float instead.\nRuntimeError: No available kernel. Aborting execution.",
        example_source="torch aten/src/ATen/native/transformers/cuda/sdp_utils.cpp (select_sdp_backend, "
        "check_tensor_dtype) and attention.cpp (validate_sdpa_input, the attn_mask dtype), torch 2.x",
    ),
    KnownError(
        "num-fp16-needs-cuda",
        "fp16 mixed precision requires a GPU (accelerate, transformers' Trainer --fp16 without a CUDA device)",
        r"fp16 mixed precision requires a GPU"
        r"|[Mm]ixed precision training with AMP or APEX \(`?--fp16`?\)[^\n]{0,160}can only be used on CUDA",
        "fp16 mixed precision (accelerate's mixed_precision='fp16', the Trainer's fp16=True) was asked for, but the "
        "process runs on no CUDA device: a CPU-only torch, no GPU visible (CUDA_VISIBLE_DEVICES, accelerate "
        "config's gpu_ids), or Apple's MPS / a TPU (XLA), where fp16 mixed precision is not offered.",
        "Check `python -c 'import torch; print(torch.cuda.is_available())'`; on a CUDA machine fix the torch build or "
        "the visible GPUs (`accelerate config`, gpu_ids 0); on a machine without CUDA train without fp16 "
        "(mixed_precision='no', fp16=False).",
        variants=(
            Variant(
                r"not 'mps'|\bmps\b",
                "Apple MPS",
                "On Apple silicon set mixed_precision='no' (fp16=False); recent accelerate and torch take bf16 on "
                "MPS (bf16=True) where the op coverage allows.",
            ),
            Variant(
                r"not 'xla'|\bxla\b|\bTPU\b",
                "TPU (XLA)",
                "On a TPU use bfloat16 (mixed_precision='bf16' / bf16=True): fp16 is a GPU-only mode.",
            ),
        ),
        alternatives=("cuda-unavailable",),
        weight=84,
        applies="accelerate (Accelerator), transformers (TrainingArguments fp16 / fp16_full_eval)",
        shown_by=(_test("test_mixed_precision_training_in_each_products_words"),),
        example="ValueError: fp16 mixed precision requires a GPU (not 'mps').",
        example_source="accelerate src/accelerate/accelerator.py (Accelerator.__init__, the fp16 check), accelerate "
        "0.2x-1.x; transformers src/transformers/training_args.py (__post_init__, the --fp16 device check)",
    ),
    KnownError(
        "num-fp8-unsupported-gpu",
        "FP8 on a GPU without it (compute capability below 8.9: torch._scaled_mm, Transformer Engine)",
        r"_scaled_mm is only supported on CUDA devices with compute capability"
        r"|Device compute capability [\w.]{1,8} or higher required for FP8 execution"
        r"|CublasLt version [\w.]{1,12} or higher required for FP8 execution"
        # an application's own refusal of FP8 on an older GPU (issue 36, round forty-eight): "FP8 models require a GPU
        # with Compute Capability 8.9 or higher", "fp8 is not supported on this GPU"
        r"|\bFP8\b[^\n]{0,80}?\brequires?\b[^\n]{0,60}?\bcompute capability[^\n]{0,20}?(?:8\.9|9\.0|89\b|90\b)"
        r"|\bFP8\b[^\n]{0,40}?\b(?:is )?not supported on (?:this|your) (?:GPU|device|card)",
        "FP8 matrix multiplies need compute capability 8.9 (Ada: RTX 40xx, L4, L40) or 9.0+ (Hopper, Blackwell), "
        "with CUDA 12.1+ and a matching cuBLASLt on Ada; this GPU (Ampere A100 / RTX 30xx or older) has no FP8 "
        "tensor cores, and an FP8 recipe, an FP8 checkpoint's kernels or --quantization fp8 asked for them.",
        "Run in bfloat16 / float16 on this GPU: turn the FP8 option off (the framework's fp8 switch, "
        "--quantization fp8, an FP8 kv-cache dtype) or load a bf16 / fp16 checkpoint; FP8 needs an Ada or Hopper "
        "GPU (`nvidia-smi --query-gpu=compute_cap --format=csv` shows 8.9 or 9.0).",
        variants=(
            Variant(
                r"FP8 execution|transformer_engine|fp8_autocast",
                "NVIDIA Transformer Engine",
                "Run Transformer Engine without FP8 on this GPU: `te.fp8_autocast(enabled=False)` (or no "
                "fp8_autocast), or the framework's switch (Megatron-LM / NeMo: no --fp8-format, precision bf16); "
                "te's check_fp8_support() tells before a run.",
            ),
            Variant(
                r"select a non-FP8 model|non-FP8 (?:model|checkpoint|variant)",
                "an application that offers FP8 and non-FP8 models",
                "The application refuses the FP8 model on this GPU: pick the same model's bf16 / fp16 (or int8 / "
                "int4) variant in its model list; FP8 models need an Ada / Hopper / Blackwell GPU (compute "
                "capability 8.9+: RTX 40xx / 50xx, L4, L40, H100).",
            ),
            Variant(
                r"vllm|sglang|--quantization|kv[_-]cache[_-]dtype",
                "vLLM / SGLang",
                "Drop --quantization fp8 and --kv-cache-dtype fp8 on this GPU and serve the bf16 / fp16 checkpoint "
                "(--dtype half below compute capability 8.0), or an AWQ / GPTQ one; vLLM runs FP8 checkpoints "
                "weight-only through its Marlin kernels on Ampere.",
            ),
        ),
        advice="gpu",
        weight=86,
        applies="torch 2.1 and later (torch._scaled_mm, float8 training), Transformer Engine, LLM servers",
        shown_by=(_test("test_fp8_in_each_products_words"),),
        example="RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or "
        "8.9, or ROCm MI300+",
        example_source="torch aten/src/ATen/native/cuda/Blas.cpp (_scaled_mm_out_cuda, _scaled_mm_allowed_device), "
        "torch 2.1-2.5; Transformer Engine transformer_engine/pytorch/fp8.py (check_fp8_support), TE 1.x",
    ),
    KnownError(
        "num-fp8-gemm-config-unsupported",
        "An FP8 GEMM that cuBLASLt rejects on a GPU that has FP8 (layout, sizes not multiples of 16, scale / output "
        "dtypes: torch._scaled_mm, Transformer Engine)",
        # torch's _scaled_mm checks (aten/src/ATen/native/cuda/Blas.cpp; torch/_meta_registrations.py)
        r"Expected trailing dimension of mat1 to be divisible by 16"
        r"|mat2 shape \(\d{1,7}x\d{1,7}\) must be divisible by 16"
        r"|\bmat(?:2|_b) must be col_major|\bmat(?:1|_a) must be row_major"
        # Transformer Engine's cuBLASLt GEMM (transformer_engine/common/gemm/cublaslt_gemm.cu, NVTE_CHECK_CUBLAS:
        # "cuBLAS Error: " + cublasGetStatusString), the status possibly cut off
        r"|transformer_engine[\\/]common[\\/]gemm[\\/]cublaslt_gemm\.cu:\d{1,5} in function cublas_gemm"
        r"|cuBLAS Error: the (?:requested functionality|functionality requested) is not supported",
        "The GPU has FP8, but cuBLASLt takes an FP8 GEMM only in certain forms: A row-major and B column-major (the "
        "'TN' layout), every dimension a multiple of 16, float32 scales, and an output / bias dtype it supports for "
        "FP8 (bf16, fp16, fp32 or FP8 out; a bias of the output's dtype); another layout, shape or dtype is "
        "refused, and an older cuBLASLt (or a library built against another CUDA than the libcublasLt it loads) "
        "supports fewer combinations, most of all on Ada (sm_89).",
        "Feed the FP8 GEMM in a supported form: pad the token / batch dimension and the feature sizes to multiples "
        "of 16, pass the second operand column-major (torch._scaled_mm(a, b_t.t()) with b_t a contiguous [N, K] "
        "weight), keep scales in float32 and ask for a bf16 / fp16 / fp32 output; or update torch / the FP8 library "
        "to a build for this CUDA and GPU. Where the shape cannot be changed, run that layer in bf16.",
        variants=(
            Variant(
                r"transformer_engine|cublaslt_gemm\.cu|fp8_autocast|\bte\.Linear\b",
                "NVIDIA Transformer Engine",
                "Transformer Engine's cuBLASLt FP8 GEMM failed: use a Transformer Engine build that matches the "
                "installed CUDA / cuBLAS and this GPU (the NGC PyTorch container, or TE built from source with "
                "CUDA 12.1+ and NVTE_CUDA_ARCHS including 89 / 90 for this GPU; `ldd` on its "
                "libtransformer_engine.so shows which libcublasLt it loads), keep the GEMM sizes multiples of 16 "
                "(the batch x sequence tokens too), and rerun with CUBLASLT_LOG_LEVEL=5 to see the refused "
                "parameter; meanwhile run without FP8: `te.fp8_autocast(enabled=False)`.",
            ),
        ),
        loose=True,
        alternatives=("num-fp8-unsupported-gpu", "torch-cublas-not-supported"),
        weight=84,
        applies="torch 2.1 and later (torch._scaled_mm, torchao float8), Transformer Engine 1.x on compute capability "
        "8.9+",
        shown_by=(_r48("test_fp8_gemm_forms_cublaslt_rejects"),),
        example="RuntimeError: Expected trailing dimension of mat1 to be divisible by 16 but got mat1 shape: (8x100).",
        example_source="torch aten/src/ATen/native/cuda/Blas.cpp (_scaled_mm_out_cuda's checks), torch 2.1-2.5; "
        "Transformer Engine transformer_engine/common/gemm/cublaslt_gemm.cu (NVTE_CHECK_CUBLAS), TE 1.x",
    ),
    KnownError(
        "num-scaled-mm-scale-dtype",
        "torch._scaled_mm: scale_a must be float scalar / Both scale_a and scale_b must be float (fp32) tensors "
        "(FP8 scales not in float32)",
        # one line that is not a fallback notice (that line is `num-fp8-fast-path-fallback`'s)
        r"^(?![^\n]{0,300}?\bfall(?:ing)? ?back\b)[^\n]{0,300}?(?:"
        r"\bscale_[ab] must be (?:a )?float scalar|Both scale_a and scale_b must be float \(fp32\) tensors"
        r"|\bscale_result must be (?:a )?float scalar)",
        "torch._scaled_mm (the FP8 matmul of float8 training and inference: torchao float8, float8_experimental, "
        "an FP8 linear layer) takes its scales only as float32; here a scale is bfloat16 / float16, most often "
        "because the whole model was cast after the FP8 layers were made (model.to(torch.bfloat16) / .half() "
        "casts their scale and amax buffers too), or a checkpoint stores its scales in 16 bits.",
        "Keep the FP8 scales in float32: cast the model's dtype before converting its linears to FP8 (or convert "
        "only the weights: module.weight.data = module.weight.data.to(dtype) instead of model.to(dtype)), cast "
        "the scales before the call (scale.float()), and use a float8 library release that keeps its buffers in "
        "float32 through a model cast.",
        weight=84,
        applies="torch 2.1 and later (torch._scaled_mm), torchao float8 / float8_experimental, FP8 checkpoints",
        shown_by=(_r48("test_scaled_mm_scales_must_be_float32"),),
        example="RuntimeError: scale_a must be float scalar",
        example_source="torch aten/src/ATen/native/cuda/Blas.cpp (_scaled_mm_out_cuda: the scale checks), torch "
        "2.1-2.4; later releases' get_scaling_type ('Both scale_a and scale_b must be float (fp32) tensors.')",
    ),
    KnownError(
        "num-dtype-mismatch-tf-jax",
        "Two dtypes in one op, in TensorFlow's or JAX's words (float16 and float32, int and float: no implicit "
        "promotion)",
        r"cannot compute \w{1,80} as input #\d{1,3}\(zero-based\) was expected to be a \w{1,20} tensor but is a"
        r"|Input '\w{1,40}' of '\w{1,80}' Op has type \w{1,20} that does not match type \w{1,20} of argument"
        r"|\brequires arguments to have (?:the )?same dtypes(?:, got| up to floating point precision)"
        r"|Cannot convert [^\n]{1,80} to EagerTensor of dtype \w{1,20}",
        "TensorFlow ops and jax.lax primitives take operands of one dtype and never promote: a float16 activation "
        "(a mixed_float16 policy, a bfloat16 model) met a float32 tensor made by the code (a constant, a mask, "
        "noise, a loss term), or a Python int constant met a float tensor (or a float value an int tensor: "
        "'Cannot convert 1e-07 to EagerTensor of dtype int64'), or float64 met float32 under jax_enable_x64.",
        "Cast one operand to the other's dtype where they meet (tf.cast(x, y.dtype) / x.astype(y.dtype)), and create "
        "constants and masks in the activations' dtype rather than the default float32.",
        variants=(
            Variant(
                r"zero-based\) was expected|Op has type|EagerTensor of dtype",
                "TensorFlow / Keras",
                "Cast where the two meet: `tf.cast(x, y.dtype)`; in a layer under a mixed_float16 / mixed_bfloat16 "
                "policy create tensors in `self.compute_dtype` (tf.cast(noise, self.compute_dtype)), keep the "
                "model's last layer (or its softmax) dtype='float32'; Python numbers: write 1.0, not 1, for float "
                "tensors.",
                product="tensorflow",
            ),
            Variant(
                r"\blax\.|jnp\.|requires arguments to have (?:the )?same dtypes",
                "JAX",
                "Cast with `.astype(y.dtype)` before the lax call (jax.numpy functions promote; lax primitives do "
                "not); under jax_enable_x64 create arrays as float32 explicitly (jnp.asarray(x, jnp.float32)); with "
                "bfloat16 params (Flax / Haiku mixed precision, jmp) cast inputs to the compute dtype.",
                product="jax",
            ),
        ),
        weight=72,
        applies="TensorFlow 2.x (eager and graph), Keras on TensorFlow, JAX (lax primitives, convolutions)",
        shown_by=(_test("test_mixed_dtypes_in_tensorflow_and_jax_words"),),
        example="tensorflow.python.framework.errors_impl.InvalidArgumentError: cannot compute MatMul as input "
        "#1(zero-based) was expected to be a half tensor but is a float tensor [Op:MatMul]",
        example_source="TensorFlow tensorflow/core/common_runtime/eager/execute.cc (the input dtype check) and "
        "tensorflow/python/framework/op_def_library.py (_apply_op_helper: 'Input ... of ... Op has type ... that "
        "does not match type ... of argument'), TensorFlow 2.x; JAX jax/_src/lax/lax.py (check_same_dtypes), "
        "jax 0.4; TensorFlow tensorflow/python/eager/pywrap_tensor.cc ('Cannot convert ... to EagerTensor of dtype')",
    ),
    KnownError(
        "num-llamacpp-quantized-v-cache",
        "llama.cpp: a quantized V cache requires flash attention (--cache-type-v with flash attention off)",
        r"(?:quantized V cache|V cache quantization) requires flash_attn",
        "llama.cpp stores the V cache transposed when flash attention is off, which a quantized cache type cannot "
        "be: --cache-type-v q8_0 / q4_0 (Ollama's OLLAMA_KV_CACHE_TYPE) was asked for while flash attention is off "
        "(--flash-attn off / -fa 0, or the backend or GPU has no flash attention kernel, so 'auto' turned it off).",
        "Turn flash attention on (llama.cpp: --flash-attn on / -fa 1; llama-cpp-python: flash_attn=True) or keep the "
        "V cache in f16 (--cache-type-v f16; a quantized K cache alone works without it); on a GPU or backend "
        "without flash attention, f16 is the choice.",
        variants=(
            Variant(
                r"ollama|OLLAMA_",
                "Ollama",
                "Set OLLAMA_FLASH_ATTENTION=1 for the Ollama server together with OLLAMA_KV_CACHE_TYPE=q8_0 / q4_0, "
                "or unset OLLAMA_KV_CACHE_TYPE (f16) where the GPU has no flash attention; restart the server.",
            ),
        ),
        weight=84,
        applies="llama.cpp (llama-server, llama-cli, bindings: llama-cpp-python, LLamaSharp, Go / Rust wrappers), "
        "Ollama",
        shown_by=(_test("test_quantized_kv_cache_in_llamacpps_words"),),
        example="llama_init_from_model: V cache quantization requires flash_attn",
        example_source="llama.cpp src/llama-context.cpp (llama_init_from_model: the V cache type check; later "
        "releases say 'quantized V cache requires flash_attn to be enabled'), llama.cpp 2025",
    ),
    KnownError(
        "num-float64-mixed",
        "Double (float64) or integer tensors meet float32 ones (NumPy's float64, a loss target of another dtype)",
        r"Found dtype \w{1,12} but expected \w{1,12}"
        r"|expected scalar type (?:Float|Half|BFloat16) but found Double|expected scalar type Double but found "
        r"(?:Float|Half|BFloat16)"
        #: torch 1.x (the TH / THC wrappers): "Expected object of scalar type Float but got scalar type Double for
        #: argument #2 'mat2'"
        r"|Expected object of scalar type (?:Float|Half|BFloat16) but got scalar type Double"
        r"|Expected object of scalar type Double but got scalar type (?:Float|Half|BFloat16)",
        "A float64 tensor met float32 weights, or a loss was computed from tensors of another dtype than the "
        "parameters: NumPy arrays are float64 by default and torch.from_numpy / torch.tensor keep that; a target "
        "of Double or Long given to MSELoss / BCELoss makes backward see gradients of another dtype ('Found dtype X "
        "but expected Y').",
        "Convert at the source: np.float32 arrays (`x.astype(np.float32)`), `torch.from_numpy(x).float()`, targets "
        "`.float()` for MSE / BCE losses (`.long()` class indices for CrossEntropyLoss), and create tensors in "
        "forward with dtype=x.dtype.",
        alternatives=("torch-dtype-mismatch",),
        weight=70,
        applies="any torch (eager), data from NumPy / pandas",
        shown_by=(_test("test_dtypes_beside_torchs_mismatch_rows"),),
        example="RuntimeError: Found dtype Double but expected Float",
        example_source="torch torch/csrc/autograd/engine.cpp (validate_outputs: 'Found dtype ... but expected ...'), "
        "torch 1.8+; aten's scalar type checks ('expected scalar type ... but found ...'), torch 2.x",
    ),
    KnownError(
        "num-mps-float64",
        "Cannot convert a MPS Tensor to float64 dtype (Apple's MPS backend has no float64)",
        r"Cannot convert a MPS Tensor to float64 dtype|MPS framework doesn't support float64",
        "Apple's Metal (MPS) backend has no float64: a float64 tensor (NumPy's default dtype, torch.tensor of Python "
        "floats with a float64 default, a library's float64 buffer or timestamp math) was moved to or created on "
        "the 'mps' device.",
        "Make it float32 before it reaches the GPU: `torch.from_numpy(x).float().to('mps')`, `x.astype(np.float32)`, "
        "`.to('mps', dtype=torch.float32)`; for a library that does float64 math internally run that part (or the "
        "whole model) on the CPU (device='cpu').",
        weight=86,
        applies="torch 1.12 and later on Apple silicon / AMD GPUs of Macs (the 'mps' device)",
        shown_by=(_test("test_dtypes_beside_torchs_mismatch_rows"),),
        example="TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support "
        "float64. Please use float32 instead.",
        example_source="torch aten/src/ATen/mps/EmptyTensor.cpp (MPS_ERROR_DOUBLE_NOT_SUPPORTED), torch 1.13+",
    ),
    KnownError(
        "num-result-type-cast",
        "result type Float can't be cast to the desired output type Long (an in-place op or out= of another dtype)",
        r"result type \w{1,16} can't be cast to the desired output type [\w ]{1,20}",
        "An in-place op (x += ..., x.div_(), clamp_) or an out= tensor asks torch to write a result of a wider dtype "
        "into a narrower one: a float result into an integer or bool tensor (true division of integers gives "
        "float since torch 1.5), or float64 into float32; torch refuses to cast it down silently.",
        "Make the destination the result's dtype (x = x.float() before the in-place op, or write `x = x + y` "
        "instead of `x += y`), or ask for an integer result (`torch.div(a, b, rounding_mode='floor')` / `a // b`); "
        "code written for old torch (e.g. older YOLOv5 / fairseq releases) is fixed in its newer releases.",
        variants=(
            Variant(
                r"\bdiv\b|rounding_mode|floor_divide|output type (?:Long|long int|Int)\b",
                "integer division",
                "Integer tensors divided with / give float since torch 1.5: use `torch.div(a, b, "
                "rounding_mode='floor')` (or `a // b`) where an integer result is meant, or cast the output with "
                ".long() after a float division.",
            ),
        ),
        weight=74,
        applies="torch 1.5 and later (type promotion of in-place and out= ops)",
        shown_by=(_test("test_dtypes_beside_torchs_mismatch_rows"),),
        example="RuntimeError: result type Float can't be cast to the desired output type Long",
        example_source="torch aten/src/ATen/TensorIterator.cpp (compute_types: 'result type ... can't be cast to the "
        "desired output type ...'), torch 1.5+",
    ),
    KnownError(
        "num-cuda-op-no-dtype-kernel",
        "\"<op>_cuda\" not implemented for 'BFloat16' / 'Half' (no CUDA kernel of this op for the dtype)",
        r"\"[\w.:]{1,60}_cuda\w{0,30}\" not implemented for '(?:Half|BFloat16|ComplexHalf|Float8_\w{1,10})'"
        # an integer tensor given to a floating-point op ("floor_cuda" not implemented for 'Long'; issue 36, round
        # sixty-four)
        # (not an op that takes an index tensor: nll_loss, embedding, gather, scatter, index_*: torch-index-dtype's)
        r"|\"(?![\w.:]{0,60}?(?:index|nll_loss|embedding|gather|scatter))[\w.:]{1,60}_cuda\w{0,30}\" not implemented "
        r"for '(?:Long|Int|Short|Char|Byte|Bool)'"
        # torch's CUDA upsampling kernels dispatch as "upsample_<mode>_out_frame" (aten/src/ATen/native/cuda/
        # UpSample*.cu; bfloat16 came to them in torch 2.x), the CPU's under other names (issue 36, round thirty-three)
        r"|\"upsample_\w{1,30}_out_frame\" not implemented for '(?:Half|BFloat16)'"
        # ROCm's scaled GEMM (torch._scaled_mm through TunableOp / hipBLASLt: "\"_tunable_scaled_gemm\" not
        # implemented for 'Float8_e4m3fn'"; issue 36, round fifty-four)
        r"|\"_\w{0,30}scaled_gemm\w{0,20}\" not implemented for 'Float8_\w{1,10}'",
        "This torch has no CUDA kernel of the op for this reduced precision (bfloat16 and half coverage of ops grew "
        "release by release): the op runs on the GPU, but not in this dtype in this version.",
        "Compute this op in float32 and cast back (`y = op(x.float()).to(x.dtype)`, or run it with "
        "`torch.autocast('cuda', enabled=False)` on float32 inputs), or upgrade torch (`torchtrt-compat check` "
        "shows which release fits the rest of the stack).",
        variants=(
            # issue 36, round sixty-four: a floating-point op (floor, ceil, round, mean, a norm) on an integer tensor
            Variant(
                r"_cuda\w{0,30}\" not implemented for '(?:Long|Int|Short|Char|Byte|Bool)'",
                "an integer tensor given to a floating-point op (labels as Long)",
                "The op has no kernel for integer tensors on the GPU: an int64 tensor (class labels, indices) went "
                "where floats were expected, often inside a library that assumes float labels (a check such as "
                "y.floor() == y.ceil()). Cast it before the call (`y.float()`, or pass labels as float / one-hot "
                "arrays as the library's examples do), or upgrade the library whose frame raised it: such casts are "
                "bugs its later releases fix.",
            ),
            # issue 36, round fifty-four: an FP8 GEMM on an AMD GPU: MI300 (gfx942) computes in the fnuz float8
            # types, not the OCP ones NVIDIA GPUs use
            Variant(
                r"\"_\w{0,30}scaled_gemm\w{0,20}\" not implemented for 'Float8_e[45]m[23]fn'|\bhipblaslt\b|\bgfx9\d\d\b"
                r"|\bROCm\b|\bHIP\b",
                "an FP8 matmul on an AMD GPU (ROCm)",
                "On ROCm the FP8 GEMM behind torch._scaled_mm takes the float8 types this GPU computes in: MI300 "
                "(gfx942) uses the 'fnuz' variants, so build the inputs as torch.float8_e4m3fnuz / "
                "torch.float8_e5m2fnuz there (the OCP torch.float8_e4m3fn / e5m2 are NVIDIA's and newer AMD "
                "GPUs'); or use a ROCm torch release whose hipBLASLt supports the OCP types on this GPU.",
            ),
            # issue 36, round forty-eight: a diffusion app that loads weights in float8 (ComfyUI's / Forge's
            # weight_dtype fp8_e4m3fn) and patches a LoRA into them: float8 tensors have no arithmetic kernels
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?not implemented for 'Float8_)(?=[\s\S]{{0,300000}}?(?:{COMFYUI}|{SD_WEBUI}"
                r"|\bForge\b|model weight dtype [^\n]{0,60}manual cast|\bRequested to load\b|\blora\b))",
                "a diffusion app that loaded the weights in float8 (ComfyUI / Forge weight dtype fp8)",
                "The app stores the model's weights in float8 (its weight dtype setting fp8_e4m3fn / fp8_e5m2) and "
                "this step, most often a LoRA patched into those weights, does arithmetic on them: float8 has no "
                "such kernel in torch (no torch update adds one). Load the model with the default / bf16 / fp16 "
                "weight dtype when you use LoRAs (ComfyUI: the loader's weight_dtype 'default'; Forge: the "
                "diffusion-in-low-bits option off or 'Automatic (fp16 LoRA)'), or update the app / loader node to a "
                "release that upcasts float8 weights before it applies a LoRA.",
            ),
            # a desktop app's node or pipeline ran in bfloat16: its precision setting, not the user's code, picks it
            Variant(
                rf"{COMFYUI}|{SD_WEBUI}|\bForge\b|\bInvokeAI\b|\bdiffusers\b",
                "a diffusion app or pipeline set to bfloat16 (ComfyUI node, web UI, diffusers)",
                "The app ran this step in bfloat16 and this torch has no CUDA kernel of the op for it (the GPU is "
                "used; it is not a CPU run): set that node's or pipeline's precision / dtype option to fp16 or fp32 "
                "(ComfyUI nodes' dtype widgets, the web UI's --no-half / upcast options, diffusers' torch_dtype), "
                "or pick a mode of the node that avoids the op; or update torch in the app's own Python (its venv "
                "/ python_embeded) to a release with the bfloat16 kernel.",
            ),
        ),
        op=r"\"([\w.:]{1,60})\" not implemented for",
        weight=76,
        applies="torch CUDA builds; ops without a half / bfloat16 kernel in that release",
        shown_by=(_test("test_dtypes_beside_torchs_mismatch_rows"),),
        example="RuntimeError: \"erfinv_cuda\" not implemented for 'BFloat16'",
        example_source="torch aten/src/ATen/Dispatch.h (AT_DISPATCH_*: '\"name\" not implemented for 'dtype''), "
        "torch 2.x",
    ),
    KnownError(
        "num-bf16-to-numpy",
        "Got unsupported ScalarType BFloat16 (a bfloat16 tensor converted to NumPy)",
        r"Got unsupported ScalarType \w{1,20}",
        "NumPy has no bfloat16 (nor float8 or some unsigned types): tensor.numpy(), np.array(tensor) or a library "
        "that converts outputs to NumPy (plotting, metrics, saving) was given a bfloat16 tensor.",
        "Cast before converting: `t.float().cpu().numpy()` (or `.to(torch.float32)`); keep the model in bfloat16 "
        "and convert only its outputs.",
        weight=78,
        applies="any torch with bfloat16 (or float8) tensors handed to NumPy",
        shown_by=(_test("test_dtypes_beside_torchs_mismatch_rows"),),
        example="TypeError: Got unsupported ScalarType BFloat16",
        example_source="torch torch/csrc/utils/tensor_numpy.cpp (aten_to_numpy_dtype), torch 2.x",
    ),
    KnownError(
        "num-bnb-blockwise-dtype",
        "bitsandbytes: Blockwise quantization only supports 16/32-bit floats (an already-quantized weight quantized "
        "again)",
        r"Blockwise quantization only supports 16/32-bit floats, but got",
        "bitsandbytes was asked to quantize a tensor that is not float16 / bfloat16 / float32: almost always a weight "
        "that is already quantized (uint8, the packed 4-bit / 8-bit storage) being quantized again when the model "
        "is moved or offloaded after loading (.to('cuda') / .cuda(), diffusers' sequential CPU offload, a device "
        "map that reloads layers), less often a float64 tensor.",
        "Load the model straight onto its device (device_map / quantization_config at from_pretrained) and do not "
        "move or cast it afterwards (no .to() / .half() / .cuda() on a bitsandbytes model); keep bitsandbytes, "
        "transformers, accelerate (and diffusers) at versions released together.",
        variants=(
            Variant(
                r"sequential_cpu_offload|diffusers",
                "diffusers",
                "Use `pipe.enable_model_cpu_offload()` instead of enable_sequential_cpu_offload() with a "
                "bitsandbytes-quantized transformer / text encoder: sequential offload re-quantizes the packed "
                "weights.",
            ),
        ),
        weight=80,
        applies="bitsandbytes 4-bit / 8-bit (transformers, diffusers, PEFT)",
        shown_by=(_test("test_mixed_precision_training_in_each_products_words"),),
        example="ValueError: Blockwise quantization only supports 16/32-bit floats, but got torch.uint8",
        example_source="bitsandbytes bitsandbytes/backends/cuda/ops.py (quantize_blockwise / quantize_4bit kernels), "
        "bitsandbytes 0.45+; bitsandbytes/functional.py before",
    ),
    KnownError(
        "num-loss-scale-at-minimum",
        "Current loss scale already at minimum (fp16 gradients overflow on every step: DeepSpeed)",
        r"Current loss scale already at minimum - cannot decrease scale anymore",
        "fp16 training with dynamic loss scaling halves the scale after each step whose gradients hold inf / NaN; "
        "here every step overflowed until the scale reached its minimum: the loss or the gradients are NaN / inf "
        "whatever the scale (a diverged run, a learning rate too high, a model that overflows float16's 65504, a "
        "checkpoint trained in bfloat16 fine-tuned in fp16, bad data).",
        'Train in bfloat16 on compute capability 8.0+ (DeepSpeed config: "bf16": {"enabled": true} and no '
        '"fp16" block; Trainer bf16=True), which needs no loss scaling; otherwise find the first NaN (check the '
        "loss and inputs with torch.isfinite), lower the learning rate, clip gradients, and keep the model's "
        "original dtype (a bfloat16-trained model in fp16 overflows).",
        weight=84,
        applies="DeepSpeed fp16 (dynamic loss scaler), Megatron-DeepSpeed and the trainers built on them",
        shown_by=(_test("test_loss_scaling_in_each_products_words"),),
        example="Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
        example_source="DeepSpeed deepspeed/runtime/fp16/loss_scaler.py (DynamicLossScaler.update_scale, "
        "raise_error_at_min_scale), DeepSpeed 0.9+",
    ),
)

#: notices: the program goes on, in another precision or slower
_NOTICES: tuple[KnownError, ...] = (
    KnownError(
        "num-fp8-fast-path-fallback",
        "An FP8 fast path (torch._scaled_mm) refused, and the program falls back to a dequantized matmul (slower, "
        "same results)",
        r"\b(?:FP8|float8)\b[^\n]{0,120}?\bfalling back to (?:dequantiz\w{1,10}|\w{1,20} (?:matmul|GEMM|weights?))"
        r"|_scaled_mm\b[^\n]{0,120}?(?:failed|not supported|unavailable)[^\n]{0,40}?\bfall(?:ing)? ?back\b",
        "A notice, not a failure: the program tried its FP8 fast path (torch._scaled_mm on float8 weights) and "
        "torch refused it (scales not in float32, a shape that is no multiple of 16, a GPU below compute "
        "capability 8.9), so it dequantizes the FP8 weights and multiplies in bf16 / fp16 instead: the result is "
        "the same, the step is slower and needs more memory.",
        "Nothing has to be done for correctness. To get the fast path back, update the program (releases cast "
        "the scales to float32 before torch._scaled_mm) or use a checkpoint whose scales are stored in float32, "
        "on a GPU with FP8 (compute capability 8.9+). If the program failed, the error after this line is the "
        "one to explain.",
        severity="notice",
        weight=30,
        applies="applications with FP8 weights and a torch._scaled_mm fast path (ComfyUI's fp8 scaled models, "
        "FP8 linear layers with a dequantizing fallback)",
        shown_by=(_r48("test_fp8_fallback_is_a_notice"),),
        example="FP8 _scaled_mm failed, falling back to dequantization: Both scale_a and scale_b must be float "
        "(fp32) tensors.",
        example_source="tests/troubleshooting/test_round48_v48fp8.py (an application's fallback notice that quotes "
        "torch's _scaled_mm check)",
    ),
    KnownError(
        "num-tf32-notice",
        "TensorFloat32 tensor cores available but not enabled (a speed notice from torch or Lightning)",
        r"TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled"
        # Lightning's rank_zero_info (one line in its source; a terminal or a paste may break it anywhere, and a paste
        # may keep only its first sentence or only its advice)
        r"|that has Tensor Cores\.\s{1,8}To properly\s{1,8}utilize them,?\s{1,8}you should set\s{1,8}"
        r"`?torch\.set_float32_matmul_precision"
        r"|You are using a CUDA device \('[^'\n]{1,80}'\) that has Tensor Cores\.?\s*$"
        r"|^\s{0,8}To properly utilize them, you should set `?torch\.set_float32_matmul_precision"
        r"\('medium' \| 'high'\)",
        "A notice, not a failure: the GPU (compute capability 8.0+) can run float32 matrix multiplies on TF32 tensor "
        "cores, but torch keeps full float32 by default; the results are right, only slower than they could be.",
        "Nothing to fix. For speed at slightly lower matmul precision call "
        "`torch.set_float32_matmul_precision('high')` (or 'medium') once at program start; keep the default when "
        "float32 accuracy matters. If the program failed, the error after this line is the one to explain.",
        variants=(
            Variant(
                r"Tensor Cores\.\s{1,8}To properly|You are using a CUDA device \('"
                r"|set_float32_matmul_precision\('medium' \| 'high'\)",
                "Lightning",
                "Lightning only reminds you: add `torch.set_float32_matmul_precision('high')` (or 'medium') before "
                "Trainer.fit, or ignore it; nothing failed.",
            ),
        ),
        severity="notice",
        weight=30,
        applies="torch 2.x with torch.compile (inductor) on compute capability 8.0+; Lightning 2.x",
        shown_by=(_test("test_precision_notices_are_no_failures"),),
        example="UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not "
        "enabled. Consider setting `torch.set_float32_matmul_precision('high')` for better performance.",
        example_source="torch torch/_inductor/compile_fx.py (_warn_tf32_disabled), torch 2.x; Lightning "
        "src/lightning/fabric/accelerators/cuda.py (_check_cuda_matmul_precision), Lightning 2.x",
    ),
    KnownError(
        "num-tf-mixed-precision-check",
        "TensorFlow's mixed precision check: the GPU may run mixed_float16 slowly (compute capability below 7.0)",
        r"Mixed precision compatibility check \(mixed_(?:float16|bfloat16)\): WARNING",
        "A notice from Keras' mixed precision policy: float16 runs fast only on tensor cores (compute capability "
        "7.0+: V100, T4, RTX 20xx and newer); on this GPU (Pascal, Maxwell, Kepler) or with no GPU visible, "
        "mixed_float16 works but may be slower than float32.",
        "Nothing fails. On a GPU below compute capability 7.0 (or with no GPU) keep the default float32 policy (no "
        "`keras.mixed_precision.set_global_policy('mixed_float16')`); if TensorFlow should see a GPU but names "
        "none, check `tf.config.list_physical_devices('GPU')`.",
        severity="notice",
        weight=30,
        applies="TensorFlow 2.4 to 2.15 / tf-keras (tf.keras.mixed_precision Policy 'mixed_float16')",
        shown_by=(_test("test_precision_notices_are_no_failures"),),
        example="WARNING:tensorflow:Mixed precision compatibility check (mixed_float16): WARNING\nYour GPU may run "
        "slowly with dtype policy mixed_float16 because it does not have compute capability of at least 7.0. Your "
        "GPU:\n  Tesla K80, compute capability 3.7",
        example_source="TensorFlow tensorflow/python/keras/mixed_precision/device_compatibility_check.py "
        "(_log_device_compatibility_check), TensorFlow 2.4+; tf-keras keras/mixed_precision/"
        "device_compatibility_check.py",
    ),
    KnownError(
        "num-jax-x64-notice",
        "JAX truncated a float64 / int64 request to 32 bits (jax_enable_x64 is off; a notice)",
        r"will be truncated to dtype \w{1,12}\. To enable more dtypes|set the jax_enable_x64 configuration option",
        "A notice: JAX computes in 32 bits unless jax_enable_x64 is set, so an array asked for as float64 / int64 "
        "was made float32 / int32; the program goes on in single precision (Keras on the JAX backend prints it for "
        "int64 inputs, harmlessly).",
        "Nothing fails. If the computation needs 64 bits, set `jax.config.update('jax_enable_x64', True)` at "
        "program start, before any array is made (or JAX_ENABLE_X64=1); otherwise ask for float32 / int32 and the "
        "notice stops. float64 is slow on most consumer GPUs.",
        severity="notice",
        weight=30,
        applies="JAX and jax-based libraries (Flax, Keras 3 on JAX, NumPyro)",
        shown_by=(_test("test_precision_notices_are_no_failures"),),
        example="UserWarning: Explicitly requested dtype float64 requested in zeros is not available, and will be "
        "truncated to dtype float32. To enable more dtypes, set the jax_enable_x64 configuration option or the "
        "JAX_ENABLE_X64 shell environment variable.",
        example_source="JAX jax/_src/dtypes.py (check_user_dtype_supported / _check_user_dtype_supported), jax 0.4",
    ),
    KnownError(
        "num-fp8-weight-only-notice",
        "vLLM: no native FP8 on this GPU, FP8 weights run weight-only through Marlin (a notice)",
        r"does not have native support for FP8 computation but FP8 quantization is being used",
        "A notice: the GPU (compute capability below 8.9) has no FP8 tensor cores, so vLLM keeps the FP8 checkpoint's "
        "weights in FP8 and computes in float16 / bfloat16 with its Marlin kernels; the model serves, compute-heavy "
        "batches are slower.",
        "Nothing fails. For full speed on this GPU serve a bf16 / fp16, AWQ or GPTQ checkpoint; native FP8 needs an "
        "Ada or Hopper GPU. If the server did fail, the error after this line is the one to explain.",
        severity="notice",
        weight=30,
        applies="vLLM 0.5+ with FP8 checkpoints or --quantization fp8 on Ampere / Turing GPUs",
        shown_by=(_test("test_fp8_in_each_products_words"),),
        example="WARNING 06-19 05:51:34 [marlin_utils_fp8.py:103] Your GPU does not have native support for FP8 "
        "computation but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the "
        "Marlin kernel. This may degrade performance for compute-heavy workloads.",
        example_source="vLLM vllm/model_executor/layers/quantization/utils/marlin_utils_fp8.py "
        "(prepare_fp8_layer_for_marlin), vLLM 0.5+",
    ),
    KnownError(
        "num-bnb-compute-dtype-notice",
        "bitsandbytes: Linear4bit input in float16 but bnb_4bit_compute_dtype float32 (a speed notice)",
        r"Input type into Linear4bit is torch\.\w{1,12}, but bnb_4bit_compute_dtype=torch\.\w{1,12}",
        "A notice: the 4-bit layers dequantize to bnb_4bit_compute_dtype (float32 by default) while the inputs are "
        "float16, so every matmul runs in float32: right results, slower inference or training.",
        "Nothing fails. Set the compute dtype to the model's: `BitsAndBytesConfig(load_in_4bit=True, "
        "bnb_4bit_compute_dtype=torch.bfloat16)` (torch.float16 on GPUs below compute capability 8.0).",
        severity="notice",
        weight=30,
        applies="bitsandbytes 0.39+ 4-bit (Linear4bit), transformers / PEFT QLoRA",
        shown_by=(_test("test_precision_notices_are_no_failures"),),
        example="UserWarning: Input type into Linear4bit is torch.float16, but bnb_4bit_compute_dtype=torch.float32 "
        "(default). This will lead to slow inference or training speed.",
        example_source="bitsandbytes bitsandbytes/nn/modules.py (Linear4bit.set_compute_type), bitsandbytes 0.41+",
    ),
    KnownError(
        "num-loss-scale-overflow-notice",
        "fp16 gradient overflow, step skipped and loss scale reduced (DeepSpeed, Apex, ESPnet, fairseq: a notice)",
        r"OVERFLOW! Rank \d{1,5} Skipping step\. Attempted loss scale"
        r"|loss scale overflow! Skipping step\. Attempted loss scale"
        r"|Gradient overflow\. {1,2}Skipping step, loss scaler \d{1,3} reducing loss scale to"
        # ESPnet's trainer (espnet2/train/trainer.py: a non-finite grad norm under use_amp skips the step) and
        # fairseq's (fairseq/trainer.py, fp16_optimizer.py: "overflow detected, setting loss scale to: N")
        r"|The grad norm is (?:nan|inf)\. Skipping updating the model"
        r"|overflow detected, setting (?:loss )?scale to:? {0,2}\d",
        "A notice of dynamic loss scaling at work: fp16 gradients overflowed at this scale, so the optimizer skipped "
        "the step and halved the scale. A few at the start of training (the scale starts high) are normal.",
        "Nothing to fix while they are occasional. If they repeat every step (or the scale keeps falling), the loss "
        'or gradients are NaN / inf: train in bfloat16 on compute capability 8.0+ (DeepSpeed "bf16": '
        '{"enabled": true}; Apex is superseded by torch.amp), lower the learning rate, clip gradients.',
        variants=(
            Variant(
                r"Skipping updating the model|\bespnet\d?\b|use_amp",
                "ESPnet (use_amp: true, torch's GradScaler)",
                "Occasional 'grad norm is nan' skips are GradScaler's normal dynamic loss scaling (it starts at "
                "2**16 and lowers the scale). Only if every step is skipped does the fp16 forward itself overflow: "
                "compute the loss (and other overflow-prone ops) in float32 outside autocast, or train in bfloat16 / "
                "float32 (use_amp: false).",
            ),
        ),
        severity="notice",
        weight=30,
        applies="DeepSpeed fp16 (loss_scaler.py, fused / unfused optimizers), NVIDIA Apex amp, ESPnet's and "
        "fairseq's trainers",
        shown_by=(_test("test_loss_scaling_in_each_products_words"),),
        example="[2023-07-24 13:21:32,378] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 "
        "Skipping step. Attempted loss scale: 4294967296, reducing to 2147483648",
        example_source="DeepSpeed deepspeed/runtime/fp16/loss_scaler.py (DynamicLossScaler.update_scale) and "
        "fp16/unfused_optimizer.py, DeepSpeed 0.9+; Apex apex/amp/handle.py (skip_step)",
    ),
)

FAMILIES: tuple[KnownError, ...] = (*_FAILURES, *_NOTICES)
