"""Shared libraries, symbols and native builds in the loaders' and linkers' own words (issue 36, round eleven): a CUDA
library and its companion from two releases ("undefined symbol: X, version libcublasLt.so.11"), an extension's
undefined torch C symbol (THPVariableClass: imported before torch, or built for another torch), an undefined C++
standard-library symbol (libstdc++ of another compiler), and a CUDA 13 link failure of template kernels (nvcc's
static global template stubs). Each pattern is keyed to the library's own wording, cited in `example_source`;
versions, names and paths are read from the text, never written into a pattern. The classes that belong to core rows
are variants there: cuDNN 8's Windows DLL loader and a DLL under another CUDA major's folder (cuda-library-major),
only the unversioned libcuda.so missing (driver-library-missing), a missing tensorrt module in a user's prose
(tensorrt-module-missing).
"""

from __future__ import annotations

from ..entry import MEDIA_TOOL_LOADER_LINE, KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round11_p2libs.py"
_SHOWN_49 = "tests/troubleshooting/test_round49_v49x.py"

#: a symbol of CPython's C API after the loader's words (glibc: "undefined symbol: PyUnicode_AsUTF8"; macOS dyld:
#: "Symbol not found: __Py_Dealloc", its leading underscore added): Py<Type>_<Name>, Py_<Name> or a private _Py... name;
#: PyInit_<module> is the module's own entry point (extension-no-module-init), not the interpreter's
_PY_SYMBOL = (
    r"(?:undefined symbol|Symbol not found):? {0,2}_?(?!PyInit_)"
    r"(?:Py[A-Z][A-Za-z]{1,30}_[A-Za-z]\w{0,60}|Py_[A-Z]\w{1,60}|_Py_?[A-Z]\w{1,60})\b"
)

#: the CUDA math libraries whose sonames carry symbol versions (libcublasLt.so.11, libnvJitLink.so.12); libcudart's
#: own ("version libcudart.so.11.0") is torch_runtime's cuda-cudart-shadowed
_CUDA_LIBS = r"(?:cublasLt|cublas|cudnn\w{0,24}|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nccl)"

