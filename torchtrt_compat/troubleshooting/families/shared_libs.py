"""Shared libraries, symbols and native builds in the loaders' and linkers' own words (issue 36, round eleven): cuDNN
8's DLL loader on Windows ("Could not load library X.dll. Error code 126"), a CUDA library and its companion from two
releases ("undefined symbol: X, version libcublasLt.so.11"), only the unversioned libcuda.so missing beside an
installed driver, an extension's undefined torch C symbol (THPVariableClass: imported before torch, or built for
another torch), an undefined C++ standard-library symbol (libstdc++ of another compiler), a CUDA 13 link failure of
template kernels (nvcc's static global template stubs), and a missing tensorrt module described in prose. Each
pattern is keyed to the library's own wording, cited in `example_source`; versions, names and paths are read from
the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import JETSON, KnownError, Variant

_SHOWN = "tests/troubleshooting/test_round11_p2libs.py"

#: the CUDA math / runtime libraries whose sonames carry symbol versions (libcublasLt.so.11, libnvJitLink.so.12)
_CUDA_LIBS = r"(?:cublasLt|cublas|cudart|cudnn\w{0,24}|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nccl)"

#: CTranslate2's CUDA / cuDNN majors by release (its README and release notes), shared by the rows its DLLs reach
_CT2_MAJORS = (
    "CTranslate2 (faster-whisper, WhisperX) 3.x needs CUDA 11 with cuDNN 8 for CUDA 11; 4.0 to 4.4 need CUDA 12 "
    "(cuBLAS 12) with cuDNN 8 for CUDA 12; 4.5 and later need CUDA 12 with cuDNN 9 (`pip show ctranslate2` gives the "
    "release)"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "cudnn8-dll-load",
        "cuDNN 8 could not load one of its DLLs on Windows ('Could not load library cudnn_ops_infer64_8.dll. Error "
        "code 126')",
        r"Could not (?:load library|locate) (?:cudnn|cublas)\w{0,30}64_\d{1,2}\.dll"
        r"|Please make sure (?:cudnn|cublas)\w{0,30}64_\d{1,2}\.dll is in your library path",
        "cuDNN 8's front DLL (cudnn64_8.dll) loads its sub-libraries (cudnn_ops_infer64_8.dll, "
        "cudnn_cnn_infer64_8.dll) by name at the first convolution: the one named (or a DLL it depends on: cuBLAS, "
        "the CUDA runtime of the same CUDA major, zlibwapi.dll) is not on PATH, or the copy found is a cuDNN 8 built "
        "for another CUDA major than the program (error 126 = a module it needs was not found).",
        "Put the cuDNN 8 built for the CUDA major your program was built with, and that CUDA's cuBLAS / runtime, on "
        "PATH (the CUDA vNN\\bin folder, or the nvidia-cudnn-cu11 / -cu12 wheels' bin folders) and restart the "
        f"shell; {_CT2_MAJORS}. `where cudnn_ops_infer64_8.dll cublas64_*.dll` lists the copies Windows can pick: "
        "a copy under another CUDA major's folder does not help. Or run on the CPU (device='cpu').",
        variants=(
            Variant(
                r"CUDA[\\/]v\d{1,2}\.\d",
                "the DLL is there, under a CUDA folder of one major",
                "A cuDNN 8 copy is on PATH (the folder named), but cuDNN builds are per CUDA major and the DLLs it "
                "depends on (cuBLAS / cudart of that major) must be the program's: if the folder's CUDA major is not "
                f"the one your program was built for, install that CUDA's runtime and cuBLAS and the cuDNN 8 for it; "
                f"{_CT2_MAJORS}. Or pin the program's build for the CUDA you have (ctranslate2==3.24.0 for CUDA 11). "
                "`where cublas64_*.dll` shows which CUDA majors are on PATH.",
            ),
        ),
        op=r"((?:cudnn|cublas)\w{0,30}64_\d{1,2}\.dll)",
        weight=93,  # above cuda-library-major (91): the cuDNN 8 loader's own line names the DLL and its major
        applies="cuDNN 8 on Windows (CTranslate2 / faster-whisper, TensorFlow, onnxruntime, a system cuDNN)",
        shown_by=(f"{_SHOWN}::test_cudnn8_dll_loader_on_windows",),
        example="Could not load library cudnn_ops_infer64_8.dll. Error code 126\nPlease make sure "
        "cudnn_ops_infer64_8.dll is in your library path!",
        example_source="cuDNN 8 for Windows (cudnn64_8.dll's sub-library loader message); "
        "https://github.com/markgoodhead/dictate-wizard/issues/2",
    ),
    KnownError(
        "cuda-library-mixed-versions",
        "A CUDA library and its companion from two releases ('undefined symbol: X, version libcublasLt.so.11')",
        rf"undefined symbol: [\w@.]{{1,120}}, version lib{_CUDA_LIBS}\.so\.\d{{1,3}}"
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
                r"version libnvJitLink\.so",
                "nvJitLink older than cuSPARSE / cuFFT",
                "cuSPARSE (or cuFFT) of a newer CUDA 12 minor found an older libnvJitLink.so.12: with torch's pip "
                "wheels, `pip install -U nvidia-nvjitlink-cu12` (to at least the cusparse wheel's minor) and unset "
                "LD_LIBRARY_PATH / drop /usr/local/cuda/lib64 from it so the wheels' copies are loaded together.",
            ),
            Variant(
                r"version libcudnn\w{0,24}\.so",
                "cuDNN sub-libraries of two cuDNN versions",
                "libcudnn_*.so of two cuDNN releases are on the loader path (a system cuDNN and the nvidia-cudnn "
                "wheel or the framework's bundled one): `ldconfig -p | grep cudnn` and `pip list | grep cudnn` list "
                "them; remove the system folder from LD_LIBRARY_PATH (or uninstall one) so all cuDNN files come "
                "from the release the framework needs.",
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
        weight=92,  # a fatal loader error: above fw-cuda-library-older's warning beside it (88)
        applies="Linux, any framework loading CUDA's math libraries (torch, Paddle, TensorFlow, CTranslate2)",
        shown_by=(f"{_SHOWN}::test_cuda_libraries_of_two_releases",),
        example="python: symbol lookup error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcublas.so: undefined "
        "symbol: init_gemm_select, version libcublasLt.so.11",
        example_source="glibc's dynamic loader (elf/dl-lookup.c: 'symbol lookup error', 'undefined symbol: %s, "
        "version %s'); https://github.com/wzmsltw/PaintTransformer/issues/12",
    ),
    KnownError(
        "driver-libcuda-unversioned",
        "Only the unversioned libcuda.so is missing (libcuda.so: cannot open shared object file, driver installed)",
        r"(?<![\w.])libcuda\.so: cannot open shared object file",
        "The program (cuDNN 8's libcudnn_cnn_infer, Triton, a JIT) opens the driver library by its unversioned "
        "development name libcuda.so; the NVIDIA driver installs only libcuda.so.1 (and libcuda.so.<version>), the "
        "libcuda.so link comes with the driver's development package, so a host with a working driver can still "
        "fail here. Where no driver is installed at all, the same line appears.",
        "Check what the loader sees: `ldconfig -p | grep libcuda`. If libcuda.so.1 is listed (nvidia-smi works), add "
        "the unversioned link next to it: `sudo ln -s libcuda.so.1 <that folder>/libcuda.so && sudo ldconfig` (or "
        "install the driver's dev package, e.g. libnvidia-compute / nvidia-driver-dev on Ubuntu; on WSL2 add "
        "/usr/lib/wsl/lib to LD_LIBRARY_PATH). Do not point LD_LIBRARY_PATH at the CUDA toolkit's lib64/stubs. If "
        "nothing is listed, install the NVIDIA driver (containers: start with --gpus all).",
        unless=r"libcuda\.so\.1:? cannot open|NVIDIA-SMI has failed|nvidia-smi: (?:command )?not found",
        weight=94,  # above driver-library-missing (92): the unversioned name alone is missing
        applies="Linux hosts and containers with the NVIDIA driver (cuDNN 8, Triton, TensorFlow / SLEAP)",
        shown_by=(f"{_SHOWN}::test_only_the_unversioned_libcuda_is_missing",),
        example="Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file: "
        "No such file or directory",
        example_source="cuDNN 8's sub-library loader (libcudnn.so.8); https://github.com/talmolab/sleap/issues/1806",
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
        "tensorrt-module-missing-prose",
        "The tensorrt module is not found, in the user's own words (no ModuleNotFoundError line)",
        r"(?:could not|couldn't|cannot|can't|unable to) (?:find|import|load) (?:the )?(?:python )?module "
        r"['\"]?tensorrt\b|\btensorrt['\"]? (?:module )?(?:is )?not (?:found|installed|available)",
        "The Python that runs the code cannot import TensorRT's package: the bindings were installed for another "
        "Python (JetPack's system python3, another venv or minor version), or only TensorRT's C++ libraries are "
        "installed.",
        "Run `python -c 'import sys, tensorrt; print(sys.executable, tensorrt.__version__)'` with the Python that "
        "fails and with the one that works; install TensorRT's Python package into the failing one (`python -m pip "
        "install tensorrt`, per CUDA major tensorrt-cu12 / -cu13), or run with the Python that has it. On a Jetson, "
        "JetPack's bindings belong to its system python3 only (3.6 on JetPack 4, 3.8 on 5, 3.10 on 6) and pip has "
        "no Jetson wheel: use that python3, or a venv made from it with --system-site-packages.",
        variants=(
            Variant(
                JETSON + r"|\bnano\b|JetPack|dist-packages",
                "Jetson",
                "JetPack installs TensorRT's Python bindings for its system Python only (3.6 on JetPack 4, 3.8 on 5, "
                "3.10 on 6) and pip has no Jetson wheel of tensorrt: run with that python3 (or a venv made from it "
                "with --system-site-packages), or build the bindings for your Python from TensorRT's python/ folder "
                "against JetPack's TensorRT, or move to the JetPack whose Python you need.",
            ),
        ),
        requires=r"import tensorrt|python ?\d(?:\.\d{1,2})?\b|\btrt\.",
        unless=r"No module named ['\"]?tensorrt",
        weight=60,
        applies="TensorRT's Python bindings (pip, tar / zip installs, JetPack)",
        shown_by=(f"{_SHOWN}::test_a_missing_tensorrt_module_in_prose",),
        example="import tensorrt as trt\nIn Python3.8 if I call for Tensorrt it does not appear. It gives error "
        "saying tensorrt not found. With 3.6 it works fine.",
        example_source="https://github.com/Qengineering/Jetson-Nano-image/issues/27",
    ),
)
