"""CUDA start-up on the host (issue 36, round thirteen): the driver's kernel module that will not load (modprobe,
nvidia-installer, the kernel's NVRM lines), TensorFlow's / JAX's cuInit failing on a host whose driver is there (not
the no-driver notice), applications' own words for "no CUDA device" (a CPU-only torch behind an app's check), and a
cloud SDK's GPU deployment configuration refused in its own words. Each pattern is keyed to the program's own message
(cited in ``example_source``); versions, module names and error codes are read from the text, never written into a
pattern. Intel's SYCL runtime that found no device (issue 36, round thirty-three: DPC++'s "No device of requested type
available", PI_ERROR_DEVICE_NOT_FOUND) is an Intel GPU runtime, not CUDA.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round13_p1host.py"


_test = tests_in(_SHOWN)


#: a container, a pod or a Kubernetes node in the text
_POD = (
    r"hostname: jupyter-|\bkubectl\b|\bkubelet\b|\bk8s\b|kubernetes|\bpod\b|jupyterhub|singleuser|\bhelm\b"
    r"|\bGKE\b|\bEKS\b|\bAKS\b"
)
_CONTAINER = r"docker|podman|container|nvidia-docker|\bcompose\b"

_R48 = tests_in("tests/troubleshooting/test_round48_v48driver.py")

#: an external GPU enclosure or a Thunderbolt / USB4 link in the text
_EGPU = r"\beGPU\b|Thunderbolt|\bUSB4\b|\bTB[34]\b|\bRazer Core\b|\bhotplug\b|hot-plug"
#: a virtual machine with a GPU passed through
_VM = r"\bVM\b|virtual machine|passthrough|pass-through|\bvfio\b|\bKVM\b|\bQEMU\b|\bOVMF\b|\bProxmox\b|\bESXi\b"

FAMILIES: tuple[KnownError, ...] = (
    # issue 36, round forty-eight: NVRM's own words when the GPU's PCI memory window (BAR) was not assigned ("This
    # PCI I/O region assigned to your NVIDIA device is invalid:", "BARn is 0M @ 0x0 (PCI:...)", "The system BIOS may
    # have misconfigured your GPU.", as the driver's kernel log prints them)
    KnownError(
        "host-gpu-pci-bar-unassigned",
        "NVRM: This PCI I/O region assigned to your NVIDIA device is invalid (BARn is 0M @ 0x0): the firmware or "
        "the PCI hotplug did not give the GPU its memory window",
        r"NVRM: This PCI I/O region assigned to your NVIDIA device is\s{0,4}(?:invalid|$)"
        r"|NVRM: BAR\d is 0M @ 0x0"
        r"|NVRM: The system BIOS may have misconfigured your (?:GPU|graphics card)",
        "The GPU is on the PCI bus (lspci lists it) but the firmware, the PCI hotplug bridge or the hypervisor gave "
        "it no memory window (a BAR of size 0 at address 0), so the NVIDIA driver's probe fails and no GPU is "
        "initialised: nvidia-smi cannot talk to the driver and modprobe may say 'No such device'. Large BARs of "
        "data-centre and recent GPUs need 64-bit addressing above 4 GB; a GPU plugged in after boot (an eGPU over "
        "Thunderbolt) needs space the firmware reserved for hotplug bridges.",
        "Give the GPU its window: in the BIOS / UEFI enable Above 4G Decoding (and Resizable BAR where offered), "
        "disable CSM / legacy boot; or let Linux reassign it with the kernel parameter `pci=realloc` (add "
        "`pci=hpmmiosize=128M,hpmmioprefsize=16G` for hotplug bridges) in GRUB_CMDLINE_LINUX_DEFAULT, `sudo "
        "update-grub`, reboot; `sudo dmesg | grep -iE 'BAR|NVRM'` and `lspci -vv -s <bus id>` show the regions. A "
        "firmware update of the board can be the only fix.",
        variants=(
            Variant(
                _EGPU,
                "an eGPU over Thunderbolt / USB4",
                "An eGPU gets its memory window from the space the firmware reserved for the Thunderbolt / USB4 "
                "hotplug bridge, often too small for a GPU: boot with the enclosure attached and powered (so it is "
                "enumerated at boot), set the BIOS's Thunderbolt options (PCIe tunnelling, security level 'user' or "
                "none, the reserved MMIO size where offered), add `pci=realloc,hpmmiosize=128M,hpmmioprefsize=16G` "
                "(or larger) to the kernel command line, and update the laptop's firmware; `boltctl` must show the "
                "enclosure authorised.",
                strict=True,
            ),
            Variant(
                _VM,
                "a GPU passed through to a virtual machine",
                "In a VM the hypervisor assigns the BARs: use UEFI (OVMF) firmware rather than SeaBIOS, a q35 machine "
                "with a 64-bit MMIO window large enough for the GPU (QEMU's pci-hole64-size / Proxmox's pcie=1 on "
                "q35; VMware's pciPassthru.use64bitMMIO=TRUE with pciPassthru.64bitMMIOSizeGB), Above 4G Decoding on "
                "the host, and `pci=realloc` on the host's kernel command line if its own BARs are unassigned.",
                strict=True,
            ),
        ),
        weight=93,
        applies="Linux hosts with the NVIDIA driver (bare metal, eGPU enclosures, VMs with a passed-through GPU)",
        shown_by=(_R48("test_nvrm_pci_bar_unassigned"),),
        example="NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:\n"
        "NVRM: BAR1 is 0M @ 0x0 (PCI:0000:56:00.0)",
        example_source="the NVIDIA driver's kernel log (NVRM's PCI BAR check, as printed by releases 180 to 570)",
    ),
    KnownError(
        "host-kernel-module-load",
        "The NVIDIA driver's kernel module will not load (modprobe / nvidia-installer cannot insert nvidia*, NVRM "
        "found no device)",
        r"modprobe: (?:FATAL|ERROR): Module nvidia[\w-]{0,20} not found in directory [^\s]{1,160}"
        r"|modprobe: (?:FATAL|ERROR): [^\n]{0,120}could not find module by name[= ]'?nvidia[\w-]{0,20}"
        # "No such device" is the module finding no NVIDIA GPU (a CPU-only machine): no-gpu-visible's class
        r"|could not insert 'nvidia[\w-]{0,20}': (?!No such device)[^\n]{1,80}"
        r"|Unable to load the (?:kernel module )?'nvidia[\w-]{0,20}(?:\.ko)?'(?: kernel module)?"
        r"|NVRM: No NVIDIA (?:GPU|devices?) (?:found|probed)|NVRM: The NVIDIA probe routine (?:was not called|failed)"
        # issue 36, round forty-eight: DKMS's own words when the NVIDIA module does not build for a kernel (dkms's
        # "Consult /var/lib/dkms/<module>/<version>/build/make.log", Void's xbps trigger "DKMS module '%s' failed
        # to build", "Building DKMS module '%s' for kernel-%s... FAILED!"); dkms's "Bad return status" line names
        # no module, so it is read only through the make.log line that names nvidia
        r"|DKMS module '?nvidia[\w.-]{0,40}'? failed to build"
        r"|Building (?:DKMS )?module '?nvidia[\w.-]{0,40}'? for kernel[- ][^\s.]{0,40}[^\n]{0,40}FAILED"
        r"|/var/lib/dkms/nvidia[\w.-]{0,20}/[\w.-]{1,40}/(?:[\w.-]{1,60}/)?build/make\.log"
        r"|DKMS make\.log for nvidia[\w.-]{0,40}",
        "The NVIDIA driver's kernel module (nvidia, nvidia_uvm, nvidia_drm) could not be inserted into the running "
        "kernel: it was not built for this kernel (a kernel update without the driver's DKMS module, a driver "
        "package for another kernel, a cloud image whose driver predates its kernel), Secure Boot refused the "
        "unsigned module, or nouveau holds the GPU; nothing that uses CUDA (torch, cutorch, TensorFlow, Caffe) can "
        "start until it loads.",
        "Install the driver for the running kernel: `uname -r`, then the headers for it (`sudo apt install "
        "linux-headers-$(uname -r)`) and the driver with its DKMS module (Ubuntu: `sudo ubuntu-drivers install` or "
        "nvidia-driver-<branch>; or NVIDIA's .run installer, which builds the module), `sudo dkms autoinstall`, "
        "reboot; `lsmod | grep nvidia` and `nvidia-smi` must work before the program is run again.",
        variants=(
            Variant(
                r"DKMS module '?nvidia[^\n]{0,60}failed to build|Building (?:DKMS )?module[^\n]{0,120}FAILED"
                r"|/var/lib/dkms/nvidia|DKMS make\.log|Bad return status for module build",
                "DKMS could not build the module for a kernel",
                "DKMS could not compile the NVIDIA module for the kernel it names (usually a kernel newer than this "
                "driver release supports, or that kernel's headers are missing), so that kernel boots without it. "
                "Read the build log (/var/lib/dkms/nvidia/<version>/build/make.log) for the first error; install the "
                "headers of exactly that kernel (kernel-headers / linux-headers-<kernel>); if the headers are there "
                "and the compile fails, move to a driver release (or the distribution's patched package) that "
                "supports that kernel, or boot the previous kernel until one exists; then `sudo dkms autoinstall` "
                "(or reconfigure the driver package) and reboot.",
                strict=True,
            ),
            Variant(
                r"module\.sig_enforce|\blockdown\b|\bkargs?\b|hardened kernel",
                "a hardened kernel (module signature enforcement, lockdown)",
                "The kernel refuses unsigned modules by its own arguments or lockdown (module.sig_enforce=1, "
                "lockdown=...), Secure Boot or not: sign the NVIDIA modules with a key enrolled as a MOK (`sudo "
                "mokutil --import <key.der>`, confirm at the next boot) or use signed NVIDIA module packages, or "
                "remove the argument that blocks it (`cat /proc/cmdline`); reboot and check `lsmod | grep nvidia`.",
                strict=True,
            ),
            Variant(
                r"Key was rejected by service|Required key not available|module verification failed",
                "Secure Boot refused the module",
                "Secure Boot refuses the unsigned NVIDIA module: enrol the DKMS signing key (`sudo mokutil --import "
                "/var/lib/shim-signed/mok/MOK.der`, then confirm it at the next boot's MOK manager), use the "
                "distribution's signed driver packages (Ubuntu: linux-modules-nvidia-<branch>-$(uname -r)), or "
                "turn Secure Boot off; then reboot and check `lsmod | grep nvidia`.",
            ),
            Variant(
                r"NVRM: No NVIDIA (?:GPU|devices?)|probe routine",
                "the driver found no NVIDIA GPU",
                "The kernel module loaded but claimed no GPU: nouveau holds it (blacklist nouveau: `echo "
                "'blacklist nouveau' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf && sudo update-initramfs -u`, "
                "reboot), the GPU is too new or too old for this driver branch (dmesg names the supported branch), "
                "or the machine has no NVIDIA GPU (`lspci | grep -i nvidia` lists none: use the CPU build).",
            ),
            Variant(
                _CONTAINER + "|" + _POD,
                "in a container",
                "A container cannot load kernel modules: the host's driver must be loaded (`nvidia-smi` on the host), "
                "then the container gets the GPU from it (`docker run --gpus all`, an nvidia.com/gpu limit in "
                "Kubernetes); do not install or modprobe a driver inside the image.",
            ),
        ),
        weight=88,
        applies="Linux hosts (bare metal and cloud VMs) with the NVIDIA driver's kernel modules",
        shown_by=(_test("test_kernel_module_will_not_load"),),
        example="modprobe: ERROR: ../libkmod/libkmod-module.c:809 kmod_module_insert_module() could not find module "
        "by name='nvidia_346_uvm'\nmodprobe: ERROR: could not insert 'nvidia_346_uvm': Function not implemented",
        example_source="https://github.com/jcjohnson/neural-style/issues/58; kmod's modprobe (tools/modprobe.c: "
        "'could not insert '%s': %s', 'Module %s not found in directory %s')",
    ),
    KnownError(
        "host-cuinit-failed",
        "TensorFlow / JAX: cuInit failed with the driver present (CUDA_ERROR_UNKNOWN, NOT_INITIALIZED, "
        "OPERATING_SYSTEM)",
        r"failed call to cuInit: (?:INTERNAL: CUDA error: Failed call to cuInit: )?"
        r"(?:CUDA_ERROR_(?:UNKNOWN|NOT_INITIALIZED|OPERATING_SYSTEM|NOT_PERMITTED|INVALID_DEVICE)\b"
        r"|UNKNOWN ERROR \((?:999|-1|304)\))"
        r"|operation cuInit\(0\) failed: (?:CUDA_ERROR_(?:UNKNOWN|NOT_INITIALIZED|OPERATING_SYSTEM|NOT_PERMITTED)\b"
        r"|Unknown CUDA error (?:999|304)\b)",
        "XLA's CUDA driver (TensorFlow's stream_executor, JAX's CUDA plugin) found libcuda and the kernel module (its "
        "diagnostics print both versions) but cuInit failed: the process cannot use the GPU's device files (a "
        "container or pod that was not given the GPU, /dev/nvidia-uvm missing because nvidia_uvm is not loaded, a "
        "sandbox), or the driver was updated without a reboot; TensorFlow then runs on the CPU.",
        "Check from the same shell or container: `nvidia-smi` lists the GPU and `ls -l /dev/nvidia*` shows "
        "/dev/nvidia-uvm (if not: `sudo modprobe nvidia_uvm` or `sudo nvidia-modprobe -u -c=0`, or reboot after a "
        "driver update); in Docker pass `--gpus all`; use a TensorFlow / jaxlib build whose CUDA is not newer than "
        "the driver's (nvidia-smi's 'CUDA Version').",
        variants=(
            Variant(
                _POD,
                "a Kubernetes pod / JupyterHub",
                "A pod uses the node's GPU only when it requests it: give the container an nvidia.com/gpu limit "
                "(JupyterHub: singleuser.extraResource.limits / a profile's kubespawner_override "
                "extra_resource_limits {'nvidia.com/gpu': '1'}), so the device plugin mounts /dev/nvidia*; check "
                "`nvidia-smi` inside the pod, and use an image whose CUDA the node's driver supports (GKE installs "
                "the driver: its version bounds the CUDA).",
            ),
            Variant(
                _CONTAINER,
                "in a container",
                "The container was not given the GPU (or only part of its device files): start it with `docker run "
                "--gpus all` (NVIDIA Container Toolkit on the host), not with hand-mounted /dev/nvidia0 alone; check "
                "`nvidia-smi` inside it.",
            ),
        ),
        severity="warns-of-failure",
        loose=True,
        alternatives=("cuda-driver-insufficient", "host-driver-reboot"),
        weight=80,
        applies="TensorFlow 1.x/2.x GPU builds, JAX's CUDA plugin (XLA stream_executor cuda_driver.cc)",
        shown_by=(_test("test_cuinit_fails_with_the_driver_present"),),
        example="2019-03-29 01:35:34.439991: E tensorflow/stream_executor/cuda/cuda_driver.cc:300] failed call to "
        "cuInit: CUDA_ERROR_UNKNOWN: unknown error",
        example_source="https://github.com/jupyterhub/zero-to-jupyterhub-k8s/issues/994; tensorflow "
        "stream_executor/cuda/cuda_driver.cc ('failed call to cuInit: ')",
    ),
    KnownError(
        "app-no-cuda-device",
        "An application's own 'no CUDA device' check failed (torch sees no GPU: a CPU-only torch, or no GPU visible)",
        r"CUDA(?: compatible| capable|-capable| enabled)? (?:device|GPU)s? (?:could not|couldn't|cannot|can ?not) be "
        r"(?:found|detected)"
        r"|(?:could not|couldn't|cannot|can ?not|unable to|failed to) (?:find|detect) (?:a |any )?"
        r"(?:CUDA[- ](?:compatible|capable|enabled) |NVIDIA |CUDA )(?:GPU|device)"
        r"|\b(?:CUDA|NVIDIA) (?:GPU|device)s? (?:not found|not detected|was not found|were not found)"
        # issue 36, round thirty-four: a library's device check for an explicit device='cuda' (TabPFN-style "CUDA
        # device requested but not available. Use device='auto' to fall back to CPU automatically.")
        r"|\bCUDA (?:device|GPU) requested but (?:is )?not available"
        # an app's or filter's own one-line check, named by the app ("RIFE: cuda is not available"); an exception
        # line ("RuntimeError: CUDA is not available") is cuda-unavailable's
        r"|^\s{0,8}(?![\w.]{0,60}(?:Error|Exception|Warning):)[A-Za-z][\w .-]{0,38}: (?:cuda|gpu) is not available\b"
        # an app's own `assert torch.cuda.is_available(), "CUDA not available"` (an installer's smoke test of the
        # torch it installed; issue 36, round fifty-seven)
        r"|^\s{0,12}AssertionError: (?:CUDA|GPU) (?:is )?not available\s*$",
        "The application checked torch.cuda.is_available() (or its framework's equivalent) before using the GPU it "
        "was asked for, and found none: the installed torch is the CPU-only build, the process sees no NVIDIA GPU "
        "(no driver, a container without --gpus, CUDA_VISIBLE_DEVICES empty; an Intel or AMD GPU is no CUDA "
        "device), or the driver is too old for the torch build's CUDA.",
        "`nvidia-smi` must list an NVIDIA GPU; then `python -c 'import torch; print(torch.__version__, "
        "torch.version.cuda, torch.cuda.is_available())'` in the app's environment: '+cpu' / None means a CPU-only "
        "torch: reinstall torch and torchvision with `pip install --upgrade --force-reinstall` from PyTorch's own "
        "index for a cuXXX that nvidia-smi's CUDA Version allows. Without an NVIDIA "
        "GPU, run without the app's GPU option (--use-cuda / --gpu / device=cuda) on the CPU.",
        variants=(
            # issue 36, round thirty-four: a library's device argument set to 'cuda' explicitly, whose own message
            # offers an automatic choice ("Use device='auto' to fall back to CPU automatically.")
            Variant(
                r"CUDA (?:device|GPU) requested but (?:is )?not available|\bdevice=['\"]?auto['\"]? to fall back",
                "an explicit device='cuda' in a library's estimator",
                "The library was given device='cuda' explicitly and raised because torch here sees no CUDA GPU; "
                "it did not fall back (the message only offers it). Create the estimator with device='auto' (it "
                "uses the GPU when there is one, else the CPU) or device='cpu'; if the library also has a hosted "
                "or client backend, select that backend the way its documentation says (an environment variable "
                "set before the import, not one read later) so nothing runs locally. For a local GPU: `nvidia-smi` "
                "must list it and `python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'` "
                "must say True (a +cpu build: install the CUDA build of torch).",
                strict=True,
            ),
        ),
        # a renderer's EGL device search names a CUDA device too (Magnum's windowless EGL: geo-egl-context-failed)
        unless=r"no CUDA-capable device is detected|EGL devices? in total|EGL device for CUDA device",
        loose=True,
        alternatives=("torch-cpu-build", "no-gpu-visible", "cuda-driver-insufficient"),
        weight=56,
        applies="applications on torch (and other frameworks) with their own GPU check",
        shown_by=(_test("test_apps_own_no_cuda_device"),),
        example="CUDA compatible device could not be found whilst --use-cuda args was set...",
        example_source="https://github.com/zyddnys/manga-image-translator/issues/406 (manga_translator.py: raise "
        "Exception when use_cuda and not torch.cuda.is_available())",
    ),
    KnownError(
        "cloud-azureml-gpu-config",
        "Azure ML: an InferenceConfig given an Environment may not also take runtime / conda_file / enable_gpu / "
        "cuda_version / base_image",
        r"unable to provide runtime, conda_file, [^\n]{0,80}along with an environment object",
        "Azure ML SDK v1's InferenceConfig takes either an Environment object or the legacy container options "
        "(runtime, conda_file, extra_docker_file_steps, enable_gpu, cuda_version, base_image), not both; with an "
        "Environment, the GPU is set up in the Environment itself.",
        "Drop enable_gpu / cuda_version / base_image / conda_file from InferenceConfig and set them on the "
        "Environment: `env.docker.base_image` to a CUDA image (e.g. mcr.microsoft.com/azureml/openmpi*-cuda* ), the "
        "GPU builds of the frameworks in its conda dependencies; deploy to a GPU compute target (an AKS GPU node "
        "pool, a GPU ACI / managed online endpoint SKU) and check torch.cuda.is_available() in the scoring script.",
        weight=85,
        applies="Azure ML SDK v1 (azureml-core Model.deploy / InferenceConfig), az ml CLI v1",
        shown_by=(_test("test_cloud_sdk_gpu_config"),),
        example="WebserviceException: WebserviceException:\n\tMessage: Error, unable to provide runtime, conda_file, "
        "extra_docker_file_steps, enable_gpu, cuda_version, or base_image along with an environment object.",
        example_source="https://github.com/MicrosoftDocs/azure-docs/issues/53020 (azureml-core InferenceConfig "
        "validation)",
    ),
    # errno 28 (ENOSPC) in any tool's wording outside an install (pip's and conda's are pip-no-space-left, docker's
    # layers host-docker-disk-full, /dev/shm the shm rows): a checkpoint, a cache or a download fills the disk
    KnownError(
        "host-disk-full",
        "No space left on device (errno 28, ENOSPC): a disk the program writes to is full",
        r"\[Errno 28\] No space left on device|No space left on device \(os error 28\)"
        r"|ENOSPC: no space left on device|^\s{0,8}errno: 28\b"
        # torch.save's zip writer when fewer bytes reached the file than it wrote (caffe2/serialize/inline_container.cc:
        # "[enforce fail at inline_container.cc:N] . unexpected pos A vs B", "PytorchStreamWriter failed writing
        # file data/0: file write failed"): a short write, mostly a full disk or quota
        r"|inline_container\.cc:\d{1,5}\] \. unexpected pos \d{1,20} vs \d{1,20}"
        r"|PytorchStreamWriter failed writing file [^\n]{0,200}: file write failed",
        "The program writes to a disk that is full (errno 28, ENOSPC: a file system, not GPU memory): checkpoints "
        "(torch.save, save_pretrained), a model download into the cache (~/.cache/huggingface, ~/.cache/torch), a "
        "temporary folder (/tmp, often a small tmpfs), a container's writable layer or a mounted volume.",
        "Find the full disk: `df -h` (and `df -i`: a file system out of inodes says the same) on the path the error "
        "names; free it, or point the writes elsewhere: the cache (HF_HOME / HF_HUB_CACHE, TORCH_HOME), the "
        "temporary folder (TMPDIR) or the output folder to a disk with room; in a container, mount a volume for "
        "them or give the container more disk.",
        # a shared-memory segment (/dev/shm) is the shm rows'; a docker layer is host-docker-disk-full's
        unless=r"/dev/shm|\bshm\b|failed to register layer|Error processing tar file",
        variants=(
            Variant(
                r"unexpected pos \d|PytorchStreamWriter failed writing",
                "torch.save's checkpoint writer cut short",
                "torch.save's zip writer wrote fewer bytes than it meant to ('unexpected pos A vs B' / 'file write "
                "failed'): the disk or quota of the checkpoint folder filled up (each save adds a file), or its file "
                "system (a network mount, a FUSE bucket) refused the write. `df -h` (and `quota -s`) on that folder; "
                "delete or rotate old checkpoints, or save to a local disk with room, then rerun. The checkpoint "
                "being written is incomplete: do not load it.",
            ),
        ),
        weight=62,
        applies="any program, any platform",
        shown_by=("tests/troubleshooting/test_round16_s16sev.py::test_disk_full_in_conda_words",),
        example="OSError: [Errno 28] No space left on device: '/data/checkpoints/model_10.pt'",
        example_source="CPython's OSError for ENOSPC (Objects/exceptions.c, errno 28 on Linux: 'No space left on "
        "device'); Rust's io::Error ('(os error 28)'); Node's fs ('ENOSPC: no space left on device')",
    ),
    # issue 36, round thirty-three: Intel's SYCL runtime (DPC++: "No device of requested type available",
    # PI_ERROR_DEVICE_NOT_FOUND, later UR_RESULT_ERROR_DEVICE_NOT_FOUND) found no device of the type a SYCL build of
    # a program asked for (llama.cpp's / ollama's SYCL backend, ipex-llm, intel_extension_for_pytorch): an Intel GPU
    # runtime, not CUDA
    KnownError(
        "sycl-device-not-found",
        "SYCL / Level Zero found no device: PI_ERROR_DEVICE_NOT_FOUND, 'No device of requested type available' "
        "(an Intel GPU build)",
        r"\bPI_ERROR_DEVICE_NOT_FOUND\b|\bUR_RESULT_ERROR_DEVICE_NOT_FOUND\b"
        r"|No device of requested type(?: '[\w:]{1,40}')? available",
        "The program is a SYCL build for Intel GPUs (llama.cpp's / ollama's SYCL backend, ipex-llm, "
        "intel_extension_for_pytorch's XPU device, a oneAPI program), and Intel's SYCL runtime found no device of "
        "the type it asked for: the machine has no Intel GPU (a Xeon or other CPU-only server, an NVIDIA-only "
        "machine), or the Intel GPU's compute runtime (Level Zero / OpenCL driver) is not installed or not visible "
        "to this user or container. NVIDIA drivers and CUDA play no part in it.",
        "Check what SYCL sees: `sycl-ls` (from the oneAPI environment, after `source /opt/intel/oneapi/setvars.sh`) "
        "must list a level_zero:gpu device. None listed on a machine with an Intel GPU: install Intel's GPU compute "
        "runtime (intel-level-zero-gpu / intel-opencl-icd, the oneAPI base runtime), add the user to the render "
        "group, pass /dev/dri into the container; a device filter (ONEAPI_DEVICE_SELECTOR, SYCL_DEVICE_FILTER) "
        "must name an existing device. No Intel GPU in the machine: a GPU-only SYCL build cannot run there; use "
        "the program's CPU build (the regular llama.cpp / ollama release) or its CUDA build on an NVIDIA GPU.",
        variants=(
            # issue 36, round forty: a filter string with a device number ('opencl:gpu:2'): the number counts devices
            # of that backend and type, not sycl-ls's global index
            Variant(
                r"\b(?:opencl|level_zero|ext_oneapi_level_zero|cuda|ext_oneapi_cuda|hip|host):"
                r"(?:gpu|cpu|acc|accelerator|\*):\d{1,3}\b",
                "a filter string with a device number",
                "The filter string's number counts devices of that backend and type only ('opencl:gpu:0' is the "
                "first OpenCL GPU), not the global index in brackets that sycl-ls prints; a number past the last "
                "such device finds none. Use the per-backend index (dpctl: `d.get_filter_string()` of each device "
                "in dpctl.get_devices()), or ONEAPI_DEVICE_SELECTOR's form ('opencl:gpu', 'level_zero:0'); if "
                "sycl-ls lists no device of that backend at all, install its runtime.",
                strict=True,
            ),
        ),
        weight=80,
        applies="SYCL / oneAPI programs (Intel GPUs): llama.cpp and ollama SYCL builds, ipex-llm, "
        "intel_extension_for_pytorch",
        shown_by=("tests/troubleshooting/test_round33_v33llmserve.py::test_sycl_device_not_found_is_intel_not_cuda",),
        example="terminate called after throwing an instance of 'sycl::_V1::runtime_error'\n  what():  No device of "
        "requested type available. -1 (PI_ERROR_DEVICE_NOT_FOUND)",
        example_source="Intel's SYCL runtime (DPC++ sycl/source/device_selector.cpp: 'No device of requested type "
        "available.' with PI_ERROR_DEVICE_NOT_FOUND)",
    ),
    # issue 36, round sixty: nvidia-smi itself crashing, under WSL2 or on a host whose driver parts disagree
    KnownError(
        "host-nvidia-smi-crash",
        "nvidia-smi itself crashes (Segmentation fault while it prints the GPU table)",
        r"\bsegmentation fault(?: \(core dumped\))?\s{1,4}nvidia-smi\b"
        r"|\bnvidia-smi\b[^\n]{0,40}\n?[^\n]{0,40}\bSegmentation fault\b(?=[\s\S]{0,400}?(?:NVIDIA-SMI|nvidia-smi))"
        r"|\bNVIDIA-SMI [\d.]{5,12}\s{1,40}Driver Version:[\s\S]{0,2000}?\bsegmentation fault\b",
        "nvidia-smi, the driver's own tool, crashed: no program of yours is involved. Its user-space part (the "
        "NVML library it loads) and the kernel or host driver disagree: under WSL2 the Windows driver provides both "
        "(through /usr/lib/wsl/lib) and some Windows driver releases crash it in WSL; on Linux a driver updated "
        "without a reboot, or user-space libraries of another driver version (a second install, a container image "
        "that carries its own), do the same.",
        "Under WSL2: update the Windows NVIDIA driver (or go back to the last release that worked) and WSL itself "
        "(`wsl --update`, then `wsl --shutdown`); do not install a Linux NVIDIA driver inside the distribution; "
        "check `ls -l /usr/lib/wsl/lib/libnvidia-ml.so.1` is the Windows driver's. On Linux: reboot after a driver "
        "update, make sure one driver is installed (`dpkg -l | grep -i nvidia`, `cat /proc/driver/nvidia/version` "
        "against nvidia-smi's version), and reinstall it. CUDA programs may still run meanwhile: try "
        "`python -c 'import torch; print(torch.cuda.is_available())'`.",
        variants=(
            Variant(
                r"\bWSL\d?\b|/usr/lib/wsl|microsoft-standard|Driver Version: \d{3}\.\d{2}\s",
                "under WSL2 (the Windows driver provides nvidia-smi's libraries)",
                "Under WSL2 nvidia-smi and NVML come from the Windows NVIDIA driver (/usr/lib/wsl/lib), so the "
                "crash is that driver's with this WSL: update the Windows NVIDIA driver, or roll back to the last "
                "release that worked, and update WSL (`wsl --update`, then `wsl --shutdown` and reopen); install no "
                "Linux NVIDIA driver inside the distribution. CUDA programs often still work: check "
                "`python -c 'import torch; print(torch.cuda.is_available())'`.",
            ),
        ),
        weight=70,
        applies="nvidia-smi on Linux hosts and under WSL2",
        shown_by=("tests/troubleshooting/test_round60_v60.py::test_nvidia_smi_itself_crashes",),
        example="| NVIDIA-SMI 555.42.03              Driver Version: 555.85         CUDA Version: 12.5     |\n"
        "[1]    494 segmentation fault  nvidia-smi",
        example_source="nvidia-smi's table header and a shell's report of its crash (zsh: '[1] PID segmentation "
        "fault  nvidia-smi')",
    ),
)
