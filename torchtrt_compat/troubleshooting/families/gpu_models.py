"""Failures tied to which GPU the user has, and the GPU's own hardware faults, in each product's words (issue 36,
round thirteen), beside the architecture rows of `troubleshooting.table` (gpu-arch-unsupported: no kernel image,
torch's "sm_XY is not compatible", TensorRT's "Target GPU SM", NVRTC's --gpu-architecture) and of the domain modules
(flash-attn, xformers, bfloat16, FP8, TensorFlow's and RAPIDS' minimum capability, ptxas older than the GPU).

A GPU older than a release supports in torch's and JAX's words (torch/cuda/__init__.py's old_gpu_warn, jax/_src/
xla_bridge.py's _check_cuda_compute_capability), ptxas refusing a feature the target architecture lacks (Triton,
nvcc), bitsandbytes' slow 8-bit matmul notice below compute capability 7.5, the NVIDIA kernel driver's Xid lines read
by number, an uncorrectable ECC error in the CUDA runtime's, the driver API's and NVML's words, nvidia-smi's "ERR!"
fields and its "No devices were found", MIG: CUDA_VISIBLE_DEVICES naming MIG instances and nvidia-smi's MIG
refusals, and nvidia-smi's clocks event (throttle) reasons. Each pattern is keyed to the product's own wording (its
source is named in ``example_source``); numbers, GPU names and bus ids are read from the text, never written into a
pattern.
"""

from __future__ import annotations

from ..entry import MANAGED_ALLOC_PRE_PASCAL, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round13_w3gpu.py"


_test = tests_in(_TESTS)


#: the NVIDIA kernel driver's Xid line ("NVRM: Xid (PCI:0000:3b:00): 79, pid=..., GPU has fallen off the bus."):
#: ``{ids}`` is an alternation of Xid numbers
_XID = r"Xid \(PCI:[^)\n]{{1,20}}\): (?:{ids})\b"

#: a laptop or hybrid-graphics machine (the dGPU can be powered off or left to the integrated GPU)
_HYBRID = (
    r"\bLaptop GPU\b|\bOptimus\b|prime-select|\bprime-run\b|__NV_PRIME_RENDER_OFFLOAD|\bbbswitch\b|\bbumblebee"
    r"|\boptirun\b|\bsupergfxctl\b|envycontrol|\bMax-Q\b|Hybrid Graphics|switcheroo"
)

