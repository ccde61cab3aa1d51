"""`explain`, round eight, native builds and installs (issue 36): Windows' linker and compiler, objects the linker
rejects, CMake's search for a dependency library, pip source builds cut short, extensions whose ops have no CUDA,
Paddle without TensorRT, other projects' nvcc-vs-torch checks, and a module no pip distribution is known for. Each
class is checked in its tool's own wording, with a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def keys(text: str) -> set[str]:
    return {e.key for e in explain(text)}


def test_windows_linker_and_compiler() -> None:
    # MSVC's LNK1181 with a Linux-only library: DeepSpeed's async_io op on Windows
    aio = explain("LINK : fatal error LNK1181: cannot open input file 'aio.lib'")
    assert aio[0].key == "build-msvc-lib-not-found" and aio[0].op == "aio.lib"
    assert "DS_BUILD_AIO=0" in aio[0].fix and "make VERBOSE" not in aio[0].fix
    # any other library: the fix names the Windows link settings, never a Linux make command
    other = explain("LINK : fatal error LNK1181: cannot open input file 'opencv_world455.lib'")
    assert other[0].key == "build-msvc-lib-not-found" and "Additional Library Directories" in other[0].fix
    trt = explain("LINK : fatal error LNK1181: cannot open input file 'nvinfer_10.lib'")
    assert trt[0].situation == "TensorRT"
    # LNK2019 / LNK2001: torch's data_ptr<long> (long is 32 bits on Windows) and a CUDA runtime symbol
    long_ = explain(
        'nms.obj : error LNK2001: unresolved external symbol "public: long * __cdecl at::TensorBase::'
        'data_ptr<long>(void)const " (??$data_ptr@J@TensorBase@at@@QEBAPEAJXZ)\n'
        "build\\lib.win-amd64-3.10\\ext.pyd : fatal error LNK1120: 1 unresolved externals"
    )
    assert long_[0].key == "build-msvc-unresolved-external" and "int64_t" in long_[0].fix
    cuda = explain('kernel.obj : error LNK2019: unresolved external symbol "__cudaRegisterLinkedBinary" referenced')
    assert "build-msvc-unresolved-external" in {e.key for e in cuda}
    # C1083 on a POSIX header: the code is Linux-only; on a TensorRT header: the zip's include folder
    posix = explain(
        "csrc\\aio\\py_lib\\deepspeed_py_aio.h(13): fatal error C1083: Cannot open include file: 'libaio.h': No "
        "such file or directory"
    )
    assert posix[0].key == "build-posix-header-on-windows" and "DS_BUILD_AIO=0" in posix[0].fix
    assert first("x.cpp(2): fatal error C1083: Cannot open include file: 'sys/mman.h': No such file or directory") == (
        "build-posix-header-on-windows"
    )
    nvinfer = explain(
        "yolo.cpp(1): fatal error C1083: Cannot open include file: 'NvInfer.h': No such file or directory"
    )
    assert nvinfer[0].key == "build-header-not-found" and nvinfer[0].situation == "TensorRT (Windows)"
    assert "apt" not in nvinfer[0].fix
    anyh = explain("a.cpp(3): fatal error C1083: Cannot open include file: 'opencv2/opencv.hpp': No such file")
    assert anyh[0].key == "build-header-not-found" and anyh[0].situation == "Windows (MSVC)"
    # near misses: a Linux 'cannot open' and a link that succeeded
    assert "build-msvc-lib-not-found" not in keys("/usr/bin/ld: cannot open output file a.out: Permission denied")
    assert "build-msvc-unresolved-external" not in keys(
        "Generating code\nFinished generating code\n   Creating library"
    )


def test_stale_or_foreign_objects() -> None:
    megatron = explain(
        "megatron/fused_kernels/scaled_upper_triang_masked_softmax.o: file not recognized: File format not "
        "recognized\ncollect2: error: ld returned 1 exit status\n"
        "error: command 'x86_64-linux-gnu-g++' failed with exit status 1"
    )
    assert megatron[0].key == "build-object-not-recognized" and megatron[0].situation == "Megatron-LM's fused kernels"
    assert megatron[0].op == "scaled_upper_triang_masked_softmax.o"
    # GNU ld's other wordings of an object of another architecture
    assert first("/usr/bin/ld: libfoo.a(bar.o): error adding symbols: file in wrong format") == (
        "build-object-not-recognized"
    )
    assert (
        first(
            "/usr/bin/ld: i386 architecture of input file `kern.o' is incompatible\n/usr/bin/ld: kern.o is "
            "incompatible with i386:x86-64 output"
        )
        == "build-object-not-recognized"
    )
    assert (
        first(
            "kernels.lib(a.obj) : fatal error LNK1112: module machine type 'x86' conflicts with target machine "
            "type 'x64'"
        )
        == "build-object-not-recognized"
    )
    # 'skipping incompatible' names the library ld could not use; with 'cannot find' after it, it is the cause
    skip = explain(
        "/usr/bin/ld: skipping incompatible /usr/local/cuda/lib/libcudart.so when searching for -lcudart\n"
        "/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status"
    )
    assert skip[0].key == "build-ld-skipping-incompatible" and skip[0].op == "cudart"
    # near miss: a Python 'file format' error is no linker's
    assert "build-object-not-recognized" not in keys("ValueError: file format not recognized by PIL")


def test_cmake_cannot_find_a_library() -> None:
    te = explain(
        "    CMake Error at cmake/FindCUDNN.cmake:19 (find_library):\n      Could not find cudnn_LIBRARY using the "
        "following names: cudnn, libcudnn.so.\n    -- Configuring incomplete, errors occurred!\n"
        '      File "/home/u/TransformerEngine/setup.py", line 336, in _build_cmake\n'
        "    subprocess.CalledProcessError: Command '['/usr/bin/cmake', '-S', "
        "'/home/u/TransformerEngine/transformer_engine']' returned non-zero exit status 1."
    )
    assert te[0].key == "build-cmake-library-not-found" and "CUDNN_PATH" in te[0].fix
    cudnn = explain(
        "CMake Error at cmake/FindCUDNN.cmake:80:\n  Could NOT find CUDNN (missing: CUDNN_LIBRARY CUDNN_INCLUDE_DIR)"
    )
    assert cudnn[0].key == "build-cmake-library-not-found" and cudnn[0].situation == "cuDNN"
    assert cudnn[0].op == "CUDNN"
    trt = explain(
        "CMake Error: The following variables are used in this project, but they are set to NOTFOUND.\n"
        'TENSORRT_LIBRARY_INFER\n    linked by target "yolo"\nTENSORRT_LIBRARY_INFER-NOTFOUND'
    )
    assert trt[0].key == "build-cmake-library-not-found" and trt[0].situation == "TensorRT"
    assert explain("Could NOT find NCCL (missing: NCCL_INCLUDE_DIR NCCL_LIBRARY)")[0].situation == "NCCL"
    # CUDA itself stays with the CUDA-toolkit row, and a package config with its own row
    assert first("Could NOT find CUDA (missing: CUDA_NVCC_EXECUTABLE CUDA_CUDART_LIBRARY)") == "build-cmake-no-cuda"
    assert first('Could not find a package configuration file provided by "Torch"') == "build-cmake-package-not-found"
    # near miss: a found package
    assert "build-cmake-library-not-found" not in keys("-- Found CUDNN: /usr/lib/x86_64-linux-gnu/libcudnn.so")


def test_a_pip_source_build_that_failed() -> None:
    # a paste cut before the compiler's error: the answer is "the build of X failed; read its first error"
    cut = explain(
        "Building wheels for collected packages: torch-scatter\n  Building wheel for torch-scatter (setup.py) ... "
        "error\n  ERROR: Complete output from command /env/bin/python -u -c 'import setuptools, tokenize;__file__="
        "'/tmp/pip-install-uh1r/torch-scatter/setup.py';exec(...)' bdist_wheel -d /tmp/pip-wheel-m --python-tag "
        "cp37:\n  ERROR: No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'\n  running bdist_wheel\n"
    )
    assert cut[0].key == "build-pip-wheel-failed" and cut[0].op == "torch-scatter"
    assert "pip install -v" in cut[0].fix and "suggest" not in cut[0].fix
    assert "build-no-cuda-runtime-notice" in {e.key for e in cut}
    for line in (
        "  error: subprocess-exited-with-error",
        "error: legacy-install-failure",
        "ERROR: Could not build wheels for pycocotools, which is required to install pyproject.toml-based projects",
        "    Running setup.py install for apex ... error",
    ):
        assert first(line) == "build-pip-wheel-failed", line
    # the build's own error, when the paste has it, outranks pip's summary
    full = (
        "  Building wheel for flash-attn (setup.py) ... error\n  OSError: CUDA_HOME environment variable is not set. "
        "Please set it to your CUDA install root.\n  ERROR: Failed building wheel for flash-attn"
    )
    assert first(full) == "build-cuda-home-unset"
    # the notice alone is no failure; near miss: a wheel that was built
    assert explain("No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'").outcome == "warnings-only"
    assert "build-pip-wheel-failed" not in keys("  Building wheel for torch-scatter (setup.py) ... done")


def test_extension_ops_without_cuda() -> None:
    mm = explain(
        "RuntimeError: nms is not compiled with GPU support\n\nCUDA available: True\nCUDA_HOME: /usr/local/cuda\n"
        "NVCC: Cuda compilation tools, release 9.0, V9.0.176\nPyTorch: 1.7.0\n  - CUDA Runtime 11.0\n"
    )
    assert mm[0].key == "build-extension-without-cuda" and mm[0].situation == "mmcv" and mm[0].op == "nms"
    assert any("nvcc is CUDA 9.0" in a and "11.0" in a for a in mm[0].advice), mm[0].advice
    d2 = explain("AssertionError: Detectron2 CUDA Compiler: not available\nRuntimeError: Not compiled with GPU support")
    assert d2[0].key == "build-extension-without-cuda" and d2[0].situation == "detectron2"
    tv = explain(
        "RuntimeError: Couldn't load custom C++ ops. This can happen if your PyTorch and torchvision versions are "
        "incompatible, or if you had errors while compiling torchvision from source."
    )
    assert tv[0].key == "build-extension-without-cuda" and tv[0].situation == "torchvision"
    assert first("RuntimeError: operator torchvision::nms does not exist") == "build-extension-without-cuda"
    assert explain('RuntimeError: Not compiled with CUDA support\n  File "torch_scatter/scatter.py"')[0].situation == (
        "PyTorch Geometric extensions"
    )
    # near misses: torch itself without CUDA, and CTranslate2's wording, are other families
    assert "build-extension-without-cuda" not in keys(
        "ValueError: This CTranslate2 package was not compiled with CUDA support"
    )
    assert "build-extension-without-cuda" not in keys("AssertionError: Torch not compiled with CUDA enabled")


def test_paddle_without_tensorrt() -> None:
    text = (
        "    self.predictor = create_predictor(self.pred_cfg)\nValueError: (InvalidArgument) Pass "
        "tensorrt_subgraph_pass has not been registered. Please use the paddle inference library compiled with "
        "tensorrt or disable the tensorrt engine in inference configuration!\n  [Hint: Expected Has(pass_type) == "
        "true, but received Has(pass_type):0 != true:1.] (at /paddle/paddle/fluid/framework/ir/pass.h:236)"
    )
    found = explain(text)
    assert found[0].key == "build-paddle-without-tensorrt" and "with TensorRT" in found[0].fix
    assert "enable_tensorrt_engine" in found[0].fix
    # near miss: another pass that is registered and merely logged
    assert "build-paddle-without-tensorrt" not in keys("--- Running IR pass [tensorrt_subgraph_pass]")


def test_other_projects_check_nvcc_against_torch() -> None:
    # apex quotes its own check in source form; the facts beside it say which two CUDA releases differ
    apex = explain(
        "`error: command '/usr/bin/nvcc' failed with exit status 1`\ncudatoolkit: 10.0.130\nPytorch: 1.4.0\n"
        "$nvcc -V\nCuda compilation tools, release 9.1, V9.1.85\n"
        '"Cuda extensions are being compiled with a version of Cuda that does " +\n'
        '"not match the version used to compile Pytorch binaries.  " +'
    )
    assert apex[0].key == "build-cuda-version-mismatch" and apex[0].situation == "apex"
    assert any("nvcc is CUDA 9.1 but torch was built with CUDA 10.0" in a for a in apex[0].advice), apex[0].advice
    ds = explain(
        "Exception: >- DeepSpeed Op Builder: Installed CUDA version 12.1 does not match the version torch was "
        "compiled with 11.8, unable to compile cuda/cpp extensions without a matching cuda version."
    )
    assert ds[0].key == "build-cuda-version-mismatch" and ds[0].situation == "DeepSpeed"
    # facts of one major: no mismatch claimed
    same = explain(
        "error: command '/usr/local/cuda/bin/nvcc' failed with exit status 1\nCuda compilation tools, release 12.1, "
        "V12.1.105\ntorch.version.cuda: 12.4"
    )
    assert same[0].key == "build-extension-compile-failed" and same[0].confidence == "likely"
    # only the facts, no project's message: a failed compile with nvcc and torch of two majors is that mismatch
    facts = explain(
        "error: command '/usr/bin/nvcc' failed with exit status 1\n$ nvcc -V\nCuda compilation tools, release 9.1, "
        "V9.1.85\n>>> torch.version.cuda\n'10.0'"
    )
    assert facts[0].key == "build-cuda-version-mismatch" and facts[0].confidence == "sure"
    assert any("nvcc is CUDA 9.1 but torch was built with CUDA 10.0" in a for a in facts[0].advice)


def test_a_module_no_distribution_is_known_for() -> None:
    found = explain(
        'Traceback (most recent call last):\n  File "jetsontx2/compile_ssd_mobilenet.py", line 2, in <module>\n'
        "    from tf_trt_models.detection import build_detection_graph\n"
        "ModuleNotFoundError: No module named 'tf_trt_models'"
    )
    assert found[0].key == "py-module-missing"
    advice = found[0].advice[0]
    # no invented distribution offered as the install: a check first, then the source checkout
    assert "not a pip distribution this tool knows" in advice and "source checkout" in advice
    assert "pip install tf-trt-models" not in advice
    # a known one is still named outright
    assert "opencv-python" in explain("ModuleNotFoundError: No module named 'cv2'")[0].advice[0]


def test_torch_cpp_api_an_extension_predates() -> None:
    thc = explain("src/cuda/dcn_v2_cuda.cu:7:10: fatal error: THC/THC.h: No such file or directory")
    assert thc[0].key == "build-torch-thc-removed" and thc[0].op == "THC/THC.h"
    assert "at::cuda::getCurrentCUDAStream" in thc[0].fix
    assert first("nms.cpp:12:3: error: 'AT_CHECK' was not declared in this scope") == "build-torch-thc-removed"
    assert first('kernel.cu(40): error: identifier "THCCeilDiv" is undefined') == "build-torch-thc-removed"
    # near miss: a torch header that is simply not on the include path stays build-header-not-found
    assert first("ext.cpp:1:10: fatal error: torch/extension.h: No such file or directory") == "build-header-not-found"


def test_pip_install_classes() -> None:
    # pip's isolated build lacks torch: --no-build-isolation, not "pip install torch"
    iso = explain(
        "  error: subprocess-exited-with-error\n\n  × Getting requirements to build wheel did not run successfully.\n"
        "  │ exit code: 1\n  ╰─> [20 lines of output]\n      Traceback (most recent call last):\n"
        "      ModuleNotFoundError: No module named 'torch'\n      [end of output]"
    )
    assert iso[0].key == "py-module-missing" and "--no-build-isolation" in iso[0].fix
    # a Rust package built from source; g++ missing behind gcc
    assert first("      error: can't find Rust compiler") == "build-rust-missing"
    assert first("gcc: error trying to exec 'cc1plus': execvp: No such file or directory") == "build-no-compiler"
    # torch.utils.cpp_extension.load's JIT build: the cause is above it
    assert first("RuntimeError: Error building extension 'fused_adam'") == "build-extension-compile-failed"
    # no release for this requirement; torch-tensorrt keeps its own family
    old = explain(
        "ERROR: Could not find a version that satisfies the requirement torch==1.8.0 (from versions: 2.2.0, 2.3.0)\n"
        "ERROR: No matching distribution found for torch==1.8.0"
    )
    assert old[0].key == "py-pip-no-matching-distribution" and old[0].op == "torch==1.8.0"
    none = explain("ERROR: Could not find a version that satisfies the requirement pkgx (from versions: none)")
    assert none[0].situation == "no release for this Python or platform"
    local = explain("ERROR: Could not find a version that satisfies the requirement torch==2.1.0+cu121")
    assert local[0].situation == "a torch local build (+cu / +cpu)"
    assert first("ERROR: No matching distribution found for torch-tensorrt==1.2.0") == "no-matching-distribution"
    # near miss: a requirement pip found
    assert "py-pip-no-matching-distribution" not in keys("Requirement already satisfied: torch==2.4.0 in ./venv")
