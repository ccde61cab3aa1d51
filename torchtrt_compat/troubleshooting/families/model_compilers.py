"""Model compilers that generate their own CUDA code (issue 36, round eleven): Apache TVM and the stacks built on it
(MLC-LLM, TileLang), in their own words. Each row is keyed to a wording of TVM's sources: src/target/codegen.cc
(the codegen a build was not compiled with), python/tvm/contrib/nvcc.py (finding and running nvcc) and
src/tir/transforms/arg_binder.cc (the checks a compiled function makes of its arguments). Names, numbers and paths
are read from the text, never written into a pattern. TVM's autotvm fallback warning stays in `gpu_kernels`
(kern-tvm-untuned-fallback).
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round11_f4serve.py"

#: where the text shows TVM or a stack built on it
_TVM = r"\btvm\b|TVMError|\bMLC\b|mlc_llm|mlc-llm|tilelang|relay\.build|tvm\.build|relax\.build"


_test = tests_in(_TESTS)


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "tvm-target-not-enabled",
        "TVM: target.build.<kind> is not enabled (TVM was built without that codegen: LLVM, CUDA)",
        r"target\.build\.\w{1,30} is not enabled",
        "TVM has no code generator for the target the build asks for: the libtvm in use was compiled with that "
        "backend off (USE_LLVM / USE_CUDA OFF in config.cmake; a CPU-only wheel), so relay.build / tvm.build / "
        "relax.build / mlc_llm compile cannot lower to it. 'target.build.llvm' is the host code even a CUDA build "
        "needs.",
        "Use a TVM built with the backend the message names: from source, set it in build/config.cmake "
        '(set(USE_LLVM "llvm-config --link-static") for llvm, set(USE_CUDA ON) for cuda), then `cmake .. && make` '
        'and put that build first (TVM_LIBRARY_PATH, or `pip install -e python`); check with `python -c "import '
        "tvm; print(tvm.support.libinfo()['USE_LLVM'], tvm.support.libinfo()['USE_CUDA'])\"`. MLC-LLM: install the "
        "CUDA wheels of mlc-ai / mlc-llm for your CUDA (mlc-ai-nightly-cu12x, not the cpu one).",
        variants=(
            # issue 36, round forty-one: USE_LLVM is on, but the LLVM cmake found is too old for this TVM (TVM's
            # cmake/utils/FindLLVM.cmake prints "Found LLVM_INCLUDE_DIRS=/usr/lib/llvm-6.0/include" and "Found
            # TVM_LLVM_VERSION=60"; it stops only below 4.0, while recent TVM needs a much newer LLVM)
            Variant(
                r"\bllvm-[3-9](?:\.\d)?[\\/]|\bllvm-config-[3-9]\b|TVM_LLVM_VERSION=\s?[3-9]\d\b"
                r"|TVM requires LLVM \d|\bLLVM (?:version )?[3-9]\.\d\.\d\b",
                "USE_LLVM is set, but the LLVM found is an old one (the system's llvm-6 / 7 / 8 / 9)",
                "config.cmake turns LLVM on, but cmake found an old system LLVM (the version in 'Found "
                "LLVM_INCLUDE_DIRS=/usr/lib/llvm-N/...' / TVM_LLVM_VERSION), older than this TVM supports, so the "
                "LLVM code generator was not built into libtvm. Install a recent LLVM (the version range in the "
                "TVM release's install docs: recent TVM / Unity / Relax wants LLVM 15 or newer; `apt install "
                "llvm-15-dev` or LLVM's prebuilt release), point USE_LLVM at its llvm-config "
                '(set(USE_LLVM "/usr/lib/llvm-15/bin/llvm-config --link-static")), rebuild from an empty build '
                "folder, check cmake's output names that LLVM, and confirm with `python -c \"import tvm; print(tvm."
                "support.libinfo()['USE_LLVM'], tvm.support.libinfo()['LLVM_VERSION'])\"`.",
                strict=True,
            ),
        ),
        op=r"target\.build\.(\w{1,30}) is not enabled",
        weight=86,
        applies="Apache TVM (relay / relax / TIR builds) and MLC-LLM, every release",
        shown_by=(_test("test_tvm_target_not_enabled"),),
        example='tvm._ffi.base.TVMError: Traceback (most recent call last):\n  File "/tvm/src/target/codegen.cc", '
        "line 58\nTVMError: Check failed: (bf != nullptr) is false: target.build.llvm is not enabled",
        example_source='apache/tvm src/target/codegen.cc (Build: ICHECK(bf != nullptr) << build_f_name << " is not '
        'enabled", build_f_name = "target.build." + target->kind->name), v0.14',
    ),
    KnownError(
        "tvm-cuda-path-missing",
        "TVM: Cannot find cuda path (nvcc is not on PATH for TVM's CUDA codegen)",
        r"RuntimeError: Cannot find cuda path|^Cannot find cuda path$",
        "TVM compiles the CUDA source it generates with nvcc and looks for it on PATH (`which nvcc`) or in "
        "/usr/local/cuda/bin: no CUDA toolkit is installed there (a driver-only machine or a runtime container), or "
        "the shell's PATH lacks it.",
        "Install the CUDA toolkit (nvcc) of the CUDA your driver supports and put it on PATH: `export "
        "PATH=/usr/local/cuda/bin:$PATH` (and CUDA_HOME=/usr/local/cuda), check `nvcc --version`; in Docker use a "
        "-devel image, not -runtime. TVM can also compile with NVRTC instead (the target's -libs / "
        "tvm.contrib.nvcc options of your release).",
        requires=_TVM + r"|nvcc\.py|find_cuda_path",
        weight=84,
        applies="Apache TVM's CUDA codegen (python/tvm/contrib/nvcc.py) and stacks that reuse it (MLC-LLM, TileLang)",
        shown_by=(
            _test("test_tvm_nvcc_and_its_compile_errors"),
            "tests/troubleshooting/test_round39_v39apps.py::test_nvcc_error_in_a_generated_kernel",
        ),
        example='  File "/usr/local/lib/python3.10/site-packages/tvm/contrib/nvcc.py", line 196, in find_cuda_path\n'
        '    raise RuntimeError("Cannot find cuda path")\nRuntimeError: Cannot find cuda path',
        example_source='apache/tvm python/tvm/contrib/nvcc.py (find_cuda_path: raise RuntimeError("Cannot find cuda '
        'path")), v0.14',
    ),
    KnownError(
        "tvm-nvcc-compile-failed",
        "TVM: nvcc failed on the CUDA code TVM generated (Compilation error:)",
        r"^Compilation error:\s{0,4}$|Compilation error: empty result is generated"
        # issue 36, round thirty-nine: nvcc's own summary line for the source TVM wrote to a fresh temporary folder
        # (Python's tempfile: /tmp/tmpXXXXXXXX/) or under its own name (tvm_kernels.cu: BitBLAS's builder)
        r"|\berrors? detected in the compilation of [\"']?[^\"'\n]{0,200}?(?:[\\/]tmp[\w-]{6,12}[\\/][\w.-]{1,80}\.cu\b"
        r"|\btvm_kernels\.cu\b)",
        "TVM's compile_cuda ran nvcc on the kernel source it generated and nvcc failed; nvcc's own lines follow "
        "'Compilation error:' (the source is printed before it): most often the target's -arch is one this nvcc "
        "does not know (a GPU newer than the toolkit), an intrinsic the arch lacks (fp16 / bf16 functions below "
        "sm_53 / sm_80), or a host compiler nvcc rejects.",
        "Read nvcc's first 'error' line after 'Compilation error:'. For 'Unsupported gpu architecture' install a "
        "CUDA toolkit that knows the GPU or give the target an arch it knows (tvm.target.Target('cuda -arch=sm_XY') "
        "/ `nvidia-smi --query-gpu=compute_cap --format=csv`); for a missing half / bfloat16 function, build for "
        "the GPU's real arch (the default arch TVM reads from GPU 0) or use float32; for a host-compiler error, "
        "point nvcc at a supported gcc (NVCC_PREPEND_FLAGS='-ccbin /usr/bin/g++-12').",
        variants=(
            # issue 36, round thirty-nine: the generated code clashes with the toolkit's half / bfloat16 headers
            # (a helper defined twice or an ambiguous overload), or the generator is BitBLAS / tilelang, whose
            # releases each name the CUDA toolkit they were tested with
            Variant(
                r"\bbitblas\b|\btilelang\b|cuda_(?:fp16|bf16)\.h|has already been defined"
                r"|more than one instance of overloaded function",
                "generated code that clashes with the toolkit's half / bfloat16 headers (TVM-based kernel libraries)",
                "The generated kernel does not compile with this CUDA toolkit's headers: newer cuda_fp16.h / "
                "cuda_bf16.h define more half and bfloat16 functions and operators, so a helper the code generator "
                "emits for them is defined twice or ambiguous. Check `nvcc --version` against the CUDA version the "
                "installed TVM / BitBLAS / tilelang release was built and tested with, install that toolkit (or the "
                "library's wheel built for yours) and point CUDA_HOME / PATH at its nvcc, or upgrade the library to a "
                "release whose codegen supports the newer headers; clear its tuning cache after the change.",
            ),
        ),
        requires=_TVM + r"|nvcc\.py|compile_cuda|\bbitblas\b",
        loose=True,
        alternatives=("build-nvcc-arch-unsupported", "build-nvcc-host-compiler"),
        weight=45,
        applies="Apache TVM's CUDA codegen (tvm.contrib.nvcc.compile_cuda) and stacks that reuse it",
        shown_by=(
            _test("test_tvm_nvcc_and_its_compile_errors"),
            "tests/troubleshooting/test_round39_v39apps.py::test_nvcc_error_in_a_generated_kernel",
        ),
        example='  File "/tvm/python/tvm/contrib/nvcc.py", line 120, in compile_cuda\n    raise RuntimeError(msg)\n'
        'RuntimeError: extern "C" __global__ void default_function_kernel(half* __restrict__ A) {...}\n'
        'Compilation error:\n/tmp/tmpx/my_kernel.cu(12): error: identifier "__hmax" is undefined',
        example_source='apache/tvm python/tvm/contrib/nvcc.py (compile_cuda: msg = code; msg += "\\nCompilation '
        'error:\\n"; msg += py_str(out); raise RuntimeError(msg)), v0.14',
    ),
    KnownError(
        "tvm-argument-constraint",
        "TVM: a compiled function got an argument of another shape or dtype than it was built for (Argument "
        "X.shape[i] has an unsatisfied constraint / X.dtype is expected to be ...)",
        r"(?:Argument |\b)[\w.]{1,200}\.(?:shape\[\d{1,3}\]|strides\[\d{1,3}\]|byte_offset|elem_offset|ndim)"
        r" has an unsatisfied constraint"
        r"|(?:Argument |\b)[\w.]{1,200}\.dtype is expected to be \w{2,12}",
        "A TVM-compiled function checks every argument against what it was built for and one differs: a shape "
        "other than the static one it was compiled for (another batch, sequence length or image size), a strided "
        "or offset view where a compact array is expected, or another dtype. (An array on another device is "
        "device-mismatch.)",
        "Pass what the function was built for: the numbers in the message are the expected value and the argument "
        "it checks. For a shape, feed the compiled shape or compile with symbolic shapes (te.var / tir.Var, "
        "relax's dynamic shapes) so other sizes are allowed; for a dtype, convert the input (x.astype('float32')) "
        "or build for its dtype.",
        variants=(
            Variant(
                r"shape\[\d{1,3}\] has an unsatisfied|ndim has an unsatisfied",
                "a shape the function was not built for",
                "The function was compiled for a fixed shape and got another: pass inputs of the compiled shape (pad "
                "or batch them to it), or compile with symbolic dimensions (te.var('n') / T.int64 variables in TIR, "
                "relax.DynTensorType / R.Tensor(('n', ...)) in Relax; MLC-LLM: rebuild the model library for the "
                "context window / batch you use).",
            ),
        ),
        op=r"Argument ([\w.\[\]]{1,200}) has an unsatisfied|([\w.]{1,200})\.dtype is expected to be",
        weight=84,
        applies="Apache TVM compiled functions (tvm.build / relay / relax) and MLC-LLM model libraries",
        shown_by=(_test("test_tvm_argument_constraints"),),
        example='TVMError: Assert fail: T.Cast("int32", default_function_A_shape[0]) == 500, Argument '
        'default_function.A.shape[0] has an unsatisfied constraint: 500 == T.Cast("int32", '
        "default_function_A_shape[0])",
        example_source='apache/tvm src/tir/transforms/arg_binder.cc (ArgBinder::Bind_ / BindDLTensor: "Argument " '
        '+ arg_name + " has an unsatisfied constraint: "; arg_name + ".dtype is expected to be "), v0.14',
    ),
    KnownError(
        "tvm-device-planning",
        "TVM: heterogeneous device planning failed (VirtualDevices do not match those of call / on_device without a "
        "compute)",
        r"Function parameters and result VirtualDevices do not match those of call"
        r"|Attribute FTVMCompute has not been registered for Operator (?:on_device|device_copy)\b",
        "relay.build places every expression on a device (PlanDevices): the on_device annotations of the graph ask "
        "for one value on two devices (a variable used by a CPU op and by a GPU op) or a function called with "
        "arguments on other devices than its parameters, and the planner does not insert the copy itself; an "
        "on_device / device_copy op left in the graph (FTVMCompute not registered) means the annotations were "
        "never planned: the build was not given a target for each device.",
        "Give relay.build a target per device kind the annotations use (target={'cuda': 'cuda', 'llvm': 'llvm'} "
        "or a list of tvm.target.Target with a target_host) and the fallback device "
        "(PassContext(config={'relay.fallback_device_type': 2}) for CUDA); annotate so each value lives on one "
        "device, and put an explicit relay.device_copy where a value crosses devices; with no need for "
        "heterogeneous execution, drop the on_device annotations and build for one target.",
        weight=84,
        applies="Apache TVM Relay (heterogeneous execution: on_device / device_copy, PlanDevices since v0.9)",
        shown_by=(_test("test_tvm_device_planning_and_ops_without_compute"),),
        example="Check failed: Function parameters and result VirtualDevices do not match those of call. Call:\n"
        "free_var %x: Tensor[(10), float32];",
        example_source="apache/tvm src/relay/transforms/device_planner.cc (DeviceAnalyzer: LOG(FATAL) << "
        '"Function parameters and result VirtualDevices do not match those of call. Call:"), v0.10',
    ),
    KnownError(
        "tvm-op-no-compute",
        "TVM: an operator has no implementation for this build (Attribute FTVMCompute / FTVMStrategy has not been "
        "registered for Operator X)",
        r"Attribute FTVM(?:Compute|Strategy|Schedule|Lower|Legalize)\w{0,20} has not been registered for Operator "
        r"[\w.]{1,80}",
        "TVM found an operator in the graph with no compute / strategy registered for it: a frontend op without a "
        "TVM lowering (a gradient op, a framework-specific op the importer passed through), an op whose "
        "implementation lives in a TOPI / contrib module this build or target lacks, or an op a custom pass left "
        "behind.",
        "Name the operator the message gives and either keep it out of the model you import (export an inference "
        "graph: no training / gradient ops, fold framework-specific ops before conversion), upgrade TVM to a "
        "release that implements it, or register it yourself (relay.op.register_compute / register_strategy with "
        "a TOPI implementation for your target).",
        unless=r"Operator (?:on_device|device_copy)\b",
        op=r"has not been registered for Operator ([\w.]{1,80})",
        weight=80,
        applies="Apache TVM (Relay / NNVM / Relax op registries), every release",
        shown_by=(_test("test_tvm_device_planning_and_ops_without_compute"),),
        example="nnvm._base.NNVMError: [12:38:56] nnvm/include/nnvm/op.h:532: Check failed: idx < data_.size() && "
        "data_[idx].second: Attribute FTVMCompute has not been registered for Operator _conv2d_grad",
        example_source='apache/tvm include/tvm/ir/op.h (OpAttrMap / GenericOpMap::operator[]: "Attribute " << '
        'attr_name_ << " has not been registered for Operator " << op->name), v0.10; nnvm/include/nnvm/op.h',
    ),
)
