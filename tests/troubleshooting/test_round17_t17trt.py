"""`explain`, round seventeen (issue 36), TensorRT's parsers and conversion tools: the Caffe parser's prototxt
errors, the ONNX parser's text-format fallback on a file that is not a model, a plugin fallback that succeeded
(not the failure) before the parser's real assertion, TAO's .etlt decoding, Myelin's version checks, DLA fallback
in TensorRT 8.4+ words, the bare API Usage Error, a cut 'Could not find any implementation', and an ONNX export
blocked by xformers. Each in the library's own wording (the families' ``example_source``); near misses must not
match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_caffe_parser_prototxt() -> None:
    text = (
        "Begin parsing model...\n[libprotobuf ERROR google/protobuf/text_format.cc:298] Error parsing text-format "
        'ditcaffe.NetParameter: 2622:20: Message type "ditcaffe.LayerParameter" has no field named '
        '"upsample_param".\nERROR: CaffeParser: Could not parse deploy file\nERROR: ssd_error_log: Fail to parse\n'
        "Segmentation fault (core dumped)"
    )
    key, fix = first(text)
    assert key == "trt-caffe-prototxt-unparsed" and "upsample_param" in fix
    assert explain(text)[0].op == "upsample_param"
    assert first("ERROR: caffeParser.cpp:... could not parse layer type PriorBox")[0] == "trt-caffe-prototxt-unparsed"
    # another program's prototxt error (Caffe itself, not TensorRT's copy) is not this row
    assert "trt-caffe-prototxt-unparsed" not in keys("Error parsing text-format caffe.SolverParameter: 3:1: x")


def test_onnx_text_format_fallback() -> None:
    lfs = (
        "[libprotobuf ERROR google/protobuf/text_format.cc:298] Error parsing text-format onnx2trt_onnx.ModelProto: "
        '1:9: Message type "onnx2trt_onnx.ModelProto" has no field named "version".'
    )
    key, fix = first(lfs)
    assert key == "onnx-model-unreadable" and "git lfs pull" in fix
    binary = (
        "[libprotobuf ERROR google/protobuf/text_format.cc:298] Error parsing text-format onnx2trt_onnx.ModelProto: "
        "1:1: Invalid control characters encountered in text.\n[E] [TRT] ModelImporter.cpp:688: Failed to parse "
        "ONNX model from file: model.onnx"
    )
    key, fix = first(binary)
    assert key == "onnx-model-unreadable" and "external-data" in fix
    # protobuf's text format for other messages is not an ONNX model file
    assert "onnx-model-unreadable" not in keys('Error parsing text-format tensorflow.GraphDef: 1:9: no field "x"')


def test_plugin_fallback_is_not_the_failure() -> None:
    text = (
        "[I] [TRT] No importer registered for op: EfficientNMS_TRT. Attempting to import as plugin.\n"
        "[I] [TRT] Searching for plugin: EfficientNMS_TRT, plugin_version: 1, plugin_namespace: \n"
        "[I] [TRT] Successfully created plugin: EfficientNMS_TRT\n"
        "[E] [TRT] ModelImporter.cpp:954: ERROR: ModelImporter.cpp:792 In function importModel:\n"
        "[8] Assertion failed: (output_tensor_ptr->getType() != nvinfer1::DataType::kINT32 || output_trt_dtype == "
        'nvinfer1::DataType::kINT32) && "For INT32 tensors, the output type must also be INT32."'
    )
    key, fix = first(text)
    assert key == "trt-onnx-output-type" and "int32" in fix
    assert "onnx-node-unsupported" not in keys(text)
    # the attempt alone (it then succeeded) is not a failure of the parser
    attempt = "[W] [TRT] No importer registered for op: GridSample. Attempting to import as plugin."
    assert "onnx-node-unsupported" not in keys(attempt)
    # the attempt that failed still is
    failed = attempt + (
        "\n[E] [TRT] ModelImporter.cpp:776: ERROR: builtin_op_importers.cpp:4890 In function "
        'importFallbackPluginImporter:\n[8] Assertion failed: creator && "Plugin not found, are the plugin name, '
        'version, and namespace correct?"'
    )
    key, fix = first(failed)
    assert key == "onnx-node-unsupported" and "no plugin library" in fix
    # an assertion of the parser without a row of its own is read as one, loosely
    pad = "ERROR: builtin_op_importers.cpp:2179 In function importPad:\n[8] Assertion failed: inputs.at(1).is_weights()"
    assert "trt-onnx-parser-assertion" in keys(pad) or "trt-onnx-input-not-constant" in keys(pad)
    assert "trt-onnx-parser-assertion" not in keys("AssertionError: assert x == 1")


def test_tao_etlt_decode() -> None:
    text = (
        "[ERROR] UffParser: Unsupported number of graph 0\n[ERROR] Failed to parse the model, please check the "
        "encoding key to make sure it's correct\n[ERROR] 4: [network.cpp::validate::2738] Error Code 4: Internal "
        "Error (Network must have at least one output)\n[ERROR] Unable to create engine\nSegmentation fault (core "
        "dumped)"
    )
    key, fix = first(text)
    assert key == "tao-etlt-decode" and "key" in fix and "tao-converter" in fix
    assert "tao-etlt-decode" not in keys("[ERROR] UffParser: Validator error: FirstDimTile: Unsupported operation")


def test_myelin_version_mismatch() -> None:
    sm0 = (
        "[ERROR] ../builder/myelin/myelinBuilder.cpp (418) - Myelin Error in operator(): 1 (myelinVersionMismatch : "
        "Compiled assuming that device 0 was SM 75, but device 0 is SM 0."
    )
    key, fix = first(sm0)
    assert key == "trt-myelin-version-mismatch" and "nvidia-smi" in fix
    assert explain(sm0)[0].op == "SM 0"
    cublas = (
        "[TensorRT] ERROR: myelin/myelinGraphContext.h (26) - Myelin Error in MyelinGraphContext: 1 "
        "(myelinVersionMismatch : Compiled against cuBLAS 11.3.0.0 but running against cuBLAS 11.2.1.0.\n)"
    )
    key, fix = first(cublas)
    assert key == "trt-myelin-version-mismatch" and "LD_LIBRARY_PATH" in fix
    assert "trt-myelin-version-mismatch" not in keys("[W] Myelin graph with multiple dynamic values may have poor")


def test_dla_fallback_in_tensorrt_8_4_words() -> None:
    text = (
        "trtexec --onnx=truck.onnx --fp16 --useDLACore=0 --allowGPUFallback\n"
        "[W] [TRT] Layer '/model.24/Constant_1_output_0' (CONSTANT): Unsupported on DLA. Switching this layer's "
        "device type to GPU.\n[W] [TRT] /model.24/Pow: DLA cores do not support POW ElementWise operation."
    )
    result = explain(text)
    assert result.outcome == "warnings-only" and result[0].key == "edge-dla-fallback-notice"
    # the error of fallback turned off is another row
    off = (
        "[E] Error[2]: [network.cpp::validate::2925] Error Code 2: Internal Error (Assertion allowGPUFallback "
        "failed. Layer '/model.2/Shape' is not supported on DLA but GPU fallback is not enabled.)"
    )
    assert "edge-dla-fallback-notice" not in keys(off)


def test_bare_api_usage_error_and_cut_no_implementation() -> None:
    key, fix = first("[TRT] [E] IBuilder::buildSerializedNetwork: Error Code 4: API Usage Error")
    assert key == "trt-api-usage-error" and "--verbose" in fix and "STRONGLY_TYPED" in fix
    # with its condition, the condition's own reading applies
    cond = "Error Code 3: API Usage Error (Parameter check failed, condition: mEngineCounter.use_count() == 1.)"
    assert first(cond)[0] == "trt-api-usage-error"
    cut = (
        "[TRT] [W] Tactic Device request: 143MB Available: 112MB. Device memory is insufficient to use tactic.\n"
        "[TRT] [E] IBuilder::buildSerializedNetwork: Error Code 10: Internal Error (Could not find an"
    )
    key, fix = first(cut)
    assert key == "no-implementation-for-node" and "free GPU memory" in fix
    assert "no-implementation-for-node" not in keys("Error Code 10: Internal Error (Could not fuse the layers.)")


def test_xformers_blocks_the_onnx_export() -> None:
    text = (
        "ERROR:root:Exporting to ONNX failed. ONNX export failed on an operator with unrecognized namespace "
        "xformers_flash::flash_fwd. If you are trying to export a custom operator, make sure you registered it with "
        "the right domain and version.\nBuilding TensorRT engine...\nCould not open file C:\\m\\Unet-onnx\\v.onnx"
    )
    key, fix = first(text)
    assert key == "onnx-export-unsupported-op" and "--disable-xformers" in fix and "opset_version" not in fix
    other = "ONNX export failed on an operator with unrecognized namespace mmcv::MMCVModulatedDeformConv2d."
    assert "--disable-xformers" not in first(other)[1]


def test_uff_and_trtexec_engine_file() -> None:
    uff = (
        "[E] [TRT] UffParser: Validator error: functional_1/up_sampling2d_5/resize/ResizeNearestNeighbor: "
        "Unsupported operation _ResizeNearestNeighbor\n[E] [TRT] Network must have at least one output"
    )
    key, fix = first(uff)
    assert key == "trt-uff-unsupported-op" and "tf2onnx" in fix
    assert explain(uff)[0].op == "ResizeNearestNeighbor"
    old = "[TensorRT] ERROR: UFFParser: Validator error: net/fc7/BiasAdd: Unsupported operation Identity"
    assert first(old)[0] == "trt-uff-unsupported-op"
    assert "trt-uff-unsupported-op" not in keys("onnxruntime: Unsupported operation Foo in this build")
    save = "[E] Saving engine to file failed.\n&&&& FAILED TensorRT.trtexec [TensorRT v8601] # trtexec --onnx=m.onnx"
    key, fix = first(save)
    # trtexec's engine-file lines have one row, in families/tool_lines.py
    assert key == "trt-engine-save-failed" and "mkdir -p" in fix
    assert "trt-engine-save-failed" not in keys("Saving engine to file: model.plan")


def test_trtexec_closing_lines_follow_the_cause() -> None:
    tail = "[E] Building engine failed\n[E] Failed to create engine from model or file.\n[E] Engine set up failed"
    assert first(tail)[0] == "engine-build-failed"
    caused = "[E] Error[10]: Could not find any implementation for node X.\n" + tail
    assert first(caused)[0] == "no-implementation-for-node"
