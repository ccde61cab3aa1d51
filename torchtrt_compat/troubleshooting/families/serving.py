"""Serving and edge stacks around TensorRT (issue 36, round six): NVIDIA Triton Inference Server's model repository
and requests, DeepStream's nvinfer, TensorRT-LLM's runtime and its MPI, CTranslate2 (faster-whisper, whisperX) and
Jetson / JetPack. Each row is keyed to the stack's own wording (Triton core's model_repository_manager.cc,
model_config_utils.cc and its backends; DeepStream's nvdsinfer_context_impl*.cpp and nvdsinfer_model_builder.cpp;
TensorRT-LLM's runtime; CTranslate2's cuda/utils.h and its compute-type check); names, numbers and paths are read
from the text, never written into a pattern. The core rows these refine stay in `troubleshooting.table`
(triton-backend-missing, gstreamer-element-missing, jetson-source-build, tensorrt-module-missing, cuda-library-major,
engine-version-mismatch, engine-build-failed, gpu-out-of-memory).
"""

from __future__ import annotations

from ..entry import JETSON, JETSON_BOARD, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_SET = "tests/data/explain_round6_serve.jsonl"
_TESTS = "tests/troubleshooting/test_round6_serve.py"


def _case(*ids: str) -> tuple[str, ...]:
    return tuple(f"{_SET}#{i}" for i in ids)


_test = tests_in(_TESTS)


_R13 = "tests/troubleshooting/test_round13_p3dist.py"


def _r13(name: str) -> str:
    return f"{_R13}::{name}"


#: a Triton model name or tensor name as the server quotes it
_NAME = r"'([^'\n]{1,200})'"

_TRITON: tuple[KnownError, ...] = (
    KnownError(
        "serve-triton-config-missing",
        "Triton: a model directory has no config.pbtxt (Poll failed ... failed to open text file for read)",
        r"failed to open text file for read [^\n]{0,300}config\.pbtxt",
        "Triton reads <repository>/<model>/config.pbtxt for every folder in the model repository: this folder has "
        "none (a converter or setup script did not write it, it is misnamed, or the folder is not a model at all).",
        "Give every model folder its config.pbtxt beside the numbered version folders (<repo>/<model>/config.pbtxt, "
        "<repo>/<model>/1/model.plan); remove folders that are no models from the repository (a checkout, a "
        "lost+found, a script's output); the backends that can read their model's I/O (onnxruntime, tensorrt) also "
        "start without one unless --disable-auto-complete-config (or --strict-model-config=true) is set. If a setup "
        "script should have written it (FauxPilot's converter, tensorrtllm_backend's fill_template.py), rerun it and "
        "read its own error.",
        op=r"Poll failed for model directory '([^'\n]{1,200})'",
        weight=84,
        applies="Triton Inference Server, every release",
        shown_by=(
            _test("test_triton_model_repository_in_its_own_words"),
            *_case("fauxpilot-fauxpilot-251", "fauxpilot-fauxpilot-150"),
        ),
        example="E0216 16:50:02.558074 89 model_repository_manager.cc:2063] Poll failed for model directory "
        "'fastertransformer': failed to open text file for read /model/fastertransformer/config.pbtxt: No such file "
        "or directory",
        example_source="https://github.com/fauxpilot/fauxpilot/issues/150; Triton core model_repository_manager.cc "
        "(LOG_ERROR 'Poll failed for model directory')",
    ),
    KnownError(
        "serve-triton-config-syntax",
        "Triton: config.pbtxt is not valid protobuf text (failed to read text proto / Error parsing text-format)",
        r"failed to read text proto from [^\n]{0,300}config\.pbtxt"
        r"|Error parsing text-format inference\.ModelConfig: \d{1,6}:\d{1,6}",
        "The model's config.pbtxt does not parse as the ModelConfig protobuf: a typo, a missing bracket or quote, a "
        "field that does not exist in this Triton release, or a template placeholder (${...}) that was never filled.",
        "Fix the file at the line:column protobuf names (the 'Error parsing text-format inference.ModelConfig: L:C' "
        "line just above or below): lists use [ ], enums are bare words (TYPE_FP32, KIND_GPU), strings are quoted; "
        "compare with the model configuration reference of your Triton release.",
        variants=(
            Variant(
                r"got: \$|\$\{[\w.-]{1,60}\}|fill_template",
                "an unfilled template",
                "The config still holds template placeholders (${...}): tensorrtllm_backend's model folders are "
                "templates; fill every one with `python3 tools/fill_template.py -i <model>/config.pbtxt "
                "key:value,...` (triton_max_batch_size, engine_dir, tokenizer_dir, decoupled_mode, ...) before "
                "starting the server.",
            ),
        ),
        op=r"Poll failed for model directory '([^'\n]{1,200})'|Error parsing text-format inference\.ModelConfig: "
        r"(\d{1,6}:\d{1,6}: [^\n]{1,120})",
        weight=84,
        applies="Triton Inference Server, every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="E0407 20:46:46.986017 111 model_repository_manager.cc:1309] Poll failed for model directory "
        "'ensemble': failed to read text proto from /tensorrtllm_backend/triton_model_repo/ensemble/config.pbtxt\n"
        "[libprotobuf ERROR text_format.cc:335] Error parsing text-format inference.ModelConfig: 29:17: Expected "
        "integer, got: $",
        example_source="https://github.com/triton-inference-server/tensorrtllm_backend/issues/393; Triton core "
        "model_config_utils (ReadTextProto: 'failed to read text proto from')",
    ),
    KnownError(
        "serve-triton-not-a-model",
        "Triton: a folder is no model (Invalid model name / Could not determine backend / no version available)",
        r"Could not determine backend for model '[^'\n]{1,200}' with no backend in model configuration"
        r"|Poll failed for model directory '[^'\n]{1,200}': Invalid model name"
        r"|at least one version must be available under the version policy of model",
        "Triton could not make a model of a repository folder: it has no numbered version folder (1/, 2/ ...) holding "
        "the model file, the config names neither backend nor platform and the file name does not say it, or the "
        "folder is not a model at all (lost+found, a hidden folder, an empty folder an object store dropped).",
        "Lay each model out as <repo>/<model>/config.pbtxt and <repo>/<model>/<version>/<file> with the backend's "
        "default file name (model.plan for tensorrt, model.onnx for onnxruntime, model.pt for pytorch, model.py for "
        "python) or default_model_filename; set `backend:` (or `platform:`) in config.pbtxt; an ensemble needs an "
        "empty version folder too (mkdir <repo>/<ensemble>/1: git and S3 drop empty folders); move folders that "
        "are no models out of the repository.",
        op=r"model directory '([^'\n]{1,200})'|backend for model '([^'\n]{1,200})'|version policy of model "
        r"'([^'\n]{1,200})'",
        weight=82,
        applies="Triton Inference Server, every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="failed to load model 'ensemble_python_resnet50': at least one version must be available under the "
        "version policy of model 'ensemble_python_resnet50'",
        example_source="Triton core model_lifecycle.cc / model_repository_manager.cc ('at least one version must be "
        "available under the version policy of model'); https://github.com/triton-inference-server/server/issues/7336",
    ),
    KnownError(
        "serve-triton-batch-dims",
        "Triton: max_batch_size > 0 but the model's first dimension is not a free batch dimension",
        r"for the model to support batching the shape should have at least 1 dimension"
        r"|the model expects \d{1,3} dimensions[^\n]{0,200}model configuration specifie[sd] \d{1,3} dimensions"
        r"|model input has different size for dims and reshape",
        "With max_batch_size > 0 Triton prepends a batch dimension to the config's dims and needs the model's first "
        "dimension to be dynamic (-1): the model was exported with a fixed batch (1, 16), or dims in config.pbtxt "
        "already include the batch dimension.",
        "Either export the model with a dynamic batch axis (torch.onnx.export(..., dynamic_axes={'input': {0: "
        "'batch'}, 'output': {0: 'batch'}}); for a TensorRT plan an optimization profile over the batch) and list "
        "dims WITHOUT the batch in config.pbtxt, or set max_batch_size: 0 and give the full shape (batch included) "
        "in dims.",
        op=r"tensor '([^'\n]{1,200})'",
        weight=84,
        applies="Triton Inference Server, every backend (onnxruntime, tensorrt, pytorch, tensorflow)",
        shown_by=(
            _test("test_triton_model_repository_in_its_own_words"),
            *_case(
                "triton-inference-server-onnxruntime_backend-220", "triton-inference-server-onnxruntime_backend-111"
            ),
        ),
        example="ERROR: Failed to create instance: model 'text_recognition', tensor '307': for the model to support "
        "batching the shape should have at least 1 dimension and the first dimension must be -1; but shape expected "
        "by the model is [1,26,37]",
        example_source="https://github.com/triton-inference-server/onnxruntime_backend/issues/220; the backends' "
        "CompareDimsSupported (onnxruntime_utils.cc, tensorrt model_state)",
    ),
    KnownError(
        "serve-triton-trt-max-batch",
        "Triton: config max_batch_size is larger than the TensorRT plan supports",
        r"configuration specified max-batch \d{1,9} but TensorRT engine only supports max-batch \d{1,9}",
        "The TensorRT plan's optimization profile (or implicit-batch max batch) allows a smaller batch than "
        "config.pbtxt's max_batch_size: the engine was built for batch 1 (a static ONNX, trtexec without "
        "--minShapes/--optShapes/--maxShapes), or max_batch_size counts something else.",
        "Rebuild the plan with a batch range, e.g. `trtexec --onnx=model.onnx --minShapes=input:1x3x224x224 "
        "--optShapes=input:8x3x224x224 --maxShapes=input:16x3x224x224 --saveEngine=model.plan` (the ONNX needs a "
        "dynamic batch axis), or lower max_batch_size to what the engine supports (0 for a fixed-batch engine, with "
        "the full shape in dims).",
        weight=85,
        applies="Triton's TensorRT backend (platform tensorrt_plan), every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="UNAVAILABLE: Internal: autofill failed for model 'yolov5x6_tensorrt': configuration specified "
        "max-batch 128 but TensorRT engine only supports max-batch 1",
        example_source="Triton tensorrt_backend model_state.cc (AutoCompleteConfig: 'configuration specified "
        "max-batch ... but TensorRT engine only supports max-batch'); "
        "https://github.com/triton-inference-server/server/issues/4384",
    ),
    KnownError(
        "serve-triton-datatype",
        "Triton: config.pbtxt's data_type differs from the model's (unexpected datatype ... expecting ...)",
        r"unexpected datatype (?:TYPE_)?\w{2,8} for (?:inference )?(?:input|output) '[^'\n]{1,200}', expecting",
        "The data_type config.pbtxt gives a tensor is not the type the model file has: the first type Triton names is "
        "the model's, the one after 'expecting' is the config's (an FP16 engine whose I/O stayed FP32, an INT64 ONNX "
        "input declared TYPE_INT32 or the reverse).",
        "Set data_type in config.pbtxt to the model's own type, the first one the message names (TYPE_FP32 for an "
        "FP16-built engine whose inputs are FP32; TYPE_INT64 for token ids from torch.onnx.export); TensorRT before "
        "10 has no INT64 I/O, so an INT64 ONNX input becomes INT32 in the plan.",
        op=r"unexpected datatype ((?:TYPE_)?\w{2,8}) for",
        weight=84,
        applies="Triton Inference Server, every backend",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example='E0531 07:53:02.315780 40386 backend_model.cc:692] "ERROR: Failed to create instance: unexpected '
        "datatype TYPE_INT64 for inference input 'ref_seq', expecting TYPE_INT32 for t2s_encoder_0_0\"",
        example_source="https://github.com/triton-inference-server/server/issues/7307 (tensorrt backend); "
        "https://github.com/triton-inference-server/server/issues/2644 (onnxruntime backend)",
    ),
    KnownError(
        "serve-triton-instance-gpu",
        "Triton: instance_group names a GPU the server does not see (invalid or unsupported gpu id)",
        r"instance group [^\n]{1,200} specifies invalid or unsupported gpu id"
        r"|has kind KIND_GPU but no GPUs are available",
        "config.pbtxt's instance_group lists GPU ids (gpus: [ ... ]) this server cannot use: the machine or "
        "container has fewer GPUs (CUDA_VISIBLE_DEVICES, a Kubernetes GPU limit, docker run without --gpus), or the "
        "GPU is older than Triton's minimum compute capability.",
        "Run the server where the GPUs are visible (`docker run --gpus all ...`, nvidia.com/gpu limits in "
        "Kubernetes, `nvidia-smi` inside the container), remove `gpus: [...]` from instance_group so Triton places "
        "instances on every visible GPU, or use kind: KIND_CPU where no GPU is meant to run the model.",
        variants=(
            Variant(
                r"compatibility of [\d.]{1,12} are:\s{0,3}(?:$|\|)|no GPUs are available",
                "no GPU visible at all",
                "Triton sees no usable GPU at all: start the container with GPUs (`docker run --gpus all ...`, the "
                "NVIDIA container toolkit installed; in Kubernetes a nvidia.com/gpu limit), check `nvidia-smi` "
                "inside it, or set kind: KIND_CPU for the instance group.",
            ),
        ),
        op=r"unsupported gpu id (?:of )?(\d{1,3})",
        weight=84,
        applies="Triton Inference Server, every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"), *_case("awslabs-data-on-eks-584")),
        example="| llama3    | 1       | UNAVAILABLE: Invalid argument: instance group llama3_0 of model llama3 "
        "specifies invalid or unsupported gpu id 2. GPUs with at least the minimum required CUDA compute "
        "compatibility of 6.000000 are: 0 1 |",
        example_source="https://github.com/awslabs/data-on-eks/pull/584; Triton core model_config_utils.cc "
        "(ValidateInstanceGroup)",
    ),
    KnownError(
        "serve-triton-plan-unloadable",
        "Triton: the TensorRT plan does not load (unable to create TensorRT engine / unable to load plan file)",
        r"unable to load plan file to auto complete config|unable to create TensorRT engine",
        "Triton's TensorRT backend could not deserialize model.plan: it was built by another TensorRT than the one in "
        "this tritonserver image, on another GPU model, it needs plugins the server has not loaded, or it is no bare "
        "plan (an Ultralytics .engine with its metadata header, an ONNX or torch_tensorrt file renamed).",
        "Build the plan with the TensorRT of the server image: trtexec inside the matching nvcr.io/nvidia/"
        "tensorrt:<yy.mm>-py3 (or tritonserver <yy.mm>) container and GPU model; load custom plugins with "
        "LD_PRELOAD or --backend-config=tensorrt,plugins=<lib.so>; the TensorRT log lines above this one say which "
        "(`Version tag does not match`, `Magic tag`, `getPluginCreator could not find plugin`).",
        loose=True,
        alternatives=("engine-version-mismatch", "plugin-not-found"),
        weight=60,
        applies="Triton's TensorRT backend (platform tensorrt_plan), every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="UNAVAILABLE: Internal: unable to load plan file to auto complete config: /tmp/folder6QdWaa/1/"
        "model.plan",
        example_source="https://github.com/triton-inference-server/server/issues/6059; Triton tensorrt_backend "
        "(autocomplete and instance creation)",
    ),
    KnownError(
        "serve-triton-request-shape",
        "Triton: the request's shape does not fit the model (unexpected shape for input / invalid shape)",
        r"unexpected shape for input '[^'\n]{1,200}' for model"
        r"|request specifies invalid shape for input '[^'\n]{1,200}'",
        "The client sent a tensor whose shape is not the model's: with max_batch_size > 0 every request shape "
        "starts with the batch dimension (config dims exclude it), a fixed dimension differs (an image resized to "
        "another size), or the batch is outside the TensorRT plan's optimization profile.",
        "Send [batch, *dims] when max_batch_size > 0 (np.expand_dims(x, 0) for one sample) and exactly dims when it "
        "is 0; read the model's shapes with `curl localhost:8000/v2/models/<model>/config`; resize or pad inputs to "
        "the fixed dimensions. For 'model expected the shape of dimension 0 to be between A and B', rebuild the plan "
        "with a wider batch profile (trtexec --minShapes/--optShapes/--maxShapes) or send smaller batches.",
        op=r"for input '([^'\n]{1,200})'",
        weight=80,
        applies="Triton Inference Server and its clients (tritonclient HTTP / gRPC, perf_analyzer), every release",
        shown_by=(_test("test_triton_requests_in_its_own_words"),),
        example="tritonclient.utils.InferenceServerException: [StatusCode.INVALID_ARGUMENT] [request id: "
        "<id_unknown>] unexpected shape for input 'images' for model 'yolo'. Expected [-1,3,640,640], got "
        "[1,3,384,640]. NOTE: Setting a non-zero max_batch_size in the model config requires a batch dimension to be "
        "prepended to each input shape.",
        example_source="Triton core infer_request.cc (ValidateRequestInputs); "
        "https://github.com/ultralytics/ultralytics/issues/21444",
    ),
    KnownError(
        "serve-triton-request-datatype",
        "Triton: the request's data type is not the model's (data-type is ..., but model expects ...)",
        r"data-type is '\w{2,8}', but model '[^'\n]{1,200}' expects '\w{2,8}'"
        r"|inference input data-type is '\w{2,8}', model expects '\w{2,8}'"
        r"|unexpected explicit tensor data for input tensor '[^'\n]{1,200}' for model '[^'\n]{1,200}' of type",
        "The client sent the tensor in another data type than the model declares (numpy's default float64 or int64 "
        "where the model takes FP32 / INT32, BYTES for a numeric input).",
        "Convert before sending: x.astype(np.float32) (or the type the message names after 'expects'), and give "
        "InferInput the same datatype string ('FP32', 'INT64', 'BYTES'); check the model's types with `curl "
        "localhost:8000/v2/models/<model>/config`.",
        op=r"input tensor '([^'\n]{1,200})'|expects '(\w{2,8})'",
        weight=80,
        applies="Triton Inference Server and its clients, every release",
        shown_by=(_test("test_triton_requests_in_its_own_words"),),
        example="inference.GRPCInferenceService/ModelInfer: INVALID_ARGUMENT: unexpected explicit tensor data for "
        "input tensor 'attention_mask' for model 'pipeline-poc' of type 'INT32', expected datatype 'INT64'",
        example_source="https://github.com/triton-inference-server/server/issues/5395; Triton core infer_request.cc "
        "(data-type checks)",
    ),
    KnownError(
        "serve-triton-unknown-model",
        "Triton: the request names a model the server has not loaded (Request for unknown model)",
        r"Request for unknown model: '[^'\n]{1,200}'|Inference request for unknown model '[^'\n]{1,200}'"
        r"|unexpected inference (?:input|output) '[^'\n]{1,200}' for model",
        "The model (or the input / output name) the client asks for is not what the server serves: the model failed "
        "to load (its error is in the server log, above the model table), it has another name or version, or the "
        "server runs with --model-control-mode=explicit and the model was never loaded.",
        "Read the server log's model table (`curl localhost:8000/v2/repository/index` lists every model and why it "
        "is UNAVAILABLE): fix that model's load error first; use the model's folder name and the tensor names of "
        "config.pbtxt; with --model-control-mode=explicit load it (--load-model=<name> or the repository API).",
        op=r"unknown model:? '([^'\n]{1,200})'|inference (?:input|output) '([^'\n]{1,200})'",
        weight=70,
        applies="Triton Inference Server and its clients, every release",
        shown_by=(_test("test_triton_requests_in_its_own_words"),),
        example="tritonclient.utils.InferenceServerException: [StatusCode.UNAVAILABLE] Request for unknown model: "
        "'yolov8' is not found",
        example_source="Triton core model_repository_manager.cc / server.cc ('Request for unknown model')",
    ),
    KnownError(
        "serve-triton-python-stub",
        "Triton's Python backend: the model's model.py failed to start (Failed to initialize Python stub)",
        r"Failed to initialize Python stub(?: for auto-complete)?: [^\n]{1,300}"
        # the Python backend's shared-memory region, as Triton's model table shows it (issue 36, round forty-two:
        # "| model | 1 | UNAVAILABLE: Internal: Unable to initialize shared memory key
        # 'triton_python_backend_shm_region_3' to requested size (67108864 bytes). If you are running Triton inside
        # docker, use '--shm-size' flag ..."; the table wraps the message, so the key may be on the next line)
        r"|Unable to initialize shared memory(?: key '[^'\n]{1,160}' to requested size|\s{0,40}\|)",
        "The Python backend runs each model.py in a stub process; its initialize() (or the import of model.py) "
        "raised: most often a package model.py imports is not installed in the server's image, or the Python the "
        "stub runs is not the one the packages were installed for; 'No space left on device' means the shared "
        "memory (/dev/shm) the stub talks through is full.",
        "Read the exception after 'Failed to initialize Python stub:' (it is model.py's own). For a missing module, "
        "install it in the image the server runs (a Dockerfile FROM nvcr.io/nvidia/tritonserver:<yy.mm>-py3 with pip "
        "install), or pack an environment (conda-pack) and point the model at it with parameters "
        "EXECUTION_ENV_PATH; the stub's Python version must be the image's.",
        variants=(
            Variant(
                r"No space left on device|shared memory|shm-size|Failed to increase the shared memory pool",
                "shared memory is full",
                "The stub's shared memory (/dev/shm) is too small: start the container with --shm-size=1g (or more) "
                "or --ipc=host (docker's default /dev/shm is 64 MB, and each Python model instance asks for its own "
                "region), in Kubernetes mount a memory-backed emptyDir at /dev/shm, or lower the region's size with "
                "--backend-config=python,shm-default-byte-size=<bytes> (and shm-growth-byte-size).",
            ),
        ),
        op=r"Failed to initialize Python stub(?: for auto-complete)?: (\w{1,60}(?:Error|Exception))",
        weight=84,
        applies='Triton\'s Python backend (backend: "python", BLS, the vLLM and TensorRT-LLM Python models)',
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="UNAVAILABLE: Internal: Failed to initialize Python stub: ModuleNotFoundError: No module named 'torch'",
        example_source="Triton python_backend src/pb_stub.cc (LOG_INFO 'Failed to initialize Python stub: ')",
    ),
    KnownError(
        "serve-torchscript-expected",
        "A torch.save file where TorchScript is expected (PytorchStreamReader failed locating file constants.pkl)",
        r"PytorchStreamReader failed locating file constants\.pkl",
        "torch.jit.load (Triton's pytorch backend, libtorch's torch::jit::load, DeepStream and other C++ hosts) was "
        "given a file written by torch.save (a state_dict or a pickled nn.Module), which has no TorchScript code in "
        "it.",
        "Save the model as TorchScript: `torch.jit.trace(model.eval(), example).save('model.pt')` (or "
        "torch.jit.script(model).save(...)) and serve that file; Triton's pytorch backend (platform pytorch_libtorch) "
        "needs TorchScript in <model>/<version>/model.pt, or use the python backend to load a torch.save file.",
        weight=84,
        applies="torch.jit.load and its hosts (Triton pytorch_libtorch, libtorch programs), every release",
        shown_by=(_test("test_triton_model_repository_in_its_own_words"),),
        example="failed to load 'resnet' version 1: Internal: PytorchStreamReader failed locating file constants.pkl: "
        "file not found",
        example_source="torch caffe2/serialize/inline_container.cc (PyTorchStreamReader::getRecordID: 'failed "
        "locating file'), read by torch::jit::load",
    ),
)

