"""Containers, clusters and the host platform (issue 36, round eight): the NVIDIA Container Toolkit missing or
misconfigured (docker's device-driver and runtime errors, nvidia-container-cli's initialization, requirement and
mount errors, podman's CDI devices), a container that lost its GPUs after a systemd reload, Kubernetes GPU
scheduling and the NVIDIA device plugin, an image tag that does not exist (or not for this platform / L4T release),
a binary for another CPU, a container's /dev/shm too small (torch's DataLoader, NCCL, Ray), WSL2's driver library,
a driver updated without a reboot, and a GPU lost at runtime (NVRM Xid, "fallen off the bus").

Each row is keyed to the tool's own wording (docker's daemon, libnvidia-container's nvidia-container-cli, podman's
CDI registry, kube-scheduler's fit predicates, k8s-device-plugin's factory.go, the registry's manifest errors, the
kernel's ENOEXEC, torch's DataLoader worker and shared-memory messages, NCCL's shm transport, Ray's services.py,
NVML's init errors, the NVIDIA kernel module's Xid lines); image names, versions and numbers are read from the text,
never written into a pattern. The core rows these refine stay in `troubleshooting.table` (driver-library-missing,
cuda-driver-insufficient, no-gpu-visible, torch-gpu-fault): this module's rows are narrower and rank above them.
"""

from __future__ import annotations

from ..entry import JETSON, JETSON_BOARD, KUBERNETES_GPU_FIX, KUBERNETES_POD, WSL, KnownError, Variant, tests_in

__all__ = ["CONTAINER_CONTEXT", "FAMILIES"]

_TESTS = "tests/troubleshooting/test_round8_cont.py"
_SET = "tests/data/explain_round8"


_test = tests_in(_TESTS)
_T45 = "tests/troubleshooting/test_round45_v45containers.py"


#: a process in a container or a pod (the text shows docker, podman, compose, Kubernetes or an NGC image); the
#: "driver-or-no-gpu" decider (`troubleshooting.advice`) reads it too
#: a text's words that the GPU worked in the container before it failed (issue 36, round thirty-eight): after hours or
#: days, until a restart, a restart that brings it back
_WORKED_BEFORE = (
    r"\b(?:after|for) (?:a (?:few|couple of) |several |some |many |\d{1,4} ?)?(?:hours?|days?)\b"
    r"|\bafter (?:a while|some time)\b|\bafter (?:running|working) (?:fine |well )?(?:for )?(?:a while|some time)"
    r"|\buntil (?:I |we |you )?restart|\b(?:works?|working|worked) (?:again |fine )?after (?:a |the )?(?:container )?"
    r"restart|\brestart(?:ing)? (?:of )?the container (?:fixes|fixed|solves|solved|helps|resolves)"
    r"|\b(?:stops?|stopped) working after\b|\bworked (?:fine |well )?(?:at first|before|for (?:a while|hours|days))"
    r"|\b(?:randomly |suddenly )?(?:loses?|lost) (?:access to )?(?:the |its |all )?GPUs?\b"
)
CONTAINER_CONTEXT = (
    r"\bdocker(?:-compose)?\b|nvcr\.io|/\.dockerenv|\bcontainer\b|\bpodman\b|\bkubernetes\b|\bkubectl\b|\bpod\b"
)
#: the OCI runtime's words for a host file it could not find (crun's "cannot stat `%s`" / "error stat'ing file `%s`",
#: runc's "stat %s") where the file is an NVIDIA driver library named with a driver version (libnvidia-ml.so.535.104,
#: libcuda.so.560.35.03): what a CDI specification generated for an older driver lists (issue 36, round thirty-three)
_STALE_DRIVER_FILE = (
    r"(?:cannot stat|error stat'ing file|\bstat) [`'\"\u2018]?/[\w./+-]{0,160}?/"
    r"lib(?:\w{0,40}nvidia[\w-]{0,40}|cuda|nvcuvid)\.so\.\d{2,3}\.\d{1,3}"
)
#: Singularity / Apptainer in a text: their commands and image files
_SINGULARITY = r"\bsingularity (?:exec|run|shell|instance)\b|\bapptainer (?:exec|run|shell|instance)\b|\.sif\b"
#: Kubernetes context: a pod, a node, kubectl, a KServe / Ray cluster
_KUBERNETES = (
    r"\bkubectl\b|\bkubernetes\b|\bk8s\b|\bpods?\b|\bnodes?\b[^\n]{0,40}\bavailable\b|kserve|emptyDir"
    #: a Deployment's pod name: <name>-<ReplicaSet hash>-<5 characters>
    r"|\b[a-z0-9]{1,60}-[a-z0-9]{8,10}-[a-z0-9]{5}\b"
)
#: the host has no NVIDIA GPU (its only GPU is Intel, AMD or Apple)
_NO_NVIDIA = r"Intel\(R\) (?:UHD|Iris|HD|Arc)|Mesa Intel|Intel® (?:UHD|Iris|Xe)|AMD Radeon|Radeon\(TM\)|Apple M\d"
#: installing and wiring the NVIDIA Container Toolkit into docker
_TOOLKIT = (
    "install the NVIDIA Container Toolkit on the host (package nvidia-container-toolkit from NVIDIA's repository), "
    "register it with docker (`sudo nvidia-ctk runtime configure --runtime=docker`) and restart the daemon (`sudo "
    "systemctl restart docker`); `docker info | grep -i runtimes` must list nvidia, and `docker run --rm --gpus all "
    "ubuntu nvidia-smi` must show the GPU"
)
#: a rootless daemon (or another docker context) without the NVIDIA runtime (issue 36, round twenty-seven): the
#: steps of the NVIDIA Container Toolkit's rootless-mode instructions
_ROOTLESS_FIX = (
    "`docker context ls` and `docker info` show which daemon (rootless Docker lists 'rootless' under Security "
    "Options; Docker Desktop on Linux runs its own VM daemon, context desktop-linux). For rootless Docker register "
    "the runtime in its own configuration, `nvidia-ctk runtime configure --runtime=docker "
    "--config=$HOME/.config/docker/daemon.json`, restart it with `systemctl --user restart docker`, and let the "
    "toolkit run without cgroups (`sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place`); or "
    "use the rootful daemon (`docker context use default`) that `sudo nvidia-ctk runtime configure` set up. "
    "`docker info | grep -i runtimes` must then list nvidia for the daemon you use."
)
#: the process and library names a /dev/shm-hungry workload shows (NCCL's shm transport, a DataLoader, vLLM's TP)
_SHM_USERS = (
    r"\bNCCL\b|tensor[_ -]parallel|\bvllm\b|RayWorkerWrapper|DataLoader|torch\.distributed|torchrun|num_workers"
)

#: nvidia-smi missing where the driver's kernel module is loaded (/proc/driver/nvidia/version answers): the driver's
#: user-space tools and libraries were not injected (a container or pod started without the NVIDIA runtime)
_TOOLS_NOT_INJECTED = (
    r"\bnvidia-smi: (?:command )?not found\b[\s\S]{0,2000}?\bNVRM version: NVIDIA"
    r"|\bNVRM version: NVIDIA[\s\S]{0,2000}?\bnvidia-smi: (?:command )?not found\b"
)

