"""GPU applications outside deep learning in their own words (issue 36, round thirty-three): a renderer that offers
no GPU (Blender / UPBGE Cycles' "No compatible GPUs found for Cycles"), an application's precompiled CUDA kernel
files that could not be loaded (xpra's fatbin kernels, a cuModuleLoad of a .ptx / .cubin / .fatbin file that is not
there), an optional codec module skipped in a start-up listing for a library that is not installed (a notice), and a
GPU miner's NVML monitoring warnings (a notice). The round's other classes widen the rows their answers belong to:
the Windows loader's entry-point dialog for a driver API function in any language (table's cuda-driver-insufficient),
cuInit finding no device for one Windows program (host_setups' cuinit-no-device), NVEncC's cuvid decoder refusing the
input (video's nvdec-stream-unsupported), a miner without a kernel for the GPU's compute capability (table's
gpu-arch-unsupported) and a miner's dataset larger than the free GPU memory (table's gpu-out-of-memory).

Each pattern is keyed to the application's own wording (the file is named in each row's ``example_source``); names,
numbers and paths are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round33_v33apps.py")
_R56 = tests_in("tests/troubleshooting/test_round56_v56.py")
_R57 = tests_in("tests/troubleshooting/test_round57_v57.py")
_R58 = tests_in("tests/troubleshooting/test_round58_v58.py")

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "app-cycles-no-compatible-gpu",
        "Blender Cycles: 'No compatible GPUs found for Cycles' (its CUDA / OptiX device list is empty)",
        r"No compatible GPUs found for Cycles"
        r"|Requires NVIDIA GPU with compute capability \d{1,2}\.\d",
        "Cycles lists a CUDA / OptiX device only when three things hold: the build carries Cycles' CUDA kernels "
        "(official releases do; a build from source has them only when configured with the CUDA toolkit and "
        "WITH_CYCLES_CUDA_BINARIES, or compiles them at run time when a toolkit is found), the GPU reaches the "
        "compute capability the message names, and the driver is new enough for the CUDA the kernels were built "
        "with. Any one missing leaves the list empty with this message.",
        "Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`) against the "
        "one the message names: below it, this release cannot use the GPU (use an older Blender release that still "
        "supports it, or render on the CPU). At or above it: update the NVIDIA driver, and if the program was built "
        "from source (Blender, UPBGE, a fork), the build has no CUDA kernels: install the CUDA toolkit, configure "
        "with -DWITH_CYCLES_CUDA_BINARIES=ON (CUDA_TOOLKIT_ROOT_DIR pointing at the toolkit; "
        "CYCLES_CUDA_BINARIES_ARCH listing the GPU's sm_XY) and rebuild, or use an official release, which ships "
        "the kernels. `blender --debug-cycles` prints why each device was left out.",
        variants=(
            Variant(
                r"\bcmake\b|\bmake\b|built from source|compiled? (?:it )?(?:from source|myself)|\bbuild(?:ing)? "
                r"(?:from source|it myself)|WITH_CYCLES|CUDA_TOOLKIT_ROOT_DIR",
                "a build from source",
                "A build from source has Cycles' CUDA kernels only when it was configured with the CUDA toolkit: "
                "install the toolkit, configure with -DWITH_CYCLES_CUDA_BINARIES=ON and CUDA_TOOLKIT_ROOT_DIR "
                "pointing at it (CYCLES_CUDA_BINARIES_ARCH may list only the GPU's sm_XY to build faster), rebuild "
                "and check the kernel files (kernel_sm_XY.cubin) are in the build's lib/ folder; or use an official "
                "release, which ships them. Also check the driver is new enough for that toolkit (`nvidia-smi`).",
            ),
        ),
        weight=72,
        applies="Blender's Cycles renderer and the programs that embed it (UPBGE, Bforartists, Blender forks)",
        shown_by=(_test("test_cycles_offers_no_gpu"),),
        example="No compatible GPUs found for Cycles\nRequires NVIDIA GPU with compute capability 5.0",
        example_source="blender/blender intern/cycles/blender/addon/properties.py "
        "(CyclesPreferences._draw_devices: 'No compatible GPUs found for Cycles', 'Requires NVIDIA GPU with compute "
        "capability %s')",
    ),
    KnownError(
        "app-precompiled-kernel-missing",
        "An application's precompiled CUDA kernel file could not be loaded ('failed to load module from buffer for "
        "...'; cuModuleLoad: file not found)",
        r"Error: failed to load module from buffer for '?\w{1,80}'?"
        r"|Error: failed to load CUDA bin file '?[^'\n]{1,300}"
        r"|cuModuleLoad(?:DataEx|Data|FatBinary)? failed: file not found"
        r"|CUDA_ERROR_FILE_NOT_FOUND[^\n]{0,200}\.(?:ptx|cubin|fatbin)\b"
        r"|\.(?:ptx|cubin|fatbin)\b[^\n]{0,200}CUDA_ERROR_FILE_NOT_FOUND",
        "The application ships its CUDA kernels precompiled (.fatbin / .cubin / .ptx files in its data folder) and "
        "loads them at start-up with the CUDA driver (cuModuleLoad / module_from_buffer): the file is not where it "
        "looks (a distribution package that left the kernel folder out, a build that did not compile them, a path "
        "of the build tree), or it was compiled for a newer CUDA or another GPU architecture than this driver and "
        "GPU run, so the GPU part of the application (an encoder, a filter) is disabled.",
        "Find the folder the application loads its kernels from (often a 'cuda' folder in its data directory under "
        "/usr/share/<application>; run it with debug logging to see the path) and check the .fatbin / .cubin / .ptx "
        "files are there: if not, install a package that includes them (the upstream repository's packages, or a "
        "newer release of the distribution's) or build them from source (the project's kernel build step with nvcc) "
        "and install them there. If they are there, they were built for another CUDA or GPU: rebuild them with the "
        "CUDA toolkit the driver supports (`nvidia-smi` shows its highest) for the GPU's architecture, or update the "
        "driver.",
        variants=(
            Variant(
                r"no kernel image|device kernel image is invalid|invalid device function|UNSUPPORTED_PTX_VERSION"
                r"|unsupported toolchain|INVALID_PTX|INVALID_SOURCE|NO_BINARY_FOR_GPU",
                "kernels built for another CUDA or GPU",
                "The kernel file was found but the driver refused it: it was compiled for a newer CUDA than the "
                "driver runs, or for other GPU architectures without PTX for this one. Rebuild the kernels with the "
                "CUDA toolkit the driver supports (`nvidia-smi` shows its highest CUDA) for this GPU's sm_XY (or with "
                "compute_XY PTX), or update the NVIDIA driver.",
                strict=True,
            ),
        ),
        weight=74,
        applies="applications that ship precompiled CUDA kernels (xpra's NVENC / colour-conversion kernels, "
        "pycuda-based programs, native programs using cuModuleLoad)",
        shown_by=(_test("test_precompiled_kernel_files_not_loadable"),),
        example="Error: failed to load module from buffer for 'ARGB_to_NV12'\n cannot load nvenc (nvenc encoder)",
        example_source="Xpra-org/xpra xpra/codecs/cuda_common/cuda_context.py (get_CUDA_function: 'Error: failed to "
        "load CUDA bin file %s', 'Error: failed to load module from buffer for %s'); pycuda's cuModuleLoad "
        "LogicError ('cuModuleLoad failed: file not found')",
    ),
    KnownError(
        "app-codec-module-skipped-notice",
        "A start-up listing of optional codec modules names a library that is not installed for one of them (a "
        "notice: that module is skipped, the others work)",
        r"^\s{0,4}\*\s{1,4}\w{2,40}\s{1,40}:\s{1,4}(?:lib[\w+-]{1,40}\.so(?:\.\d+){0,3}: cannot open shared object file"
        r"|No module named ')",
        "The application probes each optional codec module at start-up and prints one line per module: its file "
        "when it loaded, or the reason it is skipped. A line naming a missing library (a CUDA library of the "
        "major the module was built for) only means that one module is not available; the other "
        "modules (an NVENC encoder that says it initialised) work, and nothing failed.",
        "Nothing to fix unless that module is wanted: then install the library it names in the major it names "
        "(lib<name>.so.<N>: that CUDA library of major N, from the distribution's CUDA packages or NVIDIA's "
        "nvidia-<name>-cu<N> wheel on the library path) and restart the application. If something else does not work "
        "(the GPU encoder not used), that is its own question: check that module's own line in the listing and select "
        "it explicitly in the application's settings.",
        severity="notice",
        weight=45,
        applies="applications that list their optional codec modules at start-up (xpra's `xpra encoding` / "
        "codec loader)",
        shown_by=(_test("test_a_skipped_codec_module_is_a_notice"),),
        example="modules found:\n* dec_nvjpeg           : libnvjpeg.so.12: cannot open shared object file: No such "
        "file or directory",
        example_source="Xpra-org/xpra xpra/codecs/loader.py (the codec loader's listing: one '* <module> : <path or "
        "error>' line per module); the line as reported in Xpra-org/xpra#4423",
    ),
    KnownError(
        "app-miner-nvml-disabled-notice",
        "A GPU miner could not initialise NVML: GPU monitoring (temperature, fan, power) is disabled (a notice; mining "
        "goes on)",
        r"Can't initiali[sz]e NVML\. GPU monitoring will be disabled"
        r"|NVML is disabled\. You won't see GPUs? stats"
        r"|\bWARN: NVML error, code \d{1,4}\b"
        r"|\bNVML: can't get (?:fan speed|power|temperature|clocks?|memory clock|core clock)[\w ]{0,20}"
        r" for GPU #\d{1,2}"
        # issue 36, round fifty-six: PhoenixMiner's start-up line ("main Unable to load NVML", then "Starting GPU
        # mining") and MiniZ's health reader ("Cannot read health status! (is libnvidia-ml.so installed?)")
        r"|^[^\n]{0,60}\bmain Unable to load NVML\s*$"
        r"|\bCannot read health status! \(is libnvidia-ml\.so installed\?\)",
        "The miner reads temperatures, fan speed and power through NVML (the driver's nvml.dll / libnvidia-ml); it "
        "could not initialise it or a reading is not supported on this GPU (laptops and some boards report no fan "
        "or power), so it only disables its monitoring. Some driver releases shipped a broken NVML, which miners "
        "then worked around in their next release. Mining itself does not depend on it.",
        "Nothing to fix for mining: these are warnings. To get the statistics back, update the miner (its later "
        "release may work around the driver's NVML) or the NVIDIA driver (or go back to the last driver whose NVML "
        "worked), and check `nvidia-smi` runs (it uses the same NVML). If mining did stop, the cause is another "
        "line: give explain the lines after these warnings.",
        severity="notice",
        weight=40,
        applies="GPU miners that monitor the GPU through NVML (T-Rex, PhoenixMiner, MiniZ and others), Windows and "
        "Linux",
        shown_by=(_test("test_miner_nvml_warnings_are_notices"),),
        example="WARN: NVML error, code 1\nNVIDIA Driver version N/A\nWARN: Can't initialize NVML. GPU monitoring "
        "will be disabled.",
        example_source="T-Rex miner's start-up log (closed source; its wording as T-Rex prints it, trexminer/T-Rex "
        "issues 108 and 957)",
    ),
    # issue 36, round fifty-six: a DCGM client whose host engine does not answer (DCGM's error table:
    # DCGM_ST_CONNECTION_NOT_VALID = -21, "Host engine connection invalid/disconnected")
    KnownError(
        "dcgm-hostengine-not-connected",
        "DCGM: 'Host engine connection invalid/disconnected' (-21; the client found no DCGM host engine, "
        "nv-hostengine, to talk to)",
        r"\bHost engine connection invalid/disconnected\b|\bDCGM_ST_CONNECTION_NOT_VALID\b"
        r"|\bError connecting to nv-hostengine\b|\bdcgmConnect(?:_v\d)?\(\) failed\b",
        "The program is a client of NVIDIA's DCGM (dcgmi, dcgm-exporter pointed at a remote engine, a "
        "monitoring sampler such as LDMS's dcgm_sampler, a scheduler plugin): it connects to DCGM's host engine "
        "(nv-hostengine, run by the nvidia-dcgm service; TCP port 5555 or a unix socket) and nothing answered: "
        "the service is not installed or not running on that node, it listens on another address, port or socket "
        "(inside another container), or it is of another DCGM major than the client's library.",
        "Start the host engine on the node and keep it running: `sudo systemctl --now enable nvidia-dcgm` (older "
        "packages: dcgm.service; or run `sudo nv-hostengine`), then check `dcgmi discovery -l` lists the GPUs; start "
        "the client after it (a service's After=/Requires= on nvidia-dcgm). If the engine runs elsewhere, give the "
        "client its address (dcgm-exporter's -r host:5555, the sampler's host option), and install the same DCGM "
        "release for client and engine (`dcgmi --version`, `nv-hostengine --version`).",
        weight=84,
        applies="DCGM clients (dcgmi, dcgm-exporter in remote mode, LDMS dcgm_sampler, Slurm / monitoring plugins)",
        shown_by=(_R56("test_gpu_tools_outside_deep_learning"),),
        example="ERROR     : dcgm_sampler dcgmConnect() failed: Host engine connection invalid/disconnected(-21)",
        example_source="DCGM's dcgm_structs.h (DCGM_ST_CONNECTION_NOT_VALID = -21) and its errorString table",
    ),
    # issue 36, round fifty-seven: Leela Zero's check of its OpenCL network against the CPU at start-up (src/Network.cpp
    # and OpenCLScheduler: "Error in OpenCL calculation: ...", then "Both single precision and half precision failed
    # to run.", "Failed to initialize net.")
    KnownError(
        "app-leelaz-opencl-self-check-failed",
        "Leela Zero: 'Error in OpenCL calculation' / 'Both single precision and half precision failed to run' (the "
        "GPU's OpenCL gives wrong results or none)",
        r"\bError in OpenCL calculation: Update your GPU drivers\b"
        r"|\bBoth single precision and half precision failed to run\b",
        "At start-up Leela Zero runs its network on the GPU through OpenCL and compares the result with the CPU's; "
        "here the OpenCL results were wrong (or the kernels failed) in both precisions, so it refuses the GPU and "
        "exits ('Failed to initialize net.'), and a GUI that launched it (Lizzie, Sabaki) only sees the engine "
        "die. The GPU's OpenCL driver is the cause: an old or broken driver, macOS's deprecated OpenCL (Apple "
        "silicon, some AMD / Intel GPUs), or an integrated GPU's OpenCL that cannot run the kernels.",
        "Update the GPU driver (the vendor's own, with its OpenCL ICD) and run the engine alone once "
        "(`leelaz --gtp -w <weights>`) to see whether the check passes; if the machine's OpenCL cannot run it "
        "(macOS on Apple silicon, an old integrated GPU), use the CPU-only build (built with -DUSE_CPU_ONLY=1, or "
        "the release's CPU binary) or another engine build / backend, and point the GUI at that binary.",
        weight=84,
        applies="Leela Zero (and GUIs that launch it: Lizzie, Sabaki), OpenCL builds",
        shown_by=(_R57("test_a_projects_own_helper_library_and_an_opencl_self_check"),),
        example="Error in OpenCL calculation: Update your GPU drivers or reduce the amount of games played "
        "simultaneously.\nBoth single precision and half precision failed to run.",
        example_source="leela-zero src/Network.cpp (the OpenCL self-check at initialisation), as the engine prints it",
    ),
    # issue 36, round fifty-eight: NVIDIA Parabricks' check of the GPUs it may use ("[Parabricks Options Error]: Could
    # not find accessible GPUs. Please make sure the container options enable GPUs")
    KnownError(
        "app-parabricks-no-accessible-gpus",
        "Parabricks: 'Could not find accessible GPUs' (no GPU in the container, or none with the memory it needs "
        "without --low-memory)",
        r"\bCould not find accessible GPUs\. Please make sure the container options enable GPUs",
        "pbrun counts the GPUs it may use before it starts: none is visible in its container (docker / singularity "
        "run without --gpus / --nv, a scheduler that gave the job no GPU), or the GPUs it sees have less memory "
        "than the tool needs in its default mode (16 GB-class cards and smaller need the --low-memory option), "
        "which it reports the same way.",
        "Check the container sees the GPUs: `nvidia-smi` inside it (docker run --gpus all, singularity --nv, the "
        "workflow's GPU runtime attributes); if it lists them and they have less memory than Parabricks' "
        "requirement for the tool, add --low-memory to the pbrun command (fq2bam, haplotypecaller) or run on GPUs "
        "with more memory; --num-gpus must not exceed the GPUs the job got.",
        weight=84,
        applies="NVIDIA Clara Parabricks (pbrun) in Docker, Singularity and workflow managers (WDL / Cromwell, "
        "Nextflow)",
        shown_by=(_R58("test_a_simulators_graphics_and_a_genomics_pipelines_gpus"),),
        example="[Parabricks Options Error]: Could not find accessible GPUs. Please make sure the container options "
        "enable GPUs",
        example_source="NVIDIA Parabricks pbrun's option check (its 'Parabricks Options Error' for no usable GPU)",
    ),
)
