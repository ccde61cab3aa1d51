"""`explain`, round six, native builds (issue 36): compiling and linking code that uses TensorRT, CUDA or libtorch.
Each class is checked against the wording of the tool that prints it (gcc, clang, nvcc, MSVC, CMake,
torch.utils.cpp_extension), with the value the text names read back, and with near misses that must not match. The
held-out sample ``tests/data/explain_round6_native.jsonl`` was drawn before these rows existed (its "blind" verdicts).
"""

from __future__ import annotations

from _explain import answer, sourced_and_from_elsewhere

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.families.native_build import CUDA_ARCH_FIRST, TENSORRT_CPP_REMOVED

EARLIER = ("corpus", "blind", "fresh", "holdout", "round3", "round4", "round5")


def first(text: str) -> str:
    found = explain(text)
    return found[0].key if found else "miss"


def test_round6_native_sample_is_held_out_and_answered() -> None:
    rows = sourced_and_from_elsewhere("round6_native", EARLIER, at_least=25)
    assert len({r["repository"].lower() for r in rows}) >= 25
    blind_right = sum(r["blind"]["verdict"] == "right" for r in rows)
    after_right = sum(r["after"]["verdict"] == "right" for r in rows)
    assert blind_right <= 5 and after_right >= 29, (blind_right, after_right)
    for r in rows:  # the recorded answers are what explain says now
        found = explain(r["error"])
        got = found[0].key if found else "miss"
        assert r["after"]["first_answer"].endswith((got, f"({got})")), (r["id"], got)
        assert r["after"]["verdict"] != "wrong", r["id"]


def test_tensorrt_cpp_api_of_another_release() -> None:
    # gcc (typographic quotes too), clang, nvcc (EDG) and MSVC name the member; the release data names the fix
    gcc = answer(
        "engine.cpp:88:20: error: \u2018class nvinfer1::IExecutionContext\u2019 has no member named "
        "\u2018enqueueV2\u2019",
        "build-trt-cpp-api",
    )
    assert gcc.op == "enqueueV2" and "TensorRT 10.0 removed" in gcc.fix and "enqueueV3" in gcc.fix
    clang = answer("error: no member named 'setMaxWorkspaceSize' in 'nvinfer1::IBuilderConfig'", "build-trt-cpp-api")
    assert clang.op == "setMaxWorkspaceSize" and "kWORKSPACE" in clang.fix
    nvcc = answer('yolo.cu(42): error: class "nvinfer1::IBuilder" has no member "buildCudaEngine"', "build-trt-cpp-api")
    assert "TensorRT 8.0 removed" in nvcc.fix and "buildSerializedNetwork" in nvcc.fix
    msvc = answer("error C2039: 'getNbIOTensors': is not a member of 'nvinfer1::ICudaEngine'", "build-trt-cpp-api")
    assert "came with TensorRT 8.5" in msvc.fix and "getNbBindings" in msvc.fix
    legacy = answer("error: 'DimsCHW' is not a member of 'nvinfer1'", "build-trt-cpp-api")
    assert "Dims3" in legacy.fix
    # enqueue and enqueueV2 are told apart by the quotes around the member
    assert (
        "enqueueV2"
        not in answer(
            "error: 'class nvinfer1::IExecutionContext' has no member named 'enqueue'", "build-trt-cpp-api"
        ).situation
    )  # type: ignore[operator]
    # a member the data does not know still gets the family and the general fix
    unknown = answer(
        "error: 'class nvinfer1::INetworkDefinition' has no member named 'addFancyLayer'", "build-trt-cpp-api"
    )
    assert unknown.op == "addFancyLayer" and "NvInferVersion.h" in unknown.fix
    assert all(release in ("8.0", "10.0") for release, _ in TENSORRT_CPP_REMOVED.values())
    # another library's missing member is not TensorRT's
    assert first("error: 'class cv::Mat' has no member named 'toTensor'") != "build-trt-cpp-api"
    # the Python API keeps its own family
    assert first("AttributeError: 'tensorrt.tensorrt.Builder' object has no attribute 'build_cuda_engine'") == (
        "tensorrt-api-removed"
    )