_DEEPSTREAM: tuple[KnownError, ...] = (
    KnownError(
        "serve-ds-parse-func-missing",
        "DeepStream: the custom library does not export the parse / engine-create function (dlsym failed)",
        r"dlsym failed to get func \w{1,120} pointer|Could not find (?:the )?(?:custom )?(?:parse|parsing) function",
        "nvinfer opened custom-lib-path but found no symbol named as parse-bbox-func-name (or engine-create-func-name "
        "/ parse-classifier-func-name) says: the name is misspelled (case, a comment on the same line), the library "
        'was built without that parser, or it is not declared extern "C".',
        "Make the config name a function the library exports: `nm -D --defined-only <custom-lib.so> | grep "
        "NvDsInfer` lists them; put nothing after the name on its line (an inline '# comment' becomes part of it); "
        "rebuild the library with that parser (for DeepStream-Yolo: `CUDA_VER=<ver> make -C "
        "nvdsinfer_custom_impl_Yolo`; for mmdetection-to-tensorrt's amirstan_plugin: cmake -DWITH_DEEPSTREAM=ON).",
        op=r"get func (\w{1,120}) pointer",
        weight=90,
        applies="DeepStream nvinfer with a custom parser or engine builder, every release",
        shown_by=(_test("test_deepstream_in_its_own_words"), *_case("grimoire-mmdetection-to-tensorrt-119")),
        example="NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::initResource() <nvdsinfer_context_impl.cpp:"
        "683> [UID = 1]: Detect-postprocessor failed to init resource because dlsym failed to get func "
        "NvDsInferParseMmdet pointer",
        example_source="https://github.com/grimoire/mmdetection-to-tensorrt/issues/119; DeepStream "
        "nvdsinfer_context_impl.cpp (initResource)",
    ),
    KnownError(
        "serve-ds-custom-lib",
        "DeepStream: the custom library (custom-lib-path) could not be opened (NVDSINFER_CUSTOM_LIB_FAILED)",
        r"Could not open custom lib|Could not open lib: [^\n]{1,300}error string|NVDSINFER_CUSTOM_LIB_FAILED",
        "nvinfer could not dlopen the library named by custom-lib-path: it was never built (the repository ships "
        "sources), the path is wrong (it is relative to where the app runs, not to the config), or it was built for "
        "another DeepStream / CUDA / TensorRT and a library it links is missing.",
        "Build the custom library on this machine for its CUDA (e.g. `CUDA_VER=12.2 make -C "
        "nvdsinfer_custom_impl_Yolo`), give custom-lib-path as an absolute path, and check it loads: `ldd "
        "<lib.so> | grep 'not found'`.",
        op=r"Could not open lib: ([^\n,]{1,300}), error string",
        weight=88,
        applies="DeepStream nvinfer with a custom library, every release",
        shown_by=(_test("test_deepstream_in_its_own_words"), *_case("zhouyuchong-yolov5-deepstream-python-2")),
        example="ERROR: Could not open lib: /home/ubuntu/deepstream_yolov4/nvdsinfer_custom_impl_Yolo/"
        "libnvdsinfer_custom_impl_Yolo.so, error string: /home/ubuntu/deepstream_yolov4/nvdsinfer_custom_impl_Yolo/"
        "libnvdsinfer_custom_impl_Yolo.so: cannot open shared object file: No such file or directory",
        example_source="https://github.com/marcoslucianops/DeepStream-Yolo/issues/523; DeepStream "
        "nvdsinfer_context_impl.cpp (initialize: 'Could not open custom lib')",
    ),
    KnownError(
        "serve-ds-coverage-layer",
        "DeepStream: the default detector parser found no coverage layer (a model that needs a custom parser)",
        r"Could not find (?:output )?coverage layer (?:for|while) pars|Could not find output bbox layer for parsing",
        "nvinfer's built-in detector parser reads DetectNet/ResNet outputs named *cov* and *bbox*; this model "
        "(YOLO, SSD, a custom detector) has other outputs, so it needs its own bounding-box parser.",
        "Give nvinfer the model's parser: parse-bbox-func-name=<function> and custom-lib-path=<library> in the "
        "[property] group (DeepStream-Yolo's NvDsInferParseYolo for YOLO models; the SSD sample parser for SSD), or "
        "set network-type=100 with output-tensor-meta=1 and parse the raw tensors in a probe.",
        weight=84,
        applies="DeepStream nvinfer (network-type=0, detector), every release",
        shown_by=(_test("test_deepstream_in_its_own_words"), *_case("aastanv-trt_object_detection-2")),
        example="NvDsInferContext[UID 1]: Error in NvDsInferContextImpl::parseBoundingBox() "
        "<nvdsinfer_context_impl_output_parsing.cpp:59> [UID = 1]: Could not find output coverage layer for parsing "
        "objects",
        example_source="DeepStream nvdsinfer_context_impl_output_parsing.cpp (parseBoundingBox); "
        "https://github.com/AastaNV/TRT_object_detection/issues/2",
    ),
    KnownError(
        "serve-ds-output-layer-missing",
        "DeepStream: output-blob-names names a tensor the engine does not have",
        r"Could not find output layer '[^'\n]{1,200}' in engine",
        "The nvinfer config's output-blob-names (or output-bbox-name) lists a tensor name the TensorRT engine does "
        "not have: the names changed on export (ONNX renames outputs, TensorFlow adds ':0'), or the engine is an "
        "older build of another model.",
        "Use the engine's own output names: nvinfer prints them in its '[Implicit/FullDims Engine Info]: layers num' "
        "table (also `polygraphy inspect model model.onnx`); with an ONNX model the outputs need not be listed at "
        "all; delete the old .engine so it is rebuilt from the model the config names.",
        op=r"Could not find output layer '([^'\n]{1,200})'",
        weight=82,
        applies="DeepStream nvinfer, every release",
        shown_by=(
            _test("test_deepstream_in_its_own_words"),
            *_case("nvidia-retinanet-examples-86", "tensorlayer-hyperpose-295"),
        ),
        example="NvDsInferContext[UID 1]: Warning from NvDsInferContextImpl::checkBackendParams() "
        "<nvdsinfer_context_impl.cpp:1545> [UID = 1]: Could not find output layer 'output_conf' in engine",
        example_source="https://github.com/tensorlayer/HyperPose/issues/295; DeepStream nvdsinfer_context_impl.cpp "
        "(checkBackendParams)",
    ),
    KnownError(
        "serve-ds-no-model-file",
        "DeepStream: no model file to build the engine from (failed to build network since there is no model file)",
        r"failed to build network since there is no model file matched",
        "nvinfer had to build an engine (none at model-engine-file, or the one there was built for another batch "
        "size / GPU / precision) but the config names no model to build it from: no onnx-file, uff-file, "
        "tlt-encoded-model or model-file, or that key is misspelled or commented out.",
        "Name the model in the [property] group (onnx-file=<model.onnx>, or tlt-encoded-model with tlt-model-key), "
        "relative to the config file; or make model-engine-file point at an engine built for this config's "
        "batch-size, gpu-id and network-mode (the name nvinfer writes, model_b<batch>_gpu<id>_<precision>.engine) "
        "so no rebuild is needed.",
        weight=86,
        downstream=True,
        applies="DeepStream nvinfer, every release",
        shown_by=(_test("test_deepstream_in_its_own_words"), *_case("zhouyuchong-face-recognition-deepstream-22")),
        example="ERROR: failed to build network since there is no model file matched.\nERROR: failed to build network.",
        example_source="DeepStream nvdsinfer_model_builder.cpp (TrtModelBuilder::buildNetwork); "
        "https://github.com/zhouyuchong/face-recognition-deepstream/issues/22",
    ),
    KnownError(
        "serve-ds-engine-write",
        "DeepStream: the built engine could not be written (Serialize engine failed ... opened error)",
        r"Serialize engine failed because of file path: [^\n]{1,400}opened error"
        r"|failed to serialize cud[ae] engine to file",
        "nvinfer built the engine but could not write it next to the model (the folder is not writable: "
        "/opt/nvidia/deepstream samples as a normal user, a read-only volume, a container user without rights), so "
        "every start builds it again (minutes on a Jetson).",
        "Make the folder writable for the user that runs the pipeline (`sudo chown -R $USER <model folder>`, or a "
        "writable volume), or copy the model to a writable folder and point the config there; then "
        "model-engine-file=<that folder>/<the engine name nvinfer prints> loads it next time.",
        severity="warns-of-failure",
        weight=80,
        applies="DeepStream nvinfer, every release",
        shown_by=(_test("test_deepstream_in_its_own_words"),),
        example="WARNING: Serialize engine failed because of file path: /opt/nvidia/deepstream/deepstream-5.0/"
        "samples/models/Primary_Detector/resnet10.caffemodel_b1_gpu0_int8.engine opened error",
        example_source="DeepStream nvdsinfer_model_builder.cpp (TrtModelBuilder::serializeEngine)",
    ),
    KnownError(
        "serve-ds-engine-not-cached",
        "DeepStream: no engine file yet, nvinfer builds one (Deserialize engine failed because file path ... open "
        "error)",
        r"Deserialize engine failed because file path: [^\n]{1,400}open error"
        r"|Failed to read from model engine file"
        # the same notice in a user's words: nvinfer's engine name (model_b<batch>_gpu<id>_<precision>.engine)
        r"|(?:not (?:being )?able to|cannot|can't|unable to) open \"?[\w./-]{1,200}_b\d{1,4}_gpu\d{1,2}_"
        r"(?:fp16|fp32|int8)\.engine",
        "A notice, not a failure: the engine file model-engine-file names does not exist (yet), so nvinfer builds it "
        "from the model, which takes minutes. It is the normal first start; it repeats on every start when the "
        "built engine cannot be saved or model-engine-file points elsewhere.",
        "Wait for the build ('serialize cuda engine to file ... successfully' follows). If it is built again on every "
        "start: make the model's folder writable for the user that runs the pipeline (DeepStream's sample folders "
        "are root's), and set model-engine-file to the exact file nvinfer wrote (model_b<batch>_gpu<id>_"
        "<precision>.engine, path relative to the config file). If the build itself fails, the error after this "
        "line is the one to read.",
        severity="notice",
        weight=40,
        applies="DeepStream nvinfer, every release",
        shown_by=(
            _test("test_deepstream_in_its_own_words"),
            *_case("nvidia-ai-iot-face-mask-detection-36", "thatbrguy-deep-stream-onnx-7"),
        ),
        example="WARNING: Deserialize engine failed because file path: /opt/nvidia/deepstream/deepstream-6.1/"
        "sources/DeepStream-Yolo/model_b1_gpu0_fp32.engine open error",
        example_source="DeepStream nvdsinfer_model_builder.cpp (TrtModelBuilder::deserializeEngine); "
        "https://github.com/marcoslucianops/DeepStream-Yolo/issues/361",
    ),
)

