"""`explain`, round forty-eight (issue 36), the engine: an exception line a console split after its class ("ValueError"
/ ":" / the message) is one line; a message printed above its frames (innermost first) is the error, not a cut
traceback; an issue title that names a GPU's fault is the failure over a body of warnings; a fallback to a slower
path is a going-on notice; a tool's own "Impossible to ..." / "Unable to ..." line is an error line; a message's
"Alternatively, ..." remedy comes after its first one; cuBLAS's status numbers are read as its names; a native crash
after a CPU-only quantized model was put on the GPU names that. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_an_exception_line_split_after_its_class_is_one_line() -> None:
    for text in (
        'Traceback (most recent call last):\nFile "app\\loader.py", line 20, in run\nValueError\n:\n'
        "Cannot copy out of meta tensor; no data!",
        'Traceback (most recent call last):\nFile "app\\loader.py", line 20, in run\nValueError\n: '
        "Cannot copy out of meta tensor; no data!",
    ):
        found = explain(text)
        assert found and found[0].key == "accelerate-meta-offload", [e.key for e in found]
        assert found.first_error.startswith("ValueError: Cannot copy out of meta tensor")
    # a class alone on its line with no colon after it: nothing to join
    found = explain('Traceback (most recent call last):\nFile "a.py", line 2, in f\nValueError\nsomething else here')
    assert not found.first_error.startswith("ValueError: something")


_FRAMES_INNERMOST_FIRST = (
    '  File "/env/lib/python3.9/site-packages/torch/serialization.py", line 801, in _legacy_load\n'
    "    magic_number = pickle_module.load(f, **pickle_load_args)\n"
    '  File "/env/lib/python3.9/site-packages/torch/serialization.py", line 620, in load\n'
    "    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)\n"
    '  File "/work/detector/utils/ckpt.py", line 44, in restore\n'
    "    state = torch.load(f)\n"
)


def test_a_message_above_its_frames_is_the_error_not_a_cut_paste() -> None:
    for message, key in (
        ("Ran out of input", "py-model-file-incomplete"),
        ("invalid load key, '<'.", "torch-checkpoint-corrupt"),  # (its own family, keyed to the message)
    ):
        found = explain(f"{message}\n{_FRAMES_INNERMOST_FIRST}")
        assert found and found[0].key == key, (message, [e.key for e in found])
    # the same frames cut with no message above them: the paste is incomplete, and says so
    found = explain("Traceback (most recent call last):\n" + _FRAMES_INNERMOST_FIRST)
    assert not found or found[0].key != "py-model-file-incomplete"
    # a message above frames of another function: the message is read as the error (no cut-traceback miss)
    found = explain(
        "Expected a dict of tensors\n"
        '  File "/work/proj/train.py", line 9, in main\n    run(cfg)\n'
        '  File "/work/proj/run.py", line 30, in run\n    model.load(cfg)\n'
    )
    assert found.first_error == "Expected a dict of tensors", found.summary


def test_a_gpu_fault_in_the_title_over_warnings_is_the_failure() -> None:
    body = (
        "[1] Loading the text encoder (GPTQ)...\n"
        "/site-packages/auto_gptq/nn_modules/triton_utils/kernels.py:410: FutureWarning: `torch.cuda.amp.custom_fwd"
        "(args...)` is deprecated.\n"
        "CUDA extension not installed.\n"
    )
    found = explain("(issue title: Memory access fault by GPU node-2 on address 0x7f00. Reason: Unknown.)\n" + body)
    # the title's fault has a family (rocm-gpu-memory-access-fault): it ranks above the body's warning family
    assert found[0].key == "rocm-gpu-memory-access-fault", [e.key for e in found]
    assert not found.summary.startswith("Warning, no failure")
    # the same warnings under a title that names no failure: only warnings
    found = explain("(issue title: slow text encoder loading)\n" + body)
    assert found.outcome != "unexplained"


def test_a_fallback_to_a_slower_path_is_no_failure() -> None:
    for line in (
        "Linear8 fast kernel failed, falling back to dequantization: scales must be fp32 tensors.",
        "fused attention not supported, using the reference kernel",
        "int4 matmul unavailable for this GPU; dequantizing weights to fp16 instead",
    ):
        found = explain("Sampler\n" + line)
        assert found.outcome == "warnings-only", (line, found.summary)
        assert "fast path" in found.summary
    # advice to fall back, and an exception's message: failures
    found = explain("RuntimeError: kernel failed; use --slow to fall back to the reference path")
    assert found.outcome != "warnings-only"
    # a fallback to the CPU keeps its own answer (the GPU left unused)
    found = explain("Loading the model\nGPU init failed, falling back to CPU")
    assert "fast path" not in found.summary


def test_a_tools_own_failure_sentence_is_an_error_line() -> None:
    for text in ("Impossible to initialize the sensor library : version mismatch", "Unable to open the device file"):
        found = explain(text)
        assert "shows no error line" not in found.summary, found.summary
        assert found.first_error == text
    # lower case, mid-sentence: no error line of its own
    found = explain("the tool says it was unable to decide, then finished normally")
    assert found.first_error == ""


def test_a_second_remedy_comes_after_the_first() -> None:
    text = (
        "ValueError: The weights of the layer were placed on a device with no room. Please provide an `spill_dir` "
        "for them. Alternatively, make sure you have `fastformat` installed."
    )
    found = explain(text)
    step = found.next_step or ""
    assert "spill_dir" in step and step.index("spill_dir") < step.index("Alternatively"), step
    # a request for the user's log is no remedy
    found = explain("RuntimeError: Something broke. Please provide the full log when you report it.")
    assert "Please provide the full log" not in (found.next_step or "")


def test_cublas_status_numbers_are_read_as_their_names() -> None:
    for text, key in (
        ("RuntimeError: cuBLAS error at /src/gemm/runner.cu:88 code=15", "torch-cublas-not-supported"),
        ("terminate called: CUBLAS_STATUS 8 in my_gemm()", "torch-cublas-not-supported"),
    ):
        assert first(text)[0] == key, text
    # a number that is no status (a line number, a version) adds no name
    found = explain("cuBLAS error at /src/gemm/runner.cu:15 (see log)")
    assert not found or found[0].key != "torch-cublas-not-supported"
    found = explain("Using cuBLAS 12.4 with status OK")
    assert not found or found[0].key != "torch-cublas-not-supported"


def test_a_crash_after_a_cpu_quantized_model_is_put_on_the_gpu() -> None:
    head = "model = torch.ao.quantization.convert(prepared)  # fbgemm backend\n"
    found = explain(head + "model = model.cuda()\nSegmentation fault (core dumped)")
    assert found and found[0].key == "native-crash" and "on the CPU" in found[0].fix, found[0].fix
    # quantized, but on the CPU; or on the GPU, not quantized: the general crash fix
    for text in (head + "Segmentation fault (core dumped)", "model = model.cuda()\nSegmentation fault (core dumped)"):
        found = explain(text)
        assert found and found[0].key == "native-crash" and "CPU-only" not in found[0].fix
