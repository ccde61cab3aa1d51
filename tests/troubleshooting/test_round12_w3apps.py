"""`explain`, round twelve, desktop AI apps and web UIs in their own words (issue 36): AUTOMATIC1111's web UI (its NaN
check, its launcher's failed installs), ComfyUI (custom nodes that did not import, its portable Python), Fooocus,
kohya_ss / sd-scripts (bitsandbytes, accelerate's notice), text-generation-webui, koboldcpp, the face-swap apps on
onnxruntime and the ncnn-Vulkan upscalers. Each class is checked against the app's own wording (its source, cited in
the family's ``example_source``) with near misses that must not match, and the fix must name the app's own remedy
(its flags, its Python, its installer)."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

# stable-diffusion-webui modules/devices.py (test_for_nans)
_UNET_NANS = (
    "modules.devices.NansException: A tensor with all NaNs was produced in Unet. This could be either because "
    "there's not enough precision to represent the picture, or because your video card does not support half type. "
    'Try setting the "Upcast cross attention layer to float32" option in Settings > Stable Diffusion or using the '
    "--no-half commandline argument to fix this. Use --disable-nan-check commandline argument to disable this check."
)
_VAE_NANS = (
    "modules.devices.NansException: A tensor with all NaNs was produced in VAE. This could be because there's not "
    "enough precision to represent the picture. Try adding --no-half-vae commandline argument to fix this. Use "
    "--disable-nan-check commandline argument to disable this check."
)


def test_sd_webui_nan_check() -> None:
    found = explain(_UNET_NANS)
    assert found[0].key == "app-sd-webui-nans" and "Upcast cross attention" in found[0].fix
    assert found[0].confidence == "sure"
    key, fix = first(_VAE_NANS)
    assert key == "app-sd-webui-nans" and "--no-half-vae" in fix
    # near miss: a NaN loss in a training loop is not the web UI's check
    assert "app-sd-webui-nans" not in keys("ValueError: loss is nan at step 120")


def test_sd_webui_launcher_install_failed() -> None:
    # stable-diffusion-webui modules/launch_utils.py: run() raises errdesc, Command and Error code
    alone = (
        "RuntimeError: Couldn't install torch.\n"
        'Command: "C:\\sd\\stable-diffusion-webui\\venv\\Scripts\\python.exe" -m pip install torch==2.1.2 '
        "torchvision==0.16.2\nError code: 1"
    )
    key, fix = first(alone)
    assert key == "app-sd-webui-install-failed" and "Python 3.10" in fix and "venv" in fix
    # with pip's own reason above it, pip's row is the first answer (the launcher's line follows it)
    with_pip = (
        "stderr: ERROR: Could not find a version that satisfies the requirement torch==2.1.2 (from versions: 2.2.0)\n"
        "ERROR: No matching distribution found for torch==2.1.2\n" + alone
    )
    assert first(with_pip)[0] == "py-pip-no-matching-distribution"
    # near miss: the launcher's progress line is no failure
    assert "app-sd-webui-install-failed" not in keys("Installing torch and torchvision")


def test_comfyui_custom_node_import_failed() -> None:
    # ComfyUI nodes.py (load_custom_node's warning and the timing list)
    alone = "   0.3 seconds (IMPORT FAILED): D:\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\ComfyUI-Impact-Pack"
    found = explain(alone)
    assert found[0].key == "app-comfyui-custom-node-import-failed" and "python_embeded" in found[0].fix
    line = (
        "Cannot import D:\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\comfyui_controlnet_aux module for custom "
        "nodes: No module named 'cv2'"
    )
    # the node's own error is the cause: a missing module, installed with ComfyUI's Python
    key, fix = first("ModuleNotFoundError: No module named 'cv2'\n\n" + line)
    assert key == "py-module-missing" and "python_embeded" in fix
    assert "app-comfyui-custom-node-import-failed" in keys(line)
    # near miss: a node that loaded is listed without the marker
    assert "app-comfyui-custom-node-import-failed" not in keys(
        "Import times for custom nodes:\n   0.0 seconds: D:\\ComfyUI\\custom_nodes\\websocket_image_save.py"
    )


def test_ncnn_vulkan_without_a_vulkan_gpu() -> None:
    # ncnn src/gpu.cpp ("vkCreateInstance failed %d"); realesrgan-ncnn-vulkan src/main.cpp ("invalid gpu device")
    key, fix = first("[vkCreateInstance failed -9]\ninvalid gpu device")
    assert key == "app-ncnn-vulkan-no-gpu" and "Vulkan" in fix and "-g" in fix
    assert first("invalid gpu device\n")[0] == "app-ncnn-vulkan-no-gpu"
    # near misses: other programs' "invalid GPU device ..." sentences
    assert "app-ncnn-vulkan-no-gpu" not in keys("ValueError: Invalid GPU device_id 3, only 2 GPUs")
    assert "app-ncnn-vulkan-no-gpu" not in keys("error: invalid gpu device index 4 in HYPRSTREAM_GPU_DEVICES")


def test_koboldcpp_without_its_gpu_library() -> None:
    # koboldcpp.py (init_library)
    found = explain("Warning: CuBLAS library file not found. Non-BLAS library will be used.")
    assert found[0].key == "app-koboldcpp-gpu-backend-missing" and "--usevulkan" in found[0].fix
    assert found.outcome != "warnings-only"
    assert first("Warning: CLBlast library file not found. Non-BLAS library will be used.")[0] == (
        "app-koboldcpp-gpu-backend-missing"
    )
    # near miss: the CPU OpenBLAS library missing is no GPU backend
    assert "app-koboldcpp-gpu-backend-missing" not in keys(
        "Warning: OpenBLAS library file not found. Non-BLAS library will be used."
    )


def test_accelerate_launch_defaults_is_a_notice() -> None:
    # accelerate src/accelerate/commands/launch.py (_validate_launch_command)
    text = (
        "The following values were not passed to `accelerate launch` and had defaults used instead:\n"
        "\t`--num_processes` was set to a value of `1`\n"
        "\t`--mixed_precision` was set to a value of `'no'`\n"
        "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "app-accelerate-launch-defaults-notice"
    # with a real failure after it, the failure is the first answer
    failed = text + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."
    assert first(failed)[0] == "gpu-out-of-memory" and explain(failed).outcome != "warnings-only"


def test_apps_fixes_on_the_shared_rows() -> None:
    """The rows other domains own give the app's own remedy when the text shows the app."""
    comfy_cpu = (
        '  File "D:\\ComfyUI_windows_portable\\python_embeded\\Lib\\site-packages\\torch\\cuda\\__init__.py", line '
        '239, in _lazy_init\n    raise AssertionError("Torch not compiled with CUDA enabled")\n'
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    key, fix = first(comfy_cpu)
    assert key == "torch-cpu-build" and "python_embeded\\python.exe" in fix and "--cpu" in fix
    webui_cpu = (
        '  File "C:\\stable-diffusion-webui\\modules\\devices.py", line 1, in x\n'
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    key, fix = first(webui_cpu)
    assert key == "torch-cpu-build" and "venv" in fix and "TORCH_COMMAND" in fix
    # without an app in the text, the library-neutral fix stays
    assert "python_embeded" not in first("AssertionError: Torch not compiled with CUDA enabled")[1]

    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."
    comfy_oom = (
        "!!! Exception during processing !!! Allocation on device\n"
        + oom
        + "\nGot an OOM, unloading all loaded models."
    )
    key, fix = first(comfy_oom)
    assert key == "gpu-out-of-memory" and "--lowvram" in fix
    webui_oom = '  File "C:\\stable-diffusion-webui\\modules\\processing.py", line 1, in x\n' + oom
    key, fix = first(webui_oom)
    assert key == "gpu-out-of-memory" and "--medvram" in fix
    kohya_oom = '  File "C:\\kohya_ss\\sd-scripts\\train_network.py", line 1, in x\n' + oom
    key, fix = first(kohya_oom)
    assert key == "gpu-out-of-memory" and "--gradient_checkpointing" in fix
    assert "--lowvram" not in first(oom)[1]

    roop = (
        "C:\\roop\\venv\\lib\\site-packages\\onnxruntime\\capi\\onnxruntime_inference_collection.py:69: UserWarning: "
        "Specified provider 'CUDAExecutionProvider' is not in available provider names.Available providers: "
        "'AzureExecutionProvider, CPUExecutionProvider'"
    )
    key, fix = first(roop)
    assert key == "ort-cpu-package" and "--execution-provider cuda" in fix

    xformers = (
        'venv "C:\\stable-diffusion-webui\\venv\\Scripts\\Python.exe"\n'
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)"
    )
    key, fix = first(xformers)
    assert key == "kern-xformers-built-for-other-torch" and "--reinstall-xformers" in fix

    # bitsandbytes 0.35-0.42 cuda_setup/main.py falling back to its CPU library, in kohya_ss's venv
    bnb = (
        "CUDA SETUP: Loading binary C:\\kohya_ss\\venv\\lib\\site-packages\\bitsandbytes\\libbitsandbytes_cpu.so...\n"
        "argument of type 'WindowsPath' is not iterable"
    )
    key, fix = first(bnb)
    assert key == "quant-bnb-cuda-setup" and "AdamW8bit" in fix
    # near miss: the CUDA library loaded
    assert "quant-bnb-cuda-setup" not in keys(
        "CUDA SETUP: Loading binary /opt/conda/lib/python3.9/site-packages/bitsandbytes/libbitsandbytes_cuda116.so..."
    )


def test_a_gpu_torch_does_not_know_in_the_apps() -> None:
    """torch's own warning for a GPU its build lacks, in ComfyUI's portable Python and in the web UI's venv."""
    warning = (
        "UserWarning:\nNVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch "
        "installation.\nRuntimeError: CUDA error: no kernel image is available for execution on the device"
    )
    comfy = "D:\\ComfyUI_windows_portable\\python_embeded\\Lib\\site-packages\\torch\\cuda\\__init__.py:230: " + warning
    key, fix = first(comfy)
    assert key == "gpu-arch-unsupported" and "update_comfyui_and_python_dependencies.bat" in fix
    webui = "C:\\stable-diffusion-webui\\venv\\lib\\site-packages\\torch\\cuda\\__init__.py:230: " + warning
    key, fix = first(webui)
    assert key == "gpu-arch-unsupported" and "TORCH_COMMAND" in fix
    # near miss: without an app in the text, the app's tools are not named
    assert "TORCH_COMMAND" not in first(warning)[1] and "python_embeded" not in first(warning)[1]
