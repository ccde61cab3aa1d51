"""`explain`, round nine, CUDA errors in every wording and format (issue 36): older CUDA releases' wordings and
numbers (data/cuda_older_wordings.json), CUDA errors in other programs' formats read by number (Caffe's glog CHECK,
torch 0.x's THCudaCheck, Paddle's enforce), a driver older than the program (libcuda's missing entry points, a
product's minimum-driver wording), an older libcudart shadowing, torch's older cuDNN wordings, a ROCm torch and the
kernel driver's NVRM lines. Each is checked against its source's wording, with near misses that must not match."""

from __future__ import annotations

from _explain import keys

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import extract, messages_of, older_messages


def first(text: str) -> str:
    found = explain(text)
    return found[0].key if found else ""


def test_older_wordings_are_data_every_family_keyed_by_cuda_errors_reads() -> None:
    # CUDA 8-10's libcudart worded 46 "all CUDA-capable devices ..."; today's is "CUDA-capable device(s) is/are ..."
    assert "all CUDA-capable devices are busy or unavailable" in older_messages("cudaErrorDevicesUnavailable")
    assert "all CUDA-capable devices are busy or unavailable" in messages_of(("cudaErrorDevicesUnavailable",))
    for text in (
        "RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable",
        "THCudaCheck FAIL file=/opt/conda/conda-bld/pytorch_1518244421288/work/torch/lib/THC/THCStream.cpp line=40 "
        "error=46 : all CUDA-capable devices are busy or unavailable",
        "F1111 11:09:41.910959 14384 gpu_memory.cpp:152] Check failed: error == cudaSuccess (46 vs. 0)  all "
        "CUDA-capable devices are busy or unavailable",
    ):
        assert first(text) == "torch-gpu-busy", text
    # near miss: the words without the error
    assert "torch-gpu-busy" not in keys("INFO: 8 CUDA-capable devices are available")


def test_numbers_in_other_programs_formats() -> None:
    caffe = extract("Check failed: error == cudaSuccess (3 vs. 0) initialization error")
    assert [c.name for c in caffe.codes] == ["cudaErrorInitializationError"]
    assert first("Check failed: error == cudaSuccess (3 vs. 0) initialization error") == "torch-cuda-init-unknown"
    paddle = extract("OSError: (External) CUDA error(719), unspecified launch failure.")
    assert [c.code for c in paddle.codes] == [719]
    # a glog CHECK of something else is no CUDA error
    assert extract("Check failed: status == kSuccess (3 vs. 0)").codes == []


def test_cuda_10_numbers_read_by_the_message_beside_them() -> None:
    # CUDA 10.0 and older numbered "no CUDA-capable device" 38, "illegal memory access" 77, "unknown error" 30
    old = extract(
        "THCudaCheck FAIL file=torch/csrc/cuda/Module.cpp line=32 error=38 : no CUDA-capable device is detected"
    )
    assert [c.name for c in old.codes] == ["cudaErrorNoDevice"]
    illegal = extract("RuntimeError: cuda runtime error (77) : an illegal memory access was encountered at x.cu:1")
    assert [c.name for c in illegal.codes] == ["cudaErrorIllegalAddress"]
    # an old number without its message stays unread (38 is no error today)
    assert extract("CUDA error 38").codes == []


def test_a_product_kernel_crash_gets_the_products_fix() -> None:
    paddle = explain(
        "OSError: (External) CUDA error(719), unspecified launch failure. \n  [Hint: Please search for the error "
        "code(719) on website to get Nvidia's official solution and advice about CUDA Error.] (at "
        "..\\paddle\\phi\\backends\\gpu\\cuda\\cuda_info.cc:259)"
    )
    assert paddle[0].key == "torch-gpu-fault" and "paddlepaddle-gpu" in paddle[0].fix
    ggml = explain(
        "ggml_cuda_init: found 1 CUDA devices:\n  Device 0: Tesla V100-PCIE-32GB, compute capability 7.0, VMM: yes\n"
        "llm_load_tensors: offloaded 28/28 layers to GPU\nCUDA error: unspecified launch failure"
    )
    assert ggml[0].key == "torch-gpu-fault" and "ggml" in ggml[0].fix and "torch" not in ggml[0].fix