_R57 = tests_in("tests/troubleshooting/test_round57_v57.py")

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "cuda-library-mixed-versions",
        "A CUDA library and its companion from two releases ('undefined symbol: X, version libcublasLt.so.11')",
        # (a mangled C++ symbol of cuDNN 8's sub-libraries runs past 150 characters, issue 36, round forty-two)
        rf"undefined symbol: [\w@.]{{1,400}}\s{{0,2}}, version lib{_CUDA_LIBS}\.so\.\d{{1,3}}"
        # torch's own warning when cuDNN 8's sub-library would not open (aten/src/ATen/native/cudnn/Conv_v8.cpp:
        # "Attempt to open cnn_infer failed: handle=0 error: <dlerror>"), its error an undefined symbol: the
        # sub-library found lacks what its companion of another cuDNN build exports (round forty-two)
        r"|Attempt to open \w{1,30} failed: handle=0 error: [^\n]{0,400}?libcudnn\w{0,24}\.so[\d.]{0,12}: "
        r"undefined symbol"
        # issue 36, round forty-one: nvJitLink's own versioned entry points (__nvJitLinkComplete_12_3), named
        # without the version part (an issue title, a loader line cut short): only a newer nvJitLink has them
        r"|undefined symbol:? {0,2}__nvJitLink\w{1,60}_1\d_\d{1,2}\b"
        rf"|symbol lookup error: [^\n]{{0,300}}lib{_CUDA_LIBS}\.so[\d.]{{0,12}}: undefined symbol",
        "Two libraries of one CUDA stack were loaded from different releases: the first (named before "
        "'undefined symbol') calls a versioned entry point of its companion (named after 'version') that the copy "
        "found does not have: cuBLAS and cuBLASLt from two CUDA minors, cuSPARSE with an older nvJitLink, cuDNN's "
        "sub-libraries of two cuDNN versions. A CUDA folder on LD_LIBRARY_PATH (or a conda / pip copy) supplies one "
        "and the framework's own files the other.",
        "Make the loader take both from one release: `ldd <the library named first> | grep -E 'cublas|nvJitLink|"
        "cudnn'` shows where each resolves; remove the other CUDA folder from LD_LIBRARY_PATH (or put the toolkit "
        "the framework was built for first), or install the framework build for the CUDA you have. Do not copy or "
        "symlink single .so files between releases.",
        variants=(
            Variant(
                r"version libnvJitLink\.so|undefined symbol:? {0,2}__nvJitLink\w{1,60}_1\d_\d",
                "nvJitLink older than cuSPARSE / cuFFT",
                "cuSPARSE (or cuFFT) of a newer CUDA 12 minor found an older libnvJitLink.so.12: with pip's CUDA "
                "library wheels (torch's, qiskit-aer-gpu's), `pip install -U nvidia-nvjitlink-cu12` (to at least the "
                "cusparse wheel's minor) and unset LD_LIBRARY_PATH / drop /usr/local/cuda/lib64 from it so the "
                "wheels' copies are loaded together.",
            ),
            Variant(
                r"version libcudnn\w{0,24}\.so|Attempt to open \w{1,30} failed: handle=0 error: [^\n]{0,400}?libcudnn",
                "cuDNN sub-libraries of two cuDNN versions",
                "libcudnn_*.so of two cuDNN releases are on the loader path (a system cuDNN and the nvidia-cudnn "
                "wheel or the framework's bundled one): `ldconfig -p | grep cudnn` and `pip list | grep cudnn` list "
                "them; remove the system folder from LD_LIBRARY_PATH (or uninstall one) so all cuDNN files come "
                "from the release the framework needs (or reinstall torch so its own nvidia-cudnn wheel is complete). "
                "With a sub-library unusable, cuDNN has no engine for the op, so a later 'GET was unable to find an "
                "engine' / 'Unable to find a valid cuDNN algorithm' is this failure's consequence, not a lack of "
                "memory.",
            ),
            Variant(
                r"\bPaddle\b|paddle",
                "Paddle",
                "Paddle loads cuBLAS / cuBLASLt / cuDNN at run time from LD_LIBRARY_PATH: make one CUDA release the "
                "one found (the toolkit the paddlepaddle-gpu wheel was built for, e.g. post112 = CUDA 11.2, first on "
                "LD_LIBRARY_PATH, with its cuDNN), or install the paddlepaddle-gpu build for the CUDA you have; "
                "`python -c 'import paddle; paddle.utils.run_check()'` checks it.",
                product="paddle",
            ),
        ),
        op=rf"(lib{_CUDA_LIBS}\.so[\d.]{{0,12}}): undefined symbol",
        # logged as a warning (torch's "Attempt to open cnn_infer failed", a framework's loader warning) it still means
        # the library named first will not load: the cause of the "no engine" error after it (round forty-two)
        severity="warns-of-failure",
        weight=92,  # a fatal loader error: above fw-cuda-library-older's warning beside it (88)
        applies="Linux, any framework loading CUDA's math libraries (torch, Paddle, TensorFlow, CTranslate2)",
        shown_by=(f"{_SHOWN}::test_cuda_libraries_of_two_releases",),
        example="python: symbol lookup error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcublas.so: undefined "
        "symbol: init_gemm_select, version libcublasLt.so.11",
        example_source="glibc's dynamic loader (elf/dl-lookup.c: 'symbol lookup error', 'undefined symbol: %s, "
        "version %s'); https://github.com/wzmsltw/PaintTransformer/issues/12",
    ),
    KnownError(
        "extension-torch-c-symbol",
        "An extension's undefined torch C symbol (undefined symbol: THPVariableClass): imported before torch, or "
        "built for another torch",
        r"\.so(?:\.\d{1,3})?: undefined symbol: (?:THP[A-Z]\w{1,60}|THC[A-Za-z_]\w{0,60}|TH[A-Z][a-z]\w{0,60}"
        r"|state)\b",
        "A compiled torch extension calls C symbols that live in torch's own libraries (THPVariableClass in "
        "libtorch_python, THC* / TH* in old torch): the loader finds them only once `import torch` has loaded "
        "those libraries, and only if the installed torch still exports them (the extension was built for this "
        "torch).",
        "Import torch before the extension (`import torch` first, then `import <extension>`); if it already is, the "
        "extension was built for another torch: rebuild it against the installed one (`pip install "
        "--no-build-isolation --force-reinstall --no-cache-dir .` in its source, or `python setup.py install` after "
        "deleting its build/ folder).",
        variants=(
            Variant(
                r"undefined symbol: (?:state|THC\w{0,60})\b|torch\.utils\.ffi|create_extension|[\\/]_ext[\\/]",
                "an FFI / THC extension (torch.utils.ffi)",
                "The extension links torch's old THC C API (the THCState 'state', THC* functions): it must run with "
                "a torch that exports them and be rebuilt against it. Upgrade to a fixed torch binary of the same "
                "release (a packaging bug dropped 'state' from some builds), rebuild the extension (`python "
                "build.py` / setup.py after deleting its build files), and import torch before it; torch >= 1.0 "
                "removed torch.utils.ffi and THC: port it to torch.utils.cpp_extension.",
            ),
        ),
        unless=r"libtorchtrt",
        weight=85,
        applies="compiled torch extensions (cpp_extension, old torch.utils.ffi), Linux",
        shown_by=(f"{_SHOWN}::test_an_extension_missing_torch_c_symbols",),
        example="lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass",
        example_source="glibc's dlopen wording (elf/dl-lookup.c); https://github.com/pytorch/extension-cpp/issues/6",
    ),
    KnownError(
        "extension-libstdcxx-symbol",
        "An undefined C++ standard-library symbol (undefined symbol: _ZNSt…, std::…): built with another "
        "compiler's libstdc++",
        r"undefined symbol: _ZN?K?(?:St|Sa|Ss|Si|So)\d{0,3}\w{1,200}|undefined symbol: _ZT[ISV]N?St\w{1,120}"
        r"|undefined symbol: __cxa_\w{1,40}",
        "The compiled module references a symbol of the C++ standard library (std::..., mangled _ZNSt / _ZSt) that "
        "the libstdc++ loaded at run time does not export: it was built with a newer GCC than the libstdc++ the "
        "process loads (a conda environment's older libstdc++.so.6 ahead of the system's), or with the other "
        "libstdc++ string ABI (std::__cxx11, _GLIBCXX_USE_CXX11_ABI).",
        "Make the build and the run use one libstdc++: rebuild the extension with the compiler of the environment "
        "that runs it (conda: `conda install -c conda-forge gxx_linux-64` or build outside conda), or load a new "
        "enough libstdc++ (`conda install -c conda-forge libstdcxx-ng`, or `LD_PRELOAD=/usr/lib/x86_64-linux-gnu/"
        "libstdc++.so.6`); `strings $(dirname $(which python))/../lib/libstdc++.so.6 | grep GLIBCXX_` shows what the "
        "env's copy provides.",
        variants=(
            Variant(
                r"undefined symbol: _ZN?K?St7__cxx11",
                "the libstdc++ string ABI (std::__cxx11)",
                "The module was compiled with the other libstdc++ string ABI than the library it links (torch "
                "wheels before 2.7 used the old ABI, later ones the new): build it with torch's flag (`python -c "
                "'import torch; print(torch._C._GLIBCXX_USE_CXX11_ABI)'` -> -D_GLIBCXX_USE_CXX11_ABI=0 or 1; "
                "torch.utils.cpp_extension sets it for you), then reinstall.",
            ),
        ),
        alternatives=("glibc-version-too-old",),
        weight=84,
        applies="compiled C++ extensions and native modules on Linux (GCC / libstdc++)",
        shown_by=(f"{_SHOWN}::test_an_undefined_cxx_standard_library_symbol",),
        example="ImportError: /home/user/DDF/ddf/ddf_mul_ext.cpython-37m-x86_64-linux-gnu.so: undefined symbol: "
        "_ZNSt15__exception_ptr13exception_ptr9_M_addrefEv",
        example_source="glibc's dlopen wording (elf/dl-lookup.c) with a libstdc++ symbol; "
        "https://github.com/thefoxofsky/ddfnet/issues/7",
    ),
    KnownError(
        "build-cuda13-template-stub",
        "undefined reference at the link of a CUDA extension under CUDA 13 (nvcc's static global template stubs)",
        r"undefined reference to [`'\"]?(?:void )?__device_stub__\w{1,200}"
        # not a CUDA API call (a library missing from the link) nor a libtorch symbol: their rows answer those
        r"|undefined reference(?! to [`'\"]?(?:cuda|cublas|cudnn|cufft|curand|cusparse|cusolver|nvrtc|nccl|cu|nv)"
        r"[A-Z])(?! to [`'\"]?(?:c10|torch)::)",
        "CUDA 13's nvcc makes the host stubs of __global__ function templates static (internal linkage) by default "
        "(-static-global-template-stub=true), so a kernel template instantiated in one .cu file and launched from "
        "another no longer links: code written for CUDA 12 fails with undefined references.",
        "Restore the old linkage until the project's source is updated: add `-static-global-template-stub=false` to "
        "the nvcc flags (setup.py extra_compile_args={'nvcc': [...]}, NVCC_FLAGS / NVCC_APPEND_FLAGS, CMake "
        "CMAKE_CUDA_FLAGS), or build with a CUDA 12.x toolkit and a torch built for it (cu12x); update the project "
        "when it declares the templates for CUDA 13.",
        requires=r"\+cu13\d|\bcu13\d\b|cuda[-:_ /]?1[3-9]\.\d|CUDA 1[3-9]\b|release 1[3-9]\.\d|__device_stub__",
        weight=80,  # above build-cuda-link-error (78) and build-libtorch-link-error (79)
        applies="CUDA 13+ builds of extensions with templated kernels (pytorch3d, custom ops)",
        shown_by=(f"{_SHOWN}::test_a_cuda13_link_failure_of_template_kernels",),
        example="(build with torch 2.9.0+cu130 in nvcr.io/nvidia/cuda:13.0.1-devel-ubuntu24.04 fails with 'undefined "
        "reference' linker errors)",
        example_source="CUDA 13.0 release notes (nvcc: -static-global-template-stub default); "
        "https://github.com/facebookresearch/pytorch3d/issues/2011",
    ),
    KnownError(
        "loader-executable-stack",
        "cannot enable executable stack as shared object requires (glibc 2.41+ refuses a library marked execstack)",
        r"cannot enable executable stack as shared object requires",
        "The shared library is marked as needing an executable stack (an old assembler or linker flag in its build); "
        "glibc 2.41 and later no longer make the stack executable for a library loaded with dlopen (a Python "
        "extension, a plugin), so the load fails on new distributions (Fedora 42, Arch, Ubuntu 25.04+) and in "
        "hardened kernels (SELinux execmem).",
        "Install a release of the package whose library no longer carries the flag (most projects rebuilt with "
        "-Wl,-z,noexecstack after glibc 2.41); meanwhile clear the flag on the file the message names: `patchelf "
        "--clear-execstack <that .so>` (patchelf 0.18+, or `execstack -c <that .so>`), or run on a distribution / "
        "container image with an older glibc.",
        weight=86,
        applies="Linux with glibc 2.41+ (or SELinux denying execmem), any dlopen-ed native library",
        shown_by=(f"{_SHOWN}::test_loader_refusals_in_their_own_words",),
        example="ImportError: /usr/lib/python3.13/site-packages/onnxruntime/capi/onnxruntime_pybind11_state.so: "
        "cannot enable executable stack as shared object requires: Invalid argument",
        example_source="glibc's dynamic loader (elf/dl-load.c, _dl_map_segments / the execstack check; glibc 2.41 "
        "NEWS: dlopen no longer makes the stack executable)",
    ),
    KnownError(
        "loader-wrong-architecture",
        "A native library of another architecture (wrong ELF class: ELFCLASS32, mach-o 'incompatible architecture')",
        r"wrong ELF class: ELFCLASS\d{2}"
        r"|mach-o file, but is an incompatible architecture \(have '?\w{1,12}'?, need '?\w{1,12}'?\)"
        r"|incompatible architecture \(have \(?'?\w{1,12}'?\)?, need \(?'?\w{1,12}'?\)?\)",
        "The loader found a library built for another architecture than the process: 32-bit where the process is "
        "64-bit (ELFCLASS32), or on macOS an x86_64 library in an arm64 Python (or the reverse: a Rosetta "
        "terminal, an x86_64 conda / Homebrew under /usr/local, a wheel of the other platform).",
        "Install the package's build for this machine's architecture into an interpreter of the same architecture: "
        "`python -c 'import platform; print(platform.machine())'` and `file <the library named>` must agree; on "
        "Apple silicon use an arm64 Python (Miniforge / conda osx-arm64, Homebrew under /opt/homebrew) and "
        "reinstall the package with `pip install --force-reinstall --no-cache-dir`; on Linux install the 64-bit "
        "library (not the i386 one) or the wheel for your platform (aarch64 vs x86_64).",
        weight=84,
        applies="Linux (ELF) and macOS (Mach-O) loaders; any native extension or library",
        shown_by=(f"{_SHOWN}::test_loader_refusals_in_their_own_words",),
        example="ImportError: dlopen(/Users/u/venv/lib/python3.11/site-packages/torch/_C.cpython-311-darwin.so, "
        "0x0002): tried: '/Users/u/venv/lib/python3.11/site-packages/torch/_C.cpython-311-darwin.so' (mach-o file, "
        "but is an incompatible architecture (have 'x86_64', need 'arm64'))",
        example_source="macOS dyld's load error (dyld3 'tried:' list); glibc's elf/dl-load.c ('wrong ELF class: "
        "ELFCLASS32')",
    ),
    KnownError(
        "extension-no-module-init",
        "dynamic module does not define module export function (PyInit_X): the .so is not the module of that name",
        r"dynamic module does not define (?:module export|init) function \(PyInit_\w{1,80}|"
        r"dynamic module does not define init function \(init\w{1,80}\)",
        "CPython loaded the extension file but found no PyInit_<name> for the name it was imported as: the file was "
        "renamed or copied under another name, the build's module name (setup.py Extension name, "
        "PYBIND11_MODULE / TORCH_EXTENSION_NAME) differs from the file's, or it was built for Python 2 "
        "(init<name>) or is a plain C library rather than a Python extension.",
        "Import the module under the name it was built with, or rebuild it so the names agree (the Extension's "
        "name = the file's base name = the name in PYBIND11_MODULE(name, m) / TORCH_EXTENSION_NAME); rebuild it for "
        "this Python 3 (`pip install --force-reinstall --no-cache-dir .` after deleting build/); `nm -D <file> | grep "
        "PyInit_` shows the name it exports.",
        variants=(
            Variant(
                r"cv_bridge|/opt/ros/",
                "ROS's cv_bridge under Python 3",
                "ROS 1 Melodic (and older) builds cv_bridge for Python 2: under python3 build vision_opencv "
                "(cv_bridge) from source for Python 3 in a catkin workspace (`catkin config "
                "-DPYTHON_EXECUTABLE=/usr/bin/python3` with the python3 headers and numpy), source that workspace "
                "after /opt/ros, or move to a ROS release built for Python 3 (Noetic, ROS 2).",
            ),
        ),
        weight=82,
        applies="compiled Python extensions (setuptools, pybind11, torch cpp_extension, Cython)",
        shown_by=(f"{_SHOWN}::test_loader_refusals_in_their_own_words",),
        example="ImportError: dynamic module does not define module export function (PyInit__ext)",
        example_source="CPython's Python/importdl.c (_PyImport_LoadDynamicModuleWithSpec: 'dynamic module does not "
        "define module export function (%s)')",
    ),
    # ---- issue 36, round forty-nine: a Python C-API symbol the running interpreter does not export -----------------
    KnownError(
        "extension-python-abi-symbol",
        "undefined symbol: _Py_Dealloc / PyUnicode_… / PyString_… (a compiled module built for another Python than "
        "the one that loads it)",
        # glibc's loader (elf/dl-lookup.c: "undefined symbol: %s") and macOS dyld ("Symbol not found: _%s", the
        # Mach-O underscore before the C name) with a symbol of CPython's C API: Py<Type>_<Name> (PyUnicode_AsUTF8,
        # PyString_FromString, PyExc_RuntimeError, PyFloat_Type), Py_<Name> (Py_InitModule4_64) or a private
        # _Py<Name> / _Py_<Name> (_Py_Dealloc, _Py_ZeroStruct, _PyThreadState_UncheckedGet)
        _PY_SYMBOL,
        "The compiled module (a .so / .pyd: a C or Cython extension, a cffi or pybind11 library, a module shipped "
        "prebuilt in a repository or a wheel) calls a function of CPython's C API that the interpreter loading it "
        "does not export: it was built for another Python. Python 3's symbols (_Py_Dealloc, PyUnicode_*, "
        "PyBytes_*) are missing in Python 2, Python 2's (PyString_*, PyInt_*, Py_InitModule4*, _Py_ZeroStruct, "
        "PyCObject_*) in Python 3, and private _Py* functions change between 3.x minors (a build for 3.8 loaded by "
        "3.11); a debug or free-threaded interpreter exports other names again. A native program that loads the "
        "module without an interpreter (a C++ application, a plugin) has no Python symbols at all.",
        "Run the module with the Python it was built for, or rebuild it with the interpreter that runs it: `python "
        "-c 'import sys; print(sys.version, sys.executable)'` names that interpreter; in the module's source delete "
        "the old build outputs (build/, *.so / *.pyd, cffi's generated _*.c) and rebuild with that same python "
        "(`python setup.py build_ext --inplace` or `python -m pip install --no-build-isolation --force-reinstall "
        "--no-cache-dir .`), or install the wheel whose tag matches the interpreter (cp310 for 3.10). A prebuilt "
        "library that a repository ships was made for the Python (and torch) its README names: use those versions "
        "or rebuild it as above. A C++ program that loads a Python extension must link libpython (or load it with "
        "RTLD_GLOBAL) first.",
        weight=84,
        applies="any compiled Python extension (C / Cython / cffi / pybind11 / torch extensions) on Linux and macOS",
        shown_by=(f"{_SHOWN_49}::test_an_extension_built_for_another_python",),
        example="ImportError: /home/u/proj/lib/ops/_ops.so: undefined symbol: PyUnicode_AsUTF8",
        example_source="glibc's dynamic loader (elf/dl-lookup.c: 'undefined symbol: %s') with a symbol of CPython's "
        "C API (the sources of CPython 2.7 and 3.x: Include/object.h, unicodeobject.h); "
        f"{_SHOWN_49}",
    ),
    # ---- issue 36, round twenty-six: an MPI symbol the loaded libmpi lacks ------------------------------------------
    KnownError(
        "mpi-library-mismatch",
        "undefined symbol: ompi_… / MPI_… (a library linked against one MPI loads another MPI's libmpi), or "
        "cuQuantum's distributed failure (its MPI wrapper built for another MPI)",
        # glibc's loader (elf/dl-lookup.c: "undefined symbol: %s") with a symbol of an MPI library: Open MPI's own
        # prefixes (ompi_ / opal_ / orte_ / mca_ / pmix_), MPICH's internals (MPIR_ / MPID_ / MPII_), the standard's
        # MPI_ / PMPI_ / MPIX_ functions
        r"undefined symbol:\s{0,2}(?:ompi_|opal_|orte_|mca_|pmix_|MPIR_|MPID_|MPII_|PMPI_|MPIX?_)\w{1,80}"
        # issue 36, round forty-one: cuQuantum's distributed mode, whose MPI wrapper library (CUTENSORNET_COMM_LIB /
        # CUDENSITYMAT_COMM_LIB) was built against another MPI than the one running: its status names (cutensornet.h,
        # cudensitymat.h, custatevec.h) and PennyLane Lightning's words for cuStateVec's ("custatevec communicator
        # failure", cuStateVecError.hpp)
        r"|\bCU(?:TENSORNET|DENSITYMAT)_STATUS_DISTRIBUTED_FAILURE\b|\bCUSTATEVEC_STATUS_COMMUNICATOR_ERROR\b"
        r"|\bcustatevec communicator failure\b",
        "A library (a framework's own .so built with MPI support, mpi4py, Horovod, a solver) was linked against one "
        "MPI (Open MPI 5, an older Open MPI, MPICH, HPC-X) and the loader resolved libmpi to another release or "
        "implementation that lacks the symbol named (ompi_* / opal_* are Open MPI's, MPIR_* / MPID_* MPICH's): an "
        "older MPI first on LD_LIBRARY_PATH, a cluster module, or a container image that ships its own MPI beside "
        "the one the framework was built against.",
        "`ldd <the library the message names> | grep -i mpi` shows which libmpi resolves, and `ldconfig -p | grep "
        "libmpi` / `mpirun --version` which ones are installed: put the MPI the library was built against first on "
        "LD_LIBRARY_PATH (or unload / remove the other MPI module or package), or install a build of the library "
        "made for the MPI you have (mpi4py: `pip install --no-binary mpi4py --force-reinstall mpi4py` with that "
        "MPI's mpicc on PATH). In a container or CI image, fix the image's LD_LIBRARY_PATH order, or use a base "
        "image whose framework matches the MPI it bundles.",
        variants=(
            Variant(
                r"_STATUS_(?:DISTRIBUTED_FAILURE|COMMUNICATOR_ERROR)\b|custatevec communicator failure",
                "cuQuantum's distributed mode (its MPI wrapper library built for another MPI)",
                "cuQuantum's distributed mode (cuTensorNet / cuDensityMat / cuStateVec across MPI ranks) talks to MPI "
                "through a small wrapper library named by CUTENSORNET_COMM_LIB (CUDENSITYMAT_COMM_LIB for "
                "cuDensityMat), and that wrapper was built against another MPI implementation than the one that "
                "runs (Open MPI and MPICH pass MPI_Comm differently, so the communicator handed over is misread) or "
                "is not set. Build the wrapper against the MPI you launch with: in the cuQuantum distribution's "
                "distributed_interfaces folder run its activate_mpi script (it compiles "
                "libcutensornet_distributed_interface_mpi.so with that MPI's mpicc and sets CUTENSORNET_COMM_LIB), "
                "use the same MPI for mpi4py and mpiexec (`mpiexec --version`, `python -c 'import mpi4py; "
                "print(mpi4py.get_config())'`), or run with the MPI the wrapper was built for.",
                strict=True,
            ),
        ),
        weight=84,
        applies="Linux, any library built with MPI support (framework builds in NGC-style images, mpi4py, Horovod, "
        "cuQuantum's distributed mode)",
        shown_by=("tests/troubleshooting/test_round26_v26ci.py::test_an_mpi_symbol_the_loaded_libmpi_lacks",),
        example="ImportError: /opt/venv/lib/libfoo_mpi.so: undefined symbol: ompi_mpi_comm_world",
        example_source="glibc's dlopen wording (elf/dl-lookup.c) with Open MPI's exported object names "
        "(ompi/include/mpi.h.in: ompi_mpi_comm_world, ompi_mpi_float, ...)",
    ),
    # ---- issue 36, round thirty-two: a media helper tool that cannot start ------------------------------------------
    KnownError(
        "tool-shared-library-not-found",
        "A media helper tool cannot start: ffmpeg / sox / gst-launch: error while loading shared libraries: lib….so",
        # ld.so's "%s: error while loading shared libraries: %s: %s" (elf/rtld.c) naming a media tool as the program
        MEDIA_TOOL_LOADER_LINE + r"lib[\w+-]{1,40}\.so(?:\.\d+){0,3}",
        "A command-line tool the pipeline runs beside the framework (ffmpeg to write or read a video, sox, "
        "gst-launch, ImageMagick) cannot start: that binary was built against a library that is not installed here "
        "(an ffmpeg compiled with an old OpenCV or libav* release, a copy left in /usr/local/bin from an earlier "
        "source build). It is the tool's own problem, apart from the framework: an error the same text shows from "
        "the model or the GPU is a separate failure, and the one to fix first.",
        "If the text shows another failure (a CUDA, cuDNN or Python error), explain and fix that one first; then "
        "give the tool a working build: `ldd $(which ffmpeg) | grep 'not found'` names what it lacks and `which -a "
        "ffmpeg` whether an old copy shadows the distribution's. Install a self-contained build (`conda install -c "
        "conda-forge ffmpeg` in the environment, a static ffmpeg, or `sudo apt-get install --reinstall ffmpeg` "
        "after removing the stale copy), or install the library release it names (the number after .so).",
        op=r"(lib[\w+-]{1,40}\.so(?:\.\d+){0,3})",
        # below every failure, a cuDNN or CUDA error logged on an info line included: a helper tool's loader line is
        # the answer only to a text that shows nothing else
        weight=30,
        applies="Linux, media tools a vision / video pipeline calls (ffmpeg, ffprobe, sox, GStreamer, ImageMagick)",
        shown_by=("tests/troubleshooting/test_round32_v32vision.py::test_a_media_tools_missing_library",),
        example="ffmpeg: error while loading shared libraries: libavdevice.so.58: cannot open shared object file: No "
        "such file or directory",
        example_source="glibc elf/rtld.c (_dl_signal_error: '%s: error while loading shared libraries: %s: %s'), "
        "the program being ffmpeg",
    ),
)

