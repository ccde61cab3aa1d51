"""`explain`, round twenty-three (issue 36), file systems, permissions, container runtimes and schedulers: a quota
(EDQUOT) rather than a full disk, ENOSPC said without its errno, NFS's stale file handles and JIT caches shared by
nodes, a library's unwritable cache folder, coreutils refused a system path, a sudo rerun that fails otherwise,
Apptainer / Singularity's own refusals, the NVIDIA container hook's NVML permissions, GPU nodes only root may open,
Slurm's step daemon, an engine file read with tellg() -1 or empty ('Ran out of input'), an extension not linked to
the CUDA runtime. Each text is in the tool's own wording (cited in the families' ``example_source``); near misses
must not match."""

from __future__ import annotations

from _explain import first, keys


def test_disk_quota_exceeded() -> None:
    pip = (
        "Installing collected packages: nvidia-cublas, nvidia-cudnn-cu13, torch\n\n"
        "ERROR: Could not install packages due to an OSError: [Errno 122] Disk quota exceeded"
    )
    key, fix = first(pip)
    assert key == "fs-disk-quota-exceeded" and "PIP_CACHE_DIR" in fix and "quota -s" in fix
    cupy = "writing the compiled kernels to ~/.cupy/kernel_cache failed: OSError: [Errno 122] Disk quota exceeded"
    key, fix = first(cupy)
    assert key == "fs-disk-quota-exceeded" and "CUPY_CACHE_DIR" in fix
    triton = "OSError: [Errno 122] Disk quota exceeded: '/home/u/.triton/cache/abc/kernel.cubin'"
    assert "TRITON_CACHE_DIR" in first(triton)[1]
    # near misses: a cloud GPU quota, a disk that is full (not a quota)
    assert "fs-disk-quota-exceeded" not in keys("Quota 'NVIDIA_T4_GPUS' exceeded. Limit: 0.0 in region us-central1.")
    assert "fs-disk-quota-exceeded" not in keys("OSError: [Errno 28] No space left on device: '/tmp/x'")


def test_no_space_plain() -> None:
    pip = (
        "Collecting nvidia-cudnn-cu12==8.9.2.26 (from torch)\n"
        "  Downloading nvidia_cudnn_cu12-8.9.2.26-py3-none-manylinux1_x86_64.whl (731.7 MB)\n"
        "(issue title: No space left on device)"
    )
    key, fix = first(pip)
    assert key == "fs-no-space-plain" and "TMPDIR" in fix and "PIP_CACHE_DIR" in fix
    # with the errno the older rows answer (host-disk-full / pip-no-space-left), not this one
    assert "fs-no-space-plain" not in keys("OSError: [Errno 28] No space left on device: '/data/ckpt.pt'")
    assert "fs-no-space-plain" not in keys("No space left on device is not an error I have seen here")[1:]


def test_stale_file_handle() -> None:
    ld = (
        "RuntimeError: ninja exited with status 1\n"
        "/usr/bin/ld: final link failed: Stale file handle\n"
        "collect2: error: ld returned 1 exit status\n"
        "ninja: build stopped: subcommand failed."
    )
    key, fix = first(ld)
    assert key == "fs-stale-file-handle" and "TORCH_EXTENSIONS_DIR" in fix and "node-local" in fix
    tvm = "tvm_ffi.cpp.load_inline failed\nOSError: [Errno 116] Stale file handle: '/home/u/.cache/tvm-ffi/x'"
    assert "TVM_FFI_CACHE_DIR" in first(tvm)[1]
    # near miss: a plain link failure
    assert "fs-stale-file-handle" not in keys("/usr/bin/ld: cannot find -lcudart\ncollect2: error: ld returned 1")


def test_jit_cache_on_nfs() -> None:
    deepep = (
        "const auto runtime = kernel_runtime_cache->get(dir_path);\nEP_HOST_ASSERT(runtime != nullptr);\n"
        "The losing rank dies on the assert. home directories are NFS on multi-node clusters"
    )
    key, fix = first(deepep)
    assert key == "fs-jit-cache-shared-nfs" and "node-local" in fix
    assert "fs-jit-cache-shared-nfs" not in keys("NFS server not responding, still trying")