_TOOLKIT_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "host-toolkit-missing",
        'docker has no NVIDIA runtime for --gpus (could not select device driver "" with capabilities: [[gpu]]), or '
        "enroot's hook finds no nvidia-container-cli",
        r"could not select device driver \"[^\"\n]{0,40}\" with capabilities: \[\[gpu\]\]"
        r"|unknown or invalid runtime name: nvidia|Unknown runtime specified nvidia"
        r"|no runtime for \"?nvidia\"? is configured"
        r"|exec: \"nvidia-container-runtime(?:-hook)?\": executable file not found"
        # issue 36, round forty-five: enroot's NVIDIA hook (hooks.d/98-nvidia.sh: common::err "Command not found:
        # nvidia-container-cli, see ..."), which pyxis prints from enroot's log on a Slurm node; bash's own words for
        # the same missing binary
        r"|Command not found: nvidia-container-cli\b|\bnvidia-container-cli: command not found",
        "`docker run --gpus ...` (or compose's GPU device reservation, or `--runtime=nvidia`) asks the daemon for the "
        "NVIDIA runtime, and this daemon has none: the NVIDIA Container Toolkit is not installed on the host, or it "
        "was installed but the daemon was not configured and restarted; the NVIDIA driver on the host is a separate "
        "requirement. enroot's NVIDIA hook (98-nvidia.sh, which pyxis runs for Slurm's --container-image) calls the "
        "toolkit's nvidia-container-cli the same way, and stops the container when the node lacks it.",
        f"On the host: {_TOOLKIT}. The host needs a working NVIDIA driver too (`nvidia-smi` on the host). If the "
        "toolkit is installed and configured and the error stays, docker talks to another daemon than the one you "
        f"configured: {_ROOTLESS_FIX}",
        variants=(
            # issue 36, round forty-five: enroot (and pyxis, Slurm's container plugin, which starts containers with
            # it): its hook 98-nvidia.sh runs nvidia-container-cli on the compute node whenever the image asks for
            # GPUs (NVIDIA_VISIBLE_DEVICES set, as in NGC and CUDA images) and exits 0 only when it is unset or void
            Variant(
                r"\benroot\b|\bpyxis\b|98-nvidia\.sh|enroot[\\/]hooks\.d|--container-image\b",
                "enroot / pyxis on a Slurm node",
                "enroot's NVIDIA hook (/etc/enroot/hooks.d/98-nvidia.sh) runs nvidia-container-cli to mount the "
                "node's driver into the container, and this node has none. Install the NVIDIA Container Toolkit's "
                "libraries on every compute node that runs enroot (packages libnvidia-container1 and "
                "libnvidia-container-tools, or nvidia-container-toolkit, from NVIDIA's repository); `command -v "
                "nvidia-container-cli` and `nvidia-container-cli info` must then work on the node (`srun -w <node> "
                "nvidia-container-cli info`). On nodes without GPUs, remove the hook (delete or move 98-nvidia.sh "
                "from /etc/enroot/hooks.d there) or run the job with NVIDIA_VISIBLE_DEVICES=void in its environment, "
                "which makes the hook exit without doing anything. enroot's other lines beside it (an 'unbound "
                "variable' message) are not the cause.",
                strict=True,
            ),
            # issue 36, round twenty-seven: a rootless daemon has its own daemon.json, which the rootful configuration
            # does not reach
            Variant(
                r"\brootless\b|dockerd-rootless|/run/user/\d{1,10}/docker\.sock|\.config/docker/daemon\.json"
                r"|systemctl --user (?:re)?start docker",
                "rootless Docker",
                f"The daemon is rootless Docker, which reads its own configuration: {_ROOTLESS_FIX}",
            ),
            Variant(
                JETSON_BOARD,
                "Jetson",
                "On a Jetson the NVIDIA runtime comes with JetPack: install it (`sudo apt-get install "
                "nvidia-container`, JetPack 5 / 6; nvidia-docker2 on JetPack 4), register it (`sudo nvidia-ctk "
                'runtime configure --runtime=docker`, or `"default-runtime": "nvidia"` in '
                "/etc/docker/daemon.json) and `sudo systemctl restart docker`; start l4t images with `--runtime "
                "nvidia`. `docker info | grep -i runtime` must list nvidia.",
            ),
            Variant(
                _NO_NVIDIA,
                "the host has no NVIDIA GPU",
                "The host's GPU is not an NVIDIA one, so there is no GPU docker can give the container: drop "
                "`--gpus` / the compose device reservation and run the image's CPU mode (or use a host with an "
                "NVIDIA GPU).",
            ),
            Variant(
                WSL + r"|Windows",
                "Docker Desktop on Windows",
                "Docker Desktop gives containers the GPU through WSL2: use the WSL2 backend (Settings > General), "
                "update Docker Desktop and the Windows NVIDIA driver (do not install a Linux driver inside WSL), "
                "`wsl --update`, then `docker run --rm --gpus all ubuntu nvidia-smi`.",
            ),
            Variant(
                r"no runtime for \"?nvidia\"? is configured|containerd|cri-o|\bcrio\b|RuntimeClass",
                "containerd / CRI-O (Kubernetes)",
                "The node's container runtime has no nvidia runtime: `sudo nvidia-ctk runtime configure "
                "--runtime=containerd` (or `--runtime=crio`), restart it (`sudo systemctl restart containerd`), "
                "and create the `nvidia` RuntimeClass the pods name (the GPU Operator does all of this).",
            ),
            Variant(
                r"/snap/|\bsnap\b",
                "docker from snap",
                "Docker installed as a snap does not use the host's NVIDIA Container Toolkit: remove the snap and "
                f"install Docker Engine from Docker's apt repository, then {_TOOLKIT}.",
            ),
        ),
        weight=90,
        applies="docker / compose with --gpus or runtime: nvidia, containerd and CRI-O on GPU nodes",
        shown_by=(_test("test_toolkit_missing_in_docker_words"), f"{_SET}.jsonl#nvidia-dcgm-exporter-33"),
        example='docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
        example_source="https://github.com/NVIDIA/dcgm-exporter/issues/33; docker daemon (daemon/devices.go, "
        "'could not select device driver %q with capabilities: %v')",
    ),
    KnownError(
        "host-toolkit-driver",
        "nvidia-container-cli: initialization / mount error (the toolkit cannot set the GPU up from the host's driver)",
        r"nvidia-container-cli(?:\.real)?:? (?:initialization|detection|ldcache|mount) error: [^\n]{0,160}"
        # the hook's error pasted without its "nvidia-container-cli:" prefix (Docker's OCI error ends ": unknown")
        r"|^\W{0,8}initialization error: (?:load library failed: libnvidia-ml\.so\.1|nvml error: driver not loaded)"
        r"[^\n]{0,160}",
        "The NVIDIA Container Toolkit is installed, but its prestart hook (nvidia-container-cli) could not set the "
        "container up: it loads the host driver's NVML (libnvidia-ml.so.1) to find the GPUs, so a host without a "
        "loaded NVIDIA driver (not installed, the kernel module not loaded after an update or with Secure Boot, "
        "docker as a snap or rootless without the driver's files in view) fails here before the container starts.",
        "Make the driver work on the host first: `nvidia-smi` on the host must list the GPU (install the driver, or "
        "reboot after installing or updating it; with Secure Boot, enrol the module's key or sign it). Then restart "
        "docker and run `docker run --rm --gpus all ubuntu nvidia-smi`; `nvidia-container-cli -k -d /dev/tty info` "
        "shows what the hook sees. On a host with no NVIDIA GPU the toolkit has nothing to set up: do not make nvidia "
        "docker's default runtime there, and run GPU containers only on GPU hosts. If Docker itself runs inside a "
        "guest (a Proxmox / LXC container, a VM), the guest is the 'host' here: bind-mount the real host's "
        "/dev/nvidia* nodes and driver libraries (libnvidia-ml.so.1, libcuda.so.1) into it, or install the same "
        "driver version's user-space libraries there without the kernel module, until nvidia-smi works in the guest.",
        variants=(
            Variant(
                r"\bLXC\b|Proxmox|\bpct (?:exec|enter|set)\b|lxc\.(?:cgroup2?|mount)|/etc/pve/",
                "Docker inside a Proxmox / LXC guest",
                "Docker runs inside an LXC guest, which shares the Proxmox host's kernel module but not its "
                "user-space driver: bind-mount the host's /dev/nvidia*, /dev/nvidia-uvm* nodes (lxc.cgroup2.devices."
                "allow + lxc.mount.entry) and its driver libraries (libnvidia-ml.so.1, libcuda.so.1 ...) into the "
                "guest, or install the host's exact driver version in the guest with --no-kernel-module; check "
                "nvidia-smi inside the LXC, then start the container with the NVIDIA runtime (set no-cgroups = true "
                "in /etc/nvidia-container-runtime/config.toml for an unprivileged guest).",
                strict=True,
            ),
            Variant(
                JETSON_BOARD + r"|/tegra/|\.csv\b",
                "Jetson (CSV mode)",
                "On a Jetson the toolkit mounts the host's JetPack libraries listed in "
                "/etc/nvidia-container-runtime/host-files-for-container.d/*.csv into the container: a file it names "
                "is missing on this host (a partial JetPack: `sudo apt-get install nvidia-jetpack`, or the CSV "
                "packages nvidia-container-csv-*), or the image is for another L4T release than the host's (`cat "
                "/etc/nv_tegra_release`; l4t-base / l4t-jetpack / jetson-containers tags name the L4T: r32 images "
                "need a JetPack 4 host, r35 JetPack 5, r36 JetPack 6). Run l4t images with `--runtime nvidia`.",
            ),
            Variant(
                r"WSL environment detected but no adapters|" + WSL,
                "WSL2 / Docker Desktop",
                "Under WSL2 the container's GPU comes from the Windows NVIDIA driver: update the Windows driver "
                "(do not install a Linux NVIDIA driver inside WSL), run `wsl --update`, check that `nvidia-smi` works "
                "in the WSL shell, then restart Docker Desktop.",
            ),
            Variant(
                r"mount error: [^\n]{0,200}file exists",
                "driver files baked into the image",
                "The image already holds NVIDIA driver libraries (libnvidia-ml, libcuda: an image committed from a "
                "container that ran with GPUs, or a Dockerfile that copied or installed a driver), so the hook cannot "
                "mount the host's over them: remove them from the image (do not install nvidia-driver / "
                "libnvidia-compute packages in it) and rebuild.",
            ),
            Variant(
                r"bpf_prog_query|BPF_CGROUP_DEVICE|rootless",
                "rootless docker / podman",
                "A rootless engine cannot set device cgroups: set `no-cgroups = true` in "
                "/etc/nvidia-container-runtime/config.toml and pass the devices through the toolkit (or use CDI: "
                "`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, then `--device nvidia.com/gpu=all`).",
            ),
            Variant(
                r"driver/library version mismatch",
                "driver updated without a reboot",
                "The host's NVIDIA driver was updated while the old kernel module is still loaded: reboot the host "
                "(or unload and reload the nvidia kernel modules), then restart docker.",
            ),
            # the GPU Operator's toolkit (its wrapper runs nvidia-container-cli.real) looking for the driver at its
            # driver root, round twenty-four
            Variant(
                r"gpu-operator|nvidia-container-cli\.real|ClusterPolicy|driverRoot|nvidia-operator-validator"
                r"|driver daemonset|Daemonset pods",
                "the NVIDIA GPU Operator",
                "Under the GPU Operator the toolkit looks for the driver at its driver root: the operator's driver "
                "container (/run/nvidia/driver) or, with a driver preinstalled on the node, the host's root. Check "
                "the driver is there (`nvidia-smi` on the host, or in the nvidia-driver-daemonset pod, whose log says "
                "why it is not ready); with a host-installed driver deploy the operator with driver.enabled=false "
                "(so the toolkit's driver root is /), otherwise fix or wait for the driver daemonset before the "
                "other operator pods start.",
            ),
            Variant(
                r"\bkubelet\b|device-plugin|\bdaemonset\b|\bk8s\b|kubernetes|gpu-operator|\bkubectl\b",
                "a Kubernetes node",
                "With nvidia as the container runtime's default (default-runtime in /etc/docker/daemon.json, or "
                "containerd's / CRI-O's default), the hook runs for every container, so on a node without an NVIDIA "
                "GPU every pod fails here, the device plugin's included: do not install the toolkit or make nvidia "
                "the default runtime on CPU-only nodes (or use a RuntimeClass for GPU pods), and schedule the device "
                "plugin DaemonSet and GPU pods only onto GPU nodes (a nodeSelector / node affinity on a GPU label "
                "such as nvidia.com/gpu.present=true, plus the GPU taint's toleration). On a GPU node, `nvidia-smi` "
                "on the node must work first.",
            ),
            Variant(
                r"driver not loaded|driver rpc error",
                "the kernel module is not loaded",
                "The NVIDIA kernel module is not loaded on the host: reboot after installing the driver, check "
                "`lsmod | grep nvidia` and `dmesg | grep -i nvidia` (Secure Boot refuses an unsigned module: enrol "
                "its key with mokutil, or install the signed driver packages).",
            ),
        ),
        weight=93,
        applies="the NVIDIA Container Toolkit (libnvidia-container) with docker, podman, containerd",
        shown_by=(_test("test_toolkit_cannot_reach_the_driver"),),
        example="docker: Error response from daemon: OCI runtime create failed: container_linux.go:380: starting "
        "container process caused: process_linux.go:545: container init caused: Running hook #0:: error running "
        "hook: exit status 1, stdout: , stderr: nvidia-container-cli: initialization error: load library failed: "
        "libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown.",
        example_source="https://github.com/NVIDIA/nvidia-docker/issues/1034 (same class); libnvidia-container "
        "nvc.c / driver.c ('initialization error', 'load library failed')",
    ),
    # issue 36, round forty-five: libnvidia-container's device selection (nvidia-container-cli's "device error: %s:
    # unknown device", older releases "device error: unknown device id: %s") refused a device the runtime passed it
    # from --gpus '"device=..."', NVIDIA_VISIBLE_DEVICES or compose's device_ids: an index or UUID this host lacks,
    # or a string that is no device at all (a compose variable left unexpanded)
    KnownError(
        "host-toolkit-unknown-device",
        "nvidia-container-cli: device error: ...: unknown device (a GPU index, UUID or variable the host does not "
        "have)",
        r"nvidia-container-cli(?:\.real)?:? device error: (?:unknown device id: ([^\n]{1,120})"
        r"|([^\n]{1,120}?): (?:unknown|invalid) device\b)",
        "The NVIDIA Container Toolkit's hook was asked for a GPU that it cannot find on this host: the device list "
        "comes from `--gpus '\"device=...\"'`, NVIDIA_VISIBLE_DEVICES (the image's, the command line's or the "
        "orchestrator's) or docker compose's `device_ids` / `count`, and names an index beyond the host's GPUs, a "
        "UUID of another machine (or of a GPU replaced since), or a string that is no device at all (a variable "
        "that was never substituted). The container is refused before it starts.",
        "List the host's GPUs (`nvidia-smi -L`: indexes from 0 and their GPU-... UUIDs) and pass only those: "
        "`docker run --gpus '\"device=0\"'`, `-e NVIDIA_VISIBLE_DEVICES=0` (or `all`), compose's `device_ids: "
        "['0']`. Where the list comes from a variable, make sure it is set and substituted: compose expands only "
        "`${VAR}` / `${VAR:-default}` (with the $) from the shell or the .env file next to the compose file "
        "(`docker compose config` prints the values it will use); an image that sets NVIDIA_VISIBLE_DEVICES to "
        "another machine's UUID must be overridden at run time.",
        variants=(
            Variant(
                r"device error: [^\n]{0,40}(?:\$?\{[A-Za-z_]\w{0,60}(?::?[-?=][^}\n]{0,40})?\}|\$[A-Za-z_]\w{0,60})",
                "a variable that was not substituted",
                "The device the hook was given is a variable's text, not its value (`{NAME:-0}`, `${NAME}`, "
                "`$NAME`): the compose file or the command line did not expand it. In compose write it with the "
                'dollar sign and braces, `device_ids: ["${NAME:-0}"]`, and set NAME in the shell that runs '
                "`docker compose up` or in the .env file beside the compose file; `docker compose config` must show "
                "a real index or UUID there (one that `nvidia-smi -L` lists). In a shell command, use double quotes "
                "(single quotes keep $NAME literal).",
                strict=True,
            ),
            Variant(
                r"no-gpu-has-\d{1,9}MiB-to-run",
                "GPU sharing by memory (a gpushare scheduler extender)",
                "The device id 'no-gpu-has-<N>MiB-to-run' is what a GPU-sharing device plugin passes when its "
                "scheduler extender did not assign the pod a GPU with that much free memory: the kube-scheduler is "
                "not calling the extender (its scheduler policy / configuration and the extender's service must be "
                "reachable from the scheduler), or no GPU has the memory the pod requests. Fix the scheduler's "
                "extender configuration and check the per-GPU free memory the sharing tool reports before "
                "rescheduling the pod.",
                strict=True,
            ),
            Variant(
                r"device error: [^\n]{0,20}\b(?:GPU|MIG)-[0-9a-f]{4,}",
                "a GPU UUID the host does not have",
                "The hook was given a GPU UUID this host does not have: a UUID copied from another machine (an "
                "image or a compose file that hard-codes NVIDIA_VISIBLE_DEVICES), a GPU replaced or a MIG "
                "instance recreated since. `nvidia-smi -L` lists the UUIDs there are (MIG devices with their own "
                "MIG-... UUIDs); pass one of those, an index, or `all`.",
                strict=True,
            ),
        ),
        op=r"device error: (?:unknown device id: ([^\n]{1,120})|([^\n]{1,120}?): (?:unknown|invalid) device\b)",
        weight=92,
        applies="docker, compose and Kubernetes with the NVIDIA Container Toolkit (libnvidia-container), enroot",
        shown_by=(f"{_T45}::test_toolkit_unknown_device",),
        example="nvidia-container-cli: device error: 3: unknown device: unknown",
        example_source="libnvidia-container (nvidia-container-cli's device selection: 'device error: %s: unknown "
        "device'; older releases 'device error: unknown device id: %s')",
    ),
    KnownError(
        "host-toolkit-cuda-requirement",
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=X (the host driver is older than the "
        "image's CUDA)",
        r"nvidia-container-cli:? requirement error: unsatisfied condition: ([^\n,]{1,60})",
        "A CUDA image states the CUDA it needs (NVIDIA_REQUIRE_CUDA, e.g. cuda>=12.8) and the toolkit checks it "
        "against the host driver before starting the container: this host's driver supports an older CUDA.",
        "Update the host's NVIDIA driver to one that supports the image's CUDA (`nvidia-smi` on the host shows the "
        "highest CUDA it runs), or use the image tag built for an older CUDA. On data-centre GPUs with CUDA's "
        "forward-compatibility package in the image, `-e NVIDIA_DISABLE_REQUIRES=true` skips the check (on GeForce "
        "/ RTX cards the program then fails with error 804 instead).",
        op=r"unsatisfied condition: ([^\n,]{1,60})",
        advice="driver",
        weight=92,
        applies="CUDA base images (NVIDIA_REQUIRE_CUDA) under the NVIDIA Container Toolkit",
        shown_by=(_test("test_toolkit_cannot_reach_the_driver"),),
        example="nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your "
        "driver to a newer version, or use an earlier cuda container: unknown",
        example_source="https://github.com/SyneRBI/PETRIC2/issues/27; libnvidia-container nvc_container.c "
        "(requirement error)",
    ),
    KnownError(
        "host-cdi-unresolvable",
        "unresolvable CDI devices nvidia.com/gpu=... (podman / CDI: no NVIDIA CDI specification), or nvidia-smi "
        "not found in a podman container started with --gpus",
        r"unresolvable CDI devices? ([\w./-]{1,60}=[\w.,-]{1,60})|unresolvable CDI devices?"
        # issue 36, round thirty-three: the OCI runtime (crun: "cannot stat `%s`" / "error stat'ing file `%s`"; runc:
        # "stat %s: no such file or directory") could not find a host driver library the CDI specification lists,
        # named with the driver version it was generated for (libEGL_nvidia.so.550.135): a spec older than the driver
        rf"|{_STALE_DRIVER_FILE}(?:\.\d{{1,3}})?[`'\"\u2019]?:? {{0,2}}no such file or directory"
        # issue 36, round forty-five: podman's error for a command the OCI runtime could not find (libpod's "OCI
        # runtime attempted to invoke a command that was not found"; crun's "executable file `%s` not found in
        # $PATH") where the command is nvidia-smi: no NVIDIA driver files were put into the container, as with
        # podman's --gpus, which older podman accepts for docker compatibility and ignores
        r"|\bcrun: executable file [`'\"]?nvidia-smi[`'\"]? not found in \$PATH"
        r"|\bnvidia-smi[`'\"]?:? executable file not found in \$PATH[^\n]{0,80}OCI runtime attempted to invoke a "
        r"command that was not found",
        "Podman (and docker or containerd in CDI mode) resolves `--device nvidia.com/gpu=all` through a CDI "
        "specification file (/etc/cdi/nvidia.yaml or /var/run/cdi/nvidia.yaml) that the NVIDIA Container Toolkit "
        "generates; none exists, it is stale (the driver changed since), or it is not readable by this user. A "
        "podman container started with `--gpus` alone gets no driver files at all (older podman ignores the flag), "
        "so even nvidia-smi is missing in it.",
        "Generate it on the host: `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` (again after every "
        "driver update), make it readable (`sudo chmod a+r /etc/cdi/nvidia.yaml`), check `nvidia-ctk cdi list` names "
        "the device you ask for, then `podman run --rm --device nvidia.com/gpu=all ubuntu nvidia-smi -L`. Podman "
        "needs 4.1+ for CDI.",
        variants=(
            Variant(
                r"executable file [`'\"]?nvidia-smi[`'\"]?:? not found|nvidia-smi[`'\"]?:? executable file not found",
                "podman started without the NVIDIA devices (nvidia-smi not in the container)",
                "The container has no NVIDIA driver files, nvidia-smi included: podman's `--gpus` exists for docker "
                "compatibility and older podman ignores it, and nothing else asked for the GPU. Use CDI: on the "
                "host `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` (NVIDIA Container Toolkit "
                "1.12+; again after each driver update), check `nvidia-ctk cdi list`, then `podman run --rm "
                "--device nvidia.com/gpu=all ubuntu nvidia-smi -L` (podman 4.1+; `--device nvidia.com/gpu=0` for "
                "one GPU). Without CDI, the toolkit's OCI hook (oci-nvidia-hook.json under "
                "/usr/share/containers/oci/hooks.d) must be installed for podman to mount the driver. Under docker "
                "the same missing nvidia-smi means the container was started without `--gpus all` (or the NVIDIA "
                "runtime).",
                strict=True,
            ),
            Variant(
                _STALE_DRIVER_FILE,
                "a driver library of an older driver version, listed by a stale CDI specification",
                "The container runtime was told by the CDI specification to mount a driver library that is no longer "
                "there: the file name carries the driver version the specification was generated for, and the host "
                "driver has changed since (an update or a reinstall). Regenerate the specification for the driver "
                "now installed: `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` (and remove a stale "
                "copy under /var/run/cdi/), check `nvidia-ctk cdi list`, then start the container again; do this "
                "after every driver update.",
            ),
            Variant(
                JETSON,
                "Jetson",
                "On Jetson (integrated GPU) generate the specification in CSV mode: `sudo nvidia-ctk cdi generate "
                "--mode=csv --output=/etc/cdi/nvidia.yaml`, and regenerate it after each JetPack or toolkit update.",
            ),
        ),
        op=r"unresolvable CDI devices? ([\w./-]{1,60}=[\w.,-]{1,60})",
        weight=90,
        applies="podman 4.1+, docker 25+ and containerd with CDI; NVIDIA Container Toolkit 1.12+",
        shown_by=(_test("test_toolkit_missing_in_docker_words"),),
        example="Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all",
        example_source="https://github.com/NVIDIA/nvidia-container-toolkit/issues/146; the CDI registry's "
        "InjectDevices ('unresolvable CDI devices')",
    ),
    KnownError(
        "host-container-no-gpu",
        "A container started without GPU access: CUDA finds no driver (error 35, 'driver version is insufficient')",
        r"(?:CUDA driver version is insufficient for CUDA runtime version|cudaErrorInsufficientDriver)"
        # the nvidia/cuda images' start banner (/opt/nvidia/nvidia_entrypoint.d): no driver injected into the
        # container, every GPU call in it will fail
        r"|The NVIDIA Driver was not detected\.\s{1,4}GPU functionality will not be available"
        # nvidia-smi missing where the kernel module is loaded (/proc/driver/nvidia/version answers): a container or
        # pod the driver's user-space tools and libraries were not injected into (issue 36, round sixty-five)
        rf"|{_TOOLS_NOT_INJECTED}",
        "Inside a container the NVIDIA driver's libraries and device nodes exist only when the container was started "
        "with the GPUs (docker --gpus, the nvidia runtime, a GPU device reservation): without them CUDA reports 'CUDA "
        "driver version is insufficient' (35) or 'no CUDA-capable device' (100) whatever the host's driver. If "
        "`nvidia-smi` inside the container does list the GPU, the host driver is older than the image's CUDA "
        "instead.",
        "Start the container with the GPUs: `docker run --gpus all ...` (or `--runtime=nvidia`), in compose "
        "`runtime: nvidia` or "
        "`deploy.resources.reservations.devices: [{driver: nvidia, count: all, capabilities: [gpu]}]`, in Kubernetes "
        "a `nvidia.com/gpu` limit; the NVIDIA Container Toolkit must be installed on the host. `nvidia-smi` inside "
        "the container must list the GPU; if it does, update the host driver or use an image for an older CUDA. On a "
        "machine without an NVIDIA GPU, run the image's CPU variant / tag instead of its CUDA one.",
        variants=(
            Variant(
                _SINGULARITY,
                "Singularity / Apptainer",
                "Singularity and Apptainer bind the host's NVIDIA driver libraries into the container only with "
                "`--nv` (or `--nvccli`): run it as `singularity exec --nv image.sif ...` / `apptainer run --nv ...`; "
                "`nvidia-smi` inside must then list the GPU. If it does and the error stays, the host driver is older "
                "than the image's CUDA: update it or use an image for an older CUDA.",
            ),
            # issue 36, round thirty-six: a Kubernetes pod (device plugin, runtime class, nvidia.com/gpu limit)
            Variant(KUBERNETES_POD, "a Kubernetes pod", KUBERNETES_GPU_FIX),
        ),
        # (or the driver's tools missing beside its loaded kernel module: a container by that sign alone)
        requires=rf"{CONTAINER_CONTEXT}|{_SINGULARITY}|{_TOOLS_NOT_INJECTED}",
        alternatives=("cuda-driver-insufficient",),
        decide="driver-or-no-gpu",
        weight=84,
        applies="any CUDA program in docker, podman or a Kubernetes pod",
        shown_by=(_test("test_cuda_in_a_container_without_gpus"), f"{_SET}.jsonl#alexjc-neural-enhance-235"),
        example="$ docker run -it --rm alexjc/neural-enhance --zoom=2 1.jpg\nCUDA driver version is insufficient "
        "for CUDA runtime version",
        example_source="https://github.com/alexjc/neural-enhance/issues/235 (the docker image run without the "
        "NVIDIA runtime)",
    ),
    KnownError(
        "host-nvml-lost",
        "Failed to initialize NVML: Unknown Error inside a container (it lost its GPUs: systemd reload, cgroups)",
        r"Failed to initialize NVML: Unknown Error"
        # issue 36, round thirty-eight: CUDA's no-device words in a container whose text says the GPU worked before
        # (for hours, until a restart): the same lost device cgroup, seen by CUDA instead of NVML
        r"|no CUDA-capable device is detected|\bCUDA_ERROR_NO_DEVICE\b|\bcudaErrorNoDevice\b",
        "A running container lost access to its GPU device nodes: with docker's systemd cgroup driver, a `systemctl "
        "daemon-reload` on the host (often from an automatic package update) rewrites the container's device cgroup "
        "without the NVIDIA devices; a container started without `--gpus` (devices passed by hand, no privileges) "
        "shows the same.",
        "Restart the container (it gets its GPUs back). To stop it recurring: update the NVIDIA Container Toolkit and "
        "create the /dev/char links (`sudo nvidia-ctk system create-dev-char-symlinks --create-all`, or the "
        'toolkit\'s udev rule), or switch docker to the cgroupfs driver (`"exec-opts": '
        '["native.cgroupdriver=cgroupfs"]` in /etc/docker/daemon.json), or use CDI (`--device nvidia.com/gpu=all`). '
        "On a host (no container), reboot after a driver update.",
        variants=(
            Variant(
                _KUBERNETES,
                "Kubernetes",
                "Pods lose their GPUs the same way after a daemon-reload on the node: delete the pod (it is "
                "recreated with its GPUs), and on the node use the toolkit's /dev/char symlinks (`nvidia-ctk system "
                "create-dev-char-symlinks --create-all`; the GPU Operator's validator does it) or CDI.",
            ),
        ),
        requires=r"Failed to initialize NVML: Unknown Error|\A(?=[\s\S]{0,20000}?(?:" + CONTAINER_CONTEXT + r"))"
        r"(?=[\s\S]{0,20000}?(?:" + _WORKED_BEFORE + r"))",
        weight=86,
        applies="GPU containers under systemd cgroup management (docker, containerd, Kubernetes), cgroup v1 and v2",
        shown_by=(_test("test_nvml_in_a_container_and_on_a_host"),),
        example="root@098b49afe624:/# nvidia-smi\nFailed to initialize NVML: Unknown Error",
        example_source="https://github.com/NVIDIA/nvidia-container-toolkit/issues/251 (after systemctl "
        "daemon-reload); NVIDIA's notice in nvidia-container-toolkit issue 48",
    ),
    # the same mismatch inside one image (issue 36, round sixteen): the image carries driver libraries of its own
    KnownError(
        "container-driver-libs-in-image",
        "Failed to initialize NVML: Driver/library version mismatch inside a container (the image's own driver "
        "libraries, or a host driver updated without a reboot)",
        r"Failed to initialize NVML: Driver/library version mismatch",
        "Inside a container the NVIDIA Container Toolkit mounts the host driver's user-space libraries "
        "(libnvidia-ml, libcuda); an image that carries its own copies (a driver package pulled in by an apt "
        "install, the `cuda` or `cuda-drivers` meta package, a devel image built with a driver) shadows them with "
        "another version than the host's kernel module. If the host's own nvidia-smi fails too, the host driver "
        "was updated without a reboot instead.",
        "Run `nvidia-smi` on the host and in a plain nvidia/cuda base image: if those work, the image is at fault: "
        "compare `ldconfig -p | grep -E 'libnvidia-ml|libcuda'` inside it with `cat /proc/driver/nvidia/version`, "
        "remove the driver packages from the image (`apt-get remove --purge 'libnvidia-*' 'nvidia-*'`; install "
        "cuda-toolkit-X-Y, not `cuda` / `cuda-drivers`) and let the NVIDIA Container Toolkit mount the host's "
        "libraries. If the host's nvidia-smi fails too, reboot the host (or reload its nvidia modules).",
        requires=r"\bdocker (?:run|exec|build|compose)\b|\bDockerfile\b|\bnvcr\.io\b|\bpodman (?:run|exec)\b"
        r"|/\.dockerenv|\bkubectl (?:exec|run)\b|root@[0-9a-f]{12}:"
        r"|\b(?:inside|in) (?:the|a|my|this) (?:container|image)\b",
        # the toolkit's own initialisation failed on the host side: that is the host's mismatch (host-driver-reboot)
        unless=WSL + r"|nvidia-container-cli|OCI runtime (?:create|exec) failed|nvml error:",
        loose=True,
        alternatives=("host-driver-reboot",),
        weight=96,
        applies="GPU containers (Docker, Podman, Kubernetes) with the NVIDIA Container Toolkit",
        shown_by=("tests/troubleshooting/test_round16_p16rank.py::test_nvml_mismatch_inside_an_image",),
        example='$ docker run --gpus=all --rm -it tensorflow/build:latest-python3.9 bash -c "ldconfig && nvidia-smi"\n'
        "Failed to initialize NVML: Driver/library version mismatch",
        example_source="tensorflow/build#59; NVML's NVML_ERROR_LIB_RM_VERSION_MISMATCH text",
    ),
    KnownError(
        "host-driver-reboot",
        "Failed to initialize NVML: Driver/library version mismatch (a driver updated without a reboot)",
        r"(?:Failed to initialize NVML|nvml error): Driver/library version mismatch"
        # issue 36, round forty-eight: tools' own prefixes before NVML's nvmlErrorString (nvtop's "Impossible to
        # initialize nvidia nvml : %s"), pynvml's exception class for NVML_ERROR_LIB_RM_VERSION_MISMATCH
        r"|Impossible to initiali[sz]e nvidia nvml\s?: Driver/library version mismatch"
        r"|\bNVMLError_LibRmVersionMismatch\b"
        r"|(?:NVML library version|API mismatch): [^\n]{0,80}(?:kernel module|client) has (?:the )?version"
        # TensorFlow / XLA's cuda_diagnostics.cc after cuInit failed
        r"|kernel version [\d.]{1,16} does not match DSO version [\d.]{1,16}",
        "The NVIDIA driver's user-space libraries were updated (an apt upgrade, an installer) while the older kernel "
        "module is still loaded, so NVML, CUDA and the container toolkit refuse to talk to it.",
        "Reboot the machine (or stop everything that uses the GPU and reload the modules: `sudo rmmod nvidia_uvm "
        "nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia`); to avoid it, hold the driver packages out of "
        "unattended upgrades. If the mismatch is still there after a reboot, the kernel module and the user-space "
        "driver on disk are of two versions: compare `cat /proc/driver/nvidia/version` (or `modinfo nvidia | grep "
        "^version`) with the NVML library version nvidia-smi prints, then purge every NVIDIA driver package "
        "(leftovers of another branch or of a .run install) and install one driver release, module and libraries "
        "together.",
        variants=(
            # issue 36, round forty-eight: a kernel module built apart from the user-space driver (NVIDIA's
            # open-gpu-kernel-modules from source, a patched fork, a .run user space with --no-kernel-modules): a
            # reboot loads the same module again
            Variant(
                r"--no-kernel-modules?\b|open-gpu-kernel-modules|\bkernel-open\b|\bmake modules\b"
                r"|\bmodules_install\b|\bp2p\b[^\n]{0,40}\bmodules?\b",
                "a kernel module built apart from the user-space driver",
                "The kernel module was built separately (open-gpu-kernel-modules from source, a patched fork, a "
                ".run user space installed with --no-kernel-modules), so a reboot loads the same mismatched module "
                "again: the module's version (`cat /proc/driver/nvidia/version`, `modinfo nvidia | grep ^version`) "
                "must equal the user-space driver's exactly (the NVML library version nvidia-smi prints). Build the "
                "module from the tag of exactly the installed user-space release, or install the user-space driver of "
                "the module's version (`./NVIDIA-Linux-x86_64-<version>.run --no-kernel-modules`), then reload the "
                "modules (`sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia`).",
                strict=True,
            ),
            Variant(
                WSL,
                "WSL2 (a Linux driver installed inside WSL)",
                "Under WSL2 there is no Linux kernel module: the mismatch means Linux NVIDIA driver packages were "
                "installed inside WSL over the Windows driver's libraries in /usr/lib/wsl/lib. Remove them (`sudo apt "
                "remove --purge 'nvidia-*' 'libnvidia-*'`, keep only cuda-toolkit-X-Y), `wsl --shutdown` from "
                "Windows, and use /usr/lib/wsl/lib/nvidia-smi; update the driver in Windows only.",
            ),
        ),
        weight=94,
        applies="Linux hosts with the NVIDIA driver, any CUDA program",
        shown_by=(_test("test_nvml_in_a_container_and_on_a_host"),),
        example="$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\nNVML library version: "
        "535.161",
        example_source="nvidia-smi / NVML (nvmlInit's NVML_ERROR_LIB_RM_VERSION_MISMATCH text)",
    ),
)

