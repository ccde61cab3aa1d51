"""`explain`, round eleven, CUDA libraries, drivers and versions in frameworks other than torch (issue 36): a framework
that loaded an older CUDA / cuDNN than it was built with (TensorFlow, JAX, Paddle), jax and jaxlib of two releases, JAX
without its CUDA plugin, cuDNN that cannot start in TensorFlow and JAX, several CuPy wheels, a binary that needs a newer
glibc, cuDNN 8's zlibwapi.dll, Paddle's run-time loader, MXNet's CPU build, a DLL of another architecture, TensorFlow
with no driver, and the harmless notices of TensorFlow and XLA. Each wording is the library's own (the source cited in
the family's `example_source`); numbers and paths in them are made up. Near misses must not match; the fix must be
worded for the product the text shows."""

from __future__ import annotations

from _explain import answer, keys

from torchtrt_compat.troubleshooting import explain


def test_a_framework_that_loaded_an_older_cuda_library() -> None:
    tf = (
        "2023-05-01 10:00:00.000000: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:425] Loaded runtime "
        "CuDNN library: 8.5.0 but source was compiled with: 8.6.0.  CuDNN library needs to have matching major "
        "version and equal or higher minor version."
    )
    found = answer(tf, "fw-cuda-library-older")
    assert found.product == "tensorflow" and "tensorflow[and-cuda]" in found.fix
    jax_old = (
        "WARNING:jax._src.xla_bridge:CUDA backend failed to initialize: Found cuSOLVER version 11405, but JAX was "
        "built against version 11502, which is newer. The copy of cuSOLVER that is installed must be at least as new "
        "as the version against which JAX was built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)"
    )
    found = answer(jax_old, "fw-cuda-library-older")
    assert found.product == "jax" and "jax[cuda12]" in found.fix and "LD_LIBRARY_PATH" in found.fix
    jax_new = (
        "RuntimeError: Unable to use CUDA because of the following issues with CUDA components:\n"
        "Outdated cuDNN installation found.\nVersion JAX was built against: 90800\nMinimum supported: 90800\n"
        "Installed version: 90100\nThe local installation version must be no lower than 90800."
    )
    assert answer(jax_new, "fw-cuda-library-older").product == "jax"
    paddle = (
        "W1114 22:57:33.949204    32 gpu_resources.cc:245] WARNING: device: 0. The installed Paddle is compiled "
        "with CUDNN 8.1, but CUDNN version in your machine is 8.0, which may cause serious incompatible bug. Please "
        "recompile or reinstall Paddle with compatible CUDNN version."
    )
    found = answer(paddle, "fw-cuda-library-older")
    assert found.product == "paddle" and "run_check" in found.fix
    # near misses: Paddle's version banner and torch's own cuDNN mismatch are not this row
    assert "fw-cuda-library-older" not in keys("W0101 gpu_resources.cc:149] device: 0, cuDNN Version: 8.4.")
    torch = "RuntimeError: cuDNN version incompatibility: PyTorch was compiled against (8, 9, 2) but found (8, 7, 0)"
    assert explain(torch)[0].key == "torch-cudnn-version"


def test_jax_and_jaxlib_of_two_releases() -> None:
    older = "RuntimeError: jaxlib is version 0.4.1, but this version of jax requires version >= 0.4.7."
    assert "pip install -U jax jaxlib" in answer(older, "jax-jaxlib-version").fix
    newer = (
        "RuntimeError: jaxlib version 0.4.30 is newer than and incompatible with jax version 0.4.20. Please update "
        "your jax and/or jaxlib packages."
    )
    answer(newer, "jax-jaxlib-version")
    answer("ModuleNotFoundError: jax requires jaxlib to be installed. See the installation guide", "jax-jaxlib-version")
    # near miss: a version banner
    assert "jax-jaxlib-version" not in keys("jax 0.4.30 jaxlib 0.4.30 backend gpu")


def test_jax_without_its_cuda_plugin() -> None:
    text = (
        "WARNING:2025-02-06 16:38:26,869:jax._src.xla_bridge:987: An NVIDIA GPU may be present on this machine, "
        "but a CUDA-enabled jaxlib is not installed. Falling back to cpu."
    )
    found = answer(text, "cpu-jax-cpu-jaxlib")
    assert "jax[cuda12]" in found.fix
    assert "cpu-jax-cpu-jaxlib" not in keys(
        "A Google TPU may be present on this machine, but either a TPU-enabled "
        "jaxlib or libtpu is not installed. Falling back to cpu."
    )


