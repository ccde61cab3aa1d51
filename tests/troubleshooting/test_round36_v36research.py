"""`explain`, round thirty-six (issue 36): research training code and other frameworks. A distributed set-up helper
before an invalid ordinal is more ranks than GPUs; a device-side assert in topk or a label assigner is numeric; a
kernel module another distribution ships is that distribution missing; a keyword raised in a library's frame or through
**kwargs names the library and its pin; other importers' unsupported ONNX operators, older torch's device wordings, a
library's own removed-API AttributeError, a JAX CUDA plugin of another release than jaxlib, CMake's 32-bit generator
and imported targets with missing folders, and torch.cat of feature maps of another size. Near misses keep their
answers."""

from __future__ import annotations

from _explain import first


def test_invalid_ordinal_after_a_distributed_setup_helper_is_too_many_ranks() -> None:
    text = (
        '  File "train.py", line 90, in main\n    misc.init_distributed_mode(cfg)\n'
        '  File "tools/misc.py", line 200, in init_distributed_mode\n    torch.cuda.set_device(cfg.gpu)\n'
        "RuntimeError: CUDA error: invalid device ordinal"
    )
    key, fix = first(text)
    assert key == "torch-invalid-device" and "nproc_per_node" in fix
    # near miss: a plain script that asks for cuda:3 keeps the generic fix
    key, fix = first(
        '  File "demo.py", line 5\n    model.to("cuda:3")\nRuntimeError: CUDA error: invalid device ordinal'
    )
    assert key == "torch-invalid-device" and "nproc_per_node" not in fix


def test_device_assert_in_topk_or_an_assigner_is_numeric() -> None:
    for text in (
        '  File "/env/site-packages/mmdet/models/task_modules/assigners/atss_assigner.py", line 90, in assign\n'
        "    _, idx = torch.topk(cost, k, dim=0)\nRuntimeError: CUDA error: device-side assert triggered",
        "loss: nan, lr: 0.02\nRuntimeError: CUDA error: device-side assert triggered",
        "RuntimeError: selected index k out of range\nRuntimeError: CUDA error: device-side assert triggered",
    ):
        key, fix = first(text)
        assert key == "torch-device-assert" and "NaN" in fix and "fp32" in fix and "mim install" not in fix, text
    # near misses: an OpenMMLab assert without topk keeps the install fix; a class-target assertion keeps its own
    key, fix = first(
        '  File "/env/site-packages/mmdet/models/losses/focal_loss.py", line 40\n'
        "RuntimeError: CUDA error: device-side assert triggered"
    )
    assert key == "torch-device-assert" and "mim install" in fix
    key, fix = first(
        "loss: nan\nAssertion `t >= 0 && t < n_classes` failed.\nRuntimeError: CUDA error: device-side assert triggered"
    )
    assert key == "torch-device-assert" and "num_classes" in fix and "fp32" not in fix


def test_a_kernel_module_another_distribution_ships_is_that_distribution() -> None:
    text = (
        '  File "models/ssm.py", line 12, in forward\n    y = selective_scan_cuda.fwd(u, dt, A, B, C)\n'
        "NameError: name 'selective_scan_cuda' is not defined\n"
        "ModuleNotFoundError: No module named 'selective_scan_cuda'"
    )
    key, fix = first(text)
    assert key == "py-module-missing" and "mamba-ssm" in fix and "backend" in fix
    key, fix = first("ModuleNotFoundError: No module named 'causal_conv1d_cuda'")
    assert key == "py-module-missing" and "causal-conv1d" in fix
    # near miss: the project's own extension (not another distribution's) keeps build-extension-without-cuda
    key, _ = first(
        "NameError: name 'roi_align_cuda' is not defined\nModuleNotFoundError: No module named 'roi_align_cuda'"
    )
    assert key == "build-extension-without-cuda"


def test_unexpected_keyword_names_the_library_and_its_pin() -> None:
    via_kwargs = (
        '  File "models/vit.py", line 80, in vit_small\n    **kwargs)\n'
        "TypeError: __init__() got an unexpected keyword argument 'pretrained_cfg'"
    )
    key, fix = first(via_kwargs)
    assert key == "py-unexpected-keyword" and "create_model" in fix and "pin" in fix
    in_library = (
        '  File "train.py", line 10, in <module>\n    ds = load(path, trust=True)\n'
        '  File "/env/lib/python3.10/site-packages/somelib/io.py", line 33, in load\n    return Reader(**kw)\n'
        "TypeError: __init__() got an unexpected keyword argument 'trust'"
    )
    key, fix = first(in_library)
    assert key == "py-unexpected-keyword" and "site-packages" in fix and "pip show" in fix
    # near miss: a plain call in the project's own code keeps the generic fix
    key, fix = first("TypeError: resize() got an unexpected keyword argument 'antialias'")
    assert key == "py-unexpected-keyword" and "create_model" not in fix and "site-packages" not in fix