_ARCH_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "gpu-older-than-release",
        "The GPU is older than this release supports (torch: 'PyTorch no longer supports this GPU because it is too "
        "old'; JAX: 'lower than the minimum supported compute capability')",
        r"PyTorch no longer supports this GPU because it is too old"
        r"|has CUDA compute capability [\d.]{1,5} which is lower than the minimum supported compute capability"
        # ollama's GPU discovery (discover/gpu.go): a GPU below its CUDA build's minimum is left out
        r"|CUDA GPU is too old\.(?: Falling back to CPU mode\.)? Compute Capability detected"
        # issue 36, round thirty: cuDNN's handle refused on a GPU below its minimum (CUDNN_STATUS_ARCH_MISMATCH from
        # cudnnCreate), in the bindings' own words: Lua Torch's cudnn.torch (init.lua's errcheck: "Error in CuDNN:
        # " .. cudnnGetErrorString), Mocha.jl's CuDNNError shown as its description ("Arch mismatch", src/cuda/
        # cudnn.jl) near a cuDNN line, CUDA.jl's CUDNNError (its wording written from memory)
        r"|Error in CuDNN: CUDNN_STATUS_ARCH_MISMATCH|CUDNNError: CUDNN_STATUS_ARCH_MISMATCH"
        r"|(?:cudnn|CuDNN)[^\n]{0,200}\n(?:[^\n]{0,300}\n){0,10}ERROR: (?:LoadError: )?Arch mismatch[ \t]*$"
        r"|^ERROR: (?:LoadError: )?Arch mismatch[ \t]*\n(?:[^\n]{0,300}\n){0,5}[^\n]{0,300}cudnn"
        # CUDAnative.jl (supported_capability in src/utils.jl / compiler/driver.jl): no target of the toolchain (LLVM's
        # NVPTX, the CUDA toolkit) reaches down to the device's capability
        r"|Device capability v[\d.]{1,8} not supported by available toolchain"
        # issue 36, round thirty-five: a unified (managed) memory pool that a pre-Pascal GPU cannot back (the text
        # names the GPU's compute capability below 6.0 or a Kepler / Maxwell card)
        r"|" + MANAGED_ALLOC_PRE_PASCAL,
        "Each release of a framework's CUDA build is compiled for a range of GPU architectures and drops the oldest "
        "ones over time; this GPU's compute capability (the message names it) is below the release's minimum, so its "
        "kernels will not run on it ('no kernel image is available' follows).",
        "Install an older release whose CUDA build still covers this compute capability, or use a newer GPU "
        "(`nvidia-smi --query-gpu=name,compute_cap --format=csv` shows it), or run on the CPU.",
        variants=(
            Variant(
                MANAGED_ALLOC_PRE_PASCAL,
                "a unified (managed) memory pool on a GPU older than Pascal",
                "The failing allocation is unified (managed) memory (cudaMallocManaged, or a framework's unified "
                "allocator reserving its pool at start) on a GPU older than Pascal (compute capability below 6.0, "
                "named in the text): such GPUs cannot page managed memory on demand, so a pool larger than the "
                "free device memory fails at once; it is not the program's data running out, and a smaller batch "
                "does not help. Use a Pascal or newer GPU, run on the CPU backend, or use a release of the "
                "framework that can turn unified memory off or size its pool for this GPU (its option or "
                "environment variable, e.g. a device-memory size or a use-unified-memory switch).",
                sure=True,
                strict=True,
            ),
            # issue 36, round thirty: cuDNN refusing the GPU itself (cudnnCreate's ARCH_MISMATCH) in a binding of
            # another language: the framework's own non-cuDNN backend still runs
            Variant(
                r"Error in CuDNN: CUDNN_STATUS_ARCH_MISMATCH|CUDNNError: CUDNN_STATUS_ARCH_MISMATCH"
                r"|ERROR: (?:LoadError: )?Arch mismatch",
                "cuDNN refuses the GPU (ARCH_MISMATCH when its handle is created, a binding of another language)",
                "cuDNN returned CUDNN_STATUS_ARCH_MISMATCH when its handle was created (cudnnCreate), before any layer "
                "ran: cuDNN supports only GPUs of compute capability 3.0 and newer (recent cuDNN releases need 5.0 "
                "or more), and this GPU is older (`nvidia-smi --query-gpu=name,compute_cap --format=csv`, or the "
                "card's entry in NVIDIA's CUDA GPUs list). No cuDNN version or rebuild changes that: run without "
                "the cuDNN backend (Lua Torch: the plain cunn modules, i.e. do not force cudnn / do not "
                "`require 'cudnn'` or cudnn.convert the model; Mocha.jl: the CPUBackend, or a GPU backend without "
                "cuDNN layers), or use a GPU of compute capability 3.0 or newer.",
            ),
            Variant(
                r"not supported by available toolchain|CUDAnative|CuArrays|CUDAdrv|\.jl:\d",
                "Julia (CUDAnative.jl / CUDA.jl): no toolchain target for this GPU",
                "CUDAnative.jl / CUDA.jl compile Julia kernels to PTX through LLVM's NVPTX back end and the CUDA "
                "toolkit, and neither targets a GPU this old (the message names its capability; the oldest target "
                "is sm_20 for the first releases, sm_30 / sm_35 and later sm_50 for newer ones): the card cannot run "
                "Julia GPU code. Use a newer NVIDIA GPU (at least the minimum the installed CUDAnative / CUDA.jl "
                "release documents), or run the code on the CPU (plain Arrays instead of CuArrays).",
            ),
            Variant(
                r"PyTorch no longer supports",
                "torch",
                "This torch build's lowest architecture is above the GPU's (the warning names both): install the last "
                "torch release whose wheels still list this sm_XY in `torch.cuda.get_arch_list()` (an older torch "
                "and its matching torchvision / CUDA build, in a fresh environment), build torch from source with "
                "TORCH_CUDA_ARCH_LIST set to the GPU's capability, or use a newer GPU. The warning comes at import: "
                "the CUDA ops fail later with 'no kernel image is available for execution on the device'.",
                product="torch",
            ),
            Variant(
                r"lower than the minimum supported compute capability",
                "JAX",
                "jaxlib's CUDA plugin is built for newer GPUs than this one: install an older jax / jaxlib (and its "
                "jax-cuda plugin) release that still supports this compute capability, or run JAX on the CPU "
                "(JAX_PLATFORMS=cpu) or on a newer GPU.",
                product="jax",
            ),
            Variant(
                r"CUDA GPU is too old|\bollama\b",
                "ollama",
                "ollama's CUDA runners are built for compute capability 5.0 and newer, so it leaves this GPU out and "
                "runs the model on the CPU: use a newer GPU, or build ollama from source with this GPU's "
                "architecture in CMAKE_CUDA_ARCHITECTURES (a CUDA toolkit that still supports it is needed: CUDA 12 "
                "dropped Kepler), or accept CPU speed.",
            ),
        ),
        severity="warns-of-failure",
        cost="gpu-work-fails",
        weight=86,
        applies="torch CUDA wheels (each drops old architectures: Kepler, Maxwell, Pascal, Volta over the releases); "
        "jaxlib's CUDA plugins",
        shown_by=(_test("test_a_gpu_older_than_the_release"),),
        example="Found GPU0 Tesla K80 which is of cuda capability 3.7.\n    PyTorch no longer supports this GPU "
        "because it is too old.\n    The minimum cuda capability supported by this library is 5.0.",
        example_source="torch/cuda/__init__.py (_check_capability's old_gpu_warn), torch 2.x; jax/_src/xla_bridge.py "
        "(_check_cuda_compute_capability), jax 0.4; ollama discover/gpu.go (CudaComputeMin), ollama 0.3",
    ),
    KnownError(
        "gpu-ptx-feature-arch",
        "ptxas: Feature 'X' requires .target sm_NN or higher (an instruction the target GPU architecture lacks; nvcc's "
        "bf16 WMMA 'incomplete type', sm_80 kernels compiled for an older -arch)",
        r"Feature '[^'\n]{1,40}' requires \.target sm_(\d{2,3})[a-z]?(?: or higher)?"
        # issue 36, round forty-seven: nvcc's front end on a bf16 / tf32 WMMA fragment, which cuda's mma.h declares
        # only for __CUDA_ARCH__ >= 800 ('incomplete type "nvcuda::wmma::fragment<..., __nv_bfloat16, ...>" is not
        # allowed'); a kernel file named for sm_80+ (flash-attention's *_sm80.cu) compiled with an -arch below 80 on
        # one nvcc command line (bindgen_cuda's "nvcc error while executing compiling: \"nvcc\" ...")
        r"|incomplete type \"nvcuda::wmma::fragment<[^\"\n]{0,300}(?:bfloat16|precision::tf32)"
        r"|(?:--gpu-architecture|-arch)[= ]\"?(?:sm|compute)_[1-7]\d[a-z]?\b[^\n]{0,4000}?"
        r"_sm(?:8\d|9\d|1[0-2]\d)a?\.cu\b",
        "The PTX uses an instruction or type (bf16, fp8 conversions, async copies, wgmma) that exists only from the "
        "architecture named: either the GPU is older than that (Triton compiles for the GPU it runs on), or the "
        "build compiles for an older -arch than the code needs.",
        "Compile for an architecture that has the feature (nvcc -gencode arch=compute_NN,code=sm_NN, "
        "TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES: drop the older targets or guard the code with "
        "__CUDA_ARCH__), or, when the GPU itself is older (`nvidia-smi --query-gpu=compute_cap --format=csv`), run "
        "without that feature (float16 instead of bfloat16, no fp8).",
        variants=(
            Variant(
                r"\btriton\b|Triton|torch\._inductor|\binductor\b",
                "Triton (torch.compile, a Triton kernel library)",
                "Triton generated the kernel for this GPU's own architecture, so the GPU lacks the feature (bf16 "
                "needs compute capability 8.0, fp8 8.9): use float16 (or float32) instead of bfloat16 / fp8 on this "
                "GPU (the model's dtype, autocast's dtype), or run without torch.compile / the Triton kernels.",
            ),
            # issue 36, round forty-seven: a Rust crate's build script (bindgen_cuda in candle-kernels,
            # candle-flash-attn and the servers on them) compiles for CUDA_COMPUTE_CAP, by default the local GPU's
            Variant(
                r"bindgen_cuda|build-script-build|custom build command|\bcargo\b|\bcandle|CUDA_COMPUTE_CAP"
                r"|moshi-server|mistral\.?rs",
                "a Rust crate's build script (bindgen_cuda: candle-kernels, candle-flash-attn)",
                "The crate's build script compiles its kernels for CUDA_COMPUTE_CAP (by default the compute "
                "capability of the GPU it finds, `nvidia-smi --query-gpu=compute_cap --format=csv`), and these "
                "kernels need compute capability 8.0 (Ampere) or newer: flash-attention's *_sm80 kernels, bf16 WMMA "
                "/ MMA. On an older GPU (Turing, Volta, Pascal) build without the feature that pulls them in (no "
                "flash-attn feature: `cargo build --release --features cuda`, not `cuda,flash-attn`; a project that "
                "enables it unconditionally needs its release that does not), or use a crate version whose kernels "
                "guard that code with __CUDA_ARCH__ (a newer candle / candle-kernels, or the project's release that "
                "pins one), or build for CPU; setting CUDA_COMPUTE_CAP=80 only makes kernels this GPU cannot run. "
                "On an Ampere-or-newer GPU, set CUDA_COMPUTE_CAP to its capability (e.g. 86) and `cargo clean` the "
                "kernels crate before building again.",
            ),
        ),
        weight=72,
        applies="ptxas of any CUDA toolkit (nvcc builds, Triton, XLA)",
        shown_by=(_test("test_ptxas_feature_requires_a_newer_target"),),
        example="ptxas /tmp/tmpx/kernel.ptx, line 120; error   : Feature '.bf16' requires .target sm_80 or higher",
        example_source="ptxas (CUDA toolkit 12.x), its target check for PTX features",
    ),
    KnownError(
        "gpu-bnb-slow-int8-notice",
        "bitsandbytes: Compute capability < 7.5 detected! Only slow 8-bit matmul is supported (a notice)",
        r"Compute capability < 7\.5 detected! Only slow 8-bit matmul",
        "bitsandbytes' fast int8 matmul needs int8 tensor cores (compute capability 7.5, Turing, or newer); on this "
        "GPU LLM.int8() runs a slower path. It still works.",
        "Nothing is broken. For speed on this GPU, load in 4-bit (load_in_4bit / BitsAndBytesConfig(load_in_4bit=True, "
        "bnb_4bit_compute_dtype=torch.float16)) or in float16 without quantization when it fits.",
        severity="notice",
        weight=30,
        applies="bitsandbytes on GPUs below compute capability 7.5 (Pascal, Volta)",
        shown_by=(_test("test_bitsandbytes_slow_int8_is_a_notice"),),
        example="UserWarning: WARNING: Compute capability < 7.5 detected! Only slow 8-bit matmul is supported for "
        "your GPU!",
        example_source="bitsandbytes/cuda_setup/main.py (is_cublasLt_compatible), bitsandbytes 0.41; "
        "bitsandbytes/diagnostics/cuda.py, bitsandbytes 0.43",
    ),
)

