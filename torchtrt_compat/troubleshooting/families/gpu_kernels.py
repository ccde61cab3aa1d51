"""GPU code generation and kernel availability outside TensorRT (issue 36, round eight): the compilers that turn
code into GPU kernels at run time (OpenAI Triton under torch.compile / inductor and under kernel libraries, XLA in
TensorFlow and JAX, NVRTC under CuPy / torch / numba, numba's NVVM) and the kernel libraries that ship their own
CUDA kernels (cpm_kernels, bitsandbytes, SageAttention, flash-attn, xformers).

Each row is keyed to the wording of the library that prints it: Triton's ``language/semantic.py`` dtype assertions,
``runtime/errors.py`` (PTXASError, OutOfResources) and ``runtime/build.py`` (its C compiler lookup); torch's
``_inductor`` (compile_fx's bfloat16 warning); XLA's ``nvptx_compiler.cc`` /
``ptx_compiler`` providers and ``nvptx_libdevice_path.cc``; CUDA's runtime error table (cudaErrorInvalidKernelImage,
cudaErrorInvalidPtx, cudaErrorJitCompilerNotFound, from ``data/error_facts.json``); NVRTC's ``nvrtcResult`` names as
CuPy raises them; numba's ``cudadrv/nvvm.py``, ``cudadrv/driver.py`` and ``cudadrv/libs.py``; cpm_kernels' and
bitsandbytes' own CUDA error formats; SageAttention's ``core.py``; flash-attn's C++ checks; xformers'
``ops/fmha/dispatch.py`` and its ``_cpp_lib.py`` warning; transformers' flash-attention check. What varies (an
architecture, a dtype, a library, a path) is read from the text. The fix names the library the user ran: a Triton
kernel is fixed in Triton's or torch's install, a library's kernels in that library's build, never in TensorRT.
"""

from __future__ import annotations

from ..entry import (
    COMFYUI,
    DARKNET,
    DARKNET_FIX,
    JETSON_BOARD,
    OWN_CUDA_CODE,
    SD_WEBUI,
    KnownError,
    Variant,
    ld_cannot_find,
    tests_in,
)
from .environments import COLAB

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round8_kern.py"
_R8 = "tests/data/explain_round8"


_test = tests_in(_TESTS)
_R39 = "tests/troubleshooting/test_round39_v39apps.py"
_q3 = tests_in("tests/troubleshooting/test_round14_q3kern.py")
_R40 = tests_in("tests/troubleshooting/test_round40_v40hpc.py")


#: a quote as ptxas and nvcc print it: ASCII or typographic
_Q = "['\"\u2018\u2019]"
#: Triton in use: its package, its errors, its environment variables, or torch.compile's inductor that drives it
_TRITON = r"\btriton\b|PTXASError|TRITON_PTXAS_PATH|torch[\\/._]{1,2}_inductor|\binductor\b"
#: XLA in use: TensorFlow's or JAX's GPU JIT
_XLA = r"\bxla\b|XLA_FLAGS|xla_ops|XlaRuntimeError|\btensorflow\b|\bjax(?:lib)?\b"
#: where a kernel library's own CUDA kernels are named in a traceback or log
_KERNEL_LIBS = (
    r"cpm_kernels|bitsandbytes|csrc[\\/]ops\.cu|flash_attn|xformers|sageattention|\bmmcv\b|auto_gptq|exllama"
    r"|\bawq\b|quantization_kernels|\.quantize\(\d"
)

#: CuPy's temporary kernel source (``<hash>_<n>.cubin.cu`` in the temp folder) that NVRTC was asked to open
_CUPY_TEMP_SOURCE = r'cannot open source file "[^"\n]{0,300}[\\/][0-9a-f]{16,64}_\d{1,3}\.cubin\.cu"'
#: XLA's remedy for a missing ptxas / libdevice, shared by the failure and the lookup warning
_XLA_FIX = (
    "Install the compiler parts and point XLA at them: `pip install nvidia-cuda-nvcc-cu12` (ptxas, libdevice) "
    "or a CUDA toolkit, put its bin/ on PATH, and set XLA_FLAGS=--xla_gpu_cuda_data_dir=<CUDA root holding "
    "bin/ptxas and nvvm/libdevice>."
)
#: libdevice missing as TensorFlow / XLA / JAX users report it, with the product named beside the words (numba's row
#: steps aside for these)
_XLA_LIBDEVICE_TEXT = (
    r"(?:Cannot|Can't|could not|unable to) find libdevice[^\n]{0,40}\b(?:TF|TensorFlow|XLA|JAX|jaxlib)\b"
    r"|\b(?:TF|TensorFlow|XLA|JAX)\b[^\n]{0,40}(?:cannot|can't|could not) find libdevice"
)
_XLA_VARIANTS = (
    Variant(
        r"\bjax(?:lib)?\b",
        "JAX",
        'Install JAX with NVIDIA\'s CUDA wheels: `pip install -U "jax[cuda12]"` (or cuda13), which brings '
        "nvidia-cuda-nvcc's ptxas; with a local CUDA toolkit use jax[cuda12-local] and put its bin/ on PATH.",
    ),
    Variant(
        r"libdevice",
        "libdevice",
        "Point XLA at a CUDA root that holds nvvm/libdevice/libdevice.10.bc: "
        "XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda (or $CONDA_PREFIX/lib after `conda install -c "
        "nvidia cuda-nvcc`; pip: the nvidia/cuda_nvcc folder of `pip install nvidia-cuda-nvcc-cu12`).",
    ),
    Variant(
        r"\btensorflow\b|xla_ops|OP_REQUIRES",
        "TensorFlow",
        'Install TensorFlow with its CUDA wheels (`pip install "tensorflow[and-cuda]"` brings '
        "nvidia-cuda-nvcc's ptxas) or a CUDA toolkit and put its bin/ on PATH; for a GPU newer than the "
        "toolkit (RTX 50xx: CUDA 12.8+) the ptxas must know it; XLA_FLAGS=--xla_gpu_cuda_data_dir=<CUDA root> "
        "when it is not in a standard place.",
    ),
)

