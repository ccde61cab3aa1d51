"""`explain`, round thirty-two (issue 36): OCR, tracking, pose and video analytics. A cuDNN status raised by torch's
CTC loss names the cuDNN CTC path and how to leave it; a cuBLAS / cuDNN status inside OpenCV's DNN CUDA backend
(cuda4dnn's "-217 Gpu API call") is read by that status's row with OpenCV's fix, not as a model OpenCV cannot read;
C++ code that names DNN_BACKEND_CUDA against an OpenCV before 4.2 is that OpenCV; darknet's own cuDNN algorithm
search failing is the workspace / subdivisions problem; onnxruntime's JavaScript API asked for a backend its package
lacks; old torch's "cuda runtime error (N) : invalid argument" from THC; a build error followed by a crash of the
extension; a media tool's missing library beside the framework's own failure. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_CTC_FRAMES = (
    'Traceback (most recent call last):\n  File "train_ocr.py", line 88, in step\n'
    "    loss = ctc(log_probs, labels, in_lens, lab_lens)\n"
    '  File "/opt/env/lib/python3.8/site-packages/torch/nn/functional.py", line 2300, in ctc_loss\n'
    "    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, reduction, zero_infinity)\n"
)


def test_a_cudnn_status_from_the_ctc_loss_names_its_cudnn_path() -> None:
    for status, key in (
        ("CUDNN_STATUS_EXECUTION_FAILED", "cudnn-not-initialized"),
        ("CUDNN_STATUS_INTERNAL_ERROR", "cudnn-not-initialized"),
        ("CUDNN_STATUS_BAD_PARAM", "torch-cudnn-not-supported"),
        ("CUDNN_STATUS_MAPPING_ERROR", "torch-cudnn-mapping"),
    ):
        found, fix = first(_CTC_FRAMES + f"RuntimeError: cuDNN error: {status}")
        assert found == key, status
        assert "int64" in fix and "cudnn.flags(enabled=False)" in fix and "CTC" in fix, status
    # the same statuses from a convolution keep their rows' other fixes
    conv = (
        '  File "/opt/env/lib/python3.8/site-packages/torch/nn/modules/conv.py", line 440, in _conv_forward\n'
        "    return F.conv2d(input, weight, bias, self.stride)\n"
        "RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED"
    )
    key, fix = first(conv)
    assert key == "cudnn-not-initialized" and "CTC" not in fix
    # a CTC model whose convolution failed far from the loss: not the CTC path
    far = "model = CRNN(); criterion = nn.CTCLoss()\n" + "\n".join(f"step {i}" for i in range(12)) + "\n" + conv
    assert "CTC" not in first(far)[1]


def test_a_cuda_status_inside_opencvs_dnn_cuda_backend() -> None:
    handle = (
        "cv2.error: OpenCV(4.5.3) /build/opencv/modules/dnn/src/cuda4dnn/csl/cublas.hpp:78: error: (-217:Gpu API "
        "call) CUBLAS_STATUS_NOT_INITIALIZED in function 'UniqueHandle'"
    )
    key, fix = first(handle)
    assert key == "torch-cublas-alloc" and "cuda4dnn" in fix and "CUDA_ARCH_BIN" in fix
    cudnn = (
        "  what():  OpenCV(4.6.0) /src/opencv/modules/dnn/src/cuda4dnn/csl/cudnn/convolution.hpp:461: error: "
        "(-217:Gpu API call) CUDNN_STATUS_EXECUTION_FAILED in function 'convolve'"
    )
    key, fix = first(cudnn)
    assert key == "cudnn-not-initialized" and "cuda4dnn" in fix
    gemm = (
        "cv2.error: OpenCV(4.4.0) /opencv/modules/dnn/src/cuda4dnn/csl/cublas.hpp:209: error: (-217:Gpu API call) "
        "CUBLAS_STATUS_EXECUTION_FAILED in function 'gemm'"
    )
    key, fix = first(gemm)
    assert key == "torch-cublas-failure" and "cuda4dnn" in fix
    assert "opencv-dnn-model-not-read" not in [e.key for e in explain(handle + "\n" + cudnn + "\n" + gemm)]
    # near miss: OpenCV's DNN importer refusing a graph (-215) stays that row
    importer = (
        "cv2.error: OpenCV(4.5.4) ./modules/dnn/src/onnx/onnx_importer.cpp:1021: error: (-2:Unspecified error) in "
        "function 'handleNode'"
    )
    assert first(importer)[0] == "opencv-dnn-model-not-read"


def test_code_for_the_dnn_cuda_backend_against_an_opencv_before_4_2() -> None:
    for text in (
        "main.cpp:51:40: error: \u2018DNN_BACKEND_CUDA\u2019 is not a member of \u2018cv::dnn\u2019",
        "detector.cpp:12:30: error: no member named 'DNN_TARGET_CUDA_FP16' in namespace 'cv::dnn'",
        "src\\infer.cpp(77): error C2039: 'DNN_TARGET_CUDA': is not a member of 'cv::dnn'",
    ):
        key, fix = first(text)
        assert key == "cpu-opencv-no-cuda" and "4.2" in fix and "OPENCV_DNN_CUDA=ON" in fix, text
    # near misses: another member missing from cv::dnn, and Python's AttributeError (its own row)
    assert first("main.cpp:9:5: error: \u2018readNetFromONNX\u2019 is not a member of \u2018cv::dnn\u2019")[0] != (
        "cpu-opencv-no-cuda"
    )
    assert first("AttributeError: module 'cv2.dnn' has no attribute 'DNN_BACKEND_CUDA'")[0] != "cpu-opencv-no-cuda"


def test_darknets_cudnn_algorithm_search_finds_none() -> None:
    for text in (
        " Error: cuDNN isn't found FWD algo for convolution.",
        "   conv     32       3 x 3/ 1    608 x 608 x   3 ->  608 x 608 x  32 0.639 BF\n Error: cuDNN isn't found "
        "BWD data algo for convolution.",
    ):
        key, fix = first(text)
        assert key == "torch-cudnn-no-algorithm" and "subdivisions" in fix, text
    # torch's own wording keeps the torch fix
    key, fix = first("RuntimeError: Unable to find a valid cuDNN algorithm to run convolution")
    assert key == "torch-cudnn-no-algorithm" and "subdivisions" not in fix


def test_the_js_api_without_the_backend_asked_for() -> None:
    for text, op in (
        ("Error: no available backend found. ERR: [cuda] backend not found.", "cuda"),
        ("Uncaught (in promise) Error: no available backend found. ERR: [dml] backend not found.", "dml"),
    ):
        found = explain(text)
        assert found[0].key == "ort-js-backend-not-found" and found[0].op == op, text
        assert "executionProviders" in found[0].fix and "DirectML" in found[0].fix
    # WebGPU's own row stays
    assert first("Error: no available backend found. ERR: [webgpu] backend not found.")[0] == "web-webgpu-unavailable"


def test_old_torchs_thc_invalid_argument() -> None:
    for text in (
        "RuntimeError: cuda runtime error (11) : invalid argument at /pytorch/aten/src/THC/THCGeneral.cpp:405",
        "RuntimeError: cuda runtime error (1) : invalid argument at /opt/conda/aten/src/THC/THCCachingAllocator.cpp:9",
    ):
        key, fix = first(text)
        assert key == "cuda-invalid-value" and "THC" in fix and "get_arch_list" in fix, text
    # another THC error keeps its row (not this one)
    assert first("RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/THCGeneral.cpp:50")[
        0
    ] != ("cuda-invalid-value")


def test_a_build_error_then_a_crash_of_the_extension() -> None:
    text = (
        "nvcc fatal   : Unsupported gpu architecture 'compute_86'\nerror: command '/usr/local/cuda-10.2/bin/nvcc' "
        "failed with exit status 1\n...\npython run.py\nRuntimeError: CUDA error: an illegal memory access was "
        "encountered"
    )
    key, fix = first(text)
    assert key == "build-nvcc-arch-unsupported" and "torch release the project pins" in fix
    # the build error alone keeps the architecture's own fix
    key, fix = first("nvcc fatal   : Unsupported gpu architecture 'compute_86'")
    assert key == "build-nvcc-arch-unsupported" and "torch release the project pins" not in fix


def test_a_media_tools_missing_library() -> None:
    tool = (
        "ffmpeg: error while loading shared libraries: libavcodec.so.58: cannot open shared object file: No such file"
    )
    found = explain(tool)
    assert found[0].key == "tool-shared-library-not-found" and found[0].op == "libavcodec.so.58"
    # beside the framework's failure, logged on an info line, the framework's failure is the answer
    text = (
        "2024-05-01 10:00:01 [INFO]: start tracking...\n2024-05-01 10:00:02 [INFO]: cuDNN error: "
        "CUDNN_STATUS_EXECUTION_FAILED\n/usr/bin/" + tool
    )
    keys = [e.key for e in explain(text)]
    assert keys[0] == "cudnn-not-initialized" and "tool-shared-library-not-found" in keys
    # near misses: the program itself (not a media tool) missing a library keeps the loader's row
    for other in (
        "./tracker: error while loading shared libraries: libopencv_core.so.4.5: cannot open shared object file",
        "ImportError: libavformat.so.58: cannot open shared object file: No such file or directory",
    ):
        assert first(other)[0] == "shared-library-not-found", other
