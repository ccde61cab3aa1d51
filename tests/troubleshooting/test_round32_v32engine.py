"""`explain`, round thirty-two (issue 36), the engine: which line heads the answer. A CUDA library's status inside
another library's error outranks that library's generic family; a helper program's loader failure after the
framework's own failure ranks below it; a crash after a library's own error line, and a CUDA library warning beside
Python's SyntaxError, leave the first answer to that error line; a kernel's assert, an exception logged at info level
and a module-qualified exception inside a line are error lines; a stage marker the program got past, or one on a
warning line, is no stage of the failure; old torch's numbered CUDA error reaches the family that owns that cudaError;
a message's version pin is checked before it is followed. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_a_cuda_library_status_inside_opencvs_error_is_the_cause() -> None:
    text = (
        "[ERROR] detection failed: OpenCV(4.5.2) /build/opencv/modules/dnn/src/cuda4dnn/csl/cublas.hpp:78: error: "
        "(-217:Gpu API call) CUBLAS_STATUS_NOT_INITIALIZED in function 'UniqueHandle'\n"
        "Traceback (most recent call last):\n"
        '  File "detect.py", line 12, in <module>\n'
        "    out = net.forward()\n"
        "cv2.error: OpenCV(4.5.2) /build/opencv/modules/dnn/src/cuda4dnn/csl/cublas.hpp:78: error: (-217:Gpu API "
        "call) CUBLAS_STATUS_NOT_INITIALIZED in function 'UniqueHandle'\n"
    )
    assert first(text)[0] == "torch-cublas-alloc"
    # near miss: OpenCV's own importer error, no CUDA library status: its family stays
    plain = (
        "cv2.error: OpenCV(4.5.4) /tmp/opencv/modules/dnn/src/onnx/onnx_importer.cpp:1021: error: (-2:Unspecified "
        "error) in function 'handleNode'\n"
    )
    assert first(plain)[0] == "opencv-dnn-model-not-read"


def test_a_helper_programs_missing_library_ranks_below_the_frameworks_failure() -> None:
    text = (
        "2021-03-01 10:00:01 [INFO]: tracking started\n"
        "2021-03-01 10:00:02 [INFO]: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\n"
        "ffmpeg: error while loading shared libraries: libavdevice.so.58: cannot open shared object file: No such "
        "file or directory\n"
    )
    found = explain(text)
    assert found[0].key == "cudnn-not-initialized", [e.key for e in found]
    assert "tool-shared-library-not-found" in [e.key for e in found]
    # near miss: the loader failure alone is still the answer
    alone = "ffmpeg: error while loading shared libraries: libavdevice.so.58: cannot open shared object file\n"
    assert first(alone)[0] == "tool-shared-library-not-found"


def test_an_exception_logged_at_info_level_is_an_error_line() -> None:
    lv = levels("I0301 10:00:02.000000 77 detector.cc:41] cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\n")
    assert lv.errors == 1
    # a success status at info level stays information
    assert levels("I0301 10:00:02.000000 77 detector.cc:41] cublas returned CUBLAS_STATUS_SUCCESS\n").errors == 0


def test_a_crash_after_a_librarys_own_error_line_is_no_answer_of_its_own() -> None:
    text = (
        "JIT link of the device code failed\n"
        "Error at /src/engine/jit_compile.cpp:214 in compileKernels()\n"
        "Aborted (core dumped)\n"
    )
    found = explain(text)
    assert found.first_answer == "miss" and "jit_compile.cpp:214" in found.first_error, found.summary
    assert "native-crash" in [e.key for e in found]
    # near miss: a crash with nothing before it is still the crash family
    assert first("Loading model...\nSegmentation fault (core dumped)\n")[0] == "native-crash"


def test_a_syntax_error_is_not_a_cuda_library_warnings_failure() -> None:
    text = (
        "2023-01-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such "
        "file or directory\n"
        '  File "<string>", line 1\n'
        "    x = = 1\n"
        "        ^\n"
        "SyntaxError: invalid syntax\n"
    )
    found = explain(text)
    assert found.first_answer == "miss" and found.stage == "runtime", found.summary
    assert "which -a python" in (found.command or "") and "SyntaxError" in found.first_error
    # near miss: the same warning with a failure it can cause keeps the warning's family first
    failing = text.split('  File "<string>"')[0] + "Traceback (most recent call last):\nInternalError: no GPU\n"
    assert explain(failing).first_answer == "cuda-library-major"


def test_a_kernel_assert_behind_info_logs_is_an_error_line() -> None:
    text = (
        "I0101 00:00:01.000000 123 sim.cpp:10] Loaded scene\n"
        "2020-01-01 00:00:02,000 step: 40 reward: nan\n"
        "/pytorch/aten/src/ATen/native/cuda/SomeKernel.cu:99: void k(): block: [0,0,0], thread: [0,0,0] "
        "Assertion `x >= 0` failed.\n"
    )
    found = explain(text)
    assert "Assertion `x >= 0` failed" in found.first_error
    assert "informational" not in found.summary, found.summary
    # near miss: glibc's assert() form was an error line already
    assert levels("prog: main.c:3: main: Assertion `n > 0' failed.\n").errors == 1


def test_a_module_qualified_exception_inside_a_line_is_a_python_error() -> None:
    text = "(see: mylib._core.base.MyLibError: [10:00:00] /src/op.cc:34: Operator Foo failed on the third queue.)"
    found = explain(text)
    assert found.first_answer == "miss" and found.library == "mylib" and found.stage == "runtime", found.summary
    assert "native program" not in (found.next_step or "")
    # near miss: a sentence with a capitalised word before "Error:" is no exception line
    assert levels("we saw the Strange Error: nothing else\n").errors == 0


def test_a_stage_the_program_got_past_is_not_the_failures() -> None:
    text = (
        "Emitting ninja build file /home/u/.cache/torch_extensions/ext/build.ninja...\n"
        "Building extension module ext...\n"
        "ninja: no work to do.\n"
        "Loading extension module ext...\n"
        "[Error] [sim.plugin] cudaGraphicsMapResources failed with error 999\n"
    )
    assert explain(text).stage == "runtime"
    # near miss: a build that failed keeps the compile stage
    failed = (
        "Emitting ninja build file /home/u/.cache/torch_extensions/ext/build.ninja...\n"
        "FAILED: ext.cuda.o\n"
        'ext.cu(12): error: expected a ";"\n'
    )
    assert explain(failed).stage == "compile"


def test_old_torchs_numbered_cuda_error_reaches_the_family_of_that_error() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "run.py", line 3, in <module>\n'
        "RuntimeError: cuda runtime error (11) : invalid argument at /pytorch/aten/src/THC/THCGeneral.cpp:405\n"
    )
    assert first(text)[0] == "cuda-invalid-value"
    # near miss: another number and message is not that family's
    other = "RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/THCCachingAllocator.cpp:510"
    assert first(other)[0] != "cuda-invalid-value"


def test_a_messages_version_pin_is_checked_before_it_is_followed() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "predict.py", line 9, in <module>\n'
        "Exception: Failed to load fused component: attention_kernel:\n"
        "Please make sure to install fancykernels==2.1.0. Other versions may not work!\n"
    )
    summary = explain(text).summary
    assert "install fancykernels==2.1.0" in summary and "pip show fancykernels" in summary, summary
    assert "optional" not in summary
    optional = text.replace("Exception:", "Exception: optional kernels:")
    assert "run without it" in explain(optional).summary
    # near miss: advice without a pin gets no version check
    unpinned = "Exception: Failed to load component\nPlease make sure to install fancykernels.\n"
    assert "pip show" not in explain(unpinned).summary
