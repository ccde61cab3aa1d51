"""`explain`, round twenty-three (issue 36), machines without an NVIDIA GPU running CUDA code or CUDA builds (a Mac,
an Intel or AMD GPU, a CPU-only host): the fix reads the platform in the paste (/Users/, Darwin, /opt/homebrew,
macOS's temporary folders, xpu) and leads with what works there (mps / xpu / cpu, plain onnxruntime with CoreML, a
build without the CUDA extension), never "install a CUDA build" alone. Wordings are the libraries' own (torch's
_lazy_init, pip's resolver, NVIDIA's placeholder sdists, torch.utils.cpp_extension); near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_NOT_COMPILED = (
    'raise AssertionError("Torch not compiled with CUDA enabled")\nAssertionError: Torch not compiled with CUDA enabled'
)


def test_torch_without_cuda_on_a_mac_leads_with_mps_or_cpu() -> None:
    # torch/cuda/__init__.py, _lazy_init, under a Mac's home folder
    mac = (
        '  File "/Users/someone/miniconda3/envs/app/lib/python3.10/site-packages/torch/cuda/__init__.py", line 293, '
        "in _lazy_init\n" + _NOT_COMPILED
    )
    key, fix = first(mac)
    assert key == "torch-cpu-build" and fix.startswith("There is no CUDA on a Mac") and "'mps'" in fix
    # an app's variant (ComfyUI's Windows reinstall) must not win where the paste shows macOS
    comfy = (
        "Cannot import /Users/someone/ComfyUI/custom_nodes/ComfyUI-Node module for custom nodes: Torch not compiled "
        "with CUDA enabled"
    )
    key, fix = first(comfy)
    assert key == "torch-cpu-build" and "python_embeded" not in fix and "mps" in fix
    # the same line on Windows keeps the ComfyUI variant
    windows = (
        "Cannot import C:\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\ComfyUI-Node module for custom nodes: "
        "Torch not compiled with CUDA enabled"
    )
    assert "python_embeded" in first(windows)[1]
    # a bare line: the base fix offers the path for a machine without an NVIDIA GPU too
    key, fix = first("Inference error: Torch not compiled with CUDA enabled")
    assert key == "torch-cpu-build" and "With an NVIDIA GPU" in fix and "'mps'" in fix and "'xpu'" in fix


def test_torch_without_cuda_on_an_intel_xpu() -> None:
    xpu = "torch 2.8.0+xpu\nTraceback (most recent call last):\n" + _NOT_COMPILED
    key, fix = first(xpu)
    assert key == "torch-cpu-build" and "xpu" in fix and "Intel" in fix


def test_no_nvidia_driver_offers_the_cpu_path() -> None:
    line = (
        "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed "
        "a driver from http://www.nvidia.com/Download/index.aspx"
    )
    key, fix = first(line)
    assert key == "no-gpu-visible" and "map_location='cpu'" in fix and "device='cpu'" in fix
    mac = '  File "/Users/someone/MuseV/app.py", line 12, in <module>\n' + line
    key, fix = first(mac)
    assert key == "no-gpu-visible" and fix.startswith("A Mac has no NVIDIA GPU") and "spaces.GPU" in fix


def test_a_cuda_sdk_on_a_machine_without_an_nvidia_gpu() -> None:
    # the ZED SDK's own check, then CUDA's error 100 wording
    zed = (
        "No NVIDIA graphics card detected. Install an NVIDIA GPU, CUDA and restart your computer after completing "
        "installation.\nin Camera.cpp : cuda error [38]: no CUDA-capable device is detected."
    )
    key, fix = first(zed)
    assert key == "no-nvidia-gpu" and "cannot help" in fix
    # near miss: a GPU that was found
    assert "no-nvidia-gpu" not in keys("NVIDIA graphics card detected: GeForce RTX 3060")


def test_cuda_only_package_without_a_platform_wheel() -> None:
    # pip's resolver (src/pip/_internal/resolution/resolvelib/factory.py), on a Mac
    mac = (
        "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu==1.9.0 (from versions: none)"
        "\nERROR: No matching distribution found for onnxruntime-gpu==1.9.0\n"
        "Darwin host.local 22.3.0 Darwin Kernel Version 22.3.0: RELEASE_ARM64_T6000 arm64"
    )
    key, fix = first(mac)
    assert key == "py-pip-no-matching-distribution" and "no index has it for a Mac" in fix and "CoreML" in fix
    triton = "Processing /Users/someone/src/app\nERROR: No matching distribution found for triton==3.1.0"
    assert "no index has it for a Mac" in first(triton)[1]
    # without a Mac in the text: a Python the package has no wheel for (an NVIDIA machine), Windows' triton-windows
    bare = mac.rsplit("\n", 1)[0]
    assert "Python version" in first(bare)[1]
    assert "triton-windows" in first("ERROR: No matching distribution found for triton==3.1.0")[1]
    # near misses: another package on a Mac, a longer name that only starts like a CUDA one
    assert "for a Mac" not in first("Processing /Users/someone/app\nERROR: No matching distribution found for numpy")[1]
    assert "for a Mac" not in first("/Users/me\nERROR: No matching distribution found for tritonclient-extra")[1]


def test_vendor_placeholder_on_a_mac_and_for_tensorrt() -> None:
    placeholder = (
        "  Downloading nvidia-tensorrt-0.0.1.dev5.tar.gz (7.9 kB)\n"
        '        File "/private/var/folders/n5/abc/T/pip-install-x/nvidia-tensorrt_1/setup.py", line 150, in <module>\n'
        '          raise RuntimeError(open("ERROR.txt", "r").read())'
    )
    key, fix = first(placeholder)
    assert key == "pip-vendor-placeholder" and "Mac" in fix and "DALI loader" not in fix
    linux = placeholder.replace("/private/var/folders/n5/abc/T/", "/tmp/")
    key, fix = first(linux)
    assert key == "pip-vendor-placeholder" and "`pip install tensorrt`" in fix


def test_cuda_builds_on_a_mac() -> None:
    home = "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root."
    key, fix = first(home)
    assert key == "build-cuda-home-unset" and "Mac" in fix
    mac = "Processing /Users/someone/src/proj\n" + home
    key, fix = first(mac)
    assert key == "build-cuda-home-unset" and fix.startswith("There is no CUDA toolkit for a Mac")
    wheel = (
        "Processing /Users/someone/src/PROJ-GPU\n"
        "Requirement already satisfied: jax in /opt/homebrew/Caskroom/miniforge/base/lib/python3.12/site-packages\n"
        "  Building wheel for proj (setup.py) ... error\n  error: subprocess-exited-with-error"
    )
    key, fix = first(wheel)
    assert key == "build-pip-wheel-failed" and fix.startswith("On a Mac there is no CUDA")


def test_a_torch_extension_missing_its_cuda_runtime_is_no_tensorflow_warning() -> None:
    text = (
        "~/anaconda3/lib/python3.7/site-packages/warpctc_pytorch-0.1.1-py3.7-linux-x86_64.egg/warpctc_pytorch/"
        "__init__.py in <module>\n----> 6 from ._warp_ctc import *\n"
        "ImportError: libcudart.so.10.0: cannot open shared object file: No such file or directory"
    )
    key, fix = first(text)
    assert key == "cuda-library-major" and "TensorFlow" not in fix and "ldd" in fix and "CPU-only" in fix


def test_app_cuda_device_not_found() -> None:
    key, fix = first("Selected Device Not Found - Device: cuda, DeviceId: 0, PCIBusId: 4")
    assert key == "app-cuda-device-not-found" and "gfx" in fix and "CPU" in fix
    assert explain("Selected Device Not Found - Device: cuda").outcome == "explained"
    # near miss: a device that was found
    assert "app-cuda-device-not-found" not in keys("Selected device found - Device: cuda, DeviceId: 0")


def test_the_kernel_drivers_no_gpu_found_stays_the_driver_branchs() -> None:
    assert "no-nvidia-gpu" not in keys("NVRM: No NVIDIA GPU found.")
