"""`explain`, round eight: containers, clusters and the host platform (the NVIDIA Container Toolkit, podman's CDI,
Kubernetes GPU scheduling, image tags and platforms, /dev/shm, WSL2, NVML and lost GPUs), each class checked against
its tool's own wording and a near miss that must not match."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain


def first(text: str) -> str:
    return explain(text).first_answer


def test_toolkit_missing_in_docker_words() -> None:
    # docker's daemon, with the driver name empty (--gpus) or "nvidia" (compose), and the runtime flag's wording
    missing = explain(
        'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].'
    )
    assert missing.outcome == "explained" and missing[0].key == "host-toolkit-missing"
    assert "nvidia-ctk runtime configure --runtime=docker" in missing[0].fix
    compose = 'Error response from daemon: could not select device driver "nvidia" with capabilities: [[gpu]]'
    assert first(compose) == "host-toolkit-missing"
    assert first("docker: Error response from daemon: unknown or invalid runtime name: nvidia.") == (
        "host-toolkit-missing"
    )
    # the host has only Intel graphics: there is no GPU to give the container
    intel = explain(
        "Graphics Mesa Intel® Xe Graphics (TGL GT2)\n"
        'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].'
    )
    assert intel[0].situation == "the host has no NVIDIA GPU"
    # containerd on a Kubernetes node names the runtime it lacks
    node = explain('failed to get sandbox runtime: no runtime for "nvidia" is configured')
    assert node[0].key == "host-toolkit-missing" and "containerd" in node[0].situation
    # podman's CDI registry
    cdi = explain("Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all")
    assert cdi[0].key == "host-cdi-unresolvable" and "nvidia-ctk cdi generate" in cdi[0].fix
    assert cdi[0].op == "nvidia.com/gpu=all"
    # near misses: another device driver's capabilities, a runtime that is not nvidia's
    assert first('could not select device driver "" with capabilities: [[compute]]') != "host-toolkit-missing"
    assert first("docker: Error response from daemon: unknown or invalid runtime name: runsc.") != (
        "host-toolkit-missing"
    )


def test_toolkit_cannot_reach_the_driver() -> None:
    hook = (
        "docker: Error response from daemon: OCI runtime create failed: container_linux.go:380: starting container "
        "process caused: process_linux.go:545: container init caused: Running hook #0:: error running hook: exit "
        "status 1, stdout: , stderr: nvidia-container-cli: initialization error: load library failed: "
        "libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown."
    )
    found = explain(hook)
    # narrower than the core driver-library-missing row (which says "start it with --gpus": it was)
    assert found[0].key == "host-toolkit-driver"
    assert "driver-library-missing" in {e.key for e in found[1:]}
    wsl = explain("nvidia-container-cli: initialization error: WSL environment detected but no adapters were found")
    assert wsl[0].key == "host-toolkit-driver" and wsl[0].situation == "WSL2 / Docker Desktop"
    baked = explain(
        "nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/x/merged/usr/lib/"
        "x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown"
    )
    assert baked[0].situation == "driver files baked into the image"
    # the image's CUDA requirement against an older host driver
    old = explain(
        "stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: requirement error: unsatisfied condition: "
        "cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown"
    )
    assert old[0].key == "host-toolkit-cuda-requirement" and old[0].op == "cuda>=12.8"
    # near miss: the cli's info output is no error
    assert first("I0902 21:40:53.603015 2836338 nvc.c:376] initializing library context (version=1.10.0)") != (
        "host-toolkit-driver"
    )


def test_cuda_in_a_container_without_gpus() -> None:
    # error 35 in a container, no GPU named: started without its GPUs (the decider picks the container family)
    text = (
        "$ docker run -it --rm alexjc/neural-enhance --zoom=2 1.jpg\n"
        "CUDA driver version is insufficient for CUDA runtime version"
    )
    found = explain(text)
    assert found[0].key == "host-container-no-gpu" and found[0].confidence == "sure"
    assert "--gpus all" in found[0].fix
    # the same in a container whose nvidia-smi lists an NVIDIA GPU: the host driver is too old
    seen = explain(
        "root@container:/# nvidia-smi\n|   0  NVIDIA GeForce RTX 3090    Off |\n"
        "docker image nvcr.io/nvidia/pytorch:24.10-py3\n"
        "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version"
    )
    assert seen[0].key == "cuda-driver-insufficient"
    # Intel graphics named: no NVIDIA GPU at all
    intel = explain(
        "docker run img\nCUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=0 "
        "(the machine's GPU: Intel(R) UHD Graphics 620)"
    )
    assert intel[0].key == "no-nvidia-gpu"
    # no container and no GPU named: still undecided, and the container family is named beside it
    bare = explain("CUDA driver version is insufficient for CUDA runtime version")
    assert bare[0].key == "cuda-driver-insufficient" and bare[0].confidence == "likely"
    assert "host-container-no-gpu" in bare[0].alternatives and "--gpus all" not in bare[0].fix
    # WSL2: the Windows driver
    wsl = explain(
        "Linux 5.15.153.1-microsoft-standard-WSL2\nRuntimeError: CUDA driver version is insufficient for CUDA "
        "runtime version"
    )
    assert wsl[0].situation == "WSL2" and "Windows driver" in wsl[0].fix


def test_nvml_in_a_container_and_on_a_host() -> None:
    lost = explain("root@098b49afe624:/# nvidia-smi\nFailed to initialize NVML: Unknown Error")
    assert lost[0].key == "host-nvml-lost" and "create-dev-char-symlinks" in lost[0].fix
    mismatch = explain(
        "$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.161"
    )
    assert mismatch[0].key == "host-driver-reboot" and "Reboot" in mismatch[0].fix
    # through the container toolkit: the same cause, said by its hook
    hook = explain("nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown")
    assert hook[0].key == "host-driver-reboot"
    # near miss: NVML's other init errors are not these
    assert first("Failed to initialize NVML: Insufficient Permissions") not in ("host-nvml-lost", "host-driver-reboot")


def test_kubernetes_scheduling_and_its_device_plugin() -> None:
    pending = explain(
        "Warning  FailedScheduling  default-scheduler  0/3 nodes are available: 3 Insufficient nvidia.com/gpu. "
        "preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."
    )
    assert pending[0].key == "host-k8s-insufficient-gpu" and pending[0].op == "nvidia.com/gpu"
    assert "Allocatable" in pending[0].fix
    mig = explain("0/2 nodes are available: 2 Insufficient nvidia.com/mig-1g.10gb.")
    assert mig[0].key == "host-k8s-insufficient-gpu" and mig[0].op == "nvidia.com/mig-1g.10gb"
    plugin = explain(
        "E0402 22:17:31.198643       1 factory.go:112] Incompatible strategy detected auto\n"
        "E0402 22:17:31.198657       1 factory.go:113] If this is a GPU node, did you configure the NVIDIA "
        "Container Toolkit?"
    )
    assert plugin[0].key == "host-k8s-device-plugin"
    # near miss: another resource is short
    assert first("0/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory.") != "host-k8s-insufficient-gpu"


def test_image_tags_and_platforms() -> None:
    jetson = explain(
        "ARCH:  aarch64\nL4T BSP Version:  L4T R35.4.1\nUnable to find image "
        "'dustynv/ros:noetic-pytorch-l4t-r35.4.1' locally\ndocker: Error response from daemon: manifest for "
        "dustynv/ros:noetic-pytorch-l4t-r35.4.1 not found: manifest unknown: manifest unknown."
    )
    assert jetson[0].key == "host-image-tag-missing" and jetson[0].situation == "Jetson / L4T"
    assert jetson[0].op == "dustynv/ros:noetic-pytorch-l4t-r35.4.1"
    denied = explain(
        "docker: Error response from daemon: pull access denied for tensorrt_llm/release, repository does not "
        "exist or may require 'docker login': denied: requested access to the resource is denied."
    )
    assert denied[0].key == "host-image-tag-missing"
    arm = explain("docker: no matching manifest for linux/arm64/v8 in the manifest list entries.")
    assert arm[0].key == "host-image-platform" and arm[0].op == "linux/arm64/v8"
    exec_fmt = explain("jetson nano\nexec /opt/nvidia/nvidia_entrypoint.sh: exec format error")
    assert exec_fmt[0].key == "host-image-platform" and exec_fmt[0].situation == "Jetson"
    # docker's platform warning alone: a warning that means the container will not run natively
    warned = explain(
        "WARNING: The requested image's platform (linux/amd64) does not match the detected host platform "
        "(linux/arm64/v8) and no specific platform was requested"
    )
    assert warned.outcome == "explained" and warned[0].key == "host-image-platform"
    script = explain("OSError: [Errno 8] Exec format error: './run_server'")
    assert script[0].situation == "a program started from Python"
    # near misses: a manifest that was found, a format error of a file that is no program
    assert first("Digest: sha256:abc\nStatus: Downloaded newer image for nvcr.io/nvidia/pytorch:24.10-py3") != (
        "host-image-tag-missing"
    )
    assert first("ValueError: invalid literal for int() with base 10: 'format error'") != "host-image-platform"


def test_shared_memory_in_containers() -> None:
    bus = explain(
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory "
        "(shm).\nRuntimeError: DataLoader worker (pid 4013) is killed by signal: Bus error."
    )
    assert bus[0].key == "host-shm-too-small" and "--shm-size" in bus[0].fix
    full = explain("RuntimeError: unable to write to file </torch_18692_1954506624>: No space left on device (28)")
    assert full[0].key == "host-shm-too-small"
    # NCCL's warning that it cannot grow its segment means the collective fails: not "harmless"
    nccl = explain(
        "node1:1234:1290 [0] include/shm.h:28 NCCL WARN Error: failed to extend /dev/shm/nccl-y5cPtB to 9637892 bytes"
    )
    assert nccl.outcome == "explained" and nccl[0].key == "host-shm-small-warning"
    # Ray's /dev/shm warning before NCCL work in a pod (KServe's vLLM): the pod's fix
    kserve = explain(
        "2024-07-14 08:10:33,156\tWARNING services.py:1996 -- WARNING: The object store is using /tmp instead of "
        "/dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance!\n"
        "(RayWorkerWrapper pid=1148) hugging-model-1-predictor-00001-deployment-5c86c57756-p7ghj:1148:1148 [1] "
        "NCCL INFO Setting affinity for GPU 1 to aaaa,aaaaaaaa"
    )
    assert kserve.outcome == "explained" and kserve[0].key == "host-shm-small-warning"
    assert kserve[0].severity == "warning" and kserve[0].situation == "Kubernetes" and "emptyDir" in kserve[0].fix
    # the same warning from Ray alone is a performance notice
    alone = explain(
        "2024-07-14 08:10:33,156\tWARNING services.py:1996 -- WARNING: The object store is using /tmp instead of "
        "/dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance!"
    )
    assert alone.outcome == "warnings-only" and alone[0].key == "host-shm-small-notice"
    files = explain(
        "RuntimeError: unable to open shared memory object </torch_26546_3416657152> in read-write mode: Too many "
        "open files (24)"
    )
    assert files[0].key == "host-shm-open-files" and "file_system" in files[0].fix
    # a worker that died without a word: likely /dev/shm, or memory
    died = explain("RuntimeError: DataLoader worker (pid(s) 1234, 1235) exited unexpectedly")
    assert died[0].key == "host-dataloader-worker-exited" and died[0].confidence == "likely"
    assert "host-shm-too-small" in died[0].alternatives and "num_workers=0" in died[0].fix
    # near miss: a disk that is full is not /dev/shm
    assert first("OSError: [Errno 28] No space left on device: '/data/ckpt.pt'") not in (
        "host-shm-too-small",
        "host-shm-small-warning",
    )


def test_wsl_and_lost_gpus() -> None:
    notice = explain("/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link")
    assert notice[0].key == "host-wsl-libcuda-notice" and notice[0].notice
    lost = explain("$ nvidia-smi\nUnable to determine the device handle for GPU 0000:01:00.0: Unknown Error")
    assert lost[0].key == "host-gpu-lost" and "dmesg" in lost[0].fix
    # the kernel's Xid line beside it says which fault: the number picks the advice
    handle = "Unable to determine the device handle for GPU 0000:41:00.0: Unknown Error\n"
    gsp = explain(handle + "[ 1234.5678] NVRM: Xid (PCI:0000:41:00): 119, pid=3367, Timeout waiting for RPC from GSP!")
    assert gsp[0].key == "host-gpu-lost" and gsp[0].op == "0000:41:00.0" and "GSP" in gsp[0].situation
    app = explain(handle + "NVRM: Xid (PCI:0000:41:00): 31, pid=1234, Ch 00000010, intr 10000000. MMU Fault")
    assert app[0].situation == "an application fault (Xid 13/31/43)"
    # a bare Xid line is read by its number (gpu_models' gpu-xid, round thirteen)
    assert explain("NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus.")[0].key == "gpu-xid"
    # near miss: a device handle that was found
    assert first("GPU 0000:01:00.0: device handle acquired") != "host-gpu-lost"


def test_the_host_and_its_engine() -> None:
    smi = explain(
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest "
        "NVIDIA driver is installed and running."
    )
    assert smi[0].key == "host-driver-not-loaded" and "reboot" in smi[0].fix
    inside = explain(
        "root@c0ffee:/workspace# nvidia-smi  (docker)\nNVIDIA-SMI has failed because it couldn't communicate with the "
        "NVIDIA driver."
    )
    assert inside[0].situation == "in a container"
    sock = explain(
        "docker: Got permission denied while trying to connect to the Docker daemon socket at "
        "unix:///var/run/docker.sock: Post http://%2Fvar%2Frun%2Fdocker.sock/v1.40/containers/create: dial unix "
        "/var/run/docker.sock: connect: permission denied."
    )
    assert sock[0].key == "host-docker-daemon" and "usermod -aG docker" in sock[0].fix
    down = "docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?."
    assert first(down) == "host-docker-daemon"
    full = explain(
        "failed to register layer: Error processing tar file(exit status 1): write "
        "/usr/lib/x86_64-linux-gnu/libcudnn.so.8: no space left on device"
    )
    assert full[0].key == "host-docker-disk-full" and "docker system prune" in full[0].fix
    assert first("docker: Error response from daemon: toomanyrequests: You have reached your pull rate limit.") == (
        "host-image-pull-limit"
    )
    nv = explain("WARNING: Could not find any nv files on this host!")
    assert nv.outcome == "explained" and nv[0].key == "host-apptainer-no-nv"
    slurm = explain("srun: error: Unable to allocate resources: Requested node configuration is not available")
    assert slurm[0].key == "host-slurm-no-gpu-node" and "sinfo" in slurm[0].fix
    rootless = explain(
        "nvidia-container-cli: mount error: failed to add device rules: unable to find any existing device filters "
        "attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not permitted: unknown"
    )
    assert rootless[0].key == "host-toolkit-driver" and "no-cgroups = true" in rootless[0].fix
    # near misses: a file system full that is not docker's, a socket refused that is not docker's
    assert first("OSError: [Errno 28] No space left on device: '/data/out.bin'") != "host-docker-disk-full"
    assert first("ConnectionRefusedError: [Errno 111] Connection refused") != "host-docker-daemon"
