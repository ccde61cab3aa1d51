"""`explain`, round fifteen (issue 36): a fix worded for the product the user ran, not torch, and the loader-path fix
where the text shows the right CUDA installed. Each text is the library's own wording (cited in the families'
``example_source``); near misses (the same words from torch, or from another product) must keep their own answer."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_ctranslate2_cublas_status_gets_a_compute_type_fix() -> None:
    # CTranslate2's CUBLAS_CHECK (include/ctranslate2/cuda/utils.h): "cuBLAS failed with status X"
    ct2 = (
        'File "faster_whisper\\transcribe.py", line 1719, in encode\n'
        "RuntimeError: cuBLAS failed with status CUBLAS_STATUS_NOT_SUPPORTED"
    )
    key, fix = first(ct2)
    assert key == "serve-ct2-compute-type" and "--compute_type" in fix and "model.float()" not in fix
    # torch's own wording keeps torch's family and fix
    torch_text = (
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, m, n, "
        "k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, "
        "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`"
    )
    assert first(torch_text)[0] == "torch-cublas-not-supported"


def test_tensorflow_cublas_failure_gets_tensorflows_fix() -> None:
    # TensorFlow's stream executor (stream_executor/cuda/cuda_blas.cc) and matmul op
    for text in (
        "E tensorflow/stream_executor/cuda/cuda_blas.cc:428] failed to run cuBLAS routine cublasSgemm_v2: "
        "CUBLAS_STATUS_EXECUTION_FAILED",
        "failed to run cuBLAS routine cublasSgemm_v2: CUBLAS_STATUS_EXECUTION_FAILED",
        "InternalError: Blas GEMM launch failed : a.shape=(100, 784), b.shape=(784, 10), m=100, n=10, k=784",
    ):
        key, fix = first(text)
        assert key == "cublas-failure-other-framework", text
        assert "TF_FORCE_GPU_ALLOW_GROWTH" in fix and "torch.cuda" not in fix
    # torch's own EXECUTION_FAILED stays torch's
    assert first("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle)`")[0] == (
        "torch-cublas-failure"
    )


def test_caffe2_cudnn_enforce_gets_the_engine_switch() -> None:
    # Caffe2's CUDNN_ENFORCE (caffe2/core/common_cudnn.h)
    text = (
        "terminate called after throwing an instance of 'caffe2::EnforceNotMet'\n"
        "  what():  [enforce fail at conv_op_cudnn.cc:580] status == CUDNN_STATUS_SUCCESS. 9 vs 0. , Error at: "
        "/src/caffe2/caffe2/operators/conv_op_cudnn.cc:580: CUDNN_STATUS_NOT_SUPPORTED Error from operator:"
    )
    key, fix = first(text)
    assert key == "caffe-cudnn-check-failed" and "engine" in fix and "flashlight" not in fix
    # a torch cuDNN NOT_SUPPORTED keeps torch's family
    assert (
        first(
            "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a "
            "non-contiguous input."
        )[0]
        == "torch-cudnn-not-supported"
    )
    # a status that is not the enforce's (a "status ==" with another enum) does not match
    assert "caffe-cudnn-check-failed" not in keys("[enforce fail at x.cc:1] status == CUBLAS_STATUS_SUCCESS. 1 vs 0.")


def test_zluda_is_named_before_the_cuda_fix() -> None:
    text = (
        "[ZLUDA] loaded nvcuda.dll\n"
        "RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Exception during initialization: "
        "onnxruntime::CudaCall CUDNN failure 4: CUDNN_STATUS_INTERNAL_ERROR ; GPU=0"
    )
    key, fix = first(text)
    assert key == "gpu-zluda-partial-cuda" and "DmlExecutionProvider" in fix
    # ZLUDA named in a line that reports no failure is no answer
    assert "gpu-zluda-partial-cuda" not in keys("Using ZLUDA 3.8 for the GPU")


def test_thc_of_lua_torch_is_not_pytorchs() -> None:
    # a C++ program linking Lua Torch7's TH / THC, no PyTorch in the text (szagoruyko/cvpr15deepcompare#37)
    plain = (
        "/home/u/cvpr15deepcompare/opencv/example.cpp:15:21: fatal error: THC/THC.h: No such file or directory\n"
        "compilation terminated.\nmake: *** [all] Error 2"
    )
    found = keys(plain)
    assert found[0] == "build-thc-header-lua-or-torch" and "build-torch-thc-removed" in found
    lua = "luarocks make rocks/cunn-scm-1.rockspec\n/tmp/cunn/lib/THCUNN/THCUNN.h:1:17: fatal error: THC/THC.h: No " + (
        "such file or directory"
    )
    key, fix = first(lua)
    assert key == "build-thc-header-lua-or-torch" and "luarocks" in fix and "ATen" not in fix
    assert "build-torch-thc-removed" not in keys(lua)
    # a PyTorch extension's THC keeps PyTorch's porting fix
    ext = (
        "building 'DCNv2' extension\n/usr/local/cuda/bin/nvcc -c src/cuda/dcn_v2_cuda.cu -I/usr/lib/python3/"
        "site-packages/torch/include\nsrc/cuda/dcn_v2_cuda.cu:7:10: fatal error: THC/THC.h: No such file or directory"
    )
    found = keys(ext)
    assert found[0] == "build-torch-thc-removed" and "build-thc-header-lua-or-torch" not in found


def test_right_cuda_installed_gets_the_loader_path_fix() -> None:
    # the text shows the very CUDA the library wants installed: the loader's path is the fix
    text = (
        "$ ls /usr/local/cuda-10.0/lib64/libcudart*\n/usr/local/cuda-10.0/lib64/libcudart.so.10.0\n"
        "ImportError: libcudart.so.10.0: cannot open shared object file: No such file or directory"
    )
    key, fix = first(text)
    assert key == "shared-library-not-found" and "LD_LIBRARY_PATH" in fix
    # another CUDA installed: a build for it, or that CUDA's libraries
    other = "/usr/local/cuda-11.0/bin/nvcc\nImportError: libcudart.so.10.0: cannot open shared object file: No such "
    assert first(other + "file or directory")[0] == "cuda-library-major"
    # the bare line: the core row, whose fix now starts with the loader-path check
    key, fix = first("ImportError: libcudart.so.10.0: cannot open shared object file: No such file or directory")
    assert key == "cuda-library-major" and fix.startswith("First check whether that CUDA is installed")


def test_ptx_newer_than_the_driver_in_a_rust_or_jetson_build() -> None:
    # cudarc's DriverError (candle, mistral.rs) with the driver API's status and message
    rust = (
        'Error: DriverError(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "the provided PTX was compiled with an unsupported '
        'toolchain.") when loading dequantize_block_q4_K_f32'
    )
    key, fix = first(rust)
    assert key == "kern-driver-ptx-too-new" and "cargo clean" in fix and "JetPack" in fix
    jetson = rust + "\nJetson AGX Orin, L4T R35.4.1"
    key, fix = first(jetson)
    assert key == "kern-driver-ptx-too-new" and "JetPack" in fix and "cannot be updated alone" in fix
    # torch's "driver too old (found version N)" names a driver: no no-GPU hedge
    old = "RuntimeError: The NVIDIA driver on your system is too old (found version 10020)."
    top = explain(old)[0]
    assert top.key == "cuda-driver-insufficient" and top.confidence == "sure", (top.confidence, top.alternatives)


def test_torch_cublas_and_cudnn_rows_speak_the_framework_the_user_ran() -> None:
    # each framework's own wording of a cuBLAS / cuDNN status gets that framework's remedy, not torch's
    cases = (
        ("RuntimeError: cuBLAS failed with status CUBLAS_STATUS_EXECUTION_FAILED", "--compute_type"),
        ("RuntimeError: cuDNN failed with status CUDNN_STATUS_NOT_SUPPORTED", "nvidia-cudnn-cu12"),
        ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: CustomCall failed: CUBLAS_STATUS_NOT_SUPPORTED", "jax[cuda"),
        (
            "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to launch cuBLAS routine: "
            "CUBLAS_STATUS_EXECUTION_FAILED",
            "XLA_PYTHON_CLIENT",
        ),
        (
            "OSError: (External) CUBLAS error(13). [Hint: 'CUBLAS_STATUS_EXECUTION_FAILED'. The GPU program failed "
            "to execute.] (at /paddle/paddle/phi/kernels/funcs/blas/blas_impl.cu.h:35)",
            "paddle.utils.run_check",
        ),
        (
            "mxnet.base.MXNetError: [10:00:00] src/operator/nn/./cudnn/cudnn_convolution-inl.h:156: Check failed: "
            "e == CUDNN_STATUS_SUCCESS (9 vs. 0) cuDNN: CUDNN_STATUS_NOT_SUPPORTED",
            "cudnn_off=True",
        ),
    )
    for text, word in cases:
        key, fix = first(text)
        assert word in fix and "torch.cuda" not in fix, (text, key, fix)
    # torch's own text keeps torch's fix
    _, fix = first("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle)`")
    assert "torch.cuda.get_arch_list()" in fix
