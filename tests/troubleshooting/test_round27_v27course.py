"""`explain`, round twenty-seven (issue 36): what learners meet in courses, tutorials and notebooks. The answer must
read the library's own words: TensorFlow's TF-TRT notice without its logger prefix is still a notice, XLA's slow
compile alarm (logged at E level) is a compile-time notice, a tiny CUDA-suffixed source package is a vendor's
placeholder, torch's own "CUDA driver initialization failed" warning means CUDA did not start, `import torch` failing
on libcudart is a torch built for another CUDA (a Jetson wheel for another JetPack), nvcc's undefined bfloat16
intrinsic is the target architecture, a pip list of +cpu builds is PyTorch's index (the Python is the problem), a
pairwise op's intermediate is one op's memory, TensorFlow's "DNN library is not found" is cuDNN that did not start,
and OpenVINO's GPU plugin is Intel's. Near misses (CMake's TensorRT lookup, real failures beside the notices, large
source packages, other undefined identifiers, other kernel lookups) keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_tf_trt_notice_without_its_logger_prefix_is_a_notice() -> None:
    for text in ("Could not find TensorRT", "  Could not find TensorRT.\n"):
        found = explain(text)
        assert found.first_answer == "warnings-only", text
        assert [e.key for e in found] == ["tf-trt-not-found"], text
    # near misses: CMake's own lookup and a CMakeLists' message(FATAL_ERROR) are build failures, not TF's notice
    cmake = "-- Could NOT find TensorRT (missing: TensorRT_LIBRARY TensorRT_INCLUDE_DIR)"
    assert "tf-trt-not-found" not in [e.key for e in explain(cmake)]
    fatal = "CMake Error at CMakeLists.txt:41 (message):\n  Could not find TensorRT\n-- Configuring incomplete"
    assert "tf-trt-not-found" not in [e.key for e in explain(fatal)]
    # the notice beside a real failure: the failure is the answer
    failed = "Could not find TensorRT\nTraceback (most recent call last):\nValueError: bad input shape"
    assert explain(failed).first_answer != "warnings-only"


def test_xla_slow_compile_alarm_is_a_notice() -> None:
    alarm = (
        "2024-05-01 10:00:00.000000: E external/xla/xla/service/slow_operation_alarm.cc:65] \n"
        "********************************\n[Compiling module jit_simulate] Very slow compile?  If you want to file "
        "a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.\n"
        "********************************"
    )
    found = explain(alarm)
    assert found.first_answer == "warnings-only"
    assert found[0].key == "xla-slow-compile-alarm" and "fori_loop" in found[0].fix
    folding = (
        "E0501 10:00:00.000000 123 slow_operation_alarm.cc:73] Constant folding an instruction is taking > 2s:\n\n"
        "  %broadcast.7 = f32[512,512,64]{2,1,0} broadcast(f32[] %constant.3)"
    )
    found = explain(folding)
    assert found.first_answer == "warnings-only" and "as arguments" in found[0].fix
    keras = (
        "W tensorflow/compiler/xla/service/slow_operation_alarm.cc:65] \n********************************\n"
        "[Compiling module a_inference_train_step_991__.2201] Very slow compile?  If you want to file a bug, run "
        "with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results."
    )
    assert "jit_compile=False" in first(keras)[1]
    # near miss: a real failure after the alarm is the answer
    oom = alarm + "\njaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
    assert first(oom + "4294967296 bytes.")[0] == "gpu-out-of-memory"


def test_tiny_cuda_suffixed_source_package_is_a_placeholder() -> None:
    cut = (
        "Collecting cuml-cu12\n  Downloading cuml_cu12-24.2.0.tar.gz (7.1 kB)\n  Preparing metadata (setup.py) ... "
        "error\n  error: subprocess-exited-with-error\n  × python setup.py egg_info did not run successfully.\n"
        "error: metadata-generation-failed"
    )
    key, fix = first(cut)
    assert key == "pip-vendor-placeholder" and "python --version" in fix and "one release" in fix
    own_text = "RuntimeError: This project is not functional and is a placeholder from NVIDIA."
    assert first(own_text)[0] == "pip-vendor-placeholder"
    ttrt = (
        "The package you are trying to install is only a placeholder project on PyPI\n"
        "To install Torch-TensorRT please run the following command:"
    )
    key, fix = first(ttrt)
    assert key == "pip-vendor-placeholder" and "torchtrt-compat suggest" in fix
    # near misses: a real source package (MB) that failed to build, and a small one that installed
    big = (
        "Collecting cupy-cuda11x\n  Downloading cupy-cuda11x-12.0.0.tar.gz (2.0 MB)\n"
        "  error: subprocess-exited-with-error"
    )
    assert first(big)[0] == "build-pip-wheel-failed"
    fine = (
        "Collecting tiny-cu11\n  Using cached tiny_cu11-1.0.0.tar.gz (6.6 kB)\nSuccessfully installed tiny-cu11-1.0.0"
    )
    assert first(fine)[0] != "pip-vendor-placeholder"


def test_torch_cuda_driver_initialization_failed_is_no_harmless_warning() -> None:
    warning = (
        "/opt/venv/lib/python3.8/site-packages/torch/cuda/__init__.py:52: UserWarning: CUDA initialization: CUDA "
        "driver initialization failed, you might not have a CUDA gpu. (Triggered internally at  "
        "/pytorch/c10/cuda/CUDAFunctions.cpp:100.)\n  return torch._C._cuda_getDeviceCount() > 0"
    )
    found = explain(warning)
    assert found.first_answer == "torch-cuda-init-unknown"
    assert "CUDA Version" in found[0].fix and "torch.version.cuda" in found[0].fix and "spawn" in found[0].fix
    raised = (
        "    torch._C._cuda_init()\nRuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu."
    )
    assert first(raised)[0] == "torch-cuda-init-unknown"
    # near misses: torch's other CUDA initialization warnings keep their families
    too_old = "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 9020)"
    assert first(too_old)[0] == "cuda-driver-insufficient"
    no_driver = "UserWarning: CUDA initialization: Found no NVIDIA driver on your system. Please check that you have"
    assert [e.key for e in explain(no_driver)] == ["no-gpu-visible"]


def test_import_torch_failing_on_libcudart_is_a_torch_for_another_cuda() -> None:
    text = (
        '>>> import torch\nTraceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
        '  File "/home/pi/.local/lib/python3.8/site-packages/torch/__init__.py", line 196, in <module>\n'
        "    from torch._C import *\nImportError: libcudart.so.10.2: cannot open shared object file: No such file or "
        "directory"
    )
    key, fix = first(text)
    assert key == "cuda-library-major" and "JetPack" in fix and "it runs on" not in fix
    # near misses: TensorFlow 1.x's import keeps its own fix; a Jetson named in the text keeps the Jetson one
    tf1 = (
        '  File "/usr/lib/python3/dist-packages/tensorflow/python/pywrap_tensorflow.py", line 58\n'
        "ImportError: libcudart.so.9.0: cannot open shared object file: No such file or directory\n"
        "Failed to load the native TensorFlow runtime."
    )
    assert "tensorflow-gpu" in first(tf1)[1]
    jetson = "jetson xavier nx\n" + text
    assert "another JetPack" in explain(jetson)[0].situation


def test_nvcc_undefined_bfloat16_intrinsic_is_the_target_architecture() -> None:
    text = (
        "nvcc -O3 --use_fast_math train.cu -lcublas -o train\n"
        'train.cu(88): error: identifier "__float2bfloat16_rn" is undefined\n'
        'train.cu(91): error: identifier "__hmax2" is undefined\nmake: *** [Makefile:40: train] Error 255'
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "-arch" in fix and "12.2" in fix and "fp32" in fix
    # near miss: an undefined identifier of the program's own is no architecture problem
    assert first('kernel.cu(12): error: identifier "computeScale" is undefined')[0] != "gpu-arch-unsupported"


def test_pip_list_of_torch_local_builds_means_the_python() -> None:
    text = (
        "ERROR: Could not find a version that satisfies the requirement torchvision==0.14.1+cu117 (from versions: "
        "0.16.0, 0.16.0+cpu, 0.16.0+cu118, 0.16.0+cu121, 0.17.0+cu121)\n"
        "ERROR: No matching distribution found for torchvision==0.14.1+cu117"
    )
    key, fix = first(text)
    assert key == "py-pip-no-matching-distribution" and "python --version" in fix and "drop the local" not in fix
    # near miss: a list without local builds (the default index): the local suffix is the problem
    plain = (
        "ERROR: Could not find a version that satisfies the requirement torch==1.12.1+cu116 (from versions: "
        "2.1.0, 2.1.1, 2.2.0)\nERROR: No matching distribution found for torch==1.12.1+cu116"
    )
    assert "drop the local suffix" in first(plain)[1]


def test_out_of_memory_in_a_pairwise_op_is_its_intermediate() -> None:
    text = (
        "sim = F.cosine_similarity(feats[:, None, :], feats[None, :, :], dim=-1)\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.45 GiB. GPU 0 has a total capacity of "
        "15.77 GiB of which 3.10 GiB is free."
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "F.normalize" in fix and "2.1" in fix and "chunks" in fix
    # near miss: an out-of-memory without a pairwise op keeps the generic fixes
    plain = "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 11.17 GiB total capacity)"
    assert "F.normalize" not in first(plain)[1]


def test_tensorflow_dnn_library_not_found_reads_the_cudnn_version_first() -> None:
    text = (
        "Node: 'sequential/conv2d/Conv2D'\nDNN library is not found.\n\t [[{{node sequential/conv2d/Conv2D}}]] "
        "[Op:__inference_train_function_881]"
    )
    key, fix = first(text)
    assert key == "cudnn-not-initialized" and "Loaded runtime CuDNN library" in fix
    assert "--allow-change-held-packages" in fix and "set_memory_growth" in fix
    assert fix.index("Loaded runtime CuDNN") < fix.index("set_memory_growth")
    # near miss: with TensorFlow's own version line the version family answers first
    versions = (
        "W tensorflow/stream_executor/cuda/cuda_dnn.cc:377] Loaded runtime CuDNN library: 8.0.5 but source was "
        "compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor "
        "version.\n" + text
    )
    assert first(versions)[0] == "fw-cuda-library-older"


def test_openvino_gpu_device_is_an_intel_gpu() -> None:
    text = (
        "compiled = core.compile_model(ov_model, 'GPU')\nRuntimeError: Exception from "
        "src/inference/src/core.cpp:116:\n[GPU] Could not find a suitable kernel for gemm:MatMul_42 params raw "
        "string: F32_BFYX_v64_p0_0"
    )
    key, fix = first(text)
    assert key == "openvino-gpu-no-kernel" and "'CPU'" in fix and "NVIDIA runtime" in fix
    # near misses: other tools' "suitable kernel" lookups
    assert first("supermin: failed to find a suitable kernel (host_cpu=x86_64)")[0] != "openvino-gpu-no-kernel"
    ort = "The node is not placed on any Execution Provider, therefore, can't find a suitable kernel for it"
    assert first(ort)[0] != "openvino-gpu-no-kernel"