_LLM: tuple[KnownError, ...] = (
    KnownError(
        "serve-trtllm-mpi",
        "TensorRT-LLM: MPI is missing or mismatched (libmpi.so, mpi4py, MPI_Init_thread)",
        r"lib(?:mpi|open-rte|open-pal)\.so\.\d{1,3}: cannot open shared object file"
        r"|An error occurred in MPI_Init_thread|Local abort before MPI_INIT completed"
        r"|Failed (?:to )?build(?:ing wheel for)? mpi4py|mpi\.h: No such file or directory",
        "TensorRT-LLM imports mpi4py at start, and mpi4py needs an MPI library (Open MPI) that matches the one it was "
        "built against: none is installed (a plain pip install outside NVIDIA's container), the one found is "
        "another MPI (conda's versus the system's), or mpi4py could not be built (no mpi.h).",
        "Install Open MPI before TensorRT-LLM (`sudo apt-get install -y libopenmpi-dev openmpi-bin`, then `pip "
        "install mpi4py tensorrt_llm`), or in conda install both from one channel (`conda install -c conda-forge "
        "mpi4py openmpi`); inside NVIDIA's containers MPI is under /opt/hpcx (export "
        "LD_LIBRARY_PATH=/opt/hpcx/ompi/lib:$LD_LIBRARY_PATH). Using the matching "
        "nvcr.io/nvidia/tritonserver:<yy.mm>-trtllm-python-py3 or TensorRT-LLM release container avoids all of it.",
        requires=r"tensorrt_llm|TensorRT-LLM|trtllm|mpi4py|\bMPI|mpirun",
        weight=88,
        applies="TensorRT-LLM (pip or source installs), every release",
        shown_by=(_test("test_tensorrt_llm_in_its_own_words"),),
        example="    from mpi4py import MPI\nImportError: libmpi.so.12: cannot open shared object file: No such file "
        "or directory",
        example_source="https://github.com/NVIDIA/TensorRT-LLM/issues/167 (also issues 2286, 1825)",
    ),
    KnownError(
        "serve-trtllm-engine-mismatch",
        "TensorRT-LLM: the engine's tensors are not what this runtime expects (built by another version or config)",
        r"Tensor names in engine are not the same as expected"
        r"|Tensor '[^'\n]{1,200}' has invalid shape \(\d{1,12}(?:, ?\d{1,12}){0,6}\), expected \(",
        "The TensorRT-LLM engine does not match the runtime that loads it: it was built by another TensorRT-LLM "
        "release (its inputs changed between releases), with other build options (plugins, paged KV cache, "
        "max_input_len / max_num_tokens), or the request is longer than the engine was built for.",
        "Build the engine with the TensorRT-LLM release that serves it (the one inside the "
        "tritonserver:<yy.mm>-trtllm-python-py3 image for Triton: `python -c 'import tensorrt_llm; "
        "print(tensorrt_llm.__version__)'` in both places) and rebuild after upgrading; for 'has invalid shape', "
        "rebuild with trtllm-build --max_input_len / --max_seq_len / --max_num_tokens covering the requests, or "
        "truncate the prompt.",
        alternatives=("engine-version-mismatch",),
        weight=82,
        applies="TensorRT-LLM runtimes (ModelRunner, GenerationSession, the Triton tensorrtllm backend)",
        shown_by=(_test("test_tensorrt_llm_in_its_own_words"),),
        example="RuntimeError: Tensor names in engine are not the same as expected, to use this GenerationSession, "
        "you need to use PretrainedModel.prepare_inputs to create TRT Network inputs.",
        example_source="TensorRT-LLM tensorrt_llm/runtime/generation.py (GenerationSession.__init__); "
        "https://github.com/triton-inference-server/tensorrtllm_backend/issues/320",
    ),
    KnownError(
        "serve-trtllm-out-of-memory",
        "TensorRT-LLM: out of GPU memory (engine, KV cache and buffers do not fit)",
        r"\[TensorRT-LLM\]\[ERROR\][^\n]{0,300}(?:out of memory|OutOfMemory)"
        r"|CUDA runtime error in ::cudaMalloc\w{0,10}\([^\n]{0,200}\): out of memory",
        "The engine's weights, the paged KV cache (by default 90% of the GPU memory left after the weights) and the "
        "runtime buffers do not fit the GPU: another process holds memory, several instances share one GPU, or the "
        "engine was built for a larger max_batch_size / max_num_tokens than this GPU can serve.",
        "Give the KV cache less: kv_cache_free_gpu_mem_fraction=0.5 (Triton's tensorrt_llm config.pbtxt, or "
        "KvCacheConfig(free_gpu_memory_fraction=...) in the LLM API); rebuild with a smaller --max_batch_size / "
        "--max_num_tokens / --max_seq_len, quantize (FP8 / INT4 weights), or split the model over GPUs "
        "(--tp_size); free the GPU of other processes (`nvidia-smi`).",
        weight=92,
        applies="TensorRT-LLM runtimes and the Triton tensorrtllm backend, every release",
        shown_by=(_test("test_tensorrt_llm_in_its_own_words"),),
        example="unexpected error when creating modelInstanceState: [TensorRT-LLM][ERROR] CUDA runtime error in "
        "::cudaMallocAsync(ptr, n, mMemPool->getPool(), mCudaStream->get()): out of memory",
        example_source="TensorRT-LLM cpp/tensorrt_llm/common/cudaUtils.h (check_cuda_error: 'CUDA runtime error in "
        "<call>: <cudaGetErrorString>'); https://github.com/NVIDIA/TensorRT-LLM/issues/2398",
    ),
    KnownError(
        "serve-transformers-rope-scaling",
        "A model's rope_scaling is newer than the installed transformers (Llama 3.1+ configs)",
        # (transformers' "Unrecognized keys in `rope_scaling` for 'rope_type'=..." is a logged warning of keys its
        # validation does not know: startup_notices' hf-rope-scaling-keys-notice; issue 36, round fifty-four)
        r"`rope_scaling` must be a dictionary with (?:two|with two) fields",
        "The model's config.json uses a rope_scaling layout (rope_type 'llama3', 'yarn', mrope sections) that the "
        "installed transformers does not know: the serving stack (TensorRT-LLM's convert_checkpoint, vLLM, TGI) "
        "pins a transformers older than the model.",
        "Upgrade transformers to a release that knows the model (Llama 3.1 needs transformers >= 4.43) together with "
        "the serving stack that pins it (a TensorRT-LLM or vLLM release that lists the model as supported); do not "
        "edit rope_scaling in config.json, it changes the model's output.",
        weight=80,
        applies="transformers-based converters and servers (TensorRT-LLM convert_checkpoint.py, vLLM, TGI)",
        shown_by=(_test("test_tensorrt_llm_in_its_own_words"),),
        example="ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got "
        "{'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'original_max_position_embeddings': 8192, "
        "'rope_type': 'llama3'}",
        example_source="transformers models/llama/configuration_llama.py (_rope_scaling_validation, releases before "
        "4.43); https://github.com/NVIDIA/TensorRT-LLM/issues/2105",
    ),
    KnownError(
        "serve-vllm-kv-cache",
        "vLLM: no room for the KV cache (No available memory for the cache blocks / max seq len larger than the KV "
        "cache)",
        r"No available memory for the cache blocks"
        r"|is larger than the maximum number of tokens that can be stored in KV cache"
        r"|KV cache is needed, which is larger than the available KV cache memory"
        # users' own words for the same check ("OOMs at the KV-cache check", "only 0.07 GiB left for KV")
        r"|\bOOMs? at the KV[- ]cache check|\b\d{1,3}(?:\.\d{1,3})? ?GiB (?:left|available) for (?:the )?KV\b",
        "After the weights (and CUDA graphs) vLLM reserves gpu_memory_utilization (default 0.9) of the GPU for the "
        "KV cache: what is left cannot hold one sequence of max_model_len tokens (the model's full context, e.g. "
        "32k or 128k), or nothing is left at all (the weights barely fit, another process holds memory).",
        "Lower --max-model-len to what you need (e.g. 8192), raise --gpu-memory-utilization (0.95) if no other "
        "process shares the GPU, quantize the weights (an AWQ / GPTQ / FP8 checkpoint), --enforce-eager to skip "
        "CUDA-graph memory, or spread the model over GPUs (--tensor-parallel-size).",
        variants=(
            Variant(
                r"CUDA graph profiling|cudagraph memory profiling|CUDA graph memory profiling",
                "CUDA-graph memory profiling (vLLM 0.21 and later) reserves graph memory before the KV cache",
                "Since vLLM 0.21 the memory for CUDA-graph capture is profiled and reserved before the KV cache, so "
                "a model that just fitted at a gpu_memory_utilization leaves less for the cache: raise "
                "--gpu-memory-utilization (vLLM prints the equivalent value; 0.95 on a headless GPU), or lower "
                "--max-model-len, or capture fewer graphs (--max-cudagraph-capture-size / --enforce-eager).",
            ),
        ),
        weight=86,
        applies="vLLM, every release (the wording changed from 'maximum number of tokens' to 'available KV cache "
        "memory' in later releases)",
        shown_by=(_test("test_llm_servers_in_their_own_words"),),
        example="ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be "
        "stored in KV cache (12345). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when "
        "initializing the engine.",
        example_source="vLLM worker / kv_cache_utils (raise_if_cache_size_invalid, _check_enough_kv_cache_memory)",
    ),
)

