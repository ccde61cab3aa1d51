"""`explain`, round six, TensorRT's domain (issue 36): the classes of TensorRT's ONNX parser, its builder's checks, its
``Error Code N: <kind> (<detail>)`` lines, plugins, trtexec and polygraphy, each checked against the wording of its
source (onnx-tensorrt's onnx2trt_utils.cpp / ModelImporter.cpp / op importers, NvInferRuntimeBase.h's ErrorCode,
trtexec's sampleOptions.cpp, polygraphy's backend/trt), with near misses that must not match; and the round-six
sample (``tests/data/explain_round6_trt.jsonl``), drawn from repositories no earlier set touches.
"""

from __future__ import annotations

from _explain import sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def keys_of(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_parser_assertion_classes_in_onnx_tensorrt_wording() -> None:
    # convertDtype: the type is read from the text, and its own remedy comes with it
    uint8 = explain('Unsupported ONNX data type: UINT8 (2)\nWhile parsing node number 108 [Cast -> "292"]:')
    assert uint8[0].key == "trt-onnx-unsupported-dtype" and uint8[0].op == "UINT8" and "float32" in uint8[0].fix
    assert "8.5" in uint8[0].fix  # UINT8 network inputs since TensorRT 8.5
    double = explain("Found unsupported datatype (11) when importing initializer: model.0.conv.total_ops")
    assert double[0].key == "trt-onnx-unsupported-dtype" and "total_ops" in double[0].fix
    int64 = explain("Unsupported ONNX data type: INT64 (7)\n[TensorRT] ERROR: Network must have at least one output")
    assert int64[0].key == "trt-onnx-unsupported-dtype" and "TensorRT 5" in int64[0].fix
    legal = 'Assertion failed: legalUINT8 && "TensorRT does not support UINT8 types for intermediate tensors!"'
    assert first(legal) == "trt-onnx-unsupported-dtype"
    # the INT64 cast-down warning stays a warning, not this failure
    warning = (
        "[W] [TRT] onnx2trt_utils.cpp:374: Your ONNX model has been generated with INT64 weights, while TensorRT "
        "does not natively support INT64. Attempting to cast down to INT32."
    )
    assert explain(warning).outcome == "warnings-only"

    # an input the parser needs as an initializer (Resize scales, TopK's K), named by its importer
    resize = explain(
        "ERROR: builtin_op_importers.cpp:2412 In function importResize:\n[8] Assertion failed: scales.is_weights() "
        '&& "Resize scales must be an initializer!"'
    )
    assert resize[0].key == "trt-onnx-input-not-constant" and resize[0].op == "importResize"
    assert "--fold-constants" in resize[0].fix
    assert first("This version of TensorRT only supports input K as an initializer. Try applying constant "
                 "folding on the model using Polygraphy") == "trt-onnx-input-not-constant"  # fmt: skip
    # beside the parser's node code both rows answer (the core row's fix also folds constants)
    topk = (
        "In node 547 (parseGraph): INVALID_NODE: Invalid Node - /model/TopK_2\nThis version of TensorRT only "
        "supports input K as an initializer. Try applying constant folding on the model using Polygraphy"
    )
    assert set(keys_of(topk)[:2]) == {"onnx-node-unsupported", "trt-onnx-input-not-constant"}
    # the opposite assertion (an input that must NOT be an initializer) is not this class
    opposite = 'Assertion failed: (inputs.at(0).is_tensor()) && "The input tensor cannot be an initializer."'
    assert first(opposite) != "trt-onnx-input-not-constant"

    # an attribute value the importer rejects; the op is read from the text
    scatter = explain(
        "In node 3 with name: /ScatterND_4 and operator: ScatterND (importScatterND): UNSUPPORTED_NODE_ATTR: "
        'Assertion failed: !attrs.count("reduction"): Attribute reduction is not supported.'
    )
    assert scatter[0].key == "trt-onnx-unsupported-attribute" and scatter[0].op == "ScatterND"
    assert "opset" in scatter[0].fix

    # an initializer that could not be converted: likely, with its neighbours named
    weights = explain("ERROR: ModelImporter.cpp:92 In function parseGraph:\n[8] Assertion failed: "
                      "convertOnnxWeights(initializer, &weights, ctx)")  # fmt: skip
    assert weights[0].key == "trt-onnx-initializer" and weights[0].confidence == "likely"
    # with the parser's UNSUPPORTED_NODE code the core parser row stays first, this one beside it
    assert keys_of("In node -1 (importInputs): UNSUPPORTED_NODE: Assertion failed: convert_onnx_weights("
                   "initializer, &weights)")[:2] == ["onnx-node-unsupported", "trt-onnx-initializer"]  # fmt: skip
    # ... and the data type, when the parser names it, wins
    both = (
        "[E] [TRT] onnx2trt_utils.cpp:748: Found unsupported datatype (8) when importing initializer: classes\n"
        '[8] Assertion failed: convertOnnxWeights(initializer, &weights, ctx) && "Failed to import initializer."'
    )
    assert first(both) == "trt-onnx-unsupported-dtype"


def test_builder_checks_and_error_codes() -> None:
    # an empty network: the parse failed before it (the parser's own error, when shown, comes first)
    empty = explain("[TensorRT] ERROR: Network must have at least one output\n[TensorRT] ERROR: Network validation "
                    "failed.")  # fmt: skip
    assert empty[0].key == "trt-network-no-output" and "get_error" in empty[0].fix
    # no profile for a dynamic input: the builder-API fix; torch_tensorrt's wording still gets torch_tensorrt's
    profile = explain(
        "[E] [TRT] 4: [network.cpp::validate::2684] Error Code 4: Internal Error (Network has dynamic or shape "
        "inputs, but no optimization profile has been defined.)"
    )
    assert profile[0].key == "trt-no-optimization-profile" and "add_optimization_profile" in profile[0].fix
    # a profile that leaves out one input keeps the core row
    missing = "[TensorRT] ERROR: input_image: dynamic input is missing dimensions in profile 0."
    assert first(missing) == "dynamic-shape-profile"
    # a shape check: the layer is read from the text
    reshape = explain(
        "[E] Error[4]: [graphShapeAnalyzer.cpp::analyzeShapes::1872] Error Code 4: Miscellaneous (IShuffleLayer "
        "Reshape_966: reshape wildcard -1 has no integer solution. Reshaping [6,1000,8,32] to [6,334,-1]."
    )
    assert reshape[0].key == "trt-shape-check" and reshape[0].op == "Reshape_966"
    concat = "Error Code 4: Internal Error (Concat_1: dimensions not compatible for concatenation)"
    assert first(concat) == "trt-shape-check"
    # the profile's own shape constraints keep the core row
    assert first("Error Code 4: Internal Error (kOPT values for profile 0 violate shape constraints: broadcast)") == (
        "dynamic-shape-profile"
    )

    # Error Code 1 with CUDA's message: the specific CUDA families rank above the generic one
    cuda = explain("NVInfer: 1: [runner.cpp::execute::416] Error Code 1: Cuda Runtime (invalid argument)")
    assert cuda[0].key == "trt-cuda-runtime-error" and cuda[0].op == "invalid argument"
    assert "device pointers" in cuda[0].fix
    illegal = "[TRT] [E] 1: [cudaResources.cpp::~ScopedCudaEvent::24] Error Code 1: Cuda Runtime (an illegal " \
        "memory access was encountered)"  # fmt: skip
    assert first(illegal) == "illegal-memory-access"
    assert first("Error Code 1: Cuda Runtime (out of memory)") == "gpu-out-of-memory"
    # a kernel of TensorRT's own (Cask shader, cuDNN) vs the foreign-context convolution row
    assert first("[softMaxV2Runner.cpp::execute::226] Error Code 1: Cask (shader run failed)") == "trt-kernel-failed"
    assert first("[convBaseRunner.cpp::execute::295] Error Code 1: Cask (Cask convolution execution)") == (
        "cask-convolution"
    )
    # a plugin's enqueue failed
    plugin = "2: [pluginV2Runner.cpp::execute::265] Error Code 2: Internal Error (Assertion status == " \
        "kSTATUS_SUCCESS failed. )"  # fmt: skip
    assert first(plugin) == "trt-plugin-execute-failed"
    # a program that asks the registry for a creator itself
    creator = explain("RuntimeError: cannot get YoloLayer_TRT plugin creator")
    assert creator[0].key == "trt-plugin-creator-missing" and creator[0].op == "YoloLayer_TRT"
    assert "init_libnvinfer_plugins" in creator[0].fix
    # TensorRT's own registry message keeps the core row
    assert first("INVALID_ARGUMENT: getPluginCreator could not find plugin YoloLayer_TRT version 1") == (
        "plugin-not-found"
    )
    # Error Code 3: the condition is read; the builder's destruction order has its own remedy
    usage = explain(
        "Error Code 3: API Usage Error (Parameter check failed at: optimizer/api/builder.cpp::~Builder::336, "
        "condition: mObjectCounter.use_count() == 1. Destroying a builder object before destroying objects it "
        "created leads to undefined behavior."
    )
    assert usage[0].key == "trt-api-usage-error" and "reverse order" in usage[0].fix
    assert usage[0].op.startswith("mObjectCounter.use_count() == 1")
    runtime = explain(
        "[runtime.cpp::~Runtime::346] Error Code 3: API Usage Error (Parameter check failed at: "
        "runtime/rt/runtime.cpp::~Runtime::346, condition: mEngineCounter.use_count() == 1. Destroying a runtime "
        "before destroying deserialized engines created by the runtime leads to undefined behavior."
    )
    assert runtime[0].key == "trt-api-usage-error" and "engines and execution contexts before the runtime" in (
        runtime[0].fix
    )
    # ... but a shape outside the profile keeps its own family
    static = (
        "[executionContext.cpp::setInputShape::2264] Error Code 3: API Usage Error (Parameter check failed at: "
        "runtime/api/executionContext.cpp::setInputShape::2264, condition: engineDims.d[i] == dims.d[i]. Static "
        "dimension mismatch while setting input shape."
    )
    assert first(static) == "input-outside-profile"
    # Error Code 2's internal assertions: a TensorRT bug or limit, but never the 'build returned nothing' symptom
    internal = explain(
        "[E] Error[2]: [checkSanity.cpp::checkSanity::148] Error Code 2: Internal Error (Assertion isIOGraph || "
        "tensorInfo.tensors.size() == g.tensors.size() failed. )"
    )
    assert internal[0].key == "trt-internal-assertion" and "polygraphy debug reduce" in internal[0].fix
    symptom = "[E] 2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal Error (Assertion engine != " \
        "nullptr failed. )"  # fmt: skip
    assert "trt-internal-assertion" not in [e.key for e in explain(symptom)]
    # with the real error above it, the real error comes first
    assert first(f"Error Code 4: Internal Error (Network must have at least one output)\n{symptom}") == (
        "trt-network-no-output"
    )
    # Unsupported SM stays the GPU-architecture family
    assert first("ERROR: ../rtSafe/cuda/caskUtils.cpp (80) - Assertion Error in trtSmToCask: 0 (Unsupported SM.)") == (
        "gpu-arch-unsupported"
    )
    # a platform without fast INT8
    int8 = "yolov5_det: model.cpp:354: build_det_engine: Assertion `builder->platformHasFastInt8()' failed."
    assert first(int8) == "trt-int8-not-native"


def test_warnings_of_this_domain_stay_warnings() -> None:
    for text in (
        "[W] --workspace flag has been deprecated by --memPoolSize flag.",
        "[W] --explicitBatch flag has been deprecated and has no effect!",
        "WARNING: ONNX model has a newer ir_version (0.0.6) than this parser was built against (0.0.4).",
        "[W] [TRT] Some tactics do not have sufficient workspace memory to run. Increasing workspace size may "
        "increase performance, please check verbose output.",
    ):
        assert explain(text).outcome == "warnings-only", text
    # the Half2 warning means FP16 will not be fast: it is answered, as a warning that tells of a failure
    half = explain("[TensorRT] WARNING: Half2 support requested on hardware without native FP16 support, "
                   "performance will be negatively affected.")  # fmt: skip
    assert half[0].key == "trt-fp16-not-native" and "FP32" in half[0].fix
    # ... and on a GPU newer than the release, the release is the problem
    newer = explain("GPU Type: RTX4070, TensorRT Version: 7.2.3.4\nHalf2 support requested on hardware without "
                    "native FP16 support, performance will be negatively affected")  # fmt: skip
    assert newer[0].key == "trt-fp16-not-native" and "predates the GPU" in newer[0].fix


def test_polygraphy_and_trtexec_in_their_own_words() -> None:
    # polygraphy: parser errors above, or no model at all
    parse = explain("polygraphy.exception.exception.PolygraphyException: Could not parse ONNX correctly")
    assert parse[0].key == "trt-polygraphy-onnx-parse" and parse[0].confidence == "likely"
    node = (
        '[E] [TRT] ModelImporter.cpp:773: While parsing node number 4 [PRelu -> "conv_1_relu"]:\n'
        "[E] In node 4 (parseGraph): INVALID_NODE: Invalid Node - conv_1_relu\n"
        "polygraphy.exception.exception.PolygraphyException: Could not parse ONNX correctly"
    )
    assert first(node) == "onnx-node-unsupported"
    nofile = "[!] Failed to parse ONNX model. Does the model file exist and contain a valid ONNX model?"
    assert first(nofile) == "trt-polygraphy-onnx-file"
    # polygraphy's 'Invalid Engine' and a None written to a file: the symptom of a failed build, likely
    invalid = explain("[!] Invalid Engine. Please ensure the engine was built correctly")
    assert invalid[0].key == "trt-engine-null" and invalid[0].confidence == "likely"
    with_cause = (
        "[E] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 70 is not supported by "
        "this TensorRT release.)\n[!] Invalid Engine. Please ensure the engine was built correctly"
    )
    assert first(with_cause) == "gpu-arch-unsupported"
    nonetype = "    f.write(engine)\nTypeError: a bytes-like object is required, not 'NoneType'\n(TensorRT export)"
    assert first(nonetype) == "trt-engine-null"
    # the same TypeError with nothing of TensorRT around it is not this family
    sql = "sqlalchemy engine.connect()\nTypeError: a bytes-like object is required, not 'NoneType'"
    assert first(sql) != "trt-engine-null"
    assert first("TypeError: a bytes-like object is required, not 'NoneType'\n  File \"upload.py\"") != (
        "trt-engine-null"
    )
    # trtexec's own option errors, read with their flag
    bad = explain("trtexec --onnx=model.onnx --workspace=4096\n[E] Unknown option: --workspace 4096")
    assert bad[0].key == "trt-trtexec-bad-option" and bad[0].op == "--workspace"
    assert "--memPoolSize" in bad[0].fix
    assert first("trtexec --onnx=m.onnx --memPoolSize=dram:1024\nUnknown memory pool: dram") == "trt-trtexec-bad-option"
    # 'Unknown option' of another program is not trtexec's
    assert first("Unknown option: --barcodeCnt\nsystem perl trust-simplerep.pl failed") != "trt-trtexec-bad-option"
    # trtexec built for 1s because no shapes were given under the input's name: a warning that tells of a failure
    shapes = explain("[W] Dynamic dimensions required for input: input_4, but no shapes were provided. "
                     "Automatically overriding shape to: 1x128x128x3")  # fmt: skip
    assert shapes[0].key == "trt-trtexec-shapes-defaulted" and shapes[0].op == "input_4"
    assert shapes.outcome != "warnings-only"


def test_round_six_trt_reports_are_sourced_and_from_elsewhere() -> None:
    """26 reports from 23 repositories no earlier set touches; each keeps its blind first answer and the verdicts
    given by hand, blind and after this round's families."""
    earlier = ("corpus", "holdout", "fresh", "blind", "round3", "round4", "round5")
    rows = sourced_and_from_elsewhere("round6_trt", earlier, at_least=25)
    repos = [r["repository"].lower() for r in rows]
    assert all(repos.count(x) <= 2 for x in repos)
    for r in rows:
        found = explain(r["error"])
        assert found.first_answer == r["after"]["first_answer"], (r["id"], found.first_answer)
        if found.first_answer not in ("miss", "warnings-only"):
            assert found.first_answer in r["expect"], (r["id"], found.first_answer)
        elif found.first_answer == "miss":
            assert found.stage and found.stage != "unknown" and found.command, r["id"]
    assert sum(r["after"]["verdict"] == "wrong" for r in rows) == 0
