"""Fixes worded for the product the user ran, not torch (issue 36, round fifteen): CUDA through ZLUDA on an AMD GPU
(a translation layer that implements only part of CUDA: no cuDNN), and the THC header that two products shared
(Lua Torch7's THC library and PyTorch's THC, removed in torch 1.11), told apart from the text. Each pattern is keyed
to the library's own wording, cited in `example_source`; names and versions are read from the text.
"""

from __future__ import annotations

from ..entry import JAX_PROCESS, LONG_RUN, LONG_RUN_FAULT_FIX, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round15_p15prod.py"

#: Lua Torch7's own build context (luarocks, the torch distro, cutorch / cunn, Lua files)
LUA_TORCH = r"\bluarocks\b|\btorch7\b|\bcutorch\b|\bcunn\b|share/lua/5\.\d|\.lua\b|\bluaT\.h\b|torch/install/"
#: a PyTorch extension build (torch's cpp_extension, its headers, pip / setup.py, a .cu of an extension)
_PYTORCH_BUILD = (
    r"cpp_extension|site-packages|dist-packages|setup\.py|\bpip\b|python\d?|\bATen\b|\bc10\b|\bat::|PyTorch|pytorch"
    r"|torch/(?:csrc|include|lib)|\.cu:\d|THCState|AT_CHECK|THCudaCheck|\bninja\b"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "gpu-zluda-partial-cuda",
        "CUDA through ZLUDA on an AMD GPU: the translation layer implements only part of CUDA (no cuDNN)",
        r"\bZLUDA\b|zluda[\\/]|\bnvcuda\.dll\b[^\n]{0,80}zluda",
        "The program runs CUDA through ZLUDA, which translates CUDA calls for an AMD (Radeon) GPU and implements "
        "only part of CUDA: cuDNN, cuBLASLt paths, CUDA graphs and newer driver calls are missing or incomplete, so "
        "a cuDNN handle or kernel fails (CUDNN_STATUS_INTERNAL_ERROR, not supported) where an NVIDIA GPU would work; "
        "installing NVIDIA's CUDA or cuDNN does not help.",
        "Do not use the CUDA path under ZLUDA for what it lacks: in onnxruntime use the DirectML provider "
        "(onnxruntime-directml, providers=['DmlExecutionProvider']) or the CPU provider; for torch use a ROCm build "
        "on Linux (or torch-directml on Windows); turn cuDNN off where the app allows (torch.backends.cudnn.enabled "
        "= False); or run on an NVIDIA GPU.",
        requires=r"(?i:error|fail|exception|not supported|unsupported|CUDNN_STATUS|CUBLAS_STATUS)",
        weight=90,
        applies="CUDA programs run on AMD GPUs through ZLUDA (Windows and Linux)",
        shown_by=(f"{_SHOWN}::test_zluda_is_named_before_the_cuda_fix",),
        example="[ZLUDA] CUDNN failure 4: CUDNN_STATUS_INTERNAL_ERROR ; GPU=0",
        example_source="https://github.com/vosen/ZLUDA/issues/321 (onnxruntime's CUDA provider under ZLUDA: "
        "cuda_call.cc's 'CUDNN failure 4: CUDNN_STATUS_INTERNAL_ERROR')",
    ),
    # issue 36, round thirty-three: ZLUDA did not start at all (torch's CUDA initialisation failed, no device): its
    # setup, not a CUDA feature it lacks (gpu-zluda-partial-cuda)
    KnownError(
        "gpu-zluda-init-failed",
        "ZLUDA did not start on the AMD GPU: CUDA initialisation failed (HIP SDK or the ZLUDA patch)",
        r"CUDA unknown error|\b_cuda_init\(|\bcuInit\b|Setting the available devices to be zero"
        r"|no CUDA GPUs are available|Found no NVIDIA driver|CUDA driver initialization failed"
        r"|device_count\(\)\W{0,6}0\b|is_available\(\)\W{0,6}False",
        "Under ZLUDA, torch's CUDA initialisation (cuInit, which ZLUDA maps onto AMD's HIP runtime) failed, so "
        "torch sees no device: the HIP SDK is missing or not the version the ZLUDA build expects, the GPU needs "
        "library files the HIP SDK lacks, or torch's own CUDA DLLs are back in place of ZLUDA's.",
        "Fix ZLUDA's setup (no CUDA feature is missing yet; installing NVIDIA's CUDA does not help): install the "
        "AMD HIP SDK version the app's ZLUDA build expects (its install notes name it) and make sure its bin "
        "folder is on PATH (HIP_PATH set); for a GPU the HIP SDK does not list, add the "
        "gfx-specific rocBLAS / library files the app's notes point to; run the app's ZLUDA patch or install "
        "script again so ZLUDA's cublas / cusparse / nvrtc DLLs replace the ones in torch's lib folder (a "
        "torch reinstall or update undoes it); clear ZLUDA's ComputeCache folder; update the AMD driver, "
        "and leave CUDA_VISIBLE_DEVICES unset.",
        requires=r"\bZLUDA\b|zluda[\\/]",
        weight=92,  # above gpu-zluda-partial-cuda and torch-cuda-init-unknown, which the same text matches
        applies="CUDA programs (ComfyUI-Zluda, SD.Next, web UI forks) run on AMD GPUs through ZLUDA on Windows",
        shown_by=("tests/troubleshooting/test_round33_v33diffusion.py::test_zluda_that_does_not_start",),
        example='File "C:\\ComfyUI-Zluda\\venv\\Lib\\site-packages\\torch\\cuda\\__init__.py", line 293, in '
        "_lazy_init\nRuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. "
        "changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.",
        example_source="torch torch/cuda/__init__.py (_lazy_init) under ZLUDA (ComfyUI-Zluda)",
    ),
    KnownError(
        "build-thc-header-lua-or-torch",
        "THC/THC.h not found in a build that is not a PyTorch extension (Lua Torch7's THC, or PyTorch's removed THC)",
        r"\bTHC?/TH\w{0,30}\.h(?:: No such file or directory|['\"\u2019]? file not found)|\bluaT\.h: No such file",
        "THC/THC.h (and TH/TH.h) is the header of two products: Lua Torch7's C libraries TH / THC (built and "
        "installed by the torch distro or `luarocks install cutorch`), which a C/C++ program linking Torch7 needs "
        "installed and on its include path; and PyTorch's THC, removed in torch 1.11. A build with no PyTorch in "
        "it means the first: Torch7's TH / THC are not built or not found.",
        "For Lua Torch7 code: build and install TH and THC (the torch distro's ./install.sh, or `luarocks install "
        "torch && luarocks install cutorch` against the CUDA installed) and point the build at them (CMake: "
        "-DCMAKE_PREFIX_PATH=<torch install> / the include dir holding TH/ and THC/); or use the project's PyTorch "
        "version. For a PyTorch extension: port it to ATen (build-torch-thc-removed).",
        variants=(
            Variant(
                LUA_TORCH,
                "Lua Torch7 (luarocks, cutorch, cunn)",
                "This is Lua Torch7's THC: (re)build cutorch with luarocks against the CUDA installed (`luarocks "
                "install cutorch` / `luarocks make rocks/cutorch-scm-1.rockspec` in its checkout; with the torch "
                "distro `./clean.sh && ./install.sh`), make sure nvcc of that CUDA is on PATH, and point the "
                "program's build at the torch install (its include/TH and include/THC); PyTorch's porting advice "
                "does not apply.",
            ),
        ),
        unless=_PYTORCH_BUILD,
        loose=True,
        alternatives=("build-torch-thc-removed",),
        weight=88,
        applies="C / C++ programs and Lua rocks built against Lua Torch7's TH / THC",
        shown_by=(f"{_SHOWN}::test_thc_of_lua_torch_is_not_pytorchs",),
        example="example.cpp:15:21: fatal error: THC/THC.h: No such file or directory",
        example_source="https://github.com/szagoruyko/cvpr15deepcompare/issues/37 (the OpenCV C++ example linking "
        "Torch7's TH / THC)",
    ),
    # issue 36, round twenty-seven: OpenVINO's "GPU" device is an Intel GPU; on a machine with an NVIDIA card its
    # kernel selector finds no kernel for a layer
    KnownError(
        "openvino-gpu-no-kernel",
        "OpenVINO's GPU plugin: Could not find a suitable kernel for a layer (the 'GPU' device is an Intel GPU)",
        r"\[GPU\] Could not find a suitable kernel for\b|\bCould(?: not|n't) find a suitable kernel (?:for|to)\b",
        "OpenVINO's 'GPU' device is its Intel GPU plugin, which runs OpenCL kernels written for Intel graphics "
        "(integrated, Arc, Data Center GPU). core.compile_model(model, 'GPU') asks the plugin's kernel selector for "
        "a kernel for each layer; it found none for the layer named: the device is not an Intel GPU (the kernels "
        "rely on Intel graphics' OpenCL features, which an NVIDIA or AMD card reached through its own OpenCL "
        "driver does not offer), or on an Intel GPU this layer's shape or data type has no GPU implementation in "
        "this OpenVINO release.",
        "On a machine without an Intel GPU, compile for 'CPU' (or 'AUTO', which picks a device that can run it); "
        "OpenVINO does not run on NVIDIA GPUs: to use an NVIDIA card, run the model with an NVIDIA runtime instead "
        "(PyTorch on CUDA, ONNX Runtime with its CUDA / TensorRT execution provider, or TensorRT from the ONNX "
        "file). On an Intel GPU, update OpenVINO and the GPU driver, or compile for 'HETERO:GPU,CPU' so the layers "
        "the GPU plugin cannot run fall back to the CPU. `core.available_devices` and `core.get_property('GPU', "
        "'FULL_DEVICE_NAME')` show which GPU OpenVINO found.",
        requires=r"(?i:openvino|\bov\.|compile_model|\[GPU\]|intel_gpu|\bclDNN\b|kernel_selector)",
        weight=86,
        applies="OpenVINO's GPU plugin (intel_gpu), every release",
        shown_by=("tests/troubleshooting/test_round27_v27course.py::test_openvino_gpu_device_is_an_intel_gpu",),
        example="RuntimeError: Exception from src/inference/src/core.cpp:99:\n[ GENERAL_ERROR ] Check "
        "'!kernels.empty()' failed at src/plugins/intel_gpu/src/kernel_selector/kernel_selector.cpp:51:\n[GPU] "
        "Could not find a suitable kernel for convolution:Convolution_123 params raw string: F32_BFYX_v3_p0_0",
        example_source="OpenVINO's src/plugins/intel_gpu/src/kernel_selector/kernel_selector.cpp "
        "(kernel_selector_base::get_best_kernel: '[GPU] Could not find a suitable kernel for ', params.layerID, ' "
        "params raw string: '); older releases' 'Couldn't find a suitable kernel for interpolate:Interpolate_N' "
        "(OpenVINO's layer tests)",
    ),
)