_CLUSTER_ROWS: tuple[KnownError, ...] = (
    # issue 36, round forty-five: pyxis (Slurm's container plugin) looks a --container-name up among enroot's
    # containers, as pyxis_<name> (pyxis_<jobid>_<name> with container_scope=job), in the ENROOT_DATA_PATH of the
    # node that runs the step (pyxis_slurmstepd.c: 'a container with name "%s" does not exist, and --container-image
    # is not set'); enroot itself says "No such file or directory: <ENROOT_DATA_PATH>/<name>" (runtime.sh) for a
    # container name or an image file it cannot find
    KnownError(
        "pyxis-container-not-found",
        "pyxis / enroot: a named container does not exist on this node ('a container with name ... does not exist, "
        "and --container-image is not set')",
        r"pyxis: error: a container with name \"?[^\"\n]{1,200}\"? does not exist, and --container-image is not set"
        r"|pyxis: error: \"exec\" flag was passed to --container-name but the container is not running"
        r"|^\W{0,12}(?:\x1b\[[\d;]{0,8}m)?\[ERROR\](?:\x1b\[[\d;]{0,8}m)? No such file or directory: (/[^\n]{1,300})",
        "A named container of enroot lives in the ENROOT_DATA_PATH of the node and user that created it (enroot.conf "
        "often puts it on node-local storage, and pyxis removes job-scoped ones when the job ends), and "
        "pyxis looks `--container-name=NAME` up there as pyxis_NAME on the node that runs the step: a container "
        "made with `enroot create` by hand (on a login node, under another name or data path), or on another node, "
        "does not exist for it, and with no --container-image pyxis has nothing to start.",
        "Give pyxis the image, not only the name: `srun --container-image=<image or /shared/path/file.sqsh> "
        "--container-name=NAME ...` creates the named container on first use and reuses it on that node after. To "
        "reuse a container you changed by hand, save it as a squashfs file on shared storage (`enroot export` "
        "after `enroot create`, or pyxis's `--container-save=/shared/path/file.sqsh`) and pass that file as "
        "--container-image. `srun enroot list` (inside the job) shows the containers the compute node has; enroot's "
        "own `enroot start NAME` needs the name `enroot list` shows on the same node, as the same user.",
        variants=(
            Variant(
                r"No such file or directory: [^\n]{0,300}\.(?:sqsh|squashfs)\b",
                "an image file that is not there",
                "enroot did not find the squashfs image file it was given: the path is relative to another folder, "
                "the file is on a disk the compute node does not mount, or the import that should have written it "
                "failed. Use an absolute path on shared storage (`ls -l` it on the compute node, e.g. `srun ls -l "
                "/shared/path/file.sqsh`), and import it again with `enroot import -o /shared/path/file.sqsh "
                "docker://<registry>#<image>` if it is missing.",
                strict=True,
            ),
        ),
        requires=r"\bpyxis\b|\benroot\b|--container-(?:name|image)\b",
        weight=88,
        applies="Slurm with pyxis and enroot (any release)",
        shown_by=(f"{_T45}::test_pyxis_named_container_not_found",),
        example='slurmstepd: error: pyxis: error: a container with name "pyxis_mywork" does not exist, and '
        "--container-image is not set",
        example_source='NVIDIA/pyxis (pyxis_slurmstepd.c: \'a container with name "%s" does not exist, and '
        "--container-image is not set'); NVIDIA/enroot (src/runtime.sh: 'No such file or directory: %s')",
    ),
    KnownError(
        "host-k8s-insufficient-gpu",
        "Kubernetes: 0/N nodes are available: Insufficient nvidia.com/gpu (no node offers a free GPU)",
        r"Insufficient (nvidia\.com/(?:gpu|mig-\d{1,2}g\.\d{1,4}gb))",
        "The scheduler found no node with a free `nvidia.com/gpu` to give the pod: the NVIDIA device plugin is not "
        "running (or sees no GPU) on the GPU nodes, so they advertise none; or every GPU is already taken; or the "
        "pod asks for more GPUs than one node has.",
        "Look at what the nodes offer: `kubectl describe nodes | grep -A8 Allocatable` (nvidia.com/gpu must be > 0). "
        "None: install the NVIDIA device plugin or the GPU Operator, configure the node's container runtime for "
        "NVIDIA (`nvidia-ctk runtime configure --runtime=containerd`) and read the plugin's log (`kubectl logs -n "
        "kube-system -l name=nvidia-device-plugin-ds`). Some, all in use: free them, lower the pod's limit, or add "
        "nodes; check the pod's nodeSelector and tolerations fit the GPU nodes' labels and taints.",
        op=r"Insufficient (nvidia\.com/(?:gpu|mig-\d{1,2}g\.\d{1,4}gb))",
        weight=88,
        applies="Kubernetes (and KServe, Ray on Kubernetes, Kubeflow) with the NVIDIA device plugin",
        shown_by=(_test("test_kubernetes_scheduling_and_its_device_plugin"),),
        example="Warning  FailedScheduling  default-scheduler  0/1 nodes are available: 1 Insufficient "
        "nvidia.com/gpu. preemption: 0/1 nodes are available",
        example_source="https://github.com/NVIDIA/k8s-device-plugin/issues/585; kube-scheduler's NodeResourcesFit "
        "('Insufficient %v')",
    ),
    KnownError(
        "host-k8s-device-plugin",
        "NVIDIA device plugin sees no GPU (Incompatible strategy detected / did you configure the NVIDIA Container "
        "Toolkit?)",
        r"Incompatible strategy detected|If this is a GPU node, did you configure the NVIDIA Container Toolkit"
        r"|No devices found\. Waiting indefinitely",
        "The NVIDIA device plugin runs in a pod and finds GPUs through the container runtime's NVIDIA hook: on this "
        "node containerd / CRI-O does not run it with the nvidia runtime (not the default, no RuntimeClass), or the "
        "node has no driver, so it advertises no nvidia.com/gpu and GPU pods stay Pending.",
        "On the node: `nvidia-smi` must work; `sudo nvidia-ctk runtime configure --runtime=containerd "
        "--set-as-default` (or `--runtime=crio`) and restart the runtime, or deploy the plugin with "
        "`runtimeClassName: nvidia` (its Helm chart's runtimeClassName value); the GPU Operator sets all of this up. "
        "Then `kubectl describe node` shows nvidia.com/gpu under Allocatable.",
        severity="warns-of-failure",
        weight=88,
        applies="NVIDIA k8s-device-plugin 0.14+ on containerd or CRI-O",
        shown_by=(_test("test_kubernetes_scheduling_and_its_device_plugin"),),
        example="E0402 22:17:31.198643       1 factory.go:112] Incompatible strategy detected auto\nE0402 "
        "22:17:31.198657       1 factory.go:113] If this is a GPU node, did you configure the NVIDIA Container "
        "Toolkit?",
        example_source="https://github.com/NVIDIA/k8s-device-plugin/issues/1220; k8s-device-plugin "
        "internal/rm factory.go",
    ),
)

