"""`explain`, round thirteen, Windows and WSL2 hosts (issue 36): each class is checked against the wording of the
library that prints it (MSVC's STL and cl.exe, pip, git, CMake, CPython's multiprocessing and codecs, torch's
TCPStore and DLL loader, onnxruntime's runtime check, huggingface_hub, nvidia-smi / NVML under WSL2, the JVM and
Node's native loaders), with near misses that must not match; the fix must be worded for the product that failed."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_msvc_stl_refuses_an_older_nvcc() -> None:
    cuda = (
        "C:\\Program Files\\Microsoft Visual Studio\\2022\\Community\\VC\\Tools\\MSVC\\14.40.33807\\include\\"
        'yvals_core.h(902): error: static assertion failed with "error STL1002: Unexpected compiler version, '
        'expected CUDA 12.4 or newer."'
    )
    key, fix = first(cuda)
    assert key == "win-msvc-stl-cuda-version" and "12.4" in fix and "-vcvars_ver" in fix
    # the C1189 form of the same check, from a llama-cpp-python build: the fix names its CMAKE_ARGS
    llama = (
        "*** Building llama_cpp\nyvals_core.h(847): fatal error C1189: #error:  STL1002: Unexpected compiler "
        "version, expected CUDA 11.6 or newer."
    )
    key, fix = first(llama)
    assert key == "win-msvc-stl-cuda-version" and "CMAKE_ARGS" in fix
    # near miss: nvcc's own Visual Studio check is another row
    own = "host_config.h(153): fatal error C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the "
    own += "versions between 2017 and 2022 (inclusive) are supported!"
    assert "win-msvc-stl-cuda-version" not in keys(own)


def test_gcc_flags_given_to_cl() -> None:
    key, fix = first("cl : Command line error D8021 : invalid numeric argument '/Wno-sign-compare'")
    assert key == "win-cl-gcc-flags" and "sys.platform" in fix
    key, fix = first("nvcc -Xcompiler -fPIC x.cu\ncl : Command line error D8021 : invalid numeric argument '/Wextra'")
    assert key == "win-cl-gcc-flags" and "-Xcompiler /MD" in fix
    # D9002 is a notice: alone it is warnings only, beside a real error it is not the answer
    notice = explain("cl : Command line warning D9002 : ignoring unknown option '-O3'")
    assert notice.outcome == "warnings-only"
    both = "cl : Command line warning D9002 : ignoring unknown option '-O3'\nLINK : fatal error LNK1181: cannot open "
    both += "input file 'aio.lib'"
    assert first(both)[0] == "build-msvc-lib-not-found"


def test_windows_path_length_limit() -> None:
    pip = (
        "ERROR: Could not install packages due to an OSError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\a"
        "\\\\AppData\\\\Local\\\\Packages\\\\x\\\\tensorflow\\\\include\\\\external\\\\a.h'\nHINT: This error might "
        "have occurred since this system does not have Windows Long Path support enabled. You can find information "
        "on how to enable this at https://pip.pypa.io/warnings/enable-long-paths"
    )
    key, fix = first(pip)
    assert key == "win-long-path" and "LongPathsEnabled" in fix and "venv" in fix
    key, fix = first("error: unable to create file src/deep/path/file.h: Filename too long")
    assert key == "win-long-path" and "core.longpaths" in fix
    key, fix = first("ninja: error: Stat(C:/long/x.obj): Filename longer than 260 characters")
    assert key == "win-long-path" and "short" in fix
    key, fix = first("OSError: [WinError 206] The filename or extension is too long")
    assert key == "win-long-path" and "32767" in fix
    # near miss: Linux's own name limit (ENAMETOOLONG, 255 bytes a name) is no Windows path limit
    assert "win-long-path" not in keys("OSError: [Errno 36] File name too long: '/tmp/" + "a" * 300 + "'")


def test_spawn_without_a_main_guard() -> None:
    text = (
        'Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    for x in loader:\n'
        '  File "C:\\venv\\lib\\site-packages\\torch\\utils\\data\\dataloader.py", line 1040, in __init__\n'
        "    w.start()\nRuntimeError: \n        An attempt has been made to start a new process before the\n"
        "        current process has finished its bootstrapping phase.\n\n        This probably means that you are "
        "not using fork to start your\n        child processes and you have forgotten to use the proper idiom"
    )
    key, fix = first(text)
    assert key == "win-mp-spawn-main-guard" and "num_workers=0" in fix and "__main__" in fix
    yolo = "from ultralytics import YOLO\nRuntimeError: An attempt has been made to start a new process before the "
    yolo += "current process has finished its bootstrapping phase."
    key, fix = first(yolo)
    assert key == "win-mp-spawn-main-guard" and "workers=0" in fix
    # near miss: a process that died in a worker is another failure
    assert "win-mp-spawn-main-guard" not in keys("RuntimeError: DataLoader worker (pid 123) exited unexpectedly")


def test_torch_distributed_libuv_on_windows() -> None:
    text = (
        '  File "C:\\venv\\lib\\site-packages\\torch\\distributed\\rendezvous.py", line 189, in _create_c10d_store\n'
        "RuntimeError: use_libuv was requested but PyTorch was build without libuv support"
    )
    key, fix = first(text)
    assert key == "torch-dist-libuv-windows" and "USE_LIBUV=0" in fix and "gloo" in fix
    # near miss: NCCL missing from the Windows wheel is its own row
    assert first("RuntimeError: Distributed package doesn't have NCCL built in")[0] != "torch-dist-libuv-windows"


def test_visual_cpp_runtime_missing() -> None:
    torch = (
        "Microsoft Visual C++ Redistributable is not installed, this may lead to the DLL load failure.\n"
        "                 It can be downloaded at https://aka.ms/vs/16/release/vc_redist.x64.exe\n"
        'Traceback (most recent call last):\n  File "C:\\venv\\lib\\site-packages\\torch\\__init__.py", line 129\n'
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\venv\\lib\\'
        'site-packages\\torch\\lib\\c10.dll" or one of its dependencies.'
    )
    key, fix = first(torch)
    assert key == "win-vc-runtime-missing" and "Redistributable" in fix
    ort = (
        "C:\\venv\\lib\\site-packages\\onnxruntime\\capi\\_pybind_state.py:28: UserWarning: Please install the 2019 "
        "Visual C++ runtime and then try again. If you've installed the runtime in a non-standard location (other "
        "than %SystemRoot%\\System32), make sure it can be found by setting the correct path."
    )
    found = explain(ort)
    assert found[0].key == "win-vc-runtime-missing" and "vcruntime140_1.dll" in found[0].fix
    assert found[0].product == "onnxruntime"


def test_a_file_in_use_on_windows() -> None:
    text = (
        "ERROR: Could not install packages due to an OSError: [WinError 5] Access is denied: 'C:\\\\venv\\\\Lib\\\\"
        "site-packages\\\\torch\\\\lib\\\\asmjit.dll'\nConsider using the `--user` option or check the permissions."
    )
    key, fix = first(text)
    assert key == "win-file-in-use" and "Jupyter" in fix and "--force-reinstall" in fix
    busy = "PermissionError: [WinError 32] The process cannot access the file because it is being used by another "
    busy += "process: 'C:\\\\Users\\\\a\\\\model.onnx'"
    assert first(busy)[0] == "win-file-in-use"
    # near miss: a folder the user may not write is no file in use
    assert "win-file-in-use" not in keys("PermissionError: [WinError 5] Access is denied: 'C:\\\\Program Files'")


def test_windows_code_page_reading_utf8() -> None:
    text = (
        "  File \"C:\\venv\\lib\\json\\__init__.py\", line 293, in load\nUnicodeDecodeError: 'gbk' codec can't "
        "decode byte 0x80 in position 123: illegal multibyte sequence"
    )
    key, fix = first(text)
    assert key == "win-ansi-codepage" and "PYTHONUTF8=1" in fix and "encoding='utf-8'" in fix
    enc = "UnicodeEncodeError: 'charmap' codec can't encode character '\\u2714' in position 0: character maps to "
    assert first(enc + "<undefined>")[0] == "win-ansi-codepage"
    # near miss: a file that is not UTF-8 read as UTF-8 is not the Windows code page
    bad = "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte"
    assert "win-ansi-codepage" not in keys(bad)


def test_huggingface_hub_symlink_notice() -> None:
    notice = (
        "C:\\venv\\lib\\site-packages\\huggingface_hub\\file_download.py:139: UserWarning: `huggingface_hub` "
        "cache-system uses symlinks by default to efficiently store duplicated files but your machine does not "
        "support them in C:\\Users\\a\\.cache\\huggingface\\hub. Caching files will still work but in a degraded "
        "version that might require more space on your disk."
    )
    assert explain(notice).outcome == "warnings-only"
    # with a failure after it, the failure is the answer
    assert first(notice + "\nRuntimeError: CUDA error: out of memory")[0] != "hf-hub-symlinks-windows-notice"
    key, fix = first("OSError: [WinError 1314] A required privilege is not held by the client: 'a' -> 'b'")
    assert key == "win-symlink-privilege" and "Developer Mode" in fix and "HF_HUB_DISABLE_SYMLINKS" in fix


def test_nvml_under_wsl2() -> None:
    key, fix = first("$ nvidia-smi\nFailed to initialize NVML: GPU access blocked by the operating system")
    assert key == "wsl-nvml-blocked" and "wsl --shutdown" in fix and "Linux NVIDIA driver" in fix
    wsl = (
        "user@PC:~$ uname -r\n5.15.133.1-microsoft-standard-WSL2\nuser@PC:~$ nvidia-smi\nNVIDIA-SMI couldn't find "
        "libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display Driver is properly "
        "installed and present in your system."
    )
    key, fix = first(wsl)
    assert key == "host-nvidia-smi-no-nvml-library" and "/usr/lib/wsl/lib" in fix
    key, fix = first(wsl.split("user@PC:~$ nvidia-smi\n")[1])
    assert key == "host-nvidia-smi-no-nvml-library" and "--gpus all" in fix
    # a Linux driver inside WSL: the mismatch is not fixed by a reboot
    mismatch = "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.104\n"
    key, fix = first(mismatch + "Linux 5.15.133.1-microsoft-standard-WSL2")
    assert key == "host-driver-reboot" and "apt" in fix and "/usr/lib/wsl/lib" in fix
    assert "Reboot" in first(mismatch)[1]
    # near miss: NVML's unknown error in a container is another row, and the harmless ldconfig notice stays one
    assert first("Failed to initialize NVML: Unknown Error")[0] != "wsl-nvml-blocked"
    assert explain("/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link").outcome == (
        "warnings-only"
    )


def test_a_dll_that_failed_to_initialise() -> None:
    text = (
        "OSError: [WinError 1114] A dynamic link library (DLL) initialization routine failed. Error loading "
        '"C:\\Python312\\Lib\\site-packages\\torch\\lib\\c10.dll" or one of its dependencies.'
    )
    key, fix = first(text)
    assert key == "windows-dll-load" and "Redistributable" in fix and "start-up" in fix
    tf = (
        "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic link library (DLL) "
        "initialization routine failed.\n\nFailed to load the native TensorFlow runtime."
    )
    key, fix = first(tf)
    assert key == "windows-dll-load" and "AVX" in fix
    # near miss: a DLL that is not found gets the missing-DLL fix, not the start-up one
    fix = first('OSError: [WinError 126] The specified module could not be found. Error loading "x.dll"')[1]
    assert "start-up" not in fix and "search path" in fix


def test_dll_loads_from_other_languages_and_torch_fbgemm() -> None:
    java = (
        'Exception in thread "main" java.lang.UnsatisfiedLinkError: C:\\Users\\a\\AppData\\Local\\Temp\\'
        "onnxruntime-java1\\onnxruntime_providers_cuda.dll: Can't find dependent libraries"
    )
    key, fix = first(java)
    assert key == "windows-dll-load" and "java" in fix and "PATH" in fix
    node = (
        "Error: The specified module could not be found.\r\n\\\\?\\C:\\app\\node_modules\\onnxruntime-node\\bin\\"
        "napi-v3\\win32\\x64\\onnxruntime_binding.node\n    at Module._extensions..node (node:internal/modules/cjs"
    )
    key, fix = first(node)
    assert key == "windows-dll-load" and "npm" in fix
    fbgemm = (
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Python312\\Lib\\'
        'site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.'
    )
    key, fix = first(fbgemm)
    assert key == "windows-dll-load" and "libomp140" in fix
    # near miss: the JVM's own class loading is no native DLL
    assert "windows-dll-load" not in keys("java.lang.ClassNotFoundException: ai.onnxruntime.OrtEnvironment")


def test_cmake_and_msvc_build_set_up() -> None:
    nmake = (
        'CMake Error: CMake was unable to find a build program corresponding to "NMake Makefiles".  '
        "CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool."
    )
    key, fix = first(nmake)
    assert key == "cmake-no-build-program" and "x64 Native Tools" in fix
    ninja = nmake.replace("NMake Makefiles", "Ninja")
    key, fix = first(ninja)
    assert key == "cmake-no-build-program" and "pip install ninja" in fix
    toolset = (
        "CMake Error at C:/Program Files/CMake/share/cmake-3.27/Modules/CMakeDetermineCompilerId.cmake:503 "
        "(message):\n  No CUDA toolset found."
    )
    key, fix = first(toolset)
    assert key == "build-cmake-no-cuda" and "Visual Studio" in fix
    cxx17 = "C:\\venv\\torch\\include\\c10/util/C++17.h(27): fatal error C1189: #error:  You need C++17 to compile "
    key, fix = first(cxx17 + "PyTorch")
    assert key == "build-cxx-standard" and "/std:c++17" in fix


def test_cmake_without_its_build_program() -> None:
    # the row's own example, in the words of CMake's cmGlobalGenerator
    found = explain(
        'CMake Error: CMake was unable to find a build program corresponding to "Unix Makefiles".  '
        "CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool."
    )
    assert found[0].key == "cmake-no-build-program" and "apt install make" in found[0].fix


def test_msvc_without_the_windows_sdk_or_cuda_integration() -> None:
    key, fix = first("LINK : fatal error LNK1158: cannot run 'rc.exe'")
    assert key == "win-sdk-missing" and "Windows 11 SDK" in fix
    corecrt = "C:\\VS\\include\\crtdefs.h(10): fatal error C1083: Cannot open include file: 'corecrt.h': No such file"
    assert first(corecrt + " or directory")[0] == "win-sdk-missing"
    msb = "error MSB8036: The Windows SDK version 10.0.19041.0 was not found. Install the required version of "
    key, fix = first(msb + "Windows SDK or change the SDK version in the project property pages")
    assert key == "win-sdk-missing" and "WindowsTargetPlatformVersion" in fix
    # near miss: a library's own header is the general header row, not the SDK
    assert first("fatal error C1083: Cannot open include file: 'cudnn.h': No such file or directory")[0] != (
        "win-sdk-missing"
    )
    props = (
        'error MSB4019: The imported project "C:\\Program Files\\Microsoft Visual Studio\\2022\\Community\\MSBuild\\'
        'Microsoft\\VC\\v170\\BuildCustomizations\\CUDA 12.1.props" was not found.'
    )
    key, fix = first(props)
    assert key == "win-cuda-vs-integration" and "visual_studio_integration" in fix
    sdk = (
        'Traceback (most recent call last):\n  File "C:\\venv\\lib\\site-packages\\torch\\utils\\cpp_extension.py", '
        "line 551, in build_extensions\n    raise UserWarning(msg)\nUserWarning: It seems that the VC environment is "
        "activated but DISTUTILS_USE_SDK is not set.This may lead to multiple activations of the VC env.Please set "
        "`DISTUTILS_USE_SDK=1` and try again."
    )
    key, fix = first(sdk)
    assert key == "torch-ext-distutils-use-sdk" and "DISTUTILS_USE_SDK=1" in fix
    key, fix = first("subprocess.CalledProcessError: Command '['where', 'cl']' returned non-zero exit status 1.")
    assert key == "build-msvc-missing"


def test_windows_loader_dialogs_exit_codes_and_crashes() -> None:
    entry = (
        "The procedure entry point cublasLtGetStatusString could not be located in the dynamic link library "
        "C:\\venv\\Lib\\site-packages\\torch\\lib\\cublasLt64_12.dll."
    )
    key, fix = first(entry)
    assert key == "windows-dll-load" and "another version" in fix
    key, fix = first("Process finished with exit code -1073741515 (0xC0000135)")
    assert key == "windows-dll-load"
    key, fix = first("Process finished with exit code -1073741819 (0xC0000005)")
    assert key == "proc-windows-crash-code" and "faulthandler" in fix
    key, fix = first("python.exe exited with code 3221226505 (0xC0000409)")
    assert key == "proc-windows-crash-code" and "libiomp5md.dll" in fix
    # near miss: a clean exit is no crash
    assert keys("Process finished with exit code 0") == []


def test_nvml_queries_that_wsl2_does_not_answer() -> None:
    wsl = "Linux 5.15.90.1-microsoft-standard-WSL2\npynvml.NVMLError_NotSupported: Not Supported"
    key, fix = first(wsl)
    assert key == "nvml-query-not-supported" and "wsl --update" in fix
    key, fix = first("pynvml.NVMLError_NotSupported: Not Supported")
    assert key == "nvml-query-not-supported" and "gpustat" in fix
    # near miss: NVML that cannot start at all is another row
    assert first("pynvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found")[0] != "nvml-query-not-supported"


def test_linux_only_gpu_wheels_asked_for_on_windows() -> None:
    triton = "ERROR: Could not find a version that satisfies the requirement triton==3.1.0 (from versions: none)"
    key, fix = first(triton)
    assert key == "py-pip-no-matching-distribution" and "triton-windows" in fix and "WSL2" in fix
    jax = 'ERROR: No matching distribution found for jax-cuda12-plugin<=0.4.35,>=0.4.35; extra == "cuda12"'
    assert "WSL2" in first(jax)[1]
    # near miss: a package whose name starts alike keeps the general fix
    other = "ERROR: Could not find a version that satisfies the requirement tritonclient (from versions: none)"
    assert "triton-windows" not in first(other)[1]
