"""`explain`, round fifty (issue 36): a compiled binding that refuses its arguments (pybind11 / nanobind's
"incompatible function arguments"), onnxruntime's arena refusal cut inside its function's signature, torchvision's
video backends that no wheel has, torch.multiprocessing's report of a worker killed with SIGKILL, and lines that
call themselves warnings (an optional extension's "Ignore this warning ...", "This affects speed."). Near misses keep
their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_binding_that_refuses_its_arguments() -> None:
    for text in (
        "TypeError: selective_scan_fwd(): incompatible function arguments. The following argument types are "
        "supported:\n    1. (arg0: torch.Tensor, arg1: torch.Tensor, arg2: torch.Tensor) -> list[torch.Tensor]\n\n"
        "Invoked with: tensor([[1.]]), tensor([[1.]]), None, None, True",
        '  File "/opt/venv/lib/python3.11/site-packages/mypkg/ops.py", line 40, in forward\n'
        "    out = _C.fused_norm(x, weight, eps)\nTypeError: fused_norm(): incompatible function arguments.",
        "TypeError: __init__(): incompatible constructor arguments. The following argument types are supported:\n"
        "    1. tensorrt.tensorrt.Builder(logger: tensorrt.tensorrt.ILogger)\n\nInvoked with: None",
    ):
        key, fix = first(text)
        assert key == "ext-binding-signature-mismatch" and "Invoked with:" in fix and "matching pair" in fix, text
    # JAX's plugin that calls another jaxlib is JAX's own case (a plugin and jaxlib of two releases)
    found = explain(
        "Exception when calling jax_plugins.xla_cuda12.initialize()\n"
        "TypeError: register_custom_call_target(): incompatible function arguments."
    )
    assert not any(e.key == "ext-binding-signature-mismatch" for e in found), [e.key for e in found]
    # a Python function's own TypeError about its arguments is not a binding's
    assert not any(
        e.key == "ext-binding-signature-mismatch"
        for e in explain("TypeError: forward() takes 2 positional arguments but 3 were given")
    )


def test_an_onnxruntime_arena_refusal_cut_in_its_signature() -> None:
    text = (
        "2024-07-05 14:59:30.391 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] Non-zero status code "
        "returned while running MatMul node. Name:'/blocks.3/attn/MatMul' Status Message: /onnxruntime_src/"
        "onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, "
        "onnxruntime::Stream*, boo"
    )
    key, fix = first(text)
    assert key == "ort-cuda-out-of-memory" and "gpu_mem_limit" in fix and "CPUExecutionProvider" in fix


def test_a_video_backend_the_wheel_lacks() -> None:
    key, fix = first(
        'Traceback (most recent call last):\n  File "demo.py", line 3, in <module>\n'
        "    torchvision.set_video_backend('video_reader')\n"
        "RuntimeError: video_reader video backend is not available. Please compile torchvision from source and "
        "try again"
    )
    assert key == "torchvision-video-backend-unavailable" and "pyav" in fix and "pip install av" in fix
    key, fix = first("RuntimeError: cuda video backend is not available.")
    assert key == "torchvision-video-backend-unavailable" and "device='cuda'" in fix
    # torchvision's missing GPU decoder keeps its own answer
    key, _ = first("RuntimeError: Not compiled with GPU decoder support.")
    assert key == "torchvision-gpu-codec-not-built"


def test_a_spawned_worker_killed_with_sigkill() -> None:
    for text in (
        "torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL",
        "Loading checkpoint shards:  50%|#####     | 2/4 [04:06<04:07, 123.56s/it]\n"
        "RuntimeError: worker 3 was killed by signal 9",
    ):
        key, fix = first(text)
        assert key == "py-process-killed" and "dmesg" in fix, text
    # another signal is not the OOM killer
    assert not any(
        e.key == "py-process-killed"
        for e in explain("torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGSEGV")
    )


def test_lines_that_call_themselves_warnings() -> None:
    for text in (
        "Cannot import dcn. Ignore this warning if dcn is not used. Otherwise install BasicSR with compiling dcn.\n"
        "Cannot import selective_scan_cuda_core. This affects speed.",
        "Failed to load the fused kernel, using the slow path. This only affects performance.",
        "Could not find the optional package apex: this message can be safely ignored.",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only", (text, found.outcome, [e.key for e in found])
    # the optional extension's notice names itself
    assert [e.key for e in explain("Cannot import selective_scan_cuda. This affects speed.")] == [
        "optional-extension-import-notice"
    ]
    # a traceback after such a notice is still the failure
    found = explain(
        "Cannot import selective_scan_cuda. This affects speed.\n"
        'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n    model.cuda()\n'
        "RuntimeError: CUDA error: out of memory"
    )
    assert found.outcome != "warnings-only" and found.first_answer == "gpu-out-of-memory"


def test_a_library_that_asks_for_a_version_range() -> None:
    for text, said in (
        ("you are not use the latest yunchang. Please install yunchang>=0.4.0", "yunchang>=0.4.0"),
        ("ImportError: Please upgrade numpy to >= 1.22.4 to use this module", "numpy to >= 1.22.4"),
        ("RuntimeError: flash-attn>=2.5.0 is required for sliding-window attention", ""),
    ):
        found = explain(text)
        assert found and found[0].key == "py-version-required" and "pip check" in found[0].fix, text
        assert not said or any(said in a for a in found[0].advice), found[0].advice
    # pip's own resolver line is pip's conflict, with the install that meets it
    key, _ = first(
        "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. "
        "This behaviour is the source of the following dependency conflicts.\n"
        "xfuser 0.4.0 requires yunchang>=0.4.0, but you have yunchang 0.3.0 which is incompatible."
    )
    assert key == "pip-dependency-conflict"
    assert "pip install 'yunchang>=0.4.0'" in " ".join(
        explain("xfuser 0.4.0 requires yunchang>=0.4.0, but you have yunchang 0.3.0 which is incompatible.")[0].advice
    )
    # a tool's minimum without a comparison is not this check
    assert not any(e.key == "py-version-required" for e in explain("CMake Error: CMake 3.18 or higher is required."))


def test_an_attention_kernel_launch_beyond_its_grid() -> None:
    key, fix = first(
        '  File "/SVD_Train/train_svd.py", line 1083, in main\n    model_pred = unet(\n'
        "    ) = _C_flashattention.fwd(\nRuntimeError: CUDA error: invalid configuration argument\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
        "be incorrect."
    )
    assert key == "cuda-invalid-configuration" and "scaled_dot_product_attention" in fix and "frame count" in fix
    # a torch op without an attention kernel keeps torch's step
    key, fix = first(
        '  File "/usr/lib/python3/site-packages/torch/nn/functional.py", line 4000, in interpolate\n'
        "RuntimeError: CUDA error: invalid configuration argument"
    )
    assert key == "cuda-invalid-configuration" and "0 elements" in fix and "scaled_dot_product_attention" not in fix


def test_torchs_own_kernel_image_invalid_checks_the_build_first() -> None:
    key, fix = first(
        '  File "C:\\\\Users\\\\me\\\\AppData\\\\Roaming\\\\Python\\\\Python310\\\\site-packages\\\\torch\\\\nn\\\\'
        'functional.py", line 5209, in pad\n    return torch._C._nn.pad(input, pad, mode, value)\n'
        "RuntimeError: CUDA error: device kernel image is invalid\n"
        "CUDA kernel errors might be asynchronously reported at some other API call"
    )
    assert key == "kern-kernel-image-invalid" and "get_arch_list()" in fix and "cu128" in fix
    # Triton's refusal keeps the driver and ptxas answer
    key, fix = first("RuntimeError: Triton Error [CUDA]: device kernel image is invalid")
    assert key == "kern-kernel-image-invalid" and "TRITON_PTXAS_PATH" in fix


def test_a_host_compiler_too_old_for_torchs_headers() -> None:
    for text in (
        "RuntimeError: Error building extension 'wkv_cuda'\n"
        "/env/lib/python3.10/site-packages/torch/include/ATen/ATen.h:4:2: error: #error C++14 or later compatible "
        "compiler is required to use ATen.",
        '/env/lib/python3.10/site-packages/torch/include/c10/util/variant.h:243:2: error: #error "MPark.Variant '
        'requires C++11 support."',
    ):
        key, fix = first(text)
        assert key == "build-host-compiler-too-old" and "CXX=" in fix, text
    # torch 2.x's C++17 check under MSVC keeps the standard's answer
    key, fix = first(
        "C:\\\\torch\\\\include\\\\c10/util/C++17.h(16): fatal error C1189: #error:  You need C++17 to compile PyTorch"
    )
    assert key == "build-cxx-standard" and "/std:c++17" in fix


def test_a_kernel_written_for_a_newer_triton() -> None:
    key, fix = first(
        '  File "/env/lib/python3.10/site-packages/bi_mamba2/ssd_combined.py", line 30, in <module>\n'
        "    x = tl.flip(x, 0)\nAttributeError: module 'triton.language' has no attribute 'flip'"
    )
    assert key == "kern-triton-version-mismatch" and "newer triton" in fix and "torch 2.4 pins triton 3.0" in fix
    # a name triton removed keeps the pinned-triton answer
    key, fix = first("ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'")
    assert key == "kern-triton-version-mismatch" and "triton your torch pins" in fix


def test_xla_figures_that_no_setting_can_fit() -> None:
    for text in (
        "W external/xla/xla/service/hlo_rematerialization.cc:2202] Can't reduce memory use below 10.50GiB "
        "(11274289152 bytes) by rematerialization; only reduced to 41.20GiB (44237888512 bytes), down from 52.00GiB "
        "(55834574848 bytes) originally\nE external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2593] Execution of "
        "replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 44000000000 bytes.",
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
        "512000000000 bytes.",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "shard_map" in fix and "cannot fix" in fix, text
    # an allocation a GPU can hold keeps JAX's sharing advice
    key, fix = first(
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
        "2147483648 bytes."
    )
    assert key == "gpu-out-of-memory" and "XLA_PYTHON_CLIENT_PREALLOCATE" in fix


def test_an_unknown_error_after_cuda_worked_on_windows() -> None:
    found = explain(
        "Traceback (most recent call last):\n"
        '  File "C:\\\\tools\\\\train.py", line 375, in execute\n    torch.cuda.empty_cache()\n'
        '  File "C:\\\\envs\\\\py3\\\\Lib\\\\site-packages\\\\torch\\\\cuda\\\\memory.py", line 114, in empty_cache\n'
        "    torch._C._cuda_emptyCache()\nRuntimeError: CUDA error: unknown error"
    )
    assert found[0].key == "torch-cuda-init-unknown" and "TdrDelay" in found[0].fix and "batch" in found[0].fix
    # torch's start-up on Windows keeps the start-up answer
    found = explain(
        '  File "C:\\\\envs\\\\py3\\\\Lib\\\\site-packages\\\\torch\\\\cuda\\\\__init__.py", line 302, in _lazy_init\n'
        "    torch._C._cuda_init()\nRuntimeError: CUDA unknown error - this may be due to an incorrectly set up "
        "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start."
    )
    assert found[0].key == "torch-cuda-init-unknown" and "TdrDelay" not in found[0].fix
