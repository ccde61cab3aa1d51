"""Julia's GPU stack in its own words (issue 36, round thirty-five): CUDA.jl, GPUArrays / GPUArraysCore, GPUCompiler
and the packages built on them (KernelAbstractions, Flux / Lux, SciML's NeuralPDE / DiffEqFlux / SciMLSensitivity,
SpeedyWeather, Trixi). GPUArraysCore's scalar-indexing guard ("Scalar indexing is disallowed.", older CuArrays:
"scalar getindex is disallowed"), GPUCompiler's refusals to compile a kernel (InvalidIRError's "resulted in invalid
LLVM IR" with its "Reason: unsupported ..." lines; KernelError's "passing and using non-bitstype argument" under "GPU
compilation of ... failed"), CUDA.jl's "cannot take the CPU address of a CuArray" (a CPU routine such as BLAS given a
GPU array), GPUArraysCore's backend lookup of an array type that is no GPU array ("This object is not a GPU array"),
Julia's MethodError for a CuArray constructor given a host array of another shape or element type, and a
DimensionMismatch in a trace that carries CuArrays (a CPU-only routine fed GPU arrays).

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); names,
types and sizes are read from the text, never written into a pattern. The fixes are Julia's: broadcasting or a
GPU-ported method instead of element loops, ``cu`` / ``adapt`` / Float32 element types, ``CUDA.@device_code_warntype``
for invalid IR, ``] status`` / ``] up`` for package versions, ``CUDA.versioninfo()``. Scalar indexing and arrays mixed
between host and device fail while running; InvalidIRError and a non-isbits kernel argument fail when GPUCompiler
compiles the kernel.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round35_v35julia.py")

#: Julia's GPU array types, of CUDA.jl (and old CuArrays.jl), AMDGPU.jl, Metal.jl, oneAPI.jl, OpenCL.jl
_GPU_ARRAY = r"\b(?:CuArray|CuDeviceArray|CuVector|CuMatrix|ROCArray|MtlArray|oneArray|CLArray)\{"
#: a stack-trace frame in an installed Julia package that is not the GPU stack itself (a solver, a model component,
#: an output writer): "@ Pkg ~/.julia/packages/Pkg/abcde/src/..." or "at /.../.julia/packages/Pkg/abcde/src/..."
_PACKAGE_FRAME = (
    r"[\\/]\.julia[\\/]packages[\\/](?!(?:GPUArrays|GPUArraysCore|CUDA|CuArrays|GPUCompiler|Adapt|LLVM"
    r"|KernelAbstractions|AMDGPU|Metal|oneAPI)[\\/])\w{2,60}[\\/]"
)
#: where a Julia package's versions are checked and updated (the fix of a package whose GPU path lags)
_PKG_VERSIONS = (
    "`] status` shows the installed versions (`] status --outdated` which are held back and by what); `] up` "
    "updates them together"
)


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "julia-gpu-scalar-indexing",
        "GPU scalar indexing is disallowed (GPUArrays / CUDA.jl): an element-by-element code path ran on a GPU array",
        r"\bScalar indexing is disallowed\b"
        r"|^(?![^\n]{0,6}[│┌└])[^\n]{0,40}Invocation of \S{1,80} resulted in scalar indexing of a GPU array"
        # CuArrays.jl / early GPUArrays: assertscalar's error("$op is disallowed") / ("$op is disabled")
        r"|\bscalar (?:getindex|setindex!) is (?:disallowed|disabled)\b",
        "A GPU array (CuArray, or a wrapper of one) was read or written one element at a time from the CPU: code "
        "that loops over its indices (`for i in eachindex(x); x[i]`), or a generic Base / library method that does "
        "so (an iterating fallback of sum, sort, reverse, show, a CPU-only routine), instead of a GPU kernel. "
        "GPUArraysCore forbids this outside the REPL because each access is a device-to-host copy; when the frames "
        "below GPUArrays in the stack trace are a package's (a solver, a model component, an output writer), that "
        "package's code path is not ported to GPU arrays for the options chosen.",
        "Find the first frame below GPUArrays' getindex / setindex! / assertscalar in the stack trace: that is the "
        "code that indexes element-wise. If it is your code, write it as broadcasting (`y .= f.(x)`), array "
        "functions that have GPU methods (`sum`, `mapreduce`, `findall`, `accumulate`) or a kernel (`@cuda` / "
        "KernelAbstractions), and copy a result you need on the CPU in one go (`Array(x)`). If it is a package's "
        "code, that part does not support the GPU in the installed version: update it (" + _PKG_VERSIONS + "; "
        "newer releases port more of it), check its documentation and issue tracker for GPU support of the "
        "option or component you picked (and choose one that has it), or run that part or the whole model on the "
        "CPU. `CUDA.allowscalar(true)` / `@allowscalar` only hide the error and make it crawl: use them to confirm "
        "the line, or around one deliberate single-element read.",
        variants=(
            Variant(
                # a frame's "@ Module file:line" line (Julia 1.6 and later) of a module that is not the GPU stack's,
                # Base's or the user's script's (Main)
                _PACKAGE_FRAME + r"|^\s{0,10}@ (?!(?:GPUArrays|GPUArraysCore|CUDA|GPUCompiler|KernelAbstractions|Base"
                r"|Core|Main|LinearAlgebra|Adapt|Broadcast)\b)[A-Z]\w{1,60} ",
                "inside a package's code path (its frames follow GPUArrays' in the stack trace)",
                "The element-wise access comes from an installed package's code (its frames follow GPUArrays' "
                "getindex in the stack trace), not yours: that solver option, model component or output step has no "
                "GPU port in the installed version. Update it (" + _PKG_VERSIONS + ") and check its documentation "
                "and issue tracker for GPU support of what you chose (a training strategy, a parameterization, an "
                "output variable); until then pick an option that supports the GPU, drop that component, or run "
                "that part or the whole model on the CPU (plain Arrays / the CPU architecture). "
                "`CUDA.allowscalar(true)` would only make it run very slowly.",
            ),
        ),
        weight=70,
        applies="Julia GPUArrays-based arrays (CUDA.jl CuArray, AMDGPU, Metal, oneAPI; old CuArrays.jl)",
        shown_by=(_test("test_scalar_indexing_in_its_own_words"),),
        example="ERROR: Scalar indexing is disallowed.\nInvocation of getindex resulted in scalar indexing of a GPU "
        "array.",
        example_source="JuliaGPU/GPUArrays.jl lib/GPUArraysCore/src/GPUArraysCore.jl (assertscalar's error)",
    ),
    KnownError(
        "julia-gpu-scalar-indexing-warning",
        "GPUArrays warned of scalar indexing in an interactive session ('Performing scalar indexing on task'): slow, "
        "not a failure",
        r"\bWarning: Performing scalar indexing(?: on task| operations)?\b"
        r"|\bPerforming scalar operations on GPU arrays: This is very slow\b",
        "In the REPL (an interactive session) GPUArraysCore allows element-by-element access to a GPU array but "
        "warns once: each access is a copy between device and host, so the code runs, very slowly. The same code "
        "run as a script (non-interactive) stops with 'Scalar indexing is disallowed'.",
        "Nothing failed. To make it fast (and to keep it working outside the REPL), find the element-wise access: "
        "run with `CUDA.allowscalar(false)` so it errors with a stack trace, then write that code as broadcasting "
        "or array functions with GPU methods, or copy the array to the host once (`Array(x)`) where you only "
        "display or inspect it (showing a CuArray element by element triggers it too).",
        severity="notice",
        weight=30,
        applies="Julia GPUArrays-based arrays in an interactive session",
        shown_by=(_test("test_scalar_indexing_in_its_own_words"),),
        example="┌ Warning: Performing scalar indexing on task Task (runnable) @0x00007f0000000000.\n│ Invocation of "
        "getindex resulted in scalar indexing of a GPU array.",
        example_source="JuliaGPU/GPUArrays.jl lib/GPUArraysCore/src/GPUArraysCore.jl (assertscalar's warning)",
    ),
    KnownError(
        "julia-gpu-kernel-invalid-ir",
        "A Julia GPU kernel did not compile: InvalidIRError (dynamic dispatch, a call to the Julia runtime, type "
        "instability in device code)",
        r"\bInvalidIRError: compiling\b|\bresulted in invalid LLVM IR\b"
        r"|^\s{0,8}Reason: unsupported (?:dynamic function invocation|call to (?:the Julia runtime|an unknown function"
        r"|an external C function|a lazy-initialized function)|use of an undefined name|call through a literal "
        r"pointer|use of double value)",
        "GPUCompiler compiles the kernel (a `@cuda` kernel, a KernelAbstractions kernel or a broadcast's) to GPU "
        "code, which cannot call into the Julia runtime: the 'Reason:' lines name what needed it. Usually the "
        "kernel's code is not type-stable, so a call cannot be resolved at compile time (a dynamic function "
        "invocation): a runtime index into a Tuple or NamedTuple whose entries have different types, a non-const "
        "global, a captured variable that changes type, a Union or abstract field; or the kernel calls what has no "
        "device version (allocating an Array, string interpolation, print, BigInt, a Float64-only routine on a GPU "
        "without it), or uses a name that is not defined.",
        "Read each 'Reason: unsupported ...' with the stack trace under it: its first frame in your code is the "
        "line. Inspect the kernel with `CUDA.@device_code_warntype interactive=true @cuda kernel(args...)` (or "
        "`@device_code_warntype` around the broadcast / KernelAbstractions launch) and remove every Any / Union: "
        "make globals `const` or pass them as arguments, give fields concrete types, index Tuples with "
        "compile-time constants (`Val`, `ntuple`, unrolled or `@generated` code) or dispatch outside the kernel, "
        "use isbits values (tuples, StaticArrays) instead of allocating arrays, `@cuprintln` instead of print, and "
        "`Float32` literals. `CUDA.versioninfo()` and `] status CUDA GPUCompiler` give the versions if it only "
        "fails on one release.",
        variants=(
            Variant(
                r"\bi?jl_get_nth_field(?:_checked|_noalloc)?\b|@ Base [^\n]{0,80}\b(?:namedtuple|tuple)\.jl:\d"
                r"|^\s{0,8}\[\d{1,3}\] getindex\n\s{0,8}@ Base [^\n]{0,40}(?:namedtuple|tuple)\.jl",
                "a runtime index into a Tuple / NamedTuple of different types (jl_get_nth_field)",
                "The kernel indexes a Tuple or NamedTuple whose entries have different types with an index known "
                "only at run time (the runtime call jl_get_nth_field_checked, under getindex of tuple.jl / "
                "namedtuple.jl): the element's type, and so the call made with it, cannot be resolved on the GPU. "
                "Give the kernel one concrete element: dispatch outside it (launch the kernel once per entry, "
                "passing that entry), or make the index a compile-time constant (`Val(i)`, "
                "`ntuple` / `Base.Cartesian.@nexprs` unrolling, an `@generated` function, `if`-branches per entry). "
                "Check with `CUDA.@device_code_warntype` that nothing is Any / Union.",
                strict=True,
            ),
            Variant(
                r"Reason: unsupported use of an undefined name|\bi?jl_(?:get_binding_or_error|undefined_var_error)\b",
                "an undefined name (a typo, or a global defined after the kernel)",
                "The kernel uses a name that is not defined where it was compiled (a typo, a variable of the caller "
                "the kernel cannot see, a global defined later): the 'use of an undefined name' line names it. Fix "
                "the name or pass the value as a kernel argument; then any 'dynamic function invocation' after it "
                "goes away too.",
                strict=True,
            ),
            Variant(
                r"Reason: unsupported use of double value",
                "Float64 on a GPU without double precision (Metal)",
                "The GPU has no Float64 (Apple's Metal): a Float64 literal, conversion or argument reached the "
                "kernel. Use Float32 throughout (`1f0` literals, `Float32.(x)`, `T(...)` with the array's eltype).",
                strict=True,
            ),
        ),
        weight=72,
        applies="Julia GPUCompiler-based kernels (CUDA.jl, AMDGPU, Metal, oneAPI, KernelAbstractions)",
        shown_by=(_test("test_invalid_ir_in_its_own_words"),),
        example="ERROR: InvalidIRError: compiling MethodInstance for kernel!(::CuDeviceVector{Float32, 1}, ::Int64) "
        "resulted in invalid LLVM IR\nReason: unsupported dynamic function invocation (call to f)",
        example_source="JuliaGPU/GPUCompiler.jl src/validation.jl (InvalidIRError's showerror)",
    ),
    KnownError(
        "julia-gpu-kernel-non-isbits-argument",
        "A Julia GPU kernel was given a non-isbits argument (a host Array, a mutable struct): 'passing and using "
        "non-bitstype argument'",
        r"\bKernelError: passing and using non-bitstype argument\b|\bPassing and using non-bitstype argument\b"
        r"|Argument \d{1,3} to your kernel function is of type [^\n]{1,300}, which is not isbits"
        # GPUCompiler's KernelError header, cut before its reason, whose signature shows a host Array argument
        r"|\bGPU compilation of (?:MethodInstance for )?[^\n]{0,400}?[(,] ?::(?:Base\.)?(?:Array|Vector|Matrix"
        r"|BitArray|BitVector|Dict|String)\b",
        "Kernel arguments are copied to the GPU by value, so each must be an isbits type; CUDA.jl converts "
        "CuArrays to CuDeviceArrays on launch, but a host Array (Array / Vector / Matrix), a mutable struct or a "
        "struct holding one of those cannot be passed: usually an array that is still on the CPU (built by a CPU "
        "constructor or cache, or never moved with `cu`), or a struct of arrays with no `Adapt.adapt_structure` "
        "method to convert its fields.",
        "Look at the argument the message names (or the `::Array{...}` in the kernel's signature): move that data "
        "to the GPU before the launch (`cu(x)` for Float32, `CuArray(x)` to keep the element type, `adapt(CuArray, "
        "s)`), build the object with the package's GPU constructor / GPU backend so its caches are CuArrays, and "
        "for your own struct of arrays define `Adapt.@adapt_structure MyType` so its fields are converted; keep "
        "element types consistent (Float32 on the GPU). Immutable structs of bits fields pass as they are.",
        weight=72,
        applies="Julia GPUCompiler-based kernels (CUDA.jl, AMDGPU, Metal, oneAPI, KernelAbstractions)",
        shown_by=(_test("test_non_isbits_kernel_argument_in_its_own_words"),),
        example="ERROR: GPU compilation of MethodInstance for kernel(::Vector{Float64}) failed\nKernelError: "
        "passing and using non-bitstype argument",
        example_source="JuliaGPU/GPUCompiler.jl src/validation.jl (check_invocation's KernelError)",
    ),
    KnownError(
        "julia-cpu-routine-given-gpu-array",
        "A CPU routine was given a GPU array ('cannot take the CPU address of a CuArray'): host and device arrays "
        "mixed",
        r"\bcannot take the CPU address of a\b",
        "A function that works on host memory (CPU BLAS such as gemm! behind `*`, a `ccall` into a C library, "
        "FFTW) asked for a CPU pointer to a GPU array. This happens when an operation mixes a host Array with a "
        "CuArray (one operand never moved to the GPU, or created inside the function with `zeros` / `Array`), so "
        "Julia's dispatch picks the CPU method, or when a CPU-only library is called with GPU arrays.",
        "Put every operand on one device: move the host one to the GPU (`cu(x)`, `x |> gpu` in Flux, "
        "`gpu_device()(x)` in Lux, `adapt(CuArray, x)`), and create arrays inside your functions on the input's "
        "device (`similar(x, dims)`, `fill!(similar(x), 0)`, `zero(x)`) instead of `zeros(...)`; `typeof` of each "
        "operand shows which is an Array. For a library that only works on the CPU, copy to the host (`Array(x)`) "
        "and back, or use its GPU-capable option. If a package made the host array (its frames in the stack "
        "trace), update it (" + _PKG_VERSIONS + ").",
        variants=(
            Variant(
                r"\bCuArrays\.CuArray\{|[\\/]packages[\\/]CuArrays[\\/]",
                "old CuArrays.jl",
                "A CPU routine got a CuArray (CuArrays.jl, the predecessor of CUDA.jl): an operation mixes a host "
                "Array with a CuArray, so the CPU method (BLAS gemm! for `*`) ran. Move every operand to the GPU "
                "(`cu(x)` / `x |> gpu`), including arrays the model creates itself (initial states, zeros, "
                "constants: create them with `similar(x, ...)` or on the input's device), and move from CuArrays to "
                "CUDA.jl with current package versions (" + _PKG_VERSIONS + "), where the same mix gives this "
                "error too.",
            ),
        ),
        weight=70,
        applies="Julia CUDA.jl (and CuArrays.jl, AMDGPU, Metal, oneAPI, OpenCL) arrays",
        shown_by=(_test("test_cpu_address_of_gpu_array_in_its_own_words"),),
        example="ERROR: ArgumentError: cannot take the CPU address of a CuArray{Float32, 2, CUDA.Mem.DeviceBuffer}",
        example_source="JuliaGPU/CUDA.jl src/array.jl (unsafe_convert to a Ptr)",
    ),
    KnownError(
        "julia-gpuarrays-backend-not-found",
        "GPUArrays found no GPU backend for an array type ('This object is not a GPU array'): a wrapper array "
        "over a GPU array, or a host array, in a GPU operation",
        r"\bThis object is not a GPU array\b"
        # KernelAbstractions' / GPUArrays' backend lookup with no method for the (wrapper) type (wording from memory)
        r"|\bMethodError: no method matching (?:get_)?backend\((?:::Type\{)?[^\n]{0,200}"
        r"(?:ComponentArray|ComponentVector|ComponentMatrix|SubArray|ReshapedArray|OffsetArray|PermutedDimsArray"
        r"|Adjoint|Transpose|\bArray\{)",
        "GPUArrays (broadcasting, `gpu_call`, a kernel launch) asked for the backend of an array type it does not "
        "know as a GPU array: a wrapper around a CuArray (ComponentArrays' ComponentVector, an OffsetArray, a "
        "custom struct) whose package version defines no forwarding of `backend` / the broadcast style for it, or a "
        "host Array mixed into a GPU operation. Most often the wrapper package and GPUArrays / CUDA.jl installed "
        "together are versions that do not support that combination.",
        "Check the versions (" + _PKG_VERSIONS + " ComponentArrays GPUArrays CUDA together) and use ones that "
        "support GPU-backed wrappers (the versions a tutorial lists in its environment); make sure the wrapper "
        "wraps a GPU array (`ComponentArray(cu(data), axes)`, or move the parameters with your framework's device "
        "helper, e.g. Lux's `gpu_device()`), or unwrap it for the GPU operation (`getdata(ca)` / `parent(x)`). "
        "A plain host Array among the arguments must be moved with `cu(x)`.",
        variants=(
            Variant(
                r"\bComponentArrays?\.Component(?:Vector|Array|Matrix)\b|\bComponent(?:Vector|Array|Matrix)\{",
                "a ComponentArray over a GPU array",
                "The array is a ComponentArrays wrapper (ComponentVector of a CuArray, e.g. Lux / SciML parameters) "
                "and the installed ComponentArrays / GPUArrays / CUDA.jl versions do not forward the GPU backend "
                "for it. Update them together (" + _PKG_VERSIONS + ", then `] status ComponentArrays GPUArrays "
                "CUDA Lux`) (or to the versions the example you follow names), and move the parameters with the "
                "framework's device helper (Lux: `ps |> gpu_device()` after `ComponentArray(ps)`); as a fallback "
                "work on `getdata(ps)` in the GPU operation.",
            ),
        ),
        weight=70,
        applies="Julia GPUArrays / GPUArraysCore (CUDA.jl) with wrapper array packages",
        shown_by=(_test("test_backend_lookup_in_its_own_words"),),
        example="ERROR: This object is not a GPU array\nStacktrace:\n [1] error(s::String)\n [2] backend(::Type)\n"
        "   @ GPUArrays ~/.julia/packages/GPUArrays/Abcde/src/device/execution.jl:15",
        example_source="JuliaGPU/GPUArrays.jl src/device/execution.jl and GPUArraysCore (backend's fallback)",
    ),
    KnownError(
        "julia-cuarray-constructor-method-error",
        "No CuArray constructor for a host array of another shape or element type (MethodError: no method "
        "matching CuArray{T, N, B}(::Matrix{...}))",
        r"\bMethodError: no method matching (?:CUDA\.)?Cu(?:Array|Vector|Matrix)\{[^\n]{0,200}\}\(::",
        "Code converted a host array to one fixed, concrete CuArray type (often the type of the model's "
        "parameters, `typeof(p)(x)` or `CuArray{T, N, B}(x)`, as libraries do to put data next to the "
        "parameters), and CuArray has no constructor for that combination: the host array has another number of "
        "dimensions (a Matrix for a 1-D CuArray type) or another element type (Float64 data for Float32 "
        "parameters, or the reverse) than the type asked for.",
        "Keep the element types and shapes consistent: on the GPU use Float32 throughout (`cu(x)` converts to "
        "Float32; `Float32.(data)`, and do not turn GPU parameters into Float64), and pass data with the shape the "
        "library expects. Move data with `cu` / `adapt(CuArray, x)` / your framework's device helper rather than a "
        "concrete CuArray{T, N, B} constructor. If a package's code makes the conversion (its frames in the stack "
        "trace), follow its current example's types, and update it (" + _PKG_VERSIONS + ").",
        variants=(
            Variant(
                r"no method matching (?:CUDA\.)?Cu(?:Array|Vector|Matrix)\{Float64\b",
                "a Float64 CuArray type asked for",
                "The type asked for is a Float64 CuArray (Float64 parameters on the GPU, e.g. after `Float64.(ps)` "
                "/ `f64`, or Float64 training data): GPU code is meant to be Float32. Keep the parameters and the "
                "data in Float32 (`cu(x)`, `Float32.(data)`, `1f0` literals; Lux: `f32`), and pass data in the "
                "shape the library expects; the library then builds CuArrays of the parameters' own type.",
            ),
        ),
        weight=66,
        applies="Julia CUDA.jl (CuArray constructors)",
        shown_by=(_test("test_cuarray_constructor_method_error_in_its_own_words"),),
        example="ERROR: MethodError: no method matching CuArray{Float32, 1, CUDA.Mem.DeviceBuffer}(::Matrix{Float64})",
        example_source="Julia's MethodError for CUDA.jl's CuArray constructors (src/array.jl)",
    ),
    KnownError(
        "julia-dimension-mismatch-gpu-arrays",
        "DimensionMismatch in Julia code that carries GPU arrays: often a CPU-only routine (a C-backed library) "
        "given CuArrays",
        r"^\s{0,8}(?:ERROR: )?(?:LoadError: )?(?:Base\.)?DimensionMismatch\b",
        "Julia raised DimensionMismatch in a computation whose stack trace carries GPU arrays (CuArray types): "
        "either the shapes really disagree (a broadcast destination of another size, a transposed vector), or a "
        "CPU-only routine (a C library wrapper that works on host buffers, such as an integration / quadrature "
        "library, or a solver's CPU path) was handed GPU arrays and its host-side copy or broadcast into its own "
        "buffers fails.",
        "Find the first frame in the stack trace that is not Base's: if it is a CPU-only library (a C-backed "
        "routine, `Ptr{...}` buffers, Cubature / HCubature-style integration), that step does not support GPU "
        "arrays: use the package's GPU-capable option for that step instead (a sampling- or grid-based method in "
        "place of one that calls the C library, with Float32 data on the GPU), "
        "or run that step on the CPU (`Array(x)`). If it is your broadcast, print `size.(...)` of its operands "
        "and make them agree, with every operand on the GPU. Check the versions (" + _PKG_VERSIONS + ").",
        variants=(
            Variant(
                r"\b(?:Cubature|HCubature|Quadrature|Integrals|QuadGK)\.|\bQuadratureTraining\b",
                "a quadrature / integration library fed GPU arrays",
                "The failing frames are an integration library's (Cubature / HCubature / Quadrature / Integrals: they "
                "evaluate the integrand into host buffers), given GPU arrays: quadrature-based steps are CPU only "
                "here. On the GPU use the package's sampling- or grid-based option in place of the quadrature (with "
                "Float32 data on the GPU), or run the quadrature-based step on the CPU.",
            ),
        ),
        requires=_GPU_ARRAY + r"|\bCuArrays?\b",
        weight=55,
        applies="Julia CUDA.jl arrays passed through CPU-only libraries",
        shown_by=(_test("test_dimension_mismatch_with_gpu_arrays"),),
        example='DimensionMismatch("array could not be broadcast to match destination")\n\nStacktrace:\n  [1] '
        "integrand(::CuArray{Float64, 1, CUDA.Mem.DeviceBuffer})",
        example_source="Julia Base broadcast.jl (DimensionMismatch of broadcast!), in a trace with CUDA.jl arrays",
    ),
    # ---- issue 36, round forty-one: a package's CUDA glue that never loaded ------------------------------------------
    KnownError(
        "julia-gpu-glue-not-loaded",
        "A Julia package's GPU code was never loaded ('UndefVarError: @cutensor not defined'): its optional CUDA "
        "library (cuTENSOR) or CUDA package is missing, or the glue failed to load",
        # Julia's UndefVarError (Julia 1.9+ quotes the name in backticks and 1.11 adds "in `Main`") for the names a
        # package defines only in its CUDA glue: TensorOperations' @cutensor / its cuTENSOR module
        r"\bUndefVarError: `?(?:@cutensor|cuTENSOR|CuTensor)`? not defined\b",
        "The package defines its GPU part (TensorOperations' @cutensor macro and cuTENSOR backend) only when its "
        "GPU glue loads: through Requires (TensorOperations 3.x: when CUDA / CuArrays is loaded and reports "
        "cuTENSOR available) or as a package extension (TensorOperations 4+: only after `using cuTENSOR`). Here it "
        "never loaded: cuTENSOR.jl is not installed or not loaded, CUDA.jl / CuArrays found no cuTENSOR library "
        "(`CUDA.has_cutensor()` false), or the glue itself failed for package versions that do not fit together "
        "(a 'Error requiring `CUDA` from `TensorOperations`' warning earlier in the output).",
        "Load the GPU packages before using the macro: `using CUDA, cuTENSOR, TensorOperations` (add them with `] "
        "add cuTENSOR`; TensorOperations 4+ loads its CUDA extension only with cuTENSOR.jl loaded), and check "
        "`CUDA.functional()` and `cuTENSOR.has_cutensor()` (older: `CUDA.has_cutensor()`, which needs the cuTENSOR "
        "artifact CUDA.jl downloads itself; with CuArrays.jl a cuTENSOR library installed beside the toolkit). "
        "If a warning 'Error requiring ...' or 'Error during loading of extension' is above it, the versions do not "
        "fit: " + _PKG_VERSIONS + ".",
        weight=72,
        applies="Julia TensorOperations.jl with CUDA.jl / CuArrays.jl and cuTENSOR",
        shown_by=("tests/troubleshooting/test_round41_v41quantum.py::test_julia_gpu_glue_never_loaded",),
        example="ERROR: UndefVarError: @cutensor not defined",
        example_source="Julia's UndefVarError for QuantumKitHub/TensorOperations.jl's @cutensor (defined in its "
        "CUDA glue: src/TensorOperations.jl's Requires block, ext/TensorOperationscuTENSORExt in 4.x)",
    ),
    KnownError(
        "julia-requires-glue-warning",
        "Julia warned 'Error requiring `CUDA` from `X`': a package's optional GPU glue failed to load (versions "
        "that do not fit), the rest of the package works",
        # Requires.jl's err() (src/init.jl: @warn "Error requiring `$modname` from `$listener`") and Julia's own
        # message for a package extension that failed (base/loading.jl, wording from memory)
        r"\bError requiring `\w{1,60}` from `\w{1,60}`"
        r"|\bError during loading of extension \w{1,80} of \w{1,60}\b",
        "The package loads its CUDA (or other optional) support only when that package is loaded too, through "
        "Requires or a package extension, and that glue code failed (the exception is inside the warning's box): "
        "most often it uses a name the installed CUDA.jl no longer has (a macro such as CUDA.@workspace, a "
        "renamed module), because the two packages' versions do not fit together. Julia only warns: the package "
        "works, but its GPU part (TensorOperations' @cutensor, GPU methods) is missing and fails when used.",
        "Nothing fails unless you need the GPU part. To get it, install versions that fit: " + _PKG_VERSIONS + "; "
        "update the package that owns the glue (the one after 'from') to a release made for the installed "
        "CUDA.jl, or pin CUDA.jl to the version its glue was written for (`] add CUDA@<version>`); then restart "
        "Julia.",
        severity="notice",
        weight=35,
        applies="Julia packages with Requires.jl glue or package extensions (TensorOperations.jl and CUDA.jl)",
        shown_by=("tests/troubleshooting/test_round41_v41quantum.py::test_julia_glue_load_warning",),
        example="┌ Warning: Error requiring `CUDA` from `TensorOperations`\n│   exception =\n│    LoadError: "
        "UndefVarError: @workspace not defined",
        example_source="JuliaPackaging/Requires.jl src/init.jl (err's @warn)",
    ),
)

# issue 36, round fifty-seven: CUDA.jl's discovery of a local toolkit newer than the release knows (deps/discovery.jl's
# parse_toolkit_version: "CUDA.jl does not yet support CUDA with nvdisasm 11.1.74; please file an issue.")
FAMILIES = FAMILIES + (
    KnownError(
        "julia-cudajl-toolkit-too-new",
        "CUDA.jl does not yet support CUDA with <tool> X.Y (a local CUDA toolkit newer than this CUDA.jl release "
        "knows)",
        r"CUDA\.jl does not (?:yet )?support CUDA (?:with [\w-]{1,20} )?\d{1,2}\.\d{1,2}",
        "CUDA.jl was told to use the CUDA toolkit installed on the machine (JULIA_CUDA_USE_BINARYBUILDER=false, a "
        "local-toolkit preference, or an old release that looks for one) and found a toolkit release (read from "
        "its nvdisasm / ptxas version) newer than this CUDA.jl release supports; it stops at initialisation, so "
        "every package that loads CUDA (Knet, Flux) fails at `using`.",
        "Update CUDA.jl to a release that supports that toolkit (`] up CUDA`, or a newer Julia if the "
        "compatible release needs it), or let CUDA.jl use the toolkit it downloads itself: unset "
        "JULIA_CUDA_USE_BINARYBUILDER / the local-toolkit preference (`CUDA.set_runtime_version!` in current "
        "releases), restart Julia and check `CUDA.versioninfo()`; or point it at an older local toolkit that "
        "release supports.",
        weight=82,
        applies="CUDA.jl 1.x to 3.x with a local CUDA toolkit (and packages that load it: Knet, Flux, AlphaZero.jl)",
        shown_by=(tests_in("tests/troubleshooting/test_round57_v57.py")("test_cudajl_and_a_guis_engine"),),
        example="ERROR: LoadError: InitError: CUDA.jl does not yet support CUDA with nvdisasm 11.1.74; please file "
        "an issue.",
        example_source="CUDA.jl deps/discovery.jl (parse_toolkit_version's error for an unknown toolkit release)",
    ),
)