def test_cache_folder_not_writable() -> None:
    hf = (
        "There was a problem when trying to write in your cache folder (/workspace/.cache/huggingface/transformers/)."
        " You should set the environment variable TRANSFORMERS_CACHE to a writable directory."
    )
    key, fix = first(hf)
    assert key == "cache-folder-not-writable" and "-u $(id -u)" in fix and "HF_HOME" in fix
    # near miss: Matplotlib's own fallback alone is harmless (it used a temporary folder)
    mpl = (
        "Matplotlib created a temporary config/cache directory at /tmp/matplotlib-x because the default path "
        "(/workspace/.cache/matplotlib) is not a writable directory"
    )
    assert "cache-folder-not-writable" not in keys(mpl)


def test_shell_permission_denied() -> None:
    cudnn = (
        "rm: cannot remove '/usr/include/cudnn.h': Permission denied\n"
        "cp: cannot create regular file '/usr/lib/x86_64-linux-gnu/libcudnn.so.8': Permission denied"
    )
    key, fix = first(cudnn)
    assert key == "shell-permission-denied-system-path" and "sudo" in fix and "LD_LIBRARY_PATH" in fix
    assert first("mkdir: cannot create directory '/opt/tensorrt': Permission denied")[0] == (
        "shell-permission-denied-system-path"
    )
    # near miss: rm's other refusals
    assert "shell-permission-denied-system-path" not in keys("rm: cannot remove 'x': No such file or directory")


def test_permission_denied_then_sudo() -> None:
    text = (
        "python3 scripts/convert_to_trt.py --checkpoint-path model.pth\n"
        "PermissionError: [Errno 13] Permission denied: 'model-trt.pth'\n\n"
        "sudo python3 scripts/convert_to_trt.py --checkpoint-path model.pth\n"
        "Illegal instruction"
    )
    key, fix = first(text)
    assert key == "py-permission-denied-then-sudo" and "chown" in fix and "sudo" in fix
    # without a sudo rerun, the plain permission row answers
    assert first("PermissionError: [Errno 13] Permission denied: 'model-trt.pth'")[0] == "py-permission-denied"


def test_cache_variants_of_permission_denied() -> None:
    triton = (
        '  File "/usr/local/lib/python3.10/dist-packages/triton/runtime/cache.py", line 66, in __init__\n'
        "    os.makedirs(self.cache_dir, exist_ok=True)\n"
        "PermissionError: [Errno 13] Permission denied: '/app/engine/.triton'"
    )
    key, fix = first(triton)
    assert key == "py-permission-denied" and "TRITON_CACHE_DIR" in fix and "HF_HOME" not in fix
    cupy = "PermissionError: [Errno 13] Permission denied: '/home/u/.cupy/kernel_cache/tmp1'"
    assert "CUPY_CACHE_DIR" in first(cupy)[1]
    ext = "PermissionError: [Errno 13] Permission denied: '/tmp/torch_extensions/py310_cu121/fused'"
    assert "TORCH_EXTENSIONS_DIR" in first(ext)[1]
    # a model cache keeps its own fix
    assert "HF_HOME" in first("PermissionError: [Errno 13] Permission denied: '/home/u/.cache/huggingface/hub'")[1]


def test_empty_driver_libraries_in_an_image() -> None:
    sif = (
        "$ singularity run image.sif bash -c 'ls -alL /usr/lib/x86_64-linux-gnu/libcuda.so*'\n"
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:59] Could not load dynamic library "
        "'libcuda.so.1'; dlerror: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short"
    )
    key, fix = first(sif)
    assert key == "library-file-empty" and "--nv" in fix and "remove them from the image" in fix
    # a Jetson container's TensorRT placeholder keeps the runtime fix
    jetson = "error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.8: file too short"
    assert "--runtime nvidia" in first(jetson)[1]


def test_apptainer_nv_writable() -> None:
    text = (
        "$ apptainer shell --nv --writable cuda-devel\n"
        "WARNING: nv files may not be bound with --writable\n"
        "WARNING: Skipping mount /usr/bin/nvidia-persistenced [files]: doesn't exist in container"
    )
    key, fix = first(text)
    assert key == "apptainer-nv-writable" and "--writable-tmpfs" in fix
    assert "apptainer-nv-writable" not in keys("WARNING: Skipping mount /etc/localtime [binds]: doesn't exist")


def test_apptainer_starter_refused() -> None:
    text = (
        "singularity shell -H /work --nv image.sif\n"
        "WARNING: failed to set O_CLOEXEC flags on image\n"
        "ERROR  : Failed to set securebits: Invalid argument"
    )
    key, fix = first(text)
    assert key == "apptainer-starter-refused" and "native Linux" in fix
    userns = "FATAL:   Failed to create user namespace: user namespace not supported by your system"
    assert first(userns)[0] == "apptainer-starter-refused"
    assert "apptainer-starter-refused" not in keys("WARNING: failed to set O_CLOEXEC flags on image")