#: Triton 2.0-dev's generated launcher missing a flash-attention kernel in its cache (issue 36, round thirty-one):
#: 'File "<string>", line N, in _bwd_kernel' (or IPython's "File :21, in _fwd_kernel(") over the KeyError whose key
#: starts with Triton's version_key ("2-.-0-.-0-" and the md5 digests of its sources)
_TRITON_ATTN_CACHE_MISS = (
    r"\bin _?(?:fwd|bwd|attn)\w{0,30}_kernel\b[^\n]{0,2000}\n(?:[^\n]{0,300}\n){0,3}?\s{0,8}KeyError: "
    r"\('\d-\.-\d{1,2}-\.-\d{1,2}-"
)

_NEWER_GPU_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "gpu-kernel-needs-newer-gpu",
        "A kernel library refuses the GPU's generation or has no kernel for it ('X only supports Hopper GPUs or "
        "newer', CUDA's 'named symbol not found')",
        r"\bonly supports (?:Volta|Turing|Ampere|Ada|Hopper|Blackwell) GPUs"
        r"(?: \(SM\d{2,3}\))?(?: or newer)?"
        # CUDA's cudaErrorSymbolNotFound / CUDA_ERROR_NOT_FOUND (500): the kernel looked up by name is not in the
        # module loaded for this GPU (a kernel compiled only for newer architectures, behind an arch guard)
        r"|CUDA error: named symbol not found|cudaErrorSymbolNotFound" + "|" + _TRITON_ATTN_CACHE_MISS,
        # issue 36, round thirty-one: Triton 2.0-dev's launcher (generated code, 'File "<string>"') looking a Triton
        # flash-attention kernel (_fwd_kernel / _bwd_kernel) up in its cache by a key that starts with the version
        # ('2-.-0-.-0-<md5>-...'): the KeyError is the first of a chain, compiling the kernel failed after it
        "The kernel library (FlashAttention-3 and its ports in Paddle, attention kernels such as HSTU or "
        "MagiAttention, torch's int4 tinygemm) is written for the tensor-core instructions of some GPU generations "
        "(Hopper's wgmma / TMA: compute capability 9.0; bf16 / int4 mma: 8.0) and refuses any other GPU, newer "
        "consumer GPUs included (an RTX 50xx is sm_120, not Hopper); CUDA's 'named symbol not found' "
        "(cudaErrorSymbolNotFound) is the same class: the kernel looked up has no build for this GPU's "
        "architecture in the module loaded.",
        "Use the library's implementation for this GPU: FlashAttention-2 (flash_attn) on Ampere / Ada / Blackwell, "
        "torch's scaled_dot_product_attention, or the framework's own attention option (attn_implementation='sdpa' "
        "in transformers, another attention backend in vLLM / SGLang); `nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv` shows the GPU's generation.",
        variants=(
            Variant(
                r"_weight_int4pack_mm|tinygemm|\bint4\b|int4_weight|gpt-fast|\bWOQ\b",
                "torch's int4 weight-only kernel (tinygemm)",
                "torch's int4 weight-only matmul (aten._weight_int4pack_mm, tinygemm; gpt-fast's and torchao's "
                "int4 path) is built only for compute capability 8.0 (Ampere) and newer and computes in bf16: on "
                "this GPU use int8 weight-only quantization (gpt-fast: --mode int8; torchao: "
                "int8_weight_only()) or fp16 weights, or run on an Ampere-or-newer GPU.",
                strict=True,
            ),
            Variant(
                _TRITON_ATTN_CACHE_MISS,
                "a Triton flash-attention kernel that did not compile (Triton 2.0-dev's cache KeyError)",
                "The KeyError is Triton's kernel cache missing a kernel it then failed to compile: the real error "
                "is the exception after 'During handling of the above exception'. For the Triton flash-attention "
                "kernels of that Triton (flash-attn's flash_attn_triton and the copies models bundle) the usual "
                "cause is a GPU older than Ampere (V100, T4): there, switch the model to its PyTorch attention (the "
                "model config's or the library's non-Triton attention option) or train on an A100-class GPU. If the "
                "next exception names tl.dot's trans_b or another argument, the kernel was written for another "
                "triton (install the one it pins).",
                strict=True,
            ),
            Variant(
                r"named symbol not found|SymbolNotFound|CUDA_ERROR_NOT_FOUND",
                "a kernel without a build for this GPU ('named symbol not found')",
                "A kernel was looked up by name and is not in the module loaded for this GPU: the library (or a "
                "custom / JIT-built extension) has no build of it for this GPU's compute capability, often because "
                "the kernel needs a newer GPU (int4 / bf16 / FP8 tensor-core kernels need 8.0 / 8.9+). Find the op "
                "with CUDA_LAUNCH_BLOCKING=1; compare `nvidia-smi --query-gpu=name,compute_cap --format=csv` with "
                "the architectures the library lists (torch: `torch.cuda.get_arch_list()`); use the library's "
                "path for this GPU (int8 instead of int4, fp16 instead of bf16 / FP8) or a newer GPU; an extension "
                "built here: rebuild it with this GPU in TORCH_CUDA_ARCH_LIST (e.g. '7.5') and the toolkit matching "
                "torch.version.cuda.",
                strict=True,
            ),
            Variant(
                r"FlashAttention-3|paddle",
                "PaddlePaddle's FlashAttention-3",
                "Paddle's FlashAttention-3 kernels run on Hopper (sm_90) only: turn FA3 off for this GPU (the "
                "model's or PaddleNLP's flash-attention version option / FLAGS_flash_attn_version=2) so Paddle uses "
                "FlashAttention-2, or run on an H100 / H200.",
                product="paddle",
            ),
        ),
        unless=r"FlashAttention only supports Ampere GPUs or newer",
        cuda_errors=("cudaErrorSymbolNotFound", "CUDA_ERROR_NOT_FOUND"),
        weight=74,
        applies="kernel libraries written for one GPU generation (FlashAttention-3, Hopper-only attention kernels)",
        shown_by=(_test("test_a_kernel_library_for_one_generation"),),
        example="RuntimeError: FlashAttention only supports Hopper GPUs or newer.",
        example_source="flash-attention hopper/flash_api.cpp (TORCH_CHECK on the compute capability), "
        "flash-attn 3.0; Paddle paddle/phi/kernels/gpu/flash_attn_v3_kernel.cu ('FlashAttention-3 only supports "
        "Hopper GPUs.'), Paddle 3.0",
    ),
    KnownError(
        "gpu-sdpa-flash-arch-notice",
        "torch SDPA: Flash attention only supports gpu architectures in the range [smX, smY] (a notice: another "
        "backend runs)",
        r"Flash attention only supports gpu architectures in the range \[sm\d{2,3}, sm\d{2,3}\]"
        r"|Mem Efficient Attention only supports gpu architectures in the range \[sm\d{2,3}, sm\d{2,3}\]",
        "torch's scaled_dot_product_attention checked its flash kernel and found the GPU outside its range (below "
        "sm80: Turing, Volta); it uses the memory-efficient or math kernel instead, which works (more memory, "
        "slower).",
        "Nothing fails by this line alone. If a later 'No available kernel' follows, the inputs fit no kernel on "
        "this GPU (float32 or a head dim over 256 with flash off): use float16 and allow the math kernel "
        "(torch.nn.attention.sdpa_kernel with SDPBackend.MATH among the backends).",
        severity="notice",
        weight=30,
        applies="torch 2.x scaled_dot_product_attention on GPUs outside the flash kernel's range",
        shown_by=(_test("test_a_kernel_library_for_one_generation"),),
        example="UserWarning: Flash attention only supports gpu architectures in the range [sm80, sm90]. Attempting "
        "to run on a sm 7.5 gpu. (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp)",
        example_source="aten/src/ATen/native/transformers/cuda/sdp_utils.cpp (check_flash_attention_hardware_support"
        "), torch 2.1 to 2.14",
    ),
)

