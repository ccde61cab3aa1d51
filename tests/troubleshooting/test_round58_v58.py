"""`explain`, round fifty-eight (issue 36): genomics pipelines, GPU physics simulators for robot learning, image-to-3D
tools, LLM quantization toolkits: Parabricks' GPU check, Isaac Gym without graphics, SAPIEN's renderer without a
display, x86 flags on an ARM host, FasterTransformer-style kernels without this GPU's architecture, GPTQ's ExLlama
kernels off the GPU, AutoAWQ's kernels that do not import, and a traceback inside an availability probe."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_simulators_graphics_and_a_genomics_pipelines_gpus() -> None:
    key, fix = first("[Error] [carb.gym.plugin] Graphics is nullptr in GymCreateTextureFromFile")
    assert key == "isaacgym-graphics-nullptr" and "headless" in fix
    key, fix = first(
        "[Parabricks Options Error]: Could not find accessible GPUs. Please make sure the container options enable "
        "GPUs\n[Parabricks Options Error]: Run with -h to see help"
    )
    assert key == "app-parabricks-no-accessible-gpus" and "--low-memory" in fix
    # a prebuilt program's own cuBLAS check with status 1 (NOT_INITIALIZED): the driver is named
    key, fix = first(
        "[guppy/error] main: CuBLAS error at /builds/ont_core/basecall_core/nn_caller_cuda.cpp:1138: 1\n"
        "[guppy/warning] main: An error has occurred. Aborting"
    )
    assert key == "torch-cublas-alloc" and "driver" in fix


def test_x86_flags_on_arm_and_kernels_without_an_arch() -> None:
    key, fix = first(
        "cc: error: unrecognized command line option \u2018-msse2\u2019\nmake: *** [Makefile:51: a.o] Error 1"
    )
    assert key == "build-x86-flags-on-arm" and "NEON" in fix
    # an unknown option that is not an x86 vector flag is not this family's
    assert first("gcc: error: unrecognized command line option '-fno-plt-foo'")[0] != "build-x86-flags-on-arm"
    key, _ = first(
        "RuntimeError: [FT][ERROR] Unsupported Arch Assertion fail: /src/EETQ/csrc/cutlass_kernels/"
        "cutlass_preprocessors.cc:125"
    )
    assert key == "kern-ft-unsupported-arch"
    key, fix = first(
        "RuntimeError: Expected is_sm90 || is_sm8x || is_sm75 to be true, but got false.  (Could this error message "
        "be improved?  If so, please report an enhancement request to PyTorch.)"
    )
    assert key == "torch-flash-attn-gpu"
    _, fix = first(
        "'sm_110' is not a recognized processor for this target (ignoring processor)\n"
        "RuntimeError: [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_INVALID_PTX: a PTX JIT compilation failed "
        "while calling module_load_data_ex (cuModuleLoadDataEx)"
    )
    assert "LLVM" in fix


def test_a_renderers_notice_and_quantized_kernels() -> None:
    found = explain(
        "(issue title: [svulkan2] [error] GLFW error: X11: Failed to open display)\n"
        "[svulkan2] [warning] Continue without GLFW."
    )
    assert found.outcome == "warnings-only"
    # a display error alone is still the failure
    assert first("GLFW error: X11: Failed to open display")[0] == "edge-x-display"
    key, fix = first(
        "Binding returned this exception : Found modules on cpu/disk. Using Exllama or Exllamav2 backend requires all "
        "the modules to be on GPU.You can deactivate exllama backend by setting `disable_exllama=True` in the "
        "quantization config object"
    )
    assert key == "quant-exllama-modules-off-gpu" and "use_exllama=False" in fix
    key, fix = first(
        "ValueError: auto-awq kernels is needed to be installed to use `.backward()`. Make sure to install the "
        "auto-awq kernels by following the installation guides in"
    )
    assert key == "quant-awq-kernels-not-importable" and "awq_ext" in fix


def test_a_traceback_inside_an_availability_probe_and_an_unwrapped_model() -> None:
    found = explain(
        "A matching Triton is not available, some optimizations will not be enabled\n"
        "Traceback (most recent call last):\n"
        '  File "C:\\\\env\\\\lib\\\\site-packages\\\\xformers\\\\__init__.py", line 57, in _is_triton_available\n'
        "    import triton  # noqa\nModuleNotFoundError: No module named 'triton'\n"
    )
    assert found.outcome == "warnings-only"
    # the same exception outside a probe, after no warning, is the failure
    found = explain(
        'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    import triton\n'
        "ModuleNotFoundError: No module named 'triton'\n"
    )
    assert found.outcome == "explained" and found[0].key == "py-module-missing"
    key, fix = first(
        '  File "/env/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1695, in __getattr__\n'
        "    raise AttributeError(f\"'{type(self).__name__}' object has no attribute '{name}'\")\n"
        "AttributeError: 'TransformerModel' object has no attribute 'module'"
    )
    assert key == "torch-module-attribute-missing" and "accelerate launch" in fix
