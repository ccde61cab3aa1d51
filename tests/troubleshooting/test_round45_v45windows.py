"""`explain`, round forty-five (issue 36, v45windows): GPU deep learning on Windows. MSVC's C2872 'std' error on a
line of torch's own headers (torch 2.6+'s compiled_autograd.h: define USE_CUDA; libtorch 1.x headers), CMake's Visual
Studio generator that finds no (or not the remembered) Visual Studio instance, pip building a source archive in
%TEMP% past the path limit, an old torch's torch._C missing MKL / Intel OpenMP, and nvcc's older "unsupported
Microsoft Visual Studio version! Only the versions 2012, ... are supported!" check. Near misses keep their answers."""

from __future__ import annotations

from _explain import first


def test_msvc_std_ambiguous_in_torch_headers() -> None:
    header = (
        "D:\\envs\\sd\\Lib\\site-packages\\torch\\include\\torch/csrc/dynamo/compiled_autograd.h(1102): error "
        "C2872: 'std': ambiguous symbol\nD:\\envs\\sd\\Lib\\site-packages\\torch\\include\\torch/csrc/dynamo/"
        "compiled_autograd.h(1102): note: could be 'std'\nninja: build stopped: subcommand failed."
    )
    key, fix = first(header)
    assert key == "msvc-std-ambiguous-torch-headers" and "USE_CUDA" in fix and "2.5" in fix
    # a localised MSVC (its own quotes and words)
    key, fix = first(
        "C:/ai/python/lib/site-packages/torch/include\\torch/csrc/dynamo/compiled_autograd.h(988): error C2872: "
        "\u201cstd\u201d: \u4e0d\u660e\u786e\u7684\u7b26\u53f7"
    )
    assert key == "msvc-std-ambiguous-torch-headers" and "USE_CUDA" in fix
    # libtorch 1.x's headers in a Visual Studio project
    key, fix = first("1>C:\\deps\\libtorch\\include\\c10/util/C++17.h(27): error C2872: 'std': ambiguous symbol")
    assert key == "msvc-std-ambiguous-torch-headers" and "::std::" in fix
    # the error line alone (no file named)
    key, fix = first("error C2872: 'std': ambiguous symbol")
    assert key == "msvc-std-ambiguous-torch-headers" and "USE_CUDA" in fix


def test_msvc_std_ambiguous_in_ones_own_file_is_not_torchs() -> None:
    for text in (
        "C:\\work\\app\\src\\solver.cpp(41): error C2872: 'std': ambiguous symbol",
        "C:\\work\\app\\src\\solver.cpp(41): error C2872: 'byte': ambiguous symbol",
        "C:\\work\\ext\\torch_like\\kernel.cpp(9): error C2065: 'ssize_t': undeclared identifier",
    ):
        assert first(text)[0] != "msvc-std-ambiguous-torch-headers", text


def test_cmake_visual_studio_generator_instance() -> None:
    stale = (
        "CMake Error at CMakeLists.txt:5 (project):\n  Generator\n\n    Visual Studio 16 2019\n\n  could not find "
        "specified instance of Visual Studio:\n\n    C:/Program Files (x86)/Microsoft Visual Studio/2019/Enterprise"
        "\n\n-- Configuring incomplete, errors occurred!"
    )
    key, fix = first(stale)
    assert key == "cmake-vs-generator-instance" and "CMakeCache.txt" in fix and "CMAKE_GENERATOR_INSTANCE" in fix
    key, fix = first(
        "CMake Error: Error: generator : Visual Studio 17 2022\nDoes not match the generator used previously: "
        "Visual Studio 16 2019\nEither remove the CMakeCache.txt file and CMakeFiles directory or choose a "
        "different binary directory."
    )
    assert key == "cmake-vs-generator-instance" and "CMakeFiles" in fix
    key, fix = first(
        "CMake Error at CMakeLists.txt:2 (project):\n  Generator\n\n    Visual Studio 17 2022\n\n  could not find any "
        "instance of Visual Studio.\n\n-- Configuring incomplete, errors occurred!"
    )
    assert key == "cmake-vs-generator-instance" and "Desktop development with C++" in fix and "vswhere" in fix


