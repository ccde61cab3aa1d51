"""`explain`, round thirty-eight (issue 36): ecology and wildlife ML apps, TFLite on small boards, large-scale LM
pretraining. A cuBLAS status beside a system CUDA library folder on LD_LIBRARY_PATH is that library shadowing the
environment's; DALI's failure to open libnvcuvid is the driver's video library; an ARM wheel on a Raspberry Pi gets no
JetPack advice; a Python 2 backport in a conda request is removed; TFLite's Select TF ops need the Flex delegate; a
runtime flag XLA / libtpu does not know is removed; a TPU's HBM at compile is no GPU allocator setting; DeepSpeed
restoring an optimizer state a checkpoint lacks is its release. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_CUBLAS = (
    "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasSgemmStridedBatched( handle, opa, "
    "opb, m, n, k, &alpha, a, lda, stridea, b, ldb, strideb, &beta, c, ldc, stridec, num_batches)`"
)


def test_cublas_status_beside_a_system_cuda_on_the_loader_path() -> None:
    for text in (
        "$ echo $LD_LIBRARY_PATH\n/usr/local/cuda-11.1/lib64:/usr/lib/nvidia\n(wildlife) $ python detect.py\n"
        + _CUBLAS,
        "LD_LIBRARY_PATH=/usr/local/cuda/lib64 python run.py --gpu\n" + _CUBLAS,
        "7f3a2c000000-7f3a2e000000 r-xp /usr/local/cuda-10.2/targets/x86_64-linux/lib/libcublas.so.10\n" + _CUBLAS,
    ):
        key, fix = first(text)
        assert key == "torch-cublas-not-supported" and "unset LD_LIBRARY_PATH" in fix, text
        assert "likely" not in explain(text).summary, text
    # no loader path in the text: the dtype / architecture fix
    key, fix = first(_CUBLAS)
    assert key == "torch-cublas-not-supported" and "LD_LIBRARY_PATH" not in fix
    # a conda env's own lib folder on the path is no system CUDA
    key, fix = first("LD_LIBRARY_PATH=/home/u/miniconda3/envs/x/lib\n" + _CUBLAS)
    assert "unset LD_LIBRARY_PATH" not in fix


def test_dali_cannot_open_the_driver_video_library() -> None:
    text = (
        "dlopen libnvcuvid.so failed!. Please install GPU driver\nTraceback (most recent call last):\n"
        '  File "predict.py", line 3, in <module>\nRuntimeError: Critical error in pipeline: video reader'
    )
    key, fix = first(text)
    assert key == "nvcodec-library-missing" and "NVIDIA_DRIVER_CAPABILITIES=compute,utility,video" in fix
    assert "CPU" in fix
    # FFmpeg's own wording keeps its fix
    key, fix = first("[h264_cuvid @ 0x5] Cannot load libnvcuvid.so.1\n[h264_cuvid @ 0x5] Failed loading nvcuvid.")
    assert key == "nvcodec-library-missing" and "DALI" not in fix


def test_arm_wheels_off_jetson_get_no_jetpack_advice() -> None:
    for text in (
        "ERROR: tflite_runtime-2.5.0-cp37-none-linux_aarch64.whl is not a supported wheel on this platform.",
        "pi@raspberrypi:~ $ pip3 install numpy-1.21.0-cp39-cp39-linux_armv7l.whl\nERROR: "
        "numpy-1.21.0-cp39-cp39-linux_armv7l.whl is not a supported wheel on this platform.",
    ):
        key, fix = first(text)
        assert key == "serve-jetson-wheel-platform" and "JetPack" not in fix and "uname -m" in fix, text
    # Jetson named in the text: the JetPack variant
    key, fix = first(
        "nvidia@jetson-nano:~$ pip3 install torch-1.8.0-cp36-cp36m-linux_aarch64.whl\nERROR: "
        "torch-1.8.0-cp36-cp36m-linux_aarch64.whl is not a supported wheel on this platform."
    )
    assert key == "serve-jetson-wheel-platform" and "JetPack" in fix
    # an x86 wheel on another Python: the general fix
    key, fix = first("ERROR: foo-1.0-cp38-cp38-linux_x86_64.whl is not a supported wheel on this platform.")
    assert key == "serve-jetson-wheel-platform" and "JetPack" not in fix and "uname -m" not in fix


def test_conda_conflict_from_a_python2_backport() -> None:
    for spec in ("argparse -> python=2.7", "enum34 -> python[version='>=2.7,<2.8.0a0']", "futures"):
        text = (
            "UnsatisfiableError: The following specifications were found\nto be incompatible with the existing "
            f"python installation in your environment:\nSpecifications:\n  - {spec}\nYour python: python=3.8"
        )
        key, fix = first(text)
        assert key == "env-conda-unsatisfiable" and "standard library" in fix and "Remove that line" in fix, text
    # a CUDA pin conflict keeps the CUDA fix
    key, fix = first(
        "UnsatisfiableError: The following specifications were found to be incompatible with each other:\n"
        "  - pytorch-cuda=12.1\n  - cudatoolkit=11.3"
    )
    assert key == "env-conda-unsatisfiable" and "standard library" not in fix


def test_tflite_select_ops_need_flex() -> None:
    text = (
        '  File "/home/u/env/lib/python3.11/site-packages/tflite_runtime/interpreter.py", line 531, in '
        "allocate_tensors\nRuntimeError: Select TensorFlow op(s), included in the given model, is(are) not supported "
        "by this interpreter. Make sure you apply/link the Flex delegate before inference. For the Android, it can be "
        "resolved by adding a dependency.Node number 12 (FlexErf) failed to prepare."
    )
    key, fix = first(text)
    assert key == "tflite-flex-delegate-missing" and "tf.lite.Interpreter" in fix and "TFLITE_BUILTINS" in fix
    assert "Gradle" not in fix
    old = "ERROR: Regular TensorFlow ops are not supported by this interpreter. Make sure you invoke the Flex delegate."
    assert first(old)[0] == "tflite-flex-delegate-missing"
    app = "E/tflite  ( 6269): Select TensorFlow op(s), included in the given model, is(are) not supported by this "
    key, fix = first(app + "interpreter.\nE/tflite  ( 6269): Node number 3 (FlexMul) failed to prepare.")
    assert key == "tflite-flex-delegate-missing" and "Gradle" in fix
    # an Edge TPU custom op keeps its own row
    assert first("RuntimeError: Encountered unresolved custom op: edgetpu-custom-op.")[0] != (
        "tflite-flex-delegate-missing"
    )


def test_unknown_or_retired_runtime_flags() -> None:
    key, fix = first(
        "F0101 10:00:00.000000 1 parse_flags_from_env.cc:234] Unknown flags in XLA_FLAGS: --xla_gpu_old_option=true"
    )
    assert key == "xla-unknown-or-retired-flag" and "XLA_FLAGS" in fix and "LIBTPU_INIT_ARGS" in fix
    key, fix = first(
        "export LIBTPU_INIT_ARGS='--xla_tpu_some_gone_flag=true'\n"
        "ERROR: Accessing retired flag 'xla_tpu_some_gone_flag'"
    )
    assert key == "xla-unknown-or-retired-flag" and "Remove it from LIBTPU_INIT_ARGS" in fix
    # another program's unknown flag is not XLA's
    assert first("ERROR: Unknown command line flag 'model_dir'")[0] != "xla-unknown-or-retired-flag"


def test_tpu_hbm_at_compile_is_no_gpu_allocator_setting() -> None:
    text = (
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory "
        "in memory space hbm. Used 20.1G of 15.75G hbm. Exceeded hbm capacity by 4.35G."
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "rematerialisation" in fix and "PREALLOCATE" not in fix
    report = "Compilation failure: out of memory\n\nProgram hbm requirement 12.5G:\n    HLO temp     12.4G"
    key, fix = first(report)
    assert key == "gpu-out-of-memory" and "per-core batch" in fix
    # a GPU's XLA out-of-memory keeps the GPU fixes
    key, fix = first(
        "XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4294967296 bytes. jaxlib"
    )
    assert key == "gpu-out-of-memory" and "rematerialisation" not in fix


def test_deepspeed_checkpoint_without_optimizer_state() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/opt/venv/lib/python3.8/site-packages/deepspeed/runtime/engine.py", line 1400, in load_checkpoint\n'
        "    load_lr_scheduler_states=load_lr_scheduler_states)\n"
        '  File "/opt/venv/lib/python3.8/site-packages/deepspeed/runtime/engine.py", line 1450, in _load_checkpoint\n'
        "    self.optimizer.load_state_dict(checkpoint['optimizer'])\n"
        '  File "/opt/venv/lib/python3.8/site-packages/torch/optim/optimizer.py", line 110, in load_state_dict\n'
        "    saved_groups = state_dict['param_groups']\nTypeError: 'NoneType' object is not subscriptable"
    )
    key, fix = first(text)
    assert key == "deepspeed-checkpoint-optimizer-state-missing" and "DeepSpeed release the project names" in fix
    # the same TypeError elsewhere is no DeepSpeed checkpoint
    plain = 'File "train.py", line 9, in main\n    x = cfg["lr"]\nTypeError: \'NoneType\' object is not subscriptable'
    assert first(plain)[0] != "deepspeed-checkpoint-optimizer-state-missing"


def test_a_gpu_framework_aarch64_wheel_on_a_raspberry_pi_is_no_jetson_one() -> None:
    text = (
        "pi@raspberrypi:~ $ pip install torch-1.8.0-cp36-cp36m-linux_aarch64.whl\nERROR: "
        "torch-1.8.0-cp36-cp36m-linux_aarch64.whl is not a supported wheel on this platform."
    )
    key, fix = first(text)
    assert key == "serve-jetson-wheel-platform" and "JetPack" not in fix and "uname -m" in fix
