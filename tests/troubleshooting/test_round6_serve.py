"""`explain`, round six, the serving and edge domain (issue 36): the classes of Triton Inference Server (its model
repository, config.pbtxt and requests), DeepStream's nvinfer, TensorRT-LLM, CTranslate2 (faster-whisper, whisperX)
and Jetson, each checked against its source's own wording (names and numbers read from the text), with the near
misses that must not match; and the round's serve sample (``tests/data/explain_round6_serve.jsonl``), drawn before
the rows were written, with its blind and after verdicts.
"""

from __future__ import annotations

from _explain import answered_today, sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_triton_model_repository_in_its_own_words() -> None:
    # model_repository_manager.cc: "Poll failed for model directory '<dir>': <why>"; the why names the class
    missing = explain(
        "E0608 21:12:28.408634 1 model_repository_manager.cc:2063] Poll failed for model directory 'penguin': "
        "failed to open text file for read /models/penguin/config.pbtxt: No such file or directory"
    )
    assert missing[0].key == "serve-triton-config-missing" and missing[0].op == "penguin"
    syntax = explain(
        "Poll failed for model directory 'preprocessing': failed to read text proto from "
        "/repo/preprocessing/config.pbtxt\n[libprotobuf ERROR text_format.cc:335] Error parsing text-format "
        "inference.ModelConfig: 29:17: Expected integer, got: $"
    )
    assert syntax[0].key == "serve-triton-config-syntax" and "fill_template.py" in syntax[0].fix
    typo = explain('Error parsing text-format inference.ModelConfig: 12:3: Expected "]", found "}".')
    assert typo[0].key == "serve-triton-config-syntax" and "fill_template" not in typo[0].fix
    stray = explain(
        "E0428 12:20:22.188450 1 model_repository_manager.cc:1460] Poll failed for model directory "
        "'lost+found': Invalid model name"
    )
    assert stray[0].key == "serve-triton-not-a-model" and stray[0].op == "lost+found"
    assert (
        first(
            "failed to load model 'ensemble_x': at least one version must be available under the version "
            "policy of model 'ensemble_x'"
        )
        == "serve-triton-not-a-model"
    )
    assert (
        first(
            "Poll failed for model directory 'm': Invalid model name: Could not determine backend for model "
            "'m' with no backend in model configuration. Expected model name of the form 'model.<backend_name>'."
        )
        == "serve-triton-not-a-model"
    )
    # a config.pbtxt that exists and is read is no missing config
    assert first("I0101 model_repository_manager.cc:100] loading: m:1, config /models/m/config.pbtxt") == "miss"

    # the backends' dims checks (max_batch_size > 0 prepends the batch dimension)
    batch = explain(
        "Invalid argument: model 'segmentation_model', tensor 'output': for the model to support batching the shape "
        "should have at least 1 dimension and the first dimension must be -1; but shape expected by the model is "
        "[1,-1,-1,-1]"
    )
    assert batch[0].key == "serve-triton-batch-dims" and batch[0].op == "output"
    assert "max_batch_size: 0" in batch[0].fix and "dynamic_axes" in batch[0].fix
    assert (
        first(
            "unable to load model 'bert', tensor 'input_ids': the model expects 1 dimensions but the model "
            "configuration specified 2 dimensions"
        )
        == "serve-triton-batch-dims"
    )
    assert (
        first(
            "Poll failed for model directory 'ir50_onnx': model input has different size for dims and reshape "
            "for ir50_onnx"
        )
        == "serve-triton-batch-dims"
    )
    plan = explain(
        "UNAVAILABLE: Internal: autofill failed for model 'yolo': configuration specified max-batch 16 but "
        "TensorRT engine only supports max-batch 1"
    )
    assert plan[0].key == "serve-triton-trt-max-batch" and "--maxShapes" in plan[0].fix

    # "unexpected datatype <the model's> for input '<name>', expecting <the config's>": the fix names the model's type
    dtype = explain(
        "UNAVAILABLE: Invalid argument: unexpected datatype TYPE_FP32 for inference input 'images', expecting TYPE_FP16"
    )
    assert dtype[0].key == "serve-triton-datatype" and dtype[0].op == "TYPE_FP32"
    assert (
        first("unable to load model 'recommendation, unexpected datatype INT64 for input 'users', expecting TYPE_FP32")
        == "serve-triton-datatype"
    )

    # model_config_utils.cc ValidateInstanceGroup: the GPU list after "are:" is empty when no GPU is visible
    gpu = explain(
        "instance group m_0 of model m specifies invalid or unsupported gpu id 2. GPUs with at least the "
        "minimum required CUDA compute compatibility of 6.000000 are: 0 1"
    )
    assert gpu[0].key == "serve-triton-instance-gpu" and gpu[0].op == "2" and "remove `gpus" in gpu[0].fix
    none = explain(
        "instance group m_0 of model m specifies invalid or unsupported gpu id 0. GPUs with at least the "
        "minimum required CUDA compute compatibility of 6.000000 are: "
    )
    assert none[0].key == "serve-triton-instance-gpu" and "sees no usable GPU" in none[0].fix

    # a plan the backend cannot deserialize: likely, and TensorRT's own line wins when it is in the log
    unloadable = explain("UNAVAILABLE: Internal: unable to create TensorRT engine")
    assert unloadable[0].key == "serve-triton-plan-unloadable" and unloadable[0].confidence == "likely"
    assert "engine-version-mismatch" in unloadable[0].alternatives
    assert (
        first(
            "E0530 logging.cc:43] The engine plan file is not compatible with this version of TensorRT, expecting "
            "library version 5.1.2 got 5.1.5, please rebuild.\nInternal: unable to create TensorRT engine"
        )
        == "engine-version-mismatch"
    )

    # python_backend pb_stub.cc: the exception model.py raised follows the colon
    stub = explain("UNAVAILABLE: Internal: Failed to initialize Python stub: ModuleNotFoundError: No module named 'x'")
    assert stub[0].key == "serve-triton-python-stub" and stub[0].op == "ModuleNotFoundError"
    assert "EXECUTION_ENV_PATH" in stub[0].fix
    shm = explain("Failed to initialize Python stub: No space left on device")
    assert shm[0].key == "serve-triton-python-stub" and "--shm-size" in shm[0].fix
    # a torch.save file given to torch.jit.load (Triton's pytorch backend)
    saved = explain(
        "failed to load 'resnet' version 1: Internal: PytorchStreamReader failed locating file constants.pkl: file "
        "not found"
    )
    assert saved[0].key == "serve-torchscript-expected" and "torch.jit.trace" in saved[0].fix
    # a truncated archive is another failure of the same reader
    assert first("PytorchStreamReader failed reading zip archive: failed finding central directory") != (
        "serve-torchscript-expected"
    )


