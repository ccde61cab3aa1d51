"""`explain`, round thirteen (issue 36), pastes without a failure line of their own: a library's logged-and-ignored
CUDA error at cleanup (MXNet), a wrapper that only reports its child's exit code, start-up lines saying the GPU was
found (kohya_ss, TensorFlow, ComfyUI), a traceback cut before its exception line, a user's own sentence that says
something failed under a log's INFO lines; and a miss's next step, which names CUDA_LAUNCH_BLOCKING only where the
text shows a CUDA error. Wordings are the sources' (cited in the families' ``example_source``); near misses must not
match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_MXNET = (
    "[11:16:18] src/resource.cc:262: Ignore CUDA Error [11:16:18] src/storage/./pooled_storage_manager.h:77: CUDA: "
    "invalid device pointer\n\nStack trace returned 10 entries:\n"
    "[bt] (0) /usr/lib/x86_64-linux-gnu/libmxnet.so(+0x31f81a) [0x7fee2aa6c81a]\n"
)


def test_mxnet_ignored_cuda_error_is_a_notice() -> None:
    # MXNet 1.x src/resource.cc logs a CUDA error its pooled storage manager met while freeing memory, and goes on
    result = explain(_MXNET)
    assert result.outcome == "warnings-only", result.summary
    assert result[0].key == "mxnet-ignored-cuda-error" and "first error before this line" in result[0].fix
    # beside a real failure it is no answer
    failing = (
        _MXNET
        + "Traceback (most recent call last):\nmxnet.base.MXNetError: [11:16:17] src/operator/nn/"
        + ("convolution.cu:83: Check failed: e == CUDNN_STATUS_SUCCESS (4 vs. 0) cuDNN: CUDNN_STATUS_INTERNAL_ERROR")
    )
    assert explain(failing).outcome == "explained" and first(failing)[0] != "mxnet-ignored-cuda-error"
    # near miss: a CUDA error MXNet did not ignore
    assert "mxnet-ignored-cuda-error" not in keys(
        "src/storage/./pooled_storage_manager.h:77: CUDA: invalid device pointer"
    )


def test_a_wrappers_exit_code_line_is_a_failure_without_detail() -> None:
    # VideOCR logs "PaddleOCR process failed with exit code 1." and the child's stderr, cut after "Creating model"
    text = (
        "[2025-08-17 14:20:01] PaddleOCR process failed with exit code 1.\nCommand: C:\\videocr\\paddleocr.exe ocr "
        "--device gpu\n\n--- STDERR ---\nC:\\x\\paddleocr\\_utils\\cli.py:95: UserWarning: `lang` and `ocr_version` "
        "will be ignored when model names or model directories are not `None`.\nCreating model: "
        "('PP-OCRv5_server_det', 'C:\\\\x')"
    )
    result = explain(text)
    assert result.outcome == "explained" and result.summary.startswith("Failure: "), result.summary
    assert result[0].key == "wrapper-child-exit-code" and "paddle.utils.run_check()" in result[0].fix
    for line in ("worker exited with code -11", "ffmpeg subprocess died with return code 3221225477"):
        key, fix = first(line)
        assert key in ("wrapper-child-exit-code", "proc-windows-crash-code"), (line, key)
    assert first("worker exited with code -11")[0] == "wrapper-child-exit-code"
    assert "Run the child alone" in first("worker exited with code -11")[1]
    # the child's own error, when it is there, is the answer
    child = text + "\nRuntimeError: (PreconditionNotMet) The third-party dynamic library (cudnn64_8.dll) failed"
    assert first(child)[0] != "wrapper-child-exit-code"
    # near misses: a process that ended well, an exit code without a failed child
    assert "wrapper-child-exit-code" not in keys("Process finished with exit code 0 after a clean run")
    assert "wrapper-child-exit-code" not in keys("error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1")


def test_start_up_lines_that_found_the_gpu_are_no_failure() -> None:
    # kohya_ss' setup/setup_common.py; TensorFlow's gpu_device.cc; ComfyUI's comfy/model_management.py
    kohya = (
        "nvcc -V can read the cuda,and can load GPU name\nbut trainning  cannot not  use cuda and GPU\n\n"
        "22:25:33-087224 INFO     Torch 2.1.2+cu118\n22:25:33-163018 INFO     Torch backend: nVidia CUDA 11.8 cuDNN "
        "8907\n22:25:33-196222 INFO     Torch detected GPU: Tesla V100-SXM2-16GB VRAM 16384\n"
    )
    result = explain(kohya)
    assert result.outcome == "warnings-only" and result.summary.startswith("Only informational lines"), result.summary
    assert result[0].key == "app-gpu-detected-notice" and "torch.zeros(1).cuda()" in result[0].fix
    tf = (
        "2023-01-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1616] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 21770 MB memory:  -> device: 0, name: NVIDIA A10G"
    )
    assert explain(tf).outcome == "warnings-only" and first(tf)[0] == "app-gpu-detected-notice"
    comfy = "Total VRAM 24564 MB, total RAM 65289 MB\nDevice: cuda:0 NVIDIA GeForce RTX 3090 : cudaMallocAsync"
    assert first(comfy)[0] == "app-gpu-detected-notice"
    # beside a failure the notice is no answer
    failing = tf + "\nRuntimeError: CUDA error: out of memory"
    assert first(failing)[0] != "app-gpu-detected-notice"
    # near misses: a CPU device, a GPU that was not found
    assert "app-gpu-detected-notice" not in keys("Device: cpu\nTorch detected GPU count: 0")
    assert "app-gpu-detected-notice" not in keys("Created device /job:localhost/replica:0/task:0/device:CPU:0")


def test_a_traceback_cut_before_its_exception_says_the_paste_is_incomplete() -> None:
    cut = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/site-packages/submitit/core/submission.py", line 47, in process_job\n'
        "    result = delayed.result()\n"
        '  File "run_with_submitit.py", line 60, in __call__\n'
        "    classification.main(self.args)\n"
    )
    result = explain(cut)
    assert result.outcome in ("no-match", "unexplained") and "incomplete" in result.summary, result.summary
    assert "classification.main(self.args)" in result.summary and "tail -n" in result.command
    assert "CUDA_LAUNCH_BLOCKING" not in result.summary
    frame_last = cut + '  File "classification.py", line 12, in main\n'
    assert "incomplete" in explain(frame_last).summary
    # near miss: the same traceback with its exception line is whole
    whole = cut + "ZeroDivisionError: division by zero\n"
    assert "incomplete" not in explain(whole).summary


def test_a_users_own_failure_sentence_is_no_informational_line() -> None:
    info = (
        "Using TensorFlow backend.\n2022-03-01 23:46:15.580946: I tensorflow/stream_executor/platform/default/"
        "dso_loader.cc:44] Successfully opened dynamic library libcuda.so.1\n"
    )
    # the user's paraphrase of TensorFlow's cuDNN failure, misspelled, is that failure
    result = explain(info + "...\ncudnn failed to initialyze\n")
    assert result.outcome == "explained" and result[0].key == "cudnn-not-initialized", result.summary
    assert first("cuDNN could not initialise")[0] == "cudnn-not-initialized"
    # a sentence that says something failed, which no family knows, is a miss with a stage, not "nothing failed"
    told = explain(info + "the model failed to load after this\n")
    assert told.outcome != "warnings-only" and told.stage == "runtime", told.summary
    assert "informational" in told.summary and "CUDA_LAUNCH_BLOCKING" not in (told.command or "")
    # near misses: INFO lines alone are still no failure; "cuDNN initialized" is no failure
    assert explain(info).outcome == "warnings-only"
    assert "cudnn-not-initialized" not in keys("cuDNN initialized successfully")


def test_a_miss_names_cuda_launch_blocking_only_for_a_cuda_error() -> None:
    plain = explain("2024-05-01 12:00:00 ERROR loader: model weights could not be opened: /data/w.bin")
    assert plain.outcome == "unexplained" and plain.stage == "runtime", plain.summary
    assert "CUDA_LAUNCH_BLOCKING" not in (plain.command or "") + (plain.next_step or "")
    assert "first error line" in (plain.next_step or "")
    cuda = explain("2024-05-01 12:00:00 ERROR zorblax: CUDA error: an illegal memory access was encountered")
    if cuda.outcome in ("no-match", "unexplained") and cuda.stage == "runtime":
        assert "CUDA_LAUNCH_BLOCKING" in (cuda.command or "")
    # a native crash with no message may be a late CUDA error: its step stays
    assert "CUDA_LAUNCH_BLOCKING" in (explain("Aborted").command or "")


def test_a_compilers_error_line_is_a_failure_after_warnings() -> None:
    """NVRTC's, MSVC's and gcc's diagnostics ("name(42): error: ...", "file.cpp:12:5: error: ...") are error lines: a
    paste whose other lines are TensorRT warnings is not 'only warnings'."""
    warns = (
        "[12/25/2023-12:36:34] [TRT] [W] onnx2trt_utils.cpp:374: Your ONNX model has been generated with INT64 "
        "weights, while TensorRT does not natively support INT64. Attempting to cast down to INT32.\n"
    )
    for line in (
        'activation(42): error: identifier "inff" is undefined',
        "kernel.cu(17): error C2065: 'x': undeclared identifier",
        "src/ops.cpp:12:5: error: 'at::Tensor' has not been declared",
    ):
        found = explain(warns + line + "\n")
        assert found.outcome != "warnings-only", line
    # near misses: the same warnings alone, and a build summary that counts no errors
    assert explain(warns).outcome == "warnings-only"
    assert explain(warns + "Build succeeded: 0 error(s), 2 warning(s)\n").outcome == "warnings-only"
