"""Pastes with little or no error line (issue 36, round thirteen): a process that died, hung or gave wrong output
without an exception, in the OS's, the shell's and each product's own words, beside the generic rows
`py-process-killed` and `native-crash` (`families.generic`), torch's NaN row (`families.torch_runtime`) and the
shared-memory rows (`families.containers`).

Windows' paging file (os error 1455), Windows' crash exit codes (NTSTATUS 0xC0000005 / 0xC0000409 / 0xC000001D /
0xC0000374 / 0xC00000FD, CPython faulthandler's "Windows fatal exception"), a CPU that lacks an instruction a build
needs (SIGILL in the shells' words, TensorFlow's cpu_feature_guard, NumPy's baseline check), glibc's heap-corruption
aborts, a notebook kernel that died (Jupyter, VS Code), a process pool whose worker died (concurrent.futures, loky), a
DataLoader that timed out and a faulthandler / pytest-timeout stack dump of a hang, diffusers' safety checker that
returns black images, and the lines where a program says it picked the CPU (transformers' pipeline,
sentence-transformers, Ultralytics' banner, a script's own "Using device: cpu"). Each pattern is keyed to the wording
its source prints (named in ``example_source``); numbers, names and paths are read from the text.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round13_w5prose.py"


_test = tests_in(_TESTS)


#: the next step that names a crashed library: the Python stack (faulthandler) and the native one (gdb)
_CRASH_STACK = (
    "`python -X faulthandler your_script.py` (the Python line at the crash) or `gdb -batch -ex run -ex bt --args "
    "python your_script.py` (the native stack; on Windows the faulting module in Event Viewer > Windows Logs > "
    "Application)"
)

#: Windows NTSTATUS crash codes, as a signed exit code (PyCharm, cmd's %ERRORLEVEL%), unsigned, or in hex
_NT_ACCESS_VIOLATION = r"-1073741819\b|\b3221225477\b|\b0xC0000005\b"
_NT_FAIL_FAST = r"-1073740791\b|\b3221226505\b|\b0xC0000409\b"
_NT_ILLEGAL = r"-1073741795\b|\b3221225501\b|\b0xC000001D\b"
_NT_HEAP = r"-1073740940\b|\b3221226356\b|\b0xC0000374\b"
_NT_STACK = r"-1073741571\b|\b3221225725\b|\b0xC00000FD\b"
#: (and a launcher's "status N" for a child that died: KaTrain's "Engine died unexpectedly without sending output:
#: status 3221226505"; issue 36, round fifty-seven)
_EXIT_WORDS = r"(?:exit(?:ed)? (?:with )?(?:code|status)|\bstatus)[ :=]{0,3}"
#: issue 36, round forty-nine: Windows Error Reporting's crash dialog ("Problem signature: ... Problem Event Name:
#: APPCRASH ... Fault Module Name: x.dll ... Exception Code: c000001d") and Event Viewer's Application Error event
#: ("Faulting module name: x.dll, ... Exception code: 0xc0000005"), in English and in Windows' localized wordings
#: (Chinese 异常代码 / 故障模块名称, Japanese 例外コード, German Ausnahmecode, French Code d'exception, Spanish
#: Código de excepción, Russian Код исключения): the code is printed without 0x in the dialog
_WER_CODE = (
    r"(?:Exception Code|异常代码|異常代碼|例外コード|Ausnahmecode|Code d'exception|Código de excepción"
    r"|Codice eccezione|Код исключения|예외 코드)[ \t]{0,4}[:：][ \t]{0,4}(?:0x)?"
    r"(?:c0000005|c0000409|c000001d|c0000374|c00000fd)\b"
)
_WER_ILLEGAL = (
    r"(?:Exception Code|异常代码|異常代碼|例外コード|Ausnahmecode|Code d'exception|Código de excepción"
    r"|Codice eccezione|Код исключения|예외 코드)[ \t]{0,4}[:：][ \t]{0,4}(?:0x)?c000001d\b"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "proc-windows-paging-file",
        "Windows: The paging file is too small for this operation to complete (os error 1455)",
        r"paging file is too small for this operation to complete|\(os error 1455\)|\[WinError 1455\]",
        "Windows commits virtual memory for every mapped model file and every loaded DLL (torch's CUDA DLLs commit "
        "GBs at import): RAM plus the paging file is smaller than what the process asked to commit, so a large "
        "model's memory map (safetensors' mmap), a DLL load or an allocation fails.",
        "Let Windows grow the paging file: System Properties > Advanced > Performance Settings > Advanced > Virtual "
        "memory > Change: 'System managed size' (or a custom size of at least the model's size plus 16 GB) on a "
        "drive with that much free space, then reboot; close other programs and start fewer processes "
        "(DataLoader num_workers, each of which loads torch's DLLs again).",
        variants=(
            Variant(
                r"\(os error 1455\)|safetensors|safe_open",
                "a model's memory map (safetensors)",
                "safetensors maps the whole checkpoint file into memory and Windows must be able to commit it: "
                "raise the paging file to at least the checkpoint's size plus 16 GB ('System managed size' on a "
                "drive with that much free space; reboot), or load a smaller or quantized checkpoint.",
            ),
        ),
        #: a DLL that failed to load for it is `windows-dll-load`'s, whose variant names the paging file
        unless=r"Error loading \"[^\"\n]{1,300}\.dll\"|DLL load failed",
        weight=85,
        applies="Windows (any program: Python's WinError 1455, Rust's os error 1455 from safetensors' mmap)",
        shown_by=(_test("test_windows_paging_file_and_crash_codes"),),
        example="Error: The paging file is too small for this operation to complete. (os error 1455)",
        example_source="Windows' system message for ERROR_COMMITMENT_LIMIT (1455), as Rust's std::io::Error "
        "formats it (safetensors' mmap) and CPython's OSError ([WinError 1455])",
    ),
    KnownError(
        "proc-windows-crash-code",
        "Windows: a process ended with a crash code (0xC0000005 access violation, 0xC0000409, 0xC000001D, "
        "0xC0000374, 0xC00000FD) or 'Windows fatal exception'",
        rf"{_EXIT_WORDS}(?:{_NT_ACCESS_VIOLATION}|{_NT_FAIL_FAST}|{_NT_ILLEGAL}|{_NT_HEAP}|{_NT_STACK})"
        # (faulthandler's "access violation" comes with the Python stack, whose frames name the stage and library:
        # the miss's answer reads them)
        r"|Windows fatal exception: (?:stack overflow|illegal instruction|in page error"
        r"|code 0x[0-9a-fA-F]{8})|" + _WER_CODE,
        "Native code crashed on Windows and the process ended with an NTSTATUS code instead of a Python error: "
        "0xC0000005 is an access violation (a segmentation fault: a DLL of another build or version, a driver), "
        "0xC0000409 a fast-fail abort (a C runtime abort, a failed check in a native library), 0xC000001D an "
        "instruction this CPU lacks, 0xC0000374 heap corruption, 0xC00000FD a stack overflow.",
        f"Find the library that crashed: {_CRASH_STACK}; common causes are two copies of a runtime DLL (OpenMP's "
        "libiomp5md.dll from conda and from pip; CUDA / cuDNN DLLs of two versions on PATH: `where cudnn64_*.dll`), "
        "a GPU driver older than the CUDA the package needs, or too little RAM / page file for the model; then "
        "reinstall that library's build made for your Python, torch and CUDA versions and update the GPU driver.",
        variants=(
            # issue 36, round fifty-seven: the process is a game engine a GUI launched (KaTrain's "Engine died
            # unexpectedly without sending output: status N", its bundled KataGo; Lizzie / Sabaki's leelaz, lc0)
            Variant(
                r"\bEngine died unexpectedly\b|\bKataGo\b|\bleelaz(?:\.exe)?\b|\blc0(?:\.exe)?\b",
                "a game engine that a GUI launched (KaTrain's KataGo, leelaz, lc0)",
                "The process that crashed is the engine the GUI started (KaTrain's bundled KataGo, Lizzie's or "
                "Sabaki's leelaz, lc0), and its build does not fit this machine: 0xC000001D (3221225501) is a build "
                "for CPU instructions this CPU lacks (an AVX2 build, a minified build); 0xC0000409 (3221226505) or "
                "0xC0000005 (3221225477) most often a GPU backend (CUDA, TensorRT) whose DLLs or driver do not fit, "
                "or memory exhausted. In the GUI's engine settings pick another build of the engine (the OpenCL "
                "build instead of CUDA / TensorRT, or a CPU / non-AVX2 build), update the GPU driver, and run the "
                "engine's own command once in a terminal (its benchmark or GTP mode) to read its error.",
                strict=True,
            ),
            # issue 36, round forty-nine: Windows Error Reporting's dialog or Event Viewer's event for an illegal
            # instruction: the faulting module it names (a native DLL of an inference library) is the build
            Variant(
                _WER_ILLEGAL,
                "an illegal instruction (c000001d) in the module Windows' crash report names",
                "Windows' crash report says the program died on an illegal instruction (exception code c000001d) "
                "in the faulting module it names (Fault Module Name / Faulting module name / 故障模块名称: a native "
                "DLL such as an inference library's paddle_inference.dll, onnxruntime.dll, a torch or MKL DLL): "
                "that DLL was built for CPU instructions this processor lacks (AVX, AVX2, AVX-512; older and "
                "low-power CPUs, some VMs) or for a newer Windows than this one. Check the CPU's instruction sets "
                "(Sysinternals `coreinfo`, or the CPU's specification); then use the application's or library's "
                "build for this CPU (a no-AVX / 'noavx' or older release, another engine or backend build of the "
                "app that does not load that DLL), or run it on a newer machine. On an old Windows (7, 8.1) first "
                "install its updates and the latest Microsoft Visual C++ redistributable (x64), which such builds "
                "need.",
                sure=True,
                strict=True,
            ),
            Variant(
                rf"{_NT_ILLEGAL}|Windows fatal exception: illegal instruction",
                "an illegal instruction (0xC000001D)",
                "The build uses CPU instructions (AVX, AVX2, AVX-512) this processor lacks: check the CPU with "
                "Sysinternals `coreinfo` (or the CPU's specification), then install a build made for it (a no-AVX "
                "or older release, or build from source without -march=native); in a VM give the guest the host's "
                "CPU model.",
            ),
            Variant(
                rf"{_NT_HEAP}",
                "heap corruption (0xC0000374)",
                "Two builds of one native library (a CUDA / cuDNN / MKL / OpenMP DLL) are loaded in one process, or a "
                "compiled extension was built for another version: run with `python -X faulthandler` to see the "
                "last Python line, check PATH for a second CUDA / cuDNN folder, and reinstall the extension built "
                "for your torch / numpy.",
            ),
            Variant(
                rf"{_NT_STACK}|Windows fatal exception: stack overflow",
                "a stack overflow (0xC00000FD)",
                "The stack overflowed: deep recursion (a recursive model or a raised sys.setrecursionlimit) on "
                "Windows' 1 MB main-thread stack; run the work in a threading.Thread after "
                "threading.stack_size(256 * 1024 * 1024), or remove the recursion.",
            ),
            # issue 36, round thirty-nine: the crashed process ran llama.cpp's native CUDA backend (its own start-up
            # lines: ggml_cuda_init, llama_model_load, llm_load_tensors / load_tensors; node-llama-cpp's name): the
            # crash is that backend's abort, not a Python library's
            Variant(
                r"\bggml_cuda_init\b|\bggml[-_]cuda\b|\bllama_model_load\b|\bllama_new_context_with_model\b"
                r"|\bllama_init_from_model\b|\b(?:llm_)?load_tensors:|\bnode-llama-cpp\b|\bllama_model_loader:",
                "llama.cpp's CUDA backend (ggml-cuda) in the crashed process",
                "The process ran llama.cpp's native CUDA backend (ggml-cuda; in a Node app through node-llama-cpp, in "
                "desktop apps through their bundled llama.cpp build), and ggml aborts the whole process (0xC0000409) "
                "or crashes (0xC0000005) when a CUDA call fails. Find ggml's own line just before the exit ('CUDA "
                "error N at ggml-cuda.cu:LINE' / 'current device: N, in function ...'; run with the app's debug log "
                "on) and fix what it names: out of memory: offload fewer layers (gpuLayers / -ngl), a smaller "
                "quantization or context size; otherwise the prebuilt CUDA binary does not fit the installed driver: "
                "update the NVIDIA driver, or rebuild the binding's llama.cpp from source for the installed CUDA "
                "toolkit (node-llama-cpp builds one with its source download command and --gpu cuda). To confirm "
                "that the CUDA build is what fails, run the same model with the CPU or Vulkan build (node-llama-cpp's "
                "gpu: false or 'vulkan'; llama.cpp's -ngl 0). Python debuggers do not apply to a Node or native app.",
            ),
        ),
        loose=True,
        alternatives=("native-crash", "proc-illegal-instruction"),
        weight=30,
        applies="Windows (PyCharm's and VS Code's 'exit code', cmd's %ERRORLEVEL%, ollama's runner, faulthandler, "
        "Windows Error Reporting's crash dialog and Event Viewer, localized)",
        shown_by=(
            _test("test_windows_paging_file_and_crash_codes"),
            "tests/troubleshooting/test_round49_v49y.py::test_windows_crash_report_of_an_illegal_instruction",
        ),
        example="Process finished with exit code -1073741819 (0xC0000005)",
        example_source="Windows' NTSTATUS codes (ntstatus.h: STATUS_ACCESS_VIOLATION, STATUS_STACK_BUFFER_OVERRUN, "
        "STATUS_ILLEGAL_INSTRUCTION, STATUS_HEAP_CORRUPTION, STATUS_STACK_OVERFLOW); CPython Modules/faulthandler.c "
        "('Windows fatal exception: %s')",
    ),
    KnownError(
        "proc-illegal-instruction",
        "Illegal instruction (SIGILL): a build for CPU instructions this processor lacks (AVX, AVX2, AVX-512)",
        # (not cuda-gdb's "CUDA Exception: Warp Illegal Instruction", a GPU warp's: torch-gpu-fault)
        r"^[^\n]{0,120}(?<!Warp )\bIllegal instruction(?: ?\(core dumped\))?\s{0,4}$|illegal hardware instruction"
        r"|Fatal Python error: Illegal instruction|interrupted by signal 4: SIGILL|\bSIGILL\b"
        r"|exitcode\s{0,4}: -4 \(pid: \d{1,10}\)"
        # issue 36, round thirty-eight: a wrapper's report of a child's exit as a negative number, -N being signal N
        # (Python's subprocess returncode, "(Exit code -4.)", "returned -4"); bash's job line for the signal ("line
        # 385: 66885 Illegal instruction     (core dumped) cmd", padded and followed by the command); the kernel's
        # trap record (arch/x86/kernel/traps.c: "traps: python3[66885] trap invalid opcode ip:... in libpaddle.so")
        r"|\bexit(?:ed)? (?:with )?(?:code|status)[ :=]{0,3}-4\b|\breturn(?:ed)? (?:code )?[=:]? ?-4\b"
        r"|\breturned non-zero exit status -4\b|\b\d{1,10} Illegal instruction\b"
        r"|\bIllegal instruction\s{1,12}\(core dumped\)|\btrap invalid opcode\b"
        # a report in prose ("i got an illegal instruction error", "Illegal instruction (core dumped)" quoted)
        r"|\b(?:an|got|with) [\"']?illegal instruction[\"']? (?:error|\(core dumped\))"
        r"|TensorFlow library was compiled to use [\w.]{2,20} instructions, but these aren't available"
        r"|NumPy was built with baseline optimizations:?\s{0,4}\([^)\n]{1,200}\)\s{0,4}"
        r"but your machine doesn't support",
        "The program (or a library it loaded: TensorFlow, NumPy, llama.cpp, onnxruntime, a wheel built with "
        "-march=native) executes a CPU instruction this processor does not have, usually AVX / AVX2 / AVX-512 on "
        "an older CPU, a VM or emulator that hides them, or an x86-64 build under Rosetta on Apple Silicon. "
        "TensorFlow's 'Your CPU supports instructions that this TensorFlow binary was not compiled to use' is the "
        "opposite, harmless notice.",
        "See which instructions the CPU has: `grep -o -w -E 'avx|avx2|avx512f|fma|sse4_2' /proc/cpuinfo | sort -u` "
        "(a VM: set its CPU type to the host's, e.g. Proxmox 'host', QEMU -cpu host); then install a build made for "
        "this CPU (an older or no-AVX release, conda's build, or build from source without -march=native).",
        variants=(
            Variant(
                r"\b(?:pip3?|conda) install (?:-U )?torch\b|\bimport torch\b",
                "torch (a wheel for another CPU)",
                "pip's torch wheel uses CPU instructions this machine lacks, or is not the build for this board: on "
                "a Jetson (aarch64, JetPack) uninstall it and install NVIDIA's PyTorch wheel for the exact JetPack / "
                "L4T release (and `export OPENBLAS_CORETYPE=ARMV8` if `import numpy` also dies); on an x86 CPU "
                "without AVX2 (`grep -o -w avx2 /proc/cpuinfo`) use an older torch release or build torch from source "
                "for this CPU; under Rosetta use an arm64 Python.",
                product="torch",
            ),
            # issue 36, round thirty-one: TensorFlow itself imported, and the crash is in load_op_library, loading
            # another package's custom-op library (ScaNN, TF Addons / Text / IO, Recommenders-Addons)
            Variant(
                r"\bin load_op_library\b|\bload_op_library\(|\btf\.load_op_library\b",
                "a TensorFlow custom-op library (another package's .so, loaded by load_op_library)",
                "TensorFlow itself loaded: the crash is in load_op_library, while it loads another package's "
                "custom-op library (the frame under it names the package). That library "
                "was built for CPU instructions this processor lacks (prebuilt op libraries often need AVX2 and "
                "FMA: `grep -o -w -E 'avx|avx2|fma' /proc/cpuinfo | sort -u`) or for another TensorFlow / "
                "Python than the installed ones. Install that package's release built for the installed TensorFlow "
                "and Python (each release pins one TensorFlow), run it on a CPU (or VM CPU type) with those "
                "instructions, or build the package from source for this CPU; rebuilding TensorFlow does not help.",
                strict=True,
            ),
            Variant(
                r"TensorFlow library was compiled to use|\btensorflow\b",
                "TensorFlow",
                "TensorFlow's wheels are built with AVX (recent ones also need other extensions): on a CPU without "
                "them `import tensorflow` dies. Use a machine or VM CPU type that has AVX (`grep -o -w avx "
                "/proc/cpuinfo`), or build TensorFlow from source for this CPU (bazel without -mavx); on Apple "
                "Silicon use an arm64 Python (not an x86-64 one under Rosetta) with tensorflow 2.13 or later.",
                product="tensorflow",
            ),
            Variant(
                r"NumPy was built with baseline optimizations",
                "NumPy's baseline check",
                "This NumPy wheel needs CPU features (its baseline, named in the message) that the CPU lacks: in a "
                "VM set the CPU type to the host's; or install an older numpy whose baseline the CPU meets, or build "
                "numpy from source for this CPU (`pip install --no-binary numpy numpy`).",
            ),
            Variant(
                r"llama\.cpp|\bggml\b|llama-(?:cli|server)|\bollama\b|whisper\.cpp|llama[-_]cpp",
                "llama.cpp / ggml",
                "This llama.cpp / ggml build was compiled for another CPU (GGML_NATIVE, AVX2 / AVX-512 on): rebuild "
                "it on this machine (`cmake -B build -DGGML_NATIVE=ON` there) or for a baseline every target has "
                "(`-DGGML_NATIVE=OFF -DGGML_AVX2=OFF -DGGML_AVX512=OFF`), or use a release binary for that CPU; for "
                "llama-cpp-python install a wheel built for this CPU's instructions (a no-AVX / AVX-only build) or "
                'build it here (`CMAKE_ARGS="-DGGML_NATIVE=ON" pip install --no-binary llama-cpp-python '
                "llama-cpp-python`); in a VM give the guest the host's CPU type.",
            ),
        ),
        weight=60,
        applies="any program on x86-64 (Linux shells, zsh on macOS, Python's faulthandler, torchrun's summary)",
        shown_by=(_test("test_illegal_instruction_in_each_wording"),),
        example="2024-01-01 I tensorflow ...\nThe TensorFlow library was compiled to use AVX instructions, but these "
        "aren't available on your machine.\nAborted (core dumped)",
        example_source="tensorflow/core/platform/cpu_feature_guard.cc (CheckFeatureOrDie); numpy "
        "numpy/_core/src/common/npy_cpu_features.c (npy_cpu_baseline_fid check); glibc's strsignal (SIGILL); zsh's "
        "signal names ('illegal hardware instruction')",
    ),
    KnownError(
        "proc-heap-corruption",
        "glibc aborted on a corrupted heap (double free or corruption / free(): invalid pointer / malloc(): ...)",
        r"double free or corruption|\bfree\(\): (?:invalid (?:pointer|size|next size)|double free detected)"
        r"|munmap_chunk\(\): invalid pointer|malloc\(\): (?:corrupted top size|memory corruption|unaligned tcache"
        r"|unsorted double linked list corrupted|invalid size)|corrupted size vs\. prev_size"
        r"|malloc_consolidate\(\): invalid chunk size|corrupted double-linked list|\*\*\* stack smashing detected",
        "glibc's allocator found its heap damaged and aborted the process: memory was freed twice or written past "
        "its end by native code. In Python programs that is most often two builds of one native library in one "
        "process (a wheel that bundles its own libstdc++, protobuf, OpenCV or FFmpeg beside another copy), or a "
        "compiled extension built for another version of torch / numpy; less often a real bug in that library.",
        f"Find the library: {_CRASH_STACK}; `MALLOC_CHECK_=3` makes glibc stop at the first bad free. Then try "
        "another import order (torch before cv2 / tensorflow), reinstall the compiled extension for the installed "
        "torch / numpy (`pip install --no-binary <pkg> --force-reinstall <pkg>`), and keep one copy of each native "
        "library (opencv-python or opencv-python-headless, not both).",
        loose=True,
        alternatives=("native-crash",),
        weight=35,
        applies="Linux (glibc's malloc checks), any program that runs native code",
        shown_by=(_test("test_heap_corruption_aborts"),),
        example="free(): invalid pointer\nAborted (core dumped)",
        example_source="glibc malloc/malloc.c (malloc_printerr messages: 'double free or corruption (!prev)', "
        "'free(): invalid pointer', 'malloc(): unaligned tcache chunk detected', 'corrupted size vs. prev_size'); "
        "glibc debug/stack_chk_fail.c ('*** stack smashing detected ***')",
    ),
    KnownError(
        "proc-notebook-kernel-died",
        "A notebook's kernel died (Jupyter: 'The kernel appears to have died'; VS Code: 'The Kernel crashed')",
        r"kernel (?:for [^\n]{1,200} )?appears to have died|The Kernel crashed while executing code",
        "The Python process behind the notebook ended without an exception the notebook could show: most often the "
        "kernel's out-of-memory killer (host RAM: a model or a dataset loaded into memory), else a native crash (a "
        "segmentation fault in a compiled library, an instruction the CPU lacks).",
        "Run the cell's code as a script in a terminal, where the death is named: `python -X faulthandler "
        "script.py` ('Killed' means RAM: check `sudo dmesg | grep -i 'killed process'`; a segmentation fault or "
        "'Illegal instruction' names the crash); VS Code shows the kernel's last output in View > Output > "
        "Jupyter.",
        loose=True,
        alternatives=("py-process-killed", "native-crash", "proc-illegal-instruction"),
        weight=45,
        applies="Jupyter Notebook / JupyterLab, VS Code's Jupyter extension",
        shown_by=(_test("test_dead_kernels_pools_and_hangs"),),
        example="Kernel Restarting\nThe kernel appears to have died. It will restart automatically.",
        example_source="jupyter/notebook notebook/static/notebook/js/notebook.js ('The kernel appears to have died. "
        "It will restart automatically.'); microsoft/vscode-jupyter's localized message 'The Kernel crashed while "
        "executing code in the current cell or a previous cell.'",
    ),
    KnownError(
        "proc-worker-pool-died",
        "A worker process of a pool died (BrokenProcessPool; loky's TerminatedWorkerError)",
        r"process in the process pool was terminated abruptly|BrokenProcessPool"
        r"|worker process managed by the executor was unexpectedly terminated|TerminatedWorkerError",
        "A worker process ended without an exception (the pool reports only that it died): the OS killed it for "
        "memory (every worker holds its own copy of the data or model), or it crashed in native code.",
        "Run the function once in the main process to see the real error; watch memory (`sudo dmesg | grep -i "
        "'killed process'`); then use fewer workers (max_workers / n_jobs) or pass less data to each.",
        variants=(
            Variant(
                r"SIGKILL\(-9\)|\{-9\}|signal: Killed",
                "a worker killed for memory (SIGKILL)",
                "The kernel's OOM killer ended a worker (SIGKILL): use fewer workers (n_jobs / max_workers), pass "
                "each less data (memory-map large arrays: joblib's mmap_mode='r'), or add RAM / swap.",
            ),
            Variant(
                r"SIGSEGV\(-11\)|\{-11\}|SIGABRT\(-6\)|SIGBUS\(-7\)",
                "a worker that crashed (SIGSEGV / SIGABRT / SIGBUS)",
                f"A worker crashed in native code: run the function in the main process under {_CRASH_STACK}; a "
                "library that is not fork-safe (CUDA, OpenMP, a thread pool started before the fork) crashes in "
                "forked workers: start them with the 'spawn' / 'loky' method.",
            ),
        ),
        loose=True,
        alternatives=("py-process-killed", "native-crash"),
        weight=45,
        applies="Python's concurrent.futures.ProcessPoolExecutor, joblib / loky (scikit-learn's n_jobs)",
        shown_by=(_test("test_dead_kernels_pools_and_hangs"),),
        example="concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly "
        "while the future was running or pending.",
        example_source="CPython Lib/concurrent/futures/process.py; joblib externals/loky/process_executor.py "
        "(TerminatedWorkerError: 'A worker process managed by the executor was unexpectedly terminated')",
    ),
    KnownError(
        "proc-dataloader-timeout",
        "DataLoader timed out after N seconds (a worker hung)",
        r"DataLoader timed out after \d{1,9} seconds",
        "A DataLoader worker returned no batch within `timeout`: it hangs (a lock inherited through fork from a "
        "thread pool such as OpenCV's or a tokenizer's, CUDA used in a forked worker, a slow network file system) "
        "or is far slower than expected.",
        "Run with num_workers=0 to see whether loading itself hangs or errs; then call `cv2.setNumThreads(0)` and "
        "set TOKENIZERS_PARALLELISM=false before the DataLoader starts, keep CUDA out of Dataset.__getitem__, use "
        "`multiprocessing_context='spawn'`, and `py-spy dump --pid <worker pid>` shows where a worker waits.",
        weight=60,
        applies="torch.utils.data.DataLoader with timeout > 0",
        shown_by=(_test("test_dead_kernels_pools_and_hangs"),),
        example="RuntimeError: DataLoader timed out after 120 seconds",
        example_source="torch/utils/data/dataloader.py (_MultiProcessingDataLoaderIter._try_get_data: 'DataLoader "
        "timed out after {} seconds')",
    ),
    KnownError(
        "proc-hang-stack-dump",
        "A hang: faulthandler's or pytest-timeout's stack dump after a timeout",
        r"^Timeout \(\d{1,3}:\d{2}:\d{2}(?:\.\d{1,6})?\)!\s*$|^\+{5,80} Timeout \+{5,80}\s*$",
        "The process stopped making progress and a watchdog (faulthandler.dump_traceback_later, pytest-timeout) "
        "printed every thread's stack: the innermost frames of the main thread show what it waits on (a "
        "collective, a DataLoader queue, a lock taken at import, a first CUDA call compiling PTX for a new GPU).",
        "Read the innermost frames of the main thread: a torch.distributed call means a rank stopped joining "
        "(NCCL_DEBUG=INFO, TORCH_DISTRIBUTED_DEBUG=DETAIL); a DataLoader queue means a worker hung (num_workers=0 "
        "to test); an import or a lock means a deadlock (`py-spy dump --pid N` on the live process); a first CUDA "
        "call on a new GPU can take minutes while the driver compiles PTX (a larger CUDA_CACHE_MAXSIZE keeps the "
        "result).",
        loose=True,
        alternatives=("torch-nccl-timeout", "proc-dataloader-timeout"),
        weight=40,
        applies="CPython's faulthandler.dump_traceback_later (and pytest's faulthandler_timeout), pytest-timeout",
        shown_by=(_test("test_dead_kernels_pools_and_hangs"),),
        example='Timeout (0:10:00)!\nThread 0x00007f3a (most recent call first):\n  File "/x/threading.py", '
        "line 320 in wait",
        example_source="CPython Modules/faulthandler.c (faulthandler_thread: 'Timeout (%s)!'); pytest-timeout "
        "pytest_timeout.py ('+++++ Timeout +++++')",
    ),
    KnownError(
        "proc-safety-checker-black-image",
        "diffusers: Potential NSFW content was detected ... A black image will be returned instead",
        r"Potential NSFW content was detected in one or more images",
        "The pipeline's safety checker flagged the image and replaced it with a black one (its classifier also "
        "flags harmless images); the model itself worked.",
        "Try another prompt or seed; where the model's license allows, load the pipeline without the checker "
        "(`StableDiffusionPipeline.from_pretrained(..., safety_checker=None, requires_safety_checker=False)` or "
        "`pipe.safety_checker = None`). If every image is black for every prompt, the VAE overflowed in float16 "
        "instead (NaN): load it in float32 (`pipe.vae.to(torch.float32)`).",
        severity="warns-of-failure",
        weight=70,
        applies="diffusers' Stable Diffusion pipelines with a safety checker (and apps built on them)",
        shown_by=(_test("test_black_images_and_nan_words"),),
        example="Potential NSFW content was detected in one or more images. A black image will be returned instead. "
        "Try again with a different prompt and/or seed.",
        example_source="huggingface/diffusers src/diffusers/pipelines/stable_diffusion/safety_checker.py "
        "(StableDiffusionSafetyChecker.forward, logger.warning)",
    ),
    KnownError(
        "proc-device-cpu-reported",
        "A program reports it runs on the CPU (Using device: cpu / Device set to use cpu / torch-X+cpu CPU)",
        r"^[^\n]{0,80}\b(?:Using|Selected|Running on)(?: the)?(?: device)?:? {0,2}['\"]?cpu['\"]?\.?\s*$"
        r"|^\s{0,8}device\s{0,2}[:=]\s{0,2}['\"]?cpu['\"]?\s*$|Device set to use cpu\b"
        # a word between "Using" and "device" ("Using interrogator device: cpu"), a script's "Have CUDA:  False"
        # (issue 36, round sixty-two)
        r"|^[^\n]{0,80}\b(?:Using|Selected) [\w-]{1,30} device:? {0,2}['\"]?cpu['\"]?\.?\s*$"
        r"|^\s{0,8}(?:Have CUDA|CUDA available|Use CUDA)\s{0,2}[:=]\s{0,4}False\s*$"
        # a program that counts the GPUs it found ("Found 0 GPU(s). Start DDP + Compiling."; issue 36, round
        # sixty-three)
        r"|\b(?:Found|Detected|Using) 0 (?:GPU|CUDA device)(?:\(s\)|s)?\b"
        r"|Use pytorch device(?:_name)?: cpu\b|\btorch-\d{1,2}\.\d{1,3}\.\d{1,3}\+cpu CPU\b"
        # a program's start-up log naming the CPU build of torch (python-audio-separator's "PyTorch Version:
        # 2.4.1+cpu") or its CPU fallback ("No hardware acceleration could be configured, running in CPU mode", "No
        # CUDA device found, using CPU", "CUDA is not available, falling back to CPU"), often at INFO level
        r"|\b(?:PyTorch|torch)[ _]version\s{0,2}[:=]\s{0,2}\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\+cpu\b"
        # issue 36, round twenty-nine: torch.__version__ printed alone (a script's or the REPL's check: "2.0.1+cpu",
        # "'2.0.1+cpu'"), a line of its own; only torch's family of wheels carries the +cpu local version
        r"|^\s{0,8}(?:>>> ?)?['\"]?\d{1,2}\.\d{1,3}\.\d{1,3}\+cpu['\"]?\s*$"
        r"|No hardware acceleration could be configured|\brunning in CPU[ -]mode\b"
        r"|\b(?:No (?:CUDA|GPU|NVIDIA)[\w -]{0,30}|(?:CUDA|GPU)[\w -]{0,20}? not) (?:found|available|detected)"
        r"[,;.!]?\s{0,2}(?:-\s{0,2})?(?:using|fall(?:s|ing)? back to|defaulting to|switching to|will use|running on)"
        r" (?:the )?CPU\b",
        "The program chose the CPU because torch reports no usable GPU: a CPU-only build of torch (its version ends "
        "in +cpu), no NVIDIA driver or a driver older than torch's CUDA, CUDA_VISIBLE_DEVICES set empty, or the "
        "program's own device option set to cpu.",
        'Ask torch what it sees: `python -c "import torch; print(torch.__version__, torch.version.cuda, '
        'torch.cuda.is_available())"`: a +cpu version or None means the CPU build (install the CUDA build of '
        "torch for your driver); False with a CUDA version means the driver (`nvidia-smi`; after a suspend / resume "
        "the driver's UVM module is often left broken: `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`, or "
        "reboot) or CUDA_VISIBLE_DEVICES; True means the program's own device option (device=0 / --device cuda).",
        variants=(
            Variant(
                r"\+cpu\b",
                "a CPU-only build of torch (+cpu)",
                "torch here is the CPU-only build (its version ends in +cpu): uninstall it and install the CUDA "
                "build for your driver (`pip uninstall torch torchvision torchaudio`, then PyTorch's install "
                'command for CUDA, with --index-url of the cu12x index), and check with `python -c "import torch; '
                'print(torch.cuda.is_available())"`.',
            ),
        ),
        severity="warns-of-failure",
        loose=True,
        alternatives=("torch-cpu-build",),
        weight=25,
        applies="programs that print their chosen device (transformers' pipeline, sentence-transformers, "
        "Ultralytics / YOLOv5, scripts)",
        shown_by=(_test("test_programs_that_report_the_cpu"),),
        example="Device set to use cpu",
        example_source="huggingface/transformers src/transformers/pipelines/base.py (logger.info('Device set to "
        "use ...')); UKPLab/sentence-transformers SentenceTransformer.py ('Use pytorch device_name: ...'); "
        "ultralytics/utils/torch_utils.py select_device (banner 'torch-X CPU (...)')",
    ),
)
