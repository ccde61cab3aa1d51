"""`explain`, round forty-one (issue 36): pose-estimation, tracking and vision repositories on old or mixed stacks.
Two copies of LLVM in one process, a SavedModel the installed TensorFlow cannot revive, a setup.py's own locate_cuda,
a CUDA library newer toolkits removed that an old CMake still asks for, Caffe2 / Detectron's ops library, a
framework's CMake config naming libraries this install lacks, a fixed-shape TorchScript export run at another size,
XLA's own command-buffer nodes refused, and a CUDA context that could not be created for lack of memory. Near misses
keep their other answers."""

from __future__ import annotations

from _explain import first


def test_two_llvm_copies_in_one_process() -> None:
    for text in (
        "Loading renderer\nPass 'Loop Strength Reduction' is not initialized.\nVerify if there is a pass dependency "
        "cycle.\nRequired Passes:\nSegmentation fault (core dumped)",
        "python viewer.py\nCommandLine Error: Option 'enable-misexpect' registered more than once!\nLLVM ERROR: "
        "inconsistency in registered CommandLine options\nAborted (core dumped)",
    ):
        key, fix = first(text)
        assert key == "llvm-two-copies-in-process", text
        assert "/proc/<pid>/maps" in fix and "one LLVM" in fix
    # two LLVM-based compilers in one Python process: the import order
    key, fix = first(
        "import cudaq\nmodel = torch.compile(model)\nCommandLine Error: Option 'debug-counter' registered more than "
        "once!\nLLVM ERROR: inconsistency in registered CommandLine options"
    )
    assert key == "llvm-two-copies-in-process" and "separate processes" in fix
    # near misses: a bare segfault stays native-crash; Triton's own LLVM error stays its row
    assert first("python run.py\nSegmentation fault (core dumped)")[0] == "native-crash"
    assert first("LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.bfly.i32")[0] != (
        "llvm-two-copies-in-process"
    )


def test_savedmodel_unknown_object_type() -> None:
    key, fix = first(
        'model = tf.saved_model.load("models/pose_l")\n  File "load.py", line 600, in _recreate\nValueError: Unknown '
        "SavedObject type: None"
    )
    assert key == "tf-savedmodel-unknown-object" and "get_build_info" in fix and "saved with" in fix
    key, fix = first(
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
        "'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found\nValueError: Unknown SavedObject type: None"
    )
    assert key == "tf-savedmodel-unknown-object" and "Could not load dynamic library" in fix
    # near miss: a SavedModel path that is not there is another row's
    assert first("OSError: SavedModel file does not exist at: ./model/{saved_model.pbtxt|saved_model.pb}")[0] != (
        "tf-savedmodel-unknown-object"
    )


def test_setup_py_locate_cuda_finds_no_nvcc() -> None:
    key, fix = first(
        'python setup.py build_ext --inplace\n  File "setup.py", line 40, in locate_cuda\n    raise '
        "EnvironmentError('The nvcc binary could not be '\nOSError: The nvcc binary could not be located in your "
        "$PATH. Either add it to your path, or set $CUDAHOME"
    )
    assert key == "build-cuda-home-unset" and "CUDAHOME" in fix and "locate_cuda" in fix
    # near miss: torch's own message keeps the generic fix (CUDA_HOME)
    key, fix = first("OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.")
    assert key == "build-cuda-home-unset" and "locate_cuda" not in fix


def test_cmake_asks_for_a_library_newer_cuda_removed() -> None:
    key, fix = first(
        "CMake Error: The following variables are used in this project, but they are set to NOTFOUND.\nPlease set "
        "them or make sure they are set and tested correctly in the CMake files:\nCUDA_cublas_device_LIBRARY "
        '(ADVANCED)\n    linked by target "mylib" in directory /src/lib'
    )
    assert key == "build-cmake-library-not-found" and "3.12.2" in fix and "Do not try to install it" in fix
    # near miss: a library that is simply not installed keeps the install-it fix
    key, fix = first(
        "CMake Error: The following variables are used in this project, but they are set to NOTFOUND.\n"
        'CUDNN_LIBRARY (ADVANCED)\n    linked by target "mylib" in directory /src/lib'
    )
    assert key == "build-cmake-library-not-found" and "3.12.2" not in fix


