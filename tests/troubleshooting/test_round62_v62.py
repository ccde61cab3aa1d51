"""`explain`, round sixty-two (issue 36): model-serving servers, graph neural networks, matting and inpainting tools,
reinforcement learning, optical flow and stereo, translation and NLP toolkits, CLIP-style models, classic CUDA vision
libraries: torch's CUDA start failing with a code no row named, a warning whose message spans lines, a shell's job
table, a bus error in NCCL, a native abort at an extension's import, libraries' own words (DGL, CuPy, thinc, the
Atari emulator, TorchScript, OpenCV's builds, nvcc on a project's own name, pip builds that need a system library)."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_TORCH_WARNING = (
    "/opt/conda/lib/python3.9/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected "
    "error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have "
    "already set an error? Error {code}: {words} (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:109.)\n"
    "  return torch._C._cuda_getDeviceCount() > 0\nFalse"
)


def test_torch_cuda_start_error_codes() -> None:
    found = explain(_TORCH_WARNING.format(code=205, words="mapping of buffer object failed"))
    assert found.outcome == "explained" and found[0].key == "torch-cuda-init-error-code"
    assert "MPS" in found[0].fix
    # a code with no variant still names the failure and the checks
    found = explain(_TORCH_WARNING.format(code=217, words="peer access is not supported between these two devices"))
    assert found.outcome == "explained" and found[0].key == "torch-cuda-init-error-code"
    # 999 in torch's wording with the code is the unknown-error row; the codes other rows answer stay theirs
    assert first(_TORCH_WARNING.format(code=999, words="unknown error"))[0] == "torch-cuda-init-unknown"
    assert first(_TORCH_WARNING.format(code=802, words="system not yet initialized"))[0] == (
        "cuda-system-not-ready-fabric"
    )
    assert explain(_TORCH_WARNING.format(code=100, words="no CUDA-capable device is detected"))[0].key == (
        "no-gpu-visible"
    )


def test_a_repeated_initialization_error_is_forked_workers() -> None:
    line = "terminate called after throwing an instance of 'std::runtime_error'\n  what():  CUDA error (3): " + (
        "initialization error\n"
    )
    key, fix = first(line * 4)
    assert key == "torch-cuda-init-unknown" and "spawn" in fix and "several processes" in fix
    # one process's error keeps the driver's steps
    assert "several processes" not in first(line)[1]


def test_a_warnings_message_of_several_lines_is_the_warnings() -> None:
    text = (
        'UserWarning: Could not deserialize object _last_lstm_states. Consider using "custom_objects" argument to '
        "replace this object.\nException: Attempting to deserialize object on a CUDA device but "
        "torch.cuda.is_available() is False. If you are running on a CPU-only machine, please use torch.load with "
        "map_location=torch.device('cpu') to map your storages to the CPU.\n  warnings.warn("
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "torch-load-cuda-on-cpu"
    # the same exception raised (no warning above it) is the failure
    assert explain(text.split("\n", 1)[1].rsplit("\n", 1)[0]).outcome == "explained"


def test_a_shell_job_table_reports_a_killed_process() -> None:
    for line in (
        "[1]    292739 killed     python caption_blip2.py --parent_dir ./example_material",
        "[1]+  Killed                  python train.py --batch 64",
    ):
        assert first("FutureWarning: `resume_download` is deprecated.\n  warnings.warn(\n" + line)[0] == (
            "py-process-killed"
        )


def test_a_bus_error_in_nccl_is_shared_memory() -> None:
    text = (
        "[host:1    :0:381] Caught signal 7 (Bus error: nonexistent physical address)\n==== backtrace (tid:    381) "
        "====\n 0 0x00000000000143c0 __funlockfile()  ???:0\n 2 0x0000000000068d6c ncclGroupEnd()  ???:0\n"
    )
    key, fix = first(text)
    assert key == "host-shm-too-small" and "NCCL" in fix
    # a bus error without NCCL frames stays a native crash
    assert first("Bus error (core dumped)")[0] == "native-crash"


def test_a_native_abort_at_an_extensions_import() -> None:
    text = (
        ">>> import torch_scatter\nlibc++abi: terminating with uncaught exception of type std::length_error: vector\n"
        "Abort trap: 6"
    )
    key, fix = first(text)
    assert key == "extension-abi-mismatch" and "PyG" in fix
    assert first("libc++abi: terminating with uncaught exception of type std::logic_error: boom\nAbort trap: 6")[0] == (
        "native-crash"
    )


def test_graph_and_rl_library_messages() -> None:
    notice = (
        "DGL backend not selected or invalid.  Assuming PyTorch for now.\nSetting the default backend to "
        '"pytorch". You can change it in the ~/.dgl/config.json file or export the DGLBACKEND environment variable.'
    )
    found = explain(notice)
    assert found.outcome == "warnings-only" and found[0].key == "dgl-backend-default-notice"
    key, fix = first(
        "WARNING:root:This caffe2 python run does not have GPU support. Will run in CPU only mode.\n"
        "ERROR: Couldn't open /envs/rnd/lib/python3.6/site-packages/atari_py/atari_roms/montezuma_revenge.bin ..."
    )
    assert key == "rl-atari-roms-missing" and "AutoROM" in fix


def test_cupy_and_thinc_find_no_cuda() -> None:
    key, fix = first(
        "Failed to auto-detect CUDA root directory. Please specify `CUDA_PATH` environment variable if you are "
        "using CUDA versions not yet supported by CuPy."
    )
    assert key == "cupy-cuda-root-not-found" and "CUDA_PATH" in fix
    key, fix = first(
        "----> 3 spacy.require_gpu()\n\n~/.local/lib/python3.7/site-packages/thinc/util.py in require_gpu(gpu_id)\n\n"
        "ValueError: GPU is not accessible. Was the library installed correctly?"
    )
    assert key == "cpu-thinc-require-gpu" and "cupy.zeros" in fix


def test_torchscript_interpreter_failure() -> None:
    text = (
        "RuntimeError: The following operation failed in the TorchScript interpreter.\nTraceback of TorchScript, "
        'serialized code (most recent call last):\n  File "code/__torch__/multimodal/model.py", line 19, in '
        'encode_image\n    input = torch.to(image, torch.device("cuda:0"), 5, False, False, None)\n'
    )
    key, fix = first(text)
    assert key == "torchscript-interpreter-failure" and "jit=False" in fix
    # the error it carries, when the paste shows it, comes first
    assert first(text + "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB")[0] == "gpu-out-of-memory"


def test_programs_that_report_the_cpu_in_other_words() -> None:
    found = explain("Have CUDA:  False\nCUDA Count:  0\nUsing interrogator device: cpu")
    assert found.summary.startswith("Warning, no failure") and found[0].key == "proc-device-cpu-reported"


def test_opencv_builds_for_the_gpu() -> None:
    key, fix = first(
        "cv2.error: OpenCV(4.5.3) /tmp/opencv/modules/dnn/src/dnn.cpp:2385: error: (-216:No CUDA support) OpenCV "
        "was not built to work with the selected device. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN in your build "
        "configuration. in function 'initCUDABackend'"
    )
    assert key == "opencv-cuda-arch-missing" and "CUDA_ARCH_BIN=X.Y" in fix
    key, fix = first(
        "CMake Error at modules/core/CMakeLists.txt:40 (message):\n  CUDA: OpenCV requires enabled 'cudev' module "
        "from 'opencv_contrib'"
    )
    assert key == "opencv-build-needs-contrib" and "OPENCV_EXTRA_MODULES_PATH" in fix
    # OpenCV's error macro naming the program's own .cu file: the program's build flags, not OpenCV's
    key, fix = first(
        "OpenCV Error: Gpu API call (invalid device function) in globalWeightedBoundsCostCaller, file "
        "/src/OpenDTAM/Cpp/CostVolume/CostVolume.cu, line 25\nterminate called after throwing an instance of "
        "'cv::Exception'"
    )
    assert key == "torch-invalid-device-function" and "program's own" in fix and "-gencode" in fix
    key, fix = first(
        "OpenCV Error: Gpu API call (invalid device function) in resize, file "
        "/build/opencv/modules/cudawarping/src/cuda/resize.cu, line 88"
    )
    assert key == "torch-invalid-device-function" and fix.startswith(
        "The kernel that has no code for this GPU is OpenCV's"
    )


def test_build_failures_of_classic_cuda_projects() -> None:
    key, _ = first(
        '    src-lib/convolutional_kernels.cu(613): error: identifier "gemm_ongpu" is undefined\n'
        '    src-lib/convolutional_kernels.cu(967): error: identifier "col2im_gpu_ext" is undefined'
    )
    assert key == "build-nvcc-own-identifier-undefined"
    # CUDA's own removed names keep their rows
    assert first('kernel.cu(12): error: identifier "cudaBindTexture" is undefined')[0] != (
        "build-nvcc-own-identifier-undefined"
    )


def test_pip_builds_that_need_a_system_library() -> None:
    key, fix = first(
        "  ERROR: Failed building wheel for cartopy\nFailed to build cartopy\nERROR: Could not build wheels for "
        "cartopy, which is required to install pyproject.toml-based projects"
    )
    assert key == "build-pip-wheel-failed" and "libgeos-dev" in fix
    _, fix = first("  ERROR: Failed building wheel for psycopg2\nFailed to build psycopg2")
    assert "libpq-dev" in fix
    # a package name that only starts like one of them is not it
    _, fix = first("  ERROR: Failed building wheel for psycopg2-pool-extra\n")
    assert "libpq-dev" not in fix