def test_other_cmake_configure_errors_keep_the_configure_answer() -> None:
    key, _ = first(
        "CMake Error at CMakeLists.txt:20 (find_package):\n  Could not find a package configuration file provided "
        'by "Foo"\n-- Configuring incomplete, errors occurred!'
    )
    assert key != "cmake-vs-generator-instance"
    key, _ = first("-- Configuring incomplete, errors occurred!")
    assert key == "build-cmake-configure-failed"


def test_pip_building_a_source_archive_in_temp_past_the_path_limit() -> None:
    text = (
        "Collecting somekernels\n  Downloading somekernels-0.1.tar.gz (7.1 MB)\nERROR: Could not install packages "
        "due to an OSError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\ann\\\\AppData\\\\Local\\\\Temp\\\\"
        "pip-install-q1w2e3r4\\\\somekernels_0a1b\\\\third_party/cutlass/examples/deep/nested/folder/file.cu'\n"
        "HINT: This error might have occurred since this system does not have Windows Long Path support enabled."
    )
    key, fix = first(text)
    assert key == "win-long-path" and "prebuilt wheel" in fix and "TMP=C:\\t" in fix
    build = (
        "  Building wheel for somekernels (setup.py) ... error\n"
        "  error: [WinError 206] The filename or extension is too long"
    )
    key, fix = first(build)
    assert key == "win-long-path" and "32767" in fix  # the command-line variant stays first for WinError 206
    # pip writing into an installed environment (no source build): the venv-folder fix
    key, fix = first(
        "ERROR: Could not install packages due to an OSError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\"
        "ann\\\\venvs\\\\long\\\\Lib\\\\site-packages\\\\pkg\\\\deep\\\\file.py'\nHINT: This error might have occurred "
        "since this system does not have Windows Long Path support enabled."
    )
    assert key == "win-long-path" and "C:\\venv" in fix and "prebuilt wheel" not in fix


def test_old_torch_c_missing_mkl_or_intel_openmp() -> None:
    for text in (
        'File "C:\\Anaconda3\\lib\\site-packages\\torch\\__init__.py", line 78, in <module>\n    from torch._C '
        "import *\nImportError: DLL load failed: The specified module could not be found.",
        "OSError: [WinError 126] The specified module could not be found. Error loading "
        '"C:\\py\\lib\\site-packages\\torch\\lib\\libiomp5md.dll" or one of its dependencies.',
        "ImportError: DLL load failed while importing _multiarray_umath (numpy+mkl wheel): mkl_intel_thread.dll",
    ):
        key, fix = first(text)
        assert key == "windows-dll-load" and "intel-openmp" in fix and "Dependencies" in fix, text
    # a current torch's DLL load (no MKL, Python 3.8+ wording): the DLL-missing fix
    key, fix = first(
        "OSError: [WinError 126] The specified module could not be found. Error loading "
        '"C:\\py\\lib\\site-packages\\torch\\lib\\c10_cuda.dll" or one of its dependencies.'
    )
    assert key == "windows-dll-load" and "intel-openmp" not in fix
    key, fix = first("ImportError: DLL load failed while importing _C: The specified module could not be found.")
    assert key == "windows-dll-load" and "intel-openmp" not in fix


def test_nvcc_refusing_visual_studio_in_cuda_9_and_10_words() -> None:
    text = (
        "c:\\program files\\nvidia gpu computing toolkit\\cuda\\v10.0\\include\\crt/host_config.h(143): fatal error "
        "C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the versions 2012, 2013, 2015 and 2017 "
        "are supported! [C:\\src\\build\\kernels.vcxproj]"
    )
    key, fix = first(text)
    assert key == "build-nvcc-host-compiler" and "-allow-unsupported-compiler" in fix and "-T v141" in fix
    from torchtrt_compat.troubleshooting import explain

    assert "GNU" not in explain(text)[0].title.split("(")[0]
    # the newer wording
    key, fix = first(
        "host_config.h(153): fatal error C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the "
        "versions between 2017 and 2022 (inclusive) are supported!"
    )
    assert key == "build-nvcc-host-compiler" and "Visual Studio Installer" in fix
    # gcc's check keeps its own fix
    key, fix = first("#error -- unsupported GNU version! gcc versions later than 10 are not supported!")
    assert key == "build-nvcc-host-compiler" and "-ccbin" in fix
