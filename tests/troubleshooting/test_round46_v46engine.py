"""`explain`, round forty-six (issue 36), the engine: an issue title's crash words under a body that shows its own
exception; OpenCV's runtime error lines ("file:line: error: (-NNN:Name) ..."), which are no compiler's; the model
converters between frameworks (onnx-tensorflow, onnx2tf, X2Paddle, onnx2tflite, tf2onnx), whose misses are at export
with the converter's step; the bare "Exception:" that ends the first traceback of a chain; and an accelerator's step
that needs more than one device line beside another library's error. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_SHAPES = (
    'ValueError: Exception encountered when calling layer "tf.math.add_3" (type TFOpLambda).\n\n'
    "Dimensions must be equal, but are 64 and 3 for '{{node tf.math.add_3/Add}} = AddV2[T=DT_FLOAT](x, y)' with "
    "input shapes: [1,64,64,3], [1,3,1,1].\n"
)


def test_a_title_crash_does_not_outrank_the_body_exception() -> None:
    for crash in ("Segmentation fault (core dumped)", "Floating point exception (core dumped)", "Killed"):
        text = f"(issue title: converting my model with onnx2tf ends in {crash})\n" + _SHAPES
        found = explain(text)
        assert not found or found[0].key not in ("native-crash", "py-process-killed"), text
        if not found:  # (a family that reads the body's exception answers it: fine)
            assert found.stage == "export" and found.first_error.startswith("ValueError"), found.first_error
    # a title alone keeps its crash answer
    assert first("(issue title: onnx2tf: Segmentation fault (core dumped))")[0] == "native-crash"
    # the crash in the body too: still the crash
    body_crash = "(issue title: crash when converting)\n" + _SHAPES + "Segmentation fault (core dumped)\n"
    assert first(body_crash)[0] == "native-crash"


def test_opencv_error_lines_are_runtime_not_compile() -> None:
    for text in (
        "OpenCV(4.6.0) /io/opencv/modules/core/src/cuda_info.cpp:73: error: (-217:Gpu API call) CUDA driver version "
        "is insufficient for CUDA runtime version in function 'getCudaEnabledDeviceCount'",
        "C:\\build\\opencv\\modules\\dnn\\src\\onnx\\onnx_importer.cpp:410: error: (-215:Assertion failed) "
        "!node_proto.output().empty() in function 'handleNode'",
    ):
        found = explain(text)
        if found:
            continue  # a family that reads it: fine
        assert found.stage == "runtime", (text, found.stage)
        assert "getBuildInformation" in found.command and "NVIDIA CUDA" in (found.next_step or "")
    # a compiler's own error line keeps the compile stage and its step
    gcc = "src/kernel.cu:12:10: error: 'cudaFooBar' was not declared in this scope"
    found = explain(gcc)
    assert not found and found.stage == "compile" and "getBuildInformation" not in found.command


def test_converter_failures_are_at_export_with_the_converter_step() -> None:
    x2paddle = (
        "Now translating model from onnx to paddle.\nTraceback (most recent call last):\n"
        '  File "/env/lib/python3.9/site-packages/x2paddle/op_mapper/onnx2paddle/opset.py", line 900, in Resize\n'
        '    raise Exception("resize mode is not supported")\n'
        "Exception: resize mode is not supported\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        "Traceback (most recent call last):\n"
        '  File "/env/bin/x2paddle", line 8, in <module>\n    sys.exit(main())\n'
        '  File "/env/lib/python3.9/site-packages/x2paddle/convert.py", line 400, in main\n'
        "    onnx2paddle(\n"
    )
    found = explain(x2paddle)
    # x2paddle's op mapper has its own family (convert-x2paddle-op-mapper); without it, the first exception of the
    # chain is the miss's first error, at export, with the converter's step
    assert found and found[0].key == "convert-x2paddle-op-mapper"
    assert found.first_error.startswith("Exception: resize mode"), found.first_error
    onnx2tf = (
        "ERROR: The trace log is below.\nTraceback (most recent call last):\n"
        '  File "/x/site-packages/onnx2tf/utils/common_functions.py", line 280, in print_wrapper_func\n'
        "    result = func(*args, **kwargs)\n"
        "ValueError: Exception encountered when calling layer (type TFOpLambda).\n"
        "ERROR: input_onnx_file_path: model.onnx\nERROR: onnx_op_name: /model/Concat_3\n"
        "ERROR: Read this and deal with it.\n"
    )
    found = explain(onnx2tf)
    assert found and found[0].key == "convert-onnx2tf-op-failed" and "-ois" in found[0].fix  # its own family
    onnx_tf = (
        "Traceback (most recent call last):\n"
        '  File "/x/site-packages/onnx_tf/backend.py", line 60, in prepare\n'
        "    return cls.onnx_model_to_tensorflow_rep(model, strict, **kwargs)\n"
        "TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'\n"
    )
    found = explain(onnx_tf)
    assert not found and found.stage == "export" and "onnxsim" in found.command
    # near miss: torch.export's own failure keeps torch.export's step
    torch_export = (
        "Traceback (most recent call last):\n"
        '  File "/x/site-packages/torch/export/__init__.py", line 270, in export\n'
        "    return _export(\n"
        "TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'\n"
    )
    found = explain(torch_export)
    assert not found and found.stage == "export" and "onnxsim" not in found.command


def test_a_device_log_line_beside_another_error_is_no_accelerator() -> None:
    text = (
        "Metal device set to: Apple M1 Pro\n\nsystemMemory: 16.00 GB\n\nTraceback (most recent call last):\n"
        '  File "/Users/me/proj/run_model.py", line 12, in <module>\n    out = model(x)\n'
        "ValueError: Dimensions must be equal, but are 32 and 2 for node Mul\n"
    )
    found = explain(text)
    assert not found and "sw_vers" not in found.command and "Core ML" not in (found.next_step or "")
    # the device's own error line keeps its step
    metal = "RuntimeError: MPSGraph failed: MTLCommandBuffer execution failed: Internal Error\n"
    found = explain(metal)
    assert not found or found[0].key != "native-crash"
    if not found:
        assert "sw_vers" in found.command