_IMAGE_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "host-image-tag-missing",
        "docker pull: manifest unknown / repository does not exist (no such image or tag)",
        r"manifest for ([^\s:]{1,200}:[\w.-]{1,128}) not found|manifest unknown|pull access denied for ([^\s,]{1,200})"
        r"|repository does not exist or may require 'docker login'",
        "The registry has no image of that name and tag: the tag was never published (a version, CUDA or L4T "
        "release the project builds no image for), it was removed, the name is misspelt, or the image is private "
        "and needs a login.",
        "Check the tags that exist (the registry's tag list, `docker manifest inspect <image>:<tag>`) and pick the "
        "closest published one, or build the image yourself from the project's Dockerfile; for a private image "
        "`docker login <registry>` first.",
        variants=(
            Variant(
                JETSON + r"|dustynv|jetson-containers|-r3\d\.\d",
                "Jetson / L4T",
                "Jetson images are tagged per L4T release (cat /etc/nv_tegra_release; the tag's -r35.4.1 part) and "
                "not every release has one: use the tag of the closest published release of the same L4T major "
                "(r35.x images run on other r35 releases; r32, r35 and r36 do not mix), e.g. with jetson-containers' "
                "`autotag`, or build it with jetson-containers (`jetson-containers build <package>`).",
            ),
            Variant(
                r"nvcr\.io",
                "an NGC image",
                "NGC tags are the release month (YY.MM-py3, YY.MM-py3-igpu for Jetson, -trtllm-python-py3 ...): list "
                "them on the NGC catalogue page of the image and `docker login nvcr.io` (user $oauthtoken, an NGC API "
                "key) for images that need it.",
            ),
        ),
        op=r"manifest for ([^\s:]{1,200}:[\w.-]{1,128}) not found|pull access denied for ([^\s,]{1,200})",
        weight=85,
        applies="docker, podman, containerd pulls from any registry",
        shown_by=(_test("test_image_tags_and_platforms"), f"{_SET}.jsonl#dusty-nv-ros-deep-learning-129"),
        example="Unable to find image 'dustynv/ros:noetic-pytorch-l4t-r35.4.1' locally\ndocker: Error response "
        "from daemon: manifest for dustynv/ros:noetic-pytorch-l4t-r35.4.1 not found: manifest unknown: manifest "
        "unknown.",
        example_source="https://github.com/dusty-nv/ros_deep_learning/issues/129; the registry API's "
        "MANIFEST_UNKNOWN error",
    ),
    KnownError(
        "host-image-platform",
        "An image or binary for another CPU (no matching manifest for linux/arm64 / exec format error)",
        r"no matching manifest for ([\w/]{3,30}) in the manifest list"
        r"|image with reference [^\n]{1,200} was found but does not match the specified platform"
        r"|requested image's platform \(([\w/]{3,30})\) does not match the detected host platform"
        r"|exec format error|Exec format error",
        "The image (or a binary, a wheel's library) was built for another CPU architecture than the machine's: an "
        "x86_64 (amd64) image on a Jetson or another arm64 host, or the reverse; the registry has no variant for "
        "this platform, or docker pulled the other one and the kernel cannot execute it (ENOEXEC, 'exec format "
        "error'). A script without a #! line run directly gives the same error.",
        "Use an image built for this platform: `docker manifest inspect <image>` lists the platforms it has; "
        "`uname -m` shows the machine's. Build it for the target (`docker buildx build --platform linux/arm64 ...`) "
        "or, only to test, run the other architecture under emulation (binfmt / qemu-user-static); a script run "
        "directly needs its `#!/usr/bin/env python3` (or bash) first line.",
        variants=(
            Variant(
                JETSON,
                "Jetson",
                "A Jetson runs arm64 images built for its L4T release only: use NVIDIA's l4t images "
                "(l4t-pytorch, l4t-tensorrt, l4t-jetpack, NGC -igpu tags) or jetson-containers' images for your L4T "
                "(cat /etc/nv_tegra_release), not the x86_64 images of NGC or Docker Hub; build the project's "
                "Dockerfile from such a base.",
            ),
            Variant(
                r"\[Errno 8\]|OSError|subprocess|Popen",
                "a program started from Python",
                "The file Python tried to start is not a program this machine can run: a script without a #! line "
                "(add `#!/usr/bin/env python3` or start it through its interpreter), or a binary downloaded or "
                "copied for another CPU (`file <path>` names its architecture; get the one for `uname -m`).",
            ),
        ),
        op=r"no matching manifest for ([\w/]{3,30})|exec ([^\s:]{1,200}): exec format error",
        severity="warns-of-failure",
        weight=84,
        applies="docker, podman and any program on arm64 (Jetson, Grace, Apple silicon) and x86_64 hosts",
        shown_by=(_test("test_image_tags_and_platforms"),),
        example="docker: no matching manifest for linux/arm64/v8 in the manifest list entries.",
        example_source="docker's distribution client ('no matching manifest for %s in the manifest list "
        "entries'); the kernel's ENOEXEC ('exec format error')",
    ),
)