def test_plugin_written_for_another_tensorrt() -> None:
    gcc9 = (
        "yololayer.h:52:13: error: looser exception specification on overriding virtual function 'virtual int "
        "nvinfer1::YoloLayerPlugin::getNbOutputs() const'\nNvInferRuntimeCommon.h:469:21: note: overridden "
        "function is 'virtual int32_t nvinfer1::IPluginV2::getNbOutputs() const noexcept'"
    )
    assert "noexcept" in answer(gcc9, "build-trt-plugin-signature").fix
    override = (
        "coordConvACPlugin.h:53:9: error: 'int nvinfer1::plugin::CoordConvACPlugin::enqueue(int, const void* "
        "const*, void**, void*, cudaStream_t)' marked 'override', but does not override"
    )
    answer(override, "build-trt-plugin-signature")
    edg = (
        'mish.h(33): error: member function declared with "override" does not override a base class member\n'
        'mish.cu(107): error: object of abstract class type "nvinfer1::MishPlugin" is not allowed'
    )
    answer(edg, "build-trt-plugin-signature")
    # the same C++ error in code that has nothing to do with TensorRT is not this family
    assert first("widget.h:12:10: error: 'void Widget::draw()' marked 'override', but does not override") != (
        "build-trt-plugin-signature"
    )


def test_build_warnings_are_only_warnings() -> None:
    policy = explain(
        "CMake Warning (dev) in src/CMakeLists.txt:\n  Policy CMP0104 is not set: CMAKE_CUDA_ARCHITECTURES now "
        "detected for NVCC,\n  empty CUDA_ARCHITECTURES not allowed.\n\n  CUDA_ARCHITECTURES is empty for target "
        '"raja".\nThis warning is for project developers.  Use -Wno-dev to suppress it.'
    )
    assert policy.outcome == "warnings-only" and policy[0].key == "build-cmake-policy-notice"
    minor = explain(
        "UserWarning: The detected CUDA version (12.1) has a minor version mismatch with the version that was used "
        "to compile PyTorch (12.4). Most likely this shouldn't be a problem."
    )
    assert minor.outcome == "warnings-only" and minor[0].key == "build-cuda-minor-mismatch-notice"
    deprecated = explain(
        "plugin.h:20:7: warning: 'IPluginV2DynamicExt' is deprecated [-Wdeprecated-declarations] (nvinfer1)"
    )
    assert deprecated.outcome == "warnings-only"
    # the same CMake text as an error is a failure with its fix
    error = explain('CMake Error in src/CMakeLists.txt:\n  CUDA_ARCHITECTURES is empty for target "raja".')
    assert error[0].key == "build-cmake-cuda-architectures" and "CMAKE_CUDA_ARCHITECTURES" in error[0].fix


def test_headers_and_libraries_not_found() -> None:
    trt = answer("tensorNet.h:27:21: fatal error: NvInfer.h: No such file or directory", "build-header-not-found")
    assert trt.op == "NvInfer.h" and "libnvinfer-dev" in trt.fix
    clang = answer("plugin.cpp:3:10: fatal error: 'NvOnnxParser.h' file not found", "build-header-not-found")
    assert clang.op == "NvOnnxParser.h"
    msvc = answer(
        "fatal error C1083: Cannot open include file: 'cuda_runtime_api.h': No such file or directory",
        "build-header-not-found",
    )
    assert msvc.situation == "CUDA toolkit (Windows)" and "CUDA_PATH" in msvc.fix  # MSVC: a Windows fix (round 8)
    assert (
        answer("kernel.cu:1:10: fatal error: cudnn.h: No such file or directory", "build-header-not-found").situation
        == "cuDNN"
    )
    assert (
        answer("src/ext.cpp:1:10: fatal error: Python.h: No such file or directory", "build-header-not-found").situation
        == "Python headers"
    )
    # a header of the user's own project is no library's: since round nine it gets the project's own fix (an
    # incomplete checkout, the build's folder or include paths), never a library's install advice
    own = explain("main.cpp:2:10: fatal error: myconfig.h: No such file or directory")[0]
    assert own.situation == "a header of the project (or of a library it vendors)" and "submodule" in own.fix
    assert not own.fix.startswith("Install the development files")

    cuda = answer(
        "main.cpp:(.text+0x2a): undefined reference to `cudaMemcpyAsync'\ncollect2: error: ld returned 1 exit status",
        "build-cuda-link-error",
    )
    assert "CUDA::cudart" in cuda.fix
    answer("/usr/bin/ld: cannot find -lcudart", "build-cuda-link-error")
    # TensorRT's own libraries keep the core family
    assert first("/usr/bin/ld: cannot find -lnvinfer\ncollect2: error: ld returned 1 exit status") == (
        "tensorrt-link-error"
    )
    abi = answer(
        "undefined reference to `c10::detail::torchCheckFail(char const*, char const*, unsigned int, "
        "std::__cxx11::basic_string<char> const&)'",
        "build-libtorch-link-error",
    )
    assert abi.situation == "C++ ABI"
    # an undefined symbol at load time stays the extension ABI family
    assert first("ImportError: ext.so: undefined symbol: _ZN3c104cuda9SetDeviceEi") == "extension-abi-mismatch"


