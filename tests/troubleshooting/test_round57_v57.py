"""`explain`, round fifty-seven (issue 36): board-game engines and their GUIs, weather and earth-observation ML, LLM
kernel libraries, voice-cloning apps: MKL without torch's JIT symbols, nn.Module's missing attribute and autograd's
gradient count, CUTLASS and NVSHMEM in a kernel library's build, a project's helper library never compiled, Leela
Zero's OpenCL self-check, CUDA.jl and a local toolkit, a GUI's engine that died with a crash code (and a program's
guess of out of memory), a pre-release torch in pip's conflict, uv's build isolation."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_mkl_without_its_jit_symbols() -> None:
    key, fix = first(
        '  File "/env/lib/python3.11/site-packages/torch/__init__.py", line 237, in <module>\n'
        "    from torch._C import *  # noqa: F403\n"
        "ImportError: /env/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so: undefined symbol: iJIT_NotifyEvent"
    )
    assert key == "torch-mkl-ijit-undefined" and "mkl<2024.1" in fix


def test_a_modules_missing_attribute_and_a_gradient_count() -> None:
    key, fix = first(
        "File /usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py:1940, in Module.__getattr__(self, "
        "name)\n   1938     if name in modules:\n-> 1940 raise AttributeError(\n\n"
        "AttributeError: 'ModelWrapper' object has no attribute 'set_rng'"
    )
    assert key == "torch-module-attribute-missing" and "release" in fix
    key, fix = first("AttributeError: 'DataParallel' object has no attribute 'generate'")
    assert key == "torch-module-attribute-missing" and "model.module" in fix
    key, fix = first("AttributeError: 'Upsample' object has no attribute 'recompute_scale_factor'")
    assert key == "torch-module-attribute-missing" and "state_dict" in fix
    # an attribute error of any other object, with no Module frame, is not this family's
    assert first("AttributeError: 'NoneType' object has no attribute 'shape'")[0] != "torch-module-attribute-missing"
    key, fix = first(
        "RuntimeError: function xFuserRingFlashAttnFuncBackward returned an incorrect number of gradients "
        "(expected 17, got 13)"
    )
    assert key == "torch-autograd-gradient-count" and "None" in fix


def test_cutlass_and_nvshmem_in_a_kernel_librarys_build() -> None:
    key, _ = first(
        "/src/flux/include/flux/flux.h:1047:34: error: no match for \u2018operator<\u2019 (operand types are "
        "\u2018const cute::tuple<long int, long int, long int>\u2019 and \u2018const cute::tuple<long int, long int, "
        "long int>\u2019)"
    )
    assert key == "build-dependency-api-changed"
    key, fix = first('/tmp/tmpzbvd219h/test.cu(116): error: identifier "nvshmem_malloc" is undefined')
    assert key == "build-nvshmem-missing" and "NVSHMEM_HOME" in fix
    key, _ = first("/usr/bin/ld: kernel.o: undefined reference to `nvshmemx_barrier_all_on_stream'")
    assert key == "build-nvshmem-missing"


def test_a_projects_own_helper_library_and_an_opencl_self_check() -> None:
    key, fix = first("python3 train.py train_data.bin val_data.bin --gpus 1\nCannot find data_loader shared library")
    assert key == "build-own-native-helper-not-built" and "README" in fix
    key, fix = first(
        "Error in OpenCL calculation: Update your GPU drivers or reduce the amount of games played simultaneously.\n"
        "Both single precision and half precision failed to run.\nlibc++abi.dylib: terminating with uncaught "
        "exception of type std::runtime_error: Failed to initialize net."
    )
    assert key == "app-leelaz-opencl-self-check-failed" and "USE_CPU_ONLY" in fix


def test_cudajl_and_a_guis_engine() -> None:
    key, fix = first(
        "ERROR: LoadError: InitError: CUDA.jl does not yet support CUDA with nvdisasm 11.1.74; please file an issue."
    )
    assert key == "julia-cudajl-toolkit-too-new" and "] up CUDA" in fix
    # a launcher's "status N" of a crash, behind the program's own guess of out of memory
    key, fix = first(
        "ERROR: Engine died unexpectedly without sending output, possibly due to out of memory: status 3221225501"
    )
    assert key == "proc-windows-crash-code" and "OpenCL build" in fix
    assert [e.key for e in explain("Engine died unexpectedly without sending output: status 3221226505")] == [
        "proc-windows-crash-code"
    ]
    # a stated CUDA out of memory stays the answer
    assert first("RuntimeError: CUDA error: out of memory")[0] == "gpu-out-of-memory"


def test_pips_conflict_with_a_prerelease_torch_and_uvs_isolated_build() -> None:
    _, fix = first(
        "ERROR: Cannot install cuhpx==2025.5.1 and earth2grid==2025.7.1+torch27 because these package versions "
        "have conflicting dependencies.\nThe conflict is caused by:\n    earth2grid 2025.7.1+torch27 depends on "
        "torch<2.8 and >=2.7\n    The user requested (constraint) torch==2.7.0a0+79aa17489c.nv25.4"
    )
    assert "--no-deps" in fix and "pre-release" in fix
    key, fix = first(
        "  \u00d7 Failed to build `torch-harmonics @ git+ref`\n  \u251c\u2500\u25b6 The build backend "
        "returned an error\n  \u2570\u2500\u25b6 Call to `setuptools.build_meta.build_wheel` failed (exit status: "
        "1)\n      <string>:54: UserWarning: building custom extensions skipped: No module\n      named 'torch'\n"
    )
    assert key == "build-pip-wheel-failed" and "no-build-isolation" in fix


def test_an_option_to_use_instead_and_an_installers_cuda_check() -> None:
    key, fix = first(
        'ValueError: Sparse MLP is not supported with triton >=3.2.0. Please use mlp_impl="grouped" instead.'
    )
    assert key == "py-self-described"
    key, _ = first(
        "[19:22:00] CUDA verification failed: Traceback (most recent call last):\n"
        '  File "<string>", line 1, in <module>\n  AssertionError: CUDA not available\n'
    )
    assert key == "app-no-cuda-device"
