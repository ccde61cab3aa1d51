"""`explain`, round twelve (issue 36), CUDA errors, kernels and libraries in products other than torch, each in the
product's own words (the wordings of its source, cited in the families' ``example_source``), with that product's
fix; near misses (the same words in another situation, or another library's line) must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_invalid_configuration_in_each_products_words() -> None:
    # Caffe's CUDA_POST_KERNEL_CHECK (glog "F" line) on a compute capability 2.x GPU
    caffe = (
        "I1209 00:40:23.426146 21877 solver.cpp:44] Solving CaffeNet\n"
        "F1209 00:40:23.521303 21877 relu_layer.cu:54] Cuda kernel failed. Error: invalid configuration argument\n"
        "*** Check failure stack trace: ***\n    @           0x444ad5  caffe::ReLULayer<>::Forward_gpu()"
    )
    key, fix = first(caffe)
    assert key == "cuda-invalid-configuration" and "compute capability 3.0" in fix and "batch" in fix
    torch_text = "RuntimeError: CUDA error: invalid configuration argument\nCUDA kernel errors might be " + (
        "asynchronously reported at some other API call"
    )
    key, fix = first(torch_text)
    assert key == "cuda-invalid-configuration" and "0 elements" in fix
    # by name, in the driver API's and the runtime's spelling
    assert first("cuLaunchKernel failed: CUDA_ERROR_INVALID_CONFIGURATION")[0] == "cuda-invalid-configuration"
    # near miss: a configuration file that is not valid is no kernel launch
    assert "cuda-invalid-configuration" not in keys("Error: invalid configuration file config.yaml: bad key")


def test_error_numbers_in_checkcudaerrors_and_nvdiffrast_formats() -> None:
    # CUDA samples' helper_cuda.h checkCudaErrors, as DL4J's libnd4j (CUDA 10.0: 77 was the illegal address) prints
    dl4j = (
        "CUDA error at /mnt/jenkins/workspace/deeplearning4j-1.0.0-beta4-linux-x86_64-cuda-10.0/libnd4j/blas/cuda/"
        'NativeOps.cu:1903  code=77(<unknown>) "dZ"'
    )
    key, fix = first(dl4j)
    assert key == "illegal-memory-access" and "nd4j" in fix.lower() and "upgrade" in fix
    # today's numbering, with the name in the brackets
    assert first('CUDA error at kernel.cu:88 code=700(cudaErrorIllegalAddress) "cudaDeviceSynchronize()"')[0] == (
        "illegal-memory-access"
    )
    # 77 with another error's message beside it is not read as the illegal address
    assert "illegal-memory-access" not in keys("CUDA error at a.cu:3 code=77(<unknown>) out of memory")[:1]
    # without a CUDA 10.0 build in the text, a number today's table lacks stays unread
    assert "illegal-memory-access" not in keys('CUDA error at NativeOps.cu:1903  code=77(<unknown>) "dZ"')
    # a file with "code=" and no CUDA error is no CUDA error number
    assert keys("config at /etc/app.cfg code=77(<unknown>)") == []


def test_xla_cuda_library_internal_error() -> None:
    # jaxlib's gpu_kernel_helpers status strings, raised as XlaRuntimeError
    jax = (
        '  File "/workspace/.venv/lib/python3.12/site-packages/mujoco/mjx/_src/forward.py", line 404, in forward\n'
        "    d = fwd_position(m, d)\nXlaRuntimeError: INTERNAL: cuSolver internal error"
    )
    key, fix = first(jax)
    assert key == "xla-cuda-library-internal-error" and "jax[cuda12]" in fix and "nvidia-cusolver" in fix
    assert first("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: cuBlas internal error")[0] == (
        "xla-cuda-library-internal-error"
    )
    # near miss: torch's cuSOLVER wording is not jaxlib's
    assert "xla-cuda-library-internal-error" not in keys(
        "RuntimeError: cusolver error: CUSOLVER_STATUS_INTERNAL_ERROR, when calling `cusolverDnCreate(handle)`"
    )


def test_rapids_gpu_too_old() -> None:
    key, fix = first("RuntimeError: This cuDF installation is missing the necessary PTX files that are <=50.")
    assert key == "rapids-gpu-too-old" and "compute capability 7.0" in fix and "scikit-learn" in fix
    # cuDF's validate_setup wording
    old = "You will need a GPU with NVIDIA Pascal™ or newer architecture\nDetected GPU 0: Tesla K80"
    assert first(old)[0] == "rapids-gpu-too-old"
    assert "rapids-gpu-too-old" not in keys("This installation is missing the necessary files: README")


def test_warp_without_cuda() -> None:
    banner = (
        'Warp 0.6.1 initialized:\n   CUDA not available\n   Devices:\n     "cpu"    | x86_64\n'
        "   Kernel cache: /home/u/.cache/warp/0.6.1\nError executing job with overrides: ['gpu=0']\n"
        'Traceback (most recent call last):\n  File "eval.py", line 137, in <module>\n    main()'
    )
    key, fix = first(banner)
    assert key == "warp-cuda-not-available" and "nvidia-smi" in fix and "cuda:0" in fix
    # near misses: Warp with CUDA, and "CUDA not available" printed by another program
    ok = 'Warp 1.0.0 initialized:\n   CUDA Toolkit 12.5, Driver 12.4\n   Devices:\n     "cpu"\n     "cuda:0"'
    assert "warp-cuda-not-available" not in keys(ok)
    assert "warp-cuda-not-available" not in keys("CUDA not available\nusing CPU")


def test_cuda_opengl_interop() -> None:
    key, fix = first("Cuda error: 208[cudaGraphicsUnregisterResource(s.cudaColorBuffer[i]);]")
    assert key == "cuda-graphics-interop-failed" and "RasterizeCudaContext" in fix
    generic = "render.cu:40 cudaGraphicsGLRegisterBuffer(&res, vbo, 0) failed: cudaErrorUnknown"
    key, fix = first(generic)
    assert key == "cuda-graphics-interop-failed" and "EGL" in fix
    # near miss: a source line naming the call, with no failure
    assert "cuda-graphics-interop-failed" not in keys("    cudaGraphicsMapResources(1, &res, stream);")


def test_nvenc_garbage_caps() -> None:
    vpf = "Video frame width is too small: 256<25953400\nVideo frame height is too small: 256<25953400\nRuntimeError"
    key, fix = first(vpf)
    assert key == "nvenc-caps-garbage" and "h264" in fix
    # a frame that is really below a sane minimum is not the garbage-caps case
    assert "nvenc-caps-garbage" not in keys("Video frame width is too small: 32<145")


def test_myelin_kernel_failure_first() -> None:
    sam3 = (
        " [TRT] IExecutionContext::enqueueV3: Error Code 1: Myelin ([cask_fusion.cpp:exec:417] Platform (Cuda) error)\n"
        " [TRT] IExecutionContext::enqueueV3: Error Code 1: CuTensor (Internal cuTensor permutate execute failed)\n"
        " [TRT] [checkMacros.cpp::catchCudaError::212] Error Code 1: Cuda Runtime (an illegal memory access was "
        "encountered)"
    )
    key, fix = first(sam3)
    assert key == "trt-myelin-kernel-failed" and "trtexec --loadEngine" in fix
    assert "illegal-memory-access" in keys(sam3)
    # near miss: the illegal address alone stays the illegal address
    alone = (
        "[checkMacros.cpp::catchCudaError::212] Error Code 1: Cuda Runtime (an illegal memory access was encountered)"
    )
    assert "trt-myelin-kernel-failed" not in keys(alone)
    # a Myelin line carrying a CUDA error number is read through that number (400: another GPU's context)
    ctx = (
        "ERROR: [Torch-TensorRT] - IExecutionContext::enqueueV3: Error Code 1: Myelin ([exec_instruction.cpp:exec:"
        "1164] CUDA error 400 launching __myl_ReplMove kernel.)"
    )
    assert "trt-myelin-kernel-failed" not in keys(ctx) and first(ctx)[0] == "invalid-resource-handle"


def test_caffe_cudnn_check() -> None:
    caffe = (
        "F0711 15:16:20.228301 31398 cudnn_conv_layer.cu:53] Check failed: status == CUDNN_STATUS_SUCCESS (3 vs. 0)  "
        "CUDNN_STATUS_BAD_PARAM\n*** Check failure stack trace: ***\nAborted (core dumped)"
    )
    key, fix = first(caffe)
    # BAD_PARAM keeps its family, with the Caffe fix
    assert key == "torch-cudnn-not-supported" and "USE_CUDNN" in fix and ".contiguous()" not in fix
    arch = (
        "F0614 10:01:02.000001 4242 cudnn_conv_layer.cu:131] Check failed: status == CUDNN_STATUS_SUCCESS (6 vs. 0)  "
        "CUDNN_STATUS_ARCH_MISMATCH"
    )
    key, fix = first(arch)
    assert key == "caffe-cudnn-check-failed" and "USE_CUDNN" in fix
    # torch's wording keeps torch's family
    torch_text = "RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM"
    assert first(torch_text)[0] == "torch-cudnn-not-supported"


def test_software_vulkan_before_a_crash() -> None:
    gym = (
        "Importing module 'gym_38' (/isaacgym/python/isaacgym/_bindings/linux-x86_64/gym_38.so)\n"
        "WARNING: Forcing CPU pipeline.\nPhysics Engine: PhysX\n"
        "WARNING: lavapipe is not a conformant vulkan implementation, testing use only.\n"
        "Unhandled descriptor set 449\nSegmentation fault (core dumped)"
    )
    key, fix = first(gym)
    assert key == "vulkan-software-driver" and "nvidia_icd.json" in fix and "headless" in fix
    assert explain(gym).outcome == "explained"
    # near miss: OpenGL's software renderer named by glxinfo is not Vulkan's
    assert "vulkan-software-driver" not in keys("OpenGL renderer string: llvmpipe (LLVM 15.0.7, 256 bits)")


def test_cufft_internal_error() -> None:
    key, fix = first("pytorch with cu117 causing CUFFT_INTERNAL_ERROR on RTX 4090\nCUFFT_INTERNAL_ERROR")
    assert key == "cufft-internal-error" and "cu118" in fix
    key, fix = first("cupy.cuda.cufft.CuFFTError: CUFFT_INTERNAL_ERROR")
    assert key == "cufft-internal-error" and "cupy-cuda12x" in fix
    assert "cufft-internal-error" not in keys("cufft plan created: CUFFT_SUCCESS")


def test_lmdeploy_and_jax_variants_follow_what_ran() -> None:
    tm = (
        "RuntimeError: [TM][ERROR] CUDA runtime error: operation not supported "
        "/lmdeploy/src/turbomind/utils/allocator.h:197"
    )
    key, fix = first(tm)
    assert (
        key == "torch-operation-not-supported" and "backend='pytorch'" in fix and "PYTORCH_CUDA_ALLOC_CONF" not in fix
    )
    # jaxlib's bundled XLA logs under external/org_tensorflow; TensorFlow's own build does not
    line = (
        "E {}stream_executor/cuda/cuda_dnn.cc:417] Loaded runtime CuDNN library: 8.4.1 but source was compiled "
        "with: 8.6.0.  CuDNN library needs to have matching major version and equal or higher minor version."
    )
    key, fix = first(line.format("external/org_tensorflow/tensorflow/compiler/xla/"))
    assert key == "fw-cuda-library-older" and "jax[cuda12]" in fix
    key, fix = first(line.format("tensorflow/"))
    assert key == "fw-cuda-library-older" and "tensorflow[and-cuda]" in fix


def test_launch_out_of_resources_and_numba_numbers() -> None:
    key, fix = first("RuntimeError: CUDA error: too many resources requested for launch")
    assert key == "cuda-launch-out-of-resources" and "threads per block" in fix
    numba = "numba.cuda.cudadrv.driver.CudaAPIError: [701] Call to cuLaunchKernel results in UNKNOWN_CUDA_ERROR"
    key, fix = first(numba)
    assert key == "cuda-launch-out-of-resources" and "max_registers" in fix
    # Numba's bracketed driver number is read like any other product's
    assert first("numba.cuda.cudadrv.driver.CudaAPIError: [700] Call to cuMemcpyDtoH results in UNKNOWN_CUDA_ERROR")[
        0
    ] == ("illegal-memory-access")
    assert keys("a list [700] of numbers") == []
    key, fix = first(
        "RuntimeError: cusolver error: CUSOLVER_STATUS_INTERNAL_ERROR, when calling `cusolverDnCreate(handle)`"
    )
    assert key == "torch-cusolver-error" and "magma" in fix
    # ONNX Runtime's wording of an invalid launch configuration gets its own fix
    ort = (
        "[E:onnxruntime:, sequential_executor.cc:339 Execute] Non-zero status code returned while running GatherND "
        "node. Name:'GatherNd_28' Status Message: CUDA error cudaErrorInvalidConfiguration:invalid configuration "
        "argument"
    )
    key, fix = first(ort)
    assert key == "cuda-invalid-configuration" and "CPUExecutionProvider" in fix
