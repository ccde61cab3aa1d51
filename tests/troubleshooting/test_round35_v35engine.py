"""`explain`, round thirty-five (issue 36), the engine: a Julia stacktrace is Julia's, not Python's (its exception
line is the failure line, the package of its frames the library, its steps `] status` and `CUDA.versioninfo()`, and
GPUCompiler's refusals the compile stage); a warnings class and its message without a logger's mark (a deprecation
notice, an issue's title that quotes one) are warnings; an application's words that it backs off to the CPU are a
going on; libstdc++'s "terminate called without an active exception" gets a step about threads and exit, not a CUDA
library a core dump lists. Near misses keep their older answers."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

_JULIA_FRAMES = (
    "Stacktrace:\n"
    "  [1] error(s::String)\n"
    "    @ Base ./error.jl:35\n"
    "  [2] assertscalar(op::String)\n"
    "    @ GPUArraysCore ~/.julia/packages/GPUArraysCore/Ab12c/src/GPUArraysCore.jl:100\n"
    "  [3] step!(u::CuArray{Float32, 1, CUDA.Mem.DeviceBuffer})\n"
    "    @ Main ~/work/sim.jl:42\n"
)


def _no_python_step(r: object) -> None:
    step = (getattr(r, "next_step", "") or "") + (getattr(r, "command", "") or "")
    assert "pip list" not in step and "pdb" not in step and "python your_script" not in step, step


def test_a_julia_exception_is_the_failure_line_and_its_package_the_library() -> None:
    r = explain("ERROR: LoadError: Scalar indexing of a GPU array is not allowed here\n" + _JULIA_FRAMES)
    assert r.outcome in ("no-match", "unexplained") and r.stage == "runtime", r.summary
    assert r.library == "GPUArraysCore" and "CUDA.versioninfo()" in (r.next_step or ""), r
    assert "] status" in (r.next_step or "") and "allowscalar" in (r.next_step or "")
    _no_python_step(r)
    # an exception Julia prints in its show form, above the heading, with no "ERROR:" and a blank line between
    r = explain('BoundsError("attempt to access 3-element vector at index [4]")\n\n' + _JULIA_FRAMES)
    assert r.first_error.startswith("BoundsError") and "no traceback" not in r.summary, r.summary
    assert "incomplete" not in r.summary and "exception line alone" not in (r.next_step or "")
    _no_python_step(r)
    # old-style frames ("... at /path/file.jl:N") into a package's depot path
    r = explain(
        "ArgumentError: cannot use a host pointer here\n\nStacktrace:\n"
        " [1] convert(::Type{Ptr{Float32}}, x::Array) at /home/u/.julia/packages/SomeGPUPkg/xYz12/src/array.jl:10\n"
        " [2] top-level scope at REPL[3]:1\n"
    )
    assert r.library == "SomeGPUPkg" and "julia" in (r.command or ""), r
    _no_python_step(r)


def test_gpucompiler_refusals_are_the_compile_stage() -> None:
    # a GPUCompiler refusal no family reads is a miss at the compile stage, with Julia's step
    r = explain(
        "ERROR: GPU compilation of MethodInstance for my_kernel(::CuDeviceVector{Float32, 1}) failed\n"
        "KernelError: kernel returns a value of type `Int64`\n\n"
        "Make sure your kernel function ends in `return`, `return nothing` or `nothing`.\nStacktrace:\n"
        " [1] check_method(job::GPUCompiler.CompilerJob)\n"
        "   @ GPUCompiler ~/.julia/packages/GPUCompiler/abc/src/validation.jl:42\n"
    )
    assert r.stage == "compile" and r.library == "GPUCompiler", (r.stage, r.library)
    assert "@device_code_warntype" in (r.command or "") and "isbits" in (r.next_step or ""), r
    _no_python_step(r)
    # the refusals the Julia GPU families read are answered by them, no longer misses
    for text, key in (
        (
            "ERROR: InvalidIRError: compiling MethodInstance for my_kernel!(::CuDeviceVector{Float32, 1}) resulted in "
            "invalid LLVM IR\nReason: unsupported dynamic function invocation (call to getindex)\nStacktrace:\n"
            " [1] my_kernel!\n   @ ~/proj/kern.jl:12\n",
            "julia-gpu-kernel-invalid-ir",
        ),
        (
            "ERROR: GPU compilation of MethodInstance for fill_kernel(::Vector{Float64}) failed\n"
            "KernelError: passing and using non-bitstype argument\n",
            "julia-gpu-kernel-non-isbits-argument",
        ),
    ):
        assert explain(text).to_dict()["matches"][0]["key"] == key


def test_julia_near_misses_keep_their_answers() -> None:
    # a Python traceback that mentions a .jl file is Python's
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/run.py", line 3, in <module>\n'
        '    jl.include("model.jl")\n'
        "RuntimeError: Julia exception: model.jl:4 failed\n"
    )
    r = explain(text)
    assert "julia --project" not in (r.command or "") and "] status" not in (r.next_step or "")
    # a C++ compiler's error stays the C++ compile step
    r = explain('kern.cu(12): error: identifier "foo" is undefined\n')
    assert "Julia" not in (r.next_step or "")
    # a Julia package build that finished with warnings stays no failure
    r = explain(
        "┌ Error: Error building `Foo`:\n│ some output\n└ @ Pkg.Operations ~/julia/share/julia/Operations.jl:1\n"
        "Foo.jl has been built successfully, but there were warnings\n"
    )
    assert not r.summary.startswith(("Failure", "No known error")), r.summary


def test_a_bare_deprecation_warning_is_warnings_only() -> None:
    for text in (
        "UserWarning: torch.foo: in an upcoming release, it will be required to pass the bar argument.",
        '(issue title: Silence "FutureWarning: `x` is deprecated and will be removed in a future version")',
        "DeprecationWarning: the module old.api is deprecated, use new.api",
    ):
        r = explain(text)
        assert r.outcome == "warnings-only" and r.summary.startswith("Only warnings"), (text, r.summary)
    # near miss: the same warning before an exception keeps the failure
    r = explain("UserWarning: foo is deprecated\nValueError: bad shape (3, 4)")
    assert r.outcome != "warnings-only", r.summary


def test_an_application_backing_off_to_the_cpu_goes_on() -> None:
    for text in ("no GPU is free, backing off to CPU", "CUDA device not usable; switched to CPU"):
        r = explain(text)
        assert r.outcome == "warnings-only" and "goes on without the GPU" in r.summary, (text, r.summary)
    # near miss: advice to back off is no going on, and a failure after it stays one
    r = explain("RuntimeError: GPU lost. You can switch to CPU with --cpu")
    assert "goes on" not in r.summary, r.summary


def test_terminate_without_an_active_exception_is_about_threads_and_exit() -> None:
    text = (
        "100%|##########| 50/50 [00:30<00:00,  1.6it/s]\n"
        "terminate called without an active exception\n"
        "Process 4242 (python3) of user 1000 dumped core.\n"
        "Module /env/lib/python3.10/site-packages/nvidia/cudnn/lib/libcudnn_ops_infer.so.8 without build-id.\n"
    )
    r = explain(text)
    if not (r and r[0].key == "exit-teardown-crash"):  # a family may answer it; a miss gets the thread step
        assert "joinable" in (r.next_step or "") and "cudnn" not in (r.command or "").lower(), r
    # near miss: a C++ exception's terminate keeps its what() message as the failure
    r = explain("terminate called after throwing an instance of 'std::runtime_error'\n  what():  CUDA error: foo\n")
    assert "joinable" not in (r.next_step or "")
