"""Kernels compiled or loaded at run time and custom ops (issue 36, round twenty-one): CuPy's NVRTC compile and its
cubin load, torch's run-time NVRTC (jiterator) source dump, torch.utils.cpp_extension.load building at first use,
torch.compile's CUDA graphs under the cudaMallocAsync allocator backend, TensorFlow custom ops built against another
TensorFlow (or without their GPU kernels), Triton's MLIR assertions, and a custom kernel fed half tensors under AMP.

Each row is keyed to the library's own wording: CuPy's ``cupy_backends/cuda/libs/nvrtc.pyx`` (NVRTCError with the
nvrtcResult name) and ``cupy/cuda/compiler.py`` (``mod.load(cubin)``); torch's ``aten/src/ATen/native/cuda/
jit_utils.cpp`` code template (OffsetCalculator, c10::LoadImpl); ``torch/utils/cpp_extension.py`` (``load``);
``c10/cuda/CUDAMallocAsyncAllocator.cpp`` ("cudaMallocAsync does not yet support ..."); TensorFlow's
``load_library.py`` (load_op_library); Triton's ``lib/Analysis/*.cpp`` assertions. What varies is read from the text.
"""

from __future__ import annotations

from ..entry import COMFYUI, KnownError, Variant, ld_cannot_find, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round21_v21jit.py")
_R21 = "tests/data/explain_round21.jsonl"
_t32 = tests_in("tests/troubleshooting/test_round32_v32rl.py")

#: a traceback whose build ran while a module was being imported: importlib's own frames, or the outermost frame's
#: line an import statement
_BUILT_AT_IMPORT = (
    r"File \"<frozen importlib\._bootstrap(?:_external)?>\", line \d{1,6}, in (?:_find_and_load|_load_unlocked"
    r"|exec_module|_call_with_frames_removed)"
    r"|\bin <module>\n\s{0,12}(?:from [\w.]{1,200} import |import [\w.]{1,200})"
)