def test_triton_requests_in_its_own_words() -> None:
    shape = explain(
        "tritonclient.utils.InferenceServerException: [StatusCode.INVALID_ARGUMENT] [request id: <id_unknown>] "
        "unexpected shape for input 'INPUT_TEXT' for model 'translate'. Expected [-1,1], got [1]. NOTE: Setting a "
        "non-zero max_batch_size in the model config requires a batch dimension to be prepended to each input shape."
    )
    assert shape[0].key == "serve-triton-request-shape" and shape[0].op == "INPUT_TEXT"
    profile = explain(
        "request specifies invalid shape for input 'images' for yolov5x6_tensorrt. Error details: "
        "model expected the shape of dimension 0 to be between 1 and 1 but received 32"
    )
    assert profile[0].key == "serve-triton-request-shape" and "--maxShapes" in profile[0].fix
    dtype = explain(
        "in ensemble 'ensemble_vapd_cam', inference input data-type is 'BYTES', model expects 'FP32' for "
        "'Efficientb0_first'"
    )
    assert dtype[0].key == "serve-triton-request-datatype"
    assert first("sequence batching control 'CORRID' data-type is 'UINT64', but model 'seq' expects 'INT32'") == (
        "serve-triton-request-datatype"
    )
    unknown = explain("[StatusCode.UNAVAILABLE] Request for unknown model: 'yolov8' is not found")
    assert unknown[0].key == "serve-triton-unknown-model" and unknown[0].op == "yolov8"
    assert (
        first(
            "tritonclient.utils.InferenceServerException: [StatusCode.INVALID_ARGUMENT] unexpected inference "
            "output 'output' for model 'efnet'"
        )
        == "serve-triton-unknown-model"
    )
    # a shape error of another library is not Triton's
    assert first("ValueError: unexpected shape for tensor x") != "serve-triton-request-shape"


