"""`explain`, round sixty-four (issue 36): learned compression, federated and private learning, music analysis,
adversarial robustness and verification, continual and meta-learning, probabilistic programming, spiking networks,
course code: cuDNN's RNN backward, torch 1.12's JIT graph copy, an integer tensor in a float op, old torch's device
wordings, KeOps, nvcc's diagnostic names and torch's headers, the CUDA samples' helpers, a compiler's spelling
suggestion, CMake without a compiler, pip's conflict explanation alone."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_cudnn_rnn_and_torch_kernels() -> None:
    for line in (
        "RuntimeError: cudnn RNN backward can only be called in training mode",
        "(issue title: _cudnn_rnn_backward is not implemented)\nRuntimeError: derivative for _cudnn_rnn_backward is "
        "not implemented",
    ):
        key, fix = first(line)
        assert key == "torch-cudnn-rnn-backward" and "cudnn.flags(enabled=False)" in fix
    key, fix = first(
        "RuntimeError: The following operation failed in the TorchScript interpreter.\nTraceback of TorchScript "
        "(most recent call last):\nRuntimeError: Graph::copy() encountered a use of a value 133 not in scope. Run lint!"
    )
    assert key == "torch-jit-graph-copy-lint" and "jit_compile=False" in fix
    key, fix = first(
        "    is_one_hot = torch.equal(y.floor(), y.ceil())\nRuntimeError: \"floor_cuda\" not implemented for 'Long'"
    )
    assert key == "num-cuda-op-no-dtype-kernel" and "y.float()" in fix
    # the reduced-precision form keeps its own fix
    assert "y.float()" not in first("RuntimeError: \"erfinv_cuda\" not implemented for 'BFloat16'")[1]
    for line in (
        "RuntimeError: invalid gradient at index 0 - expected type torch.cuda.FloatTensor but got torch.FloatTensor",
        'RuntimeError: iter.device(arg).is_cuda() INTERNAL ASSERT FAILED at "/pytorch/aten/src/ATen/native/cuda/'
        'Loops.cuh":94, please report a bug to PyTorch.',
    ):
        assert first(line)[0] == "device-mismatch", line


def test_kernel_compilers_and_builds() -> None:
    notice = (
        "[KeOps] Warning : \n    The default C++ compiler could not be found on your system.\n    You need to "
        "either define the CXX environment variable or a symlink to the g++ command.\n[KeOps] Warning : Cuda "
        "libraries were not detected on the system ; using cpu only mode"
    )
    found = explain(notice)
    assert found.outcome == "warnings-only" and found[0].key == "keops-cpu-only-notice"
    key, fix = first(
        "[KeOps] error: cuModuleLoadDataEx(&module, target, 0, NULL, NULL) failed with error CUDA_ERROR_INVALID_SOURCE"
    )
    assert key == "keops-kernel-load-failed" and "clean_pykeops" in fix
    key, _ = first(
        "Command-line error: invalid error tag in diagnostic control option: extern_entity_treated_as_static\n"
        "1 catastrophic error detected in this compilation."
    )
    assert key == "build-nvcc-unknown-diag-tag"
    key, fix = first(
        "carlsim/kernel/inc/snn.h:1128:2: error: \u2018StopWatchInterface\u2019 does not name a type; did you mean "
        "\u2018UpdateInterval\u2019?\n  StopWatchInterface* timer;"
    )
    assert key == "build-cuda-samples-helpers-missing" and "cuda-samples" in fix
    key, _ = first(
        "src/cmdstan/command.hpp:158:33: error: \u2018open_platform_id\u2019 was not declared in this scope; did you "
        "mean \u2018opencl_platform_id\u2019?"
    )
    assert key == "build-source-name-typo"
    key, _ = first(
        "Cuda compilation tools, release 9.1, V9.1.85\n/env/lib/python3.8/site-packages/torch/include/torch/csrc/api/"
        'include/torch/enum.h(164): error: no instance of function template "c10::visit" matches the argument list'
    )
    assert key == "build-cuda-version-mismatch"
    assert first(
        "      CMake Error: CMAKE_C_COMPILER not set, after EnableLanguage\n      CMake Error: CMAKE_CXX_COMPILER "
        "not set, after EnableLanguage"
    )[0] == ("build-no-compiler")
    assert first(
        "The conflict is caused by:\n    torchmeta 1.8.0 depends on torch<1.10.0 and >=1.4.0\n    torchmeta 1.7.0 "
        "depends on torch<1.9.0 and >=1.4.0"
    )[0] == ("pip-resolution-impossible")