def test_detectron_ops_library_missing() -> None:
    key, fix = first(
        '  File "/work/detectron/utils/env.py", line 70, in get_detectron_ops_lib\nAssertionError: Detectron ops '
        "lib not found; make sure that your Caffe2 version includes Detectron module"
    )
    assert key == "caffe2-detectron-ops-missing" and "libcaffe2_detectron_ops_gpu.so" in fix and "Detectron2" in fix
    key, fix = first(
        "AssertionError: Custom ops lib not found at '/work/densepose/build/libcaffe2_detectron_custom_ops_gpu.so'"
    )
    assert key == "caffe2-detectron-ops-missing" and "make ops" in fix
    # near miss: detectron2's compiled module is another row's
    assert first("ImportError: cannot import name '_C' from 'detectron2'")[0] != "caffe2-detectron-ops-missing"


def test_framework_cmake_config_names_missing_libraries() -> None:
    for text in (
        "/usr/bin/ld: cannot find -lculibos\ncollect2: error: ld returned 1 exit status\nmake[2]: *** "
        "[libmy_ops_gpu.so] Error 1",
        "make[2]: *** No rule to make target '/usr/local/cuda/lib64/libculibos.a', needed by "
        "'libmy_ops_gpu.so'.  Stop.",
        "/usr/bin/ld: cannot find -lcaffe2_gpu\ncollect2: error: ld returned 1 exit status",
    ):
        key, fix = first(text)
        assert key == "build-cuda-link-error", text
        assert "exported CMake files" in fix and "INTERFACE_LINK_LIBRARIES" in fix, text
    # near miss: a plain missing libcudart keeps the link-it fix
    key, fix = first("/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status")
    assert key == "build-cuda-link-error" and "exported CMake files" not in fix


def test_fixed_shape_torchscript_export_at_another_size() -> None:
    text = (
        'model = torch.jit.load("pose_0.6b.pt2")\ntorch.jit.Error: The following operation failed in the TorchScript '
        "interpreter.\nRuntimeError: The size of tensor a (1200) must match the size of tensor b (3072) at "
        "non-singleton dimension 1"
    )
    key, fix = first(text)
    assert key == "torchscript-fixed-shape-input" and "exported at" in fix
    # near misses: the same broadcast error with no TorchScript in the text, or in a state_dict copy
    assert first("RuntimeError: The size of tensor a (4) must match the size of tensor b (5) at non-singleton "
                 "dimension 1")[0] != "torchscript-fixed-shape-input"  # fmt: skip
    key, _ = first(
        "    own_state[name].copy_(param)\nRuntimeError: The size of tensor a (80) must match the size of tensor b "
        "(81) at non-singleton dimension 0"
    )
    assert key == "torch-state-dict-mismatch"
    key, _ = first("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory")
    assert key == "torch-checkpoint-corrupt"


def test_xla_own_command_buffer_node_refused() -> None:
    for node in ("memset", "kernel", "memcpy d2d"):
        key, fix = first(
            f"jax.errors.JaxRuntimeError: INTERNAL: CUDA error: Failed to add {node} node to a CUDA graph: "
            "CUDA_ERROR_INVALID_VALUE: invalid argument [executable_name='jit_fn']"
        )
        assert key == "xla-child-graph-not-supported", node
        assert "--xla_gpu_enable_command_buffer=" in fix and "sharded" in fix
    # near misses: a bare invalid argument stays the generic row; the child graph keeps its MuJoCo Warp fix
    assert first("RuntimeError: CUDA error: invalid argument")[0] == "cuda-invalid-value"
    key, fix = first(
        "mujoco_warp\nXlaRuntimeError: INTERNAL: CUDA error: Failed to create a child graph node and add it to a "
        "CUDA graph: CUDA_ERROR_NOT_SUPPORTED: operation not supported"
    )
    assert key == "xla-child-graph-not-supported" and "graph_conditional" in fix


def test_cuda_context_creation_out_of_memory() -> None:
    for text in (
        "numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuDevicePrimaryCtxRetain results in "
        "CUDA_ERROR_OUT_OF_MEMORY",
        "pycuda._driver.MemoryError: cuCtxCreate failed: out of memory",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory", text
        assert "context" in fix and "CUDA_VISIBLE_DEVICES" in fix and "nvidia-smi" in fix, text
    # near miss: an allocation that failed keeps numba's own fix
    key, fix = first(
        "numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY"
    )
    assert key == "gpu-out-of-memory" and "get_memory_info" in fix and "context itself" not in fix
