"""`explain`, round four (issue 36, second round): the failure classes a fresh blind set of reports from downstream
projects showed (``tests/data/explain_round4.jsonl``), each checked against the wording of its source: pycuda's error
format, Paddle Inference's TensorRT checks, TensorRT's calibration errors, pybind11's pure-virtual text, torch.onnx's
UnsupportedOperatorError, Triton's backend loader, deepstream-app's element creation and TensorRT-LLM's plugin field
check; and the CLI reading logs of any size and in UTF-16.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from _explain import answer, answered_today, sourced_and_from_elsewhere

from torchtrt_compat import _bounded
from torchtrt_compat.cli import main
from torchtrt_compat.troubleshooting import explain, lookup
from torchtrt_compat.troubleshooting.facts import extract

ROOT = Path(__file__).resolve().parents[2]


def first(text: str) -> str:
    return explain(text).first_answer


# ---- installs and loaders ------------------------------------------------------------------------------------------
def test_installs_and_loaders_in_their_own_words() -> None:
    plain = explain("ModuleNotFoundError: No module named 'tensorrt'")
    assert plain[0].key == "tensorrt-module-missing" and "python -m pip install tensorrt" in plain[0].fix
    assert "JetPack" in plain[0].fix  # the bindings are per Python version, JetPack's for the system python3 only
    sudo = explain("$ sudo python3 setup.py install\nModuleNotFoundError: No module named 'tensorrt'")
    assert sudo[0].situation == "run with sudo"
    jetson = explain("Jetson Nano, JetPack 4.6\nModuleNotFoundError: No module named 'tensorrt'")
    assert jetson[0].situation == "Jetson" and "--system-site-packages" in jetson[0].fix
    # a partial TensorRT install and torch_tensorrt's own import are other families
    assert first("ModuleNotFoundError: No module named 'tensorrt_bindings'") != "tensorrt-module-missing"
    inside = 'File "/venv/lib/python3.10/site-packages/torch_tensorrt/_utils.py", line 4\n'
    assert first(inside + "ModuleNotFoundError: No module named 'tensorrt'") == "torchtrt-missing-dependency"

    libcuda = explain("RuntimeError: Failed to dlopen libcuda.so\n(frigate in docker)")
    assert libcuda[0].key == "driver-library-missing" and libcuda[0].situation == "in a container"
    assert "--gpus all" in libcuda[0].fix
    wsl = explain("OSError: libcuda.so.1: cannot open shared object file (Ubuntu on WSL)")
    assert wsl[0].key == "driver-library-missing" and "/usr/lib/wsl/lib" in wsl[0].fix

    ipython = "$ docker run -it img ipython\nIn [2]: torch.cuda.is_available()\nOut[2]: False"
    unavailable = explain(ipython)
    assert unavailable[0].key == "cuda-unavailable" and unavailable[0].confidence == "likely"
    assert unavailable[0].situation == "in a container" and "torch-cpu-build" in unavailable[0].alternatives
    assert first("MisconfigurationException: GPUs requested but none are available.") == "cuda-unavailable"

    # tensorrt's own Windows loader (tensorrt/__init__.py, find_lib), and CuPy's DLLs in CuPy's words
    zip_dll = explain("FileNotFoundError: Could not find: nvinfer.dll. Is it on your PATH?")
    assert zip_dll[0].key == "windows-dll-load" and "lib folder" in zip_dll[0].fix
    cupy = explain("Failed to import CuPy.\nOriginal error:\n  ImportError: DLL load failed: The specified module")
    assert cupy[0].key == "windows-dll-load" and cupy[0].product == "cupy" and "CUDA_PATH" in cupy[0].fix

    # sudo drops LD_LIBRARY_PATH; `sudo docker` does not
    missing = "error while loading shared libraries: libcudnn.so.8: cannot open shared object file"
    assert "LD_LIBRARY_PATH" in explain(f"$ sudo ./trt_infer model.onnx\n./trt_infer: {missing}")[0].fix
    assert explain(f"$ sudo ./trt_infer model.onnx\n./trt_infer: {missing}")[0].situation == "run with sudo"
    plugin = (
        "docker run --gpus all --env LD_PRELOAD=/plugins/libmyplugins.so nvcr.io/nvidia/tritonserver:20.09-py3 "
        "tritonserver --model-repository=/models\n/bin/bash: error while loading shared libraries: libnvinfer.so.8: "
        "cannot open shared object file: No such file or directory"
    )
    found = explain("$ sudo " + plugin)
    assert found[0].key == "shared-library-not-found" and found[0].situation == "another TensorRT major in a container"

    # CUDA error 804: the forward-compatibility package on a GPU that cannot use it
    compat = explain(
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
        "NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non "
        "supported HW\nNVIDIA GeForce RTX 3090, CUDA 12.1"
    )
    assert compat[0].key == "cuda-driver-insufficient" and compat[0].situation == "CUDA's forward compatibility"
    assert compat[0].confidence == "sure" and any("error 804" in a for a in compat[0].advice)
    jetson_torch = explain("Jetson Xavier NX\nAssertionError: Torch not compiled with CUDA enabled")
    assert jetson_torch[0].situation == "Jetson" and "JetPack" in jetson_torch[0].fix


# ---- quantization and TensorRT's Python interfaces -----------------------------------------------------------------
def test_quantization_and_python_interfaces() -> None:
    trt7 = answer(
        "WARNING: Int8 mode specified but no calibrator specified. Please ensure that you supply Int8 scales for the "
        "network layers manually.\nERROR: Calibration failure occured with no scaling factors detected.",
        "int8-calibration",
    )
    assert "int8_calibrator" in trt7.fix
    ds = answer(
        "0:00:01 WARN nvinfer gstnvinfer.cpp:616:gst_nvinfer_logger:<primary_gie> NvDsInferContext[UID 1]\n"
        "ERROR: [TRT]: Calibration failure occurred with no scaling factors detected.",
        "int8-calibration",
    )
    assert ds.product == "deepstream" and "int8-calib-file" in ds.fix

    pure = 'RuntimeError: Tried to call pure virtual function "IInt8EntropyCalibrator2_pyimpl::read_calibration_cache"'
    assert answer(pure, "tensorrt-python-subclass").op == "read_calibration_cache"
    init = "TypeError: tensorrt.tensorrt.IInt8EntropyCalibrator2.__init__() must be called when overriding __init__"
    assert first(init) == "tensorrt-python-subclass"
    assert first('Tried to call pure virtual function "Operator::apply"') != "tensorrt-python-subclass"  # not TRT's


# ---- buffers and shapes --------------------------------------------------------------------------------------------
def test_buffers_and_shapes() -> None:
    copy = explain(
        "    [cuda.memcpy_htod_async(inp.device, inp.host, stream) for inp in inputs]\n"
        "pycuda._driver.LogicError: cuMemcpyHtoDAsync failed: invalid argument"
    )
    assert copy[0].key == "buffer-size-mismatch" and "np.ascontiguousarray" in copy[0].fix
    # TensorRT's samples print the cudaError_t number ("Cuda Runtime Error: 1" is cudaErrorInvalidValue)
    assert extract("RuntimeError: Cuda Runtime Error: 1").codes[0].name == "cudaErrorInvalidValue"
    dynamic = explain(
        "WARNING: Dynamic tensor detected: 'output' with shape (-1, 7).\n"
        "    allocation = common.cuda_call(cudart.cudaMalloc(size))\nRuntimeError: Cuda Runtime Error: 1"
    )
    assert dynamic[0].key == "buffer-size-mismatch" and dynamic[0].situation == "a dynamic (-1) dimension"
    assert first("ValueError: invalid argument") != "buffer-size-mismatch"  # no buffer in sight

    # Paddle Inference's TensorRT checks (engine.h, op_converter.h, tensorrt_engine_op.h)
    for text in (
        "(InvalidArgument) The input [x] shape of trt subgraph is [-1,3,32,-1], please enable trt dynamic_shape mode "
        "by SetTRTDynamicShapeInfo.",
        "ValueError: (InvalidArgument) some trt inputs dynamic shape info not set, check the INFO log above",
        "I0101 trt input [conv2d_1.tmp_0] dynamic shape info not set, please check and retry.",
    ):
        found = explain(text)
        assert found[0].key == "dynamic-shape-profile" and found[0].product == "paddle", text
        assert "collect_shape_range_info" in found[0].fix
    outside = explain(
        "InvalidArgumentError: TRT runtime input shape of image is invalid. Expect runtime input shape to be within "
        "min/max input shape configured in SetTRTDynamicShapeInfo(),but got runtime input shape = [1, 3, 704, 1344]"
    )
    assert outside[0].key == "input-outside-profile" and outside[0].product == "paddle"
    miss = explain(
        "    predictor = create_predictor(config)\nValueError: (InvalidArgument) something new (at "
        "/paddle/paddle/fluid/inference/api/analysis_predictor.cc:100)"
    )
    assert miss.stage == "build" and miss.library == "paddle" and miss.command and "trt input" in miss.command


# ---- exports and parsers -------------------------------------------------------------------------------------------
def test_exports_and_parsers() -> None:
    new = explain(
        "torch.onnx.errors.UnsupportedOperatorError: Exporting the operator 'aten::grid_sampler' to ONNX opset "
        "version 11 is not supported. Support for this operator was added in version 16, try exporting with this "
        "version."
    )
    assert new[0].key == "onnx-export-unsupported-op" and new[0].op == "aten::grid_sampler"
    assert any("opset_version=16" in a and "asked for 11" in a for a in new[0].advice)
    old = explain("RuntimeError: Exporting the operator grid_sampler to ONNX opset version 9 is not supported.")
    assert old[0].key == "onnx-export-unsupported-op" and old[0].advice == ()
    assert explain('  File "tools/torch2onnx.py", line 83, in main\nRuntimeError: boom').stage == "export"
    broadcast = explain(
        "[E] [TRT] Mul_322: elementwise inputs must have same dimensions or follow broadcast rules (input dimensions "
        "were [1,3,80,80,2] and [1,1,1,3,2])."
    )
    assert broadcast[0].key == "onnx-node-unsupported" and broadcast[0].situation == "a layer check rejected the node"
    assert explain("ONNX IR version:  0.0.6\n[E] [TRT] something went wrong").stage == "conversion"


# ---- servers and pipelines -----------------------------------------------------------------------------------------
def test_servers_and_pipelines() -> None:
    old = explain(
        "UNAVAILABLE: Invalid argument: unable to find 'libtriton_tensorrt_plan.so' for model 'det', searched: "
        "/models/det/1, /models/det, /opt/tritonserver/backends/tensorrt_plan"
    )
    assert old[0].key == "triton-backend-missing" and old[0].op == "libtriton_tensorrt_plan.so"
    assert first(lookup("triton-backend-missing").example) == "triton-backend-missing"
    element = explain("** ERROR: <create_osd_bin:58>: Failed to create 'nvosd0'\n** ERROR: create_pipeline failed")
    assert element[0].key == "gstreamer-element-missing" and element[0].op == "nvosd0"
    assert "gst-inspect-1.0" in element[0].fix
    assert first("Failed to create 'output' directory") != "gstreamer-element-missing"  # no pipeline in sight
    builder = explain(
        "WARNING: ../nvdsinfer/nvdsinfer_model_builder.cpp:1487 Deserialize engine failed because file path: "
        "/m/model.engine open error\n0:00:04 ERROR nvinfer gstnvinfer.cpp:676:gst_nvinfer_logger:<pgie> "
        "NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::buildModel() <nvdsinfer_context_impl.cpp:2126> "
        "[UID = 1]: build engine file failed"
    )
    assert builder[0].key == "engine-build-failed" and builder[0].product == "deepstream"
    for text in (
        "[TensorRT-LLM][ERROR] Assertion failed: d == a + length (/app/tensorrt_llm/cpp/tensorrt_llm/plugins/"
        "gptAttentionCommon/gptAttentionCommon.cpp:320)",
        "[TensorRT-LLM][ERROR] Assertion failed: Expected length (1352) != real length (1348). This is often caused by "
        "using different TensorRT-LLM version to build engine and run engine.",
    ):
        found = explain(text)
        assert found[0].key == "engine-version-mismatch" and found[0].product == "tensorrt_llm", text
    size = 'Assertion `size >= bsize && "Mismatch between allocated memory size and expected size of serialized engine.'

    assert first(size) == "engine-version-mismatch"
    # pycuda's own wording names pycuda as the library the user ran
    handle = explain('running it fails with "cuFuncSetBlockShape failed: invalid resource handle"')
    assert handle[0].product == "pycuda" and "pycuda.autoprimaryctx" in handle[0].fix
    triton = explain("E0420 model_lifecycle.cc:638] failed to load 'm' version 1: Internal: something new")
    assert triton.stage == "load" and triton.library == "tritonserver" and "tritonserver" in (triton.command or "")


# ---- the CLI: logs of any size, UTF-16, the log's own label, --json-object, --about ----------------------------------
def test_logs_of_any_size_are_read_at_both_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    limit = 64 * 1024
    head = b"torch 2.4.0\n" + b"[V] [TRT] tactic 0x0001\n" * 3000
    error = b"[E] [TRT] 2: Error Code 2: OutOfMemory (no further information)\n"
    log = tmp_path / "big.log"
    log.write_bytes(head + b"[V] [TRT] tactic 0x0002\n" * 8000 + error)
    ends = _bounded.read_ends(log, limit=limit, what="log")
    assert ends.head == log.read_bytes()[: limit // 4] and ends.tail.endswith(error) and len(ends.tail) <= limit
    assert ends.skipped == (limit // 4, log.stat().st_size - len(ends.tail)) and ends.total == log.stat().st_size
    streamed = _bounded.read_ends(io.BytesIO(log.read_bytes()), limit=limit, what="stdin")
    assert (streamed.head, streamed.tail, streamed.skipped) == (ends.head, ends.tail, ends.skipped)
    small = _bounded.read_ends(io.BytesIO(b"short"), limit=limit, what="stdin")
    assert small.whole and small.head == b"short"

    import torchtrt_compat.cli.explain as cli_explain

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli_explain, "MAX_LOG_BYTES", limit)
        assert main(["explain", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Failure: Out of GPU memory")
    assert "Not read: bytes 16,384-" in out and f"tail -c +16385 {log}" in out


def test_utf16_logs_are_decoded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "[W] [TRT] CUDA lazy loading is not enabled.\r\nRuntimeError: Failed to dlopen libcuda.so\r\n"
    for name, data in (
        ("bom.log", text.encode("utf-16")),  # PowerShell 5's `>`
        ("le.log", text.encode("utf-16-le")),  # no byte-order mark
        ("be.log", text.encode("utf-16-be")),
        ("sig.log", text.encode("utf-8-sig")),
    ):
        (tmp_path / name).write_bytes(data)
        assert main(["explain", str(tmp_path / name)]) == 0, name
        assert capsys.readouterr().out.startswith("Failure: The NVIDIA driver's library"), name
    assert _bounded.decode_log(text.encode("utf-16-le")[3:], "utf-16-le", start=3).startswith("] [TRT]")


def test_the_log_option_says_log_and_json_object_says_the_first_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "e.txt").write_text("ModuleNotFoundError: No module named 'tensorrt'\n")
    assert main(["explain", str(tmp_path / "e.txt"), "--log", str(tmp_path / "missing.log")]) == 2
    err = capsys.readouterr().err
    assert "log " in err and "missing.log does not exist" in err and "error text" not in err
    assert main(["explain", "--json-object", str(tmp_path / "e.txt")]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["outcome"] == "explained" and obj["first_answer"] == "tensorrt-module-missing"
    assert obj["summary"].startswith("Failure: ") and obj["matches"][0]["key"] == "tensorrt-module-missing"
    assert main(["explain", "--json", str(tmp_path / "e.txt")]) == 0  # the list shape stays
    assert isinstance(json.loads(capsys.readouterr().out), list)
    monkeypatch.setattr(sys, "stdin", io.StringIO("Aborted\n"))
    assert main(["explain", "--json-object", "-"]) == 1
    miss = json.loads(capsys.readouterr().out)
    assert miss["outcome"] == "unexplained" and miss["stage"] == "runtime" and miss["command"] and miss["matches"] == []
    assert main(["explain", str(tmp_path / "e.txt")]) == 0
    out = capsys.readouterr().out
    assert "torchtrt-compat explain --about tensorrt-module-missing" in out and "docs/troubleshooting.md" not in out
    assert main(["explain", "--about", "tensorrt-module-missing"]) == 0
    about = capsys.readouterr().out
    assert about.startswith("[tensorrt-module-missing]") and "Fix: " in about and "  - Jetson: " in about
    assert main(["explain", "--list"]) == 0
    assert "int8-calibration" in capsys.readouterr().out
    assert main(["explain", "--about", "no-such-family"]) == 2
    assert "--list" in capsys.readouterr().err


# ---- the round-four held-out set -----------------------------------------------------------------------------------
def test_round_four_reports_are_sourced_and_from_elsewhere() -> None:
    """42 reports drawn before any change of round four, from repositories no other set touches; each keeps the
    first answer it got then (blind) and the verdicts given by hand, blind and after the fixes."""
    earlier = ("corpus", "holdout", "fresh", "blind", "round3")
    rows = sourced_and_from_elsewhere("round4", earlier, at_least=40)
    answered_today(rows)  # no wrong first answer, no warnings-only paste as a failure, misses name stage and command
