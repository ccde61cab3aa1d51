"""`explain` generalises: families are built from the sources of the errors (CUDA's error table, TensorRT's and
pycuda's message formats, torch_tensorrt's raise sites), the fix uses the facts the text holds, the machine rules
families in or out, and on reports from trackers the corpus never touched it is right or honest, never wrong."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from _explain import answer
from _paths import load_script

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import cuda_error, extract, facts

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(importlib.util.find_spec("torch").origin).parents[1]  # type: ignore[arg-type,union-attr]

#: Two lines TensorRT-RTX 1.6.1.120 logged on this CPU-only host (no NVIDIA driver) for one failed API call
#: (INetworkDefinition.add_input with a duplicate name): the API error, then the cudaError 35 line it adds after
#: every API error on a host without a driver.
RTX_NO_DRIVER_LOG = (
    "[E] INetworkDefinition::addInput: Error Code 3: API Usage Error (Parameter check failed, condition: inName != "
    "knownInput->getName().  In addInput at /_src/optimizer/api/network.cpp:2294)\n"
    "[E] [checkMacros.cpp::catchCudaError::247] Error Code 1: Cuda Runtime (In catchCudaError at "
    "/_src/common/dispatch/checkMacros.cpp:247 (cudaError 35: CUDA driver version is insufficient for CUDA runtime "
    "version))\n"
)
#: The end of a conversion failure: torch_tensorrt 2.14's assertion in dynamo/conversion/impl/attention.py:311.
ATTENTION_FAILURE = (
    "Traceback (most recent call last):\n"
    '  File "/venv/lib/python3.11/site-packages/torch_tensorrt/dynamo/conversion/_TRTInterpreter.py", line 735, in '
    "run_node\n"
    '  File "/venv/lib/python3.11/site-packages/torch_tensorrt/dynamo/conversion/impl/attention.py", line 311, in '
    "scaled_dot_product_attention\n"
    '    assert attention_layer is not None, "attention layer is None"\n'
    "AssertionError: attention layer is None\n"
)


def keys(text: str, **kw: object) -> list[str]:
    return [e.key for e in explain(text, **kw)]  # type: ignore[arg-type]


def advice(text: str, key: str) -> str:
    """The advice of the first answer to ``text`` (which must be ``key``), as one text."""
    return " ".join(answer(text, key).advice)


# ---- the facts are what the shipped files say ---------------------------------------------------------------------
def _load_tool():  # type: ignore[no-untyped-def]
    return load_script("tools/extract_error_facts.py")


def test_the_cuda_table_is_the_installed_libcudart() -> None:
    """The stored table is the one libcudart carries (read again from the installed CUDA 13 runtime)."""
    lib = SITE / "nvidia" / "cu13" / "lib" / "libcudart.so.13"
    if not lib.is_file():
        pytest.skip("no CUDA 13 runtime wheel installed here")
    table = _load_tool().cuda_runtime_table(lib.read_bytes())
    stored = facts()["cuda_runtime"]["errors"]
    assert len(table) > 100
    for code, (name, message) in table.items():
        assert stored[str(code)]["name"] == name
        assert message == stored[str(code)]["message"] or message in stored[str(code)].get("messages", [])


def test_error_numbers_mean_what_cuda_says() -> None:
    assert cuda_error(35).name == "cudaErrorInsufficientDriver"  # type: ignore[union-attr]
    assert cuda_error(900).name == "cudaErrorStreamCaptureUnsupported"  # type: ignore[union-attr]
    for wording in (
        "[W] [TRT] CUDA initialization failure with error: 35. Please check your CUDA installation",
        "ERROR: Cuda initialization failure with error 35. Please check cuda installation",
        "Error Code 1: Cuda Runtime (In catchCudaError (cudaError 35: something else))",
    ):
        assert keys(wording)[:1] == ["cuda-driver-insufficient"], wording
        assert "cudaErrorInsufficientDriver" in explain(wording)[0].advice[0]
    # every capture error, by number and by its own message (the wordings CUDA can produce)
    table = facts()["cuda_runtime"]["errors"]
    capture = [c for c, row in table.items() if "Capture" in row["name"] or row["name"] == "cudaErrorCapturedEvent"]
    assert len(capture) >= 8
    for code in capture:
        assert keys(f"CUDA failure {code}: see log")[:1] == ["cudagraph-capture-conflict"], code
        assert keys(f"RuntimeError: CUDA error: {table[code]['message']}")[:1] == ["cudagraph-capture-conflict"], code
    assert keys("Cuda Error in free: 700 (an illegal memory access was encountered)")[:1] == ["illegal-memory-access"]
    assert keys("pycuda._driver.MemoryError: cuMemAlloc failed: out of memory")[:1] == ["gpu-out-of-memory"]
    # an older CUDA's numbering (77 was "illegal address" before CUDA 10.1) is read by its message, not its number
    assert keys("Cuda Error in free: 77 (an illegal memory access was encountered)")[:1] == ["illegal-memory-access"]
    # a number that names no family is not guessed at (3, the initialization error, names torch-cuda-init-unknown
    # since round nine; 4, "driver shutting down", names none)
    assert keys("CUDA initialization failure with error: 4") == []


def test_sm_numbers_are_compute_capabilities() -> None:
    assert extract("Target GPU SM 120 is not supported").compute_capabilities == ["12.0"]
    assert extract("Error Code 1: Internal Error (Unsupported SM: 0x809)").compute_capabilities == ["8.9"]
    assert extract("Unsupported SM: 0x601").compute_capabilities == ["6.1"]
    assert extract("GPU with CUDA capability sm_86 is not compatible").compute_capabilities == ["8.6"]
    said = advice(
        "[E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 120 is not "
        "supported by this TensorRT release.)\n&&&& FAILED TensorRT.trtexec [TensorRT v100700]",
        "gpu-arch-unsupported",
    )
    assert "TensorRT 10.7.0" in said and "12.0" in said and "tensorrt>=10.8" in said and "1.20" not in said
    old = "[E] [TRT] 1: [caskUtils.cpp::trtSmToCask::147] Error Code 1: Internal Error (Unsupported SM: 0x809)"
    assert "8.9 (Ada)" in advice(old, "gpu-arch-unsupported")


def test_engine_from_another_gpu_names_both_gpus() -> None:
    said = advice(
        "[TRT] [E] 6: The engine plan file is generated on an incompatible device, expecting compute 9.0 got compute "
        "8.9, please rebuild.",
        "engine-built-elsewhere",
    )
    assert "9.0 (Hopper" in said and "8.9 (Ada)" in said and "hardware_compatible" in said
    jetson = "expecting compute 7.2 got compute 5.3, please rebuild."
    assert "hardware_compatible" not in advice(jetson, "engine-built-elsewhere")


def test_removed_tensorrt_api_names_its_replacement() -> None:
    found = explain("AttributeError: 'tensorrt.tensorrt.IBuilderConfig' object has no attribute 'max_workspace_size'")
    assert found[0].key == "tensorrt-api-removed"
    assert "set_memory_pool_limit" in found[0].advice[0] and "10.0" in found[0].advice[0]
    assert explain("AttributeError: 'tensorrt.tensorrt.Builder' object has no attribute 'frobnicate'")[0].advice == ()


def test_new_families_match_their_source_wordings() -> None:
    """Messages built from the mined raise sites and formats explain as their family."""
    py = facts()["pycuda"]
    assert py["message_format"] == "<routine> failed: <CUresult text> - <detail>"
    raises = {r["routine"]: r for r in py["raises"]}
    no_ctx = raises["explicit_context_dependent"]
    message = cuda_error(201).message  # type: ignore[union-attr]  # CUDA_ERROR_INVALID_CONTEXT shares 201
    assert keys(f"pycuda._driver.LogicError: {no_ctx['routine']} failed: {message} - {no_ctx['detail']}")[:1] == [
        "pycuda-no-context"
    ]
    assert keys("pycuda._driver.LogicError: cuMemAlloc failed: CUDA_ERROR_INVALID_CONTEXT")[:1] == ["pycuda-no-context"]
    detach = raises["context::detach"]
    assert keys(f"LogicError: {detach['routine']} failed: {message} - {detach['detail']}")[:1] == ["pycuda-teardown"]
    assert keys(py["aborts"][0])[:1] == ["pycuda-teardown"]
    # torch_tensorrt's save() rejections (raise sites of the 2.x wheels)
    texts = [r["text"] for r in facts()["torch_tensorrt"]["raises"] if r["file"] == "_compile.py"]
    saving = [t for t in texts if "Saving nn.Module directly" in t or "save() received unexpected keyword" in t]
    assert saving
    for text in saving:
        assert keys(f"ValueError: {text}")[:1] == ["torchtrt-api-misuse"], text
    # other new families, one wording each from the table's sources
    assert keys("ImportError: /opt/lib/libnvinfer_plugin.so.10: file too short")[:1] == ["library-file-empty"]
    assert keys("[E] [TRT] 3: getPluginCreator could not find plugin: ScatterND version: 1")[:1] == ["plugin-not-found"]
    assert keys("ModuleNotFoundError: No module named 'tensorrt_libs'")[:1] == ["tensorrt-package-incomplete"]
    assert keys("/usr/bin/ld: cannot find -lnvonnxparser")[:1] == ["tensorrt-link-error"]
    onnx = explain("While parsing node number 224 [Resize]:\nAssertion failed: ctx->tensors().count(inputName)")
    assert onnx[0].key == "onnx-node-unsupported" and onnx[0].op == "Resize"
    assert keys("Serialization Error in verifyHeader: 0 (Magic tag does not match)")[:1] == ["engine-version-mismatch"]
    assert keys("./app: symbol lookup error: ./app: undefined symbol: _ZN8nvinfer18IBuilderD2Ev")[:1] == [
        "tensorrt-link-error"
    ]
    assert keys("Error Code 3: API Usage Error (Parameter check failed, condition: e.isRefittable())")[:1] == [
        "refit-not-refittable"
    ]


def test_no_driver_on_the_host_rules_the_driver_family_out() -> None:
    """On a host without a driver the cudaError 35 line after an API error is no diagnosis; the failure is."""
    from torchtrt_compat.env import Environment

    no_driver = Environment(source="a CPU-only build host", driver=None, gpus=[])
    with_host = keys(ATTENTION_FAILURE, log=RTX_NO_DRIVER_LOG, env=no_driver)
    assert "cuda-driver-insufficient" not in with_host
    # without the machine's facts the line still ranks below the error it follows
    plain = keys(ATTENTION_FAILURE, log=RTX_NO_DRIVER_LOG)
    assert plain and plain[0] != "cuda-driver-insufficient"


def test_build_error_on_this_driverless_host_does_not_blame_the_driver() -> None:
    from torchtrt_compat._errors import BuildError
    from torchtrt_compat.env import detect_environment
    from torchtrt_compat.troubleshooting import reraise_explained

    env = detect_environment()
    if env.driver is not None or env.gpus:
        pytest.skip("this host has an NVIDIA driver")
    try:
        raise AssertionError("attention layer is None")
    except AssertionError as exc:
        with pytest.raises(BuildError) as info:
            reraise_explained(exc, stage="conversion", log=RTX_NO_DRIVER_LOG)
    message = str(info.value).lower()
    assert "update the nvidia driver" not in message and "cudaerror 35" not in message
    assert "conversion failed" in message and "addinput" in message


def test_unknown_failure_names_its_stage_and_next_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (
        "[TensorRT] ERROR: INVALID_STATE: std::exception\n"
        "[TensorRT] ERROR: INVALID_CONFIG: Deserialize the cuda engine failed.\n"
    )
    found = explain(text)
    assert list(found) == [] and found.stage == "deserialization"
    # the None engine it leaves behind is a family of its own (round five), a "likely" that names the log to read
    none = explain(text + "AttributeError: 'NoneType' object has no attribute 'create_execution_context'\n")
    assert none.first_answer == "engine-deserialize-none" and none[0].confidence == "likely"
    assert found.next_step and "rebuild" in found.next_step
    assert "deserialization" in repr(found)
    from torchtrt_compat.cli import main

    path = tmp_path / "err.txt"
    path.write_text(text)
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr().out
    assert "No known error matched" in out and "deserialization" in out
    assert explain("something entirely unrelated").stage == "unknown"
    cut = (  # a traceback cut before its last line still shows where it failed
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.11/site-packages/torch_tensorrt/dynamo/_compiler.py", line 713, in compile\n'
        '  File "/venv/lib/python3.11/site-packages/torch_tensorrt/dynamo/conversion/_TRTInterpreter.py", line 735\n'
    )
    assert explain(cut).stage == "conversion"
    build = "ERROR: yolo.cpp:522: void Yolo::createYOLOEngine(...): Assertion `m_Engine != nullptr' failed."
    assert explain("Building the TensorRT Engine...\n" + build).stage == "build"


# ---- reports from trackers and families the corpus never touched -------------------------------------------------
def _cases(name: str) -> list[dict[str, object]]:
    return [json.loads(x) for x in (ROOT / "tests" / "data" / f"{name}.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("name", ["explain_fresh", "explain_blind"])
def test_held_out_reports_are_sourced_and_from_elsewhere(name: str) -> None:
    cases = _cases(name)
    corpus = (ROOT / "tests" / "data" / "explain_corpus.jsonl").read_text()
    assert len(cases) >= 20 and len({c["id"] for c in cases}) == len(cases)
    for c in cases:
        assert str(c["source"]).startswith("https://github.com/") and c["error"] and c["stage"], c["id"]
        assert str(c["source"]) not in corpus, c["id"]
        assert (c["cause"] == "unestablished") != bool(c["established"]), c["id"]


@pytest.mark.parametrize("name", ["explain_corpus", "explain_holdout", "explain_fresh", "explain_blind"])
def test_zero_wrong_matches_on_every_labelled_case(name: str) -> None:
    """The first match is an expected family or nothing (a miss stays an honest "no known error")."""
    wrong = []
    for c in _cases(name):
        found = explain(str(c["error"]))
        if c["expect"] and found and found[0].key not in c["expect"]:  # type: ignore[operator]
            wrong.append((c["id"], found[0].key))
    assert wrong == []


def test_issue_19_targets_on_reports_from_elsewhere() -> None:
    """>= 60% right and >= 85% right-or-partial on the established cases of the fresh and blind sets together."""
    bench = load_script("benchmarks/explain_accuracy.py")
    fresh, blind = bench.score("explain_fresh"), bench.score("explain_blind")
    n = fresh["established"] + blind["established"]
    right = fresh["right"] + blind["right"]
    assert right / n >= 0.60 and (right + fresh["partial"] + blind["partial"]) / n >= 0.85
    assert fresh["wrong"] == blind["wrong"] == 0
