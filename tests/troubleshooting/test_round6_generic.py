"""`explain`, round six, generic mechanisms (issue 36): the long tail no library family knows, read from Python's own
exception classes and from messages that state their own fix. Each class is checked against its source's wording
(CPython's ModuleNotFoundError / ImportError / PermissionError / FileNotFoundError, numpy's __getattr__ for removed
aliases and its 1.x/2.x ABI message, torch/serialization.py's weights_only message, transformers' version check),
with near misses that must not match. The sample is ``tests/data/explain_round6_generic.jsonl``.
"""

from __future__ import annotations

from _explain import answered_today, sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

EARLIER = ("corpus", "holdout", "fresh", "blind", "round3", "round4", "round5")


def first(text: str) -> str:
    return explain(text).first_answer


def test_a_missing_module_names_the_distribution_that_provides_it() -> None:
    cases = {
        "cv2": "opencv-python",
        "onnx_graphsurgeon": "onnx-graphsurgeon",
        "cuda": "cuda-python",
        "yaml": "PyYAML",
        "PIL": "Pillow",
        "some_new_pkg": "some-new-pkg",  # unknown: the module's own name, with - for _
    }
    for module, dist in cases.items():
        found = explain(f"Traceback (most recent call last):\nModuleNotFoundError: No module named '{module}'")
        assert found[0].key == "py-module-missing", module
        assert any(dist in a for a in found[0].advice), (module, found[0].advice)
        # the first error line is the exception, not the traceback's head
        assert found.first_error.startswith("ModuleNotFoundError"), found.first_error
    # a package with its own family (here the quantization toolkits) is answered by that family
    assert first("ModuleNotFoundError: No module named 'modelopt'") == "export-quant-package-missing"
    # Python 2's wording, and a source-only package
    assert first("ImportError: No module named pycuda.driver") == "py-module-missing"
    src = explain("ModuleNotFoundError: No module named 'torch2trt'")
    assert "no wheel" in src[0].advice[0]
    # a submodule the installed version dropped
    sub = explain("ModuleNotFoundError: No module named 'onnx.mapping'")
    assert "submodule" in sub[0].advice[0] and "onnx" in sub[0].advice[0]


def test_installed_for_another_python() -> None:
    text = (
        "$ pip install pycuda\nRequirement already satisfied: pycuda in /usr/lib/python3/dist-packages\n"
        "$ python3 infer.py\nModuleNotFoundError: No module named 'pycuda'"
    )
    found = explain(text)
    assert found[0].key == "py-module-missing" and found[0].situation == "installed, but for another Python"
    assert "python -m pip install" in found[0].fix


def test_specific_families_outrank_the_generic_ones() -> None:
    # mmcv without its ops is its own family; a torch_tensorrt-internal missing module stays torch_tensorrt's
    assert first("ModuleNotFoundError: No module named 'mmcv._ext'") == "py-mmcv-ext-missing"
    assert first("ModuleNotFoundError: No module named 'tensorrt_bindings'") != "py-module-missing"
    inside = (
        'File ".../site-packages/torch_tensorrt/_utils.py", line 19, in check_cross_compile_trt_win_lib\n'
        "ModuleNotFoundError: No module named 'dllist'"
    )
    assert first(inside) == "torchtrt-missing-dependency"
    # a shared library that is not there is the loader's family, not FileNotFoundError's
    lib = "OSError: libnvinfer.so.10: cannot open shared object file: No such file or directory"
    assert first(lib) != "py-file-not-found"


def test_cannot_import_name_is_a_version_of_the_package_after_from() -> None:
    found = explain("ImportError: cannot import name 'SAFE_WEIGHTS_NAME' from 'transformers.utils'")
    assert found[0].key == "py-cannot-import-name" and found[0].confidence == "likely"
    assert "transformers" in found[0].advice[0]
    # a circular import is the importing code's own bug, not a version
    circular = (
        "ImportError: cannot import name 'a' from partially initialized module 'pkg' (most likely due to a circular "
        "import) (/x/pkg/__init__.py)"
    )
    assert first(circular) != "py-cannot-import-name"