#: a JIT-built extension's own .so missing from torch's extension cache (torch_extensions/<...>/<name>.so): the
#: loader's "cannot open shared object file" naming that file itself, or Python's "No such file or directory" for it
_JIT_SO_MISSING = (
    r"torch_extensions[\\/][^\s:'\"]{1,300}\.(?:so|pyd)(?:\.[\d.]{1,12})?: cannot open shared object file: No such file"
    r"|No such file or directory: '[^'\n]{0,300}torch_extensions[\\/][^'\n]{1,300}\.(?:so|pyd)'"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "jit-nvrtc-compilation-error",
        "NVRTCError: NVRTC_ERROR_COMPILATION (a kernel's source failed to compile at run time)",
        r"NVRTC_ERROR_COMPILATION|nvrtc\.NVRTCError|NVRTC_ERROR_INVALID_OPTION"
        # CuPy's exceptions that carry NVRTC's log (cupy/cuda/compiler.py: CompileException, JitifyException)
        r"|cupy\.cuda\.compiler\.(?:CompileException|JitifyException)"
        # Jitify (the header-only NVRTC wrapper CuPy and cuDF use) prints NVRTC's log under its own heading
        # (jitify.hpp print_compile_log: "--- JIT compile log for <program> ---") and throws "Runtime compilation
        # failed" (issue 36, round forty: the exception reported inside a WARNING record above the log)
        r"|Runtime compilation failed[\s\S]{0,600}?--- JIT compile log for \S"
        r"|--- JIT compile log for [^\n]{1,200} ---[\s\S]{0,20000}?Runtime compilation failed",
        "NVRTC, the run-time CUDA compiler, rejected a kernel's source (a CuPy RawKernel / ElementwiseKernel, a "
        "library's fused kernel): the source uses a type, header or intrinsic this NVRTC does not have, or an "
        "option (the GPU architecture) this CUDA version does not know. The compile log that names the failing "
        "line follows in the next exception (CuPy's CompileException).",
        "Read the compile log printed with the exception that follows (CuPy's CompileException shows the source "
        "line NVRTC rejected) and explain that. Usual fixes: install the cupy-cudaXXx wheel (or torch build) of "
        "the CUDA toolkit / NVRTC that is installed, one CUDA major only, and a CUDA new enough for the GPU "
        "(RTX 50xx: CUDA 12.8+); update the library whose kernel failed.",
        variants=(
            # issue 36, round thirty-three: a kernel generated at run time (tinygrad, CuPy, a JIT) whose
            # compile log names CUDA's bfloat16 type: NVRTC's cuda_bf16.h rejects the generated bf16 code
            Variant(
                r"\b_{0,2}nv_bfloat162?\b|\bcuda_bf16\.h",
                "the compile log names CUDA's bfloat16 type (a generated bf16 kernel)",
                "NVRTC rejected the bfloat16 code of a kernel the program generated at run time (the log names "
                "nv_bfloat16: an ambiguous conversion or a missing operator in the cuda_bf16.h of this CUDA "
                "toolkit, or bf16 on a GPU below compute capability 8.0). The fix is not the model but the dtype "
                "of the generated kernels: run the model in float16 (or float32) instead of bfloat16, through the "
                "program's own switch (tinygrad's llama loader, used by apps built on tinygrad: SUPPORT_BF16=0 "
                "in the environment converts the bf16 weights to half without a bf16 GPU kernel; a CLI's --dtype "
                "float16); or use a "
                "CUDA toolkit / NVRTC version whose bf16 header compiles the generated code (a newer one, or the "
                "one the program was tested with), and a GPU of compute capability 8.0+ for bf16.",
            ),
            Variant(
                # (CuPy's Jitify warm-up program is named cupy_jitify_exercise: cupy/cuda/compiler.py)
                r"\bcupy(?:_backends)?\b|CompileException|\bcupy_jitify_exercise\b",
                "CuPy",
                "CuPy's CompileException after this NVRTCError carries NVRTC's log (the kernel line that failed): "
                "print it whole. Then make cupy and NVRTC agree: `pip install cupy-cuda12x` (or 11x / 13x) for the "
                "CUDA major installed, uninstall other cupy wheels, check `python -c 'import cupy; "
                "cupy.show_config()'` (NVRTC version, CUDA root), and update the library that owns the kernel.",
                product="cupy",
            ),
            # issue 36, round twenty-seven: a program's own run-time kernel (NVRTC's compile log printed by the
            # program), compiled for the GPU it found: an identifier NVRTC does not know there
            Variant(
                r"(?:compile log|nvrtcCompileProgram|NVRTC_ERROR_COMPILATION)[\s\S]{0,2000}?identifier "
                r"['\"\u2018\u2019]\w{1,60}['\"\u2018\u2019] is undefined",
                "the compile log names an undefined identifier (an intrinsic this GPU's architecture lacks)",
                "NVRTC's log names the cause: an identifier it does not know when compiling for this GPU. The program "
                "compiles the kernel at run time for the GPU it finds, and intrinsics exist only from an architecture "
                "on (__funnelshift_l / _r and __ldg from sm_32, half arithmetic from sm_53, __dp4a from sm_61, "
                "__nanosleep and __match_any_sync from sm_70, __reduce_add_sync from sm_80; the *_sync warp "
                "intrinsics need an NVRTC of CUDA 9 or newer). A 'device kernel image is invalid' or "
                "CUDA_ERROR_INVALID_IMAGE after it is only the failed compile's consequence (no module was built), "
                "so no driver update helps. Use the program's release that supports this GPU's architecture (one "
                "that guards the intrinsic with __CUDA_ARCH__), turn off the algorithm or feature that needs it on "
                "this GPU, or run it on a newer GPU (`nvidia-smi --query-gpu=name,compute_cap --format=csv`).",
            ),
        ),
        weight=80,
        applies="CuPy RawKernel / ElementwiseKernel / RawModule, numba and other NVRTC users",
        shown_by=(
            _test("test_nvrtc_compilation_error"),
            f"{_R21}#ucberkeleyseti-hyperseti-8",
            "tests/troubleshooting/test_round27_v27cuda.py::test_nvrtc_compile_log_outranks_the_failed_kernel_load",
        ),
        example="cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_COMPILATION (6)",
        example_source="ucberkeleyseti/hyperseti (cupy_backends/cuda/libs/nvrtc.pyx check_status, nvrtcResult 6)",
    ),
    # issue 36, round thirty-two: kernels compiled at run time to LTO IR (NVRTC -dlto) and linked by nvJitLink,
    # whose libNVVM reports its own errors ("ERROR 9 in nvvmCompileProgram callback"; LLVM's linker: "Linking
    # globals named 'X': symbol multiply defined!"); the wrapper's wording varies, nvJitLink's result names do not
    KnownError(
        "jit-nvjitlink-link-failed",
        "nvJitLink could not link run-time compiled GPU code (NVJITLINK_ERROR_*, NVVM compilation error, symbol "
        "multiply defined)",
        # (the Python bindings' exception class, pynvjitlink's / cuda.bindings' nvJitLinkError, too: issue 36, round
        # sixty)
        r"\bNVJITLINK_ERROR_[A-Z_]{3,40}\b|\bnvJitLink error: |\bNvJitLink Error \d{1,3}\b|\bnvJitLinkError\b"
        r"|\bERROR \d{1,3} in nvvmCompileProgram callback"
        r"|Linking globals named '[^'\n]{1,300}': symbol multiply defined",
        "A program that compiles its GPU code at run time (NVRTC to LTO IR, then nvJitLink to a cubin: GPU "
        "simulators' megakernels, numba-cuda, cuda.core, tinygrad) had the link step fail: the code does not build "
        "with this CUDA release (its cuda_fp16 / cuda_bf16 headers define a function in several units, a symbol "
        "the code defines twice), or nvJitLink and NVRTC come from different CUDA releases. The abort or exception "
        "after it only reports this link failure.",
        "Read the first `error` line of the link log above the abort (it names the symbol and the source file), then "
        "build and run with the CUDA toolkit release the project supports (its README, CI or container; the "
        "release before the one you have when a new one broke it) or update the project and its submodules to a "
        "version made for your CUDA. Keep NVRTC and nvJitLink from one release (`ls $CUDA_HOME/lib64 | grep -E "
        "'nvrtc|nvJitLink'`; pip: nvidia-cuda-nvrtc-cuXX and nvidia-nvjitlink-cuXX of the same version), and clear "
        "the project's kernel cache after the change.",
        # LLVM's linker words are any LLVM program's: the GPU toolchain must show beside them
        variants=(
            # issue 36, round sixty: cuDF's user-defined functions, compiled by numba-cuda and linked by nvJitLink,
            # whose wheel a hosted notebook's preinstalled torch pins below the CUDA cuDF was built with
            Variant(
                r"\bcudf\b|\bcuml\b|\bdask_cudf\b|udf_kernel|\bnumba[_-]cuda\b|\bpynvjitlink\b",
                "cuDF's user-defined functions (numba-cuda, linked by nvJitLink)",
                "cuDF compiles a UDF (apply, a groupby apply, a string UDF) with numba-cuda and links it with the "
                "nvJitLink of the nvidia-nvjitlink wheel, which must be at least the CUDA release cuDF was built with "
                "(RAPIDS' release notes: 12.9 for recent cu12 builds). In a hosted notebook (Colab, Kaggle, "
                "Snowflake, SageMaker) the preinstalled torch pins an older nvidia-nvjitlink-cu12, and pip keeps it: "
                "check `pip show nvidia-nvjitlink-cu12` against cuDF's CUDA, then upgrade it (`pip install -U "
                "'nvidia-nvjitlink-cu12>=12.9'`, accepting torch's pin warning) or install a set whose pins agree "
                "(a RAPIDS and torch pair for one CUDA, e.g. cudf-cu13 with torch +cu130); restart the runtime.",
            ),
        ),
        requires=r"nvJitLink|nvvm|\bnvrtc|\bcuda|\.cu\b",
        weight=82,
        applies="programs that link run-time compiled CUDA code with nvJitLink (CUDA 12.0 and later)",
        shown_by=(_t32("test_nvjitlink_link_failure_is_the_answer_over_the_abort"),),
        example="link error: error: Linking globals named '_ZN6__halfC1E13__nv_bfloat16': symbol multiply defined!\n"
        "ERROR 9 in nvvmCompileProgram callback",
        example_source="nvJitLink's error log (libNVVM's nvvmCompileProgram, LLVM's IR linker wording), as a GPU "
        "simulator's run-time build printed it (written from such reports)",
    ),
    KnownError(
        "jit-cupy-cubin-load-failed",
        "CuPy compiled a kernel but loading its cubin failed (Module.load / moduleLoad: a GPU newer than its NVRTC)",
        r"in cupy_backends\.cuda\.api\.driver\.moduleLoad|in cupy\.cuda\.function\.Module\.load",
        "CuPy compiled the kernel with NVRTC and the driver refused the binary when loading it: most often the GPU "
        "is newer than the NVRTC / CUDA CuPy uses (an RTX 50xx, sm_120, needs CUDA 12.8+), or the driver is older "
        "than the NVRTC that wrote the cubin.",
        "Paste the CUDADriverError line under the traceback (CUDA_ERROR_NO_BINARY_FOR_GPU, "
        "CUDA_ERROR_UNSUPPORTED_PTX_VERSION ...). Install a CuPy and NVRTC new enough for the GPU (RTX 50xx: "
        'cupy-cuda12x >= 13.4 with CUDA 12.8+ NVRTC, `pip install "cuda-toolkit[nvrtc]==12.*"`) and a driver that '
        "supports that CUDA; check `python -c 'import cupy; cupy.show_config()'`; clear ~/.cupy/kernel_cache.",
        requires=r"\bcupy",
        loose=True,
        alternatives=("gpu-arch-unsupported", "cuda-driver-insufficient"),
        weight=62,
        applies="CuPy RawKernel / ElementwiseKernel on a GPU newer than its NVRTC, or a driver older than it",
        shown_by=(_test("test_cupy_cubin_load"), f"{_R21}#vincentwoo-sogs-5"),
        example='  File "cupy/cuda/function.pyx", line 265, in cupy.cuda.function.Module.load\n'
        '  File "cupy_backends/cuda/api/driver.pyx", line 226, in cupy_backends.cuda.api.driver.moduleLoad',
        example_source="vincentwoo/sogs (cupy/cuda/compiler.py _compile_with_cache_cuda: mod.load(cubin))",
    ),
    KnownError(
        "jit-torch-nvrtc-source-dump",
        "torch's run-time kernel source dump (jiterator / NVRTC: OffsetCalculator, c10::LoadImpl) after a failed "
        "compile",
        r"struct OffsetCalculator \{|struct LoadImpl \{|namespace c10 \{[^\n]{0,10}$",
        "torch compiled an elementwise kernel at run time with NVRTC (the jiterator, fused kernels) and it failed; "
        "torch then prints the kernel's whole source. The cause is the 'nvrtc: error' line printed with it: most "
        "often an NVRTC (torch's CUDA) older than the GPU ('invalid value for --gpu-architecture') or a missing "
        "libnvrtc-builtins.",
        "Find the 'nvrtc: error: ...' line before or after the source and explain that one. For an -arch error "
        "install a torch whose CUDA knows the GPU (cu118+ for RTX 40, cu128 for RTX 50); for 'failed to open "
        "libnvrtc-builtins' reinstall torch so its nvidia-cuda-nvrtc wheel is complete "
        "(`pip install --force-reinstall torch` from the same index) and drop other CUDA lib64 folders from "
        "LD_LIBRARY_PATH.",
        requires=r"OffsetCalculator|LoadImpl|jiterator|nvrtc",
        loose=True,
        alternatives=("gpu-arch-unsupported", "kern-nvrtc-builtins"),
        weight=56,
        applies="torch CUDA builds running jiterator / NVRTC-fused kernels (torch 1.11 and later)",
        shown_by=(_test("test_torch_nvrtc_source_dump"), f"{_R21}#y-debug-sys-diffusion-ts-75"),
        example="  template<int NARGS>\n  struct OffsetCalculator {\n    namespace c10 {\n      template <typename T>\n"
        "      struct LoadImpl {",
        example_source="torch aten/src/ATen/native/cuda/jit_utils.cpp (the jiterator code template)",
    ),
    KnownError(
        "jit-cpp-extension-load-build",
        "torch.utils.cpp_extension.load building an extension at first use failed (a JIT-compiled CUDA extension)",
        r"torch[\\/]utils[\\/]cpp_extension\.py[^\n]{0,40}\bin (?:load|load_inline|_jit_compile|_write_ninja_file_and"
        r"_build_library|_run_ninja_build)\b" + "|" + _JIT_SO_MISSING,
        # issue 36, round forty-three: the extension's .so missing from its build folder in torch's extension cache
        # (~/.cache/torch_extensions/<pyXY_cuZZZ>/<name>/<name>.so, or TORCH_EXTENSIONS_DIR): the loader's own words
        # for that file (not a library it depends on), or Python's for opening it
        "The library builds its C++ / CUDA kernels on first import with torch.utils.cpp_extension.load (ninja, nvcc, "
        "the host compiler); that build failed: the compiler's first 'error:' line in the build output is the "
        "cause (CUDA_HOME's nvcc of another CUDA than torch's, a host compiler nvcc does not support, an "
        "architecture the kernel does not build for, a library version that does not compile on this GPU).",
        "Rerun with the build log shown (`load(..., verbose=True)`, or the ninja output above) and explain nvcc's / "
        "the compiler's first 'error:' line. Check that CUDA_HOME's nvcc has torch's CUDA major "
        "(`python -c 'import torch; print(torch.version.cuda)'` vs `nvcc --version`), that ninja and a supported "
        "g++ are installed, delete the stale build folder (~/.cache/torch_extensions), and update the library "
        "(a release that builds for this GPU) or install its prebuilt wheel.",
        # a compiler's own error line keeps its row (the cause), and so does a setup.py / pip build (BuildExtension's
        # _write_ninja_file_and_compile_objects, "Error compiling objects for extension"); load()'s own summary of a
        # failed build ("Error building extension 'X'", ninja's non-zero exit, a stopped ninja) is
        # build-extension-compile-failed's too, unless the build ran while a module was being imported (issue 36,
        # round twenty-nine: an op folder that builds at import, whose fix is the toolkit / compiler setup or the
        # op's pure-PyTorch version)
        unless=r"Error compiling objects for extension|_write_ninja_file_and_compile_objects|\bbuild_ext\b"
        r"|\bin build_extensions?\b|setup\.py\"?, line \d|\bbdist_wheel\b"
        r"|\berror: |fatal error|nvcc fatal|\berror [A-Z]{1,3}\d{3,5}\b"
        rf"|\A(?![\s\S]{{0,300000}}?(?:{_BUILT_AT_IMPORT}))"
        r"(?=[\s\S]{0,300000}?(?:Error building extension|ninja: build stopped|returned non-zero exit status))",
        variants=(
            Variant(
                _JIT_SO_MISSING,
                "the built extension (.so) is missing from torch's extension cache",
                "The extension is compiled into torch's extension cache on first use "
                "(~/.cache/torch_extensions/<pyXY_cuZZZ>/<name>/, or $TORCH_EXTENSIONS_DIR) and its .so is not "
                "there: an earlier first-use build failed or was interrupted (the loader only says the file is "
                "missing, the build's own error was printed earlier or hidden), or another process was still "
                "building it. Delete that folder (`rm -rf ~/.cache/torch_extensions/*/<name>`), then rerun once with "
                "the build shown (`load(..., verbose=True)`, or the verbose switch the library's own loading line "
                "names) and explain the first error the build prints: usually "
                "ninja missing (`pip install ninja`), no C++ compiler, or nvcc / CUDA_HOME of another CUDA than "
                "torch's (`python -c 'import torch; print(torch.version.cuda)'` vs `nvcc --version`). On a shared "
                "or read-only home, point TORCH_EXTENSIONS_DIR at a writable local folder.",
                strict=True,
                sure=True,
            ),
            # StyleGAN2's ops as its PyTorch ports copy them (an op folder with upfirdn2d.py / fused_act.py loading
            # upfirdn2d_kernel.cu / fused_bias_act_kernel.cu), which those ports also implement in plain torch
            Variant(
                r"\bupfirdn2d\b|\bfused_bias_act\b|\bfused_act\b|\bfused_leaky_relu\b",
                "StyleGAN2's upfirdn2d / fused_bias_act ops, built at import",
                "Importing the model builds StyleGAN2's CUDA ops (upfirdn2d, fused_bias_act) with torch's JIT "
                "loader, which needs a CUDA toolkit whose nvcc has torch's CUDA (`python -c 'import torch; "
                "print(torch.version.cuda)'`), CUDA_HOME pointing at it, ninja, and a host compiler (on Windows "
                "Visual Studio's C++ build tools: run from the 'x64 Native Tools Command Prompt'); the compiler's "
                "first error is in the build output above the traceback (rerun with verbose=True to see it). Or skip "
                "the build: these ops have plain-PyTorch versions (the same op folder's upfirdn2d_native; "
                "fused_leaky_relu as F.leaky_relu(x + bias) * 2 ** 0.5), slower but needing no compiler: import "
                "those instead of the compiled op (or use the project's release that does). Delete the stale build "
                "folder (torch_extensions in the cache) before retrying.",
            ),
            Variant(
                r"[A-Z]:\\|\\site-packages\\|\bwin_amd64\b|\bWindows\b|\bcl\.exe\b",
                "Windows",
                "On Windows the JIT build needs Visual Studio's C++ build tools (cl.exe) and a CUDA toolkit whose "
                "nvcc has torch's CUDA (`python -c 'import torch; print(torch.version.cuda)'`), with CUDA_HOME / "
                "CUDA_PATH pointing at it and ninja installed: start the program from the 'x64 Native Tools Command "
                "Prompt for VS' so cl.exe is on PATH. The compiler's first error is in the ninja output above the "
                "traceback (load(..., verbose=True) prints it); delete the stale build folder "
                "(%LOCALAPPDATA%\\torch_extensions) before retrying. If the project offers a prebuilt wheel or a "
                "pure-PyTorch fallback of the op, that avoids the build.",
            ),
        ),
        weight=58,
        applies="libraries that JIT-build kernels with torch.utils.cpp_extension.load / load_inline",
        shown_by=(_test("test_cpp_extension_load_at_first_use"), f"{_R21}#vahe1994-aqlm-61"),
        example="File .../site-packages/torch/utils/cpp_extension.py:1306, in load(name, sources, extra_cflags)",
        example_source="vahe1994/AQLM (aqlm/inference_kernels/cuda_kernel.py: load(name='codebook_cuda', ...))",
    ),
    KnownError(
        "jit-cudagraph-malloc-async",
        "cudaMallocAsync does not yet support checkPoolLiveAllocations (torch.compile CUDA graphs under the "
        "cudaMallocAsync allocator backend)",
        r"cudaMallocAsync does not yet support \w{1,60}",
        "torch.compile's CUDA graphs (mode='reduce-overhead' / cudagraph trees) check their memory pool with a call "
        "the cudaMallocAsync allocator backend does not implement; PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync "
        "(set by the user or the host app) is on.",
        "Use torch's native caching allocator: remove backend:cudaMallocAsync from PYTORCH_CUDA_ALLOC_CONF "
        "(ComfyUI sets it by default: start it with --disable-cuda-malloc); or "
        "compile without CUDA graphs (torch.compile mode='default' or 'max-autotune-no-cudagraphs').",
        variants=(
            Variant(
                COMFYUI,
                "ComfyUI",
                "ComfyUI turns on cudaMallocAsync by default: start it with --disable-cuda-malloc, or switch the "
                "node's torch.compile to a mode without CUDA graphs (not reduce-overhead / max-autotune).",
            ),
        ),
        op=r"does not yet support (\w{1,60})",
        weight=84,
        applies="torch 2.x with PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync and CUDA graphs (torch.compile)",
        shown_by=(
            _test("test_cudagraphs_under_malloc_async"),
            f"{_R21}#whisperspeech-whisperspeech-132",
            f"{_R21}#shenduldh-comfyui-lightning-3",
        ),
        example="RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please "
        "file an issue describing your use case.",
        example_source="torch c10/cuda/CUDAMallocAsyncAllocator.cpp (checkPoolLiveAllocations), "
        "shenduldh/ComfyUI-Lightning#3",
    ),
    KnownError(
        "jit-tf-custom-op-kernel-missing",
        "undefined symbol of a TensorFlow custom op's own GPU kernel (the .so linked without its .cu.o)",
        r"undefined symbol: _ZN(?:K)?\d{1,3}\w{1,200}GpuDevice\w{0,300}",
        "The op library references its GPU functor (a function taking Eigen::GpuDevice) that is not in it: the "
        "CUDA object (.cu.o) with the kernels was not compiled or not linked, usually because nvcc or the CUDA "
        "headers were not where the build (Makefile / setup) looks.",
        "Make the CUDA toolkit available where the build looks (symlink /usr/local/cuda to the installed version, "
        "or set the Makefile's CUDA path / CUDA_HOME), then rebuild the op so the .cu.o is compiled and linked "
        "into the .so (`nm -C op.so | grep GpuDevice` shows it defined).",
        requires=r"tensorflow|Eigen|GpuDevice",
        weight=82,
        applies="TensorFlow custom ops built with nvcc + g++ (Makefiles, tf_custom_op_library)",
        shown_by=(_test("test_tensorflow_custom_op_symbols"), f"{_R21}#sampepose-flownet2-tf-93"),
        example="Undefined symbol: _ZN10tensorflow3PadERKN5Eigen9GpuDeviceEPKfiiiiiiPf",
        example_source="sampepose/flownet2-tf#93",
    ),
    KnownError(
        "jit-tf-custom-op-abi",
        "undefined symbol: _ZN10tensorflow... (a TensorFlow custom op built against another TensorFlow; an add-on's "
        "op library that does not load)",
        r"undefined symbol: _ZN(?:K)?\d{1,3}tensorflow\w{1,400}"
        # issue 36, round thirty-one: an abseil or tsl symbol (the libraries TensorFlow bundles, abseil under its
        # versioned inline namespace lts_YYYYMMDD) missing for a TensorFlow package's op library (a .so under
        # tensorflow_<addon>/ or tensorflow/): the op was built against another TensorFlow's copy
        r"|tensorflow\w{0,40}[\\/][\w\\/.+-]{0,300}\.so:? undefined symbol: _ZN(?:K)?\d{1,3}(?:absl|tsl)\w{1,400}"
        # issue 36, round thirty-five: tf.load_op_library's NotFoundError whose message is only "<the op library>
        # not found" (the loader's words on Windows, where a plugin's .so op library cannot load at all, or a
        # library of a TensorFlow package that the installed TensorFlow cannot load)
        r"|NotFoundError: [^\n]{0,400}?[\\/]_?\w{1,80}\.(?:so|dll)(?:\.\d{1,3})? not found"
        # issue 36, round forty-four: TensorFlow Decision Forests' own warning when its op library does not load
        # (tensorflow_decision_forests/tensorflow/check_version.py, info_fail_to_load_custom_op: "Failure to load
        # the %s custom c++ tensorflow ops. This error is likely caused the version of TensorFlow and TensorFlow
        # Decision Forests are not compatible."), and protobuf's descriptor pool refusing a TensorFlow .proto that
        # is already registered (descriptor_database.cc "File already exists in database: tensorflow/...proto";
        # descriptor.cc "CHECK failed: GeneratedDatabase()->Add(encoded_file_descriptor, size)" on the same line as
        # a TensorFlow op library's name): an op library carrying its own copy of another TensorFlow's protos
        r"|Failure to load the [\w.-]{1,80} custom c\+\+ tensorflow ops"
        r"|File already exists in database: (?:tensorflow|tsl|xla)[\w/.-]{0,200}\.proto"
        r"|tensorflow\w{0,40}[^\n]{0,300}CHECK failed: GeneratedDatabase\(\)->Add\(",
        "The custom op library was compiled against other TensorFlow headers (a source checkout, another release) "
        "or with another _GLIBCXX_USE_CXX11_ABI than the TensorFlow that loads it, so a TensorFlow C++ symbol it "
        "needs is not exported under that name.",
        "Rebuild the op against the TensorFlow that loads it, with its own flags: "
        "`TF_CFLAGS=$(python -c 'import tensorflow as tf; print(\" \".join(tf.sysconfig.get_compile_flags()))')` "
        "and `TF_LFLAGS=$(... tf.sysconfig.get_link_flags())` (they carry -D_GLIBCXX_USE_CXX11_ABI and "
        "-ltensorflow_framework), or install the TensorFlow release the op was built for.",
        variants=(
            Variant(
                r"Failure to load the [\w.-]{1,80} custom c\+\+ tensorflow ops|File already exists in database"
                r"|GeneratedDatabase\(\)->Add\(",
                "an add-on's op library built for another TensorFlow (TF-DF's own warning; a TensorFlow .proto "
                "registered twice)",
                "The add-on's compiled op library (TensorFlow Decision Forests' inference.so and the like) did not "
                "load into this TensorFlow: it was built for another TensorFlow release, so it misses a symbol or "
                "registers a TensorFlow protobuf descriptor the installed TensorFlow already registered (protobuf "
                "then aborts with 'File already exists in database' / 'CHECK failed: GeneratedDatabase()->Add'). "
                "The warning is fatal: the import fails after it. Install the add-on release built for the "
                "installed TensorFlow, or the TensorFlow that add-on release pins: tensorflow_decision_forests "
                "pins one TensorFlow version per release (its compatibility table in the known-issues page; `pip "
                "install tensorflow_decision_forests==<the release for your TF>`), tensorflow-text and "
                "tensorflow-io follow TensorFlow's minor, tensorflow-addons lists its supported range. Where "
                "TensorFlow is not the registry's build (a container image's own), install the add-on release for "
                "that TensorFlow version or use the stock TensorFlow the add-on pins; a second protobuf copy (a "
                "protobuf package built with its C++ implementation against another version) fails the same way.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"NotFoundError: [^\n]{0,400}?[\\/]_?\w{1,80}\.(?:so|dll)(?:\.\d{1,3})? not found",
                "a plugin's op library that could not be loaded at all ('... .so not found')",
                "TensorFlow's load_op_library could not load the plugin's compiled op library (the .so in its "
                "package folder), with no missing symbol named: the plugin release was built for another "
                "TensorFlow than the one installed (each release pins one TensorFlow version), or for another "
                "platform (a .so is a Linux / macOS library: on native Windows such a plugin has no op library it "
                "can load). Install the TensorFlow version the plugin's release pins (its requirements or "
                "compatibility table; `pip show <plugin>` and `pip show tensorflow` show both), or the plugin "
                "release built for your TensorFlow, in a fresh environment on a platform the plugin supports "
                "(Linux / macOS, or WSL2 on Windows).",
            ),
            Variant(
                r"\btensorflow_(?!core\b)\w{2,40}[\\/]",
                "a TensorFlow add-on's prebuilt op library (Recommenders-Addons, Addons, Text, IO)",
                "The add-on's prebuilt op library (a .so in its package folder) was built against one TensorFlow "
                "release (and the abseil it bundles, whose lts_YYYYMMDD namespace is in the missing symbol), and "
                "the TensorFlow installed is another. Install the add-on release built for your TensorFlow (its "
                "compatibility table pins one TensorFlow minor per release, and its GPU builds another list), or "
                "install the TensorFlow release that add-on was built for (`pip install tensorflow==X.Y.*`); a "
                "nightly or a TensorFlow upgraded after the add-on breaks it, and building the add-on from source "
                "against the installed TensorFlow is the last resort.",
            ),
        ),
        unless=r"GpuDevice",
        weight=80,
        applies="TensorFlow custom ops (tf.load_op_library) built outside the installed TensorFlow",
        shown_by=(_test("test_tensorflow_custom_op_symbols"), f"{_R21}#tensorflow-custom-op-9"),
        example="tensorflow.python.framework.errors_impl.NotFoundError: bazel-bin/tensorflow/test/test_op.so: "
        "undefined symbol: _ZN10tensorflow14kernel_factory17OpKernelRegistrar12InitInternalEPKNS_9KernelDefE",
        example_source="tensorflow/custom-op#9",
    ),
    KnownError(
        "jit-tf-framework-lib-not-found",
        "cannot find -ltensorflow_framework (a custom op linked by name, but TensorFlow ships only "
        "libtensorflow_framework.so.N)",
        ld_cannot_find("tensorflow_framework|tensorflow_cc")
        # a paste that lost ld's "cannot" to "can't" / "cant", LLVM's lld and Apple's ld for the same
        + r"|\bcan'?t find -ltensorflow_(?:framework|cc)\b|unable to find library -ltensorflow_(?:framework|cc)\b"
        r"|library not found for -ltensorflow_(?:framework|cc)\b",
        "TensorFlow's pip wheels ship libtensorflow_framework only under its versioned name (.so.1 for 1.14+, .so.2 "
        "for 2.x; libtensorflow_cc likewise), with no unversioned libtensorflow_framework.so, so a custom op's build "
        "script (a shell script, a Makefile, a setup.py written for TensorFlow 1.x) that links with "
        "-ltensorflow_framework finds nothing; a -L path to another Python's or an old TensorFlow's folder fails the "
        "same way.",
        "Link with the flags TensorFlow gives for itself: `TF_LFLAGS=$(python -c 'import tensorflow as tf; print(\" "
        "\".join(tf.sysconfig.get_link_flags()))')` (they name -L<its folder> and -l:libtensorflow_framework.so.N) "
        "and use them in place of -L... -ltensorflow_framework, with tf.sysconfig.get_compile_flags() for the "
        "compile; or keep the script and link the versioned file by name (`-l:libtensorflow_framework.so.2`), or "
        "create the missing name in TensorFlow's folder (`ln -s libtensorflow_framework.so.2 "
        "libtensorflow_framework.so` in the folder `python -c 'import tensorflow as tf; print(tf.sysconfig."
        "get_lib())'` prints). Build with the Python whose TensorFlow will load the op.",
        weight=82,
        applies="TensorFlow custom ops built by a project's own script (point-cloud tf_ops and the like) "
        "against TensorFlow 1.14+ and 2.x wheels",
        shown_by=("tests/troubleshooting/test_round31_v31graph.py::test_tensorflow_framework_not_found",),
        example="/usr/bin/ld: cannot find -ltensorflow_framework\ncollect2: error: ld returned 1 exit status",
        example_source="TensorFlow's custom-op guide (tf.sysconfig.get_link_flags, the versioned "
        "libtensorflow_framework.so.N of its wheels); GNU ld's 'cannot find -lX'",
    ),
    KnownError(
        "jit-triton-mlir-assertion",
        "Triton's compiler hit an internal assertion (lib/Analysis/*.cpp, mlir::triton::...) and aborted",
        r"\blib[\\/](?:Analysis|Conversion|Dialect|Transforms?)[\\/][\w/\\]{1,120}\.cpp:\d{1,6}: [^\n]{0,200}"
        r"mlir::triton|mlir::triton::\w{1,60}[^\n]{0,200}Assertion"
        # glibc's assert line ("<file>:<line>: <function>: Assertion `...' failed.") in an LLVM header Triton's
        # compiler instantiates with its own types ("Casting.h:566: decltype(auto) llvm::cast(...) [with To =
        # mlir::triton::gpu::BlockedEncodingAttr; ...]"), however the paste spells the rest (issue 36, round
        # fifty-three)
        r"|[\w./\\-]{1,200}\.(?:cpp|h|hpp):\d{1,6}: [^\n]{0,300}\bmlir::triton::",
        "Triton's MLIR compiler crashed on a kernel (an internal assertion, then Aborted): the kernel's layout or "
        "dtype is not handled by this Triton release on this GPU, most often an older GPU (compute capability "
        "below 8.0, e.g. a V100 or T4) that Triton kernels of the library were not written for.",
        "Use the library's non-Triton (CUDA) kernels or a GPU of compute capability 8.0+ for its Triton path; "
        "else install the newest torch + triton pair (`pip install -U torch` brings its triton pin) or pin the "
        "triton release the library names.",
        weight=74,
        applies="Triton kernels (GPTQ-for-LLaMa's, torch.compile's) on GPUs and releases Triton does not handle",
        shown_by=(_test("test_triton_mlir_assertion"), f"{_R21}#paolorechia-learn-langchain-25"),
        example="python3: project/lib/Analysis/Allocation.cpp:42: std::pair<llvm::SmallVector<unsigned int>, "
        "llvm::SmallVector<unsigned int> > mlir::triton::getCvtOrder(const mlir::Attribute&, const mlir::",
        example_source="paolorechia/learn-langchain#25 (triton lib/Analysis/Allocation.cpp getCvtOrder)",
    ),
    KnownError(
        "jit-custom-kernel-float-only-amp",
        "expected scalar type Float but found Half in a custom CUDA kernel (a float32-only kernel fed half under AMP)",
        r"expected scalar type Float but found (?:Half|BFloat16)",
        "A library's own CUDA kernel (a custom op, not a torch op) is implemented for float32 only; under autocast / "
        "AMP (or a half model) it receives half tensors and its dtype check raises.",
        "Run that op in float32: wrap the call in `with torch.autocast('cuda', enabled=False):` and pass "
        "`q.float(), k.float(), v.float()` (cast the result back), or disable AMP for the module that calls it, "
        "until the library ships half kernels; casting the whole model does not help while autocast is on.",
        requires=r"fast_transformers|CausalDotProduct|causal_product|\.dot\[device|_ext\.\w|_cuda\.\w|csrc[\\/]",
        weight=80,
        applies="libraries with float32-only custom CUDA kernels (fast-transformers' causal dot product, ...)",
        shown_by=(_test("test_float_only_custom_kernel_under_amp"), f"{_R21}#idiap-fast-transformers-32"),
        example="line 44, in forward CausalDotProduct.dot[device.type](\nRuntimeError: expected scalar type Float but "
        "found Half",
        example_source="idiap/fast-transformers#32 (fast_transformers/causal_product: float32-only kernel)",
    ),
    KnownError(
        "jit-inductor-cpp-compile",
        "torch._inductor CppCompileError: C++ compile error (inductor's generated C++ did not compile)",
        r"CppCompileError: C\+\+ compile error|torch\._inductor\.exc\.CppCompileError",
        "torch.compile's inductor writes C++ (CPU kernels, wrappers) and compiles it with the host compiler; that "
        "compile failed: no working C++ compiler (none installed, MSVC's cl not on PATH outside a Developer "
        "prompt), Python's headers missing (python3-dev), or an OpenMP / compiler flag this compiler rejects. The "
        "compiler's own error is printed under 'Output:'.",
        "Read the first error under 'Output:' and explain it. Install a C++ compiler and Python's headers (Debian/"
        "Ubuntu `apt install build-essential python3-dev`; conda `conda install -c conda-forge cxx-compiler`; "
        "Windows: run from an 'x64 Native Tools' prompt so cl.exe is found), set CXX to it, clear "
        "/tmp/torchinductor_<user>; or compile without inductor's C++ (torch.compile(backend='aot_eager') to check, "
        "or keep the model on the GPU where Triton does the kernels).",
        weight=52,
        applies="torch.compile with inductor (torch 2.0 and later), above all CPU graphs and Windows",
        shown_by=(_test("test_inductor_and_dynamo_limits"),),
        example="torch._inductor.exc.InductorError: CppCompileError: C++ compile error",
        example_source="torch torch/_inductor/exc.py (CppCompileError: 'C++ compile error'), torch 2.x",
    ),
    KnownError(
        "jit-dynamo-recompile-limit",
        "torch._dynamo hit config.cache_size_limit / recompile_limit (the function falls back to eager)",
        r"torch\._dynamo hit config\.(?:cache_size_limit|recompile_limit|accumulated_\w{1,30}limit) \(\d{1,5}\)",
        "torch.compile recompiled one function so many times (a new shape, dtype, Python constant or module "
        "attribute each call, named in 'last reason') that Dynamo gave up on it: it now runs eagerly, uncompiled.",
        "Make the guard stable: mark the changing size dynamic (`torch._dynamo.mark_dynamic(x, 0)` or "
        "torch.compile(dynamic=True)), pad inputs to a few fixed shapes, stop passing changing Python numbers "
        "(make them tensors); `TORCH_LOGS=recompiles` prints each reason. Raising "
        "torch._dynamo.config.cache_size_limit (recompile_limit in newer torch) only hides it.",
        severity="warns-of-failure",
        weight=60,
        applies="torch.compile (torch 2.x)",
        shown_by=(_test("test_inductor_and_dynamo_limits"),),
        example="torch._dynamo hit config.cache_size_limit (8)\n   function: 'forward' (model.py:12)",
        example_source="torch torch/_dynamo/convert_frame.py (cache-size / recompile limit warning), torch 2.x",
    ),
    KnownError(
        "jit-dynamo-unsupported",
        "torch._dynamo.exc.Unsupported (Dynamo cannot trace a Python construct: torch.compile fullgraph=True or "
        "torch.export)",
        r"torch\._dynamo\.exc\.Unsupported: [^\n]{1,300}",
        "Dynamo met Python it cannot turn into a graph (a builtin, a data-dependent branch, a C extension call, "
        "setattr on a module, a generator); with fullgraph=True or torch.export (strict) that is an error instead "
        "of a graph break.",
        "Read the construct the message names and the user frame under it: rewrite that line in traceable torch "
        "code, wrap the function in `torch.compiler.disable` (torch.compile without fullgraph=True then breaks the "
        "graph there), or export with `torch.export.export(..., strict=False)`; upgrade torch (Dynamo's coverage "
        "grows each release).",
        variants=(
            # issue 36, round thirty-two: the call Dynamo could not put in its graph is a library's compiled op (a
            # torch.ops.<namespace> op, or a torch.* call whose result is no tensor: Dynamo's "torch.* op returned
            # non-Tensor"), which the user cannot rewrite: the library's release decides whether its ops trace
            Variant(
                r"torch\.\* op returned non-Tensor|torch\.\* ops that return a non-Tensor"
                r"|torch\.ops\.(?!aten\b|prims\b|higher_order\b|_c10d_functional\b|c10d\b|profiler\b)\w{1,40}\.\w",
                "a library's compiled (custom) op that Dynamo cannot trace",
                "The call Dynamo stopped at is a compiled op of a library (a torch.ops.<namespace> op of a kernel "
                "package: an equivariant tensor-product, a fused attention or a graph kernel), which returns a "
                "non-Tensor or has no fake (meta) implementation: you cannot rewrite that line, the library's "
                "release decides whether its ops trace. Use a release pair of the model package and that kernel "
                "library that registers its ops as traceable custom ops (torch.library.custom_op with a "
                "register_fake; their release notes name the torch.compile support and the torch they need), or "
                "turn that library's kernels off while compiling (the model's option for them), or run that part "
                "eagerly (compile without fullgraph=True and wrap the call in `torch.compiler.disable`), or do not "
                "compile (eager / TorchScript mode). The line after 'Explanation:' / 'Developer debug context' names "
                "the op.",
            ),
        ),
        loose=True,
        weight=40,
        applies="torch.compile(fullgraph=True), torch.export (strict), torch 2.x",
        shown_by=(_test("test_inductor_and_dynamo_limits"),),
        example="torch._dynamo.exc.Unsupported: call_function BuiltinVariable(setattr) [TensorVariable()] {}",
        example_source="torch torch/_dynamo/exc.py (Unsupported), torch 2.x",
    ),
    # issue 36, round thirty-three: a torch.compile failure shown only by the hint torch appends to every exception
    # raised while compiling a frame (torch/_dynamo: "You can suppress this exception and fall back to eager by
    # setting: import torch._dynamo; torch._dynamo.config.suppress_errors = True"), where no row reads the wrapped
    # error itself (the backend's wrapper line "backend='inductor' raised:" is left to the rows of what it wraps)
    KnownError(
        "jit-torch-compile-failed",
        "torch.compile failed while compiling a frame (Dynamo or its backend, inductor / Triton, raised; the "
        "suppress_errors hint)",
        # (read at the hint's last line: its "fall back to eager" is advice, not the program falling back)
        r"torch\._dynamo\.config\.suppress_errors = True",
        "torch.compile (Dynamo's tracing, or its backend: inductor generating and compiling Triton / C++ kernels) "
        "raised while compiling part of the model, so the call failed instead of running; the exception torch "
        "wrapped is the line just above the hint (a BackendCompilerFailed / InductorError with its reason), often "
        "a torch / Triton pair that do not fit, or a model part (an app's compile option for more blocks) the "
        "compiler cannot handle.",
        "Run it without compiling first: turn off the program's or app's compile option (a ComfyUI 'Torch "
        "Compile' node or its extra compile settings, a --compile flag), or set TORCHDYNAMO_DISABLE=1; compile "
        "fewer parts if the app lets you choose. If compiling matters, read the wrapped error above the hint "
        '(TORCH_LOGS="+dynamo" TORCHDYNAMO_VERBOSE=1 for the full one) and keep torch and triton (triton-windows) '
        "at the versions released together; `torch._dynamo.config.suppress_errors = True` falls back to eager for "
        "the failing frame only.",
        requires=r"suppress this exception and fall back to eager",
        loose=True,
        downstream=True,  # the hint follows the error it wraps: a family found before it is that error
        weight=30,  # below every row that reads the wrapped error itself
        applies="torch.compile (torch 2.x), in scripts and in apps' compile options (ComfyUI nodes, trainers)",
        shown_by=("tests/troubleshooting/test_round33_v33diffusion.py::test_a_torch_compile_failure_by_its_hint",),
        example='Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\nYou can suppress this '
        "exception and fall back to eager by setting:\n    import torch._dynamo\n    "
        "torch._dynamo.config.suppress_errors = True",
        example_source="torch torch/_dynamo (the hint appended to exceptions raised while compiling a frame), "
        "torch 2.x",
    ),
    KnownError(
        "jit-numba-typing-error",
        "numba TypingError: Failed in nopython / cuda mode pipeline (numba cannot compile the function for these "
        "types)",
        r"TypingError: Failed in (?:nopython|cuda|object) mode pipeline \(step: [\w ]{1,60}\)",
        "numba could not type the jitted function (@njit / @cuda.jit): a NumPy or Python function it does not "
        "support in that mode, an attribute it does not know, or argument types (object arrays, lists of mixed "
        "types, a float where an int is needed) it cannot compile. The lines below name the call and the types.",
        "Read the lines below 'Failed in ... pipeline' (the unsupported function / attribute and the argument types) "
        "and change that line: use only the NumPy / math functions numba lists for that mode (in @cuda.jit, the "
        "math module and cuda.* intrinsics, no NumPy allocation), pass NumPy arrays of one numeric dtype, and "
        "update numba (and the library that pins it) when the function is newer than it.",
        weight=70,
        applies="numba @njit / @jit(nopython=True) / @cuda.jit (and libraries on numba: librosa, umap, pynndescent)",
        shown_by=(_test("test_numba_compiler_messages"),),
        example="numba.core.errors.TypingError: Failed in nopython mode pipeline (step: nopython frontend)",
        example_source="numba numba/core/errors.py and typed_passes.py (TypingError), numba 0.5x",
    ),
    KnownError(
        "jit-numba-cc-unsupported",
        "numba NvvmSupportError: GPU compute capability X is not supported (a GPU older than numba's NVVM)",
        r"GPU compute capability \d{1,2}\.\d is not supported \(requires >=\s?\d{1,2}\.\d\)",
        "The CUDA toolkit's NVVM numba uses (or numba itself) dropped this old GPU's architecture (Kepler 3.0 / "
        "3.5 / 3.7, Maxwell with CUDA 12+).",
        "Use an older CUDA toolkit / numba pair that still builds for it (e.g. `conda install cudatoolkit=10.2` or "
        "11.x with a numba of that time), or run on a newer GPU; NUMBA_FORCE_CUDA_CC does not help when NVVM lacks "
        "the architecture.",
        weight=84,
        applies="numba.cuda on Kepler / Maxwell GPUs with a newer CUDA toolkit",
        shown_by=(_test("test_numba_compiler_messages"),),
        example="numba.cuda.cudadrv.error.NvvmSupportError: GPU compute capability 3.0 is not supported (requires "
        ">=3.5)",
        example_source="numba numba/cuda/cudadrv/nvvm.py (get_arch_option / NvvmSupportError)",
    ),
    KnownError(
        "jit-numba-low-occupancy",
        "NumbaPerformanceWarning: Grid size N will likely result in GPU under-utilization (a harmless notice)",
        # numba 0.54-0.56 wrote "Grid size (1) < 2 * SM count (80) will likely result in GPU under utilization due to
        # low occupancy." (numba/cuda/compiler.py, _KernelConfiguration); later releases "Grid size 1 will likely
        # result in GPU under-utilization due to low occupancy." (issue 36, round forty-one: both, also as the
        # exception line of a test run that turns warnings into errors)
        r"NumbaPerformanceWarning: Grid size \(?\d{1,9}\)?(?: < 2 \* SM count \(\d{1,9}\))? will likely result in "
        r"GPU under[- ]utilization",
        "numba launched a kernel with fewer blocks than the GPU has multiprocessors: correct, only slow to use the "
        "GPU for such a small input.",
        "Nothing failed. Give the kernel more blocks (more work per launch) or keep such small inputs on the CPU; "
        "silence it with NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0.",
        variants=(
            # the warning raised as an exception: pytest's "E   numba.core.errors.NumbaPerformanceWarning: ..." line,
            # or a warnings filter set to error
            Variant(
                r"^E\s{1,20}(?:numba\.core\.errors\.)?NumbaPerformanceWarning: |filterwarnings|-W\s?error"
                r"|\bwarnings? (?:as|into) errors?\b|raise NumbaPerformanceWarning|^numba\.core\.errors\."
                r"NumbaPerformanceWarning: ",
                "the warning raised as an error (a test run or a filter that turns warnings into errors)",
                "The kernel is fine: numba only warned that the launch's grid (fewer blocks than twice the GPU's "
                "multiprocessors) leaves the GPU underused, and the test run (pytest's filterwarnings = error, "
                "python -W error) turns every warning into an error. Turn this one off for the tests: "
                "NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0 in the environment (or numba.config.CUDA_LOW_OCCUPANCY_WARNINGS "
                "= 0 before the launch), or add 'ignore::numba.core.errors.NumbaPerformanceWarning' to pytest's "
                "filterwarnings; or give the test inputs large enough for a full grid.",
                strict=True,
            ),
        ),
        severity="notice",
        weight=30,
        applies="numba.cuda 0.54 and later",
        shown_by=(_test("test_numba_compiler_messages"),),
        example="NumbaPerformanceWarning: Grid size 1 will likely result in GPU under-utilization due to low "
        "occupancy.",
        example_source="numba numba/cuda/dispatcher.py (low occupancy warning)",
    ),
)

