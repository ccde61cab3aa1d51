"""`explain`, round thirty-three (issue 36): GPU code reached from Rust, Go and Julia and GPU libraries outside deep
learning. A Rust CUDA binding's InvalidContext in a worker thread, a build script refusing an old CUDA toolkit, the cc
crate showing only nvcc's exit status (on Windows: is the crate supported there), OpenCL buffers above the device's
max allocation size, the ocl crate's empty platform list followed by a crash, a native library's own kernel fault, a
kernel compiled by Julia's GPU compiler, an NVML library that a too-old driver leaves unusable, and a C++ exception
thrown through Rust in a GPU program. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_rust_binding_invalid_context_is_a_context_per_thread() -> None:
    for text in (
        "thread 'tokio-runtime-worker' panicked at src/gpu/msm.rs:40:22:\n"
        "called `Result::unwrap()` on an `Err` value: InvalidContext",
        "thread '<unnamed>' panicked at kernels/src/lib.rs:88:9:\nmsm failed: CudaError::InvalidContext",
    ):
        key, fix = first(text)
        assert key == "pycuda-no-context" and "set_current" in fix, text
    # pycuda keeps its own fix
    key, fix = first("pycuda._driver.LogicError: explicit_context_dependent failed: invalid device context - no "
                     "currently active context?")  # fmt: skip
    assert key == "pycuda-no-context" and "set_current" not in fix
    # another enum value of the same binding is not this family
    key, _ = first("thread 'main' panicked at src/main.rs:3:5:\ncalled `Result::unwrap()` on an `Err` value: "
                   "InvalidValue")  # fmt: skip
    assert key != "pycuda-no-context"


def test_toolkit_older_than_the_build_minimum() -> None:
    text = (
        "error: failed to run custom build command for `gpu-msm v0.3.0`\n  --- stderr\n"
        "  thread 'main' panicked at /home/u/.cargo/registry/src/x/gpu-msm-0.3.0/build.rs:51:13:\n"
        "  Unsupported CUDA version 11.2 < 12.0\n"
    )
    key, fix = first(text)
    assert key == "build-cuda-toolkit-too-old" and "cargo" in fix and "toolkitpath" in fix
    key, fix = first("-- Found CUDAToolkit 10.2\nCMake Error at CMakeLists.txt:20 (message):\n"
                     "  CUDA 11.0 or newer is required")  # fmt: skip
    assert key == "build-cuda-toolkit-too-old" and "cargo" not in fix
    # a runtime message with the same words but no build keeps another answer
    key, _ = first("RuntimeError: this model needs a GPU; CUDA 11.8 or newer is required at runtime")
    assert key != "build-cuda-toolkit-too-old"


def test_cc_crate_reports_only_nvccs_exit_status() -> None:
    windows = (
        'error occurred: Command "nvcc" "-ccbin=C:\\\\VS\\\\VC\\\\Tools\\\\MSVC\\\\14.38\\\\bin\\\\'
        'HostX64\\\\x64\\\\cl.exe" '
        '"-Xcompiler" "-nologo" "-o" "D:\\\\src\\\\target\\\\out\\\\ntt.o" "-c" "cuda/ntt.cu" with args "nvcc" '
        "did not execute successfully (status code exit code: 2)."
    )
    key, fix = first(windows)
    assert key == "build-cc-rs-nvcc-failed" and "Windows" in fix and "WSL2" in fix
    linux = (
        '  error occurred in cc-rs: command did not execute successfully (status code exit status: 1): LC_ALL="C" '
        '"nvcc" "-O3" "-arch=sm_80" "-o" "/t/out/msm.o" "-c" "cuda/msm.cu"'
    )
    key, fix = first(linux)
    assert key == "build-cc-rs-nvcc-failed" and "cargo build -vv" in fix and "WSL2" not in fix
    # nvcc's own error above it is the answer
    key, _ = first("nvcc fatal   : Unsupported gpu architecture 'compute_120'\n" + linux)
    assert key == "build-nvcc-arch-unsupported"
    # the cc crate failing on the C compiler is not nvcc's
    key, _ = first('error occurred: Command "cc" "-O0" "-c" "src/a.c" with args "cc" did not execute successfully '
                   "(status code exit status: 1).")  # fmt: skip
    assert key != "build-cc-rs-nvcc-failed"


def test_opencl_buffer_over_max_alloc() -> None:
    key, fix = first(
        "device: GeForce RTX 3080, global memory 10240 MB, max_mem_alloc_size: 2560 MB\n"
        "creating table buffer of 3000000000 bytes\n"
        "pyopencl._cl.MemoryError: clEnqueueNDRangeKernel failed: MEM_OBJECT_ALLOCATION_FAILURE"
    )
    assert key == "opencl-buffer-over-max-alloc" and "global work size" in fix
    key, fix = first("clCreateBuffer returned CL_INVALID_BUFFER_SIZE (-61) for the frame buffer")
    assert key == "opencl-buffer-over-max-alloc" and "clinfo" in fix
    # a kernel that did not build stays the build row
    key, _ = first("clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)\ninput.cl:3:1: error: unknown type name")
    assert key != "opencl-buffer-over-max-alloc"


def test_ocl_platform_list_then_a_crash_is_the_platform() -> None:
    text = (
        "ERROR  could not start the GPU worker: OclCore(ApiWrapper(GetPlatformIdsPlatformListUnavailable(10)))\n"
        "panic: runtime error: invalid memory address or nil pointer dereference\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x7f]"
    )
    key, fix = first(text)
    assert key == "opencl-no-platform" and "because of it" in fix and "clinfo" in fix
    key, fix = first("thread 'main' panicked at src/gpu.rs:9:5:\nUnable to get platform id list after 10 seconds of "
                     "waiting.")  # fmt: skip
    assert key == "opencl-no-platform" and "because of it" not in fix
    # a Go nil-pointer crash alone keeps the crash answer
    key, _ = first("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV]")
    assert key != "opencl-no-platform"


def test_native_library_kernel_fault_names_its_source() -> None:
    key, fix = first("GpuQueryError: CUDA error at: /src/cpp/join/hash_join.cu:212: cudaErrorLaunchFailure "
                     "unspecified launch failure")  # fmt: skip
    assert key == "torch-gpu-fault" and "CUDA major" in fix
    # torch's own message keeps the generic fix
    key, fix = first("RuntimeError: CUDA error: unspecified launch failure")
    assert key == "torch-gpu-fault" and "CUDA major" not in fix


def test_julia_kernel_fault_points_at_the_compiler_release() -> None:
    text = (
        "ERROR: CUDA error: an illegal memory access was encountered (code 700, ERROR_ILLEGAL_ADDRESS)\n"
        "Stacktrace:\n  [1] throw_api_error(res::CUDA.cudaError_enum)\n"
        "    @ CUDA ~/.julia/packages/CUDA/abcde/lib/cudadrv/libcuda.jl:27\n  [2] synchronize\n"
    )
    key, fix = first(text)
    assert key == "illegal-memory-access" and "Julia" in fix and "check-bounds" in fix
    key, fix = first("RuntimeError: CUDA error: an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "Julia" not in fix


def test_nvml_missing_with_a_driver_too_old() -> None:
    key, fix = first("duckdb gpu extension: driver older than 580 for the CUDA 13 build\n"
                     "NVML not available: failed to load libnvidia-ml.so.1")  # fmt: skip
    assert key == "driver-library-missing" and "cudaErrorInsufficientDriver" in fix
    key, fix = first("warning: failed to load libnvidia-ml.so.1 (no such file)")
    assert key == "driver-library-missing" and "cudaErrorInsufficientDriver" not in fix


def test_rust_foreign_exception_in_a_gpu_program() -> None:
    text = (
        "INFO gpu prover: starting local CUDA prover container\n"
        "fatal runtime error: Rust cannot catch foreign exceptions\n"
        "thread 'main' panicked at src/client.rs:80:10:\n"
        "called `Result::unwrap()` on an `Err` value: reqwest::Error { kind: Request, source: hyper::Error("
        'Connect, ConnectError("tcp connect error", Os { code: 111, kind: ConnectionRefused, message: '
        '"Connection refused" })) }'
    )
    key, fix = first(text)
    assert key == "rust-foreign-exception-gpu" and "docker logs" in fix and "compute_cap" in fix
    # without any GPU in the text, not this family
    key, _ = first("fatal runtime error: Rust cannot catch foreign exceptions\nAborted (core dumped)")
    assert key != "rust-foreign-exception-gpu"
