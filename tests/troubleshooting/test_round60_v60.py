"""`explain`, round sixty (issue 36): promptable segmentation and open-vocabulary detection, audio generation and
source separation, Windows and WSL2 setups, managed cloud notebooks: a call's keyword refused under a library's
warning, the Windows SDK and a DLL's start-up in other languages, torchaudio's FFmpeg probe and its file-object save,
nvidia-smi crashing, torchvision's CUDA major, cuDF's nvJitLink, a warning that got a CUDA error, TensorFlow's context
check, torch on the CPU out of RAM, and NVML's own next step."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_a_refused_keyword_outranks_a_librarys_warning() -> None:
    found = explain(
        "/app/groundingdino/models/GroundingDINO/ms_deform_attn.py:31: UserWarning: Failed to load custom C++ ops. "
        'Running on CPU mode Only!\n  warnings.warn("Failed to load custom C++ ops. Running on CPU mode Only!")\n'
        'Traceback (most recent call last):\n  File "/app/app.py", line 380, in seg_track_app\n'
        "    app.queue(concurrency_count=1)\n"
        "TypeError: Blocks.queue() got an unexpected keyword argument 'concurrency_count'"
    )
    assert found[0].key == "py-unexpected-keyword"


def test_windows_in_other_languages() -> None:
    key, _ = first(
        './common/maskApi.c(8): fatal error C1083: Datei (Include) kann nicht geffnet werden: "math.h": No such file '
        "or directory\nerror: command 'cl.exe' failed with exit code 2"
    )
    assert key == "win-sdk-missing"
    key, fix = first(
        '  File "C:\\\\SpleeterGUI\\\\python\\\\Lib\\\\site-packages\\\\tensorflow_core\\\\python\\\\'
        'pywrap_tensorflow.py", '
        "line 58, in <module>\n    from tensorflow.python.pywrap_tensorflow_internal import *\n"
        "ImportError: DLL load failed: Een initialisatieroutine van de dynamic link library (DLL-bestand) is mislukt."
    )
    assert key == "windows-dll-load" and "AVX" in fix


def test_torchaudio_ffmpeg_probe_is_a_notice() -> None:
    found = explain(
        "Traceback (most recent call last):\n"
        '  File "torchaudio/_extension/utils.py", line 89, in _try_access_avutil\n'
        "    torchaudio.lib._torchaudio.find_avutil(libavutil)\n"
        "RuntimeError: Error in dlopen: dlopen(libavutil.56.dylib, 0x0006): tried: 'libavutil.56.dylib' "
        "(no such file)\n"
        "2024-05-21 18:23:43,626 (__init__.py) (Line 96) [DEBUG] : Failed to initialize ffmpeg bindings\n"
    )
    assert found.outcome == "warnings-only" and found[0].key == "torchaudio-ffmpeg-probe-notice"
    key, fix = first(
        "RuntimeError: Failed to save audio to <_io.BytesIO object>: Couldn't allocate AVFormatContext. The "
        "destination file is <_io.BytesIO object>, check the desired extension? Invalid argument"
    )
    assert key == "torchaudio-save-file-object" and "format='wav'" in fix


def test_nvidia_smi_itself_crashes() -> None:
    key, fix = first(
        "~ nvidia-smi\n| NVIDIA-SMI 555.42.03              Driver Version: 555.85         CUDA Version: 12.5     |\n"
        "[1]    494 segmentation fault  nvidia-smi"
    )
    assert key == "host-nvidia-smi-crash" and "wsl --update" in fix


def test_versions_a_notebook_image_pins() -> None:
    key, fix = first(
        "RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. "
        "PyTorch has CUDA Version=11.8 and torchvision has CUDA Version=12.1."
    )
    assert key == "ext-cuda-version-differs" and "same index" in fix
    key, fix = first(
        "nvJitLinkError                            Traceback (most recent call last)\n"
        "File /env/lib/python3.12/site-packages/cudf/core/indexed_frame.py:3586, in IndexedFrame._apply\n"
        "ValueError: user defined function compilation failed."
    )
    assert key == "jit-nvjitlink-link-failed" and "nvidia-nvjitlink-cu12" in fix


def test_caught_gpu_errors_and_the_cpu() -> None:
    oom = (
        "/env/site-packages/samapi/main.py:152: UserWarning: cuda device found but got the error CUDA out of memory. "
        "Tried to allocate 768.00 MiB (GPU 3; 10.75 GiB total capacity; 1.95 GiB already allocated; 244.25 MiB free; "
        "2.00 GiB reserved in total by PyTorch)"
    )
    found = explain(oom)
    assert found.outcome == "explained" and found[0].key == "gpu-out-of-memory"
    # the same warning that says it goes on on the CPU stays a warning
    assert explain(oom + " - using CPU for inference").outcome == "warnings-only"
    cpu_oom = (
        "RuntimeError: [enforce fail at alloc_cpu.cpp:121] data. DefaultCPUAllocator: not enough memory: you tried to "
        "allocate 3468165120 bytes."
    )
    key, fix = first(
        '  File "C:\\\\env\\\\lib\\\\site-packages\\\\audiosr\\\\pipeline.py", line 195, in super_resolution\n'
        "    waveform = latent_diffusion.generate_batch(\n" + cpu_oom
    )
    assert key == "host-memory-allocation" and "torch.cuda.is_available()" in fix
    # the line alone (a checkpoint's load as likely as a model's run) keeps the family's own fix
    assert "torch.cuda.is_available()" not in first(cpu_oom)[1]
    key, fix = first(
        "tensorflow/stream_executor/cuda/cuda_driver.cc:404] Check failed: CUDA_SUCCESS == cuDevicePrimaryCtxGetState"
        "(device, &former_primary_context_flags, &former_primary_context_is_active) (0 vs. 303)"
    )
    assert key == "cuinit-unknown-error" and "CUDA_VISIBLE_DEVICES=-1" in fix


def test_an_nvml_miss_gets_nvmls_own_step() -> None:
    found = explain(
        'Traceback (most recent call last):\n  File "/opt/nim/start_server.d/nim_manifest_profile.py", line 166, '
        "in <module>\n    system = get_info()\nException: Failed to query NVML device info: an internal driver error "
        "occured"
    )
    assert found.outcome in ("unexplained", "no-match") and "nvidia-smi -q" in (found.next_step or "")
