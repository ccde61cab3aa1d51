"""`explain`, round twenty-six (issue 36): the output of debugging and profiling tools. compute-sanitizer's and
cuda-memcheck's reports have levels of their own (a racecheck warning is a warning, a memcheck access an error, a
clean summary information), cuda-gdb's and gdb's stops are errors, valgrind's reports warnings, Nsight Compute's
"==ERROR==" an error; memcheck's accesses and cuda-gdb's address exceptions are illegal memory accesses whose fix reads
the report, racecheck and synccheck have rows of their own, a pasted backtrace or faulthandler dump is read instead of
asked for, Kineto's and Nsight Compute's CUPTI lines are CUPTI that did not attach, an NCCL kernel left running is a
collective a rank never joined, NCCL's INFO lines of a hang point at P2P, and a miss under a tool names that tool's
next step. Near misses (a clean summary, a warning-level hazard, a report in the program's own code, a status shown)
keep their other answers."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

_BANNER = "========= COMPUTE-SANITIZER\n"


def test_the_tools_lines_have_levels() -> None:
    report = (
        _BANNER + "========= Invalid __global__ write of size 4 bytes\n"
        "=========     at scale_rows(float *, int)+0x90\n"
        "=========     by thread (31,0,0) in block (12,0,0)\n"
        "========= ERROR SUMMARY: 1 error\n"
    )
    lv = levels(report)
    assert lv.errors == 2 and lv.first_error.startswith("========= Invalid __global__ write")
    assert lv.at(report.index("by thread")) is None  # a continuation line: part of the report above it
    clean = _BANNER + "done\n========= ERROR SUMMARY: 0 errors\n"
    assert levels(clean).errors == 0 and levels(clean).warnings_only
    race = _BANNER + "========= Warning: Race reported between Write access at 0x40 in sum(int *)\n"
    race += "========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)\n"
    assert levels(race).errors == 0 and levels(race).warnings == 2
    assert levels(race.replace("Warning:", "Error:").replace("(0 errors, 1 warning)", "(1 error, 0 warnings)")).errors
    # cuda-gdb's exception and gdb's fatal signal are errors
    stop = "CUDA Exception: Warp Illegal Address\n\nThread 1 received signal CUDA_EXCEPTION_14, Warp Illegal Address."
    assert levels(stop).errors == 2
    assert levels('Thread 1 "app" received signal SIGSEGV, Segmentation fault.\n0x0 in ?? ()').errors == 1
    # valgrind: its report a warning, its banner information, a death by signal an error
    vg = "==77== Memcheck, a memory error detector\n==77== Invalid read of size 4\n==77==    at 0x4005: f (a.c:3)\n"
    assert levels(vg).warnings == 1 and levels(vg).infos == 1 and not levels(vg).errors
    assert levels(vg + "==77== Process terminating with default action of signal 11 (SIGSEGV)\n").errors == 1
    # Nsight Compute's own marks; torch's C++ logger's W lines (its I lines keep no level)
    ncu = "==PROF== Connected to process 41\n==WARNING== No kernels were profiled.\n"
    assert (
        levels(ncu).warnings == 1 and levels(ncu).infos == 1 and levels("==ERROR== Unknown Error on device 0.").errors
    )
    assert levels("[W profiler_kineto.cpp:12] Warning: something").warnings == 1
    assert levels("[I1107 01:20:27.770733060 TCPStore.cpp:119] [c10d] note").infos == 0


def test_memcheck_and_cuda_gdb_accesses_are_illegal_memory_accesses() -> None:
    oob = (
        _BANNER
        + "========= Invalid __global__ read of size 4 bytes\n=========     at gather(const float *, float *, int)"
        "+0x1c0\n=========     by thread (100,0,0) in block (77,0,0)\n=========     Address 0x7f00001000 is out of "
        "bounds\n=========     and is 12 bytes after the nearest allocation at 0x7f00000000 of size 4096 bytes\n"
    )
    key, fix = first(oob)
    assert key == "illegal-memory-access" and "-lineinfo" in fix and "if (i <" in fix
    # misaligned: the access's alignment, in the program's or a library's buffer
    mis = oob.replace("is out of bounds", "is misaligned").replace("read of size 4", "read of size 16")
    key, fix = first(mis)
    assert key == "illegal-memory-access" and "__align__(16)" in fix
    # in a library's kernel: what the program passes it, then the library
    lib = oob.replace("at gather(const float *, float *, int)", "at void thrust::cuda_cub::core::_kernel_agent<int>")
    key, fix = first(lib)
    assert key == "illegal-memory-access" and "leading dimensions" in fix
    # one thread never makes an access wider than 16 bytes: the tool's sizing of a warpgroup / bulk operand
    wide = _BANNER + "========= Invalid __shared__ ? of size 1024 bytes\n=========     at 0x400 in gemm_tile_kernel\n"
    wide += "=========     Address 0x2c000 is out of bounds\n"
    key, fix = first(wide)
    assert key == "illegal-memory-access" and "--kernel-name-exclude" in fix and "false positive" in fix
    # cuda-gdb stopped at the thread that made it
    gdb = (
        "CUDA Exception: Warp Out-of-range Address\n\nThread 1 received signal CUDA_EXCEPTION_5, Warp Out-of-range "
        "Address.\n[Switching focus to CUDA kernel 0, grid 3, block (2,0,0), thread (5,1,0), device 0, sm 1, warp 0, "
        "lane 5]\n0x0000000000a1b2c0 in stencil_kernel<<<(64,64,1),(16,16,1)>>> ()"
    )
    key, fix = first(gdb)
    assert key == "illegal-memory-access" and "info locals" in fix
    # near misses: a clean memcheck run, and cuda-gdb's illegal instruction (no address exception)
    assert "illegal-memory-access" not in keys(_BANNER + "ok\n========= ERROR SUMMARY: 0 errors\n")
    ill = gdb.replace("Warp Out-of-range Address", "Warp Illegal Instruction").replace("_5,", "_4,")
    assert "illegal-memory-access" not in keys(ill)
    # a GPU warp's illegal instruction is no CPU's SIGILL; its misaligned access is the pointer's alignment
    key, fix = first(ill)
    assert key == "torch-gpu-fault" and "synccheck" in fix
    mis = gdb.replace("Warp Out-of-range Address", "Warp Misaligned Address").replace("_5,", "_6,")
    key, fix = first(mis)
    assert key in ("torch-gpu-fault", "illegal-memory-access") and "__align__(16)" in fix and "p <pointer>" in fix


def test_racecheck_hazards() -> None:
    app = (
        _BANNER + "========= Warning: Race reported between Write access at histogram(int *, int)+0x2a0\n"
        "=========     and Read access at histogram(int *, int)+0x310 [640 hazards]\n=========\n"
        "========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)\n"
    )
    found = explain(app)
    # only warnings: nothing failed, and the race is named with its fix
    assert found.outcome == "warnings-only" and found[0].key == "sanitizer-shared-memory-race"
    assert "__syncthreads()" in found[0].fix and "__syncwarp()" in found[0].fix
    err = app.replace("Warning: Race", "Error: Race").replace("(0 errors, 1 warning)", "(1 error, 0 warnings)")
    found = explain(err)
    assert found.outcome == "explained" and found[0].key == "sanitizer-shared-memory-race"
    # inside a library's kernel: update the library, or report errors only meanwhile
    lib = app.replace("histogram(int *, int)", "void cub::DeviceRadixSortOnesweepKernel<int>(int *)")
    key, fix = first(lib)
    assert key == "sanitizer-shared-memory-race" and "--racecheck-detect-level error" in fix
    # pasted without the tool's prefix, at error level
    assert first("Error: Race reported between Read access at 0x90 in reduce(float *)")[0] == (
        "sanitizer-shared-memory-race"
    )
    # near miss: a racecheck run without a hazard
    clean = _BANNER + "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n"
    assert "sanitizer-shared-memory-race" not in keys(clean) and explain(clean).outcome == "warnings-only"


def test_synccheck_and_a_warp_stopped_in_a_sync() -> None:
    sync = (
        _BANNER + "========= Barrier error detected. Divergent thread(s) in block\n=========     at tile_sum(float *)"
        "+0x1f0\n=========     by thread (40,0,0) in block (3,0,0)\n========= ERROR SUMMARY: 1 error\n"
    )
    key, fix = first(sync)
    assert key == "sanitizer-barrier-misuse" and "__ballot_sync" in fix
    # an asynchronous pipeline's barrier: confirm with the newest sanitizer first
    tma = sync.replace("Divergent thread(s) in block", "Missing wait.").replace("tile_sum", "consumer_stage")
    assert "newest compute-sanitizer" in first(tma)[1]
    # cuda-gdb stopped a warp inside __syncwarp, in a library's reduction
    where = (
        "(cuda-gdb) bt\n#0  0x0000000004a1b2c0 in __cuda_sm70_warpsync ()\n#1  0x0000000004a0f180 in __syncwarp "
        "(mask=15)\n#2  0x0000000002f7d810 in cub::WarpReduceShfl<float, 4>::Reduce ()"
    )
    key, fix = first(where)
    assert key == "sanitizer-barrier-misuse" and "update that library" in fix
    # near miss: the warp stopped in the kernel's own code, the sync only further up the stack
    later = "(cuda-gdb) bt\n#0  0x0000000004a1b2c0 in my_kernel ()\n#1  0x0000000004a0f180 in __cuda_sm70_warpsync ()"
    assert "sanitizer-barrier-misuse" not in keys(later)


def test_valgrind_inside_nvidias_libraries_is_a_notice() -> None:
    vg = (
        "==5120== Use of uninitialised value of size 8\n==5120==    at 0x6B1C2D3E: ??? (in /usr/lib/x86_64-linux-gnu/"
        "libcuda.so.535.104.05)\n==5120==    by 0x6B0A1B2C: ??? (in /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05)\n"
        "==5120== \n"
    )
    found = explain(vg)
    assert found.outcome == "warnings-only" and found[0].key == "valgrind-in-nvidia-library"
    assert "--gen-suppressions=all" in found[0].fix
    # near misses: a report whose first frame is the program's own code, and a run valgrind saw die
    own = vg.replace(
        "??? (in /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05)\n==5120==    by", "load (io.c:41)\n==5120==    by", 1
    )
    assert "valgrind-in-nvidia-library" not in keys(own) and explain(own).outcome == "warnings-only"
    died = vg + "==5120== Process terminating with default action of signal 11 (SIGSEGV)\n"
    assert explain(died).outcome != "warnings-only"


def test_nvbit_tool_and_driver() -> None:
    abort = (
        "opcode_hist.cu:88: void nvbit_at_context_init_hook(): Assertion `cudaGetLastError() == cudaSuccess' "
        "failed.\nAborted (core dumped)"
    )
    # the tool's own check in NVBit's context hook: the driver is older than the tool's CUDA
    found = explain(abort)
    assert [e.key for e in found][:2] == ["cuda-driver-insufficient", "nvbit-tool-cuda-mismatch"]
    assert "NVBit" in found[0].fix and "older than the CUDA" in found[0].fix
    # the same tool dying elsewhere in its hook: NVBit's row, the driver named beside it
    other = "#4  0x00007ffff7ada768 in nvbit_at_context_init_hook () from ./tools/opcode_hist/opcode_hist.so\nAborted"
    found = explain(other)
    assert found[0].key == "nvbit-tool-cuda-mismatch" and "cuda-driver-insufficient" in found[0].alternatives
    hang = (
        "#0  futex_wait (private=0, expected=2, futex_word=0x5555)\n#1  __GI___lll_lock_wait (futex=0x5555)\n"
        "#2  0x00007ffff6097687 in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1\n#3  0x00007ffff7ed6a4c in "
        "__cudart512 () from /opt/nvbit/tools/mem_trace/mem_trace.so"
    )
    key, fix = first(hang)
    assert key == "nvbit-tool-cuda-mismatch" and "does not support this driver" in fix
    # near miss: a hang inside libcuda under no instrumentation tool
    plain = hang.replace("/opt/nvbit/tools/mem_trace/mem_trace.so", "/opt/app/libsolver.so")
    assert "nvbit-tool-cuda-mismatch" not in keys(plain)


def test_nccl_info_lines_of_a_hang() -> None:
    lines = (
        "h1:900:900 [0] NCCL INFO Bootstrap : Using eth0:10.1.2.3<0>\n"
        "h1:900:900 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open "
        "shared object file: No such file or directory\n"
        "h1:901:930 [1] NCCL INFO Using network Socket\n"
    )
    found = explain("training is stuck after this on 4 GPUs\n" + lines)
    assert found.outcome == "explained" and found[0].key == "nccl-hang-after-init"
    assert "NCCL_P2P_DISABLE=1" in found[0].fix and "cuda-peer-access" in found[0].alternatives
    # without a hang: only information, and the plugin lookup is named as such (no library to install)
    found = explain(lines)
    assert found.outcome == "warnings-only" and found[0].key == "nccl-net-plugin-absent"
    # near miss: a WARN line names the failure itself
    warned = lines + "h1:901:930 [1] NCCL WARN Call to connect returned Connection refused\nthe job hangs"
    assert "nccl-hang-after-init" not in keys(warned)
    # a socket of no usable address family in a container: host networking, not shared memory
    sock = (
        "NCCL failure common.cu:900 'unhandled system error'\nab12:7:7 [0] include/socket.h:300 WARN Socket "
        "creation failed : Address family not supported by protocol"
    )
    key, fix = first(sock)
    assert key == "nccl-no-network-interface" and "--net=host" in fix and "NCCL_SOCKET_FAMILY" in fix


def test_profiler_lines_that_mean_cupti_did_not_attach() -> None:
    kineto = (
        "STAGE:2024-05-02 10:00:01 77:77 ActivityProfilerController.cpp:314] Completed Stage: Collection\n"
        "[W collection.cpp:700] Warning: Failed to recover relationship between all profiler and kineto events: 42 "
        "vs. 0  reassociated. (function reassociate)\n"
    )
    found = explain(kineto)
    assert found.outcome == "explained" and found[0].key == "profiler-cupti-unavailable"
    assert found[0].severity == "warning" and "KINETO_LOG_LEVEL" in found[0].fix
    # near miss: some GPU events were recovered
    assert "profiler-cupti-unavailable" not in keys(kineto.replace("vs. 0 ", "vs. 40 "))
    ncu = "==PROF== Connected to process 12\n==ERROR== Cuda driver is not compatible with Nsight Compute.\n"
    key, fix = first(ncu)
    assert key == "profiler-cupti-unavailable" and "ncu --version" in fix
    # ncu that profiled nothing: a warning that means the profile is empty (its filters, or no GPU work)
    found = explain(
        "==PROF== Connected to process 7\n==PROF== Disconnected from process 7\n==WARNING== No kernels were profiled.\n"
    )
    assert found.outcome == "explained" and found[0].key == "profiler-ncu-no-kernels" and "-k regex:" in found[0].fix
    # TensorFlow's subscribe line cut before its status: the counters' permission, its common status
    cut = (
        "2021-03-01 10:00:00.000000: E tensorflow/core/profiler/internal/gpu/cupti_tracer.cc:1430] function "
        "cupti_interface_->Subscribe( &subscr"
    )
    key, fix = first(cut)
    assert key == "profiler-counters-permission" and "NVreg_RestrictProfilingToAdminUsers=0" in fix
    # near miss: the status shown decides (CUPTI not loaded is no permission problem)
    shown = cut.replace("&subscr", "&subscriber_, cb, this)failed with error CUPTI could not be loaded or symbol")
    assert "profiler-counters-permission" not in keys(shown)


def test_a_pasted_stack_is_read_not_asked_for() -> None:
    init = (
        'Thread 1 "python" received signal SIGSEGV, Segmentation fault.\n0x00007f0000001234 in ?? ()\n(gdb) bt\n'
        "#0  0x00007f0000001234 in ?? ()\n#1  0x00007f00aa0010aa in at::cuda::detail::CUDAHooks::initCUDA() const () "
        "from /env/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so\n#2  0x00007f00bb0020bb in "
        "THCPModule_initExtension(_object*, _object*) () from /env/lib/python3.10/site-packages/torch/lib/"
        "libtorch_python.so"
    )
    key, fix = first(init)
    assert key == "native-crash" and "torch.cuda.init()" in fix
    other = (
        "Program received signal SIGSEGV, Segmentation fault.\n#0  0x00007f1111111111 in ?? ()\n#1  "
        "0x00007f2222222222 in png_read_row () from /usr/lib/libpng16.so.16"
    )
    key, fix = first(other)
    assert key == "native-crash" and "info sharedlibrary" in fix
    dump = (
        'Current thread 0x00007f33 (most recent call first):\n  File "/srv/train/sync.py", line 40 in all_reduce_params'
        '\n  File "/srv/train/loop.py", line 12 in step\n\nExtension modules: numpy.core._multiarray_umath, '
        "torch._C (total: 2)\n"
    )
    key, fix = first(dump)
    assert key == "native-crash" and "Fatal Python error" in fix
    # the text says the GPU ran out of memory: the out-of-memory, read in the dump's collective
    key, fix = first("job died with a CUDA OOM on rank 3\n" + dump.replace("all_reduce_params", "sync_params"))
    assert key == "gpu-out-of-memory" and "empty_cache() before the sync" in fix
    # a crash dump whose text names an OOM no family reads: the crash's own OOM fix
    key, fix = first("ran OOM at step 9\n" + dump)
    assert key == "native-crash" and "expandable_segments" in fix
    # near miss: the module list of a normal log line is no fatal error
    assert "native-crash" not in keys("loaded. Extension modules: numpy, torch")


def test_an_nccl_kernel_left_running_is_a_collective_a_rank_never_joined() -> None:
    listing = (
        "(cuda-gdb) info cuda kernels\n  Kernel Parent Dev Grid Status   SMs Mask GridDim BlockDim Invocation\n"
        "*      0      -   1 7301 Active 0x00000003 (2,1,1) (256,1,1) ncclDevKernel_AllReduce_Sum_f32_RING_LL()"
    )
    key, fix = first(listing)
    assert key == "torch-nccl-timeout" and "TORCH_DISTRIBUTED_DEBUG=DETAIL" in fix and "same collectives" in fix
    # near miss: the program's own kernel still running
    own = listing.replace("ncclDevKernel_AllReduce_Sum_f32_RING_LL", "relax_kernel")
    assert "torch-nccl-timeout" not in keys(own)


def test_misses_under_a_tool_name_its_next_step() -> None:
    nsys = (
        "nsys profile -t cuda,nvtx,osrt --cudabacktrace=all -o out python train.py\n"
        "E0101 10:00:00.000000 1 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1)"
    )
    found = explain(nsys)
    assert found.outcome == "unexplained" and "without nsys" in (found.command or "")
    gdb = "(cuda-gdb) run\nStarting program: /srv/app\n[Switching focus to CUDA kernel 0, grid 1, block (0,0,0)]"
    found = explain(gdb + "\nwarp 3 never returns")
    assert found.first_answer == "miss" and "info cuda kernels" in (found.command or "")
    odd = _BANNER + "========= Host API memory access error at host access to 0x7f00 of size 8 bytes\n"
    found = explain(odd)
    assert found.first_answer == "miss" and "--show-backtrace yes" in (found.command or "")


def test_initcheck_and_valgrind_reports_in_the_programs_own_code() -> None:
    init = (
        _BANNER + "========= Uninitialized __global__ memory read of size 8 bytes\n=========     at blur(double *, int)"
        "+0x110\n=========     by thread (0,2,0) in block (4,0,0)\n========= ERROR SUMMARY: 1 error\n"
    )
    key, fix = first(init)
    assert key == "sanitizer-uninitialized-read" and "sizeof(T)" in fix
    # a leak alone: memcheck counts it as an error, yet the program ran to its end
    leak = (
        _BANNER + "========= Leaked 2048 bytes at 0x7f0000200000\n=========     Saved host backtrace up to driver "
        "entry point at cudaMalloc time\n========= LEAK SUMMARY: 2048 bytes leaked in 1 allocations\n"
        "========= ERROR SUMMARY: 1 error\n"
    )
    assert explain(leak).outcome == "warnings-only"
    # valgrind in the program's own code: a warning with its fix, not "harmless" alone
    own = (
        "==31== Invalid read of size 8\n==31==    at 0x4011A2: sum_rows (grid.c:57)\n==31==    by 0x401300: main "
        "(grid.c:90)\n==31==  Address 0x4a8f0a0 is 0 bytes after a block of size 64 alloc'd\n"
    )
    found = explain(own)
    assert found.outcome == "warnings-only" and found[0].key == "valgrind-memory-error"
    assert "--track-origins=yes" in found[0].fix
