"""`explain`, round fifteen, extension builds, converter layers and kernel images (issue 36): torch.utils.cpp_extension
rejecting a setup.py written for another torch (KeyError: 'cxx', unknown keywords), TORCH_CUDA_ARCH_LIST values it
does not know, nvcc's unsupported architecture with its quote cut off, CUDA's 'no kernel image' in shortened forms
and in torch's own wording, a TensorRT layer whose weights do not fit its shape (torch2trt), and a driver that
printed its version (an old driver, not a missing one). Each wording comes from the library's own source (the rows'
``example_source``), with near misses that must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_cpp_extension_arguments_for_another_torch() -> None:
    # torch 1.7.1's unix_wrap_ninja_compile reads extra_postargs['cxx'] (a setup.py with only an 'nvcc' key)
    text = (
        '"torch/utils/cpp_extension.py", line 445, in unix_wrap_ninja_compile\n'
        "post_cflags = extra_postargs['cxx']\nKeyError: 'cxx'"
    )
    e = answer(text, "build-cpp-extension-args")
    assert "'cxx': [" in e.fix and "use_ninja=False" in e.fix
    # the .cu side, and a keyword the installed torch's BuildExtension lacks
    assert keys("  File \"setup.py\", line 40\n    cuda_post_cflags = extra_postargs['nvcc']\nKeyError: 'nvcc'")[
        :1
    ] == ["build-cpp-extension-args"]
    kw = (
        '  File "setup.py", line 30, in <module>\n'
        "TypeError: with_options() got an unexpected keyword argument 'use_ninja'"
    )
    assert keys(kw)[:1] == ["build-cpp-extension-args"]
    # near misses: a KeyError 'cxx' outside a build, a dict lookup of another key in cpp_extension
    assert "build-cpp-extension-args" not in keys("KeyError: 'cxx'\n  File \"train.py\", line 3, in main")
    assert "build-cpp-extension-args" not in keys("File \"torch/utils/cpp_extension.py\"\nKeyError: 'CUDA_HOME'")


def test_torch_cuda_arch_list_value_unknown() -> None:
    e = answer("ValueError: Unknown CUDA arch (8.9) or GPU not supported", "build-torch-cuda-arch-list")
    assert e.op == "8.9" and "TORCH_CUDA_ARCH_LIST" in e.fix
    assert "build-torch-cuda-arch-list" not in keys("ValueError: Unknown CUDA device (8.9)")


def test_nvcc_architecture_with_its_quote_cut_off() -> None:
    text = (
        "nvcc fatal   : Unsupported gpu architecture 'compute_61\n"
        "error: command '/usr/bin/nvcc' failed with exit status 1"
    )
    e = answer(text, "build-nvcc-arch-unsupported")
    assert e.op == "compute_61"
    assert keys("nvcc fatal   : Unsupported gpu architecture 'compute_86'")[:1] == ["build-nvcc-arch-unsupported"]
    # near miss: an architecture word inside another name is no nvcc option value
    assert "build-nvcc-arch-unsupported" not in keys("Unsupported gpu architecture 'compute_capability_table")


def test_no_kernel_image_in_short_forms_and_torch_wording() -> None:
    short = "CUDA error : no kernel image is available for execution (on line 91 of pipeline_stable_diffusion.py)"
    e = answer(short, "gpu-arch-unsupported")
    assert "torch.cuda.get_arch_list()" in e.fix
    bare = (
        "RuntimeError: CUDA error: no kernel image is available for execution on the device\nCUDA kernel errors "
        "might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."
    )
    assert "torch.cuda.get_arch_list()" in answer(bare, "gpu-arch-unsupported").fix
    # a kernel library's own wording keeps its row
    assert keys("RuntimeError: CUDA Error: no kernel image is available for execution on the device")[:1] == [
        "kern-lib-no-kernel-image"
    ]
    # near miss: a container image is no kernel image
    assert "gpu-arch-unsupported" not in keys("Error: no image available for execution in the registry")


def test_converter_builds_a_layer_with_wrong_weights() -> None:
    text = (
        "TypeError: forward() takes 2 positional arguments but 3 were given.\n\n[TensorRT] ERROR: 4: (Unnamed "
        "Layer* 325) [Convolution]: count of 2304 weights in kernel, but kernel dimensions (3,3) with 256 input "
        "channels, 256 output channels and 1 groups were specified. Expected Weights count is 256 * 3*3 * 256 / 1 "
        "= 589824"
    )
    e = answer(text, "trt-layer-invalid-weights")
    assert "torch2trt" in e.fix and "torch.onnx.export" in e.fix
    assert keys("[TRT] [E] 3: (Unnamed Layer* 0) [Convolution]:kernel weights has count 864 but 432 was expected")[
        :1
    ] == ["trt-layer-invalid-weights"]
    # near miss: loading a checkpoint whose weights do not fit is torch's size mismatch, not a TensorRT layer
    assert "trt-layer-invalid-weights" not in keys(
        "RuntimeError: Error(s) in loading state_dict: size mismatch for conv.weight: copying a param with shape"
    )


def test_a_printed_driver_version_means_a_driver_exists() -> None:
    old = (
        "RuntimeError: The NVIDIA driver on your system is too old (found version 10020). Please update your GPU "
        "driver by downloading and installing a new version"
    )
    e = explain(old)[0]
    assert e.key == "cuda-driver-insufficient" and not e.alternatives
    smi = (
        "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version\n| NVIDIA-SMI "
        "470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |"
    )
    assert explain(smi)[0].key == "cuda-driver-insufficient" and not explain(smi)[0].alternatives


def test_build_without_a_visible_gpu_needs_an_arch_list() -> None:
    frame = (
        '  File "/opt/conda/lib/python3.8/site-packages/torch/utils/cpp_extension.py", line 1561, in '
        "_get_cuda_arch_flags\n"
    )
    driver = (
        frame
        + "    capability = torch.cuda.get_device_capability()\nRuntimeError: Found no NVIDIA driver on your system."
    )
    e = answer(driver, "build-arch-flags-no-gpu")
    assert "TORCH_CUDA_ARCH_LIST" in e.fix and "Dockerfile" in e.fix
    empty = frame + "    arch_list[-1] += '+PTX'\nIndexError: list index out of range"
    assert keys(empty)[:1] == ["build-arch-flags-no-gpu"]
    # near misses: the same error outside the build is the runtime's missing GPU, the frame alone is no failure
    assert "build-arch-flags-no-gpu" not in keys("RuntimeError: Found no NVIDIA driver on your system.")
    assert "build-arch-flags-no-gpu" not in keys(frame)


def test_nvcc_older_than_the_build_flags() -> None:
    e = answer("nvcc fatal   : Unknown option '-generate-dependencies-with-compile'", "build-nvcc-unknown-option")
    assert e.op == "-generate-dependencies-with-compile" and "use_ninja=False" in e.fix
    assert "build-nvcc-unknown-option" not in keys("g++: error: unrecognized command-line option '-fopenmp-simd'")


def test_torch2trt_op_without_converter() -> None:
    text = (
        "Warning: Encountered known unsupported method torch.Tensor.unfold\n"
        "AttributeError: 'Tensor' object has no attribute '_trt'"
    )
    e = answer(text, "torch2trt-no-converter")
    assert e.op == "torch.Tensor.unfold" and "tensorrt_converter" in e.fix
    assert "torch2trt-no-converter" not in keys("AttributeError: 'Tensor' object has no attribute '_trait'")
