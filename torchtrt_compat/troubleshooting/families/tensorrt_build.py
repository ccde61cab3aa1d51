"""TensorRT's own failures beyond the core rows: its ONNX parser (onnx-tensorrt), the builder's network checks,
TensorRT's ``Error Code N: <kind> (<detail>)`` log lines read by their kind and detail, plugins, trtexec's options
and polygraphy's wrappers (issue 36, round six).

Every pattern is keyed on the library's own wording (onnx-tensorrt's ``onnx2trt_utils.cpp``, ``ModelImporter.cpp``
and op importers; ``ErrorCode`` of ``NvInferRuntimeBase.h``, whose numbers the logger prints as ``Error Code N``;
trtexec's ``samples/common/sampleOptions.cpp``; polygraphy's ``backend/trt/util.py`` and ``loader.py``); what
varies (an op, a data type, a tensor, a number) is read from the text, never written into a pattern. The core rows
these sit beside (``onnx-node-unsupported``, ``onnx-model-unreadable``, ``dynamic-shape-profile``,
``input-outside-profile``, ``engine-build-failed``, ``plugin-not-found``, ``gpu-arch-unsupported``) keep their
meaning; a row here is more specific and ranks above its core neighbour only where its text says more.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round6_trt.py"
#: glibc's assert() message ("<function>: Assertion `<condition>' failed") raised inside TensorRT: a function of the
#: nvinfer1 namespace, a TensorRT source file ("../builder/", "../rtSafe/", "../optimizer/" as TensorRT 5 to 7 name
#: them), or a TensorRT plugin's ASSERT macro ("#assertion<file>,<line>")
_TRT_SOURCE_ASSERT = (
    r"|\bnvinfer1::[\w:<>~]{1,120}\([^\n]{0,300}?\): Assertion `"
    r"|\.\./(?:builder|rtSafe|optimizer|runtime|common|layers|network)/[\w/]{1,120}\.(?:cpp|cu|h):\d{1,5}: "
    r"[^\n]{0,400}?Assertion `"
    r"|#assertion[\w./-]{1,200}/(?:plugin|TensorRT)[\w./-]{0,200}\.(?:cpp|cu|h),\d{1,5}"
)
_SET = "tests/data/explain_round6_trt.jsonl"


def _set(*ids: str) -> tuple[str, ...]:
    return tuple(f"{_SET}#{i}" for i in ids)


#: how to fold what the parser needs as a constant (polygraphy and onnxsim), shared by the parser's rows
_FOLD = "polygraphy surgeon sanitize model.onnx --fold-constants -o folded.onnx (or `onnxsim model.onnx folded.onnx`)"

FAMILIES: tuple[KnownError, ...] = (
    # ---- onnx-tensorrt: the parser's assertion classes ------------------------------------------------------------
    KnownError(
        "trt-onnx-unsupported-dtype",
        "TensorRT's ONNX parser has no such data type (UINT8, DOUBLE, INT64 in old releases, BOOL, ...)",
        r"Uns\w{1,3}orted ONNX data ?type|Found unsupported datatype \(\d{1,3}\) when importing initializer"
        r"|does not support UINT8 types for intermediate tensors|convertDtype\(onnxDtype\.elem_type\(\), &trtDtype\)",
        "The ONNX holds a tensor or an initializer of a data type this TensorRT's parser cannot import (ONNX type "
        "numbers: 2 UINT8, 3 INT8, 7 INT64, 9 BOOL, 10 FLOAT16, 11 DOUBLE, 16 BFLOAT16): a uint8 image input or Cast, "
        "float64 constants, or int64 weights in TensorRT 5.",
        "Change the type in the model, not the parser's options: export with float32 inputs and constants (cast on "
        "the host, model.float(), no numpy float64 constants), or rewrite the node with onnx-graphsurgeon (a Cast's "
        "'to', an input's dtype) and save the model again; newer TensorRT releases import more types (UINT8 network "
        "inputs since 8.5, DOUBLE weights cast down to float).",
        variants=(
            Variant(
                r"UINT8|datatype \(2\)|\bCast\b",
                "a UINT8 tensor",
                "TensorRT before 8.5 has no UINT8 at all, and later releases accept it only as a network input or "
                "output, never between layers: make the model take float32 (or cast right after the input) and drop "
                "the uint8 Cast inside the graph (in PyTorch: compare as bool / float instead of .byte(); or set the "
                "Cast's 'to' to FLOAT with onnx-graphsurgeon). TensorFlow detection models exported with tf2onnx "
                "take a uint8 image: change that input's dtype to float32 with onnx-graphsurgeon.",
            ),
            Variant(
                r"DOUBLE|datatype \(11\)|float64",
                "a DOUBLE (float64) initializer",
                "The model carries float64 tensors: cast them to float32 before export (model.float(); a profiler's "
                "total_ops / total_params buffers, e.g. thop's, must be removed from the state dict first), or use a "
                "TensorRT whose parser casts double weights down to float (onnx-tensorrt since TensorRT 8).",
            ),
            Variant(
                r"INT64 \(7\)|datatype \(7\)",
                "INT64 in an old TensorRT",
                "TensorRT 5 and older cannot import INT64 at all; TensorRT 6 and later cast INT64 weights down to "
                "INT32 with a warning: use a newer TensorRT (or export shapes and indices as int32).",
            ),
        ),
        op=r"ONNX data ?type\W{1,4}([A-Z0-9]{2,12})|unsupported datatype \((\d{1,3})\)"
        r"|when importing initializer: ([\w./:-]{1,120})",
        weight=74,
        applies="TensorRT's ONNX parser (trtexec, OnnxParser, onnx2trt, polygraphy), every release",
        shown_by=(
            f"{_TESTS}::test_parser_assertion_classes_in_onnx_tensorrt_wording",
            *_set("josephchenhub-centernet-tensorrt-15", "syencil-tensorrt-42"),
        ),
        example='Unsupported ONNX data type: UINT8 (2)\nWhile parsing node number 108 [Cast -> "292"]:',
        example_source="JosephChenHub/CenterNet-TensorRT#15 (onnx-tensorrt onnx2trt_utils.cpp, convertDtype's "
        "'Unsupported ONNX data type: ')",
    ),
    KnownError(
        "trt-onnx-input-not-constant",
        'TensorRT\'s ONNX parser needs an input as a constant ("must be an initializer")',
        r"must be an initializer|only supports input \S{1,40} as an initializer"
        r"|Assertion failed: \(?\w{1,40}\.is_weights\(\)",
        "The node takes a value (Resize's scales or sizes, TopK's K, Pad's pads, an If's condition, a Reshape's "
        "shape in old releases) that this TensorRT's parser accepts only as a constant initializer, and in the "
        "model it is computed by other nodes (often a chain of Shape / Gather / Concat that folds to a constant).",
        f"Fold the constants before building: `{_FOLD}`, then build from the folded model; if the value really "
        "depends on the input, export it as a constant (Resize with a fixed scale_factor or size, TopK with a fixed "
        "k, static shapes) or use a newer TensorRT release, which accepts more of these inputs as tensors.",
        op=r"In node -?\d{1,6} \((import\w{1,60})\)|While parsing node number \d{1,6} \[(\w{1,60})"
        r"|In function (import\w{1,60})",
        weight=54,
        applies="TensorRT's ONNX parser, every release (each release accepts more inputs as tensors)",
        shown_by=(
            f"{_TESTS}::test_parser_assertion_classes_in_onnx_tensorrt_wording",
            *_set("sangbumchoi-mobilehumanpose-20"),
        ),
        example="ERROR: builtin_op_importers.cpp:3563 In function importTopK:\n[8] This version of TensorRT only "
        "supports input K as an initializer. Try applying constant folding on the model using Polygraphy",
        example_source="NVIDIA/TensorRT#2721 (onnx-tensorrt builtin_op_importers.cpp, importTopK; importResize: "
        "'Resize scales must be an initializer!')",
    ),
    KnownError(
        "trt-onnx-unsupported-attribute",
        "TensorRT's ONNX parser does not support an attribute value (UNSUPPORTED_NODE_ATTR)",
        r"UNSUPPORTED_NODE_ATTR|Attribute \w{1,40} is not supported"
        r"|This version of TensorRT does not support [^\n]{1,60}(?:mode|interpolation|attribute|reduction)",
        "The op is supported, but not with an attribute value the model sets (ScatterND / ScatterElements "
        "'reduction' from opset 16, a Resize mode or coordinate transformation, a layout): exporters of newer opsets "
        "set attributes older parsers reject, sometimes even at their default value.",
        "Export so that the attribute is absent or has a value the parser takes: an older opset_version (e.g. < 16 "
        "for ScatterND without 'reduction'), another mode (Resize 'nearest' / 'linear'); or delete an attribute "
        "that only restates the default (reduction='none') with onnx-graphsurgeon; or use a newer TensorRT, whose "
        "parser supports more values (ScatterND reduction='none' is accepted by later onnx-tensorrt releases).",
        op=r"operator: (\w{1,60})|\((import\w{1,60})\)|Attribute (\w{1,40}) is not supported",
        weight=72,
        applies="TensorRT's ONNX parser with models from newer exporters (opset 16+)",
        shown_by=(f"{_TESTS}::test_parser_assertion_classes_in_onnx_tensorrt_wording", *_set("wsumel-mst-3")),
        example="In node 366 with name: node_ScatterND_404 and operator: ScatterND (importScatterND): "
        'UNSUPPORTED_NODE_ATTR: Assertion failed: !attrs.count("reduction"): Attribute reduction is not supported.',
        example_source="wsumel/MST#3 (onnx-tensorrt importScatterND, ErrorCode kUNSUPPORTED_NODE_ATTR)",
    ),
    KnownError(
        "trt-onnx-initializer",
        "TensorRT's ONNX parser could not import an initializer (convertOnnxWeights failed)",
        r"Assertion failed: convert_?[Oo]nnx_?[Ww]eights\(|Failed to import initializer",
        "An initializer (a weight or constant) could not be converted: a data type the parser lacks, external data "
        "it cannot find beside the model, or a model written by a newer ONNX / opset than this parser knows.",
        "Read the parser line before it (an unsupported data type names the fix); keep a model's external-data files "
        "beside it; export with an opset this TensorRT supports (its release notes list the highest, e.g. opset 11 "
        "for TensorRT 7.1, 10 for 7.0) or upgrade TensorRT; `polygraphy inspect model MODEL.onnx` shows the "
        "initializers' types.",
        loose=True,
        alternatives=("trt-onnx-unsupported-dtype", "onnx-model-unreadable"),
        weight=54,
        applies="TensorRT's ONNX parser, every release",
        shown_by=(f"{_TESTS}::test_parser_assertion_classes_in_onnx_tensorrt_wording",),
        example="ERROR: ModelImporter.cpp:92 In function parseGraph:\n[8] Assertion failed: "
        "convertOnnxWeights(initializer, &weights, ctx)",
        example_source="linghu8812/tensorrt_inference#12 (onnx-tensorrt ModelImporter.cpp, parseGraph's initializer "
        "import)",
    ),
    KnownError(
        "trt-onnx-ir-version-newer",
        "ONNX model has a newer ir_version than this parser was built against (a parser warning)",
        r"ONNX model has a newer ir_version \(\S{1,12}\) than this parser was built against",
        "The model was written by a newer ONNX than the one TensorRT's parser was built with; a warning: the parse "
        "goes on and often succeeds. If it fails, the error after it is the cause (often an op or opset this "
        "parser does not know).",
        "Nothing to fix if the engine is built. If parsing then fails, explain that error; the usual remedy is an "
        "export with an older opset (torch.onnx.export(..., opset_version=N)) or a newer TensorRT.",
        severity="notice",
        weight=30,
        applies="onnx-tensorrt / onnx2trt builds older than the exporter",
        shown_by=(f"{_TESTS}::test_warnings_of_this_domain_stay_warnings",),
        example="WARNING: ONNX model has a newer ir_version (0.0.6) than this parser was built against (0.0.4).",
        example_source="onnx/onnx-tensorrt#487 (onnx-tensorrt ModelImporter.cpp, the ir_version check)",
    ),
    KnownError(
        "trt-polygraphy-onnx-parse",
        "polygraphy: Could not parse ONNX correctly (the parser's errors are above it)",
        r"Could not parse ONNX correctly",
        "polygraphy wraps TensorRT's ONNX parser and stops with this line when the parser reported errors; the "
        "errors it printed just before (one per failed node) are the cause.",
        "Explain the parser errors printed above this line (they name the node and the assertion); if there are "
        "none, check the model with `polygraphy inspect model MODEL.onnx --show layers` and "
        "`python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"` (a truncated or corrupted file fails "
        "there too).",
        loose=True,
        alternatives=("onnx-node-unsupported", "onnx-model-unreadable"),
        weight=40,
        downstream=True,
        applies="polygraphy (run, convert, surgeon) and tools built on it (TensorRT demos, Stable Diffusion WebUI "
        "TensorRT)",
        shown_by=(
            f"{_TESTS}::test_polygraphy_and_trtexec_in_their_own_words",
            *_set("nv-tlabs-diffusiontexturepainting-5"),
        ),
        example="polygraphy.exception.exception.PolygraphyException: Could not parse ONNX correctly",
        example_source="nv-tlabs/DiffusionTexturePainting#5 (polygraphy backend/trt/util.py, check_onnx_parser_errors)",
    ),
    KnownError(
        "trt-polygraphy-onnx-file",
        "polygraphy: Failed to parse ONNX model. Does the model file exist and contain a valid ONNX model?",
        r"Failed to parse ONNX model\. Does the model file exist",
        "TensorRT's parser rejected the file as a whole without a node error: the file is missing, empty or cut "
        "short (an export that failed or ran out of memory before writing it), or it is not an ONNX protobuf.",
        "Check the file (`ls -l MODEL.onnx`, `python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"`); "
        "export it again and watch that export's own log (an exporter that ran out of memory leaves no model); a "
        "model over 2 GB needs its external-data files beside it.",
        # the parser's own text-format line says what the file is: onnx-model-unreadable reads it
        unless=r"Error parsing text-format (?:onnx2trt_onnx|onnx)\.ModelProto",
        weight=77,
        downstream=True,
        applies="polygraphy and tools built on it (Stable Diffusion WebUI TensorRT, TensorRT demos)",
        shown_by=(f"{_TESTS}::test_polygraphy_and_trtexec_in_their_own_words",),
        example="[!] Failed to parse ONNX model. Does the model file exist and contain a valid ONNX model?",
        example_source="polygraphy backend/trt/util.py (check_onnx_parser_errors, when parse returns False)",
    ),
    # ---- the builder's network checks ---------------------------------------------------------------------------
    KnownError(
        "trt-network-no-output",
        "Network must have at least one output (the network TensorRT was asked to build is empty)",
        r"Network must have at least one output",
        "The network reached the builder without outputs: almost always the ONNX parse failed or never ran (its "
        "errors were not printed, the file was not an ONNX model), less often a network built with the API whose "
        "outputs were never marked.",
        "Check the parse: `if not parser.parse(data): [print(parser.get_error(i)) for i in range(parser.num_errors)]` "
        "(C++: parser->getNbErrors() / getError(i)) and explain the first parser error; make sure the program "
        "loads the .onnx you meant; with the network API, network.mark_output(tensor) for each output.",
        loose=True,
        alternatives=("onnx-node-unsupported", "trt-onnx-unsupported-dtype", "onnx-model-unreadable"),
        weight=45,
        applies="every TensorRT release, ONNX parser and network API",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes", *_set("paddlepaddle-fastdeploy-2360")),
        example="[E] [TRT] 4: [network.cpp::validate::2770] Error Code 4: Internal Error (Network must have at least "
        "one output)",
        example_source="PaddlePaddle/FastDeploy#2360 (TensorRT builder, network validation)",
    ),
    KnownError(
        "trt-no-optimization-profile",
        "Network has dynamic or shape inputs, but no optimization profile has been defined",
        r"Network has dynamic or shape inputs, but no optimization profile has been defined",
        "The network has an input with a dynamic dimension (-1 in the ONNX: a dynamic batch or image size), and the "
        "build configuration has no optimization profile giving that input's min / opt / max shapes.",
        "Add a profile for every dynamic input before building: `profile = builder.create_optimization_profile(); "
        "profile.set_shape(name, min, opt, max); config.add_optimization_profile(profile)` (C++: "
        "createOptimizationProfile, setDimensions(kMIN/kOPT/kMAX), addOptimizationProfile) - for every build, not "
        "only when the batch is above 1; with trtexec: --minShapes/--optShapes/--maxShapes=name:1x3x224x224; or "
        "export the ONNX with static shapes.",
        variants=(
            Variant(
                r"torch_tensorrt|Torch-TensorRT",
                "Torch-TensorRT",
                "Give every dynamic input its bounds: torch_tensorrt.Input(min_shape=..., opt_shape=..., "
                "max_shape=...) or torch.export.Dim('b', min=1, max=N).",
                product="torch_tensorrt",
            ),
            Variant(
                r"onnxruntime|TensorrtExecutionProvider|tensorrt_execution_provider",
                "ONNX Runtime's TensorRT provider",
                "Give the TensorRT provider the shape ranges (trt_profile_min_shapes / trt_profile_opt_shapes / "
                "trt_profile_max_shapes provider options), or upgrade onnxruntime-gpu (later releases build a "
                "profile from the shapes they see).",
                product="onnxruntime",
            ),
        ),
        weight=80,
        applies="TensorRT 7 and later with dynamic-shape ONNX models (trtexec, the builder API, onnx2trt)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes", *_set("daniel89710-trt-depth-anything-1")),
        example="[E] [TRT] 4: [network.cpp::validate::2684] Error Code 4: Internal Error (Network has dynamic or "
        "shape inputs, but no optimization profile has been defined.)",
        example_source="daniel89710/trt-depth-anything#1 (TensorRT builder, network validation)",
    ),
    KnownError(
        "trt-shape-check",
        "TensorRT's shape analysis rejected a layer (reshape changes volume, broadcast not conformable, concat)",
        r"reshape changes volume|reshape would change volume|reshape wildcard -?1 has no integer solution"
        r"|broadcast dimensions must be conformable|dimensions not compatible for concatenation"
        r"|IShuffleLayer applied to shape tensor must have 0 or 1 reshape dimensions|reshaping failed for tensor",
        "For the input shapes being built (the model's fixed shapes, --shapes or a profile's min / opt / max), a "
        "layer's shapes do not fit: usually shape values baked into the ONNX at export (a view / reshape traced with "
        "a fixed batch or size) meeting another input shape, or a profile range the model cannot run at.",
        "Build for the shapes the model was exported with, or export it again with those dimensions dynamic "
        "(dynamic_axes / dynamic_shapes, and x.view(x.shape[0], -1) rather than constants); fold constants "
        f"(`{_FOLD}`) so shape arithmetic is resolved; keep min / opt / max within what the model accepts. "
        "'IShuffleLayer applied to shape tensor' is a TensorRT 6 / 7 limit: simplify the model or upgrade TensorRT.",
        op=r"\((?:I\w{1,30}Layer )?([\w./:*() -]{1,120}?): (?:reshape|broadcast|dimensions not)",
        weight=66,
        applies="every TensorRT release (shape checks at network construction and build)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes",),
        example="[E] Error[4]: [graphShapeAnalyzer.cpp::analyzeShapes::1872] Error Code 4: Miscellaneous "
        "(IShuffleLayer Reshape_966: reshape wildcard -1 has no integer solution. Reshaping [6,1000,8,32] to "
        "[6,334,-1].",
        example_source="lix19937/tensorrt-insight#23 (TensorRT graphShapeAnalyzer, as logged)",
    ),
    # ---- precision the GPU lacks ----------------------------------------------------------------------------------
    KnownError(
        "trt-fp16-not-native",
        "Half2 support requested on hardware without native FP16 support (FP16 will not be fast here)",
        r"Half2 support requested on hardware without native FP16 support"
        r"|FP16 (?:is )?not supported natively on this platform|platform does not have fast FP16",
        "An FP16 build was asked for on a GPU without full-rate FP16 (Maxwell / most Pascal GeForce and Tesla P4/P40 "
        "class GPUs), or on a GPU this TensorRT release does not know yet (a GPU newer than the release: then "
        "'Unsupported SM' follows). The build goes on, but FP16 brings no speed-up.",
        "Build in FP32 (drop --fp16 / BuilderFlag.FP16, or guard it with builder.platform_has_fast_fp16); FP16 pays "
        "off on Volta, Turing, Ampere and later, and on Jetson (TX2, Xavier, Orin). On a recent GPU this warning "
        "means the TensorRT / CUDA release predates it: install one that supports the GPU.",
        variants=(
            Variant(
                r"RTX ?[2-5]0\d0|RTX ?A\d{4}|\b[AHL]\d{2,3}\b|\b(?:A|H|L)100\b|Unsupported SM",
                "a GPU newer than this TensorRT",
                "The GPU has fast FP16, so TensorRT does not know it: the TensorRT (and CUDA) release predates the "
                "GPU. Install a TensorRT release that supports its compute capability (`torchtrt-compat check` "
                "names them); building in FP32 will not help.",
            ),
        ),
        severity="warns-of-failure",
        weight=60,
        applies="TensorRT builders with FP16 requested (trtexec --fp16, BuilderFlag.FP16, tlt-converter -t fp16)",
        shown_by=(f"{_TESTS}::test_warnings_of_this_domain_stay_warnings", *_set("gaddekumar-tensorrt-ssd-easy-11")),
        example="[TensorRT] WARNING: Half2 support requested on hardware without native FP16 support, performance "
        "will be negatively affected.",
        example_source="gaddekumar/tensorrt-ssd-easy#11 (TensorRT builder's warning; NVIDIA TAO / DeepStream FAQs: "
        "use FP32 on such GPUs)",
    ),
    KnownError(
        "trt-int8-not-native",
        "INT8 is not supported by this platform (platformHasFastInt8 is false)",
        r"platformHasFastInt8\(\)' failed|INT8 not supported by platform|Int8 not supported natively"
        r"|platform support int8: false",
        "INT8 was requested on a GPU without fast INT8 (no DP4A / INT8 Tensor Cores: e.g. Jetson TX2 and Nano, "
        "Maxwell and older); the program asserts on builder.platform_has_fast_int8, or TensorRT falls back.",
        "Build FP16 (on TX2 / Nano / Pascal Jetson) or FP32 instead of INT8, or build on a GPU with INT8 "
        "support (compute capability 6.1 and 7.2+; Jetson Xavier and Orin).",
        weight=82,
        applies="TensorRT INT8 builds (trtexec --int8, BuilderFlag.INT8, DeepStream network-mode=1)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes",),
        example="yolov5_det: model.cpp:354: nvinfer1::ICudaEngine* build_det_engine(...): Assertion "
        "`builder->platformHasFastInt8()' failed.",
        example_source="wang-xinyu/tensorrtx#1611 (IBuilder::platformHasFastInt8 guard in the program)",
    ),
    # ---- TensorRT's Error Code lines, read by kind -----------------------------------------------------------------
    KnownError(
        "trt-cuda-runtime-error",
        "A CUDA call inside TensorRT failed (Error Code 1: Cuda Runtime / Cuda Driver)",
        # TensorRT 5 to 7 logged "<file>.cpp (<line>) - Cuda Error in <function>: <number>", the number only
        r"Error Code 1: Cuda (?:Runtime|Driver) \(|Cuda Error in \w{1,60}: \d{1,4}\b"
        # TensorRT 8.6+'s autotuner (autotuner.cpp) reporting a CUDA call that failed while it timed a tactic
        r"|In the autotuner, CUDA error \d{1,4} from",
        "TensorRT called CUDA and CUDA refused; the message in parentheses is CUDA's (the families for out of "
        "memory, an illegal memory access or an invalid resource handle rank above this one when they match). "
        "'invalid argument' at enqueue / execute means an address TensorRT was given is not usable device memory.",
        "Read CUDA's message in the parentheses. For 'invalid argument' at enqueue / execute: pass device pointers "
        "for every input and output (not host numpy buffers, not freed or CPU tensors; set_tensor_address / the "
        "bindings list in engine order, one per I/O tensor) on the GPU the engine was built for; run with "
        "CUDA_LAUNCH_BLOCKING=1 to see the first failing call.",
        variants=(
            Variant(
                r"Cuda (?:Runtime|Driver) \((?:initialization error|driver shutting down|unspecified launch failure"
                r"|misaligned address|an illegal instruction)",
                "a CUDA failure that poisons the context",
                "CUDA's context is unusable (a kernel crashed before, the driver is shutting down at exit, or the "
                "process forked after CUDA started): run with CUDA_LAUNCH_BLOCKING=1 to find the first failing "
                "kernel (often a plugin's), release engines and contexts before the interpreter exits, and use the "
                "'spawn' start method for worker processes.",
            ),
            Variant(
                r"In the autotuner|autotuner\.cpp|Skipping tactic|getBestTactic|tacticOptimizer|computeCosts",
                "while the builder timed tactics (the build stage)",
                "CUDA failed inside TensorRT's builder while it timed kernels (the build stage, not your buffers): a "
                "TensorRT bug for a layer on this GPU, a TensorRT / CUDA / cuDNN combination its release was not "
                "built for, or a GPU or driver fault. Build with the TensorRT release the project documents (or a "
                "newer one) with the CUDA and cuDNN of its support matrix; rerun with `trtexec --onnx=model.onnx "
                "--verbose` to name the layer and tactic; restrict tactic sources (trtexec --tacticSources=-CUBLAS,"
                "-CUBLAS_LT,-CUDNN; config.set_tactic_sources) or give the layer FP32 meanwhile.",
            ),
            Variant(
                r"Cuda Error in \w{1,60}: \d{1,4}\s{0,4}$",
                "TensorRT 5 to 7's numbered CUDA error (Cuda Error in <function>: N)",
                "Older TensorRT prints only the CUDA runtime's error number, in the numbering of the CUDA it was "
                "built with. Before CUDA 10.1: 2 = out of memory, 3 = initialization error, 4 = launch failure (a "
                "kernel crashed, now or earlier), 6 = launch timeout (the display watchdog), 8 = invalid device "
                "function and 48 = no kernel image (a build without this GPU's architecture), 11 = invalid value, "
                "30 = unknown, 35 = driver older than the runtime, 46 = device busy or unavailable, 77 = illegal "
                "address; from CUDA 10.1: 1 = invalid value, 2 = out of memory, 3 = initialization error, 4 = CUDA "
                "unloading, 35 = driver too old, 46 = busy, 100 = no device, 209 = no kernel image, 700 = illegal "
                "address, 719 = launch failure. Launch failures and initialization errors while an engine loads "
                "(initializeCommonContext, cuDNN / cuBLAS context creation) mostly mean the GPU or driver was left "
                "in a bad state by an earlier crash: reboot (on Jetson) or reset the GPU (`nvidia-smi -r`, or stop "
                "what crashed on it) and rerun; if it returns, check that CUDA, cuDNN and TensorRT are the versions "
                "the JetPack or TensorRT release was built with, and rebuild the engine on this device.",
            ),
        ),
        op=r"Error Code 1: Cuda (?:Runtime|Driver) \(([^)\n]{1,120})\)|Cuda Error in (\w{1,60}: \d{1,4})"
        r"|In the autotuner, (CUDA error \d{1,4} from [^:\n]{1,80})",
        loose=True,
        alternatives=("illegal-memory-access", "invalid-resource-handle", "multi-gpu-device"),
        weight=42,
        applies="every TensorRT release, at build and at run",
        shown_by=(
            f"{_TESTS}::test_builder_checks_and_error_codes",
            *_set("thb1314-tensorrt-onnx-fasterrcnn-fpn-roialign-10"),
        ),
        example="NVInfer: 1: [runner.cpp::execute::416] Error Code 1: Cuda Runtime (invalid argument)",
        example_source="thb1314/tensorrt-onnx-fasterrcnn-fpn-roialign#10 (TensorRT's logger: ErrorCode 1 with "
        "CUDA's own message)",
    ),
    KnownError(
        "trt-kernel-failed",
        "A TensorRT kernel failed to run (Error Code 1: Cask / Cudnn / Cublas)",
        r"Error Code 1: (?:Cask|Cudnn|Cublas|cuBLAS|CuBLAS) \((?!Cask convolution execution)"
        r"|CUDNN_STATUS_EXECUTION_FAILED|shader run failed",
        "One of TensorRT's kernels (its Cask shaders, or a cuDNN / cuBLAS call) failed at run time: an engine built "
        "by another TensorRT or on another GPU model, a TensorRT release with a bug for this layer on this GPU, a "
        "foreign CUDA context, or an earlier CUDA error surfacing here.",
        "Rebuild the engine on this GPU with the TensorRT that runs it; run in the CUDA context the engine was "
        "created in (no pycuda.autoinit beside torch); update the driver; if it persists, try another TensorRT "
        "release (the failing runner is named in the brackets) or build that layer in FP32.",
        loose=True,
        alternatives=("cask-convolution", "engine-built-elsewhere", "invalid-resource-handle"),
        op=r"\[(\w{1,60})\.cpp::execute",
        weight=55,
        applies="TensorRT 8 and later, at run time",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes", *_set("fabio-sim-lightglue-onnx-52")),
        example="[softMaxV2Runner.cpp::execute::226] Error Code 1: Cask (shader run failed)",
        example_source="fabio-sim/LightGlue-ONNX#52 (TensorRT's runners, ErrorCode 1 'Cask')",
    ),
    KnownError(
        "trt-plugin-execute-failed",
        "A TensorRT plugin failed in enqueue (Assertion status == kSTATUS_SUCCESS failed)",
        r"plugin\w{0,24}Runner\.cpp::execute::\d{1,5}\][^\n]{0,80}kSTATUS_SUCCESS",
        "A plugin layer's enqueue() returned an error: its CUDA kernel failed or it rejected its inputs (shapes or "
        "types it was not written for, a model other than the one the plugin expects, a plugin library built for "
        "another TensorRT, CUDA or GPU architecture, or a plugin the TensorRT release lacks, e.g. EfficientNMS "
        "before 8.4).",
        "Find which plugin (a verbose log names the layer) and check it against the model it was written for; "
        "rebuild the plugin library for this TensorRT / CUDA and your GPU's architecture (-gencode for its SM), "
        "then rebuild the engine; run with CUDA_LAUNCH_BLOCKING=1 for the kernel's own error; export without the "
        "plugin (e.g. without end-to-end NMS) if the TensorRT release is older than the plugin.",
        weight=68,
        applies="TensorRT 8 and later with plugin layers (custom or TensorRT's own)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes", *_set("nvidia-ai-iot-cuda-pointpillars-27")),
        example="trt_infer: 2: [pluginV2DynamicExtRunner.cpp::execute::115] Error Code 2: Internal Error (Assertion "
        "status == kSTATUS_SUCCESS failed. )",
        example_source="NVIDIA-AI-IOT/CUDA-PointPillars#27 (TensorRT's plugin runners)",
    ),
    KnownError(
        "trt-plugin-creator-missing",
        "A program could not get a TensorRT plugin creator (its library not loaded or not registered)",
        r"cannot get [\w.-]{1,80} plugin creator|getPluginCreator(?:\(\))? returned (?:nullptr|NULL|None)"
        r"|plugin creator (?:returned|was) (?:nullptr|null|None)",
        "The program asked TensorRT's plugin registry for a plugin creator and got none: the plugin library (a "
        "custom .so, or TensorRT's libnvinfer_plugin) was not loaded into this process, it was built against "
        "another TensorRT so its REGISTER_TENSORRT_PLUGIN did not take, or name / version / namespace differ.",
        "Load the library before asking: ctypes.CDLL('/abs/path/libyolo_layer.so') (C++: link it with "
        "-Wl,--no-as-needed or dlopen it) and trt.init_libnvinfer_plugins(logger, '') for TensorRT's own plugins; "
        "rebuild the plugin library against the installed TensorRT (`make clean; make`) and check "
        "[c.name for c in trt.get_plugin_registry().plugin_creator_list] for its name and version.",
        op=r"cannot get ([\w.-]{1,80}) plugin creator",
        weight=84,
        applies="every TensorRT release; programs that add plugin layers themselves (YOLO layers, NMS)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes",),
        example="    raise RuntimeError('cannot get YoloLayer_TRT plugin creator')\nRuntimeError: cannot get "
        "YoloLayer_TRT plugin creator",
        example_source="jkjung-avt/tensorrt_demos#476 (get_plugin_creator returning None in the program's plugins.py)",
    ),
    KnownError(
        "trt-api-usage-error",
        "TensorRT API Usage Error (Parameter check failed ..., condition: ...)",
        r"Error Code 3: API Usage Error \(|Parameter check failed (?:at: |, condition: )"
        r"|Error Code 3: Internal Error \(Parameter check"
        # the bare form: no condition printed (a logger at a level above verbose, or a paste cut after the kind)
        r"|Error Code \d{1,2}: API Usage Error\s{0,4}$",
        "A TensorRT API call got an argument or a call order it rejects; the 'condition:' in the message names the "
        "check (e.g. a tensor name the engine does not have, an address not set before enqueue, objects destroyed "
        "in the wrong order).",
        "Read the condition and the function in the message (the API call that failed) and fix that call; shape "
        "checks (setInputShape / setBindingDimensions against the profile) have their own entry.",
        variants=(
            Variant(
                r"~(?:Builder|Runtime)::|mObjectCounter|mEngineCounter|Destroying a (?:builder|runtime) ",
                "the builder or runtime destroyed first",
                "Destroy what a builder or runtime made before the builder or runtime itself: engines and execution "
                "contexts before the runtime that deserialized them; network, config, parser and serialized memory "
                "before the builder - in reverse order of creation (C++: unique_ptrs declared in creation order, or "
                "explicit delete; Python: `del` them or nest the `with` blocks). At exit this is a clean-up warning: "
                "if something failed before, that error is the failure.",
            ),
            Variant(
                r"addInput[^\n]{0,200}knownInput",
                "an input name used twice",
                "INetworkDefinition::addInput refused a name the network already has: give every network input a "
                "unique name (ONNX: unique graph input names; a converter adding the same input twice is a converter "
                "bug - the error after this one, if any, is the real failure).",
            ),
            # TensorRT 7/8's implicit-batch calls (execute / enqueue with a batch size) on an explicit-batch engine
            # (every ONNX engine, and every dynamic-shape one): its max batch size is 1 in the implicit sense
            Variant(
                r"batchSize <= mEngine\.getMaxBatchSize|engine max batch size was|enqueue::\d{1,6}, condition: "
                r"batchSize|execute::\d{1,6}, condition: batchSize",
                "execute / enqueue with a batch size on an explicit-batch engine",
                "execute(batch_size) / enqueue(batch_size, ...) are the implicit-batch API; an engine built from "
                "ONNX (explicit batch, the batch is the first dimension of the input) takes execute_v2(bindings) / "
                "execute_async_v2 (C++ enqueueV2), or on TensorRT 8.5+ set_input_shape + set_tensor_address + "
                "execute_async_v3 (enqueueV3). Set the input's shape first (context.set_binding_shape(0, (10, 3, H, "
                "W)) / set_input_shape), inside the optimization profile's min..max (build with a max batch of at "
                "least the batch you run); a static engine built for batch 1 must be rebuilt with a dynamic batch.",
            ),
            Variant(
                r"allInputDimensionsSpecified|allInputShapesSpecified",
                "input shapes not set before execution",
                "A dynamic-shape engine needs each input's shape before it runs: context.set_input_shape(name, shape) "
                "(TensorRT 8.5+; older: set_binding_shape(i, shape)) inside the profile's min..max, then "
                "execute_v2 / execute_async_v3; size the output buffers from context.get_tensor_shape afterwards.",
            ),
            Variant(
                r"Neither address or allocator is set|setTensorAddress|setOutputAllocator|profileObliviousBindings",
                "a tensor address not set",
                "Set an address for every input and output before enqueueV3 / execute_async_v3: "
                "context.set_tensor_address(name, ptr) for each engine.get_tensor_name(i) (or an output "
                "allocator), after setting the input shapes.",
            ),
            Variant(
                r"kOBEY_PRECISION_CONSTRAINTS|kSTRICT_TYPES|PRECISION_CONSTRAINTS",
                "a precision flag this network does not allow",
                "The builder flag conflicts with the network (e.g. precision constraints on a strongly typed "
                "network): drop that flag, or build the network without STRONGLY_TYPED.",
            ),
            Variant(
                r"Error Code \d{1,2}: API Usage Error\s{0,4}$",
                "the bare message, with no condition",
                "The message lost the check that failed (the condition is logged with it only at a verbose level, or "
                "the paste was cut): rerun the build with a verbose logger (`trtexec --onnx=MODEL.onnx --verbose`, "
                "trt.Logger(trt.Logger.VERBOSE)) and read the lines just before the error. At build time it is most "
                "often a builder flag the network does not allow (FP16 / INT8 / precision flags on a STRONGLY_TYPED "
                "network in TensorRT 10: drop the flag or create the network without STRONGLY_TYPED) or an "
                "optimization profile missing for a dynamic input.",
            ),
        ),
        op=r"condition: ([^\n]{1,120}?)(?:\.\s|\.?\s?\)\s*$|$)",
        loose=True,
        alternatives=("input-outside-profile",),
        weight=40,
        applies="TensorRT 8 and later (the builder and runtime APIs)",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes", *_set("yester31-real_esrgan_trt-10")),
        example="Error Code 3: API Usage Error (Parameter check failed at: optimizer/api/builder.cpp::~Builder::336, "
        "condition: mObjectCounter.use_count() == 1. Destroying a builder object before destroying objects it "
        "created leads to undefined behavior.",
        example_source="yester31/Real_ESRGAN_TRT#10 (TensorRT's parameter checks, ErrorCode 3 kINVALID_ARGUMENT)",
    ),
    KnownError(
        "trt-internal-assertion",
        "TensorRT internal assertion failed (Error Code 2: Internal Error (Assertion ... failed))",
        r"Error Code 2: Internal Error \(Assertion (?!engine(?:Ptr)? != nullptr)(?!status == kSTATUS_SUCCESS)"
        r"|INTERNAL_ERROR: Assertion failed: (?!Unsupported SM)|Assertion Error in (?!trtSmToCask)\w{1,60}: 0 \("
        # glibc's assert() inside TensorRT's own code (TensorRT 4 to 7 and its plugins): the failing function is
        # in the nvinfer1 namespace ("nvinfer1::DimsCHW nvinfer1::getCHW(const nvinfer1::Dims): Assertion
        # `d.nbDims >= 3' failed"), or the file is one of TensorRT's sources ("../builder/cudnnBuilder2.cpp:1034:
        # ...: Assertion `...' failed")
        + _TRT_SOURCE_ASSERT,
        "An assertion inside TensorRT failed (ErrorCode 2, kINTERNAL_ERROR): TensorRT met a graph, shape or "
        "precision combination its builder or runtime does not handle - a TensorRT bug or limit for this model, "
        "not a usage error.",
        "Try another TensorRT release first (newer ones fix many of these); meanwhile change the build: another "
        "precision (FP32 for the failing part), a lower builderOptimizationLevel, folded constants "
        f"(`{_FOLD}`), or find the smallest failing subgraph with `polygraphy debug reduce` and report it.",
        variants=(
            # (issue 36, round fifty-two) the builder's quantization of a bias (weightConvertors.cpp
            # quantizeBiasCommon: "Assertion getter(i) != 0 failed"): a scale of zero for the bias's input or weights
            Variant(
                r"\bquantizeBias\w{0,30}|weightConvertors\.cpp::quantize",
                "INT8: a bias quantized with a scale of zero (quantizeBias)",
                "TensorRT quantized a layer's bias to INT8 with the product of its input's and its weights' scales, "
                "and one of them is 0: a tensor the calibrator saw only as zeros, a dynamic range set to 0 (or "
                "missing) for it, or weights that are all zero in some channel. Build the INT8 engine with a real "
                "calibration (a calibrator fed representative inputs, or a calibration cache made from them) and "
                "check the ranges of the layer's input; keep that layer in FP16 / FP32 (per-layer precision, or "
                "build FP16 instead of forcing INT8); or give the model explicit Q/DQ nodes from a quantization "
                "toolkit instead of implicit INT8.",
            ),
            Variant(
                r"calibrat|\bINT8\b|TF-TRT|\btrt_convert\b|TrtGraphConverter|create_inference_graph",
                "INT8 calibration (TensorRT's or TF-TRT's)",
                "The assertion fired while TensorRT calibrated or built the INT8 engine (the build stage): a limit "
                "of this TensorRT release (old ones assert on tensors of fewer than 3 dimensions, e.g. getCHW's "
                "'d.nbDims >= 3'). Upgrade TensorRT (TF-TRT: a TensorFlow build linked against the newer TensorRT) "
                "and calibrate again; if it stays, calibrate only the layers that fit (keep the others FP16 / "
                "FP32) and report it to TensorRT with the assertion text and the model.",
            ),
            Variant(
                # TensorRT 5 to 7's tacticOptimizer: a layer no kernel of this TensorRT takes ("no supported formats")
                r"no supported formats|candidateRequirements\.empty\(\)",
                "a layer with no implementation (no supported formats)",
                "TensorRT found no kernel for one layer in the formats and precision asked for: most often a custom "
                "layer that needs its plugin (a Caffe / ONNX model whose upsample, yolo or NMS layers must map to "
                "the plugins the project registers: use the model file the project prepared for TensorRT and load "
                "its plugin library), or an op this TensorRT does not support in that precision. Check the "
                "network's layers against the plugins the program registers, build in FP32, and if the layers are "
                "all supported upgrade TensorRT and report it with the assertion text.",
            ),
            Variant(
                _TRT_SOURCE_ASSERT.lstrip("|"),
                "an assert() in an old TensorRT's own code",
                "An assert() inside TensorRT's own library (libnvinfer or a TensorRT plugin) fired: a limit or bug of "
                "this TensorRT release, not of your code. Upgrade TensorRT to a current release (with the CUDA and "
                "cuDNN of its support matrix, and the framework build linked against it), rebuild the engine, and "
                "if it stays, report it to TensorRT with the assertion text (file, function and condition) and the "
                "model.",
            ),
        ),
        op=r"Assertion ([^\n]{1,120}?) failed",
        loose=True,
        alternatives=("myelin-builder-bug", "gpu-out-of-memory"),
        weight=30,
        applies="every TensorRT release",
        shown_by=(f"{_TESTS}::test_builder_checks_and_error_codes",),
        example="[E] Error[2]: [checkSanity.cpp::checkSanity::148] Error Code 2: Internal Error (Assertion isIOGraph "
        "|| tensorInfo.tensors.size() == g.tensors.size() failed. )",
        example_source="NVIDIA/TensorRT#3883 (TensorRT's internal assertions, ErrorCode 2 kINTERNAL_ERROR)",
    ),
    KnownError(
        "trt-engine-null",
        "TensorRT built no engine and the program used it anyway (None where the engine should be)",
        r"\[!\] Invalid Engine\. Please ensure the engine was built correctly"
        r"|a bytes-like object is required, not 'NoneType'|AttributeError: __enter__",
        "The build returned None and the program went on with it (wrote it to a file, entered it in a `with`; "
        "polygraphy checks it and stops): the reason is TensorRT's error line before this one.",
        "Find the first [E] / ERROR line of TensorRT above this one and explain that (run `torchtrt-compat explain "
        "--log build.log` on the whole log; raise the logger to VERBOSE if there is none); check the result of "
        "build_serialized_network before writing it.",
        variants=(
            Variant(
                r"polygraphy|\[!\] Invalid Engine",
                "polygraphy",
                "polygraphy says only that the build returned None: the [E] line printed just before it is the "
                "cause (run the same build with --verbose to see it).",
            ),
        ),
        requires=r"tensorrt|trt|polygraphy|nvinfer|serialized_network|\.engine\b|\.plan\b|Invalid Engine\. Please",
        loose=True,
        alternatives=("engine-build-failed", "gpu-arch-unsupported", "gpu-out-of-memory"),
        weight=19,
        downstream=True,
        applies="every TensorRT release (Python's build_serialized_network returns None on failure)",
        shown_by=(
            f"{_TESTS}::test_polygraphy_and_trtexec_in_their_own_words",
            *_set("comfyanonymous-comfyui_tensorrt-105"),
        ),
        example="    f.write(engine)\nTypeError: a bytes-like object is required, not 'NoneType'\n(TensorRT engine "
        "export)",
        example_source="ArgoHA/D-FINE-seg#20 (writing the None that build_serialized_network returned)",
    ),
    # ---- trtexec's own options -----------------------------------------------------------------------------------
    KnownError(
        "trt-trtexec-flag-deprecated",
        "trtexec: a flag has been deprecated (it has no effect or another flag replaces it)",
        r"--\w{2,40} flag has been deprecated|--\w{2,40}=\w{1,20} has been deprecated by --",
        "trtexec accepted the flag but says it is deprecated: it has no effect (--explicitBatch, --explicitPrecision: "
        "explicit batch is always on for ONNX) or another flag replaces it (--workspace by --memPoolSize, "
        "--buildOnly by --skipInference, --plugins by --staticPlugins). A warning; later releases drop such flags "
        "and then reject them.",
        "Drop the flag or use its replacement: --memPoolSize=workspace:4096M instead of --workspace=4096, "
        "--skipInference instead of --buildOnly, --staticPlugins instead of --plugins; remove --explicitBatch.",
        severity="notice",
        weight=30,
        applies="trtexec of TensorRT 8.x (deprecations) and 10.x (removals)",
        shown_by=(f"{_TESTS}::test_warnings_of_this_domain_stay_warnings",),
        example="[W] --workspace flag has been deprecated by --memPoolSize flag.",
        example_source="TensorRT samples/common/sampleOptions.cpp (BuildOptions::parse)",
    ),
    KnownError(
        "trt-trtexec-bad-option",
        "trtexec rejected an option (unknown option or invalid value)",
        # "Unknown argument" is the wording of trtexec up to TensorRT 7; later releases say "Unknown option"
        r"Unknown (?:option|argument): --\w{1,40}"
        r"|Unknown (?:memory pool|precision constraints|tactic source|profilingVerbosity"
        r"|hardwareCompatibilityLevel|preview feature|useRuntime): |fp8 and int8 aren't allowed to be enabled together"
        r"|Incompatible load and save engine options selected|Tactic source must be prefixed with \+ or -"
        r"|Building a TensorRT engine requires --useRuntime=full|Negative memory pool size",
        "trtexec stopped while reading its command line: a flag this release does not have (removed ones such as "
        "--explicitBatch or --workspace in TensorRT 10, a typo, a flag of a newer release) or a value it does not "
        "accept.",
        "Run `trtexec --help` of the installed release and use its spelling: --memPoolSize=workspace:4096M for "
        "--workspace, drop --explicitBatch / --explicitPrecision (always on), --skipInference for --buildOnly; "
        "values as in the help (e.g. --tacticSources=-CUDNN,+CUBLAS).",
        requires=r"trtexec|--(?:onnx|saveEngine|loadEngine|workspace|explicitBatch|memPoolSize|fp16|int8|shapes"
        r"|minShapes|tacticSources|useRuntime)\b",
        variants=(
            Variant(
                r"Unknown (?:option|argument): --explicitBatch\b",
                "--explicitBatch",
                "--explicitBatch is not in every trtexec: TensorRT 5 and 6 lack it (implicit batch only; use a "
                "TensorRT 7+ trtexec for ONNX models with dynamic shapes) and TensorRT 10 removed it (explicit batch "
                "is always on): drop the flag on TensorRT 10, keep it for TensorRT 7-8.x; `trtexec --help` shows "
                "which you have.",
            ),
        ),
        op=r"Unknown (?:option|argument): (--\w{1,40})|Unknown (\w{1,30}(?: \w{1,20})?): ",
        weight=78,
        applies="trtexec, every release (each release adds and removes flags)",
        shown_by=(f"{_TESTS}::test_polygraphy_and_trtexec_in_their_own_words",),
        example="trtexec --onnx=model.onnx --saveEngine=model.plan --memPoolSize=dram:1024\nUnknown memory pool: dram",
        example_source="TensorRT samples/common/sampleOptions.cpp (BuildOptions::parse's invalid_argument messages)",
    ),
    KnownError(
        "trt-trtexec-shapes-defaulted",
        "trtexec: Dynamic dimensions required for input, but no shapes were provided (built for 1s)",
        r"Dynamic dimensions required for input: \S{1,120}, but no shapes were provided",
        "The model has dynamic inputs and trtexec got no --shapes / --minShapes for this input (or the name given "
        "is not this input's), so it builds the engine for a shape with every dynamic dimension set to 1: the "
        "engine then accepts only that shape.",
        "Pass the shapes under the input's exact name (`polygraphy inspect model MODEL.onnx` lists the names): "
        "--minShapes=name:1x3x224x224 --optShapes=name:8x3x224x224 --maxShapes=name:16x3x224x224 (quote names "
        "with ':' or spaces).",
        op=r"Dynamic dimensions required for input: ([^\s,]{1,120})",
        severity="warns-of-failure",
        weight=70,
        applies="trtexec with dynamic-shape ONNX models, every release",
        shown_by=(f"{_TESTS}::test_polygraphy_and_trtexec_in_their_own_words",),
        example="[W] Dynamic dimensions required for input: input_4, but no shapes were provided. Automatically "
        "overriding shape to: 1x128x128x3",
        example_source="NVIDIA/TensorRT#2046 (trtexec, samples/common/sampleEngines.cpp)",
    ),
    KnownError(
        "trt-cudnn-tactic-missing",
        "TensorRT: Could not initialize cudnn (its cuDNN tactic source finds no usable cuDNN)",
        r"Could not initialize cudnn, please check cudnn installation",
        "TensorRT (up to 8.x, where cuDNN is a tactic source on by default) loads cuDNN when it builds or runs a "
        "layer with cuDNN tactics; no cuDNN was found, or one of another major than the TensorRT release was built "
        "with (e.g. cuDNN 7 for a TensorRT built on cuDNN 8), so cuDNN could not start.",
        "Install the cuDNN the TensorRT release names in its support matrix (same major, the CUDA major of your "
        "TensorRT) and put its lib folder on LD_LIBRARY_PATH (PATH on Windows); or build without cuDNN tactics: "
        "`trtexec --tacticSources=-CUDNN`, or `config.set_tactic_sources(...)` without tensorrt.TacticSource.CUDNN.",
        variants=(
            Variant(
                r"TF-TRT|tf2tensorrt|TRTEngineOp",
                "TF-TRT inside TensorFlow",
                "Under TF-TRT, TensorFlow has usually reserved (nearly) all GPU memory before TensorRT builds its "
                "engine, so TensorRT cannot create its cuDNN handle: enable memory growth "
                "(`tf.config.experimental.set_memory_growth(gpu, True)`, TF_FORCE_GPU_ALLOW_GROWTH=true, or "
                "per_process_gpu_memory_fraction in TF 1.x) and a smaller max_workspace_size_bytes; and load the "
                "cuDNN minor TensorRT names in 'linked against cuDNN X but loaded cuDNN Y' (a same-major older "
                "minor is only warned of). TF-TRT then runs the native segment instead of failing.",
            ),
        ),
        alternatives=("cuda-library-major",),
        weight=84,
        applies="TensorRT 7.x-8.x with the cuDNN tactic source (TensorRT 10 drops cuDNN by default)",
        shown_by=("tests/troubleshooting/test_round7.py::test_cudnn_missing_and_nvrtc_too_old",),
        example="[TensorRT] ERROR: 1: [convolutionRunner.cpp::executeConv::465] Error Code 1: Cudnn (Could not "
        "initialize cudnn, please check cudnn installation.)",
        example_source="TensorRT's cuDNN tactic source (the 'Error Code 1: Cudnn' wording of TensorRT 8.x)",
    ),
)

# ---- issue 36, round fifteen: a converter (torch2trt, a hand-written network) gives TensorRT an invalid layer ----
_R15 = "tests/troubleshooting/test_round15_b15build.py"

_ROUND15: tuple[KnownError, ...] = (
    KnownError(
        "trt-layer-invalid-weights",
        "TensorRT rejects a layer the converter built: its weights do not fit its declared shape (count of N "
        "weights in kernel, but kernel dimensions ... were specified)",
        r"count of \d{1,12} weights in kernel, but kernel dimensions"
        r"|kernel weights has count \d{1,12} but \d{1,12} was expected"
        r"|Expected Weights count is [\d *+/]{1,60}= \d{1,12}"
        r"|Parameter check failed at:[^\n]{0,200}(?:kernelWeights|biasWeights|[Ww]eights\.count)",
        "The program that builds the TensorRT network (torch2trt's converter for this layer, an older "
        "onnx-tensorrt or a hand-written network) declared a convolution / deconvolution / fully-connected layer "
        "whose weights do not hold the count its channels, kernel and groups imply: a converter that does not "
        "support the model's pattern (grouped or depthwise convolution, a functional conv whose weights are "
        "computed at run time, a layer of a newer torch) or one written for another TensorRT. TensorRT leaves the "
        "layer out, so later lines (a NoneType / TypeError in the converter, a failed build, wrong outputs) follow "
        "from it. This happens while converting, not while running.",
        "Treat it as a converter bug, not a runtime one: call the converter with exactly the inputs the module's "
        "forward takes, then check which layer the message names (its channels / groups). Upgrade the converter "
        "to the release made for your TensorRT and torch, or convert the model another way: "
        "`torch.onnx.export` + `trtexec --onnx=model.onnx` (or polygraphy), or Torch-TensorRT; compare its "
        "outputs with PyTorch's. For a hand-written network, give the weights the shape "
        "out_channels * in_channels / groups * kH * kW.",
        variants=(
            Variant(
                r"torch2trt|\[TensorRT\] ERROR",
                "torch2trt",
                "torch2trt's converter for this layer built it with weights that do not match its shape (it converts "
                "grouped / depthwise and functional convolutions with run-time weights wrongly, and each torch2trt "
                "commit targets a TensorRT range): call torch2trt(model, [x]) with exactly the inputs forward "
                "takes; install torch2trt from source at the commit for your TensorRT (`python setup.py install "
                "--plugins`); if the layer is still wrong, convert with `torch.onnx.export` + `trtexec "
                "--onnx=model.onnx --saveEngine=model.engine` or with Torch-TensorRT, and compare the outputs with "
                "PyTorch's.",
            ),
        ),
        op=r"\((Unnamed Layer\* \d{1,6})\)|\[(Convolution|Deconvolution|FullyConnected)\]",
        weight=90,
        applies="TensorRT 7.x-10.x network definitions (torch2trt, onnx-tensorrt, hand-written INetworkDefinition)",
        shown_by=(f"{_R15}::test_converter_builds_a_layer_with_wrong_weights",),
        example="[TensorRT] ERROR: 4: (Unnamed Layer* 325) [Convolution]: count of 2304 weights in kernel, but kernel "
        "dimensions (3,3) with 256 input channels, 256 output channels and 1 groups were specified. Expected "
        "Weights count is 256 * 3*3 * 256 / 1 = 589824",
        example_source="https://github.com/pinatafarms/FearTracker/issues/11 (torch2trt on TensorRT 8.x)",
    ),
    KnownError(
        "torch2trt-no-converter",
        "torch2trt: 'Tensor' object has no attribute '_trt' (a torch op torch2trt has no converter for)",
        r"object has no attribute '_trt'",
        "torch2trt converts a model by running it and replacing each torch call with its converter; a call without "
        "one (its warning 'Encountered known unsupported method X' names it) returns a tensor with no TensorRT "
        "twin, and the next converter that needs it fails with no attribute '_trt'.",
        "Find the op from torch2trt's 'unsupported method' warning above, then: rewrite that part of the model "
        "with ops torch2trt converts, add a converter for it (`@tensorrt_converter('torch.Tensor.X')`), install "
        "torch2trt from source for a newer op set, or convert the model another way (`torch.onnx.export` + "
        "`trtexec`, or Torch-TensorRT, which falls back to PyTorch for unsupported ops).",
        op=r"unsupported (?:method|function) ([\w.]{1,80})",
        weight=88,
        applies="torch2trt (NVIDIA-AI-IOT) conversions",
        shown_by=(f"{_R15}::test_torch2trt_op_without_converter",),
        example="Warning: Encountered known unsupported method torch.Tensor.unfold\nAttributeError: 'Tensor' object "
        "has no attribute '_trt'",
        example_source="torch2trt/torch2trt.py (attach_converter / the converters' input._trt)",
    ),
)

FAMILIES = FAMILIES + _ROUND15

# ---- issue 36, round forty-two: a conversion whose traced model mixes float dtypes (autocast in its forward) ------
_R42 = tests_in("tests/troubleshooting/test_round42_v42driving.py")
#: the autocast state calls a converter met while tracing (torch2trt's "Encountered known unsupported method
#: torch.get_autocast_dtype"), or autocast named in the text
_AUTOCAST_SHOWN = (
    r"\b(?:torch\.)?(?:get_autocast_\w{1,30}|set_autocast_\w{1,30}|is_autocast_\w{1,30}|autocast_(?:increment|decrement)"
    r"_nesting)\b|\bautocast\b|\bamp\.autocast\b"
)

FAMILIES = FAMILIES + (
    KnownError(
        "trt-convert-mixed-float-dtypes",
        "TensorRT conversion: tensors of two float dtypes meet in one layer (torch2trt's 'Tensor data types must "
        "match', TensorRT's '[ElementWise]: operation X has incompatible input types Float and Half'), often from "
        "autocast in the model's forward",
        r"\bTensor data types must match\b"
        r"|operation \w{1,20} has incompatible input types (?:Float|Half|BFloat16) and (?:Float|Half|BFloat16)\b",
        "The model handed to the converter produces tensors of two floating dtypes that meet in one op (a cat, an "
        "add, a matmul): part of its forward runs under torch.autocast (bfloat16 / float16) or casts on its own "
        "(.half(), .to(dtype)) while the rest stays float32. A converter that traces the model (torch2trt) cannot "
        "convert the autocast calls (its 'Encountered known unsupported method torch.get_autocast_dtype' warnings), "
        "so the casts autocast makes are not in the network, and TensorRT layers need inputs of one type.",
        "Convert a model of one precision: remove autocast from its forward for the conversion (a flag, or `with "
        "torch.autocast('cuda', enabled=False)`), cast it once (`model.float()` or `model.half()`, inputs in the "
        "same dtype) and let the converter make the low-precision engine (torch2trt(..., fp16_mode=True); "
        "torch_tensorrt.compile(..., enabled_precisions={torch.half}) in releases that take it, or a model you cast "
        "yourself with use_explicit_typing=True in newer ones; `trtexec --fp16` for an ONNX export); cast explicitly "
        "in forward where two dtypes must meet (`torch.cat([a, b.to(a.dtype)])`). Exporting the float32 model to "
        "ONNX (torch.onnx.export) and building with trtexec avoids the tracing converter's limits too.",
        variants=(
            Variant(
                _AUTOCAST_SHOWN,
                "autocast in the model's forward",
                "The model runs part of its forward under torch.autocast (the converter's warnings about "
                "torch.get_autocast_dtype / set_autocast_enabled, or autocast in the text): the converter does not "
                "apply autocast's casts, so a bfloat16 / float16 tensor meets a float32 one. Turn autocast off for "
                "the conversion (its flag in the model, or wrap the forward in `torch.autocast('cuda', "
                "enabled=False)`), cast the model and inputs to one dtype (`model.float()`; or `model.half()` with "
                "half inputs), and ask the converter for the precision you want instead (torch2trt's fp16_mode=True; "
                "Torch-TensorRT's enabled_precisions={torch.half}, or use_explicit_typing=True with a model you "
                "cast, as your release reads them; `trtexec --fp16` after an ONNX export). bfloat16 engines need "
                "TensorRT 9+ and an Ampere or newer GPU; on Jetson Orin float16 is the usual choice.",
            ),
        ),
        requires=r"torch2trt|TensorRT|tensorrt|\btrtexec\b|\[TRT\]|\[ElementWise\]"
        r"|Encountered known unsupported method",
        weight=84,
        applies="torch2trt and other tracing converters, TensorRT network definitions (TensorRT 8-10)",
        shown_by=(_R42("test_conversion_of_a_model_with_autocast_mixes_dtypes"),),
        example="Warning: Encountered known unsupported method torch.get_autocast_dtype\nAssertionError: Tensor data "
        "types must match",
        example_source="torch2trt torch2trt/utils.py (check_torch_dtype's assert: 'Tensor data types must match'); "
        "TensorRT layers.cpp validate ('[ElementWise]: operation POW has incompatible input types Float and Int32')",
    ),
)
