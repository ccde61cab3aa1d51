"""`explain`, round forty-one (issue 36): GPU kernel languages and ML compilers used directly. Slang modules that
slangtorch cannot build, Taichi's compiler assertions, Triton's interpreter mode, OneDiff with a oneflow of another
release, ptxas given a file with no PTX, a TVM array freed after an earlier CUDA fault, an old LLVM under TVM's
USE_LLVM, a CuPy kernel's illegal access, a CuPy launcher with no CUDA_HOME and numba's low-occupancy warning raised
as an error. Each has near misses that keep their other answers."""

from __future__ import annotations

from _explain import first

_NINJA = (
    "Traceback (most recent call last):\n"
    '  File "/env/lib/python3.11/site-packages/torch/utils/cpp_extension.py", line 2100, in _run_ninja_build\n'
    "    subprocess.run(\n"
    "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.\n\n"
    "The above exception was the direct cause of the following exception:\n\n"
    "Traceback (most recent call last):\n"
)


def test_slang_module_build_failures() -> None:
    # the module's own loadModule call above ninja's failure (slangtorch, and slangpy before the rename)
    for call in ("m = slangtorch.loadModule('splat.slang')", "slangpy.loadModule('kernels.slang')"):
        text = _NINJA + '  File "/home/u/proj/run.py", line 4, in <module>\n    ' + call + "\n..."
        key, fix = first(text)
        assert key == "slang-module-compile-failed" and "TensorView" in fix, text
    # slangc's own diagnostic line: fix the shader
    diag = "blur.slang(31): error 30015: undefined identifier 'texel'.\n" + _NINJA
    key, fix = first(diag)
    assert key == "slang-module-compile-failed" and "fix that line in the shader" in fix
    # near miss: the same ninja failure without Slang stays the extension build's
    plain = _NINJA + '  File "/home/u/proj/setup_ops.py", line 9, in <module>\n    load(name="ops", sources=s)\n...'
    assert first(plain)[0] != "slang-module-compile-failed"


def test_taichi_compiler_assertions() -> None:
    autodiff = (
        "[Taichi] version 1.7.0, llvm 15.0.4, commit 0, linux, python 3.10.12\n"
        "[E 01/02/24 10:00:00.100 99] [auto_diff.cpp:visit@210] Assertion failure: stmt->dest->is<GlobalPtrStmt>()\n"
        'Traceback (most recent call last):\n  File "train.py", line 80, in <module>\n    loss.backward()\n...'
    )
    key, fix = first(autodiff)
    assert key == "taichi-compiler-assertion" and "Differentiable Programming" in fix
    plain = (
        "[Taichi] Starting on arch=cuda\n[E 01/02/24 10:00:00.100 99] [type_check.cpp:visit@88] Assertion failure: "
        "stmt->width() == 1\n"
    )
    key, fix = first(plain)
    assert key == "taichi-compiler-assertion" and "Differentiable" not in fix
    # near miss: a C++ assertion of another project's sources, no Taichi
    other = "[E 01/02/24] [engine.cpp:build@12] Assertion failure: x > 0\nterminate called after throwing"
    assert first(other)[0] != "taichi-compiler-assertion"


def test_triton_interpreter_errors() -> None:
    text = (
        "InterpreterError                          Traceback (most recent call last)\n"
        "----> 3 add_kernel[(4,)](x, y, out, n)\n\n"
        "File /opt/env/lib/python3.11/site-packages/triton/runtime/interpreter.py:1120, in GridExecutor.__call__"
        "(self, *args_dev, **kwargs)\n..."
    )
    key, fix = first(text)
    assert key == "triton-interpreter-error" and "TRITON_INTERPRET=1 before" in fix
    # near miss: an InterpreterError of another tool (no Triton in the text)
    assert first("sqlglot.errors.InterpreterError: bad expression in query")[0] != "triton-interpreter-error"


def test_onediff_oneflow_lookups() -> None:
    for text in (
        "ERROR [2024-08-01 10:00:00] /opt/py/site-packages/onediff/infer_compiler/backends/oneflow/"
        "deployable_module.py:41 - Exception in forward: e=KeyError(oneflow.int8)",
        '  File "/env/site-packages/onediffx/compilers/diffusion_pipeline_compiler.py", line 9\n'
        "AttributeError: module 'oneflow' has no attribute 'scaled_dot_product_attention'",
    ):
        key, fix = first(text)
        assert key == "onediff-oneflow-version-mismatch" and "nexfort" in fix, text
    # near miss: a KeyError of a torch dtype, no OneDiff / OneFlow
    assert first("KeyError: torch.float16\n")[0] != "onediff-oneflow-version-mismatch"


