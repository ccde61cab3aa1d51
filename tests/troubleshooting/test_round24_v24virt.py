"""`explain`, round twenty-four (issue 36), virtualised, sliced and external GPUs: CUDA's 802 on an NVSwitch system
(the fabric manager), a TensorRT execution context that a memory-capped GPU slice cannot hold, NVML refused in a
Hyper-V GPU-PV guest, the container toolkit inside an LXC guest, a client's side of a crashed service, and the
engine's reading of severity (a user's sentence that says it crashed, TensorFlow 1.x's failing allocation logged at
W level); each in the library's own words (cited in the families' ``example_source``), with near misses."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_cuda_802_is_the_fabric_manager() -> None:
    # torch c10/cuda/CUDAFunctions.cpp's UserWarning with CUDA's cudaErrorSystemNotReady (802) text
    warned = (
        "/usr/lib/python3/site-packages/torch/cuda/__init__.py:52: UserWarning: CUDA initialization: Unexpected error "
        "from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have "
        "already set an error? Error 802: system not yet initialized (Triggered internally at "
        "../c10/cuda/CUDAFunctions.cpp:109.)\n  return torch._C._cuda_getDeviceCount() > 0"
    )
    result = explain(warned)
    assert result.outcome == "explained" and result[0].key == "cuda-system-not-ready-fabric"
    assert "nvidia-fabricmanager" in result[0].fix
    key, fix = first(warned + "\nThe GPUs are passed through to the VM with vfio.")
    assert key == "cuda-system-not-ready-fabric" and "NVSwitches through" in fix
    key, fix = first("RuntimeError: CUDA error: system not yet initialized")
    assert key == "cuda-system-not-ready-fabric"
    # near misses: another CUDA init error, and a "not yet initialized" of something else
    other = "Error 804: forward compatibility was attempted on non supported HW"
    assert "cuda-system-not-ready-fabric" not in keys(other)
    assert "cuda-system-not-ready-fabric" not in keys("RuntimeError: Default process group has not been initialized")


def test_execution_context_not_created_in_a_slice() -> None:
    # an application's message around ICudaEngine::createExecutionContext returning null
    app = (
        "2026-01-16 05:56:56,623 - Detection - ERROR - Failed to initialize TensorRT engine: Failed to create "
        "execution context for /models/det.engine"
    )
    key, fix = first(app)
    assert key == "gpu-out-of-memory" and "device_memory_size" in fix and "MIG" in fix
    assert first("RuntimeError: createExecutionContext() returned nullptr")[0] == "gpu-out-of-memory"
    # a plain CUDA out of memory keeps the general fix
    assert "device_memory_size" not in first("torch.OutOfMemoryError: CUDA out of memory.")[1]
    # near misses: a context that was created, and a CUDA context
    assert "gpu-out-of-memory" not in keys("[I] Created execution context with device memory 12 MiB")
    assert "gpu-out-of-memory" not in keys("pycuda: failed to create CUDA context on device 0")


def test_nvml_blocked_in_a_hyper_v_guest() -> None:
    blocked = "Failed to initialize NVML: GPU access blocked by the operating system"
    key, fix = first(blocked)
    assert key == "wsl-nvml-blocked" and "WDDM" in fix and "wsl --update" in fix
    key, fix = first(blocked + "\nThe VM uses GPU-PV (Add-VMGpuPartitionAdapter) on Hyper-V")
    assert "WDDM" in fix and "wsl --update" not in fix
    key, fix = first(blocked + "\nuser@pc:~$ /usr/lib/wsl/lib/nvidia-smi")
    assert "wsl --update" in fix and "WDDM" not in fix


def test_container_toolkit_in_an_lxc_guest() -> None:
    hook = (
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
        "object file: no such file or directory"
    )
    key, fix = first(hook)
    assert key == "host-toolkit-driver" and "bind-mount" in fix
    key, fix = first(hook + "\nDocker runs inside a Proxmox LXC container")
    assert "lxc.mount.entry" in fix and "--no-kernel-module" in fix


def test_client_side_of_a_crashed_service() -> None:
    # undici's SocketError and httpx's RemoteProtocolError
    undici = 'Error: Machine learning request to "http://ml:3003" failed with SocketError: other side closed'
    key, fix = first(undici)
    assert key == "service-peer-closed" and "docker logs" in fix
    httpx = "httpx.RemoteProtocolError: Server disconnected without sending a response."
    assert first(httpx)[0] == "service-peer-closed"
    assert "service-peer-closed" not in keys("the other side of the table closed the door")


def test_library_wordings_read_by_existing_families() -> None:
    # xformers/ops.py's placeholder for an op its C++ library never registered
    xf = (
        "RuntimeError: No such operator xformers::efficient_attention_forward_cutlass - did you forget to build "
        "xformers with `python setup.py develop`?"
    )
    key, fix = first(xf)
    assert key == "kern-xformers-no-operator" and "xformers.info" in fix
    # TensorFlow 1.x's cpu_feature_guard.cc wording: a notice
    tf = (
        "2018-04-27 06:24:06.166940: W tensorflow/core/platform/cpu_feature_guard.cc:45] The TensorFlow library "
        "wasn't compiled to use SSE4.1 instructions, but these are available on your machine and could speed up CPU "
        "computations."
    )
    result = explain(tf)
    assert result.outcome == "warnings-only" and "tf-cpu-instructions-notice" in keys(tf)


def test_severity_reads_the_users_sentence_and_tf1_oom() -> None:
    warning = (
        "[TensorRT] WARNING: using an engine plan file across different models of devices is not recommended and is "
        "likely to affect performance or even cause errors"
    )
    assert levels(warning).warnings_only
    crashed = warning + "\n\ninside the container some onnx models cannot build the engine, report segmentation fault"
    assert not levels(crashed).warnings_only
    assert explain(crashed).outcome != "warnings-only"
    # denied or supposed crashes stay prose
    for said in ("it does not segfault any more", "this may crash on old drivers", "to avoid crashes set X=1"):
        assert levels(warning + "\n" + said).warnings_only, said
    # TensorFlow 1.x's bfc_allocator.cc: the notice stays a warning, the failing allocation (even cut) is an error
    notice = (
        "2018-10-19 17:53:02.416762: W tensorflow/core/common_runtime/bfc_allocator.cc:215] Allocator (GPU_0_bfc) "
        "ran out of memory trying to allocate 2.59GiB. The caller indicates that this is not a failure, but may "
        "mean that there could be performance gains if more memory were available."
    )
    assert explain(notice).outcome == "warnings-only"
    cut = notice + "\n2018-10-19 17:53:13.156435: W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator"
    assert first(cut)[0] == "gpu-out-of-memory"
    full = notice + (
        "\n2018-10-19 17:53:13.156435: W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator (GPU_0_bfc) "
        "ran out of memory trying to allocate 1.00GiB.  Current allocation summary follows."
    )
    assert first(full)[0] == "gpu-out-of-memory"


def test_vgpu_guest_without_a_license() -> None:
    # nvidia-smi -q's licensing section and nvidia-gridd's system-log messages
    status = (
        "    vGPU Software Licensed Product\n        Product Name                      : NVIDIA Virtual Compute "
        "Server\n"
        "        License Status                    : Unlicensed (Restricted)"
    )
    key, fix = first(status)
    assert key == "vgpu-unlicensed" and "nvidia-gridd" in fix
    gridd = "Oct 12 17:22:37 node nvidia-gridd: Failed to acquire license from 10.0.0.5"
    assert first(gridd)[0] == "vgpu-unlicensed"
    # near miss: a licensed guest
    assert "vgpu-unlicensed" not in keys("        License Status                    : Licensed (Expiry: 2026-12-1)")
    busy = "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable"
    key, fix = first(busy + "\nThe node is an A10 vGPU VM (NVIDIA A10-24Q)")
    assert key == "torch-gpu-busy" and "ClientConfigToken" in fix
    assert "ClientConfigToken" not in first(busy)[1]


def test_mig_device_counts() -> None:
    # torch's CUDAContext.cpp assert when a process asks for a second MIG device (one is enumerated)
    mig = (
        "GPU 0: NVIDIA A100-SXM4-80GB MIG 3g.40gb Device 0\n"
        'RuntimeError: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "../aten/src/ATen/cuda/'
        'CUDAContext.cpp":50'
    )
    key, fix = first(mig)
    assert key == "torch-invalid-device" and "MIG-... UUID" in fix
    # the same assert without MIG keeps its own fix
    assert "MIG" not in first(mig.split("\n", 1)[1])[1]
