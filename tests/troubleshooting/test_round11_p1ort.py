"""`explain`, round eleven (issue 36): onnxruntime and TensorRT's ONNX parser and builder in applications' own words.
Each class is checked against its source's wording (the library's message, or an application's line after the
library failed), with near misses that must not match: onnxruntime's partition notices stay notices, an
application's 'provider not available' reads as the CPU package, TensorRT 8's node dump and a script's 'failed to load
ONNX file' read as a parse failure with a next step for a plain TensorRT user, an application's 'building engine
failed' as a failed build, the Caffe / UFF parsers as a removed API, and a kernel of the program's own .cu file gets
the rebuild fix whatever a folder name says."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_onnxruntime_partition_notices_stay_notices() -> None:
    # onnxruntime core/framework/session_state.cc, as the Rust ort crate and the Python logger print it
    rust = (
        "WARN ort::logging: Some nodes were not assigned to the preferred execution providers which may or may not "
        "have an negative impact on performance. e.g. ORT explicitly assigns shape related ops to CPU to improve perf."
    )
    result = explain(rust)
    assert result.outcome == "warnings-only" and result[0].key == "ort-node-placement-notice"
    py = (
        "2023-08-02 19:47:43.534099146 [W:onnxruntime:, session_state.cc:1169 VerifyEachNodeIsAssignedToAnEp] Some "
        "nodes were not assigned to the preferred execution providers which may or may not have an negative impact "
        "on performance. e.g. ORT explicitly assigns shape related ops to CPU to improve perf.\n"
        "2023-08-02 19:47:43.534136078 [W:onnxruntime:, session_state.cc:1171 VerifyEachNodeIsAssignedToAnEp] "
        "Rerunning with verbose output on a non-minimal build will show node assignments."
    )
    assert explain(py).outcome == "warnings-only"
    # core/optimizer/transformer_memcpy.cc and core/graph/graph.cc
    memcpy = (
        "[W:onnxruntime:, transformer_memcpy.cc:74 onnxruntime::MemcpyTransformer::ApplyImpl] 2 Memcpy nodes are "
        "added to the graph torch-jit-export for CUDAExecutionProvider. It might have negative impact on performance "
        "(including unable to run CUDA graph)."
    )
    result = explain(memcpy)
    assert result.outcome == "warnings-only" and result[0].key == "ort-memcpy-notice"
    unused = (
        "[W:onnxruntime:, graph.cc:3593 CleanUnusedInitializersAndNodeArgs] Removing initializer 'onnx::Conv_123'. "
        "It is not used by any node and should be removed from the model."
    )
    assert explain(unused).outcome == "warnings-only"
    # a notice never outranks the failure after it
    failed = (
        py
        + "\nonnxruntime.capi.onnxruntime_pybind_state.InvalidArgument: [ONNXRuntimeError] : 2 : "
        + (
            "INVALID_ARGUMENT : Got invalid dimensions for input: images for the following indices\n index: 2 Got: 320 "
            "Expected: 640"
        )
    )
    assert first(failed)[0] == "ort-input-shape"
    # near misses: nodes that are assigned, memcpy in prose
    assert "ort-node-placement-notice" not in keys("All nodes were assigned to the preferred execution providers")
    assert "ort-memcpy-notice" not in keys("Memcpy nodes are expensive in general")


def test_an_application_s_provider_check_reads_as_the_cpu_package() -> None:
    # sd-webui-faceswaplab's and DeepFaceLive's own wordings of onnxruntime.get_available_providers() without CUDA
    faceswap = (
        "CUDAExecutionProvider not found in onnxruntime.available_providers : ['AzureExecutionProvider', "
        "'CPUExecutionProvider'], use CPU instead. Check onnxruntime-gpu is installed"
    )
    key, fix = first(faceswap)
    assert key == "ort-cpu-package" and "onnxruntime-gpu" in fix
    dfl = "FaceDetector error: CUDAExecutionProvider is not avaiable in onnxruntime Traceback (most recent call last):"
    assert first(dfl)[0] == "ort-cpu-package"
    assert first("RuntimeError: TensorrtExecutionProvider is not available.")[0] == "ort-cpu-package"
    # near misses: a provider that is available, a provider mentioned in passing
    assert "ort-cpu-package" not in keys("CUDAExecutionProvider is available in onnxruntime")
    assert "ort-cpu-package" not in keys("CUDAExecutionProvider is not available on macOS builds of this tool yet")


def test_tensorrt_onnx_parser_failures_without_while_parsing_node() -> None:
    # onnx-tensorrt 8.x ModelImporter.cpp dumps the failed node between Begin / End lines
    dump = (
        "[10/25/2022-17:14:34] [E] [TRT] ModelImporter.cpp:774: --- Begin node ---\n"
        '[10/25/2022-17:14:34] [E] [TRT] ModelImporter.cpp:775: input: "pred/keypoint_extraction/GreaterEqual__420:0"\n'
        'output: "pred/keypoint_extraction/Where:0"\nname: "pred/keypoint_extraction/Where"\nop_type: "NonZero"\n'
        "[10/25/2022-17:14:34] [E] [TRT] ModelImporter.cpp:776: --- End node ---"
    )
    found = explain(dump)
    assert found[0].key == "onnx-node-unsupported" and found[0].op == "NonZero"
    assert "torch_executed_ops" not in found[0].fix and "fold" in found[0].fix.lower()
    # a script's own line after parser.parse() returned False (segment_anything_tensorrt's onnx2trt.py)
    script = (
        "[08/23/2023-09:16:48] [TRT] [I] Opset version:    17\n"
        "RuntimeError: failed to load ONNX file: weights/sam_default_prompt_mask.onnx"
    )
    key, fix = first(script)
    assert key == "onnx-node-unsupported" and "get_error" in fix and "torch_executed_ops" not in fix
    assert first("[E] Parsing model failed")[0] == "onnx-node-unsupported"
    assert first("ERROR: Unable to parse the ONNX file yolov8n.onnx")[0] == "onnx-node-unsupported"
    # near misses: onnx-model-unreadable's own wordings stay there; an onnxruntime model load is not TensorRT's
    assert first("Failed to parse ONNX model from file: model.onnx")[0] == "onnx-model-unreadable"
    assert "onnx-node-unsupported" not in keys("Failed to load ONNX model")
    assert "onnx-node-unsupported" not in keys("--- Begin node list ---")


def test_tensorrt_parser_needs_explicit_batch() -> None:
    text = (
        "ERROR: In node -1 (importModel): INVALID_VALUE: Assertion failed: "
        '!_importer_ctx.network()->hasImplicitBatchDimension() && "This version of the ONNX parser only supports '
        "TensorRT INetworkDefinitions with an explicit batch dimension. Please ensure the network was created using "
        'the EXPLICIT_BATCH NetworkDefinitionCreationFlag."'
    )
    key, fix = first(text)
    assert key == "trt-onnx-implicit-batch" and "EXPLICIT_BATCH" in fix
    assert "trt-onnx-implicit-batch" not in keys("network = builder.create_network(EXPLICIT_BATCH)")


def test_an_application_s_own_engine_lines() -> None:
    # SuperPoint-SuperGlue-TensorRT: the builder returned null and the app says so in its own words
    superpoint = (
        "Building inference engine......\nFalse at plan\n"
        "Error in SuperPoint building engine. Please check your onnx model path."
    )
    key, fix = first(superpoint)
    assert key == "engine-build-failed" and "verbose" in fix.lower()
    assert first("ERROR: builder->buildSerializedNetwork() returned nullptr")[0] == "engine-build-failed"
    assert first("[E] Building the TensorRT engine failed")[0] == "engine-build-failed"
    # deserializeCudaEngine returned null: the app's line, a loose answer naming the usual causes
    loaded = explain("RuntimeError: Failed to deserialize engine.")
    assert loaded[0].key == "trt-app-engine-load-failed" and loaded[0].confidence != "sure"
    assert "engine-version-mismatch" in loaded[0].alternatives
    # TensorRT's own version-tag line, when shown, is the answer
    both = (
        "[E] [TRT] 1: [stdArchiveReader.cpp::StdArchiveReader::40] Error Code 1: Serialization (Serialization "
        "assertion stdVersionRead == serializationVersion failed.Version tag does not match.\n"
        "Failed to deserialize engine"
    )
    assert first(both)[0] == "engine-version-mismatch"
    # near misses
    assert "engine-build-failed" not in keys("Building engine done in 12 s")
    assert "trt-app-engine-load-failed" not in keys("Failed to load engine cache settings from config.yaml")


def test_removed_tensorrt_parsers_are_a_removed_api() -> None:
    # jetson-inference against a TensorRT without the Caffe parser's library name
    link = "/usr/bin/ld: cannot find -lnvcaffe_parser\ncollect2: error: ld returned 1 exit status"
    key, fix = first(link)
    assert key == "build-trt-cpp-api" and "ONNX parser" in fix and "LD_LIBRARY_PATH" not in fix
    assert first("/usr/bin/ld: cannot find -lnvparsers")[0] == "build-trt-cpp-api"
    header = "fatal error: NvCaffeParser.h: No such file or directory"
    assert first(header)[0] == "build-trt-cpp-api"
    # near misses: the libraries TensorRT still ships are a link-path problem, and so is every library missing at
    # once (TensorRT not found at all; gettext's zh_CN wording)
    assert first("/usr/bin/ld: cannot find -lnvonnxparser")[0] == "tensorrt-link-error"
    all_missing = "/usr/bin/ld: 找不到 -lnvinfer\n/usr/bin/ld: 找不到 -lnvparsers\n/usr/bin/ld: 找不到 -lnvcaffe_parser"
    assert first(all_missing)[0] == "tensorrt-link-error"


def test_a_kernel_of_the_program_s_own_cu_file_gets_the_rebuild_fix() -> None:
    # tensorrt-zoo's PReLU plugin on a Jetson Nano: the folder says tensorrt, the kernel is the project's
    text = (
        "run time cuda error : CUDA error 209 at /home/nano/work/tensorrt-zoo/tiny-tensorrt/plugin/PReLUPlugin/"
        "PReLUPlugin.cu:183"
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "rebuild" in fix and "Install a TensorRT release" not in fix
    # near miss: TensorRT's own message keeps TensorRT's fix
    trt = "[E] [TRT] 1: [caskUtils.cpp::trtSmToCask::147] Error Code 1: Internal Error (Unsupported SM: 0x809)"
    key, fix = first(trt)
    assert key == "gpu-arch-unsupported" and "TensorRT" in fix
