"""onnxruntime's own failures (issue 36, round six): a session that cannot load its model (file missing, not a model,
opset or IR version newer than the runtime, no kernel for a node), a run fed the wrong inputs (shape, rank, type,
name), its CUDA provider out of memory, its TensorRT provider failing to build or load an engine, and the provider
list the Python API requires. Each pattern is keyed to onnxruntime's own wording (core/graph/model.cc,
core/graph/model_load_utils.h, core/framework/session_state / kernel registry, core/session/inference_session.cc,
core/framework/bfc_arena.cc, providers/tensorrt/tensorrt_execution_provider.cc, python/onnxruntime_inference_
collection.py); names, numbers and paths are read from the text, never written into a pattern. The core rows
``ort-provider-fallback`` and ``ort-cpu-package`` (`troubleshooting.table`) stay where they are.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round6_ort.py::test_onnxruntime_in_its_own_words"

#: providers by the short names onnxruntime-genai's genai_config.json uses (real providers, not misspellings)
_PROVIDER_SHORT_NAMES = r"(?:dml|cuda|rocm|openvino|qnn|webgpu|coreml|migraphx|tensorrt|NvTensorRtRtx)\b"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "ort-input-shape",
        "onnxruntime: an input's shape or rank differs from the model's (\"Got invalid dimensions for input\")",
        r"Got invalid dimensions for input: ?\S{0,200} for the following indices"
        r"|Invalid rank for input: \S{1,200} Got: \d{1,3} Expected: \d{1,3}",
        "The array fed for that input does not have the shape the ONNX model declares: a fixed dimension (a number "
        "in `sess.get_inputs()[i].shape`, e.g. an image size or a batch of 1 fixed at export) differs, or the rank "
        "differs (no batch axis, HWC where NCHW is wanted).",
        "Print `[(i.name, i.shape, i.type) for i in sess.get_inputs()]` and make the array match: resize or pad to "
        "the fixed sizes, add the batch axis (`np.expand_dims(x, 0)`), transpose HWC to NCHW. To feed other sizes, "
        "export the model again with those axes dynamic (torch.onnx.export's `dynamic_axes` / `dynamic_shapes`; "
        "skl2onnx `initial_types=[('x', FloatTensorType([None, n]))]`).",
        op=r"(?:dimensions|rank) for input: ?(\S{1,200})",
        weight=80,
        applies="onnxruntime (every API and provider), InferenceSession.run",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : "
        "INVALID_ARGUMENT : Got invalid dimensions for input: images for the following indices\n index: 2 Got: "
        "960 Expected: 736\n Please fix either the inputs or the model.",
        example_source="stephansturges/WALDO#9; onnxruntime core/framework (the input check of InferenceSession::Run)",
    ),
    KnownError(
        "ort-input-dtype",
        "onnxruntime: an input's element type differs from the model's (\"Unexpected input data type\")",
        r"Unexpected input data type\.? ?Actual: ?\([^\n]{1,160}\) ?, ?expected: ?\(",
        "The array fed for that input has another element type than the model declares: numpy makes float64 "
        "(double) and, on Windows, int32 by default, while models mostly take float32 and int64; a float16 model "
        "wants float16.",
        "Cast each input to the type `sess.get_inputs()[i].type` names before run: `x.astype(np.float32)` for "
        "tensor(float), `np.int64` for tensor(int64), `np.float16` for tensor(float16).",
        weight=80,
        applies="onnxruntime (every API and provider), InferenceSession.run",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : "
        "INVALID_ARGUMENT : Unexpected input data type. Actual: (tensor(int32)) , expected: (tensor(int64))",
        example_source="pengzhendong/streaming-sensevoice#2; onnxruntime core/session/inference_session.cc "
        "(ValidateInputsOutputs)",
    ),
    KnownError(
        "ort-input-name",
        "onnxruntime: the input names fed are not the model's (an unknown name, or a required input missing)",
        r"Invalid Feed Input Names?: ?\S|Invalid input name: \S|Missing Input: \S"
        r"|Required inputs \(\[[^\n]{0,400}\]\) are missing from input feed"
        r"|input '[^'\n]{1,200}' is missing in 'feeds'",
        "The feed dictionary's keys are not the model's input names: a name the model does not have (often an "
        "optional input such as token_type_ids that this export dropped), or one the model requires is not fed.",
        "Feed exactly the names `[i.name for i in sess.get_inputs()]` lists (`{sess.get_inputs()[0].name: x}`): "
        "drop the names the model does not have, and add the ones it requires (e.g. position_ids, token_type_ids "
        "as zeros); a pipeline that adds inputs on its own (transformers' tokenizer) needs the model exported with "
        "them.",
        weight=80,
        applies="onnxruntime (every API and provider), InferenceSession.run",
        shown_by=(_SHOWN,),
        example="RuntimeError: Method run failed due to: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Invalid Feed "
        "Input Name:data",
        example_source="onnx/onnx#2099; onnxruntime core/session/inference_session.cc ('Invalid Feed Input Name', "
        "later 'Invalid input name') and python/onnxruntime_inference_collection.py (_validate_input)",
    ),
    KnownError(
        "ort-op-not-implemented",
        'onnxruntime has no kernel for a node ("Could not find an implementation for Op(N) node")',
        r"Could not find an implementation for (?:the node )?[A-Za-z][\w.]{0,80}\(\d{1,3}\)",
        "No execution provider in the session registers a kernel for that operator at that opset version with the "
        "node's input types: a type the kernel does not take (int32 or float64 where only float is registered, "
        "float16 on the CPU provider), an opset older than 7, or an operator of another domain (ATen, a custom "
        "or com.microsoft op) this build does not have.",
        "Open the model in Netron, find the node and its input types: cast to a type the op supports (re-export "
        "in float32, or insert Cast nodes), re-export at a recent opset (torch.onnx.export(opset_version=17) or "
        "onnx.version_converter), add the provider that has the op (CUDAExecutionProvider for some float16 "
        "kernels), or upgrade onnxruntime when the opset is newer than it.",
        op=r"Could not find an implementation for (?:the node )?([A-Za-z][\w.]{0,80}\(\d{1,3}\))",
        weight=78,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.NotImplemented: [ONNXRuntimeError] : 9 : "
        "NOT_IMPLEMENTED : Could not find an implementation for Mul(14) node with name '/Mul_1'",
        example_source="DakeQQ/Native-LLM-for-Android#35; onnxruntime core/framework/session_state / kernel "
        "registry (the NOT_IMPLEMENTED status of a node no provider takes)",
    ),
    KnownError(
        "ort-model-too-new",
        "The model's opset or IR version is newer than this onnxruntime reads",
        r"Unsupported model IR version: \d{1,3}, max supported IR version: \d{1,3}"
        r"|ONNX Runtime only \*guarantees\* support for models stamped with official released onnx opset"
        r"|Current official support for domain [\w.]{1,60} is till opset \d{1,3}",
        "The model was written by a newer onnx / exporter than the installed onnxruntime knows: its IR version "
        "or the opset of a domain (ai.onnx, ai.onnx.ml, com.microsoft) is above what this release reads.",
        "Upgrade onnxruntime (`pip install -U onnxruntime-gpu`, or the onnxruntime package you use; C#: "
        "Microsoft.ML.OnnxRuntime) to a release whose notes list that opset and IR version; or write the model "
        "for the older runtime: export with a lower opset (torch.onnx.export(opset_version=...)) using an onnx "
        "package the runtime supports.",
        variants=(
            Variant(
                r"IR version",
                "the IR version is too new",
                "Upgrade onnxruntime to a release that reads that IR version; if you cannot, save the model with "
                "an onnx package of the runtime's era (the IR version follows the onnx package that saved it), or "
                "set `model.ir_version` to the supported value with onnx and check the model still loads.",
            ),
        ),
        weight=82,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : Load model "
        "from ./sin.onnx failed:/Users/runner/work/1/s/onnxruntime/core/graph/model.cc:182 onnxruntime::Model::Model "
        "Unsupported model IR version: 11, max supported IR version: 10",
        example_source="enpasos/jax2onnx#28; onnxruntime core/graph/model.cc (Model::Model) and "
        "core/graph/model_load_utils.h (ValidateOpsetForDomain)",
    ),
    KnownError(
        "ort-model-file-missing",
        "onnxruntime: the model file does not exist at that path (NO_SUCHFILE)",
        r"NO_SUCHFILE : |\[ErrorCode:NoSuchFile\]|Load model [^\n]{1,400} failed\. File doesn'?t exist",
        "No file exists at the path given to InferenceSession: it was never downloaded (a model step of the "
        "project's install that did not run), or the path is relative to another folder than the one the program "
        "runs in, or it holds a `~` or backslashes the OS does not expand.",
        "Check `os.path.exists(path)` with the path the message names: download the model file into that folder "
        "(the project's download script or README's model links), or pass an absolute path "
        "(`os.path.expanduser`, `pathlib.Path(__file__).parent / ...`).",
        weight=80,
        downstream=True,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.NoSuchFile: [ONNXRuntimeError] : 3 : NO_SUCHFILE : "
        "Load model from ./models/tts/maskgct/poly_bert_model.onnx failed:Load model "
        "./models/tts/maskgct/poly_bert_model.onnx failed. File doesn't exist",
        example_source="justinjohn0306/MaskGCT-Windows#7; onnxruntime core/graph/model.cc (Model::Load)",
    ),
    KnownError(
        "ort-model-unreadable",
        'onnxruntime: the model file is not an ONNX protobuf (INVALID_PROTOBUF, "Protobuf parsing failed")',
        r"INVALID_PROTOBUF ?: |\[ErrorCode:InvalidProtobuf\]|failed: ?Protobuf parsing failed"
        # the Python binding's wording ("[ONNXRuntimeError] INVALID_PROTOBUF: Failed to load ONNX model due to
        # protobuf parsing error", onnxruntime_pybind_state.cc)
        r"|protobuf parsing failed\.|Failed to load ONNX model due to protobuf parsing error",
        "The file exists but its bytes are not an ONNX model: a download that stopped, a Git LFS pointer, an "
        "HTML page saved as .onnx, another format (.bin, .pt, .engine), or a model over 2 GB whose external-data "
        "files are not beside it.",
        "Check the file: `ls -l MODEL.onnx` against its published size, `head -c 200 MODEL.onnx` (a Git LFS "
        "pointer starts 'version https://git-lfs'), then `python -c \"import onnx; onnx.checker.check_model("
        "'MODEL.onnx')\"`. Download it again (for a repository's models, `git lfs pull` or its download script); "
        "pass the .onnx, not a weights file.",
        weight=79,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.InvalidProtobuf: [ONNXRuntimeError] : 7 : "
        "INVALID_PROTOBUF : Load model from /home/mojo/commavq/models/decoder.onnx failed:Protobuf parsing failed.",
        example_source="commaai/commavq#12; onnxruntime core/graph/model.cc (Model::Load)",
    ),
    KnownError(
        "ort-node-shape-at-run",
        "onnxruntime: a node inside the model got a shape the export did not foresee (broadcast / reshape at run)",
        r"Attempting to broadcast an axis by a dimension other than 1\. ?\d{1,9} by \d{1,9}"
        r"|The input tensor cannot be reshaped to the requested shape"
        r"|axis == 1 \|\| axis == largest was false",
        "The inputs passed the model's input checks, but a node inside failed on them: the export baked a size "
        "into the graph (an attention mask or position table for N tokens or frames, a Reshape to the traced "
        "batch or image size), the input is longer than the model's maximum (512 tokens, a fixed number of audio "
        "frames), or a size is not the multiple of the network's stride it needs.",
        "Keep the inputs within what the export allows: truncate text to the model's maximum length (the "
        "tokenizer's `truncation=True, max_length=...`), cut long audio into chunks, pad images to a multiple of "
        "the stride (8 or 32), use the batch size of the export. To accept other sizes, export again with those "
        "axes dynamic and example inputs of a size that is not 1 (so no size is traced as a constant).",
        op=r"running \w{1,80} node\. Name: ?'([^'\n]{1,200})'",
        weight=76,
        applies="onnxruntime (every API and provider), InferenceSession.run",
        shown_by=(_SHOWN,),
        example="ORT error: Non-zero status code returned while running Add node. Name:'node_add_10' Status Message: "
        "BroadcastIterator::Append axis == 1 || axis == largest was false. Attempting to broadcast an axis by a "
        "dimension other than 1. 4096 by 4182",
        example_source="onnxruntime core/providers/cpu/math/element_wise_ops.h (BroadcastIterator) and "
        "core/providers/cpu/tensor/reshape_helper.h (ReshapeHelper)",
    ),
    KnownError(
        "ort-invalid-graph",
        "onnxruntime rejects the model's graph (INVALID_GRAPH: a type or shape that breaks ONNX's rules)",
        r"INVALID_GRAPH : |\[ErrorCode:InvalidGraph\]|This is an invalid model\. (?:Type Error|In Node|Error)"
        r"|Node \([^)\n]{0,200}\) Op \([\w.]{1,80}\) \[(?:Shape|Type)InferenceError\]"
        r"|Type Error: Type \(tensor\(\w{1,20}\)\) of (?:output|input) arg \([^)\n]{0,200}\) of node",
        "The model file breaks ONNX's own rules where onnxruntime checks them: a node gets a type its operator "
        "does not accept or shapes that contradict each other; usually left by a conversion after export (float16 "
        "or int8/int16 quantization, a graph edit, an exporter bug).",
        "Find the node: `python -c \"import onnx; onnx.checker.check_model(onnx.load('MODEL.onnx'), "
        "full_check=True)\"`. For a float16 conversion, convert with onnxconverter_common's "
        "`convert_float_to_float16(model, keep_io_types=True, op_block_list=[...the op named...])`; for "
        "quantization, use the QDQ format and types onnxruntime supports (int8/uint8); otherwise export again "
        "from the framework.",
        op=r"(?:of operator|Op) \(([\w.]{1,80})\)|of node \(([^)\n]{1,200})\)",
        weight=77,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.InvalidGraph: [ONNXRuntimeError] : 10 : INVALID_GRAPH "
        ": Load model from mnist_model_int8.onnx failed:This is an invalid model. Type Error: Type 'tensor(int8)' "
        "of input parameter (conv1.weight) of operator (Conv) in node (/conv1/Conv) is invalid.",
        example_source="onnxruntime core/graph/graph.cc (Graph::Resolve: 'This is an invalid model', type and shape "
        "inference errors)",
    ),
    KnownError(
        "ort-op-not-registered",
        'onnxruntime does not know a custom or contrib operator ("is not a registered function/op")',
        r"[\w.]{0,60}:?[A-Za-z]\w{0,80}\(-?\d{1,3}\) is not a registered function/op"
        r"|Fatal error: [\w.:]{1,120} is not a registered function/op",
        "The model uses an operator outside the standard domains onnxruntime registers: a custom op whose "
        "library was not registered with the session, a com.microsoft contrib op this onnxruntime release or "
        "build does not have (the model was optimised by a newer onnxruntime, onnxruntime-genai, or for another "
        "provider), or an ai.onnx.preview op.",
        "For a custom op, register its library before creating the session (`so = onnxruntime.SessionOptions(); "
        "so.register_custom_ops_library(path)`, or onnxruntime-extensions' `get_library_path()`); for a "
        "com.microsoft op, use the onnxruntime release (or the build: -gpu, -training) the model was optimised "
        "with, or export the model again without those fusions.",
        op=r"([\w.]{0,60}:?[A-Za-z]\w{0,80})\(-?\d{1,3}\) is not a registered function/op",
        weight=78,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="[ONNXRuntimeError] : 1 : FAIL : Load model from my_add.onnx failed:Fatal error: my_domain:MyAdd(-1) "
        "is not a registered function/op",
        example_source="onnxruntime core/graph/graph.cc (the resolve error for a node whose op has no schema)",
    ),
    KnownError(
        "ort-broken-install",
        "The onnxruntime module is empty or shadowed (\"module 'onnxruntime' has no attribute 'InferenceSession'\")",
        r"module 'onnxruntime' has no attribute '(?:InferenceSession|get_available_providers|SessionOptions"
        r"|get_device|set_default_logger_severity)'"
        r"|cannot import name '\w{1,60}' from 'onnxruntime' \(unknown location\)",
        "Python found an `onnxruntime` without its contents: two onnxruntime packages (onnxruntime and "
        "onnxruntime-gpu, -directml) share the module's folder, so uninstalling one removed files the other "
        "needs; or a file or folder named onnxruntime in the working directory shadows the package.",
        "Check `python -c 'import onnxruntime; print(onnxruntime.__file__)'`: rename a local onnxruntime.py or "
        "folder; otherwise `pip uninstall -y onnxruntime onnxruntime-gpu onnxruntime-directml` and install the "
        "one package you need again (`pip install onnxruntime-gpu`).",
        weight=80,
        applies="onnxruntime (every package), import",
        shown_by=(_SHOWN,),
        example="AttributeError: module 'onnxruntime' has no attribute 'InferenceSession'",
        example_source="Python's import of a namespace package left by two onnxruntime wheels sharing one folder "
        "(onnxruntime, onnxruntime-gpu wheels both install the onnxruntime module)",
    ),
    KnownError(
        "ort-directml-failure",
        "onnxruntime's DirectML provider failed in a node (MLOperatorAuthorImpl / FusedGraphKernel, an HRESULT)",
        # (also its factory, which creates the provider for a session: "providers\\dml\\dml_provider_factory.cc(520)";
        # issue 36, round fifty-one)
        r"DmlExecutionProvider[\\/]src[\\/]\w{1,60}\.cpp\(\d{1,5}\)"
        r"|providers[\\/]{1,2}dml[\\/]{1,2}dml_provider_factory\.cc\(\d{1,5}\)",
        "DirectML (Windows, any GPU vendor) rejected a node or the session: the DirectML provider needs memory "
        "patterns and parallel execution off, some operator configurations are not supported by the DirectML "
        "or driver version installed, and 887A0005 / 887A0006 mean the GPU was removed or reset (a driver "
        "timeout, often out of video memory).",
        "Create the session as the DirectML provider requires: `so.enable_mem_pattern = False` and "
        "`so.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL`; update onnxruntime-directml (it ships "
        "its DirectML) and the GPU driver; if one node still fails, run the model with CPUExecutionProvider or "
        "export it again at another opset. For 887A0005, lower the input size or batch.",
        variants=(
            # DXGI_ERROR_UNSUPPORTED from the provider's factory (issue 36, round fifty-one): the device or the
            # DirectML.dll that answered cannot do what this onnxruntime's DirectML provider asks
            Variant(
                r"887A0004|DXGI_ERROR_UNSUPPORTED",
                "the device interface or feature level is not supported (887A0004)",
                "DirectML could not be created on this GPU (887A0004 DXGI_ERROR_UNSUPPORTED): the DirectML.dll that "
                "was loaded, or the GPU's driver, is older than what this onnxruntime's DirectML provider needs. A "
                "program that loads onnxruntime.dll itself (C, C#, Go, Rust, Java bindings) picks up Windows' own "
                "DirectML.dll from System32 unless the redistributable one (the Microsoft.AI.DirectML package of the "
                "version that onnxruntime release names) sits next to onnxruntime.dll: ship that DirectML.dll with "
                "the program, update the GPU driver (a DirectX 12 feature level 11_0 or higher GPU is needed), and "
                "pick the GPU by its device id if the machine has more than one adapter.",
            ),
            Variant(
                r"887A000[56]",
                "the GPU was removed or reset",
                "The GPU reset under the session (887A0005 DXGI_ERROR_DEVICE_REMOVED / 887A0006 hung): lower the "
                "input size or batch, close other GPU programs, update the driver.",
            ),
        ),
        loose=True,
        weight=74,
        applies="onnxruntime-directml (Windows), session creation and run",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : "
        "RUNTIME_EXCEPTION : Non-zero status code returned while running Resize node. Name:'Resize_0' Status "
        "Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\dml\\DmlExecutionProvider\\src\\"
        "MLOperatorAuthorImpl.cpp(1856)\\onnxruntime_pybind11_state.pyd!00007FFF12A2ABAA: (caller: "
        "00007FFF12A2A8B5) Exception(1) tid(59c) 80070057 The parameter is incorrect.",
        example_source="hpc203/pp-yoloe-onnxrun-cpp-py#4; onnxruntime core/providers/dml/DmlExecutionProvider/src "
        "(the HRESULT of a failed DirectML call); the DirectML provider's documented session requirements",
    ),
    KnownError(
        "ort-tensorrt-libs-missing",
        "onnxruntime's TensorRT provider cannot load TensorRT (libnvinfer of the major it was built for)",
        r"Failed to load library (?:lib)?onnxruntime_providers_tensorrt\.(?:so|dll) with error: ?"
        r"(?:lib)?nv(?:infer|onnxparser)\w{0,20}"
        r"|Please install TensorRT libraries as mentioned in the GPU requirements page"
        r"|TensorRT EP could not open shared library"
        # older releases' _pybind_state.py: the whole native module fails to load on TensorRT's library (a GPU build
        # linked to TensorRT, e.g. the Jetson wheels), then "cannot import name 'RunOptions'" follows
        r"|Cannot load onnxruntime\.capi\. Error: ?'(?:lib)?nv(?:infer|onnxparser)\w{0,20}\.so\.\d{1,3}",
        "onnxruntime-gpu's TensorRT provider is a library of its own that loads TensorRT (libnvinfer.so.N / "
        "nvinfer_N.dll) of the major it was built with; that TensorRT is not installed or not on the library "
        "path, so the provider is dropped and the session runs on CUDA or the CPU.",
        "Install TensorRT of the major your onnxruntime-gpu release was built with (the number in the missing "
        "file, e.g. libnvinfer.so.10: `pip install tensorrt-cu12==10.*` or NVIDIA's TensorRT archive) and put its "
        "lib folder on LD_LIBRARY_PATH (PATH on Windows; for the wheel, the tensorrt_libs folder in site-packages); "
        "or leave TensorrtExecutionProvider out of `providers` and run on CUDAExecutionProvider.",
        # the provider's loader names the file it missed: a CUDA or cuDNN library is cuda-library-major's (the CUDA
        # provider fails on it too), and the "Please install TensorRT libraries" line that follows says nothing more
        unless=r"onnxruntime_providers_tensorrt\.(?:so|dll) with error: ?(?:lib)?"
        r"(?:cudart|cublas|cudnn|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink)"
        # torch's dispatcher finding no CUDA kernel for an op in the same log: the run's own failure, while the
        # provider's fallback ("Falling back to [...] and retrying") lets onnxruntime go on (round twenty-two)
        r"|Could not run '[\w:.]{1,120}' with arguments from the '\w{1,30}' backend",
        variants=(
            Variant(
                r"Cannot load onnxruntime\.capi",
                "the onnxruntime build itself is linked to TensorRT (a Jetson or source build)",
                "This onnxruntime build (a Jetson / JetPack wheel or a source build with the TensorRT provider "
                "linked in) was built against the TensorRT major the missing file names (libnvinfer.so.5 = TensorRT "
                "5), so the module cannot load at all and the ImportError after it (cannot import name 'RunOptions') "
                "is only its consequence; adding folders to PATH does not help. Install the onnxruntime-gpu build "
                "made for the JetPack / TensorRT on this device (NVIDIA's Jetson Zoo wheels, or build onnxruntime "
                "from source with --use_tensorrt against it), or flash the JetPack whose TensorRT the wheel expects; "
                "`dpkg -l | grep nvinfer` shows the TensorRT you have.",
            ),
        ),
        weight=92,
        applies="onnxruntime-gpu (TensorRT provider; GPU builds for Jetson linked to TensorRT), session creation "
        "and import",
        shown_by=(_SHOWN,),
        example="[E:onnxruntime:Default, provider_bridge_ort.cc:2167 TryGetProviderInfo_TensorRT] "
        "/onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1778 onnxruntime::Provider& "
        "onnxruntime::ProviderLibrary::Get() [ONNXRuntimeError] : 1 : FAIL : Failed to load library "
        "libonnxruntime_providers_tensorrt.so with error: libnvinfer.so.10: cannot open shared object file: No "
        "such file or directory",
        example_source="FocoosAI/focoos#143; onnxruntime core/session/provider_bridge_ort.cc (ProviderLibrary::Get) "
        "and python/onnxruntime_pybind_state.cc (RegisterTensorRTPluginsAsCustomOps)",
    ),
    KnownError(
        "ort-model-file-access",
        'onnxruntime could not open the model file ("failed:system error number N")',
        r"Load model from [^\n]{1,400} failed: ?system error number \d{1,4}",
        "The operating system refused to open the model file (errno N): 13 is permission denied, which on Windows "
        "also means the file is still being written (a download in progress) or held open by another program, "
        "or the path is a folder; 2 is a path that does not exist.",
        "Wait for a download to finish (or download the file again), check the path names a file and that you "
        "may read it (`ls -l`, or the file's Properties on Windows), close programs that hold it, and start the "
        "program again.",
        loose=True,
        alternatives=("ort-model-file-missing",),
        weight=75,
        applies="onnxruntime (every API), session creation",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : Load model from "
        "models\\hyperswap_1c_256.onnx failed:system error number 13",
        example_source="huygiatrng/Facefusion_comfyui#1; onnxruntime core/platform (the errno of a failed open, "
        "'system error number')",
    ),
    KnownError(
        "ort-cuda-out-of-memory",
        "onnxruntime's CUDA provider ran out of GPU memory (BFCArena / CUDA failure 2 / CUBLAS_STATUS_ALLOC_FAILED)",
        # (any refusal raised in bfc_arena.cc's AllocateRawInternal is an allocation it could not make: a paste cut
        # inside the function's signature, before "Failed to allocate memory ...", names it too; issue 36, round fifty)
        r"BFCArena::AllocateRawInternal\b"
        # the size is cut off in some pastes (a dialog's first line, an app's log that stops at the word)
        r"|Failed to allocate memory for requested buffer of size\b"
        r"|onnxruntime::CudaCall[^\n]{0,600}(?:CUDA failure 2: out of memory|CUBLAS_STATUS_ALLOC_FAILED)"
        # bfc_arena.cc's other refusal (an arena capped by gpu_mem_limit, or the device's free memory), and the
        # log line of cuda_call.cc ("CudaCall] CUDA failure 2: out of memory ... cuda_allocator.cc")
        r"|Available memory of \d{1,20} is smaller than requested bytes of \d"
        r"|\bCudaCall\][^\n]{0,100}CUDA failure 2: out of memory"
        r"|CUDA failure 2: out of memory[^\n]{0,300}providers[\\/]cuda[\\/]cuda_allocator\.cc",
        "The CUDA provider could not allocate GPU memory: the inputs (batch, image size, sequence length) need "
        "more than the card has free, or other sessions and processes hold it (each session keeps its own arena, "
        "which grows and does not shrink); cuBLAS failing to allocate its handle is the same shortage.",
        "Lower the batch or input size, close other sessions and programs on the GPU (`nvidia-smi`), and bound "
        "the arena in the CUDA provider's options: `('CUDAExecutionProvider', {'gpu_mem_limit': N, "
        "'arena_extend_strategy': 'kSameAsRequested', 'cudnn_conv_use_max_workspace': '0'})`; share one session "
        "between threads instead of one per thread. When one run of the model alone needs more than the card has "
        "(a large model on an 8 to 12 GB card fails at its first step, with nothing else on the GPU), none of that "
        "helps: use a GPU with more memory, or run it on the CPU (`providers=['CPUExecutionProvider']`).",
        variants=(
            Variant(
                r"providers=\[?'CPUExecutionProvider'\]|Applied providers: \['CPUExecutionProvider'\]",
                "the CPU provider's arena",
                "On the CPU provider this is host memory: lower the batch or input size, or turn the arena off "
                "(`so.enable_cpu_mem_arena = False`).",
            ),
        ),
        weight=86,
        applies="onnxruntime-gpu (CUDA provider), InferenceSession.run",
        shown_by=(_SHOWN,),
        example="[E:onnxruntime:, sequential_executor.cc:514 ExecuteKernel] Non-zero status code returned while "
        "running FusedConv node. Name:'stage3_unit1_conv1' Status Message: /onnxruntime_src/onnxruntime/core/"
        "framework/bfc_arena.cc:368 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, "
        "onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested "
        "buffer of size 134217728",
        example_source="onnxruntime core/framework/bfc_arena.cc (AllocateRawInternal) and "
        "core/providers/cuda/cuda_call.cc (CudaCall)",
    ),
    KnownError(
        "ort-tensorrt-ep-engine",
        "onnxruntime's TensorRT provider could not build or load a TensorRT engine",
        r"TensorRT EP (?:failed to create engine from network|could not build [Ee]ngine for fused node"
        r"|could not deserialize engine from (?:cache|binary data|\S{1,200}\.engine))",
        "TensorRT refused the subgraph the provider gave it (an op or shape TensorRT cannot build on this GPU, "
        "not enough workspace, precision flags the GPU lacks), or an engine from the cache was built by another "
        "TensorRT release or for another GPU and cannot be loaded.",
        "Read TensorRT's own lines just above (the provider logs them as [W:onnxruntime ... tensorrt_execution_"
        "provider.h ... log]) for the reason. Delete the engine cache folder (`trt_engine_cache_path`) after any "
        "TensorRT, onnxruntime or GPU change; try without `trt_fp16_enable` / `trt_int8_enable`, raise "
        "`trt_max_workspace_size`; if it still fails, list CUDAExecutionProvider alone so the model runs "
        "without TensorRT.",
        variants=(
            Variant(
                r"could not deserialize engine",
                "an engine from the cache that cannot be loaded",
                "The cached engine was built by another TensorRT release or for another GPU: delete the "
                "`trt_engine_cache_path` folder (or the _ctx.onnx's embedded engine) and let the provider build "
                "it again with the TensorRT it loads now.",
            ),
        ),
        weight=82,
        applies="onnxruntime-gpu (TensorRT provider), session creation and first run",
        shown_by=(_SHOWN,),
        example="onnxruntime.capi.onnxruntime_pybind11_state.EPFail: [ONNXRuntimeError] : 11 : EP_FAIL : "
        "TensorRT EP could not build engine for fused node: TensorrtExecutionProvider_TRTKernel_graph_tf2onnx_1_1",
        example_source="onnxruntime providers/tensorrt/tensorrt_execution_provider.cc (the EP_FAIL statuses of "
        "engine build and deserialisation)",
    ),
    KnownError(
        "ort-providers-required",
        'onnxruntime ≥ 1.9 needs the providers argument ("you are required to explicitly set the providers")',
        r"Since ORT 1\.9, you are required to explicitly set the providers parameter",
        "Since onnxruntime 1.9 a build with more than the CPU provider (onnxruntime-gpu, -directml, -openvino) "
        "raises when InferenceSession is created without `providers=`; code written for older releases (or a "
        "library pinned to them) does that.",
        "Pass the providers you want: `onnxruntime.InferenceSession(path, providers=['CUDAExecutionProvider', "
        "'CPUExecutionProvider'])` (the list the message prints is what this build has); in a library you "
        "cannot edit, upgrade it to a release that passes them.",
        weight=84,
        applies="onnxruntime 1.9 and later (GPU, DirectML, OpenVINO builds), session creation",
        shown_by=(_SHOWN,),
        example="ValueError: This ORT build has ['TensorrtExecutionProvider', 'CUDAExecutionProvider', "
        "'CPUExecutionProvider'] enabled. Since ORT 1.9, you are required to explicitly set the providers "
        "parameter when instantiating InferenceSession. For example, onnxruntime.InferenceSession(..., "
        "providers=['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider'], ...)",
        example_source="onnxruntime python/onnxruntime_inference_collection.py (_create_inference_session)",
    ),
    KnownError(
        "ort-provider-not-in-build",
        "The DirectML / OpenVINO / ROCm provider asked for is not in this onnxruntime build",
        r"Specified provider '(?:Dml|DML|OpenVINO|ROCM|ROCm|MIGraphX|QNN)ExecutionProvider' is not in "
        r"available provider names"
        # CoreML exists on Apple machines only: asked for where CUDA's provider is available it is an app's list of
        # every platform's providers, and onnxruntime skips it (issue 36, round sixty-four)
        r"|Specified provider 'CoreMLExecutionProvider' is not in available provider names(?!\.?\s{0,2}Available "
        r"providers: '[^'\n]{0,200}CUDAExecutionProvider)"
        # onnxruntime-genai names providers by their short names ("dml", "cuda") in genai_config.json
        r"|Unknown Provider Type: ?'?(?:" + _PROVIDER_SHORT_NAMES + ")",
        "Each of these providers ships in its own package (onnxruntime-directml, onnxruntime-openvino, the ROCm "
        "build); the `onnxruntime` module installed is another build, often because two onnxruntime packages are "
        "installed and the last one's files win.",
        "Remove every onnxruntime package and install the one for your provider alone: `pip uninstall -y "
        "onnxruntime onnxruntime-gpu onnxruntime-directml onnxruntime-openvino` then `pip install "
        "onnxruntime-directml` (Windows, DirectML) or `onnxruntime-openvino` (Intel); check "
        "`onnxruntime.get_available_providers()`.",
        variants=(
            Variant(
                r"GenAI|genai",
                "onnxruntime-genai",
                "onnxruntime-genai comes in one package per provider (pip: onnxruntime-genai for the CPU, "
                "onnxruntime-genai-cuda, onnxruntime-genai-directml; NuGet: Microsoft.ML.OnnxRuntimeGenAI, .Cuda, "
                ".DirectML), and a model folder is built for one provider, named in its genai_config.json: use the "
                "package for the provider the model names, or download the model's variant for your package (e.g. "
                "its cuda folder instead of the directml one).",
            ),
        ),
        severity="warns-of-failure",
        weight=86,
        applies="onnxruntime builds for DirectML, OpenVINO, ROCm, any platform",
        shown_by=(_SHOWN,),
        example="UserWarning: Specified provider 'DmlExecutionProvider' is not in available provider names."
        "Available providers: 'CPUExecutionProvider'",
        example_source="onnxruntime python/onnxruntime_inference_collection.py (the warning when a requested "
        "provider is not in get_available_providers())",
    ),
    KnownError(
        "ort-provider-name",
        "onnxruntime: Unknown Provider Type (a provider name that does not exist)",
        r"Unknown Provider Type: ?(?:'|\b)(?!" + _PROVIDER_SHORT_NAMES + r")\w{1,60}",
        "The providers list names a provider onnxruntime does not know at all (a misspelling or an invented name "
        "such as GPUExecutionProvider); provider names are exact and case-sensitive.",
        "Use the exact names: 'CUDAExecutionProvider', 'TensorrtExecutionProvider', 'DmlExecutionProvider', "
        "'CPUExecutionProvider' ...; `onnxruntime.get_available_providers()` lists those this build has, and "
        "`onnxruntime.get_all_providers()` every name onnxruntime knows.",
        op=r"Unknown Provider Type: ?'?(\w{1,60})",
        weight=86,
        applies="onnxruntime, every API (InferenceSession providers / set_providers)",
        shown_by=("tests/troubleshooting/test_round7.py::test_onnxruntime_provider_names_and_builds",),
        example="ValueError: Unknown Provider Type: GPUExecutionProvider",
        example_source="onnxruntime python/onnxruntime_pybind_state.cc (the providers check of a session)",
    ),
    KnownError(
        "ort-provider-cuda-symbol",
        "onnxruntime's CUDA / TensorRT provider library has an unresolved CUDA-library symbol (nvrtc, cuBLASLt, cuDNN)",
        r"onnxruntime_providers_(?:cuda|tensorrt)\.(?:so|dll)[^\n]{0,40}undefined symbol: "
        r"(?:nvrtc|cublasLt|cublas|cudnn|cufft|curand|cusparse|cusolver|nvJitLink|cuda|cu)[A-Z]\w{0,80}",
        "The provider library calls a function of a CUDA library (the symbol's prefix names it: nvrtc = NVRTC, "
        "cublasLt = cuBLASLt, cudnn = cuDNN) that no library loaded in the process defines: the onnxruntime build "
        "was not linked against that library (a distribution or source build that missed it: e.g. cudnn-frontend "
        "1.19+ needs NVRTC), or the library found is of another major or an older minor than the build's.",
        "Use a build that links it: update the package (a distribution's onnxruntime, nixpkgs, conda-forge: its "
        "fixed release, or report the missing link to its maintainers), or `pip install onnxruntime-gpu` for your "
        "CUDA major with the matching nvidia-*-cuXX libraries; `ldd -r libonnxruntime_providers_cuda.so | grep "
        "undefined` lists every missing symbol and `ldd` which CUDA library is picked. Preloading the library "
        "(LD_PRELOAD=libnvrtc.so.12) is a stop-gap only.",
        variants=(
            Variant(
                r"/nix/store|nixpkgs|\bnix\b",
                "nixpkgs",
                "The nixpkgs onnxruntime derivation does not link the CUDA library the symbol belongs to (e.g. "
                "CUDA::nvrtc, needed since cudnn-frontend 1.19): update the channel to the fixed derivation, or "
                "override it to add the library (cudaPackages.cuda_nvrtc) to its build inputs.",
            ),
        ),
        weight=88,
        applies="onnxruntime-gpu and source / distribution builds of onnxruntime (Linux; Windows reports a missing "
        "entry point)",
        shown_by=("tests/troubleshooting/test_round9_ort.py::test_provider_library_with_an_unresolved_cuda_symbol",),
        example="onnxruntime fails to load the CUDAExecutionProvider with an `libonnxruntime_providers_cuda.so: "
        "undefined symbol: nvrtcGetProgramLogSize` error.",
        example_source="NixOS/nixpkgs#536183; glibc's dlopen wording (elf/dl-lookup.c) for onnxruntime's provider "
        "library",
    ),
    KnownError(
        "ort-memcpy-kernel-on-cpu",
        "onnxruntime: no MemcpyFromHost / MemcpyToHost kernel on the CPU provider (a graph optimised for the GPU run "
        "without the CUDA provider)",
        r"Failed to find kernel for Memcpy(?:FromHost|ToHost)\(\d{1,3}\)[^\n]{0,120}CPUExecutionProvider",
        "The model file was optimised (saved) for a session with the CUDA provider, so its graph holds Memcpy "
        "nodes that copy between host and GPU; the session that loads it has only CPUExecutionProvider (no "
        "providers passed, the CPU onnxruntime package, or a CUDA provider that failed to load), and the CPU "
        "provider has no kernel for those nodes.",
        "Create the session with the CUDA provider: `InferenceSession(path, providers=['CUDAExecutionProvider', "
        "'CPUExecutionProvider'])` with onnxruntime-gpu installed alone (not beside the CPU onnxruntime package), "
        "and check `get_providers()`; to run on the CPU, use the un-optimised model or optimise it again for the "
        "CPU (offline optimisation writes graphs for the providers of the session that saved them).",
        variants=(
            Variant(
                r"optimum|ORTModel",
                "Hugging Face optimum",
                "optimum's ORTModel* loaded on CUDA without a provider makes a CPU session: pass "
                "`provider='CUDAExecutionProvider'` to `from_pretrained` (or `optimum.onnxruntime.utils."
                "get_provider_for_device(device)`) with onnxruntime-gpu installed, or load the model optimised for "
                "the CPU.",
            ),
        ),
        alternatives=("ort-provider-fallback",),
        weight=86,
        applies="onnxruntime (CPU provider) with a model saved by a CUDA-provider session (optimum, "
        "SessionOptions.optimized_model_filepath)",
        shown_by=("tests/troubleshooting/test_round19_v19ort.py::test_onnxruntime_provider_wordings",),
        example="onnxruntime.capi.onnxruntime_pybind11_state.NotImplemented: [ONNXRuntimeError] : 9 : "
        "NOT_IMPLEMENTED : Failed to find kernel for MemcpyFromHost(1) (node:'Memcpy' ep:'CPUExecutionProvider'). "
        "Kernel not found",
        example_source="davidberenstein1957/fast-sentence-transformers#23; onnxruntime core/framework/"
        "kernel_registry / session_state (the NOT_IMPLEMENTED of a node whose provider has no kernel)",
    ),
    # ---- issue 36, round thirty-two: the JavaScript API asked for a backend its package does not register ---------
    KnownError(
        "ort-js-backend-not-found",
        "onnxruntime's JavaScript API: no available backend found. ERR: [cuda] backend not found (the package in use "
        "has no such execution provider)",
        # onnxruntime-common's backend-impl (resolveBackendAndExecutionProviders / tryResolveAndInitializeBackend):
        # "no available backend found. ERR: [<name>] <reason>", the reason "backend not found." when no backend of
        # that name was registered; WebGPU's own is edge_devices' web-webgpu-unavailable
        r"\[(?!webgpu\])(\w{2,24})\] backend not found",
        "InferenceSession.create was asked for an execution provider that the onnxruntime JavaScript package loaded "
        "here does not register: onnxruntime-web has only browser backends (wasm, webgpu, webgl, webnn), and "
        "onnxruntime-node's prebuilt binaries have cpu everywhere, dml on Windows, coreml on macOS and cuda / "
        "tensorrt only on Linux x64 (with its CUDA binaries installed). An app that bundles onnxruntime (an Electron "
        "desktop app) fails this way when its setting still names a provider its current build dropped or never had.",
        "Ask for a provider the package has: `executionProviders: ['cpu']` (Node), 'dml' on Windows, 'webgpu' or "
        "'wasm' in a browser, or list several so onnxruntime falls back (`['cuda', 'cpu']`). In a desktop app, switch "
        "its AI / inference backend setting to CPU, DirectML or WebGPU (whichever it lists). For CUDA from Node, use "
        "onnxruntime-node on Linux x64 with its CUDA binaries (installed with the package unless "
        "--onnxruntime-node-install-cuda=skip was passed) and the CUDA / cuDNN release its README names; on Windows "
        "the prebuilt onnxruntime-node has no CUDA provider (DirectML instead, or a build from source).",
        op=r"\[(?!webgpu\])(\w{2,24})\] backend not found",
        weight=84,
        applies="onnxruntime-node / onnxruntime-web (onnxruntime-common's backend registry), apps that bundle them",
        shown_by=("tests/troubleshooting/test_round32_v32vision.py::test_the_js_api_without_the_backend_asked_for",),
        example="Error: no available backend found. ERR: [cuda] backend not found.",
        example_source="onnxruntime js/common/lib/backend-impl.ts (resolveBackendAndExecutionProviders: 'no "
        "available backend found. ERR: ...'; 'backend not found.' for a name no backend registered); "
        "onnxruntime-node's README (its prebuilt providers per platform)",
    ),
)