def test_ptxas_given_no_ptx() -> None:
    make = (
        "llc -march=nvptx64 -mcpu=sm_70 kern.ll -o kern.ptx\n"
        "ptxas --gpu-name sm_70 kern.ptx -o kern.o\n"
        "ptxas kern.ptx, line 1; fatal   : Missing .version directive at start of file 'kern.ptx'\n"
        "ptxas fatal   : Ptx assembly aborted due to errors\nmake: *** [kern.o] Error 255"
    )
    key, fix = first(make)
    assert key == "ptxas-input-not-ptx" and "Registered Targets" in fix
    jax = (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: ptxas exited with non-zero error code 65280, output: "
        "ptxas /tmp/tempfile-host-1a2b, line 1; fatal   : Missing .version directive at start of file "
        "'/tmp/tempfile-host-1a2b'"
    )
    key, fix = first(jax)
    assert key == "ptxas-input-not-ptx" and "TMPDIR" in fix
    # near miss: a PTX version newer than this ptxas stays the old-ptxas answer
    newer = "ptxas /tmp/k.ptx, line 5; fatal   : Unsupported .version 8.4; current version is '8.0'"
    assert first(newer)[0] != "ptxas-input-not-ptx"


def test_tvm_free_echoes_an_earlier_cuda_fault() -> None:
    text = (
        "tvm._ffi.base.TVMError: Traceback (most recent call last):\n  9: PyObject_CallFinalizerFromDealloc\n"
        "  5: TVMArrayFree\n        at /src/tvm/src/runtime/ndarray.cc:295\n"
        "  4: tvm::runtime::NDArray::FFIDecRef(DLTensor*)\n..."
    )
    key, fix = first(text)
    assert key == "tvm-free-after-cuda-error" and "CUDA_LAUNCH_BLOCKING=1" in fix
    # near miss: a TVMError of another kind keeps its own answer
    assert first("TVMError: Check failed: (bf != nullptr) is false: target.build.cuda is not enabled")[0] == (
        "tvm-target-not-enabled"
    )


def test_tvm_llvm_on_but_too_old() -> None:
    old = (
        "-- Link with dynamic LLVM library\n-- Found LLVM_INCLUDE_DIRS=/usr/lib/llvm-7/include\n"
        "-- Found TVM_LLVM_VERSION=70\n"
        "TVMError: Check failed: (bf != nullptr) is false: target.build.llvm is not enabled"
    )
    key, fix = first(old)
    assert key == "tvm-target-not-enabled" and "llvm-config" in fix and "libinfo()['LLVM_VERSION']" in fix
    # near miss: a recent LLVM found keeps the plain USE_LLVM fix
    new = old.replace("llvm-7", "llvm-17").replace("=70", "=170")
    key, fix = first(new)
    assert key == "tvm-target-not-enabled" and "LLVM_VERSION" not in fix


def test_illegal_access_in_a_cupy_kernel() -> None:
    text = (
        "Exception ignored in: 'cupy.cuda.function.Module.__dealloc__'\nTraceback (most recent call last):\n"
        '  File "cupy_backends/cuda/api/driver.pyx", line 260, in cupy_backends.cuda.api.driver.check_status\n'
        "cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
        "encountered"
    )
    key, fix = first(text)
    assert key == "illegal-memory-access" and "torch.isfinite" in fix
    # near miss: a torch kernel's fault keeps the generic fix
    key, fix = first("RuntimeError: CUDA error: an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "torch.isfinite" not in fix


def test_cupy_launcher_without_cuda_home() -> None:
    for text in (
        'Traceback (most recent call last):\n  File "demo.py", line 12, in <module>\n'
        '  File "cupy/_util.pyx", line 59, in cupy._util.memoize.decorator.ret\n'
        '  File "/proj/ops.py", line 40, in cuda_launch\nIndexError: list index out of range',
        'Traceback (most recent call last):\n  File "/proj/warp.py", line 30, in cupy_kernel\n'
        "    opts = ('-I ' + os.environ['CUDA_HOME'],)\nKeyError: 'CUDA_HOME'\n(cupy 12.2)",
    ):
        key, fix = first(text)
        assert key == "build-cuda-home-unset" and "CUDA_PATH" in fix, text
    # near miss: an IndexError in the program's own code, no CuPy frame above it
    plain = (
        'Traceback (most recent call last):\n  File "demo.py", line 12, in <module>\n'
        "IndexError: list index out of range"
    )
    assert first(plain)[0] != "build-cuda-home-unset"


def test_numba_low_occupancy_in_both_wordings() -> None:
    from torchtrt_compat.troubleshooting import explain

    for line in (
        "NumbaPerformanceWarning: Grid size (2) < 2 * SM count (216) will likely result in GPU under utilization "
        "due to low occupancy.",
        "NumbaPerformanceWarning: Grid size 2 will likely result in GPU under-utilization due to low occupancy.",
    ):
        assert "jit-numba-low-occupancy" in [e.key for e in explain(line)], line
    # raised as an error under pytest: the warnings-as-errors fix
    raised = (
        ">       warn(NumbaPerformanceWarning(msg))\nE       numba.core.errors.NumbaPerformanceWarning: Grid size (1) "
        "< 2 * SM count (160) will likely result in GPU under utilization due to low occupancy.\n"
    )
    found = [e for e in explain(raised) if e.key == "jit-numba-low-occupancy"]
    assert found and "filterwarnings" in found[0].fix