_CTRANSLATE2: tuple[KnownError, ...] = (
    KnownError(
        "serve-ct2-compute-type",
        "CTranslate2 (faster-whisper, whisperX): the compute type is not supported on this device",
        r"Requested \w{2,20} compute type, but the target device or backend do not support efficient \w{2,20} "
        r"computation"
        # the same check cut before its start, or retold ("target device does not support efficient float16 ..."); the
        # load-time notice ("The compute type inferred ..., but the target device ...") is serve-ct2-compute-type-notice
        r"|(?<!but the )\btarget device(?: or backend)? do(?:es)? not support efficient \w{2,20} computation"
        # CTranslate2's CUBLAS_CHECK (include/ctranslate2/cuda/utils.h): no cuBLAS kernel for this compute type here
        r"|cuBLAS failed with status CUBLAS_STATUS_(?:NOT_SUPPORTED|ARCH_MISMATCH)",
        "CTranslate2 refuses a compute type the device cannot run efficiently: float16 or int8_float16 on a CPU "
        "(a Mac, a machine without an NVIDIA GPU, a CPU-only torch that made the app choose device='cpu') or on a "
        "GPU without fast FP16 (Pascal and older: GTX 10xx, Tesla P40 / P4, compute capability < 7.0).",
        'Pick a compute type the device supports: `python -c "import ctranslate2; '
        "print(ctranslate2.get_supported_compute_types('cuda'))\"` (or 'cpu') lists them. On a CPU use "
        "compute_type='int8' (or 'float32'); on Pascal GPUs 'float32' or 'int8_float32'; whisperX takes "
        "--compute_type int8, faster-whisper WhisperModel(..., compute_type='int8').",
        variants=(
            Variant(
                r"cuBLAS failed with status CUBLAS_STATUS_(?:NOT_SUPPORTED|ARCH_MISMATCH)",
                "cuBLAS has no kernel for this compute type on this GPU",
                "CTranslate2's cuBLAS (bundled with faster-whisper / Faster-Whisper-XXL / whisperX) has no GEMM for "
                "this compute type on this GPU: a GPU newer than the cuBLAS shipped (an RTX 50xx, Blackwell sm_120, "
                "with an older bundle) or older than the type (int8 / float16 on Pascal). Pass another compute type "
                "(--compute_type float16, int8_float16 or float32; WhisperModel(..., compute_type='float16')), or "
                "update to a CTranslate2 / faster-whisper build whose CUDA supports the GPU; --device cpu as a "
                "fallback. torch's settings do not change CTranslate2's GEMMs.",
                strict=True,
            ),
        ),
        op=r"Requested (\w{2,20}) compute type",
        weight=86,
        applies="CTranslate2 and the libraries built on it (faster-whisper, whisperX, WhisperLive, "
        "whisper-ctranslate2)",
        shown_by=(
            _test("test_ctranslate2_in_its_own_words"),
            *_case(
                "justinwlin-whisperxmac-1",
                "mahmoudashraf97-whisper-diarization-216",
                "collabora-whisperlive-195",
                "m-bain-whisperx-878",
            ),
        ),
        example="ValueError: Requested float16 compute type, but the target device or backend do not support "
        "efficient float16 computation.",
        example_source="CTranslate2 src/types.cc (resolve_compute_type); https://github.com/collabora/WhisperLive/"
        "issues/195",
    ),
    KnownError(
        "serve-ct2-compute-type-notice",
        "CTranslate2: the saved model's compute type was converted for this device (a notice)",
        r"The compute type inferred from the saved model is \w{2,20}, but the target device or backend do not "
        r"support efficient",
        "A notice, not a failure: the model was saved in a compute type (float16) the device cannot run efficiently, "
        "so CTranslate2 converted the weights (to float32) when loading; it works, with more memory and time.",
        "Nothing to fix; to silence it pass the compute type the device supports (compute_type='int8' or 'float32' "
        "on a CPU, 'int8_float32' on Pascal GPUs).",
        severity="notice",
        weight=30,
        applies="CTranslate2 and the libraries built on it",
        shown_by=(_test("test_ctranslate2_in_its_own_words"),),
        example="[ctranslate2] [thread 1234] [warning] The compute type inferred from the saved model is float16, "
        "but the target device or backend do not support efficient float16 computation. The model weights have been "
        "automatically converted to use the float32 compute type instead.",
        example_source="CTranslate2 src/models/model.cc (the warning when the saved type is not supported)",
    ),
    KnownError(
        "serve-ct2-out-of-memory",
        "CTranslate2 (faster-whisper, whisperX): CUDA failed with error out of memory",
        r"CUDA failed with error out of memory",
        "The model, its compute type and the batch do not fit the GPU's free memory (large-v2/v3 in float32 needs "
        "about 8 GB, in int8 about 4 GB; a batched whisperX pipeline more), or another process (a second model, "
        "the alignment or diarization model, a browser) holds it.",
        "Use less memory: compute_type='int8_float16' (or 'int8'), a smaller model (medium, small, distil-large), a "
        "smaller batch (whisperX --batch_size 4, faster-whisper BatchedInferencePipeline batch_size) and beam_size; "
        "free the GPU of other processes (`nvidia-smi`), or run device='cpu' with compute_type='int8'.",
        weight=92,
        applies="CTranslate2 and the libraries built on it",
        shown_by=(
            _test("test_ctranslate2_in_its_own_words"),
            *_case("purfview-whisper-standalone-win-50", "m-bain-whisperx-504", "cheshirecc-faster-whisper-gui-48"),
        ),
        example="RuntimeError: CUDA failed with error out of memory",
        example_source="CTranslate2 src/cuda/utils.h (CUDA_CHECK: 'CUDA failed with error ' + cudaGetErrorString); "
        "https://github.com/m-bain/whisperX/issues/504",
    ),
    KnownError(
        "serve-ct2-no-cuda",
        "CTranslate2 was built without CUDA (This CTranslate2 package was not compiled with CUDA support)",
        r"CTranslate2 package was not compiled with CUDA support",
        "The installed ctranslate2 wheel is a CPU build: the wheels for macOS and Linux aarch64 (Jetson, Grace, "
        "DGX Spark) carry no CUDA, or a CPU-only build replaced a CUDA one.",
        "On x86-64 Linux or Windows reinstall the CUDA wheel (`pip install --force-reinstall ctranslate2`, the "
        "release made for your CUDA: 3.x for CUDA 11, 4.x for CUDA 12); on aarch64 build CTranslate2 from source "
        "with -DWITH_CUDA=ON -DWITH_CUDNN=ON (or use a Jetson container that ships it); otherwise run "
        "device='cpu', compute_type='int8'.",
        weight=86,
        applies="CTranslate2 and the libraries built on it",
        shown_by=(_test("test_ctranslate2_in_its_own_words"),),
        example="ValueError: This CTranslate2 package was not compiled with CUDA support",
        example_source="CTranslate2 python/cpp module (the device check when device='cuda')",
    ),
    KnownError(
        "serve-cudnn-sublibrary",
        "cuDNN 9 could not load one of its sub-libraries (Unable to load any of {libcudnn_ops.so.9...})",
        r"Unable to load any of \{(?:lib)?cudnn_\w{1,30}(?:\.so\.\d{1,3}(?:\.\d{1,3}){0,2}|64_\d{1,2}\.dll)"
        # its Windows wording and the status it returns (issue 36, round fifty-one: "Could not locate
        # cudnn_engines_tensor_ir64_9.dll" over CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED)
        r"|Could not locate (?:lib)?cudnn_\w{1,40}?(?:64_\d{1,2}\.dll|\.so\.\d{1,2})"
        r"|CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",
        "cuDNN 9's front library loads its parts (libcudnn_ops, libcudnn_cnn, libcudnn_engines_*) by name at run "
        "time and found none: cuDNN 9 is not installed where the loader looks (the nvidia-cudnn-cu12 wheel's folder "
        "is not on LD_LIBRARY_PATH), or only cuDNN 8 is (a CTranslate2 >= 4.5 / onnxruntime 1.19+ build needs 9). "
        "Where the other parts load and one is missing, the cuDNN installed is incomplete: a package that bundles "
        "cuDNN (a JavaCPP jar, a wheel, an application's folder) without one of the parts later 9.x releases added "
        "(cudnn_engines_tensor_ir).",
        "Install cuDNN 9 for your CUDA (`pip install nvidia-cudnn-cu12==9.*` or the distribution's libcudnn9-cuda-12) "
        "and put its lib folder on the loader path before starting Python: `export LD_LIBRARY_PATH=$(python3 -c "
        '\'import os, nvidia.cudnn.lib, nvidia.cublas.lib; print(os.path.dirname(nvidia.cudnn.lib.__file__) + ":" '
        "+ os.path.dirname(nvidia.cublas.lib.__file__))'):$LD_LIBRARY_PATH`; or install the ctranslate2 release "
        "built for the cuDNN you have (4.4.0 for cuDNN 8). For a bundle that lacks one part, install its release "
        "that ships it, or put a complete cuDNN of the same version (NVIDIA's archive for your CUDA major) first on "
        "the loader's path (PATH on Windows); every part must come from one cuDNN release.",
        variants=(
            # Windows' DLLs (issue 36, round fifty-one): the PATH, not LD_LIBRARY_PATH or a wheel's folder
            Variant(
                r"cudnn_\w{1,40}?64_\d{1,2}\.dll",
                "Windows (cudnn_*64_9.dll)",
                "On Windows cuDNN 9's parts are cudnn_*64_9.dll files (cudnn_ops64_9.dll, cudnn_cnn64_9.dll, "
                "cudnn_engines_tensor_ir64_9.dll, ...), and every one of them must come from one cuDNN release and "
                "sit in a folder on PATH (or next to the program's executable): install cuDNN 9 for your CUDA major "
                "from NVIDIA's Windows archive or installer and put its bin folder (bin\\12.x with the installer) on "
                "PATH before the program starts; a package that bundles cuDNN (a JavaCPP jar, an application's "
                "folder, a wheel) without one part needs its release that ships it, or that complete folder first on "
                "PATH. `where cudnn_ops64_9.dll` shows which copy Windows finds first.",
            ),
        ),
        op=r"(?:Unable to load any of \{|Could not locate )((?:lib)?cudnn_\w{1,30}?)(?:64_\d|\.so|,)",
        weight=86,
        applies="cuDNN 9 users (CTranslate2 / faster-whisper, onnxruntime's CUDA provider, torch)",
        shown_by=(_test("test_ctranslate2_in_its_own_words"),),
        example="Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, "
        "libcudnn_ops.so}\nInvalid handle. Cannot load symbol cudnnCreateTensorDescriptor\nAborted (core dumped)",
        example_source="cuDNN 9's loader (libcudnn.so.9, its 'Unable to load any of {...}' message); faster-whisper "
        "users' reports",
    ),
)

