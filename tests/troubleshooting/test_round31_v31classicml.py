"""`explain`, round thirty-one (issue 36): classic ML, search and recommenders on the GPU. A prebuilt package's native
library loaded with ctypes that wants another CUDA release gets a plain ctypes / CUDA fix (not TensorFlow's); a dlopen
error that names a package's own library by its path leads to `ldd` on it; a standalone CUDA program's launch out of
resources leads to its run options and build, not a torch extension's; faiss's SWIG type errors name int64 ids and
float32 vectors; shap's "cuda extension was not built during install!" is an extension built without CUDA; a TensorFlow
add-on's op library with undefined abseil symbols is a build for another TensorFlow; a TensorFlow add-on's own
allocation fails under TensorFlow's preallocation (memory growth); Milvus asked for a GPU index on a CPU-only build;
a SIGILL in load_op_library is the custom-op library's, not TensorFlow's; torch 1.x's "<kernel>_cuda_frame failed with
error code 0" is a failed kernel launch. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first


def test_a_ctypes_loaded_library_of_another_cuda_release() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/opt/venv/lib/python3.8/site-packages/gpuboost/core.py", line 21, in <module>\n'
        "    _lib = CDLL(os.path.join(here, 'libgpuboost.so'))\n"
        '  File "/usr/lib/python3.8/ctypes/__init__.py", line 373, in __init__\n'
        "    self._handle = _dlopen(self._name, mode)\n"
        "OSError: libcublas.so.9.2: cannot open shared object file: No such file or directory"
    )
    key, fix = first(text)
    assert key == "cuda-library-major" and "ctypes" in fix and "ldd" in fix
    assert "TensorFlow" not in fix and "tf.sysconfig" not in fix
    # near miss: TensorFlow's own loader keeps TensorFlow's variant
    tf = (
        "2020-01-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load "
        "dynamic library 'libcudart.so.10.1'; dlerror: libcudart.so.10.1: cannot open shared object file: No such "
        "file or directory"
    )
    key, fix = first(tf)
    assert key == "cuda-library-major" and "TensorFlow" in fix and "ctypes" not in fix
    # near miss: torch's own loader through ctypes keeps a torch fix
    torch_text = (
        '  File "/venv/lib/python3.10/site-packages/torch/__init__.py", line 229, in _load_global_deps\n'
        "    ctypes.CDLL(lib_path, mode=ctypes.RTLD_GLOBAL)\n"
        '  File "/usr/lib/python3.10/ctypes/__init__.py", line 374, in __init__\n'
        "OSError: libcudnn.so.8: cannot open shared object file: No such file or directory"
    )
    assert "ctypes (CDLL) at import" not in first(torch_text)[1]


def test_a_package_library_named_by_its_path_leads_to_its_dependencies() -> None:
    text = (
        "OSError: /home/u/.local/lib/python3.9/site-packages/fastsvm/lib/libfastsvm.so: cannot open shared object "
        "file: No such file or directory"
    )
    key, fix = first(text)
    assert key == "shared-library-not-found" and "ldd <that path>" in fix and "CUDA release" in fix
    # near miss: a bare library name keeps the generic fix
    key, fix = first("ImportError: libgomp.so.1: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found" and "ldd <that path>" not in fix


def test_a_standalone_program_launch_out_of_resources() -> None:
    text = (
        "[info] training start\n"
        "FATAL Check failed: [error == cudaSuccess]  too many resources requested for launch\n"
        "Aborting application. Reason: Fatal log at [/src/solver/kernels/update_kernel.cu:88]"
    )
    key, fix = first(text)
    assert key == "cuda-launch-out-of-resources" and "run option" in fix and "TORCH_CUDA_ARCH_LIST" not in fix
    # near miss: a torch extension keeps its own fix
    ext = (
        '  File "/venv/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl\n'
        "RuntimeError: CUDA error: too many resources requested for launch (at my_ext/src/ops.cu:120)"
    )
    key, fix = first(ext)
    assert key == "cuda-launch-out-of-resources" and "TORCH_CUDA_ARCH_LIST" in fix


def test_faiss_swig_argument_types() -> None:
    ids = "TypeError: in method 'IndexIDMap_add_with_ids', argument 4 of type 'faiss::idx_t const *'"
    key, fix = first("import faiss\n" + ids)
    assert key == "faiss-swig-argument-type" and "int64" in fix and "Windows" in fix
    vec = (
        '  File "/venv/lib/python3.11/site-packages/faiss/class_wrappers.py", line 228, in replacement_add\n'
        "TypeError: in method 'IndexFlat_add', argument 3 of type 'float const *'"
    )
    key, fix = first(vec)
    assert key == "faiss-swig-argument-type" and "float32" in fix and "idx_t" not in fix
    # near miss: another SWIG binding's argument error (no faiss) is not faiss's
    other = "TypeError: in method 'Mesh_set_points', argument 2 of type 'double const *'"
    assert first(other)[0] != "faiss-swig-argument-type"


def test_shap_cuda_extension_never_built() -> None:
    text = (
        "cuda extension was not built during install!\n"
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.10/site-packages/shap/explainers/_gpu_tree.py", line 99, in shap_values\n'
        '    assert_import("cext_gpu")\n'
    )
    key, fix = first(text)
    assert key == "build-extension-without-cuda" and "_cext_gpu" in fix and "TreeExplainer" in fix
    # near miss: another package's "not compiled with GPU support" keeps the generic fix
    key, fix = first("AssertionError: Torch not compiled with CUDA enabled")
    assert "_cext_gpu" not in fix


def test_tensorflow_addon_op_library_with_undefined_abseil_symbols() -> None:
    text = (
        "tensorflow.python.framework.errors_impl.NotFoundError: /venv/lib/python3.10/site-packages/tensorflow_text/"
        "python/ops/_regex_split_ops.so: undefined symbol: _ZN4absl12lts_2023080212log_internal10LogMessagelsEi"
    )
    key, fix = first(text)
    assert key == "jit-tf-custom-op-abi" and "add-on release built for your TensorFlow" in fix
    # the older TensorFlow-symbol case keeps its rebuild fix
    old = (
        "NotFoundError: ./zero_out.so: undefined symbol: _ZN10tensorflow8OpKernel11TraceStringEPNS_15OpKernelContextEb"
    )
    key, fix = first(old)
    assert key == "jit-tf-custom-op-abi" and "get_compile_flags" in fix
    # near miss: an abseil symbol missing outside TensorFlow is not this family
    grpc = "ImportError: /venv/lib/python3.10/site-packages/grpc/_cython/cygrpc.so: undefined symbol: _ZN4absl12lts_1"
    assert first(grpc)[0] != "jit-tf-custom-op-abi"


def test_a_tensorflow_addon_allocation_under_tensorflow_preallocation() -> None:
    text = (
        "terminate called after throwing an instance of 'std::runtime_error'\n"
        "  what():  tensorflow_io/core/kernels/gpu/decode_kernel.cu.cc:77: CUDA error 2: out of memory"
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "set_memory_growth" in fix and "add-on" in fix
    # near miss: a plain torch OOM keeps torch's fix
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert key == "gpu-out-of-memory" and "set_memory_growth" not in fix


def test_milvus_gpu_index_on_a_cpu_build() -> None:
    text = (
        "pymilvus.exceptions.MilvusException: <MilvusException: (code=2003, message=failed to create index, C "
        "Runtime Exception:  => index not supported at /src/core/src/index/VectorMemIndex.cpp:120\n"
        ": segcore unsupported error[segcoreCode=2003])>\nindex_params = {'index_type': 'GPU_IVF_PQ'}"
    )
    key, fix = first(text)
    assert key == "vectordb-gpu-index-cpu-build" and "-gpu" in fix
    proxy = "MilvusException: (code=1100, message=invalid parameter[expected=valid index][actual=invalid index type: "
    key, fix = first(proxy + "GPU_BRUTE_FORCE])")
    assert key == "vectordb-gpu-index-cpu-build"
    # near miss: a RAFT failure while building a GPU index is not a CPU-only build
    raft = "failed to create index, C Runtime Exception:  => failed to build index, raft inner error at x.cpp:276"
    assert first(raft)[0] != "vectordb-gpu-index-cpu-build"


def test_an_illegal_instruction_in_a_custom_op_library() -> None:
    text = (
        ">>> import annlib\n"
        "Fatal Python error: Illegal instruction\n\n"
        "Current thread 0x00007f00 (most recent call first):\n"
        '  File "/venv/lib/python3.9/site-packages/tensorflow/python/framework/load_library.py", line 54 in '
        "load_op_library\n"
        '  File "/venv/lib/python3.9/site-packages/annlib/ops/py/annlib_ops.py", line 30 in <module>\n'
    )
    key, fix = first(text)
    assert key == "proc-illegal-instruction" and "load_op_library" in fix and "rebuilding TensorFlow" in fix
    # near miss: `import tensorflow` dying keeps TensorFlow's variant
    tf = ">>> import tensorflow as tf\nIllegal instruction (core dumped)"
    key, fix = first(tf)
    assert key == "proc-illegal-instruction" and "build TensorFlow from source" in fix


def test_torch_kernel_launch_check_failed_with_error_code() -> None:
    for text in (
        "RuntimeError: max_pool2d_with_indices_out_cuda_frame failed with error code 0",
        "RuntimeError: fractional_max_pool2d_out_cuda_frame failed with error code 0",
    ):
        key, fix = first(text)
        assert key == "gpu-arch-unsupported" and "get_arch_list" in fix and "cudaGetLastError" in fix, text
    # near miss: a pip build's "failed with error code 1" is no kernel launch
    pip = "ERROR: Command errored out: python setup.py egg_info failed with error code 1 in /tmp/pip-build/pkg/"
    assert first(pip)[0] != "gpu-arch-unsupported"


def test_a_device_mismatch_on_two_gpus_names_the_library_case() -> None:
    key, fix = first(
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, "
        "cuda:1 and cuda:0!"
    )
    assert key == "device-mismatch" and "upgrade the library" in fix and "device=x.device" in fix
