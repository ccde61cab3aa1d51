"""CUDA libraries, drivers and versions as frameworks other than torch word them (issue 36, round eleven): a framework
that loaded an older CUDA / cuDNN than it was built against (TensorFlow's cuda_dnn.cc, JAX's CUDA plugin, Paddle's
device context), jax and jaxlib of two releases, a jaxlib without CUDA on a GPU machine, several CuPy wheels in one
environment, a prebuilt binary that needs a newer glibc / libstdc++ than the system has, cuDNN 8's zlibwapi.dll on
Windows, TensorFlow finding no driver, and the harmless notices the same stacks print (XLA's driver older than its
ptxas, TensorFlow's duplicate factory registration). Each pattern is keyed to the library's own wording, cited in
`example_source`; versions, names and paths are read from the text, never written into a pattern. The classes these
stacks share with torch (a library of another CUDA major, a DLL that does not load, cuDNN that cannot start) are
variants of the core rows they belong to.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round11_f3libs.py"

#: the CUDA components JAX's CUDA plugin checks by name (jax_plugins/cuda/__init__.py, _check_cuda_versions)
_JAX_COMPONENTS = r"(?:CUDA|cuDNN|cuBLAS|cuFFT|cuSOLVER|cuSPARSE|cuPTI|NCCL|nvJitLink|NVSHMEM)"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "fw-cuda-library-older",
        "A framework loaded an older CUDA / cuDNN than it was built with (TensorFlow, JAX, Paddle: 'compiled with X')",
        # TensorFlow / XLA's cuda_dnn.cc (CudnnSupport::Init)
        r"Loaded runtime CuDNN library: [\d.]{1,12} but source was compiled with: [\d.]{1,12}"
        # JAX's CUDA plugin: before 0.4.30 "Found X version N, but JAX was built against version M", later
        # "Outdated X installation found." under "Unable to use CUDA because of the following issues ..."
        rf"|Found {_JAX_COMPONENTS} version \d{{1,9}}, but JAX was built against version \d{{1,9}}"
        rf"|Outdated {_JAX_COMPONENTS} installation found"
        r"|Unable to use CUDA because of the following issues with CUDA components"
        rf"|Unable to load {_JAX_COMPONENTS}\. Is it installed\?"
        # Paddle's device context / gpu_resources.cc warning
        r"|The installed Paddle is compiled with (?:CUDNN|CUDA) [\d.]{1,8}, but (?:CUDNN|CUDA runtime) version in "
        r"your machine is",
        "The framework's binary was built against one release of a CUDA library (cuDNN, the CUDA runtime, cuBLAS, "
        "cuSOLVER, ...) and the copy the loader found is older: a system CUDA / cuDNN in /usr/local/cuda or on "
        "LD_LIBRARY_PATH (PATH on Windows), a conda cudatoolkit / cudnn, or another framework's nvidia-* wheels "
        "shadow the ones this framework needs. The framework then refuses the GPU (JAX falls back to the CPU, "
        "TensorFlow's convolutions fail) or warns that it may misbehave.",
        "Give the framework the library release it was built for, and only that one on the loader path: install the "
        "framework's CUDA extra (its nvidia-* wheels) or the CUDA / cuDNN release its install guide names, then "
        "remove older CUDA / cuDNN folders from LD_LIBRARY_PATH (`ldconfig -p | grep cudnn` and `pip list | grep "
        "nvidia` show the copies); the message names both versions.",
        variants=(
            Variant(
                r"\bJAX\b|\bjax(?:lib)?\b|jax_plugins",
                "JAX",
                "JAX's CUDA plugin found a CUDA component older than the one jaxlib was built against, so it fell "
                'back to the CPU. Install the CUDA libraries from pip with the plugin (`pip install -U "jax[cuda12]"` '
                'or `"jax[cuda13]"`, the same version as jax) and unset LD_LIBRARY_PATH (or drop the system '
                "CUDA / cuDNN folders from it) so the nvidia-* wheels are the ones loaded; with a local CUDA install "
                "(`jax[cuda12-local]`), upgrade it to at least the version named. `python -c 'import jax; "
                "print(jax.devices())'` shows whether the GPU is back.",
                product="jax",
            ),
            Variant(
                r"Loaded runtime CuDNN library|\btensorflow\b|cuda_dnn\.cc",
                "TensorFlow",
                "TensorFlow loaded an older cuDNN than it was built with (both versions are in the line). Install the "
                'cuDNN its tested-build table names for this TensorFlow release (`pip install "tensorflow[and-cuda]"` '
                "brings the matching nvidia-cudnn wheel on Linux), or pick the TensorFlow release built for the cuDNN "
                "you have; remove other cuDNN folders (a system or conda cuDNN, another framework's) from "
                "LD_LIBRARY_PATH so TensorFlow's is found first.",
                product="tensorflow",
            ),
            Variant(
                r"\bPaddle\b|paddle",
                "Paddle",
                "Paddle was built against a newer cuDNN / CUDA than the one found: install the paddlepaddle-gpu build "
                "for the CUDA and cuDNN you have (its install page lists one per CUDA), or install the cuDNN it names "
                "(the nvidia-cudnn wheel of that version) and put it first on LD_LIBRARY_PATH (PATH on Windows); "
                "`python -c 'import paddle; paddle.utils.run_check()'` checks the result.",
                product="paddle",
            ),
        ),
        severity="warns-of-failure",
        alternatives=("torch-cudnn-version", "cuda-library-major"),
        weight=84,
        applies="TensorFlow, JAX (jaxlib's CUDA plugin), PaddlePaddle on NVIDIA GPUs",
        shown_by=(f"{_SHOWN}::test_a_framework_that_loaded_an_older_cuda_library",),
        example="CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against version "
        "8904, which is newer. The copy of cuDNN that is installed must be at least as new as the version against "
        "which JAX was built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)",
        example_source="jax's jax/_src/xla_bridge.py (_check_cuda_versions at tag jax-v0.4.20: 'Found X version "
        "N, but JAX was built against version M'), jax_plugins/cuda/__init__.py at jax 0.11.1 ('Outdated X "
        "installation found', 'Unable to load X. Is it installed?'); TensorFlow's stream_executor/cuda/cuda_dnn.cc "
        "(CudnnSupport::Init); Paddle's paddle/phi/backends/gpu/gpu_resources.cc (the CUDNN version warning)",
    ),
    KnownError(
        "jax-jaxlib-version",
        "jax and jaxlib of two releases ('jaxlib is version X, but this version of jax requires version >= Y')",
        r"jaxlib is version [\w.+-]{1,30}, but this version of jax requires version"
        r"|jaxlib version [\w.+-]{1,30} is newer than and incompatible with jax version"
        r"|This version of jax requires jaxlib version >=|jax requires jaxlib to be installed",
        "jax (pure Python) and jaxlib (its compiled half, with the CUDA plugin) are released together and check "
        "each other's version at import: one of them was upgraded or pinned without the other (a requirements file "
        "that pins one, pip resolving another package's pin).",
        "Install the two at the same version: `pip install -U jax jaxlib` (for the GPU `pip install -U "
        '"jax[cuda12]"` or `"jax[cuda13]"`, which pins jaxlib and the CUDA plugin to jax\'s version); if a package '
        "pins one of them, install jax at the version it allows. `pip list | grep -i jax` shows jax, jaxlib and the "
        "jax-cuda plugin packages, which must all carry one version.",
        weight=86,
        applies="JAX (jax with jaxlib and the jax-cuda plugins)",
        shown_by=(f"{_SHOWN}::test_jax_and_jaxlib_of_two_releases",),
        example="RuntimeError: jaxlib is version 0.4.1, but this version of jax requires version >= 0.4.7.",
        example_source="jax's jax/_src/lib/__init__.py (check_jaxlib_version and the jaxlib import; the same "
        "wording from jax-v0.3.10 to jax 0.11.1 at commit cec06d116c05f0d52adfceee3d3b730fdbcb0ce5)",
    ),
    KnownError(
        "jax-cpu-jaxlib",
        "JAX runs on the CPU: 'An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not "
        "installed'",
        r"An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed",
        "jax found an NVIDIA GPU but no CUDA plugin: the plain `jax` (or `jax[cpu]`) install has no CUDA, so every "
        "computation runs on the CPU.",
        'Install the CUDA build: `pip install -U "jax[cuda12]"` (or `"jax[cuda13]"` for a CUDA 13 driver: '
        "`nvidia-smi` shows the highest CUDA the driver supports); it installs the jax-cuda plugin and its nvidia-* "
        "libraries at jax's version. Then `python -c 'import jax; print(jax.devices())'` lists CudaDevice. On Windows "
        "JAX has no CUDA build: use WSL2.",
        severity="warns-of-failure",
        weight=80,
        applies="JAX on Linux / WSL2 with an NVIDIA GPU",
        shown_by=(f"{_SHOWN}::test_jax_without_its_cuda_plugin",),
        example="WARNING:jax._src.xla_bridge:An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib "
        "is not installed. Falling back to cpu.",
        example_source="jax's jax/_src/xla_bridge.py (_suggest_missing_backends, jax 0.11.1 at commit "
        "cec06d116c05f0d52adfceee3d3b730fdbcb0ce5)",
    ),
    KnownError(
        "jax-cuda-backend-init",
        "JAX could not start its CUDA backend ('Unable to initialize backend 'cuda'' / 'CUDA backend failed to "
        "initialize')",
        r"Unable to initialize backend 'cuda'|CUDA backend failed to initialize",
        "JAX's CUDA plugin is installed but could not start; the rest of the line says why: no GPU visible to the "
        "process (FAILED_PRECONDITION: No visible GPU devices: CUDA_VISIBLE_DEVICES, a container without the GPU, "
        "a driver that is not loaded), CUDA libraries of another version than jaxlib's, or no GPU memory left for "
        "CUDA's own start (no supported devices found for platform CUDA).",
        "Read the reason after the colon: check `nvidia-smi` works in the same shell or container and that "
        "CUDA_VISIBLE_DEVICES names a GPU; reinstall the CUDA build at jax's version (`pip install -U "
        '"jax[cuda12]"` or `"jax[cuda13]"`) with LD_LIBRARY_PATH unset so its nvidia-* wheels are used; to run on '
        "the CPU meanwhile set JAX_PLATFORMS=cpu.",
        variants=(
            Variant(
                r"no supported devices found for platform CUDA|CUDA_ERROR_OUT_OF_MEMORY|RESOURCE_EXHAUSTED",
                "no GPU memory left when CUDA started",
                "Another process (or torch / TensorFlow in this one) holds the GPU memory, or JAX's pre-allocation "
                "left none for CUDA's start: free the GPU (`nvidia-smi` lists the processes), and set "
                "XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION=.5) before importing jax.",
            ),
            Variant(
                r"No visible GPU devices|CUDA_ERROR_NO_DEVICE|no CUDA-capable device",
                "no GPU visible to the process",
                "The process sees no GPU: unset or fix CUDA_VISIBLE_DEVICES, start the container with `--gpus all` "
                "(the NVIDIA Container Toolkit), under WSL2 keep /usr/lib/wsl/lib on LD_LIBRARY_PATH, and check "
                "`nvidia-smi` in the same environment.",
            ),
        ),
        severity="warns-of-failure",
        loose=True,
        alternatives=("fw-cuda-library-older", "no-gpu-visible", "gpu-out-of-memory"),
        weight=58,  # below the rows that name the reason given after the colon
        applies="JAX with the jax-cuda plugins",
        shown_by=(f"{_SHOWN}::test_jax_whose_cuda_backend_did_not_start",),
        example="RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices. "
        "(you may need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to skip this backend.)",
        example_source="jax's jax/_src/xla_bridge.py (backends() and _suggest_missing_backends, jax 0.11.1 at commit "
        "cec06d116c05f0d52adfceee3d3b730fdbcb0ce5)",
    ),
    KnownError(
        "cupy-multiple-packages",
        "Several CuPy packages in one environment ('CuPy may not function correctly because multiple CuPy packages "
        "are installed')",
        r"CuPy may not function correctly because multiple CuPy packages are installed",
        "Two CuPy wheels (cupy-cuda11x and cupy-cuda12x, or a wheel and a conda / source cupy) are installed into the "
        "same `cupy` folder: their files overwrite each other, so CuPy loads a mix built for two CUDA releases.",
        "Uninstall every CuPy package the warning lists (`pip uninstall cupy-cuda11x cupy-cuda12x cupy`, and `conda "
        "uninstall cupy` if conda installed one), then install the one for your CUDA (`pip install cupy-cuda12x` for "
        "CUDA 12, cupy-cuda13x for CUDA 13); `python -c 'import cupy; cupy.show_config()'` checks it.",
        severity="warns-of-failure",
        weight=82,
        applies="CuPy installed from wheels (cupy-cudaXXx) or conda",
        shown_by=(f"{_SHOWN}::test_several_cupy_packages",),
        example="CuPy may not function correctly because multiple CuPy packages are installed\n  in your environment:",
        example_source="cupy's cupy/_environment.py (_detect_duplicate_installation, CuPy 15.0.0a1 at commit "
        "6b6d9563c4f7410cd1866a11b2f71a60dd45a68c)",
    ),
    KnownError(
        "glibc-version-too-old",
        "version `GLIBCXX_3.4.30' / `GLIBC_2.28' not found (a prebuilt binary needs a newer libstdc++ / glibc)",
        r"version `GLIBC(?:XX)?_[\d.]{1,10}' not found|version `CXXABI_[\d.]{1,10}' not found"
        r"|version 'GLIBC(?:XX)?_[\d.]{1,10}' not found",
        "A prebuilt binary (a framework's wheel, a CUDA library, a conda package) was linked against a newer C++ "
        "runtime (GLIBCXX / CXXABI, libstdc++) or C library (GLIBC) than the one the loader found: an old "
        "distribution, or an older libstdc++ that shadows the system's (a conda environment's lib, an app's bundled "
        "copy, LD_LIBRARY_PATH).",
        "GLIBCXX / CXXABI: load a newer libstdc++ (in conda: `conda install -c conda-forge libstdcxx-ng` (or "
        "`libstdcxx`), or put the system's newer /usr/lib/x86_64-linux-gnu/libstdc++.so.6 first; `strings "
        "$(path)/libstdc++.so.6 | grep GLIBCXX_` lists what a copy provides). GLIBC: the system's C library is too "
        "old for this wheel and cannot be swapped: install a release of the package built for an older glibc "
        "(its manylinux tag), or run in a newer distribution or container image.",
        variants=(
            Variant(
                r"version `GLIBC_",
                "the C library (glibc) is too old",
                "The binary needs a newer glibc than this system's (`ldd --version` shows it); glibc cannot be "
                "replaced in place: use a newer OS or container image (e.g. Ubuntu 22.04+ for GLIBC_2.35), or "
                "install an older release of the package whose wheel targets your glibc (its manylinux tag, e.g. "
                "manylinux2014 = glibc 2.17).",
            ),
        ),
        weight=84,
        applies="prebuilt Linux binaries (wheels of paddle, jaxlib, tensorflow, onnxruntime, llama.cpp builds)",
        shown_by=(f"{_SHOWN}::test_a_binary_that_needs_a_newer_glibc",),
        example="ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
        "/opt/venv/lib/python3.10/site-packages/paddle/fluid/libpaddle.so)",
        example_source="glibc's dynamic loader (elf/dl-version.c, match_symbol: \"version `%s' not found (required "
        'by %s)")',
    ),
    KnownError(
        "cudnn-zlibwapi",
        "Could not locate zlibwapi.dll (cuDNN 8 on Windows needs the zlib DLL)",
        r"Could not (?:locate|load) zlibwapi\.dll|zlibwapi\.dll[^\n]{0,40}(?:not found|missing)",
        "cuDNN 8.3 to 8.9 on Windows loads zlibwapi.dll (zlib) for its sub-libraries; NVIDIA's installation guide has "
        "it installed separately, so without it the first convolution aborts the process.",
        "Install zlib's zlibwapi.dll for x64 (the one NVIDIA's cuDNN 8 installation guide for Windows links) into a "
        "folder on PATH, e.g. next to cudnn64_8.dll in the CUDA bin folder, then restart the shell; or move to a "
        "build of the program that uses cuDNN 9, which does not need it.",
        weight=88,
        applies="cuDNN 8.3-8.9 on Windows (faster-whisper / CTranslate2, TensorFlow, onnxruntime, torch builds using "
        "a system cuDNN)",
        shown_by=(f"{_SHOWN}::test_cudnn8_without_zlibwapi_on_windows",),
        example="Could not locate zlibwapi.dll. Please make sure it is in your library path!",
        example_source="cuDNN 8 for Windows (cudnn_ops_infer64_8.dll's loader message); NVIDIA's cuDNN 8 "
        "installation guide, Windows: 'Installing Zlib'",
    ),
    KnownError(
        "tf-no-cuda-driver",
        "TensorFlow: 'Could not find cuda drivers on your machine, GPU will not be used'",
        r"Could not find cuda drivers on your machine, GPU will not be used",
        "TensorFlow's cudart stub could not load the NVIDIA driver's libcuda.so.1: no NVIDIA driver on this machine, "
        "a container started without GPU access, or (WSL2) /usr/lib/wsl/lib is not on the loader path. "
        "TensorFlow then runs on the CPU.",
        "If this machine should use a GPU: check `nvidia-smi` works in the same shell or container (Docker: `--gpus "
        "all` with the NVIDIA Container Toolkit; WSL2: the Windows NVIDIA driver, no Linux driver inside, and "
        "`export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`); then install `tensorflow[and-cuda]` (Linux) "
        "and check `python -c 'import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))'`. "
        "On a CPU-only machine the line is harmless.",
        severity="warns-of-failure",
        alternatives=("driver-library-missing", "no-gpu-visible"),
        weight=64,
        applies="TensorFlow 2.14+ (tsl/cuda/cudart_stub.cc)",
        shown_by=(f"{_SHOWN}::test_tensorflow_without_a_driver",),
        example="I external/local_tsl/tsl/cuda/cudart_stub.cc:31] Could not find cuda drivers on your machine, GPU "
        "will not be used.",
        example_source="TensorFlow's third_party/xla/third_party/tsl/tsl/cuda/cudart_stub.cc (TensorFlow 2.14+)",
    ),
    KnownError(
        "tf-gpu-libraries-missing",
        "TensorFlow: 'Cannot dlopen some GPU libraries ... Skipping registering GPU devices' (it runs on the CPU)",
        r"Cannot dlopen some GPU libraries\. Please make sure the missing libraries mentioned above are installed",
        "TensorFlow could not load one or more of the CUDA libraries it was built for (the 'Could not load dynamic "
        "library' lines above it name them: cudart, cublas, cufft, cusparse, cudnn of one CUDA major), so it "
        "registers no GPU and runs everything on the CPU; a later `tf.device('/GPU:0')` then fails.",
        'On Linux install the CUDA libraries with TensorFlow (`pip install "tensorflow[and-cuda]"`, TensorFlow '
        "2.14+), or install the CUDA and cuDNN release of TensorFlow's tested-build table for your version and put "
        "their lib folders on LD_LIBRARY_PATH; then "
        "`python -c 'import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))'` lists the GPU.",
        variants=(
            Variant(
                r"\.dll\b|[A-Z]:\\|\bWindows\b",
                "native Windows",
                "TensorFlow 2.10 was the last release with GPU support on native Windows: for 2.11+ use WSL2 (and "
                '`pip install "tensorflow[and-cuda]"` inside it); to stay native, install tensorflow 2.10 with CUDA '
                "11.2 and cuDNN 8.1 and put their bin folders on PATH (the DLL names above show which are missing).",
            ),
        ),
        severity="warns-of-failure",
        alternatives=("cuda-library-major",),
        weight=70,  # below cuda-library-major, whose line names the library that was not loaded
        applies="TensorFlow 2.x with GPU support",
        shown_by=(f"{_SHOWN}::test_tensorflow_that_could_not_load_its_gpu_libraries",),
        example="W tensorflow/core/common_runtime/gpu/gpu_device.cc:1956] Cannot dlopen some GPU libraries. Please "
        "make sure the missing libraries mentioned above are installed properly if you would like to use GPU.",
        example_source="TensorFlow's tensorflow/core/common_runtime/gpu/gpu_device.cc (the file its log line names; "
        "TensorFlow 2.x)",
    ),
    KnownError(
        "tf-ptx-jit-notice",
        "TensorFlow was not built with CUDA kernel binaries compatible with compute capability X (kernels JIT from "
        "PTX)",
        r"TensorFlow was not built with CUDA kernel binaries compatible with compute capability",
        "The TensorFlow wheel carries no compiled kernels for this GPU's architecture (a newer GPU than the "
        "release), so the driver compiles every kernel from PTX at first use: the first run is slow (minutes), "
        "later runs reuse the driver's cache. It is no failure in itself.",
        "Wait for the first run, and keep the compiled kernels: a larger CUDA cache (`export "
        "CUDA_CACHE_MAXSIZE=4294967296`, and CUDA_CACHE_PATH on a persistent disk in containers). A TensorFlow "
        "release built for this GPU's compute capability (or the NVIDIA TensorFlow container) removes the wait. If "
        "the program then fails with a PTX error, explain that error.",
        severity="notice",
        weight=22,
        applies="TensorFlow on a GPU newer than the release's compiled architectures",
        shown_by=(f"{_SHOWN}::test_tensorflow_ptx_jit_notice",),
        example="W tensorflow/core/common_runtime/gpu/gpu_device.cc:2348] TensorFlow was not built with CUDA kernel "
        "binaries compatible with compute capability 9.0. CUDA kernels will be jit-compiled from PTX, which could "
        "take 30 minutes or longer.",
        example_source="TensorFlow's tensorflow/core/common_runtime/gpu/gpu_device.cc (the file its log line names; "
        "TensorFlow 2.x)",
    ),
    KnownError(
        "tf-factory-registered-notice",
        "Unable to register cuDNN / cuFFT / cuBLAS factory: one has already been registered (a TensorFlow notice)",
        r"Unable to register cu(?:DNN|FFT|BLAS) factory: Attempting to register factory for plugin"
        r"|Attempting to register factory for plugin cu(?:DNN|FFT|BLAS) when one has already been registered",
        "TensorFlow and XLA each register the same CUDA library plugins at import (TensorFlow 2.14 to 2.17 print "
        "it on every start); the second registration is refused and the first is used. It is no failure.",
        "Nothing to fix: ignore the line (TF_CPP_MIN_LOG_LEVEL=3 hides it). If the program fails, the error that "
        "failed it is elsewhere in the output: explain that.",
        severity="notice",
        weight=20,
        applies="TensorFlow 2.14-2.17 (XLA's stream_executor plugin registry)",
        shown_by=(f"{_SHOWN}::test_harmless_notices_of_tensorflow_and_xla",),
        example="E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to register cuDNN factory: "
        "Attempting to register factory for plugin cuDNN when one has already been registered",
        example_source="XLA's xla/stream_executor/cuda/cuda_dnn.cc (initialize_cudnn) and "
        "xla/stream_executor/plugin_registry.cc (RegisterFactory), as bundled in TensorFlow 2.15",
    ),
    KnownError(
        "xla-driver-older-than-ptxas",
        "XLA: the NVIDIA driver's CUDA version is older than the ptxas CUDA version (parallel compilation disabled)",
        r"The NVIDIA driver's CUDA version is [\d.]{1,10} which is older than the ptxas CUDA version",
        "XLA (JAX, TensorFlow) compiles kernels with a ptxas newer than the CUDA the driver supports; it keeps "
        "working but disables parallel compilation, so compiles are slower. A driver much older than ptxas may "
        "later refuse the compiled code (CUDA_ERROR_UNSUPPORTED_PTX_VERSION).",
        "Update the NVIDIA driver to one that supports the ptxas CUDA version named (or install NVIDIA's CUDA "
        "forward-compatibility package); or use a ptxas of the driver's CUDA (for JAX: the nvidia-cuda-nvcc wheel "
        "of that CUDA). If the program works, the line only costs compile time.",
        severity="notice",
        weight=24,
        applies="JAX and TensorFlow (XLA's GPU compiler, nvptx_compiler.cc)",
        shown_by=(f"{_SHOWN}::test_harmless_notices_of_tensorflow_and_xla",),
        example="W external/xla/xla/service/gpu/nvptx_compiler.cc:698] The NVIDIA driver's CUDA version is 11.4 "
        "which is older than the ptxas CUDA version (11.8.89). Because the driver is older than the ptxas version, "
        "XLA is disabling parallel compilation, which may slow down compilation.",
        example_source="XLA's xla/service/gpu/nvptx_compiler.cc (WarnIfBadDriverJITVersion / the ptxas version check)",
    ),
)
