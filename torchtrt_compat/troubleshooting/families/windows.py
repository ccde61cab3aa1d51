"""Windows and WSL2 hosts in their own words (issue 36, round thirteen, w1win): MSVC's STL refusing an older nvcc
(STL1002), gcc-style flags given to cl.exe (D8021, and the harmless D9002), Windows' 260-character path limit (pip's
long-path hint, git, ninja, CMake, WinError 206), multiprocessing's spawn start without a ``__main__`` guard, torch's
TCPStore asking for libuv on Windows, the Visual C++ runtime warnings of torch and onnxruntime, a file held open by
another process while pip replaces it, Windows' ANSI code pages reading UTF-8 text, huggingface_hub's symlink notice,
NVML under WSL2 (GPU access blocked, no libnvidia-ml for nvidia-smi) and CMake without its build program. Every
pattern is keyed to the library's own wording, named with its source file in ``example_source``; names, numbers and
paths are read from the text. (DLL load failures of every product, WinError 1114 included, stay in the core
windows-dll-load row, MSVC's linker and compiler in native_build, and WSL2's driver rows in containers, with Windows /
WSL variants there.)
"""

from __future__ import annotations

from ..entry import WSL, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round13_w1win.py"


_test = tests_in(_TESTS)
_R39 = tests_in("tests/troubleshooting/test_round39_v39memory.py")


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "win-msvc-stl-cuda-version",
        "MSVC's STL refuses this nvcc: 'STL1002: Unexpected compiler version, expected CUDA X or newer'",
        r"STL100[12]:? Unexpected compiler version, expected (?:CUDA|Clang|MSVC) [\d.]{1,8} or newer",
        "Visual Studio's C++ standard library (yvals_core.h) checks the compiler that includes it: a Visual Studio "
        "2022 17.10+ toolset (MSVC 14.40+) accepts only CUDA 12.4 or newer as nvcc, so an older CUDA toolkit fails "
        "on every .cu file that includes a standard header, even when nvcc's own Visual Studio check passes.",
        "Use a CUDA toolkit the STL names (12.4 or newer; the CUDA of torch.version.cuda if you build a torch "
        "extension, so install the torch build of that CUDA too), or keep the CUDA and build with an older MSVC "
        "toolset (Visual Studio Installer > Individual components > 'MSVC v143 ... v14.38' or older, then "
        "`vcvars64.bat -vcvars_ver=14.38` before building). Defining _ALLOW_COMPILER_AND_STL_VERSION_MISMATCH "
        "(`-D_ALLOW_COMPILER_AND_STL_VERSION_MISMATCH` for nvcc) silences the check at your own risk.",
        variants=(
            Variant(
                r"llama[_.-]cpp|ggml|CMAKE_ARGS",
                "llama.cpp / llama-cpp-python build",
                "Build llama.cpp (or llama-cpp-python through `set CMAKE_ARGS=-DGGML_CUDA=on`) with CUDA 12.4 or "
                "newer and a clean build folder (`pip install --no-cache-dir --force-reinstall llama-cpp-python`), "
                "or from the developer prompt of an older MSVC toolset (`vcvars64.bat -vcvars_ver=14.38`); a "
                "prebuilt CUDA wheel avoids the compile.",
            ),
        ),
        weight=88,
        applies="Windows: nvcc (CUDA < 12.4) with Visual Studio 2022 17.10+ (MSVC 14.40+) toolsets",
        shown_by=(_test("test_msvc_stl_refuses_an_older_nvcc"),),
        example='yvals_core.h(902): error: static assertion failed with "error STL1002: Unexpected compiler '
        'version, expected CUDA 12.4 or newer."',
        example_source="microsoft/STL stl/inc/yvals_core.h (_EMIT_STL_ERROR(STL1002, ...), commit 2aa944be)",
    ),
    KnownError(
        "win-cl-gcc-flags",
        "cl.exe given gcc / clang flags: 'Command line error D8021 : invalid numeric argument' (Windows)",
        r"Command line error D80(?:21|16|36|45) ?: [^\n]{0,160}",
        "MSVC's compiler driver (cl.exe) was given a gcc / clang option (-Wno-..., -fPIC, -std=c++17, -O3 as "
        "cl reads them) by a build written for Linux: cl stops on the options it cannot parse.",
        "Give cl its own flags on Windows: in setup.py choose them by platform (`if sys.platform == 'win32': "
        "extra_compile_args={'cxx': ['/O2', '/std:c++17'], 'nvcc': [...]}`; gcc-only flags only on Linux), in "
        "CMake set them per compiler (`if(MSVC) target_compile_options(t PRIVATE /W3) else() ... endif()`); or "
        "install the project's Windows wheel, or build it under WSL2.",
        variants=(
            Variant(
                r"nvcc|\.cu\b|-Xcompiler",
                "flags passed on through nvcc",
                "nvcc hands -Xcompiler options to cl.exe on Windows: pass MSVC options there (`-Xcompiler /MD`, "
                "`-Xcompiler /wd4819`) and only gcc ones on Linux; in a torch extension set "
                "extra_compile_args['nvcc'] by platform.",
            ),
        ),
        weight=80,
        applies="Windows builds with MSVC (setup.py, CMake, torch.utils.cpp_extension)",
        shown_by=(_test("test_gcc_flags_given_to_cl"),),
        example="cl : Command line error D8021 : invalid numeric argument '/Wno-sign-compare'",
        example_source="MSVC cl.exe command-line errors D8021 / D8016 (Microsoft C++ compiler, 'Command-Line Error "
        "D8021' reference)",
    ),
    KnownError(
        "win-cl-unknown-option-notice",
        "cl : Command line warning D9002 : ignoring unknown option (harmless)",
        r"Command line warning D9002 ?: ignoring unknown option '?[^\n']{1,80}'?",
        "cl.exe ignores an option it does not know (a gcc flag such as -O3 or -fPIC in a build written for Linux) "
        "and goes on; the build's real error, if any, is elsewhere.",
        "Nothing to fix for this line; read the first 'error' line of the build for a failure. To silence it, "
        "give gcc-only flags only on Linux (in setup.py / CMake, by platform).",
        severity="notice",
        weight=30,
        applies="Windows builds with MSVC",
        shown_by=(_test("test_gcc_flags_given_to_cl"),),
        example="cl : Command line warning D9002 : ignoring unknown option '-O3'",
        example_source="MSVC cl.exe command-line warning D9002 (Microsoft C++ compiler reference)",
    ),
    KnownError(
        "win-long-path",
        "A path longer than Windows' 260-character limit (pip's long-path hint, git 'Filename too long', WinError "
        "206, ninja, CMake)",
        r"does not have Windows Long Path support enabled"
        r"|unable to create file [^\n]{1,400}: Filename too long"
        r"|\[WinError 206\]|The filename or extension is too long"
        r"|Filename longer than 260 characters"
        r"|The maximum full path to an object file is \d{1,4} characters",
        "Windows refuses paths longer than 260 characters (MAX_PATH) unless long paths are enabled for the system "
        "and the program: a deep package tree (torch's and tensorflow's headers, jedi's stubs) under a long user or "
        "venv folder, a build folder nested deep, or a command line longer than Windows allows.",
        "Enable long paths (as administrator: `reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem /v "
        "LongPathsEnabled /t REG_DWORD /d 1 /f`, or Group Policy 'Enable Win32 long paths'), then open a new "
        "terminal; and shorten the paths: a venv or project in a short folder (C:\\venv, C:\\src), not under "
        "Downloads or OneDrive.",
        variants=(
            Variant(
                r"Filename too long",
                "git",
                "Let git use long paths (`git config --system core.longpaths true`, as administrator, or "
                "`--global`), enable long paths in Windows (LongPathsEnabled), and clone into a short folder "
                "(C:\\src\\x).",
            ),
            Variant(
                r"ninja|CMake|object file|CMAKE_OBJECT_PATH_MAX",
                "a build tree (ninja / CMake / MSBuild)",
                "The build's object paths are too long: build from a short folder (C:\\b), with a short build "
                "directory (`cmake -B C:\\b\\build`), or for pip builds set TMP / TEMP to a short folder; enabling "
                "LongPathsEnabled does not help MSBuild and cl.exe, which keep the 260 limit.",
            ),
            Variant(
                r"WinError 206|filename or extension is too long",
                "a command line too long (WinError 206)",
                "A command line passed Windows' 32767-character limit (a link step with many objects, a long "
                "PATH / CLASSPATH): shorten PATH, build from a short folder so the object paths are short, or use "
                "a response file (@args.rsp) for the linker.",
            ),
            # pip building a package from its source archive in its own temporary folder (pip-install-* /
            # pip-req-build-* under %TEMP%): the sdist's deep source tree (third_party submodules) passes the limit
            # there, whatever LongPathsEnabled says (round forty-five)
            Variant(
                r"pip-(?:install|req-build|build-env|wheel)-\w{1,20}[\\/]|Building wheel for|setup\.py bdist_wheel"
                r"|Getting requirements to build wheel|Preparing metadata \(pyproject\.toml\)",
                "pip building a package from its source archive in %TEMP% (pip-install-* / pip-req-build-*)",
                "pip found no prebuilt wheel for this Python / torch / platform and unpacked the package's source "
                "archive (sdist) into its temporary folder under %TEMP% (C:\\Users\\<you>\\AppData\\Local\\"
                "Temp\\pip-install-...), where its deep source tree (third_party submodules) passes 260 characters; "
                "enabling LongPathsEnabled alone often does not help, as the build tools keep the limit. Install a "
                "prebuilt wheel instead: pin a release of the package that has a wheel for your Python, torch and "
                "CUDA (`pip install <package>==<version> --only-binary :all:`; for a package built against torch, "
                "its release built for your torch version), or install torch and the package from the same index. "
                "To build it, give pip a short temporary folder in the same terminal (`mkdir C:\\t`, `set TMP=C:\\t` "
                "and `set TEMP=C:\\t`; PowerShell `$env:TMP = 'C:\\t'; $env:TEMP = 'C:\\t'`), or download the "
                "source to a short folder (C:\\s) and `pip install --no-build-isolation .` there, with long paths "
                "enabled (LongPathsEnabled = 1, a new terminal).",
            ),
            Variant(
                r"Long Path support|pip",
                "pip install",
                "pip could not write a file of a deep package: enable long paths (LongPathsEnabled = 1, as "
                "administrator) and open a new terminal, or create the venv in a short folder (`python -m venv "
                "C:\\venv`); the Microsoft Store Python's AppData\\Local\\Packages folder is especially long, so "
                "use python.org's Python.",
            ),
        ),
        weight=86,
        applies="Windows (any Python package install, git clone, C++ / CUDA build)",
        shown_by=(_test("test_windows_path_length_limit"),),
        example="HINT: This error might have occurred since this system does not have Windows Long Path support "
        "enabled. You can find information on how to enable this at https://pip.pypa.io/warnings/enable-long-paths",
        example_source="pip src/pip/_internal/commands/install.py (create_os_error_message, pip 20.2+); git "
        "compat/mingw.c 'Filename too long'; CMake Source/cmLocalGenerator.cxx (object path warning)",
    ),
    KnownError(
        "win-mp-spawn-main-guard",
        "multiprocessing started a process while the main module was importing (no `if __name__ == '__main__':` "
        "guard; Windows and macOS spawn)",
        r"An attempt has been made to start a new process before the\s{1,12}current process has finished its "
        r"bootstrapping phase"
        # the parent's side of the same failure: starting a worker (DataLoader's w.start(), spawn's
        # popen_spawn_win32 pickling the process object) ends in a broken pipe to the child that died importing the
        # script (issue 36, round fifty-five)
        r"|BrokenPipeError: \[Errno 32\] Broken pipe[\s\S]{0,6000}?(?:\bw\.start\(\)|popen_spawn_win32)"
        r"|(?:\bw\.start\(\)|popen_spawn_win32)[\s\S]{0,6000}?BrokenPipeError: \[Errno 32\] Broken pipe",
        "On Windows (and macOS since Python 3.8) multiprocessing starts workers with spawn: each worker imports the "
        "main script again, so code at its top level that starts processes (a DataLoader with num_workers > 0, a "
        "Pool, a trainer, a library that spawns workers) runs again in the child, which refuses.",
        "Put everything the script runs under `if __name__ == '__main__':` (call a main() from there; add "
        "multiprocessing.freeze_support() first for a frozen .exe), keeping only imports, functions and classes at "
        "the top level.",
        variants=(
            Variant(
                r"DataLoader|num_workers|_MultiProcessingDataLoaderIter|torch[\\/]utils[\\/]data",
                "torch's DataLoader workers",
                "torch's DataLoader with num_workers > 0 starts worker processes, and on Windows each re-imports your "
                "script: move the training / evaluation code into a main() called under `if __name__ == "
                "'__main__':` (and keep the Dataset class at the top level so it pickles), or set num_workers=0.",
            ),
            Variant(
                r"ultralytics|\bYOLO\b",
                "Ultralytics YOLO",
                "Ultralytics' train / val start DataLoader workers: call model.train(...) inside `if __name__ == "
                "'__main__':` in your script, or pass workers=0.",
            ),
            Variant(
                r"\bvllm\b|\bvLLM\b",
                "vLLM",
                "vLLM starts its engine workers with spawn: create the LLM(...) inside `if __name__ == '__main__':` "
                "(a main() function), not at the top level of the script.",
            ),
        ),
        weight=88,
        applies="Python multiprocessing with the spawn start method (Windows; macOS since Python 3.8)",
        shown_by=(_test("test_spawn_without_a_main_guard"),),
        example="RuntimeError: \n        An attempt has been made to start a new process before the\n        "
        "current process has finished its bootstrapping phase.",
        example_source="CPython Lib/multiprocessing/spawn.py (_check_not_importing_main), Python 3.8-3.13",
    ),
    KnownError(
        "torch-dist-libuv-windows",
        "torch.distributed: 'use_libuv was requested but PyTorch was build without libuv support' (Windows wheels)",
        r"use_libuv was requested but PyTorch was build without libuv support",
        "torch 2.4 and later create the TCPStore of torchrun / init_process_group with libuv by default, and the "
        "Windows wheels of torch are built without it, so the rendezvous fails before any training starts.",
        'Turn libuv off before torch.distributed starts: `set USE_LIBUV=0` (PowerShell `$env:USE_LIBUV = "0"`) in '
        "the shell that runs torchrun / accelerate launch, or `os.environ['USE_LIBUV'] = '0'` before "
        "init_process_group, or `init_method='tcp://127.0.0.1:29500?use_libuv=0'`; on Windows use backend='gloo' "
        "(no NCCL there).",
        weight=90,
        applies="torch 2.4+ on Windows (torchrun, accelerate, Lightning, init_process_group)",
        shown_by=(_test("test_torch_distributed_libuv_on_windows"),),
        example="RuntimeError: use_libuv was requested but PyTorch was build without libuv support",
        example_source="pytorch/pytorch torch/csrc/distributed/c10d/TCPStore.cpp (TORCH_CHECK on "
        "is_libuv_tcpstore_backend_available, torch 2.4+)",
    ),
    KnownError(
        "win-vc-runtime-missing",
        "The Microsoft Visual C++ runtime is missing (torch's and onnxruntime's start-up warning on Windows)",
        r"Microsoft Visual C\+\+ Redistributable is not installed, this may lead to the DLL load failure"
        r"|Please install the 2019 Visual C\+\+ runtime and then try again"
        r"|please install the 2019 Visual C\+\+ runtime",
        "The package checked for the Visual C++ 2015-2022 runtime (vcruntime140.dll, vcruntime140_1.dll, "
        "msvcp140.dll) and did not find it: its DLLs (torch's c10.dll, onnxruntime.dll) need it and will not load.",
        "Install the latest Microsoft Visual C++ Redistributable for Visual Studio 2015-2022 (x64, vc_redist.x64.exe "
        "from Microsoft), restart the terminal, and import again; an older runtime already installed must be "
        "updated (repair / reinstall the latest).",
        variants=(
            Variant(
                r"2019 Visual C\+\+ runtime",
                "onnxruntime",
                "onnxruntime did not find vcruntime140_1.dll in %SystemRoot%\\System32: install the latest Visual "
                "C++ 2015-2022 Redistributable (x64) and restart the terminal; if you put the runtime elsewhere, add "
                "that folder to PATH.",
                product="onnxruntime",
            ),
        ),
        severity="warns-of-failure",
        weight=84,
        applies="Windows: torch (1.x-2.x wheels), onnxruntime, and packages that copy torch's check",
        shown_by=(_test("test_visual_cpp_runtime_missing"),),
        example="Microsoft Visual C++ Redistributable is not installed, this may lead to the DLL load failure.\n"
        "                 It can be downloaded at https://aka.ms/vs/16/release/vc_redist.x64.exe",
        example_source="pytorch/pytorch torch/__init__.py (_load_dll_libraries); onnxruntime "
        "onnxruntime/python/_pybind_state.py ('Please install the 2019 Visual C++ runtime')",
    ),
    KnownError(
        "win-file-in-use",
        "Windows: a file is in use by another process (WinError 32 / WinError 5 Access is denied while pip replaces "
        "a package)",
        r"\[WinError 32\] The process cannot access the file because it is being used by another process"
        r"|\[WinError 5\] Access is denied: '[^'\n]{1,300}\.(?:dll|pyd|exe)'",
        "Windows cannot replace or delete a file that a running process has loaded: a Python (a Jupyter kernel, a "
        "web UI, an IDE's language server) still has the package's DLLs / .pyd open, so pip's uninstall or "
        "upgrade fails halfway.",
        "Close every program using that environment (Jupyter kernels, web UIs, IDE terminals, background "
        "python.exe in Task Manager), then repeat the install; if pip stopped halfway, reinstall the package "
        "(`python -m pip install --force-reinstall --no-deps <package>`) and delete any leftover '~' folders "
        "(site-packages\\~orch). Use `python -m pip`, never pip.exe, to upgrade pip itself.",
        weight=78,
        applies="Windows: pip / conda installs into an environment in use",
        shown_by=(_test("test_a_file_in_use_on_windows"),),
        example="ERROR: Could not install packages due to an OSError: [WinError 5] Access is denied: "
        "'C:\\\\venv\\\\Lib\\\\site-packages\\\\torch\\\\lib\\\\asmjit.dll'",
        example_source="pip src/pip/_internal/commands/install.py (create_os_error_message: 'Could not install "
        "packages due to an OSError'); Windows ERROR_SHARING_VIOLATION / ERROR_ACCESS_DENIED texts",
    ),
    KnownError(
        "win-ansi-codepage",
        "Windows' ANSI code page reads UTF-8 text: \"'gbk' / 'cp1252' / 'charmap' codec can't decode\"",
        r"'(?:gbk|cp9(?:36|32|49|50)|cp125\d|charmap|mbcs)' codec can't (?:decode|encode) (?:byte|character)",
        "On Windows Python opens files, and reads a subprocess's output, in the system's ANSI code page (GBK on a "
        "Chinese system, cp1252 in Western Europe), not UTF-8: a UTF-8 file (a model config, a JSON, a requirements "
        "file, a source file with non-ASCII comments) fails to decode, or a print of non-Latin text fails to encode.",
        'Run Python in UTF-8 mode: `set PYTHONUTF8=1` (PowerShell `$env:PYTHONUTF8 = "1"`; or `python -X utf8`), '
        "or in your own code `open(path, encoding='utf-8')`; for a build that reads its sources, the same "
        "PYTHONUTF8=1. Windows 10/11 can also use UTF-8 for the whole system (Region > Administrative > 'Beta: "
        "Use Unicode UTF-8').",
        weight=74,
        applies="Python on Windows with a non-UTF-8 system code page (Python < 3.15)",
        shown_by=(_test("test_windows_code_page_reading_utf8"),),
        example="UnicodeDecodeError: 'gbk' codec can't decode byte 0x80 in position 123: illegal multibyte sequence",
        example_source="CPython Objects/exceptions.c (UnicodeDecodeError: \"'%U' codec can't decode byte 0x%02x in "
        'position %zd: %U"); PEP 686 (UTF-8 mode)',
    ),
    KnownError(
        "hf-hub-symlinks-windows-notice",
        "huggingface_hub: the cache uses no symlinks on this machine (Windows without Developer Mode; harmless)",
        r"cache-system uses symlinks by default to efficiently store duplicated files but your machine does not "
        r"support them",
        "Windows lets only administrators or Developer Mode create symlinks, so huggingface_hub's cache stores "
        "copies instead: downloads work, using more disk.",
        "Nothing to fix; to silence it set HF_HUB_DISABLE_SYMLINKS_WARNING=1, or enable Developer Mode (Settings > "
        "For developers) to let the cache use symlinks.",
        severity="notice",
        weight=30,
        applies="huggingface_hub on Windows",
        shown_by=(_test("test_huggingface_hub_symlink_notice"),),
        example="UserWarning: `huggingface_hub` cache-system uses symlinks by default to efficiently store "
        "duplicated files but your machine does not support them in C:\\Users\\a\\.cache\\huggingface\\hub.",
        example_source="huggingface/huggingface_hub src/huggingface_hub/file_download.py (are_symlinks_supported)",
    ),
    KnownError(
        "win-symlink-privilege",
        "Windows: '[WinError 1314] A required privilege is not held by the client' (creating a symlink)",
        r"\[WinError 1314\]|A required privilege is not held by the client",
        "The program tried to create a symbolic link (a model cache, a build, a package that links its files), "
        "which Windows allows only to administrators or with Developer Mode on.",
        "Turn on Developer Mode (Settings > System > For developers), or run the terminal as administrator; for "
        "huggingface_hub set HF_HUB_DISABLE_SYMLINKS=1 (copies instead of links) or download with local_dir "
        "(no symlinks).",
        weight=76,
        applies="Windows without Developer Mode",
        shown_by=(_test("test_huggingface_hub_symlink_notice"),),
        example="OSError: [WinError 1314] A required privilege is not held by the client: '..\\\\..\\\\blobs\\\\x' "
        "-> 'C:\\\\Users\\\\a\\\\.cache\\\\huggingface\\\\hub\\\\models--x\\\\snapshots\\\\y\\\\config.json'",
        example_source="CPython Lib/os.py symlink on Windows (ERROR_PRIVILEGE_NOT_HELD, WinError 1314)",
    ),
    KnownError(
        "wsl-nvml-blocked",
        "Failed to initialize NVML: GPU access blocked by the operating system (WSL2 / Hyper-V GPU-PV guest)",
        r"GPU access blocked by the operating system",
        "NVML (nvidia-smi, the container toolkit, pynvml) reached the GPU through WSL2's /dev/dxg and Windows "
        "refused it: the WSL VM lost its GPU (after sleep, a driver update, a GPU reset), the Windows driver or "
        "WSL is too old for GPU paravirtualisation, or the session (a sandbox, Docker Desktop's context, a remote "
        "desktop) has no access to the GPU.",
        "The guest reaches the GPU through the Windows host's driver (GPU paravirtualisation, /dev/dxg), so the fix "
        "is on the host. Under WSL2: update the NVIDIA Windows driver (do not install a Linux NVIDIA driver inside "
        "WSL), run `wsl --update` and `wsl --shutdown`, reopen WSL and check /usr/lib/wsl/lib/nvidia-smi. In a "
        "Hyper-V VM given the GPU by GPU-PV (GPU partitioning): the host driver must run the card in WDDM mode (not "
        "TCC: `nvidia-smi -q` on the host shows the driver model), and the guest's copied driver files must come "
        "from that same host driver: after each host driver update copy the host's driver store folder and user-space "
        "libraries into the guest again, then check nvidia-smi in the guest before the CUDA workload.",
        variants=(
            Variant(
                r"\bWSL\d?\b|/usr/lib/wsl|wsl\.exe|wsl --|Docker Desktop",
                "WSL2",
                "From Windows: update the NVIDIA Windows driver (do not install a Linux NVIDIA driver inside WSL), "
                "run `wsl --update` and `wsl --shutdown`, then reopen WSL and check `nvidia-smi` there (it is "
                "/usr/lib/wsl/lib/nvidia-smi); for Docker Desktop restart it after that (WSL2 backend).",
                strict=True,
            ),
            Variant(
                r"Hyper-?V|GPU-?PV|GPU-?P\b|GPU partition|Add-VMGpuPartitionAdapter|\bVMGpu",
                "a Hyper-V guest with GPU-PV (GPU partitioning)",
                "The Hyper-V guest uses the host's Windows driver through /dev/dxg: run the host GPU in WDDM mode (a "
                "data-center driver in TCC mode cannot be partitioned; install a host driver that supports WDDM for "
                "the card), copy that same host driver's driver store folder and user-space libraries into the guest "
                "again after every host driver update, reboot the guest and check nvidia-smi there before the CUDA "
                "workload.",
                strict=True,
            ),
        ),
        weight=88,
        applies="WSL2 (and Docker Desktop on its WSL2 backend), Hyper-V guests given the GPU by GPU-PV",
        shown_by=(_test("test_nvml_under_wsl2"),),
        example="Failed to initialize NVML: GPU access blocked by the operating system",
        example_source="NVML's nvmlErrorString text as nvidia-smi prints it under WSL2 (NVIDIA driver for "
        "Windows, WSL2's libnvidia-ml in /usr/lib/wsl/lib)",
    ),
    KnownError(
        "host-nvidia-smi-no-nvml-library",
        "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system (nvidia-smi without the driver's NVML)",
        r"NVIDIA-SMI couldn't find libnvidia-ml\.so library in your system",
        "The nvidia-smi that ran found no libnvidia-ml.so: the driver's user-space libraries are not installed (a "
        "partial install, the nvidia-utils package without the driver), not on the loader path, or not mounted "
        "into the container; under WSL2 a Linux nvidia-smi was installed while the driver's libraries live in "
        "/usr/lib/wsl/lib.",
        "Use the nvidia-smi that comes with the driver's libraries: on a host install the full driver of the "
        "version the kernel module has (`cat /proc/driver/nvidia/version`); in a container start it with `--gpus "
        "all` (NVIDIA_DRIVER_CAPABILITIES including utility).",
        variants=(
            Variant(
                WSL,
                "WSL2",
                "Under WSL2 the driver's libraries come from Windows in /usr/lib/wsl/lib: remove the Linux "
                "nvidia-utils / driver packages installed inside WSL (`sudo apt remove --purge 'nvidia-*'`, keeping "
                "cuda-toolkit), run /usr/lib/wsl/lib/nvidia-smi, and put /usr/lib/wsl/lib on PATH and "
                "LD_LIBRARY_PATH; update the Windows NVIDIA driver and `wsl --update` if it is still missing.",
            ),
        ),
        weight=86,
        applies="Linux hosts, containers and WSL2",
        shown_by=(_test("test_nvml_under_wsl2"),),
        example="NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA "
        "Display Driver is properly installed and present in your system.",
        example_source="nvidia-smi (NVIDIA driver utilities), its message when dlopen of libnvidia-ml.so fails",
    ),
    KnownError(
        "cmake-no-build-program",
        'CMake was unable to find a build program corresponding to "NMake Makefiles" / "Ninja" (no make tool)',
        r"CMake was unable to find a build program corresponding to \"[\w -]{1,40}\"",
        "CMake's generator needs its build tool on PATH and finds none: nmake (NMake Makefiles) comes only with a "
        "Visual Studio developer prompt, ninja (the Ninja generator that pip builds and torch extensions use) is a "
        "separate install, make (Unix / MinGW Makefiles) is missing from a slim system.",
        "Install the generator's tool or pick one you have: `pip install ninja` (or the system's ninja-build) for "
        "Ninja, `apt install make` for Unix Makefiles; then delete the build folder (CMakeCache.txt remembers the "
        "generator) and configure again, e.g. `cmake -G Ninja -B build`.",
        variants=(
            Variant(
                r"NMake|Visual Studio|MSVC|\bcl\.exe",
                "NMake / Visual Studio (Windows)",
                "NMake and cl.exe exist only in a Visual Studio developer environment: build from the 'x64 Native "
                "Tools Command Prompt' (or run vcvars64.bat first), or use a Visual Studio generator (`cmake -G "
                '"Visual Studio 17 2022" -A x64`) that needs no make tool; then delete the build folder and '
                "configure again.",
            ),
        ),
        weight=80,
        applies="CMake builds (pip source builds with scikit-build / cmake, llama.cpp, extensions), Windows and Linux",
        shown_by=(_test("test_cmake_without_its_build_program"),),
        example='CMake Error: CMake was unable to find a build program corresponding to "NMake Makefiles".  '
        "CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool.",
        example_source="Kitware CMake Source/cmGlobalGenerator.cxx (EnableLanguage's CMAKE_MAKE_PROGRAM check)",
    ),
    KnownError(
        "win-sdk-missing",
        "The Windows SDK (or its C runtime headers) is missing: 'cannot run rc.exe', 'corecrt.h' not found, "
        "MSB8036, kernel32.lib",
        r"LNK1158: cannot run '(?:rc|mt)\.exe'"
        r"|Cannot open include file: '(?:corecrt|windows|winapifamily|crtdbg|basetsd|sal|vcruntime)\.h'"
        # cl's C1083 in any UI language for a header of the Universal C runtime, which the SDK brings ("Datei
        # (Include) kann nicht geöffnet werden: "math.h"", issue 36, round sixty)
        r"|\bfatal error C1083: [^\n]{0,120}[\"'](?:math|stdio|stdlib|string|stddef|stdint|float|errno|wchar|ctype"
        r"|time|assert|locale|signal|fenv|corecrt\w{0,20})\.h[\"']"
        r"|MSB8036: The Windows SDK version [\d.]{1,20} was not found"
        r"|LNK1104: cannot open file '(?:kernel32|ucrt|ucrtd|libucrt|uuid|user32|advapi32)\.lib'",
        "MSVC's compiler is there but the Windows SDK it builds against is not (or not the version the project "
        "names): the Universal C runtime headers (corecrt.h), windows.h, the system import libraries "
        "(kernel32.lib) and the resource compiler rc.exe all come with the SDK, which the 'Desktop development "
        "with C++' workload installs and a bare MSVC toolset does not.",
        "Install a Windows 10/11 SDK (Visual Studio Installer > Modify > Individual components > 'Windows 11 SDK', "
        "or the 'Desktop development with C++' workload), then build from the 'x64 Native Tools Command Prompt' "
        "(vcvars64.bat sets INCLUDE / LIB / PATH for the SDK); for MSB8036 retarget the project to the SDK you "
        "have (`-p:WindowsTargetPlatformVersion=10.0` or Visual Studio's 'Retarget solution').",
        weight=86,  # above the general header / library rows: these names are the SDK's own
        applies="Windows builds with MSVC (setup.py, CMake, MSBuild)",
        shown_by=(_test("test_msvc_without_the_windows_sdk_or_cuda_integration"),),
        example="LINK : fatal error LNK1158: cannot run 'rc.exe'",
        example_source="MSVC link.exe LNK1158 / cl.exe C1083 / MSBuild MSB8036 (Microsoft.Cpp.WindowsSDK.targets) "
        "error texts",
    ),
    KnownError(
        "win-cuda-vs-integration",
        "MSBuild cannot find CUDA's build customisation: 'The imported project "
        "...\\BuildCustomizations\\CUDA X.Y.props was not found'",
        r"MSB4019: The imported project \"[^\"\n]{1,300}BuildCustomizations[\\/]CUDA [\d.]{2,6}\.(?:props|targets)\"",
        "Visual Studio builds .cu files through the CUDA toolkit's MSBuild customisation (CUDA X.Y.props / "
        ".targets in Visual Studio's BuildCustomizations folder); the CUDA installer copies it only into the "
        "Visual Studio versions present when it ran, so a Visual Studio installed (or updated to a new major) later, "
        "or the Build Tools, lack it.",
        "Re-run the CUDA installer of that version (Custom > 'Visual Studio Integration'), or copy the four files "
        "from <CUDA>\\extras\\visual_studio_integration\\MSBuildExtensions into <Visual Studio>\\MSBuild\\"
        "Microsoft\\VC\\v170\\BuildCustomizations; a project that names another CUDA version needs that "
        "toolkit (or its .vcxproj edited to yours).",
        weight=86,
        applies="Windows: Visual Studio / MSBuild projects and CMake's Visual Studio generators with CUDA",
        shown_by=(_test("test_msvc_without_the_windows_sdk_or_cuda_integration"),),
        example='error MSB4019: The imported project "C:\\Program Files\\Microsoft Visual Studio\\2022\\Community\\'
        'MSBuild\\Microsoft\\VC\\v170\\BuildCustomizations\\CUDA 12.1.props" was not found.',
        example_source="MSBuild MSB4019 text (Microsoft.Build); CUDA Installation Guide for Windows, 'Visual Studio "
        "integration' (extras/visual_studio_integration)",
    ),
    KnownError(
        "torch-ext-distutils-use-sdk",
        "torch.utils.cpp_extension: 'the VC environment is activated but DISTUTILS_USE_SDK is not set' (Windows)",
        r"VC environment is activated but DISTUTILS_USE_SDK is not set",
        "torch's extension builder on Windows refuses to run inside a Visual Studio developer prompt unless told "
        "to use that environment as it is (otherwise setuptools activates the VC environment a second time).",
        "Set DISTUTILS_USE_SDK=1 in that prompt (`set DISTUTILS_USE_SDK=1`, PowerShell `$env:DISTUTILS_USE_SDK = "
        '"1"`) and build again (`pip install --no-build-isolation .` or `python setup.py install`).',
        weight=88,
        applies="torch.utils.cpp_extension builds on Windows (setup.py with BuildExtension, torch extensions)",
        shown_by=(_test("test_msvc_without_the_windows_sdk_or_cuda_integration"),),
        example="UserWarning: It seems that the VC environment is activated but DISTUTILS_USE_SDK is not set.This "
        "may lead to multiple activations of the VC env.Please set `DISTUTILS_USE_SDK=1` and try again.",
        example_source="pytorch/pytorch torch/utils/cpp_extension.py (BuildExtension.build_extensions, raised as a "
        "UserWarning on Windows)",
    ),
    KnownError(
        "nvml-query-not-supported",
        "NVML: 'Not Supported' for a query (pynvml NVMLError_NotSupported): this GPU, driver or WSL2 does not give it",
        r"NVMLError_NotSupported|NVML_ERROR_NOT_SUPPORTED",
        "The NVML call a monitor or library made (per-process memory, utilisation, clocks, power, ECC, "
        "topology) is not answered on this system: WSL2 gives no per-process information and few counters, "
        "GeForce boards and vGPUs lack some queries, MIG instances answer others only per instance.",
        "Treat the value as unavailable: catch pynvml.NVMLError_NotSupported around that query (monitoring tools: "
        "update gpustat / nvitop / the library, whose newer releases skip it); under WSL2 update the Windows NVIDIA "
        "driver and `wsl --update`, as newer drivers answer more queries, and read per-process GPU memory from "
        "torch.cuda.memory_allocated() instead.",
        variants=(
            Variant(
                WSL,
                "WSL2",
                "WSL2's NVML answers only some queries (no per-process list, no ECC, few clocks): update the Windows "
                "NVIDIA driver and run `wsl --update`, catch pynvml.NVMLError_NotSupported in your code, and read "
                "per-process memory from the framework (torch.cuda.memory_allocated()) instead.",
            ),
        ),
        weight=70,
        applies="NVML users (pynvml / nvidia-ml-py, gpustat, nvitop, Ray, DCGM) on WSL2, GeForce, vGPU, MIG",
        shown_by=(_test("test_nvml_queries_that_wsl2_does_not_answer"),),
        example="pynvml.NVMLError_NotSupported: Not Supported",
        example_source="nvidia-ml-py pynvml.py (_extractNVMLErrorsAsClasses: NVMLError_NotSupported for "
        "NVML_ERROR_NOT_SUPPORTED = 3, nvmlErrorString 'Not Supported')",
    ),
    # issue 36, round thirty-nine: a native program's loader (Rust's libloading: "GetProcAddress failed", its
    # Debug form "GetProcAddress { source: ... 127 }"; Windows' error 127, ERROR_PROC_NOT_FOUND: "The specified
    # procedure could not be found. (os error 127)") that found the DLL but not a function it needs
    KnownError(
        "win-dll-entry-point-missing",
        "GetProcAddress failed / error 127 / EntryPointNotFoundException: a function is missing from a native library "
        "the program loaded (a CUDA DLL, or a binding's native library, of another version)",
        r"\bGetProcAddress\b[^\n]{0,40}?(?:\{ ?source: ?(?:Os ?\{ ?code: ?)?127\b|\bfailed\b)"
        r"|specified procedure could not be found\.? \(os error 127\)"
        # issue 36, round forty-four: .NET's P/Invoke (System.EntryPointNotFoundException: "Unable to find an entry
        # point named 'X' in DLL 'Y'."; "in shared library 'Y'" on Linux / macOS), and the loader's undefined symbol
        # of a framework's C API (TensorFlow's TF_* / TFE_*, onnxruntime's Ort*) that a Go / Rust / Java binding
        # calls: the binding and the native library it loaded are of different versions
        r"|Unable to find an entry point named '?\w{1,120}'? in (?:DLL|shared library) '?[\w.-]{1,80}"
        r"|undefined symbol: (?:TFE?_[A-Z]\w{1,80}|Ort(?:Get|Create|Release|Session|Run|Api)\w{0,80})\b",
        "Windows loaded the DLL but it has no function of the name the program asked for (error 127, "
        "ERROR_PROC_NOT_FOUND): the DLL is of another version than the program was built for. With CUDA the "
        "library is most often the driver's nvcuda.dll, older than the CUDA the program's libraries need (a new "
        "function since), or a cudart / cuBLAS / cuDNN DLL of another CUDA found first on PATH; a CUDA 13 build "
        "also drops GPUs older than Turing (compute capability below 7.5).",
        "Update the NVIDIA driver to the current one for the GPU (`nvidia-smi`'s 'CUDA Version' must reach the CUDA "
        "the program's libraries are for), remove other CUDA / cuDNN folders from PATH so the DLLs the program "
        "ships are the ones loaded (or reinstall it so it downloads them again), and check that the GPU is one "
        "the program's CUDA release supports (CUDA 13 needs compute capability 7.5+, e.g. no GTX 10-series): "
        "otherwise use the program's build for CUDA 12 (or its CPU / Vulkan back end).",
        variants=(
            Variant(
                r"entry point named '?TFE?_\w{1,80}|in (?:DLL|shared library) '?(?:lib)?tensorflow\b"
                r"|undefined symbol: TFE?_[A-Z]\w{1,80}",
                "a TensorFlow binding and the native TensorFlow library of different versions (TensorFlow.NET, "
                "ML.NET, the Go / Rust / Java bindings)",
                "The binding calls a function of TensorFlow's C API that the native tensorflow library it loaded "
                "does not export: the two are of different releases (the C API gains functions in some releases "
                "and drops others). Use "
                "the pair made together: for TensorFlow.NET / TensorFlow.Keras, the SciSharp.TensorFlow.Redist "
                "package (or its -Windows-GPU / -Linux-GPU package) of the version that binding release was built "
                "against (its package dependencies name it); where no native build of that version exists for your "
                "platform or GPU, choose the binding release made for a native version that does. Reference one "
                "redist package only, and make sure no "
                "other tensorflow.dll / libtensorflow.so is found first (an older copy in the output folder: delete "
                "bin and obj and rebuild; PATH / LD_LIBRARY_PATH); ML.NET supports only the redist version it "
                "names. For the Go / Rust / Java bindings install the libtensorflow C library of the binding's "
                "version.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"entry point named '?Ort\w{1,80}|in (?:DLL|shared library) '?(?:lib)?onnxruntime\b"
                r"|undefined symbol: Ort\w{1,80}",
                "an onnxruntime binding and the native onnxruntime library of different versions",
                "The binding (the C# Microsoft.ML.OnnxRuntime assembly, a Rust / Go / Java binding) calls a function "
                "the native onnxruntime library it loaded does not export: the library found is of another release "
                "than the binding, or is another onnxruntime entirely (an older onnxruntime.dll elsewhere on the "
                "search path, such as one in the Windows system folder or an app folder earlier on PATH). Reference "
                "the managed and native packages of one version (Microsoft.ML.OnnxRuntime or .Gpu with no other "
                "onnxruntime package), make the application's own onnxruntime library the one loaded (next to the "
                "executable; check which file the process loaded), and for other bindings install the onnxruntime "
                "shared library of the version the binding names (ORT_DYLIB_PATH where the binding reads it).",
                sure=True,
                strict=True,
            ),
            Variant(
                r"\b(?:nvcuda|cudart64_\d{2,3}|cublas(?:Lt)?64_\d{2,3}|cudnn\w{0,20}64_\d|nvrtc64_\w{2,12})\.dll\b"
                r"|in DLL '(?:nvcuda|cudart64_\d{2,3}|cublas(?:Lt)?64_\d{2,3}|cudnn\w{0,20}64_\d|nvrtc64_\w{2,12})'",
                "a CUDA DLL named (nvcuda, cudart, cuBLAS, cuDNN, NVRTC)",
                "The DLL the line names is a CUDA library of another version than the program's: for nvcuda.dll "
                "(the driver) update the NVIDIA driver; for cudart / cuBLAS / cuDNN / NVRTC DLLs find which copy "
                "was loaded (`where cublas64_12.dll`, a CUDA folder earlier on PATH) and keep only the one of the "
                "CUDA the program was built with, first on PATH or next to the program.",
            ),
            Variant(
                r"EntryPointNotFoundException|Unable to find an entry point named",
                "a .NET binding and its native library of different versions",
                "The .NET binding calls a native function that the library it loaded does not export: the managed "
                "package and the native library (its runtime / redist package, or a copy found first on PATH or in "
                "the output folder) are of different releases. Reference the managed and native packages of one "
                "version (the binding's package dependencies name the native one), delete bin and obj and rebuild "
                "so no older native copy stays in the output, and check which file the process loaded.",
            ),
        ),
        # the CPU onnxruntime NuGet package's missing CUDA provider entry point is ort-cpu-package's
        unless=r"entry point named '?OrtSessionOptionsAppendExecutionProvider_",
        loose=True,
        alternatives=("cuda-driver-insufficient", "gpu-older-than-release", "windows-dll-load"),
        weight=70,
        applies="Windows programs that load DLLs at run time (Rust's libloading, ctypes, LoadLibrary / GetProcAddress)",
        shown_by=(_R39("test_a_missing_dll_entry_point_in_the_loaders_own_words"),),
        example="Expected symbol in library: GetProcAddress { source: 127 }",
        example_source="Rust libloading's Error::GetProcAddress (Debug form) with Windows' ERROR_PROC_NOT_FOUND (127), "
        "written from memory",
    ),
)