# issue 36, round sixty-four: KeOps, which compiles its kernels when first called
FAMILIES = FAMILIES + (
    KnownError(
        "keops-cpu-only-notice",
        "[KeOps] Warning: no C++ compiler / CUDA libraries were not detected; using cpu only mode (KeOps' start-up "
        "notice)",
        r"\[KeOps\] Warning : (?:Cuda libraries were not detected on the system ?; using cpu only mode"
        r"|\s{0,4}\n\s{0,8}The default C\+\+ compiler could not be found on your system)",
        "pykeops checks at import for the C++ compiler and the CUDA libraries it compiles its kernels with; "
        "without them it runs its formulas on the CPU only (or not at all when no compiler is found). Nothing "
        "failed here: a library that imports pykeops optionally goes on without it.",
        "Nothing to fix unless you want KeOps on the GPU: then install g++ (or set CXX to a compiler) and the "
        "CUDA toolkit's libraries KeOps compiles against (nvrtc, cudart headers: a CUDA toolkit, or the nvidia-* "
        "pip wheels), and check with `python -c 'import pykeops; pykeops.test_torch_bindings()'`. If something did "
        "fail, the cause is elsewhere in the output: give explain the whole output.",
        severity="notice",
        weight=30,
        applies="pykeops 2.x (KeOps, used by GeomLoss, GPyTorch's KeOps kernels, OpenDataVal)",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="[KeOps] Warning : Cuda libraries were not detected on the system ; using cpu only mode",
        example_source="getkeops pykeops/common/ and keopscore/config (KeOpsWarning at import)",
    ),
    KnownError(
        "keops-kernel-load-failed",
        "[KeOps] error: cuModuleLoadDataEx(...) failed with error CUDA_ERROR_INVALID_SOURCE / INVALID_PTX (a "
        "kernel KeOps compiled that this GPU's driver cannot load)",
        r"\[KeOps\] error: cuModuleLoadDataEx\([^\n]{0,80}\) failed with error CUDA_ERROR_\w{3,40}",
        "KeOps compiled the formula's kernel with NVRTC into its cache folder and the driver refused to load it: "
        "the cache holds a kernel compiled for another GPU (a cache in a home folder shared by nodes with "
        "different GPUs), or NVRTC is newer than the driver (PTX of a later CUDA than the driver supports).",
        "Clear KeOps' cache and compile again on this GPU (`python -c 'import pykeops; pykeops.clean_pykeops()'`), "
        "give each node type its own cache folder (pykeops.set_build_folder('<per-node folder>')) when a home "
        "folder is shared by nodes with different GPUs, and use CUDA libraries no newer than the driver "
        "(`nvidia-smi` shows its highest CUDA).",
        weight=85,
        applies="pykeops 2.x (KeOps), GeomLoss and other KeOps users on GPUs",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="[KeOps] error: cuModuleLoadDataEx(&module, target, 0, NULL, NULL) failed with error "
        "CUDA_ERROR_INVALID_SOURCE",
        example_source="getkeops keopscore/binders/nvrtc/Gpu_link_compile (its CUDA driver call check)",
    ),
)
