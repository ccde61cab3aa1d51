"""Failures after a long run or now and then (issue 36, round twenty-four): a DataLoader worker that a native library
aborted (torch's "DataLoader worker (pid N) is killed by signal: Aborted." after tcmalloc's or glibc's invalid free)
and a crash while Python tears down at exit, after the work finished (CPython faulthandler's "Garbage-collecting" /
"<no Python frame>" frame, Py_FatalError's "Python runtime state: finalizing"). The long-run variants of the GPU
fault, cuBLAS and out-of-memory rows use `entry.LONG_RUN`. Each pattern is keyed to the wording its source prints
(named in ``example_source``); numbers and paths are read from the text.
"""

from __future__ import annotations

from ..entry import KnownError, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round24_v24run.py")

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "dataloader-worker-native-abort",
        "DataLoader worker (pid N) is killed by signal: Aborted / Segmentation fault (a native crash in a worker)",
        # torch/csrc/DataLoader.cpp's SIGCHLD handler ("DataLoader worker (pid N) is killed by signal: " + strsignal),
        # for the signals of a native crash (SIGKILL, the OOM killer, is py-process-killed's), and the allocator's
        # own abort line the worker printed (gperftools' tcmalloc.cc: "Attempt to free invalid pointer 0x...")
        r"DataLoader worker \(pid \d{1,10}\) is killed by signal: (?:Aborted|Segmentation fault|Bus error"
        r"|Floating point exception|Illegal instruction)"
        r"|src/tcmalloc\.cc:\d{1,6}\] Attempt to free invalid pointer",
        "A native library inside a DataLoader worker process crashed (an abort after the allocator found an invalid "
        "free, a segfault): image decoding or augmentation (OpenCV, PIL / Pillow-SIMD, libjpeg, a corrupt file), a "
        "C extension in the Dataset, or a preloaded allocator (tcmalloc via LD_PRELOAD, as Colab sets) clashing with "
        "one; the main process only sees the dead worker, not the GPU.",
        "Run with num_workers=0 so the Dataset runs in the main process and the crash shows its own stack (add "
        "`python -X faulthandler`); then look at the native pieces of the data pipeline: the file being read (a "
        "corrupt image: open each one in a loop), OpenCV's own threads in workers (cv2.setNumThreads(0) at the top "
        "of the Dataset module), a tcmalloc preload (`echo $LD_PRELOAD`; unset it or upgrade the library), and "
        "mismatched numpy / opencv / Pillow builds (reinstall them together). Start workers with "
        "multiprocessing_context='spawn' if the crash follows forked state.",
        weight=76,
        applies="torch DataLoader with num_workers > 0 (Linux, Colab)",
        shown_by=(_test("test_dataloader_worker_killed_by_a_native_abort"),),
        example="src/tcmalloc.cc:283] Attempt to free invalid pointer 0x1 \nRuntimeError: DataLoader worker (pid "
        "2256) is killed by signal: Aborted.",
        example_source="https://github.com/eriklindernoren/PyTorch-YOLOv3/issues/650 (torch/csrc/DataLoader.cpp's "
        "message)",
    ),
    KnownError(
        "exit-teardown-crash",
        "A crash while Python shuts down (Garbage-collecting, no Python frame) after the work finished",
        # CPython's faulthandler names the garbage collector as the frame ("  Garbage-collecting") and "<no Python
        # frame>" when no code of the program runs any more; Py_FatalError prints "Python runtime state: finalizing"
        r"^\s{0,4}Garbage-collecting\s{0,4}$|Python runtime state: finaliz(?:ing|ed)",
        "Native code crashed while the interpreter tore its objects down (the garbage collector at exit, no Python "
        "frame left): an extension's destructor ran after the CUDA context or the library it needs was already "
        "gone (destructor order at exit). When the output before it shows the work finished, the results stand.",
        "Read the lines before the crash: if the run printed its result or 'OK', the work is done and the crash "
        "only spoils the exit code. Release the extension's objects before exit yourself (del the models / "
        "tensors, torch.cuda.synchronize(), gc.collect() at the end of main), update the library that owns them "
        "(exit-time crashes are usually fixed in a later release or have an open issue), or flush the outputs and "
        "end with os._exit(0) so no destructor runs. If the crash comes before the work finished, "
        "`python -X faulthandler` and the library's own debug switch name the object.",
        requires=r"<no Python frame>|Python runtime state: finaliz",
        weight=74,
        applies="any Python program with a native extension (CUDA allocator hooks, bindings), at interpreter exit",
        shown_by=(_test("test_a_crash_at_interpreter_exit_after_the_work"),),
        example="torch-memory-saver OK\nFatal Python error: Segmentation fault\n\nCurrent thread 0x0000fd02d66450c0 "
        "(most recent call first):\n  Garbage-collecting\n  <no Python frame>",
        example_source="https://github.com/fzyzcjy/torch_memory_saver/issues/56 (CPython faulthandler's dump)",
    ),
)
