"""Model conversion toolchains (issue 36, round forty-six): the converters that turn one framework's model into
another's (onnx2tf, onnx2tflite / onnx2keras, onnx-tensorflow, X2Paddle). Each row is keyed to the converter's own
wording (its ERROR block, its op mapper's frames, TensorFlow's shape check raised while it builds ops) and its fix is
the converter's own remedy: a static input shape, a simplified graph, the converter's layout or
parameter-replacement options. The rows for ops a converter has no handler for (`onnx-importer-unsupported-op`) and
for a model IR version the checker refuses, either way (`export-onnx-ir-version`), live in `export_quant`.
"""

from __future__ import annotations

from ..entry import MODEL_CONVERTERS, KnownError, Variant

_R46 = "tests/troubleshooting/test_round46_v46convert.py::"

#: a converter from ONNX (or to it) named in a text: its package, its module or its command (onnx2tflite's
#: keras_builder module too)
_CONVERTER = MODEL_CONVERTERS + r"|\bkeras_builder\b"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "convert-onnx2tf-op-failed",
        "onnx2tf could not convert one ONNX node (its ERROR block: the trace log, input_onnx_file_path, onnx_op_name)",
        # onnx2tf/utils/common_functions.py print_node_info: "ERROR: The trace log is below.", "ERROR:
        # input_onnx_file_path: ...", "ERROR: onnx_op_name: ...", "ERROR: Read this and deal with it. ...",
        # "... use the -b or -ois option to rewrite it to a static shape and try again."
        r"^\s{0,8}ERROR:\s{1,3}(?:onnx_op_name|onnx_op_type):\s{0,3}\S"
        r"|^\s{0,8}ERROR:\s{1,3}The trace log is below\."
        r"|^\s{0,8}ERROR:\s{1,3}Read this and deal with it\."
        r"|use the -b or -ois option to rewrite it to a static shape",
        "onnx2tf rebuilds each ONNX node as TensorFlow ops in NHWC layout and stopped at the node its block names: "
        "the usual causes are a dynamic input dimension it cannot resolve, a channel layout its automatic "
        "NCHW-to-NHWC transposition gets wrong (high-rank tensors, a model whose input is already NHWC), or an op "
        "form it does not handle. The trace log above the block holds the TensorFlow error.",
        "Give the model static shapes first: `onnx2tf -i model.onnx -b 1` or `-ois input:1,3,640,640` (or "
        "`onnxsim model.onnx model_sim.onnx --overwrite-input-shape input:1,3,640,640`, then convert the simplified "
        "file); for an input already in NHWC use -kt / -kat; for a node whose axes it transposes wrongly, write a "
        "parameter-replacement JSON for that onnx_op_name (`-prf replace.json`, as onnx2tf's README describes); "
        "if it still fails, report the node to onnx2tf with the whole trace log and the model.",
        variants=(
            Variant(
                r"Dimensions must be equal|Incompatible shapes|with input shapes: \[",
                "a shape mismatch between two operands (the layout transposition)",
                "Two operands of the node reach TensorFlow with incompatible shapes: onnx2tf's automatic "
                "NCHW-to-NHWC transposition permuted one of them wrongly (typical of 5-D / 6-D tensors and "
                "reshapes that mix the channel axis). Fix that node's axes by hand with a parameter-replacement "
                "JSON for its onnx_op_name (`-prf replace.json`: transpose the input or set the perm / axes), "
                "or keep the layout with -kat for the inputs; static shapes (-b / -ois) first make the shapes "
                "in the trace log exact.",
            ),
            Variant(
                # (not onnx2tf's own advice line of every ERROR block: "... models that include NonMaxSuppression in
                # the post-processing, try the -onwdt option")
                r"^(?![^\n]{0,200}-onwdt)[^\n]{0,300}\bNonMaxSuppression\b",
                "a model with NonMaxSuppression",
                "The model's post-processing includes NonMaxSuppression: try onnx2tf's -onwdt option (output "
                "NMS with dynamic tensors), or export the model without its NMS and do it outside the model; give "
                "the input static shapes (-b / -ois) too.",
            ),
        ),
        op=r"onnx_op_name:\s{0,3}([^\s]{1,200})",
        weight=62,
        applies="onnx2tf (every release with print_node_info's ERROR block)",
        shown_by=(_R46 + "test_converter_op_failures_in_their_own_words",),
        example="ERROR: input_onnx_file_path: model.onnx\nERROR: onnx_op_name: /model.3/AveragePool\nERROR: Read "
        "this and deal with it.",
        example_source="PINTO0309/onnx2tf onnx2tf/utils/common_functions.py (print_node_info)",
    ),
    KnownError(
        "convert-tf-layout-shape-mismatch",
        "An ONNX-to-TensorFlow converter built a TF op whose operands do not fit (Dimensions must be equal: a "
        "layout or shape translated wrongly)",
        # TensorFlow's shape functions ("Dimensions must be equal, but are 32 and 2 for '{{node ...}}'") raised while
        # a converter builds Keras / TF ops from an ONNX graph
        r"\bDimensions must be equal\b",
        "The converter rebuilds the ONNX graph as TensorFlow / Keras ops in NHWC layout; at one node the two "
        "operands end up with incompatible shapes, so TensorFlow's shape check fails while the graph is built: a "
        "channel permutation the converter got wrong (high-rank tensors, reshapes across the channel axis) or a "
        "dynamic / odd spatial size that no longer matches after down- and up-sampling. The model itself runs in "
        "its own framework.",
        "Export the ONNX with a fixed input size that the network divides evenly, simplify it (`onnxsim model.onnx "
        "sim.onnx --overwrite-input-shape input:1,3,H,W`) and convert again; if the same node still fails, use a "
        "converter that lets you fix the layout by hand (onnx2tf's -kat and parameter-replacement JSON for that "
        "node) and report the node with the model to the converter.",
        variants=(
            Variant(
                r"\bonnx2tf\b",
                "onnx2tf",
                "onnx2tf's automatic NCHW-to-NHWC transposition permuted one operand wrongly (typical of 5-D / 6-D "
                "tensors): fix that node's axes by hand with a parameter-replacement JSON (`-prf replace.json`, for "
                "the onnx_op_name in its ERROR block) or keep the input layout with -kat; give the input static "
                "shapes (-b / -ois) so the shapes in the trace log are exact.",
            ),
        ),
        requires=_CONVERTER,
        weight=66,
        applies="onnx2tf, onnx2tflite, onnx2keras, onnx-tensorflow (TensorFlow 2.x shape inference)",
        shown_by=(_R46 + "test_converter_op_failures_in_their_own_words",),
        example="python -m onnx2tflite --weights model.onnx\nValueError: Dimensions must be equal, but are 32 and 2 "
        "for '{{node tf.math.multiply/Mul}}' with input shapes: [1,2,1,256,32,1], [1,1,1,1,2,1].",
        example_source="TensorFlow's shape inference (common_shape_fns 'Dimensions must be equal'), as the "
        "converters raise it while building Keras ops",
    ),
    KnownError(
        "convert-x2paddle-op-mapper",
        "X2Paddle's op mapper could not convert a node (an exception in x2paddle/op_mapper)",
        # x2paddle/op_mapper/onnx2paddle/opset*.py raise plain Exceptions from a mapper ("The padding value is
        # wrong!") and x2paddle lists the ops it lacks ("... OPs are not supported yet", wording from memory)
        r"^\s{0,8}(?:\w{1,40}\.){0,3}(?:Exception|AssertionError|NotImplementedError|KeyError|ValueError|IndexError"
        r"|TypeError|AttributeError)(?::\s|$)"
        r"|\b\d{1,4} OPs are not supported yet",
        "x2paddle's op mapper translates each ONNX (TensorFlow, Caffe) node into Paddle layers and handles only the "
        "forms of an op it can resolve statically; a node whose attributes or inputs it cannot interpret (pads "
        "or shapes computed at run time after an incomplete shape inference, an op it lacks) stops the conversion. "
        "In a chained traceback the first exception, raised in the mapper, is the cause.",
        "Make the model static before converting: simplify it with a fixed input shape (`onnxsim model.onnx "
        "sim.onnx --overwrite-input-shape input:1,3,H,W`, which folds computed pads and shapes into constants) and "
        "convert the simplified file with the newest x2paddle (`--input_shape_dict` where it accepts one); "
        "otherwise rewrite that op in the source model (a constant padding, a supported form) or report the node "
        "and its opset to X2Paddle.",
        requires=r"x2paddle[\\/]op_mapper[\\/]|\bOPs are not supported yet",
        weight=64,
        applies="X2Paddle (onnx2paddle, tf2paddle, caffe2paddle op mappers)",
        shown_by=(_R46 + "test_converter_op_failures_in_their_own_words",),
        example='  File "site-packages/x2paddle/op_mapper/onnx2paddle/opset_legacy.py", line 749, in Pad\n    '
        'raise Exception("The padding value is wrong!")\nException: The padding value is wrong!',
        example_source="PaddlePaddle/X2Paddle x2paddle/op_mapper/onnx2paddle (its mappers' exceptions)",
    ),
    KnownError(
        "convert-dynamic-input-dim",
        "A converter's test run or shape step meets a dynamic (None / -1) input dimension",
        # numpy's wording when a shape holds None or -1 (random test data, zeros of the input's shape)
        r"'NoneType' object cannot be interpreted as an integer|negative dimensions are not allowed",
        "The converter builds data or layers from the model's input shape (x2paddle test-runs the model on random "
        "data of that shape; others allocate tensors of it), and the input has a dynamic dimension (None, -1, a "
        "symbolic batch), which numpy cannot make an array of.",
        "Give the input a fixed shape: export it with a static batch and size, or fix it in the ONNX file "
        "(`onnxsim model.onnx sim.onnx --overwrite-input-shape input:1,3,224,224`), or pass the shape to the "
        "converter (x2paddle `--input_shape_dict`, onnx2tf -b / -ois, tf2onnx --inputs name:0[1,224,224,3]) and "
        "convert again; a newer converter release often takes the shape option.",
        requires=_CONVERTER + r"|check_model_running_state",
        weight=70,
        applies="X2Paddle, onnx2tf, onnx2keras, tf2onnx and converters that test-run a model from its input shape",
        shown_by=(_R46 + "test_dynamic_dimension_in_a_converter",),
        example="x2paddle --framework=onnx --model=model.onnx --save_dir=out\nTypeError: 'NoneType' object cannot be "
        "interpreted as an integer",
        example_source="PaddlePaddle/X2Paddle x2paddle/decoder/onnx_decoder.py (check_model_running_state's random "
        "test data)",
    ),
)
