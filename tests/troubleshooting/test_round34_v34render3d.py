"""`explain`, round thirty-four (issue 36): 3D reconstruction and neural rendering. A rasterizer's own diagnostic and
xformers' Triton notice are no failures; XLA's cuDNN autotuning failure, torch's numel overflow, nvcc's 'namespace
"std" has no member', older torch's numeric cuSOLVER status and tiny-cuda-nn's CUTLASS errors have their families;
index_select's assert outside a language model, a Windows extension build without its compiler lines and a missing
torch get fixes of their own. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_rasterizer_contributor_cap_is_a_notice() -> None:
    key, fix = first("Extracting mesh...\nERROR: Maximal contributors are met. This should be fixed! 2048\n")
    assert key == "geo-rasterizer-contributor-cap-notice" and "intrinsics" in fix
    # near miss: a real failure after it is still the answer
    key, _ = first(
        "ERROR: Maximal contributors are met. This should be fixed! 1024\nRuntimeError: CUDA error: an illegal "
        "memory access was encountered"
    )
    assert key == "illegal-memory-access"


def test_xformers_triton_notice_is_no_failure() -> None:
    text = (
        "[ATTENTION] backend: xformers\nA matching Triton is not available, some optimizations will not be enabled\n"
        "Error caught was: No module named 'triton'\nRunning on local URL:  http://127.0.0.1:7860\n"
    )
    key, _ = first(text)
    assert key == "xformers-triton-unavailable-notice"
    # near miss: the module itself missing in a traceback stays a failure
    key, _ = first(
        "Traceback (most recent call last):\n  File \"run.py\", line 3\nModuleNotFoundError: No module named 'triton'"
    )
    assert key == "py-module-missing"


def test_xla_cudnn_autotuning_failure_is_memory_beside_the_pool() -> None:
    text = (
        "2023-01-02 10:00:00.1: W external/xla/xla/service/gpu/gpu_conv_algorithm_picker.cc:800] None of the "
        "algorithms provided by cuDNN heuristics worked; trying fallback algorithms.\njaxlib.xla_extension."
        "XlaRuntimeError: UNKNOWN: Failed to determine best cudnn convolution algorithm for:\n%cudnn-conv = ..."
    )
    key, fix = first(text)
    assert key == "torch-cudnn-no-algorithm" and "XLA_PYTHON_CLIENT_PREALLOCATE" in fix
    # near miss: torch's own wording keeps the general fix
    key, fix = first("RuntimeError: Unable to find a valid cuDNN algorithm to run convolution")
    assert key == "torch-cudnn-no-algorithm" and "XLA_PYTHON" not in fix


def test_numel_overflow_is_a_corrupt_size() -> None:
    text = (
        'Traceback (most recent call last):\n  File "train.py", line 200, in train\n    buf[mask] = x[mask]\n'
        "RuntimeError: numel: integer multiplication overflow"
    )
    key, fix = first(text)
    assert key == "torch-numel-overflow" and "TORCH_CUDA_ARCH_LIST" in fix


def test_nvcc_namespace_std_has_no_member() -> None:
    for name in ("uintptr_t", "uint32_t", "runtime_error"):
        key, fix = first(f'/src/kernels/impl.h(41): error: namespace "std" has no member "{name}"')
        assert key == "build-cxx-missing-std-include" and "#include <cstdint>" in fix, name
    # near miss: a TensorRT class's missing member keeps its own family
    key, _ = first('plugin.cpp(10): error: class "nvinfer1::IBuilderConfig" has no member "setMaxWorkspaceSize"')
    assert key != "build-cxx-missing-std-include"


def test_cusolver_numeric_status() -> None:
    key, _ = first("RuntimeError: cusolver error: 7, when calling `cusolverDnCreate(handle)`")
    assert key == "torch-cusolver-error"
    key, _ = first("(issue title: cusolver error: 7, when calling `cusolverDnCreate(handle)`)\nLoading cameras\n")
    assert key == "torch-cusolver-error"


def test_tiny_cuda_nn_cutlass_error() -> None:
    for text in (
        "RuntimeError: /tmp/pip-req/tiny-cuda-nn/include/tiny-cuda-nn/cutlass_matmul.h:363 status failed with error "
        "Error Internal",
        "Got cutlass error: Error Internal at: 363",
    ):
        key, fix = first(text)
        assert key == "geo-tcnn-no-compatible-arch" and "CUTLASS" in fix and "TCNN_CUDA_ARCHITECTURES" in fix, text
    # near miss: tiny-cuda-nn's arch message keeps the general fix
    key, fix = first("OSError: Could not find compatible tinycudann extension for compute capability 86.")
    assert key == "geo-tcnn-no-compatible-arch" and "CUTLASS matrix" not in fix


def test_index_select_assert_outside_a_language_model() -> None:
    line = (
        "/opt/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1290: indexSelectLargeIndex: block: [12,0,0], thread: "
        "[3,0,0] Assertion `srcIndex < srcSelectDimSize` failed.\n"
    )
    key, fix = first(
        "Iteration 15000: densify and prune\n" + line + "RuntimeError: CUDA error: device-side assert triggered"
    )
    assert key == "torch-device-assert" and "densification" in fix
    # near miss: a language model's text keeps the embedding lookup's fix
    key, fix = first(
        'File "transformers/models/llama/modeling_llama.py", line 900, in forward\n    inputs_embeds = '
        "self.embed_tokens(input_ids)\n" + line
    )
    assert key == "torch-device-assert" and "resize_token_embeddings" in fix and "densification" not in fix


def test_windows_extension_build_without_compiler_lines() -> None:
    text = (
        '  File "D:\\envs\\gs\\lib\\site-packages\\torch\\utils\\cpp_extension.py", line 2100, in _run_ninja_build\n'
        "      raise RuntimeError(message) from e\n  RuntimeError: Error compiling objects for extension\n"
        "  ERROR: Failed building wheel for simple-knn\n  Running setup.py clean for simple-knn\n"
    )
    key, fix = first(text)
    assert key == "build-extension-compile-failed" and "Native Tools" in fix
    # near miss: a Linux build keeps the general fix
    key, fix = first(
        '  File "/opt/conda/lib/python3.10/site-packages/torch/utils/cpp_extension.py", line 2100, in '
        "_run_ninja_build\n  RuntimeError: Error compiling objects for extension\n  Running setup.py clean for x\n"
    )
    assert key == "build-extension-compile-failed" and "Native Tools" not in fix


def test_missing_torch_names_the_build_isolation() -> None:
    key, fix = first("ModuleNotFoundError: No module named 'torch'")
    assert key == "py-module-missing" and "--no-build-isolation" in fix
    # near miss: another module keeps the general fix; torch.xyz submodules too
    key, fix = first("ModuleNotFoundError: No module named 'plyfile'")
    assert key == "py-module-missing" and "--no-build-isolation" not in fix
    key, fix = first("ModuleNotFoundError: No module named 'torch._six'")
    assert key == "py-module-missing" and "isolated environment without torch" not in fix
