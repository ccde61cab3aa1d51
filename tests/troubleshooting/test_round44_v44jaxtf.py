"""`explain`, round forty-four (issue 36): JAX / XLA and TensorFlow projects on the GPU, and their language bindings.
Two frameworks in one process (TensorFlow or JAX reserving the GPU, the other running out) get the fix that stops
the first one reserving it; jaxlib's TensorFlow-looking log lines (external/org_tensorflow/... paths) get JAX's
fixes, never TensorFlow's growth settings; an add-on's op library that does not load (TF-DF's own warning, a
TensorFlow .proto registered twice) is the add-on built for another TensorFlow; an attribute TensorFlow re-exports
from a companion package is that companion's release; a binding's missing native entry point (.NET's
EntryPointNotFoundException, a C API's undefined symbol) is the binding and its native library of two releases.
Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

# ---- two frameworks in one process ---------------------------------------------------------------------------------

_JAX_OOM = "jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 2147483648 bytes."
_TF_DEVICE = (
    "2024-03-02 10:00:01.123456: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1929] Created device "
    "/job:localhost/replica:0/task:0/device:GPU:0 with 77421 MB memory:  -> device: 0, name: NVIDIA A100"
)


def test_two_frameworks_in_one_process_stop_the_first_reserving() -> None:
    for text in (
        # TensorFlow's GPU device created, then JAX out of memory
        _TF_DEVICE + "\n" + _JAX_OOM,
        # a data pipeline through tensorflow_datasets beside a JAX model
        '  File "/srv/train.py", line 12, in <module>\n    import tensorflow_datasets as tfds\n'
        '  File "/srv/train.py", line 80, in train_step\n' + _JAX_OOM,
        # torch's out-of-memory under TensorFlow's reservation
        _TF_DEVICE + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a "
        "total capacity of 79.15 GiB of which 120.00 MiB is free.",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory", text
        assert "set_visible_devices([], 'GPU')" in fix and "nvidia-smi` shows no other process" in fix, text


def test_one_framework_keeps_its_own_out_of_memory_fix() -> None:
    # JAX alone: JAX's fix, which still names TensorFlow imported beside it as a holder to check
    key, fix = first(_JAX_OOM)
    assert key == "gpu-out-of-memory" and "XLA_PYTHON_CLIENT_PREALLOCATE" in fix
    assert "Two frameworks run" not in fix
    # TensorFlow alone: its growth settings
    tf_only = (
        _TF_DEVICE + "\ntensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor "
        "with shape[64,256,256,3] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
        "GPU_0_bfc"
    )
    key, fix = first(tf_only)
    assert key == "gpu-out-of-memory" and "set_memory_growth" in fix and "Two frameworks run" not in fix
    # jaxlib's own TensorFlow-looking paths are no TensorFlow in the process
    jax_paths = (
        "E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:2085] Execution of "
        "replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1073741824 bytes.\n"
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
        "1073741824 bytes."
    )
    key, fix = first(jax_paths)
    assert key == "gpu-out-of-memory" and "Two frameworks run" not in fix and "XLA_PYTHON_CLIENT" in fix


# ---- jaxlib's TensorFlow-looking lines -----------------------------------------------------------------------------


def test_jaxlib_cublas_handle_gets_jaxs_fix() -> None:
    cublas = (
        "2023-01-05 09:00:00.000001: E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_blas.cc:232] "
        "failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED\n"
    )
    for tail in (
        "2023-01-05 09:00:00.000002: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/"
        "pjrt_stream_executor_client.cc:2129] Execution of replica 0 failed: INTERNAL: Attempting to perform BLAS "
        "operation using StreamExecutor without BLAS support",
        'Traceback (most recent call last):\n  File "ppo_atari_jax.py", line 310, in <module>\n    agent_state = '
        "update(agent_state)",
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Attempting to perform BLAS operation using StreamExecutor "
        "without BLAS support",
    ):
        key, fix = first(cublas + tail)
        assert key == "torch-cublas-alloc", tail
        assert (
            "XLA_PYTHON_CLIENT_PREALLOCATE=false" in fix
            and "TF_FORCE_GPU_ALLOW_GROWTH / set_memory_growth do not" in fix
        )


def test_tensorflow_cublas_handle_keeps_tensorflows_fix() -> None:
    # TensorFlow's own log (no external/ prefix, its Python frames): its growth settings
    text = (
        "2020-06-01 12:00:00.000000: E tensorflow/stream_executor/cuda/cuda_blas.cc:238] failed to create cublas "
        "handle: CUBLAS_STATUS_NOT_INITIALIZED\n"
        "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : a.shape=(32, 784)"
    )
    key, fix = first(text)
    assert key == "torch-cublas-alloc" and "TF_FORCE_GPU_ALLOW_GROWTH=true" in fix and "jaxlib" not in fix


def test_jaxlib_cudnn_handle_gets_jaxs_fix() -> None:
    text = (
        "E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_dnn.cc:371] Could not create cudnn handle: "
        "CUDNN_STATUS_INTERNAL_ERROR\n"
        "E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:2085] Execution of "
        "replica 0 failed: UNKNOWN: Failed to get convolution algorithm."
    )
    key, fix = first(text)
    assert "XLA_PYTHON_CLIENT_PREALLOCATE" in fix and "set_memory_growth" not in fix, key


# ---- an add-on's op library that does not load --------------------------------------------------------------------


def test_addon_op_library_built_for_another_tensorflow() -> None:
    warning = (
        "WARNING:root:Failure to load the training.so custom c++ tensorflow ops. This error is likely caused the "
        "version of TensorFlow and TensorFlow Decision Forests are not compatible. Full error:undefined symbol: "
        "_ZN3tsl6StatusC1E"
    )
    # the warning names the add-on's op library: whatever the engine makes of the warning line, the family is seen
    assert any(e.key == "jit-tf-custom-op-abi" for e in explain(warning))
    protobuf = (
        "[libprotobuf ERROR external/com_google_protobuf/src/google/protobuf/descriptor_database.cc:641] File "
        "already exists in database: tensorflow/core/protobuf/struct.proto\n"
        "[libprotobuf FATAL external/com_google_protobuf/src/google/protobuf/descriptor.cc:1371] CHECK failed: "
        "GeneratedDatabase()->Add(encoded_file_descriptor, size):\n"
        "terminate called after throwing an instance of 'google::protobuf::FatalException'"
    )
    key, fix = first(protobuf)
    assert key == "jit-tf-custom-op-abi" and "built for another TensorFlow release" in fix
    # near miss: another program's .proto registered twice is no TensorFlow op library
    other = (
        "[libprotobuf ERROR google/protobuf/descriptor_database.cc:58] File already exists in database: "
        "caffe.proto\n[libprotobuf FATAL google/protobuf/descriptor.cc:1394] CHECK failed: "
        "GeneratedDatabase()->Add(encoded_file_descriptor, size):"
    )
    assert first(other)[0] != "jit-tf-custom-op-abi"


# ---- companion packages --------------------------------------------------------------------------------------------


def test_tf_companion_packages_of_another_release() -> None:
    for text in (
        "AttributeError: module 'tensorflow' has no attribute 'estimator'",
        "AttributeError: module 'tensorflow.compat.v1' has no attribute 'estimator'",
        "AttributeError: module 'tensorflow_hub.tf_v1' has no attribute 'estimator'",
        "AttributeError: module 'tensorflow.compat.v2.__internal__' has no attribute 'register_load_context_function'",
    ):
        key, fix = first(text)
        assert key == "py-module-attribute-missing" and "same minor" in fix and "tensorflow-estimator" in fix, text
    tfp = (
        "ImportError: This version of TensorFlow Probability requires TensorFlow version >= 2.18; Detected an "
        "installation of version 2.15.0. Please upgrade TensorFlow to proceed."
    )
    assert first(tfp)[0] == "tfp-tensorflow-version"
    # near misses: a misspelt attribute, and TensorFlow 1's API under TensorFlow 2, keep the generic answer
    for text in (
        "AttributeError: module 'tensorflow' has no attribute 'estimater'",
        "AttributeError: module 'tensorflow' has no attribute 'Session'",
        "AttributeError: module 'numpy' has no attribute 'estimator'",
    ):
        key, fix = first(text)
        assert key == "py-module-attribute-missing" and "tensorflow-estimator" not in fix, text


# ---- a binding and its native library ------------------------------------------------------------------------------


def test_binding_and_native_library_of_two_releases() -> None:
    for text in (
        "Unhandled exception. System.EntryPointNotFoundException: Unable to find an entry point named "
        "'TF_StringEncodedSize' in DLL 'tensorflow'.\n   at Tensorflow.c_api.TF_StringEncodedSize(UInt64 len)",
        "System.EntryPointNotFoundException: Unable to find an entry point named 'TFE_NewContext' in shared library "
        "'libtensorflow'.",
        "./predict: symbol lookup error: ./predict: undefined symbol: TF_SetAttrTensorShapeList",
    ):
        key, fix = first(text)
        assert key == "win-dll-entry-point-missing" and "SciSharp.TensorFlow.Redist" in fix, text
    ort = (
        "System.EntryPointNotFoundException: Unable to find an entry point named 'OrtGetApiBase' in DLL 'onnxruntime'."
    )
    key, fix = first(ort)
    assert key == "win-dll-entry-point-missing" and "managed and native packages of one version" in fix
    # near misses: the CPU onnxruntime package's missing CUDA provider, and the driver's own DLL
    assert (
        first(
            "Unable to find an entry point named 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'."
        )[0]
        == "ort-cpu-package"
    )
    key, fix = first("Unable to find an entry point named 'cuInit' in DLL 'nvcuda'.")
    assert "SciSharp" not in fix and "update the NVIDIA driver" in fix
