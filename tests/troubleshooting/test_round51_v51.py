"""`explain`, round fifty-one (issue 36): what a miss says when no family knows its text. A remedy's words ("Please
install X", a quoted `pip install`) name the fix, not the stage that failed; pip's own lines are pip's only in its own
case and a download only of a package's file; an error raised in an installed library's code gets that library's
release as its step, not a rerun for the line already pasted; a message's own words for its likely cause come first."""

from __future__ import annotations

import pytest

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.miss import raising_library, suspected_cause, without_remedies
from torchtrt_compat.troubleshooting.severity import levels


def _miss(text: str) -> tuple[str | None, str, str]:
    found = explain(text)
    assert found.first_answer == "miss", (found.first_answer, text)
    return found.stage, found.next_step or "", found.command or ""


@pytest.mark.parametrize(
    "text",
    [
        "Check failed: allow_missing: Device API gpu is not enabled. Please install the cuda version of frobdgl.",
        "zorblib: post-install hook exited with status 3 (run `pip install zorblib --force` to retry)",
        "Error: /tmp/pip-install-xt7zsonc/zorb-gpu/src/memory_ops.cu:71, code: 209, reason: zorb kernel refused",
    ],
)
def test_a_remedy_or_a_path_names_no_install(text: str) -> None:
    stage, _, _ = _miss(text)
    assert stage == "runtime", (stage, text)


def test_a_remedy_quoted_in_an_import_error_leaves_the_import() -> None:
    stage, _, _ = _miss(
        'Traceback (most recent call last):\n  File "/home/u/app.py", line 2, in <module>\n    import zorbx\n'
        '  File "/home/u/zorbx/__init__.py", line 9, in <module>\n'
        '    raise ImportError("zorbx needs its compiled core: `pip install zorbx-core`")\n'
        "ImportError: zorbx needs its compiled core: `pip install zorbx-core`"
    )
    assert stage == "import"


@pytest.mark.parametrize(
    "prompt",
    ["(venv) user@box:~/proj$ pip install zorblib", "C:\\Users\\me\\proj>python -m pip install zorblib",
     "RUN pip install zorblib", "pip3 install zorblib"],
)  # fmt: skip
def test_pip_install_that_ran_is_the_install(prompt: str) -> None:
    stage, _, _ = _miss(f"{prompt}\nzorblib: post-install hook exited with status 3")
    assert stage == "install", prompt


def test_lines_that_are_not_pips() -> None:
    # any program's "Error: Could not ..." and a download of an engine or weights are not pip's
    backend = "Error: Could not create backend\n\nCaused by:\n    Could not start backend: zorb mismatch"
    assert _miss(backend)[0] != "install"
    stage, _, _ = _miss("$ zorbctl run llama3\nDownloading engine...\n 100/100\nx 500 status\nModel loading failed")
    assert stage != "install"


def test_without_remedies_keeps_length_and_the_rest() -> None:
    text = "Failed to import zorb. Please install zorb>=0.4.0 first. Then retry; see `pip install zorb` docs"
    out = without_remedies(text)
    assert len(out) == len(text) and out.startswith("Failed to import zorb.")
    assert "install" not in out and "Then retry" in out


_LIB_TRACE = (
    'Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 88, in <module>\n    trainer.fit(m)\n'
    '  File "/opt/conda/lib/python3.10/site-packages/zorbtrain/loop.py", line 412, in fit\n    self._sync(b)\n'
    '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1500, in _call_impl\n'
    "    return forward_call(*args)\n"
    '  File "/usr/lib/python3.10/contextlib.py", line 79, in inner\n    return func(*args)\n'
)


def test_the_library_whose_code_raised() -> None:
    # torch only checks what it was given and Python's own library only passes it on: the caller's library decides
    assert raising_library(_LIB_TRACE + "TypeError: 'builtin_function_or_method' object is not iterable") == "zorbtrain"
    # the program's own frame under torch: no library
    own = (
        'Traceback (most recent call last):\n  File "/home/u/proj/run.py", line 9, in <module>\n    y = net(x)\n'
        '  File "/opt/venv/lib/python3.11/site-packages/torch/nn/functional.py", line 20, in linear\n'
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x3 and 5x6)"
    )
    assert raising_library(own) == ""
    # a progress bar's frames pass the call through
    tqdm = own.replace("/home/u/proj/run.py", "/opt/venv/lib/python3.11/site-packages/tqdm/std.py")
    assert raising_library(tqdm) == ""
    assert raising_library("RuntimeError: no traceback at all") == ""


