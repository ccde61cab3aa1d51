"""Failures after a long run or now and then (issue 36, round twenty-four): a crash while Python tears down at exit,
after the work finished (CPython faulthandler's "Garbage-collecting" / "<no Python frame>" frame, Py_FatalError's
"Python runtime state: finalizing"), and since round twenty-six a test process that crashed after its runner's
summary said every test passed. The long-run variants of the GPU fault, cuBLAS and out-of-memory rows use
`entry.LONG_RUN`; a DataLoader worker killed by a native abort is a variant of `families.containers`'
host-dataloader-worker-exited. Each pattern is keyed to the wording its source prints (named in ``example_source``).
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round24_v24run.py")

#: a test runner's own summary that every test it ran passed (issue 36, round twenty-six): pytest's final line ("====
#: 372 passed, 8 skipped, 3 xfailed in 257.84s ====", without "failed" or "error"), GoogleTest's "[  PASSED  ] 42
#: tests.", Catch2's "All tests passed (N assertions in M test cases)", CTest's "100% tests passed", unittest's "Ran N
#: tests in Xs" followed by "OK"
_ALL_PASSED = (
    r"^[=\s\d:.]{0,40}=+ (?![^\n]{0,200}\b(?:failed|errors?)\b)[^\n]{0,200}?\b\d{1,6} passed\b"
    r"[^\n]{0,200}? in [\d.]{1,12}s\b"
    r"|^\[ {0,2}PASSED {0,2}\] \d{1,6} tests?\b|All tests passed \(\d|\b100% tests passed\b"
    r"|^Ran \d{1,6} tests? in [\d.]{1,12}s\s{0,4}\n\s{0,4}\nOK\b"
)

#: libstdc++'s verbose terminate handler with no exception in flight (issue 36, round thirty-five)
_TERMINATE_NO_EXCEPTION = r"terminate called without an active exception"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "exit-teardown-crash",
        "A crash while the process shuts down after the work finished (Python's Garbage-collecting, no Python "
        "frame; a test run that crashed after every test passed)",
        # CPython's faulthandler names the garbage collector as the frame ("  Garbage-collecting") and "<no Python
        # frame>" when no code of the program runs any more; Py_FatalError prints "Python runtime state: finalizing"
        r"^\s{0,4}Garbage-collecting\s{0,4}$|Python runtime state: finaliz(?:ing|ed)"
        # issue 36, round twenty-six: a test runner's summary that every test passed, then the process's crash within
        # a few lines (pytest's "==== N passed ... in Xs ====", GoogleTest's "[  PASSED  ] N tests.", Catch2's "All
        # tests passed (N assertions in M test cases)", unittest's "Ran N tests in Xs" / "OK", then the shell's
        # "Segmentation fault (core dumped)" or an abort)
        rf"|(?:{_ALL_PASSED})[^\n]{{0,200}}\n(?:[^\n]{{0,300}}\n){{0,4}}[^\n]{{0,300}}?"
        r"(?:Segmentation fault|core dumped|\bAborted\b|Bus error|Fatal Python error|SIGSEGV|SIGABRT)"
        # issue 36, round thirty-five: the C++ runtime's std::terminate with no exception in flight (libstdc++'s
        # verbose terminate handler): a std::thread destroyed while still joinable, most often at exit when a
        # worker thread (a reader / writer, a library's pool) was never joined
        r"|" + _TERMINATE_NO_EXCEPTION,
        "Native code crashed while the interpreter tore its objects down (the garbage collector at exit, no Python "
        "frame left): an extension's destructor ran after the CUDA context or the library it needs was already "
        "gone (destructor order at exit). When the output before it shows the work finished, the results stand.",
        "Read the lines before the crash: if the run printed its result or 'OK', the work is done and the crash "
        "only spoils the exit code. Release the extension's objects before exit yourself (del the models / "
        "tensors, torch.cuda.synchronize(), gc.collect() at the end of main), update the library that owns them "
        "(exit-time crashes are usually fixed in a later release or have an open issue), or flush the outputs and "
        "end with os._exit(0) so no destructor runs. If the crash comes before the work finished, "
        "`python -X faulthandler` and the library's own debug switch name the object.",
        variants=(
            Variant(
                _TERMINATE_NO_EXCEPTION,
                "std::terminate with no active exception (a thread still joinable when it was destroyed)",
                "'terminate called without an active exception' is the C++ runtime aborting because a std::thread "
                "object was destroyed while still joinable (never joined or detached), or a bare `throw;` ran with "
                "no exception in flight. After the work finished (the last frame written, a progress bar at its "
                "end) it is the program's own worker threads (a reader / writer / prefetch thread, a video "
                "writer's queue) or a native library's thread still running while the interpreter shuts down; "
                "the outputs already written stand, and the CUDA / cuDNN libraries a core dump lists are only what "
                "was loaded, not the cause. Join the worker threads (put a sentinel in their queues, then "
                "thread.join()) before the script returns, close the writers and pools the program opened, or end "
                "with os._exit(0) after flushing the outputs; update the program if a later release fixed its "
                "shutdown. If it aborts before the work finished, run it under gdb (`gdb -batch -ex run -ex bt "
                "--args python script.py ...`): the thread's owner is in the stack.",
                sure=True,
                strict=True,
            ),
            Variant(
                _ALL_PASSED,
                "a test run that passed, then crashed at exit",
                "Every test passed (the runner's summary says so) and the test process crashed afterwards, while "
                "it exited: a native library loaded by the tests (CUDA, a communication library such as UCX or "
                "NCCL, a GPU dataframe or array library) crashed in its teardown, after the results were in. Treat "
                "the crash apart from the test results: reproduce it with the native stack (`python -X faulthandler "
                "-m pytest ...`, or `gdb -batch -ex run -ex bt --args python -m pytest ...`; a C++ test binary: "
                "`gdb -batch -ex run -ex bt --args ./test_binary`), which names the library; then pin or upgrade "
                "that library (nightly builds regress here), or release its resources before exit (close the "
                "clients, contexts and communicators in a session-scoped fixture's teardown); running the GPU tests "
                "in a process of their own keeps the crash from hiding other results.",
            ),
        ),
        requires=r"<no Python frame>|Python runtime state: finaliz|" + _ALL_PASSED + "|" + _TERMINATE_NO_EXCEPTION,
        weight=74,
        applies="any Python program with a native extension (CUDA allocator hooks, bindings), at interpreter exit",
        shown_by=(_test("test_a_crash_at_interpreter_exit_after_the_work"),),
        example="torch-memory-saver OK\nFatal Python error: Segmentation fault\n\nCurrent thread 0x0000fd02d66450c0 "
        "(most recent call first):\n  Garbage-collecting\n  <no Python frame>",
        example_source="https://github.com/fzyzcjy/torch_memory_saver/issues/56 (CPython faulthandler's dump)",
    ),
)