def test_operators_that_other_importers_lack() -> None:
    for text in (
        "OnnxImportException: Unknown type GridSample encountered while parsing layer /decoder/GridSample_3.",
        "layer torch.roll not exists or registered\nnetwork graph not ready",
        'error: (-2:Unspecified error) Can\'t create layer "onnx_node!/Einsum_2" of type "Einsum" in function '
        "'getLayerInstance'",
    ):
        key, fix = first(text)
        assert key == "onnx-importer-unsupported-op" and "opset" in fix, text
    assert "Sentis" in first("OnnxImportException: Unknown type Erf encountered while parsing layer n1.")[1]
    # near miss: TensorRT's own parser keeps its own families
    assert first("[TRT] [E] ModelImporter.cpp:726: No importer registered for op: Einsum")[0] != (
        "onnx-importer-unsupported-op"
    )


def test_older_torch_device_wordings_are_device_mismatch() -> None:
    for text in (
        "RuntimeError: Tensor for argument #2 'mat1' is on CPU, but expected it to be on GPU (while checking "
        "arguments for addmm)",
        "RuntimeError: Expected tensor for argument #1 'input' to have the same device as tensor for argument #2 "
        "'weight'; but device 0 does not equal 1 (while checking arguments for cudnn_convolution)",
    ):
        assert first(text)[0] == "device-mismatch", text


def test_a_librarys_own_removed_api_wording() -> None:
    text = (
        '  File "/env/site-packages/jax/_src/deprecations.py", line 52, in getattr\n    raise AttributeError(message)\n'
        "AttributeError: jax.interpreters.xla.xla_call is deprecated. Use jax.jit instead."
    )
    key, fix = first(text)
    assert key == "py-module-attribute-missing" and "removed" in fix and "changelog" in fix
    # near miss: a plain missing attribute keeps the generic fix
    key, fix = first("AttributeError: module 'numpy' has no attribute 'foo'")
    assert key == "py-module-attribute-missing" and "changelog" not in fix


def test_a_jax_cuda_plugin_of_another_release() -> None:
    text = (
        "Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12.initialize()\n"
        "TypeError: register_custom_call_target(): incompatible function arguments."
    )
    key, fix = first(text)
    assert key == "cpu-jax-cuda-backend-failed" and "jax-cuda12-plugin" in fix and "jax[cuda12]" in fix


def test_cmake_configure_errors_in_cmakes_words() -> None:
    text = (
        "CMake Error at cmake/public/cuda.cmake:278 (message):\n  CUDA support not available with 32-bit windows.  "
        "Did you forget to set\n  Win64 in the generator target?\n-- Configuring incomplete, errors occurred!"
    )
    key, fix = first(text)
    assert key == "cmake-cuda-32bit-generator" and "-A x64" in fix
    cuda_dir = (
        'CMake Error in app/CMakeLists.txt:\n  Imported target "Torch" includes non-existent path\n'
        '    "/opt/torch/lib/tmp_install/include/THC"\n  in its INTERFACE_INCLUDE_DIRECTORIES.'
    )
    key, fix = first(cuda_dir)
    assert key == "cmake-imported-target-missing-path" and "without CUDA" in fix
    other_dir = (
        'CMake Error in src/CMakeLists.txt:\n  Imported target "fmt::fmt" includes non-existent path\n'
        '    "/usr/local/include/fmt"\n  in its INTERFACE_INCLUDE_DIRECTORIES.'
    )
    key, fix = first(other_dir)
    assert key == "cmake-imported-target-missing-path" and "rebuild and reinstall" in fix.lower()


def test_cat_of_feature_maps_of_another_size_is_the_input_size() -> None:
    for text in (
        "RuntimeError: invalid argument 0: Sizes of tensors must match except in dimension 1. Got 31 and 32 in "
        "dimension 3 at /pytorch/aten/src/THC/generic/THCTensorMath.cu:71",
        '  File "models/unet.py", line 40, in forward\n    x = torch.cat([x, skip], dim=1)\n'
        "RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 64 but got size 63 for "
        "tensor number 1 in the list.",
    ):
        key, fix = first(text)
        assert key == "torch-cat-size-mismatch" and "multiples" in fix and "stride" in fix, text
    # near miss: a text batch joined along dim 0 gets the generic shapes fix
    key, fix = first(
        "RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 128 but got size 77 for "
        "tensor number 3 in the list."
    )
    assert key == "torch-cat-size-mismatch" and "stride" not in fix