# ---- issue 36, round forty-five (v45windows): MSVC on torch's own headers, CMake's Visual Studio generators ---------
_R45 = tests_in("tests/troubleshooting/test_round45_v45windows.py")

#: a C2872 'std' error MSVC reports on a line of torch's own headers (torch / c10 / ATen under torch's include
#: folder, libtorch's include folder), in English or a localised wording (“std”: 不明确的符号), or the bare error line
#: alone (no file named: a title or a cut paste)
_STD_AMBIGUOUS = r"error C2872: \W{0,3}std\W{0,3}:"

FAMILIES = FAMILIES + (
    KnownError(
        "msvc-std-ambiguous-torch-headers",
        "MSVC: error C2872: 'std': ambiguous symbol in torch's own headers (building a C++ / CUDA extension or a "
        "libtorch program on Windows)",
        r"(?:torch|c10|ATen|caffe2)[\\/][^\n]{0,240}\.h(?:pp)?\(\d{1,6}\)\s{0,4}:\s{0,4}"
        + _STD_AMBIGUOUS
        + r"|^\W{0,6}"
        + _STD_AMBIGUOUS
        + r"[^\n(]{0,60}$",
        "MSVC's front end (cl.exe, also the host pass of nvcc on a .cu file) finds two namespaces named std while "
        "compiling a template in torch's headers and refuses the name; the code is torch's, not the extension's. "
        "torch 2.6 and later hit it in torch/csrc/dynamo/compiled_autograd.h, whose std-heavy branch torch itself "
        "compiles only when USE_CUDA (or USE_ROCM) is not defined on Windows, and an extension build does not define "
        "it; libtorch 1.x headers (c10/util/C++17.h, torch/nn/pimpl.h) hit it with some Visual Studio 2017 / 2019 "
        "toolsets.",
        "Define USE_CUDA for every compile of the extension on Windows, so torch's header takes its Windows branch: "
        "in setup.py `extra_compile_args={'cxx': ['/DUSE_CUDA'], 'nvcc': ['-DUSE_CUDA']}` (added when "
        "sys.platform == 'win32'), in CMake `add_compile_definitions(USE_CUDA)`; then rebuild from a clean build "
        "folder. Otherwise build against a torch whose header compiles with your toolset (torch 2.5 and older do not "
        "have that branch), or qualify the `std::` of the line named as `::std::` in the installed header (a local "
        "patch). If the file named is your own, not torch's, look for a `namespace std` or `using namespace` of "
        "yours before the torch includes.",
        variants=(
            Variant(
                r"compiled_autograd\.h|torch[\\/]csrc[\\/]dynamo",
                "torch 2.6+'s compiled_autograd.h",
                "The line is torch/csrc/dynamo/compiled_autograd.h (torch 2.6 and later), whose Windows workaround "
                "is compiled only when USE_CUDA (or USE_ROCM) is defined: define it for the extension's host and "
                "nvcc compiles on Windows (setup.py `extra_compile_args={'cxx': ['/DUSE_CUDA'], 'nvcc': "
                "['-DUSE_CUDA']}`, CMake `add_compile_definitions(USE_CUDA)`), delete the build folder and build "
                "again; or build against torch 2.5 (and its CUDA), whose header has no such branch. The project's "
                "newer release may already pass the define.",
            ),
            Variant(
                r"c10[\\/]util[\\/]C\+\+17\.h|torch[\\/]nn[\\/]pimpl\.h|argument_spec\.h|libtorch",
                "libtorch 1.x headers with Visual Studio 2017 / 2019",
                "An older libtorch's header meets a Visual Studio toolset it was not built with: use the libtorch "
                "release built with your Visual Studio (or the Visual Studio it names), and the matching Debug / "
                "Release package for your configuration; as a local patch, qualify the `std::` on the line named as "
                "`::std::` (what torch's later headers do). Include the torch headers before your own code's "
                "`using namespace` lines.",
            ),
        ),
        weight=84,
        applies="Windows: MSVC builds of torch C++ / CUDA extensions (torch 2.6+) and libtorch programs",
        shown_by=(_R45("test_msvc_std_ambiguous_in_torch_headers"),),
        example="C:\\py\\lib\\site-packages\\torch\\include\\torch/csrc/dynamo/compiled_autograd.h(1076): error C2872: "
        "'std': ambiguous symbol",
        example_source="MSVC compiler error C2872 ('symbol' : ambiguous symbol) on torch/csrc/dynamo/"
        "compiled_autograd.h's '#if defined(_WIN32) && (defined(USE_CUDA) || defined(USE_ROCM))' branch",
    ),
    KnownError(
        "cmake-vs-generator-instance",
        "CMake: Generator Visual Studio NN YYYY could not find (specified / any) instance of Visual Studio, or Does "
        "not match the generator used previously",
        r"could not find (?:specified|any) instance of Visual Studio"
        r"|Does not match the (?:generator|platform|toolset|instance) used previously",
        "CMake's Visual Studio generator needs an installed Visual Studio (or Build Tools) with the C++ workload: "
        "either none of the version the generator names is installed, or the build folder's CMakeCache.txt "
        "remembers a Visual Studio instance, generator, platform or toolset of an earlier configure (a Visual Studio "
        "since removed, upgraded or replaced by another edition), and CMake keeps it for that build folder.",
        "Delete the build folder (or its CMakeCache.txt and CMakeFiles) and configure again, so CMake picks the "
        'Visual Studio installed now; with several installed, choose one: `cmake -B build -G "Visual Studio 17 '
        '2022" -A x64` and `-DCMAKE_GENERATOR_INSTANCE="C:/Program Files/Microsoft Visual Studio/2022/'
        "<Edition>\"`. If none is installed, install Visual Studio or the Build Tools with the 'Desktop development "
        "with C++' workload (for CUDA: a version your CUDA toolkit supports, then reinstall the toolkit's Visual "
        'Studio integration), or use the generator of the one you have (`-G "Visual Studio 16 2019"`), or Ninja '
        "from its x64 Native Tools prompt (`-G Ninja`).",
        variants=(
            Variant(
                r"could not find specified instance|Does not match the (?:generator|platform|toolset|instance) used",
                "a build folder configured before with another Visual Studio",
                "The build folder was configured before, and its CMakeCache.txt names a Visual Studio instance "
                "(CMAKE_GENERATOR_INSTANCE), generator, platform or toolset that is no longer there or no longer "
                "asked for: delete the build folder (or CMakeCache.txt and the CMakeFiles folder in it) and run the "
                "configure again, or configure into a new folder (`cmake -B build2 ...`); to pick one of several "
                'Visual Studios, pass -G "Visual Studio 17 2022" -A x64 and -DCMAKE_GENERATOR_INSTANCE=<its '
                "installation folder>. If the Visual Studio was changed because your CUDA did not support the new "
                "one, install a toolset that CUDA supports and reinstall CUDA's Visual Studio integration.",
            ),
            Variant(
                r"could not find any instance",
                "no Visual Studio of that version installed",
                "No Visual Studio of the version the generator names is installed with its C++ tools: install it "
                "(or the Build Tools for Visual Studio) with the 'Desktop development with C++' workload, or use "
                'the generator of the one you have (`cmake -G "Visual Studio 16 2019" -A x64`, or Ninja from its '
                'x64 Native Tools prompt); `"%ProgramFiles(x86)%\\Microsoft Visual Studio\\Installer\\vswhere.exe" '
                "-all -products *` lists what is installed. Delete the build folder before configuring again.",
            ),
        ),
        weight=86,
        applies="Windows: CMake with a Visual Studio generator (Visual Studio 15 2017 and later)",
        shown_by=(_R45("test_cmake_visual_studio_generator_instance"),),
        example="CMake Error at CMakeLists.txt:3 (project):\n  Generator\n\n    Visual Studio 17 2022\n\n  could not "
        "find specified instance of Visual Studio:\n\n    C:/Program Files/Microsoft Visual Studio/2022/Preview",
        example_source="CMake Source/cmGlobalVisualStudioVersionedGenerator.cxx (SetGeneratorInstance) and "
        "cmake.cxx ('Does not match the generator used previously'), written from memory",
    ),
)
