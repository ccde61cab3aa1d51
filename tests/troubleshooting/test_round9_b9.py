"""`explain`, round nine, builds, installers and Python ML libraries' own checks (issue 36): CMake's CUDA compiler
check and nvcc's host-compiler checks in their other wordings, a project's own header in an extension build, nvcc's
architecture-dependent atomics, Paddle's GPU check, quantization kernels and OpenCV's DNN without CUDA, uv's and
poetry's no-wheel wordings, a "+cpu" torch shown by a version warning, and Hugging Face's device_map and quantized
loading checks. Each class is checked in its tool's own wording, with a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def keys(text: str) -> set[str]:
    return {e.key for e in explain(text)}


def test_cmake_cuda_compiler_check_in_its_other_wordings() -> None:
    # CMakeDetermineCUDACompiler.cmake: nvcc found, its architecture probe failed (node-llama-cpp #22)
    arch = explain(
        "CMake Error at /usr/share/cmake-3.26/Modules/CMakeDetermineCUDACompiler.cmake:603 (message):"
        "\n"
        "  Failed to detect a default CUDA architecture.\n\n  Compiler output:\n\n"
        "Call Stack (most recent call first):\n"
        "  llama.cpp/CMakeLists.txt:285 (enable_language)"
    )
    assert arch[0].key == "build-cmake-no-cuda" and "CMAKE_CUDA_ARCHITECTURES" in arch[0].fix
    assert "CUDACXX" in arch[0].fix and "upgrade CMake" in arch[0].fix
    ident = explain(
        "CMake Error at CMakeDetermineCompilerId.cmake:26 (message):\n  Compiling the CUDA compiler identification "
        'source file "CMakeCUDACompilerId.cu" failed.'
    )
    assert ident[0].key == "build-cmake-no-cuda"
    # with nvcc's own host-compiler refusal in the compiler output, that refusal is the answer
    both = explain(
        'Compiling the CUDA compiler identification source file "CMakeCUDACompilerId.cu" failed.\n'
        "/usr/local/cuda/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions "
        "later than 12 are not supported!"
    )
    assert both[0].key == "build-nvcc-host-compiler"
    path = explain(
        "CMake Error at CMakeLists.txt:2 (project):\n  The CMAKE_CUDA_COMPILER:\n\n    /usr/local/cuda/bin/nvcc\n\n"
        "  is not a full path to an existing compiler tool."
    )
    assert path[0].key == "build-cmake-no-cuda"
    # the wordings the family already knew still answer it; the architectures family keeps its own
    assert first("-- The CUDA compiler identification is unknown") == "build-cmake-no-cuda"
    assert first("CMAKE_CUDA_ARCHITECTURES must be non-empty if set.") == "build-cmake-cuda-architectures"
    # near misses: a C compiler that is not a full path, a CMake that detected the architecture
    assert "build-cmake-no-cuda" not in keys(
        "The CMAKE_C_COMPILER:\n\n    cc\n\n  is not a full path and was not found in the PATH."
    )
    assert "build-cmake-no-cuda" not in keys("-- Detecting CUDA compiler ABI info - done\n-- CUDA architectures: 86")


def test_nvcc_refuses_a_host_compiler_in_any_wording() -> None:
    # nvcc's driver refusing NVHPC (mit-han-lab/llm-awq #220): ranked before the generic 'nvcc failed'
    nvhpc = explain(
        "nvcc fatal   : Unsupported NVHPC compiler found. nvc++ is the only NVHPC compiler that is supported.\n"
        "error: command '/opt/ohpc/pub/apps/cuda/11.8/bin/nvcc' failed with exit code 1"
    )
    assert nvhpc[0].key == "build-nvcc-host-compiler" and nvhpc[0].situation == "NVHPC / PGI host compiler"
    assert "CXX=g++" in nvhpc[0].fix and nvhpc[0].confidence == "sure"
    # a 32-bit cl.exe, a host compiler version nvcc's driver refuses, a second cl.exe on PATH
    os32 = explain("nvcc fatal   : Host compiler targets unsupported OS.")
    assert os32[0].key == "build-nvcc-host-compiler" and "x64 Native Tools" in os32[0].fix
    assert first("nvcc fatal   : The version ('19.40') of the host compiler ('Microsoft Visual Studio') is not "
                 "supported") == "build-nvcc-host-compiler"  # fmt: skip
    assert first("nvcc fatal   : Compiler 'C:/VS/2019/bin/cl.exe' in PATH different than the one specified with "
                 "-ccbin") == "build-nvcc-host-compiler"  # fmt: skip
    # crt/host_config.h's other compilers
    assert first("host_config.h:90:2: error: #error -- unsupported ICC configuration! Only ICC 15.0 on Linux x86_64 "
                 "is supported!") == "build-nvcc-host-compiler"  # fmt: skip
    clang = explain("host_config.h:151:2: error: -- unsupported clang version! clang version must be less than 16 "
                    "and greater than 3.2 .")  # fmt: skip
    assert clang[0].key == "build-nvcc-host-compiler"
    # near misses: nvcc refusing an architecture, an nvcc that worked
    assert "build-nvcc-host-compiler" not in keys("nvcc fatal   : Unsupported gpu architecture 'compute_89'")
    assert "build-nvcc-host-compiler" not in keys("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools")


def test_a_project_header_missing_in_an_extension_build() -> None:
    # maskrcnn_benchmark under torch 1.5+'s ninja build (youngwanlee/centermask #57): compile, not runtime
    text = (
        "running build_ext\nbuilding 'maskrcnn_benchmark._C' extension\n"
        "[1/2] c++ -MMD -Imaskrcnn_benchmark/csrc -c maskrcnn_benchmark/csrc/cpu/nms_cpu.cpp\n"
        "fatal error: cpu/vision.h"
    )
    found = explain(text)
    assert found[0].key == "build-header-not-found"
    assert found[0].situation == "a header of the project (or of a library it vendors)"
    assert "submodule update" in found[0].fix and "absolute" in found[0].fix
    clang = explain("src/a.cc:3:10: fatal error: 'third_party/json.hpp' file not found")
    assert clang[0].key == "build-header-not-found" and "submodule" in clang[0].fix
    # the known toolkits keep their own fixes, and THC its own family
    assert explain("a.cpp:1:10: fatal error: NvInfer.h: No such file or directory")[0].situation == "TensorRT"
    assert explain("a.cu:1:10: fatal error: cuda_runtime.h: No such file or directory")[0].situation == "CUDA toolkit"
    assert first("a.cu:7:10: fatal error: THC/THC.h: No such file or directory") == "build-torch-thc-removed"
    # near misses: a C++ error that is no header, a header that was found
    assert "build-header-not-found" not in keys("a.cpp:4:1: fatal error: too many errors emitted, stopping now")
    assert "build-header-not-found" not in keys('#include "cpu/vision.h"\n-- Found header cpu/vision.h')
    # a failed setup.py build with no family reads as the compile stage (not runtime)
    unknown = explain("running build_ext\nbuilding 'ext._C' extension\nsrc/x.cpp:3:5: error: expected ';' before '}'")
    assert unknown.stage == "compile"


def test_architecture_dependent_atomics_and_pads_gpu_check() -> None:
    # nvcc: atomicAdd on half needs sm_70 (ashawkey/nerf2mesh #1)
    atomic = explain(
        'gridencoder/src/gridencoder.cu(40): error: no instance of overloaded function "atomicAdd" matches the '
        "argument list\n            argument types are: (__half *, c10::Half)"
    )
    assert atomic[0].key == "gpu-arch-unsupported" and "TORCH_CUDA_ARCH_LIST" in atomic[0].fix
    assert "compile error" in atomic[0].fix
    # Paddle's own warning, with a run_check that 'passed' (paddlepaddle/paddlex #4268): a warning that means a failure
    paddle = explain(
        "W0626 11:47:59.277873 31136 gpu_resources.cc:106] The GPU compute capability in your current machine is "
        "120, which is not supported by Paddle, it is recommended to install the corresponding wheel package.\n"
        "PaddlePaddle works well on 1 GPU."
    )
    assert paddle[0].key == "gpu-arch-unsupported" and paddle[0].situation == "PaddlePaddle"
    assert paddle.outcome == "explained" and paddle.summary.startswith("Warning, no failure")
    # near misses: an atomic that compiled, a supported compute capability
    assert "gpu-arch-unsupported" not in keys('error: no instance of overloaded function "std::max" matches')
    assert "gpu-arch-unsupported" not in keys("GPU Compute Capability: 8.6, Driver API Version: 12.2")


def test_kernel_libraries_and_opencv_without_cuda() -> None:
    # auto-gptq's "CUDA extension not installed." before a failure (thisserand/llama2_local #3)
    gptq = explain(
        "CUDA extension not installed.\nTraceback (most recent call last):\nNameError: name 'autogptq_cuda_256'"
    )
    assert gptq[0].key == "build-extension-without-cuda" and "auto-gptq" in gptq[0].fix
    assert first("WARNING - CUDA kernels for auto_gptq are not installed, this will result in very slow inference "
                 "speed.") == "build-extension-without-cuda"  # fmt: skip
    # OpenCV DNN, with and without its logger's prefix: a warning-only paste is a warning that means a failure
    for line in (
        "[ WARN:0@1.204] global net_impl.cpp:178 setUpNet DNN module was not built with CUDA backend; switching to CPU",
        "setUpNet DNN module was not built with CUDA backend; switching to CPU",
    ):
        cv = explain(line)
        assert cv[0].key == "build-extension-without-cuda" and cv[0].situation == "OpenCV DNN"
        assert cv[0].severity == "warning" and cv.summary.startswith("Warning, no failure"), cv.summary
        assert "opencv-python" in cv[0].fix
    # the same notice in a text that failed is the failure's cause
    assert explain("setUpNet DNN module was not built with CUDA backend\nTraceback (most recent call last):\n"
                   "RuntimeError: x")[0].key == "build-extension-without-cuda"  # fmt: skip
    # bitsandbytes' loader (0.43+) and its CPU-only warning: a warning that means a failure
    assert first("Could not load bitsandbytes native library: libcudart.so.12: cannot open shared object") == (
        "quant-bnb-cuda-setup"
    )
    # another project's own flash-attn check
    assert first("FlashAttention is not installed.") == "kern-flash-attn-unavailable"
    # near misses: an extension that loaded, an OpenCV built with CUDA
    assert "build-extension-without-cuda" not in keys("CUDA extension installed.\nLoaded exllama_kernels")
    assert "build-extension-without-cuda" not in keys("DNN module was built with CUDA backend: NVIDIA CUDA: YES")


def test_uv_and_poetry_no_wheel_wordings() -> None:
    # uv wraps its lines anywhere (nvidia/cudnn-frontend #156)
    uv = explain(
        "  × No solution found when resolving dependencies:\n  ╰─▶ Because nvidia-cudnn-frontend==1.13.0 has no "
        "wheels with a matching\n      Python ABI tag (e.g., `cp313`) and only nvidia-cudnn-frontend<=1.13.0\n"
        "      is available, we can conclude that nvidia-cudnn-frontend>=1.13.0 cannot be used."
    )
    assert (
        uv[0].key == "py-pip-no-matching-distribution" and uv[0].situation == "uv: no wheel for this Python or platform"
    )
    assert uv[0].op == "nvidia-cudnn-frontend==1.13.0" and "uv venv --python" in uv[0].fix
    assert first(
        "Because open3d>=0.16.0 has no wheels with a matching platform tag (e.g., `manylinux_2_17_x86_64`)"
    ) == ("py-pip-no-matching-distribution")
    assert first("error: Distribution `tensorflow-io==0.37.1` can't be installed because it doesn't have a source "
                 "distribution or wheel for the current platform") == "py-pip-no-matching-distribution"  # fmt: skip
    assert first("Because the current Python version (3.13.1) does not satisfy Python>=3.8,<3.12 and foo==1.0 "
                 "depends on Python>=3.8,<3.12") == "py-pip-no-matching-distribution"  # fmt: skip
    poetry = explain("  RuntimeError\n\n  Unable to find installation candidates for onnxruntime (1.16.3)")
    assert poetry[0].key == "py-pip-no-matching-distribution" and poetry[0].situation == "poetry"
    assert poetry[0].op == "onnxruntime (1.16.3)"
    # pip's own wording keeps its variant
    assert explain("ERROR: Could not find a version that satisfies the requirement foo (from versions: none)")[
        0
    ].situation == ("no release for this Python or platform")
    # near misses: a resolution that succeeded, a wheel that matched
    assert "py-pip-no-matching-distribution" not in keys("Resolved 12 packages in 1.2s\nInstalled 12 packages")
    assert "py-pip-no-matching-distribution" not in keys("Because foo has wheels for cp312 we can use foo==1.0")


def test_a_cpu_torch_shown_by_a_version_warning() -> None:
    # xformers' check names torch's +cpu (tmelyralab/musepose #31): the CPU torch is the answer, not xformers
    text = (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.0.1+cpu)\n    Python  3.11.5 (you have 3.11.7)\n"
        'Traceback (most recent call last):\n  File "x.py", line 78, in main\n    ).to("cuda")'
    )
    found = explain(text)
    assert [e.key for e in found][:2] == ["torch-cpu-build", "kern-xformers-built-for-other-torch"]
    assert first("torch version: 2.1.0+cpu, CUDA available: False") == "torch-cpu-build"
    # near misses: a CUDA build in the same wording; a +cpu torch with nothing asking for CUDA
    assert "torch-cpu-build" not in keys("PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.0.1+cu118)")
    assert "torch-cpu-build" not in keys("Successfully installed torch-2.1.0+cpu")


def test_hugging_face_device_map_and_quantized_loading() -> None:
    # accelerate's check_device_map with another model's layer names (wenda-llm/wenda #416)
    dm = explain("ValueError: The device_map provided does not give any device for the following parameters: "
                 "transformer.embedding.word_embeddings.weight")  # fmt: skip
    assert dm[0].key == "py-accelerate-device-map-incomplete" and "named_parameters" in dm[0].fix
    # transformers' 8-bit offload check after a bitsandbytes without CUDA (ymcui/chinese-llama-alpaca #747): the
    # bitsandbytes warning is the cause and comes first, the offload check is named too
    both = explain(
        "bitsandbytes\\cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled without GPU "
        "support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.\n"
        "Traceback (most recent call last):\nValueError:\n    Some modules are dispatched on the CPU or the disk. Make "
        "sure you have enough GPU RAM to fit\n    the quantized model. If you want to dispatch the model on the CPU "
        "or the disk while keeping\n    these modules in 32-bit, you need to set `load_in_8bit_fp32_cpu_offload=True`"
    )
    assert [e.key for e in both][:2] == ["quant-bnb-cuda-setup", "py-hf-quantized-cpu-offload"]
    alone = explain("ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM "
                    "to fit the quantized model.")  # fmt: skip
    assert alone[0].key == "py-hf-quantized-cpu-offload" and "llm_int8_enable_fp32_cpu_offload" in alone[0].fix
    assert first("RuntimeError: No GPU found. A GPU is needed for quantization.") == "py-hf-quantization-no-gpu"
    assert first("ValueError: `.to` is not supported for `4-bit` or `8-bit` bitsandbytes models. Please use the "
                 "model as it is") == "py-hf-quantized-to"  # fmt: skip
    # near misses: a device_map that covered everything, a model that fit
    assert "py-accelerate-device-map-incomplete" not in keys("device_map = {'': 0}\nLoading checkpoint shards: 100%")
    assert "py-hf-quantized-cpu-offload" not in keys("All modules are dispatched on cuda:0.")
