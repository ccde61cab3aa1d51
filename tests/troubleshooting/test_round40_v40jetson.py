"""`explain`, round forty (issue 36): Jetson boards, JetPack containers and the SDKs around them. A library path that
is a folder in a Jetson container is the host's JetPack library missing (the runtime's csv mounts); TensorRT's
"Target GPU SM N" for a Jetson SM wants the JetPack build, not a pip wheel; a Jetson SDK component CMake cannot find
comes from the host's JetPack; a ROS 2 node dying with exit code -11 gets gdb through ROS's own prefix; a kDIRECT_IO
failure of a DLA build is GPU fallback; CMake's CUDA compiler detection tells a missing nvcc (-NOTFOUND) from a
CUDACXX that names none and from a failed test compile; a downloaded .deb that is not one; librealsense's CUDA path.
Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_library_path_that_is_a_folder() -> None:
    jetson = (
        "[component_container-1] [ERROR] [1.2] [my_container]: Failed to load library: Could not load library "
        "dlopen error: /usr/lib/aarch64-linux-gnu/libnvinfer.so.8: cannot read file data: Is a directory"
    )
    key, fix = first(jetson)
    assert key == "library-file-empty" and "nvidia-jetpack" in fix and "recreate" in fix
    cuda = (
        "OSError: /usr/local/cuda-12.2/targets/aarch64-linux/lib/libcublasLt.so.12: cannot read file data: Is a "
        "directory"
    )
    key, fix = first(cuda)
    assert key == "library-file-empty" and "host" in fix
    # no Jetson words: a bind mount of a missing file, not JetPack
    plain = "ImportError: /opt/app/lib/libfoo.so.1: cannot read file data: Is a directory\n$ docker run -v ..."
    key, fix = first(plain)
    assert key == "library-file-empty" and "bind mount" in fix and "nvidia-jetpack" not in fix
    # near miss: an empty file keeps the older fix
    key, fix = first("error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libcudnn.so.8: file too short")
    assert key == "library-file-empty" and "Is a directory" not in fix and "empty folder" not in fix


def test_tensorrt_without_a_jetson_sm_wants_the_jetpack_build() -> None:
    for text in (
        "Target GPU SM 72 is not supported by this TensorRT release.\n(in checkCurrentSMEnabled at x.cpp:1)",
        "[TRT] [E] Error Code 9: API Usage Error (Target GPU SM 53 is not supported by this TensorRT release.)",
        "jetpack 6 container\n[E] Error Code 9: API Usage Error (Target GPU SM 89 is not supported by this TensorRT "
        "release.)",
    ):
        key, fix = first(text)
        assert key == "gpu-arch-unsupported" and "JetPack" in fix and "apt" in fix, text
    # near miss: a desktop GPU's SM with no Jetson words keeps TensorRT's general fix
    key, fix = first(
        "[TRT] [E] Error Code 9: API Usage Error (Target GPU SM 120 is not supported by this TensorRT release.)"
    )
    assert key == "gpu-arch-unsupported" and "JetPack" not in fix


def test_jetson_sdk_component_not_found_by_cmake() -> None:
    for name in ("vpi", "nvbufsurface", "DeepStream", "cupva"):
        text = (
            "CMake Error at CMakeLists.txt:12 (find_package):\n"
            f'  By not providing "Find{name}.cmake" in CMAKE_MODULE_PATH this project has\n'
            f'  asked CMake to find a package configuration file provided by "{name}", but\n  CMake did not find one.'
        )
        key, fix = first(text)
        assert key == "build-cmake-package-not-found" and "JetPack" in fix and "--runtime nvidia" in fix, name
    # near misses: an ordinary package keeps the prefix-path fix; a name that merely starts alike is not VPI
    for name in ("Eigen3", "vpipeline"):
        key, fix = first(f'Could not find a package configuration file provided by "{name}" with any of')
        assert key == "build-cmake-package-not-found" and "JetPack" not in fix, name


def test_ros2_node_segfault_reads_gdb_through_ros() -> None:
    text = (
        "[ERROR] [camera_node-2]: process has died [pid 811, exit code -11, cmd '/opt/ros/humble/lib/cam/"
        "camera_node --ros-args -r __node:=cam'].\n"
    )
    key, fix = first(text)
    assert key == "native-crash" and "--ros-args --prefix" in fix and "JetPack" in fix
    # near misses: another exit code is no segfault; a plain segfault keeps the general fix
    key, _ = first("[ERROR] [talker-1]: process has died [pid 90, exit code 1, cmd 'talker'].")
    assert key != "native-crash"
    key, fix = first("Segmentation fault (core dumped)\n$ python3 run.py")
    assert key == "native-crash" and "--ros-args" not in fix


def test_direct_io_of_a_dla_build_is_gpu_fallback() -> None:
    text = (
        "[01/02/2024-10:00:00] [E] Error[4]: [optimizer.cpp::checkIfDirectIOIsPossible::4000] Error Code 4: "
        "Internal Error (BuilderFlag::kDIRECT_IO specified but no conformant implementation exists)\n"
        "[E] Error[2]: [builder.cpp::buildSerializedNetwork::700] Error Code 2: Internal Error (Assertion engine "
        "!= nullptr failed. )"
    )
    key, fix = first(text)
    assert key == "edge-dla-no-gpu-fallback" and "--allowGPUFallback" in fix and "kDIRECT_IO" in fix
    # near miss: the bare assertion keeps its own (engine build) answer
    key, _ = first(
        "[builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal Error (Assertion engine != nullptr failed. )"
    )
    assert key != "edge-dla-no-gpu-fallback"


def test_cmake_cuda_compiler_detection_variants() -> None:
    notfound = (
        'Compiling the CUDA compiler identification source file "CMakeCUDACompilerId.cu" failed.\n'
        "Compiler: CMAKE_CUDA_COMPILER-NOTFOUND\nBuild flags:\nId flags: -v\n\nThe output was:\nNo such file or "
        "directory"
    )
    key, fix = first(notfound)
    assert key == "build-cmake-no-cuda" and "export PATH=/usr/local/cuda/bin" in fix and "test file" not in fix
    cudacxx = (
        "CMake Error at /usr/share/cmake-3.16/Modules/CMakeDetermineCUDACompiler.cmake:28 (message):\n"
        "  Could not find compiler set in environment variable CUDACXX:\n  /usr/local/cuda-9.0/bin/nvcc."
    )
    key, fix = first(cudacxx)
    assert key == "build-cmake-no-cuda" and "CUDACXX" in fix and "ls -d /usr/local/cuda*/bin/nvcc" in fix
    # the same line wrapped by a terminal and cut
    wrapped = (
        "-- Setting Unix configurations\nCMake Error at /opt/cmake/share/cmake-3.18/Modules/CMakeDetermineCUDACom"
        + " " * 40
        + "piler.cmake:31 (message):\n  Could not f..."
    )
    key, fix = first(wrapped)
    assert key == "build-cmake-no-cuda" and "CUDACXX" in fix
    # near miss: the same file's architecture error keeps its own row
    arch = (
        "CMake Error at /usr/share/cmake-3.27/Modules/CMakeDetermineCUDACompiler.cmake:277 (message):\n"
        "  CMAKE_CUDA_ARCHITECTURES must be non-empty if set.\nCall Stack (most recent call first):"
    )
    assert first(arch)[0] == "build-cmake-cuda-architectures"
    # near miss: nvcc found and its test compile failed keeps that variant
    failed = (
        'Compiling the CUDA compiler identification source file "CMakeCUDACompilerId.cu" failed.\n'
        "Compiler: /usr/local/cuda/bin/nvcc\nBuild flags:\nId flags: --keep\n\nThe output was:\n1\n"
    )
    key, fix = first(failed)
    assert key == "build-cmake-no-cuda" and "test file" in fix and "export PATH=/usr/local/cuda/bin" not in fix


def test_a_download_that_is_not_a_debian_package() -> None:
    text = (
        "Step 5/9 : RUN dpkg -i /tmp/cuda-repo-l4t-10-2-local.deb\n"
        "dpkg-deb: error: '/tmp/cuda-repo-l4t-10-2-local.deb' is not a Debian format archive\n"
        "dpkg: error processing archive /tmp/cuda-repo-l4t-10-2-local.deb (--install):\n"
        "The command '/bin/sh -c dpkg -i /tmp/cuda-repo-l4t-10-2-local.deb' returned a non-zero code: 1"
    )
    key, fix = first(text)
    assert key == "dpkg-not-a-debian-archive" and "SDK Manager" in fix
    key, fix = first("dpkg-deb: error: 'chrome.deb' is not a Debian format archive")
    assert key == "dpkg-not-a-debian-archive" and "file " in fix and "SDK Manager" not in fix
    # near miss: another RUN step's failure keeps the build-step answer
    key, _ = first("The command '/bin/sh -c make -j8' returned a non-zero code: 2")
    assert key == "container-build-step-failed"


def test_librealsense_callback_in_its_cuda_path() -> None:
    for what in ("cudaMalloc failed status: 2", "c_devIhEESt10shared_ptrIT_EiEUlPhE_", "rscuda::unpack_yuy2_cuda"):
        text = (
            f" 11/04 10:00:00,100 ERROR [1234] (synthetic-stream.cpp:51) Exception was thrown during callback: {what}"
        )
        key, fix = first(text)
        assert key == "librealsense-cuda-callback-failed" and "BUILD_WITH_CUDA" in fix, what
    # near miss: the same line with another library's exception and no CUDA anywhere is not this row
    key, _ = first("(synthetic-stream.cpp:51) Exception was thrown during callback: bad optional access")
    assert key != "librealsense-cuda-callback-failed"
