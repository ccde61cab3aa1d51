"""`explain`, round forty-eight (issue 36): GPU drivers and virtualization. NVML's version mismatch in tools' own
prefixes and with a kernel module built apart from the user space, NVRM's refusal of a GPU its release does not list
(a vGPU slice in a guest), NVRM's unassigned PCI BARs (eGPU, VM), DKMS's failed module builds, distributions' own
"NVIDIA kernel module is not loaded" (Secure Boot, hardened kernels), Vulkan's initialisation failure and device
loss in a desktop renderer, and ROCm's HSA memory access fault. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

_MISMATCH = "Driver/library version mismatch"


def test_nvml_mismatch_in_tools_own_words() -> None:
    for text in (
        "$ nvtop\nImpossible to initialize nvidia nvml : " + _MISMATCH,
        "pynvml.nvml.NVMLError_LibRmVersionMismatch: " + _MISMATCH,
    ):
        key, fix = first(text)
        assert key == "host-driver-reboot", text
        assert "/proc/driver/nvidia/version" in fix
    # another NVML error behind nvtop's prefix is not the mismatch
    assert first("Impossible to initialize nvidia nvml : Driver Not Loaded")[0] != "host-driver-reboot"


def test_nvml_mismatch_with_a_module_built_from_source() -> None:
    text = (
        "sudo ./NVIDIA-Linux-x86_64-560.35.03.run --no-kernel-modules\n"
        "cd open-gpu-kernel-modules && make modules -j16 && sudo make modules_install\n"
        "$ nvidia-smi\nFailed to initialize NVML: " + _MISMATCH + "\nNVML library version: 560.35"
    )
    key, fix = first(text)
    assert key == "host-driver-reboot" and "exactly" in fix and "modinfo nvidia" in fix
    # a plain mismatch after an upgrade keeps the reboot first
    key, fix = first("$ nvidia-smi\nFailed to initialize NVML: " + _MISMATCH)
    assert key == "host-driver-reboot" and fix.startswith("Reboot")


def test_nvrm_gpu_not_supported_by_release() -> None:
    lines = (
        "NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2330)\n"
        "NVRM: installed in this system is not supported by the\n"
        "NVRM: NVIDIA 525.60.13 driver release.\n"
        "nvidia: probe of 0000:01:00.0 failed with error -1\n"
        "NVRM: The NVIDIA probe routine failed for 1 device(s)."
    )
    key, fix = first(lines)
    assert key == "nvrm-gpu-not-supported-by-release" and "vGPU" in fix and "supported-GPU list" in fix
    key, fix = first("Proxmox guest with a vGPU profile (mdev)\n" + lines)
    assert key == "nvrm-gpu-not-supported-by-release" and "passthrough" in fix and "guest driver" in fix
    # the legacy-branch notice keeps its own family
    legacy = (
        "NVRM: The NVIDIA Tesla K80 GPU installed in this system is\nNVRM:  supported through the NVIDIA 470.xx "
        "Legacy drivers. Please\nNVRM: The NVIDIA probe routine failed for 1 device(s)."
    )
    assert first(legacy)[0] == "host-driver-legacy-gpu"


def test_nvrm_pci_bar_unassigned() -> None:
    bar = (
        "NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:\n"
        "NVRM: BAR1 is 0M @ 0x0 (PCI:0000:0b:00.0)\n"
        "NVRM: The system BIOS may have misconfigured your GPU.\n"
        "nvidia: probe of 0000:0b:00.0 failed with error -1\n"
        "NVRM: The NVIDIA probe routine failed for 1 device(s)."
    )
    key, fix = first(bar)
    assert key == "host-gpu-pci-bar-unassigned" and "Above 4G" in fix and "pci=realloc" in fix
    key, fix = first("my eGPU enclosure over Thunderbolt 3\n" + bar)
    assert key == "host-gpu-pci-bar-unassigned" and "hpmmioprefsize" in fix and "attached" in fix
    key, fix = first("GPU passthrough to a QEMU VM\n" + bar)
    assert key == "host-gpu-pci-bar-unassigned" and "OVMF" in fix
    # the probe failing with no BAR message keeps the module-load answer
    assert first("NVRM: The NVIDIA probe routine failed for 1 device(s).")[0] == "host-kernel-module-load"


def test_dkms_build_of_the_nvidia_module_failed() -> None:
    for text in (
        "Building DKMS module 'nvidia-550.78' for kernel-6.9.1_1... FAILED!\n"
        "DKMS module 'nvidia-550.78' failed to build, please check /var/lib/dkms\nfor errors in the log file.",
        "Building module:\nError! Bad return status for module build on kernel: 6.8.0-31-generic (x86_64)\n"
        "Consult /var/lib/dkms/nvidia/535.171.04/build/make.log for more information.",
    ):
        key, fix = first(text)
        assert key == "host-kernel-module-load", text
        assert "make.log" in fix and "headers" in fix
    # DKMS failing for another module is not the NVIDIA driver's
    other = (
        "Error! Bad return status for module build on kernel: 6.8.0-31-generic (x86_64)\n"
        "Consult /var/lib/dkms/virtualbox/7.0.14/build/make.log for more information."
    )
    assert first(other)[0] != "host-kernel-module-load"


def test_distribution_says_the_nvidia_module_is_not_loaded() -> None:
    key, fix = first(
        "Hardware encoding failed.\nThe NVIDIA kernel module is not loaded. Check Secure Boot and the kernel "
        "arguments (kargs)."
    )
    assert key == "host-driver-not-loaded" and "/proc/cmdline" in fix and "MOK" in fix
    key, fix = first("Error: could not load the NVIDIA kernel module; Secure Boot is enabled")
    assert key == "host-driver-not-loaded" and "mokutil" in fix
    key, fix = first("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service")
    assert key == "host-kernel-module-load" and "mokutil" in fix
    # a module that loaded is no failure of this family
    assert first("The NVIDIA kernel module is loaded and ready")[0] != "host-driver-not-loaded"


def test_vulkan_initialization_failed() -> None:
    key, fix = first("$ editor .\nerror opening workspace: VulkanError(ERROR_INITIALIZATION_FAILED)")
    assert key == "vulkan-initialization-failed" and "NVreg_PreserveVideoMemoryAllocations" in fix
    key, fix = first("after resume from suspend:\nthread 'main' panicked: VK_ERROR_INITIALIZATION_FAILED")
    assert key == "vulkan-initialization-failed" and "nvidia-suspend" in fix
    # vulkan-hpp's own words stay the no-device family's
    assert first("vk::createInstance: ErrorInitializationFailed")[0] == "vulkan-no-device"


def test_vulkan_gpu_crash_on_a_hybrid_laptop() -> None:
    text = (
        "GPU: Intel Alder Lake-P [Iris Xe Graphics]\nNVIDIA GeForce RTX 3050 Laptop GPU\n"
        "thread 'main' panicked: GPU has crashed, and no debug information is available."
    )
    key, fix = first(text)
    assert key == "vulkan-device-lost" and "__NV_PRIME_RENDER_OFFLOAD" in fix and "VK_ICD_FILENAMES" in fix
    # an ncnn job's device loss keeps the tile-size fix
    key, fix = first("vkWaitForFences failed -4")
    assert key == "vulkan-device-lost" and "tile" in fix


def test_rocm_gpu_memory_access_fault() -> None:
    fault = (
        "Memory access fault by GPU node-2 (Agent handle: 0x5581f0a3c1b0) on address 0x7f3e10400000. Reason: "
        "Page not present or supervisor privilege.\nAborted (core dumped)"
    )
    key, fix = first(fault)
    assert key == "rocm-gpu-memory-access-fault" and "AMD_SERIALIZE_KERNEL" in fix
    key, fix = first("export HSA_OVERRIDE_GFX_VERSION=9.0.0\n" + fault)
    assert key == "rocm-gpu-memory-access-fault" and "close target" in fix
    key, fix = first("Loading a GPTQ model with gptqmodel\n" + fault)
    assert key == "rocm-gpu-memory-access-fault" and "bf16" in fix
