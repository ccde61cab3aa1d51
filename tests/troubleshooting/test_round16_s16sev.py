"""`explain`, round sixteen (issue 36), severity and old wordings: a program's INFO lines that show the CPU build of
torch or a CPU fallback are the answer, not "harmless"; an info-only paste names the stage its lines show; a script's
warning sign (the emoji) heads a warning; onnxruntime's provider check in a script's words; old torch's numbered CUDA
errors ("THCudaCheck FAIL ... error=30", "cuda runtime error (30)") read through CUDA's error table; cuDNN's own
"Could not load library libcublasLt.so.12." line; conda's errno 28. Near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import messages_of
from torchtrt_compat.troubleshooting.severity import levels

# python-audio-separator's start-up log (eddycrack864/UVR5-UI#31): INFO lines only
_SEPARATOR = (
    "2025-02-06 11:05:28,056 - INFO - separator - Python Version: 3.10.16\n"
    "2025-02-06 11:05:28,056 - INFO - separator - PyTorch Version: 2.4.1+cpu\n"
    "2025-02-06 11:05:28,213 - INFO - separator - ONNX Runtime GPU package installed with version: 1.20.1\n"
    "2025-02-06 11:05:28,213 - INFO - separator - No hardware acceleration could be configured, running in CPU mode\n"
)


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_info_lines_of_a_cpu_build_or_a_cpu_fallback_are_the_answer() -> None:
    result = explain(_SEPARATOR)
    assert levels(_SEPARATOR).warnings_only  # only INFO lines
    assert result.outcome == "explained" and result[0].key == "proc-device-cpu-reported"
    assert result.summary.startswith("Warning, no failure") and "CPU-only build" in result[0].fix
    for text in (
        "2024-01-01 10:00:00,000 - INFO - No hardware acceleration could be configured, running in CPU mode",
        "INFO: No CUDA device found, using CPU",
        "[INFO] CUDA is not available, falling back to CPU",
        "INFO:app:GPU not detected - using the CPU",
        "2024-01-01 10:00:00 INFO torch version: 2.1.0+cpu",
    ):
        assert answer(text, "proc-device-cpu-reported").severity == "warning", text
    # near misses: a CUDA build, the GPU found, the CPU named for another purpose
    for text in (
        "2024-01-01 10:00:00,000 - INFO - separator - PyTorch Version: 2.4.1+cu121",
        "INFO: CUDA device found, using GPU",
        "INFO: offloading the optimizer state to the CPU",
        "torch 2.1.0+cpu",  # a package list's line, no logger's version line
    ):
        assert "proc-device-cpu-reported" not in _keys(text), text


def test_an_info_only_paste_names_its_stage_and_next_step() -> None:
    text = "[TM][INFO] [forward] Enqueue requests\n[TM][INFO] [forward] Wait for requests to complete ...\n"
    result = explain(text)
    assert result.outcome == "warnings-only" and not result
    assert result.stage == "runtime" and result.command and result.next_step
    assert "program at runtime" in result.summary and "py-spy dump" in result.summary and "+cpu" in result.summary


def test_a_scripts_warning_sign_and_its_provider_check() -> None:
    # tatertotterson/microwakeword-trainer-nvidia-docker#1: a notebook's own check of onnxruntime's providers
    text = (
        "🔧 ONNX Runtime Providers:\n  • ['AzureExecutionProvider', 'CPUExecutionProvider']\n"
        "⚠️  CUDAExecutionProvider not available — ONNX will fall back to CPU.\n"
    )
    lv = levels(text)
    assert lv.warnings == 1 and lv.errors == 0
    e = answer(text, "ort-cpu-package")
    assert e.severity == "warning" and "onnxruntime-gpu" in e.fix
    assert not explain(text).summary.startswith("Failure")
    for text in (
        "CUDAExecutionProvider not available (falls back to CPU)",
        "TensorrtExecutionProvider is not available - using CPU",
    ):
        assert answer(text, "ort-cpu-package"), text
    # near misses: the provider is there; a dash in another sentence
    for text in (
        "CUDAExecutionProvider available — ONNX runs on the GPU",
        "CUDAExecutionProvider not available on this branch — see the docs",
    ):
        assert "ort-cpu-package" not in _keys(text), text


def test_old_torch_numbered_cuda_errors_read_through_the_table() -> None:
    # kenshohara/3D-ResNets-PyTorch#91: torch 0.x's THCudaCheck and its RuntimeError, the number only
    text = "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=70 error=30 : unknown error\n"
    text += "RuntimeError :cuda runtime error (30)"
    assert levels(text).errors == 2
    assert answer(text, "torch-cuda-init-unknown")
    assert answer(
        "RuntimeError: cuda runtime error (30) : unknown error at /pytorch/aten/src/THC/THCGeneral.cpp:70",
        "torch-cuda-init-unknown",
    )
    # other numbers in the same old form reach their own families through CUDA's error table
    assert answer(
        "THCudaCheck FAIL file=/pytorch/torch/lib/THC/generic/THCStorage.cu line=58 error=2 : out of memory",
        "gpu-out-of-memory",
    )
    # "unknown error" alone names no CUDA error: a program's own words
    assert "unknown error" not in messages_of(("cudaErrorUnknown",))
    for text in ("ERROR: unknown error while parsing the config", "RuntimeError: unknown error"):
        assert "torch-cuda-init-unknown" not in _keys(text), text


def test_cudnn_loader_line_for_a_cublas_of_another_major() -> None:
    # bugsyb/recognize-docker#2: cuDNN 8 for CUDA 12 loads libcublasLt.so.12 in a CUDA 11 image
    for text in (
        "Could not load library libcublasLt.so.12. Error: libcublasLt.so.12: cannot open shared object file: No "
        "such file or directory",
        "Could not load library libcublasLt.so.12.",
        "Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so: cannot open shared object file",
    ):
        assert answer(text, "cuda-library-major"), text
    assert "cuda-library-major" not in _keys("Could not load library libfoo.so.1")


def test_disk_full_in_conda_words() -> None:
    # danielgross/LlamaAcademy#5: conda env create in a container whose volume is full
    conda = (
        "CondaError: Failed to write to /opt/conda/pkgs/nccl-2.15.5.1-h0800d71_0.conda\n  errno: 28\n"
        "[Errno 28] No space left on device: '/opt/conda/pkgs/libzlib-1.2.13-h166bdaf_4.tar.bz2'\n"
    )
    e = answer(conda, "pip-no-space-left")
    assert "conda clean --all" in e.fix and "CONDA_PKGS_DIRS" in e.fix
    for text in (
        "[Errno 28] No space left on device: '/home/u/miniconda3/pkgs/pytorch-2.0.0.tar.bz2'",
        "error: Failed to extract archive: torch-2.4.0-cp311-linux_x86_64.whl: No space left on device (os error 28)",
        "ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
    ):
        assert answer(text, "pip-no-space-left"), text
    # near misses: another errno; a full /dev/shm or a checkpoint write at run time is not an install
    for text in (
        "CondaError: Failed to write to /opt/conda/pkgs/x.conda\n  errno: 13",
        "OSError: [Errno 28] No space left on device: '/data/checkpoints/model_10.pt'",
    ):
        assert "pip-no-space-left" not in _keys(text), text
    # errno 28 outside an install: the disk the program writes to (not an installer's fix, not /dev/shm's)
    for text in (
        "OSError: [Errno 28] No space left on device: '/data/checkpoints/model_10.pt'",
        "Error: ENOSPC: no space left on device, write",
        "CondaError: Failed to write to /home/u/envs/x/file\n  errno: 28",
    ):
        assert answer(text, "host-disk-full" if "conda" not in text.lower() else "pip-no-space-left"), text
    for text in (
        "OSError: [Errno 28] No space left on device: '/dev/shm/torch_123'",
        "OSError: [Errno 13] Permission denied: '/data/checkpoints/model_10.pt'",
    ):
        assert "host-disk-full" not in _keys(text), text