_JETSON: tuple[KnownError, ...] = (
    KnownError(
        "serve-jetson-illegal-instruction",
        "Illegal instruction (core dumped) on a Jetson / aarch64 (numpy's OpenBLAS, a wheel built for another CPU)",
        r"Illegal instruction(?: \(core dumped\))?",
        "The process executed an instruction the Jetson's ARM CPU does not have: pip's numpy 1.19.5+ wheels bundle "
        "an OpenBLAS whose CPU detection faults on Jetson (Nano, TX2, Xavier), or another wheel (onnxruntime, onnx, "
        "a source build) was compiled for a newer ARM CPU.",
        "Find the module that crashes (`python3 -X faulthandler -c 'import numpy'`). For numpy's OpenBLAS: `export "
        "OPENBLAS_CORETYPE=ARMV8` before starting Python (put it in ~/.bashrc or the service's environment), or "
        "install numpy==1.19.4 on JetPack 4. For another wheel, use the Jetson build of it (NVIDIA's Jetson wheels, "
        "jetson-containers) or build it on the device.",
        requires=JETSON + r"|\barm64\b|openblas|\bnano\b",
        weight=80,
        applies="Jetson / JetPack (aarch64), every release",
        shown_by=(
            _test("test_jetson_in_its_own_words"),
            *_case("thehapyone-nanocamera-7", "numpy-numpy-18175"),
        ),
        example="I'm working on a Jetson Xavier NX (arm64) device\n>>> import numpy\nIllegal instruction (core dumped)",
        example_source="https://github.com/numpy/numpy/issues/18175 (a duplicate of numpy issue 18131: OpenBLAS's "
        "CPU detection on Jetson)",
    ),
    KnownError(
        "serve-jetson-pip-tensorrt",
        "pip cannot install TensorRT on a Jetson (TensorRT does not currently build wheels for Tegra systems)",
        r"TensorRT does not currently build wheels for Tegra systems"
        # the same raise cut short in a docker compose or CI log: the sdist's only "does not cur..." check is Tegra's
        r"|RuntimeError\(\s{0,3}[\"']TensorRT does not cur",
        "pip's tensorrt packages (tensorrt, tensorrt-cu12, and packages that depend on them: TensorRT-LLM, "
        "torch-tensorrt from the registry) have no Jetson build; on a Jetson TensorRT comes with JetPack, with Python "
        "bindings for the system python3 only.",
        "Do not pip install tensorrt on a Jetson: use JetPack's (`sudo apt-get install python3-libnvinfer` if "
        "missing) with the system python3, or a venv made from it with --system-site-packages; install packages "
        "that depend on tensorrt with --no-deps, or use an l4t / jetson-containers image that ships them.",
        weight=88,
        applies="Jetson / JetPack (Tegra), every TensorRT release on the registry",
        shown_by=(_test("test_jetson_in_its_own_words"),),
        example='  File "/tmp/pip-install-ahhg6ijg/tensorrt-cu12_951ba/setup.py", line 71, in <module>\n    raise '
        'RuntimeError("TensorRT does not currently build wheels for Tegra systems")\nRuntimeError: TensorRT does '
        "not currently build wheels for Tegra systems",
        example_source="the tensorrt-cu12 sdist's setup.py (its Tegra check), registry metadata of tensorrt-cu12 "
        "10.8.0.43",
    ),
    KnownError(
        "serve-jetson-wheel-platform",
        "A wheel is not for this Python / platform (pip: is not a supported wheel on this platform)",
        # pip's wording for a wheel file whose tags this interpreter does not accept (pip's req_install /
        # install_req_from_line): the Python tag (cpXY) or the platform tag (linux_x86_64, win_amd64, macosx_*,
        # linux_aarch64) in the file's name is not among the tags the running pip accepts
        r"[\w.+-]{1,120}-(?:cp|py|pp)\d{1,3}-[\w.]{1,40}-[\w.]{1,80}\.whl is not a supported wheel on this platform",
        "pip refuses a wheel whose name's tags this Python does not accept: the Python tag (cp37 = CPython 3.7) is "
        "not the running Python's, or the platform tag (linux_x86_64, win_amd64, macosx_*, linux_aarch64) is "
        "another machine's. A notebook or README that hard-codes a wheel's address goes stale when the runtime "
        "moves to a newer Python (Google Colab does so every year).",
        "Compare the wheel's name with this Python (`python -V`; `python -m pip debug --verbose` lists every tag it "
        "accepts) and install the wheel built for it: the same package's file for your cpXY and platform, or "
        "`pip install <package>` and let pip pick one; for a compiled extension of torch (xformers, flash-attn, "
        "torch-scatter) take the build made for the installed torch and CUDA too.",
        variants=(
            # a Jetson board or JetPack named in the text, or a GPU framework's plain linux_aarch64 wheel (NVIDIA's
            # Jetson builds of torch / TensorFlow / onnxruntime-gpu; the registry's ARM wheels are manylinux) where no
            # Raspberry Pi shows (issue 36, round thirty-eight: not any aarch64 wheel, which a Raspberry Pi or an ARM
            # server shares)
            Variant(
                JETSON_BOARD + r"|\A(?![\s\S]{0,300000}?(?:\braspberry ?pi\b|\braspbian\b))[\s\S]{0,300000}?"
                r"\b(?:torch|torchvision|torchaudio|tensorflow(?:_gpu)?|onnxruntime_gpu|tensorrt)-[\w.+]{1,40}"
                r"-\w{1,12}-\w{1,12}-linux_aarch64\.whl is not a supported wheel",
                "a Jetson / aarch64 wheel",
                "The aarch64 wheel (NVIDIA's torch or TensorFlow for JetPack, a Jetson onnxruntime-gpu) was built for "
                "one Python version and this pip belongs to another (JetPack 4: 3.6, JetPack 5: 3.8, JetPack 6: 3.10), "
                "or pip runs on another machine (x86-64). Install it with the Python it was built for (`python3.8 -m "
                "pip install <wheel>` on JetPack 5, the cpXY in its name), or download the wheel built for your Python "
                "and JetPack release; a conda or pyenv Python of another version cannot use these wheels.",
            ),
            # issue 36, round thirty-eight: an ARM wheel on another ARM board (a Raspberry Pi, an ARM server), whose
            # OS release decides the Python (Raspberry Pi OS Bullseye: 3.9, Bookworm: 3.11) and whose 32-bit OS is
            # armv7l even on a 64-bit board
            Variant(
                r"-linux_(?:aarch64|armv7l|armv6l)\.whl is not a supported wheel|\braspberry ?pi\b|\braspbian\b"
                r"|\barmv[67]l\b|\bbookworm\b|\bbullseye\b",
                "an ARM wheel on a Raspberry Pi or another ARM board",
                "The ARM wheel's tags must match this board's Python and OS: its cpXY is the Python it was built for "
                "(`python3 -V`: Raspberry Pi OS Bullseye ships 3.9, Bookworm 3.11) and its platform tag the OS's "
                "word size (`uname -m` / `getconf LONG_BIT`: a 32-bit OS is armv7l and takes no aarch64 wheel, even "
                "on a 64-bit Pi). An installer or requirements file that pins one wheel file was made for one OS "
                "release: run it on that release (the OS image and bit width its README names), or install the "
                "package's wheel built for your Python (`pip install <package>` without the pinned file, a newer "
                "release of it, or the project's updated installer); a Python of the wheel's version (pyenv, a venv "
                "made with it) also takes it.",
            ),
        ),
        weight=82,
        applies="pip, any platform (Jetson / JetPack aarch64 wheels, prebuilt wheels of notebooks and READMEs)",
        shown_by=(_test("test_jetson_in_its_own_words"), _r13("test_a_wheel_for_another_python")),
        example="ERROR: tensorflow-1.10.1-cp35-cp35m-linux_aarch64.whl is not a supported wheel on this platform.",
        example_source="https://github.com/NVIDIA-AI-IOT/tf_trt_models/issues/57 (pip's wheel tag check)",
    ),
)

_R11 = "tests/troubleshooting/test_round11_f4serve.py"


def _r11(name: str) -> str:
    return f"{_R11}::{name}"


#: where a text shows an LLM server or runner in use (each a Variant's ``when``)
_VLLM = r"\bvllm\b|\bvLLM\b|EngineCore|AsyncLLMEngine|LLMEngine|VllmWorker|WorkerProc\b|multiproc_executor\.py"
_TGI = r"text[-_]generation[-_](?:launcher|server|inference)|\bTGI\b|ShardCannotStart"
#: where a text shows TensorRT-LLM (as `table.PRODUCTS` spells it)
_TRTLLM = r"tensorrt_llm|TensorRT-LLM|\btrtllm"