_FAULT_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "gpu-xid",
        "NVRM: Xid NN (the NVIDIA driver's GPU fault report: read by its number)",
        r"NVRM: Xid \(PCI:[^)\n]{1,20}\): (\d{1,3})\b",
        "The NVIDIA kernel driver logged an Xid: a numbered GPU event. Its number says whose fault it is: 13, 31, "
        "43 a program's kernel (an out-of-range access, an illegal instruction: usually software); 48, 63, 64, 92, "
        "94, 95 the GPU memory's ECC (row remapping); 79 the GPU fell off the PCIe bus (power, riser, slot, "
        "overheating); 74 NVLink; 119, 120 the GSP firmware hung; 8, 62 the GPU stopped (driver or hardware).",
        "Read every Xid line (`sudo dmesg -T | grep -i xid` or `journalctl -k | grep -i xid`) and the GPU's state "
        "(`nvidia-smi -q -d ECC,TEMPERATURE,POWER,PERFORMANCE`). Reset or reboot to recover the GPU; if the same "
        "hardware Xid repeats on one card, have it replaced.",
        variants=(
            Variant(
                _XID.format(ids="13|31|43|45"),
                "an application fault (Xid 13/31/43)",
                "These Xids name a program's kernel that faulted (13: an exception such as an out-of-range address, "
                "31: an MMU fault, 43: the channel was stopped after it; 45 is the clean-up that follows), not the "
                "hardware: rerun with CUDA_LAUNCH_BLOCKING=1 and under compute-sanitizer to find the kernel; a "
                "custom CUDA extension built for another GPU or CUDA is the usual cause. Suspect the hardware only "
                "when different programs fail the same way.",
            ),
            Variant(
                _XID.format(ids="79"),
                "the GPU fell off the bus (Xid 79)",
                "The GPU stopped answering on PCIe: reboot (a reset rarely recovers it), then check power (PSU rating "
                "and its PCIe cables, no daisy-chained connectors), seating, risers and the slot, and temperatures; "
                "remove overclocks; cap the power (`sudo nvidia-smi -pl <watts>`) to test for power spikes; on a "
                "server, read the BMC's event log. Repeating on one card: have it replaced.",
            ),
            Variant(
                _XID.format(ids="48|63|64|92|94|95"),
                "GPU memory ECC (Xid 48/63/64/92/94/95)",
                "The GPU memory reported ECC errors: `nvidia-smi -q -d ECC,ROW_REMAPPER` (or PAGE_RETIREMENT on older "
                "GPUs) shows the counts; a pending row remap or retired page takes effect after a GPU reset "
                "(`sudo nvidia-smi -r -i <gpu>` with nothing running, or a reboot). Xid 94 (contained) kills only the "
                "affected program; Xid 95 (uncontained) and a 'Remapping Failure Occurred: Yes' mean the card must "
                "be replaced.",
            ),
            Variant(
                _XID.format(ids="119|120"),
                "GSP firmware timeout (Xid 119/120)",
                "The GPU System Processor firmware stopped answering: update the driver; if it persists, run the "
                "driver without GSP firmware (`options nvidia NVreg_EnableGpuFirmware=0` in /etc/modprobe.d, "
                "proprietary kernel modules only) and reboot.",
            ),
            Variant(
                _XID.format(ids="74"),
                "NVLink (Xid 74)",
                "An NVLink error: `nvidia-smi nvlink -s` and `nvidia-smi nvlink -e` show the links and their error "
                "counters; reset the GPUs (or reboot) and, when it repeats on one link, have the baseboard or bridge "
                "checked; meanwhile NCCL_P2P_DISABLE=1 avoids NVLink.",
            ),
        ),
        op=r"NVRM: Xid \(PCI:[^)\n]{1,20}\): (\d{1,3})\b",
        weight=82,
        applies="Linux hosts with the NVIDIA driver (dmesg, journalctl -k, nvidia-bug-report.log)",
        shown_by=(_test("test_xid_lines_are_read_by_number"),),
        example="NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus.",
        example_source="NVIDIA driver (open-gpu-kernel-modules 535, src/nvidia: the RM's Xid report 'NVRM: Xid "
        "(PCI:%04x:%02x:%02x): %d, ...'); NVIDIA's Xid catalogue for the numbers",
    ),
    KnownError(
        "gpu-ecc-uncorrectable",
        "uncorrectable ECC error encountered (the GPU's memory reported an error it could not correct)",
        r"uncorrectable ECC error encountered|CUDA_ERROR_ECC_UNCORRECTABLE|cudaErrorECCUncorrectable"
        r"|NVML_ERROR_ECC_UNCORRECTABLE",
        "The GPU's memory returned data its ECC could not correct (a failing memory cell, or errors that wait for a "
        "row remap or page retirement), so the CUDA context is lost; it is a hardware event, not the program.",
        "Run `nvidia-smi -q -d ECC,ROW_REMAPPER` (PAGE_RETIREMENT on pre-Ampere GPUs): a pending remap or retired "
        "page takes effect after a GPU reset (`sudo nvidia-smi -r -i <gpu>` with nothing running) or a reboot; then "
        "rerun. If the volatile uncorrectable count grows again, or the row remapper reports a failure, have the GPU "
        "replaced; meanwhile exclude it (CUDA_VISIBLE_DEVICES without it).",
        variants=(
            Variant(
                r"\bsbatch\b|\bsrun\b|SLURM|slurmstepd",
                "a Slurm cluster",
                "Tell the cluster's admins which node and GPU (its bus id or index) failed, and resubmit excluding "
                "the node (`sbatch --exclude=<node>`): the node needs a GPU reset, or the card a replacement.",
            ),
        ),
        weight=84,
        applies="GPUs with ECC memory (data-centre and workstation GPUs)",
        shown_by=(_test("test_uncorrectable_ecc_in_each_products_words"),),
        example="RuntimeError: CUDA error: uncorrectable ECC error encountered",
        example_source="CUDA runtime (cudaGetErrorString of cudaErrorECCUncorrectable, 214), driver API "
        "(CUDA_ERROR_ECC_UNCORRECTABLE), NVML (NVML_ERROR_ECC_UNCORRECTABLE); CUDA 12 headers",
    ),
    KnownError(
        "gpu-nvlink-uncorrectable",
        "uncorrectable NVLink error detected during the execution (an NVLink hardware fault)",
        r"uncorrectable NVLink error detected|CUDA_ERROR_NVLINK_UNCORRECTABLE|cudaErrorNvlinkUncorrectable",
        "An NVLink link between GPUs (or an NVSwitch) reported an error it could not correct while a kernel used it: "
        "a hardware or fabric fault, not the program.",
        "Check the links: `nvidia-smi nvlink -s` (state) and `nvidia-smi nvlink -e` (error counters), `nvidia-smi -q "
        "| grep -i -A3 fabric` on NVSwitch systems (nvidia-fabricmanager must run); reset the GPUs or reboot. If it "
        "repeats on one link, have the GPU baseboard or bridge checked; meanwhile NCCL_P2P_DISABLE=1 keeps NCCL off "
        "NVLink.",
        weight=84,
        applies="multi-GPU hosts with NVLink / NVSwitch (DGX / HGX, NVLink bridges)",
        shown_by=(_test("test_uncorrectable_ecc_in_each_products_words"),),
        example="RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
        example_source="CUDA runtime (cudaGetErrorString of cudaErrorNvlinkUncorrectable, 220), driver API "
        "(CUDA_ERROR_NVLINK_UNCORRECTABLE); CUDA 12 headers",
    ),
    KnownError(
        "gpu-smi-err",
        "nvidia-smi shows ERR! in a GPU's fields (the driver cannot read the GPU's state)",
        r"\|[^|\n]{0,60}(?<![\w!])ERR!(?=[\s|/])",
        "nvidia-smi prints ERR! where NVML's query of the GPU failed: the GPU is in a faulted state (after an Xid, "
        "a fall off the bus, an uncorrectable ECC error) or its sensors, fan or power reading failed.",
        "Read the kernel's log (`sudo dmesg -T | grep -iE 'xid|nvrm'`) and `nvidia-smi -q -i <gpu>` for the field "
        "that fails; reset the GPU (`sudo nvidia-smi -r -i <gpu>` with nothing running) or reboot. If ERR! comes "
        "back on the same card (fan, power or temperature), check its power cables and cooling, or have it replaced.",
        loose=True,
        alternatives=("host-gpu-lost", "gpu-xid"),
        weight=70,
        applies="any host with nvidia-smi",
        shown_by=(_test("test_nvidia_smi_err_and_no_devices"),),
        example="| N/A   ERR!  P0    ERR! / 400W |      0MiB / 81920MiB |    ERR!      Default |",
        example_source="nvidia-smi (its table prints ERR! for a field NVML could not read), driver 535",
    ),
    KnownError(
        "gpu-smi-no-devices",
        "nvidia-smi: No devices were found (the driver is loaded but has no GPU it could start)",
        r"^\s{0,8}No devices were found\s{0,4}$",
        "The NVIDIA kernel module answered but initialised no GPU: the GPU failed to start (dmesg: 'RmInitAdapter "
        "failed', an Xid), it is held by another driver (nouveau, vfio-pci for a VM), it is not supported by this "
        "driver branch (a legacy GPU), it is powered off (a laptop's hybrid graphics set to the integrated GPU), or "
        "the container or VM was given none.",
        "Check `lspci -nnk | grep -iA3 nvidia` (the driver in use for the GPU) and `sudo dmesg -T | grep -iE "
        "'nvrm|nvidia'` (why it did not start); install the driver branch that supports the GPU, blacklist nouveau, "
        "and reboot; in a container or VM, pass the GPU through (docker --gpus all, the hypervisor's PCI passthrough).",
        variants=(
            Variant(
                _HYBRID,
                "a laptop with hybrid graphics",
                "On a hybrid-graphics laptop the NVIDIA GPU is off while the integrated one is selected: switch to "
                "it (`sudo prime-select nvidia` or `on-demand` on Ubuntu, envycontrol / supergfxctl elsewhere, the "
                "BIOS's 'discrete' or 'hybrid' mode rather than 'integrated only') and reboot; remove bbswitch / "
                "bumblebee leftovers that power it down.",
            ),
        ),
        loose=True,
        alternatives=("host-gpu-lost", "host-driver-not-loaded"),
        weight=65,
        applies="Linux hosts with the NVIDIA driver loaded",
        shown_by=(_test("test_nvidia_smi_err_and_no_devices"),),
        example="$ nvidia-smi\nNo devices were found",
        example_source="nvidia-smi (NVML's device count is 0 while the driver is loaded), driver 535",
    ),
)

