"""`explain`, round twenty-nine (issue 36, helper v29cpu): a job that runs, but not on the GPU or slowly. DeepSpeed's
accelerator auto-detection that found no GPU in its process, llamafile's GPU module that did not load or found no GPU,
llama.cpp's load log that put only some layers on the GPU, bitsandbytes' setup that found no libcuda.so (WSL2), a CPU
torch printed bare or in the Stable Diffusion web UI's sysinfo, Whisper's FP16 warning when the app's device option is
the cause, TensorFlow's device log under the user's words that the GPU is unused; and the harmless notices in their
other wordings (TensorFlow's CPU instructions, Lightning's Tensor Cores). Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


# ---- DeepSpeed's accelerator auto-detection -------------------------------------------------------------------------

_DS_WARN = (
    "[2024-11-02 09:14:55,120] [WARNING] [real_accelerator.py:191:get_accelerator] Setting accelerator to CPU. If you "
    "have GPU or other accelerator, we were unable to detect it."
)
_DS_INFO = (
    "[2024-11-02 09:14:55,121] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cpu (auto "
    "detect)"
)


def test_deepspeed_that_picked_the_cpu_names_the_process_and_ds_accelerator() -> None:
    for text in (_DS_WARN + "\n" + _DS_INFO, _DS_INFO, _DS_WARN):
        found = explain(text)
        assert found[0].key == "proc-worker-no-gpu", (text, [e.key for e in found])
        assert "DS_ACCELERATOR=cuda" in found[0].fix and "CUDA_VISIBLE_DEVICES" in found[0].fix, text
    # both lines: the one that states the choice is the evidence, and the answer says first that nothing failed
    found = explain(_DS_WARN + "\n" + _DS_INFO)
    assert found.summary.startswith("Warning, no failure"), found.summary
    # in a Ray worker (its bare "(pid=N, ip=...)" prefix, its log deduplication): the same fix, which names num_gpus
    ray = "\n".join(f"(pid=5120, ip=10.1.2.3) {line} [repeated 7x across cluster]" for line in (_DS_WARN, _DS_INFO))
    key, fix = first(ray)
    assert key == "proc-worker-no-gpu" and "num_gpus=1" in fix and "harmless" in fix


def test_deepspeed_that_found_the_gpu_or_was_told_the_cpu_is_no_fallback() -> None:
    for text in (
        "[2024-11-02 09:14:55,121] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2024-11-02 09:14:55,121] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cpu "
        "(override)",
    ):
        assert "proc-worker-no-gpu" not in _keys(text), text
    # a failure beside it is the answer
    assert first(_DS_INFO + "\nModuleNotFoundError: No module named 'flash_attn'")[0] == "py-module-missing"


def test_ray_bare_pid_prefix_is_a_worker_only_at_a_lines_start() -> None:
    key, fix = first("(pid=881) Using device: cpu")
    assert key == "proc-worker-no-gpu" and "ray.remote(num_gpus=1)" in fix
    # "(pid=N)" inside a sentence is no Ray worker
    assert "proc-worker-no-gpu" not in _keys("the script (pid=881) printed\nUsing device: cpu")


# ---- Whisper: an app's own device option -----------------------------------------------------------------------------


def test_whisper_fp16_warning_points_at_the_apps_device_option_too() -> None:
    key, fix = first('  warnings.warn("FP16 is not supported on CPU; using FP32 instead")')
    assert key == "cpu-whisper-fp16-on-cpu"
    assert "device setting" in fix and "does not read as CUDA" in fix and "update the app" in fix and "+cuXXX" in fix


# ---- llamafile and llama.cpp -----------------------------------------------------------------------------------------


def test_llamafile_gpu_module_that_found_no_gpu() -> None:
    text = (
        "$ ./mistral-7b.llamafile -ngl 35\nimport_cuda_impl: initializing gpu module...\n"
        "link_cuda_dso: note: dynamically linking /home/me/.llamafile/v/0.8.6/ggml-cuda.so\n"
        "link_cuda_dso: No GPU devices found\n"
        "warning: --n-gpu-layers 35 was passed but no GPUs were found; falling back to CPU inference"
    )
    key, fix = first(text)
    assert key == "cpu-llamafile-no-gpu" and "~/.llamafile" in fix and "--gpu nvidia" in fix
    assert "/usr/lib/wsl/lib" in fix and "GGML_CUDA" not in fix
    # the warning alone
    assert first("warning: --n-gpu-layers 999 was passed but no GPUs were found; falling back to CPU inference")[0] == (
        "cpu-llamafile-no-gpu"
    )
    # the folder under HOME that could not be made: HOME is the fix, not a rebuild
    home = (
        "import_cuda_impl: initializing gpu module...\n/Z//.llamafile/v/0.8.4/: Permission denied\n"
        '{"function":"server_params_parse","level":"WARN","msg":"Not compiled with GPU offload support, '
        '--n-gpu-layers option will be ignored."}\n'
        "warning: --n-gpu-layers 999 was passed but no GPUs were found; falling back to CPU inference"
    )
    key, fix = first(home)
    assert key == "cpu-llamafile-no-gpu" and "HOME" in fix and "writ" in fix
    # under WSL2: the driver's folder on the loader path
    wsl = "Linux box 5.15.153.1-microsoft-standard-WSL2\nlink_cuda_dso: GPU support not possible\n"
    key, fix = first(wsl)
    assert key == "cpu-llamafile-no-gpu" and fix.startswith("Under WSL2")


def test_llama_cpp_and_llamafile_near_misses_keep_their_answers() -> None:
    # plain llama.cpp built without CUDA: the rebuild
    key, fix = first("warning: no usable GPU found, --gpu-layers option will be ignored")
    assert key == "cpu-ggml-no-gpu-backend" and "GGML_CUDA" in fix
    assert first("llm_load_tensors: offloaded 0/33 layers to GPU")[0] == "cpu-ggml-no-gpu-backend"
    # a llamafile that loaded its module and every layer: nothing to fix
    keys = _keys("link_cuda_dso: GPU support loaded\nllm_load_tensors: offloaded 33/33 layers to GPU")
    assert "cpu-llamafile-no-gpu" not in keys and "cpu-ggml-partial-offload" not in keys


def test_partial_offload_leaves_layers_on_the_cpu() -> None:
    for text in (
        "llm_load_tensors: offloaded 20/33 layers to GPU\nllm_load_tensors:        CPU buffer size =  4165.37 MiB",
        "load_tensors: offloaded 33/330 layers to GPU",
    ):
        key, fix = first(text)
        assert key == "cpu-ggml-partial-offload" and "-ngl 999" in fix and "offloaded N/N" in fix, text
    ollama = (
        'time=2025-01-10T10:00:00.000Z level=INFO source=memory.go:326 msg="offload to cuda" layers.requested=-1 '
        'layers.model=49 layers.offload=31 layers.split="" memory.available="[11.6 GiB]"'
    )
    key, fix = first(ollama)
    assert key == "cpu-ggml-partial-offload" and "ollama ps" in fix
    found = explain("load_tensors: offloaded 60/81 layers to GPU")
    assert found.summary.startswith("Warning, no failure"), found.summary
    # all layers, or Ollama's estimate that fits all: no partial offload
    for text in (
        "load_tensors: offloaded 81/81 layers to GPU",
        'msg=offload library=cuda layers.requested=-1 layers.model=29 layers.offload=29 layers.split=""',
    ):
        assert "cpu-ggml-partial-offload" not in _keys(text), text


# ---- bitsandbytes without the driver's libcuda.so --------------------------------------------------------------------


def test_bitsandbytes_without_libcuda_points_at_the_drivers_folder() -> None:
    text = (
        "CUDA SETUP: WARNING! libcuda.so not found! Do you have a CUDA driver installed? If you are on a cluster, make "
        "sure you are on a CUDA machine!\n"
        "CUDA SETUP: Loading binary /opt/venv/lib/python3.11/site-packages/bitsandbytes/libbitsandbytes_cpu.so..."
    )
    key, fix = first(text)
    assert key == "quant-bnb-cuda-setup" and "/usr/lib/wsl/lib" in fix and "libcuda.so" in fix
    # the CPU library loaded for another reason: the general fix (libcudart, the upgrade)
    key, fix = first("CUDA SETUP: Loading binary /opt/v/site-packages/bitsandbytes/libbitsandbytes_cpu.so...")
    assert key == "quant-bnb-cuda-setup" and "/usr/lib/wsl/lib" not in fix and "libcudart" in fix


# ---- a CPU torch printed bare, or in the web UI's sysinfo ------------------------------------------------------------


def test_a_bare_cpu_torch_version_is_the_cpu_build() -> None:
    for text in (
        "Loading model on 8 threads\nFalse\n1.13.1+cpu",
        ">>> import torch\n>>> torch.__version__\n'2.2.0+cpu'",
    ):
        key, fix = first(text)
        assert key == "proc-device-cpu-reported" and "CPU-only build" in fix, text
    # a CUDA build printed the same way, or a +cpu inside a sentence: no CPU answer from this line
    assert "proc-device-cpu-reported" not in _keys("True\n2.2.0+cu121")
    assert "proc-device-cpu-reported" not in _keys("we will move to 2.2.0+cpu wheels for the docs build later")


def _sysinfo(torch_version: str, args: str) -> str:
    return (
        '{\n    "Platform": "Windows-10-10.0.22631-SP0",\n    "Python": "3.10.11",\n    "Commandline": [\n'
        f'        "launch.py"{args}\n    ],\n    "Torch env info": {{\n        "torch_version": "{torch_version}",\n'
        '        "is_debug_build": "False",\n        "is_cuda_available": "False"\n    }\n}'
    )


def test_web_ui_sysinfo_with_a_cpu_torch() -> None:
    key, fix = first(_sysinfo("2.1.2+cpu", ""))
    assert key == "cpu-sd-webui-torch-no-gpu" and "venv" in fix and "TORCH_COMMAND" in fix
    found = explain(_sysinfo("2.1.2+cpu", ""))
    assert found.summary.startswith("Warning, no failure"), found.summary
    key, fix = first(_sysinfo("2.3.1+cpu", ',\n        "--use-cpu-torch"'))
    assert key == "cpu-sd-webui-torch-no-gpu" and "Remove it from COMMANDLINE_ARGS" in fix and "--use-zluda" in fix
    # a CUDA torch in the sysinfo: no CPU answer
    assert "cpu-sd-webui-torch-no-gpu" not in _keys(_sysinfo("2.1.2+cu121", ', "--xformers"'))
    # the launcher's own check is still a failure
    found = explain(
        "RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to "
        "disable this check"
    )
    assert found[0].key == "cpu-sd-webui-torch-no-gpu" and found.summary.startswith("Failure"), found.summary


# ---- harmless notices in their other wordings ------------------------------------------------------------------------


def test_tensorflow_cpu_instruction_notice_in_each_wording() -> None:
    for text in (
        "CPU supports instructions that this TensorFlow binary was not compiled to use: AVX AVX2",
        "To enable the following instructions: AVX2 AVX512F FMA, in other operations, rebuild TensorFlow with the "
        "appropriate compiler flags.",
        "I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is optimized with oneAPI Deep "
        "Neural Network Library (oneDNN)to use the following CPU instructions in performance-critical operations:  "
        "AVX2",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only", (text, found.summary)
        assert [e.key for e in found] == ["tf-cpu-instructions-notice"], text
    # beside a failure, the failure is the answer
    failed = explain(
        "CPU supports instructions that this TensorFlow binary was not compiled to use: AVX2\n"
        "ModuleNotFoundError: No module named 'tensorflow_addons'"
    )
    assert failed[0].key == "py-module-missing"


def test_lightning_tensor_cores_notice_wrapped_or_cut() -> None:
    for text in (
        "You are using a CUDA device ('NVIDIA GeForce RTX 4090') that has Tensor Cores.\nTo properly utilize them, "
        "you should set `torch.set_float32_matmul_precision('medium' | 'high')`\nwhich will trade-off precision for "
        "performance.",
        "LOCAL_RANK: 0\nYou are using a CUDA device ('NVIDIA A100-SXM4-80GB') that has Tensor Cores.",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only" and found and found[0].key == "num-tf32-notice", (text, found.summary)
        assert "set_float32_matmul_precision('high')" in found[0].fix
    oom = (
        "You are using a CUDA device ('NVIDIA GeForce RTX 3060') that has Tensor Cores.\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    )
    assert first(oom)[0] == "gpu-out-of-memory"


# ---- TensorFlow's device log under the user's words ------------------------------------------------------------------

_TF_FOUND = (
    "2021-03-01 10:00:00.100000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1720] Found device 0 with "
    "properties:\npciBusID: 0000:0a:00.0 name: GeForce RTX 2070 computeCapability: 7.5\n"
    "2021-03-01 10:00:00.200000: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened "
    "dynamic library libcublas.so.11\n"
)


def test_tensorflow_found_the_gpu_but_the_user_says_it_is_unused() -> None:
    for words in ("tensorflow is not using my GPU, training is slow", "The GPU is not being used by Keras"):
        key, fix = first(words + "\n" + _TF_FOUND)
        assert key == "cpu-tf-gpu-not-registered" and "Adding visible gpu devices" in fix, words
        assert "set_log_device_placement" in fix and "cuDNN" in fix
    # the user's words after the log
    assert first(_TF_FOUND + "...\nbut it does not use the GPU at all")[0] == "cpu-tf-gpu-not-registered"


def test_tensorflow_device_log_without_the_users_words_or_with_the_gpu_registered() -> None:
    # the log alone: information, no failure
    assert "cpu-tf-gpu-not-registered" not in _keys(_TF_FOUND)
    registered = (
        _TF_FOUND + "2021-03-01 10:00:01.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1862] Adding "
        "visible gpu devices: 0\n2021-03-01 10:00:02.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406] "
        "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 6581 MB memory)"
    )
    assert "cpu-tf-gpu-not-registered" not in _keys("tensorflow is not using my GPU\n" + registered)
    newer = (
        _TF_FOUND + "I0000 00:00:1741057622.939179 137 gpu_device.cc:2022] Created device /device:GPU:0 with 14785 MB"
    )
    assert "cpu-tf-gpu-not-registered" not in _keys("tensorflow is not using my GPU\n" + newer)
    # TensorFlow's own line that it skipped the GPU keeps the library fix, not the cut-log one
    skipped = (
        "my GPU is not used\n" + _TF_FOUND + "2021-03-01 10:00:01.000000: W tensorflow/stream_executor/platform/"
        "default/dso_loader.cc:60] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot "
        "open shared object file\n2021-03-01 10:00:01.100000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1766]"
        " Cannot dlopen some GPU libraries. Skipping registering GPU devices..."
    )
    key, fix = first(skipped)
    assert key == "cpu-tf-gpu-not-registered" and "stops before" not in fix
