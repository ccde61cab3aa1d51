"""`explain`, round fifty-one (issue 36): what a miss says when no family knows its text. A remedy's words ("Please
install X", a quoted `pip install`) name the fix, not the stage that failed; pip's own lines are pip's only in its own
case and a download only of a package's file; an error raised in an installed library's code gets that library's
release as its step, not a rerun for the line already pasted; a message's own words for its likely cause come first."""

from __future__ import annotations

import pytest
from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.miss import failed_module, raising_library, suspected_cause, without_remedies
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


@pytest.mark.parametrize(
    ("text", "module"),
    [
        ("ModuleNotFoundError: No module named 'zorb._ext'", "zorb._ext"),
        ("ImportError: cannot import name 'frob' from 'zorb.utils' (/x/zorb/utils.py)", "zorb.utils"),
        (
            "ImportError: /opt/venv/lib/python3.10/site-packages/zorbdino/_C.cpython-310-x86_64-linux-gnu.so: "
            "undefined symbol: _ZN3c104zorbEv",
            "zorbdino._C",
        ),
        (
            "ImportError: /root/.cache/torch_extensions/py310_cu121/zorb_adam/zorb_adam.so: cannot open shared "
            "object file: No such file or directory",
            "zorb_adam",
        ),
        (
            'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n    import zorbq\nSystemError: x',
            "zorbq",
        ),
    ],
)
def test_the_module_an_import_failed_on(text: str, module: str) -> None:
    assert failed_module(text) == module


def test_an_import_miss_names_its_module() -> None:
    stage, _, command = _miss(
        "ImportError: /opt/venv/lib/python3.10/site-packages/zorbdino/_C.cpython-310-x86_64-linux-gnu.so: "
        "zorb failed to register its kernels"
    )
    assert stage == "import" and command.startswith("python -X faulthandler -c 'import zorbdino._C'"), command
    # a native library's lib*.so is the loader's to read, not a module
    assert failed_module("OSError: libzorbrt.so.12: cannot open shared object file: No such file or directory") == ""


def test_a_title_that_is_a_warnings_line() -> None:
    # the user titled the report with the warning the program printed: its "failed to load" is the warning's
    found = explain(
        "(issue title: Warning: zorb_cpu.so failed to load.)\nzorb_lib shared object (dynamic library) zorb_cpu.so "
        "failed to load."
    )
    assert found.outcome == "warnings-only", found.summary
    # a title that states a failure keeps it
    found = explain("(issue title: zorb_cpu.so failed to load)\nzorb_lib shared object zorb_cpu.so failed to load.")
    assert found.outcome != "warnings-only"


def test_ldd_lists_a_library_that_does_not_resolve() -> None:
    key, _ = first(
        "site-packages/zorb/_libs/api.cpython-38-x86_64-linux-gnu.so:\n        libzorbnuma.so.1 => not found\n\n"
        "ImportError while importing test module 'tests/test_zorb.py'.\n"
        "Hint: make sure your test modules/packages have valid Python names."
    )
    assert key == "shared-library-not-found"


def test_a_libtorch_link_in_any_quote() -> None:
    for quote in ("`", "'", "‘"):
        close = "’" if quote == "‘" else "'"
        key, fix = first(
            f"Main.o:ghc_4.cpp:function inline_c_Main_0: error: undefined reference to {quote}c10::Symbol::"
            f"fromQualString(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > "
            f"const&){close}"
        )
        assert key == "build-libtorch-link-error" and "_GLIBCXX_USE_CXX11_ABI" in fix, quote


def test_directml_refused_by_the_device_or_its_dll() -> None:
    key, fix = first(
        "D:\\\\a\\\\_work\\\\1\\\\s\\\\onnxruntime\\\\core\\\\providers\\\\dml\\\\dml_provider_factory.cc(520)\\\\"
        "onnxruntime.dll!00007FFBDAE7F9B9: (caller: 00007FFBDAE7FB21) Exception(1) tid(93ac) 887A0004"
    )
    assert key == "ort-directml-failure" and "System32" in fix and "next to onnxruntime.dll" in fix