#: LLM servers' start and configuration failures (round eleven): the engine refuses a config before any memory is
#: spent, or a launcher reports that its worker died (the worker's own error is above it)
_LLM_START: tuple[KnownError, ...] = (
    KnownError(
        "serve-llm-start-failed",
        "An LLM server's worker or pipeline element did not start (Engine process failed to start / Shard N failed "
        "to start / Failed to create NvDsInferContext instance): the cause is the error above it",
        r"RuntimeError: Engine process failed to start|Engine core initialization failed\. See root cause above"
        # vLLM v1's multiproc executor (vllm/v1/executor/multiproc_executor.py): a worker died in its start-up
        r"|WorkerProc failed to start|WorkerProc initialization failed due to an exception in a background process"
        r"|\bShard \d{1,3} failed to start|Error: ShardCannotStart|Error when initializing model"
        r"|Failed to create NvDsInferContext instance"
        r"|llama runner process has terminated|timed out waiting for llama runner to start",
        "The launcher only reports that its worker process (vLLM's engine core, a TGI shard, DeepStream's nvinfer "
        "context) died while starting; the reason is the worker's own traceback or error line printed before this "
        "one: a config the engine refused, a model it does not know, memory, a missing kernel package.",
        "Scroll up to the first error of the worker (vLLM: the EngineCore / worker process's traceback, its last "
        "line; TGI: the shard's Python traceback after 'Error when initializing model'; DeepStream: the "
        "NvDsInferContext lines before it) and paste the whole log from the command on: that first error is the "
        "failure to fix.",
        variants=(
            Variant(
                _VLLM,
                "vLLM",
                "vLLM's engine runs in its own process and died while starting: the root cause is the EngineCore / "
                "worker traceback above this line (its last 'Error:' line). If none is shown, start it again with "
                "VLLM_LOGGING_LEVEL=DEBUG and keep the whole output; common first errors are a config vLLM refused "
                "(dtype, quantization, max_model_len, tensor_parallel_size), a model architecture it does not know, "
                "or GPU memory for the weights and KV cache.",
            ),
            Variant(
                _TGI,
                "text-generation-inference",
                "TGI's launcher reports that a shard (the Python text-generation-server) died: its traceback is "
                "printed above, after 'Error when initializing model' (its last line is the cause: a model type "
                "this TGI does not know, flash-attention kernels missing for the GPU, out of memory for the weights, "
                "a quantization the GPU cannot run). Use the official TGI image for your GPU, and for memory lower "
                "--max-total-tokens / --max-batch-prefill-tokens or shard over more GPUs (--num-shard).",
            ),
            Variant(
                r"llama runner",
                "ollama",
                "ollama's runner (its llama.cpp server process) exited while loading or running the model; the "
                "reason follows on the same line after 'exit status N:' or is in the server log above it "
                "(`journalctl -u ollama`, `docker logs <container>`, ~/.ollama/logs/server.log on macOS; "
                "OLLAMA_DEBUG=1 for more): an architecture this ollama does not know (update ollama), out of "
                "memory (a smaller model or quantization, a lower num_ctx, fewer GPU layers with num_gpu), or a "
                "CUDA error of its kernels. 'timed out waiting for llama runner to start' is a load slower than "
                "OLLAMA_LOAD_TIMEOUT (a large model from a slow disk): raise it.",
            ),
            Variant(
                r"NvDsInfer|nvinfer|gst-stream-error-quark",
                "DeepStream nvinfer",
                "nvinfer could not create its inference context; the NvDsInfer Error after 'Config file path:' "
                "names the kind (NVDSINFER_CONFIG_FAILED: a key of the nvinfer config file is wrong or a model / "
                "engine / label file it names is missing; NVDSINFER_TENSORRT_ERROR: TensorRT could not build or "
                "load the engine; NVDSINFER_CUSTOM_LIB_FAILED: custom-lib-path did not load), and the lines before "
                "it give the detail. Check every path in the config (relative to the config file), delete a stale "
                ".engine so it is rebuilt, and run with GST_DEBUG=3 to see nvinfer's own messages.",
            ),
        ),
        op=r"NvDsInfer Error: (NVDSINFER_\w{1,40})|Shard (\d{1,3}) failed",
        weight=30,
        downstream=True,
        applies="vLLM (its engine process), text-generation-inference (its shards), ollama (its llama runner), "
        "DeepStream's nvinfer",
        shown_by=(_r11("test_llm_server_start_failures_point_at_the_worker_error"),),
        example='  File "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai/api_server.py", '
        "line 288, in build_async_engine_client_from_engine_args\n    raise RuntimeError(\nRuntimeError: Engine "
        "process failed to start. See stack trace for the root cause.",
        example_source="vllm vllm/entrypoints/openai/api_server.py (build_async_engine_client_from_engine_args: raise "
        'RuntimeError("Engine process failed to start. See stack trace for the root cause.")), v0.6.6; '
        'text-generation-inference launcher/src/main.rs (tracing::error!("Shard {rank} failed to start"), '
        'LauncherError::ShardCannotStart) and server/text_generation_server/server.py (logger.exception("Error when '
        'initializing model")); DeepStream gst-nvinfer gstnvinfer.cpp (GST_ELEMENT_ERROR "Failed to create '
        'NvDsInferContext instance", "Config file path: %s, NvDsInfer Error: %s")',
    ),
    KnownError(
        "serve-llm-quantization-unsupported",
        "An LLM server refuses the quantization (Unknown quantization method / not supported for the current GPU)",
        r"Unknown quantization method: [\w-]{1,60}\. Must be one of"
        r"|The quantization method [\w-]{1,60} is not supported for the current GPU\. Minimum capability: \d{2,3}",
        "The checkpoint's quantization (its config.json quantization_config.quant_method, or --quantization) is "
        "either one this vLLM release does not know (a newer method, a misspelling, a method of another tool), or "
        "its kernels need a newer GPU than this one (the minimum and current capabilities are in the message: 75 = "
        "Turing, 80 = Ampere, 89 = Ada for FP8).",
        "For 'Unknown quantization method', upgrade vLLM to a release that lists the method (its "
        "docs' supported-quantization table), or pass a method it knows with --quantization; for 'not supported for "
        "the current GPU', use a checkpoint whose method this GPU runs (an unquantized one with --dtype half, GPTQ / "
        "bitsandbytes on older GPUs; FP8 needs compute capability 8.9, AWQ / Marlin kernels 7.5 / 8.0) or a newer "
        "GPU.",
        op=r"Unknown quantization method: ([\w-]{1,60})|The quantization method ([\w-]{1,60}) is not supported",
        weight=86,
        applies="vLLM, every release (SGLang reuses vLLM's check)",
        shown_by=(_r11("test_llm_server_config_refusals"),),
        example="ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: "
        "75. Current capability: 70.",
        example_source='vllm vllm/config.py (ModelConfig._verify_quantization: "Unknown quantization method: ... '
        'Must be one of ...") and vllm/model_executor/model_loader/utils.py (_get_quantization_config: "The '
        'quantization method ... is not supported for the current GPU. Minimum capability: ..."), v0.8',
    ),
    KnownError(
        "serve-llm-parallel-size",
        "An LLM server's tensor / pipeline parallel size does not fit the model or the GPUs (attention heads not "
        "divisible / required GPUs exceed the available ones)",
        r"Total number of attention heads \(\d{1,5}\) must be divisible by tensor parallel size \(\d{1,4}\)"
        r"|Total number of hidden layers \(\d{1,5}\) must be divisible by pipeline parallel size \(\d{1,4}\)"
        r"|The number of required GPUs exceeds the total number of available GPUs in the (?:placement group|cluster)",
        "Tensor parallelism splits the attention heads over the GPUs, so tensor_parallel_size must divide the "
        "model's head count (a 32-head model runs on 1, 2, 4 or 8 GPUs, not 3 or 6); and tensor_parallel_size x "
        "pipeline_parallel_size GPUs must be visible to the engine (Ray's cluster or placement group, "
        "CUDA_VISIBLE_DEVICES, a container's GPU limit).",
        "Pick --tensor-parallel-size that divides the head count (num_attention_heads in the model's config.json; "
        "for the layer message, --pipeline-parallel-size that divides num_hidden_layers), and no more GPUs than "
        "are visible (`nvidia-smi -L` in the same container; in Kubernetes the nvidia.com/gpu limit). With Ray over "
        "several nodes, start vLLM on the head node of the running cluster (RAY_ADDRESS set to it, `ray status` "
        "lists every GPU) rather than letting it start a local Ray instance.",
        variants=(
            Variant(
                r"required GPUs exceeds",
                "more GPUs requested than visible",
                "The engine asks for tensor_parallel_size x pipeline_parallel_size GPUs and Ray sees fewer: lower "
                "--tensor-parallel-size to the GPUs this machine or container shows (`nvidia-smi -L`, "
                "CUDA_VISIBLE_DEVICES, docker --gpus, the Kubernetes nvidia.com/gpu limit), or for several nodes "
                "run vLLM inside the existing Ray cluster (RAY_ADDRESS=<head>:6379, `ray status` lists all GPUs).",
            ),
        ),
        op=r"attention heads \((\d{1,5})\)|tensor parallel size \((\d{1,4})\)",
        weight=86,
        applies="vLLM, every release (ModelConfig.verify_with_parallel_config; the Ray executor's GPU check)",
        shown_by=(_r11("test_llm_server_config_refusals"),),
        example="ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3).",
        example_source='vllm vllm/config.py (ModelConfig.verify_with_parallel_config: "Total number of attention '
        'heads ... must be divisible by tensor parallel size ..."), vllm/executor/ray_utils.py '
        '(initialize_ray_cluster: "The number of required GPUs exceeds the total number of available GPUs in the '
        'placement group."), v0.8',
    ),
    KnownError(
        "serve-llm-max-model-len",
        "vLLM: the requested max_model_len is longer than the model's own context (greater than the derived "
        "max_model_len)",
        r"User-specified max_model_len \(\d{1,9}\) is greater than the derived max_model_len",
        "--max-model-len asks for more tokens than the model's config.json allows (max_position_embeddings, or "
        "model_max_length, with its rope_scaling): positions past it were never trained, so vLLM refuses.",
        "Set --max-model-len to at most the derived value the message names (or leave it out: vLLM uses the "
        "model's own); to extend the context deliberately, configure RoPE scaling for the model (--rope-scaling / "
        "hf_overrides with a YaRN factor) and only then allow it with VLLM_ALLOW_LONG_MAX_MODEL_LEN=1.",
        weight=86,
        applies="vLLM, every release",
        shown_by=(_r11("test_llm_server_config_refusals"),),
        example="ValueError: User-specified max_model_len (131072) is greater than the derived max_model_len "
        "(max_position_embeddings=32768 or model_max_length=None in model's config.json). This may lead to "
        "incorrect model outputs or CUDA errors.",
        example_source='vllm vllm/config.py (_get_and_verify_max_len: "User-specified max_model_len ... is greater '
        'than the derived max_model_len ..."), v0.8',
    ),
    KnownError(
        "serve-llm-architecture-unknown",
        "The LLM runtime does not know the model's architecture (vLLM: Model architectures [...] are not supported; "
        "transformers: does not recognize this architecture; llama.cpp: unknown model architecture)",
        r"Model architectures \[[^\]\n]{1,300}\] are not supported for now"
        r"|has model type `[\w.-]{1,60}` but Transformers does not recognize this architecture"
        r"|unknown model architecture: '[\w.-]{1,60}'",
        "The model is newer than the runtime that loads it: its architecture (config.json's architectures / "
        "model_type, or the GGUF's general.architecture) was added in a later release of vLLM / transformers / "
        "llama.cpp (and of the apps that bundle it: ollama, LM Studio, text-generation-webui), or the name is "
        "misspelled in a hand-made config.",
        "Upgrade the runtime to a release that supports the architecture (its supported-models list), and the "
        "things it bundles with it (vLLM pins a transformers; an image tag pins both); a model whose code lives in "
        "its repository needs trust_remote_code=True (--trust-remote-code) where the runtime supports that.",
        variants=(
            Variant(
                r"Model architectures \[",
                "vLLM",
                "This vLLM has no implementation of the architecture: upgrade vLLM (pip install -U vllm, or a newer "
                "vllm/vllm-openai image) to a release whose supported-models list has it; vLLM's Transformers "
                "fallback (--model-impl transformers) runs some models it lacks, with the transformers release "
                "that knows them.",
            ),
            Variant(
                r"Transformers does not recognize this architecture",
                "transformers",
                "The installed transformers predates this model type: `pip install -U transformers` (or the "
                "release the model card names; a brand-new model may need transformers from its main branch), "
                "and upgrade the server that pins it (vLLM, TGI, SGLang images pin a transformers); a model with "
                "its own code needs trust_remote_code=True.",
            ),
            Variant(
                r"unknown model architecture: '",
                "llama.cpp / GGUF",
                "This llama.cpp build predates the GGUF's architecture: update llama.cpp (a newer release, or "
                "rebuild from a recent checkout) or the app that bundles it (ollama, LM Studio's runtime, "
                "llama-cpp-python: pip install -U llama-cpp-python with its CUDA build flags), or use a GGUF of an "
                "architecture this build knows.",
            ),
        ),
        op=r"Model architectures \[([^\]\n]{1,300})\]|model type `([\w.-]{1,60})`|architecture: '([\w.-]{1,60})'",
        weight=86,
        applies="vLLM, Hugging Face transformers (and the servers built on it: TGI, SGLang), llama.cpp and the apps "
        "that bundle it (ollama, LM Studio)",
        shown_by=(_r11("test_unknown_model_architectures_per_runtime"),),
        example="llama_model_load: error loading model: error loading model architecture: unknown model "
        "architecture: 'qwen3'",
        example_source='vllm vllm/model_executor/models/registry.py (_ModelRegistry._raise_for_unsupported: "Model '
        'architectures ... are not supported for now"), v0.9; llama.cpp src/llama-model.cpp (llama_model::load_arch: '
        "\"unknown model architecture: '...'\"); transformers src/transformers/models/auto/configuration_auto.py "
        '(AutoConfig.from_pretrained: "... has model type `...` but Transformers does not recognize this '
        'architecture")',
    ),
    KnownError(
        "serve-tgi-flash-attention",
        "text-generation-inference: the model needs Flash Attention kernels this install lacks (Flash Attention V2 "
        "is not installed / GPU with CUDA capability X Y is not supported for Flash Attention V2)",
        r"Flash Attention V2 is not installed|Flash Attention is not installed"
        r"|GPU with CUDA capability \d{1,2} \d{1,2} is not supported for Flash Attention V2",
        "TGI's flash models import the flash-attention kernels it builds into its Docker image: this server was "
        "installed without them (a local `make install` or a pip install), or the GPU is older than Flash Attention "
        "V2 supports (compute capability 8.0; Turing 7.5 only has the V1 kernels).",
        "Run TGI from its official Docker image (the text-generation-inference image for your GPU vendor), which "
        "ships the kernels; for a local install, build them: `cd server && make install install-flash-attention-v2` "
        "(the -cuda / -rocm target of your release). On a GPU below compute capability 8.0 use a model TGI serves "
        "without flash attention, or a GPU of Ampere or newer.",
        op=r"GPU with CUDA capability (\d{1,2} \d{1,2})",
        weight=84,
        applies="text-generation-inference (server/text_generation_server/utils/flash_attn.py), and its forks "
        "(LoRAX, text-embeddings-inference)",
        shown_by=(_r11("test_tgi_flash_attention_and_vllm_backend_notice"),),
        example="ImportError: Flash Attention V2 is not installed.\nUse the official Docker image "
        "(ghcr.io/huggingface/text-generation-inference:latest) or install flash attention v2 with `cd server && "
        "make install install-flash-attention-v2-cuda`",
        example_source="text-generation-inference server/text_generation_server/utils/flash_attn.py (raise "
        'ImportError("Flash Attention V2 is not installed.\\n..."), "GPU with CUDA capability {major} {minor} is '
        'not supported for Flash Attention V2"), v1.4',
    ),
    KnownError(
        "serve-vllm-attention-fallback",
        "vLLM: Cannot use FlashAttention-2 backend (for Volta and Turing GPUs / this dtype / flash_attn not found): "
        "a notice, vLLM uses another attention backend",
        r"Cannot use FlashAttention-2 backend (?:for Volta and Turing GPUs|for dtype other than"
        r"|because the (?:vllm\.vllm_flash_attn|flash_attn) package is not found|for head size)",
        "vLLM prefers FlashAttention-2 and logs at INFO level why it cannot use it here (a GPU below compute "
        "capability 8.0, a float32 model, a head size the kernels lack, the package missing), then picks another "
        "backend (XFormers, FlashInfer, Torch SDPA) and runs: this line is not a failure.",
        "Nothing to fix: the model runs with the backend vLLM names on the next line ('Using XFormers backend.'). "
        "If the server failed, the cause is another error in the log; on Volta / Turing use --dtype half "
        "(bfloat16 needs compute capability 8.0).",
        severity="notice",
        weight=40,
        applies="vLLM 0.4 to 0.10 (vllm/attention/selector.py, vllm/platforms/cuda.py)",
        shown_by=(_r11("test_tgi_flash_attention_and_vllm_backend_notice"),),
        example="INFO 12-06 17:06:57 selector.py:261] Cannot use FlashAttention-2 backend for Volta and Turing GPUs.",
        example_source='vllm vllm/attention/selector.py (which_attn_to_use: logger.info("Cannot use FlashAttention-2 '
        'backend for Volta and Turing GPUs."), then selected_backend = _Backend.XFORMERS), v0.6',
    ),
    KnownError(
        "serve-trtllm-world-size",
        "TensorRT-LLM: the number of MPI ranks is not the engine's tensor x pipeline parallel size (mpiSize == tp * "
        "pp)",
        r"Assertion failed: mpiSize == tp \* pp|MPI size \d{1,4} != TP size \d{1,4} \* PP size \d{1,4}",
        "A TensorRT-LLM engine is built for tp x pp GPUs (trtllm-build's --tp_size / --pp_size, one engine file per "
        "rank) and its runtime needs exactly that many MPI ranks: it was started with another count (plain `python "
        "run.py` is one rank; mpirun -n with another number; Triton's launch_triton_server.py with another "
        "--world_size).",
        "Start one rank per GPU of the engine: `mpirun -n <tp*pp> --allow-run-as-root python3 run.py "
        "--engine_dir <dir> ...`, Triton: `python3 scripts/launch_triton_server.py --world_size <tp*pp> ...`, "
        "trtllm-serve: --tp_size / --pp_size as built (config.json in the engine folder names them); to run on "
        "another GPU count, rebuild the engine with that --tp_size / --pp_size.",
        weight=86,
        applies="TensorRT-LLM's C++ runtime (cpp/tensorrt_llm/runtime/worldConfig.cpp), every release",
        shown_by=(_r11("test_llm_server_config_refusals"),),
        example="[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp "
        "(/src/tensorrt_llm/cpp/tensorrt_llm/runtime/worldConfig.cpp:99)",
        example_source="TensorRT-LLM cpp/tensorrt_llm/runtime/worldConfig.cpp (WorldConfig::mpi: TLLM_CHECK(mpiSize "
        '== tp * pp); later TLLM_CHECK_WITH_INFO(... "MPI size %d != TP size %d * PP size %d")), v0.7 / v0.12',
    ),
    KnownError(
        "serve-triton-io-count",
        "Triton: config.pbtxt lists other inputs or outputs than the model has (configuration expects N inputs, "
        "model provides M; unexpected inference output 'X', allowed outputs are ...)",
        r"unable to load model '[^'\n]{1,200}', configuration expects \d{1,4} (?:inputs|outputs), model provides"
        r"(?: at most)? \d{1,4}"
        # the backend's name check at load time (issue 36, round forty-two; the tensorflow backend's wording, from
        # memory): "unexpected inference output 'X', allowed outputs are: a, b"
        r"|unexpected inference (?:input|output) '[^'\n]{1,200}', allowed (?:inputs|outputs) are",
        "The backend compared config.pbtxt's input (or output) list with the model file's: the counts or the names "
        "differ (a config written for another export, an ONNX with extra inputs such as attention_mask or "
        "token_type_ids, inputs the exporter folded away as constants).",
        "Make the config list exactly the model's tensors, with the model's names (read them with `polygraphy "
        "inspect model model.onnx` or Netron; TorchScript models take INPUT__0, INPUT__1 ... in forward()'s order), "
        "or leave input / output out of config.pbtxt so the onnxruntime / tensorrt backend fills them from the "
        "model (auto-complete, unless --disable-auto-complete-config).",
        variants=(
            Variant(
                r"unexpected inference (?:input|output) '[^'\n]{1,200}', allowed (?:inputs|outputs) are",
                "a tensor name in config.pbtxt that the model does not have",
                "config.pbtxt names an input / output the exported model does not have (the list after 'allowed "
                "... are' is the model's own, empty when the backend read none): the config and the model were "
                "written by different exports or releases. Read the model's names (TensorFlow SavedModel: "
                "`saved_model_cli show --dir <model>/1/model.savedmodel --all`, its serving_default signature; "
                "ONNX: `polygraphy inspect model model.onnx`) and make config.pbtxt use them, or export the model "
                "and its config again with one release of the tools that write both (the training library and its "
                "serving exporter from the same release or container, e.g. Merlin Models with Merlin Systems), so "
                "an ensemble that depends on it loads too.",
                strict=True,
            ),
        ),
        op=r"unable to load model '([^'\n]{1,200})'|unexpected inference (?:input|output) '([^'\n]{1,200})'",
        weight=84,
        applies="Triton Inference Server backends (onnxruntime, tensorflow, pytorch, openvino), every release",
        shown_by=(_r11("test_llm_server_config_refusals"),),
        example="E0101 model_lifecycle.cc:621] failed to load 'onnx_model' version 1: Invalid argument: unable to "
        "load model 'onnx_model', configuration expects 2 inputs, model provides 1",
        example_source='triton-inference-server onnxruntime_backend src/onnxruntime.cc (ValidateInputs: "unable '
        "to load model '...', configuration expects N inputs, model provides M\"), r23.10",
    ),
    KnownError(
        "serve-triton-load-all-failed",
        "Triton: failed to load all models (the server stops because a model did not load; its reason is above)",
        r"creating server: [\w ]{1,30} - failed to load all models",
        "tritonserver stops at start-up when any model of the repository fails to load (with the default "
        "--exit-on-error=true); this line is the summary, and each failed model's own reason is its 'failed to "
        "load '<model>' version N: ...' line and its UNAVAILABLE row in the model table printed above.",
        "Read the model table and the first 'failed to load' / E line above it and fix that model (its config.pbtxt, "
        "its backend, its plan built by the server's own TensorRT); to keep serving the other models meanwhile "
        "start with --exit-on-error=false (or --model-control-mode=explicit --load-model=<name> for the ones you "
        "need), and --log-verbose=1 for each backend's detail.",
        op=r"failed to load '([^'\n]{1,200})' version",
        weight=30,
        downstream=True,
        applies="Triton Inference Server, every release",
        shown_by=(_r11("test_downstream_lines_of_servers_and_engines"),),
        example="I0101 00:00:00.000 1 server.cc:307] Waiting for in-flight requests to complete.\nerror: creating "
        "server: Internal - failed to load all models",
        example_source="triton-inference-server core src/model_repository_manager.cc (Create: return "
        'Status(Status::Code::INTERNAL, "failed to load all models")), and server src/main.cc ("error: '
        'creating server: " + code + " - " + message), r23.10',
    ),
    KnownError(
        "serve-engine-deserialize-failed",
        "An application's own 'Failed to deserialize CUDA engine' (TensorRT's deserializeCudaEngine returned null)",
        r"Failed to deserialize (?:the )?CUDA engine",
        "The program asked TensorRT to load an engine file and got nothing back; TensorRT's own log line before this "
        "one says why: most often the engine was built by another TensorRT (or TensorRT-LLM) release, on a GPU of "
        "another compute capability, with plugins this process has not loaded, or the file is no bare engine "
        "(empty, truncated, or with a header another tool wrote).",
        "Read TensorRT's error just before this line (Version tag / Magic tag: another TensorRT; 'incompatible "
        "device': another GPU; getPluginCreator: a plugin library missing) and rebuild the engine where it runs, "
        "with the TensorRT the program links (trtexec --onnx=model.onnx --saveEngine=model.engine on this machine), "
        "loading its plugins first (initLibNvInferPlugins / the plugin .so) when it uses any.",
        variants=(
            Variant(
                _TRTLLM,
                "TensorRT-LLM",
                "TensorRT-LLM could not load its engine: build it with the same TensorRT-LLM release (and container) "
                "that runs it, on this GPU model (`trtllm-build --checkpoint_dir <ckpt> --output_dir <engine_dir>`; "
                "Triton's tensorrtllm_backend needs the TensorRT-LLM of its own <yy.mm> image), with the tp / pp "
                "the runtime uses.",
                product="tensorrt_llm",
            ),
        ),
        loose=True,
        alternatives=("engine-version-mismatch", "engine-built-elsewhere"),
        downstream=True,
        weight=40,
        applies="TensorRT applications (C++ and Python) and TensorRT-LLM's runtime, every TensorRT release",
        shown_by=(_r11("test_downstream_lines_of_servers_and_engines"),),
        example="[TensorRT-LLM][ERROR] Assertion failed: Failed to deserialize cuda engine. "
        "(/tmp/tritonbuild/tensorrtllm/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmRuntime.cpp:72)",
        example_source="TensorRT-LLM cpp/tensorrt_llm/runtime/tllmRuntime.cpp (TllmRuntime: TLLM_CHECK_WITH_INFO("
        'mEngine != nullptr, "Failed to deserialize cuda engine.")); the same words in TensorRT samples\' '
        'applications (assert(engine != nullptr && "Failed to deserialize cuda engine."))',
    ),
    KnownError(
        "serve-gguf-incompatible",
        "llama.cpp cannot load a GGUF file (wrong number of tensors / tensor has wrong shape / data is not within "
        "the file bounds)",
        r"done_getting_tensors: wrong number of tensors; expected \d{1,7}, got \d{1,7}"
        r"|tensor '[^'\n]{1,200}' has wrong shape; expected [\d, ]{1,80}, got"
        r"|tensor '[^'\n]{1,200}' data is not within the file bounds",
        "The GGUF does not match what this llama.cpp build expects of its architecture: it was converted by "
        "another llama.cpp release or a fork (an ollama model blob, a patched converter, a model with extra MTP / "
        "vision tensors) so tensors are missing, extra or of another shape; or the file is truncated (an "
        "interrupted download: 'data is not within the file bounds').",
        "Use a llama.cpp (or llama-cpp-python, LM Studio runtime) release that matches the GGUF: update it to the "
        "newest, or reconvert the model with the convert_hf_to_gguf.py of the build that loads it; ollama's own "
        "blobs load only in ollama; a vision model's projector goes in its own --mmproj file. For 'not within the "
        "file bounds', download the file again and compare its size / sha256 with the source's.",
        variants=(
            Variant(
                r"not within the file bounds",
                "a truncated file",
                "The file is shorter than its header says (an interrupted or partial download, a disk that filled "
                "up): download it again (huggingface-cli download resumes and checks it), compare the size / "
                "sha256 with the model page's, and make sure the disk has room.",
            ),
        ),
        op=r"tensor '([^'\n]{1,200})'",
        weight=84,
        applies="llama.cpp and what bundles it (llama-cpp-python, ollama, LM Studio), every GGUF release",
        shown_by=(_r11("test_llama_cpp_and_ollama_in_their_own_words"),),
        example="llama_model_load: error loading model: done_getting_tensors: wrong number of tensors; expected 255, "
        "got 254\nllama_load_model_from_file: failed to load model",
        example_source='llama.cpp src/llama-model-loader.cpp (done_getting_tensors: "%s: wrong number of tensors; '
        'expected %d, got %d"; check_tensor_dims: "%s: tensor \'%s\' has wrong shape; expected %s, got %s"; '
        "load_all_data: \"tensor '%s' data is not within the file bounds, model is corrupted or incomplete\"), b4000",
    ),
)

