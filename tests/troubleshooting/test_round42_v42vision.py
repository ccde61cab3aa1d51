"""`explain`, round forty-two (issue 36), depth, flow and frame-interpolation code and the CUDA extensions they build:
a cuDNN sub-library that would not load ahead of torch's "no engine" error, optional-dependency notices (xFormers, a
project's compiled extension), TensorFlow's cuDNN op launch failures, extension builds whose compiler error was cut
(and a CUDA_HOME set to the toolkit's bin folder), a project's own extension built without the GPU's architecture,
checkpoint buffers of another library release, an application's own CUDA faults and its build without CUDA, and an
empty or wrong-rank input reaching a layer. Near misses keep their other answers. The texts are written for the
classes, not copied from the reports."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_NO_ENGINE = "RuntimeError: GET was unable to find an engine to execute this computation"


def test_cudnn_sublibrary_undefined_symbol_outranks_no_engine() -> None:
    symbol = "_Z20cudnnSomethingLongNdILi3EE13cudnnStatus_tP12cudnnContext" + "PK17cudnnTensorStructS4_" * 5 + "Pv"
    text = (
        "/opt/env/lib/python3.10/site-packages/torch/nn/modules/conv.py:459: UserWarning: Attempt to open cnn_infer "
        "failed: handle=0 error: /opt/env/lib/python3.10/site-packages/nvidia/cudnn/lib/libcudnn_cnn_infer.so.8: "
        f"undefined symbol: {symbol}, version libcudnn_ops_infer.so.8 (Triggered internally at "
        "../aten/src/ATen/native/cudnn/Conv_v8.cpp:80.)\n  return F.conv2d(input, weight)\n"
        'Traceback (most recent call last):\n  File "infer.py", line 9, in <module>\n' + _NO_ENGINE
    )
    key, fix = first(text)
    assert key == "cuda-library-mixed-versions" and "LD_LIBRARY_PATH" in fix and "engine" in fix
    # the same error after the failure line, the warning cut to its torch wording
    text = _NO_ENGINE + "\nUserWarning: Attempt to open cnn_infer failed: handle=0 error: libcudnn_cnn_infer.so.8: "
    text += "undefined symbol: cudnnFoo, version libcudnn_ops_infer.so.8"
    assert first(text)[0] == "cuda-library-mixed-versions"
    # near miss: the engine error alone stays torch's no-algorithm answer
    assert first(_NO_ENGINE)[0] == "torch-cudnn-no-algorithm"


def test_optional_dependency_notices() -> None:
    for text in (
        "xFormers not available\nxFormers not available",
        "/app/dinov2/layers/attention.py:27: UserWarning: xFormers is not available (Attention)",
        "xFormers is not available (SwiGLU)\nxFormers is not available (Block)",
    ):
        found = explain(text)
        assert found and found[0].key == "optional-xformers-unavailable-notice" and found[0].notice, text
    for text in (
        "/src/flow/models/util.py:11: ImportWarning: failed to load custom correlation module which is needed for "
        "FlowNetC",
        "warning: CUDA extension not found, using the slow version of the sampler",
        "UserWarning: custom ops are not compiled; falling back to the pure-python implementation",
    ):
        found = explain(text)
        assert found and found[0].key == "optional-extension-import-notice" and found[0].notice, text
        assert "import" in found[0].fix and "build" in found[0].fix
    # near miss: a failure after the notice is the answer
    text = 'xFormers not available\nTraceback (most recent call last):\n  File "run.py", line 3\n' + _NO_ENGINE
    assert first(text)[0] == "torch-cudnn-no-algorithm"


def test_tensorflow_cudnn_op_launch_failure() -> None:
    text = (
        "tensorflow.python.framework.errors_impl.InternalError:  dnn PoolForward launch failed\n"
        "\t [[{{node model/max_pooling2d/MaxPool}}]] [Op:__inference_predict_function_812]"
    )
    key, fix = first(text)
    assert key == "cudnn-not-initialized" and "tested build" in fix and "set_memory_growth" in fix
    key, fix = first("InternalError: cudnn PoolBackward launch failed")
    assert key == "cudnn-not-initialized" and "get_build_info" in fix
    # near miss: a cuBLAS launch failure keeps its own family
    assert first("InternalError: Blas GEMM launch failed : a.shape=(32, 10)")[0] != "cudnn-not-initialized"


def test_extension_builds_with_the_compiler_error_cut() -> None:
    for text in (
        "pip install some_sampler\nerror:  command '/usr/local/cuda/bin/nvcc' failed with exit status 2",
        "ninja: build stopped: subcommand failed.\nRuntimeError: Error compiling objects for extension",
    ):
        key, fix = first(text)
        assert key == "build-extension-compile-failed", text
        assert "pip install -v --no-build-isolation" in fix and "grep -n -m1 error" in fix and "C++17" in fix


def test_cuda_home_set_to_the_bin_folder() -> None:
    for text in (
        "error: command '/usr/local/cuda-11.3/bin/bin/nvcc' failed with exit status 1",
        "/bin/sh: 1: /opt/cuda/bin/bin/nvcc: not found",
    ):
        key, fix = first(text)
        assert key == "build-cuda-home-unset" and "root folder, not its bin" in fix, text
    # near miss: a right CUDA_HOME's nvcc failing is a compile error
    assert first("error: command '/usr/local/cuda-11.3/bin/nvcc' failed with exit status 1")[0] == (
        "build-extension-compile-failed"
    )


def test_project_extension_without_the_gpu_architecture() -> None:
    text = (
        "Loading model weights\nerror in resample2d_cuda_kernel: no kernel image is available for execution on the "
        'device\nTraceback (most recent call last):\n  File "/content/repo/run.py", line 4, in <module>\n'
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "TORCH_CUDA_ARCH_LIST" in fix and "-gencode" in fix
    assert "Kaggle" not in fix
    # near miss: torch's own error on a notebook keeps the notebook's fix
    key, fix = first(
        'File "/content/x.py", line 3\nRuntimeError: CUDA error: no kernel image is available for execution on the '
        "device"
    )
    assert key == "gpu-arch-unsupported" and "Kaggle" in fix


def test_state_dict_buffers_of_another_library_release() -> None:
    text = (
        "RuntimeError: Error(s) in loading state_dict for DepthNet:\n\tUnexpected key(s) in state_dict: "
        '"encoder.backbone.blocks.0.attn.relative_position_index", "encoder.backbone.blocks.1.attn.'
        'relative_position_index".'
    )
    key, fix = first(text)
    assert key == "torch-state-dict-mismatch" and "strict=False" in fix and "release" in fix
    text = 'RuntimeError: Error(s) in loading state_dict for TextModel:\n\tUnexpected key(s) in state_dict: "bert.'
    text += 'embeddings.position_ids".'
    assert "buffers" in first(text)[1]
    # near miss: learned weights missing keep the generic fix
    text = 'RuntimeError: Error(s) in loading state_dict for Net:\n\tMissing key(s) in state_dict: "head.weight".'
    key, fix = first(text)
    assert key == "torch-state-dict-mismatch" and "buffers" not in fix


def test_application_cuda_faults_and_builds_without_cuda() -> None:
    text = (
        "Stereo::Run\nCUDA error at /build/app/src/gpu/buffer.h:120 - an illegal memory access was encountered\n"
        "This error is likely caused by the graphics card timeout detection mechanism of your operating system."
    )
    key, fix = first(text)
    assert key == "illegal-memory-access" and "TdrDelay" in fix and "rebuild" in fix
    key, fix = first("CUDA error at /src/app/kernels.cu:88 - an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "rebuild" in fix and "compute-sanitizer" in fix
    # near miss: torch's own error keeps the generic fix
    key, fix = first(
        'Traceback (most recent call last):\n  File "t.py", line 2\nRuntimeError: CUDA error: an illegal memory '
        "access was encountered"
    )
    assert key == "illegal-memory-access" and "TdrDelay" not in fix
    key, fix = first("Patch match stereo requires CUDA, which is not available on your system.")
    assert key == "build-extension-without-cuda" and "--gpus" in fix and "nvidia-smi" in fix


def test_empty_or_wrong_rank_input() -> None:
    for text in (
        "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
        "RuntimeError: Expected 4-dimensional input for 4-dimensional weight [64, 3, 7, 7], but got 3-dimensional "
        "input of size [3, 224, 224] instead",
        "RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [0]",
        "(issue title: line 285, in compute_flow RuntimeError: non-empty 3D or 4D input tensor ex)",
    ):
        key, fix = first(text)
        assert key == "torch-input-empty-or-wrong-rank" and "unsqueeze(0)" in fix and "two frames" in fix, text
    # near miss: a weight / channel mismatch is another family's
    text = "RuntimeError: Given groups=1, weight of size [64, 3, 7, 7], expected input[1, 4, 224, 224] to have 3 "
    assert first(text + "channels, but got 4 channels instead")[0] != "torch-input-empty-or-wrong-rank"
