"""AMD ROCm's own libraries and its HIP toolchain as torch and other frameworks' users meet them (issue 36, round
forty-three): rocBLAS / Tensile without kernels for the GPU's gfx target, MIOpen's run-time kernel builds, its
databases and its convolutions without a solver, hipBLASLt on a GPU it does not support, HIP clang that cannot find
ROCm, a hipcc that fails CMake's compiler check, and LLVM's AMDGPU back-end crashing. Each pattern is keyed to the
library's own wording; the fix is in ROCm's words (gfx targets, HSA_OVERRIDE_GFX_VERSION, ROCm's environment
variables), never CUDA's.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round43_v43rocm.py"
_R48 = tests_in("tests/troubleshooting/test_round48_v48driver.py")

#: ROCm's gfx targets by generation, for the nearest supported target HSA_OVERRIDE_GFX_VERSION can name
_RDNA2 = r"(?<![a-z0-9])gfx103[1-6](?!\d)|\bRX ?6[4-9]\d0\b"
_RDNA3 = r"(?<![a-z0-9])gfx1(?:10[1-3]|15\d)(?!\d)|\bRX ?7[6-9]\d0\b"
_RDNA1 = r"(?<![a-z0-9])gfx101[0-2](?!\d)|\bRX ?5[5-7]\d0\b"
#: GPU targets recent ROCm releases no longer build MIOpen / rocBLAS kernels for (GCN 3 / GCN 5 Vega)
_OLD_GFX = (
    r"(?<![a-z0-9])gfx(?:80[0-3]|90[0-2])(?!\d)|\bPolaris\b|\bRX ?[45][78]0\b|\bVega ?(?:56|64|Frontier)\b|\bFiji\b"
)
#: MIOpen's databases unreadable or unwritable (sqlite_db.cpp / readonlyramdb / the user db it writes)
_MIOPEN_DB = (
    r"unable to open database file|Invalid database|database is locked|disk I/O error"
    r"|Unable to (?:open|read|write)[^\n]{0,40}(?:database|\.u?k?db\b)|attempt to write a readonly database"
)
_MIOPEN_DB_FIX = (
    "Give MIOpen a database and kernel cache it can write: `export MIOPEN_USER_DB_PATH=<a writable folder>` and "
    "`export MIOPEN_CUSTOM_CACHE_DIR=<a writable folder>` (in a container or under another user, the default "
    "~/.config/miopen and ~/.cache/miopen may not be writable or may sit on a shared file system without locks), "
    "and delete a stale user database left by another MIOpen release (`rm -rf ~/.config/miopen ~/.cache/miopen`). "
    "The 'Unable to read system database ... Performance may degrade' warning alone only means no tuned "
    "settings for this gfx ship with this MIOpen."
)
_CUDNN_OFF = (
    "As a work-around in torch, run without MIOpen's convolutions (`torch.backends.cudnn.enabled = False`: on ROCm "
    "the cudnn switch turns MIOpen off) to confirm, at a cost in speed."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "rocm-rocblas-no-tensile-arch",
        "rocBLAS / Tensile has no kernels for this GPU's gfx target (TensileLibrary for the architecture missing)",
        r"rocBLAS (?:error|warning): Cannot read [^\n]{0,200}TensileLibrary"
        r"|\bTensileLibrary\w{0,40}\.dat:? (?:not found|No such file)"
        r"|Error: TensileLibrary\.dat not found"
        r"|rocBLAS (?:error|warning): No paths matched [^\n]{0,200}(?:Tensile|gfx|\.co\b)"
        r"|Could not (?:load|find|read) [^\n]{0,200}TensileLibrary(?:_lazy)?_?\w{0,30}\.(?:dat|yaml|co)\b"
        r"|rocBLAS error: Could not initialize Tensile (?:host|library)",
        "rocBLAS runs its GEMMs with Tensile kernels that are built per AMD gfx target and installed as "
        "rocblas/library/TensileLibrary*_<gfx>.dat / .co files; this rocBLAS (the ROCm release's packages, or the "
        "copy a torch / onnxruntime / llama.cpp wheel bundles) has none for the GPU's architecture, so it cannot load "
        "a Tensile library and aborts or crashes at the first matrix multiply. A consumer or older Radeon missing "
        "from that ROCm release's list is the usual case; a copy of rocblas/library that is missing or moved is "
        "the other.",
        "Find the GPU's target (`rocminfo | grep gfx`) and list the files rocBLAS has (`ls "
        "/opt/rocm/lib/rocblas/library | grep -o 'gfx[0-9a-z]*' | sort -u`, or the rocblas/library folder inside "
        "the wheel). Then: use a GPU / ROCm release whose support list names that gfx; or, for a Radeon close to a "
        "supported one, set HSA_OVERRIDE_GFX_VERSION to the nearest supported target (10.3.0 for RDNA2 gfx103x, "
        "11.0.0 for RDNA3 gfx110x; unsupported by AMD, and a wrong target can crash or give wrong results); or "
        "build rocBLAS (and Tensile) for the GPU yourself (`./install.sh -a <your gfx>`, or CMake's "
        "-DAMDGPU_TARGETS=<your gfx>). If the files exist but elsewhere, point ROCBLAS_TENSILE_LIBPATH at that "
        "rocblas/library folder.",
        variants=(
            Variant(
                _RDNA2,
                "an RDNA2 Radeon (gfx103x)",
                "The GPU is RDNA2 (gfx103x), and ROCm ships Tensile kernels only for gfx1030 among them: run with "
                "`HSA_OVERRIDE_GFX_VERSION=10.3.0` so the gfx1030 kernels are used (unsupported by AMD; it works "
                "for most gfx103x cards), or build rocBLAS with `-a <your gfx>`; check `rocminfo | grep gfx`.",
                strict=True,
            ),
            Variant(
                _RDNA3,
                "an RDNA3 Radeon (gfx110x / gfx115x)",
                "The GPU is RDNA3 (gfx110x / gfx115x): use a ROCm release whose rocBLAS lists it, or run with "
                "`HSA_OVERRIDE_GFX_VERSION=11.0.0` so the gfx1100 kernels are used (unsupported by AMD), or build "
                "rocBLAS with `-a <your gfx>`; check `rocminfo | grep gfx`.",
                strict=True,
            ),
            Variant(
                _RDNA1,
                "an RDNA1 Radeon (gfx101x)",
                "The GPU is RDNA1 (gfx101x), which ROCm's prebuilt rocBLAS does not build Tensile kernels for: build "
                "rocBLAS from source for it (`./install.sh -a gfx1010` or -DAMDGPU_TARGETS=<your gfx>) with the ROCm "
                "release you use, or try `HSA_OVERRIDE_GFX_VERSION=10.3.0` / 10.1.0 (unsupported by AMD: it may "
                "crash or give wrong results), or use a GPU ROCm supports.",
                strict=True,
            ),
        ),
        weight=92,  # the library's own line before the abort it causes (native-crash)
        applies="rocBLAS / Tensile of any ROCm release, as torch, onnxruntime, TensorFlow or llama.cpp load it",
        shown_by=(f"{_SHOWN}::test_rocblas_without_tensile_kernels_for_the_gfx",),
        example="rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or "
        "directory",
        example_source="rocBLAS library/src/tensile_host.cpp (its message when no Tensile library loads for the "
        "device's architecture)",
    ),
    KnownError(
        "rocm-miopen-kernel-build",
        "MIOpen could not build its kernels at run time (comgr / hiprtc failed for this GPU's gfx target)",
        r"amd_comgr_action_info_set_isa_name|comgr status = \w+"
        r"|MIOpen(?:\(HIP\))?: Error \[(?:Compile|BuildOcl|BuildHip|BuildAsm|SetIsaName)\w{0,20}\]"
        r"|hiprtcCompileProgram\([^\n]{0,200}HIPRTC_ERROR|MIOpen Error: [^\n]{0,200}Code object build failed",
        "MIOpen compiles many of its convolution kernels at run time for the GPU's gfx target (through AMD's comgr "
        "and hiprtc, with the ROCm device libraries); that build failed. Either the target is one this ROCm / MIOpen "
        "release no longer builds for (comgr rejects the ISA name: GCN gfx803 Polaris and gfx900 Vega were dropped), "
        "or the ROCm components do not match each other (the MIOpen a torch wheel bundles against a system comgr, "
        "device libraries or HIP headers of another release). torch then reports miopenStatusUnknownError.",
        "Check the GPU's target (`rocminfo | grep gfx`) against the support list of the ROCm release that torch (or "
        "the framework) bundles (`python -c 'import torch; print(torch.version.hip)'`). For a dropped target, use "
        "an older ROCm and its matching torch wheel that still built for it, or a supported GPU. For a supported "
        "GPU, keep one ROCm release: do not mix the wheel's bundled libraries with another system ROCm on "
        "LD_LIBRARY_PATH, reinstall the ROCm packages of one release, clear MIOpen's kernel cache (`rm -rf "
        "~/.cache/miopen`), and rerun with `MIOPEN_LOG_LEVEL=6` to see the compiler's own error. " + _CUDNN_OFF,
        variants=(
            Variant(
                _OLD_GFX,
                "an older GCN GPU (gfx803 / gfx900) that recent ROCm dropped",
                "The GPU is an older GCN target (gfx803 Polaris / gfx900 Vega), which this ROCm / MIOpen release's "
                "comgr no longer builds kernels for (the ISA name is rejected): no setting of this release fixes it. "
                "Use an older ROCm and the torch wheel built for it that still supports the target (ROCm's support "
                "tables name the last one), a community build for the gfx, or a supported GPU. " + _CUDNN_OFF,
                strict=True,
            ),
        ),
        weight=92,
        applies="MIOpen of any ROCm release (torch, TensorFlow, onnxruntime on ROCm)",
        shown_by=(f"{_SHOWN}::test_miopen_kernel_builds_and_databases",),
        example="MIOpen(HIP): Error [SetIsaName] 'amd_comgr_action_info_set_isa_name(handle, isa.c_str())' "
        "amdgcn-amd-amdhsa--gfx900:xnack-: INVALID_ARGUMENT (2)",
        example_source="MIOpen src/comgr.cpp (its ECI_THROW / logging of a comgr call that failed)",
    ),
    KnownError(
        "rocm-miopen-conv-no-solver",
        "MIOpen has no solver for this convolution (cannot be executed due to incorrect params / no suitable "
        "algorithm)",
        r"MIOpen Error: [^\n]{0,300}Convolution cannot be executed due to incorrect params"
        r"|MIOpen Error: [^\n]{0,300}No suitable algorithm was found to execute the required convolution",
        "MIOpen found no solver that accepts this convolution's configuration on this GPU (its layout, data type, "
        "groups or sizes), or none it could find because its find database and kernel cache could not be read "
        "(vendor ports of ROCm and MIOpen builds of another release show this too); torch then reports "
        "miopenStatusUnknownError.",
        "Rerun with `MIOPEN_ENABLE_LOGGING=1 MIOPEN_LOG_LEVEL=6` to see the convolution MIOpen was asked for. Let "
        "MIOpen search every solver (`MIOPEN_FIND_MODE=NORMAL`, or 1; the default fast or hybrid modes may skip "
        "some), make the inputs contiguous and in a supported data type (float32 / float16 / bfloat16), and use the "
        "torch / MIOpen build of the same ROCm release (or the vendor's matching one on a ROCm port). " + _CUDNN_OFF,
        variants=(
            Variant(
                _MIOPEN_DB,
                "MIOpen's databases could not be opened",
                "MIOpen could not open its databases too, so it found no usable solution. " + _MIOPEN_DB_FIX + " "
                "Then rerun with `MIOPEN_FIND_MODE=NORMAL`, use the torch / MIOpen build of one ROCm release (or "
                "the vendor's matching one), and make the convolution's inputs contiguous. " + _CUDNN_OFF,
                strict=True,
            ),
        ),
        weight=90,
        applies="MIOpen of any ROCm release and ROCm-derived stacks (torch, TensorFlow, PaddlePaddle on ROCm)",
        shown_by=(f"{_SHOWN}::test_miopen_convolutions_without_a_solver",),
        example="MIOpen Error: /MIOpen/src/ocl/convolutionocl.cpp:831: Forward Convolution cannot be executed due to "
        "incorrect params",
        example_source="MIOpen src/ocl/convolutionocl.cpp (MIOPEN_THROW when no solution applies)",
    ),
    KnownError(
        "rocm-miopen-database",
        "MIOpen's user database or kernel cache cannot be opened (Invalid database / unable to open database file)",
        r"MIOpen(?:\(HIP\))?: Error \[[^\]\n]{0,80}\][^\n]{0,400}(?:" + _MIOPEN_DB + r")",
        "MIOpen keeps its find results and compiled kernels in databases (the user db under ~/.config/miopen, the "
        "kernel cache under ~/.cache/miopen, the system db beside the library); one of them cannot be opened or "
        "written: a home folder that is not writable (a container, another user, a read-only or network file "
        "system without locks), or a stale file written by another MIOpen release.",
        _MIOPEN_DB_FIX,
        weight=88,
        applies="MIOpen of any ROCm release (torch, TensorFlow on ROCm)",
        shown_by=(f"{_SHOWN}::test_miopen_kernel_builds_and_databases",),
        example="MIOpen(HIP): Error [Measure] /home/u/.config/miopen/gfx1030_30.ukdb: Invalid database",
        example_source="MIOpen src/sqlite_db.cpp / src/db.cpp (their logging when a database cannot be opened)",
    ),
    KnownError(
        "rocm-hipblaslt-unsupported-arch",
        "hipBLASLt used on a GPU architecture it does not support (torch on ROCm)",
        # (not newer torch's UserWarning that goes on "Overriding blas backend to hipblas": it fell back by itself)
        r"Attempting to use hipBLASLt on an? unsupported architecture(?!!?\s{0,4}Overriding)",
        "torch's ROCm build chose hipBLASLt for a matrix multiply (its default BLAS on some ROCm releases), but "
        "hipBLASLt has kernels only for some gfx targets (Instinct MI200 / MI300 and a few Radeon generations) and "
        "this GPU is not one of them.",
        "Make torch use hipBLAS / rocBLAS instead: `export TORCH_BLAS_PREFER_HIPBLASLT=0` before starting, or in "
        "code `torch.backends.cuda.preferred_blas_library('cublas')` (on ROCm this selects rocBLAS / hipBLAS); a "
        "newer torch checks the architecture and falls back by itself. With HSA_OVERRIDE_GFX_VERSION set, make sure "
        "it names the GPU's own generation.",
        weight=92,
        applies="torch ROCm builds (2.3 and later) on GPUs hipBLASLt does not support",
        shown_by=(f"{_SHOWN}::test_hipblaslt_on_an_unsupported_gpu",),
        example="RuntimeError: Attempting to use hipBLASLt on a unsupported architecture!",
        example_source="torch aten/src/ATen/Context.cpp (the check of the GPU's gfx before hipBLASLt is used)",
    ),
    KnownError(
        "hip-clang-cannot-find-rocm",
        "HIP clang cannot find the ROCm install (HIP runtime / device library; --rocm-path)",
        r"cannot find (?:the )?HIP runtime[.;,] [Pp]rovide its path via '?--rocm-path"
        r"|cannot find ROCm device librar(?:y|ies)(?:[.;,] [Pp]rovide its path via)?"
        r"|cannot find ROCm installation[.;,] [Pp]rovide its path via",
        "clang (ROCm's amdclang++ / hipcc, or a distribution's clang) compiles HIP code against the HIP runtime "
        "headers and the ROCm device bitcode libraries it looks for in the default ROCm layout (/opt/rocm, or the "
        "folder beside its own bin); this ROCm is installed elsewhere (a distribution package, a Spack / Conda / "
        "Gentoo / Arch layout, a second version) or only partly (no rocm-device-libs / hip-devel), so every HIP "
        "source fails to compile.",
        "Tell the compiler where ROCm is: `--rocm-path=<ROCm prefix>` in the HIP flags (CMake: "
        "-DCMAKE_HIP_FLAGS=--rocm-path=<prefix>, or ROCM_PATH / HIP_PATH in the environment for hipcc and "
        "FindHIP), and `--rocm-device-lib-path=<prefix>/amdgcn/bitcode` (or HIP_DEVICE_LIB_PATH) when the device "
        "libraries live apart; install the missing pieces (rocm-device-libs, the HIP development package) of the "
        "same release as the compiler. `hipconfig --full` shows the paths hipcc uses.",
        weight=90,
        applies="HIP builds with clang / hipcc / amdclang++ of any ROCm release, above all distribution packages",
        shown_by=(f"{_SHOWN}::test_hip_toolchain_failures",),
        example="clang-12: error: cannot find HIP runtime. Provide its path via --rocm-path, or pass -nogpuinc to "
        "build without HIP runtime.",
        example_source="clang include/clang/Basic/DiagnosticDriverKinds.td (err_drv_no_hip_runtime, "
        "err_drv_no_rocm_device_lib)",
    ),
    KnownError(
        "hip-compiler-check-broken",
        "CMake's compiler check fails with hipcc / amdclang++ (a broken or partly updated HIP toolchain)",
        r"is not able to compile a simple test program"
        r"|Check for working (?:CXX|C|HIP) compiler: [^\n]{0,200}(?:hipcc|amdclang\+\+|clang\+\+)[^\n]{0,20} - broken",
        "CMake's first test compiles a trivial program with the compiler the build chose; with hipcc or "
        "amdclang++ that failed, so the HIP toolchain itself is broken: ROCm's packages (hip, rocm-llvm / "
        "llvm-amdgpu, rocm-device-libs, comgr) of different releases after a partial update, a hipcc that cannot "
        "find its clang or ROCm (HIP_PATH / ROCM_PATH, HIP_CLANG_PATH wrong), or a stale CMake cache from the "
        "previous toolchain. The output under 'It fails with the following output' names the step that failed.",
        "Read the first error in that output (run `hipcc --version` and compile a one-line file with `hipcc -v` to "
        "see it yourself). Update or reinstall ROCm's toolchain packages together, to one release (hip / "
        "hip-runtime-amd, rocm-llvm or llvm-amdgpu, rocm-device-libs, comgr), set ROCM_PATH / HIP_PATH to that "
        "install, and build again from an empty build folder (remove CMakeCache.txt or the package's old build "
        "tree).",
        requires=r"\bhipcc\b|\bamdclang\+?\+?|/opt/rocm[\w.-]{0,20}/(?:llvm|hip)/bin|\brocm-llvm\b|\bllvm-amdgpu\b"
        r"|\bThe HIP compiler\b",
        weight=70,
        applies="CMake projects built with hipcc / amdclang++ (ROCm libraries from source, HIP projects)",
        shown_by=(f"{_SHOWN}::test_hip_toolchain_failures",),
        example="CMake Error at /usr/share/cmake-3.20/Modules/CMakeTestCXXCompiler.cmake:59 (message):\n  The C++ "
        'compiler\n\n    "/opt/rocm/hip/bin/hipcc"\n\n  is not able to compile a simple test program.',
        example_source="CMake Modules/CMakeTestCXXCompiler.cmake (its message when the compiler check fails), with "
        "ROCm's hipcc as the compiler",
    ),
    KnownError(
        "amdgpu-llvm-backend-crash",
        "LLVM's AMDGPU back-end crashed (Cannot select: an internal compiler error in ROCm's LLVM)",
        r"(?:LLVM ERROR|error in backend): Cannot select\b",
        "ROCm's LLVM (rocm-llvm / llvm-amdgpu, behind hipcc and amdclang++) failed in instruction selection for the "
        "AMDGPU target on one kernel: a compiler bug in that LLVM release, or a compiler of another ROCm release "
        "than the library source being built expects; the source itself is not at fault.",
        "Build with the ROCm compiler of the release the library's source was tagged for (update all ROCm packages "
        "together), or install the ROCm release's prebuilt library instead of building it; if the same pair still "
        "fails, build only the GPU targets you need (-DAMDGPU_TARGETS=<your gfx>; the failing target may be "
        "another), lower the optimisation of that file, and report it to ROCm's LLVM with the kernel named after "
        "'In function:'.",
        requires=r"\bamdgcn\b|\bAMDGPU|\bgfx\d{3,4}|/opt/rocm|\brocm-llvm\b|\bllvm-amdgpu\b|\bhipcc\b|\bamdclang"
        r"|\brocm\b|\.hip\b",
        weight=85,
        applies="ROCm's LLVM (hipcc, amdclang++, llvm-amdgpu) compiling HIP / OpenCL / Triton kernels for AMD GPUs",
        shown_by=(f"{_SHOWN}::test_hip_toolchain_failures",),
        example="fatal error: error in backend: Cannot select: 0x55c1: i64 = FrameIndex<0>\nInstalledDir: "
        "/opt/rocm/llvm/bin",
        example_source="LLVM lib/CodeGen/SelectionDAG/SelectionDAGISel.cpp (its report when no instruction matches "
        "a node), with ROCm's LLVM",
    ),
    # issue 36, round forty-eight: the HSA runtime's own abort line for a GPU page fault (ROCr's "Memory access fault
    # by GPU node-%u (Agent handle: %p) on address %p. Reason: %s.")
    KnownError(
        "rocm-gpu-memory-access-fault",
        "ROCm: Memory access fault by GPU node-N (Agent handle: ...) on address ... Reason: Page not present or "
        "supervisor privilege (a GPU kernel read or wrote outside its memory)",
        r"Memory access fault by GPU node-\d{1,3}\b",
        "A GPU kernel on an AMD GPU accessed an address it does not own and the HSA runtime aborted the process: a "
        "kernel run on a gfx target it was not built for (HSA_OVERRIDE_GFX_VERSION naming a target that is not "
        "close, a wheel or extension built for other targets or for CUDA only), an out-of-bounds access in an "
        "extension's kernel (often a quantized or fused kernel not tested on ROCm), or a batch too large for the "
        "kernel's indexing.",
        "Find the kernel: rerun with `AMD_SERIALIZE_KERNEL=3 HIP_LAUNCH_BLOCKING=1` so the fault is raised at the "
        "launch that causes it. Check the GPU's gfx target (`rocminfo | grep gfx`) is one the ROCm build of torch "
        "and of each extension supports; use HSA_OVERRIDE_GFX_VERSION only for a close target of the same "
        "generation (10.3.0 for RDNA2, 11.0.0 for RDNA3), or remove it. Try a smaller batch / resolution, and a "
        "ROCm build of the extension (or the plain fp16 / bf16 path) instead of a CUDA-only one.",
        variants=(
            Variant(
                r"\bgptq|auto[_-]gptq|gptqmodel|\bawq\b|exllama|bitsandbytes|\bmarlin\b|CUDA extension not installed",
                "a quantized-kernel extension on ROCm",
                "The text loads a quantized model through an extension whose GPU kernels are CUDA-first (GPTQ / AWQ "
                "/ exllama / bitsandbytes backends): on ROCm their kernels are missing ('CUDA extension not "
                "installed') or a fallback kernel faults on this gfx target. Load an fp16 / bf16 model instead, or "
                "a quantization backend built for ROCm (the torch or triton backend chosen explicitly, a ROCm build "
                "of the extension for your gfx target), and keep one package per quantization format installed (two "
                "that ship the same kernels, a project and its fork, shadow each other).",
                strict=True,
            ),
            Variant(
                r"HSA_OVERRIDE_GFX_VERSION",
                "HSA_OVERRIDE_GFX_VERSION is set",
                "HSA_OVERRIDE_GFX_VERSION makes ROCm run another target's kernels on this GPU: it works only for a "
                "close target of the same generation (gfx103x with 10.3.0, gfx110x with 11.0.0); unset it or use the "
                "nearest target, or a ROCm release that supports the GPU natively.",
                strict=True,
            ),
        ),
        weight=86,
        applies="ROCm (HIP) programs on AMD GPUs: torch's ROCm builds, llama.cpp / ggml-hip, extensions",
        shown_by=(_R48("test_rocm_gpu_memory_access_fault"),),
        example="Memory access fault by GPU node-1 (Agent handle: 0x55d6c0b2f2a0) on address 0x7f1c2a000000. Reason: "
        "Page not present or supervisor privilege.",
        example_source="ROCm's HSA runtime (ROCR-Runtime's GPU memory fault handler), as torch and llama.cpp users "
        "paste it",
    ),
)
