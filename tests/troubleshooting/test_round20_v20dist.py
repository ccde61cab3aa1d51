"""`explain`, round twenty (issue 36), devices, multi-GPU launchers and the miss path: invalid device ordinal from a
launched rank (transformers' TrainingArguments._setup_devices, deepspeed, torchrun) and on several nodes (the global
rank used as the device); an index tensor on another GPU (torch's index_select check); torch's GPU count of 0 told in
words; PaddlePaddle's multi-GPU failure logged at WARNING level (python/paddle/fluid/install_check.py, EnforceNotMet's
"Original Error is:"); a prebuilt binary's build path (/home/runner/work/...cu:N) is no CI runner; a miss names the
library of the innermost non-torch frame, quotes a framework's own error line (Marian's "] Error: ", pydantic's
"(type=value_error)") and knows CUDA's messages inside a library's wrapper. Near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

_ORDINAL = "RuntimeError: CUDA error: invalid device ordinal"


def test_invalid_device_ordinal_from_a_launched_rank() -> None:
    # spongebbob/finetune-chatglm2-6b#2: transformers/training_args.py _setup_devices calls set_device(local_rank)
    text = (
        "/opt/conda/lib/python3.10/site-packages/transformers/training_args.py:1650 in _setup_devices\n"
        "    torch.cuda.set_device(device)\n" + _ORDINAL
    )
    key, fix = first(text)
    assert key == "torch-invalid-device" and "--nproc_per_node" in fix and "--num_gpus" in fix
    key, fix = first("deepspeed --num_gpus 4 train.py\n" + _ORDINAL)
    assert key == "torch-invalid-device" and "ranks per node" in fix
    # sgl-project/SpecForge#154: two nodes, the device picked by the global rank
    multi = "torchrun --nproc_per_node=8 --nnodes=2 --node-rank=$RANK scripts/prepare.py --tp-size 16\n\n" + _ORDINAL
    key, fix = first(multi)
    assert key == "torch-invalid-device" and "LOCAL_RANK" in fix and "global RANK" in fix
    # near misses: one node (--nnodes=1) is the single-node variant; a hard-coded index keeps the general fix
    key, fix = first("torchrun --nproc_per_node=8 --nnodes=1 train.py\n" + _ORDINAL)
    assert key == "torch-invalid-device" and "global RANK" not in fix and "--nproc_per_node" in fix
    key, fix = first("model.cuda(3)\n" + _ORDINAL)
    assert key == "torch-invalid-device" and "LOCAL_RANK" not in fix and "device_count()" in fix


def test_index_tensor_on_another_gpu() -> None:
    # tobyperrett/trx#7: aten's index_select check under a two-GPU wrapper
    text = (
        '  File "/trx-main/model.py", line 94, in forward\n'
        "    class_k = torch.index_select(mh_support_set_ks, 0, self._extract_class_indices(support_labels, c))\n"
        "RuntimeError: Input, output and indices must be on the current device"
    )
    key, fix = first(text)
    assert key == "device-mismatch" and "input's device" in fix and "DataParallel" in fix
    key, fix = first("RuntimeError: indices should be either on cpu or on the same device as the indexed tensor (cpu)")
    assert key == "torch-weight-device-mismatch" and "input's device" in fix
    # near miss: a layer's weights on the CPU keep the move-the-model fix
    key, fix = first("RuntimeError: Input type (torch.cuda.HalfTensor) and weight type (torch.HalfTensor) should be")
    assert key == "torch-weight-device-mismatch" and "ModuleList" in fix and "DataParallel" not in fix


def test_gpu_count_of_zero_in_words() -> None:
    # shi-labs/Versatile-Diffusion#23
    text = "def_rank in lib/sync.py does modulo by 0 error when torch.cuda.device_count() returns 0 (app crashes)"
    assert first(text)[0] == "cuda-unavailable"
    assert "cuda-unavailable" in keys("torch.cuda.device_count() == 0")
    # near miss: a count of 0 that is part of a larger number, or of 2
    assert "cuda-unavailable" not in keys("torch.cuda.device_count() returns 08")
    assert "cuda-unavailable" not in keys("torch.cuda.device_count() returns 2 and training is slow")


_PADDLE = (
    "Running Verify Fluid Program ...\n"
    "W0318 01:57:14.200362 29 device_context.cc:252] Please NOTE: device: 0, CUDA Capability: 61, Driver API "
    "Version: 11.0, Runtime API Version: 10.0\n"
    "Your Paddle Fluid works well on SINGLE GPU or CPU.\n"
    "WARNING:root:Your Paddle Fluid has some problem with multiple GPU. This may be caused by:\n\n"
    "There is only 1 or 0 GPU visible on your Device;\n"
    "Original Error is:\n\n"
    "C++ Call Stacks (More useful to developers):\n"
    "0 std::string paddle::platform::GetTraceBackString<char const*>(char const*&&, char const*, int)\n"
    "2 paddle::platform::NCCLContextMap::NCCLContextMap(std::vector<\n"
)


def test_paddle_failure_at_warning_level_is_a_failure() -> None:
    # yeyupiaoling/PaddlePaddle-DeepSpeech#21: python/paddle/fluid/install_check.py logs it with logging.warning
    lv = levels(_PADDLE)
    assert not lv.warnings_only and "problem with multiple GPU" in lv.first_error
    result = explain(_PADDLE)
    assert result.outcome != "warnings-only" and "multi-GPU" in (result.next_step or "")
    # near miss: the single-GPU success line alone with a glog warning stays warnings-only
    ok = _PADDLE.split("WARNING:root")[0]
    assert levels(ok).warnings_only


def test_prebuilt_binarys_build_path_is_no_ci_runner() -> None:
    # marella/ctransformers#139: the ggml-cuda.cu path was compiled into the wheel on a GitHub runner
    text = (
        "CUDA error 35 at /home/runner/work/ctransformers/ctransformers/models/ggml/ggml-cuda.cu:5067: CUDA driver "
        "version is insufficient for CUDA runtime version"
    )
    key, fix = first(text)
    assert key == "cuda-driver-insufficient" and "hosted runner" not in fix
    # near miss: the user's own CI log (a runner's workspace holding a test file) still reads as a CI runner
    ci = "Run cd /home/runner/work/app/app && pytest tests/test_gpu.py\n" + text
    key, fix = first(ci)
    assert key == "no-nvidia-gpu" and "hosted runner" in fix


def test_miss_names_the_library_of_the_innermost_frame() -> None:
    # vipshop/cache-dit#353: torch's nn.Module frames around cache_dit's own
    text = (
        '[rank4]:   File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1762, in '
        "_call_impl\n"
        "[rank4]:     return forward_call(*args, **kwargs)\n"
        '[rank4]:   File "/usr/local/lib/python3.12/dist-packages/cache_dit/cache_factory/cache_blocks/'
        'pattern_base.py", line 213, in forward\n'
        "[rank4]:     Fn_hidden_states_residual = hidden_states - original_hidden_states\n"
        "[rank4]: RuntimeError: The size of tensor a (2535) must match the size of tensor b (20280) at non-singleton "
        "dimension 1"
    )
    result = explain(text)
    if not result:  # a family may come to know this text; the miss path is what this checks
        assert result.library == "cache_dit"
    # near miss: frames only in torch keep torch
    only_torch = text.replace("cache_dit/cache_factory/cache_blocks", "torch/nn/modules")
    result = explain(only_torch)
    if not result:
        assert result.library != "cache_dit"


def test_miss_quotes_a_frameworks_own_error_line() -> None:
    # marian-nmt/marian#333: Marian's logger under docker compose's prefix
    marian = (
        "czech2en-mt_1  | [2021-04-28 12:15:58] [memory] Reserving 797 MB, device gpu0\n"
        "czech2en-mt_1  | [2021-04-28 12:15:58] Error: Cublas Error: 13 - /marian/src/tensors/gpu/prod.cpp:330: "
        "cublasGemmBatchedTyped(cublasHandle, compute)\n"
    )
    assert "Cublas Error: 13" in levels(marian).first_error
    # nomic-ai/gpt4all#2083: pydantic v1's validation error
    gpt = (
        "2024-03-08 11:53:25,296 : INFO : Starting Main...\n2024-03-08 11:53:25,770 : DEBUG : 1 validation error for "
        "GPT4All\n__root__\n  Unable to retrieve list of all GPU devices (type=value_error)"
    )
    assert "Unable to retrieve list" in levels(gpt).first_error
    # near miss: a timestamped info line holds no error
    assert not levels("[2021-04-28 12:15:58] [memory] Reserving 797 MB, device gpu0").first_error


def test_cuda_message_in_a_librarys_wrapper_is_a_cuda_error() -> None:
    # comfy-org/comfy-kitchen#55: "CUDA <op> failed: <cudaGetErrorString>"
    text = "RuntimeError: CUDA INT8 rowwise quantization failed: invalid argument\nGPU: Tesla T4, SM75"
    result = explain(text)
    if not result:
        assert "no CUDA error" not in (result.next_step or "")
    # near miss: a Python argument error that is no CUDA message keeps the no-CUDA-error step
    plain = 'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nValueError: invalid argument x'
    result = explain(plain)
    if not result:
        assert "CUDA_LAUNCH_BLOCKING" not in (result.command or "")