_SHM_FIX = (
    "Give the container more shared memory: `docker run --shm-size=16g ...` (or `--ipc=host`), compose "
    "`shm_size: 16gb`; in Kubernetes mount a memory-backed emptyDir at /dev/shm (`volumes: [{name: dshm, emptyDir: "
    "{medium: Memory, sizeLimit: 16Gi}}]` with `volumeMounts: [{name: dshm, mountPath: /dev/shm}]`). Docker's "
    "default is 64 MB; `df -h /dev/shm` inside shows it."
)

#: a launcher's words for a worker that died by SIGBUS (signal 7): torchrun's elastic agent and its failure summary,
#: DeepSpeed's launcher, torch.multiprocessing.spawn's ProcessExitedException
_SIGBUS_RANK = (
    r"\(exitcode: -7\)\s{0,2}local[ _]rank|exitcode\s{0,4}: -7 \(pid: \d{1,10}\)|Signal 7 \(SIGBUS\) received by PID"
    r"|exits with return code = -7\b|process \d{1,4} terminated with signal SIGBUS"
)

_SHM_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "host-shm-too-small",
        "Shared memory (/dev/shm) too small: DataLoader bus error, 'unable to write to file </torch_...>', NCCL shm",
        r"insufficient shared memory \(shm\)|out of shared memory\. Please try to raise your shared memory limit"
        r"|unable to write to file </torch_|unable to allocate shared memory\(shm\)"
        # a launcher's report of a worker killed by SIGBUS (signal 7) with no error of its own (issue 36, round
        # twenty-five): torchrun's elastic agent (multiprocessing/api.py "failed (exitcode: -7) local_rank: N", the
        # ChildFailedError summary's "exitcode  : -7 (pid: N)" and "Signal 7 (SIGBUS) received by PID N"), DeepSpeed's
        # launcher ("exits with return code = -7"), torch.multiprocessing.spawn ("process N terminated with signal
        # SIGBUS", detectron2's and other trainers' launch())
        rf"|{_SIGBUS_RANK}"
        # a bus error whose native backtrace is in NCCL (UCX's "Caught signal 7 (Bus error: nonexistent physical
        # address)" and its "==== backtrace" frames ncclGroupEnd(), libnccl.so): NCCL's shared-memory segment in a
        # /dev/shm too small for it (issue 36, round sixty-two)
        r"|\bBus error\b[^\n]{0,200}(?:\n[^\n]{0,300}){0,24}?\n[^\n]{0,200}(?:\bnccl[A-Z]\w{2,40}\(|\blibnccl\.so)",
        "Worker processes pass tensors through shared memory (/dev/shm): torch's DataLoader workers, NCCL between "
        "GPUs of one host, Ray's object store. A container's /dev/shm is 64 MB unless raised, so the first large "
        "batch fails (a worker killed by SIGBUS, 'No space left on device' on /dev/shm/torch_*, NCCL failing to "
        "extend its segment).",
        _SHM_FIX + " Without a container: fewer DataLoader workers, or free /dev/shm.",
        variants=(
            Variant(
                _KUBERNETES,
                "Kubernetes",
                "A pod's /dev/shm is small unless you mount one: add a memory-backed emptyDir at /dev/shm "
                "(`emptyDir: {medium: Memory, sizeLimit: 16Gi}` mounted at /dev/shm; KServe and Ray clusters take it "
                "in the predictor's / worker's pod spec).",
            ),
            Variant(
                _SIGBUS_RANK,
                "a rank of a distributed launch killed by SIGBUS (torchrun, DeepSpeed, mp.spawn)",
                "The launcher only reports that a rank died by SIGBUS (exit code -7, signal 7) and the rank printed "
                "no error of its own: in a container that is almost always /dev/shm filling up (NCCL's shared-memory "
                "transport between the GPUs of the host, DeepSpeed's and the DataLoader's worker processes). "
                + _SHM_FIX
                + " Under Slurm the job's memory limit caps /dev/shm too (`--mem=0` or a larger --mem). To confirm "
                "without a new container, NCCL_SHM_DISABLE=1 keeps NCCL out of /dev/shm (slower) and num_workers=0 "
                "the DataLoader. Outside a container a SIGBUS can also be a memory-mapped file (a dataset or "
                "checkpoint) truncated or rewritten while the run read it.",
            ),
            Variant(
                r"\bNCCL\b|\bnccl[A-Z]\w{2,40}\(|\blibnccl\.so",
                "NCCL",
                "NCCL's shared-memory transport between the GPUs of one host needs room in /dev/shm: "
                + _SHM_FIX
                + " Only as a last resort NCCL_SHM_DISABLE=1 (slower).",
            ),
        ),
        weight=88,
        applies="torch DataLoader (num_workers > 0), NCCL, Ray, vLLM in docker, podman and Kubernetes",
        shown_by=(
            _test("test_shared_memory_in_containers"),
            "tests/troubleshooting/test_round25_v25wrap.py::test_a_rank_killed_by_sigbus_is_shared_memory",
        ),
        example="ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared "
        "memory (shm).",
        example_source="torch 2.x torch/utils/data/_utils/signal_handling (the DataLoader worker's SIGBUS handler "
        "text)",
    ),
    KnownError(
        "host-shm-small-warning",
        "/dev/shm too small for NCCL (NCCL's shm warnings; Ray's '/dev/shm has only N bytes' before NCCL work)",
        r"because /dev/shm has only (\d{1,15}) bytes available"
        r"|NCCL WARN [^\n]{0,80}(?:failed to extend /dev/shm|/dev/shm/nccl-[^\n]{0,120}No space left)"
        r"|NCCL WARN Call to posix_fallocate failed"
        # NCCL's own warning when it cannot create its shared-memory segment for the GPUs of one host (src/misc/
        # shmutils.cc, ncclShmOpen: "Error while creating shared memory segment %s (size %zu)"), also pasted without
        # NCCL's "NCCL WARN" head: the line a container's 64 MB /dev/shm gives (issue 36, round forty-four)
        r"|Error while creating shared memory segment /dev/shm/nccl-",
        "NCCL moves data between the GPUs of one host through /dev/shm, which a container keeps tiny (64 MB is "
        "docker's and a pod's default): NCCL warns it cannot extend its segment, or Ray warns that /dev/shm is small "
        "in a text that shows NCCL or tensor-parallel workers; the collective then fails (an NCCL 'unhandled system "
        "error') or hangs.",
        _SHM_FIX + " Only as a last resort NCCL_SHM_DISABLE=1 keeps NCCL out of /dev/shm (slower).",
        variants=(
            Variant(
                _KUBERNETES,
                "Kubernetes",
                "Mount a memory-backed emptyDir at /dev/shm in the pod (`emptyDir: {medium: Memory, sizeLimit: "
                "16Gi}`, mountPath /dev/shm); in KServe put the volume and its mount in the InferenceService's "
                "predictor spec, in a Ray cluster in the worker group's pod template.",
            ),
        ),
        requires=_SHM_USERS,
        severity="warns-of-failure",
        op=r"because /dev/shm has only (\d{1,15}) bytes available",
        weight=80,
        applies="Ray (vLLM's distributed executor, KServe's vLLM runtime) in docker and Kubernetes",
        shown_by=(_test("test_shared_memory_in_containers"), f"{_SET}.jsonl#kserve-kserve-3791"),
        example="WARNING services.py:1996 -- WARNING: The object store is using /tmp instead of /dev/shm because "
        "/dev/shm has only 67108864 bytes available. This will harm performance!\n(RayWorkerWrapper pid=1148) "
        "NCCL INFO Setting affinity for GPU 1 to aaaa,aaaaaaaa",
        example_source="https://github.com/kserve/kserve/issues/3791; Ray python/ray/_private/services.py; NCCL "
        "src/transport/shm.cc and shmutils.cc ('failed to extend %s to %ld bytes')",
    ),
    KnownError(
        "host-shm-small-notice",
        "/dev/shm has only N bytes available (Ray's object store uses /tmp: slower, not a failure)",
        r"because /dev/shm has only (\d{1,15}) bytes available",
        "Ray's object store falls back to /tmp when /dev/shm is small (a container's default 64 MB): it works, "
        "slower; nothing in the text needs /dev/shm to work (no NCCL, no DataLoader workers).",
        _SHM_FIX,
        unless=_SHM_USERS,
        severity="notice",
        weight=30,
        applies="Ray in docker and Kubernetes",
        shown_by=(_test("test_shared_memory_in_containers"),),
        example="WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 "
        "bytes available. This will harm performance!",
        example_source="Ray python/ray/_private/services.py (the object store's /dev/shm check)",
    ),
    KnownError(
        "host-shm-open-files",
        "unable to open shared memory object </torch_...>: Too many open files (DataLoader's file-descriptor sharing)",
        r"unable to open shared memory object </torch_[^\n]{0,120}Too many open files"
        # torch/utils/data/dataloader.py's own message when a worker's queue fails with EMFILE
        r"|Too many open files\. Communication with the workers is no longer possible"
        r"|received (\d{1,6}) items of ancdata",
        "torch's default sharing strategy keeps one open file descriptor per tensor a DataLoader worker sends; many "
        "small tensors per batch exceed the process's open-file limit (ulimit -n).",
        "Switch the sharing strategy before creating the DataLoader: `torch.multiprocessing.set_sharing_strategy("
        "'file_system')`, or raise the limit (`ulimit -n 65535`; docker `--ulimit nofile=65535:65535`), or return "
        "fewer, larger tensors per sample (numpy arrays collated once).",
        weight=86,
        applies="torch DataLoader with num_workers > 0 on Linux",
        shown_by=(_test("test_shared_memory_in_containers"),),
        example="RuntimeError: unable to open shared memory object </torch_26546_3416657152> in read-write mode: "
        "Too many open files (24)",
        example_source="torch 2.x aten/src/ATen/MapAllocator.cpp ('unable to open shared memory object <%s> in "
        "read-write mode')",
    ),
)

