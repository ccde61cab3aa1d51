"""torch and array libraries on GPU back-ends other than CUDA and ROCm (issue 36, round forty-three): a random-number
generator asked for on a device whose plugin does not offer one (torch-directml's privateuseone, an old torch's MPS),
and Apple Metal command buffers that fail or time out under MLX (and other Metal users), aborting the process.
Wording from torch/csrc/Generator.cpp (THPGenerator_pynew: "Device type X is not supported for torch.Generator()
api."), MLX's Metal back-end (check_error: "[METAL] Command buffer execution failed: <Metal's description>", thrown
from Metal's completion handler) and Metal's own descriptions of a failed command buffer (IOKit's
kIOGPUCommandBufferCallbackError* / kIOAccelCommandBufferCallbackError* codes). The ops a back-end lacks are the core
torch-op-no-cuda-kernel row (families/rendering.py); a Metal command buffer out of memory is gpu-out-of-memory's.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round43_v43backends.py"

_test = tests_in(_TESTS)

#: Metal's command buffer out of memory (gpu-out-of-memory's, with its Apple variant)
_METAL_OOM = r"Insufficient Memory|kIOGPUCommandBufferCallbackErrorOutOfMemory|\[malloc_or_wait\] Unable to allocate"
#: Metal's watchdog stopping a command buffer that ran too long (its own row)
_METAL_TIMEOUT = (
    r"Caused GPU Timeout Error|kIO(?:GPU|Accel)CommandBufferCallbackErrorTimeout"
    r"|Impacting Interactivity|kIO(?:GPU|Accel)CommandBufferCallbackErrorImpactingInteractivity"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "torch-generator-device-unsupported",
        "torch.Generator() refused for a plugin device (Device type PRIVATEUSEONE / MPS / XPU is not supported for "
        "torch.Generator() api)",
        # CUDA is the CPU-only build's (torch-cpu-build)
        r"Device type (?!CUDA\b)\w{1,30} is not supported for torch\.Generator\(\) api",
        "torch builds a generator only for the device types whose back-end registered one: an out-of-tree device "
        "(torch-directml's GPU is the PrivateUse1 'privateuseone' device), or MPS / XPU on a torch too old for them, "
        "has none, so code that makes a seeded generator on that device (torch.Generator(device), a pipeline's "
        "generator argument) fails.",
        "Create the generator on the CPU (`torch.Generator().manual_seed(seed)` or device='cpu') and pass that: "
        "draw the random tensor on the CPU with it and move the result to the device (`torch.randn(shape, "
        "generator=g).to(device)`; diffusers' pipelines accept a CPU generator and do this themselves), or seed "
        "globally with torch.manual_seed; a newer torch or device plugin may add the device's generator.",
        variants=(
            Variant(
                r"Device type PRIVATEUSEONE is not|privateuseone|torch_directml|torch-directml|DirectML",
                "torch-directml (the privateuseone device)",
                "torch-directml's device (privateuseone) has no torch.Generator: make the generator on the CPU "
                "(`g = torch.Generator().manual_seed(seed)`), draw the noise with it on the CPU and move it to the "
                "DirectML device (`torch.randn(shape, generator=g).to(torch_directml.device())`), or pass the CPU "
                "generator to the pipeline; a newer torch-directml may add generator support, and a back-end with "
                "generators (CUDA, ROCm) avoids the workaround.",
            ),
            Variant(
                r"Device type MPS is not",
                "Apple's MPS on an older torch",
                "This torch has no generator for MPS (torch 2.0 and later have one): upgrade torch, or make the "
                "generator on the CPU (`torch.Generator().manual_seed(seed)`), draw with it on the CPU and move the "
                "tensor to 'mps'.",
            ),
            Variant(
                r"Device type XPU is not",
                "an Intel GPU (XPU)",
                "This torch has no generator for the XPU: use a torch with Intel GPU support (2.5 and later) or the "
                "intel-extension-for-pytorch release that pairs with your torch, or make the generator on the CPU "
                "and move the drawn tensor to 'xpu'.",
            ),
        ),
        weight=82,
        applies="torch with an out-of-tree device plugin (torch-directml), and MPS / XPU on older torch releases",
        shown_by=(_test("test_generator_on_a_plugin_device"),),
        example="RuntimeError: Device type PRIVATEUSEONE is not supported for torch.Generator() api.",
        example_source="torch torch/csrc/Generator.cpp (THPGenerator_pynew); microsoft/DirectML#374",
    ),
    KnownError(
        "metal-command-buffer-timeout",
        "A Metal command buffer stopped by macOS's GPU watchdog (Caused GPU Timeout Error, Impacting Interactivity)",
        _METAL_TIMEOUT,
        "macOS stops GPU work that keeps the GPU too long in one command buffer (seconds), sooner when the same GPU "
        "draws the desktop: MLX (or another Metal user) put too much work into one submission, a long prompt's "
        "prefill, a large batch or a deep lazy graph, and Metal failed the buffer; MLX then throws from its "
        "completion thread and the process aborts.",
        "Make each submission shorter: a smaller batch, sequence or image size, evaluate more often (mx.eval inside "
        "the loop keeps MLX's graph shallow; a smaller prefill step for a long prompt), or cap the work per command "
        "buffer with MLX_MAX_OPS_PER_BUFFER / MLX_MAX_MB_PER_BUFFER; keep other GPU-heavy apps and extra displays "
        "off the Mac meanwhile, and keep it from sleeping during long runs (`caffeinate`). A newer mlx splits and "
        "reports this better.",
        weight=80,
        applies="Apple silicon Macs: MLX and other Metal programs (torch MPS, ggml-metal)",
        shown_by=(_test("test_metal_command_buffer_failures"),),
        example="libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer "
        "execution failed: Caused GPU Timeout Error (00000002:kIOAccelCommandBufferCallbackErrorTimeout)",
        example_source="MLX mlx/backend/metal (check_error: '[METAL] Command buffer execution failed: ')",
    ),
    KnownError(
        "metal-command-buffer-failed",
        "A Metal command buffer failed and MLX aborted the process ([METAL] Command buffer execution failed, "
        "gpu::check_error, an uncaught exception)",
        r"\[METAL\] Command buffer execution failed"
        r"|mlx::core::(?:gpu|metal)::check_error\b"
        r"|kIO(?:GPU|Accel)CommandBufferCallbackError\w{1,40}",
        "GPU work MLX submitted to Metal failed, and MLX raises that from Metal's completion thread, where nothing "
        "can catch it, so the C++ runtime terminates the whole process (libc++abi: terminating due to uncaught "
        "exception, Abort trap: 6); Metal's reason follows 'Command buffer execution failed:' where it was printed. "
        "On a long-running server the most common reason is memory pressure on the unified memory (the model, its "
        "KV cache and other apps together), then a GPU fault.",
        "Read Metal's reason on the '[METAL] Command buffer execution failed:' line (a crash report's stack alone "
        "does not show it: run the program in a terminal to see it). Without it, treat it as memory pressure first: "
        "a smaller or more quantised model, a shorter context / smaller KV cache or batch, MLX's limits "
        "(mx.set_memory_limit, mx.set_cache_limit; mx.metal.* in older releases), other apps closed; upgrade mlx "
        "(and mlx-lm), whose newer releases report command-buffer failures instead of aborting from the completion "
        "thread, and restart a server that hit it. Mac-only: Activity Monitor's Memory tab shows the pressure.",
        variants=(
            Variant(
                r"victim of GPU error|kIO(?:GPU|Accel)CommandBufferCallbackErrorInnocentVictim",
                "discarded after another GPU error",
                "Metal discarded this command buffer because the GPU recovered from an error elsewhere (another "
                "buffer's or another app's fault): the error that caused the reset is the one to chase (an earlier "
                "[METAL] line, or the other app); rerun, and if it recurs treat it as memory pressure (smaller "
                "model / context, other apps closed) and upgrade mlx.",
            ),
            Variant(
                r"Page ?Fault|kIO(?:GPU|Accel)CommandBufferCallbackErrorPageFault",
                "a GPU page fault",
                "A kernel read or wrote outside its buffers: a bug in the kernel or a graph MLX could not schedule "
                "safely (a very deep lazy graph). Upgrade mlx (and the library on it), evaluate more often (mx.eval "
                "inside loops), and reduce the case to report it to MLX if it persists.",
            ),
        ),
        # Metal's out-of-memory is gpu-out-of-memory's (its Apple variant), its watchdog metal-command-buffer-timeout
        unless=rf"{_METAL_OOM}|{_METAL_TIMEOUT}",
        weight=74,
        applies="Apple silicon Macs running MLX (mlx, mlx-lm servers) and other Metal programs",
        shown_by=(_test("test_metal_command_buffer_failures"),),
        example="libmlx.dylib    mlx::core::gpu::check_error(MTL::CommandBuffer*)\nlibc++abi.dylib  __cxa_throw\n"
        "Abort trap: 6",
        example_source="MLX mlx/backend/metal (check_error throws std::runtime_error from the command buffer's "
        "completion handler); ml-explore/mlx#3224",
    ),
)
