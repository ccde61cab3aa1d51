"""`explain`, round thirty-one (issue 36), graph, point-cloud and 3D libraries and the native code they build or load:
a native library imported before torch and then a crash, Open3D's fallback to a CPU binding that hides the CUDA
binding's load error, Open3D-ML ops without CUDA, DGL's optional tensor adapter (a notice) and an application's move
to the CPU when DGL is its CPU build, macOS's dyld "Symbol not found" of a torch symbol, nvcc's internal launch
symbols undefined in an op, a custom op linked with -ltensorflow_framework, and a standard name whose header newer
compilers no longer pull in. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_native_library_imported_before_torch_then_a_crash() -> None:
    for text in (
        ">>> import cv2\n>>> import torch\n>>> torch.zeros(4, device='cuda') @ torch.ones(4, device='cuda')\n"
        "Segmentation fault (core dumped)",
        '$ python -c "import open3d; import torch; torch.randn(8, 8).cuda().mm(torch.randn(8, 8).cuda())"\n'
        "Segmentation fault",
        "import numpy as np\nimport pyarrow.parquet as pq\nfrom torch import nn\n...\nFatal Python error: "
        "Segmentation fault",
    ):
        key, fix = first(text)
        assert key == "native-crash" and "Import torch first" in fix, text
    # near misses: torch imported first, or no other native library before it, keep the generic fixes
    for text in (
        ">>> import torch\n>>> import open3d\n>>> torch.ones(3).cuda()\nSegmentation fault (core dumped)",
        ">>> import numpy\n>>> import torch\n>>> torch.ones(3).cuda()\nSegmentation fault (core dumped)",
        "import torch\nimport cv2\nimport torch.nn as nn\nSegmentation fault (core dumped)",
    ):
        key, fix = first(text)
        assert key == "native-crash" and "Import torch first" not in fix, text


def test_open3d_binding_fallback_and_ml_ops() -> None:
    text = (
        'Traceback (most recent call last):\n  File "/opt/venv/lib/python3.10/site-packages/open3d/__init__.py", '
        "line 80, in <module>\n    from open3d.cpu.pybind import (camera, geometry, io, pipelines, utility, t)\n"
        "ModuleNotFoundError: No module named 'open3d.cpu'"
    )
    key, fix = first(text)
    assert key == "geo-open3d-binding-fallback" and "-W always" in fix
    # Open3D's own warning with the loader's reason in the text
    warned = (
        "ImportWarning: Open3D was built with CUDA support, but an error ocurred while loading the Open3D CUDA "
        "Python bindings. Falling back to the CPU pybind library. Reported error: /opt/venv/lib/python3.10/"
        "site-packages/open3d/cuda/pybind.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN6open3d4core3FooEv."
        "\n" + text
    )
    key, fix = first(warned)
    assert key == "geo-open3d-binding-fallback" and "already shows why" in fix
    # near misses: another package's missing submodule and open3d itself missing stay py-module-missing
    assert first("ModuleNotFoundError: No module named 'open3d'")[0] == "py-module-missing"
    assert first("ModuleNotFoundError: No module named 'mylib.cpu'")[0] == "py-module-missing"

    for op in ("FixedRadiusSearch", "ContinuousConv", "ReduceSubarraysSum"):
        key, fix = first(f"RuntimeError: {op} was not compiled with CUDA support")
        assert key == "geo-open3d-ml-torch-version" and "BUILD_CUDA_MODULE" in fix, op
    # near misses: another library's op keeps the generic family, Open3D's version check keeps its fix
    assert first("RuntimeError: nms_rotated was not compiled with CUDA support")[0] == "build-extension-without-cuda"
    key, fix = first("Exception: Version mismatch: Open3D needs PyTorch version 2.0.*, but version 2.3.1 is installed!")
    assert key == "geo-open3d-ml-torch-version" and "__DEVICE_API__" not in fix


def test_dgl_tensoradapter_notice() -> None:
    notice = (
        "[10:02:11] /build/dgl/src/runtime/tensordispatch.cc:43: TensorDispatcher: dlopen failed: /venv/lib/"
        "python3.9/site-packages/dgl/tensoradapter/pytorch/libtensoradapter_pytorch_1.12.1.so: cannot open shared "
        "object file: No such file or directory\nUsing backend: pytorch"
    )
    found = explain(notice)
    assert found and found[0].key == "geo-dgl-tensoradapter-notice" and found[0].severity == "warning"
    assert found.outcome == "warnings-only" and not found.failures
    # a real failure after the notice is the answer
    failed = notice + "\ndgl._ffi.base.DGLError: Check failed: allow_missing: Device API cuda is not enabled. Please "
    failed += "install the cuda version of dgl."
    assert first(failed)[0] == "geo-dgl-cpu-build"
    # near miss: a dlopen failure of another library is no DGL notice
    assert "geo-dgl-tensoradapter-notice" not in keys(
        "OSError: libfoo.so: cannot open shared object file: No such file or directory"
    )


def test_an_application_moves_its_run_to_the_cpu_when_dgl_is_the_cpu_build() -> None:
    text = (
        "Warning: configured for GPU, but the CUDA build of DGL is not installed. Falling back to CPU.\n"
        "epoch 1: loss 0.53"
    )
    key, fix = first(text)
    assert key == "geo-dgl-cpu-build" and "Nothing failed" in fix
    # DGL's own error keeps its fix
    key, fix = first("DGLError: Device API cuda is not enabled. Please install the cuda version of dgl.")
    assert key == "geo-dgl-cpu-build" and "Nothing failed" not in fix


def test_macos_dyld_symbol_not_found_of_torch() -> None:
    for text in (
        "ImportError: dlopen(/Users/me/venv/lib/python3.9/site-packages/torch_scatter/_scatter_cpu.so, 0x0002): "
        "Symbol not found: __ZN3c1017RegisterOperatorsD1Ev\n  Referenced from: /Users/me/venv/lib/python3.9/"
        "site-packages/torch_scatter/_scatter_cpu.so\n  Expected in: /Users/me/venv/lib/python3.9/site-packages/"
        "torch/lib/libtorch_cpu.dylib",
        "OSError: dlopen(/Users/me/ext/_C.so, 2): symbol not found in flat namespace '__ZNK2at10TensorBase8data_ptrEv'",
    ):
        assert first(text)[0] == "extension-abi-mismatch", text
    # near miss: a macOS symbol of another library is no torch ABI mismatch
    assert "extension-abi-mismatch" not in keys("dyld: Symbol not found: _OBJC_CLASS_$_NSFoo")


def test_cuda_internal_launch_symbols() -> None:
    tf_op = (
        '  File "/venv/lib/python3.8/site-packages/tensorflow/python/framework/load_library.py", line 58, in '
        "load_op_library\n    lib_handle = py_tf.TF_LoadLibrary(library_filename)\ntensorflow.python.framework."
        "errors_impl.NotFoundError: ./ops/grouping/tf_grouping_so.so: undefined symbol: __cudaPopCallConfiguration"
    )
    key, fix = first(tf_op)
    assert key == "ext-undefined-cudart-symbol" and "-lcudart" in fix and "tf.sysconfig" in fix
    torch_ext = "ImportError: /src/knn/knn_cuda.so: undefined symbol: __cudaRegisterFatBinaryEnd"
    key, fix = first(torch_ext)
    assert key == "ext-undefined-cudart-symbol" and "newer nvcc" in fix
    # the plain runtime function keeps its fix
    key, fix = first("ImportError: /src/ext/_ext.so: undefined symbol: cudaLaunchKernel")
    assert key == "ext-undefined-cudart-symbol" and "TORCH_USE_RTLD_GLOBAL" in fix
    # near miss: relocatable device code's registration symbol is another problem
    assert "ext-undefined-cudart-symbol" not in keys(
        "undefined symbol: __cudaRegisterLinkedBinary_41_tmpxft_00001234_00000000_7_kernel_cpp1_ii_abcdef"
    )


def test_tensorflow_framework_not_found() -> None:
    for text in (
        "g++ -std=c++11 tf_interpolate.cpp -o tf_interpolate_so.so -shared -fPIC -ltensorflow_framework\n"
        "/usr/bin/ld: cannot find -ltensorflow_framework\ncollect2: error: ld returned 1 exit status",
        "ld: library not found for -ltensorflow_framework\nclang: error: linker command failed with exit code 1",
        "ld.lld: error: unable to find library -ltensorflow_cc",
    ):
        key, fix = first(text)
        assert key == "jit-tf-framework-lib-not-found" and "get_link_flags" in fix, text
    # near miss: another library the linker cannot find keeps its own family
    assert first("/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status")[0] == (
        "build-cuda-link-error"
    )


def test_standard_names_whose_header_is_no_longer_included() -> None:
    for text in (
        "src/nms.h:88:5: error: ‘cout’ is not a member of ‘std’",
        "box_ops.cpp:12:10: error: 'runtime_error' is not a member of 'std'",
        "note: 'std::numeric_limits' is defined in header '<limits>'; did you forget to '#include <limits>'?",
    ):
        key, fix = first(text)
        assert key == "build-cxx-missing-std-include" and "#include" in fix, text
    # near miss: a name the code itself misspelled is no missing standard header
    assert "build-cxx-missing-std-include" not in keys("error: 'myhelper' is not a member of 'std'")
