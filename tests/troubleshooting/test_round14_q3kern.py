"""`explain`, round fourteen, kernels not built for the GPU, Triton's launcher, CUDA version texts, mixed library
releases and apps' own Pythons (issue 36): CUDA's 'named symbol not found' (a kernel without a build for this GPU),
Triton's 'Triton Error [CUDA]: ...' weighed against the driver a text names, Triton's launcher compiled against a
pre-12 cuda.h (MSVC and gcc), error 35 on a hosted CI runner, a device-side assert after a quantized checkpoint, two
cuDNN 8 releases in a spaced loader message, a CUDA_HOME that holds a PATH list or a placeholder, and a missing
tensorrt inside ComfyUI's embedded Python. Each wording comes from the library's own source (the rows'
``example_source``), with near misses that must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_named_symbol_not_found_is_a_kernel_without_a_build_for_this_gpu() -> None:
    # torch's C10_CUDA_CHECK wording of cudaErrorSymbolNotFound (500), as gpt-fast's int4 path on an RTX 2080 Ti
    text = (
        "RuntimeError: CUDA error: named symbol not found\nCUDA kernel errors might be asynchronously reported at "
        "some other API call, so the stacktrace below might be incorrect."
    )
    fix = answer(text, "gpu-kernel-needs-newer-gpu").fix
    assert "TORCH_CUDA_ARCH_LIST" in fix and "compute_cap" in fix and "int8" in fix
    # the int4 weight-only kernel named: torch's tinygemm needs Ampere
    int4 = (
        text
        + '\n  File "gpt-fast/quantize.py", line 380, in linear_forward_int4\n    torch.ops.aten._weight_int4pack_mm'
    )
    assert "8.0 (Ampere)" in answer(int4, "gpu-kernel-needs-newer-gpu").fix
    # the error's number in the driver API's name
    assert keys("cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND")[:1] == ["gpu-kernel-needs-newer-gpu"]
    # near misses: a file or a model key not found is no CUDA symbol
    assert "gpu-kernel-needs-newer-gpu" not in keys("KeyError: symbol not found in the state dict")
    assert "gpu-kernel-needs-newer-gpu" not in keys("OSError: libfoo.so: cannot open shared object file: not found")


def test_triton_cuda_error_with_an_old_driver() -> None:
    # triton's driver.c gpuAssert: "Triton Error [CUDA]: " + cuGetErrorString's message
    old = (
        "RuntimeError: Triton Error [CUDA]: invalid argument\n"
        "| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4 |"
    )
    found = answer(old, "cuda-driver-insufficient")
    assert "bundled ptxas" in found.fix and "R525" in found.fix
    # a current driver and a shared-memory note: the kernel's configuration
    smem = "RuntimeError: Triton Error [CUDA]: invalid argument\n(num_stages=4 needs 160 KB shared memory; T4)"
    assert answer(smem, "kern-triton-out-of-resources")
    # nothing decides: "likely", naming both
    bare = answer("RuntimeError: Triton Error [CUDA]: invalid argument", "kern-triton-cuda-error")
    assert bare.confidence == "likely" and "cuda-driver-insufficient" in bare.alternatives
    assert "R525" in bare.fix and "num_stages" in bare.fix
    new = "RuntimeError: Triton Error [CUDA]: invalid argument\nDriver Version: 560.35.03"
    assert keys(new)[0] != "cuda-driver-insufficient"
    # c10's driver-API wording when inductor's C++ wrapper launches the cubins; a PTX from a newer toolchain
    inductor = (
        'RuntimeError: CUDA driver error: invalid argument\n  File "torch/_inductor/runtime/triton_heuristics.py"'
    )
    assert keys(inductor)[0] == "kern-triton-cuda-error"
    ptx = "RuntimeError: Triton Error [CUDA]: the provided PTX was compiled with an unsupported toolchain."
    assert keys(ptx)[0] == "cuda-driver-insufficient"
    # near misses: c10's driver error without Triton in the text, another launcher's invalid argument, Triton's
    # illegal address (a kernel bug, other rows)
    assert "kern-triton-cuda-error" not in keys("RuntimeError: CUDA driver error: invalid argument")
    assert "kern-triton-cuda-error" not in keys("RuntimeError: CUDA error: invalid argument")
    assert "kern-triton-cuda-error" not in keys("Triton Error [CUDA]: an illegal memory access was encountered")


def test_triton_launcher_against_an_old_cuda_header() -> None:
    # triton-windows compiling driver.c as cuda_utils.c with MSVC against a CUDA 11.8 cuda.h (Zonos-for-windows#53)
    msvc = (
        "C:\\Users\\u\\AppData\\Local\\Temp\\tmpa6\\cuda_utils.c(406): error C2146: syntax error: missing ';' before "
        "identifier 'cuTensorMapEncodeTiled'\n"
        "C:\\Users\\u\\AppData\\Local\\Temp\\tmpa6\\cuda_utils.c(409): error C2065: 'CUtensorMap': undeclared "
        "identifier"
    )
    fix = answer(msvc, "kern-triton-launcher-cuda-headers").fix
    assert "CUDA_PATH" in fix and "triton-windows" in fix
    # gcc's wording on Linux, with an older toolkit first on CPATH
    gcc = "/tmp/tmpx/cuda_utils.c:120:3: error: unknown type name 'CUtensorMap'"
    assert "CPATH" in answer(gcc, "kern-triton-launcher-cuda-headers").fix
    # no cuda.h at all
    nohdr = "/tmp/tmpx/main.c:1:10: fatal error: cuda.h: No such file or directory"
    assert keys(nohdr)[0] == "kern-triton-launcher-cuda-headers"
    # MSVC's missing Python.h in the launcher is the C toolchain's row
    py = "C:\\Temp\\tmp1\\main.c(6): fatal error C1083: Cannot open include file: 'Python.h': No such file or directory"
    assert keys(py)[0] == "kern-triton-c-compiler"
    # near misses: CUtensorMap in the user's own CUDA file, and a cuda_utils.c error about something else
    assert "kern-triton-launcher-cuda-headers" not in keys(
        "my_kernel.cu(12): error: identifier 'CUtensorMap' is undefined"
    )
    assert "kern-triton-launcher-cuda-headers" not in keys("cuda_utils.c:10:5: error: expected ';' before 'return'")


def test_error_35_on_a_hosted_ci_runner_is_no_gpu() -> None:
    text = "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version"
    ci = "Run pytest -v tests/\n  env:\n    GITHUB_ACTIONS: true\n" + text
    found = answer(ci, "no-nvidia-gpu")
    assert "self-hosted" in found.fix and "skip" in found.fix
    # no context: still "likely", and the driver's fix asks nvidia-smi first
    bare = answer(text, "cuda-driver-insufficient")
    assert bare.confidence == "likely" and "no-nvidia-gpu" in bare.alternatives
    assert bare.fix.startswith("Run `nvidia-smi` first")
    # near miss: an NVIDIA GPU named on the runner (a self-hosted GPU runner) keeps the driver
    gpu = ci + "\nGPU 0: NVIDIA GeForce RTX 3090, Driver Version: 470.57"
    assert keys(gpu)[0] == "cuda-driver-insufficient"


def test_device_assert_after_a_quantized_checkpoint() -> None:
    text = (
        "RuntimeError: CUDA error: device-side assert triggered\n(happens only with InternVL3-8B-AWQ, not the bf16 "
        "model)"
    )
    fix = answer(text, "torch-device-assert").fix
    assert "lmdeploy" in fix and "CUDA_LAUNCH_BLOCKING=1" in fix and "unquantized" in fix
    # near miss: an embedding index assert without a quantized model keeps the embedding fix
    emb = "Assertion `srcIndex < srcSelectDimSize` failed.\nRuntimeError: CUDA error: device-side assert triggered"
    assert "num_embeddings" in answer(emb, "torch-device-assert").fix


def test_two_cudnn_releases_in_a_spaced_loader_message() -> None:
    # Paddle's loader prints " :undefined symbol: X , version Y" with spaces around the colon and the comma
    text = (
        "Could not load library libcudnn_cnn_train.so.8.     Error: /env/lib/libcudnn_ops_train.so.8 :undefined "
        "symbol: _ZN5cudnn3ops26JoinInternalPriorityStreamEP12cudnnContexti , version libcudnn_ops_infer.so.8"
    )
    assert "two cuDNN releases" in answer(text, "cuda-library-mixed-versions").fix
    # near miss: a cuDNN library simply missing is a major / path problem
    assert (
        keys(
            "Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared "
            "object file: No such file or directory"
        )[0]
        != "cuda-library-mixed-versions"
    )


def test_cuda_home_holding_a_path_list_or_a_placeholder() -> None:
    text = (
        "/bin/sh: 1: [path-to-my-cuda]/lib64:/bin/nvcc: not found\nRuntimeError: Error compiling objects for extension"
    )
    fix = answer(text, "build-cuda-home-unset").fix
    assert "toolkit's root" in fix and "PATH-style" in fix
    # bash's wording, a toolkit folder without nvcc: the family, with its general fix
    bash = "bash: /usr/local/cuda-11.3/bin/nvcc: No such file or directory"
    found = answer(bash, "build-cuda-home-unset")
    assert "PATH-style" not in found.fix
    # a trailing separator in CUDA_HOME shown with the error
    trail = "CUDA_HOME=/usr/local/cuda-10.0: \n/bin/sh: 1: /usr/local/cuda-10.0:/bin/nvcc: not found"
    assert "PATH-style" in answer(trail, "build-cuda-home-unset").fix
    # near miss: nvcc mentioned without the shell's not-found
    assert "build-cuda-home-unset" not in keys("/usr/local/cuda/bin/nvcc -c kernel.cu -o kernel.o")


def test_a_missing_tensorrt_inside_comfyuis_embedded_python() -> None:
    text = (
        '  File "E:\\AI\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\comfyui_tensorrt\\tensorrt_convert.py", '
        "line 7\n"
        "    import tensorrt as trt\nModuleNotFoundError: No module named 'tensorrt'\n"
        "Cannot import E:\\AI\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\comfyui_tensorrt module for custom "
        "nodes: No module named 'tensorrt'"
    )
    fix = answer(text, "tensorrt-module-missing").fix
    assert "python_embeded\\python.exe -s -m pip install tensorrt-cu12" in fix and "skipped" in fix
    webui = "stable-diffusion-webui\\extensions\\x\\install.py\nModuleNotFoundError: No module named 'tensorrt'"
    assert "venv\\Scripts\\python.exe -m pip install tensorrt-cu12" in answer(webui, "tensorrt-module-missing").fix
    # near miss: a plain script keeps the general fix
    plain = "ModuleNotFoundError: No module named 'tensorrt'"
    assert "python_embeded" not in answer(plain, "tensorrt-module-missing").fix


def test_a_missing_module_inside_text_generation_webuis_environment() -> None:
    text = (
        "text-generation-webui\\installer_files\\env\\lib\\site-packages\\modules\\x.py\n"
        "ModuleNotFoundError: No module named 'exllamav2'"
    )
    assert "cmd_windows.bat" in answer(text, "py-module-missing").fix
    # near miss: a plain script keeps the interpreter's own pip
    assert "cmd_windows.bat" not in answer("ModuleNotFoundError: No module named 'exllamav2'", "py-module-missing").fix