def test_a_driver_older_than_the_program() -> None:
    sym = explain("libcuda.so.1: undefined symbol: cuCtxCreate_v4")
    assert sym[0].key == "cuda-driver-insufficient" and "driver API" in sym[0].fix
    assert "likely" not in sym.first_answer
    assert first("error: undefined symbol: cuGetProcAddress_v2") == "cuda-driver-insufficient"
    max_ = explain(
        "ValueError: failed to create device: MAX doesn't support your current NVIDIA GPU driver. MAX requires a "
        "minimum driver version of 550 and CUDA version 12.4. The driver version MAX detected is: 12.2."
    )
    assert max_[0].key == "cuda-driver-insufficient" and "MAX" in max_[0].fix
    # near misses: a cuDNN / cuBLAS symbol is no driver API function; a runtime symbol is the shadowing row's
    assert "cuda-driver-insufficient" not in keys("libfoo.so: undefined symbol: cudnnCreate")
    assert "cuda-driver-insufficient" not in keys("undefined symbol: cudaLaunchKernelExC, version libcudart.so.11.0")


def test_a_rocm_torch_and_a_shadowing_cudart() -> None:
    rocm = explain("RuntimeError: No HIP GPUs are available")
    assert rocm[0].key == "cuda-rocm-torch"
    on_nvidia = explain("nvidia-smi shows a Tesla T4\nRuntimeError: No HIP GPUs are available")
    assert "CUDA build" in on_nvidia[0].fix
    assert "cuda-rocm-torch" not in keys("RuntimeError: No CUDA GPUs are available")
    cudart = explain(
        "ImportError: /home/anaconda3/envs/mol/lib/python3.9/site-packages/torch/lib/libtorch_cuda.so: undefined "
        "symbol: cudaLaunchKernelExC, version libcudart.so.11.0"
    )
    assert cudart[0].key == "cuda-cudart-shadowed" and "conda" in cudart[0].fix
    assert "cuda-cudart-shadowed" not in keys("undefined symbol: cudaFoo")
    ffi = explain("RuntimeError: CUDA Error encountered in <function CompiledLib.bn_mean_var_cuda at 0x2b95dc47ad08>")
    assert ffi[0].key == "cuda-ffi-extension-error" and "torch-invalid-device-function" in ffi[0].alternatives
    assert "cuda-ffi-extension-error" not in keys("CUDA Error encountered while loading the model")


def test_torchs_older_cudnn_wordings_and_tensorflows_stub() -> None:
    assert (
        first("RuntimeError: cuDNN version mismatch: PyTorch was compiled against 7003 but linked against 7300")
        == "torch-cudnn-version"
    )
    success = explain("RuntimeError: CuDNN error: CUDNN_STATUS_SUCCESS")
    assert success[0].key == "torch-cudnn-version" and "status is success" in success[0].fix
    assert "torch-cudnn-version" not in keys("cuDNN error: CUDNN_STATUS_NOT_SUPPORTED")
    tf = "InternalError: cudaGetDevice() failed. Status: cudaGetErrorString symbol not found."
    assert first(tf) == "cuda-library-major"


def test_the_kernel_drivers_gsp_and_bus_lines() -> None:
    gsp = (
        "kernel: NVRM: GPU0 _issueRpcAndWait: rpcSendMessage failed with status 0x0000000f for fn 10 sequence 800!\n"
        "kernel: NVRM: GPU0 rpcRmApiFree_GSP: GspRmFree failed: hClient=0xc1d00018; status=0x0000000f"
    )
    assert first(gsp) == "host-gpu-lost"
    assert first("NVRM: GPU at PCI:0000:65:00: GPU-1234 has fallen off the bus.") in (
        "host-gpu-lost",
        "torch-gpu-fault",
    )
    assert "host-gpu-lost" not in keys("NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.14")