_PARTITION_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "gpu-mig-setup",
        "MIG: nvidia-smi cannot enable MIG or create an instance (pending enable, In use by another client, "
        "Insufficient Resources, No MIG-enabled devices found)",
        r"MIG mode is in pending enable state|No MIG-enabled devices found"
        r"|Unable to (?:create a (?:GPU|compute) instance|enable MIG [Mm]ode)[^\n]{0,120}"
        r"|Failed to (?:create|destroy) (?:GPU|compute) instance[^\n]{0,120}",
        "Multi-Instance GPU (A100, A30, H100, H200, B200) is set up with nvidia-smi: enabling MIG needs the GPU idle "
        "(no process, no persistence or monitoring agent holding it) and, on some systems, a GPU reset; instances "
        "are created only from profiles that fit the free slices; a GPU without MIG support has none.",
        "Stop everything using the GPU (`nvidia-smi --query-compute-apps=pid --format=csv`; stop nvidia-persistenced, "
        "dcgm / dcgm-exporter, the Kubernetes device plugin), then `sudo nvidia-smi -i <gpu> -mig 1` and reset the "
        "GPU (`sudo nvidia-smi -r -i <gpu>`) or reboot when it says pending. List what fits with `nvidia-smi mig "
        "-lgip` and create with `sudo nvidia-smi mig -cgi <profile> -C`; 'Insufficient Resources' means the free "
        "slices do not hold that profile (destroy instances: `nvidia-smi mig -dci && nvidia-smi mig -dgi`).",
        variants=(
            Variant(
                r"No MIG-enabled devices found",
                "no GPU in MIG mode",
                "No GPU is in MIG mode yet (or this GPU has no MIG: only A100, A30, H100, H200, B200-class GPUs): "
                "enable it with `sudo nvidia-smi -i <gpu> -mig 1` on an idle GPU, reset or reboot, then create "
                "instances (`nvidia-smi mig -lgip`, `sudo nvidia-smi mig -cgi <profile> -C`).",
            ),
        ),
        weight=80,
        applies="MIG-capable GPUs (Ampere A100 / A30, Hopper, Blackwell data-centre GPUs)",
        shown_by=(_test("test_mig_setup_and_devices"),),
        example="Warning: MIG mode is in pending enable state for GPU 00000000:07:00.0:In use by another client",
        example_source="nvidia-smi's MIG commands (-mig, mig -cgi / -cci), NVIDIA MIG user guide (driver R470+)",
    ),
    KnownError(
        "gpu-mig-no-instance",
        "A MIG-mode GPU with no usable instance for the program: 'no CUDA-capable device' with MIG enabled, or "
        "CUDA_VISIBLE_DEVICES naming several MIG instances",
        r"CUDA_VISIBLE_DEVICES=[\"']?MIG-[\w/-]{4,80},\s{0,2}MIG-"
        r"|no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE",
        "With MIG enabled, CUDA sees only MIG instances, never the whole GPU: with no GPU / compute instance created, "
        "or none passed to the process, it finds no device; and one CUDA process uses one MIG instance only, so "
        "naming several in CUDA_VISIBLE_DEVICES gives the first and hides the rest.",
        "Create an instance (`sudo nvidia-smi mig -cgi <profile> -C`; `nvidia-smi -L` then lists MIG-<uuid> "
        "devices) and run each process on one of them: CUDA_VISIBLE_DEVICES=MIG-<uuid> (one per process; for "
        "several, start one process per instance, e.g. one DDP rank each, or disable MIG with `sudo nvidia-smi -i "
        "<gpu> -mig 0` to use the whole GPU). In Kubernetes, request nvidia.com/mig-<profile> resources.",
        # a GPU in MIG mode shown beside it (nvidia-smi's "MIG mode is enabled", a MIG-<uuid> device)
        requires=r"\bMIG (?:mode )?(?:is )?enabled\b|\bMIG-[0-9a-f]{8}-|\bMIG-GPU-",
        weight=78,
        applies="MIG-capable GPUs in MIG mode",
        shown_by=(_test("test_mig_setup_and_devices"),),
        example="CUDA_VISIBLE_DEVICES=MIG-4b2f9c1e-0000-5d6a-9f1e-7c0f2a1b3c4d,MIG-8a7b6c5d-0000-5e4f-8a9b-1c2d3e4f5a6b",
        example_source="CUDA MIG support (CUDA_VISIBLE_DEVICES accepts MIG-<uuid>; one instance per CUDA process), "
        "NVIDIA MIG user guide (R470+)",
    ),
)

