"""Export and quantization families: getting a model out of PyTorch (torch.onnx.export, its TorchScript and dynamo
exporters, torch.export, torch.jit), the ONNX tools that check and rewrite the file (onnx.checker, shape inference,
onnx-simplifier, onnx-graphsurgeon, onnxconverter-common's float16) and the quantization libraries (NVIDIA modelopt,
pytorch-quantization). They sit beside the core rows `onnx-export-unsupported-op`, `data-dependent-guard`,
`export-constraint-violation`, `pytree-unregistered-type`, `unsupported-operator` and `int8-calibration`, which keep
their texts; a row here is a narrower class with its own fix, keyed to the library's own wording (the op, the opset,
the file are read from the text, never written into a pattern). Sample set: ``tests/data/explain_round6_export.jsonl``.
"""

from __future__ import annotations

from ..entry import KOHYA, KnownError, Variant

_TEST = "tests/troubleshooting/test_round6_export.py::"

#: text that shows an export (torch.export, the ONNX exporters, dynamo's export mode, torch_tensorrt's frontends)
_EXPORT_CONTEXT = (
    r"torch[\\/]export[\\/]|torch\.export|torch\._export|dynamo_export|_dynamo\.export|torch[\\/]onnx[\\/]"
    r"|torch\.onnx|export_for_training|during export|torch_tensorrt|ExportedProgram"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "export-onnx-python-op",
        "torch.onnx.export meets a torch.autograd.Function (a Python op) that has no ONNX symbolic",
        r"Couldn[’']t export Python operator \w{1,80}|Could not export Python function \w{1,80}",
        "The TorchScript exporter records a custom torch.autograd.Function as one opaque prim::PythonOp and can "
        "translate it only when the Function defines a `symbolic` method; memory-saving activations (EfficientNet's "
        "Swish, checkpointing wrappers) are such Functions, so no opset helps.",
        "Export the model's exportable variant: most libraries ship one (EfficientNet-PyTorch: "
        "model.set_swish(memory_efficient=False); timm / geffnet: create the model with exportable=True; EfficientDet "
        "ports: onnx_export=True in every sub-module) — or give the Function a `@staticmethod symbolic(g, *args)` "
        "that emits ONNX ops, or export with torch.onnx.export(..., dynamo=True), which traces through the Function "
        "into aten ops.",
        op=r"Couldn[’']t export Python operator (\w{1,80})|Could not export Python function (\w{1,80})",
        weight=80,
        applies="torch.onnx.export's TorchScript exporter (dynamo=False), every torch release",
        shown_by=(_TEST + "test_onnx_exporter_classes_in_torch_wording",),
        example="RuntimeError: ONNX export failed: Couldn't export Python operator SwishJitAutoFn",
        example_source="lukemelas/EfficientNet-PyTorch issue 199 (torch/csrc/jit/passes/onnx.cpp: 'Couldn't export "
        "Python operator <name>')",
    ),
    KnownError(
        "export-onnx-no-symbolic-case",
        "torch.onnx.export has the op, but not for these arguments (symbolic_helper's 'Unsupported: ONNX export of')",
        r"Unsupported: ONNX export of (?:operator )?\w{1,80}|ONNX export failed on \w{1,80} because [^\n]{1,160}"
        r" not supported",
        "The op's ONNX translation covers only some of its arguments (the text says which: adaptive pooling whose "
        "output size does not divide the input size, a size that is not known when tracing, a mode ONNX lacks); "
        "the exporter stops there.",
        "Give the op arguments its translation covers: compute sizes from static shapes (export with fixed input "
        "sizes for that dimension), replace the op with an exportable equivalent (adaptive_avg_pool2d -> "
        "nn.AvgPool2d with kernel = stride = input_size // output_size when it divides), try a newer opset_version, "
        "or export with torch.onnx.export(..., dynamo=True), whose translations cover more cases.",
        op=r"Unsupported: ONNX export of (?:operator )?(\w{1,80})|ONNX export failed on (\w{1,80}) because",
        weight=76,
        applies="torch.onnx.export's TorchScript exporter (torch/onnx/symbolic_helper.py _unimplemented / "
        "_onnx_unsupported)",
        shown_by=(_TEST + "test_onnx_exporter_classes_in_torch_wording",),
        example="RuntimeError: Unsupported: ONNX export of operator adaptive_avg_pool2d, since output size is not "
        "factor of input size. Please feel free to request support or submit a pull request on PyTorch GitHub.",
        example_source="torch/onnx/symbolic_helper.py (_onnx_unsupported: 'Unsupported: ONNX export of operator "
        "<op>, <reason>'), as reported in pytorch/pytorch issue 81551",
    ),
    KnownError(
        "export-onnx-opset-unsupported",
        "The installed torch cannot export the requested ONNX opset",
        r"Unsupported ONNX opset version:? \d{1,3}\b",
        "Each torch release exports a fixed range of ONNX opsets (torch.onnx._constants.ONNX_MIN_OPSET .. "
        "ONNX_MAX_OPSET); the opset_version asked for (by you or by the tool's default) is outside the installed "
        "torch's range.",
        "Export with an opset the installed torch supports (opset_version=N with N <= the torch's maximum; the "
        "consumer must read it too: TensorRT's parser and onnxruntime have their own maximum), or upgrade torch to "
        "a release that knows the opset the tool asks for (the tool's --opset option lowers it).",
        weight=78,
        applies="torch.onnx.export (torch/onnx/_globals.py: 'Unsupported ONNX opset version: N'), every release",
        shown_by=(_TEST + "test_onnx_exporter_classes_in_torch_wording",),
        example="ValueError: Unsupported ONNX opset version: 17",
        example_source="vietanhdev/samexporter issue 3 (torch/onnx/_globals.py export_onnx_opset_version setter)",
    ),
    KnownError(
        "export-onnx-ir-version",
        "The model's IR version does not fit the onnx package that checks it (newer than the checker; or a header "
        "too old for its opset_import)",
        r"ir_version(?: \d{1,3})? is higher than the checker's|does not have an ir_version set properly"
        r"|model with IR version [<>]=? ?\d{1,2},? (?:cannot have|must specify) opset_import",
        "An ONNX file records the IR version of the onnx library that wrote it; an older onnx (checker, "
        "onnx-simplifier, a converter pinned to an old onnx) refuses a newer IR version. A model with no "
        "ir_version at all is not an ONNX model (a TensorFlow .pb, an empty or Git LFS pointer file); a header "
        "whose IR version does not fit its opset_import (below 3 with opsets declared) is a file to re-export.",
        "Upgrade the onnx package where the check runs (pip install -U onnx, or onnx-simplifier with "
        "--upgrade-strategy eager) so it knows the model's IR version; where the consumer must stay old, export for "
        "it (an older torch / opset) or lower model.ir_version with onnx.version_converter when the ops allow.",
        variants=(
            # issue 36, round forty-six: the other direction, onnx/checker.cc's rule on a header whose IR version
            # does not fit its opset_import ("model with IR version < 3 cannot have opset_import specified"): the
            # file itself is inconsistent, so upgrading onnx does not help
            Variant(
                r"model with IR version < ?3,? cannot have opset_import",
                "an IR version too old for the opset_import the model declares",
                "The file's header is inconsistent, not too new: it declares an IR version below 3 and also "
                "opset_import entries (a file written by a very old or mismatched exporter, an ir_version set by "
                "hand, or a file that is not the intended model), so upgrading onnx does not help. Re-export the "
                "model with a current exporter and onnx package (torch.onnx.export, tf2onnx), or repair the field "
                "(`m = onnx.load(path)`; set m.ir_version to the IR version that goes with its opset, as "
                "onnx.helper.VERSION_TABLE lists; `onnx.save(m, path)`), check it with "
                "onnx.checker.check_model(path), then convert it.",
                strict=True,
            ),
            Variant(
                r"model with IR version >= ?3,? must specify opset_import",
                "no opset_import in a model of IR version 3 or newer",
                "The model declares no operator set: a graph built by hand (onnx.helper.make_model without "
                "opset_imports) or a tool that dropped it. Give it one: `onnx.helper.make_model(graph, "
                "opset_imports=[onnx.helper.make_opsetid('', N)])` (N: the opset its ops were written for), or "
                "re-export it with a current exporter; then check it with onnx.checker.check_model.",
                strict=True,
            ),
            Variant(
                r"does not have an ir_version",
                "no ir_version in the file",
                "The file loaded is not an ONNX model (a TensorFlow .pb, a truncated download, a Git LFS pointer): "
                "pass the .onnx file itself (git lfs pull; check its size), or convert the other format first.",
            ),
        ),
        weight=80,
        applies="onnx.checker / onnx.shape_inference and the tools built on them (onnx-simplifier, converters)",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.checker.ValidationError: Your model ir_version is higher than the checker's.",
        example_source="onnxsim/onnxsim issue 2 (onnx/checker.cc: 'Your model ir_version is higher than the "
        "checker's')",
    ),
    KnownError(
        "export-onnx-initializer-not-input",
        "An old onnx checks a model whose weights are not graph inputs (IR version 4+ layout)",
        r"[\w.:/-]{1,200} in initializer but not in graph input",
        "From IR version 4 an initializer need not be listed among the graph inputs (torch exports that way by "
        "default); an onnx older than the model's IR version, or a model marked IR < 4, still requires it.",
        "Upgrade onnx where the check runs (pip install -U onnx onnx-simplifier); for a consumer that needs the old "
        "layout, export with torch.onnx.export(..., keep_initializers_as_inputs=True).",
        weight=74,
        applies="onnx.checker (IR version < 4 rule), torch.onnx.export 1.5+",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.checker.ValidationError: 126 in initializer but not in graph input",
        example_source="onnxsim/onnxsim issue 62 (onnx/checker.cc check_graph)",
    ),
    KnownError(
        "export-onnx-2gb",
        "The ONNX model is over protobuf's 2 GB limit and was not saved with external data",
        r"ModelProto exceeds maximum protobuf size of 2GB|exceeds? maximum protobuf size of 2GB"
        r"|larger than the 2GiB limit imposed by the protobuf library|protobuf of onnx model is too large \(>2GB\)",
        "One protobuf message cannot exceed 2 GB, so a large model's weights must live in an external data file "
        "beside the .onnx; the model was serialised in one piece (onnx.save without external data, torch.onnx.export "
        "to a file-like object, check_model given the proto instead of the path).",
        "Save the weights as external data: onnx.save_model(model, 'model.onnx', save_as_external_data=True, "
        "all_tensors_to_one_file=True, location='model.onnx.data'); torch.onnx.export to a file path, not a BytesIO "
        "(torch writes external data itself; torch < 1.10: use_external_data_format=True); check with "
        "onnx.checker.check_model('model.onnx') (the path); onnx-simplifier needs its large-model mode. Keep the "
        ".data file beside the .onnx when you copy it (trtexec and onnxruntime read it relative to the model).",
        requires=r"onnx",
        weight=84,
        applies="onnx, torch.onnx.export, onnx-simplifier and optimizers that save the model, every release",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="ValueError: Message onnx.ModelProto exceeds maximum protobuf size of 2GB: 2275856217",
        example_source="luchangli03/onnxsim_large_model issue 5 (protobuf's SerializeToString limit, via onnx.save)",
    ),
    KnownError(
        "export-onnxsim-optimizer",
        "onnx-simplifier's optimizer pass (onnx-optimizer) fails on the graph",
        r"onnxoptimizer[\\/]passes[\\/][\w.]{1,80}:\d{1,6}: runTransform: Assertion"
        r"|Simplified ONNX model could not be validated",
        "onnx-simplifier runs onnx-optimizer's passes after constant folding; one pass asserts on a pattern in this "
        "graph (the message names the pass). The exported model itself is usually fine.",
        "Simplify without the optimizer (onnxsim.simplify(model, perform_optimization=False) / onnxsim "
        "--skip-optimization) or skip the pass named (skipped_optimizers=['<pass>']), upgrade onnxsim, or use the "
        "unsimplified model (TensorRT's parser and onnxruntime fold constants themselves).",
        op=r"passes[\\/](\w{1,80})\.h",
        weight=78,
        applies="onnx-simplifier (onnxsim) 0.3+, which bundles onnx-optimizer",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="RuntimeError: /project/third_party/onnx-optimizer/onnxoptimizer/passes/eliminate_shape_gather.h:48: "
        "runTransform: Assertion 'indices_val < dims.size()' failed.",
        example_source="Xiaobin-Rong/gtcrn issue 3 (onnx-optimizer's pass assertions)",
    ),
    KnownError(
        "export-onnx-not-toposorted",
        "The ONNX graph's nodes are not in topological order (a node reads a tensor made later)",
        r"Nodes in a graph must be topologically sorted",
        "ONNX requires each node to come after the nodes that produce its inputs; a graph edit (an editor, a "
        "graph-surgery script, a converter or quantizer pass) appended nodes out of order, so onnx.checker and the "
        "tools that call it (onnx-simplifier) reject the file.",
        "Sort the graph before saving: with onnx-graphsurgeon, graph = gs.import_onnx(model); "
        "graph.cleanup().toposort(); onnx.save(gs.export_onnx(graph), path). If the exporter itself wrote it, "
        "re-export (another opset or torch release) and report it to the tool that edited the graph.",
        op=r"however input '([^'\n]{1,200})'",
        weight=78,
        applies="onnx.checker and everything that calls it (onnx-simplifier, modelopt's ONNX quantizer)",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.checker.ValidationError: Nodes in a graph must be topologically sorted, "
        "however input 'onnx::Cast_582' of node: ",
        example_source="NVIDIA/DL4AGX issue 88 (onnx/checker.cc check_graph)",
    ),
    KnownError(
        "export-onnx-duplicate-names",
        "Two nodes of the ONNX graph write a tensor of the same name",
        r"Graph must be in single static assignment \(SSA\) form"
        r"|Cycle detected in graph! Are there tensors with duplicate names",
        "Every tensor name in an ONNX graph may be produced once (SSA form); a merge of two graphs, a renaming "
        "script or a graph edit gave two outputs the same name.",
        "Give the tensors unique names before saving (onnx-graphsurgeon: rename the duplicated Variable, then "
        "graph.cleanup().toposort(); onnx.compose.add_prefix when merging graphs), or re-export from PyTorch "
        "instead of editing the file.",
        op=r"however '([^'\n]{1,200})' has been used",
        weight=76,
        applies="onnx.checker, onnx-graphsurgeon's toposort",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.checker.ValidationError: Graph must be in single static assignment (SSA) "
        "form, however '592' has been used as output names multiple times.",
        example_source="onnxsim/onnxsim issue 53 (onnx/checker.cc check_graph)",
    ),
    KnownError(
        "export-onnx-shape-inference",
        "ONNX shape inference finds the shapes stored in the model inconsistent with a node",
        r"Inferred shape and existing shape differ in (?:rank|dimension)",
        "The model carries shapes (graph outputs, value_info) that contradict what ONNX computes for the node named: "
        "an input was edited (made dynamic, resized) without its dependent shapes, a converter wrote a wrong shape, "
        "or an onnx older than 1.8 misread initializers that are not inputs.",
        "Drop the stale shapes and infer again: del model.graph.value_info[:] (and clear the dims of outputs you "
        "edited), then onnx.shape_inference.infer_shapes(model); change inputs with the tool that re-derives shapes "
        "(onnx-graphsurgeon, or re-export with dynamic_axes / dynamic_shapes) instead of editing dims by hand; "
        "upgrade onnx if it is older than 1.8.",
        op=r"node name: ([^)\n]{1,200})\)",
        weight=76,
        applies="onnx.shape_inference and the tools that run it (onnx-simplifier, onnxruntime's quantizer)",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.shape_inference.InferenceError: [ShapeInferenceError] (op_type:Tile, node "
        "name: p2o.Tile.3): [ShapeInferenceError] Inferred shape and existing shape differ in rank: (0) vs (1)",
        example_source="zzz3bbb3/RT-DETR-Deploy issue 2 (onnx/defs/shape_inference.h mergeInShapeInfo)",
    ),
    KnownError(
        "export-fp16-conversion",
        "A half-converted FP16 ONNX model: float16 and float32 meet at a node",
        r"tensor\(float16\)\)? (?:of [^\n]{1,200} )?(?:does not match expected type|but usage of initializer in "
        r"graph expects) \(?tensor\(float\)|tensor\(float\)\)? of [^\n]{1,200}does not match expected type "
        r"\(tensor\(float16\)|The downstream node of the second cast node should be graph output",
        "A float32 -> float16 conversion of the file (onnxconverter-common's convert_float_to_float16, "
        "onnxmltools) changed some tensors but not their consumers: a Cast to float, a Resize's scales, an "
        "initializer shared with a blocked op kept float32, so the model no longer type-checks.",
        "Convert again keeping the boundary types and blocking the op named: "
        "convert_float_to_float16(model, keep_io_types=True, op_block_list=['<op type>'], node_block_list=["
        "'<node>']), or use onnxconverter-common's auto_mixed_precision; or keep the model FP32 and let the runtime "
        "build FP16 (trtexec --fp16, torch_tensorrt enabled_precisions / modelopt), or export from a .half() "
        "PyTorch model.",
        op=r"of node \(([^)\n]{1,200})\)|initializer '([^'\n]{1,200})'",
        weight=79,
        applies="onnxconverter-common / onnxmltools float16 conversion, any consumer that type-checks the graph",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="Load model failed:Type Error: Type (tensor(float16)) of output arg (_to_copy) of node "
        "(node__to_copy) does not match expected type (tensor(float)).",
        example_source="microsoft/onnxconverter-common issue 320",
    ),
    KnownError(
        "export-onnxscript-missing",
        "torch's dynamo ONNX exporter needs onnxscript (and onnx), which are not installed",
        r"No module named '?onnx(?:script|_ir)?'?(?![\w.])",
        "torch.onnx.export(..., dynamo=True) (the default from torch 2.9) and torch.onnx.dynamo_export build the "
        "graph with onnxscript and onnx, which are optional: torch does not install them.",
        "pip install onnxscript onnx (in the same environment as torch), or export with the TorchScript exporter: "
        "torch.onnx.export(..., dynamo=False).",
        requires=r"onnxscript|torch[\\/]onnx[\\/]|torch\.onnx|dynamo=True|dynamo_export",
        weight=82,
        applies="torch 2.5+ (dynamo=True; the default from 2.9)",
        shown_by=(_TEST + "test_torch_export_and_dynamo_exporter_classes",),
        example="    import onnxscript\nModuleNotFoundError: No module named 'onnxscript'",
        example_source="torch/onnx/_internal/exporter/_core.py (imports onnxscript at module level), as reported in "
        "ultralytics/ultralytics issue 20348",
    ),
    KnownError(
        "export-onnx-dynamo-failed",
        "torch's dynamo ONNX exporter failed in one of its steps (torch.export, decomposition, translation)",
        r"Failed to export the model with torch\.export|This is step [123]/3 of exporting the model to ONNX"
        r"|Failed to convert the exported program to an ONNX model|Failed to decompose the FX graph"
        r"|OnnxExporterError: Failed to export the model to ONNX|Failed to export the model to ONNX\. Generating SARIF",
        "torch.onnx.export(..., dynamo=True) — the default from torch 2.9 — first runs torch.export, then "
        "decomposes and translates the graph with onnxscript; the step named failed, and the 'Exception summary' "
        "(or the SARIF report) holds the real cause.",
        "Read the cause under 'Exception summary' and fix that (torch.export.export(model, args, strict=False) "
        "reproduces step 1/3 alone); a model torch.export cannot take exports with the TorchScript exporter: "
        "torch.onnx.export(..., dynamo=False). A translation failure (step 2/3 or 3/3): upgrade torch and "
        "onnxscript, or give the op a custom_translation_table entry.",
        weight=55,
        applies="torch 2.1+ dynamo exporters (dynamo_export, then torch.onnx.export(dynamo=True))",
        shown_by=(_TEST + "test_torch_export_and_dynamo_exporter_classes",),
        example="TorchExportError: Failed to export the model with torch.export. This is step 1/3 of exporting the "
        "model to ONNX.",
        example_source="pasteurlabs/tesseract-core issue 425 (torch/onnx/_internal/exporter/_capture_strategies.py "
        "and _errors.py)",
    ),
    KnownError(
        "export-dynamo-unsupported",
        "Strict export (dynamo's tracer) cannot trace a construct in forward",
        r"torch\._dynamo\.exc\.Unsupported: [^\n]{1,200}|Mutating module attribute \w{1,80} during export",
        "torch.export in strict mode (and torch._dynamo.export, the first ONNX dynamo exporter) traces Python "
        "bytecode with dynamo, which refuses some constructs: calls into skipped libraries, user objects it cannot "
        "model, attributes assigned inside forward.",
        "Export non-strict — torch.export.export(model, args, strict=False) runs forward in Python and records the "
        "tensor ops (torchtrt_compat.compile exports that way) — or change the construct the message names (keep "
        "state in registered buffers, return it instead of assigning self.<attr>; call the library outside "
        "forward). For ONNX, torch.onnx.export(..., dynamo=True) on a recent torch tries non-strict itself, or use "
        "dynamo=False.",
        requires=_EXPORT_CONTEXT,
        op=r"Mutating module attribute (\w{1,80})",
        weight=66,
        applies="torch.export(strict=True), torch._dynamo.export, torch.onnx.dynamo_export; torch 2.1+",
        shown_by=(_TEST + "test_torch_export_and_dynamo_exporter_classes",),
        example="AssertionError: Mutating module attribute _seen_tokens during export.",
        example_source="torch/_dynamo/symbolic_convert.py (STORE_ATTR under export: 'Mutating module attribute "
        "<name> during export.')",
    ),
    KnownError(
        "export-trace-input-type",
        "torch.jit.trace (and the TorchScript ONNX exporter) got a non-tensor input or output",
        r"Only tuples, lists and Variables are supported as JIT inputs/outputs",
        "Tracing flattens forward's arguments and results into tensors; a numpy array, a custom object or a "
        "model-output class (a Hugging Face ModelOutput, a BatchEncoding) is none of tuple, list, dict or tensor.",
        "Pass and return tensors: torch.from_numpy for arrays, unpack the tokenizer's BatchEncoding into tensors, "
        "return tuples (Hugging Face: return_dict=False or torchscript=True), or wrap the model in a module whose "
        "forward takes and returns tensors; torch.export and torch.onnx.export(..., dynamo=True) accept registered "
        "pytree classes.",
        op=r"received an input of unsupported type: ([\w.]{1,80})",
        weight=78,
        applies="torch.jit.trace, torch.onnx.export(dynamo=False), torch_tensorrt ir='ts' via tracing",
        shown_by=(_TEST + "test_torch_export_and_dynamo_exporter_classes",),
        example="RuntimeError: Only tuples, lists and Variables are supported as JIT inputs/outputs. Dictionaries "
        "and strings are also accepted, but their usage is not recommended. Here, received an input of unsupported "
        "type: numpy.ndarray",
        example_source="torch/csrc/jit/python/pybind_utils (toTraceableStack / flatten: the message), as pasted in "
        "mmdet scrfd2onnx reports",
    ),
    KnownError(
        "export-ts-script-op",
        "TorchScript scripting has no overload of an op for these argument types",
        r"We don't have an op for aten::\w{1,80} but it isn't a special case",
        "torch.jit.script types Python expressions in forward; an int // int, a % on ints or a similar expression "
        "has no TorchScript overload for those types. torch_tensorrt's TorchScript frontend (ir='ts', the default "
        "of old releases for an nn.Module) scripts the model and fails there.",
        "Compile with the dynamo frontend (torch_tensorrt.compile(model, ir='dynamo', ...) or torchtrt_compat."
        "compile), or trace instead of scripting (torch.jit.trace), or write the expression with tensor ops "
        "(torch.div(a, b, rounding_mode='floor')).",
        op=r"We don't have an op for (aten::\w{1,80})",
        weight=78,
        applies="torch.jit.script; torch_tensorrt ir='ts' and TorchScript-based tools",
        shown_by=(_TEST + "test_quantization_and_torch_tensorrt_frontends",),
        example='RuntimeError: 0 INTERNAL ASSERT FAILED at "../torch/csrc/jit/ir/alias_analysis.cpp":615, please '
        "report a bug to PyTorch. We don't have an op for aten::floor_divide but it isn't a special case.  Argument "
        "types: int, int, ",
        example_source="facebookresearch/segment-anything issue 446 (torch/csrc/jit/ir/alias_analysis.cpp)",
    ),
    KnownError(
        "export-symbolic-needs-constant",
        "An ONNX symbolic needs a constant argument but got a value computed in the graph",
        r"Expected node type 'onnx::Constant' for argument '\w{1,80}'|Failed to export (?:an )?ONNX attribute "
        r"'[\w:]{1,80}', since it's not constant",
        "The op's ONNX translation takes this argument as an attribute (a kernel size, an interpolation size, a "
        "quantizer's scale or amax), so it must be a constant when exporting; here it is computed from a tensor in "
        "forward (a shape read at run time, an amax reduced on the fly).",
        "Make the argument a constant for export: compute sizes from static shapes or Python ints, calibrate "
        "quantizers first so their amax is a stored value (modelopt / pytorch-quantization: run calibration, then "
        "export), keep do_constant_folding=True — or export with torch.onnx.export(..., dynamo=True).",
        op=r"for argument '(\w{1,80})'|ONNX attribute '([\w:]{1,80})'",
        weight=76,
        applies="torch.onnx.export's TorchScript exporter (torch/onnx/symbolic_helper.py _parse_arg / _get_const)",
        shown_by=(_TEST + "test_quantization_and_torch_tensorrt_frontends",),
        example="torch.onnx.errors.SymbolicValueError: Expected node type 'onnx::Constant' for argument 'amax' of "
        "node 'symbolic', got 'onnx::Max'.",
        example_source="NVIDIA/Model-Optimizer issue 621 (torch/onnx/symbolic_helper.py _parse_arg)",
    ),
    KnownError(
        "export-quant-package-missing",
        "The quantization library is not installed (its pip name differs from its import name)",
        r"No module named '?(?:modelopt|pytorch_quantization)(?:['.\"]|$)",
        "NVIDIA's quantization libraries install under other names than they import as: `modelopt` comes from the "
        "nvidia-modelopt package, `pytorch_quantization` from NVIDIA's pytorch-quantization wheel (NVIDIA's pip "
        "index; it is deprecated in favour of modelopt).",
        "pip install 'nvidia-modelopt[torch]' (import modelopt.torch.quantization as mtq); for old "
        "pytorch_quantization code, install pytorch-quantization from NVIDIA's pip index or port it to modelopt.",
        variants=(
            Variant(
                r"pytorch_quantization",
                "pytorch-quantization",
                "pytorch_quantization comes from NVIDIA's pytorch-quantization wheel: pip install pytorch-quantization "
                "with NVIDIA's pip index as --extra-index-url; it is deprecated, so new code should use "
                "nvidia-modelopt (modelopt.torch.quantization).",
            ),
        ),
        op=r"No module named '?((?:modelopt|pytorch_quantization)[\w.]{0,80})",
        weight=84,
        applies="NVIDIA modelopt, pytorch-quantization; every release",
        shown_by=(_TEST + "test_quantization_and_torch_tensorrt_frontends",),
        example="ModuleNotFoundError: No module named 'modelopt'",
        example_source="Python's import error for modelopt (registry metadata of nvidia-modelopt: the distribution "
        "installs the top-level package modelopt)",
    ),
    KnownError(
        "export-modelopt-calibrator",
        "modelopt's calibration could not finish (an unsupported calibrator, or no data ran)",
        r"modelopt[\\/.]torch[\\/.]quantization[\\/.]model_calib[\w\\/.]{0,40}(?:finish_stats_collection|"
        r"max_calibrate)",
        "mtq.quantize calibrates every quantizer with the calibrator its config names; finish_stats_collection "
        "asserts when a quantizer's calibrator is not one the algorithm supports (e.g. 'histogram' under max "
        "calibration) or collected nothing (forward_loop never ran the model).",
        "Use a supported config: start from a preset (mtq.INT8_DEFAULT_CFG, mtq.FP8_DEFAULT_CFG) and change only "
        "num_bits / axis; keep the quantizers' calibrator 'max' with algorithm 'max' (or an algorithm modelopt "
        "lists); make sure forward_loop(model) runs representative batches through the model it is given.",
        weight=74,
        applies="NVIDIA modelopt (modelopt.torch.quantization)",
        shown_by=(_TEST + "test_quantization_and_torch_tensorrt_frontends",),
        example='  File "modelopt/torch/quantization/model_calib.py", line 909, in modelopt.torch.quantization.'
        "model_calib.finish_stats_collection",
        example_source="NVIDIA/Model-Optimizer issue 63",
    ),
    KnownError(
        "export-calibrator-saw-no-data",
        "A quantizer's calibrator saw no tensor, so its amax is missing (NaN)",
        r"Calibrator returned None\. This usually happens when calibrator hasn't seen any|Calibrator not created\.",
        "pytorch-quantization's and modelopt's TensorQuantizer.load_calib_amax reads the range its calibrator "
        "collected; none was collected because calibration never ran through that quantizer (calibration was not "
        "enabled during the forward passes, the loop ran no batch, or the module is never called in forward), so "
        "amax becomes NaN and the quantized model outputs NaN.",
        "Run calibration through every quantizer: pytorch-quantization — for each TensorQuantizer disable_quant() "
        "and enable_calib(), run representative batches, then load_calib_amax(), enable_quant(), disable_calib(); "
        "modelopt — mtq.quantize(model, config, forward_loop) with a forward_loop that calls the model it is given on "
        "real batches. Quantizers of modules forward never calls can be disabled (or load_calib_amax(strict=False)).",
        weight=80,
        applies="pytorch-quantization and NVIDIA modelopt (TensorQuantizer.load_calib_amax)",
        shown_by=(_TEST + "test_quantization_and_torch_tensorrt_frontends",),
        example="WARNING: Calibrator returned None. This usually happens when calibrator hasn't seen any tensor.",
        example_source="pytorch_quantization/nn/modules/tensor_quantizer.py load_calib_amax (the same text in "
        "modelopt's TensorQuantizer)",
    ),
    KnownError(
        "export-onnx-opset-mismatch",
        "An ONNX node has an attribute its opset does not define (opset changed by hand, or mixed opsets)",
        r"Unrecognized attribute: \w{1,80} for operator \w{1,80}",
        "ONNX ops change between opsets (ReduceMean's axes, Split's split, Squeeze's axes moved from attribute to "
        "input); the model's opset_import says one opset while the node was written for another — usually after "
        "editing model.opset_import by hand or inserting nodes made for another opset.",
        "Change opsets with the converter, not by hand: onnx.version_converter.convert_version(model, N), or "
        "re-export from PyTorch with opset_version=N; nodes you add must follow the model's opset (onnx-graphsurgeon "
        "graph.opset).",
        op=r"for operator (\w{1,80})",
        weight=76,
        applies="onnx.checker / shape inference and the tools that run them",
        shown_by=(_TEST + "test_onnx_tools_in_their_own_words",),
        example="onnx.onnx_cpp2py_export.checker.ValidationError: Unrecognized attribute: axes for operator ReduceMean",
        example_source="onnx/defs/schema.cc (OpSchema::Verify: 'Unrecognized attribute: <name> for operator <op>')",
    ),
    KnownError(
        "export-onnx-dynamic-axes-name",
        "torch.onnx.export ignores a dynamic_axes key that names no input or output",
        r"Provided key \S{1,120} for dynamic axes is not a valid input/output name",
        "dynamic_axes is keyed by the names given in input_names / output_names; a key that matches none is "
        "ignored, so that tensor is exported with the fixed sizes of the example input.",
        "Name the inputs and outputs (input_names=[...], output_names=[...]) and use exactly those names as "
        "dynamic_axes keys; check the exported model's input shapes (a symbolic dim shows as a name) before "
        "building an engine with a dynamic profile.",
        op=r"Provided key (\S{1,120}) for dynamic axes",
        weight=60,
        severity="warns-of-failure",
        applies="torch.onnx.export's TorchScript exporter (torch/onnx/utils.py _validate_dynamic_axes)",
        shown_by=(_TEST + "test_onnx_exporter_classes_in_torch_wording",),
        example="UserWarning: Provided key input for dynamic axes is not a valid input/output name",
        example_source="torch/onnx/utils.py _validate_dynamic_axes",
    ),
    KnownError(
        "quant-bnb-cuda-setup",
        "bitsandbytes found no CUDA library of its own and fell back to its CPU build (CUDA Setup failed)",
        r"CUDA Setup failed despite (?:GPU|CUDA) being available"
        r"|CUDA SETUP: (?:Problem|Required library version not found)"
        r"|Could not load bitsandbytes native library"
        r"|libbitsandbytes_cpu\.\w{2,5}: undefined symbol|compiled without GPU support\. 8-bit optimizers"
        r"|Could not find the bitsandbytes CUDA binary|libbitsandbytes_cuda\d{2,3}\w{0,10}\.\w{2,5} not found"
        # 0.35-0.42's cuda_setup/main.py when it falls back ("CUDA SETUP: Loading binary .../libbitsandbytes_cpu.so...")
        r"|CUDA SETUP: Loading binary [^\n]{1,300}libbitsandbytes_cpu\.\w{2,5}",
        "bitsandbytes loads a native library built for one CUDA release (libbitsandbytes_cudaXYZ) and looks for the "
        "CUDA runtime (libcudart) beside it; when its release has no binary for your CUDA or platform (before 0.43: "
        "no Windows build, few CUDA 12 builds) or the runtime is not on the library path, it loads the CPU library, "
        "and the first 8-bit call fails (an undefined symbol such as cget_col_row_stats, or this RuntimeError).",
        "`pip install -U bitsandbytes` (0.43 and later ship binaries for CUDA 11.8-12.x on Linux and Windows and use "
        "the CUDA runtime torch brings); then `python -m bitsandbytes` prints what it loaded. For an older pinned "
        "release: put the folder holding libcudart.so on LD_LIBRARY_PATH, or set BNB_CUDA_VERSION to a CUDA it has a "
        "binary for.",
        variants=(
            # issue 36, round twenty-nine: its setup's own probe of the driver library (cuda_setup/main.py
            # get_cuda_lib_handle opens the unversioned libcuda.so) failed, so it decided there is no GPU
            Variant(
                r"libcuda\.so not found! Do you have a CUDA driver installed|WARNING: No GPU detected! Check your CUDA "
                r"paths",
                "the driver's libcuda.so not found (WSL2, a node without the driver, a container)",
                "bitsandbytes' CUDA setup opens the NVIDIA driver's library by its unversioned name libcuda.so; it "
                "did not find it, concluded there is no GPU and loaded its CPU library. Under WSL2 the driver's "
                "libcuda lives in /usr/lib/wsl/lib, which is not searched: `export "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (and if `sudo ldconfig` says libcuda.so.1 is not "
                "a symbolic link, recreate the links in that folder). On Linux with the driver installed, `ldconfig "
                "-p | grep libcuda` listing only libcuda.so.1 means the libcuda.so link is missing: add it beside it "
                "(or install the driver's dev package). On a cluster, run on a GPU node (the login node has no "
                "driver); in Docker start the container with `--gpus all`. Then `pip install -U bitsandbytes`: 0.43 "
                "and later find CUDA through torch and no longer run this search.",
            ),
            Variant(
                KOHYA,
                "kohya_ss / sd-scripts",
                "Update bitsandbytes in kohya_ss's venv (`venv\\Scripts\\python.exe -m pip install -U bitsandbytes` on "
                "Windows, `venv/bin/python -m pip ...` on Linux; 0.43 and later have Windows and CUDA 12 builds), or "
                "rerun kohya_ss's setup.bat / setup.sh, which installs the release it pins; until then train with an "
                "optimizer that needs no bitsandbytes (`--optimizer_type AdamW`, not AdamW8bit / PagedAdamW8bit).",
            ),
            Variant(
                r"WindowsPath|WinError 193|\.dll\b|[A-Z]:\\",
                "Windows",
                "bitsandbytes before 0.43 has no Windows build (its CUDA setup searches Linux paths and loads a .so, "
                "WinError 193): `pip install -U bitsandbytes` (0.43 and later ship Windows wheels); the community "
                "'bitsandbytes-windows' forks are no longer needed.",
            ),
        ),
        severity="warns-of-failure",  # "compiled without GPU support" is a UserWarning: every 8-bit call then fails
        weight=78,
        applies="bitsandbytes 0.35-0.42 (cuda_setup/main.py) and the loader of 0.43 and later (cextension.py)",
        shown_by=(
            "tests/troubleshooting/test_round8_core.py::test_bitsandbytes_cuda_setup",
            "tests/data/explain_round7.jsonl#bitsandbytes-foundation-bitsandbytes-940",
        ),
        example="RuntimeError:\n        CUDA Setup failed despite GPU being available. Please run the following "
        "command to get more information:",
        example_source="bitsandbytes 0.41 bitsandbytes/cextension.py (the RuntimeError after CUDASetup.run_cuda_setup)",
    ),
)

_R36 = "tests/troubleshooting/test_round36_v36research.py"

# issue 36, round thirty-six: an ONNX model read by an importer that is not TensorRT's, which has no such operator
_OTHER_IMPORTERS = (
    # Unity Barracuda's ONNX importer (Barracuda/Editor ONNXModelConverter: "Unknown type {opType} encountered while
    # parsing layer {nodeId}.", older "Unknown type encountered while parsing layer {nodeId} of type {opType}.")
    r"Unknown type (?:\w{1,60} )?encountered while parsing layer"
    # ncnn's loader (src/net.cpp: "layer %s not exists or registered")
    r"|^\s{0,8}layer [\w.:]{1,60} not exists or registered"
    # OpenCV dnn's layer factory (dnn.cpp / net_impl: "Can't create layer \"X\" of type \"Y\"")
    r"|Can't create layer \"[^\"\n]{1,200}\" of type \"\w{1,60}\""
    # onnx-tf's backend (onnx_tf/common/exception: BackendIsNotSupposedToImplementIt "X version N is not implemented")
    r"|BackendIsNotSupposedToImplementIt: \w{1,60}(?: version \d{1,3})? is not implemented"
)
FAMILIES = FAMILIES + (
    KnownError(
        "onnx-importer-unsupported-op",
        "An ONNX operator another runtime's importer does not have (Unity Barracuda / Sentis, ncnn, OpenCV dnn, "
        "onnx-tf)",
        _OTHER_IMPORTERS,
        "The model uses an ONNX operator (often one a recent opset emits as a single op where older opsets "
        "emitted primitive ops, or a newer version of an old op) that this importer, not TensorRT, has no "
        "implementation for, so it stops (or puts an identity layer in its place, which breaks the outputs).",
        "Re-export the model with a lower opset (torch.onnx.export(..., opset_version=11 to 15), so the op is "
        "decomposed into primitive ops the importer knows), simplify it (onnxsim), or replace the op in the model "
        "before exporting; else use a release of the importer that supports it (its supported-operators list): Unity "
        "Sentis (or Inference Engine) instead of Barracuda, a newer ncnn / pnnx, a newer OpenCV.",
        variants=(
            # issue 36, round forty-six: a custom op of a compiled extension (a name that starts with "_" as the
            # exporter writes a torch extension's op, deformable convolution, a non-standard domain): no opset of the
            # exporter decomposes it
            Variant(
                r"(?:BackendIsNotSupposedToImplementIt: |not exists or registered|of type \"|Unknown type )_\w"
                r"|\b_?DCNv\d\b|\b(?:Modulated)?DeformConv\w{0,10}\b|\bcom\.microsoft\b|\bmmcv::|\bmmdeploy::"
                r"|\bcustom (?:op|operator)s?\b",
                "a custom op of a compiled extension (not a standard ONNX operator)",
                "The op is not a standard ONNX operator but a custom one the model's compiled extension exported "
                "(a name starting with '_' such as a DCNv2 / deformable-convolution CUDA op, an mmcv / mmdeploy or "
                "com.microsoft op): no opset decomposes it, so re-exporting at another opset does not help. Replace "
                "the extension with an implementation made of standard ops before exporting (a pure-PyTorch "
                "deformable convolution, torchvision.ops.deform_conv2d with opset 19's DeformConv where the "
                "importer has it, or a plain convolution), register a handler for the custom op in the converter "
                "(onnx-tf: a custom handler class for that op_type), or run the model in a runtime that has the "
                "op (onnxruntime with the extension's custom-op library, TensorRT with its plugin).",
            ),
            Variant(
                r"encountered while parsing layer|OnnxImportException|Barracuda",
                "Unity Barracuda's importer",
                "Barracuda's importer has no such layer (its list of supported ONNX operators stops at opset 9 to "
                "15 ops, without the ops later opsets added): move the project to Unity Sentis / "
                "Inference Engine, Barracuda's successor, which imports newer opsets, or re-export the model with "
                "an older opset (opset_version=11 to 15) so the op is decomposed into supported ones.",
            ),
        ),
        weight=60,
        applies="ONNX models in Unity Barracuda / Sentis, ncnn, OpenCV dnn, onnx-tf",
        shown_by=(f"{_R36}::test_operators_that_other_importers_lack",),
        example="OnnxImportException: Unknown type LayerNormalization encountered while parsing layer /blocks.0/norm1.",
        example_source="Unity-Technologies/barracuda-release Barracuda ONNXModelConverter (the Unknown type message); "
        "ncnn src/net.cpp ('layer %s not exists or registered')",
    ),
)

# ---- issue 36, round thirty-seven: torch.jit.script's frontend refusing a model (any model code) --
_R37 = "tests/troubleshooting/test_round37_v37compression.py::"
#: where the text shows TorchScript's compiler: its frames (torch/jit/_script.py, _recursive.py, frontend.py), its
#: names, the source marker it prints under the line it could not compile ("~~~~ <--- HERE"), a scripted class's name
_SCRIPTING = (
    r"<--- HERE|torch[\\/]jit[\\/]|torch\.jit\.|\bjit\.script\b|TorchScript|Torchscript|ScriptModule|__torch__\."
    r"|\bjit_internal\b|_recursive\.py|frontend\.py"
)

FAMILIES = FAMILIES + (
    KnownError(
        "torchscript-script-unsupported",
        "torch.jit.script cannot compile the model's Python (an attribute, type or construct TorchScript does not "
        "support)",
        # the frontend's own words (torch/csrc/jit/frontend/*.cpp, torch/jit/_recursive.py, torch/jit/frontend.py,
        # torch/_jit_internal.py): a module attribute whose Python type has no TorchScript type, an attribute or
        # method the scripted type lacks, an argument of another type than the schema's, a construct or annotation
        # the frontend refuses
        r"has no attribute '\w{1,80}' \(This attribute exists on the Python module, but we failed to convert"
        r"|failed to convert Python type: '[\w.]{1,80}' to a TorchScript type"
        r"|Tried to access nonexistent attribute or method '[^'\n]{1,80}' of type"
        r"|Python type cannot be used as a value"
        r"|Unknown type annotation: '"
        r"|Expected a value of type '[^'\n]{1,120}' for argument '\w{1,60}' but instead found type"
        r"|(?:is|are|aren't|is currently) not supported in TorchScript|\bnot supported in Torchscript\b"
        r"|torch\.jit\.frontend\.(?:NotSupportedError|UnsupportedNodeError|FrontendError)"
        r"|^\s{0,8}Module '\w{1,80}' has no attribute '\w{1,80}'\s{0,4}:?\s{0,4}$"
        r"|Compiled functions can't take variable number of arguments",
        "torch.jit.script compiles forward (and everything it calls) from its Python source into TorchScript, a "
        "typed subset of Python: an attribute whose Python value has no TorchScript type (a bound method, a "
        "function, a numpy array, a dict of mixed values, a state of no fixed type), an un-annotated argument that "
        "defaults to Tensor, a Python construct or library call outside the subset, or a method the scripted type "
        "does not have stops the compiler at the line it marks; the model runs fine in eager mode.",
        "Script only what TorchScript supports: annotate arguments and attributes (typing's Optional[Tensor], "
        "List[int], Tuple[...]; a class attribute annotation for module attributes), turn method-valued or Python-"
        "object attributes into plain methods or tensors / constants (Final, __constants__), and keep Python-only "
        "code out of forward (@torch.jit.ignore / @torch.jit.unused on helpers). If the model is not yours or "
        "scripting is optional, do not script it: run it eagerly, use torch.jit.trace with example inputs (for "
        "control flow that does not depend on the data), or torch.compile / torch.export on a current torch; "
        "a library whose modules do not script may offer TorchScript-compatible modules in a newer release.",
        requires=_SCRIPTING,
        op=r"has no attribute '(\w{1,80})'|nonexistent attribute or method '([^'\n]{1,80})'"
        r"|Unknown type annotation: '([^'\n]{1,80})'",
        weight=80,
        applies="torch.jit.script (every torch release that has TorchScript), and tools that script a model",
        shown_by=(_R37 + "test_torchscript_refusing_a_module",),
        example="Module 'LIF' has no attribute 'state_fallback' (This attribute exists on the Python module, but "
        "we failed to convert Python type: 'method' to a TorchScript type. Its type was inferred; try adding a "
        'type annotation for the attribute.):\n  File "snn.py", line 12\n    s = self.state_fallback(x)\n'
        "        ~~~~~~~~~~~~~~~~~~~ <--- HERE",
        example_source="torch/jit/_recursive.py (infer_concrete_type_builder: add_failed_attribute's hint) and "
        "torch/csrc/jit/python/python_sugared_value.cpp (\"Module '...' has no attribute '...'\")",
    ),
)

# issue 36, round fifty-eight: transformers' GPTQ and AWQ integrations refusing a set-up their kernels cannot run
_R58 = "tests/troubleshooting/test_round58_v58.py::test_a_renderers_notice_and_quantized_kernels"
FAMILIES = FAMILIES + (
    KnownError(
        "quant-exllama-modules-off-gpu",
        "GPTQ: 'Found modules on cpu/disk. Using Exllama or Exllamav2 backend requires all the modules to be on "
        "GPU' (a GPTQ model loaded with a CPU / disk device map)",
        r"Found modules on cpu/disk\. Using Exllama(?: or Exllamav2)? backend requires all the modules to be on GPU",
        "The GPTQ checkpoint's kernels (ExLlama / ExLlamaV2, the default for 4-bit GPTQ in transformers / optimum) "
        "run only on CUDA GPUs, and the model was loaded with some or all modules on the CPU or disk: a CPU-only "
        "device map, a GPU too small for the whole model with device_map='auto' offloading the rest, or no GPU "
        "seen by torch.",
        "Load the model entirely on a GPU with room for it (device_map='cuda:0', a smaller model or a GPU with more "
        "memory); to run it partly or wholly on the CPU, turn the ExLlama kernels off in the quantization config "
        "(GPTQConfig(bits=4, use_exllama=False), older releases disable_exllama=True; slow), or use a format meant "
        "for CPUs (GGUF with llama.cpp). Check `torch.cuda.is_available()` first: a CPU-only torch gives the same "
        "error.",
        weight=84,
        applies="transformers / optimum with auto-gptq or GPTQModel (ExLlama kernels), GPTQ checkpoints",
        shown_by=(_R58,),
        example="ValueError: Found modules on cpu/disk. Using Exllama or Exllamav2 backend requires all the modules "
        "to be on GPU.You can deactivate exllama backend by setting `disable_exllama=True` in the quantization config "
        "object",
        example_source="transformers' GPTQ quantizer / optimum's GPTQ post-init check (its ValueError for modules "
        "off the GPU with the ExLlama backend)",
    ),
    KnownError(
        "quant-awq-kernels-not-importable",
        "transformers: 'auto-awq kernels is needed to be installed to use `.backward()`' (AutoAWQ's compiled kernels "
        "missing or built for another torch)",
        r"auto-awq kernels is needed to be installed to use\b",
        "transformers' AWQ integration needs AutoAWQ's compiled CUDA kernels (the autoawq-kernels package's "
        "awq_ext and its companions) for this call, and importing them failed: they are not installed, or the "
        "installed autoawq-kernels wheel was built for another torch or CUDA than the one in the environment (a "
        "torch upgraded after it), so its extension does not load even though pip lists it.",
        "Run the import yourself to see why: `python -c 'import awq_ext'` (an undefined symbol or DLL error means "
        "a build for another torch); then install the autoawq-kernels release built for your torch and CUDA (its "
        "release notes name the torch it was built for), or build it from source against the installed torch "
        "(`pip install --no-build-isolation` of its source), or pin torch to the release the kernels were built "
        "with. AutoAWQ itself is archived: for new work a maintained backend (vLLM's AWQ kernels, llm-compressor) "
        "avoids it.",
        weight=80,
        applies="transformers' AWQ integration with autoawq / autoawq-kernels",
        shown_by=(_R58,),
        example="ValueError: auto-awq kernels is needed to be installed to use `.backward()`. Make sure to install "
        "the auto-awq kernels by following the installation guides",
        example_source="transformers integrations/awq.py (its check of the AutoAWQ kernels before backward)",
    ),
)