def test_nvcc_refuses_the_host_compiler() -> None:
    new = answer(
        "/usr/local/cuda/include/crt/host_config.h:139:2: error: #error -- unsupported GNU version! gcc versions "
        "later than 11 are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this "
        "version check",
        "build-nvcc-host-compiler",
    )
    assert new.op == "11" and "-ccbin" in new.fix
    assert (
        answer(
            "host_config.h:82:2: error: #error -- unsupported GNU version! gcc 4.9 and up are not supported!",
            "build-nvcc-host-compiler",
        ).op
        == "4.9"
    )
    msvc = answer(
        "host_config.h(164): fatal error C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the "
        "versions between 2017 and 2022 (inclusive) are supported!",
        "build-nvcc-host-compiler",
    )
    assert msvc.situation == "MSVC"
    answer(
        "RuntimeError: The current installed version of g++ (13.2.0) is greater than the maximum required version by "
        "CUDA 12.1. Please make sure to use an adequate version of g++ (>=6.0.0, <13.0).",
        "build-nvcc-host-compiler",
    )
    # a project's own version check is not nvcc's
    assert first("#error This library needs gcc 9 or later") != "build-nvcc-host-compiler"


def test_nvcc_does_not_know_the_architecture() -> None:
    new = answer("nvcc fatal   : Unsupported gpu architecture 'compute_120'", "build-nvcc-arch-unsupported")
    assert new.op == "compute_120" and "CUDA 12.8" in new.fix and "TORCH_CUDA_ARCH_LIST" in new.fix
    old = answer("nvcc fatal   : Unsupported gpu architecture 'compute_35'", "build-nvcc-arch-unsupported")
    assert "removed from nvcc after CUDA 11.8" in old.fix
    volta = answer("nvcc fatal : Unsupported gpu architecture 'compute_70'", "build-nvcc-arch-unsupported")
    assert "after CUDA 12.9" in volta.fix
    answer("nvcc fatal   : Value 'sm_90a' is not defined for option 'gpu-architecture'", "build-nvcc-arch-unsupported")
    answer("ptxas fatal   : Unsupported .target 'sm_120a'", "build-nvcc-arch-unsupported")
    # an arch the data does not list still gets the general fix
    assert (
        "--list-gpu-arch"
        in answer("nvcc fatal : Unsupported gpu architecture 'compute_999'", "build-nvcc-arch-unsupported").fix
    )
    assert CUDA_ARCH_FIRST["89"] == "11.8"
    # the GPU is too new for a prebuilt torch or TensorRT: the run-time family, not the compiler's
    assert first("no kernel image is available for execution on the device") == "gpu-arch-unsupported"


def test_extension_builder_in_its_own_words() -> None:
    home = answer(
        "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.",
        "build-cuda-home-unset",
    )
    assert "torch.version.cuda" in home.fix
    pip = answer(
        "  Preparing metadata (setup.py) ... error\n  error: subprocess-exited-with-error\n      OSError: CUDA_HOME "
        "environment variable is not set. Please set it to your CUDA install root.",
        "build-cuda-home-unset",
    )
    assert pip.situation == "pip build" and "--no-build-isolation" in pip.fix
    answer("/bin/sh: 1: nvcc: not found", "build-cuda-home-unset")
    # torch 2.x prints no space between "compile" and "PyTorch"
    joined = answer(
        "RuntimeError: The detected CUDA version (12.4) mismatches the version that was used to compilePyTorch "
        "(11.8). Please make sure to use the same CUDA versions.",
        "build-cuda-version-mismatch",
    )
    assert joined.op == "12.4"
    ninja = "RuntimeError: Ninja is required to load C++ extensions (pip install ninja to get it)"
    answer(ninja, "build-ninja-missing")
    answer("nvcc fatal   : Value 'c++17' is not defined for option 'std'", "build-cxx-standard")
    answer("#error C++17 or later compatible compiler is required to use PyTorch.", "build-cxx-standard")
    # the symptom line alone is "likely", naming the specific families
    symptom = explain("error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1")
    assert symptom[0].key == "build-extension-compile-failed" and symptom[0].confidence == "likely"
    # with the cause above it, the cause comes first
    both = (
        "nvcc fatal   : Unsupported gpu architecture 'compute_89'\nninja: build stopped: subcommand failed.\n"
        "RuntimeError: Error compiling objects for extension"
    )
    assert first(both) == "build-nvcc-arch-unsupported"