def test_cudnn_that_cannot_start_in_tensorflow_and_jax() -> None:
    for text in (
        "tensorflow.python.framework.errors_impl.UnknownError:  Failed to get convolution algorithm. This is probably "
        "because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.",
        "tensorflow.python.framework.errors_impl.UnimplementedError: DNN library is not found.",
        "tensorflow.python.framework.errors_impl.InternalError: cuDNN launch failure : input shape ([1,64,56,56])",
    ):
        found = answer(text, "cudnn-not-initialized")
        assert found.product == "tensorflow" and "set_memory_growth" in found.fix, text
    jax = (
        "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed. Look at the "
        "errors above for more details."
    )
    found = answer(jax, "cudnn-not-initialized")
    assert found.product == "jax" and "XLA_PYTHON_CLIENT_PREALLOCATE" in found.fix
    # near miss: TensorFlow's harmless duplicate registration names cuDNN too
    notice = (
        "2024-01-01 00:00:00.000000: E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to "
        "register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered"
    )
    assert "cudnn-not-initialized" not in keys(notice)


def test_several_cupy_packages() -> None:
    text = (
        "UserWarning:\n----------\n  CuPy may not function correctly because multiple CuPy packages are installed\n"
        "  in your environment:\n\n    cupy-cuda11x, cupy-cuda12x\n"
    )
    assert "pip uninstall" in answer(text, "cupy-multiple-packages").fix
    assert "cupy-multiple-packages" not in keys("When using wheels, do not install multiple CuPy packages.")


def test_a_binary_that_needs_a_newer_glibc() -> None:
    cxx = (
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
        "/home/u/venv/lib/python3.10/site-packages/paddle/fluid/libpaddle.so)"
    )
    assert "libstdcxx-ng" in answer(cxx, "glibc-version-too-old").fix
    libc = "ImportError: /lib64/libc.so.6: version `GLIBC_2.28' not found (required by /opt/jaxlib/xla_extension.so)"
    found = answer(libc, "glibc-version-too-old")
    assert "manylinux" in found.fix and "ldd --version" in found.fix
    # near miss: a CUDA library's versioned symbol is the CUDA row's
    cuda = "version `libcudart.so.12' not found (required by /usr/lib/libonnxruntime_providers_cuda.so)"
    assert "glibc-version-too-old" not in keys(cuda)


def test_cudnn8_without_zlibwapi_on_windows() -> None:
    answer("Could not locate zlibwapi.dll. Please make sure it is in your library path!", "cudnn-zlibwapi")
    # near miss: a cuDNN DLL of its own stays the CUDA-library row
    assert (
        explain("Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!")[0].key
        == "cuda-library-major"
    )


def test_paddle_and_mxnet_loaders() -> None:
    linux = (
        "(PreconditionNotMet) The third-party dynamic library (libcudnn.so) that Paddle depends on is not configured "
        "correctly. (error code is libcudnn.so: cannot open shared object file: No such file or directory)"
    )
    found = answer(linux, "shared-library-not-found")
    assert found.product == "paddle" and "paddlepaddle-gpu" in found.fix
    windows = (
        "RuntimeError: (PreconditionNotMet) The third-party dynamic library (cudnn64_8.dll) that Paddle depends on "
        "is not configured correctly. (error code is 126)"
    )
    assert answer(windows, "shared-library-not-found").product == "paddle"
    assert (
        answer(
            "Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion", "shared-library-not-found"
        ).product
        == "paddle"
    )
    mxnet = (
        "terminate called after throwing an instance of 'dmlc::Error'\n"
        "  what():  [22:03:01] src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage"
    )
    found = answer(mxnet, "cpu-mxnet-no-cuda")  # families/cpu_builds.py
    assert "mxnet-cu" in found.fix


def test_windows_dll_of_another_architecture() -> None:
    found = answer("OSError: [WinError 193] %1 is not a valid Win32 application", "windows-dll-load")
    assert "64" in found.fix and "force-reinstall" in found.fix
    for text in (
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\venv\\lib\\site-packages'
        '\\torch\\lib\\caffe2_nvrtc.dll" or one of its dependencies.',
        'OSError: [WinError 1114] A dynamic link library (DLL) initialization routine failed. Error loading "C:\\Py'
        '\\Lib\\site-packages\\torch\\lib\\c10.dll" or one of its dependencies.',
    ):
        answer(text, "windows-dll-load")


def test_tensorflow_without_a_driver() -> None:
    text = (
        "2024-01-01 00:00:00.000000: I external/local_tsl/tsl/cuda/cudart_stub.cc:31] Could not find cuda drivers "
        "on your machine, GPU will not be used."
    )
    found = explain(text)
    assert found[0].key == "cpu-tf-gpu-not-registered" and "/usr/lib/wsl/lib" in found[0].fix
    diag = (
        "I tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:200] kernel version 470.57.2 does not "
        "match DSO version 510.47.3 -- cannot find working devices in this configuration"
    )
    assert explain(diag)[0].key == "host-driver-reboot"