def test_numpy_removed_aliases_and_its_abi_break() -> None:
    for alias in ("bool", "int", "float", "object", "NaN"):
        assert first(f"AttributeError: module 'numpy' has no attribute '{alias}'") == "py-numpy-alias-removed", alias
    assert first("AttributeError: `np.NaN` was removed in the NumPy 2.0 release. Use `np.nan` instead.") == (
        "py-numpy-alias-removed"
    )
    # numpy has many attributes that were never removed: not this family
    assert first("AttributeError: module 'numpy' has no attribute 'foo_bar'") != "py-numpy-alias-removed"
    trt = explain(
        'File "/usr/lib/python3.8/dist-packages/tensorrt/__init__.py", line 166, in nptype\n    bool: np.bool,\n'
        "AttributeError: module 'numpy' has no attribute 'bool'"
    )
    assert trt[0].product == "tensorrt" and "8.6" in trt[0].fix
    abi = explain("A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.0.0 as it may crash.")
    assert abi[0].key == "py-numpy2-abi" and "numpy<2" in abi[0].fix
    assert first("ImportError: numpy.core.multiarray failed to import") == "py-numpy2-abi"


def test_torch_load_weights_only() -> None:
    allow = explain(
        "_pickle.UnpicklingError: Weights only load failed. WeightsUnpickler error: Unsupported global: GLOBAL "
        "utils.HParams was not an allowed global by default."
    )
    assert allow[0].key == "torch-load-weights-only"
    assert "add_safe_globals([HParams])" in allow[0].advice[0]
    lfs = explain("UnpicklingError: Weights only load failed. WeightsUnpickler error: Unsupported operand 118")
    assert "git-lfs" in lfs[0].advice[0]


def test_paths_that_are_missing_or_not_writable() -> None:
    eng = explain("FileNotFoundError: [Errno 2] No such file or directory: 'weights/yolov8n.engine'")
    assert eng[0].key == "py-file-not-found" and "build it first" in eng[0].advice[0]
    onnx = explain("FileNotFoundError: [Errno 2] No such file or directory: 'model.onnx'")
    assert "export it first" in onnx[0].advice[0]
    cache = explain("PermissionError: [Errno 13] Permission denied: '/root/.cache/huggingface/hub'")
    assert cache[0].key == "py-permission-denied" and "HF_HOME" in cache[0].fix
    dev = explain("PermissionError: [Errno 13] Permission denied: '/dev/nvidia0'")
    assert "video" in dev[0].fix


def test_a_message_that_states_its_own_fix_is_quoted() -> None:
    req = explain(
        "ImportError: `diffusers` requires transformers >= 4.25.1 to function correctly, but 4.21.0 was found in "
        "your environment. You can upgrade it with pip: `pip install transformers --upgrade`"
    )
    assert req[0].key == "py-version-required" and "pip install transformers --upgrade" in req[0].advice[0]
    said = explain("RuntimeError: foo() got an unknown mode. Please use `torch.foo_v2` instead")
    assert said[0].key == "py-self-described" and "torch.foo_v2" in said[0].advice[0]
    assert said.summary.startswith("Failure:") and "likely" in said.summary
    # a deprecation warning's remedy is no answer to a failure, and a warning-only paste stays warnings-only
    warned = "FutureWarning: `foo` is deprecated, please use `bar` instead\nRuntimeError: something else broke"
    assert first(warned) != "py-self-described"
    only = explain("/x/y.py:3: FutureWarning: `foo` is deprecated and will be removed. Please use `bar` instead.")
    assert only.outcome == "warnings-only"


def test_first_error_is_the_exception_not_the_traceback_head() -> None:
    text = "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nKeyError: 'x'\n"
    assert levels(text).first_error == "KeyError: 'x'"
    assert levels("Traceback (most recent call last):\n").first_error.startswith("Traceback")
    miss = explain(text)
    assert miss.outcome == "unexplained" and "KeyError: 'x'" in miss.summary and miss.command