#: MXNet's own text (not in `PRODUCTS`): its exception and operator paths
_MXNET = r"\bmxnet\b|MXNetError|src/operator/[\w/.]{1,80}cudnn"


def cublas_variants() -> tuple[Variant, ...]:
    """Fixes for a cuBLAS status in the words of a framework other than torch, for torch's cuBLAS rows."""
    return (
        # a cuBLAS failure after many good epochs or hours (issue 36, round twenty-four): a GPU / driver fault
        Variant(LONG_RUN, "after a long good run (many epochs, steps or hours)", LONG_RUN_FAULT_FIX, strict=True),
        # issue 36, round thirty-eight: a system CUDA toolkit's library folder on the loader's path (LD_LIBRARY_PATH
        # naming /usr/local/cuda*/lib64, or a libcublas loaded from there) beside an environment that brings its own
        # CUDA libraries (a conda env's cudatoolkit, torch's nvidia-* wheels in a venv): the system's libcublas of
        # another release is loaded first
        Variant(
            r"LD_LIBRARY_PATH(?:\s{0,3}[=:]|[ \t]{0,3}\r?\n)[^\n]{0,300}?"
            r"/usr/local/cuda[\w.-]{0,12}/(?:lib64|lib|targets)\b"
            r"|/usr/local/cuda[\w.-]{0,12}/(?:lib64|targets/[\w-]{1,30}/lib)/libcublas(?:Lt)?\.so",
            "a system CUDA library folder on the loader's path (LD_LIBRARY_PATH) beside the environment's own",
            "The text shows a system CUDA toolkit's library folder (/usr/local/cuda*/lib64) on the loader's path: its "
            "libcublas / libcublasLt, of another CUDA release, is loaded instead of the one the environment brings "
            "(a conda env's cudatoolkit, torch's bundled or nvidia-cublas wheel libraries), and that cuBLAS does not "
            "support this call or this GPU. Start the program without it: `unset LD_LIBRARY_PATH` (or `export "
            "LD_LIBRARY_PATH=`) in the shell or the launcher, and remove the line from ~/.bashrc / the activate "
            "script that adds /usr/local/cuda*/lib64; check with `ldd` on torch's lib/libtorch_cuda.so (or "
            "`cat /proc/<pid>/maps | grep cublas`) which libcublas is loaded. If the environment itself is too old for "
            "the GPU, install a torch build whose CUDA supports it.",
            strict=True,
            sure=True,
        ),
        # issue 36, round thirty-three: a Rust server's own cuBLAS call (cudarc's CublasError(CUBLAS_STATUS_...), as
        # Candle-based servers such as text-embeddings-inference or mistral.rs report it): no torch in the process
        Variant(
            r"\bCublasError\(CUBLAS_STATUS_|\bcudarc\b|\bcandle(?:_core|-core)?::",
            "a Rust server's own cuBLAS call (Candle / cudarc)",
            "The cuBLAS call is the server's own (a Rust binary on Candle / cudarc, with no torch in it), so "
            "torch's dtype switches and arch lists do not reach it. NOT_SUPPORTED there is a GEMM shape, stride or "
            "dtype this cuBLAS / GPU does not take on the server's code path (often one that only some inputs or "
            "one of its optional code paths reach); ALLOC_FAILED is most often the GPU short of "
            "memory. Update the server to its latest release (such paths get fixed there) and use "
            "its image built for this GPU's architecture; meanwhile keep requests smaller (lower the server's "
            "batch and input-length limits, truncate inputs) and, where it offers one, pick another dtype "
            "(float16 / float32) in its launch options. If it stays, report the server version, the GPU and the "
            "input size that triggers it.",
        ),
        Variant(
            r"cuBLAS failed with status",
            "CTranslate2 (faster-whisper, whisperX)",
            "CTranslate2's own GEMM failed (torch's settings do not reach it): pass another compute type "
            "(--compute_type float16, int8_float16 or float32; WhisperModel(..., compute_type=...)), lower the beam "
            "size / batch, check the CUDA libraries it loads are the ones its release was built for (CTranslate2 4.x: "
            "CUDA 12 cuBLAS; 3.x: CUDA 11), and update faster-whisper / CTranslate2 for a GPU newer than the bundle; "
            "--device cpu as a fallback.",
            product="ctranslate2",
        ),
        Variant(
            JAX_PROCESS,
            "JAX (XLA)",
            "XLA's cuBLAS call failed: install the jax[cuda12] (or cuda13) extra so jaxlib's CUDA plugin and its "
            "cuBLAS / cuDNN wheels match (no other CUDA's libcublas on LD_LIBRARY_PATH: "
            "`python -c 'import jax; jax.print_environment_info()'`); leave memory for cuBLAS's workspace "
            "(XLA_PYTHON_CLIENT_MEM_FRACTION=.8 or XLA_PYTHON_CLIENT_PREALLOCATE=false); use float32 instead of "
            "bfloat16 on GPUs below compute capability 8.0.",
            product="jax",
        ),
        Variant(
            r"\(External\) CUBLAS error",
            "PaddlePaddle",
            "Paddle's cuBLAS call failed: check the paddlepaddle-gpu build supports the GPU and the CUDA installed "
            "(`python -c 'import paddle; paddle.utils.run_check()'`; an RTX 30xx / 40xx needs a build on CUDA 11.2+), "
            "install the build for your CUDA from Paddle's install page, and lower the batch if memory is tight.",
            product="paddle",
        ),
        Variant(
            r"\btensorflow\b|cuda_blas\.cc|TF_FORCE_GPU_ALLOW_GROWTH",
            "TensorFlow",
            "TensorFlow's cuBLAS call failed: let its memory grow (TF_FORCE_GPU_ALLOW_GROWTH=true, or "
            "tf.config.experimental.set_memory_growth(gpu, True)), and use a TensorFlow built for the GPU and the "
            "CUDA / cuDNN installed (its tested build configurations; an Ampere GPU needs a build on CUDA >= 11.1); "
            "float32 instead of bfloat16 / mixed precision on GPUs below compute capability 8.0.",
            product="tensorflow",
        ),
    )


