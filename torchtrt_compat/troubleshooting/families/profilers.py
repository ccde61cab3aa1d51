"""Profilers (issue 36, round fourteen): Nsight Systems (nsys), Nsight Compute (ncu) and the CUPTI library under them
and under torch.profiler (Kineto), TensorFlow's and JAX's profilers. Three classes, each in the tools' own words: the
GPU performance counters restricted to administrators (ERR_NVGPUCTRPERM, CUPTI_ERROR_INSUFFICIENT_PRIVILEGES), CUPTI
that could not attach at all (a CUPTI_ERROR_* status from its subscribe / activity calls, Kineto's "CUPTI
initialization failed"), and nsys that wrote no report (a capture range that never opened). Numbers and status names
are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round14_q1dist.py")
_test26 = tests_in("tests/troubleshooting/test_round26_v26debug.py")

#: what lifts the driver's restriction of the GPU's performance counters to administrators
_COUNTERS_FIX = (
    "The driver lets only administrators read the GPU's performance counters: run the profiler with sudo (or the "
    "container with --cap-add SYS_ADMIN), or lift the restriction on the host: `echo 'options nvidia "
    "NVreg_RestrictProfilingToAdminUsers=0' | sudo tee /etc/modprobe.d/nvidia-profiling.conf`, rebuild the initramfs "
    "(`sudo update-initramfs -u`) and reboot (Windows: NVIDIA Control Panel > Developer > Manage GPU Performance "
    "Counters > allow all users); `cat /proc/driver/nvidia/params | grep RmProfilingAdminOnly` shows it (1 = "
    "restricted)."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "profiler-counters-permission",
        "The profiler may not read the GPU's performance counters (ERR_NVGPUCTRPERM / "
        "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)",
        r"\bERR_NVGPUCTRPERM\b|CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"
        r"|does not have permission to access NVIDIA GPU Performance Counters"
        r"|CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED"
        # TensorFlow's profiler logs its failed CUPTI subscribe at E level (profiler/internal/gpu/cupti_tracer.cc:
        # "function cupti_interface_->Subscribe( &subscriber_, ...)failed with error CUPTI_ERROR_..."); a paste that
        # cuts the line before its "failed with error ..." leaves this row, by far its most common status (issue 36,
        # round twenty-six); a status shown decides by itself
        r"|cupti_interface_->Subscribe\((?![^\n]{0,400}(?:failed|CUPTI_ERROR_|error))[^\n]{0,400}$",
        "Nsight Compute, nsys' GPU metrics and CUPTI's counter / range profiling (torch.profiler with "
        "profile_memory or experimental metrics, TensorFlow's and JAX's profilers) read the GPU's performance "
        "counters, which the NVIDIA driver restricts to administrators by default since 418.43 (NVreg_Restrict"
        "ProfilingToAdminUsers); a virtual GPU (vGPU / some cloud instances) may not expose them at all.",
        _COUNTERS_FIX,
        variants=(
            Variant(
                r"CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED",
                "a virtual GPU",
                "CUPTI does not profile this virtual GPU (vGPU, or a cloud instance whose GPU is virtualised): "
                "profile on a bare-metal or passthrough GPU, or enable profiling in the vGPU's profile (the "
                "hypervisor's `enable_profiling` option for the VM) where the platform offers it.",
            ),
        ),
        weight=80,
        applies="Nsight Compute (ncu), Nsight Systems' GPU metrics, CUPTI users (torch.profiler / Kineto, "
        "TensorFlow's and JAX's profilers) on drivers 418.43 and later",
        shown_by=(_test("test_profiler_counters_restricted"),),
        example="==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
        "Counters on the target device 0.",
        example_source="Nsight Compute's ncu error ERR_NVGPUCTRPERM (Nsight Compute 2019.x and later); CUPTI's "
        "cupti_result.h (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)",
    ),
    KnownError(
        "profiler-cupti-unavailable",
        "CUPTI could not attach to the process (CUPTI_ERROR_* from its subscribe / activity calls; Kineto's "
        "'CUPTI initialization failed'): the profile has no GPU activity",
        r"\bCUPTI_ERROR_(?!INSUFFICIENT_PRIVILEGES|VIRTUALIZED_DEVICE)[A-Z_]{3,60}\b"
        r"|CUPTI initialization failed|\bcupti\w{0,40} failed with error CUPTI_ERROR"
        r"|Subscribe returned \d{1,4}\b"
        r"|\bcuptiSubscribe\b[^\n]{0,80}(?:fail|error)"
        # torch.profiler's collection.cpp when Kineto recorded no GPU activity at all ("Failed to recover
        # relationship between all profiler and kineto events: 100 vs. 0  reassociated."), and Nsight Compute refusing
        # the driver ("==ERROR== Cuda driver is not compatible with Nsight Compute.") (issue 36, round twenty-six)
        r"|Failed to recover relationship between all profiler and kineto events: \d{1,9} vs\. 0\b"
        r"|Cuda driver is not compatible with Nsight Compute",
        "The profiler's CUPTI library could not attach to the CUDA driver, so the profile holds only the CPU "
        "timeline: a CUPTI / nsys older or newer than the host driver supports (an image's own nsys under another "
        "driver), another profiler already subscribed (a second nsys or torch.profiler, DCGM's profiling module, "
        "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED), GPU profiling blocked on the host, or a CUPTI library of "
        "another CUDA found first on the library path.",
        "Check that CUPTI attaches at all: profile a tiny CUDA program with the same tool in the same container "
        "(`nsys profile --trace=cuda python -c 'import torch; torch.ones(1).cuda()'`); if that shows no CUDA rows "
        "either, use an nsys / CUPTI that supports the host driver (the host's nsys, or an image whose CUDA the "
        "driver supports: `nvidia-smi` shows its CUDA), stop any other profiler of that GPU (one CUPTI subscriber "
        "at a time; `dcgmi profile --pause` for DCGM), and check the host's profiling restriction "
        "(`grep RmProfilingAdminOnly /proc/driver/nvidia/params`). The training script itself needs no change.",
        variants=(
            Variant(
                r"not compatible with Nsight Compute",
                "Nsight Compute (ncu) and the driver",
                "Nsight Compute refuses this driver: each ncu release supports drivers from a minimum version on (its "
                "release notes), so an ncu from a newer CUDA toolkit than the driver supports (or one far older than "
                "the driver) cannot profile. Compare `ncu --version` with the driver (`nvidia-smi`) and use the ncu of "
                "a CUDA toolkit the driver supports (or update the driver); point the program at that binary (PATH, "
                "or its own ncu path option), and pause DCGM's profiling module meanwhile (`dcgmi profile --pause`). "
                "The program's own error after it ('returned an error code') follows from the profiler.",
            ),
            Variant(
                r"CUPTI initialization failed|\bkineto\b|torch\.profiler|ProfilerActivity",
                "torch.profiler (Kineto)",
                "torch.profiler could not start CUPTI, so its trace has CPU events only: the CUPTI torch loads "
                "(libcupti of the torch build's CUDA, or one on LD_LIBRARY_PATH) must match a CUDA the driver "
                "supports; run one profiler at a time (not under nsys), check the host's profiling restriction "
                "(RmProfilingAdminOnly in /proc/driver/nvidia/params) and rerun with KINETO_LOG_LEVEL=0 for its "
                "reason.",
            ),
            Variant(
                r"MULTIPLE_SUBSCRIBERS",
                "another profiler already attached",
                "Only one CUPTI subscriber may attach to a process: do not nest profilers (torch.profiler inside "
                "nsys or ncu, two torch.profiler sessions, TensorFlow's profiler beside Kineto), and pause DCGM's "
                "profiling module on the host (`dcgmi profile --pause`) while you profile.",
            ),
        ),
        severity="warns-of-failure",
        weight=72,
        applies="Nsight Systems / Nsight Compute, torch.profiler (Kineto), TensorFlow's and JAX's profilers: "
        "anything built on CUPTI",
        shown_by=(_test("test_cupti_could_not_attach"),),
        example="Subscribe returned 999: CUPTI_ERROR_UNKNOWN",
        example_source="https://github.com/NVIDIA/recsys-examples/issues/397; CUPTI's cupti_result.h (the "
        "CUPTI_ERROR_* names); torch's Kineto (libkineto CuptiActivityApi: 'CUPTI initialization failed')",
    ),
    # Nsight Compute's end-of-run warning when it profiled nothing (issue 36, round twenty-six)
    KnownError(
        "profiler-ncu-no-kernels",
        "Nsight Compute profiled no kernel (==WARNING== No kernels were profiled)",
        r"==WARNING== No kernels were profiled",
        "ncu ran the program to its end without profiling a single kernel: its filters "
        "(-k / --kernel-name, --launch-skip, --launch-count, an NVTX range) matched none of the kernels launched, the "
        "program launched none on the GPU (it ran on the CPU, or stopped on an error of its own before its first "
        "kernel), or the kernels ran in a process ncu did not follow.",
        "Run ncu without filters on a short input (`ncu --launch-count 5 python your_script.py`) to see the "
        "kernels' real names (a mangled or templated name needs --kernel-name-base demangled or a regex: `-k "
        "regex:gemm`), then add the filters back; read the program's own output under ncu for an error before its "
        "first kernel or a CPU fallback (torch.cuda.is_available()); profile the process that runs the GPU work "
        "(--target-processes all for launchers and workers), and point ncu at the program, not a shell script "
        "that starts it in the background.",
        severity="warns-of-failure",
        weight=40,
        applies="Nsight Compute (ncu) command line",
        shown_by=(_test26("test_profiler_lines_that_mean_cupti_did_not_attach"),),
        example="==PROF== Disconnected from process 4411\n==WARNING== No kernels were profiled.",
        example_source="Nsight Compute's ncu (its end-of-run warning)",
    ),
    KnownError(
        "profiler-nsys-no-report",
        "nsys wrote no report (No reports were generated): the capture range never opened, or the program ended first",
        r"No reports were generated",
        "Nsight Systems ends without a report when nothing was captured: with --capture-range=cudaProfilerApi "
        "(-c cudaProfilerApi) the program never called cudaProfilerStart (torch.cuda.profiler.start()), or with "
        "an NVTX range the range's name never appeared; also when the profiled program crashed or was killed "
        "before nsys could write the file, or when CUPTI could not attach.",
        "With -c cudaProfilerApi call torch.cuda.profiler.start() / stop() (cudaProfilerStart / Stop) around the "
        "steps to record, on the process nsys launched (and --capture-range-end=stop); with -c nvtx check the "
        "range's name (-p NAME@*); otherwise run without a capture range to see whether CUDA activity is recorded "
        "at all (if not, CUPTI did not attach: a CUPTI error line says so) and read the program's own exit status.",
        downstream=True,
        weight=40,
        applies="Nsight Systems (nsys profile) with a capture range",
        shown_by=(_test("test_cupti_could_not_attach"),),
        example="Processing events...\nGenerated:\n    No reports were generated.",
        example_source="https://github.com/NVIDIA/recsys-examples/issues/397 (nsys profile -c cudaProfilerApi)",
    ),
)
