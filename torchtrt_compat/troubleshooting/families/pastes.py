"""Pastes whose lines show no failure of their own (issue 36, round thirteen, helper p4sev): a library that logs a
CUDA error it then ignores while freeing memory (MXNet's resource manager at exit), a wrapper that only says its
child process failed with an exit code (the child's own error cut off), and an application's start-up lines saying
the framework found the GPU (kohya_ss' "Torch detected GPU", TensorFlow's "Created device ... GPU:0", ComfyUI's
"Device: cuda:0 ..."). Each pattern is keyed to the wording its source prints (named in ``example_source``); names,
numbers and paths are read from the text.
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round13_p4sev.py"


_test = tests_in(_TESTS)


#: the wrapper's words for a child that ended badly: "<name> process failed with exit code 1", "worker exited with
#: code -11", "subprocess died with return code 3221225477"
_CHILD = r"(?:process|subprocess|child(?: process)?|worker|runner|job)"
_ENDED = r"(?:failed|exited|died|terminated|crashed|ended|quit)(?: unexpectedly| abnormally)?"
_CODE = r"with (?:an? )?(?:exit |return |error )?(?:code|status)[ :=]{0,3}(-?\d{1,10}|0x[0-9A-Fa-f]{1,8})"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "mxnet-ignored-cuda-error",
        "MXNet: 'Ignore CUDA Error ... CUDA: invalid device pointer' (an error it logged and ignored while freeing "
        "pooled GPU memory, usually at exit)",
        r"\bIgnore CUDA Error\b",
        "MXNet's resource manager and pooled storage manager free their GPU memory in destructors; when that runs "
        "after the CUDA context is gone (process exit, a context torn down by another library) the free fails and "
        "MXNet logs the CUDA error and ignores it. The line is not the failure of the prediction or training.",
        "Harmless at exit: check whether the program's output (the prediction, the saved model) was produced. If "
        "something did fail, the cause is the first error before this line; explain that one. If the line comes "
        "before the work is done, use an MXNet CUDA build that matches the installed CUDA and driver (pip "
        "mxnet-cuXXX) instead of a distribution's libmxnet package, and release MXNet objects before exiting "
        "(mx.nd.waitall()).",
        severity="notice",
        weight=60,
        applies="Apache MXNet 1.x (src/resource.cc, src/storage/pooled_storage_manager.h), any platform",
        shown_by=(_test("test_mxnet_ignored_cuda_error_is_a_notice"),),
        example="[11:16:18] src/resource.cc:262: Ignore CUDA Error [11:16:18] "
        "src/storage/./pooled_storage_manager.h:77: CUDA: invalid device pointer",
        example_source="https://github.com/apache/mxnet/issues/12461 (libmxnet 1.x, the Debian package)",
    ),
    KnownError(
        "wrapper-child-exit-code",
        "A wrapper says its child process failed with an exit code ('X process failed with exit code N'): the "
        "child's own error is not in the text",
        rf"\b([A-Za-z][\w.+-]{{0,60}} )?{_CHILD} {_ENDED} {_CODE}",
        "A program (a GUI, a launcher, a pipeline) ran another program that ended with a non-zero exit code and "
        "reported only that; the child's own error (its traceback or first error line) went to its stderr or log, "
        "which the paste cuts off or does not show. The exit code says only how it ended: 1 an ordinary error exit "
        "(a Python exception), a negative code or 139 a crash by a signal, 137 / -9 a kill (often out of memory), "
        "0xC0000005 / -1073741819 an access violation on Windows.",
        "Run the child alone: copy the command the wrapper prints (its 'Command:' line, or the executable and "
        "arguments it starts) into a terminal, or open the wrapper's full log, and give explain the child's last "
        "lines (the traceback or first error line); that error names the cause. With a GPU build, check first that "
        "it supports this GPU and driver (a build too old for the card fails here before printing much).",
        variants=(
            Variant(
                r"\bpaddle(?:ocr|paddle|x)?\b",
                "a PaddleOCR / PaddlePaddle child",
                "Run the PaddleOCR command the wrapper prints alone in a terminal to see its traceback; a PaddlePaddle "
                "GPU build must support the card (an RTX 50-series / Blackwell GPU needs a build for CUDA 12.8 or "
                'later that includes sm_120: `python -c "import paddle; paddle.utils.run_check()"` says); if it does '
                "not, install the wrapper's release built for that GPU or use its CPU build.",
            ),
        ),
        #: the child's own traceback or exception, when the paste has it, is the answer
        unless=ANOTHER_FAILURE,
        downstream=True,
        weight=35,
        applies="any wrapper that runs a child process (GUIs, CLIs, pipelines: VideOCR, launchers, job runners)",
        shown_by=(_test("test_a_wrappers_exit_code_line_is_a_failure_without_detail"),),
        example="[2025-08-17 14:20:01] PaddleOCR process failed with exit code 1.",
        example_source="https://github.com/timminator/VideOCR/issues/33 (VideOCR runs paddleocr.exe and logs its "
        "exit code)",
    ),
    KnownError(
        "app-gpu-detected-notice",
        "The program's start-up lines say the framework found the GPU (Torch detected GPU / Created device "
        "...GPU:0 / Device: cuda:0): nothing in them failed",
        r"\bTorch detected GPU: [^\n]{1,120}"
        r"|\bCreated device /job:[\w:/]{1,80}/device:GPU:\d{1,2} with \d{1,7} MB memory"
        r"|^\s{0,4}Device: cuda:\d{1,2} [^\n]{1,120}",
        "These are informational start-up lines: the framework loaded its CUDA build and found the GPU(s) they "
        "name, so the driver, the CUDA runtime and the device are visible to it. A problem that follows (training "
        "on the CPU, a later error) is not in these lines.",
        "Nothing here failed, and the framework sees the GPU. Give explain the output from the point the work "
        "starts (the first error or warning there, or the line that says which device it runs on), and check in "
        'the same environment that a tensor reaches the GPU: `python -c "import torch; '
        "print(torch.zeros(1).cuda())\"` (TensorFlow: `tf.config.list_physical_devices('GPU')`); `nvidia-smi` "
        "while it runs shows whether the process uses the GPU.",
        severity="notice",
        weight=20,
        applies="kohya_ss (setup/setup_common.py), TensorFlow 2.x (gpu_device.cc), ComfyUI (comfy/model_management"
        ".py); any release",
        shown_by=(_test("test_start_up_lines_that_found_the_gpu_are_no_failure"),),
        example="22:25:33-196222 INFO     Torch detected GPU: Tesla V100-SXM2-16GB VRAM 16384 Arch (7, 0) Cores 80",
        example_source="https://github.com/brokedude2901/dxgkrnl_ubuntu/issues/20 (kohya_ss' start-up log)",
    ),
)