def test_a_miss_raised_in_a_library_names_its_release() -> None:
    _, step, command = _miss(_LIB_TRACE + "TypeError: 'builtin_function_or_method' object is not iterable")
    assert "zorbtrain's own code raised it" in step and "version the program was written for" in step
    assert "packages_distributions().get('zorbtrain'" in command and "torchtrt-compat explain" not in command
    # a value the library refuses: its message is the cause, in its words
    _, step, command = _miss(_LIB_TRACE + "ValueError: steps must divide the schedule length 1000")
    assert "its message is the cause in zorbtrain's words" in step and "zorbtrain" in command
    # the program's own code: the debugger at the line that raised
    _, step, command = _miss(
        'Traceback (most recent call last):\n  File "/home/u/proj/run.py", line 10, in <module>\n    out = f(x)\n'
        '  File "/home/u/proj/utils.py", line 5, in f\n    return x["a"] + 1\n'
        'TypeError: can only concatenate str (not "int") to str'
    )
    assert command.startswith("python -m pdb"), command


def test_a_message_that_names_its_likely_cause() -> None:
    text = (
        "ERROR: zorb worker 3 stopped unexpectedly. This may be due to a stale lock file in ~/.cache/zorb, e.g. after "
        'a crash.\nTraceback (most recent call last):\n  File "/home/u/a.py", line 3, in <module>\n    z.run()\n'
        "RuntimeError: zorb pool died"
    )
    assert suspected_cause(text, levels(text)) == (
        '"This may be due to a stale lock file in ~/.cache/zorb, e.g. after a crash"'
    )
    _, step, _ = _miss(text)
    assert step.startswith("the message names its likely cause in its own words:") and "stale lock file" in step
    assert "The message names its likely cause" in explain(text).summary
    # a warning's guess, or a debugging hint, is no cause of the failure
    warned = "WARNING: slow start. This might be caused by a cold cache.\nRuntimeError: zorb pool died"
    assert suspected_cause(warned, levels(warned)) == ""


_ORT_SESSION = (
    'Traceback (most recent call last):\n  File "app.py", line 4, in <module>\n'
    '    sess = ort.InferenceSession("m.onnx", providers=["CUDAExecutionProvider"])\n'
    '  File "/usr/lib/python3/site-packages/onnxruntime/capi/onnxruntime_inference_collection.py", line 419, in '
    "__init__\n    self._create_inference_session(providers, provider_options, disabled_optimizers)\n"
    "onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : zorb node refused"
)


def test_onnxruntime_creating_a_session_is_the_load() -> None:
    stage, step, command = _miss(_ORT_SESSION)
    assert stage == "load" and "could not create the session" in step
    assert "m.opset_import" in command and "get_available_providers" in command
    # the session made, then run: the run is the stage
    ran = 'sess = rt.InferenceSession("model.onnx")\noutput = sess.run(["prob"], {"d": x})[0]\nRuntimeError: zorb'
    assert _miss(ran)[0] == "runtime"


def test_a_dotnet_exception_is_not_pythons() -> None:
    text = (
        "Unhandled exception. Microsoft.ML.OnnxRuntime.OnnxRuntimeException: [ErrorCode:Fail] zorb provider refused\n"
        "   at Microsoft.ML.OnnxRuntime.InferenceSession.Init(String modelPath, SessionOptions options)\n"
        "   at Microsoft.ML.OnnxRuntime.InferenceSession..ctor(String modelPath, SessionOptions options)\n"
        "   at Program.Main()"
    )
    stage, step, _ = _miss(text)
    assert stage == "load" and step.startswith("the program is not Python (a .NET program")
