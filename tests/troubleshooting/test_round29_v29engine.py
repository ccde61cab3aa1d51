"""`explain`, round twenty-nine (issue 36), the engine: a miss's next step fits what the text shows, and a warning that
means a failure in a text that shows none says first that nothing failed.

A message that says what to do ("Please rebuild ...", "... must not be created in ...", "... has been created before
importing ...", "Installing ... will fix the problem") is quoted as the first step; a program that is not Python (.NET,
Rust, a native ggml library's log) gets its own log and the native library it loads, not a Python rerun or debugger;
a text without an error that shows speed (progress bars, printed times, a CPU-only build) gets a performance and
placement step; a bare "Exception: ..." is an error line; a binary's notice of CPU instructions it was not compiled to
use is no build. Near misses keep their other steps. The texts are this file's own, of made-up libraries."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchtrt_compat.cli import main
from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.miss import (
    gpu_library,
    not_python,
    partly_offloaded,
    ran_out_of_device_memory,
    said_to_do,
    speed_report,
)
from torchtrt_compat.troubleshooting.severity import levels

_SAID = "the message says what to do"


def _said(text: str) -> str:
    return said_to_do(text, levels(text))


def test_a_message_that_says_what_to_do_is_the_first_step() -> None:
    for text, quoted in (
        (
            "RuntimeError: Zorbnet was built without MPI support. Please rebuild zorbnet with ZORB_WITH_MPI=1.",
            "Please rebuild zorbnet with ZORB_WITH_MPI=1",
        ),
        ("ValueError: the render pool must be created before calling warmup_frames()", "must be created before"),
        (
            "Widgets must not be created in the main thread of the render server. Move widget creation into a "
            "worker process",
            "Widgets must not be created in the main thread",
        ),
        (
            "Exception: The installed frobnicator firmware is too old for this board.Installing the firmware from "
            "the vendor page will fix the problem: ...",
            "Installing the firmware from the vendor page will fix the problem",
        ),
    ):
        found = explain(text)
        assert found.first_answer == "miss" and found.stage == "runtime", found.summary
        step = found.next_step or ""
        assert step.startswith(_SAID) and quoted in step, step
        assert 'The message says what to do: "' in found.summary and "python -m pdb" not in (found.command or "")
        assert "nvidia-smi && python" not in (found.command or "")
    # the second sentence of the same message, when it says what to do too, comes with the first
    assert "Move widget creation into a worker process" in _said(
        "Widgets must not be created in the main thread. Move widget creation into a worker process"
    )


def test_a_broken_order_is_turned_into_the_order_it_asks_for() -> None:
    said = _said("RuntimeError: The device context has been created before importing the `quux_hooks` module")
    assert "(that is: import the `quux_hooks` module first, before the device context is created)" in said
    # no order, no such clause
    assert "that is:" not in _said("RuntimeError: Please reinstall quux_hooks")


def test_the_command_is_the_messages_own_or_the_librarys_report_of_its_build() -> None:
    pip = explain("RuntimeError: the zorb GPU kernels are missing. Please run `pip install zorb-cuda12` to get them.")
    assert pip.command == "pip install zorb-cuda12", pip.command
    # a feature the library says is off: its own report of its build
    ort = explain(
        "RuntimeError: the DirectML device is not available. Please confirm that DirectML is enabled in this "
        "onnxruntime build."
    )
    assert (ort.next_step or "").startswith(_SAID) and "get_available_providers" in (ort.command or "")
    # the driver: the driver and toolkit installed
    drv = explain("Exception: Zorb refuses this setup. Please install the NVIDIA driver that came with the toolkit.")
    assert "nvidia-smi" in (drv.command or "") and "nvcc --version" in (drv.command or "")


def test_requests_for_help_bug_reports_and_debug_hints_are_no_instruction() -> None:
    for text in (
        "Please help, the GPU is not detected by my program",
        "INTERNAL ERROR: please report this bug to the zorb developers",
        "RuntimeError: frobnication of the batch failed. For more details, set FROB_DEBUG=1.",
        "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
        "Use 12 cpu cores for computing\n...\nFalse",
    ):
        assert not (explain(text).next_step or "").startswith(_SAID), text
        assert _said(text) == "", text
    # a warning's advice in a failing text is not the failure's remedy: only error lines are read
    text = (
        "zorb.py:3: UserWarning: please reinstall zorbext for faster kernels\nTraceback (most recent call last):\n"
        "  File \"run.py\", line 3, in <module>\nKeyError: 'bar'"
    )
    assert _said(text) == "" and "pdb" in (explain(text).command or "")


def test_a_bare_exception_is_an_error_line() -> None:
    text = "Exception: something went wrong in the zorb loader"
    assert levels(text).errors == 1
    found = explain(text)
    assert found.stage == "runtime" and found.first_error.startswith("Exception:")
    assert "a guess from its words" not in found.summary
    # a number after "Error:" is a metric, not an error
    assert levels("Error: 0.0421\nAccuracy: 0.91").errors == 0


def test_a_guessed_stage_does_not_claim_there_is_no_error_line() -> None:
    found = explain("my training on the GPU got stuck overnight")
    assert found.first_answer == "miss" and "a guess from its words" in found.summary
    assert "shows no error line" not in found.summary + (found.next_step or "")
    assert "no traceback or log line" in found.summary


def test_a_cuda_library_named_without_a_cuda_error_code_is_its_version() -> None:
    found = explain("RuntimeError: cuBLASLt heuristic returned no algorithm for the zorb matmul of shape [3, 7]")
    assert found.first_answer == "miss"
    assert "cuBLASLt" in (found.next_step or "") and "built for" in (found.next_step or "")
    assert "nvidia-(cudnn|cublas" in (found.command or "")
    assert gpu_library("no supported configs for cudnn-conv-bias-activation") == "cuDNN"
    # no CUDA library named: the step of a library's own error
    plain = explain("RuntimeError: the zorb matmul of shape [3, 7] has no algorithm")
    assert "cuBLAS" not in (plain.next_step or "")


def test_a_program_that_is_not_python_gets_its_own_log_and_native_library() -> None:
    dotnet = explain(
        "Fatal error. System.AccessViolationException: Attempted to read or write protected memory. This is often "
        "an indication that other memory is corrupt.\n   at Zorb.Native.Interop.zorb_run(IntPtr ctx)\n"
        "   at Zorb.Engine.Run()"
    )
    assert dotnet.first_answer == "miss" and dotnet.stage == "runtime" and dotnet.first_error
    step, command = dotnet.next_step or "", dotnet.command or ""
    assert step.startswith("the program is not Python (a .NET program") and "CUDA Version" in step
    assert "pdb" not in command and "python your_script.py" not in command and "dumpbin" in command
    rust = explain(
        "thread 'main' panicked at src/engine.rs:42:9:\nzorb device init returned 3\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
    )
    assert (rust.next_step or "").startswith("the program is not Python (a Rust program")
    assert "a guess from its words" not in rust.summary  # the panic is an error line
    assert not_python("goroutine 7 [running]:\nmain.run()") == "Go"
    java = (
        'Exception in thread "main" java.lang.UnsatisfiedLinkError: no zorbjni in java.library.path\n'
        "\tat java.base/java.lang.ClassLoader.loadLibrary(ClassLoader.java:2458)"
    )
    assert not_python(java) == "Java"
    # a native library's allocation failure: the device's memory, not the CUDA runtime's major
    ggml = "zorb_ctx_init: loading model\nggml_gallocr_reserve_n: failed to allocate Vulkan0 buffer of size 1234567"
    assert not_python(ggml) == "ggml" and "Vulkan0 buffer" in ran_out_of_device_memory(ggml)
    offload = "load_tensors: offloading 30 repeating layers to GPU\nload_tensors: offloaded 31/41 layers to GPU"
    assert partly_offloaded(offload) == "offloaded 31/41 layers to GPU"
    assert partly_offloaded("load_tensors: offloaded 41/41 layers to GPU") == ""


def test_a_binding_that_runs_under_python_stays_python() -> None:
    text = (
        "ggml_cuda_init: found 1 CUDA devices\nTraceback (most recent call last):\n"
        '  File "chat.py", line 4, in <module>\nZorbError: the prompt is too long'
    )
    assert not_python(text) == ""
    assert not (explain(text).next_step or "").startswith("the program is not Python")


def test_a_text_of_speed_gets_a_performance_and_placement_step() -> None:
    bars = (
        "Encoding frames..\n100%|#####| 50/50 [02:30<00:00,  3.01s/it]\nDecoding..\n"
        "100%|#####| 50/50 [00:10<00:00,  4.90it/s]"
    )
    found = explain(bars)
    assert found.first_answer == "miss" and found.stage == "runtime"
    assert found.summary.startswith("No known error matched, and nothing failed")
    step = found.next_step or ""
    assert "same process that runs the job" in step and "nvidia-smi dmon" in step and "progress bars" in step
    assert (found.command or "").startswith("nvidia-smi dmon")
    timings = (
        "[gpu run]\nelapsed: 3.90 s\nelapsed: 0.81 s\nelapsed: 0.79 s\nelapsed: 0.80 s\n"
        "[cpu run]\nelapsed: 1.10 s\nelapsed: 0.95 s\nelapsed: 0.97 s"
    )
    speed = speed_report(timings)
    assert speed is not None and speed.warm_up and speed.gpu_and_cpu and not speed.progress
    step = explain(timings).next_step or ""
    assert "start-up" in step and "batch the inputs" in step
    # the text's own words that the work runs on the CPU
    placed = speed_report("zorb 1.4\ntorch 2.3.1+cpu\nstarting")
    assert placed is not None and placed.on_the_cpu == "2.3.1+cpu"


def test_a_failure_or_wrong_numbers_beside_timings_is_no_text_of_speed() -> None:
    for text in (
        "100%|#####| 50/50 [02:30<00:00,  3.01s/it]\nTraceback (most recent call last):\n"
        '  File "a.py", line 1, in <module>\nZorbError: bad frame',
        "step 300 loss: nan\ntime: 1.2 s\ntime: 1.3 s",
        "| Step=55 Loss=7.0 Time=21:10:28\n| Step=56 Loss=7.0 Time=21:10:29",  # clock times, not durations
        "Fetching 12 files: 100%|#####| 12/12 [00:00<?, ?it/s]",  # a bar without a rate
    ):
        assert speed_report(text) is None or explain(text).first_answer != "miss", text
        assert not (explain(text).next_step or "").startswith("the text shows no error, only how fast"), text


def test_harmless_warnings_beside_progress_bars_point_at_speed() -> None:
    text = (
        "/x/zorb/io.py:10: FutureWarning: `resume_download` is deprecated\n  warnings.warn(\n"
        "100%|#####| 50/50 [02:30<00:00,  3.01s/it]\n"
    )
    found = explain(text)
    assert found.first_answer == "warnings-only" and "nvidia-smi dmon" in found.summary
    assert (found.next_step or "").startswith("the text shows no error, only how fast")
    # a warning's own words of speed are not a text of speed
    words = "/x/zorb/io.py:10: UserWarning: too many workers might get the loader running slow"
    assert "nvidia-smi dmon" not in explain(words).summary


def test_a_cpu_instruction_notice_is_no_build() -> None:
    found = explain("Your machine supports instructions that this FooML binary was not compiled to use: AVX512F")
    assert found.first_answer == "warnings-only" and found.stage != "compile"
    # a text that speaks of compiling still guesses the build
    assert explain("the module has to be compiled first").stage == "compile"


def test_a_warning_that_means_a_failure_says_first_that_nothing_failed() -> None:
    warning = (
        "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:861 CreateExecutionProviderInstance] Failed to create "
        "CUDAExecutionProvider. Please reference the requirements to ensure all dependencies are met."
    )
    alone = explain(warning)
    assert alone.first_answer == "ort-provider-fallback"
    assert alone.summary.startswith("Warning, no failure:") and "the run goes on without" in alone.summary
    # the same warning in a text that also shows a failure keeps its heading
    failed = explain(
        warning + '\nTraceback (most recent call last):\n  File "a.py", line 9, in <module>\n'
        "ZorbError: output folder is read-only"
    )
    assert failed.first_answer == "ort-provider-fallback"
    assert failed.summary.startswith("Warning that means a failure:"), failed.summary


def test_a_bracketed_time_and_a_ray_prefix_before_the_level_give_the_line_its_level() -> None:
    # a DeepSpeed-style logger line ("[time] [LEVEL] [file.py:N:func] msg"), alone and behind Ray's worker prefix: its
    # WARNING is a warning, so a text of it alone shows no failure
    line = (
        "[2025-02-03 04:05:06,789] [WARNING] [accel.py:12:pick] Setting accelerator to CPU. If you have GPU or other "
        "accelerator, we were unable to detect it."
    )
    for text in (line, f"(TrainerActor pid=4242) {line}", f"(pid=77, ip=10.1.2.3) {line}"):
        lv = levels(text)
        assert lv.warnings == 1 and lv.errors == 0, text
        assert explain(text).summary.startswith("Warning, no failure"), text
    # near miss: the same format at ERROR level is an error line
    assert levels(line.replace("[WARNING]", "[ERROR]")).errors == 1


def test_an_info_only_log_asks_the_framework_it_shows_for_its_devices() -> None:
    tf = (
        "2025-02-03 04:05:06.000001: I tensorflow/core/common_runtime/placer.cc:114] model/dense/MatMul: "
        "(MatMul): /job:localhost/replica:0/task:0/device:CPU:0\n"
    )
    assert "tf.config.list_physical_devices('GPU')" in explain(tf).summary
    jax = "I0203 04:05:06.000000 140000 xla_bridge.py:500] Remaining devices after filtering: cpu\n"
    assert "jax.devices()" in explain(jax).summary
    # near miss: a log of no framework that has its own question keeps torch's
    other = "I0203 04:05:06.000000 140000 loader.cc:12] torch model loaded in 3.2 s\n"
    assert "torch.cuda.is_available()" in explain(other).summary


def test_a_line_without_a_level_that_found_nothing_it_needs_is_a_failure() -> None:
    # a warning-that-means-a-failure family on a line with no level mark: "could not find any" is a failure word
    text = (
        "Autotuner could not find any supported configs for HLO:\n"
        "  %cudnn-conv.12 = (f32[8,64,56,56]{3,2,1,0}, u8[0]{0}) custom-call(...),\n"
        '    custom_call_target="__cudnn$convForward"'
    )
    found = explain(text)
    assert found[0].key == "fw-cuda-library-older" and found.summary.startswith("Failure"), found.summary
    # near miss: a library's notice pasted without its logger's prefix stays a warning
    notice = "Could not find cuda drivers on your machine, GPU will not be used."
    assert not explain(notice).summary.startswith("Failure"), explain(notice).summary


def test_the_cli_prints_the_next_step_of_a_warnings_only_text_that_has_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # harmless warnings beside progress bars: nothing failed (exit 0), and the performance step is printed
    slow = tmp_path / "slow.txt"
    slow.write_text(
        "Encoding: 100%|##########| 300/300 [03:20<00:00,  1.50it/s]\n"
        "Rendering: 100%|##########| 30/30 [00:45<00:00,  1.52s/it]\n"
        "/opt/app/util.py:7: FutureWarning: the default will change\n"
    )
    assert main(["explain", str(slow)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Only warnings") and "\nNext step: " in out and "\nRun: nvidia-smi dmon" in out
    # near miss: warnings alone, with no speed shown, print no step
    plain = tmp_path / "plain.txt"
    plain.write_text("/opt/app/util.py:7: FutureWarning: the default will change\n")
    assert main(["explain", str(plain)]) == 0
    assert "Next step" not in capsys.readouterr().out