FAMILIES: tuple[KnownError, ...] = (
    # ---- Triton (torch.compile / inductor, and kernel libraries written in Triton) --------------------------------
    KnownError(
        "kern-ptxas-too-old",
        "ptxas (Triton's bundled one, or XLA's) is older than the GPU or the PTX: Value 'sm_XY' is not defined for "
        "option 'gpu-name', Unsupported .version (or XLA's nvlink: newer than toolkit)",
        rf"Value {_Q}sm_\w{{1,8}}{_Q} is not defined for option {_Q}gpu-name{_Q}"
        rf"|ptxas fatal\s{{0,4}}: Unsupported \.target {_Q}sm_\w{{1,8}}{_Q}"
        r"|ptxas fatal\s{0,4}: Unsupported \.version \d{1,2}\.\d{1,2}"
        # ptxas's own line for its input file ("ptxas /tmp/x.ptx, line 5; fatal   : Unsupported .version 8.3; current
        # version is '8.2'"), as XLA quotes it in "ptxas exited with non-zero error code" (issue 36, round 26)
        r"|\bline \d{1,7}; fatal\s{0,4}: Unsupported \.version \d{1,2}\.\d{1,2}"
        r"|ptxas does not support CC \d{1,3}\.\d"
        # XLA's own sentence for a ptxas run that failed, as an issue title keeps it without ptxas's output ("ptxas
        # returned an error during compilation of ptx to sass"): most often a ptxas older than the GPU (TensorFlow
        # with CUDA 11.0 on an sm_86 card; issue 36, round fifty-five); with ptxas's output after its colon, that
        # output is the cause
        r"|ptxas returned an error during compilation of ptx to sass(?!:)"
        r"|Feature '[^'\n]{1,80}' requires PTX ISA \.version \d{1,2}\.\d{1,2} or later"
        # nvlink's refusal of an input built by a newer CUDA (issue 36, round thirty-two): "nvlink fatal   : Input
        # file 'X.cubin' newer than toolkit (118 vs 114)", the input's CUDA release first, nvlink's own second, as XLA
        # quotes it in "nvlink exited with non-zero error code" (nvlink's wording written from such reports)
        r"|nvlink fatal\s{0,4}: Input file [^\n]{1,400}? newer than toolkit \(\d{2,4} vs ?\d{2,4}\)"
        # XLA's ptxas that failed without a word of its own (exit code -1 or a signal, empty output; issue 36, round
        # fifty-one): the ptxas it found (a system CUDA's on PATH) could not run for it
        r"|ptxas exited with non-zero error code -?\d{1,10}, output: ?'?\s{0,4}'?(?:\s{0,4}If the error message|$)",
        "The ptxas that assembles the run-time generated kernels does not know this GPU's architecture (or the PTX "
        "version the compiler emitted): Triton runs the ptxas bundled in its wheel (triton/backends/nvidia/bin), "
        "XLA the first ptxas it finds; either predates the GPU (sm_100 / sm_120 / sm_121 need CUDA 12.8 / 12.9+).",
        "Use a ptxas from a CUDA release that knows the GPU (`ptxas --version`; `nvcc --list-gpu-arch`), or a "
        "newer Triton / jaxlib / TensorFlow that bundles one.",
        variants=(
            Variant(
                r"\btriton\b|PTXASError|TRITON_PTXAS_PATH|_inductor",
                "Triton (torch.compile, or a library's Triton kernels)",
                "Point Triton at a newer CUDA's ptxas: `export TRITON_PTXAS_PATH=/usr/local/cuda-13.0/bin/ptxas` "
                "(any installed CUDA whose `nvcc --list-gpu-arch` lists the GPU's sm_XY), then clear ~/.triton/cache; "
                "or install a newer triton that bundles it (the one your torch release pins: `pip install -U torch` "
                "brings it). Not a torch, TensorRT or nvcc build problem: Triton's own ptxas is too old.",
            ),
            # issue 36, round twenty-six: the PTX's ISA is newer than the ptxas (ptxas says both: "Unsupported
            # .version 8.3; current version is '8.2'"): a local toolkit older than the CUDA the compiler targets
            Variant(
                r"Unsupported \.version \d{1,2}\.\d{1,2}; current version is",
                "PTX newer than the local ptxas (an image's or PATH's older CUDA toolkit)",
                "The compiler (XLA in jaxlib / TensorFlow) emitted PTX of a newer ISA (the first number) than the "
                "ptxas it ran understands (the second; PTX ISA 8.x comes with CUDA 12.x, e.g. 8.3 with CUDA 12.3): "
                "the ptxas found first belongs to an older CUDA toolkit than the one the compiler targets, typically "
                "a CI or Docker image's toolkit older than the installed jaxlib's CUDA. Use an image or toolkit at "
                "least that new (`ptxas --version`), or let JAX use the ptxas of its nvidia-cuda-nvcc wheel (`pip "
                'install -U "jax[cuda12]"`, with the older toolkit\'s bin/ off PATH and no XLA_FLAGS='
                "--xla_gpu_cuda_data_dir pointing at it).",
            ),
            # issue 36, round thirty-two: the nvlink XLA runs on the kernels it compiled is older than the CUDA that
            # made them; the numbers are the two CUDA releases (a native build's nvlink has no XLA: not this row)
            Variant(
                r"newer than toolkit \(\d{2,4} vs ?\d{2,4}\)",
                "nvlink older than the CUDA the compiler targets (an image's or PATH's older CUDA toolkit)",
                "The kernels were compiled for a newer CUDA (the first number: 118 is CUDA 11.8; XLA in jaxlib / "
                "TensorFlow compiles for the CUDA it was built with) than the nvlink that links them (the second "
                "number): the nvlink / ptxas found first belong to an older CUDA toolkit on PATH or in the image. "
                "Install a CUDA toolkit at least as new as the first number and put its bin/ first on PATH "
                "(`nvlink --version`, `ptxas --version`), or let JAX use the nvidia-cuda-nvcc wheel's ptxas / nvlink "
                '(`pip install -U "jax[cuda12]"`, or the jax[cuda11_pip] extra of older jax releases), with the older '
                "toolkit's bin/ off PATH and no XLA_FLAGS=--xla_gpu_cuda_data_dir pointing at it.",
            ),
            Variant(
                r"ptxas exited with non-zero error code -?\d{1,10}, output: ?'?\s{0,4}'?(?:\s{0,4}If the error|$)",
                "ptxas failed without a message (its exit code only)",
                "The ptxas XLA ran ended with only an exit code (-1, or a signal) and printed nothing: it is not a "
                "ptxas XLA can use, most often an older CUDA toolkit's (or a broken one) found first on PATH or "
                "through XLA_FLAGS=--xla_gpu_cuda_data_dir. Run that ptxas yourself (`ptxas --version`; on Windows "
                "`where ptxas`), then give XLA the ptxas of the CUDA release jaxlib / TensorFlow was built for or "
                'newer: `pip install -U "jax[cuda12]"` (its nvidia-cuda-nvcc wheel), a newer CUDA toolkit\'s bin/ '
                "first on PATH, or a conda environment with cuda-nvcc from the nvidia channel; on Windows, use a "
                "jaxlib build made for the CUDA you install, or WSL2.",
            ),
            Variant(
                r"\bjax(?:lib)?\b",
                "JAX",
                'Install jax with the CUDA wheels (`pip install -U "jax[cuda12]"`, or cuda13) so XLA uses the '
                "nvidia-cuda-nvcc wheel's ptxas, which knows the GPU; or put a newer CUDA's bin/ first on PATH.",
            ),
            Variant(
                r"\btensorflow\b|\bxla\b|XLA_FLAGS",
                "TensorFlow / XLA",
                "Give XLA a ptxas that knows the GPU: a CUDA toolkit at least as new as the GPU on PATH (or "
                "XLA_FLAGS=--xla_gpu_cuda_data_dir=<that CUDA>), or `pip install -U nvidia-cuda-nvcc-cu12`; a "
                "TensorFlow built for an older CUDA may still lack the GPU's kernels (use a release that supports it).",
            ),
        ),
        requires=_TRITON + "|" + _XLA,
        op=rf"Value {_Q}(sm_\w{{1,8}}){_Q}|\.target {_Q}(sm_\w{{1,8}}){_Q}|(\.version \d{{1,2}}\.\d{{1,2}})"
        r"|does not support (CC \d{1,3}\.\d)",
        weight=90,
        applies="Triton (torch.compile, Unsloth, vLLM, SGLang, any @triton.jit kernel); XLA (TensorFlow, JAX)",
        shown_by=(_test("test_triton_ptxas_too_old_names_triton_ptxas_path"), f"{_R8}.jsonl#triton-lang-triton-8539"),
        example="ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n\nRepro command: /home/u/env/"
        "lib/python3.10/site-packages/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_121a /tmp/t.ptx",
        example_source="https://github.com/triton-lang/triton/issues/8539 (DGX Spark, GB10)",
    ),
    KnownError(
        "kern-triton-dtype-arch",
        "Triton: the GPU has no such dtype (fp8e4nv needs compute capability 8.9; bf16 8.0)",
        r"(?:fp8e4nv|fp8e4b15|fp8e5|bf16) data type is not supported on CUDA arch"
        r"|type (?:fp8\w{1,8}|bf16) not supported in this architecture",
        "A Triton kernel (generated by torch.compile for fp8 / bfloat16 weights, or a library's own) uses a dtype "
        "this GPU's architecture lacks: Triton refuses fp8 e4m3 (fp8e4nv) below compute capability 8.9 (RTX 40xx, "
        "L4, H100) and bfloat16 below 8.0.",
        "Use a dtype the GPU has: fp16 (or bf16 on 8.0+) weights instead of an fp8 checkpoint, or keep the fp8 "
        "weights and run without torch.compile on this GPU; `torch.cuda.get_device_capability()` shows the GPU's.",
        variants=(
            Variant(
                r"\bvllm\b|kv[_-]cache[_-]dtype",
                "vLLM",
                "On a GPU below compute capability 8.9 use --kv-cache-dtype auto and a non-fp8 checkpoint (or "
                "--quantization with a method the GPU has, e.g. awq / gptq); fp8 kernels need an RTX 40xx / L4 / H100.",
            ),
            Variant(
                r"ComfyUI|comfy[\\/]|Flux|weight_dtype",
                "ComfyUI (fp8 weights under torch.compile)",
                "Load the model with weight_dtype 'default' (fp16 / bf16) instead of fp8_e4m3fn, or turn off the "
                "compile node (WaveSpeed / TorchCompileModel) on this GPU: fp8 casts compile only on 8.9+.",
            ),
        ),
        op=r"(fp8e4nv|fp8e4b15|fp8e5|bf16) data type|type (fp8\w{1,8}|bf16) not supported",
        weight=88,
        applies="Triton on NVIDIA GPUs below compute capability 8.9 (fp8) or 8.0 (bf16): torch.compile, vLLM, "
        "kernel libraries",
        shown_by=(
            _test("test_triton_refuses_a_dtype_the_gpu_lacks"),
            f"{_R8}.jsonl#chengzeyi-comfy-wavespeed-33",
        ),
        example='    assert builder.options.allow_fp8e4nv, "fp8e4nv data type is not supported on CUDA arch < 89"\n'
        "AssertionError: fp8e4nv data type is not supported on CUDA arch < 89",
        example_source="https://github.com/chengzeyi/Comfy-WaveSpeed/issues/33 (triton/language/semantic.py, cast)",
    ),
    KnownError(
        "kern-kernel-image-invalid",
        "device kernel image is invalid (cudaErrorInvalidKernelImage): the driver cannot load a compiled kernel",
        r"device kernel image is invalid|CUDA_ERROR_INVALID_IMAGE|cudaErrorInvalidKernelImage",
        "The CUDA driver refused a compiled kernel (a cubin): it was assembled by a newer CUDA than this driver "
        "supports (Triton bundles a recent ptxas; a wheel built with a newer toolkit), for another architecture, "
        "or the kernel cache holds a file from another setup.",
        "Update the NVIDIA driver to one that supports the CUDA the kernels were built with (`nvidia-smi` shows "
        "the highest CUDA the driver runs), or use builds for the CUDA the driver supports; clear the kernel cache.",
        variants=(
            Variant(
                r"\btriton\b|_inductor|unsloth",
                "Triton",
                "Triton assembled the kernel with its bundled ptxas, newer than your driver: update the NVIDIA driver "
                "(the CUDA version `nvidia-smi` prints must be at least triton's bundled CUDA), or point Triton at the "
                "ptxas of the CUDA the driver supports (`export TRITON_PTXAS_PATH=/usr/local/cuda-12.x/bin/ptxas`), "
                "or install the torch + triton pair built for that CUDA; then `rm -rf ~/.triton/cache`.",
            ),
            # issue 36, round twenty-six: XLA links the kernels it assembled with ptxas through the driver
            # (stream_executor/cuda/cuda_asm_compiler.cc: cuLinkAddData / cuLinkComplete; its "cuLinkAddData fails.
            # This is usually caused by stale driver version." and gpu_compiler.cc's "The CUDA linking API did not
            # work"): a driver older than that ptxas refuses the image
            Variant(
                r"cuda_asm_compiler|\bcuLink(?:Complete|AddData|Create)\b|The CUDA linking API did not work"
                r"|xla_gpu_force_compilation_parallelism",
                "XLA linking its kernels through the driver (a driver older than the ptxas)",
                "XLA (JAX, TensorFlow) assembled the kernels with a CUDA toolkit's ptxas and links them through the "
                "driver (cuLinkAddData / cuLinkComplete); the driver refuses an image from a newer CUDA than it "
                "supports, so the host's driver is older than that ptxas (a CUDA container or local toolkit newer "
                "than the host driver). Update the host NVIDIA driver to one that supports that CUDA (`nvidia-smi`'s "
                "'CUDA Version' at least the container's or `ptxas --version`'s), or use a container / toolkit no "
                "newer than the driver (for JAX, the nvidia-cuda-nvcc wheel of the driver's CUDA); newer jaxlib "
                "releases fall back when the driver cannot link. Meanwhile "
                "XLA_FLAGS=--xla_gpu_force_compilation_parallelism=1 avoids the driver's linker (slower compiles).",
            ),
            # a framework library built without this GPU's architecture (TensorFlow's runtime init), round 24
            Variant(
                r"CUDA runtime implicit initialization on GPU|tensorflow|libtensorflow|no kernel image",
                "a framework build without this GPU's architecture",
                "The library's CUDA kernels were compiled for other compute capabilities and carry no PTX this GPU "
                "can compile, so it fails on this GPU model only: use (or build) a release whose CUDA kernels "
                "include this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap --format=csv`; add its "
                "sm_XX / compute_XX to the build's CUDA compute capabilities) with a CUDA that supports the GPU; a "
                "driver update alone does not add kernels.",
            ),
            # issue 36, round fifty: torch's own op raised it (a torch.nn / torch._C frame last, no Triton): the
            # torch build's kernels, which are for other GPUs than this one (a GPU newer than the build's CUDA, such
            # as an RTX 50 on a torch before cu128), or a second torch shadowing the environment's
            Variant(
                r"RuntimeError: CUDA error: device kernel image is invalid",
                "torch's own kernel",
                "torch's own kernel could not be loaded on this GPU: first compare what the torch that runs was "
                "built for with the GPU (`python -c 'import torch; print(torch.__version__, torch.__file__, "
                "torch.cuda.get_arch_list(), torch.cuda.get_device_capability())'`). A GPU whose sm_XY is missing "
                "(a GPU newer than the build, e.g. an RTX 50 series, sm_120, needs torch 2.7+ with cu128 or later) "
                "needs the torch build of a CUDA that knows it, installed into the environment that runs the program "
                "(a second torch in the user's site-packages, ~/.local or AppData\\Roaming\\Python, shadows the "
                "environment's: uninstall it); then reinstall or rebuild the compiled extensions for that torch. If "
                "the GPU is listed, update the NVIDIA driver to one that supports torch's CUDA.",
                strict=True,
            ),
        ),
        cuda_errors=("cudaErrorInvalidKernelImage", "CUDA_ERROR_INVALID_IMAGE"),
        alternatives=("cuda-driver-insufficient", "torch-invalid-device-function"),
        # a kernel NVRTC failed to compile leaves no image to load: the compile failure the text shows is the
        # answer (jit-nvrtc-compilation-error), not a driver update (issue 36, round twenty-seven)
        unless=r"NVRTC_ERROR_COMPILATION|nvrtcCompileProgram(?:\(\))? (?:failed|returned)",
        weight=84,
        applies="Triton kernels (torch.compile, Unsloth, vLLM) and any precompiled CUDA kernel on an older driver",
        shown_by=(_test("test_a_kernel_the_driver_cannot_load"), f"{_R8}.jsonl#unslothai-unsloth-424"),
        example="RuntimeError: Triton Error [CUDA]: device kernel image is invalid",
        example_source="https://github.com/unslothai/unsloth/issues/424; CUDA's runtime message for "
        "cudaErrorInvalidKernelImage (200)",
    ),
    KnownError(
        "kern-ptx-jit-failed",
        "a PTX JIT compilation failed (cudaErrorInvalidPtx): the driver could not compile the PTX",
        r"a PTX JIT compilation failed|CUDA_ERROR_INVALID_PTX|cudaErrorInvalidPtx"
        # issue 36, round forty: a glog / absl CHECK around a driver API call, with the status as a number (218 =
        # CUDA_ERROR_INVALID_PTX): "Check failed: cuLinkAddData_v2(...) == CUDA_SUCCESS (218 == 0)"
        r"|Check failed: cu[A-Z]\w{1,40}\([^\n]{0,400}\) == CUDA_SUCCESS \(218 (?:==|vs\.) 0\)",
        "The program shipped PTX (no cubin for this GPU) and the driver's JIT could not compile it: the PTX comes "
        "from a newer CUDA than the driver, or uses features this GPU lacks.",
        "Update the NVIDIA driver (or install builds for the CUDA it supports), and prefer builds that carry a "
        "cubin for the GPU's architecture (TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES including it).",
        variants=(
            # issue 36, round fifty-eight: LLVM's NVPTX back end in the program's own kernel compiler (Taichi /
            # quadrants, numba's NVVM) does not know the GPU's architecture ("'sm_110' is not a recognized processor for
            # this target (ignoring processor)")
            Variant(
                r"'sm_\d{2,3}[af]?' is not a recognized processor for this target",
                "the kernel compiler's LLVM does not know this GPU's architecture",
                "The program compiles its kernels with its own LLVM (Taichi / quadrants for Genesis, numba, a JIT "
                "kernel language), and that LLVM does not know this GPU's architecture (the sm_NN it names: a GPU "
                "newer than the release, such as Blackwell or Jetson Thor), so the PTX it makes is for no target the "
                "driver can load. Update the package that compiles the kernels (and the framework pinning it) to a "
                "release whose LLVM supports that architecture, or run on a GPU that release supports; a newer "
                "driver does not help here.",
                strict=True,
            ),
            # issue 36, round forty: PTX a library generated at run time (an LLVM-based code generator: a UDF
            # compiler, a query engine, a JIT) that ptxas rejects while the driver links it (cuLinkAddData)
            Variant(
                r"cuLinkAdd(?:Data|File)\w{0,4}\(|CU_JIT_INPUT_PTX|ptxas application ptx input, line \d",
                "PTX generated at run time, rejected by ptxas at the JIT link",
                "The PTX was generated at run time by the program's own code generator (LLVM IR lowered to PTX for a "
                "user-defined function, a query or a JIT-compiled kernel) and the driver's ptxas rejected it while "
                "linking it (cuLinkAddData; 218 is CUDA_ERROR_INVALID_PTX): the ptxas line after it names the PTX "
                "line and the problem. An error about the code itself (a call with the wrong number of parameters, "
                "an undefined symbol, a type mismatch) is a code-generation bug of that library: upgrade it (and "
                "the server or runtime that embeds it) to a release that fixes it, report the function that "
                "triggers it, and run that function on the CPU meanwhile. An error about the PTX '.version' or "
                "'.target' instead means PTX newer than the driver (update the driver) or than the GPU.",
                strict=True,
            ),
            # issue 36, round twenty-six: a project's own kernels (a native test suite, no torch), often compiled for
            # a fixed newer architecture than the GPU of the machine the tests run on
            Variant(
                OWN_CUDA_CODE,
                "the project's own kernels (a native test suite, no torch)",
                "The project's own kernels reached the driver as PTX it cannot compile for this GPU: most often the "
                "project compiles some kernels for a fixed architecture (kernels built for a newer architecture "
                "than the GPU), less often the PTX comes from a newer CUDA than the driver. Compare the GPU's "
                "compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`) with the architecture "
                "the tests compile for; compile them for this GPU (the project's target-architecture option, "
                "CMAKE_CUDA_ARCHITECTURES or -gencode with its sm_XY), or exclude the tests that need a newer GPU on "
                "this machine (a label per required architecture, then `ctest -LE <label>` or `ctest -E <regex>`). "
                "Update the driver only when nvidia-smi's 'CUDA Version' is older than the CUDA that generated the "
                "PTX.",
            ),
        ),
        cuda_errors=("cudaErrorInvalidPtx", "CUDA_ERROR_INVALID_PTX"),
        alternatives=("cuda-driver-insufficient",),
        weight=80,
        applies="any CUDA program that loads PTX (Triton, NVRTC, extensions built for compute_XY only)",
        shown_by=(_test("test_the_driver_jit_in_cudas_words"),),
        example="RuntimeError: CUDA error: a PTX JIT compilation failed",
        example_source="CUDA's runtime message for cudaErrorInvalidPtx (218), as torch's C10_CUDA_CHECK prints it",
    ),
    KnownError(
        "kern-ptx-jit-compiler-missing",
        "PTX JIT compiler library not found (cudaErrorJitCompilerNotFound: libnvidia-ptxjitcompiler missing)",
        r"PTX JIT compiler library not found|CUDA_ERROR_JIT_COMPILER_NOT_FOUND|cudaErrorJitCompilerNotFound",
        "The driver's PTX JIT library (libnvidia-ptxjitcompiler.so, part of the NVIDIA driver) is not there: a "
        "container started without the driver's compute libraries, or a driver install that left it out.",
        "In Docker start the container with the compute capability: `--gpus all -e "
        "NVIDIA_DRIVER_CAPABILITIES=compute,utility` (NVIDIA Container Toolkit); on a host, reinstall the full "
        "NVIDIA driver package (libnvidia-compute / nvidia-driver) so libnvidia-ptxjitcompiler.so.1 is installed.",
        cuda_errors=("cudaErrorJitCompilerNotFound", "CUDA_ERROR_JIT_COMPILER_NOT_FOUND"),
        weight=82,
        applies="containers and minimal driver installs; any program that JIT-compiles PTX",
        shown_by=(_test("test_the_driver_jit_in_cudas_words"),),
        example="RuntimeError: CUDA error: PTX JIT compiler library not found",
        example_source="CUDA's runtime message for cudaErrorJitCompilerNotFound (221)",
    ),
    KnownError(
        "kern-triton-out-of-resources",
        "Triton: out of resource: shared memory (a kernel's block sizes need more than this GPU has)",
        r"out of resource: (?:shared memory|registers|threads)|OutOfResources: out of resource"
        r"|uses too much shared data \(0x[0-9a-f]{1,8} bytes, 0x[0-9a-f]{1,8} max\)",
        "A Triton kernel's configuration (block sizes x num_stages) needs more shared memory (or registers) than "
        "this GPU has per SM: configs tuned on an A100 / H100 (up to 228 KB) do not fit a consumer GPU "
        "(about 100 KB on RTX 30xx / 40xx, 64 KB on a T4).",
        "Use smaller BLOCK sizes or fewer num_stages in the kernel's triton.Config (the message says 'Reducing "
        "block sizes or num_stages may help'); for a library's kernel, update the library or report your GPU to "
        "it; under torch.compile, try mode='default' instead of 'max-autotune'.",
        variants=(
            # (issue 36, round fifty-one) the GPU's own limit is 64 KB or less per block: a Turing (RTX 20xx, T4,
            # Quadro RTX) or older GPU, for which many projects' kernels were never written
            Variant(
                # (not an Intel or AMD GPU's local memory, whose limit is often 64 KB too)
                r"\A(?![\s\S]{0,300000}?(?i:\bxpu\b|\bintel\b|\brocm\b|\bhip\b|\bgfx\d|\bamd\b))"
                r"[\s\S]{0,300000}?Hardware limit: "
                r"(?:\d{1,4}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d\d|655[0-2]\d|6553[0-6])\b",
                "a GPU of 64 KB shared memory or less (Turing: RTX 20xx, T4; or older)",
                "This GPU's limit (the 'Hardware limit' figure, 65536 bytes on a Turing RTX 20xx / T4, 49152 on "
                "Pascal) is below what the kernel's configs were written for: many projects tune their Triton "
                "kernels for Ampere or newer (about 100 KB and more) and do not support older generations. Update "
                "the project first (a release may add configs for 64 KB GPUs) and check its supported GPUs: if "
                "Turing is not among them, no setting of yours makes its "
                "kernel fit, and the remedy is an Ampere or newer GPU or the project's option that avoids its Triton "
                "kernels (an eager or SDPA attention path, torch.compile off). For your own kernel, smaller BLOCK "
                "sizes and num_stages=1 or 2 fit 64 KB.",
            ),
            Variant(
                r"unsloth|flash_attn|mamba_ssm|vllm|sglang|fla[\\/.]|liger",
                "a library's Triton kernel",
                "The kernel belongs to the library in the traceback, tuned for larger GPUs: update it (its newer "
                "releases pick configs per GPU), lower the sequence length / head size its config derives block "
                "sizes from, or report the GPU to the library; TensorRT and torch are not involved.",
            ),
        ),
        op=r"out of resource: (\w{1,20}(?: \w{1,20})?)|uses too much (shared data)",
        weight=85,
        applies="Triton kernels on GPUs with less shared memory than the one their configs were tuned on",
        shown_by=(_test("test_triton_out_of_shared_memory"),),
        example="triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 131072, Hardware "
        "limit: 101376. Reducing block sizes or `num_stages` may help.",
        example_source="triton/runtime/errors.py (OutOfResources); https://github.com/unslothai/unsloth/issues/1013",
    ),
    KnownError(
        "kern-triton-version-mismatch",
        "triton does not match torch or the code written for it (cannot import name X from 'triton...', a kernel "
        "using a removed Triton API, a kernel package's 'Failed to import Triton-based component')",
        r"cannot import name '\w{1,60}' from 'triton(?:\.[\w.]{1,60})?'"
        r"|No module named 'triton\.[\w.]{1,60}'"
        r"|module 'triton(?:\.[\w.]{1,60})?' has no attribute '\w{1,60}'"
        # issue 36, round thirty-one: a kernel written for Triton 1.x / 2.0-dev's tl.dot(a, b, trans_a=, trans_b=),
        # which later Triton removed: its TypeError, or Triton's CompilationError quoting the kernel's line
        r"|\bdot\(\) got an unexpected keyword argument '(?:trans_a|trans_b)'"
        r"|CompilationError: at \d{1,5}:\d{1,4}:[\s\S]{0,8000}?\btl\.dot\([^\n]{0,160}\btrans_[ab]\s{0,2}="
        # issue 36, round thirty-two: a kernel package's stub for its Triton component whose import failed
        # (cuequivariance_ops_torch: "Failed to import Triton-based component: <name>:\n<the import's error>\nPlease
        # make sure to install triton==X. Other versions may not work!")
        r"|Failed to import Triton-based component: \w{1,80}",
        "The installed triton is not the version the importing code was written for: torch's inductor needs the "
        "triton its release pins, and libraries written against an older Triton API (triton.ops, removed in "
        "triton 3.0; AttrsDescriptor, removed in 3.3) break on a newer one.",
        "Install the triton your torch pins (`pip show torch` lists it under Requires; `pip install --force-reinstall "
        "torch` from the same index restores the pair) instead of upgrading triton alone; if the import is a "
        "library's (bitsandbytes, xformers, unsloth, an old diffusers), upgrade that library to a release for this "
        "triton.",
        variants=(
            # round thirty-two: the kernel package names its own triton pin, but the error it wraps (the line after
            # the component's name) is the cause: "Not Supported" (its ops build does not support this GPU, torch or
            # triton), an ImportError of torch / triton
            Variant(
                r"Failed to import Triton-based component",
                "a kernel package's Triton component did not import (cuEquivariance's fused kernels)",
                "The kernel package (cuequivariance_ops_torch, whose fused triangle / attention kernels structure "
                "models call) could not import its Triton component, and its message always ends with its own "
                "triton pin: check that first (`pip show triton`), but the line after the component's name is the "
                "real error. 'Not Supported' (or an ImportError from torch / triton) with the pinned triton already "
                "installed means this cuequivariance_ops build does not support the installed torch, triton or GPU: "
                "install the cuequivariance_torch / cuequivariance_ops_torch (cu11 / cu12) versions the model "
                "package pins, together with the torch they were built for (its requirements or install extras), "
                "in a fresh environment; or turn the fused kernels off (the model's own option for "
                "them) to run the plain PyTorch path, which needs no triton.",
                strict=True,
            ),
            Variant(
                r"\btrans_[ab]\b",
                "a kernel written for an old Triton's tl.dot(trans_a / trans_b)",
                "The Triton kernel being compiled (a model's bundled remote code such as a flash_attn_triton.py, "
                "an old flash-attn's Triton kernel, a vendored kernel) calls tl.dot with trans_a / trans_b, which "
                "Triton 2.0 and later no longer accept, so the installed triton cannot compile it. Models whose "
                "code uses this kernel only when triton imports fall back to their PyTorch attention after `pip "
                "uninstall triton` (if nothing else needs it: torch.compile does); or patch the kernel's source "
                "(tl.dot(a, b, trans_b=True) -> tl.dot(a, tl.trans(b)); trans_a -> tl.trans(a); for remote code "
                "in its cached copy under ~/.cache/huggingface/modules) or turn the model's flash / Triton "
                "attention option off; or run it in a separate environment with the old triton it was written "
                "for.",
                strict=True,
            ),
            # issue 36, round fifty: a kernel calling a triton.language function the installed triton does not have:
            # the language gains functions each release (tl.flip, tl.gather, tl.histogram) and seldom drops one, so
            # the triton is older than the kernel
            Variant(
                r"module 'triton\.language' has no attribute",
                "a kernel using a triton.language function this triton does not have yet",
                "The Triton kernel calls a triton.language function that the installed triton does not have yet: "
                "the language gains functions with each release (tl.flip came with triton 3.0) and seldom drops "
                "one, so the kernel was written for a newer triton than the one installed. Compare `python -c "
                "'import triton, torch; print(triton.__version__, torch.__version__)'` with the version the project "
                "asks for, then upgrade triton to it together with the torch release that pins it (torch 2.4 pins "
                "triton 3.0: `pip install torch==<that release>` brings its triton), or triton alone where no torch "
                "pins it.",
                strict=True,
            ),
        ),
        op=r"cannot import name '(\w{1,60})' from 'triton|No module named '(triton\.[\w.]{1,60})'"
        r"|has no attribute '(\w{1,60})'",
        weight=70,
        applies="torch.compile, and libraries that import triton directly",
        shown_by=(_test("test_triton_version_mismatch"),),
        example="ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'",
        example_source="torch/_inductor/runtime/hints.py import against triton 3.3 (which removed AttrsDescriptor)",
    ),
    KnownError(
        "kern-triton-c-compiler",
        "Triton cannot build its launcher: Failed to find C compiler / Python.h (or a backend's SDK header) missing",
        r"Failed to find C compiler\. Please specify via CC environment variable"
        r"|main\.c:\d{1,5}:\d{1,4}: fatal error: Python\.h: No such file or directory"
        # the launcher's own file names (main.c, cuda_utils.c) with gcc's and MSVC's (C1083) missing-header words
        r"|(?:main|cuda_utils|__triton_launcher)\.c(?::\d{1,5}:\d{1,4}: fatal error: |\(\d{1,5}\): fatal error C1083: "
        r"Cannot open include file: ')Python\.h"
        # the compiler's command failing as Python reports it (triton/runtime/build.py runs it with
        # subprocess.check_call): "CalledProcessError: Command '['...tcc.exe', '...cuda_utils.c', '-O3', ...]' returned
        # non-zero exit status 1" (triton-windows' bundled TinyCC, MSVC's cl.exe, gcc / clang), the launcher's C file
        # the second item (issue 36, round thirty-three)
        r"|CalledProcessError: Command '\[[^\n\]]{0,300}?\b(?:tcc|cl|gcc|clang|cc)(?:\.exe)?', "
        r"'[^'\n]{0,300}?(?:main|cuda_utils|__triton_launcher|hip_utils)\.c'"
        # issue 36, round forty-seven: Intel's XPU backend builds its launcher / driver utilities (C++ against SYCL
        # and Level Zero, with icpx, clang++ or cl.exe) and the Level Zero SDK's header is not found (gcc's, clang's
        # and MSVC's missing-header words; an issue title naming Triton beside it)
        r"|(?:main|__triton_launcher|spirv_utils|arch_utils|driver)\.c(?:pp|c)?(?::\d{1,5}:\d{1,4}: fatal error: "
        r"|\(\d{1,5}\): fatal error C1083: Cannot open include file: )'?level_zero/ze_api\.h"
        r"|\btriton\b[^\n]{0,200}\blevel_zero/ze_api\.h|\blevel_zero/ze_api\.h[^\n]{0,200}\btriton\b",
        "Triton compiles a small C launcher (main.c) per kernel with the system C compiler against Python's "
        "headers (and its backend's: CUDA's cuda.h, Intel XPU's SYCL and Level Zero headers): no gcc / clang / cl "
        "is on PATH, or the Python development headers (or the backend's SDK headers) are not installed.",
        "Install a C compiler and the Python headers (Debian/Ubuntu: `apt-get install build-essential "
        "python3-dev` or python3.X-dev for your Python; conda: `conda install gcc_linux-64`), or set CC to one; "
        "on Windows triton-windows needs its bundled TinyCC or MSVC's cl.exe on PATH.",
        variants=(
            # issue 36, round forty-seven: Intel's XPU backend (torch.compile on an Intel GPU) building its launcher
            Variant(
                r"level_zero|ze_api\.h|\bicpx\b|\bsycl\b|\boneAPI\b|\bXPU\b",
                "Intel's XPU backend: the oneAPI / Level Zero headers",
                "Triton's Intel XPU backend builds its launcher (C++ against SYCL and Level Zero) with the oneAPI "
                "compiler (icpx, or cl.exe on Windows), which must find the Level Zero SDK's headers "
                "(level_zero/ze_api.h) and SYCL's. Install them (Linux: the level-zero-dev / level-zero-devel "
                "package and the oneAPI DPC++ compiler or Deep Learning Essentials; Windows: the oneAPI Base Toolkit "
                "or Deep Learning Essentials and the Level Zero SDK), and run from a shell where the oneAPI "
                "environment script was sourced (`source /opt/intel/oneapi/setvars.sh`; on Windows `call "
                '"C:\\Program Files (x86)\\Intel\\oneAPI\\setvars.bat"` in a Visual Studio developer prompt) so '
                "the compiler's include path holds them; use the torch and triton-xpu releases Intel pairs; delete "
                "Triton's cache (~/.triton/cache) and rerun.",
                strict=True,
            ),
            # triton-windows' bundled TinyCC (triton/runtime/tcc/tcc.exe) built the launcher and failed
            Variant(
                r"[\\/]tcc[\\/]tcc\.exe|\btcc\.exe\b",
                "triton-windows' bundled TinyCC (tcc.exe)",
                "triton-windows builds the launcher with its bundled TinyCC against the running Python's Include "
                "folder and python3XX.lib in its libs folder (the -I / -L paths on the command line): an embedded or "
                "portable Python (python_embeded, an app's portable build) ships without them. Copy the Include and "
                "libs folders of a full CPython of exactly the same version into that Python's folder, install the "
                'triton-windows release that matches torch (`pip install -U "triton-windows<X.Y"`, X.Y the next '
                "minor after the one your torch pins), delete %USERPROFILE%\\.triton\\cache, and rerun; or turn "
                "off the app's torch.compile / Triton-based option (compile, a Triton attention or offload kernel) "
                "to run without Triton.",
            ),
            # MSVC's cl.exe built it: Python's headers / import library are looked up from the venv
            Variant(
                r"\bcl\.exe\b|[\\/]MSVC[\\/]|Microsoft Visual Studio|/LIBPATH:",
                "MSVC (cl.exe) on Windows",
                "triton-windows (or Triton under Windows) compiled its launcher with MSVC's cl.exe and it failed: "
                "most often the /I and /LIBPATH paths for Python point into a venv's Scripts\\Include / Scripts\\libs "
                "(or an embedded Python), which hold no Python.h / python3XX.lib. Copy the base Python's include and "
                "libs folders into the venv (or create the venv from a full python.org Python), run from a shell "
                "where cl.exe works (the 'x64 Native Tools Command Prompt'), install the triton-windows release "
                "that matches torch (newer ones bundle TinyCC and need no MSVC), clear %USERPROFILE%\\.triton\\cache; "
                "or switch the app off Triton (an attention mode of sdpa instead of a Triton / SageAttention one, "
                "compile off).",
            ),
        ),
        weight=84,
        applies="Triton (torch.compile, Triton-based libraries) on hosts without a C toolchain (slim containers)",
        shown_by=(_test("test_triton_cannot_build_its_launcher"),),
        example="RuntimeError: Failed to find C compiler. Please specify via CC environment variable.",
        example_source="triton/runtime/build.py (_build)",
    ),
    KnownError(
        "kern-triton-launcher-cuda-headers",
        "Triton's launcher (cuda_utils.c / main.c) does not compile against the cuda.h found: CUtensorMap / "
        "cuTensorMapEncodeTiled undeclared, or cuda.h missing",
        # gcc / clang ("cuda_utils.c:406:3: error: unknown type name 'CUtensorMap'") and MSVC ("cuda_utils.c(409):
        # error C2065: 'CUtensorMap': undeclared identifier"): CUDA 12 driver API names in the launcher's source
        r"(?:cuda_utils|main|__triton_launcher)\.c"
        r"(?::\d{1,5}:\d{1,4}: (?:fatal )?error: |\(\d{1,5}\): (?:fatal )?error C\d{4}: )"
        r"(?:[^\n]{0,120}(?:CUtensorMap|cuTensorMapEncode|CU_TENSOR_MAP|cuLaunchKernelEx|CUlaunchConfig"
        r"|cuOccupancyMaxActiveClusters|getCuTensorMapEncodeTiledHandle)|[^\n]{0,60}'?cuda\.h'?: No such file"
        r"|Cannot open include file: 'cuda\.h')",
        "Triton compiles a small C launcher per kernel (its driver.c, written out as cuda_utils.c and main.c) "
        "with the host's C compiler against a cuda.h: the one found is from a CUDA toolkit older than 12 "
        "(CUtensorMap, cuTensorMapEncodeTiled and cuLaunchKernelEx arrived in CUDA 12.0), or none is found. "
        "Triton's Linux wheels bundle their own headers, so an older one comes first through CPATH / "
        "C_INCLUDE_PATH or a Windows CUDA_PATH that points at an 11.x toolkit.",
        "Make the compiler find a CUDA 12.x cuda.h: remove older toolkits' include folders from CPATH / "
        "C_INCLUDE_PATH (Linux; Triton's wheel brings triton/backends/nvidia/include), install the triton your "
        "torch pins (`pip show torch` lists it), then clear Triton's cache (~/.triton/cache) and rerun.",
        variants=(
            Variant(
                r"error C\d{4}|[A-Z]:\\|\btriton-windows\b|\bcl\.exe\b|AppData",
                "Windows (triton-windows, MSVC)",
                "On Windows triton-windows compiles its launcher with MSVC (or its bundled TinyCC) against the "
                "CUDA toolkit on CUDA_PATH: point CUDA_PATH (and PATH's CUDA bin) at a CUDA 12.x toolkit that "
                "matches torch.version.cuda, or install the triton-windows release that bundles its CUDA headers "
                'for your torch (`pip install -U "triton-windows<X.Y"` with X.Y your torch\'s pin); delete '
                "%USERPROFILE%\\.triton\\cache, then restart the app from a fresh shell.",
            ),
        ),
        weight=86,
        applies="Triton (torch.compile, mamba_ssm, Unsloth, SageAttention and other Triton-based libraries) with "
        "an older CUDA toolkit's headers on the include path; triton-windows with CUDA_PATH at CUDA 11.x",
        shown_by=(_q3("test_triton_launcher_against_an_old_cuda_header"),),
        example="C:\\Users\\u\\AppData\\Local\\Temp\\tmpa6\\cuda_utils.c(409): error C2065: 'CUtensorMap': "
        "undeclared identifier",
        example_source="https://github.com/sdbds/Zonos-for-windows/issues/53; triton "
        "third_party/nvidia/backend/driver.c (cuTensorMapEncodeTiled, CUDA 12 driver API)",
    ),
    KnownError(
        "kern-triton-cuda-error",
        "Triton's launcher got a CUDA error loading or starting a kernel ('Triton Error [CUDA]: invalid argument')",
        # Triton's launcher, and c10's C10_CUDA_DRIVER_CHECK ("CUDA driver error: %s", c10/cuda/driver_api.h) when
        # inductor's C++ wrapper / AOTInductor loads and launches the same cubins
        r"(?:Triton Error \[CUDA\]|CUDA driver error): (?:invalid argument|device kernel image is invalid"
        r"|invalid device function|the provided PTX was compiled with an unsupported toolchain"
        r"|a PTX JIT compilation failed|named symbol not found|no kernel image is available)",
        "Triton loads each compiled kernel (cuModuleLoadData) and launches it (cuLaunchKernel) itself and reports "
        "the driver's error as 'Triton Error [CUDA]: <message>': the kernel's PTX / cubin is newer than the NVIDIA "
        "driver can load (Triton bundles a CUDA 12 ptxas; an R470 / R510 driver is too old), or the launch asks "
        "for more shared memory than this GPU has per block (configs tuned on an A100 / H100 on a T4 or a "
        "consumer GPU).",
        "Compare the driver with the CUDA Triton targets: `nvidia-smi` (its 'Driver Version'; CUDA 12 needs "
        "R525+, CUDA 11.7 R515+) and `python -c 'import torch, triton; print(torch.version.cuda, "
        "triton.__version__)'`: update the NVIDIA driver when it is older, and install the triton your torch "
        "pins (never triton alone); with a current driver, lower the kernel's BLOCK sizes / num_stages (or "
        "torch.compile mode='default' instead of 'max-autotune') so it fits this GPU's shared memory.",
        loose=True,
        alternatives=("cuda-driver-insufficient", "kern-triton-out-of-resources"),
        decide="triton-cuda-error",
        requires=_TRITON,
        op=r"(?:Triton Error \[CUDA\]|CUDA driver error): ([\w ]{1,60})",
        weight=83,
        applies="Triton kernels (torch.compile / inductor, Triton-based libraries) on old drivers or small GPUs",
        shown_by=(_q3("test_triton_cuda_error_with_an_old_driver"),),
        example="RuntimeError: Triton Error [CUDA]: invalid argument",
        example_source="triton third_party/nvidia/backend/driver.c (gpuAssert: 'Triton Error [CUDA]: %s' from "
        "cuGetErrorString); https://github.com/pytorch/torchdynamo/issues/1632",
    ),
    KnownError(
        "kern-triton-libcuda",
        "Triton cannot link its launcher against libcuda (cannot find -lcuda / libcuda.so cannot found)",
        ld_cannot_find("cuda") + r"|libcuda\.so cannot found",
        "Triton links each kernel's launcher with -lcuda and looks for libcuda.so (the driver's library, without a "
        "version suffix) through `ldconfig -p`: the host has only libcuda.so.1 (no unversioned symlink), the driver "
        "library lives where ldconfig does not look (WSL2: /usr/lib/wsl/lib), or a container has no driver mounted.",
        "Tell Triton where libcuda is: `export TRITON_LIBCUDA_PATH=<folder holding libcuda.so*>` (WSL2: "
        "/usr/lib/wsl/lib), or create the symlink (`ln -s libcuda.so.1 libcuda.so` in that folder, then "
        "`ldconfig`); in Docker start the container with --gpus all so the driver's libraries are mounted.",
        requires=_TRITON,
        weight=86,
        applies="Triton (torch.compile, Triton-based libraries) on WSL2, containers and hosts without libcuda.so",
        shown_by=(_test("test_triton_links_libcuda_and_compiles_kernels"),),
        example="/usr/bin/ld: cannot find -lcuda\nsubprocess.CalledProcessError: Command '['/usr/bin/gcc', "
        "'/tmp/tmpa/main.c', '-O3', '-shared', '-fPIC', '-o', '/tmp/tmpa/cuda_utils.so', '-lcuda', "
        "'-L/env/lib/python3.10/site-packages/triton/backends/nvidia/lib']' returned non-zero exit status 1.",
        example_source="triton/runtime/build.py (the launcher's gcc command) and "
        "triton/backends/nvidia/driver.py (libcuda_dirs)",
    ),
    KnownError(
        "kern-triton-compile-failed",
        "Triton's compiler failed on a kernel (CompilationError / PassManager::run failed / LLVM ERROR: Cannot "
        "select an nvvm intrinsic)",
        r"PassManager::run failed|LLVM ERROR: Cannot select: intrinsic %llvm\.nvvm\.[\w.]{1,60}"
        # Triton's MMAv2 lowering of a dot whose operand dtype the tensor cores' m16n8k16 instruction lacks
        # (TritonGPUToLLVM's MMAv2.cpp: llvm::report_fatal_error("mma16816 data type not supported"); also reached from
        # JAX / XLA's Triton GEMM fusions; issue 36, round thirty-seven)
        r"|\bmma16816 data type not supported"
        # MLIR's verifier on a Triton kernel's source line ("kernel.py:298:33: error: 'arith.extf' op operand #0 must
        # be floating-point-like, but got 'tensor<128x64xi8, #ttg.dot_op<...>>'")
        r"|\.py:\d{1,6}:\d{1,4}: error: '(?:arith|tt|ttg|triton_gpu|llvm|nvvm|scf)\.\w{1,40}' op "
        # issue 36, round forty-seven: Triton's front end refusing a kernel's Python source by its exception's
        # qualified name (triton/compiler/errors.py), also where only an issue's title carries it
        r"|\btriton\.compiler\.errors\.CompilationError\b",
        "Triton's MLIR / LLVM pipeline could not lower a kernel for this GPU: most often an operation or dtype the "
        "architecture lacks (bf16 or fp8 dot products on a GPU below compute capability 8.0 / 8.9), else a bug of "
        "this Triton release with this kernel.",
        "Use a dtype the GPU has (fp16 instead of bf16 before Ampere), and install the newest torch + triton pair "
        "(never triton alone: `pip install -U torch` brings its pin); under torch.compile, run that module "
        "uncompiled (torch.compiler.disable on it) until it is fixed; for a library's kernel, report the GPU to it.",
        variants=(
            Variant(
                r"xi8\b|tensor<[\dx]{1,20}i8|\bint8\b[^\n]{0,80}\btl\.dot|tl\.dot[^\n]{0,80}\bint8\b",
                "an int8 tl.dot (integer tensor-core MMA)",
                "The kernel multiplies int8 operands with tl.dot: Triton emits integer MMA only on compute capability "
                "8.0+ (Ampere), and its fallback on older GPUs (T4 / RTX 20xx are 7.5) has no integer path, so the "
                "kernel cannot compile there. On this GPU use the fp16 / fp8 / GGUF model or a non-Triton INT8 "
                "backend instead of this node / library, or run on an Ampere or newer GPU.",
                strict=True,
            ),
            # issue 36, round forty-two: the software pipeliner of a newer Triton refusing a library's kernel loop
            # (TritonGPU's pipeline expander: "'tt.splat' op not assigned a pipeline stage"), or an MLIR error in a
            # kernel file of an installed or vendored library: a Triton release the library was not written for
            Variant(
                r"\bop not assigned a pipeline stage",
                "the software pipeliner of this Triton release refuses the kernel's loop",
                "The kernel's loop cannot be pipelined by this Triton release's software pipeliner (a change of "
                "the compiler, not the GPU or the dtype): install the Triton the kernel's library was written for "
                "(through the torch release its requirements or CI pin: `pip install torch==<that release>` brings "
                "its triton), or the library release that supports your Triton; as a workaround lower the "
                "kernel's num_stages (1 or 2 in its triton.Config / autotune configs). Do not upgrade Triton past "
                "what the library supports, and report the Triton version to the library.",
                strict=True,
                sure=True,
            ),
            Variant(
                r"[\\/](?:site-packages|dist-packages|submodules|third_party)[\\/][^\n]{1,300}\.py:\d{1,6}:\d{1,4}: "
                r"error: '",
                "a library's Triton kernel that this Triton release rejects",
                "The failing kernel is a library's own (installed or vendored), and this Triton release's compiler "
                "rejects it: install the Triton the library was written for (through the torch release its "
                "requirements or CI pin), or the library release written for your Triton; do not upgrade Triton "
                "past what the library supports, and report the Triton and torch versions to the library.",
                strict=True,
            ),
            # issue 36, round forty-seven: a kernel that torch.compile's Inductor generated (a flex_attention
            # template, a fused pointwise / reduction kernel) and that Triton's front end refuses: most often a
            # dynamic-shape size symbol (s0, s1, u0, ...) the generated source uses but does not define
            Variant(
                r"(?:NameError|\bis not defined\b)[\s\S]{0,4000}?(?:_inductor|flex_attention|torch\.compile|_dynamo)"
                r"|(?:_inductor|flex_attention|torch\.compile|_dynamo)[\s\S]{0,20000}?(?:NameError|\bis not defined\b)",
                "a kernel Inductor generated refers to a size symbol it does not define (dynamic shapes)",
                "The kernel is Inductor's own (torch.compile generated it), and its source uses a dynamic-shape size "
                "symbol (s0, s1, u0, ...) that the generated code does not pass in: an Inductor bug of this torch "
                "release with dynamic shapes (flex_attention's templates above all). Compile with static shapes: "
                "`torch.compile(fn, dynamic=False)` (and no torch._dynamo.mark_dynamic on those inputs; "
                "torch._dynamo.mark_static where it guesses dynamic), or install a newer torch (its own triton) "
                "where the codegen is fixed; meanwhile run that module uncompiled (torch.compiler.disable).",
                strict=True,
                sure=True,
            ),
            Variant(
                r"torch[\\/._]{1,2}_inductor|flex_attention|torch[\\/._]{1,2}_?dynamo|torch\.compile|compile_fx",
                "a kernel torch.compile's Inductor generated",
                "The kernel is one torch.compile's Inductor generated, so the fault is in torch's code generation, not "
                "yours: when the error names an undefined symbol (s0, s1, u0, ...) or the model runs with varying "
                "shapes, compile with static shapes (`torch.compile(fn, dynamic=False)`, no mark_dynamic; "
                "torch._dynamo.mark_static on the inputs it guesses dynamic); install the newest torch with its "
                "own triton pin (never triton alone); meanwhile run the failing module uncompiled "
                "(torch.compiler.disable on it, or the program's compile option off) and report the generated "
                "kernel (TORCH_LOGS=output_code) to PyTorch.",
                strict=True,
            ),
        ),
        loose=True,
        alternatives=("kern-triton-dtype-arch",),
        op=r"intrinsic %(llvm\.nvvm\.[\w.]{1,60})|error: '([\w.]{1,40})' op ",
        weight=70,
        applies="Triton kernels (torch.compile, Unsloth, vLLM, FlashAttention's Triton kernels), above all on GPUs "
        "below Ampere",
        shown_by=(_test("test_triton_links_libcuda_and_compiles_kernels"),),
        example='  File "/site-packages/triton/compiler/compiler.py", line 100, in make_ttgir\n    pm.run(mod)\n'
        "RuntimeError: PassManager::run failed",
        example_source="triton/backends/nvidia/compiler.py (make_ttgir / make_llir: pm.run), as Triton 2.1-3.x "
        "raise it",
    ),
    KnownError(
        "kern-inductor-bf16-skipped",
        "torch.compile skipped: this GPU has no native bfloat16 (compute capability below 8.0); the model runs "
        "uncompiled",
        r"does not support bfloat16 compilation natively, skipping",
        "A warning from torch.compile's inductor: the GPU (Turing RTX 20xx / T4, Volta, Pascal) has no native "
        "bfloat16, so inductor does not compile the bfloat16 graph and the model runs in eager mode (slower, but "
        "correct).",
        "Nothing failed. To get the compiled speed on this GPU use float16 instead of bfloat16 (the app's fp16 / "
        "--dtype float16 option, torch_dtype=torch.float16); to silence it, do not call torch.compile on this GPU.",
        op=r"(NVIDIA [\w -]{1,40}?|Tesla [\w -]{1,40}?) does not support bfloat16",
        severity="notice",
        weight=60,
        applies="torch.compile (inductor) on GPUs below compute capability 8.0 with bfloat16 models",
        shown_by=(_test("test_inductor_skips_bf16_on_an_old_gpu"), f"{_R8}.jsonl#deepbeepmeep-wan2gp-38"),
        example="UserWarning: NVIDIA GeForce RTX 2060 does not support bfloat16 compilation natively, skipping",
        example_source="https://github.com/deepbeepmeep/Wan2GP/issues/38 (torch/_inductor/compile_fx.py)",
    ),
    # ---- XLA (TensorFlow, JAX) -------------------------------------------------------------------------------------
    KnownError(
        "kern-xla-ptxas-missing",
        "XLA cannot find ptxas or libdevice (No PTX compilation provider / ptxas not found / libdevice not found)",
        r"No PTX compilation provider is available|bin/ptxas not found|libdevice not found at [^\n]{0,200}libdevice"
        # the same libdevice lookup reported for TensorFlow / JAX in a user's words ("Cannot find libdevice in TF
        # 2.11"): the product named beside it decides that XLA, not numba, looked
        rf"|{_XLA_LIBDEVICE_TEXT}",
        "XLA (TensorFlow's jit_compile / XLA ops, JAX) compiles its GPU kernels to PTX and needs a CUDA toolkit's "
        "ptxas (or nvJitLink) and nvvm/libdevice: the CUDA runtime libraries are installed (pip or conda) but the "
        "toolkit's compiler parts are not, or XLA does not look where they are.",
        _XLA_FIX,
        variants=_XLA_VARIANTS,
        severity="warns-of-failure",
        weight=86,
        applies="TensorFlow 2.x (XLA ops, jit_compile, some Keras layers) and JAX on NVIDIA GPUs",
        shown_by=(
            _test("test_xla_cannot_find_ptxas_or_libdevice"),
            f"{_R8}.jsonl#tensorflow-models-9847",
            f"{_R8}.jsonl#wutzebaer-tensorflow-5090-3",
        ),
        example="W tensorflow/core/framework/op_kernel.cc:1855] OP_REQUIRES failed at xla_ops.cc:590 : UNAVAILABLE: "
        "No PTX compilation provider is available. Neither ptxas/nvlink nor nvjtlink is available.",
        example_source="https://github.com/wutzebaer/tensorflow-5090/issues/3; XLA's ptx compilation provider "
        "(xla/stream_executor/cuda)",
    ),
    KnownError(
        "kern-xla-ptxas-lookup",
        "XLA could not run ptxas or find libdevice (Couldn't get ptxas version / Can't find libdevice directory): a "
        "warning, a failure once an XLA compile needs them",
        r"Couldn't get ptxas version|Couldn't invoke ptxas --version|Couldn't find a suitable version of ptxas"
        r"|Can't find libdevice directory"
        # XLA's older nvptx_compiler.cc (issue 36, round thirty-two): "Can't find ptxas binary in ${CUDA_DIR}/bin.
        # Custom ptxas location can be specified using $PATH." before its list of searched folders
        r"|Can't find ptxas binary in\b",
        "XLA looked for the CUDA toolkit's ptxas or nvvm/libdevice and did not find them; TensorFlow logs it as a "
        "warning and may fall back to the driver's PTX compiler ('Relying on driver to perform ptx compilation'), "
        "and the first XLA compile that needs them fails (in JAX at once).",
        _XLA_FIX,
        variants=_XLA_VARIANTS,
        alternatives=("kern-xla-ptxas-missing",),
        weight=84,
        applies="TensorFlow 2.x and JAX on NVIDIA GPUs without the CUDA toolkit's compiler parts",
        shown_by=(_test("test_xla_cannot_find_ptxas_or_libdevice"),),
        example="jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Couldn't get ptxas version : FAILED_PRECONDITION: "
        "Couldn't get ptxas/nvlink version string",
        example_source="XLA's ptxas version lookup (xla/stream_executor/cuda/ptx_compiler_helpers / asm_compiler)",
    ),
    KnownError(
        "kern-xla-driver-ptx-fallback",
        "XLA compiles PTX with the driver instead of ptxas (Relying on driver to perform ptx compilation): a notice",
        r"Relying on driver to perform ptx compilation|Falling back to the CUDA driver for PTX compilation"
        r"|ptxas too old\. Falling back to the driver",
        "TensorFlow / XLA found no (or too old a) ptxas and hands the PTX to the NVIDIA driver's JIT compiler "
        "instead: it works, with a slower first run.",
        "Nothing failed. To silence it (and compile faster), install a ptxas that knows the GPU "
        "(`pip install nvidia-cuda-nvcc-cu12`, or a CUDA toolkit on PATH).",
        severity="notice",
        weight=60,
        applies="TensorFlow 2.x / XLA without a usable ptxas",
        shown_by=(_test("test_xla_cannot_find_ptxas_or_libdevice"),),
        example="W tensorflow/stream_executor/gpu/asm_compiler.cc:191] Falling back to the CUDA driver for PTX "
        "compilation; ptxas does not support CC 8.6",
        example_source="TensorFlow's stream_executor/gpu/asm_compiler.cc (the driver fallback warning)",
    ),
    # ---- NVRTC (CuPy, torch's JIT, numba, Warp) ---------------------------------------------------------------------
    KnownError(
        "kern-nvrtc-builtins",
        "NVRTC cannot load its builtins library (NVRTC_ERROR_BUILTIN_OPERATION_FAILURE / nvrtc-builtins missing)",
        r"NVRTC_ERROR_BUILTIN_OPERATION_FAILURE|failed to open (?:lib)?nvrtc-builtins"
        r"|nvrtc: error: failed to load builtins|nvrtc-builtins64_\d{2,4}\.dll"
        r"|libnvrtc-builtins\.so\.\d{1,3}(?:\.\d{1,3})?: cannot open",
        "NVRTC (the run-time CUDA compiler CuPy, torch's fusers and numba use) loads a companion library, "
        "nvrtc-builtins, of exactly its own CUDA version; it is missing or from another CUDA (only the runtime "
        "wheels installed, two CUDA versions mixed on PATH / LD_LIBRARY_PATH).",
        "Install NVRTC of the CUDA version the library was built for, with its builtins: `pip install "
        "nvidia-cuda-nvrtc-cu12` (or the CUDA toolkit), and keep one CUDA version's bin/ (Windows) or lib64/ "
        "(Linux) on the search path.",
        variants=(
            Variant(
                r"\bcupy\b",
                "CuPy",
                "CuPy compiles its kernels with NVRTC from a CUDA toolkit: install the toolkit of the CUDA major of "
                'your cupy-cudaXXx wheel, or the NVRTC wheel (`pip install "cupy-cuda12x[ctk]"` / '
                '`pip install "cuda-toolkit[nvrtc]==12.*"`, matching the CUDA major), then check '
                "`python -c 'import cupy; cupy.show_config()'` lists NVRTC.",
                product="cupy",
            ),
            Variant(
                r"\btorch\b",
                "torch",
                "torch ships its NVRTC in the nvidia-cuda-nvrtc wheel: reinstall it at the version torch pins "
                "(`pip install --force-reinstall torch` from the same index), and remove other CUDA lib64 folders "
                "from LD_LIBRARY_PATH that shadow it.",
            ),
        ),
        weight=86,
        applies="CuPy, torch (jiterator, nvFuser), numba and Warp on any CUDA; above all pip-only installs",
        shown_by=(_test("test_nvrtc_in_its_own_words"), f"{_R8}.jsonl#nvidia-cutile-python-57"),
        example="cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE (7)",
        example_source="https://github.com/NVIDIA/cutile-python/issues/57 (nvrtcResult 7)",
    ),
    KnownError(
        "kern-nvrtc-header-missing",
        'NVRTC: cannot open source file "cuda_fp16.h" (the CUDA headers a run-time kernel includes are missing)',
        r"catastrophic error: cannot open source file",
        "A kernel compiled at run time by NVRTC includes a CUDA header (cuda_fp16.h, cuda_bf16.h, "
        "curand_kernel.h, cuda/std/...) that is not on its include path: only the runtime libraries are installed, "
        "or CUDA_PATH / CUDA_HOME points at another CUDA.",
        "Install the CUDA headers of the CUDA version the library was built for (a CUDA toolkit, or the "
        "nvidia-cuda-runtime / nvidia-cuda-cccl wheels of that version) and point CUDA_PATH (CuPy) / CUDA_HOME at "
        "that CUDA.",
        variants=(
            Variant(
                r"\bcupy\b",
                "CuPy",
                "CuPy looks for the headers under CUDA_PATH (or the default CUDA install): install that CUDA "
                'toolkit (or `pip install "cupy-cuda12x[ctk]"`) and set CUDA_PATH to it; '
                "`cupy.show_config()` shows the CUDA root it uses.",
                product="cupy",
            ),
        ),
        requires=r"nvrtc|cupy|CompileException|numba|\bwarp\b|jiterator",
        unless=_CUPY_TEMP_SOURCE,
        op=r"cannot open source file \"?([\w./-]{1,80})",
        weight=84,
        applies="CuPy, torch's jiterator, numba and Warp kernels compiled at run time",
        shown_by=(_test("test_nvrtc_in_its_own_words"),),
        example="cupy.cuda.compiler.CompileException: /tmp/tmpx/kern.cu(1): catastrophic error: cannot open source "
        'file "cuda_fp16.h"',
        example_source="cupy/cuda/compiler.py (CompileException with NVRTC's log); "
        "https://github.com/cupy/cupy/issues/3282",
    ),
    KnownError(
        "kern-nvrtc-temp-path",
        "NVRTC cannot open CuPy's own temporary kernel source (a non-ASCII user or temp folder on Windows)",
        _CUPY_TEMP_SOURCE,
        "CuPy writes each kernel's source to a temporary file (<hash>_N.cubin.cu under %TEMP%) and NVRTC cannot "
        "open it: the path holds characters outside the system code page (a Chinese, Japanese or accented Windows "
        "user name; the garbled characters in the message show it).",
        "Point the temporary and cache folders at an ASCII-only path before starting Python: `set TEMP=C:\\tmp`, "
        "`set TMP=C:\\tmp` and `set CUPY_CACHE_DIR=C:\\cupy_cache` (or the same in the environment settings), "
        "or run under a user whose profile path is ASCII.",
        op=r'cannot open source file "([^"\n]{1,300})"',
        weight=88,
        applies="CuPy (and libraries on it) on Windows, any release",
        shown_by=(_test("test_nvrtc_in_its_own_words"),),
        example='cupy.cuda.compiler.CompileException: Catastrophic error: cannot open source file "C:\\Users\\榛刓'
        '\\AppData\\Local\\Temp\\tmpg4c62iyd\\7cb9cb82a45540883a7190c81ea23c5d_2.cubin.cu"',
        example_source="https://github.com/cupy/cupy/issues/2100",
    ),
    # ---- numba ---------------------------------------------------------------------------------------------------
    KnownError(
        "kern-numba-nvvm-missing",
        "numba: libNVVM cannot be found (or libdevice, libcudadevrt): numba finds no CUDA toolkit's NVVM",
        r"libNVVM cannot be found|NvvmSupportError: [^\n]{0,40}libNVVM|Missing libdevice file"
        r"|libdevice cannot be found|Cannot find libdevice|failed to open nvvm|library nvvm not found"
        # numba's linker when a kernel needs the device runtime (cooperative groups, dynamic parallelism) and the
        # toolkit's static libcudadevrt.a / cudadevrt.lib is absent (numba/cuda/cudadrv/driver.py, libs.py)
        r"|(?:lib)?cudadevrt\.(?:a|lib) not found",
        "numba compiles CUDA kernels with the toolkit's NVVM (nvvm/lib64/libnvvm.so, nvvm/bin/nvvm64_*.dll) and "
        "libdevice; it looks in CUDA_HOME (and the old NUMBAPRO_NVVM / NUMBAPRO_LIBDEVICE variables), a conda "
        "cudatoolkit, the nvidia-cuda-nvcc wheel, then the system CUDA; the path it tried does not exist (a stale "
        "CUDA_HOME / NUMBAPRO_* naming a removed CUDA) or no toolkit with NVVM is installed.",
        "Point numba at a CUDA that exists: `export CUDA_HOME=/usr/local/cuda-<installed>` and unset NUMBAPRO_NVVM "
        "/ NUMBAPRO_LIBDEVICE if they name another one; or install NVVM: `conda install cuda-nvcc` / `pip install "
        "nvidia-cuda-nvcc-cu12` (numba-cuda finds it). `numba -s` prints what it found.",
        variants=(
            Variant(
                r"cudadevrt\.(?:a|lib) not found",
                "the device runtime library (libcudadevrt) is missing",
                "The kernel uses cooperative groups or launches kernels itself, which links CUDA's static device "
                "runtime (lib64/libcudadevrt.a, lib\\x64\\cudadevrt.lib): install the CUDA toolkit's runtime "
                "development files (`conda install cuda-cudart-static` / `cuda-cudart-dev`, or `pip install "
                "nvidia-cuda-runtime-cu12` for numba-cuda) or point CUDA_HOME at a full toolkit; `numba -s` shows the "
                "library folders it searched.",
            ),
            Variant(
                r"nvvm\.dll|nvvm64|[A-Z]:\\",
                "Windows",
                "Install the CUDA toolkit (its nvvm\\bin holds nvvm64_*.dll) or `pip install numba-cuda "
                "nvidia-cuda-nvcc-cu12`, and set CUDA_HOME (or CUDA_PATH) to the toolkit folder, e.g. "
                "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4; `numba -s` shows what it finds.",
            ),
        ),
        op=r"(/[\w./-]{1,200}libnvvm\.so[\w.]{0,10}|[A-Z]:\\[^\n:]{1,200}nvvm\w{0,12}\.dll)",
        # TensorFlow's Bazel CUDA autoconfiguration ("Cuda Configuration Error: Cannot find libdevice.10.bc under
        # /usr/local/cuda-8.0"): build-tf-cuda-configure
        unless=_XLA_LIBDEVICE_TEXT + r"|Cuda Configuration Error|cuda_configure\.bzl|@local_config_cuda\b",
        weight=92,
        applies="numba.cuda (and libraries on it: cuDF, RAPIDS, librosa's GPU paths, UMAP)",
        shown_by=(_test("test_numba_finds_no_nvvm_or_driver"), f"{_R8}.jsonl#nvidia-cudf-1992"),
        example="NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:\n/usr/local/cuda-9.0/nvvm/"
        "lib64/libnvvm.so: cannot open shared object file: No such file or directory",
        example_source="https://github.com/rapidsai/cudf/issues/1992 (numba/cuda/cudadrv/nvvm.py)",
    ),
    KnownError(
        "kern-driver-ptx-too-new",
        "The driver's PTX JIT is older than the PTX (ptx input ... Unsupported .version X; current version is Y)",
        r"ptx input, line \d{1,6}; fatal\s{0,4}: Unsupported \.version \d{1,2}\.\d{1,2}; current version is"
        # the driver API's status (cuModuleLoadData: CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222) as cudarc (candle,
        # mistral.rs) prints it: its DriverError(CUresult, message) Debug form; in other products' words the status
        # is cuda-driver-insufficient's, with their own variants
        r"|DriverError\(CUDA_ERROR_UNSUPPORTED_PTX_VERSION\b",
        "The NVIDIA driver compiles the program's PTX itself (cuLinkAddData / cuModuleLoadData) and its PTX compiler "
        "is older than the PTX, which a newer CUDA toolkit wrote (numba's NVVM from a newer cudatoolkit, a CuPy or "
        "Triton built for a newer CUDA): the driver supports an older CUDA than the toolkit in use.",
        "Update the NVIDIA driver to one for the toolkit's CUDA, or use the toolkit the driver supports (`nvidia-smi` "
        "prints its highest CUDA): for numba `conda install cudatoolkit=<that version>` (or the matching "
        "nvidia-cuda-nvcc wheel); for CuPy the cupy-cudaXXx wheel of that CUDA.",
        variants=(
            Variant(
                JETSON_BOARD,
                "Jetson (the driver comes with JetPack)",
                "On a Jetson the driver is part of JetPack (L4T) and cannot be updated alone: build with the CUDA "
                "toolkit of that JetPack (/usr/local/cuda of the L4T release; `nvcc --version` must not be newer "
                "than the CUDA the JetPack ships: `cat /etc/nv_tegra_release`), or upgrade JetPack to one whose "
                "driver supports the toolkit; then clean and rebuild so the PTX is regenerated (cargo clean for "
                "candle / mistral.rs, a fresh build folder for CMake).",
            ),
            Variant(
                r"DriverError\(|\bcudarc\b|\bcandle\b|mistral\.rs|mistralrs|\bcargo\b|\.rs:\d",
                "a Rust source build (candle, mistral.rs, cudarc)",
                "The crate's kernels were compiled to PTX by the CUDA toolkit on PATH (nvcc / CUDA_ROOT at build "
                "time), which is newer than the driver: build with a toolkit the driver supports (`nvidia-smi` "
                "prints its highest CUDA; `nvcc --version` must not be newer; set CUDA_ROOT / PATH to that toolkit), "
                "or update the driver (on a Jetson: upgrade JetPack, the driver comes with it); then `cargo clean` "
                "and rebuild so the PTX is regenerated.",
            ),
            Variant(
                r"\btorch\b|PyTorch|tensorrt|TensorRT",
                "a torch / TensorRT wheel",
                "The wheel's kernels were compiled by a newer CUDA than this driver supports: update the NVIDIA "
                "driver, or install the torch / TensorRT build for the CUDA your driver supports (`nvidia-smi`).",
            ),
        ),
        op=r"Unsupported (\.version \d{1,2}\.\d{1,2}); current version is '?(\d{1,2}\.\d{1,2})",
        alternatives=("cuda-driver-insufficient",),
        weight=90,  # above cuda-driver-insufficient (85), which reads the same status number with a torch fix
        applies="numba.cuda, CuPy, Triton and any program that loads PTX on an older driver",
        shown_by=(_test("test_numba_finds_no_nvvm_or_driver"),),
        example="numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR "
        "ptxas application ptx input, line 9; fatal   : Unsupported .version 7.3; current version is '7.1'",
        example_source="https://github.com/xinzhuma/monodle/issues/23 (conda cudatoolkit 11.3 on a CUDA 11.1 driver)",
    ),
    KnownError(
        "kern-numba-driver-missing",
        "numba: CUDA driver library cannot be found (NUMBA_CUDA_DRIVER)",
        r"CUDA driver library cannot be found|NUMBA_CUDA_DRIVER",
        "numba loads the NVIDIA driver's libcuda.so (nvcuda.dll) itself and did not find it: no NVIDIA driver on "
        "this host or in this container, or NUMBA_CUDA_DRIVER names a file that is not there.",
        "Check `nvidia-smi` works here (in Docker start with --gpus all); if the driver is in a non-standard place, "
        "`export NUMBA_CUDA_DRIVER=/path/to/libcuda.so.1`; unset NUMBA_CUDA_DRIVER if it names a stale path.",
        unless=r"libNVVM cannot be found",
        weight=84,
        applies="numba.cuda and libraries on it (cuDF, RAPIDS)",
        shown_by=(_test("test_numba_finds_no_nvvm_or_driver"),),
        example="numba.cuda.cudadrv.error.CudaSupportError: Error at driver init: \nCUDA driver library cannot be "
        "found.\nIf you are sure that a CUDA driver is installed,\ntry setting environment variable "
        "NUMBA_CUDA_DRIVER\nwith the file path of the CUDA driver shared library.",
        example_source="numba/cuda/cudadrv/driver.py (find_driver)",
    ),
    KnownError(
        "kern-numba-nvvm-arch",
        "numba: No supported GPU compute capabilities found (the CUDA toolkit's NVVM does not match the GPU)",
        r"No supported GPU compute capabilities found"
        r"|GPU compute capability \d{1,2}\.\d not supported|compute capability \d{1,2}\.\d is not supported by NVVM",
        "numba asked the toolkit's NVVM for the compute capabilities it can target and none fits: the cudatoolkit "
        "found (conda's, or CUDA_HOME's) is older than the GPU, or too new for an old GPU it dropped.",
        "Install a CUDA toolkit (conda cudatoolkit / cuda-nvcc, or nvidia-cuda-nvcc wheel) that supports the GPU "
        "and the driver, and make numba use it (CUDA_HOME); `numba -s` shows the toolkit and GPU it sees.",
        weight=84,
        applies="numba.cuda",
        shown_by=(_test("test_numba_finds_no_nvvm_or_driver"),),
        example="numba.cuda.cudadrv.error.NvvmSupportError: No supported GPU compute capabilities found. Please check "
        "your cudatoolkit version matches your CUDA version.",
        example_source="numba/cuda/cudadrv/nvvm.py (get_supported_ccs)",
    ),
    # ---- kernel libraries' own kernels ----------------------------------------------------------------------------
    KnownError(
        "kern-lib-no-kernel-image",
        "no kernel image is available, raised by a kernel library (cpm_kernels, bitsandbytes, ...): the "
        "library's own kernels were not built for this GPU",
        r"(?-i:CUDA Error): no kernel image is available for execution on the device"
        r"|Error no kernel image is available for execution on the device at line \d{1,6} in file"
        # CUTLASS's fused attention kernels (xformers' fmha, torch's memory-efficient SDPA) check the architecture
        # they were compiled for against the one they run on and print this instead of computing
        r"|FATAL: (?:this function|kernel `?[\w<>:, ]{1,160}`?) is for sm\d{2,3}(?:-sm\d{2,3})?, but was built for "
        r"sm\d{1,4}",
        "The kernels without an image for this GPU are a library's own precompiled CUDA kernels, not torch's or "
        "TensorRT's: 'CUDA Error: ...' (capital E) is cpm_kernels' wording (ChatGLM's .quantize(4/8) path), "
        "'Error ... at line N in file ...ops.cu' bitsandbytes'; the library was built for other compute "
        "capabilities (too old a GPU for its kernels, or a build for newer GPUs only).",
        "Fix it in that library, not in torch or TensorRT: install its build for your GPU's compute capability "
        "(`python -c 'import torch; print(torch.cuda.get_device_capability())'`), or build it from source for it; "
        "or turn off the feature that runs its kernels (run the model unquantized in fp16).",
        variants=(
            Variant(DARKNET, "darknet", DARKNET_FIX),
            Variant(
                r"is for sm\d{2,3}(?:-sm\d{2,3})?, but was built for sm",
                "CUTLASS attention kernels (xformers, torch's memory-efficient SDPA)",
                "The fused attention kernel (xformers' fmha / cutlass kernels, or torch's memory-efficient SDPA, "
                "which shares them) was compiled for other architectures than this GPU's: the 'is for smXY' part is "
                "the GPU's family, 'built for smZW' the build's. Most often a prebuilt xformers wheel made for "
                "another GPU (a notebook's wheel built on a Colab T4, sm_75, run on an A100 or L4) or a torch / "
                "xformers without the GPU's architecture (a new GPU such as sm_120 / sm_121): install the xformers "
                "wheel built for your torch and its CUDA (cu<XY>) from PyTorch's own index, or build it for this "
                "GPU (`TORCH_CUDA_ARCH_LIST=<your "
                "compute capability> pip install -v --no-build-isolation git+<xformers repository>`), or uninstall "
                "xformers / drop --xformers and use torch's SDPA (`--attn_implementation sdpa`); for torch itself, "
                "a build whose torch.cuda.get_arch_list() lists the GPU.",
                strict=True,
            ),
            Variant(
                r"bitsandbytes|csrc[\\/]ops\.cu|at line \d{1,6} in file",
                "bitsandbytes",
                "bitsandbytes' kernels lack this GPU: `pip install -U bitsandbytes` (recent wheels cover more "
                "GPUs), or build it for the GPU (`cmake -DCOMPUTE_BACKEND=cuda -DCOMPUTE_CAPABILITY=<XY> -S . && "
                "make && pip install .`); or load the model without 8-bit / 4-bit quantization.",
            ),
            Variant(
                # (cpm_kernels' names and its checkCUStatus, or its capitalised "CUDA Error: ..." wording, but not in
                # an MPI program's output: native codes' own checks print it too, JDFTx's under MPI_ABORT; issue 36,
                # round fifty-five)
                r"cpm_kernels|checkCUStatus|quantiz|chatglm"
                r"|\A(?![\s\S]{0,300000}?(?:MPI_ABORT|MPI_COMM_WORLD|\bmpirun\b))(?=[\s\S]{0,300000}?(?-i:CUDA Error): "
                r"no kernel image)",
                "cpm_kernels (ChatGLM's quantization)",
                "The quantized model (.quantize(4) / .quantize(8), an -int4 / -int8 checkpoint) runs cpm_kernels' "
                "precompiled kernels, which do not cover this GPU (older GPUs above all): run the fp16 model without "
                ".quantize(...) (or quantize with bitsandbytes: load_in_8bit / load_in_4bit), or use a newer GPU.",
            ),
        ),
        weight=90,
        applies="kernel libraries that ship precompiled CUDA kernels: cpm_kernels, bitsandbytes",
        shown_by=(
            _test("test_a_kernel_library_without_kernels_for_the_gpu"),
            f"{_R8}.jsonl#zai-org-chatglm-6b-1234",
            f"{_R8}.jsonl#zai-org-chatglm3-695",
        ),
        example="RuntimeError: CUDA Error: no kernel image is available for execution on the device",
        example_source="https://github.com/zai-org/ChatGLM3/issues/695 (cpm_kernels/library/base.py, checkCUStatus)",
    ),
    KnownError(
        "kern-lib-no-kernel-image-context",
        "no kernel image is available in a traceback through a kernel library (its CUDA kernels lack this GPU)",
        r"no kernel image (?:is )?available for execution",
        "CUDA found no kernel image for this GPU while a kernel library (named in the traceback) was running: most "
        "often that library's own compiled kernels were built for other compute capabilities, not torch's.",
        "Check torch first (`python -c 'import torch; print(torch.cuda.get_arch_list(), "
        "torch.cuda.get_device_capability())'`: the GPU's sm_XY must be listed); if it is, install the library's "
        "build for your GPU or rebuild it: TORCH_CUDA_ARCH_LIST='<major.minor>' pip install --no-build-isolation "
        "--force-reinstall <library>.",
        requires=_KERNEL_LIBS,
        # torch's own warning that this GPU is outside its arch list (torch/cuda/__init__.py, _check_capability:
        # "... with CUDA capability sm_120 is not compatible with the current PyTorch installation"): torch lacks
        # the kernels first, whatever library the traceback passes through (issue 36, round thirty-nine)
        unless=r"(?-i:CUDA Error): no kernel image|at line \d{1,6} in file"
        r"|with CUDA capability sm_\d{2,3}a? is not compatible with the current PyTorch installation",
        op=rf"({_KERNEL_LIBS})",
        loose=True,
        alternatives=("gpu-arch-unsupported",),
        weight=87,
        applies="CUDA extensions and kernel libraries (flash-attn, xformers, mmcv, AutoGPTQ, exllama)",
        shown_by=(_test("test_a_kernel_library_without_kernels_for_the_gpu"),),
        example='  File "/site-packages/auto_gptq/nn_modules/qlinear/qlinear_cuda.py", line 260, in forward\n'
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        example_source="CUDA's message for cudaErrorNoKernelImageForDevice (209) raised inside a kernel library",
    ),
    KnownError(
        "kern-sageattention-arch",
        "SageAttention: SMxx kernel is not available (the build lacks this GPU's kernel)",
        r"SM\d{2,3}A? kernel is not available|Unsupported CUDA architecture: sm\d{2,3}",
        "SageAttention dispatches to a kernel per architecture (sm80, sm86, sm89, sm90, sm120) and asserts the one "
        "for this GPU was compiled: the installed build (a wheel for other GPUs, or a source build whose "
        "TORCH_CUDA_ARCH_LIST or detection left the GPU out) lacks it, or the GPU is one it does not support.",
        'Rebuild SageAttention for the GPU: `TORCH_CUDA_ARCH_LIST="8.9" pip install --no-build-isolation -e .` '
        "in its source folder (the GPU's major.minor from torch.cuda.get_device_capability()), with a CUDA toolkit "
        "that knows the architecture; or install a wheel built for your GPU and torch; the build log shows the "
        "architectures it compiled.",
        op=r"(SM\d{2,3}A?) kernel is not available|Unsupported CUDA architecture: (sm\d{2,3})",
        weight=90,
        applies="SageAttention 2.x (ComfyUI, Wan, HunyuanVideo pipelines)",
        shown_by=(_test("test_sageattention_flash_attn_xformers"), f"{_R8}.jsonl#woct0rdho-sageattention-97"),
        example='    assert SM89_ENABLED, "SM89 kernel is not available. Make sure you GPUs with compute capability '
        '8.9."\nAssertionError: SM89 kernel is not available. Make sure you GPUs with compute capability 8.9.',
        example_source="https://github.com/woct0rdho/SageAttention/issues/97 (sageattention/core.py)",
    ),
    KnownError(
        "kern-flash-attn-dtype",
        "FlashAttention only support fp16 and bf16 data type (a float32 input)",
        r"FlashAttention only support fp16 and bf16 data type"
        # flash-attn 0.x / 1.x (csrc/flash_attn/fmha_api.cpp) checked the dtype with a bare TORCH_CHECK, which torch
        # prints as the condition: "Expected q_dtype == torch::kFloat16 || ((is_sm8x || is_sm90) && q_dtype ==
        # torch::kBFloat16) to be true, but got false."
        r"|Expected q_dtype == (?:torch::|at::)?k(?:Float16|Half)\b[^\n]{0,160}to be true, but got false",
        "flash-attn has kernels for fp16 and bf16 only; the attention ran in float32 (a model loaded without "
        "torch_dtype, autocast off, or an fp32 upcast before attention).",
        "Run the model in half precision (torch_dtype=torch.float16 / bfloat16, or under torch.autocast), or load "
        'it with another attention for float32: attn_implementation="sdpa" (or "eager") instead of '
        '"flash_attention_2".',
        variants=(
            # issue 36, round thirty-one: flash-attn 1.x's own condition, as training scripts' flash-attention
            # patches (a LLaMA monkey patch, a train_mem-style entry point) call it
            Variant(
                r"Expected q_dtype == (?:torch::|at::)?k(?:Float16|Half)\b",
                "flash-attn 1.x called by a training script's flash-attention patch",
                "flash-attn 1.x (its condition 'q_dtype == kFloat16 || (is_sm8x && q_dtype == kBFloat16)') got q / "
                "k / v in another dtype: float32 (a model or adapter left in fp32: LoRA / PEFT layers, DeepSpeed "
                "without its fp16 / bf16 section, no --fp16 / --bf16), or bfloat16 on a GPU older than Ampere "
                "(V100, T4: bf16 needs compute capability 8.0). Train in half precision (--bf16 True on Ampere or "
                "newer, --fp16 True before it; load the base model with torch_dtype and cast the adapter layers, "
                "or cast q / k / v to the model's half dtype before the flash call), or train without the "
                "flash-attention patch (the script's entry point or option that uses the model's own attention).",
            ),
        ),
        weight=86,
        applies="flash-attn 2.x (and libraries that call it: transformers, vLLM, diffusers pipelines)",
        shown_by=(_test("test_sageattention_flash_attn_xformers"),),
        example="RuntimeError: FlashAttention only support fp16 and bf16 data type",
        example_source="flash-attn csrc/flash_attn/flash_api.cpp (mha_fwd's TORCH_CHECK on q's dtype)",
    ),
    # issue 36, round thirty-nine: flash-attn's variable-length API checks the cumulative sequence lengths its
    # caller built (csrc/flash_attn/flash_api.cpp: CHECK_SHAPE / CHECK_DEVICE / the int32 check)
    KnownError(
        "kern-flash-attn-varlen-seqlens",
        "flash-attn's variable-length check failed: cu_seqlens_q must have shape (batch_size + 1) / must be on CUDA "
        "/ must have dtype int32",
        r"\bcu_seqlens_[qk] must (?:have shape \(|have dtype int32\b|be on CUDA\b|be contiguous\b)",
        "flash-attn's variable-length functions (flash_attn_varlen_func and its packed forms) take the batch as "
        "one packed sequence plus cu_seqlens, the cumulative lengths of its sequences (batch_size + 1 int32 values "
        "on the GPU); the code that called it built them for another layout. That caller is rarely flash-attn "
        "itself: a model's attention, or more often a project's own patch of a library's attention class (a "
        "monkey patch that replaces a transformers model's attention forward with flash-attn), written for the "
        "shapes and arguments an older release of that library passed.",
        "Find the frame that called flash_attn_varlen_func (the last one above flash_attn in the traceback): if it "
        "is your own code, build cu_seqlens as torch.cumsum of the sequence lengths with a leading 0, dtype "
        "torch.int32, on q's device, with one entry more than the number of sequences, and unpad q / k / v to the "
        "same total tokens. If it is a project's patch of a library's attention, run the library release that "
        "patch was written for.",
        variants=(
            Variant(
                r"transformers[\\/]|monkey.?patch|\breplace_\w{0,40}attn\w{0,20}\b|\w_attn_\w{0,20}patch\b",
                "called through transformers (a project's flash-attention patch of a model's attention)",
                "The call came through transformers, whose own flash_attention_2 path builds cu_seqlens itself; a "
                "project that replaces a model's attention forward with its own flash-attn code (a monkey patch "
                "applied before generate or training) receives the hidden states, attention mask and cache in the "
                "layout of the transformers release it was written for, and a newer transformers passes them "
                "otherwise (a 4D mask, a Cache object, padded batches), so the patch unpads the wrong shapes. Pin "
                "transformers to the release the project names (its requirements file), or drop the patch and load "
                "the model with transformers' own flash-attn: attn_implementation='flash_attention_2' (with "
                "torch_dtype=torch.float16 / bfloat16).",
                product="transformers",
            ),
        ),
        weight=80,
        applies="flash-attn 2.x's varlen API and the code that calls it (projects' attention patches, models)",
        shown_by=(f"{_R39}::test_flash_attn_varlen_check_through_a_patch",),
        example="RuntimeError: cu_seqlens_q must have shape (batch_size + 1)",
        example_source="flash-attn csrc/flash_attn/flash_api.cpp (mha_varlen_fwd: CHECK_SHAPE(cu_seqlens_q, "
        "batch_size + 1), CHECK_DEVICE, 'cu_seqlens_q must have dtype int32')",
    ),
    KnownError(
        "kern-flash-attn-unavailable",
        "transformers: FlashAttention2 has been toggled on, but it cannot be used / a project's 'flash_attn is not "
        "installed' or `assert flash_attn_func is not None` (flash_attn missing or unusable)",
        r"FlashAttention2 has been toggled on, but it cannot be used due to the following error"
        # other projects' own checks of the flash_attn package (an import guarded by try/except)
        r"|\bFlash ?Attention(?: ?2)? is not installed|\bflash[_-]attn is not installed"
        r"|flash_attn_2_cuda\S{0,60}: undefined symbol"
        # a project's assertion on the placeholder its guarded `from flash_attn import flash_attn_func` left at None
        # (try: ... except ImportError: flash_attn_func = None), issue 36, round thirty-two
        r"|\bassert\s{1,4}flash[_ ]?attn\w{0,40}\s{1,4}is not None\b",
        'The model was loaded with attn_implementation="flash_attention_2" (or use_flash_attention_2=True) and '
        "transformers cannot use flash-attn here: the package is not installed, its build does not load for this "
        "torch, or the GPU / device is not supported (the message after 'error:' says which). Projects that import "
        "flash-attn themselves guard the import and fail later, where they need it (their own message, or an "
        "assertion on the None it left).",
        'Load the model with attn_implementation="sdpa" (or drop the argument), or install a flash-attn build '
        "for this torch and CUDA (`pip install flash-attn --no-build-isolation`, an Ampere or newer GPU).",
        variants=(
            Variant(
                r"undefined symbol",
                "a flash-attn binary built for another torch",
                "The installed flash-attn was built for another torch (or C++ ABI / CUDA): its flash_attn_2_cuda "
                "library does not load. Reinstall it for this torch: `pip uninstall flash-attn && pip install "
                "flash-attn --no-build-isolation --no-cache-dir` (it builds or downloads the wheel matching torch, "
                "CUDA and the cxx11 ABI), or pick the release wheel whose name carries your torch, CUDA, "
                "cxx11abiTRUE/FALSE and Python; or turn flash attention off in the app.",
            ),
            Variant(
                r"\bassert\s{1,4}flash[_ ]?attn\w{0,40}\s{1,4}is not None\b",
                "an assertion on the placeholder of flash-attn's guarded import",
                "The project imports flash-attn inside try / except and leaves the function at None when the import "
                "fails; the assertion is where the model first needs it. So flash_attn is not installed or does not "
                "import here: run `python -c 'from flash_attn import flash_attn_func'` to see why (not installed; an "
                "undefined symbol: a build for another torch). Install a flash-attn built for this torch, CUDA and "
                "Python (`pip install flash-attn --no-build-isolation`, or the release wheel whose name carries your "
                "torch / CUDA / cxx11abi; the version the project's requirements name), on an Ampere or newer GPU. "
                "FlashAttention takes only float16 / bfloat16 inputs: run the model under `torch.autocast('cuda', "
                "dtype=torch.float16)` (or cast it to half / bfloat16), or use the project's non-flash attention "
                "option if it has one.",
            ),
            Variant(
                r"is not installed",
                "flash-attn not installed",
                "The program found no flash_attn package: install the flash-attn wheel for your torch, CUDA and "
                "Python (`pip install flash-attn --no-build-isolation`; it needs an Ampere or newer GPU and, to "
                "build, the CUDA toolkit of torch.version.cuda), or turn flash attention off in the program (its "
                "option for SDPA / eager attention, e.g. attn_implementation='sdpa').",
            ),
        ),
        weight=82,
        applies="transformers 4.36+ with attn_implementation='flash_attention_2'",
        shown_by=(_test("test_sageattention_flash_attn_xformers"),),
        example="ImportError: FlashAttention2 has been toggled on, but it cannot be used due to the following error: "
        "the package flash_attn seems to be not installed. Please refer to the documentation of "
        "https://huggingface.co/docs/transformers/perf_infer_gpu_one#flashattention-2 to install Flash Attention 2.",
        example_source="transformers/modeling_utils.py (_check_and_enable_flash_attn_2)",
    ),
    # issue 36, round thirty-one: transformers' own notices when a model is loaded for flash-attention-2
    # (modeling_utils.py, _check_and_enable_flash_attn_2: logger.warning_once), harmless in themselves
    KnownError(
        "kern-flash-attn-init-notice",
        "transformers: Flash Attention 2 with a model not initialized on GPU (a notice: move the model to the GPU "
        "before use)",
        # the warning, not the ValueError that follows the same words when no GPU exists ("... not initialized on
        # GPU and with no GPU available. This is not supported yet.")
        r"You are attempting to use Flash Attention ?\d(?:\.\d)? with a model not initialized on (?:GPU|MLU|NPU)"
        r"(?! and with no)"
        r"|You are attempting to use Flash Attention ?\d(?:\.\d)? without specifying a torch dtype",
        "transformers checks a model loaded with attn_implementation='flash_attention_2' and logs this when its "
        "weights are still on the CPU (loaded without device_map, to be moved later) or no torch_dtype was given: "
        "nothing failed. flash-attn runs only on GPU tensors in fp16 / bf16, so it matters only if the model is "
        "used before it is moved (or cast).",
        "Nothing to fix if the model is moved to the GPU (and in fp16 / bf16) before its first forward: trainers "
        "(Trainer, accelerate, DeepSpeed) do that themselves. To avoid the message, load it on the GPU: "
        "from_pretrained(..., attn_implementation='flash_attention_2', torch_dtype=torch.bfloat16, "
        "device_map='cuda') (or build it under `with torch.device('cuda'):`). If a later error follows, explain "
        "that one.",
        variants=(
            Variant(
                r"without specifying a torch dtype",
                "no torch dtype given",
                "Nothing failed yet: give the dtype when loading (torch_dtype=torch.bfloat16, or float16 before "
                "Ampere) or train under mixed precision (--bf16 / --fp16, torch.autocast), since flash-attn has "
                "no float32 kernels; a later 'FlashAttention only support fp16 and bf16' error means it was not.",
            ),
        ),
        severity="notice",
        weight=40,
        applies="transformers 4.34+ with attn_implementation='flash_attention_2' (use_flash_attention_2=True)",
        shown_by=("tests/troubleshooting/test_round31_v31finetune.py::test_flash_attention_2_notices",),
        example="You are attempting to use Flash Attention 2.0 with a model not initialized on GPU. Make sure to move "
        "the model to GPU after initializing it on CPU with `model.to('cuda')`.",
        example_source="transformers/modeling_utils.py (_check_and_enable_flash_attn_2, logger.warning_once)",
    ),
    # issue 36, round thirty-one: a kernel-patch library whose fused loss returns no logits, under a trainer that reads
    # them (Liger's fused linear cross-entropy under TRL's SFTTrainer): a plain TypeError, so both libraries must show
    KnownError(
        "kern-liger-no-logits",
        "Liger's fused linear cross-entropy returns no logits, and the trainer reads them (TypeError: 'NoneType' "
        "object is not subscriptable on outputs.logits)",
        r"\b(?:outputs|output|model_output)\.logits\[[^\n]{0,120}\n(?:[^\n]{0,300}\n){0,3}?\s{0,8}"
        r"TypeError: 'NoneType' object is not subscriptable",
        "With Liger's fused linear cross-entropy patch (apply_liger_kernel_to_<model>(), AutoLigerKernelForCausalLM, "
        "fused_linear_cross_entropy=True) the model computes the loss straight from the hidden states in training "
        "and returns logits=None by design; a trainer release that reads outputs.logits itself (TRL's SFTTrainer "
        "computing token accuracy in compute_loss) then fails. The two releases do not fit together.",
        "Let the trainer apply Liger so it knows there are no logits (TRL / transformers: use_liger_kernel=True in "
        "the training arguments instead of patching the model yourself), or use a TRL / Liger pair that handles "
        "missing logits (upgrade both; or pin the TRL release before the one that reads them), or patch with "
        "fused_linear_cross_entropy=False, cross_entropy=True so the model returns logits (more memory).",
        requires=r"\bliger",
        weight=80,
        applies="Liger-Kernel's model patches under TRL's trainers (SFTTrainer and others that read outputs.logits)",
        shown_by=("tests/troubleshooting/test_round31_v31finetune.py::test_liger_fused_loss_under_a_trainer",),
        example="    from liger_kernel.transformers import apply_liger_kernel_to_llama\n"
        '  File "/env/lib/python3.11/site-packages/trl/trainer/sft_trainer.py", line 444, in compute_loss\n'
        "    shift_logits = outputs.logits[..., :-1, :].contiguous()\n"
        "TypeError: 'NoneType' object is not subscriptable",
        example_source="trl/trainer/sft_trainer.py (compute_loss, TRL 0.15); liger_kernel/transformers "
        "(the fused linear cross-entropy forward returns no logits in training)",
    ),
    KnownError(
        "kern-xformers-no-operator",
        "xformers: No operator found for `memory_efficient_attention_forward` (no usable kernel: build, GPU or dtype)",
        r"No operator found for .{0,2}memory_efficient_attention_(?:forward|backward)"
        # xformers/ops.py's placeholder for an op its C++ library never registered (_C.so failed to load)
        r"|No such operator xformers::\w{1,80} - did you forget to build xformers",
        "xformers has no kernel that accepts these inputs; its reasons lines say why: most often the installed "
        "xformers was built for another torch / CUDA so its C++/CUDA extensions did not load ('xFormers wasn't "
        "build with CUDA support', 'Operator wasn't built'), else the GPU is too old for every kernel ('requires "
        "device with capability > (8, 0)') or the dtype / head size is not supported.",
        "Install the xformers built for your torch (`pip install -U xformers --index-url <torch's CUDA index>` "
        "with the same CUDA as torch, or the xformers release its notes pair with your torch); `python -m "
        "xformers.info` shows what loaded; or turn xformers attention off (the app's --xformers flag, "
        "pipe.disable_xformers_memory_efficient_attention(), torch's SDPA).",
        variants=(
            Variant(
                r"wasn't build with CUDA support|Operator wasn't built|can't load C\+\+/CUDA extensions",
                "xformers' CUDA extensions did not load",
                "This xformers was built for another torch / CUDA, so none of its CUDA kernels loaded: install the "
                "xformers release built for your torch from torch's CUDA index (`pip install -U xformers "
                "--index-url <the index torch came from>`; `python -m xformers.info` must then list the kernels as "
                "available), or turn xformers attention off and use torch's SDPA.",
            ),
            Variant(
                # xformers' reason for a bfloat16 input on a GPU below compute capability 8.0
                # (xformers/ops/fmha/common.py, AttentionOpBase.not_supported_reasons)
                r"bf16 is only supported on A100\+ GPUs",
                "bfloat16 on a GPU below Ampere",
                "The inputs are bfloat16 and this GPU (compute capability below 8.0: Turing, Volta, Pascal) has no "
                "bfloat16 kernels in xformers: run in float16 instead (torch_dtype=torch.float16, the trainer's "
                "--mixed_precision fp16, the app's fp16 / half option), or turn xformers off and use torch's SDPA.",
            ),
            Variant(
                r"dtype=torch\.float32 \(supported|float32[^\n]{0,40}supported: \{",
                "float32 inputs",
                "The inputs are float32 and xformers' CUDA kernels take fp16 / bf16: run the model in half precision "
                "(torch_dtype=torch.float16, or autocast), or turn xformers off for float32.",
            ),
            Variant(
                r"requires device with capability [^\n]{0,80}\(too old\)",
                "a GPU too old for its kernels",
                "The GPU's compute capability is below what every xformers kernel for these inputs needs (the "
                "reasons lines name it): turn xformers attention off and use torch's scaled_dot_product_attention, "
                "or use fp16 with a head size the older kernels support.",
            ),
        ),
        op=r"No operator found for .{0,2}(memory_efficient_attention_\w{1,20})",
        weight=88,
        applies="xformers (diffusers, Stable Diffusion web UIs, LECO / LoRA trainers)",
        shown_by=(_test("test_sageattention_flash_attn_xformers"), f"{_R8}.jsonl#p1atdev-leco-8"),
        example="NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:",
        example_source="https://github.com/p1atdev/LECO/issues/8 (xformers/ops/fmha/dispatch.py)",
    ),
    KnownError(
        "kern-xformers-built-for-other-torch",
        "xFormers can't load C++/CUDA extensions: xFormers was built for another PyTorch / CUDA",
        r"xFormers can't load C\+\+/CUDA extensions",
        "The installed xformers wheel was built for another torch (or CUDA) than the one installed, so its "
        "compiled kernels do not load. xformers only warns and the program goes on without them (memory-efficient "
        "attention, SwiGLU and the sparse ops are unavailable: an app that falls back to torch's attention runs "
        "slower and with more memory); code that calls memory_efficient_attention itself then fails with 'No "
        "operator found'.",
        "Install the xformers release built for your torch and its CUDA (the warning prints both: 'built for "
        "PyTorch X with CUDA Y (you have Z)'), from the same index as torch; or uninstall xformers and use "
        "torch's SDPA.",
        variants=(
            Variant(
                SD_WEBUI,
                "Stable Diffusion web UI (AUTOMATIC1111, Forge, SD.Next)",
                "Let the web UI install the xformers its launcher pins for its torch: add `--xformers "
                "--reinstall-xformers` to COMMANDLINE_ARGS in webui-user.bat / webui-user.sh for one start (then "
                "drop --reinstall-xformers); or uninstall xformers from its venv (`venv\\Scripts\\python.exe -m pip "
                "uninstall xformers`) and use `--opt-sdp-attention` instead.",
            ),
            Variant(
                COMFYUI,
                "ComfyUI",
                "ComfyUI uses torch's own attention when xformers is absent: uninstall it from the Python ComfyUI "
                "runs (`python_embeded\\python.exe -m pip uninstall xformers` on the portable build), or install "
                "the xformers release built for that torch and CUDA from the same index as torch; `--disable-xformers` "
                "starts ComfyUI without it.",
            ),
            # issue 36, round twenty-nine: a notebook that pins xformers on a hosted runtime whose torch moved on
            Variant(
                COLAB,
                "Google Colab (its preinstalled torch moved on)",
                "Colab upgrades its preinstalled torch from time to time, so a notebook that pins an xformers release "
                "gets one built for the old torch. Install the xformers release built for the torch Colab has now "
                "(drop the pin: `pip install -U xformers` from the PyTorch wheel index of Colab's CUDA, the cuXXX the "
                "warning's 'you have' names), or pin torch and torchvision to the release xformers was built for in "
                "the first cell, then restart the session before importing them.",
            ),
        ),
        op=r"built for:?\s{0,10}(PyTorch [\w.+]{1,30} with CUDA \d{1,5})",
        severity="warns-of-failure",
        weight=86,
        applies="xformers, every release",
        shown_by=(
            _test("test_sageattention_flash_attn_xformers"),
            "tests/troubleshooting/test_round29_v29cloud.py::test_xformers_without_its_extensions_runs_on",
        ),
        example="WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch "
        "2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)",
        example_source="xformers/_cpp_lib.py (the warning when its extensions fail to load)",
    ),
    KnownError(
        "kern-tvm-untuned-fallback",
        "TVM: Cannot find config for target ... A fallback configuration is used (the model runs untuned, slowly)",
        r"Cannot find config for target=[^\n]{1,400}A fallback configuration is used"
        r"|A fallback configuration is used, which may bring great performance regression",
        "autotvm compiled these workloads without a tuned schedule: no tuning log was applied to relay.build, or the "
        "log was tuned for another target string (a different -model / -arch), another shape or dtype, so each "
        "listed operator runs a default configuration, often many times slower.",
        "Build inside the tuning log's context for the exact same target: `with autotvm.apply_history_best(log_file): "
        "lib = relay.build(mod, target=target, params=params)` (with auto_scheduler / MetaSchedule: their own "
        "apply_history_best / database); tune the workloads the warnings list (autotvm.task.extract_from_program, "
        "then tune them) if the log lacks them. Only the speed suffers: the model's results are unchanged.",
        severity="warns-of-failure",
        weight=60,
        applies="Apache TVM's autotvm (relay.build on CUDA and other targets)",
        shown_by=("tests/troubleshooting/test_round8_core.py::test_tvm_untuned_fallback",),
        example="WARNING:autotvm:Cannot find config for target=cuda -model=unknown, workload=('conv2d', (1, 64, 262, "
        "262, 'float32'), (1, 1)). A fallback configuration is used, which may bring great performance regression.",
        example_source="apache/tvm python/tvm/autotvm/task/dispatcher.py (FallbackContext's warning)",
    ),
    # issue 36, round forty: a native program's glog / absl CHECK around a CUDA driver API call that returned 3
    # (CUDA_ERROR_NOT_INITIALIZED): cuInit was never called, or failed, before the call
    KnownError(
        "kern-driver-api-not-initialized",
        "Check failed: cuXxx(...) == CUDA_SUCCESS (3 == 0): a CUDA driver API call before cuInit "
        "(CUDA_ERROR_NOT_INITIALIZED)",
        r"Check failed: cu[A-Z]\w{1,40}\([^\n]{0,400}\) == CUDA_SUCCESS \(3 (?:==|vs\.) 0\)",
        "The program called a CUDA driver API function (cuDeviceGetCount, cuCtxCreate, ...) and got status 3, "
        "CUDA_ERROR_NOT_INITIALIZED: cuInit had not been called (a code path that skipped the GPU set-up, e.g. a "
        "CPU-only mode of a CUDA build that still queries the devices), or cuInit itself failed earlier (no driver "
        "or GPU visible, a forked child), and the CHECK aborts the program.",
        "If the program was started in a CPU-only mode, the call is the program's bug (the GPU query is not guarded "
        "by that mode): run without that option on a machine with a working GPU, or use the program's CPU-only "
        "build, and report it upstream with the command line. Otherwise make cuInit succeed: `nvidia-smi` must list "
        "the GPU in the same environment (container, service user, CUDA_VISIBLE_DEVICES), and a forking server must "
        "start CUDA after the fork.",
        variants=(
            Variant(
                r"--cpu[-_]only\b|\bcpu[-_ ]only mode\b|--no-gpu\b",
                "a CPU-only mode of a CUDA build",
                "The program runs in its CPU-only mode, which skips CUDA's initialisation (cuInit), yet a code path "
                "still queries the GPU through the driver API, so the call fails with CUDA_ERROR_NOT_INITIALIZED "
                "(3): a bug of the program, not of the machine. Run it without the CPU-only option (on a machine "
                "whose GPU works), or use a build without CUDA for CPU-only work, or avoid the feature whose code "
                "path makes the query; report it upstream with the command line so the query is guarded (or cuInit "
                "called).",
                strict=True,
            ),
        ),
        weight=80,
        applies="native programs with glog / absl CHECKs around CUDA driver API calls",
        shown_by=(_R40("test_driver_api_checks_decode_their_status"),),
        example="F0604 12:10:19.043938 8143 Codegen.cpp:630 Check failed: cuDeviceGetCount(&device_count) == "
        "CUDA_SUCCESS (3 == 0)",
        example_source="glog's CHECK wording (Check failed: <condition> (<a> vs. <b>) for CHECK_EQ) with CUDA's "
        "CUresult numbers (cuda.h: 3 CUDA_ERROR_NOT_INITIALIZED, 218 CUDA_ERROR_INVALID_PTX)",
    ),
)
