"""Failures after a long run or now and then (issue 36, round twenty-four): a crash while Python tears down at exit,
after the work finished (CPython faulthandler's "Garbage-collecting" / "<no Python frame>" frame, Py_FatalError's
"Python runtime state: finalizing"). The long-run variants of the GPU fault, cuBLAS and out-of-memory rows use
`entry.LONG_RUN`; a DataLoader worker killed by a native abort is a variant of `families.containers`'
host-dataloader-worker-exited. Each pattern is keyed to the wording its source prints (named in ``example_source``).
"""

from __future__ import annotations

from ..entry import KnownError, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round24_v24run.py")

FAMILIES: tuple[KnownError, ...] = (
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
