"""`explain`, round thirteen (issue 36), CUDA start-up on hosts: the driver's kernel module that will not load
(kmod's modprobe, nvidia-installer, the kernel's NVRM lines), TensorFlow's / JAX's cuInit failing with the driver
present, an application's own "no CUDA device" check, Forge's launcher wording, the container toolkit's hook on a
Kubernetes node without a GPU, Caffe's glog check of a device id, a CPU-only host missing libcuda and Azure ML's GPU
configuration conflict, each in its program's own words (cited in the families' ``example_source``), with near
misses that must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_kernel_module_will_not_load() -> None:
    # kmod tools/modprobe.c ("could not insert '%s': %s", "Module %s not found in directory %s")
    uvm = (
        "modprobe: ERROR: ../libkmod/libkmod-module.c:809 kmod_module_insert_module() could not find module by "
        "name='nvidia_346_uvm'\nmodprobe: ERROR: could not insert 'nvidia_346_uvm': Function not implemented\n"
        "luajit: init.lua:363: cuda runtime error (30) : unknown error at cutorch/lib/THC/THCGeneral.c:16"
    )
    key, fix = first(uvm)
    assert key == "host-kernel-module-load" and "linux-headers-$(uname -r)" in fix
    missing = "modprobe: FATAL: Module nvidia not found in directory /lib/modules/5.15.0-91-generic"
    assert first(missing)[0] == "host-kernel-module-load"
    key, fix = first("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service")
    assert key == "host-kernel-module-load" and "mokutil" in fix
    key, fix = first("NVRM: No NVIDIA GPU found.")
    assert key == "host-kernel-module-load" and "nouveau" in fix
    assert first("ERROR: Unable to load the 'nvidia-drm' kernel module.")[0] == "host-kernel-module-load"
    # near misses: the module finding no GPU (a CPU-only instance), another module, a module that loaded
    no_gpu = (
        "modprobe: ERROR: could not insert 'nvidia': No such device\ncudaGetDeviceCount failed no CUDA-capable "
        "device is detected"
    )
    assert first(no_gpu)[0] == "no-gpu-visible"
    assert "host-kernel-module-load" not in keys("modprobe: FATAL: Module vboxdrv not found in directory /lib/x")
    assert "host-kernel-module-load" not in keys("modprobe nvidia_uvm && echo loaded nvidia")


def test_nvrm_api_mismatch_is_the_driver_updated_without_reboot() -> None:
    # the kernel module's own line (nv.c: "NVRM: API mismatch: the client has the version %d.%d-%d, but")
    text = (
        "NVRM: API mismatch: the client has the version 535.129.03, but\nNVRM: this kernel module has the version "
        "535.104.05.  Please\nNVRM: make sure that this kernel module and all NVIDIA driver"
    )
    assert first(text)[0] == "host-driver-reboot"


def test_cuinit_fails_with_the_driver_present() -> None:
    # tensorflow stream_executor/cuda/cuda_driver.cc and cuda_diagnostics.cc
    pod = (
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:300] failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown "
        "error\nI tensorflow/stream_executor/cuda/cuda_diagnostics.cc:170] hostname: jupyter-someone\n"
        "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:305] kernel version seems to match DSO: 410.79.0"
    )
    key, fix = first(pod)
    assert key == "host-cuinit-failed" and "nvidia.com/gpu" in fix
    new = (
        "E0000 00:00:1700000000.000000 12345 cuda_driver.cc:152] failed call to cuInit: INTERNAL: CUDA error: "
        "Failed call to cuInit: UNKNOWN ERROR (999)"
    )
    key, fix = first(new)
    assert key == "host-cuinit-failed" and "nvidia_uvm" in fix
    # jaxlib/cuda/versions_helpers.cc
    jax = "RuntimeError: jaxlib/cuda/versions_helpers.cc:98: operation cuInit(0) failed: CUDA_ERROR_UNKNOWN"
    assert first(jax)[0] == "host-cuinit-failed"
    # near misses: no driver on the host is TensorFlow's harmless notice, no device is its own row
    notice = "E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to cuInit: UNKNOWN ERROR (303)"
    assert "host-cuinit-failed" not in keys(notice)
    assert "host-cuinit-failed" not in keys("failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device")


def test_apps_own_no_cuda_device() -> None:
    # manga_translator.py: raise Exception('CUDA compatible device could not be found whilst --use-cuda ...')
    key, fix = first("CUDA compatible device could not be found whilst --use-cuda args was set...")
    assert key == "app-no-cuda-device" and "--force-reinstall" in fix and "--use-cuda" in fix
    assert first("Error: could not find a CUDA-capable GPU")[0] == "app-no-cuda-device"
    found = explain("CUDA compatible device could not be found whilst --use-cuda args was set...")
    assert found[0].confidence == "likely"
    # near misses: CUDA's own no-device message keeps its row; a GPU that was found
    assert "app-no-cuda-device" not in keys("RuntimeError: CUDA error: no CUDA-capable device is detected")
    assert "app-no-cuda-device" not in keys("Found CUDA device: NVIDIA GeForce RTX 3090")


def test_forge_launcher_wording() -> None:
    # stable-diffusion-webui-forge modules/launch_utils.py (prepare_environment)
    key, fix = first("RuntimeError: Your device does not support the current version of Torch/CUDA!")
    assert key == "cpu-sd-webui-torch-no-gpu" and "torch.zeros(1).cuda()" in fix and "--gpus all" in fix
    key, fix = first("RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS")
    assert key == "cpu-sd-webui-torch-no-gpu" and "torch.zeros(1).cuda()" not in fix
    assert "cpu-sd-webui-torch-no-gpu" not in keys("Your device supports the current version of Torch/CUDA.")


def test_container_hook_on_a_kubernetes_node() -> None:
    # libnvidia-container's hook as kubelet reports it (NVIDIA/k8s-device-plugin issue 52)
    text = (
        'kubelet, node-1  Error: failed to start container "nvidia-device-plugin-ctr": Error response from daemon: '
        "oci runtime error: running prestart hook 0 caused error running hook: exit status 1, stderr: "
        "nvidia-container-cli: initialization error: cuda error: unknown error"
    )
    key, fix = first(text)
    assert key == "host-toolkit-driver" and "default runtime" in fix and "nodeSelector" in fix
    plain = "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown"
    key, fix = first(plain)
    assert key == "host-toolkit-driver" and "nodeSelector" not in fix


def test_caffe_device_check_gets_caffe_s_fix() -> None:
    # Caffe's CUDA_CHECK through glog (relu_layer.cu), waifu2x-caffe
    text = (
        "Log line format: [IWEF]mmdd hh:mm:ss.uuuuuu threadid file:line] msg\n"
        "F0827 18:30:32.719889 28360 relu_layer.cu:26] Check failed: error == cudaSuccess (10 vs. 0)  invalid "
        "device ordinal"
    )
    key, fix = first(text)
    assert key == "torch-invalid-device" and "integrated GPU" in fix and "torch.cuda.device_count" not in fix
    key, fix = first("RuntimeError: CUDA error: invalid device ordinal")
    assert key == "torch-invalid-device" and "torch.cuda.device_count" in fix


def test_libcuda_missing_names_the_cpu_build() -> None:
    key, fix = first("OSError: libcuda.so.1: cannot open shared object file: No such file or directory")
    assert key == "driver-library-missing" and "CPU builds" in fix


def test_cloud_sdk_gpu_config() -> None:
    # azureml-core InferenceConfig validation (MicrosoftDocs/azure-docs issue 53020)
    text = (
        "WebserviceException: WebserviceException:\n\tMessage: Error, unable to provide runtime, conda_file, "
        "extra_docker_file_steps, enable_gpu, cuda_version, or base_image along with an environment object."
    )
    key, fix = first(text)
    assert key == "cloud-azureml-gpu-config" and "Environment" in fix
    assert "cloud-azureml-gpu-config" not in keys(
        "WebserviceException: Service deployment polling reached non-successful terminal state"
    )
