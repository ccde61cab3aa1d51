"""`explain`, round thirteen, GPU architectures, builds and library versions in each product's words (issue 36):
CUTLASS attention kernels' own architecture check (xformers, torch's memory-efficient SDPA), an in-tree CUDA op that
was never compiled ('cannot import name <op>_cuda'), TensorRT 5-7's numbered 'Cuda Error in <function>: N', TF-TRT's
missing libnvinfer ('getInferLibVersion symbol not found'), XLA's libdevice in a TensorFlow user's words, a CUDA
library of the right major pinned to the wrong release (onnxruntime-gpu), and cuDNN statuses that say little
(EXECUTION_FAILED, a SUCCESS raised as an error, no engine found) weighed against the GPU a text names and the CUDA its
build states. Each wording comes from the product's own source (the rows' ``example_source``), with near misses that
must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.gpu_generation import build_cuda, gpu_needs_cuda, newer_gpu_than_build


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_cutlass_attention_kernels_check_their_architecture() -> None:
    # xformers' fmha kernels (csrc/attention/cuda/fmha/kernel_forward.h) and the generated per-kernel stubs
    short = "FATAL: this function is for sm80, but was built for sm750"
    fix = answer(short, "kern-lib-no-kernel-image").fix
    assert "xformers" in fix and "TORCH_CUDA_ARCH_LIST" in fix and "sdpa" in fix
    named = "FATAL: kernel `fmha_cutlassF_f16_aligned_64x64_rf_sm80` is for sm80-sm100, but was built for sm121"
    assert "xformers" in answer(named, "kern-lib-no-kernel-image").fix
    # near misses: prose about a build for an architecture, and a kernel name without the check's words
    assert "kern-lib-no-kernel-image" not in keys("this wheel was built for sm80 and is for A100 users")
    assert "kern-lib-no-kernel-image" not in keys("kernel fmha_cutlassF_f16_aligned_64x64_rf_sm80 selected")


def test_an_in_tree_cuda_op_never_compiled() -> None:
    # Python 3.6's ImportError (no "from" part) and a newer one, for mmdetection 1.x's mmdet/ops/dcn
    old = "ImportError: cannot import name 'deform_conv_cuda'"
    fix = answer(old, "build-extension-without-cuda").fix
    assert "python setup.py develop" in fix and "mmdetection" in fix
    new = "ImportError: cannot import name 'roi_align_cuda' from 'mmdet.ops.roi_align' (/content/mmdetection/mmdet/ops/"
    assert "setup.py develop" in answer(new + "roi_align/__init__.py)", "build-extension-without-cuda").fix
    # near miss: a Python name that merely ends in cuda-like words is not a compiled op
    assert "build-extension-without-cuda" not in keys("ImportError: cannot import name 'is_cuda_available' from 'x'")


def test_tensorrt_legacy_numbered_cuda_error() -> None:
    text = (
        "Loading TensorRT engine from plan file...\ncudnnEngine.cpp (56) - Cuda Error in initializeCommonContext: 4\n"
        "terminate called after throwing an instance of 'nvinfer1::CudaError'\n  what():  std::exception\n"
        "Aborted (core dumped)"
    )
    found = answer(text, "trt-cuda-runtime-error")
    assert "reboot" in found.fix and "10.1" in found.fix
    # TensorRT 8+'s wording with CUDA's message keeps the general fix
    modern = "[runner.cpp::execute::416] Error Code 1: Cuda Runtime (invalid argument)"
    assert "Older TensorRT" not in answer(modern, "trt-cuda-runtime-error").fix
    # near miss: prose about a CUDA error
    assert "trt-cuda-runtime-error" not in keys("I got a Cuda Error in my code")


def test_tf_trt_missing_libnvinfer_is_answered_for_tensorflow() -> None:
    text = (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:59] Could not load dynamic library "
        "'libnvinfer.so.6'; dlerror: libnvinfer.so.6: cannot open shared object file: No such file or directory\n"
        "F tensorflow/compiler/tf2tensorrt/stub/nvinfer_stub.cc:49] getInferLibVersion symbol not found.\n"
        "Aborted (core dumped)"
    )
    fix = answer(text, "shared-library-not-found").fix
    assert "TF-TRT" in fix and "libnvinfer<N>" in fix and "torch_tensorrt pins" not in fix
    stub_only = "F tensorflow/compiler/tf2tensorrt/stub/nvinfer_stub.cc:49] getInferLibVersion symbol not found."
    assert "TF-TRT" in answer(stub_only, "shared-library-not-found").fix
    # a torch_tensorrt text keeps TensorRT's own wheel fix
    torch_text = "ImportError: libnvinfer_plugin.so.8: cannot open shared object file: No such file or directory"
    assert "TF-TRT" not in answer(torch_text, "shared-library-not-found").fix
    # near miss: a macOS dyld line
    assert "shared-library-not-found" not in keys("dyld: Symbol not found: _getInferLibVersionX")


def test_xla_libdevice_in_a_tensorflow_users_words() -> None:
    text = "Cannot find libdevice in TF 2.11\n  virtual packages : __cuda=12.0=0"
    fix = answer(text, "kern-xla-ptxas-missing").fix
    assert "xla_gpu_cuda_data_dir" in fix
    # numba's own wording stays numba's
    numba = "numba.cuda.cudadrv.error.NvvmSupportError: Cannot find libdevice. Do `conda install cudatoolkit`"
    assert answer(numba, "kern-numba-nvvm-missing")
    # near miss: TensorFlow named far from the words is not XLA's lookup
    assert "kern-xla-ptxas-missing" not in keys("Cannot find libdevice\n" + "x" * 60 + "\ntensorflow 2.11")


def test_onnxruntime_reads_the_major_from_the_dll() -> None:
    text = (
        "onnxruntime-gpu 1.30.0's own provider-bridge loader can't resolve cublasLt64_13.dll (Error 126) and falls "
        "back to CPU\ncublasLt64_13.dll missing / CPU-fallback error"
    )
    found = answer(text, "cuda-library-major")
    assert "cu13" in found.fix and "pinned" in found.fix and "CUDAExecutionProvider" in found.fix


def test_cudnn_statuses_weigh_the_gpu_against_the_build() -> None:
    success = "CuDNN error: CUDNN_STATUS_SUCCESS\n\nubuntu16.04 gpu2070s, cudnn version cant match"
    fix = answer(success, "gpu-arch-unsupported").fix
    assert "9.2" in fix and "get_arch_list" in fix
    bare = answer("CuDNN error: CUDNN_STATUS_SUCCESS", "torch-cudnn-version")
    assert bare.confidence == "likely" and "gpu-arch-unsupported" in bare.alternatives
    assert "predates the GPU" in bare.fix
    # torch's own version check stays sure
    clash = "RuntimeError: cuDNN version incompatibility: PyTorch was compiled against (8, 9, 2) but found (8, 5, 0)"
    assert answer(clash, "torch-cudnn-version").confidence == "sure"
    old_build = "RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\ntorch 1.5.1+cu101, GeForce RTX 3080 Ti"
    assert answer(old_build, "gpu-arch-unsupported")
    plain = answer("RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED", "cudnn-not-initialized")
    assert "gpu-arch-unsupported" in plain.alternatives and "get_arch_list" in plain.fix
    # a build that knows the GPU is not the answer
    fits = "RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\ntorch 2.1.0+cu118, GeForce RTX 3080 Ti"
    assert answer(fits, "cudnn-not-initialized")
    no_engine = "RuntimeError: GET was unable to find an engine to execute this computation\n1.7.1+cu101 RTX 3090"
    assert answer(no_engine, "gpu-arch-unsupported")


def test_gpu_generations_and_build_cuda() -> None:
    assert gpu_needs_cuda("NVIDIA GeForce RTX 5090") == (12, 8)
    assert gpu_needs_cuda("Tesla T4") == (10, 0)
    assert gpu_needs_cuda("in the year 2070") is None
    assert build_cuda("torch==1.5.1+cu101") == (10, 1)
    assert build_cuda("conda install pytorch=0.4.0 cuda90") == (9, 0)
    assert newer_gpu_than_build("whl/cu126 RTX 5090") and not newer_gpu_than_build("cu128 RTX 5090")
    assert not newer_gpu_than_build("RTX 2080 Ti") and newer_gpu_than_build("RTX 2080 Ti", assume_old=True)
