"""`explain`, round thirty-three (issue 36): GPU applications outside deep learning in their own words. The Windows
loader's entry-point dialog for a driver API function (in Windows' translations too) is a driver older than the
program's CUDA; cuInit finding no device for one Windows program points at what blocks that program (security
software's sandbox); NVEncC's avcuvid reader refusing the input is NVDEC's; Cycles offering no GPU names the build's
kernels, the GPU and the driver; an application's precompiled kernel files that do not load are the package's; a
miner without a kernel for the GPU's compute capability, or whose dataset no longer fits, is the architecture or the
memory; start-up listings of skipped codec modules and a miner's NVML warnings are notices. Near misses keep their
answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_entry_point_dialog_for_a_driver_function_is_an_old_driver() -> None:
    for text in (
        'Fehler: Der Prozedureinsprungpunkt "cuMemCreate" wurde in der DLL "C:\\Tools\\sim\\solver.dll" '
        "nicht gefunden.",
        "Error: 无法定位程序输入点 cuLibraryLoadData 于动态链接库 D:\\apps\\fluid\\gpu_core.dll 上。",
        "Error: The procedure entry point cuStreamBeginCaptureToGraph could not be located in the dynamic link "
        "library E:\\render\\plugins\\denoise.dll.",
    ):
        key, fix = first(text)
        assert key == "cuda-driver-insufficient" and "nvcuda.dll" in fix and "Update the NVIDIA driver" in fix, text


def test_entry_point_dialog_for_a_runtime_or_library_function_is_not_the_driver() -> None:
    # cudaXxx (the runtime), cublasXxx (a library): DLLs of mixed versions, not the driver
    for text in (
        "Error: The procedure entry point cublasLtMatmulAlgoGetHeuristic could not be located in the dynamic link "
        "library C:\\tools\\x\\cublasLt64_11.dll.",
        "Error: The procedure entry point cudaStreamGetCaptureInfo_v3 could not be located in the dynamic link "
        "library C:\\tools\\x\\engine.dll.",
    ):
        assert first(text)[0] != "cuda-driver-insufficient", text


def test_cuinit_no_device_in_one_windows_program_names_security_software() -> None:
    key, fix = first("encoder check: cuInit(0) returned CUDA_ERROR_NO_DEVICE\nC:\\Tools\\enc\\encoder64.exe exited")
    assert key == "cuinit-no-device" and "sandbox" in fix and "trusted" in fix
    # WSL keeps its own fix; a Linux process without Windows marks keeps the general one
    key, fix = first("CUDA_ERROR_NO_DEVICE from cuInit under WSL2, /usr/lib/wsl/lib/libcuda.so")
    assert key == "cuinit-no-device" and "sandbox" not in fix and "/usr/lib/wsl/lib" in fix
    key, fix = first("[E] cuda_driver.h: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected while calling cuInit")
    assert key == "cuinit-no-device" and "sandbox" not in fix


def test_nvencc_cuvid_reader_refusing_the_input_is_nvdec() -> None:
    text = (
        "NVEncC (x64) failed with exit code: 1\navcuvid: codec hevc unable to decode by cuvid.\nFailed to open "
        "input file.\nApp.ErrorAbortException: encoding failed"
    )
    key, fix = first(text)
    assert key == "nvdec-stream-unsupported" and "--avsw" in fix and "driver" in fix
    # FFmpeg's own NVDEC refusal keeps its fix
    key, fix = first("[hevc @ 0x5581] Failed setup for format cuda: hwaccel initialisation returned error.")
    assert key == "nvdec-stream-unsupported" and "--avsw" not in fix


def test_cycles_offers_no_gpu() -> None:
    key, fix = first("No compatible GPUs found for Cycles\nRequires NVIDIA GPU with compute capability 5.0")
    assert key == "app-cycles-no-compatible-gpu"
    assert "WITH_CYCLES_CUDA_BINARIES" in fix and "compute_cap" in fix and "driver" in fix
    key, fix = first("built from source with cmake\nNo compatible GPUs found for Cycles")
    assert key == "app-cycles-no-compatible-gpu" and fix.startswith("A build from source")


def test_precompiled_kernel_files_not_loadable() -> None:
    for text in (
        "2024-01-02 10:00:00,100 Error: failed to load module from buffer for 'ARGB_to_YUV444'\n"
        "AssertionError: failed to load ARGB_to_YUV444 for device 0",
        "Error: failed to load CUDA bin file '/usr/share/app/cuda/XRGB_to_NV12.fatbin'",
        "pycuda._driver.LogicError: cuModuleLoad failed: file not found",
    ):
        key, fix = first(text)
        assert key == "app-precompiled-kernel-missing" and "package" in fix, text
    key, fix = first(
        "Error: failed to load module from buffer for 'BGRX_to_NV12'\n"
        "pycuda._driver.LogicError: cuModuleLoadData failed: device kernel image is invalid"
    )
    # the driver's own reason for refusing the image is the more precise answer
    assert key == "kern-kernel-image-invalid"


def test_a_skipped_codec_module_is_a_notice() -> None:
    text = (
        "GPU 0: RTX A2000, encoder initialised with codecs: h264\nmodules found:\n"
        "* enc_x264            : usr/lib/python3/dist-packages/app/codecs/x264/encoder.so\n"
        "* dec_nvjpeg          : libnvjpeg.so.11: cannot open shared object file: No such file or directory\n"
        "* csc_extra           : No module named 'app.codecs.extra'"
    )
    found = explain(text)
    assert found.first_answer == "warnings-only" and found[0].key == "app-codec-module-skipped-notice"
    # the loader's own line outside such a listing stays a failure
    key, _ = first("ImportError: libnvjpeg.so.11: cannot open shared object file: No such file or directory")
    assert key == "shared-library-not-found"
    key, _ = first("ModuleNotFoundError: No module named 'app.codecs.extra'")
    assert key == "py-module-missing"


def test_miner_nvml_warnings_are_notices() -> None:
    text = (
        "20230101 10:00:00 WARN: NVML error, code 9\n20230101 10:00:00 NVIDIA Driver version N/A\n"
        "20230101 10:00:00 WARN: Can't initialize NVML. GPU monitoring will be disabled."
    )
    found = explain(text)
    assert found.first_answer == "warnings-only" and found[0].key == "app-miner-nvml-disabled-notice"


def test_miner_dataset_larger_than_free_memory_is_out_of_memory() -> None:
    text = (
        "20230101 10:00:00 WARN: NVML: can't get power for GPU #1, not supported\n"
        "20230101 10:00:01 GPU #1: not enough free memory to mine etchash at epoch 300"
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "DAG" in fix and "smaller memory need" in fix
    # torch's OOM keeps its own fix
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert key == "gpu-out-of-memory" and "DAG" not in fix


def test_miner_without_a_kernel_for_the_compute_capability() -> None:
    key, fix = first("10:00:01 Krnl[02]: *Cannot configure CUDA-Kernel (CU_X-B011#0-89) for compute 8.9")
    assert key == "gpu-arch-unsupported" and "miner" in fix
    key, fix = first("RuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert key == "gpu-arch-unsupported" and "miner" not in fix