_HOST_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "host-driver-not-loaded",
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver (no driver loaded)",
        r"NVIDIA-SMI has failed because it couldn'?t communicate with the NVIDIA driver"
        # issue 36, round forty-eight: distributions' and apps' own words for the same state (an image's or a
        # desktop app's check of lsmod), read as this family's
        r"|\b(?:the )?nvidia kernel (?:module|driver) (?:is not|isn't|was not|wasn't) loaded"
        r"|\b(?:could not|couldn'?t|cannot|can'?t|unable to|failed to) load the nvidia kernel module",
        "nvidia-smi found no running NVIDIA kernel module: the driver is not installed, or it is installed but its "
        "module was not built for the running kernel (a kernel update without DKMS), Secure Boot refused the unsigned "
        "module, nouveau holds the GPU, or an update is waiting for a reboot. Nothing CUDA works until it loads.",
        "Check `lsmod | grep nvidia` and `dmesg | grep -iE 'nvidia|nvrm'`; reinstall the driver for the running kernel "
        "(Ubuntu: `sudo ubuntu-drivers install`, or the nvidia-driver-<branch> package with its DKMS module) and "
        "reboot; with Secure Boot, enrol the module's key (mokutil) or use the signed driver packages. If dmesg says "
        "the GPU 'is supported through the NVIDIA 470.xx Legacy drivers' (a Kepler K80 / K40 on 495+; Maxwell, "
        "Pascal, Volta on 590+), the branch is too new for the GPU: install that legacy branch or use a newer GPU.",
        variants=(
            Variant(
                CONTAINER_CONTEXT,
                "in a container",
                "Inside a container nvidia-smi talks to the host's driver only when the container has the GPUs: "
                "start it with `docker run --gpus all ...` (the NVIDIA Container Toolkit on the host) and check "
                "`nvidia-smi` on the host first.",
            ),
            Variant(
                WSL,
                "WSL2",
                "Under WSL2 the driver is the Windows one: update it in Windows, remove any Linux NVIDIA driver "
                "installed inside WSL, `wsl --shutdown`, and use /usr/lib/wsl/lib/nvidia-smi.",
            ),
            # issue 36, round forty-eight: a kernel that refuses unsigned modules by its own arguments (a hardened
            # image's kargs: module.sig_enforce, lockdown), then Secure Boot's refusal
            Variant(
                r"module\.sig_enforce|\blockdown\b|\bkargs?\b|hardened kernel|\bhardening\b",
                "a hardened kernel (module signature enforcement, lockdown, kernel arguments)",
                "A hardened kernel refuses modules that are not signed with a key it trusts (module.sig_enforce=1, "
                "lockdown=integrity / confidentiality, Secure Boot's lockdown) or that its arguments block "
                "(module_blacklist=, an image missing the NVIDIA kernel arguments). Read why: `sudo dmesg | grep -iE "
                "'nvidia|lockdown|key|signature'` and `cat /proc/cmdline`; sign the NVIDIA modules with a key enrolled "
                "as a MOK (`sudo mokutil --import <key.der>`, confirm at the next boot) or use the image's signed "
                "NVIDIA modules, and add the kernel arguments the image documents for NVIDIA (rpm-ostree kargs "
                "--append=..., grub's GRUB_CMDLINE_LINUX) or remove the one that blocks the module; reboot and check "
                "`lsmod | grep nvidia`.",
                strict=True,
            ),
            Variant(
                r"Key was rejected by service|Required key not available|module verification failed|secure ?boot"
                r"|\bmokutil\b|\bMOK\b",
                "Secure Boot refused the module",
                "Secure Boot refuses an NVIDIA module not signed with an enrolled key ('Key was rejected by service' "
                "in dmesg or from modprobe): enrol the signing key (`sudo mokutil --import "
                "/var/lib/shim-signed/mok/MOK.der` for DKMS builds, or the image's own key, then confirm it in the "
                "MOK manager at the next boot), use the distribution's signed driver packages, or turn Secure Boot "
                "off in the firmware; reboot and check `lsmod | grep nvidia`.",
                strict=True,
            ),
            Variant(
                r"\bLaptop GPU\b|\bOptimus\b|prime-select|\bbbswitch\b|\bbumblebee|envycontrol|supergfxctl",
                "a laptop with hybrid graphics",
                "On a hybrid-graphics laptop the NVIDIA module is often not loaded while the integrated GPU is "
                "selected: select the NVIDIA GPU (`sudo prime-select nvidia` or `on-demand` on Ubuntu, envycontrol / "
                "supergfxctl elsewhere, the BIOS's hybrid or discrete mode) and reboot; remove bbswitch / bumblebee "
                "leftovers; then `lsmod | grep nvidia` must list it.",
            ),
        ),
        weight=90,
        applies="Linux hosts, containers and WSL2",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the "
        "latest NVIDIA driver is installed and running.",
        example_source="nvidia-smi (the driver's own message when no NVIDIA kernel module answers)",
    ),
    KnownError(
        "host-docker-daemon",
        "docker: permission denied on /var/run/docker.sock / Cannot connect to the Docker daemon",
        r"permission denied while trying to connect to the Docker daemon socket"
        r"|Cannot connect to the Docker daemon at ([^\s]{1,200})",
        "The docker client cannot talk to the daemon: this user is not in the docker group (the socket is root's), "
        "or the daemon is not running (not started, crashed on a bad /etc/docker/daemon.json after configuring a "
        "runtime, or Docker Desktop is closed).",
        "Permission denied: `sudo usermod -aG docker $USER`, then log out and in (or `newgrp docker`), or run with "
        "sudo. Not running: `sudo systemctl start docker` and read `journalctl -u docker` (a daemon.json that does "
        "not parse stops it; `nvidia-ctk runtime configure` rewrites that file), or start Docker Desktop.",
        weight=80,
        applies="docker on Linux, macOS and Windows",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="docker: Got permission denied while trying to connect to the Docker daemon socket at "
        "unix:///var/run/docker.sock: Post http://%2Fvar%2Frun%2Fdocker.sock/v1.40/containers/create: dial unix "
        "/var/run/docker.sock: connect: permission denied.",
        example_source="docker CLI (client connection errors: 'permission denied while trying to connect to the "
        "Docker daemon socket', 'Cannot connect to the Docker daemon at %s. Is the docker daemon running?')",
    ),
    KnownError(
        "host-docker-disk-full",
        "docker pull / build: no space left on device (the images' disk is full)",
        r"(?:failed to register layer|Error processing tar file|write /var/lib/(?:docker|containerd)/"
        r"|failed to copy|failed to extract layer|ResourceExhausted)[^\n]{0,300}no space left on device",
        "GPU images are large (CUDA, cuDNN, TensorRT, torch: 10 to 20 GB each) and docker unpacks them under "
        "/var/lib/docker (or containerd's root), which is full.",
        "Free space: `docker system df`, then `docker system prune -a` (unused images, build cache: `docker builder "
        'prune`); or move docker\'s data-root to a larger disk (`"data-root": "/big/docker"` in '
        "/etc/docker/daemon.json, then restart docker); `df -h /var/lib/docker` shows it.",
        weight=82,
        applies="docker, podman, containerd",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="failed to register layer: Error processing tar file(exit status 1): write "
        "/usr/lib/x86_64-linux-gnu/libcudnn.so.8: no space left on device",
        example_source="docker's layer store (daemon/graphdriver: 'failed to register layer', the kernel's ENOSPC)",
    ),
    KnownError(
        "host-image-pull-limit",
        "docker pull: toomanyrequests (Docker Hub's pull rate limit)",
        r"toomanyrequests: (?:You have reached your pull rate limit|Too Many Requests)",
        "Docker Hub limits anonymous (per IP) and free-account pulls per six hours; a CI runner or a shared NAT "
        "reaches it.",
        "`docker login` (an authenticated pull has a higher limit), pull from a mirror or another registry holding "
        "the same image (NGC's nvcr.io for NVIDIA's images, a pull-through cache), or wait for the window to reset.",
        weight=80,
        applies="docker, podman, containerd pulling from Docker Hub",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="docker: Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may "
        "increase the limit by authenticating and upgrading",
        example_source="Docker Hub's registry (TOOMANYREQUESTS error code)",
    ),
    KnownError(
        "host-apptainer-no-nv",
        "Apptainer / Singularity --nv: Could not find any nv files on this host (the container gets no GPU)",
        r"Could not find any nv files on this host",
        "Apptainer's --nv binds the host driver's libraries listed by nvidia-container-cli or ldconfig into the "
        "container; it found none, so the container runs without the GPU (CUDA then reports no device or error "
        "35): the node has no NVIDIA driver (a login or CPU node), or its libraries are not in the ldconfig cache.",
        "Run on a GPU node (in Slurm, ask for one: `--gres=gpu:1` / `--gpus=1`) where `nvidia-smi` works, then "
        "`apptainer exec --nv image.sif nvidia-smi`; if the driver is installed in a non-standard place, run "
        "`ldconfig` for it or use `--nvccli` (the NVIDIA Container Toolkit's cli).",
        severity="warns-of-failure",
        weight=86,
        applies="Apptainer and SingularityCE with --nv",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="WARNING: Could not find any nv files on this host!",
        example_source="Apptainer internal/pkg/util/gpu (nvidia file discovery for --nv)",
    ),
    KnownError(
        "host-slurm-no-gpu-node",
        "Slurm: Requested node configuration is not available / Invalid generic resource (gres) specification",
        r"Requested node configuration is not available|Invalid generic resource \(gres\) specification"
        r"|Invalid gres specification",
        "Slurm found no node (in that partition) that can ever satisfy the request: a GPU count, type or memory no "
        "node has, the GPUs asked for in a partition without GPU nodes, or a gres name this cluster does not define.",
        "Ask for what exists: `sinfo -o '%P %G %N'` lists each partition's GPUs (gres); request them in that form "
        "(`--partition=<gpu partition> --gres=gpu:<type>:<n>` or `--gpus=<n>`), with no more GPUs per node than a "
        "node has.",
        weight=82,
        applies="Slurm (sbatch, srun, salloc) clusters",
        shown_by=(_test("test_the_host_and_its_engine"),),
        example="srun: error: Unable to allocate resources: Requested node configuration is not available",
        example_source="Slurm (ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE's text)",
    ),
    KnownError(
        "host-dataloader-worker-exited",
        "DataLoader worker (pid(s) N) exited unexpectedly (a worker died: /dev/shm, memory, or its own error)",
        r"DataLoader worker \(pid\(?s?\)? ?[\d, ]{1,80}\) exited unexpectedly"
        # torch/csrc/DataLoader.cpp's SIGCHLD handler ("DataLoader worker (pid N) is killed by signal: " + strsignal)
        # for a native crash (SIGKILL is py-process-killed's OOM killer; SIGBUS the /dev/shm rows'), and the
        # allocator's own abort line a worker prints (gperftools' tcmalloc.cc: "Attempt to free invalid pointer")
        r"|DataLoader worker \(pid \d{1,10}\) is killed by signal: (?:Aborted|Segmentation fault"
        r"|Floating point exception|Illegal instruction)"
        r"|src/tcmalloc\.cc:\d{1,6}\] Attempt to free invalid pointer",
        "A DataLoader worker process died without a Python error: killed for memory (the kernel's OOM killer), by "
        "SIGBUS when /dev/shm is full (a container's 64 MB default), or by a crash in a library it called.",
        "Rerun with `num_workers=0`: the real error shows in the main process. In a container raise /dev/shm "
        "(`--shm-size=16g` or `--ipc=host`; in Kubernetes a memory-backed emptyDir at /dev/shm); `dmesg | grep -i "
        "kill` shows an OOM kill (lower the batch size or workers).",
        variants=(
            # a worker that a native library aborted (issue 36, round twenty-four): the data pipeline, not memory
            Variant(
                r"is killed by signal: (?:Aborted|Segmentation fault|Floating point exception|Illegal instruction)"
                r"|Attempt to free invalid pointer|free\(\): invalid pointer|double free or corruption",
                "a worker killed by a native crash (an abort, a segfault)",
                "A native library inside the worker crashed (an invalid free, a segfault), not the GPU: run with "
                "num_workers=0 so the Dataset runs in the main process and the crash shows its own stack (add "
                "`python -X faulthandler`); then look at the native pieces of the data pipeline: the file being read "
                "(a corrupt image: open each one in a loop), OpenCV's own threads in workers (cv2.setNumThreads(0) "
                "at the top of the Dataset module), a tcmalloc preload (`echo $LD_PRELOAD`; unset it or upgrade the "
                "library), and mismatched numpy / opencv / Pillow builds (reinstall them together). Start workers "
                "with multiprocessing_context='spawn' if the crash follows forked state.",
            ),
        ),
        loose=True,
        alternatives=("host-shm-too-small", "proc-heap-corruption"),
        weight=70,
        applies="torch DataLoader with num_workers > 0",
        shown_by=(
            _test("test_shared_memory_in_containers"),
            "tests/troubleshooting/test_round24_v24run.py::test_dataloader_worker_killed_by_a_native_abort",
        ),
        example="RuntimeError: DataLoader worker (pid(s) 1234, 1235) exited unexpectedly",
        example_source="torch 2.x torch/utils/data/dataloader.py (_try_get_data: 'DataLoader worker (pid(s) {}) "
        "exited unexpectedly')",
    ),
)

