"""`explain`, round forty-five (issue 36): GPUs in containers and on HPC clusters. enroot's NVIDIA hook without the
toolkit's nvidia-container-cli on the node, pyxis's named containers, enroot's image import filling a small disk, a
Slurm job whose pyxis container sees no GPU, podman's ignored --gpus (nvidia-smi not in the container), and
nvidia-container-cli refusing a device id (an index, a UUID, a variable compose never substituted). Each is keyed to
the tool's own wording; near misses keep their older answers."""

from __future__ import annotations

from _explain import first


def test_enroot_hook_without_nvidia_container_cli() -> None:
    text = (
        "slurmstepd: error: pyxis: container start failed with error code: 1\n"
        "slurmstepd: error: pyxis: printing enroot log file:\n"
        "slurmstepd: error: pyxis:     [ERROR] Command not found: nvidia-container-cli, see the toolkit\n"
        "slurmstepd: error: pyxis:     [ERROR] /etc/enroot/hooks.d/98-nvidia.sh exited with return code 1\n"
        "slurmstepd: error: pyxis: couldn't start container"
    )
    key, fix = first(text)
    assert key == "host-toolkit-missing"
    assert "libnvidia-container-tools" in fix and "NVIDIA_VISIBLE_DEVICES=void" in fix and "docker info" not in fix
    # enroot alone, outside Slurm
    alone = "$ enroot start --rw cuda\n[ERROR] Command not found: nvidia-container-cli"
    key, fix = first(alone)
    assert key == "host-toolkit-missing" and "98-nvidia.sh" in fix
    # docker's own words keep docker's fix
    key, fix = first(
        'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].'
    )
    assert key == "host-toolkit-missing" and "enroot" not in fix
    # near miss: pyxis failing to start a container for another reason is no toolkit row
    other = (
        "slurmstepd: error: pyxis: container start failed with error code: 1\n"
        "slurmstepd: error: pyxis:     [ERROR] /etc/enroot/hooks.d/10-cgroups.sh exited with return code 1"
    )
    assert first(other)[0] != "host-toolkit-missing"


def test_pyxis_named_container_not_found() -> None:
    text = (
        "$ srun --container-name=trainer python train.py\n"
        'slurmstepd: error: pyxis: error: a container with name "pyxis_trainer" does not exist, and '
        "--container-image is not set\n"
        "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1"
    )
    key, fix = first(text)
    assert key == "pyxis-container-not-found" and "--container-image" in fix and "--container-save" in fix
    # enroot's own words for a container name it cannot find
    enroot = "$ enroot start myenv\n[ERROR] No such file or directory: /tmp/enroot-data/user-1000/myenv"
    key, fix = first(enroot)
    assert key == "pyxis-container-not-found" and "enroot list" in fix
    # an image file that is not there: that variant
    image = "$ enroot create -n torch ./torch.sqsh\n[ERROR] No such file or directory: /home/me/torch.sqsh"
    key, fix = first(image)
    assert key == "pyxis-container-not-found" and "enroot import -o" in fix
    # near miss: the same bracketed words from another tool (no enroot, no pyxis)
    assert first("[ERROR] No such file or directory: /data/train.csv")[0] != "pyxis-container-not-found"


def test_enroot_import_fills_the_disk() -> None:
    text = (
        "srun --container-image=nvcr.io#nvidia/tensorflow:23.10-tf2-py3 true\n"
        "slurmstepd: error: pyxis: failed to import docker image\n"
        "slurmstepd: error: pyxis:     [INFO] Creating squashfs filesystem...\n"
        "slurmstepd: error: pyxis:     Write failed because No space left on device"
    )
    key, fix = first(text)
    assert key == "fs-no-space-plain" and "ENROOT_CACHE_PATH" in fix and "runtime_path" in fix
    # near miss: a plain full disk keeps the general fix
    key, fix = first("cp: error writing 'out/model.bin': No space left on device")
    assert key == "fs-no-space-plain" and "ENROOT" not in fix


def test_slurm_container_without_gpus() -> None:
    text = (
        "$ srun -p gpu --container-image=nvcr.io#nvidia/cuda:12.4.0-base-ubuntu22.04 ./deviceQuery\n"
        "cudaGetDeviceCount returned 100\n-> no CUDA-capable device is detected (cudaErrorNoDevice)"
    )
    key, fix = first(text)
    assert key == "no-gpu-visible" and "ConstrainDevices=yes" in fix and "--gres=gpu" in fix
    # near miss: Slurm without a container keeps the Slurm request fix
    plain = "#SBATCH -p gpu\nsrun python train.py\nRuntimeError: No CUDA GPUs are available"
    key, fix = first(plain)
    assert key == "no-gpu-visible" and "--gres=gpu:1" in fix and "ConstrainDevices" not in fix


def test_podman_gpus_flag_gives_no_nvidia_smi() -> None:
    text = (
        "$ podman run --rm --gpus all docker.io/library/debian nvidia-smi\n"
        "Error: crun: executable file `nvidia-smi` not found in $PATH: No such file or directory: OCI runtime "
        "attempted to invoke a command that was not found"
    )
    key, fix = first(text)
    assert key == "host-cdi-unresolvable" and "--device nvidia.com/gpu=all" in fix and "nvidia-ctk cdi generate" in fix
    runc = (
        'Error: runc: exec: "nvidia-smi": executable file not found in $PATH: OCI runtime attempted to invoke a '
        "command that was not found"
    )
    assert first(runc)[0] == "host-cdi-unresolvable"
    # near miss: another missing command in a podman container is no GPU matter
    other = (
        "Error: crun: executable file `python3` not found in $PATH: No such file or directory: OCI runtime "
        "attempted to invoke a command that was not found"
    )
    assert first(other)[0] != "host-cdi-unresolvable"
    # the CDI row's own words keep the CDI fix
    key, fix = first("Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all")
    assert key == "host-cdi-unresolvable" and "older podman ignores" not in fix


def test_toolkit_unknown_device() -> None:
    hook = (
        "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI "
        "runtime create failed: runc create failed: unable to start container process: error during container "
        "init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as "
        "'legacy'\n"
    )
    # an index the host does not have
    key, fix = first(hook + "nvidia-container-cli: device error: 2: unknown device: unknown")
    assert key == "host-toolkit-unknown-device" and "nvidia-smi -L" in fix and "dollar sign" not in fix
    # a compose variable left as text (with or without its dollar sign)
    for var in ("${TRAIN_GPU}", "{WORKER_GPU:-1}", "$GPU_INDEX"):
        key, fix = first(hook + f"nvidia-container-cli: device error: {var}: unknown device: unknown")
        assert key == "host-toolkit-unknown-device" and "docker compose config" in fix and "dollar sign" in fix, var
    # the older wording, with a UUID of another machine
    key, fix = first(
        hook + "nvidia-container-cli: device error: unknown device id: GPU-5e1f0c2a-77d3-4b1e-9a6f-0c1d2e3f4a5b"
    )
    assert key == "host-toolkit-unknown-device" and "UUID" in fix and "another machine" in fix
    # near miss: the hook's initialization error stays the driver row
    assert first(hook + "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown")[0] == (
        "host-toolkit-driver"
    )
