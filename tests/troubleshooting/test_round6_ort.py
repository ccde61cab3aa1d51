"""`explain`, round six, onnxruntime (issue 36): a blind set of 30 onnxruntime reports
(``tests/data/explain_round6_ort.jsonl``) and the failure classes of onnxruntime beyond it, each checked against
onnxruntime's own wording (core/graph/model.cc, model_load_utils.h, inference_session.cc, bfc_arena.cc,
cuda_call.cc, the TensorRT provider, onnxruntime_inference_collection.py), with texts that must not match.
"""

from __future__ import annotations

from _explain import sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_onnxruntime_in_its_own_words() -> None:
    # a run fed the wrong shape or rank: the input's name is read from the text
    shape = explain(
        "onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : "
        "Got invalid dimensions for input: pixel_values for the following indices\n index: 2 Got: 224 Expected: 192"
        "\n Please fix either the inputs/outputs or the model."
    )
    assert shape[0].key == "ort-input-shape" and "get_inputs" in shape[0].fix
    assert first("ORT_INVALID_ARGUMENT - message: Invalid rank for input: input_var Got: 1 Expected: 2") == (
        "ort-input-shape"
    )
    # ... the wrong element type, in both the old and the current wording
    assert first("INVALID_ARGUMENT : Unexpected input data type. Actual: (tensor(double)) , expected: (tensor(float))")
    dtype = explain(
        "InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Unexpected input data type. Actual: (class "
        "onnxruntime::PrimitiveDataType<double>) , expected: (class onnxruntime::PrimitiveDataType<float>)"
    )
    assert dtype[0].key == "ort-input-dtype" and "astype(np.float32)" in dtype[0].fix
    # ... names the model does not have, or required ones missing (C++ and Python wording)
    for text in (
        "[ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Invalid Feed Input Name:token_type_ids",
        "[ErrorCode:InvalidArgument] Invalid input name: missing",
        "ValueError: Required inputs (['position_ids']) are missing from input feed (['input_ids', 'attention_mask']).",
    ):
        assert first(text) == "ort-input-name", text

    # loading: no kernel (an op and its opset read from the text), opset / IR too new, no file, not a model
    op = explain(
        "NotImplemented: [ONNXRuntimeError] : 9 : NOT_IMPLEMENTED : Could not find an implementation for "
        "EyeLike(9) node with name '/blocks.0/intra_mossformer/EyeLike'"
    )
    assert op[0].key == "ort-op-not-implemented" and op[0].op == "EyeLike(9)"
    too_new = explain(
        "[ONNXRuntimeError] : 1 : FAIL : Load model from best.onnx failed:model_load_utils.h:57 "
        "onnxruntime::model_load_utils::ValidateOpsetForDomain ONNX Runtime only *guarantees* support for models "
        "stamped with official released onnx opset versions. Opset 17 is under development and support for this "
        "is limited. Current official support for domain ai.onnx is till opset 15"
    )
    assert too_new[0].key == "ort-model-too-new" and "Upgrade onnxruntime" in too_new[0].fix
    ir = explain("onnxruntime::Model::Model Unsupported model IR version: 10, max supported IR version: 9")
    assert ir[0].key == "ort-model-too-new" and "ir_version" in ir[0].fix
    assert first(
        "NoSuchFile: [ONNXRuntimeError] : 3 : NO_SUCHFILE : Load model from deep.onnx failed:Load model deep.onnx "
        "failed. File doesn't exist"
    ) == ("ort-model-file-missing")
    unreadable = explain(
        "onnxruntime.capi.onnxruntime_pybind11_state.InvalidProtobuf: [ONNXRuntimeError] : 7 : INVALID_PROTOBUF : "
        "Load model from /models/inswapper_128_fp16.onnx failed:Protobuf parsing failed."
    )
    assert unreadable[0].key == "ort-model-unreadable" and "git lfs pull" in unreadable[0].fix

    # the CUDA provider out of memory (its arena, cuBLAS's handle), the TensorRT provider's engine, providers
    arena = explain(
        "Non-zero status code returned while running ReduceSum node. onnxruntime::BFCArena::AllocateRawInternal "
        "Failed to allocate memory for requested buffer of size 939524096"
    )
    assert arena[0].key == "ort-cuda-out-of-memory" and "gpu_mem_limit" in arena[0].fix
    cublas = (
        "[ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Gemm node. "
        "Name:'fc1' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_call.cc:121 "
        "onnxruntime::CudaCall CUBLAS failure 3: CUBLAS_STATUS_ALLOC_FAILED ; GPU=0 ; "
        "expr=cublasCreate(&cublas_handle_);"
    )
    assert first(cublas) == "ort-cuda-out-of-memory"
    trt = explain(
        "EPFail: [ONNXRuntimeError] : 11 : EP_FAIL : TensorRT EP could not build Engine for fused node: "
        "TensorrtExecutionProvider_TRTKernel_6_6."
    )
    assert trt[0].key == "ort-tensorrt-ep-engine" and "trt_engine_cache_path" in trt[0].fix
    cache = explain("[ONNXRuntimeError] : 11 : EP_FAIL : TensorRT EP could not deserialize engine from cache: a.engine")
    assert cache[0].key == "ort-tensorrt-ep-engine" and "another TensorRT release" in cache[0].fix
    assert first(
        "ValueError: This ORT build has ['AzureExecutionProvider', 'CPUExecutionProvider'] enabled. Since ORT 1.9, "
        "you are required to explicitly set the providers parameter when instantiating InferenceSession."
    ) == ("ort-providers-required")
    dml = explain(
        "UserWarning: Specified provider 'DmlExecutionProvider' is not in available provider names.Available "
        "providers: 'CPUExecutionProvider'"
    )
    assert dml[0].key == "ort-provider-not-in-build" and "onnxruntime-directml" in dml[0].fix
    # the CUDA provider stays with the core row
    assert first("Specified provider 'CUDAExecutionProvider' is not in available provider names") == ("ort-cpu-package")


