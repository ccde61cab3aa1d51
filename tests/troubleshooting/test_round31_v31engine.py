"""`explain`, round thirty-one (issue 36), the engine: what is an error line and what the first answer heads. A
compiler driver's own "gcc: fatal error: no input files", ninja's "FAILED: x.cuda.o" and macOS dyld's "Symbol not
found" are error lines; a traceback that a warning record carries (logging's exc_info at WARNING level) is that
warning's when the program logged on; a statement at the interactive prompt that printed a library's error words and
gave the prompt back ran; a warnings-only text whose words say the work went to the CPU names that cost; a bare
"x.so: undefined symbol: y" is a failure; a library's own sentence that a part was not built is a miss's finding.
Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_NVCC_NOTICE = (
    "nvcc warning : The 'compute_35', 'compute_37', 'sm_35', and 'sm_37' architectures are deprecated, and may be "
    "removed in a future release (Use -Wno-deprecated-gpu-targets to suppress warning).\n"
)


def test_compiler_driver_lines_are_error_lines() -> None:
    for failing in (
        "g++: error: ops.cpp: No such file or directory\ng++: fatal error: no input files\ncompilation terminated.\n",
        "/usr/bin/ld: cannot find -lcusparse\ncollect2: error: ld returned 1 exit status\n",
        "x86_64-linux-gnu-gcc: fatal error: cannot execute 'cc1plus': execvp: No such file or directory\n",
    ):
        result = explain(_NVCC_NOTICE + failing)
        assert result.outcome != "warnings-only", (failing, result.summary)
    # near miss: the driver's own warning and nvcc's notice only: nothing failed
    result = explain(_NVCC_NOTICE + "gcc: warning: '-x c++' after last input file has no effect\n")
    assert result.outcome == "warnings-only", result.summary


def test_a_ninja_failure_of_a_jit_extension_is_the_compile_stage() -> None:
    text = (
        "[1/3] /usr/local/cuda-11.3/bin/nvcc -DTORCH_EXTENSION_NAME=gather_ops -isystem /opt/env/include -c "
        "gather.cu -o gather.cuda.o\nFAILED: gather.cuda.o\n/usr/local/cuda-11.3/bin/nvcc --generate-dependencies-"
        "with-compile -DTORCH_EXTENSION_NAME=gather_ops -c gather.cu ...\n"
    )
    result = explain(text)
    assert result.stage == "compile", result.summary
    assert "torch_extensions" in result.command and "torch.version.cuda" in result.command
    # a specific cause line in the same log is the answer (ranking), and the generic summary is not first
    host = text + (
        "/usr/local/cuda-11.3/include/crt/host_config.h:139:2: error: #error -- unsupported GNU version! gcc versions "
        "later than 10 are not supported!\nninja: build stopped: subcommand failed.\n"
        "RuntimeError: Error building extension 'gather_ops'\n"
    )
    assert first(host)[0] == "build-nvcc-host-compiler"
    header = text + (
        "gather.cu:2:10: fatal error: cusparse.h: No such file or directory\nninja: build stopped: subcommand failed.\n"
    )
    assert first(header)[0] != "build-extension-compile-failed"


def test_macos_dyld_symbol_not_found_is_an_import() -> None:
    text = (
        "ImportError: dlopen(/Users/me/env/lib/python3.9/site-packages/my_ext/_C.so, 2): Symbol not found: "
        "__ZN3c1017RegisterOperatorsD1Ev\n  Referenced from: /Users/me/env/lib/python3.9/site-packages/my_ext/_C.so\n"
        "  Expected in: /Users/me/env/lib/python3.9/site-packages/torch/lib/libtorch_cpu.dylib\n"
    )
    result = explain(text)
    if result.outcome in ("unexplained", "no-match"):
        assert result.stage == "import", result.summary
    # IPython's traceback under the line is a traceback: no "exception line without its traceback"
    ipython = (
        "OSError: dlopen(/Users/me/env/lib/python3.8/site-packages/my_ext/_ops.so, 6): Symbol not found: "
        "__ZNK2at6Tensor5dtypeEv\n  Referenced from: /Users/me/env/lib/python3.8/site-packages/my_ext/_ops.so\n"
        "---------------------------------------------------------------------------\n"
        "OSError                                   Traceback (most recent call last)\n"
        "<ipython-input-3-1a2b3c> in <module>\n----> 1 import my_ext\n\n"
        "~/env/lib/python3.8/site-packages/my_ext/__init__.py in <module>\n"
    )
    result = explain(ipython)
    assert "without its traceback" not in result.summary, result.summary
    if result.outcome in ("unexplained", "no-match"):
        assert result.stage == "import", result.summary


def test_a_traceback_a_warning_record_carries_is_a_warning() -> None:
    record = "2024-02-03 10:11:12,345 mylib.monitor 4242 WARNING  Failed to read the power draw of GPU 0\n"
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/opt/env/lib/python3.10/site-packages/mylib/monitor.py", line 88, in poll\n'
        "    watts = query_power(handle)\n"
        "mylib.gpu.QueryError: (3) Not Supported\n"
    )
    later = "2024-02-03 10:11:13,001 mylib.session 4242 INFO     Session ready\n"
    result = explain(record + tb + later)
    assert result.outcome == "warnings-only", result.summary
    # near miss: the same traceback at the end, with nothing logged after it: the run stopped there
    assert explain(record + tb).outcome != "warnings-only"
    # near miss: a chained exception after it is no warning's traceback
    chained = record + tb + "\nDuring handling of the above exception, another exception occurred:\n\n" + tb + later
    assert explain(chained).outcome != "warnings-only"


def test_a_statement_that_gave_the_prompt_back_ran() -> None:
    text = (
        ">>> import graphlib_ext\n[10:02:33] /build/src/runtime/plugin.cc:51: PluginLoader: dlopen failed: "
        "/opt/env/lib/python3.9/site-packages/graphlib_ext/plugins/libadapter_2.1.so: cannot open shared object "
        "file: No such file or directory\nUsing backend: numpy\n>>>\n"
    )
    result = explain(text)
    assert result.outcome == "warnings-only", result.summary
    # near miss: the statement raised (a traceback before the prompt came back)
    raised = text.replace(
        "Using backend: numpy\n",
        'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
        "OSError: libadapter_2.1.so: cannot open shared object file: No such file or directory\n",
    )
    assert explain(raised).outcome != "warnings-only"
    # near miss: no prompt after it: the statement may not have returned
    assert explain(text.rsplit(">>>", 1)[0]).outcome != "warnings-only"


def test_warnings_that_say_the_work_went_to_the_cpu_name_the_cost() -> None:
    text = (
        "train.py:40: UserWarning: The default value of num_workers will change in a future release.\n"
        "Warning: the GPU build of the graph library is missing. Falling back to CPU.\n"
        "INFO:train:epoch 1 started\n"
    )
    result = explain(text)
    assert result.outcome == "warnings-only"
    assert "CPU" in result.summary and "harmless" not in result.summary, result.summary
    assert result.stage == "runtime"
    # near miss: warnings that say nothing of the CPU stay harmless
    plain = "train.py:40: UserWarning: The default value of num_workers will change in a future release.\n"
    assert "harmless" in explain(plain).summary


def test_a_library_warning_of_what_the_user_attempts_is_a_notice() -> None:
    text = (
        "You are attempting to use SDPA attention with a model not moved to the GPU. Make sure to move the model "
        "to the GPU with `model.to('cuda')` before generating."
    )
    result = explain(text)
    assert result.outcome == "warnings-only", result.summary
    assert "model.to('cuda')" in result.summary
    # near miss: the same words inside an exception line are a failure
    assert explain("RuntimeError: " + text).outcome != "warnings-only"


def test_a_bare_undefined_symbol_line_is_a_failure() -> None:
    text = (
        "/opt/env/lib/python3.10/site-packages/bitsandbytes/cextension.py:34: UserWarning: The installed version of "
        "bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization "
        'are unavailable.\n  warn("The installed version of bitsandbytes was compiled without GPU support. "\n'
        "/opt/env/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cpu.so: undefined symbol: "
        "cquantize_blockwise_fp16_nf4\n"
    )
    result = explain(text)
    assert not result.summary.startswith("Warning, no failure"), result.summary


def test_a_library_sentence_of_what_was_not_built_is_the_finding() -> None:
    text = (
        "gpu kernels were not compiled during setup!\nTraceback (most recent call last):\n"
        '  File "run.py", line 9, in <module>\n    scores = scorer.score_gpu(batch)\n'
        '  File "/opt/env/lib/python3.10/site-packages/fastscore/gpu.py", line 31, in score_gpu\n'
        "    require_extension('kernels')\n"
        '  File "/opt/env/lib/python3.10/site-packages/fastscore/util.py", line 12, in require_extension\n'
        "    raise err\n"
    )
    result = explain(text)
    assert "gpu kernels were not compiled during setup!" in result.summary, result.summary
    assert "pip install" in result.command
    # near miss: a cut traceback without such a sentence keeps asking for the traceback's end
    assert "tail -n 60" in explain(text.split("\n", 1)[1]).command
