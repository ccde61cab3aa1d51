"""`explain`, round thirty-seven (issue 36): federated learning, finance ML and TensorFlow-based libraries. Flower's
simulation on Ray with clients asking for GPUs Ray does not count (a non-NVIDIA GPU among them), a GPU index given to
torch as a string, pynvml without its NVML library, a tf.data dataset copied to the GPU (a failure logged at warning
level), pip's legacy-resolver conflict lines, TensorFlow's CPU kernels refusing channels-first layouts, and a message
that lists its remedies as quoted code. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_FLOWER = (
    "INFO :      [ROUND 1]\n"
    "WARNING :   The ActorPool is empty. The system (CPUs=8.0, GPUs=0) does not meet the criteria to host at least "
    "one client with resources: {{'num_cpus': 4, 'num_gpus': {gpus}}}. Lowering the `client_resources` could help."
)


def test_flower_clients_ray_cannot_place() -> None:
    key, fix = first(_FLOWER.format(gpus="0.25"))
    assert key == "flower-no-client-placeable" and "ray_init_args" in fix and "num_gpus=0" in fix
    key, fix = first(_FLOWER.format(gpus="1"))
    assert key == "flower-no-client-placeable"
    # an Intel Arc card: Ray counts only NVIDIA GPUs
    key, fix = first("model.to('xpu')  # Intel Arc A770\n" + _FLOWER.format(gpus="0.5"))
    assert key == "flower-no-client-placeable" and "xpu" in fix and "NVIDIA CUDA devices" in fix
    # the older f-string wording
    older = (
        "Your ActorPool is empty. Your system (num_cpus = 4.0, num_gpus = 0) does not meet the criteria to host at "
        'least one client with resources: {"num_cpus": 1, "num_gpus": 0.5}. Consider lowering your `client_resources`'
    )
    assert first(older)[0] == "flower-no-client-placeable"
    # the simulation stops: the answer is a failure, not a warning of one
    assert explain(_FLOWER.format(gpus="0.5")).summary.startswith("Failure"), explain(
        _FLOWER.format(gpus="0.5")
    ).summary


def test_flower_clients_asking_for_no_gpu_are_not_this_family() -> None:
    # near miss: clients ask for no GPU (too many CPUs asked): not a GPU Ray does not see
    assert first(_FLOWER.format(gpus="0.0"))[0] != "flower-no-client-placeable"
    assert first(_FLOWER.format(gpus="0"))[0] != "flower-no-client-placeable"


def test_device_index_given_as_a_string() -> None:
    old = (
        'Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n'
        "    torch.cuda.set_device(opt.device)\n"
        "RuntimeError: Expected one of cpu, cuda, xpu, mkldnn, opengl, opencl, ideep, hip, msnpu device type at start "
        "of device string: 1"
    )
    key, fix = first(old)
    assert key == "torch-device-string-index" and "int(" in fix and "type=int" in fix
    assert first("RuntimeError: Invalid device string: '0'")[0] == "torch-device-string-index"
    assert first("RuntimeError: Invalid device string: 'gpu'")[0] == "torch-device-string-index"
    # near miss: a valid type with a bad index is another failure
    assert first("RuntimeError: Invalid device string: 'cuda:abc'")[0] != "torch-device-string-index"


def test_pynvml_without_its_library() -> None:
    cut = (
        "Traceback (most recent call last):\n"
        '  File "D:\\envs\\app\\lib\\site-packages\\pynvml.py", line 633, in _LoadNvmlLibrary\n'
        "    nvmlLib = CDLL(os.path.join(os.get..."
    )
    key, fix = first(cut)
    assert key == "driver-library-missing" and "nvidia-ml-py" in fix and "System32" in fix
    linux = "pynvml.nvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found"
    key, fix = first(linux)
    assert key == "driver-library-missing" and "System32" not in fix
    # near miss: a query NVML does not support is another family
    assert first("pynvml.NVMLError_NotSupported: Not Supported")[0] != "driver-library-missing"


def test_dataset_variant_copied_to_the_gpu() -> None:
    text = (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1241] Created TensorFlow device "
        "(/job:localhost/replica:0/task:0/device:GPU:0 with 10 MB memory)\n"
        'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n'
        "tensorflow.python.framework.errors_impl.InternalError: No unary variant device copy function found for "
        "direction: 1 and Variant type_index: tensorflow::data::DatasetVariantWrapper"
    )
    key, fix = first(text)
    assert key == "tf-op-no-gpu-kernel" and "tf.device('/CPU:0')" in fix and "dataset" in fix
    # near miss: the op-kernel wording keeps the family's general fix
    key, fix = first("No registered 'Size' OpKernel for 'GPU' devices compatible with node {{node x}}")
    assert key == "tf-op-no-gpu-kernel" and "DatasetVariantWrapper" not in fix


def test_pip_legacy_resolver_conflict() -> None:
    text = (
        "ERROR: monai 0.4.0 has requirement torch>=1.5, but you'll have torch 1.2.0 which is incompatible.\n"
        "ERROR: torchvision 0.8.2 has requirement torch==1.7.1, but you'll have torch 1.2.0 which is incompatible."
    )
    key, fix = first(text)
    assert key == "pip-pin-conflict" and "20.3" in fix
    # near miss: a legacy line about other packages only is not a torch pin
    assert (
        first("ERROR: pandas 1.1.0 has requirement numpy>=1.15, but you'll have numpy 1.13.0 which is incompatible.")[0]
        != "pip-pin-conflict"
    )
    # the current wording keeps its fix
    key, fix = first(
        "torch-tensorrt 2.6.0 requires tensorrt<10.8.0,>=10.7.0, but you have tensorrt 10.8.0.43 which is incompatible."
    )
    assert key == "pip-pin-conflict" and "20.3" not in fix


def test_channels_first_on_the_cpu() -> None:
    for line in (
        "tensorflow.python.framework.errors_impl.UnimplementedError: Generic conv implementation only supports NHWC "
        "tensor format for now.",
        "InternalError: The CPU implementation of FusedBatchNorm only supports NHWC tensor format for now.",
        "InvalidArgumentError: Conv2DCustomBackpropInputOp only supports NHWC.",
        "UnimplementedError: Default MaxPoolingOp only supports NHWC on device type CPU",
    ):
        key, fix = first(line)
        assert key == "cpu-tf-nchw-on-cpu" and "channels_last" in fix, line
    # near miss: a plain CPU-only TensorFlow notice keeps its family
    assert first("Could not find cuda drivers on your machine, GPU will not be used.")[0] == "cpu-tf-gpu-not-registered"


def test_remedies_listed_as_quoted_code() -> None:
    text = (
        "ValueError: Detected unsupported op in sharded run: `use_safe_loop=True` for `mylib.train`; or use "
        "`for x in iter(data)` for your own loops."
    )
    key, fix = first(text)
    assert key == "py-self-described" and "or use" in fix
    # near miss: a plain ValueError without a stated remedy is not this family
    assert first("ValueError: shapes (3,) and (4,) not aligned")[0] != "py-self-described"