def test_container_hook_nvml_permissions() -> None:
    text = (
        "docker: Error response from daemon: failed to create shim task: OCI runtime create failed: "
        "nvidia-container-cli: initialization error: nvml error: insufficient permissions: unknown"
    )
    key, fix = first(text)
    assert key == "container-hook-nvml-permissions" and "root:video" in fix
    assert "container-hook-nvml-permissions" not in keys(
        "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown"
    )


def test_container_gpu_root_only() -> None:
    lxd = (
        'lxc exec my_container "nvidia-smi"   # works as root\n'
        'lxc exec my_container -- su ubuntu -c "nvidia-smi"\nNo devices were found'
    )
    key, fix = first(lxd)
    assert key == "container-gpu-root-only" and "mode=0660" in fix
    # a bare "No devices were found" (no root / non-root contrast) is not this row's
    assert "container-gpu-root-only" not in keys("$ nvidia-smi\nNo devices were found")


def test_slurm_step_exec_failed() -> None:
    spool = "slurmstepd: error: execve(): /tmp/slurmd/job00089/slurm_script: No such file or directory"
    key, fix = first(spool)
    assert key == "slurm-step-exec-failed" and "--exclude" in fix and "admin" in fix
    prog = "slurmstepd: error: execve(): python: No such file or directory\nsrun: error: node12: task 0: Exited"
    key, fix = first(prog)
    assert key == "slurm-step-exec-failed" and "full path" in fix
    assert "slurm-step-exec-failed" not in keys("slurmstepd: error: Detected 1 oom_kill event in StepId=1.batch.")


def test_engine_file_size_negative() -> None:
    text = 'it reports std::bad_alloc.\nThen I find that the value of "in.tellg()" is -1.'
    key, fix = first(text)
    assert key == "engine-file-size-negative" and "exists" in fix
    assert "engine-file-size-negative" not in keys("size = in.tellg(); // 4096 bytes\nstd::bad_alloc")


def test_engine_cache_ran_out_of_input() -> None:
    text = 'TensorRT "Ran out of input"?\nI wanted the cache files to be put into "G:/Temp".'
    key, fix = first(text)
    assert key == "engine-cache-ran-out-of-input" and "Delete the cached engine" in fix
    # pickle's own exception line is py-model-file-incomplete's
    assert "engine-cache-ran-out-of-input" not in keys("EOFError: Ran out of input\nloading the trt engine cache")


def test_ext_undefined_cudart_symbol() -> None:
    key, fix = first("Cannot run training on GPU: undefined symbol: cudaHostRegister")
    assert key == "ext-undefined-cudart-symbol" and "TORCH_USE_RTLD_GLOBAL" in fix
    # a versioned symbol is a shadowed libcudart (torch_runtime's row), not this one
    versioned = "ImportError: /x/_C.so: undefined symbol: cudaGetDeviceCount, version libcudart.so.11.0"
    assert "ext-undefined-cudart-symbol" not in keys(versioned)


def test_read_only_file_system() -> None:
    hf = "OSError: [Errno 30] Read-only file system: '/opt/app/.cache/huggingface'"
    key, fix = first(hf)
    assert key == "fs-read-only" and "HF_HOME" in fix
    sif = "apptainer run model.sif\nOSError: [Errno 30] Read-only file system: '/opt/conda/.triton'"
    assert "--writable-tmpfs" in first(sif)[1]
    assert first("touch: cannot touch '/usr/x': Read-only file system")[0] == "fs-read-only"
    assert "fs-read-only" not in keys("the volume is mounted read-only on purpose")


def test_io_error() -> None:
    key, fix = first("OSError: [Errno 5] Input/output error: '/mnt/gcs/models/model.safetensors'")
    assert key == "fs-io-error" and "dmesg" in fix
    assert "fs-io-error" not in keys("CUDA error: an illegal memory access was encountered (input/output tensors)")


def test_slurm_step_chdir() -> None:
    text = "slurmstepd: error: couldn't chdir to `/local/u/proj': No such file or directory: going to /tmp instead"
    key, fix = first(text)
    assert key == "slurm-step-chdir-failed" and "--chdir" in fix