def test_deepstream_in_its_own_words() -> None:
    # nvdsinfer_context_impl.cpp initResource: dlsym of parse-bbox-func-name
    parse = explain(
        "NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::initResource() <nvdsinfer_context_impl.cpp:769> "
        "[UID = 1]: Detect-postprocessor failed to init resource because dlsym failed to get func "
        "NvDsInferParseCustomYolo pointer\nERROR: Infer Context failed to initialize post-processing resource, "
        "nvinfer error:NVDSINFER_CUSTOM_LIB_FAILED"
    )
    assert parse[0].key == "serve-ds-parse-func-missing" and parse[0].op == "NvDsInferParseCustomYolo"
    lib = explain(
        "ERROR: Could not open lib: /x/libnvdsinfer_custom_impl_Yolo.so, error string: /x/libnvdsinfer_custom_impl_"
        "Yolo.so: cannot open shared object file: No such file or directory\nNvDsInferContext[UID 1]: Error in "
        "NvDsInferContextImpl::initialize() <nvdsinfer_context_impl.cpp:1139> [UID = 1]: Could not open custom lib: "
        "(null)"
    )
    assert lib[0].key == "serve-ds-custom-lib" and lib[0].op == "/x/libnvdsinfer_custom_impl_Yolo.so"
    assert first("Config file path: cfg.txt, NvDsInfer Error: NVDSINFER_CUSTOM_LIB_FAILED") == "serve-ds-custom-lib"
    coverage = explain(
        "NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::parseBoundingBox() "
        "<nvdsinfer_context_impl_output_parsing.cpp:59> [UID = 1]: Could not find output coverage "
        "layer for parsing objects\nFailed to parse bboxes"
    )
    assert coverage[0].key == "serve-ds-coverage-layer" and "parse-bbox-func-name" in coverage[0].fix
    layer = explain("NvDsInferContext[UID 1]:checkEngineParams(): Could not find output layer 'boxes' in engine")
    assert layer[0].key == "serve-ds-output-layer-missing" and layer[0].op == "boxes"
    nomodel = explain(
        "ERROR: failed to build network since there is no model file matched.\nERROR: failed to build "
        "network.\nNvDsInferContext[UID 1]: Error in NvDsInferContextImpl::buildModel() "
        "<nvdsinfer_context_impl.cpp:1943> [UID = 1]: build engine file failed"
    )
    assert nomodel[0].key == "serve-ds-no-model-file" and "onnx-file" in nomodel[0].fix

    # nvdsinfer_model_builder.cpp: no engine yet is a notice (the first start), not a failure ...
    first_start = explain(
        "WARNING: Deserialize engine failed because file path: /opt/app/model_b1_gpu0_fp32.engine open error\n"
        "0:00:04.98 WARN nvinfer gstnvinfer.cpp:643:gst_nvinfer_logger:<primary_gie> NvDsInferContext[UID 1]: "
        "Warning from NvDsInferContextImpl::generateBackendContext() <nvdsinfer_context_impl.cpp:1993> [UID = 1]: "
        "deserialize backend context from engine from file :/opt/app/model_b1_gpu0_fp32.engine failed, try rebuild"
    )
    assert first_start.outcome == "warnings-only" and first_start[0].key == "serve-ds-engine-not-cached"
    # ... and when the build after it fails, the failure is the answer, never the notice
    failed_build = explain(
        "WARNING: Deserialize engine failed because file path: /opt/app/m.engine open error\n"
        "ERROR: failed to build network since there is no model file matched."
    )
    assert failed_build.first_answer == "serve-ds-no-model-file"
    # an engine that cannot be written means a rebuild at every start
    write = explain(
        "WARNING: Serialize engine failed because of file path: /opt/nvidia/deepstream/samples/models/"
        "resnet10.caffemodel_b1_gpu0_int8.engine opened error"
    )
    assert write.first_answer == "serve-ds-engine-write" and "writable" in write[0].fix


