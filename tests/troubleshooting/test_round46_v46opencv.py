"""`explain`, round forty-six (issue 36): OpenCV built with CUDA and its users, in OpenCV's and the toolchain's own
words: a C++ link against an OpenCV without its CUDA modules (undefined cv::cuda symbols), the opencv_dep_* pseudo
libraries OpenCV's exported CMake config names, a GpuMat where a host Mat is read, OpenCV's device count failing on a
driver too old for its CUDA runtime, the DNN module's CPU fallback in each binding, an ONNX file OpenCV cannot parse,
and a framework's wrapper exception for a GStreamer / DeepStream element. Near misses keep their own answers."""

from __future__ import annotations

from _explain import first


def test_undefined_cv_cuda_symbols_at_link_time() -> None:
    for text in (
        "[ 81%] Linking CXX executable tracker\nlibvslam.so: undefined reference to `cv::cuda::GpuMat::upload("
        "cv::_InputArray const&)'\ncollect2: error: ld returned 1 exit status",
        "libfeat.so: undefined reference to cv::cuda::Stream::Null()' libfeat.so: undefined reference to "
        "cv::cuda::ORB::create(int, float, int, int, int, int, int, int, int, bool)'\ncollect2: error: ld returned 1",
        'main.obj : error LNK2019: unresolved external symbol "public: static class cv::Ptr<class cv::cuda::ORB> '
        '__cdecl cv::cuda::ORB::create(int,float)" referenced in function main',
    ):
        key, fix = first(text)
        assert key == "cpu-opencv-no-cuda", text
        assert "opencv_contrib" in fix and "OpenCV_DIR" in fix, text
    # near miss: the loader's undefined OpenCV symbol at run time stays edge-opencv-abi's
    assert first("/opt/ros/noetic/lib/libcv_bridge.so: undefined symbol: _ZN2cv3Mat10deallocateEv")[0] == (
        "edge-opencv-abi"
    )
    # near miss: a CUDA runtime symbol is the CUDA link row's
    assert first("main.cpp:(.text+0x2a): undefined reference to `cudaMalloc'\ncollect2: error: ld returned 1")[0] == (
        "build-cuda-link-error"
    )


def test_opencv_pseudo_link_targets() -> None:
    for lib in ("opencv_dep_cudart", "opencv_dep_nppial", "opencv_dep_cufft"):
        key, fix = first(f"[100%] Linking CXX executable viewer\n/usr/bin/ld: cannot find -l{lib}\ncollect2: error")
        assert key == "build-cuda-link-error" and "CUDA_USE_STATIC_CUDA_RUNTIME=OFF" in fix, lib
    key, fix = first("/usr/bin/ld: cannot find -lCUDA_cudart_static_LIBRARY-NOTFOUND\ncollect2: error: ld returned 1")
    assert key == "build-cmake-library-not-found" and "CUDA_USE_STATIC_CUDA_RUNTIME=OFF" in fix
    # near miss: a real CUDA library not found keeps the general fix
    key, fix = first("/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status")
    assert key == "build-cuda-link-error" and "opencv_dep" not in fix


def test_a_gpumat_where_a_host_mat_is_read() -> None:
    key, fix = first(
        "terminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.5.1) "
        "/src/opencv/modules/core/src/matrix_wrap.cpp:57: error: (-213:The function/feature is not implemented) You "
        "should explicitly call download method for cuda::GpuMat object in function 'getMat_'"
    )
    assert key == "opencv-gpumat-host-mat" and "download" in fix and "warpAffine" in fix
    key, fix = first(
        "Traceback (most recent call last):\n  File \"run.py\", line 9, in <module>\n    cv2.imwrite('o.png', g)\n"
        "cv2.error: OpenCV(4.8.0) :-1: error: (-5:Bad argument) in function 'imwrite'\n> Overload resolution failed:\n"
        ">  - img is not a numpy array, neither a scalar\n"
        "g is <cv2.cuda.GpuMat object at 0x7f>, made with cv2.cuda_GpuMat()"
    )
    assert key == "opencv-gpumat-host-mat" and ".download()" in fix
    # near miss: the same overload list for a None image (no GpuMat object in the text) is not this family
    key, _ = first(
        "cv2.error: OpenCV(4.7.0) :-1: error: (-5:Bad argument) in function 'imshow'\n> Overload resolution failed:\n"
        ">  - mat is not a numpy array, neither a scalar\n>  - Expected Ptr<cv::cuda::GpuMat> for argument 'mat'\n"
        ">  - Expected Ptr<cv::UMat> for argument 'mat'"
    )
    assert key != "opencv-gpumat-host-mat"


