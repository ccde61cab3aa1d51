"""`explain`, round forty-six (issue 36): model conversion toolchains and model files. The ONNX checker's rule on a
header whose IR version does not fit its opset_import is a file to re-export (not an old onnx); a custom op of a
compiled extension is no opset gap; onnx2tf's ERROR block, X2Paddle's op mapper, a TF shape mismatch built by a
converter and a dynamic dimension in a converter's test run are conversion failures with the converters' own
remedies; a TFLite reader given a Git LFS pointer points at `git lfs pull`; a module missing because its own build
failed on an ARM board is the build. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first


def test_onnx_header_too_old_is_not_an_old_onnx() -> None:
    key, fix = first(
        '  File "onnx/checker.py", line 90, in check_model\n'
        "onnx.onnx_cpp2py_export.checker.ValidationError: model with IR version < 3 cannot have opset_import specified"
    )
    assert (
        key == "export-onnx-ir-version"
        and "Re-export" in fix
        and "does not help" in fix
        and "pip install -U onnx" not in fix
    )
    key, fix = first("onnx.checker.ValidationError: model with IR version >= 3 must specify opset_import for ONNX")
    assert key == "export-onnx-ir-version" and "opset_imports" in fix
    # near miss: a model newer than the checker keeps the upgrade-onnx family
    key, fix = first(
        "onnx.onnx_cpp2py_export.checker.ValidationError: Your model ir_version 10 is higher than the checker's (8)."
    )
    assert key == "export-onnx-ir-version" and "Upgrade the onnx package" in fix


def test_custom_op_of_an_extension_is_no_opset_gap() -> None:
    for text in (
        "onnx_tf.common.exception.BackendIsNotSupposedToImplementIt: _ModulatedDeformConv2d is not implemented.",
        "BackendIsNotSupposedToImplementIt: DeformConv version 19 is not implemented.",
    ):
        key, fix = first(text)
        assert key == "onnx-importer-unsupported-op", text
        assert "custom" in fix and "standard ops" in fix and not fix.startswith("Re-export the model with a lower")
    # near miss: a standard op from a newer opset keeps the lower-opset fix
    key, fix = first("BackendIsNotSupposedToImplementIt: LayerNormalization version 17 is not implemented.")
    assert key == "onnx-importer-unsupported-op" and fix.startswith("Re-export the model with a lower opset")


_BLOCK = (
    "ERROR: The trace log is below.\nTraceback (most recent call last):\n"
    '  File "onnx2tf/ops/Resize.py", line 300, in make_node\n{error}\n'
    "ERROR: input_onnx_file_path: detector.onnx\nERROR: onnx_op_name: /head/Resize_2\n"
    "ERROR: Read this and deal with it.\n"
    "ERROR: Also, for models that include NonMaxSuppression in the post-processing, try the -onwdt option.\n"
)


def test_converter_op_failures_in_their_own_words() -> None:
    key, fix = first(_BLOCK.format(error="TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'"))
    assert key == "convert-onnx2tf-op-failed" and "-ois" in fix and "-onwdt" not in fix.split(";")[0]
    key, fix = first(
        _BLOCK.format(
            error="ValueError: Dimensions must be equal, but are 64 and 3 for '{{node Add}}' with input "
            "shapes: [1,3,64,64,2], [1,64,3,64,2]."
        )
    )
    assert key == "convert-tf-layout-shape-mismatch" and "parameter-replacement" in fix
    # onnx2keras / onnx2tflite building Keras ops
    text = (
        'File "site-packages/onnx2keras/converter.py", line 175, in onnx_to_keras\n'
        "ValueError: Dimensions must be equal, but are 20 and 19 for '{{node add_3/add}}'"
    )
    key, fix = first(text)
    assert key == "convert-tf-layout-shape-mismatch" and "fixed input size" in fix
    # near miss: a Keras model of one's own, no converter: not a conversion
    assert (
        first("model.fit(x, y)\nValueError: Dimensions must be equal, but are 10 and 5 for '{{node loss/sub}}'")[0]
        != "convert-tf-layout-shape-mismatch"
    )
    # X2Paddle's op mapper
    mapper = (
        "Converting node 88 ...     Traceback (most recent call last):\n"
        '  File "site-packages/x2paddle/op_mapper/onnx2paddle/opset_legacy.py", line 1200, in Resize\n'
        '    raise Exception("Unexpected situation happend")\nException: Unexpected situation happend\n'
    )
    key, fix = first(mapper)
    assert key == "convert-x2paddle-op-mapper" and "--overwrite-input-shape" in fix
    # near miss: x2paddle failing to find its model file is no op mapper failure
    assert (
        first(
            'Traceback (most recent call last):\n  File "site-packages/x2paddle/convert.py", line 300, in onnx2paddle\n'
            "FileNotFoundError: [Errno 2] No such file or directory: 'model.onnx'"
        )[0]
        == "py-file-not-found"
    )


def test_dynamic_dimension_in_a_converter() -> None:
    text = (
        "x2paddle --framework=onnx --model=seg.onnx --save_dir=pd\n"
        '  File "site-packages/x2paddle/decoder/onnx_decoder.py", line 480, in check_model_running_state\n'
        "TypeError: 'NoneType' object cannot be interpreted as an integer"
    )
    key, fix = first(text)
    assert key == "convert-dynamic-input-dim" and "--input_shape_dict" in fix
    key, _ = first("onnx2tf -i m.onnx\nValueError: negative dimensions are not allowed")
    assert key == "convert-dynamic-input-dim"
    # near miss: the same TypeError in a plain script
    assert (
        first(
            '  File "train.py", line 3, in <module>\n    for i in range(n):\n'
            "TypeError: 'NoneType' object cannot be interpreted as an integer"
        )[0]
        != "convert-dynamic-input-dim"
    )


def test_tflite_reader_given_a_git_lfs_pointer() -> None:
    key, fix = first("converting...\nValueError: Model provided has model identifier 'vers', should be 'TFL3'\n")
    assert key == "py-model-file-incomplete" and "git lfs pull" in fix and "Git LFS pointer" in fix
    # another file that is no TFLite model: the family, without the LFS fix leading
    key, fix = first("RuntimeError: Model provided has model identifier 'PK\x03\x04', should be 'TFL3'")
    assert key == "py-model-file-incomplete" and not fix.startswith("The file is a Git LFS pointer")
    # near miss: pickle's view of a pointer keeps the checkpoint family
    assert first("_pickle.UnpicklingError: invalid load key, 'v'.")[0] == "torch-checkpoint-corrupt"


def test_module_missing_because_its_build_failed_on_arm() -> None:
    text = (
        '  File "/home/pi/.local/lib/python3.9/site-packages/conv/to_onnx.py", line 3, in <module>\n'
        "    import onnx\nModuleNotFoundError: No module named 'onnx'\n\n"
        "  Building wheel for onnx (pyproject.toml) ... error\n  ERROR: Failed building wheel for onnx\n"
    )
    key, fix = first(text)
    assert key == "build-pip-wheel-failed" and "ARM" in fix and "piwheels" in fix
    aarch64 = "pip install onnx\nlinux-aarch64\nERROR: Could not build wheels for onnx\nNo module named 'onnx'"
    assert first(aarch64)[0] == "build-pip-wheel-failed"
    # near miss: a build of another package does not explain the missing module
    other = "ModuleNotFoundError: No module named 'cv2'\nERROR: Failed building wheel for pycocotools\n"
    assert first(other)[0] == "py-module-missing"
    # near miss: a plain missing module on an ARM board keeps py-module-missing
    assert first("pi@raspberrypi:~ $ python3 run.py\nModuleNotFoundError: No module named 'onnx'")[0] == (
        "py-module-missing"
    )
