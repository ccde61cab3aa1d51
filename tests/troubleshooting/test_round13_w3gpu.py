"""`explain`, round thirteen, GPU models and generations and GPU hardware faults (issue 36): a GPU older than the
release in torch's and JAX's words, ptxas refusing a feature the target lacks, bitsandbytes' slow int8 notice, the
driver's Xid lines read by number, uncorrectable ECC in the runtime's, driver API's and NVML's words, nvidia-smi's ERR!
and "No devices were found", MIG setup and instances, throttle reasons, torch's CUDA_VERSION warning and a laptop's
hybrid graphics. Each wording comes from the product's own source (the rows' ``example_source``), with near misses
that must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_a_gpu_older_than_the_release() -> None:
    torch_text = (
        "UserWarning: \n    Found GPU0 Tesla K80 which is of cuda capability 3.7.\n    PyTorch no longer supports "
        "this GPU because it is too old.\n    The minimum cuda capability supported by this library is 5.0."
    )
    fix = answer(torch_text, "gpu-older-than-release").fix
    assert "get_arch_list" in fix and "TORCH_CUDA_ARCH_LIST" in fix
    jax_text = (
        "jax/_src/xla_bridge.py:900: RuntimeWarning: Device 0 has CUDA compute capability 5.2 which is lower than "
        "the minimum supported compute capability 6.0. See the JAX installation guide for more details"
    )
    fix = answer(jax_text, "gpu-older-than-release").fix
    assert "jaxlib" in fix and "JAX_PLATFORMS=cpu" in fix and "torch" not in fix
    # torch's other warning: the GPU is newer than the CUDA torch was built with
    newer = (
        "Found GPU0 NVIDIA GeForce RTX 3090 which requires CUDA_VERSION >= 11000 to\n     work properly, but your "
        "PyTorch was compiled\n     with CUDA_VERSION 10020. Please install the correct PyTorch binary"
    )
    assert answer(newer, "gpu-arch-unsupported")
    # near miss: a capability printed by a healthy probe
    assert "gpu-older-than-release" not in keys("Device 0: Tesla T4, compute capability 7.5, VMM: yes")


def test_ptxas_feature_requires_a_newer_target() -> None:
    triton = (
        "triton.compiler.errors.CompilationError: at 10:4\nptxas /tmp/tmpab/k.ptx, line 120; error   : Feature "
        "'.bf16' requires .target sm_80 or higher"
    )
    fix = answer(triton, "gpu-ptx-feature-arch").fix
    assert "float16" in fix and "torch.compile" in fix
    nvcc = "ptxas /tmp/tmpxft_0001/kernel.ptx, line 55; error   : Feature 'cp.async' requires .target sm_80 or higher"
    fix = answer(nvcc, "gpu-ptx-feature-arch").fix
    assert "-gencode" in fix
    # near miss: prose about a feature, not ptxas' message
    assert "gpu-ptx-feature-arch" not in keys("This feature requires sm_80 or higher")


def test_bitsandbytes_slow_int8_is_a_notice() -> None:
    text = "UserWarning: WARNING: Compute capability < 7.5 detected! Only slow 8-bit matmul is supported for your GPU!"
    found = explain(text)
    assert found and found[0].key == "gpu-bnb-slow-int8-notice" and found[0].severity == "warning"
    # with a failure in the same text, the failure is the answer
    both = text + "\nRuntimeError: CUDA error: no kernel image is available for execution on the device"
    assert explain(both)[0].key != "gpu-bnb-slow-int8-notice"


def test_xid_lines_are_read_by_number() -> None:
    bus = "[ 1234.5] NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus."
    fix = answer(bus, "gpu-xid").fix
    assert "PCIe" in fix and "power" in fix
    app = (
        "NVRM: Xid (PCI:0000:01:00): 13, pid=2345, name=python, Graphics SM Warp Exception on (GPC 0, TPC 0, SM 0): "
        "Out Of Range Address\nRuntimeError: CUDA error: unspecified launch failure"
    )
    fix = answer(app, "gpu-xid").fix
    assert "compute-sanitizer" in fix and "not the hardware" in fix
    ecc = "NVRM: Xid (PCI:0000:01:00): 94, pid=2345, name=python, Contained: SM (0x1). RST: No, D-RST: No"
    assert "ROW_REMAPPER" in answer(ecc, "gpu-xid").fix
    gsp = "NVRM: Xid (PCI:0000:01:00): 119, pid=2345, name=python, Timeout after 6s of waiting for RPC response"
    assert "NVreg_EnableGpuFirmware=0" in answer(gsp, "gpu-xid").fix
    nvlink = "NVRM: Xid (PCI:0000:07:00): 74, pid=2345, name=python, NVLink: fatal error detected on link 3"
    assert "nvlink" in answer(nvlink, "gpu-xid").fix
    # near miss: a user grepping for Xid lines
    assert "gpu-xid" not in keys("sudo dmesg -T | grep -i xid")


def test_uncorrectable_ecc_in_each_products_words() -> None:
    for text in (
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_ECC_UNCORRECTABLE: uncorrectable ECC error "
        "encountered",
        "tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:274] Unexpected Event status: 1\n"
        "CUDA_ERROR_ECC_UNCORRECTABLE",
        "pynvml.NVMLError: NVML_ERROR_ECC_UNCORRECTABLE",
    ):
        fix = answer(text, "gpu-ecc-uncorrectable").fix
        assert "ROW_REMAPPER" in fix and "nvidia-smi -r" in fix
    slurm = "slurmstepd: error: task 0\nRuntimeError: CUDA error: uncorrectable ECC error encountered"
    assert "--exclude" in answer(slurm, "gpu-ecc-uncorrectable").fix
    nvlink = "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"
    assert "nvlink -e" in answer(nvlink, "gpu-nvlink-uncorrectable").fix
    assert answer("pynvml.nvml.NVMLError_GPUIsLost: GPU is lost", "host-gpu-lost")
    # near miss: nvidia-smi's ECC table with no errors is no failure
    assert "gpu-ecc-uncorrectable" not in keys("Volatile Uncorr. ECC\n|   0  |")


def test_nvidia_smi_err_and_no_devices() -> None:
    table = (
        "|   0  NVIDIA A100-SXM4-80GB  On   | 00000000:07:00.0 Off |                 ERR! |\n"
        "| N/A   ERR!  P0    ERR! / 400W |      0MiB / 81920MiB |    ERR!      Default |"
    )
    assert answer(table, "gpu-smi-err").confidence == "likely"
    assert "gpu-smi-err" not in keys("ERROR: the build failed")
    nodev = "$ nvidia-smi\nNo devices were found"
    fix = answer(nodev, "gpu-smi-no-devices").fix
    assert "lspci" in fix
    laptop = "$ nvidia-smi\nNo devices were found\nNVIDIA GeForce RTX 3050 Laptop GPU, prime-select query: intel"
    assert "prime-select nvidia" in answer(laptop, "gpu-smi-no-devices").fix
    assert "gpu-smi-no-devices" not in keys("INFO: No devices were found matching the filter, skipping")
    # the hybrid-graphics variant of the driver that is not loaded
    hybrid = (
        "$ prime-select query\nintel\n$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the "
        "NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."
    )
    assert "prime-select nvidia" in answer(hybrid, "host-driver-not-loaded").fix
    plain = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
    assert "prime-select" not in answer(plain, "host-driver-not-loaded").fix


def test_mig_setup_and_devices() -> None:
    pending = "Warning: MIG mode is in pending enable state for GPU 00000000:07:00.0:In use by another client"
    assert "-mig 1" in answer(pending, "gpu-mig-setup").fix
    none = "No MIG-enabled devices found."
    assert "-mig 1" in answer(none, "gpu-mig-setup").fix
    create = "Unable to create a GPU instance on GPU 0 using profile 9: Insufficient Resources"
    assert "-lgip" in answer(create, "gpu-mig-setup").fix
    several = (
        "export CUDA_VISIBLE_DEVICES=MIG-4b2f9c1e-1111-5d6a-9f1e-7c0f2a1b3c4d,MIG-8a7b6c5d-2222-5e4f-8a9b-1c2d3e4f5a6b"
    )
    assert "one per process" in answer(several, "gpu-mig-no-instance").fix
    enabled = "MIG mode is enabled on GPU 0\nRuntimeError: CUDA error: no CUDA-capable device is detected"
    assert answer(enabled, "gpu-mig-no-instance")
    # near miss: one MIG instance named is the supported way
    assert "gpu-mig-no-instance" not in keys("CUDA_VISIBLE_DEVICES=MIG-4b2f9c1e-1111-5d6a-9f1e-7c0f2a1b3c4d")


def test_throttle_reasons_are_a_notice() -> None:
    text = (
        "    Clocks Event Reasons\n        Idle                              : Not Active\n"
        "        HW Slowdown                       : Active\n        HW Thermal Slowdown               : Active"
    )
    found = explain(text)
    assert found and found[0].key == "gpu-clocks-throttled" and found[0].severity == "warning"
    old = "    Clocks Throttle Reasons\n        SW Power Cap                      : Active"
    assert explain(old)[0].key == "gpu-clocks-throttled"
    # near miss: every reason Not Active
    idle = (
        "        HW Slowdown                       : Not Active\n        SW Thermal Slowdown               : Not Active"
    )
    assert "gpu-clocks-throttled" not in keys(idle)


def test_a_kernel_library_for_one_generation() -> None:
    fa3 = "RuntimeError: FlashAttention only supports Hopper GPUs or newer."
    assert "scaled_dot_product_attention" in answer(fa3, "gpu-kernel-needs-newer-gpu").fix
    paddle = "(Unavailable) FlashAttention-3 only supports Hopper GPUs. [Hint: paddle/phi/kernels/gpu/x.cu]"
    assert "FLAGS_flash_attn_version" in answer(paddle, "gpu-kernel-needs-newer-gpu").fix
    # FlashAttention-2's own Ampere check keeps its row
    assert answer("RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "torch-flash-attn-gpu")
    sdpa = (
        "UserWarning: Flash attention only supports gpu architectures in the range [sm80, sm90]. Attempting to run "
        "on a sm 7.5 gpu. (Triggered internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:193.)"
    )
    found = explain(sdpa)
    assert found[0].key == "gpu-sdpa-flash-arch-notice" and found[0].severity == "warning"
    ollama = 'level=INFO source=gpu.go:263 msg="[0] CUDA GPU is too old. Compute Capability detected: 3.5"'
    assert "ollama" in answer(ollama, "gpu-older-than-release").fix
    rtx = (
        "[E] IRuntime::deserializeCudaEngine: Error Code 1: Serialization (Serialization assertion failed. "
        "Supported compute capabilities: 8.0 8.6 8.9 12.0 12.1 >12.0)"
    )
    assert "full TensorRT" in answer(rtx, "gpu-arch-unsupported").fix
    # near miss: prose about a product that runs on several generations
    assert "gpu-kernel-needs-newer-gpu" not in keys("This build supports Ampere and Hopper GPUs.")


def test_xformers_bfloat16_on_a_gpu_below_ampere() -> None:
    text = (
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "     query       : shape=(2, 4096, 8, 40) (torch.bfloat16)\n"
        "`cutlassF` is not supported because:\n    bf16 is only supported on A100+ GPUs"
    )
    assert "float16" in answer(text, "kern-xformers-no-operator").fix
    # near miss: a build that loaded no kernel keeps the install fix
    built = "No operator found for `memory_efficient_attention_forward`\n    Operator wasn't built - see xformers.info"
    assert "index" in answer(built, "kern-xformers-no-operator").fix
