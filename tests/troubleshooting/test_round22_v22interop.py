"""`explain`, round twenty-two (issue 36), frameworks and processes sharing a GPU: each class in its library's own
wording (the sources cited in the families' ``example_source``), with the fix worded for the program that ran (a C++
backend, OpenMM, jaxlib, Keras 3, onnxruntime in a forked worker, a non-torch NCCL user, two DLPack releases, torch's
CUDA IPC); near misses (the same words elsewhere) must not match or must keep the other product's fix."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_no_current_context_is_worded_for_any_driver_api_user() -> None:
    # a C++ framework backend's own log (the CUDA driver's CUDA_ERROR_INVALID_CONTEXT, no pycuda in the text)
    backend = "terminate called after throwing an instance of 'std::runtime_error'\n  what():  cuLaunchKernel( ... ) "
    backend += "failed with error CUDA_ERROR_INVALID_CONTEXT"
    key, fix = first(backend)
    assert key == "pycuda-no-context"
    assert "every thread" in fix and "retain_primary_context" not in fix and "pycuda" not in fix
    # pycuda's own wording keeps pycuda's fix
    pycuda = (
        "pycuda._driver.LogicError: explicit_context_dependent failed: invalid device context - no currently active "
        "context?"
    )
    key, fix = first(pycuda)
    assert key == "pycuda-no-context" and "autoprimaryctx" in fix


def test_invalid_handle_in_openmm_names_openmm_context() -> None:
    openmm = "openmm.OpenMMException: Error invoking kernel: CUDA_ERROR_INVALID_HANDLE (400)"
    key, fix = first(openmm)
    assert key == "invalid-resource-handle" and "OpenMM" in fix and "push" in fix
    assert "primary_context(device)" not in fix
    # the same error beside pycuda keeps pycuda's fix
    key, fix = first("import pycuda.autoinit\nRuntimeError: CUDA error: invalid resource handle")
    assert key == "invalid-resource-handle" and "autoprimaryctx" in fix and "OpenMM" not in fix


def test_jaxlib_loader_lines_get_jax_fix_not_tensorflow() -> None:
    jaxlib = (
        "2024-05-02 22:56:04.344415: W external/org_tensorflow/tensorflow/tsl/platform/default/dso_loader.cc:66] "
        "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
        "file: No such file or directory; LD_LIBRARY_PATH: /opt/lib"
    )
    result = explain(jaxlib)
    assert result.outcome == "warnings-only"
    fixes = [m.fix for m in result if m.key == "cuda-library-major"]
    assert fixes and "jax" in fixes[0] and "tensorflow[and-cuda]" not in fixes[0]
    # TensorFlow's own loader line (no external/org_tensorflow path) keeps TensorFlow's fix
    tf = (
        "2023-01-01 10:00:00.000000: W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not load dynamic "
        "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file"
    )
    fixes = [m.fix for m in explain(tf) if m.key == "cuda-library-major"]
    assert fixes and "jax[cuda12]" not in fixes[0]


def test_xla_jit_conversion_failure() -> None:
    # tensorflow/compiler/jit: the op without an XLA kernel is named after the device
    unsupported = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Detected unsupported operations when trying "
        'to compile graph __inference_train_step_83604[_XlaMustCompile=true,executor_type=""] on XLA_GPU_JIT: '
        "HorovodAllreduce (No registered 'HorovodAllreduce' OpKernel for XLA_GPU_JIT devices compatible with node "
        "{{node HorovodAllreduce_grads_0}}){{node HorovodAllreduce_grads_0}}"
    )
    key, fix = first(unsupported)
    assert key == "xla-jit-unsupported" and "jit_compile=False" in fix
    assert explain(unsupported)[0].op == "HorovodAllreduce"
    # Keras 3's fit, the last line only
    assert first("Epoch 1/500\nInvalidArgumentError: ...\ntf2xla conversion failed")[0] == "xla-jit-unsupported"
    constant = (
        "XLA compilation requires that operator arguments that represent shapes or dimensions be evaluated to "
        "concrete values at compile time."
    )
    assert first(constant)[0] == "xla-jit-unsupported"
    # near misses: XLA's autoclustering notice and a TensorFlow op without a GPU kernel (no XLA device)
    assert "xla-jit-unsupported" not in keys(
        "W tensorflow/compiler/jit/mark_for_compilation_pass.cc:1412] (One-time warning): Not using XLA:CPU for "
        "cluster because envvar TF_XLA_FLAGS=--tf_xla_cpu_global_jit was not set."
    )
    assert "xla-jit-unsupported" not in keys(
        "NotFoundError: No registered 'Unique' OpKernel for 'GPU' devices compatible with node {{node Unique}}"
    )


def test_onnxruntime_no_ep_device_is_a_warning_that_means_a_failure() -> None:
    line = (
        "2026-09-02 16:20:15.526665184 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:711 operator()] No "
        "registered plugin EP device found for 'CUDAExecutionProvider' with device_id=0"
    )
    result = explain(line)
    assert result.outcome != "warnings-only" and result[0].key == "ort-ep-device-not-found"
    assert "get_providers" in result[0].fix
    forked = (
        "/app/worker.py:507: DeprecationWarning: This process (pid=30) is multi-threaded, use of fork() may lead to "
        "deadlocks in the child.\n  pid = os.fork()\n" + line
    )
    key, fix = first(forked)
    assert key == "ort-ep-device-not-found" and "spawn" in fix and "child" in fix
    # near miss: the provider named as not available (another family), not the plugin-EP discovery line
    assert "ort-ep-device-not-found" not in keys(
        "UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names."
    )


def test_nccl_result_strings_in_any_program() -> None:
    marian = (
        "[2023-11-11 10:24:27] Error: NCCL error 2 'unhandled system error' - src/training/communicator_nccl.h:43: "
        "ncclGroupEnd()"
    )
    key, fix = first(marian)
    assert key == "torch-nccl-error" and "NCCL_DEBUG=INFO" in fix and "/dev/shm" in fix and "MPI" in fix
    tests = "node1: Test NCCL failure all_reduce.cu:44 'unhandled cuda error'"
    key, fix = first(tests)
    assert key == "torch-nccl-error" and "CUDA call" in fix
    horovod = "horovod.common.exceptions.HorovodInternalError: ncclCommInitRank failed: unhandled system error"
    assert first(horovod)[0] == "torch-nccl-error"
    # near misses: NCCL's INFO banner and a plain 'internal error' of another library
    assert "torch-nccl-error" not in keys("NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\nNCCL version 2.18.1+cuda12.1")
    assert "torch-nccl-error" not in keys("RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR")


def test_cuda_ipc_on_windows_and_dlpack_handshake() -> None:
    ipc = (
        '  File "C:\\py\\lib\\site-packages\\torch\\multiprocessing\\reductions.py", line 242, in reduce_tensor\n'
        "    event_sync_required) = storage._share_cuda_()\n"
        "RuntimeError: cuda runtime error (801) : operation not supported at torch/csrc/generic/StorageSharing.cpp:245"
    )
    key, fix = first(ipc)
    assert key == "torch-operation-not-supported" and ".cpu()" in fix and "Windows" in fix
    # the same error from the allocator keeps the general fix
    key, fix = first("RuntimeError: CUDA error: operation not supported\nexpandable_segments:True")
    assert "CUDA IPC" not in fix or "expandable_segments" in fix
    dlpack = "TypeError: Tensor.__dlpack__() got an unexpected keyword argument 'dl_device'"
    key, fix = first(dlpack)
    assert key == "py-unexpected-keyword" and "DLPack" in fix and "to_dlpack" in fix
    # an ordinary unexpected keyword keeps the generic fix
    key, fix = first("TypeError: __init__() got an unexpected keyword argument 'use_auth_token'")
    assert key == "py-unexpected-keyword" and "DLPack" not in fix


def test_dlpack_export_refused_and_cupy_implicit_conversion() -> None:
    device = "BufferError: Can't export tensors on a different CUDA device index. Expected: 1. Current device: 0."
    key, fix = first(device)
    assert key == "dlpack-export-refused" and "torch.cuda.device" in fix
    key, fix = first("RuntimeError: Can't export tensors that require gradient, use tensor.detach()")
    assert key == "dlpack-export-refused" and "detach" in fix
    cupy = (
        "TypeError: Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a NumPy "
        "array explicitly."
    )
    key, fix = first(cupy)
    assert key == "cupy-implicit-numpy" and "asnumpy" in fix
    # near misses: torch's own GPU-to-numpy refusal is another family; a DLPack import error is not an export
    assert "cupy-implicit-numpy" not in keys("TypeError: can't convert cuda:0 device type tensor to numpy.")
    assert "dlpack-export-refused" not in keys("RuntimeError: from_dlpack received an invalid capsule.")
