"""TensorRT's parsers and conversion tools beyond the ONNX parser's core rows (issue 36, round seventeen): the Caffe
parser's prototxt errors, the ONNX parser's text-format fallback and its output-type checks, TAO's ``.etlt`` decoding
(tao-converter, the UFF parser behind it) and Myelin's version checks.

Each pattern is keyed on the library's own wording: protobuf's text-format parser as TensorRT's Caffe parser
(``ditcaffe`` / ``trtcaffe`` messages, ``CaffeParser: Could not parse deploy file``) and ONNX parser
(``onnx2trt_onnx.ModelProto``) report it; onnx-tensorrt's ``ModelImporter.cpp`` (importModel's output checks);
tao-converter's and the UFF parser's lines (``UffParser: ...``, ``please check the encoding key``); Myelin's
``myelinVersionMismatch``. What varies (a field, a layer type, an SM, a library version) is read from the text.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round17_t17trt.py")


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "trt-caffe-prototxt-unparsed",
        "TensorRT's Caffe parser cannot read the prototxt (a layer or field its Caffe proto does not have)",
        r"Error parsing text-format (?:dit|trt|nv)?caffe\w{0,10}\.NetParameter"
        r"|CaffeParser: Could not parse (?:deploy|model|binary) file|CaffeParser: Could not open file"
        r"|could not parse layer type \w{1,60}",
        "TensorRT's Caffe parser reads the deploy prototxt with its own copy of Caffe's proto (ditcaffe / trtcaffe): "
        "a layer type or a parameter block of a Caffe fork (upsample_param, a YOLO or SSD fork's own layers, "
        "interp_param) is not in it, so protobuf stops at that line and no network is built. A segmentation fault "
        "or 'network has no output' after it follows from this.",
        "Edit the prototxt, not the parser: remove the parameter block protobuf names (e.g. the upsample_param { } "
        "of each Upsample layer) and give the layer the type your plugin factory registers (the program's "
        "IPluginFactory supplies its parameters), or replace the layer with standard ones; then run the "
        "conversion again. For new work, export the model to ONNX and use the ONNX parser (TensorRT 10 removed "
        "the Caffe parser).",
        op=r"has no field named \"(\w{1,60})\"|could not parse layer type (\w{1,60})",
        weight=90,
        applies="TensorRT 5.x-8.x Caffe parser (trt.CaffeParser, nvcaffeparser1, giexec / trtexec --deploy)",
        shown_by=(_test("test_caffe_parser_prototxt"),),
        example="[libprotobuf ERROR google/protobuf/text_format.cc:298] Error parsing text-format "
        'ditcaffe.NetParameter: 2622:20: Message type "ditcaffe.LayerParameter" has no field named '
        '"upsample_param".\nERROR: CaffeParser: Could not parse deploy file',
        example_source="lewes6369/TensorRT-Yolov3#2 (TensorRT 5's caffeParser with a YOLOv3 prototxt)",
    ),
    KnownError(
        "trt-onnx-output-type",
        "TensorRT's ONNX parser: an output's declared ONNX type does not match what TensorRT produces (For INT32 "
        "tensors, the output type must also be INT32)",
        r"output type must also be (?:INT32|INT64|FLOAT|BOOL)\b"
        r"|Assertion failed: \(?output_tensor_ptr->getType\(\)",
        "TensorRT 10's parser checks each network output against the type the ONNX declares: a plugin or layer that "
        "produces INT32 (EfficientNMS_TRT's num_dets / labels, TopK indices) whose ONNX output says int64 is "
        "rejected; a model exported for TensorRT 8 declared them int64.",
        "Make the ONNX declare what TensorRT produces: set those graph outputs to int32 (onnx-graphsurgeon: "
        "`out.dtype = np.int32` on the plugin's outputs) or add a Cast to INT64 after the plugin, then rebuild "
        "(`trtexec --onnx=...`); or export again with the exporter version made for TensorRT 10.",
        op=r"Successfully created plugin: (\w{1,60})",
        weight=88,
        applies="TensorRT 10.x ONNX parser with plugin nodes (EfficientNMS_TRT, BatchedNMS) from TensorRT 8 exports",
        shown_by=(_test("test_plugin_fallback_is_not_the_failure"),),
        example="[E] [TRT] ModelImporter.cpp:954: ERROR: ModelImporter.cpp:792 In function importModel:\n[8] "
        "Assertion failed: (output_tensor_ptr->getType() != nvinfer1::DataType::kINT32 || output_trt_dtype == "
        'nvinfer1::DataType::kINT32) && "For INT32 tensors, the output type must also be INT32."',
        example_source="lyuwenyu/RT-DETR#441 (TensorRT 10.3 trtexec, onnx-tensorrt ModelImporter.cpp importModel)",
    ),
    KnownError(
        "trt-onnx-parser-assertion",
        "TensorRT's ONNX parser: an assertion failed in one of its functions (In function X: [N] Assertion failed)",
        r"^\s{0,4}\[\d{1,2}\] Assertion failed: |In function (?:import|parse|convert)\w{0,60}:\s{0,4}$",
        "The parser stopped on a check of one node or of the model (the condition after 'Assertion failed' is "
        "the check: a shape, a type, an attribute, a constant input); the function named is the importer of that "
        "op.",
        "Read the condition: a constant the parser needs (fold constants: `polygraphy surgeon sanitize model.onnx "
        "--fold-constants -o folded.onnx`), a type or attribute it lacks (export with another opset or cast), or a "
        "check newer releases relax (try a newer TensorRT); `trtexec --onnx=MODEL.onnx --verbose` prints the node.",
        loose=True,
        alternatives=("onnx-node-unsupported", "trt-onnx-input-not-constant"),
        op=r"In function (\w{1,60})",
        weight=48,
        applies="TensorRT's ONNX parser (onnx-tensorrt), 7.x-10.x",
        shown_by=(_test("test_plugin_fallback_is_not_the_failure"),),
        example="ERROR: builtin_op_importers.cpp:2179 In function importPad:\n[8] Assertion failed: inputs.at(1)."
        "is_weights()",
        example_source="onnx-tensorrt ModelImporter.cpp / builtin_op_importers.cpp (ASSERT macro's 'In function' "
        "form, TensorRT 7-8)",
    ),
    KnownError(
        "tao-etlt-decode",
        "tao-converter / TAO: the .etlt model could not be decoded (wrong encoding key, or not a model this "
        "converter reads)",
        r"please check the encoding key|UffParser: Unsupported number of graph 0"
        r"|(?:Invalid|Wrong|incorrect) (?:encoding |model )?key[^\n]{0,40}\.etlt|Failed to decode (?:the )?model",
        "A TAO .etlt is an encrypted model: tao-converter (or DeepStream's nvinfer with tlt-encoded-model) decrypts "
        "it with the key given (-k / tlt-model-key) and parses the result (UFF for older TAO models, ONNX for newer "
        "ones). With a wrong key, or a converter that expects another format than this model release has, the "
        "parser finds no graph, and the empty network, a failed build and a crash follow.",
        "Use the key published with that model (NGC model card, e.g. 'nvidia_tlt' / 'tlt_encode' for most TAO "
        "models) and the tao-converter build for your TensorRT, CUDA and platform (x86 or Jetson); for a model "
        "release distributed as ONNX or a newer .etlt, use the engine-generation script or DeepStream config that "
        "ships with it instead of the generic UFF path.",
        weight=88,
        applies="tao-converter / tlt-converter, DeepStream nvinfer with .etlt models, Isaac ROS model scripts",
        shown_by=(_test("test_tao_etlt_decode"),),
        example="[ERROR] UffParser: Unsupported number of graph 0\n[ERROR] Failed to parse the model, please check "
        "the encoding key to make sure it's correct",
        example_source="NVIDIA-ISAAC-ROS/isaac_ros_dnn_stereo_depth#11 (tao-converter on an ESS .etlt)",
    ),
    KnownError(
        "trt-myelin-version-mismatch",
        "Myelin (TensorRT's graph compiler) version mismatch: built for another GPU (SM) or another cuBLAS",
        r"myelinVersionMismatch",
        "TensorRT's Myelin checks what it was built for against what it runs on: 'device 0 is SM 0' means it could "
        "not read the GPU at all (a converter built for another CUDA / TensorRT than the installed one, or no usable "
        "GPU in that environment); another SM means the TensorRT build (or an engine) targets another GPU; a cuBLAS "
        "mismatch means another cuBLAS than TensorRT's was loaded.",
        "Use the TensorRT build (and converter, e.g. tao-converter) made for the installed CUDA and TensorRT on this "
        "platform, check the GPU is visible where it runs (`nvidia-smi`, CUDA's deviceQuery in the same container), "
        "put the cuBLAS TensorRT names first on LD_LIBRARY_PATH, and rebuild the engine on the GPU that runs it.",
        variants=(
            Variant(
                r"device \d{1,2} is SM 0\b",
                "the GPU read as SM 0",
                "TensorRT could not query the GPU (SM 0): the converter or TensorRT was built for another CUDA than "
                "the installed runtime and driver (e.g. a tao-converter for CUDA 11.x with another TensorRT 7.2), "
                "or the GPU is not usable there (a container started without --gpus / the NVIDIA runtime). Download "
                "the tao-converter / TensorRT build for the exact installed TensorRT and CUDA (or use the "
                "DeepStream / TAO container that ships them), check `nvidia-smi` and deviceQuery in the same "
                "environment, then convert again.",
            ),
            Variant(
                r"Compiled against cuBLAS",
                "another cuBLAS loaded",
                "Another cuBLAS than the one TensorRT was built with is loaded first: install the cuBLAS of "
                "TensorRT's support matrix (its CUDA release) and put it first on LD_LIBRARY_PATH, or use the "
                "TensorRT build for your CUDA.",
            ),
        ),
        op=r"but device \d{1,2} is (SM \d{1,3})|running against (cuBLAS [\d.]{1,20})",
        weight=88,
        applies="TensorRT 7.x-8.x (Myelin), tao-converter, DeepStream 5-6",
        shown_by=(_test("test_myelin_version_mismatch"),),
        example="[ERROR] ../builder/myelin/myelinBuilder.cpp (418) - Myelin Error in operator(): 1 "
        "(myelinVersionMismatch : Compiled assuming that device 0 was SM 75, but device 0 is SM 0.",
        example_source="NVIDIA-AI-IOT/deepstream_lpr_app#14 and NVIDIA/TensorRT#1033 (TensorRT 7.2 Myelin); "
        "grimoire/mmdetection-to-tensorrt#124 for the cuBLAS wording",
    ),
    KnownError(
        "trt-uff-unsupported-op",
        "TensorRT's UFF parser (or convert-to-uff) has no conversion for a TensorFlow op (Validator error: "
        "Unsupported operation _X)",
        r"U[Ff]{2}Parser: Validator error: [^\n]{1,300}Unsupported operation \w{1,60}"
        r"|No conversion function registered for layer: \w{1,60}",
        "The UFF path (TensorFlow frozen graph -> convert-to-uff -> UffParser) knows a fixed set of TensorFlow ops: "
        "an op outside it (ResizeNearestNeighbor, CropAndResize, Identity, Cast, BatchMatMul, Relu6 in old releases) "
        "is written as a custom op, and the parser then rejects it unless a plugin of that name is registered. "
        "Nothing is built, so 'Network must have at least one output' or a None engine follows.",
        "UFF is deprecated (removed in TensorRT 10): convert the TensorFlow model to ONNX (`python -m tf2onnx.convert "
        "--saved-model DIR --output model.onnx` or --graphdef) and build with the ONNX parser (trtexec "
        "--onnx=model.onnx). To stay on UFF, map the op to a TensorRT plugin in a graphsurgeon preprocess step "
        "(the config.py of NVIDIA's SSD / Mask R-CNN samples) or remove it from the graph (Identity nodes: "
        "graph_util.remove_training_nodes / strip them before conversion).",
        op=r"Unsupported operation _?(\w{1,60})|registered for layer: (\w{1,60})",
        weight=86,
        applies="TensorRT 5.x-8.x UFF parser and the uff package's convert-to-uff (TensorFlow 1.x models)",
        shown_by=(_test("test_uff_and_trtexec_engine_file"),),
        example="[E] [TRT] UffParser: Validator error: functional_1/up_sampling2d_5/resize/ResizeNearestNeighbor: "
        "Unsupported operation _ResizeNearestNeighbor",
        example_source="NVIDIA/TensorRT#1631 (TensorRT 8.2 trtexec --uff); NVIDIA/TensorRT#282 for convert-to-uff's "
        "'No conversion function registered for layer'",
    ),
)