def test_tensorrt_llm_in_its_own_words() -> None:
    mpi = explain(
        '  File "/usr/lib/python3/dist-packages/tensorrt_llm/logger.py", line 19, in <module>\n'
        "    from mpi4py import MPI\nImportError: libmpi.so.40: cannot open shared object file: No such file "
        "or directory"
    )
    assert mpi[0].key == "serve-trtllm-mpi" and "libopenmpi-dev" in mpi[0].fix
    assert (
        first(
            "*** An error occurred in MPI_Init_thread\n*** on a NULL communicator\n[host:3066184] Local abort "
            "before MPI_INIT completed completed successfully"
        )
        == "serve-trtllm-mpi"
    )
    # another program's missing libmpi, with no MPI or TensorRT-LLM in sight, stays the generic loader family
    assert first("./solver: error while loading shared libraries: libmpi.so.40: cannot open shared object file") != (
        "serve-trtllm-mpi"
    )
    names = explain("RuntimeError: Tensor names in engine are not the same as expected.")
    assert names[0].key == "serve-trtllm-engine-mismatch"
    assert (
        first("[TensorRT-LLM][ERROR] Assertion failed: Tensor 'input_ids' has invalid shape (8192), expected (-1)")
        == "serve-trtllm-engine-mismatch"
    )
    oom = explain(
        "[TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mMemPool->getPool(), "
        "mCudaStream->get()): out of memory"
    )
    assert oom[0].key == "serve-trtllm-out-of-memory" and "kv_cache_free_gpu_mem_fraction" in oom[0].fix
    rope = explain(
        "ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got "
        "{'factor': 8.0, 'rope_type': 'llama3'}"
    )
    assert rope[0].key == "serve-transformers-rope-scaling" and "4.43" in rope[0].fix
    # a TensorRT-LLM engine of another TensorRT is still the core version family (with its TensorRT-LLM fix)
    version = explain(
        "[TensorRT-LLM][ERROR] 1: [stdArchiveReader.cpp::stdArchiveReaderInitCommon::47] Error Code 1: "
        "Serialization (Serialization assertion stdVersionRead == kSERIALIZATION_VERSION failed.Version "
        "tag does not match. Note: Current Version: 226, Serialized Engine Version: 228)"
    )
    assert version[0].key == "engine-version-mismatch" and "trtllm-build" in version[0].fix


def test_llm_servers_in_their_own_words() -> None:
    # vLLM's dtype check names the GPU and its compute capability
    bf16 = explain(
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU "
        "has compute capability 7.5. You can use float16 instead by explicitly setting the`dtype` flag in CLI, for "
        "example: --dtype=half."
    )
    assert bf16[0].key == "torch-bf16-unsupported" and bf16[0].op == "Tesla T4" and "--dtype half" in bf16[0].fix
    # vLLM's KV-cache checks, old and new wording
    for text in (
        "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
        "initializing the engine.",
        "ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored "
        "in KV cache (43808). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when "
        "initializing the engine.",
        "ValueError: To serve at least one request with the models's max seq len (131072), (16.0 GiB KV cache is "
        "needed, which is larger than the available KV cache memory (5.3 GiB).",
    ):
        found = explain(text)
        assert found[0].key == "serve-vllm-kv-cache" and "--max-model-len" in found[0].fix, text