#: this module's rows, appended after the core rows by `families.FAMILIES`
_R24 = "tests/troubleshooting/test_round24_v24serve.py"


def _r24(name: str) -> str:
    return f"{_R24}::{name}"


#: web services, task workers and serving binaries: their own sentences (round twenty-four)
_SERVICES: tuple[KnownError, ...] = (
    KnownError(
        "serve-vgpu-shim-assert",
        "a vGPU-sharing shim (HAMi-core / libvgpu.so) failed or aborted the process",
        r"lock_shrreg|Failed to lock shrreg|\[HAMI-core (?:ERROR|Warn|Msg)[^\n]{0,200}|4pdvGPU ERROR"
        r"|libvgpu\.so[^\n]{0,120}(?:Assertion|ERROR|failed)|multiprocess_memory_limit\.c:\d{1,6}",
        "The GPU is shared through a vGPU memory-limit shim (HAMi's HAMi-core, libvgpu.so, injected by "
        "LD_PRELOAD in the pod): the shim's own check failed (its shared region could not be locked, a dead owner "
        "was not cleaned up, a limit it enforces was hit), so it aborted the process; this is the shim's bug or "
        "limit, not CUDA's or the model's.",
        "Upgrade the vGPU sharing layer (HAMi's device plugin and HAMi-core / libvgpu.so) to a release that fixes "
        "the failing check; until then run fewer GPU processes per container (fewer gunicorn / celery / uvicorn "
        "workers on the shared GPU), give the pod a whole GPU, or run without the shim's memory limit "
        "(CUDA_DISABLE_CONTROL=true, or no vGPU resource request), and check the shim's log lines before the "
        "abort.",
        weight=88,
        applies="HAMi (k8s-vGPU-scheduler) HAMi-core / libvgpu.so, every release",
        shown_by=(_r24("test_vgpu_shim_in_its_own_words"),),
        example="[4pdvGPU ERROR (pid:167 thread=140191321859904 multiprocess_memory_limit.c:455)]: Failed to lock "
        "shrreg: 4\npython3.7: /src/multiprocess/multiprocess_memory_limit.c:455: lock_shrreg: Assertion `0' "
        "failed.",
        example_source="HAMi-core src/multiprocess/multiprocess_memory_limit.c (lock_shrreg); "
        "https://github.com/Project-HAMi/HAMi/issues/26",
    ),
    KnownError(
        "serve-ct2-cuda-error",
        "CTranslate2 (faster-whisper, whisperX): CUDA failed with error unknown error",
        r"CUDA failed with error unknown error",
        "CTranslate2 checks every CUDA call and reports the CUDA runtime's message: 'unknown error' or 'no kernel "
        "image' at the first call most often means the GPU or driver cannot run this CUDA build (a GPU older than "
        "the build targets, such as Kepler or Maxwell under CUDA 12, or a driver older than the CUDA it was "
        "built with), or the driver is in a bad state (after a suspend, an update without a reboot).",
        "Check the GPU and driver against the ctranslate2 build: `nvidia-smi` must show a CUDA at least the build's "
        "(4.x: CUDA 12, 3.x: CUDA 11), and the GPU's compute capability must be one CTranslate2 targets (>= 3.5 "
        "for 3.x, >= 5.0 for 4.x; int8 / float16 need more). A GPU too old cannot run it: run device='cpu' with "
        "compute_type='int8' or use a newer GPU; otherwise update the driver, reboot (or reload nvidia_uvm), and "
        "retry.",
        alternatives=("gpu-older-than-release", "gpu-arch-unsupported", "cuda-driver-insufficient"),
        weight=86,
        applies="CTranslate2 and the libraries built on it (faster-whisper, whisperX, subtitle services)",
        shown_by=(_r24("test_ctranslate2_cuda_error"),),
        example="Error processing or transcribing file -- Exception: CUDA failed with error unknown error",
        example_source="CTranslate2 src/cuda/utils.h (CUDA_CHECK: 'CUDA failed with error ' + cudaGetErrorString); "
        "https://github.com/McCloudS/subgen/issues/241",
    ),
)