def test_harmless_notices_of_tensorflow_and_xla() -> None:
    factory = (
        "2024-01-01 00:00:00.000000: E external/local_xla/xla/stream_executor/cuda/cuda_fft.cc:607] Unable to "
        "register cuFFT factory: Attempting to register factory for plugin cuFFT when one has already been registered"
    )
    found = explain(factory)
    assert found.outcome == "warnings-only" and found[0].key == "tf-factory-registered-notice"
    ptxas = (
        "W external/xla/xla/service/gpu/nvptx_compiler.cc:698] The NVIDIA driver's CUDA version is 11.4 which is "
        "older than the ptxas CUDA version (11.8.89). Because the driver is older than the ptxas version, XLA is "
        "disabling parallel compilation, which may slow down compilation."
    )
    found = explain(ptxas)
    assert found.outcome == "warnings-only" and found[0].key == "xla-driver-older-than-ptxas"
    # a failure after the notice is answered as that failure
    failed = factory + "\njaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed."
    assert explain(failed)[0].key == "cudnn-not-initialized"


def test_tensorflow_that_could_not_load_its_gpu_libraries() -> None:
    linux = (
        "2021-03-01 12:00:00.123456: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load "
        "dynamic library 'libcusparse.so.11'; dlerror: libcusparse.so.11: cannot open shared object file: No such "
        "file or directory\n"
        "2021-03-01 12:00:00.123456: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot dlopen some GPU "
        "libraries. Please make sure the missing libraries mentioned above are installed properly if you would like "
        "to use GPU. Follow the guide at the TensorFlow site for how to download and setup the required libraries.\n"
        "Skipping registering GPU devices..."
    )
    found = explain(linux)
    assert found[0].key == "cpu-tf-gpu-not-registered" and "tensorflow[and-cuda]" in found[0].fix
    assert "cuda-library-major" in [e.key for e in found]
    windows = linux.replace("libcusparse.so.11", "cusparse64_11.dll")
    assert explain(windows)[0].key == "cpu-tf-gpu-not-registered"  # the named library's variant
    # near miss: a TensorFlow that found its libraries
    ok = "I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library libcudart"
    assert "cpu-tf-gpu-not-registered" not in keys(ok)


def test_windows_paging_file_too_small_for_cuda_dlls() -> None:
    text = (
        "OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "
        '"C:\\Users\\me\\anaconda3\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its '
        "dependencies."
    )
    found = answer(text, "windows-dll-load")
    assert "paging file" in found.fix and "num_workers" in found.fix


def test_tensorflow_ptx_jit_notice() -> None:
    text = (
        "W0000 00:00:1770261679.049880   71740 gpu_device.cc:2430] TensorFlow was not built with CUDA kernel binaries "
        "compatible with compute capability 12.0. CUDA kernels will be jit-compiled from PTX, which could take 30 "
        "minutes or longer."
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "tf-ptx-jit-notice"


def test_numba_without_the_device_runtime_library() -> None:
    text = "numba.cuda.cudadrv.driver.LinkerError: /usr/local/cuda/lib64/libcudadevrt.a not found"
    found = answer(text, "kern-numba-nvvm-missing")
    assert "cooperative groups" in found.fix and "numba -s" in found.fix
    # near miss: numba's own missing-function error is no library lookup
    assert "kern-numba-nvvm-missing" not in keys("KeyError: 'Function add_kernel not found'")


def test_jax_whose_cuda_backend_did_not_start() -> None:
    text = (
        "RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices. (you may "
        "need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to skip this backend.)"
    )
    found = answer(text, "cpu-jax-cuda-backend-failed")
    assert "CUDA_VISIBLE_DEVICES" in found.fix
    memory = "CUDA backend failed to initialize: INTERNAL: no supported devices found for platform CUDA."
    assert "XLA_PYTHON_CLIENT_PREALLOCATE" in answer(memory, "cpu-jax-cuda-backend-failed").fix
    # the reason after the colon wins when a row knows it
    version = (
        "CUDA backend failed to initialize: Found CUDA version 12010, but JAX was built against version 12020, "
        "which is newer."
    )
    answer(version, "fw-cuda-library-older")
    # near miss: another backend
    assert "cpu-jax-cuda-backend-failed" not in keys("Unable to initialize backend 'tpu': NOT_FOUND: No TPU found")
