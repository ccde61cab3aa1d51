"""`explain`, round seven (issue 36): the engine-level classes a blind sample drawn after round six showed
(``tests/data/explain_round7.jsonl``), each checked against the wording of its source: the shell's and the kernel's
reports of a killed or crashed process (bash's job report, glibc's translated signal names), argparse's usage errors,
CUDA's error 304 read by its number instead of a shorter message inside its own, a letter-spaced (UTF-16) paste, a
paste of a logger's info lines only, DeepStream's nvinfer levels and a native build's stage.
"""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def first(text: str) -> str:
    return explain(text).first_answer


def test_crashes_and_kills_in_the_shells_and_the_kernels_words() -> None:
    # bash's job report: a line that ends a build the OOM killer stopped is a failure, not "only warnings"
    killed = explain(
        "[TRT] [W] CUDA lazy loading is not enabled.\n"
        "ma.sh: line 1: 41317 Killed                  python build.py --model_dir ./model/llama --dtype float16"
    )
    assert killed.outcome == "explained" and killed[0].key == "py-process-killed"
    assert "dmesg" in killed[0].fix
    assert first("Killed signal terminated program cc1plus") == "py-process-killed"
    assert first("ERROR: process exited with code 137") == "py-process-killed"
    # "Killed" inside a sentence is no kill
    assert first("INFO: Killed 3 stale workers and restarted them") != "py-process-killed"

    # a native crash names where to look next, and the situation the text shows
    cached = explain(
        "Loading cached TensorRT engine from engines/FLOAT/engine_bs_1.buf\nRunning webcam: True\n"
        "Segmentation fault (core dumped)"
    )
    assert cached[0].key == "native-crash" and cached[0].situation == "after loading a saved engine"
    assert cached[0].confidence == "likely"
    parsing = explain(
        "[TRT] [V] Registering layer: /img_neck/Resize for ONNX node: /img_neck/Resize\n"
        "Segmentation fault (core dumped)"
    )
    assert parsing[0].situation == "while parsing the ONNX model"
    # glibc's zh_CN "Segmentation fault (core dumped)", after onnxruntime's CUDA provider
    ort = explain("options.AppendExecutionProvider_CUDA(cuda_options);\n段错误 (核心已转储)")
    assert ort[0].key == "native-crash" and ort[0].product == "onnxruntime"
    assert levels("Speicherzugriffsfehler (Speicherabzug geschrieben)").errors == 1
    # a crash alone says little of its cause: "likely", and the command that finds the library (round eight; before,
    # a miss that named the stage and the next command)
    bare = explain("Bus error (core dumped)")
    assert bare[0].key == "native-crash" and bare[0].confidence == "likely" and "faulthandler" in bare[0].fix

    # CUDA error 304's message holds "operation not supported": the number and the whole message decide
    os_call = explain("CUDA error 304 at ggml-cuda.cu:5065: OS call failed or operation not supported on this OS")
    assert os_call[0].key == "cuda-os-call-failed" and "seccomp" in os_call[0].fix
    assert "torch-operation-not-supported" not in [e.key for e in os_call]
    assert first("RuntimeError: CUDA error: operation not supported") == "torch-operation-not-supported"


def test_a_rejected_command_line() -> None:
    text = "usage: main.py [-h] [--onnx ONNX]\nmain.py: error: unrecognized arguments: --explicitBatch"
    assert first(text) == "py-cli-arguments"
    assert first("demo.py: error: the following arguments are required: --engine") == "py-cli-arguments"
    # a usage line inside prose is not a banner
    assert first("see the usage: docs for more") != "py-cli-arguments"


def test_pastes_that_show_no_failure_or_hide_it() -> None:
    # a logger's info lines only: nothing failed
    info = explain(
        "[12/20/2023-23:31:25] [TRT] [I] [MemUsageChange] TensorRT-managed allocation in engine deserialization: "
        "CPU +0, GPU +61, now: CPU 0, GPU 61 (MiB)"
    )
    assert info.outcome == "warnings-only"
    # bitsandbytes says it failed without a level mark: not "only warnings"
    bnb = explain(
        "CUDA Setup failed despite GPU being available\n"
        "main.py:166: UserWarning: lib64: did not contain ['libcudart.so'] as expected! Searching"
    )
    assert bnb.outcome != "warnings-only"
    # DeepStream's nvinfer marks its own levels
    ds = levels(
        "0:00:01.2 NvDsInferContext[UID 1]: Warning from NvDsInferContextImpl::generateBackendContext() "
        "<nvdsinfer_context_impl.cpp:1996> [UID = 1]: deserialize backend context from engine from file :w.engine "
        "failed, try rebuild"
    )
    assert ds.warnings == 1 and ds.errors == 0
    # an application's CPU fallback notice is torch seeing no GPU
    assert first("CUDA not available - defaulting to CPU. Note: This module is much faster with a GPU.") == (
        "cuda-unavailable"
    )


def test_a_letter_spaced_paste_is_read_as_words() -> None:
    spaced = " ".join("OSError: libcudnn_ops.so.9: cannot open shared object file")
    spaced = spaced.replace("     ", "   ")  # a space of the text shows as three
    found = explain(spaced)
    assert found.first_answer != "miss", spaced


def test_a_native_build_is_its_own_stage() -> None:
    text = (
        "CMakeFiles/pytrt.dir/build.make:120: recipe for target 'pytrt.so' failed\n"
        "make[2]: *** [pytrt.so] Error 1\nmake: *** [all] Error 2"
    )
    found = explain(text)
    assert found.first_answer == "miss" and found.stage == "compile" and found.command.startswith("make VERBOSE=1")


def test_a_megabyte_line_is_read_for_facts_at_its_ends() -> None:
    # a dump on one line costs each fact pattern a pass: its ends are read, where an error line's code is
    text = "x" * 300_000 + " CUDA error 304 at ggml-cuda.cu:5065: OS call failed or operation not supported on this OS"
    assert first(text) == "cuda-os-call-failed"