def test_near_misses_stay_out() -> None:
    # TensorRT's own builder says "any implementation": not onnxruntime's missing kernel
    trt_tactic = "[E] Error[10]: [optimizer.cpp::computeCosts::2033] Error Code 10: Internal Error (Could not find "
    trt_tactic += "any implementation for node {ForeignNode[/model/Conv]}.)"
    assert first(trt_tactic) != "ort-op-not-implemented"
    # a shape named in prose, an IR version printed by a tool, a file that does exist
    assert first("the model expects an input of shape (1, 3, 640, 640)") != "ort-input-shape"
    assert first("Model IR version: 10, opset 17") != "ort-model-too-new"
    assert first("Loaded model from deep.onnx; input name is data") == "miss"
    # torch's own out-of-memory is not onnxruntime's arena
    assert first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB") != "ort-cuda-out-of-memory"
    # a protobuf message of another library without onnxruntime's wording
    assert first("google.protobuf.message.DecodeError: Error parsing message") != "ort-model-unreadable"


def test_inside_the_graph_in_onnxruntime_words() -> None:
    # a node inside the model fails on sizes the export baked in: the node's name is read from the text
    broadcast = explain(
        "Non-zero status code returned while running Add node. Name:'node_add_10' Status Message: "
        "BroadcastIterator::Append axis == 1 || axis == largest was false. Attempting to broadcast an axis by a "
        "dimension other than 1. 4096 by 4182"
    )
    assert broadcast[0].key == "ort-node-shape-at-run" and broadcast[0].op == "node_add_10"
    assert "max_length" in broadcast[0].fix
    reshape = (
        "RUNTIME_EXCEPTION : Non-zero status code returned while running Reshape node. Name:'/Reshape_3' Status "
        "Message: reshape_helper.h:45 input_shape_size == size was false. The input tensor cannot be reshaped to "
        "the requested shape. Input shape:{1,76,16}, requested shape:{-1,4151,4,4}"
    )
    assert first(reshape) == "ort-node-shape-at-run"
    # the graph breaks ONNX's rules (a conversion left a type its op does not take)
    graph = explain(
        "onnxruntime.capi.onnxruntime_pybind11_state.InvalidGraph: [ONNXRuntimeError] : 10 : INVALID_GRAPH : Load "
        "model from m.onnx failed:This is an invalid model. Type Error: Type 'tensor(float16)' of input parameter "
        "(x) of operator (Range) in node (/Range_1) is invalid."
    )
    assert graph[0].key == "ort-invalid-graph" and graph[0].op == "Range" and "keep_io_types" in graph[0].fix
    assert first("[ONNXRuntimeError] : 1 : FAIL : Node (Reshape_12) Op (Reshape) [ShapeInferenceError] bad") == (
        "ort-invalid-graph"
    )
    # an operator outside the domains onnxruntime registers
    custom = explain(
        "[ONNXRuntimeError] : 1 : FAIL : Load model from my_add.onnx failed:Fatal error: my_domain:MyAdd(-1) is not "
        "a registered function/op"
    )
    assert custom[0].key == "ort-op-not-registered" and custom[0].op == "my_domain:MyAdd"
    assert "register_custom_ops_library" in custom[0].fix
    # a module without its contents
    assert first("AttributeError: module 'onnxruntime' has no attribute 'InferenceSession'") == "ort-broken-install"
    assert first("ImportError: cannot import name 'InferenceSession' from 'onnxruntime' (unknown location)") == (
        "ort-broken-install"
    )
    # near misses: onnx's own checker wording, another module's attribute, an op name in prose
    assert not first("onnx.onnx_cpp2py_export.shape_inference.InferenceError: [ShapeInferenceError] bad").startswith(
        "ort-"
    )
    assert first("AttributeError: module 'onnx' has no attribute 'load_model_from_string'") != "ort-broken-install"
    assert first("MyAdd is not registered in the model zoo") != "ort-op-not-registered"


