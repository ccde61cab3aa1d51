"""`explain`, round twenty-seven (issue 36, helper v27cuda): hand-written CUDA C / C++ programs and libraries. Source a
newer toolkit no longer compiles (texture references, CUDA 13's cudaDeviceProp), intrinsics of another CUDA generation
or architecture, CUDA syntax reaching the host compiler, nvcc's internal errors and its harmless warning on defaulted
functions, CMake's CUDA:: targets and FindCUDA under CMP0146, Thrust / CUB under CUDA 13's include/cccl, template
instantiations the linker cannot find, an NVRTC compile log above the failed kernel load, a bare error number 700,
kernels of a hand-built program or of OpenCV without this GPU's architecture, a native capture invalidated by an
earlier call, and a crash inside the driver's libcuda. The texts are written for these tests; near misses keep their
other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_texture_references_removed_in_cuda_12() -> None:
    for text in (
        "kernels/interp.cu(61): error: texture is not a template\n\nkernels/interp.cu(140): error: identifier "
        '"cudaBindTexture" is undefined',
        'warp.cu(12): error: identifier "cudaUnbindTexture" is undefined',
        "src/lut.cu(8): error: surface is not a template",
    ):
        key, fix = first(text)
        assert key == "build-cuda12-texture-reference-removed", text
        assert "cudaTextureObject_t" in fix and "CUDA 11.x" in fix, text
    # an old CUB copied into the project: the toolkit's CUB
    key, fix = first(
        "third_party/cub/iterator/tex_ref_input_iterator.cuh(88): error: texture is not a template\n"
        'third_party/cub/iterator/tex_ref_input_iterator.cuh(100): error: identifier "cudaBindTexture" is undefined'
    )
    assert key == "build-cuda12-texture-reference-removed" and "vendor" in fix
    # near miss: a texture object the code reads with the wrong types is no removed API
    text = 'render.cu(77): error: no instance of overloaded function "tex2D" matches the argument list'
    assert first(text)[0] != "build-cuda12-texture-reference-removed"


def test_cuda_13_removed_device_properties() -> None:
    for text in (
        'deviceinfo.cu(20): error: class "cudaDeviceProp" has no member "memoryClockRate"',
        "query.cpp:14:25: error: \u2018struct cudaDeviceProp\u2019 has no member named \u2018clockRate\u2019",
        'um.cu(33): error: no suitable constructor exists to convert from "int" to "cudaMemLocation"',
    ):
        key, fix = first(text)
        assert key == "build-cuda13-removed-api", text
        assert "cudaDeviceGetAttribute" in fix and "CUDA 12.x" in fix, text
    # near miss: a field newer than an old toolkit is not one CUDA 13 removed
    text = 'props.cu(9): error: class "cudaDeviceProp" has no member "persistingL2CacheMaxSize"'
    assert first(text)[0] != "build-cuda13-removed-api"


def test_intrinsics_of_another_cuda_generation_or_architecture() -> None:
    # the masked warp intrinsics with a toolkit older than CUDA 9
    key, fix = first(
        'lib/scan.cu(210): error: identifier "__ballot_sync" is undefined\n\n'
        'lib/scan.cu(233): error: identifier "__syncwarp" is undefined'
    )
    assert key == "build-cuda-intrinsic-undefined" and "CUDA 9 or newer" in fix
    # the unmasked ones compiled for Volta and later
    key, fix = first(
        'nvcc -gencode=arch=compute_80,code=sm_80 -c spmv.cu\nspmv.cu(51): error: identifier "__shfl_down" is undefined'
    )
    assert key == "build-cuda-intrinsic-undefined" and "__shfl_down_sync(0xffffffff" in fix
    # ... and for an architecture before Kepler (an old toolkit's sm_20)
    key, fix = first('nvcc -arch=sm_20 -c reduce.cu\nreduce.cu(19): error: identifier "__shfl_xor" is undefined')
    assert key == "build-cuda-intrinsic-undefined" and "compute capability 2.x" in fix
    # an intrinsic that exists only from an architecture on
    key, fix = first('hash.cu(77): error: identifier "__funnelshift_r" is undefined')
    assert key == "build-cuda-intrinsic-undefined" and "CMAKE_CUDA_ARCHITECTURES" in fix and "sm_32" in fix
    # near misses: HIP's compiler, and an undefined identifier of the project's own
    assert first("hipcc -c reduce.hip\nreduce.hip:12:9: error: use of undeclared identifier '__shfl_down'")[0] != (
        "build-cuda-intrinsic-undefined"
    )
    assert first('solver.cu(12): error: identifier "my_helper" is undefined')[0] != "build-cuda-intrinsic-undefined"


def test_nvrtc_compile_log_outranks_the_failed_kernel_load() -> None:
    text = (
        "nvrtcCompileProgram failed: NVRTC_ERROR_COMPILATION\n"
        'Program compile log: rotate.cu(40): error: identifier "__funnelshift_l" is undefined\n'
        '1 error detected in the compilation of "rotate.cu".\n'
        '[CUDA] Error gpu 1: <run_kernel>:120 "device kernel image is invalid"'
    )
    key, fix = first(text)
    assert key == "jit-nvrtc-compilation-error" and "no driver update" in fix and "sm_32" in fix
    assert "kern-kernel-image-invalid" not in [e.key for e in explain(text)]
    # near miss: the failed kernel load alone keeps its own row (and Triton's keeps Triton's fix)
    key, fix = first('CUDA_ERROR_INVALID_IMAGE: "device kernel image is invalid"')
    assert key == "kern-kernel-image-invalid"
    key, fix = first("RuntimeError: Triton Error [CUDA]: device kernel image is invalid")
    assert key == "kern-kernel-image-invalid" and "TRITON_PTXAS_PATH" in fix


def test_cuda_syntax_compiled_as_plain_cpp() -> None:
    for text in (
        "In file included from main.cpp:4:\nmylib/cuda/ops.hpp:120:12: error: expected primary-expression before "
        "'<' token\n  120 |   axpy_kernel<<<grid, block>>>(a, x, y, n);",
        "filter.h:9:1: error: \u2018__global__\u2019 does not name a type",
        "blur.cpp:31:13: error: \u2018threadIdx\u2019 was not declared in this scope",
    ):
        key, fix = first(text)
        assert key == "build-cuda-syntax-in-host-compiler", text
        assert "nvcc -x cu" in fix and "LANGUAGE CUDA" in fix, text
    # near miss: the same gcc message on a template's '<' with no kernel launch
    text = "vec.cpp:10:20: error: expected primary-expression before '<' token\n   10 |   x.template get<int>();"
    assert first(text)[0] != "build-cuda-syntax-in-host-compiler"


def test_nvcc_internal_errors() -> None:
    for text in (
        'include/tensor.hpp(88): internal error : assertion failed at: "/dvs/p4/build/sw/rel/gpu_drv/r470/'
        'drivers/compiler/edg/EDG_6.2/src/lower_il.c", line 10941',
        "nvcc error   : 'cicc' died due to signal 11 (Invalid memory reference)",
        'Error: Internal Compiler Error (codegen): "there was an error in verifying the lgenfe output!"',
    ):
        key, fix = first(text)
        assert key == "build-nvcc-internal-error", text
        assert "another CUDA toolkit" in fix, text
    # near miss: a compiler killed for memory is no compiler bug
    assert first("nvcc error   : 'cicc' died due to signal 9 (Kill signal)")[0] != "build-nvcc-internal-error"


def test_nvcc_warning_on_a_defaulted_function_is_harmless() -> None:
    text = (
        "/src/kokkos/core/View_Mapping.hpp(512): warning: __device__ annotation is\nignored on a function"
        '("ViewOffset") that is explicitly defaulted on its first declaration'
    )
    result = explain(text)
    assert result.outcome == "warnings-only" and result[0].key == "build-nvcc-defaulted-annotation-notice"
    # with a real error in the build, the warning is no answer
    text2 = (
        'a.cu(3): warning #20012-D: __host__ annotation is ignored on a function("A") that is explicitly defaulted '
        'on its first declaration\na.cu(9): error: identifier "__shfl_down_sync" is undefined'
    )
    assert first(text2)[0] == "build-cuda-intrinsic-undefined"


def test_cmake_cuda_imported_target_not_found() -> None:
    own = (
        'CMake Error at src/CMakeLists.txt:12 (target_link_libraries):\n  Target "fft_tool" links to:\n\n'
        "    CUDA::cufft\n\n  but the target was not found.  Possible reasons include:\n"
    )
    key, fix = first(own)
    assert key == "build-cmake-cuda-target-missing" and "find_package(CUDAToolkit REQUIRED)" in fix
    exported = (
        "CMake Error at /opt/lib/cmake/Solver/SolverTargets.cmake:70 (set_target_properties):\n  The link interface "
        'of target "Solver::solver" contains:\n\n    CUDA::cusparse\n\n  but the target was not found.'
    )
    key, fix = first(exported)
    assert key == "build-cmake-cuda-target-missing" and "before `find_package(<Pkg>)`" in fix
    older = (
        'Target "bench" links to target "CUDA::cudart" but the target was not found.  Perhaps a find_package() '
        "call is missing for an IMPORTED target, or an ALIAS target is missing?"
    )
    assert first(older)[0] == "build-cmake-cuda-target-missing"
    # near miss: another library's imported target
    text = 'Target "app" links to:\n\n    fmt::fmt\n\n  but the target was not found.'
    assert first(text)[0] != "build-cmake-cuda-target-missing"


def test_findcuda_refused_by_policy_cmp0146() -> None:
    text = (
        "CMake Error at /usr/share/cmake-3.30/Modules/FindCUDA.cmake:577 (message):\n  The FindCUDA module has been "
        "removed by policy CMP0146.\nCall Stack (most recent call first):\n  /opt/vendor/share/vendorConfig.cmake:40 "
        "(find_package)"
    )
    key, fix = first(text)
    assert key == "build-cmake-findcuda-command" and "cmake_policy(SET CMP0146 OLD)" in fix
    # near miss: the policy's developer warning stays a warning
    warning = (
        "CMake Warning (dev) at CMakeLists.txt:5 (find_package):\n  Policy CMP0146 is not set: The FindCUDA module "
        "is removed."
    )
    result = explain(warning)
    assert result and result[0].key == "build-cmake-policy-notice"


def test_thrust_not_found_points_at_cccl() -> None:
    text = (
        "CMake Error at /usr/share/cmake-3.31/Modules/FindPackageHandleStandardArgs.cmake:233 (message):\n"
        "  Could NOT find thrust (missing: THRUST_INCLUDE_DIR)\nCall Stack (most recent call first):\n"
        "  cmake/Findthrust.cmake:40 (find_package_handle_standard_args)"
    )
    key, fix = first(text)
    assert key == "build-cmake-library-not-found" and "include/cccl" in fix
    key, fix = first("sort.cpp:3:10: fatal error: thrust/device_vector.h: No such file or directory")
    assert key == "build-header-not-found" and "include/cccl" in fix
    # near miss: another library's header keeps the project-header fix
    key, fix = first("main.cpp:2:10: fatal error: eigen3/Eigen/Dense: No such file or directory")
    assert "include/cccl" not in fix


def test_undefined_reference_to_a_template_instantiation() -> None:
    for text in (
        "main.cu.o: In function `main':\ntmpxft_00001_main.cudafe1.cpp:(.text+0x88): undefined reference to "
        "`float gpu::reduce<float, gpu::sum>(float const*, int, gpu::sum)'\ncollect2: error: ld returned 1 exit "
        "status",
        "app.o\uff1a\u5728\u51fd\u6570\u2018main\u2019\u4e2d\uff1a\napp.cpp:(.text+0x1a)\uff1a\u5bf9\u2018void "
        "algo::sort<int>(int*, int)\u2019\u672a\u5b9a\u4e49\u7684\u5f15\u7528",
    ):
        key, fix = first(text)
        assert key == "build-template-undefined-reference", text
        assert "explicit instantiation" in fix, text
    # near misses: a CUDA runtime call (a library missing from the link), a libtorch symbol, an operator
    assert first("main.cpp:(.text+0x2a): undefined reference to `cudaMalloc'")[0] == "build-cuda-link-error"
    text = "m.cpp:(.text+0x9): undefined reference to `c10::detail::torchCheckFail<int>(char const*)'"
    assert first(text)[0] == "build-libtorch-link-error"
    text = "v.o: undefined reference to `operator<<(std::ostream&, Vec const&)'"
    assert first(text)[0] != "build-template-undefined-reference"


def test_a_bare_error_code_700_is_an_illegal_access() -> None:
    text = "Launching deconvolution\nError code: 700\nptr_: 140233\nError code: 700\n!!Error: CUFFT plan failed"
    key, fix = first(text)
    assert key == "illegal-memory-access" and "compute-sanitizer ./program" in fix and "sticky" in fix
    # near miss: another number on that line is not an illegal address
    assert first("Error code: 702\n")[0] != "illegal-memory-access"


def test_invalid_device_function_in_a_hand_built_program_or_opencv() -> None:
    text = (
        "$ nvcc sort.cu -o a.out\n$ ./a.out\nERROR: invalid device function\nterminate called after throwing an "
        "instance of 'thrust::system::system_error'\n  what():  after sort: invalid device function"
    )
    key, fix = first(text)
    assert key == "torch-invalid-device-function" and "-gencode" in fix and "TORCH_CUDA_ARCH_LIST" not in fix
    text = (
        "terminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.8.0) /build/opencv_"
        "contrib/modules/cudaoptflow/src/farneback.cpp:120: error: (-217:Gpu API call) invalid device function in "
        "function 'call'"
    )
    key, fix = first(text)
    assert key == "torch-invalid-device-function" and "CUDA_ARCH_BIN" in fix
    text = (
        "cv2.error: OpenCV(4.9.0) /io/opencv_contrib/modules/cudev/include/opencv2/cudev/grid/detail/transform.hpp:"
        "312: error: (-217:Gpu API call) no kernel image is available for execution on the device in function 'call'"
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "CUDA_ARCH_BIN" in fix
    # near miss: a library that uses Thrust (RMM) is no hand-built program
    key, fix = first(
        "terminate called after throwing an instance of 'thrust::system::system_error'\n  what():  "
        "rmm_allocator::allocate(): RMM_ALLOC: invalid device function"
    )
    assert key == "torch-invalid-device-function" and "cuobjdump" not in fix


def test_an_invalidated_capture_in_a_native_program() -> None:
    text = (
        "terminate called after throwing an instance of 'std::runtime_error'\n  what():  graph.cpp:88 operation "
        "failed due to a previous error during capture (cudaErrorStreamCaptureInvalidated)"
    )
    key, fix = first(text)
    assert key == "cudagraph-capture-conflict" and "cuSOLVER" in fix and "before the capture" in fix
    # near miss: torch's capture keeps torch's advice
    key, fix = first(
        '  File "train.py", line 40, in <module>\n    g.capture_end()\nRuntimeError: CUDA error: operation '
        "failed due to a previous error during capture"
    )
    assert key == "cudagraph-capture-conflict" and "torch.cuda.graph" in fix


def test_a_crash_inside_the_driver_library() -> None:
    for text in (
        "Segmentation fault (core dumped)\n           Stack trace of thread 4410:\n"
        "                #0  0x00007f2a1c2d40e8 n/a (libcuda.so.1)\n"
        "                #1  0x00007f2a1c3890f1 n/a (libcuda.so.1)",
        'Thread 1 "probe" received signal SIGSEGV, Segmentation fault.\n'
        "#0  0x00007ffff5a1b2c3 in ?? () from /usr/lib/x86_64-linux-gnu/libcuda.so.1\n"
        "#1  0x00007ffff5a2c4d5 in cuInit () from /usr/lib/x86_64-linux-gnu/libcuda.so.1",
    ):
        key, fix = first(text)
        assert key == "native-crash" and "Driver/library version mismatch" in fix, text
    # near misses: a stack through another library keeps the generic backtrace reading, and so does a crash in the
    # program's own code that only has the driver far below it
    text = "Segmentation fault (core dumped)\n#0  0x00007f00deadbeef in foo () from /opt/app/libfoo.so"
    key, fix = first(text)
    assert key == "native-crash" and "libcuda" not in fix
    text = "Segmentation fault (core dumped)\n" + "".join(
        f"#{i}  0x00007f00dead{i:04x} in step{i} () from /opt/app/libapp.so\n" for i in range(6)
    )
    text += "#6  0x00007f00beef0001 in ?? () from /usr/lib/x86_64-linux-gnu/libcuda.so.1\n"
    key, fix = first(text)
    assert key == "native-crash" and "Driver/library version mismatch" not in fix