def cudnn_variants() -> tuple[Variant, ...]:
    """Fixes for a cuDNN status in the words of a framework other than torch, for torch's cuDNN rows."""
    return (
        Variant(
            r"cuDNN failed with status",
            "CTranslate2 (faster-whisper, whisperX)",
            "CTranslate2's own cuDNN call failed (torch's settings do not reach it): load the cuDNN major its "
            "release was built for (CTranslate2 4.5+: cuDNN 9 for CUDA 12, `pip install nvidia-cudnn-cu12==9.*`; "
            "4.4 and older: cuDNN 8) and no other cuDNN first on LD_LIBRARY_PATH / PATH; try another compute type "
            "(--compute_type float32 or int8); --device cpu as a fallback.",
            product="ctranslate2",
        ),
        Variant(
            JAX_PROCESS,
            "JAX (XLA)",
            "XLA's cuDNN call failed: install the jax[cuda12] (or cuda13) extra so jaxlib's CUDA plugin finds the "
            "cuDNN it was built with (no older cuDNN on LD_LIBRARY_PATH: `python -c 'import jax; "
            "jax.print_environment_info()'`), and leave memory for cuDNN's workspace (XLA_PYTHON_CLIENT_MEM_FRACTION"
            "=.8 or XLA_PYTHON_CLIENT_PREALLOCATE=false).",
            product="jax",
        ),
        Variant(
            _MXNET,
            "MXNet",
            "MXNet's cuDNN operator was refused: turn cuDNN's autotune off (MXNET_CUDNN_AUTOTUNE_DEFAULT=0) or run "
            "that operator without cuDNN (cudnn_off=True on the Convolution / RNN), and use the mxnet-cuXXX wheel of "
            "the CUDA and cuDNN installed.",
        ),
        Variant(
            r"\btensorflow\b|cuda_dnn\.cc|TF_FORCE_GPU_ALLOW_GROWTH",
            "TensorFlow",
            "TensorFlow's cuDNN call was refused: use the CUDA / cuDNN pair of the TensorFlow build's tested "
            "configuration (tf.sysconfig.get_build_info()), let memory grow (TF_FORCE_GPU_ALLOW_GROWTH=true) so "
            "cuDNN has workspace, and try float32 instead of mixed precision to confirm.",
            product="tensorflow",
        ),
        Variant(
            r"\(External\) CUDNN error|paddle",
            "PaddlePaddle",
            "Paddle's cuDNN call was refused: install the paddlepaddle-gpu build for the CUDA and cuDNN installed "
            "(`paddle.utils.run_check()`), and as a test run the layer without cuDNN (use_cudnn=False where the "
            "layer takes it, or FLAGS_cudnn_deterministic / a smaller batch).",
            product="paddle",
        ),
    )
