"""`explain`, round forty-three (issue 36): AMD ROCm's own libraries and its HIP toolchain. rocBLAS / Tensile without
kernels for the GPU's gfx target, MIOpen's run-time kernel builds, databases and convolutions without a solver,
hipBLASLt on an unsupported GPU, HIP clang that cannot find ROCm, hipcc failing CMake's compiler check and LLVM's
AMDGPU back-end crash are each answered in ROCm's words (gfx targets, HSA_OVERRIDE_GFX_VERSION, MIOpen's variables),
even where a native abort or torch's miopenStatus follows. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_rocblas_without_tensile_kernels_for_the_gfx() -> None:
    for text in (
        "rocBLAS error: Cannot read /opt/rocm-6.0.2/lib/rocblas/library/TensileLibrary.dat: No such file or "
        "directory\nAborted (core dumped)",
        "python train.py\nError: TensileLibrary.dat not found\n",
        "rocBLAS error: Could not load /usr/lib/rocblas/library/TensileLibrary_lazy_gfx1012.dat\nSegmentation fault",
        "rocBLAS warning: No paths matched /opt/rocm/lib/rocblas/library/*gfx1035*co. Make sure that "
        "ROCBLAS_TENSILE_LIBPATH is set correctly.\nFatal Python error: Aborted",
    ):
        key, fix = first(text)
        assert key == "rocm-rocblas-no-tensile-arch", text
        assert "HSA_OVERRIDE_GFX_VERSION" in fix and "sm_" not in fix, text
    # the text's gfx picks the nearest supported target
    assert "10.3.0" in first("rocBLAS error: Could not load TensileLibrary_lazy_gfx1032.dat\nAborted")[1]
    assert "11.0.0" in first("rocBLAS error: Cannot read TensileLibrary.dat: Illegal seek (gfx1102)\nAborted")[1]
    assert "gfx1010" in first("Radeon RX 5700 XT gfx1010\nError: TensileLibrary.dat not found")[1]
    # near miss: a plain abort without rocBLAS's line stays a native crash
    assert first("free(): invalid pointer\nAborted (core dumped)")[0] != "rocm-rocblas-no-tensile-arch"


def test_miopen_kernel_builds_and_databases() -> None:
    old = (
        "MIOpen(HIP): Error [SetIsaName] 'amd_comgr_action_info_set_isa_name(handle, isa.c_str())' "
        "amdgcn-amd-amdhsa--gfx803: INVALID_ARGUMENT (2)\nMIOpen Error: src/hipoc/hipoc_program.cpp:300: Code object "
        'build failed. Source: MIOpenCol2Im2d.cl\nTraceback (most recent call last):\n  File "x.py", line 3\n'
        "RuntimeError: miopenStatusUnknownError"
    )
    key, fix = first(old)
    assert key == "rocm-miopen-kernel-build" and "older ROCm" in fix and "gfx803" in fix
    hiprtc = (
        "MIOpen(HIP): Error [Compile] 'hiprtcCompileProgram(prog.get(), c_options.size(), c_options.data())' "
        "conv_ck.cpp: HIPRTC_ERROR_COMPILATION (6)\nRuntimeError: miopenStatusUnknownError"
    )
    key, fix = first(hiprtc)
    assert key == "rocm-miopen-kernel-build" and "MIOPEN_LOG_LEVEL" in fix and "dropped target" in fix
    db = (
        "MIOpen(HIP): Error [FindSolution] /home/me/.config/miopen/gfx90a68.ukdb: Invalid database\n"
        "RuntimeError: miopenStatusInternalError"
    )
    key, fix = first(db)
    assert key == "rocm-miopen-database" and "MIOPEN_USER_DB_PATH" in fix and "MIOPEN_CUSTOM_CACHE_DIR" in fix
    # near miss: the system database warning alone (performance only) is not a database failure
    warn = (
        "MIOpen(HIP): Warning [SQLiteBase] Unable to read system database file:/opt/rocm/share/miopen/db/"
        "gfx1030_30.kdb Performance may degrade\nepoch 1 loss 0.31"
    )
    assert first(warn)[0] not in {"rocm-miopen-database", "rocm-miopen-kernel-build", "rocm-miopen-conv-no-solver"}


def test_miopen_convolutions_without_a_solver() -> None:
    plain = (
        "MIOpen Error: /src/MIOpen/src/ocl/convolutionocl.cpp:402: Backward Data Convolution cannot be executed due "
        "to incorrect params\nRuntimeError: miopenStatusUnknownError"
    )
    key, fix = first(plain)
    assert key == "rocm-miopen-conv-no-solver" and "MIOPEN_FIND_MODE" in fix and "cudnn.enabled = False" in fix
    assert "MIOPEN_USER_DB_PATH" not in fix
    with_db = (
        "MIOpen(HIP): Warning [FindFwd] /MIOpen/src/sqlite_db.cpp:99: open memvfs: unable to open database file\n"
        + plain
    )
    key, fix = first(with_db)
    assert key == "rocm-miopen-conv-no-solver" and "MIOPEN_USER_DB_PATH" in fix


def test_hipblaslt_on_an_unsupported_gpu() -> None:
    for text in (
        "RuntimeError: Attempting to use hipBLASLt on a unsupported architecture!",
        "!!! Exception during processing !!! Attempting to use hipBLASLt on an unsupported architecture!\n"
        'Traceback (most recent call last):\n  File "node.py", line 9, in run\n    y = self.linear(x)\n...',
    ):
        key, fix = first(text)
        assert key == "rocm-hipblaslt-unsupported-arch", text
        assert "TORCH_BLAS_PREFER_HIPBLASLT=0" in fix and "preferred_blas_library" in fix
    # near miss: newer torch's warning that falls back to hipBLAS by itself is only a warning
    fallback = (
        "UserWarning: Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas"
    )
    assert first(fallback)[0] != "rocm-hipblaslt-unsupported-arch"


def test_hip_toolchain_failures() -> None:
    for text in (
        "clang++: error: cannot find HIP runtime; provide its path via '--rocm-path', or pass '-nogpuinc' to build "
        "without HIP runtime",
        "clang: error: cannot find ROCm device library; provide its path via '--rocm-path' or "
        "'--rocm-device-lib-path', or pass '-nogpulib' to build without ROCm device library",
    ):
        key, fix = first(text)
        assert key == "hip-clang-cannot-find-rocm" and "--rocm-path" in fix and "ROCM_PATH" in fix, text
    check = (
        "-- Check for working CXX compiler: /opt/rocm-5.7.1/bin/amdclang++ - broken\nCMake Error at "
        "/usr/share/cmake/Modules/CMakeTestCXXCompiler.cmake:60 (message):\n  The C++ compiler\n\n"
        '    "/opt/rocm-5.7.1/bin/amdclang++"\n\n  is not able to compile a simple test program.\n'
    )
    key, fix = first(check)
    assert key == "hip-compiler-check-broken" and "rocm-llvm" in fix
    # near miss: the same CMake check with g++ is no HIP toolchain
    gcc = check.replace("/opt/rocm-5.7.1/bin/amdclang++", "/usr/bin/c++")
    assert first(gcc)[0] != "hip-compiler-check-broken"
    crash = (
        "LLVM ERROR: Cannot select: t7: i32 = AMDGPUISD::LDS t6\nIn function: my_kernel\n"
        "Target: amdgcn-amd-amdhsa\nclang++: error: clang frontend command failed with exit code 70"
    )
    key, fix = first(crash)
    assert key == "amdgpu-llvm-backend-crash" and "prebuilt" in fix
    # near miss: an x86 back-end crash names no AMD GPU
    assert first("LLVM ERROR: Cannot select: t3: i64 = X86ISD::FOO\nIn function: main")[0] != (
        "amdgpu-llvm-backend-crash"
    )


def test_hip_binary_without_a_code_object_for_the_gpu() -> None:
    key, fix = first("hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\nAborted")
    assert key == "torch-invalid-device-function" and "HSA_OVERRIDE_GFX_VERSION" in fix and "sm_" not in fix
