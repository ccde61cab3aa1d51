"""GPU runtimes reached from other languages and desktop apps (issue 36, round ten): the failures that have no row of
their own elsewhere. A pinned (page-locked) host allocation that fails (llama.cpp's ggml_cuda_host_malloc, CUDA's
cudaHostAlloc / cudaHostRegister, torch's pin-memory thread, TensorFlow's pinned host allocator), onnxruntime's
provider options read as an enum it does not know (a binding of another version than the native library), and a
desktop app that could not download its CUDA backend. Each pattern is keyed to the library's own wording (ggml-cuda's
"failed to allocate %.2f MiB of pinned memory", onnxruntime's core/framework/provider_options_utils.h, Jan's download
toast); sizes, names and numbers are read from the text, never written into a pattern. The rows these languages share
with Python (libtorch's missing CUDA half, .NET's DllNotFoundException, CUDA.jl's driver lookup, cgo's flags, cargo's
build scripts) are variants of the core and domain rows they belong to.
"""

from __future__ import annotations

from ..entry import DOTNET_NATIVE_LOADER, WSL, KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round10_bind.py"
_R16 = "tests/troubleshooting/test_round16_p16rank.py"
_R30 = "tests/troubleshooting/test_round30_v30lang.py"
_R33 = "tests/troubleshooting/test_round33_v33zk.py"
_R39 = "tests/troubleshooting/test_round39_v39apps.py"
_R48 = tests_in("tests/troubleshooting/test_round48_v48driver.py")
#: NVIDIA's OpenCL compiler's build-log line: it names the program's source "<kernel>" ("<kernel>:112:21: error: ...")
_NV_OPENCL_LOG = r"<kernel>:\d{1,6}:\d{1,4}: error: "

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "cuda-pinned-host-memory",
        "Pinned (page-locked) host memory could not be allocated (cudaHostAlloc / cudaHostRegister failed)",
        r"\bcuda(?:HostAlloc|MallocHost|HostRegister)\w{0,12}\b[^\n]{0,120}(?:failed|error|out of memory)"
        r"|cudaHostRegister\([^)\n]{1,80}\)|\bcuMem(?:HostAlloc|AllocHost|HostRegister)\w{0,5}\b[^\n]{0,80}(?:failed|error)"
        r"|could not allocate pinned host memory|Caught \w{1,40} in pin memory thread"
        r"|(?:pinned|page-locked) (?:host )?memory allocation failed|failed to alloc \d{1,14} bytes on host"
        # torch's bare "CUDA error: out of memory" raised by a pinned allocation the traceback shows on the line
        # above it (torch.empty(..., pin_memory=True), tensor.pin_memory(): the CUDA host allocator's cudaHostAlloc)
        # (issue 36, round thirty-three)
        r"|(?:\bpin_memory ?= ?True\b|\.pin_memory\(\))[^\n]{0,200}\n(?:[^\n]{0,300}\n){0,2}?[^\n]{0,80}"
        r"CUDA error: out of memory",
        "Pinned host memory (RAM the GPU copies from directly) is a scarce OS resource, separate from GPU memory: a "
        "large pinned buffer fails when the OS will not lock that much RAM (a container's memlock limit, WSL2's or "
        "Windows' limit, too little free RAM), or when the driver and the prebuilt binary's CUDA runtime disagree "
        "after an update; fewer layers on the GPU make the host buffer larger, not smaller.",
        "Use less (or no) pinned memory: turn pinning off in the program (torch: `DataLoader(pin_memory=False)`; "
        "llama.cpp-based apps: `GGML_CUDA_NO_PINNED=1`), put more of the model on the GPU or use a smaller model / "
        "context so the host buffer shrinks, free RAM; in Docker raise the lock limit (`--ulimit memlock=-1`); "
        "after a driver update, reinstall the NVIDIA driver and use a build of the app made for that CUDA (a "
        "source build on the same system shows whether the prebuilt binary is at fault).",
        variants=(
            Variant(
                r"\A(?![\s\S]{0,300000}?pin memory thread)(?=[\s\S]{0,300000}?(?:\bpin_memory ?= ?True\b"
                r"|\.pin_memory\(\)))",
                "torch: a pinned tensor the program allocates itself (pin_memory=True / .pin_memory())",
                "torch reports a failed pinned (page-locked) host allocation as 'CUDA error: out of memory', but it "
                "is host RAM the OS would not lock, not GPU memory: `nvidia-smi` will show the GPU far from full. "
                "The line above the error allocates the pinned buffer: make such buffers smaller or fewer (one "
                "per worker thread adds up), allocate them without pin_memory=True (slower copies, same results), or "
                "let the OS lock more: free RAM, raise the lock limit (`ulimit -l`; Docker `--ulimit memlock=-1`). "
                "Under WSL2 pinned memory is much more limited than on native Linux: smaller pinned buffers, more "
                "memory for the VM in .wslconfig, or native Linux.",
            ),
            Variant(
                r"pin memory thread|pin_memory|\btorch\b",
                "torch (DataLoader pin_memory)",
                "The DataLoader's pin-memory thread could not pin a batch: `DataLoader(..., pin_memory=False)` (or "
                "fewer workers / a smaller batch / prefetch_factor); in Docker add `--ulimit memlock=-1 "
                "--shm-size=8g`; under WSL2 pinned memory is limited: raise the VM's memory in .wslconfig.",
            ),
            Variant(
                r"could not allocate pinned host memory|failed to alloc \d{1,14} bytes on host|\btensorflow\b",
                "TensorFlow",
                "TensorFlow's host allocator could not pin that much RAM: lower the batch / prefetch buffers, free "
                "RAM, raise the container's memlock limit (`--ulimit memlock=-1`); "
                "`TF_GPU_HOST_MEM_LIMIT_IN_MB` caps the pinned pool.",
            ),
        ),
        alternatives=("gpu-out-of-memory",),
        weight=94,  # the pinned failure is the cause of the "out of memory" the same thread reports
        applies="any CUDA program that pins host memory (torch, TensorFlow, C++ / CUDA programs)",
        shown_by=(f"{_SHOWN}::test_pinned_host_memory_in_its_own_words",),
        example="RuntimeError: Caught RuntimeError in pin memory thread for device 0.",
        example_source="torch's DataLoader (torch/utils/data/_utils/pin_memory.py, the pin-memory thread's wrapper)",
    ),
    KnownError(
        "ggml-pinned-memory",
        'llama.cpp / ggml could not pin its host buffer ("failed to allocate X MiB of pinned memory")',
        r"failed to allocate [\d.]{1,14} ?[KMG]i?B of pinned memory|\bggml_cuda_host_malloc\b",
        "ggml (llama.cpp and the apps built on it: koboldcpp, ollama, LM Studio, Jan) asks CUDA for pinned "
        "(page-locked) host memory for its CPU-side buffers; the OS or driver refused that much (a lock limit, too "
        "little free RAM, a driver / prebuilt-runtime mismatch after an update). ggml then falls back to ordinary "
        "RAM, so the line alone is slow copies, not the failure: if the app stops, the failure is the next error; "
        "fewer GPU layers make this host buffer larger, not smaller.",
        "Set the environment variable `GGML_CUDA_NO_PINNED=1` before starting the app so ggml uses ordinary RAM "
        "without trying; offload more layers / lower the context so the host buffer shrinks, or free RAM. If it "
        "began after a driver or system update, reinstall the driver, then update the app or build it from source "
        "against the installed CUDA (a source build that works points at the prebuilt binary). If the app stops "
        "after this line, explain the error that follows it.",
        severity="warns-of-failure",
        alternatives=("cuda-pinned-host-memory", "gpu-out-of-memory"),
        weight=78,  # above buffer-size-mismatch (70), which reads its "invalid argument" as a copy into a buffer
        applies="llama.cpp (ggml-cuda) and the apps built on it",
        shown_by=(f"{_SHOWN}::test_pinned_host_memory_in_its_own_words",),
        example="ggml_cuda_host_malloc: failed to allocate 10965.24 MiB of pinned memory: invalid argument",
        example_source="LostRuins/koboldcpp#1158; ggml-cuda's ggml_cuda_host_malloc (its message when "
        "cudaMallocHost fails, before the fallback to a CPU buffer)",
    ),
    # ggml's CUDA check (issue 36, round sixteen): the CUDA error it prints is the cause of the abort or segfault
    # that follows (generic's native-crash is marked downstream)
    KnownError(
        "ggml-cuda-error",
        "llama.cpp / ggml: CUDA error N at ggml-cuda.cu:LINE (ggml's CUDA check failed; the crash after it follows)",
        r"CUDA error \d{1,4} (?:at|in) [\w./\\:-]{0,200}ggml[\w./\\-]{0,80}\.cuh?:\d{1,6}"
        r"|current device: -?\d{1,2}, in function \w{1,80} at [\w./\\:-]{0,200}ggml[\w./\\-]{0,80}\.cuh?:\d{1,6}",
        "ggml's CUDA backend (llama.cpp and the programs built on it: ollama, koboldcpp, whisper.cpp, PowerInfer) "
        "checks every CUDA call and aborts on the first that fails; the segmentation fault or abort after it is its "
        "consequence. The message is CUDA's: 'invalid argument' (1) most often comes from pinned host memory the "
        "platform limits (WSL2, a container's memlock limit) or a copy that does not fit its buffer; 'out of "
        "memory' (2) from layers that do not fit the GPU.",
        "Read the CUDA call ggml names (newer builds print it under 'current device'). For 'invalid argument': "
        "set `GGML_CUDA_NO_PINNED=1` (no pinned host buffers) and offload fewer layers (-ngl), update the driver "
        "(under WSL2 the Windows driver) and the build (or rebuild it from source against the installed CUDA); for "
        "'out of memory': lower -ngl and the context size. If the error stays, report the call and the line.",
        variants=(
            Variant(
                r"failed to launch on the GPU|in function ggml_cuda_op_mul_mat_cublas|cublas\w{0,20}\(",
                "a cuBLAS GEMM that could not launch",
                "ggml's cuBLAS matrix multiply failed on the device it names: retry on one GPU (no split across "
                "devices: CUDA_VISIBLE_DEVICES=0, --main-gpu / -sm none, no 'cuda0&cuda1'), with "
                "CUDA_LAUNCH_BLOCKING=1 to find the failing kernel, and with the quantized MMQ path instead of cuBLAS "
                "(a quantized model; a build with GGML_CUDA_FORCE_MMQ=ON); if cuBLAS still cannot launch on that card "
                "(cut-down mining boards such as CMP cards lack some kernels), run the model on a supported GPU or "
                "the CPU / Vulkan backend, and update the driver and the build.",
                strict=True,
            ),
            Variant(
                WSL,
                "under WSL2",
                "WSL2 limits pinned (page-locked) host memory and some CUDA calls that native Linux allows: start "
                "with `GGML_CUDA_NO_PINNED=1` and fewer GPU layers (-ngl), update the Windows NVIDIA driver (not a "
                "Linux one inside WSL) and the build, and compare with native Linux or Windows to confirm.",
            ),
        ),
        loose=True,
        alternatives=("ggml-pinned-memory", "cuda-pinned-host-memory"),
        weight=45,  # below the rows that read CUDA's message itself (out of memory, 304, an illegal address)
        applies="llama.cpp (ggml-cuda) and its forks and apps",
        shown_by=(f"{_R16}::test_a_ggml_cuda_error_before_the_crash",),
        example="CUDA error 1 in ggml-cuda.cu:8332: invalid argument, and then segmentation fault",
        example_source="Tiiny-AI/PowerInfer#63; ggml-cuda.cu's CUDA_CHECK ('CUDA error %d at %s:%d: %s') and "
        "ggml_cuda_error ('current device: %d, in function %s at %s:%d')",
    ),
    # issue 36, round forty-seven: ggml's own assert (or abort) inside its CUDA backend, with no CUDA error before it
    # (that one is ggml-cuda-error's): an op or tensor type this build's CUDA backend does not handle for the model.
    # ggml's older GGML_ASSERT printed "GGML_ASSERT: <file>:<line>: <cond>"; ggml_abort (ggml.c) prints "<file>:<line>:
    # GGML_ASSERT(<cond>) failed" or "<file>:<line>: fatal error" (GGML_ABORT in a switch's default case)
    KnownError(
        "ggml-cuda-assert",
        "llama.cpp / ggml: GGML_ASSERT (or a fatal error) in its CUDA backend, ggml-cuda.cu, aborts a run with "
        "layers on the GPU (an op or tensor type that build's CUDA backend lacks for the model)",
        r"GGML_ASSERT: [^\n]{0,300}ggml-cuda(?:\.cu|[\\/][\w.-]{1,80}\.cuh?):\d{1,6}: "
        r"|ggml-cuda(?:\.cu|[\\/][\w.-]{1,80}\.cuh?):\d{1,6}: (?:GGML_ASSERT\([^\n]{0,300}\) failed|fatal error)",
        "ggml checks its own assumptions in the CUDA backend and aborts when one fails, with no CUDA error behind "
        "it: the model's graph holds an operation or a tensor type (a quantization) that this build's CUDA "
        "backend does not implement for the model's architecture (new or less common architectures such as "
        "StarCoder, Falcon, MPT or a new MoE got CUDA support releases after their CPU support), so the layers put "
        "on the GPU reach a code path that gives up (often 'GGML_ASSERT(false)' or 'fatal error' in a switch over "
        "the op or type). With no layers on the GPU the CPU backend runs the same model.",
        "Confirm it is the CUDA backend: run the same model with no GPU layers (`-ngl 0` / n_gpu_layers=0); if that "
        "works, update llama.cpp (or the app or binding that bundles it) to a release whose CUDA backend supports "
        "this architecture and quantization, or keep it on the CPU until then (another quantization of the model "
        "can avoid an unsupported type). If the newest release still asserts, report the file, line and condition "
        "of the GGML_ASSERT with the model's architecture and quantization to llama.cpp.",
        variants=(
            Variant(
                r"llama_cpp\b|llama[_-]cpp[_-]python|from llama_cpp|Llama\(|n_gpu_layers",
                "llama-cpp-python",
                "Load the model with `Llama(model_path=..., n_gpu_layers=0)` to confirm the CPU backend runs it; "
                'then update the binding, which bundles its own llama.cpp: `CMAKE_ARGS="-DGGML_CUDA=on" pip '
                "install -U llama-cpp-python --force-reinstall --no-cache-dir` (older releases: -DLLAMA_CUBLAS=on) "
                "or a newer prebuilt CUDA wheel, to a release whose llama.cpp supports this architecture on CUDA; "
                "until then keep n_gpu_layers=0 for this model. If the newest release still asserts, report the "
                "assert's file and line with the model's architecture.",
            ),
        ),
        unless=r"CUDA error \d|!?\"CUDA error\"|\bout of memory\b",
        weight=76,  # above cpu-ggml-partial-offload (70): the offload notice before the abort is no answer
        applies="llama.cpp (ggml-cuda) and its bindings and apps (llama-cpp-python, koboldcpp, LM Studio, ollama)",
        shown_by=("tests/troubleshooting/test_round47_v47ggml.py::test_a_ggml_assert_in_the_cuda_backend",),
        example="llm_load_tensors: offloaded 6/43 layers to GPU\n....GGML_ASSERT: /src/llama.cpp/ggml-cuda.cu:5925: "
        "false",
        example_source="ggml's GGML_ASSERT (older ggml.h: 'GGML_ASSERT: %s:%d: %s'; newer ggml_abort: '%s:%d: "
        "GGML_ASSERT(%s) failed'), raised in ggml-cuda.cu",
    ),
    # issue 36, round thirty-nine: an app's own GPU check says no CUDA while llama.cpp's CUDA backend, in the same
    # log, lists the GPU and offloads layers to it: the app's line is wrong, the GPU is used
    KnownError(
        "app-no-cuda-warning-gpu-used",
        "An app's own 'No CUDA detected' / 'CUDA not available' line while llama.cpp's CUDA backend found the GPU "
        "(ggml_cuda_init: found N CUDA devices; a notice)",
        r"\bNo (?:CUDA|NVIDIA|GPU)(?: GPUs?| devices?)? (?:was |were )?(?:detected|found|available)\b"
        r"|\bCUDA (?:is )?not (?:detected|available|found)\b"
        r"|\bGPU (?:acceleration )?(?:is )?not (?:detected|available)\b",
        "The app checks for CUDA on its own (a probe of the system's GPUs, a driver or toolkit lookup, an "
        "environment it reads) before it starts its llama.cpp backend, and that check failed (under WSL, in a "
        "container or with a card its list does not know), but the backend's own start-up lines show that ggml's "
        "CUDA build found the GPU (ggml_cuda_init: found N CUDA devices) and offloads the model's layers to it. "
        "The app's line is a wrong guess, not the backend's state: the model runs on the GPU.",
        "Nothing to fix for GPU use: ignore the app's warning; the backend's lines (the device it lists, 'offloaded "
        "N/N layers to GPU', a CUDA0 buffer size) and `nvidia-smi` while it generates (its memory and utilisation) "
        "show the GPU in use. If generation is still slow, check how many layers were offloaded (raise the GPU "
        "layers setting) rather than CUDA. The app's check could ask the binding which GPU backend it loaded "
        "instead of probing the system itself.",
        requires=r"ggml_cuda_init: found [1-9]\d{0,1} CUDA devices?|\boffloaded [1-9]\d{0,3}/\d{1,4} layers to GPU\b"
        r"|\b(?:llm_)?load_tensors: {1,12}CUDA\d{1,2}(?: model)? buffer size",
        unless=r"ggml_cuda_init: failed to initialize CUDA|ggml_cuda_init: found 0 CUDA",
        severity="notice",
        weight=25,
        applies="apps on llama.cpp's CUDA build (node-llama-cpp agents, llama-cpp-python apps, desktop chat apps)",
        shown_by=(f"{_R39}::test_app_no_cuda_line_with_the_backend_on_the_gpu_is_a_notice",),
        example='["\u26a0 LlamaService: No CUDA detected - local response will be slow"]\nggml_cuda_init: found 1 CUDA '
        "devices:\n  Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes",
        example_source="elizaOS/eliza#1926 (the app's line); ggml-cuda.cu's ggml_cuda_init ('found %d CUDA "
        "devices') and llama.cpp's 'offloaded %d/%d layers to GPU'",
    ),
    # issue 36, round twenty-nine: a .NET binding's loader that found no native runtime it could use; with CUDA in
    # the text, cuda-library-major (its .NET variant) answers first
    KnownError(
        "dotnet-native-runtime-not-found",
        "A .NET binding found no native runtime it could load (Whisper.net: 'Native Library not found in default "
        "paths'; LLamaSharp: 'The native library cannot be correctly loaded')",
        DOTNET_NATIVE_LOADER,
        "The binding's managed code loads whisper.cpp / llama.cpp from the native runtime packages it ships "
        "separately (runtimes/<kind>/<rid> folders in the output): it tries them in order and skips one whose "
        "prerequisites are missing (a CUDA runtime when the CUDA runtime of its major cannot be loaded or no CUDA "
        "device is found, the CPU runtime on a CPU without AVX). When none is left it throws: no runtime package is "
        "referenced, the runtimes folder did not reach the output (a publish for another RuntimeIdentifier, a "
        "trimmed or single-file publish, a project that copies only the main assembly), or only a GPU runtime is "
        "installed and it was skipped.",
        "Reference the binding's CPU runtime package next to any GPU one (Whisper.net.Runtime, LLamaSharp."
        "Backend.Cpu), all at the binding's exact version; check that the build or publish output holds the "
        "runtimes folder for this platform (runtimes/win-x64, runtimes/linux-x64, with cuda / vulkan subfolders "
        "for the GPU packages; publish with the right -r <rid>). On a CPU without AVX use Whisper.net.Runtime."
        "NoAvx. For a GPU runtime, install what it needs (the CUDA toolkit of the package's CUDA major and a "
        "driver that supports it; the Vulkan runtime's driver) and turn the binding's debug log on (Whisper.net's "
        "LogProvider at Debug level) to see which runtime it skipped and why.",
        variants=(
            Variant(
                r"The native library cannot be correctly loaded|LLamaSharp|LLama\.Native",
                "LLamaSharp",
                "Install a LLamaSharp.Backend.* package (Cpu; a CUDA or Vulkan backend for a GPU, with the Cpu one "
                "beside it as the fallback) of the same version as LLamaSharp itself: a backend of another release "
                "has other native entry points. The "
                "CUDA backend needs the CUDA runtime of its major installed and a driver that supports it; on a "
                "machine without an NVIDIA GPU use the Cpu backend. If the backend is installed, a library its "
                "native llama.dll / libllama.so needs is missing: list them (`ldd` on Linux, `dumpbin /dependents` "
                "on Windows, `otool -L` on macOS), and install the Visual C++ runtime on Windows.",
            ),
        ),
        weight=84,  # above windows-dll-load's .NET variant (its DllNotFoundException is this loader's inner error)
        applies="Whisper.net, LLamaSharp and other .NET bindings with per-backend native runtime packages",
        shown_by=("tests/troubleshooting/test_round29_v29audio.py::test_a_dotnet_binding_that_loads_no_runtime",),
        example="System.IO.FileNotFoundException: Native Library not found in default paths.Verify you have have "
        "included the native Whisper library in your application, or install the default libraries with the "
        "Whisper.net.Runtime NuGet.",
        example_source="sandrohanea/whisper.net Whisper.net/LibraryLoader/NativeLibraryLoader.cs "
        "(LoadLibraryComponent)",
    ),
    KnownError(
        "ort-provider-option-enum",
        'onnxruntime: a provider option\'s value is not one it knows ("EnumToName Failed to map enum value")',
        r"Failed to map enum value to name:? ?-?\d{1,12}|EnumToName[^\n]{0,160}Failed to map enum value",
        "A provider option that onnxruntime reads as an enum (cudnn_conv_algo_search, arena_extend_strategy, the "
        "TensorRT provider's enums) arrived as a number it has no name for: a binding (C#, Java, Pascal, Rust, Go) "
        "written for another onnxruntime release passes the option struct with another layout, or marshals it "
        "wrongly, so onnxruntime reads other bytes as the enum.",
        "Use the binding with the native onnxruntime library of the release it was made for (the same version on "
        "both sides: the NuGet / crate / package version and the onnxruntime shared library loaded at run time). "
        "Prefer the key/value options API (CreateCUDAProviderOptions + UpdateCUDAProviderOptions with strings such "
        "as cudnn_conv_algo_search=HEURISTIC) to the legacy OrtCUDAProviderOptions struct, whose layout changes "
        "between releases; leave enum options out to take the defaults.",
        variants=(
            Variant(
                r"cudnn_conv_algo_search|arena_extend_strategy",
                "an option set by name",
                "The value given for that option is not one of its names: cudnn_conv_algo_search takes EXHAUSTIVE, "
                "HEURISTIC or DEFAULT; arena_extend_strategy takes kNextPowerOfTwo or kSameAsRequested (or their "
                "numbers 0 / 1 where the API takes an integer).",
            ),
        ),
        weight=82,
        applies="onnxruntime's CUDA / TensorRT providers from any language binding",
        shown_by=(f"{_SHOWN}::test_onnxruntime_options_from_a_binding",),
        example="Code [1]: D:\\a\\_work\\1\\s\\include\\onnxruntime\\core/framework/provider_options_utils.h:41 "
        "onnxruntime::EnumToName [ONNXRuntimeError] : 1 : FAIL : provider_options_utils.h:33 "
        "onnxruntime::EnumToName Failed to map enum value to name: 7297107",
        example_source="hshatti/TOnnxRuntime#4; onnxruntime core/framework/provider_options_utils.h (EnumToName)",
    ),
    KnownError(
        "app-gpu-backend-download",
        'A desktop app could not download its CUDA backend ("Download Failed - llamacpp-...-cuda-...")',
        r"Download(?:ing)? [Ff]ailed:? -? ?[\w.+-]{0,80}(?:cuda|cu1\d|cublas|cudart)[\w.+-]{0,60}"
        r"|[Ff]ailed to download [^\n]{0,80}(?:cuda|cu1\d|cublas|cudart)[\w.+-]{0,60}",
        "The app (Jan, LM Studio, koboldcpp's launcher and the like) fetches its llama.cpp CUDA backend (or the "
        "CUDA runtime libraries it needs) on first use; the download failed (no network, a proxy or firewall, an "
        "antivirus quarantining the archive, a release asset that does not exist for this version), so no GPU "
        "backend is installed and the app runs on the CPU or not at all.",
        "Retry the download from the app's settings (its engine / backend page) on a working connection, with the "
        "proxy set in the app if you need one; allow the app's folder in the antivirus; pick a backend whose CUDA "
        "fits your driver (a cu12 build needs a CUDA 12 driver: `nvidia-smi` shows the highest CUDA it supports); "
        "if the release asset is missing, update the app or install the backend archive by hand from the project's "
        "releases page (the app's 'install backend from file' option, where it has one).",
        weight=70,
        applies="desktop apps that download their GPU backend (Jan, LM Studio, koboldcpp, ollama's installers)",
        shown_by=(f"{_SHOWN}::test_an_app_that_could_not_fetch_its_cuda_backend",),
        example="Download Failed - llamacpp-b8795-win-avx-cuda-cu12-0-x64",
        example_source="janhq/jan#8090 (the app's download notification)",
    ),
    KnownError(
        "cudnn-binding-version",
        "A language binding of cuDNN was made for another cuDNN release than the libcudnn loaded (Lua cudnn.torch)",
        r"These bindings are for CUDNN \d[\w.]{0,6}|while the loaded CuDNN is version:? ?\d{3,6}"
        r"|libcudnn \(R\d{1,2}\) not found in library path|Are you using an older or newer version of CuDNN",
        "The binding (Lua Torch's cudnn.torch: one git branch per cuDNN major, R4 to R7) checks the version of the "
        "libcudnn it loaded (cudnnGetVersion) against the release it was written for and stops, or finds no libcudnn "
        "of that release on the library path.",
        "Install the binding's branch for the cuDNN you have (cudnn.torch: `git clone -b R7 "
        "https://github.com/soumith/cudnn.torch && cd cudnn.torch && luarocks make cudnn-scm-1.rockspec` for cuDNN 7), "
        "or install the cuDNN release the binding names; then make that libcudnn the one loaded: "
        "`export CUDNN_PATH=/path/to/libcudnn.so.N` (cudnn.torch reads it) or its folder first on LD_LIBRARY_PATH.",
        weight=86,
        applies="Lua Torch (cudnn.torch) and other bindings that check the cuDNN version they load",
        shown_by=("tests/troubleshooting/test_round14_q2bind.py::test_cudnn_binding_of_another_release",),
        example="These bindings are for CUDNN 5.x (5005 <= cudnn.version > 6000) , while the loaded CuDNN is "
        "version: 6021",
        example_source="soumith/cudnn.torch (R5 branch), ffi.lua's version check after cudnnGetVersion",
    ),
    KnownError(
        "trt-lazy-library-missing",
        "TensorRT 10 could not load a runtime library it loads on demand (Unable to load library: libnvinfer_lean / "
        "dispatch)",
        r"Unable to load library: lib(?:nvinfer_(?:lean|dispatch|vc_plugin)\w{0,20})\.so[\d.]{0,16}",
        "TensorRT 10 loads the builder resource library (when a builder is created) and the lean / dispatch runtimes "
        "(for version-compatible engines) only when needed, by their versioned file name, from the loader path; the "
        "file of that exact version is not there: an install or app image that copied libnvinfer.so.10 without them, "
        "or TensorRT packages of two versions mixed.",
        "Install the complete TensorRT of that version (the tarball's whole lib folder, or the libnvinfer-*/"
        "libnvinfer-lean / -dispatch packages of the same version, or `pip install tensorrt-cu12==<version>` whose "
        "tensorrt_libs folder holds them) and put that folder on LD_LIBRARY_PATH; `ldconfig -p | grep nvinfer` must "
        "list every nvinfer library at one version.",
        # a Python process whose TensorRT pip replaced under it has its own row (restart the interpreter)
        unless=r"Traceback \(most recent call last\)|\bimport tensorrt\b|\bpip install\b",
        alternatives=("process-state-after-install",),
        weight=90,
        applies="TensorRT 10 (C++ apps, trtexec, containers)",
        shown_by=(
            "tests/troubleshooting/test_round14_q2bind.py::test_tensorrt_lazily_loaded_library_missing_on_linux",
        ),
        example="[TRT] [E] 6: [libLoader.cpp::Impl::293] Error Code 6: API Usage Error (Unable to load library: "
        "libnvinfer_lean.so.10.3.0: libnvinfer_lean.so.10.3.0: cannot open shared object file: No such file or "
        "directory)",
        example_source="TensorRT 10's libLoader (its 'Unable to load library' API Usage Error when the lean runtime "
        "a version-compatible engine needs is missing)",
    ),
    KnownError(
        "trt-binding-name-unknown",
        "TensorRT: the code asks for an input / output name the engine does not have (Cannot find binding of given "
        "name)",
        r"Cannot find binding of given name:? ?[\w./:-]{0,120}|Invalid tensor name:? ?[\w./:-]{1,120}"
        r"|getBindingIndex(?:\([^)\n]{0,80}\))? returned -1",
        "The app looks up an input or output by a name (getBindingIndex / getTensorShape / setTensorAddress) that "
        "this engine does not have: the engine was built from a model whose tensors are named differently (another "
        "export, another opset, a model the code was not written for), or the code hard-codes names of another "
        "model; the index -1 that follows then breaks the next call.",
        "List the engine's I/O names (Python: [engine.get_tensor_name(i) for i in range(engine.num_io_tensors)]; "
        "C++: engine->getIOTensorName(i); or `polygraphy inspect model model.engine`) and use those names in the "
        "code or its config, or export the model again with the names the app expects (torch.onnx.export's "
        "input_names / output_names) and rebuild the engine.",
        # DeepStream's nvinfer names the same lookup in its config's terms (its own row)
        unless=r"NvDsInfer|gstnvinfer|Could not find output layer",
        weight=76,
        applies="TensorRT engines used from C++ or Python apps (tensorrtx, infer, jetson-inference ...)",
        shown_by=("tests/troubleshooting/test_round14_q2bind.py::test_an_engine_without_the_name_the_app_asks_for",),
        example="[E] [TRT] 3: Cannot find binding of given name: output",
        example_source="TensorRT 8's ICudaEngine::getBindingIndex (its API Usage error for an unknown name)",
    ),
    # ---- issue 36, round thirty: GPU code from other languages and media tools, in their own words ----------------
    KnownError(
        "cuinit-unknown-error",
        "cuInit failed with CUDA_ERROR_UNKNOWN (999): the driver could not start CUDA (a binding's direct call)",
        # the driver API's cuInit returning 999 as a binding's call shows it (Julia's `@show ccall((:cuInit, ...),
        # Cint, (Cint,), 0)` = 999; a C / Rust / Java program printing cuInit's result); XLA's "failed call to
        # cuInit" / "operation cuInit(0) failed" lines are host-cuinit-failed's
        r"\bcuInit\b[^\n]{0,160}(?:\)\s{0,2}=|\breturn(?:ed|s)?\b|->)\s{0,3}(?:CUDA_ERROR_UNKNOWN\b|999\b)"
        # TensorFlow's StreamExecutor creating the device's context (stream_executor/cuda/cuda_driver.cc: "failed call
        # to cuDevicePrimaryCtxRetain: CUDA_ERROR_UNKNOWN", older releases' cuCtxCreate) (issue 36, round thirty-nine)
        r"|failed call to cu(?:DevicePrimaryCtxRetain|CtxCreate(?:_v2)?): CUDA_ERROR_UNKNOWN\b"
        # its CHECK of a primary-context call (cuda_driver.cc: "Check failed: CUDA_SUCCESS ==
        # cuDevicePrimaryCtxGetState(...) (0 vs. 303)"), which aborts the process (issue 36, round sixty)
        r"|Check failed: CUDA_SUCCESS == cu(?:DevicePrimaryCtx\w{3,20}|CtxCreate\w{0,4})\([^\n]{0,200}\) "
        r"\(0 vs\. \d{1,4}\)",
        "cuInit, the driver API's first call, returned CUDA_ERROR_UNKNOWN (999): the NVIDIA driver is installed "
        "(libcuda loaded) but could not bring up the GPU: it is powered off (a hybrid-graphics laptop whose NVIDIA "
        "GPU runs only for programs started on it), its kernel modules are broken after a suspend or a driver update "
        "without a reboot (nvidia_uvm), or the process cannot reach the device files (a container or sandbox).",
        "Check `nvidia-smi` started the same way as the program; reload the UVM module (`sudo rmmod nvidia_uvm && "
        "sudo modprobe nvidia_uvm`) or reboot after a suspend or a driver update; in a container start it with "
        "`--gpus all`; then call cuInit again.",
        variants=(
            Variant(
                r"\boptirun\b|\bprimusrun\b|\bbumblebee|\bbbswitch\b|\bOptimus\b|prime-select|\bprime-run\b"
                r"|__NV_PRIME_RENDER_OFFLOAD|\bLaptop GPU\b|Hybrid Graphics|_gl_conf\b",
                "a hybrid-graphics laptop (Optimus: the NVIDIA GPU is off unless a program runs on it)",
                "On a hybrid-graphics (Optimus) laptop the NVIDIA GPU is powered off while the integrated GPU drives "
                "the desktop, and cuInit then returns 999: start the program on the NVIDIA GPU (Bumblebee: "
                "`optirun <program>` or `primusrun`; PRIME offload: `prime-run <program>`), or switch the machine "
                "to the NVIDIA GPU (`sudo prime-select nvidia` and log in again, or the firmware's discrete-graphics "
                "mode). Keep the NVIDIA driver's GL libraries selected (`update-alternatives --config "
                "x86_64-linux-gnu_gl_conf` pointing at nvidia, not mesa): with Mesa's cuInit fails even under "
                "optirun. Check with `nvidia-smi` started the same way as the program.",
            ),
            # issue 36, round thirty-nine: TensorFlow's StreamExecutor got CUDA_ERROR_UNKNOWN creating the context
            Variant(
                r"failed call to cu(?:DevicePrimaryCtxRetain|CtxCreate(?:_v2)?): CUDA_ERROR_UNKNOWN"
                r"|Check failed: CUDA_SUCCESS == cu(?:DevicePrimaryCtx|CtxCreate)",
                "TensorFlow could not create the GPU's context (cuDevicePrimaryCtxRetain / cuCtxCreate)",
                "TensorFlow found a GPU but the driver failed when it created or queried the device's context "
                "(CUDA_ERROR_UNKNOWN, or the number its Check line gives: 303 is a library the driver could not "
                "initialise), so the session is not created. On a machine that should not use a GPU at all, hide "
                "it (CUDA_VISIBLE_DEVICES=-1), use tensorflow-cpu, or the program's option that avoids TensorFlow's "
                "GPU path. Otherwise check that `nvidia-smi` works and the GPU is the one in "
                "use (a laptop: set the program to the NVIDIA GPU in the NVIDIA Control Panel / Windows' graphics "
                "settings, or start it with prime-run), update or clean-reinstall the driver and reboot (after a "
                "suspend or a driver update: `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`). An old TensorFlow "
                "(1.x, built for CUDA 8-10) bundled in an app may not run on a GPU newer than its CUDA: use a "
                "release of the app or TensorFlow built for a CUDA that supports the GPU, or its CPU version "
                "(CUDA_VISIBLE_DEVICES=-1).",
            ),
        ),
        alternatives=("host-cuinit-failed", "gpu-arch-unsupported"),
        weight=80,
        applies="any program or binding that calls the CUDA driver API (Julia CUDAdrv / CUDA.jl, C, Rust, Java), "
        "TensorFlow's StreamExecutor",
        shown_by=(f"{_R30}::test_cuinit_999_read_from_a_bindings_call",),
        example='ccall((:cuInit,"/usr/lib/x86_64-linux-gnu/libcuda.so"),Cint,(Cint,),0) = 999',
        example_source="the CUDA driver API's cuInit (CUDA_ERROR_UNKNOWN = 999, cuda.h) as Julia's @show prints it",
    ),
    KnownError(
        "vulkan-device-lost",
        "The Vulkan device was lost (VK_ERROR_DEVICE_LOST, ncnn's 'vkWaitForFences failed -4'): the GPU stopped "
        "responding during a compute job",
        # ncnn's gpu.cpp / command.cpp ("vkWaitForFences failed %d", "vkQueueSubmit failed %d"; -4 is
        # VK_ERROR_DEVICE_LOST), Vulkan's own enum name, vulkan-hpp's exception and result names (ggml-vulkan)
        r"\bvk(?:WaitForFences|QueueSubmit|QueueWaitIdle|DeviceWaitIdle|MapMemory|AcquireNextImageKHR)"
        r" failed:? ?-4\b|\bVK_ERROR_DEVICE_LOST\b|vk::DeviceLostError|\bErrorDeviceLost\b"
        # issue 36, round forty-eight: ash's result name in a Rust renderer's panic, blade-graphics' own panic when
        # a submission's fence reports the device lost ("GPU has crashed, and no debug information is available.",
        # "GPU has crashed in %s")
        r"|\bERROR_DEVICE_LOST\b|\bGPU has crashed(?:, and no debug information is available| in \S)",
        "The GPU stopped responding while it ran a Vulkan compute job and the driver reset it (on Windows the "
        "display driver's timeout, TDR, after about two seconds of one dispatch; elsewhere a driver fault or a "
        "hang): most often one dispatch is too long or too large for the card (a heavy model or a large tile on a "
        "mid-range GPU, VRAM nearly full), or the driver is faulty or overclocked. Lighter jobs on the same GPU "
        "still work.",
        "Make each dispatch smaller: lower the tile size (the -ncnn-vulkan tools' `-t`, e.g. 128 or 64; the app's "
        "tile-size setting), a smaller scale or input, one job at a time; close other GPU-heavy programs; update or "
        "clean-reinstall the GPU driver and remove any overclock. On Windows a longer TDR delay (TdrDelay in the "
        "registry) lets long dispatches finish. If it persists with small tiles, use a lighter model or another "
        "GPU (`-g` picks it).",
        variants=(
            # issue 36, round forty-eight: a desktop app's renderer on a laptop with two GPUs
            Variant(
                r"\bIntel\b[^\n]{0,60}\b(?:UHD|Iris|HD) Graphics|\bMax-Q\b|\bLaptop GPU\b|\bOptimus\b|\bPRIME\b"
                r"|prime-run|__NV_PRIME_RENDER_OFFLOAD|hybrid graphics|\bAMD Radeon\b[^\n]{0,40}Graphics",
                "a laptop with hybrid graphics",
                "On a hybrid-graphics laptop a renderer that creates its device on one GPU and presents through the "
                "other (PRIME) loses the device when windows move, resize or the machine resumes. Run the app on one "
                "GPU: the NVIDIA one with `__NV_PRIME_RENDER_OFFLOAD=1 __VK_LAYER_NV_optimus=NVIDIA_only app` (or "
                "`prime-run app`), or the integrated one with `VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/"
                "intel_icd.x86_64.json` (the Mesa ICD of that GPU); update the NVIDIA driver, and if it happens "
                "after suspend enable the driver's suspend support (`NVreg_PreserveVideoMemoryAllocations=1` with "
                "the nvidia-suspend / nvidia-resume services).",
                strict=True,
            ),
        ),
        weight=82,
        applies="Vulkan compute backends: ncnn apps (Upscayl, Real-ESRGAN / waifu2x / RIFE -ncnn-vulkan), "
        "ggml-vulkan, MLC",
        shown_by=(f"{_R30}::test_vulkan_device_lost_in_its_own_words",),
        example="vkWaitForFences failed -4",
        example_source="Tencent/ncnn src/gpu.cpp and command.cpp (their 'vkWaitForFences failed %d' log line); "
        "Vulkan's VkResult VK_ERROR_DEVICE_LOST = -4",
    ),
    # issue 36, round forty-eight: Vulkan's VK_ERROR_INITIALIZATION_FAILED (-3) from vkCreateInstance / vkCreateDevice
    # in a desktop app's renderer (ash's result name inside the app's VulkanError(...) / panic text); vulkan-hpp's
    # "vk::createInstance: ErrorInitializationFailed" stays vulkan-no-device's
    KnownError(
        "vulkan-initialization-failed",
        "Vulkan: ERROR_INITIALIZATION_FAILED (VK_ERROR_INITIALIZATION_FAILED) creating the instance or device in an "
        "application's renderer",
        r"\bVK_ERROR_INITIALIZATION_FAILED\b|(?<![\w:])ERROR_INITIALIZATION_FAILED\b",
        "The Vulkan driver could not initialise for the app (vkCreateInstance / vkCreateDevice returned "
        "VK_ERROR_INITIALIZATION_FAILED): the NVIDIA driver lost its state after suspend / resume (video memory not "
        "preserved), its user-space libraries were updated while the old kernel module still runs, or the loader "
        "found an ICD for a GPU the session cannot use. It works again after a reboot in the first two cases.",
        "Run `vulkaninfo --summary`: if it also fails, the driver is at fault. After suspend / resume (it works after "
        "a reboot): enable the NVIDIA driver's suspend support (`options nvidia "
        "NVreg_PreserveVideoMemoryAllocations=1` in /etc/modprobe.d/, then `sudo systemctl enable nvidia-suspend "
        "nvidia-resume nvidia-hibernate`, rebuild the initramfs, reboot), or restart the app / reload the driver "
        "after resuming. After a driver update, reboot. Otherwise install the Vulkan ICD of the GPU in use (the "
        "driver's Vulkan package, Mesa's vulkan drivers) and update the driver.",
        variants=(
            Variant(
                r"\bsuspend|\bresum(?:e|ed|ing)\b|\bsleep\b|\bhibernat|\bwak(?:e|ing) up\b",
                "after suspend / resume",
                "The NVIDIA driver did not keep its state over suspend: set `options nvidia "
                "NVreg_PreserveVideoMemoryAllocations=1` (and NVreg_TemporaryFilePath=/var/tmp) in "
                "/etc/modprobe.d/nvidia-power.conf, enable `nvidia-suspend nvidia-resume nvidia-hibernate` "
                "(systemctl), rebuild the initramfs and reboot; until then restart the app (or the session) after "
                "resuming.",
                strict=True,
            ),
        ),
        weight=78,
        applies="Vulkan renderers of desktop apps (Rust ash / wgpu / blade, C++ engines) on Linux",
        shown_by=(_R48("test_vulkan_initialization_failed"),),
        example="error: VulkanError(ERROR_INITIALIZATION_FAILED)",
        example_source="Vulkan's VkResult VK_ERROR_INITIALIZATION_FAILED = -3 (ash prints it as "
        "ERROR_INITIALIZATION_FAILED)",
    ),
    KnownError(
        "nvcc-fatbinary-keyword-value",
        "nvcc's fatbinary step fails: 'X' is not in 'keyword=value' format (Windows: the system's regional format)",
        r"fatbinary fatal\s{0,4}:\s{0,4}[^\n]{0,300}is not in 'keyword=value' format",
        "nvcc hands its fatbinary step each device image as keyword=value pairs (profile=..., file=...); one of them "
        "reached fatbinary without its '=' part, split or mangled on the way. On Windows this comes from the "
        "system's regional settings (a non-English date, number or list-separator format in the temporary file "
        "names and arguments nvcc builds) or from a temporary or build path with characters such as commas or "
        "spaces; the same sources build elsewhere.",
        "On Windows set the regional format to English (United States) or restore its defaults (Settings > Time & "
        "Language > Region; Control Panel > Region > Additional settings: date format and list separator ','), "
        "point TMP / TEMP and the build folder at short paths without spaces or commas, then rebuild (mexcuda: "
        "rerun the project's build script or the mexcuda call). Builds for fewer architectures (-gencode for your "
        "GPU only) also give fatbinary fewer images.",
        weight=84,
        applies="nvcc on Windows (mexcuda, CMake, setup.py builds)",
        shown_by=(f"{_R30}::test_fatbinary_keyword_value_and_mexcuda",),
        example="fatbinary fatal   : '44_device.compute_35.cubin' is not in 'keyword=value' format",
        example_source="nvcc's fatbinary tool (CUDA toolkit 11.x on Windows), as mexcuda prints it",
    ),
    KnownError(
        "matlab-mexcuda-failed",
        "MATLAB's mexcuda could not build a CUDA MEX file ('Error using mex' in mexcuda)",
        r"^Error in mexcuda \(line \d{1,5}\)|^Error using mexcuda\b",
        "mexcuda compiles with the one CUDA toolkit version the MATLAB release supports (each release is locked to "
        "its own: its GPU support table names it) and a host compiler (Visual Studio, gcc) supported for CUDA "
        "compilation; the installed toolkit or compiler is another one (its 'The selected C++ compiler is not "
        "supported for CUDA compilation' warning says so), or nvcc failed on the source: the lines between 'Error "
        "using mex' and 'Error in mexcuda' are nvcc's own.",
        "Install the CUDA toolkit version your MATLAB release's GPU support table names (or upgrade MATLAB to one "
        "that supports the toolkit you have) and point mexcuda at it (`setenv('MW_NVCC_PATH', '<toolkit>/bin')` "
        "on Linux, CUDA_PATH on Windows), select a supported host compiler (`mex -setup C++`; Visual Studio of the "
        "versions that CUDA release supports), then rerun the project's build script. If nvcc printed "
        "its own error above, explain that line.",
        weight=60,
        applies="MATLAB's mexcuda / Parallel Computing Toolbox builds (CUDA MEX projects)",
        shown_by=(f"{_R30}::test_fatbinary_keyword_value_and_mexcuda",),
        example="Error using mex\nnvcc warning : The 'compute_35' architecture is deprecated\nError in mexcuda (line "
        "168)\n    [varargout{1:nargout}] = mex(mexArguments{:});",
        example_source="MATLAB's mexcuda.m (its error stack: 'Error using mex', 'Error in mexcuda (line N)')",
    ),
    KnownError(
        "lua-gpu-module-missing",
        "Lua Torch: module 'cudnn' / 'cunn' / 'cutorch' not found (a GPU module required on an install without it)",
        r"module '(?:cudnn|cunn|cutorch|cudnn\.\w{1,30}|fbcunn|cunnx)' not found",
        "The code (or a model file it loads: a checkpoint saved with cudnn / cunn modules requires them when it is "
        "read) needs one of Lua Torch's GPU rocks, and this install has none: a CPU-only Torch (no CUDA toolkit "
        "when the distro was built, a CPU container), or the rock was never installed (cudnn is a separate rock).",
        "On a GPU machine install the rocks against the CUDA installed (`luarocks install cutorch && luarocks "
        "install cunn`, and `luarocks install cudnn` with the cuDNN its branch wants) and run with the GPU option. "
        "On a CPU-only install use the CPU path end to end: run the script's CPU mode (gpu=0 / -gpu -1) with a "
        "checkpoint saved from plain nn modules (a CPU model, or convert it: cudnn.convert(model, nn) and "
        "model:float() on a GPU machine), and guard the `require 'cudnn'` / `require 'cunn'` lines behind the GPU "
        "option.",
        weight=78,
        applies="Lua Torch7 (luarocks' cutorch / cunn / cudnn rocks)",
        shown_by=(f"{_R30}::test_lua_gpu_module_missing",),
        example="/root/torch/install/share/lua/5.1/trepl/init.lua:389: module 'cudnn' not found:No LuaRocks module "
        "found for cudnn",
        example_source="Lua 5.1's require (loadlib.c: \"module '%s' not found:%s\") with LuaRocks' loader",
    ),
    KnownError(
        "cuarrays-not-initialized",
        "Cannot allocate before CuArrays has been initialized (its __init__ did not finish)",
        r"Cannot allocate before CuArrays has been initialized",
        "CuArrays.jl loaded but its initialization did not finish (the memory pool was never set up), so the first "
        "allocation stops at this assertion: the reason is hidden by the load, either a failure of the CUDA set-up "
        "(no driver or GPU, a toolkit it could not find) or a bug of the installed CuArrays release that skips its "
        "own initialization (a regression a later release fixes).",
        "Update CuArrays (or go back to the release that worked) with `] up CuArrays` / `] add CuArrays@<version>`, "
        "then `] build CuArrays`; start Julia with JULIA_DEBUG=CuArrays (JULIA_CUDA_VERBOSE on old releases) to "
        "see why the initialization stopped, and check `CuArrays.functional()` (newer: `CUDA.functional()`). On "
        "current Julia, CUDA.jl replaces CuArrays.",
        weight=76,
        applies="Julia CuArrays.jl 1.x",
        shown_by=(f"{_R30}::test_julia_cuarrays_in_its_own_words",),
        example="ERROR: AssertionError: Cannot allocate before CuArrays has been initialized.",
        example_source="JuliaGPU/CuArrays.jl src/memory.jl (its allocation's assertion)",
    ),
    KnownError(
        "julia-optional-library-notice",
        "A Julia GPU package built without an optional CUDA library ('Could not find library cudnn', 'built "
        "successfully, but there were warnings')",
        r"(?:CuArrays|CUDAnative|CUDAdrv|CuArrays\.jl|CUDA)(?:\.jl)? has been built successfully, but there were "
        r"warnings",
        "The package's build step looked for the optional CUDA libraries (cuDNN, cuSOLVER, cuTENSOR) beside the "
        "toolkit and did not find some; Pkg shows the build's warnings under an 'Error building' banner, but the "
        "package was built and works without them. Only what needs the missing library is unavailable (cuDNN: "
        "NNlib / Flux convolutions on the GPU).",
        "Nothing is broken for plain GPU arrays. For the missing part, install the library matching the CUDA "
        "toolkit where the package's discovery finds it (cuDNN into the toolkit's lib64 / bin, or its folder on "
        "LD_LIBRARY_PATH / PATH; a toolkit too old to have cuSOLVER needs a newer one), then `] build CuArrays`; "
        "current CUDA.jl downloads these libraries as artifacts itself.",
        severity="notice",
        weight=40,
        applies="Julia CuArrays.jl / CUDAnative.jl builds (deps/build.jl)",
        shown_by=(f"{_R30}::test_julia_cuarrays_in_its_own_words",),
        example="Could not find library 'cudnn'.\n\nCuArrays.jl has been built successfully, but there were warnings.",
        example_source="JuliaGPU/CuArrays.jl deps/build.jl (its closing message)",
    ),
    KnownError(
        "nvidia-effects-sdk-absent",
        "NVIDIA's Video / AR Effects SDK (Maxine) is not installed: the plugin's AI filters are disabled (a notice)",
        r"No supported NVIDIA SDK is installed to provide '[\w.]{1,40}'",
        "The OBS plugin (StreamFX and the like) looks for the NVIDIA Video Effects / AR SDK redistributables, "
        "which provide NVCVImage.dll and the AI filters (denoising, super-resolution, auto-framing); none is "
        "installed, so it disables those filters and carries on. These SDKs also need an RTX-class GPU (Turing or "
        "newer). Nothing else is affected.",
        "Nothing to fix unless you want those filters: install NVIDIA's Video Effects and AR SDK redistributables "
        "for your GPU (RTX 20 series or newer) and restart the program. If something else fails (a crash, an "
        "encoder error), read its own log lines: these notices do not explain it.",
        severity="notice",
        weight=30,
        applies="OBS plugins using NVIDIA's Maxine Video / AR Effects SDKs (StreamFX)",
        shown_by=(f"{_R30}::test_optional_nvidia_sdk_is_a_notice",),
        example="[StreamFX] <nvidia::cv::cv> No supported NVIDIA SDK is installed to provide 'NVCVImage.dll'.",
        example_source="Xaymar/obs-StreamFX source/nvidia/cv/nvidia-cv.cpp (its load message), StreamFX 0.12",
    ),
    KnownError(
        "opencl-kernel-build-failed",
        "An OpenCL program's kernels did not build (CL_BUILD_PROGRAM_FAILURE, -11; 'OpenCL C version 1.1 does not "
        "support ...')",
        r"OpenCL C version \d\.\d does not support the\b|\bCL_BUILD_PROGRAM_FAILURE\b"
        r"|\bclBuildProgram\b[^\n]{0,80}(?:failed|error)[^\n]{0,40}-11\b"
        # the OpenCL compiler's own refusal of the build options (NVIDIA's: "Error parsing value of -cl-std flag!"),
        # under a program's "Failed to build program executable!" (issue 36, round fifty-four)
        r"|\bError parsing value of -cl-\w{1,30} flag\b"
        # NVIDIA's OpenCL compiler names the program's source "<kernel>" in its build log ("Build log:
        # <kernel>:112:21: error: implicit conversion from address space ..."; issue 36, round fifty-six)
        rf"|(?:^|Build log: ?){_NV_OPENCL_LOG}",
        "The program compiles its OpenCL kernels at run time on the OpenCL platform it picked, and that platform's "
        "compiler rejected them (CL_BUILD_PROGRAM_FAILURE, -11; the build log after it names why): either the "
        "platform is not the GPU vendor's but an older or partial one (Mesa's Clover with libclc, OpenCL C 1.1, or "
        "a CPU / PoCL device) that lacks features the kernels use (OpenCL C 1.2+ static functions, image queries), "
        "or the vendor's compiler (it comes with the driver) is newer and stricter than the one the program's "
        "kernels were written against.",
        "List the platforms with `clinfo` and use the GPU vendor's OpenCL runtime: NVIDIA's driver ICD "
        "(/etc/OpenCL/vendors/nvidia.icd, package nvidia-opencl-icd / libnvidia-compute), AMD's ROCm or Intel's "
        "compute-runtime; remove or deprioritise Mesa's Clover (mesa-opencl-icd), or pick the platform / device in "
        "the program's options; or use the program's CUDA build or CPU mode.",
        variants=(
            Variant(
                r"\bError parsing value of -cl-\w{1,30} flag\b",
                "the build options the program passes (-cl-std) refused",
                "The platform's OpenCL compiler refused an option the program passed to clBuildProgram, most "
                "often -cl-std=CLx.y with a version it does not take: the program's build chose the option from its "
                "own configuration (a preprocessor definition or CMake option naming the OpenCL version and the "
                "platform, such as OPENCL_3_0 / NVIDIA_PLATFORM), which this build left out or set for another "
                "platform. Rebuild with the definitions its build instructions name for this platform, clean, and "
                "rebuild the kernels from source; `clinfo | grep -i 'OpenCL C'` shows the versions the device "
                "takes.",
            ),
            # NVIDIA's compiler ("<kernel>:L:C: error:"): the driver's, which a driver update makes stricter
            Variant(
                _NV_OPENCL_LOG,
                "NVIDIA's OpenCL compiler (the driver's) rejected the program's kernel source",
                "The build log is NVIDIA's OpenCL compiler's, which comes with the driver: it compiled the "
                "program's kernel and stopped at the line the error names (<kernel>:line:column is in the kernel "
                "file the log's options show). Newer drivers' compilers are stricter (implicit address-space "
                "conversions, implicit declarations), so kernels of an older release of the program that built "
                "before fail after a driver update. Update the program to a release (or its development branch) "
                "whose kernels build with current drivers, or go back to the driver release it built with; if the "
                "program is current, report the build log to it. The kernels are not the GPU's fault: the same "
                "build log appears on every NVIDIA GPU with that driver.",
            ),
            Variant(
                r"OpenCL C version 1\.[01] does not support|/usr/include/clc/|\blibclc\b|\bClover\b",
                "Mesa's Clover (libclc, OpenCL C 1.1) picked instead of the GPU vendor's runtime",
                "The kernels were built by Mesa's Clover (its libclc headers, /usr/include/clc, and OpenCL C 1.1 "
                "show it), which lacks what they use. Install the GPU vendor's OpenCL ICD (NVIDIA: the driver's "
                "OpenCL part, nvidia-opencl-icd / libnvidia-compute-<version>; AMD: ROCm; Intel: "
                "intel-opencl-icd), remove mesa-opencl-icd or select the vendor's platform in the program, and "
                "check `clinfo` lists the GPU under that platform; or run the program's CUDA build or CPU mode.",
            ),
        ),
        weight=86,
        applies="programs that build OpenCL kernels at run time (Anime4KCPP, waifu2x-converter-cpp, OpenCV's OpenCL, "
        "John the Ripper's OpenCL formats)",
        shown_by=(f"{_R30}::test_opencl_kernel_build_on_an_old_platform",),
        example="input.cl:9:8: error: OpenCL C version 1.1 does not support the 'static' storage class specifier",
        example_source="clang's OpenCL diagnostic (as Mesa Clover's libclc build log shows it); OpenCL's "
        "CL_BUILD_PROGRAM_FAILURE = -11 (CL/cl.h)",
    ),
    # issue 36, round thirty-three: a C++ / CUDA library that threw through Rust code (Rust's panic runtime aborts
    # with "fatal runtime error: Rust cannot catch foreign exceptions", library/panic_unwind), in a GPU program
    KnownError(
        "rust-foreign-exception-gpu",
        "fatal runtime error: Rust cannot catch foreign exceptions (a C++ / CUDA library threw through Rust code in "
        "a GPU program)",
        r"fatal runtime error: Rust cannot catch foreign exceptions",
        "A C++ library called from Rust (here a GPU one: a CUDA backend, a prebuilt GPU prover or server binary) "
        "threw a C++ exception that crossed into Rust, and Rust's runtime aborts the process without printing the "
        "exception's message. In GPU programs that works on one GPU model and fails on others, the usual cause is a "
        "prebuilt binary whose kernels were compiled for other compute capabilities (no kernel image for this "
        "GPU); a driver too old for the binary's CUDA and running out of GPU memory throw the same way.",
        "Get the C++ exception's own message: run the GPU part on its own with its logs on (its server or container "
        "directly, `docker logs <container>`, or the binary under gdb with `catch throw`). Compare the GPU with the "
        "ones the binary is built for: `nvidia-smi --query-gpu=name,compute_cap --format=csv` against `cuobjdump "
        "--list-elf <binary or .so> | grep -o 'sm_[0-9]*' | sort -u` (or the project's list of supported GPUs); if "
        "this GPU's sm_XY is missing, use a release built for it, build the GPU part yourself for this architecture, "
        "or run on a GPU it supports. Also check the driver (`nvidia-smi`'s 'CUDA Version' at least the binary's "
        "CUDA) and free GPU memory.",
        variants=(
            Variant(
                r"reqwest::Error|Connection refused|connection closed before message completed|error sending request"
                r"|/twirp/|\btonic::|status: Unavailable|IncompleteMessage",
                "the GPU work runs in a separate server process, and the client only saw the connection drop",
                "The panic after it is only the client side: the GPU work ran in a separate server process (a GPU "
                "prover or inference server the SDK starts locally, often in a container), that process aborted on "
                "the C++ exception, and the client's next request found no server (a connection error in reqwest / "
                "tonic / twirp). Read the server's own output (`docker ps -a` and `docker logs <its container>`, or "
                "start the server binary by hand) for the real error. When the same code works on one GPU model and "
                "fails on others, the prebuilt server was most likely built for other compute capabilities: check "
                "`nvidia-smi --query-gpu=name,compute_cap --format=csv` against the GPUs its release supports, and "
                "use a release (or image tag) built for this architecture, build it for this GPU, or run on a "
                "supported GPU.",
            ),
        ),
        requires=r"cuda|\bgpu\b|nvidia|\bnvcc\b|\bsm_\d{2,3}\b",
        loose=True,
        alternatives=("gpu-arch-unsupported", "cuda-driver-insufficient", "gpu-out-of-memory"),
        weight=60,
        applies="Rust programs that call C++ / CUDA libraries or start a GPU server binary (zero-knowledge provers, "
        "inference runtimes)",
        shown_by=(f"{_R33}::test_rust_foreign_exception_in_a_gpu_program",),
        example="INFO starting the CUDA prover\nfatal runtime error: Rust cannot catch foreign exceptions",
        example_source="Rust's library/panic_unwind (a foreign exception reaching a Rust frame aborts with this "
        "message)",
    ),
)
