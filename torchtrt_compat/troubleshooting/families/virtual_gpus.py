"""Virtualised and shared GPUs (issue 36, round twenty-four): CUDA refusing to start on an NVSwitch system whose
fabric is not initialised (cudaErrorSystemNotReady, 802: the fabric manager), and a client's "other side closed" /
"Server disconnected" from a service container that died. Patterns are keyed to the libraries' own wording (CUDA's
runtime error table, torch's c10/cuda/CUDAFunctions.cpp warning, undici's SocketError, httpx's RemoteProtocolError);
devices, sizes and paths are read from the text, never written into a pattern. A TensorRT execution context that a
memory-capped GPU slice cannot hold is a variant of the core gpu-out-of-memory row.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_test = tests_in("tests/troubleshooting/test_round24_v24virt.py")

_R48 = tests_in("tests/troubleshooting/test_round48_v48driver.py")

#: a virtual machine, a hypervisor or NVIDIA's vGPU in the text
_VGPU_VM = (
    r"\bvGPU\b|\bGRID\b|\bmdev\b|mediated device|\bVM\b|virtual machine|\bguest\b|\bKVM\b|\bQEMU\b"
    r"|\bProxmox\b|\bESXi\b|\bvSphere\b|\bHyper-V\b|\bXen\b|\blibvirt\b|\bvfio\b"
)

FAMILIES: tuple[KnownError, ...] = (
    # issue 36, round forty-eight: NVRM's refusal of a GPU its release does not list ("NVRM: The NVIDIA GPU <bus id>
    # (PCI ID: 10de:XXXX) / NVRM: installed in this system is not supported by the / NVRM: NVIDIA <version> driver
    # release."), without the legacy-branch notice (host-driver-legacy-gpu): a vGPU slice in a guest, which the
    # public driver does not drive, or a GPU newer than the release
    KnownError(
        "nvrm-gpu-not-supported-by-release",
        "NVRM: the NVIDIA GPU (PCI ID 10de:XXXX) installed in this system is not supported by the NNN driver "
        "release (a vGPU device in a guest, or a GPU newer than the driver)",
        r"NVRM:\s{0,4}(?:[^\n]{0,200}?\s)?installed in this system is not supported by the\b",
        "The driver's probe refused the device as one this release does not support: in a virtual machine given a "
        "vGPU slice (NVIDIA vGPU / GRID on KVM, Proxmox, VMware) the guest sees a vGPU device that only NVIDIA's "
        "vGPU (GRID) guest driver drives, never the public data-centre or GeForce driver; on bare metal or with the "
        "whole GPU passed through, the GPU is newer than this driver release (its PCI ID is not in the release's "
        "supported list). No GPU is initialised, so nvidia-smi and CUDA see none.",
        "If the machine is a VM with a vGPU (the host's `nvidia-smi vgpu` or `mdevctl list` shows the slice): "
        "install NVIDIA's vGPU (GRID) guest driver of the vGPU release the host's vGPU manager runs (from NVIDIA's "
        "licensing portal; it needs a license server), or pass the whole GPU through to the VM (vfio-pci) and use "
        "the public driver. Otherwise install a driver release whose supported-GPU list names the PCI ID the "
        "message prints (a newer branch), and reboot.",
        variants=(
            Variant(
                _VGPU_VM,
                "a vGPU slice in a virtual machine",
                "The guest has a vGPU slice, which the public driver does not support: install NVIDIA's vGPU (GRID) "
                "guest driver that matches the host's vGPU manager release (for an immutable or container OS, build "
                "it into the image or a system extension of your own, with its licensing configuration), or give "
                "the VM the whole GPU by PCI passthrough (vfio-pci on the host, no vGPU profile) and keep the public "
                "driver.",
                strict=True,
            ),
        ),
        unless=r"supported through the NVIDIA \d{3}\.xx Legacy drivers",
        weight=93,
        applies="Linux hosts and VM guests with the NVIDIA driver (vGPU guests on KVM / Proxmox / VMware; new GPUs)",
        shown_by=(_R48("test_nvrm_gpu_not_supported_by_release"),),
        example="NVRM: The NVIDIA GPU 0000:00:10.0 (PCI ID: 10de:1eb8)\nNVRM: installed in this system is not "
        "supported by the\nNVRM: NVIDIA 535.104.05 driver release.",
        example_source="the NVIDIA driver's kernel log (NVRM's probe of a GPU its release does not list)",
    ),
    KnownError(
        "cuda-system-not-ready-fabric",
        "CUDA error 802 'system not yet initialized' (NVSwitch systems: the fabric manager has not set the fabric up)",
        r"\bError 802: system not yet initialized|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY"
        r"|CUDA error: system not yet initialized|cuda runtime error \(802\)|\berror 802\b[^\n]{0,40}not yet initiali",
        "CUDA refuses to start (cudaErrorSystemNotReady, 802) on a GPU whose NVSwitch fabric is not set up: on an "
        "HGX / DGX system with NVSwitches the nvidia-fabricmanager service must initialise the fabric before any "
        "CUDA program runs, so nvidia-smi lists the GPUs while torch warns that cudaGetDeviceCount failed and sees "
        "no GPU. The fabric manager is not installed or not started, its version differs from the driver's, or the "
        "GPUs were passed to a VM without their NVSwitches.",
        "Start the fabric manager of exactly the driver's version: `sudo systemctl enable --now "
        "nvidia-fabricmanager` (the package nvidia-fabricmanager-<driver branch> matching `nvidia-smi`'s driver "
        "version), check `systemctl status nvidia-fabricmanager` and `nvidia-smi -q | grep -A2 -i fabric` (State: "
        "Completed), then start the CUDA program again. In a VM, pass the NVSwitches through with their GPUs (one "
        "of NVIDIA's supported passthrough partitions, or the shared-NVSwitch virtualisation mode with the fabric "
        "manager on the host); in a container, the fabric manager runs on the host, not in the image.",
        variants=(
            Variant(
                r"\bVM\b|virtual machine|passthrough|pass-through|\bvfio\b|\bKVM\b|\bQEMU\b|\blibvirt\b|\bESXi\b"
                r"|Proxmox|cloudpods|OpenStack",
                "GPUs passed through to a VM",
                "The VM got the GPUs but not the NVSwitch fabric: pass the NVSwitches through together with their "
                "GPUs (NVIDIA's supported full / partial passthrough partitions, with nvidia-fabricmanager running "
                "in the VM at the guest driver's version), or use the shared-NVSwitch mode where the host's fabric "
                "manager activates a partition for the VM's GPUs; a single GPU without its NVSwitch cannot run "
                "CUDA on these systems.",
                strict=True,
            ),
        ),
        cuda_errors=("cudaErrorSystemNotReady",),
        # torch logs the failed cudaGetDeviceCount as a UserWarning: CUDA is then unusable in this process
        severity="warns-of-failure",
        weight=86,
        applies="NVSwitch systems (HGX / DGX A100, H100, H200, B200) on bare metal, in VMs and containers",
        shown_by=(_test("test_cuda_802_is_the_fabric_manager"),),
        example="UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet "
        "initialized",
        example_source="https://github.com/yunionio/cloudpods/issues/21826; CUDA's runtime error table "
        "(cudaErrorSystemNotReady = 802, 'system not yet initialized'), torch c10/cuda/CUDAFunctions.cpp",
    ),
    KnownError(
        "vgpu-unlicensed",
        "NVIDIA vGPU guest without a license ('License Status: Unlicensed (Restricted)', nvidia-gridd failed to "
        "acquire a license): CUDA is throttled or refused",
        r"License Status\s{0,40}: Unlicensed\b"
        r"|nvidia-gridd(?:\[\d{1,8}\])?: (?:Failed to acquire license|License acquisition failed|Failed to register "
        r"client|Failed to (?:update|read) [^\n]{0,40}(?:token|trusted store))"
        r"|\bvGPU software license[^\n]{0,40}(?:expired|not (?:found|available|acquired))",
        "The guest runs NVIDIA's vGPU (GRID / Virtual Compute Server) driver, which needs a license from a license "
        "server (DLS / CLS): unlicensed, the driver restricts the GPU after a grace period (CUDA slowed to a crawl, "
        "then new contexts refused: 'busy or unavailable', NVML errors), so nvidia-smi still lists the GPU while "
        "programs fail or crawl.",
        "License the guest: put the license server's client configuration token in /etc/nvidia/ClientConfigToken/, "
        "set FeatureType in /etc/nvidia/gridd.conf, restart nvidia-gridd (`sudo systemctl restart nvidia-gridd`, its "
        "messages are in the system log) and check `nvidia-smi -q | grep -A2 -i license` shows Licensed; on "
        "Kubernetes give the GPU operator's driver its licensing config map. Keep the guest driver of the vGPU "
        "release the host's vGPU manager runs, then restart the CUDA program.",
        weight=84,
        applies="NVIDIA vGPU guests (VMware, KVM / Proxmox, cloud fractional GPUs such as A10 / L4 vGPU VMs)",
        shown_by=(_test("test_vgpu_guest_without_a_license"),),
        example="    vGPU Software Licensed Product\n        Product Name               : NVIDIA Virtual Compute "
        "Server\n        License Status             : Unlicensed (Restricted)",
        example_source="https://github.com/NVIDIA/gpu-operator/issues/628; nvidia-smi -q's 'vGPU Software Licensed "
        "Product' section and nvidia-gridd's syslog messages (NVIDIA vGPU client licensing user guide)",
    ),
    KnownError(
        "service-peer-closed",
        "a client's request to a service failed because the service closed the connection ('other side closed', "
        "'Server disconnected'): the service died or restarted",
        r"SocketError: other side closed|\bUND_ERR_SOCKET\b"
        r"|Server disconnected without sending a response|ServerDisconnectedError"
        r"|RemoteDisconnected\(.{0,2}Remote end closed connection without response",
        "The client sent a request and the service at the other end closed the connection without an answer: the "
        "service process crashed or was restarted while serving it (a GPU container that dies on start-up or on the "
        "first inference: a missing or mismatched CUDA library, no GPU passed in, out of memory, a stale container "
        "configuration). This message is only the client's side; the cause is in the service's own log.",
        "Read the service container's own log (`docker logs <service container>`, `kubectl logs <pod> --previous`, "
        "the app's log view) for its first error and explain that; check whether the container restarts "
        "(`docker ps` restart count, OOMKilled in `docker inspect`). If it dies only with the GPU, check the GPU "
        "inside it (`docker exec <container> nvidia-smi`), and recreate the app's containers with the GPU selected "
        "rather than reusing a migrated configuration.",
        loose=True,
        weight=30,
        applies="HTTP clients of a service container (Node's undici / fetch, Python's httpx / aiohttp / http.client)",
        shown_by=(_test("test_client_side_of_a_crashed_service"),),
        example='Unknown error: Error: Machine learning request to "http://ml:3003" failed with SocketError: other '
        "side closed",
        example_source="https://github.com/truenas/apps/issues/631; undici lib/core/errors.js (SocketError, "
        "'other side closed', UND_ERR_SOCKET), httpx RemoteProtocolError",
    ),
)
