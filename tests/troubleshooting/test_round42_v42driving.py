"""`explain`, round forty-two (issue 36): autonomous-driving and 3D-perception code. A conversion whose model mixes
float dtypes (autocast in forward), TensorFlow's CUDA stub on a release older than 2.14, a CMake configure step that
failed inside a setup.py build, a TFRecord that does not fit its parsing spec, a project's own mmcv copy failing an
upstream version check, nvcc refusing an old architecture with no CUDA version shown, a CARLA server crash, and a
setup.py extension build with no GPU visible. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_conversion_of_a_model_with_autocast_mixes_dtypes() -> None:
    text = (
        "Warning: Encountered known unsupported method torch.is_autocast_enabled\n"
        "Warning: Encountered known unsupported method torch.get_autocast_dtype\n"
        '  File "/opt/torch2trt/torch2trt/converters/cat.py", line 12, in convert_cat\n'
        "AssertionError: Tensor data types must match\n"
    )
    key, fix = first(text)
    assert key == "trt-convert-mixed-float-dtypes" and "enabled=False" in fix and "fp16_mode" in fix
    trt = (
        "[TRT] [E] 4: [layers.cpp::validate::2291] Error Code 4: Internal Error ((Unnamed Layer* 12) [ElementWise]: "
        "operation SUM has incompatible input types Half and Float)"
    )
    key, fix = first(trt)
    assert key == "trt-convert-mixed-float-dtypes" and "model.float()" in fix
    # near misses: a float / int mix in TensorRT is no autocast problem; another library's dtype check is not TensorRT
    assert first(trt.replace("Half and Float", "Float and Int32"))[0] != "trt-convert-mixed-float-dtypes"
    assert first("RuntimeError: Input and output tensor data types must match.")[0] != "trt-convert-mixed-float-dtypes"
    # eager PyTorch keeps its own family
    assert first("RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float != c10::Half")[0] == (
        "torch-dtype-mismatch"
    )


_STUB = "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used."


def test_tensorflow_cuda_stub_before_2_14_needs_its_tested_cuda() -> None:
    key, fix = first(_STUB + "\nNum GPUs Available:  0")
    assert key == "cpu-tf-gpu-not-registered" and "older than 2.14" in fix and "11.8" in fix
    key, fix = first(
        "pip install tensorflow==2.11.0\nCould not find cuda drivers on your machine, GPU will not be used."
    )
    assert "older than 2.14" in fix
    # a release older than 2.14 named without the CUDA stub's line keeps the other fixes
    windows = "TensorFlow 2.10 was the last TensorFlow release that supported GPU on native-Windows."
    assert "older than 2.14" not in first(windows)[1]
    # TensorFlow 2.14+ (its log paths under external/): the [and-cuda] fix stays
    newer = _STUB.replace("tensorflow/tsl", "external/local_tsl/tsl")
    key, fix = first(newer)
    assert key == "cpu-tf-gpu-not-registered" and "older than 2.14" not in fix and "and-cuda" in fix
    assert "older than 2.14" not in first("tensorflow 2.15.0\n" + newer)[1]


def test_cmake_configure_failed_inside_setup_py() -> None:
    text = (
        "-- Configuring incomplete, errors occurred!\n"
        'See also "/work/pkg/build/temp.linux-x86_64-3.8/CMakeFiles/CMakeError.log".\n'
        "Traceback (most recent call last):\n"
        '  File "setup.py", line 99, in <module>\n'
        "    setup(\n"
    )
    key, fix = first(text)
    assert key == "build-cmake-configure-failed" and "CMake Error" in fix and "CMakeError.log" in fix
    key, fix = first("building sparse conv lib (spconv)\n" + text)
    assert key == "build-cmake-configure-failed" and "spconv 2.x" in fix
    # a CMake error that names its cause keeps its own family
    named = (
        "CMake Error at CMakeLists.txt:10 (find_package):\n"
        '  Could not find a package configuration file provided by "Torch"'
        "\n-- Configuring incomplete, errors occurred!\n"
    )
    assert first(named)[0] == "build-cmake-package-not-found"


def test_tfrecord_parse_spec_mismatch() -> None:
    for text in (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Key: state/past/x.  Can't parse serialized "
        "Example. [Op:ParseExampleV2]",
        "InvalidArgumentError: Feature: image/object/bbox/xmin (data type: float) is required but could not be found.",
        "InvalidArgumentError: Name: <unknown>, Feature: label is required but could not be found.",
        "InvalidArgumentError: Key: points, Index: 0.  Number of float values != expected.  Values size: 3000 but "
        "output shape: [20000, 3]",
    ):
        key, fix = first(text)
        assert key == "tf-example-parse-spec-mismatch" and "FixedLenFeature" in fix, text
    # near miss: a TFRecord file that is not one (a corrupted record) is no spec mismatch
    assert first("DataLossError: corrupted record at 12345 [Op:IteratorGetNext]")[0] != "tf-example-parse-spec-mismatch"


def test_openmmlab_pin_with_a_projects_own_copy() -> None:
    text = "AssertionError: MMCV==0.0.1 is used but incompatible. Please install mmcv>=1.3.8, <=1.4.0."
    key, fix = first(text)
    assert key == "geo-openmmlab-version-pin" and "mmcv.__file__" in fix and "0.0.x" in fix
    # a real release outside the range keeps the mim fix
    key, fix = first(text.replace("0.0.1", "1.7.0"))
    assert key == "geo-openmmlab-version-pin" and "mim install" in fix and "0.0.x" not in fix


def test_nvcc_old_arch_without_a_cuda_version_says_both_directions() -> None:
    text = (
        "python setup.py develop\nbuilding 'voxel_op' extension\n"
        "nvcc fatal   : Unsupported gpu architecture 'compute_61'"
    )
    key, fix = first(text)
    assert key == "build-nvcc-arch-unsupported" and "nvcc --version" in fix and "CUDA 13" in fix
    assert "distro nvcc" in fix
    assert "torch.version.cuda" in fix
    # with a CUDA 13 toolkit shown: removed
    key, fix = first(text + "\nCuda compilation tools, release 13.0, V13.0.48")
    assert "removed from nvcc after CUDA 12.9" in fix and "distro nvcc" not in fix
    # a new architecture keeps its "needs CUDA X" fix
    assert "needs nvcc from CUDA 11.8" in first("nvcc fatal   : Unsupported gpu architecture 'compute_89'")[1]


def test_carla_server_crash() -> None:
    for text in (
        "Signal 11 caught.\nMalloc Size=65538 LargeMemoryPoolOffset=65554\n"
        './CarlaUE4.sh: line 5:  4242 Segmentation fault      (core dumped) "$UE4_PROJECT_ROOT/CarlaUE4/Binaries/'
        'Linux/CarlaUE4-Linux-Shipping" CarlaUE4 "$@"',
        "(issue title: CUDA error: out of memory)\nrun.sh: line 3: 777 Segmentation fault      (core dumped) python "
        "-u train.py carla_sh_path=/opt/carla/CarlaUE4.sh",
        "RuntimeError: time-out of 10000ms while waiting for the simulator, make sure the simulator is ready and "
        "connected to localhost:2000",
    ):
        key, fix = first(text)
        assert key == "sim-carla-server-crash" and "carla==" in fix and "nvidia-smi" in fix, text
    # near misses: a segfault without CARLA; a CUDA OOM in the paste's body without a crash
    assert first("python train.py\nSegmentation fault (core dumped)")[0] != "sim-carla-server-crash"
    assert first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")[0] == "gpu-out-of-memory"


def test_extension_build_index_error_with_no_gpu_visible() -> None:
    text = (
        '(issue title: "IndexError: list index out of range")\n'
        "No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda-11.3'\nrunning develop\nrunning build_ext\n"
        "building 'voxel_op' extension\n..."
    )
    key, fix = first(text)
    assert key == "build-arch-flags-no-gpu" and "TORCH_CUDA_ARCH_LIST" in fix
    # near miss: an IndexError in the user's code with no build notice
    assert (
        first('Traceback (most recent call last):\n  File "train.py", line 3\nIndexError: list index out of range')[0]
        != "build-arch-flags-no-gpu"
    )
