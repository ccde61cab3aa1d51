"""`explain`, round thirty-one (issue 36): fine-tuning stacks and their kernel packages. flash-attn 1.x's dtype check
in its bare TORCH_CHECK wording, its source build finding no CUDA 11+ nvcc, the sm80-only flash backward of flash-attn
0.x and torch 2.0's SDPA, Triton 2.0-dev's cache KeyError of a flash-attention kernel, a Triton kernel written for the
old tl.dot(trans_b=...), transformers' flash-attention-2 notices, HIP's "invalid device function" in ROCm's words, and
Liger's fused loss under a trainer that reads logits. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_flash_attn_1_dtype_check_in_its_condition_wording() -> None:
    for cond in (
        "q_dtype == torch::kFloat16 || ((is_sm8x || is_sm90) && q_dtype == torch::kBFloat16)",
        "q_dtype == torch::kFloat16 || (is_sm8x && q_dtype == torch::kBFloat16)",
    ):
        text = (
            '  File "/env/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py", line 21, in _flash_attn_'
            f"forward\nRuntimeError: Expected {cond} to be true, but got false.  (Could this error message be "
            "improved?)"
        )
        key, fix = first(text)
        assert key == "kern-flash-attn-dtype", text
        assert "--bf16" in fix and "flash-attention patch" in fix
    # flash-attn 2's own words keep the general fix
    key, fix = first("RuntimeError: FlashAttention only support fp16 and bf16 data type")
    assert key == "kern-flash-attn-dtype" and "flash-attention patch" not in fix
    # another TORCH_CHECK condition on a dtype is no flash-attn dtype check
    assert first("RuntimeError: Expected self.dtype == torch::kFloat to be true, but got false.")[0] != (
        "kern-flash-attn-dtype"
    )


def test_flash_attn_source_build_without_a_cuda_11_nvcc() -> None:
    for text in (
        '      File "<string>", line 110, in <module>\n      RuntimeError: FlashAttention is only supported on CUDA 11 '
        "and above\n      [end of output]\n  error: metadata-generation-failed",
        "RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a "
        "supported version by running nvcc -V.",
    ):
        key, fix = first(text)
        assert key == "build-cuda-home-unset", text
        assert "nvcc -V" in fix and "driver's" in fix and "prebuilt flash-attn wheel" in fix
    # the extension builder's own words keep their fix
    key, fix = first("OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.")
    assert key == "build-cuda-home-unset" and "flash-attn" not in fix


def test_flash_backward_gated_to_sm80() -> None:
    torch_sdpa = (
        '  File "/env/lib/python3.10/site-packages/torch/autograd/__init__.py", line 200, in backward\n'
        "    Variable._execution_engine.run_backward(\nRuntimeError: Expected is_sm80 to be true, but got false.  "
        "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)"
    )
    key, fix = first(torch_sdpa)
    assert key == "torch-flash-attn-gpu" and "enable_flash_sdp(False)" in fix
    package = (
        '  File "/env/lib/python3.8/site-packages/flash_attn/flash_attn_interface.py", line 42, in _flash_attn_'
        "backward\nRuntimeError: Expected is_sm80 to be true, but got false."
    )
    key, fix = first(package)
    assert key == "torch-flash-attn-gpu" and "flash-attn" in fix and "enable_flash_sdp" not in fix
    # flash-attn 1.x's "is_sm80 || is_sm90" keeps the family's general fix
    key, fix = first("RuntimeError: Expected is_sm80 || is_sm90 to be true, but got false.")
    assert key == "torch-flash-attn-gpu" and "enable_flash_sdp" not in fix


_CACHE_KEY = (
    "KeyError: ('2-.-0-.-0-0a1b2c3d4e5f60718293a4b5c6d7e8f9-ffeeddccbbaa99887766554433221100', (torch.float16, "
    "torch.float16, 'fp32', 'i32'), ('none', True, 64, False), (True, True, (False,)))"
)


def test_triton_flash_attention_cache_miss() -> None:
    for frame in ('  File "<string>", line 21, in _bwd_kernel', '  File "<string>", line 41, in _fwd_kernel'):
        text = "Traceback (most recent call last):\n" + frame + "\n" + _CACHE_KEY
        key, fix = first(text)
        assert key == "gpu-kernel-needs-newer-gpu", text
        assert "During handling of the above exception" in fix and "non-Triton attention option" in fix
    # a KeyError of the program's own dict is no Triton cache miss
    assert (
        first("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\nKeyError: 'labels'")[0]
        != "gpu-kernel-needs-newer-gpu"
    )
    # the chain goes on to an out-of-resources error: that one is the answer
    chained = (
        'Traceback (most recent call last):\n  File "<string>", line 21, in _bwd_kernel\n' + _CACHE_KEY + "\n\n"
        "During handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n"
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 131072, Hardware limit: "
        "101376. Reducing block sizes or `num_stages` may help."
    )
    assert first(chained)[0] == "kern-triton-out-of-resources"


def test_triton_kernel_written_for_the_old_tl_dot() -> None:
    compile_error = (
        '  File "/env/lib/python3.11/site-packages/triton/compiler/compiler.py", line 113, in make_ir\n'
        "    return ast_to_ttir(self.fn, self, context=context, options=options)\n"
        "triton.compiler.errors.CompilationError: at 52:16:\n"
        "        acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)\n"
        "        acc += tl.dot(a, b, trans_b=True)\n"
        "                ^"
    )
    type_error = (
        '  File "/env/lib/python3.10/site-packages/triton/language/core.py", line 30, in wrapper\n'
        "    return fn(*args, **kwargs)\nTypeError: dot() got an unexpected keyword argument 'trans_a'"
    )
    for text in (compile_error, type_error):
        key, fix = first(text)
        assert key == "kern-triton-version-mismatch", text
        assert "tl.trans(b)" in fix and "pip uninstall triton" in fix
    # the chain's first KeyError does not take the answer from the trans_b TypeError below it
    chained = (
        '  File "<string>", line 41, in _fwd_kernel\n' + _CACHE_KEY + "\n\nDuring handling of the above exception, "
        "another exception occurred:\n\n" + type_error
    )
    assert first(chained)[0] == "kern-triton-version-mismatch"
    # a CompilationError on another line keeps no trans_b fix
    other = "triton.compiler.errors.CompilationError: at 10:4:\n    x = tl.load(ptr + offs, mask=m)\n"
    found = explain(other)
    assert not found or found[0].key != "kern-triton-version-mismatch"


def test_flash_attention_2_notices() -> None:
    for text in (
        "You are attempting to use Flash Attention 2.0 with a model not initialized on GPU. Make sure to move the "
        "model to GPU after initializing it on CPU with `model.to('cuda')`.",
        "You are attempting to use Flash Attention 2 with a model not initialized on GPU. Please make sure to have "
        "access to a GPU and either initialise the model on a GPU by passing a device_map or initialising the model "
        "on CPU and then moving it to GPU, e.g. with `model.to('cuda')`.",
        "You are attempting to use Flash Attention 2.0 without specifying a torch dtype. This might lead to "
        "unexpected behaviour",
    ):
        found = explain(text)
        assert found and found[0].key == "kern-flash-attn-init-notice", text
        assert found.outcome == "warnings-only", found.summary
    # with no GPU at all transformers raises: no notice
    raised = (
        "ValueError: You are attempting to use Flash Attention 2.0 with a model not initialized on GPU and with no "
        "GPU available. This is not supported yet."
    )
    assert first(raised)[0] != "kern-flash-attn-init-notice"
    # a failure after the notice is the answer
    then = (
        "You are attempting to use Flash Attention 2.0 with a model not initialized on GPU. Make sure to move the "
        "model to GPU after initializing it on CPU with `model.to('cuda')`.\n"
        "RuntimeError: FlashAttention only support fp16 and bf16 data type"
    )
    assert first(then)[0] == "kern-flash-attn-dtype"


def test_hip_invalid_device_function_in_rocm_words() -> None:
    for text in (
        "RuntimeError: HIP error: invalid device function\nHIP kernel errors might be asynchronously reported",
        "torch 2.3.0+rocm6.0\nRuntimeError: CUDA error: invalid device function",
        "Error invalid device function at line 512 in file /src/csrc/kernels.hip",
    ):
        key, fix = first(text)
        assert key == "torch-invalid-device-function", text
        assert "gfx" in fix and "sm_XY" not in fix and "TORCH_CUDA_ARCH_LIST" not in fix, fix
    bnb = (
        '  File "/venv/lib/python3.10/site-packages/bitsandbytes/functional.py", line 1700, in igemmlt\n'
        "Error invalid device function at line 679 in file /bitsandbytes/csrc/ops.hip"
    )
    key, fix = first(bnb)
    assert key == "torch-invalid-device-function" and "BNB_ROCM_ARCH" in fix and "sm_XY" not in fix
    # CUDA on an NVIDIA GPU keeps the CUDA-worded fix
    key, fix = first("RuntimeError: CUDA error: invalid device function\nNVIDIA GeForce RTX 3090")
    assert key == "torch-invalid-device-function" and "TORCH_CUDA_ARCH_LIST" in fix and "gfx" not in fix


def test_liger_fused_loss_under_a_trainer() -> None:
    trace = (
        '  File "/env/lib/python3.11/site-packages/trl/trainer/sft_trainer.py", line 444, in compute_loss\n'
        "    shift_logits = outputs.logits[..., :-1, :].contiguous()\n"
        "                   ~~~~~~~~~~~~~~^^^^^^^^^^^^^\n"
        "TypeError: 'NoneType' object is not subscriptable"
    )
    key, fix = first("from liger_kernel.transformers import apply_liger_kernel_to_llama\n" + trace)
    assert key == "kern-liger-no-logits" and "use_liger_kernel=True" in fix
    # the same TypeError without Liger in the text: no Liger answer
    found = explain(trace)
    assert not found or found[0].key != "kern-liger-no-logits"
    # Liger shown, another NoneType error: no Liger answer
    other = "import liger_kernel\n    x = batch['input_ids'][0]\nTypeError: 'NoneType' object is not subscriptable"
    found = explain(other)
    assert not found or found[0].key != "kern-liger-no-logits"