def test_cmake_cannot_find_torch_or_cuda() -> None:
    torch = answer(
        'CMake Error at CMakeLists.txt:5 (find_package):\n  By not providing "FindTorch.cmake" in CMAKE_MODULE_PATH '
        'this project has\n  asked CMake to find a package configuration file provided by "Torch", but\n  CMake did '
        "not find one.",
        "build-cmake-package-not-found",
    )
    assert torch.situation == "libtorch" and "cmake_prefix_path" in torch.fix
    trt = answer(
        'Could not find a package configuration file provided by "TensorRT" with any of',
        "build-cmake-package-not-found",
    )
    assert trt.situation == "TensorRT" and trt.op == "TensorRT"
    answer(
        "CMake Error at /usr/share/cmake-3.10/Modules/FindCUDA.cmake:682 (message):\n  Specify CUDA_TOOLKIT_ROOT_DIR",
        "build-cmake-no-cuda",
    )
    answer("-- Could NOT find CUDAToolkit (missing: CUDAToolkit_INCLUDE_DIR CUDA_CUDART)", "build-cmake-no-cuda")
    win = answer(
        "-- Building for: Visual Studio 16 2019\n-- The CUDA compiler identification is unknown\nCMake Error at "
        "CMakeLists.txt:18 (PROJECT):\n  No CMAKE_CUDA_COMPILER could be found.",
        "build-cmake-no-cuda",
    )
    assert win.situation == "Windows / Visual Studio"
    answer(
        "CMake Error at CMakeLists.txt:7 (project):\n  CMAKE_CUDA_ARCHITECTURES must be non-empty if set.",
        "build-cmake-cuda-architectures",
    )
    assert answer('Unknown CMake command "cuda_add_executable".', "build-cmake-findcuda-command").op == (
        "cuda_add_executable"
    )


def test_windows_compiler_and_linker() -> None:
    answer("nvcc fatal   : Cannot find compiler 'cl.exe' in PATH", "build-msvc-missing")
    answer("'cl' is not recognized as an internal or external command,", "build-msvc-missing")
    answer("LINK : fatal error LNK1104: cannot open file 'cudart.lib'", "build-cuda-link-error")
    answer(
        "error LNK2019: unresolved external symbol cudaGetDeviceCount referenced in function main",
        "build-cuda-link-error",
    )
    # TensorRT's unresolved externals keep the core family
    assert first("error LNK2019: unresolved external symbol createInferBuilder_INTERNAL referenced in function") == (
        "tensorrt-link-error"
    )


def test_more_build_classes_in_their_tools_words() -> None:
    # gcc 11's std_function.h with an nvcc older than CUDA 11.4 is the host compiler again
    answer(
        "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with '...':",
        "build-nvcc-host-compiler",
    )
    deprecated = explain(
        "nvcc warning : The 'compute_35', 'compute_37', 'sm_35', and 'sm_37' architectures are deprecated, and may "
        "be removed in a future release (Use -Wno-deprecated-gpu-targets to suppress warning)."
    )
    assert deprecated.outcome == "warnings-only" and deprecated[0].key == "build-nvcc-notice"
    arch_list = explain(
        "UserWarning: TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation."
    )
    assert arch_list.outcome == "warnings-only"
    answer("CMake Error at cuda.cmake:65 (message):\n  Failed to find nvToolsExt", "build-libtorch-nvtoolsext")
    pic = answer(
        "/usr/bin/ld: libk.a(nms.cu.o): relocation R_X86_64_32 against `.bss' can not be used when making a shared "
        "object; recompile with -fPIC",
        "build-fpic",
    )
    assert "POSITION_INDEPENDENT_CODE" in pic.fix
    plugin = answer(
        "yolov5.cpp:(.text+0x1f4): undefined reference to `nvinfer1::YoloPluginCreator::YoloPluginCreator()'",
        "build-trt-undefined-reference",
    )
    assert "nvinfer_plugin" in plugin.fix
    # TensorRT's factory functions stay the core family
    assert first("main.cpp:(.text+0xf35): undefined reference to `createInferBuilder_INTERNAL'") == (
        "tensorrt-link-error"
    )
    answer("error: command 'gcc' failed: No such file or directory", "build-no-compiler")
    # gcc that ran and failed is the symptom family, not a missing compiler
    assert first("error: command 'gcc' failed with exit status 1") == "build-extension-compile-failed"