_R39 = "tests/troubleshooting/test_round39_v39apps.py"

#: Triton's benchmark clients in their own words (issue 36, round thirty-nine): perf_analyzer's load manager and
#: inference profiler (src/load_manager.cc, src/inference_profiler.cc), genai-perf (which runs perf_analyzer) and
#: Model Analyzer's perf_analyzer runner (model_analyzer/perf_analyzer/perf_analyzer.py)
_PERF_CLIENTS: tuple[KnownError, ...] = (
    KnownError(
        "serve-perf-analyzer-request-failed",
        "perf_analyzer / genai-perf: Failed to retrieve results from inference request (requests failed during "
        "the measurement)",
        r"Failed to retrieve results from inference request",
        "perf_analyzer's worker threads sent requests and at least one came back with an error or none at all "
        "within the measurement, so it stops: the server refused the request (its error is printed under 'Thread "
        "[N] had error:'), or at a high concurrency the server could not answer every request in time (its "
        "queue, its own timeout or its KV cache full, the connection dropped).",
        "Read the 'Thread [N] had error:' line under the message and the server's own log for the same moment: "
        "that is the real error. If the run works at a low concurrency and fails only at a high one, lower "
        "--concurrency (or --request-rate) to what the server can serve, raise the server's request timeout and "
        "queue size, and measure with a longer window (--measurement-interval in ms) or a fixed --request-count; "
        "if perf_analyzer hangs after the message, update genai-perf / perf_analyzer.",
        variants=(
            Variant(
                r"Thread \[\d{1,4}\] had error:[^\n]{0,200}\b(?:HTTP code 4\d\d|400|404|422|Bad Request|Not Found"
                r"|not supported|invalid)",
                "the server rejected the requests (HTTP 4xx under 'Thread [N] had error')",
                "The server rejected the requests themselves (an HTTP 4xx under 'Thread [N] had error'): the request "
                "body does not fit the endpoint, so no concurrency setting helps. Check the endpoint and its type "
                "(--endpoint-type chat / completions, --endpoint v1/chat/completions), the model name the server "
                "serves (-m), the input file's format for that endpoint (messages not empty, content types the "
                "server supports), and the API key or headers the server needs (--header); send one request with "
                "curl in the same form to see the server's full error.",
                strict=True,
            ),
        ),
        weight=80,
        applies="perf_analyzer and genai-perf (every release), against Triton or an OpenAI-compatible server",
        shown_by=(f"{_R39}::test_triton_benchmark_clients_in_their_own_words",),
        example="Failed to retrieve results from inference request.\nThread [0] had error: OpenAI response returns "
        "HTTP code 400",
        example_source="perf_analyzer src/load_manager.cc (CheckHealth: 'Failed to retrieve results from inference "
        "request.'); triton-inference-server/perf_analyzer#320",
    ),
    KnownError(
        "serve-perf-analyzer-unstable",
        "perf_analyzer: Failed to obtain stable measurement (within N measurement windows)",
        r"Failed to obtain stable measurement|Please use a larger time window",
        "perf_analyzer repeats a measurement until the last passes (3 by default) agree on throughput and latency "
        "within --stability-percentage (10%), giving up after --max-trials windows (10). The passes here kept "
        "varying: the windows are too short for the request rate (a few requests per window), or the server "
        "itself slows down or stalls between passes (throughput falling after the first passes points there).",
        "Measure with larger windows: --measurement-interval (ms, time_windows mode) or --measurement-request-"
        "count (count_windows mode) several times the default, more --max-trials, or a looser "
        "--stability-percentage; then, if throughput still drops after the first passes, the client error is "
        "only a symptom: read the server's log and metrics during the run (model instances, a backend or Python "
        "model that slows down, CPU or GPU throttling, other load on the machine).",
        weight=78,
        applies="perf_analyzer (and genai-perf / Model Analyzer, which run it), every release",
        shown_by=(f"{_R39}::test_triton_benchmark_clients_in_their_own_words",),
        example="Failed to obtain stable measurement within 10 measurement windows for concurrency 1. Please try "
        "to increase the --measurement-interval.\nFailed to obtain stable measurement.",
        example_source="perf_analyzer src/inference_profiler.cc (ProfileHelper: 'Failed to obtain stable "
        "measurement within %d measurement windows for concurrency %d')",
    ),
    KnownError(
        "serve-model-analyzer-pa-killed",
        "Model Analyzer: perf_analyzer took very long to exit / did not produce any output (killed, or ended by "
        "a signal such as SIGABRT)",
        r"perf_analyzer took very long to exit, killing perf_analyzer|perf_analyzer did not produce any output"
        r"|perf_analyzer used significant amount of CPU resources",
        "Model Analyzer runs perf_analyzer for each model configuration and kills it when it runs past its "
        "timeout (or uses too much CPU); a perf_analyzer that ended with no output was killed or aborted "
        "(SIGABRT) before it printed a measurement. Behind it is usually a server that does not answer in time: "
        "the model configuration is too slow or too large for the GPU, the model failed to load or errors on "
        "every request, or the measurement never stabilised. After too many such runs Model Analyzer stops.",
        "Run the perf_analyzer command Model Analyzer logs by hand against the same server with -v and read its "
        "error; read the Triton server's log for that configuration (Model Analyzer's --triton-output-path writes "
        "it to a file): a model load or backend error there is the cause. Then give perf_analyzer more time "
        "(--perf-analyzer-timeout, a longer measurement window), search fewer and lighter configurations at a "
        "time (a lower --run-config-search-max-concurrency / instance count, fewer models per run), and use the "
        "same release for Triton and the SDK container.",
        weight=76,
        applies="Triton Model Analyzer (model-analyzer profile), every release",
        shown_by=(f"{_R39}::test_triton_benchmark_clients_in_their_own_words",),
        example="[Model Analyzer] perf_analyzer took very long to exit, killing perf_analyzer\n[Model Analyzer] "
        "perf_analyzer did not produce any output.",
        example_source="model_analyzer/perf_analyzer/perf_analyzer.py (_run_process: 'perf_analyzer took very "
        "long to exit, killing perf_analyzer'); triton-inference-server/perf_analyzer#454",
    ),
)

FAMILIES: tuple[KnownError, ...] = (
    *_TRITON,
    *_PERF_CLIENTS,
    *_DEEPSTREAM,
    *_LLM,
    *_LLM_START,
    *_CTRANSLATE2,
    *_JETSON,
    *_SERVICES,
)
