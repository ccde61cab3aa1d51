"""Host set-ups (issue 36, round seventeen): apt failing inside a container image build (a package or a pinned
version the base image's repositories do not have), NCCL's own WARN line followed by its error-return chain (a
failed communicator init, e.g. a topology / graph file a VM image injects), the CUDA driver API's cuInit finding no
device (a WSL2 distro whose Linux driver hides the WSL stub), a host C++ compiler too old for torch's headers, and a
GPU program run inside an SGX / Gramine / TDX enclave. Each pattern is keyed to the program's own wording (apt's
cmdline/apt-get.cc and apt-pkg, NCCL's debug.cc and its "-> N" return trace, CUDA's driver error table, torch's
cpp_extension.py and c10 headers, gramine's loader); versions, packages and paths are read from the text, never
written into a pattern.
"""

from __future__ import annotations

from ..entry import WSL, KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round17_t17host.py"

_test = tests_in(_SHOWN)

#: the C++17 standard library's own headers (no .h): a compiler that lacks them predates C++17
_STD17 = r"(?:string_view|optional|variant|charconv|filesystem|shared_mutex)"
_QUOTE = "['\"\u2018\u2019]"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "container-apt-package-missing",
        "apt in an image build: 'Unable to locate package' / 'Version ... was not found' / 'has no installation "
        "candidate'",
        r"^E: Unable to locate package [\w.+:-]{1,80}"
        r"|^E: Version '[^'\n]{1,60}' for '[\w.+:-]{1,80}' was not found"
        r"|^E: Package '?[\w.+:-]{1,80}'? has no installation candidate"
        r"|^E: Couldn't find any package by (?:glob|regex) '[^'\n]{1,80}'",
        "apt found no such package (or no such version of it) in the repositories the image has configured: the "
        "package does not exist for this base image's Ubuntu / Debian release (python3.12-distutils: Python 3.12 "
        "removed distutils), a pinned version (libcudnn8=8.x-1+cudaY, libnccl2=2.x+cudaY) is not published for the "
        "CUDA of the base image or was withdrawn from NVIDIA's repository, or `apt-get update` did not run in the "
        "same RUN step, so the lists are empty.",
        "Check what the image's repositories offer: `docker run --rm <base image> bash -c 'apt-get update && "
        "apt-cache policy <package>'` (or `apt-cache madison <package>`) and pin a version that is listed for that "
        "CUDA / Ubuntu release, or drop the package; keep `apt-get update && apt-get install -y ...` in one RUN "
        "line.",
        variants=(
            Variant(
                r"python3\.(?:1[2-9]|[2-9]\d)-distutils",
                "python3.12+-distutils (removed with Python 3.12)",
                "distutils was removed from Python 3.12, so Ubuntu / Debian publish no python3.12-distutils (nor "
                "for later Pythons): drop it from the Dockerfile's apt-get line and install setuptools with pip "
                "(requirements.txt or `pip install setuptools`), which provides the distutils shim; then rebuild "
                "the image.",
                strict=True,
            ),
            Variant(
                r"(?:package|for ')['\"]?lib(?:cudnn|nccl|nvinfer|cublas|cusparselt|nvonnxparsers?)\w{0,12}"
                r"|\+cuda\d{1,2}\.\d"
                r"|Unable to locate package (?:cuda|libcudnn|libnccl|tensorrt|libnvinfer)",
                "a CUDA-side package (cuDNN, NCCL, TensorRT) pinned for the base image's CUDA",
                "NVIDIA's apt repository has no such cuDNN / NCCL / TensorRT package or version for this base "
                "image's CUDA (the +cudaX.Y suffix must match it; old versions are withdrawn, and NVIDIA's 2022 key "
                "rotation broke the repositories of old images). Use a base image that already ships cuDNN (the "
                "nvidia/cuda <version>-cudnn-devel / -cudnnN-devel tag for that CUDA) and drop the apt pins, or run "
                "`apt-cache madison libcudnn8 libnccl2` inside the base image and pin a version listed for its CUDA "
                "(and refresh NVIDIA's repository key if `apt-get update` warns of NO_PUBKEY).",
                strict=True,
            ),
        ),
        weight=70,
        applies="Dockerfiles and CI images that apt-get install packages (Debian / Ubuntu base images, nvidia/cuda)",
        shown_by=(_test("test_apt_in_an_image_build"),),
        example="E: Unable to locate package libcudnn7\nE: Version '2.4.8-1+cuda10.1' for 'libnccl2' was not found",
        example_source="https://github.com/TRI-ML/permatrack/issues/23; apt's cmdline/apt-get.cc and "
        "apt-private/private-cacheset.cc ('Unable to locate package %s', 'Version '%s' for '%s' was not found')",
    ),
    KnownError(
        "container-apt-repository-key",
        "apt in an image build: a repository's key is missing (NO_PUBKEY) or the release has no Release file",
        r"NO_PUBKEY [0-9A-F]{8,40}"
        r"|The following signatures couldn't be verified because the public key is not available"
        r"|The repository '[^'\n]{1,200}' (?:does not have a Release file|is not signed|no longer has a Release file)"
        r"|^E: Failed to fetch [^\n]{1,200}404 {1,2}Not Found",
        "apt refused or could not read a repository the image configures: NVIDIA rotated the signing key of its "
        "CUDA apt repositories in 2022 (old nvidia/cuda images carry the retired key 7fa2af80, so `apt-get update` "
        "fails with NO_PUBKEY A4B469963BF863CC), or the base image's Ubuntu / Debian release reached its end of life "
        "and its archive moved (no Release file, 404 on the mirror).",
        "For NVIDIA's repository: in the Dockerfile, before `apt-get update`, remove the old entry and install "
        "the cuda-keyring package for the image's distribution (NVIDIA's CUDA installation guide, 'Network Repo': "
        "`rm /etc/apt/sources.list.d/cuda*.list` then `dpkg -i cuda-keyring_*_all.deb`), or `apt-key adv --fetch-keys "
        "<its 3bf863cc.pub>`; better, move to a current nvidia/cuda tag. For an end-of-life Ubuntu / Debian "
        "release: move to a supported base image (or point sources.list at the old-releases / archive mirror).",
        weight=72,
        applies="Dockerfiles on nvidia/cuda and Ubuntu / Debian base images (apt-get update in a RUN step)",
        shown_by=(_test("test_apt_repository_key_or_release"),),
        example="W: GPG error: <nvidia-repo>/compute/cuda/repos/ubuntu1804/x86_64  "
        "InRelease: The following signatures couldn't be verified because the public key is not available: "
        "NO_PUBKEY A4B469963BF863CC",
        example_source="apt's gpgv method (apt-pkg/acquire-item.cc: 'The following signatures couldn't be verified "
        "because the public key is not available'); NVIDIA's April 2022 CUDA repository key rotation",
    ),
    KnownError(
        "container-build-step-failed",
        "docker build: a RUN step exited non-zero ('returned a non-zero code: 100', 'did not complete successfully')",
        r"The command '?/bin/(?:ba)?sh -c [^\n]{1,300}' returned a non-zero code: \d{1,3}"
        r"|process \\?\"/bin/(?:ba)?sh -c [^\n]{1,300}\\?\" did not complete successfully: exit code: \d{1,3}",
        "A RUN step of the image build failed; the command's own output above the line says why. Its exit code "
        "hints at the tool: 100 is apt-get (a package or version not found, a repository key), 1 is most often pip "
        "or a build, 127 a command not in the image, 137 a step killed for memory (a compile with too many jobs).",
        "Read the step's own error above this line (the first 'E:' of apt, pip's 'ERROR:', a compiler's 'error:') "
        "and explain that; exit 137: give Docker more memory or lower the build's parallel jobs (MAX_JOBS=2); exit "
        "127: install the tool in an earlier step; rebuild with `docker build --progress=plain --no-cache` to see "
        "the step's full output.",
        downstream=True,
        weight=30,
        applies="docker build / docker compose build / BuildKit (Dockerfile RUN steps)",
        shown_by=(_test("test_apt_in_an_image_build"),),
        example='ERROR: failed to solve: process "/bin/sh -c apt-get update && apt-get install -y '
        'python3.12-distutils" did not complete successfully: exit code: 100',
        example_source="BuildKit's failed RUN step (moby/buildkit solver: 'process %q did not complete "
        "successfully: exit code: %d'); the classic builder's \"The command '%s' returned a non-zero code: %d\"",
    ),
    KnownError(
        "nccl-warn-return-chain",
        "NCCL WARN followed by its error returns ('file.cc:NNN -> 2'): a failed NCCL call, not a harmless warning",
        r"NCCL INFO [\w/.-]{1,80}\.(?:cc|cu|h):\d{1,5} -> [1-9]\d{0,1}\b",
        "NCCL logs the failure itself as 'NCCL WARN <what failed>' and then traces the error code up its call stack "
        "('NCCL INFO graph/search.cc:733 -> 2': 2 = ncclSystemError, 3 = internal error, 4 = invalid argument, 5 = "
        "invalid usage, 1 = CUDA error); the communicator init or collective failed. When the lines above show "
        "NCCL_TOPO_FILE / NCCL_GRAPH_FILE 'set by environment' (cloud HPC images set them in the environment or "
        "/etc/nccl.conf for one VM size), an XML that names GPUs or NICs this machine does not have makes the "
        "graph import fail.",
        "Read the first 'NCCL WARN' line: it names what failed. Check NCCL's settings the log shows ('NCCL_X set by "
        "environment to Y', `env | grep NCCL`, /etc/nccl.conf, ~/.nccl.conf) against this machine and unset what "
        "was copied from another machine or cluster; rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,NET.",
        variants=(
            Variant(
                r"NCCL_(?:GRAPH|TOPO)_FILE|XML Import|topo\.xml|graph\.xml",
                "a topology / graph XML injected by the environment (NCCL_TOPO_FILE / NCCL_GRAPH_FILE)",
                "NCCL read a topology / graph XML from NCCL_TOPO_FILE / NCCL_GRAPH_FILE (the log's 'set by "
                "environment to' lines name the files) that describes another machine (a VM image's file for a "
                "larger size: 'dev 1 not found' on a one-GPU VM). Unset NCCL_GRAPH_FILE (and NCCL_TOPO_FILE) in the "
                "environment and in /etc/nccl.conf, or point them at files for this VM size, then rerun; NCCL "
                "detects the topology itself without them.",
            ),
            Variant(
                r"NET/(?:IB|Socket)|NCCL_(?:IB_HCA|SOCKET_IFNAME|IB_GID_INDEX)",
                "NCCL's network transport",
                "The WARN line names the network transport that failed: check NCCL_SOCKET_IFNAME / NCCL_IB_HCA "
                "against this machine (`ip -br addr`, `ibv_devinfo`), unset values copied from another cluster, and "
                "try NCCL_IB_DISABLE=1 to confirm; in Docker use --network=host --ipc=host.",
            ),
        ),
        requires=r"NCCL WARN",
        # a WARN line another family reads as the cause (NCCL's CUDA call that ran out of memory)
        unless=r"NCCL WARN (?:Cuda failure|[^\n]{0,160}out of memory)",
        # NCCL logs the failure at WARN and the return chain at INFO: what it names did not work
        severity="warns-of-failure",
        # the chain follows the WARN line: a family that reads that line (NCCL's out of memory, its network
        # transport) is the cause and outranks it
        downstream=True,
        weight=40,
        applies="NCCL (torch.distributed, DeepSpeed, Horovod, nccl-tests) with NCCL_DEBUG=INFO / WARN output",
        shown_by=(_test("test_nccl_warn_followed_by_its_return_chain"),),
        example="::16674:17023 [0] NCCL INFO NCCL_GRAPH_FILE set by environment to /opt/microsoft/ncv4/graph.xml\n"
        "::16674:17023 [0] graph/search.cc:703 NCCL WARN XML Import Channel : dev 1 not found.\n"
        "::16674:17023 [0] NCCL INFO graph/search.cc:733 -> 2",
        example_source="https://github.com/Azure/azhpc-images/issues/327; NCCL's src/include/checks.h (NCCLCHECK's "
        "'%s:%d -> %d' trace) and src/debug.cc (the 'NCCL WARN' prefix)",
    ),
    KnownError(
        "cuinit-no-device",
        "cuInit: CUDA_ERROR_NO_DEVICE (the CUDA driver API found no device: no GPU given, or a wrong libcuda, as "
        "under WSL2)",
        r"CUDA_ERROR_NO_DEVICE[^\n]{0,120}\bcuInit\b|\bcuInit\b[^\n]{0,120}CUDA_ERROR_NO_DEVICE"
        r"|cuInit\(0\)[^\n]{0,60}\b100\b[^\n]{0,40}no CUDA-capable device",
        "The CUDA driver library (libcuda) loaded but cuInit found no device it can use: the process was not given "
        "a GPU (a container without --gpus, CUDA_VISIBLE_DEVICES empty), the machine has no NVIDIA GPU, or, under "
        "WSL2, a Linux NVIDIA driver installed inside the distro (a .run installer or an nvidia-driver / "
        "libnvidia-compute apt package) puts its own libcuda.so ahead of the WSL stub in /usr/lib/wsl/lib, and "
        "that Linux driver sees no GPU in WSL.",
        "Check from the same shell: `nvidia-smi` lists the GPU, and `ldconfig -p | grep libcuda` shows which "
        "libcuda.so the loader picks. Under WSL2 only the Windows driver is needed: remove any Linux NVIDIA driver "
        "from the distro (`sudo apt purge 'nvidia-*' 'libnvidia-*'`, or the .run installer's --uninstall) so "
        "/usr/lib/wsl/lib/libcuda.so is used (quick check: `LD_LIBRARY_PATH=/usr/lib/wsl/lib` before the command); "
        "in Docker pass `--gpus all`; CUDA_VISIBLE_DEVICES must name a GPU that exists.",
        variants=(
            Variant(
                WSL,
                "WSL2",
                "Under WSL2 the GPU is reached only through the Windows driver's stub /usr/lib/wsl/lib/libcuda.so: "
                "a Linux NVIDIA driver installed in the distro (a .run installer, nvidia-driver-* / "
                "libnvidia-compute-* packages, or a CUDA 'cuda' meta-package that pulls a driver) shadows it and "
                "finds no device. Remove that driver (`sudo apt purge 'nvidia-*' 'libnvidia-*'`; install the CUDA "
                "toolkit with the cuda-toolkit-XX-Y package only), check `ldconfig -p | grep libcuda` lists the "
                "/usr/lib/wsl/lib copy first (quick workaround: `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:"
                "$LD_LIBRARY_PATH`), and keep the Windows NVIDIA driver current.",
                strict=True,
            ),
            # issue 36, round thirty-three: a Windows program (an encoder's own device check, an .exe, a drive
            # path, nvcuda.dll) that finds no device while the machine has one: the GPU is hidden from that one
            # program, most often by security software that runs it sandboxed
            Variant(
                r"No GPU found suitable for NVEnc|\bNVEncC?(?:64)?\b|\.exe\b|(?<![\w/])[A-Za-z]:\\|\bnvcuda\.dll\b",
                "a Windows program (one program finds no GPU)",
                "On Windows, check first whether only this program misses the GPU: `nvidia-smi` in a command prompt "
                "lists it and other CUDA programs use it. Then the driver is fine and something runs this executable "
                "without access to the GPU: security software that sandboxes or auto-contains programs (a firewall "
                "or antivirus suite's sandbox, 'auto-containment', an application-control policy; new or updated "
                "executables are its usual targets) or a restricted launcher. Add the program (and the GUI that "
                "starts it) to that software's trusted / excluded list or turn its sandbox off for it, then rerun. On "
                "a laptop with two GPUs, also set the program to the NVIDIA GPU (Windows' Graphics settings: 'High "
                "performance', or the NVIDIA Control Panel). If `nvidia-smi` fails too, reinstall the NVIDIA driver "
                "(Device Manager must show the GPU without an error code).",
                strict=True,
            ),
        ),
        # TensorFlow's / JAX's start-up notice on a host without a GPU is no-gpu-visible's (it runs on the CPU)
        unless=r"failed call to cuInit|operation cuInit\(0\) failed",
        loose=True,
        alternatives=("no-gpu-visible", "no-nvidia-gpu"),
        weight=64,
        applies="programs on the CUDA driver API (Taichi, Genesis, Numba, CuPy, JAX, TensorFlow, Warp)",
        shown_by=(_test("test_cuinit_finds_no_device"),),
        example="[E 12/20/24 08:45:40.689 2984] [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_NO_DEVICE: no "
        "CUDA-capable device is detected while calling init (cuInit)",
        example_source="https://github.com/Genesis-Embodied-AI/Genesis/issues/114 (Taichi's cuda_driver.h)",
    ),
    KnownError(
        "build-host-compiler-too-old",
        "Host C++ compiler too old for torch's headers (gcc 4.x / 5, 'Your compiler ... may be ABI-incompatible')",
        r"Your compiler \([\w+.-]{1,20} [1-4]\.\d{1,2}(?:\.\d{1,2})?\) may be ABI-incompatible"
        r"|use a compiler that is ABI-compatible with GCC 5\.0 and above"
        r"|This file requires compiler and library support for the (?:upcoming )?ISO C\+\+ 2011"
        r"|unrecognized command[- ]line option ['\"\u2018]?-std=(?:c|gnu)\+\+(?:1[47z]|17|0x)"
        r"|gcc(?:-| version )[1-4]\.\d{1,2}(?:\.\d{1,2})?[^\n]{0,80}C\+\+1[47] or later"
        # torch's headers refusing a compiler in C++98 mode (c10's bundled MPark.Variant: "MPark.Variant requires C++11
        # support"), and torch 1.x's ATen check ("C++14 or later compatible compiler is required to use ATen"), under
        # a build that passes -std itself (cpp_extension): a gcc 4.x that does not honour it (issue 36, round fifty)
        r"|MPark\.Variant requires C\+\+11 support|C\+\+1[14] or later compatible compiler is required to use ATen"
        # issue 36, round twenty-five: a C++17 standard header the compiler's library does not have (torch 2.x's c10
        # headers include <string_view>, <optional>, <variant>): gcc's "fatal error: X: No such file or directory",
        # its strerror translated (glibc's zh_CN, de, fr, es, ja, ru wording, written from memory), clang's "'X'
        # file not found", MSVC's C1083
        rf"|(?:fatal error|致命错误|schwerwiegender Fehler|erreur fatale|error fatal)\s?[:：]\s?{_STD17}\s?[:：]\s?"
        r"(?:No such file or directory|没有那个文件或目录|Datei oder Verzeichnis nicht gefunden"
        r"|Aucun fichier ou dossier de ce (?:type|nom)|No existe el (?:fichero|archivo) o (?:el )?directorio"
        r"|そのようなファイルやディレクトリはありません|Нет такого файла или каталога)"
        rf"|fatal error: {_QUOTE}{_STD17}{_QUOTE} file not found|Cannot open include file: {_QUOTE}{_STD17}{_QUOTE}",
        "The C++ compiler the build runs is older than torch's headers accept: gcc 4.x does not know C++14 / C++17 "
        "and uses the pre-C++11 ABI (torch's cpp_extension warns 'Your compiler (c++ 4.8.5) may be ABI-incompatible "
        "with PyTorch!'), so no -std flag can help; a compiler whose standard library has no C++17 headers "
        "(<string_view>, <optional>: gcc before 7, Visual Studio 2015) stops at torch's c10 headers with 'fatal "
        "error: string_view: No such file or directory'; old system compilers on CentOS 7 / Amazon Linux / "
        "SageMaker images are the usual case.",
        "Build with a newer compiler (GCC 9+ for torch 2.x; >= 5 for torch 1.x): without root `conda install -c "
        "conda-forge gxx_linux-64=11` (or devtoolset / gcc-toolset on RHEL and CentOS: `scl enable devtoolset-11 "
        "bash`), then point the build at it: `export CC=<new gcc> CXX=<new g++> CUDAHOSTCXX=$CXX`, clear the "
        "build / torch extensions cache (~/.cache/torch_extensions) and rebuild or reinstall the package; nvcc must "
        "accept that gcc (its host_config.h range).",
        variants=(
            Variant(
                rf"Cannot open include file: {_QUOTE}{_STD17}|\bC1083\b",
                "Visual Studio (MSVC)",
                "The Visual Studio compiler that ran has no C++17 standard library (Visual Studio 2015 and older): "
                "torch 2.x needs Visual Studio 2019 or 2022 with the 'Desktop development with C++' workload. "
                "Install it, build from its 'x64 Native Tools Command Prompt' (set DISTUTILS_USE_SDK=1 so setup.py "
                "keeps that compiler) and rebuild or reinstall the package; nvcc must accept that Visual Studio.",
            ),
        ),
        weight=86,
        applies="C++ / CUDA extension builds (torch cpp_extension JIT, DeepSpeed ops, setup.py) on old system "
        "compilers",
        shown_by=(_test("test_host_compiler_too_old"),),
        example="Your compiler (c++ 4.8.5) may be ABI-incompatible with PyTorch!\nPlease use a compiler that is "
        "ABI-compatible with GCC 5.0 and above.",
        example_source="https://github.com/deepspeedai/DeepSpeed/issues/1435; torch/utils/cpp_extension.py "
        "(check_compiler_abi_compatibility's ABI_INCOMPATIBILITY_WARNING)",
    ),
    KnownError(
        "enclave-no-gpu",
        "CUDA inside an SGX / Gramine / TDX enclave (the enclave has no GPU access)",
        r"\bgramine(?:-sgx|-direct)?\b|\bocclum\b|\benclave\b|\bIntel SGX\b|\bSGX (?:mode|driver|device)",
        "The program runs inside a confidential-computing sandbox (an Intel SGX enclave under Gramine or Occlum, a "
        "TDX / SEV guest without GPU passthrough): the enclave cannot reach the GPU's device files or the driver's "
        "ioctls, so CUDA's initialisation fails (error 304 'OS call failed or operation not supported', 100 'no "
        "CUDA-capable device', 'Found no NVIDIA driver') and torch.cuda.is_available() is False.",
        "No setting inside the enclave gives it a GPU: run the CUDA part outside the enclave (only the code that "
        "needs SGX's protection inside it), run the model on the CPU inside SGX, or use a confidential-computing "
        "setup that supports GPUs (an H100 in confidential-computing mode with a TDX / SEV-SNP guest).",
        requires=r"CUDA|cuda[\w.]{0,40}\(|cudaGetDeviceCount|\bcuInit\b|NVIDIA|\bGPU",
        weight=92,
        applies="Gramine / Occlum SGX enclaves, TDX / SEV guests without GPU passthrough",
        shown_by=(_test("test_cuda_inside_an_enclave"),),
        example="gramine-sgx ./pytorch pytorchexample.py\nUserWarning: CUDA initialization: Unexpected error from "
        "cudaGetDeviceCount(). Error 304: OS call failed or operation not supported on this OS",
        example_source="https://github.com/gramineproject/examples/issues/97",
    ),
)
