"""`explain`, round twenty-five (issue 36): old stacks (CUDA 8-11, cuDNN 5-9, TensorFlow 1.x, torch 0.4-1.x,
configure scripts and Bazel). A project's configure script refusing the host g++ for its CUDA is nvcc's host-compiler
check; TensorFlow's Bazel CUDA autoconfiguration has its own family (not numba's libdevice); code written for a
cuDNN API that a later cuDNN removed has its own family; torch.utils.ffi is the torch C++ API an extension predates;
TensorFlow 1.x's "compatibility version" cuDNN check wants the same minor; a small card that runs out while the
weights load is too small for the model; TensorFlow 1.x's missing CUDA library is an import failure, no warning. A
miss reads a configure script's or Bazel's failure as a build, not as a run, and a title that says how a binary was
"compiled with" a version as no compile step. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_configure_script_refusing_the_host_compiler() -> None:
    for text in (
        "$ ./configure --shared --use-cuda\n\n***configure failed: CUDA 9_1 does not support g++ (g++-7).\n"
        "                 You need g++ < 7.0. ***",
        "***configure failed: CUDA 10_2 does not support /usr/bin/g++ (g++-10.2.0). Only versions strictly older "
        "than 9.0 are supported. ***",
    ):
        key, fix = first(text)
        assert key == "build-nvcc-host-compiler", text
        assert "CXX=g++-" in fix and "newer CUDA toolkit" in fix, text
    # nvcc's own check: its generic fix (-ccbin), not the configure script's
    key, fix = first(
        "/usr/local/cuda/include/crt/host_config.h:129:2: error: #error -- unsupported GNU version! gcc versions "
        "later than 7 are not supported!"
    )
    assert key == "build-nvcc-host-compiler" and "-ccbin" in fix and "configure script" not in fix
    # the same script rejecting the CUDA itself is no host-compiler check
    assert first("***configure failed: CUDA version 7_5 is too old and unsupported. ***")[0] != (
        "build-nvcc-host-compiler"
    )


def test_tensorflow_bazel_cuda_configuration() -> None:
    key, fix = first(
        "ERROR: error loading package '': Encountered error while reading extension file 'cuda/build_defs.bzl': "
        "no such package '@local_config_cuda//cuda':\n\tFile \"/src/tf/third_party/gpus/cuda_configure.bzl\", line "
        '980, in _find_nvvm_libdevice_dir\n\t\tauto_configure_fail(("Cannot find libdevice.10.bc un...))\n\n'
        "Cuda Configuration Error: Cannot find libdevice.10.bc under /usr/local/cuda-8.0"
    )
    assert key == "build-tf-cuda-configure" and "CUDA 9" in fix and "libdevice.compute_XX" in fix
    key, fix = first(
        "Cuda Configuration Error: cuDNN version detected from /usr/local/cuda/include/cudnn.h (7.6.5) does not "
        "match TF_CUDNN_VERSION (7.0)"
    )
    assert key == "build-tf-cuda-configure" and "rerun ./configure" in fix
    key, fix = first(
        "Cuda Configuration Error: Cannot find line containing '#define CUDNN_MAJOR' in /usr/include/cudnn.h"
    )
    assert key == "build-tf-cuda-configure" and "cudnn_version.h" in fix
    key, fix = first("Could not find any cublas_api.h matching version '10.1' in any subdirectory:\n  'include'")
    assert key == "build-tf-cuda-configure" and "tested-build table" in fix
    # numba's own libNVVM / libdevice lookup stays numba's
    key, _ = first(
        "numba.cuda.cudadrv.error.NvvmSupportError: Missing libdevice file for compute_75.\nPlease ensure you have "
        "a CUDA Toolkit 11.2 or higher."
    )
    assert key == "kern-numba-nvvm-missing"


def test_code_for_an_older_cudnn_api() -> None:
    for text in (
        'layers/conv.cu(212): error: identifier "cudnnGetConvolutionBackwardFilterAlgorithm" is undefined',
        "src/conv_layer.cpp:97:9: error: \u2018CUDNN_CONVOLUTION_BWD_DATA_PREFER_FASTEST\u2019 was not declared in "
        "this scope",
        "lib/cudnn_ops.c:40:3: error: implicit declaration of function 'cudnnGetConvolutionForwardAlgorithm'; did "
        "you mean 'cudnnGetConvolutionForwardAlgorithm_v7'? [-Werror=implicit-function-declaration]",
        "rnn_impl.cc:310:20: error: 'cudnnSetRNNDescriptor' was not declared in this scope",
    ):
        key, fix = first(text)
        assert key == "build-cudnn-api-removed", text
        assert "_v7" in fix and "cuDNN 7" in fix and "did you mean" in fix, text
    key, fix = first('rnn.cu(88): error: identifier "cudnnGetRNNWorkspaceSize" is undefined')
    assert key == "build-cudnn-api-removed" and "cudnnRNNForward" in fix and "cuDNN 8" in fix
    key, fix = first(
        "layers/cudnn_conv.cpp:51:3: error: too few arguments to function 'cudnnStatus_t "
        "cudnnSetConvolution2dDescriptor(cudnnConvolutionDescriptor_t, int, int, int, int, int, int, "
        "cudnnConvolutionMode_t, cudnnDataType_t)'"
    )
    assert key == "build-cudnn-api-removed" and "compute-type argument" in fix
    key, fix = first(
        "cd darknet && make\n./src/deconvolutional_layer.c:70:5: error: 'CUDNN_CONVOLUTION_FWD_NO_WORKSPACE' "
        "undeclared (first use in this function)"
    )
    assert key == "build-cudnn-api-removed" and "CUDNN=0" in fix and "fork" in fix
    # the _v7 call missing is an older cuDNN than the code, not a removed API
    assert first("conv.cpp:12:5: error: 'cudnnGetConvolutionForwardAlgorithm_v7' was not declared in this scope")[
        0
    ] != ("build-cudnn-api-removed")


def test_a_build_script_on_torch_utils_ffi() -> None:
    for text in (
        'Traceback (most recent call last):\n  File "make_layers.py", line 4, in <module>\n    from '
        "torch.utils.ffi import create_extension\nModuleNotFoundError: No module named 'torch.utils.ffi'",
        '  File "/opt/venv/lib/python3.7/site-packages/torch/utils/ffi/__init__.py", line 1, in <module>\n    '
        'raise ImportError("torch.utils.ffi is deprecated. Please use cpp extensions instead.")\nImportError: '
        "torch.utils.ffi is deprecated. Please use cpp extensions instead.",
    ):
        key, fix = first(text)
        assert key == "build-torch-thc-removed", text
        assert "torch it targets" in fix and "cpp_extension" in fix, text
    # THC itself: the port to ATen, no ffi advice
    key, fix = first("csrc/cuda/roi_align.cu:4:10: fatal error: THC/THC.h: No such file or directory")
    assert key == "build-torch-thc-removed" and "ATen" in fix and "torch.utils.ffi" not in fix


def test_tensorflow_1x_cudnn_compatibility_version() -> None:
    key, fix = first(
        "2018-06-02 11:20:33.100000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:396] Loaded runtime CuDNN "
        "library: 7201 (compatibility version 7200) but source was compiled with 7103 (compatibility version 7100)."
    )
    assert key == "fw-cuda-library-older" and "same major and minor" in fix and "apt-mark hold" in fix
    # a title alone
    key, fix = first(
        "(issue title: Loaded runtime CuDNN library: 6021 (compatibility version 6000) but source was compiled with "
        "5110 (compatibility version 5100))"
    )
    assert key == "fw-cuda-library-older" and "same major and minor" in fix
    # the later wording allows a newer minor: TensorFlow's general fix
    key, fix = first(
        "E tensorflow/stream_executor/cuda/cuda_dnn.cc:343] Loaded runtime CuDNN library: 7.0.5 but source was "
        "compiled with: 7.2.1."
    )
    assert key == "fw-cuda-library-older" and "same major and minor" not in fix


def test_a_small_card_out_of_memory_while_weights_load() -> None:
    oom = (
        "RuntimeError: CUDA out of memory. Tried to allocate 96.00 MiB (GPU 0; {cap} GiB total capacity; 1.70 GiB "
        "already allocated; 30.00 MiB free; 1.80 GiB reserved in total by PyTorch)"
    )
    load = (
        '  File "/venv/lib/python3.8/site-packages/torch/serialization.py", line 176, in default_restore_location\n'
        "    result = fn(storage, location)\n"
        '  File "/venv/lib/python3.8/site-packages/torch/serialization.py", line 158, in _cuda_deserialize\n'
        "    return obj.cuda(device)\n"
    )
    moving = (
        '  File "/venv/lib/python3.8/site-packages/torch/nn/modules/module.py", line 530, in _apply\n'
        "    module._apply(fn)\n"
    )
    for text in (load + oom.format(cap="2.00"), moving + oom.format(cap="3.94")):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "more memory" in fix and "will not help" in fix, text
    # the same restore on a large card: the checkpoint's placement (map_location)
    key, fix = first(load + oom.format(cap="23.65"))
    assert key == "gpu-out-of-memory" and "map_location='cpu'" in fix and "will not help" not in fix
    # a small card during a forward pass: the batch and the other generic fixes
    forward = '  File "train.py", line 40, in <module>\n    loss = model(x)\n'
    key, fix = first(forward + oom.format(cap="2.00"))
    assert key == "gpu-out-of-memory" and "will not help" not in fix


def test_tensorflow_1x_without_its_cuda_library_fails_at_import() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/env/lib/python3.6/site-packages/tensorflow/python/pywrap_tensorflow.py", line 58, in '
        "<module>\n    from tensorflow.python.pywrap_tensorflow_internal import *\n"
        "ImportError: libcufft.so.9.0: cannot open shared object file: No such file or directory\n\n"
        "Failed to load the native TensorFlow runtime."
    )
    key, fix = first(text)
    assert key == "cuda-library-major" and "no warning" in fix and "LD_LIBRARY_PATH" in fix
    assert "runs on, on the CPU" not in fix
    # TensorFlow 2's loader warning: the CPU fallback is real there
    key, fix = first(
        "2021-03-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not "
        "load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No "
        "such file or directory"
    )
    assert key == "cuda-library-major" and "no warning" not in fix


def test_a_configure_or_bazel_failure_no_family_knows_is_a_build() -> None:
    for text, step in (
        (
            "$ ./configure --mathlib=OPENBLAS\n***configure failed: OpenBLAS not found under ../tools/OpenBLAS. ***",
            "configure step",
        ),
        ("checking for gfortran... no\nconfigure: error: no acceptable Fortran compiler found in $PATH", "configure"),
        (
            "ERROR: /work/src/tensorflow/core/kernels/BUILD:4112:1: error loading package 'third_party/foo': "
            "no such package",
            "Bazel",
        ),
    ):
        found = explain(text)
        assert found.first_answer == "miss", text
        assert found.stage == "compile" and step in (found.next_step or ""), text
        assert "nvidia-smi" not in found.command, text


def test_a_title_about_how_a_binary_was_compiled_is_no_compile_step() -> None:
    found = explain("(issue title: Loaded library version 4.2 but the module was compiled with 4.1)")
    assert found.first_answer == "miss" and found.stage != "compile"
    # words about a build: the build's own output is the next thing to read
    found = explain("Build from source fails on Ubuntu 16.04 with gcc 7")
    assert found.stage == "compile" and "make VERBOSE=1" in found.command and "nvidia-smi" not in found.command
    # a Visual Studio build's row without the compiler's line: MSBuild's detailed log
    found = explain(
        "MSB3721 the command nvcc.exe --compile -o x64\\Release\\kernel.cu.obj kernel.cu exited with code 1"
    )
    assert found.stage == "compile" and "msbuild" in found.command
    # nvcc's version banner is no build: the generic step stays
    found = explain("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 11.2, V11.2.152")
    assert "make VERBOSE=1" not in found.command