def test_round_six_generic_reports() -> None:
    rows = sourced_and_from_elsewhere("round6_generic", EARLIER, 25)
    answered_today(rows)
    assert sum(r["after"]["verdict"] == "right" for r in rows) >= 25


def test_the_long_tail_of_python_failures() -> None:
    # load_state_dict's own wording: a DataParallel prefix, or a layer of another size
    prefix = explain(
        'RuntimeError: Error(s) in loading state_dict for YOLO:\n\tMissing key(s) in state_dict: "model.0.conv.weight'
        '".\n\tUnexpected key(s) in state_dict: "module.model.0.conv.weight".'
    )
    assert prefix[0].key == "torch-state-dict-mismatch" and "module." in prefix[0].fix
    size = explain(
        "RuntimeError: Error(s) in loading state_dict for Net:\n\tsize mismatch for head.weight: copying a param with "
        "shape torch.Size([80, 256]) from checkpoint, the shape in current model is torch.Size([2, 256])."
    )
    assert size[0].situation == "a size mismatch" and size[0].op == "head.weight"
    # OpenCV's CV_Assert on an empty image; its lower-case exception class is an error line
    cv = explain(
        "cv2.error: OpenCV(4.8.0) /io/opencv/modules/imgproc/src/color.cpp:182: error: (-215:Assertion failed) "
        "!_src.empty() in function 'cvtColor'"
    )
    assert cv[0].key == "py-opencv-empty-image" and cv.first_error.startswith("cv2.error")
    # the hub: gated, offline
    gated = explain("OSError: Access to model meta-llama/Llama-2-7b-hf is restricted. You must be authenticated.")
    assert gated[0].key == "py-hf-model-unavailable" and gated[0].situation == "a gated model"
    offline = explain(
        "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached "
        "files and it looks like bert-base is not the path to a directory containing a file named config.json."
    )
    assert offline[0].situation == "no network to the hub"
    assert first("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)") == "py-config-unreadable"
    kw = explain("TypeError: __init__() got an unexpected keyword argument 'use_auth_token'")
    assert kw[0].key == "py-unexpected-keyword" and kw[0].op == "use_auth_token" and kw[0].confidence == "likely"
    attr = explain("AttributeError: module 'torch' has no attribute 'compiler'")
    assert attr[0].key == "py-module-attribute-missing" and "__file__" in attr[0].fix
    # torch's "Numpy is not available" is numpy 2 beside a torch built for 1.x (or no numpy)
    assert first("RuntimeError: Numpy is not available") == "py-numpy2-abi"
    # the TensorRT API family keeps module 'tensorrt' attributes
    assert first("AttributeError: module 'tensorrt' has no attribute 'Logger'") != "py-module-attribute-missing"


def test_a_miss_on_a_python_exception_names_the_post_mortem_debugger() -> None:
    miss = explain("ValueError: not enough values to unpack (expected 3, got 2)")
    assert miss.outcome == "unexplained" and miss.stage == "runtime" and miss.command.startswith("python -m pdb")
    # a CUDA failure keeps the synchronous-launch command
    cuda = explain("RuntimeError: CUDA error: an unknown new failure happened")
    assert cuda.first_answer != "miss" or "CUDA_LAUNCH_BLOCKING" in (cuda.command or "")


def test_a_model_file_that_is_not_whole() -> None:
    # torch.load's own wording is the torch runtime family's
    for text in (
        "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
        "_pickle.UnpicklingError: invalid load key, 'v'.",
    ):
        assert first(text) == "torch-checkpoint-corrupt", text
    for text in (
        "EOFError: Ran out of input",
        "safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge",
        "llama.cpp: loading model from ./ggml-model-q4_1.bin\nerror loading model: unexpectedly reached end of file",
    ):
        assert first(text) == "py-model-file-incomplete", text
    # a bare exception class with no message still gets the post-mortem command
    miss = explain('Traceback (most recent call last):\n  File "a.py", line 3, in <module>\nAssertionError')
    assert miss.first_error == "AssertionError" and miss.command.startswith("python -m pdb")