def test_ctranslate2_in_its_own_words() -> None:
    # src/types.cc: "Requested <type> compute type, but the target device or backend do not support efficient <type>
    # computation." The type is read from the text
    for kind in ("float16", "int8_float16", "int8", "bfloat16"):
        found = explain(
            f"ValueError: Requested {kind} compute type, but the target device or backend do not "
            f"support efficient {kind} computation."
        )
        assert found[0].key == "serve-ct2-compute-type" and found[0].op == kind
        assert "get_supported_compute_types" in found[0].fix
    # the load-time conversion is a notice: a paste of it alone is answered as harmless
    notice = explain(
        "[ctranslate2] [thread 1] [warning] The compute type inferred from the saved model is float16, "
        "but the target device or backend do not support efficient float16 computation. The model "
        "weights have been automatically converted to use the float32 compute type instead."
    )
    assert notice.outcome == "warnings-only" and notice[0].key == "serve-ct2-compute-type-notice"
    # cuda/utils.h CUDA_CHECK: "CUDA failed with error " + cudaGetErrorString
    oom = explain("RuntimeError: CUDA failed with error out of memory")
    assert oom[0].key == "serve-ct2-out-of-memory" and "int8_float16" in oom[0].fix
    assert first("ValueError: This CTranslate2 package was not compiled with CUDA support") == "serve-ct2-no-cuda"
    # cuDNN 9's loader names the sub-library it could not find
    cudnn = explain(
        "Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.so}\n"
        "Invalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor"
    )
    assert cudnn[0].key == "serve-cudnn-sublibrary" and cudnn[0].op == "libcudnn_cnn"
    assert "nvidia-cudnn-cu12" in cudnn[0].fix
    assert first("Unable to load any of {libfoo.so.1, libfoo.so}") != "serve-cudnn-sublibrary"
    # torch's own out-of-memory stays torch's family
    assert first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB") == "gpu-out-of-memory"


def test_jetson_in_its_own_words() -> None:
    crash = explain("Jetson Nano 2GB, Jetpack 4.5\n>>> import numpy\nIllegal instruction (core dumped)")
    assert crash[0].key == "serve-jetson-illegal-instruction" and "OPENBLAS_CORETYPE=ARMV8" in crash[0].fix
    # an illegal instruction on a desktop x86-64 CPU is another class (AVX on an old CPU): not this row
    assert first("$ python -c 'import tensorflow'\nIllegal instruction (core dumped)") != (
        "serve-jetson-illegal-instruction"
    )
    tegra = explain(
        '      raise RuntimeError("TensorRT does not currently build wheels for Tegra systems")\n'
        "  RuntimeError: TensorRT does not currently build wheels for Tegra systems"
    )
    assert tegra[0].key == "serve-jetson-pip-tensorrt" and "--system-site-packages" in tegra[0].fix
    wheel = explain("ERROR: torch-1.9.0-cp36-cp36m-linux_aarch64.whl is not a supported wheel on this platform.")
    assert wheel[0].key == "serve-jetson-wheel-platform"
    assert "JetPack" in wheel[0].fix
    # an x86-64 wheel's platform error is pip's general wording (round thirteen widened the row to it): its fix reads
    # the wheel's tags against this Python, never the Jetson one
    x86 = explain("ERROR: foo-1.0-cp39-cp39-win_amd64.whl is not a supported wheel on this platform.")
    assert x86[0].key == "serve-jetson-wheel-platform" and "JetPack" not in x86[0].fix
    assert "pip debug --verbose" in x86[0].fix


def test_round_six_serve_reports_are_sourced_and_from_elsewhere() -> None:
    """25 reports from 22 repositories no earlier set touches (at most 2 each), drawn before the serving rows were
    written; each keeps its blind first answer and the verdicts given by hand, blind and after."""
    earlier = ("corpus", "holdout", "fresh", "blind", "round3", "round4", "round5")
    rows = sourced_and_from_elsewhere("round6_serve", earlier, at_least=25)
    per_repo: dict[str, int] = {}
    for r in rows:
        per_repo[r["repository"].lower()] = per_repo.get(r["repository"].lower(), 0) + 1
    assert max(per_repo.values()) <= 2
    answered_today(rows)
    right = sum(1 for r in rows if explain(r["error"]).first_answer in r["expect"])
    assert right >= 23, right
