"""`explain`, round twenty (issue 36), native builds and C++ / DeepStream deployment: GStreamer's plugin scanner on
an optional plugin (a notice, not a missing library), nvcc refusing its own command line or Visual Studio's
environment, CMake's compiler check with the distribution's nvcc, OpenCV DNN's importer, libtorch's FileAdapter, an
application's own cuDNN check and Vulkan backends that list no GPU, each in its library's own words (sources in the
families' ``example_source``), with near misses that must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain

_SCANNER = (
    "(gst-plugin-scanner:7): GStreamer-WARNING **: 18:43:36.486: Failed to load plugin '/usr/lib/x86_64-linux-gnu/"
    "gstreamer-1.0/deepstream/libnvdsgst_inferserver.so': libtritonserver.so: cannot open shared object file: No "
    "such file or directory"
)


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_gstreamer_plugin_scanner_is_a_notice() -> None:
    result = explain(_SCANNER)
    assert [e.key for e in result] == ["gst-plugin-scanner-optional"]
    assert result.outcome == "warnings-only"
    # the pipeline then cannot create the plugin's element: that failure answers, not the notice
    failed = _SCANNER + "\nError: Failed to create 'primary-inference'\n"
    assert explain(failed).outcome == "explained" and _keys(failed)[0] != "gst-plugin-scanner-optional"
    # a library the program itself needs is still a missing library
    own = "ImportError: libnvinfer.so.8: cannot open shared object file: No such file or directory"
    assert _keys(own)[0] == "shared-library-not-found" and "gst-plugin-scanner-optional" not in _keys(own)
    # DeepStream's engine notice told in a user's words ranks first in a DeepStream paste
    told = 'It complains about not being able to open "resnet10.caffemodel_b1_gpu0_fp16.engine"\n' + _SCANNER
    assert _keys(told)[0] == "serve-ds-engine-not-cached"


def test_nvcc_refuses_its_command_line() -> None:
    single = "nvcc fatal   : A single input file is required for a non-link phase when an outputfile is specified"
    fix = answer(single, "build-nvcc-bad-command-line").fix
    assert "spaces" in fix and "-Xcompiler" in fix
    msbuild = single + (
        '\nCUDA 12.1.targets(799,9): error MSB3721: The command ""C:\\Program Files\\NVIDIA GPU Computing Toolkit\\'
        'CUDA\\v12.1\\bin\\nvcc.exe" --machine 64 --compile -cudart static /Zi -std=c++14'
    )
    assert "/Zi" in answer(msbuild, "build-nvcc-bad-command-line").fix
    stray = answer("nvcc fatal   : Don't know what to do with 'Files/NVIDIA'", "build-nvcc-bad-command-line")
    assert stray.op == "Files/NVIDIA"
    # an option nvcc does not know keeps its own row
    assert _keys("nvcc fatal   : Unknown option '-fopenmp'")[0] == "build-nvcc-unknown-option"
    vs = (
        "nvcc fatal   : Could not set up the environment for Microsoft Visual Studio using 'C:/Program Files "
        "(x86)/Microsoft Visual Studio/2019/BuildTools/VC/Auxiliary/Build/vcvars64.bat'"
    )
    assert answer(vs, "build-msvc-missing")
    # near misses: the architecture rows keep their nvcc fatal lines, a user's words are no nvcc line
    assert _keys("nvcc fatal   : Unsupported gpu architecture 'compute_89'")[0] == "build-nvcc-arch-unsupported"
    assert "build-nvcc-bad-command-line" not in _keys("a single input file is required, the docs say")


def test_cmake_picks_the_distribution_nvcc() -> None:
    text = (
        "CMake Error at /usr/local/share/cmake-3.27/Modules/CMakeDetermineCompilerId.cmake:756 (message):\n"
        '  Compiling the CUDA compiler identification source file\n  "CMakeCUDACompilerId.cu" failed.\n\n'
        "  Compiler: /usr/bin/nvcc\n\n  #$ _HERE_=/usr/lib/nvidia-cuda-toolkit/bin\n"
    )
    fix = answer(text, "build-cmake-no-cuda").fix
    assert "nvidia-cuda-toolkit" in fix and "CMAKE_CUDA_COMPILER=/usr/local/cuda" in fix
    other = (
        '  Compiling the CUDA compiler identification source file\n  "CMakeCUDACompilerId.cu" failed.\n\n'
        "  Compiler: /usr/local/cuda-12.8/bin/nvcc\n"
    )
    assert "nvidia-cuda-toolkit" not in answer(other, "build-cmake-no-cuda").fix
    path = (
        "CMake Error at /usr/share/cmake-3.28/Modules/CMakeDetermineCUDACompiler.cmake:85 (message):\n  The "
        "CMAKE_CUDA_COMPILER:\n\n    nvcc\n\n  is not a full path to an existing compiler tool."
    )
    assert answer(path, "build-cmake-no-cuda")


def test_opencv_dnn_cannot_read_the_model() -> None:
    text = (
        "[ WARN:0] global ./modules/dnn/src/dnn.cpp (1447) setUpNet DNN module was not built with CUDA backend; "
        "switching to CPU\nterminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.5.4)"
        " ./modules/dnn/include/opencv2/dnn/shape_utils.hpp:170: error: (-215:Assertion failed) start <= "
        "(int)shape.size() && end <= (int)shape.size() && start <= end in function 'total'\n\nAborted (core dumped)"
    )
    found = answer(text, "opencv-dnn-model-not-read")
    assert found.op == "4.5.4" and "opset" in found.fix
    py = (
        "cv2.error: OpenCV(4.6.0) /io/opencv/modules/dnn/src/onnx/onnx_importer.cpp:1040: error: (-2:Unspecified "
        "error) in function 'handleNode'"
    )
    assert answer(py, "opencv-dnn-model-not-read")
    # near miss: an OpenCV error outside the DNN module (imgproc) is no DNN importer failure
    imgproc = (
        "cv2.error: OpenCV(4.8.0) /io/opencv/modules/imgproc/src/resize.cpp:4062: error: (-215:Assertion failed) "
        "!ssize.empty() in function 'resize'"
    )
    assert "opencv-dnn-model-not-read" not in _keys(imgproc)


def test_libtorch_cannot_open_the_model_file() -> None:
    text = (
        "error loading the model :\nopen file failed, file path:\nException raised from FileAdapter at ..\\..\\"
        "caffe2\\serialize\\file_adapter.cc:11 (most recent call first):\n00007FFE69BA5A3D torch_cpu.dll!caffe2::"
        "serialize::FileAdapter::FileAdapter"
    )
    assert "Release" in answer(text, "libtorch-model-file-not-opened").fix
    linux = (
        "terminate called after throwing an instance of 'c10::Error'\n  what():  open file failed because of errno 2"
        " on fopen: No such file or directory, file path: model.pt"
    )
    assert answer(linux, "libtorch-model-file-not-opened")
    assert "libtorch-model-file-not-opened" not in _keys("RuntimeError: failed to open file: model.pt")


def test_an_app_says_cudnn_not_found() -> None:
    text = "I put `cudnn64_7.dll` into the `cudnn_data` folder, yet it still says it's not found.\n[cuDNN Not Found]"
    assert "next to the program" in answer(text, "app-cudnn-not-found").fix
    assert answer("Error: cuDNN not found. Please install cuDNN.", "app-cudnn-not-found")
    # near misses: a named library file has its own rows, a found cuDNN is no failure
    assert "app-cudnn-not-found" not in _keys("ImportError: libcudnn.so.8: cannot open shared object file")
    assert "app-cudnn-not-found" not in _keys("cuDNN found: 8.9.7 at /usr/lib/x86_64-linux-gnu")


def test_vulkan_backend_lists_no_gpu() -> None:
    text = (
        "2024-03-08 11:53:25,770 : DEBUG : 1 validation error for GPT4All\n__root__\n  Unable to retrieve list of "
        "all GPU devices (type=value_error)"
    )
    assert "vulkaninfo" in answer(text, "vulkan-no-device").fix
    hpp = (
        "terminate called after throwing an instance of 'vk::IncompatibleDriverError'\n  what():  vk::createInstance"
        ": ErrorIncompatibleDriver"
    )
    assert answer(hpp, "vulkan-no-device")
    assert "vulkan-no-device" not in _keys("ggml_vulkan: Found 1 Vulkan devices:\nVulkan0: NVIDIA GeForce RTX 3090")
