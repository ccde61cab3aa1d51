"""File systems, permissions, container runtimes and schedulers in their own words (issue 36, round twenty-three):
a filesystem quota (EDQUOT, errno 122) rather than a full disk, NFS's stale file handles and JIT caches shared by
several nodes, a cache folder a library says it cannot write (transformers), a shell tool refused a system path, a
rerun under sudo that fails for another reason, Apptainer / Singularity's own refusals (--nv with --writable, the
setuid starter's securebits), the NVIDIA container hook's NVML permission error, GPU device nodes only root may
open, Slurm's step daemon unable to exec the staged batch script, an engine read from a file that is missing or
empty (tellg() -1, "Ran out of input") and an extension that does not link the CUDA runtime it calls.

Each pattern is keyed to the tool's own wording (named in each row's ``example_source``); paths, numbers and
versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round23_v23fs.py")

#: JIT kernel caches and the variable that moves each one (shared by the quota, NFS and cache rows)
_JIT_CACHES = (
    "Move the cache that fills or races to a local disk with room: Triton TRITON_CACHE_DIR, CuPy CUPY_CACHE_DIR, "
    "torch extensions TORCH_EXTENSIONS_DIR, torch.compile / Inductor TORCHINDUCTOR_CACHE_DIR, Numba "
    "NUMBA_CACHE_DIR, tvm-ffi TVM_FFI_CACHE_DIR, Hugging Face HF_HOME, pip PIP_CACHE_DIR, any other XDG_CACHE_HOME "
    "(in a batch job, node-local scratch such as $TMPDIR); clear the old cache folder"
)

_CONTAINER_WORDS = r"docker|podman|container|apptainer|singularity|\blxc\b|\blxd\b|kubectl|\bpod\b|/workspace/|/app/"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "fs-disk-quota-exceeded",
        "Disk quota exceeded (errno 122, EDQUOT): the user's filesystem quota is used up, not the disk",
        r"Disk quota exceeded|\bEDQUOT\b|\[Errno 122\]",
        "The file system enforces a per-user (or per-project) quota and it is used up (errno 122, EDQUOT): `df` "
        "may still show free space. Home directories on clusters have small quotas, and the writes that fill them "
        "are caches under $HOME (pip's wheels, JIT kernel caches of Triton / CuPy / torch extensions, model "
        "downloads), a virtual environment or checkpoints.",
        "Check the quota that applies (`quota -s`, or the site's own quota tool; `du -sh ~/.cache ~/.[a-z]*` finds "
        "what fills it), then write elsewhere: " + _JIT_CACHES + "; put the venv, the outputs and TMPDIR on a "
        "scratch or project file system with quota.",
        variants=(
            Variant(
                r"Could not install packages|pip install|Installing collected packages|Collecting \w|\bconda\b",
                "an install",
                "pip (or conda) filled the quota with the wheels it downloads, unpacks and installs (the CUDA "
                "wheels of torch are several GB): `quota -s` shows it; create the venv / conda env on a file "
                "system with quota (scratch, project space), set PIP_CACHE_DIR there or install with "
                "`--no-cache-dir`, set TMPDIR there too, remove a half-installed env, and rerun the install.",
            ),
            Variant(
                r"kernel_cache|\.cupy\b|CUPY_CACHE_DIR",
                "CuPy's kernel cache",
                "CuPy caches every compiled kernel under ~/.cupy/kernel_cache: set CUPY_CACHE_DIR to a folder with "
                "quota (scratch, or node-local tmp in a batch job) in the job's environment, and delete the old "
                "~/.cupy/kernel_cache.",
                product="cupy",
            ),
            Variant(
                r"\.triton\b|TRITON_CACHE_DIR|triton[\\/]runtime",
                "Triton's kernel cache",
                "Triton caches compiled kernels under ~/.triton/cache: set TRITON_CACHE_DIR (and "
                "TORCHINDUCTOR_CACHE_DIR for torch.compile) to a folder with quota, and delete the old ~/.triton.",
            ),
        ),
        weight=92,
        applies="any program on a file system with quotas (cluster homes, NFS, Lustre, GPFS)",
        shown_by=(_test("test_disk_quota_exceeded"),),
        example="ERROR: Could not install packages due to an OSError: [Errno 122] Disk quota exceeded",
        example_source="CPython's OSError for EDQUOT (errno 122 on Linux: 'Disk quota exceeded'); "
        "hao-ai-lab/FastVideo#1490; DiamondLightSource/httomo#243",
    ),
    KnownError(
        "fs-no-space-plain",
        "No space left on device, said without the errno (a title, a tool's own line): a disk or tmpfs is full",
        r"\bNo space left on device\b",
        "A disk the program writes to is full (ENOSPC), the text says so without an errno: a pip or model download "
        "into a small /tmp (a tmpfs) or a sandbox's (flatpak, snap, container) cache, a checkpoint folder, a "
        "container's writable layer.",
        "Find the full file system: `df -h` (and `df -i` for inodes) on /tmp, the cache and the output folder; "
        "free it, or point the writes to a disk with room (TMPDIR, the cache's variable: PIP_CACHE_DIR, HF_HOME, "
        "TORCH_HOME) and rerun.",
        variants=(
            # issue 36, round forty-five: enroot's image import (its docker.sh: "Extracting image layers...",
            # "Creating squashfs filesystem...", then mksquashfs) and pyxis's import of --container-image on a
            # Slurm node: enroot writes to its own cache, data and temporary folders (enroot.conf)
            Variant(
                r"\benroot\b|\bpyxis\b|--container-image\b|Creating squashfs filesystem\.\.\.",
                "enroot / pyxis importing an image",
                "enroot filled the file system it imports into: it downloads the layers to ENROOT_CACHE_PATH, "
                "unpacks them under ENROOT_TEMP_PATH (TMPDIR by default) and writes the squashfs image (several GB "
                "for a CUDA / NGC image) there or to the output path, while pyxis keeps its imports under its "
                "runtime_path (/run/pyxis by default, a small tmpfs on many nodes). `df -h` on those paths on the "
                "compute node shows which one is full; point ENROOT_CACHE_PATH, ENROOT_DATA_PATH and "
                "ENROOT_TEMP_PATH (in /etc/enroot/enroot.conf: pyxis does not take them from the job's environment, a "
                "plain `enroot import` reads them from the shell) and pyxis's runtime_path "
                "(plugstack.conf) at a large local or scratch disk, clean the old cache (`rm -rf` the "
                "ENROOT_CACHE_PATH folder), or import once to a .sqsh file on shared storage (`enroot import -o "
                "/shared/path/image.sqsh docker://...`) and pass that file as --container-image.",
            ),
            Variant(
                r"pip install|Collecting \w|Downloading \S{1,200}\.whl|Installing collected packages|\bconda\b",
                "an install",
                "pip unpacks the CUDA wheels of torch (several GB) into TMPDIR and its cache: set TMPDIR and "
                "PIP_CACHE_DIR to a disk with several GB free (or `pip install --no-cache-dir`), and inside a "
                "sandbox (flatpak, snap) install outside it, in a venv on the host, then rerun.",
            ),
        ),
        unless=r"\[Errno 28\]|os error 28|ENOSPC|/dev/shm|\bshm\b|failed to register layer|Error processing tar",
        weight=45,
        applies="any program, any platform",
        shown_by=(_test("test_no_space_plain"),),
        example="Downloading nvidia_cudnn_cu12-8.9.2.26-py3-none-manylinux1_x86_64.whl (731.7 MB)\n"
        "(issue title: No space left on device)",
        example_source="strerror(ENOSPC) in glibc ('No space left on device'); flathub/com.vscodium.codium#235",
    ),
    KnownError(
        "fs-stale-file-handle",
        "Stale file handle (ESTALE): a file on NFS was replaced under a reader (builds sharing a network cache)",
        r"Stale (?:NFS )?file handle|\bESTALE\b|\[Errno 116\]",
        "The file was on a network file system (NFS) and another host deleted or rewrote it while this one read "
        "it: JIT builds (torch extensions, tvm-ffi, Triton) of several nodes or ranks writing the same cache "
        "folder on a shared home, whose file lock is node-local, so one node's linker reads an object file "
        "another node is rewriting.",
        "Give each node its own build folder on local disk (" + _JIT_CACHES + "), or build once (one rank, one "
        "node) before the others start so they only load; rerun.",
        variants=(
            Variant(
                r"tvm[_-]ffi|TVM_FFI",
                "tvm-ffi's JIT cache",
                "Set TVM_FFI_CACHE_DIR to node-local storage (or build the module once on one node before the "
                "others start) so builders on different hosts do not share a build folder on NFS; a tvm-ffi that "
                "builds to a temporary path and renames it avoids the race.",
            ),
            Variant(
                r"ninja|collect2|/usr/bin/ld|torch_extensions|TORCH_EXTENSIONS_DIR",
                "a JIT extension build",
                "Several processes built the same extension in one shared folder on NFS: set the build cache "
                "(TORCH_EXTENSIONS_DIR for torch's cpp_extension, TVM_FFI_CACHE_DIR for tvm-ffi, the library's "
                "own variable otherwise) to node-local disk per node, or build once with one rank first; delete "
                "the half-built folder and rerun.",
            ),
        ),
        weight=90,
        applies="Linux clusters with NFS homes or shared caches",
        shown_by=(_test("test_stale_file_handle"),),
        example="/usr/bin/ld: final link failed: Stale file handle\ncollect2: error: ld returned 1 exit status",
        example_source="strerror(ESTALE) in glibc ('Stale file handle'); apache/tvm-ffi#667",
    ),
    KnownError(
        "fs-jit-cache-shared-nfs",
        "A JIT kernel cache on a shared network home (NFS) raced by several ranks or nodes",
        r"kernel_runtime_cache\b|\bNFS\b[^\n]{0,160}\bcache\b|\bcache\b[^\n]{0,160}\bNFS\b",
        "A JIT compiler (DeepEP, DeepGEMM, Triton, torch extensions) builds kernels into a cache under $HOME; on a "
        "home shared by several nodes over NFS, ranks that build the same kernel race: a rename loses, and the "
        "winner's directory is not yet visible to the loser's NFS client, so the loader finds nothing (an assert "
        "on a null runtime, a missing file) on a cold cache.",
        "Point the JIT cache at node-local storage (the library's cache variable, e.g. DeepEP's / DeepGEMM's "
        "JIT cache dir, TRITON_CACHE_DIR, TORCH_EXTENSIONS_DIR; $TMPDIR in a batch job), or warm the cache with "
        "one rank before the multi-node launch; rerun.",
        loose=True,
        weight=58,
        applies="JIT-compiling GPU libraries on multi-node clusters with NFS homes",
        shown_by=(_test("test_jit_cache_on_nfs"),),
        example="const auto runtime = kernel_runtime_cache->get(dir_path);\nEP_HOST_ASSERT(runtime != nullptr);\n"
        "home directories are NFS on multi-node clusters (cold start, all ranks race build() for the same kernel)",
        example_source="deepseek-ai/DeepEP csrc/jit (kernel_runtime_cache, EP_HOST_ASSERT); deepseek-ai/DeepEP#683",
    ),
    KnownError(
        "cache-folder-not-writable",
        "A library says it cannot write its cache folder (transformers: 'There was a problem when trying to write "
        "in your cache folder')",
        r"There was a problem when trying to write in your cache folder",
        "The cache folder (mostly a bind-mounted host folder such as ~/.cache inside a container) belongs to "
        "another user than the one the program runs as, or is read-only, so downloads and cached files cannot be "
        "written; the model load that follows fails.",
        "Run the program (the container) as the owner of the folder (`docker run -u $(id -u):$(id -g)`, create "
        "the host folders before mounting them so root does not), or `chown -R` the folder to that user, or point "
        "the cache at a writable folder (HF_HOME / TRANSFORMERS_CACHE for Hugging Face, MPLCONFIGDIR for "
        "Matplotlib, TRITON_CACHE_DIR for Triton).",
        severity="warns-of-failure",
        weight=64,
        applies="transformers / huggingface_hub and other libraries with a user cache, mostly in containers",
        shown_by=(_test("test_cache_folder_not_writable"),),
        example="There was a problem when trying to write in your cache folder (/workspace/.cache/huggingface/"
        "transformers/). You should set the environment variable TRANSFORMERS_CACHE to a writable directory.",
        example_source="huggingface/transformers utils/hub.py (the cache-folder warning); h2oai/h2ogpt#729",
    ),
    KnownError(
        "shell-permission-denied-system-path",
        "rm / cp / mv / mkdir: cannot ... '/usr/...': Permission denied (a script writes system folders without root)",
        r"\b(?:rm|cp|mv|ln|mkdir|install|touch|chmod|tee): cannot (?:remove|create regular file|create directory"
        r"|create symbolic link|move|open|stat|overwrite|change permissions of)[^\n]{0,240}: Permission denied",
        "A script (an installer, a version switch) writes or removes files in folders only root may change "
        "(/usr/include, /usr/lib, /usr/local/cuda, /opt, /etc) and runs as a normal user, so every write fails and "
        "nothing is installed.",
        "Run that script with sudo (or as root) if the system folders are meant; without root, install into a "
        "folder you own (a prefix under $HOME, a conda env) and point the build and the loader at it (CPATH / "
        "CPLUS_INCLUDE_PATH for headers, LD_LIBRARY_PATH for libraries) instead of writing system paths.",
        weight=60,
        applies="Linux / macOS shells (coreutils' messages)",
        shown_by=(_test("test_shell_permission_denied"),),
        example="rm: cannot remove '/usr/include/cudnn.h': Permission denied\n"
        "cp: cannot create regular file '/usr/include/cudnn.h': Permission denied",
        example_source="GNU coreutils rm.c / copy.c ('cannot remove %s', 'cannot create regular file %s'); "
        "dnzzcn/cudnnv#1",
    ),
    KnownError(
        "py-permission-denied-then-sudo",
        "PermissionError, then the same command rerun with sudo fails otherwise (root's Python is another environment)",
        r"PermissionError: \[Errno 13\]|\[Errno 13\] Permission denied",
        "The first run could not write a file (root owns it, often left by an earlier sudo run); rerunning the "
        "command with sudo runs root's Python and environment (other packages, no user settings), so the second "
        "failure (an Illegal instruction, a missing module) comes from sudo, not from the program.",
        "Do not run it with sudo: give your user the file or folder the PermissionError names (`sudo chown -R "
        "$USER <path>`, or delete the root-owned leftover) and rerun as your normal user, in your own "
        "environment.",
        requires=r"^\s{0,8}(?:\$\s{1,4})?sudo\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}(?:\S{1,200}/)?python",
        op=r"Permission denied: '([^'\n]{1,200})'",
        weight=70,
        applies="any Python program run again with sudo after a PermissionError",
        shown_by=(_test("test_permission_denied_then_sudo"),),
        example="PermissionError: [Errno 13] Permission denied: 'model-trt.pth'\n\nsudo python3 convert.py\n"
        "Illegal instruction",
        example_source="daniil-osokin/lightweight-human-pose-estimation-3d-demo.pytorch#77; sudo(8)'s env_reset",
    ),
    KnownError(
        "apptainer-nv-writable",
        "Apptainer / Singularity: 'nv files may not be bound with --writable' (the container gets no GPU driver)",
        r"nv files may not be bound with --writable|rocm files may not be bound with --writable",
        "With --writable Apptainer / Singularity does not bind the host's NVIDIA driver files (nvliblist.conf: "
        "libcuda, libnvidia-ml, nvidia-smi) into the image, since that would change it; the container then has "
        "no driver and sees no GPU.",
        "Do not combine --nv with --writable: install into the sandbox in a --writable (or --fakeroot) session "
        "without --nv, then run the GPU work with --nv on the read-only image (or with --writable-tmpfs / an "
        "--overlay for scratch writes).",
        severity="warns-of-failure",
        weight=88,
        applies="Apptainer / SingularityCE with --nv",
        shown_by=(_test("test_apptainer_nv_writable"),),
        example="$ apptainer shell --nv --writable cuda-devel\nWARNING: nv files may not be bound with --writable",
        example_source="apptainer/apptainer internal/pkg/runtime/engine/apptainer (the --nv / --writable warning); "
        "apptainer/apptainer#3079",
    ),
    KnownError(
        "apptainer-starter-refused",
        "Singularity / Apptainer's starter cannot set up its sandbox (Failed to set securebits, user namespace "
        "not supported): the container never starts",
        r"Failed to set securebits|Failed to create user namespace|user namespaces? (?:is |are )?not "
        r"(?:supported|enabled|allowed)|Failed to set capabilities|Failed to set effective capabilities",
        "The container runtime's starter (setuid, or unprivileged with user namespaces) asked the kernel for "
        "something it refuses: securebits / capabilities (a WSL or old kernel, a restricted VM or a container "
        "inside a container), or user namespaces disabled by the host (sysctl, AppArmor on recent Ubuntu); no "
        "container started, so the GPU program never ran.",
        "Ask the host's admin to enable user namespaces (user.max_user_namespaces, Ubuntu's "
        "apparmor_restrict_unprivileged_userns) or to install the setuid starter; inside a VM, WSL or another "
        "container, run on a native Linux host (or a current Apptainer in unprivileged user-namespace mode), or "
        "build the program natively instead of in the image.",
        requires=r"singularity|apptainer|\bERROR\s{1,4}:|\bFATAL\s{0,4}:",
        weight=84,
        applies="SingularityCE / Apptainer on WSL, VMs and hosts with restricted namespaces",
        shown_by=(_test("test_apptainer_starter_refused"),),
        example="singularity shell --nv image.sif\nERROR  : Failed to set securebits: Invalid argument",
        example_source="apptainer/apptainer cmd/starter/c/starter.c ('Failed to set securebits'); "
        "ehw-fit/tf-approximate#13",
    ),
    KnownError(
        "container-hook-nvml-permissions",
        "nvidia-container-cli: nvml error: insufficient permissions (the container hook cannot open /dev/nvidia*)",
        r"nvml error: insufficient permissions|Failed to initialize NVML: Insufficient Permissions",
        "NVML could not open the GPU device nodes: the NVIDIA container hook (nvidia-container-cli, run before "
        "the container starts) runs as a user or under a security policy (SELinux, AppArmor, rootless cgroups) "
        "that may not open /dev/nvidia*, or the driver created the nodes with a restrictive mode / group.",
        "Let the hook open the device nodes: check `ls -l /dev/nvidia*` (mode 0666, or a group such as video), "
        'set `user = "root:video"` under [nvidia-container-cli] in /etc/nvidia-container-runtime/config.toml '
        "(rootless: no-cgroups = true and pass the devices), relax the driver's NVreg_DeviceFileMode / "
        "NVreg_DeviceFileGID, check SELinux / AppArmor denials (`ausearch -m avc`), then restart the runtime.",
        weight=94,
        applies="Docker / containerd / Podman / Kubernetes with the NVIDIA Container Toolkit",
        shown_by=(_test("test_container_hook_nvml_permissions"),),
        example="initialization error: nvml error: insufficient permissions: unknown",
        example_source="NVIDIA/libnvidia-container src/nvc.c (nvml error: %s); NVML_ERROR_NO_PERMISSION's text; "
        "containerd/containerd#6042",
    ),
    KnownError(
        "container-gpu-root-only",
        "The GPU works as root in a container but not for its normal user (device nodes root-only)",
        r"No devices (?:were|where) found|no CUDA-capable device is detected|Found no NVIDIA driver",
        "The GPU device nodes (/dev/nvidia*) passed into the container belong to root with a mode the container's "
        "normal user cannot open, so NVML / CUDA find no device for that user while root works.",
        "Give the container user access to /dev/nvidia*: LXD `lxc config device set <container> <gpu device> "
        "gid=<group> mode=0660` (then add the user to that group); Docker / Podman add the user to the nodes' "
        "group (`--group-add video`) or fix the mode on the host; restart the container and check `ls -l "
        "/dev/nvidia*` as that user.",
        requires=r"(?:not|without) (?:using |as |being )?root|\bsu \w{1,32} -c|as root\b|non-root|--user\b"
        r"|\bsu - ?\w{1,32}\b|\bsudo -u\b",
        loose=True,
        weight=75,
        applies="GPU containers (LXD, Docker, Podman) used by a non-root user",
        shown_by=(_test("test_container_gpu_root_only"),),
        example='lxc exec my_container "nvidia-smi"   # works as root\n'
        'lxc exec my_container -- su ubuntu -c "nvidia-smi"\n'
        "(issue title: Nvidia-smi (No devices where found) if not using root in the container)",
        example_source="canonical/lxd#4534; nvidia-smi's 'No devices were found'",
    ),
    KnownError(
        "slurm-step-exec-failed",
        "slurmstepd: error: execve(): ...: No such file or directory (the node could not run the job's script or "
        "program)",
        r"slurmstepd(?:-[\w.-]{1,40})?: error: execve\(\): [^\n]{0,240}(?:No such file or directory|Permission denied"
        r"|Exec format error)",
        "Slurm's step daemon on the compute node could not start the job: for slurm_script, the batch script was "
        "not staged into the node's spool folder (slurmd's spool or /tmp on that node broken or full, an NFS "
        "problem on the node); for a program, it is not on that node's PATH or file system.",
        "For slurm_script it is the node, not your code: report it to the cluster admins with the node name "
        "(`scontrol show job <id>`), exclude the node (`sbatch --exclude=<node>`) or submit to another partition, "
        "and resubmit once they repair its slurmd spool. For a program: give its full path, load its module or "
        "activate the environment in the script, and check the path exists on compute nodes.",
        variants=(
            Variant(
                r"execve\(\): [^\n]{0,200}slurm_script",
                "the staged batch script",
                "The node could not stage your batch script into its slurmd spool folder: a node problem, not "
                "CUDA / PyTorch. Report it to the admins with the node name (`scontrol show job <id>`, "
                "`sacct -j <id> -o NodeList`), exclude that node (`--exclude=<node>`) or use another partition, "
                "and resubmit after they repair or reboot it.",
                strict=True,
            ),
        ),
        weight=82,
        applies="Slurm batch jobs",
        shown_by=(_test("test_slurm_step_exec_failed"),),
        example="slurmstepd: error: execve(): /tmp/slurmd/job00089/slurm_script: No such file or directory",
        example_source='SchedMD/slurm src/slurmd/slurmstepd/exec_wait / task.c (error("execve(): %s: %m")); '
        "arjunacluster/arjunausers#46",
    ),
    KnownError(
        "fs-read-only",
        "Read-only file system (errno 30, EROFS): the program writes into a read-only image, mount or root",
        r"\[Errno 30\] Read-only file system|Read-only file system \(os error 30\)|\bEROFS\b"
        r"|(?:cannot|can't|unable to|failed to) [^\n]{0,160}: Read-only file system",
        "The folder the program writes (a cache, a model download, an engine, a checkpoint) is on a read-only file "
        "system: an Apptainer / Singularity image (SIF files are read-only), a container with a read-only root "
        "(Kubernetes readOnlyRootFilesystem), a volume mounted `:ro`, or a disk the kernel remounted read-only "
        "after errors.",
        "Write elsewhere: point the caches at a writable folder (" + _JIT_CACHES + ") and the outputs / engine "
        "path there too; in a container mount a writable volume (emptyDir, `-v host:ctr` without :ro); with "
        "Apptainer bind a host folder (`--bind`) or add `--writable-tmpfs`. If a host disk turned read-only by "
        "itself, check `dmesg` for I/O errors before using it again.",
        variants=(
            Variant(
                r"singularity|apptainer|\.sif\b",
                "an Apptainer / Singularity image",
                "The SIF image is read-only: set the caches (HF_HOME, TRITON_CACHE_DIR, TORCH_HOME, "
                "XDG_CACHE_HOME) to $HOME or a `--bind`-mounted host folder, or run with `--writable-tmpfs` for "
                "scratch writes (lost at exit); do not write into the image's own folders.",
            ),
        ),
        op=r"Read-only file system: '([^'\n]{1,200})'",
        weight=66,
        applies="containers, Apptainer / Singularity images, read-only mounts",
        shown_by=(_test("test_read_only_file_system"),),
        example="OSError: [Errno 30] Read-only file system: '/opt/app/.cache/huggingface'",
        example_source="CPython's OSError for EROFS (errno 30 on Linux: 'Read-only file system')",
    ),
    KnownError(
        "fs-io-error",
        "Input/output error (errno 5, EIO) reading or writing a file: a network / FUSE mount or a failing disk",
        r"\[Errno 5\] Input/output error|Input/output error \(os error 5\)"
        r"|(?:cannot|can't|failed to|error) (?:read|write|open|stat|access|reading|writing)[^\n]{0,160}: "
        r"Input/output error",
        "The operating system could not read or write the file at all (EIO): a network or FUSE mount that dropped "
        "or timed out (NFS, s3fs / gcsfuse / blobfuse, a cloud drive), a container's overlay on a full or "
        "failing disk, or a failing disk; it is not the program's data.",
        "Check the mount the path is on (`df -h <path>`, `mount | grep <mount>`, `dmesg | tail` for disk or NFS "
        "errors); remount or copy the files (model, dataset, engine) to a local disk and read them from there; on "
        "a failing disk, stop writing and replace it.",
        loose=True,
        weight=55,
        applies="any program reading from network, FUSE or failing storage",
        shown_by=(_test("test_io_error"),),
        example="OSError: [Errno 5] Input/output error: '/mnt/gcs/models/model.safetensors'",
        example_source="CPython's OSError for EIO (errno 5 on Linux: 'Input/output error')",
    ),
    KnownError(
        "slurm-step-chdir-failed",
        "slurmstepd: couldn't chdir to the job's folder: going to /tmp instead (relative paths then fail)",
        r"slurmstepd(?:-[\w.-]{1,40})?: error: couldn't chdir to [^\n]{0,240}: going to /tmp instead",
        "The folder the job was submitted from (its working directory) does not exist or is not readable on the "
        "compute node (a local path on the login node, an unmounted home / project file system), so the job runs "
        "in /tmp and every relative path (script, model, data, output) is wrong.",
        "Submit from a folder on a file system the compute nodes mount (home, project, scratch), or set "
        "`#SBATCH --chdir=<shared folder>` and use absolute paths; if the shared file system is missing on that "
        "node, report the node to the admins and exclude it (`--exclude=<node>`).",
        severity="warns-of-failure",
        weight=60,
        applies="Slurm batch jobs",
        shown_by=(_test("test_slurm_step_chdir"),),
        example="slurmstepd: error: couldn't chdir to `/local/u/project': No such file or directory: going to /tmp "
        "instead",
        example_source="SchedMD/slurm src/slurmd/slurmstepd/mgr.c (\"couldn't chdir to `%s': %m: going to /tmp "
        'instead")',
    ),
    KnownError(
        "engine-file-size-negative",
        "An engine file read with tellg() == -1 (missing or unreadable file), then std::bad_alloc",
        r"tellg\(\)?[^\n]{0,60}(?:is|=|==|returns?|was|of) ?\"?-1\b|tellg\(\)?[^\n]{0,30}\bnegative\b",
        "The program opens a serialized engine that is not there (never written: its folder was not writable, "
        "the build failed, a wrong path); std::ifstream::tellg() returns -1 and a buffer of that size throws "
        "std::bad_alloc, which looks like a memory error.",
        "Check the engine path exists and is non-empty before reading it (`ls -l <engine>`), write the engine to "
        "a folder your user can write (or fix that folder's owner), rebuild the engine and rerun; check "
        "`in.good()` / the size before allocating.",
        weight=88,
        applies="TensorRT C++ programs that load a serialized engine with std::ifstream",
        shown_by=(_test("test_engine_file_size_negative"),),
        example='it report an error: std::bad_alloc.\nThen I find that it is because the value of "in.tellg()" is -1.',
        example_source="std::basic_istream::tellg (returns pos_type(-1) on failure); goingqs/TensorRT-SSD#3",
    ),
    KnownError(
        "engine-cache-ran-out-of-input",
        "'Ran out of input' loading a cached engine / module (an empty or cut-off cache file)",
        r"\bRan out of input\b",
        "pickle (torch.load) reached the end of the file at once: the cached engine or module file is empty or "
        "truncated, left by an earlier build or save that was interrupted or failed in the cache folder.",
        "Delete the cached engine files in the cache folder (or point the cache path at a fresh writable folder) "
        "and let the engine rebuild; let the first build finish so the file is written completely.",
        requires=r"\btrt\b|tensorrt|\bengine\b|cache",
        unless=r"EOFError: Ran out of input",
        weight=56,
        applies="programs that cache TensorRT engines / compiled modules with pickle or torch.save",
        shown_by=(_test("test_engine_cache_ran_out_of_input"),),
        example='TensorRT "Ran out of input"?\nI wanted the cache files to be put into "G:/Temp".',
        example_source="CPython Modules/_pickle.c ('Ran out of input'); HolyWu/vs-realesrgan#18",
    ),
    KnownError(
        "ext-undefined-cudart-symbol",
        "undefined symbol: cuda… / __cudaPushCallConfiguration (a CUDA runtime function, no version suffix): an "
        "extension or custom op not linked to the CUDA runtime it calls",
        r"undefined symbol: (cuda[A-Z]\w{2,60})\b(?![^\n]{0,4}version)"
        # the CUDA runtime's internal entry points that nvcc writes into every kernel launch and module (issue 36,
        # round thirty-one): __cudaPushCallConfiguration / __cudaPopCallConfiguration since nvcc 9.2,
        # __cudaRegisterFatBinaryEnd since 10.1. Missing at load: the object was compiled by a newer nvcc than the
        # libcudart it links or is loaded with (or it links none)
        r"|undefined symbol: (__cuda(?:Push|Pop)CallConfiguration|__cudaRegisterFatBinaryEnd)\b",
        "A compiled extension or custom op calls the CUDA runtime (cudaHostRegister, cudaMalloc...) without linking "
        "libcudart itself, counting on the framework's copy (torch loads its own with local symbol scope); or it "
        "was built against another torch / CUDA build than the one installed. A missing internal launch symbol "
        "(__cudaPushCallConfiguration, __cudaRegisterFatBinaryEnd) means its .cu objects were compiled by a newer "
        "nvcc than the CUDA runtime it links or loads with.",
        "Rebuild or reinstall the extension against the installed CUDA build of torch (from source: `pip install "
        "--no-build-isolation .`, so it links the CUDA runtime); as a workaround start Python with "
        "TORCH_USE_RTLD_GLOBAL=1 (or import torch before the extension).",
        variants=(
            # a TensorFlow custom op (tf.load_op_library, a tf_ops folder built by a shell script or Makefile)
            Variant(
                r"\A(?=[\s\S]{0,300000}?(?:load_op_library|\btf_ops?\b|tf_\w{1,40}_so\.so|tensorflow))"
                r"(?=[\s\S]{0,300000}?undefined symbol: (?:__)?cuda)",
                "a TensorFlow custom op",
                "The op's .so was built from .cu objects of one nvcc but links no CUDA runtime of that toolkit (or "
                "an older one), so nothing the process loads defines the symbol. Rebuild the op with the CUDA "
                "toolkit of the TensorFlow that loads it (`python -c 'import tensorflow as tf; "
                'print(tf.sysconfig.get_build_info()["cuda_version"])\'`; its nvcc for the .cu.o, and the same '
                "toolkit's runtime on the g++ link line: `-L<cuda>/lib64 -lcudart`, with TensorFlow's own "
                "tf.sysconfig.get_compile_flags() / get_link_flags()); in the op's build script replace any "
                "hard-coded /usr/local/cuda-X.Y paths by that toolkit's.",
            ),
            Variant(
                r"undefined symbol: __cuda(?:Push|Pop)CallConfiguration|undefined symbol: __cudaRegisterFatBinaryEnd",
                "nvcc's internal launch symbols (a newer nvcc than the runtime)",
                "The .cu objects were compiled by a newer nvcc (9.2+ writes __cudaPushCallConfiguration, 10.1+ "
                "__cudaRegisterFatBinaryEnd) than the CUDA runtime the library links or is loaded with. Compile and "
                "link with one toolkit, the one of the framework that loads it (torch.version.cuda): `which nvcc` / "
                "`nvcc -V` must show it (set CUDA_HOME and PATH), link its libcudart (`-L$CUDA_HOME/lib64 "
                "-lcudart`), delete the old objects and rebuild.",
            ),
        ),
        op=r"undefined symbol: (cuda[A-Z]\w{2,60}|__cuda(?:Push|Pop)CallConfiguration|__cudaRegisterFatBinaryEnd)",
        weight=87,
        applies="C++/CUDA extensions of PyTorch (torch.utils.cpp_extension), TensorFlow custom ops",
        shown_by=(
            _test("test_ext_undefined_cudart_symbol"),
            "tests/troubleshooting/test_round31_v31graph.py::test_cuda_internal_launch_symbols",
        ),
        example="Cannot run training on GPU: undefined symbol: cudaHostRegister",
        example_source="facebookresearch/PyTorch-BigGraph#154; torch/__init__.py (TORCH_USE_RTLD_GLOBAL)",
    ),
)

# issue 36, round sixty-three: GPUDirect Storage's kernel module refusing an IO
FAMILIES = FAMILIES + (
    KnownError(
        "gds-nvidia-fs-io-failed",
        "GPUDirect Storage IO failed in the nvidia-fs kernel module ('nvidia-fs:rw_verify_area failed', 'read / "
        "write IO failed', cuFile's 'failed to submit io')",
        r"\bnvidia-fs:\s{0,2}(?:rw_verify_area failed with -?\d{1,4}|(?:read|write) IO failed\b"
        r"|nvfs_\w{1,60}: rdma version not set)"
        r"|\bfailed to submit io of type \d{1,2} ret: -?\d{1,4}",
        "The nvidia-fs kernel module (GPUDirect Storage's path between storage and GPU memory) refused the IO: the "
        "platform does not support the path it takes (GPU and NVMe / NIC under the CPU's root port with the IOMMU "
        "on: GDS needs the IOMMU off or in passthrough there, or a PCIe switch), the file system or mount is not "
        "one GDS supports in this mode, or the installed nvidia-fs build is broken for this kernel (a dkms package "
        "update that regressed).",
        "Check what GDS says of this machine: `/usr/local/cuda/gds/tools/gdscheck -p` (platform, IOMMU, file "
        "systems, nvidia-fs version) and `dmesg | grep nvidia-fs`; boot with the IOMMU off or in passthrough "
        "(`iommu=pt`, or intel_iommu=off / amd_iommu=off) when the traffic crosses the root port; use a supported "
        "file system and mount (ext4 / XFS on local NVMe with data=ordered, or a GDS-enabled network file system); "
        "if it began after an nvidia-fs-dkms update, install the previous version (`apt install "
        "nvidia-fs-dkms=<older version>`) until a fixed release. cuFile's compatibility mode (allow_compat_mode in "
        "cufile.json) reads through the CPU meanwhile.",
        weight=80,
        applies="NVIDIA GPUDirect Storage (nvidia-fs, cuFile, kvikio, fastsafetensors' GDS loader)",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_data_loading_and_storage_on_the_gpu",),
        example="[  245.749599] nvidia-fs:rw_verify_area failed with -14\n[  245.749616] nvidia-fs:write IO failed "
        ":-14",
        example_source="NVIDIA gds-nvidia-fs src/nvfs-core.c (its pr_err lines), cuFile's gdsio tool",
    ),
)
