"""`explain`, round nineteen (issue 36), torch / TensorRT / build wordings of classes the table already has, in
each library's own words (torch/_inductor/cpp_builder.py, torch/cuda/__init__.py, TensorRT's deserializer,
StyleGAN2's dnnlib/tflib/custom_ops.py), with near misses that must not match."""

from __future__ import annotations

from _explain import first, keys


def test_inductor_on_windows_without_cl() -> None:
    # torch/_inductor/cpp_builder.py check_compiler_exist_windows
    text = "RuntimeError: Compiler: cl is not found.\n\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace"
    key, fix = first(text)
    assert key == "build-msvc-missing" and "cl.exe" in fix
    assert "build-msvc-missing" not in keys("RuntimeError: Compiler: gcc is not found.")


def test_torch_arch_list_line_alone() -> None:
    # torch/cuda/__init__.py incompatible_device_warn, its second line alone
    text = "The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70."
    assert first(text)[0] == "gpu-arch-unsupported"
    assert "gpu-arch-unsupported" not in keys("The current PyTorch install supports CUDA.")


def test_tensorrt_old_deserialization_call() -> None:
    text = (
        "[TRT] [E] IRuntime::deserializeCudaEngine: Error Code 1: Internal Error (Failed due to an old "
        "deserialization call on a newer plan file. This might happen when the plan file was built from an older "
        "TensorRT version.)"
    )
    assert first(text)[0] == "engine-version-mismatch"
    assert "engine-version-mismatch" not in keys("[TRT] [I] Loaded engine size: 12 MiB (a newer plan file)")


def test_tensorflow_plugin_compile_failed() -> None:
    # StyleGAN2 dnnlib/tflib/custom_ops.py get_plugin
    text = 'Setting up TensorFlow plugin "fused_bias_act.cu": Compiling... Failed!'
    key, fix = first(text)
    assert key == "build-extension-compile-failed" and "gcc" in fix and "custom_ops.py" in fix
    ok = 'Setting up TensorFlow plugin "fused_bias_act.cu": Preprocessing... Loading... Done.'
    assert "build-extension-compile-failed" not in keys(ok)


def test_illegal_instruction_in_prose() -> None:
    text = 'when i do "pip3 install torch" and try to use a torch, i got "an illegal instruction" error'
    assert first(text)[0] == "proc-illegal-instruction"
    assert "proc-illegal-instruction" not in keys("the docs describe what an illegal instruction is")


def test_missing_required_arguments() -> None:
    text = (
        "python3 build.py --output_dir whisper_large_v3\nTypeError: DecoderModel.__init__() missing 7 required "
        "positional arguments: 'num_heads', 'hidden_size', 'ffn_hidden_size', 'encoder_num_heads', "
        "'encoder_hidden_size', 'vocab_size', and 'dtype'"
    )
    key, fix = first(text)
    assert key == "py-unexpected-keyword" and "version" in fix
    # torch.onnx.export's forward() form stays its own family's; a prose mention matches nothing
    assert "py-unexpected-keyword" not in keys("the call was missing required arguments")


def test_vllm_worker_failed_to_start() -> None:
    # vllm/v1/executor/multiproc_executor.py
    text = (
        "ERROR 12-23 17:06:25 [multiproc_executor.py:750] WorkerProc failed to start.\n"
        "ERROR 12-23 17:06:25 [multiproc_executor.py:750] Traceback (most recent call last):\n"
        "ERROR 12-23 17:06:25 [multiproc_executor.py:750]     self.worker.init_device()"
    )
    key, fix = first(text)
    assert key == "serve-llm-start-failed" and "VLLM_LOGGING_LEVEL" in fix
    assert "serve-llm-start-failed" not in keys("INFO [multiproc_executor.py:750] WorkerProc started.")


def test_pip_builds_an_old_torch_sdist() -> None:
    text = (
        "pip/commands/install.py:212: UserWarning: Disabling all use of wheels due to the use of --build-options / "
        "--global-options / --install-options.\nCollecting MinkowskiEngine==0.4.2\n  Downloading "
        "MinkowskiEngine-0.4.2.tar.gz (108kB)\nCollecting torch (from MinkowskiEngine==0.4.2)\n  Downloading "
        "torch-0.1.2.post2.tar.gz (128kB)"
    )
    key, fix = first(text)
    assert key == "pip-torch-sdist-build" and "--no-build-isolation" in fix
    assert first("  Building wheel for torch (setup.py) ... \n")[0] == "pip-torch-sdist-build"
    # a torch extension's own build and a torch wheel download are not it
    assert "pip-torch-sdist-build" not in keys("  Building wheel for torch-scatter (setup.py) ... done")
    assert "pip-torch-sdist-build" not in keys("  Downloading torch-2.4.0-cp311-cp311-manylinux1_x86_64.whl")


def test_user_words_name_the_failure_beside_a_warning() -> None:
    text = (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.6.0+cu124 with CUDA 1204 (you have 2.6.0+cu126)\n"
        "(after this warning, training terminates with an OOM error on 24GB VRAM GPUs)"
    )
    assert first(text)[0] == "gpu-out-of-memory"
    assert "gpu-out-of-memory" not in keys("the OOM killer on the host stopped it")


def test_a_conda_listing_names_the_install_stage() -> None:
    from torchtrt_compat.troubleshooting import explain

    listing = "torchvision               0.11.2               py39_cu113    pytorch\n...\nand Nvidia-smi shows:\n"
    result = explain(listing)
    assert result.outcome != "explained" and result.stage == "install"
    assert explain("torchvision 0.11.2 is what I use").stage != "install"


def test_illegal_instruction_after_pip_install_torch() -> None:
    text = 'when i do "pip3 install torch" and try to use a torch, i got "an illegal instruction" error'
    key, fix = first(text)
    assert key == "proc-illegal-instruction" and "JetPack" in fix
