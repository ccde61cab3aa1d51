"""`explain`, round seventeen, host set-ups (issue 36): apt failing inside an image build, NCCL's WARN line followed
by its error-return chain, the CUDA driver API's cuInit finding no device (WSL2's shadowed libcuda), a host compiler
too old for torch's headers, CUDA inside an SGX / Gramine enclave, PyTorch's wheel index for a CUDA tag it never
published, onnxruntime-gpu on a machine without an NVIDIA GPU and a device-side assert in an OpenMMLab stack. Each
wording comes from the program's own source; near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_apt_in_an_image_build() -> None:
    # apt-get's own lines (cmdline/apt-get.cc, apt-private/private-cacheset.cc)
    e = answer(
        "E: Unable to locate package python3.12-distutils\nE: Couldn't find any package by glob 'python3.12-distutils'",
        "container-apt-package-missing",
    )
    assert "setuptools" in e.fix and "3.12" in e.fix
    e = answer(
        "E: Unable to locate package libcudnn7\nE: Version '2.4.8-1+cuda10.1' for 'libnccl2' was not found",
        "container-apt-package-missing",
    )
    assert "cudnn" in e.fix.lower() and "madison" in e.fix
    e = answer("E: Package 'libgl1-mesa-glx' has no installation candidate", "container-apt-package-missing")
    assert "apt-cache policy" in e.fix
    # near misses: apt's progress lines, a sentence about a package
    assert "container-apt-package-missing" not in keys("Reading package lists... Done\nBuilding dependency tree")
    # the build's own last line is downstream of apt's error
    built = (
        'E: Unable to locate package python3.12-distutils\nERROR: failed to solve: process "/bin/sh -c apt-get '
        'install -y python3.12-distutils" did not complete successfully: exit code: 100'
    )
    assert keys(built)[:2] == ["container-apt-package-missing", "container-build-step-failed"]
    old = "The command '/bin/sh -c pip install -r requirements.txt' returned a non-zero code: 137"
    assert "MAX_JOBS" in answer(old, "container-build-step-failed").fix
    assert "container-apt-package-missing" not in keys("I was unable to locate package docs for libcudnn8")


def test_apt_repository_key_or_release() -> None:
    # apt's gpgv method after NVIDIA's 2022 key rotation; an end-of-life release's archive
    key = (
        "W: GPG error: <nvidia-repo>/compute/cuda/repos/ubuntu1804/x86_64  InRelease: The "
        "following signatures couldn't be verified because the public key is not available: NO_PUBKEY "
        "A4B469963BF863CC\nE: The repository '<nvidia-repo>/compute/cuda/repos/ubuntu1804/"
        "x86_64  InRelease' is not signed."
    )
    e = answer(key, "container-apt-repository-key")
    assert "cuda-keyring" in e.fix
    eol = "E: The repository '<ubuntu-mirror>/ubuntu groovy Release' does not have a Release file."
    assert keys(eol)[:1] == ["container-apt-repository-key"]
    # near miss: apt's normal fetch lines
    assert "container-apt-repository-key" not in keys("Get:1 <ubuntu-mirror>/ubuntu jammy InRelease [270 kB]")


def test_nccl_warn_followed_by_its_return_chain() -> None:
    text = (
        "::16674:17023 [0] NCCL INFO NCCL_GRAPH_FILE set by environment to /opt/microsoft/ncv4/graph.xml\n"
        "::16674:17023 [0] graph/search.cc:703 NCCL WARN XML Import Channel : dev 1 not found.\n"
        "::16674:17023 [0] NCCL INFO graph/search.cc:733 -> 2\n"
        "::16674:17023 [0] NCCL INFO graph/search.cc:740 -> 2\n"
    )
    found = explain(text)
    assert found.outcome != "warnings-only"
    assert found[0].key == "nccl-warn-return-chain" and "NCCL_GRAPH_FILE" in found[0].fix
    # near misses: a return chain without a WARN, NCCL's "-> 0" and a plain WARN line
    assert "nccl-warn-return-chain" not in keys("NCCL INFO graph/search.cc:733 -> 2")
    assert "nccl-warn-return-chain" not in keys("x NCCL WARN something\nNCCL INFO init.cc:100 -> 0")
    assert "nccl-warn-return-chain" not in keys("node1:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0")


def test_cuinit_finds_no_device() -> None:
    taichi = (
        "[E 12/20/24 08:45:40.689 2984] [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_NO_DEVICE: no "
        "CUDA-capable device is detected while calling init (cuInit)"
    )
    e = answer(taichi, "cuinit-no-device")
    assert "/usr/lib/wsl/lib" in e.fix and "nvidia-smi" in e.fix
    e = answer(taichi + "\nLinux DESKTOP 5.15.167.4-microsoft-standard-WSL2", "cuinit-no-device")
    assert "Windows" in e.fix and "purge" in e.fix
    # near misses: torch's own no-GPU line stays no-gpu-visible; cuInit's other codes are host-cuinit-failed's
    assert "cuinit-no-device" not in keys("RuntimeError: Found no NVIDIA driver on your system.")
    assert "cuinit-no-device" not in keys("failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error")


def test_host_compiler_too_old() -> None:
    # torch/utils/cpp_extension.py's ABI warning, then ATen's #error
    text = (
        "Your compiler (c++ 4.8.5) may be ABI-incompatible with PyTorch!\n"
        "Please use a compiler that is ABI-compatible with GCC 5.0 and above.\n"
        "torch/include/ATen/ATen.h:4:2: error: #error C++14 or later compatible compiler is required to use ATen.\n"
    )
    e = answer(text, "build-host-compiler-too-old")
    assert "CXX" in e.fix and "gxx_linux-64" in e.fix and "devtoolset" in e.fix
    assert keys("g++: error: unrecognized command line option '-std=c++17'")[:1] == ["build-host-compiler-too-old"]
    # near misses: a newer compiler in the same warning, nvcc not knowing c++17 (build-cxx-standard)
    assert "build-host-compiler-too-old" not in keys("Your compiler (c++ 11.4.0) may be ABI-incompatible with PyTorch!")
    assert keys("nvcc fatal   : Value 'c++17' is not defined for option 'std'")[:1] == ["build-cxx-standard"]


def test_cuda_inside_an_enclave() -> None:
    warn = (
        "UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 304: OS call failed "
        "or operation not supported on this OS"
    )
    e = answer("gramine-sgx ./pytorch pytorchexample.py\n" + warn, "enclave-no-gpu")
    assert "outside the enclave" in e.fix
    # without the enclave in the text: the 304 family, not framed as harmless, its fix names the sandbox
    found = explain(warn + "\nFalse")
    assert found.outcome != "warnings-only" and found[0].key == "cuda-os-call-failed"
    assert "Gramine" in found[0].fix
    # near misses: an enclave without CUDA, a word that merely contains the name
    assert "enclave-no-gpu" not in keys("gramine-sgx ./python script.py\nHello from the enclave")
    assert "enclave-no-gpu" not in keys("CUDA error: out of memory (the enclaves_dataset loader)")


def test_pytorch_index_for_an_unpublished_cuda_tag() -> None:
    text = (
        "pip install torch==2.10.0 torchvision --index-url <pytorch>/whl/cu131\n"
        "Looking in indexes: <pytorch>/whl/cu131\n"
        "ERROR: Could not find a version that satisfies the requirement torch==2.10.0 (from versions: none)"
    )
    e = answer(text, "py-pip-no-matching-distribution")
    assert "cu130" in e.fix and "index" in e.fix
    # near miss: the same pip line without a PyTorch index keeps the general fix
    plain = "ERROR: Could not find a version that satisfies the requirement foo==9.9 (from versions: none)"
    assert "cu130" not in answer(plain, "py-pip-no-matching-distribution").fix


def test_onnxruntime_gpu_without_an_nvidia_gpu() -> None:
    line = (
        "[E:onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] Failed to load library "
        "libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object file: No such "
        "file or directory"
    )
    e = answer(line, "cuda-library-major")
    assert "nvidia-smi" in e.fix and "CPU" in e.fix
    e = answer("GPU: Intel(R) UHD Graphics 620\n" + line, "cuda-library-major")
    assert e.fix.startswith("This machine has no NVIDIA GPU") and "CPUExecutionProvider" in e.fix


def test_device_assert_in_an_openmmlab_stack() -> None:
    text = "mmcv 1.5.2, mmdet3d 1.0.0rc3\nRuntimeError: CUDA error: device-side assert triggered"
    e = answer(text, "torch-device-assert")
    assert "mmcv" in e.fix and "pin" in e.fix
    bare = answer("RuntimeError: CUDA error: device-side assert triggered", "torch-device-assert")
    assert bare.situation is None and "pins" in bare.fix
