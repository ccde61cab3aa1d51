"""GPU kernel languages and ML compilers used directly (issue 36, round forty-one): Slang modules built into torch
extensions by slangtorch (formerly slangpy), Taichi's compiler assertions, Triton's interpreter mode, OneDiff /
OneFlow version mismatches, ptxas given a file that holds no PTX, and a TVM array freed after an earlier CUDA fault.

Each row is keyed to the wording of the library that prints it: Slang's diagnostics (``<file>.slang(<line>): error
<code>: <message>``, slang's source/slang/slang-diagnostic-defs.h) and slangtorch's ``loadModule``; Taichi's
``TI_ASSERT`` ("Assertion failure: <condition>", taichi/common/logging.h) in its "[file.cpp:function@line]" log
prefix; Triton's ``runtime/interpreter.py`` (``raise InterpreterError(repr(e)) from e`` in GridExecutor.__call__);
OneDiff's deployable module's exception log ("Exception in forward: e=...", onediff/infer_compiler/backends/oneflow/
deployable_module.py of 2024) and Python's own KeyError / AttributeError of a oneflow name; ptxas's message table
("Missing .version directive at start of file '%s'"); TVM's ``TVMArrayFree`` (src/runtime/ndarray.cc) in a C++
backtrace. What varies (a file, a line, a type) is read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round41_v41kernels.py"
_test = tests_in(_TESTS)

#: Slang's own diagnostic line: "<file>.slang(<line>): error <code>: <message>" (also with a column, and slangc's
#: "(0): error 1: ..." for a bad option), or slangc named before an error
_SLANG_DIAGNOSTIC = (
    r"\.slang\(\d{1,6}(?:,\s?\d{1,4})?\): (?:fatal )?error \d{1,5}: "
    r"|\bslangc(?:\.exe)?\b[^\n]{0,200}\berror \d{1,5}: "
)
#: the torch extension build a slangtorch (formerly slangpy) loadModule call runs
_SLANG_LOAD = r"\bslang(?:torch|py)\.loadModule\b|slang(?:torch|py)[\\/]\w{1,40}\.py\"?, line \d{1,6}, in loadModule"
#: torch's ninja build (or its summary) failed
_NINJA_FAILED = (
    r"Command '\['ninja', '-v'[^\n]{0,60}\]' returned non-zero exit status|ninja: build stopped"
    r"|Error building extension|Error compiling objects for extension"
)
#: Taichi in a text: its banner, its module, its C++ sources or its log lines' prefix
_TAICHI = r"\[Taichi\]|\btaichi\b|\bti\.kernel\b|taichi[\\/](?:ir|transforms|codegen|program)[\\/]"
#: TVM in a text
_TVM = r"\btvm\b|TVMError|TVMArrayFree|\bMLC\b|mlc_llm|tenset|auto_scheduler"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "slang-module-compile-failed",
        "Slang: slangtorch.loadModule could not build the module (slangc's diagnostics, or no CUDA for ninja)",
        _SLANG_DIAGNOSTIC + r"|(?:" + _SLANG_LOAD + r")(?=[\s\S]{0,300000}?(?:" + _NINJA_FAILED + r"))"
        r"|(?:" + _NINJA_FAILED + r")(?=[\s\S]{0,300000}?(?:" + _SLANG_LOAD + r"))",
        "slangtorch.loadModule (slangpy before it was renamed) first has slangc translate the .slang module into "
        "CUDA / C++ with its bindings, then builds that as a torch extension with ninja. The build fails when the "
        "Slang code is invalid for that step (slangc's 'error NNNNN:' lines name the line; a [CUDAKernel] / "
        "[AutoPyBindCUDA] entry point that returns a value or has no body, an undefined identifier, a construct "
        "the installed slang release does not know), or when slangc wrote no CUDA at all, so ninja finds no source "
        "to compile. ninja's exit status is only the summary.",
        "Read Slang's own error lines first: run loadModule with verbose=True (or slangc on the .slang file) and fix "
        "the line it names in the shader. An exported kernel ([AutoPyBindCUDA] [CUDAKernel]) must return void and "
        "write its results through TensorView arguments (call the differentiable helpers from inside it); use the "
        "slang / slangtorch release the module was written for (`pip install -U slangtorch` brings a newer slang). "
        "If slangc printed nothing and no .cu file is in the module's build folder, upgrade slangtorch (and on "
        "Windows run from a 'x64 Native Tools' prompt so cl.exe is found), delete that build folder and load again.",
        variants=(
            Variant(
                _SLANG_DIAGNOSTIC,
                "slangc's own error line names the shader's line",
                "slangc rejected the Slang source: the line after the .slang file name gives the file, the line and "
                "Slang's error number (30015 an undefined identifier, 30019 a type mismatch, 30xxx / 39xxx other "
                "semantic errors): fix that line in the shader, or, when the code is a published example, install "
                "the slang / slangtorch release it was written for (its syntax changes between releases). An "
                "exported [CUDAKernel] must return void and write through TensorView arguments.",
                strict=True,
                sure=True,
            ),
        ),
        weight=72,  # above the extension build's summary rows: the module's own step names the cause
        applies="slangtorch (slangpy before 1.0) loadModule / loadModuleFromSource, every platform",
        shown_by=(_test("test_slang_module_build_failures"),),
        example="rasterizer.slang(12): error 30015: undefined identifier 'pixelCoord'.",
        example_source="shader-slang/slang source/slang/slang-diagnostic-defs.h (undefinedIdentifier2, 30015) in "
        "slang's '<file>(<line>): error <code>: <message>' format",
    ),
    KnownError(
        "taichi-compiler-assertion",
        "Taichi: an assertion of Taichi's own compiler failed ([file.cpp:function@line] Assertion failure: ...)",
        r"\[[\w.-]{1,60}\.(?:cpp|h):[\w:~<>]{0,200}@\d{1,6}\] Assertion failure: ",
        "A check inside Taichi's C++ compiler (its IR passes: autodiff, type checking, offloading) failed while "
        "it compiled a kernel: a construct in the kernel that this pass does not handle, or a bug of this Taichi "
        "release. It is not a CUDA or driver problem; the Python traceback only shows where the kernel was "
        "called.",
        "Install the Taichi release the project was written and tested with (its requirements; `python -c 'import "
        "taichi'` prints the version in its banner), since such assertions come and go between releases; if it "
        "persists, rewrite the construct the assertion names (the condition after 'Assertion failure:') and "
        "report it to Taichi with the smallest kernel that hits it.",
        variants=(
            Variant(
                r"auto_?diff|\bAdStack|MakeAdjoint|MakeDual|IndependentBlocks|\bbackward\(|\.grad\b|ti\.ad\.",
                "in Taichi's autodiff pass (the backward kernel)",
                "Taichi's autodiff pass could not build the gradient kernel: the kernel breaks its rules for "
                "differentiable programs (Taichi's 'Differentiable Programming' docs): the store it names is not a "
                "plain store to a field / ndarray element (a store through a local variable, a struct member or a "
                "computed pointer), a mutable local is read after being overwritten, or a non-static loop sits "
                "inside another. First install the Taichi release the project pins (the kernels were checked "
                "against it); otherwise write each result directly into a field / ndarray element, keep the "
                "kernel's body one flat top-level loop, and report it to Taichi with the kernel.",
            ),
        ),
        requires=_TAICHI,
        weight=74,
        applies="Taichi (ti.kernel, its autodiff and IR passes), 1.x",
        shown_by=(_test("test_taichi_compiler_assertions"),),
        example="[E 12/13/23 07:36:09.728 2276023] [type_check.cpp:visit@120] Assertion failure: "
        "stmt->ret_type->is_primitive(PrimitiveTypeID::i32)\n[Taichi] version 1.6.0, llvm 15.0.4",
        example_source="taichi-dev/taichi taichi/common/logging.h (TI_ASSERT: 'Assertion failure: ' #x, logged with "
        "the [file:function@line] prefix), 1.x",
    ),
    KnownError(
        "triton-interpreter-error",
        "Triton interpreter mode (TRITON_INTERPRET=1): InterpreterError (the kernel failed when run on the CPU)",
        r"\bInterpreterError\b|triton[\\/]runtime[\\/]interpreter\.py|not supported in interpreter mode",
        "With TRITON_INTERPRET=1 Triton runs a @triton.jit kernel on the CPU through its interpreter "
        "(triton/runtime/interpreter.py), which wraps whatever the kernel raised in InterpreterError (its "
        "message is that exception's repr): a call whose arguments do not fit the kernel's signature, a tl "
        "function or construct this Triton's interpreter does not implement, or a plain bug in the kernel "
        "(an index or shape error the interpreter now shows in Python).",
        "Read the exception inside InterpreterError (the line 'The above exception was the direct cause' "
        "points at, or the repr in its message) and the kernel line it names. Launch the kernel over its grid with "
        "the arguments its signature takes (constexpr values as keywords); set TRITON_INTERPRET=1 before "
        "triton is imported; and use a Triton release whose interpreter has the op (the interpreter gained ops "
        "release by release: `pip install -U triton`, or the torch + triton pair of a newer torch), or the "
        "patched interpreter a tutorial ships with.",
        requires=r"\btriton\b|TRITON_INTERPRET|\btl\.\w",
        weight=66,
        applies="OpenAI Triton 2.2 and later with TRITON_INTERPRET=1 (Triton-Puzzles, tutorials, kernel debugging)",
        shown_by=(_test("test_triton_interpreter_errors"),),
        example="File /site-packages/triton/runtime/interpreter.py:1095, in GridExecutor.__call__(self, *args_dev, "
        '**kwargs)\nInterpreterError: TypeError("kernel() takes 0 positional arguments but 1 was given")',
        example_source="triton-lang/triton python/triton/runtime/interpreter.py (GridExecutor.__call__: raise "
        "InterpreterError(repr(e)) from e), 3.0",
    ),
    KnownError(
        "onediff-oneflow-version-mismatch",
        "OneDiff / OneFlow: a oneflow name is missing (KeyError(oneflow.float16), no attribute of oneflow): "
        "onediff and oneflow of different releases",
        r"\bKeyError[(: ]{1,2}<?oneflow\.\w{1,40}"
        r"|module 'oneflow(?:\.[\w.]{1,60})?' has no attribute '\w{1,60}'"
        r"|cannot import name '\w{1,60}' from 'oneflow(?:\.[\w.]{1,60})?'"
        r"|\bonediff[\w\\/.-]{0,200}deployable_module\.py:\d{1,6} - Exception in \w{1,40}: e=",
        "OneDiff's oneflow backend converts the torch module to OneFlow and maps torch types and ops to oneflow's "
        "by name; a name the installed oneflow lacks (a dtype missing from the map, an attribute, an import) "
        "means onediff (or onediffx) and oneflow come from different releases (a oneflow nightly newer or older "
        "than the onediff it runs with), so the lookup fails when the compiled module first runs.",
        "Install onediff, onediffx and oneflow of one release, as OneDiff's README / release notes pair them (the "
        "oneflow nightly for your CUDA that the onediff release names; `pip list | grep -i -E 'onediff|oneflow'` "
        "shows what is installed), in a fresh environment if pip mixed them; or compile with OneDiff's nexfort "
        "backend (backend='nexfort'), which needs no oneflow.",
        requires=r"\bonediff|\boneflow\b|oneflow_compile",
        weight=70,
        applies="OneDiff (onediff / onediffx with the oneflow backend), 0.12 to 1.x",
        shown_by=(_test("test_onediff_oneflow_lookups"),),
        example="ERROR [2024-07-03 07:01:29] /usr/lib/python3/site-packages/onediff/infer_compiler/backends/oneflow/"
        "deployable_module.py:38 - Exception in forward: e=KeyError(oneflow.bfloat16)",
        example_source="siliconflow/onediff onediff/infer_compiler/backends/oneflow/deployable_module.py "
        "(handle_deployable_exception: logger.error(f'Exception in {func.__name__}: {e=}')), 2024",
    ),
    KnownError(
        "ptxas-input-not-ptx",
        "ptxas: Missing .version directive at start of file (the file it was given holds no PTX: the step before "
        "wrote nothing)",
        r"Missing \.version directive at start of file"
        r"|\bptxas\b[^\n]{0,300}, line 1; (?:fatal|error)\s{0,4}: (?:Unexpected end of file|syntax error)",
        "ptxas checks that a PTX file starts with its .version directive; this one does not, so what ptxas was "
        "given is empty or not PTX at all: the step that should have written it (LLVM's llc / clang with the "
        "NVPTX back end, a code generator, an instrumentation pass) failed or wrote nothing, or another process "
        "was still writing the file.",
        "Look at the .ptx file ptxas names (`head -5 file.ptx`: it must start with '.version' and '.target'); if "
        "it is empty, rerun the step that writes it and read its errors. For LLVM's NVPTX back end, check the LLVM "
        "in use was built with it (`llc --version` lists nvptx / nvptx64 under 'Registered Targets'; "
        "LLVM_TARGETS_TO_BUILD must include NVPTX) and is the LLVM version the tool expects, and that llc was "
        "given -march=nvptx64 and -mcpu=sm_XY.",
        variants=(
            Variant(
                r"\bxla\b|XLA_FLAGS|\bjax(?:lib)?\b|\btensorflow\b",
                "XLA (JAX / TensorFlow) running ptxas on its own temporary files",
                "XLA wrote the PTX to a temporary file and ran ptxas on it: a file that is empty when ptxas reads "
                "it means several processes or compile threads raced on the temporary folder, or it was full. Give "
                "each process its own TMPDIR with free space, start several GPU workers a few seconds apart, and "
                "update jax / jaxlib with its CUDA wheels (or XLA_FLAGS=--xla_gpu_force_compilation_parallelism=1).",
                strict=True,
            ),
        ),
        weight=72,
        applies="ptxas of every CUDA toolkit, run by a build (Makefile, LLVM-based tools) or a JIT compiler",
        shown_by=(_test("test_ptxas_given_no_ptx"),),
        example="ptxas kernel.ptx, line 1; fatal   : Missing .version directive at start of file 'kernel.ptx'\n"
        "ptxas fatal   : Ptx assembly aborted due to errors",
        example_source="ptxas's message table (main: fatal 'Missing .version directive at start of file '%s''), "
        "CUDA 8-12",
    ),
    KnownError(
        "tvm-free-after-cuda-error",
        "TVM: freeing an NDArray raised a TVMError (TVMArrayFree in a finalizer): the echo of an earlier CUDA fault",
        r"\bTVMArrayFree\b|CUDADeviceAPI::FreeDataSpace",
        "A TVM NDArray was freed (Python's finalizer called TVMArrayFree) and CUDA's cudaFree reported an error. "
        "cudaFree does not fail by itself: an earlier kernel (a generated or measured program, an out-of-bounds "
        "access, a launch with an invalid configuration) left a sticky CUDA error in the context, and every "
        "later call, the free included, reports it.",
        "Find the first CUDA error above this one: rerun with CUDA_LAUNCH_BLOCKING=1 (and compute-sanitizer) so "
        "the failing kernel reports itself. When measuring auto-scheduler / AutoTVM candidates, measure in "
        "separate processes (an RPC runner / LocalRunner with a timeout, not the local process), so one bad "
        "candidate cannot poison the rest, and make sure the TVM build's CUDA and target arch match the GPU "
        "(`tvm.support.libinfo()`, target 'cuda -arch=sm_XY').",
        requires=_TVM,
        weight=60,
        applies="Apache TVM (and forks: tenset, MLC) on CUDA",
        shown_by=(_test("test_tvm_free_echoes_an_earlier_cuda_fault"),),
        example="tvm._ffi.base.TVMError: Traceback (most recent call last):\n  5: TVMArrayFree\n        at "
        "/tvm/src/runtime/ndarray.cc:295\n  4: tvm::runtime::NDArray::FFIDecRef(DLTensor*)",
        example_source="apache/tvm src/runtime/ndarray.cc (TVMArrayFree) and src/runtime/cuda/cuda_device_api.cc "
        "(FreeDataSpace: CUDA_CALL(cudaFree(ptr))), v0.8-0.14",
    ),
)