def test_directml_in_its_own_words() -> None:
    # the DirectML provider's failed call, with its HRESULT: the session requirements the provider documents
    dml = explain(
        "Message=[ErrorCode:RuntimeException] Non-zero status code returned while running Trilu node. "
        "Name:'Trilu_233' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\dml\\"
        "DmlExecutionProvider\\src\\MLOperatorAuthorImpl.cpp(2340)\\onnxruntime.DLL!00007FF9AB78E70A: (caller: "
        "00007FF9AB78DC5B) Exception(3) tid(7118) 80070057 The parameter is incorrect."
    )
    assert dml[0].key == "ort-directml-failure" and "enable_mem_pattern = False" in dml[0].fix
    removed = explain(
        "Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\dml\\DmlExecutionProvider\\"
        "src\\DmlCommandRecorder.cpp(371)\\onnxruntime_pybind11_state.pyd!00007FFA: Exception(2) 887A0005 The GPU "
        "device instance has been suspended."
    )
    assert removed[0].key == "ort-directml-failure" and "GPU reset" in removed[0].fix
    # a DirectML word in prose is not the provider's failure
    assert first("I use DmlExecutionProvider and it is slow") != "ort-directml-failure"


def test_an_unknown_node_failure_names_the_run() -> None:
    # onnxruntime's node failure with a message no family knows is a miss at the run stage, with a next step
    found = explain(
        "[ErrorCode:RuntimeException] Non-zero status code returned while running Add node. Name:'/blocks.7/attn/"
        "Add_2' Status Message: bad allocation"
    )
    assert found.first_answer == "miss" and found.stage == "runtime" and found.command


def test_provider_libraries_and_file_access_in_onnxruntime_words() -> None:
    # the TensorRT provider cannot load TensorRT: the fix is onnxruntime's, not torch_tensorrt's
    trt = explain(
        "[E:onnxruntime:Default, provider_bridge_ort.cc:2167 TryGetProviderInfo_TensorRT] onnxruntime::Provider& "
        "onnxruntime::ProviderLibrary::Get() [ONNXRuntimeError] : 1 : FAIL : Failed to load library "
        "libonnxruntime_providers_tensorrt.so with error: libnvinfer.so.10: cannot open shared object file: No such "
        "file or directory"
    )
    assert trt[0].key == "ort-tensorrt-libs-missing" and "TensorrtExecutionProvider" in trt[0].fix
    assert first("[ONNXRuntimeError] : 11 : EP_FAIL : TensorRT EP could not open shared library from x") == (
        "ort-tensorrt-libs-missing"
    )
    # the CUDA provider's own library with cuDNN missing stays with the CUDA-library family
    cudnn = "Failed to load library libonnxruntime_providers_cuda.so with error: libcudnn.so.9: cannot open shared"
    assert first(cudnn + " object file: No such file or directory") == "cuda-library-major"
    # the OS refused to open the model file
    access = explain(
        "onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : Load model from "
        "models/hyperswap_1c_256.onnx failed:system error number 13"
    )
    assert access[0].key == "ort-model-file-access" and access.first_answer == "ort-model-file-access"
    assert first("error: system error number 13 while reading config.yaml") != "ort-model-file-access"


def test_round_six_onnxruntime_reports_are_sourced_and_from_elsewhere() -> None:
    """30 onnxruntime reports from repositories no other set touches; each keeps its blind first answer and the
    verdicts given by hand, blind and after."""
    earlier = ("corpus", "holdout", "fresh", "blind", "round3", "round4", "round5")
    rows = sourced_and_from_elsewhere("round6_ort", earlier, at_least=25)
    assert sum(r["blind"]["verdict"] == "right" for r in rows) == 4
    for r in rows:
        found = explain(r["error"])
        assert found.first_answer in r["expect"], (r["id"], found.first_answer)
