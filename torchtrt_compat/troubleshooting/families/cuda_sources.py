"""Hand-written CUDA C / C++ programs and libraries (issue 36, round twenty-seven, helper v27cuda): source that a newer
CUDA toolkit no longer compiles (texture and surface references removed in CUDA 12, the cudaDeviceProp fields and
memory-location arguments CUDA 13 changed), warp intrinsics of another CUDA generation (the *_sync intrinsics of CUDA
9, the pre-9 ones CUDA removed for Volta and later), CUDA syntax that reaches the host compiler (a .cpp file nvcc
hands to g++), nvcc's own internal errors, its harmless warning on annotated defaulted functions, a CMake project
linking a CUDA:: imported target nobody created, and the linker's undefined reference to a template instantiation
(a header-only library's definition header not included). An arch-gated intrinsic (__funnelshift_l, __ldg,
atomicAdd on double) is `gpu-arch-unsupported` (table), an NVRTC compile log `jit-nvrtc-compilation-error`.

Each pattern is the tool's own wording: nvcc's EDG front end ('identifier "X" is undefined', 'texture is not a
template', 'internal error: assertion failed at: "...edg..."', its esa_on_defaulted_function_ignored warning), gcc and
clang for host code ('expected primary-expression before '<' token', 'was not declared in this scope'), GNU ld's
undefined reference (English, and the zh_CN form), CMake's cmTargetLinkLibraries / cmGeneratorTarget messages ('The
link interface of target "X" contains: ... but the target was not found'). Names, types and paths are read from the
text, never written into a pattern for one report.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round27_v27cuda.py")

#: a quote as nvcc, gcc and clang print it: ASCII, or gcc's typographic quotes in a UTF-8 locale (no backtick: the
#: pattern is shown in a Markdown code span in docs/troubleshooting.md)
_Q = "['\"\u2018\u2019]"

#: the warp intrinsics CUDA 9 added (with a lane mask; available on every architecture CUDA 9 targets)
_SYNC_WARP = r"__(?:shfl(?:_up|_down|_xor)?_sync|syncwarp|ballot_sync|any_sync|all_sync|uni_sync|activemask)"
#: the pre-CUDA-9 warp intrinsics (no mask): deprecated in CUDA 9, not available when compiling for compute_70+
_OLD_WARP = r"__(?:shfl(?:_up|_down|_xor)?|any|all|ballot)"
#: intrinsics the CUDA headers define only from an architecture on: __funnelshift_* and the cache-hinted loads and
#: stores (sm_32), half arithmetic (sm_53), __dp4a / __dp2a (sm_61), __nanosleep and __match_*_sync (sm_70),
#: __reduce_*_sync (sm_80)
_ARCH_GATED = (
    r"__(?:funnelshift_[lr]c?|ld(?:g|cg|ca|cs|lu|cv)|st(?:wb|cg|cs|wt)|dp4a|dp2a_(?:lo|hi)|nanosleep"
    r"|match_(?:any|all)_sync|reduce_(?:add|min|max|and|or|xor)_sync|h(?:add|sub|mul|div|fma|neg)2?)"
)
#: nvcc's (EDG's) and clang's words for an identifier the compiler does not know
_UNDEFINED = r"identifier {q}{name}{q} is undefined|use of undeclared identifier {q}{name}{q}"


def _undefined(name: str) -> str:
    return _UNDEFINED.format(q=_Q, name=name)


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "build-cuda12-texture-reference-removed",
        'texture is not a template / identifier "cudaBindTexture" is undefined (texture and surface references, '
        "removed in CUDA 12)",
        r"\berror(?: #\d{1,6}-D)?\s{0,2}: (?:texture|surface) is not a template"
        rf"|no template named {_Q}(?:texture|surface){_Q}"
        + "|"
        + _undefined(
            r"(?:cuda(?:Bind|Unbind)(?:Texture(?:ToArray|ToMipmappedArray|2D)?|Surface(?:ToArray)?)"
            r"|cudaGet(?:Texture|Surface)Reference|cudaGetTextureAlignmentOffset|textureReference|surfaceReference)"
        )
        + rf"|{_Q}cuda(?:Bind|Unbind)(?:Texture\w{{0,20}}|Surface\w{{0,20}}){_Q} was not declared in this scope",
        "The code uses the legacy texture (and surface) reference API: file-scope `texture<T, dim, mode>` objects "
        "bound with cudaBindTexture / cudaBindTextureToArray and read with tex1Dfetch / tex2D / tex3D(texref, ...). "
        "CUDA deprecated it for years and CUDA 12.0 removed it, so a CUDA 12 or newer toolkit no longer compiles it: "
        "'texture is not a template', then every cudaBind* and tex*() call fails after it.",
        "Port the kernels to texture objects: create a cudaTextureObject_t with cudaCreateTextureObject (a "
        "cudaResourceDesc for the array or linear memory, a cudaTextureDesc for filtering, addressing and read mode), "
        "pass it to the kernel as an argument and read with tex3D<float>(tex, x, y, z) (tex1Dfetch<T>, tex2D<T>); "
        "destroy it with cudaDestroyTextureObject (surfaces: cudaSurfaceObject_t and surf2Dwrite). Until the code "
        "is ported, build with a CUDA 11.x toolkit, or use the project's release that has already moved to texture "
        "objects.",
        variants=(
            # an old CUB copied into the project (cub/iterator/tex_ref_input_iterator.cuh, CUB 1.8 and earlier)
            Variant(
                r"tex_ref_input_iterator",
                "a vendored old CUB (its TexRefInputIterator)",
                "The texture reference is in an old copy of CUB the project vendors (cub/iterator/"
                "tex_ref_input_iterator.cuh, CUB 1.8 and earlier), not in the project's own kernels: use the CUB "
                "that ships with the CUDA toolkit (drop the vendored cub/ from the include path, or replace it with "
                "a current CCCL release), or remove that one header from the copy if nothing uses "
                "TexRefInputIterator; otherwise build with a CUDA 11.x toolkit.",
            ),
        ),
        op=r"identifier \"(cuda\w{1,40})\" is undefined",
        weight=84,
        applies="CUDA C++ code written for the texture reference API, built with CUDA 12.0 or newer",
        shown_by=(_test("test_texture_references_removed_in_cuda_12"),),
        example="src/resample.cu(42): error: texture is not a template\n\nsrc/resample.cu(97): error: identifier "
        '"cudaBindTextureToArray" is undefined',
        example_source="nvcc's (EDG's) wording under CUDA 12.0, whose cuda_runtime_api.h no longer declares the "
        "texture reference API (CUDA 12.0 release notes: removed texture and surface references)",
    ),
    KnownError(
        "build-cuda13-removed-api",
        'class "cudaDeviceProp" has no member "clockRate" (fields and signatures CUDA 13 removed or changed)',
        rf"class {_Q}cudaDeviceProp{_Q} has no member {_Q}(?:clockRate|memoryClockRate|computeMode|deviceOverlap"
        rf"|kernelExecTimeoutEnabled){_Q}"
        rf"|{_Q}struct cudaDeviceProp{_Q} has no member named {_Q}(?:clockRate|memoryClockRate|computeMode"
        rf"|deviceOverlap|kernelExecTimeoutEnabled){_Q}"
        rf"|no member named {_Q}(?:clockRate|memoryClockRate|computeMode|deviceOverlap|kernelExecTimeoutEnabled)"
        rf"{_Q} in {_Q}cudaDeviceProp{_Q}"
        rf"|no suitable constructor (?:exists )?to convert from {_Q}int{_Q} to {_Q}cudaMemLocation{_Q}",
        "CUDA 13.0 removed fields of cudaDeviceProp that were deprecated through 12.x (clockRate, memoryClockRate, "
        "computeMode, deviceOverlap, kernelExecTimeoutEnabled) and changed cudaMemPrefetchAsync / cudaMemAdvise to "
        "take a cudaMemLocation instead of a device number, so code written for CUDA 12 and older does not compile "
        "with a CUDA 13 toolkit.",
        "Ask for the values through cudaDeviceGetAttribute instead: `int khz; cudaDeviceGetAttribute(&khz, "
        "cudaDevAttrClockRate, dev);` (cudaDevAttrMemoryClockRate, cudaDevAttrComputeMode, "
        "cudaDevAttrKernelExecTimeout; deviceOverlap is asyncEngineCount > 0); pass a location to the memory "
        "hints (`cudaMemLocation loc{cudaMemLocationTypeDevice, dev};`, cudaMemLocationTypeHost for the CPU, plus "
        "the flags argument). Or build with a CUDA 12.x toolkit, or the project's release that supports CUDA 13.",
        op=rf"has no member (?:named )?{_Q}(\w{{1,40}}){_Q}|no member named {_Q}(\w{{1,40}}){_Q}",
        weight=84,
        applies="CUDA C++ code written for CUDA 12 and older, built with CUDA 13.0 or newer",
        shown_by=(_test("test_cuda_13_removed_device_properties"),),
        example='device_info.cu(31): error: class "cudaDeviceProp" has no member "clockRate"',
        example_source="nvcc's (EDG's) wording with CUDA 13.0's cuda_runtime_api.h / driver_types.h (CUDA 13.0 "
        "release notes: deprecated cudaDeviceProp fields removed)",
    ),
    KnownError(
        "build-cuda-intrinsic-undefined",
        'identifier "__shfl_xor_sync" / "__shfl_down" / "__funnelshift_l" is undefined (a warp or device intrinsic '
        "of another CUDA toolkit or GPU architecture)",
        _undefined(_SYNC_WARP) + "|" + _undefined(_OLD_WARP) + "|" + _undefined(_ARCH_GATED),
        "The code calls a device intrinsic the compiler does not define for this toolkit and target architecture. "
        "CUDA 9 added the warp intrinsics with a lane mask (__shfl_sync, __shfl_down_sync, __shfl_xor_sync, "
        "__ballot_sync, __syncwarp, __activemask): an nvcc older than 9 (CUDA 8 or earlier) does not know them. CUDA "
        "9 also deprecated the unmasked ones (__shfl, __shfl_down, __any, __ballot) and does not define them when "
        "compiling for compute capability 7.0 and newer. Other intrinsics exist only from an architecture on "
        "(__funnelshift_l / _r and __ldg from sm_32, half arithmetic from sm_53, __dp4a from sm_61, __nanosleep "
        "and __match_any_sync from sm_70, __reduce_add_sync from sm_80).",
        "The *_sync intrinsics need a CUDA 9 or newer toolkit: install one (a current CUDA that supports the GPU, "
        "with a host compiler it accepts), make its nvcc the one the build uses (`which nvcc`, `nvcc --version`; "
        "CMake: -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc or CUDAToolkit_ROOT, and delete CMakeCache.txt) and "
        "rebuild.",
        variants=(
            # an intrinsic defined only from an architecture on, compiled for an older one
            Variant(
                _undefined(_ARCH_GATED),
                "an intrinsic the compiled architecture lacks",
                "The intrinsic exists only from an architecture on (__funnelshift_l / _r and the cache-hinted loads "
                "such as __ldg from sm_32, half arithmetic such as __hadd from sm_53, __dp4a from sm_61, "
                "__nanosleep and __match_any_sync from sm_70, __reduce_add_sync from sm_80), and the build compiles "
                "for an older one, often nvcc's default: compile for the GPU's architecture (-gencode "
                "arch=compute_XY,code=sm_XY with XY from `nvidia-smi --query-gpu=compute_cap --format=csv`; CMake: "
                "CMAKE_CUDA_ARCHITECTURES=XY; torch extensions: TORCH_CUDA_ARCH_LIST) and rebuild from clean. If "
                "the GPU itself is older than the intrinsic (or NVRTC compiles the kernel at run time for it), the "
                "code needs a path without it (guarded by __CUDA_ARCH__): use the project's release that has one, "
                "or a newer GPU.",
            ),
            # the unmasked intrinsics with a target from before Kepler (an old toolkit's default sm_20): they need
            # compute capability 3.0
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?(?:{_undefined(_OLD_WARP)}))(?=[\s\S]{{0,300000}}?\b(?:sm|compute)_[12]\d\b)",
                "the unmasked warp intrinsics compiled for an architecture before Kepler",
                "The build compiles for compute capability 2.x (the sm_20 / compute_20 of an old toolkit's default), "
                "which has no warp shuffles at all: pass the GPU's architecture to nvcc (-gencode "
                "arch=compute_XY,code=sm_XY with XY from `nvidia-smi --query-gpu=compute_cap --format=csv`; CMake: "
                "CMAKE_CUDA_ARCHITECTURES=XY) and rebuild from clean.",
            ),
            Variant(
                _undefined(_OLD_WARP),
                "the pre-CUDA-9 warp intrinsics compiled for compute capability 7.0+",
                "The code uses the warp intrinsics without a mask, which CUDA 9 deprecated and does not provide when "
                "compiling for compute capability 7.0 and newer (Volta, Turing, Ampere and later run each thread of "
                "a warp independently). Port them to the masked forms with the lanes that take part: "
                "__shfl_down(v, d) -> __shfl_down_sync(0xffffffff, v, d) (__shfl_sync, __shfl_up_sync, "
                "__shfl_xor_sync likewise), __any(p) -> __any_sync(0xffffffff, p), __ballot(p) -> "
                "__ballot_sync(0xffffffff, p), with __activemask() when only part of the warp reaches the call; or "
                "use the project's release that already did. Building for an older architecture only hides it: "
                "such a binary cannot use a Volta or newer GPU natively.",
            ),
        ),
        # HIP's compilers have their own warp intrinsics and answer differently
        unless=r"\bhipcc\b|\bHIP_PLATFORM|\brocm\b|\bamdgpu\b|__HIP_",
        op=r"identifier \"(__\w{1,30})\" is undefined",
        # below a run-time compiler's failure that shows the same compile log (jit-nvrtc-compilation-error, 80)
        weight=76,
        applies="CUDA C++ code with warp shuffles / votes and architecture-specific intrinsics (nvcc, NVRTC, clang)",
        shown_by=(_test("test_intrinsics_of_another_cuda_generation_or_architecture"),),
        example='src/reduce.cu(88): error: identifier "__shfl_down_sync" is undefined',
        example_source="nvcc's (EDG's) wording; CUDA C++ Programming Guide, Warp Shuffle Functions (deprecation and "
        "removal notices for __shfl / __any / __ballot on compute capability 7.x) and the sm_32 / sm_53 / sm_61 / "
        "sm_70 / sm_80 intrinsic headers",
    ),
    KnownError(
        "build-cuda-syntax-in-host-compiler",
        "expected primary-expression before '<' token at a kernel<<<...>>> launch / '__global__' does not name a "
        "type (CUDA code compiled as plain C++)",
        rf"expected primary-expression before {_Q}[<>]{_Q} token(?=[\s\S]{{0,400}}?<<<)"
        r"|error: expected expression\s{0,4}\n[^\n]{0,300}<<<"
        rf"|{_Q}__(?:global|device|host|shared|constant)__{_Q} does not name a type"
        r"|unknown type name '__(?:global|device|shared|constant)__'"
        rf"|{_Q}(?:threadIdx|blockIdx|blockDim|gridDim|__syncthreads){_Q} was not declared in this scope"
        r"|use of undeclared identifier '(?:threadIdx|blockIdx|blockDim|gridDim)'"
        r"|C2065: '(?:threadIdx|blockIdx|blockDim|gridDim)': undeclared identifier",
        "CUDA's own syntax (a kernel<<<grid, block>>> launch, __global__ / __device__, threadIdx) reached the host "
        "C++ compiler (g++, clang, cl): the file is compiled as plain C++. nvcc compiles only .cu files as CUDA and "
        "hands .cpp / .cc / .c files straight to the host compiler, so kernels or launches in a .cpp file, or in a "
        "header a .cpp file includes, fail to parse.",
        "Compile that source as CUDA: rename it to .cu (or `nvcc -x cu file.cpp`); in CMake enable the CUDA "
        "language and mark it (`set_source_files_properties(file.cpp PROPERTIES LANGUAGE CUDA)`, or a .cu name); in "
        "a torch extension list the .cu file in a CUDAExtension. When a header with kernels is included from .cpp "
        "files, keep the kernels and launches in a .cu file behind a plain host function the .cpp code calls (or "
        "guard the CUDA part with #ifdef __CUDACC__).",
        weight=80,
        applies="CUDA C++ projects and header libraries with CUDA backends (nvcc, CMake, Makefiles, setup.py)",
        shown_by=(_test("test_cuda_syntax_compiled_as_plain_cpp"),),
        example="include/solver/cuda/kernels.hpp:51:17: error: expected primary-expression before \u2018<\u2019 "
        "token\n   scale_kernel<<<blocks, 256>>>(x, n);",
        example_source="gcc's parser wording (cp/parser.cc) for a kernel<<<...>>> launch in a file nvcc passed to g++",
    ),
    KnownError(
        "build-nvcc-internal-error",
        'nvcc: internal error : assertion failed at: "...edg.../types.c" (a bug of the CUDA compiler\'s front end)',
        r"internal error\s{0,2}: assertion failed at: \"[^\"\n]{0,400}\""
        r"|\b(?:cicc|cudafe\+\+|cudafe|nvvm|ptxas)['\"]? died due to signal (?:4|6|7|8|11)\b"
        r"|\b(?:cicc|cudafe\+\+|cudafe)['\"]? died with status 0x[Cc]00000(?:05|FD|fd)\b"
        r"|Internal Compiler Error \(codegen\)",
        "The CUDA compiler itself failed on this code: its C++ front end (EDG, in cudafe++ / cicc) hit an internal "
        "assertion or one of its stages crashed. That is a bug of that CUDA release (or of its pairing with the host "
        "compiler) for a construct in the file named before it, not an error in the code.",
        "Build with another CUDA toolkit: a newer release usually has the bug fixed (or the one the project "
        "documents); keep a host compiler that toolkit supports. If you must stay on this release, rewrite the "
        "construct at the file and line the message names (a template, constexpr or lambda there) or build that "
        "file without the flag that triggers it (-G, -std=c++17, --expt-relaxed-constexpr), and report it to NVIDIA "
        "with the preprocessed source (`nvcc --keep` keeps it).",
        weight=82,
        applies="nvcc (CUDA toolkits of any release) on Linux and Windows",
        shown_by=(_test("test_nvcc_internal_errors"),),
        example='lib/backend/memory.hpp(224): internal error : assertion failed at: "C:/dvs/p4/build/sw/rel/gpu_drv/'
        'r361/r361_00/drivers/compiler/edg/EDG_4.10/src/types.c", line 7537',
        example_source="nvcc's EDG front end (cudafe++), its internal-error wording with the assertion's source file",
    ),
    KnownError(
        "build-nvcc-defaulted-annotation-notice",
        "warning: __host__ annotation is ignored on a function that is explicitly defaulted on its first declaration "
        "(nvcc; harmless)",
        r"__(?:host|device)__ annotation is\s{1,4}ignored on a\s{1,4}function(?:\s{0,4}\(\"[^\"\n]{0,200}\"\))?"
        r"\s{1,4}that is\s{1,4}explicitly\s{1,4}defaulted",
        "A warning of nvcc's front end: a special member function (constructor, destructor, assignment) that is "
        "= default on its first declaration carries a __host__ / __device__ annotation, and newer nvcc releases "
        "derive the execution space of defaulted functions themselves, so they ignore it. Older CUDA releases "
        "needed the annotation; nothing is compiled differently. The build goes on.",
        "Nothing fails because of it. To silence it, drop the execution-space annotation from functions that are "
        "= default (for the CUDA releases that warn) or pass `-Xcudafe --diag_suppress="
        "esa_on_defaulted_function_ignored` to nvcc. If the build failed, explain its first 'error' line.",
        severity="notice",
        weight=30,
        applies="nvcc 11.x and newer; CUDA C++ libraries that annotate defaulted members (Kokkos, Thrust-based code)",
        shown_by=(_test("test_nvcc_warning_on_a_defaulted_function_is_harmless"),),
        example='include/views/ViewMapping.hpp(1030): warning: __host__ annotation is ignored on a function("~View'
        'Mapping") that is explicitly defaulted on its first declaration',
        example_source="nvcc's front end (cudafe++) diagnostic esa_on_defaulted_function_ignored",
    ),
    KnownError(
        "build-cmake-cuda-target-missing",
        'CMake: target "X" links to CUDA::cublas (or its link interface contains it) "but the target was not found" '
        "(no find_package(CUDAToolkit))",
        r"(?:The link interface of target|Target) \"[^\"\n]{1,200}\" (?:contains|links to):\s{1,40}CUDA::\w{1,40}"
        r"\s{1,40}but the target was not found"
        r"|links to target \"CUDA::\w{1,40}\" but the target was not found",
        "A target links a CUDA:: imported target (CUDA::cudart, CUDA::cublas, CUDA::cufft ...) that does not exist "
        "where it is used: those targets are created only by find_package(CUDAToolkit) (CMake 3.17 and newer), in "
        "the directory that calls it and below, and CUDA::<lib> only when the toolkit found has that library. "
        "Nothing ran find_package(CUDAToolkit) in that scope, or the toolkit found lacks the library.",
        "Call `find_package(CUDAToolkit REQUIRED)` before the target_link_libraries that names CUDA::<lib> (in that "
        "directory or a parent one; CMake 3.17 or newer), delete CMakeCache.txt and configure again. If "
        "CUDAToolkit is found but CUDA::<lib> is still missing, the toolkit lacks that library (a partial install, "
        "an nvcc-only conda package): install its development package (e.g. libcublas-dev / cuda-libraries-dev) or "
        "point CUDAToolkit_ROOT at a complete toolkit.",
        variants=(
            # an installed package's exported targets (lib/cmake/<Pkg>/<Pkg>Targets.cmake, set_target_properties)
            Variant(
                r"The link interface of target \"[^\"\n]{1,200}\" contains:\s{1,40}CUDA::",
                "an installed package's exported targets link CUDA:: targets",
                "The target named is an installed package's imported target (its <Pkg>Targets.cmake, loaded by "
                "find_package(<Pkg>)): the package was built with CUDA, so its exported link interface names "
                "CUDA::<lib>, but its config file does not find the CUDA toolkit itself. In your project call "
                "`find_package(CUDAToolkit REQUIRED)` before `find_package(<Pkg>)`; or rebuild and reinstall that "
                "package consistently (with its CUDA option off if you do not need it, or a release whose config "
                "calls find_dependency(CUDAToolkit)). Clear CMakeCache.txt and configure again.",
            ),
        ),
        op=r"(CUDA::\w{1,40})",
        weight=82,
        applies="CMake 3.17+ projects and installed CMake packages that link CUDA:: imported targets",
        shown_by=(_test("test_cmake_cuda_imported_target_not_found"),),
        example='CMake Error at CMakeLists.txt:40 (target_link_libraries):\n  Target "solver" links to:\n\n    '
        "CUDA::cusolver\n\n  but the target was not found.  Possible reasons include:",
        example_source="CMake's cmGeneratorTarget wording for a missing imported target (CMake 3.19+)",
    ),
    KnownError(
        "build-template-undefined-reference",
        "undefined reference to `X<...>(...)' (a template instantiated without its definition: a header not "
        "included, or defined only in another .cu / .cpp)",
        # GNU ld's undefined reference to a symbol whose name (before its parameter list) has template arguments;
        # not std:: (a libstdc++ ABI), not libtorch's or TensorRT's (their rows), not CUDA 13's stubs
        r"undefined reference to [`'\u2018](?!(?:[\w:*&<> ]{0,60} )?(?:std|c10|at|torch|caffe2|nvinfer1"
        r"|nvonnxparser)::)(?!(?:void )?__device_stub__)[^(\n`'\u2018\u2019]{1,400}?(?<!operator)(?<!<)<(?![<=])"
        # GNU ld in a zh_CN locale: "对'X'未定义的引用", or the untranslated words after the quoted name
        r"|[`'\u2018](?!(?:[\w:*&<> ]{0,60} )?(?:std|c10|at|torch|caffe2|nvinfer1|nvonnxparser)::)"
        r"[^(\n`'\u2018\u2019]{1,400}?(?<!operator)(?<!<)<(?![<=])[^\n'\u2019]{0,1000}['\u2019]\s{0,2}"
        r"(?:undefined reference|未定义的引用)",
        "The linker found no code for one instantiation of a template (a function template, or a member of a class "
        "template, with the template arguments shown): the translation unit that uses it saw only its "
        "declaration, so the compiler could not instantiate it there, and no other object file or library "
        "provides that instantiation. Header-only libraries often declare a class in one header and define its "
        "member templates in others (an algorithm or implementation header); a template defined only in a .cu / "
        ".cpp file is instantiated only for the types that file uses.",
        "Include the header that defines the template in the file that calls it (the library's examples show which "
        "headers go with that call; for a CUDA template library, the algorithm header beside the class header), "
        "and compile that file with the flags the library needs (nvcc -std=c++17 --extended-lambda for device "
        "lambdas). If the template is defined in the library's own .cu / .cpp source, link that library, or add an "
        "explicit instantiation for these types there (`template void f<T>(...);`, `template class X<T>;`); a "
        "template defined in a .cu file cannot be instantiated from a .cpp file: move it into a header.",
        variants=(
            # issue 36, round forty-two: the symbol has no parameter list and ends in a member of a class template
            # ("undefined reference to `ns::Table<K, V>::member'"): a static data member the class
            # declares and nothing defines, a bug of the library whose header declares it
            Variant(
                r"undefined reference to [`'\u2018][^(\n`'\u2018\u2019]{1,400}?>::\w{1,80}['\u2019]",
                "a static data member of a class template, declared and never defined",
                "The symbol is a static data member of a class template (no parameter list): the class declares "
                "it and no source defines it, so every file that uses it fails to link. When the class is a "
                "library's own (its header, not your code), that is a bug of that library's version: update the "
                "library to the release or commit that defines it, or build the commit the project pins (its "
                "submodule); as a local workaround define it after the class in the header (`template <the class's "
                "parameters> T Class<...>::member;`) or declare it `inline static` (C++17).",
                strict=True,
            ),
        ),
        unless=r"LNK20(?:19|01): unresolved external",  # MSVC's: build-msvc-unresolved-external
        weight=74,
        applies="C++ / CUDA programs using template libraries (header-only CUDA libraries, their own templates)",
        shown_by=(_test("test_undefined_reference_to_a_template_instantiation"),),
        example="/tmp/tmpxft_0000_main.o: in function `main':\nmain.cudafe1.cpp:(.text+0x1d4): undefined reference "
        "to `void gpu::scan<float, gpu::plus>(float*, int, gpu::plus)'\ncollect2: error: ld returned 1 exit status",
        example_source="GNU ld's undefined-reference wording (ld/ldmisc.c, 'undefined reference to `%T'') with a "
        "function template's instantiation",
    ),
)

# issue 36, round sixty-two: nvcc not knowing a function of the project's own (not CUDA's, not a compiler intrinsic);
# round sixty-four: a diagnostic name older nvcc does not know, the CUDA samples' helper headers
FAMILIES = FAMILIES + (
    KnownError(
        "build-nvcc-unknown-diag-tag",
        "nvcc: Command-line error: invalid error tag in diagnostic control option: X (a warning name this CUDA "
        "toolkit does not know)",
        r"invalid error tag in diagnostic control option: \w{1,80}",
        "The build passes nvcc a diagnostic to suppress or raise (-Xcudafe --diag_suppress=<name>, "
        "#pragma nv_diag_suppress) by a name this toolkit's front end does not have: names are added release by "
        "release, so a flag written for a newer CUDA stops an older one at its first file (a code generator's or a "
        "project's build options).",
        "Use a CUDA toolkit at least as new as the one the project's build flags were written for (its README), or "
        "update the project to a release that adds the flag only for the CUDA versions that know it; as a local "
        "fix, drop the --diag_suppress=<name> from the build's NVCCFLAGS / the generator's options.",
        op=r"invalid error tag in diagnostic control option: (\w{1,80})",
        weight=80,
        applies="nvcc (CUDA 9.x and later), generated and project builds",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="Command-line error: invalid error tag in diagnostic control option: extern_entity_treated_as_static",
        example_source="nvcc's EDG front end (cudafe++) command-line diagnostics",
    ),
    KnownError(
        "build-cuda-samples-helpers-missing",
        "The CUDA samples' helper headers are missing (helper_cuda.h / helper_timer.h not found; StopWatchInterface, "
        "checkCudaErrors undeclared)",
        rf"fatal error: {_Q}?helper_(?:cuda|timer|functions|string|math|image|gl)\.h{_Q}?: No such file or directory"
        rf"|{_Q}(?:StopWatchInterface|sdkCreateTimer|sdkStartTimer|sdkStopTimer|sdkGetTimerValue|checkCudaErrors"
        rf"|getLastCudaError|findCudaDevice|gpuGetMaxGflopsDeviceId){_Q} (?:does not name a type|was not declared in "
        rf"this scope)"
        + "|"
        + _undefined(r"(?:checkCudaErrors|getLastCudaError|findCudaDevice|sdkCreateTimer|StopWatchInterface)"),
        "The code uses the helpers of NVIDIA's CUDA samples (helper_cuda.h's checkCudaErrors, helper_timer.h's "
        "StopWatchInterface and sdk*Timer): they are not part of the CUDA toolkit's headers and, since CUDA 11.6, "
        "not installed with it at all (they live in the cuda-samples repository's Common folder), so the include "
        "path the build expects for them is empty or wrong.",
        "Get the samples' common headers (clone the cuda-samples repository at the tag of your CUDA version) and "
        "point the build at them: -I<cuda-samples>/Common (older layouts: common/inc), e.g. the project's "
        "CUDA_SAMPLES / configure.mk include variable, CMake's include_directories; or replace the few helpers "
        "with your own checks (a CUDA error-check macro, std::chrono for the timer).",
        weight=84,
        applies="C / C++ CUDA projects that use the CUDA samples' helpers (CARLsim, course and research code)",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="carlsim/kernel/inc/snn.h:1128:2: error: 'StopWatchInterface' does not name a type; did you mean "
        "'UpdateInterval'?",
        example_source="NVIDIA cuda-samples Common/helper_cuda.h and helper_timer.h (CUDA 11.6 stopped shipping "
        "the samples with the toolkit)",
    ),
    KnownError(
        "build-nvcc-own-identifier-undefined",
        'nvcc: identifier "X" is undefined for a function of the project\'s own (a header its .cu file does not '
        "include in this build's configuration)",
        r"\.cu\(\d{1,6}\): error: identifier \"(?!cuda|cu[A-Z]|__|CU|std\b)[A-Za-z]\w{0,80}\" is undefined",
        "A .cu file of the project calls a function or uses a macro that no header it includes in this build "
        "declares: the declaration sits in a header included only under a build option (a GPU / cuDNN / OpenCV "
        "switch: the code path for the option turned off was never compiled by its authors), the file and its "
        "headers come from different revisions, or a header of the project's dependency changed. Not a CUDA "
        "toolkit problem: the name is the project's own.",
        "Find where the name is declared (`grep -rn '<name>' src include`), and see which #include or #ifdef "
        "(CUDNN, GPU, OPENCV, ...) brings it to the failing .cu file: build with the option that includes it "
        "(the configuration the project documents, e.g. its cuDNN switch on), add the missing #include to the .cu "
        "file, or update to the project's revision that fixed it (its issues often name the commit).",
        op=r"\.cu\(\d{1,6}\): error: identifier \"(\w{1,80})\" is undefined",
        loose=True,
        weight=30,  # below the rows for CUDA's own removed or arch-gated names
        applies="C / C++ CUDA projects built with nvcc (Darknet, Caffe forks, research code)",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_build_failures_of_classic_cuda_projects",),
        example='src-lib/convolutional_kernels.cu(613): error: identifier "gemm_ongpu" is undefined',
        example_source='nvcc\'s EDG front end (error 20: identifier "%s" is undefined)',
    ),
)
