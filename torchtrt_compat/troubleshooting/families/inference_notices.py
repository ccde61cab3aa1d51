"""onnxruntime's and TensorRT's parser / builder lines that applications show in their own words (issue 36, round
eleven): onnxruntime's graph-partitioning notices (nodes placed on the CPU on purpose, Memcpy nodes, unused
initializers), which are harmless warnings and never a failure; TensorRT's ONNX parser refusing a network created
without the explicit-batch flag; and an application's own line after TensorRT's runtime returned no engine. The
wordings are the libraries' own (onnxruntime core/framework/session_state.cc, core/optimizer/transformer_memcpy.cc,
core/graph/graph.cc; onnx-tensorrt ModelImporter.cpp) or the applications' cited in ``example_source``. The rows
these families sit beside (``ort-cpu-package``, ``onnx-node-unsupported``, ``engine-build-failed``,
``build-trt-cpp-api``) carry the applications' wordings of their own classes.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round11_p1ort.py"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "ort-node-placement-notice",
        "onnxruntime: some nodes were not assigned to the preferred execution providers (a notice)",
        r"Some nodes were not assigned to the preferred execution providers"
        r"|VerifyEachNodeIsAssignedToAnEp\]? Rerunning with verbose output on a non-minimal build",
        "onnxruntime places shape-related and other small ops on the CPU provider on purpose (it is faster than "
        "copying their few values to the GPU) and logs this when it does; the rest of the graph runs on the "
        "provider asked for. It is a warning, not a failure.",
        "Nothing to fix: the session runs, with most of the graph on the GPU. If it is slow, measure separately "
        "(fixed or bucketed input sizes instead of a new shape per call, cudnn_conv_algo_search='HEURISTIC', IO "
        "binding); to see which nodes went to the CPU, set the session's log_severity_level=0 (verbose). To hide "
        "the line, raise the log level (SessionOptions.log_severity_level = 3).",
        severity="notice",
        weight=25,
        applies="onnxruntime-gpu and its bindings (Python, C/C++, C#, the Rust ort crate, onnxruntime-web)",
        shown_by=(f"{_SHOWN}::test_onnxruntime_partition_notices_stay_notices",),
        example="WARN ort::logging: Some nodes were not assigned to the preferred execution providers which may or "
        "may not have an negative impact on performance. e.g. ORT explicitly assigns shape related ops to CPU to "
        "improve perf.",
        example_source="GreatV/oar-ocr#42 (onnxruntime core/framework/session_state.cc, "
        "VerifyEachNodeIsAssignedToAnEp)",
    ),
    KnownError(
        "ort-memcpy-notice",
        "onnxruntime: N Memcpy nodes are added to the graph for the GPU provider (a notice)",
        r"\d{1,5} Memcpy nodes are added to the graph \S{0,200} ?for \w{1,40}ExecutionProvider",
        "Some nodes run on the CPU (no GPU kernel for them, or shape ops placed there on purpose), so onnxruntime "
        "inserts copies between the CPU and the GPU; the session runs, the copies cost some time and rule out "
        "CUDA graph capture.",
        "Nothing to fix for the session to work. If speed matters, find the nodes on the CPU (log_severity_level=0 "
        "lists the assignment), export them in a form the GPU provider has kernels for, or keep the copies and "
        "bind inputs and outputs on the GPU (IO binding).",
        severity="notice",
        weight=25,
        applies="onnxruntime-gpu (CUDA, ROCm, DirectML providers), any release",
        shown_by=(f"{_SHOWN}::test_onnxruntime_partition_notices_stay_notices",),
        example="[W:onnxruntime:, transformer_memcpy.cc:74 onnxruntime::MemcpyTransformer::ApplyImpl] 2 Memcpy nodes "
        "are added to the graph torch-jit-export for CUDAExecutionProvider. It might have negative impact on "
        "performance (including unable to run CUDA graph).",
        example_source="onnxruntime core/optimizer/transformer_memcpy.cc (MemcpyTransformer::ApplyImpl)",
    ),
    KnownError(
        "ort-unused-initializer-notice",
        "onnxruntime: Removing initializer … It is not used by any node (a notice)",
        r"Removing initializer '?[^\n']{1,200}'?\. It is not used by any node",
        "The ONNX file holds weights no node reads (left over by the exporter or an optimizer); onnxruntime drops "
        "them when it loads the model and says so. The session is fine.",
        "Nothing to fix. To silence it, clean the model once (onnxsim, or `polygraphy surgeon sanitize "
        "--cleanup`) and ship the cleaned file.",
        severity="notice",
        weight=20,
        applies="onnxruntime, any release",
        shown_by=(f"{_SHOWN}::test_onnxruntime_partition_notices_stay_notices",),
        example="[W:onnxruntime:, graph.cc:3593 CleanUnusedInitializersAndNodeArgs] Removing initializer "
        "'onnx::Conv_123'. It is not used by any node and should be removed from the model.",
        example_source="onnxruntime core/graph/graph.cc (Graph::CleanUnusedInitializersAndNodeArgs)",
    ),
    KnownError(
        "trt-onnx-implicit-batch",
        "TensorRT's ONNX parser needs a network created with the EXPLICIT_BATCH flag",
        r"only supports TensorRT INetworkDefinitions with an explicit batch dimension"
        r"|network was created using the EXPLICIT_BATCH NetworkDefinitionCreationFlag",
        "The program creates the network in implicit-batch mode (the Caffe / UFF era API: create_network() with no "
        "flag, builder.max_batch_size) and hands it to the ONNX parser, which since TensorRT 7 accepts only "
        "explicit-batch networks.",
        "Create the network with the flag: Python `builder.create_network(1 << "
        "int(trt.NetworkDefinitionCreationFlag.EXPLICIT_BATCH))`, C++ `builder->createNetworkV2(1U << "
        "static_cast<uint32_t>(NetworkDefinitionCreationFlag::kEXPLICIT_BATCH))`; drop max_batch_size and run with "
        "execute_v2 (the batch is the inputs' first dimension). On TensorRT 10 every network is explicit-batch: "
        "create_network(0) and port the rest of the implicit-batch code (the TensorRT 10 migration guide).",
        variants=(
            Variant(
                r"createNetworkV2|nvinfer1::|\.cpp\b",
                "C++",
                "Create the network with `builder->createNetworkV2(1U << static_cast<uint32_t>("
                "nvinfer1::NetworkDefinitionCreationFlag::kEXPLICIT_BATCH))` instead of createNetwork(), drop "
                "setMaxBatchSize, and run with executeV2 / enqueueV2 (enqueueV3 on TensorRT 10, where every network "
                "is explicit-batch and createNetworkV2(0) is enough).",
            ),
        ),
        weight=82,
        applies="TensorRT 7 to 9 (TensorRT 10 removed implicit batch)",
        shown_by=(f"{_SHOWN}::test_tensorrt_parser_needs_explicit_batch",),
        example="ERROR: In node -1 (importModel): INVALID_VALUE: Assertion failed: "
        '!_importer_ctx.network()->hasImplicitBatchDimension() && "This version of the ONNX parser only supports '
        "TensorRT INetworkDefinitions with an explicit batch dimension. Please ensure the network was created using "
        'the EXPLICIT_BATCH NetworkDefinitionCreationFlag."',
        example_source="onnx-tensorrt ModelImporter.cpp (ModelImporter::importModel's assertion)",
    ),
    KnownError(
        "trt-app-engine-load-failed",
        "An application could not load its TensorRT engine (its own 'failed to deserialize engine' line)",
        r"(?:fail(?:ed)? to|unable to|could not|cannot|can't) (?:deserialize|load) (?:the )?(?:TensorRT |trt |cuda )?"
        r"engine\b(?! cache)"
        r"|deserializ(?:e|ing) engine (?:is |has )?fail\w{0,3}"
        r"|deserializeCudaEngine\(?\)? (?:returned|returns|is) (?:a )?null",
        "TensorRT's runtime returned no engine and the application says only that: most often the plan was built "
        "by another TensorRT release or on another GPU model (a plan runs only where it was built), or the plan "
        "uses a plugin that is not registered before loading, or the file is missing, empty or not a plan. "
        "TensorRT's own log line before it says which.",
        "Show TensorRT's reason: `trtexec --loadEngine=MODEL.engine --verbose` (or give the program's TensorRT "
        "logger the VERBOSE level) and explain that output. Usually the fix is to build the engine again on this "
        "machine with the TensorRT that loads it (delete the cached .engine / .plan so the program rebuilds it); "
        "call initLibNvInferPlugins (Python: trt.init_libnvinfer_plugins(logger, '')) or load the plugin library "
        "first when the engine uses plugins; check the path and size of the file.",
        requires=r"tensorrt|\btrt\b|nvinfer|\.engine\b|\.plan\b|\.trt\b|deserializ",
        # DeepStream warns so when no engine is cached yet, then builds one (its own rows answer it)
        unless=r"nvdsinfer|NvDsInfer|because file path",
        loose=True,
        alternatives=("engine-version-mismatch", "plugin-not-found", "gpu-arch-unsupported"),
        downstream=True,
        weight=30,
        applies="applications that load a serialized TensorRT engine (any release)",
        shown_by=(f"{_SHOWN}::test_an_application_s_own_engine_lines",),
        example="RuntimeError: Failed to deserialize engine.\n(after runtime.deserialize_cuda_engine(f.read()) "
        "returned None for model.engine)",
        example_source="TensorRT's IRuntime.deserialize_cuda_engine returns None (C++ deserializeCudaEngine nullptr) "
        "on failure; applications then print their own line, as in the loaders of public TensorRT projects",
    ),
)
