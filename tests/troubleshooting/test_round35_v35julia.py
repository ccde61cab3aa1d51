"""`explain`, round thirty-five (issue 36): Julia's GPU stack (CUDA.jl, GPUArrays, GPUCompiler and the packages on
them) in its own words. Scalar indexing of a GPU array (an error in a script, a notice in the REPL), GPUCompiler's
InvalidIRError and non-isbits kernel arguments, a CPU routine given a GPU array, GPUArrays' backend lookup of a
wrapper type, a CuArray constructor given another shape or element type, and a DimensionMismatch where GPU arrays
reach a CPU-only library get Julia's fixes (broadcasting, `cu` / `adapt`, Float32, `@device_code_warntype`, `] up`),
never torch's or pip's. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

_NOT_PYTHON = ("pip install", "pip list", "torch.cuda")


def _julia(fix: str) -> None:
    assert not any(w in fix for w in _NOT_PYTHON), fix


def test_scalar_indexing_in_its_own_words() -> None:
    script = (
        "julia> run_model(sim)\nERROR: Scalar indexing is disallowed.\nInvocation of setindex! resulted in scalar "
        "indexing of a GPU array.\nThis is typically caused by calling an iterating implementation of a method.\n"
        "Stacktrace:\n [1] error(s::String)\n   @ Base ./error.jl:35\n [2] errorscalar(op::String)\n"
        "   @ GPUArraysCore ~/.julia/packages/GPUArraysCore/xYz12/src/GPUArraysCore.jl:151\n"
        " [3] setindex!\n   @ GPUArrays ~/.julia/packages/GPUArrays/q1w2e/src/host/indexing.jl:58\n"
        " [4] step_physics!(col::Column)\n   @ WeatherModel ~/.julia/packages/WeatherModel/a1b2c/src/physics.jl:88\n"
    )
    key, fix = first(script)
    assert key == "julia-gpu-scalar-indexing" and "package" in fix and "CPU" in fix and "] up" in fix, fix
    _julia(fix)
    # a package developed in place (no .julia/packages path): its "@ Module" frame line still names it
    dev = script.replace("~/.julia/packages/WeatherModel/a1b2c/src", "~/dev/WeatherModel/src")
    assert "no GPU port" in first(dev)[1]
    # frames of the GPU stack and Base only: the general fix
    assert "no GPU port" not in first(script.split(" [4]")[0])[1]
    # the paste without a stack trace: the general fix (broadcasting, or the package's path)
    key, fix = first("ERROR: Scalar indexing is disallowed.\nInvocation of getindex resulted in scalar indexing")
    assert key == "julia-gpu-scalar-indexing" and "broadcast" in fix and "allowscalar" in fix
    # old CuArrays' wording
    assert first("ERROR: scalar getindex is disallowed")[0] == "julia-gpu-scalar-indexing"
    # near miss: the REPL's warning (a logging box) is a notice, not the error
    key, _ = first(
        "┌ Warning: Performing scalar indexing on task Task (runnable) @0x00007f1234567890.\n│ Invocation of "
        "getindex resulted in scalar indexing of a GPU array.\n└ @ GPUArrays ~/.julia/packages/GPUArrays/abc/src/"
        "host/indexing.jl:56"
    )
    assert key == "julia-gpu-scalar-indexing-warning"


def test_invalid_ir_in_its_own_words() -> None:
    tuple_index = (
        "ERROR: InvalidIRError: compiling MethodInstance for flux_kernel!(::CuDeviceArray{Float32, 3, 1}, "
        "::Tuple{typeof(bc_wall), BoundaryPeriodic}) resulted in invalid LLVM IR\nReason: unsupported call to an "
        "unknown function (call to ijl_get_nth_field_checked)\nStacktrace:\n [1] getindex\n   @ ./tuple.jl:31\n"
        "Reason: unsupported dynamic function invocation\n"
    )
    key, fix = first(tuple_index)
    assert key == "julia-gpu-kernel-invalid-ir" and "Val(i)" in fix and "device_code_warntype" in fix
    _julia(fix)
    key, fix = first(
        "ERROR: InvalidIRError: compiling MethodInstance for k(::CuDeviceVector{Float32, 1}) resulted in invalid "
        "LLVM IR\nReason: unsupported use of an undefined name (use of 'scal')\n"
    )
    assert key == "julia-gpu-kernel-invalid-ir" and "typo" in fix
    key, fix = first(
        "ERROR: InvalidIRError: compiling MethodInstance for k(::CuDeviceVector{Float32, 1}, ::Any) resulted in "
        "invalid LLVM IR\nReason: unsupported dynamic function invocation (call to +)\n"
    )
    assert key == "julia-gpu-kernel-invalid-ir" and "const" in fix and "@device_code_warntype" in fix


def test_non_isbits_kernel_argument_in_its_own_words() -> None:
    for text in (
        "ERROR: GPU compilation of MethodInstance for kern!(::CuDeviceVector{Float32, 1}, ::Matrix{Float64}) "
        "failed\nKernelError: passing and using non-bitstype argument\n\nArgument 3 to your kernel function is of "
        "type Matrix{Float64}, which is not isbits",
        # the header cut before its reason: a host Array in the kernel's signature
        "ERROR: GPU compilation of MethodInstance for Solver.interp_kernel!(::Array{Float32, 4}, "
        "::CuDeviceVector{Float32, 1}, :...",
    ):
        key, fix = first(text)
        assert key == "julia-gpu-kernel-non-isbits-argument" and "adapt" in fix and "cu(x)" in fix, text
        _julia(fix)
    # near miss: a device array in the signature and an InvalidIRError is the IR row
    key, _ = first(
        "ERROR: InvalidIRError: compiling MethodInstance for kern!(::CuDeviceVector{Float32, 1}) resulted in "
        "invalid LLVM IR\nReason: unsupported call to the Julia runtime (call to jl_f_tuple)"
    )
    assert key == "julia-gpu-kernel-invalid-ir"


def test_cpu_address_of_gpu_array_in_its_own_words() -> None:
    key, fix = first(
        "ERROR: ArgumentError: cannot take the CPU address of a CuArray{Float32, 2, CUDA.Mem.DeviceBuffer}\n"
        "Stacktrace:\n [1] unsafe_convert\n   @ ~/.julia/packages/CUDA/abcde/src/array.jl:370\n [2] gemm!(...)\n"
        "   @ LinearAlgebra.BLAS /opt/julia/share/julia/stdlib/v1.9/LinearAlgebra/src/blas.jl:1524"
    )
    assert key == "julia-cpu-routine-given-gpu-array" and "similar(x" in fix and "cu(x)" in fix
    _julia(fix)
    key, fix = first("ArgumentError: cannot take the CPU address of a CuArrays.CuArray{Float32,1,Nothing}")
    assert key == "julia-cpu-routine-given-gpu-array" and "CuArrays" in fix
    # near miss: torch's device mismatch keeps its own row
    key, _ = first("RuntimeError: Expected all tensors to be on the same device, but found at least two devices")
    assert key == "device-mismatch"


def test_backend_lookup_in_its_own_words() -> None:
    key, fix = first(
        "ERROR: This object is not a GPU array\nStacktrace:\n  [1] error(s::String)\n    @ Base ./error.jl:35\n"
        "  [2] backend(::Type)\n    @ GPUArraysCore ~/.julia/packages/GPUArraysCore/x/src/GPUArraysCore.jl:220\n"
        "  [3] backend(x::ComponentArrays.ComponentVector{Float32, CuArray{Float32, 1, CUDA.Mem.DeviceBuffer}})\n"
    )
    assert key == "julia-gpuarrays-backend-not-found" and "ComponentArrays" in fix and "] up" in fix
    _julia(fix)
    key, fix = first("ERROR: This object is not a GPU array\n [2] backend(x::OffsetArrays.OffsetVector{Float32})")
    assert key == "julia-gpuarrays-backend-not-found" and "parent(x)" in fix


def test_cuarray_constructor_method_error_in_its_own_words() -> None:
    key, fix = first(
        "ERROR: MethodError: no method matching CuArray{Float64, 1, CUDA.DeviceMemory}(::Matrix{Float64})\n"
        "Closest candidates are:\n  CuArray{T, N, M}(::UndefInitializer, ::Tuple{Vararg{Int64, N}})"
    )
    assert key == "julia-cuarray-constructor-method-error" and "Float32" in fix
    _julia(fix)
    key, fix = first("ERROR: MethodError: no method matching CuArray{Float32, 2, CUDA.DeviceMemory}(::Vector{Int64})")
    assert key == "julia-cuarray-constructor-method-error" and "shape" in fix
    # near miss: a MethodError of another function stays off this row
    key, _ = first("ERROR: MethodError: no method matching solve(::ODEProblem{Float32}, ::Int64)")
    assert key != "julia-cuarray-constructor-method-error"


def test_dimension_mismatch_with_gpu_arrays() -> None:
    key, fix = first(
        'ERROR: DimensionMismatch("array could not be broadcast to match destination")\nStacktrace:\n  [1] '
        '(::HCubature.var"#3#4"{CuArray{Float64, 1, CUDA.Mem.DeviceBuffer}})(x::Vector{Float64})\n'
    )
    assert key == "julia-dimension-mismatch-gpu-arrays" and "sampling- or grid-based" in fix
    _julia(fix)
    key, fix = first(
        "ERROR: DimensionMismatch: arrays could not be broadcast to a common size; got a dimension with lengths 3 "
        "and 4\n  [1] loss(p::CuArray{Float32, 1, CUDA.DeviceMemory})"
    )
    assert key == "julia-dimension-mismatch-gpu-arrays" and "size.(" in fix
    # near miss: a DimensionMismatch with no GPU array in the text is no GPU failure
    key, _ = first('ERROR: DimensionMismatch("matrix A has dimensions (3,4), matrix B has dimensions (5,6)")')
    assert key != "julia-dimension-mismatch-gpu-arrays"
