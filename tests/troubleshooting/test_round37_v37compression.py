"""`explain`, round thirty-seven (issue 36): spiking-network, compression and learning-method research code on torch
and TensorFlow. A JIT extension build's summary gets the JIT loader's fix and its link without libcudart the CUDA_HOME
fix; TorchScript's scripting errors are their own family, not a Python attribute error; cuDNN's BAD_PARAM over an
empty batch, a device assert of a dataset read through torchvision's old names and an out-of-memory in an evaluation
loop get fixes chosen by that evidence; tfmot's pruning-step assertion (with a multi-GPU variant), DDP refusing a
frozen module and nnabla's function registry are rows keyed to the libraries' own words. Near misses keep their
answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def _situation(text: str) -> str:
    found = explain(text)
    return (found[0].situation or "") if found else ""


def test_jit_build_summary_gets_the_loaders_fix() -> None:
    for text in (
        "RuntimeError: Error building extension 'lif_cuda'",
        "(title: Error building extension 'kernel_ops')\nsubprocess.CalledProcessError: Command '['ninja', '-v']' "
        "returned non-zero exit status 1.",
    ):
        key, fix = first(text)
        assert key == "build-extension-compile-failed", text
        assert "JIT extension loader" in _situation(text) and "torch.version.cuda" in fix, text
    # a setup.py build keeps the generic fix, a Windows one its own
    setup = "  File \"setup.py\", line 30, in <module>\nRuntimeError: Error building extension 'kernel_ops'"
    assert not _situation(setup).startswith("torch's JIT")
    windows = "C:\\Users\\me\\proj> python run.py\nRuntimeError: Error building extension 'kernel_ops'"
    assert not _situation(windows).startswith("torch's JIT")


def test_torch_extension_link_without_libcudart_is_cuda_home() -> None:
    text = (
        "[2/2] c++ neuron.cuda.o -shared -L/opt/env/lib/python3.10/site-packages/torch/lib -lc10 -lc10_cuda "
        "-ltorch_cpu -ltorch_cuda -ltorch -ltorch_python -L/opt/miniconda3/lib64 -lcudart -o neuron.so\n"
        "/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status\n"
    )
    key, fix = first(text)
    assert key == "build-cuda-link-error" and "CUDA_HOME" in fix and "torch.version.cuda" in fix
    # a hand-written Makefile's link keeps the generic link fix
    plain = "g++ main.o -o app -lcudart\n/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1 exit status"
    key, fix = first(plain)
    assert key == "build-cuda-link-error" and "target_link_libraries" in fix


def test_torchscript_refusing_a_module() -> None:
    for text in (
        "RuntimeError: \nModule 'Neuron' has no attribute 'reset_fn' (This attribute exists on the Python module, "
        "but we failed to convert Python type: 'function' to a TorchScript type.):\n  File \"model.py\", line 40\n"
        "        v = self.reset_fn(v)\n            ~~~~~~~~~~~~~ <--- HERE",
        '  File "/env/lib/python3.9/site-packages/torch/jit/_recursive.py", line 400, in create_methods\n'
        "RuntimeError:\nTried to access nonexistent attribute or method 'decay' of type '__torch__.net.Cell'.:\n",
        '  File "/env/lib/python3.8/site-packages/torch/jit/_script.py", line 1200, in script\n'
        "RuntimeError: Expected a value of type 'Tensor' for argument 'state' but instead found type 'NoneType'.",
        '  File "/env/lib/python3.8/site-packages/torch/jit/annotations.py", line 300, in ann_to_type\n'
        "ValueError: Unknown type annotation: 'Any' at model.py:12",
    ):
        key, fix = first(text)
        assert key == "torchscript-script-unsupported", text
        assert "torch.jit.trace" in fix and "annotate" in fix
    # Python's own attribute errors keep their families
    assert first("AttributeError: module 'numpy' has no attribute 'bool'")[0] != "torchscript-script-unsupported"
    assert first("Module 'X' has no attribute 'y'")[0] != "torchscript-script-unsupported"
    assert first("KeyError: Unknown type annotation: 'date' for parameter d")[0] != "torchscript-script-unsupported"


def test_cudnn_bad_param_over_an_empty_batch() -> None:
    empty = "query shape: torch.Size([0, 3, 84, 84])\nRuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM"
    key, fix = first(empty)
    assert key == "torch-cudnn-not-supported" and "drop_last" in fix and "empty" in fix
    assert "drop_last" in first("batch size 0\nRuntimeError: CUDNN_STATUS_BAD_PARAM")[1]
    # the bare status keeps the family's general fix
    key, fix = first("RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM")
    assert key == "torch-cudnn-not-supported" and "drop_last" not in fix
    # an empty tensor beside another cuDNN status is no BAD_PARAM
    assert "drop_last" not in first("empty tensor\nRuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED")[1]


def test_device_assert_with_torchvision_old_dataset_names() -> None:
    text = (
        "    trainset.train_labels = map_labels(trainset.train_labels, order)\n"
        "ClassNLLCriterion.cu:108: cunn_ClassNLLCriterion_updateOutput_kernel: block: [0,0,0], thread: [3,0,0] "
        "Assertion `t >= 0 && t < n_classes` failed.\nRuntimeError: CUDA error: device-side assert triggered"
    )
    key, fix = first(text)
    assert key == "torch-device-assert" and ".targets" in fix
    # the user's own words "train labels" are no attribute
    words = text.replace(
        "    trainset.train_labels = map_labels(trainset.train_labels, order)\n", "train labels: 0, 49\n"
    )
    key, fix = first(words)
    assert key == "torch-device-assert" and ".targets" not in fix
    # a training script's own train_data, with no torchvision dataset, is no evidence
    other = "data = self.train_data[idx]\nRuntimeError: CUDA error: device-side assert triggered"
    assert ".targets" not in first(other)[1]


def test_out_of_memory_in_an_evaluation_loop() -> None:
    oom = "RuntimeError: CUDA error: out of memory"
    for text in (
        '  File "train.py", line 90, in <module>\n    for i, batch in enumerate(val_loader, 1):\n' + oom,
        '  File "train.py", line 70, in evaluate_model\n    logits = model(x)\n' + oom,
        "the error happens during evaluation\n" + oom,
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "no_grad" in fix and ".item()" in fix, text
    # a file name or a tool is no evaluation loop, and a bare line keeps the generic fix
    assert "no_grad" not in first("python test_memory.py\n" + oom)[1]
    assert "no_grad" not in first(oom)[1]


def test_tfmot_pruning_step_and_its_replicas() -> None:
    line = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: assertion failed: [Prune() wrapper requires "
        "the UpdatePruningStep callback to be provided during training. Please add it as a callback to your "
        "model.fit call.] [Condition x >= y did not hold element-wise:x (%s/prune_low_magnitude_dense/"
        "assert_greater_equal/ReadVariableOp:0) = ] [-1]"
    )
    key, fix = first(line % "sequential")
    assert key == "tfmot-pruning-step-not-updated" and "on_train_batch_begin" in fix
    key, fix = first(line % "replica_2/sequential")
    assert key == "tfmot-pruning-step-not-updated" and "one GPU" in fix and "MirroredStrategy" in fix


def test_ddp_refusing_a_frozen_module() -> None:
    text = (
        '  File "/env/lib/python3.10/site-packages/torch/nn/parallel/distributed.py", line 600, in __init__\n'
        "AssertionError: DistributedDataParallel is not needed when a module doesn't have any parameter that "
        "requires a gradient."
    )
    key, fix = first(text)
    assert key == "dist-ddp-no-trainable-parameters" and "student" in fix
    # DDP's other refusals keep their answers
    assert first("RuntimeError: Expected to have finished reduction in the prior iteration")[0] != (
        "dist-ddp-no-trainable-parameters"
    )


def test_nnabla_function_registry() -> None:
    text = (
        "[nnabla][INFO]: Initializing CUDA extension...\nvalue error in query\n"
        "/build/nnabla/include/nbla/function_registry.hpp:70\n"
        "Failed `it != items_.end()`: Any of [cudnn:float, cuda:float, cpu:float] could not be found in []"
    )
    key, fix = first(text)
    assert key == "nnabla-function-not-registered" and "nnabla-ext-cuda" in fix
    # the same words with no nnabla in the text are not nnabla's
    assert first("Any of [a, b] could not be found in [c]")[0] != "nnabla-function-not-registered"