# issue 36, round fifty-seven: torch's CPU library linked against MKL's ITT / JIT profiling symbols that MKL 2024.1 no
# longer exports (conda's defaults channel torch builds with the newest mkl of that channel)
FAMILIES = FAMILIES + (
    KnownError(
        "torch-mkl-ijit-undefined",
        "import torch: libtorch_cpu.so: undefined symbol: iJIT_NotifyEvent (a conda torch with MKL 2024.1 or later)",
        r"libtorch_cpu\.so: undefined symbol: iJIT_\w{1,40}",
        "torch's CPU library from the conda defaults channel (the pytorch channel's builds) was linked against "
        "symbols of Intel's JIT profiling API (iJIT_NotifyEvent, iJIT_IsProfilingActive) that MKL exported up to "
        "2024.0; MKL 2024.1 and later no longer export them, and conda installed or updated mkl to such a release "
        "beside that torch, so `import torch` fails before anything runs. Nothing is wrong with the GPU or the "
        "driver.",
        "Pin MKL to the last release with those symbols in that environment: `conda install 'mkl<2024.1'` (e.g. "
        "mkl=2024.0; and add it to the environment file so a later install does not undo it), or replace the "
        "conda torch with the pip wheels (`pip uninstall torch` / `conda remove pytorch`, then `python -m pip "
        "install torch` from PyTorch's index for your CUDA), which carry their own MKL; then restart the app.",
        weight=92,
        applies="conda (defaults / pytorch channel) torch builds 2.0 to 2.3 with mkl 2024.1 or later, Linux",
        shown_by=(_R57("test_mkl_without_its_jit_symbols"),),
        example="ImportError: /env/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so: undefined symbol: "
        "iJIT_NotifyEvent",
        example_source="the dynamic loader's 'undefined symbol' line for a conda pytorch build's libtorch_cpu.so "
        "beside mkl 2024.1 (whose libraries no longer export the iJIT_* profiling entry points)",
    ),
)
