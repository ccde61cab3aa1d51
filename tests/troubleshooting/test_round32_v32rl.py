"""`explain`, round thirty-two (issue 36): reinforcement learning and game agents, mostly on JAX / XLA and GPU
simulators. XLA's GEMM autotuner that cannot list cuBLAS's algorithms, XLA's nvlink older than jaxlib's CUDA ("newer
than toolkit"), XLA's old "Can't find ptxas binary" warning, an out-of-memory at XLA's kernel launch, a jaxlib pinned
by its +cuda local version, Vulkan images imported into CUDA (a simulator's camera sensors), the multinomial kernel's
assert wrapped over two lines (and its RL fix), a device mismatch inside a package run from a source folder,
nvJitLink's link failure before an abort, and the OpenCL C++ bindings' uncaught cl::Error from clGetPlatformIDs. Near
misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_xla_gemm_autotuning_without_cublas_algorithms() -> None:
    text = (
        "jax.errors.JaxRuntimeError: INTERNAL: RET_CHECK failure\n"
        "(external/xla/xla/service/gpu/gemm_algorithm_picker.cc:412)\n"
        "stream->parent()->GetBlasGemmAlgorithms(stream, &algorithms)"
    )
    key, fix = first(text)
    assert key == "xla-cuda-library-internal-error"
    assert "XLA_PYTHON_CLIENT_PREALLOCATE=false" in fix and "driver" in fix
    # a cuSolver failure keeps the family's general fix (wheels that match jaxlib)
    key, fix = first("XlaRuntimeError: INTERNAL: cuSolver internal error")
    assert key == "xla-cuda-library-internal-error" and "GEMM" not in fix


def test_xla_nvlink_older_than_jaxlibs_cuda() -> None:
    text = (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: nvlink exited with non-zero error code 256, output: "
        "nvlink fatal   : Input file '/tmp/tempfile-host-1a2b-1234-abcd.cubin' newer than toolkit (120 vs 115)"
    )
    key, fix = first(text)
    assert key == "kern-ptxas-too-old" and "nvlink" in fix and "at least as new" in fix
    # ptxas's own "Unsupported .version" keeps its PTX-ISA variant
    ptx = (
        "XlaRuntimeError: INTERNAL: ptxas exited with non-zero error code 65280, output: ptxas /tmp/x.ptx, line 5; "
        "fatal   : Unsupported .version 8.3; current version is '8.2'"
    )
    key, fix = first(ptx)
    assert key == "kern-ptxas-too-old" and "PTX ISA" in fix
    # a native build's nvlink on another toolkit's device runtime: no XLA, not this family
    native = (
        "nvlink fatal   : Input file '/usr/local/cuda/lib64/libcudadevrt.a:cuda_device_runtime.o' newer than "
        "toolkit (122 vs 118)\nmake: *** [Makefile:20: app] Error 1"
    )
    assert first(native)[0] != "kern-ptxas-too-old"


def test_xla_cannot_find_the_ptxas_binary() -> None:
    text = (
        "2023-01-02 10:00:00.000001: W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/"
        "nvptx_compiler.cc:75] Can't find ptxas binary in ${CUDA_DIR}/bin.  Custom ptxas location can be specified "
        "using $PATH.\n"
        "2023-01-02 10:00:00.000002: W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/"
        "nvptx_compiler.cc:79]   /usr/lib/python3/site-packages/jaxlib/cuda\n"
        "2023-01-02 10:00:00.000003: F external/org_tensorfl..."
    )
    key, fix = first(text)
    assert key == "kern-xla-ptxas-lookup" and "ptxas" in fix
    # the "Couldn't get ptxas version" lookup keeps its answer
    assert first("XlaRuntimeError: INTERNAL: Couldn't get ptxas version string")[0] == "kern-xla-ptxas-lookup"


def test_out_of_memory_at_xlas_kernel_launch_is_jaxs() -> None:
    text = (
        "RuntimeError: INTERNAL: Failed to launch CUDA kernel: loop_add_fusion with block dimensions: 256x1x1 and "
        "grid dimensions: 4x1x1: CUDA_ERROR_OUT_OF_MEMORY: out of memory"
    )
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "XLA_PYTHON_CLIENT_PREALLOCATE=false" in fix
    # torch's OOM keeps the generic fix
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB")
    assert key == "gpu-out-of-memory" and "XLA_PYTHON_CLIENT" not in fix


def test_jaxlib_pinned_by_its_cuda_local_version() -> None:
    for text in (
        "ERROR: No matching distribution found for jaxlib==0.4.7+cuda12.cudnn88",
        "ERROR: Could not find a version that satisfies the requirement jaxlib==0.3.25+cuda11.cudnn82 (from "
        "versions: 0.4.1, 0.4.2)",
    ):
        key, fix = first(text)
        assert key == "py-pip-no-matching-distribution" and "jax[cuda" in fix and "find-links" in fix, text
    # a plain jaxlib pin and a torch +cu pin keep the general fix
    for text in (
        "ERROR: No matching distribution found for jaxlib==0.1.2",
        "ERROR: No matching distribution found for torch==2.1.0+cu121",
    ):
        key, fix = first(text)
        assert key == "py-pip-no-matching-distribution" and "find-links" not in fix, text


def test_vulkan_images_imported_into_cuda() -> None:
    text = (
        "Physics Device: cuda:0\nGPU Pipeline: enabled\n"
        "[Error] [carb.gym.plugin] cudaImportExternalMemory failed on depthImage buffer with error 999"
    )
    key, fix = first(text)
    assert key == "cuda-graphics-interop-failed" and "VK_ICD_FILENAMES" in fix and "graphics and compute devices" in fix
    # OpenGL interop keeps its own variants
    key, fix = first("Cuda error: 219[cudaGraphicsGLRegisterBuffer(&s.cudaPosBuffer, s.glPosBuffer, 0);]")
    assert key == "cuda-graphics-interop-failed" and "VK_ICD_FILENAMES" not in fix


_WRAPPED_ASSERT = (
    "/pytorch/aten/src/ATen/native/cuda/MultinomialKernel.cu:243: void at::native::<unnamed>::sampleMultinomialOnce"
    "(long *, long, int, scalar_t *, scalar_t *, int, int) [with scalar_t = float, accscalar_t = float]: block: "
    "[0,0,0], thread: [0,0\n,0] Assertion `val >= zero` failed."
)


def test_a_wrapped_multinomial_assert_in_an_rl_run() -> None:
    text = "2021-03-01 10:00:00,000 update: 40  fps: 120.5\n2021-03-01 10:00:00,000 mean reward: nan\n" + (
        _WRAPPED_ASSERT
    )
    key, fix = first(text)
    assert key == "torch-nan-outputs" and "reward" in fix and "environment" in fix
    # the same assert from an LLM's generate(): the sampling fix for tokens
    key, fix = first("Exception in thread Thread-3 (generate):\n" + _WRAPPED_ASSERT)
    assert key == "torch-nan-outputs" and "next token" in fix
    # an index assert wrapped the same way is no NaN
    index = (
        "../aten/src/ATen/native/cuda/IndexKernel.cu:92: operator(): block: [4,0,0], thread: [1,0,0] Assertion "
        '`index >= -sizes[i] && index < sizes[i] && "index out of bounds"` failed.\n'
        "RuntimeError: CUDA error: device-side assert triggered"
    )
    assert first(index)[0] == "torch-device-assert"


def test_device_mismatch_inside_a_package_run_from_source() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 10, in <module>\n'
        "    trainer.train(n_epochs=1)\n"
        '  File "rlkit/torch/sac/sac.py", line 88, in train\n'
        "    loss = q_loss + self.alpha_term\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    )
    key, fix = first(text)
    assert key == "device-mismatch" and "source folder" in fix and "device=x.device" in fix
    # the user's own script (no package folder) keeps the general fix
    own = (
        '  File "train.py", line 10, in <module>\n'
        "    out = model(x)\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    )
    key, fix = first(own)
    assert key == "device-mismatch" and "source folder" not in fix
    # an absolute path to the user's project is no package run from source
    absolute = (
        '  File "/home/u/proj/models/net.py", line 10, in forward\n'
        "    y = x + self.bias\n"
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    )
    assert "source folder" not in first(absolute)[1]


def test_nvjitlink_link_failure_is_the_answer_over_the_abort() -> None:
    text = (
        "Compiling GPU kernels...\n"
        "/src/sim/device/memory.cpp: link error: error: Linking globals named '_ZN4sim4initEv': symbol multiply "
        "defined!\n\nERROR 9 in nvvmCompileProgram callback\n"
        "nvJitLink error: NVVM compilation error\nAborted (core dumped)"
    )
    key, fix = first(text)
    assert key == "jit-nvjitlink-link-failed" and "nvJitLink" in fix
    assert first("tinygrad.device.CompileError: NvJitLink Error 4, NVJITLINK_ERROR_PTX_COMPILE")[0] == (
        "jit-nvjitlink-link-failed"
    )
    # LLVM's same words from a CPU-only LLVM program are no nvJitLink failure
    cpu = "llvm-link: error: Linking globals named 'main': symbol multiply defined!"
    assert first(cpu)[0] != "jit-nvjitlink-link-failed"
    # a bare abort keeps the crash answer
    assert first("Aborted (core dumped)")[0] == "native-crash"


def test_an_uncaught_cl_error_from_clgetplatformids() -> None:
    text = (
        "Initializing OpenCL.\nterminate called after throwing an instance of 'cl::Error'\n"
        "  what():  clGetPlatformIDs\nAborted (core dumped)"
    )
    key, fix = first(text)
    assert key == "opencl-no-platform" and "/etc/OpenCL/vendors" in fix
    # a cl::Error from another call keeps the uncaught-exception answer
    other = "terminate called after throwing an instance of 'cl::Error'\n  what():  clBuildProgram\nAborted"
    assert first(other)[0] == "cpp-uncaught-exception"
