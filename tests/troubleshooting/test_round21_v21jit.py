"""`explain`, round twenty-one (issue 36), kernels compiled or loaded at run time and custom ops, in each library's own
words (cited in the families' ``example_source``): CuPy's NVRTC compile and cubin load, torch's jiterator source dump,
torch.utils.cpp_extension.load at first use, CUDA graphs under cudaMallocAsync, TensorFlow custom ops' undefined
symbols, Triton's MLIR assertions and a float32-only custom kernel under AMP; near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_nvrtc_compilation_error() -> None:
    chained = (
        '  File "cupy_backends/cuda/libs/nvrtc.pyx", line 58, in cupy_backends.cuda.libs.nvrtc.check_status\n'
        "cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_COMPILATION (6)\n\n"
        "During handling of the above exception, another exception occurred:\n"
    )
    found = answer(chained, "jit-nvrtc-compilation-error")
    assert "CompileException" in found.fix and "cupy-cuda12x" in found.fix
    # the builtins failure keeps its own row
    assert _keys("cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE (7)")[0] == (
        "kern-nvrtc-builtins"
    )


def test_cupy_cubin_load() -> None:
    text = (
        '  File "cupy\\cuda\\compiler.py", line 607, in _compile_with_cache_cuda\n    mod.load(cubin)\n'
        '  File "cupy/cuda/function.pyx", line 265, in cupy.cuda.function.Module.load\n'
        '  File "cupy_backends/cuda/api/driver.pyx", line 226, in cupy_backends.cuda.api.driver.moduleLoad\n'
    )
    found = answer(text, "jit-cupy-cubin-load-failed")
    assert "12.8" in found.fix and "show_config" in found.fix
    # a driver module load named without CuPy is not this row
    assert "jit-cupy-cubin-load-failed" not in _keys("in pycuda.driver.module_from_file moduleLoad failed")


def test_torch_nvrtc_source_dump() -> None:
    dump = (
        "  template<int NARGS>\n  struct OffsetCalculator {\n  OffsetCalculator() = default;\n  };\n\n"
        "    namespace c10 {\n      template <typename T>\n      struct LoadImpl {\n"
    )
    found = answer(dump, "jit-torch-nvrtc-source-dump")
    assert "nvrtc: error" in found.fix and "libnvrtc-builtins" in found.fix
    # C++ source of one's own that merely opens namespace c10 is not torch's dump
    assert "jit-torch-nvrtc-source-dump" not in _keys("namespace c10 {\nstruct MyThing {};\n}")


def test_cpp_extension_load_at_first_use() -> None:
    text = (
        '----> 8 CUDA_KERNEL = load(\n      9     name="codebook_cuda",\n\n'
        "File .../site-packages/torch/utils/cpp_extension.py:1306, in load(name, sources, extra_cflags, "
        "extra_cuda_cflags, extra_ldflags)\n(aqlm/inference_kernels/cuda_kernel.cu compilation errors)"
    )
    found = answer(text, "jit-cpp-extension-load-build")
    assert "verbose=True" in found.fix and "torch_extensions" in found.fix
    # the module merely imported is no failed build
    assert "jit-cpp-extension-load-build" not in _keys("from torch.utils.cpp_extension import load\nprint('ok')")


def test_cudagraphs_under_malloc_async() -> None:
    line = (
        "RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an "
        "issue describing your use case."
    )
    found = answer(line, "jit-cudagraph-malloc-async")
    assert "PYTORCH_CUDA_ALLOC_CONF" in found.fix and "--disable-cuda-malloc" in found.fix
    comfy = 'File "/ComfyUI/execution.py", line 323, in execute\n' + line
    assert "--disable-cuda-malloc" in answer(comfy, "jit-cudagraph-malloc-async").fix
    # an out of memory inside cudaMallocAsync is another matter
    assert "jit-cudagraph-malloc-async" not in _keys("cudaMallocAsync(ptr, n, pool, stream): out of memory")


def test_tensorflow_custom_op_symbols() -> None:
    abi = (
        "tensorflow.python.framework.errors_impl.NotFoundError: bazel-bin/tensorflow/test/test_op.so: undefined "
        "symbol: _ZN10tensorflow14kernel_factory17OpKernelRegistrar12InitInternalEPKNS_9KernelDefEN4absl11string_"
        "viewESt10unique_ptrINS0_15OpKernelFactoryESt14default_deleteIS8_EE"
    )
    assert "get_compile_flags" in answer(abi, "jit-tf-custom-op-abi").fix
    kernel = "Undefined symbol: _ZN10tensorflow3PadERKN5Eigen9GpuDeviceEPKfiiiiiiPf"
    assert ".cu.o" in answer(kernel, "jit-tf-custom-op-kernel-missing").fix
    # torch's own undefined symbols are not TensorFlow's
    keys = _keys("ImportError: /x/_C.so: undefined symbol: _ZN3c104cuda20CUDACachingAllocator9allocatorE")
    assert not {"jit-tf-custom-op-abi", "jit-tf-custom-op-kernel-missing"} & set(keys)


def test_triton_mlir_assertion() -> None:
    text = (
        "Warming up autotune cache ...\n  0%|          | python3: project/lib/Analysis/Allocation.cpp:42: "
        "std::pair<llvm::SmallVector<unsigned int>, llvm::SmallVector<unsigned int> > "
        "mlir::triton::getCvtOrder(const mlir::Attribute&, const mlir::\nAborted"
    )
    found = answer(text, "jit-triton-mlir-assertion")
    assert "8.0" in found.fix and "triton" in found.fix
    # an assertion of another C++ project under lib/Analysis is not Triton's
    assert "jit-triton-mlir-assertion" not in _keys(
        "opt: lib/Analysis/ScalarEvolution.cpp:120: llvm::SCEV::foo(): Assertion `x' failed.\nAborted"
    )


def test_float_only_custom_kernel_under_amp() -> None:
    text = (
        "line 44, in forward CausalDotProduct.dot[device.type](\n"
        "RuntimeError: expected scalar type Float but found Half"
    )
    found = answer(text, "jit-custom-kernel-float-only-amp")
    assert "autocast" in found.fix and ".float()" in found.fix
    # the same words from a plain torch layer stay torch's dtype mismatch
    plain = (
        '  File "torch/nn/modules/linear.py", line 114, in forward\n'
        "RuntimeError: expected scalar type Float but found Half"
    )
    assert "jit-custom-kernel-float-only-amp" not in _keys(plain)


def test_extension_built_in_another_install() -> None:
    text = (
        "NameError: name 'deform_conv_ext' is not defined.\n"
        "(after BASICSR_EXT=True python setup.py develop; the .so file exists in basicsr/ops)"
    )
    found = answer(text, "build-extension-without-cuda")
    assert "__file__" in found.fix and "pip uninstall" in found.fix
    # without a build shown, the extension was never built with CUDA: the general fix stays
    plain = answer("NameError: name 'deform_conv_ext' is not defined", "build-extension-without-cuda")
    assert "FORCE_CUDA=1" in plain.fix


def test_inductor_and_dynamo_limits() -> None:
    cpp = (
        "torch._inductor.exc.InductorError: CppCompileError: C++ compile error\nCommand:\ncl /I C:/Python311/Include "
        "/tmp/x.cpp"
    )
    assert "Output:" in answer(cpp, "jit-inductor-cpp-compile").fix
    # a compiler line the output shows outranks the wrapper
    header = cpp + "\nOutput:\n/tmp/x.cpp:2:10: fatal error: Python.h: No such file or directory"
    assert explain(header)[0].key != "jit-inductor-cpp-compile"
    limit = "torch._dynamo hit config.cache_size_limit (8)\n   function: 'forward' (model.py:12)"
    assert "mark_dynamic" in answer(limit, "jit-dynamo-recompile-limit").fix
    assert "jit-dynamo-recompile-limit" not in _keys("torch._dynamo.config.cache_size_limit = 64")
    unsupported = "torch._dynamo.exc.Unsupported: call_function BuiltinVariable(setattr) [TensorVariable()] {}"
    assert "strict=False" in answer(unsupported, "jit-dynamo-unsupported").fix
    assert "jit-dynamo-unsupported" not in _keys("torch._dynamo.exc.Unsupported")


def test_numba_compiler_messages() -> None:
    typing = (
        "numba.core.errors.TypingError: Failed in cuda mode pipeline (step: nopython frontend)\n"
        "No implementation of function Function(<built-in function abs>) found for signature:"
    )
    assert "@cuda.jit" in answer(typing, "jit-numba-typing-error").fix
    assert "jit-numba-typing-error" not in _keys("TypeError: Failed in nopython mode")
    old = "numba.cuda.cudadrv.error.NvvmSupportError: GPU compute capability 3.0 is not supported (requires >=3.5)"
    assert "cudatoolkit" in answer(old, "jit-numba-cc-unsupported").fix
    grid = "NumbaPerformanceWarning: Grid size 1 will likely result in GPU under-utilization due to low occupancy."
    result = explain(grid)
    assert result.outcome == "warnings-only" and result[0].key == "jit-numba-low-occupancy"
