"""Desktop AI apps and web UIs in their own words (issue 36, round twelve): AUTOMATIC1111's Stable Diffusion web UI
(its NaN check and its launcher's failed installs), ComfyUI's custom nodes that did not import, the ncnn-Vulkan
upscalers (Real-ESRGAN, waifu2x, RIFE and the GUIs that bundle them) that found no Vulkan GPU, koboldcpp started
without the library of its GPU backend, and accelerate's launch-defaults warning that kohya_ss / sd-scripts print
before every run. The wordings are the apps' own, read in
their sources (cited in ``example_source``). Where an app meets a class another row owns (a CPU build of torch, out
of GPU memory, a missing module, xformers built for another torch, the CPU onnxruntime), that row carries the app's
fix as a Variant keyed to the app's paths and launchers (`entry.SD_WEBUI`, `entry.COMFYUI`, ...).
"""

from __future__ import annotations

from ..entry import COMFYUI, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round12_w3apps.py"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "app-sd-webui-nans",
        "Stable Diffusion web UI: A tensor with all NaNs was produced in Unet / VAE (half precision overflowed)",
        r"A tensor with all NaNs was produced in (?:Unet|VAE)\b|\bNansException\b",
        "The web UI runs the UNet and the VAE in float16; on this model or card the values overflow to inf and "
        "NaN (an SDXL VAE, a model merged or trained in another precision, GTX 16xx cards whose half precision "
        "misbehaves), so the picture would be black and the UI's NaN check stops the job.",
        "Run the part it names in more precision: for the Unet, set 'Upcast cross attention layer to float32' in "
        "Settings > Stable Diffusion or add `--upcast-sampling` (or `--no-half`, slower) to COMMANDLINE_ARGS in "
        "webui-user.bat / webui-user.sh; on GTX 16xx cards `--precision full --no-half`. `--disable-nan-check` "
        "only hides it (the image comes out black).",
        variants=(
            Variant(
                r"animatediff|motion[_ ]module",
                "AnimateDiff (the motion module runs in the half-precision UNet)",
                "With AnimateDiff the NaNs come from the half-precision UNet / motion module, not the VAE: set the "
                "number of frames to at least the context batch size (and a sane overlap), and launch with "
                "`--no-half` (or `--upcast-sampling`) in COMMANDLINE_ARGS; `--no-half-vae` only fixes NaNs that arise "
                "in the VAE itself. `--disable-nan-check` only hides it (the image comes out black).",
                strict=True,
            ),
            Variant(
                r"(?:Command ?Line Arguments|COMMANDLINE_ARGS)[^\n]{0,300}--no-half-vae\b|\(without --no-half\)",
                "--no-half-vae already given (the message says 'without --no-half')",
                "`--no-half-vae` is already on, so the NaNs come from the half-precision UNet (a motion module such "
                "as AnimateDiff, an fp16-unsafe model): launch with `--no-half` (or `--upcast-sampling` / 'Upcast "
                "cross attention layer to float32') in COMMANDLINE_ARGS; with AnimateDiff also set the number of "
                "frames to at least the context batch size. `--disable-nan-check` only hides it.",
                strict=True,
            ),
            Variant(
                r"produced in VAE",
                "the VAE",
                "The VAE overflowed in half precision: add `--no-half-vae` to COMMANDLINE_ARGS in webui-user.bat / "
                "webui-user.sh (or enable 'Automatically revert VAE to 32-bit floats' in Settings > VAE), and for "
                "SDXL select the fp16-fixed SDXL VAE. If that is already on, the NaNs come from the half-precision "
                "UNet: launch with `--no-half` (with AnimateDiff: frames at least the context batch size). "
                "`--disable-nan-check` only hides it (the image comes out black).",
            ),
            Variant(
                COMFYUI,
                "ComfyUI (a web-UI node pack's NaN check)",
                "Run the model in more precision: start ComfyUI with `--force-fp32` (or `--fp32-vae` when the VAE "
                "overflows; `--bf16-unet` on cards with bfloat16), and use the fp16-fixed VAE for SDXL.",
            ),
        ),
        op=r"produced in (Unet|VAE)",
        weight=70,  # above torch-nan-outputs (the same overflow in any library's words)
        applies="AUTOMATIC1111 stable-diffusion-webui and its forks (Forge, reForge, SD.Next), 1.0 and later",
        shown_by=(f"{_SHOWN}::test_sd_webui_nan_check",),
        example="modules.devices.NansException: A tensor with all NaNs was produced in Unet. This could be either "
        "because there's not enough precision to represent the picture, or because your video card does not "
        "support half type.",
        example_source="AUTOMATIC1111/stable-diffusion-webui modules/devices.py (test_for_nans, 1.x)",
    ),
    KnownError(
        "app-sd-webui-install-failed",
        "Stable Diffusion web UI's launcher: Couldn't install X (pip failed in its venv)",
        r"RuntimeError: Couldn't install [\w .+=<>-]{1,60}\."
        r"|Couldn't install [\w .+=<>-]{1,60}\.\s{0,4}\n\s{0,8}Command: ",
        "The launcher (modules/launch_utils.py) ran pip in the web UI's venv and pip failed; the reason is pip's "
        "own 'ERROR:' lines printed above (stderr), most often a Python the pinned torch has no wheel for (the web "
        "UI is made for Python 3.10), no network to the index, or a half-installed venv.",
        "Read pip's first 'ERROR:' line above 'Couldn't install'. If it is 'No matching distribution' for torch, "
        "install Python 3.10 (64-bit), point webui-user.bat at it (`set PYTHON=C:\\path\\to\\python.exe`) and delete "
        "the `venv` folder so the launcher recreates it; otherwise fix what pip names (network, disk space, a "
        "compiler for a package without a wheel) and start webui-user.bat / webui.sh again.",
        downstream=True,
        weight=30,
        applies="AUTOMATIC1111 stable-diffusion-webui and its forks (Forge, reForge), every release",
        shown_by=(f"{_SHOWN}::test_sd_webui_launcher_install_failed",),
        example="RuntimeError: Couldn't install torch.\nCommand: \"C:\\sd\\stable-diffusion-webui\\venv\\Scripts\\"
        'python.exe" -m pip install torch==2.1.2 torchvision==0.16.2\nError code: 1',
        example_source="AUTOMATIC1111/stable-diffusion-webui modules/launch_utils.py (run(): errdesc, Command, "
        "Error code; prepare_environment's \"Couldn't install torch\")",
    ),
    KnownError(
        "app-comfyui-custom-node-import-failed",
        "ComfyUI: Cannot import … module for custom nodes (a custom node failed to load: IMPORT FAILED)",
        r"Cannot import [^\n]{1,400} module for custom nodes:|\(IMPORT FAILED\):? ",
        "A custom node's __init__ raised while ComfyUI loaded it, so ComfyUI went on without that node's nodes "
        "(they show red in a workflow). The reason is the error after 'custom nodes:' and the traceback above "
        "it: most often a requirement the node needs is missing from ComfyUI's Python, or the node was written "
        "for another ComfyUI (or torch) release.",
        "Fix the error the line names, in the Python ComfyUI runs: install the node's requirements with it (the "
        "portable build's `python_embeded\\python.exe -s -m pip install -r "
        "ComfyUI\\custom_nodes\\<node>\\requirements.txt`, a manual install's venv python likewise, or "
        "ComfyUI-Manager's 'Try fix'), update the node and ComfyUI together (`git pull` in the node's folder, "
        "update\\update_comfyui.bat), or move the node out of custom_nodes; then restart ComfyUI.",
        op=r"custom_nodes[\\/]([\w.-]{1,100})",
        downstream=True,  # the node's own traceback above (a missing module, a CUDA error) is the root cause
        weight=30,
        applies="ComfyUI (portable, desktop and manual installs), every release",
        shown_by=(f"{_SHOWN}::test_comfyui_custom_node_import_failed",),
        example="Cannot import D:\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\comfyui_controlnet_aux module "
        "for custom nodes: No module named 'cv2'",
        example_source="comfyanonymous/ComfyUI nodes.py (load_custom_node's warning; init_external_custom_nodes's "
        "'(IMPORT FAILED)' timing list)",
    ),
    KnownError(
        "app-ncnn-vulkan-no-gpu",
        "ncnn-Vulkan apps (Real-ESRGAN, waifu2x, RIFE): vkCreateInstance failed / invalid gpu device",
        r"vkCreateInstance failed -?\d{1,3}\b|^\s{0,4}invalid gpu device\s{0,4}$",
        "The ncnn-Vulkan programs run on a Vulkan GPU only: vkCreateInstance failed means no Vulkan driver "
        "answered (no ICD: a server or container without the NVIDIA driver's Vulkan part, WSL, a remote session, "
        "a very old driver), and 'invalid gpu device' means the -g index is not one of the Vulkan GPUs found (none "
        "at all when Vulkan failed).",
        "Install or repair the GPU's Vulkan driver (the NVIDIA / AMD / Intel graphics driver; on Linux "
        "libvulkan1 and the vendor ICD, in Docker `NVIDIA_DRIVER_CAPABILITIES=all` or `graphics`), check that "
        "`vulkaninfo --summary` lists the GPU, then pass its index with `-g` (the program prints '[0 NVIDIA ...]' "
        "lines for the GPUs it found). Real-ESRGAN-ncnn-vulkan has no CPU mode (-g -1 is refused): use the "
        "PyTorch Real-ESRGAN / GFPGAN instead, or waifu2x-ncnn-vulkan's `-g -1`.",
        weight=70,
        applies="ncnn's Vulkan programs (realesrgan-, waifu2x-, rife-, srmd-ncnn-vulkan) and the GUIs that bundle "
        "them (Upscayl, Video2X, Waifu2x-Extension-GUI)",
        shown_by=(f"{_SHOWN}::test_ncnn_vulkan_without_a_vulkan_gpu",),
        example="[vkCreateInstance failed -9]\ninvalid gpu device",
        example_source='Tencent/ncnn src/gpu.cpp (create_gpu_instance: "vkCreateInstance failed %d"); '
        'xinntao/Real-ESRGAN-ncnn-vulkan src/main.cpp 0b577898 ("invalid gpu device")',
    ),
    KnownError(
        "app-koboldcpp-gpu-backend-missing",
        "koboldcpp: CuBLAS / CLBlast / Vulkan library file not found, Non-BLAS library will be used (runs on the CPU)",
        r"Warning: (?:NoAVX2 )?(?:CuBLAS|CLBlast|Vulkan|hipBLAS)[\w ]{0,12} library file not found\. "
        r"Non-BLAS library will be used",
        "koboldcpp was started with a GPU backend (--usecublas, --useclblast, --usevulkan) but the library of that "
        "backend is not beside it: the download is the build without it (koboldcpp_nocuda, a CPU-only or "
        "old-CPU build), or a source build made without the option. It goes on with the plain CPU library, so "
        "--gpulayers does nothing and generation is slow.",
        "Use the koboldcpp build that holds the backend: on Windows koboldcpp.exe (CUDA; koboldcpp_cu12.exe for "
        "recent cards) instead of koboldcpp_nocuda.exe, on Linux the -cuda binary; or start with `--usevulkan`, "
        "which needs no CUDA. From source, build with the backend (`make LLAMA_CUBLAS=1`, `LLAMA_CLBLAST=1`, "
        "`LLAMA_VULKAN=1`). The start-up log must then say 'Attempting to use CuBLAS library'.",
        severity="warns-of-failure",
        weight=70,
        applies="koboldcpp (its Python launcher koboldcpp.py and the one-file builds)",
        shown_by=(f"{_SHOWN}::test_koboldcpp_without_its_gpu_library",),
        example="Warning: CuBLAS library file not found. Non-BLAS library will be used.",
        example_source="LostRuins/koboldcpp koboldcpp.py 1.46.1 (init_library)",
    ),
    KnownError(
        "app-accelerate-launch-defaults-notice",
        "accelerate launch: the following values were not passed and had defaults used instead (a notice)",
        r"were not passed to `?accelerate launch`? and had defaults used instead",
        "`accelerate launch` (kohya_ss / sd-scripts, diffusers' and other training scripts) found no `accelerate "
        "config` file and no flags for some settings, and says which defaults it used. It is a warning; the run "
        "goes on.",
        "Nothing to fix for the run to work. To set the values (and silence it), run `accelerate config` once in "
        "the app's venv, or pass them to `accelerate launch` (`--num_processes 1 --num_machines 1 "
        "--mixed_precision bf16 --dynamo_backend no`). If the run failed, the cause is the error after this line.",
        severity="notice",
        weight=20,
        applies="Hugging Face accelerate's launcher (kohya_ss, sd-scripts, diffusers' training examples)",
        shown_by=(f"{_SHOWN}::test_accelerate_launch_defaults_is_a_notice",),
        example="The following values were not passed to `accelerate launch` and had defaults used instead:\n"
        "\t`--num_processes` was set to a value of `1`",
        example_source="huggingface/accelerate src/accelerate/commands/launch.py (_validate_launch_command's warning)",
    ),
)
