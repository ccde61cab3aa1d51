"""`explain`, round eleven (issue 36), CUDA runtime faults, toolkit versions and GPUs in other products' words: each
class in its source's wording (cited in the families' ``example_source``), with near misses (the same words from
another library or version) that must not reach it."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_nvcc_older_than_the_gpu() -> None:
    # nvcc's own message; the toolkit version is read from the build's log ("got cuda version", "release X.Y")
    old = "-- got cuda version 7.5\nnvcc fatal   : Unsupported gpu architecture 'compute_61'"
    key, fix = first(old)
    assert key == "build-nvcc-older-than-gpu" and "CUDA 8.0" in fix
    volta = (
        "nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 8.0, V8.0.61\n"
        "nvcc fatal   : Unsupported gpu architecture 'compute_70'"
    )
    key, fix = first(volta)
    assert key == "build-nvcc-older-than-gpu" and "CUDA 9.0" in fix
    # CUDA 13 dropped these architectures: the version shown is 13, so the older row's removed-arch fix stays first
    dropped = "Cuda compilation tools, release 13.0, V13.0.48\nnvcc fatal   : Unsupported gpu architecture 'compute_61'"
    assert "build-nvcc-older-than-gpu" not in keys(dropped)
    assert first(dropped)[0] == "build-nvcc-arch-unsupported"
    # no version in the text: the general row answers
    assert "build-nvcc-older-than-gpu" not in keys("nvcc fatal   : Unsupported gpu architecture 'compute_61'")
    # an architecture newer than any CUDA 12 drop is the general row's
    assert "build-nvcc-older-than-gpu" not in keys(
        "CUDA 11.3\nnvcc fatal   : Unsupported gpu architecture 'compute_89'"
    )


def test_cublas_failure_in_another_framework() -> None:
    # CNTK's Math/GPUMatrix.cu CUBLAS_CALL: "CUBLAS failure %d: %s ; GPU=%d ; hostname=%s ; expr=%s"
    cntk = (
        "CUBLAS failure 13: CUBLAS_STATUS_EXECUTION_FAILED ; GPU=1 ; hostname=rg404 ; expr=cublas_gemm(cuHandle, "
        "CUBLAS_OP_N)\n[0x2b2cf7aee60d]    Microsoft::MSR::CNTK::GPUMatrix<float>::  TensorOp  (...)"
    )
    key, fix = first(cntk)
    assert key == "cublas-failure-other-framework" and "CNTK" in fix and "CUDA_LAUNCH_BLOCKING=1" in fix
    assert "torch.cuda" not in fix
    # torch's own wording stays torch's row
    torch_text = (
        "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, "
        "n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`"
    )
    assert first(torch_text)[0] == "torch-cublas-failure"
    assert "cublas-failure-other-framework" not in keys(torch_text)
    # a success status is no failure
    assert "cublas-failure-other-framework" not in keys("cuBLAS handle created: CUBLAS_STATUS_SUCCESS")


def test_anomaly_detection_names_the_op() -> None:
    # torch/csrc/autograd/engine.cpp (anomaly mode): "Function '%s' returned nan values in its %dth output."
    found = explain("RuntimeError: Function 'BmmBackward0' returned nan values in its 0th output.")
    assert found[0].key == "torch-anomaly-nan-op" and found[0].op == "BmmBackward0"
    assert "autocast" in found[0].fix and "float32" in found[0].fix
    # a NaN loss without the anomaly line stays the general NaN row
    assert "torch-anomaly-nan-op" not in keys("epoch 3: loss is nan")
    assert first("epoch 3: loss is nan")[0] == "torch-nan-outputs"


def test_generator_outside_a_capture() -> None:
    # aten/src/ATen/cuda/CUDAGeneratorImpl.cpp
    text = "RuntimeError: CUDA generator expects graph capture to be underway, but the current stream is not capturing"
    key, fix = first(text)
    assert key == "cudagraph-generator-not-capturing" and "max-autotune-no-cudagraphs" in fix
    assert "cudagraph-generator-not-capturing" not in keys("Capturing CUDA graphs for batch sizes [1, 2, 4]")


def test_physx_kernel_failure() -> None:
    # PhysX gpunarrowphase / gpucommon (PxgCudaUtils.h) internal errors
    text = (
        "/buildAgent/work/99bede84aa0a52c2/source/gpunarrowphase/src/PxgNarrowphaseCore.cpp (2165) : internal error "
        ": GPU cudaMainGjkEpa or prepareLostFoundPairs kernel fail!\n  700\n\n"
        "/buildAgent/work/99bede84aa0a52c2/source/gpucommon/include/PxgCudaUtils.h (54) : internal error : "
        "SynchronizeStreams cuEventRecord failed"
    )
    key, fix = first(text)
    assert key == "physx-gpu-kernel-failure" and "max_gpu_contact_pairs" in fix
    launch = (
        "/buildAgent/work/99bede84aa0a52c2/source/gpuarticulation/src/PxgArticulationCore.cpp (859) : internal "
        "error : GPU solveSelfConstraints fail to launch kernel!!"
    )
    assert first(launch)[0] == "physx-gpu-kernel-failure"
    assert "physx-gpu-kernel-failure" not in keys("[Warning] [omni.physx] PhysX GPU simulation enabled")


def test_jetson_nvmap() -> None:
    # NVIDIA L4T nvmap user library's allocation log lines
    for text in (
        "NvMapMemAllocInternalTagged: 1075072515 error 12",
        "NvMapMemHandleAlloc: error 0",
        "`index_tts2`'s `NvMapMemAllocInternalTagged` failure",
    ):
        key, fix = first(text)
        assert key == "jetson-nvmap-alloc-failed" and "reboot" in fix, text
    assert "jetson-nvmap-alloc-failed" not in keys("nvmap: module loaded")


def test_driver_branch_too_new_for_the_gpu() -> None:
    # the NVIDIA kernel module's probe message (dmesg / journalctl -k)
    text = (
        "[15280.304871] NVRM: The NVIDIA Tesla K80 GPU installed in this system is\n"
        "NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please\n"
        "NVRM:  visit http://www.nvidia.com/object/unix.html for more\n"
        "NVRM:  information.  The 510.47.03 NVIDIA driver will ignore\nNVRM:  this GPU.  Continuing probe...\n"
        "NVRM: No NVIDIA GPU found."
    )
    key, fix = first(text)
    assert key == "host-driver-legacy-gpu" and "legacy branch" in fix
    # nvidia-smi alone stays the driver-not-loaded row, whose fix now names the legacy message to look for
    smi = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
    key, fix = first(smi)
    assert key == "host-driver-not-loaded" and "Legacy drivers" in fix
    assert "host-driver-legacy-gpu" not in keys("Installing nvidia-driver-470 (legacy) for the K80 worked")


def test_initialization_error_mid_run() -> None:
    # torch's "CUDA error: initialization error" raised by a call in a run that already used the GPU
    text = (
        'python train.py --max_epochs 30 --gpus 0\n  File "train.py", line 149, in visualize\n'
        "    meshes = model.extract_mesh(out)\nRuntimeError: CUDA error: initialization error"
    )
    key, fix = first(text)
    assert key == "torch-cuda-init-error-mid-run" and "spawn" in fix
    # the error at CUDA's start (torch's lazy init) stays the driver-start row
    start = (
        '  File "/usr/lib/python3/site-packages/torch/cuda/__init__.py", line 247, in _lazy_init\n'
        "    torch._C._cuda_init()\nRuntimeError: CUDA error: initialization error"
    )
    assert "torch-cuda-init-error-mid-run" not in keys(start)
    assert first(start)[0] == "torch-cuda-init-unknown"


def test_warnings_with_a_cut_glog_prefix_stay_warnings() -> None:
    # a paste that starts mid-line: the first dso_loader line lost its "W" prefix; glog logs one call site at one level
    text = (
        "tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
        "'libcusolver.so.11'; dlerror: libcusolver.so.11: cannot open shared object file: No such file or directory\n"
        "2022-07-10 15:08:09.276131: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or "
        "directory\n2022-07-10 15:08:09.276917: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot "
        "dlopen some GPU libraries.\nSkipping registering GPU devices..."
    )
    found = levels(text)
    assert found.errors == 0 and found.warnings_only
    result = explain(text)
    assert result[0].key == "cpu-tf-gpu-not-registered"
    old_tf = [e for e in result if e.key == "cuda-library-major"]
    assert old_tf and "tensorflow[and-cuda]" not in old_tf[0].fix and "LD_LIBRARY_PATH" in old_tf[0].fix
    # a newer TensorFlow's line (xla / tsl paths) keeps the [and-cuda] fix
    new = (
        "2024-01-01 00:00:00.000000: W external/local_xla/xla/tsl/cuda/dso_loader.cc:64] Could not load dynamic "
        "library 'libcudnn.so.9'; dlerror: libcudnn.so.9: cannot open shared object file: No such file or directory "
        "tensorflow"
    )
    assert any("tensorflow[and-cuda]" in e.fix for e in explain(new) if e.key == "cuda-library-major")
    # a cut line whose call site appears nowhere else gets no level from it; an error line stays an error
    assert levels("foo/bar.cc:12] cannot open shared object file\nW0101 foo/bar.cc:13] x").errors == 1
