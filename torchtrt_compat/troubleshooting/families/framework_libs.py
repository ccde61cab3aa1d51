"""CUDA libraries, drivers and versions as frameworks other than torch word them (issue 36, round eleven): a framework
that loaded an older CUDA / cuDNN than it was built against (TensorFlow's cuda_dnn.cc, JAX's CUDA plugin, Paddle's
device context), jax and jaxlib of two releases, a jaxlib without CUDA on a GPU machine, several CuPy wheels in one
environment, a prebuilt binary that needs a newer glibc / libstdc++ than the system has, cuDNN 8's zlibwapi.dll on
Windows, TensorFlow finding no driver, XLA's autotuner finding no cuDNN engine (round twenty-nine), Theano refusing the
driver it found, and the harmless notices the same stacks print (XLA's driver older than its ptxas, TensorFlow's
duplicate factory registration). Each pattern is keyed to the library's own wording, cited in `example_source`;
versions, names and paths are read from the text, never written into a pattern. The classes these stacks share with
torch (a library of another CUDA major, a DLL that does not load, cuDNN that cannot start) are variants of the core rows
they belong to.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round11_f3libs.py"
_R29 = "tests/troubleshooting/test_round29_v29cloud.py"
_R44 = "tests/troubleshooting/test_round44_v44jaxtf.py"
_R32 = tests_in("tests/troubleshooting/test_round32_v32bio.py")

#: the CUDA components JAX's CUDA plugin checks by name (jax_plugins/cuda/__init__.py, _check_cuda_versions)
_JAX_COMPONENTS = r"(?:CUDA|cuDNN|cuBLAS|cuFFT|cuSOLVER|cuSPARSE|cuPTI|NCCL|nvJitLink|NVSHMEM)"

#: XLA's autotuner finding no supported configuration for a cuDNN convolution custom call (the instruction follows
#: the colon, on the same line or, in a reformatted paste, on the next lines)
_XLA_NO_CUDNN_CONFIG = (
    r"Autotuner could not find any supported configs for HLO:[\s\S]{0,600}?(?:__cudnn\$conv|%cudnn-conv)"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "fw-cuda-library-older",
        "A framework loaded an older CUDA / cuDNN than it was built with (TensorFlow, JAX, Paddle: 'compiled with X')",
        # TensorFlow / XLA's cuda_dnn.cc (CudnnSupport::Init)
        r"Loaded runtime CuDNN library: [\d.]{1,12} but source was compiled with: [\d.]{1,12}"
        # TensorFlow 1.x's older wording, which compares "compatibility versions" (major and minor must be equal):
        # "Loaded runtime CuDNN library: 7101 (compatibility version 7100) but source was compiled with 7004
        # (compatibility version 7000)."
        r"|Loaded runtime CuDNN library: [\d.]{1,12} \(compatibility version [\d.]{1,12}\) but source was compiled "
        r"with:? [\d.]{1,12}"
        # JAX's CUDA plugin: before 0.4.30 "Found X version N, but JAX was built against version M", later
        # "Outdated X installation found." under "Unable to use CUDA because of the following issues ..."
        rf"|Found {_JAX_COMPONENTS} version \d{{1,9}}, but JAX was built against version \d{{1,9}}"
        rf"|Outdated {_JAX_COMPONENTS} installation found"
        r"|Unable to use CUDA because of the following issues with CUDA components"
        rf"|Unable to load {_JAX_COMPONENTS}\. Is it installed\?"
        # Paddle's device context / gpu_resources.cc warning
        r"|The installed Paddle is compiled with (?:CUDNN|CUDA) [\d.]{1,8}, but (?:CUDNN|CUDA runtime) version in "
        r"your machine is"
        # issue 36, round twenty-nine: XLA's autotuner (xla/backends/autotuner/autotuner.cc, TuneBestConfig: "Autotuner
        # could not find any supported configs for HLO: " and the instruction) on the fused cuDNN convolution it
        # emits (a __cudnn$conv... custom call, printed on the same line or the next ones): the cuDNN loaded offers no
        # engine for it. Another HLO (a Triton GEMM fusion) is not this class
        rf"|{_XLA_NO_CUDNN_CONFIG}",
        "The framework's binary was built against one release of a CUDA library (cuDNN, the CUDA runtime, cuBLAS, "
        "cuSOLVER, ...) and the copy the loader found is older (for TensorFlow 1.x's 'compatibility version' check, "
        "of another minor at all): a system CUDA / cuDNN in /usr/local/cuda or on "
        "LD_LIBRARY_PATH (PATH on Windows), a conda cudatoolkit / cudnn, or another framework's nvidia-* wheels "
        "shadow the ones this framework needs. The framework then refuses the GPU (JAX falls back to the CPU, "
        "TensorFlow's convolutions fail, XLA's autotuner finds no cuDNN engine for the fused convolution it emits) "
        "or warns that it may misbehave.",
        "Give the framework the library release it was built for, and only that one on the loader path: install the "
        "framework's CUDA extra (its nvidia-* wheels) or the CUDA / cuDNN release its install guide names, then "
        "remove older CUDA / cuDNN folders from LD_LIBRARY_PATH (`ldconfig -p | grep cudnn` and `pip list | grep "
        "nvidia` show the copies); the message names both versions.",
        variants=(
            # issue 36, round twenty-nine: the autotuner names neither version, so its fix says where to read them
            Variant(
                _XLA_NO_CUDNN_CONFIG,
                "XLA's autotuner found no cuDNN engine for a fused convolution",
                "XLA compiled the convolution into a fused cuDNN call (conv + bias + activation, the __cudnn$conv... "
                "custom call in the message) and the cuDNN that was loaded offers no engine for it: that cuDNN is "
                "older than the one this TensorFlow / JAX release was built with (an image or requirements file that "
                "pins an older nvidia-cudnn-cu12 wheel, a system or conda cuDNN found first on LD_LIBRARY_PATH). "
                "Give the framework its own cuDNN: TensorFlow: `pip install 'tensorflow[and-cuda]'` (its matched "
                "nvidia-* wheels), or raise the image's nvidia-cudnn pin to at least the version "
                "`python -c 'import tensorflow as tf; print(tf.sysconfig.get_build_info())'` names as cudnn_version; "
                'JAX: `pip install -U "jax[cuda12]"` (or cuda13) at the version of jax. Then remove older copies '
                "from the loader path (`pip list | grep nvidia-cudnn`, `ldconfig -p | grep cudnn`). Until then, "
                "compiling the Keras model with jit_compile=False keeps XLA's fused convolution out of model.fit.",
                strict=True,
            ),
            Variant(
                # jaxlib's bundled XLA logs under Bazel's external repositories (external/org_tensorflow/... before
                # 2023, external/xla/xla/... after); TensorFlow's own build logs tensorflow/... or external/local_xla
                r"\bJAX\b|\bjax(?:lib)?\b|jax_plugins|\bexternal/org_tensorflow/|\bexternal/xla/xla/",
                "JAX",
                "JAX's CUDA plugin found a CUDA component older than the one jaxlib was built against, so it fell "
                'back to the CPU. Install the CUDA libraries from pip with the plugin (`pip install -U "jax[cuda12]"` '
                'or `"jax[cuda13]"`, the same version as jax) and unset LD_LIBRARY_PATH (or drop the system '
                "CUDA / cuDNN folders from it) so the nvidia-* wheels are the ones loaded; with a local CUDA install "
                "(`jax[cuda12-local]`), upgrade it to at least the version named. `python -c 'import jax; "
                "print(jax.devices())'` shows whether the GPU is back.",
                product="jax",
            ),
            # the "compatibility version" wording: the cuDNN major.minor must equal the build's, so a newer minor
            # is refused as well as an older one
            Variant(
                r"Loaded runtime CuDNN library: [\d.]{1,12} \(compatibility version",
                "TensorFlow 1.x (cuDNN major.minor must equal the build's)",
                "This TensorFlow 1.x compares 'compatibility versions': the cuDNN it loads must have the same major "
                "and minor as the one it was compiled with (the number after 'compiled with'; cuDNN writes major * "
                "1000 + minor * 100 + patch: 6021 is 6.0.21, 7104 is 7.1.4), so a newer minor is refused too; an "
                "image or apt upgrade that moved cuDNN on is the usual cause. Install cuDNN of that major.minor "
                "(any patch of it): with NVIDIA's apt repository `apt-cache policy libcudnn<major>` lists the "
                "versions, then `apt-get install --allow-downgrades libcudnn<major>=<a version of that minor>` (and "
                "the -dev package of the same version) and `apt-mark hold libcudnn<major>` so the next upgrade "
                "keeps it; or install a TensorFlow build compiled against the cuDNN you have.",
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
        weight=88,  # above cpu-jax-cuda-backend-failed (84): the version check names the component to replace
        applies="TensorFlow, JAX (jaxlib's CUDA plugin), PaddlePaddle on NVIDIA GPUs",
        shown_by=(
            f"{_SHOWN}::test_a_framework_that_loaded_an_older_cuda_library",
            "tests/troubleshooting/test_round25_v25old.py::test_tensorflow_1x_cudnn_compatibility_version",
            f"{_R29}::test_xla_autotuner_without_a_cudnn_engine_is_an_older_cudnn",
        ),
        example="CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against version "
        "8904, which is newer. The copy of cuDNN that is installed must be at least as new as the version against "
        "which JAX was built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)",
        example_source="jax's jax/_src/xla_bridge.py (_check_cuda_versions at tag jax-v0.4.20: 'Found X version "
        "N, but JAX was built against version M'), jax_plugins/cuda/__init__.py at jax 0.11.1 ('Outdated X "
        "installation found', 'Unable to load X. Is it installed?'); TensorFlow's stream_executor/cuda/cuda_dnn.cc "
        "(CudnnSupport::Init); Paddle's paddle/phi/backends/gpu/gpu_resources.cc (the CUDNN version warning); "
        "openxla/xla's xla/backends/autotuner/autotuner.cc (TuneBestConfig: 'Autotuner could not find any supported "
        "configs for HLO: ', then the instruction)",
    ),
    # issue 36, round thirty-eight: a runtime flag passed through an environment variable (XLA_FLAGS,
    # LIBTPU_INIT_ARGS, TF_XLA_FLAGS) that the installed XLA / libtpu / JAX does not know (misspelt, placed in the
    # wrong variable) or has retired: XLA's parse_flags_from_env aborts, abseil's flags refuse a retired one
    KnownError(
        "xla-unknown-or-retired-flag",
        "XLA / libtpu refuses a runtime flag ('Unknown flags in XLA_FLAGS', 'Unknown command line flag', 'Accessing "
        "retired flag')",
        r"Unknown flags? in (?:TF_)?XLA_FLAGS|Unknown flags? in LIBTPU_INIT_ARGS"
        r"|\bAccessing retired flag '\w{1,120}'"
        r"|Unknown command line flag '(?:xla|jax|tpu|megascale|libtpu)\w{0,120}'",
        "A flag set for the runtime (in XLA_FLAGS, LIBTPU_INIT_ARGS or TF_XLA_FLAGS, often exported by a launch "
        "script or a README's example) is not one the installed XLA / libtpu knows: it was renamed or retired in "
        "a later release (a retired flag is refused by name), it belongs to another backend (--xla_tpu_* flags are "
        "libtpu's and go in LIBTPU_INIT_ARGS, --xla_gpu_* flags only exist in GPU builds), or it is misspelt; XLA "
        "parses these variables at start-up and aborts the process.",
        "Find where the flag is set (`echo $XLA_FLAGS $LIBTPU_INIT_ARGS $TF_XLA_FLAGS`, the launch script's "
        "`export` lines, a .bashrc or a container's environment) and remove the flag the message names (or unset "
        "the variable to test); if the flag is needed, use its current name from the release notes of the "
        "installed jax / jaxlib / libtpu, or pin the older jax, jaxlib and libtpu release the script was written "
        "for (`pip list | grep -iE 'jax|libtpu'`).",
        variants=(
            Variant(
                r"LIBTPU_INIT_ARGS|\blibtpu\b|\bTPU\b|--xla_tpu_|\bjax_\w{1,80}'",
                "TPU (libtpu flags)",
                "The flag is one libtpu (the TPU runtime) or JAX reads at TPU start-up, usually from "
                "LIBTPU_INIT_ARGS set by the training script; a newer libtpu / jax retired or renamed it. Remove it "
                "from LIBTPU_INIT_ARGS (TPU-only --xla_tpu_* flags belong there, never in XLA_FLAGS) and run again, "
                "or pin the jax[tpu] / libtpu release the script was written for; on a TPU pod change it on every "
                "worker (`--worker=all`).",
            ),
        ),
        weight=84,
        applies="JAX, TensorFlow and PyTorch/XLA with XLA_FLAGS / TF_XLA_FLAGS, libtpu with LIBTPU_INIT_ARGS",
        shown_by=("tests/troubleshooting/test_round38_v38ecopretrain.py::test_unknown_or_retired_runtime_flags",),
        example="F0621 23:40:04.690244 1244448 parse_flags_from_env.cc:234] Unknown flags in XLA_FLAGS: "
        "--xla_gpu_enable_triton_softmax=false",
        example_source="openxla/xla xla/parse_flags_from_env.cc ('Unknown flag(s) in <variable>: ...', wording seen "
        "in pasted logs); abseil flags' retired-flag error ('Accessing retired flag ...') and 'Unknown command line "
        "flag' (abseil wordings from memory)",
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
    # issue 36, round forty-four: TensorFlow Probability's own check of the TensorFlow beside it (tfp's
    # python/__init__.py, _ensure_tf_install), reached also through its JAX substrate (distrax, octo): tfp's release
    # and tensorflow's are not a pair
    KnownError(
        "tfp-tensorflow-version",
        "TensorFlow Probability newer than the TensorFlow beside it ('This version of TensorFlow Probability "
        "requires TensorFlow version >= X')",
        r"This version of TensorFlow Probability requires TensorFlow version >=",
        "Each tensorflow-probability release requires a minimum TensorFlow (0.25 needs 2.18; 0.23 pairs with 2.15) "
        "and checks it at import, even through its JAX substrate; its package does not "
        "declare the pin, so pip installed the newest tfp beside an older (often pinned) TensorFlow.",
        "Install the tensorflow-probability release paired with the installed TensorFlow (tfp's release notes name "
        'the TensorFlow each release needs: `pip install "tensorflow-probability==0.23.*"` for TensorFlow 2.15), '
        "or upgrade TensorFlow to the version the message names (with tf-keras at the same minor for tfp 0.24+, "
        "whose layers use Keras 2); for JAX-only use with no TensorFlow needed, the message still names the pair "
        "to install. `pip list | grep -iE 'tensorflow|keras'` shows both.",
        weight=86,
        applies="tensorflow-probability (its TensorFlow and JAX substrates) beside an installed TensorFlow",
        shown_by=(f"{_R44}::test_tf_companion_packages_of_another_release",),
        example="ImportError: This version of TensorFlow Probability requires TensorFlow version >= 2.18; Detected "
        "an installation of version 2.15.0. Please upgrade TensorFlow to proceed.",
        example_source="tensorflow/probability tensorflow_probability/python/__init__.py (_ensure_tf_install)",
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
            Variant(
                r"version `(?:GLIBCXX|CXXABI)_[\d.]{1,10}' not found \(required by [^\n)]{0,300}\.cpython-\d{2,3}",
                "an extension compiled here needs a newer libstdc++",
                "The module named after 'required by' (a compiled extension) was built with a newer GCC than the "
                "libstdc++ the process loads (a conda environment's older copy is found first): rebuild it with the "
                "environment's compiler, or load a newer libstdc++ (`conda install -c conda-forge libstdcxx-ng`, or "
                "`LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6`); `strings <the libstdc++ loaded> | grep "
                "GLIBCXX_` lists what a copy provides.",
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
        r"The NVIDIA driver's CUDA version is [\d.]{1,10} which is older than the (?:ptxas CUDA|PTX compiler) version"
        # jaxlib's later wording names the PTX compiler, not ptxas ("... older than the PTX compiler version 12.6.77.
        # Because the driver is older than the PTX compiler version, XLA is disabling parallel compilation"; issue
        # 36, round fifty-three)
        r"|driver is older than the (?:PTX compiler|ptxas) version, XLA is disabling parallel compilation",
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
    # issue 36, round twenty-seven: XLA's slow-operation alarm, which logs at E level while the compile goes on
    KnownError(
        "xla-slow-compile-alarm",
        "XLA's 'Very slow compile?' / 'Constant folding an instruction is taking > Ns' alarm (a compile-time notice)",
        # the alarm's own log line (glog's E level), whose message follows under a row of asterisks, or "The
        # operation took N" after it: read from that line, so the E line is the notice's, not a failure
        r"slow_operation_alarm\.cc:\d{1,6}\][ \t]{0,4}(?:\r?\n\*{4,40}\r?\n[^\n]{0,300}?(?:Very slow compile\?"
        r"|Constant folding an instruction is taking)|The operation took \d)"
        r"|\bVery slow compile\?\s{1,4}If you want to file a bug|\[Compiling module [\w.-]{1,200}\] Very slow compile\?"
        r"|\bConstant folding an instruction is taking > \d",
        "XLA (under JAX, or TensorFlow / Keras with jit_compile) arms an alarm when it starts compiling a program "
        "and logs it, at error level, when the compile runs past two minutes (or one instruction's constant folding "
        "past a second); the compile goes on and the program then runs. A slow compile means a very large program: "
        "a Python for / while loop inside a jitted function is unrolled while tracing (one copy of its body per "
        "iteration), and large arrays closed over by the function are constants that XLA folds at compile time.",
        "Nothing failed: if the run finishes, the line only reports compile time. To compile faster, write loops in "
        "jitted code with jax.lax.fori_loop / lax.scan / lax.while_loop (XLA compiles one loop body) or jit only "
        "the per-step function and keep the outer loop in Python; pass large arrays as arguments instead of "
        "capturing them as constants (that is what the 'Constant folding' alarm times). The module name in "
        "brackets ([Compiling module jit_<function>]) names the jitted function; XLA_FLAGS=--xla_dump_to=<dir> "
        "dumps its program to see its size. If a later line failed, explain that line instead.",
        variants=(
            Variant(
                r"\bConstant folding an instruction is taking",
                "constant folding (arrays captured as constants)",
                "XLA is evaluating, at compile time, an instruction whose inputs are all constants: arrays the "
                "jitted function closes over (globals, self attributes, NumPy arrays built outside) become "
                "constants of the program. Pass them as arguments of the jitted function instead (or build them "
                "inside it from its arguments), so XLA has nothing to fold; the alarm costs only compile time, "
                "the results are right.",
            ),
            # jaxlib's bundled XLA logs under Bazel's external repositories (external/org_tensorflow/ before 2023,
            # external/xla/ after), and JAX names each jitted program jit_<function>
            Variant(
                r"external/(?:org_tensorflow|xla)/|\bjax(?:lib)?\b|\[Compiling module (?:pjit|jit)_\w",
                "JAX",
                "JAX traced the jitted function named in brackets (jit_<function>) into one XLA program: each "
                "iteration of a Python for / while loop inside it becomes a copy of the loop's body. Write the loop "
                "with jax.lax.fori_loop (a fixed count), lax.scan (carrying state and collecting outputs) or "
                "lax.while_loop, or jit only the per-step update and keep the outer loop in Python; mark only truly "
                "constant arguments static (static_argnums recompiles for each value). Nothing failed if the run "
                "goes on.",
                product="jax",
            ),
            Variant(
                r"\b(?:tensorflow|keras)\b|jit_compile|__inference_|a_inference_",
                "TensorFlow / Keras (jit_compile)",
                "XLA compiles the whole tf.function (Keras' train step with jit_compile=True, the default of some "
                "Keras 3 backends): a Python loop in it is unrolled. Use tf.while_loop / a tf.range loop inside "
                "the function, or compile without XLA (`model.compile(..., jit_compile=False)`, "
                "`tf.function(jit_compile=False)`); nothing failed if training goes on.",
            ),
        ),
        severity="notice",
        weight=24,
        applies="JAX and TensorFlow / Keras on XLA (xla/service/slow_operation_alarm.cc), CPU and GPU",
        shown_by=("tests/troubleshooting/test_round27_v27course.py::test_xla_slow_compile_alarm_is_a_notice",),
        example="E external/org_tensorflow/tensorflow/compiler/xla/service/slow_operation_alarm.cc:65] \n"
        "********************************\n[Compiling module jit_step] Very slow compile?  If you want to file a "
        "bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.",
        example_source="XLA's xla/service/slow_operation_alarm.cc and SlowCompilationAlarm (service/"
        "gpu/gpu_compiler.cc: 'Very slow compile?  If you want to file a bug, run with envvar "
        "XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.'), hlo_constant_folding.cc ('Constant folding an "
        "instruction is taking > %s')",
    ),
    # issue 36, round thirty-two: TensorFlow's / XLA's convolution autotuner checks the guard bytes (redzones) around
    # each buffer a cuDNN algorithm wrote; a changed byte makes it log, at error level, and drop that algorithm, and
    # the run goes on (tensorflow/core/kernels/gpu_utils.cc, later XLA's gpu_conv_algorithm_picker.cc; the
    # mismatch line is stream_executor's redzone_allocator.cc RedzoneFailureMsg)
    KnownError(
        "tf-cudnn-redzone-notice",
        "TensorFlow / XLA: 'Detected cudnn out-of-bounds write in convolution buffer!' / 'Redzone mismatch' (the "
        "autotuner dropped a cuDNN algorithm; the run goes on)",
        r"Detected cudnn out-of-bounds write in (?:convolution|conv \w{1,20}) buffer"
        r"|\bRedzone mismatch in (?:LHS|RHS) redzone of buffer (?:0x)?[0-9a-f]{1,16} at offset \d",
        "While autotuning a convolution, TensorFlow (or XLA) ran a cuDNN algorithm and found bytes written past its "
        "buffer (the redzones around it): it logs this at error level, skips that algorithm from then on and goes "
        "on with another, so nothing failed here. It comes from a cuDNN too old for the GPU (a cuDNN 8.0-8.5 of an "
        "old TensorFlow pin on an Ada / Hopper GPU such as an L4, RTX 40xx or H100) or a bug of that cuDNN "
        "release; results computed before the skip may be wrong.",
        "Nothing to fix if the run finishes and its results look right: the algorithm is skipped from then on. For "
        'a trustworthy run, use a TensorFlow whose tested cuDNN supports the GPU (`python -c "import tensorflow as '
        'tf; print(tf.sysconfig.get_build_info())"` names the cuDNN it was built with; Hopper needs cuDNN 8.9 or '
        "newer, Ada 8.6 or newer), or run the old pinned stack on an older GPU (A100, V100) it supports. If a later "
        "line failed, explain that line instead.",
        variants=(
            # the cuDNN the log says it loaded predates Ada and Hopper (cuda_dnn.cc: "Loaded cuDNN version 8100")
            Variant(
                r"Loaded cuDNN version (?:[1-7]\d{3}|8[0-5]\d{2})\b",
                "an old cuDNN loaded (before 8.6)",
                "The log shows an old cuDNN (before 8.6, the line 'Loaded cuDNN version'): it predates Ada and Hopper "
                "GPUs (L4, RTX 40xx, H100), whose convolutions it does not support, which is why the autotuner caught "
                "an algorithm writing out of bounds. Nothing failed yet (that algorithm is skipped from then on), but "
                "results may be wrong: use a TensorFlow release whose tested cuDNN supports the GPU (cuDNN 8.9 or "
                "newer for Hopper, 8.6 for Ada; `tf.sysconfig.get_build_info()`), or run the project's pinned "
                "TensorFlow on an older GPU (A100, V100) that its cuDNN supports.",
            ),
        ),
        severity="notice",
        weight=30,
        applies="TensorFlow 2.x (tensorflow/core/kernels/gpu_utils.cc) and XLA's convolution autotuner (JAX, TF)",
        shown_by=(_R32("test_tensorflow_autotuner_and_grappler_lines_are_notices"),),
        example="E tensorflow/core/kernels/gpu_utils.cc:86] Detected cudnn out-of-bounds write in convolution buffer! "
        "This is likely a cudnn bug. We will skip this algorithm in the future, but your GPU state may already be "
        "corrupted, leading to incorrect results.",
        example_source="TensorFlow tensorflow/core/kernels/gpu_utils.cc (CheckRedzones) and XLA's "
        "gpu_conv_algorithm_picker.cc ('Detected cudnn out-of-bounds write in conv %s buffer!')",
    ),
    # issue 36, round thirty-two: Grappler's meta-optimizer runs each graph rewrite (layout, remapper, constant
    # folding, ...) and logs the one that returned an error, at error level, then keeps the graph as it was
    KnownError(
        "tf-grappler-optimizer-notice",
        "TensorFlow Grappler: 'layout failed: Invalid argument: ...' / '<optimizer> failed: ...' from "
        "meta_optimizer.cc (an optional graph rewrite was skipped; a notice)",
        r"grappler[\\/]optimizers[\\/]meta_optimizer\.cc:\d{1,6}\][ \t]{0,4}[\w{}()=,.:+ -]{1,160}? failed: "
        r"|(?<![\w-])(?:layout|remapper|arithmetic_optimizer|constant_folding|dependency_optimizer|loop_optimizer"
        r"|shape_optimizer|model_pruner|memory_optimizer|function_optimizer|implementation_selector"
        r"|common_subgraph_elimination|debug_stripper|pin_to_host_optimizer|scoped_allocator_optimizer"
        r"|auto_mixed_precision\w{0,20}) failed: (?:Invalid argument|INVALID_ARGUMENT|Internal|INTERNAL"
        r"|Not found|NOT_FOUND|Deadline exceeded|DEADLINE_EXCEEDED|Aborted|ABORTED|Unimplemented|UNIMPLEMENTED)\b",
        "TensorFlow's graph optimizer (Grappler) runs optional rewrites of a tf.function's graph (the layout "
        "optimizer's NHWC / NCHW transposes, the remapper's fused ops, constant folding): one of them met a graph "
        "it cannot handle (a tensor of an unexpected rank or size, a dropout or a dynamic shape) and returned an "
        "error, which the meta-optimizer logs at error level before it keeps the graph as it was. The model runs "
        "unoptimised for that rewrite; nothing failed.",
        "Nothing to fix: training or inference goes on, at most a little slower. To silence it, set "
        "TF_CPP_MIN_LOG_LEVEL=3 or turn the rewrite off (`tf.config.optimizer.set_experimental_options({'layout_"
        "optimizer': False})`; 'remapping', 'constant_folding', ... for the others). If the program did stop, the "
        "cause is another line (a Traceback's last line): explain that one.",
        severity="notice",
        weight=30,
        applies="TensorFlow 1.x and 2.x (tensorflow/core/grappler/optimizers/meta_optimizer.cc)",
        shown_by=(_R32("test_tensorflow_autotuner_and_grappler_lines_are_notices"),),
        example="E tensorflow/core/grappler/optimizers/meta_optimizer.cc:502] layout failed: Invalid argument: "
        "Unsupported tensor size: 1",
        example_source="TensorFlow tensorflow/core/grappler/optimizers/meta_optimizer.cc (the optimizer's name and "
        "' failed: ' with its status; wording from memory of its logs)",
    ),
    # issue 36, round twenty-nine: an old framework's own refusal of the driver it found. Theano's old CUDA backend
    # (device=gpu, theano.sandbox.cuda) sums an array on the GPU when it starts (tests/test_driver.py,
    # test_nvidia_driver1, called from theano/__init__.py and sandbox/cuda's use()) and raises this when the sum is
    # wrong
    KnownError(
        "fw-theano-driver-reduction-check",
        "Theano refuses the GPU: 'The nvidia driver version installed with this OS does not give good results for "
        "reduction' (its start-up check of the driver and CUDA it runs with)",
        r"The nvidia driver version installed with this OS\s{0,4}does not give good results for reduction",
        "Theano's old CUDA backend (device=gpu) sums an array on the GPU when it starts and compares the result with "
        "NumPy's; the sum came out wrong, so it stops. The NVIDIA driver and the CUDA toolkit Theano compiles its "
        "kernels with do not go together as this Theano expects: most often a newer CUDA than the project's Theano "
        "release was used with (apt's unversioned `cuda` package installs the newest CUDA and its driver, a newer "
        "major than the one the setup was written for), or a driver from another source than the toolkit's.",
        "Install the CUDA release the project's Theano was set up with, together with the driver of that same "
        "package (what the message itself says: the driver from the CUDA package's own download): with NVIDIA's apt "
        "repository its versioned package (`sudo apt-get install cuda-<major>-<minor>`; not `cuda`, which pulls "
        "the newest), remove the newer toolkit, put the older one first (PATH and LD_LIBRARY_PATH, or "
        "THEANO_FLAGS=cuda.root=/usr/local/cuda-<major>.<minor>), reboot, and check `nvidia-smi` and "
        "`nvcc --version`; then "
        "clear Theano's compiled cache (`theano-cache purge`). Theano 1.0 dropped this backend (device=cuda with "
        "libgpuarray / pygpu replaces it) and Theano is no longer developed, so a maintained framework is the lasting "
        "fix; THEANO_FLAGS=enable_initial_driver_test=False only skips the check, and reductions may then be wrong.",
        variants=(
            Variant(
                r"\bapt(?:-get)?\s{1,4}install\s{1,4}(?:-y\s{1,4})?cuda(?![\w.=-])",
                "apt's unversioned cuda package",
                "`apt-get install cuda` installed the newest CUDA toolkit and the driver it brings, not the release "
                "this Theano setup was written for: remove it (`sudo apt-get purge 'cuda*' 'nvidia-*'`, then "
                "`sudo apt-get autoremove`), install the versioned package of the CUDA the project names "
                "(`sudo apt-get install cuda-<major>-<minor>`; Theano 0.8 / 0.9 setups were mostly written for CUDA "
                "8), reboot, check "
                "`nvidia-smi` and `nvcc --version`, and run `theano-cache purge` before importing Theano again.",
            ),
        ),
        weight=80,
        applies="Theano 0.x with its old CUDA backend (device=gpu, theano.sandbox.cuda), and Keras / Lasagne on it",
        shown_by=(f"{_R29}::test_theano_refuses_the_driver_it_found",),
        example="Exception: The nvidia driver version installed with this OS does not give good results for "
        "reduction.Installing the nvidia driver available on the same download page as the cuda package will fix "
        "the problem",
        example_source="Theano theano/sandbox/cuda/tests/test_driver.py (test_nvidia_driver1, run at start-up by "
        "theano/__init__.py and theano.sandbox.cuda.use)",
    ),
)

# ---- issue 36, round thirty-seven: compression and learning-method libraries on TensorFlow and nnabla ----------------
_R37 = tests_in("tests/troubleshooting/test_round37_v37compression.py")

FAMILIES = FAMILIES + (
    KnownError(
        "tfmot-pruning-step-not-updated",
        "tensorflow-model-optimization: Prune() wrapper requires the UpdatePruningStep callback to be provided "
        "during training (the pruning step variable was never advanced)",
        r"Prune\(\) wrapper requires the UpdatePruningStep callback to be provided during training",
        "tfmot's prune_low_magnitude wrappers keep a pruning_step variable that starts at -1 and asserts it is at "
        "least 0 in a training step; only the UpdatePruningStep callback (or the same calls made by hand) advances "
        "it. It stayed at -1: the callback was not passed to fit, the training loop is a custom one that never "
        "calls it, or the variable it advanced is not the one the training graph reads (the model was copied or "
        "replicated after pruning was applied).",
        "Pass `tfmot.sparsity.keras.UpdatePruningStep()` in model.fit(callbacks=[...]); in a custom training loop "
        "call the callback yourself (`step_callback.set_model(model)`, `on_train_begin()` once, "
        "`on_train_batch_begin(batch=...)` every step, `on_epoch_end()` each epoch). Apply prune_low_magnitude to "
        "the model that is trained (not to a model later cloned or rebuilt), and compile after wrapping.",
        variants=(
            Variant(
                r"\breplica_\d{1,3}|\bmulti_gpu_model\b|MirroredStrategy|\btf\.distribute\b|\bdistribute\.Strategy\b"
                r"|\bnum_gpus\b|\bmulti[- ]GPU\b",
                "several GPUs (multi_gpu_model replicas, a distribution strategy)",
                "The callback is there, but training runs on several GPUs: keras.utils.multi_gpu_model (and a "
                "model built outside a strategy's scope) makes replica copies of the pruning wrappers, and "
                "UpdatePruningStep advances only the template model's pruning_step, so each replica's copy stays "
                "at -1 and asserts (the node names start with replica_N). Train the pruned model on one GPU, or "
                "build, wrap and compile it inside `tf.distribute.MirroredStrategy().scope()` with a TensorFlow "
                "and tensorflow-model-optimization release that supports distribution strategies for pruning "
                "(multi_gpu_model is deprecated and removed in TensorFlow 2.4); keep UpdatePruningStep in the "
                "callbacks.",
                sure=True,
                strict=True,
            ),
        ),
        weight=84,
        applies="tensorflow-model-optimization (tfmot.sparsity.keras) pruning, every release with the assertion",
        shown_by=(_R37("test_tfmot_pruning_step_and_its_replicas"),),
        example="InvalidArgumentError: assertion failed: [Prune() wrapper requires the UpdatePruningStep callback "
        "to be provided during training. Please add it as a callback to your model.fit call.] [Condition x >= y "
        "did not hold element-wise:x (prune_low_magnitude_dense/assert_greater_equal/ReadVariableOp:0) = ] [-1]",
        example_source="tensorflow_model_optimization/python/core/sparsity/keras/pruning_wrapper.py (the "
        "assert_greater_equal on pruning_step in call)",
    ),
    KnownError(
        "nnabla-function-not-registered",
        "nnabla: Any of [cudnn:float, cuda:float, cpu:float] could not be found in [...] (no implementation of a "
        "function registered for the context's backends)",
        r"Any of \[[\w:, ]{1,200}\] could not be found in \[[^\]\n]{0,300}\]",
        "nnabla looks up each function's implementation for the context's backends in its function registry; the "
        "list after 'found in' is what is registered. An empty list ([]) means no implementation at all, a list "
        "with only cpu means the CUDA / cuDNN ones are missing: the nnabla-ext-cuda package that registers them is "
        "of another version than nnabla (its registrations do not reach this nnabla's registry), is not installed "
        "for this CUDA, or two extension packages (the plain and the nccl / mpi build) are installed over each "
        "other; a function newer than the installed nnabla has no implementation either.",
        "Install nnabla and exactly one nnabla-ext-cuda<CUDA> package of the same version (`pip list | grep "
        "nnabla` must show one extension, with nnabla's version), at the version the project "
        "that uses it requires, in a fresh environment; uninstall the other extension "
        'packages first. Check with `python -c "from nnabla.ext_utils import get_extension_context; '
        "get_extension_context('cudnn')\"`, then rerun.",
        requires=r"nnabla|\bnbla\b|function_registry",
        weight=84,
        applies="nnabla with nnabla-ext-cuda (every release)",
        shown_by=(_R37("test_nnabla_function_registry"),),
        example="/nnabla/include/nbla/function_registry.hpp:70\nFailed `it != items_.end()`: Any of [cudnn:float, "
        "cuda:float, cpu:float] could not be found in []",
        example_source="sony/nnabla include/nbla/function_registry.hpp (FunctionDb::query's NBLA_CHECK)",
    ),
)
