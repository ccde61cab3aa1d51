"""`explain`, round twelve (issue 36), builds, extensions and installs: each class in its tool's own words (pip's
``<pip-setuptools-caller>`` frame, tiny-cuda-nn's setup.py, torch's cpp_extension, TensorRT's loader, pybind11,
LightGBM, CTranslate2's loader, a package's CPU-mode fallback), with that tool's fix; near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

PIP_FRAMES = (
    "Traceback (most recent call last):\n"
    '  File "<string>", line 2, in <module>\n'
    '  File "<pip-setuptools-caller>", line 34, in <module>\n'
)


def test_pip_runs_the_tensorrt_source_package() -> None:
    windows = PIP_FRAMES + (
        '  File "C:\\Users\\u\\AppData\\Local\\Temp\\pip-install-3f9w90j2\\tensorrt_57af7e9df70849e5bcf837ea6f016f79'
        '\\setup.py", line 120, in <module>\n    setup(\n'
    )
    key, fix = first(windows)
    assert key == "py-pip-no-matching-distribution" and "tensorrt-cu12==10.*" in fix
    linux = "  Building wheel for tensorrt-cu12 (setup.py) ... error\n  ERROR: Failed building wheel for tensorrt-cu12"
    assert first(linux)[0] == "no-matching-distribution"  # the older row that names the releases with wheels
    # another package's source build through pip's frame is a pip build, not TensorRT's
    other = PIP_FRAMES + '  File "/tmp/pip-install-ab12cd34/pycuda_0123456789abcdef/setup.py", line 9, in <module>\n'
    assert "tensorrt-cu12==10.*" not in first(other)[1]
    assert "py-pip-no-matching-distribution" not in keys("pip install tensorrt\nSuccessfully installed tensorrt-10.3.0")


def test_tiny_cuda_nn_build_without_a_cuda_torch() -> None:
    tcnn = (
        "EnvironmentError: Unknown compute capability. Specify the target compute capabilities in the "
        "TCNN_CUDA_ARCHITECTURES environment variable or install PyTorch with the CUDA backend to detect it "
        "automatically."
    )
    key, fix = first(tcnn)
    assert key == "build-arch-probe-no-cuda-torch" and "TCNN_CUDA_ARCHITECTURES" in fix
    assert explain(tcnn)[0].op == "TCNN_CUDA_ARCHITECTURES"
    copied = tcnn.replace("TCNN_", "KILONERF_")  # projects that copied tiny-cuda-nn's setup.py
    assert explain(copied)[0].op == "KILONERF_CUDA_ARCHITECTURES"
    notice = (
        "No CUDA runtime is found, using CUDA_HOME='C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.7'\n"
    )
    stopped = notice + "pip install git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch"
    key, fix = first(stopped)
    assert key == "build-tcnn-no-cuda-runtime" and "TCNN_CUDA_ARCHITECTURES" in fix and "CUDA build of torch" in fix
    assert explain(stopped).outcome != "warnings-only"
    # the same notice in another build stays a harmless notice
    assert first(notice)[0] == "build-no-cuda-runtime-notice"
    assert "build-tcnn-no-cuda-runtime" not in keys(notice + "building 'mmcv._ext' extension")


def test_prebuilt_extension_then_jit_rebuild() -> None:
    text = (
        "    import exllama_ext\nImportError: DLL load failed while importing exllama_ext: The specified module could "
        "not be found.\n\nDuring handling of the above exception, another exception occurred:\n\n"
        '  File "C:\\AI\\repositories\\exllama\\cuda_ext.py", line 43, in <module>\n    exllama_ext = load(\n'
        '  File "C:\\Python310\\lib\\site-packages\\torch\\utils\\cpp_extension.py", line 1308, in load\n'
        "    return _jit_compile(\n"
    )
    key, fix = first(text)
    assert key == "windows-dll-load" and "MSVC" in fix and "JIT" in fix
    # a DLL that fails to load with no JIT rebuild after it stays Windows' DLL search path
    alone = "ImportError: DLL load failed while importing _multiarray_umath: The specified module could not be found."
    key, fix = first(alone)
    assert key == "windows-dll-load" and "JIT" not in fix


def test_tensorrt_cannot_open_its_library() -> None:
    windows = "[E] Uncaught exception detected: Unable to open library: nvinfer_plugin.dll"
    key, fix = first(windows)
    assert key == "windows-dll-load" and "TensorRT's lib folder" in fix
    # the Linux wording names the library behind it: the CUDA-major row answers first
    linux = (
        "[E] Uncaught exception detected: Unable to open library: libnvinfer_plugin.so.8 due to libcublas.so.12: "
        "cannot open shared object file: No such file or directory"
    )
    assert first(linux)[0] == "cuda-library-major"
    assert "windows-dll-load" not in keys("Unable to open file: model.onnx")


def test_extension_without_cuda_in_its_packages_words() -> None:
    warned = (
        "NameError: name '_C' is not defined\n UserWarning: Failed to load custom C++ ops. Running on CPU mode Only!"
    )
    key, fix = first(warned)
    assert key == "build-extension-without-cuda" and "CUDA_HOME" in fix and "_C" in fix
    assert first("NameError: name '_C' is not defined")[0] == "build-extension-without-cuda"
    gptq = (
        "CUDA extension not installed.\n"
        '  File "C:\\Users\\D\\.conda\\envs\\gpt\\lib\\site-packages\\gradio\\routes.py", line 439, in run_predict\n'
        "NameError: name 'autogptq_cuda_256' is not defined"
    )
    key, fix = first(gptq)
    assert key == "build-extension-without-cuda" and "auto-gptq" in fix and "Jetson" not in fix
    # a user's own undefined name is a Python error, not a missing extension
    assert "build-extension-without-cuda" not in keys("NameError: name 'model' is not defined")
    assert "build-extension-without-cuda" not in keys("NameError: name 'C' is not defined")


def test_cuda_home_already_set_means_a_cpu_torch() -> None:
    err = "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root."
    key, fix = first(err + '\nhave done this over and over\nset "CUDA_HOME=C:\\Program Files\\CUDA\\v12.9"')
    assert key == "build-cuda-home-unset" and "CPU-only" in fix
    key, fix = first(err + "\n$ export CUDA_HOME=/usr/local/cuda-12.1")
    assert "CPU-only" in fix
    key, fix = first(err)
    assert key == "build-cuda-home-unset" and "CPU-only" not in fix


def test_spconv_any_unregistered_tensorview_type() -> None:
    timer = (
        "ImportError: arg(): could not convert default argument 'timer: tv::CUDAKernelTimer' in method '<class "
        "'spconv.core_cc.cumm.gemm.main.GemmParams'>.__init__' into a Python object (type not registered yet?)"
    )
    assert first(timer)[0] == "geo-spconv-cumm-mismatch"
    other = timer.replace("tv::CUDAKernelTimer", "at::Tensor")  # pybind11's wording for another library
    assert "geo-spconv-cumm-mismatch" not in keys(other)


def test_lightgbm_recompile_line() -> None:
    key, fix = first("Please recompile with CMake option -DUSE_CUDAP=1")
    assert key == "cpu-lightgbm-no-gpu" and "USE_CUDA=ON" in fix
    assert first("Please recompile with CMake option -DUSE_GPU=1")[0] == "cpu-lightgbm-no-gpu"
    assert "cpu-lightgbm-no-gpu" not in keys("Please recompile with -fPIC")


def test_ctranslate2_command_fits_the_cudnn_major_asked_for() -> None:
    eight = (
        "whisper-server-INFO: Processing audio with duration 00:01.088\n"
        "Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object "
        "file: No such file or directory\nPlease make sure libcudnn_ops_infer.so.8 is in your library path!"
    )
    key, fix = first(eight)
    assert key == "cuda-library-major" and "nvidia-cudnn-cu12==8.*" in fix and "==9.*" not in fix
    nine = "faster_whisper\nUnable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9}"
    assert "==8.*" not in first(nine)[1]
