"""Native builds: compiling and linking C++ / CUDA code that uses TensorRT, CUDA or libtorch (tensorrtx-style CMake
projects, TensorRT plugins, torch.utils.cpp_extension / setup.py builds of CUDA extensions).

Each row is keyed to the wording of the tool that prints it: gcc, clang, nvcc (EDG front end) and MSVC for the
compiler errors, nvcc's ``crt/host_config.h`` for its host-compiler check, CMake's ``find_package`` /
``CMakeDetermineCUDACompiler`` / ``FindCUDA`` messages, and ``torch/utils/cpp_extension.py`` for the extension
builder. What varies (a member, a header, an architecture, a version) is read from the text; the release facts
(which TensorRT removed or added a C++ API, which CUDA first or last compiles an architecture) are data below.
The core rows `tensorrt-link-error`, `undefined-symbol`, `extension-abi-mismatch` and `jetson-source-build` stay
where they are; these rows are the more specific classes around them.
"""

from __future__ import annotations

from ..entry import (
    DARKNET,
    FAISS_GPU_BUILD,
    JETSON_BOARD,
    MACOS,
    OPTIONAL_BACKEND_MODULES,
    OWN_CUDA_SYMBOL,
    KnownError,
    Variant,
    ld_cannot_find,
    tests_in,
)

__all__ = ["CUDA_ARCH_FIRST", "CUDA_ARCH_LAST", "FAMILIES", "TENSORRT_CPP_ADDED", "TENSORRT_CPP_REMOVED"]

#: packages published only for NVIDIA CUDA platforms (none for macOS), as pip names them in a requirement
_CUDA_ONLY_NAMES = (
    r"(?:triton|onnxruntime-gpu|cupy-cuda\w{1,12}|nvidia-[\w-]{2,40}|tensorrt(?:[-_]\w{2,12})?|jax-cuda\d{1,2}-\w{2,12}"
    r"|tensorflow-gpu|xformers|flash[-_]attn|bitsandbytes-cuda\w{1,6})(?![\w-])"
)

_R6 = "tests/data/explain_round6_native.jsonl"
_R25 = "tests/troubleshooting/test_round25_v25old.py"
_TESTS = "tests/troubleshooting/test_round6_native.py"
_R40 = tests_in("tests/troubleshooting/test_round40_v40hpc.py")
_R62 = tests_in("tests/troubleshooting/test_round62_v62.py")

#: packages whose source build needs a system library's headers (issue 36, round sixty-two: cartopy without GEOS):
#: (the package's name as pip prints it, the library, Debian / Ubuntu's development packages, Homebrew's formulae)
_SYSTEM_LIBRARY_BUILDS: tuple[tuple[str, str, str, str], ...] = (
    ("cartopy", "GEOS and PROJ", "libgeos-dev libproj-dev proj-bin", "geos proj"),
    ("shapely", "GEOS", "libgeos-dev", "geos"),
    ("pyproj", "PROJ", "libproj-dev proj-bin", "proj"),
    ("gdal", "GDAL", "libgdal-dev gdal-bin (and pip install GDAL==$(gdal-config --version))", "gdal"),
    ("rasterio", "GDAL", "libgdal-dev gdal-bin", "gdal"),
    ("fiona", "GDAL", "libgdal-dev gdal-bin", "gdal"),
    ("h5py", "HDF5", "libhdf5-dev pkg-config", "hdf5 pkg-config"),
    ("netcdf4", "netCDF and HDF5", "libnetcdf-dev libhdf5-dev", "netcdf hdf5"),
    ("pycairo", "cairo", "libcairo2-dev pkg-config", "cairo pkg-config"),
    (
        "pygobject",
        "GObject introspection and cairo",
        "libgirepository1.0-dev libcairo2-dev pkg-config",
        "gobject-introspection cairo pkg-config",
    ),
    ("pyaudio", "PortAudio", "portaudio19-dev", "portaudio"),
    ("psycopg2", "libpq (PostgreSQL's client library)", "libpq-dev", "libpq"),
    ("mysqlclient", "MySQL's client library", "default-libmysqlclient-dev pkg-config", "mysql-client pkg-config"),
    ("python-ldap", "OpenLDAP and SASL", "libldap2-dev libsasl2-dev", "openldap"),
    ("lxml", "libxml2 and libxslt", "libxml2-dev libxslt1-dev", "libxml2 libxslt"),
    ("pyodbc", "unixODBC", "unixodbc-dev", "unixodbc"),
    ("pycurl", "libcurl and OpenSSL", "libcurl4-openssl-dev libssl-dev", "curl openssl"),
    ("dbus-python", "D-Bus", "libdbus-1-dev libglib2.0-dev pkg-config", "dbus pkg-config"),
    # issue 36, round sixty-three: FFCV's setup.py asks pkg-config for opencv4 and libturbojpeg
    (
        "ffcv",
        "OpenCV and libjpeg-turbo (found through pkg-config)",
        "libopencv-dev libturbojpeg0-dev pkg-config",
        "opencv jpeg-turbo pkg-config",
    ),
)


def _system_library_variant(name: str, library: str, deb: str, brew: str) -> Variant:
    """The variant of build-pip-wheel-failed for a package whose source build needs ``library``'s headers."""
    words = name.replace("-", "[-_]")
    return Variant(
        rf"(?:Failed building wheel for|Could not build wheels for|Building wheel for|Failed to build) "
        rf"[`'\"]?{words}\b(?![-_.\w])"
        # pip's build folder of the package (its setup.py failing before any wheel: "metadata-generation-failed")
        rf"|pip-install-\w{{1,20}}[\\/]{words}[_-]\w{{0,40}}[\\/]setup\.py",
        f"{name} (its build needs {library})",
        f"{name} is built from source here (no wheel of it fits this Python and platform), and its build compiles "
        f"against {library}, whose headers a fresh machine lacks: install them first (Debian / Ubuntu: `sudo apt "
        f"install {deb}`; macOS: `brew install {brew}`), then run pip again; or install {name} from conda-forge "
        f"(`conda install -c conda-forge {name}`, which brings its libraries), or use a Python version for which "
        f"{name} publishes wheels (`pip download {name} --only-binary :all: --no-deps` says whether one fits).",
    )


_R32 = tests_in("tests/troubleshooting/test_round32_v32bio.py")
_R47 = tests_in("tests/troubleshooting/test_round47_v47pkg.py")
#: an isolated build environment of pip (pip-build-env-) or uv (its builds-v0 cache, its "The build backend returned an
#: error"), and a build's line that it found no torch there, wrapped or not (build-pip-wheel-failed's variant)
_ISOLATED_BUILD = r"pip-build-env-|[\\/]uv[\\/]builds-v\d|The build backend returned an error"
_NO_TORCH = r"No module\s{1,40}named\s{1,40}'torch'"

#: the PyG extensions' remedy (torch-scatter, torch-sparse, torch-cluster, torch-spline-conv, pyg-lib): their wheels are
#: built per torch and CUDA and published on PyG's own wheel index, so a plain index's build is the CPU one
_PYG_FIX = (
    "The PyG extension (torch-scatter / torch-sparse / torch-cluster / torch-spline-conv / pyg-lib) is a CPU build "
    "(installed from the plain package index, which has no CUDA builds of them, or built where no nvcc was found): "
    "uninstall them and install the wheels for your torch and CUDA from PyG's wheel index (the -f link in its "
    "README, named after torch's version and CUDA, e.g. torch-2.4.0+cu121; `python -c 'import torch; "
    "print(torch.__version__, torch.version.cuda)'` gives both), or build them with FORCE_CUDA=1 and the nvcc of "
    "torch.version.cuda."
)

#: A quote as compilers print it: ASCII, or gcc's typographic quotes in a UTF-8 locale (no backtick: the pattern is
#: shown in a Markdown code span in docs/troubleshooting.md).
_Q = "['\"\u2018\u2019]"
#: the old libstdc++ string ABI as GNU ld's demangler prints it (std::string, std::basic_string<char, ...>), not the
#: C++11 one (std::__cxx11::basic_string)
_OLD_STRING = r"(?<![\w:])std::(?:string\b|basic_string<)"
#: undefined references of one link in both string ABIs (issue 36, round twenty-seven): one names std::__cxx11, another
#: the old std::string, within 6,000 characters of each other (a link's undefined references come together)
_BOTH_STRING_ABIS = (
    r"(?:undefined reference to [^\n]{0,600}?std::__cxx11::"
    rf"(?=[\s\S]{{0,6000}}?undefined reference to [^\n]{{0,600}}?{_OLD_STRING})"
    rf"|undefined reference to [^\n]{{0,600}}?{_OLD_STRING}"
    r"(?=[\s\S]{0,6000}?undefined reference to [^\n]{0,600}?std::__cxx11::))"
)
#: nvcc given an empty GPU architecture ("compute_" / "sm_" with no number after it): nvcc's own fatal lines, and the
#: -gencode flags of CMake's compiler check ("-gencode=arch=compute_,code=sm_")
_EMPTY_ARCH = (
    rf"Unsupported gpu architecture {_Q}(?:compute|sm|lto)_{_Q}"
    rf"|Value {_Q}(?:compute|sm)_{_Q} is not defined for option"
    r"|-gencode[= ]{1,2}arch=compute_,\s{0,2}code="
)
#: a build of torch CUDA extensions: setuptools' build_ext step, cpp_extension's classes, the packages that are built
#: so most often (mamba-ssm and its selective_scan kernels, causal-conv1d, flash-attn)
_CUDA_EXT_BUILD = (
    r"^\s{0,12}running build_ext|\bCUDAExtension\b|cpp_extension|\bBuildExtension\b|\bselective[_-]scan"
    r"|\bcausal[_-]conv1d|\bmamba[_-]ssm|\bflash[_-]attn|\bnvcc\b"
)
#: detectron2's stub for what a compiled module that did not import provides (detectron2/utils/develop.py,
#: create_dummy_class / create_dummy_func), when that module is a compiled one (<package>._C, *_ext, *_cuda, *_ops);
#: and the message detectron2 and the projects built on it pass along ("<package> is not compiled successfully,
#: please build following the instructions!")
_DUMMY_OP = (
    r"Cannot import '[\w.]{0,80}(?:\._C|_C|_ext|_cuda|_ops)', therefore '[\w.]{1,80}' is not available"
    r"|\b\w{1,40} is not compiled successfully, please build following the instructions"
)
#: a package's own compiled CUDA submodule that Python does not find while the package itself imports (issue 36, round
#: forty-nine): CPython's "No module named 'torch_points_kernels.points_cuda'" for a dotted name whose last part is
#: <name>_cuda / <name>_gpu (pyarrow's private "pyarrow._cuda", a module of its optional build, is no such name)
_OWN_CUDA_SUBMODULE = r"No module named '[A-Za-z]\w{0,60}(?:\.\w{1,60}){0,3}\.[A-Za-z]\w{0,40}_(?:cuda|gpu)'"

#: "fatal error: X.h" of gcc / clang / nvcc for a header no toolkit row knows (the project's own, or a third-party
#: library's); the TensorRT, CUDA, Python and torch headers have their own variants, THC its own family
_PROJECT_HEADER = (
    rf"fatal error: {_Q}?(?!Nv(?:Infer|OnnxParser)|cuda|cudnn|cublas|Python\.h|torch/|ATen/|c10/|THC/)"
    r"[\w+-]{1,60}(?:/[\w.+-]{1,60}){0,4}\.(?:h|hh|hpp|hxx|cuh|inl)\b"
)

#: TensorRT C++ API a major release removed: member -> (the release that removed it, what replaces it). Source: the
#: TensorRT API reference's "Deprecated and Removed APIs" lists and the migration guides for 8.0 (implicit-batch
#: builder API, the IPlugin / IPluginExt / legacy Dims classes) and 10.0 (bindings, implicit batch, workspace size,
#: destroy(), buildEngineWithConfig).
TENSORRT_CPP_REMOVED: dict[str, tuple[str, str]] = {
    "createNetwork": ("8.0", "builder->createNetworkV2(flags)"),
    "buildCudaEngine": ("8.0", "builder->buildSerializedNetwork(*network, *config) + runtime->deserializeCudaEngine"),
    "setFp16Mode": ("8.0", "config->setFlag(nvinfer1::BuilderFlag::kFP16)"),
    "setInt8Mode": ("8.0", "config->setFlag(nvinfer1::BuilderFlag::kINT8)"),
    "setHalf2Mode": ("8.0", "config->setFlag(nvinfer1::BuilderFlag::kFP16)"),
    "DimsCHW": ("8.0", "nvinfer1::Dims3"),
    "DimsNCHW": ("8.0", "nvinfer1::Dims4"),
    "IPluginExt": ("8.0", "nvinfer1::IPluginV2IOExt (or IPluginV2DynamicExt)"),
    "IPluginFactory": ("8.0", "nvinfer1::IPluginCreator registered with REGISTER_TENSORRT_PLUGIN"),
    "buildEngineWithConfig": ("10.0", "builder->buildSerializedNetwork(*network, *config) + deserializeCudaEngine"),
    "setMaxWorkspaceSize": ("10.0", "config->setMemoryPoolLimit(nvinfer1::MemoryPoolType::kWORKSPACE, bytes)"),
    "getMaxWorkspaceSize": ("10.0", "config->getMemoryPoolLimit(nvinfer1::MemoryPoolType::kWORKSPACE)"),
    "setMaxBatchSize": ("10.0", "explicit-batch networks and optimization profiles"),
    "getMaxBatchSize": ("10.0", "the input shapes of the optimization profile"),
    "getNbBindings": ("10.0", "engine->getNbIOTensors()"),
    "getBindingIndex": ("10.0", "tensor names: engine->getIOTensorName(i)"),
    "getBindingName": ("10.0", "engine->getIOTensorName(i)"),
    "getBindingDimensions": ("10.0", "engine->getTensorShape(name) / context->getTensorShape(name)"),
    "getBindingDataType": ("10.0", "engine->getTensorDataType(name)"),
    "bindingIsInput": ("10.0", "engine->getTensorIOMode(name) == nvinfer1::TensorIOMode::kINPUT"),
    "setBindingDimensions": ("10.0", "context->setInputShape(name, dims)"),
    "allInputDimensionsSpecified": ("10.0", "context->inferShapes() (or setInputShape for every input)"),
    "enqueueV2": ("10.0", "context->setTensorAddress(name, ptr) for each I/O tensor + context->enqueueV3(stream)"),
    "enqueue": ("10.0", "context->setTensorAddress(name, ptr) for each I/O tensor + context->enqueueV3(stream)"),
    "execute": ("10.0", "context->executeV2(bindings) or enqueueV3"),
    "destroy": ("10.0", "delete ptr (or std::unique_ptr)"),
}
#: TensorRT C++ API added after older releases still in use: member -> (the first release that has it, what older
#: code used instead). Source: the same "Added APIs" lists (8.0, 8.4, 8.5).
TENSORRT_CPP_ADDED: dict[str, tuple[str, str]] = {
    "buildSerializedNetwork": ("8.0", "builder->buildEngineWithConfig(*network, *config) then engine->serialize()"),
    "setMemoryPoolLimit": ("8.4", "config->setMaxWorkspaceSize(bytes)"),
    "getNbIOTensors": ("8.5", "engine->getNbBindings()"),
    "getIOTensorName": ("8.5", "engine->getBindingName(i)"),
    "getTensorShape": ("8.5", "engine->getBindingDimensions(i)"),
    "getTensorDataType": ("8.5", "engine->getBindingDataType(i)"),
    "getTensorIOMode": ("8.5", "engine->bindingIsInput(i)"),
    "setTensorAddress": ("8.5", "a bindings array passed to enqueueV2"),
    "setInputShape": ("8.5", "context->setBindingDimensions(i, dims)"),
    "enqueueV3": ("8.5", "context->enqueueV2(bindings, stream, nullptr)"),
}

#: The first CUDA release whose nvcc compiles an architecture (compute_XY / sm_XY). Source: the CUDA Toolkit release
#: notes (8.6: 11.1; 8.7: 11.4; 8.9 and 9.0: 11.8; 9.0a: 12.0; 10.0, 10.1/11.0, 12.0: 12.8; 10.3, 12.1: 12.9).
CUDA_ARCH_FIRST: dict[str, str] = {
    "75": "10.0", "80": "11.0", "86": "11.1", "87": "11.4", "89": "11.8", "90": "11.8",
    "90a": "12.0", "100": "12.8", "100a": "12.8", "101": "12.8", "110": "13.0", "120": "12.8", "120a": "12.8",
    "103": "12.9", "121": "12.9",
}  # fmt: skip
#: The last CUDA major whose nvcc still compiles an architecture the next major removed. Source: the CUDA Toolkit
#: release notes (11.0 removed sm_30/32; 12.0 removed sm_35/37; 13.0 removed Maxwell, Pascal and Volta, sm_50-72).
CUDA_ARCH_LAST: dict[str, str] = {
    "30": "10.2", "32": "10.2", "35": "11.8", "37": "11.8", "50": "12.9", "52": "12.9", "53": "12.9", "60": "12.9",
    "61": "12.9", "62": "12.9", "70": "12.9", "72": "12.9",
}  # fmt: skip


def _member_variants() -> tuple[Variant, ...]:
    """One variant per TensorRT C++ member the release data knows, chosen when the compiler names that member."""
    out = []
    for name, (release, instead) in TENSORRT_CPP_REMOVED.items():
        out.append(
            Variant(
                rf"(?:member(?: named)?|member) {_Q}{name}{_Q}|{_Q}{name}{_Q}:? is not a member",
                f"{name} (removed in TensorRT {release})",
                f"TensorRT {release} removed `{name}`: port the call to {instead} (the TensorRT {release} migration "
                f"guide lists each replacement), or build against a TensorRT older than {release} (include and lib "
                "folders of that one release).",
            )
        )
    for name, (release, before) in TENSORRT_CPP_ADDED.items():
        out.append(
            Variant(
                rf"(?:member(?: named)?|member) {_Q}{name}{_Q}|{_Q}{name}{_Q}:? is not a member",
                f"{name} (added in TensorRT {release})",
                f"`{name}` came with TensorRT {release}; the TensorRT headers this build finds are older. Point the "
                f"build at TensorRT {release} or newer (its include and lib folders, e.g. TensorRT_ROOT / "
                f"include_directories + link_directories), or, on the old release, use {before}.",
            )
        )
    return tuple(out)


#: the Caffe / UFF parsers a later TensorRT removed (no link or include path brings them back)
_REMOVED_PARSERS = Variant(
    r"nvcaffe_parser|nvparsers|NvCaffeParser|NvUffParser|nvcaffeparser1|nvuffparser",
    "the Caffe / UFF parser (removed from TensorRT)",
    "The code uses TensorRT's Caffe or UFF parser, which the installed TensorRT no longer ships (TensorRT 8 "
    "dropped the libnvcaffe_parser name, keeping both parsers in libnvparsers; TensorRT 10 removed them): no "
    "link or include path fixes it. Use a revision of the project ported to the ONNX parser (nvonnxparser; e.g. "
    "jetson-inference / ros_deep_learning master), convert the model to ONNX, or build on the older TensorRT / "
    "JetPack the code was written for (on TensorRT 8 to 9, link nvparsers instead of nvcaffe_parser).",
)


#: a CUDA 13 toolkit in a text (its nvcc's "release 13.0, V13.0.48", a cuda-13.0 folder, a cu130 wheel): the release
#: that removed Maxwell, Pascal and Volta (issue 36, round forty-two)
_CUDA13 = (
    r"(?:\brelease 13\.\d|\bV13\.\d{1,2}\.\d|\bcuda[-_ /]?v?13(?:\.\d{1,2})?\b|\bCUDA (?:toolkit )?13\.\d"
    r"|\bcu13\d\b|\bcuda-toolkit-13\b)"
)
#: the architectures CUDA 13 removed (Maxwell, Pascal, Volta: the CUDA 13.0 release notes)
_CUDA13_REMOVED = r"(?:5[023]|6[012]|7[02])"


def _arch_variants() -> tuple[Variant, ...]:
    """One variant per architecture: too new for the toolkit (the first CUDA that has it), or removed from it."""
    out = []
    for arch, first in CUDA_ARCH_FIRST.items():
        out.append(
            Variant(
                rf"architecture {_Q}(?:compute|sm|lto)_{arch}{_Q}|Value {_Q}(?:compute|sm)_{arch}{_Q}",
                f"compute_{arch} (needs CUDA {first})",
                f"compute_{arch} needs nvcc from CUDA {first} or newer; the nvcc in use is older (`nvcc --version`). "
                f"Install CUDA {first}+ and build with it (CUDA_HOME / PATH / CMAKE_CUDA_COMPILER), or build for an "
                'architecture this nvcc knows (`nvcc --list-gpu-arch`): TORCH_CUDA_ARCH_LIST="8.6" for torch '
                "extensions, -DCMAKE_CUDA_ARCHITECTURES=86 for CMake (a GPU runs code built for an older arch of the "
                "same major via PTX).",
            )
        )
    for arch, last in CUDA_ARCH_LAST.items():
        named = rf"architecture {_Q}(?:compute|sm)_{arch}{_Q}|Value {_Q}(?:compute|sm)_{arch}{_Q}"
        # issue 36, round forty-two: Maxwell to Volta (removed only by CUDA 13) are also unknown to an nvcc older than
        # they are (compute_6x before CUDA 8): "removed" is said only where the text shows a CUDA 13 toolkit
        when = named if last != "12.9" else rf"\A(?=[\s\S]{{0,300000}}?(?:{named}))(?=[\s\S]{{0,300000}}?{_CUDA13})"
        out.append(
            Variant(
                when,
                f"compute_{arch} (removed after CUDA {last})",
                f"compute_{arch} was removed from nvcc after CUDA {last}: drop it from the architecture list "
                "(TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES, -gencode flags), or build with CUDA "
                f"{last} or older for that GPU.",
            )
        )
    out.append(
        Variant(
            rf"architecture {_Q}(?:compute|sm)_{_CUDA13_REMOVED}{_Q}|Value {_Q}(?:compute|sm)_{_CUDA13_REMOVED}{_Q}",
            "a Maxwell / Pascal / Volta architecture, no CUDA version in the text",
            "This architecture (Maxwell compute_5x, Pascal compute_6x, Volta compute_7[02]) is unknown to nvcc in two "
            "cases, and `nvcc --version` of the nvcc the build ran tells which: an nvcc older than it (compute_60 / "
            "61 / 62 came with CUDA 8.0, compute_70 with 9.0, compute_72 with 10.0: often a distro nvcc or an old "
            "/usr/local/cuda first on PATH, not the toolkit of torch's CUDA), or CUDA 13, which removed them all "
            "(they build up to CUDA 12.9; removed after CUDA 12.9). "
            "Too old: build with the toolkit whose version matches torch's (`python -c 'import torch; "
            "print(torch.version.cuda)'`): export CUDA_HOME=/usr/local/cuda-<that version> and put its bin first on "
            "PATH, then rebuild from a clean tree. CUDA 13: build with a CUDA 12.x toolkit (12.9 still compiles "
            "them), or drop the architecture from the list (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES, "
            "-gencode flags) if no GPU of it will run the build.",
        )
    )
    return tuple(out)


#: the NVIDIA HPC SDK's compilers (nvc++ / nvc / nvfortran, PGI's pgc++ / pgcc / pgfortran / pgf90 before them)
#: refusing an unknown compute capability in -gpu= / -ta= ("nvc++-Error-Switch -ta with unknown keyword cc89")
#: (issue 36, round forty; the wording as the report shows it)
_NVHPC_UNKNOWN_CC = (
    r"\b(?:nvc\+\+|nvc|nvfortran|pgc\+\+|pgcc|pgfortran|pgf9[05]|pgCC)-Error-Switch -(?:ta|gpu|acc)\b[^\n]{0,40}? with "
    r"unknown keyword (?:cc|sm_?)\d{2,3}\b"
)

#: g++'s words for code of a newer C++ standard compiled in an older mode: C++11's rule that a constexpr function is
#: one return statement ("body of 'constexpr' function '...' not a return-statement"), C++17's if constexpr ("'if
#: constexpr' only available with '-std=c++17' or '-std=gnu++17'") (issue 36, round forty; written from memory of
#: gcc's messages; libstdc++'s #error without C++11 is build-host-compiler-too-old's)
_OLDER_CXX_MODE = (
    r"body of [‘'\"]?constexpr[’'\"]? function [^\n]{1,300}? not a return-statement"
    r"|[‘'\"]if constexpr[’'\"] only available with [‘'\"]-std=(?:c|gnu)\+\+1[7z]"
)

#: MSBuild's MSB3721 row for an nvcc command line that builds for an architecture the toolkit of its own path drops
#: (CUDA's release notes: compute_1x / 2x after 8.0, compute_30 / 32 after 10.2, compute_35 / 37 after 11.8)
_MSB3721_OLD_ARCH = (
    r"|\bMSB3721\b[^\n]{0,600}?nvcc(?:\.exe)?[^\n]{0,1500}?(?:arch=|-arch[= ]?)compute_(?:1\d|2[01])\b"
    r"|\bMSB3721\b[^\n]{0,600}?CUDA[\\/]v1[1-9]\.\d[\\/]bin[\\/]nvcc(?:\.exe)?[^\n]{0,1500}?arch=compute_3[02]\b"
    r"|\bMSB3721\b[^\n]{0,600}?CUDA[\\/]v1[2-9]\.\d[\\/]bin[\\/]nvcc(?:\.exe)?[^\n]{0,1500}?arch=compute_3[57]\b"
)

#: a Go build through cgo (its package header "# github.com/...", a .go file, the CGO_ variables)
_GO_CGO = (
    r"\bcgo\b|\bCGO_\w{4,10}|\.go:\d{1,5}:|# (?:github\.com|golang\.org|gorgonia\.org)/"
    r"|\bgo (?:build|run|test|install)\b"
)
#: the cgo flags fix, shared by the link and the header rows a Go build fails in
_CGO_VARIANT = Variant(
    _GO_CGO,
    "Go (cgo)",
    "cgo takes the CUDA paths from the environment, not from a CMake file: `export CGO_CFLAGS="
    '"-I/usr/local/cuda/include"` and `export CGO_LDFLAGS="-L/usr/local/cuda/lib64 -lcudart -lcublas"` '
    "(the folders of your toolkit / TensorRT / cuDNN; on Windows `C:/Program Files/NVIDIA GPU Computing "
    "Toolkit/CUDA/vX.Y/include` and `lib/x64`), or `#cgo CFLAGS:` / `#cgo LDFLAGS:` lines above `import "
    '"C"`; at run time the same lib folder must be on LD_LIBRARY_PATH (PATH on Windows). `go env '
    "CGO_CFLAGS CGO_LDFLAGS` shows what the build used.",
)

#: packages whose releases on the package registry stopped (issue 36, round forty-three): the name (as a regular
#: expression, '-', '_' and '.' alike) -> (what happened, in words, and its successors). From the packages' own notices:
#: faiss-gpu's community wheels ended at 1.7.2 (CPython 3.6 - 3.10) and continue as faiss-gpu-cu11 / faiss-gpu-cu12;
#: TensorFlow merged its GPU support into the tensorflow package (tensorflow-gpu's last release is 2.12, for Python 3.8
#: - 3.11); scikit-learn's "sklearn" is a deprecated alias package. Written from memory of those notices
DISCONTINUED_PACKAGES: dict[str, tuple[str, str]] = {
    r"faiss[-_.]gpu": (
        "faiss-gpu: its registry wheels stopped at 1.7.2 (CPython 3.6 - 3.10, Linux x86-64), so a newer Python "
        "(3.11 and later) gets none",
        "Install its successors instead, "
        + FAISS_GPU_BUILD
        + "; where a GPU is not needed (small indexes, notebooks, examples) `pip install faiss-cpu` has "
        "wheels for every current Python. Replace the pin where it is written (a requirements file, a setup script, "
        "an install cell) rather than the Python.",
    ),
    r"tensorflow[-_.]gpu": (
        "tensorflow-gpu: TensorFlow ships its GPU support in the tensorflow package since 2.1 and stopped "
        "tensorflow-gpu (its last release is 2.12, for Python 3.8 - 3.11)",
        "Install `tensorflow` instead (on Linux `pip install 'tensorflow[and-cuda]'` also installs the CUDA and "
        "cuDNN wheels it needs, TF 2.14+); native Windows GPU support ended with TF 2.10 (use WSL2 for a newer one, "
        "or pin tensorflow<2.11 on a Python it has wheels for). Pin the same version as before without the -gpu "
        "suffix where the code needs that version.",
    ),
    r"sklearn": (
        "sklearn: the registry's 'sklearn' is a deprecated alias, not scikit-learn itself",
        "Install `scikit-learn` instead (the import name stays `sklearn`); replace 'sklearn' with 'scikit-learn' "
        "in the requirements file.",
    ),
}


def _discontinued_variants() -> tuple[Variant, ...]:
    """A pip no-matching-distribution for a package of `DISCONTINUED_PACKAGES`: its successors, not another Python."""
    return tuple(
        Variant(
            rf"(?:satisfies the requirement|No matching distribution found for) {name}(?![\w-])",
            f"a discontinued package ({what.split(':', 1)[0]})",
            f"The package is discontinued ({what}), so pip finds no release for this interpreter: another Python "
            f"version would only postpone it. {fix}",
            strict=True,
            sure=True,
        )
        for name, (what, fix) in DISCONTINUED_PACKAGES.items()
    )


#: a path split at a space by a build command: the half after the space (a folder path: it holds a separator and
#: names no object or source file), shown right after a -L / -I flag's first half on a command line, named again
#: as a missing file by ld ("cannot find <half>: No such file") or the compiler driver ("gcc: error: <half>: No
#: such file or directory"); or a Windows user folder cut at its space
_PATH_SPLIT_AT_SPACE = (
    r"(?:^|\s)-[LI][^\s'\"]{1,300} ([^\s'\"/\\-][^\s'\"/\\]{0,100}[/\\][^\s'\"]{0,300})"
    r"(?<!\.o)(?<!\.obj)(?<!\.a)(?<!\.so)(?<!\.lib)(?<!\.c)(?<!\.cc)(?<!\.cpp)(?<!\.cxx)(?<!\.cu)\s[\s\S]{0,30000}?"
    r"(?:\bcannot find \1: No such file|\b(?:c\+\+|g\+\+|gcc|cc|clang(?:\+\+)?|[\w.-]{1,40}-g(?:\+\+|cc))"
    r"(?:-\d{1,2})?: error: \1: No such file)"
    r"|No such file or directory: '[A-Za-z]:(?:\\\\|\\|/)Users(?:\\\\|\\|/)[\w.-]{1,40}'"
    r"(?=[\s\S]{0,30000}?Users(?:\\\\|\\|/)[\w.-]{1,40} [\w.-])"
    r"|(?<=Users(?:\\|/))[\w.-]{1,40} [\w.-][\s\S]{0,30000}?No such file or directory: "
    r"'[A-Za-z]:(?:\\\\|\\|/)Users(?:\\\\|\\|/)[\w.-]{1,40}'"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "build-trt-cpp-api",
        "'class nvinfer1::…' has no member named … (TensorRT C++ API of another release)",
        rf"{_Q}class [^\n]{{0,80}}nvinfer1::\w{{1,60}}>?{_Q} has no member named {_Q}\w{{1,60}}{_Q}"
        rf"|{_Q}\w{{1,60}}{_Q}:? is not a member of {_Q}(?:class )?nvinfer1(?:::\w{{1,60}})?{_Q}"
        rf"|no member named {_Q}\w{{1,60}}{_Q} in (?:namespace )?{_Q}nvinfer1(?:::\w{{1,60}})?{_Q}"
        r"|(?:class|namespace) \"nvinfer1(?:::\w{1,60})?\" has no member \"\w{1,60}\""
        # the Caffe and UFF parsers: libnvcaffe_parser's name went in TensorRT 8, libnvparsers (and the headers
        # NvCaffeParser.h / NvUffParser.h) in TensorRT 10 (TensorRT's release notes)
        r"|"
        + ld_cannot_find("nvcaffe_parser|nvparsers")
        + r"|(?:NvCaffeParser|NvUffParser)\.h:? No such file"
        + rf"|{_Q}?(?:nvcaffeparser1|nvuffparser){_Q}? (?:has not been declared|is not a namespace)",
        "The code and the TensorRT headers it compiles against are of different releases: TensorRT 8.0 and 10.0 "
        "each removed the C++ API the previous major had deprecated (createNetwork, buildCudaEngine, "
        "setMaxWorkspaceSize, setMaxBatchSize, the binding-index API, enqueueV2, destroy()), and newer code calls API "
        "that older releases lack (buildSerializedNetwork, the named-tensor API of 8.5, enqueueV3).",
        "Check which TensorRT the build finds (`grep -E 'define NV_TENSORRT_(MAJOR|MINOR)' NvInferVersion.h` in its "
        "include folder) against the release the code was written for; port the call, or point the build at the "
        "TensorRT the code needs (its include and lib folders together).",
        variants=(_REMOVED_PARSERS, *_member_variants()),
        # every TensorRT library missing (-lnvinfer too) is TensorRT not found: tensorrt-link-error answers it
        unless=ld_cannot_find("nvinfer|nvinfer_plugin|nvonnxparser"),
        op=rf"has no member named {_Q}(\w{{1,60}}){_Q}|no member named {_Q}(\w{{1,60}}){_Q}"
        rf"|{_Q}(\w{{1,60}}){_Q}:? is not a member of|has no member \"(\w{{1,60}})\"",
        weight=84,
        applies="C++ code written against another TensorRT major (7, 8 and 10 above all)",
        shown_by=(
            f"{_TESTS}::test_tensorrt_cpp_api_of_another_release",
            f"{_R6}#hale423-centerpoint-17",
            f"{_R6}#linclubs-yolov8-ros-tensorrt-12",
        ),
        example="src/centerpoint.cpp:134:48: error: 'class nvinfer1::IBuilder' has no member named "
        "'buildSerializedNetwork'",
        example_source="https://github.com/Hale423/CenterPoint/issues/17",
    ),
    KnownError(
        "build-trt-plugin-signature",
        "A TensorRT plugin no longer overrides its interface (noexcept, 'marked override, but does not override')",
        r"looser (?:throw specifier|exception specification)[^\n]{0,300}"
        r"|exception specification (?:for virtual function [^\n]{0,200}is incompatible with that of overridden"
        r"|of overriding function is more lax than base version)"
        r"|overriding virtual function has less restrictive exception specification"
        rf"|marked {_Q}override{_Q},? but does not override"
        r"|member function declared with \"override\" does not override a base class member"
        r"|method with override specifier 'override' did not override any base class methods"
        r"|pure virtual function \"nvinfer1::\w{1,60}::\w{1,60}\" has no overrider",
        "A TensorRT plugin (a class deriving from nvinfer1::IPluginV2* / IPluginCreator) was written for another "
        "TensorRT: TensorRT 8 declared every plugin interface method noexcept and changed signatures (enqueue's "
        "outputs became `void* const*`, int became int32_t), so the old methods no longer override (or override "
        "with a looser exception specification).",
        "Build the plugin against the TensorRT it was written for, or port it: add `noexcept` to every overriding "
        "method (TensorRT's samples use a TRT_NOEXCEPT macro for code that must build on 7 and 8), and copy each "
        "signature from the installed NvInferRuntime*.h (`enqueue(..., void* const* outputs, ...)`, int32_t).",
        requires=r"nvinfer1|NvInfer\w{0,20}\.h|IPluginV2|IPluginCreator|[Pp]lugin",
        weight=83,
        applies="TensorRT plugins written for TensorRT ≤ 7 built against 8+ (and the reverse)",
        shown_by=(
            f"{_TESTS}::test_plugin_written_for_another_tensorrt",
            f"{_R6}#isarsoft-yolov4-triton-tensorrt-55",
        ),
        example="trt_corner_pool.hpp:30:23: error: looser throw specifier for 'virtual nvinfer1::DimsExprs "
        "CornerPoolPluginDynamic::getOutputDimensions(int, const nvinfer1::DimsExprs*, int, nvinfer1::IExprBuilder&)'",
        example_source="https://github.com/open-mmlab/mmdeploy/issues/412",
    ),
    KnownError(
        "build-trt-deprecated-notice",
        "warning: '…' is deprecated (TensorRT API deprecated in this release)",
        rf"warning: {_Q}[^\n]{{0,200}}{_Q} is deprecated[^\n]{{0,200}}-Wdeprecated-declarations"
        r"|warning #1444-D: [^\n]{0,200}was declared deprecated",
        "The compiler warns that a TensorRT API the code calls is deprecated in the installed release (e.g. the "
        "IPluginV2 family and implicit batch in TensorRT 10): it still builds, and the next major removes it.",
        "Nothing fails now; plan the port before the next TensorRT major (the release's migration guide names each "
        "replacement), or silence it with -Wno-deprecated-declarations.",
        requires=r"nvinfer1|NvInfer|TensorRT|IPluginV\d|IPluginCreator",
        severity="notice",
        weight=30,
        applies="TensorRT 8.x / 10.x C++ builds",
        shown_by=(f"{_TESTS}::test_build_warnings_are_only_warnings",),
        example="yololayer.h:48:7: warning: 'IPluginV2IOExt' is deprecated [-Wdeprecated-declarations] "
        "(nvinfer1::IPluginV2IOExt, NvInferRuntimePlugin.h)",
        example_source="gcc's -Wdeprecated-declarations wording with TensorRT 10's TRT_DEPRECATED plugin classes",
    ),
    KnownError(
        "build-header-not-found",
        "fatal error: NvInfer.h / cuda_runtime_api.h: No such file or directory",
        r"\b(?:Nv(?:Infer|OnnxParser|CaffeParser|UffParser)|cu|Python|torch/|ATen/|c10/|nccl|nvrtc|nvml|helper_cuda)"
        rf"[\w/]{{0,40}}\.hp?p?(?:: No such file or directory|{_Q}? file not found|\": No such file or directory)"
        rf"|cannot open source file \"(?:NvInfer\w{{0,20}}|NvOnnxParser|cuda_runtime\w{{0,8}}|cudnn)\.h\""
        rf"|Cannot open include file: {_Q}[\w./\\-]{{1,80}}\.(?:h|hpp|cuh){_Q}" + "|" + _PROJECT_HEADER,
        # any other header (the project's own, or a third-party library's) in gcc's / clang's / nvcc's wording
        "The compiler cannot find a header of a library the code uses: the library (or its -dev package) is not "
        "installed, or it is installed in a folder that is not on the include path (a TensorRT or cuDNN tar / zip, "
        "a CUDA toolkit outside /usr/local/cuda, a conda env).",
        "Install the development files and add their include folder to the build (CMake: "
        "`include_directories(<dir>/include)` or target_include_directories; Makefile: -I<dir>/include), with the "
        "matching lib folder for the link.",
        variants=(
            _CGO_VARIANT,
            # issue 36, round sixty-four: NumPy's C headers, which a C extension's build gets from the numpy of the
            # build environment (numpy.get_include()), not from the system
            Variant(
                rf"{_Q}?numpy/(?:arrayobject|ndarrayobject|ndarraytypes|npy_common|ufuncobject)\.h{_Q}?: No such file",
                "NumPy's C headers (numpy/arrayobject.h)",
                "The extension includes NumPy's C API, whose headers come with the numpy package of the Python that "
                "builds it (numpy.get_include()): that Python has no numpy, or pip built in an isolated environment "
                "without it, or the environment is broken (a numpy half removed). Install numpy into the same "
                "Python first and build against it (`python -m pip install numpy`, then `python -m pip install "
                "--no-build-isolation <package>`); for an old package that needs an old NumPy, install the numpy "
                "release of its time (its setup.py / requirements) in a fresh virtual environment.",
                strict=True,
            ),
            Variant(
                rf"Cannot open include file: {_Q}(?:NvInfer|NvOnnxParser)",
                "TensorRT (Windows)",
                "MSVC does not find TensorRT's headers: unzip the TensorRT zip for your CUDA and add its include "
                "folder (TensorRT-x.y\\include) to the build (Visual Studio: C/C++ > General > Additional Include "
                "Directories; CMake: -DTensorRT_ROOT=<unzipped folder> or target_include_directories; setup.py: "
                "include_dirs) with its lib folder for the link; the pip wheel `tensorrt` ships no headers.",
            ),
            Variant(
                rf"Cannot open include file: {_Q}(?:cuda|cudnn|cublas|cufft|curand|cusparse|cusolver|nvrtc|nvml|nccl)",
                "CUDA toolkit (Windows)",
                "MSVC does not find the CUDA headers: install the CUDA toolkit of torch.version.cuda (the pip "
                "nvidia-* wheels ship no headers for MSVC builds) and add %CUDA_PATH%\\include (cuDNN: the zip's "
                "include folder) to the include path; build from the 'x64 Native Tools Command Prompt' with "
                "CUDA_PATH set.",
            ),
            Variant(
                r"NvInfer|NvOnnxParser|NvCaffeParser|NvUffParser",
                "TensorRT",
                "TensorRT's C++ headers are missing or not on the include path: install them (Debian/Ubuntu: "
                "`apt install libnvinfer-dev libnvonnxparsers-dev libnvinfer-plugin-dev`; tar / zip: unpack it) and "
                "pass its folder to the build (`-DTensorRT_ROOT=<dir>` / include_directories(<dir>/include) and "
                "link_directories(<dir>/lib)). The pip wheel `tensorrt` ships no headers.",
            ),
            Variant(
                r"\bcudnn\w{0,20}\.h\b",
                "cuDNN",
                "cuDNN's headers are missing or not on the include path: install the cuDNN dev package for your "
                "CUDA (libcudnn9-dev-cuda-12, or the tar's include folder) and add its include folder.",
            ),
            Variant(
                r"\b(?:EGL|GL|GLES\d?|KHR)/\w{1,20}\.h\b",
                "OpenGL / EGL headers",
                "The OpenGL / EGL development headers are missing: install them (Debian/Ubuntu: `apt install "
                "libegl-dev libgl-dev libgles-dev` or libegl1-mesa-dev libgl1-mesa-dev; in a CUDA devel image too). "
                "nvdiffrast builds its OpenGL rasteriser only for dr.RasterizeGLContext: dr.RasterizeCudaContext "
                "needs neither the headers nor OpenGL.",
            ),
            Variant(
                r"Python\.h",
                "Python headers",
                "Python's development headers are missing: install python3-dev (python3.X-dev for your Python) or "
                "build in a conda env, whose Python ships them.",
            ),
            Variant(
                # a header's name, not an include folder of a command line, nor a file of the include chain that
                # the compiler names with its line ("In file included from .../c10/cuda/CUDAStream.h:6:10: fatal
                # error: cuda_runtime_api.h"; issue 36, round fifty-three)
                r"\b(?:torch|ATen|c10)/[\w/]{0,60}\.h(?!:\d)",
                "libtorch headers",
                "The build does not use torch's include folders: build through torch.utils.cpp_extension "
                "(CppExtension / CUDAExtension) or, with CMake, find_package(Torch) with "
                "-DCMAKE_PREFIX_PATH=`python -c 'import torch; print(torch.utils.cmake_prefix_path)'`.",
            ),
            Variant(
                r"\b(?:cuda|cublas|cufft|curand|cusparse|cusolver|nvrtc|nvml|nccl|helper_cuda)\w{0,30}\.h\b",
                "CUDA toolkit",
                "The CUDA toolkit's headers are not on the include path: install the toolkit (not only the driver "
                "or the pip runtime wheels) and add <cuda>/include (CMake: find_package(CUDAToolkit) and link "
                "CUDA::cudart; Makefile: -I/usr/local/cuda/include), or build with nvcc, which adds it.",
            ),
            # issue 36, round sixty-one: a Thrust header that Thrust 2 (CUDA 12) removed, not one the path misses
            Variant(
                r"thrust/system/cuda/experimental/pinned_allocator\.h",
                "Thrust's experimental pinned_allocator.h (removed in CUDA 12's Thrust 2)",
                "thrust/system/cuda/experimental/pinned_allocator.h was deprecated in Thrust 1.x and removed in "
                "Thrust 2.0, which CUDA 12 ships, so no include path finds it: the code was written for CUDA 11 or "
                "older. Replace thrust::system::cuda::experimental::pinned_allocator<T> with "
                "thrust::mr::stateless_resource_allocator<T, "
                "thrust::system::cuda::universal_host_pinned_memory_resource> "
                "(include <thrust/system/cuda/memory_resource.h> and <thrust/mr/allocator.h>), or a plain allocator "
                "over cudaMallocHost; use a fork of the project already ported to CUDA 12, or build with CUDA 11.x.",
                strict=True,
            ),
            # issue 36, round twenty-seven: a CCCL header (Thrust, CUB, libcu++) outside nvcc: CUDA 13 moved them
            Variant(
                rf"fatal error: {_Q}?(?:thrust|cub|cuda/std|nv)/[\w/]{{1,60}}\.(?:h|cuh|hpp)\b"
                rf"|cannot open source file {_Q}(?:thrust|cub|cuda/std)/"
                rf"|Cannot open include file: {_Q}(?:thrust|cub|cuda/std)[\\/]",
                "a Thrust / CUB / libcu++ header (CCCL, part of the CUDA toolkit)",
                "Thrust, CUB and libcu++ come with the CUDA toolkit (CCCL): nvcc finds them itself, another compiler "
                "(g++, clang, cl building a .cpp that includes them) only through the include path. CUDA 12 and "
                "older keep them in <cuda>/include, CUDA 13 in <cuda>/include/cccl: add that folder (-I<cuda>/"
                "include/cccl; CMake: link CUDA::cudart from find_package(CUDAToolkit), or CCCL::CCCL), or compile "
                "the file with nvcc; without a toolkit, install one (or the cuda-cccl package).",
            ),
            Variant(
                _PROJECT_HEADER,
                "a header of the project (or of a library it vendors)",
                "A header the build's own include paths should supply is missing: if it is the project's (a folder "
                "of this repository, e.g. csrc/..., or of a git submodule), the checkout is incomplete (`git "
                "submodule update --init --recursive`, or a release archive without submodules: clone instead) or "
                "the build runs from another folder than its relative -I paths expect (run `pip install .` / "
                "`python setup.py build develop` from the repository root). Old setup.py files with relative "
                "include_dirs fail under torch 1.5+'s ninja build: make include_dirs absolute "
                "(os.path.abspath / os.path.join(this_dir, ...)) or build with use_ninja=False. A third-party "
                "library's header (opencv2/, eigen3/, boost/, google/dense_hash_map of sparsehash): install its "
                "development package (libboost-dev, libsparsehash-dev, libeigen3-dev) and add its include folder. "
                "A build that printed several errors needs each one fixed, not only the first.",
            ),
            Variant(
                r"Cannot open include file",
                "Windows (MSVC)",
                "MSVC does not find the header: install the library's development files for Windows and add their "
                "include folder (Visual Studio: Additional Include Directories; CMake target_include_directories; "
                "setup.py include_dirs; or `set INCLUDE=<folder>;%INCLUDE%` in the developer prompt).",
            ),
        ),
        op=r"(\w{1,60}(?:/\w{1,40})?\.hp?p?)(?:: No such file|['\"\u2019]? file not found|\"|['\u2019]: No such)"
        r"|Cannot open include file: ['\u2018\u2019]([\w./\\-]{1,80})['\u2018\u2019]",
        weight=82,
        applies="C++ / CUDA builds (make, CMake, setup.py) on Linux and Windows",
        shown_by=(
            f"{_TESTS}::test_headers_and_libraries_not_found",
            f"{_R6}#sair-lab-airslam-47",
            f"{_R6}#mit-han-lab-inter-operator-scheduler-3",
        ),
        example="logging.h:20:10: fatal error: NvInferRuntime.h: No such file or directory",
        example_source="https://github.com/sair-lab/AirSLAM/issues/47",
    ),
    KnownError(
        "build-nvcc-host-compiler",
        "nvcc refuses the host compiler (crt/host_config.h: 'unsupported GNU version! gcc versions later than N are "
        "not supported', 'unsupported Microsoft Visual Studio version!', clang), or nvcc older than the host "
        'compiler\'s headers (identifier "__builtin_ia32_…" is undefined)',
        # (issue 36, round thirty: CUDA 7.x's check names a minor, "gcc versions later than 4.9 are not supported!")
        r"(?:unsupported GNU version! )?gcc (?:versions later than \d{1,2}(?:\.\d{1,2})?|\d{1,2}\.\d{1,2} and up)"
        r" are not supported"
        r"|unsupported clang version! clang version must be less than \d{1,2}"
        r"|unsupported Microsoft Visual Studio version! Only the versions between \d{4} and \d{4}"
        # CUDA 9.x / 10.x's check lists the releases ("Only the versions 2012, 2013, 2015 and 2017 are supported!"),
        # often on a line of its own after MSBuild's "fatal error C1189: #error:" (issue 36, round forty-five)
        r"|unsupported Microsoft Visual Studio version! Only the versions (?:\d{4}, ){1,8}(?:and )?\d{4}"
        r"|The current installed version of (?:g\+\+|gcc|clang\+?\+?|c\+\+) \([\d.]{1,20}\) is (?:greater than the "
        r"maximum|less than the minimum) required version by CUDA"
        r"|std_function\.h[^\n]{0,80}error: parameter packs not expanded with"
        # nvcc's EDG front end before CUDA 11.5 on gcc 11's stl_pair.h ("stl_pair.h(460): error: argument list for
        # class template \"std::pair\" is missing", even in CMake's CMakeCUDACompilerId.cu; issue 36, round sixty-one)
        r"|/c\+\+/1[1-9]/bits/stl_pair\.h\(\d{1,5}\): error: "
        # the same error's note lines, all a paste may keep (gcc 11's bits/std_function.h under nvcc 11.5 and older:
        # "std_function.h:530:146: note:         '_ArgTypes'"), issue 36, round thirty
        r"|bits/std_function\.h:\d{1,6}:\d{1,4}: note:\s{1,40}\S?_ArgTypes\b"
        # nvcc (CUDA 10.1 and older) parsing a newer gcc's libstdc++ headers: basic_string.tcc's char32_t
        # instantiation ("cannot call member function ... _M_set_sharable() without object")
        r"|basic_string\.tcc:\d{1,6}:(?:\d{1,4}:)? error: cannot call member function[^\n]{0,400}without object"
        # nvcc's own driver checks and the other compilers of crt/host_config.h
        r"|Unsupported NVHPC compiler found|nvc\+\+ is the only NVHPC compiler that is supported"
        r"|unsupported (?:ICC|pgc\+\+|NVHPC|nvc\+\+|xlC|IBM XL)[\w .]{0,20}(?:configuration|version)!"
        r"|Host compiler targets unsupported OS"
        r"|The version \('[\w.]{1,20}'\) of the host compiler \('[^'\n]{1,60}'\) is not supported"
        r"|Compiler '[^'\n]{1,200}' in PATH different than the one specified with -ccbin"
        # the check's sentence quoted without its "#error -- unsupported GNU version!" prefix (crt/host_config.h)
        r"|(?:doesn'?t|does not|don'?t) support gcc versions? (?:later|newer|greater) than \d{1,2}\b"
        # the check's own line cut before its version (a notebook's or a log's truncated line: "#error -- unsupported
        # GNU version! gcc versions later than"), issue 36, round thirty-one
        r"|#error\s{0,4}--\s{0,4}unsupported (?:GNU|clang) version!"
        # a project's configure script making the same check before nvcc runs (Kaldi's src/configure: "CUDA 8_0 does
        # not support g++ (g++-8). You need g++ < 6.0." / "... Only versions strictly older than 7.0 are supported.")
        r"|CUDA [\d_.]{1,8} does not support [\w./+-]{0,60} ?\((?:g\+\+|gcc|c\+\+|clang\+{0,2})-[\d.]{1,12}\)"
        # nvcc's front end (EDG, "file(line): error: ...") parsing a newer host gcc's headers it does not know: the
        # gcc intrinsics headers' builtins (mwaitxintrin.h's __builtin_ia32_monitorx under CUDA 7.5 with gcc 5; a
        # paste may cut the name) and gcc 7 / glibc 2.26's __float128 / _FloatN types under CUDA 9 (issue 36, round
        # twenty-seven; the types written from their usual wording)
        r"|error: identifier \"__builtin_ia32_\w{1,60}"
        r"|\(\d{1,6}\): error: identifier \"(?:__float128|_Float(?:16|32|64|128)x?)\" is undefined",
        "nvcc accepts only the host compilers its CUDA release was tested with (crt/host_config.h checks the gcc, "
        "clang or MSVC version; torch.utils.cpp_extension checks the same bounds): the system compiler is newer "
        "(or older) than this CUDA supports.",
        "Use a host compiler this CUDA supports, or a CUDA release that supports your compiler (newer CUDA takes "
        "newer gcc). Install the older gcc beside the new one (`apt install gcc-N g++-N`) and pass it to nvcc: "
        "`-ccbin g++-N` / `NVCC_CCBIN=g++-N`, CMake `-DCMAKE_CUDA_HOST_COMPILER=g++-N`, torch extensions "
        "`CC=gcc-N CXX=g++-N python setup.py ...`. `-allow-unsupported-compiler` skips only the check: the build or "
        "the program may still fail.",
        variants=(
            # no version check fired: nvcc's front end met a builtin or type of the host gcc's headers it does not
            # know, which means this nvcc is older than the gcc (round twenty-seven)
            # (round thirty: gcc 11's std_function.h 'parameter packs not expanded' error or its '_ArgTypes' note,
            # which nvcc 11.5 and older cannot parse)
            Variant(
                r"error: identifier \"(?:__builtin_ia32_|__float128|_Float\d)"
                r"|std_function\.h[^\n]{0,80}(?:error: parameter packs not expanded|note:\s{1,40}\S?_ArgTypes\b)",
                "nvcc older than the host gcc's headers (an unknown builtin or type, no version check)",
                "nvcc's front end does not know a builtin or type that the host gcc's headers use (the header in "
                "the error is gcc's or glibc's), so this nvcc is older than the host compiler, even without nvcc's "
                "'unsupported GNU version' check: usually an old toolkit first on PATH (a distribution's "
                "nvidia-cuda-toolkit, /usr/bin/nvcc) although a newer CUDA is installed. Check `which nvcc` and "
                "`nvcc --version`; build with a CUDA toolkit that supports this gcc (PATH=/usr/local/cuda-X.Y/bin:"
                "$PATH, CMake -DCMAKE_CUDA_COMPILER=/usr/local/cuda-X.Y/bin/nvcc or CUDACXX; remove the old "
                "distribution toolkit), then rebuild from a clean build folder; or hand nvcc an older gcc it "
                "supports (-ccbin g++-N / CMAKE_CUDA_HOST_COMPILER). A stop-gap for one header is to define its "
                "include guard for nvcc (e.g. -D_MWAITXINTRIN_H_INCLUDED for mwaitxintrin.h).",
            ),
            Variant(
                r"configure failed|CUDA [\d_.]{1,8} does not support [^\n]{0,80}\((?:g\+\+|gcc|c\+\+|clang\+{0,2})-"
                r"|You need g\+\+ <|Only versions strictly older than",
                "a project's configure script (Kaldi's src/configure)",
                "The project's configure script compares the host g++ with the CUDA toolkit it found and stops "
                "before anything compiles (Kaldi's table: CUDA 9.0 / 9.1 take g++ below 7, 9.2 / 10.0 below 8, 10.1 / "
                "10.2 below 9, 11.0-11.3 below 10, later 11.x below 12; CUDA 8 took g++ below 6). The usual way out is "
                "a newer CUDA toolkit that supports the system g++ (rerun configure pointed at it, Kaldi: "
                "`--cudatk-dir=/usr/local/cuda-X.Y`); or install the older g++ the message names beside the system "
                "one and hand it to configure (`CXX=g++-5 ./configure ...`, Kaldi reads CXX), then `make clean` and "
                "build again. Build without the GPU only if you do not need it (Kaldi: `--use-cuda=no`).",
            ),
            Variant(
                r"NVHPC|nvc\+\+|pgc\+\+",
                "NVHPC / PGI host compiler",
                "nvcc was handed the NVIDIA HPC SDK compiler (nvc / nvc++, often set as CC / CXX by an HPC "
                "module) as its host compiler: load a GCC module (`module load gcc`) or point the build at g++: "
                "`CC=gcc CXX=g++` for torch extensions / pip builds, `-ccbin g++` / NVCC_CCBIN=g++, CMake "
                "`-DCMAKE_CUDA_HOST_COMPILER=g++` (or CUDAHOSTCXX=g++), then rebuild from a clean build folder.",
            ),
            Variant(
                r"Host compiler targets unsupported OS",
                "32-bit MSVC",
                "nvcc found a cl.exe that targets 32-bit x86: CUDA builds only for x64. Build from the 'x64 Native "
                "Tools Command Prompt' of Visual Studio (or run vcvars64.bat first), or pass the x64 cl.exe with "
                "-ccbin (...\\bin\\Hostx64\\x64), then rebuild.",
            ),
            Variant(
                r"different than the one specified with -ccbin",
                "two host compilers",
                "The cl.exe on PATH is not the one -ccbin names: build from the developer prompt of the Visual "
                "Studio that -ccbin points at, or drop -ccbin (CUDAHOSTCXX / CMAKE_CUDA_HOST_COMPILER) so nvcc uses "
                "the cl.exe on PATH.",
            ),
            Variant(
                r"Microsoft Visual Studio version|host compiler \('[^'\n]{0,20}Visual Studio",
                "MSVC",
                "This CUDA release does not support the Visual Studio (MSVC toolset) that builds its host code: "
                "nvcc's crt/host_config.h checks _MSC_VER, and a Visual Studio updated since the CUDA release is "
                "newer than it knows. Either install a CUDA release that supports your Visual Studio (newer CUDA "
                "takes newer MSVC; for a torch extension, the CUDA of torch.version.cuda, so a newer torch too), or "
                "build with an MSVC toolset this CUDA supports: add it in the Visual Studio Installer (Individual "
                "components: an older 'MSVC v14x' toolset, e.g. v141 / v140 for CUDA 9-10), then build from its "
                "prompt (`vcvars64.bat -vcvars_ver=14.16`), with CMake's Visual Studio generator `-T v141`, and a "
                "clean build folder. nvcc's `-allow-unsupported-compiler` (CMake "
                "`-DCMAKE_CUDA_FLAGS=-allow-unsupported-compiler`, or `set CUDAFLAGS=-allow-unsupported-compiler`; "
                "recent CUDA releases) skips only the check: the build may still fail on the newer headers.",
            ),
        ),
        op=r"gcc versions later than (\d{1,2})|gcc (\d{1,2}\.\d{1,2}) and up|clang version must be less than (\d{1,2})",
        weight=86,
        applies="nvcc builds (CMake, make, torch extensions) with a system compiler newer than the CUDA release",
        shown_by=(
            f"{_TESTS}::test_nvcc_refuses_the_host_compiler",
            f"{_R6}#computationalradiationphysics-cuda_memtest-26",
            f"{_R6}#nvlabs-instant-ngp-1562",
            f"{_R25}::test_a_configure_script_refusing_the_host_compiler",
        ),
        example="/usr/include/crt/host_config.h:121:2: error: #error -- unsupported GNU version! gcc versions later "
        "than 6 are not supported!",
        example_source="https://github.com/ComputationalRadiationPhysics/cuda_memtest/issues/26",
    ),
    KnownError(
        "build-nvcc-arch-unsupported",
        "nvcc fatal : Unsupported gpu architecture 'compute_XY' (the CUDA toolkit does not know the GPU)",
        # the closing quote is often cut off when a log is copied ("Unsupported gpu architecture 'compute_61")
        # (and a user's retyping of it in an issue's title, "Unsupported gpu architechture 'compute_89'"; issue 36,
        # round fifty-two)
        rf"Unsupported gpu archi(?:tecture|techture|tecure) {_Q}(?:compute|sm|lto)_\w{{1,8}}(?:{_Q}|$|\s)"
        rf"|Value {_Q}(?:compute|sm)_\w{{1,8}}{_Q} is not defined for option {_Q}gpu-(?:architecture|name|code){_Q}"
        r"|ptxas fatal\s{0,4}: Unsupported \.target 'sm_\w{1,8}'"
        + _MSB3721_OLD_ARCH
        # issue 36, round forty: the NVIDIA HPC SDK's compilers (nvc++ / nvc / nvfortran, PGI's pgc++ / pgfortran
        # before them) refusing a compute capability they do not know in their -gpu / -ta options ("nvc++-Error-Switch
        # -ta with unknown keyword cc89")
        + "|"
        + _NVHPC_UNKNOWN_CC,
        # issue 36, round twenty-five: Visual Studio's error list shows only MSBuild's MSB3721 (its CUDA build
        # customisation ran nvcc, which failed), in any UI language; the command it quotes builds for an
        # architecture the toolkit in its path no longer builds (Fermi's compute_1x / 2x: deprecated in CUDA 8,
        # gone in 9; compute_30 / 32 gone in 11, compute_35 / 37 in 12)
        "The build asks nvcc for a GPU architecture that this CUDA release does not know: the toolkit is older "
        "than the GPU (e.g. compute_89 for an RTX 40xx needs CUDA 11.8, compute_120 for an RTX 50xx needs 12.8), "
        "or newer than an architecture it dropped (compute_35 after CUDA 11.8). torch extensions build for the "
        "GPU they see unless TORCH_CUDA_ARCH_LIST says otherwise.",
        "Build with a CUDA toolkit that knows the architecture (`nvcc --list-gpu-arch` lists those it does), or "
        'build for one it knows: TORCH_CUDA_ARCH_LIST="8.6" for torch extensions, -DCMAKE_CUDA_ARCHITECTURES=86 '
        "for CMake, the -gencode / -arch flags of a Makefile.",
        variants=(
            # (issue 36, round fifty-two) in a Docker image the toolkit is the image's
            Variant(
                r"\bdocker\b|\bDockerfile\b|\bnvidia/cuda:|-devel-ubuntu|\bcontainer\b",
                "in a Docker image (the toolkit is the image's)",
                "The nvcc that failed is the image's CUDA toolkit, older than this GPU (compute_89 for an RTX 40xx "
                "and compute_90 need CUDA 11.8, compute_100 / compute_120 for Blackwell 12.8): rebuild the image on "
                "a CUDA devel base that knows the architecture (a 12.x nvidia/cuda devel image, with the torch built "
                "for that CUDA), rather than installing a second toolkit inside it; or build for an architecture the "
                'image\'s nvcc knows that runs on the GPU (TORCH_CUDA_ARCH_LIST="8.6+PTX" for torch extensions).',
            ),
            Variant(
                _NVHPC_UNKNOWN_CC,
                "the NVIDIA HPC SDK's compiler (nvc++ / nvfortran) does not know the compute capability",
                "The NVIDIA HPC SDK compiler (nvc++ / nvc / nvfortran; pgc++ / pgfortran in PGI's releases) was asked "
                "for a compute capability (the ccXX keyword it names) that this release does not know: the HPC SDK "
                "is older than the GPU (`nvc++ -help -gpu` lists the keywords a release knows; Ada's cc89 and Hopper's "
                "cc90 came with releases built on CUDA 11.8+, Blackwell's cc100 / cc120 with 25.x). Either build "
                "for a capability it knows that runs on the GPU (cc86 device code runs on an 8.9 GPU; the project's "
                "compute-capability option, e.g. a CMake COMPUTE_CAPABILITY, or the Makefile's flags), or install a "
                "newer HPC SDK and rebuild; -ta=tesla:ccXX is PGI's deprecated form: newer releases take -acc "
                "-gpu=ccXX, so a project's flags may need that change too.",
                strict=True,
            ),
            Variant(
                r"\bMSB3721\b",
                "a Visual Studio CUDA project (MSB3721: nvcc failed)",
                "Visual Studio's error list shows only that nvcc failed (MSB3721); the command it quotes builds for "
                "an old architecture (-gencode=arch=compute_XY) that this CUDA toolkit no longer builds, or that is "
                "older than the code needs. Set the project's architecture to the GPU's: Project > Properties > "
                "CUDA C/C++ > Device > Code Generation, e.g. compute_52,sm_52 for a GTX 9xx, compute_61,sm_61 for a "
                "GTX 10xx, compute_86,sm_86 for an RTX 30xx (`nvidia-smi --query-gpu=compute_cap --format=csv` "
                "names it), for every configuration (Debug and Release) and for each .cu file that overrides it, "
                "then rebuild. nvcc's own first error is in the Output window (View > Output, show output from "
                "Build), not in the error list.",
            ),
            # issue 36, round twenty-nine: an architecture CUDA 13 removed (Maxwell, Pascal, Volta) on Windows, where
            # the text also shows the older toolkits failing with this Visual Studio (cudafe++ crashing, MSVC's STL
            # or nvcc refusing the toolset): the way out is a CUDA 12.x paired with an MSVC toolset it supports
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?Unsupported gpu architecture {_Q}(?:compute|sm)_(?:5[023]|6[012]|7[02]){_Q})"
                r"(?=[\s\S]{0,300000}?(?:cudafe\+\+'? died|STL100[12]\b|unsupported Microsoft Visual Studio version"
                r"|\b0xC0000005\b|\bACCESS_VIOLATION\b))",
                "an architecture CUDA 13 removed, with older CUDA toolkits failing on this Visual Studio",
                "CUDA 13 removed this GPU's architecture (Maxwell / Pascal / Volta), so only a CUDA 12.x (or older) "
                "nvcc builds for it; and the text shows the older toolkits failing on this Windows toolchain too "
                "(cudafe++ crashing with 0xC0000005, MSVC's STL1002 or nvcc's 'unsupported Microsoft Visual Studio "
                "version': the MSVC toolset is newer than that CUDA release supports, or the CUDA older than the "
                "STL accepts). Pair a CUDA 12.x with an MSVC toolset it supports: the newest 12.x (12.8 / 12.9 "
                "still build these architectures; its installation guide lists the Visual Studio versions), or keep "
                "your 12.x and install the older toolset it lists (Visual Studio Installer > Individual components "
                "> an older 'MSVC v143' toolset, then `vcvars64.bat -vcvars_ver=14.3x`); build from that x64 "
                "Native Tools prompt with a clean build folder, with the build pointed at that nvcc (CUDA_PATH, "
                "CUDACXX / CMAKE_CUDA_COMPILER). If the project has a GPU backend without CUDA (ggml's Vulkan "
                "backend, -DGGML_VULKAN=ON), it avoids this toolchain on this GPU; its CPU build works too.",
            ),
            # issue 36, round thirty-two: the same paste goes on to a run that crashed in CUDA (the extension was
            # built another way since, against another torch): both failures need their fix
            Variant(
                r"Unsupported gpu architecture[\s\S]{0,300000}?(?:RuntimeError: (?:cuda runtime error \(\d{1,3}\)"
                r"|CUDA error: )|an illegal memory access was encountered)",
                "a build that failed, then a run of the extension that crashed in CUDA",
                "Two failures. The build: this nvcc does not know the GPU's architecture (compute_75 needs CUDA "
                "10.0, compute_86 11.1, compute_89 11.8; `nvcc --list-gpu-arch`): install a toolkit that knows it and "
                "build with it (CUDA_HOME / PATH), or set TORCH_CUDA_ARCH_LIST to an architecture it knows. The "
                "crash after it (an illegal memory access, a 'cuda runtime error' from torch) comes from running an "
                "extension built another way (an earlier build, another torch, a workaround) with the torch "
                "installed now: a compiled extension works only with the torch and CUDA it was built against. "
                "Install the torch release the project pins (its README or requirements), then rebuild the "
                "extension from a clean tree (remove build/ and the old .so files, then its setup.py or pip install "
                "again) with a toolkit of that torch's CUDA (torch.version.cuda), and rebuild it after any torch "
                "change.",
                strict=True,
            ),
            *_arch_variants(),
        ),
        op=rf"architecture {_Q}((?:compute|sm|lto)_\w{{1,8}})|Value {_Q}((?:compute|sm)_\w{{1,8}}){_Q}"
        r"|\.target '(sm_\w{1,8})'",
        weight=86,
        applies="nvcc builds; the toolkit must be at least as new as the GPU architecture",
        shown_by=(
            f"{_TESTS}::test_nvcc_does_not_know_the_architecture",
            f"{_R6}#facebookresearch-3detr-59",
            f"{_R6}#ztxz16-fastllm-367",
        ),
        example="nvcc fatal   : Unsupported gpu architecture 'compute_89'",
        example_source="https://github.com/ztxz16/fastllm/issues/367",
    ),
    KnownError(
        "build-cuda-home-unset",
        "CUDA_HOME environment variable is not set (torch.utils.cpp_extension finds no CUDA toolkit)",
        r"CUDA_HOME environment variable is not set|CUDA was not found on the system, please set the CUDA_HOME"
        r"|CUDA_HOME does not exist, unable to compile CUDA op"
        # the setup.py of flash-attn, apex, mamba-ssm, causal-conv1d (check_if_cuda_home_none): "<option> was
        # requested, but nvcc was not found.  Are you sure your environment has nvcc available?"
        r"|\bwas requested, but nvcc was not found"
        # the same setup.py reading nvcc's version with CUDA_HOME None (a TypeError follows): the traceback's line
        r"|check_output\(\[\s{0,2}\w{1,30}\s{0,2}\+\s{0,2}[\"']/bin/nvcc[\"']"
        r"|No such file or directory: '[^'\n]{0,200}[\\/]bin[\\/]nvcc(?:\.exe)?'"
        r"|(?:/bin/sh: \d{1,3}: |sh: )nvcc: (?:not found|command not found)"
        # issue 36, round forty-two: CUDA_HOME set to the toolkit's bin folder, so the build runs $CUDA_HOME/bin/nvcc
        # = .../bin/bin/nvcc ("error: command '/usr/local/cuda-10.0/bin/bin/nvcc' failed with exit status 1")
        r"|[\\/]bin[\\/]bin[\\/]nvcc\b"
        # the shell ran $CUDA_HOME/bin/nvcc and found no file there (dash: "/bin/sh: 1: X/bin/nvcc: not found";
        # bash: "X/bin/nvcc: No such file or directory"): CUDA_HOME names a folder without the toolkit
        r"|(?:/bin/sh: \d{1,3}: |sh: |bash: )[^\n]{1,240}?[\\/]bin[\\/]nvcc: (?:not found|No such file or directory)"
        # the build command itself runs CUDA_HOME's nvcc with a separator before it (CUDA_HOME=$CUDA_HOME:/usr/local/
        # cuda): ninja's "[5/8] :/usr/local/cuda/bin/nvcc ..." and "-isystem :/usr/local/cuda/include"
        r"|(?:^|\] |\s)[:;]/[^\s:;]{1,200}/bin/nvcc\s|-isystem [:;]/[^\s]{1,200}/include\b"
        # issue 36, round thirty-one: flash-attn's setup.py (and the kernel packages that copy it) reading the
        # version of CUDA_HOME's nvcc: "FlashAttention is only supported on CUDA 11 and above" (1.x), "... CUDA 11.6
        # and above.  Note: make sure nvcc has a supported version by running nvcc -V." (2.x, later 11.7)
        r"|FlashAttention is only supported on CUDA 1\d(?:\.\d{1,2})? and above"
        # issue 36, round forty-one: the locate_cuda() that many projects' setup.py copy (py-faster-rcnn's lineage:
        # NMS / ROI extensions of detection and pose repositories): "The nvcc binary could not be located in your
        # $PATH. Either add it to your path, or set $CUDAHOME", then "The CUDA <k> path could not be located in <p>"
        r"|The nvcc binary could not be located in your \$PATH|The CUDA \w{1,12} path could not be located in "
        # issue 36, round forty-one: a program's own CuPy kernel launcher that builds NVRTC's include options from
        # the toolkit's folder: os.environ['CUDA_HOME'] unset (Python's KeyError), or its guess by globbing
        # /usr/local/cuda* found nothing (an IndexError raised right under CuPy's memoize frame)
        r"|\bKeyError: '(?:CUDA_HOME|CUDA_PATH)'"
        r"|cupy[\\/.]_?util\.pyx\"?, line \d{1,6}, in cupy\._?util\.memoize\.decorator\.ret\n"
        r"(?:[^\n]{0,300}\n){1,3}?IndexError: list index out of range",
        "torch.utils.cpp_extension (and the setup.py of a CUDA extension) needs a CUDA toolkit with nvcc: it looks "
        "at CUDA_HOME / CUDA_PATH, then for nvcc on PATH, then /usr/local/cuda, and found none. The NVIDIA driver "
        "and torch's own CUDA libraries are no toolkit (they have no nvcc and no headers).",
        "Install the CUDA toolkit whose version matches torch's (`python -c 'import torch; "
        "print(torch.version.cuda)'`) and point CUDA_HOME at it (`export CUDA_HOME=/usr/local/cuda-12.4`, "
        "PATH=$CUDA_HOME/bin:$PATH; Windows: CUDA_PATH); in conda, `conda install -c nvidia cuda-toolkit=<that "
        "version>`. Or install a prebuilt wheel of the package for your torch and CUDA instead of building it. On a "
        "Mac there is no CUDA toolkit and CUDA_HOME cannot help: install the package without its CUDA extension, "
        "or run the project on a machine with an NVIDIA GPU.",
        variants=(
            # issue 36, round forty-one: a setup.py's own locate_cuda(), which reads CUDAHOME (no underscore) or
            # the nvcc on PATH, not CUDA_HOME
            Variant(
                r"The nvcc binary could not be located in your \$PATH|The CUDA \w{1,12} path could not be located "
                r"in |\blocate_cuda\(",
                "a setup.py's own locate_cuda() (reads $CUDAHOME or the nvcc on PATH)",
                "The project's setup.py finds the CUDA toolkit with its own locate_cuda(): it reads $CUDAHOME (no "
                "underscore: CUDA_HOME alone does not help it) or takes the nvcc it finds on PATH, and it found "
                "neither. Install the CUDA toolkit (nvcc; the driver and a pip torch have none; its version should "
                "match torch.version.cuda where the extension uses torch) and make it visible to that script: `export "
                "CUDAHOME=/usr/local/cuda-X.Y` and `export PATH=$CUDAHOME/bin:$PATH` (check `which nvcc && nvcc "
                "--version` in the same shell), then rerun the build (make / `python setup.py build_ext --inplace`); "
                "with sudo the PATH is reset, so build without it. A machine without an NVIDIA GPU or toolkit needs "
                "the project's CPU-only build of that extension where it has one.",
                sure=True,
                strict=True,
            ),
            # issue 36, round forty-two: CUDA_HOME names the toolkit's bin folder (the nvcc path doubles "bin")
            Variant(
                r"[\\/]bin[\\/]bin[\\/]nvcc\b|CUDA_HOME=[^\s:;]{1,200}[\\/]bin[\\/]?(?:\s|$)",
                "CUDA_HOME points at the toolkit's bin folder (the build runs .../bin/bin/nvcc)",
                "CUDA_HOME must be the toolkit's root folder, not its bin: torch.utils.cpp_extension (and setup.py "
                "scripts) run $CUDA_HOME/bin/nvcc and read $CUDA_HOME/include and lib64, so CUDA_HOME=/usr/local/"
                "cuda-X.Y/bin makes them call /usr/local/cuda-X.Y/bin/bin/nvcc, which does not exist. Set `export "
                "CUDA_HOME=/usr/local/cuda-X.Y`, `export PATH=$CUDA_HOME/bin:$PATH` and `export LD_LIBRARY_PATH="
                "$CUDA_HOME/lib64:$LD_LIBRARY_PATH` (lib64 belongs on LD_LIBRARY_PATH, not PATH), check `which nvcc "
                "&& nvcc -V` in that shell, then delete the build/ folder and rerun the build.",
                sure=True,
                strict=True,
            ),
            # issue 36, round twenty-three: a Mac has no CUDA toolkit to point CUDA_HOME at
            Variant(
                MACOS,
                "macOS (no CUDA exists there)",
                "There is no CUDA toolkit for a Mac (Apple Silicon or Intel), so setting CUDA_HOME cannot help: "
                "install the package without its CUDA extension (a CPU-only build option, or a prebuilt macOS "
                "wheel), or, where the project needs its CUDA kernels, run it on Linux or Windows with an NVIDIA GPU "
                "(a cloud or Colab GPU machine).",
            ),
            Variant(
                r"FlashAttention is only supported on CUDA 1\d",
                "flash-attn's source build found no CUDA toolkit of the version it needs",
                "flash-attn is being built from source (no prebuilt wheel matched, or the program asked for "
                "flash_attn and pip built it), and its setup.py read the version of the nvcc it found (CUDA_HOME, "
                "else the nvcc on PATH, else /usr/local/cuda): none, or one older than it needs (11.0 for 1.x, "
                "11.6 / 11.7 for 2.x; an apt nvidia-cuda-toolkit is often 10.x). The 'CUDA Version' nvidia-smi "
                "prints is the driver's, not an installed compiler. Check `which nvcc && nvcc -V`; install the CUDA "
                "toolkit of torch.version.cuda and point the build at it (`export CUDA_HOME=/usr/local/cuda-X.Y "
                "PATH=/usr/local/cuda-X.Y/bin:$PATH`), then `pip install flash-attn --no-build-isolation`; or "
                "install a prebuilt flash-attn wheel for your torch, CUDA and Python (no toolkit needed); or run "
                "the program without flash-attn (its entry point or option without the flash-attention patch).",
                strict=True,
            ),
            Variant(
                # the user shows CUDA_HOME already set (cmd's `set "CUDA_HOME=…"`, bash's export, PowerShell's
                # $env:) and the error stays: cpp_extension drops CUDA_HOME when torch is a CPU build
                r"(?:^|[\s>])(?:set\s{1,4}\"?|export\s{1,4}|\$env:)CUDA_HOME\s{0,2}=",
                "CUDA_HOME already set (a CPU-only torch)",
                "CUDA_HOME is set and the error stays: torch.utils.cpp_extension ignores CUDA_HOME (takes it as "
                "None) when the installed torch is a CPU-only build. Check `python -c 'import torch; "
                "print(torch.__version__, torch.version.cuda, torch.cuda.is_available())'` in the same environment: "
                "None / +cpu means a CPU wheel; replace it with the CUDA build of the same torch from PyTorch's "
                "cuXYZ index (the CUDA major of your toolkit), then build again from the shell where CUDA_HOME is "
                "set.",
            ),
            Variant(
                # the path the shell tried is not a folder: a PATH-style list (a ':' or ';' inside it), a placeholder
                # left in brackets, a trailing separator in CUDA_HOME=...
                r"(?:sh: \d{1,3}: |sh: |bash: )[^\n\s]{0,200}(?:[:;]|[\[<][\w -]{1,40}[\]>])[^\n\s]{0,200}"
                r"[\\/]bin[\\/]nvcc: "
                r"|CUDA_HOME=[^\s:;]{1,200}[:;](?:\s|$|\")"
                r"|(?:^|\] |\s)[:;]/[^\s:;]{1,200}/bin/nvcc\s|-isystem [:;]/[^\s]{1,200}/include\b",
                "CUDA_HOME holds something other than the toolkit's folder",
                "The build ran $CUDA_HOME/bin/nvcc and the path it tried (the text before '/bin/nvcc' on the "
                "shell's line) is not a folder: CUDA_HOME holds a PATH-style list (with ':' or ';'), a "
                "placeholder from a README, or a trailing separator. Set it to the toolkit's root only, the "
                "folder that holds bin/nvcc (`export CUDA_HOME=/usr/local/cuda-12.4`; check with `ls "
                "$CUDA_HOME/bin/nvcc` and `$CUDA_HOME/bin/nvcc --version`, its version matching "
                "torch.version.cuda); add its bin to PATH and its lib64 to LD_LIBRARY_PATH separately; then "
                "rebuild (pip: `pip install --no-build-isolation .`).",
                strict=True,
            ),
            # issue 36, round forty-one: the program's own CuPy launcher reads CUDA_HOME (or globs /usr/local/cuda*)
            # for NVRTC's -I options; Windows' CUDA installer sets CUDA_PATH only
            Variant(
                r"\bcupy\b",
                "a CuPy kernel launcher that reads CUDA_HOME (CUDA_PATH on Windows)",
                "The program compiles its CuPy kernels itself and builds NVRTC's include options from the CUDA "
                "toolkit's folder: it reads the CUDA_HOME environment variable, or guesses the folder from "
                "/usr/local/cuda* and /usr/lib/cuda*, and found nothing, so its launcher fails before the kernel "
                "is compiled (a KeyError, or an IndexError on the empty list of guesses). Install the CUDA "
                "toolkit and set CUDA_HOME to its root (the folder with include/cuda.h): on Windows the installer "
                "sets only CUDA_PATH, so `set CUDA_HOME=%CUDA_PATH%` (PowerShell: `$env:CUDA_HOME = $env:CUDA_PATH`) "
                "before running; or change the launcher to fall back to CUDA_PATH / cupy.cuda.get_cuda_path().",
                strict=True,
            ),
            Variant(
                r"pip-install-|pip-req-build|subprocess-exited-with-error|Preparing metadata|Building wheel for",
                "pip build",
                "pip builds this package from source: install the CUDA toolkit matching torch.version.cuda and set "
                "CUDA_HOME, then build against the installed torch with `pip install --no-build-isolation "
                "<package>` (an isolated build may pull another torch); or install a prebuilt wheel for your torch "
                "and CUDA.",
            ),
        ),
        weight=85,
        applies="torch C++/CUDA extensions (setup.py, pip builds, torch.utils.cpp_extension.load)",
        shown_by=(
            f"{_TESTS}::test_extension_builder_in_its_own_words",
            f"{_R6}#nvidia-flownet2-pytorch-218",
            f"{_R6}#openbmb-cpm-live-244",
        ),
        example="OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.",
        example_source="https://github.com/NVIDIA/flownet2-pytorch/issues/218",
    ),
    KnownError(
        "build-cuda-version-mismatch",
        "The detected CUDA version (X) mismatches the version that was used to compile PyTorch (Y)",
        # also as torch's source template with its printf placeholders (an issue title that copies it: "The detected
        # CUDA version (%s) mismatches the version that was used to compile PyTorch (%s)"), issue 36, round 47
        r"The detected CUDA version \((?:\d{1,2}\.\d{1,2}|%s)\) mismatches the version that was used to compile"
        r"|Cuda extensions are being compiled with a version of Cuda that does\b"
        r"|Installed CUDA version \d{1,2}\.\d{1,2} does not match the version torch was compiled with"
        r"|nvcc version \(?\d{1,2}\.\d{1,2}\)? (?:does not match|mismatch(?:es)? with) (?:the )?(?:PyTorch|torch)"
        # nvcc's (EDG's) errors inside torch's own headers ("torch/include/torch/csrc/api/include/torch/enum.h(164):
        # error: no instance of function template \"c10::visit\" ..."): an nvcc older than the one torch's C++ API
        # needs compiles the extension (issue 36, round sixty-four)
        r"|[\\/]torch[\\/]include[\\/][^\n]{1,200}\.h\(\d{1,6}\): error: ",
        "torch.utils.cpp_extension builds with the nvcc of CUDA_HOME (or PATH), and that toolkit's major differs "
        "from the CUDA torch was built with: an extension built so would not load with this torch (apex's setup.py "
        "and DeepSpeed's op builder make the same check in their own words, and refuse any other release).",
        "Make the two agree: point CUDA_HOME (and PATH) at the toolkit of torch's CUDA (`python -c 'import torch; "
        "print(torch.version.cuda)'`), installing it beside the other if needed; or install the torch build for "
        "the toolkit you have (the cuXYZ wheel of the same torch version, e.g. `pip install torch==<ver> "
        "--index-url <PyTorch's cu121 index>`).",
        variants=(
            Variant(
                r"Cuda extensions are being compiled with a version of Cuda|\bapex\b",
                "apex",
                "apex's setup.py compares the nvcc of CUDA_HOME (or PATH) with torch.version.cuda and refuses another "
                "release: install the CUDA toolkit of torch.version.cuda (conda's cudatoolkit has no nvcc: `conda "
                "install -c nvidia cuda-toolkit=<that version>` or NVIDIA's installer), point CUDA_HOME and PATH at "
                "it (`which nvcc` must be that one), then `pip install -v --no-build-isolation --config-settings "
                '"--build-option=--cpp_ext" --config-settings "--build-option=--cuda_ext" ./` (older pip: '
                "`python setup.py install --cuda_ext --cpp_ext`); or install the torch build of your nvcc's CUDA.",
            ),
            Variant(
                r"Installed CUDA version \d{1,2}\.\d{1,2} does not match|deepspeed|DS_BUILD",
                "DeepSpeed",
                "DeepSpeed's op builder compares the nvcc of CUDA_HOME with torch.version.cuda: point CUDA_HOME at "
                "the toolkit of torch's CUDA (or install the torch build of your toolkit); DS_SKIP_CUDA_CHECK=1 "
                "skips only the check, the ops may then fail to load.",
            ),
        ),
        op=r"The detected CUDA version \((\d{1,2}\.\d{1,2})\)|Installed CUDA version (\d{1,2}\.\d{1,2})",
        advice="nvcc-vs-torch",
        weight=85,
        applies="torch C++/CUDA extensions; a minor-version difference is only a warning (torch ≥ 2.0)",
        shown_by=(
            f"{_TESTS}::test_extension_builder_in_its_own_words",
            f"{_R6}#open-mmlab-openpcdet-1275",
            f"{_R6}#boschresearch-droidcalib-5",
        ),
        example="RuntimeError:\nThe detected CUDA version (12.1) mismatches the version that was used to compile "
        "PyTorch (11.3). Please make sure to use the same CUDA versions.",
        example_source="https://github.com/boschresearch/DroidCalib/issues/5",
    ),
    KnownError(
        "build-cuda-minor-mismatch-notice",
        "The detected CUDA version has a minor version mismatch … (a warning)",
        r"The detected CUDA version \(\d{1,2}\.\d{1,2}\) has a minor version mismatch with the version that was "
        r"used to compile PyTorch",
        "torch.utils.cpp_extension found a toolkit of the same CUDA major as torch's but another minor: it warns "
        "and builds (binaries of one CUDA major are compatible).",
        "Nothing to fix; if the extension later fails to load, build it with the toolkit of torch's exact CUDA.",
        severity="notice",
        weight=30,
        applies="torch ≥ 2.0 extension builds",
        shown_by=(f"{_TESTS}::test_build_warnings_are_only_warnings",),
        example="UserWarning: The detected CUDA version (12.1) has a minor version mismatch with the version that "
        "was used to compile PyTorch (12.4). Most likely this shouldn't be a problem.",
        example_source="torch/utils/cpp_extension.py (CUDA_MISMATCH_WARN), torch 2.x",
    ),
    KnownError(
        "build-cmake-package-not-found",
        'CMake: Could not find a package configuration file provided by "Torch" / "TensorRT"',
        r"Could not find a package configuration file provided by \"?\w{1,60}\"?"
        r"|By not providing \"Find\w{1,60}\.cmake\" in CMAKE_MODULE_PATH",
        "CMake's find_package found no <Name>Config.cmake for the package: the package is not installed, or its "
        "prefix is not on CMAKE_PREFIX_PATH / <Name>_DIR (a relative path, or the wrong folder level), or the "
        "package ships no CMake config at all.",
        "Pass the package's prefix as an absolute path: `cmake -DCMAKE_PREFIX_PATH=/abs/path/to/<package> ..` "
        "(or -D<Name>_DIR=<folder holding <Name>Config.cmake>), and delete CMakeCache.txt before re-running.",
        variants=(
            Variant(
                r"provided by \"?Torch\"?|TorchConfig\.cmake|FindTorch\.cmake",
                "libtorch",
                "Point CMake at libtorch by an absolute path: the unzipped libtorch folder "
                "(`-DCMAKE_PREFIX_PATH=$PWD/../libtorch`), or the pip torch's own CMake files "
                "(`-DCMAKE_PREFIX_PATH=$(python -c 'import torch; print(torch.utils.cmake_prefix_path)')`); use a "
                "libtorch with the same CUDA and C++ ABI (cxx11) as the rest of the build.",
            ),
            Variant(
                r"provided by \"?(?:TensorRT|nvinfer|NvInfer)\w{0,20}\"?",
                "TensorRT",
                "TensorRT ships no CMake package config: find it by hand (find_path(NvInfer.h) and "
                "find_library(nvinfer) with HINTS ${TensorRT_ROOT}/include and /lib), or use the project's "
                "FindTensorRT.cmake on CMAKE_MODULE_PATH, with -DTensorRT_ROOT=<unpacked TensorRT>.",
            ),
            Variant(
                r"provided by \"?torchtrt\"?|provided by \"?TorchTensorRT\"?",
                "Torch-TensorRT",
                "Point CMake at the Torch-TensorRT C++ package (the unpacked libtorchtrt tarball's "
                "lib/cmake/torchtrt) with -Dtorchtrt_DIR, built for the same libtorch and TensorRT.",
            ),
            # issue 36, round forty: a Jetson SDK component (VPI, the Multimedia API's NvBufSurface, libargus,
            # DeepStream, cuPVA) that JetPack installs on the board: in a container build it comes from the host
            Variant(
                r"(?:provided by \"?|\bFind)(?:vpi\d?|nvbufsurface|nvbufsurftransform|nvbuf_?utils|argus|nvargus"
                r"|Argus|jetson[_-]multimedia[_-]api|MMAPI|DeepStream|deepstream|NVDS|cupva|pva)(?:\"|\.cmake\b)",
                "a Jetson SDK component (VPI, Multimedia API, libargus, DeepStream, cuPVA)",
                "The package is a Jetson SDK component that JetPack installs on the board (VPI: vpi2-dev / vpi3-dev "
                "in nvidia-vpi; the Multimedia API's NvBufSurface and libargus: nvidia-l4t-jetson-multimedia-api; "
                "DeepStream: its own package; cuPVA: its SDK), not a library CMAKE_PREFIX_PATH can find elsewhere. "
                "On the board install its -dev package of the same JetPack release (`sudo apt install nvidia-jetpack` "
                "installs them all; `dpkg -l | grep -i <name>` shows what is there). In a container build the files "
                "come from that host through the NVIDIA runtime (run and build with `--runtime nvidia`, so the "
                "host's JetPack files are mounted) or from an image that has them: use the project's image for "
                "your JetPack release (an l4t / JetPack base image of the same L4T as `cat /etc/nv_tegra_release`), "
                "then configure again from a clean build folder.",
                strict=True,
            ),
        ),
        op=r"provided by \"?(\w{1,60})\"?|Find(\w{1,60})\.cmake",
        weight=80,
        applies="CMake projects using libtorch, TensorRT, OpenCV and other packages",
        shown_by=(
            f"{_TESTS}::test_cmake_cannot_find_torch_or_cuda",
            f"{_R6}#iamhankai-cpp-pytorch-1",
            f"{_R6}#ljk53-pytorch-android-cpp-demo-3",
        ),
        example='Could not find a package configuration file provided by "Torch" with any of\n  the following '
        "names:\n\n    TorchConfig.cmake\n    torch-config.cmake",
        example_source="https://github.com/iamhankai/cpp-pytorch/issues/1",
    ),
    KnownError(
        "build-cmake-no-cuda",
        "CMake cannot find the CUDA compiler or toolkit (No CMAKE_CUDA_COMPILER could be found)",
        r"No CMAKE_CUDA_COMPILER could be found|CMAKE_CUDA_COMPILER not set, after EnableLanguage"
        r"|Failed to find nvcc\.|Specify CUDA_TOOLKIT_ROOT_DIR|CUDA_TOOLKIT_ROOT_DIR not found or specified"
        r"|Could NOT find CUDA(?:Toolkit)? \(missing:[^\n]{0,200}\)|Could not find CUDA toolkit"
        r"|The CUDA compiler identification is unknown"
        # CMakeDetermineCUDACompiler.cmake's own errors (issue 36, round forty): CUDACXX names no file ("Could not
        # find compiler set in environment variable CUDACXX"), or the error's location line alone, also cut or
        # wrapped by a terminal ("CMakeDetermineCUDACom   piler.cmake:25 (message)") with a message about finding the
        # compiler, or cut there (the file's other errors, such as CMAKE_CUDA_ARCHITECTURES', belong to other rows)
        r"|Could not find compiler set in environment variable CUDACXX"
        r"|CMake Error at [^\n]{0,300}CMakeDetermineCUDACom\s{0,300}piler\.cmake:\d{1,5} \(message\):?"
        r"\s{0,12}(?:Could n|Couldn't f|Failed to find|\Z)"
        # CMakeDetermineCUDACompiler.cmake: nvcc found but its test compile / architecture probe failed
        r"|Failed to detect a default CUDA architecture"
        r"|Compiling the CUDA compiler identification source file\s{1,8}\"CMakeCUDACompilerId\.cu\"\s{1,8}failed"
        r"|The CMAKE_CUDA_COMPILER:\s{1,8}[^\n]{1,200}\s{1,8}is not a full path to an existing compiler tool"
        # CMakeDetermineCompilerId.cmake with a Visual Studio generator: no CUDA MSBuild integration
        r"|No CUDA toolset found"
        # issue 36, round twenty-five: torch's own CMake package (share/cmake/Caffe2/Caffe2Config.cmake, reached from
        # find_package(Torch)) of a CUDA torch found no CUDA toolkit; its warning from Caffe2/public/cuda.cmake first
        r"|Your installed Caffe2 version uses CUDA but I cannot find the CUDA"
        r"|Caffe2: CUDA cannot be found\.\s{1,4}Depending on whether you are building Caffe2",
        "CMake found no CUDA toolkit: nvcc is not on PATH and no CUDACXX / CMAKE_CUDA_COMPILER / "
        "CUDA_TOOLKIT_ROOT_DIR points at one (the driver alone, a conda cudatoolkit or pip's nvidia-* wheels have "
        "no nvcc; on Windows the toolkit's Visual Studio integration is missing when CUDA was installed before "
        "Visual Studio).",
        "Install the CUDA toolkit and tell CMake where it is: `cmake -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc "
        "..` (or `export CUDACXX=/usr/local/cuda/bin/nvcc`, or /usr/local/cuda/bin first on PATH; for FindCUDA "
        "-DCUDA_TOOLKIT_ROOT_DIR=/usr/local/cuda), then delete CMakeCache.txt and configure again.",
        variants=(
            Variant(
                r"Caffe2 version uses CUDA but I cannot find the CUDA|Caffe2: CUDA cannot be found",
                "find_package(Torch) with a CUDA torch (torch's Caffe2Config.cmake)",
                "The torch (or libtorch) CMake found is a CUDA build, and its Caffe2Config.cmake then needs a CUDA "
                "toolkit (nvcc, headers, libraries) whose version fits torch's CUDA; it found none. Make the two "
                "agree: install the toolkit of torch's CUDA (`python -c 'import torch; print(torch.version.cuda)'`) "
                "and point the build at it (CUDA_PATH on Windows, CUDA_HOME / CUDAToolkit_ROOT / "
                "-DCUDA_TOOLKIT_ROOT_DIR, its bin on PATH), or install the torch wheel built for the toolkit you "
                "have (the cuXYZ wheel of the same torch version, e.g. cu126 for CUDA 12.6); when the package needs "
                "no CUDA, use the CPU torch / libtorch. In a pip build add `--no-build-isolation` so the build uses "
                "the torch you installed (an isolated build fetches a fresh CUDA torch from the index); delete the "
                "build folder (CMakeCache.txt) and build the package again.",
                strict=True,
            ),
            Variant(
                # Ubuntu's nvidia-cuda-toolkit package: /usr/bin/nvcc runs from /usr/lib/nvidia-cuda-toolkit/bin
                r"_HERE_=/usr/lib/nvidia-cuda-toolkit|Compiler: /usr/bin/nvcc\b",
                "the distribution's nvcc (/usr/bin/nvcc) picked before the installed CUDA toolkit",
                "CMake used /usr/bin/nvcc, the nvcc of the distribution's nvidia-cuda-toolkit package (an older CUDA "
                "that may not support the host gcc), not the toolkit in /usr/local/cuda-X.Y, and its test compile "
                "failed. Point CMake at the toolkit's nvcc: `cmake -DCMAKE_CUDA_COMPILER=/usr/local/cuda-X.Y/bin/nvcc "
                "..` (or `export CUDACXX=...`, or /usr/local/cuda-X.Y/bin before /usr/bin on PATH, or `sudo apt "
                "remove nvidia-cuda-toolkit`), then configure again from an empty build folder.",
            ),
            # issue 36, round forty: the compiler CMake was given (CUDACXX, CMAKE_CUDA_COMPILER) does not exist: a
            # script's hard-coded nvcc of another CUDA release
            Variant(
                r"Could not find compiler set in environment variable CUDACXX"
                r"|CMakeDetermineCUDACom\s{0,300}piler\.cmake:\d{1,5} \(message\):?\s{0,12}Could not f"
                r"|is not a full path to an existing compiler tool",
                "CUDACXX / CMAKE_CUDA_COMPILER names an nvcc that does not exist",
                "CMake was told which nvcc to use (the CUDACXX environment variable, -DCMAKE_CUDA_COMPILER, or a "
                "path a build script sets) and nothing is at that path: most often a script written for another "
                "CUDA release (a versioned /usr/local/cuda-X.Y/bin/nvcc where the system now has another). "
                "List the installed ones (`ls -d /usr/local/cuda*/bin/nvcc`), point the variable at the one that "
                "exists (`export CUDACXX=/usr/local/cuda/bin/nvcc`, the version-free link JetPack and the CUDA "
                "installers make, or edit the script's path), and configure again from an empty build folder.",
            ),
            # issue 36, round forty: the compiler identification ran with no compiler at all (-NOTFOUND): nvcc is not
            # on PATH (on Jetson /usr/local/cuda/bin is not on PATH by default)
            Variant(
                r"CMAKE_CUDA_COMPILER-NOTFOUND|CMakeCUDACompilerId\.cu\"\s{1,8}failed\.?\s{0,8}Compiler:\s{0,4}$",
                "nvcc not found at all (CMAKE_CUDA_COMPILER-NOTFOUND)",
                "CMake found no nvcc at all ('Compiler: CMAKE_CUDA_COMPILER-NOTFOUND', and 'No such file or "
                "directory' from running it): the toolkit's bin folder is not on PATH. JetPack and the CUDA "
                "installers put nvcc in /usr/local/cuda/bin, which is not on PATH by default (`nvcc --version` "
                "says 'command not found' while `/usr/local/cuda/bin/nvcc --version` works): `export "
                "PATH=/usr/local/cuda/bin:$PATH` (and LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH; in "
                "~/.bashrc to keep it), or pass the compiler: `cmake -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc "
                "..` (or `export CUDACXX=/usr/local/cuda/bin/nvcc`); on a machine with no toolkit, install it "
                "(on Jetson: `sudo apt install nvidia-jetpack` or cuda-toolkit-X-Y of the JetPack release). Then "
                "delete the build folder (CMakeCache.txt keeps the NOTFOUND) and configure again.",
            ),
            Variant(
                r"Failed to detect a default CUDA architecture|CMakeCUDACompilerId\.cu\" failed",
                "nvcc found, but CMake's test compile with it failed",
                "CMake found an nvcc but could not compile its test file with it (the 'Compiler output' below the "
                "error says why): a CUDA newer than this CMake knows (upgrade CMake: `pip install -U cmake` or the "
                "distribution's newer one), an nvcc from another CUDA than the toolkit (several CUDA installs: "
                "set CUDACXX=/usr/local/cuda-X.Y/bin/nvcc), or nvcc rejecting the host compiler (an 'unsupported "
                "GNU version' line). Then set the architecture yourself (`-DCMAKE_CUDA_ARCHITECTURES=native` on "
                "CMake 3.24+, or your GPU's, e.g. 86; for a wrapper such as node-llama-cpp or llama-cpp-python pass "
                "it through CMAKE_ARGS / its build options) and configure again from an empty build folder.",
            ),
            # issue 36, round forty-seven: a Linux build inside WSL found the Windows CUDA toolkit (its nvcc.exe under
            # /mnt/c, on PATH through WSL's Windows PATH), which has no Linux cudart / cuBLAS
            Variant(
                r"/mnt/[a-z]/[^\n]{0,160}(?:\bCUDA\b|nvcc\.exe)",
                "WSL: the Windows CUDA toolkit (under /mnt/c) found by a Linux build",
                "The build runs in WSL (Linux) but CMake found the Windows CUDA toolkit under /mnt/c (its nvcc.exe "
                "reaches PATH through WSL's Windows PATH): that toolkit has no Linux libraries (libcudart.so, "
                "libcublas.so), so FindCUDAToolkit reports them missing and the CUDA backend is left out. Install "
                "the Linux toolkit inside WSL (NVIDIA's WSL-Ubuntu cuda-toolkit package, which does not replace the "
                "driver: WSL uses the Windows driver through /usr/lib/wsl/lib), put /usr/local/cuda/bin first on "
                "PATH and drop the /mnt/c CUDA folders from it (or `appendWindowsPath = false` under [interop] in "
                "/etc/wsl.conf), then delete the build folder (CMakeCache.txt keeps the /mnt/c paths) and configure "
                "again with the CUDA option on; `which nvcc` must print /usr/local/cuda/bin/nvcc.",
                strict=True,
            ),
            Variant(
                r"Visual Studio|MSVC|\bcl\.exe|\.vcxproj|Windows|No CUDA toolset found",
                "Windows / Visual Studio",
                "The CUDA toolkit's Visual Studio integration is missing (CUDA installed before Visual Studio): "
                "re-run the CUDA installer (custom: Visual Studio Integration), or copy the files from CUDA's "
                "extras/visual_studio_integration/MSBuildExtensions into Visual Studio's BuildCustomizations folder; "
                "or use the Ninja generator from an x64 Native Tools prompt with nvcc on PATH.",
            ),
        ),
        weight=82,
        applies="CMake projects with CUDA (enable_language(CUDA), project(... CUDA), find_package(CUDA))",
        shown_by=(
            f"{_TESTS}::test_cmake_cannot_find_torch_or_cuda",
            f"{_R6}#limbo018-dreamplace-63",
            f"{_R6}#isunchy-cuboid_abstraction-2",
        ),
        example="CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CUDA_COMPILER could be found.",
        example_source="https://github.com/limbo018/DREAMPlace/issues/63",
    ),
    # issue 36, round forty-seven: a build tool other than CMake with no CUDA compiler for .cu sources: ninja run on a
    # generated build.ninja whose generator wrote no rule for them, xmake with no CUDA toolchain, meson with no nvcc
    KnownError(
        "build-tool-no-cuda-compiler",
        "A build tool has no CUDA compiler (rule) for .cu sources (ninja: unknown build rule 'cu'; xmake: cannot "
        "get program for cu; meson: Unknown compiler(s): [['nvcc']])",
        # ninja's manifest parser (manifest_parser.cc: "unknown build rule '%s'", after the file and line); xmake's
        # core/tool/compiler.lua ("cannot get program for %s", the source kind: cu for .cu files, culd for the device
        # link); meson's compiler detection ("Unknown compiler(s): [['nvcc']]")
        r"\.ninja:\d{1,6}: unknown build rule '(?:cu|cuda|nvcc|culd)\w{0,20}'"
        r"|\bcannot get program for (?:cu|culd|cu-ld)\b"
        r"|Unknown compilers?\(s\)?: \[\['nvcc'",
        "The build tool has no compiler for the CUDA sources: a build.ninja that a generator wrote references a "
        "CUDA rule it never defined (the generator handles .cu files only when it drives nvcc itself), or the "
        "build tool found no CUDA toolchain (nvcc not on PATH and no CUDA folder configured, or another toolchain "
        "selected for the whole project) and so has no program for the 'cu' source kind.",
        "Give the build a CUDA compiler: install the CUDA toolkit, put its bin on PATH (`nvcc --version` must "
        "work) and tell the tool where it is, then configure again from a clean state. A generated build.ninja "
        "without a CUDA rule is the generator's bug: build with the tool itself, or update the generator to a "
        "release that writes the nvcc rule and generate again.",
        variants=(
            Variant(
                r"\.ninja:\d{1,6}: unknown build rule|\bproject -k ninja\b|\bxmake project\b",
                "ninja on a generated build.ninja without a CUDA rule",
                "The build.ninja was generated (for example by `xmake project -k ninja`, premake or a project's own "
                "script) with build statements for the .cu files that use a rule the file never defines: the "
                "generator wrote no nvcc rule. The native build of the same project works because that tool drives "
                "nvcc itself: build with it (`xmake build`, or the project's own build command), or update the "
                "generator (`xmake update`; a release whose ninja generator writes the CUDA rule) and generate the "
                "file again; editing build.ninja by hand is lost at the next generation. With CMake this does not "
                "happen: delete the build folder and configure again with CUDA enabled.",
            ),
            Variant(
                r"\bcannot get program for|\bxmake\b|@programdir/",
                "xmake (no CUDA toolchain for the 'cu' source kind)",
                "xmake found no compiler for the 'cu' source kind: no CUDA toolchain was detected or configured. "
                "Point it at the toolkit and configure again from scratch: `xmake f -c --cuda=/usr/local/cuda` (the "
                "toolkit folder; on Windows CUDA_PATH), or name the compiler with `xmake f --cu=nvcc`; in xmake.lua "
                'add the CUDA toolchain to the target (`add_toolchains("cuda")`) so it is used for .cu files even '
                "when another toolchain is selected for C/C++ (a vendor compiler, clang); `xmake f -c -vD` shows "
                "what it detects. If the toolkit is found and the combination still fails, update xmake (`xmake "
                "update`, or its development branch) as it may be a known bug.",
            ),
            Variant(
                r"Unknown compilers?\(s\)?: \[\['nvcc'|\bmeson\b",
                "meson (no nvcc for add_languages('cuda'))",
                "meson found no nvcc for the project's CUDA language: put the toolkit's bin on PATH (`export "
                "PATH=/usr/local/cuda/bin:$PATH`) or name it in a native file (`[binaries] cuda = "
                "'/usr/local/cuda/bin/nvcc'`), then set up the build folder again (`meson setup --wipe build`).",
            ),
        ),
        weight=80,
        applies="ninja (a generated build.ninja), xmake, meson; CMake's own wording is build-cmake-no-cuda's",
        shown_by=(_R47("test_build_tools_without_a_cuda_compiler"),),
        example="ninja: error: build.ninja:68: unknown build rule 'cu'",
        example_source="ninja-build/ninja src/manifest_parser.cc (\"unknown build rule '%s'\"); xmake-io/xmake "
        "xmake/core/tool/compiler.lua ('cannot get program for %s')",
    ),
    KnownError(
        "build-cmake-cuda-architectures",
        "CMake Error: CUDA_ARCHITECTURES is empty for target … / nvcc got an empty architecture ('compute_')",
        # the build's architecture list came out empty and nvcc got 'compute_' / 'sm_' with no number (CMake's
        # `native` with no GPU at build time, a Makefile's unset arch variable): nvcc's own words, or the
        # -gencode flags CMake's compiler check shows (`_EMPTY_ARCH`); then CMake's own errors
        _EMPTY_ARCH + r"|CMake Error in [^\n]{1,300}:\s{1,8}CUDA_ARCHITECTURES is empty for target"
        r"|CMAKE_CUDA_ARCHITECTURES must be non-empty if set"
        r"|CMAKE_CUDA_ARCHITECTURES:[^\n]{0,40}\s{1,8}\w{0,40}\s{1,8}is not one of the following",
        "CMake (policy CMP0104 NEW, CMake ≥ 3.18) needs the CUDA architectures of every CUDA target, and this "
        "project sets none (or an invalid value): the target's CUDA_ARCHITECTURES is empty. When nvcc itself "
        "says 'compute_' (or 'sm_') with no number, the build's architecture list came out empty: it was detected "
        "from a GPU the build did not see (a Docker build, a CI or login node, `native` with no GPU visible or a "
        "CMake older than 3.24), or the variable that holds it (TORCH_CUDA_ARCH_LIST, CUDA_ARCH, GPU_ARCH, "
        "CMAKE_CUDA_ARCHITECTURES) is set but empty.",
        "Give CMake the architectures: `cmake -DCMAKE_CUDA_ARCHITECTURES=86 ..` (your GPU's compute capability; "
        "`native` with CMake ≥ 3.24), or set_target_properties(<target> PROPERTIES CUDA_ARCHITECTURES 86) / "
        "set(CMAKE_CUDA_ARCHITECTURES 86) before project() in CMakeLists.txt.",
        variants=(
            Variant(
                _EMPTY_ARCH,
                "an empty architecture list (nvcc got 'compute_' with no number)",
                "Name the architectures yourself instead of letting the build detect them (your GPU's compute "
                "capability from `nvidia-smi --query-gpu=compute_cap --format=csv` or torch.cuda."
                "get_device_capability(); 86 = RTX 30xx / A10, 89 = RTX 40xx / L4, 80 = A100, 90 = H100): a torch "
                'extension: `export TORCH_CUDA_ARCH_LIST="8.6"`; a CMake / scikit-build project built by pip: '
                '`CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=86" pip install --no-build-isolation <package>` (or '
                "`cmake -DCMAKE_CUDA_ARCHITECTURES=86 ..`; `native` needs CMake ≥ 3.24 and a GPU visible while "
                "building, which a Docker build has not); a Makefile: its arch variable (e.g. CUDA_ARCH=86 / "
                "GPU_ARCH=86). Check that the nvcc on PATH is the toolkit you mean (`which nvcc`, `nvcc --version`) "
                "and rebuild from a clean build folder; or install a release of the package that detects the GPU "
                "itself or ships a prebuilt wheel.",
            ),
        ),
        weight=80,
        applies="CMake ≥ 3.18 CUDA projects; any nvcc build whose architecture list came out empty",
        shown_by=(f"{_TESTS}::test_cmake_cannot_find_torch_or_cuda", f"{_R6}#icldisco-parsec-555"),
        example="CMake Error in build/_deps/parsec-src/tests/dsl/dtd/CMakeLists.txt:\n  CUDA_ARCHITECTURES is empty "
        'for target "dtd_test_new_tile".',
        example_source="https://github.com/ICLDisco/parsec/issues/555",
    ),
    KnownError(
        "build-cmake-policy-notice",
        "CMake Warning (dev): Policy CMP0104 / CMP0146 is not set (a developer warning)",
        r"Policy CMP0104 is not set|Policy CMP0146 is not set|The FindCUDA module is removed",
        "A CMake developer warning: the project predates a policy (CMP0104: CUDA_ARCHITECTURES; CMP0146: FindCUDA "
        "removed in CMake 3.27). The build goes on with the old behaviour.",
        "Nothing fails now (add -Wno-dev to hide it). If a later error follows, explain that one; the project can "
        "set CMAKE_CUDA_ARCHITECTURES, or move from find_package(CUDA) to enable_language(CUDA) / "
        "find_package(CUDAToolkit).",
        severity="notice",
        weight=30,
        applies="CMake ≥ 3.18 (CMP0104), ≥ 3.27 (CMP0146)",
        shown_by=(f"{_TESTS}::test_build_warnings_are_only_warnings", f"{_R6}#llnl-rajaperf-112"),
        example="CMake Warning (dev) in src/CMakeLists.txt:\n  Policy CMP0104 is not set: CMAKE_CUDA_ARCHITECTURES "
        "now detected for NVCC,\n  empty CUDA_ARCHITECTURES not allowed.",
        example_source="https://github.com/llnl/RAJAPerf/issues/112",
    ),
    KnownError(
        "build-cmake-findcuda-command",
        'Unknown CMake command "cuda_add_library" / "cuda_add_executable" (FindCUDA not loaded)',
        r"Unknown CMake command \"cuda_\w{1,40}\""
        # FindCUDA's own refusal under policy CMP0146 (CMake 3.27+: Modules/FindCUDA.cmake, message(FATAL_ERROR))
        r"|The FindCUDA module has been removed by policy CMP0146",
        "The project uses FindCUDA's commands (cuda_add_library, cuda_add_executable) without find_package(CUDA) "
        "having run: FindCUDA is deprecated since CMake 3.10 and removed under policy CMP0146 (CMake ≥ 3.27), or "
        "find_package(CUDA) was skipped.",
        "Call find_package(CUDA REQUIRED) before the cuda_* commands (with cmake_policy(SET CMP0146 OLD) on CMake "
        "≥ 3.27), or port to first-class CUDA: enable_language(CUDA), add_library(... .cu) and "
        "target_link_libraries(... CUDA::cudart) with find_package(CUDAToolkit).",
        variants=(
            # issue 36, round twenty-seven: find_package(CUDA) itself refused (a project or an installed package's
            # config that still calls it, under a cmake_minimum_required of 3.27 or newer, or CMake 4)
            Variant(
                r"The FindCUDA module has been removed by policy CMP0146",
                "find_package(CUDA) refused under policy CMP0146",
                "find_package(CUDA) ran with policy CMP0146 set to NEW (a cmake_minimum_required / cmake_policy "
                "VERSION of 3.27 or newer, or CMake 4), so FindCUDA.cmake stops. The 'Call Stack' under the error "
                "names who called it: the project's CMakeLists.txt, or an installed package's <Pkg>Config.cmake "
                "reached through find_package(<Pkg>). Set `cmake_policy(SET CMP0146 OLD)` before that find_package "
                "(for a package's config, in your CMakeLists.txt before find_package(<Pkg>); on the command line "
                "-DCMAKE_POLICY_DEFAULT_CMP0146=OLD), or port that code to find_package(CUDAToolkit) and the CUDA:: "
                "targets (enable_language(CUDA) for .cu sources); a package's config is fixed by its newer release.",
            ),
        ),
        op=r"Unknown CMake command \"(cuda_\w{1,40})\"",
        weight=80,
        applies="CMake projects (and installed packages' config files) written for FindCUDA",
        shown_by=(
            f"{_TESTS}::test_cmake_cannot_find_torch_or_cuda",
            "tests/troubleshooting/test_round27_v27cuda.py::test_findcuda_refused_by_policy_cmp0146",
        ),
        example='CMake Error at CMakeLists.txt:28 (cuda_add_library):\n  Unknown CMake command "cuda_add_library".',
        example_source="CMake's unknown-command wording (cmMakefile) with FindCUDA's cuda_add_library",
    ),
    KnownError(
        "build-ninja-missing",
        "Ninja is required to load C++ extensions",
        r"Ninja is required to (?:load C\+\+ extensions|build a CUDA Extension)"
        # DeepSpeed's op builder (op_builder/builder.py, jit_load)
        r"|Unable to JIT load the \w{1,40} op due to ninja not being installed",
        "torch.utils.cpp_extension.load (and JIT-compiled extensions) build with the ninja tool, which is not "
        "installed in this environment or not on the PATH the process sees (a notebook kernel often lacks the env's "
        "bin folder).",
        "`pip install ninja` in the same environment (check `ninja --version` from the same shell or kernel); from "
        "Jupyter, put the env's bin folder on PATH (os.environ['PATH']) before the extension loads.",
        variants=(
            Variant(
                r"Unable to JIT load the \w{1,40} op|\bdeepspeed\b",
                "DeepSpeed's JIT-built ops",
                "DeepSpeed builds its ops (fused_adam, cpu_adam, ...) with ninja when first used: `pip install ninja` "
                "in the same environment and make sure the launcher's PATH has that environment's bin folder (a "
                "Slurm or deepspeed multi-node launch may not), or prebuild the ops at install "
                "(DS_BUILD_FUSED_ADAM=1 / DS_BUILD_CPU_ADAM=1 pip install deepspeed).",
            ),
        ),
        weight=84,
        applies="torch C++/CUDA extensions compiled at import (torch.utils.cpp_extension.load)",
        shown_by=(
            f"{_TESTS}::test_extension_builder_in_its_own_words",
            f"{_R6}#nx-ai-xlstm-76",
            f"{_R6}#csailvision-unifiedparsing-12",
        ),
        example='raise RuntimeError("Ninja is required to load C++ extensions")\nRuntimeError: Ninja is required to '
        "load C++ extensions",
        example_source="https://github.com/CSAILVision/unifiedparsing/issues/12",
    ),
    KnownError(
        "build-msvc-missing",
        "No MSVC compiler (cl.exe) for the build (Windows)",
        r"Microsoft Visual C\+\+ 14\.0 or greater is required"
        r"|Cannot find compiler 'cl\.exe' in PATH"
        # nvcc's driver when Visual Studio's vcvars script (or its configuration file) failed
        r"|nvcc fatal\s{0,4}: Could not set up the environment for Microsoft Visual Studio"
        r"|nvcc fatal\s{0,4}: Visual Studio configuration file '[^'\n]{1,200}' could not be found"
        r"|'cl(?:\.exe)?' is not recognized as an internal or external command"
        r"|Error checking compiler version for cl:"
        # a build script's or distutils' own words (setup_cuda.py's find_in_path, msvc9compiler / _msvccompiler)
        r"|cannot find cl\.exe|cl\.exe[^\n]{0,30}not (?:found|in PATH|on PATH)|Unable to find vcvarsall\.bat"
        # torch.utils.cpp_extension on Windows looks for cl with `where cl`
        r"|Command '\['where', 'cl'\]' returned non-zero exit status"
        # torch.compile / Inductor's C++ builder on Windows (torch/_inductor/cpp_builder.py)
        r"|Compiler: cl(?:\.exe)? is not found",
        "The build needs Microsoft's C++ compiler (cl.exe) and cannot run it: the Visual Studio C++ build tools are "
        "not installed, or the shell is not a Visual Studio developer prompt (cl.exe is not on PATH; nvcc needs it "
        "as its host compiler on Windows).",
        "Install the 'Desktop development with C++' workload (Visual Studio or the Build Tools) in a version your "
        "CUDA supports, and build from the 'x64 Native Tools Command Prompt' (or run vcvars64.bat first) so cl.exe "
        "is on PATH; or install a prebuilt wheel instead of building.",
        weight=82,
        applies="Windows builds of C++ / CUDA extensions and CMake projects",
        shown_by=(f"{_TESTS}::test_windows_compiler_and_linker", f"{_R6}#tczhangzhi-pytorch-parallel-3"),
        example='error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools"',
        example_source="https://github.com/tczhangzhi/pytorch-parallel/issues/3",
    ),
    KnownError(
        "build-cxx-standard",
        "C++17 required (nvcc fatal : Value 'c++17' is not defined for option 'std')",
        rf"Value {_Q}c\+\+\d\d{_Q} is not defined for option {_Q}std{_Q}"
        r"|C\+\+\d\d or later compatible compiler is required to use (?:PyTorch|ATen|c10)"
        # torch's c10/util/C++17.h (#error) under MSVC without /std:c++17
        r"|You need C\+\+17 to compile PyTorch" + "|" + _OLDER_CXX_MODE,
        # issue 36, round forty: g++'s own words for code of a newer standard compiled in an older mode (C++11's
        # single-return constexpr functions, C++17's if constexpr) and libstdc++'s #error without -std=c++11
        "The code needs a newer C++ standard than the compiler is run in (torch ≥ 2.1 headers need C++17): the "
        "compiler is run in an older mode, or nvcc is too old to know -std=c++17 (CUDA < 11).",
        "Compile as C++17: CMake `set(CMAKE_CXX_STANDARD 17)` and `set(CMAKE_CUDA_STANDARD 17)`, Makefiles "
        "-std=c++17 for g++ and nvcc; with nvcc older than CUDA 11, install a newer CUDA.",
        variants=(
            Variant(
                _OLDER_CXX_MODE,
                "the host compiler in an older C++ mode than the code (g++'s C++11 / C++14 rules)",
                "The host compiler (g++'s wording) compiles the code in an older C++ standard than it is written "
                "for: a constexpr function of several statements is C++14 ('not a return-statement' is C++11's rule), "
                "if constexpr is C++17. The usual cause is a build driven with another compiler than the project "
                "documents, or without its -std flag: check the project's build instructions (a GPU build of an HPC "
                "code often needs the NVIDIA HPC SDK's nvc++ for its C++ / OpenACC sources and nvcc only for its "
                "CUDA kernels, chosen in its build configuration), load that compiler (`module load nvhpc`, "
                "`which nvc++`), and pass the standard it names (-std=c++14 / -std=c++17; CMake "
                "CMAKE_CXX_STANDARD; nvcc -std=c++17 -ccbin <that compiler>); a g++ older than the standard needs "
                "a newer g++ (C++17 needs g++ 7+).",
                strict=True,
            ),
            Variant(
                r"fatal error C\d{4}|\bMSVC\b|\bcl\.exe|/std:c\+\+",
                "MSVC (Windows)",
                "MSVC compiles as C++14 by default: pass /std:c++17 (setup.py extra_compile_args={'cxx': "
                "['/std:c++17'], 'nvcc': ['-std=c++17']}; CMake `set(CMAKE_CXX_STANDARD 17)`; Visual Studio: C/C++ > "
                "Language > C++ Language Standard = ISO C++17), and use Visual Studio 2019 16.x or newer.",
            ),
        ),
        weight=82,
        applies="builds against torch ≥ 2.1 headers (libtorch, extensions)",
        shown_by=(f"{_TESTS}::test_extension_builder_in_its_own_words",),
        example="nvcc fatal   : Value 'c++17' is not defined for option 'std'",
        example_source="nvcc's option check (CUDA 10.x) with torch ≥ 2.1's -std=c++17",
    ),
    KnownError(
        "build-nvhpc-compile-error",
        "NVFORTRAN-S-0084 / NVFORTRAN-F-... (the NVIDIA HPC SDK's nvfortran rejects the Fortran sources)",
        # nvfortran prints its diagnostics as NVFORTRAN-SEVERITY-NUMBER-text (file: line), severities I(nform),
        # W(arning), S(evere), F(atal): S and F stop the build. (nvc++'s NVC++-S- and PGI's PGF90-S- have the same
        # form; they are left out so the search's anchors stay under their bound, test_round3's)
        r"NVFORTRAN-[SF]-\d{4}-",
        "The NVIDIA HPC SDK's Fortran compiler (nvfortran, formerly PGI's pgfortran) rejected the project's "
        "Fortran sources with a severe (S) or fatal (F) diagnostic at the file and line it names: code this compiler "
        "release does not accept (a newer or older release than the project validated), a module file of another "
        "release, or a mistake in the sources.",
        "Read the first -S- / -F- line (its number and text, the file and line in parentheses) and compare the HPC "
        "SDK's version (`nvfortran --version`) with the ones the project documents or tests; build with such a "
        "release (`module load nvhpc/<version>`), or patch the line for this one (and report it to the project). "
        "Rebuild from a clean tree so no .mod file of another compiler is reused.",
        variants=(
            Variant(
                r"Illegal use of symbol \w{1,60} - attempt to CALL a non-SUBROUTINE",
                "a routine of the project's whose name the compiler now knows as something else",
                "The CALL names a routine of the project's own (the symbol quoted), but this nvfortran resolves the "
                "name to something that is not a subroutine: newer HPC SDK releases add intrinsics and module "
                "procedures that shadow a project's routine of the same name. "
                "Build with an HPC SDK release the project validates (its documentation or CI names them), or "
                "rename the project's routine and its calls (or take the project's release or patch that does), "
                "then rebuild from a clean tree.",
                strict=True,
            ),
            Variant(
                r"Corrupt or Old Module file",
                "a .mod file from another compiler release",
                "A Fortran module file (.mod) was written by another compiler or release than the one compiling "
                "now: delete the build's .mod and object files (make clean, or a fresh build folder) and rebuild "
                "everything, including the libraries whose modules the project uses, with this nvfortran.",
                strict=True,
            ),
        ),
        weight=80,
        applies="Fortran codes built with the NVIDIA HPC SDK's nvfortran",
        shown_by=(_R40("test_nvhpc_compiler_diagnostics_are_a_build_failure"),),
        example="NVFORTRAN-S-0084-Illegal use of symbol foo - attempt to CALL a non-SUBROUTINE (bar.f: 12)",
        example_source="nvfortran's diagnostic format (COMPILER-SEVERITY-NUMBER-text (file: line)), as HPC codes' "
        "build logs show it",
    ),
    KnownError(
        "build-cuda-link-error",
        "undefined reference to `cudaMalloc' / cannot find -lcudart (CUDA libraries not linked)",
        r"undefined reference to `(?:cuda|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nvrtc|nvml|nccl"
        r"|cu)[A-Z]\w{1,60}'"
        r"|"
        + ld_cannot_find(
            "cudart|cuda|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nvrtc|nvidia-ml|nccl|nvToolsExt"
            # issue 36, round forty-one: a static CUDA library (libculibos.a) and Caffe2's GPU library, which an
            # installed framework's exported CMake targets (Caffe2Targets.cmake / TorchConfig.cmake) name
            r"|culibos|cudart_static|cublas_static|caffe2_gpu\w{0,20}"
            # issue 36, round forty-six: the pseudo names OpenCV's exported CMake config (OpenCVConfig.cmake /
            # OpenCVModules.cmake of a CUDA build, 2.4 and 3.x) lists for the CUDA libraries it was built with
            # (opencv_dep_cudart, opencv_dep_nppi, opencv_dep_cufft, ...): no such library exists
            r"|opencv_dep_\w{1,40}"
        )
        # make's own line when such a target names a file that is not there (GNU make: "No rule to make target 'X',
        # needed by 'Y'")
        + r"|No rule to make target [`'][^'\n]{0,300}lib(?:culibos|cudart_static|cublas_static|caffe2_gpu\w{0,20})"
        r"\.(?:a|so)\b" + r"|unresolved external symbol _?(?:cuda|cublas|cudnn|cu)[A-Z]\w{1,60}"
        r"|cannot open file '(?:cudart|cuda|cublas|cudnn|nvinfer\w{0,20}|nvonnxparser|torch\w{0,10}|c10)\.lib'",
        "The link step lacks a CUDA library the code calls (cudart, the driver's libcuda, cuBLAS, cuDNN ...): it "
        "is not named in the link, or its folder (<cuda>/lib64, lib64/stubs for libcuda, <cuda>/lib/x64 on "
        "Windows) is not on the link path.",
        "Link what you call from the toolkit you compile with: CMake `find_package(CUDAToolkit)` and "
        "`target_link_libraries(app CUDA::cudart CUDA::cublas CUDA::cuda_driver)`; Makefiles "
        "`-L/usr/local/cuda/lib64 -lcudart` (libcuda: -L/usr/local/cuda/lib64/stubs -lcuda); Windows: add "
        "<cuda>/lib/x64 (and TensorRT's lib) to the linker's Additional Library Directories.",
        variants=(
            # issue 36, round forty-one: the libraries an installed framework's exported CMake targets name (Caffe2's
            # caffe2_gpu, the static libculibos.a of the CUDA toolkit it was built with), which this install lacks
            Variant(
                r"culibos|cudart_static|cublas_static|caffe2_gpu|Caffe2Targets|Caffe2Config|TorchConfig"
                r"|caffe2_detectron",
                "libraries named by an installed framework's CMake config (Caffe2 / Torch targets)",
                "The link names libraries that an installed framework's exported CMake files (Caffe2Targets.cmake / "
                "Caffe2Config.cmake / TorchConfig.cmake under its share/cmake) put on every target that links it: "
                "Caffe2's GPU library (caffe2_gpu, which newer PyTorch releases merged into torch_cuda) and the "
                "static CUDA libraries of the toolkit it was built with (libculibos.a, libcudart_static.a, which a "
                "conda or pip CUDA and some toolkit packages do not have). So the framework install and this build "
                "disagree, not the project's own link line: build against the framework release the project "
                "documents (for an old project, the framework release of its time, built from source) with the same "
                "full CUDA toolkit it was built with (`ls /usr/local/cuda/lib64/libculibos.a`), point CMake at that "
                "install (CMAKE_PREFIX_PATH / Caffe2_DIR / Torch_DIR), or edit the exported targets' "
                "INTERFACE_LINK_LIBRARIES to the libraries that exist (`grep -rn culibos <prefix>/share/cmake`); then "
                "rebuild from a clean build folder.",
                sure=True,
                strict=True,
            ),
            # issue 36, round forty-six: OpenCV's exported config names its CUDA libraries as opencv_dep_<lib>, a
            # target that exists only inside OpenCV's own build (FindCUDA, CUDA_USE_STATIC_CUDA_RUNTIME)
            Variant(
                r"opencv_dep_\w{1,40}",
                "a pseudo library OpenCV's exported CMake config names (opencv_dep_cudart, opencv_dep_nppi)",
                "The link names a library that does not exist anywhere: an OpenCV built with CUDA (OpenCV 2.4 / "
                "3.x, OpenCV4Tegra on a Jetson) exports its CUDA dependencies in OpenCVConfig.cmake / "
                "OpenCVModules.cmake as opencv_dep_cudart, opencv_dep_nppi, ..., names that mean something only "
                "inside OpenCV's own build, and CMake's FindCUDA in this project (CUDA_USE_STATIC_CUDA_RUNTIME, ON "
                "by default) turns them into -lopencv_dep_*. Configure this project with `cmake "
                "-DCUDA_USE_STATIC_CUDA_RUNTIME=OFF ..` (delete CMakeCache.txt first; catkin: `catkin_make "
                "--cmake-args -DCUDA_USE_STATIC_CUDA_RUNTIME=OFF`), or remove the opencv_dep_* entries from "
                "OpenCV_LIBS in the CMakeLists (`list(REMOVE_ITEM OpenCV_LIBS opencv_dep_cudart)`) and link the real "
                "CUDA libraries (CUDA::cudart); or build against an OpenCV built for the CUDA installed here.",
                sure=True,
                strict=True,
            ),
            _CGO_VARIANT,
            # issue 36, round thirty-seven: the link of a torch extension (its command names torch's own libraries:
            # -ltorch_python, -lc10_cuda, torch/lib) that finds no libcudart: torch.utils.cpp_extension links
            # -L$CUDA_HOME/lib64 -lcudart, so CUDA_HOME names a folder without the toolkit (a conda prefix, a
            # /usr/local/cuda-X.Y of another or a partial install)
            Variant(
                r"\A(?=[\s\S]{0,300000}?(?:-ltorch_python\b|-lc10_cuda\b|torch[\\/]lib\b))"
                r"(?=[\s\S]{0,300000}?(?:cannot find -lcudart\b|undefined reference to `cuda[A-Z]))",
                "a torch extension's link (torch.utils.cpp_extension: -L$CUDA_HOME/lib64 -lcudart)",
                "This is the link step of a torch C++ / CUDA extension (the JIT loader at first use, or setup.py), "
                "which links -L<CUDA_HOME>/lib64 -lcudart: the -L folder just before -lcudart in the command is the "
                "CUDA_HOME it used, and it has no libcudart, so CUDA_HOME points at a folder without a CUDA toolkit "
                "(a conda or Python prefix, a driver-only install) or at a toolkit of another CUDA than torch's. "
                "Install the CUDA toolkit of torch.version.cuda (`python -c 'import torch; "
                "print(torch.version.cuda)'`; in conda `conda install -c nvidia cuda-toolkit=<that version>`, which "
                "brings the libraries and nvcc) and point CUDA_HOME at it before running (`export "
                "CUDA_HOME=/usr/local/cuda-X.Y`, PATH=$CUDA_HOME/bin:$PATH); check `ls $CUDA_HOME/lib64/libcudart*` "
                "and `$CUDA_HOME/bin/nvcc --version`, then delete the stale build folder (~/.cache/torch_extensions "
                "or the project's build/) and rerun.",
                sure=True,
                strict=True,
            ),
        ),
        weight=78,
        applies="C++ / CUDA programs and libraries using the CUDA libraries",
        shown_by=(f"{_TESTS}::test_headers_and_libraries_not_found", f"{_TESTS}::test_windows_compiler_and_linker"),
        example="main.cpp:(.text+0x2a): undefined reference to `cudaMalloc'\ncollect2: error: ld returned 1 exit "
        "status",
        example_source="GNU ld's undefined-reference wording with a CUDA runtime symbol",
    ),
    KnownError(
        "build-libtorch-link-error",
        "undefined reference to `c10::…' / `torch::…', or to other libraries' symbols in both C++ string ABIs "
        "(libtorch not linked, or another C++ ABI)",
        # (GNU ld quotes with a backquote, newer ones and other locales with a straight or a typographic quote;
        # issue 36, round fifty-one)
        r"undefined reference to [`'‘](?:c10|at|torch|caffe2)::[^\n]{1,300}['’]"
        r"|unresolved external symbol [^\n]{0,200}(?:c10|at|torch)@@" + "|" + _BOTH_STRING_ABIS,
        # issue 36, round twenty-seven: undefined references of one link in both libstdc++ string ABIs (one with
        # std::__cxx11::basic_string, another with the old std::string): objects built with different
        # _GLIBCXX_USE_CXX11_ABI values, which a libtorch of the other ABI forces onto the targets that link it
        "The program is linked without libtorch's libraries, or against a libtorch built with another C++ ABI "
        "(the pre-cxx11 and cxx11 builds of libtorch differ in every std::string symbol: std::__cxx11::basic_string "
        "in one, std::string in the other); undefined references to other libraries' symbols in both string ABIs "
        "are the same split, the libtorch's ABI forced onto objects that link the system's libraries.",
        "Link libtorch the CMake way (`find_package(Torch REQUIRED)` and `target_link_libraries(app "
        '"${TORCH_LIBRARIES}")`, which also sets the ABI flag); use the libtorch whose ABI matches your other '
        "libraries (the cxx11 ABI build with gcc's default, or -D_GLIBCXX_USE_CXX11_ABI=0 everywhere for the "
        "pre-cxx11 one).",
        variants=(
            # the undefined symbols are other libraries', in both string ABIs (round twenty-seven)
            Variant(
                r"\A(?![\s\S]{0,300000}?undefined reference to [`'‘]?(?:c10|at|torch|caffe2)::)"
                rf"(?=[\s\S]{{0,300000}}?{_BOTH_STRING_ABIS})",
                "other libraries' symbols in both string ABIs (a libtorch of the other ABI in the build)",
                "The undefined symbols are other C++ libraries' (the system's image, JSON or math libraries), some "
                "with std::__cxx11::basic_string and some with the old std::string: the project's objects were "
                "compiled with different _GLIBCXX_USE_CXX11_ABI values. A libtorch built for the other ABI forces its "
                "value on every target that links it (its TORCH_CXX_FLAGS: -D_GLIBCXX_USE_CXX11_ABI=0 for the "
                "pre-cxx11 package), while the system's libraries use gcc's default (1). Use the libtorch package of "
                "the ABI your system libraries have (the 'cxx11 ABI' libtorch for a distribution's own libraries; "
                "Torch_DIR pointing at it), keep one _GLIBCXX_USE_CXX11_ABI value for every library of the project, "
                "and rebuild them all from clean build folders; `nm -DC <library>.so | grep <symbol>` shows which ABI "
                "a library exports.",
                strict=True,
            ),
            Variant(
                r"__cxx11|_GLIBCXX_USE_CXX11_ABI",
                "C++ ABI",
                "The symbols differ only in the C++ ABI (std::__cxx11 strings): download the libtorch of the other "
                "ABI ('cxx11 ABI' build for a default gcc), or build everything with the same "
                "-D_GLIBCXX_USE_CXX11_ABI value as libtorch (`python -c 'import torch; "
                "print(torch._C._GLIBCXX_USE_CXX11_ABI)'` for the pip torch).",
            ),
        ),
        unless=r"libtorchtrt|LNK20(?:19|01): unresolved external",  # MSVC's: build-msvc-unresolved-external
        weight=79,
        applies="C++ programs using libtorch (Linux, Windows)",
        shown_by=(f"{_TESTS}::test_headers_and_libraries_not_found",),
        example="main.cpp:(.text+0x41): undefined reference to `c10::detail::torchCheckFail(char const*, char const*, "
        "unsigned int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)'",
        example_source="GNU ld's undefined-reference wording with a libtorch symbol (c10/util/Exception.h)",
    ),
    KnownError(
        "build-libtorch-two-copies",
        "conflicting declaration / redefinition of 'torch::…' (the headers of two torch / libtorch installations in "
        "one build)",
        # gcc's and clang's wording for a torch / c10 / ATen name declared twice differently (issue 36, round
        # twenty-seven): torch's own headers declare each name once, so a second declaration comes from another copy
        # of them
        r"error: (?:conflicting declaration|redefinition of)\b[^\n]{0,300}?\b(?:torch|c10|at|caffe2)::\w",
        "The build includes the headers of two torch installations at once, so their declarations collide: a "
        "libtorch downloaded to one folder and another copy bundled in the project (third_party/libtorch) or in a "
        "ROS / catkin package, or pip torch's site-packages/torch/include beside a separate libtorch of another "
        "release. The include chain above the error names both roots.",
        "Use exactly one libtorch, of the release (and CUDA) the project and its exported models need: remove the "
        "other copy's path from include_directories / CMAKE_PREFIX_PATH / the catkin or colcon package's CMakeLists "
        "(or delete the bundled copy), point Torch_DIR at the one you keep (<libtorch>/share/cmake/Torch) and use "
        "find_package(Torch) with ${TORCH_INCLUDE_DIRS} / ${TORCH_LIBRARIES} only, then rebuild from a clean build "
        "folder (catkin clean / rm -rf build devel, or build/ and install/ for colcon).",
        weight=80,
        applies="C++ programs and ROS nodes built against libtorch (CMake, catkin, colcon)",
        shown_by=("tests/troubleshooting/test_round27_v27robot.py::test_two_libtorch_copies_in_one_build",),
        example="/opt/libtorch/include/torch/csrc/api/include/torch/types.h:39:16: error: conflicting declaration "
        "'constexpr const auto torch::kUInt8'",
        example_source="gcc's 'conflicting declaration' error on libtorch's torch/csrc/api/include/torch/types.h "
        "(torch::kUInt8 and the other dtype aliases)",
    ),
    KnownError(
        "build-nvcc-notice",
        "nvcc warning : The 'compute_XY' architectures are deprecated / TORCH_CUDA_ARCH_LIST is not set (warnings)",
        rf"nvcc warning : The {_Q}(?:compute|sm)_\w{{1,8}}{_Q}[^\n]{{0,300}}architectures? (?:is|are) deprecated"
        r"|TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included",
        "A build warning: nvcc says an architecture in the list will be removed in a future CUDA, or "
        "torch.utils.cpp_extension builds for the GPUs it sees because TORCH_CUDA_ARCH_LIST is not set. The build "
        "goes on.",
        "Nothing fails now. To build for other GPUs (a Docker image, another machine), set TORCH_CUDA_ARCH_LIST "
        '(e.g. "8.0;8.6;8.9;9.0") or CMAKE_CUDA_ARCHITECTURES; -Wno-deprecated-gpu-targets hides the nvcc one.',
        severity="notice",
        weight=30,
        applies="nvcc builds and torch extension builds",
        shown_by=(f"{_TESTS}::test_build_warnings_are_only_warnings",),
        example="nvcc warning : The 'compute_35', 'compute_37', 'sm_35', and 'sm_37' architectures are deprecated, "
        "and may be removed in a future release (Use -Wno-deprecated-gpu-targets to suppress warning).",
        example_source="nvcc's deprecated-target warning (CUDA 11.x)",
    ),
    KnownError(
        "build-libtorch-nvtoolsext",
        "CMake (libtorch): Failed to find nvToolsExt",
        r"Failed to find nvToolsExt",
        "libtorch's CMake config (Caffe2/public/cuda.cmake) looks for the NVTX library libnvToolsExt, which CUDA "
        "12 toolkits no longer ship by default (NVTX 3 is header-only).",
        "Install the toolkit's NVTX component (e.g. `apt install cuda-nvtx-12-x`, or the NVTX option of the CUDA "
        "installer) so libnvToolsExt is found, or use a newer libtorch whose CMake config uses the header-only NVTX "
        "3; keep libtorch's CUDA and the toolkit's at the same major.",
        weight=80,
        applies="CMake projects using libtorch 2.x with a CUDA 12 toolkit",
        shown_by=(f"{_TESTS}::test_cmake_cannot_find_torch_or_cuda",),
        example="CMake Error at libtorch/share/cmake/Caffe2/public/cuda.cmake:65 (message):\n  Failed to find "
        "nvToolsExt",
        example_source="libtorch's share/cmake/Caffe2/public/cuda.cmake (torch 2.x)",
    ),
    KnownError(
        "build-fpic",
        "relocation R_X86_64_32 … recompile with -fPIC (a CUDA object in a shared library)",
        r"can not be used when making a shared object; recompile with -fPIC"
        r"|requires dynamic R_X86_64_PC32 reloc against",
        "An object or static library linked into a shared library (a TensorRT plugin .so, a Python extension) was "
        "compiled without position-independent code: nvcc does not pass -fPIC to the host compiler unless told to.",
        "Compile everything that goes into the .so with PIC: CMake `set(CMAKE_POSITION_INDEPENDENT_CODE ON)` (or "
        "the target property POSITION_INDEPENDENT_CODE), nvcc `-Xcompiler -fPIC`, g++ `-fPIC`; rebuild the static "
        "libraries it links.",
        weight=78,
        applies="shared libraries with CUDA code (TensorRT plugins, extensions), Linux",
        shown_by=(f"{_TESTS}::test_headers_and_libraries_not_found",),
        example="/usr/bin/ld: libkernels.a(nms.cu.o): relocation R_X86_64_32 against `.bss' can not be used when "
        "making a shared object; recompile with -fPIC",
        example_source="GNU ld's relocation error for a non-PIC nvcc object",
    ),
    KnownError(
        "build-trt-undefined-reference",
        "undefined reference to `nvinfer1::…' (a TensorRT plugin or sample code not linked)",
        r"undefined reference to `(?:vtable for |typeinfo for )?(?:nvinfer1|nvonnxparser)::[^\n]{1,300}'"
        r"|unresolved external symbol [^\n]{0,300}@nvinfer1@@",
        "The program calls TensorRT-side C++ code that is not in the link: a plugin class (nvinfer1::plugin::..., "
        "a project's own plugin creator) whose library or source file is not linked, or nvinfer_plugin itself.",
        "Link the library that defines the symbol: TensorRT's plugins with nvinfer_plugin "
        "(`target_link_libraries(app nvinfer nvinfer_plugin)`), a project plugin with its own library (myplugins) "
        "or by adding its .cpp / .cu to the target; the symbol's namespace and class name say which.",
        weight=81,
        applies="C++ programs with TensorRT plugins",
        shown_by=(f"{_TESTS}::test_headers_and_libraries_not_found",),
        example="yolov5.cpp:(.text+0x1f4): undefined reference to `nvinfer1::YoloPluginCreator::YoloPluginCreator()'",
        example_source="GNU ld's undefined-reference wording for a tensorrtx plugin creator not linked",
    ),
    KnownError(
        "build-no-compiler",
        "No C / C++ compiler (gcc: No such file or directory, unable to execute 'gcc')",
        r"error: command '(?:gcc|g\+\+|c\+\+|cc|x86_64-linux-gnu-gcc|aarch64-linux-gnu-gcc)' failed: No such file "
        r"or directory|unable to execute '(?:gcc|g\+\+|c\+\+|x86_64-linux-gnu-gcc)': No such file or directory"
        r"|No CMAKE_CXX_COMPILER could be found|No CMAKE_C_COMPILER could be found"
        # CMake's own words when the generator found no compiler at all (a Windows shell without Visual C++: "CMake
        # Error: CMAKE_C_COMPILER not set, after EnableLanguage"; issue 36, round sixty-four)
        r"|CMAKE_CXX?_COMPILER not set, after EnableLanguage"
        r"|error trying to exec 'cc1(?:plus)?': execvp: No such file or directory"
        # gcc's newer wording of the same (issue 36, round thirty-nine): "gcc: fatal error: cannot execute 'cc1plus':
        # execvp: No such file or directory" (gcc found, its C++ compiler proper not: g++ not installed)
        r"|fatal error: cannot execute '(?:cc1(?:plus)?|as|collect2)': execvp: No such file or directory"
        # make's own report of a compiler it could not start ("make: g++: No such file or directory", then "Error
        # 127", the shell's code for a command not found; issue 36, round fifty-four), and the shell's
        r"|\bmake(?:\[\d{1,3}\])?: (?:gcc|g\+\+|c\+\+|cc|clang\+\+|clang): "
        r"(?:No such file or directory|Command not found)"
        r"|(?:/bin/sh: \d{1,3}: |sh: |bash: )(?:gcc|g\+\+|c\+\+|cc): (?:not found|command not found)",
        "The build needs a C / C++ compiler and none is installed (a slim Docker image, a fresh machine).",
        "Install the compiler: Debian/Ubuntu `apt install build-essential` (g++), RHEL `dnf install gcc-c++`, "
        "conda `conda install -c conda-forge cxx-compiler`; on Windows the Visual Studio C++ build tools. Or "
        "install a prebuilt wheel instead of building from source.",
        variants=(
            # gcc is there but not its C++ front end (cc1plus comes with g++), e.g. nvcc or a JIT calling gcc on C++
            Variant(
                r"cannot execute 'cc1plus'|error trying to exec 'cc1plus'",
                "gcc without g++ (cc1plus, the C++ compiler proper, is missing)",
                "gcc is installed but not its C++ compiler (cc1plus comes with the g++ package), so compiling C++ "
                "fails, also when nvcc or a kernel JIT (torch extensions, Triton, TVM-based libraries) calls gcc on "
                "C++ or to preprocess its host code ('nvcc fatal : Failed to preprocess host compiler properties'). "
                "Install g++ of the same version as gcc: Debian/Ubuntu `apt install g++` (or build-essential), RHEL "
                "`dnf install gcc-c++`, conda `conda install -c conda-forge gxx_linux-64` (with its gcc); point nvcc "
                "at it if several are installed (-ccbin, CUDAHOSTCXX / CXX).",
            ),
        ),
        weight=80,
        applies="source builds of C / C++ / CUDA packages",
        shown_by=(f"{_TESTS}::test_extension_builder_in_its_own_words",),
        example="error: command 'gcc' failed: No such file or directory",
        example_source="setuptools' spawn wording when gcc is absent",
    ),
    KnownError(
        "build-extension-compile-failed",
        "error: command 'nvcc' failed / Error compiling objects for extension (a compile step failed)",
        # (a paste may double the space after "error:", issue 36, round forty-two)
        r"error: {1,3}command '[^'\n]{0,300}(?:nvcc|gcc|g\+\+|c\+\+|cl|x86_64-linux-gnu-gcc)(?:\.exe)?' "
        r"failed with exit (?:status|code) \d{1,3}"
        # the same line with its opening quote lost in a paste ("error: /opt/cuda-9.2/bin/nvcc' failed with exit
        # status 1"; issue 36, round sixty-five)
        r"|error: {1,3}/[^'\n]{0,300}/bin/(?:nvcc|gcc|g\+\+|c\+\+)' failed with exit (?:status|code) \d{1,3}"
        r"|RuntimeError: Error compiling objects for extension|Error building extension '[\w.-]{1,80}'"
        r"|Command '\['ninja', '-v'[^\n]{0,60}\]' returned non-zero exit status \d{1,3}"
        r"|ninja: build stopped: subcommand failed"
        # cargo's report of a build script that compiles CUDA kernels (candle-kernels, cudarc's, bindgen_cuda users):
        # the crate's name carries its GPU purpose, or the script's output names nvcc / the compute capability
        r"|failed to run custom build command for `[\w-]{0,40}(?:cuda|kernels|nvrtc|cublas|cudnn|flash|gpu)[\w-]{0,40}"
        r" v[\w.+-]{1,40}`|nvcc error while compiling"
        # the link step of a CUDA extension whose nvcc step wrote no object (it failed above, or never ran): cffi /
        # setuptools builds ("src/x.cu.o: No such file or directory", "g++: error: build/temp.../x.o: No such file")
        r"|[\w./\\-]{1,300}\.cu\.o(?:bj)?: No such file or directory"
        r"|(?:g\+\+|gcc|c\+\+|ld)(?:\.exe)?: error: [\w./\\-]{1,300}\.(?:cu\.)?o: No such file or directory"
        # StyleGAN2's TensorFlow custom ops (dnnlib/tflib/custom_ops.py get_plugin): nvcc with the host compiler
        r"|Setting up TensorFlow plugin \"[\w.-]{1,80}\": (?:Preprocessing|Compiling|Loading)\.{3} Failed!",
        "A compiler step of the build failed; these lines only report it. The cause is the first 'error' line "
        "above them (a missing header, an unsupported compiler or architecture, a C++ error).",
        "These lines only say that the compiler failed; its own error is above them (pip hides it without -v). Find "
        "the first 'error:' (or 'nvcc fatal') line and explain that one: rerun the build verbose with one job so "
        "the log is in order (`MAX_JOBS=1 pip install -v --no-build-isolation .` or `python setup.py build_ext "
        "2>&1 | tee build.log`, then `grep -n -m1 error build.log` or `torchtrt-compat explain --log build.log`). "
        "An extension written for an older torch often fails on a newer one's headers (its setup.py passes "
        "-std=c++11 / c++14 where the torch needs C++17, or it calls removed APIs such as THC or AT_CHECK): build "
        "with the torch (and CUDA) the project names, or update its compile arguments; an nvcc of another CUDA "
        "than torch.version.cuda, or a host gcc newer than that nvcc supports, are the other usual causes.",
        variants=(
            Variant(
                r"Setting up TensorFlow plugin",
                "a TensorFlow custom op (StyleGAN2's dnnlib custom_ops.py)",
                "nvcc failed to compile the TensorFlow plugin (fused_bias_act.cu, upfirdn_2d.cu); custom_ops.py "
                "prints only 'Failed!'. Set verbosity='full' in dnnlib/tflib/custom_ops.py (or rerun its nvcc command) "
                "to see nvcc's first error. Usual causes: a host gcc newer than TensorFlow 1.x and the CUDA toolkit "
                "support (TF 1.15 wants gcc 7: install gcc-7/g++-7 and put them first on PATH), the C++ ABI flag "
                "(add -D_GLIBCXX_USE_CXX11_ABI=0 or 1 as tf.sysconfig.get_compile_flags() says), or a CUDA toolkit "
                "(nvcc) other than the one TensorFlow was built with.",
                product="tensorflow",
            ),
            Variant(
                r"custom build command|cargo:|build-script-build|nvcc error while compiling",
                "a Rust crate's build script (cargo, bindgen_cuda)",
                "The crate's build script ran nvcc and it failed; nvcc's own error is in the script's stderr, which "
                "cargo cuts. Rerun `cargo build -vv` (or read target/<profile>/build/<crate>-*/stderr) and explain "
                "that line. Usual causes: nvcc not on PATH (set CUDA_ROOT / CUDA_PATH, or add the toolkit's bin); "
                "on Windows no MSVC cl.exe on PATH (build from an 'x64 Native Tools' prompt); a GPU the kernels do not "
                "support: the script compiles for CUDA_COMPUTE_CAP (read from nvidia-smi), and candle's kernels need "
                "a recent one (bf16 / f16 kernels want compute 8.0 / 5.3+), so set CUDA_COMPUTE_CAP or use the "
                "CPU build on an old GPU; a toolkit too old for the GPU.",
            ),
            # torch's JIT loader (torch.utils.cpp_extension.load at first use, not setup.py / pip): its cache folder,
            # its own frames, or ninja's failure chained into a program that is no build (issue 36, round thirty-one)
            Variant(
                r"[\\/]torch_extensions[\\/]"
                r"|cpp_extension\.py[^\n]{0,60}\bin (?:load|load_inline|_jit_compile"
                r"|_write_ninja_file_and_build_library)\b"
                # issue 36, round thirty-seven: the loader's own summary of a failed build ("Error building
                # extension 'X'": _run_ninja_build's prefix for a JIT build; setup.py's is "Error compiling objects
                # for extension") in a text with no setup.py / pip build and no Windows path
                r"|\A(?![\s\S]{0,300000}?(?:_write_ninja_file_and_compile_objects|\bbuild_ext\b|setup\.py"
                r"|bdist_wheel|pip install|[A-Z]:\\|\bcl\.exe\b))[\s\S]{0,300000}?Error building extension '"
                r"|\A(?![\s\S]{0,300000}?(?:_write_ninja_file_and_compile_objects|\bbuild_ext\b|setup\.py|bdist_wheel"
                r"|pip install))[\s\S]{0,300000}?cpp_extension\.py[^\n]{0,60}\bin _run_ninja_build\b",
                "torch's JIT extension loader (torch.utils.cpp_extension.load at first use)",
                "The library builds its C++ / CUDA kernels when the program first needs them, with "
                "torch.utils.cpp_extension.load (ninja, nvcc, the host compiler), and that build failed. The cause is "
                "the compiler's first 'error:' line in the ninja output above the traceback (the library's "
                "verbose=True, or rerunning ninja in the build folder, prints it). Usual causes: CUDA_HOME's nvcc of "
                "another CUDA than torch's (`python -c 'import torch; print(torch.version.cuda)'` against `nvcc "
                "--version`), a g++ newer than that nvcc supports (`gcc --version`; set CC / CXX to a supported one), "
                "no ninja. Delete the stale build folder (~/.cache/torch_extensions, or TORCH_EXTENSIONS_DIR) before "
                "retrying; where the library can prebuild its ops at install time (an environment flag of its "
                "installer), that avoids the build at run time.",
            ),
            # issue 36, round thirty-four: a Windows build (MSVC's cl.exe as nvcc's host compiler) whose paste holds
            # only pip's and cpp_extension's wrapper lines
            Variant(
                r"\b[A-Z]:\\(?:Users|Program|ProgramData|cb|Windows|[\w .-]{1,60}\\)|\\site-packages\\|\bcl\.exe\b"
                r"|\bMSVC\b|Visual Studio|win_amd64|\bwin32\b",
                "a Windows build (MSVC and nvcc)",
                "On Windows nvcc compiles with MSVC's cl.exe, and the errors of both are above these lines "
                "('file.cu(N): error ...', 'error C2xxx', 'unsupported Microsoft Visual Studio version'); `pip "
                "install -v` shows them: explain that first one. Usual causes: the build was not started from an "
                "'x64 Native Tools Command Prompt for VS' (cl.exe missing or for x86), an MSVC newer than the "
                "CUDA toolkit supports (use the VS 2019 / 2022 toolset the toolkit's release notes name, or a "
                "newer toolkit), a CUDA toolkit (CUDA_PATH, nvcc) other than torch.version.cuda, or paths too "
                "long / with spaces (build from a short folder), or an extension written for an older torch (its "
                "setup.py passes -std=c++11 / c++14 where the torch needs C++17 or calls removed APIs: build with "
                "the torch the project names, or update its compile arguments). Then `set DISTUTILS_USE_SDK=1` and "
                "`python -m pip install -v --no-build-isolation <extension>` from that prompt. Research CUDA code "
                "(rasterizer forks a project pins, simple-knn) is often written for Linux only: if its own source "
                "fails under MSVC, use the fork's commit the project names or the upstream repository that builds "
                "on Windows, or build under WSL2.",
            ),
        ),
        loose=True,
        alternatives=("build-nvcc-host-compiler", "build-nvcc-arch-unsupported", "build-header-not-found"),
        decide="nvcc-vs-torch",  # nvcc and torch's CUDA printed as facts, of two majors: the mismatch is the cause
        weight=40,
        applies="torch C++/CUDA extensions (setup.py, pip, torch.utils.cpp_extension.load)",
        shown_by=(f"{_TESTS}::test_extension_builder_in_its_own_words",),
        example="error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1",
        example_source="setuptools' build_ext wording (distutils spawn) around torch.utils.cpp_extension",
    ),
)

# ---- round eight: Windows' linker and compiler, foreign objects, CMake's find_library, extensions without CUDA ------
_R8 = "tests/troubleshooting/test_round8_build.py"
#: POSIX-only headers and libraries: on Windows their absence means the code (or one of its ops) is Linux-only
_POSIX_HEADERS = (
    r"unistd|pthread|dlfcn|libaio|aio|sys/(?:time|mman|ioctl|socket|wait|resource|un|select|uio)|netinet/\w{1,20}"
)
_POSIX_LIBS = r"aio|pthread|dl|rt|m|numa|stdc\+\+fs"

_ROUND8: tuple[KnownError, ...] = (
    KnownError(
        "build-msvc-lib-not-found",
        "LINK : fatal error LNK1181: cannot open input file 'X.lib' (Windows' linker cannot find a library)",
        r"LNK1181: cannot open input file '[^'\n]{1,200}'|LNK1104: cannot open file '[^'\n]{1,200}\.lib'",
        "MSVC's linker was told to link a library (X.lib) and finds it in none of its library folders (the LIB "
        "variable, /LIBPATH, the project's library_dirs): the library is not installed, its folder is not passed to "
        "the link, or it is a Linux-only library (libaio, pthread, dl) that has no Windows build at all.",
        "Find the .lib (`where /r C:\\ X.lib` in a developer prompt) and add its folder to the link: setup.py "
        "library_dirs=[...], CMake target_link_directories / the full path in target_link_libraries, Visual "
        "Studio's Linker > General > Additional Library Directories, or `set LIB=<folder>;%LIB%`; build from the "
        "'x64 Native Tools Command Prompt' so the SDK and CRT folders are set.",
        variants=(
            Variant(
                r"'aio\.lib'|deepspeed|DS_BUILD",
                "DeepSpeed's async_io op on Windows",
                "DeepSpeed's async I/O op (async_io) links libaio, which Windows does not have: build DeepSpeed "
                "without it (`set DS_BUILD_AIO=0` before the pip or build_win.bat build; DeepSpeed's build_win.bat "
                "also turns off the other Linux-only ops: DS_BUILD_SPARSE_ATTN=0, DS_BUILD_CUTLASS_OPS=0, "
                "DS_BUILD_GDS=0), or install DeepSpeed without prebuilding ops (DS_BUILD_OPS=0) so they JIT-compile "
                "only when used.",
            ),
            Variant(
                rf"'(?:{_POSIX_LIBS})\.lib'",
                "a Linux-only library",
                "The build links a POSIX library (libaio, pthread, dl, rt, numa) that Windows does not have: that "
                "part of the project is Linux-only. Build without it (the project's switch for that op, or drop "
                "the library from its libraries=[...]), use WSL2 / Linux, or install the project's Windows wheel.",
            ),
            Variant(
                r"'(?:nvinfer|nvonnxparser|nvparsers|nvinfer_plugin)\w{0,20}\.lib'",
                "TensorRT",
                "Add TensorRT's lib folder (the unzipped TensorRT-x.y\\lib) to the linker's library folders and "
                "link nvinfer.lib (nvinfer_10.lib with TensorRT 10 zips) / nvonnxparser.lib; the .lib names change "
                "with the TensorRT major, so use the names its lib folder has.",
            ),
            Variant(
                r"'(?:cudart|cuda|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nvrtc|nccl|nvToolsExt\w{0,10})"
                r"\w{0,12}\.lib'",
                "a CUDA library",
                "Add the CUDA toolkit's %CUDA_PATH%\\lib\\x64 (and cuDNN's lib\\x64) to the linker's library "
                "folders; install the toolkit whose version matches torch.version.cuda (the pip wheels ship DLLs, no "
                ".lib files).",
            ),
            Variant(
                r"'(?:torch\w{0,12}|c10\w{0,8}|torch_python)\.lib'",
                "libtorch",
                "Link libtorch through CMake's find_package(Torch) (it adds libtorch\\lib) with "
                "-DCMAKE_PREFIX_PATH=<libtorch>, or through torch.utils.cpp_extension; use the libtorch of your "
                "build type (Release / Debug) and CUDA.",
            ),
        ),
        op=r"cannot open input file '([^'\n]{1,200})'|cannot open file '([^'\n]{1,200}\.lib)'",
        weight=77,
        applies="Windows builds with MSVC (setup.py, pip source builds, CMake, Visual Studio)",
        shown_by=(f"{_R8}::test_windows_linker_and_compiler",),
        example="LINK : fatal error LNK1181: cannot open input file 'aio.lib'",
        example_source="https://github.com/daswer123/xtts-webui/issues/128",
    ),
    KnownError(
        "build-msvc-unresolved-external",
        "error LNK2019 / LNK2001: unresolved external symbol … (Windows' linker)",
        r"LNK20(?:19|01): unresolved external symbol|LNK1120: \d{1,5} unresolved externals",
        "MSVC's linker found a call whose definition is in none of the objects and libraries of the link: a "
        "library missing from the link, one built for another configuration (x86 / x64, Debug / Release, another "
        "CUDA or torch), or a C++ declaration that does not match the library's (on Windows `long` is 32 bits, so "
        "data_ptr<long> has no definition in torch).",
        "Read the symbol's name: add the library that defines it to the link (Linker > Input > Additional "
        "Dependencies, target_link_libraries, setup.py libraries=[...]), built for the same architecture, "
        "configuration and toolkit as the rest; for torch extensions build through torch.utils.cpp_extension, "
        "which links torch's .lib files.",
        variants=(
            Variant(
                r"data_ptr<long>|data_ptr<unsigned long>|\?\?\$data_ptr@J@",
                "long on Windows",
                "The code calls data_ptr<long>(), which torch defines for int64_t only; on Windows long is 32 bits: "
                "write data_ptr<int64_t>() (and int64_t for every 64-bit index), then rebuild.",
            ),
            Variant(
                r"unresolved external symbol[^\n]{0,300}(?:cuda|cublas|cudnn|cufft|curand|nvrtc)[A-Z]\w{0,60}",
                "a CUDA library",
                "Link the CUDA library that defines it: cudart.lib (cublas.lib, cudnn.lib ...) from "
                "%CUDA_PATH%\\lib\\x64 (CMake: find_package(CUDAToolkit) and CUDA::cudart), built for x64.",
            ),
            Variant(
                r"unresolved external symbol[^\n]{0,300}(?:nvinfer1|nvonnxparser|createInferBuilder|getPluginRegistry)",
                "TensorRT",
                "Link TensorRT's libraries from its lib folder (nvinfer.lib, nvinfer_plugin.lib, nvonnxparser.lib; "
                "nvinfer_10.lib in TensorRT 10 zips) and add a project plugin's .cpp / .cu to the target.",
            ),
            Variant(
                r"unresolved external symbol[^\n]{0,300}(?:c10|at|torch)(?:::|@@)",
                "libtorch",
                'Link libtorch (find_package(Torch) and target_link_libraries(app "${TORCH_LIBRARIES}"), or '
                "torch.utils.cpp_extension), the build of the same configuration (Release / Debug) and CUDA; "
                "write int64_t, not long, for torch's 64-bit integers.",
            ),
        ),
        op=r"unresolved external symbol \"?([^\n\"]{1,160}?)\"?(?: referenced|\s*$)",
        #: TensorRT's and CUDA's own symbols: tensorrt-link-error and build-cuda-link-error answer them, with Windows
        #: fixes of their own
        unless=r"unresolved external symbol[^\n]{0,160}(?:_INTERNAL|nvinfer1|nvonnxparser)"
        r"|unresolved external symbol _?(?:cuda|cublas|cudnn|cu)[A-Z]\w{1,60}",
        weight=82,  # above the Linux-worded libtorch / CUDA link rows: the fix names Windows' link settings
        applies="Windows builds with MSVC",
        shown_by=(f"{_R8}::test_windows_linker_and_compiler",),
        example='nms.obj : error LNK2001: unresolved external symbol "public: long * __cdecl at::TensorBase::'
        'data_ptr<long>(void)const " (??$data_ptr@J@TensorBase@at@@QEBAPEAJXZ)',
        example_source="MSVC's LNK2001 wording for a torch extension using data_ptr<long> (torch "
        "aten/src/ATen/core/TensorBase.h defines data_ptr for int64_t)",
    ),
    KnownError(
        "build-posix-header-on-windows",
        "C1083: Cannot open include file: 'unistd.h' / 'pthread.h' / 'libaio.h' (a Linux-only header on Windows)",
        rf"Cannot open include file: {_Q}(?:{_POSIX_HEADERS})\.h{_Q}",
        "The code includes a POSIX header that Windows' C runtime does not have (unistd.h, pthread.h, "
        "sys/mman.h, libaio.h): the project, or the op being compiled, is written for Linux only.",
        "Build on Linux or WSL2; or build the project without the Linux-only part (its switch for that op, e.g. "
        "DeepSpeed's DS_BUILD_AIO=0), or install its Windows wheel if it publishes one.",
        variants=(
            Variant(
                r"deepspeed|DS_BUILD|libaio|\baio\.h",
                "DeepSpeed's async_io op",
                "DeepSpeed's async I/O op needs libaio, which Windows does not have: `set DS_BUILD_AIO=0` (DeepSpeed's "
                "build_win.bat turns off every Linux-only op) and rebuild, or JIT-build only the ops you use "
                "(DS_BUILD_OPS=0).",
            ),
        ),
        op=rf"Cannot open include file: {_Q}([\w/]{{1,60}}\.h){_Q}",
        weight=84,
        applies="Windows builds (MSVC) of code written for Linux",
        shown_by=(f"{_R8}::test_windows_linker_and_compiler",),
        example="csrc\\aio\\py_lib\\deepspeed_py_aio.h(13): fatal error C1083: Cannot open include file: "
        "'libaio.h': No such file or directory",
        example_source="MSVC's C1083 wording (DeepSpeed's csrc/aio on Windows)",
    ),
    KnownError(
        "build-object-not-recognized",
        "file not recognized: File format not recognized / file in wrong format (a stale or foreign object)",
        r"[\w.-]{1,120}\.(?:o|obj|a|so(?:\.\d{1,3}){0,3}|lib): file not recognized: (?:File format not recognized"
        r"|file format not recognized|File truncated|file truncated)"
        r"|[\w.-]{1,120}: file format not recognized; treating as linker script"
        r"|error adding symbols: file in wrong format"
        r"|[\w.-]{1,120}\.(?:o|obj|a|so(?:\.\d{1,3}){0,3}) is incompatible with [\w:-]{1,40} output"
        r"|LNK1112: module machine type '\w{1,10}' conflicts with target machine type '\w{1,10}'"
        r"|LNK1107: invalid or corrupt file: cannot read at 0x[0-9A-Fa-f]{1,8}",
        "The linker was given an object or library that is not one for this target: a stale .o left by another "
        "build (another machine, architecture or compiler: an x86-64 object on aarch64, a 32-bit one in a 64-bit "
        "link), a file that is truncated or not an object at all (a git-lfs pointer, an interrupted build), or a "
        "library of the other architecture.",
        "Delete the build's leftovers and build again from a clean tree (`git clean -xdf` in a checkout, or remove "
        "build/, *.o, *.so and the extension cache ~/.cache/torch_extensions); if the file came with the "
        "repository, fetch the real one (`git lfs pull`) or build it on this machine; `file <that file>` shows its "
        "architecture.",
        variants=(
            Variant(
                r"fused_kernels|megatron",
                "Megatron-LM's fused kernels",
                "Megatron-LM's megatron/fused_kernels is no package to install (there is no setup.py to run): a "
                "stale object in that folder breaks the link. Start from a clean checkout (`git clean -xdf "
                "megatron/fused_kernels`, or delete its build/ and *.o) and let Megatron JIT-build the kernels into "
                "fused_kernels/build when training starts (on one rank first).",
            ),
            Variant(
                r"LNK1112|machine type",
                "x86 / x64 mix (Windows)",
                "Objects or libraries of x86 and x64 are mixed: build everything for x64 from the 'x64 Native "
                "Tools Command Prompt' (CMake -A x64), and delete the old build folder first.",
            ),
        ),
        op=r"([\w.-]{1,120}\.(?:o|obj|a|so(?:\.\d{1,3}){0,3}|lib)): file not recognized"
        r"|([\w.-]{1,120}\.(?:o|obj|a|so(?:\.\d{1,3}){0,3})) is incompatible with",
        weight=85,
        applies="any native link (gcc / ld, MSVC): setup.py builds, CMake, make, torch JIT extensions",
        shown_by=(f"{_R8}::test_stale_or_foreign_objects",),
        example="megatron/fused_kernels/scaled_upper_triang_masked_softmax.o: file not recognized: File format not "
        "recognized\ncollect2: error: ld returned 1 exit status",
        example_source="https://github.com/NVIDIA/Megatron-LM/issues/187",
    ),
    KnownError(
        "build-ld-skipping-incompatible",
        "ld: skipping incompatible libX.so when searching for -lX (a library of another architecture)",
        r"skipping incompatible [^\n]{1,300} when searching for -l[\w+.-]{1,60}",
        "The linker found the library on its path but built for another architecture (32-bit i386 libraries in "
        "lib/, aarch64 ones on x86_64, or the other way round) and skipped it; if no other copy fits, the link "
        "fails with 'cannot find -lX'.",
        "Point the link at the folder of this machine's architecture (`file <the library>` shows it): "
        "/usr/local/cuda/lib64 rather than lib, /usr/lib/x86_64-linux-gnu or /usr/lib/aarch64-linux-gnu, "
        "<cuda>/targets/<arch>-linux/lib; install the library for this architecture.",
        op=r"when searching for -l([\w+.-]{1,60})",
        severity="warns-of-failure",
        weight=83,
        applies="GNU ld links (Linux, Jetson, cross builds)",
        shown_by=(f"{_R8}::test_stale_or_foreign_objects",),
        example="/usr/bin/ld: skipping incompatible /usr/local/cuda/lib/libcudart.so when searching for -lcudart",
        example_source="GNU ld's 'skipping incompatible %s when searching for %s' (ld/ldfile.c)",
    ),
    KnownError(
        "build-cmake-library-not-found",
        "CMake: Could NOT find CUDNN / TensorRT / NCCL, Could not find X_LIBRARY, X_LIBRARY-NOTFOUND",
        r"Could NOT find (?!CUDA(?:Toolkit)? \()\w{1,40} \(missing:[^\n]{0,300}"
        r"|Could not find \w{1,60} using the following names:"
        r"|\b\w{1,60}_(?:LIBRARY|LIBRARIES|INCLUDE_DIR|INCLUDE_DIRS|LIB|PATH|ROOT)\w{0,20}-NOTFOUND"
        r"|variables are used in this project, but they are set to NOTFOUND",
        "CMake's configure step looked for a dependency library (find_library / find_path, or a Find<Name>.cmake "
        "with find_package) and found none: the library is not installed, or it is installed where the search "
        "does not look (a tar / pip wheel folder, a conda env, lib64 vs lib) and no <Name>_ROOT / hint variable "
        "points at it. Nothing was compiled yet.",
        "Install the library and tell CMake where it is: `-D<Name>_ROOT=<prefix>` (CMake ≥ 3.12) or the hint "
        "variables the project's Find<Name>.cmake reads (the line above the error names the file), or put the "
        "prefix on CMAKE_PREFIX_PATH; delete CMakeCache.txt (a cached X-NOTFOUND stays) and configure again.",
        variants=(
            # issue 36, round forty-one: a CUDA library that newer toolkits removed, which an old CMake's FindCUDA
            # module still looks for: libcublas_device (the device-side cuBLAS, gone in CUDA 10; CMake 3.12.2 stopped
            # asking for it) and the monolithic libnppi (split into nppial, nppicc, ... in CUDA 9; CMake 3.10's
            # FindCUDA and OpenCV 3.3+'s copy know the split). From memory of CMake's and CUDA's release notes
            Variant(
                r"\bCUDA_cublas_device_LIBRARY\b|\bcublas_device\b|\bCUDA_nppi_LIBRARY\b",
                "a CUDA library newer toolkits removed (cublas_device, nppi), asked for by an old CMake's FindCUDA",
                "The library CMake wants is not missing from this install: the CUDA toolkit no longer has it "
                "(libcublas_device was removed in CUDA 10 and deprecated in 9.2; the single libnppi was split into "
                "nppial / nppicc / nppig ... in CUDA 9), and an old CMake's FindCUDA module still lists it as "
                "required. Do not try to install it: configure with a newer CMake (3.12.2 or later knows cublas_device "
                "is gone; 3.10+ knows the NPP split; `cmake --version`, e.g. `pip install cmake` or the Kitware "
                "release), and make sure every sub-build (an ExternalProject such as a bundled Caffe, a Docker "
                "image's own cmake) runs that CMake; a project that bundles its own FindCUDA.cmake copy needs the "
                "release that updates it. Or build against the older CUDA (9.x) the project was written for. "
                "Delete CMakeCache.txt (and the sub-build's cache) before configuring again.",
                sure=True,
                strict=True,
            ),
            # issue 36, round forty-six: FindCUDA's static CUDA runtime (CUDA_USE_STATIC_CUDA_RUNTIME, ON by default)
            # on a CUDA without libcudart_static.a; the -NOTFOUND then reaches the link line as a library name
            Variant(
                r"CUDA_cudart_static_LIBRARY\b",
                "FindCUDA's static CUDA runtime (libcudart_static.a) not found",
                "CMake's FindCUDA links the static CUDA runtime by default (CUDA_USE_STATIC_CUDA_RUNTIME=ON) and "
                "found no libcudart_static.a in this CUDA (a driver-only, conda or pip CUDA, a partial toolkit), so "
                "'CUDA_cudart_static_LIBRARY-NOTFOUND' ends up in the link (an OpenCV built with CUDA passes it on to "
                "every program that links it). Configure with `-DCUDA_USE_STATIC_CUDA_RUNTIME=OFF` (delete "
                "CMakeCache.txt first) so the shared libcudart is linked, or point CUDA_TOOLKIT_ROOT_DIR at a full "
                "toolkit (`ls <cuda>/lib64/libcudart_static.a`).",
                sure=True,
                strict=True,
            ),
            # issue 36, round twenty-seven: Thrust / CUB / libcu++ (CCCL) come with the CUDA toolkit; CUDA 13 moved
            # them under include/cccl, where a project's own Find module does not look
            Variant(
                r"Could NOT find (?:thrust|cub|libcudacxx|CCCL)\b|\b(?:THRUST|CUB|LIBCUDACXX)_INCLUDE_DIRS?\b"
                r"|thrust/version\.h|cub/version\.cuh",
                "Thrust / CUB / libcu++ (CCCL, part of the CUDA toolkit)",
                "Thrust, CUB and libcu++ (CCCL) ship with the CUDA toolkit, so with a toolkit installed the search "
                "looks in the wrong folder: CUDA 13 moved them from <cuda>/include into <cuda>/include/cccl, which a "
                "project's own Findthrust.cmake / FindCUB.cmake written for CUDA 12 does not search. Point it there "
                "(-DTHRUST_INCLUDE_DIR=<cuda>/include/cccl, likewise CUB_INCLUDE_DIR / LIBCUDACXX_INCLUDE_DIR, or "
                "the variables the Find module's call stack names), use find_package(CCCL CONFIG) or the project's "
                "release that supports CUDA 13, or build with a CUDA 12.x toolkit; delete CMakeCache.txt first. "
                "Without a CUDA toolkit, install one (or the cuda-cccl package) for the version the project asks.",
            ),
            Variant(
                r"transformer_engine|TransformerEngine",
                "Transformer Engine (cuDNN)",
                "Transformer Engine's build looks for cuDNN under CUDNN_PATH (or CUDNN_HOME) and the CUDA toolkit: "
                "install cuDNN for your CUDA major (`pip install nvidia-cudnn-cu12`, or the cuDNN tar / "
                "libcudnn9-dev-cuda-12), then `export CUDNN_PATH=$(python -c 'import os, nvidia.cudnn; "
                "print(os.path.dirname(nvidia.cudnn.__file__))')` and build again (`pip install "
                "--no-build-isolation transformer_engine[pytorch]`).",
            ),
            Variant(
                r"cudnn",
                "cuDNN",
                "cuDNN (library and headers) is not where the build looks: install it for your CUDA major (the "
                "cuDNN tar, libcudnn9-dev-cuda-12, or `pip install nvidia-cudnn-cu12`, whose folder is "
                "site-packages/nvidia/cudnn) and point the build at it (-DCUDNN_ROOT=<prefix>, or CUDNN_LIBRARY="
                "<path to libcudnn.so> and CUDNN_INCLUDE_DIR=<folder of cudnn.h>; many projects read CUDNN_PATH / "
                "CUDNN_HOME / CUDNN_ROOT_DIR from the environment).",
            ),
            Variant(
                r"tensorrt|nvinfer|nvonnxparser",
                "TensorRT",
                "TensorRT's C++ libraries and headers are not where the build looks: install them (the TensorRT tar "
                "/ zip, or libnvinfer-dev libnvonnxparsers-dev; the pip wheel has no headers) and pass "
                "-DTensorRT_ROOT=<unpacked TensorRT> (or TENSORRT_ROOT / TRT_LIB_DIR and TRT_INCLUDE_DIR, as the "
                "project's FindTensorRT.cmake names them).",
            ),
            Variant(
                r"nccl",
                "NCCL",
                "NCCL is not where the build looks: install it (libnccl-dev, or `pip install nvidia-nccl-cu12`, "
                "folder site-packages/nvidia/nccl) and point the build at it (NCCL_ROOT / NCCL_ROOT_DIR, or "
                "NCCL_INCLUDE_DIR and NCCL_LIB_DIR).",
            ),
            Variant(
                r"Could NOT find Python|Python_INCLUDE|PYTHON_INCLUDE",
                "Python development files",
                "CMake finds no Python headers / library: install python3-dev (python3.X-dev), or pass "
                "-DPython_EXECUTABLE=$(which python) (-DPYTHON_EXECUTABLE for FindPythonLibs) so CMake uses this "
                "interpreter's files.",
            ),
        ),
        op=r"Could NOT find (\w{1,40}) \(missing|Could not find (\w{1,60}) using the following names"
        r"|\b(\w{1,60}_(?:LIBRARY|LIBRARIES|INCLUDE_DIR|INCLUDE_DIRS|LIB|PATH|ROOT)\w{0,20})-NOTFOUND",
        weight=81,
        applies="CMake configure steps (setup.py builds that run CMake, C++ projects) of CUDA libraries' users",
        shown_by=(f"{_R8}::test_cmake_cannot_find_a_library",),
        example="CMake Error at cmake/FindCUDNN.cmake:19 (find_library):\n  Could not find cudnn_LIBRARY using the "
        "following names: cudnn, libcudnn.so.",
        example_source="https://github.com/NVIDIA/TransformerEngine/issues/954",
    ),
    KnownError(
        "build-pip-wheel-failed",
        "Failed building wheel for X / subprocess-exited-with-error (a pip source build failed; the cause is above)",
        r"Failed building wheel for [\w.-]{1,80}|Could not build wheels for [\w.-]{1,80}"
        r"|error: subprocess-exited-with-error|\berror: legacy-install-failure"
        r"|Complete output from command [^\n]{0,60}python[^\n]{0,2000}setup\.py"
        r"|Running setup\.py install for [\w.-]{1,80} \.\.\. error"
        # pip 20.x's wording of a setup.py that failed ("ERROR: Command errored out with exit status 1: ...")
        r"|\bCommand errored out with exit status \d{1,3}"
        r"|Building wheel for [\w.-]{1,80} \((?:setup\.py|pyproject\.toml)\) \.\.\. error"
        # issue 36, round thirty-four: pip 22+'s error box of a build step ("× python setup.py bdist_wheel did not
        # run successfully.", "× Building wheel for x (pyproject.toml) did not run successfully.")
        r"|(?:setup\.py bdist_wheel|Building wheel for [\w.-]{1,80} \([\w.]{1,20}\)) did not run successfully"
        # pip's own frame when it runs a source package's setup.py (pip 20+: src/pip/_internal/utils/
        # setuptools_build.py names the script "<pip-setuptools-caller>"); a traceback through it is a pip install
        r"|File \"<pip-setuptools-caller>\""
        # uv's words for the same (issue 36, round fifty-seven): "× Failed to build `torch-harmonics @ ...`", "The
        # build backend returned an error", "Call to `setuptools.build_meta.build_wheel` failed (exit status: 1)"
        r"|\bFailed to build `[^`\n]{1,300}|\bThe build backend returned an error\b"
        r"|\bCall to `[\w.]{1,80}\.build_(?:wheel|editable)` failed",
        "pip built the package from source (no wheel fits this Python, platform, torch or CUDA) and the build "
        "failed; these lines only say so. The cause is the build's own first error, which a short paste cuts off "
        "(a missing compiler or CUDA toolkit, a header, nvcc against another CUDA than torch's, no GPU at build "
        "time).",
        "Rerun the build verbosely and read its first error: `python -m pip install -v --no-build-isolation <package> "
        "2>&1 | tee build.log` (--no-build-isolation builds against your installed torch), then `grep -n -m3 -E "
        "'error|fatal' build.log` or `torchtrt-compat explain --log build.log`; or install a prebuilt wheel made "
        "for your torch and CUDA (the project's README names its wheel index).",
        variants=(
            # issue 36, round fifty-seven: the build ran in an isolated environment without torch (pip's
            # pip-build-env, uv's builds-v0 cache) and said so: "building custom extensions skipped: No module named
            # 'torch'" (the line may wrap inside the module name's sentence)
            Variant(
                rf"{_NO_TORCH}[\s\S]{{0,4000}}?(?:{_ISOLATED_BUILD}|build_meta)"
                rf"|(?:{_ISOLATED_BUILD})[\s\S]{{0,4000}}?{_NO_TORCH}",
                "an isolated build environment without torch (pip's or uv's build isolation)",
                "The package's build imports torch to compile its CUDA extension, but pip / uv built it in an "
                "isolated environment that has only its declared build requirements, without torch (the build "
                "said 'No module named torch' and skipped or failed the extension). Install torch first, then "
                "build the package without isolation, against that torch: `pip install --no-build-isolation "
                "<package>`; with uv `uv pip install --no-build-isolation <package>`, or in a uv project "
                '`[tool.uv] no-build-isolation-package = ["<package>"]` (torch, setuptools and wheel installed '
                "first); set the project's switch for the CUDA extension if it has one (its README).",
                strict=True,
            ),
            Variant(
                r"pip-install-\w{1,40}[\\/]tensorrt[\w.-]{0,60}[\\/]setup\.py"
                r"|Building wheel for tensorrt\b|Failed building wheel for tensorrt\b",
                "TensorRT's source package",
                "pip found no TensorRT wheel for this platform and Python (e.g. a pinned pre-release such as 9.x "
                "that has only Linux wheels, or a Python newer than the release supports) and ran the tensorrt "
                "source package's setup.py, which only fetches the platform wheels and fails. Install a TensorRT "
                "release that has wheels for your platform and Python (TensorRT 10.x ships Windows wheels: `pip "
                "install tensorrt-cu12==10.*` for torch's CUDA 12), or NVIDIA's TensorRT zip for Windows, instead "
                "of the version the installer pins.",
            ),
            # issue 36, round twenty-three: a Mac (no CUDA exists there) building a package
            Variant(
                MACOS,
                "macOS",
                "On a Mac there is no CUDA: if the package compiles CUDA code (nvcc, CUDA_HOME or .cu files in the "
                "build log, a -gpu / cuda package), do not try to install nvcc: install it without its CUDA "
                "extension (the project's CPU-only build option or environment variable; a build that compiles it "
                "unconditionally needs that switch added) or run it on Linux with an NVIDIA GPU. For any other "
                "build, read its first error (`python -m pip install -v . 2>&1 | tee build.log`, then `grep -n -m3 "
                "-E 'error|fatal' build.log`); Xcode's Command Line Tools (`xcode-select --install`) give the "
                "compiler, or install a prebuilt wheel for macOS.",
            ),
            Variant(
                _CUDA_EXT_BUILD,
                "a CUDA extension's build (build_ext)",
                "The package compiles CUDA kernels with torch.utils.cpp_extension, and the paste stops before the "
                "compiler's own first error; check what such builds need, in this order: nvcc exists and is found "
                "(`which nvcc`, `echo $CUDA_HOME`; a -runtime container image or torch's pip wheels have none: "
                "install the CUDA toolkit or use a -devel image, and set CUDA_HOME); its release matches torch's "
                "(`nvcc --version` against `python -c 'import torch; print(torch.__version__, torch.version.cuda)'`, "
                "same major.minor is safest); then rebuild against the installed torch with `pip install -v "
                "--no-build-isolation .` and read the first 'error' line. Or install a prebuilt wheel of the "
                "package made for your torch, CUDA and Python (mamba-ssm, causal-conv1d and flash-attn publish them "
                "on their release pages).",
            ),
            # issue 36, round forty-six: an ARM board (a Raspberry Pi's armv7l / aarch64, its default home) where the
            # package publishes no wheel: pip falls back to the sdist, whose native build (cmake, protoc) fails
            Variant(
                r"\baarch64\b|\barmv[678]l\b|\blinux_armv\w{1,4}\b|\bRaspberry ?Pi\b|\braspbian\b|^/home/pi/"
                r"|[\s\"'(]/home/pi/",
                "an ARM board with no prebuilt wheel (Raspberry Pi, ARM Linux)",
                "pip found no prebuilt wheel of the package for this ARM platform and Python, so it built the source "
                "package, and that native build failed (onnx, for one, needs cmake, a C++ compiler and the protobuf "
                "compiler and headers). Install a build made for the board instead: the distribution's package "
                "(`apt install python3-<package>`), conda-forge (Miniforge has aarch64 builds), the piwheels index "
                "of Raspberry Pi OS, or a Python version the package publishes ARM wheels for; or install the build "
                "tools first (`apt install cmake build-essential protobuf-compiler libprotobuf-dev`) and retry "
                "with -v to read the first error. A one-off model conversion can run on an x86_64 machine, with "
                "only its result copied to the board.",
                strict=True,
                sure=True,
            ),
        )
        + tuple(_system_library_variant(*row) for row in _SYSTEM_LIBRARY_BUILDS),
        op=r"Failed building wheel for ([\w.-]{1,80})|Could not build wheels for ([\w.-]{1,80})"
        r"|Running setup\.py install for ([\w.-]{1,80})|Building wheel for ([\w.-]{1,80}) \("
        r"|pip-install-\w{1,20}[\\/]([\w.-]{1,80})[\\/]setup\.py",
        loose=True,
        alternatives=("build-cuda-home-unset", "build-cuda-version-mismatch", "build-no-compiler"),
        downstream=True,
        decide="nvcc-vs-torch",
        weight=20,  # a summary line: any cause the paste shows (even a generic Python error) comes first
        applies="pip installs that build from source (sdists, git checkouts, torch extensions)",
        shown_by=(
            f"{_R8}::test_a_pip_source_build_that_failed",
            "tests/data/explain_round8.jsonl#rusty1s-pytorch_scatter-51",
        ),
        example="  Building wheel for torch-scatter (setup.py) ... error\n  ERROR: Failed building wheel for "
        "torch-scatter",
        example_source="pip's wheel-build wording (pip 19-24: 'Failed building wheel for X', "
        "'subprocess-exited-with-error', 'legacy-install-failure')",
    ),
    KnownError(
        "pip-torch-sdist-build",
        "pip resolves torch as a new dependency and builds an old torch source package (torch 0.x sdist, "
        "'Building wheel for torch')",
        # pip's lines when it picks the ancient torch sdist (0.1.2, the only source release) or builds torch itself
        r"Downloading torch-0\.\d{1,2}\.\d{1,2}[\w.]{0,12}\.tar\.gz"
        r"|Building wheel for torch \((?:setup\.py|pyproject\.toml)\)"
        r"|Running setup\.py (?:install|bdist_wheel) for torch\b(?![\w-])"
        r"|The package named for PyTorch is .torch.",
        "pip did not use the torch that is installed: a package's build (build isolation, or old pip disabling "
        "wheels for --install-option / --global-option) or an unpinned requirement made it resolve torch afresh, "
        "and with no wheel for this Python or platform it took a torch source package (the 0.1.2 sdist, or the "
        "'pytorch' placeholder), which cannot build a CUDA torch; a CUDA extension built this way has no CUDA.",
        "Build against the installed torch: upgrade pip (`python -m pip install -U pip`), then `pip install "
        "--no-build-isolation --no-deps <package>` (options through --config-settings, or `python setup.py install "
        "<options>` from a clone) in the environment whose torch you want; install torch itself from its "
        "CUDA wheel index first if it is missing (check `python -c 'import torch; print(torch.__version__, "
        "torch.version.cuda)'`).",
        weight=45,
        applies="pip installs of torch extensions and packages that depend on torch (old pip, build isolation)",
        shown_by=("tests/troubleshooting/test_round19_v19torch.py::test_pip_builds_an_old_torch_sdist",),
        example="Collecting torch (from MinkowskiEngine==0.4.2)\n  Downloading torch-0.1.2.post2.tar.gz (128kB)",
        example_source="NVIDIA/MinkowskiEngine#200 (pip 9 with --install-option: torch 0.1.2.post2 sdist)",
    ),
    KnownError(
        "build-no-cuda-runtime-notice",
        "No CUDA runtime is found, using CUDA_HOME=… (torch sees no GPU at build time; a notice)",
        r"No CUDA runtime is found, using CUDA_HOME=",
        "torch.utils.cpp_extension found no usable GPU while the extension was built (a Docker build, a login "
        "node, a driver not visible): it says so and builds with the toolkit at CUDA_HOME. In itself this is "
        "harmless; without TORCH_CUDA_ARCH_LIST the build then targets a default list of architectures, and a "
        "setup.py that checks torch.cuda.is_available() may build without its CUDA ops.",
        'Nothing fails from this line. Set TORCH_CUDA_ARCH_LIST to your GPUs (e.g. "8.6") and, for projects that '
        "switch on it, FORCE_CUDA=1 so the CUDA ops are built; if the build failed, its first error is elsewhere.",
        severity="notice",
        weight=30,
        applies="torch.utils.cpp_extension builds on machines (or containers) without a visible GPU",
        shown_by=(f"{_R8}::test_a_pip_source_build_that_failed",),
        example="No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'",
        example_source="torch/utils/cpp_extension.py (the print when torch.cuda.is_available() is false)",
    ),
    KnownError(
        "build-extension-without-cuda",
        "A package's compiled ops have no CUDA (X is not compiled with GPU support, Couldn't load custom C++ ops, "
        "CUDA extension not installed, DNN module was not built with CUDA backend)",
        r"\b[\w:]{1,60} (?:is|was) not compiled with (?:GPU|CUDA) support"
        r"|\bNot compiled with (?:GPU|CUDA) support"
        r"|Couldn't load custom C\+\+ ops"
        # a package's own fallback notice when its compiled ops do not import (GroundingDINO's ms_deform_attn:
        # "Failed to load custom C++ ops. Running on CPU mode Only!"), and the NameError its GPU path then raises on
        # the module it never imported (groundingdino's `_C`, auto-gptq's `autogptq_cuda_256`)
        r"|Failed to load custom C\+\+ ops"
        r"|NameError: name '(?:_C|\w{1,40}_(?:cuda|ext|kernels?|C)(?:_\d{1,4})?)' is not defined"
        # an in-tree compiled op never built (mmdetection 1.x's mmdet/ops/*/*_cuda, old detection / 3D repos'
        # <op>_cuda modules): Python 3.6's ImportError has no "from" part, newer ones name the package after it
        r"|cannot import name '\w{1,40}_(?:cuda|cuda_ext|gpu)'"
        # issue 36, round forty-nine: a package's own compiled CUDA submodule missing while the package imports
        # (torch-points-kernels' torch_points_kernels.points_cuda, old torch-scatter's torch_scatter.scatter_cuda):
        # the setup.py of such packages builds the CUDA module only when it sees a GPU or FORCE_CUDA, so a build on
        # a machine without a visible GPU installs the package without it
        rf"|{_OWN_CUDA_SUBMODULE}"
        r"|operator torchvision::\w{1,40} does not exist"
        # the same class in torch < 1.7's wording (torch/csrc/jit/runtime/operator.cpp, getOperation: "No such operator
        # torchvision::nms") when torchvision's compiled ops were never registered
        r"|No such operator torchvision::\w{1,40}"
        r"|Could not run 'torchvision::\w{1,40}' with arguments from the 'CUDA' backend"
        # torch's dispatcher for any extension's op registered only for the CPU (TORCH_LIBRARY without the CUDA
        # sources built: "Could not run 'texture_baker_cpp::rasterize' with arguments from the 'CUDA' backend");
        # torch's own namespaces (aten, prims, quantized) are ops torch has no CUDA kernel for (their own row)
        r"|Could not run '(?!(?:aten|prims|quantized|_quantized|sparse)::)\w{1,60}::\w{1,60}' with arguments from "
        r"the '(?:CUDA|AutogradCUDA)' backend"
        # quantization kernel libraries' own notices that their compiled CUDA kernels did not load: auto-gptq
        # (nn_modules/qlinear: "CUDA extension not installed.", 0.5+: "CUDA kernels for auto_gptq are not
        # installed"), exllama / exllamav2 kernels, AutoAWQ's awq_ext
        r"|\bCUDA extension not installed\b|CUDA kernels for auto_gptq are not installed"
        r"|\bexllama(?:v2)?_kernels? (?:is )?not installed"
        r"|AutoAWQ[^\n]{0,40}(?:kernels|awq_ext) (?:are |is )?not installed"
        # OpenCV's DNN module (dnn/src/net_impl.cpp, setUpNet): a cv2 without the CUDA backend falls back to the CPU
        r"|DNN module was not built with CUDA backend"
        # detectron2's stub for a class or function whose compiled module did not import (detectron2/utils/develop.py
        # create_dummy_class / create_dummy_func: "Cannot import '{}', therefore '{}' is not available.", then the
        # package's own message: detectron2's and detrex's "<package> is not compiled successfully, please build
        # following the instructions!"), used by detectron2 and the projects built on it (issue 36, round twenty-five)
        rf"|{_DUMMY_OP}"
        # gpt-neox's fused kernels (megatron/fused_kernels/__init__.py, load_fused_kernels: "ERROR: Fused kernels
        # configured but not installed. Please run ..."; newer releases "... but not properly installed")
        r"|Fused kernels configured but not (?:properly )?installed"
        # a project's own assertion that its compiled op was never set up (Sparse4D's "deformable_aggregation needs
        # to be set up."; issue 36, round fifty-two)
        r"|(?:AssertionError|ImportError|RuntimeError): [^\n]{0,200}?\b[a-z][a-z0-9_]{2,60} needs to be "
        r"(?:set up|compiled|built)\b"
        # shap's own message when its GPU tree explainer's compiled module (_cext_gpu) is missing (shap/explainers/
        # _gpu_tree.py record_import_error, later shap/__init__.py's ImportError), issue 36, round thirty-one
        r"|\bcuda extension was not built during install\b"
        # issue 36, round thirty-two: the loader's "undefined symbol" of the extension's OWN CUDA entry point (a free
        # function, no namespace, named *_cuda / *_gpu, taking at::Tensor: "_Z8nms_cudaRKN2at6TensorES2_f" =
        # nms_cuda(at::Tensor const&, ...)): its .cu file was never compiled into the .so (a build that found no
        # nvcc / CUDA_HOME), not a torch of another release
        rf"|{OWN_CUDA_SYMBOL}"
        # issue 36, round forty-two: an application's own refusal of a step that has only a CUDA implementation
        # (COLMAP's "Dense stereo reconstruction requires CUDA, which is not available on your system.")
        r"|\b(?:requires|needs) CUDA(?: support)?, which is not (?:available|enabled)\b"
        # issue 36, round forty-four: TorchCodec's CPU-only build asked for a CUDA device (its CPUOnlyDevice.cpp:
        # "Unsupported device: " + device.str())
        r"|\bUnsupported device: cuda(?::\d{1,2})?(?![\w:])",
        "The package's compiled ops (its C++/CUDA extension) have no CUDA kernels here: it was built without CUDA "
        "(a CPU build, a source build that found no nvcc or no GPU, a toolkit too old for torch's CUDA), or its "
        "binary does not load with this torch (built for another torch or CUDA), so the op has no GPU version.",
        "Install the package's build for your torch and CUDA (`python -c 'import torch; print(torch.__version__, "
        "torch.version.cuda)'`); when building from source, use the CUDA toolkit of torch.version.cuda (nvcc -V), "
        "set FORCE_CUDA=1 and TORCH_CUDA_ARCH_LIST, delete the old build/ and *.so, and rebuild with `pip install "
        "-v --no-build-isolation .`.",
        variants=(
            # issue 36, round forty-four: TorchCodec's default wheel is a CPU-only build
            Variant(
                r"\btorchcodec\b|\bVideoDecoder\(|\badd_video_stream\b|\bUnsupported device: cuda\b",
                "TorchCodec's CPU-only build asked for a CUDA device",
                "The TorchCodec installed is its CPU-only build (the default wheel from the public index), so "
                "VideoDecoder(..., device='cuda') has no CUDA (NVDEC) path. Install the CUDA build of TorchCodec "
                "from PyTorch's wheel index for the same CUDA as your torch (`python -c 'import torch; "
                "print(torch.__version__, torch.version.cuda)'`; `pip install torchcodec --index-url <PyTorch's "
                "cuXXX index>`, the TorchCodec release made for that torch), with an FFmpeg whose libraries have "
                "NVDEC support (conda-forge's ffmpeg has it); or decode on the CPU (device='cpu') and move the "
                "frames to the GPU.",
                strict=True,
            ),
            # issue 36, round forty-two: an application binary (COLMAP and the like) built without CUDA, or run where
            # it sees no GPU (a container started without one)
            Variant(
                r"\b(?:requires|needs) CUDA(?: support)?, which is not (?:available|enabled)\b",
                "an application built without CUDA (or run without a GPU)",
                "The application's step has only a CUDA implementation (dense stereo / PatchMatch and the like), and "
                "the binary running was compiled without CUDA, or sees no GPU. Check both: the program's own "
                "version line or help says whether it was built with CUDA (COLMAP: `colmap -h` prints 'with CUDA' "
                "or 'without CUDA'), and `nvidia-smi` must list the GPU where it runs. Install or build a CUDA-enabled "
                "binary (the project's CUDA release or image, or a source build with its CUDA option on and the CUDA "
                "toolkit found); in a container, use the CUDA image and start it with the GPU (`docker run --gpus "
                "all`, the NVIDIA Container Toolkit installed); a CPU-only image or machine cannot run this step, "
                "so use a CPU alternative for it there.",
                strict=True,
            ),
            # round thirty-two: the extension's own CUDA function is missing from its .so
            Variant(
                OWN_CUDA_SYMBOL,
                "the extension's own CUDA function is undefined (its .cu sources were not built)",
                "The symbol the loader misses is the extension's own CUDA entry point (its name ends in _cuda / _gpu "
                "and it takes at::Tensor, or it is the launcher of one of its kernels), not a torch function: the "
                "C++ part that calls it was compiled, its .cu file was not, which is what a build does when it finds "
                "no usable nvcc (CUDA_HOME unset, or a toolkit "
                "of another CUDA than torch.version.cuda, which setup.py then skips or fails on quietly). Install the "
                "CUDA toolkit whose version matches `python -c 'import torch; print(torch.version.cuda)'` (`nvcc -V` "
                "must agree), `export CUDA_HOME=<that toolkit>` (FORCE_CUDA=1 where setup.py reads it), delete the "
                "build/ folder and the old *.so, reinstall (`pip install -v --no-build-isolation -e .` or the "
                "project's own install step) and check that the build log compiles the .cu files; then `nm -D "
                "<the .so> | grep -i cuda` lists the symbol as defined (T).",
            ),
            # issue 36, round thirty-one: shap's GPU TreeExplainer without its CUDA module (the wheels on the public
            # index are built without it)
            Variant(
                r"cuda extension was not built during install|\b_?cext_gpu\b|GPUTreeExplainer|explainers[\\/]_gpu_tree",
                "shap's GPU TreeExplainer (its _cext_gpu module)",
                "shap's GPU tree explainer needs its compiled CUDA module (shap._cext_gpu), which shap's prebuilt "
                "wheels do not include: it is built only by a source install that finds the CUDA toolkit (nvcc on "
                "PATH and CUDA_PATH set; on Windows from a Visual Studio developer prompt), e.g. `pip install "
                "--no-binary shap --no-build-isolation shap` or `pip install -v .` in a clone, and the build log "
                "must compile its .cu file. Without a build, use the CPU explainer (shap.TreeExplainer), or let "
                "XGBoost compute the SHAP values on the GPU itself (booster.predict(dmatrix, pred_contribs=True) "
                "with device='cuda').",
            ),
            # a Windows source build of an extension that compiled only its C++ part (round twenty-two)
            Variant(
                r"Could not run '(?!torchvision::)\w{1,60}::\w{1,60}' with arguments from the '(?:CUDA|AutogradCUDA)'",
                "an extension op registered without its CUDA kernel",
                "The extension was built without its CUDA sources, so its op exists only for the CPU: rebuild it "
                "with a CUDA build of torch and the CUDA toolkit of torch.version.cuda on PATH (CUDA_HOME set; on "
                "Windows from an x64 Visual Studio developer prompt with DISTUTILS_USE_SDK=1), `pip install -v "
                "--no-build-isolation --force-reinstall <the extension's folder>`, and check that the build log "
                "compiles its .cu files (FORCE_CUDA=1 where its setup.py reads it).",
            ),
            # the extension was built (a develop / editable install, the .so is there) and Python still does not
            # import it: another install of the same package shadows the built copy (basicsr's pip wheel beside the
            # clone built with BASICSR_EXT=True python setup.py develop)
            Variant(
                r"setup\.py develop|pip install (?:-v )?-e \.|\.so (?:file )?(?:exists|is there)|BASICSR_EXT=True",
                "an extension built in one install of the package, imported from another",
                "The extension was built, but in another copy of the package than the one Python imports (a pip "
                "install beside a cloned `setup.py develop` / editable install): check `python -c 'import <package>; "
                "print(<package>.__file__)'` and `pip list | grep <package>`, `pip uninstall` the copy without the "
                "built .so (repeat until none is left) and keep the one you built; restart the interpreter. Where "
                "the package can use torchvision's ops instead (basicsr with torch >= 1.8 / torchvision >= 0.9, or "
                "BASICSR_JIT=True to build at import), no precompiled extension is needed.",
                strict=True,
            ),
            Variant(
                r"CUDA extension not installed|auto_gptq|AutoGPTQ|exllama|AutoAWQ|awq_ext",
                "quantization kernels (auto-gptq, exllama, AutoAWQ)",
                "The quantization library's compiled CUDA kernels did not load (a wheel for another torch / CUDA, "
                "a CPU-only or source install without nvcc, or a torch that is the CPU build), so GPTQ / AWQ layers "
                "run without them (very slowly, or they fail on the GPU). Install the wheel built for your torch and "
                "CUDA (auto-gptq: the release for your torch from its own wheel index, `pip install auto-gptq "
                "--no-build-isolation` builds it with the CUDA toolkit of torch.version.cuda; or move to its "
                "successor gptqmodel), check `python -c 'import torch; print(torch.__version__, "
                "torch.cuda.is_available())'` shows a CUDA torch, and, on Windows, install a prebuilt wheel.",
            ),
            Variant(
                r"cannot import name '\w{1,40}_(?:cuda|cuda_ext|gpu)'",
                "an in-tree CUDA op never compiled (mmdetection 1.x and similar repositories)",
                "The project compiles its CUDA ops in place (mmdetection 1.x: mmdet/ops/dcn/deform_conv_cuda, "
                "roi_align_cuda, nms_cuda ...; other detection and 3D repositories the same way) and the import "
                "finds the Python file but not the compiled module: they were never built in this environment, or "
                "were built for another torch / Python. From the repository's root, with the torch and CUDA toolkit "
                "that will import them (torch.version.cuda = `nvcc -V`) and a GPU runtime, run `python setup.py "
                "develop` (or `pip install -v -e .`; old mmdetection: `./compile.sh` first), delete stale build/ "
                "and *.so files before rebuilding, then restart the kernel / interpreter.",
            ),
            Variant(
                _DUMMY_OP,
                "a compiled _C module the package replaced by a stub (detectron2 and projects built on it)",
                "The package's compiled module (its _C extension) did not import, so the class or function that "
                "needs it was replaced by a stub that raises when used: the extension was never built in this "
                "environment (its setup.py skips the CUDA sources when it finds no CUDA toolkit: CUDA_HOME unset, "
                "or an nvcc of another CUDA than torch.version.cuda), or Python imports the package from a copy "
                "without the built .so. Set CUDA_HOME to the toolkit of torch.version.cuda, rebuild from the "
                "checkout with the python that runs the training (`python -m pip install --no-build-isolation -e .`; "
                "a project that carries detectron2 as a submodule: build detectron2 first, the same way), then "
                "check that <package>/_C*.so exists and that `python -c 'from <package> import _C'` works: the "
                "error that import prints (an undefined symbol: built against another torch) is the cause left.",
            ),
            Variant(
                r"Fused kernels configured but not",
                "gpt-neox's fused kernels",
                "The training process could not import the fused kernels (scaled_upper_triang_masked_softmax_cuda, "
                "scaled_masked_softmax_cuda, fused_rotary_positional_embedding); the line printed just above this "
                "one is that import's own error. Installed and still missing means they were built for another "
                "Python than the one the launcher runs (deepy.py starts DeepSpeed's launcher, which runs the python "
                "on PATH: compare `which python` there with the one you built with), or for another torch / CUDA "
                "(an undefined symbol). Build them with the python that trains, with the CUDA toolkit of "
                "torch.version.cuda and for this GPU's compute capability (`python -m pip install "
                "./megatron/fused_kernels`, older releases `python megatron/fused_kernels/setup.py install`), and "
                "check `python -c 'import scaled_masked_softmax_cuda'`. Or turn the fusions off in the config: "
                '"scaled-upper-triang-masked-softmax-fusion": false, "scaled-masked-softmax-fusion": false, '
                '"bias-gelu-fusion": false (and "rope-fusion": false where the config has it).',
            ),
            Variant(
                r"groundingdino|GroundingDINO|Failed to load custom C\+\+ ops|NameError: name '_C' is not defined",
                "GroundingDINO-style extension (_C)",
                "The package's compiled module (`_C`, e.g. groundingdino._C with its multi-scale deformable attention) "
                "was not built with CUDA, so its import failed quietly and the GPU path raises: its setup.py builds "
                "the CUDA extension only when it sees CUDA_HOME and a CUDA torch. Set CUDA_HOME to the toolkit of "
                "torch.version.cuda (`export CUDA_HOME=/usr/local/cuda-12.1`; torch.version.cuda must not be None), "
                "delete build/ and the old *.so, reinstall with `pip install --no-build-isolation -e .` and check "
                "the build log compiles the CUDA sources; `python -c 'from groundingdino import _C'` must work.",
            ),
            Variant(
                r"torchvision[^\n]{0,400}(?:\n[^\n]{0,400}){0,8}"
                + JETSON_BOARD
                + r"|(?:"
                + JETSON_BOARD
                + r")[^\n]{0,400}(?:\n[^\n]{0,400}){0,8}torchvision",
                "torchvision on a Jetson",
                "On a Jetson, torch comes from NVIDIA's Jetson wheel and pip's torchvision is built for another "
                "torch (and without CUDA): install the torchvision that pairs with that torch from the same Jetson "
                "build (NVIDIA's / jetson-containers' wheel for your JetPack), or build it from source on the board "
                "(`git clone --branch v0.X.0` of the paired release, then `python3 setup.py install` with "
                "FORCE_CUDA=1); `pip install torchvision` would also replace NVIDIA's torch with a CPU one.",
            ),
            Variant(
                r"pytorch3d|PyTorch3D",
                "PyTorch3D",
                "PyTorch3D was built without CUDA (a source build that saw no GPU and no FORCE_CUDA, or a CPU "
                "build): install its build for your torch and CUDA (conda's pytorch3d channel), or rebuild "
                "with `FORCE_CUDA=1 TORCH_CUDA_ARCH_LIST=<your GPU, e.g. 8.6> pip install --no-build-isolation "
                '--no-cache-dir "git+<pytorch3d repository>@stable"` with the CUDA toolkit of torch.version.cuda '
                "(`nvcc -V`); delete an old build/ folder first.",
            ),
            # issue 36, round forty-six: the same warning from OpenCV in another binding, whose CUDA build comes
            # another way (JavaCV's GPU presets, an OpenCvSharpExtern built against a CUDA OpenCV); the JavaCV and
            # OpenCvSharp package names are written from memory of their READMEs
            Variant(
                r"\A(?=[\s\S]{0,300000}?DNN module was not built with CUDA backend)"
                r"(?=[\s\S]{0,300000}?(?:org\.bytedeco|\bjavacv\b|\bjavacpp\b|\.java:\d|\bat java\.))",
                "OpenCV DNN through JavaCV (bytedeco)",
                "JavaCV loads the OpenCV of the presets on its class path, and the default ones (opencv-platform) "
                "are built without CUDA, so setPreferableBackend(DNN_BACKEND_CUDA) falls back to the CPU. Put the "
                "GPU builds on the class path instead: `org.bytedeco:opencv-platform-gpu` together with the CUDA "
                "presets (`org.bytedeco:cuda-platform-redist` of the matching JavaCPP release, or an installed CUDA "
                "and cuDNN of the version the cuda preset names), all of the same JavaCV / JavaCPP release, and "
                "remove the CPU opencv-platform artifact; the NVIDIA driver must support that CUDA (`nvidia-smi`). "
                "`opencv_core.getCudaEnabledDeviceCount()` must then be > 0.",
                strict=True,
            ),
            Variant(
                r"\A(?=[\s\S]{0,300000}?DNN module was not built with CUDA backend)"
                r"(?=[\s\S]{0,300000}?(?:OpenCvSharp|OpenCvSharpExtern|\bNuGet\b|\.cs:line \d|\bSystem\.\w))",
                "OpenCV DNN through OpenCvSharp (.NET)",
                "OpenCvSharp's runtime packages (OpenCvSharp4.runtime.win / .ubuntu) carry an OpenCvSharpExtern "
                "built against an OpenCV without CUDA, so DNN_BACKEND_CUDA falls back to the CPU. Build OpenCV "
                "with -DWITH_CUDA=ON -DWITH_CUDNN=ON -DOPENCV_DNN_CUDA=ON -DCUDA_ARCH_BIN=<your GPU> and "
                "opencv_contrib, build OpenCvSharpExtern (the src folder of OpenCvSharp, same release as the NuGet "
                "package) against it, ship that OpenCvSharpExtern and the OpenCV, CUDA and cuDNN libraries next to "
                "the program instead of the runtime package, and check Cv2.GetBuildInformation() lists CUDA.",
                strict=True,
            ),
            Variant(
                r"\A(?=[\s\S]{0,300000}?DNN module was not built with CUDA backend)"
                r"(?=[\s\S]{0,300000}?(?:\bcv2\b|Traceback \(most recent call last\)|\.py\b|\bpip\b|python))",
                "OpenCV DNN (Python's cv2)",
                "The cv2 that Python imports has no CUDA DNN backend, so setPreferableBackend(DNN_BACKEND_CUDA) "
                "falls back to the CPU: pip's opencv-python / opencv-contrib-python wheels are never built with CUDA. "
                "Build OpenCV with -DWITH_CUDA=ON -DWITH_CUDNN=ON -DOPENCV_DNN_CUDA=ON "
                "-DCUDA_ARCH_BIN=<your GPU, e.g. 8.6> and opencv_contrib (its build summary must list 'NVIDIA "
                "CUDA: YES' and 'cuDNN: YES' under the DNN module), install that build, and `pip uninstall "
                "opencv-python opencv-contrib-python opencv-python-headless` so no pip cv2 shadows it; "
                "`cv2.cuda.getCudaEnabledDeviceCount()` must be > 0.",
                strict=True,
            ),
            Variant(
                r"DNN module was not built with CUDA backend",
                "OpenCV DNN",
                "The OpenCV this program loads has no CUDA DNN backend, so setPreferableBackend(DNN_BACKEND_CUDA) "
                "falls back to the CPU: the OpenCV it gets was built without WITH_CUDA / OPENCV_DNN_CUDA. Load a "
                "CUDA build of OpenCV the way the binding in use gets its native OpenCV: C++ builds OpenCV with "
                "-DWITH_CUDA=ON -DWITH_CUDNN=ON -DOPENCV_DNN_CUDA=ON -DCUDA_ARCH_BIN=<your GPU> and opencv_contrib "
                "and links it (OpenCV_DIR); Python installs that build and uninstalls pip's opencv-python wheels "
                "(never built with CUDA); Java (JavaCV) puts the GPU presets on the class path "
                "(org.bytedeco:opencv-platform-gpu with the CUDA presets, cuda-platform-redist) instead of "
                "opencv-platform; .NET (OpenCvSharp) needs an OpenCvSharpExtern built against a CUDA OpenCV instead "
                "of the runtime NuGet package. The build information (cv::getBuildInformation()) must list 'NVIDIA "
                "CUDA: YES' and cuDNN, and getCudaEnabledDeviceCount() must be > 0.",
            ),
            # issue 36, round forty-three: a PyG extension's op named in the traceback (torch.ops.torch_cluster.radius,
            # site-packages/torch_scatter/...): its wheel is the CPU one, whatever torchvision a package list shows
            Variant(
                r"\b(?:torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib)\b(?!\s{0,4}==|\s+\d)",
                "PyTorch Geometric extensions",
                _PYG_FIX,
                strict=True,
            ),
            # (issue 36, round fifty-two) a project's own op that its assertion says was never set up: the project's
            # op build, not mmcv's, whatever frames of mmcv's registry the traceback passes through
            Variant(
                r"(?:AssertionError|ImportError|RuntimeError): [^\n]{0,200}?\b[a-z][a-z0-9_]{2,60} needs to be "
                r"(?:set up|compiled|built)\b",
                "a project's own compiled op never set up",
                "The project's own compiled op (the name in the message) was never built or does not import in "
                "this environment: projects that ship CUDA ops (in an ops/ or plugin folder with its own setup.py) "
                "need them built once per environment, and the model's module checks for them. Build the ops as "
                "the project's README says (e.g. `cd <the ops folder> && python setup.py develop`, or `pip install "
                "-v --no-build-isolation -e .` there) with the environment's python and a CUDA toolkit of "
                "torch.version.cuda, removing old build/ folders and *.so first; then check `python -c 'import "
                "<the op's module>'` in the same environment before training.",
            ),
            Variant(
                r"\bmmcv\b|mmdet|mmpose|mmseg|mmocr|mmrotate|mmdet3d"
                r"|\bnms is not compiled|Deform\w{0,20} is not compiled",
                "mmcv",
                "mmcv's ops were built without CUDA (the 'mmcv' / 'mmcv-lite' package, or a source build without "
                "nvcc of torch's CUDA): uninstall it and install the full mmcv built for your torch and CUDA (`pip "
                "install -U openmim && mim install mmcv-full` for mmcv 1.x, `mim install mmcv` for 2.x, which pick "
                "the prebuilt wheel); from source: `MMCV_WITH_OPS=1 FORCE_CUDA=1 pip install -v -e .` with the "
                "CUDA toolkit of torch.version.cuda.",
            ),
            Variant(
                r"detectron2|maskrcnn_benchmark|AdelaiDet",
                "detectron2",
                "detectron2 was built without CUDA: rebuild it with the CUDA toolkit of torch.version.cuda visible "
                "(`rm -rf build/ **/*.so; FORCE_CUDA=1 TORCH_CUDA_ARCH_LIST=<your GPU, e.g. 8.6> python -m pip "
                "install -v --no-build-isolation -e .`); `python -m detectron2.utils.collect_env` shows how it was "
                "built.",
            ),
            Variant(
                r"torchvision|Couldn't load custom C\+\+ ops",
                "torchvision",
                "torchvision's compiled ops do not load with this torch (or are a CPU build): install the "
                "torchvision that pairs with your torch, from the same index (the same CUDA) as torch "
                "(`torchtrt-compat check` names it); `python -c 'import torch, torchvision; "
                "print(torch.__version__, torchvision.__version__)'` shows the pair.",
            ),
            Variant(
                r"torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|torch_geometric|pyg_lib",
                "PyTorch Geometric extensions",
                _PYG_FIX,
            ),
            # issue 36, round forty-nine: the package imports, its own compiled CUDA submodule does not (built on a
            # machine where torch saw no GPU: "No CUDA runtime is found" in the build log)
            Variant(
                _OWN_CUDA_SUBMODULE,
                "the package's own CUDA submodule was not built (installed where torch saw no GPU)",
                "The package is installed but its compiled CUDA module (the submodule the message names, <name>_cuda "
                "/ <name>_gpu) is not: its setup.py builds the CUDA sources only when torch sees a GPU at build time "
                "(torch.cuda.is_available()) or FORCE_CUDA=1 is set, and pip built it on a machine or in a container "
                "without a visible GPU (torch's build notice 'No CUDA runtime is found, using CUDA_HOME=...' says "
                "so), so only the CPU part was installed. Rebuild it with the CUDA ops forced on, with the CUDA "
                "toolkit of torch.version.cuda: `FORCE_CUDA=1 TORCH_CUDA_ARCH_LIST=\"<your GPUs' compute "
                'capability, e.g. 7.5;8.6>" CUDA_HOME=<that toolkit> pip install --no-cache-dir --force-reinstall '
                "--no-build-isolation <package>` (or on a node where the GPU is visible), check that the build log "
                "compiles its .cu files, then `python -c 'import <the submodule>'` must work.",
                strict=True,
            ),
        ),
        op=r"\b([\w:]{1,60}) (?:is|was) not compiled with|operator (torchvision::\w{1,40}) does not exist"
        r"|No such operator (torchvision::\w{1,40})"
        r"|Could not run '(torchvision::\w{1,40})'",
        # serve-ct2-no-cuda answers CTranslate2; issue 36, round thirty-six: "No module named" a kernel module that
        # another distribution ships (mamba-ssm's selective_scan_cuda), with nothing else of this family's words, is
        # that distribution not installed (py-module-missing), whatever NameError the project raises after it
        unless=r"CTranslate2 package was not compiled"
        r"|\A(?![\s\S]{0,300000}?(?:not compiled with|load custom C\+\+ ops|CUDA extension not installed"
        r"|undefined symbol|with arguments from the 'CUDA' backend))[\s\S]{0,300000}?No module named "
        rf"'(?:{OPTIONAL_BACKEND_MODULES})'",
        advice="nvcc-vs-torch",
        severity="warns-of-failure",  # auto-gptq, OpenCV and torchvision say it as a warning: it is the failure
        weight=84,
        applies="packages with compiled CUDA ops (mmcv, detectron2, torchvision, PyG, custom extensions)",
        shown_by=(
            f"{_R8}::test_extension_ops_without_cuda",
            "tests/troubleshooting/test_round49_v49x.py::test_a_packages_own_cuda_submodule_was_not_built",
            "tests/data/explain_round8.jsonl#open-mmlab-mmpose-369",
            "tests/troubleshooting/test_round25_v25wrap.py::test_a_compiled_module_replaced_by_a_stub",
            "tests/troubleshooting/test_round25_v25wrap.py::test_fused_kernels_configured_but_not_installed",
        ),
        example="RuntimeError: nms is not compiled with GPU support",
        example_source="https://github.com/open-mmlab/mmpose/issues/369",
    ),
    KnownError(
        "build-paddle-without-tensorrt",
        "Paddle: Pass tensorrt_subgraph_pass has not been registered (a Paddle build without TensorRT)",
        r"Pass tensorrt_subgraph_pass has not been registered"
        r"|please use the paddle inference library compiled with tensorrt"
        r"|To use TensorRT engine, please compile inference lib with GPU first",
        "The installed paddlepaddle-gpu / Paddle Inference library was compiled without TensorRT, so it has no "
        "TensorRT subgraph pass: creating a predictor with the TensorRT engine turned on (--use_trt, "
        "config.enable_tensorrt_engine) fails. Paddle's own message names the two fixes.",
        "Install a Paddle Inference build compiled with TensorRT (Paddle's install page lists the "
        "paddlepaddle-gpu / inference-library builds 'with TensorRT' per CUDA, cuDNN and TensorRT version) and "
        "the TensorRT libraries of the version it names, on LD_LIBRARY_PATH (PATH on Windows); or run without "
        "TensorRT (drop --use_trt / config.enable_tensorrt_engine).",
        requires=r"paddle|Paddle|tensorrt_subgraph_pass",
        weight=88,
        applies="PaddlePaddle / Paddle Inference (PaddleSeg, PaddleDetection, PaddleOCR deploy scripts)",
        shown_by=(
            f"{_R8}::test_paddle_without_tensorrt",
            "tests/data/explain_round8.jsonl#paddlepaddle-paddleseg-1720",
        ),
        example="ValueError: (InvalidArgument) Pass tensorrt_subgraph_pass has not been registered. Please use the "
        "paddle inference library compiled with tensorrt or disable the tensorrt engine in inference configuration!",
        example_source="https://github.com/PaddlePaddle/PaddleSeg/issues/1720",
    ),
)

_ROUND8_MORE: tuple[KnownError, ...] = (
    KnownError(
        "build-torch-thc-removed",
        "THC/THC.h: No such file or directory / 'AT_CHECK' was not declared / torch.utils.ffi is deprecated (torch "
        "C++ API an extension predates)",
        r"\bTHC/THC\w{0,30}\.h(?:: No such file or directory|['\"\u2019]? file not found)"
        # torch 1.0's stub of the removed cffi builder (torch/utils/ffi/__init__.py raises it at import), and the
        # module gone altogether in later releases
        r"|torch\.utils\.ffi is deprecated\. Please use cpp extensions instead"
        r"|No module named {0,2}['\"]?torch\.utils\.ffi\b|cannot import name ['\"]?create_extension['\"]? from "
        r"['\"]?torch\.utils\.ffi"
        rf"|Cannot open include file: {_Q}THC/THC\w{{0,30}}\.h{_Q}"
        rf"|{_Q}(?:AT_CHECK|THCState\w{{0,30}}|THCudaCheck|THCCeilDiv|THCudaMalloc|THCudaFree|THCNumerics)"
        rf"{_Q} (?:was not declared in this scope|does not name a type|has not been declared)"
        r"|identifier \"(?:AT_CHECK|THCState\w{0,30}|THCudaCheck|THCCeilDiv|THCudaMalloc|THCudaFree)\" is undefined",
        "The extension was written for an old torch C++ API that the installed torch no longer has: torch 1.11 "
        "removed the THC library (THC/THC.h, THCState, THCudaCheck, THCCeilDiv, THCudaMalloc), torch 1.5 "
        "removed AT_CHECK, and torch 1.0 removed torch.utils.ffi (the cffi builder of torch 0.4-era CUDA layers).",
        "Port the extension to ATen / c10 (or use the project's updated fork, or a torch older than the removal): "
        "AT_CHECK -> TORCH_CHECK; #include <THC/THC.h> -> <ATen/cuda/CUDAContext.h> (and <c10/cuda/CUDAGuard.h>); "
        "THCState_getCurrentStream(state) -> at::cuda::getCurrentCUDAStream(); THCudaCheck -> C10_CUDA_CHECK; "
        "THCCeilDiv -> at::ceil_div (<ATen/ceil_div.h>); THCudaMalloc / THCudaFree -> "
        "c10::cuda::CUDACachingAllocator::raw_alloc / raw_delete; then rebuild.",
        variants=(
            Variant(
                r"torch\.utils\.ffi|create_extension",
                "a build script on torch.utils.ffi (torch 0.4-era CUDA layers)",
                "The project's build script (a build.py / make.sh that calls torch.utils.ffi.create_extension for "
                "its CUDA layers: NMS, RoI pooling, correlation and the like) was written for torch 0.4 "
                "and older; torch 1.0 replaced torch.utils.ffi with a stub that raises this, later releases removed "
                "it, so none of those layers were built and the imports of their _ext modules fail next. Either run "
                "the project with the torch it targets (the version its README names, with that release's CUDA "
                "and a Python it has wheels for, in a separate conda env or container), or use a version of the "
                "layers ported to torch.utils.cpp_extension (the upstream project's newer release or a maintained "
                "fork that builds them with a setup.py and CUDAExtension): install each with `python setup.py "
                "install` (or `pip install --no-build-isolation .`) in its folder and import those instead. Porting "
                "by hand means rewriting the C wrapper with ATen and pybind11.",
            ),
        ),
        op=r"\b(THC/THC\w{0,30}\.h)|['\"\u2018\u2019](AT_CHECK|THC\w{1,30})['\"\u2019]|\b(torch\.utils\.ffi)\b",
        # Lua Torch7's own THC (luarocks, cutorch, cunn): build-thc-header-lua-or-torch
        unless=r"\bluarocks\b|\btorch7\b|\bcutorch\b|\bcunn\b|share/lua/5\.\d|\.lua\b|\bluaT\.h\b",
        weight=87,
        applies="C++ / CUDA extensions written for torch < 1.11 (THC), < 1.5 (AT_CHECK) or < 1.0 (torch.utils.ffi), "
        "built against newer torch",
        shown_by=(
            f"{_R8}::test_torch_cpp_api_an_extension_predates",
            f"{_R25}::test_a_build_script_on_torch_utils_ffi",
        ),
        example="src/cuda/dcn_v2_cuda.cu:7:10: fatal error: THC/THC.h: No such file or directory",
        example_source="torch 1.11 release notes (THC removed); the DCNv2-style CUDA extensions that include it",
    ),
    KnownError(
        "build-rust-missing",
        "error: can't find Rust compiler (pip builds a Rust package such as tokenizers from source)",
        r"can't find Rust compiler|error: could not compile `[\w-]{1,60}`[^\n]{0,80}"
        r"|Cargo, the Rust package manager, is not installed or is not on PATH",
        "pip found no wheel of a package written in Rust (tokenizers, safetensors, orjson, ...) for this Python "
        "and platform, so it tried to build it from source, which needs a Rust toolchain: the Python is newer than "
        "the package's wheels, or the pinned version is older than this Python (or the platform has no wheels).",
        "Install a version of the package that has a wheel for your Python (a newer release, or relax the pin: `pip "
        "install -U <package>`), or run a Python version its wheels cover; only if you must build it, install Rust "
        "(rustup, then reopen the shell) and upgrade pip (`python -m pip install -U pip`).",
        weight=80,
        applies="pip installs of Rust-based packages (tokenizers, safetensors, orjson) without a matching wheel",
        shown_by=(f"{_R8}::test_a_pip_source_build_that_failed",),
        example="      error: can't find Rust compiler",
        example_source="setuptools-rust's wording (setuptools_rust/build.py) when pip builds tokenizers from source",
    ),
    KnownError(
        "py-pip-no-matching-distribution",
        "pip: Could not find a version that satisfies the requirement X (no release for this Python / platform)",
        r"Could not find a version that satisfies the requirement (?!torch[-_]tensorrt|tensorrt\b)[\w.-]{1,80}"
        r"|No matching distribution found for (?!torch[-_]tensorrt|tensorrt\b)[\w.-]{1,80}"
        # uv's resolver (no wheel for this interpreter or platform, a version that does not exist, Requires-Python)
        # (uv wraps its lines at any space: the words may be split over lines)
        r"|has\s{1,12}no\s{1,12}(?:usable\s{1,12})?wheels\s{1,12}with\s{1,12}a\s{1,12}matching\s{1,12}"
        r"(?:Python\s{1,12}ABI|Python\s{1,12}implementation|Python|platform)\s{1,12}tag"
        r"|doesn't\s{1,12}have\s{1,12}a\s{1,12}source\s{1,12}distribution\s{1,12}or\s{1,12}wheel\s{1,12}for"
        r"\s{1,12}the\s{1,12}current\s{1,12}platform"
        r"|Because\s{1,12}there\s{1,12}is\s{1,12}no\s{1,12}version\s{1,12}of\s{1,12}[\w.-]{1,80}[=<>~!]{1,2}"
        r"|the\s{1,12}current\s{1,12}Python\s{1,12}version\s{1,12}\([\d.]{1,12}\)\s{1,12}does\s{1,12}not"
        r"\s{1,12}satisfy\s{1,12}Python"
        # poetry: its installer found no file for this platform; its solver found no version
        r"|Unable to find installation candidates for [\w.-]{1,80}"
        r"|which doesn't match any versions, version solving failed"
        # pip fell back to TensorRT's source package (no wheel for this platform / Python): pip's own frame runs its
        # setup.py from pip-install-XXXX/tensorrt_<hash>/ (pip 20+: utils/setuptools_build.py)
        r"|pip-install-\w{1,40}[\\/]tensorrt[\w.-]{0,60}[\\/]setup\.py"
        r"|Running setup\.py install for tensorrt(?:[-_]cu\d{2})?(?:[-_]libs)? \.\.\. error",
        "The index pip reads has no release of the package that fits the requirement and this interpreter: the "
        "pinned version is not on it (too old and removed for this Python, or a local build such as torch's "
        "+cu121, which lives on PyTorch's own index), no release has a wheel for this Python version or platform "
        "(`from versions: none`), or the name is misspelt.",
        "Read pip's `(from versions: ...)` list: pin one of those, or use a Python version the pinned release "
        "supports (`python --version`); torch builds with +cuXXX come from PyTorch's own index (`--index-url` of "
        "the CUDA build, as PyTorch's install selector prints it); `python -m pip index versions <package>` lists "
        "what this Python can get.",
        variants=(
            # issue 36, round thirty-eight: pip skipped the index's page for the package because it is no simple-index
            # page (a mirror or proxy that answers with a file, an error page or a login page): no release was seen
            Variant(
                r"Skipping page \S{1,300} because the (?:GET|HEAD) request got Content-Type:",
                "an index page pip could not read (Content-Type)",
                "pip skipped the index's page for this package: the server answered with a Content-Type that is no "
                "package index page (its 'Skipping page ... because the GET request got Content-Type' warning names "
                "it), so pip saw no release at all; the version exists or not, pip never read the list. The index "
                "URL is wrong or the server behind it is not a package index (a mirror that moved or serves files "
                "instead, a proxy or captive portal answering for it, a login page). Check the --index-url / "
                "--extra-index-url (and PIP_INDEX_URL, pip.conf, the installer's own index setting) and any proxy: "
                "open the URL pip names and check it lists the package's files; point pip at the package's own "
                "index (a GPU build's vendor index for its CUDA version) or a mirror that serves it, then install "
                "again.",
                strict=True,
                sure=True,
            ),
            # issue 36, round seventeen: an --index-url / --extra-index-url of PyTorch's wheel index for a CUDA tag
            # (whl/cu131) PyTorch never published, so pip sees "from versions: none"
            Variant(
                r"(?:index-url|Looking in indexes:|-f|--find-links)[^\n]{0,120}/whl/(?:nightly/)?(?:cu|rocm)\d",
                "a PyTorch wheel index for a CUDA / ROCm tag",
                "pip read PyTorch's wheel index for the CUDA (or ROCm) tag in the --index-url (whl/cuXYZ): PyTorch "
                "publishes an index only for the CUDA versions each release is built for (e.g. cu118, cu121, cu124, "
                "cu126, cu128, cu129, cu130; no cu125 or cu131), and a tag that was never published, or a torch "
                "version not built for that tag, gives `from versions: none`. Read the tag: pick a published one of "
                "the same CUDA major not newer than your driver (`nvidia-smi`), as PyTorch's install selector "
                "prints it for that torch version (a CUDA 13.1 toolkit or extension works with a cu130 torch), and "
                "install torch, torchvision and torchaudio from that one index.",
                strict=True,
            ),
            Variant(
                r"pip-install-\w{1,40}[\\/]tensorrt[\w.-]{0,60}[\\/]setup\.py|Running setup\.py install for tensorrt",
                "TensorRT's source package",
                "pip found no TensorRT wheel for this platform and Python (a pinned release or pre-release with "
                "wheels only for Linux, e.g. 9.x, or none for this Python) and fell back to the tensorrt source "
                "package, whose setup.py only fetches the platform wheels and fails. Install a TensorRT release that "
                "has wheels for your platform and Python: TensorRT 10.x ships Windows and Linux wheels (`pip install "
                "tensorrt-cu12==10.*` for torch's CUDA 12), or NVIDIA's TensorRT zip (Windows) / tar (Linux) with its "
                "python/*.whl; change the version the installer pins rather than the build.",
            ),
            # issue 36, round thirty-two: a jaxlib pinned with its CUDA local version (+cuda11.cudnn86,
            # +cuda12.cudnn89): those builds were never on the package registry, only on JAX's own CUDA release list
            Variant(
                r"(?:satisfies the requirement|No matching distribution found for) jaxlib\s{0,2}[=<>~!]{1,3}\s{0,2}"
                r"[\w.]{1,20}\+cuda",
                "a jaxlib CUDA build pinned by its +cuda local version",
                "jaxlib builds tagged +cudaXX.cudnnYY (the CUDA and cuDNN they were built for) are published only on "
                "JAX's own CUDA release list, not on the package registry pip reads by default, so a requirement "
                "that pins one fails. Install that pin with pip's find-links pointing at JAX's CUDA release list "
                "(`pip install jaxlib==<version>+cudaXX.cudnnYY -f <that list>`, as JAX's install instructions of "
                "that release give it), or drop the +cuda suffix and install through the extras that take the CUDA "
                'wheels from the registry: `pip install "jax[cuda11_pip]==<version>"` / "jax[cuda12_pip]" for jax '
                '0.4.x, `"jax[cuda12]"` for newer releases (jaxlib then needs no local tag); pin jax and jaxlib to '
                "the same version.",
                strict=True,
            ),
            # issue 36, round forty-three: a package whose releases stopped (faiss-gpu, tensorflow-gpu): its successors
            *_discontinued_variants(),
            Variant(
                JETSON_BOARD,
                "Jetson (aarch64 with JetPack's CUDA)",
                "The registry has no CUDA build of this package for Jetson (aarch64 + JetPack): install NVIDIA's "
                "Jetson build for your JetPack release (the Jetson wheels of torch, torchvision and onnxruntime-gpu "
                "NVIDIA "
                "publishes per JetPack, or a jetson-containers / l4t image that ships them); TensorRT's Python "
                "bindings come with JetPack (`sudo apt-get install python3-libnvinfer`) for the system python3. "
                "`cat /etc/nv_tegra_release` shows the L4T release.",
            ),
            Variant(
                r"wheels\s{1,12}with\s{1,12}a\s{1,12}matching|or\s{1,12}wheel\s{1,12}for\s{1,12}the\s{1,12}current"
                r"|the\s{1,12}current\s{1,12}Python\s{1,12}version\s{1,12}\(",
                "uv: no wheel for this Python or platform",
                "uv found releases of the package but none with a wheel for this interpreter or platform (its "
                "`hint:` line names the tags it needs and those the package has, e.g. cp313 vs cp312): run a "
                "Python version the package publishes wheels for (`uv venv --python 3.12`, or `uv python pin "
                "3.12`), pin a release that has a wheel for yours, or, for a platform without wheels, build it from "
                "source (its sdist or repository).",
            ),
            Variant(
                r"Unable to find installation candidates|version solving failed",
                "poetry",
                "poetry found no file of that version it can install here (no wheel for this Python / platform, or "
                "a stale cache or lock): `poetry cache clear --all pypi` and `poetry lock` (the lock may name a "
                "file that is gone), then pin a version that has a wheel for this Python and platform, or set the "
                "project's python range to one the package supports (`poetry env use 3.12`).",
            ),
            # issue 36, round twenty-three: a CUDA-only package asked for on a Mac, where none of them exists
            Variant(
                rf"(?:requirement|found for) {_CUDA_ONLY_NAMES}[\s\S]{{0,4000}}?(?:{MACOS})"
                rf"|(?:{MACOS})[\s\S]{{0,4000}}?(?:requirement|found for) {_CUDA_ONLY_NAMES}",
                "a CUDA-only package on macOS",
                "This package exists only for NVIDIA CUDA platforms (Linux, some for Windows): no index has it for a "
                "Mac. Drop it from the requirements there (torch runs on 'mps' or 'cpu' without triton, nvidia-* or "
                "a CUDA plugin; onnxruntime, whose macOS wheels carry the CoreML provider, replaces onnxruntime-gpu), "
                "use the project's CPU / macOS requirements where it has them, or run the project on a machine with "
                "an NVIDIA GPU.",
            ),
            Variant(
                r"(?:requirement|distribution found for) (?:triton|jax-cuda\d{2}-(?:plugin|pjrt)|jaxlib[=<>~!]{1,2}"
                r"[\w.]{1,20}\+cuda|nvidia-nccl-cu\d{2}|tensorrt[-_]llm|nvidia-dali-cuda\d{3})\b",
                "a package with Linux-only GPU wheels (Windows has none)",
                "This package publishes its GPU wheels for Linux only (Triton, JAX's CUDA plugins, NCCL, "
                "TensorRT-LLM, DALI): on Windows run the project under WSL2 (Ubuntu; the Windows NVIDIA driver "
                "serves it) and install there; for Triton on native Windows the community build `pip install "
                "triton-windows` (of the release your torch pins) replaces it; drop NCCL on Windows (use gloo). On "
                "Linux the same message means no wheel for this Python or CPU (`python --version`, `uname -m`): use a "
                "Python the release publishes wheels for.",
            ),
            Variant(
                r"from versions: none\)",
                "no release for this Python or platform",
                "No release of the package has a file for this interpreter: check the name, then use a Python "
                "version and platform the package publishes wheels for (`python --version`; 64-bit CPython; "
                "Windows / aarch64 wheels are missing for some packages), or install it from its source.",
            ),
            # issue 36, round twenty-seven: pip's list already holds +cpu / +cuXXX builds, so the index is PyTorch's
            # and the local suffix is no problem: the pinned release has no wheel for this Python (or platform)
            Variant(
                r"requirement (?:torch|torchvision|torchaudio)[=<>~!]{1,2}[\d.]{1,12}\+(?:cu|rocm|cpu)\w{0,8}"
                r" \(from versions: [^)\n]{0,4000}?\+(?:cu\d|cpu|rocm)",
                "a torch local build the index has, but not for this Python",
                "pip read PyTorch's own index (its list holds +cpu / +cuXXX builds), so the local suffix is not the "
                "problem: the pinned release has no wheel for this Python version or platform, while the releases "
                "listed do. Each torch release has wheels for a window of Python versions (torch 1.13 up to Python "
                "3.10, 2.0 and 2.1 up to 3.11, 3.12 from 2.2 on), so a Python newer than the pin's is the usual "
                "cause. Check `python --version`, then create the environment with a Python the pinned release "
                "supports (`python3.10 -m venv .venv`, `conda create -n env python=3.10`), or raise the pin to a "
                "listed release together with its torchvision / torchaudio of the same release (torch 2.1.2 with "
                "torchvision 0.16.2).",
            ),
            Variant(
                r"requirement (?:torch|torchvision|torchaudio)[=<>~!]{1,2}[\d.]{1,12}\+(?:cu|rocm|cpu)",
                "a torch local build (+cu / +cpu)",
                "torch's +cuXXX / +cpu builds are not on the default index: install from PyTorch's index for that "
                "CUDA (`--index-url` as PyTorch's install selector prints it, e.g. the cu121 one) or drop the "
                "local suffix.",
            ),
        ),
        op=r"satisfies the requirement ([\w.-]{1,80}(?:[=<>~!]{1,2}[\w.+*-]{1,30})?)"
        r"|Because ([\w.-]{1,80}(?:[=<>~!]{1,2}[\w.+*-]{1,30})?)\s{1,12}has\s{1,12}no\s{1,12}(?:usable\s{1,12})?wheels"
        r"|installation candidates for ([\w.-]{1,80}(?: \([\w.+-]{1,30}\))?)"
        r"|No matching distribution found for ([\w.-]{1,80}(?:[=<>~!]{1,2}[\w.+*-]{1,30})?)",
        weight=20,  # below py-module-missing, whose "pip has no wheel" fix answers both lines together
        applies="pip installs (any package other than torch-tensorrt / tensorrt, which have their own family)",
        shown_by=(f"{_R8}::test_a_pip_source_build_that_failed",),
        example="ERROR: Could not find a version that satisfies the requirement torch==1.8.0 (from versions: 2.2.0, "
        "2.2.1)\nERROR: No matching distribution found for torch==1.8.0",
        example_source="pip's resolver wording (pip 20-24, 'Could not find a version that satisfies the requirement')",
    ),
)

FAMILIES = FAMILIES + _ROUND8 + _ROUND8_MORE

_R12 = "tests/troubleshooting/test_round12_q2.py"

#: Builds, extensions and installs in their tools' own words (issue 36, round twelve): a torch extension's
#: compute-capability probe that finds no CUDA torch (tiny-cuda-nn and the projects that copied its setup.py), and
#: tiny-cuda-nn's build seeing no CUDA runtime. (pip running the TensorRT source package is a variant of
#: py-pip-no-matching-distribution; a prebuilt extension then a failed JIT rebuild, and TensorRT's "Unable to open
#: library: X.dll", are variants of windows-dll-load.)
_ROUND12: tuple[KnownError, ...] = (
    KnownError(
        "build-arch-probe-no-cuda-torch",
        "Unknown compute capability. Specify the target compute capabilities in the X_CUDA_ARCHITECTURES (torch "
        "sees no CUDA at build time)",
        r"Unknown compute capability\. {0,2}Specify the target compute capabilities in the\s{0,4}"
        r"\"?\w{1,40}_CUDA_ARCHITECTURES",
        "The extension's setup.py asks torch for the GPU's compute capability and torch has none to give: the "
        "torch in the build environment is a CPU-only build (or pip's isolated build env pulled one), or no GPU is "
        "visible while building (a Docker build, a login node).",
        "Install the CUDA build of torch for your toolkit (`python -c 'import torch; print(torch.version.cuda, "
        "torch.cuda.is_available())'` must show a version and True) and build with `pip install "
        "--no-build-isolation`, or name the architectures in the variable the message names (e.g. "
        "TCNN_CUDA_ARCHITECTURES=86 for an RTX 30xx; 89 for RTX 40xx) before building; on Windows build from the "
        "x64 Native Tools prompt with the CUDA toolkit of torch.version.cuda.",
        op=r"compute capabilities in the\s{0,4}\"?(\w{1,40}_CUDA_ARCHITECTURES)",
        weight=86,
        applies="tiny-cuda-nn's torch bindings and the projects that copied its setup.py (KiloNeRF, PENC)",
        shown_by=(f"{_R12}::test_tiny_cuda_nn_build_without_a_cuda_torch",),
        example="EnvironmentError: Unknown compute capability. Specify the target compute capabilities in the "
        "TCNN_CUDA_ARCHITECTURES environment variable or install PyTorch with the CUDA backend to detect it "
        "automatically.",
        example_source="tiny-cuda-nn bindings/torch/setup.py (NVlabs/tiny-cuda-nn)",
    ),
    KnownError(
        "build-tcnn-no-cuda-runtime",
        "No CUDA runtime is found while building tiny-cuda-nn (its setup.py then cannot pick an architecture)",
        r"No CUDA runtime is found, using CUDA_HOME=",
        "torch in this environment sees no CUDA (a CPU-only torch, or no visible GPU) while tiny-cuda-nn's torch "
        "bindings are built: unlike plain cpp_extension builds, its setup.py takes the architecture from torch and "
        "stops ('Unknown compute capability') unless TCNN_CUDA_ARCHITECTURES is set.",
        "Install the CUDA build of torch matching your toolkit (torch.cuda.is_available() must be True), or set "
        "TCNN_CUDA_ARCHITECTURES to your GPU's compute capability (e.g. 86) before `pip install "
        "--no-build-isolation git+<tiny-cuda-nn>#subdirectory=bindings/torch` (tiny-cuda-nn reads this variable, "
        "not TORCH_CUDA_ARCH_LIST); on Windows from the x64 Native Tools prompt with the matching CUDA toolkit.",
        requires=r"tiny-cuda-nn|tinycudann|TCNN_CUDA_ARCHITECTURES",
        severity="warns-of-failure",
        weight=60,
        applies="tiny-cuda-nn's torch bindings (nerfstudio, instant-ngp users)",
        shown_by=(f"{_R12}::test_tiny_cuda_nn_build_without_a_cuda_torch",),
        example="No CUDA runtime is found, using CUDA_HOME='C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA"
        "\\v11.7'\n(pip install git+...tiny-cuda-nn/#subdirectory=bindings/torch stops)",
        example_source="tests/data/explain_round12.jsonl#nerfstudio-project-nerfstudio-1642; the print is "
        "torch/utils/cpp_extension.py's",
    ),
)

FAMILIES = FAMILIES + _ROUND12

_R13 = "tests/troubleshooting/test_round13_p3dist.py"

#: pip's install step in its own words (round thirteen, p3dist): the disk it unpacks into is full, and its resolver
#: finding pins that cannot all hold (pip/_internal/resolution/resolvelib/factory.py's ResolutionImpossible report)
_ROUND13: tuple[KnownError, ...] = (
    KnownError(
        "pip-no-space-left",
        "pip / conda: Could not install packages due to an OSError: [Errno 28] No space left on device",
        r"Could not install packages due to an (?:OSError|EnvironmentError): \[Errno 28\] No space left on device"
        # conda's own wordings (conda/gateways/disk, conda's CondaError with the errno on the next line): "CondaError:
        # Failed to write to /opt/conda/pkgs/x.conda\n  errno: 28", "[Errno 28] No space left on device:
        # '/opt/conda/pkgs/...'"; mamba / uv in their words ("No space left on device (os error 28)")
        r"|CondaError: [^\n]{0,300}\n[ \t]{0,8}errno: 28\b"
        r"|CondaError: [^\n]{0,300}No space left on device"
        r"|\[Errno 28\] No space left on device: '[^'\n]{0,300}(?:[\\/]pkgs[\\/]|[\\/]envs[\\/]|site-packages"
        r"|[\\/]pip-[\w-]{1,40}[\\/]|[\\/]\.cache[\\/](?:pip|uv)|\.whl\b|\.tar\.bz2'|\.conda')"
        r"|(?:libmamba|mamba|micromamba|uv|pip|install|unpack|extract)[^\n]{0,200}No space left on device "
        r"\(os error 28\)",
        "The installer ran out of disk (errno 28, ENOSPC), not GPU memory: pip downloads, unpacks and builds in the "
        "temporary folder (TMPDIR, /tmp) and keeps a cache (~/.cache/pip) before it writes into site-packages, conda "
        "writes each package into its pkgs cache first: one of those disks is full. CUDA wheels are large (torch with "
        "its nvidia-* libraries takes several GB, unpacked twice during the install), and /tmp is often a small tmpfs.",
        "Check free space (`df -h /tmp ~/.cache $(python -c 'import site; print(site.getsitepackages()[0])')`), "
        "then install with a temporary folder on a disk with room (`TMPDIR=/path/with/space pip install ...`) and "
        "without the cache (`--no-cache-dir`; `pip cache purge` frees the old one); in Docker, clean up in the same "
        "RUN layer and give the builder more disk.",
        variants=(
            Variant(
                r"CondaError|\bconda (?:env |create|install|update)|[\\/]conda[\\/]pkgs|micromamba|\bmamba\b",
                "conda / mamba",
                "conda writes every package into its package cache (`<conda>/pkgs`, CONDA_PKGS_DIRS) before it "
                "links it into the environment, and that disk is full (CUDA, cuDNN, NCCL and torch take several GB; "
                "in a container it is the image's or the volume's disk, not the GPU's memory): check `df -h "
                "$(conda info --base)`, free the cache (`conda clean --all`), or point CONDA_PKGS_DIRS and the env "
                "(`conda env create -p /big/disk/env`) to a disk with room, then rerun the command.",
            ),
        ),
        weight=80,
        applies="pip, conda, mamba, uv: any platform",
        shown_by=(
            f"{_R13}::test_pip_install_wordings",
            "tests/troubleshooting/test_round16_s16sev.py::test_disk_full_in_conda_words",
        ),
        example="ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
        example_source="pip/_internal/commands/install.py (create_os_error_message)",
    ),
    KnownError(
        "pip-resolution-impossible",
        "pip: Cannot install X and Y because these package versions have conflicting dependencies "
        "(ResolutionImpossible)",
        r"because these package versions have conflicting dependencies"
        r"|ResolutionImpossible: for help visit"
        # its explanation alone, as a paste cut above it keeps it ("The conflict is caused by:\n    torchmeta 1.8.0
        # depends on torch<1.10.0 and >=1.4.0"; issue 36, round sixty-four)
        r"|^\s{0,8}The conflict is caused by:\s*\n\s{0,12}[\w.-]{1,80} [\w.+-]{1,40} depends on "
        r"|ERROR: Cannot install [^\n]{1,300} because these package versions",
        "pip's resolver found no set of versions that meets every pin at once: two requirements (often torch with a "
        "torchvision / torchaudio / xformers built for another torch, or a package that pins an old torch) need "
        "different versions of one package; 'The conflict is caused by:' below it names them.",
        "Read the 'The conflict is caused by:' lines: they name the two pins. torch, torchvision and torchaudio "
        "must come from one release set (and extensions such as xformers from builds for that torch): pin the "
        "set together (`pip install torch==A torchvision==B` from one release) or drop the loose pins and let pip "
        "choose; install from one index for all of them (the CUDA builds and the CPU builds are separate indexes).",
        variants=(
            # issue 36, round fifty-seven: the torch the environment holds is a pre-release build (an NVIDIA
            # container's "2.7.0a0+79aa17489c.nv25.4"), which sorts below 2.7.0, so a ">=2.7" pin refuses it
            Variant(
                r"(?:user requested|constraint\)?|installed)[^\n]{0,40}\btorch ?==? ?\d{1,2}\.\d{1,3}\.\d{1,3}"
                r"(?:a|b|rc|\.dev)\d{0,10}\+",
                "a pre-release torch in the environment (an NVIDIA NGC container's)",
                "The torch already in the environment is a pre-release build (an NVIDIA NGC PyTorch container's "
                "'2.7.0a0+<commit>.nv25.4'), and pre-releases sort below the release: a requirement such as "
                "torch>=2.7 does not accept 2.7.0a0, so pip finds no version that satisfies both the package and the "
                "container's pinned torch. Keep the container's torch: install the package without its dependency "
                "check (`pip install --no-deps <package>`, then its other requirements by hand), or build it from "
                "source against the installed torch (`pip install --no-build-isolation <source>`); a package "
                "release whose pin accepts pre-releases (or one made for that container) fixes it for good. Do not "
                "let pip replace the container's torch with a PyPI one.",
                strict=True,
            ),
            Variant(
                r"tensorrt|torch[-_]tensorrt",
                "torch_tensorrt / TensorRT",
                "torch_tensorrt pins one torch minor and one TensorRT range per release: `torchtrt-compat suggest` "
                "names the set that fits, then install those versions together.",
            ),
        ),
        commands=("suggest",),
        weight=70,
        applies="pip 20.3 and later (the backtracking resolver)",
        shown_by=(f"{_R13}::test_pip_install_wordings",),
        example="ERROR: Cannot install torch==2.0.0 and torchvision==0.16.0 because these package versions have "
        "conflicting dependencies.",
        example_source="pip/_internal/resolution/resolvelib/factory.py (get_installation_error's ResolutionImpossible "
        "message)",
    ),
    KnownError(
        "pip-externally-managed",
        "pip: error: externally-managed-environment (PEP 668: the system Python belongs to the OS package manager)",
        r"error: externally-managed-environment|This environment is externally managed",
        "The Python pip was run with is the operating system's (Debian 12, Ubuntu 23.04 and later, Fedora, Homebrew "
        "mark it with an EXTERNALLY-MANAGED file, PEP 668): pip refuses to install into it so it cannot break the "
        "system's own packages.",
        "Create a virtual environment and install there (`python3 -m venv .venv && . .venv/bin/activate && pip "
        "install ...`; on Debian / Ubuntu `apt install python3-venv` first), use pipx for a command-line app, or "
        "conda; `--break-system-packages` is for throwaway containers only.",
        weight=80,
        applies="pip 23.0 and later on a Python marked EXTERNALLY-MANAGED (Debian 12, Ubuntu 23.04+, Homebrew)",
        shown_by=(f"{_R13}::test_pip_environment_and_network_wordings",),
        example="error: externally-managed-environment\n\n× This environment is externally managed",
        example_source="pip/_internal/exceptions.py (ExternallyManagedEnvironment, PEP 668)",
    ),
    KnownError(
        "pip-hash-mismatch",
        "pip: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE (a download cut short or changed)",
        r"THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE",
        "The file pip downloaded does not have the sha256 it expected: most often the download was cut short or "
        "altered on the way (a large CUDA wheel over a flaky connection, a proxy or mirror serving another file, a "
        "corrupted pip cache); with --require-hashes or a lock file, the pinned hash may be another platform's file.",
        "Retry without the cache (`pip cache purge`, then `pip install --no-cache-dir ...`); if it repeats, download "
        "the wheel once (`pip download`, or through another network), check its sha256 against the index's, and "
        "install from the file; with a lock file, regenerate the hashes for this platform's wheels.",
        weight=75,
        applies="pip, any platform",
        shown_by=(f"{_R13}::test_pip_environment_and_network_wordings",),
        example="ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the "
        "package versions, please update the hashes.",
        example_source="pip/_internal/exceptions.py (HashErrors' head)",
    ),
    KnownError(
        "pip-network-timeout",
        "pip: ReadTimeoutError: HTTPSConnectionPool(...): Read timed out (the download stalled)",
        r"pip\._vendor\.urllib3\.exceptions\.ReadTimeoutError"
        r"|connection broken by '(?:ReadTimeoutError|ConnectTimeoutError|ProtocolError|NewConnectionError)\("
        r"[^\n]{0,80}HTTPSConnectionPool"
        # requests' ConnectionError printed alone with the pool's read timeout (a stream cut mid-download: a setup
        # script's wheel download); requests' ReadTimeout of an API call is not a package download
        r"|ConnectionError\W{0,8}(?:\n\W{0,8})?HTTPS?ConnectionPool\(host=[^\n]{1,160}\): Read timed out"
        # uv's failed wheel download (its error chain: "Failed to download `pkg==X`", "Request failed after N
        # retries", "operation timed out")
        r"|Failed to download `[^`\n]{1,160}`|Request failed after \d{1,3} retries",
        "pip's download from the index stalled or could not connect (a slow or filtered network, a proxy it was not "
        "told about, a mirror that is down); large CUDA wheels (torch with its nvidia-* libraries) make a timeout "
        "likely on slow links.",
        "Raise the timeout and retries (`pip install --default-timeout=300 --retries 10 ...`), set the proxy "
        "(HTTPS_PROXY / `pip --proxy`), or use a reachable mirror (`-i` / `--index-url`, keeping the CUDA index of "
        "torch as an extra index); on a machine without a network, `pip download` elsewhere and install the "
        "files.",
        variants=(
            Variant(
                r"Failed to download `|Request failed after \d{1,3} retries|\buv (?:pip|sync|add)\b",
                "uv's download of a wheel",
                "uv's download stalled or timed out (large CUDA wheels on a slow or filtered link); nothing in the "
                "CUDA setup is wrong. Retry with a longer timeout and more retries (`UV_HTTP_TIMEOUT=300 "
                "UV_HTTP_RETRIES=10`), keep uv's cache so the wheels already fetched are reused, set the proxy "
                "(HTTPS_PROXY) or use a reachable mirror index (keeping torch's CUDA index as an extra index); "
                "without a network, download the wheels elsewhere and install with `--offline --find-links`.",
            ),
        ),
        weight=76,
        applies="pip, uv, any platform",
        shown_by=(f"{_R13}::test_pip_environment_and_network_wordings",),
        example="pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='pip-cache.internal', "
        "port=443): Read timed out.",
        example_source="pip/_internal/network/download.py (the vendored urllib3's ReadTimeoutError)",
    ),
)

FAMILIES = FAMILIES + _ROUND13

# ---- issue 36, round fifteen: torch.utils.cpp_extension's own API, used by a setup.py written for another torch ----
_R15 = "tests/troubleshooting/test_round15_b15build.py"
_CPP_EXT = r"cpp_extension|BuildExtension|CUDAExtension|CppExtension|setup\.py|build_ext"
#: keyword arguments of cpp_extension's BuildExtension / CUDAExtension / load that some torch releases lack
_CPP_EXT_KWARGS = (
    r"use_ninja|no_python_abi_suffix|is_python_module|is_standalone|py_limited_api|dlink|keep_intermediates"
)

_ROUND15: tuple[KnownError, ...] = (
    KnownError(
        "build-cpp-extension-args",
        "torch.utils.cpp_extension rejects the setup.py's arguments (KeyError: 'cxx' / 'nvcc', an unknown keyword): "
        "the build script was written for another torch",
        r"extra_(?:post|compile_)args\[['\"](?:cxx|nvcc)['\"]\]"
        r"|KeyError: ['\"](?:cxx|nvcc)['\"]"
        rf"|(?:BuildExtension|CUDAExtension|CppExtension|with_options|load)\w{{0,20}}\(\) got an unexpected keyword "
        rf"argument ['\"](?:{_CPP_EXT_KWARGS})['\"]"
        r"|cannot import name ['\"]\w{1,40}['\"] from ['\"]torch\.utils\.cpp_extension['\"]",
        "torch.utils.cpp_extension builds an extension from the setup.py's arguments, and their form changed between "
        "torch releases: with ninja (torch 1.5+) BuildExtension reads extra_compile_args as a dict and takes "
        "extra_compile_args['cxx'] for C++ files and ['nvcc'] for .cu files, so a dict without 'cxx' (or 'nvcc'), "
        "or a plain list, raises KeyError in unix_wrap_ninja_compile / win_wrap_ninja_compile; a keyword or a name "
        "the installed torch's cpp_extension lacks (use_ninja, py_limited_api, a helper imported from it) means a "
        "build script for a newer (or older) torch. This is a build-time failure of the setup.py, not a runtime one.",
        "Fix the setup.py for the torch you build with: give extra_compile_args as a dict with both keys, e.g. "
        "`extra_compile_args={'cxx': ['-O3'], 'nvcc': ['-O3']}` (an empty list for the one you do not need), or "
        "build without ninja (`cmdclass={'build_ext': BuildExtension.with_options(use_ninja=False)}`); for an "
        "unknown keyword or import, build with the torch (and CUDA) release the project names "
        "(`python -c 'import torch; print(torch.__version__, torch.version.cuda)'`) or drop that argument. Then "
        "rebuild from a clean tree (`rm -rf build && pip install -v --no-build-isolation .`).",
        requires=_CPP_EXT,
        op=r"(extra_(?:post|compile_)args\[['\"](?:cxx|nvcc)['\"]\])|KeyError: (['\"](?:cxx|nvcc)['\"])"
        rf"|argument ['\"]({_CPP_EXT_KWARGS})['\"]|cannot import name ['\"](\w{{1,40}})['\"]",
        weight=88,
        applies="setup.py / torch.utils.cpp_extension builds of CUDA and C++ extensions (torch 1.5+ with ninja)",
        shown_by=(f"{_R15}::test_cpp_extension_arguments_for_another_torch",),
        example='  File "torch/utils/cpp_extension.py", line 445, in unix_wrap_ninja_compile\n'
        "    post_cflags = extra_postargs['cxx']\nKeyError: 'cxx'",
        example_source="https://github.com/facebookresearch/mvp/issues/1 (torch 1.7.1 torch/utils/cpp_extension.py)",
    ),
    KnownError(
        "build-torch-cuda-arch-list",
        "Unknown CUDA arch (X) or GPU not supported (TORCH_CUDA_ARCH_LIST names an architecture this torch does not "
        "know)",
        r"Unknown CUDA arch \([^)\n]{1,40}\) or GPU not supported",
        "torch.utils.cpp_extension turns TORCH_CUDA_ARCH_LIST (or the GPUs it sees) into nvcc -gencode flags and "
        "knows only the architectures of its own release: the list holds a value it does not accept (a typo, "
        "'sm_86' or '86' instead of '8.6', commas instead of ';' or spaces), or a GPU newer than this torch (8.9 "
        "before torch 2.0, 9.0a / 10.0 / 12.0 before the releases that added them).",
        'Set TORCH_CUDA_ARCH_LIST to values this torch knows, as major.minor separated by ";" or spaces (e.g. '
        '`export TORCH_CUDA_ARCH_LIST="7.5;8.6+PTX"`; `nvidia-smi --query-gpu=compute_cap --format=csv` gives your '
        "GPU's), or unset it to build for the GPU present; for a GPU newer than the torch, upgrade torch (and its "
        "CUDA) first, or build for the nearest older architecture with +PTX. Then rebuild from a clean tree.",
        op=r"Unknown CUDA arch \(([^)\n]{1,40})\)",
        weight=88,
        applies="torch.utils.cpp_extension (_get_cuda_arch_flags) in every torch with TORCH_CUDA_ARCH_LIST",
        shown_by=(f"{_R15}::test_torch_cuda_arch_list_value_unknown",),
        example="ValueError: Unknown CUDA arch (8.9) or GPU not supported",
        example_source="torch/utils/cpp_extension.py (_get_cuda_arch_flags), torch 1.13",
    ),
    KnownError(
        "build-arch-flags-no-gpu",
        "torch.utils.cpp_extension finds no GPU to build for (_get_cuda_arch_flags: Found no NVIDIA driver / "
        "list index out of range in a Docker build or on a CPU machine)",
        r"in _get_cuda_arch_flags"
        # issue 36, round forty-two: the IndexError without its frames (an issue's title, a cut traceback) in a build
        # whose torch.utils.cpp_extension said it saw no GPU ("No CUDA runtime is found, using CUDA_HOME=...")
        r"|\bIndexError: list index out of range(?=[\s\S]{0,200000}?No CUDA runtime is found, using CUDA_HOME)"
        r"|No CUDA runtime is found, using CUDA_HOME[^\n]{0,300}(?=[\s\S]{0,200000}?\bIndexError: list index out of "
        r"range)",
        "With TORCH_CUDA_ARCH_LIST unset, torch.utils.cpp_extension builds a CUDA extension for the GPUs it sees "
        "and asks torch.cuda for their compute capability; the build runs where no GPU is visible (`docker build`, "
        "which has no GPU, a CPU-only CI runner or login node, CUDA_VISIBLE_DEVICES empty), so it stops with 'Found "
        "no NVIDIA driver', 'No CUDA GPUs are available' or an IndexError on an empty architecture list. Nothing is "
        "wrong with the driver of the machine that will run it.",
        'Tell the build which GPUs to compile for instead of detecting them: `export TORCH_CUDA_ARCH_LIST="7.5;8.0;'
        '8.6;8.9;9.0+PTX"` (the compute capabilities of the GPUs that will run it; `nvidia-smi '
        "--query-gpu=compute_cap --format=csv` on such a machine), in a Dockerfile as `ENV TORCH_CUDA_ARCH_LIST=...` "
        "before the pip install / setup.py step (FORCE_CUDA=1 too for packages such as detectron2, mmcv or "
        "torchvision that skip CUDA without a GPU); or build on a machine whose GPU is visible.",
        requires=r"Found no NVIDIA driver|No CUDA GPUs are available|list index out of range|arch_list\[-1\]"
        r"|CUDA driver initialization failed|no CUDA-capable device",
        op=r"(Found no NVIDIA driver|No CUDA GPUs are available|IndexError: list index out of range)",
        weight=91,
        applies="torch.utils.cpp_extension CUDA builds without TORCH_CUDA_ARCH_LIST (docker build, CPU CI)",
        shown_by=(f"{_R15}::test_build_without_a_visible_gpu_needs_an_arch_list",),
        example='  File "torch/utils/cpp_extension.py", line 1561, in _get_cuda_arch_flags\n    capability = '
        "torch.cuda.get_device_capability()\nRuntimeError: Found no NVIDIA driver on your system.",
        example_source="torch/utils/cpp_extension.py (_get_cuda_arch_flags, torch 1.x-2.x)",
    ),
    KnownError(
        "build-nvcc-unknown-option",
        "nvcc fatal : Unknown option '-X' (an nvcc older than the flags the build passes, or a host compiler's flag "
        "passed to nvcc unwrapped)",
        r"nvcc fatal\s{0,4}: Unknown option ['\"]?-{1,2}[\w=+.-]{1,60}",
        "The build passes nvcc an option its release does not have: torch 1.8+ builds extensions with ninja and "
        "-generate-dependencies-with-compile (nvcc 10.2+), newer torch adds --threads / -std=c++17 (CUDA 11+), so "
        "the nvcc found (CUDA_HOME, PATH, /usr/local/cuda) is an older toolkit than the torch's CUDA; or a "
        "Makefile written for a newer CUDA; or a host compiler's flag (-W..., -f..., -m...) that the build hands "
        "nvcc without -Xcompiler.",
        "Build with the CUDA toolkit of torch's own CUDA (`python -c 'import torch; print(torch.version.cuda)'`; "
        "`nvcc --version` must show it): `export CUDA_HOME=/usr/local/cuda-<that version>` and put its bin first on "
        "PATH; for -generate-dependencies-with-compile alone, building without ninja also works "
        "(`cmdclass={'build_ext': BuildExtension.with_options(use_ninja=False)}`), then rebuild from a clean tree.",
        variants=(
            # issue 36, round forty-seven: the option comes from a Rust crate's build script (the cc crate's nvcc
            # command, cargo's build-script output): the crate's command line, not torch's
            Variant(
                r"did not execute successfully|failed to run custom build command|build-script-build|\bcargo\b"
                r"|build\.rs\b",
                "a Rust crate's build script (the cc crate running nvcc)",
                "The crate's build script passed these flags: its build.rs put an option on nvcc's command line that "
                "this nvcc does not take (a -static meant for the C compiler, or an option of a newer nvcc). Update "
                "the crate first: its fixed release (`cargo update -p <crate>`, or a newer version in Cargo.toml) or "
                "its git main, then `cargo clean -p <crate>` and build again; only if the newest crate still passes "
                "it, update the CUDA toolkit to one that knows the option (`nvcc --version`), and report the "
                "command line to the crate.",
                strict=True,
            ),
            # issue 36, round forty-seven: a host compiler's flag (gcc / clang warnings -W..., code generation -f...,
            # target -m...) that the build hands nvcc itself instead of through -Xcompiler: no nvcc release knows it
            Variant(
                r"nvcc fatal\s{0,4}: Unknown option ['\"]?-(?:W(?!no-deprecated|reorder\b|default-stream-launch"
                r"|missing-launch-bounds|ext-lambda|error=(?:cross|all|reorder|deprecated|default))"
                r"|f(?!tz\b|tz=|mad|prec-|atbin|orward-|device-)|m(?!32\b|64\b|axrregcount|achine))[\w=+.-]{1,60}",
                "a host compiler's flag (-W... / -f... / -m...) passed to nvcc without -Xcompiler",
                "The option is the host C++ compiler's (a gcc / clang warning, code-generation or target flag), not "
                "nvcc's, so no nvcc release accepts it: the project's build adds its C++ flags to the CUDA sources "
                "too, unwrapped (often only the first one carries -Xcompiler). Wrap them for nvcc: in CMake add "
                "them as `$<$<COMPILE_LANGUAGE:CXX>:-Wall ...>` and pass them to CUDA as "
                "`$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,...>` (or `-forward-unknown-to-host-compiler`, "
                "CUDA 10.2+); in a Makefile / setup.py put them after `-Xcompiler` (nvcc's extra_compile_args). "
                "Simpler: update the project (or the third-party CMake it vendors) to a revision that wraps "
                "them, or drop the flag from the CUDA flags; then rebuild from a clean build folder.",
                strict=True,
                sure=True,
            ),
        ),
        op=r"Unknown option ['\"]?(-{1,2}[\w=+.-]{1,60})",
        weight=87,
        applies="nvcc in torch.utils.cpp_extension (ninja) and Makefile / CMake builds",
        shown_by=(f"{_R15}::test_nvcc_older_than_the_build_flags",),
        example="nvcc fatal   : Unknown option '-generate-dependencies-with-compile'",
        example_source="torch/utils/cpp_extension.py (_write_ninja_file, torch 1.8+) run with nvcc 10.1",
    ),
)

FAMILIES = FAMILIES + _ROUND15


#: cuDNN API that a major release removed, as compilers name it: cuDNN 8 dropped the convolution algorithm-preference
#: query (cudnnGetConvolution*Algorithm, the cudnnConvolution*Preference_t enums and their *_NO_WORKSPACE /
#: *_PREFER_FASTEST / *_SPECIFY_WORKSPACE_LIMIT values) and cudnnSetRNNDescriptor (cuDNN 8.0 API changes; the
#: oneDNN and OpenCV ports to cuDNN 8); cuDNN 9 dropped the RNN API of cuDNN 6 / 7 (cudnnRNNForwardInference and the
#: calls around it, written from memory of the cuDNN 9.0 API changes)
_CUDNN8_REMOVED = (
    r"cudnnGetConvolution(?:Forward|BackwardFilter|BackwardData)Algorithm"
    r"|cudnnConvolution(?:Fwd|BwdFilter|BwdData)Preference_t"
    r"|CUDNN_CONVOLUTION_(?:FWD|BWD_FILTER|BWD_DATA)_(?:NO_WORKSPACE|PREFER_FASTEST|SPECIFY_WORKSPACE_LIMIT)"
    r"|cudnnSetRNNDescriptor"
)
_CUDNN9_REMOVED = (
    r"cudnnRNN(?:Forward(?:Inference|Training)|Backward(?:Data|Weights))|cudnnSetRNNDescriptor_v6"
    r"|cudnnGetRNN(?:ParamsSize|WorkspaceSize|TrainingReserveSize|LinLayerMatrixParams|LinLayerBiasParams)"
)
_CUDNN_REMOVED = rf"(?:{_CUDNN8_REMOVED}|{_CUDNN9_REMOVED})(?!\w)"

#: Old stacks in their tools' own words (issue 36, round twenty-five): TensorFlow's Bazel CUDA autoconfiguration
#: (third_party/gpus/cuda_configure.bzl's auto_configure_fail: "Cuda Configuration Error: ..."), and code written for
#: an older cuDNN API compiled against a cuDNN that removed it.
_ROUND25: tuple[KnownError, ...] = (
    KnownError(
        "build-tf-cuda-configure",
        "Cuda Configuration Error: Cannot find ... (TensorFlow's Bazel CUDA autoconfiguration before the build)",
        r"Cuda Configuration Error: [^\n]{0,300}"
        # find_cuda_config.py (TensorFlow 1.14 and later): "Could not find any cudnn.h matching version '8' in any
        # subdirectory: ..."
        r"|Could not find any [\w.]{1,40} matching version '[\d.]{0,12}' in any subdirectory"
        r"|Building with --config=cuda but TensorFlow is not configured to build with GPU support",
        "TensorFlow's source build (./configure, then bazel build) sets up its CUDA toolchain first "
        "(third_party/gpus/cuda_configure.bzl): it looks for the toolkit, cuDNN and their files at the paths and "
        "versions ./configure recorded (TF_CUDA_VERSION, TF_CUDNN_VERSION, CUDA_TOOLKIT_PATH, CUDNN_INSTALL_PATH in "
        ".tf_configure.bazelrc) and stops before compiling when one is missing: the versions given are not the ones "
        "installed, the paths are wrong, or the CUDA / cuDNN is of another generation than this TensorFlow source "
        "tree expects.",
        "Check what is installed (`nvcc --version`; cuDNN: `grep -A2 'define CUDNN_MAJOR' "
        "/usr/include/cudnn*.h`), rerun ./configure with exactly those versions and paths, `bazel clean --expunge`, "
        "then build again; if the installed CUDA / cuDNN are not ones this TensorFlow release supports (its "
        "tested-build table), build the release that does (git checkout its tag) or install the CUDA it needs.",
        variants=(
            Variant(
                r"Cannot find libdevice\.10\.bc",
                "libdevice.10.bc missing: a CUDA older than the TensorFlow source tree",
                "This TensorFlow source tree expects CUDA 9 or newer: CUDA 9 merged the per-architecture "
                "libdevice.compute_XX.10.bc files into one nvvm/libdevice/libdevice.10.bc, which CUDA 8 does not "
                "have. Build the TensorFlow release written for your CUDA 8 (check out the tag the build script or "
                "guide names, one whose tested build lists CUDA 8 and your cuDNN), or install CUDA 9+ (on a Jetson: "
                "a JetPack that ships it) and rerun ./configure. A libdevice.10.bc symlink to a compute_XX file only "
                "hides the mismatch (the rest of the tree may still need CUDA 9).",
            ),
            Variant(
                r"does not match TF_(?:CUDA|CUDNN)_VERSION",
                "./configure was given another version than the one installed",
                "./configure recorded a CUDA or cuDNN version (TF_CUDA_VERSION / TF_CUDNN_VERSION) that is not the "
                "one installed at the path given: rerun ./configure with the version the message detected (or "
                "point it at the install of the version you meant), `bazel clean --expunge`, and build again.",
            ),
            Variant(
                r"Cannot find line containing '#define CUDNN_MAJOR'|cudnn\.h matching version '[89]",
                "cuDNN 8 or newer with an older TensorFlow tree",
                "cuDNN 8 moved its version defines from cudnn.h to cudnn_version.h, which older TensorFlow "
                "configure scripts do not read: build a TensorFlow release that supports cuDNN 8 (2.3 and later), "
                "or install the cuDNN 7 this tree was written for (with its CUDA) and rerun ./configure.",
            ),
        ),
        op=r"Cuda Configuration Error: ([^\n]{1,160})",
        # kern-numba-nvvm-missing, whose "Cannot find libdevice" this text shares, rules itself out on these lines
        weight=90,
        applies="TensorFlow source builds with Bazel (./configure, bazel build --config=cuda), 1.x and 2.x",
        shown_by=(f"{_R25}::test_tensorflow_bazel_cuda_configuration",),
        example="Cuda Configuration Error: Cannot find libdevice.10.bc under /usr/local/cuda-8.0",
        example_source="TensorFlow's third_party/gpus/cuda_configure.bzl (auto_configure_fail, "
        "_find_nvvm_libdevice_dir, _cuda_version, _cudnn_version, _find_cuda_lib; 1.x)",
    ),
    KnownError(
        "build-cudnn-api-removed",
        "cudnnGetConvolutionForwardAlgorithm / CUDNN_CONVOLUTION_FWD_SPECIFY_WORKSPACE_LIMIT undeclared (code "
        "written for an older cuDNN API)",
        rf"{_Q}{_CUDNN_REMOVED}{_Q}? (?:undeclared|was not declared in this scope|has not been declared"
        r"|does not name a type)"
        rf"|implicit declaration of function {_Q}{_CUDNN_REMOVED}{_Q}"
        rf"|identifier \"{_CUDNN_REMOVED}\" is undefined"
        rf"|use of undeclared identifier {_Q}{_CUDNN_REMOVED}{_Q}"
        # cuDNN 6 gave cudnnSetConvolution2dDescriptor a compute-type argument: code for cuDNN 5 and older
        rf"|too few arguments to function {_Q}?(?:cudnnStatus_t )?cudnnSetConvolution2dDescriptor\b",
        "The code calls cuDNN API that the installed cuDNN no longer has: cuDNN 8 removed the convolution "
        "algorithm query by preference (cudnnGetConvolutionForwardAlgorithm, ...BackwardFilterAlgorithm, "
        "...BackwardDataAlgorithm and their *_PREFER_FASTEST / *_SPECIFY_WORKSPACE_LIMIT / *_NO_WORKSPACE "
        "preferences) and cudnnSetRNNDescriptor; cuDNN 9 removed the RNN API of cuDNN 6 / 7; cuDNN 6 added an "
        "argument to cudnnSetConvolution2dDescriptor. The project was written for an older cuDNN than the one it "
        "builds against (a newer JetPack, CUDA image or system cuDNN).",
        "Build a version of the project ported to the installed cuDNN (its newer release or a maintained "
        "fork), or port the calls: cudnnGetConvolutionForwardAlgorithm_v7 (it returns a ranked "
        "list: take the first result whose memory fits the workspace limit) or cudnnFindConvolutionForwardAlgorithm, "
        "the same for BackwardFilter / BackwardData; cudnnSetRNNDescriptor -> cudnnSetRNNDescriptor_v6 (or _v8). "
        "Or build against the cuDNN the code was written for (cuDNN 7 with its CUDA), or without cuDNN (the "
        "project's CUDNN=0 / -DWITH_CUDNN=OFF switch, slower). The compiler's 'did you mean' hint names another "
        "enum value: it compiles but is no port.",
        variants=(
            Variant(
                rf"(?:{_CUDNN9_REMOVED})(?!\w)",
                "cuDNN 9: the RNN API of cuDNN 6 / 7",
                "cuDNN 9 removed the RNN calls of cuDNN 6 / 7 (cudnnRNNForwardInference / Training, "
                "cudnnRNNBackwardData / Weights, cudnnSetRNNDescriptor_v6, cudnnGetRNNParamsSize and the calls "
                "around them): port them to the cuDNN 8 RNN API (cudnnSetRNNDescriptor_v8, cudnnRNNForward, "
                "cudnnRNNBackwardData_v8, cudnnRNNBackwardWeights_v8, cudnnGetRNNWeightSpaceSize, "
                "cudnnGetRNNTempSpaceSizes), use a release of the project ported to cuDNN 9, or build against "
                "cuDNN 8 (its CUDA 11 / 12 build).",
            ),
            Variant(
                r"cudnnSetConvolution2dDescriptor",
                "cuDNN 6+: cudnnSetConvolution2dDescriptor's compute type",
                "cuDNN 6 added a compute-type argument (cudnnDataType_t, last) to cudnnSetConvolution2dDescriptor; "
                "code written for cuDNN 5 and older (old Caffe and its forks) passes one argument fewer. Use the "
                "project's release that supports cuDNN 6+ (Caffe: 1.0 and later), or add the data type to the call "
                "(guarded by CUDNN_MAJOR >= 6), or build against cuDNN 5 with its CUDA 8.",
            ),
            Variant(
                DARKNET,
                "darknet",
                "The original pjreddie darknet was never ported to cuDNN 8: build AlexeyAB's darknet fork (it uses "
                "the _v7 / Find calls and builds with cuDNN 8 and 9, same Makefile switches), or keep this tree "
                "with CUDNN=0 in its Makefile (slower), or build it against cuDNN 7 (an older JetPack / CUDA image).",
            ),
        ),
        op=rf"({_CUDNN_REMOVED}|cudnnSetConvolution2dDescriptor)",
        weight=88,
        applies="C / C++ / CUDA code written for cuDNN 7 or older built against cuDNN 8+ (darknet, old Caffe, "
        "OpenCV's and dlib's releases before their cuDNN 8 ports), or for cuDNN 8's RNN API against cuDNN 9",
        shown_by=(f"{_R25}::test_code_for_an_older_cudnn_api",),
        example="./src/convolutional_layer.c:153:13: error: 'CUDNN_CONVOLUTION_FWD_SPECIFY_WORKSPACE_LIMIT' "
        "undeclared (first use in this function)",
        example_source="cuDNN 8.0 API changes (removed cudnnGetConvolution*Algorithm and the *Preference_t enums); "
        "gcc's and nvcc's undeclared-identifier wording",
    ),
    # issue 36, round thirty-two: LLVM's linker checks, for an executable, that the undefined symbols of the shared
    # libraries it links are defined by one of the link's libraries (--no-allow-shlib-undefined, its default for
    # executables): a prebuilt library whose symbol comes from a library it does not list (libpthread / libdl /
    # librt of a glibc before 2.34, another copy of libstdc++) stops the link, where GNU ld usually lets it through
    KnownError(
        "link-lld-shlib-undefined",
        "ld.lld: error: lib….so: undefined reference to X [--no-allow-shlib-undefined] (a prebuilt shared library's "
        "symbol that nothing in the link defines)",
        # (a build tool may wrap the line after "undefined reference")
        r"undefined reference\s{1,40}to [^\n]{1,300}\[--no-allow-shlib-undefined\]",
        "LLVM's linker (ld.lld, used by clang with -fuse-ld=lld or as the system linker) checks when it links an "
        "executable that every undefined symbol of the shared libraries on the link line is defined by one of "
        "them. A prebuilt library (libtorch's libc10.so / libtorch_cpu.so from the pip wheel, a vendor SDK) uses a "
        "symbol it does not bring itself and does not list the library of (pthread_* / dl* in libpthread / libdl "
        "of a glibc before 2.34, a libstdc++ symbol newer than the system's): GNU ld lets that through and the "
        "loader resolves it at run time, lld stops.",
        "Give the link what defines the symbol, or let the loader resolve it: link the system library it comes "
        "from (pthread_* : `-pthread` / CMake's Threads::Threads; dlopen / dlsym: `-ldl`; clock_* / shm_*: `-lrt`), "
        "or relax lld's check for the prebuilt library (`-Wl,--allow-shlib-undefined`, e.g. "
        "CMAKE_EXE_LINKER_FLAGS), or link with GNU ld (`-fuse-ld=bfd`, or gcc instead of clang). If the symbol is "
        "one the system's glibc / libstdc++ does not have at all (`nm -D /lib/x86_64-linux-gnu/libc.so.6 | grep "
        "<symbol>`), the prebuilt library was built for a newer system: use a build of it for this one (libtorch "
        "built from source here, or a newer OS / container image).",
        variants=(
            Variant(
                r"undefined reference to (?:pthread_\w{1,40}|dl(?:open|sym|close|error|addr|info|vsym)"
                r"|clock_\w{1,20}|shm_(?:open|unlink)|sem_\w{1,20})\b[^\n]{0,40}\[--no-allow-shlib-undefined\]",
                "a glibc thread / loader symbol (libpthread, libdl, librt)",
                "The symbol is one of glibc's thread, loader or realtime functions (pthread_*, dl*, clock_* / shm_*), "
                "which a glibc before 2.34 keeps in libpthread / libdl / librt, not libc: the prebuilt library "
                "(libtorch's libc10.so, for one) was built on a newer glibc, where libc has them, so it does not list "
                "those libraries, and lld wants them on the link line. Add them to the executable's link "
                "(`-pthread -ldl -lrt`; CMake: `find_package(Threads)` and `target_link_libraries(<target> "
                "Threads::Threads ${CMAKE_DL_LIBS} rt)`), or pass `-Wl,--allow-shlib-undefined` (the loader finds "
                "them at run time, since libc pulls them in), or link with GNU ld (`-fuse-ld=bfd` / gcc).",
            ),
        ),
        weight=80,
        applies="executables linked with LLVM's lld (clang, -fuse-ld=lld) against prebuilt shared libraries "
        "(libtorch, vendor SDKs), glibc systems",
        shown_by=(_R32("test_lld_shared_library_undefined_symbol"),),
        example="ld.lld: error: /opt/venv/lib/python3.10/site-packages/torch/lib/libc10.so: undefined reference to "
        "pthread_setname_np [--no-allow-shlib-undefined]",
        example_source="LLVM lld ELF/Writer.cpp (reportUndefined for shared libraries' symbols: 'undefined reference "
        "to <symbol> [--no-allow-shlib-undefined]', as lld's own tests check it)",
    ),
)

FAMILIES = FAMILIES + _ROUND25

# ---- issue 36, round thirty-three: CUDA crates built by cargo (build.rs with the cc crate) ----
_R33 = tests_in("tests/troubleshooting/test_round33_v33zk.py")
#: a build (cargo's build script, CMake, a configure script, setup.py) in a text
_A_BUILD = (
    r"build\.rs\b|build-script-build|failed to run custom build command|\bcargo\b|CMake|cmake|\bnvcc\b|setup\.py"
    r"|\bconfigure\b|\bmake\b|\bninja\b|\bspack\b"
)
#: the cc crate (cc-rs) reporting that nvcc exited with an error: its older "Command \"nvcc\" ... with args \"nvcc\"
#: did not execute successfully (status code exit code: 2)." and its newer "command did not execute successfully
#: (status code exit status: 1): ... \"nvcc\" ..." (cc-rs src/command_helpers.rs, ToolExecError)
_CC_RS_NVCC = (
    r"Command \"(?:[^\"\n]{0,300}[\\/])?nvcc(?:\.exe)?\"[^\n]{0,20000}?did not execute successfully"
    r"|did not execute successfully \(status code[^)\n]{0,40}\):[^\n]{0,300}?\"(?:[^\"\n]{0,300}[\\/])?nvcc(?:\.exe)?\""
)
#: Windows / MSVC in such a build: nvcc's host compiler cl.exe, an MSVC folder, a drive-letter path
_MSVC_BUILD = r"\bcl\.exe\b|[\\/]MSVC[\\/]|Microsoft Visual Studio|-ccbin=?\"?[A-Za-z]:\\|x86_64-pc-windows-msvc"

_ROUND33: tuple[KnownError, ...] = (
    KnownError(
        "build-cuda-toolkit-too-old",
        "A build refuses the CUDA toolkit as older than its minimum (a build.rs 'Unsupported CUDA version X < Y', "
        "'nvcc version X is too old', 'CUDA X.Y or newer is required')",
        # sppark's build.rs (and the GPU prover crates that copy it): panic!("Unsupported CUDA version {} < 11.4", v),
        # with v read from `nvcc --version`; the other two wordings are the common forms of the same check (written
        # from memory, not from one project's source)
        r"Unsupported CUDA version \d{1,2}(?:\.\d{1,2})? < \d{1,2}(?:\.\d{1,2})?"
        r"|\bnvcc(?: version)? v?\d{1,2}\.\d{1,2}(?:\.\d{1,3})? is too old"
        r"|\bCUDA(?: toolkit)?(?: version)? \d{1,2}\.\d{1,2}(?:\.\d{1,3})? or (?:newer|later|higher|above) is required",
        "The build checks the CUDA toolkit it will compile with (the version `nvcc --version` prints, from the nvcc "
        "first on PATH or named by CUDA_HOME / CUDA_PATH / NVCC) and stops because it is older than the minimum "
        "its CUDA code needs (newer C++ / PTX features, or tested failures with older toolkits): the machine has "
        "an old toolkit, or the build finds an old one ahead of a newer one.",
        "Install a CUDA toolkit at least as new as the message asks (without root: the runfile with `--silent "
        "--toolkit --toolkitpath=$HOME/cuda-<version>`, or conda's cuda-nvcc / cuda-toolkit of that version), keep "
        "a driver new enough for it (`nvidia-smi`'s 'CUDA Version' at least that toolkit's), point the build at "
        "it (`export CUDA_HOME=<toolkit> PATH=<toolkit>/bin:$PATH`, check `nvcc --version`), then rebuild from "
        "a clean state.",
        variants=(
            Variant(
                r"build\.rs\b|build-script-build|failed to run custom build command|\bcargo\b",
                "a Rust crate's build script (build.rs)",
                "The crate's build script (build.rs) ran `nvcc --version` and panicked on the version it read: it "
                "takes the nvcc first on PATH (the cc crate also reads NVCC / CUDA_PATH). Install a toolkit at "
                "least as new as the minimum the panic names (a user-local runfile install with --toolkit "
                "--toolkitpath=$HOME/cuda-<version> needs no root; the driver must serve that CUDA), put it first: "
                "`export PATH=$HOME/cuda-<version>/bin:$PATH CUDA_PATH=$HOME/cuda-<version> "
                "LD_LIBRARY_PATH=$HOME/cuda-<version>/lib64:$LD_LIBRARY_PATH`, check `nvcc --version`, then `cargo "
                "clean -p <crate>` and build again. A build without the GPU feature (the crate's CPU-only build) "
                "avoids the toolkit altogether.",
            ),
        ),
        requires=_A_BUILD,
        op=r"Unsupported CUDA version (\d{1,2}(?:\.\d{1,2})? < \d{1,2}(?:\.\d{1,2})?)",
        weight=88,
        applies="builds that check the CUDA toolkit's version: Rust crates' build.rs (sppark and the GPU provers on "
        "it), CMake and configure scripts",
        shown_by=(_R33("test_toolkit_older_than_the_build_minimum"),),
        example="thread 'main' panicked at sppark/build.rs:67:13:\nUnsupported CUDA version 10.1 < 11.4",
        example_source='sppark build.rs (panic!("Unsupported CUDA version {} < 11.4", v) after nvcc --version)',
    ),
    KnownError(
        "build-cc-rs-nvcc-failed",
        "cargo's cc crate: Command \"nvcc\" ... did not execute successfully (nvcc failed in a Rust crate's build "
        "script; only its exit status shown)",
        _CC_RS_NVCC,
        "A Rust crate's build script compiles its CUDA sources with nvcc through the cc crate, and nvcc (or the host "
        "compiler it runs: gcc, or cl.exe on Windows) failed; the cc crate reports only the command and its exit "
        "status, and nvcc's own error lines are above it in the build script's output (printed as `cargo:warning=` "
        "lines, or only with `cargo build -vv`).",
        "Find nvcc's own first error: rerun `cargo build -vv 2>&1 | grep -n -m3 -iE 'error|fatal'` (or read the "
        "--- stdout / --- stderr part of the failed build script above this line), then fix that one: a CUDA "
        "toolkit too old or too new for the host compiler, an architecture the toolkit does not know, a missing "
        "header. The crate's README names the CUDA and compiler it supports.",
        variants=(
            # issue 36, round forty-seven: nvcc's own fatal names a flag of the command line (written from memory:
            # "nvcc fatal : Unknown option '-X'", "Value 'native' is not defined for option 'gpu-architecture'",
            # "Don't know what to do with 'X'"), or the command passes a header file as an include folder: the
            # build script's command line is the bug, not the machine
            Variant(
                r"nvcc fatal\s{0,4}:\s{0,4}(?:Unknown option|Value '[^'\n]{1,40}' is not defined for option"
                r"|Don't know what to do with)"
                r"|\"-I\" \"[^\"\n]{1,300}\.(?:h|hpp|cuh)\"|\"-I[^\"\n]{1,300}\.(?:h|hpp|cuh)\"",
                "the crate's build script passed flags nvcc does not take",
                "The crate's build script passed these flags: nvcc refused its own command line (an option it does "
                "not know, such as a -static or an -arch=native an older nvcc lacks, or a header file given as an "
                "include folder with -I), so no setting of yours fixes it. Update the crate first: its fixed release "
                "(`cargo update -p <crate>`, or a newer version in Cargo.toml) or its git main (`<crate> = { git = "
                '"..." }`), then `cargo clean -p <crate>` and build again with the cuda feature; only if the '
                "newest crate still fails, update the CUDA toolkit to one that takes its flags (`nvcc --version`), "
                "and report the command line to the crate.",
                strict=True,
            ),
            Variant(
                _MSVC_BUILD,
                "Windows (nvcc with MSVC's cl.exe)",
                "On Windows nvcc runs MSVC's cl.exe for the host code, and exit code 2 means cl.exe or nvcc "
                "reported errors that `cargo build -vv` shows above this line. Check first that the crate supports "
                "Windows at all: many CUDA crates build only on Linux, or only "
                "from their repository's newest source; then build on Linux or in WSL2 "
                "with its CUDA, or use the crate's newest source with a Visual Studio release this CUDA supports, "
                "from an 'x64 Native Tools Command Prompt' (cl.exe on PATH), and report the first cl.exe / nvcc "
                "error to the crate if it persists.",
            ),
        ),
        weight=45,
        downstream=True,
        applies="Rust crates built with the cc crate's CUDA support (sppark, GPU provers, cudarc-based kernels)",
        shown_by=(_R33("test_cc_crate_reports_only_nvccs_exit_status"),),
        example='error occurred: Command "nvcc" "-Xcompiler" "-nologo" "-o" "out/src/lib.o" "-c" "src/lib.cpp" with '
        'args "nvcc" did not execute successfully (status code exit code: 2).',
        example_source="cc-rs (the cc crate) ToolExecError: 'Command {cmd:?} with args {program:?} did not execute "
        "successfully (status code {status})', later 'command did not execute successfully (status code {status}): "
        "{cmd:?}'",
    ),
)

_R39 = tests_in("tests/troubleshooting/test_round39_v39engine.py")
#: issue 36, round thirty-nine: a build that needs the cmake executable and finds none
_ROUND39: tuple[KnownError, ...] = (
    KnownError(
        "build-cmake-missing",
        "A build needs the cmake executable and finds none on PATH ('CMake must be installed to build the following "
        "extensions', 'cmake: command not found')",
        # the setup.py of pybind11's cmake_example (and the extensions that copy its CMakeBuild): "CMake must be
        # installed to build the following extensions: <names>"; subprocess running a missing cmake
        # (FileNotFoundError: [Errno 2] No such file or directory: 'cmake'); the shell's "cmake: command not found"
        # / dash's "cmake: not found"; cmd.exe's "'cmake' is not recognized ..."
        r"CMake must be installed to build (?:the following extensions|this package)"
        r"|No such file or directory: '(?:[^'\n]{0,200}[\\/])?cmake(?:\.exe)?'"
        r"|(?:^|\s|: )cmake: (?:command )?not found\b|'cmake' is not recognized as an internal or external command",
        "Building the package (a C++/CUDA extension's setup.py, or a build backend) runs the cmake executable, and "
        "none is on PATH of the shell or environment that builds: not installed, or installed into another "
        "environment (pip's cmake package in a virtual environment that is not active).",
        "Install CMake where the build runs and make sure `cmake --version` works in that same shell: `python -m pip "
        "install cmake` in the active environment (or conda install cmake, or the system's package: apt install "
        "cmake), then build again; a module the build would have provided (an optional extension) "
        "imports only after the build succeeds.",
        weight=86,
        applies="source builds of C++/CUDA extensions that use CMake (setup.py CMakeBuild, scikit-build)",
        shown_by=(_R39("test_a_build_without_cmake_ranks_above_the_optional_import"),),
        example="RuntimeError: CMake must be installed to build the following extensions: diffvg",
        example_source="pybind11's cmake_example setup.py (CMakeBuild.run), copied by many extensions' setup.py",
    ),
)
FAMILIES = FAMILIES + _ROUND33 + _ROUND39

_R36 = tests_in("tests/troubleshooting/test_round36_v36research.py")

# issue 36, round thirty-six: CMake configure errors of a CUDA build on its generator and its imported targets
FAMILIES = FAMILIES + (
    KnownError(
        "cmake-cuda-32bit-generator",
        "CUDA build configured for 32-bit Windows (a Visual Studio generator without Win64 / -A x64)",
        # Caffe2 / PyTorch's cmake/public/cuda.cmake ("CUDA support not available with 32-bit windows. Did you forget
        # to set Win64 in the generator target?"); nvcc refusing 32-bit host compilation (written from memory)
        r"CUDA support not available with 32-bit windows|Did you forget to set Win64 in the generator target"
        r"|nvcc fatal\s{0,3}: 32 bit compilation is only supported for Microsoft Visual Studio",
        "CMake was run with a 32-bit target platform (an old Visual Studio generator's default, Win32), and CUDA "
        "(and torch's CUDA build) exists only for 64-bit Windows, so the configure step stops.",
        'Configure for x64: give the generator a 64-bit platform (`cmake -G "Visual Studio 17 2022" -A x64`; before '
        'VS 2019 the generator name carries it: "Visual Studio 15 2017 Win64"), or for a setup.py / build script '
        "that runs CMake set it in the shell first (`set CMAKE_GENERATOR=Visual Studio 15 2017 Win64`, or "
        "CMAKE_GENERATOR_PLATFORM=x64 with CMake 3.15+), from an 'x64 Native Tools Command Prompt'; delete the old "
        "build folder (CMakeCache.txt keeps the platform) and configure again.",
        weight=70,
        applies="CMake CUDA builds on Windows (PyTorch / Caffe2 source builds, projects that bundle them)",
        shown_by=(_R36("test_cmake_configure_errors_in_cmakes_words"),),
        example="CMake Error at cmake/public/cuda.cmake:278 (message):\n  CUDA support not available with 32-bit "
        "windows.  Did you forget to set\n  Win64 in the generator target?",
        example_source="pytorch cmake/public/cuda.cmake (the 32-bit Windows check)",
    ),
    KnownError(
        "cmake-imported-target-missing-path",
        "CMake: Imported target X includes non-existent path in its INTERFACE_INCLUDE_DIRECTORIES (a dependency's "
        "package config names a folder that is not there)",
        r"Imported target \"[^\"\n]{1,120}\" includes non-existent path",
        "The dependency's installed CMake package (XConfig.cmake / XTargets.cmake) lists an include folder that "
        "does not exist: the dependency was built or installed in another configuration than the one its config "
        "describes (without CUDA, so its CUDA headers were never produced), moved or partly deleted after "
        "installation, or its build stopped before installing the headers.",
        "Look at the path CMake names: rebuild and reinstall the dependency so that folder exists (the same "
        "configuration the consumer expects, e.g. with CUDA), or point the consumer at a complete install "
        "(<Name>_DIR / CMAKE_PREFIX_PATH to the right package config); delete the consumer's CMakeCache.txt and "
        "configure again.",
        variants=(
            Variant(
                r"includes non-existent path[\s\S]{0,400}?[\\/](?:THC|THCUNN|cuda|cudnn|nccl|c10[\\/]cuda)\b",
                "the missing folder is a CUDA one (the dependency built without CUDA)",
                "The missing folder holds the dependency's CUDA headers (THC, cuda, c10/cuda), which its build "
                "makes only with CUDA: the dependency (a bundled or source-built PyTorch / libtorch) was built "
                "without CUDA, most often because its own configure found no CUDA toolkit or stopped on a CUDA "
                "error first (a 32-bit generator on Windows). Read that build's log for its CUDA lines ('USE_CUDA', "
                "'CUDA not found'), rebuild it with CUDA (the toolkit on PATH / CUDA_HOME, a 64-bit generator), or "
                "configure the consumer for a CPU-only build if it supports one.",
            ),
        ),
        weight=60,
        applies="CMake consumers of an installed package config (libtorch / a bundled PyTorch, any imported target)",
        shown_by=(_R36("test_cmake_configure_errors_in_cmakes_words"),),
        example='CMake Error in src/CMakeLists.txt:\n  Imported target "Torch" includes non-existent path\n'
        '    "/opt/pytorch/torch/lib/tmp_install/include/THC"\n  in its INTERFACE_INCLUDE_DIRECTORIES.',
        example_source='CMake cmGeneratorTarget (checkInterfaceIncludeDirs: \'Imported target "X" includes '
        "non-existent path')",
    ),
)

# ---- issue 36, round forty-two: a CMake configure step that failed inside a setup.py / pip build ----------------
_R42 = tests_in("tests/troubleshooting/test_round42_v42driving.py")

FAMILIES = FAMILIES + (
    KnownError(
        "build-cmake-configure-failed",
        "CMake: -- Configuring incomplete, errors occurred! (see CMakeError.log / CMakeConfigureLog.yaml), often "
        "inside a setup.py or pip build",
        r"^\s{0,8}-- Configuring incomplete, errors occurred!",
        "CMake's configure step failed, so nothing was compiled: a 'CMake Error at <file>:<line>' line above this one "
        "says why (a package or library not found, a CUDA compiler or architecture it cannot use, a CMake older than "
        "the project's cmake_minimum_required), and CMakeError.log (CMakeConfigureLog.yaml from CMake 3.26) holds "
        "the compiler checks that failed. A setup.py that runs CMake (spconv, cumm, many CUDA extensions) then stops "
        "with a Python traceback that says nothing more.",
        "Scroll up to the first 'CMake Error' line and fix what it names (or give explain the whole output, e.g. `pip "
        "install -v . 2>&1 | torchtrt-compat explain -`); open the CMakeError.log the message points at for a failed "
        "check (its last failing compile shows the missing header, library or flag). Check `cmake --version` against "
        "the project's minimum, that nvcc (CUDA_HOME / CMAKE_CUDA_COMPILER) is the toolkit of torch's CUDA, and that "
        "torch's CMake config is found (-DCMAKE_PREFIX_PATH=$(python -c 'import torch; "
        "print(torch.utils.cmake_prefix_path)')); delete the build folder (its CMakeCache.txt) before trying again.",
        variants=(
            Variant(
                r"\bspconv\b",
                "spconv 1.x built from source",
                "spconv 1.x is built from source with CMake against the torch, CUDA and cuDNN of its time (torch up "
                "to about 1.8, with a CMake >= 3.13 and the CUDA toolkit of that torch), and its configure fails on "
                "newer ones or where CMake cannot find the CUDA toolkit or torch's CMake config: read the first "
                "'CMake Error' line and CMakeError.log. Either build it in such an old stack (the versions its "
                "README lists; git clone --recursive for its pybind11 submodule), or use spconv 2.x, which ships "
                "prebuilt wheels per CUDA version (`pip install spconv-cu118`, the suffix of your CUDA) and port the "
                "1.x calls to it (spconv.pytorch; most 3D detection code bases have a 2.x port).",
            ),
        ),
        weight=40,
        downstream=True,
        applies="CMake-driven builds (CMakeLists.txt), incl. setup.py / pip builds that run CMake",
        shown_by=(_R42("test_cmake_configure_failed_inside_setup_py"),),
        example='-- Configuring incomplete, errors occurred!\nSee also "/src/build/temp.linux-x86_64-3.8/CMakeFiles/'
        'CMakeError.log".',
        example_source="CMake's cmake::Configure (the closing line of a failed configure step), CMake 3.x",
    ),
    # issue 36, round forty-seven: cudarc's build.rs maps the toolkit version it read (`nvcc --version`, or the
    # CUDA_ROOT / CUDA_PATH toolkit's headers) to the bindings it ships, and panics on one it does not list:
    # panic!("Unsupported cuda toolkit version: `{v}`. Please raise a github issue."), and for an unknown
    # CUDARC_CUDA_VERSION value "Unsupported cuda toolkit version: `$CUDARC_CUDA_VERSION={version}`" (crates that copy
    # its build script, mistral.rs' kernels among them, print the same)
    KnownError(
        "build-cuda-toolkit-too-new",
        "cudarc's build script does not know the installed CUDA toolkit ('Unsupported cuda toolkit version: `X.Y`. "
        "Please raise a github issue.'): the crate is older than the toolkit",
        r"Unsupported cuda toolkit version: `?(?:\$CUDARC_CUDA_VERSION=[\w.]{0,12}|\d{1,2}\.\d{1,2})`?",
        "The Rust crate cudarc (under candle, candle-kernels and the servers built on them: moshi, mistral.rs, "
        "candle-vllm) ships bindings for a fixed list of CUDA toolkit versions; its build script read the "
        "installed toolkit's version and panicked because that version is newer than any its release lists. "
        "Nothing is wrong with the toolkit: the crate version the project resolved predates it.",
        "Update the crate: `cargo update -p cudarc` (within the version range the project allows), or update the "
        "project that pins it (candle and the server on it) to a release whose cudarc lists this toolkit. Or keep "
        "the crate and build against a toolkit it knows: a newer minor of a major it lists (12.N+1 where it stops "
        "at 12.N): newer cudarc reads CUDARC_CUDA_VERSION (the major0minor0 form, e.g. `CUDARC_CUDA_VERSION=12080` "
        "for 12.8: the newest of that major it lists; the toolkit and driver run the older API), older cudarc takes "
        "a `cuda-<major>0<minor>0`-style feature instead of `cuda-version-from-build-system`; a new major (13.x "
        "where it lists "
        "only 12.x, whose libraries have other names): install a toolkit of the major it lists side by side and "
        "point the build at it (`CUDA_ROOT` / `CUDA_PATH` and its bin first on PATH; a newer driver runs it). Then "
        "`cargo clean -p cudarc` and build again.",
        variants=(
            Variant(
                r"\$CUDARC_CUDA_VERSION=",
                "an unknown CUDARC_CUDA_VERSION value",
                "The panic names CUDARC_CUDA_VERSION: the value set is not one this cudarc lists. Use the "
                "major0minor0 form of a version it knows (12.4 is `12040`, 12.8 `12080`, 13.0 `13000`), the newest not "
                "above the installed toolkit, or unset it to let the build script read the toolkit, then `cargo "
                "clean -p cudarc`; a toolkit newer than every listed version needs a newer cudarc (`cargo update -p "
                "cudarc`, or the project's newer release).",
                strict=True,
            ),
            Variant(
                r"rerun-if-env-changed=CUDARC_CUDA_VERSION",
                "a cudarc that reads CUDARC_CUDA_VERSION",
                "This cudarc reads CUDARC_CUDA_VERSION (its build script's output says so). Update the crate "
                "(`cargo update -p cudarc`, or the project's newer release: candle and the server on it) to one that "
                "lists the toolkit; or, for a newer minor of a major it lists, set CUDARC_CUDA_VERSION to the newest "
                "of that major it lists, in the major0minor0 form (`export CUDARC_CUDA_VERSION=12080` for 12.8), "
                "then `cargo clean -p cudarc` and build again; for a new major it does not list (13.x where it stops "
                "at 12.x), install a toolkit of the listed major side by side and point the build at it (CUDA_ROOT / "
                "CUDA_PATH and its bin first on PATH; a newer driver runs it).",
            ),
        ),
        op=r"Unsupported cuda toolkit version: `?(\d{1,2}\.\d{1,2})",
        weight=90,
        applies="Rust crates on cudarc (candle, candle-kernels, moshi, mistral.rs, candle-vllm) built against a "
        "newer CUDA toolkit than the crate knows",
        shown_by=(tests_in("tests/troubleshooting/test_round47_v47ggml.py")("test_cudarc_does_not_know_the_toolkit"),),
        example="thread 'main' panicked at cudarc-0.11.6/build.rs:79:14:\nUnsupported cuda toolkit version: `12.6`. "
        "Please raise a github issue.",
        example_source="cudarc build.rs (cuda_version_from_build_system / the CUDARC_CUDA_VERSION check: "
        "'Unsupported cuda toolkit version: `{v}`. Please raise a github issue.')",
    ),
    # issue 36, round forty-three: a build command whose path holds a space, not quoted, so the tool splits it there:
    # the linker (GNU ld: "cannot find %s: No such file or directory" for an input file) or the compiler driver
    # (gcc's "error: %s: No such file or directory") is then handed the path's second half as a file of its own,
    # which the command line above shows right after a -L / -I flag's first half; or a Windows user folder cut at
    # its space ('C:\\Users\\First')
    KnownError(
        "build-path-with-space",
        "A build command split a path at a space (ld: cannot find <the path's second half>: No such file or directory)",
        _PATH_SPLIT_AT_SPACE,
        "A folder in the build's paths has a space in its name (a mounted drive's label, a Windows user name, "
        "'Program Files' in a tool's path) and the build passes it unquoted (-L / -I flags that "
        "torch.utils.cpp_extension, a Makefile or a setup.py writes), so the linker or compiler receives its two "
        "halves as two arguments: the second half is 'not found', and so are the libraries that folder held.",
        "Move the environment and the project to a path without spaces: create the virtual environment / conda env "
        "(and the checkout) in a folder such as ~/venvs or C:\\venvs (a mount point without spaces: rename the "
        "volume's label or mount it elsewhere), reinstall torch and the package there, delete the half-built output "
        "(build/, or ~/.cache/torch_extensions/<name> for an extension built at first use; set TORCH_EXTENSIONS_DIR "
        "to a path without spaces if the cache itself sits under one) and build again. With a Windows user name "
        "that has a space, point TEMP / TMP and the package caches at a folder without one.",
        weight=90,
        applies="native builds (torch C++/CUDA extensions, setup.py, Makefiles) whose paths hold a space",
        shown_by=(tests_in("tests/troubleshooting/test_round43_v43retrieval.py")("test_a_path_split_at_a_space"),),
        example="c++ x.o -shared -L/home/ann/My Projects/env/lib/python3.12/site-packages/torch/lib -lc10 -o x.so\n"
        "/usr/bin/ld: cannot find Projects/env/lib/python3.12/site-packages/torch/lib: No such file or directory",
        example_source="GNU ld's ldfile.c ('cannot find %s' for a missing input file), gcc's driver ('%s: No such "
        "file or directory'); torch.utils.cpp_extension's ninja link line",
    ),
)

_R47 = tests_in("tests/troubleshooting/test_round47_v47compile.py")

#: issue 36, round forty-seven: the OpenMP runtime a shared library was linked with, not found by the link of a
#: program against it (GNU ld's ldelf.c: "%s, needed by %s, not found (try using -rpath or -rpath-link)"), and the
#: undefined GOMP_* / omp_* symbols that follow; most often conda's compiler_compat/ld, which does not search the
#: system's library folders
_OPENMP_RUNTIME_LIB = r"lib(?:gomp|omp|iomp5)\.so(?:\.\d{1,3}){0,3}"

FAMILIES = FAMILIES + (
    KnownError(
        "build-link-openmp-runtime",
        "The link cannot find the OpenMP runtime (libgomp.so.1, needed by X, not found / undefined reference to "
        "GOMP_... or omp_...)",
        rf"\b{_OPENMP_RUNTIME_LIB}, needed by [^\n]{{1,400}}, not found \(try using -rpath or -rpath-link\)"
        r"|undefined reference to [`'](?:GOMP_\w{1,40}@(?:@)?GOMP_[\d.]{1,8}"
        r"|omp_(?:get|set|in)_\w{1,40}(?:@(?:@)?(?:OMP|VERSION|GOMP)_[\w.]{1,12})?)'",
        "A library of the build was compiled with OpenMP (-fopenmp: ggml / llama.cpp, faiss, many C++ extensions) "
        "and needs the compiler's OpenMP runtime (libgomp for gcc, libomp for clang, libiomp5 for Intel's), but "
        "the link of a program against it does not find that runtime: the linker used does not search the folder "
        "that holds it. Most often it is conda's compiler_compat/ld (a Python build in a conda env passes "
        "-B <env>/compiler_compat), which looks in the env and not in the system's /usr/lib, and the env has no "
        "libgomp; or the final link misses -fopenmp.",
        "Give the link the runtime: install it into the env (`conda install -c conda-forge libgomp` or "
        "`_openmp_mutex`, or the env's own compilers: `conda install -c conda-forge gxx_linux-64`), or build "
        "outside conda's compiler_compat (a venv of the system Python, or move compiler_compat/ld aside so the "
        "system ld is used), or pass the folder that holds it (`-Wl,-rpath-link,/usr/lib/x86_64-linux-gnu`, "
        'LDFLAGS); or build the project with its OpenMP off (ggml / llama.cpp: `CMAKE_ARGS="-DGGML_OPENMP=OFF"`); '
        "a prebuilt wheel of the package avoids the source build.",
        variants=(
            Variant(
                r"compiler_compat",
                "conda's compiler_compat linker",
                "The linker is conda's compiler_compat/ld: it searches the conda env's lib folder, not the "
                "system's, so the libgomp.so.1 that gcc's runtime installs under /usr/lib is not seen. Install it "
                "into the env (`conda install -c conda-forge libgomp`, or the env's compilers `gxx_linux-64` so "
                "compiler and runtime match), or build from a venv of the system Python (no compiler_compat), or "
                'turn the project\'s OpenMP off (ggml / llama.cpp: `CMAKE_ARGS="-DGGML_OPENMP=OFF" pip install '
                "<package> --no-cache-dir`); installing the package's prebuilt wheel avoids the build.",
                strict=True,
                sure=True,
            ),
        ),
        op=rf"\b({_OPENMP_RUNTIME_LIB}), needed by|undefined reference to [`']((?:GOMP|omp)_\w{{1,40}})",
        weight=84,
        applies="native builds linking against an OpenMP-enabled library (ggml / llama.cpp bindings, faiss, C++ "
        "extensions), above all inside conda envs",
        shown_by=(_R47("test_openmp_runtime_not_found_by_the_link"),),
        example="/env/compiler_compat/ld: warning: libgomp.so.1, needed by build/libggml.so, not found (try using "
        "-rpath or -rpath-link)\n/env/compiler_compat/ld: build/libggml.so: undefined reference to "
        "`GOMP_barrier@GOMP_1.0'",
        example_source="GNU ld's ldelf.c ('%s, needed by %pB, not found (try using -rpath or -rpath-link)'), its "
        "undefined-reference error; libgomp's symbol versions (GOMP_1.0, GOMP_4.0)",
    ),
)

# ---- issue 36, round fifty-seven: NVSHMEM missing from a kernel library's build, and a project's own native helper
# that was never compiled ---------------------------------------------------------------------------------------------
_R57 = tests_in("tests/troubleshooting/test_round57_v57.py")
FAMILIES = FAMILIES + (
    KnownError(
        "build-nvshmem-missing",
        'NVSHMEM is not in the build: identifier "nvshmem_malloc" is undefined / undefined reference to '
        "`nvshmem_...` / nvshmem.h: No such file (the project or its generated kernels were built without NVSHMEM)",
        r"\bidentifier \"nvshmemx?_\w{1,60}\" is undefined|\bundefined reference to [`'‘]nvshmemx?_\w{1,60}"
        r"|\bundefined symbol: nvshmemx?_\w{1,60}|\berror: ['‘]nvshmemx?_\w{1,60}['’] was not declared in this scope"
        r"|\bfatal error: nvshmemx?\.h: No such file or directory",
        "The code calls NVSHMEM (NVIDIA's library for GPU-initiated communication between GPUs: nvshmem_malloc, "
        "nvshmem_putmem, nvshmemx_* collectives), and the compiler or linker did not get it: the project was "
        "configured without its NVSHMEM option (a multi-GPU kernel library built for one GPU), or NVSHMEM's headers "
        "and libraries are not on the include and library paths (NVSHMEM_HOME unset, the nvidia-nvshmem wheel's "
        "include / lib folders not passed), so kernels the program compiles or generates see nvshmem_* as "
        "undeclared.",
        "Install NVSHMEM (the nvidia-nvshmem-cu12 / -cu13 wheel for your CUDA major, or NVIDIA's package) and build "
        "the project with it: set NVSHMEM_HOME (or NVSHMEM_DIR / CMAKE_PREFIX_PATH) to the folder that holds "
        "include/nvshmem.h and lib/libnvshmem*, turn on the project's NVSHMEM option (USE_NVSHMEM=1, --nvshmem, "
        "its README's flag), and rebuild from a clean build folder (a cached configuration keeps the old "
        "answer); for kernels the program compiles at run time, the same include and library paths must reach "
        "that compile (its environment variables). Or run the project's single-GPU path, which does not use "
        "NVSHMEM.",
        weight=84,
        applies="multi-GPU kernel libraries built on NVSHMEM (DeepEP, Triton-distributed, flux, Mirage, "
        "NVSHMEM-based MoE all-to-all)",
        shown_by=(_R57("test_cutlass_and_nvshmem_in_a_kernel_librarys_build"),),
        example='/tmp/tmpzbvd219h/test.cu(116): error: identifier "nvshmem_malloc" is undefined',
        example_source="nvcc's EDG front end ('identifier \"X\" is undefined') and the linker's undefined "
        "reference, on NVSHMEM's host API (nvshmem.h: nvshmem_malloc, nvshmemx_*)",
    ),
    KnownError(
        "build-own-native-helper-not-built",
        "A project's own native helper library was not compiled ('Cannot find data_loader shared library'): its "
        "build step was skipped",
        r"^\s{0,8}(?:\w{1,20}: )?Cannot find (?:the )?[\w.-]{1,60} shared library\.?\s*$"
        r"|^\s{0,8}(?:\w{1,20}: )?Could not find (?:the )?compiled [\w.-]{1,60} (?:shared )?library\b",
        "The program loads a shared library of its own (a fast data loader, a C++ helper it loads with ctypes) "
        "from its folder, and the file is not there: the project's compile step (a script, make or CMake in the "
        "repository, named in its README) was not run, ran in another folder, or failed, so there is nothing to "
        "load. The GPU and the Python packages are not the problem.",
        "Run the project's build step for that library from the repository's folder, as its README says (a "
        "compile script, `cmake` then `make`, or `python setup.py build_ext --inplace`), check that it printed no "
        "compiler error and that the .so / .dll it names now exists next to the script that loads it, then run "
        "the program again from that folder.",
        weight=60,
        applies="research code with a native helper loaded through ctypes (training data loaders, engines' bindings)",
        shown_by=(_R57("test_a_projects_own_helper_library_and_an_opencl_self_check"),),
        example="python3 train.py train_data.bin val_data.bin --gpus 1\nCannot find data_loader shared library",
        example_source="a Python program's own message when ctypes finds no compiled helper in its folder (a "
        "training data loader's)",
    ),
)

# ---- issue 36, round fifty-eight: an x86-only compiler flag on an ARM host, and FasterTransformer-style kernels with
# no path for the GPU's architecture ---------------------------------------------------------------------------------
_R58 = tests_in("tests/troubleshooting/test_round58_v58.py")
FAMILIES = FAMILIES + (
    KnownError(
        "build-x86-flags-on-arm",
        "gcc / cc on ARM: unrecognized command line option '-msse2' / '-mavx2' / '-m64' (an x86-only flag in a "
        "build run on aarch64: Jetson, Grace, Apple silicon)",
        r"\b(?:cc|gcc|g\+\+|c\+\+|cc1(?:plus)?|clang\+{0,2})(?:-\d{1,2})?: error: unrecognized (?:command[- ]line )?"
        r"option ['‘`]-m(?:sse\d?(?:\.\d)?|ssse3|avx\w{0,8}|fma|popcnt|bmi2?|f16c|arch=(?:x86-64|haswell|skylake\w*)"
        r"|tune=(?:intel|generic))['’`]"
        r"|\bclang(?:\+\+)?: error: unsupported option ['‘`]-m(?:sse\d?|avx\w{0,8}|fma)['’`] for target "
        r"(?:'|‘|`)(?:aarch64|arm64)",
        "The build passes a compiler flag that exists only for x86 CPUs (-msse2, -mavx2, -mfma: SSE / AVX "
        "vector instructions, usually in a hand-written Makefile or a setup.py's extra_compile_args) and runs on "
        "an ARM machine (a Jetson, Grace, an ARM server or Apple silicon), whose compiler has no such option; the "
        "source files behind it often use x86 intrinsics (<immintrin.h>) as well. The CUDA part is not the problem.",
        "Build the x86-only part on an x86 machine (and copy its output, such as generated data, to the ARM "
        "host), or port it: drop the -msse* / -mavx* flags for aarch64 (a Makefile condition on `uname -m`) and "
        "replace the x86 intrinsics with NEON ones (a translation header such as sse2neon), or use the project's "
        "ARM / Jetson build option if it has one; for pip packages, a wheel built for aarch64.",
        weight=84,
        applies="C / C++ / CUDA projects with x86 vector code, built on aarch64 (Jetson, Grace Hopper, ARM servers, "
        "Apple silicon)",
        shown_by=(_R58("test_x86_flags_on_arm_and_kernels_without_an_arch"),),
        example="cc: error: unrecognized command line option '-msse2'\nmake: *** [Makefile:51: ksw2_ll_sse.o] Error 1",
        example_source="gcc's driver error for an option its target (aarch64) does not have",
    ),
    KnownError(
        "kern-ft-unsupported-arch",
        "[FT][ERROR] Unsupported Arch (FasterTransformer-style CUTLASS kernels with no path for this GPU's "
        "architecture: EETQ, FasterTransformer, TensorRT-LLM's weight preprocessors)",
        r"\[FT\]\[ERROR\] (?:Unsupported Arch|Assertion fail: [^\n]{0,200}Unsupported Arch\b)"
        r"|\bUnsupported Arch Assertion fail: [^\n]{0,300}cutlass",
        "The kernel library (its code comes from FasterTransformer: EETQ, FasterTransformer itself, a TensorRT-LLM "
        "copy) checks the GPU's compute capability before preparing weights or launching a CUTLASS kernel, and this "
        "release has no path for it: a newer GPU (Hopper sm_90, Blackwell) than the release knows, or an older "
        "one below its minimum (the 'arch' list in its cutlass_preprocessors / heuristics).",
        "Use a release of the library that supports this GPU (its release notes or source name the architectures: "
        "a newer EETQ / TensorRT-LLM adds sm_90), rebuilt for that architecture (TORCH_CUDA_ARCH_LIST / "
        "CMAKE_CUDA_ARCHITECTURES including it), or run the quantization or inference on a GPU the release "
        "supports (an A100 for sm_80-only kernels).",
        weight=82,
        applies="FasterTransformer-derived CUTLASS kernels (EETQ, FasterTransformer, projects vendoring them)",
        shown_by=(_R58("test_x86_flags_on_arm_and_kernels_without_an_arch"),),
        example="RuntimeError: [FT][ERROR] Unsupported Arch Assertion fail: /src/EETQ/csrc/cutlass_kernels/"
        "cutlass_preprocessors.cc:125",
        example_source="FasterTransformer's FT_CHECK / TLLM-style assertion in cutlass_preprocessors.cc "
        "(get_arch / 'Unsupported Arch')",
    ),
)

# issue 36, round sixty-four: a compiler that suggests the name it knows
FAMILIES = FAMILIES + (
    KnownError(
        "build-source-name-typo",
        "error: 'X' was not declared in this scope; did you mean 'Y'? (the project's source names something that is "
        "called otherwise at this revision)",
        rf"error: {_Q}\w{{1,80}}{_Q} was not declared in this scope; did you mean {_Q}\w{{1,80}}{_Q}\?",
        "The compiler knows a near name: the source at this revision has a typo, or uses a name that was renamed "
        "in the project or in one of its dependencies' headers (another version of a library than the one it was "
        "written against). Not a toolkit or driver problem.",
        "Build a released version of the project (a tag, not a development branch), or the commit that fixed it "
        "(its issue tracker names it); if the suggested name belongs to a dependency, install the dependency "
        "version the project targets. Fixing the one line to the suggested name works only when the suggestion is "
        "really the same thing.",
        op=rf"{_Q}(\w{{1,80}}){_Q} was not declared in this scope; did you mean",
        loose=True,
        weight=30,
        applies="C / C++ projects built with GCC (CmdStan, native extensions, research code)",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="src/cmdstan/command.hpp:158:33: error: 'open_platform_id' was not declared in this scope; did you "
        "mean 'opencl_platform_id'?",
        example_source="GCC's C++ front end (cp/name-lookup.c: 'was not declared in this scope', with its "
        "spelling suggestion since GCC 6)",
    ),
    KnownError(
        "build-extension-own-symbol-undefined",
        "ImportError: <extension>.so: undefined symbol: _Z... (a function of the extension's own code missing from "
        "this build, not torch's)",
        r"\.so(?:\.\d{1,3})?: undefined symbol: (?!_ZN[KVR]{0,2}(?:2at|3c10|5torch|6caffe2|4c10d|4aten)\d)"
        r"(?![^\n]{0,40}(?:N2at|N3c10|N5torch)\d)_Z\w{1,200}",
        "The compiled extension calls a C++ function that none of the files it was linked from defines: a function "
        "of its own sources compiled out of this build (a CPU-only build that still calls a function defined only "
        "in its .cu file, a source file left out of the extension's sources, a #define that switches the wrong "
        "branch on), or one from a library it was built against and does not link. Not torch's symbols (those are "
        "another torch: extension-abi-mismatch).",
        "Name the function: `c++filt <the _Z... symbol>`, find which source defines it (`grep -rn '<name>' "
        "<extension sources>`), and rebuild so that file is compiled and linked: the configuration that includes "
        "it (the CUDA build when the definition is in a .cu file, or the CPU build without the call), the file "
        "added to the extension's sources, in a clean build folder (`rm -rf build *.egg-info` before `pip install "
        "-v --no-build-isolation .`); or install the project's release that fixed its build (its issue tracker).",
        op=r"undefined symbol: (_Z\w{1,200})",
        loose=True,
        alternatives=("extension-abi-mismatch",),
        weight=55,
        applies="C++ / CUDA extensions (torch.utils.cpp_extension, setuptools, CMake) on Linux",
        shown_by=("tests/troubleshooting/test_round64_v64.py::test_kernel_compilers_and_builds",),
        example="ImportError: /env/lib/python3.7/site-packages/torchac_backend_cpu.cpython-37m-x86_64-linux-gnu.so: "
        "undefined symbol: _Z8free_cdfPt",
        example_source="the dynamic loader's (glibc ld.so) 'undefined symbol' error, as Python's ImportError shows it",
    ),
)