def test_opencv_device_count_on_a_driver_too_old() -> None:
    key, fix = first(
        'Exception in thread "main" java.lang.RuntimeException: C:\\build\\opencv\\modules\\core\\src\\'
        "cuda_info.cpp:62: error: (-217:Gpu API call) unknown error in function 'cv::cuda::getCudaEnabledDeviceCount'"
    )
    assert key == "cuda-driver-insufficient" and "nvidia-smi" in fix and "JavaCV" in fix
    # near miss: no device at all is another answer
    key, _ = first(
        "cv2.error: OpenCV(4.5.0) /opt/opencv/modules/core/src/cuda_info.cpp:73: error: (-217:Gpu API call) no "
        "CUDA-capable device is detected in function 'getCudaEnabledDeviceCount'"
    )
    assert key != "cuda-driver-insufficient"


def test_dnn_cpu_fallback_fix_per_binding() -> None:
    warn = "[ WARN:0@0.5] global net_impl.cpp:178 setUpNet DNN module was not built with CUDA backend; switching to CPU"
    key, fix = first(warn + "\n\tat org.bytedeco.opencv.opencv_dnn.Net.forward(Native Method)")
    assert key == "build-extension-without-cuda" and "opencv-platform-gpu" in fix
    key, fix = first(warn + "\n   at OpenCvSharp.Dnn.Net.Forward(String outputName)")
    assert key == "build-extension-without-cuda" and "OpenCvSharpExtern" in fix
    key, fix = first("import cv2\n" + warn)
    assert key == "build-extension-without-cuda" and "pip uninstall" in fix and "opencv-platform-gpu" not in fix
    # no binding shown: every binding's way is named
    key, fix = first(warn)
    assert key == "build-extension-without-cuda" and "JavaCV" in fix and "OpenCvSharp" in fix and "Python" in fix


def test_onnx_file_opencv_cannot_parse() -> None:
    for text in (
        "/home/u/opencv-4.1.2/modules/dnn/src/onnx/onnx_importer.cpp:301: error: (-215:Assertion failed) "
        "model_proto.has_graph() in function 'populateNet'",
        "what():  OpenCV(4.5.5) /build/opencv/modules/dnn/src/onnx/onnx_importer.cpp:255: error: (-210:Unknown error "
        "code -210) Failed to parse ONNX model: best.onnx in function 'ONNXImporter'",
        "OpenCV Error: Assertion failed (model_proto.has_graph()) in populateNet, file onnx_importer.cpp, line 240",
    ):
        key, fix = first(text)
        assert key == "opencv-dnn-model-not-read" and "check_model" in fix and "LFS" in fix, text
    # near miss: an operator the importer does not know keeps the upgrade fix
    key, fix = first(
        "OpenCV(4.5.4) ./modules/dnn/include/opencv2/dnn/shape_utils.hpp:170: error: (-215:Assertion failed) start "
        "<= (int)shape.size() in function 'total'"
    )
    assert key == "opencv-dnn-model-not-read" and "LFS" not in fix
    # near miss: TensorRT's own parser wording stays onnx-model-unreadable
    assert first("[E] [TRT] ModelImporter.cpp:705: Failed to parse ONNX model from file: m.onnx")[0] == (
        "onnx-model-unreadable"
    )


def test_a_framework_could_not_create_a_deepstream_element() -> None:
    key, fix = first(
        "pipeline.element_factory.CreateElementException: Unable to create element ModelElement(element='nvinfer', "
        "name='detector', model=NvInferDetector(model_file='det.onnx'))"
    )
    assert key == "gstreamer-element-missing" and "above" in fix and "gst-inspect-1.0 nvinfer" in fix
    key, fix = first("ERROR: Unable to create element nvv4l2decoder (decoder-0)\nGstreamer pipeline failed")
    assert key == "gstreamer-element-missing" and "gst-inspect-1.0" in fix
    # near miss: "Unable to create element" outside GStreamer is not this family
    assert first("Unable to create element for icon in the web page")[0] != "gstreamer-element-missing"