#: a PCI bus id as nvidia-smi prints it (0000:01:00.0)
_BUS_ID = r"[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]"

_PLATFORM_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "host-wsl-libcuda-notice",
        "ldconfig: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link (WSL2, harmless)",
        r"/usr/lib/wsl/lib/(libcuda\.so[\w.]{0,8}) is not a symbolic link",
        "WSL2 mounts the Windows driver's libraries in /usr/lib/wsl/lib as plain files; ldconfig notes that on every "
        "run. CUDA works regardless.",
        "Nothing to fix; to silence it, run ldconfig without that folder in /etc/ld.so.conf.d, or replace the files "
        "by links in a copy of the folder put first on LD_LIBRARY_PATH.",
        severity="notice",
        weight=30,
        applies="WSL2",
        shown_by=(_test("test_wsl_and_lost_gpus"),),
        example="/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link",
        example_source="glibc ldconfig on WSL2 ('%s is not a symbolic link')",
    ),
    KnownError(
        "host-gpu-lost",
        "nvidia-smi: Unable to determine the device handle for GPU (the driver lost the GPU: read its Xid)",
        rf"Unable to determine the device handle for GPU ?({_BUS_ID}): [^\n]{{0,40}}|RmInitAdapter failed"
        # the kernel driver's own lines: the GPU left the PCIe bus, GSP firmware RPCs that got no answer
        r"|NVRM: GPU at PCI:[\w:.]{1,20}:?(?: GPU-[\w-]{1,40}:?)? has fallen off the bus"
        r"|NVRM: GPU\d{0,2} _issueRpcAndWait: rpcSendMessage failed|NVRM: [^\n]{0,60}GspRm\w{0,20} failed"
        r"|NV_ERR_GPU_IN_FULLCHIP_RESET|NVRM: [^\n]{0,60}(?:GSP RPC timeout|Timeout waiting for RPC from GSP)"
        # NVML's own error for it (nvmlErrorString(NVML_ERROR_GPU_IS_LOST) = "GPU is lost"; pynvml's class name)
        r"|NVMLError_GPUIsLost|NVML_ERROR_GPU_IS_LOST",
        "The driver lost the GPU: a hardware or firmware fault (power, cooling, PCIe or riser, an Xid like 79 'fallen "
        "off the bus' or 48 'double-bit ECC'), or a driver / GSP firmware hang (Xid 119, 120); nvidia-smi then "
        "cannot read it and every CUDA program on it fails until it is reset.",
        "Read the kernel's log: `sudo dmesg -T | grep -iE 'xid|nvrm'` (the Xid number says which fault). Reset or "
        "reboot (`sudo nvidia-smi -r -i <gpu>` when nothing uses it). If it repeats: check power (PSU, cables), "
        "cooling and the PCIe slot, remove overclocks, update the driver; on one card only, have it replaced.",
        variants=(
            Variant(
                r"Xid \(PCI:[^)\n]{1,20}\): (?:119|120)\b",
                "GSP firmware timeout (Xid 119/120)",
                "The GPU System Processor firmware stopped answering: update the driver; if it persists, run the "
                "driver without GSP firmware (`options nvidia NVreg_EnableGpuFirmware=0` in /etc/modprobe.d, "
                "proprietary kernel modules only) and reboot.",
            ),
            Variant(
                r"Xid \(PCI:[^)\n]{1,20}\): (?:13|31|43)\b",
                "an application fault (Xid 13/31/43)",
                "These Xids usually mean a program's kernel faulted (an out-of-range access, an illegal instruction), "
                "not the hardware: rerun with CUDA_LAUNCH_BLOCKING=1 and under compute-sanitizer to find the kernel; "
                "suspect the hardware only when different programs fail the same way.",
            ),
        ),
        op=rf"device handle for GPU ?({_BUS_ID})|RmInitAdapter failed! \((0x[0-9a-f:]{{1,30}})",
        weight=88,
        applies="Linux hosts with the NVIDIA driver (bare metal, cloud, containers see it as NVML errors)",
        shown_by=(_test("test_wsl_and_lost_gpus"),),
        example="Unable to determine the device handle for GPU 0000:01:00.0: Unknown Error",
        example_source="nvidia-smi (NVML's device-handle error); NVIDIA driver NVRM kernel messages (a bare Xid "
        "line is gpu_models' gpu-xid, read by its number)",
    ),
)

FAMILIES: tuple[KnownError, ...] = (
    *_TOOLKIT_ROWS,
    *_CLUSTER_ROWS,
    *_IMAGE_ROWS,
    *_SHM_ROWS,
    *_HOST_ROWS,
    *_PLATFORM_ROWS,
)