_NOTICE_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "gpu-clocks-throttled",
        "nvidia-smi: the GPU's clocks are held down (Clocks Event / Throttle Reasons: HW Slowdown, Thermal, Power "
        "Cap Active)",
        r"(?:HW Slowdown|HW Thermal Slowdown|HW Power Brake Slowdown|SW Thermal Slowdown|SW Power Cap)"
        r"\s{0,40}:\s{0,4}Active\b",
        "The GPU is running below its clocks: SW Power Cap (at its power limit), SW / HW Thermal Slowdown (too hot), "
        "HW Power Brake (the board or PSU asked it to brake), HW Slowdown (either). Kernels run slower and latency "
        "jitters, but results are unchanged.",
        "Watch it under load: `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER` and `nvidia-smi dmon -s pucv`. "
        "Thermal: clean the fans and heatsink, improve airflow, check the fan reads; power cap: see `nvidia-smi -q -d "
        "POWER` (the limit can be raised up to its max with `sudo nvidia-smi -pl <watts>`); HW Power Brake: check the "
        "PSU and the GPU's power cables. For steady benchmarks, lock clocks (`sudo nvidia-smi -lgc <min>,<max>`).",
        severity="notice",
        weight=30,
        applies="any NVIDIA GPU (nvidia-smi -q; 'Clocks Throttle Reasons' before driver 530, 'Clocks Event "
        "Reasons' since)",
        shown_by=(_test("test_throttle_reasons_are_a_notice"),),
        example="    Clocks Event Reasons\n        Idle                              : Not Active\n"
        "        SW Power Cap                      : Not Active\n"
        "        HW Slowdown                       : Active\n"
        "            HW Thermal Slowdown           : Active",
        example_source="nvidia-smi -q -d PERFORMANCE (NVML's nvmlDeviceGetCurrentClocksEventReasons), driver 535",
    ),
)

FAMILIES: tuple[KnownError, ...] = (*_ARCH_ROWS, *_NEWER_GPU_ROWS, *_FAULT_ROWS, *_PARTITION_ROWS, *_NOTICE_ROWS)
