"""`explain`, round forty-three (issue 36): torch and MLX on back-ends other than CUDA and ROCm, an application's own
assertion that CUDA is there, and a product's variant of the compiled-extension family. An op a back-end lacks is the
same dispatcher family for every device, its fix worded for the one named (a DirectML plugin, Apple's MPS fallback
variable, Intel's XPU); a generator refused for a plugin device is its own row; a Metal command buffer that fails,
times out or runs out of memory aborts an MLX process, each with Mac-only steps; a PyG extension named in the
traceback picks PyG's wheels over torchvision's. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_op_missing_on_another_backend() -> None:
    plugin = (
        '  File "demo.py", line 9, in <module>\n    y = torch.linalg.det(x)\n'
        "NotImplementedError: Could not run 'aten::linalg_lu_factor_ex.out' with arguments from the 'PrivateUse1' "
        "backend. This could be because the operator doesn't exist for this backend"
    )
    key, fix = first(plugin)
    assert key == "torch-op-no-cuda-kernel" and "torch-directml" in fix and ".cpu()" in fix
    old_fork = (
        "    formatter = _Formatter(get_summarized_data(self) if summarize else self)\n"
        "RuntimeError: Could not run 'aten::nonzero' with arguments from the 'UNKNOWN_TENSOR_TYPE_ID' backend."
    )
    key, fix = first(old_fork)
    assert key == "torch-op-no-cuda-kernel" and "pytorch-directml" in fix
    mps = (
        "NotImplementedError: The operator 'aten::_fft_r2c' is not currently implemented for the MPS device. As a "
        "temporary fix, you can set the environment variable"
    )
    key, fix = first(mps)
    assert key == "torch-op-no-cuda-kernel" and "PYTORCH_ENABLE_MPS_FALLBACK=1" in fix
    xpu = "NotImplementedError: Could not run 'aten::_cdist_forward' with arguments from the 'XPU' backend."
    key, fix = first(xpu)
    assert key == "torch-op-no-cuda-kernel" and "intel-extension-for-pytorch" in fix
    # near miss: CUDA's own message keeps the CUDA fix (no plugin, no MPS variable)
    key, fix = first(
        "NotImplementedError: Could not run 'quantized::conv2d.new' with arguments from the 'CUDA' backend."
    )
    assert key == "torch-op-no-cuda-kernel" and "MPS" not in fix and "directml" not in fix
    # near miss: the CPU back-end is no device back-end of this row
    key, _ = first("NotImplementedError: Could not run 'aten::_bar' with arguments from the 'CPU' backend.")
    assert key != "torch-op-no-cuda-kernel"


def test_generator_on_a_plugin_device() -> None:
    dml = (
        '  File "sample.py", line 7, in main\n    g = torch.Generator(dev)\n'
        "RuntimeError: Device type PRIVATEUSEONE is not supported for torch.Generator() api."
    )
    key, fix = first(dml)
    assert key == "torch-generator-device-unsupported" and "torch.Generator()" in fix and "CPU" in fix
    key, fix = first("RuntimeError: Device type MPS is not supported for torch.Generator() api.")
    assert key == "torch-generator-device-unsupported" and "torch 2.0" in fix
    # near miss: CUDA asked of a CPU-only torch stays the CPU build's
    key, _ = first("RuntimeError: Device type CUDA is not supported for torch.Generator() api.")
    assert key == "torch-cpu-build"


def test_metal_command_buffer_failures() -> None:
    abort = (
        "Thread 12 Crashed:\nlibsystem_kernel.dylib  __pthread_kill\nlibmlx.dylib  "
        "mlx::core::gpu::check_error(MTL::CommandBuffer*)\nlibc++abi.dylib  __cxa_throw\nAbort trap: 6"
    )
    key, fix = first(abort)
    assert key == "metal-command-buffer-failed" and "mx.set_memory_limit" in fix and "nvidia-smi" not in fix
    timeout = (
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer "
        "execution failed: Caused GPU Timeout Error (00000002:kIOAccelCommandBufferCallbackErrorTimeout)"
    )
    key, fix = first(timeout)
    assert key == "metal-command-buffer-timeout" and "MLX_MAX_OPS_PER_BUFFER" in fix and "nvidia-smi" not in fix
    watchdog = (
        "[METAL] Command buffer execution failed: Impacting Interactivity "
        "(0000000e:kIOGPUCommandBufferCallbackErrorImpactingInteractivity)"
    )
    assert first(watchdog)[0] == "metal-command-buffer-timeout"
    # near miss: Metal out of memory is the out-of-memory family's, with its Mac fix
    oom = (
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer "
        "execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)"
    )
    key, fix = first(oom)
    assert key == "gpu-out-of-memory" and "unified memory" in fix
    key, fix = first("RuntimeError: [malloc_or_wait] Unable to allocate 268435456 bytes.")
    assert key == "gpu-out-of-memory" and "unified memory" in fix


def test_an_assertion_that_cuda_is_available() -> None:
    flag = (
        'Traceback (most recent call last):\n  File "run.py", line 52, in <module>\n'
        "    assert not args.cuda or torch.cuda.is_available()\nAssertionError"
    )
    key, fix = first(flag)
    assert key == "cuda-unavailable" and "--cuda False" in fix
    plain = (
        'Traceback (most recent call last):\n  File "train.py", line 8, in <module>\n'
        "    assert torch.cuda.is_available()\nAssertionError"
    )
    key, fix = first(plain)
    assert key == "cuda-unavailable" and "--cuda False" not in fix
    # near miss: asserting that CUDA is absent is no missing GPU
    negated = (
        'Traceback (most recent call last):\n  File "t.py", line 3, in <module>\n'
        "    assert not torch.cuda.is_available()\nAssertionError"
    )
    assert first(negated)[0] != "cuda-unavailable"


def test_a_pyg_extension_named_in_the_traceback() -> None:
    pyg = (
        "    return torch.ops.torch_scatter.segment_sum_csr(src, indptr, out)\nRuntimeError: Not compiled with CUDA "
        "support\n# Name    Version   Build  Channel\ntorch-scatter   2.1.2   pypi_0   pypi\n"
        "torchvision   0.16.0+cu118   pypi_0   pypi"
    )
    key, fix = first(pyg)
    assert key == "build-extension-without-cuda" and "PyG's wheel index" in fix and "pairs with your torch" not in fix
    # near miss: torchvision's own op, with a PyG package only in a freeze list, keeps torchvision's fix
    tv = (
        '  File "/env/lib/python3.10/site-packages/torchvision/ops/boxes.py", line 41, in nms\n'
        "RuntimeError: Not compiled with CUDA support\ntorch_scatter==2.1.2\ntorchvision==0.16.0"
    )
    key, fix = first(tv)
    assert key == "build-extension-without-cuda" and "torchvision" in fix and "PyG" not in fix