def test_a_tools_fixed_hint_is_no_remedy() -> None:
    # pytest's hint under any test module's ImportError, XLA's under any ptxas failure
    text = (
        "ImportError while importing test module '/x/tests/test_zorb.py'.\nHint: make sure your test "
        "modules/packages have valid Python names.\nTraceback:\nzorb/__init__.py:14: in <module>\n"
        "    from zorb.core import run\nE   ImportError: zorb core refused to start"
    )
    assert "valid Python names" not in (explain(text).next_step or "")


def test_jaxlibs_own_xla_is_jax() -> None:
    found = explain(
        ">>> import jax.numpy as jnp\n>>> a + a\n2022-12-18 15:28:18.688396: F external/org_tensorflow/tensorflow/"
        "compiler/xla/service/gpu/nvptx_compiler.cc:453] ptxas returned an error during compilation of ptx to sass: "
        "'INTERNAL: zorb refused, output: '  If the error message indicates that a file could not be written, please "
        "verify that sufficient filesystem space is provided."
    )
    assert found.first_answer == "miss" and "JAX / XLA" in found.summary, found.summary
    assert "sufficient filesystem space" not in (found.next_step or "")


def test_cudnn_missing_one_of_its_parts_on_windows() -> None:
    key, fix = first("Could not locate cudnn_engines_tensor_ir64_9.dll\nCUDNN_STATUS_SUBLIBRARY_LOADING_FAILED")
    assert key == "serve-cudnn-sublibrary" and "one cuDNN release" in fix and "on PATH" in fix
    assert "LD_LIBRARY_PATH" not in fix  # Windows' DLLs: its PATH
    # cuDNN of the wrong major, without cuDNN's own status: the CUDA library major keeps its answer
    assert first("Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!")[0] == (
        "cuda-library-major"
    )


def test_faiss_gemm_of_a_huge_distance_matrix() -> None:
    head = (
        "Faiss assertion 'err == CUBLAS_STATUS_SUCCESS' failed in void faiss::gpu::runMatrixMult(...) at "
        "/project/faiss/faiss/gpu/utils/MatrixMult-inl.cuh:265; details: cublas failed (13): "
    )
    key, fix = first(head + "(512, 128) x (262144, 128)' = (512, 262144) gemm params m 262144 n 512 k 128")
    assert key == "cublas-failure-other-framework" and "fewer centroids" in fix
    # a small GEMM that fails: the build, not the size
    key, fix = first(head + "(512, 128) x (27, 128)' = (512, 27)\nAborted (core dumped)")
    assert key == "cublas-failure-other-framework" and "fewer centroids" not in fix and "faiss-gpu built" in fix


def test_an_op_every_cuda_build_has_refused_on_cuda() -> None:
    text = (
        "Error: Cannot construct model\n\nCaused by:\n    Internal torch error: Could not run "
        "'aten::empty.memory_format' with arguments from the 'CUDA' backend. This could be because the operator "
        "doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom "
        "build).\n\n    CPU: registered at aten/src/ATen/RegisterCPU.cpp:16286 [kernel]\n"
    )
    key, fix = first(text)
    assert key == "torch-cpu-build" and "LIBTORCH" in fix
    # an op a CUDA build may lack keeps its own answer
    key, _ = first("NotImplementedError: Could not run 'quantized::linear' with arguments from the 'CUDA' backend.")
    assert key == "torch-op-no-cuda-kernel"


def test_triton_shared_memory_on_a_64kb_gpu() -> None:
    line = (
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: "
        "{limit}. Reducing block sizes or `num_stages` may help."
    )
    key, fix = first(line.format(limit=65536))
    assert key == "kern-triton-out-of-resources" and "Ampere or newer GPU" in fix
    key, fix = first(line.format(limit=101376))
    assert key == "kern-triton-out-of-resources" and "Ampere or newer GPU" not in fix


def test_xlas_ptxas_that_failed_without_a_word() -> None:
    key, fix = first(
        "2022-12-18 15:28:18.688396: F external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:"
        "453] ptxas returned an error during compilation of ptx to sass: 'INTERNAL: ptxas exited with non-zero error "
        "code -1, output: '  If the error message indicates that a file could not be written, please verify that "
        "sufficient filesystem space is provided."
    )
    assert key == "kern-ptxas-too-old" and "printed nothing" in fix and "nvidia-cuda-nvcc" in fix
