"""`explain`, round forty-one (issue 36), the engine: a warning raised as an error (pytest's "E   ...Warning:" line,
python -W error's traceback ending in a warnings class) is the warning's family with the warnings-as-errors
sentence; spdlog's short-level lines ([W mm/dd/yy ...], as Taichi logs) and Julia's "Warning:" blocks are
warnings; an issue title that names an undefined nvJitLink symbol is read; a raised exception outranks a failure
family read from a warning line; GNU ld's "cannot find -lX" (its prefix cut or not) is the first error; a miss names
the package of the deepest pytest / IPython frame. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels

_OCCUPANCY = "Grid size (2) < 2 * SM count (216) will likely result in GPU under utilization due to low occupancy."


def test_a_warning_raised_as_an_error_under_pytest_is_the_warnings_family() -> None:
    text = (
        ">               warn(NumbaPerformanceWarning(msg))\n"
        f"E               numba.core.errors.NumbaPerformanceWarning: {_OCCUPANCY}\n"
    )
    found = explain(text)
    assert found.first_answer == "jit-numba-low-occupancy"
    assert "raised as an error" in found.summary and "ignore::NumbaPerformanceWarning" in found.summary


def test_a_warning_raised_as_a_tracebacks_exception_is_an_error() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "bench.py", line 9, in <module>\n'
        "    scale[4, 32](out)\n"
        '  File "/opt/env/lib/python3.11/site-packages/numba/cuda/dispatcher.py", line 539, in __getitem__\n'
        "    warn(NumbaPerformanceWarning(msg))\n"
        "numba.core.errors.NumbaPerformanceWarning: Grid size 4 will likely result in GPU under-utilization due to "
        "low occupancy.\n"
    )
    found = explain(text)
    assert found.first_answer == "jit-numba-low-occupancy" and "raised as an error" in found.summary


def test_the_same_warning_printed_by_the_warnings_module_stays_only_a_warning() -> None:
    text = (
        "bench.py:9: NumbaPerformanceWarning: Grid size 4 will likely result in GPU under-utilization due to low "
        "occupancy.\n  warn(NumbaPerformanceWarning(msg))\n"
    )
    assert explain(text).first_answer == "warnings-only"


def test_spdlog_short_level_lines_are_leveled() -> None:
    warn = "[W 03/11/24 09:12:44.120 88231] [type_check.cpp:visit@211] [$77] Local store may lose precision: f16 <- f32"
    assert explain(warn + "\n").first_answer == "warnings-only"
    lv = levels("[E 03/11/24 09:12:45.001 88231] [ir.cpp:visit@40] Assertion failure: x\n")
    assert lv.errors == 1
    lv = levels("[I 03/11/24 09:12:40.000 88231] [misc.cpp:f@1] starting\n")
    assert lv.infos == 1 and not lv.errors
    lv = levels("[2024-03-11 09:12:44.120] [engine] [warning] queue is full\n")
    assert lv.warnings == 1 and not lv.errors


def test_a_julia_warning_block_with_a_stacktrace_is_only_a_warning() -> None:
    text = (
        "julia> using MyKernels\n"
        "\u250c Warning: Error requiring `CUDA` from `MyKernels`\n"
        "\u2502   exception =\n"
        "\u2502    LoadError: UndefVarError: `cufunction_cache` not defined\n"
        "\u2502    Stacktrace:\n"
        "\u2502      [1] include(mod::Module, _path::String)\n"
        "\u2502        @ Base ./Base.jl:457\n"
        "\u2514 @ Requires ~/.julia/packages/Requires/Z8rfN/src/require.jl:51\n"
    )
    assert explain(text).first_answer == "warnings-only"


def test_a_julia_error_thrown_stays_a_failure() -> None:
    text = (
        "julia> using CUDA\nERROR: LoadError: UndefVarError: `CuArray` not defined\nStacktrace:\n [1] top-level scope\n"
    )
    assert explain(text).first_answer != "warnings-only"


def test_an_issue_title_with_an_undefined_nvjitlink_symbol_is_read() -> None:
    text = (
        "(issue title: cusolver fails to load: undefined symbol __nvJitLinkAddData_12_4)\n"
        '  File "/srv/app/.venv/lib/python3.11/site-packages/mysim/__init__.py", line 12, in <module>\n'
        "    from mysim.backend import...\n"
    )
    key, fix = first(text)
    assert key == "cuda-library-mixed-versions" and "nvidia-nvjitlink-cu12" in fix
    # a cuBLAS symbol without a version: not the nvJitLink variant
    key, fix = first(
        "python: symbol lookup error: /x/libcublas.so.12: undefined symbol: cublasLtFoo, version libcublasLt.so.12"
    )
    assert key == "cuda-library-mixed-versions" and "nvjitlink" not in fix


def test_a_raised_exception_outranks_a_family_read_from_a_warning_line() -> None:
    text = (
        "/env/lib/python3.10/site-packages/torch/amp/autocast_mode.py:250: UserWarning: User provided device_type of "
        "'cuda', but CUDA is not available. Disabling\n"
        "  warnings.warn(\n"
        "Traceback (most recent call last):\n"
        '  File "fit.py", line 3, in <module>\n'
        "    grid = make_grid(spacing=0.1)\n"
        "ValueError: The spacing argument is deprecated. Please use resolution instead.\n"
    )
    assert explain(text).first_answer == "py-self-described"
    # the exception is about the GPU: the warning's family stays first
    near = text.replace(
        "ValueError: The spacing argument is deprecated. Please use resolution instead.",
        "RuntimeError: Found no NVIDIA driver on your system.",
    )
    assert explain(near).first_answer != "py-self-described"


def test_ld_cannot_find_is_the_first_error_and_the_miss_step_names_the_library() -> None:
    text = (
        ": cannot find -lmyops_cuda_impl\n"
        "collect2: error: ld returned 1 exit status\n"
        "make[2]: *** [libmyops.so] Error 1\n"
    )
    found = explain(text)
    assert found.first_error.endswith("cannot find -lmyops_cuda_impl")
    assert "libmyops_cuda_impl" in found.next_step and "ldconfig -p | grep -i myops_cuda_impl" in found.command


def test_a_miss_names_the_package_of_the_deepest_pytest_or_ipython_frame() -> None:
    pytest_text = (
        "/env/lib/python3.10/site-packages/torch/nn/modules/module.py:1527: in _call_impl\n"
        "    return forward_call(*args, **kwargs)\n"
        "mypkg/ops.py:40: in fused\n"
        "    _kernel[grid](\n"
        "/env/lib/python3.10/site-packages/triton/runtime/autotuner.py:114: in run\n"
        "    ret = self.fn.run(*args, **kwargs)\n"
        "...\n"
    )
    assert explain(pytest_text).library == "triton"
    ipython_text = (
        "SomeError                          Traceback (most recent call last)\n"
        "Cell In[3], line 2\n"
        "----> 2 k[(1,)](4)\n\n"
        "File /env/lib/python3.10/site-packages/triton/runtime/jit.py:345, in JITFunction.run(self)\n"
        "...\n"
    )
    assert explain(ipython_text).library == "triton"
