"""The debugging tools' own reports (issue 36, round twenty-six, helper v26debug): compute-sanitizer's racecheck (a
shared-memory data race) and synccheck (a barrier or warp sync used wrongly; cuda-gdb stopped in a warp-sync
intrinsic), valgrind's reports inside NVIDIA's closed libraries (a notice), and an NVBit tool that fails or hangs as
the CUDA context is created. memcheck's access reports and cuda-gdb's address exceptions are `illegal-memory-access`
(table), a faulthandler dump and a gdb backtrace of a crash `native-crash` (generic), Nsight Compute's and Kineto's
CUPTI lines the profilers' rows; the tools' line levels are `severity`'s. Each pattern is the tool's own wording (the
Compute Sanitizer user guide and the NVIDIA/compute-sanitizer-samples reports, cuda-gdb's exception names, valgrind's
memcheck manual, NVBit's callback API); kernel names, masks and paths are read from the text, never written into a
pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round26_v26debug.py")

#: a kernel of a GPU library, named in a report's frame (its C++ namespace): the hazard is the library's, not the
#: program's
LIBRARY_KERNEL = (
    r"\b(?:cub|CUB_\d{1,9}_\w{1,20}_NS|thrust|cutlass|cute|Kokkos|flash|cudnn\w{0,20}|cublas\w{0,20}|raft|cuml|cugraph"
    r"|cuvs|magma\w{0,10}|ginkgo|gko|hypre\w{0,10}|amgx|nvte|transformer_engine|deep_gemm|flashinfer|triton)::"
)
#: an asynchronous pipeline of Hopper and Blackwell (TMA copies, mbarriers, warpgroup MMA, warp-specialized kernels),
#: whose barriers the sanitizer's older releases do not model
_ASYNC_PIPELINE = (
    r"Missing (?:wait|init)\b|\bmbarrier\b|\bTma\w{0,40}|\bTMA\b|WarpSpecialized|\bwgmma\b|\btcgen05\b"
    r"|\bSm(?:90|100|120)\w{0,40}|\bsm_?(?:90|100|120)a?\b"
)
#: the fix when the hazard is in a library's own kernel
_LIBRARY_FIX = (
    "The report points into a GPU library's own kernel (its namespace is in the frames), not into the program's "
    "code: update that library to a release that fixes it (search its issue tracker for the kernel's name and "
    "'compute-sanitizer'), and report it there with the sanitizer's output, the GPU and the versions if the newest "
    "release still shows it. For an asynchronous pipeline (TMA, mbarriers, warp-specialized Hopper / Blackwell "
    "kernels) first rerun with the newest compute-sanitizer: older releases misreport those barriers. Until then "
    "exclude that kernel from the check (`--kernel-name-exclude kns=<kernel>`), or for racecheck report errors only "
    "(`--racecheck-detect-level error`)."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "sanitizer-barrier-misuse",
        "A barrier or warp sync used wrongly (compute-sanitizer synccheck: Barrier error detected; a warp stopped in "
        "__syncwarp / __syncthreads)",
        r"Barrier error detected\."
        # cuda-gdb stopped a warp inside a warp-synchronous intrinsic of independent thread scheduling (sm_70 and
        # later): the threads its mask names did not all arrive
        r"|^\s{0,4}#0\s{1,4}(?:0x[0-9a-f]{1,16} in )?__cuda_sm\d{2,3}_(?:warpsync|barrier_sync|bar_sync|shflsync"
        r"|votesync|matchsync)\w{0,30} \(",
        "A __syncthreads() (bar.sync) that only part of the block reaches (inside a branch some threads skip or "
        "return before), a __syncwarp(mask) or *_sync(mask) intrinsic whose mask names threads that do not execute "
        "that same call (from Volta on each thread of a warp runs on its own, so every thread named must arrive), or "
        "an asynchronous barrier (mbarrier) whose wait or initialisation is missing. The result is undefined: a hang, "
        "an illegal instruction, or wrong results now and then.",
        "Make every thread the barrier names reach it: move __syncthreads() out of branches that depend on the "
        "thread, compute a __syncwarp / shuffle mask over the threads that really arrive (`__ballot_sync(full, "
        "cond)` or `__activemask()`), and pair every mbarrier arrive with its wait; then rebuild with -lineinfo and "
        "rerun `compute-sanitizer --tool synccheck --show-backtrace yes ./app` until its ERROR SUMMARY is 0.",
        variants=(
            Variant(LIBRARY_KERNEL, "in a GPU library's kernel", _LIBRARY_FIX),
            Variant(
                _ASYNC_PIPELINE,
                "an asynchronous (TMA / mbarrier) pipeline",
                "synccheck names an asynchronous barrier of a TMA / warp-specialized pipeline ('Missing wait': a "
                "stage read before its mbarrier wait; 'Missing init': a barrier used before mbarrier.init and a "
                "fence). Confirm it with the newest compute-sanitizer (older releases misreport these barriers); if "
                "it stays, wait on the stage's full barrier before reading it and arrive on its empty barrier only "
                "after the last read, with the barriers initialised and fenced before the first TMA.",
            ),
        ),
        weight=74,
        applies="CUDA kernels on Volta and later (independent thread scheduling), compute-sanitizer --tool synccheck, "
        "cuda-gdb",
        shown_by=(_test("test_synccheck_and_a_warp_stopped_in_a_sync"),),
        example="========= Barrier error detected. Divergent thread(s) in warp\n=========     at 0x1a0 in "
        "myKernel(int *)\n=========     by thread (16,0,0) in block (0,0,0)",
        example_source="compute-sanitizer's synccheck (NVIDIA/compute-sanitizer-samples Synccheck/illegal_syncwarp.cu)",
    ),
    KnownError(
        "sanitizer-shared-memory-race",
        "A shared-memory data race between threads (compute-sanitizer racecheck: Race reported between Read / Write "
        "access)",
        r"\bRace reported between (?:Read|Write|Atomic)\w{0,12} access"
        r"|\bRACECHECK SUMMARY: [1-9]\d{0,11} hazards? displayed",
        "racecheck saw threads of one block touch the same __shared__ address, at least one of them writing, with no "
        "barrier between the accesses: a missing __syncthreads() between a write and the reads of other warps, or "
        "a missing __syncwarp() where threads of one warp exchange values through shared memory (warp-synchronous "
        "code written for the lockstep warps before Volta). An Error hazard can change the result from run to run; a "
        "Warning is one racecheck ranks lower (threads of one warp, or the same value written), still undefined on "
        "Volta and later.",
        "Open the two places the report names (rebuild with -lineinfo so it shows source lines): put __syncthreads() "
        "between the write and the read when the threads are in different warps, __syncwarp() (or __shfl_sync "
        "instead of shared memory) when they are in one warp, and a barrier before a buffer is reused; rerun "
        "`compute-sanitizer --tool racecheck ./app` until its RACECHECK SUMMARY shows 0 hazards "
        "(NV_COMPUTE_SANITIZER_MAX_RACECHECK_HAZARDS raises how many it lists).",
        variants=(
            Variant(LIBRARY_KERNEL, "in a GPU library's kernel", _LIBRARY_FIX),
            Variant(
                _ASYNC_PIPELINE,
                "an asynchronous (TMA / mbarrier) pipeline",
                "The race is in an asynchronous pipeline (TMA copies and mbarriers of a warp-specialized kernel): "
                "confirm it with the newest compute-sanitizer (older releases do not model these barriers, "
                "--racecheck-memcpy-async covers the copies), then check that each consumer waits on the stage's "
                "full barrier before reading and the producer refills a stage only after its empty barrier.",
            ),
        ),
        weight=70,
        applies="CUDA kernels that use __shared__ memory, compute-sanitizer --tool racecheck (cuda-memcheck "
        "--tool racecheck before CUDA 11.6)",
        shown_by=(_test("test_racecheck_hazards"),),
        example="========= Error: Race reported between Write access at 0x50 in kernel(float *)\n=========     and "
        "Read access at 0x90 in kernel(float *) [32 hazards]\n========= RACECHECK SUMMARY: 1 hazard displayed (1 "
        "error, 0 warnings)",
        example_source="compute-sanitizer's racecheck (NVIDIA/compute-sanitizer-samples Racecheck/block_error.cu)",
    ),
    KnownError(
        "sanitizer-uninitialized-read",
        "A kernel read device memory that nothing wrote (compute-sanitizer initcheck: Uninitialized __global__ memory "
        "read)",
        r"\bUninitialized __(?:global|shared|local)__ memory read of size \d",
        "initcheck saw a kernel read global memory that was allocated (cudaMalloc, a framework's empty tensor) but "
        "never written by a copy, a memset or another kernel: a buffer copied only in part (a size in elements where "
        "bytes were meant, a last partial tile), an output read before the kernel that fills it ran on another "
        "stream, or padding that a vectorised load reads along with the data. The values read are garbage, so "
        "results can differ from run to run.",
        "Write the memory before the kernel reads it: copy the whole range (cudaMemcpy's size is in bytes: count * "
        "sizeof(T)), cudaMemset / torch.zeros instead of an empty allocation where the kernel reads what it does "
        "not fill, order the producer's stream before the consumer's (an event or one stream); where padding is read "
        "on purpose, zero it once. Rebuild with -lineinfo so initcheck names the source line.",
        weight=65,
        applies="compute-sanitizer --tool initcheck (CUDA 11.6 and later; cuda-memcheck before)",
        shown_by=(_test("test_initcheck_and_valgrind_reports_in_the_programs_own_code"),),
        example="========= Uninitialized __global__ memory read of size 4 bytes\n=========     at relax(float *)+0x2d0",
        example_source="compute-sanitizer's initcheck (NVIDIA/compute-sanitizer-samples Initcheck/memset_error.cu)",
    ),
    KnownError(
        "valgrind-memory-error",
        "valgrind memcheck: an invalid read or write, or a use of uninitialised memory (Invalid read of size N, "
        "Conditional jump or move depends on uninitialised value(s))",
        r"==\d{1,9}== (?:Invalid (?:read|write) of size \d|Invalid (?:free|delete)\b|Mismatched free"
        r"|Conditional jump or move depends on uninitialised value|Use of uninitialised value of size"
        r"|Syscall param [^\n]{1,80} (?:points to )?uninitialised)",
        "valgrind's memcheck saw the program read or write outside a heap block (one past an array's end, memory "
        "already freed) or branch on a value nothing initialised. The program may run on and even give the right "
        "results, but the access is undefined behaviour that can crash or corrupt data elsewhere later.",
        "Read the report's first frame ('at 0x...: function (file.c:N)'): that line made the access, and the "
        "'Address ... is N bytes after a block of size M' line says which allocation it missed; build with -g "
        "-O0 for exact lines and add --track-origins=yes for the source of an uninitialised value. Reports whose "
        "frames are only inside NVIDIA's libraries are no bug of the program.",
        weight=45,
        applies="valgrind (memcheck) on native programs and Python extensions",
        shown_by=(_test("test_initcheck_and_valgrind_reports_in_the_programs_own_code"),),
        example="==9911== Invalid write of size 4\n==9911==    at 0x10915E: fill (main.c:8)",
        example_source="valgrind's memcheck manual (its error messages)",
    ),
    KnownError(
        "valgrind-in-nvidia-library",
        "valgrind reports inside NVIDIA's closed libraries (libcuda, libnvvm, libcudnn, libcublas): expected, not a "
        "bug of the program",
        r"==\d{1,9}==\s{1,8}at 0x[0-9A-Fa-f]{1,16}: [^\n]{0,300}?\((?:in )?[^\n()]{0,300}?/lib(?:cuda|nvvm"
        r"|nvidia-[\w-]{1,30}|cudnn\w{0,30}|cublas\w{0,10}|cufft\w{0,10}|cusparse|curand|cusolver\w{0,10}"
        r"|nvrtc\w{0,20}|nvJitLink|nvinfer\w{0,20}|cudart|nccl|cupti)\.so",
        "valgrind does not know how NVIDIA's driver and libraries manage memory (memory mapped from the GPU, "
        "ioctls, code they generate at run time), so it reports uninitialised values and invalid reads inside them "
        "that are no errors of the program; a report whose first frame is the program's own code is another matter.",
        "Nothing to fix in the program for these reports: suppress them (run once with `valgrind "
        "--gen-suppressions=all`, keep the blocks whose frames are obj:*libnvvm.so* / obj:*libcuda.so*, and pass "
        "the file with --suppressions=FILE), read only the reports whose first frame is your code, and check GPU "
        "memory with compute-sanitizer rather than valgrind. A run that also died of a signal has its own error "
        "line: explain that one.",
        severity="notice",
        weight=40,
        applies="valgrind (memcheck) on programs that load the CUDA driver or NVIDIA's libraries (numba, CuPy, "
        "torch, TensorRT)",
        shown_by=(_test("test_valgrind_inside_nvidias_libraries_is_a_notice"),),
        example="==4242== Conditional jump or move depends on uninitialised value(s)\n==4242==    at 0x5A1B2C3D: ??? "
        "(in /usr/local/cuda/nvvm/lib64/libnvvm.so.4.0.0)",
        example_source="valgrind's memcheck report format (its manual, 'Conditional jump or move depends on "
        "uninitialised value(s)'; 'at 0x...: ??? (in <object>)')",
    ),
    KnownError(
        "nvbit-tool-cuda-mismatch",
        "An NVBit tool fails or hangs as the CUDA context is created (NVBit, its tool's CUDA and the driver do not "
        "fit)",
        r"\bnvbit_at_context_init_hook\b|\bNvbit::create_ctx\b|\bnvbitToolsCallbackFunc\b"
        r"|NVBit \(NVidia Binary Instrumentation Tool"
        # the tools NVBit ships (tools/<name>/<name>.so, loaded with LD_PRELOAD), in a backtrace's frames
        r"|\bfrom [^\s\n]{0,200}?\b(?:instr_count|instr_count_bb|opcode_hist|mem_trace|mov_replace|record_reg_vals"
        r"|mem_printf2?)\.so\b",
        "NVBit instruments the program from inside the driver's context creation: the tool (a .so loaded with "
        "LD_PRELOAD) carries its own CUDA runtime, built by the nvcc it was compiled with, and each NVBit release "
        "supports a range of drivers. A driver older than the CUDA the tool was built with makes the tool's first "
        "CUDA call fail in its context hook (its assert on cudaGetLastError() == cudaSuccess aborts); a driver newer "
        "than the NVBit release supports can deadlock inside libcuda instead.",
        "Check the three versions: the driver's highest CUDA (`nvidia-smi`), the nvcc that built the tool and the "
        "application (`nvcc --version`), and the drivers and CUDA releases the NVBit release's README lists. Build "
        "the tool and the application with a CUDA the driver supports (or update the driver), and use the NVBit "
        "release that supports this driver.",
        variants=(
            Variant(
                r"__futex_\w{0,30}wait|futex_wait|pthread_rwlock_\w{0,20}lock|__lll_lock_wait|pthread_mutex_lock"
                r"|pthread_cond_\w{0,10}wait",
                "a hang inside libcuda",
                "The program hangs inside libcuda under the tool (its threads wait on a lock the driver holds): the "
                "NVBit release does not support this driver. Use the newest NVBit release whose README lists this "
                "driver and CUDA (nvidia-smi's 'CUDA Version'), rebuild the tool with it, or run on a driver the "
                "NVBit release supports.",
            ),
            Variant(
                r"Assertion [`'‘]?cudaGetLastError\(\) ?== ?cudaSuccess|\bAborted\b|\bSIGABRT\b|\babort\b",
                "the tool's CUDA call failed in its context hook",
                "The tool's own CUDA runtime failed at its first call, inside NVBit's context hook: the driver is "
                "older than the CUDA the tool (and the application) were built with. Update the driver to one that "
                "supports that CUDA (`nvidia-smi` shows the highest it supports), or rebuild NVBit's tool and the "
                "application with an older CUDA toolkit that this driver supports.",
            ),
        ),
        loose=True,
        alternatives=("cuda-driver-insufficient",),
        weight=78,
        applies="NVBit (NVlabs' binary instrumentation) tools on Linux",
        shown_by=(_test("test_nvbit_tool_and_driver"),),
        example="#4  0x00007ffff7ada768 in nvbit_at_context_init_hook () from ./tools/opcode_hist/opcode_hist.so",
        example_source="NVBit's tool callback API (nvbit_at_context_init_hook, nvbit_tool.h) and its tools folder",
    ),
)
