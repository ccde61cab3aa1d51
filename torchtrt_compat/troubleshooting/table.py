"""The error table behind `torchtrt-compat explain`, compile's re-raise and ``docs/troubleshooting.md``, as data.

Each row names the text that identifies one failure, the cause in a sentence, the fix (and the fixes that fit a
situation the text shows, e.g. a pip wheel versus a source build), where it applies, a real sample message with its
source, and the tests and corpus cases (``tests/data/explain_corpus.jsonl``) that show it. Patterns are searched
line by line in a bounded window of the text (`troubleshooting.explain`), case-insensitively; keep them anchored on
literal text and bound every repetition (``[^\\n]{0,200}``, never ``.*`` after ``\\S*``) so that a 20 MB log cannot
make them backtrack.
"""

from __future__ import annotations

from typing import NamedTuple

from .entry import (
    CHECK,
    COMFYUI,
    CPP,
    CUDART_NEWER_MINOR,
    CUDNN_CTC,
    CUDNN_CTC_FIX,
    DARKNET,
    DOTNET_NATIVE_LOADER,
    DOTNET_NATIVE_LOADER_CUDA,
    FACESWAP_APPS,
    FOOOCUS,
    INTEL_XPU,
    JAX_PROCESS,
    JETSON,
    JETSON_BOARD,
    KOHYA,
    KUBERNETES_GPU_FIX,
    KUBERNETES_POD,
    LONG_RUN,
    LONG_RUN_FAULT_FIX,
    MACOS,
    MANAGED_ALLOC_FAILED,
    MANAGED_ALLOC_PRE_PASCAL,
    MODEL_CONVERTERS,
    NO_CUDA_KERNELS,
    NO_GPU_CI,
    NOT_A_TOOL_LOADER_LINE,
    OPENCV_CUDA,
    OPENCV_CUDA_FIX,
    OPENCV_DNN_CUDA,
    OPENCV_DNN_CUDA_FIX,
    OWN_CUDA_EXTENSION_CHECK,
    OWN_CUDA_EXTENSION_FIX,
    OWN_CUDA_SYMBOL,
    RUNNER_PATH,
    SD_WEBUI,
    SINGULARITY,
    SOURCE_BUILD,
    SUDO,
    SUGGEST,
    TEXTGEN_WEBUI,
    TORCHSCRIPT,
    TWO_FRAMEWORKS_ONE_PROCESS,
    KnownError,
    Variant,
    app_python_variants,
    ld_cannot_find,
)
from .families import FAMILIES

#: The libraries a text shows in use, most specific first: a fix names the library the user ran (`Variant.product`).
#: a TensorRT engine that deserialised but whose execution context was not created (ICudaEngine::createExecutionContext
#: returned null: most often the context's device memory could not be allocated), as applications word it
GPU_CONTEXT_NOT_CREATED = (
    r"\b(?:Failed|Unable|Could not|Cannot) (?:to )?create (?:an |the )?(?:TensorRT )?execution context"
    r"|createExecutionContext(?:\(\))? (?:failed|returned (?:null|None|nullptr|NULL))"
    r"|\bexecution context is (?:None|null|nullptr|NULL)\b"
)
PRODUCTS: tuple[tuple[str, str], ...] = (
    #: pycuda's own wording is "<driver API routine> failed: <CUresult text>" (src/cpp/cuda.hpp, error::make_message)
    ("pycuda", r"\bpycuda\b|PyCUDA|\bcu[A-Z][A-Za-z0-9_]{2,40} failed: "),
    ("onnxruntime", r"onnxruntime|ONNXRuntimeError|InferenceSession|(?:CUDA|Tensorrt|TensorRT)ExecutionProvider"),
    ("cupy", r"\bcupy(?:_backends)?\b|\bCuPy\b"),
    ("tensorrt_llm", r"tensorrt_llm|TensorRT-LLM|\btrtllm"),
    ("tensorflow", r"\btensorflow\b|TF-TRT|tf2tensorrt"),
    #: JAX (jax, jaxlib and its CUDA plugins: jax_plugins/cuda, jax._src.xla_bridge's logger)
    ("jax", r"\bjax(?:lib)?\b|\bJAX\b|jax_plugins|xla_bridge"),
    (
        "tritonserver",
        r"tritonserver|TRITONBACKEND|libtriton_|triton-inference-server|model_repository_manager|model_lifecycle",
    ),
    ("deepstream", r"deepstream|DeepStream|gstnvinfer|NvDsInfer|nvdsinfer|gst-launch-1\.0|GStreamer-CRITICAL"),
    (
        "paddle",
        r"paddle_infer|paddle\.inference|AnalysisConfig|AnalysisPredictor|paddle[\\/](?:fluid|phi)|\bPaddle(?:Paddle)?\b"
        # Paddle's enforce wording for a CUDA error: "(External) CUDA error(719), unspecified launch failure."
        r"|\(External\) CUDA error\(\d",
    ),
    #: CTranslate2 and faster-whisper, the Whisper runner built on it
    #: (its CUDNN_CHECK / CUBLAS_CHECK say "cuDNN failed with status X": include/ctranslate2/cuda/utils.h; no \b
    #: before it: a Chinese sentence runs into "cuDNN" without a space)
    (
        "ctranslate2",
        r"\bctranslate2\b|\bCTranslate2\b|faster[_-]whisper|WhisperModel\(|cu(?:DNN|BLAS) failed with status\b",
    ),
    ("torch_tensorrt", r"torch_tensorrt|Torch-TensorRT|torch-tensorrt"),
    ("tensorrt", r"\btensorrt(?:_rtx)?\b|\bTensorRT\b|\[TRT\]|\btrtexec\b|\blibnvinfer|\bnvinfer1::"),
    # old torch's own source paths and THC wordings (aten/src/THC/..., THCudaCheck) name torch as well
    ("torch", r"\btorch\b|\bPyTorch\b|\bc10::|\bat::|libtorch|aten[\\/]src[\\/]THC?\b|\bTHCudaCheck\b"),
)
#: the last step for a cuDNN status with memory and versions in order: the driver's kernel cache another driver or
#: CUDA left (issue 36, round sixty-two: Stereo R-CNN's CUDNN_STATUS_INTERNAL_ERROR, fixed by deleting ~/.nv)
_KERNEL_CACHE_STEP = (
    " With memory and versions in order, clear the driver's cache of compiled kernels, which another driver or CUDA "
    "left (`rm -rf ~/.nv/ComputeCache`; Windows: %APPDATA%\\NVIDIA\\ComputeCache), and rerun."
)

#: Python packages of compiled torch extensions (import names), whose binaries are built for one torch release: PyG's
#: wheels, 3D and detection ops, kernel libraries
_TORCH_EXTENSION_PACKAGES = (
    r"torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib|torchvision|torchaudio|pytorch3d"
    r"|detectron2|mmcv|tinycudann|nvdiffrast|MinkowskiEngine|spconv|flash_attn|xformers|fbgemm_gpu|torchrec"
)

#: Where a text shows each product (a Variant's ``when`` for a fix that names that library's own remedy).
SHOWN: dict[str, str] = dict(PRODUCTS)
#: GPUs a text names, by vendor (a GPU's name, nvidia-smi's table, ROCm's gfx targets); "nvidia-smi" named in advice
#: is no evidence of a GPU.
GPU_VENDORS: tuple[tuple[str, str], ...] = (
    (
        "nvidia",
        r"NVIDIA (?:GeForce|Quadro|Tesla|RTX|TITAN|[AHLBT]\d{1,3}\b|Jetson)|GeForce (?:GTX|RTX|MX)|NVIDIA-SMI \d"
        r"|Driver Version: \d{3}|\bTesla [KPVMT]\d|\bRTX \d{4}|\bGTX \d{3,4}|\bJetson\b|\bA100\b|\bH100\b|\bQuadro\b",
    ),
    ("amd", r"\bAMD Radeon|\bRadeon(?:\(TM\))? (?:RX|Pro|Graphics|Vega)|\bInstinct MI\d{2,3}"),
    ("intel", r"Intel\(R\) (?:UHD|Iris|HD|Arc)|Intel (?:UHD|Iris|HD Graphics|Arc)\b"),
    ("apple", r"\bApple M\d\b|Apple Silicon|\bMPS backend"),
)
#: CUDA libraries by the stem of their file name: (component, {the file's major: the release it belongs to}). Source:
#: the file names in NVIDIA's nvidia-*-cu11 / -cu12 / -cu13 wheels (e.g. cu13: libcublas.so.13, libcufft.so.12,
#: libcusolver.so.12, libcusparse.so.12, libcurand.so.10) and in nvidia-cudnn-cu11 / -cu12 / -cu13 (libcudnn*.so.8/9).
CUDA_SONAMES: dict[str, tuple[str, dict[str, str]]] = {
    "cuda": ("the NVIDIA driver's CUDA library (libcuda)", {"": "the NVIDIA driver", "1": "the NVIDIA driver"}),
    "cudart": ("the CUDA runtime", {"10": "CUDA 10", "11": "CUDA 11", "12": "CUDA 12", "13": "CUDA 13"}),
    "cublas": ("cuBLAS", {"10": "CUDA 10", "11": "CUDA 11", "12": "CUDA 12", "13": "CUDA 13"}),
    "cublaslt": ("cuBLASLt", {"10": "CUDA 10", "11": "CUDA 11", "12": "CUDA 12", "13": "CUDA 13"}),
    "cudnn": ("cuDNN", {"7": "cuDNN 7", "8": "cuDNN 8", "9": "cuDNN 9"}),
    "cufft": ("cuFFT", {"10": "CUDA 11", "11": "CUDA 12", "12": "CUDA 13"}),
    "curand": ("cuRAND", {"10": "CUDA 10 to 13"}),
    "cusparse": ("cuSPARSE", {"11": "CUDA 11", "12": "CUDA 12 or 13"}),
    "cusolver": ("cuSOLVER", {"10": "CUDA 10", "11": "CUDA 11 or 12", "12": "CUDA 13"}),
    "nvrtc": ("NVRTC", {"10": "CUDA 10", "11": "CUDA 11", "12": "CUDA 12", "13": "CUDA 13"}),
    "nvjitlink": ("nvJitLink", {"12": "CUDA 12", "13": "CUDA 13"}),
    "nccl": ("NCCL", {"2": "NCCL 2"}),
    "cupti": ("CUPTI", {"11": "CUDA 11", "12": "CUDA 12", "13": "CUDA 13"}),
    "nvtoolsext": ("NVTX", {"1": "CUDA 10 to 12"}),
}

#: The Python API of TensorRT 4 and older (Python 2 era: tensorrt.infer, tensorrt.utils, tensorrt.lite,
#: tensorrt.parsers.uffparser), replaced by the TensorRT 5 API (5.0 kept the old one as tensorrt.legacy); read for
#: "module 'tensorrt' has no attribute X" and Python 2's "'module' object has no attribute X". Source: the TensorRT 5.0
#: release notes (the Python API rewrite).
TENSORRT_LEGACY_API: dict[str, tuple[str, str]] = {
    "infer": ("5.0", "trt.Logger, trt.Builder and trt.Runtime (the TensorRT 5+ API)"),
    "utils": ("5.0", "trt.Runtime(logger).deserialize_cuda_engine to load and engine.serialize() to save"),
    "lite": ("5.0", "trt.Builder with trt.OnnxParser, and trt.Runtime"),
    "parsers": ("5.0", "trt.OnnxParser (trt.UffParser / trt.CaffeParser until TensorRT 10)"),
    "uffparser": ("5.0", "trt.OnnxParser (trt.UffParser until TensorRT 10)"),
    "caffeparser": ("5.0", "trt.OnnxParser (trt.CaffeParser until TensorRT 10)"),
}
#: The TensorRT 5 API's entry points, missing from TensorRT 4 and older (Python 2's "'module' object has no
#: attribute 'Logger'" with such a TensorRT installed).
TENSORRT_V5_API: dict[str, tuple[str, str]] = {
    name: ("5.0", "the legacy tensorrt.infer / tensorrt.utils API of TensorRT 4")
    for name in ("Logger", "Builder", "Runtime", "OnnxParser", "UffParser", "CaffeParser", "ILogger")
}

#: TensorRT Python API added after the first releases, and what older code used instead (for "object has no attribute
#: X" when the installed TensorRT is older than the code). Source: the TensorRT API reference's "Added, Deprecated, And
#: Removed APIs" chapters (8.0.1, 8.4.0 EA, 8.5.1, 8.6) and the TensorRT 10 Python API.
TENSORRT_API_ADDED: dict[str, tuple[str, str]] = {
    "build_serialized_network": ("8.0", "builder.build_engine(network, config)"),
    "set_memory_pool_limit": ("8.4", "config.max_workspace_size = nbytes"),
    "get_memory_pool_limit": ("8.4", "config.max_workspace_size"),
    "MemoryPoolType": ("8.4", "config.max_workspace_size"),
    "max_threads": ("8.4", "nothing (one thread)"),
    "num_io_tensors": ("8.5", "engine.num_bindings"),
    "get_tensor_name": ("8.5", "engine.get_binding_name(i)"),
    "get_tensor_mode": ("8.5", "engine.binding_is_input(i)"),
    "get_tensor_shape": ("8.5", "engine.get_binding_shape(i) / context.get_binding_shape(i)"),
    "get_tensor_dtype": ("8.5", "engine.get_binding_dtype(i)"),
    "set_tensor_address": ("8.5", "a bindings list passed to execute_async_v2"),
    "set_input_shape": ("8.5", "context.set_binding_shape(i, shape)"),
    "execute_async_v3": ("8.5", "context.execute_async_v2(bindings, stream_handle)"),
    "TensorIOMode": ("8.5", "engine.binding_is_input(i)"),
    "set_preview_feature": ("8.5", "nothing"),
    "builder_optimization_level": ("8.6", "nothing (the default level)"),
    "hardware_compatibility_level": ("8.6", "nothing: build on the GPU that runs the engine"),
    "HardwareCompatibilityLevel": ("8.6", "nothing: build on the GPU that runs the engine"),
    "max_aux_streams": ("8.6", "nothing"),
    "num_aux_streams": ("8.6", "nothing"),
    "streamable_weights_size": ("10.0", "nothing (weight streaming is new in 10.0)"),
    "weight_streaming_budget": ("10.0", "nothing (weight streaming is new in 10.0)"),
    "weight_streaming_budget_v2": ("10.1", "weight_streaming_budget"),
    **TENSORRT_V5_API,
    "device_memory_size_v2": ("10.1", "engine.device_memory_size"),
    "ExecutionContextAllocationStrategy": ("10.0", "create_execution_context_without_device_memory()"),
}

#: The fix for a CUDA context conflict, in the words of the library the user ran.
CONTEXT_VARIANTS: tuple[Variant, ...] = (
    Variant(
        r"pycuda\.autoinit|import pycuda|pycuda\._driver|make_context",
        "pycuda",
        "pycuda.autoinit (or Device.make_context) creates a second CUDA context, and TensorRT or torch work "
        "created under one is used under the other: `import pycuda.autoprimaryctx` instead of pycuda.autoinit "
        "(pycuda ≥ 2021.1) so pycuda uses the device's primary context, the one torch and TensorRT use; for threads, "
        "ctx = cuda.Device(0).retain_primary_context(); ctx.push() ... ctx.pop().",
        product="pycuda",
    ),
    Variant(
        r"onnxruntime|InferenceSession|ExecutionProvider",
        "ONNX Runtime",
        "ONNX Runtime's CUDA / TensorRT provider ran on another CUDA stream or context than the buffers it was "
        "given: bind inputs and outputs on the session's device with io_binding (bind_input(..., device_type='cuda', "
        "device_id=N)), pass user_compute_stream in the provider options when another library shares the stream, "
        "and create every session after the CUDA libraries the process uses (torch, cupy) have set their device.",
        product="onnxruntime",
    ),
    Variant(
        r"\bcupy\b",
        "CuPy",
        "CuPy uses the device's primary context; a handle, stream or memory made under another context (pycuda's "
        "make_context, a driver-API context) is invalid in it: create everything under `with cupy.cuda.Device(n):` "
        "and share streams with cupy.cuda.ExternalStream(ptr) instead of passing raw handles across contexts.",
        product="cupy",
    ),
    Variant(
        r"torch_tensorrt|Torch-TensorRT",
        "torch_tensorrt",
        "Wrap inference in torchtrt_compat.runtime.primary_context(device) (compile and loaded artifacts do it by "
        "default); call torchtrt_compat.runtime.diagnose_context() to see which context is current.",
        product="torch_tensorrt",
    ),
    Variant(
        r"\btensorrt\b|\[TRT\]|IExecutionContext|execute_async",
        "TensorRT's API",
        "The engine, its execution context and the stream must all be created under the CUDA context that is "
        "current when you call execute: make one context current for all of them (torch's: create them after a "
        "torch.cuda call on that device; pycuda's: `import pycuda.autoprimaryctx`), and pass a stream of that "
        "context (torch.cuda.current_stream().cuda_stream).",
        product="tensorrt",
    ),
)

#: A process in a container (Docker, an NGC image, compose), where a GPU is visible only if the container was started
#: with one.
CONTAINER = r"\bdocker(?:-compose)?\b|nvcr\.io|/\.dockerenv|\bcontainer\b|\bpodman\b"

#: pip's resolver line where torch, TensorRT or torchvision is the package that requires or the one required
#: (pip-pin-conflict; pip-dependency-conflict answers the same line between other packages)
_TORCH_PIN_CONFLICT = (
    r"(?:^|conflicts\. )[^\n]{0,20}(?:torch[-_]tensorrt|tensorrt|torch|torchvision)[\w-]{0,30} \S{1,40} requires "
    r"[^\n]{1,200}, but you have [^\n]{1,200} which is incompatible"
    # issue 36, round thirty-seven: the legacy resolver's wording (pip < 20.3): "ERROR: nnunet 1.6.6 has
    # requirement torch>=1.6.0, but you'll have torch 1.4.0 which is incompatible.", where torch, TensorRT or
    # torchvision is the package that requires or the one required
    r"|^[^\n]{0,30}?[\w.-]{1,60} \S{1,40} has requirement (?:torch[-_]tensorrt|tensorrt|torch|torchvision)"
    r"[\w-]{0,30}[<>=!~][^\n]{0,200}, but you'll have [^\n]{1,200} which is incompatible"
    r"|^[^\n]{0,30}?(?:torch[-_]tensorrt|tensorrt|torch|torchvision)[\w-]{0,30} \S{1,40} has requirement "
    r"[^\n]{1,200}, but you'll have [^\n]{1,200} which is incompatible"
)

#: Windows' loader dialog (STATUS_ENTRYPOINT_NOT_FOUND) for a CUDA driver API function ("cu" and a capital letter,
#: matched case-sensitively: not cudaXxx / cublasXxx / cudnnXxx; cuFile and cuDLA have DLLs of their own), in English
#: and in Windows' translations (zh-CN, zh-TW, de, fr, es, pt, ja, ru; those wordings written from memory)
_DRIVER_API_FUNCTION = r"(?-i:cu(?!File[A-Z]|DLA[A-Z])[A-Z]\w{2,60})"
_WINDOWS_DRIVER_ENTRY_POINT = (
    r"(?:procedure entry point|程序输入点|程序輸入點|Prozedureinsprungpunkt|point d'entrée de procédure"
    r"|punto de entrada del procedimiento|ponto de entrada do procedimento|エントリ ?ポイント"
    r"|Точка входа в процедуру)\W{1,3}" + _DRIVER_API_FUNCTION + r"\b"
)

#: the NVIDIA HPC SDK's runtime (OpenACC / CUDA Fortran code built by nvc++ / nvfortran, formerly PGI's compilers)
#: when the binary holds no device code for the GPU: "This file was compiled: -acc=gpu -gpu=cc60 -gpu=cc70" and
#: "Rebuild the application with -gpu=cc86 to use NVIDIA Tesla GPU 0" (older: -ta=tesla:ccXX) (issue 36, round forty)
_NVHPC_RUNTIME_ARCH = (
    r"Rebuild (?:the application|this file) with -(?:gpu=|ta=(?:tesla|nvidia):)cc\d{2,3}\b[^\n]{0,40} to use NVIDIA"
    r"|(?:Accelerator Fatal Error:?[ \t]{0,4}\n[ \t]{0,8})?"
    r"This file was compiled: -(?:acc|ta)\b[^\n]{0,60}?\bcc\d{2,3}\b"
)

#: a GPU miner's own words for an algorithm without a kernel for the GPU's compute capability (TT-Miner's kernel
#: configuration line, as its log prints it)
_MINER_NO_KERNEL = r"Cannot configure CUDA-Kernel (?:\([^)\n]{1,60}\) )?for compute \d{1,2}\.\d"

#: a GPU miner's own words when its dataset (ethash's DAG) no longer fits in the free GPU memory (T-Rex's wording)
_MINER_DATASET_OOM = r"\bnot enough (?:free )?(?:GPU |video |device )?memory to mine \w"
#: a TPU's memory in an out-of-memory report (issue 36, round thirty-eight): XLA's HBM report ("memory space hbm",
#: "Program hbm requirement", "Exceeded hbm capacity"), XLA:TPU's compile error, libtpu, a TPU strategy or estimator
_TPU_HBM = (
    r"memory space hbm\b|\bProgram hbm requirement\b|Exceeded hbm capacity|\bhbm usage\b|XLA:TPU\b|\blibtpu\b"
    r"|\bTPU(?:Strategy|Estimator|ClusterResolver)\b|\btpu_estimator\b|\bTPU ?v[2-6]\w{0,3}\b"
)


def _int_at_least(m: int) -> str:
    """A regular expression for a whole number (no leading zero, up to four digits) of at least ``m``."""
    s = str(m)
    alts = [rf"[1-9]\d{{{len(s)},3}}"] if len(s) < 4 else []
    for i, d in enumerate(s):
        if d != "9":
            rest = len(s) - i - 1
            alts.append(s[:i] + f"[{int(d) + 1}-9]" + (rf"\d{{{rest}}}" if rest else ""))
    alts.append(s)
    return "(?:" + "|".join(alts) + ")"


#: a `docker build` step's own lines: the classic builder's " ---> Running in <container id>" and BuildKit's
#: "#8 [builder 4/9] RUN ..." / "> [4/9] RUN ..."
_DOCKER_BUILD_STEP = (
    r"^ ?---> Running in [0-9a-f]{12}\b|^#\d{1,4} \[[\w -]{0,40}\d{1,3}/\d{1,3}\] RUN\b"
    r"|^ ?> \[[\w -]{0,40}\d{1,3}/\d{1,3}\] RUN\b"
)

#: Windows' ERROR_DLL_INIT_FAILED (WinError 1114) message, in English and in Windows' translations (nl, de, fr, es,
#: pt, zh-CN, ru; written from memory; issue 36, round sixty: a Dutch paste)
_DLL_INIT_FAILED = (
    r"A dynamic link library \(DLL\) initialization routine failed"
    r"|Een initialisatieroutine van de dynamic link library \(DLL(?:-bestand)?\) is mislukt"
    r"|Eine DLL-Initialisierungsroutine ist fehlgeschlagen"
    r"|Une routine d.initialisation d.une biblioth.que de liens dynamiques \(DLL\) a .chou."
    r"|Error en una rutina de inicializaci.n de biblioteca de v.nculos din.micos \(DLL\)"
    r"|Falha na rotina de inicializa..o de uma biblioteca de v.nculo din.mico \(DLL\)"
    r"|动态链接库\(DLL\)初始化例程失败"
    r"|Ошибка в программе инициализации библиотеки динамической компоновки \(DLL\)"
)

#: one tensor too large for the card (torch's "Tried to allocate N GiB" of many GiB): the situation and fix of
#: gpu-out-of-memory's variant for it
_ONE_HUGE_ALLOCATION = (
    "one allocation of many GiB (one tensor too large for the card)",
    "One tensor of that size was asked for at once: the input is too large for this operation (attention "
    "over a long sequence or a large image needs memory that grows with its square; a whole dataset or "
    "video moved to the GPU in one call; an evaluation that scores a whole corpus's embeddings at once). If it is "
    "larger than the card's total capacity, nothing freed will make it fit: lower the resolution, sequence length "
    "or frame count, use memory-efficient attention (torch's scaled_dot_product_attention, xformers, attention "
    "slicing, a tiled VAE), or process the input in chunks (keep the parts not in use on the CPU); then a GPU with "
    "more memory.",
)

#: issue 36, round thirty-nine: torch's own OOM figures when this process holds little of the card and almost nothing
#: is free, so another process (or another framework in this one) holds the rest: the old message ("(GPU 0; 14.75 GiB
#: total capacity; 1.89 GiB already allocated; 15.06 MiB free") and torch 2.1+'s ("GPU 0 has a total capacity of
#: 23.69 GiB of which 9.69 MiB is free. ... this process has 1.20 GiB memory in use"; 2.1 spells it "capacty").
#: "Little" is at most about half the card: a whole number of GiB a with the total at least 2a + 2 GiB, or MiB / KiB
_SMALL = r"(?:[\d.]{1,8} (?:[KM]iB|bytes))"
_FREE_LITTLE = r"[\d.]{1,8} (?:[KM]iB|bytes)"
#: issue 36, round forty-three: torch 2.1+'s own split of what it holds ("Of the allocated memory 2.29 GiB is
#: allocated by PyTorch, and 136.41 MiB is reserved by PyTorch but unallocated"): GiB held by PyTorch here, beside a
#: process figure of "0 bytes" (a driver that does not count per process, as under WSL), is this process's memory,
#: not another's
_TORCH_HOLDS_GIB = (
    r"(?!\.\s{0,2}Of the allocated memory [^\n]{0,40}? GiB is allocated"
    r"|\.\s{0,2}Of the allocated memory [^\n]{0,90}? GiB is reserved)"
)
_GPU_MEMORY_HELD_ELSEWHERE = "|".join(
    [
        rf"\(GPU \d{{1,2}}; [\d.]{{1,10}} GiB total capacity; {_SMALL} already allocated; {_FREE_LITTLE} free;",
        rf"GPU \d{{1,2}} has a total capac(?:i)?ty of [\d.]{{1,10}} GiB of which {_FREE_LITTLE} is free\."
        rf"[^\n]{{0,600}}?this process has {_SMALL} memory in use{_TORCH_HOLDS_GIB}",
    ]
    # (a card of 5 GiB or more, a "6 GB" card's 5.8 GiB included: on a smaller one the CUDA context, cuDNN's
    # workspace and the desktop alone take a large share, so little allocated with nothing free is no sign of another
    # process; issue 36, round sixty-three)
    + [
        rf"\(GPU \d{{1,2}}; {_int_at_least(max(2 * a + 2, 5))}(?:\.\d{{1,2}})? GiB total capacity; "
        rf"{a}(?:\.\d{{1,2}})? GiB already allocated; {_FREE_LITTLE} free;"
        rf"|GPU \d{{1,2}} has a total capac(?:i)?ty of {_int_at_least(max(2 * a + 2, 5))}(?:\.\d{{1,2}})? GiB of "
        rf"which {_FREE_LITTLE} is free\.[^\n]{{0,600}}?this process has {a}(?:\.\d{{1,2}})? GiB memory in use"
        # (the process's figure unknown, "0 bytes" where the driver does not count per process, and PyTorch's own
        # allocation little: issue 36, round forty-three)
        rf"|GPU \d{{1,2}} has a total capac(?:i)?ty of {_int_at_least(max(2 * a + 2, 5))}(?:\.\d{{1,2}})? GiB of "
        rf"which {_FREE_LITTLE} is free\.[^\n]{{0,600}}?this process has {_SMALL} memory in use\.\s{{0,2}}Of the "
        rf"allocated memory {a}(?:\.\d{{1,2}})? GiB is allocated by PyTorch, and {_SMALL} is reserved"
        for a in range(0, 100)
    ]
)
#: issue 36, round forty-nine: the same figures on a card of under 4 GiB (torch prints "1.95 GiB total capacity", or
#: MiB under 1 GiB): the CUDA context (300 to 800 MiB) and the desktop on that card take a large share of it, so the
#: memory outside torch's reserve need not be another process's; the model does not fit this card
_SMALL_CARD = r"(?:[0-3](?:\.\d{1,2})? GiB|[\d.]{1,8} MiB)"
_SMALL_CARD_HELD_OUTSIDE = (
    rf"\(GPU \d{{1,2}}; {_SMALL_CARD} total capacity; {_SMALL} already allocated; {_FREE_LITTLE} free;"
    rf"|GPU \d{{1,2}} has a total capac(?:i)?ty of {_SMALL_CARD} of which {_FREE_LITTLE} is free\."
    rf"[^\n]{{0,600}}?this process has {_SMALL} memory in use{_TORCH_HOLDS_GIB}"
)
#: issue 36, round thirty-nine: an OOM while a model generates text (transformers' generate and its sampling loops,
#: their modules, the generation options' names)
_TEXT_GENERATION = (
    r"line \d{1,6}, in (?:generate|_generate|sample|_sample|greedy_search|_greedy_search|beam_search|_beam_search"
    r"|contrastive_search|stream_generate|generate_\w{1,30}|_prepare_attention_mask_for_generation)\b"
    r"|generation_utils\.py|generation[\\/]utils\.py|\bmax_new_tokens\b"
)
#: issue 36, round thirty-nine: a log that loads several models one after another (a harness, an evaluation suite): two
#: "Loading model X" lines naming different models
_SEVERAL_MODELS = (
    r"\b(?:Loading|Loaded) (?:the )?model:? ['\"]?([\w./:-]{3,120})(?![\w./:-])[\s\S]{1,200000}?"
    r"\b(?:Loading|Loaded) (?:the )?model:? ['\"]?(?!\1(?![\w./:-]))[\w./:-]{3,120}"
)

#: glibc's dynamic loader (elf/dl-load.c) refusing a file whose ELF headers are damaged or not for this system
#: (issue 36, round forty-seven): a patchelf / strip rewrite, a Git LFS pointer or an HTML page saved as .so, a cut
#: download, a library of another OS ABI; "wrong ELF class" is loader-wrong-architecture's
_ELF_DAMAGED = (
    r"\bELF load command (?:address/offset not (?:properly |page-)aligned|alignment not (?:page-aligned|power of 2))"
    r"|\bELF file (?:OS ABI|ABI version) invalid|\bELF file version (?:ident )?does not match current one"
    r"|\bELF file data encoding not (?:little|big)-endian|\bonly ET_DYN and ET_EXEC can be loaded"
    r"|\bELF file's phentsize not the expected size|\bnonzero padding in e_ident"
    r"|lib[\w+-]{1,60}\.so[^\n]{0,40}: invalid ELF header"
)
#: A GPU unit test's own notice that it skips itself (CMSSW's requireDevices / exitSansCUDADevices: "Failed to
#: initialise the CUDA runtime, the test will be skipped.", "No CUDA devices available, the test will be skipped.")
_TEST_SKIPPED = r"\bthe tests? will be skipped\b"
#: a driver that printed its version (nvidia-smi's table header, a bug template's "Driver Version: 530.30.02")
_DRIVER_SHOWN = r"(?:NVIDIA-SMI \d{3}\.\d{1,3}|Driver Version:?\s{0,4}\d{3}\.\d{1,3})"
#: How to give a container the GPUs: the NVIDIA Container Toolkit's flags and compose keys.
CONTAINER_GPUS = (
    "start the container with `docker run --gpus all ...` (the NVIDIA Container Toolkit installed on the host), or in "
    "compose `runtime: nvidia` / `deploy.resources.reservations.devices: [{driver: nvidia, count: all, "
    "capabilities: [gpu]}]`; `nvidia-smi` inside the container must list the GPU"
)
#: a host without an NVIDIA GPU, in a deployment's words (issue 36, round thirty-six): a cloud serving platform's
#: CPU instance type (SageMaker ml.m5.xlarge, ml.c5.large, ml.t2.medium, ml.r5...), a CPU-only host, node or instance
_CPU_ONLY_HOST = (
    r"\bml\.(?:m|c|t|r)\d{1,2}[a-z]{0,3}\.(?:\d{0,2}x?large|medium|small|micro)\b"
    r"|\bCPU[- ]only (?:instance|host|node|machine|server|VM)s?\b|\bon a CPU (?:instance|node|host|VM)\b"
    r"|\b(?:instance|host|node|machine|server|VM) (?:has|with) no (?:NVIDIA )?GPUs?\b"
)
#: a library's own words that it found no GPU and fell back to the CPU (issue 36, round thirty-three): bitsandbytes'
#: CPU library and its "compiled without GPU support" warning, torch's "CUDA is not available" checks, the CUDA
#: images' start banner
_NO_GPU_SEEN = (
    r"compiled without GPU support|libbitsandbytes_cpu\.so|torch\.cuda\.is_available\(\)\W{0,6}False"
    r"|\bNo CUDA GPUs are available|\bCUDA is not available\b|The NVIDIA Driver was not detected"
    r"|Found no NVIDIA driver on your system"
)

#: ops of the ONNX standard (not custom ops) that some TensorRT release's ONNX parser has no built-in importer for; the
#: parser then tries a plugin of the op's name (importFallbackPluginImporter), and "Plugin not found" for one of these
#: means the release lacks the op, not that a plugin library was left unloaded (onnx-tensorrt's operators table)
ONNX_STANDARD_LATE_OPS = (
    "GridSample|ScatterND|ScatterElements|DeformConv|NonZero|Einsum|RoiAlign|NonMaxSuppression|LayerNormalization"
    "|GroupNormalization|Trilu|CumSum|OneHot|GatherND|GatherElements|Mod|Unique|Col2Im|STFT|DFT|Celu|Hardmax|EyeLike"
    "|BitShift|ReverseSequence|CenterCropPad|AffineGrid|Multinomial|Bernoulli|MatMulInteger|ConvInteger|QLinearConv"
    "|QLinearMatMul|DynamicQuantizeLinear|Attention|RotaryEmbedding|RMSNormalization|Det|Compress|Scan|Loop|If"
)
ONNX_STANDARD_OP_FALLBACK = (
    r'op_type: "(?:' + ONNX_STANDARD_LATE_OPS + r')"'
    r"|No importer registered for op: (?:" + ONNX_STANDARD_LATE_OPS + r")\b"
    r"|Searching for plugin: (?:" + ONNX_STANDARD_LATE_OPS + r")\b"
)
CORPUS = "tests/data/explain_corpus.jsonl"

#: a compiled CUDA op's own check that an input is a CUDA tensor: TORCH_CHECK(x.is_cuda()) without a message (c10's
#: "Expected x.is_cuda() to be true, but got false."), the CHECK_CUDA macros extensions define (#x " must be a CUDA
#: tensor", flash-attn's #x " must be on CUDA"), ATen's checkBackend ("to have CUDA Backend, but got tensor with CPU
#: Backend"). A check that wants CPU tensors ("Expected !x.is_cuda() ...") is not this
_CUDA_ONLY_OP = (
    r"Expected [\w.()\[\]]{1,80}?\.is_cuda\(\) to be true, but got false"
    r"|\b\w{1,40} must be (?:a CUDA tensor|on CUDA)\b"
    r"|to have CUDA Backend, but got tensor with CPU Backend"
)

#: the toolkit's link-time stub libcuda found at run time: the CUDA runtime's cudaErrorStubLibrary (34) message, as
#: NCCL's WARN prints it ("Cuda failure 'CUDA driver is a stub library'"), its names, and a program's own check
#: printing the driver API's number (CP2K's offload_library.c: "cuInit failed with error:  34", 34 being
#: CUDA_ERROR_STUB_LIBRARY; issue 36, round fifty-five): driver-library-missing's pattern and its stub variant
_STUB_LIBCUDA = (
    r"CUDA driver is a stub library|cudaErrorStubLibrary|CUDA_ERROR_STUB_LIBRARY"
    r"|\bcuInit\b[^\n]{0,30}\berror:? {0,3}34\b"
)

#: a framework whose own loader a CUDA-library failure would come from (its frames, module or log lines): a text that
#: shows one keeps that framework's variant, not the plain ctypes one (issue 36, round thirty-one)
_FRAMEWORK_LOADERS = r"\btorch\b|torch[\\/]|tensorflow|\bjax(?:lib)?\b|onnxruntime|\bcupy\b|paddle|tensorrt|ctranslate2"


def corpus(*ids: str) -> tuple[str, ...]:
    return tuple(f"{CORPUS}#{i}" for i in ids)


#: a package manager's lockfile install (uv sync / uv run, poetry install / sync, pixi install / run / shell, pdm
#: install / sync) and then, within a few thousand characters, a CUDA library that torch's own nvidia-* wheels ship
#: not found (issue 36, round forty-seven): the lock left out that wheel (an extra or index marker), not a major
_LOCKFILE_SYNC_MISSING_LIB = (
    r"\b(?:uv (?:sync|run)|poetry (?:install|sync)|pixi (?:install|run|shell)|pdm (?:install|sync))\b"
    r"[\s\S]{0,3000}?lib(?:cudnn|cublas|cublasLt|cudart|nvrtc|nvJitLink|cusparse|cusparseLt|cufft|curand"
    r"|cusolver|nccl|cupti|nvToolsExt)\w{0,20}\.so\.\d{1,2}(?:\.\d{1,4}){0,2}: cannot open shared object file"
)

_CORE: tuple[KnownError, ...] = (
    # ---- installation: shared libraries, symbols, pins -------------------------------------------------------------
    KnownError(
        "undefined-symbol",
        "undefined symbol from libtorchtrt.so",
        r"libtorchtrt[\w.-]{0,40}\.so: undefined symbol|undefined symbol[^\n]{0,300}libtorchtrt",
        "torch_tensorrt's C++ library was built against another torch (version or C++ ABI) than the one installed.",
        "Install the torch this torch_tensorrt release pins (each release pins one torch minor): `torchtrt-compat "
        "check` prints the command.",
        variants=(
            Variant(
                SOURCE_BUILD,
                "source or Docker build",
                "Rebuild torch_tensorrt against the torch that is installed (same version and the same C++ ABI: "
                "`python -c 'import torch; print(torch._C._GLIBCXX_USE_CXX11_ABI)'`), or install the torch the build "
                "used; do not mix a downloaded libtorch with a source-built torch.",
            ),
        ),
        advice="torch-pin",
        commands=(CHECK, SUGGEST),
        weight=85,
        applies="every release with the C++ runtime (TorchScript and dynamo), Linux",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_undefined_symbol_fix_depends_on_how_it_was_installed",
            "tests/troubleshooting/test_troubleshooting.py::test_check_names_the_torch_that_fits",
            "notebooks/01_check_environment.ipynb#mismatched-torch",
            *corpus("pytorch-tensorrt-3031", "pytorch-tensorrt-2624"),
        ),
        example="OSError: .../site-packages/torch_tensorrt/lib/libtorchtrt.so: undefined symbol: _ZNK3c105Error4whatEv",
        example_source="https://github.com/pytorch/TensorRT/issues/3031",
    ),
    KnownError(
        "shared-library-not-found",
        "lib….so: cannot open shared object file",
        # not GStreamer's "Failed to load plugin '<plugin>.so': lib….so: ..." (gst-plugin-scanner-optional: a notice),
        # and not ld.so's line for a media helper tool (ffmpeg, sox, ...): `shared_libs`' tool-shared-library-not-found
        # reads those (issue 36, round thirty-two); ld.so's other lines are read by the alternative below; nor DGL's
        # notice that its torch adapter did not load ("TensorDispatcher: dlopen failed: libtorch_cuda.so: ...":
        # geometry_ext's geo-dgl-tensoradapter-notice; round fifty-four)
        r"(?<!\.so': )(?<!error while loading shared libraries: )(?<!TensorDispatcher: dlopen failed: )(?<![\w+-])"
        r"lib[\w+-]{1,40}(?:\.so)(?:\.\d+){0,3}: cannot open shared object file"
        # ldd's listing of a library that does not resolve ("        libnuma.so.1 => not found"; issue 36, round
        # fifty-one)
        r"|^[ \t]{1,16}lib[\w+-]{1,40}\.so(?:\.\d+){0,3} => not found\b"
        # TensorFlow 1.x's dso_loader: "Couldn't open CUDA library libcudnn.so. LD_LIBRARY_PATH: ..."
        r"|Couldn't open CUDA library lib\w{1,40}\.so"
        # Paddle's dynload wrapper when its dlopen of cuDNN failed (paddle/phi/backends/dynload/cudnn.h)
        r"|Cannot load cudnn shared library"
        # Paddle's dynamic_loader.cc for any library it dlopens (Linux .so and Windows .dll, "error code is 126")
        r"|(?:third-party|TensorRT) dynamic library \([\w.+-]{1,80}\) that Paddle depends on is not configured"
        # Java's loader (System.loadLibrary: "no X in java.library.path") and DJL's engine loader
        r"|UnsatisfiedLinkError: no [\w.-]{1,80} in (?:java\.library\.path|\[)"
        # cudarc's loader for a library other than the driver's ("Unable to dynamically load the \"nvrtc\" ...")
        r"|Unable to dynamically load the \"(?!cuda\")[\w-]{1,30}\" shared library"
        r"|Failed to load \w{1,20} native library"
        # TensorFlow's TF-TRT stubs (tf2tensorrt/stub/nvinfer_stub.cc, nvinfer_plugin_stub.cc) abort with this when
        # the libnvinfer they dlopen was not found: the TensorRT TensorFlow was built against is not installed
        r"|\b(?:getInferLibVersion|getPluginRegistry|initLibNvInferPlugins|createInfer\w{1,30}) symbol not found"
        # issue 36, round twenty-six: the dynamic loader's line at a program's start, also cut before its reason
        # (ld.so's "error while loading shared libraries: %s: %s"), and an application's own line for the GPU backend
        # library it dlopens (ALICE O2's GPUReconstruction: "Error Opening cagpu library for GPU Tracker (%s)")
        rf"|{NOT_A_TOOL_LOADER_LINE}error while loading shared libraries: lib[\w+-]{{1,40}}\.so(?:\.\d+){{0,3}}"
        # not a file that is there but damaged (library-file-empty reads the loader's words for that)
        r"(?![.\d]{0,12}:\s{0,2}(?:file too short|invalid ELF header|ELF (?:load command|file)|only ET_DYN"
        r"|nonzero padding))"
        r"|Error Opening cagpu library for GPU Tracker",
        "A shared library the program (or a module it imports) needs is not installed, not on the loader's search "
        "path, or looked for under a path that no longer exists (a CUDA folder of another version, a variable that "
        "points at an old install); with torch_tensorrt or TensorRT, most often TensorRT's libnvinfer* or a torch "
        "library from another torch or CUDA build.",
        "Find which package ships the library the message names and install it in the version the program was built "
        "for (the number after .so is the major it wants); `ldd <the program or its .so> | grep 'not found'` lists "
        "what does not resolve and `ldconfig -p | grep <name>` the copies the loader sees; if it is installed, put "
        "its folder on LD_LIBRARY_PATH (or in /etc/ld.so.conf.d/ and run `sudo ldconfig`). In a container, check the "
        "image ships it (`ldd` inside the container or pod) and that the deployment does not override "
        "LD_LIBRARY_PATH.",
        variants=(
            # issue 36, round forty-seven: installed from a lockfile (uv / Poetry / pixi), torch's CUDA build is there
            # and the nvidia-* wheel that ships the library is not: the lock resolved torch's dependencies for
            # another index, extra or marker
            Variant(
                _LOCKFILE_SYNC_MISSING_LIB,
                "a lockfile install (uv sync, poetry install, pixi install) left out torch's CUDA library wheel",
                "The environment was installed from a lockfile and has torch's CUDA build but not the nvidia-* "
                "wheel that ships this library (nvidia-cudnn-cuXX for libcudnn.so.N, nvidia-cublas-cuXX for "
                "libcublas, nvidia-cuda-runtime-cuXX for libcudart, ...): the lock resolved torch's dependencies "
                "for another index, extra or platform marker (an extra that only includes or aliases the one that "
                "selects the CUDA index does not carry its markers; a torch locked from a CPU or local index has no "
                "such dependencies). Check what is installed: `uv pip list | grep -i nvidia` (`pip list | grep "
                "nvidia`, `poetry show | grep nvidia`, `pixi list`) beside `python -c 'import torch; "
                "print(torch.__version__)'`. Then install through the manager: sync the extra or group that "
                "selects the CUDA index itself (`uv sync --extra <that extra>`), or fix the manifest so each extra "
                'owns its torch source (uv: `[tool.uv.sources] torch = [{ index = "<cuda index>", extra = '
                '"gpu" }]` with the CPU and GPU extras declared as conflicts), regenerate the lock (`uv lock`, '
                "`poetry lock`, `pixi update`) and sync again. A `pip install --force-reinstall` into the env is "
                "undone by the next sync.",
                strict=True,
                sure=True,
            ),
            # issue 36, round twenty-six: a GPU backend the application dlopens (its own plugin .so) did not load:
            # the file is usually there and one of its own dependencies (libcuda, a CUDA runtime) is not
            Variant(
                r"Error Opening cagpu library|GPUReconstruction|during dlopen"
                r"|(?:Error opening|Could not (?:open|load)|Cannot (?:open|load)|Failed to (?:open|load))[^\n]{0,60}"
                r"\b(?:GPU|CUDA|HIP|backend)\b[^\n]{0,40}\blibrary\b",
                "an application's GPU backend library (a plugin it dlopens)",
                "The application's own GPU backend (a plugin .so it dlopens at run time) did not load. The file is "
                "usually installed and one of its dependencies is not: `ldd <that .so> | grep 'not found'` lists "
                "them (libcuda.so.1: no NVIDIA driver on this machine or the container started without the GPU; "
                "libcudart / libnvrtc of a CUDA release other than the installed one); the line the application "
                "logs just before (dlerror's text) names it too. On CI, when unrelated changes fail the same way, "
                "the worker or its image lost the driver or CUDA libraries: fix the worker, or skip the GPU test "
                "where no CUDA runtime is present.",
            ),
            # the OpenGL / EGL client libraries a slim image lacks (libGL.so.1 for cv2 or PyOpenGL, libEGL for a
            # headless renderer, libGLU, libOSMesa), round twenty-two
            Variant(
                r"\blib(?:GL|EGL|GLU|GLX|OpenGL|OSMesa|glapi)\.so(?:\.\d{1,3}){0,3}: cannot open shared object",
                "an OpenGL / EGL library (a slim image without GL)",
                "The OpenGL / EGL client library is not installed (slim Docker and server images have none): on "
                "Debian / Ubuntu `apt-get install -y libgl1 libegl1 libglib2.0-0` (libglu1-mesa for libGLU, "
                "libosmesa6 for libOSMesa); for OpenCV alone, opencv-python-headless needs no libGL. Rendering on "
                "the NVIDIA GPU also needs the driver's EGL (in Docker NVIDIA_DRIVER_CAPABILITIES=all or "
                "compute,utility,graphics).",
            ),
            Variant(
                r"libopencv_\w{1,40}\.so(?:\.\d{1,4}){0,3}: cannot open",
                "an OpenCV library of another version (ROS, JetPack)",
                "The program was built against an OpenCV release (the number after .so) that is not installed here: "
                "ROS packages (cv_bridge, image_transport) built for Ubuntu's OpenCV meet JetPack's own OpenCV 4.x, "
                "or a source build was removed. Install that OpenCV release, or rebuild the program (and cv_bridge: "
                "vision_opencv from source in your ROS workspace) against the OpenCV that is installed (`pkg-config "
                "--modversion opencv4`); `ldd <the program> | grep opencv` lists what it needs.",
            ),
            # a serving binary linked against one TensorRT major (Paddle Serving's serving-gpu-*), round 24
            Variant(
                r"paddle_serving|serving-gpu-\d{2,3}|Paddle Serving",
                "Paddle Serving's server binary (linked against one TensorRT / CUDA release)",
                "Paddle Serving's GPU server binary is linked against one CUDA, cuDNN and TensorRT release (the "
                "number after .so is the TensorRT major it needs): use the official Paddle Serving GPU image for the "
                "CUDA of your paddle-serving-server-gpu build, or install that TensorRT major's runtime libraries "
                "for that CUDA (NVIDIA's tar or deb, not torch_tensorrt's pip pin) and put their lib folder on "
                "LD_LIBRARY_PATH; a base image of another CUDA than the build's fails the same way.",
            ),
            Variant(
                r"that Paddle depends on|Cannot load cudnn shared library|\bPaddle\b",
                "Paddle",
                "Paddle loads CUDA, cuDNN and cuBLAS at run time (dlopen) and did not find the one named: install the "
                "paddlepaddle-gpu build for the CUDA you have (each CUDA has its own build; recent ones bring the "
                "nvidia-* wheels they need), or install that CUDA / cuDNN release and put its lib folder on "
                "LD_LIBRARY_PATH (its bin folder on PATH on Windows); the unversioned name (libcudnn.so) needs the "
                "development symlink or the nvidia-cudnn wheel. `python -c 'import paddle; "
                "paddle.utils.run_check()'` checks the result.",
                product="paddle",
            ),
            Variant(
                r"Unable to dynamically load the \"|\bcudarc\b|\bcandle\b|DlOpen \{",
                "a Rust binding that loads CUDA libraries itself (cudarc, candle)",
                "cudarc opens the CUDA libraries (nvrtc, cublas, cudnn, curand) at run time by name: install them "
                "(the CUDA toolkit, or the nvidia-*-cu12 wheels' lib folders) in the major the crate was built for, "
                "and put their folder on LD_LIBRARY_PATH (PATH on Windows, e.g. the toolkit's bin); cudarc's "
                "`cuda-version-from-build-system` / `cuda-12xxx` Cargo features pick the version, and "
                "`dynamic-linking` links them at build time instead.",
            ),
            # issue 36, round thirty: TensorFlow for Java (libtensorflow, KotlinDL) unpacks its JNI library and
            # libtensorflow_framework from the jar's native resources into a temporary folder
            Variant(
                r"tensorflow_native_libraries-|libtensorflow_jni\w{0,8}\.(?:so|dylib|dll)"
                r"|tensorflow_jni\.dll|libtensorflow_framework\.so\.\d[^\n]{0,80}cannot open",
                "TensorFlow for Java (its JNI library without libtensorflow_framework beside it)",
                "TensorFlow for Java (org.tensorflow:libtensorflow with libtensorflow_jni or libtensorflow_jni_gpu, "
                "used by KotlinDL and other JVM wrappers) unpacks libtensorflow_jni and libtensorflow_framework.so.N "
                "from the jar's native resources into a temporary folder; one of them is missing there. A fat / "
                "shadow jar that merged or dropped the native resources (two artifacts' same-named files, "
                "minimize()) is the usual cause: build the jar so the TensorFlow native artifacts stay whole (exclude "
                "them from minimizing / merging, or ship them as separate jars on the classpath, as the wrapper's "
                "README describes), keep libtensorflow, libtensorflow_jni(_gpu) and the wrapper at the versions they "
                "pin together (a GPU jar needs the CUDA / cuDNN of its TensorFlow release), or put the matching "
                "libtensorflow_framework.so.N on the library path (-Djava.library.path / LD_LIBRARY_PATH).",
            ),
            Variant(
                r"UnsatisfiedLinkError|java\.library\.path|\bai\.djl\.|EngineException",
                "Java (JNI, DJL)",
                "The JVM could not load the native library (or one it depends on): pass its folder with "
                "`-Djava.library.path=<dir>` and put the CUDA / cuDNN lib folders on LD_LIBRARY_PATH (PATH on "
                "Windows) before starting java. With DJL, use the native artifact built for your CUDA (e.g. "
                "ai.djl.pytorch:pytorch-native-cu1xx with its classifier, or PYTORCH_FLAVOR=cu1xx for the automatic "
                "download, cached under ~/.djl.ai), in the engine version that DJL release pins; set "
                "`-Dai.djl.default_engine` to the engine you meant, and read the first 'Caused by' for the library "
                "that failed.",
            ),
            Variant(
                SUDO,
                "run with sudo",
                "sudo starts the program with a clean environment: LD_LIBRARY_PATH (where the library is) is dropped. "
                "Run it without sudo, or pass the path (`sudo env LD_LIBRARY_PATH=$LD_LIBRARY_PATH ./program`), or "
                "register the folder with the loader (a file in /etc/ld.so.conf.d/ and `sudo ldconfig`).",
            ),
            Variant(
                r"Successfully installed[^\n]{0,400}tensorrt|Cell In\[\d{1,5}\]|<ipython-input",
                "TensorRT changed under a running Python",
                "The library was there when this Python started and a pip install (or upgrade) of TensorRT since "
                "replaced it with another version's files: restart the Python process (the notebook kernel), then "
                "import again; if it persists, the tensorrt packages are of mixed versions (reinstall them at one).",
            ),
            Variant(
                r"libnv(?:infer|onnxparser|parsers)[\w.]{0,20}: cannot open[^\n]{0,200}(?:\n[^\n]{0,300}){0,8}(?:"
                + JETSON_BOARD
                + r")|(?:"
                + JETSON_BOARD
                + r")[^\n]{0,300}(?:\n[^\n]{0,300}){0,8}libnv(?:infer|onnxparser|parsers)",
                "TensorRT on a Jetson (JetPack's own)",
                "On a Jetson TensorRT comes with JetPack, one release each (JetPack 4.6: TensorRT 8.2, JetPack 5: 8.5, "
                "JetPack 6.0: 8.6, JetPack 6.1+: 10.3), and pip has no Jetson wheel of it: the program or wheel was "
                "built for another JetPack's TensorRT (the number after .so is its major). Rebuild it on this board "
                "(or install its build for your JetPack, or run it in the l4t / jetson-containers image of the "
                "JetPack it was built for); if TensorRT is missing altogether, install JetPack's (`sudo apt-get "
                "install nvidia-jetpack`, or the tensorrt / libnvinfer packages). `cat /etc/nv_tegra_release` shows "
                "the L4T release.",
            ),
            Variant(
                r"libnv(?:infer|onnxparser|parsers)[^\n]{0,200}(?:\n[^\n]{0,300}){0,6}(?:tritonserver|nvcr\.io|docker)"
                r"|(?:tritonserver|nvcr\.io|docker)[^\n]{0,300}(?:\n[^\n]{0,300}){0,6}libnv(?:infer|onnxparser)",
                "another TensorRT major in a container",
                "The number after .so is the TensorRT major the library that needs it was built for, and the container "
                "ships another one: build the plugin (or engine) inside the container that runs it, or pick the "
                "container release whose TensorRT has that major (NGC's support matrix lists each release's TensorRT); "
                "check LD_PRELOAD / --env paths for typos.",
            ),
            Variant(
                r"tf2tensorrt|TF-TRT|(?:getInferLibVersion|getPluginRegistry) symbol not found"
                r"|(?:tensorflow|dso_loader)[^\n]{0,200}libnvinfer",
                "TensorFlow's TF-TRT",
                "TensorFlow (not torch_tensorrt) loads TensorRT at run time for TF-TRT and wants the TensorRT major "
                "its build was linked against, the number after .so (TensorFlow 2.1 to 2.3: TensorRT 6, "
                "libnvinfer.so.6 with CUDA 10.1; 2.4 to 2.11: TensorRT 7; 2.12 to 2.17: TensorRT 8; 2.18 dropped TF-"
                "TRT): install that TensorRT (NVIDIA's libnvinfer<N> and libnvinfer-plugin<N> deb packages from the "
                "CUDA repository as TensorFlow's GPU install guide lists, or its tar and "
                "LD_LIBRARY_PATH=<TensorRT>/lib; for TensorFlow 2.12+ `pip install tensorrt` of that major and its "
                "tensorrt_libs folder on LD_LIBRARY_PATH), or use a TensorFlow container (nvcr.io/nvidia/tensorflow) "
                "that ships the pair. The 'symbol not found' abort is the same missing library; TensorFlow without "
                "TF-TRT needs none of it.",
                product="tensorflow",
                strict=True,
            ),
            Variant(
                r"libnv(?:infer|onnxparser|parsers)",
                "TensorRT library",
                "Install the TensorRT wheel this torch_tensorrt pins (`pip install 'tensorrt==<pin>'`; its -libs "
                "package ships libnvinfer); for a tar or deb install of TensorRT, add its lib directory to "
                "LD_LIBRARY_PATH. The number after .so is the TensorRT major the library was built for.",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Install the versions the release pins rather than adding paths by hand: `torchtrt-compat check` "
                "names them; a torch or CUDA library (libtorch*, libc10, libcudart) missing means torch_tensorrt was "
                "built against another torch or CUDA than the one installed: install the torch build (version and "
                "CUDA) this release pins, e.g. the +cu wheel of the CUDA it was built for.",
                product="torch_tensorrt",
            ),
            Variant(
                r"(?:/usr/local/cuda-\d{1,2}(?:\.\d{1,2})?|CUDA[\\/]v\d{1,2}\.\d{1,2})[\w/\\.+-]{0,80}"
                r"\.so(?:\.\d+){0,3}: cannot open",
                "a path into a versioned CUDA folder",
                "The library is looked for in a CUDA folder of one version (the path names it), which is not "
                "installed here: point CUDA_HOME / CUDA_PATH (and LD_LIBRARY_PATH, or the library's own variable, "
                "e.g. numba's NUMBAPRO_* / CUDA_HOME) at the CUDA that is installed (`ls -d /usr/local/cuda*`), or "
                "install that CUDA version; a conda environment's cudatoolkit lives under $CONDA_PREFIX/lib.",
            ),
            Variant(
                r"\blibtorch\w{0,20}\.so|\blibc10\w{0,10}\.so",
                "a torch library",
                "A torch library is missing: the module that needs it (a torch extension, torchvision, torchaudio) "
                "was built against another torch, or is imported before torch: install its build for the installed "
                "torch (or the torch it was built for), and `import torch` first.",
            ),
            # issue 36, round thirty-one: the loader names the package's own library by its full path inside the
            # package's folder: that file is usually there, and what failed is one of its own dependencies (a CUDA
            # runtime of the release a prebuilt wheel was built for)
            Variant(
                r"(?:site|dist)-packages[\\/][\w.+-]{1,80}[\\/](?:[\w.+-]{1,80}[\\/]){0,3}lib[\w+-]{1,40}\.so"
                r"(?:\.\d+){0,3}: cannot open shared object file",
                "a package's own library, named by its full path (its dependencies are what is missing)",
                "The file named is the package's own native library, by its path inside the package's folder. "
                "If `ls -l <that path>` shows it is there, the message is about what that library needs, not the "
                "file itself: `ldd <that path> | grep 'not found'` lists the missing dependencies, most often the "
                "CUDA runtime libraries (libcudart / libcublas / libcusparse .so.X.Y) of the CUDA release a prebuilt "
                "wheel was built for. Install that CUDA release's libraries and put their folder on "
                "LD_LIBRARY_PATH, or build the package from source against the CUDA toolkit installed (or install "
                "its release built for your CUDA). If the file is really missing, the install did not build or "
                "ship it: reinstall the package from a wheel for this platform, or rerun its native build and "
                "read the first error there.",
            ),
            # issue 36, round fifty-five: the unversioned name of a CUDA library (libcusolver.so), which only a
            # toolkit or -dev package provides, while runtime packages (pip's nvidia-* wheels, distributions' runtime
            # libraries) ship the versioned libX.so.N only (a library that ships only unversioned, such as
            # libtritonserver.so or libfaiss.so, keeps the family's fix)
            Variant(
                r"(?<![\w+-])lib(?:cudart|cublas(?:Lt)?|cusolver(?:Mg)?|cusparse(?:Lt)?|cufft\w{0,2}|curand|cupti|nvrtc"
                r"|nvJitLink|cudnn\w{0,30}|nccl|nvinfer\w{0,20}|nvonnxparser|npp\w{1,6}|nvjpeg|cuda)\.so: cannot open "
                r"shared object file",
                "the unversioned name of a CUDA library (libX.so), which runtime packages do not ship",
                "The program asks for the library's unversioned name (libX.so, no .N after it), the development "
                "link that only a CUDA toolkit or a -dev package installs; runtime packages (pip's nvidia-*-cu12 "
                "wheels, a distribution's runtime library) ship the versioned libX.so.N only, so the library can be "
                "installed and still not found. Check for the versioned file (`find / -name 'libX.so*' "
                "2>/dev/null`); then update the program to a release that loads the versioned name, or make the "
                "name resolve: a symlink libX.so -> libX.so.N in a folder on LD_LIBRARY_PATH, or the toolkit's / "
                "-dev package's copy.",
            ),
        ),
        op=r"(lib[\w+-]{1,40}\.so(?:\.\d+){0,3}): cannot open",
        advice="tensorrt-pin",
        commands=(CHECK,),
        # issue 36, round thirty-three: a start-up listing of optional codec modules ("* dec_nvjpeg : libnvjpeg.so.12:
        # cannot open ...", xpra's codec loader) only skips that module: gpu_apps' app-codec-module-skipped-notice
        unless=r"^\s{0,4}\*\s{1,4}\w{2,40}\s{1,40}:\s{1,4}lib[\w+-]{1,40}\.so(?:\.\d+){0,3}: cannot open shared "
        r"object file",
        weight=85,
        applies="Linux; every release (libtorch_cuda_cu.so only with torch < 1.13)",
        shown_by=corpus(
            "pytorch-tensorrt-1203", "pytorch-tensorrt-2820", "pytorch-tensorrt-1436", "jkjung-avt-tensorrt_demos-517"
        ),
        example="ImportError: libnvinfer_plugin.so.8: cannot open shared object file: No such file or directory",
        example_source="https://github.com/pytorch/TensorRT/issues/1203",
    ),
    KnownError(
        "windows-dll-load",
        "DLL load failed (Windows)",
        r"DLL load failed|\[WinError 12[67]\]|Error loading \"[^\"\n]{1,300}\.dll\" or one of its dependencies"
        r"|Could not find module '[^'\n]{1,300}\.dll'|Could not find: [\w.-]{1,80}\.dll\. Is it on your PATH\?"
        # .NET's DllNotFoundException (a P/Invoke wrapper's native DLL, or one it depends on)
        r"|Unable to load DLL '[^'\n]{1,120}'(?: or one of its dependencies)?"
        # .NET's P/Invoke (DllNotFoundException; "shared library" on Linux / macOS), and a 32/64-bit mismatch
        r"|Unable to load (?:DLL|shared library) '[^'\n]{1,200}' or one of its dependencies|DllNotFoundException"
        r"|BadImageFormatException"
        # CPython's OSError for a DLL of another architecture (32-bit, ARM) or not a DLL at all (ERROR_BAD_EXE_FORMAT)
        r"|\[WinError 193\]|is not a valid Win32 application"
        # Windows' ERROR_COMMITMENT_LIMIT while mapping a large CUDA DLL (torch's "Error loading ..." wording)
        r"|\[WinError 1455\]"
        # ERROR_DLL_INIT_FAILED: the DLL loaded and its start-up code failed (torch's c10.dll, TensorFlow's runtime)
        + r"|\[WinError 1114\]|"
        + _DLL_INIT_FAILED
        # TensorRT's own loader (trtexec, the builder) on Windows: "Unable to open library: nvinfer_plugin.dll"
        + r"|Unable to open library: [\w.+-]{1,80}\.dll"
        # TensorRT 10's lazy loader (builder resource, lean / dispatch runtimes) in an API Usage Error line
        r"|Unable to load library: [\w.+-]{1,80}\.dll"
        # Windows' loader (ntstatus.h STATUS_DLL_NOT_FOUND / STATUS_ENTRYPOINT_NOT_FOUND): its dialog text and the
        # exit codes a launcher prints (0xC0000135 = -1073741515, 0xC0000139 = -1073741511)
        r"|The code execution cannot proceed because [\w.+-]{1,80}\.dll was not found"
        r"|The procedure entry point [^\n]{1,200} could not be located in the dynamic link library"
        r"|0xC0000135|0xC0000139|(?:exit|return|error) code:? ?(?:-1073741515|-1073741511|3221225781|3221225785)\b"
        # the JVM's (OpenJDK os_windows.cpp) and Node's (process.dlopen) wordings of ERROR_MOD_NOT_FOUND
        r"|Can't find dependent libraries|The specified module could not be found\.?\s{1,4}[^\n]{1,300}\.node\b",
        "Windows could not load a DLL the module needs (the module named after 'while importing', or one of its "
        "dependencies): it is missing from the search path, or DLLs of two different versions (or two CUDA copies) "
        "are mixed in one process.",
        "Reinstall the package that failed to import in a clean environment (one of pip or conda, not both), install "
        "the Microsoft Visual C++ runtime, and check that the CUDA / cuDNN DLLs it needs are on PATH (`where "
        "cudart64_*.dll`); import torch before other CUDA libraries so that its DLLs are the ones loaded.",
        variants=(
            # a module torch's JIT extension loader builds at first import (a *_plugin module in the torch_extensions
            # cache): its failed build leaves a module Windows cannot load (round twenty-two)
            Variant(
                r"DLL load failed while importing \w{1,40}_plugin\b|torch_extensions[\\/]",
                "an extension JIT-built at first import (torch_extensions cache)",
                "This module is built by torch's JIT extension loader (torch.utils.cpp_extension.load) at first use "
                "into the torch_extensions cache, and that build failed or stopped earlier: delete the module's "
                "folder in the cache (%LOCALAPPDATA%\\torch_extensions, or TORCH_EXTENSIONS_DIR) and rerun from an "
                "'x64 Native Tools Command Prompt for VS' with the CUDA toolkit of torch.version.cuda on PATH "
                "(`ninja` in that cache folder shows the real compile or link error); or install a prebuilt wheel of "
                "the library for this torch and CUDA.",
            ),
            Variant(
                r"Unable to load library: (?:lib)?nvinfer_(?:builder_resource|lean|dispatch|vc_plugin)\w{0,20}\.dll",
                "TensorRT 10 loads a library of its own lazily (builder resource, lean / dispatch runtime)",
                "TensorRT 10 loads nvinfer_builder_resource_10.dll (when a builder is created) and the lean / "
                "dispatch runtimes only when needed, from the folder of nvinfer_10.dll or from PATH; that file is "
                "missing: the app or install ships nvinfer_10.dll without it. Copy every DLL of the same TensorRT "
                "release's lib folder (nvinfer_builder_resource_10.dll included) next to nvinfer_10.dll in the app's "
                "folder, or put that lib folder on PATH (a packaged app: install its fixed release or its TensorRT "
                "dependency archive). The GPU and the driver are not at fault.",
            ),
            Variant(
                r"Unable to (?:open|load) library: [\w.+-]{1,80}\.dll",
                "TensorRT's loader (Unable to open library)",
                "TensorRT could not open one of its own DLLs: put TensorRT's lib folder (the zip's lib, where "
                "nvinfer_plugin.dll lies, or the tensorrt_libs folder of the wheel) and the CUDA and cuDNN bin folders "
                "of the CUDA major that TensorRT build targets on PATH in the same shell that runs trtexec or your "
                "program; if it still fails, a DLL it depends on is missing: list its dependencies (Dependencies, or "
                "`dumpbin /dependents nvinfer_plugin.dll`) and install that cuDNN / cuBLAS release.",
            ),
            Variant(
                r"_jit_compile|_write_ninja_file_and_build_library",
                "a prebuilt extension, then its JIT rebuild",
                "The package's prebuilt extension does not load (built for another torch or CUDA than the one "
                "installed, or its CUDA DLLs not found) and its fallback, a JIT build through "
                "torch.utils.cpp_extension.load, failed too. Install the package's build for your torch and CUDA "
                "(`python -c 'import torch; print(torch.__version__, torch.version.cuda)'`; for exllama in "
                "text-generation-webui the wheel its requirements file / one-click installer names for that "
                "torch+cuXYZ) instead of relying on the JIT build; to compile, install the CUDA toolkit of "
                "torch.version.cuda and the MSVC build tools, run from the x64 Native Tools prompt, and read the "
                "compiler's first error.",
            ),
            Variant(
                r"\[WinError 1455\]|paging file is too small",
                "the paging file is too small (WinError 1455)",
                "Windows ran out of commit memory while mapping the CUDA DLLs (cuDNN, cuBLAS are hundreds of MB, and "
                "every DataLoader worker process maps them again): enlarge the paging file (System > Advanced system "
                "settings > Performance > Virtual memory: system managed, on a drive with free space), use fewer "
                "DataLoader workers (`num_workers=0` or 2), close other programs, then restart.",
            ),
            Variant(
                r"\[WinError 193\]|is not a valid Win32 application",
                "a DLL of another architecture (WinError 193)",
                "Windows found a file of the right name that is not a 64-bit DLL for this Python: a 32-bit (or ARM) "
                "build, a DLL truncated by an interrupted download, or a Linux .so copied over. Check "
                "`python -c \"import struct; print(struct.calcsize('P')*8)\"` says 64, reinstall the package that "
                "failed (`pip install --force-reinstall --no-cache-dir <package>`), and remove other copies of that "
                "DLL from PATH (`where <dll>`).",
            ),
            Variant(
                r"DllNotFoundException|Unable to load (?:DLL|shared library)|BadImageFormatException"
                r"|TypeInitializationException|\bSystem\.\w{1,40}Exception",
                ".NET (P/Invoke of a native library)",
                "The .NET wrapper could not load its native library (the one named in quotes) or a library it needs "
                "(TensorRT's nvinfer*.dll, cudart64_*.dll, cuDNN, the MSVC runtime). Copy the native DLL next to the "
                "executable or add its folder and the CUDA / TensorRT / cuDNN bin folders to PATH; use the wrapper's "
                "runtime NuGet package for GPU (e.g. Microsoft.ML.OnnxRuntime.Gpu, SciSharp.TensorFlow.Redist-Windows-"
                "GPU, TorchSharp-cuda-windows) rather than the CPU one; find the missing dependency with the "
                "Dependencies tool (or `dumpbin /dependents X.dll`). BadImageFormatException is a 32/64-bit mismatch: "
                "build for x64 (`<PlatformTarget>x64</PlatformTarget>`, not AnyCPU with 'Prefer 32-bit').",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Install the torch and tensorrt wheels the release pins in one environment (`torchtrt-compat check` "
                "names them), import torch before tensorrt, and install the Microsoft Visual C++ runtime.",
                product="torch_tensorrt",
            ),
            Variant(
                r"Could not find: [\w.-]{1,80}\.dll\. Is it on your PATH",
                "TensorRT's Python package looks for its DLLs on PATH",
                "The tensorrt package (from a TensorRT zip, or a wheel without its -libs package) loads nvinfer*.dll "
                "and the cuBLAS / cuDNN DLLs it names from PATH: add the zip's lib folder (TensorRT-x.y\\lib) to "
                "PATH in the environment that runs Python, then open a new terminal; or `pip install tensorrt` (its "
                "tensorrt-cuXX-libs package ships the DLLs) instead of the zip's wheel.",
            ),
            Variant(
                r"\bcupy\b|CuPy",
                "CuPy",
                "CuPy could not load the CUDA DLLs of its wheel's CUDA major: install the cupy-cudaXXx wheel of the "
                "CUDA you have (cupy-cuda11x / cupy-cuda12x, and uninstall the others), set CUDA_PATH to that CUDA "
                'toolkit (or `pip install "cupy-cuda12x[ctk]"` for the CUDA libraries as wheels), then check '
                "`python -c 'import cupy; cupy.show_config()'`.",
                product="cupy",
            ),
            Variant(
                r"UnsatisfiedLinkError|Can't find dependent libraries",
                "Java (System.loadLibrary / JNI)",
                "The JVM loaded the native DLL it names but not a DLL that one needs (the CUDA / cuDNN / TensorRT "
                "DLLs of a GPU build, the MSVC runtime): add their folders to PATH before starting java (-Djava."
                "library.path finds only the first DLL, not its dependencies), install the Visual C++ 2015-2022 "
                "Redistributable (x64), and use the GPU artifact of the same version as the CUDA you have (e.g. "
                "onnxruntime_gpu, DJL's engine for your CUDA); `dumpbin /dependents <dll>` lists what it needs.",
            ),
            Variant(
                r"\.node\b|node_modules",
                "Node.js native addon",
                "Node could not load the addon's .node file or a DLL it needs: install the Visual C++ 2015-2022 "
                "Redistributable (x64), put the CUDA / cuDNN bin folders of the version the package targets on PATH "
                "for a GPU build, and reinstall the package for this Node and architecture (`npm rebuild`, or "
                "delete node_modules and `npm install`).",
            ),
            Variant(
                rf"_?pywrap_tensorflow\w{{0,20}}[\s\S]{{0,4000}}?(?:{_DLL_INIT_FAILED})",
                "TensorFlow's runtime did not initialise (WinError 1114)",
                "TensorFlow's native runtime loaded but did not initialise: install the latest Visual C++ 2015-2022 "
                "Redistributable (x64); check the CPU has AVX (the official wheels need it; an old or emulated CPU "
                "needs a build without AVX); use a TensorFlow release for your Python (`pip install -U tensorflow`; "
                "for a GPU on Windows run it under WSL2, as TensorFlow 2.11+ has no native-Windows GPU build).",
                strict=True,
            ),
            Variant(
                r"WinError 1114|initialization routine failed|" + _DLL_INIT_FAILED,
                "a DLL's start-up failed (WinError 1114)",
                "Windows loaded the DLL but its start-up code failed: install the latest Microsoft Visual C++ "
                "2015-2022 Redistributable (x64; torch 2.4+'s c10.dll needs a recent one) and restart the terminal; "
                "import torch (or the failing package) before packages that bring their own OpenMP / MKL / MSVC "
                "runtime DLLs (PyQt, OpenCV, an app's embedded Python); reinstall it in a clean venv "
                "(`pip install --force-reinstall --no-cache-dir <package>`).",
            ),
            Variant(
                r"fbgemm\.dll|libomp140",
                "torch's fbgemm.dll (needs libomp140.x86_64.dll)",
                "torch's fbgemm.dll needs the OpenMP runtime libomp140.x86_64.dll of the Visual C++ 2015-2022 "
                "runtime: install the latest Visual C++ Redistributable (x64) (or Visual Studio's C++ workload) and "
                "restart the terminal; reinstalling torch does not add it.",
                strict=True,
            ),
            # a non-CUDA runtime of an old torch / numpy build: MKL and Intel OpenMP (numpy+mkl, conda's mkl), which
            # torch's early Windows wheels loaded from outside the wheel; or an old torch's torch._C on Python 3.7 and
            # older ("DLL load failed: ..." with no "while importing"), issue 36, round forty-five
            Variant(
                r"\bmkl_\w{1,30}\.dll|libiomp5md|\bintel[-_]openmp\b|numpy\+mkl|\bmkl\b[^\n]{0,40}(?:missing|install)"
                r"|from torch\._C import \*[^\n]{0,80}\n?[^\n]{0,40}DLL load failed:",
                "an old torch (or numpy) build missing MKL / Intel OpenMP",
                "The DLL that torch._C (or numpy) cannot load is a CPU runtime, not CUDA: early torch wheels for "
                "Windows and numpy+mkl builds load Intel MKL (mkl_*.dll) and Intel OpenMP (libiomp5md.dll) from "
                "outside the package, and the Visual C++ runtime. Install them in the same environment: `pip install "
                "intel-openmp mkl` (conda: `conda install mkl intel-openmp`, with numpy and torch from the same "
                "channel, not numpy from pip beside conda's torch), install the Visual C++ 2015-2022 "
                "Redistributable (x64), and check `where libiomp5md.dll` finds one copy. Open torch\\_C*.pyd (or "
                "the numpy .pyd named) in the Dependencies tool to see which DLL is missing. A current torch wheel "
                "for a current Python ships these in torch\\lib, so upgrading torch (in a fresh venv) also ends it.",
            ),
            Variant(
                r"specified procedure could not be found|WinError 127|找不到指定的程序|procedure entry point"
                r"|0xC0000139|-1073741511|3221225785",
                "a symbol is missing (mixed versions)",
                "A DLL of another version was loaded (the Windows form of `undefined symbol`): uninstall the extra "
                "copies of the package (and of torch, tensorrt / tensorrt-cu12) and install one set of versions that "
                "belong together; import torch first so that torch's CUDA DLLs are the ones loaded.",
            ),
            Variant(
                r"specified module could not be found|WinError 126",
                "a DLL is missing",
                "A DLL (or one it depends on) is not on the search path: reinstall the package that failed to load, "
                "install the Microsoft Visual C++ runtime, and put the folder of the CUDA / cuDNN DLLs it needs on "
                "PATH (for TensorRT: the tensorrt wheel of the pinned version ships its DLLs, or add TensorRT's lib "
                "folder to PATH).",
            ),
        ),
        advice="tensorrt-pin",
        commands=(CHECK,),
        # bitsandbytes' own CUDA SETUP report names the DLL it tried (quant-bnb-cuda-setup has its fix)
        unless=r"CUDA SETUP: (?:Problem|Loading binary)",
        weight=80,
        applies="Windows (torch_tensorrt ≥ 2.4 ships Windows wheels)",
        shown_by=corpus("nvidia-tensorrt-1693", "holywu-vs-rife-55", "nvidia-tensorrt-2563")
        + ("tests/troubleshooting/test_round13_w1win.py::test_dll_loads_from_other_languages_and_torch_fbgemm",),
        example='OSError: [WinError 127] Error loading "...\\torch\\lib\\cublas64_11.dll" or one of its dependencies.',
        example_source="https://github.com/NVIDIA/TensorRT/issues/1693",
    ),
    KnownError(
        "pip-pin-conflict",
        'pip: "… requires …, but you have … which is incompatible"',
        _TORCH_PIN_CONFLICT,
        "pip installed a torch, tensorrt or torchvision outside the range another installed package pins (pip warns "
        "and installs anyway); torch_tensorrt pins one torch minor and one TensorRT minor.",
        "Install the pinned versions the pip lines name (the commands below), or the release of the package that "
        "pins the torch you want (torchvision and torchaudio pin one torch minor each).",
        variants=(
            # issue 36, round thirty-seven: the legacy resolver's lines (pip < 20.3), which the pinned-install advice
            # does not read
            Variant(
                r"has requirement [^\n]{1,200}, but you'll have [^\n]{1,200} which is incompatible",
                "pip's legacy resolver (pip < 20.3: 'has requirement ..., but you'll have ...')",
                'pip (its resolver before 20.3) installed the version after "you\'ll have" although the packages '
                "named first require another: each line is one package whose requirement is now broken. Install one "
                'version that meets all the lines (`pip install "torch>=A,<B"` with the bounds they name, '
                "torchvision / torchaudio of that torch's release) instead of pinning an older one; a torch built "
                "for a newer CUDA only needs a new enough NVIDIA driver, not a matching CUDA toolkit. Or remove or "
                "upgrade the packages whose requirement you cannot meet. A current pip (`python -m pip install -U "
                "pip`) refuses or reports such conflicts before it installs.",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Install the pinned versions the pip lines name (the commands below), or pick a torch_tensorrt release "
                "that fits the torch you want: `torchtrt-compat suggest`.",
                product="torch_tensorrt",
            ),
            Variant(
                SHOWN["tensorrt"],
                "TensorRT",
                "Install the pinned versions the pip lines name (the commands below); the tensorrt, tensorrt-cuXX and "
                "tensorrt-cuXX-libs packages must be of one version (`torchtrt-compat suggest` lists stacks that fit).",
                product="tensorrt",
            ),
        ),
        advice="pip-lines",
        commands=(CHECK, SUGGEST),
        weight=90,
        applies="pip installs of every release",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_pip_conflict_gives_the_pinned_install",
            "tests/troubleshooting/test_round37_v37federated.py::test_pip_legacy_resolver_conflict",
            *corpus("holywu-vs-rife-70"),
        ),
        example="torch-tensorrt 2.6.0+cu126 requires tensorrt<10.8.0,>=10.7.0.post1, but you have tensorrt 10.8.0.43 "
        "which is incompatible.",
        example_source="https://github.com/HolyWu/vs-rife/issues/70",
    ),
    # issue 36, round fifty: the same resolver line between any two packages (pip-pin-conflict is torch's and
    # TensorRT's own, with their pinned installs)
    KnownError(
        "pip-dependency-conflict",
        'pip installed a package outside the range another one pins ("X requires Y>=A, but you have Y B which is '
        'incompatible")',
        r"(?:^|conflicts\. )[^\n]{0,30}?[A-Za-z0-9][\w.-]{0,60} \S{1,40} requires [^\n]{1,200}, but you have "
        r"[^\n]{1,200} which is incompatible"
        r"|^[^\n]{0,30}?[A-Za-z0-9][\w.-]{0,60} \S{1,40} has requirement [^\n]{1,200}, but you'll have [^\n]{1,200} "
        r"which is incompatible",
        "pip's resolver only looks at the packages of one command: it installed the version after 'you have' and "
        "left the package named first with a dependency outside its range (pip says so, then finishes). That "
        "package may now fail at import or at run (a missing name, a version check), or work despite the pin.",
        "Make the pins meet: install versions that satisfy every line (the command below; `pip check` lists what "
        "is still broken), or upgrade the package whose pin is broken to a release that accepts the version you "
        "need, or drop it if nothing uses it. One project per virtual environment keeps another project's pins out; "
        "if the program runs, the line alone did not fail it.",
        unless=_TORCH_PIN_CONFLICT,
        advice="pip-lines",
        weight=40,
        applies="pip 20.3 and later (and the legacy resolver's 'has requirement ..., but you'll have ...')",
        shown_by=("tests/troubleshooting/test_round50_v50.py::test_a_library_that_asks_for_a_version_range",),
        example="xfuser 0.4.0 requires yunchang>=0.4.0, but you have yunchang 0.3.0 which is incompatible.",
        example_source="pip's resolver report (src/pip/_internal/commands/install.py: '{name} {version} requires "
        "{requirement}, but you have {dep_name} {dep_version} which is incompatible.')",
    ),
    KnownError(
        "no-matching-distribution",
        "pip: No matching distribution found for torch-tensorrt",
        r"No matching distribution found for (?:torch[-_]tensorrt|tensorrt)[\w.=<>!~-]{0,60}"
        r"|Could not find a version that satisfies the requirement (?:torch[-_]tensorrt|tensorrt)"
        r"|failed to build installable wheels for[^\n]{0,80}tensorrt"
        r"|Failed building wheel for tensorrt|Failed to build tensorrt[\w-]{0,20}\s*$",
        "The index pip searched has no wheel of that release for this Python version and platform (torch_tensorrt "
        "publishes wheels per Python, CUDA and platform; releases before 1.4 were only on GitHub's release pages).",
        "Pick a release that has a wheel for your Python and platform: `torchtrt-compat suggest --python <ver> "
        "--platform <tag>` lists them and `torchtrt-compat matrix` shows each release's wheels; or install the "
        "Python version that release supports.",
        op=r"for ((?:torch[-_]tensorrt|tensorrt)[\w.=<>!~-]{0,60})",
        commands=(SUGGEST, "torchtrt-compat matrix"),
        weight=85,
        applies="pip installs; releases without a wheel for the Python / platform asked",
        shown_by=corpus("pytorch-tensorrt-1525"),
        example="ERROR: Could not find a version that satisfies the requirement torch-tensorrt==1.2.0 (from versions: "
        "0.0.0, 0.0.0.post1)\nERROR: No matching distribution found for torch-tensorrt==1.2.0",
        example_source="https://github.com/pytorch/TensorRT/issues/1525",
    ),
    KnownError(
        "torchtrt-missing-dependency",
        "ModuleNotFoundError inside torch_tensorrt",
        r"ModuleNotFoundError: No module named '[\w.]{1,80}'",
        "torch_tensorrt imports a package its wheel did not declare (or that a partial install left out), e.g. "
        "tensorrt for torch_tensorrt 1.4, dllist for some 2.8 nightlies.",
        "pip install the missing package; for `tensorrt`, install the version the release pins (`torchtrt-compat "
        "check` names it).",
        requires=r"(?:torch_tensorrt|tensorrt|tensorrt_rtx)[\\/][\w\\/]{0,80}\.py",
        unless=r"No module named 'torch_tensorrt'",
        op=r"No module named '([\w.]{1,80})'",
        advice="tensorrt-pin",
        commands=(CHECK,),
        weight=70,
        applies="releases whose metadata missed a dependency",
        shown_by=corpus("pytorch-tensorrt-3591"),
        example='File ".../site-packages/torch_tensorrt/_utils.py", line 19, in check_cross_compile_trt_win_lib\n'
        "ModuleNotFoundError: No module named 'dllist'",
        example_source="https://github.com/pytorch/TensorRT/issues/3591",
    ),
    KnownError(
        "jetson-source-build",
        "Building Torch-TensorRT from source fails (Jetson / aarch64 above all)",
        r"Target //:libtorchtrt failed to build|Error in workspace:|bazel-out/aarch64"
        r"|//(?:cpp|core|py)/[\w/]{1,80}:[\w.-]{1,80}' failed|libtorchtrt\.tar\.gz: Cannot open"
        r"|_solib_aarch64|FAILED: Build did NOT complete successfully",
        "The bazel build of torch_tensorrt failed: on Jetson this is most often a WORKSPACE not matched to the "
        "JetPack (CUDA, cuDNN, TensorRT and libtorch paths), a non-native toolchain, or the compiler running out "
        "of memory ('Killed').",
        "Prefer the wheels NVIDIA builds for your JetPack (torch and torch_tensorrt from the Jetson index, or an l4t "
        "container) to a source build; if you must build, use the WORKSPACE for your JetPack "
        "(toolchains/jp_workspaces), the native aarch64 gcc (not a conda x86_64 toolchain), and add swap and build "
        "with --jobs=1 when the compiler is 'Killed'.",
        variants=(
            Variant(
                r"internal compiler error: Killed|\bKilled\b",
                "the compiler was killed",
                "The compiler ran out of memory: add swap (8 GB or more) and build with `bazel build ... --jobs=1`.",
            ),
        ),
        weight=60,
        applies="source builds (bazel), Jetson / JetPack above all",
        shown_by=corpus("pytorch-tensorrt-3317", "pytorch-tensorrt-773", "pytorch-tensorrt-222"),
        example="Target //:libtorchtrt failed to build\nUse --verbose_failures to see the command lines of failed "
        "build steps.",
        example_source="https://github.com/pytorch/TensorRT/issues/773",
    ),
    # ---- the GPU, the driver and the CUDA build ----------------------------------------------------------------------
    KnownError(
        "import-no-gpu",
        "'Found no NVIDIA driver' when importing torch_tensorrt",
        r"Found no NVIDIA driver|No CUDA GPUs are available",
        "torch_tensorrt 2.10+ queries the GPU while it is imported, so `import torch_tensorrt` crashes on a host "
        "without an NVIDIA driver (a CI runner, a laptop, a container started without GPUs).",
        "Use torchtrt_compat.compile / build_engine: they import torch_tensorrt through a shim (cpu_import) and "
        "build TensorRT-RTX engines ahead of time on a CPU-only host; to run engines, use a host with a GPU.",
        requires=r"import torch_tensorrt|torch_tensorrt[\\/]__init__\.py|torch_tensorrt[\\/]_features\.py"
        r"|is_tegra_platform",
        weight=80,
        applies="torch_tensorrt ≥ 2.10 on a host without an NVIDIA driver",
        versions=">=2.10",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_plain_import_fails_and_is_explained",
            "notebooks/02_drop_in_compile.ipynb#plain-import",
            "notebooks/02_drop_in_compile.ipynb#build-engine",
        ),
        example='  File ".../site-packages/torch_tensorrt/__init__.py", line 125, in <module>\nRuntimeError: Found no '
        "NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver",
        example_source=(
            "tests/troubleshooting/test_troubleshooting.py::test_plain_import_fails_and_is_explained "
            "(torch_tensorrt 2.14)"
        ),
    ),
    KnownError(
        "no-gpu-visible",
        "'Found no NVIDIA driver' (no GPU visible to this process)",
        r"Found no NVIDIA driver|No CUDA GPUs are available|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE"
        # a unit test's own check (CMSSW's requireDevices: cudaGetDeviceCount found none) before it skips itself
        r"|No CUDA devices? (?:available|on this system|found), the test will be skipped",
        "Code moved a tensor or module to CUDA (or asked for the GPU's properties) in a process that sees no NVIDIA "
        "GPU: a CPU-only host, a container started without GPUs, or CUDA_VISIBLE_DEVICES set to nothing.",
        "Run where a GPU is visible: `nvidia-smi` must list it in the same shell or container; in Docker pass "
        "`--gpus all`; CUDA_VISIBLE_DEVICES must not be empty or name a GPU that is not there; a job scheduler or "
        "framework must give the process a GPU (Ray: num_gpus on the task or actor; Slurm: --gres=gpu:N). If "
        "`nvidia-smi` does list GPUs, the program asks for GPUs the machine lacks: a GPU list or count in its config "
        "or command line (gpu_ids, cuda_devices, --gpus, CUDA_VISIBLE_DEVICES=1,2) names more GPUs or higher "
        "indices than it shows; set it to the GPUs that exist (torch.cuda.device_count(); e.g. one GPU, 0). A "
        "machine with no NVIDIA GPU at all (a Mac, Intel or AMD graphics, a CPU-only server) cannot be given one: "
        "run on the CPU instead (the program's device / --cpu option, device='cpu' in place of hard-coded .cuda() "
        "calls, torch.load(..., map_location='cpu')); installing a driver or a CUDA torch cannot help there.",
        variants=(
            # issue 36, round twenty-six: a GPU test that skipped itself (nothing failed)
            Variant(
                _TEST_SKIPPED,
                "a GPU test that skipped itself (no CUDA device)",
                "Nothing failed: the GPU test skipped itself because the process sees no CUDA device, so none of "
                "its GPU code ran. On a worker without a GPU (a CPU-only CI job or container) that is expected: run "
                "the GPU tests on a GPU worker (the CI's GPU job or node label). On a worker with a GPU, give the "
                "job its GPU: `nvidia-smi` must list it in the same container (Docker --gpus all, the scheduler's "
                "GPU request) and CUDA_VISIBLE_DEVICES must not be empty.",
                strict=True,
            ),
            # issue 36, round forty-four: an NVDEC / NVENC call of the Video Codec SDK (cuvid*, nvEnc*, a decoder
            # built on its samples) that returned CUDA_ERROR_NO_DEVICE (100): the driver's video engine is not
            # reachable from this process (a container without the 'video' capability, a GPU without NVDEC)
            Variant(
                r"\bcuvid[A-Z]\w{1,60}|\bnvEnc[A-Z]\w{1,60}|\bNvDecoder\b|\bNvEncoder\w{0,10}\b|\bPyNvCodec\b"
                r"|\bPyNvVideoCodec\b|\bHandleVideoSequence\b",
                "an NVDEC / NVENC call (NVIDIA's Video Codec SDK) that found no device",
                "The video decoder / encoder's own call (cuvid* / nvEnc*, through the driver's libnvcuvid / "
                "libnvidia-encode) returned CUDA error 100, no CUDA-capable device: the process cannot reach the "
                "GPU's video engine. In a container, start it with the GPU and the driver's video capability "
                "(`--gpus all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,video`, or `all`; on Kubernetes the same "
                "env on the pod); check `nvidia-smi` and `ldconfig -p | grep nvcuvid` inside it. A GPU without NVDEC "
                "/ NVENC (some data-center models lack NVENC) or a CUDA_VISIBLE_DEVICES that hides the GPU gives the "
                "same code; decode on the CPU where the video engine cannot be had.",
            ),
            # issue 36, round thirty-nine: the program itself hides the GPU (its CPU mode sets CUDA_VISIBLE_DEVICES
            # to -1 or empty, or it has a flag that turns the GPU on): the text shows the setting or the flag
            Variant(
                r"""CUDA_VISIBLE_DEVICES['"]?\]?\s{0,3}(?:=|,)\s{0,3}(?:['"]-1['"]|-1\b|['"]{2})"""
                r"|set_visible_devices\(\s{0,3}\[\s{0,3}\]|--allow[-_]gpu\b|\ballow_gpu\s{0,3}=\s{0,3}False\b",
                "the program hides the GPU itself (its CPU mode: CUDA_VISIBLE_DEVICES=-1 / empty, a GPU flag off)",
                "The text shows the program hiding the GPU on purpose: it sets CUDA_VISIBLE_DEVICES to -1 or "
                "empty (or an empty visible-device list) for its CPU mode, so CUDA finds no device although the "
                "machine has one, and the work runs on the CPU. Nothing is broken: if the CPU run is what you "
                "want, the line is only a notice; to use the GPU, turn the program's GPU option on (its "
                "--allow-gpu / --gpu flag or setting, or remove its CUDA_VISIBLE_DEVICES=-1) and check with "
                "`nvidia-smi` that the GPU is attached.",
                strict=True,
            ),
            # issue 36, round twenty-three: a Mac in the paste has no NVIDIA GPU to make visible
            Variant(
                MACOS,
                "macOS (no NVIDIA GPU, no CUDA)",
                "A Mac has no NVIDIA GPU and no CUDA, so nothing can make one visible: run on the device that "
                "exists: replace hard-coded .cuda() / device='cuda' calls with 'mps' (Apple Silicon) or 'cpu', load "
                "checkpoints with map_location, and remove GPU-only wrappers (a Hugging Face Space's @spaces.GPU "
                "decorator); code that needs CUDA kernels runs only on a machine with an NVIDIA GPU.",
            ),
            # issue 36, round forty: a Ray actor or task (or a library's actor pool on Ray: Daft, Ray Data, Modin):
            # Ray hides the GPUs (CUDA_VISIBLE_DEVICES='') from a worker that did not request them
            Variant(
                r"\bray(?:\.remote|\.init|\.get|::|\.util|\.data|\.actor|\.exceptions)\b|\bRay(?:Task|Actor)Error\b"
                r"|^\(\w{1,60} pid=\d{1,8}(?:, ip=[\d.]{7,15})?\)|\bActorPool\w{0,20}\b|[\\/]ray[\\/]_private[\\/]",
                "a Ray actor or task (or a framework's worker pool on Ray)",
                "Ray gives an actor or task GPUs only when the actor or task itself requests them: without "
                "num_gpus it sets CUDA_VISIBLE_DEVICES to '' there, so CUDA sees none although the node has GPUs. "
                "Request them where the model runs: `@ray.remote(num_gpus=1)` / `.options(num_gpus=1)` on that "
                "actor, or the GPU option of the library that starts the workers (its actor pool's num_gpus / "
                "resource request); if you already asked for num_gpus, check that the library passes it on to the "
                "actors it creates (print ray.get_gpu_ids() and os.environ['CUDA_VISIBLE_DEVICES'] inside the "
                "worker) and upgrade it to a release that forwards the GPU request, or run it without Ray (its local "
                "runner) meanwhile. `ray status` must show the node's GPUs.",
                strict=True,
            ),
            # a GPU list or count of the program's own (issue 36, round sixteen: a config asking for three GPUs)
            Variant(
                r"\b(?:gpu_ids|cuda_devices|device_ids|n_gpus?|num_gpus|gpus)\s{0,3}[=:]\s{0,3}[\[(]?\d"
                r"|--(?:gpus?|gpu_ids|n_gpus?|num_gpus)[= ]\d|CUDA_VISIBLE_DEVICES=['\"]?\d{1,2}(?:,\d{1,2}){0,15}\b"
                r"|\bdevice_count\(\)\s{0,3}(?:=|returns?|is)\s{0,3}\d",
                "a GPU list or count the program was given",
                "The text shows the GPUs the program was told to use: when that list or count names more GPUs (or "
                "higher indices) than the machine has, CUDA reports no device for the missing ones. Compare it with "
                "`nvidia-smi -L` (or torch.cuda.device_count()) and set it to GPUs that exist (e.g. one GPU: 0); a "
                "CUDA_VISIBLE_DEVICES list renumbers the GPUs it keeps from 0. If nvidia-smi lists none, the process "
                "sees no GPU: run where one is visible (Docker: --gpus all).",
            ),
            Variant(
                r"torch_tensorrt[\\/]dynamo[\\/]_compiler\.py|compile_module|submodule\.to",
                "inside torch_tensorrt's compile",
                "torch_tensorrt moves the parts it leaves to PyTorch to cuda:0 while compiling; on a host without a "
                "GPU use torchtrt_compat.build_engine (it keeps those parts on the CPU in the artifact and moves them "
                "to the GPU when loaded).",
            ),
            # where the job runs (issue 36, round thirteen: families/environments.py has that domain's own rows)
            Variant(
                r"\bgoogle\.colab\b|\bColab\b|(?:^|[\s'\"])/content/",
                "Google Colab",
                "The Colab runtime has no GPU attached: Runtime > Change runtime type > a GPU (T4, L4, A100), then "
                "run the notebook again from the top (changing it restarts the runtime); when Colab gives no GPU "
                "(its usage limits), the runtime stays CPU-only.",
            ),
            Variant(
                r"\bKaggle\b|(?:^|[\s'\"])/kaggle/(?:input|working|temp)\b",
                "Kaggle",
                "The Kaggle notebook runs without an accelerator: Settings > Accelerator > GPU (T4 x2 or P100; a "
                "verified phone number is needed), then run it again from the top.",
            ),
            # issue 36, round forty-five: a Slurm job step in a container of pyxis / enroot (srun --container-image):
            # the GPUs come from the step's GRES, and the container's view of them from enroot's NVIDIA hook, which
            # mounts the devices the job's device cgroup allows while CUDA_VISIBLE_DEVICES keeps Slurm's numbering
            Variant(
                r"\bpyxis\b|\benroot\b|--container-(?:image|name|mounts)\b",
                "a Slurm job in a pyxis / enroot container",
                "Under Slurm with pyxis / enroot the container sees the GPUs of its job step. First the request: the "
                "step must ask for GPUs (`srun --gres=gpu:N --container-image=...`, or `--gpus=N`; in a batch job the "
                "#SBATCH request plus an srun step that inherits it), and nothing may set CUDA_VISIBLE_DEVICES or "
                "NVIDIA_VISIBLE_DEVICES by hand. Compare outside and inside: `srun --gres=gpu:1 nvidia-smi -L` and "
                "`srun --gres=gpu:1 --container-image=<image> bash -c 'nvidia-smi -L; echo $CUDA_VISIBLE_DEVICES'`. "
                "If the job has its GPUs but the container sees none or the wrong ones, the node's Slurm "
                "configuration is at fault: without ConstrainDevices=yes in cgroup.conf, CUDA_VISIBLE_DEVICES keeps "
                "Slurm's indexes of the node's GPUs while the container holds other devices, so the indexes point "
                "at GPUs it does not have. The cluster's admin sets ConstrainDevices=yes (with gres.conf listing "
                "each GPU's File=/dev/nvidiaN, or AutoDetect=nvml) and restarts slurmd; then the devices the "
                "container holds and CUDA_VISIBLE_DEVICES agree.",
                strict=True,
            ),
            Variant(
                r"\bslurm|\bsrun\b|\bsbatch\b|SLURM_JOB_ID",
                "a Slurm job",
                "Slurm gives a job GPUs only when it asks for them: add `#SBATCH --gres=gpu:1` (or `--gpus=1`, with "
                "a GPU partition: `-p <gpu partition>`), and in the job `echo $CUDA_VISIBLE_DEVICES; nvidia-smi` must "
                "show it; do not set CUDA_VISIBLE_DEVICES yourself. A job step started with `srun` inside the "
                "allocation needs the GPUs too (`srun --gres=gpu:1 ...`).",
            ),
            Variant(
                r"\bapptainer\b|\bsingularity\b|\.sif\b",
                "Apptainer / Singularity",
                "Apptainer and Singularity give the container the host's GPU only with `--nv` (`apptainer exec --nv "
                "image.sif python ...`), on a node that has one (in Slurm, with --gres=gpu:N).",
            ),
            # issue 36, round twenty-five: a docker compose service, by compose's own log prefix ("web_1  | ",
            # "web-1  | ") or its file: a reservation of [gpu] alone may give nvidia-smi but not the CUDA library
            Variant(
                r"^[\w.-]{1,60}[_-]\d{1,3}\s{1,12}\|\s|\bdocker[- ]compose\b|\bcompose\.ya?ml\b"
                r"|CUDA Version:\s{0,3}N/A|\bcapabilities:\s{0,3}\[",
                "a docker compose service",
                "The compose service sees no usable GPU. Give it one: in the service `deploy: resources: "
                "reservations: devices: [{driver: nvidia, count: all, capabilities: [gpu, compute, utility]}]` (or "
                "`runtime: nvidia`), with the NVIDIA Container Toolkit on the host. If the service already reserves "
                "the GPU (`docker compose exec <service> nvidia-smi` lists it but shows 'CUDA Version: N/A', or "
                "torch still finds no driver), the driver's CUDA library (libcuda) was not mounted: with "
                "`capabilities: [gpu]` alone the mounted driver parts are those of the image's "
                "NVIDIA_DRIVER_CAPABILITIES or the toolkit's default, which is 'utility' only (nvidia-smi, no "
                "libcuda) in older toolkits and in images that set it so. Name them: `capabilities: [gpu, compute, "
                "utility]`, or `NVIDIA_DRIVER_CAPABILITIES=compute,utility` in the service's environment; then "
                "recreate the containers (`docker compose up -d --force-recreate`) and check that nvidia-smi inside "
                "shows a CUDA version.",
            ),
            # issue 36, round thirty-six: a Kubernetes pod (device plugin, runtime class, nvidia.com/gpu limit)
            Variant(KUBERNETES_POD, "a Kubernetes pod", KUBERNETES_GPU_FIX),
            Variant(
                CONTAINER + r"|triton",
                "in a container",
                f"The container sees no GPU: {CONTAINER_GPUS}.",
            ),
            Variant(
                r"onnxruntime|CudaCall|ExecutionProvider",
                "ONNX Runtime's CUDA provider",
                "onnxruntime's CUDA provider found no NVIDIA GPU (CUDA error 100). On a machine without one (Intel, "
                "AMD or Apple graphics) create the session with providers=['CPUExecutionProvider'], or install "
                "onnxruntime-directml and use DmlExecutionProvider (Windows); otherwise `nvidia-smi` must list the "
                "GPU in the same shell or container (Docker: `--gpus all`; CUDA_VISIBLE_DEVICES not empty).",
                product="onnxruntime",
            ),
            Variant(
                r"failed call to cuInit|stream_executor|\btensorflow\b|\bjax(?:lib)?\b|xla_bridge",
                "TensorFlow / JAX (XLA's cuInit)",
                "XLA's CUDA driver found no GPU (cuInit: no CUDA-capable device), so TensorFlow / JAX run on the CPU. "
                "On a machine without an NVIDIA GPU that is expected (hide it with TF_CPP_MIN_LOG_LEVEL=2, or "
                "JAX_PLATFORMS=cpu); with one, `nvidia-smi` must list it in the same shell or container (Docker: "
                "`--gpus all`), and CUDA_VISIBLE_DEVICES must not be empty or -1.",
            ),
            Variant(
                r"DriverError\(CUDA_ERROR_NO_DEVICE|\bcudarc\b|\bcandle\b|\bcargo\b",
                "a binding that loads the driver itself (Rust cudarc / candle, cuda-python, JAX)",
                "The binding dlopens the driver library (libcuda.so) itself, so when `nvidia-smi` and torch see the "
                "GPU it loaded another libcuda than the driver's: on WSL2 put /usr/lib/wsl/lib first (`export "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`) and remove a Linux NVIDIA driver or "
                "cuda-drivers package installed inside WSL; keep the toolkit's stub (cuda/lib64/stubs/libcuda.so) "
                "off LD_LIBRARY_PATH; `ldconfig -p | grep libcuda` shows which one is found. With no NVIDIA GPU, "
                "use the CPU build of the program.",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Run where a GPU is visible (`nvidia-smi` must list it; in Docker pass `--gpus all`), or build ahead "
                "of time with torchtrt_compat.build_engine, which never needs the GPU on the build host.",
                product="torch_tensorrt",
            ),
        ),
        unless=r"import torch_tensorrt|torch_tensorrt[\\/]__init__\.py|torch_tensorrt[\\/]_features\.py"
        r"|is_tegra_platform",
        cuda_errors=("cudaErrorNoDevice", "CUDA_ERROR_NO_DEVICE"),
        weight=60,
        applies="any release, any code path that touches CUDA",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_export_reraises_upstream_error_with_cause",
            "tests/troubleshooting/test_troubleshooting.py::test_no_driver_inside_compile_is_not_an_import_problem",
            *corpus("flashinfer-ai-flashinfer-1256"),
        ),
        example="RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
        "installed a driver from http://www.nvidia.com/Download/index.aspx",
        example_source="https://github.com/flashinfer-ai/flashinfer/issues/1256 (an ahead-of-time build on a CPU host)",
    ),
    KnownError(
        "torch-cpu-build",
        "Torch not compiled with CUDA enabled",
        r"Torch not compiled with CUDA enabled"
        # libtorch's own check (c10/cuda): its CUDA library is not loaded (a CPU libtorch, or the linker dropped it)
        r"|Cannot initialize CUDA without ATen_cuda library"
        # a library's version check that shows the installed torch is the CPU build ("(you have 2.0.1+cpu)")
        r"|\(you have (?:torch |PyTorch )?\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu\)"
        r"|(?:torch|PyTorch)(?: version)?(?:: |==| )\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu\b[^\n]{0,80}"
        r"(?:CUDA|GPU|cuda)"
        # an application's start-up banner naming the CPU build ("Ultralytics YOLOv8.0.88 Python-3.9.16
        # torch-2.0.0+cpu", "Torch: 2.0.1+cpu CPU") and, within a few lines, a traceback or an error: the banner alone
        # is a fact, the failure after it is what the CPU build explains
        # (Ultralytics' banner is cpu-ultralytics-invalid-device's)
        r"|^(?![^\n]{0,80}(?:Ultralytics|YOLO))[^\n]{0,120}\btorch[-: ]{1,2}\d{1,2}\.\d{1,2}(?:\.\d{1,3})?\+cpu\b"
        r"[^\n]{0,120}\n(?:[^\n]{0,400}\n){0,12}"
        r"[^\n]{0,40}(?:Traceback \(most recent call last\)|\w{1,40}Error\b)"
        # the CPU build's torch._C lacks the CUDA bindings ("module 'torch._C' has no attribute '_cuda_setDevice'",
        # '_CudaDeviceProperties'), and its torch.cuda.Event / Stream are stubs whose __new__ fails (torch/cuda/
        # streams.py: "TypeError: object.__new__() takes exactly one argument")
        r"|module 'torch\._C' has no attribute '_cuda\w{1,40}'"
        r"|torch[\\/.]cuda[^\n]{0,200}\n(?:[^\n]{0,300}\n){0,6}[^\n]{0,40}"
        r"object\.__new__\(\) takes exactly one argument"
        # a serving system whose torch backend has no CUDA (RedisAI's torch backend fetched for CPU)
        r"|GPU requested but (?:CUDA|Torch couldn't find CUDA|CUDA is) not available"
        # torch.Generator(device='cuda') on a build without CUDA (torch/csrc/Generator.cpp, THPGenerator_pynew: only
        # the device types compiled in are accepted; issue 36, round thirty-three)
        r"|Device type CUDA is not supported for torch\.Generator\(\) api"
        # the dispatcher's refusal of a CUDA tensor by an op every CUDA build has (issue 36, round fifty-one)
        r"|" + NO_CUDA_KERNELS,
        "The installed torch is a CPU-only build (pip's default wheel on Windows and macOS, or a CPU wheel pulled "
        "in by another package), so nothing can run on CUDA.",
        "With an NVIDIA GPU, install a CUDA build of torch: uninstall the CPU one first (`pip uninstall torch`; pip "
        "keeps an installed build that satisfies the version), then install from the index of a CUDA your driver "
        "supports (the +cuXXX wheels); `python -c 'import torch; print(torch.__version__, torch.version.cuda)'` must "
        "show a CUDA version, not None. Without one (a Mac, Intel or AMD graphics) no CUDA torch can help: change "
        "the code's hard-coded .cuda() / device='cuda' calls (follow the traceback) to the device that exists: "
        "'mps' on Apple Silicon, 'xpu' on an Intel GPU, else 'cpu'.",
        variants=(
            # issue 36, round twenty-three: a Mac in the paste (no CUDA torch exists for macOS)
            Variant(
                MACOS,
                "macOS (no CUDA exists there)",
                "There is no CUDA on a Mac and no CUDA build of torch for macOS, so do not reinstall torch: change "
                "every hard-coded .cuda() / .to('cuda') / device='cuda' call (the traceback shows where; an app's "
                "device setting does not reach calls hard-coded in model code) to the selected device: 'mps' on "
                "Apple Silicon (`torch.backends.mps.is_available()`), 'cpu' on an Intel Mac or for an op MPS lacks "
                "(PYTORCH_ENABLE_MPS_FALLBACK=1); load checkpoints with map_location. A project or node that "
                "needs CUDA kernels (custom CUDA ops, flash-attn, xformers) cannot run on a Mac as is: use a Linux "
                "or Windows machine with an NVIDIA GPU.",
            ),
            Variant(
                INTEL_XPU,
                "an Intel GPU (XPU)",
                "This torch is built for Intel GPUs (the xpu device), not CUDA, and a CUDA torch cannot help without "
                "an NVIDIA GPU: the code must use the XPU device instead of its hard-coded torch.cuda calls "
                "(.to('xpu'), torch.xpu.* in place of torch.cuda.*, torch.amp.autocast(device_type='xpu'), or the "
                "device-neutral torch.accelerator API); until it does, run it on the CPU.",
            ),
            Variant(
                # (tch's own error's words, "Internal torch error: ...", under a Rust program's "Caused by:"; issue 36,
                # round fifty-one)
                r"TorchError|\btch\b|rust-bert|panicked at|\bcargo\b|torch-sys|\.rs:\d|\bInternal torch error: ",
                "libtorch from Rust (tch, rust-bert)",
                "The Rust binary runs a libtorch whose CUDA library (torch_cuda) is not loaded: a CPU libtorch (tch's "
                "build script downloads the CPU one unless told otherwise) or one the linker dropped. Point tch at a "
                "CUDA libtorch: `LIBTORCH=/path/to/libtorch` (the CUDA download of the version tch pins), or "
                "`LIBTORCH_USE_PYTORCH=1` with a CUDA build of torch in the active Python, or "
                "`TORCH_CUDA_VERSION=cu1xx` for the automatic download; then `cargo clean -p torch-sys` and rebuild. "
                "Keep the CUDA library linked: put a build.rs like tch-rs' own in the crate root (it passes "
                "`-Wl,--no-as-needed` and links torch / torch_cuda; on Windows `/INCLUDE:?warp_size@cuda@at@@YAHXZ`), "
                "since tch as a dependency does not do it for your binary. "
                "Put libtorch's lib folder on LD_LIBRARY_PATH (PATH on Windows); `ldd` on the binary (Dependencies "
                "on Windows) must list libtorch_cuda / torch_cuda.dll, and `tch::Cuda::is_available()` must be true.",
            ),
            Variant(
                r"Cannot initialize CUDA without ATen_cuda library",
                "libtorch from C++",
                "Link against a CUDA libtorch (the cuXXX download, not the CPU one) and keep its CUDA library: on "
                "Linux pass `-Wl,--no-as-needed` before the torch libraries (CMake's find_package(Torch) with "
                '`target_link_libraries(app "${TORCH_LIBRARIES}")` does this), and check `ldd app | grep torch_cuda`; '
                "with MSVC add the linker option `/INCLUDE:?warp_size@cuda@at@@YAHXZ` so torch_cuda.dll is kept, and "
                "put libtorch\\lib on PATH.",
            ),
            Variant(
                r"\bredisai\b|RedisAI|AI\.MODEL(?:SET|STORE|RUN|EXECUTE)|redis\.exceptions|redis/modules",
                "RedisAI",
                "RedisAI's backends (its libtorch, TensorFlow, ONNX Runtime) were fetched or built for CPU: build "
                "them with GPU support (`bash get_deps.sh gpu`, then rebuild the module with GPU=1) or run the "
                "GPU image (redisai's *-gpu tags with `docker run --gpus all`), and check the backend loads from the "
                "GPU install folder (AI.CONFIG LOADBACKEND / BACKENDSPATH).",
            ),
            Variant(
                r"torch\.cuda\.(?:Event|Stream)\b|torch[\\/]cuda[\\/]streams\.py",
                "torch.cuda.Event / Stream on a CPU-only torch",
                "The code makes CUDA events or streams although this torch is a CPU-only build (its torch.cuda.Event "
                "is a stub that cannot be created): when running on the CPU, guard those lines (`if "
                "torch.cuda.is_available():`, or time with time.perf_counter()); to run on the GPU, install a CUDA "
                "build of torch (`pip uninstall torch`, then the +cuXXX wheel for your driver; "
                "torch.version.cuda must not be None).",
            ),
            Variant(
                COMFYUI,
                "ComfyUI (portable build or its own venv)",
                "ComfyUI runs the torch of the Python that starts main.py, here a CPU build. Replace it in that "
                "Python: the portable build's is python_embeded (`python_embeded\\python.exe -m pip uninstall -y torch "
                "torchvision torchaudio`, then `python_embeded\\python.exe -m pip install torch torchvision "
                "torchaudio` from PyTorch's CUDA wheel index for a CUDA your driver supports, as ComfyUI's README "
                "names it), or unpack a fresh portable release for NVIDIA; a manual install: the same with its venv's "
                "python. Without an NVIDIA GPU start it with `--cpu` (run_cpu.bat), or use the AMD / Intel builds "
                "ComfyUI's README lists.",
            ),
            Variant(
                SD_WEBUI,
                "Stable Diffusion web UI (AUTOMATIC1111, Forge, SD.Next)",
                "The web UI's venv holds a CPU build of torch. Delete the `venv` folder inside stable-diffusion-webui "
                "and start webui-user.bat / webui.sh again: its launcher installs the CUDA torch of its TORCH_COMMAND "
                "(set TORCH_COMMAND in webui-user to a +cuXXX torch your driver supports if it picked another), or "
                "add `--reinstall-torch` to COMMANDLINE_ARGS once. No NVIDIA GPU: the DirectML / ZLUDA forks, or run "
                "on the CPU with `--skip-torch-cuda-test --use-cpu all --precision full --no-half`.",
            ),
            Variant(
                FOOOCUS,
                "Fooocus",
                "Fooocus runs the torch of its own Python (the Windows package's python_embeded): replace the CPU "
                "build there (`python_embeded\\python.exe -m pip uninstall -y torch torchvision`, then install the "
                "+cuXXX torch Fooocus's requirements name, from PyTorch's CUDA index), or unpack the package again; "
                "without an NVIDIA GPU start it with `--always-cpu`.",
            ),
            Variant(
                TEXTGEN_WEBUI,
                "text-generation-webui",
                "The one-click installer put a CPU torch in its env (installer_files\\env): run "
                "start_windows.bat / start_linux.sh after deleting installer_files, and answer its GPU question "
                "with NVIDIA (and the CUDA it offers for your driver); or open cmd_windows.bat / cmd_linux.sh and "
                "install the +cuXXX torch its one_click.py pins.",
            ),
            # issue 36, round forty-seven: a package manager with a lockfile resolved torch (Poetry, uv, pixi): a pip
            # reinstall is undone by its next install / sync, so the fix is the manifest's source of torch
            Variant(
                r"\bpoetry\b|\[tool\.poetry\b",
                "Poetry",
                "Poetry resolved torch from PyPI, whose torch on Windows and macOS is the CPU-only build (and "
                "`poetry install` / `poetry sync` puts it back after any `pip install` of a CUDA wheel). Declare "
                "PyTorch's CUDA wheel index as an explicit source and take torch from it: `poetry source add "
                "--priority=explicit pytorch-cu121 <PyTorch's cu121 wheel index>` (a [[tool.poetry.source]] with "
                'priority = "explicit"), then `torch = { version = "<the version>", source = "pytorch-cu121" }` '
                "under the dependencies (torchvision / torchaudio too), `poetry lock` and `poetry install`. Choose a "
                "CUDA the driver supports (nvidia-smi's 'CUDA Version' is the newest); `poetry run python -c 'import "
                "torch; print(torch.__version__, torch.version.cuda)'` must show +cuXXX and a CUDA version.",
                strict=True,
            ),
            Variant(
                r"\buv (?:sync|lock|add|run|pip|venv)\b|\buv\.lock\b|\[\[?tool\.uv\b",
                "uv",
                "uv resolved torch from PyPI (the CPU-only build on Windows and macOS, or a +cpu index), and `uv "
                "sync` restores the lock after any `pip install`. In a uv project declare PyTorch's CUDA index and "
                'pin torch to it in pyproject.toml: a `[[tool.uv.index]]` with name = "pytorch-cu121", its url '
                "(PyTorch's cu121 wheel index) and explicit = true, and `[tool.uv.sources]` torch = [{ index = "
                '"pytorch-cu121" }] (torchvision too; with markers per platform, or extras per CUDA declared as '
                "conflicts), then `uv lock` and `uv sync`. Without a project: `uv pip install torch --index-url "
                "<PyTorch's cu121 wheel index>` (recent uv: `--torch-backend=auto` picks the CUDA of the driver). "
                "`uv run python -c 'import torch; print(torch.version.cuda)'` must not print None.",
                strict=True,
            ),
            Variant(
                r"\bpixi\b",
                "pixi",
                "pixi installed a CPU build of torch: conda-forge's pytorch is solved as a CUDA build only when the "
                "environment declares CUDA, and PyPI's torch under [pypi-dependencies] is the CPU wheel on Windows "
                'and macOS. Declare CUDA in the manifest (`[system-requirements] cuda = "12"`, or in a cuda '
                "feature with its own environment: `[feature.cuda.system-requirements]`), ask for a CUDA build "
                '(`pytorch-gpu`, or `pytorch = { version = "*", build = "cuda*" }`), or for PyPI\'s torch point '
                "[pypi-options] at PyTorch's CUDA index; then `pixi install` (`pixi update` relocks) and check `pixi "
                "run python -c 'import torch; print(torch.version.cuda)'`.",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Install the CUDA build of torch that torch_tensorrt pins (`torchtrt-compat check` prints the command "
                "with the right CUDA index).",
                product="torch_tensorrt",
            ),
            Variant(
                JETSON,
                "Jetson",
                "pip's torch for aarch64 is a CPU-only build on a Jetson: install NVIDIA's torch wheel for your "
                "JetPack (the Jetson wheels NVIDIA publishes per JetPack release, or an l4t-pytorch / l4t-ml "
                "container), and torchvision built against it.",
            ),
        ),
        commands=(CHECK,),
        severity="warns-of-failure",  # "you have X+cpu" is often a library's warning, and it is the cause
        weight=87,  # above the library that printed it (xformers' "built for ... (you have X+cpu)")
        applies="any release",
        shown_by=("tests/troubleshooting/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",),
        example="AssertionError: Torch not compiled with CUDA enabled",
        example_source="torch 2.14 torch/cuda/__init__.py, _lazy_init (a CPU-only torch wheel)",
    ),
    KnownError(
        "cuda-driver-insufficient",
        "CUDA driver version is insufficient for CUDA runtime version",
        r"CUDA driver version is insufficient|cudaErrorInsufficientDriver"
        # torch's _check_driver ("The NVIDIA driver on your system is too old (found version N)."), also when a
        # paste cuts the line after "too" (issue 36, round twenty-five)
        r"|NVIDIA driver on your system is too(?: o(?:ld?)?)?\b"
        # an NVBit tool's own check in its context hook: its CUDA runtime failed at the first call because the
        # driver is older than the CUDA it was built with (NVBit's tools: "Assertion `cudaGetLastError() ==
        # cudaSuccess' failed" in nvbit_at_context_init_hook) (issue 36, round twenty-six)
        r"|\bnvbit_at_context_init_hook\(\): Assertion [`'‘]?cudaGetLastError\(\) ?== ?cudaSuccess"
        r"|forward compatibility was attempted on non supported HW"
        # a driver API entry point the installed libcuda lacks (cudarc, cuda-python, a runtime's cuGetProcAddress):
        # the program was built for a newer CUDA than the driver knows
        r"|libcuda\.so(?:\.\d{1,3})?:?\s{0,2}undefined symbol:\s{0,2}cu\w{2,60}"
        r"|undefined symbol:\s{0,2}cu(?:Ctx|GetProcAddress|DevicePrimaryCtx|Library|Kernel|TensorMap|Graph"
        r"|LaunchKernelEx|MemAddress|MemCreate|MemMap|StreamBeginCapture|Multicast|Green)\w{0,40}_v\d{1,2}\b"
        # a product's own words (Modular MAX, vLLM, ollama, llama.cpp): "requires a minimum driver version of 550"
        r"|requires a minimum (?:NVIDIA |GPU |CUDA )?driver version|doesn't support your current NVIDIA GPU driver"
        r"|(?:NVIDIA|GPU|CUDA) driver (?:version )?(?:[\d.]{1,12} )?is too old"
        r"|minimum (?:required )?(?:NVIDIA |CUDA )?driver version (?:is|required)"
        # NVIDIA Warp's driver check (warp/native/warp.cu, init_cuda_driver / get_driver_entry_point)
        r"|Warp requires CUDA driver [\d.]{1,8} or higher|Warp CUDA error: Failed to get driver entry point"
        r"|Warp CUDA error: Function \w{1,60}: a suitable driver entry point was not found"
        # a unit test's own check before its GPU code (CMSSW's requireDevices / exitSansCUDADevices, alpaka's
        # examples: cudaGetDeviceCount failed, "Failed to initialise the CUDA runtime, the test will be skipped."):
        # no driver at all, or one older than the runtime (issue 36, round twenty-six)
        r"|Failed to initiali[sz]e the CUDA runtime\b"
        # issue 36, round forty-six: OpenCV's device count (modules/core/src/cuda_info.cpp,
        # cv::cuda::getCudaEnabledDeviceCount) returns -1 for cudaErrorInsufficientDriver and 0 for no device, and
        # throws (-217:Gpu API call) for any other status of cudaGetDeviceCount: a driver that cannot serve the CUDA
        # runtime OpenCV (or a binding bundling its own CUDA, JavaCV's presets) was built with
        r"|\(-217:Gpu API call\) (?!no CUDA-capable device)[^\n]{1,120}? in function "
        r"'?(?:cv::cuda::)?getCudaEnabledDeviceCount\b" + "|" + _WINDOWS_DRIVER_ENTRY_POINT,
        # issue 36, round thirty-three: Windows' loader (STATUS_ENTRYPOINT_NOT_FOUND) for a driver API function
        # (cuGetProcAddress, cuCtxCreate_v2: "cu" and a capital; not cudaXxx / cublasXxx, nor cuFile / cuDLA, which
        # have their own DLLs), in English and in Windows' translations (zh-CN, zh-TW, de, fr, es, pt, ja, ru,
        # written from memory)
        "The NVIDIA driver is older than the CUDA runtime torch or TensorRT was built with (each CUDA major needs a "
        "minimum driver); CUDA reports it as cudaErrorInsufficientDriver (35), which TensorRT prints as "
        "'CUDA initialization failure with error: 35'.",
        "Run `nvidia-smi` first: missing or listing no GPU (a hosted CI runner, a container started without "
        "--gpus, a machine without an NVIDIA GPU) means there is no driver to update: run on a machine with an "
        "NVIDIA GPU, or skip the GPU code (tests) there. Otherwise update the NVIDIA driver (`nvidia-smi`'s 'CUDA "
        "Version' must be at least the CUDA the program was built with), or install the build of the library you "
        "run for an older CUDA that your driver supports; on a Jetson the driver comes with JetPack: build against "
        "the CUDA of the installed JetPack, or upgrade JetPack.",
        variants=(
            # issue 36, round forty-six: OpenCV's CUDA build asking the runtime for its devices
            Variant(
                r"getCudaEnabledDeviceCount|\(-217:Gpu API call\)|org\.bytedeco|\bjavacv\b|OpenCvSharp",
                "OpenCV's CUDA build (cv::cuda::getCudaEnabledDeviceCount, -217:Gpu API call)",
                "OpenCV's CUDA build could not use the GPU because the CUDA runtime it carries (the CUDA it was "
                "built with; JavaCV's opencv / cuda presets bundle their own, named by the preset's version, e.g. "
                "cuda-12.x-<cudnn>-<javacpp>) needs a newer NVIDIA driver than the one installed; an 'unknown error' "
                "here also follows a driver update without a reboot. Run `nvidia-smi`: its 'CUDA Version' must be at "
                "least the CUDA of the OpenCV build (cv::getBuildInformation(), the preset's version). Update the "
                "NVIDIA driver (and reboot), or use an OpenCV / JavaCV CUDA build for an older CUDA that this driver "
                "supports; cv::cuda::getCudaEnabledDeviceCount() must then return the GPU count (-1 means the "
                "driver is still too old, 0 that no GPU is visible).",
            ),
            # issue 36, round thirty-three: a Windows program whose DLL calls a driver API function the installed
            # driver (nvcuda.dll) does not have
            Variant(
                _WINDOWS_DRIVER_ENTRY_POINT,
                "a Windows program needs a driver API function the driver lacks",
                "Windows could not start the program (or load its DLL) because it calls a CUDA driver API function "
                "(the one the dialog names) that the installed NVIDIA driver's nvcuda.dll does not have: the program "
                "was built with a newer CUDA toolkit than the driver supports (cuGetProcAddress, for one, came with "
                "CUDA 11.3's drivers). Update the NVIDIA driver to a current one for the GPU (`nvidia-smi`'s 'CUDA "
                "Version' must reach the CUDA the program was built with); if the GPU's last driver is too old for "
                "it (an old or low-end card), use a release of the program built for an older CUDA, or build or run "
                "it without its CUDA module.",
                strict=True,
                sure=True,
            ),
            # issue 36, round twenty-six: a GPU test that skipped itself when the CUDA runtime did not initialise;
            # with nvidia-smi's table in the text the driver works, so it is older than the tests' CUDA
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?{_TEST_SKIPPED})(?=[\s\S]{{0,300000}}?{_DRIVER_SHOWN})",
                "GPU tests that skipped themselves, with nvidia-smi's driver in the text",
                "Nothing failed: the GPU tests skipped themselves because the CUDA runtime could not initialise, "
                "while nvidia-smi in the text shows the driver and the GPU. The driver works, so the 'CUDA Version' "
                "it prints (the newest CUDA runtime it supports) is older than the CUDA the tests were built with: a "
                "toolkit bump in the build while the workers' drivers stayed. Run the GPU tests on workers whose "
                "driver supports that CUDA (update the driver; NVIDIA's CUDA release notes list each CUDA's minimum "
                "driver), keep the build on the CUDA the workers' drivers support, or make CUDA's forward-"
                "compatibility libraries (cuda-compat) usable on them (data-centre GPUs only).",
                strict=True,
            ),
            Variant(
                _TEST_SKIPPED,
                "a GPU test that skipped itself (the CUDA runtime did not initialise)",
                "Nothing failed: the GPU test skipped itself because the CUDA runtime could not initialise on this "
                "machine (cudaGetDeviceCount failed), so none of its GPU code ran. On a worker without a GPU (a "
                "CPU-only CI job or container) that is expected: run the GPU tests on a GPU worker (the CI's GPU "
                "job or node label). On a worker with a GPU, run `nvidia-smi` there: no driver or no GPU listed "
                "means the job or its container did not get the GPU (Docker --gpus all, the NVIDIA runtime, the "
                "scheduler's GPU request); a GPU listed with a 'CUDA Version' older than the CUDA the tests were "
                "built with means the driver is too old for that runtime: update it, or build with a CUDA the "
                "workers' drivers support.",
                strict=True,
            ),
            # issue 36, round thirty-three: a container's log (a container word, or docker compose's "service  | "
            # prefix and its "exited with code N") in which the program's other libraries also found no GPU (their CPU
            # fallback): a CUDA build of the image run where the container has no GPU
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?(?:{CONTAINER}|^[\w.-]{{1,60}} {{1,8}}\| |\bexited with code \d))"
                rf"(?=[\s\S]{{0,300000}}?(?:{_NO_GPU_SEEN}))",
                "a CUDA build in a container whose other libraries also found no GPU",
                "The container's other libraries found no GPU either (a CPU fallback in the log), so this is "
                "no driver reaching the container rather than an old driver: the CUDA variant of the image was "
                "started on a machine without an NVIDIA GPU, or without passing the GPU in. On a machine without "
                "an NVIDIA GPU, use the image's CPU variant / tag (or its CPU build of the inference library, e.g. "
                "llama.cpp built without CUDA); with a GPU, "
                f"{CONTAINER_GPUS}. Only if the GPU is listed there is the host driver older than the image's CUDA: "
                "update it, or use an image built for an older CUDA.",
                strict=True,
            ),
            Variant(
                r"Triton Error \[CUDA\]",
                "Triton's kernels (torch.compile / inductor)",
                "Triton compiles each kernel to PTX / cubin with its own bundled ptxas (CUDA 12 for triton 2.1 and "
                "later) and the driver must load that, whatever CUDA torch's own wheel needs (minor-version "
                "compatibility does not cover PTX): update the NVIDIA driver (R525+ for CUDA 12; R515+ for 11.7's "
                "PTX), and install the triton your torch pins (`pip show torch` lists it; never a triton from "
                "another commit alone); without a newer driver, run uncompiled (no torch.compile) or with a torch "
                "whose triton targets the driver's CUDA.",
                strict=True,
            ),
            Variant(
                r"\bnvbit_at_context_init_hook\b|\bNvbit::",
                "an NVBit tool",
                "The NVBit tool's own CUDA runtime failed at its first call, in NVBit's context hook: the driver is "
                "older than the CUDA the tool (and the application) were built with. Update the driver to one that "
                "supports that CUDA (`nvidia-smi` shows the highest it supports), or rebuild NVBit's tool and the "
                "application with an older CUDA toolkit the driver supports, with an NVBit release that supports "
                "this driver (its README lists them).",
                strict=True,
            ),
            Variant(
                r"\bspconv\b|\bcumm\b|tensorview",
                "spconv / cumm",
                "spconv's kernels come from its spconv-cuXYZ / cumm-cuXYZ packages: install the pair for a CUDA your "
                "driver supports (`nvidia-smi` shows the highest; e.g. spconv-cu118 under a CUDA 11.8 driver; "
                "uninstall every other spconv* / cumm* first), or update the NVIDIA driver.",
            ),
            Variant(
                r"Warp requires CUDA driver|Warp CUDA error|\bwarp-lang\b",
                "NVIDIA Warp",
                "Warp's CUDA build needs the driver of the CUDA it was built with (warp-lang wheels of the registry "
                "are CUDA 12 builds): update the NVIDIA driver (`nvidia-smi`'s 'CUDA Version' must reach the one "
                "the message names), or install the warp-lang build for your driver's CUDA (Warp's releases carry "
                "CUDA 11 wheels, +cu11), or run Warp on the CPU (wp.init() then device='cpu'). A driver newer than "
                "an application supports (Isaac Sim pins its validated driver) gives the same line: use the "
                "driver the application names.",
            ),
            Variant(
                r"undefined symbol:\s{0,2}cu(?!da)",
                "the driver lacks a CUDA driver API function",
                "The installed driver's libcuda lacks a driver API function the program calls (its _vN versions "
                "arrive with newer drivers): the program or its CUDA bindings (cudarc's cuda-XXXXX feature, "
                "cuda-python, a CUDA 12.x build) were made for a newer CUDA than the driver supports. Update the "
                "NVIDIA driver (`nvidia-smi`'s 'CUDA Version' must reach the CUDA the bindings target), or build "
                "with bindings for the driver's CUDA (cudarc: the cuda-XXXXX feature of the driver's version, or "
                "its dynamic-linking / fallback-latest features).",
            ),
            Variant(
                r"\bMAX\b|modular|max serve",
                "Modular MAX",
                "MAX checks the driver when it creates the device: update the NVIDIA driver to the minimum the "
                "message names (on a cloud service, pick a GPU image or region whose driver meets it), or use a "
                "MAX release whose minimum your driver meets.",
            ),
            Variant(
                r"ollama|llama\.cpp|ggml",
                "ollama / llama.cpp",
                "ollama and llama.cpp bundle a CUDA runtime of one major: update the NVIDIA driver to one that "
                "supports it (`nvidia-smi` shows the highest CUDA it runs), or install the ollama / llama.cpp build "
                "for the older CUDA (llama.cpp: build with the toolkit your driver supports).",
            ),
            Variant(
                r"forward compatibility|Error 804|COMPAT_NOT_SUPPORTED|CompatNotSupported|Error 803"
                r"|unsupported display driver / cuda driver combination",
                "CUDA's forward compatibility",
                "The CUDA runtime is newer than the driver and tried CUDA's forward-compatibility package "
                "(cuda-compat's libcuda, common in containers), which runs only on data-centre GPUs and with its "
                "matching driver branch: update the NVIDIA driver to one that supports this CUDA (or use a build "
                "for the CUDA the driver supports), and keep cuda-compat's folder off LD_LIBRARY_PATH on GeForce / "
                "RTX GPUs; after a driver update, reboot (a loaded older kernel module gives the same error).",
            ),
            Variant(
                r"tritonserver|model_lifecycle|model_repository_manager|TRITONBACKEND|triton-inference-server",
                "Triton Inference Server",
                "The tritonserver image (and the backend that failed) was built with a newer CUDA than this driver "
                "runs: use a tritonserver <yy.mm> image whose CUDA your driver supports (the framework support "
                "matrix lists each release's CUDA and minimum driver; `nvidia-smi` shows the highest CUDA the "
                "driver runs), or update the driver; data-centre GPUs can also use the image's CUDA forward "
                "compatibility with a supported driver branch.",
                product="tritonserver",
            ),
            Variant(
                r"\bcupy\b",
                "CuPy",
                "Update the NVIDIA driver, or install the CuPy wheel for an older CUDA that your driver supports "
                "(cupy-cuda11x instead of cupy-cuda12x); `nvidia-smi` shows the highest CUDA the driver runs.",
                product="cupy",
            ),
            Variant(
                r"onnxruntime|ExecutionProvider",
                "ONNX Runtime",
                "Update the NVIDIA driver, or install the onnxruntime-gpu build for an older CUDA that your driver "
                "supports; `nvidia-smi` shows the highest CUDA the driver runs. No NVIDIA GPU at all: use "
                "providers=['CPUExecutionProvider'].",
                product="onnxruntime",
            ),
            Variant(
                r"\bpycuda\b",
                "pycuda",
                "Update the NVIDIA driver, or rebuild pycuda against a CUDA toolkit your driver supports "
                "(`pip install --no-cache-dir --force-reinstall pycuda` with that toolkit's nvcc on PATH).",
                product="pycuda",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Update the NVIDIA driver, or install the torch / TensorRT build for an older CUDA that your driver "
                "supports: `torchtrt-compat check` compares the driver with the CUDA build; `torchtrt-compat suggest "
                "--driver <ver>` lists stacks that fit it.",
                product="torch_tensorrt",
            ),
            Variant(
                SHOWN["tensorrt"],
                "TensorRT",
                "Update the NVIDIA driver, or install the TensorRT build for an older CUDA that your driver supports "
                "(tensorrt-cu11 / -cu12 / -cu13): `torchtrt-compat check` compares the driver with the CUDA build.",
                product="tensorrt",
            ),
            Variant(
                SHOWN["torch"],
                "torch",
                "Update the NVIDIA driver, or install the torch wheel for an older CUDA that your driver supports (the "
                "index of that CUDA, e.g. cu118 / cu121 / cu126); `python -c 'import torch; "
                "print(torch.version.cuda)'` shows the build's CUDA and `nvidia-smi` the highest the driver runs.",
                product="torch",
            ),
            Variant(
                r"unsupported toolchain|UnsupportedPtxVersion|UNSUPPORTED_PTX_VERSION",
                "PTX newer than the driver",
                "The kernels were compiled by a newer CUDA than this driver supports (cudaErrorUnsupportedPtxVersion): "
                "update the NVIDIA driver, or install the torch / TensorRT build for the CUDA your driver supports; "
                "for a program built from source, build it with the CUDA toolkit the driver supports (`nvidia-smi` "
                "prints its highest CUDA; `nvcc --version` must not be newer) and rebuild from clean. On a Jetson the "
                "driver comes with JetPack: use that JetPack's CUDA toolkit, or upgrade JetPack.",
            ),
            Variant(
                r"\bWSL\d?\b|/usr/lib/wsl|microsoft-standard",
                "WSL2",
                "Under WSL2 CUDA uses the Windows NVIDIA driver through /usr/lib/wsl/lib: update the Windows driver "
                "(not one inside WSL), do not install a Linux NVIDIA driver or the cuda-drivers package in WSL (it "
                "shadows WSL's libcuda: remove it), keep /usr/lib/wsl/lib on LD_LIBRARY_PATH, then `wsl --shutdown` "
                "and reopen; `nvidia-smi` in WSL shows the CUDA the driver supports.",
            ),
            Variant(
                CONTAINER,
                "in a container",
                "In a container started without GPUs the CUDA runtime finds no driver and reports it as this error "
                f"(35): {CONTAINER_GPUS}. If the GPU is listed there, the host's driver is older than the image's "
                "CUDA: update the host driver, or use an image for an older CUDA.",
            ),
        ),
        advice="driver",
        commands=(CHECK, SUGGEST),
        weight=85,
        applies="any release",
        shown_by=(
            *corpus("nvidia-ai-iot-torch2trt-711", "nagadomi-nunif-702", "nvidia-deeplearningexamples-251"),
            "tests/troubleshooting/test_generalisation.py::test_error_numbers_mean_what_cuda_says",
            "tests/troubleshooting/test_round25_v25wrap.py::test_torchs_driver_check_cut_short",
            "tests/troubleshooting/test_generalisation.py::test_no_driver_on_the_host_rules_the_driver_family_out",
        ),
        cuda_errors=(
            "cudaErrorInsufficientDriver",
            "cudaErrorUnsupportedPtxVersion",
            "cudaErrorSystemDriverMismatch",
            "cudaErrorCompatNotSupportedOnDevice",
            "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
            "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
            "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        ),
        host="driver",
        severity="warns-of-failure",
        cost="no-gpu",
        alternatives=("no-nvidia-gpu", "host-container-no-gpu"),
        decide="driver-or-no-gpu",
        example="RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version",
        example_source="https://github.com/nagadomi/nunif/issues/702 (CUDA 13 builds)",
    ),
    KnownError(
        "gpu-arch-unsupported",
        "The GPU's architecture is not supported by this build",
        r"Target GPU SM \d{2,3} is not supported by this TensorRT release"
        r"|with CUDA capability sm_\d{2,3} is not compatible with the current PyTorch installation"
        # the same warning's second line alone (torch/cuda/__init__.py incompatible_device_warn)
        r"|The current PyTorch install supports CUDA capabilities(?: sm_\d{2,3}){1,20}\.?"
        # the same warning's source line, as a paste without its text shows it (torch/cuda/__init__.py)
        r"|warnings\.warn\(incompatible_device_warn\.format\("
        # torch's incorrect_binary_warn (torch/cuda/__init__.py): a GPU newer than the CUDA torch was built with
        r"|which requires CUDA_VERSION >= \d{3,5} to\s{1,12}work properly, but your PyTorch was compiled"
        # CUDA's cudaErrorNoKernelImageForDevice text, also in shortened forms ("no kernel image is available for
        # execution (on line 91 ...)"; CUDA < 9.2 wrote "invalid device function" for it, a neighbour's row)
        r"|no kernel image (?:is )?available for execution"
        r"|Unsupported SM\b|trtSmToCask"
        # TensorRT-RTX's deserializer on a GPU outside its list (measured here: tensorrt-rtx 1.7.1.116 on an H100)
        r"|Supported compute capabilities: (?:[\d.]{3,4} ){1,12}>[\d.]{3,4}"
        # NVRTC (torch's JIT fusers, CuPy) asked to compile for an architecture newer than its CUDA knows
        r"|nvrtc: error: invalid value for --gpu-architecture"
        # the memory-efficient attention kernels (xformers, torch's SDPA: cutlass fmha kernel_forward.h /
        # kernel_backward.h) abort with the kernel's name and the architectures it was compiled for: "FATAL: kernel
        # `fmha_cutlassF_f32_aligned_64x64_rf_sm80` is for sm80-sm100, but was built for sm37"
        r"|FATAL: kernel `\w{1,160}_sm\d{2,3}`(?: is for sm\d{2,3}-sm\d{2,3}, but was built for sm\d{1,3})?"
        # nvcc: an intrinsic whose overload exists only from an architecture on (atomicAdd on double: sm_60, on
        # half / bfloat16: sm_70 / sm_80) while the build compiles for an older one
        r"|no instance of overloaded function \"atomic(?:Add|Max|Min|CAS|Exch)\" matches the argument list"
        # nvcc (EDG's 'identifier "%s" is undefined'): a bfloat16 / half intrinsic that cuda_bf16.h / cuda_fp16.h
        # declare only for newer targets than the one compiled for (issue 36, round twenty-seven)
        r"|identifier \"__\w{0,30}(?:bfloat16|bfloat162|half2?|hmax|hmin|hadd2?|hsub2?|hmul2?|hfma2?|hdiv|hneg2?"
        r"|habs2?)\w{0,30}\" is undefined"
        # Paddle's device check (paddle/phi/backends/gpu/gpu_resources.cc) and its kernel-image check
        r"|The GPU compute capability in your current machine is \d{2,3}, which is not supported by Paddle"
        r"|(?:compiled|built) (?:for|with)(?: (?:sm_)?\d{2,3},?){1,16},? but (?:your )?current GPU is \d{2,3}"
        # FlashAttention-3's Hopper-only kernels (flash-attention/hopper, bundled in xformers / vLLM) launched on
        # another GPU: CHECK_CUDA in flash_fwd_launch_template.h reports the launch error ("invalid argument")
        r"|CUDA error \([^\n)]{0,200}flash-attention/hopper/[\w.]{1,60}:\d{1,5}\): [^\n]{1,80}"
        # spconv's C++ library (cumm ConvTunerSimple) with no prebuilt kernel for this GPU falls to its NVRTC path,
        # which only the Python package implements
        r"|nvrtc_params\.cc\(\d{1,5}\)\s{0,4}(?:\n[^\n]{0,60})?not implemented in c\+\+, must be overrided in python"
        # torch 1.x's launch check of its own kernels (aten/src/ATen/native/cuda: TORCH_CHECK(cudaGetLastError() ==
        # cudaSuccess, "max_pool2d_with_indices_out_cuda_frame failed with error code ", cudaGetLastError())): the
        # launch failed, and the second cudaGetLastError() it prints has already cleared the error, so "code 0"
        # (issue 36, round thirty-one)
        r"|\b\w{2,80}_cuda(?:_frame|_template|_kernel)?\w{0,20} failed with error code \d{1,4}\b"
        # a server binary's own start-up check of the GPU against the one it was compiled for (Hugging Face
        # text-embeddings-inference's Candle backend, backends/candle/src/compute_cap.rs: "Runtime compute cap {} is
        # not compatible with compile time compute cap {}") (issue 36, round thirty-three)
        r"|Runtime compute cap \d{2,3} is not compatible with compile time compute cap \d{2,3}"
        # issue 36, round forty: the NVIDIA HPC SDK's runtime (OpenACC, CUDA Fortran: nvc++ / nvfortran, formerly PGI)
        # refusing a binary without device code for this GPU ("Accelerator Fatal Error: This file was compiled:
        # -acc=gpu -gpu=cc60 -gpu=cc70 / Rebuild this file with -gpu=cc86 to use NVIDIA Tesla GPU 0"; PGI's releases
        # wrote -ta=tesla:ccXX)
        + "|"
        + _NVHPC_RUNTIME_ARCH
        # issue 36, round thirty-three: a GPU miner's own words for an algorithm with no kernel for this GPU's compute
        # capability (TT-Miner: "Cannot configure CUDA-Kernel (CU_G-A082#0-86) for compute 8.6")
        + "|"
        + _MINER_NO_KERNEL
        # issue 36, round fifty-four: a program's own copy to a __constant__ / __device__ symbol failing with
        # cudaErrorInvalidSymbol's message ("SetKernelsGpuData copy to cData failed invalid device symbol"): the
        # module that defines the symbol has no code for this GPU, so it never loaded (a self-built binary whose
        # targets leave the GPU out)
        + r"|\b(?:copy|cudaMemcpy(?:To|From)Symbol\w{0,10})\b[^\n]{0,80}\binvalid device symbol\b"
        # the same status by its name in a check macro ("CUDA error at host_main_function.cu:236
        # code=13(cudaErrorInvalidSymbol)", the CUDA samples' checkCudaErrors; issue 36, round sixty-three)
        r"|\bcode=13\(cudaErrorInvalidSymbol\)",
        "The library that launched the kernel (torch, TensorRT, a compiled extension, a kernel library such as a "
        "quantization or attention package, or the program's own CUDA build) has no kernels for this GPU's compute "
        "capability: the GPU is newer or older than the build targets, or a Jetson GPU runs an x86 build.",
        "Find which library launched the kernel (the traceback's last frames; CUDA_LAUNCH_BLOCKING=1 makes them "
        "exact) and install a build of it that includes your GPU's architecture, or rebuild it for it "
        "(TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES / nvcc -gencode with your sm_XY; `nvidia-smi "
        "--query-gpu=name,compute_cap --format=csv` shows it). A GPU older than the library supports (prebuilt "
        "quantization or attention kernels often need Volta, Turing or Ampere) needs a newer GPU, or run without "
        "that feature (no quantization, another attention implementation).",
        variants=(
            Variant(
                r"\binvalid device symbol\b|\bcudaErrorInvalidSymbol\b",
                "a program's own CUDA build without this GPU's architecture ('invalid device symbol')",
                "The program's copy to a device symbol (a __constant__ or __device__ variable) failed with 'invalid "
                "device symbol': the module that holds it has no code for this GPU, so CUDA never loaded it. "
                "Rebuild the program for this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap "
                '--format=csv`: 8.9 is 89) through its own option for it (a Makefile\'s TARGETS="89" or '
                "-gencode arch=compute_89,code=sm_89, CMAKE_CUDA_ARCHITECTURES=89), from a clean build; a symbol "
                "passed as a host address (cudaMemcpyToSymbol(&sym, ...) on old CUDA) fails the same way.",
            ),
            Variant(
                _NVHPC_RUNTIME_ARCH,
                "the NVIDIA HPC SDK's runtime (OpenACC / CUDA Fortran built by nvc++ / nvfortran)",
                "The program was compiled by the NVIDIA HPC SDK (nvc++ / nvfortran, OpenACC or CUDA Fortran) with "
                "device code only for the compute capabilities after -gpu= in 'This file was compiled', and its "
                "runtime refuses this GPU: rebuild with the capability the message asks for (-gpu=ccYY, e.g. cc86 "
                "for an RTX 30xx, cc89 for an RTX 40xx / L40, cc90 for Hopper, cc120 for an RTX 50xx; several can "
                "be listed, -gpu=cc80,cc86, and -gpu=ccnative / ccall exist in recent releases), set through the "
                "project's own option for it (a CMake COMPUTE_CAPABILITY / CMAKE_CUDA_ARCHITECTURES-like variable "
                "or the Makefile's -gpu= flags), from a clean build folder. If nvc++ / nvfortran then rejects ccYY "
                "('Switch -gpu with unknown keyword'), the HPC SDK is older than the GPU: install a release that "
                "knows it (`nvaccelinfo` names the GPU's capability; a Blackwell cc100 / cc120 needs a 25.x HPC SDK "
                "with CUDA 12.8+) and rebuild with it, checking the SDK versions the project validates.",
                strict=True,
            ),
            Variant(
                r"Runtime compute cap \d{2,3} is not compatible with compile time compute cap",
                "a prebuilt server binary checked the GPU against the one it was compiled for",
                "The server binary (text-embeddings-inference's Candle backend and others built the same way) was "
                "compiled for one GPU generation and refuses to start its CUDA backend on another: the two numbers are "
                "the compute capabilities (75 = Turing, 80 = A100, 86 = RTX 30xx / A10, 89 = RTX 40xx / L4, 90 = "
                "Hopper, 120 = RTX 50xx). Use the image or binary built for this GPU (text-embeddings-inference "
                "publishes one image tag per architecture: a turing- tag for 75, an 86- tag, an 89- tag, a hopper- "
                "tag; the default tag is built for 80), or build it yourself with CUDA_COMPUTE_CAP set to the "
                "runtime number (`nvidia-smi --query-gpu=compute_cap --format=csv`) and run that build; with "
                "several GPUs, make the one it uses (CUDA_VISIBLE_DEVICES / --gpus device=N) the one it was built "
                "for.",
                strict=True,
            ),
            Variant(
                _MINER_NO_KERNEL,
                "a GPU miner without a kernel for this compute capability",
                "The miner has no kernel (prebuilt, or one it can configure) for this algorithm on this GPU's "
                "compute capability (the number it prints, e.g. 8.6 for RTX 30xx): other algorithms or older cards "
                "may work with the same release. Use a miner release whose notes list this algorithm for this GPU "
                "generation (update the miner), mine this algorithm on a GPU it supports, or mine it with another "
                "miner; driver updates and command-line changes do not add a kernel.",
                strict=True,
            ),
            Variant(
                r"_cuda(?:_frame|_template|_kernel)?\w{0,20} failed with error code \d",
                "torch 1.x's kernel launch check ('<kernel>_cuda_frame failed with error code N')",
                "torch launched one of its own CUDA kernels (the name before 'failed') and the launch failed; "
                "'error code 0' hides the real error, because the check reads cudaGetLastError() twice and the "
                "second read is already clear. Most often this torch build has no kernels for this GPU (`python -c "
                "'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_arch_list(), "
                "torch.cuda.get_device_capability())'`: the GPU's sm_XY must be listed, and the driver must "
                "support that CUDA): install a torch build for this GPU and driver. For max_pool2d in torch 1.4 "
                "the same line also comes from a launch that fails on a non-contiguous input with many channels "
                "(a permuted tensor): pass x.contiguous() to the pool, or move to a newer torch release.",
                strict=True,
            ),
            Variant(
                r"CUDNN_STATUS_(?:SUCCESS|EXECUTION_FAILED|NOT_INITIALIZED|INTERNAL_ERROR|ARCH_MISMATCH)",
                "a framework build older than the GPU (cuDNN's status)",
                "The framework's build (its CUDA and the cuDNN it bundles) predates the GPU named, so cuDNN fails on "
                "it with a status that does not say so (even 'CUDNN_STATUS_SUCCESS'): torch 0.4's CUDA 9.0 build on "
                "a Turing RTX 20xx, a CUDA 10 build on an Ampere RTX 30xx, a CUDA < 11.8 build on Ada / Hopper, < "
                "12.8 on Blackwell. Install a build whose CUDA knows the GPU (`python -c 'import torch; "
                "print(torch.version.cuda, torch.cuda.get_arch_list())'` must list its sm_XY; for code pinned to an "
                "old torch: torch 0.4.1 with CUDA 9.2 for Turing, 1.7+ with CUDA 11 for Ampere), not the same CUDA's "
                "build again, and adapt the code to that torch if needed.",
                strict=True,
            ),
            Variant(
                r"must be overrided in python|\bspconv",
                "spconv's C++ library",
                "spconv's prebuilt C++ library (spconv_cpp, used by TensorRT plugins such as BEVFusion's) has no "
                "kernels for this GPU's compute capability, so its tuner asks for NVRTC, which only the Python "
                "package implements: rebuild spconv_cpp / cumm with this architecture in CUMM_CUDA_ARCH_LIST (e.g. "
                "12.0 for RTX 50xx, `nvidia-smi --query-gpu=compute_cap --format=csv`), or use a spconv release "
                "that ships it.",
            ),
            Variant(
                r"flash-attention/hopper/",
                "FlashAttention-3's Hopper-only kernels (xformers, vLLM)",
                "FlashAttention-3 (flash-attention's hopper/ tree, bundled in xformers and some vLLM builds) has "
                "kernels for sm_90 only, so on another GPU (Blackwell sm_100/sm_120, Ada, Ampere) its launch fails: "
                "use another attention backend (vLLM: `VLLM_ATTENTION_BACKEND=FLASHINFER` or TRITON_ATTN; torch "
                "SDPA), build xformers without FlashAttention-3 (`XFORMERS_DISABLE_FLASH_ATTN=1` when building), and "
                "upgrade vLLM / xformers / torch to builds with this GPU's architecture (sm_120 needs CUDA 12.8+).",
            ),
            Variant(
                r"identifier \"__\w{0,30}(?:bfloat16|half|hmax|hmin|hadd|hsub|hmul|hfma|hdiv|hneg|habs)\w{0,30}\" is "
                r"undefined",
                "nvcc: a bfloat16 / half intrinsic undefined for the target architecture",
                "This is a compile error, not a runtime one: the bfloat16 / half intrinsic named is not declared "
                "for the architecture nvcc compiles for. cuda_bf16.h and cuda_fp16.h declare many of them only for "
                "newer targets (before CUDA 12.2 most bfloat16 conversions and arithmetic only for sm_80 and up; "
                "half arithmetic for sm_53 and up), and an nvcc line without -arch / -gencode compiles for nvcc's "
                "old default target (sm_52 in CUDA 11 and 12). Compile for your GPU's architecture (`nvcc "
                "-arch=sm_XY` or -arch=native; CMAKE_CUDA_ARCHITECTURES / TORCH_CUDA_ARCH_LIST for CMake and torch "
                "builds; XY from `nvidia-smi --query-gpu=compute_cap --format=csv`) and with the CUDA release the "
                "project names (12.2 or newer declares the bfloat16 intrinsics for every target). An undefined "
                "type itself (__nv_bfloat16, __half) means the header is not included (#include <cuda_bf16.h> / "
                "<cuda_fp16.h>) or a toolkit before CUDA 11. On a GPU below sm_80, build the project's fp32 (or "
                "fp16) variant instead of its bfloat16 one.",
            ),
            Variant(
                r"no instance of overloaded function \"atomic",
                "nvcc: an atomic the target architecture lacks",
                "This is a compile error, not a runtime one: the CUDA code calls atomicAdd (or another atomic) on a "
                "type the compiled architecture has no overload for (double needs compute capability 6.0, half "
                "7.0, bfloat16 8.0; the 'argument types are' line names the type). Compile for your GPU's "
                'architecture: TORCH_CUDA_ARCH_LIST="7.0;7.5;8.0;8.6" (your GPU\'s, `nvidia-smi '
                "--query-gpu=compute_cap --format=csv`) for torch extensions, -gencode arch=compute_70,code=sm_70 "
                "for nvcc, CMAKE_CUDA_ARCHITECTURES for CMake, then rebuild from a clean build folder. A GPU below "
                "that capability cannot run this code: use a newer GPU (or the project's fallback for old GPUs).",
            ),
            # issue 36, round twenty-seven: OpenCV's own CUDA modules have no kernel for the GPU
            Variant(OPENCV_CUDA, "OpenCV's CUDA modules", OPENCV_CUDA_FIX),
            Variant(
                r"ggml_cuda|ggml-cuda|\bggml\b|llama\.cpp|llama-server|\bollama\b",
                "llama.cpp / ollama (ggml's CUDA kernels)",
                "ggml's CUDA kernels were compiled for other architectures than this GPU's: rebuild llama.cpp for it "
                "(`cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=XY && cmake --build build --config "
                "Release`, XY from `nvidia-smi --query-gpu=compute_cap --format=csv`, e.g. 86; llama-cpp-python: "
                'CMAKE_ARGS="-DGGML_CUDA=on -DCMAKE_CUDA_ARCHITECTURES=XY" pip install --force-reinstall '
                "--no-cache-dir llama-cpp-python), or install an ollama / llama.cpp release whose CUDA build covers "
                "the GPU (a new GPU needs a build with a CUDA that knows it; a GPU older than its minimum compute "
                "capability runs on the CPU).",
            ),
            Variant(
                COMFYUI,
                "ComfyUI",
                "If torch lacks the GPU (torch's warning 'sm_XY is not compatible with the current PyTorch "
                "installation'; RTX 50xx needs a torch built with CUDA 12.8 or newer), update the torch of the Python "
                "ComfyUI runs: on the portable build run update\\update_comfyui_and_python_dependencies.bat or unpack "
                "the newest portable release, or `python_embeded\\python.exe -m pip install --upgrade torch "
                "torchvision torchaudio` from PyTorch's CUDA index of a CUDA that knows the GPU (a manual install: its "
                "venv python). If torch has it, the kernel is a custom node's compiled extension (SageAttention, "
                "xformers, a -cuda wheel): install that package's build for this torch and CUDA.",
            ),
            Variant(
                SD_WEBUI,
                "Stable Diffusion web UI (AUTOMATIC1111, Forge, SD.Next)",
                "The web UI's venv has a torch without this GPU's architecture (RTX 50xx needs a torch built with "
                "CUDA 12.8 or newer): set TORCH_COMMAND in webui-user.bat / webui-user.sh to a torch from PyTorch's "
                "CUDA index of a CUDA that knows the GPU, delete the `venv` folder (or add `--reinstall-torch` to "
                "COMMANDLINE_ARGS once) and start it again; reinstall xformers for that torch too "
                "(`--reinstall-xformers`) or drop `--xformers`.",
            ),
            Variant(
                r"not supported by Paddle|but (?:your )?current GPU is \d",
                "PaddlePaddle",
                "The installed paddlepaddle-gpu has no kernels for this GPU's compute capability (its warning names "
                "it; `paddle.utils.run_check()` may still pass, then inference fails). Install the paddlepaddle-gpu "
                "build that lists your GPU's architecture on Paddle's install page (a GPU of compute capability "
                "12.0, RTX 50xx, needs a build for CUDA 12.8 or newer that includes sm_120; an old GPU an older "
                "release), in a fresh environment.",
                product="paddle",
            ),
            Variant(
                r"nvrtc: error: invalid value for --gpu-architecture",
                "NVRTC (run-time compiled kernels)",
                "The GPU is newer than the CUDA (and its NVRTC) the program was built with, so its run-time kernel "
                "compiler does not know the GPU's architecture: install the torch (or CuPy) build for a CUDA release "
                "that supports this GPU; `torch.cuda.get_arch_list()` shows the architectures the installed torch "
                "was built for.",
            ),
            Variant(
                # the failing kernel is the program's own: its CUDA check names the .cu file (a plugin, a project
                # kernel), whatever library names its folders show ("CUDA error 209 at .../PReLUPlugin.cu:183")
                r"(?:CUDA|cuda) (?:error|failure)[^\n]{0,40}\b(?:at|in|file:?) [^\n]{0,200}\.cu\b:?\s{0,2}"
                r"(?:line )?\d{1,6}"
                r"|\b\w{0,60}[Pp]lugin\w{0,40}\.cu:\d{1,6}",
                "the program's own CUDA code (a plugin or project kernel)",
                "The kernel without an image is the program's own (the .cu file the error names, e.g. a TensorRT "
                "plugin of the project), so no new TensorRT or torch helps: rebuild that code with this GPU's "
                "architecture in its list (CMake: CMAKE_CUDA_ARCHITECTURES=XY or the project's -gencode "
                "arch=compute_XY,code=sm_XY flags; XY from `nvidia-smi --query-gpu=compute_cap --format=csv`, a "
                "Jetson Nano is 53, TX2 62, Xavier 72, Orin 87), from a clean build folder.",
            ),
            Variant(
                r"Supported compute capabilities: (?:[\d.]{3,4} ){1,12}>",
                "TensorRT-RTX",
                "TensorRT-RTX runs engines only on the compute capabilities its message lists (RTX-class Ampere, Ada "
                "and Blackwell GPUs; not Hopper or other data-centre GPUs): run on such a GPU, or use full TensorRT "
                "(tensorrt / torch_tensorrt) on this one.",
                strict=True,
            ),
            # issue 36, round forty: TensorRT's own wording with a Jetson GPU's SM (Nano 53, TX2 62, Xavier 72, Orin
            # 87, Thor 101 / 110), or with Jetson words in the text: the TensorRT is not the board's JetPack build
            Variant(
                r"Target GPU SM (?:53|62|72|87|101|110) is not supported by this TensorRT"
                r"|Target GPU SM \d{2,3} is not supported by this TensorRT(?=[\s\S]{0,20000}?(?:"
                + JETSON_BOARD
                + r"))|(?:"
                + JETSON_BOARD
                + r")[\s\S]{0,20000}?Target GPU SM \d{2,3} is not supported by this TensorRT",
                "TensorRT on a Jetson GPU (its JetPack / L4T build)",
                "This is a Jetson GPU (SM 53 Nano, 62 TX2, 72 Xavier, 87 Orin, 101 / 110 Thor), and the TensorRT "
                "release that builds the engine was not compiled for it: a desktop / server build (a pip wheel, an "
                "x86 or SBSA package, a container's TensorRT pinned to another CUDA) even when its version number is "
                "new enough. On Jetson TensorRT must be the JetPack (L4T) build of the same JetPack release as the "
                "host: the apt packages of that release (`apt-cache policy tensorrt libnvinfer10` / "
                "`libnvinfer8`; `cat /etc/nv_tegra_release` names the L4T), or an l4t / JetPack base image that "
                "matches it; drop an apt pin or pip install that replaced it, check the library carries the SM "
                "(`cuobjdump --list-elf /usr/lib/aarch64-linux-gnu/libnvinfer.so.* | grep sm_<XY>`), and rebuild the "
                "engines with it. The pip version lines below do not apply to a Jetson.",
                product="tensorrt",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Install a build that supports your GPU: `torchtrt-compat check` names the TensorRT / torch releases "
                "that do for your compute capability, and `torchtrt-compat suggest --gpu <name>` lists whole stacks.",
                product="torch_tensorrt",
            ),
            Variant(
                SHOWN["tensorrt"],
                "TensorRT",
                "Install a TensorRT release that supports this compute capability (the lines below name them; "
                "TensorRT drops old and adds new architectures per release), and build the engine on the GPU that "
                "runs it; `torchtrt-compat check` compares the installed TensorRT with the GPU.",
                product="tensorrt",
            ),
            Variant(
                SHOWN["onnxruntime"],
                "ONNX Runtime",
                "The onnxruntime-gpu build has no kernels for this GPU: each release is built for a list of "
                "architectures (a GPU newer than the release, or an old one a newer release dropped): install an "
                "onnxruntime-gpu release (and its CUDA) that supports your GPU's compute capability, or run the "
                "session with providers=['CPUExecutionProvider'].",
                product="onnxruntime",
            ),
            # issue 36, round forty-two: the kernel without an image is a project's own compiled extension's (its
            # error check prints "error in <kernel>: <cudaGetErrorString>", e.g. FlowNet2's correlation package), not
            # torch's: the extension's build list, not the torch wheel or the notebook's GPU, is what lacks the GPU
            Variant(
                r"\berror in \w{1,80}: no kernel image is available"
                r"|\b\w{1,60}_cuda(?:_\w{1,40})?_kernel\b[^\n]{0,60}no kernel image is available",
                "a project's own CUDA extension (built without this GPU's architecture)",
                "The kernel without an image is the project's own compiled extension's (the name before the error, "
                "e.g. a correlation / resample layer's *_cuda_kernel), not torch's: its setup.py compiled it for a "
                "fixed -gencode list (or for the GPU of the machine that built it) that lacks this GPU's compute "
                "capability. Rebuild that extension for this GPU: add -gencode arch=compute_XY,code=sm_XY (XY from "
                "`nvidia-smi --query-gpu=compute_cap --format=csv` or torch.cuda.get_device_capability(); a T4 is 75, "
                "an A100 80) to its nvcc arguments, or remove the hard-coded list and set TORCH_CUDA_ARCH_LIST="
                '"X.Y" before building, delete its build/ folder and old *.so, and reinstall it (the project\'s '
                "install script, or `pip install -v --no-build-isolation .` in its folder), with a torch whose CUDA "
                "supports the GPU.",
            ),
            # a notebook's GPU is chosen from a short list (issue 36, round thirteen: families/environments.py)
            Variant(
                r"\bKaggle\b|(?:^|[\s'\"])/kaggle/(?:input|working|temp)\b|\bgoogle\.colab\b|\bColab\b"
                r"|(?:^|[\s'\"])/content/",
                "a Kaggle / Colab notebook",
                "The notebook's GPU is older than the torch (or package) installed over the preinstalled one supports: "
                "Kaggle's P100 is sm_60, Colab's and Kaggle's T4 sm_75. Pick the other accelerator (Kaggle: Settings > "
                "Accelerator > GPU T4 x2; Colab: Runtime > Change runtime type), or keep the notebook's preinstalled "
                "torch and install packages built for it instead of a newer torch (`print(torch.cuda.get_arch_list())` "
                "must list the GPU's sm_XY).",
            ),
            # torch's own wording of the CUDA error (c10's C10_CUDA_CHECK: "CUDA error: ...", its note on
            # asynchronous reports and TORCH_USE_CUDA_DSA) or a Python file's line: a bare paste whose kernel is
            # torch's or a Python package's on top of it (issue 36, round fifteen)
            Variant(
                r"(?-i:CUDA error)\s{0,2}: no kernel image|CUDA kernel errors might be asynchronously reported"
                r"|TORCH_USE_CUDA_DSA|no kernel image (?:is )?available for execution[^\n]{0,120}\.py\b",
                "torch (its CUDA error)",
                "Check whether torch itself lacks the GPU: `python -c 'import torch; print(torch.cuda.get_arch_list(), "
                "torch.cuda.get_device_capability())'`. If the GPU's sm_XY is not in the list (or torch is a CPU or "
                "old-CUDA wheel), reinstall torch and torchvision from PyTorch's index with a CUDA build that has it "
                "(a newer GPU needs a newer CUDA, e.g. cu118+ for sm_89 / sm_90, cu128+ for sm_120; an old GPU an "
                "older torch); if it is listed, the kernel is a compiled extension's or a kernel library's: reinstall "
                "or rebuild that package for this GPU (TORCH_CUDA_ARCH_LIST=<major.minor>), or run without it.",
                product="torch",
                strict=True,
            ),
            Variant(
                SHOWN["torch"],
                "torch",
                "Check whether torch itself lacks the GPU: `python -c 'import torch; print(torch.cuda.get_arch_list(), "
                "torch.cuda.get_device_capability())'`. If the GPU's sm_XY is not in the list, install a torch build "
                "that has it (a newer GPU needs a torch built with a newer CUDA, e.g. the cu128+ wheels for sm_120; an "
                "old GPU an older torch); if it is, the kernel is an extension's or a kernel library's: reinstall or "
                "rebuild that package for this GPU, or run without it.",
                product="torch",
            ),
        ),
        advice="gpu",
        severity="warns-of-failure",
        cost="gpu-work-fails",
        cuda_errors=("cudaErrorNoKernelImageForDevice", "CUDA_ERROR_NO_BINARY_FOR_GPU"),
        # nvcc's lines under TVM's "Compilation error:" header are TVM's generated kernel: tvm-nvcc-compile-failed
        # reads them (its target's -arch), issue 36, round twenty-seven
        unless=r"^Compilation error:\s{0,4}$",
        commands=(CHECK, SUGGEST),
        weight=85,
        applies="any release; TensorRT drops old and adds new architectures per release",
        shown_by=(
            *corpus("megvii-basedetection-yolox-1825", "nvidia-ai-iot-torch2trt-850"),
            "tests/troubleshooting/test_generalisation.py::test_sm_numbers_are_compute_capabilities",
        ),
        example="[TRT] [E] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 87 is not "
        "supported by this TensorRT release.)",
        example_source="https://github.com/Megvii-BaseDetection/YOLOX/issues/1825",
    ),
    KnownError(
        "multi-gpu-device",
        "Engine or builder used on another GPU than the one it was made on",
        r"Builder was created on device different than current device|different than current device"
        r"|Multi-device safe mode|Switching to device \d",
        "TensorRT binds a builder, an engine and its execution contexts to the GPU that was current when they were "
        "created; the process then switched to another GPU.",
        "Select the GPU before building or loading: `with torch.cuda.device(i): ...` (or torch.cuda.set_device(i)) "
        "and pass device='cuda:i'; serve one copy per GPU, each created under its device. "
        "torchtrt_compat.runtime.pin_device checks it at call time.",
        weight=75,
        applies="multi-GPU hosts, any release",
        shown_by=(
            "tests/runtime/test_runtime_pinning.py::test_device_checked_refuses_other_device_with_clear_error",
            *corpus("open-mmlab-mmdeploy-112"),
        ),
        example="[TRT] [E] 9: [backendBuilderConfig.cpp::validateBasicAssumptions::34] Error Code 9: Internal Error "
        "(Builder was created on device different than current device.)",
        example_source="https://github.com/open-mmlab/mmdeploy/issues/112",
    ),
    # ---- export ------------------------------------------------------------------------------------------------------
    KnownError(
        "data-dependent-guard",
        "Could not guard on data-dependent expression",
        r"GuardOnDataDependentSymNode|Could not guard on data-dependent expression"
        r"|Could not extract specialized integer from data-dependent expression|DataDependentOutputException"
        r"|Dynamic control flow is not supported"
        # issue 36, round forty-seven: symbolic_shapes' own log line when evaluating a guard raised, on an expression
        # of unbacked symbols (u0, u1, ...: sizes computed from values), the cause a wrapper's generic "not
        # exportable" error hides (ai-edge-torch / litert-torch, other converters that run torch.export)
        r"|failed during evaluate_expr\([^\n]{0,3000}?(?<![\w.])u\d{1,6}\b",
        "Python control flow depends on tensor values (an `if` on a tensor, .item(), or a size computed from values "
        "such as nonzero, masking, NMS or top-k), so torch.export cannot trace one graph for every input.",
        "Write a branch on values as torch.where / torch.cond; for a computed size, tell export it is valid with "
        "torch._check(n >= 0) / torch._check_is_size(n) right after computing it; or move the post-processing "
        "(NMS, masking, top-k on values) out of forward and export the part before it.",
        variants=(
            # issue 36, round forty-seven: a detector's post-processing (NMS, top-k of a data-dependent number of
            # boxes: Min(300, u0)), or a converter whose own error only says the model is not exportable
            Variant(
                r"\bMin\(\d{1,6}, u\d{1,6}\)|\b(?:batched_)?nms\b|\bnonzero\b|\btopk\b|not exportable by torch\.export"
                r"|\b(?:ssd(?:lite)?|yolo\w{0,6}|retinanet|fasterrcnn|maskrcnn|fcos|detr)\b",
                "a detection model's post-processing, or a converter that hides torch.export's error",
                "The sizes come from the data: a detection model's post-processing (NMS, top-k over a variable "
                "number of boxes, nonzero / masking) gives outputs whose length export cannot know. Export the model "
                "without it: the backbone and head that return the raw boxes and scores (torchvision detectors: "
                "wrap model.backbone + head, or a forward that stops before postprocess_detections), and run NMS "
                "outside the exported graph; or keep it and bound the sizes with torch._check(n <= max_detections) "
                "/ torch._check_is_size(n) after each computed size. A converter (ai-edge-torch / litert-torch, "
                "ExecuTorch, a vendor's) that only says the model is not exportable runs torch.export.export: call "
                "`torch.export.export(model, example_args)` yourself to see the full error and the line of your "
                "model it names.",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Compile the exportable parts and keep the rest in PyTorch: torchtrt_compat.compile / "
                "build_engine(..., partition='auto'); or write a branch on values as torch.where / torch.cond; or, "
                "for a computed size, tell export it is valid with torch._check(n >= 0) / torch._check_is_size(n) "
                "right after computing it; or move the post-processing out of forward.",
                product="torch_tensorrt",
            ),
        ),
        weight=80,
        applies="torch.export (dynamo frontend, every torch_tensorrt ≥ 2.1); detectors' post-processing above all",
        shown_by=corpus("pytorch-executorch-8988", "pytorch-pytorch-193693"),
        example="torch._dynamo.exc.UserError: Could not guard on data-dependent expression Eq(u77 - 1, 1)",
        example_source="https://github.com/pytorch/executorch/issues/8988",
    ),
    KnownError(
        "pytree-unregistered-type",
        "Output (or input) type export cannot flatten",
        r"which is not a known type\. If this type holds tensors, you need to register a pytree"
        r"|is not supported or pytree-flattenable|is not a registered (?:pytree|container) (?:node|type)"
        r"|not a pytree-registered",
        "forward returns (or takes) an object torch.export cannot flatten into tensors, e.g. transformers' "
        "DynamicCache when use_cache=True.",
        "Return tensors, tuples, lists or dicts from forward, or register the type "
        "(torch.utils._pytree.register_pytree_node / torch.export.register_dataclass).",
        variants=(
            Variant(
                r"DynamicCache|cache_utils|Cache'>",
                "a transformers cache",
                "Call the model with use_cache=False (or set model.config.use_cache = False) before compiling: the "
                "engine then returns the logits only. transformers 4.50-4.55 register DynamicCache; 4.56+ do not.",
            ),
        ),
        weight=80,
        applies="torch.export (dynamo frontend); transformers decoders with a KV cache",
        shown_by=corpus("pytorch-pytorch-136582", "samsung-tico-211"),
        example="Found <class 'transformers.cache_utils.DynamicCache'> in output, which is not a known type. If this "
        "type holds tensors, you need to register a pytree for it.",
        example_source="https://github.com/pytorch/pytorch/issues/136582",
    ),
    KnownError(
        "export-constraint-violation",
        "Constraints violated (a dynamic dimension was specialised)",
        r"ConstraintViolationError|Constraints violated|CONSTRAINT_VIOLATION",
        "A dimension declared dynamic is fixed by the model's code (a hard-coded view or a size check), or the "
        "example input's size (0 or 1) made export specialise it.",
        "Apply the 'Suggested fixes' export prints (make that Dim a constant, or adjust its min/max), use an example "
        "size of 2 or more for each dynamic dimension (torch_tensorrt.Input's opt_shape is the example), or make the "
        "code shape-agnostic (x.shape[0] instead of a constant).",
        weight=75,
        applies="torch.export with dynamic shapes (dynamo frontend)",
        shown_by=corpus("pytorch-pytorch-134137"),
        example="torch.fx.experimental.symbolic_shapes.ConstraintViolationError: Constraints violated (neighbors)! "
        "... because neighbors was inferred to be a constant (1792).",
        example_source="https://github.com/pytorch/pytorch/issues/134137",
    ),
    KnownError(
        "fake-device-propagation",
        "Unhandled FakeTensor Device Propagation (during export)",
        r"Unhandled FakeTensor Device Propagation for \S{1,120}|FakeTensorDeviceMismatchError",
        "During torch.export an op saw tensors on two devices: a constant or buffer created on the CPU inside forward "
        "(or weights left on the CPU) next to CUDA inputs, or torchvision's deform_conv2d / roi_align fake kernels.",
        "Put the model and every input on one device, and create tensors in forward with device=x.device; "
        "torchtrt_compat.export / compile do the first and shim torchvision's ops (deform_conv2d_device).",
        variants=(
            Variant(
                r"torchvision\.|deform_conv2d|roi_align",
                "a torchvision op",
                "Export with torchtrt_compat.export / compile (shim deform_conv2d_device), or upgrade to "
                "torch-tensorrt >= 2.7, where the deform_conv2d case is fixed.",
            ),
        ),
        op=r"Device Propagation for (\S{1,120}?),",
        weight=75,
        applies="torch.export (dynamo frontend); the deform_conv2d case before torch_tensorrt 2.7",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_real_fake_device_error_is_explained",
            "tests/shims/test_deform_conv2d.py::test_shim_fixes_device_propagation",
            "notebooks/03_deform_conv2d.ipynb#reproduce",
            "notebooks/03_deform_conv2d.ipynb#apply-shim",
            *corpus("pytorch-tensorrt-3556", "pytorch-pytorch-119665"),
        ),
        example="RuntimeError: Unhandled FakeTensor Device Propagation for torchvision.deform_conv2d.default, found "
        "two different devices cuda:0, cpu",
        example_source="https://github.com/pytorch/TensorRT/issues/3556",
    ),
    KnownError(
        "device-mismatch",
        "Expected all tensors to be on the same device",
        r"Expected all tensors to be on the same device"
        # torch_tensorrt's runtime check of a compiled module's inputs (core/runtime/execute_engine.cpp)
        r"|Expected input tensors to have device cuda, found device \w{1,8}"
        # torch 0.4 to 1.4's wording of the same check (ATen's checked_tensor_unwrap / THNN forward)
        r"|Expected object of (?:device type|backend) \w{1,10} but got (?:device type|backend) \w{1,10} for argument"
        # torch 1.5 to 1.8's checkSameGPU / checkAllSameGPU (ATen/TensorUtils.cpp): "Tensor for argument #2 'mat1' is on
        # CPU, but expected it to be on GPU (while checking arguments for addmm)", and its two-GPU form (issue 36, round
        # thirty-six)
        r"|Tensor for argument #\d{1,2} '\w{1,40}' is on (?:CPU|GPU)\b[^\n]{0,20}, but expected (?:it|them) to be on"
        r"|Expected tensor for argument #\d{1,2} '\w{1,40}' to have the same device as tensor for argument"
        # torch 1.5 to 1.7's wording of an op's device check (ATen's TensorIterator / the copy and index kernels:
        # "expected device cuda:0 but got device cpu"), and checkDeviceType's "Expected tensor to have CUDA DeviceType,
        # but got tensor with CPU DeviceType" (issue 36, round fifty-six)
        r"|\b[Ee]xpected device (?:cuda|cpu)(?::\d{1,2})? but got device (?:cuda|cpu)(?::\d{1,2})?"
        r"|Expected tensor to have \w{2,10} DeviceType, but got tensor with \w{2,10} DeviceType"
        # autograd's check of a gradient handed to backward (torch 1.x: "invalid gradient at index 0 - expected type
        # torch.cuda.FloatTensor but got torch.FloatTensor"; later "expected device cuda:0 but got cpu"), and torch
        # 1.x's CUDA elementwise kernel given a CPU tensor ("iter.device(arg).is_cuda() INTERNAL ASSERT FAILED at
        # .../Loops.cuh"); issue 36, round sixty-four
        r"|invalid gradient at index \d{1,3} - expected (?:type|device) [\w.:]{1,40} but got [\w.:]{1,40}"
        r"|iter\.device\(arg\)\.is_cuda\(\) INTERNAL ASSERT FAILED"
        # DataParallel's check of the wrapped model (torch/nn/parallel/data_parallel.py)
        r"|module must have its parameters and buffers on device cuda:\d{1,2} \(device_ids\[0\]\)"
        # a TVM-compiled function's own check of an argument's device (runtime/module_util.cc)
        r"|(?:Argument [\w.]{1,200}|\barg\w{0,10})\.(?:device_type|device_id) has an unsatisfied constraint"
        # aten's index_select check (ATen/native/cuda/Indexing.cu): an index tensor on another GPU than its input
        r"|Input, output and indices must be on the current device"
        # a custom CUDA op's own check of its inputs (issue 36, round twenty-five): TORCH_CHECK(x.is_cuda()) with no
        # message ("Expected u.is_cuda() to be true, but got false."), the CHECK_CUDA macros of extensions
        # (TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor"), flash-attn's #x " must be on CUDA"), ATen's
        # checkBackend ("Expected tensor for argument #1 'input' to have CUDA Backend, but got tensor with CPU Backend")
        rf"|{_CUDA_ONLY_OP}",
        "The model's weights and its inputs (or a tensor created inside forward) are on different devices, e.g. a "
        "model never moved to CUDA, or a CPU tensor created in forward.",
        "Move the model and every input to one device (model.cuda().eval(), x = x.cuda()) and create tensors "
        "inside forward with device=x.device (or register them as buffers, which move with the model). If you did "
        "not write the model (you called a model library's fit() / predict() / pipeline and "
        "the traceback's last frames are in site-packages/<library>), either you passed an input on another device "
        "than the one the library keeps its own tensors on (many pipelines take CPU tensors or arrays and move them "
        "to the model themselves: pass the input as the library's examples do, without .cuda() / .to(device)), or "
        "the library's own code made the tensor: then upgrade that library to its latest release (a known kind of "
        "bug, fixed in later releases; check its issue tracker for this message) or run it on the CPU until then.",
        # issue 36, round thirty-four: the library sentence above is for a message pasted alone, with no traceback
        # to say whose code made the tensor
        variants=(
            # the failing op is an optimizer's step (torch/optim/optimizer.py's wrapper, a third-party optimizer's
            # step) after a resume: the state load_state_dict restored stayed on the CPU
            Variant(
                r"torch[\\/]optim[\\/]optimizer\.py|\boptimi[sz]er\.step\(|resume training from"
                r"|\bLoading states from\b|\bresume_from_checkpoint\b"
                # issue 36, round forty-eight: a third-party optimizer named beside a bare message, or the optimizer's
                # own load_state_dict / a resume
                r"|\bpytorch_optimizer\b|\bProdigy\w{0,10}\b|\bDAdapt\w{1,20}|\bScheduleFree\w{0,20}"
                r"|\boptimi[sz]er\.load_state_dict\(|\bresum(?:e|ed|ing) (?:from|training)\b",
                "optimizer state restored on the CPU at resume",
                "A mismatch in the optimizer's step, or right after resuming from saved state: the optimizer's state "
                "(exp_avg, step counters, a schedule-free optimizer's extra tensors) was restored by load_state_dict "
                "/ accelerate's load_state on the CPU while the parameters are on the GPU. Move the state after "
                "loading (`for st in optimizer.state.values(): for k, v in st.items(): st[k] = v.to(param_device) if "
                "torch.is_tensor(v) else v`), or load the checkpoint with map_location to the parameters' device; "
                "for a third-party optimizer, update it to a release whose load_state_dict moves its state (or "
                "report it there). If the traceback ends in the model's forward instead, move the model and its "
                "inputs to one device.",
                strict=True,
            ),
            # issue 36, round thirty-three: a Stable Diffusion web UI (A1111 / Forge: its call queue's "Error
            # completing request" and "Arguments: ('task(...)'" lines) or a frame of one of its extensions / a
            # ComfyUI custom node: the model and the tensors are the app's and its extension's, not the user's code
            Variant(
                r"[\\/]extensions(?:-builtin)?[\\/][\w.-]{1,80}[\\/][^\n]{0,200}\.py\b|[\\/]custom_nodes[\\/][\w.-]{1,80}[\\/]"
                r"|^\s{0,4}Error completing request\b|^\s{0,4}Arguments: \(\s{0,4}'task\(",
                "inside a web UI extension or a ComfyUI custom node",
                "The mismatch is inside the app (the Stable Diffusion web UI / Forge or ComfyUI) and one of its "
                "extensions or custom nodes (its folder under extensions/ or custom_nodes/ in the traceback; the "
                "request's arguments name the one in use, e.g. a ControlNet unit), not in code you wrote: that "
                "extension left its model or an input on the CPU while the rest runs on the GPU. Update that "
                "extension and the app together (a release made for the other; `git pull` in its folder or the "
                "app's Extensions tab), keep its own low-VRAM / offload option consistent with the app's "
                "--lowvram / --medvram flags (try both ways), and disable the other extensions to find the one; "
                "check its issue tracker for the same error.",
                strict=True,
            ),
            # the traceback's last frames before the error are an installed library's own code (site-packages/<lib>,
            # not torch's): the library made the tensor on the wrong device, the user's inputs are not at fault
            Variant(
                r'File "[^"\n]{0,300}(?:site|dist)-packages[\\/](?!torch[\\/]|torch_tensorrt)'
                r'[\w.-]{1,60}[\\/][^"\n]{0,200}", '
                r"line \d{1,7}, in [^\n]{0,120}\n"
                # only lines that are no frame, or frames of installed packages, between it and the error
                r'(?:(?![ \t]{0,8}File ")[^\n]{0,300}\n'
                r'|[ \t]{0,8}File "[^"\n]{0,300}(?:site|dist)-packages[^\n]{0,200}\n)'
                r"{0,14}[^\n]{0,80}Expected all tensors to be on the same device",
                "inside an installed library's own code",
                "The mismatch is raised inside an installed library (the traceback's last frames are in "
                "site-packages/<library>, not your code): that library created or kept a tensor on another device "
                "than the inputs you passed, most often a release that does not match the installed torch or a bug "
                "its maintainers fixed. Upgrade the library to its latest release (or one made for your torch "
                "version; pin torch to what that release supports), check its issue tracker for the function named "
                "in the traceback, and until then call that function with all its inputs on one device (the CPU if "
                "the library only works there).",
                strict=True,
            ),
            # issue 36, round thirty-two: the same raised inside a package's module run from a source folder (a
            # checkout on sys.path or `pip install -e`): the last frame before the error is a relative path two
            # folders deep (pkg/sub/module.py), no site-packages, no absolute path, not torch's own
            Variant(
                r'^[ \t]{0,8}File "(?![\\/~.]|[A-Za-z]:)(?!torch[\\/])[\w.-]{1,60}[\\/][\w.-]{1,60}[\\/][^"\n]{0,200}'
                r'\.py", line \d{1,7}, in [^\n]{0,120}\n'
                r'(?:(?![ \t]{0,8}File ")[^\n]{0,300}\n){0,6}[^\n]{0,80}Expected all tensors to be on the same device',
                "inside a package's own module (a source checkout)",
                "The mismatch is raised inside a package's own module (the last frame is pkg/.../module.py of a "
                "source folder, not your script): if that package is a library (a checkout or `pip install -e`), it "
                "made a tensor on another device than its inputs, typically a tensor it creates (torch.zeros, "
                "torch.tensor, torch.arange) without device= on a code path your settings select. Update the checkout "
                "to its latest release or commit and check its issue tracker for the function named; until then patch "
                "that line to create the tensor on the inputs' device (`device=x.device`), or run that step with "
                "everything on one device (the CPU). If the package is your own code, do the same in it.",
                strict=True,
            ),
            # issue 36, round fifty-six: the refusing op is apex's fused norm (apex/normalization/fused_layer_norm.py
            # calls fused_layer_norm_cuda), which model code picks up whenever apex imports
            Variant(
                r"apex[\\/]normalization[\\/]fused_layer_norm|\bfused_layer_norm_cuda\.\w|\bFused(?:RMS|Layer)Norm\b",
                "apex's fused layer / RMS norm refused the tensor (an apex build that does not fit this torch)",
                "The op that refused is apex's fused layer / RMS norm kernel (fused_layer_norm_cuda), which model code "
                "(transformers' T5 and RMSNorm layers, Megatron-style models) uses whenever apex is importable. If "
                "the model and its inputs are on the GPU, the apex install is the problem: NVIDIA apex built for "
                "another torch or CUDA, or installed without its CUDA extensions (the PyPI package named 'apex' is "
                "an unrelated project). Uninstall it (`pip uninstall apex`: transformers then uses its own norm), or "
                "rebuild NVIDIA apex from its source for this torch with its CUDA extensions, in a clean environment "
                "with the versions the project pins. If the model is still on the CPU, move it and every input to "
                "the GPU (model.cuda(), x = x.cuda()).",
                strict=True,
            ),
            Variant(
                _CUDA_ONLY_OP,
                "CPU tensors given to a CUDA-only op (a custom kernel's own check)",
                "A compiled CUDA op (a custom kernel: selective scan, deformable attention, a fused layer) checks "
                "that its inputs are CUDA tensors and got CPU ones: it has no CPU version. The model or the tensor "
                "it passes never reached the GPU: move the model and every input there before the call "
                "(model.cuda(), x = x.cuda()), and check that the program really selected a GPU: "
                "`python -c 'import torch; print(torch.cuda.is_available(), torch.cuda.device_count())'` must show "
                "one, and a device argument must name GPUs this machine has (--device 0 on a one-GPU machine: a "
                "default that lists more GPUs than the machine has, or a CUDA_VISIBLE_DEVICES that hides them, can "
                "leave a trainer on the CPU). A trainer that builds the model on the CPU first and runs a dummy "
                "forward through the op fails the same way: move the model to the GPU before that forward.",
                strict=True,
            ),
            Variant(
                r"indices must be on the current device",
                "an index tensor on another GPU (often inside a DataParallel replica)",
                "An index tensor (index_select / gather ids, label or class indices built in forward) is on another "
                "GPU than the tensor it indexes: under nn.DataParallel each replica runs on its own GPU, so a tensor "
                "made with .cuda() / device='cuda' or kept as a plain attribute stays on cuda:0. Create it on the "
                "input's device inside forward (torch.arange(..., device=x.device), idx = idx.to(x.device)), register "
                "fixed tensors as buffers, or run on one GPU (CUDA_VISIBLE_DEVICES=0) / use DistributedDataParallel.",
                strict=True,
            ),
            Variant(
                r"has an unsatisfied constraint|TVMError|\btvm\b|mlc_llm",
                "a TVM-compiled function",
                "The array lives on another device than the compiled function's target (device_type 1 is CPU, 2 is "
                "CUDA): create inputs and outputs on the target's device, e.g. `dev = tvm.cuda(0); a = "
                "tvm.nd.array(x, device=dev)` (numpy arrays go to the CPU), run the module with the same dev "
                "(`graph_executor.GraphModule(lib['default'](dev))`, `relax.VirtualMachine(ex, dev)`), keep every "
                "argument of one call on one device, and build for the device you run on (target 'cuda' for a GPU).",
            ),
            # two GPUs in one process: the model is split over them on purpose (device_map, pipeline stages) or
            # replicated (DataParallel); moving everything to one device would undo that
            Variant(
                r"Expected input tensors to have device cuda",
                "a compiled module given CPU inputs",
                "The compiled TensorRT module takes CUDA tensors only: move every input to the GPU it was compiled "
                "for before calling it (x.cuda() / x.to('cuda:0'), the same device as the compile's inputs); "
                "outputs come back on that GPU.",
            ),
            Variant(
                r"DataParallel|data_parallel|parallel_apply|replicas?\b|device_ids\[0\]",
                "DataParallel replicas",
                "Under DataParallel each replica runs on its own GPU: a tensor made inside forward with .cuda(), "
                "device='cuda' or torch.device('cuda:0') stays on the first GPU. Create it with device=x.device (or "
                "register it as a buffer, which is copied to each replica), never call .cuda() inside forward, and "
                "keep the model's parameters on device_ids[0] before wrapping (DistributedDataParallel, one process "
                "per GPU, avoids the problem).",
            ),
            Variant(
                r"device_map|hf_device_map|max_memory|\baccelerate\b|transformers_modules|pipeline stage",
                "a model split across GPUs",
                "The model is split over several GPUs (device_map / max_memory, or pipeline stages) and one op got "
                "operands from two of them: keep each input on the device of the layer that takes it "
                "(x.to(layer.weight.device)); with transformers / accelerate, keep a block whole on one GPU "
                "(no_split_module_classes=[the block's class] in infer_auto_device_map / from_pretrained, or a "
                "device_map that puts its residual's ends together), and put the inputs on "
                "model.hf_device_map's first device. A model that fits one GPU: load it there (device_map='cuda:0').",
            ),
            Variant(
                r"\bcuda:\d{1,2},? and cuda:\d{1,2}|\bcuda:\d{1,2}, cuda:\d{1,2}",
                "two GPUs in one process",
                "Two GPUs meet in one op: the model is replicated (DataParallel) or split over the GPUs (device_map, "
                "model parallel), and a tensor stayed on the first one. If the op is inside an installed library's "
                "own model (the traceback's last frames in site-packages/<library>: a layer that keeps a device "
                "chosen at construction, self.device, instead of its input's), your code cannot fix it: upgrade the "
                "library to a release that fixed multi-GPU use (its changelog or issue tracker), or train on one GPU "
                "(CUDA_VISIBLE_DEVICES=0) until then. In your own model: keep each input on the device of the layer "
                "that takes it (x.to(layer.weight.device)); create tensors inside forward with device=x.device, "
                "never with .cuda() or 'cuda:0' (DataParallel copies buffers to each replica, not tensors made "
                "there); with transformers / accelerate, keep a block whole on one GPU (no_split_module_classes). "
                "Running on one GPU only confirms it.",
            ),
            Variant(
                TORCHSCRIPT,
                "TorchScript frontend",
                "Trace or script the model after model.cuda().eval(), with CUDA example inputs; tensors made in "
                "forward must use device=x.device, because partitioning runs the PyTorch segments on the recorded "
                "devices. Or use the dynamo frontend (torchtrt_compat.compile).",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Move the model and every input to one device before compiling (model.cuda().eval(), x = x.cuda()) "
                "and create tensors inside forward with device=x.device.",
                product="torch_tensorrt",
            ),
        ),
        unless=r"FakeTensor|fake_tensor\.py",
        weight=65,
        applies="any frontend",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_generic_device_text_is_not_blamed_on_export",
            "tests/troubleshooting/test_round25_v25wrap.py::test_cpu_tensors_in_a_cuda_only_op",
            *corpus("pytorch-tensorrt-1401", "pytorch-tensorrt-2041"),
        ),
        example="RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cpu and "
        "cuda:0! (when checking argument for argument index in method wrapper__index_select)",
        example_source="https://github.com/pytorch/TensorRT/issues/1401",
    ),
    # ---- conversion ------------------------------------------------------------------------------------------------
    KnownError(
        "unsupported-operator",
        "Unsupported operator / no converter",
        r"Unsupported operators? listed below|Unsupported operator: \S{1,200}"
        r"|Conversion of (?:function|method|module of type) \S{1,200} not currently supported",
        "No converter accepts this op with these arguments, so it cannot run inside TensorRT.",
        "Let it run in PyTorch: require_full_compilation=False (the default) with the op in torch_executed_ops if "
        "needed; torchtrt_compat.compile reports which ops stayed in PyTorch and why.",
        variants=(
            Variant(
                TORCHSCRIPT,
                "TorchScript frontend",
                "The TorchScript frontend (ir='ts', deprecated) lacks many converters: compile with the dynamo "
                "frontend (torchtrt_compat.compile), which leaves such ops to PyTorch; staying on TorchScript, keep "
                "them in PyTorch with torch_executed_ops=[...] and require_full_compilation=False.",
            ),
        ),
        op=r"Unsupported operator: ([\w:.]{1,120})|Conversion of (?:function|method|module of type) (\S{1,200}) not"
        r"|^\s{0,8}-\s{1,3}([\w:.]{1,120})\(",
        weight=70,
        applies="every release; the TorchScript frontend far more often",
        shown_by=corpus(
            "pytorch-tensorrt-1912", "pytorch-tensorrt-1665", "pytorch-tensorrt-867", "pytorch-tensorrt-662"
        ),
        example="ERROR: [Torch-TensorRT] - Unsupported operator: aten::addcmul(Tensor self, Tensor tensor1, Tensor "
        "tensor2, *, Scalar value=1) -> (Tensor)",
        example_source="https://github.com/pytorch/TensorRT/issues/1665",
    ),
    KnownError(
        "int64-inputs",
        "Unable to process subgraph input type of at::kLong/at::kDouble",
        r"Unable to process subgraph input type of at::kLong|compile model with truncate_long_and_double enabled",
        "A TensorRT segment takes an int64 or float64 tensor (token ids, indices, a double constant) that the "
        "TorchScript frontend cannot feed to TensorRT.",
        "Pass truncate_long_and_double=True, or cast the inputs to int32 / float32 before the model; the dynamo "
        "frontend (torchtrt_compat.compile) handles int64 itself.",
        variants=(
            Variant(
                r"truncate_long_and_double\"?\s{0,3}[:=]\s{0,3}True",
                "the flag is already set",
                "The flag is set, so the int64 tensor is made inside the graph (e.g. by a shape or index op): cast it "
                "to int32 in forward, keep that op in PyTorch, or use the dynamo frontend (torchtrt_compat.compile).",
            ),
        ),
        weight=80,
        applies="TorchScript frontend (ir='ts'), torch_tensorrt ≤ 2.x",
        shown_by=corpus("pytorch-tensorrt-731", "pytorch-tensorrt-1800", "pytorch-tensorrt-841"),
        example="RuntimeError: [Error thrown at core/partitioning/shape_analysis.cpp:116] Unable to process subgraph "
        "input type of at::kLong/at::kDouble, try to compile model with truncate_long_and_double enabled",
        example_source="https://github.com/pytorch/TensorRT/issues/731",
    ),
    KnownError(
        "converter-exception",
        "A converter failed on one op",
        r"torch_tensorrt[\\/]dynamo[\\/]conversion[\\/](?:impl[\\/]|aten_ops_converters|prims_ops_converters"
        r"|converter_utils|ops_evaluators)[\w\\/]{0,80}\.py\", line \d+"
        r"|\] - \d: \[\w{1,60}\.cpp::\w{1,80}::\d+\] Error Code \d+: Internal Error \(Assertion",
        "A converter raised while translating one op into TensorRT layers (an argument combination it does not "
        "handle, or a converter bug).",
        "Keep that op in PyTorch: torch_executed_ops={'torch.ops.aten.<op>.default'} (BuildError.op names it), or "
        "let torchtrt_compat.compile fall back per op; upgrade torch_tensorrt, or report it upstream with the op and "
        "the input shapes.",
        op=r"conversion[\\/]impl[\\/](?:\w{1,40}[\\/])?(\w{1,60})\.py|\[(\w{1,60})\.cpp::",
        weight=60,
        applies="every release (dynamo converters; TorchScript converters before)",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_converter_frame_names_the_op",
            *corpus("pytorch-tensorrt-763"),
        ),
        example="ERROR: [Torch-TensorRT] - 2: [pointWiseNode.cpp::computeOutputExtents::17] Error Code 2: Internal "
        "Error (Assertion nbDims == inputs[i]->extent.nbDims failed.)",
        example_source="https://github.com/pytorch/TensorRT/issues/763",
    ),
    KnownError(
        "ts-internal-error",
        "TorchScript partitioning / lowering internal error",
        r"Error thrown at core/(?:partitioning|lowering)/|Schema not found for node|Unsupported TypeMeta in ATen",
        "An internal error of the TorchScript frontend's lowering or partitioning (a bug for that graph; the "
        "frontend is deprecated and no longer fixed).",
        "Compile with the dynamo frontend (torchtrt_compat.compile, ir='dynamo'); staying on TorchScript, change the "
        "partition (torch_executed_ops / torch_executed_modules, a larger min_block_size) or use an older release "
        "known to work for the model.",
        weight=40,
        applies="TorchScript frontend (ir='ts')",
        shown_by=corpus("pytorch-tensorrt-1829"),
        example="RuntimeError: Schema not found for node. File a bug report.\nNode: %30748 : int[] = "
        "prim::ListConstruct(%30745, %30746, %30738, %24)",
        example_source="https://github.com/pytorch/TensorRT/issues/1829",
    ),
    KnownError(
        "explicit-typing-assertion",
        "use_explicit_typing assertion",
        r"use_explicit_typing was set to True, however found that enabled_precisions"
        r"|When use_explicit_typing is enabled, only torch\.float32 is allowed",
        "torch_tensorrt 2.10-2.12 default to use_explicit_typing=True, which rejects enabled_precisions={fp16} "
        "(2.6-2.7 reject it when you set use_explicit_typing=True).",
        "Use torchtrt_compat.compile(..., enabled_precisions={torch.half}); it adds use_explicit_typing=False on "
        "torch-tensorrt and switches to autocast on torch-tensorrt-rtx, which builds FP32 with weak typing.",
        weight=85,
        applies="torch_tensorrt 2.6-2.12",
        versions=">=2.6,<2.13",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_explicit_typing_assertion_is_avoided_by_translation",
            "notebooks/02_drop_in_compile.ipynb#precision-across-releases",
        ),
        example="AssertionError: use_explicit_typing was set to True, however found that enabled_precisions was "
        "also specified (saw: {<dtype.f16: 6>}, expected: dtype.f32, dtype.f4).",
        example_source="torch_tensorrt 2.12.1 dynamo/_compiler.py (the assertion's own text)",
    ),
    # ---- dynamic shapes ----------------------------------------------------------------------------------------------
    KnownError(
        "dynamic-shape-negative-dim",
        "Negative dimension with dynamic shapes",
        r"Trying to create tensor with negative dimension|with inherently negative length",
        "A size computed at run time came out negative where an op needs a real size: a -1 standing for a dynamic "
        "dimension (TorchScript partitioning's shape analysis, a converter computing a length from dynamic sizes), "
        "a config value left at -1 (vocab_size, num_labels, a hidden size), or arithmetic on sizes that went below "
        "zero.",
        "Print the shape the op gets (the number in brackets) and trace where that size comes from: a config "
        "value of -1 or None (set it, e.g. from the tokenizer's vocabulary size), a checkpoint whose sizes differ "
        "from the config, or a length computed from an input too short for it (a kernel or window larger than the "
        "input).",
        variants=(
            Variant(
                SHOWN["torch_tensorrt"] + "|" + TORCHSCRIPT,
                "torch_tensorrt",
                "Compile with the dynamo frontend and torch_tensorrt.Input(min_shape, opt_shape, max_shape) "
                "(torchtrt_compat.compile); if it persists, build static shapes per batch size "
                "(torchtrt_compat.runtime.BucketedCUDAGraphs) or keep the op in PyTorch.",
                product="torch_tensorrt",
            ),
        ),
        weight=70,
        applies="TorchScript frontend with dynamic shapes and fallback (1.x); dynamo converters",
        shown_by=corpus("pytorch-tensorrt-1271", "pytorch-tensorrt-1113", "pytorch-tensorrt-1465"),
        example="RuntimeError: Trying to create tensor with negative dimension -1: [-1, 3, 224, 224]",
        example_source="https://github.com/pytorch/TensorRT/issues/1113",
    ),
    KnownError(
        "dynamic-range-narrowed",
        "Input range outside the range the exported program allows (torch_tensorrt 2.14)",
        r"Input range \[\d+, \d+\] vs\s+exported program range \[\d+, \d+\]",
        "torch_tensorrt 2.14 compares each dynamic Input's min/max with the range the program gives that size. The "
        "program's range is narrower when torch.export was given a narrower Dim, when the model's code constrains "
        "the size, or when lowering narrowed it (a fake kernel's memory-layout guard, e.g. a batch >= 4 for a "
        "convolution, not a limit of the model).",
        "Build through torchtrt_compat (build_engine / compile with Input ranges or dynamic=...): it keeps the range "
        "torch.export gave through lowering. If the program was exported narrower, export again with "
        "torch.export.Dim('batch', min=MIN, max=MAX) covering the Input range, or give an Input range inside the "
        "program range the message names.",
        weight=82,
        applies="torch_tensorrt 2.14+, dynamic shapes (dynamo frontend)",
        shown_by=("tests/compiler/test_dynamic_shapes.py::test_explain_names_a_narrowed_range",),
        example="ValueError: Dynamic dimension 's77': Input range [1, 32] vs exported program range [4, 32]. "
        "Input.min_shape (1) is below the exported program's min (4).",
        example_source="torch_tensorrt 2.14.0 dynamo/_compiler.py (_build_user_symbol_bounds), timm efficientvit_m0",
    ),
    KnownError(
        "dynamic-shape-profile",
        "Invalid optimization profile (min / opt / max shapes)",
        r"k(?:OPT|MIN|MAX) values for profile|violate shape constraints|min_shape contains a 0 dimension"
        r"|has no max bound for dim|reshape dimension with more than one -1|missing dimensions in profile"
        r"|must satisfy MIN<=OPT<=MAX|no optimization profile has been defined"
        r"|please enable trt dynamic_shape mode by SetTRTDynamicShapeInfo|trt inputs dynamic shape info not set"
        r"|\] dynamic shape info not set, please check",
        "The optimization profile is not one the model can run at: a min or max shape the network rejects, a "
        "dimension without an upper bound, a min of 0, or an opt outside [min, max].",
        "Give every dynamic input explicit bounds the model can run at, with min ≥ 1 and min ≤ opt ≤ max: "
        "torch_tensorrt.Input(min_shape=..., opt_shape=..., max_shape=...) or torch.export.Dim('b', min=1, max=N).",
        variants=(
            Variant(
                r"SetTRTDynamicShapeInfo|set_trt_dynamic_shape_info|dynamic shape info not set|trt subgraph",
                "Paddle Inference",
                "Paddle-TensorRT needs min / max / opt shapes for every input of every TensorRT subgraph, not only "
                "the model's: give them all (config.set_trt_dynamic_shape_info(min, max, opt) with each name the INFO "
                "log lists), or let Paddle collect them (a run with config.collect_shape_range_info(file), then "
                "config.enable_tuned_tensorrt_dynamic_shape(file, True)), or raise min_subgraph_size so the small "
                "subgraphs stay in Paddle.",
                product="paddle",
            ),
        ),
        weight=75,
        applies="dynamic shapes, every release",
        shown_by=corpus("nvidia-tensorrt-1947", "pytorch-tensorrt-4610", "nvidia-stable-diffusion-webui-tensorrt-57"),
        example="Error Code 4: Internal Error (kOPT values for profile 0 violate shape constraints: broadcast with "
        "incompatible dimensions.",
        example_source="https://github.com/NVIDIA/TensorRT/issues/1947",
    ),
    KnownError(
        "input-outside-profile",
        "Input shape outside the engine's optimization profile",
        r"Runtime dimension does not satisfy any optimization profile|exceed min ~ max range"
        r"|profile(?:Max|Min)Dims\.d\[i\] [<>]= dimensions\.d\[i\]|DynamicShapeOutOfRangeException"
        r"|exceed min\.\.max range for profile|Static dimension mismatch while setting input shape"
        r"|TRT runtime input shape of [\w./-]{1,120} is invalid|Input shapes are inconsistent with the model",
        "The engine was built for a range of input shapes (its optimization profile) and was called with a shape "
        "outside it, e.g. a larger batch or a longer sequence than max_shape (for a static engine: any other shape "
        "than the one it was built for).",
        "Call it within the range it was built for, or rebuild with a max_shape (torch_tensorrt.Input(min_shape, "
        "opt_shape, max_shape) / torch.export.Dim(max=...)) that covers the shapes you serve; pad or split inputs "
        "that exceed it (torchtrt_compat.runtime.BucketedCUDAGraphs buckets batch sizes).",
        variants=(
            Variant(
                r"SetTRTDynamicShapeInfo|Input shapes are inconsistent with the model|paddle",
                "Paddle Inference",
                "Paddle-TensorRT built the engine for the shape range set with set_trt_dynamic_shape_info (or, "
                "without dynamic shape, for one static shape): widen min / max to cover the inputs you feed (or "
                "collect them with collect_shape_range_info and enable_tuned_tensorrt_dynamic_shape), delete the "
                "cached engines (the _opt_cache folder) after changing them, and resize inputs to the shapes built "
                "for.",
                product="paddle",
            ),
            Variant(
                r"tensorrt_execution_provider|TensorrtExecutionProvider|TensorrtLogger",
                "onnxruntime's TensorRT execution provider",
                "onnxruntime's TensorRT execution provider built the engine for the shapes it saw first (or the "
                "profile you gave it) and a later input is larger: give it an explicit range that covers every input "
                "with the provider options trt_profile_min_shapes / trt_profile_opt_shapes / trt_profile_max_shapes "
                '("input:1x3x32x32" per input; onnxruntime 1.13+), delete its cached engines (trt_engine_cache_path) '
                "after changing them, resize inputs to a fixed shape, or run the dynamic model on the "
                "CUDAExecutionProvider instead.",
                product="onnxruntime",
            ),
        ),
        op=r"Supplied binding dimension (\[[\d,]{1,60}\])",
        weight=80,
        applies="engines with dynamic shapes, every release",
        shown_by=corpus("nvidia-tensorrt-2739", "yuvraj108c-comfyui-upscaler-tensorrt-14"),
        example="Error Code 3: API Usage Error (Parameter check failed ..., condition: profileMaxDims.d[i] >= "
        "dimensions.d[i]. Supplied binding dimension [10,3,128,64] for bindings[0] exceed min ~ max range at index 0, "
        "maximum dimension in profile is 1, minimum dimension in profile is 1, but supplied dimension is 10.",
        example_source="https://github.com/NVIDIA/TensorRT/issues/2739",
    ),
    # ---- the engine build --------------------------------------------------------------------------------------------
    KnownError(
        "gpu-out-of-memory",
        "Out of GPU memory (CUDA out of memory; a TensorRT build or execution context)",
        r"Requested amount of (?:GPU )?memory \(\d+ bytes\) could not be allocated|Error Code 2: OutOfMemory"
        r"|OutOfMemory Error in|Cuda Runtime \(out of memory\)|Cuda Error in allocate: 2 \(out of memory\)"
        r"|CUDA out of memory|torch\.OutOfMemoryError"
        # an issue's title in the hyphenated form, above a log cut before the error ("(issue title: CUDA
        # out-of-memory errors.)"; issue 36, round sixty-three)
        r"|^\(issue title: [^\n]{0,200}?\bCUDA out-of-memory\b"
        # Ray's re-raise of a task's torch.OutOfMemoryError, whose own line the paste cut ("ray.exceptions.RayTaskError(
        # OutOfMemoryError): ray::Worker.get_logprobs() ..."); Ray's memory monitor raises its own OutOfMemoryError
        # unwrapped, with "running low on memory" (issue 36, round fifty-three)
        r"|\bRayTaskError\(OutOfMemoryError\)(?![\s\S]{0,20000}running low on memory)"
        # nnU-Net's own sentence before its cut traceback (nnunetv2 inference/predict_from_raw_data.py)
        r"|Prediction on device was unsuccessful, probably due to a lack of memory"
        # torch's OOM message without its opening words ("Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total
        # capacity; ...", c10/cuda/CUDACachingAllocator.cpp)
        r"|Tried to allocate \d[\d.]{0,10} [KMGT]?i?B \(GPU \d{1,2}; [\d.]{1,10} [KMGT]?i?B total capacity"
        r"|Tried to allocate \d[\d.]{0,10} [KMGT]?i?B\. GPU \d{1,2} has a total capacity of"
        # a report in the user's own words beside a pasted warning ("terminates with an OOM error on 24GB VRAM GPUs",
        # "GPU out of memory", "ran out of VRAM"; "CUDA OOM" above a crash dump, issue 36, round twenty-six)
        r"|\bGPU (?:OOM|out of memory)\b|\bCUDA OOM\b|\bran out of (?:GPU|VRAM|video) memory"
        r"|\bOOM(?: error)? on [^\n]{0,30}\b(?:GPUs?|VRAM)\b"
        # torch's short OOM text when a memory fraction caps the allocator (c10 CUDACachingAllocator: "Allocation on
        # device 0 would exceed allowed memory"), the bare "Allocation on device" ComfyUI prints for a
        # torch.OutOfMemoryError, and ComfyUI's own line (execution.py: "Got an OOM, unloading all loaded models.")
        r"|Allocation on device \d{1,2} would exceed allowed memory"
        r"|(?:!!! Exception during processing !!!|OutOfMemoryError:) {0,2}Allocation on device\b"
        r"|Got an OOM, unloading all loaded models"
        # old torch's THC allocator ("cuda runtime error (2) : out of memory at .../THCStorage.cu:58",
        # "THCudaCheck FAIL file=... error=2 : out of memory")
        r"|cuda runtime error \(2\) : out of memory|THCudaCheck FAIL[^\n]{0,200}error=2 : out of memory"
        # TensorFlow's allocator ("OOM when allocating tensor with shape[...] ... by allocator GPU_0_bfc")
        r"|OOM when allocating tensor"
        # dlib's string for *_STATUS_ALLOC_FAILED (cudnn_dlibapi.cpp, cublas_dlibapi.cpp: "code: 2, reason: ...")
        r"|reason: CUDA Resources could not be allocated"
        # ND4J's CUDA memory manager (deeplearning4j: "Failed to allocate 637074016 bytes from DEVICE [0] memory")
        r"|Failed to allocate \d{1,15} bytes from DEVICE \[\d{1,2}\] memory"
        # ggml (llama.cpp, ollama, koboldcpp): "unable to allocate CUDA0 buffer", "cudaMalloc failed: out of memory"
        r"|(?:unable|failed) to allocate CUDA\d{0,2} buffer|cudaMalloc failed: out of memory"
        # ggml's graph allocator and tensor allocator on any GPU backend (ggml-alloc.c, ggml_gallocr_reserve_n /
        # alloc_tensor_range: "%s: failed to allocate %s buffer of size %zu" with the backend buffer type's name:
        # Vulkan0, ROCm0, SYCL0, MUSA0, CANN0, Metal, OpenCL; a CPU or *_Host buffer is host memory, not this)
        # (issue 36, round twenty-nine)
        r"|\w{1,40}: failed to allocate (?:Vulkan|ROCm|HIP|SYCL|MUSA|CANN|Metal|OpenCL)\d{0,2} buffer of size \d"
        # PhysX's GPU allocator (Isaac Gym / Isaac Sim): "PxgCudaDeviceMemoryAllocator fail to allocate memory N bytes!!
        # Result = 2" (2: cudaErrorMemoryAllocation), before its kernels fail on the buffers it did not get
        r"|\bPxg\w{0,40}Allocator fail to allocate (?:pinned )?memory \d{1,15} bytes"
        # TensorFlow's BFC allocator when the allocation fails (bfc_allocator.cc: "... (rounded to N)requested by op
        # X"; its "The caller indicates that this is not a failure" notice is tf-bfc-allocator-notice), and the eager
        # runtime's ResourceExhaustedError
        r"|Allocator \(\w{1,30}\) ran out of memory trying to allocate [^\n]{0,40}\(rounded to \d{1,15}\)"
        # TensorFlow 1.x's wording of the same failure ("... trying to allocate 1.00GiB.  Current allocation summary
        # follows."), and that line cut right after "Allocator" by a paste (issue 36, round twenty-four)
        r"|Allocator \(\w{1,30}\) ran out of memory trying to allocate [^\n]{0,40}Current allocation summary follows"
        r"|bfc_allocator\.cc:\d{1,6}\] Allocator[ \t]{0,4}$|"
        # an engine that deserialised but whose execution context could not be created (ICudaEngine::
        # createExecutionContext returns null when it cannot allocate the context's memory), in an application's words
        # (issue 36, round twenty-four)
        + GPU_CONTEXT_NOT_CREATED
        + r"|(?:ResourceExhaustedError|Resource exhausted): failed to allocate memory"
        # XLA / JAX (PJRT's "Out of memory while trying to allocate N bytes", the stream executor allocator's "Failed
        # to allocate request for 1.00GiB (NB) on device ordinal 0", XLA:TPU's HBM)
        r"|RESOURCE_EXHAUSTED: (?:Out of memory while trying to allocate|Failed to allocate request for"
        r"|XLA:TPU compile permanent error\. Ran out of memory)"
        # XLA's TPU memory report (issue 36, round thirty-eight): "Ran out of memory in memory space hbm. Used 8.83G
        # of 8.00G hbm. Exceeded hbm capacity by 848.88M."
        r"|Ran out of memory in memory space (?:hbm|vmem)\b|Exceeded hbm capacity by|^\s{0,8}Program hbm requirement \d"
        # PaddlePaddle's allocators (paddle/fluid/memory/allocation/cuda_allocator.cc)
        r"|Out of memory error on GPU (?:Virtual Memory )?\d"
        # MXNet's pooled storage manager; RAPIDS RMM's pool (RMM_FAIL in pool_memory_resource.hpp)
        r"|cudaMalloc retry failed: out of memory|RMM failure at[^\n]{0,300}Maximum pool size exceeded"
        # torch on Apple silicon (MPS) and ROCm (HIP), Metal's command buffer (ggml-metal, MLX), ggml's Vulkan backend
        r"|MPS backend out of memory|HIP out of memory|kIOGPUCommandBufferCallbackErrorOutOfMemory"
        r"|ggml_vulkan: Device memory allocation of size \d{1,15} failed|allocateMemory: ErrorOutOfDeviceMemory"
        # Vulkan's own result name (TVM's Vulkan runtime under WebLLM / MLC: "vkAllocateMemory failed with
        # VK_ERROR_OUT_OF_DEVICE_MEMORY"), and WebLLM's report of a WebGPU device lost while loading ("Device was lost
        # during reload. This can happen due to insufficient memory"; issue 36, round fifty-three)
        r"|\bVK_ERROR_OUT_OF_DEVICE_MEMORY\b|Device was lost during reload\. This can happen due to insufficient memory"
        # cuDNN's workspace or handle allocation
        r"|CUDNN_STATUS_ALLOC_FAILED"
        # llama.cpp's context (llama-context.cpp graph_reserve; llama_new_context_with_model in older releases),
        # ncnn's Vulkan allocator (src/allocator.cpp), MLX's Metal allocator (backend/metal/allocator.cpp)
        r"|failed to allocate compute (?:pp )?buffers|vkAllocateMemory failed -?\d"
        r"|\[metal::malloc\] Attempting to allocate \d{1,20} bytes which is greater than"
        # issue 36, round forty-three: MLX's older Metal allocator when it cannot get the memory
        r"|\[malloc_or_wait\] Unable to allocate \d"
        # CUDA.jl's pool (src/pool.jl, OutOfGPUMemoryError's showerror)
        r"|Out of GPU memory trying to allocate|\bOutOfGPUMemoryError\b"
        # issue 36, round forty-four: nvImageCodec's Python binding (python/error_handling.h CHECK_CUDA / CHECK_CU:
        # "CUDA Runtime failure: '#<cudaError_t>'", "CUDA Driver API failure: '#<CUresult>'"), 2 being
        # cudaErrorMemoryAllocation / CUDA_ERROR_OUT_OF_MEMORY
        r"|\bCUDA (?:Runtime|Driver API) failure: '#2'"
        # torch's exception type with its message cut off in the paste ("torch.cuda.OutOfMemoryError: CUD")
        r"|\btorch\.cuda\.OutOfMemoryError\b"
        # issue 36, round thirty-three: a GPU miner's own words when the algorithm's dataset (ethash's DAG, which
        # grows each epoch) no longer fits in the free GPU memory (T-Rex: "not enough free memory to mine ethash at
        # epoch 462")
         + "|" + _MINER_DATASET_OOM,
        "The GPU ran out of memory: the weights, the activations (batch x sequence or image size), optimizer "
        "state and cached blocks need more than is free (other processes hold some); with TensorRT, while the "
        "builder timed kernels (workspace) or when an engine's execution context allocated its activations.",
        "Free GPU memory (other processes: `nvidia-smi`), lower the batch size (or the sequence length / image "
        "size), load the model in a smaller dtype (fp16 / bf16, or a quantized model) or a smaller model, keep part of "
        "it on the CPU (offload some layers or run one of several models there), or use a GPU with more memory (or "
        "shard the model over several).",
        variants=(
            # issue 36, round sixty-three: out of memory in a trial of a hyperparameter search: what earlier trials
            # left in the same process adds up
            Variant(
                r"\btrial ?#?\d{1,6}\b[^\n]{0,120}\b(?:failed|FAIL)\b|\bTrialState\.FAIL\b|\boptuna\b|\bray\.tune\b"
                r"|\btune\.run\(|\bhyperopt\b|\bsyne_tune\b",
                "in a trial of a hyperparameter search (memory left by earlier trials)",
                "Each trial builds its model in the same process, and what earlier trials left (models, optimizers, "
                "tensors still referenced, the allocator's cache) adds up until one trial fails, or one trial's "
                "configuration (batch, width) is too large for the card. Free everything at the end of each trial "
                "(`del model, optimizer; gc.collect(); torch.cuda.empty_cache()`), let the search collect between "
                "trials (Optuna: `study.optimize(..., gc_after_trial=True)`), run one trial per GPU at a time "
                "(n_jobs=1, one worker per GPU), bound the search space to what fits, and report an out-of-memory "
                "trial as pruned (catch torch.OutOfMemoryError and raise optuna.TrialPruned) so the search goes on.",
            ),
            # issue 36, round fifty-three: an LLM in the browser or through Vulkan (WebLLM, MLC LLM): the model
            # variant decides the memory
            Variant(
                r"\bWebLLM\b|\bweb-llm\b|GPUDeviceLostInfo|\bmlc[_-]?(?:llm|chat)\b|\bq4f(?:16|32)_\d\b"
                r"|\bllm_chat\.ts\b",
                "an LLM in the browser or through Vulkan (WebLLM, MLC LLM)",
                "The model variant does not fit the memory this GPU gives WebGPU / Vulkan (an integrated GPU shares "
                "system RAM and the browser caps what one page may take): choose a lighter variant of the model "
                "(q4f16_1 where the browser's WebGPU has shader-f16, otherwise q4f32_1 of a smaller model; a "
                "-1k context build for a smaller KV cache) or a smaller model, close other GPU-heavy tabs, and "
                "compare the model's buffer sizes with the adapter's limits (navigator.gpu.requestAdapter()'s "
                "limits: maxBufferSize, maxStorageBufferBindingSize).",
            ),
            # issue 36, round fifty-three: an LLM server allocating its whole KV cache when it starts (LightLLM's
            # key_buffer / value_buffer from --max_total_token_num, a memory pool's init): the token budget decides
            Variant(
                r"\b(?:key|value|kv)_buffers?\s{0,2}=\s{0,2}\[?\s{0,2}torch\.(?:empty|zeros)\b|\bmax_total_token_num\b"
                r"|\b(?:_?init|allocate)_(?:kv_cache|memory_pool)\b",
                "an LLM server allocating its KV cache at start",
                "The server allocates its whole KV cache when it starts, sized by its token budget, from the "
                "memory the weights left: lower that budget until it fits (LightLLM --max_total_token_num, vLLM "
                "--gpu-memory-utilization or --max-model-len, SGLang --mem-fraction-static / --max-total-tokens, "
                "TGI --max-total-tokens), or give the model more GPUs (tensor parallel) or a smaller dtype.",
            ),
            # issue 36, round forty-eight: the out-of-memory of a quantization toolkit's calibration run, whose own
            # options (a sequential, layer-by-layer pipeline; offloading; fewer / shorter samples) are the fix
            Variant(
                r"\bllmcompressor\b|\bllm-compressor\b|\bLLM Compressor\b"
                r"|\b(?:GPTQ|SmoothQuant|AWQ|Quantization)Modifier\b|\bsequential_targets\b|\bcalibration pipeline\b"
                r"|\b(?:basic|sequential|layer_sequential)"
                r" pipeline\b|\bauto_gptq\b|\bAutoAWQ\b|\bauto_awq\b|\bneural_compressor\b|\bomniquant\b"
                r"|\bcalib(?:rate|ration|rating)\b[^\n]{0,80}\b(?:quantiz\w{1,6}|GPTQ|AWQ|samples?)\b",
                "a quantization toolkit's calibration run (llm-compressor, AutoGPTQ / AutoAWQ, lmdeploy lite)",
                "The calibration of a quantization toolkit ran out of memory: the whole model sat on the GPUs while "
                "calibration kept activations (and GPTQ's Hessians) for every layer. Use the toolkit's own ways to "
                "calibrate a layer at a time: llm-compressor's sequential pipeline (pipeline='sequential', the "
                "default for GPTQ / AWQ in recent releases; sequential_targets naming the decoder layer class) with "
                "the model loaded on the CPU (device_map='cpu' or none, so each layer is onloaded in turn), or its "
                "offloading options; AutoGPTQ / AutoAWQ / lmdeploy lite likewise load on the CPU and quantize layer "
                "by layer. Then lower num_calibration_samples and max_seq_length (halve each until it fits), and "
                "calibrate in bf16 / fp16; a bigger GPU count helps only with a pipeline that spreads "
                "layers, not with one that holds the whole forward.",
                strict=True,
            ),
            # issue 36, round forty-four: nvImageCodec's decoder could not allocate the decoded images
            Variant(
                r"\bCUDA (?:Runtime|Driver API) failure: '#2'|\bnvimgcodec\b|\bnvImageCodec\b",
                "a GPU image decoder (nvImageCodec) allocating the decoded images",
                "The decoder could not allocate GPU memory for the decoded images (error 2 is CUDA's memory "
                "allocation failure): decode fewer or smaller images per call (smaller batches), free what other "
                "libraries or processes hold on the same GPU (nvidia-smi; a framework's cached memory), and keep "
                "decoded images on the GPU only as long as needed; if it fails with memory to spare, try the "
                "decoder library's newer release.",
                strict=True,
            ),
            # issue 36, round thirty-eight: a TPU's high-bandwidth memory at XLA's compile (the program does not fit
            # one core's HBM): no GPU allocator setting applies
            Variant(
                _TPU_HBM,
                "a TPU's HBM at XLA compile",
                "XLA compiled the step for the TPU and its program (the weights, optimizer state and activations one "
                "core holds, listed under 'Largest program allocations in hbm') needs more than the core's HBM; "
                "the GPU allocator's preallocation and memory-growth settings do not apply. Make the per-core share "
                "smaller: lower the per-core batch size (or the sequence length / image size), shard the model and "
                "optimizer state over more cores (a larger pod slice, more model / FSDP sharding, fewer parameters "
                "per device), turn on rematerialisation (gradient checkpointing: jax.checkpoint / remat, the "
                "trainer's remat or activation-checkpointing option) and keep activations in bfloat16; the largest "
                "allocations the report lists show which tensor to shrink.",
                strict=True,
            ),
            Variant(
                _MINER_DATASET_OOM,
                "a GPU miner whose dataset (DAG) no longer fits",
                "The mining algorithm keeps a dataset in GPU memory (ethash / etchash's DAG, which grows with each "
                "epoch: about 1 GB plus 8 MB per epoch) and it no longer fits in this GPU's free memory, so the miner "
                "stops on this device; NVML 'not supported' warnings beside it are harmless. Mine on a GPU with "
                "enough free memory for the current epoch (close other programs and the desktop's use of the GPU; "
                "on Windows a larger page file helps the driver commit it), or mine an algorithm with a smaller "
                "memory need (or a coin with a smaller DAG); a driver or miner update does not shrink it.",
                strict=True,
            ),
            Variant(
                GPU_CONTEXT_NOT_CREATED,
                "a TensorRT engine whose execution context could not be created",
                "The engine deserialised (its TensorRT version and file are fine); createExecutionContext returned "
                "null because the context's device memory (engine.device_memory_size: activations and scratch, on "
                "top of the weights and the CUDA context) could not be allocated. Read TensorRT's own [E] line before "
                "the message, compare the engine's need (`trtexec --loadEngine=<engine>` on a whole GPU prints it) "
                "with the free memory: free the GPU of other processes; in a GPU-sharing pod, a vGPU or a MIG "
                "instance, request a memory slice above that need (the device plugin's GPU-memory resource, a larger "
                "MIG profile) and stagger pods that overcommit one card; or rebuild the engine with a smaller max "
                "batch / optimisation profile and workspace so it fits.",
                strict=True,
            ),
            # issue 36, round thirty-five: a managed (unified) memory allocation, which can exceed the GPU's memory
            # only on Pascal or newer under Linux (on older GPUs and on Windows it is capped by the device memory)
            Variant(
                MANAGED_ALLOC_FAILED,
                "a unified (managed) memory allocation",
                "The allocation that failed is unified (managed) memory (cudaMallocManaged, a framework's unified "
                "allocator that reserves a large pool at start): only Pascal or newer GPUs under Linux can page it "
                "on demand beyond the GPU's memory; on an older GPU (compute capability below 6.0) and on Windows / "
                "WSL a managed pool larger than the free device memory fails at once, whatever the program then "
                "does. Make the pool smaller (the framework's device-memory or pool-size option), turn unified "
                "memory off where the framework can (its option or environment variable), run on a Pascal or newer "
                "GPU under Linux, or use the CPU backend.",
            ),
            # a request no GPU could hold (thousands of GiB, or TiB): a size a compiled extension computed from
            # garbage (a rasterizer or other CUDA module built for another GPU / torch / CUDA, or a bad input), not
            # a real memory need (issue 36, round twenty-two)
            Variant(
                r"Tried to allocate (?:\d{4,9}(?:\.\d{1,2})? GiB|\d{1,3}(?:,\d{3}){1,3}(?:\.\d{1,2})? GiB"
                r"|\d{1,9}(?:\.\d{1,2})? [TP]iB)",
                "an impossible size (thousands of GiB): a broken extension's garbage, not a memory need",
                "No GPU holds this much: the size is garbage that a compiled CUDA extension computed (a rasterizer "
                "such as diff-gaussian-rasterization, a sort or scan buffer sized from a count it read wrong), "
                "because the extension was built for another GPU architecture, torch or CUDA, or got inputs it "
                "does not expect (NaN / empty tensors, wrong dtype or device). Lowering the batch or resolution will "
                "not help: uninstall the extension, delete its build/ folder and rebuild it here with the CUDA "
                "toolkit of torch.version.cuda (`pip install --no-build-isolation --force-reinstall <its folder>`, "
                "TORCH_CUDA_ARCH_LIST covering this GPU), then check its inputs for NaN and empty tensors.",
            ),
            # the exception type alone, its message cut off: the size it asked for is unknown
            Variant(
                r"torch\.cuda\.OutOfMemoryError: ?(?:C|CU|CUD|CUDA|CUDA \w{0,3})?(?:\r?\n|\Z)",
                "the exception line cut off (the size asked for is not in the paste)",
                "The message is cut off, so read the whole line first: its 'Tried to allocate N' size decides. A "
                "realistic size (up to the card's memory): lower what the step holds on the GPU (batch, image "
                "resolution or point count; keep data on the CPU until needed; `nvidia-smi` for other processes). "
                "An absurd size (hundreds or thousands of GiB): a compiled extension (a rasterizer, a custom op) "
                "computed garbage, so rebuild it from a clean build folder for this GPU and torch instead.",
            ),
            # a card of 4 GiB or less ("2.00 GiB total capacity") that ran out while the weights were being
            # restored or moved onto it (torch.load's _cuda_deserialize, load_state_dict, .to / .cuda): the model
            # itself does not fit, whatever the batch (issue 36, round twenty-five)
            Variant(
                r"(?:_cuda_deserialize|\brestore_location\b|line \d{1,6}, in (?:_apply|convert|cuda|to|load_state_dict"
                r"|_load_from_state_dict|_legacy_load|load)\b)[\s\S]{0,4000}?"
                r"(?:\(GPU \d{1,2}; |GPU \d{1,2} has a total capacity of )(?:[0-3](?:\.\d{1,2})?|4(?:\.00?)?) GiB\b",
                "a small card (4 GiB or less) out of memory while the weights load",
                "The card has only the total capacity the line names and it ran out while the model's weights "
                "were being restored or moved onto it, before any batch ran: on a card this small the model itself "
                "most likely does not fit, so a smaller batch or output size will not help. Run it on a GPU with "
                "more memory (the project's README or maintainers name the minimum), a hosted notebook (Colab), or "
                "on the CPU (slow: map_location='cpu' and the device set to cpu). Loading with map_location='cpu' "
                "before model.to(device) saves only a second copy of the weights: if it then runs out at "
                ".to(device), the card is too small.",
                strict=True,
            ),
            # torch.load restoring a CUDA-saved checkpoint onto the GPU it was saved from (torch/serialization.py's
            # default_restore_location -> _cuda_deserialize): no batch has run yet
            Variant(
                r"_cuda_deserialize|\brestore_location\b|serialization\.py\"?, line \d{1,5}, in (?:_legacy_)?load\b",
                "torch.load restoring a GPU-saved checkpoint onto the GPU",
                "The memory ran out inside torch.load, before any batch ran: a checkpoint saved from GPU tensors is "
                "restored onto the GPU it was saved from, on top of the model already there (or onto a GPU other "
                "processes fill). Load it on the CPU and copy the weights in: `sd = torch.load(path, "
                "map_location='cpu'); model.load_state_dict(sd); model.to(device)` (a CPU-only run: map_location='cpu' "
                "keeps the GPU untouched); check `nvidia-smi` for other processes holding the GPU.",
                strict=True,
            ),
            # multiprocessing's spawn bootstrap (multiprocessing/spawn.py: spawn_main -> prepare ->
            # _fixup_main_from_path -> runpy.run_path): each worker re-ran the main script and loaded the model again
            Variant(
                r"_fixup_main_from_path|\bspawn_main\b",
                "worker processes re-running an unguarded main script (multiprocessing spawn)",
                "The traceback starts in multiprocessing's spawn bootstrap (spawn_main, _fixup_main_from_path, "
                "run_path): each worker process re-imports the main script, and its top-level code loads the model "
                "onto the GPU again, once per worker. Put the loading and the calls under `if __name__ == "
                "'__main__':` (a main() called from there), so workers only import; or run on one GPU "
                "(CUDA_VISIBLE_DEVICES=0) so the library starts no worker pool.",
                strict=True,
            ),
            # issue 36, round forty-four: two frameworks that each reserve most of the GPU when they start, in one
            # process (JAX beside TensorFlow imported by tensorflow_datasets or TF-Probability; torch beside
            # TensorFlow's GPU device): the one that starts second finds too little, and nvidia-smi shows no other
            # process, so neither "other processes" nor a smaller batch is the answer
            Variant(
                TWO_FRAMEWORKS_ONE_PROCESS,
                "two frameworks in one process (TensorFlow or JAX reserved the GPU first)",
                "Two frameworks run in this one process and each reserves most of the GPU when it starts: "
                "TensorFlow nearly all of it once it creates its GPU device (its first op, or a library that "
                "imports it: tensorflow_datasets, TF-Probability, a tf.data pipeline), JAX 75% at its first "
                "operation. The one that starts second runs out, and `nvidia-smi` shows no other process. Keep "
                "TensorFlow off the GPU where it only feeds data or comes in through a library: "
                "`tf.config.set_visible_devices([], 'GPU')` right after importing it, before any TensorFlow op (or "
                "install tensorflow-cpu); if both must use the GPU, let TensorFlow grow "
                "(`tf.config.experimental.set_memory_growth(gpu, True)` or TF_FORCE_GPU_ALLOW_GROWTH=true) and give "
                "JAX a share (`XLA_PYTHON_CLIENT_MEM_FRACTION=.5`) or none up front "
                "(`XLA_PYTHON_CLIENT_PREALLOCATE=false`); with torch, start it before the other framework or give "
                "each its own GPU. Turning off only JAX's preallocation does not help once TensorFlow holds the "
                "memory.",
                strict=True,
            ),
            # memory that grows over many inferences, where the text names the leak (a library's own "Leaking ..."
            # warning, a cache that grows): the generic OOM fixes do not stop it
            Variant(
                r"\bPxg\w{0,40}Allocator fail to allocate|\bPhysX\b|\bisaacgym\b|\bIsaac (?:Gym|Sim|Lab)\b",
                "PhysX's GPU simulation (Isaac Gym / Isaac Sim / Isaac Lab)",
                "PhysX's GPU allocator could not get the memory (Result = 2 is cudaErrorMemoryAllocation); the later "
                "'kernel fail' / 700 / SynchronizeStreams lines are its consequences. Check free memory with "
                "`nvidia-smi` (another process, a desktop on the same GPU), lower num_envs and the PhysX GPU buffer "
                "sizes in the sim params, and point sim_device and graphics_device_id at the same idle NVIDIA GPU "
                "(or use a GPU with more memory).",
            ),
            # issue 36, round forty-nine: a vectorised RL simulation (Isaac Sim / Isaac Lab, Isaac Gym, ManiSkill,
            # Brax / MJX, torchrl's batched envs), whose GPU buffers scale with the number of parallel environments
            Variant(
                r"\bnum_envs\b|\bnumEnvs\b|\bnum_worlds\b|\bmani_skill\d?\b|\bManiSkill\d?\b|\bisaaclab\b"
                r"|\bomni\.isaac\b|\bbrax\b|torchrl[\\/]envs[\\/]",
                "a vectorised RL simulation (its GPU buffers scale with the number of parallel environments)",
                "The simulation steps many environments in parallel on the GPU, and its buffers (physics state, "
                "contacts, sensors / cameras, observations, the rollout the learner keeps) grow with the number of "
                "environments and the objects in each. Lower num_envs (halve it until it fits; the number that fits "
                "is the limit of this GPU) and the per-environment object, obstacle or camera counts; shorten the "
                "rollout / evaluation horizon the learner stores on the GPU; in PhysX-based simulators lower the "
                "GPU buffer settings in the sim params (gpu_max_rigid_contact_count, gpu_found_lost_pairs_capacity, "
                "gpu_heap_capacity) to what the scene needs; keep rendering off (headless, no cameras) when not "
                "needed; or use a GPU with more memory. Check `nvidia-smi` for other processes on the same GPU.",
                strict=True,
            ),
            # one allocation of 40 GiB or more is one tensor too large for most cards whatever loop asked for it
            # (issue 36, round fifty-nine: an evaluation scoring a whole corpus's embeddings at once, 93.68 GiB):
            # before the loops' own variants, whose fixes (no_grad, a smaller batch) cannot shrink one tensor
            Variant(r"Tried to allocate (?:[4-9]\d|\d{3,5})(?:\.\d{1,2})? GiB", *_ONE_HUGE_ALLOCATION),
            # the first validation batch after a full training epoch (a progress bar's "(valid)", a validation step
            # in the traceback): validation run with autograd on, on top of training's references
            Variant(
                r"Epoch \(valid(?:ation)?\)|\bin (?:validation_step|validate|evaluate|_?run_eval\w{0,20})\b"
                r"|\bValidat(?:ing|ion)(?: DataLoader \d)?:\s{0,4}\d{1,3}%",
                "at the switch from training to validation",
                "It ran out at the first validation batch after training fitted: validation usually runs with autograd "
                "on (no torch.no_grad), so every activation is kept for a backward that never comes, on top of what "
                "training still references. Run validation under `with torch.no_grad():` (or "
                "torch.inference_mode()) after model.eval(), drop training's loss / outputs before it (del, "
                "loss.item() for logging), then torch.cuda.empty_cache(); lower the validation batch size only if "
                "it still does not fit.",
            ),
            # memory that ran out after many epochs or steps that fitted: a leak, which a smaller batch only delays
            Variant(
                LONG_RUN,
                "after many epochs or steps that fitted (memory growing: a leak)",
                "It ran out only after many epochs or steps that fitted, so memory grows during the run: a leak, "
                "which a smaller batch only delays. Look for tensors kept across steps: a loss summed as a tensor "
                "(log loss.item()), outputs, metrics or predictions appended to lists (keep .detach().cpu() copies), "
                "validation or metric code run with autograd on (torch.no_grad()), graphs kept with "
                "retain_graph=True. Print torch.cuda.memory_allocated() each epoch to see it grow and to confirm "
                "the fix; switch the suspect metric or callback off to find it.",
            ),
            Variant(
                r"\bLeaking\b|memory leak|\bleak(?:s|ed|ing)? (?:memory|GPU memory|in)\b|memory (?:keeps|kept) "
                r"(?:growing|increasing)|memory grows",
                "memory that grows over many inferences (a leak the text names)",
                "Memory grows with each inference until none is left: the text names what leaks (a library's "
                "'Leaking ...' warning names its store or cache). Clear that store between inputs (the library's "
                "reset / clear call, or a new session per video or request), drop references to past outputs "
                "(history lists, tensors kept with their graph: run under torch.inference_mode() and keep "
                ".detach().cpu() copies), and watch torch.cuda.memory_allocated() per iteration to confirm it stops "
                "growing; update the library or report the leak with the warning if it is its own.",
            ),
            # issue 36, round fifty-two: MONAI's sliding-window inference, whose stitched output of the whole volume
            # is allocated on the input's device (monai/inferers/utils.py); before the evaluation loop's variant,
            # which the same frames often show
            Variant(
                r"\bsliding_window_inference\b|monai[\\/]inferers[\\/]",
                "MONAI's sliding-window inference (the whole volume's output on the GPU)",
                "MONAI's sliding_window_inference runs the windows on sw_device but stitches the output of the whole "
                "volume (and its count map) on `device`, which defaults to the input's GPU: a large 3D volume's "
                "output, times the number of output channels, does not fit beside the model. Keep the stitched "
                "output in host memory: sliding_window_inference(..., sw_device=torch.device('cuda'), "
                "device=torch.device('cpu')); then lower sw_batch_size and overlap (0.25 instead of 0.5), or the "
                "roi_size; run it under torch.no_grad() (and autocast) after model.eval().",
            ),
            # issue 36, round thirty-seven: an evaluation / test loop named in the text (its loader, its frame, the
            # user's words) without the first-validation-batch evidence above: the same autograd-on evaluation, or
            # references kept from one iteration to the next
            Variant(
                r"\b(?:val|valid|validation|eval|test)_(?:data)?loader\b"
                r"|line \d{1,6}, in (?:val|valid|validate|validation|eval|evaluate|evaluation|test)"
                r"(?:_(?:epoch|step|one_epoch|loop|model|net|episode))?\b"
                r"|\b(?:during|while|when|at) (?:evaluation|evaluating|validation|validating|testing|the test(?:ing)? "
                r"(?:phase|stage|step|loop))\b",
                "during evaluation / validation / testing",
                "It ran out in an evaluation, validation or test loop: such a loop run with autograd on (no "
                "torch.no_grad) keeps every activation for a backward that never comes, and references kept from one "
                "iteration to the next (the last batch's outputs, logits or prototypes, a loss accumulated as a "
                "tensor) hold their graphs alive, so peak memory roughly doubles. Run evaluation under `with "
                "torch.no_grad():` (or torch.inference_mode()) after model.eval(), log losses with .item() and keep "
                "outputs as .detach().cpu() copies, drop the previous iteration's tensors (del, or set them to None) "
                "before the next one, then torch.cuda.empty_cache(); lower the evaluation batch size only if it still "
                "does not fit.",
            ),
            # the frames show a collective or a parameter sync between ranks, where NCCL needs buffers of its own
            # beside the model's (issue 36, round twenty-six: a crash dump of a parameter average)
            Variant(
                r"\b(?:all_reduce|all_gather|reduce_scatter|_?sync_params\w{0,20}|average_gradients"
                r"|allreduce_(?:grads|gradients|params))\b",
                "while the ranks exchange tensors (a collective or a parameter sync)",
                "It ran out while the ranks exchange tensors (an all_reduce, a gather or a parameter average): NCCL "
                "needs GPU buffers of its own beside the model's, and memory the caching allocator keeps reserved is "
                "no use to it. Free memory before the collective (torch.cuda.empty_cache() before the sync, drop "
                "tensors of the step first), exchange in smaller pieces (DDP's bucket_cap_mb, one parameter group at "
                "a time), or do the averaging on the CPU (copy the parameters to host memory, reduce with the gloo "
                "backend); a smaller batch leaves more room too. A fatal error instead of torch's OutOfMemoryError "
                "(a faulthandler dump) is NCCL failing that allocation.",
            ),
            Variant(
                r"Warp CUDA error 2\b|\bwarp\.(?:context|types|sim)|\bwp\.(?:array|launch|zeros|empty)",
                "NVIDIA Warp",
                "Warp allocates its arrays from the same GPU memory as the frameworks in the process: lower what "
                "one launch or graph needs (fewer environments or particles, smaller arrays), let other frameworks "
                "leave room (JAX preallocates 75% of the GPU: XLA_PYTHON_CLIENT_PREALLOCATE=false or "
                "XLA_PYTHON_CLIENT_MEM_FRACTION; torch: torch.cuda.empty_cache()), and let Warp's memory pool give "
                "memory back (wp.set_mempool_release_threshold(device, 0)); check nvidia-smi for other processes.",
            ),
            # issue 36, round twenty-nine: whisper.cpp and the apps on it (its log lines, its bindings), or a ggml
            # text with audio in it (a transcription app converting its input with ffmpeg) and no llama.cpp: whose
            # device is often an integrated GPU or a small card, with no layers to offload
            Variant(
                r"\bwhisper_\w{2,40}:|\bwhisper\.cpp\b|\bwhisper-rs\b|\bwhisper\.net\b|\bpywhispercpp\b"
                r"|\A(?![\s\S]{0,300000}?(?:llama|\bollama\b|\bkobold|\bgguf\b|\s-ngl\b|--n-gpu-layers))"
                r"(?=[\s\S]{0,300000}?(?:\bggml|vk::Device::allocateMemory))"
                r"(?=[\s\S]{0,300000}?(?:\.(?:wav|mp3|m4a|flac|ogg|opus|aac)\b|\bpcm_s16le\b|\btranscri(?:be|bing|ption)\b))",
                "whisper.cpp (a transcription app, a binding)",
                "ggml could not get the Vulkan / GPU device memory for the model's weights or its compute buffers "
                "(the size is in the line): the device it chose has too little free memory for this model, most "
                "often an integrated GPU (which shares a small slice of RAM) chosen instead of the discrete one, or "
                "a small card already holding other programs' or a larger model's memory. Pick the discrete GPU "
                "(the app's GPU setting; GGML_VK_VISIBLE_DEVICES=<index> for ggml's Vulkan backend), use a smaller "
                "model (whisper base / small / a quantized q5 / q8 model instead of large), close other programs on "
                "the GPU, or turn GPU acceleration off so it runs on the CPU (slower, but the model fits in RAM). "
                "Updating the GPU driver helps when its Vulkan driver reports less memory than the card has.",
            ),
            Variant(
                r"\bggml|llama\.cpp|\bollama\b|\bkobold|\bgguf\b|CUDA\d{0,2} buffer|compute (?:pp )?buffers"
                r"|\bllama_\w{1,40}:",
                "llama.cpp and the apps built on it (ollama, koboldcpp, LM Studio)",
                "The layers offloaded to the GPU plus the KV cache do not fit: offload fewer layers (`-ngl` / "
                "`--gpulayers`, ollama's `num_gpu`), lower the context size (`-c`, `num_ctx`), quantize the KV cache "
                "(`--cache-type-k q8_0`) or use a smaller quantization of the model; close other programs on the GPU "
                "(`nvidia-smi`).",
            ),
            Variant(
                r"executionContext|ExecutionContext|create_execution_context",
                "creating the execution context",
                "The engine's activations for the max shape do not fit: lower max_shape / the batch, free GPU memory "
                "(one copy per process, fewer engines alive), or share memory between contexts.",
            ),
            Variant(
                COMFYUI,
                "ComfyUI",
                "ComfyUI ran out of GPU memory in a node: start it with `--lowvram` (or `--novram`; `--reserve-vram "
                "N` leaves N GB to other programs, `--cpu` runs without the GPU), lower the width / height or "
                "batch_size of the latent, decode with 'VAE Decode (Tiled)', load the model's weights in fp8 "
                "(weight_dtype fp8_e4m3fn) or a GGUF / smaller checkpoint, and close other programs on the GPU "
                "(`nvidia-smi`).",
            ),
            Variant(
                SD_WEBUI,
                "Stable Diffusion web UI (AUTOMATIC1111, Forge, SD.Next)",
                "Add `--medvram` (SDXL: `--medvram-sdxl`) or, on 4 GB cards, `--lowvram` to COMMANDLINE_ARGS in "
                "webui-user.bat / webui-user.sh, with `--xformers` or `--opt-sdp-attention`; lower the resolution, "
                "batch size and hires-fix upscale, and use a tiled VAE for large images. Forge manages memory itself: "
                "lower its 'GPU Weights' setting instead.",
            ),
            Variant(
                FOOOCUS,
                "Fooocus",
                "Start Fooocus with `--always-low-vram` (or `--always-no-vram`), lower the image size, and close other "
                "programs on the GPU (`nvidia-smi`).",
            ),
            Variant(
                KOHYA,
                "kohya_ss / sd-scripts training",
                "Training needs less memory with `--gradient_checkpointing`, `--cache_latents` (and "
                "`--cache_text_encoder_outputs` for SDXL / Flux), `--mixed_precision bf16` (fp16 before Ampere), "
                "`--xformers` or `--sdpa`, an 8-bit optimizer (`--optimizer_type AdamW8bit`), train_batch_size 1 "
                "and a lower resolution; Flux / SD3: `--fp8_base` and `--blocks_to_swap N`.",
            ),
            Variant(
                r"tacticOptimizer|computeCosts|buildSerializedNetwork|Conversion Context|getBestTactic|autotuning",
                "building the engine",
                "The builder ran out of memory while timing kernels: set a smaller workspace_size, close other GPU "
                "processes, build with FP16, or build on a GPU with more memory.",
            ),
            # nnU-Net's sliding-window prediction with the logits kept on the GPU, round twenty-four
            Variant(
                r"Prediction on device was unsuccessful|\bnnunet|nnUNet",
                "nnU-Net's sliding-window prediction",
                "nnU-Net's sliding-window prediction keeps the whole volume's logits on the GPU "
                "(perform_everything_on_device, a preload-on-GPU mode); a large 3D volume or a large model (ResEnc "
                "L / XL, 3d_fullres) does not fit, and its fallback to the CPU can fail in turn. Predict with the "
                "results kept on the CPU (perform_everything_on_device=False in nnUNetPredictor, or the script's "
                "non-GPU-preload mode), fewer parallel processes (-npp / -nps 1) or a larger step size, free the GPU "
                "of other processes (`nvidia-smi`), and give the machine enough RAM for the CPU fallback.",
                strict=True,
            ),
            # issue 36, round forty-nine: those figures on a card of under 4 GiB, where the CUDA context and the
            # desktop take a large share: the model does not fit this card, so smaller work or the CPU is the lever
            Variant(
                _SMALL_CARD_HELD_OUTSIDE,
                "a small card (under 4 GiB): the CUDA context and the desktop take a large share of it",
                "The card is small: of its total capacity (under 4 GiB in torch's message) the CUDA context (300 to "
                "800 MiB with torch's kernels and cuDNN / cuBLAS loaded) and, on a card that also drives the "
                "display, the desktop and its programs take a large share, so what torch could reserve was not "
                "enough and the model with this input does not fit this GPU. Make the work smaller: a smaller "
                "image or input size (or smaller tiles where the program tiles), batch size 1, half precision "
                "(fp16 / torch.autocast, model.half()), fewer frames or a smaller model; or use the program's CPU "
                "option (a 'Force CPU' / 'use GPU' setting, --cpu, device='cpu'), slower but limited by RAM "
                "instead. Close programs that use the GPU (browsers and video players use it too) and check "
                "`nvidia-smi` (Windows: Task Manager's dedicated GPU memory) in case another process does hold "
                "much of it; a GPU with more memory is the lasting fix.",
                strict=True,
            ),
            # issue 36, round thirty-nine: torch's own figures show this process holds little of the card and almost
            # nothing is free: another process (or another framework in this one) holds the rest, so the batch is no
            # lever
            Variant(
                _GPU_MEMORY_HELD_ELSEWHERE,
                "another process holds the GPU (torch's figures: little allocated here, almost nothing free)",
                "The figures in torch's message show the memory is held outside this program's PyTorch: it had "
                "allocated (or had in use) only a small part of the card's total capacity, yet almost nothing is "
                "free, so something else holds the rest: another process on the same GPU (a second model server or "
                "web UI, a local LLM, a notebook kernel or an earlier run still alive, a game or the desktop on a "
                "small card) or another framework in this process that preallocated (TensorFlow, JAX). A smaller "
                "batch or resolution will not help. Find the holder with `nvidia-smi` (its process list; under "
                "Windows / WSL it can be empty: Task Manager's dedicated GPU memory per process), stop it or move "
                "one of the two to another GPU (CUDA_VISIBLE_DEVICES), or run them one at a time; for TensorFlow "
                "or JAX in the same process let them grow (tf.config.experimental.set_memory_growth, "
                "XLA_PYTHON_CLIENT_PREALLOCATE=false).",
                strict=True,
            ),
            # issue 36, round thirty-nine: an OOM while a model generates text (transformers' generate, a chat or
            # story app's generation call): the weights plus the growing generation state (KV cache) do not fit
            Variant(
                _TEXT_GENERATION,
                "while a model generated text (the model plus its context / KV cache do not fit)",
                "It ran out while the model was generating text: the weights are on the GPU and the generation "
                "state grows with every token (the attention KV cache, proportional to context length x batch x "
                "layers, plus the logits), so a long context or a long reply tips a model that only just fits. "
                "Shorten what one generation holds: a smaller max context / history and fewer new tokens "
                "(max_new_tokens, the app's context-size and 'amount to generate' settings), one generation at a "
                "time; load a smaller or quantised model (8-bit / 4-bit: bitsandbytes, GPTQ / AWQ, or a GGUF on "
                "llama.cpp), or keep some layers on the CPU (accelerate's device_map='auto' with max_memory, the "
                "app's GPU / CPU layer split); close other programs on the GPU (`nvidia-smi`).",
                strict=True,
            ),
            # torch's bare "CUDA error: out of memory" (a CUDA call outside the caching allocator, which would say
            # "Tried to allocate"): at the first .cuda() that is the context or a handle not fitting in what is left,
            # so the memory is held elsewhere (another process, or TensorFlow / JAX preallocating in this one)
            Variant(
                r"RuntimeError: CUDA error: out of memory\s{0,4}$",
                "the first CUDA call found the GPU already full (another framework or process holds it)",
                "torch's bare 'CUDA error: out of memory' (no 'Tried to allocate') comes from a CUDA call outside its "
                "allocator, most often creating the CUDA context or a cuBLAS / cuDNN handle at the first .cuda(): the "
                "memory is already held, by another process (`nvidia-smi` lists it) or by another framework in this "
                "process, since TensorFlow and JAX take nearly the whole GPU when they start. Let TensorFlow grow "
                "its memory (allow_growth=True / tf.config.experimental.set_memory_growth, or "
                "per_process_gpu_memory_fraction), XLA_PYTHON_CLIENT_PREALLOCATE=false for JAX, start the other "
                "framework after torch has its memory, or give the frameworks different GPUs; only if the card is "
                "free is the model itself too large.",
            ),
            # issue 36, round thirty-nine: a log that loads several models one after another in one process (an
            # evaluation harness, a benchmark over models): the earlier model was never freed
            Variant(
                _SEVERAL_MODELS,
                "several models loaded one after another in one process (an earlier one never freed)",
                "The log loads several models one after another in the same process, and the memory ran out at a "
                "later one: the earlier model (its weights, its cached blocks) is still on the GPU, because a "
                "Python reference keeps it alive (a list of models, a pipeline, the harness's own cache). Free it "
                "before the next load: `del model` (and every pipeline or object that holds it), `gc.collect()`, "
                "then `torch.cuda.empty_cache()`; or run one process per model (a separate invocation of the "
                "harness for each, which frees everything when it exits); or a GPU large enough for both.",
                strict=True,
            ),
            # the traceback shows the weights being moved onto the GPU or loaded there (torch.nn.Module.to / .cuda
            # run Module._apply, whose frames read "in _apply" / "param_applied = fn(param)"; accelerate's and
            # transformers' loaders place each tensor): the model alone does not fit, so a smaller batch cannot help
            Variant(
                r"module\.py\"?, line \d{1,5}, in (?:_apply|convert|cuda|to)\b|param_applied = fn\(param\)"
                r"|return self\._apply\(|set_module_tensor_to_device|_load_state_dict_into_meta_model"
                r"|load_checkpoint_and_dispatch"
                # transformers' shard progress bar cut short by the traceback (issue 36, round thirty-nine)
                r"|Loading checkpoint shards:\s{0,4}\d{1,2}%[^\n]{0,200}\n\s{0,4}Traceback \(most recent call last\)",
                "while the model's weights were moved onto the GPU (the model does not fit the card)",
                "It ran out while the model's weights were being moved onto the GPU (model.to / .cuda, loading a "
                "checkpoint), before any batch ran: the weights alone do not fit, so a smaller batch will not help. "
                "Compare the model's size (parameters x 2 bytes in fp16 / bf16, 4 in fp32) with the card's total "
                "memory (`nvidia-smi`), then: use a GPU with more memory (or shard the model over several), load it "
                "in half precision (torch_dtype=torch.float16 / bfloat16) or quantized (8-bit / 4-bit), offload part "
                "of it to the CPU (accelerate's device_map='auto' with max_memory; diffusers' "
                "enable_model_cpu_offload()), or choose the project's smaller model, resolution or frame count. "
                "Under WSL2 the 'shared GPU memory' Windows shows is not usable by CUDA.",
            ),
            # a pairwise op over broadcast inputs (cosine_similarity of (N,1,D) and (1,M,D), a distance matrix)
            # materialises an N x M x D intermediate in one allocation; torch 2.0's cosine_similarity needed about
            # twice the memory of 1.x for it (pytorch/pytorch#104564, fixed in 2.1) (issue 36, round twenty-seven)
            Variant(
                r"\b(?:cosine_similarity|CosineSimilarity|cdist|pdist|pairwise_distance|PairwiseDistance)\b",
                "one pairwise op (cosine_similarity, cdist) over broadcast inputs",
                "The allocation is the intermediate of one pairwise op, not the model's memory: cosine_similarity / "
                "pairwise_distance over inputs broadcast against each other (an (N, 1, D) and a (1, M, D)) "
                "materialise an N x M x D tensor (10,000 x 10,000 x 128 floats are about 48 GiB), and torch 2.0.x's "
                "cosine_similarity takes about twice the memory of 1.x for it (a regression fixed in torch 2.1). "
                "Compute the similarity matrix as one matrix product of normalised rows instead, which needs only "
                "N x M: `F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).T` (distances: torch.cdist on 2-D "
                "inputs); or take the rows in chunks; or upgrade torch to 2.1 or later if the code must stay as "
                "it is. A smaller batch or empty_cache() does not shrink one op's intermediate.",
                strict=True,
            ),
            # issue 36, round thirty-five: upscaling / super-resolution or an image of many thousand pixels a side:
            # the output (or input) resolution is what does not fit, so the batch size is no lever
            Variant(
                r"\bupscal(?:e|ed|er|ers|ing)\b|super[- ]?resolution|\bout_?scale\b|--scale\b|\bscale[_ ]factor\b"
                r"|\btile(?:_size|_overlap|d)?\b|\b(?:[4-9]\d{3}|[1-9]\d{4}) ?[x×*] ?(?:[4-9]\d{3}|[1-9]\d{4})\b"
                # frame interpolation and video apps' words (issue 36, round thirty-nine)
                r"|\bframe[- ]interpolation\b|\binterpolat(?:e|es|ed|ing|ion)\b[^\n]{0,60}\b(?:frames?|fps|video)\b"
                r"|\b\d{2,3}(?:\.\d{1,3})? ?fps\b|\b[48]K (?:video|footage|input|output|resolution|frames?)\b"
                r"|\b(?:output|input|processing) resolution\b",
                "a large output or input resolution (upscaling, super-resolution, tiles)",
                "The image being made is too large for the card: an upscale multiplies both sides (a 6000 x 8000 "
                "input at 4x is a 24000 x 32000 output), and the full-size output, its latent or canvas and the "
                "intermediate feature maps are held on the GPU at once; tiling bounds only each tile's compute, not "
                "those full-size buffers, and the batch size is already 1. Lower the scale factor or the input "
                "size (downscale it first, or upscale in two smaller steps), split the image into pieces beforehand "
                "and stitch the results, use a smaller tile size where the program has one (and its tiled decoder / "
                "VAE), keep the assembled output on the CPU if the program allows, or run half precision (fp16); "
                "then a GPU with more memory.",
            ),
            # one allocation of ten GiB or more (torch's "Tried to allocate N GiB"): one tensor, not the many of a
            # batch, is too large (attention over a long sequence or a large image grows with its square)
            Variant(r"Tried to allocate \d{2,5}(?:\.\d{1,2})? GiB", *_ONE_HUGE_ALLOCATION),
            Variant(
                r"\bvllm\b|\bvLLM\b|\bsglang\b|SGLang|text-generation-inference|text_generation_server|\bTGI\b"
                r"|\blmdeploy\b",
                "an LLM serving engine",
                "The model's weights plus the server's KV cache and warm-up batch do not fit: lower the server's "
                "limits (vLLM: --max-model-len, --max-num-seqs, --gpu-memory-utilization; TGI: "
                "--max-batch-prefill-tokens, --max-total-tokens; SGLang: --mem-fraction-static, "
                "--max-running-requests), "
                "serve a quantized model (AWQ / GPTQ / fp8), or shard it over more GPUs (tensor parallel).",
            ),
            # issue 36, round thirty: R torch (its lantern library, R's "Error in" lines) and Lua Torch7 (cutorch's
            # THC allocator), whose memory is freed by their garbage collectors, not by torch.cuda calls
            Variant(
                r"\blantern\b|\bliblantern|library\(torch\)|Error in \(function \(size, options|\btorch_(?:randn|zeros"
                r"|ones|empty|tensor|rand)\(|\bcuda_empty_cache\(|\bluz\b|^#> ",
                "R torch (tensors freed by R's garbage collector)",
                "R torch frees a GPU tensor only when R's garbage collector collects the R object that holds it, so "
                "tensors from earlier steps (or from a call that failed, which the error's traceback keeps alive) "
                "still hold GPU memory. Drop the references (`rm(x)`, do not keep outputs in lists across "
                "iterations), then run `gc()` and `cuda_empty_cache()` (torch 0.2+) before retrying; inside training "
                "loops call `gc()` every few steps, and lower the batch size (luz / tabnet: batch_size, "
                "virtual_batch_size) if one step does not fit. `cuda_memory_stats()` shows what is held; update torch "
                "(and luz / tabnet), whose later releases run the collector when an allocation fails.",
            ),
            Variant(
                r"THCTensorRandom\.cu|cutorch[\\/]init\.lua:\d{1,5}: in main chunk",
                "Lua Torch7: cutorch ran out while it started (before any model was loaded)",
                "cutorch ran out of GPU memory while it was being loaded (`require 'cutorch'`: its context and the "
                "random generator's state), before any model or batch: the GPU's memory is already used by something "
                "else, usually the display on a small card (a laptop's or Mac's 1 to 2 GB GPU that also drives the "
                "screen) or another process, so a smaller batch cannot help. Free the GPU first (close GPU-heavy "
                "programs, let the integrated GPU drive the display: e.g. gfxCardStatus on a Mac, PRIME on Linux; "
                "`nvidia-smi` shows what holds memory), pick another GPU (CUDA_VISIBLE_DEVICES, -gpu / -gpuid "
                "options), or run on the CPU (-gpu 0 / the program's CPU option).",
            ),
            Variant(
                # Lua's own evidence only: old Python torch shares THC's file names (THCStorage.cu)
                r"\bcutorch\b|\bcunn\b|share[\\/]lua[\\/]5\.\d|\.lua:\d{1,6}|\bluajit\b|\bqlua\b",
                "Lua Torch7 (cutorch)",
                "Lua Torch7 keeps tensors until Lua's garbage collector frees them: lower the batch size (the "
                "script's -batchSize / -batch_size option) or the image size, call `collectgarbage()` between "
                "iterations, convert the model with cudnn (less workspace than nn) where the card supports it, and "
                "check `nvidia-smi` for other processes on the GPU.",
            ),
            Variant(
                r"Out of GPU memory trying to allocate|OutOfGPUMemoryError|\bCUDA\.jl\b|\.jl:\d",
                "Julia (CUDA.jl)",
                "CUDA.jl frees GPU arrays when Julia's garbage collector runs: free the big ones early "
                "(`CUDA.unsafe_free!(x)`), call `GC.gc(); CUDA.reclaim()` between steps, work in smaller batches, "
                "and check `CUDA.memory_status()`; JULIA_CUDA_HARD_MEMORY_LIMIT / JULIA_CUDA_SOFT_MEMORY_LIMIT bound "
                "the pool when the GPU is shared, and `nvidia-smi` shows other processes (an earlier Julia session "
                "still alive holds its memory).",
            ),
            Variant(
                r"Cuda failure '(?:out of memory|cudaErrorMemoryAllocation)'",
                "NCCL (multi-GPU communication)",
                "NCCL could not allocate its buffers on a GPU the model already fills: leave room (a smaller batch or "
                "model shard), shrink NCCL's buffers (NCCL_BUFFSIZE, fewer channels with NCCL_MAX_NCHANNELS), turn "
                "off NVLink SHARP buffers on Hopper (NCCL_NVLS_ENABLE=0), and check that every rank uses its own GPU "
                "(two ranks on one GPU double its memory).",
            ),
            Variant(
                r"DriverError\(CUDA_ERROR_OUT_OF_MEMORY|\bcandle\b|\bcudarc\b",
                "Rust (candle / cudarc)",
                "Load the weights in a smaller dtype (DType::BF16 / F16) or a quantized model, drop tensors as soon as "
                "they are used (end their scope), lower the batch or sequence length, and check `nvidia-smi` for "
                "other processes.",
            ),
            Variant(
                r"vkAllocateMemory failed|\bncnn\b",
                "ncnn (Vulkan: Real-ESRGAN / waifu2x / RIFE -ncnn-vulkan apps)",
                "ncnn could not allocate Vulkan memory for the image: use a smaller tile (the -ncnn-vulkan apps' "
                "`-t 200`, or lower; 0 picks one from the GPU's memory), a smaller scale or input, fewer jobs "
                "(`-j 1:1:1`), or pick the GPU with more memory (`-g`); close other programs using the GPU.",
            ),
            Variant(
                r"cv2\.error|OpenCV\(|\bcv::cuda\b|Gpu API call\) out of memory",
                "OpenCV's CUDA module (GpuMat)",
                "Allocate GpuMats once and reuse them across frames (create them outside the loop, pass them as the "
                "output argument) instead of new ones per frame, release() those you no longer need, process smaller "
                "images or tiles, and check `nvidia-smi` for other processes.",
            ),
            # issue 36, round fifty: XLA's own figures say the program needs more than the device has: its
            # rematerialization pass could not bring the peak under the memory it has ("Can't reduce memory use below
            # 23.81GiB ... only reduced to 86.14GiB"), or one allocation is larger than any single GPU's memory
            # (200 GB or more): sharing settings and a smaller batch of the same model cannot make that fit
            Variant(
                r"Can't reduce memory use below [\d.]{1,10} ?[GMK]i?B[^\n]{0,80}? by rematerialization; only reduced to"
                r"|RESOURCE_EXHAUSTED: Out of memory while trying to allocate (?:[2-9]\d{11}|\d{13,20}) ?bytes",
                "JAX / XLA: the program needs more than the device has (XLA's own figures)",
                "XLA's own figures show the program needs more memory than this device has: its rematerialization "
                "pass could not bring the peak under the memory available (the 'only reduced to' figure is what "
                "it needs), or a single buffer is larger than any one GPU's memory. Preallocation and memory-"
                "fraction settings cannot fix that. Shrink the problem: lower the resolution or grid (a coarser "
                "mesh), the batch, the sequence or rollout length, or the model size. Or spread it over several "
                "devices: shard the parameters and activations with jax.sharding / shard_map, or run on "
                "accelerators with more memory, the scale the model was published on. Also rematerialize "
                "activations (`jax.checkpoint`) and compute gradients in chunks.",
                strict=True,
            ),
            # the products below word the same shortage in their own terms and have their own remedies; each is
            # named by its own wording or module path (JAX before TensorFlow: jaxlib logs from org_tensorflow paths)
            Variant(
                JAX_PROCESS + r"|RESOURCE_EXHAUSTED: (?:Out of memory while trying|Failed to allocate request for)"
                # XLA's stream executor launching one of its fused kernels (issue 36, round thirty-two): "INTERNAL:
                # Failed to launch CUDA kernel: fusion_29 with block dimensions: 128x1x1 and grid dimensions: ..."
                r"|Failed to launch CUDA kernel: [\w.-]{1,80} with block dimensions",
                "JAX / XLA",
                "JAX preallocates 75% of the GPU at its first operation: with another process on the GPU (a second "
                "JAX or torch process, a notebook kernel) give each a share (`XLA_PYTHON_CLIENT_MEM_FRACTION=.45`, "
                "XLA_CLIENT_MEM_FRACTION in newer releases) or turn preallocation off "
                "(`XLA_PYTHON_CLIENT_PREALLOCATE=false`, or XLA_PYTHON_CLIENT_ALLOCATOR=platform to allocate only what "
                "is used). If `nvidia-smi` shows no other process, another framework in this process may hold the "
                "memory: TensorFlow, when a library imports it beside JAX (tensorflow_datasets, TF-Probability, a "
                "tf.data pipeline), reserves nearly the whole GPU: hide the GPU from it "
                "(`tf.config.set_visible_devices([], 'GPU')` right after importing it, or tensorflow-cpu). If the "
                "program itself needs more, lower the batch, donate buffers (`jax.jit(..., donate_argnums=...)`) "
                "and rematerialize activations (`jax.checkpoint`).",
            ),
            Variant(
                r"Out of memory error on GPU|\bpaddle\b|PaddlePaddle|FLAGS_fraction_of_gpu_memory",
                "PaddlePaddle",
                "Stop other processes on that GPU (`nvidia-smi`) or run on another one (CUDA_VISIBLE_DEVICES), lower "
                "the batch size; Paddle's own limits: `FLAGS_allocator_strategy=auto_growth` (grow instead of "
                "reserving), `FLAGS_fraction_of_gpu_memory_to_use` / `FLAGS_gpu_memory_limit_mb` to share the GPU, "
                "and for Paddle Inference a smaller `config.enable_use_gpu(memory_pool_init_size_mb, device_id)`.",
            ),
            Variant(
                r"\bmxnet\b|MXNetError|pooled_storage_manager",
                "MXNet",
                "MXNet's pooled storage keeps freed blocks for reuse: lower the batch size, set "
                "`MXNET_GPU_MEM_POOL_TYPE=Round` (less waste from odd sizes) or `MXNET_GPU_MEM_POOL_RESERVE` to leave "
                "room for cuDNN, call `mx.nd.waitall()` so freed arrays return to the pool, and check `nvidia-smi` for "
                "other processes.",
            ),
            Variant(
                r"\brmm\b|RMM failure|\brmm::|std::bad_alloc: out_of_memory|\bcudf\b|\bcuml\b|\bcugraph\b"
                r"|dask[_-]cuda",
                "RAPIDS (RMM, cuDF, cuML)",
                "RAPIDS allocates through RMM: process the data in smaller partitions (dask_cuda with "
                "`device_memory_limit` spills to host), let RMM use managed memory that can oversubscribe the GPU "
                "(`rmm.reinitialize(managed_memory=True)`), turn on cuDF's spilling (`CUDF_SPILL=on`); with a pool "
                "('Maximum pool size exceeded') raise `maximum_pool_size` or size the pool to what the GPU has free.",
            ),
            # issue 36, round forty-one: the CUDA context itself could not be created (numba's "Call to
            # cuDevicePrimaryCtxRetain results in CUDA_ERROR_OUT_OF_MEMORY", cuCtxCreate's out of memory, TensorFlow's
            # "failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY"), often while a package imports an
            # optional GPU backend: the GPU was full before the program allocated anything
            Variant(
                r"cu(?:DevicePrimaryCtxRetain|CtxCreate(?:_v\d)?)\b[^\n]{0,80}?"
                r"(?:CUDA_ERROR_OUT_OF_MEMORY|out of memory)",
                "the CUDA context could not be created (the GPU was full before the program started)",
                "The failure is the creation of the CUDA context itself (cuDevicePrimaryCtxRetain / cuCtxCreate), "
                "before the program allocated any array: the GPU had no memory left for a context (a few hundred "
                "MiB), so smaller batches or freeing arrays cannot help. Another process holds the GPU (`nvidia-smi` "
                "lists them: a notebook, a stale job, another user on a shared machine; a GPU in exclusive-process "
                "mode allows one context only): free it, or pick a free GPU (CUDA_VISIBLE_DEVICES=<index>). Where "
                "the GPU backend is optional (a package that imports numba.cuda, CuPy or another GPU path when it "
                'is imported), run on the CPU with the GPU hidden (`CUDA_VISIBLE_DEVICES=""`, or '
                "NUMBA_DISABLE_CUDA=1 for numba) or turn that backend off in the package's settings; a package "
                "should guard its optional GPU import with numba's CudaSupportError / CudaAPIError (not only "
                "ImportError) so it falls back to the CPU.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"\bnumba\b|CudaAPIError|Call to cuMemAlloc\w{0,6} results in",
                "Numba (numba.cuda)",
                "Numba frees device arrays once they are unreferenced (in batches): `del` the arrays you no longer "
                "need, copy the data to the GPU in chunks instead of all at once, check "
                "`numba.cuda.current_context().get_memory_info()` for what is free, and `nvidia-smi` for other "
                "processes holding the GPU.",
            ),
            Variant(
                r"MPS backend out of memory|PYTORCH_MPS_HIGH_WATERMARK_RATIO"
                r"|kIOGPUCommandBufferCallbackErrorOutOfMemory|\[METAL\]|\[metal::|\[malloc_or_wait\]",
                "Apple silicon (MPS / Metal, unified memory)",
                "On a Mac the GPU shares the system's unified memory: close other apps, lower the batch, the image "
                "size or the context, use a smaller or quantized model; torch's MPS cap can be raised with "
                "PYTORCH_MPS_HIGH_WATERMARK_RATIO (0.0 removes it and risks the whole system), and "
                "torch.mps.empty_cache() returns cached blocks.",
            ),
            Variant(
                r"HIP out of memory|hipErrorOutOfMemory|\bROCm\b|rocm-smi",
                "ROCm (AMD GPUs)",
                "The AMD GPU's memory is full: `rocm-smi` (or `amd-smi`) shows other processes; lower the batch, load "
                "the model in fp16 / bf16; torch on ROCm reads its allocator options from PYTORCH_HIP_ALLOC_CONF "
                "(expandable_segments:True when 'reserved but unallocated' is large).",
            ),
            Variant(
                r"\bai\.djl\b|\bDJL\b",
                "DJL (Deep Java Library)",
                "In DJL every NDArray lives until its NDManager is closed: open a sub-manager per request "
                "(`try (NDManager m = manager.newSubManager())`) and close Predictors when done, so memory does not "
                "grow request after request; lower the batch, and check `nvidia-smi` for other processes.",
            ),
            Variant(
                SHOWN["onnxruntime"] + r"|OrtException|Ort::Exception",
                "onnxruntime",
                "Bound the CUDA provider's arena in its options: `('CUDAExecutionProvider', {'gpu_mem_limit': N, "
                "'arena_extend_strategy': 'kSameAsRequested'})`, share one session between threads, lower the batch "
                "or input size, and check `nvidia-smi` for other sessions and processes.",
                product="onnxruntime",
            ),
            Variant(
                SHOWN["tritonserver"],
                "Triton Inference Server",
                "Every model instance holds its own copy on the GPU: lower `count` in the model's instance_group, "
                "load only the models you need (`--model-control-mode=explicit`), cap each backend's memory (e.g. "
                "the onnxruntime backend's gpu_mem_limit parameter, `--backend-config=tensorflow,"
                "gpu-memory-fraction=0.5`), and lower the max_batch_size.",
                product="tritonserver",
            ),
            Variant(
                SHOWN["pycuda"],
                "PyCUDA",
                "PyCUDA could not allocate device memory (cuMemAlloc failed): the job needs more than is free. "
                "Running a program built on PyCUDA (cryoSPARC and other scientific tools): give it less to hold at "
                "once (a smaller box size, batch or volume, binning, fewer jobs on the same GPU), stop other "
                "processes on the GPU (`nvidia-smi`), or run it on a GPU with more memory. In code you write: free "
                "device buffers explicitly (`DeviceAllocation.free()`, or drop the GPUArray) instead of waiting for "
                "garbage collection, reuse buffers through `pycuda.tools.DeviceMemoryPool` (and `free_held()` it), "
                "and check `pycuda.driver.mem_get_info()` for what is free.",
                product="pycuda",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Free GPU memory (other processes, other engines), lower the batch or the max shape, or build on a GPU "
                "with more memory; the builder: cap workspace_size, use FP16.",
                product="torch_tensorrt",
            ),
            # TensorRT's own evidence on a line that is not TensorFlow's notice that it found none ("TF-TRT Warning:
            # Could not find TensorRT", issue 36, round thirty-nine): that notice is no TensorRT in use
            Variant(
                r"^(?![^\n]{0,400}?(?:TF-TRT Warning|tf2tensorrt))[^\n]{0,3000}?(?:" + SHOWN["tensorrt"] + ")",
                "TensorRT",
                "Free GPU memory (other processes, other engines), lower the batch or the max shape of the "
                "optimization profile, or build on a GPU with more memory; the builder: cap the workspace memory pool, "
                "use FP16.",
                product="tensorrt",
                strict=True,
            ),
            Variant(
                SHOWN["cupy"],
                "CuPy",
                "CuPy keeps freed blocks in its memory pool: release them (`cupy.get_default_memory_pool()."
                "free_all_blocks()`, and the pinned pool's) between steps, bound the pool "
                "(`cupy.get_default_memory_pool().set_limit(size=...)` or CUPY_GPU_MEMORY_LIMIT), process the data "
                "in chunks, and check `nvidia-smi` for other processes on the GPU.",
                product="cupy",
            ),
            # issue 36, round thirty-one: a TensorFlow add-on's own CUDA allocation (its kernels call cudaMalloc
            # outside TensorFlow's allocator) fails because TensorFlow reserved the GPU at start
            Variant(
                r"\btensorflow_(?!core\b)\w{2,40}[\\/.]",
                "a TensorFlow add-on's own allocation (TensorFlow reserved the GPU)",
                "The allocation that failed is the add-on's own (its CUDA kernels allocate with cudaMalloc outside "
                "TensorFlow's allocator, such as an add-on's GPU data structures), and TensorFlow by default "
                "reserves nearly all GPU memory when it starts, leaving it none. Let TensorFlow grow instead, before "
                "the first op: `tf.config.experimental.set_memory_growth(gpu, True)` for each GPU, or "
                "TF_FORCE_GPU_ALLOW_GROWTH=true (TF1 sessions: ConfigProto(gpu_options=GPUOptions(allow_growth=True)), "
                "or per_process_gpu_memory_fraction below 1), keep one process per GPU (each rank of a multi-process "
                "job pinned to its own GPU), and only then lower the table or batch size.",
            ),
            Variant(
                SHOWN["tensorflow"],
                "TensorFlow",
                "TensorFlow reserves nearly all GPU memory up front: let it grow instead "
                "(`tf.config.experimental.set_memory_growth(gpu, True)` before the first op, or "
                "TF_FORCE_GPU_ALLOW_GROWTH=true), keep one process per GPU, and lower the batch size; when the "
                "allocator's summary points at fragmentation, TF_GPU_ALLOCATOR=cuda_malloc_async lets CUDA's own pool "
                "allocate.",
                product="tensorflow",
            ),
            Variant(
                SHOWN["torch"],
                "torch",
                "Lower the batch size (training: gradient accumulation keeps the effective batch), use mixed precision "
                "(bf16 / fp16) and gradient checkpointing when training, torch.no_grad() / inference_mode when not; "
                "free what you no longer need (`del` it, then torch.cuda.empty_cache()); when 'reserved but "
                "unallocated' is large, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; `nvidia-smi` shows "
                "other processes holding memory. If the model alone needs more than the card has (a 2-4 GB laptop "
                "GPU), smaller inputs or a GPU with more memory are the fix.",
                product="torch",
            ),
            Variant(
                r"cudaErrorMemoryAllocation|cudaMalloc(?:Managed|Pitch|Async)?\(|GPUassert|\.cu\(?:?\d",
                "a CUDA C / C++ program",
                "Check the size the failing cudaMalloc asked for (a size computed in int overflows or goes negative "
                "and asks for terabytes), call cudaMemGetInfo(&free, &total) before it to see what is left, cudaFree "
                "what a loop allocates on every pass, and close other processes on the GPU (`nvidia-smi`).",
            ),
        ),
        op=r"memory \((\d+) bytes\)|Requested size was (\d+) bytes",
        # host memory, not the GPU's: the kernel's OOM killer ("Out of memory: Killed process N"), Slurm's cgroup kills
        # (srun's "task N: Out Of Memory", slurmstepd's "oom_kill event": env-batch-oom-kill), and the host-memory
        # words of language runtimes (Go's runtime, V8, the JVM)
        # (issue 36, round thirty-five: nor a unified-memory pool on a pre-Pascal GPU: gpu-older-than-release)
        unless=r"Out of memory: Kill(?:ed)? process|\boom-kill(?:er)?\b|\boom_reaper\b|\boom_kill events?\b|"
        + MANAGED_ALLOC_PRE_PASCAL
        + r"|\bsrun: error: [\w.-]{1,80}: tasks? [\d,-]{1,60}: Out Of Memory\b"
        r"|fatal error: runtime: out of memory|JavaScript heap out of memory|java\.lang\.OutOfMemoryError",
        weight=88,
        # TensorRT's builder logs "Error Code 2: OutOfMemory" for each tactic it cannot time, then goes on: a build
        # that went on and shows no failure of its own is the builder's notice (trt-tactic-memory)
        decide="tactic-memory",
        applies="every release",
        shown_by=(
            *corpus("nvidia-ai-iot-torch2trt-661", "pytorch-tensorrt-2675", "nvidia-tensorrt-3017"),
            "tests/troubleshooting/test_round25_v25old.py::test_a_small_card_out_of_memory_while_weights_load",
            "tests/troubleshooting/test_round49_v49y.py::test_out_of_memory_on_a_small_card",
            "tests/troubleshooting/test_round49_v49z.py::test_vectorised_simulation_out_of_memory",
        ),
        cuda_errors=("cudaErrorMemoryAllocation", "CUDA_ERROR_OUT_OF_MEMORY"),
        example="[W] [TRT] Requested amount of GPU memory (17920000000 bytes) could not be allocated.\n[E] [TRT] 2: "
        "[executionContext.cpp::...ExecutionContext::470] Error Code 2: OutOfMemory (no further information)",
        example_source="https://github.com/NVIDIA/TensorRT/issues/3017",
    ),
    KnownError(
        "refit-needs-gpu",
        "A refittable engine cannot be built ahead of time without a GPU",
        r"graph_jit\.cpp[^\n]{0,80}CUDA_SUCCESS",
        "TensorRT-RTX's Myelin JIT needs CUDA to build a refittable engine (the REFIT flag: refit, make_refittable, "
        "immutable_weights=False, or engine caching that asks for them), and this host has no usable GPU.",
        "Build without a refit request (torchtrt_compat.build_engine does so for engine caching), or build on a host "
        "with a GPU.",
        weight=90,
        applies="TensorRT-RTX 1.6 ahead-of-time builds on a host without a GPU",
        shown_by=("tests/troubleshooting/test_troubleshooting.py::test_refit_without_gpu_is_not_blamed_on_addmm",),
        example="MyelinCheckException: graph_jit.cpp:272: CHECK(status == CUDA_SUCCESS) failed.",
        example_source="settings audit 2026-11-24, P16 (torch-tensorrt-rtx 2.14.0, TensorRT-RTX 1.6.1, no GPU)",
    ),
    KnownError(
        "myelin-builder-bug",
        "MyelinCheckException in TensorRT's builder",
        r"MyelinCheckException|logical_mem_size|\[myelin[^\]\n]{0,40}\][^\n]{0,200}(?:assert|error|failed)"
        # TensorRT 7-8's codeGenerator.cpp ("Myelin Error in compileGraph: 64") and 10's "compile resulted in null
        # program": Myelin's compile of the fused subgraph failed (issue 36, round forty-nine)
        r"|Myelin Error in compileGraph|compile resulted in null program",
        "TensorRT's Myelin graph compiler rejected a fused subgraph: a builder bug for that pattern (seen with "
        "TensorRT-RTX on GPT-2's addmm / view / split before attention).",
        "Keep the ops of that subgraph in PyTorch (torch_executed_ops={'torch.ops.aten.addmm.default'}, or "
        "torchtrt_compat's per-op fallback), or try another TensorRT release.",
        variants=(
            # issue 36, round forty-nine: an engine built from ONNX with TensorRT's own builder (the Python API, an
            # app's engine build, trtexec), not Torch-TensorRT: no op to keep in PyTorch, the release is the lever
            Variant(
                # (not torchtrt_compat's own "build_serialized_network returned None", whose ops stay in PyTorch)
                r"\bbuild_engine\(|engine build returned None|\btrtexec\b|--onnx=|OnnxParser|\w\.onnx(?![\w.])",
                "an engine built from ONNX with TensorRT's builder (trtexec, the Python API, an app's engine build)",
                "Myelin (the compiler TensorRT uses for fused transformer / attention subgraphs) failed to compile a "
                "subgraph of this model: a TensorRT bug for that pattern, GPU and release, not a setting of the "
                "machine (driver updates, reboots and free memory do not change it). Build with another TensorRT "
                "release, a newer one first (its release notes fix Myelin compile bugs; in an app that bundles "
                "TensorRT, the app's newer release or its build for another TensorRT), or change the graph Myelin "
                "gets: build in FP32 (without --fp16 / the FP16 flag), export the ONNX with another opset or "
                "simplify it (onnxsim, polygraphy surgeon sanitize --fold-constants); report the trtexec repro "
                "(`trtexec --onnx=model.onnx --verbose`) to NVIDIA.",
                strict=True,
            ),
        ),
        unless=r"graph_jit\.cpp[^\n]{0,80}CUDA_SUCCESS",  # Myelin's JIT without CUDA: refit-needs-gpu, not a graph bug
        weight=86,
        applies="TensorRT 10+ and TensorRT-RTX builders",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_build_failure_is_explained_from_its_log",
            "tests/troubleshooting/test_round49_v49y.py::test_myelin_compile_without_nvrtc_is_a_builder_bug",
        ),
        example="MyelinCheckException: ... logical_mem_size ...",
        example_source="torchtrt_compat issue 10 (TensorRT-RTX 1.6 building GPT-2's Conv1D)",
    ),
    KnownError(
        "no-implementation-for-node",
        "Could not find any implementation for node",
        r"could not find any implementation for node"
        # the same message cut short by a paste ("Internal Error (Could not find an")
        r"|Error Code 10: Internal Error \(Could not(?: find(?: any?)?)?\s{0,4}$",
        "No kernel (tactic) for that layer fits the builder's limits: most often the workspace limit or the free GPU "
        "memory, sometimes a precision or shape combination the layer does not support.",
        "Raise workspace_size (or leave it unset so TensorRT may use the GPU's memory) and free GPU memory; if it "
        "persists, keep that op in PyTorch (torch_executed_ops) or build it in FP32.",
        variants=(
            Variant(
                r"Device memory is insufficient to use tactic|insufficient memory on requested size",
                "tactics skipped for lack of GPU memory",
                "The builder skipped this layer's tactics because the GPU had too little free memory (the 'Tactic "
                "Device request: N MB Available: M MB' warnings above): free GPU memory during the build (stop other "
                "processes; on Jetson close other GPU programs and add swap), raise the workspace pool limit "
                "(--memPoolSize=workspace:N / config.set_memory_pool_limit), or build with the TensorRT release that "
                "built this model before (a regression of one release is fixed in the next).",
            ),
            Variant(
                r"implementation for node[^\n]{0,200}(?:QuantizeLinear|DequantizeLinear|_quantizer|QDQ|Q/DQ"
                r"|fake_quant|quantize_op)",
                "a quantized (Q/DQ) node",
                "The node is a QuantizeLinear / DequantizeLinear pair TensorRT could not fuse with its neighbour "
                "(not a memory limit): upgrade TensorRT (later releases fuse more Q/DQ patterns), move the Q/DQ "
                "nodes so that they sit right before the quantizable layer (modelopt / pytorch-quantization "
                "placement), or leave that layer unquantized.",
            ),
        ),
        op=r"implementation for node \[?([^\n\[\]]{1,160}?)\]?(?:\.\)|\)\.|,|\.?\s*$)",
        weight=70,
        applies="every release",
        shown_by=corpus("nvidia-tensorrt-1766", "dusty-nv-jetson-inference-1499"),
        example="[optimizer.cpp::computeCosts::2011] Error Code 10: Internal Error (Could not find any implementation "
        "for node ArgMax_260.)",
        example_source="https://github.com/NVIDIA/TensorRT/issues/1766",
    ),
    KnownError(
        "engine-build-failed",
        "TensorRT built no engine (build_serialized_network returned None)",
        r"build_serialized_network returned None|(?:TensorRT )?engine build returned None|assert cuda_engine"
        r"|Building serialized network failed"
        r"|Engine could not be created from network|Failed to build (?:the )?(?:TensorRT )?engine"
        # trtexec's own closing lines (samples/trtexec/trtexec.cpp, samples/common/sampleEngines.cpp)
        r"|\bEngine set up failed|\bBuilding engine failed|Failed to create engine from model or file"
        r"|Error in NvDsInferContextImpl::buildModel\(\)|build engine file failed"
        # a tool that runs trtexec for you and points to its log (vs-mlrt: "trtexec execution fails, log has been
        # written to ...")
        r"|trtexec (?:execution )?fail\w{0,3}[^\n]{0,40}\blog\b"
        r"|Failed to create network using custom network creation function|Failed to get cuda engine from custom"
        r"|Assertion `network' failed"
        # an application's wording of the same None ("ValueError: TensorRT engine build returned None")
        r"|engine build (?:returned|is) None"
        # applications' own lines (SuperPoint-SuperGlue-TensorRT: "Error in SuperPoint building engine"; C++ checks
        # of buildSerializedNetwork / buildEngineWithConfig returning null)
        r"|Error in [\w ]{1,40}building (?:the )?(?:TensorRT |trt )?engine"
        r"|building (?:the )?(?:TensorRT |trt )?engine (?:is |was |has )?fail\w{0,3}"
        r"|build(?:SerializedNetwork|EngineWithConfig|CudaEngine)\(?\)? (?:returned|returns|is) (?:a )?null"
        r"|(?:fail(?:ed)? to|unable to|could not|cannot) (?:build|serialize) (?:the )?(?:TensorRT |trt )?"
        r"(?:network|engine)\b|\bSerializ\w{1,5} (?:the )?engine fail\w{0,3}",
        "TensorRT's builder produced no engine; the reason is only in the TensorRT log (out of memory, no kernel for "
        "a layer, an invalid profile, a builder bug).",
        "Read TensorRT's log before the failure: the builder's first [E] / ERROR line is the cause (out of memory, "
        "no kernel for a layer, an invalid optimization profile); if the log is not shown, rerun with a verbose "
        "logger (`trtexec --onnx=model.onnx --verbose`, or trt.Logger(trt.Logger.VERBOSE)) and run `torchtrt-compat "
        "explain` on it. Common fixes: a larger workspace, free GPU memory, simplify or replace the failing layer.",
        variants=(
            Variant(
                r"trtexec (?:execution )?fail\w{0,3}[^\n]{0,40}\blog\b",
                "a tool that ran trtexec for you",
                "The tool (vs-mlrt, a converter script) ran trtexec and wrote trtexec's log to the path its message "
                "names: open that log, or run `torchtrt-compat explain <that log>`; its first [E] line is the cause "
                "(an unsupported layer, out of memory, a shape outside the profile). Rerun the same trtexec command "
                "with --verbose for more.",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Read the TensorRT log: torchtrt_compat attaches it to BuildError.log; run `torchtrt-compat explain "
                "--log build.log` on it (with plain torch_tensorrt, wrap the call in torch_tensorrt.logging.debug()). "
                "Common fixes: a larger workspace_size, free GPU memory, keep the failing op in PyTorch "
                "(torch_executed_ops).",
            ),
            Variant(
                r"nvinfer|NvDsInfer|nvdsinfer|deepstream",
                "DeepStream",
                "nvinfer found no engine file (the 'Deserialize engine failed because file path: ... open error' "
                "warning only says so) and could not build one: check the model paths in the config's [property] "
                "section (onnx-file, or tlt-encoded-model with tlt-model-key; custom-lib-path and "
                "engine-create-func-name for a custom builder), that the model's folder is writable, and run the "
                "model through `trtexec --onnx=<file> --verbose` to see TensorRT's own error.",
                product="deepstream",
            ),
        ),
        weight=20,
        downstream=True,
        applies="every release",
        shown_by=(
            "tests/troubleshooting/test_troubleshooting.py::test_build_failure_is_explained_from_its_log",
            "tests/troubleshooting/test_troubleshooting.py::test_unknown_build_errors_get_a_generic_fix",
        ),
        example="RuntimeError: TensorRT build_serialized_network returned None; engine build failed.",
        example_source="torch_tensorrt 2.14 dynamo/conversion/_TRTInterpreter.py (the raise's own text)",
    ),
    # ---- loading a saved module --------------------------------------------------------------------------------------
    KnownError(
        "engine-class-not-registered",
        "Unknown type name '__torch__.torch.classes.tensorrt.Engine'",
        r"Unknown type name '__torch__\.torch\.classes\.tensorrt\.Engine'",
        "The saved module holds Torch-TensorRT engines, but the Torch-TensorRT runtime that registers their class "
        "was not loaded before torch.jit.load.",
        "import torch_tensorrt before torch.jit.load(...) (the import registers the class).",
        variants=(
            Variant(
                CPP,
                "a C++ program",
                "Link the Torch-TensorRT runtime library (libtorchtrt_runtime.so / torchtrt_runtime.dll) into the "
                "program and make sure it is loaded (-Wl,--no-as-needed, or dlopen it) before torch::jit::load.",
            ),
        ),
        weight=85,
        applies="TorchScript artifacts (torch.jit.save of a compiled module), every release",
        shown_by=corpus("pytorch-tensorrt-3766"),
        example="Unknown type name '__torch__.torch.classes.tensorrt.Engine':\n  File "
        '"code/__torch__/torch_tensorrt/dynamo/runtime/_TorchTensorRTModule.py", line 6',
        example_source="https://github.com/pytorch/TensorRT/issues/3766",
    ),
    KnownError(
        "torchtrt-abi-mismatch",
        "Program to be deserialized targets an incompatible Torch-TensorRT ABI",
        r"targets an incompatible Torch-TensorRT ABI|serialized_info\.size\(\) == SERIALIZATION_LEN",
        "The module was saved by another torch_tensorrt build (its serialization format, the 'ABI', differs from the "
        "one loading it), e.g. compiled in an NGC container and loaded with a pip wheel.",
        "Load it with the torch_tensorrt version that saved it, or compile it again with the installed one; "
        "torchtrt_compat artifacts record the versions they were built with.",
        advice="torch-pin",
        commands=(CHECK,),
        weight=85,
        applies="saved TorchScript / exported programs across torch_tensorrt versions",
        shown_by=corpus("pytorch-tensorrt-1585"),
        example="RuntimeError: [Error thrown at core/runtime/TRTEngine.cpp:250] Expected serialized_info.size() == "
        "SERIALIZATION_LEN to be true but got false\nProgram to be deserialized targets an incompatible "
        "Torch-TensorRT ABI",
        example_source="https://github.com/pytorch/TensorRT/issues/1585",
    ),
    KnownError(
        "engine-version-mismatch",
        "Engine plan built by another TensorRT (version tag / plan file not compatible)",
        # (TensorRT 5's wording, "The engine plan file is incompatible with this version of TensorRT, expecting
        # 5.0.6.3got ..., please rebuild.", too: issue 36, round fifty-nine)
        r"Version tag does not match|engine plan file is (?:not compatible|incompatible) with this version of TensorRT"
        r"|kPLAN_MAGIC_TAG|Platform specific tag mismatch|Magic tag does not match"
        # TensorRT 10's deserializer on a plan from a newer TensorRT
        r"|old deserialization call on a newer plan file"
        r"|magicTag(?:Read)? == k(?:EXPECTED_)?MAGIC_TAG"
        r"|Expected length \(\d{1,12}\) != real length|Assertion failed: d == a \+ length"
        r"|Mismatch between allocated memory size and expected size of serialized engine",
        "A TensorRT engine (plan) only loads in the TensorRT version, and on the platform, that built it (unless it "
        "was built version-compatible).",
        "Rebuild the engine with the TensorRT that will run it, or install the TensorRT that built it; build with "
        "version_compatible=True (TensorRT ≥ 8.6) to load in later releases. torchtrt_compat artifacts record their "
        "TensorRT version and `torchtrt-compat check --target` compares it with the deploy host.",
        variants=(
            # issue 36, round fifty-nine: a program that caches its engine next to the model (a ".tensorcache" /
            # ".engine" file it loads when present) and found one built elsewhere (shipped in a repository, copied)
            Variant(
                r"\bcache file\b|\.tensorcache\b|\b(?:from|the) cache\b|\bengine[_ ]cache\b|\bcached engine\b",
                "a cached engine file the program loads when it exists",
                "The program loads a cached engine file when one exists (the path is in its log above) and builds "
                "one only when none is there; that file was built by another TensorRT (shipped with the project, "
                "copied from another machine, left from before an upgrade). Delete it (or move it away) so the "
                "program builds a new engine with this TensorRT on its next start; rebuild after every TensorRT or "
                "JetPack upgrade.",
            ),
            Variant(
                JETSON_BOARD,
                "Jetson (an engine from another machine or JetPack)",
                "A TensorRT engine runs only on the GPU model and TensorRT version that built it: an engine built on "
                "an x86 PC, another Jetson module or another JetPack (each JetPack ships its own TensorRT) does not "
                "load here. Build it on this Jetson from the ONNX model (`/usr/src/tensorrt/bin/trtexec "
                "--onnx=model.onnx --saveEngine=model.engine`, or let the app rebuild it: delete the old .engine), "
                "and rebuild after every JetPack upgrade.",
            ),
            Variant(
                r"real length|d == a \+ length|tensorrt_llm|TensorRT-LLM|trtllm",
                "TensorRT-LLM",
                "A TensorRT-LLM engine (its plugins' serialized fields too) loads only with the TensorRT-LLM release "
                "that built it: run trtllm-build with the same TensorRT-LLM version as the runtime (for Triton, the "
                "one inside the <yy.mm>-trtllm-python-py3 image that serves it), or serve with the release that "
                "built the engine.",
                product="tensorrt_llm",
            ),
            Variant(
                r"Magic tag|MAGIC_TAG|expected size of serialized engine",
                "not an engine this TensorRT reads",
                "The file is not an engine this TensorRT can read: built by another TensorRT version, or no engine at "
                "all (a truncated copy, an ONNX or torch_tensorrt .ep file given to deserialize_cuda_engine). Check "
                "the file, then rebuild the engine with the installed TensorRT.",
            ),
        ),
        op=r"Current Version: (\d+), Serialized Engine Version: (\d+)|expecting library version (\S+) got",
        commands=(CHECK,),
        weight=85,
        applies="every TensorRT release (plans are version-specific)",
        shown_by=corpus("hkust-aerial-robotics-d2slam-52", "nvidia-tensorrt-2041", "smellslikeml-actionai-17"),
        example="Error Code 1: Serialization (Serialization assertion stdVersionRead == serializationVersion failed."
        "Version tag does not match. Note: Current Version: 213, Serialized Engine Version: 232)",
        example_source="https://github.com/HKUST-Aerial-Robotics/D2SLAM/issues/52",
    ),
    KnownError(
        "autocast-lowering",
        "FP16 autocast lowering failed",
        r"'(?:SymFloat|SymInt|SymBool|tuple|float|int)' object has no attribute 'to'"
        r"|'indices' to have one of the following scalar types: Long, Int; but got torch\.(?:float16|bfloat16)"
        r"|Input type \((?:float|c10::Half|c10::BFloat16)\) and bias type \((?:float|c10::Half|c10::BFloat16)\) should"
        r"|expected scalar type torch\.(?:float32|float16|bfloat16) but found torch\.(?:float32|float16|bfloat16)",
        "torch_tensorrt's rule-based autocast pass (enable_autocast=True: what enabled_precisions={torch.half} "
        "becomes from 2.13) cast every argument of a node to FP16, integers included, claimed FP16 outputs for ops "
        "that make float32, or crashed on scalar and tuple metadata; the lowering that follows fails on the mixed "
        "dtypes.",
        "Build through torchtrt_compat with shims='auto': its autocast_dtypes shim keeps each node's real dtypes, "
        "and a build whose autocast still fails is retried as a half copy of the model (the report says so). With "
        "torch_tensorrt alone: cast the model yourself (model.half(), integer inputs kept) and drop enable_autocast, "
        "or keep the failing op in FP32 with autocast_excluded_ops={...}.",
        requires=r"rule_based_autocast|autocast|lowering failed|run_decompositions|pre_export_lowering",
        weight=70,
        applies="torch_tensorrt 2.10+ with enable_autocast=True (enabled_precisions FP16/BF16 from 2.13)",
        versions=">=2.10",
        shown_by=("tests/shims/test_autocast.py::test_autocast_builds_what_upstreams_pass_breaks",),
        example='File "torch_tensorrt/dynamo/lowering/passes/rule_based_autocast.py", line 110, in '
        'rule_based_autocast\n    node.meta["val"] = node.meta["val"].to(autocast_low_precision_type)\n'
        "AttributeError: 'SymFloat' object has no attribute 'to'",
        example_source="tests/shims/test_autocast.py (a model that multiplies by a buffer's .item(), built FP16 "
        "with the autocast_dtypes shim left out); review zoo_2026-11-26 row 7 (ultralytics yolov8n)",
    ),
    # ---- running -----------------------------------------------------------------------------------------------------
    KnownError(
        "dtype-mismatch",
        "Half / Float mismatch at run time",
        r"expected scalar type (?:Float|Half|BFloat16) but found (?:Float|Half|BFloat16)"
        r"|Expected input tensors to have type \w{1,20}, found type \w{1,20}"
        r"|Input type \([\w.:]{1,40}\) and (?:weight|bias) type \([\w.:]{1,40}\) should be the same",
        "An engine or layer built for one precision received tensors of another: the inputs' dtype differs from the "
        "one the engine was built for, or a PyTorch segment between engines returns another dtype.",
        "Feed inputs in the dtype you compiled for (x.half() with half inputs), or declare the inputs' dtype "
        "(torch_tensorrt.Input(..., dtype=torch.float32)); with torch.compile(backend='tensorrt') keep model and "
        "inputs in one dtype (model.half() and x.half()) and pass options={'enabled_precisions': {...}}.",
        weight=65,
        applies="every release; torch.compile backend and TorchScript runtime",
        shown_by=corpus("pytorch-tensorrt-2419", "pytorch-tensorrt-1761"),
        example="RuntimeError: [Error thrown at core/runtime/execute_engine.cpp:136] Expected inputs[i].dtype() == "
        "expected_type to be true but got false\nExpected input tensors to have type Half, found type float",
        example_source="https://github.com/pytorch/TensorRT/issues/1761",
    ),
    KnownError(
        "invalid-resource-handle",
        "invalid resource handle",
        # (also as pycuda's LogicError is pasted, "cuFuncSetBlockShape failed: invalid resources handle"; issue 36,
        # round fifty-five)
        r"invalid resources? handle|CUDA_ERROR_INVALID_HANDLE|cudaErrorInvalidResourceHandle",
        "A CUDA resource (kernel module, stream, event) created in one CUDA context was used while another context "
        "was current: pycuda.autoinit, cuCtxCreate or an ONNX Runtime session made its own context, or the object "
        "was made on another device or inherited by a fork()ed process.",
        "Create and use every CUDA object (streams, events, kernels, buffers) under the one context and device that "
        "runs them: no second context beside torch's (pycuda.autoinit, cuCtxCreate), the device set before streams "
        "are created in each thread (torch.cuda.set_device), and no CUDA object carried into a fork()ed worker (use "
        "the 'spawn' start method); with torch_tensorrt, torchtrt_compat.runtime.primary_context(device) does it.",
        variants=(
            # issue 36, round thirty-eight: TensorFlow's own kernel launch (its op name, its device path)
            Variant(
                r"'cuLaunchKernel\([^\n]{0,200}\)' failed with 'CUDA_ERROR_INVALID_HANDLE'"
                r"|/job:\w{1,40}/replica:\d{1,4}/task:\d{1,4}/device:GPU:\d|\bfunction_node __wrapped__",
                "TensorFlow's kernel launch",
                "TensorFlow's own kernel launch got an invalid handle: the kernel module of its CUDA build could not "
                "be used on this GPU and driver (a TensorFlow build without kernels for this GPU's architecture, "
                "loaded through the driver's PTX JIT, or a driver older than the build's CUDA, as under WSL2 with "
                "an old Windows driver), or another framework in the same process (torch, onnxruntime) made its "
                "own CUDA context current. Install a TensorFlow GPU build whose CUDA and cuDNN match the driver and "
                "that supports this GPU (`pip install 'tensorflow[and-cuda]'` of a release that lists its compute "
                "capability; under WSL2 a current Windows NVIDIA driver), keep TensorFlow the only framework on the "
                "GPU in that worker (run the other in another process), or pin the op to the CPU (`with "
                "tf.device('/CPU:0')`, or CUDA_VISIBLE_DEVICES=-1 for that worker).",
            ),
            Variant(
                r"\bopenmm\b|OpenMMException|PythonForce|TorchForce",
                "OpenMM's own CUDA context with torch (or other CUDA work) in a callback",
                "OpenMM's CUDA platform runs its kernels in its own CUDA context; torch work inside a callback "
                "(PythonForce, a TorchForce model, a reporter) leaves torch's primary context current, and OpenMM's "
                "next kernel launch then uses a handle of the other context. Update OpenMM (and openmm-torch) to a "
                "release that pushes / pops its context around the callback, or report it there; meanwhile keep "
                "the callback from leaving another context current (do its torch work on the CPU, or pop back to "
                "OpenMM's context before returning). Reinstalling CUDA or the driver does not help.",
            ),
        )
        + CONTEXT_VARIANTS,
        # issue 36, round forty-nine: Isaac Gym's 'Gym cuda error: invalid resource handle' after PhysX fell back to
        # the CPU is that fallback's consequence (robotics' physx-gpu-context-fallback)
        unless=r"PhysX CUDA Context Manager\. Falling back to CPU|internal error : libcuda\.so!",
        weight=75,
        applies="any release, with pycuda / other CUDA contexts in the process",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_foreign_context_breaks_kernel_and_guard_fixes_it",
            "tests/runtime/test_runtime_context.py::test_guarded_model_from_threads_with_foreign_contexts",
            "tests/troubleshooting/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",
            "tests/troubleshooting/test_round49_v49z.py::test_physx_fallback_ranks_above_its_consequences",
        ),
        cuda_errors=("cudaErrorInvalidResourceHandle", "CUDA_ERROR_INVALID_HANDLE"),
        example="RuntimeError: CUDA error: invalid resource handle",
        example_source="torch's C10_CUDA_CHECK text for cudaErrorInvalidResourceHandle (400)",
    ),
    KnownError(
        "cask-convolution",
        "Cask convolution execution",
        r"Cask convolution execution|\[cask\]|caskConvolution",
        "TensorRT's convolution kernels (Cask) were launched under a foreign CUDA context.",
        "Use torchtrt_compat.runtime.primary_context(device) around inference; avoid pycuda.autoinit.",
        variants=CONTEXT_VARIANTS,
        weight=75,
        applies="any release",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_guarded_model_from_threads_with_foreign_contexts",
            "tests/troubleshooting/test_troubleshooting.py::test_recorded_upstream_messages_are_explained",
        ),
        example="[convBaseRunner.cpp::execute::295] Error Code 1: Cask (Cask convolution execution)",
        example_source="https://github.com/NVIDIA/TensorRT/issues/3658",
    ),
    KnownError(
        "all-zero-outputs",
        "All-zero outputs",
        r"all[- ]zero outputs?|outputs? (?:are|is) all zeros?"
        # the user's words: "the output is all zeros", "the engine returns zeros", "inference gives only 0s"
        r"|\b(?:outputs?|results?|predictions?|logits|engine|inference|buffers?|masks?|heatmaps?|scores)"
        r"\b[^\n.]{0,40}?\b(?:all|only|just|full of|filled with) (?:zeros?|0s|0\.0s?|zero values)\b"
        r"|\b(?:returns?|returning|gives?|giving|getting|produces?|outputs?|outputting)\s{1,3}(?:all |only |just )?"
        r"(?:zeros|0s)\b"
        # numpy's or torch's printout of a summarised output that is only zeros (no error line at all):
        # "array([0., 0., 0., ..., 0., 0., 0.], dtype=float32)", "tensor([[[[0., 0.],"
        r"|\barray\(\[(?:0\.,\s{0,4}){2,8}\.\.\.,\s{0,4}(?:0\.,\s{0,4}){1,8}0\.\]"
        r"|\btensor\(\[{1,6}(?:0\.,\s{0,4}){1,8}0\.\]",
        "The engine or session ran but wrote nothing useful to the output: the kernels ran under another CUDA context "
        "or on another device than the buffers (or failed; a library that runs them often reports the error only in "
        "its log, TensorRT does), or the inference code reads the host output before the device-to-host copy and the "
        "stream's synchronize, binds the buffers in another order or dtype than the engine's inputs and outputs, or "
        "never sets a dynamic input's shape on the execution context; or the engine itself is wrong (a failed or "
        "mismatched build).",
        "First compare the engine with the model it came from (`polygraphy run model.onnx --trt --onnxrt` runs both "
        "and compares the outputs): if they agree, the inference code is at fault: set each dynamic input's shape on "
        "the context (set_input_shape; set_binding_shape before TensorRT 8.5), bind the buffers in the engine's "
        "input/output order with its dtypes, copy the outputs back and synchronize the stream before reading them. "
        "Read the log at the warning/error level for the first CUDA error, check every input and output lives on "
        "the device that runs the model, and create the session / engine and its buffers under one CUDA context "
        "(no pycuda.autoinit beside torch); with torch_tensorrt or TensorRT use torchtrt_compat.runtime."
        "primary_context and pin_device, and check with diagnose_context().",
        loose=True,
        weight=40,
        applies="any release",
        shown_by=(
            "tests/runtime/test_runtime_context.py::test_foreign_context_breaks_kernel_and_guard_fixes_it",
            "tests/runtime/test_runtime_pinning.py::test_device_checked_refuses_other_device_with_clear_error",
        ),
        example="the engine runs without an exception, but its outputs are all zeros",
        example_source="torchtrt_compat's runtime tests (a foreign CUDA context)",
    ),
    KnownError(
        "latency-jitter",
        "Latency jitter after idle",
        r"latency (?:jumps?|jitter|spikes?)|slow after idle",
        "GPU clocks drop while idle and ramp up slowly; the first calls after a pause run at low clocks.",
        "Warm up after idle (a few untimed calls), watch the SM clock while measuring (`nvidia-smi --query-gpu="
        "clocks.sm --format=csv -l 1`; torchtrt_compat.runtime.bench reads it through NVML and warns), and lock clocks "
        "with `sudo nvidia-smi --lock-gpu-clocks=<max>` where you administer the machine.",
        weight=30,
        applies="any release",
        shown_by=(
            "tests/runtime/test_runtime_bench.py::test_summarise_flags_high_variance_only",
            "tests/runtime/test_runtime_bench.py::test_competing_process_is_flagged",
        ),
        example="p99 latency jumps to 5x p50 on the first requests after the service was idle (slow after idle)",
        example_source="torchtrt_compat's benchmark notes",
    ),
    KnownError(
        "cudagraph-rerecord",
        "CUDA graph re-recording",
        r"re-?record(?:s|ed|ing)? (?:the )?cuda ?graphs?|cuda ?graphs? (?:are |is )?re-?record"
        r"|Input shape changed [^\n]{0,400}->",
        "torch_tensorrt records a new CUDA graph whenever the input shape changes, so dynamic batch sizes pay a "
        "capture on almost every call.",
        "Use torchtrt_compat.runtime.BucketedCUDAGraphs(module, buckets=(1, 2, 4, 8, 16, 32)).",
        weight=30,
        applies="torch_tensorrt ≥ 2.5 with CUDA graphs on",
        shown_by=(
            "tests/runtime/test_runtime_cuda_graphs.py::test_matches_eager_for_every_batch_size",
            "notebooks/04_dynamic_batch_cuda_graphs.ipynb#bucket-arithmetic",
            "notebooks/04_dynamic_batch_cuda_graphs.ipynb#gpu-replay",
        ),
        example="DEBUG:torch_tensorrt.dynamo.runtime._CudaGraphsTorchTensorRTModule:Input shape changed "
        "((8, 3, 224, 224),) -> ((5, 3, 224, 224),)",
        example_source="torch_tensorrt 2.14 dynamo/runtime/_CudaGraphsTorchTensorRTModule.py (its DEBUG line)",
    ),
    # ---- families built from the sources of the errors (issue 19) ---------------------------------------------------
    KnownError(
        "engine-built-elsewhere",
        "Engine built on a GPU of another compute capability",
        r"engine plan file is generated on an incompatible device|expecting compute \d{1,2}\.\d got compute"
        r"|No compatible device was found for instantiating TensorRT engine|No compatible device found on system",
        "A TensorRT engine holds kernels for the compute capability of the GPU that built it; a GPU of another "
        "compute capability cannot load it (a copied engine file, a cache shared between machines, a Jetson engine "
        "moved to another module).",
        "Rebuild the engine on the GPU that runs it (delete the cached engine file so the application builds a new "
        "one); ship the model (ONNX, ExportedProgram or torchtrt_compat artifact with compute_capabilities=[...]) "
        "rather than one engine file.",
        variants=(
            Variant(
                SHOWN["tensorrt_llm"],
                "TensorRT-LLM",
                "TensorRT-LLM engines hold kernels for the GPU that built them: rebuild the engine on this GPU model "
                "with the same TensorRT-LLM release that runs it (`trtllm-build --checkpoint_dir <ckpt> --output_dir "
                "<engine_dir> ...` from the converted checkpoint, inside the same container), or serve the Hugging "
                "Face checkpoint through the LLM API / PyTorch backend, which builds for the local GPU.",
                product="tensorrt_llm",
            ),
            Variant(
                SHOWN["tritonserver"],
                "Triton Inference Server",
                "model.plan was built on another GPU model: build it on a GPU of the model the server runs on, with "
                "the TensorRT of the tritonserver image (trtexec inside nvcr.io/nvidia/tensorrt:<same yy.mm>-py3), "
                "and keep one plan per GPU model (cc_model_filenames in config.pbtxt maps compute capabilities to "
                "plan files).",
                product="tritonserver",
            ),
            Variant(
                SHOWN["deepstream"],
                "DeepStream",
                "The .engine named by model-engine-file was built on another GPU: delete it (or point "
                "model-engine-file at a new name) so nvinfer rebuilds it from the onnx-file / model the config "
                "names on this GPU, and do not ship engine files between GPU models.",
                product="deepstream",
            ),
        ),
        advice="engine-elsewhere",
        commands=(CHECK,),
        weight=88,
        applies="every TensorRT release",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_engine_from_another_gpu_names_both_gpus",),
        example="[TensorRT] ERROR: INVALID_CONFIG: The engine plan file is generated on an incompatible device, "
        "expecting compute 6.1 got compute 7.5, please rebuild.",
        example_source="https://github.com/NVIDIA/TensorRT/issues/564",
    ),
    KnownError(
        "tensorrt-api-removed",
        "'tensorrt…Builder' object has no attribute … (TensorRT Python API of another major)",
        r"'tensorrt(?:_rtx)?(?:_bindings)?\.tensorrt(?:_rtx)?\.(?:Builder|IBuilderConfig|ICudaEngine|IExecutionContext"
        r"|INetworkDefinition|Runtime|IHostMemory|OnnxParser|IOptimizationProfile|ILayer|ITensor)' object has no "
        r"attribute '\w{1,60}'|module 'tensorrt(?:_rtx)?' has no attribute '(?:"
        + "|".join(sorted({**TENSORRT_API_ADDED, **TENSORRT_LEGACY_API}.keys() - TENSORRT_V5_API.keys()))
        + r")'"
        # Python 2's wording names no module: only the legacy and TensorRT 5 entry points, with tensorrt in the text
        + r"|'module' object has no attribute '(?:"
        + "|".join(sorted({**TENSORRT_LEGACY_API, **TENSORRT_V5_API}))
        + r")'",
        "The code and the installed TensorRT are of different releases: the attribute was removed in a later major "
        "(each major drops what the previous one deprecated), or it was added in a later release than the one "
        "installed.",
        "Compare `python -c 'import tensorrt; print(tensorrt.__version__)'` with the release the code was written "
        "for; then port the call to the installed API, or install the TensorRT the code needs (below).",
        requires=r"tensorrt|\btrt\.",
        op=r"has no attribute '(\w{1,60})'",
        advice="tensorrt-api",
        decide="api-removed-or-added",
        weight=85,
        applies="code written against an older (or newer) TensorRT major",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_removed_tensorrt_api_names_its_replacement",),
        example="AttributeError: 'tensorrt_bindings.tensorrt.Builder' object has no attribute 'build_engine'",
        example_source="https://github.com/NVIDIA/TensorRT/issues/3965",
    ),
    KnownError(
        "tensorrt-package-incomplete",
        "No module named 'tensorrt_bindings' / 'tensorrt_libs' (a partial TensorRT install)",
        r"No module named '(?:tensorrt(?:_rtx)?(?:_cu1\d)?_(?:bindings|libs))'",
        "The tensorrt package is a small front whose bindings and libraries come in separate packages of the same "
        "version (tensorrt-cuXX-bindings, tensorrt-cuXX-libs); one of them is missing: no wheel of it for this "
        "Python or platform, an index that lacks it, or a --no-deps install.",
        "Install the three at one version: `pip install 'tensorrt-cu12==X' 'tensorrt-cu12-libs==X' "
        "'tensorrt-cu12-bindings==X'` (cu13 for CUDA 13), on a Python that version has wheels for.",
        op=r"No module named '([\w]{1,60})'",
        advice="tensorrt-pin",
        commands=(CHECK,),
        weight=82,
        applies="pip installs of tensorrt ≥ 8.6 (split packages)",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="ModuleNotFoundError: No module named 'tensorrt_bindings'",
        example_source="https://github.com/yuvraj108c/ComfyUI-Upscaler-Tensorrt/issues/33",
    ),
    KnownError(
        "library-file-empty",
        "lib….so: file too short / invalid ELF header / not a library (an empty, truncated or damaged library, or a "
        "folder at its path)",
        r"lib[\w+-]{1,60}\.so(?:\.\d{1,4}){0,4}:? file too short|lib[\w+-]{1,60}\.so[^\n]{0,40}: invalid ELF header"
        # issue 36, round forty: the loader's (dl-load.c) "cannot read file data" when the path is a folder: a
        # container runtime's mount of a host file that does not exist on the host leaves an empty folder there
        r"|lib[\w+-]{1,60}\.so(?:\.\d{1,4}){0,4}:? cannot read file data: Is a directory"
        # issue 36, round forty-seven: glibc's dynamic loader (elf/dl-load.c, open_verify / _dl_map_segments) on a
        # file that is there but whose ELF headers are damaged or not for this system: its words after the name
        rf"|{_ELF_DAMAGED}",
        "The library file exists but is not a usable library: empty or truncated (an interrupted copy or download, "
        "a broken link), a folder where the file should be, a placeholder that a Jetson container only fills when "
        "started with the NVIDIA runtime, or a file whose ELF headers are damaged (a patchelf / strip that rewrote "
        "it badly) or that is not a library at all (a Git LFS pointer, an HTML error page saved under its name).",
        "Reinstall the package that owns the file (or re-copy / re-download it); `file <the library>` and "
        "`readelf -h <the library>` show what it really is; in a Jetson / L4T container, start it with "
        "`--runtime nvidia` so the host's CUDA and TensorRT libraries are mounted.",
        variants=(
            # issue 36, round forty-seven: headers that the loader rejects although the file has a size: a rewrite of
            # the ELF (patchelf --set-rpath / --replace-needed on a very large library, strip, a packager's fixup
            # step), a Git LFS pointer or a saved HTML page, a download cut short
            Variant(
                _ELF_DAMAGED,
                "the file is there but its ELF headers are damaged or it is not a library",
                "The library exists, so installing it again under the same name or adding paths will not help: "
                "the loader read its headers and refused them. Check what the file is: `file <the library>` (a "
                "text file is a Git LFS pointer or an HTML page saved as .so: fetch the real file, `git lfs pull` "
                "in a clone); `readelf -lh <the library>` (errors, or segments whose offsets and addresses disagree, "
                "mean the headers were damaged: most often by patchelf rewriting a very large library's rpath or "
                "needed list, or by strip); `ls -l` against the size the package ships (a truncated download). "
                "Re-download or rebuild the library (in a packaging recipe: set its rpath without rewriting the "
                "library, e.g. LD_LIBRARY_PATH or a wrapper, or use a newer patchelf), and check with `file` that it "
                "is built for this machine (x86_64 vs aarch64, 64-bit).",
                strict=True,
                sure=True,
            ),
            # issue 36, round forty: the library's path is a folder in a Jetson container: the NVIDIA container
            # runtime mounts the host's JetPack libraries (its csv mount lists), and one missing on the host leaves
            # an empty folder at its path
            Variant(
                r"cannot read file data: Is a directory(?=[\s\S]{0,20000}?(?:"
                + JETSON
                + r"))|(?:"
                + JETSON
                + r")[\s\S]{0,20000}?cannot read file data: Is a directory",
                "a Jetson container: the host's JetPack library is missing (an empty folder at its path)",
                "On Jetson the NVIDIA container runtime does not ship CUDA, cuDNN or TensorRT in the image: it mounts "
                "the host's JetPack libraries into the container (the lists in /etc/nvidia-container-runtime/"
                "host-files-for-container.d/*.csv), and a library those lists name that is missing on the host "
                "leaves an empty folder at its path. Check the host: `ls -l <the path>` outside the container must "
                "show the file; install the full JetPack components on the host (`sudo apt install nvidia-jetpack`, "
                "or the missing CUDA / cuDNN / TensorRT package of the same JetPack release; SDK Manager installs "
                "them on a flashed board), then remove and recreate the container (`docker rm`, run again with "
                "`--runtime nvidia`) so the mounts are made again. An image built for another JetPack / L4T "
                "release than the host's expects other library versions: use the one matching the host "
                "(`cat /etc/nv_tegra_release`).",
                strict=True,
            ),
            Variant(
                r"cannot read file data: Is a directory",
                "a folder where the library should be (a mount of a missing host file)",
                "The path is a folder, not the library: a container started with a bind mount (`-v host:container`) "
                "of a file that did not exist on the host gets an empty folder there (Docker creates it), and so "
                "does a runtime that mounts host libraries listed in its config. Check `ls -ld <the path>` inside "
                "and outside the container, install or point the mount at the real file on the host, and recreate "
                "the container; outside a container, remove the folder and reinstall the package that owns the "
                "library.",
                strict=True,
            ),
            # driver libraries baked into an image (issue 36, round twenty-three): the host's are bound at run time
            Variant(
                r"singularity|apptainer|\.sif\b|libcuda\.so|libnvidia-",
                "driver libraries inside an image",
                "The empty files are NVIDIA driver libraries (libcuda, libnvidia-*) baked into the image, which "
                "shadow the host driver the runtime binds: remove them from the image (build it without the NVIDIA "
                "default runtime, or delete them in the Dockerfile), rebuild (the SIF too), and run with --nv "
                "(Apptainer / Singularity) or --gpus all so only the host driver's libcuda is loaded.",
                strict=True,
            ),
            Variant(
                JETSON + r"|docker|container",
                "Jetson or container",
                "Start the container with `--runtime nvidia` (JetPack mounts CUDA, cuDNN and TensorRT from the host "
                "into those 0-byte files); check that the file is not empty on the host too.",
            ),
        ),
        advice="library-file",
        weight=86,
        applies="Linux; any release",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="imagenet: error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.8: file "
        "too short",
        example_source="https://github.com/dusty-nv/jetson-inference/issues/1736",
    ),
    KnownError(
        "tensorrt-link-error",
        "undefined reference to createInferBuilder_INTERNAL (a C++ program and TensorRT's libraries)",
        r"undefined reference to `?(?:create\w{0,40}_INTERNAL|getInferLibVersion|getPluginRegistry"
        r"|initLibNvInferPlugins)"
        r"|unresolved external symbol[^\n]{0,160}(?:_INTERNAL|nvinfer1|nvonnxparser)"
        r"|"
        + ld_cannot_find("nvinfer|nvonnxparser|nvinfer_plugin")
        + r"|undefined symbol: [^\n]{0,120}(?:_ZN8nvinfer1|_ZN12nvonnxparser|createInfer\w{0,30}_INTERNAL)",
        "A C++ program is linked without the TensorRT library that holds the API it calls (nvinfer, nvonnxparser, "
        "nvinfer_plugin), or against another TensorRT than the headers it was compiled with, or loads another one "
        "at run time.",
        "Link what you call (`target_link_libraries(app nvinfer nvonnxparser nvinfer_plugin)`) from the lib folder "
        "of the same TensorRT whose include folder you compile with, and run with that folder first on "
        "LD_LIBRARY_PATH (PATH on Windows).",
        variants=(
            Variant(
                r"undefined symbol: ",
                "at run time",
                "The program loads another TensorRT than it was linked against: put the lib folder of the TensorRT "
                "it was built with first on LD_LIBRARY_PATH (`ldd ./app | grep nvinfer` shows which one loads), or "
                "rebuild it against the installed one.",
            ),
        ),
        weight=80,
        applies="C++ programs using TensorRT (any release)",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="main.cpp:(.text+0xf35): undefined reference to `createInferBuilder_INTERNAL'",
        example_source="https://github.com/NVIDIA/TensorRT/issues/3358",
    ),
    KnownError(
        "onnx-node-unsupported",
        "TensorRT's ONNX parser cannot import a node (While parsing node number …)",
        # "No importer registered for op: X. Attempting to import as plugin." is an attempt, which may succeed
        # ("Successfully created plugin"): only its failure ("Plugin not found", importFallbackPluginImporter) counts
        r"While parsing node number \d{1,6}|No importer registered for op(?!: [\w./-]{1,120}\. Attempting to import)"
        r"|Plugin not found, are the plugin name|In function importFallbackPluginImporter|Unsupported ONNX data type"
        r"|UNSUPPORTED_NODE|INVALID_NODE|Failed to parse onnx file|Failure while parsing ONNX file"
        r"|elementwise inputs must have same dimensions or follow broadcast rules"
        r"|all concat input tensors must have the same dimensions except on the concatenation axis"
        # TensorRT 8's parser dumps the node it failed on between these lines (onnx-tensorrt ModelImporter.cpp)
        r"|ModelImporter\.cpp:\d{1,5}:? --- Begin node ---"
        # a script's own line after parser.parse() returned False ("RuntimeError: failed to load ONNX file: ...")
        r"|(?:fail(?:ed)? to|unable to|could not|cannot|can't) (?:(?:load|parse) (?:the )?ONNX file\b"
        r"|parse (?:the )?ONNX model\b(?!\.\"|:| from file))"
        r"|\bParsing model failed|ONNX (?:file |model )?pars(?:e|ing) failed",
        "TensorRT's ONNX parser could not import one node: an op, opset or attribute it does not support, a data "
        "type it lacks, or a shape or weight it needs as a constant (e.g. Resize scales computed at run time).",
        "Fold constants and simplify the ONNX first (`polygraphy surgeon sanitize --fold-constants`, onnxsim), "
        "export with another opset, or use a TensorRT release that supports the op; for a custom op, register a "
        "plugin. From PyTorch, compiling the model with torchtrt_compat.compile skips ONNX (and keeps ops TensorRT "
        "lacks in PyTorch).",
        variants=(
            Variant(
                # a name no ONNX standard op has (those are CamelCase words without an underscore): a plugin's
                r"No importer registered for op: (?:[\w.]{1,60}_[\w.]{1,60}"
                r"|\w{0,40}(?:Plugin|TRT|DCN|mmcv|MMCV)\w{0,40})\b(?!\. Attempting)"
                r"|Plugin not found, are the plugin name[^\n]{0,200}\b\w{1,40}_(?:TRT|trt)\b",
                "a custom op (a plugin's op, not an ONNX standard one)",
                "The node is a custom op that a TensorRT plugin implements (the project's or a library's .so), and "
                "that plugin was not registered when the parser ran: load the plugin library before parsing "
                "(`trtexec --onnx=model.onnx --plugins=libmy_plugin.so` or --staticPlugins / --dynamicPlugins in "
                "TensorRT 10; in Python ctypes.CDLL('libmy_plugin.so') then trt.init_libnvinfer_plugins(logger, ''); "
                "in C++ dlopen it and call initLibNvInferPlugins), and use a TensorRT (7.1+) whose ONNX parser falls "
                "back to registered plugins for an unknown op; the plugin must be built for the installed TensorRT.",
            ),
            Variant(
                r"importFallbackPluginImporter|Attempting to import as plugin|Plugin not found, are the plugin name",
                "an op of the ONNX standard that this TensorRT's parser has no importer for",
                "The node is a standard ONNX op, but the installed TensorRT's ONNX parser has no built-in importer for "
                "it, so it tried a plugin of the same name and found none (importFallbackPluginImporter / 'Plugin not "
                "found'): there is no plugin library to load. Build with a TensorRT release that imports the op "
                "natively (e.g. GridSample, RoiAlign and LayerNormalization from 8.6, NonZero from 8.5; the "
                "onnx-tensorrt operators table of each release lists them), or replace the op in the model / write a "
                "plugin for it; exporting the same model again with another opset does not remove the op.",
            ),
            Variant(
                r"broadcast rules|concat input tensors must have the same dimensions",
                "a layer check rejected the node",
                "TensorRT's own layer checks rejected a node while the network was built from the ONNX (a broadcast or "
                "concat its release does not accept; often the box-decoding part of a detector on TensorRT 7): "
                "simplify the ONNX (onnxsim, `polygraphy surgeon sanitize --fold-constants`), export without the "
                "decode / grid part and do it in post-processing, or use a newer TensorRT.",
            ),
            Variant(
                r"(?:fail(?:ed)? to|unable to|could not|cannot|can't) (?:load (?:the )?ONNX file|parse (?:the )?ONNX "
                r"(?:file|model))"
                r"|Parsing model failed|ONNX (?:file |model )?pars(?:e|ing) failed",
                "a script's own line after the parser returned False",
                "The script only says the parse failed; TensorRT's parser kept its reasons. Print them (Python: "
                "`if not parser.parse(f.read()): [print(parser.get_error(i)) for i in range(parser.num_errors)]`; "
                "C++: "
                "parser->getNbErrors() / getError(i)) or run `trtexec --onnx=MODEL.onnx --verbose` and explain that "
                "output; if the file is missing or empty, export it again. The usual remedies for a node error: fold "
                "constants and simplify (onnxsim, `polygraphy surgeon sanitize --fold-constants`), another opset, a "
                "newer TensorRT.",
            ),
            Variant(
                r"--- Begin node ---",
                "TensorRT 8's node dump (op_type names the node)",
                "The op_type line between 'Begin node' and 'End node' names the node TensorRT's parser rejected; the "
                "parser's assertion lines around it say why. Fold constants and simplify the ONNX first (weights or "
                "shapes computed in the graph must become initializers: onnxsim, `polygraphy surgeon sanitize "
                "--fold-constants`, tf2onnx with constant folding); an op the release lacks (e.g. NonZero before "
                "TensorRT 8.5) needs a newer TensorRT, a plugin, or that part of the graph run outside TensorRT.",
            ),
        ),
        op=r"While parsing node number \d{1,6} \[(\w{1,60})\]|No importer registered for op:? ?(\w{1,60})"
        r"|In node -?\d{1,6} \((import\w{1,60})\)|^op_type: \"(\w{1,60})\"",
        weight=60,
        applies="ONNX models built with TensorRT (trtexec, OnnxParser), any release",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="While parsing node number 1515 [Resize]:\nERROR: builtin_op_importers.cpp:2412 In function "
        'importResize:\n[8] Assertion failed: scales.is_weights() && "Resize scales must be an initializer!"',
        example_source="https://github.com/facebookresearch/maskrcnn-benchmark/issues/1221",
    ),
    KnownError(
        "plugin-not-found",
        "getPluginCreator could not find plugin (a TensorRT plugin not registered)",
        r"could not find plugin|Plugin not found, are the plugin name, version, and namespace correct"
        r"|IPluginCreator not found in Plugin Registry|Failed to get [\w.-]{1,80} plugin creator"
        r"|plugin creator (?:not found|is None)",
        "The network or the engine uses a TensorRT plugin whose library was not loaded in this process (custom "
        "plugins register when their .so is loaded; TensorRT's own need init_libnvinfer_plugins), or the name, "
        "version or namespace differs from the registered one.",
        "Load the plugin library before building or deserializing (ctypes.CDLL('libmyplugins.so'), "
        "trt.init_libnvinfer_plugins(logger, '') for TensorRT's own), and check name and version against "
        "trt.get_plugin_registry().plugin_creator_list.",
        op=r"could not find plugin:? ?([\w.-]{1,80})",
        advice="plugin",
        # the parser's fallback importer for an op of the ONNX standard: the release has no importer for it
        unless=ONNX_STANDARD_OP_FALLBACK,
        weight=84,
        applies="every TensorRT release; engines and ONNX models with plugins",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="[TensorRT] ERROR: INVALID_ARGUMENT: getPluginCreator could not find plugin Prelu_TRT version 1",
        example_source="https://github.com/NVIDIA/TensorRT/issues/263",
    ),
    KnownError(
        "pycuda-no-context",
        "invalid device context / no currently active context (CUDA driver API: C++ backends, pycuda, cuda-python)",
        r"no currently active context|explicit_context_dependent failed"
        # the CUresult as a Rust binding's error enum prints it (issue 36, round thirty-three): cust / rustacuda /
        # cudarc name CUDA_ERROR_INVALID_CONTEXT (201) `InvalidContext`, which an unwrap() shows as its Debug form
        r"|on an `Err` value: (?:CudaError::|DriverError\(\s{0,2})?(?:CUDA_ERROR_)?InvalidContext\b"
        r"|\bCudaError::InvalidContext\b",
        "A CUDA driver call ran in a thread where no CUDA context is current: a driver-API context is current only "
        "in the thread that made or pushed it, so a library (a C++ backend, a binding such as pycuda) that made its "
        "context on one thread and runs work from another (a framework's worker threads, DataParallel replicas, a "
        "server's handlers) finds none there, or none was made at all.",
        "Make the context current in every thread that issues CUDA work (cuCtxSetCurrent / cuCtxPushCurrent with "
        "the context the library made, or the device's primary context via cuDevicePrimaryCtxRetain, the one the "
        "CUDA runtime, torch and TensorRT use) before the first call in that thread. When the failing calls are "
        "inside a library (a framework backend run from another framework's threads), that is the library's bug: "
        "update it to a release that sets its context per thread, or report it with the thread that calls; "
        "meanwhile call it from the thread that created it. Reinstalling CUDA or the driver does not help.",
        variants=(
            Variant(
                r"pycuda|\bcuda\.Device\(|make_context",
                "pycuda",
                "A pycuda context is current only in the thread that made or pushed it: in the thread that calls, "
                "ctx = cuda.Device(0).retain_primary_context(); ctx.push() ... ctx.pop() (try/finally), or `import "
                "pycuda.autoprimaryctx` (pycuda ≥ 2021.1), which makes the device's primary context (the one torch "
                "and TensorRT use) current.",
                product="pycuda",
            ),
            # issue 36, round thirty-three: a Rust program's panic on the CUDA binding's InvalidContext, most often
            # from a worker thread of an async runtime (tokio, actix) or a thread pool (rayon)
            Variant(
                r"on an `Err` value: (?:CudaError::|DriverError\(\s{0,2})?(?:CUDA_ERROR_)?InvalidContext\b"
                r"|\bCudaError::InvalidContext\b",
                "a Rust program (cust / rustacuda / cudarc, or a GPU prover backend built on them)",
                "The Rust CUDA binding returned CUDA_ERROR_INVALID_CONTEXT (201) and the code unwrapped it: the call "
                "ran on a thread where its context is not current. A driver-API context is current per thread, and "
                "the panic's thread name shows where it ran (an async runtime's worker such as tokio / actix, a "
                "rayon pool thread), not the thread that initialised the GPU. Make the context current in that "
                "thread before the GPU work (cust / rustacuda: `CurrentContext::set_current(&ctx)`; cudarc: "
                "`ctx.bind_to_thread()`; a GPU backend such as ICICLE: its set-device call, which is per thread), or "
                "run the GPU work on the thread that set it up (a dedicated thread, or `spawn_blocking` with the "
                "context bound inside it); if the call is inside a library, update it to a release that binds its "
                "context per thread, or report it with the thread name.",
            ),
        ),
        unless=r"context::detach|context::pop|m_stack::pop|module cleanup|__del__",
        weight=80,
        applies="CUDA driver-API users (C++ framework backends, pycuda, cuda-python) with threads or without a context",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        cuda_errors=("CUDA_ERROR_INVALID_CONTEXT", "cudaErrorDeviceUninitialized"),
        example="pycuda._driver.LogicError: explicit_context_dependent failed: invalid device context - no currently "
        "active context?",
        example_source="pycuda 2026.1, src/cpp/cuda.hpp (explicit_context_dependent)",
    ),
    KnownError(
        "pycuda-teardown",
        "PyCUDA ERROR: The context stack was not empty upon module cleanup (a context left pushed)",
        r"context stack was not empty upon module cleanup|context::(?:detach|pop) failed|m_stack::pop failed"
        r"|a clean-up operation failed \(dead context maybe\?\)",
        "At exit (or in __del__) pycuda found a context still pushed, or freed memory after its context was gone: a "
        "push without its pop, a context made in a thread, or an earlier error that skipped the pop. It is often "
        "the echo of another error: read the lines above it.",
        "Pop every context you push (try/finally), free engines, contexts and buffers before popping, and do not mix "
        "pycuda.autoinit with contexts of your own; if an error precedes this one, fix that one first.",
        weight=45,
        applies="pycuda",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="PyCUDA ERROR: The context stack was not empty upon module cleanup.",
        example_source="pycuda 2026.1, src/cpp/cuda.hpp (context_stack cleanup)",
    ),
    KnownError(
        "cudagraph-capture-conflict",
        "operation not permitted when stream is capturing (CUDA graph capture)",
        r"CUDA graph capture on the stream has failed|stream is capturing|during CUDA graph capture"
        r"|Capture must end on the same stream it began on|captured on wrong device or stream"
        r"|must be captured on a non-default stream|without making it depend upon the original stream used for capture"
        r"|RNG op during graph capture|capturing stream has unjoined work",
        "While a stream was being captured into a CUDA graph, something capture forbids ran: a synchronisation "
        "(cudaDeviceSynchronize, .item(), .cpu()), an allocation or a copy on the legacy default stream, or another "
        "thread's CUDA call under the global capture mode.",
        "Keep synchronisations and allocations out of the captured region (warm up once before capturing), capture "
        "with the thread-local mode on a side stream (torch.cuda.graph does), and keep other threads off the GPU "
        "while capturing; for a TensorRT engine that cannot be captured, run it without CUDA graphs.",
        variants=(
            Variant(
                r"unjoined|StreamCaptureUnjoined|without making it depend upon the original stream",
                "a side stream never joined",
                "Work forked onto a side stream during the capture was never joined back: make the capturing stream "
                "wait for the side stream before the capture ends (capture_stream.wait_stream(side), or record an "
                "event on the side stream and wait for it), and make the side stream wait on the capturing stream "
                "before its first launch.",
            ),
            Variant(
                r"wrong device or stream|same stream it began on|StreamCaptureUnmatched|StreamCaptureIsolation"
                r"|uncaptured work in another stream|cuda:[1-9]",
                "a stream of another device or outside the capture",
                "A stream used in the capture belongs to another GPU or does not depend on the capturing stream: a "
                "side stream made on cuda:0 (torch.cuda.Stream() uses the current device) while the model runs on "
                "cuda:N. Create streams with torch.cuda.Stream(device=x.device) inside `with torch.cuda.device(x."
                "device):`, and make them wait on the capturing stream.",
            ),
            Variant(
                r"CUDAGeneratorImpl|RNG op during graph capture|philox",
                "random numbers in the capture",
                "An op drew random numbers through a generator the graph does not own: keep dropout and sampling out "
                "of the captured region (eval mode), or register the generator with the graph "
                "(graph.register_generator_state) before capturing.",
            ),
            Variant(
                r"cublas|cudnn|cufft|cusolver|nccl|curand|thrust|nvjpeg|CUBLAS_STATUS|CUDNN_STATUS|NCCL"
                r"|all_reduce|allreduce|all_gather|torch\.distributed|c10d",
                "a library call that cannot be captured",
                "A library call inside the capture (cuBLAS, cuDNN, cuFFT, a NCCL / torch.distributed collective) "
                "allocates, synchronises or creates a handle when first called: run the model once on the capturing "
                "stream before capturing (warm-up creates the handles and workspaces), set "
                "CUBLAS_WORKSPACE_CONFIG=:4096:8 for cuBLAS; a collective is capturable only with NCCL (not gloo, "
                "so not on Windows): disable CUDA graphs there (vLLM: --enforce-eager) and move calls that still "
                "fail out of the graph.",
            ),
            # issue 36, round twenty-seven: a native program's capture (cudaStreamBeginCapture, a task library's
            # capturer) invalidated by an earlier call inside it; no torch in the text
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:\btorch\b|pytorch|torch[\\/._]|Traceback \(most recent call last\)"
                r"|\.py\"?, line \d|tensorrt|\btrtexec\b|\bjax\b|tensorflow|\bcupy\b))"
                r"(?=[\s\S]{0,300000}?(?:previous error during capture|StreamCaptureInvalidated"
                r"|STREAM_CAPTURE_INVALIDATED))",
                "a native program's capture invalidated by an earlier call in it",
                "'operation failed due to a previous error during capture' (cudaErrorStreamCaptureInvalidated) is "
                "the echo: an earlier call inside the captured region was not allowed during capture and "
                "invalidated it, and the capture's end (or the join the library records) only reports it. Check "
                "the status of every CUDA and library call between the capture's begin and end to find the first "
                "that failed. The usual culprits in hand-written code are library calls that are not capture-safe: "
                "cuSOLVER routines (they query sizes, allocate and synchronise on the host), cuFFT plan creation, "
                "cuBLAS / cuSOLVER handle and workspace creation, cudaMalloc / cudaFree, cudaMemcpy to pageable host "
                "memory, and any synchronisation. Run those before the capture (create handles, plans and "
                "workspaces once, then capture only the kernels and the capture-safe calls), or leave that step out "
                "of the graph (a plain stream or host task around it).",
            ),
            Variant(
                r"must be captured on a non-default stream",
                "captured on the default stream",
                "Capture on a side stream: `with torch.cuda.graph(g):` makes one; a hand-made capture needs "
                "`with torch.cuda.stream(s):` around it.",
            ),
        ),
        weight=82,
        applies="CUDA graphs (torch.cuda.graph, torch_tensorrt cudagraphs, trtexec --useCudaGraph), threads",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_error_numbers_mean_what_cuda_says",),
        cuda_errors=(
            "cudaErrorStreamCaptureUnsupported",
            "cudaErrorStreamCaptureInvalidated",
            "cudaErrorStreamCaptureMerge",
            "cudaErrorStreamCaptureUnmatched",
            "cudaErrorStreamCaptureUnjoined",
            "cudaErrorStreamCaptureIsolation",
            "cudaErrorStreamCaptureImplicit",
            "cudaErrorCapturedEvent",
            "cudaErrorStreamCaptureWrongThread",
            "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
            "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
            "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
        ),
        example="Error Code 1: Cuda Runtime (operation not permitted when stream is capturing)",
        example_source="https://github.com/NVIDIA/TensorRT/issues/3011",
    ),
    KnownError(
        "illegal-memory-access",
        "an illegal memory access was encountered (cudaErrorIllegalAddress)",
        r"illegal memory access was encountered|cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS"
        # the tools that catch the access itself (issue 36, round twenty-six): compute-sanitizer's / cuda-memcheck's
        # memcheck report ("Invalid __global__ read of size 8 bytes", "Invalid __shared__ ? of size 2048 bytes", the
        # hardware's "Out-of-range Shared or Local Address") and cuda-gdb's GPU exceptions (CUDA_EXCEPTION_1 Lane
        # Illegal Address, 5 Warp Out-of-range Address, 6 Warp Misaligned Address, 10 Device Illegal Address, 11 Lane
        # Misaligned Address, 14 Warp Illegal Address, 17 Cluster Out-of-range Address)
        r"|\bInvalid __(?:global|shared|local|generic)__ (?:read|write|atomic|access|\?)[^\n]{0,16}? of size \d"
        r"|^[ \t]{0,4}={9} (?:Out-of-range|Misaligned) (?:Shared or Local|Shared|Local) Address"
        r"|\bCUDA_EXCEPTION_(?:1|5|6|10|11|14|17)\b"
        r"|CUDA Exception: (?:Warp|Lane|Device|Cluster) (?:Illegal|Out-of-range|Misaligned) Address"
        # a program's own check that prints only the number (issue 36, round twenty-seven): a line that is just
        # "Error code: 700" (cudaErrorIllegalAddress), repeated by every call after the fault
        r"|^[ \t]{0,8}(?:CUDA |GPU )?error code[ \t]{0,2}[:=][ \t]{0,2}700[ \t]*$",
        "A kernel read or wrote outside its memory, and the CUDA context is unusable from then on (every later call "
        "repeats the error): an index out of range, a buffer smaller than the kernel assumes, memory freed or made "
        "under another CUDA context, or a bug in a library's kernel (a custom extension, an attention or "
        "quantization kernel, a serving engine's cache); with TensorRT, most often an input or output buffer smaller "
        "than the engine's tensor.",
        "Find the first failing call with CUDA_LAUNCH_BLOCKING=1 (the errors after the first one are echoes) and run "
        "under `compute-sanitizer` to name the kernel; an index error shows on the CPU (run the same step there) as "
        "an IndexError. If the kernel is a library's, update that library or turn the feature that uses it off to "
        "confirm, and report it with the versions and the input that triggers it.",
        variants=(
            # issue 36, round fifty-three: a program that searched for its batch size by doubling it (DeePMD-kit's
            # "Adjust batch size from 65536 to 131072", Lightning's batch-size finder, accelerate's
            # find_executable_batch_size) until a kernel failed at a size it does not handle
            Variant(
                r"\bAdjust batch size from \d{1,9} to \d{1,9}|\bBatch size \d{1,9} succeeded, trying batch size"
                r"|\bfind_executable_batch_size\b|\bscale_batch_size\b",
                "after an automatic batch-size search grew the batch",
                "The program doubled its batch size to find the largest that runs, and a kernel failed at the "
                "last size instead of reporting out of memory (index arithmetic that overflows, a grid beyond the "
                "GPU's limits at a very large batch). Cap the search at a size that works: DeePMD-kit's "
                "DP_INFER_BATCH_SIZE environment variable, Lightning's BatchSizeFinder max_trials or a fixed "
                "batch_size, a starting_batch_size for accelerate's find_executable_batch_size; then report the "
                "failing size to the library.",
            ),
            # the reports of the tools that catch the access (issue 36, round twenty-six): they already name the
            # kernel, the thread and the address, so the fix reads them instead of asking for them again
            Variant(
                r"\bInvalid __\w{1,10}__ (?:read|write|atomic|access|\?)[^\n]{0,16}? of size "
                r"(?:1[7-9]|[2-9]\d|\d{3,7})\b",
                "an access wider than one thread makes (a warpgroup MMA / TMA operand, sized whole by the tool)",
                "One thread cannot load or store more than 16 bytes at once: an access reported wider than that "
                "(and with '?' for its kind) is a warpgroup or bulk operation (wgmma operands, TMA copies on "
                "Hopper and later) that the sanitizer sizes as a whole, so its range can run past the allocation "
                "though the kernel's own accesses do not. Update compute-sanitizer to the newest release (from the "
                "newest CUDA toolkit) and rerun before changing the kernel; if the kernel's results are right and "
                "a plain run reports no CUDA error, treat it as the tool's false positive and exclude that kernel "
                "(`--kernel-name-exclude kns=<kernel>`), and report it to NVIDIA with the kernel.",
            ),
            Variant(
                r"\bis misaligned\b|\bMisaligned (?:Shared or Local|Shared|Local) Address|\b(?:Warp|Lane) Misaligned "
                r"Address|\bCUDA_EXCEPTION_(?:6|11)\b",
                "a misaligned access (its address is no multiple of its size)",
                "The access's address is no multiple of its size (a vector load wider than the address's "
                "alignment): a pointer cast to a wider type (float4, int4, __half2 pairs) than its buffer is aligned "
                "for, or a library's temporary storage laid out for another type. In your code, align the buffer "
                "(`__align__(16)` / alignas on a __shared__ array, an offset that is a multiple of the vector size) or "
                "load narrower types; in a library's kernel (cub::, thrust::, cutlass:: in the frames) update the "
                "library (CCCL / CUTLASS) to a release that aligns it for that type, or use an element type it "
                "handles, and report it with the sanitizer's output.",
            ),
            Variant(
                r"^[ \t]{0,4}={9} {1,8}(?:at|Device Frame:)[^\n]{0,300}?\b(?:cub|CUB_\d{1,9}_\w{1,20}_NS|thrust|cutlass"
                r"|cute|Kokkos|flash|cudnn\w{0,20}|cublas\w{0,20}|flashinfer|transformer_engine)::",
                "in a GPU library's kernel (the sanitizer's frames name it)",
                "compute-sanitizer found the access inside a GPU library's own kernel (the frames' namespace): first "
                "check what your code passes it (sizes, strides and leading dimensions, a pointer to a buffer of that "
                "size and type, the stream it runs on); if those are right, update the library to a release that "
                "fixes it and report it with the sanitizer's output and the versions.",
            ),
            Variant(
                r"^[ \t]{0,4}={9} {1,8}(?:Invalid __|(?:Address|Access at) 0x[0-9a-f]{1,16} is out of bounds"
                r"|Out-of-range)",
                "compute-sanitizer / cuda-memcheck named the kernel and the access",
                "The sanitizer's report already names the kernel ('at ...'), the thread and block, and how far "
                "the address lies from the nearest allocation: that thread's index runs past the buffer. Rebuild "
                "with `-lineinfo` (nvcc; or -G) so the report names the source line, then guard the access (`if (i < "
                "n)` for the threads a rounded-up grid adds) or size the buffer for every index the kernel computes "
                "(rows x columns x channels of the real input). An error line of the program's own before the launch "
                "(an input file it could not read, sizes it did not get) leaves those sizes wrong: fix that first.",
            ),
            Variant(
                r"\bCUDA_EXCEPTION_\d{1,2}\b|CUDA Exception: ",
                "cuda-gdb stopped at the faulting thread",
                "cuda-gdb stopped at the kernel, block and thread that made the access ('Switching focus to CUDA "
                "kernel ...'). Build with -G (or -lineinfo) so it shows the source line, then `bt` and `info locals` "
                "at the stop give the index: 'Out-of-range Address' is a local or __shared__ array indexed past its "
                "size (an array sized for a smaller block or window than the one launched), 'Illegal Address' a "
                "global pointer past its allocation or freed. Bound the index, or size the array for the block the "
                "kernel is launched with; `compute-sanitizer ./app` names the line too.",
            ),
            # issue 36, round forty-two: the program itself says the display's watchdog may have killed its kernel
            # (COLMAP's CUDA check: "This error is likely caused by the graphics card timeout detection mechanism of
            # your operating system"), or names Windows' TDR
            Variant(
                r"graphics card timeout detection|timeout detection (?:and recovery|mechanism)|\bTdrDelay\b"
                r"|\bTDR\b|display (?:driver )?watchdog",
                "a GPU that also drives a display (its watchdog) or a build for another CUDA",
                "On a GPU that also drives a display, the operating system kills a kernel that runs longer than its "
                "watchdog allows (Windows' TDR, 2 s by default; an X server's watchdog on Linux), and the program then "
                "sees a failed or illegal access. Raise the limit (Windows: TdrDelay / TdrDdiDelay in the registry "
                "under HKLM\\System\\CurrentControlSet\\Control\\GraphicsDrivers, or NVIDIA Nsight's "
                "WDDM TDR delay, then reboot), or run on a GPU with no monitor attached (Linux: without the X server "
                "on it, e.g. from a text console), and give each kernel less work (the program's own size limits, "
                "e.g. a smaller maximum image size or fewer sources per step, which also rules out running out of "
                "GPU memory). If it still fails, the application binary was built with a CUDA toolkit that does not "
                "fit this driver and GPU: rebuild it against a CUDA toolkit the driver supports (`nvidia-smi`'s "
                "'CUDA Version' or newer) with this GPU's architecture, or use the release built for your CUDA.",
            ),
            Variant(LONG_RUN, "after a long good run (many epochs or hours)", LONG_RUN_FAULT_FIX),
            # issue 36, round forty: NVIDIA Warp names the kernel it launched ("Error launching kernel: <name> on
            # device cuda:0", then "Warp CUDA error 700: an illegal memory access was encountered", warp/context.py)
            Variant(
                r"Warp CUDA error 700\b|Error launching kernel: \w{1,120} on device cuda",
                "an NVIDIA Warp kernel (a simulation's particle / grid kernel)",
                "The Warp kernel named after 'Error launching kernel' indexed outside an array: Warp does not check "
                "bounds in its default release mode. In a simulation (particles, grids, cloth, fluids, rigid bodies) "
                "this is most often the state going out of range at some step: particles leaving the grid (their cell "
                "index is computed out of it) or a blow-up to NaN / huge velocities. Keep particles inside the domain "
                "(boundary conditions, clamp positions and cell indices to the grid), take smaller substeps (a "
                "smaller dt, more substeps per frame) or lower the material's stiffness, and find the bad index "
                'with Warp\'s checks: `wp.config.mode = "debug"` (bounds-checked array access) and '
                "`wp.config.verify_cuda = True` (error check after each launch) / `wp.config.verify_fp = True` "
                "(NaN / inf) set before the kernels are built. Not a driver or install problem.",
                strict=True,
            ),
            # issue 36, round forty-one: a kernel compiled and launched through CuPy (a RawKernel / RawModule,
            # cupy.cuda.compile_with_cache, the Module that holds it), most often a project's own CUDA source whose
            # indices are computed from floating-point inputs (flow, coordinates, a softmax metric's exp)
            Variant(
                r"cupy\.cuda\.function\.(?:Module|Function)|\bRawKernel\b|\bRawModule\b|compile_with_cache",
                "a CUDA kernel launched through CuPy (a RawKernel / compiled module: often the project's own)",
                "The kernel CuPy launched (a RawKernel or a module compiled from the program's own CUDA source) "
                "wrote or read outside a buffer; CuPy reports it late, at the next driver call (even while it frees "
                "a module). In such kernels the index is most often computed from floating-point inputs (optical "
                "flow, sample coordinates, a metric passed through exp()): an inf or NaN there, or a value far out "
                "of range, becomes an index outside the tensor. Check the inputs before the launch "
                "(`torch.isfinite(x).all()`; clamp them, e.g. an input of exp() to a bounded range before the call), "
                "and guard the index in the kernel (skip a NaN / out-of-range coordinate: `if (x < 0 || x >= W) "
                "return;`). Rerun with CUDA_LAUNCH_BLOCKING=1 to confirm which launch faults; compute-sanitizer "
                "names the kernel.",
            ),
            # issue 36, round thirty-three: Julia's GPU stack (CUDA.jl's throw_api_error / cudaError_enum, its
            # packages' folders): the kernels are compiled by Julia's own GPU compiler (GPUCompiler / LLVM), whose
            # bugs in one Julia or CUDA.jl release fault in kernels that are right
            Variant(
                r"CUDA\.cudaError_enum|\bthrow_api_error\b|[\\/]\.julia[\\/]packages[\\/](?:CUDA|GPUCompiler"
                r"|KernelAbstractions|DiffEqGPU)[\\/]|\bCuArray\{|\bCUDA\.jl\b",
                "Julia (CUDA.jl: kernels compiled by Julia's GPU compiler)",
                "The faulting kernel was compiled by Julia's own GPU compiler (CUDA.jl / GPUCompiler on Julia's LLVM, "
                "also under KernelAbstractions and the packages built on it), and the error surfaced at a later CUDA "
                "call (often an allocation or copy), since it is sticky. When the code is a package's own or plain "
                "array code, the usual cause is a compiler bug of that Julia or CUDA.jl release, fixed in a later "
                "patch release: update Julia to the newest patch release of its minor (juliaup update) and the "
                "packages (`] up CUDA GPUCompiler`, then the package you run), restart and rerun. If it persists, run "
                "with `julia --check-bounds=yes` (an index error then shows as a BoundsError), look at "
                "`CUDA.versioninfo()` for the driver and runtime, and report it with those versions and the smallest "
                "code that faults.",
            ),
            # issue 36, round twenty-seven: a program's own check printed only the number, then a library call failed
            Variant(
                r"^[ \t]{0,8}(?:CUDA |GPU )?error code[ \t]{0,2}[:=][ \t]{0,2}700[ \t]*$",
                "the program printed only the error number (700)",
                "700 is cudaErrorIllegalAddress: a kernel the program launched earlier read or wrote out of bounds, "
                "and the error is sticky, so every later CUDA call (frees, copies) reports 700 again and a library "
                "call after it (a cuFFT plan, a cuBLAS handle: 'CUFFT plan creation failed') fails too, without "
                "being the cause. Run the same command under `compute-sanitizer ./program <args>` (or with "
                "CUDA_LAUNCH_BLOCKING=1 and a check after each launch) to name the kernel and the access, build with "
                "-lineinfo to get its line, then fix its indexing or the buffer sizes; when it fails only for some "
                "inputs or parameters, check the sizes the program derives from them.",
            ),
            # a third-party native library's own kernels (darknet's check_error in src/cuda.c, a camera SDK's
            # sl::Mat copies): built for another architecture, or racing the SDK's frames
            Variant(
                r"\blibnd4j\b|\bnd4j\b|\bND4J\b|deeplearning4j|NativeOps\.cu",
                "DL4J / ND4J's CUDA backend",
                "The fault is in ND4J's native CUDA backend (libnd4j's NativeOps), not in your Java code: upgrade "
                "deeplearning4j / nd4j-cuda to the newest release (such faults in long runs are fixed there) and "
                "report a minimal repro with the versions; as a stopgap serialise GPU work on the model (no "
                "concurrent inference or I/O threads sharing a workspace). compute-sanitizer java ... names the "
                "kernel.",
            ),
            Variant(
                DARKNET + r"|\bsl::\w{1,30}|\bpyzed\b|ZED SDK",
                "a native library's kernels (darknet, a camera SDK)",
                "The fault is in a native library's own CUDA code, not in your tensors: rebuild it for this GPU's "
                "architecture (darknet: the Makefile's ARCH= -gencode arch=compute_XX,code=[sm_XX,compute_XX] line "
                "for your card's compute capability, GPU=1 CUDNN=1, then `make clean && make`), with the same CUDA as "
                "the SDK it shares buffers with; if it still faults, lower the load (the camera's FPS or resolution) "
                "and report it to the library with its version and the GPU. CUDA_LAUNCH_BLOCKING=1 names the first "
                "failing call.",
            ),
            Variant(
                # TensorRT's builder timing tactics: its autotuner's own line ("In the autotuner, CUDA error 700 from
                # 'cuEventSynchronize(end)'"), its source files and functions, its skipped-tactic lines
                r"getBestTactic|autotun(?:ing|er)|computeCosts|tacticOptimizer|timing tactic|Skipping tactic"
                r"|\bbuildSerializedNetwork\b|\bbuild_serialized_network\b|\bbuildEngineWithConfig\b",
                "while TensorRT's builder timed kernels (the build stage)",
                "A kernel crashed while TensorRT's builder timed tactics (the build stage; no buffer of yours is "
                "involved): a TensorRT bug for that layer on this GPU, or a TensorRT / CUDA / cuDNN combination "
                "other than the one that release was built for. Build with the TensorRT release the project "
                "documents (or a newer one), with the CUDA and cuDNN of its support matrix; rerun the conversion "
                "with `trtexec --onnx=model.onnx --verbose` to name the layer and tactic that fault; meanwhile "
                "restrict the tactic sources (trtexec --tacticSources=-CUBLAS,-CUBLAS_LT,-CUDNN; "
                "config.set_tactic_sources) or build that layer in FP32, and report it to TensorRT with the model "
                "if a current release still faults.",
            ),
            Variant(
                r"pycuda|make_context|autoinit",
                "pycuda buffers",
                "Allocate the buffers under the context that runs the engine (pycuda's make_context and torch's "
                "context are different; torchtrt_compat.runtime.primary_context(device) shares torch's), and size "
                "them from engine.get_tensor_shape / context.get_tensor_shape after setting the input shapes.",
            ),
            Variant(
                r"ggml_cuda|ggml-cuda|ggml_backend_cuda|\bollama\b",
                "llama.cpp / ollama (ggml's CUDA backend)",
                "A ggml CUDA kernel faulted (the 'in function' line names the op or call): update llama.cpp / ollama "
                "first (such faults are fixed per op in later releases), then narrow it down: fewer layers on the "
                "GPU (-ngl / num_gpu), flash attention off (-fa off, OLLAMA_FLASH_ATTENTION=0), a smaller context "
                "(-c / num_ctx), one GPU (CUDA_VISIBLE_DEVICES=0), and GGML_CUDA_DISABLE_GRAPHS=1; rerun with "
                "CUDA_LAUNCH_BLOCKING=1 and report the model, the quantization and the failing function.",
            ),
            Variant(
                r"TVMError|\btvm\b|mlc_llm|\bMLC\b",
                "TVM / MLC-LLM",
                "A kernel TVM generated (or a library it calls) read or wrote outside its buffers: check that every "
                "input has the shape and dtype the module was built for and lives on the module's device "
                "(tvm.nd.array(x, device=tvm.cuda(0))); set CUDA_LAUNCH_BLOCKING=1 to name the failing kernel; a "
                "freshly tuned schedule can be wrong: rebuild without the tuning log (or with another) to confirm; "
                "MLC-LLM: rebuild the model library with the same mlc-llm / TVM release as the runtime.",
            ),
            Variant(
                r"\bvllm\b|\bvLLM\b|\bsglang\b|SGLang|text-generation-inference|text_generation_server|\bTGI\b"
                r"|\blmdeploy\b|\bllama\.cpp\b|\bggml\b",
                "an LLM serving engine",
                "A kernel of the serving engine faulted (not your buffers): CUDA_LAUNCH_BLOCKING=1 names it. Turn its "
                "optional features off one at a time to find the trigger (CUDA graphs: vLLM --enforce-eager, SGLang "
                "--disable-cuda-graph; a prefix / hierarchical KV cache; custom all-reduce; a quantization or "
                "attention backend), update the engine, and report it with the model, the flags and the load.",
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "Find the first failing call with CUDA_LAUNCH_BLOCKING=1, check each input's shape and dtype against "
                "the ones the module was compiled for (its Input min/opt/max shapes), and run under "
                "`compute-sanitizer` to name the kernel; the errors after the first one are echoes.",
                product="torch_tensorrt",
            ),
            Variant(
                SHOWN["tensorrt"],
                "TensorRT",
                "Find the first failing call with CUDA_LAUNCH_BLOCKING=1, check each buffer's size against the "
                "engine's tensor shape x dtype for the shapes you set, and run under `compute-sanitizer` to name the "
                "kernel; the errors after the first one are echoes.",
                product="tensorrt",
            ),
            # issue 36, round forty-two: an application's own native CUDA code (no Python) whose CUDA check names a
            # source file and line ("CUDA error at .../src/mvs/gpu_mat.h:348 - an illegal memory access")
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:Traceback \(most recent call last\)|\.py\"?, line \d|site-packages))"
                r"[\s\S]{0,300000}?CUDA error at [^\n]{1,300}?\.(?:h|hpp|cuh?|cc|cpp|cxx)[:(]\d{1,6}",
                "an application's own native CUDA code (its CUDA check names the source line)",
                "The kernel is the application's own (its check names the source file and line), so no framework "
                "update helps. First rule out its limits: lower the problem size it gives one kernel (its "
                "maximum image size or batch options) and watch `nvidia-smi` for memory; then rebuild the "
                "application against a CUDA toolkit that this driver supports and with this GPU's architecture "
                "(CMake: -DCMAKE_CUDA_ARCHITECTURES=XY), from a clean build folder, or install its release built for "
                "your CUDA; a build made with another toolkit than the one on the machine faults this way. On a GPU "
                "that drives a display, the watchdog can kill long kernels too (Windows' TdrDelay; run headless). "
                "If it persists, `compute-sanitizer <the command>` names the kernel for a bug report.",
            ),
            # issue 36, round forty-five: a project's own CUDA check naming its .cu file ("Cuda failure
            # src/x_op.cu:751: 'an illegal memory access was encountered'"): an extension's kernel, not torch's
            Variant(
                OWN_CUDA_EXTENSION_CHECK,
                "a project's own CUDA extension (its check names its .cu source file)",
                OWN_CUDA_EXTENSION_FIX,
            ),
        ),
        weight=55,
        applies="any CUDA program; TensorRT engines run by hand (pycuda, cuda-python)",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_error_numbers_mean_what_cuda_says",),
        cuda_errors=("cudaErrorIllegalAddress", "CUDA_ERROR_ILLEGAL_ADDRESS"),
        example="[TRT] [E] 1: [defaultAllocator.cpp::deallocate::42] Error Code 1: Cuda Runtime (an illegal memory "
        "access was encountered)",
        example_source="https://github.com/open-mmlab/mmdeploy/issues/1948",
    ),
    KnownError(
        "refit-not-refittable",
        "Refit of an engine built without REFIT (condition: isRefittable())",
        r"isRefittable\(\)|engine (?:is|was) not (?:built )?(?:as )?refittable|not refittable",
        "Only an engine built with the REFIT flag can take new weights; the flag cannot be added after the build.",
        "Rebuild with the flag: config.set_flag(trt.BuilderFlag.REFIT) / `trtexec --refit`; in torch_tensorrt "
        "compile(..., immutable_weights=False) (2.6 and later; make_refittable=True in 2.4-2.5), then refit.",
        weight=85,
        applies="every TensorRT release; torch_tensorrt refit_module_weights",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="[refit.cpp::createInferRefitter_INTERNAL::1807] Error Code 3: Internal Error (Parameter check "
        "failed at: optimizer/std/refit.cpp::createInferRefitter_INTERNAL::1807, condition: e.isRefittable()",
        example_source="https://github.com/NVIDIA/TensorRT/issues/1468",
    ),
    KnownError(
        "torchtrt-api-misuse",
        "torch_tensorrt rejects the arguments (what save() and compile() accept)",
        r"Saving nn\.Module directly is not supported|save\(\) received unexpected keyword argument"
        r"|Not all inputs provided are torch\.Tensor or torch_tensorrt\.Input objects"
        r"|Unsupported input type: [^\n]{0,80}Expected torch\.Tensor or torch_tensorrt\.Input"
        r"|Invalid input type [^\n]{0,80}encountered|'OptimizedModule' object has no attribute"
        r"|do not allow user to provide inputs|output_format specified is (?:not )?torchscript"
        r"|Attempted to serialize an exported program with an unsupported format",
        "torch_tensorrt was called with something its API does not take: save() of a torch.compile result "
        "(OptimizedModule) or a plain nn.Module, input specs given to save() for a module that needs none, or a "
        "compile input that is neither a tensor nor a torch_tensorrt.Input (a bool, a list of ints).",
        "Compile with ir='dynamo' (torch_tensorrt.compile(model, ir='dynamo', arg_inputs=...)) to get a module "
        "that save() accepts; pass inputs to save() only to retrace a GraphModule; give compile tensors or "
        "torch_tensorrt.Input and keep flags (bools) out of the inputs.",
        variants=(
            Variant(
                r"OptimizedModule|nn\.Module directly",
                "saving a torch.compile result",
                "torch.compile's result (OptimizedModule) cannot be serialised: compile with "
                "torch_tensorrt.compile(model, ir='dynamo', arg_inputs=inputs) and torch_tensorrt.save(trt_gm, "
                "'model.ep', arg_inputs=inputs).",
            ),
            Variant(
                r"Unsupported input type|Not all inputs provided|Invalid input type",
                "an input that is not a tensor",
                "Every compile input must be a torch.Tensor or torch_tensorrt.Input: pass a flag as a tensor "
                "(torch.tensor(True)) or make it a module attribute instead of an input.",
            ),
        ),
        weight=80,
        applies="torch_tensorrt ≥ 2.3 (save()), dynamo frontend",
        shown_by=("tests/troubleshooting/test_generalisation.py::test_new_families_match_their_source_wordings",),
        example="ValueError: Input model is of type nn.Module. Saving nn.Module directly is not supported.",
        example_source="torch-tensorrt 2.14.0, _compile.py (save)",
    ),
    # ---- issue 36: warnings, process state, ABI, CUDA libraries, CUDA graphs, GPUs from other vendors ------------
    KnownError(
        "trt-lazy-loading",
        "CUDA lazy loading is not enabled (a TensorRT notice)",
        r"CUDA lazy loading is not enabled|Enabling it can significantly reduce device memory usage",
        "TensorRT (8.6 and later) advises setting CUDA_MODULE_LOADING=LAZY, which loads kernels on first use; it is "
        "a notice, not an error, and changes nothing about whether the build or the run works.",
        "Nothing to fix: if you want the memory back, `export CUDA_MODULE_LOADING=LAZY` before starting Python "
        "(torch sets it itself since 2.1). If something failed, look for the first error line ([E], ERROR, a "
        "Traceback) and explain that one.",
        severity="notice",
        weight=30,
        applies="TensorRT ≥ 8.6 and TensorRT-RTX, any program",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[04/02/2024-10:00:00] [TRT] [W] CUDA lazy loading is not enabled. Enabling it can significantly "
        "reduce device memory usage and speed up TensorRT initialization.",
        example_source="tensorrt-rtx 1.6.1.120, libtensorrt_rtx.so (its warning text)",
    ),
    KnownError(
        "trt-tactic-memory",
        "TensorRT skipped tactics for lack of memory (a builder warning)",
        r"bytes\) could not be allocated\. There may not be enough free memory|Tactic Device request: \d{1,9} ?MB"
        r"|Device memory is insufficient to use tactic|Skipping tactic \S{1,40} due to insufficient memory"
        r"|do not have sufficient workspace memory to run|due to insufficient workspace"
        r"|Requested amount of (?:GPU )?memory \(\d{1,16} bytes\) could not be allocated"
        # the [E] line the builder's allocator logs for the same tactic (virtualMemoryBuffer.cpp, resizePhysical)
        r"|virtualMemoryBuffer\.cpp[^\n]{0,120}Error Code 2: OutOfMemory",
        "While timing kernels, the builder asked for more GPU memory than it could get and skipped those kernels "
        "(tactics); the build goes on with the others. A warning: the engine is built unless an error follows.",
        "Nothing to fix if the engine was built: it may only be slower than it could be. For the best kernels, free "
        "GPU memory during the build or raise the workspace limit (workspace_size / --memPoolSize=workspace:N). If "
        "the build failed, the error line after these warnings says why: explain that one.",
        severity="notice",
        weight=35,
        applies="TensorRT 8 and later builders (trtexec, OnnxParser flows, torch_tensorrt)",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[W] [TRT] Requested amount of GPU memory (1073741824 bytes) could not be allocated. There may not "
        "be enough free memory for allocation to succeed.\n[W] [TRT] Skipping tactic 3 due to insufficient memory "
        "on requested size of 1073741824 detected for tactic 0x0000000000000004.",
        example_source="tensorrt-rtx 1.6.1.120, libtensorrt_rtx.so (the warnings' texts)",
    ),
    KnownError(
        "trt-timing-cache",
        "The timing cache is invalid or from another TensorRT (it is ignored)",
        r"Failed to deserialize timing cache|timing cache will not be used|Timing cache header mismatch"
        r"|Detected (?:an )?invalid timing cache|Could not read timing cache from|invalid timing cache"
        r"|timing cache[^\n]{0,60}(?:incompatible|is not compatible|mismatch|ignored|corrupted)",
        "The timing cache file could not be used (made by another TensorRT version, another GPU, or cut short); "
        "TensorRT ignores it and times the kernels again. A warning: the build is only slower.",
        "Nothing to fix: delete the old cache file so a new one is written, and keep one timing cache per TensorRT "
        "version and GPU model (torchtrt_compat.runtime's timing caches are keyed that way).",
        severity="notice",
        weight=35,
        applies="TensorRT 8 and later (timing caches)",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[W] [TRT] Failed to deserialize timing cache. Returning an empty timing cache.",
        example_source="tensorrt-rtx 1.6.1.120, libtensorrt_rtx.so (its warning text)",
    ),
    KnownError(
        "onnx-int64-weights",
        "Your ONNX model has been generated with INT64 weights (a parser warning)",
        r"generated with INT64 weights|Attempting to cast down to INT32|does not natively support INT64",
        "TensorRT's ONNX parser casts INT64 initializers (shapes, indices) to INT32 and says so; it is a warning "
        "and almost never the cause of a failure.",
        "Nothing to fix. If the build then fails, the error line after this one is the cause: explain that one "
        "(`polygraphy surgeon sanitize --fold-constants` removes most INT64 shape computations).",
        severity="notice",
        weight=30,
        applies="TensorRT's ONNX parser (onnx-tensorrt), TensorRT 7 to 9",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[W] [TRT] onnx2trt_utils.cpp:374: Your ONNX model has been generated with INT64 weights, while "
        "TensorRT does not natively support INT64. Attempting to cast down to INT32.",
        example_source="onnx/onnx-tensorrt, onnx2trt_utils.cpp (convertINT64 warning)",
    ),
    KnownError(
        "trt-precision-notice",
        "Subnormal FP16 weights, or a layer not running in the precision asked (builder warnings)",
        r"Detected subnormal (?:FP16|BF16) values|converted them to the (?:FP16|BF16) minimum"
        r"|a non-conforming implementation was chosen|kSTRICT_TYPES is deprecated"
        r"|(?:outside|out) of (?:the )?FP16 range|Detected layernorm nodes in FP16"
        r"|had the following issues when converted to (?:FP16|BF16)|Subnormal (?:FP16|BF16) values detected",
        "The builder reports how it handled precision: weights too small for FP16 were rounded, or a layer runs in "
        "another precision than requested because it was faster. Warnings: the engine is built.",
        "Nothing to fix for the build. If the outputs are less accurate than expected, keep the flagged layers in "
        "FP32 (layer precision with OBEY_PRECISION_CONSTRAINTS, or torch_tensorrt's torch_executed_ops / explicit "
        "typing) and compare against FP32 with `polygraphy run model.onnx --trt --onnxrt`.",
        severity="notice",
        weight=30,
        applies="TensorRT 8 and later, FP16 / BF16 / INT8 builds",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[W] [TRT] Weights [name=conv1.weight] had the following issues when converted to FP16:\n[W] [TRT] "
        " - Subnormal FP16 values detected.\n[W] [TRT] Detected subnormal FP16 values.",
        example_source="tensorrt-rtx 1.6.1.120, libtensorrt_rtx.so (its warning texts)",
    ),
    KnownError(
        "trt-library-version-notice",
        "TensorRT was linked against cuBLAS / cuDNN X but loaded Y (a version notice)",
        r"TensorRT was linked against (?:cuBLAS|cuDNN)[^\n]{0,60}but loaded"
        r"|Using an engine plan file across different models of devices is not",
        "TensorRT notes that the cuBLAS or cuDNN it loaded is another minor version than the one it was built with, "
        "or that the engine was built on another GPU model; a warning that matters only if an error follows.",
        "Usually nothing: minor versions of cuBLAS and cuDNN are compatible. If a later error names cuBLAS or cuDNN, "
        "install the versions TensorRT was built with (they are in its release notes) or put them first on "
        "LD_LIBRARY_PATH; rebuild engines on the GPU model that runs them.",
        severity="notice",
        weight=30,
        applies="TensorRT 8 and later",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="[W] [TRT] TensorRT was linked against cuBLAS/cuBLAS LT 11.6.3 but loaded cuBLAS/cuBLAS LT 11.5.1",
        example_source="TensorRT 8.2 builder (its warning text, as logged by trtexec)",
    ),
    KnownError(
        "tf-trt-not-found",
        "TF-TRT Warning: Could not find TensorRT (a TensorFlow notice)",
        r"TF-TRT Warning: Could not find TensorRT|Cannot dlopen some TensorRT libraries"
        # the same notice pasted without its logger prefix: the words alone on their line (issue 36, round
        # twenty-seven); CMake's "Could NOT find TensorRT (missing: ...)" goes on, and a CMakeLists' own
        # message(FATAL_ERROR) comes after "(message):"
        r"|(?<!\(message\):\n)^[ \t]{0,8}Could not find TensorRT\.?[ \t]{0,4}$",
        "TensorFlow looks for TensorRT at import to enable TF-TRT and warns when it is not installed; TensorFlow "
        "itself works, only TF-TRT conversion is unavailable.",
        "Nothing to fix unless you use TF-TRT (tf.experimental.tensorrt): then install the TensorRT version your "
        "TensorFlow build names. Look for the first error line for what actually failed.",
        severity="notice",
        weight=30,
        applies="TensorFlow 2.x with GPU support",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="2024-01-01 12:00:00.000000: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: "
        "Could not find TensorRT",
        example_source="tensorflow, tensorflow/compiler/tf2tensorrt/utils/py_utils.cc (its warning text)",
    ),
    KnownError(
        "optional-component-notice",
        "An optional component is not installed (modelopt, TensorRT-LLM plugins: an import notice)",
        r"Unable to import quantiz(?:ation|e) op\. Please install modelopt|Please install modelopt library"
        r"|Unable to import torchscript frontend core|Skipping TensorRT-LLM plugin support"
        r"|TensorRT-LLM is not installed|Unable to import TensorRT plugin",
        "torch_tensorrt logs at import which optional parts it could not load (quantized-model converters need "
        "NVIDIA's modelopt; the TorchScript frontend needs its C++ library; distributed ops need TensorRT-LLM's "
        "plugins). A notice: everything else works.",
        "Nothing to fix unless you compile a model quantized with modelopt (`pip install nvidia-modelopt`) or use "
        "the feature it names. Look for the first error line for what actually failed.",
        severity="notice",
        weight=30,
        applies="torch_tensorrt 2.x at import",
        shown_by=("tests/troubleshooting/test_round3.py::test_warnings_only_pastes_say_so_first",),
        example="WARNING:torch_tensorrt.dynamo.conversion.aten_ops_converters:Unable to import quantization op. "
        "Please install modelopt library (https://github.com/NVIDIA/TensorRT-Model-Optimizer?tab=readme-ov-file"
        "#installation) to add support for compiling quantized models",
        example_source="torch-tensorrt-rtx 2.14.0, dynamo/conversion/aten_ops_converters.py (its warning text)",
    ),
    KnownError(
        "cudagraphs-skipped",
        "skipping cudagraphs due to … (torch.compile ran without CUDA graphs)",
        r"skipping cudagraphs due to|Unable to hit fast path of CUDAGraphs",
        "torch.compile(mode='reduce-overhead') could not use CUDA graphs for this graph and ran it without them, for "
        "the reason it names (mutated inputs, a CPU tensor, several devices, dynamic shapes, an op that cannot be "
        "captured); results are right, only slower.",
        "Nothing fails. To get the graphs, remove the reason named: keep inputs unmutated (clone before in-place "
        "ops), move every tensor to the GPU, mark dynamic dims or pad to fixed sizes; for 'fast path' call "
        "torch.compiler.cudagraph_mark_step_begin() before each call.",
        severity="notice",
        weight=40,
        applies="torch ≥ 2.1, torch.compile with mode='reduce-overhead' (CUDA graph trees)",
        shown_by=("tests/troubleshooting/test_round3.py::test_cuda_graph_failures_are_told_apart",),
        example='skipping cudagraphs due to mutated inputs (1 instances). Found from : \n   File "model.py", line 12',
        example_source="torch 2.14.1, torch/_inductor/cudagraph_utils.py (format_default_skip_message)",
    ),
    KnownError(
        "cudagraph-output-overwritten",
        "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run",
        r"output of CUDAGraphs that has been overwritten by a subsequent run",
        "torch.compile's CUDA graphs reuse their output memory on the next call; a tensor kept from an earlier call "
        "(a list of outputs, a running total) now points at memory the next run overwrote.",
        "Call torch.compiler.cudagraph_mark_step_begin() before each model call, and clone outputs you keep across "
        "calls outside torch.compile (out = model(x).clone()); for training loops, run backward before the next "
        "forward.",
        weight=88,
        applies="torch ≥ 2.1, torch.compile with mode='reduce-overhead' / 'max-autotune' (CUDA graph trees)",
        shown_by=("tests/troubleshooting/test_round3.py::test_cuda_graph_failures_are_told_apart",),
        example="RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent "
        'run. Stack trace: File "train.py", line 40, in forward. To prevent overwriting, call '
        "torch.compiler.cudagraph_mark_step_begin() before each model invocation.",
        example_source="torch 2.14.1, torch/_inductor/cudagraph_trees.py (format_dealloc_msg)",
    ),
    KnownError(
        "process-state-after-install",
        "TensorRT changed under a running Python (after a pip install or upgrade)",
        r"module 'tensorrt(?:_rtx)?' has no attribute '(?!(?:"
        + "|".join(sorted({**TENSORRT_API_ADDED, **TENSORRT_LEGACY_API}.keys() - TENSORRT_V5_API.keys()))
        + r")')\w{1,60}'"
        r"|libnvinfer_builder_resource(?:_win)?\.so\.\d{1,2}\.\d{1,2}\.\d{1,3}[^\n]{0,80}"
        r"(?:cannot open|No such file|Unable to load)"
        r"|Unable to load library: libnvinfer_builder_resource",
        "The Python process imported (part of) TensorRT before pip replaced it: the module object is the old, "
        "half-initialised one, or the libraries it loads by their full version (libnvinfer_builder_resource.so."
        "X.Y.Z) are gone. A notebook kernel or a server that kept running across `pip install` shows this.",
        "Restart the Python process (the notebook kernel), then check the install in a fresh one: `python -c "
        "'import tensorrt; print(tensorrt.__version__, tensorrt.__file__)'`. If it persists, the tensorrt packages "
        "are of mixed versions: `pip install --force-reinstall 'tensorrt-cu12==<one version>'` (cu13 for CUDA 13).",
        variants=(
            Variant(
                r"[\\/](?:tensorrt|tensorrt_rtx)[\\/]__init__\.py|__file__[^\n]{0,40}None|namespace",
                "a folder named tensorrt shadows the package",
                "The module imported is not the package: a folder or file named tensorrt in the working directory "
                "(or on sys.path) shadows it. Rename it, restart Python, and check `python -c 'import tensorrt; "
                "print(tensorrt.__file__)'` points into site-packages.",
            ),
        ),
        unless=r"object has no attribute",
        loose=True,
        alternatives=("tensorrt-package-incomplete",),
        decide="restart-or-install",
        weight=88,
        applies="TensorRT's Python package, a long-running interpreter (Jupyter, servers)",
        shown_by=("tests/troubleshooting/test_round3.py::test_process_state_after_an_install",),
        example="AttributeError: module 'tensorrt' has no attribute 'Logger'",
        example_source="tensorrt's Python package (the AttributeError a half-imported module gives)",
    ),
    KnownError(
        "tensorrt-factory-nullptr",
        "TensorRT could not create its builder or runtime (pybind11 factory returned nullptr / createInferBuilder "
        "returned null)",
        r"factory function returned nullptr"
        # a C++ host app's own line when nvinfer1::createInferBuilder / createInferRuntime returned null
        r"|Cannot create (?:an? )?(?:TensorRT )?infer(?:ence)? (?:builder|runtime)"
        r"|createInfer(?:Builder|Runtime)(?:\(\))? (?:failed|returned (?:a )?null)"
        r"|(?:Failed|Unable|Could not|Couldn't) (?:to )?create (?:the |a )?(?:TensorRT |TRT )?infer(?:ence)? "
        r"(?:builder|runtime)|(?:Failed|Unable) to create (?:the |a )?(?:TensorRT|TRT) (?:builder|runtime)",
        "TensorRT could not create the builder or runtime and its Python binding says only that: the reason is in "
        "the TensorRT log lines just before it (CUDA could not start: no GPU or an old driver; a TensorRT library "
        "could not be loaded; the GPU ran out of memory).",
        "Read the [TRT] lines printed before the TypeError (make the logger verbose: trt.Logger(trt.Logger.VERBOSE)) "
        "and explain them; `nvidia-smi` must list the GPU; if you just installed TensorRT, restart Python first.",
        variants=(
            Variant(
                r"Cannot create|createInfer(?:Builder|Runtime)(?:\(\))? (?:failed|returned)|(?:Failed|Unable|Could not"
                r"|Couldn't) (?:to )?create (?:the |a )?(?:TensorRT |TRT )?(?:infer|builder|runtime)",
                "an app's own line (createInferBuilder returned null)",
                "The app's TensorRT could not create its builder (build stage) and the app printed only that: turn on "
                "the app's TensorRT verbose / debug log to see TensorRT's reason. The usual ones: a GPU older than the "
                "TensorRT release supports (TensorRT 10 supports no GPU before Volta: GTX 10xx and older need the "
                "app's TensorRT 8 build), a driver too old for the CUDA that TensorRT was built for (`nvidia-smi`'s "
                "'CUDA Version'), no GPU visible, or a TensorRT library missing beside nvinfer "
                "(nvinfer_builder_resource of the same release: copy every file of the TensorRT lib folder or "
                "dependency archive next to the app).",
            ),
        ),
        loose=True,
        alternatives=("cuda-driver-insufficient", "process-state-after-install", "gpu-out-of-memory"),
        decide="restart-or-install",
        weight=55,
        applies="TensorRT's Python API (trt.Builder(logger), trt.Runtime(logger))",
        shown_by=("tests/troubleshooting/test_round3.py::test_process_state_after_an_install",),
        example="TypeError: pybind11::init(): factory function returned nullptr",
        example_source="TensorRT Python bindings (pybind11 constructors of Builder and Runtime)",
    ),
    KnownError(
        "extension-abi-mismatch",
        "undefined symbol from torch (_ZN2at… / _ZN3c10…) in an extension: built for another torch",
        r"undefined symbol: _ZN[KVR]{0,2}(?:2at|3c10|5torch|6caffe2|4c10d|4aten)\d"
        r"|undefined symbol: _Z[^\n]{0,40}(?:N2at|N3c10|N5torch)\d"
        # macOS's dyld wording for the same (issue 36, round thirty-one): "dlopen(..., 6): Symbol not found:
        # __ZNK2at6Tensor6deviceEv", Mach-O names carry one more leading underscore; newer dyld quotes the name in
        # parentheses or says "symbol not found in flat namespace '__ZN...'"
        r"|[Ss]ymbol not found(?: in flat namespace)?:? {0,2}[('\"]?__ZN[KVR]{0,2}(?:2at|3c10|5torch|6caffe2|4c10d"
        r"|4aten)\d|[Ss]ymbol not found(?: in flat namespace)?:? {0,2}[('\"]?__Z[^\n]{0,40}(?:N2at|N3c10|N5torch)\d"
        # an issue's title as pasted above its traceback: an installation / import / build that fails with an
        # "undefined symbol" it does not name ("[Bug] MMCV Installation Failure - undefined symbol during validation")
        r"|\b(?:[Ii]nstall(?:ation|ing)?|[Ii]mport(?:ing)?|[Bb]uild(?:ing)?|[Cc]ompil(?:ed|ing))\b[^\n]{0,60}"
        r"\b[Uu]ndefined [Ss]ymbol\b(?! ?:)"
        # fbgemm_gpu's import guard (issue 36, round forty-two): its __init__ catches the loader's error of
        # fbgemm_gpu_py.so and only prints or logs it ("Could not load the library '<file>': <error>", "Could not the
        # library" in some releases); TorchRec's import then reports the file as not found, and torch.ops its
        # operators as missing
        r"|\bFile [^\n]{0,300}?fbgemm_gpu\w{0,40}\.so not found"
        r"|Could not (?:load )?the library '[^'\n]{0,200}?fbgemm_gpu\w{0,40}\.so'"
        r"|No such operator fbgemm::\w{1,80}"
        # a native abort or crash right after importing a torch extension package, before any Python error (macOS:
        # ">>> import torch_scatter" then "libc++abi: terminating with uncaught exception of type std::length_error",
        # "Abort trap: 6"; issue 36, round sixty-two): its binary does not fit the installed torch
        rf"|^(?:>>> ?|\s{{0,8}})import (?:{_TORCH_EXTENSION_PACKAGES})\b[^\n]{{0,80}}\n(?:[^\n]{{0,300}}\n){{0,3}}?"
        r"[^\n]{0,40}(?:libc\+\+abi: terminating|terminate called after throwing|Segmentation fault|Abort trap"
        r"|Aborted \(core dumped\)|Bus error)",
        "A compiled extension (a wheel with a .so: torchvision, tensorrt_llm, flash_attn, xformers, a custom op) was "
        "built against another torch than the one installed: torch's C++ symbols change between releases and with "
        "the C++ ABI flag, so the loader cannot find the one the extension calls.",
        "Install the extension's build for your torch, or the torch it was built for (below); an extension you "
        "compiled yourself: rebuild it against the installed torch (`pip install --no-build-isolation "
        "--force-reinstall --no-cache-dir <package>`).",
        variants=(
            Variant(
                r"torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib",
                "PyTorch Geometric extensions",
                "PyG's extension wheels are built per torch release and CUDA: uninstall them (`pip uninstall "
                "torch-scatter torch-sparse torch-cluster torch-spline-conv pyg-lib`) and install the ones for your "
                "pair from PyG's wheel index (`pip install torch-scatter -f <PyG wheel index for "
                "torch-X.Y.Z+cuXYZ>`); since PyG 2.3 most layers need none of them.",
            ),
            Variant(
                r"pytorch3d|detectron2|diff_gaussian_rasterization|simple_knn|tinycudann|nvdiffrast|pointnet2"
                r"|MinkowskiEngine|spconv|mmcv[\\/]_ext",
                "an extension built for an older torch (3D / detection)",
                "The extension was compiled against another torch than the one installed (torch upgraded after it "
                "was built, or a prebuilt wheel for another torch): rebuild it in this environment (`pip uninstall` "
                "it, delete its build/ folder and *.so, then `pip install --no-build-isolation --no-cache-dir` from "
                "its checkout, with the CUDA toolkit of torch.version.cuda), or install its wheel for your torch "
                "and CUDA (mmcv: `mim install mmcv`; spconv: the spconv-cuXYZ package of torch's CUDA).",
            ),
            Variant(
                r"torchvision[\\/]_C",
                "torchvision",
                "torchvision is built for one torch minor: install the torchvision that pairs with your torch "
                "(torchvision 0.N+15 for torch 2.N, e.g. 0.21 with torch 2.6; `torchtrt-compat check` names it), "
                "from the same index (CUDA / CPU) as torch.",
            ),
            # issue 36, round forty-two: FBGEMM_GPU (under TorchRec), built per torch release, channel and CUDA variant
            Variant(
                r"fbgemm_gpu|\bfbgemm::|\btorchrec\b",
                "fbgemm_gpu / TorchRec",
                "fbgemm_gpu is built for one torch release, one channel (stable or nightly) and one variant (CPU or "
                "a CUDA version), and its import guard only prints the loader's error, so TorchRec reports the "
                ".so as not found or its fbgemm:: operators as missing: install torch, fbgemm-gpu and torchrec as "
                "a matching set from one index (stable with stable, nightly with nightly, one CUDA variant; the "
                "release compatibility table of fbgemm_gpu pairs them, e.g. `pip install torch torchrec fbgemm-gpu "
                '--index-url <the PyTorch index for your CUDA, cu121 / cpu>`). `python -c "import fbgemm_gpu"` '
                "prints the loader's real error (an undefined symbol: another torch; a libcudart .so not found: "
                "another CUDA variant).",
                strict=True,
            ),
            Variant(
                r"tensorrt_llm",
                "TensorRT-LLM",
                "Each TensorRT-LLM release is built for one torch release (and one TensorRT): install the torch "
                "its release notes name, or the TensorRT-LLM release built for your torch; in NGC containers use the "
                "container's own torch.",
                product="tensorrt_llm",
            ),
        ),
        # (issue 36, round thirty-two: not an extension built in place whose own CUDA function taking at::Tensor is
        # missing because its .cu file was not built, build-extension-without-cuda; nor openmm-ml's notice of NNPOps
        # that did not load, where no other line shows an undefined symbol: it goes on without it,
        # mol-openmm-ml-nnpops-notice)
        unless=rf"libtorchtrt|{OWN_CUDA_SYMBOL}"
        r"|\A(?![\s\S]{0,300000}?^(?![^\n]{0,600}?failed to equip `)[^\n]{0,600}?undefined symbol)"
        r"(?=[\s\S]{0,300000}?failed to equip `\w{1,40}` with error: [^\n]{0,600}?undefined symbol)",
        advice="symbol",
        commands=(CHECK,),
        weight=86,
        applies="any compiled torch extension, Linux and macOS",
        shown_by=(
            "tests/troubleshooting/test_round3.py::test_undefined_torch_symbols_are_demangled",
            "tests/troubleshooting/test_round31_v31graph.py::test_macos_dyld_symbol_not_found_of_torch",
        ),
        example="ImportError: /usr/local/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-"
        "gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
        example_source="glibc's dlopen wording (elf/dl-lookup.c) with a torch symbol (c10::cuda::SetDevice(int))",
    ),
    # issue 36, round fifty: a compiled binding called with arguments its signature does not take
    KnownError(
        "ext-binding-signature-mismatch",
        "A compiled binding refused its arguments (pybind11 / nanobind: 'f(): incompatible function arguments'): the "
        "caller and the extension are of two releases, or an argument has the wrong type",
        r"\b\w{1,120}\(\): incompatible (?:function|constructor) arguments\b"
        r"|\bincompatible (?:function|constructor) arguments\. The following argument types are supported",
        "pybind11 and nanobind check each call against the C++ signature the extension was compiled with; this "
        "one did not fit. When Python code of one release calls a compiled function of another (a package and "
        "the extension it calls installed at versions that were not released together, such as mamba-ssm and "
        "causal-conv1d, or a package upgraded without rebuilding its .so), the argument count or order differs; "
        "otherwise one argument has a type the binding does not take (a NumPy array or a list for a tensor, None "
        "for an argument that is not optional, a float for an int, a tensor of another dtype or device).",
        "Compare the error's 'Invoked with:' line with the signatures listed above it. Another count or order of "
        "arguments: install the caller and the extension as a matching pair (the versions the caller's "
        "requirements or release notes name, e.g. `pip install 'pkg==X' 'ext==Y'`), or rebuild the extension "
        "from the same checkout as its Python code (`pip install --no-build-isolation --force-reinstall "
        "--no-cache-dir <package>`); `pip list` shows both versions. Same count, one type differs: convert that "
        "argument (`torch.as_tensor(...)`, `.contiguous()`, the dtype the signature names) before the call.",
        unless=r"jax_plugins|\bjaxlib\b",
        weight=60,
        applies="any extension built with pybind11 or nanobind (torch extensions, tensorrt's Python API, jaxlib)",
        shown_by=("tests/troubleshooting/test_round50_v50.py::test_a_binding_that_refuses_its_arguments",),
        example="TypeError: causal_conv1d_fwd(): incompatible function arguments. The following argument types are "
        "supported:",
        example_source="pybind11 include/pybind11/pybind11.h (cpp_function::dispatcher: 'incompatible function "
        "arguments. The following argument types are supported:'); nanobind prints the same words",
    ),
    KnownError(
        "cuda-library-major",
        "A CUDA library of another major could not be loaded (libcublas.so.12, libcudnn_*.so.8, cudart64_110.dll)",
        r"Could not load library libcudnn\w{0,30}\.so|Unable to load library '?libcudnn"
        # cuDNN's own loader line for a library it loads itself (cudnn_ops / cudnn_cnn load libcublasLt and libcublas
        # of the CUDA major they were built for: "Could not load library libcublasLt.so.12. Error: ...")
        r"|Could not load library lib(?:cublasLt|cublas|cudart|nvrtc|nvJitLink)\w{0,30}\.so\.\d{1,3}"
        r"|Could not (?:locate|load library) (?:cudnn|cublas)\w{0,30}\.dll"
        r"|Library (?:lib)?(?:cudart|cublas|cublasLt|cudnn\w{0,30}|cufft|curand|nvrtc)\w{0,12}"
        r"(?:\.so\.\d{1,3}|\.dll) is not found or cannot be loaded"
        r"|Could not load dynamic library '?lib(?:cudart|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nvrtc)"
        r"|lib(?:cudart|cublas|cublasLt|cudnn\w{0,30}|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink)\.so\.\d{1,3}"
        r"(?:\.\d{1,4}){0,3}'?:? (?:cannot open shared object file|version)"
        # the dynamic loader's line at a program's start, also cut before its reason (ld.so: "error while loading
        # shared libraries: %s: %s"), issue 36, round twenty-six
        r"|error while loading shared libraries: lib(?:cudart|cublas|cublasLt|cudnn\w{0,30}|cufft|curand|cusparse"
        r"|cusolver|nvrtc|nvJitLink|cupti)\.so\.\d{1,3}"
        r"|version `lib(?:cudart|cublas|cublasLt|cudnn|nvrtc)\w{0,20}\.so\.\d{1,3}' not found"
        r"|which depends on \"?(?:lib)?(?:cudart|cublas|cublasLt|cudnn\w{0,30}|cufft|curand|nvrtc)\w{0,20}"
        r"(?:\.so\.\d{1,3}|64_\d{1,3}\.dll)\"? which is missing"
        # an application's own line that a CUDA / cuDNN DLL is missing (the major is read from the name)
        r"|(?:missing|not found|cannot find|could not find|unable to find|failed to load|cannot load)[:\s]{1,3}['\"]?"
        r"(?:cudnn|cublas|cublasLt|cudart|cufft|curand|cusparse|cusolver|nvrtc)\w{0,30}64_\d{1,3}\.dll"
        # the same in a user's Chinese prose ("报错说找不到cudnn64_8.dll": it reports it cannot find cudnn64_8.dll)
        r"|(?:找不到|缺少|缺失|无法加载|无法找到|未找到|没有找到|加载失败)[:：\s]{0,3}['\"“]?"
        r"(?:cudnn|cublas|cublasLt|cudart|cufft|curand|cusparse|cusolver|nvrtc)\w{0,30}(?:64_\d{1,3}\.dll|\.so\.\d{1,3})"
        r"|\b(?:cudnn|cublas|cublasLt|cudart|cufft|curand|cusparse|cusolver|nvrtc)\w{0,30}64_\d{1,3}\.dll['\"]?"
        r"(?: was| is|:)? (?:not found|missing|could not be (?:found|loaded)|cannot be (?:found|loaded)|not loaded)"
        # Windows' Application Error event / WER report of a crash inside a CUDA library's DLL
        r"|(?:Faulting|Error) module name: ?(?:cudnn|cublas|cublasLt|cudart|cufft|curand|nvcuda|nvrtc)\w{0,30}\.dll"
        # TensorFlow's cudart stub when no libcudart of its CUDA major loaded (tsl/cuda/cudart_stub.cc)
        r"|cudaGetErrorString symbol not found"
        # old TensorFlow's stream executor (stream_executor/cuda/cuda_dnn.cc, cuda_blas.cc, cuda_fft.cc via
        # dso_loader: "could not find cudnnCreate in cudnn DSO"), often inside a fatal "Check failed: s.ok()" line:
        # the library it opened lacks the symbol (another major) or none was found
        r"|could not find \w{1,60} in (?:cudnn|cublas|cufft|curand|cudart|cuda|cupti|cusolver|cusparse) DSO"
        # the linker's versioned undefined reference from a prebuilt library ("undefined reference to
        # `cudnnDestroy@libcudnn.so.8'"): the symbol's version names the major the library was built against
        # (not a runtime function a later minor added, whose tag names the major the toolkit has: an older minor of
        # that major, cuda-cudart-shadowed; issue 36, round thirty-two)
        rf"|undefined reference to `(?!{CUDART_NEWER_MINOR}@libcudart\.)\w{{1,80}}@lib(?:cudart|cublas|cublasLt|cudnn"
        r"|cufft|curand|cusparse|cusolver|nvrtc)\w{0,20}\.so\.\d{1,3}"
        # GNU ld's own warning that a prebuilt library's CUDA library of that major is not on its path (issue 36,
        # round thirty-two)
        r"|lib(?:cudart|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nvrtc)\w{0,20}\.so\.\d{1,3}"
        r"(?:\.\d{1,3})?, needed by [^\n]{1,400}, not found"
        # a .NET binding of whisper.cpp / llama.cpp (Whisper.net, LLamaSharp) that skipped its CUDA runtime (the CUDA
        # runtime of that package's major not loadable) and found no other, or fell back to its CPU runtime, in a
        # text that shows CUDA (issue 36, round twenty-nine)
        r"|"
        + DOTNET_NATIVE_LOADER_CUDA
        # JCuda's LibUtils (jcuda/LibUtils.java: 'Error while loading native library "JCurand-10.2.0-windows-x86_64"')
        # for a library of the CUDA toolkit's side, whose name carries the CUDA release it was built for (the
        # driver's, JCudaDriver, is driver-library-missing's), issue 36, round thirty
        + r"|Error while loading native library \"J(?:Cu(?!daDriver)[A-Za-z]{1,12}\d?|Nvrtc|Npp|Nvgraph|Nvjpeg"
        r"|NvJitLink)-\d{1,2}\.\d",
        "A library was built for one CUDA (or cuDNN) major and the loader cannot find that major's library: e.g. "
        "TensorRT or onnxruntime-gpu built for CUDA 11 on a CUDA 12 system, cuDNN 8 wanted where cuDNN 9 is "
        "installed, or the library is installed but not on the loader's path; or the major is right and the release "
        "is not (an unpinned nvidia-* wheel newer than the one the library was built with).",
        "First check whether that CUDA is installed but off the loader's path (`ldconfig -p | grep <file>`, `ls "
        "/usr/local/cuda-X.Y/lib64`, `where <file>` on Windows): if it is, put its lib folder on the path (export "
        "LD_LIBRARY_PATH=/usr/local/cuda-X.Y/lib64:$LD_LIBRARY_PATH and PATH=/usr/local/cuda-X.Y/bin:$PATH, or an "
        "/etc/ld.so.conf.d entry and `sudo ldconfig`; PATH on Windows). Otherwise install the build of the library "
        "you run for the CUDA you have, or install the CUDA libraries it was built for (the lines below name the "
        "file, its CUDA and who needed it); do not copy or rename .so files across majors.",
        variants=(
            # issue 36, round fifty-nine: a `docker build` step (the classic builder's " ---> Running in <id>", or
            # BuildKit's "#N [stage N/M] RUN"): build steps run without the NVIDIA runtime
            Variant(
                _DOCKER_BUILD_STEP,
                "a `docker build` step (built without the NVIDIA runtime)",
                "The failing command runs in a `docker build` step, and build steps run without the NVIDIA "
                "container runtime: no GPU, no driver libraries, and on a Jetson (L4T r32 / JetPack 4) not even the "
                "CUDA libraries, which the runtime mounts from the host only into running containers, so an "
                "`import torch` (or a setup.py that imports it) in a RUN step cannot load them. On a Jetson set "
                '"default-runtime": "nvidia" in /etc/docker/daemon.json and restart docker (`sudo systemctl '
                "restart docker`) before building, or move the step that needs CUDA to the container's start; "
                "elsewhere build without a GPU (set TORCH_CUDA_ARCH_LIST for extensions, import nothing that needs "
                "the driver) and run the GPU checks in the running container (`docker run --gpus all`).",
                strict=True,
            ),
            # issue 36, round thirty: JCuda, whose native libraries link the CUDA runtime libraries of the release in
            # their names
            Variant(
                r"Error while loading native library \"J(?:Cu|Nv|Npp)",
                "JCuda (its native libraries are built for the CUDA release in their names)",
                "Each JCuda release's native libraries (JCudaRuntime, JCublas, JCurand, JCufft, JCusparse, JCudnn, "
                "JNvrtc; the name carries the version: JCurand-<X.Y>.0 is CUDA X.Y) link against the CUDA toolkit's "
                "libraries of that CUDA release (curand64_<major>.dll / libcurand.so.<major>), which must be "
                "installed and on PATH (LD_LIBRARY_PATH on Linux); a toolkit of another major (CUDA 11 or 12 for a "
                "10.2 JCuda) does not stand in. Use the JCuda release built for the CUDA installed (its version "
                "matches the CUDA version, e.g. JCuda 11.0.0 for CUDA 11.0, 12.x for 12.x), keep all jcuda-* and "
                "jcuda-natives artifacts at that one version, or install the CUDA runtime that JCuda release "
                "names; the nested 'Stack trace from the attempt to load the library as a resource' line names the "
                "dependency the loader missed.",
            ),
            # issue 36, round twenty-nine: a .NET binding's CUDA runtime package (ahead of the CTranslate2 variants,
            # whose "whisper" Whisper.net's name would match)
            Variant(
                DOTNET_NATIVE_LOADER + r"|\bLoadedLibrary\b|Whisper\.net|LLamaSharp|\bCudart library couldn't be loaded"
                r"|\bCUDA runtime library [\w.-]{1,60} couldn't be loaded",
                "a .NET binding's CUDA runtime package (Whisper.net, LLamaSharp)",
                "The binding's CUDA runtime (its native whisper.cpp / llama.cpp built for one CUDA major) was "
                "skipped or could not load, so the binding fell back to its CPU runtime ('LoadedLibrary: Cpu' with a "
                "CUDA GPU present) or, with no CPU runtime installed, found no native library at all. These packages "
                "do not bundle the CUDA runtime: they load cudart / cuBLAS of their CUDA major from the installed "
                "CUDA toolkit, and need a driver of that major (the package's release notes name its CUDA major; a "
                "package named Cuda12 is CUDA 12). Install "
                "that CUDA major's runtime (the CUDA toolkit; in a container, a CUDA base image of that major, since "
                "an image of another major lacks its libcudart) and a driver whose `nvidia-smi` 'CUDA Version' "
                "reaches it, or use the runtime package built for the CUDA your driver has (the Cuda12 package on a "
                "CUDA 12 driver); keep all of the binding's packages at one version, and reference its CPU runtime "
                "(Whisper.net.Runtime, LLamaSharp.Backend.Cpu) too so it falls back instead of failing. The "
                "binding's debug log names what it skipped and why (Whisper.net's LogProvider at Debug level: "
                "'Cudart library couldn't be loaded', 'Failed to load ggml library from ... Error: ...').",
            ),
            Variant(
                r"undefined reference to `\w{1,80}@lib\w{1,30}\.so\.\d",
                "linking a prebuilt library built for another CUDA / cuDNN major",
                "The linker reads the versions of the prebuilt library's CUDA symbols (name@libcudnn.so.8 = cuDNN 8, "
                "@libcublas.so.10 / @libcudart.so.10.2 = CUDA 10.2): those majors' libraries are not installed or "
                "not on the linker's path. Install the CUDA / cuDNN majors the symbols name and put their lib "
                "folders on the link and load paths (-L or LIBRARY_PATH, and LD_LIBRARY_PATH or an "
                "/etc/ld.so.conf.d entry with `sudo ldconfig`), or replace the prebuilt library with a build made "
                "for the CUDA / cuDNN you have (or its CPU build); do not rename .so files across majors.",
            ),
            Variant(
                # jaxlib vendors TensorFlow's loader: its lines carry external/org_tensorflow/ (or xla/tsl) paths
                r"external/org_tensorflow/|\bjaxlib\b|\bjax_plugins\b|\bxla_bridge\b",
                "JAX (jaxlib) built for another CUDA major",
                "These are jaxlib's loader lines (its external/org_tensorflow or xla paths): the jaxlib installed "
                "was built for the CUDA major the file names (libcudart.so.11.0 = CUDA 11) and, without it, JAX "
                "runs on the CPU. Either make that CUDA and its cuDNN visible on a GPU node (a cluster's CUDA / "
                "cuDNN module of that major, or its lib folders on LD_LIBRARY_PATH), or install the jax build for "
                'the CUDA you have (`pip install -U "jax[cuda12]"`, which brings its own CUDA wheels; on a cluster '
                "unset LD_LIBRARY_PATH entries of other CUDA releases), then check `jax.devices()` lists the GPU. "
                "On a node without a GPU these lines are harmless.",
                product="jax",
            ),
            Variant(
                r"could not find \w{1,60} in \w{1,30} DSO",
                "TensorFlow's stream executor: a symbol missing from the cuDNN / cuBLAS it opened",
                "TensorFlow opened the library named before 'DSO' and it lacks the function named (cudnnCreate: no "
                "cuDNN on the loader path, or a cuDNN of another major than this TensorFlow build was linked "
                "against); the abort / core dump after the 'Check failed' line is its consequence. Install the "
                "cuDNN (or CUDA) release this TensorFlow release was built with (its tested-build table; "
                "`tf.sysconfig.get_build_info()` in releases that have it), put its lib64 folder first on "
                "LD_LIBRARY_PATH (without root: extract cuDNN's archive into your home folder and export "
                "LD_LIBRARY_PATH=$HOME/cudnn/lib64:$LD_LIBRARY_PATH), open a new shell; or install the TensorFlow "
                "release built for the cuDNN you have.",
                product="tensorflow",
                strict=True,
            ),
            Variant(
                JETSON_BOARD,
                "Jetson: a build for another JetPack",
                "On a Jetson the CUDA libraries come with JetPack (JetPack 4: CUDA 10.2, JetPack 5: 11.4, JetPack 6: "
                "12.2+), and the package was built for another JetPack (its CUDA is the number after .so): install its "
                "build for your JetPack (NVIDIA's Jetson wheels of torch / onnxruntime-gpu for that release, or a "
                "jetson-containers / l4t image of your L4T), never copy libraries across JetPacks; `cat "
                "/etc/nv_tegra_release` (or `dpkg -l nvidia-jetpack`) shows the release.",
            ),
            Variant(
                r"(?:Faulting|Error) module name:",
                "Windows reports a crash inside a CUDA library's DLL",
                "Windows' Application Error event (or WER) shows the program crashed inside that CUDA / cuDNN DLL "
                "(0xc0000409 / 0xc0000005): most often a DLL of another CUDA or cuDNN release than the program was "
                "built for is loaded (from PATH, or one the program bundles beside a different CUDA runtime). Install "
                "the CUDA release (major and minor) the program's build expects (its release notes; for "
                "CTranslate2 / faster-whisper builds 3.x: CUDA 11.8 with cuDNN 8) or the program's build for your "
                "CUDA, remove other CUDA / cuDNN bin folders from PATH, and update the NVIDIA driver; `where "
                "cudnn64_*.dll cublas64_*.dll` lists the copies Windows can pick.",
            ),
            Variant(
                SUDO,
                "run with sudo",
                "sudo starts the program with a clean environment: LD_LIBRARY_PATH (where the library is) is dropped. "
                "Run it without sudo, or pass the path (`sudo env LD_LIBRARY_PATH=$LD_LIBRARY_PATH ./program`), or "
                "register the folder with the loader (a file in /etc/ld.so.conf.d/ and `sudo ldconfig`).",
            ),
            # issue 36, round twenty-six: the dynamic loader stopped a native program (a test binary) at its start
            Variant(
                r"error while loading shared libraries: lib\w{1,30}\.so\.\d",
                "a native program (a test binary) built against another CUDA major",
                "The dynamic loader stopped a native program at its start: it was built against the CUDA release "
                "the file names (libcudart.so.12 = CUDA 12) and no such library is on the loader's path: the "
                "machine's CUDA toolkit was upgraded to another major, or the program was built (or downloaded) "
                "for another CUDA than the one installed. `ldd <the program> | grep 'not found'` lists what is "
                "missing. If that CUDA is still installed (`ls -d /usr/local/cuda-*`), put its lib64 on "
                "LD_LIBRARY_PATH in the job that runs the program (export LD_LIBRARY_PATH=/usr/local/cuda-X.Y/"
                "lib64:$LD_LIBRARY_PATH, with CUPTI's extras/CUPTI/lib64 if it needs libcupti); otherwise install "
                "that CUDA release's libraries, or use (or rebuild) the program for the CUDA installed now.",
                strict=True,
            ),
            Variant(
                # nvcuda.dll only where it failed to load: TensorFlow logs "Successfully opened dynamic library
                # nvcuda.dll" (the driver is there) beside the cudart64_*.dll it could not load
                r"libcuda\.so(?:\.1)?\b[^\n]{0,40}cannot open"
                r"|(?:Could not load|cannot (?:find|load)|failed to load|not found)[^\n]{0,60}nvcuda\.dll"
                r"|nvcuda\.dll[^\n]{0,40}(?:not found|cannot|could not|was not)",
                "the driver's libcuda is missing",
                "The NVIDIA driver's own library (libcuda.so) is not on the loader path, so nothing CUDA can load: "
                "on WSL2 `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`; in a container start it with "
                "`--gpus all`; elsewhere install the NVIDIA driver (`nvidia-smi` must work).",
            ),
            Variant(
                # TensorFlow's dso_loader on Windows (tensorflow/stream_executor/platform/default/dso_loader.cc: "Could
                # not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found")
                r"Could not load dynamic library '?\w{1,30}64_\d{1,3}\.dll",
                "TensorFlow on Windows, a CUDA DLL of its build not found",
                "These lines are TensorFlow warnings: the GPU it found will not be used and it runs on the CPU (the "
                "driver is fine when nvcuda.dll opened). The DLL names the CUDA / cuDNN this TensorFlow was built for "
                "(cudart64_100.dll = CUDA 10.0, cudart64_101 = 10.1, cudart64_110 = CUDA 11.x, cudnn64_7 / cudnn64_8 "
                "= cuDNN 7 / 8; `tf.sysconfig.get_build_info()` shows the pair): install that CUDA toolkit and the "
                "cuDNN built for it, put their bin folders on PATH, open a new terminal and check "
                "`tf.config.list_physical_devices('GPU')`; or install the TensorFlow release built for the CUDA you "
                "have. Native Windows GPU support ends at TensorFlow 2.10 (later releases: WSL2).",
                product="tensorflow",
                strict=True,
            ),
            Variant(
                r"version `lib\w{1,30}\.so\.\d{1,3}' not found",
                "an older copy is found first",
                "A library of the right major but an older minor is found first on the loader path (a system CUDA in "
                "/usr/local/cuda/lib64 or LD_LIBRARY_PATH before the wheel's): remove it from LD_LIBRARY_PATH, or "
                "install the newer one (pip install nvidia-<library>-cuXX) and put it first.",
            ),
            Variant(
                r"CUDA[\\/]v\d{1,2}\.\d[^\n]{0,200}(?:cudnn|cublas)\w{0,30}64_\d{1,2}\.dll",
                "the DLL is on PATH, under one CUDA major's folder",
                "A copy of the DLL is on PATH (the CUDA vNN folder named), but cuDNN builds are per CUDA major and "
                "the DLLs they load (cuBLAS, cudart) must be those of the major the program was built for: if that "
                "folder's major is not the program's, install that CUDA's runtime and cuBLAS and the cuDNN built for "
                "it and put them on PATH, or install the program's build for the CUDA you have. CTranslate2 "
                "(faster-whisper): 3.x needs CUDA 11 with cuDNN 8, 4.0-4.4 CUDA 12 (cuBLAS 12) with cuDNN 8 for "
                "CUDA 12, 4.5+ CUDA 12 with cuDNN 9 (`pip install 'ctranslate2<4'` keeps CUDA 11). `where "
                "cublas64_*.dll cudnn*64_*.dll` lists the majors Windows can pick.",
            ),
            Variant(
                r"Could not load library (?:cudnn|cublas)\w{0,30}64_\d{1,2}\.dll\. Error code",
                "cuDNN 8's loader on Windows (error code 126)",
                "cuDNN 8's cudnn64_8.dll could not load the sub-library named (error 126: it, or a DLL it needs, "
                "is not found): install the cuDNN 8 built for the CUDA major your program was built with, with that "
                "CUDA's cuBLAS / cudart (and zlibwapi.dll for cuDNN 8.3+), and put their bin folders on PATH (or the "
                "nvidia-cudnn-cu11 / -cu12 wheels' bin folders), then restart the shell. CTranslate2 "
                "(faster-whisper) 3.x needs CUDA 11 + cuDNN 8, 4.0-4.4 CUDA 12 + cuDNN 8, 4.5+ CUDA 12 + cuDNN 9; or "
                "update the program to a release that ships or locates these DLLs, or run on the CPU.",
            ),
            Variant(
                # a CTranslate2 text that asks for cuDNN 8 (libcudnn_ops_infer.so.8, cudnn_ops_infer64_8.dll): the
                # command must install that major, not cuDNN 9
                r"(?:ctranslate2|whisper)[\s\S]{0,3000}?(?:libcudnn\w{0,30}\.so\.8|cudnn\w{0,30}64_8\.dll)"
                r"|(?:libcudnn\w{0,30}\.so\.8|cudnn\w{0,30}64_8\.dll)[\s\S]{0,3000}?(?:ctranslate2|whisper)",
                "CTranslate2 (faster-whisper) asking for cuDNN 8",
                "This CTranslate2 build (3.x, or 4.0-4.4) loads cuDNN 8 at its first GPU call: install cuDNN 8 for "
                "its CUDA major (`pip install 'nvidia-cudnn-cu12==8.*' nvidia-cublas-cu12` for 4.0-4.4, "
                "nvidia-cudnn-cu11==8.* with nvidia-cublas-cu11 for 3.x) and put its lib folder on LD_LIBRARY_PATH "
                "(`export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; "
                "print(os.path.dirname(nvidia.cudnn.__file__))')/lib:$LD_LIBRARY_PATH`; Windows: its bin folder on "
                "PATH), or move to ctranslate2 4.5+ (faster-whisper 1.1+), which loads cuDNN 9.",
                product="ctranslate2",
                strict=True,
            ),
            Variant(
                r"is not found or cannot be loaded|ctranslate2|faster[_-]whisper|whisperx?\b",
                "CTranslate2 (faster-whisper)",
                "CTranslate2 loads cuBLAS and cuDNN when it first runs on the GPU, and each release needs one CUDA "
                "major: 4.5 and later CUDA 12 with cuDNN 9, 4.0-4.4 CUDA 12 with cuDNN 8, 3.x CUDA 11. Install "
                "the libraries it names for that major (`pip install nvidia-cublas-cu12 nvidia-cudnn-cu12==9.*`) and "
                "put their lib folders on LD_LIBRARY_PATH (on Windows their bin folders on PATH, or "
                "os.add_dll_directory before the import), or install the ctranslate2 release made for the CUDA you "
                "have (`pip install 'ctranslate2<4'` for CUDA 11).",
                product="ctranslate2",
            ),
            # issue 36, round seventeen: a machine whose text shows non-NVIDIA graphics or a hosted CI runner
            Variant(
                r"AMD Radeon|Radeon\(TM\)|Intel\(R\) (?:UHD|Iris|HD|Arc)|\bIntel (?:UHD|Iris|Arc)\b|Apple M\d"
                r"|\bROCm\b|GITHUB_ACTIONS|\bubuntu-latest\b|" + RUNNER_PATH,
                "a machine without an NVIDIA GPU (Intel / AMD graphics, a Mac, a CI runner)",
                "This machine has no NVIDIA GPU, so no CUDA library will make the CUDA provider work: use the CPU "
                "(onnxruntime's CPUExecutionProvider; uninstall onnxruntime-gpu and install onnxruntime), or the "
                "provider for its GPU (onnxruntime-directml on Windows, onnxruntime-openvino on Intel, the ROCm / "
                "MIGraphX build on AMD), and choose providers by what session.get_providers() reports, not by "
                "get_available_providers() (which lists what the package was built with). Only on a machine with an "
                "NVIDIA GPU: install the CUDA / cuDNN libraries of the major the missing file names.",
                strict=True,
            ),
            Variant(
                r"onnxruntime|ExecutionProvider|InferenceSession",
                "ONNX Runtime",
                "Install the onnxruntime-gpu build for the CUDA and cuDNN you have (onnxruntime-gpu 1.19 and later "
                "are built for CUDA 12 and cuDNN 9, and recent releases also for CUDA 13; 1.18 and older for CUDA 11 "
                "and cuDNN 8, unless installed from the CUDA 12 feed), or install the libraries it names in the "
                "major the file names (cublasLt64_13.dll / libcublasLt.so.13 = CUDA 13: nvidia-*-cu13 wheels; _12 = "
                "cu12), pinned to the releases that onnxruntime-gpu was built with rather than the newest (its "
                "release notes; `pip install onnxruntime-gpu[cuda,cudnn]` pulls them where the release has those "
                "extras), and call onnxruntime.preload_dlls() in 1.21+. A provider that fails to load falls back to "
                "the CPU with only a log line: check that session.get_providers() lists CUDAExecutionProvider. If "
                "nothing here shows an NVIDIA GPU or driver, check that the machine has one (`nvidia-smi`): on a "
                "machine without one (Intel / AMD graphics, a Mac, a CI runner) no CUDA library helps; uninstall "
                "onnxruntime-gpu, install onnxruntime (CPU) or onnxruntime-directml / -openvino / the ROCm build, "
                "and choose the provider by what session.get_providers() reports.",
                product="onnxruntime",
            ),
            Variant(
                r"64_\d{1,3}\.dll",
                "a CUDA / cuDNN DLL not found on Windows",
                "The program looks for that DLL of one CUDA / cuDNN major (the name says which: cudnn64_9 = cuDNN 9, "
                "cublas64_12 = CUDA 12) on PATH: install that major (cuDNN 9 for CUDA 12 puts its DLLs in "
                "C:\\Program Files\\NVIDIA\\CUDNN\\v9.x\\bin\\12.x, which its installer does not add to PATH), add "
                "the folder holding the DLL to PATH (or copy it beside the program), open a new terminal, and check "
                "with `where cudnn64_9.dll`; a cuDNN / CUDA of another major does not count.",
            ),
            Variant(
                r"libnvinfer|tensorrt_libs|nvinfer",
                "TensorRT",
                "This TensorRT was built for another CUDA major than the CUDA libraries found: install the TensorRT "
                "package for your CUDA (tensorrt-cu12 / tensorrt-cu13; tensorrt-cu11 for CUDA 11) in one version, or "
                "install the CUDA libraries it needs (pip install nvidia-cublas-cuXX for the major named below).",
                product="tensorrt",
            ),
            # issue 36, round twenty-three: a compiled extension of torch's (warpctc_pytorch, a *_cuda module) built
            # against a CUDA whose runtime this machine lacks; TensorFlow's variants below would read it as TF's log
            Variant(
                r"\bimport \w{1,40}_pytorch\b|\bimport torch_\w{1,40}|\w_pytorch[\\/]__init__\.py"
                r"|from \._\w{1,40} import \*|\btorch[\\/]utils[\\/]cpp_extension\.py",
                "a compiled PyTorch extension",
                "The extension's compiled module was linked against the CUDA runtime of the major it names, which "
                "this machine lacks. `ldd` on the extension's .so shows which library is missing. With an NVIDIA GPU, "
                "put that CUDA's lib folder on LD_LIBRARY_PATH or rebuild the extension against the CUDA your torch "
                "uses (`torch.version.cuda`); on a machine without one, rebuild it CPU-only from a clean build folder "
                "(no CUDA_HOME, the project's own CPU-only build switch) and reinstall its binding.",
            ),
            # torch's own native module (torch/__init__.py: `from torch._C import *`) linked against a CUDA runtime
            # this machine lacks: the wheels on the public index bundle theirs, so this torch came from elsewhere (a
            # Jetson wheel for another JetPack, a conda build without its cudatoolkit, a source build); TensorFlow's
            # variants below would read it as TF's log (issue 36, round twenty-seven)
            Variant(
                # (torch's _load_global_deps loads its CUDA libraries with ctypes first: an OSError there)
                r"torch[\\/]__init__\.py[\s\S]{0,3000}?(?:ImportError|OSError): lib\w{2,30}\.so\.\d"
                r"|from torch\._C import \*[\s\S]{0,1500}?ImportError: lib\w{2,30}\.so\.\d",
                "`import torch` fails on a CUDA library (a torch built against a CUDA this machine lacks)",
                "This is no warning: torch's own native module cannot load the CUDA library it was linked against "
                "(libcudart.so.10.0 = CUDA 10.0, .so.10.2 = 10.2, .so.11.0 = CUDA 11.x). The torch wheels on the "
                "public index for x86_64 bring their CUDA libraries, so this torch came from elsewhere: on a Jetson, "
                "NVIDIA's torch wheel for another JetPack (JetPack 4.2 / 4.3 ship CUDA 10.0, 4.4 to 4.6 CUDA 10.2, "
                "JetPack 5 CUDA 11.4, JetPack 6 CUDA 12.2 or later; `cat /etc/nv_tegra_release` or `dpkg -l "
                "nvidia-jetpack` shows yours): uninstall it and install NVIDIA's torch wheel built for your JetPack "
                "(or reflash the JetPack the wheel was built for); elsewhere a conda torch without its cudatoolkit or "
                "a torch built from source against another CUDA: reinstall torch from PyTorch's index for your CUDA "
                "(or install that CUDA release and put its lib64 on LD_LIBRARY_PATH). Do not rename .so files across "
                "CUDA releases.",
                strict=True,
            ),
            # TensorFlow 1.x (and 2.0) link the CUDA libraries into _pywrap_tensorflow_internal: a missing one is
            # an ImportError at `import tensorflow`, no warning (issue 36, round twenty-five)
            Variant(
                r"(?:pywrap_tensorflow|native TensorFlow runtime)[\s\S]{0,6000}?ImportError: lib\w{2,30}\.so\.\d"
                r"|ImportError: lib\w{2,30}\.so\.\d[\s\S]{0,6000}?(?:pywrap_tensorflow|native TensorFlow runtime)",
                "TensorFlow 1.x: the import fails (the CUDA libraries are linked in)",
                "This is no warning: `import tensorflow` failed. TensorFlow 1.x (and 2.0) link the CUDA and cuDNN "
                "libraries of their build into the native runtime, so a tensorflow-gpu wheel cannot load, or fall "
                "back to the CPU, without them. The missing file names the CUDA release the wheel was built for "
                "(libcudart.so.9.0 = CUDA 9.0, libcublas.so.10.0 = CUDA 10.0, libcudnn.so.7 = cuDNN 7). If that "
                "release is installed somewhere (`ldconfig -p | grep <file>`, `find / -name '<file>*'`), put its "
                "lib folder on LD_LIBRARY_PATH; otherwise provide exactly that CUDA and its cuDNN to this environment "
                "(a conda env with `cudatoolkit=<that version>` and `cudnn=<major>`, NVIDIA's <that "
                "version>-cudnn<major> container image, or the toolkit and cuDNN archives with their lib64 on "
                "LD_LIBRARY_PATH), or install the TensorFlow release built for the CUDA you have (its tested-build "
                "table: tensorflow-gpu 1.5-1.12 CUDA 9.0, 1.13-1.15 and 2.0 CUDA 10.0), or the "
                "CPU package (`tensorflow`) if the GPU is not needed.",
                strict=True,
            ),
            # issue 36, round thirty-one: a package's own native library loaded with ctypes (CDLL, as prebuilt wheels
            # of GPU libraries load theirs) that was linked against a CUDA release this machine lacks; a text without
            # TensorFlow, torch or onnxruntime, whose loaders have their own variants
            Variant(
                rf"\A(?![\s\S]{{0,300000}}?(?:{_FRAMEWORK_LOADERS}))[\s\S]{{0,300000}}?"
                r"(?:ctypes[\\/]__init__\.py|\bCDLL\(|\b_dlopen\(self\._name)",
                "a package's native library loaded with ctypes (a prebuilt wheel for another CUDA)",
                "This is no warning: the package loads its own native library with ctypes (CDLL) at import, and "
                "that library was linked against the CUDA release the missing file names (lib<name>.so.<X.Y> = "
                "CUDA X.Y; a major only, lib<name>.so.<X> = CUDA X.x), which this machine lacks, so the import "
                "fails. `ldd "
                "<the package's .so in site-packages> | grep 'not found'` lists every CUDA library it still needs. "
                "Either install that CUDA release's runtime libraries (the toolkit of that version, or a conda env "
                "with cudatoolkit=<that version>) and put their lib folder on LD_LIBRARY_PATH, or build the package "
                "from source against the CUDA toolkit you have (its CMake build, then install its Python package "
                "from the build), or install a release of it built for your CUDA; do not rename .so files across "
                "CUDA releases.",
                strict=True,
            ),
            Variant(
                # TensorFlow before 2.12 logs from tensorflow/stream_executor/ (later: xla/ and tsl/); Python 3.7 or
                # 3.8 has no TensorFlow 2.14+, the first with the [and-cuda] extra
                # (a Python version alone says nothing of TensorFlow: the text must show TensorFlow; issue 36, round
                # fifty-nine)
                r"tensorflow/stream_executor/|\A(?=[\s\S]{0,300000}?(?:tensorflow|dso_loader))[\s\S]{0,300000}?"
                r"(?:python3\.[5-8]\b|Python 3\.[5-8]\b)|\bcudart64_1[01]\d?\.dll",
                "TensorFlow before 2.14 (no tensorflow[and-cuda] extra)",
                "These lines are TensorFlow warnings: it runs on, on the CPU. For the GPU, install the CUDA and cuDNN "
                "majors the lines name (this TensorFlow's tested pair: `tf.sysconfig.get_build_info()`, e.g. CUDA 11 "
                "and cuDNN 8: the toolkit / cuDNN archives, conda's cudatoolkit + cudnn, or the nvidia-*-cu11 pip "
                "wheels), add their lib folders to LD_LIBRARY_PATH, and check "
                "`tf.config.list_physical_devices('GPU')`.",
            ),
            Variant(
                r"tensorflow|dso_loader",
                "TensorFlow",
                "TensorFlow's GPU build needs the CUDA and cuDNN it was built with (the line names them): `pip "
                "install 'tensorflow[and-cuda]'` installs them; on a machine without a GPU this warning is harmless.",
                product="tensorflow",
            ),
            Variant(
                r"\bcupy\b",
                "CuPy",
                "Install the CuPy wheel for your CUDA major (cupy-cuda11x, cupy-cuda12x, cupy-cuda13x) and uninstall "
                "the others; `python -c 'import cupy; cupy.show_config()'` shows what it found.",
                product="cupy",
            ),
            Variant(
                r"\btorch\b|libtorch",
                "torch",
                "torch's CUDA build ships its CUDA libraries as nvidia-* wheels: reinstall the torch build for your "
                "CUDA (`pip install --force-reinstall torch` from the index of that CUDA) and make sure "
                "LD_LIBRARY_PATH does not put another CUDA's libraries first.",
                product="torch",
            ),
        ),
        # the text shows that very CUDA installed (/usr/local/cuda-10.0 beside libcudart.so.10.0): the library is there
        # and off the loader's path, shared-library-not-found's LD_LIBRARY_PATH fix
        # (issue 36, round forty-seven) a lockfile install (uv sync, poetry install, pixi install) then the import
        # of torch missing a CUDA library torch's own wheels ship: the lock left out the nvidia-* wheel, no major
        # is mismatched (shared-library-not-found's lockfile variant)
        # (issue 36, round fifty-one) cuDNN's own status that it loaded and one of its parts did not: serve-cudnn-
        # sublibrary
        unless=r"libtorchtrt|CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED|"
        + _LOCKFILE_SYNC_MISSING_LIB
        + r"|lib\w{2,20}\.so\.(\d{1,2}\.\d)\b[\s\S]{0,2000}?cuda-\1(?!\d)"
        r"|cuda-(\d{1,2}\.\d)(?!\d)[\s\S]{0,2000}?lib\w{2,20}\.so\.\2\b",
        advice="cuda-library",
        weight=91,
        applies="Linux and Windows; any library built for one CUDA / cuDNN major",
        shown_by=(
            "tests/troubleshooting/test_round3.py::test_cuda_library_majors_in_their_loaders_words",
            "tests/troubleshooting/test_round25_v25old.py::test_tensorflow_1x_without_its_cuda_library_fails_at_import",
        ),
        example="Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared "
        "object file: No such file or directory\nPlease make sure libcudnn_cnn_infer.so.8 is in your library path!",
        example_source="cuDNN 8's loader (libcudnn.so.8 loading its sub-libraries); cuDNN 9 says \"Unable to load "
        "library 'libcudnn_*.so.9'\" (nvidia-cudnn-cu13 9.24.0.43, libcudnn_graph.so.9)",
    ),
    KnownError(
        "no-nvidia-gpu",
        "CUDA used on a machine without an NVIDIA GPU (Intel, AMD or Apple graphics)",
        r"(?:AMD Radeon|Radeon\(TM\)|Intel\(R\) (?:UHD|Iris|HD|Arc)|Apple M\d)[^\n]{0,200}"
        r"(?:CUDA|cudaError)|(?:CUDA|cudaError)[^\n]{0,300}(?:AMD Radeon|Intel\(R\) (?:UHD|Iris|HD|Arc)|Apple M\d)"
        # a CUDA-only SDK's own check (the ZED SDK: "No NVIDIA graphics card detected. Install an NVIDIA GPU"); not
        # the kernel driver's "NVRM: No NVIDIA GPU found" (a GPU the driver branch does not support)
        r"|\bNo NVIDIA (?:graphics card|GPU) (?:was )?detected\b",
        "CUDA runs only on NVIDIA GPUs: on a machine with Intel, AMD or Apple graphics the CUDA runtime finds no "
        "NVIDIA driver, which it reports as 'CUDA driver version is insufficient' (error 35) or 'no CUDA-capable "
        "device' (100). Updating drivers cannot fix it.",
        "Run on the CPU, or use the provider for your GPU: onnxruntime's CPUExecutionProvider, DmlExecutionProvider "
        "(onnxruntime-directml, Windows) or OpenVINO; a ROCm build of torch on AMD; MPS on Apple; or run on a "
        "machine with an NVIDIA GPU. A program or SDK built on CUDA itself (no CPU path) runs only on a machine "
        "with an NVIDIA GPU and its driver (or a Jetson): installing CUDA or a driver here cannot help.",
        variants=(
            Variant(
                NO_GPU_CI,
                "a hosted CI runner",
                "Hosted CI runners (GitHub Actions' ubuntu-latest / windows-latest, GitLab's shared runners, Azure's "
                "hosted agents) have no NVIDIA GPU and no driver, so a CUDA build reports error 35 there: skip the "
                "GPU tests when no GPU is present (pytest: skip unless torch.cuda.is_available() / `nvidia-smi` "
                "runs; a CTest label or ctest -E for C++ tests), or run them on a self-hosted GPU runner; do not "
                "try to install or update a driver on the hosted runner.",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"],
                "torch_tensorrt",
                "TensorRT needs an NVIDIA GPU: build ahead of time with torchtrt_compat.build_engine and run the "
                "engine where one is; run the model itself on the CPU (or MPS / a ROCm torch) meanwhile.",
                product="torch_tensorrt",
            ),
            Variant(
                r"onnxruntime|ExecutionProvider",
                "ONNX Runtime",
                "Create the session with providers=['CPUExecutionProvider'] (or DmlExecutionProvider with "
                "onnxruntime-directml on Windows, OpenVINOExecutionProvider on Intel): the CUDA and TensorRT "
                "providers need an NVIDIA GPU. If the machine does have an NVIDIA GPU, error 35 means its driver is "
                "older than the CUDA this onnxruntime-gpu was built for: install a newer one (`nvidia-smi`).",
                product="onnxruntime",
            ),
            Variant(
                CONTAINER,
                "in a container",
                f"If the host has an NVIDIA GPU too, the container was started without it: {CONTAINER_GPUS}.",
            ),
        ),
        weight=90,
        applies="any CUDA program on a machine without an NVIDIA GPU",
        shown_by=("tests/troubleshooting/test_round3.py::test_cuda_35_without_an_nvidia_gpu",),
        example="CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=0 ; "
        "hostname=laptop ; (the machine's GPU: Intel(R) UHD Graphics 620)",
        example_source="onnxruntime's CUDA_CALL wording (core/providers/cuda/cuda_call.cc) on a host whose only GPU is "
        "an Intel one",
    ),
    KnownError(
        "ort-provider-fallback",
        "ONNX Runtime could not create the CUDA / TensorRT provider (it falls back to the CPU, or raises)",
        r"Failed to create (?:CUDA|Tensorrt|TensorRT|ROCm|Dml|DML|OpenVINO|CoreML)ExecutionProvider"
        r"|CUDA_PATH is set but CUDA wasn'?t able to be loaded"
        r"|Exception during initialization:[^\n]{0,200}providers[\\/]cuda[\\/]cuda_call\.cc"
        r"|Falling back to \[[^\n]{0,160}\] and retrying"
        # the banner onnxruntime_inference_collection.py prints before the fallback ("*************** EP Error
        # ***************"), and its "EP Error <the error> when using [...]" cut before its end
        r"|\*{5,40} ?EP Error ?\*{5,40}|\bEP Error [^\n]{0,300}?providers[\\/]cuda[\\/]cuda_call\.cc"
        # a wrapper's own words for the same fallback (Olive's engine: "The onnxruntime fallback happens.
        # CUDAExecutionProvider is not in the session providers ['CPUExecutionProvider']")
        r"|The onnxruntime fallback happens|(?:CUDA|Tensorrt|TensorRT|ROCM|Dml|DML)ExecutionProvider is not in the "
        r"session providers"
        r"|LoadLibrary failed with error \d{1,4}[^\n]{0,200}onnxruntime_providers_\w{1,20}\.dll"
        # provider_bridge_ort.cc's "Failed to load library libonnxruntime_providers_cuda.so with error: <dlerror>",
        # also when the paste is cut before the dependency the dlerror names
        r"|Failed to load library (?:lib)?onnxruntime_providers_\w{1,20}\.(?:so|dll)\b"
        #: the provider's library named on an error line (a fragment of "Error loading ...providers_cuda.dll")
        r"|\berror\b[^\n]{0,200}\bonnxruntime_providers_(?:cuda|tensorrt)\.(?:dll|so)\b"
        # the Java API (ai.onnxruntime.OrtException) when the provider's shared library cannot be loaded
        r"|OrtSessionOptionsAppendExecutionProvider_\w{1,20}: Failed to load shared library"
        # provider_bridge_ort.cc's Windows wording (ProviderSharedLibrary::Ensure / ProviderLibrary::Get: "Failed to
        # load library, error code: 126") and the pybind start-up line that follows it ("Init provider bridge failed.")
        r"|ProviderSharedLibrary::Ensure\] Failed to load library|\bInit provider bridge failed"
        # the C# / C API (logging.h, LoggingManager::DefaultLogger): a CUDA provider that failed to load while the
        # session options were made before any environment existed logs through a logger not yet registered
        r"|Attempt to use DefaultLogger but none has been registered",
        "ONNX Runtime loads each provider from its own library (onnxruntime_providers_cuda / _tensorrt), which "
        "needs the CUDA, cuDNN or TensorRT libraries of the versions the onnxruntime-gpu build was made for; when "
        "one is missing it logs this and runs on the next provider in the list, often the CPU (a warning that means "
        "the GPU is not used).",
        "Install what the provider needs for your onnxruntime-gpu release (CUDA and cuDNN of its major; for "
        "TensorRT, the TensorRT version it was built with) and put their lib folders on LD_LIBRARY_PATH (PATH on "
        "Windows), then check `python -c 'import onnxruntime as ort; print(ort.get_available_providers())'` and the "
        "session's `get_providers()` (what actually loaded).",
        variants=(
            Variant(
                r"Attempt to use DefaultLogger but none has been registered",
                "the C# / C API's DefaultLogger exception, which hides the provider's own load error",
                "In the C# (Microsoft.ML.OnnxRuntime.Gpu) and C APIs this exception is what is left of a CUDA "
                "provider that could not load when the session options were made with it before any environment "
                "existed (MakeSessionOptionWithCudaProvider / AppendExecutionProvider_CUDA), most often because the "
                "CUDA or cuDNN that package release was built for is not installed or not on PATH (e.g. cuDNN 8 for "
                "a CUDA 11 build). Install those versions and put their bin folders on PATH; create the environment "
                "first (`OrtEnv.Instance()`) so the provider's own load error is logged instead of this one.",
            ),
            Variant(
                r"The onnxruntime fallback happens|ExecutionProvider is not in the session providers",
                "a wrapper (Olive) saw the session fall back to the CPU",
                "The session the wrapper made (Olive's evaluation, an app's) came up with only CPUExecutionProvider: "
                "onnxruntime-gpu could not load its CUDA provider. Keep one onnxruntime package (`pip uninstall -y "
                "onnxruntime onnxruntime-gpu && pip install onnxruntime-gpu`: the CPU package installed beside it "
                "shadows it), give it the CUDA and cuDNN majors its release was built for on LD_LIBRARY_PATH (PATH "
                "on Windows), then check `onnxruntime.InferenceSession(model, providers=['CUDAExecutionProvider'])"
                ".get_providers()` lists CUDAExecutionProvider before running the wrapper again.",
                strict=True,
            ),
            # issue 36, round thirty: Windows' ERROR_BAD_EXE_FORMAT (193) names a DLL that is there but is no
            # valid image for this process, whatever the API (ahead of the Java variant)
            Variant(
                r"LoadLibrary failed with error 193\b|error(?: code:)? 193\b",
                "a DLL the provider loads is not a valid image for this process (Windows error 193)",
                "Windows error 193 (ERROR_BAD_EXE_FORMAT) means the provider's DLL was found, but it or a DLL it "
                "loads (cudart64_*, cublas64_*, cudnn64_* picked up from PATH) is not a valid 64-bit image for this "
                "process: a 32-bit copy or a 32-bit runtime (a 32-bit Python or Java), a truncated / corrupt file, "
                "or a same-named DLL of another program first on PATH. Run a 64-bit runtime (`java -version` / "
                "`python -c \"import struct; print(struct.calcsize('P')*8)\"`), find which copies the loader reaches "
                "(`where cudart64_12.dll cublas64_12.dll cudnn64_9.dll`; the Dependencies tool on the provider DLL), "
                "keep only the 64-bit CUDA / cuDNN of the onnxruntime release's major first on PATH, and reinstall "
                "a file that is truncated. An application that asks for the GPU (a device=gpu setting) can be set to "
                "cpu / auto meanwhile, so it falls back instead of failing.",
            ),
            Variant(
                r"ai\.onnxruntime|OrtException|: Failed to load shared library",
                "the Java API",
                "The Java artifact com.microsoft.onnxruntime:onnxruntime is the CPU build (it has no "
                "onnxruntime_providers_cuda): depend on com.microsoft.onnxruntime:onnxruntime_gpu instead, not both; "
                "with onnxruntime_gpu, the CUDA and cuDNN of its release must be on PATH / LD_LIBRARY_PATH (the "
                "provider library is unpacked to a temporary folder and loads them from there).",
            ),
            Variant(
                r"Failed to load library (?:lib)?onnxruntime_providers_(?:cuda|tensorrt)\.so",
                "the provider's library could not load a library it depends on (Linux)",
                "libonnxruntime_providers_cuda.so loads CUDA's and cuDNN's libraries of the major its onnxruntime-gpu "
                "release was built for; the text after 'with error:' names the one missing (libcublasLt.so.11 or "
                "libcudnn.so.8: a CUDA 11 build; .so.12 / libcudnn.so.9: a CUDA 12 build). When the machine's CUDA "
                "moved on (Google Colab runs CUDA 12), install the onnxruntime-gpu build for that CUDA major (1.19 "
                "and later are built for CUDA 12 by default) or install the CUDA / cuDNN runtime libraries of the "
                "build's major and put them on LD_LIBRARY_PATH; `ldd` on the provider library lists what is not "
                "found.",
            ),
            Variant(
                r"providers[\\/]cuda[\\/]cuda_call\.cc",
                "a CUDA runtime call failed while the CUDA provider was created",
                "The CUDA provider's first CUDA runtime call failed (cuda_call.cc: the cudaError after it names why; a "
                "paste cut there hides it): most often the GPU is not usable by this build: check that `nvidia-smi` "
                "works and its driver supports the CUDA major of your onnxruntime-gpu (1.19 and later are built for "
                "CUDA 12: driver 525+ on Linux, 528+ on Windows; CUDA 13 builds need 580+), that cuDNN of its major is "
                "installed, and in a container that it was started with `--gpus all`; then rerun and check the "
                "session's get_providers() lists CUDAExecutionProvider (the error's full text names the CUDA error).",
            ),
            Variant(
                r"LoadLibrary failed with error 126|error(?: code:)? 126\b",
                "a DLL the provider needs is missing (Windows error 126)",
                "Windows could not find a DLL the provider's DLL depends on (cudnn64_*, cublas64_*, nvinfer*): "
                "install those of the versions your onnxruntime-gpu needs and add their folders to PATH (or call "
                "onnxruntime.preload_dlls() in 1.21+); for the TensorRT provider, TensorRT's lib folder. A newer "
                "CUDA does not stand in for an older major: an onnxruntime-gpu built for CUDA 11 with cuDNN 8 (1.18 "
                "and older by default) needs CUDA 11.x's and cuDNN 8's DLLs even where CUDA 12 is installed, or "
                "install the onnxruntime-gpu build for your CUDA major; then `get_providers()` must list "
                "CUDAExecutionProvider.",
            ),
        ),
        downstream=True,
        severity="warns-of-failure",
        weight=84,
        applies="onnxruntime-gpu (CUDA, TensorRT providers), any platform",
        shown_by=("tests/troubleshooting/test_round3.py::test_fixes_name_the_library_the_user_ran",),
        example="[W:onnxruntime:Default, onnxruntime_pybind_state.cc:552 CreateExecutionProviderInstance] Failed to "
        "create TensorrtExecutionProvider. Please reference https://onnxruntime.ai/docs/execution-providers/"
        "TensorRT-ExecutionProvider.html#requirements to ensure all dependencies are met.",
        example_source="onnxruntime, python/onnxruntime_pybind_state.cc (CreateExecutionProviderInstance) and "
        "onnxruntime_inference_collection.py ('EP Error ... Falling back to ... and retrying')",
    ),
    KnownError(
        "ort-cpu-package",
        "This onnxruntime has no CUDA provider (the CPU package: 'CUDAExecutionProvider' is not available)",
        r"Specified provider '(?:CUDA|Tensorrt|TensorRT)ExecutionProvider' is not in available provider names"
        r"|[Aa]vailable providers:? \[?'?(?:AzureExecutionProvider'?, ?'?)?CPUExecutionProvider'?\]?'?\s*$"
        # onnxruntime's own warning with the list in any order, and wrappers' wordings of a list without CUDA:
        # Hugging Face Optimum ("the available execution providers are [...]"), RapidOCR ("is not in available
        # providers ([...])", "The available lists are [...]")
        r"|[Aa]vailable providers: '(?:(?:Azure|CPU)ExecutionProvider(?:, ?)?){1,2}'"
        r"|(?:available (?:execution )?providers(?: are)?|available lists are) \(?\["
        r"(?:'(?:Azure|CPU)ExecutionProvider',? ?){1,2}\]"
        # the providers printed right after asking for them (a REPL or a script's print)
        r"|get_available_providers\(\)\)?\s{0,20}(?:>>> ?)?(?:[\w ]{0,20}: ?)?\["
        r"(?:'(?:Azure|CPU)ExecutionProvider',? ?){1,2}\]"
        # .NET's P/Invoke into the CPU package's onnxruntime.dll, which has no CUDA / TensorRT entry point
        r"|Unable to find an entry point named '?OrtSessionOptionsAppendExecutionProvider_"
        r"(?:CUDA|Cuda|Tensorrt|TensorRT|ROCM|MIGraphX|OpenVINO|DML)\w{0,10}'? in (?:DLL|shared library)"
        # an application's own check of the list (faceswaplab: "CUDAExecutionProvider not found in
        # onnxruntime.available_providers : [...]"; DeepFaceLive: "CUDAExecutionProvider is not avaiable in
        # onnxruntime")
        r"|(?:CUDA|Tensorrt|TensorRT)ExecutionProvider'?\"? (?:is )?not (?:found|avai\w{0,6}|available|present|listed)"
        r"(?: in (?:the )?(?:onnxruntime|ort|available[_ ]providers)\b|[,.;!]|\s*$"
        # a script's own check, then what follows ("CUDAExecutionProvider not available \u2014 ONNX will fall back
        # to CPU.")
        r"|\s{0,3}(?:[\u2014\u2013-]{1,2}|\()\s{0,3}[^\n]{0,60}\b(?:fall(?:s|ing)? ?back|CPU))"
        # insightface's model loader prints the providers each session got
        r"|Applied providers: \['CPUExecutionProvider'\]"
        # the C / C# API's wording (onnxruntime's provider_factory_creators when a provider is not compiled in)
        r"|(?:CUDA|TensorRT|Tensorrt|DirectML|DML|ROCm|ROCM|MIGraphX|OpenVINO) execution provider is not enabled "
        r"in this build"
        # a wrapper built without its GPU option says so and falls back (sherpa-onnx's session.cc: "Please compile
        # with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider, . Fallback to cpu!")
        r"|Please compile with -D\w{1,40}_(?:ENABLE_)?(?:GPU|CUDA)\w{0,10}=ON",
        "The onnxruntime in this environment was built without the CUDA and TensorRT providers: the CPU package "
        "`onnxruntime` is installed instead of `onnxruntime-gpu`, or both are installed and the CPU one's files win "
        "(they share the `onnxruntime` module), so a session runs on the CPU.",
        "Remove every onnxruntime package and install the GPU one alone: `pip uninstall -y onnxruntime "
        "onnxruntime-gpu` then `pip install onnxruntime-gpu` (the build for your CUDA major); reinstall it after "
        "anything that pulls in the CPU package (e.g. a dependency pinning `onnxruntime`). "
        "`python -c 'import onnxruntime as ort; print(ort.get_available_providers())'` must list "
        "CUDAExecutionProvider.",
        variants=(
            Variant(
                FACESWAP_APPS,
                "face-swap apps (roop, Deep-Live-Cam, facefusion)",
                "The app's environment has the CPU onnxruntime. In the app's venv: `pip uninstall -y onnxruntime "
                "onnxruntime-gpu`, then `pip install onnxruntime-gpu==<the version its requirements.txt pins>` (a "
                "build for the CUDA and cuDNN installed: onnxruntime-gpu 1.19+ wants CUDA 12 and cuDNN 9); facefusion: "
                "`python install.py --onnxruntime cuda`. Then start it with the GPU provider: roop / Deep-Live-Cam "
                "`python run.py --execution-provider cuda`, facefusion `--execution-providers cuda`.",
            ),
            Variant(
                r"Please compile with -D\w{1,40}_(?:ENABLE_)?(?:GPU|CUDA)\w{0,10}=ON|sherpa[-_]onnx",
                "a wrapper whose native library was built for the CPU (sherpa-onnx)",
                "The wrapper's native library (and the onnxruntime it bundles) was built without GPU support, so it "
                "runs on the CPU whatever provider you ask for. Use its GPU build: build it with the option the "
                "message names (sherpa-onnx: `cmake -DSHERPA_ONNX_ENABLE_GPU=ON ...`, or its prebuilt CUDA shared "
                "libraries / the CUDA wheel), and install the CUDA / cuDNN that build's onnxruntime needs (see its "
                "release notes); for the Go, C# or other bindings point them at the GPU build's libraries "
                "(LD_LIBRARY_PATH / PATH, Go's CGO_LDFLAGS=-L<lib dir>).",
            ),
            Variant(
                r"Unable to find an entry point named '?OrtSessionOptionsAppendExecutionProvider",
                "the .NET CPU package (EntryPointNotFoundException)",
                "The onnxruntime.dll loaded is the CPU build from the Microsoft.ML.OnnxRuntime NuGet package (often "
                "pulled in by another package), which has no CUDA / TensorRT entry point: reference "
                "Microsoft.ML.OnnxRuntime.Gpu (Windows: .Gpu.Windows, Linux: .Gpu.Linux) instead and remove the CPU "
                "package from every project of the solution (`dotnet list package --include-transitive` shows who "
                "brings it), clean the output folder so the CPU onnxruntime.dll is gone, and put the CUDA / cuDNN "
                "its release needs on PATH.",
            ),
            Variant(
                r"Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider|\boptimum\b|ORTModel",
                "Hugging Face Optimum",
                "Optimum's ORTModel checks onnxruntime's provider list: only the CPU package is importable. `pip "
                "uninstall -y onnxruntime onnxruntime-gpu` then `pip install onnxruntime-gpu` (or `pip install "
                "optimum[onnxruntime-gpu]`), and reinstall onnxruntime-gpu after anything that pulls the CPU "
                "package back; `python -c 'import onnxruntime as ort; print(ort.get_available_providers())'` must "
                "list CUDAExecutionProvider.",
            ),
            Variant(
                r"OrtInferSession|RapidOCR|rapidocr|available lists are",
                "RapidOCR",
                "RapidOCR's onnxruntime engine asks for CUDA only when onnxruntime-gpu is the onnxruntime installed: "
                "`pip uninstall -y onnxruntime onnxruntime-gpu rapidocr-onnxruntime`, `pip install rapidocr "
                "onnxruntime-gpu`, and set `EngineConfig.onnxruntime.use_cuda: true`; its log must then list "
                "CUDAExecutionProvider.",
            ),
            Variant(
                r"ort::execution_providers|\bort-sys\b|attempting to register `",
                "the Rust ort crate",
                "The ort crate's downloaded binaries (download-binaries) are the CPU build for this target: enable "
                "its `cuda` (or `tensorrt`) feature so it fetches the GPU build where one exists, or link Microsoft's "
                "GPU release of onnxruntime yourself (`load-dynamic` with ORT_DYLIB_PATH pointing at its "
                "libonnxruntime, or ORT_LIB_LOCATION at build time); some targets (e.g. aarch64) have no prebuilt "
                "GPU build: build onnxruntime from source with --use_cuda.",
            ),
            Variant(
                r"(?:DirectML|DML) execution provider is not enabled",
                "the DirectML provider",
                "The DirectML provider ships in its own build: use onnxruntime-directml (Python) or the "
                "Microsoft.ML.OnnxRuntime.DirectML package (C#/C++, Windows) instead of the CPU one, alone.",
            ),
            Variant(
                r"execution provider is not enabled in this build",
                "the C / C# API (NuGet packages)",
                "The native package referenced is the CPU build: reference Microsoft.ML.OnnxRuntime.Gpu (CUDA and "
                "TensorRT providers) instead of Microsoft.ML.OnnxRuntime, not both, and put the CUDA / cuDNN (and "
                "TensorRT) libraries its release needs on PATH / LD_LIBRARY_PATH.",
            ),
        ),
        severity="warns-of-failure",
        weight=83,
        applies="onnxruntime / onnxruntime-gpu (and what runs on them: insightface, rembg, ...), any platform",
        shown_by=("tests/troubleshooting/test_round5.py::test_libraries_beside_tensorrt_in_their_own_words",),
        example="UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names."
        "Available providers: 'AzureExecutionProvider, CPUExecutionProvider'",
        example_source="onnxruntime, python/onnxruntime_inference_collection.py (the warning when a requested "
        "provider is not in get_available_providers())",
    ),
    KnownError(
        "cudnn-not-initialized",
        "CUDNN_STATUS_NOT_INITIALIZED / EXECUTION_FAILED (cuDNN could not start or run)",
        r"CUDNN_STATUS_NOT_INITIALIZED|CUDNN_STATUS_EXECUTION_FAILED|CUDNN_STATUS_INTERNAL_ERROR"
        r"|CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH"
        # TensorFlow's wordings (kernels/conv_ops*.cc, stream_executor's DnnSupport, fused_batch_norm_op.cc)
        r"|Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize"
        r"|DNN library is not found|cuDNN launch failure"
        # TensorFlow's pooling / LRN / batch-norm kernels when the cuDNN call returned an error (kernels/
        # pooling_ops_common.cc: errors::Internal("dnn PoolForward launch failed"), "cudnn PoolBackward launch
        # failed"; issue 36, round forty-two; the op names are written from memory of those files)
        r"|\b(?:dnn|cudnn) (?:Pool(?:Forward|Backward)|\w{2,30}(?:Forward|Backward)) launch failed"
        # TensorFlow 1.x's fatal check in conv_ops.cc when cuDNN could not create its handle (the "could not create
        # cudnn handle" line before it is often cut from the paste): "Check failed:
        # stream->parent()->GetConvolveAlgorithms(...)"
        r"|Check failed: stream->parent\(\)->GetConvolveAlgorithms"
        # XLA's (JAX, TensorFlow 2.x) when the DNN support object was not created (stream_executor_util.cc)
        r"|DNN library initialization failed"
        # dlib's CHECK_CUDNN / CHECK_CUBLAS (cudnn_dlibapi.cpp): "Error while calling cudnnCreate(&handles[...]) in
        # file ...: code: 1, reason: CUDA Runtime API initialization failed." (its string for *_STATUS_NOT_INITIALIZED)
        r"|reason: CUDA Runtime API initialization failed|Error while calling cu(?:dnn|blas)Create\("
        # a user's own sentence for it, misspellings included ("cudnn failed to initialyze")
        r"|\bcuDNN (?:failed to|could not|couldn't|can ?not) initial[iy][sz]e\b",
        "cuDNN failed to create its handle or to run a kernel; the status says little: most often the GPU had no "
        "memory left at that moment (cuDNN reports an allocation it cannot make this way), or the cuDNN loaded does "
        "not fit the CUDA runtime or the driver.",
        "Watch `nvidia-smi` while it runs: if memory is nearly full, lower the batch (or free GPU memory); if not, "
        "the cuDNN loaded does not fit the library that calls it: install (or rebuild) that library for the CUDA "
        "and cuDNN installed, check the driver supports that CUDA (`nvidia-smi`'s 'CUDA Version'), and that only one "
        "cuDNN is on the loader path; CUDA_LAUNCH_BLOCKING=1 shows the failing op. A GPU newer than the library's "
        "CUDA build fails this way too (an old torch such as 1.5+cu101 on an RTX 30xx; torch.cuda.get_arch_list() "
        "lacks the GPU's sm_XY): install a build for a CUDA that knows the GPU." + _KERNEL_CACHE_STEP,
        variants=(
            # issue 36, round thirty-two: the status came from torch's cuDNN CTC loss, not a convolution
            Variant(CUDNN_CTC, "torch's cuDNN CTC loss (nn.CTCLoss)", CUDNN_CTC_FIX),
            # OpenCV's DNN CUDA backend (cv::dnn::cuda4dnn), issue 36, round thirty-two
            Variant(OPENCV_DNN_CUDA, "OpenCV's DNN CUDA backend (cuda4dnn)", OPENCV_DNN_CUDA_FIX),
            # Lua Torch7's cudnn.torch bindings (issue 36, round sixteen): their handle, not PyTorch's
            Variant(
                r"share[\\/]lua[\\/]5\.\d|\bluajit\b|cudnn[\\/]init\.lua|\bcudnn\.torch\b|\bcutorch\b|\btorch7\b"
                r"|(?:^|[$#>]\s{0,4})th \S{1,120}\.lua\b",
                "Lua Torch7 (the cudnn.torch bindings)",
                "This is Lua Torch7, not PyTorch: cudnn.torch could not create its cuDNN handle. First check the GPU "
                "works with the driver (`nvidia-smi`; `th -e \"require 'cutorch'; print(cutorch.getDeviceCount())\"`); "
                "then install the cuDNN major that your cudnn.torch branch binds (R5, R6, R7: its README and "
                "cudnn/ffi.lua name it) and point the bindings at it (LD_LIBRARY_PATH, or CUDNN_PATH=/path/to/"
                "libcudnn.so.X), or reinstall the branch matching the installed cuDNN (`luarocks install cudnn` from "
                "that branch); or run without cuDNN (the program's nn backend, e.g. -backend nn).",
            ),
            Variant(
                r"^Stream closed\.\s{0,4}$",
                "right after the video stream ended (darknet's demo)",
                "The detection ran until the stream closed; darknet's demo loop then runs one more forward pass on an "
                "empty frame and cuDNN refuses it, so the CUDA / cuDNN installation is not at fault: update darknet "
                "(AlexeyAB's fork fixed the end-of-stream frame) and rebuild; the output written before the error is "
                "complete except its last frame.",
            ),
            Variant(
                r"\bJAX\b|jax_plugins|" + JAX_PROCESS,
                "JAX",
                "JAX's XLA could not start cuDNN: most often JAX pre-allocated 75% of the GPU and cuDNN found no "
                "memory for its handle (another process, or torch / TensorFlow in the same process, holds the "
                "rest): set XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION=.5) before "
                "importing jax. "
                'Otherwise the cuDNN loaded is older than jaxlib\'s: `pip install -U "jax[cuda12]"` (or cuda13) and '
                "unset LD_LIBRARY_PATH so its nvidia-cudnn wheel is the one found (a torch install can bring another "
                "cuDNN: keep both at one cuDNN major).",
                product="jax",
            ),
            Variant(
                r"CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",
                "cuDNN libraries of two versions",
                "cuDNN 9 is split into sub-libraries (libcudnn_ops, _cnn, _adv, _graph, _engines_*) and found ones of "
                "another version than the main library: two cuDNN copies are on the loader path (a system cuDNN in "
                "/usr/lib or LD_LIBRARY_PATH, and a pip nvidia-cudnn wheel, e.g. torch's): keep one (`ldconfig -p | "
                "grep cudnn`, `pip list | grep cudnn`), of the version the library you run was built for.",
            ),
            Variant(
                r"Error while calling cu(?:dnn|blas)Create\(|reason: CUDA Runtime API initialization failed",
                "dlib could not create its cuDNN / cuBLAS handle",
                "dlib's cudnnCreate / cublasCreate failed with NOT_INITIALIZED ('CUDA Runtime API initialization "
                "failed'). If it worked before in the same run (a handle per new thread or device), the GPU had no "
                "memory left at that moment: another framework in the process (TensorFlow reserves nearly all GPU "
                "memory by default: set allow_growth / a memory fraction; torch's cache: torch.cuda.empty_cache()) "
                "or another process holds it (`nvidia-smi` when it fails), or run dlib's model on the CPU. If it "
                "fails at the first call, dlib was built against another CUDA / cuDNN than the one loaded, or the "
                "driver is too old for it: rebuild dlib (`pip install --no-cache-dir --force-reinstall dlib` with "
                "the CUDA toolkit and cuDNN on the paths).",
            ),
            Variant(
                r"\bdlib\b|cudnn_dlibapi|in file [^\n]{1,200}\.(?:cpp|cu|cc):\d{1,6}",
                "a library built from source (dlib and the like)",
                "The library was compiled against a CUDA and cuDNN that do not match what runs now (a cuDNN or CUDA "
                "upgraded since, or one the build found that is not the one loaded), or for another GPU: rebuild it "
                "against the installed CUDA and cuDNN with a driver that supports that CUDA (dlib: `pip install "
                "--no-cache-dir --force-reinstall dlib` with the CUDA toolkit and cuDNN on the paths, then "
                "`python -c 'import dlib; print(dlib.DLIB_USE_CUDA)'`); a memory shortage shows in `nvidia-smi`.",
            ),
            Variant(
                SHOWN["ctranslate2"],
                "CTranslate2 (faster-whisper)",
                "CTranslate2 calls cuDNN itself and needs the cuDNN major its release was built for (4.5 and later: "
                "CUDA 12 with cuDNN 9; 4.0 to 4.4: cuDNN 8), and a torch in the same process loads its own "
                "nvidia-cudnn wheel first: make them agree (pip install the nvidia-cudnn-cu12 version torch pins, or "
                "the ctranslate2 release for the cuDNN you have). If `nvidia-smi` shows the GPU full, use a smaller "
                "model or compute_type='int8_float16'; device='cpu' runs without cuDNN.",
                product="ctranslate2",
            ),
            # the handle failing mid-run, after many steps (a progress bar far along, a long run): a stale CUDA JIT
            # cache (~/.nv/ComputeCache from another driver or CUDA) or memory taken since, not a missing cuDNN
            Variant(
                r"\b\d{4,9}/\d{4,9} \[\d{1,3}:\d{2}|ComputeCache|~/\.nv\b|" + LONG_RUN,
                "cuDNN's handle failing mid-run (a stale CUDA JIT cache or memory taken since)",
                "The cuDNN handle failed after the run had gone on for a while: first delete the CUDA JIT cache, "
                "which the driver fills with kernels compiled for the CUDA / driver of an earlier install (`rm -rf "
                "~/.nv/ComputeCache`, or all of ~/.nv; Windows: %APPDATA%\\NVIDIA\\ComputeCache) and rerun; if it "
                "persists, leave cuDNN memory for its workspace (TensorFlow: "
                "tf.config.experimental.set_memory_growth(gpu, True) or TF_FORCE_GPU_ALLOW_GROWTH=true; torch: a "
                "smaller batch) and check `nvidia-smi` for another process that took the GPU meanwhile.",
                strict=True,
            ),
            # issue 36, round thirty-nine: TensorFlow with a CUDA runtime newer than any its release was built for
            # (no TensorFlow release was built with CUDA 10.2; CUDA 11 / 12 libraries beside TensorFlow 1.15-2.1's
            # tensorflow_core): cuDNN fails to initialise against the CUDA loaded, whatever memory is free
            Variant(
                r"\A(?=[\s\S]{0,300000}?tensorflow)(?=[\s\S]{0,300000}?(?:libcudart\.so\.10\.2\b|cudart64_102\.dll"
                r"|\bcuda[-_ ]?(?:toolkit )?10\.2\b(?! *\|)"
                r"|\bcuda[-_ ]?(?:toolkit )?1[12]\.\d\b[\s\S]{0,300000}?tensorflow_core"
                r"|\blibcudart\.so\.1[12]\b[\s\S]{0,300000}?tensorflow_core|tensorflow_core[\s\S]{0,300000}?"
                r"(?:\blibcudart\.so\.1[12]\b|\bcuda[-_ ]?(?:toolkit )?1[12]\.\d\b(?! *\|))))",
                "TensorFlow with a CUDA toolkit newer than its build (CUDA 10.2, or 11 / 12 with TensorFlow 1.x-2.1)",
                "The text shows a CUDA toolkit newer than the one this TensorFlow release was built for (no "
                "TensorFlow release was built with CUDA 10.2; TensorFlow 1.13-2.0 used CUDA 10.0, 2.1-2.3 CUDA 10.1, "
                "2.4 CUDA 11.0), so cuDNN (built for the CUDA it was installed with) does not initialise against the "
                "runtime TensorFlow loads. Install the CUDA and cuDNN of TensorFlow's tested build configuration for "
                "this release (side by side is fine: put that CUDA's lib64 / bin first on LD_LIBRARY_PATH / PATH), "
                "or install a TensorFlow release built for the CUDA you have (tf.sysconfig.get_build_info() shows "
                "cuda_version and cudnn_version on 2.3+), or build TensorFlow from source against it; only then "
                "look at GPU memory (memory growth).",
                strict=True,
            ),
            # issue 36, round forty-two: a TensorFlow op whose cuDNN call failed at launch ("dnn PoolForward launch
            # failed", "cuDNN launch failure : input shape"): the same causes as a handle that did not start
            Variant(
                r"\b(?:dnn|cudnn) \w{2,30} launch failed|cuDNN launch failure",
                "TensorFlow: a cuDNN op failed at launch (dnn PoolForward launch failed, cuDNN launch failure)",
                "TensorFlow called cuDNN for this op (pooling, batch norm, a convolution of a saved model) and the "
                "call failed: the CUDA / cuDNN loaded do not match the ones this TensorFlow release was built with "
                "(its tested build configurations; `tf.sysconfig.get_build_info()` shows cuda_version and "
                "cudnn_version), or cuDNN found no GPU memory for its work (another process, or TensorFlow's own "
                "up-front reservation). Read TensorFlow's log from the start for its cuDNN lines ('Loaded cuDNN "
                "version', 'Could not create cudnn handle', 'Loaded runtime CuDNN library: X but source was compiled "
                "with: Y') and install the CUDA and cuDNN of that tested build (`pip install 'tensorflow[and-cuda]'` "
                "on 2.14+, or the TensorFlow release the project pins), let memory grow "
                "(`tf.config.experimental.set_memory_growth(gpu, True)` or TF_FORCE_GPU_ALLOW_GROWTH=true) and run "
                "one process per GPU.",
                product="tensorflow",
                strict=True,
            ),
            # TensorFlow's "DNN library is not found" (stream_executor: AsDnn() returned no DNN support, i.e. cuDNN
            # failed to initialise): most often the cuDNN loaded is older than the one this TensorFlow was built with,
            # else the GPU had no memory left for its handle (issue 36, round twenty-seven)
            Variant(
                r"DNN library is not found",
                "TensorFlow: 'DNN library is not found' (cuDNN did not initialise)",
                "TensorFlow's cuDNN support did not start, so its first convolution (or RNN / batch norm) fails. "
                "Look above it for TensorFlow's own reason: 'Loaded runtime CuDNN library: X but source was compiled "
                "with: Y' means the cuDNN found is older than this TensorFlow's build: install cuDNN Y (`pip install "
                "'tensorflow[and-cuda]'` brings the matching nvidia-cudnn wheel; where the system's libcudnn package "
                "is held back, as on hosted notebooks, install the libcudnn of version Y for its CUDA with `apt-get "
                "install --allow-change-held-packages libcudnn<major>=<Y>-1+cuda<X.Y>`), or pin TensorFlow to the "
                "release built for the cuDNN installed, then restart the runtime. 'Could not create cudnn handle' "
                "there means no GPU memory was left for it: let memory grow "
                "(`tf.config.experimental.set_memory_growth(gpu, True)` or TF_FORCE_GPU_ALLOW_GROWTH=true) and run "
                "one process per GPU.",
                product="tensorflow",
                strict=True,
            ),
            Variant(
                SHOWN["tensorflow"] + r"|Failed to get convolution algorithm",
                "TensorFlow",
                "TensorFlow reserves nearly all GPU memory up front, so cuDNN cannot create its handle: let memory "
                "grow (`tf.config.experimental.set_memory_growth(gpu, True)`, or TF_FORCE_GPU_ALLOW_GROWTH=true) and "
                "run one process per GPU; if it persists, install the cuDNN this TensorFlow release was built with "
                "(`pip install 'tensorflow[and-cuda]'`).",
                product="tensorflow",
            ),
            Variant(
                SHOWN["torch"],
                "torch",
                "Watch `nvidia-smi` while it runs and lower the batch (or free GPU memory) first; if memory is not "
                "the cause, check that the cuDNN loaded is the one torch was built with (torch.backends.cudnn."
                "version(); a system cuDNN on LD_LIBRARY_PATH can shadow torch's nvidia-cudnn wheel) and that the "
                "driver supports torch's CUDA; CUDA_LAUNCH_BLOCKING=1 shows the failing op. A GPU newer than torch's "
                "CUDA fails this way too (a +cu101 torch on an RTX 30xx: `python -c 'import torch; "
                "print(torch.version.cuda, torch.cuda.get_arch_list(), torch.cuda.get_device_capability())'` lacks "
                "the GPU's sm_XY): install a torch built for a CUDA that knows the GPU." + _KERNEL_CACHE_STEP,
                product="torch",
            ),
        ),
        loose=True,
        alternatives=("gpu-out-of-memory", "cuda-library-major", "gpu-arch-unsupported"),
        decide="cudnn-arch",
        weight=60,
        applies="cuDNN users (torch, TensorFlow, onnxruntime's CUDA provider, caffe2)",
        shown_by=("tests/troubleshooting/test_round3.py::test_misses_name_stage_library_and_command",),
        cuda_errors=(),
        example="RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED",
        example_source="cuDNN's status names (cudnnStatus_t; the strings of nvidia-cudnn-cu13 9.24.0.43, "
        "libcudnn_graph.so.9)",
    ),
    KnownError(
        "engine-file-empty",
        "Cannot deserialize with an empty memory buffer (the engine file is empty or was not read)",
        r"Cannot deserialize with an empty memory buffer",
        "The bytes given to deserialize_cuda_engine are empty: the engine file does not exist at that path, is "
        "0 bytes (a build that failed earlier left nothing), or was read in text mode.",
        "Check the path and the file's size (`ls -l model.engine`); rebuild the engine if it is empty (the build's "
        "own error is in its log), and read it with open(path, 'rb').",
        weight=86,
        downstream=True,
        applies="every TensorRT release",
        shown_by=("tests/troubleshooting/test_round3.py::test_misses_name_stage_library_and_command",),
        example="[TensorRT] ERROR: INVALID_ARGUMENT: Cannot deserialize with an empty memory buffer.",
        example_source="tensorrt-rtx 1.6.1.120, libtensorrt_rtx.so (its error text)",
    ),
    # ---- downstream stacks (issue 36, round four): installs, loaders and servers around TensorRT -------------------
    KnownError(
        "tensorrt-module-missing",
        "No module named 'tensorrt' (the Python that runs the code has no TensorRT bindings)",
        r"No module named ['\"]?tensorrt['\"]?(?:$|[^\w.'\"])"
        # a user's own words for the same ImportError
        r"|(?:could not|couldn't|cannot|can't|unable to) (?:find|import|load) (?:the )?(?:python )?module "
        r"['\"]?tensorrt\b(?!\.\w)"
        # a YOLOv5-style export.py whose TensorRT branch failed its requirement check (tensorrt absent or older
        # than it asks) and whose except path calls a helper it never defined (round twenty-two)
        r"|\bTensorRT: export failure\b[^\n]{0,40}name '\w{1,40}' is not defined",
        "The interpreter that ran the code cannot import TensorRT's Python package: it was installed into another "
        "Python (a venv, conda env, root's Python under sudo, another minor version), or only TensorRT's C++ "
        "libraries are installed. On Jetson, JetPack ships the bindings for the system python3 only.",
        "Install TensorRT's Python package into the Python that runs the code: `python -m pip install tensorrt` "
        "(tensorrt-cu12 / tensorrt-cu13 for one CUDA major; `python -m pip show tensorrt` checks it). The bindings are "
        "built per Python version: a tar or zip install has one wheel per version in its python/ folder, and "
        "JetPack's packages serve only the system python3 (3.6 on JetPack 4, 3.8 on 5, 3.10 on 6): run that python3, "
        "or a venv made from it with --system-site-packages.",
        variants=(
            Variant(
                r"TensorRT: export failure\b",
                "an export script's TensorRT branch (its error path hides the check)",
                "The export script's TensorRT branch checks for the tensorrt package (and a minimum version) first; "
                "that check failed, and the NameError is only the script's broken error path. Install a tensorrt "
                "Python package of the version the script asks for, matching the environment's CUDA, into the "
                'Python that runs the export (`python -c "import tensorrt; print(tensorrt.__version__)"`), then '
                "rerun the export.",
            ),
            Variant(
                SUDO,
                "run with sudo",
                "sudo runs root's environment: another python3, no virtualenv, none of your ~/.local packages. Run "
                "without sudo (or `sudo -E env PATH=$PATH python3 ...`), or install into the interpreter that sudo "
                "runs; compare `python3 -c 'import sys; print(sys.executable)'` with and without sudo. On a Jetson, "
                "JetPack's TensorRT bindings belong to the system /usr/bin/python3 only.",
            ),
            *app_python_variants("tensorrt-cu12", "tensorrt"),
            Variant(
                JETSON + r"|\bnano\b|dist-packages/tensorrt",
                "Jetson",
                "JetPack installs TensorRT's Python bindings for its system Python only (/usr/lib/python3.X/"
                "dist-packages/tensorrt: 3.6 on JetPack 4, 3.8 on JetPack 5, 3.10 on JetPack 6) and pip has no "
                "Jetson wheel of tensorrt: run with that python3, or make the venv with `--system-site-packages` "
                "from it (conda and other Python versions cannot import it), or build the bindings for your Python "
                "from TensorRT's python/ folder against JetPack's TensorRT.",
            ),
            Variant(
                r"\bconda\b|\bvenv\b|virtualenv|site-packages",
                "a virtual environment",
                "TensorRT is not installed in this environment: activate it and run `python -m pip install tensorrt` "
                "(or the tar/zip's python/ wheel for this Python version); an environment does not see the system's "
                "dist-packages unless it was made with `--system-site-packages` (the way to use JetPack's bindings "
                "on a Jetson).",
            ),
        ),
        unless=r"torch_tensorrt[\\/]",
        commands=(CHECK,),
        weight=80,
        applies="every platform; Jetson (JetPack's bindings are for the system Python only)",
        shown_by=("tests/troubleshooting/test_round4.py::test_installs_and_loaders_in_their_own_words",),
        example="ModuleNotFoundError: No module named 'tensorrt'",
        example_source="CPython's import error for a module not on sys.path (importlib._bootstrap, "
        "_find_and_load_unlocked)",
    ),
    KnownError(
        "cuda-unavailable",
        "torch sees no GPU: torch.cuda.is_available() is False (GPUs requested but none are available)",
        r"is_available\(\)\)?\s{0,6}(?:\n[^\n]{0,24}){0,1}?\bFalse\b|GPUs requested but none are available"
        r"|torch\.cuda\.is_available\(\)\s{0,2}(?:is|returns?|=|==|gives|shows|->)\s{0,2}False"
        #: a library's own check of it (xformers' memory-efficient attention: "torch.cuda.is_available() should be True
        #: but is False"; issue 36, round fifty-four)
        r"|torch\.cuda\.is_available\(\) should be True but is False"
        #: the same told by the GPU count: "torch.cuda.device_count() returns 0" (a modulo / division by the count,
        #: a list of no GPUs)
        r"|device_count\(\)\s{0,2}(?:is|returns?|returned|=|==|gives|shows|->)\s{0,2}0\b"
        #: an application's own fallback notice ("CUDA not available - defaulting to CPU", "... using CPU instead")
        r"|CUDA (?:is )?not available[^\n]{0,12}(?:defaulting|falling back|fall back|using|switching)"
        r"(?: to)? (?:the )?CPU"
        #: the user's own assert / raise on torch.cuda.is_available() ("AssertionError: cuda device is not avaliable",
        #: "RuntimeError: CUDA is not available", "assert torch.cuda.is_available()")
        r"|(?:Assertion|Runtime|Value|Environment|System)Error:? {0,2}[^\n]{0,40}\b(?:cuda|gpu)\b[^\n]{0,24}"
        r"\b(?:is|are) not (?:available|avaliable|availabe|avaiable|avalable|found|detected)"
        r"|assert\s{1,4}torch\.cuda\.is_available\(\)[^\n]{0,80}\n(?:[^\n]{0,200}\n){0,2}\s{0,8}AssertionError"
        # issue 36, round forty-three: an assertion that checks torch.cuda.is_available() inside a condition (a flag
        # that asks for CUDA: "assert not params.cuda or torch.cuda.is_available()")
        r"|assert\s{1,4}(?!not\s{1,4}torch\.cuda\.is_available\(\))[^\n]{1,80}\btorch\.cuda\.is_available\(\)[^\n]{0,80}\n"
        r"(?:[^\n]{0,200}\n){0,2}\s{0,8}AssertionError"
        #: torch's own warnings when AMP is asked for without CUDA (torch 2.14 torch/amp/grad_scaler.py and
        #: torch/amp/autocast_mode.py)
        r"|GradScaler is enabled, but CUDA is not available|User provided device_type of 'cuda', but CUDA is not "
        r"available|CUDA is not available or torch_xla is imported\. "
        r"Disabling autocast"
        #: Lightning's accelerator connector (lightning/pytorch/trainer/connectors/accelerator_connector.py)
        r"|`?(?:CUDA|GPU)Accelerator`? can not run on your system since the accelerator is not available"
        #: issue 36, round thirty-four: older Lightning's connector when GPUs were asked for and torch has no GPU
        #: backend (MisconfigurationException("No supported gpu backend found!"); wording from memory)
        r"|No supported gpu backend found"
        #: tiny-cuda-nn's bindings when torch sees no GPU (bindings/torch/tinycudann/modules.py)
        r"|Unknown compute capability\. Ensure PyTorch with CUDA support is installed"
        #: issue 36, round thirty: an application's fallback notice that names no CUDA device ("Did not find CUDA
        #: device on your computer, fallback to cpu"), and libtorch's availability printed by a binding's program
        #: (tch-rs: `tch::Cuda::is_available()` as "Cuda available: false")
        r"|(?:Did not find|Could not find|Cannot find|No) (?:a |any )?CUDA devices? [^\n]{0,40}(?:fall(?:ing)? ?back|"
        r"defaulting|switching)(?: to)? (?:the )?CPU\b"
        r"|^Cuda available:? {0,2}false\b",
        "torch reports no usable GPU; it does not say why: a CPU-only torch build, a process or container that sees "
        "no GPU (no driver, Docker without --gpus, CUDA_VISIBLE_DEVICES empty), or a driver too old for the build's "
        "CUDA.",
        "Check, in order: `nvidia-smi` lists the GPU (if not: the driver, or the container's GPU access); `python -c "
        "'import torch; print(torch.__version__, torch.version.cuda)'` shows a CUDA build (None or '+cpu' is a "
        "CPU-only torch: install the CUDA build); nvidia-smi's 'CUDA Version' is at least torch.version.cuda; "
        "CUDA_VISIBLE_DEVICES is not empty.",
        variants=(
            # issue 36, round forty-three: the program's own flag asked for CUDA and its assertion checks that torch
            # has it (an assert on a --cuda / --gpu option or torch.cuda.is_available())
            Variant(
                r"assert\s{1,4}[^\n]{0,60}\b(?:params|args|opts?|config|cfg|FLAGS|hparams|self\.\w{1,20})\."
                r"(?:use_)?(?:cuda|gpus?)\b[^\n]{0,60}torch\.cuda\.is_available\(\)",
                "the program's own flag asks for CUDA (--cuda / --gpu) and torch has none",
                "The program was told to use CUDA (its --cuda / --gpu option, often on by default) and asserts that "
                "torch can: here torch sees no GPU. On a machine without an NVIDIA GPU, run it on the CPU by "
                "turning the flag off (`--cuda False`, or leave out --gpu / --cuda; see the script's argument "
                "parser for the spelling); with a GPU, install a CUDA build of torch (`python -c 'import torch; "
                "print(torch.__version__, torch.version.cuda, torch.cuda.is_available())'` must show a CUDA "
                "version and True; `nvidia-smi` must list the GPU) and the GPU builds of what the program uses "
                "beside it (the GPU build of every library that has a CPU-only twin).",
                strict=True,
                sure=True,
            ),
            # issue 36, round thirty: a Rust program on libtorch (tch-rs) that linked the CPU-only libtorch its
            # build found or downloaded
            Variant(
                r"^Cuda available:? {0,2}false\b|^Cudnn available:? {0,2}false\b|\btch-rs\b|\btorch-sys\b|LIBTORCH",
                "a Rust program on libtorch (tch-rs): the libtorch it linked",
                "The program links libtorch through tch-rs, and its build used a CPU-only libtorch (torch-sys "
                "downloads the CPU build unless told otherwise), so it sees no GPU even where Python's torch does. "
                "Build against a CUDA libtorch of the version the tch release wants: `export LIBTORCH_USE_PYTORCH=1` "
                "in an environment whose pip torch is that version with CUDA (it reuses that torch's libraries), or "
                "download libtorch's CUDA build and set LIBTORCH=<its folder> (LD_LIBRARY_PATH=$LIBTORCH/lib), then "
                "`cargo clean -p torch-sys` and rebuild; `tch::Cuda::is_available()` must then print true.",
            ),
            Variant(
                r"\bray::\w|\(\w{1,60} pid=\d{1,9}(?:, ip=[\d.]{7,15})?\)|RayTaskError|RayActorError|@ray\.remote",
                "inside a Ray task or actor",
                "Ray gives a task or actor GPUs only when it asks for them: it sets CUDA_VISIBLE_DEVICES from "
                "num_gpus, so one declared without it sees none. Declare @ray.remote(num_gpus=1) (or "
                ".options(num_gpus=1), ScalingConfig(use_gpu=True) in Ray Train), make sure the cluster has them "
                "(`ray status`; ray start --num-gpus=N), and check ray.get_gpu_ids() inside the actor.",
            ),
            # issue 36, round thirty-six: a Kubernetes pod (device plugin, runtime class, nvidia.com/gpu limit)
            Variant(KUBERNETES_POD, "a Kubernetes pod", KUBERNETES_GPU_FIX),
            # issue 36, round thirty-six: torch and onnxruntime's CUDA provider both find no GPU in one process (a
            # serving container's check): not torch's CPU build, the process has no GPU device
            Variant(
                r"\bCudaCall\b|cuda_call\.cc|CUDAExecutionProvider",
                "torch and onnxruntime's CUDA provider both find no GPU (the process has no GPU device)",
                "Both torch and onnxruntime's CUDA provider fail to reach a GPU, so it is not one package's CPU "
                "build: the process has no GPU device. In a deployment's container (a serving image, a managed "
                "platform's local deployment) the container was started without a GPU device request: start it "
                "with `docker run --gpus all ...` (the NVIDIA Container Toolkit on the host), or turn on the "
                "deployment tool's GPU option for local runs (its GPU flag, or a GPU instance type for a hosted "
                "endpoint); `nvidia-smi` inside the container must list the GPU. On a host without an NVIDIA GPU, "
                "use providers=['CPUExecutionProvider'] and the CPU image.",
            ),
            Variant(
                r"docker|container|nvidia-docker|\bpod\b",
                "in a container",
                "The container sees no GPU unless it is started with one: `docker run --gpus all ...` (the NVIDIA "
                "Container Toolkit on the host; `nvidia-docker run` for old setups) and an image whose torch is a CUDA "
                "build (`conda install ... cpuonly` or a +cpu wheel in the Dockerfile gives a CPU-only torch).",
            ),
            Variant(
                JETSON,
                "Jetson",
                "On a Jetson, pip's torch for aarch64 is a CPU-only build: `python -c 'import torch; "
                "print(torch.__version__, torch.version.cuda)'` shows None. Install NVIDIA's torch wheel for your "
                "JetPack (`cat /etc/nv_tegra_release` or `dpkg -l nvidia-jetpack` gives the release), or run an "
                "l4t-pytorch / l4t-ml container, and torchvision built against it.",
            ),
        ),
        loose=True,
        alternatives=("torch-cpu-build", "no-gpu-visible", "cuda-driver-insufficient"),
        weight=55,
        applies="torch (and what runs on it: Lightning, torch_tensorrt), any release",
        shown_by=("tests/troubleshooting/test_round4.py::test_installs_and_loaders_in_their_own_words",),
        example="pytorch_lightning.utilities.exceptions.MisconfigurationException: GPUs requested but none are "
        "available.",
        example_source="pytorch_lightning's accelerator connector (the MisconfigurationException it raises when "
        "torch.cuda.is_available() is False)",
    ),
    KnownError(
        "driver-library-missing",
        "The NVIDIA driver's library (libcuda.so / nvcuda.dll) cannot be loaded",
        r"libcuda\.so(?:\.1)?:? cannot open shared object file|(?:dlopen|load|open|find)\w{0,3} '?libcuda\.so"
        # the dynamic loader's own form, for a program linked against the driver library (issue 36, round thirty-six:
        # "tensorflow_model_server: error while loading shared libraries: libcuda.so.1", cut before its reason)
        r"|error while loading shared libraries: libcuda\.so(?:\.1)?\b"
        r"|Could not find module '?[^'\n]{0,200}nvcuda\.dll|libnvidia-ml\.so(?:\.1)?:? cannot open shared object file"
        r"|NVML Shared Library Not Found"
        # issue 36, round thirty-seven: pynvml / nvidia-ml-py's exception class for it, and a traceback through its
        # loader (pynvml.py's _LoadNvmlLibrary raises NVMLError_LibraryNotFound when CDLL of nvml.dll /
        # libnvidia-ml.so.1 fails), cut before the exception line; a GPU-monitoring call inside an app (GPUtil,
        # gpustat, nvitop, a memory check) makes it
        r"|\bNVMLError_LibraryNotFound\b|pynvml[\w/\\.]{0,40}\.py\"?, line \d{1,5}, in _LoadNvmlLibrary\b"
        # a program's own NVML loader (issue 36, round thirty-three): "failed to load libnvidia-ml.so.1"
        r"|(?:failed to|could not|cannot|unable to) (?:load|open|dlopen) (?:library )?['\"]?libnvidia-ml\.so"
        # a binding that looks the driver's entry points up itself and finds no libcuda (CUDA.jl, cudarc)
        r"|could not load symbol \"?cu(?:DriverGetVersion|Init|GetProcAddress)\b"
        # Julia's dlsym of a driver entry point where no libcuda was found (CUDA.jl: "could not load symbol
        # \"cuDriverGetVersion\""), and cudarc's loader ("Unable to dynamically load the \"cuda\" shared library")
        r"|could not load symbol \"cu[A-Z]\w{2,40}\"|Unable to dynamically load the \"cuda\" shared library"
        r"|could not load library \"(?:lib)?cuda\"|could not load library \"nvcuda\""
        # the toolkit's link-time stub libcuda loaded instead of the driver's (`_STUB_LIBCUDA`)
        + "|"
        + _STUB_LIBCUDA
        # JCuda's LibUtils for its driver-API library, whose only CUDA dependency is the driver's libcuda.so.1 /
        # nvcuda.dll ('Error while loading native library "JCudaDriver-0.9.0d-linux-x86_64"'), issue 36, round thirty
        + r"|Error while loading native library \"JCudaDriver-"
        # FFmpeg's loader of the driver for its NVIDIA codecs and CUDA filters (nv-codec-headers' dynlink_loader.h:
        # "Cannot load nvcuda.dll" / "Cannot load libcuda.so.1"), issue 36, round fifty-nine
        + r"|\bCannot load (?:nvcuda\.dll|libcuda\.so(?:\.1)?)\b",
        "The CUDA driver library comes with the NVIDIA driver, not with CUDA or pip: it is missing where no driver is "
        "installed, in a container started without the NVIDIA runtime, or under WSL2 when /usr/lib/wsl/lib is not "
        "on the loader path.",
        "Make the driver visible to the process: install the NVIDIA driver (`nvidia-smi` must work); in Docker start "
        "the container with `--gpus all` (or `runtime: nvidia` / a GPU device reservation in compose, with the "
        "NVIDIA Container Toolkit on the host); on WSL2 `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`. "
        "On a machine with no NVIDIA GPU (a CPU VM, CI, Intel or AMD graphics) there is no driver to install: "
        "install the CPU builds of the packages instead (torch's CPU wheel or cpuonly, dgl / jaxlib / tensorflow-cpu "
        "without CUDA, the project's CPU environment file).",
        variants=(
            # issue 36, round fifty-nine: FFmpeg's NVENC / NVDEC / CUDA filters on a machine without the NVIDIA driver
            Variant(
                r"\b\w{2,8}_(?:nvenc|cuvid)\b|\bnvenc\b|\bnvdec\b|\bhwaccel\b|\bscale_cuda\b|\bhwupload_cuda\b",
                "FFmpeg's NVIDIA encoder / decoder (NVENC / NVDEC) on a machine without the NVIDIA driver",
                "FFmpeg loads the NVIDIA driver's nvcuda.dll / libcuda.so.1 at run time for its NVIDIA codecs "
                "(h264_nvenc, hevc_nvenc, *_cuvid) and CUDA filters, and this process found none. In a container "
                "(a media server's image) it was started without the GPU: run it with the NVIDIA runtime (`--gpus "
                "all` or --runtime=nvidia, NVIDIA_VISIBLE_DEVICES=all, NVIDIA_DRIVER_CAPABILITIES=all or "
                "compute,video,utility; the NVIDIA Container Toolkit, or Unraid's driver plugin, on the host). On a "
                "machine without an NVIDIA GPU (an Intel or AMD one, a VM) choose a codec that does not need it "
                "(libx264 / libx265 / libvpx-vp9 in software, or the GPU's own encoder: h264_qsv on Intel, h264_amf "
                "on AMD, h264_vaapi on Linux; in a library or app, its codec setting that maps to NVENC). Otherwise "
                "install the NVIDIA driver: `nvidia-smi` must work.",
            ),
            # issue 36, round thirty-three: the text says the program's CUDA needs a newer driver than the one
            # installed (a driver branch below a number, a CUDA major's runtime requirement, cudaErrorInsufficientDriver
            # / its number 35): the driver's libraries are old, not absent
            Variant(
                r"driver[^\n]{0,30}?(?:<|older than|below|too old)\s{0,3}(?:r|branch )?\d{3}\b"
                r"|CUDA \d{2}(?:\.\d{1,2}|\.x)? runtime requirement|cudaErrorInsufficientDriver"
                r"|CUDA_ERROR_(?:INSUFFICIENT_DRIVER|COMPAT_NOT_SUPPORTED_ON_DEVICE)|\bexit(?:ed with)? code:? 35\b",
                "a driver too old for the program's CUDA (the text names the driver branch or CUDA major it needs)",
                "The text points at the driver's age, not its absence: the program (a prebuilt GPU library or "
                "extension in a conda or pip environment) was built for a newer CUDA major than the "
                "installed driver serves (`nvidia-smi`'s 'CUDA Version' is the newest it serves), and its first CUDA "
                "call fails with cudaErrorInsufficientDriver (35), or earlier, at a probe of the driver's "
                "libraries. Install a driver of the branch that CUDA major needs (CUDA 12: 525 or "
                "newer; CUDA 13: 580 or newer, per CUDA's release notes, from memory), with its libnvidia-ml, and "
                "reboot; or use the program's build for the CUDA major the driver serves (its CUDA 12 build, a "
                "cuda-version=12 pin in the environment).",
            ),
            # issue 36, round thirty: JCuda's driver binding (its native library needs only the driver's libcuda)
            Variant(
                r"Error while loading native library \"JCudaDriver-|\bjcuda\.driver\b",
                "JCuda's driver binding (JCudaDriver needs the driver's libcuda.so.1 / nvcuda.dll)",
                "JCuda unpacked its JCudaDriver native library, but it could not load because the NVIDIA driver's "
                "library it links (libcuda.so.1 on Linux, nvcuda.dll on Windows; the nested 'attempt to load the "
                "library as a resource' trace names it, sometimes translated or cut) is not on this machine: it has "
                "no NVIDIA driver (a server or container without a GPU), or the driver's folder is off the loader "
                "path. Install the NVIDIA driver (`nvidia-smi` must work; in Docker `--gpus all`), or add the "
                "folder holding libcuda.so.1 to LD_LIBRARY_PATH; on a machine without a GPU, do not load JCuda "
                "(guard the class that calls JCudaDriver so the program runs without it).",
            ),
            Variant(
                r"libcuda\.so[\w.]{0,8}: undefined symbol: cu[A-Z]",
                "a libcuda without the driver's entry points (the toolkit's stub)",
                "The libcuda.so loaded lacks the driver's entry points: it is the CUDA toolkit's link-time stub "
                "(<cuda>/lib64/stubs) or another fake copy ahead of the driver's on the loader path. Remove the stubs "
                "folder from LD_LIBRARY_PATH (it is for linking only), and check `ldconfig -p | grep libcuda` lists "
                "the driver's copy (installed with the NVIDIA driver, version-numbered like libcuda.so.550.xx).",
            ),
            # issue 36, round twenty-six: the runtime (or NCCL, which checks it at communicator init) says outright
            # that the libcuda it found is the stub
            Variant(
                _STUB_LIBCUDA,
                "the toolkit's stub libcuda found at run time (CUDA driver is a stub library)",
                "The process resolved libcuda to the CUDA toolkit's link-time stub (<cuda>/lib64/stubs/libcuda.so) "
                "instead of the driver's libcuda.so.1, so CUDA (and NCCL at its communicator init) refuses to run. "
                "Keep the stubs folder off the run-time search path: remove it from LD_LIBRARY_PATH (a CI or Docker "
                "image often exports it for the build), and check the libraries the program loads for a runpath "
                "baked in at link time (`readelf -d <the .so> | grep -i path`): link with -L<cuda>/lib64/stubs only, "
                "never -Wl,-rpath to it, and relink. `ldd <the .so> | grep libcuda` must show the driver's copy "
                "(in a container, the one the NVIDIA runtime mounts).",
            ),
            Variant(
                r"CUDA\.jl|\bjulia\b|\.jl:\d|\bCUDA\.functional",
                "Julia (CUDA.jl)",
                "CUDA.jl found no NVIDIA driver library (libcuda / nvcuda.dll) on this host, so its driver calls "
                "fail. On a machine with a GPU: install the NVIDIA driver (`nvidia-smi` must work) and check with "
                "`using CUDA; CUDA.versioninfo()`. On CI or a host without a GPU: guard GPU code with "
                "`CUDA.functional()`, and update CUDA.jl (`] up CUDA`): older releases looked driver symbols up in "
                "the julia process itself when no libcuda was found, which fails this way instead of reporting 'no "
                "driver'.",
            ),
            # issue 36, round thirty-two: a Singularity / Apptainer container (its own /.singularity.d/libs on the
            # loader path, where --nv binds the host driver's libraries) started without --nv
            Variant(
                SINGULARITY,
                "a Singularity / Apptainer container (no --nv)",
                "The container runs under Singularity / Apptainer (its /.singularity.d/libs folder is on the loader "
                "path: --nv binds the host driver's libcuda there), and libcuda.so.1 is not in it: the container "
                "was started without `--nv`, or on a node without the GPU driver. Start it with the GPU: "
                "`singularity exec --nv image.sif ...` / `apptainer exec --nv ...`; in a workflow manager, its "
                "container options (Nextflow: `singularity.runOptions = '--nv'` or the pipeline's GPU profile / "
                "containerOptions; Snakemake: `--singularity-args '--nv'`), on a GPU node of the cluster (Slurm: "
                "--gres=gpu:1), passing CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES through where the workflow "
                "filters the environment. Check with `singularity exec --nv image.sif nvidia-smi`. Without it the "
                "program runs on the CPU (TensorFlow and JAX only warn).",
            ),
            # issue 36, round thirty-six: the text shows the host has no GPU at all (a CPU instance type of a cloud
            # serving platform, a CPU-only node): a GPU build of the framework cannot load there, --gpus cannot help
            Variant(
                _CPU_ONLY_HOST,
                "a GPU build on a CPU-only host or instance",
                "The host has no NVIDIA GPU (the text names a CPU instance type or a host without a GPU), so there is "
                "no driver and no libcuda.so.1 to mount: the GPU build of the framework (tensorflow-gpu, a CUDA "
                "serving image, onnxruntime-gpu) dies at import. Deploy the CPU build there (the framework's CPU "
                "image / image_uri, Dockerfile.cpu, tensorflow-cpu, a CPU wheel), or deploy the GPU image to a GPU "
                "instance type or node (SageMaker ml.g* / ml.p*, a GPU VM size, a node with the NVIDIA driver).",
                strict=True,
            ),
            # issue 36, round thirty-six: a managed endpoint (SageMaker's health check of a production variant, its
            # /opt/ml paths): the platform mounts the host driver only on GPU instance types
            Variant(
                r"did not pass the ping health check|\bproduction variant\b|\bsagemaker\b|/opt/ml/",
                "a SageMaker endpoint (driver only on GPU instance types)",
                "SageMaker mounts the host's NVIDIA driver (libcuda.so.1) into the serving container only on GPU "
                "instance types (ml.g*, ml.p*): a GPU image (tensorflow-gpu, a CUDA serving image) deployed to a CPU "
                "instance type (ml.m*, ml.c*, ml.t*, ml.r*) dies at import and fails the ping health check. Deploy "
                "the framework's CPU image (the CPU variant of the serving image) on CPU instances, or "
                "deploy to a GPU instance type. On a GPU instance type, base a custom image on the framework's GPU "
                "serving image and keep the driver's folder on LD_LIBRARY_PATH (do not overwrite it in the image).",
            ),
            # issue 36, round thirty-six: a Kubernetes pod (the NVIDIA device plugin and runtime, not docker's --gpus)
            Variant(
                KUBERNETES_POD,
                "a Kubernetes pod",
                KUBERNETES_GPU_FIX,
            ),
            Variant(
                r"docker|container|kubernetes|\bk8s\b|\bpod\b|compose",
                "in a container",
                "The container was started without the NVIDIA runtime, so the host driver's libcuda is not mounted: "
                "`docker run --gpus all ...` (compose: `deploy.resources.reservations.devices: [{driver: nvidia, "
                "capabilities: [gpu]}]` or `runtime: nvidia`), with the NVIDIA Container Toolkit installed on the "
                "host; `nvidia-smi` inside the container must list the GPU.",
            ),
            Variant(
                r"\bwsl\b|/usr/lib/wsl",
                "WSL2",
                "Under WSL2 the driver's libcuda lives in /usr/lib/wsl/lib: `export "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (and do not install a Linux NVIDIA driver "
                "inside WSL).",
            ),
            # issue 36, round thirty-seven: pynvml on Windows looking for nvml.dll
            Variant(
                r"nvml\.dll|\\NVSMI\b|^\s{0,8}File \"[A-Za-z]:\\[^\n]{0,300}pynvml[^\n]{0,60}\.py\", line",
                "pynvml on Windows (nvml.dll)",
                "NVML on Windows is nvml.dll, installed by the NVIDIA driver: current drivers (DCH) put it in "
                "C:\\Windows\\System32, while older pynvml releases (and copies vendored by apps) look only in "
                "C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvml.dll. `where nvml.dll` and `nvidia-smi` "
                "show whether the driver installed it. Replace the old package with NVIDIA's current binding "
                "(`pip uninstall pynvml` then `pip install nvidia-ml-py`, which tries System32 first), or copy "
                "nvml.dll from System32 into that NVSMI folder; if the machine has no NVIDIA driver or GPU, the "
                "GPU-monitoring call (a GPU memory check in the app) must be skipped or removed.",
                strict=True,
            ),
            # (and NVML's libnvidia-ml.so, which an NVML binding that dlopens the unversioned name asks for: Rust's
            # nvml-wrapper through libloading; issue 36, round fifty-six)
            Variant(
                r"(?<![\w.])(?:libcuda|libnvidia-ml)\.so: cannot open shared object file",
                "only the unversioned libcuda.so / libnvidia-ml.so is looked for (cuDNN 8, Triton, NVML bindings)",
                "The program opens the driver library by its unversioned name libcuda.so (cuDNN 8's "
                "libcudnn_cnn_infer, Triton) or libnvidia-ml.so (an NVML binding that loads the bare name, such as "
                "Rust's nvml-wrapper); the driver installs libcuda.so.1 and libnvidia-ml.so.1, the unversioned links "
                "come with its development package. Check `ldconfig -p | grep -e libcuda -e libnvidia-ml`: if the "
                ".so.1 is listed (nvidia-smi works), add the link beside it (`sudo ln -s libcuda.so.1 <that "
                "folder>/libcuda.so && sudo ldconfig`, likewise libnvidia-ml.so.1 -> libnvidia-ml.so; or install the "
                "driver's dev package, e.g. libnvidia-compute / libnvidia-ml-dev / nvidia-driver-dev), or have the "
                "program load the .so.1 name; do not "
                "point LD_LIBRARY_PATH at the toolkit's lib64/stubs. On WSL2: `export "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`. If nothing is listed: install the NVIDIA driver, "
                "or in a container start it with `--gpus all` (podman / CDI: a CDI spec that mounts the driver's "
                "libcuda.so*).",
            ),
        ),
        weight=92,
        applies="any CUDA program (Linux, containers, WSL2, Windows)",
        shown_by=(
            "tests/troubleshooting/test_round4.py::test_installs_and_loaders_in_their_own_words",
            "tests/troubleshooting/test_round37_v37federated.py::test_pynvml_without_its_library",
        ),
        example="RuntimeError: Failed to dlopen libcuda.so",
        example_source="cuda-python's driver loader (cuda/bindings/_bindings/cydriver, its dlopen failure text)",
    ),
    KnownError(
        "int8-calibration",
        "INT8 without calibration (no calibrator, no dynamic ranges: no scaling factors)",
        r"Calibration failure occurr?ed with no scaling factors detected|Int8 mode specified but no calibrator"
        r"|Calibrator is not being used\. Users must provide dynamic range|Builder failed while configuring INT8 mode",
        "INT8 needs a scale for every tensor: from a calibrator that runs representative batches, from ranges set "
        "by hand, or from the Q/DQ nodes of an explicitly quantized model; the INT8 flag was set with none of them "
        "(an unset or empty calibrator, or one that never ran).",
        "Give TensorRT the scales: set a calibrator on the config you build with (config.int8_calibrator = an "
        "IInt8EntropyCalibrator2 whose get_batch returns representative batches; trtexec --int8 --calib=<cache>), or "
        "set each tensor's range (ITensor.set_dynamic_range), or build an explicitly quantized model (Q/DQ nodes, "
        "e.g. from NVIDIA modelopt); or drop the INT8 flag and build FP16.",
        variants=(
            Variant(
                r"nvinfer|NvDsInfer|deepstream|int8-calib-file|network-mode",
                "DeepStream",
                "nvinfer builds INT8 only with a calibration table: set int8-calib-file in the [property] section "
                "to a table made for this model (by the exporter or a calibration run), or build FP16 "
                "(network-mode=2).",
                product="deepstream",
            ),
            Variant(
                r"torch_tensorrt|Torch-TensorRT",
                "torch_tensorrt",
                "torch_tensorrt's dynamo path takes no calibrator: quantize the model first (NVIDIA modelopt, "
                "mtq.quantize with a calibration loop), then compile with enabled_precisions={torch.int8}.",
                product="torch_tensorrt",
            ),
        ),
        weight=82,
        applies="INT8 builds (TensorRT's implicit quantization), every release",
        shown_by=("tests/troubleshooting/test_round4.py::test_quantization_and_python_interfaces",),
        example="ERROR: Calibration failure occurred with no scaling factors detected. This could be due to no int8 "
        "calibrator or insufficient custom scales for network layers. Please see int8 sample to setup calibration "
        "correctly.",
        example_source="TensorRT's builder error table (TensorRT Developer Guide, error messages: 'Calibration failure "
        "occurred with no scaling factors detected')",
    ),
    KnownError(
        "tensorrt-python-subclass",
        "A Python subclass of a TensorRT interface lacks a method (pure virtual function) or its base __init__",
        r"Tried to call pure virtual function \"[\w:]{0,120}"
        r"(?:Calibrator|Plugin|Allocator|ErrorRecorder|Logger|Monitor|StreamReader|_pyimpl)[\w:]{0,80}\""
        r"|(?:tensorrt|trt)[\w.]{0,60}\.I\w{2,60}\.__init__\(\) must be called when overriding __init__",
        "TensorRT calls the methods of a Python calibrator, plugin, allocator, logger or monitor from C++; "
        "pybind11 raises this when it finds no Python method to call: the subclass does not define it (missing or "
        "misspelt), its __init__ did not call the base class's, or the Python object is gone (garbage-collected "
        "while TensorRT still held it).",
        "Define every method of the interface with its exact name (the message names the one missing; a calibrator "
        "needs get_batch_size, get_batch, read_calibration_cache and write_calibration_cache, returning None from "
        "read_calibration_cache when there is no cache), call the base __init__ first in yours "
        "(trt.IInt8EntropyCalibrator2.__init__(self) or super().__init__()), and keep a reference to the object "
        "until the build ends, set on the object you build with (config.int8_calibrator with "
        "build_serialized_network(network, config); not builder.int8_calibrator mixed with a config).",
        op=r"pure virtual function \"[\w]{0,80}::(\w{1,60})\"",
        weight=84,
        applies="TensorRT's Python API (calibrators, IPluginV2/V3 Python plugins, IGpuAllocator, ILogger, "
        "IProgressMonitor)",
        shown_by=("tests/troubleshooting/test_round4.py::test_quantization_and_python_interfaces",),
        example='RuntimeError: Tried to call pure virtual function "IInt8EntropyCalibrator2::read_calibration_cache"',
        example_source="pybind11's PYBIND11_OVERRIDE_PURE failure text (pybind11/pybind11.h, 'Tried to call pure "
        "virtual function') as TensorRT's Python bindings raise it",
    ),
    KnownError(
        "buffer-size-mismatch",
        "A copy into (or an allocation of) an engine's buffer was rejected: invalid argument",
        r"cuMemcpy\w{0,20} failed: invalid (?:argument|value)|cuMemAlloc\w{0,10} failed: invalid (?:argument|value)"
        r"|cudaMemcpy\w{0,20}[^\n]{0,160}(?:invalid argument|cudaErrorInvalidValue)",
        "CUDA rejects a copy whose size or pointers do not fit the buffers (the host array is larger than the "
        "device buffer, or not contiguous, or of another dtype), or an allocation of an impossible size: most often "
        "a buffer sized from an engine shape with a dynamic -1 dimension, or an input not resized to the engine's "
        "shape.",
        "Make the host array exactly the device buffer: resize or pad the input to the engine's input shape, cast "
        "it to the engine's dtype (trt.nptype(engine.get_tensor_dtype(name)); a float16 engine takes np.float16), "
        "make it contiguous (np.ascontiguousarray) and copy into the page-locked buffer with np.copyto(host, "
        "x.ravel()); check host.nbytes against the allocation.",
        # a binding left null (the engine has more I/O tensors than the code binds): TensorRT's own condition says so
        unless=r"nullBindingOK|bindings\[x\] != nullptr",
        variants=(
            Variant(
                r"\(-1,|\[-1,|, -1\)|,-1\]|Dynamic tensor|dynamic shape|get_binding_shape|get_tensor_shape",
                "a dynamic (-1) dimension",
                "The engine has a dynamic dimension (-1), so a size computed from engine.get_tensor_shape / "
                "get_binding_shape is negative or wrong: set the input shapes first (context.set_input_shape(name, "
                "shape)), then size each buffer from context.get_tensor_shape(name), outputs included, or allocate "
                "for the profile's maximum (engine.get_tensor_profile_shape(name, 0)[2]).",
            ),
        ),
        requires=r"memcpy|Malloc|mem_alloc|cuda_call|cudart|pagelocked|\bcuMem",
        cuda_errors=("cudaErrorInvalidValue", "CUDA_ERROR_INVALID_VALUE"),
        weight=70,
        applies="TensorRT's Python API with pycuda or cuda-python buffers, any release",
        shown_by=("tests/troubleshooting/test_round4.py::test_buffers_and_shapes",),
        example="pycuda._driver.LogicError: cuMemcpyHtoDAsync failed: invalid argument",
        example_source="pycuda's error text ('<routine> failed: <CUresult string>', src/cpp/cuda.hpp) for "
        "CUDA_ERROR_INVALID_VALUE",
    ),
    KnownError(
        "onnx-export-unsupported-op",
        "torch.onnx cannot export an operator at this opset",
        r"Exporting the operator [`'‘]?[\w:.]{1,80}[`'’]? to ONNX opset version \d{1,3} is not supported"
        r"|ONNX export failed on an operator with unrecognized namespace|Couldn't export (?:Python )?operator \w{1,80}",
        "torch.onnx has no translation of this op at the opset asked: the op exists in ONNX only from a later opset "
        "(GridSample from 16, for example), or it has no ONNX equivalent (a custom or Python op).",
        "Export with the opset the message names ('Support for this operator was added in version N': "
        "torch.onnx.export(..., opset_version=N), and a runtime that reads that opset); otherwise register a "
        "symbolic (torch.onnx.register_custom_op_symbolic) or rewrite the op with supported ones.",
        variants=(
            Variant(
                r"unrecognized namespace (?:xformers|flash_attn)|xformers\w{0,10}::|flash_attn\w{0,10}::"
                r"|memory_efficient_attention|flash_fwd",
                "a third-party attention op (xformers / flash-attn)",
                "The op is xformers' or flash-attn's attention kernel, which has no ONNX form (a higher opset or a "
                "symbolic does not help): export with it turned off so the model uses PyTorch's own attention "
                "(ComfyUI: --disable-xformers or --use-pytorch-cross-attention; diffusers: "
                "pipe.disable_xformers_memory_efficient_attention() or AttnProcessor2_0 / the math SDPA; uninstall "
                "xformers for the export if the app offers no switch), then export and build the engine again. "
                "'Could not open file ... .onnx' after it only follows from the missing export.",
                strict=True,
            ),
            Variant(
                SHOWN["torch_tensorrt"] + "|" + SHOWN["tensorrt"],
                "for TensorRT",
                "Export with the opset the message names ('Support for this operator was added in version N': "
                "torch.onnx.export(..., opset_version=N), and a TensorRT whose ONNX parser reads it); otherwise "
                "register a symbolic (torch.onnx.register_custom_op_symbolic) or rewrite the op with supported ones. "
                "To build a TensorRT engine from PyTorch, torch_tensorrt / torchtrt_compat.compile skips ONNX.",
            ),
        ),
        op=r"Exporting the operator [`'‘]?([\w:.]{1,80})[`'’]? to ONNX|Couldn't export (?:Python )?operator (\w{1,80})",
        advice="onnx-opset",
        weight=75,
        applies="torch.onnx.export (the TorchScript exporter), every torch release",
        shown_by=("tests/troubleshooting/test_round4.py::test_exports_and_parsers",),
        example="torch.onnx.errors.UnsupportedOperatorError: Exporting the operator 'aten::grid_sampler' to ONNX opset "
        "version 11 is not supported. Support for this operator was added in version 16, try exporting with this "
        "version.",
        example_source="torch 2.14 torch/onnx/errors.py (UnsupportedOperatorError's message)",
    ),
    KnownError(
        "triton-backend-missing",
        "Triton cannot find the model's backend library (libtriton_<backend>.so)",
        r"unable to find '(?:[\w./-]{0,200}/)?libtriton_\w{1,60}\.so' for model"
        r"|unable to find backend library for backend '[\w.-]{1,60}'",
        "Triton loads each model's backend from its backend directory (/opt/tritonserver/backends/<name>/ unless "
        "--backend-directory says otherwise): this image or install has no such backend, the directory is "
        "elsewhere, or config.pbtxt names a platform / backend that does not exist.",
        "Use a tritonserver image that ships the backend (the full <yy.mm>-py3 images; -min images and some releases "
        "leave backends out), pass --backend-directory where the backends are, or correct platform / backend in "
        "config.pbtxt (tensorrt_plan for a TensorRT engine, onnxruntime_onnx, pytorch_libtorch).",
        op=r"unable to find '(?:[\w./-]{0,200}/)?(libtriton_\w{1,60}\.so)'|for backend '([\w.-]{1,60})'",
        weight=85,
        applies="Triton Inference Server, every release",
        shown_by=("tests/troubleshooting/test_round4.py::test_servers_and_pipelines",),
        example="failed to load 'model' version 1: Invalid argument: unable to find backend library for backend "
        "'tensorrt', try specifying runtime on the model configuration.",
        example_source="Triton core, src/backend_model.cc (TritonModel::ResolveBackendPaths: 'unable to find backend "
        "library for backend')",
    ),
    KnownError(
        "gstreamer-element-missing",
        "A GStreamer element could not be created (DeepStream: Failed to create '…')",
        r"Failed to create '[\w.-]{1,80}'|no element \"[\w-]{1,80}\"|Unable to create (?:pgie|sgie|nvinfer|nvosd"
        r"|nvdsosd|nvvidconv|streammux|tracker|encoder|decoder|sink|source)\b"
        # issue 36, round forty-six: a framework's wrapper around a failed element (Savant's
        # savant.gstreamer.element_factory.CreateElementException "Unable to create element ..."; a pipeline
        # helper's "Unable to create element <name>"), GStreamer's own debug line (gstelementfactory.c: "no such
        # element factory \"%s\"!", written from memory) and a paste that says the factory call returned NULL
        r"|CreateElementException: Unable to create element|\bUnable to create element\b"
        r"|no such element factory \\?\"[\w-]{1,80}\\?\""
        r"|gst_element_factory_make\b[^\n]{0,120}?(?:returned|returns|is) (?:NULL|None)\b",
        "gst_element_factory_make returned nothing: the GStreamer plugin that provides the element did not load "
        "(not installed, a library it links is missing, blacklisted in the registry cache after a failed load), "
        "or the DeepStream release does not match the JetPack / driver it runs on.",
        "Ask GStreamer why: `gst-inspect-1.0 <factory>` (nvdsosd, nvinfer, nvv4l2decoder, ...); after installing or "
        "upgrading DeepStream clear the registry cache (`rm -rf ~/.cache/gstreamer-1.0`), and have DeepStream's "
        "plugin folder on GST_PLUGIN_PATH and its lib folder on LD_LIBRARY_PATH; check the plugin's "
        "libraries load (`ldd` on its libnvdsgst_*.so, 'not found'); use the DeepStream release made for your "
        "JetPack or driver, and in Docker run with --runtime nvidia.",
        variants=(
            # issue 36, round forty-six: Savant builds nvinfer's model (ONNX to TensorRT engine) while it creates
            # the element, so its CreateElementException also stands for a model that could not be prepared
            Variant(
                r"CreateElementException|\bModelElement\(|\bNvInfer\w{0,20}\(",
                "a framework's element factory (Savant) could not create an nvinfer / DeepStream element",
                "The framework raised this for the element as a whole; the reason is in the log lines above it "
                "(read them from the first ERROR): for nvinfer the model is prepared while the element is created, "
                "so a model file missing from the mounted model / cache folder (the ONNX not exported or not "
                "downloaded there), a TensorRT engine build that failed, or a container without the GPU (`docker "
                "run --gpus all` / the NVIDIA runtime) all end here. If no such error is there, the plugin itself "
                "did not load: run `gst-inspect-1.0 nvinfer` inside the same container (DeepStream's plugins under "
                "/opt/nvidia/deepstream/deepstream/lib/gst-plugins on GST_PLUGIN_PATH, DeepStream's lib folder on "
                "LD_LIBRARY_PATH), clear the registry cache (`rm ~/.cache/gstreamer-1.0/registry*`) and use the "
                "framework's image made for your DeepStream / JetPack release.",
            ),
        ),
        requires=r"deepstream|gst|GStreamer|nvds|NvDs|create_pipeline|_bin\b|nvinfer",
        op=r"Failed to create '([\w.-]{1,80})'|no element \"([\w-]{1,80})\"",
        weight=75,
        applies="DeepStream and GStreamer pipelines (deepstream-app, deepstream_python_apps, gst-launch-1.0)",
        shown_by=("tests/troubleshooting/test_round4.py::test_servers_and_pipelines",),
        example="** ERROR: <create_osd_bin:58>: Failed to create 'nvosd0'\n** ERROR: <create_pipeline:1294>: "
        "create_pipeline failed",
        example_source="deepstream-app's bins (sources/apps/apps-common/src/deepstream_*_bin.c: NVGSTDS_ERR_MSG_V "
        "(\"Failed to create '%s'\", elem_name))",
    ),
    KnownError(
        "onnx-model-unreadable",
        "TensorRT's ONNX parser cannot read the model file (missing, not a file, or not an ONNX protobuf)",
        r"Could not open file [^\n]{1,400}\.onnx|Failed to parse the ONNX model(?::|\.\")"
        r"|MODEL_DESERIALIZE_FAILED|Failed to parse ONNX model from file"
        # the parser's fallback to protobuf text format on a file that is not a binary ONNX (a Git LFS pointer's
        # first token 'version', an HTML page's '<')
        r"|Error parsing text-format (?:onnx2trt_onnx|onnx)\.ModelProto",
        "The parser never reached a node: the path does not exist or is a directory, or the bytes are not an ONNX "
        "protobuf (a download that stopped, a Git LFS pointer or an HTML page saved as .onnx, a model over 2 GB "
        "whose external-data files are not beside it).",
        "Check the file: `ls -l MODEL.onnx` (the path the log names, relative to where the program runs), then "
        "`python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"`. Download or export it again (for a "
        "repository's models, its download script or `git lfs pull`); a model over 2 GB needs its external-data "
        "files in the same folder.",
        variants=(
            Variant(
                r"has no field named \"version\"|git-lfs",
                "a Git LFS pointer",
                "The .onnx is a Git LFS pointer (a text file of three lines starting 'version https://git-lfs...'; "
                "the parser, failing on it as binary, read it as protobuf text and stopped at 'version'), not the "
                "model: install git-lfs and run `git lfs pull` in the repository (or download the model as its "
                "README says), check the file's size, then rebuild the engine.",
            ),
            Variant(
                r"has no field named \"(?:html|DOCTYPE|head)\"|<!DOCTYPE|<html|Expected identifier, got: <",
                "a file that is not a model (an HTML page)",
                "The .onnx is not a model (the parser read it as protobuf text and stopped at its first character): "
                "usually a web page a download link saved (a hub's 'blob' page instead of its raw / 'resolve' URL, a "
                "login page) or a file cut short. `head -c 200 MODEL.onnx` shows what it is; download the raw file "
                "again and check it with `python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"`.",
            ),
            Variant(
                r"ModelProto: \d{1,6}:\d{1,6}: Invalid control characters",
                "a binary file that is not a whole ONNX model",
                "The file is binary but not a whole ONNX protobuf: a download or copy cut short, a model over 2 GB "
                "saved without its external-data files, or another format named .onnx (a TensorRT engine, a "
                "PyTorch checkpoint). Compare its size with the source's, export or download it again (external data "
                "beside it), and check it with `python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"`.",
            ),
        ),
        weight=78,
        downstream=True,
        applies="ONNX models built with TensorRT (trtexec, OnnxParser.parse_from_file), any release",
        shown_by=("tests/troubleshooting/test_round5.py::test_tensorrt_tools_in_their_own_words",),
        example="[E] [TRT] ModelImporter.cpp:705: Failed to parse ONNX model from file: model/hitnet.onnx",
        example_source="onnx-tensorrt ModelImporter.cpp (parseFromFile: 'Failed to parse the ONNX model: <file>', "
        "ErrorCode kMODEL_DESERIALIZE_FAILED; older releases 'Could not open file' and 'Failed to parse ONNX model "
        "from file')",
    ),
    KnownError(
        "trtexec-not-found",
        "trtexec is not on PATH (command not found)",
        r"trtexec:? command not found|'trtexec' is not recognized as an internal or external command"
        r"|trtexec: not found|No such file or directory: '?trtexec'?",
        "trtexec comes with TensorRT's full install, in its bin folder (a tar / zip: TensorRT-<version>/bin; the "
        "Debian packages and JetPack: /usr/src/tensorrt/bin), which is not on PATH; the pip wheel tensorrt has "
        "no trtexec.",
        "Add the folder to PATH: `export PATH=$PATH:/usr/src/tensorrt/bin` on JetPack and the Debian packages "
        "(in ~/.bashrc to keep it), `TensorRT-<version>/bin` of a tar or zip install (PATH on Windows); with only "
        "the pip wheel, build the engine from Python (the builder API, polygraphy) or install TensorRT's tar / zip.",
        weight=80,
        applies="TensorRT's command-line tool, every release; Jetson (JetPack puts it in /usr/src/tensorrt/bin)",
        shown_by=("tests/troubleshooting/test_round5.py::test_tensorrt_tools_in_their_own_words",),
        example="/bin/bash: trtexec: command not found",
        example_source="bash's 'command not found' and cmd.exe's 'is not recognized' for TensorRT's trtexec "
        "(TensorRT installation guide: trtexec is in the bin folder of the tar / zip and /usr/src/tensorrt/bin)",
    ),
    KnownError(
        "trtexec-shape-name",
        "trtexec's --shapes names an input the network does not have (Cannot find input tensor with name)",
        r"Cannot find input tensor with name",
        "The name given to --shapes / --minShapes / --optShapes / --maxShapes is not one of the network's inputs: "
        "a typo, a name with a colon or spaces not quoted, or an input the export left out (torch.onnx.export "
        "drops inputs the graph does not use, and names them input.1, ... unless input_names says otherwise).",
        "List the model's real input names (`polygraphy inspect model MODEL.onnx`, or Netron) and pass those: "
        "`--shapes=name:1x3x224x224`, quoted when the name has a colon (`--shapes=\\'input:0\\':1x3x224x224`). "
        "If the input is missing from the ONNX, export again with input_names (and dynamic_axes) naming it and "
        "make sure the model uses it.",
        op=r"Cannot find input tensor with name \"?([\w.:/-]{1,120})",
        weight=80,
        applies="trtexec (TensorRT's command-line tool), every release",
        shown_by=("tests/troubleshooting/test_round5.py::test_tensorrt_tools_in_their_own_words",),
        example='[E] Cannot find input tensor with name "x" in the network inputs! Please make sure the input '
        "tensor names are correct.",
        example_source="TensorRT samples/common/sampleEngines.cpp (setupNetworkAndConfig: the profile of each "
        "--shapes name)",
    ),
    KnownError(
        "engine-deserialize-none",
        "deserialize_cuda_engine returned None ('NoneType' object has no attribute 'create_execution_context')",
        r"'NoneType' object has no attribute '(?:create_execution_context|num_bindings|num_io_tensors"
        r"|get_binding_\w{1,20}|get_tensor_\w{1,20}|serialize|max_batch_size)'",
        "TensorRT's Python API returns None, not an exception, when it cannot deserialize an engine (or build "
        "one); the reason is in TensorRT's log just before: an engine built by another TensorRT release or on "
        "another GPU, a plugin not loaded, or a file that is empty or not an engine.",
        "Read the TensorRT log lines above the traceback (raise the logger to trt.Logger.VERBOSE if there are "
        "none): a version or GPU mismatch means rebuilding the engine here with the TensorRT you run; a missing "
        "plugin means loading its library (trt.init_libnvinfer_plugins(logger, '') for TensorRT's own) before "
        "deserializing. Check the result: `if engine is None: raise RuntimeError(...)`.",
        loose=True,
        alternatives=("engine-version-mismatch", "plugin-not-found", "engine-file-empty"),
        weight=45,
        downstream=True,
        applies="TensorRT's Python API (deserialize_cuda_engine, build_engine), every release",
        shown_by=("tests/troubleshooting/test_round5.py::test_tensorrt_tools_in_their_own_words",),
        example="    self.context = self.engine.create_execution_context()\nAttributeError: 'NoneType' object "
        "has no attribute 'create_execution_context'",
        example_source="TensorRT's Python bindings (IRuntime.deserialize_cuda_engine returns None on failure and "
        "logs why)",
    ),
)

#: Every family: the core rows above, then the domain modules of `families/`.
KNOWN_ERRORS: tuple[KnownError, ...] = (*_CORE, *FAMILIES)

#: torch.compile's Inductor compiling a graph (its compile_fx, graph lowering, scheduler and code generation; not its
#: runtime: cudagraph trees, the generated kernels' launches) and Triton's own compile error (issue 36, round
#: forty-seven)
_INDUCTOR_COMPILING = (
    r"torch[\\/]_inductor[\\/](?:compile_fx|graph|scheduler|lowering|select_algorithm|async_compile"
    r"|codegen[\\/][\w\\/]{1,80})\.py\"?,? line \d{1,6}, in (?!run\b|_run\b|__call__\b)"
    r"|\bcompile_fx\(|\btriton\.compiler\.errors\.CompilationError\b"
)
#: torch.compile's advice under a failure of dynamo or a backend it runs (torch/_dynamo/exc.py)
_TORCH_COMPILE_TAIL = (
    r"|You can suppress this exception and fall back to eager by setting"
    r"|torch\._dynamo\.config\.suppress_errors ?= ?True"
)

#: a model converter between frameworks, by its module, package or command (onnx-tensorflow's onnx_tf, onnx2tf,
#: X2Paddle, onnx2tflite, onnx2keras, tf2onnx, OpenVINO's mo / ovc), or onnx2tf's own ERROR lines around the trace of
#: a node it could not translate ("ERROR: The trace log is below.", "ERROR: onnx_op_name: ..."); issue 36, round
#: forty-six
CONVERTER_WORDS = (
    "|" + MODEL_CONVERTERS + r"|\bopenvino[\\/.]tools[\\/.](?:mo|ovc)\b"
    r"|^ERROR: (?:The trace log is below\.|input_onnx_file_path: |onnx_op_name: |Read this and deal with it\.)"
)

#: Where a text shows its stage: (stage, pattern); the marker that comes last in the text wins (a traceback ends
#: where it failed). Used only when no family matched: then `explain` names the stage and its next step.
STAGE_MARKERS: tuple[tuple[str, str], ...] = (
    (
        "install",
        # pip's install as a command the user ran: at a line's start, after a shell's prompt, `sudo`, `&&` or a
        # Dockerfile's RUN; not the command a message quotes as its remedy ("requires Accelerate: `pip install
        # accelerate`", "Please run 'pip install x'"), which names the fix, not the stage that failed (issue 36,
        # round fifty-one)
        r"(?:^[ \t]{0,8}\(?|[$#>%!][ \t]{0,3}|&&[ \t]{0,3}|\b(?:RUN|sudo|uv) {1,3})"
        r"(?:[\w./\\:-]{0,120}python3?(?:\.\d{1,2})?(?:\.exe)? -m )?pip3?(?:\.\d{1,2})?(?:\.exe)? install\b"
        r"|Could not find a version that satisfies|Building wheel for|Requires-Python"
        r"|^\s{0,4}Collecting [A-Za-z0-9][\w.\[\]-]{0,80}|Installing collected packages|pip's dependency resolver"
        r"|No solution found when resolving dependencies|version solving failed|Unable to find installation candidates"
        # package managers' and downloaders' own error lines (apt, dpkg, curl, pip's build subprocess, uv)
        r"|^E: (?:Unable to correct problems|Unmet dependencies|Sub-process /usr/bin/dpkg|Failed to fetch"
        r"|Could not get lock|Unable to fetch some archives|The repository '|Release file for )"
        r"|^dpkg: (?:error|dependency problems)|The following packages have unmet dependencies"
        r"|Errors were encountered while processing:|^\s{0,8}curl: \(\d{1,2}\) |subprocess-exited-with-error"
        r"|did not run successfully\.|Failed to download `|Request failed after \d{1,3} retries"
        # pip's check of the installed set after an install: 10 to 20.2's "x 1.6 has requirement torch>=1.6, but
        # you'll have torch 1.4.0 which is incompatible." and 20.3 and later's "x 1.6 requires torch>=1.6, but you
        # have torch 1.4.0 which is incompatible." (issue 36, round thirty-seven)
        r"|^\s{0,8}(?:ERROR: )?[\w.-]{1,80} [\w.+!-]{1,40} (?:has requirement|requires) [^\n]{1,200}, but you(?:'ll)? "
        r"have [^\n]{1,160} which is incompatible"
        # conda's solver and channel errors (issue 36, round forty)
        r"|^ResolvePackageNotFound:|\bPackagesNotFoundError: |^UnsatisfiableError: "
        r"|The following packages are not available from current channels",
    ),
    (
        "compile",
        r"make(?:\[\d{1,3}\])?: \*\*\*|recipe for target|CMakeFiles[\\/]|^CMake Error|collect2: error|nvcc fatal"
        # nvcc's sub-tools' own diagnostics ("fatbinary fatal   : ...", "ptxas fatal   : ...") and ninja's error line
        r"|^(?:fatbinary|ptxas|nvlink|cicc) (?:fatal|error)\s{0,4}: |^ninja: error: "
        r"|error: {1,3}command '[^'\n]{1,200}' failed|\bld returned \d|/usr/bin/ld: |ninja: build stopped"
        r"|LINK : fatal error|error LNK\d{4}|: fatal error C\d{4}|: error C\d{4}:"
        # MSVC's diagnostic pasted alone, without the file before it ("error C2872: 'std': ambiguous symbol"; issue
        # 36, round forty-five)
        r"|^\s{0,8}(?:fatal )?error C\d{4}: "
        r"|^running build_ext|^building '[\w.]{1,80}' extension|^Emitting ninja build file|: fatal error: "
        r"|\.cu\(\d{1,6}\): error|^\s{0,4}error: (?:identifier|no instance of|expected a)"
        r"|failed to run custom build command for `|build-script-build|nvcc error while compiling"
        # build tools other than make / setuptools, by their own lines (issue 36, round forty-seven): ninja's refusal
        # of its build file (also in an issue's title), xmake's own error and command, a Rust build script's CUDA
        # build (bindgen_cuda / cc-rs: "nvcc error while executing compiling: ..."), EasyBuild's test summary of a
        # build it ran
        r"|^(?:\(issue title: )?ninja: error: |^error: @programdir[\\/]|\bcannot get program for \w{1,12}\b"
        r"|^\s{0,4}\$?\s{0,4}xmake(?: [\w-]{1,20})?(?: -[\w-]{1,20}){0,6}\s*$|\bbindgen_cuda\b"
        r"|\bnvcc error while executing compiling\b|^WARNING: \d{1,6} test failures?, \d{1,6} test errors? \(out of \d"
        # torch.compile's Inductor (its compile_fx and graph-to-module codegen) and Triton's own compile error: the
        # model's compilation, not its run (issue 36, round forty-seven)
        r"|"
        + _INDUCTOR_COMPILING
        # the NVIDIA HPC SDK's compiler lines ("nvc++-Error-Switch ...", "NVFORTRAN-S-0084-..."; issue 36, round forty)
        + r"|^(?:NVC|NVC\+\+|NVCPP|NVFORTRAN|PGC|PGCC|PGC\+\+|PGF90|PGF95|PGFORTRAN)-[SF]-\d{4}-"
        r"|^(?:nvc|nvc\+\+|nvfortran|pgcc|pgc\+\+|pgf90|pgfortran)-(?:Error|Fatal)-"
        # torch's JIT extension build (torch.utils.cpp_extension.load and its ninja run)
        r"|torch[\\/]utils[\\/]cpp_extension\.py|Error building extension '|\bin _run_ninja_build\b"
        r"|\bin _jit_compile\b|\bin _write_ninja_file_and_build_library\b"
        # a project's configure script (its command, its own failure line: Kaldi's "***configure failed: ...***",
        # autoconf's "configure: error: ...") and Bazel's CUDA autoconfiguration (TensorFlow's cuda_configure.bzl):
        # checks that run before anything compiles (issue 36, round twenty-five)
        r"|^\s{0,4}(?:\$\s{1,4})?\./configure\b|\bconfigure failed: |^configure: error: |Cuda Configuration Error: "
        r"|\bbazel build\b|^ERROR: [^\n]{0,400}\bBUILD(?:\.bazel)?:\d{1,6}:\d{1,4}: |\berror loading package\b"
        r"|^ERROR: Skipping '//"
        # MSBuild's own codes and project files (Visual Studio: "error MSB3721: The command ... nvcc.exe ... exited
        # with code 2", a copied error-list row "Error\tMSB3721\t..."): a Visual Studio build
        r"|\bMSB\d{4}\b|\.vcxproj\b"
        # ninja's failed edge of an object file and the compiler command under it ("FAILED: spmm.cuda.o", then
        # "/usr/local/cuda/bin/nvcc --generate-dependencies-with-compile ..."), a JIT extension build's own lines
        # (issue 36, round thirty-one)
        r"|^FAILED: [^\n]{0,300}\.(?:o|obj)\s*$|^\s{0,4}(?:[\w./\\-]{0,200}[/\\])?nvcc(?:\.exe)? {1,4}-{1,2}\w"
        # torch.compile's own tail under a dynamo or inductor failure (torch/_dynamo/exc.py: "You can suppress this
        # exception and fall back to eager by setting: ... torch._dynamo.config.suppress_errors = True"): the model's
        # compilation by torch.compile failed (issue 36, round thirty-three)
         + _TORCH_COMPILE_TAIL,
    ),
    (
        "import",
        r"^\s{0,8}(?:import|from) (?:tensorrt\w{0,8}|torch_tensorrt|pycuda|onnxruntime|cupy|tensorflow)\b|ImportError"
        r"|ModuleNotFoundError|LoadLibrary failed|ProviderLibrary::Get|Failed to load library"
        r"|cannot open shared object file|Could not load (?:dynamic )?library"
        r"|error while loading shared libraries|Unable to load (?:DLL|shared library) '|DllNotFoundException"
        r"|UnsatisfiedLinkError|Failed to load \w{1,20} native library"
        r"|could not load symbol \"|Unable to dynamically load the \""
        # protobuf's check at the import of generated code ("If this call came from a _pb2.py file, ...")
        r"|came from a _pb2\.py file|Descriptors cannot (?:not )?be created directly"
        # macOS dyld binding a library at load (dlopen's "Symbol not found: __ZN...", "Referenced from: ...", "Expected
        # in: ...", "Library not loaded: @rpath/...") (issue 36, round thirty-one)
        r"|\bdlopen\([^\n]{1,400}\): (?:Symbol not found|Library not loaded)|^\s{0,8}Symbol not found: _"
        r"|^\s{0,8}Library not loaded: |^\s{0,8}Referenced from: |^\s{0,8}Expected in: ",
    ),
    (
        "export",
        r"torch[\\/]export[\\/]|torch[\\/]_export[\\/]|torch\.export\.export|torch\._dynamo\.exc\."
        r"|torch[\\/]onnx[\\/]|torch\.onnx\.export|\bexport_onnx\b|Exporting the operator|ONNX export failed"
        r"|UnsupportedOperatorError|\btorch2onnx\b" + CONVERTER_WORDS,
        # model converters between frameworks, by their modules and commands (onnx-tensorflow's onnx_tf, onnx2tf,
        # X2Paddle, onnx2tflite, onnx2keras, tf2onnx, OpenVINO's model converters mo / ovc) and onnx2tf's own ERROR
        # block around the trace of a node it could not translate (onnx2tf/utils/common_functions.py); issue 36,
        # round forty-six
    ),
    ("lowering", r"torch_tensorrt[\\/]dynamo[\\/]lowering[\\/]"),
    (
        "conversion",
        r"torch_tensorrt[\\/]dynamo[\\/]conversion[\\/]|ModelImporter\.cpp|While parsing node"
        r"|Failed to parse onnx|No importer registered for op|ONNX IR version:|\bonnx2trt\b",
    ),
    (
        "build",
        r"buildSerializedNetwork|build_serialized_network|\bbuild_engine\b|IBuilder::|createInferBuilder"
        r"|Build(?:ing)? (?:the |a )?(?:TensorRT |TRT )?(?:CUDA )?engine|Engine could not be created|engine != nullptr"
        r"|\bcreateEngine\b|\bIBuilder\b|buildModel\(\)"
        r"|Unable to create engine|engine build (?:returned|is) None|Compiling (?:the )?TensorRT engine"
        r"|Calibration failure|getBestTactic|create_predictor|AnalysisPredictor"
        r"|CreatePaddlePredictor|setInt8Mode|Int8 mode specified|int8_calibrator|IInt8\w{0,40}Calibrator"
        # trtexec building from a model (samples/common/sampleEngines.cpp, trtexec.cpp), and its own build lines
        r"|&&&& RUNNING TensorRT\.trtexec [^\n]{0,600}?--(?:onnx|uff|deploy|model)="
        r"|\btrtexec [^\n]{0,400}?--(?:onnx|uff|deploy)=|Saving engine to file failed|Cannot open engine file: "
        r"|Failed to create engine from model|\bEngine creation failed"
        # TensorRT's own source files of the builder, named in its error lines ("../builder/myelin/myelinBuilder.cpp
        # (418) - Myelin Error", "optimizer/api/builder.cpp::~Builder::336")
        r"|(?:^|[\s(\[])(?:\.\./)?(?:builder|optimizer)/[\w/]{1,120}\.(?:cpp|h)\b"
        # an application's own line about the engine it could not make ("ERROR: could not create engine from ONNX",
        # "Trying to generate trt engine from : model.onnx"); an engine read from a file is deserialization
        r"|\b(?:could not|couldn't|cannot|can't|unable to|fail(?:ed)? to) (?:create|build|generate|make|serialize) "
        r"(?:the |an |a )?(?:TensorRT |TRT |cuda )?engine\b(?! from (?:the )?(?:file|plan|serialized|cache|blob))"
        r"|\bgenerate (?:a |the )?(?:trt|TensorRT) engine",
    ),
    (
        "deserialization",
        r"deserializeCudaEngine|deserialize_cuda_engine|Deserialize the cuda engine failed"
        r"|Serialization Error|(?:Failed|Unable|Could not) to deserialize|torch_tensorrt\.load|torch\.export\.load"
        r"|Engine::deserialize|deserializeEngine|Deserialize engine failed|deserialize engine from file"
        r"|Error opening engine file: "
        # a checkpoint read back: torch.load's own file and frames, a hub model's from_pretrained, an unpickler
        r"|torch[\\/]serialization\.py|\btorch\.load\(|\.from_pretrained\("
        r"|\bUnpicklingError\b|\bin (?:_legacy_load|_load|load_checkpoint)\b",
    ),
    (
        "runtime",
        r"enqueueV[23]|execute_async(?:_v[23])?|IExecutionContext|execute_v2|do_inference"
        r"|memcpy_(?:htod|dtoh)|cuStreamSynchronize|cuMemcpy|InferenceSession\.run|session\.run\(|\bsess\.run\("
        r"|\bMethod run failed\b"
        r"|\bin _call_impl\b|\bin forward\b|cuda\.is_available\(\)|GPUs requested|CUDNN_STATUS_|cuDNN error"
        r"|CUDA error|graph recording|stream is capturing|\.cuda\(\)"
        r"|Non-zero status code returned while running \w{1,80} node|\[ErrorCode:RuntimeException\]"
        # a program past its engine build: the engine written out, a server listening (lines after the build's own)
        r"|\b(?:TensorRT |TRT )?engine (?:saved|serialized|written|built)(?: successfully)? (?:to|in|at|into)\b"
        r"|\bSerialized engine saved\b|\bListening on\b|\bServing on\b",
    ),
    (
        "load",
        r"model_lifecycle\.cc|model_repository_manager|failed to load '[\w.-]{1,80}' version|creating server: "
        r"|create_pipeline failed|Failed to create pipeline|Failed to set pipeline to PAUSED|gst_nvinfer_start"
        r"|Failed to create NvDsInferContext instance"
        # onnxruntime creating a session (reading the model, checking its opsets, loading the providers asked for):
        # Python's constructor and its C++ calls, the C# / Java / JavaScript bindings' own, and its load errors
        # (issue 36, round fifty-one)
        r"|\b_create_inference_session\b|\bInferenceSession\((?![^\n]{0,200}\.run\()"
        r"|\bInferenceSession(?:\.create\b|::(?:Initialize|Load)\b|\.\.ctor\b|\.Init\b)"
        r"|\bOrtEnvironment\.createSession\b|\bai\.onnxruntime\.OrtSession\.<init>|\bOrtCreateSession\w{0,20}\b"
        r"|\bLoad model from [^\n]{1,300}? failed\b|\bFailed to load model with error\b|\bINVALID_PROTOBUF\b"
        r"|Failed to load library [^\n]{0,200}?onnxruntime_providers_|\bEP Error\b",
    ),
    (
        "container",
        r"docker: Error response from daemon|nvidia-container-(?:cli|runtime|toolkit)|could not select device driver"
        r"|OCI runtime (?:create|exec) failed|manifest (?:for [^\n]{1,120} )?unknown|no matching manifest for"
        r"|\bdocker (?:run|pull|compose)\b|\bnvidia\.com/gpu\b|ImagePullBackOff|ErrImagePull"
        # an image build: the classic builder's "Step 5/12 : RUN ..." and "The command '/bin/sh -c ...' returned a
        # non-zero code", BuildKit's "#8 [4/6] RUN ..." and "failed to solve: process ... did not complete
        # successfully: exit code: 100"
        r"|^Step \d{1,4}/\d{1,4} : (?:FROM|RUN|COPY|ADD|ENV|ARG|WORKDIR|USER|SHELL|CMD|ENTRYPOINT)\b"
        r"|^#\d{1,4} \[[^\]\n]{1,80}\] RUN |returned a non-zero code: \d"
        r"|failed to solve: |executor failed running \[|did not complete successfully: exit code"
        # apt in a Dockerfile's RUN (or on the host): a package or a pinned version its lists do not hold
        r"|^E: (?:Unable to locate package |Version '[^'\n]{1,80}' for '[^'\n]{1,80}' was not found"
        r"|Couldn't find any package by |Package '[^'\n]{1,80}' has no installation candidate)"
        # Slurm's container plugin and its runtime (pyxis's "slurmstepd: error: pyxis: ...", enroot's commands and
        # log), podman and its OCI runtime crun, a CDI device ("--device nvidia.com/gpu=all"); issue 36, round
        # forty-five
        r"|\bpyxis: |\bspank_pyxis\b|\benroot (?:import|create|start|export|list|remove|exec)\b|/enroot/|\benroot: "
        r"|--container-(?:image|name)\b|\bcrun: |\bpodman (?:run|pull|create|exec|start)\b"
        r"|OCI runtime attempted to invoke|\bnvidia\.com/gpu=",
    ),
    ("save", r"torch_tensorrt\.save|torch\.export\.save|torch\.jit\.save"),
    ("refit", r"createInferRefitter|IRefitter|refit_module_weights|\.refit_cuda_engine"),
    #: Julia's GPU compiler (GPUCompiler.jl, under CUDA.jl) refusing a kernel: "InvalidIRError: compiling
    #: MethodInstance for f(...) resulted in invalid LLVM IR", "GPU compilation of MethodInstance for f(...) failed" /
    #: "KernelError: passing and using non-bitstype argument" (issue 36, round thirty-five)
    ("compile", r"\bInvalidIRError: compiling |\bGPU compilation of MethodInstance for |\bKernelError: (?=\w)"),
)

#: The words that say a stage's work finished: a marker of that stage before them is a stage the program got past, and
#: a failure after them is not that stage's (torch's cpp_extension says "ninja: no work to do." and "Loading extension
#: module X..." once the extension is built; issue 36, round thirty-two: a simulator's error after its extension
#: loaded is no compile failure)
STAGE_DONE: dict[str, str] = {
    "compile": r"^ninja: no work to do\.|^Loading extension module [\w.]{1,80}\.\.\.",
}

#: A text with no stage marker, no error line and no GPU library (an issue title, a sentence): the stage its words
#: speak of, the first that matches. A guess, and the answer says so; its next step is the ``guessed`` one.
STAGE_WORDS: tuple[tuple[str, str], ...] = (
    ("container", r"\b(?:docker|container|kubernetes|k8s|singularity|apptainer)\b|\bpods?\b"),
    (
        "install",
        # (a notice's "No supported SDK is installed", "make sure CUDA is installed" speaks of no install that ran:
        # issue 36, round thirty)
        # (not a word of a path: pip's build folder "/tmp/pip-install-xt7zsonc/..."; issue 36, round fifty-one)
        r"\b(?:pip|conda|uv|apt|apt-get) install\b|(?<![-/\\])\binstall(?:ing|ation)?\b(?![-/\\])"
        r"|(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bnot )\binstalled\b|\bwheels?\b"
        # a row of `conda list` (name, version, build, channel): a paste of the environment's packages
        r"|^[\w.-]{1,60} {2,40}\d{1,4}(?:\.\w{1,12}){0,4} {2,40}[\w.]{1,40} {2,40}"
        r"(?:pytorch|nvidia|conda-forge|defaults|pypi)[ \t]{0,4}$",
    ),
    (
        "build",
        r"\binfer builder\b|\bcreateInferBuilder\b|\bbuild(?:ing)? (?:the |an |a |TensorRT )?engines?\b"
        r"|\bengine build\b|\bbuildSerializedNetwork\b",
    ),
    # "source was compiled with 7004", "built against CUDA 10": how a binary was built, which a runtime check reports
    (
        "compile",
        r"\bbuild(?:ing)? from source\b|\bcompil(?:e|es|ing|ation)\b|\bcompiled\b(?! (?:with|against|for|to use)\b)"
        r"|\bnvcc\b|\bcmake\b|\bsetup\.py\b",
    ),
    # a library file named in the user's own words (any language: "找不到cudnn64_8.dll"): the loader, at import
    (
        "import",
        r"\bimport(?:ing)?\b|\bNo module named\b|[\w.+-]{1,60}\.dll\b|\blib[\w+-]{1,60}\.so(?:\.\d{1,4}){0,3}\b",
    ),
    (
        "runtime",
        r"\b(?:train(?:ing)?|inference|predict(?:ion)?|forward|epochs?|generat(?:e|es|ing|ion)|render(?:ing)?|runs?)\b"
        r"|is_available\(\)|\bGPUs?\b|\bCUDA\b|\bVRAM\b|\bcuda:\d|\bruntime\b|\bloaded\b"
        # a profiler attached to the running program (Nsight Systems, CUPTI)
        r"|\bnsys\b|\bCUPTI\w{0,20}|\bNo reports were generated\b",
    ),
)

#: A miss whose text shows no stage marker and no words of one (a single line pasted alone): the stage the kind of
#: its line speaks of, the first that matches (the answer says it is a guess); also a failing text without markers
#: whose lines are of one of these kinds. A line that none fits was printed by a program that ran: runtime.
STAGE_LINE_KINDS: tuple[tuple[str, str], ...] = (
    ("import", r"\bundefined symbol\b|\bcannot open shared object\b|\bDLL load failed\b|\bImportError\b"),
    (
        "compile",
        # (not OpenCV's runtime error, cv::Exception's "file:line: error: (-217:Gpu API call) ... in function 'f'":
        # issue 36, round forty-six; nor OpenCV 2.x / 3.x's "file:line: error: (-217) unknown error in function f":
        # round fifty-nine)
        r"^(?!OpenCV\()[^\n:]{1,300}:\d{1,6}:(?:\d{1,4}:)? (?:fatal )?error: (?!\(-\d{1,4}(?::|\) ))"
        r"|\bundefined reference to\b|\berror: {1,3}command '"
        # nvcc's EDG front end: 'x.h(12): error: namespace "std" has no member "uintptr_t"', 'error: identifier
        # "x" is undefined' (issue 36, round thirty-four)
        r'|^[^\n]{1,300}\(\d{1,6}\): error: |\berror: (?:namespace "\w{1,60}" has no member "\w{1,80}"'
        r'|identifier "\w{1,80}" is undefined)',
    ),
    (
        "install",
        # pip's own lines, in its own case (any program's "Error: Could not create backend" is not pip's), and a
        # download of a package's file, not of a model's weights or an engine (issue 36, round fifty-one)
        r"^\s{0,4}(?-i:Collecting |Requirement already satisfied|Successfully installed |Installing collected packages"
        r"|ERROR: (?:Could not|No matching|pip's)|Building wheel)"
        r"|^\s{0,4}Downloading [^\s]{0,300}?\.(?:whl|tar\.gz|tar\.bz2|conda)\b",
    ),
)

#: The next diagnostic step for a failure whose family is unknown, by stage, and by "stage/library" (`PRODUCTS`
#: names) where that library's step differs (a TensorRT engine's inputs; a text that names no library gets the step
#: every library shares).
STAGE_STEPS: dict[str, str] = {
    "compile": "compiling native code (a C++ / CUDA program, a TensorRT plugin, an extension) failed: the cause is "
    "the first compiler or linker 'error' line, not make's 'Error 1' / 'Error 2' summaries after it; paste from that "
    "line on",
    "install": "pip could not install it: read pip's first 'ERROR:' line (a build from source fails on the first "
    "compiler error above it); check the package has a wheel for this Python, platform and torch / CUDA (its release "
    "page or index), or install the build tools and the torch it builds against first",
    "install/apt": "the package manager could not install it: read apt's first 'E:' line and the 'Depends: ... but' "
    "lines above it (or dpkg's 'error processing package' line); `apt-cache policy <package>` shows which repository "
    "offers which version: packages of a repository built for another release, a held package or a half-finished "
    "upgrade (`sudo apt --fix-broken install`) are the usual causes",
    "install/network": "the download failed (the network, a proxy, a slow or reset connection), not the GPU setup: "
    "rerun the one download verbosely to see which host and step fail, then retry with a longer timeout and more "
    "retries, set the proxy (HTTPS_PROXY), use a reachable mirror, or download on another machine and install from "
    "the files",
    "install/torch_tensorrt": "pip could not install it: read pip's first 'ERROR:' line; `torchtrt-compat suggest "
    "--python <ver>` lists the releases with wheels for this Python and platform",
    "install/tensorrt": "pip could not install it: read pip's first 'ERROR:' line; `torchtrt-compat suggest --python "
    "<ver>` lists the releases with wheels for this Python and platform",
    "import": "the import failed: import the module alone (`python -X faulthandler -c 'import <module>'`) to see its "
    "own error, and check it was built for the installed Python, torch and CUDA (its version against theirs)",
    "import/torch_tensorrt": "the import failed: run `python -c 'import tensorrt'` and `python -c 'import "
    "torch_tensorrt'` apart, then `torchtrt-compat check` (it compares the installed versions and libraries)",
    "import/tensorrt": "the import failed: run `python -c 'import tensorrt'` alone, then `torchtrt-compat check` (it "
    "compares the installed versions and libraries)",
    "compile/ld-cannot-find": "the linker found no lib{lib}.so or lib{lib}.a in its search path (GNU ld's "
    "'cannot find -l{lib}', the first error; collect2's 'ld returned 1 exit status' and make's 'Error N' only follow "
    "it): find where that library is, if anywhere; a folder it is in goes on the link line with -L (or LIBRARY_PATH "
    "for the build); a name no installed package has means the build's files (its CMake targets, an installed "
    "framework's exported link list) name a library this install lacks or calls by another name: build against the "
    "release that has it, or change the name the build links",
    "compile/msvc": "Microsoft's compiler or linker failed: the cause is the first 'error C' / 'error LNK' line "
    "(LNK1181 and LNK2019 name the .lib or symbol that is missing); build from an 'x64 Native Tools Command Prompt' "
    "of the Visual Studio release your CUDA supports",
    "export": "torch.export failed: run torch.export.export(model, args, strict=False) alone to see the graph break; "
    "compile with partition='auto' to keep what does not export in PyTorch",
    #: issue 36, round forty-six: a converter's own failure (onnx-tensorflow, onnx2tf, X2Paddle, onnx2tflite /
    #: onnx2keras, tf2onnx, OpenVINO's model converter)
    "export/converter": "a model converter (onnx-tensorflow, onnx2tf, X2Paddle, onnx2tflite / onnx2keras, tf2onnx, "
    "OpenVINO's mo / ovc) could not translate the model: the cause is the first exception of its traceback (in a "
    "chained one, the exception above 'During handling of the above exception') or the converter's own ERROR block, "
    "and the node or op it names; check the model first: run the ONNX checker (`onnx.checker.check_model(m, "
    "full_check=True)`), print its IR version and opset against the ones the converter release supports, give "
    "dynamic input dimensions a static size and simplify it (onnxsim model.onnx model_sim.onnx), then convert again "
    "with the newest converter release and its verbose or non-optimising option (onnx2tf: -b / -ois for static "
    "shapes, its parameter-replacement JSON for the failing node, -kt / -kat for a layout it transposes wrongly); "
    "a shape or 'Dimensions must be equal' error in the new framework is a layout (NCHW / NHWC) or dynamic-shape "
    "translation of that node",
    "lowering": "a lowering pass failed: rerun with debug logging (torch_tensorrt.logging.debug(), or "
    "torchtrt_compat compile(..., verbose=True)) to see the pass and the node",
    "conversion": "a layer did not convert: rerun with debug logging to see the node it failed on, then keep that op "
    "in PyTorch with torch_executed_ops={...} (or a larger min_block_size)",
    "build": "TensorRT's builder failed and the reason is in its log: run `torchtrt-compat explain --log build.log` on "
    "the full (verbose) TensorRT log",
    "deserialization/torch": "the checkpoint did not load (torch.load / from_pretrained read it back): check the file "
    "first: its size against the source's (a download cut short or a Git LFS pointer reads as a corrupt file), that "
    "it is complete (download it again), and where its tensors go (map_location='cpu' for a file saved on a GPU this "
    "machine lacks or cannot use); then the versions of torch and of the library that wrote it",
    #: issue 36, round thirty-eight: a library's own loading code raised a Python error on the checkpoint's contents
    "deserialization/loader-code": "the checkpoint file was read, but {library}'s own loading code failed on what it "
    "holds (a key, a None or a class it does not expect): the usual cause is a checkpoint written by another release "
    "of {library} (or of the project's fork, or of torch) than the one installed. Install the versions the project "
    "pins (its README, requirements or Docker image) or the release that wrote the checkpoint, and check the options "
    "that skip parts of it (optimizer or scheduler states) before suspecting the file itself",
    "deserialization": "the engine did not load: compare the TensorRT version, the GPU (compute capability) and the "
    "plugins of the host that built it with this one (`torchtrt-compat check --target`); rebuild here if any differs",
    "runtime": "it failed while running: find the failing call (the traceback's last frame in your code; for a CUDA "
    "error rerun with CUDA_LAUNCH_BLOCKING=1, since CUDA reports errors late), check the inputs' shapes, dtypes and "
    "device against what the model or kernel expects, and run under compute-sanitizer for memory errors",
    "runtime/torch_tensorrt": "the engine failed while running: rerun with CUDA_LAUNCH_BLOCKING=1 to find the failing "
    "call, check the inputs' shapes, dtypes and device against the engine's, and run under compute-sanitizer for "
    "memory errors",
    "runtime/tensorrt": "the engine failed while running: rerun with CUDA_LAUNCH_BLOCKING=1 to find the failing call, "
    "check the inputs' shapes, dtypes and device against the engine's, and run under compute-sanitizer for memory "
    "errors",
    "runtime/tritonserver": "the server failed: a native backtrace names the backend library it crashed in "
    "(libtorch, libnvinfer, the python stub); rerun the server with --log-verbose=1 to see the model it was loading or "
    "running and that backend's own error, and load the model alone in its framework (torch.jit.load, trtexec "
    "--loadEngine) with the server's versions",
    "runtime/no-cuda-error": "it failed while running, with an error of the program or a library rather than a "
    "CUDA error code: the cause is the first "
    "error line of the full output (a traceback's last line, or the first line a library logged at error level), "
    "not the lines after it; read the call in your code above it and check the versions of the libraries it names "
    "against what the program requires (`pip list`, the program's requirements)",
    "stated": "the library says in its own words what is wrong ({stated!r}): that is the finding, and the traceback "
    "under it only shows where it noticed. A part it names as not built or not installed (a CUDA extension, a GPU "
    "build) was skipped when the library was installed: reinstall it with that part (its GPU build or wheel; from "
    "source with the CUDA toolkit visible, nvcc on PATH and CUDA_HOME set) and read the install log for why it was "
    "skipped",
    "cut-build": "the paste is incomplete: the extension's build log stops at a compiler step, before the build "
    "finished or its error was printed; the compiler's error (`error:` lines, ninja's `FAILED:`) or the line that "
    "the build finished is missing. Run it again with the whole log (MAX_JOBS=1 keeps one step's error together) and "
    "give explain the first error line",
    "cut-torchscript": "the paste is incomplete: a TorchScript module's code failed, and the interpreter's "
    "traceback (its serialized code frames) stops before its last line, the exception it raised (e.g. a "
    "RuntimeError about devices, dtypes or shapes); copy the output again down to the end and give explain that "
    "line. A scripted or traced module keeps the device and dtype it was saved with: check that its inputs are on "
    "the same device as the module",
    "cut-traceback": "the paste is incomplete: the traceback stops before its last line, the exception (its type "
    "and message), which is the error itself; copy the output again down to the end (or open the job's log: a "
    "cluster job's stderr file, the wrapper's log) and give explain the traceback with its last lines",
    "runtime/library-exception": "the exception line names the library call that failed ({module}): that library's "
    "own message is the cause (read it whole: the chained exceptions below it, the log the library prints with it, "
    "e.g. a kernel compiler's log), then check that library's build against the installed CUDA / torch (`pip show`, "
    "its version against the one the program requires)",
    "runtime/syntax": "Python refused the code before it ran (a SyntaxError names no library and no GPU): the "
    "interpreter that ran it is older than the code's syntax (f-strings need Python 3.6, `:=` 3.8, `match` and `X | "
    "Y` annotations 3.10), most often another python first on PATH than the environment's (a system python 2 or 3.5 "
    "that a tool's script or a shell command calls), or the file was cut; a library warning before it (a CUDA library "
    "TensorFlow could not load) is unrelated. Run the tool from the environment's own python and check which one runs",
    "runtime/python": "a Python exception ended the program: its last line names the error and the frame above it "
    "the code that raised it; stop there in the debugger and look at the values it used",
    "container": "the container did not start with the GPU, or its image did not pull: check the host first "
    "(`nvidia-smi`), then a bare GPU container; if that fails, install or configure the NVIDIA Container Toolkit "
    "(`sudo nvidia-ctk runtime configure --runtime=docker`, then restart docker); for an image error, use a tag made "
    "for your platform (arm64, your JetPack / L4T release)",
    "load": "the server or pipeline could not load the model or an element: read its first error line (above "
    "Triton's model table, or the first ERROR of the pipeline); for Triton check the model repository (config.pbtxt "
    "platform / backend, a plan built by the server's own TensorRT), for DeepStream the model paths in the nvinfer "
    "config and `gst-inspect-1.0` on the elements",
    #: onnxruntime creating a session (issue 36, round fifty-one)
    "load/onnxruntime": "onnxruntime could not create the session for the model (reading the file, checking its "
    "opsets, placing its nodes on the providers asked for): read its first error line; check that the file is whole "
    "(a download cut short or a Git LFS pointer is no model), the model's IR version and opsets against this "
    "onnxruntime's (a model exported by a newer onnx needs a newer onnxruntime), and that each provider asked for "
    "loaded (the CUDA, cuDNN or TensorRT libraries of the versions this onnxruntime build needs, on the loader's "
    "path; a provider that did not load leaves the session on the CPU with only a warning)",
    "save": "saving failed: torch_tensorrt.save takes the result of torch_tensorrt.compile(ir='dynamo') (or a "
    "TorchScript module with output_format='torchscript'); check what type the module you save is",
    "refit": "refitting failed: the engine must be built refittable (immutable_weights=False) and the new weights "
    "must have the names, shapes and dtypes of the old ones",
    "unknown": "the text shows no stage (no traceback, no log line of a known tool): run the program again and "
    "give explain the whole output, from the command to the last line",
    "guessed/build": "TensorRT could not create its builder or build the engine, and the text does not say why: "
    "turn on TensorRT's verbose log (trtexec --verbose, the application's TensorRT / debug log level) and explain "
    "that log; a builder that cannot be created at all is most often a TensorRT library missing beside the "
    "application (nvinfer_builder_resource next to nvinfer) or a GPU older than that TensorRT supports (TensorRT 10: "
    "Volta and newer)",
    "guessed/import": "the text speaks of an import or names a library file but shows no error line: run the import "
    "alone and give explain its whole output; a DLL or .so the loader does not find (or one of another CUDA / cuDNN "
    "major: cudnn64_8.dll is cuDNN 8, cublas64_12.dll CUDA 12, libcudart.so.11.0 CUDA 11) stops the import of the "
    "library that loads it: see which copies the loader can find (Windows: `where <name>.dll`; Linux: `ldconfig -p | "
    "grep <name>`, `ldd <the library> | grep 'not found'`), install the CUDA / cuDNN major the program's build names "
    "(its requirements or release notes) and put its bin / lib folder on PATH / LD_LIBRARY_PATH",
    "build/trtexec": "trtexec failed while building the engine: the cause is its first '[E]' line (the '&&&& "
    "FAILED' and 'Engine set up failed' lines after it only sum up); rerun the same command with --verbose and "
    "explain that log (a parser error names the node, a builder error the layer, 'Saving engine to file failed' a "
    "--saveEngine path that is no writable file)",
    "build/app-line": "the application says it could not build or create the TensorRT engine but shows none of "
    "TensorRT's own lines, which hold the reason: raise the application's TensorRT log level to verbose (its "
    "logger's severity, a --verbose / debug flag) or build the same model with trtexec --verbose, and explain that "
    "log; check that the TensorRT, CUDA and cuDNN versions are the ones the application was built for",
    "container/slurm": "the job's container did not start under Slurm's container plugin (pyxis, which runs enroot "
    "and its hooks on the compute node): its cause is enroot's own line under pyxis's 'printing enroot log file' (a "
    "hook that exited non-zero, such as the NVIDIA hook 98-nvidia.sh, which needs nvidia-container-cli installed on "
    "every GPU node; an image it could not import or a node out of space), or pyxis's own usage message (a named "
    "container, --container-name, exists only on the node and for the user pyxis made it for: give "
    "--container-image to create it). Check on a compute node that Slurm hands the job a GPU and that the GPU hook "
    "runs there, outside the container first",
    "container/podman": "podman gives a container the GPU through CDI (the Container Device Interface), not "
    "Docker's runtime hook: without a CDI spec for the driver, or with a --gpus flag that injects nothing, neither "
    "the driver's libraries nor nvidia-smi are in the container, and its OCI runtime (crun / runc) reports a command "
    "it cannot find. Generate the spec (`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, again after "
    "each driver update), check the devices it names, and run with `--device nvidia.com/gpu=all`",
    "container/hook": "the NVIDIA Container Toolkit's hook (nvidia-container-cli, which the runtime runs before the "
    "container starts) failed: its own line after 'stderr:' or 'nvidia-container-cli:' names what, such as a device "
    "it does not know (an id given by --gpus device=..., NVIDIA_VISIBLE_DEVICES or a compose file's device_ids that "
    "is no GPU index or UUID the host lists, e.g. a variable left unexpanded), a driver library it cannot find (the "
    "host's driver not loaded), or a mount or cgroup it cannot set up. Run its check alone on the host and compare "
    "the ids given with the host's GPUs",
    "container/image-build": "the image build failed in a RUN step: the cause is the first error of that step's "
    "own output (apt's 'E:', pip's 'ERROR:', a compiler's 'error:'), not the build's summary line; rebuild with the "
    "full output and no cache to see it, and check that the packages and versions the Dockerfile pins exist for its "
    "base image (distribution release, CUDA release, architecture)",
    "container/apt": "apt could not find a package or a pinned version: its lists hold no such name for this "
    "distribution release (a package renamed or dropped, e.g. python3.X-distutils from Python 3.12, or a CUDA / "
    "cuDNN / NCCL pin that NVIDIA's repository for this release and CUDA version does not carry); run apt-get update "
    "in the same RUN step, look the name up with `apt-cache policy <package>` / `apt-cache search` in the base "
    "image, and pin a version that exists (or change the base image to the release the pins were written for)",
    "runtime/multi-gpu": "it works on one GPU and fails building the multi-GPU (NCCL) communicator: check that "
    "every GPU it uses is visible to the process (nvidia-smi inside the container; docker run --gpus all; "
    "CUDA_VISIBLE_DEVICES lists them) and not busy with another job, and that the NCCL install matches the CUDA "
    "version (run nccl-tests' all_reduce_perf across the GPUs); until then train on one GPU",
    "runtime/nccl": "NCCL failed: its first 'NCCL WARN' line names the cause, and the 'file.cc:N -> R' lines after it "
    "are that error returned up the stack (R: 1 CUDA error, 2 system error, 3 internal error, 4 invalid argument, 5 "
    "invalid usage, 6 remote error); check the NCCL_* settings the log says were 'set by environment' (and "
    "/etc/nccl.conf): a topology or graph file (NCCL_TOPO_FILE, NCCL_GRAPH_FILE) written for another machine size "
    "names GPUs or NICs this one does not have",
    "bare-exception": "the paste is the exception line alone, without the traceback above it, which names the call "
    "that raised it (a converter such as torch2trt, torch.onnx.export or torch_tensorrt.compile fails while "
    "converting; a forward while running): run again and give explain the whole traceback; then stop at its last "
    "frame in your code and look at the values it passed",
    "runtime/sanitizer": "compute-sanitizer reported something no known family names: its first report (not the "
    "summary) is the cause, and it names the kernel, the thread and block and the access or API call; rebuild with "
    "nvcc -lineinfo so the report names source lines and rerun with host backtraces (--show-backtrace yes) and "
    "a small --print-limit; a report inside a library's kernel (cub::, cutlass::, a framework's namespace) is that "
    "library's to fix, or the sizes your code passes it",
    "runtime/cuda-gdb": "cuda-gdb stopped the program: at the stop, `bt` shows the device and host frames, `info "
    "cuda kernels` the kernels still running (a hang: which one never finishes) and `info cuda threads` where the "
    "warps are; build with -G (or -lineinfo) so frames name source lines, and run compute-sanitizer for memory and "
    "synchronisation errors (--tool memcheck, racecheck, synccheck)",
    "runtime/nsys": "it failed while Nsight Systems profiled it: run the same command without nsys first; if it "
    "works there, the profiler's tracing breaks it: profile with a minimal option set (`-t cuda,nvtx`, no "
    "--cudabacktrace, --cuda-memory-usage, --python-backtrace / --python-sampling, --gpuctxsw, osrt / cudnn / "
    "cublas / mpi tracing), capture a few steps only (-c cudaProfilerApi or an NVTX range), add options back one at a "
    "time, use a current nsys, and for launchers that fork workers (torchrun) --trace-fork-before-exec=true; if it "
    "fails without nsys too, explain that run's output",
    "compile/compiler-broken": "CMake's own test of the compiler failed: the compiler it found cannot build even a "
    "one-line program, so nothing of the project is at fault yet and no find_package or path to a dependency will "
    "help; the output under 'It fails with the following output' shows the compiler's own error. Run that compiler "
    "by hand on a one-line file (the path CMake names, e.g. hipcc or g++); check CMAKE_CXX_COMPILER / CXX (or "
    "CMAKE_C_COMPILER / CC, CMAKE_CUDA_COMPILER, CMAKE_HIP_COMPILER) point at a complete toolchain and that its "
    "pieces are of one release (a compiler wrapper such as hipcc or nvcc needs its own clang / gcc, headers and "
    "device libraries); then configure again from an empty build directory",
    "compile/rocm-path": "clang's HIP driver cannot find the ROCm install (its HIP runtime headers or its device "
    "libraries) where it looks by default (/opt/rocm): a distribution or a build that puts ROCm elsewhere must point "
    "the compiler at it: pass --rocm-path=<the ROCm root> (and --rocm-device-lib-path=<its amdgcn/bitcode folder> "
    "where the device libraries live apart), or set ROCM_PATH / HIP_PATH (CMake: -DROCM_PATH=..., "
    "CMAKE_HIP_FLAGS) for the build; check that the HIP runtime and the rocm-device-libs of the same release are "
    "installed at all",
    "compile/cmake": "CMake's configure step failed, before anything compiled: the 'CMake Error at FILE:LINE' (or 'in "
    "FILE') line and the Call Stack under it name the find_package, the imported target or the variable that is "
    "missing (an imported target that 'includes non-existent path' comes from a dependency installed without that "
    "part, e.g. a library built without CUDA: rebuild or reinstall it with it); rerun the "
    "configure with --debug-find to see where it looked, set the package's <Name>_DIR or CMAKE_PREFIX_PATH to the "
    "folder holding its config file (or install that package's development files), and start from a clean build "
    "folder (CMakeCache.txt keeps the old answers)",
    "compile/jit-extension": "a C++ / CUDA extension that torch builds at first use (torch.utils.cpp_extension.load, "
    "an op builder such as DeepSpeed's, with ninja) failed to compile; the cause is the first nvcc or compiler "
    "'error' line of the build output (under ninja's 'FAILED:' line, or with load(..., verbose=True)), not the "
    "RuntimeError or ImportError after it. Check that the nvcc the build ran (its path in the command) has torch's "
    "CUDA, that the host gcc is one that CUDA supports, then delete the stale build folder (~/.cache/torch_extensions) "
    "and run again",
    "compile/shown": "the text shows the compiler's or linker's own error line (quoted above), which is the cause, and "
    "no known family reads it: open the file at the line it names; when it names a CUDA, C++ or library identifier "
    "that is undefined or undeclared, a header that is missing, an intrinsic or an option, the toolkit, the host "
    "compiler or a library is another version than the code was written for: compare `nvcc --version`, `gcc "
    "--version` (or cl), `cmake --version` and the library versions with what the project's README or CI uses, and "
    "build with those (or a release of the project written for yours)",
    "runtime/native": "a native program (no Python in the text) failed while running: find the failing call with "
    "the tools that name it: `CUDA_LAUNCH_BLOCKING=1` makes a CUDA error surface at the call that caused it, "
    "`compute-sanitizer` names a faulting kernel and its source line (build with -lineinfo), and `gdb -batch -ex run "
    "-ex bt --args` gives a crash's stack; check the program's CUDA, driver and library versions against those it "
    "was built for (`ldd ./your_program | grep -E 'cuda|cudnn|cublas|not found'`, `nvidia-smi`)",
    "info-only": "the text holds only a logger's informational lines, so nothing in it failed: if the program hung, "
    "dump its threads (`py-spy dump --pid <pid>`); if it exited without a message, read its exit code (139 a "
    "segmentation fault, 137 killed); if it ran on the CPU, check the GPU and the framework's build (`nvidia-smi`, "
    "torch.__version__ ending in +cpu); then give explain the whole output, from the command to the last line",
    "compile/configure": "the build's configure step stopped before anything compiled: its own line names the check "
    "that failed (a host compiler too new or too old for the CUDA it found, a CUDA / cuDNN version or path other than "
    "the one given, a library or header it did not find); the values it checks come from its options and "
    "environment (CXX / CC, CUDA_HOME or the script's CUDA path option, the versions ./configure asked for): read "
    "that line whole, fix the option or install the version it wants, and rerun the configure step from a clean "
    "tree (autoconf's config.log shows the test that failed)",
    "compile/bazel": "Bazel stopped the build: its first 'ERROR:' line names the package or rule; 'Cuda Configuration "
    "Error' and 'error loading package' come from the configuration, before anything compiled (the CUDA / cuDNN "
    "versions and paths ./configure recorded against what is installed, or a source tree that needs another CUDA), a "
    "'compilation of rule ... failed' from the compiler line above it; fix the configuration, run `bazel clean "
    "--expunge`, and build again with --verbose_failures",
    "guessed/compile-build": "the text speaks of building or compiling but shows no compiler, linker or configure "
    "line, which hold the cause: run the build again and give explain its whole output, from the command on (the "
    "first 'error' line, not the summary at the end, is the cause); check that the compiler, the CUDA toolkit "
    "(`nvcc --version`) and the libraries are the versions the project documents",
    #: a miss whose numbers are wrong (issue 36, round twenty-six): no error line holds the cause, a comparison with a
    #: reference layer by layer finds where the numbers part
    "runtime/numeric": "the program ran and its numbers are wrong (values that differ from a reference, another "
    "runtime or another device; all zeros; a failed comparison), which no error line explains: find the first layer "
    "or op where they part. Run the same inputs through a reference (the float32 model on the CPU, or the original "
    "framework) and through the failing path, and compare layer by layer: in PyTorch, forward hooks on both and "
    "`torch.testing.assert_close(out, ref)` on each layer's output; ONNX / TensorRT: polygraphy's comparison with "
    "every output marked; TensorFlow Lite: create the Python interpreter with experimental_preserve_all_tensors=True "
    "before reading intermediate tensors (otherwise their buffers are reused and hold later ops' data) and dequantize "
    "int8 tensors with their scale and zero point before comparing. An all-zero output is a kernel or a copy that "
    "never wrote it, NaN a value out of range, a difference that grows with depth reduced precision (float16 / "
    "bfloat16: small differences from the CPU are expected there)",
    "runtime/numeric-tflite": "the program ran and its numbers differ from another runtime's (TensorFlow Lite against "
    "TFLite Micro or the original model), which no error line explains: compare layer by layer on the same input, "
    "reading it right: the Python interpreter reuses the buffers of intermediate tensors during invoke(), so "
    "get_tensor() on one returns later ops' data unless the interpreter is created with "
    "experimental_preserve_all_tensors=True (or the tensor is made a model output); dequantize int8 / uint8 tensors "
    "with their scale and zero point before comparing. The "
    "first layer whose correctly read outputs differ is the one to report, with the converter and runtime versions",
    "runtime/numeric-test": "a library's own test of its kernels fails with wrong numbers: a wrong or all-zero result "
    "where the reference is not means that kernel computes wrongly on this GPU and driver (a launch or tile "
    "configuration it does not handle), while a test that compares floats exactly and fails on rounding alone (1.0 "
    "against 0.99999994) is the test's own fault and harmless. Update the library (a fix may be released) and the GPU "
    "driver, run its test suite on this GPU to list every failing kernel, report them upstream with the GPU, driver "
    "and backend, and meanwhile run real work on another backend or device (the CPU one)",
    "guessed": "no traceback or log line in the text shows where it failed, only words about what was done: first "
    "check what the machine gives the "
    "program (`nvidia-smi` lists the driver and the GPU; if it fails or lists none, the driver or the container's GPU "
    "access is the problem), then whether the framework sees that GPU (torch: `python -m torch.utils.collect_env`; "
    "TensorFlow: `tf.config.list_physical_devices('GPU')`; onnxruntime: `onnxruntime.get_available_providers()`); "
    "then run the program again and give explain the whole output, from the command to the last line",
    #: a miss whose message says what to do (issue 36, round twenty-nine): the library's own remedy, quoted, is the
    #: first step; {said} is the instruction, quoted (`miss.said_to_do`)
    #: a message that names its own likely cause (`miss.suspected_cause`; issue 36, round fifty-one): {cause} is its
    #: sentence, {then} the step the stage gives after it
    "suspected": "the message names its likely cause in its own words: {cause}. Check that first and change it where "
    "the program or the machine sets it (it is more precise than any general check); then, if it still fails: {then}",
    "said": "the message says what to do: {said}. Do that first: it is the library's own remedy and names the "
    "cause more precisely than a general check; then run again and explain what it prints next, if it still fails",
    #: a program that is not Python (`miss.not_python`): its own log and the native library it loads, not a Python
    #: rerun or debugger; {kind} says which program
    "not-python": "the program is not Python ({kind}), so a Python rerun or debugger does not apply: turn on its "
    "own verbose or log output (its --verbose / debug option or setting, its log file) and find the native library "
    "it loads and the CUDA libraries that one needs (Windows: `dumpbin /dependents <library>.dll` or the "
    "Dependencies tool; Linux: `ldd <library>.so`). A CUDA library it bundles is built for one CUDA major "
    "(cudart64_12.dll, cublas64_13.dll: 12, 13) that the driver must serve: nvidia-smi's 'CUDA Version' is the "
    "newest the driver serves, and a library built for a newer major does not load (the program may fall back to the "
    "CPU, or crash in the native code): update the driver, or use the package built for the driver's CUDA. A "
    "prebuilt GPU program or library also holds kernels only for the GPU architectures it was built for: compare the "
    "GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`) with the ones its release "
    "supports (its release notes, its issues for this GPU), and use a release or build for this GPU",
    #: a Java program whose classes come from jars of different releases (issue 36, round thirty-six): the JVM's
    #: linkage errors (AbstractMethodError, NoSuchMethodError, NoClassDefFoundError, IncompatibleClassChangeError)
    "not-python/java-linkage": "the program is Java, so a Python rerun or debugger does not apply; the JVM's linkage "
    "error (AbstractMethodError: a class 'does not define or inherit an implementation' of an interface's method, "
    "NoSuchMethodError, NoClassDefFoundError) means its classes come from jars of different releases: one artifact "
    "(the API jar) is newer than another compiled against it (an engine or plugin jar). List the versions on the "
    "classpath and give every artifact of that framework the same release (import its BOM), then rebuild",
    #: a class whose static initialiser failed earlier (issue 36, round forty)
    "not-python/java-static-init": "the program is Java, so a Python rerun or debugger does not apply; 'Could not "
    "initialize class X' means X's static initialiser already failed once, earlier in this JVM: the class is not "
    "missing from the classpath, so listing jars does not help. Its first failure is logged before, as "
    "java.lang.ExceptionInInitializerError or java.lang.UnsatisfiedLinkError; for a class that wraps a native library "
    "(a GPU build of XGBoost, LightGBM, ONNX Runtime's JNI), that library did not load: it is built for another "
    "OS, glibc, CUDA or driver than this machine's, or a library it needs is not on the library path. Read that "
    "first failure and use the artifact built for this OS and CUDA (or the CPU one)",
    #: libstdc++'s "terminate called without an active exception" (issue 36, round thirty-five)
    "runtime/teardown": "C++ called std::terminate without an exception: a std::thread object was destroyed while its "
    "thread was still joinable (a worker, reader or writer thread the program or a library started and never joined "
    "or detached), mostly as the program or the interpreter exits; a hang before it is the program waiting on that "
    "thread. If it comes after the work finished (all output written), the results are complete. Join or stop the "
    "program's worker threads before it exits (or end it explicitly once the output is flushed), and update the "
    "program and the library whose thread it is; the CUDA or cuDNN libraries a core dump's module list names are "
    "only loaded there, not the cause, so no CUDA or cuDNN change is indicated",
    #: a Julia program (`miss.not_python`; issue 36, round thirty-five): its own exception line and stacktrace, its
    #: packages' versions and CUDA.jl's report, not a Python rerun or pip
    "not-python/julia": "the program is Julia, so a Python rerun, debugger or pip does not apply: the cause is Julia's "
    'exception line (the "ERROR: ..." line, or the message above "Stacktrace:") and the first frame of the '
    "stacktrace in your own code, read from frame [1] down past the packages' frames{package}. Check the versions of "
    "the packages it runs (`] status` in the project's environment, `] up` to update them together) and what CUDA.jl "
    "finds (`CUDA.versioninfo()`: driver, toolkit, GPU). A GPU array (CuArray) given to a function that only has a "
    "CPU method (a host Array's code, a C library's wrapper, scalar indexing in a loop) fails or is refused: keep "
    "`CUDA.allowscalar(false)` (the default outside the REPL) so the error names the line that indexes a GPU array "
    "element by element, and move that step to GPU array operations (broadcasts, map, reductions) or to the CPU "
    "(`Array(x)`)",
    #: the same, when Julia's GPU compiler refused a kernel (GPUCompiler's InvalidIRError / KernelError)
    "not-python/julia-compile": "Julia's GPU compiler (GPUCompiler, under CUDA.jl) refused the kernel{package}: "
    'device code must be type-stable and call no Julia runtime. "InvalidIRError ... unsupported dynamic function '
    'invocation" or "call to the Julia runtime" names the line (its Reason and stacktrace) where a value\'s type '
    "is not known when compiling (indexing a heterogeneous tuple or NamedTuple with a runtime index, a global, a "
    'type-unstable function, an allocation, printing with `print` instead of `@cuprintln`); "KernelError: passing '
    'and using non-bitstype argument" means an argument is no isbits value (a host Array, a struct holding one: '
    "pass a CuArray, adapted with `cu` / `adapt`). Run `@device_code_warntype` on the launch to see the unstable "
    "values, then make them concrete (compile-time indices, one kernel per type, a function barrier)",
    #: the same program, whose native library says it could not allocate device memory
    "not-python/alloc": "the program is not Python ({kind}) and its native library could not allocate GPU memory "
    '("{alloc}"): the model and its buffers do not fit the free memory of the device it chose. Check which device it '
    "uses and how much memory is free while it runs (nvidia-smi; a Vulkan build: `vulkaninfo --summary`, where an "
    "integrated GPU listed first has little memory), then select the discrete GPU in its settings, use a smaller "
    "model (or fewer layers on the GPU), close the programs that hold GPU memory, or run it on the CPU",
    #: the same program, whose native library put only part of the model on the GPU (llama.cpp's "offloaded 87/94
    #: layers to GPU"): the rest runs on the CPU
    "not-python/offload": "the program is not Python ({kind}) and it put only part of the model on the GPU "
    '("{offloaded}"): the other layers run on the CPU, which makes generation slow. Give the GPU every layer (the '
    "application's GPU offload setting at its maximum, llama.cpp's -ngl / n_gpu_layers) and, where it still caps the "
    "count, compare the memory it estimates with what nvidia-smi shows free on each GPU (a smaller context or a "
    "different split between GPUs frees room)",
    #: a text without an error that shows speed (progress bars, timings; `miss.speed_report`): {first} holds what the
    #: text's own numbers show (start-up counted in, a GPU against a CPU run, per-step times)
    "runtime/performance": "the text shows no error, only how fast the work ran or where it runs: a question of speed "
    "or placement, not a failure. {first}Check, in the same process that runs the job, that it uses the GPU "
    "({device}: a CPU-only build or a model left on the CPU is the usual cause); watch the GPU while it runs "
    "(`nvidia-smi dmon -s u`: a low 'sm' % beside a busy CPU means the CPU is the bottleneck: data loading, Python "
    "work per step, batches too small to fill the GPU); then profile a few steps ({profiler}) and raise the batch "
    "size where the GPU waits",
    #: a runtime failure that names a CUDA library (cuDNN, cuBLAS, ...) without a CUDA error code: the library's
    #: version against the framework's build ({library} is the library)
    "runtime/gpu-library": "it failed in a call into {library}, a CUDA library the framework uses, without a CUDA "
    "error code: the usual cause is the installed {library} against the one the framework was built for (an older "
    "{library} than the build expects lacks kernels or fused operations the framework asks for, so it finds no "
    "supported algorithm or configuration; another major does not load). Compare the two (TensorFlow / JAX: "
    "`tf.sysconfig.get_build_info()` or the release's tested versions, `pip list | grep nvidia-`; torch: "
    "`torch.backends.cudnn.version()`) and install the version the framework's release names; then explain the first "
    "error line of the full output",
    #: a compiler driver handed a source file that is not there ("gcc: error: src/nms_cuda.c: No such file or
    #: directory", then "gcc: fatal error: no input files"; issue 36, round thirty-seven)
    #: a compiler driver's own refusal of an option on its command line (NVHPC's "nvc++-Error-Switch -ta with
    #: unknown keyword cc89", gcc's and clang's "unrecognized command-line option"; issue 36, round forty)
    "compile/driver-option": "the compiler driver itself rejected the build's command line (its own line, above "
    "make's 'Error 1' / 'Error 2' summaries, names the option and value): the build passes a switch or value this "
    "compiler release does not know: a GPU target newer than the compiler (a compute capability such as cc89 or "
    "sm_90 that an older NVHPC, nvcc or clang predates), or a flag the release removed or renamed (NVHPC's deprecated "
    "-ta=tesla:ccXX, now -acc with -gpu=ccXX). Check the compiler's version and the GPU's target, then build with a "
    "value the compiler knows (code for an older capability runs on a newer GPU of the same family) or with a newer "
    "compiler, and change the project's flags to match (CMAKE_<LANG>_FLAGS, its GPU-architecture option)",
    "compile/missing-source": "the compiler was given a source file that does not exist (the line names it), so "
    "nothing was compiled: the checkout lacks it: a git submodule not checked out, a file the repository never "
    "committed (a file of the upstream project it was derived from), or a step of the project's build instructions "
    "that creates or downloads it was not run; get that file (check out the submodules, take it from the upstream "
    "project or the repository's fixed version, run the step) and build again",
    #: an exception Python reported as "Exception ignored in: <obj>" (a destructor, a weakref callback, a finalizer it
    #: called on its own) and did not raise (issue 36, round forty): {obj} is what the block names
    "runtime/ignored": "this exception was raised inside a destructor, weakref callback or finalizer that Python "
    "called on its own ({obj}), and Python ignored it ('Exception ignored in'): the program did not stop there, so a "
    "debugger would not stop on it either. An attribute missing in a __del__ means the object was only half built: "
    "its constructor raised before setting it, or was given what it does not take (a NumPy array where the library "
    "needs its own GPU array, a wrong shape or dtype). The cause is the first failure above this block; if the paste "
    "has none, read the whole output again, or build that object of its library alone in a few lines, with the same "
    "inputs, to see its constructor's own exception",
    #: a ROS 2 node's own error line (issue 36, round forty): an application's status or error code, not Python's
    "runtime/ros-node": "a ROS 2 node logged this error itself (its name is in the brackets before the message; a "
    "number after it is the node's library's own status code, which its headers or docs name): the node started and "
    "then refused its set-up. Rerun that node with debug logging to see the calls and values before the error, and "
    "check the parameters it was given (camera and IMU topics, frames, calibration, the features switched on) against "
    "what the package documents; then check that the package's release is the one built for this ROS 2 distribution "
    "and, on Jetson, this JetPack (a release for another JetPack ships libraries that fail at set-up)",
    #: a C++ library's own failed check as glog logs it at FATAL level ("F0826 09:06:46.414013 2273878 x_pass.cpp:1160]
    #: Check failed: ..."; issue 36, round forty-two): {library} names the library (its package, or the file)
    "runtime/glog-check": "{library} stopped on a check of its own C++ code (glog's CHECK / LOG(FATAL): {file}): a "
    "condition its code assumes did not hold, which is no CUDA error of the machine but a bug of that release or an "
    "input, graph or option it does not support. Read the check's words for what it wanted; then install another "
    "build of that library: its latest release (a fixed one is the usual answer), or, on a nightly or a source "
    "build, the previous nightly or the stable release (a nightly regression); search its issues for the check's "
    "file and words",
    #: setuptools' summary of a compiler it ran for a package's CUDA extension ("error: command '/usr/local/cuda/bin/
    #: nvcc' failed with exit status 2"; issue 36, round forty-two): nvcc's own error lines are above it
    "compile/setuptools-nvcc": "pip (or setup.py) built the package's CUDA extension from source, and nvcc failed: "
    "this line is only setuptools' summary, nvcc's own 'error' lines are above it (pip hides them without -v). "
    "The usual cause is a CUDA toolkit (the nvcc the build ran) that does not fit the installed torch (older than the "
    "CUDA torch was built with, or another major) or a host gcc that this CUDA does not support; install the toolkit "
    "of torch's CUDA (or the torch of your toolkit's CUDA) and rebuild, reading the first nvcc error if it persists",
    #: CMake's configure step failed inside a build (setup.py, pip): its own "Configuring incomplete" line (issue 36,
    #: round forty-two)
    "compile/cmake-configure": "CMake's configure step failed, so nothing was compiled: the 'CMake Error at ...' "
    "lines above 'Configuring incomplete, errors occurred!' name what it could not find or accept (a CUDA toolkit, "
    "cuDNN, torch's CMake config, a too old cmake), and CMakeFiles/CMakeError.log holds the failed checks; the "
    "Python traceback after it is only setup.py reporting that cmake failed. Fix what the first CMake Error names "
    "(the toolkit or library path, the cmake version the project requires, the framework release the project was "
    "written for) and build again from an empty build folder",
    #: conda's "ResolvePackageNotFound" / "PackagesNotFoundError" (issue 36, round forty)
    "install/conda-not-found": "conda found no build of the listed package (at that version) on the channels it "
    "searched, for this platform: the version is not published there, the environment file names no channel that "
    "has it (RAPIDS' cuDF / cuML are on the rapidsai channel, with conda-forge and nvidia), or no build exists for "
    "this platform at all (many GPU packages exist for Linux only: on Windows use WSL2; an old pinned version may be "
    "gone or exist only for older Python). Search the channel for the package on this platform, then pin a version "
    "it lists, add the channel, or drop the package from the environment file",
    #: a library's own Python bug, raised inside its frames (issue 36, round thirty-seven): {library} is the library
    #: a traceback raised in an installed library's own code, its error line shown (`miss.raising_library`; issue 36,
    #: round fifty-one)
    "runtime/raised-in-library": "the paste already shows its error line, and {library}'s own code raised it (the "
    "traceback's last frames outside Python and torch are its files in site-packages, not the program's): what it was "
    "given does not fit what this release of {library} does, most often because the installed {library} is not the "
    "version the program was written for (newer or older than its requirements pin), else a bug of that release. "
    "Compare the installed {library} with the version the program's requirements or README name and install that one; "
    "search {library}'s issues for the error line's own words (a fixed or pinned release is the usual answer)",
    #: the same, with an error whose class is no interface's (a ValueError, a RuntimeError): its message is the cause
    "runtime/raised-in-library/message": "the paste already shows its error line, and {library}'s own code raised it "
    "(the traceback's last frames outside Python and torch are its files in site-packages, not the program's): its "
    "message is the cause in {library}'s words, a condition it requires of what the program gave it (a setting, a "
    "file, a device, a dtype, a size): change that where the program passes it, and search {library}'s issues for the "
    "error line's own words; when the program is used as its README says, compare the installed {library} with the "
    "version its requirements name (a release that changed the behaviour, or a bug of that release)",
    "runtime/library-bug": "Python raised this inside {library}'s own code (the traceback's last frames are its "
    "files in site-packages, not your code), with an error that is a bug of the code that raised it, not of the "
    "values you passed (a dict or set changed while it was iterated, a local variable used before it was assigned, "
    "a name it never defined): upgrade {library} to its latest release (or its repository's current code) and "
    "search its issues for this message; a fixed release is the usual answer",
    #: an assertion whose message is a sentence that says what is wrong (issue 36, round thirty-seven): {said} is it
    "runtime/stated-assertion": "an assertion failed, and its message says in its own words what is wrong: "
    '"{said}". It is a condition the code that raised it requires of what it was given (the frames above the last '
    "show which call of yours or of your configuration passed it): change what the message names there (or use the "
    "library's option for that case), then run again",
    "compile/missing-input": "the build needs a file that is not there and that no rule of the build makes: a "
    "prebuilt library or generated file it expects from outside the source tree (a vendor's driver library such as "
    "a GPU's libOpenCL.so, an SDK not installed, a submodule not checked out, an earlier step not run); find where "
    "that file should come from (the board's or SDK's vendor package, the project's instructions) and put it at the "
    "path the line names, then build again",
    #: torch.compile's own failure (dynamo tracing the model, or the backend it hands the graph to: inductor, a
    #: custom backend), shown by its "fall back to eager" advice (issue 36, round thirty-three)
    "compile/torch-compile": "torch.compile failed while compiling the model (dynamo tracing it, or the backend "
    "(inductor, Triton) compiling the graph), not the model itself: run it without compiling to confirm (drop "
    "torch.compile or the program's compile option; `torch._dynamo.config.suppress_errors = True` falls back to "
    'eager for the failing frame), then get the whole error with TORCH_LOGS="+dynamo" TORCHDYNAMO_VERBOSE=1 and '
    "compare torch (and triton) with the versions the program supports; a backend's compiler error (inductor's C++ "
    "or Triton) is usually a torch / triton pair or a missing compiler. To split the two, compile with "
    'backend="aot_eager" (dynamo and autograd alone: passes means Inductor or Triton fails) and TORCH_LOGS='
    '"output_code" to see the kernel it generated; Triton also builds a small launcher module with the host C '
    "compiler and the GPU SDK's headers (cuda.h; Intel XPU: icpx and Level Zero's ze_api.h; on Windows the compiler's "
    "environment), so a missing compiler or header there fails the compile too; update torch and triton together "
    "(pytorch-triton, triton-xpu) to the pair that release names",
    #: issue 36, round forty-seven: an application's notice that the library it runs its model through was built
    #: without its GPU backend (llama-cpp-python built by pip from source without the CUDA flag)
    "goes-on/cpu-build": "nothing failed: the program says the library it runs the model through was built without "
    "its GPU backend, so the work runs on the CPU (slowly). A library built from source by pip (llama-cpp-python, "
    "a ggml binding) gets its GPU backend only when the build is told so: reinstall it with the backend's CMake flag "
    "in CMAKE_ARGS (llama.cpp today: -DGGML_CUDA=on; older releases: -DLLAMA_CUBLAS=on, then -DLLAMA_CUDA=on: a flag "
    "the installed release does not know is ignored) and --force-reinstall --no-cache-dir (pip reuses a cached CPU "
    "wheel otherwise), with nvcc on PATH (`nvcc --version`); the load log must then name the CUDA device",
    #: issue 36, round forty-seven: ggml's own assertion ended the run
    "runtime/ggml-assert": "ggml stopped on its own assertion (GGML_ASSERT at the file and line it names, then "
    "abort): an operation or tensor type the model needs that this build's backend does not handle (often a model "
    "architecture newer than the llama.cpp the binding bundles, or one its CUDA backend lacks), or a bug of that "
    "release. The file names the backend (ggml-cuda.cu: the CUDA one): run the same model with no layers on the GPU "
    "(-ngl 0 / n_gpu_layers=0) to see whether the GPU backend is the cause, and use a llama.cpp (or binding) release "
    "that supports the model's architecture; the assert's file and line, searched in llama.cpp's issues, name the "
    "op",
    #: issue 36, round forty-seven: build tools other than pip / setup.py, by their own lines
    "compile/xmake": "xmake's own build failed (its lua stack traceback is xmake's, not the cause): the first "
    "'error:' line's last part is the reason. 'cannot get program for cu' (or another source kind) means xmake "
    "found no compiler for those sources: for .cu files no CUDA toolchain was detected (nvcc not on PATH, or no "
    'CUDA SDK found): configure it (`xmake f --cuda=/usr/local/cuda`, or `add_requires` / `set_toolchains("cuda")` '
    "in xmake.lua) and check `xmake l detect.sdks.find_cuda`; rerun the build with -vD to see each tool it "
    "resolves and the command that failed",
    "compile/ninja-manifest": "ninja refused the build.ninja file itself (ninja's manifest parser: an unknown build "
    "rule, a duplicate or missing edge), before compiling anything: the file was written by a generator (CMake, "
    "meson, xmake, gn, torch's cpp_extension) that emitted a build edge for a kind of source without its rule (a "
    "'cu' rule: CUDA sources in a generator or release whose ninja backend has no CUDA rule). Regenerate the file "
    "with a generator release that supports that language for ninja, or use its other backend (make, its own "
    "build); `ninja -v` shows the commands once the file is right",
    "compile/cargo": "a Rust crate's build script (build.rs) failed while it compiled native code: cargo prints "
    "'failed to run custom build command for `crate`' and the script's panic, and the compiler's own error lines "
    "(nvcc's, cc-rs's) above the panic are the cause. For CUDA kernels built by bindgen_cuda / cc-rs: check nvcc "
    "(`nvcc --version`), the GPU architecture it builds for (CUDA_COMPUTE_CAP, or the one detected from "
    "nvidia-smi) against what the kernels need (flash-attention kernels need sm_80 or newer: build without that "
    "feature on an older GPU), and rebuild with cargo's -vv to see the script's whole output",
    "compile/easybuild-tests": "EasyBuild built the software and then ran its test suite, and the easyblock rejects "
    "the install when more tests fail than the easyconfig allows (PyTorch's easyblock: 'N test failures, M test "
    "errors (out of ...)' against max_failed_tests): the build itself is done. Read which tests failed in the build "
    "log (eb's log file; the test's own output), decide whether they are known flaky or hardware-specific (GPU "
    "count, a GPU model), then exclude them in the easyconfig (excluded_tests) or raise max_failed_tests, or fix "
    "what makes them fail; `eb --dry-run` shows the easyconfig's settings",
    "compile/ld-needed": "the linker could not find a shared library that another library it links needs ('{lib}, "
    "needed by ..., not found (try using -rpath or -rpath-link)'), so the symbols that library gives are undefined "
    "references: install it into the environment the build uses, or point the linker at its directory "
    "(-Wl,-rpath-link,<dir>, LIBRARY_PATH). A conda environment's compiler_compat/ld (the linker conda's Python "
    "passes to builds) searches the environment's lib/, not the system's: there, install the runtime into the "
    "environment (libgomp: `conda install -c conda-forge libgomp`), build with the system linker, or turn the "
    "feature off (OpenMP in ggml: -DGGML_OPENMP=OFF)",
    #: issue 36, round forty-seven: a Java binding (JNI) whose native method raised
    "not-python/java-jni": "the exception was raised in a Java binding's native method (JNI: the '(Native Method)' "
    "frame), so its cause is in the native library's own log lines above it, not in the Java code. A binding ships "
    "(or loads) two native libraries, its JNI glue and the engine it wraps: both must come from the same build and "
    "release (a custom engine library, e.g. a CUDA build, from another version than the binding's glue passes "
    "parameters the binding does not expect, so its arguments arrive wrong). Use the engine library "
    "built for that binding release (or build the binding against yours), and run the engine's own command-line "
    "tool with the same file and options to see whether the engine alone loads it",
    "goes-on/cpu": "nothing failed: the program says it goes on without the GPU (on the CPU), which is slower, not "
    "broken. If the GPU should be used, {check}",
    "goes-on/fallback": "nothing failed: the program says its fast path did not apply (the reason is on the same "
    "line) and it took a slower one (a fallback, dequantized weights, a reference kernel), so the run goes on and "
    "what it costs is speed. If the speed matters, meet what the line says the fast path needs (a dtype, a "
    "layout, a GPU generation, a library version) or upgrade the program to a release that does",
    "goes-on/optional": "nothing failed: the program says it goes on without an optional part (a library, an SDK, an "
    "effect or provider it names), so only that feature is off. If you need it, install what the line names (of the "
    "version the program supports) where the program looks for it (the library path, the SDK's install folder) and "
    "start the program again: the notice should be gone",
}

#: What a miss's text shows beside its stage that has its own next step: (stage, "stage/situation" key of
#: `STAGE_STEPS` and `STAGE_COMMANDS`, pattern); the first whose stage is the text's and whose pattern it holds wins.
#: trtexec's lines (samples/common/sampleEngines.cpp, trtexec.cpp), Docker's image build (the classic builder's
#: "Step N/M", BuildKit's "#N [x/y] RUN" and "failed to solve"), apt's "E:" lines, NCCL's WARN line and its
#: "file.cc:N -> R" return trace (src/include/checks.h). A stage written "guessed/<stage>" is a stage guessed from a
#: text's words (no marker, no error line): its situations refine the guess's step (a build spoken of).
STAGE_SITUATIONS: tuple[tuple[str, str, str], ...] = (
    #: a model converter between frameworks (issue 36, round forty-six): the model and the converter's release, not
    #: torch.export's graph break
    ("export", "export/converter", CONVERTER_WORDS[1:]),
    #: the container stacks that are not Docker's (issue 36, round forty-five): Slurm's container plugin (pyxis, which
    #: runs enroot and its hooks on the compute node), podman (its GPUs through CDI), and the NVIDIA Container
    #: Toolkit's hook's own error (nvidia-container-cli, whichever runtime ran it)
    (
        "container",
        "container/slurm",
        r"\bpyxis: |\bspank_pyxis\b|\benroot (?:import|create|start|export|list|remove|exec)\b|/enroot/|\benroot: "
        r"|--container-(?:image|name)\b",
    ),
    (
        "container",
        "container/podman",
        r"\bpodman\b|\bcrun: |OCI runtime attempted to invoke|\bnvidia\.com/gpu=|\bCDI\b",
    ),
    ("container", "container/hook", r"nvidia-container-cli: |error running hook|\bnvidia-container-runtime-hook\b"),
    ("build", "build/trtexec", r"&&&& (?:RUNNING|FAILED) TensorRT\.trtexec|\btrtexec\b"),
    (
        "container",
        "container/apt",
        r"^E: (?:Unable to locate package |Version '[^'\n]{1,80}' for '[^'\n]{1,80}' was not found"
        r"|Couldn't find any package by |Package '[^'\n]{1,80}' has no installation candidate)",
    ),
    (
        "container",
        "container/image-build",
        r"^Step \d{1,4}/\d{1,4} : (?:FROM|RUN|COPY|ADD|ENV|ARG|WORKDIR|USER|SHELL|CMD|ENTRYPOINT)\b"
        r"|^#\d{1,4} \[[^\]\n]{1,80}\] RUN |returned a non-zero code: \d|failed to solve: "
        r"|executor failed running \[|did not complete successfully: exit code|\bdocker build\b|\bDockerfile\b",
    ),
    #: conda found no build of a package for this platform on its channels (issue 36, round forty)
    (
        "install",
        "install/conda-not-found",
        r"^ResolvePackageNotFound:|\bPackagesNotFoundError: "
        r"|The following packages are not available from current channels",
    ),
    (
        "install",
        "install/apt",
        r"^E: |^dpkg: (?:error|dependency problems)|The following packages have unmet dependencies"
        r"|Errors were encountered while processing:",
    ),
    (
        "install",
        "install/network",
        r"^\s{0,8}curl: \(\d{1,2}\) |Failed to download `|Request failed after \d{1,3} retries|Read timed out"
        r"|Connection (?:reset by peer|refused|timed out)|Network is unreachable|name resolution|operation timed out",
    ),
    #: a configure step that stopped before compiling: a configure script's own failure line (Kaldi's "***configure
    #: failed: ...***", autoconf's "configure: error: ...")
    ("compile", "compile/configure", r"\bconfigure failed: |^configure: error: "),
    #: Bazel's own error lines (TensorFlow's source build): its CUDA autoconfiguration ("Cuda Configuration Error:
    #: ..."), a package it could not load, a rule that failed ("ERROR: /path/BUILD:12:1: ...")
    (
        "compile",
        "compile/bazel",
        r"Cuda Configuration Error: |\berror loading package\b|^ERROR: [^\n]{0,400}\bBUILD(?:\.bazel)?:\d{1,6}:\d"
        r"|^ERROR: Skipping '//",
    ),
    #: a text without a compiler's line that shows a Visual Studio build (MSBuild's own codes and names): the
    #: detailed MSBuild log holds the compiler's line
    ("guessed/compile", "compile/msvc", r"\bMSB\d{4}\b|\bMSBuild\b|\.vcxproj\b|\bcl\.exe\b|\bLNK\d{4}\b"),
    #: the same for a Visual Studio build its own lines mark (MSBuild's codes): its detailed log names the error
    ("compile", "compile/msvc", r"\bMSB\d{4}\b|\bMSBuild\b|\.vcxproj\b"),
    #: CMake's configure step failed (before anything compiled): its "CMake Error at FILE:LINE" and Call Stack name the
    #: find_package or target; --debug-find shows where it looked
    #: (and its generate step's "CMake Error in FILE:" for a target's properties, e.g. an imported target whose
    #: INTERFACE_INCLUDE_DIRECTORIES names a path that does not exist; issue 36, round thirty-six)
    #: CMake's own check that the compiler works failed (Modules/CMakeTestCXXCompiler.cmake and its C / CUDA / HIP
    #: siblings: "The C++ compiler ... is not able to compile a simple test program", "Check for working CXX compiler:
    #: ... - broken"; issue 36, round forty-three): the compiler itself, not a find_package
    (
        "compile",
        "compile/compiler-broken",
        r"is not able to compile a simple test program|CMakeTestC(?:XX|UDA|HIP)?Compiler\.cmake:\d"
        r"|Check for working (?:C|CXX|CUDA|HIP) compiler: [^\n]{1,300} - broken",
    ),
    #: clang's HIP driver finds no ROCm install ("cannot find HIP runtime. Provide its path via --rocm-path", "cannot
    #: find ROCm device library ... --rocm-device-lib-path"; clang's DiagnosticDriverKinds.td; issue 36, round
    #: forty-three): the compiler must be pointed at ROCm
    (
        "compile",
        "compile/rocm-path",
        r"cannot find HIP runtime\b|cannot find ROCm device librar(?:y|ies)\b|--rocm-device-lib-path\b",
    ),
    #: build tools other than make / setuptools, by their own lines (issue 36, round forty-seven)
    (
        "compile",
        "compile/xmake",
        r"^error: @programdir[\\/]|\bcannot get program for \w{1,12}\b|^\s{0,4}\$?\s{0,4}xmake\b",
    ),
    ("compile", "compile/ninja-manifest", r"ninja: error: [^\n]{0,200}\.ninja:\d{1,6}: "),
    (
        "compile",
        "compile/cargo",
        r"failed to run custom build command for `|\bbindgen_cuda\b|\bnvcc error while executing compiling\b",
    ),
    ("compile", "compile/easybuild-tests", r"^WARNING: \d{1,6} test failures?, \d{1,6} test errors? \(out of \d"),
    (
        "compile",
        "compile/ld-needed",
        r"\bld(?:\.\w{1,8})?: warning: [\w.+-]{1,80}, needed by [^\n]{1,300}, not found "
        r"\(try using -rpath or -rpath-link\)",
    ),
    ("compile", "compile/cmake", r"^CMake Error at |^CMake Error: |^CMake Error in [^\n]{1,300}:"),
    (
        "compile",
        "compile/torch-compile",
        _TORCH_COMPILE_TAIL[1:] + r"|" + _INDUCTOR_COMPILING,
    ),
    #: a compiler driver's own refusal of an option (`compile/driver-option`)
    (
        "compile",
        "compile/driver-option",
        r"^\s{0,8}(?:nvc|nvc\+\+|nvfortran|pgcc|pgc\+\+|pgf90|pgfortran)-(?:Error|Fatal)-(?:Switch|Unknown switch)\b"
        r"|^\s{0,8}(?:[\w./\\+-]{0,200}[/\\])?(?:[\w.+-]{0,40}-)?(?:gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|icx|icpx|nvc\+\+)"
        r"(?:-\d{1,2})?: error: (?:unrecognized command[- ]line option|unknown argument|unsupported option)",
    ),
    #: a compiler driver's own report of a source file it was given and could not open ("gcc: error: x.c: No such file
    #: or directory", "gcc: fatal error: no input files"; issue 36, round thirty-seven); a header missing is a
    #: compile error at a file and line, which `compile/shown` reads
    (
        "compile",
        "compile/missing-source",
        r"^\s{0,8}(?:[\w./\\+-]{0,200}[/\\])?(?:[\w.+-]{0,40}-)?(?:gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|nvcc)"
        r"(?:-\d{1,2})?(?:\.exe)?: (?:fatal )?error: (?:[^\n]{1,400}?\.(?:c|cc|cpp|cxx|cu|m|mm|S):? No such file or "
        r"directory|no input files)",
    ),
    #: a compile failure whose compiler or linker error line is in the text (gcc / clang / nvcc "file:12:3: error:",
    #: NVRTC's and MSVC's "file(12): error", ld's "undefined reference to", CMake's "CMake Error at"): rerunning the
    #: build to find that line would not help; the line and the toolchain's versions are the next thing to read
    (
        "compile",
        "compile/shown",
        r"^[^\n]{0,300}?(?::\d{1,6}(?::\d{1,4})?: (?:fatal )?error: |\(\d{1,6}\): (?:fatal |catastrophic )?error\b)"
        r"|undefined reference to [`']|^CMake Error at |^ptxas (?:fatal|error)"
        #: the NVIDIA HPC SDK's front ends' numbered severe / fatal diagnostics ("NVFORTRAN-S-0034-Syntax error at or
        #: near ...", "NVC++-F-0249-..."; issue 36, round forty)
        r"|^(?:NVC|NVC\+\+|NVCPP|NVFORTRAN|PGC|PGCC|PGC\+\+|PGF90|PGF95|PGFORTRAN)-[SF]-\d{4}-"
        r"|^(?:nvc|nvc\+\+|nvfortran|pgcc|pgc\+\+|pgf90|pgfortran)-(?:Error|Fatal)-",
    ),
    #: a torch extension JIT-built at first use (torch.utils.cpp_extension.load, DeepSpeed's op builder: ninja's
    #: "FAILED: x.cuda.o", the torch_extensions build folder) without the compiler's own error line: nvcc's CUDA
    #: against torch's, the host compiler, and the stale build folder (issue 36, round thirty-one)
    (
        "compile",
        "compile/jit-extension",
        r"^FAILED: [^\n]{0,300}\.(?:o|obj)\s*$|torch[\\/]utils[\\/]cpp_extension\.py|\bin _run_ninja_build\b"
        r"|[\\/]torch_extensions[\\/]|Error building extension '",
    ),
    #: a text without a tool's line whose words speak of a build (not nvcc's version banner, "Cuda compilation
    #: tools", nor a binary "compiled with" a version): the build's own output is the next thing to read
    (
        "guessed/compile",
        "guessed/compile-build",
        r"(?i)\bbuild(?:ing|s)?\b|\bcompil(?:e|es|ing)\b|\bcompiled\b(?! (?:with|against|for|to use)\b)|\bcmake\b"
        r"|\bsetup\.py\b|\bmake\b|\./configure\b|\bbazel\b",
    ),
    #: ninja's and make's own words that an input of the build is missing and no rule makes it (ninja: "ninja: error:
    #: 'X', needed by 'Y', missing and no known rule to make it"; GNU make: "No rule to make target 'X', needed by 'Y'")
    (
        "compile",
        "compile/missing-input",
        r"^ninja: error: '[^'\n]{1,400}', needed by '[^'\n]{1,400}', missing and no known rule to make it"
        r"|No rule to make target [`'][^'\n]{1,400}', needed by [`']",
    ),
    ("runtime", "runtime/nccl", r"\bNCCL WARN\b|\bNCCL INFO [\w./-]{1,160}:\d{1,6} -> [1-9]"),
    #: Python refused the code before running it (issue 36, round thirty-two): the interpreter is older than the
    #: code's syntax, whatever library warnings came before
    ("runtime", "runtime/syntax", r"^\s{0,8}(?:SyntaxError|IndentationError|TabError): "),
    ("import", "runtime/syntax", r"^\s{0,8}(?:SyntaxError|IndentationError|TabError): "),
    #: a multi-GPU communicator that could not be built, in a framework's own words (PaddlePaddle's install check:
    #: "Your Paddle Fluid has some problem with multiple GPU", paddle::platform::NCCLContextMap; ncclCommInitAll)
    (
        "runtime",
        "runtime/multi-gpu",
        r"has some problem with multiple GPU|\bNCCLContextMap\b|\bncclCommInit(?:All|Rank)\w{0,12}\b[^\n]{0,80}failed",
    ),
    #: the debugging and profiling tools' own output (issue 36, round twenty-six): a compute-sanitizer report no family
    #: knows, cuda-gdb's stop, a run that failed under Nsight Systems: the tool's own next step
    (
        "runtime",
        "runtime/sanitizer",
        r"^[ \t]{0,4}={9} (?:COMPUTE-SANITIZER|CUDA-MEMCHECK|Invalid |Program hit |Host API |Barrier error"
        r"|Uninitialized |Leaked |(?:Error|Warning|ERROR|WARNING): |Out-of-range |Misaligned |Malloc/Free "
        r"|Internal Sanitizer)",
    ),
    (
        "runtime",
        "runtime/cuda-gdb",
        r"\(cuda-gdb\)|\bCUDA_EXCEPTION_\d{1,2}\b|^CUDA Exception: |\[Switching focus to CUDA kernel"
        r"|NVIDIA \(R\) CUDA Debugger",
    ),
    ("runtime", "runtime/nsys", r"\bnsys(?:\.exe)? (?:profile|launch|start)\b"),
    #: C++'s std::terminate with no exception (libstdc++'s verbose terminate handler): a std::thread destroyed while
    #: still joinable, or terminate() called by hand, mostly as the program exits (issue 36, round thirty-five): its
    #: step is about the program's threads and exit, not a CUDA library a core dump's module list names
    ("runtime", "runtime/teardown", r"\bterminate called without an active exception\b"),
    #: a native program's run: the text shows one (a ./program command, a C++ exception, a .cu / .cpp source line, a
    #: CUDA call's failure in C's words) and no Python, no framework: its tools, not a Python rerun, name the call
    (
        "runtime",
        "runtime/native",
        r"\A(?![\s\S]{0,400000}?(?:Traceback \(most recent|\.py\b|[Pp]ython|\bpip\b|site-packages|>>> |\bIn \[\d"
        r"|^\s{0,8}(?:[\w.]{1,80}\.)?[A-Z]\w{0,60}(?:Error|Exception): |tensorflow|torch|\bjax|paddle|onnxruntime"
        r"|tensorrt|cupy|numba"
        # a Python package's module-qualified exception inside a line ("(issue title: dgl._ffi.base.DGLError: ...)")
        r"|(?<![\w.])(?!(?:java|javax|jdk|sun|org|com|kotlin|scala|android|io|net)\.)[a-z_][a-z0-9_]{0,40}"
        r"(?:\.\w{1,40}){1,6}\.[A-Z]\w{0,60}(?:Error|Exception): ))"
        r"(?=[\s\S]{0,400000}?(?:^\s{0,4}(?:\$ {1,2})?\./[\w.-]{1,80}|terminate called|what\(\):"
        r"|\.(?:cu|cuh|cpp|cc|cxx)(?::\d|\(\d)|\bcuda[A-Z]\w{2,60}\b[^\n]{0,40}(?:failed|returned|error)"
        r"|CUDA error at |\bCUDA_ERROR_\w+))",
    ),
    #: the same tools in a text without an error line, whose stage is a guess from its words
    ("guessed/runtime", "runtime/sanitizer", r"^[ \t]{0,4}={9} (?:COMPUTE-SANITIZER|CUDA-MEMCHECK)\b"),
    (
        "guessed/runtime",
        "runtime/cuda-gdb",
        r"\(cuda-gdb\)|\bCUDA_EXCEPTION_\d{1,2}\b|\[Switching focus to CUDA kernel|NVIDIA \(R\) CUDA Debugger",
    ),
    ("guessed/runtime", "runtime/nsys", r"\bnsys(?:\.exe)? (?:profile|launch|start)\b"),
)

#: The command that watches how busy the GPU is while a job runs (the performance step's and its summary's command)
WATCH_GPU = "nvidia-smi dmon -s u -d 1"

#: The single most useful command to run next, when no family matched: by stage, and by stage and library
#: ("stage/library", `PRODUCTS` names) where the library has its own tool. ``{file}`` is a library file the text names.
#: a traceback cut before its exception line whose last frame is a function that raises one failure only: that
#: family, likely (issue 36, round thirty-four): torch.load restoring a CUDA-saved storage on a machine whose torch
#: sees no CUDA device (torch/serialization.py's default_restore_location -> _cuda_deserialize ->
#: validate_cuda_device raises "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is
#: False")
STAGE_CUT_FRAMES: tuple[tuple[str, str], ...] = (
    (
        "torch-load-cuda-on-cpu",
        r"serialization\.py\W{1,4}, line \d{1,6}, in (?:default_restore_location|_cuda_deserialize"
        r"|validate_cuda_device)\b",
    ),
    # issue 36, round forty-eight: torch.load's legacy (non-zip) reader failed at its first read, the pickle magic
    # number: the file is empty, cut short or no checkpoint ("Ran out of input", "invalid load key")
    (
        "py-model-file-incomplete",
        r"serialization\.py\W{1,4}, line \d{1,6}, in _legacy_load\n\s{0,12}magic_number = pickle_module\.load\(",
    ),
)

STAGE_COMMANDS: dict[str, str] = {
    "compile": "make VERBOSE=1 2>&1 | grep -n -m1 -B2 -A8 -E 'error|undefined reference|cannot find'",
    "install": "python -m pip install -v <package> 2>&1 | grep -iE 'error|requires|conflict'",
    "install/apt": "apt-cache policy <package> (for each package its 'E:' or 'Depends:' lines name) && sudo apt-get "
    "install -o Debug::pkgProblemResolver=yes <package>",
    "install/network": "curl -fSLv <the address that failed> -o /dev/null (or pip install --default-timeout=300 "
    "--retries 10 -v <package>)",
    "import": "python -X faulthandler -c 'import <the module that failed>'",
    "import/tensorrt": "python -c 'import tensorrt as trt; print(trt.__version__, trt.__file__)'",
    "import/torch_tensorrt": "python -c 'import torch, torch_tensorrt; print(torch.__version__, "
    "torch_tensorrt.__version__)'",
    "import/onnxruntime": "python -c 'import onnxruntime as ort; print(ort.__version__, "
    "ort.get_available_providers())'",
    "import/pycuda": "python -c 'import pycuda.driver as d; d.init(); print(d.get_version(), d.get_driver_version())'",
    "import/cupy": "python -c 'import cupy; cupy.show_config()'",
    "import/torch": "python -m torch.utils.collect_env",
    "import/tensorflow": "python -c 'import tensorflow as tf; print(tf.sysconfig.get_build_info())'",
    "import/library": "ldd {file} | grep 'not found'",
    "import/module": "python -X faulthandler -c 'import {module}' (the module alone: its own first error)",
    "export": "TORCHDYNAMO_VERBOSE=1 python your_script.py 2>&1 | torchtrt-compat explain -",
    "export/converter": "python -c \"import onnx; m = onnx.load('model.onnx'); onnx.checker.check_model(m, "
    'full_check=True); print(m.ir_version, [(o.domain, o.version) for o in m.opset_import])"; onnxsim model.onnx '
    "model_sim.onnx (then convert model_sim.onnx again, verbose)",
    "lowering": "python your_script.py 2>&1 | torchtrt-compat explain - (with torch_tensorrt.logging.debug() around "
    "the compile)",
    "conversion": "polygraphy inspect capability model.onnx",
    "conversion/torch_tensorrt": "python your_script.py 2>&1 | torchtrt-compat explain - (with "
    "torch_tensorrt.logging.debug() around the compile)",
    "build": "trtexec --onnx=model.onnx --verbose 2>&1 | torchtrt-compat explain -",
    "build/paddle": "python your_script.py 2>&1 | grep -iE 'trt input|dynamic shape|error' (without "
    "config.disable_glog_info(): Paddle's INFO log names every TensorRT subgraph input)",
    "build/torch_tensorrt": "torchtrt-compat explain --log build.log (the TensorRT log torchtrt_compat attaches to "
    "BuildError.log)",
    "deserialization": "trtexec --loadEngine=model.engine --verbose 2>&1 | grep -iE 'version|compute|error'",
    "deserialization/torch_tensorrt": "torchtrt-compat check --target <artifact folder>",
    "deserialization/checkpoint": "ls -l <checkpoint>; python -c \"import torch; sd = torch.load('<checkpoint>', "
    "map_location='cpu', weights_only=False); print(type(sd), list(sd)[:20] if hasattr(sd, 'keys') else '')\" (a "
    "file that is whole, and the keys it holds)",
    "deserialization/loader-code": "pip list 2>/dev/null | grep -i -E '{library}|torch' (against the versions the "
    "project pins: its README, requirements or Docker image)",
    "runtime": "CUDA_LAUNCH_BLOCKING=1 python your_script.py 2>&1 | torchtrt-compat explain -",
    "runtime/library-exception": "pip list 2>/dev/null | grep -i {package}; python your_script.py 2>&1 | "
    "torchtrt-compat explain - (the whole output, every chained exception)",
    "runtime/syntax": 'which -a python python3; python --version; head -n 1 "$(command -v <the tool>)" (the '
    "interpreter its script names)",
    "runtime/no-cuda-error": "python your_script.py 2>&1 | torchtrt-compat explain - (the whole output, from the "
    "command to the last line)",
    "stated": "pip install -v --no-cache-dir --force-reinstall {package} 2>&1 | grep -i -n -E 'cuda|nvcc|skip|error' "
    "(whether the install found CUDA and built the part it names)",
    "cut-traceback": "python your_script.py 2>&1 | tail -n 60 | torchtrt-compat explain - (the traceback's end: its "
    "exception line)",
    "cut-build": "MAX_JOBS=1 python your_script.py 2>&1 | tee build.log; grep -n -m 5 -E 'error|FAILED' build.log "
    "(the build's first error)",
    "cut-torchscript": "python your_script.py 2>&1 | tail -n 80 | torchtrt-compat explain - (the TorchScript "
    "traceback's end: its exception line)",
    "compile/ld-cannot-find": "ldconfig -p | grep -i {lib}; find / -name 'lib{lib}*' 2>/dev/null | head",
    "compile/msvc": 'msbuild <project>.vcxproj -v:detailed 2>&1 | findstr /n /c:"error C" /c:"error LNK"',
    "container": "docker run --rm --gpus all ubuntu nvidia-smi",
    "runtime/tritonserver": "tritonserver --model-repository=<dir> --log-verbose=1 2>&1 | torchtrt-compat explain -",
    "runtime/onnxruntime": "python -c 'import onnxruntime as ort; print(ort.get_device(), "
    "ort.get_available_providers())'",
    "load": "tritonserver --model-repository=<dir> --log-verbose=1 2>&1 | torchtrt-compat explain -",
    "load/deepstream": "GST_DEBUG=3 deepstream-app -c <config> 2>&1 | torchtrt-compat explain -",
    "load/onnxruntime": "python -c \"import onnx, onnxruntime as ort; m = onnx.load('model.onnx', "
    "load_external_data=False); print('model ir', m.ir_version, [(o.domain or 'ai.onnx', o.version) for o in "
    "m.opset_import]); print('onnxruntime', ort.__version__, ort.get_available_providers())\"",
    "save": "python -c 'import torch_tensorrt; print(torch_tensorrt.__version__)' (save() takes what "
    'compile(ir="dynamo") returns)',
    "refit": "trtexec --loadEngine=model.engine --verbose 2>&1 | grep -i refit",
    "unknown": "python your_script.py 2>&1 | torchtrt-compat explain - (the whole output, from the command to the "
    "last line)",
    "guessed/build": "trtexec --onnx=model.onnx --verbose 2>&1 | torchtrt-compat explain - (or the application's "
    "log at its TensorRT verbose / debug level)",
    "guessed/import": "python -X faulthandler -c 'import <module>' 2>&1 | torchtrt-compat explain - (Windows: `where "
    "<name>.dll` first; Linux: `ldconfig -p | grep <name>`)",
    "guessed": "nvidia-smi && python your_script.py 2>&1 | torchtrt-compat explain - (the whole output)",
    "compile/configure": "./configure <the same options> 2>&1 | tail -n 40 | torchtrt-compat explain - (autoconf: "
    "`grep -n -B5 'error' config.log`)",
    "compile/bazel": "bazel build <target> --verbose_failures 2>&1 | torchtrt-compat explain - (TensorFlow: rerun "
    "./configure with the installed CUDA / cuDNN versions first)",
    "guessed/compile-build": "make VERBOSE=1 2>&1 | torchtrt-compat explain - (or the project's own build command "
    "with its whole output: pip install -v ., python setup.py build_ext, cmake --build . --verbose, ./configure)",
    "build/trtexec": "trtexec <the same options> --verbose 2>&1 | torchtrt-compat explain -",
    "build/app-line": "trtexec --onnx=model.onnx --verbose 2>&1 | torchtrt-compat explain - (or the application's "
    "log at its TensorRT verbose / debug level)",
    "container/slurm": "srun --gres=gpu:1 nvidia-smi; srun --gres=gpu:1 nvidia-container-cli info; scontrol show "
    "config | grep -i gres",
    "container/podman": "nvidia-ctk --version; nvidia-ctk cdi list; podman run --rm --device nvidia.com/gpu=all "
    "ubuntu nvidia-smi -L",
    "container/hook": "nvidia-smi -L; sudo nvidia-container-cli -k -d /dev/tty info; docker info | grep -i "
    "runtime; nvidia-ctk --version",
    "container/image-build": "docker build --progress=plain --no-cache . 2>&1 | torchtrt-compat explain -",
    "container/apt": "docker run --rm <base image> sh -c 'apt-get update && apt-cache policy <package>'",
    "runtime/multi-gpu": "nvidia-smi -L; echo $CUDA_VISIBLE_DEVICES; NCCL_DEBUG=INFO python your_script.py 2>&1 | "
    "torchtrt-compat explain -",
    "runtime/nccl": "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV,GRAPH python your_script.py 2>&1 | torchtrt-compat "
    "explain - (and `env | grep NCCL_; cat /etc/nccl.conf`)",
    "bare-exception": "python -m pdb -c continue your_script.py (stops where it raised: `where` prints the traceback "
    "the paste lacks, i.e. the converting or running call that raised it; `up` walks to your own code), or python "
    "your_script.py 2>&1 | torchtrt-compat explain - (the whole traceback, not its last line)",
    "runtime/numeric": "polygraphy run model.onnx --onnxrt --trt --onnx-outputs mark all --trt-outputs mark all "
    "(ONNX / TensorRT); in PyTorch: torch.testing.assert_close(layer_out, reference_out) on each layer's output, "
    "through forward hooks on the model and on its float32 CPU copy",
    "runtime/numeric-tflite": 'python -c "import tensorflow as tf; it = tf.lite.Interpreter('
    "model_path='model.tflite', experimental_preserve_all_tensors=True); it.allocate_tensors(); ...; it.invoke(); "
    'print(it.get_tensor(<index>))" '
    "(then the same tensor on the device, dequantized with its scale and zero point)",
    "runtime/numeric-test": "<the library's test command: cargo test, pytest> 2>&1 | torchtrt-compat explain - (every "
    "failing test, with the GPU, driver and backend it ran on)",
    "runtime/sanitizer": "nvcc -lineinfo ... && compute-sanitizer --tool <the tool that reported: memcheck, racecheck, "
    "initcheck, synccheck> --show-backtrace yes --print-limit 10 ./your_app 2>&1 | torchtrt-compat explain -",
    "runtime/cuda-gdb": "cuda-gdb -batch -ex run -ex bt -ex 'info cuda kernels' --args ./your_app 2>&1 | "
    "torchtrt-compat explain - (built with -G -lineinfo)",
    "runtime/nsys": "<your command> 2>&1 | torchtrt-compat explain - (first without nsys), then nsys profile -t "
    "cuda,nvtx --trace-fork-before-exec=true -o trace <your command>",
    "compile/torch-compile": 'TORCH_LOGS="+dynamo" TORCHDYNAMO_VERBOSE=1 python your_script.py 2>&1 | '
    "torchtrt-compat explain - (and once without torch.compile, to confirm the model runs eagerly)",
    "not-python/java-static-init": "grep -n -m3 -A15 -E 'ExceptionInInitializerError|UnsatisfiedLinkError' "
    "<the whole log> (the first failure of the class's static initialiser: the native library that did not load); "
    "ldd <that library> | grep 'not found'",
    "not-python/java-linkage": "mvn dependency:tree (Maven) or gradle dependencies (Gradle): every artifact of the "
    "framework at one version, no older copy on the classpath",
    "compile/compiler-broken": "echo 'int main(){return 0;}' > t.cpp && <the compiler CMake names> -v t.cpp -o t "
    "(its own error); echo $CXX $CC; cmake --version",
    "compile/rocm-path": "ls -d /opt/rocm* $ROCM_PATH $HIP_PATH; find / -name 'hip_runtime.h' -path '*hip*' 2>/dev/null"
    " | head; then build with --rocm-path=<the ROCm root> (or ROCM_PATH / HIP_PATH set)",
    "compile/cmake": "rm -rf build && cmake -S . -B build --debug-find 2>&1 | torchtrt-compat explain - (then "
    "build/CMakeFiles/CMakeConfigureLog.yaml or CMakeError.log)",
    "compile/jit-extension": "python -c 'import torch; print(torch.version.cuda)'; nvcc --version; gcc --version; "
    "rm -rf ~/.cache/torch_extensions; python your_script.py 2>&1 | torchtrt-compat explain - (the whole build output)",
    "compile/shown": "nvcc --version; gcc --version; cmake --version (then the versions the project's README or CI "
    "builds with)",
    "runtime/native": "CUDA_LAUNCH_BLOCKING=1 compute-sanitizer ./your_program <its arguments> 2>&1 | torchtrt-compat "
    "explain - (a crash: gdb -batch -ex run -ex bt --args ./your_program <its arguments>)",
    "info-only": 'py-spy dump --pid <pid> (a hang); echo $? (a silent exit); nvidia-smi && python -c "import torch; '
    'print(torch.__version__, torch.cuda.is_available())" (a GPU left unused)',
    "said": "python your_script.py 2>&1 | torchtrt-compat explain - (after doing what the message says: what it "
    "prints next)",
    "said/driver": "nvidia-smi; nvcc --version (the driver and the CUDA toolkit installed, against the pair the "
    "message asks for)",
    "not-python": "nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv (the GPU's compute capability, "
    "against the ones the program's release supports); nvidia-smi (the driver's 'CUDA Version'); then the CUDA "
    "libraries its native library needs: Windows `dumpbin /dependents <library>.dll`, Linux `ldd <library>.so | grep "
    "-E 'cuda|cublas|not found'`",
    "runtime/teardown": "gdb -batch -ex run -ex 'thread apply all bt' --args python your_script.py (or the program "
    "and its arguments; the threads alive when terminate is called; the one in a library's or the program's worker "
    "loop is the thread not joined)",
    "not-python/julia": "julia --project -e 'using Pkg; Pkg.status(); using CUDA; CUDA.versioninfo()' (then run the "
    "script with julia --project and read the ERROR line and the first stacktrace frame in your own code)",
    "not-python/julia-compile": "julia --project -e 'using Pkg; Pkg.status()' and, in the script, "
    "@device_code_warntype before the failing @cuda launch (it prints the kernel's types; the ones marked red / Any "
    "are the cause)",
    "not-python/alloc": "nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv (while it runs; a Vulkan "
    "build: vulkaninfo --summary, which device is which)",
    "not-python/offload": "nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv (while the model is "
    "loaded: the room left for the layers kept on the CPU)",
    "runtime/performance": f"{WATCH_GPU} (while the job runs: the 'sm' column is how busy the GPU is); "
    "py-spy top --pid <pid> (where the CPU time goes)",
    "runtime/gpu-library": "pip list 2>/dev/null | grep -iE 'nvidia-(cudnn|cublas|cufft|cusolver|cusparse)|tensorflow"
    "|jax|torch' (then the versions the framework's release was built and tested with)",
    "compile/driver-option": "make VERBOSE=1 2>&1 | grep -n -m1 -B2 -E -- '-Error-|unknown|unrecognized' (the "
    "compiler's command with the option); then the compiler's --version (nvc++ --version; nvaccelinfo prints the "
    "GPU's default target, e.g. cc89)",
    "compile/missing-source": "git submodule update --init --recursive; git status --short; ls -l <the file the "
    "line names> (then the project's build instructions: the step that creates or downloads it)",
    "runtime/stated-assertion": "python your_script.py 2>&1 | torchtrt-compat explain - (after changing what the "
    "assertion's message names: the next error, if any)",
    "runtime/raised-in-library": 'python -c "import importlib.metadata as m; d = m.packages_distributions()'
    ".get('{module}', ['{module}']); print(*(f'{{n}}=={{m.version(n)}}' for n in d))\" (the installed release of the "
    "module that raised, against the program's requirements)",
    "runtime/library-bug": "pip show {package}; pip install -U {package} (then search its issues for the error's "
    "message)",
    "install/conda-not-found": "conda search -c <channel> '<package>' (the versions and builds for this platform; "
    "conda info shows the platform and the channels searched)",
    "runtime/ros-node": "ros2 run <package> <executable> --ros-args --log-level debug (in a launch file: "
    "arguments=['--ros-args', '--log-level', 'debug'] on that node); ros2 param dump <node>; apt list --installed "
    "2>/dev/null | grep <package> (its release against the ROS 2 distribution and JetPack)",
    "runtime/glog-check": "pip list 2>/dev/null | grep -i {package}; pip install -U {package} (a nightly: the "
    "previous nightly or the stable release; then search its issues for the check's file and words)",
    "compile/setuptools-nvcc": "python -c 'import torch; print(torch.__version__, torch.version.cuda)'; nvcc "
    "--version; gcc --version; pip install -v --no-cache-dir <the package> 2>&1 | grep -n -m3 -B2 -A6 ' error'",
    "compile/cmake-configure": "grep -n -A5 'CMake Error' <the build output>; tail -n 80 <build dir>/CMakeFiles/"
    "CMakeError.log; cmake --version (then rebuild from an empty build folder)",
    "runtime/ignored": "python your_script.py 2>&1 | torchtrt-compat explain - (the whole output: the first failure "
    "before the 'Exception ignored in' block)",
    "compile/missing-input": "ls -l <the file the line names>; find / -name '<its file name>' 2>/dev/null (then "
    "the package or SDK that provides it)",
    "goes-on/cpu": 'nvidia-smi && python -c "import torch; print(torch.__version__, torch.cuda.is_available())" (in '
    "the program's own environment; a version ending in +cpu is the CPU-only build)",
    "goes-on/cpu-build": "nvcc --version; then rebuild the library with its GPU backend's flag (a ggml binding such "
    'as llama-cpp-python: CMAKE_ARGS="-DGGML_CUDA=on" pip install --force-reinstall --no-cache-dir -v <the package> '
    "2>&1 | grep -iE 'cuda|ggml_|error'; the flag its release documents, and the build must find CUDA)",
    "runtime/ggml-assert": "the same model with the engine's own CLI of the same release (llama-cli -m <model.gguf> "
    "-ngl 0, then -ngl 99); pip show llama-cpp-python (or the binding's bundled llama.cpp version)",
    "compile/xmake": "xmake f -c -vD --cuda=<the CUDA toolkit's directory> && xmake -vD 2>&1 | torchtrt-compat "
    "explain -; nvcc --version",
    "compile/ninja-manifest": "ninja -v 2>&1 | head; the generator's version (cmake --version, xmake --version, "
    "meson --version), then regenerate build.ninja with it",
    "compile/cargo": "nvcc --version; nvidia-smi --query-gpu=name,compute_cap --format=csv; RUST_BACKTRACE=1 "
    "cargo build --release -vv 2>&1 | torchtrt-compat explain -",
    "compile/easybuild-tests": "eb <easyconfig>.eb --dry-run; grep -nE 'FAILED|ERROR:|failures' <eb's build log> "
    "(the failing tests and their output)",
    "compile/ld-needed": "find / -name '{lib}*' 2>/dev/null; ldd <the library that needs it> | grep 'not found' (in "
    "a conda environment: conda install -c conda-forge <the package that gives {lib}>)",
    "not-python/java-jni": "the engine's own CLI with the same model file and options; the binding's release and "
    "the engine library's version or build (both from one build)",
    "goes-on/cpu-any": "nvidia-smi (the driver and the GPU the machine gives the program); then, in the program's "
    "own environment (its user, its library path), ldconfig -p | grep -E 'libcudart|libcudnn' and the framework's "
    "own device check",
    "goes-on/fallback": "pip list 2>/dev/null | grep -iE 'torch|<the program>'; then check the release notes of the "
    "program for the fast path the line names",
    "goes-on/optional": "ldconfig -p | grep -i <the library it names> (Windows: where <name>.dll); then start the "
    "program again and look for the notice",
}


class FrameworkDevices(NamedTuple):
    """How one framework says which devices it sees and uses (issue 36, rounds twenty-nine and thirty)."""

    #: the framework as `PRODUCTS` names it
    name: str
    #: what an answer of a run that went on without the GPU asks of the machine and the framework ("" for torch's)
    question: str
    #: the check in the job's own process that the performance step names
    check: str
    #: the framework's profiler
    profiler: str


#: Each framework's device question, in-process check and profiler, as one table. torch's row comes first and is the
#: default: a text that shows another framework (a TensorFlow log that also imports torch) gets that framework's
#: words; a framework without its own question uses torch's. The first three rows' checks are the performance step's
#: checks when the text shows no framework. Sources: each framework's documented device API (torch.cuda.is_available,
#: tf.config.list_physical_devices, jax.devices, onnxruntime.get_available_providers, paddle.device.get_device) and
#: its profiler's documentation.
FRAMEWORK_DEVICES: tuple[FrameworkDevices, ...] = (
    FrameworkDevices(
        "torch",
        "ask what the machine and the framework see: `nvidia-smi`, then "
        '`python -c "import torch; print(torch.__version__, torch.cuda.is_available())"` (a version ending in +cpu is '
        "the CPU-only build)",
        "torch: `print(torch.__version__, torch.cuda.is_available(), next(model.parameters()).device)`",
        "torch.profiler",
    ),
    FrameworkDevices(
        "tensorflow",
        "ask what the machine and TensorFlow see: `nvidia-smi`, then "
        "`python -c \"import tensorflow as tf; print(tf.__version__, tf.config.list_physical_devices('GPU'))\"` (an "
        "empty list: TensorFlow's log says why it skipped the GPU, 'Skipping registering GPU devices' after a 'Could "
        "not load dynamic library' line; with a GPU listed, `tf.debugging.set_log_device_placement(True)` shows "
        "where each op runs)",
        "TensorFlow: `print(tf.config.list_logical_devices('GPU'))`",
        "the TensorFlow Profiler",
    ),
    FrameworkDevices("paddle", "", "Paddle: `print(paddle.device.get_device())`", "paddle.profiler"),
    FrameworkDevices(
        "onnxruntime",
        "ask what the machine and ONNX Runtime see: `nvidia-smi`, then "
        '`python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"` (no '
        "CUDAExecutionProvider: the CPU package onnxruntime is installed, alone or beside onnxruntime-gpu; the "
        "session's `get_providers()` says which provider it really uses)",
        "ONNX Runtime: `print(session.get_providers())`",
        "SessionOptions.enable_profiling",
    ),
    FrameworkDevices(
        "jax",
        "ask what the machine and JAX see: `nvidia-smi`, then "
        '`python -c "import jax; print(jax.__version__, jax.devices())"` (only CpuDevice: a jaxlib without its CUDA '
        "plugin; install JAX with its cuda extra)",
        "JAX: `print(jax.devices())`",
        "jax.profiler",
    ),
)

#: The software stacks a miss's error can come from that have their own first checks (issue 36, round forty-four):
#: (name, the words its error line shows it by, the next step of a miss there, its command). A miss whose generic step
#: (a rerun, nvidia-smi, a debugger, a native program's sanitizer, a cut traceback's end) would pass over the error
#: line the paste already shows gets this stack's own step when that line names the stack (or, with no error line of
#: its own, the text does). The first that matches wins: the video codecs before the communication libraries, those
#: before the frameworks and Ray, which wraps the others. Sources: each stack's documented tools and variables
#: (FFmpeg's -hwaccels / -encoders / -decoders listings, the NVIDIA container toolkit's NVIDIA_DRIVER_CAPABILITIES
#: 'video', libnvcuvid / libnvidia-encode from the driver; NCCL_DEBUG, TORCH_DISTRIBUTED_DEBUG, TORCH_CPP_LOG_LEVEL,
#: NCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME, MASTER_ADDR / MASTER_PORT; jax.print_environment_info and
#: XLA_PYTHON_CLIENT_PREALLOCATE / _MEM_FRACTION / _ALLOCATOR; tf.sysconfig.get_build_info; `ray logs`)
STAGE_STACKS: tuple[tuple[str, str, str, str], ...] = (
    #: issue 36, round forty-six: OpenCV's own runtime error (cv::Exception: "OpenCV(4.5.1) /path/x.cpp:123: error:
    #: (-217:Gpu API call) <message> in function 'f'", OpenCV 2.x / 3.x's "OpenCV Error: <message> (<condition>) in
    #: f, file x.cpp, line 123"; Python's cv2.error) and the model converters between frameworks
    (
        "OpenCV",
        r"\bOpenCV\(\d|:\d{1,6}: error: \(-\d{1,4}:[A-Z][\w ]{1,40}\)|\bOpenCV Error: |\bcv2\.error\b"
        r"|\bcv::Exception\b",
        "the error is OpenCV's own (a cv::Exception: its code and name in '(-NNN:Name)', the function after 'in "
        "function'), raised at runtime, not by a compiler: check the OpenCV build that ran "
        "(`cv2.getBuildInformation()`, or `std::cout << cv::getBuildInformation()`): its version, its 'NVIDIA CUDA' "
        "section (CUDA on, the CUDA version and the GPU architectures it was built for) and its 'Video I/O' section "
        "(FFmpeg / GStreamer); a (-217:Gpu API call) error is a CUDA call that failed: `cv2.cuda."
        "getCudaEnabledDeviceCount()` must see the GPU, and the driver (`nvidia-smi`) must support the CUDA version "
        "OpenCV was built with (an older driver fails the first device query); a (-215:Assertion failed) in the dnn "
        "module's importer (readNet, onnx_importer) is a model file it cannot read: check the file is complete and "
        "loads with onnx.checker, and use a newer OpenCV for a newer model's ops",
        'python -c "import cv2; print(cv2.getBuildInformation()); print(cv2.cuda.getCudaEnabledDeviceCount())" '
        "(C++ / Java: print cv::getBuildInformation()); nvidia-smi",
    ),
    (
        "a model converter (onnx-tensorflow, onnx2tf, X2Paddle, onnx2tflite, tf2onnx, OpenVINO's mo / ovc)",
        CONVERTER_WORDS[1:],
        STAGE_STEPS["export/converter"],
        STAGE_COMMANDS["export/converter"],
    ),
    (
        "NVIDIA's video decoder / encoder (NVDEC / NVENC, cuvid) or FFmpeg's hardware codecs",
        r"(?i)\bcuvid\w{0,40}|\bnvcuvid\b|\bnvdec\w{0,20}|\bnvenc\w{0,20}|\b\w{2,10}_(?:cuvid|nvenc)\b"
        r"|\bVideo Codec SDK\b|\bhwaccel\w{0,10}|\bhw_?device_ctx\b|\bPyNvCodec\b|\bPyNvVideoCodec\b|\btorchcodec\b"
        r"|\bGeneric error in an external library\b|\bDevice setup failed for decoder\b|\bnvidia-encode\b"
        r"|\b(?:Unhandled|Invalid|Unsupported|Unknown) codec\b",
        "the error is the video codec stack's own (NVDEC / NVENC through the driver's libnvcuvid / libnvidia-encode, "
        "reached through FFmpeg's cuvid / nvenc codecs or a decoding library): check that this FFmpeg (or the "
        "library's build) has the hardware codec at all (`ffmpeg -hide_banner -hwaccels`, `ffmpeg -hide_banner "
        "-encoders | grep nvenc`, `-decoders | grep cuvid`; a Python decoder's wheel may be its CPU-only build), that "
        "the driver's codec libraries are there (`ldconfig -p | grep -E 'nvcuvid|nvidia-encode'`; in a container "
        "NVIDIA_DRIVER_CAPABILITIES must include video, e.g. compute,utility,video), and that the GPU's NVDEC / NVENC "
        "supports the stream's codec, profile and resolution (NVIDIA's decode / encode support matrix); a numeric "
        "status in the message is a CUDA driver error code (100: no device, 999: unknown); then retry with software "
        "decoding to confirm the hardware path is the part that fails",
        "ffmpeg -hide_banner -hwaccels; ffmpeg -hide_banner -encoders | grep -i nvenc; ldconfig -p | grep -E "
        "'nvcuvid|nvidia-encode'; echo $NVIDIA_DRIVER_CAPABILITIES",
    ),
    (
        "torch.distributed or another multi-process launcher (NCCL, gloo, the TCPStore, torchrun, Horovod, MPI)",
        r"\bNCCL\w{0,30}|\bnccl\w{0,30}|\bNccl\w{0,30}|\b[Gg]loo\b|\bgloo/|\bProcessGroup\w{0,20}|\bTCPStore\b"
        r"|\bDistStoreError\b|\bDistNetworkError\b|\bDistBackendError\b|\btorch\.distributed\b|\btorchrun\b"
        r"|\bc10d\b|\brendezvous\b|\b[Hh]orovod\b|\bhorovodrun\b|\bmpirun\b|\bMPI_\w{2,30}|\bMASTER_(?:ADDR|PORT)\b"
        r"|\binit_process_group\b",
        "the error is the multi-process communication's own (NCCL, gloo or the TCPStore that ranks meet at): its "
        "first error line on the first rank that failed decides; run again with NCCL_DEBUG=INFO "
        "TORCH_DISTRIBUTED_DEBUG=DETAIL TORCH_CPP_LOG_LEVEL=INFO to see the transport, interface and peer it fails "
        "on; check that every node reaches MASTER_ADDR:MASTER_PORT (and the ports between ranks: a firewall, a "
        "hostname that resolves to a loopback or docker address), pin the interface all ranks share with "
        "NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME, and in a container give /dev/shm room (--shm-size or --ipc=host); "
        "all ranks must start together with the same world size and library versions",
        "NCCL_DEBUG=INFO TORCH_DISTRIBUTED_DEBUG=DETAIL TORCH_CPP_LOG_LEVEL=INFO torchrun <its arguments> 2>&1 | "
        "torchtrt-compat explain -; nc -zv $MASTER_ADDR $MASTER_PORT (from every node)",
    ),
    (
        "JAX / XLA",
        r"\bjax\w{0,20}\b|\bjaxlib\b|\bXLA_PYTHON_CLIENT_\w{2,20}|\bXlaRuntimeError\b|\bxla_bridge\b"
        r"|\bpjrt_\w{2,40}|\bPjRt\w{2,30}"
        # jaxlib's own build of XLA, whose source paths it logs: an external Bazel repository (org_tensorflow up to
        # 2023, xla since); TensorFlow's are tensorflow/... and external/local_xla/... (issue 36, round fifty-one)
        r"|\bexternal/(?:org_tensorflow|xla)/",
        "the error is JAX's / XLA's own: check that jaxlib is the CUDA build of the installed jax's release and "
        "sees the GPU (`jax.print_environment_info()`, jax.devices()), its CUDA / cuDNN against the driver, and "
        "the memory XLA takes: it preallocates 75% of the GPU at start (XLA_PYTHON_CLIENT_PREALLOCATE=false, a "
        "lower XLA_PYTHON_CLIENT_MEM_FRACTION, or XLA_PYTHON_CLIENT_ALLOCATOR=platform), which leaves another "
        "framework in the same process (or cuBLAS / cuDNN's own handles) without memory",
        'python -c "import jax; jax.print_environment_info(); print(jax.devices())"',
    ),
    (
        "TensorFlow",
        r"\btensorflow\w{0,30}|\bTensorFlow\b|\btf\.(?:config|sysconfig|keras|data|function)\b"
        r"|\bstream_executor\b|\bTF_[A-Z]\w{2,40}",
        "the error is TensorFlow's own: check the build it runs (its CUDA and cuDNN versions, "
        "`tf.sysconfig.get_build_info()`) against the installed driver and libraries, that it sees the GPU "
        "(`tf.config.list_physical_devices()`), and that add-ons with their own ops (custom-op .so files, "
        "tensorflow-text / -addons / -decision-forests, a language binding's native library) are of the exact "
        "TensorFlow release they were built for",
        'python -c "import tensorflow as tf; print(tf.__version__, tf.sysconfig.get_build_info(), '
        'tf.config.list_physical_devices())"',
    ),
    (
        "a Ray worker",
        r"\bray::\w{1,80}|\bRay(?:Task|Actor)Error\b|\bray\.exceptions\.\w{2,40}|\braylet\b|\bRAY_\w{2,40}",
        "the error was raised in a Ray worker and re-raised by the driver: the worker's own log holds its whole "
        "traceback and the first error (`ray logs` on the head node, or /tmp/ray/session_latest/logs/worker-*.err "
        "on the worker's node); the class in RayTaskError(...) is the worker's exception, and its library's checks "
        "come next",
        "ray logs cluster 'worker-*.err' (or ls /tmp/ray/session_latest/logs/ on the worker's node)",
    ),
    #: issue 36, round fifty-nine: NVML (the driver's management library) failing inside an application (a model
    #: server's start-up profile, a GPU monitor, pynvml): nvidia-smi asks the same library, so it tells the setup from
    #: the program
    (
        "NVML (the NVIDIA driver's management library: nvidia-smi, pynvml, a server's GPU probe)",
        r"\bNVML\b|\bnvml\w{2,40}\b|\bpynvml\b",
        "the error is NVML's, the NVIDIA driver's management library that nvidia-smi uses too: run `nvidia-smi -q` "
        "where the program runs (inside the same container or VM): if it fails the same way the setup is the cause "
        "(a container without the driver's utility capability or started without the GPU, a host driver updated "
        "without a reboot, a vGPU guest driver or profile that does not give that query, a MIG slice); if it "
        "works, the program's NVML query or binding is (a query this GPU, vGPU or driver does not support: check "
        "the program's supported-GPU and driver list, upgrade it or nvidia-ml-py, or select its profile / device "
        "by hand so it skips the query)",
        "nvidia-smi -q | head -60; nvidia-smi -L (inside the same container or VM)",
    ),
)

#: What each kind of program that is not Python (`miss.not_python`) means for its next step
NOT_PYTHON_KINDS: dict[str, str] = {
    ".NET": "a .NET program: an AccessViolationException or SEHException is a crash inside the native library it "
    "calls, such as its CUDA backend, not in its managed code",
    "Rust": "a Rust program: RUST_BACKTRACE=1 prints where it panicked",
    "Java": "a Java program: its 'Caused by:' lines name the native call that failed",
    "Go": "a Go program: its panic's first goroutine names the call",
    "ggml": "a native library's log: ggml, llama.cpp or whisper.cpp, which the application runs its model through",
    "native GPU program": "a native GPU program's own log, which names the GPU architecture (compute capability) it "
    "sets its CUDA kernels up for: a release without kernels for this GPU's architecture fails there",
}

#: The accelerators that are not NVIDIA GPUs (issue 36, round thirty): (name, the words a text shows them by, the
#: next step of a miss on that hardware, its command). A miss whose text shows one of them (and no NVIDIA GPU, or the
#: accelerator's words on its first error line) gets this step instead of `nvidia-smi` and a CUDA check: the
#: accelerator's own check (its device node or USB id, its runtime's and driver's versions, its graphics API's
#: report). The first that matches wins: the specific devices before the graphics APIs they may run beside. Sources:
#: each vendor's own tools and documented checks (Coral's USB ids and /dev/apex_0; Rockchip's rknpu driver version
#: file and librknnrt's version string; hailortcli; clinfo, vulkaninfo, eglinfo; the browsers' WebGPU API).
STAGE_ACCELERATORS: tuple[tuple[str, str, str, str], ...] = (
    (
        "a Coral Edge TPU",
        r"(?i)\bedge ?tpu\w{0,20}|\blibedgetpu\w{0,10}|\bpycoral\b|/dev/apex_\d|\bgasket\b|\bapex_\d\b"
        r"|\b1a6e:089a\b|\b18d1:9302\b|idVendor=1a6e\b",
        "the text runs on a Coral Edge TPU, not an NVIDIA GPU: check that the device is there and opened by its "
        "runtime: USB: `lsusb` lists it as 1a6e:089a before the runtime loads its firmware and as 18d1:9302 after "
        "(stuck at 1a6e:089a: the runtime could not open it: power, cable, udev rule, USB link); PCIe / M.2: "
        "`ls -l /dev/apex_0` (none: the gasket / apex driver is not loaded; its version must suit the libedgetpu "
        "runtime). A model compiled for the Edge TPU (*_edgetpu.tflite) runs only with the delegate: "
        "`Interpreter(model_path, experimental_delegates=[load_delegate('libedgetpu.so.1')])`, else "
        "'edgetpu-custom-op' is an unresolved custom op; then compare the libedgetpu, tflite_runtime / pycoral and "
        "edgetpu_compiler versions",
        "lsusb | grep -iE '1a6e:089a|18d1:9302'; ls -l /dev/apex_0; dpkg -l | grep -iE 'edgetpu|gasket|pycoral'",
    ),
    (
        "a Rockchip NPU (RKNN / RKLLM)",
        r"(?i)\brknn\w{0,30}|\brkllm\w{0,30}|\brknpu\w{0,10}|\blibrknnrt\b|\bRK35\d\d\w?\b|\bRV11\d\d\b",
        "the text runs on a Rockchip NPU (RKNN / RKLLM), not an NVIDIA GPU: the model file, the runtime library on "
        "the board (librknnrt / librkllmrt) and the NPU driver must be of matching releases; a model converted by "
        "another toolkit release than the runtime (or a file that is no .rknn / .rkllm model at all) is rejected "
        "when it loads ('invalid magic', 'Invalid RKNN format'). Compare the toolkit release that converted the "
        "model (`pip show rknn-toolkit2` / rkllm-toolkit on the host) with the runtime and driver versions on the "
        "board, and convert again with the matching toolkit (or install the runtime of the toolkit's release)",
        "cat /sys/kernel/debug/rknpu/version; strings /usr/lib/librknnrt.so | grep -i 'librknnrt version' (the "
        "board); pip show rknn-toolkit2 (the host that converted the model)",
    ),
    (
        "a Hailo accelerator",
        r"(?i)\bhailo\w{0,30}",
        "the text runs on a Hailo accelerator, not an NVIDIA GPU: HailoRT's library, its PCIe driver (hailo_pci) and "
        "the device's firmware must be of the same release (HailoRT refuses a driver or firmware of another "
        "version); check each and install the matching set (the driver, firmware and library packages together), "
        "then reboot so the new driver is loaded",
        "hailortcli fw-control identify (the firmware and device); hailortcli --version; modinfo hailo_pci | grep "
        "-i ^version",
    ),
    #: issue 36, round forty-three: GPU stacks of torch other than CUDA (DirectML's plugin, Intel's XPU, AMD's ROCm,
    #: Apple's MLX and torch's MPS), each with its own checks: the plugin's version and the devices it sees; sycl-ls
    #: and xpu-smi; rocminfo's gfx target, rocm-smi and HIP's and MIOpen's own environment variables; macOS, Metal and
    #: the unified memory. Sources: each stack's documented tools and variables (ROCm's rocminfo / rocm-smi,
    #: HIP_VISIBLE_DEVICES, AMD_LOG_LEVEL, MIOPEN_USER_DB_PATH, TORCH_BLAS_PREFER_HIPBLASLT; oneAPI's sycl-ls and
    #: xpu-smi; torch-directml's device_count / device_name; mlx.core.metal)
    (
        "DirectML (torch-directml, a PrivateUse1 device)",
        # (torch's DirectML only: onnxruntime's DirectML provider keeps its own report of its build)
        r"(?i)\btorch[_-]directml\b|\bpytorch-directml\b|\bPrivateUse1\b|device=['\"]dml\b|\bdml:\d\b"
        r"|\bprivateuseone\b|'UNKNOWN_TENSOR_TYPE_ID' backend",
        "the text runs on DirectML (the torch-directml plugin, a 'privateuseone' / 'dml' device; DirectX 12 on "
        "Windows or WSL), not CUDA: an operator the plugin does not cover fails there ('Could not run aten::X with "
        "arguments from the PrivateUse1 / UNKNOWN_TENSOR_TYPE_ID backend'; the old pytorch-directml 1.8 fork covers "
        "far fewer): check the plugin's release against the torch it was made for (`pip show torch-directml torch`), "
        "that it sees the GPU (torch_directml.device_count(), device_name(0)) and the GPU driver (dxdiag); move the "
        "failing operation's tensors to the CPU, or use a newer torch-directml",
        'pip show torch-directml torch; python -c "import torch_directml as d; print(d.device_count(), '
        'd.device_name(0))"',
    ),
    (
        "an Intel GPU (XPU: SYCL / Level Zero, IPEX)",
        r"(?i)\bxpu\b|\bintel_extension_for_pytorch\b|\bipex\b|\bsycl\w{0,20}|\blevel[ _-]?zero\b|\bUR_RESULT_\w{2,40}"
        r"|\bPI_ERROR_\w{2,40}|\bZE_RESULT_\w{2,40}|\boneAPI\b|\bxpu-smi\b",
        "the text runs on an Intel GPU (torch's XPU device or intel-extension-for-pytorch, over SYCL and Level Zero), "
        "not an NVIDIA GPU: check that the runtime sees the GPU (`sycl-ls` lists a level_zero:gpu device; none: the "
        "GPU driver or the oneAPI runtime is missing, or the user is not in the render group), its driver and memory "
        "(`xpu-smi discovery`), and that torch and intel-extension-for-pytorch are of the matching releases "
        "(torch.xpu.is_available())",
        'sycl-ls; xpu-smi discovery; python -c "import torch; print(torch.__version__, torch.xpu.is_available())"',
    ),
    (
        "an AMD GPU (ROCm / HIP)",
        r"\bROCm\b|\brocm\b|/opt/rocm\b|\bHIP\b|\bhip[A-Z]\w{1,30}|\bhipcc\b|\bhip_\w{2,40}|\bgfx\d{3,4}[a-z]?\b"
        r"|\bMIOpen\w{0,20}|\bmiopen\w{0,30}|\broc[A-Z]\w{1,30}|\brocminfo\b|\brocm-smi\b|\bamd_comgr\w{0,30}"
        r"|\bHSA_\w{2,40}|\bhsa_\w{2,40}|\bTensileLibrary\w{0,30}|\bamdgcn-amd-amdhsa\b|\bamdgpu\b"
        # the HSA runtime's own report of a GPU's page fault (ROCR-Runtime: "Memory access fault by GPU node-1 (Agent
        # handle: ...) on address ... Reason: Page not present or supervisor privilege."; issue 36, round forty-eight)
        r"|\bMemory access fault by GPU node-\d",
        "the text runs on an AMD GPU through ROCm (HIP, MIOpen, rocBLAS / hipBLASLt), not an NVIDIA GPU: first check "
        "the GPU's gfx target (`rocminfo | grep -i gfx`) against the targets the installed ROCm, its libraries and "
        "the ROCm build of torch support (a target they lack fails in MIOpen's or rocBLAS's kernels: no Tensile "
        "library, 'unsupported architecture', a code object that does not build); `rocm-smi` shows the GPU, its "
        "memory and driver; run again with AMD_LOG_LEVEL=3 (HIP's own log) or MIOPEN_ENABLE_LOGGING=1 (MIOpen's), "
        "HIP_VISIBLE_DEVICES to pick the GPU, and compare torch.version.hip with the installed ROCm",
        'rocminfo | grep -i gfx; rocm-smi; python -c "import torch; print(torch.__version__, torch.version.hip)"',
    ),
    (
        "Apple silicon's GPU through MLX or torch's MPS (Metal)",
        r"\bmlx\b|\blibmlx\b|\bmlx[_.-]\w{1,30}|\bMTL::\w{2,40}|\bMPSNDArray\w{0,30}|device=['\"]mps\b|\bmps:\d\b"
        r"|\btorch\.backends\.mps\b|\bMPS backend\b|\bPYTORCH_MPS_\w{2,40}|\bAGX\w{0,20}|\bIOGPU\w{0,30}",
        "the text runs on an Apple silicon GPU through Metal (MLX, or torch's MPS device), not an NVIDIA GPU: the "
        "GPU shares the Mac's unified memory, and a Metal command buffer that fails (memory pressure, a GPU time "
        "out) aborts the work; check the macOS and Metal versions against the framework's release (`sw_vers`), the "
        "memory the GPU may wire (MLX: mx.metal.device_info()'s max_recommended_working_set_size; torch: "
        "PYTORCH_MPS_HIGH_WATERMARK_RATIO) against the model's size, and upgrade MLX or torch",
        'sw_vers; sysctl hw.memsize; python -c "import mlx.core as mx; print(mx.__version__, '
        'mx.metal.device_info())" (torch: python -c "import torch; print(torch.backends.mps.is_available())")',
    ),
    (
        "Apple's GPU or Neural Engine (Metal / Core ML)",
        r"\b(?:ANECF|ANE model|Neural Engine|Core ?ML|coremltools|MLModel\w{0,30}|Espresso)\b|\bespresso\]"
        r"|\.mlmodelc?\b|\bMetal\b|\bMTL[A-Z]\w{2,40}|\bTFLGpuDelegate\w{0,30}|\bMPSGraph\w{0,20}"
        r"|\bdelegate for Metal\b|\bMetalDelegate\b|\bTensorFlowLiteC\b",
        "the text runs on Apple hardware (Metal GPU or the Neural Engine through Core ML), not an NVIDIA GPU: check "
        "the macOS / iOS and Xcode versions against what the framework and model require; for Core ML, load the "
        "model with computeUnits .cpuAndGPU and then .cpuOnly to see whether the Neural Engine is the part that "
        "fails (a large model may not fit it: use a smaller or split / palettized variant); for TensorFlow Lite's "
        "Metal delegate, the framework linked into the app must be built with it (the TensorFlowLiteC Metal subspec "
        "or framework) and of the release the delegate expects",
        "sw_vers; xcodebuild -version (then the model with computeUnits .cpuAndGPU / .cpuOnly)",
    ),
    (
        "WebGPU",
        r"(?i)\bwebgpu\b|\bnavigator\.gpu\b|\brequestAdapter\b|\bGPUAdapter\b|\brequest(?:ing)? (?:a )?WebGPU adapter",
        "the text runs on WebGPU (a browser, Deno or Node), not CUDA: check that the runtime gives an adapter at "
        "all: in the browser, chrome://gpu shows whether WebGPU is hardware accelerated (on Linux it may need its "
        "flags and Vulkan enabled), and `await navigator.gpu?.requestAdapter()` in the console returns null or "
        "undefined without one; Deno and Node need a release (and library) that exposes WebGPU to it. Until then "
        "use the library's wasm / cpu backend",
        "in the browser's console: await navigator.gpu?.requestAdapter() (null or undefined: no WebGPU adapter); "
        "chrome://gpu (the WebGPU line); deno --version / node --version",
    ),
    (
        "WebAssembly in a browser or a JavaScript runtime",
        r"\bWebAssembly\.\w{1,20}|\[wasm\]|\bort-wasm[\w.-]{0,40}|\.wasm\b|\bwasmPaths\b|\bemscripten\w{0,20}"
        r"|\bkeepRuntimeAlive\(\)",
        "the text runs in WebAssembly (a browser, Deno or Node), not on CUDA: the JavaScript loader and the .wasm "
        "binary it fetches must come from the same release (a bundler or a CDN path serving another version gives "
        "a LinkError / 'function import requires a callable' and 'no available backend'); check in the browser's "
        "network panel which .wasm file was served (status 200, type application/wasm, the version of the installed "
        "package), point the library's wasm paths at the files of that version, and clear the cached ones",
        "npm ls onnxruntime-web onnxruntime-common (the installed versions); then the browser's network panel: the "
        ".wasm files served, their status, type and version",
    ),
    (
        "WebGL in a browser",
        r"(?i)\bwebgl2?\b|\bvertex and fragment shaders?\b|\btfjs-backend-webgl\b|\bgetContext\(['\"]webgl",
        "the text runs on the browser's WebGL, not CUDA: the browser or its GPU driver refused the shader programs "
        "the library made; check chrome://gpu (WebGL and WebGL2 hardware accelerated, the GPU and driver it uses), "
        "try another browser or machine, update the library (TensorFlow.js's WebGL backend), or switch its backend "
        "(tf.setBackend('wasm') or 'cpu') to confirm",
        "in the browser's console: tf.getBackend(); chrome://gpu (the WebGL lines); then tf.setBackend('cpu') and "
        "run again",
    ),
    (
        "OpenGL ES / EGL (a GL delegate or GPU graph)",
        r"\bGL_INVALID_\w{2,30}|\bGL_OUT_OF_MEMORY\b|\bEGL_(?:BAD|NOT)_\w{2,30}|\beglGetDisplay\b|\bOpenGL ES\b"
        r"|\bGLES\d?\b|\bTfLiteGpuDelegate\w{0,40}|\bGlContext\b|\bgl_context\b",
        "the GPU work runs through OpenGL ES / EGL (MediaPipe's GPU graphs, TensorFlow Lite's GL delegate), which "
        "needs OpenGL ES 3.1 with compute shaders and a working EGL driver: check what the driver offers (`eglinfo` "
        "or `glxinfo -B`: the OpenGL ES version and renderer; ES below 3.1, a software renderer such as llvmpipe, or "
        "an old integrated GPU cannot run it); on an embedded board install the vendor's GLES / EGL driver (e.g. "
        "Mali's libmali); or run the CPU variant of the graph",
        "eglinfo | grep -iE 'version|vendor|renderer' (or glxinfo -B; es2_info)",
    ),
    (
        "OpenCL (a Mali, Adreno, Intel or AMD GPU)",
        r"\bOpenCL\b|\bclGetPlatformIDs\b|\bclCreate\w{2,40}|\bCL_(?:INVALID|OUT_OF|DEVICE_NOT|PLATFORM_NOT"
        r"|BUILD_PROGRAM)\w{0,30}|\bCL error code\b|\blibOpenCL\b|\bGpuAcc\b|\bMali-?\w{0,10}|\bAdreno\b"
        r"|\bPowerVR\b|\bclinfo\b",
        "the GPU work runs through OpenCL (ArmNN's GpuAcc, a Mali / Adreno GPU, Intel or AMD GPUs): check that an "
        "OpenCL platform exists: `clinfo` lists none (CL error -1001, 'no platforms') when only the ICD loader is "
        "installed and no vendor driver is registered in /etc/OpenCL/vendors; install the GPU vendor's OpenCL "
        "driver (Mali: the SoC vendor's libmali with its ICD file; Intel: its OpenCL runtime; AMD: ROCm's), or use "
        "the CPU backend",
        "clinfo | head -n 20 (the number of platforms and devices); ls /etc/OpenCL/vendors",
    ),
    #: wgpu-py (the Python binding of wgpu-native, under pygfx and fastplotlib), which draws through Vulkan on
    #: Linux and Windows, Metal on macOS (issue 36, round forty: "WGPU could not enumerate any adapters")
    (
        "wgpu (wgpu-py / wgpu-native, over Vulkan, Metal or D3D12)",
        r"\bWGPU\b|\bwgpu(?:[-_](?:py|native))?\b",
        "the GPU work runs through wgpu (wgpu-py and the libraries drawn on it), which reaches the GPU through "
        "Vulkan on Linux and Windows (Metal on macOS); no adapter found means the Vulkan loader reaches no GPU "
        "driver. Check what Vulkan offers (`vulkaninfo --summary` must list the NVIDIA GPU; wgpu-py's own adapter "
        "list, `wgpu.gpu.enumerate_adapters_sync()` in recent releases, shows the same); none listed: the driver's "
        "Vulkan part (its ICD, nvidia_icd.json) is not installed or not visible, a conda environment's own Vulkan "
        "loader or Mesa packages shadow the system's (remove them or point VK_ICD_FILENAMES at the NVIDIA ICD), or "
        "a container lacks the graphics capability (NVIDIA_DRIVER_CAPABILITIES=all)",
        "vulkaninfo --summary (the NVIDIA GPU must be listed; none: no Vulkan driver reachable)",
    ),
    (
        "Vulkan",
        r"\bVulkan\b|\bvk[A-Z][a-z]\w{2,40}\b|\bVK_ERROR_\w{2,40}|\bvk::\w{2,40}|\bncnn\w{0,20}|\bvulkaninfo\b"
        r"|\bMoltenVK\b",
        "the GPU work runs through Vulkan (ncnn, MNN, a *-ncnn-vulkan application, a Vulkan build of a native "
        "library): check what the Vulkan driver offers (`vulkaninfo --summary`: the devices, the driver and API "
        "versions; none listed: no Vulkan driver for this GPU, or the process cannot reach it). VK_ERROR_DEVICE_LOST "
        "(a vkWaitForFences / vkQueueSubmit that failed with -4) is the GPU reset in the middle of the work: a tile or "
        "batch too large for the driver's time limit, or an unstable driver: lower the tile size, update the GPU "
        "driver",
        "vulkaninfo --summary (the devices, driver and API versions)",
    ),
)
#: a text's words of an NVIDIA GPU: beside them, an accelerator's words mentioned in passing (a Vulkan loader's
#: notice, OpenCL in a library list) keep the CUDA step, unless they are on the first error line
ACCELERATOR_NVIDIA = (
    r"\bCUDA\b|\bcuda[A-Z_]\w{0,40}|\bcuDNN\b|\bcudnn\w{0,20}|\bcuBLAS\w{0,4}|\bnvidia\b|\bGeForce\b|\bRTX ?\d{3,4}"
    r"|\bTesla [KPVTA]\d{1,3}|\bQuadro\b|\bJetson\b|\bTensorRT\b|\bnvinfer\w{0,20}|\blibcudart\b|\bnvcc\b"
    r"|\bCUDAExecutionProvider\b|\bcuInit\b|\bsm_\d{2,3}\b"
)

#: TensorRT Python API that a major release removed, and what replaces it (for "'tensorrt.Builder' object has no
#: attribute X"). Source: TensorRT 8.0 and 10.0 release notes (removed APIs) and the TensorRT 10 Python API docs.
TENSORRT_API: dict[str, tuple[str, str]] = {
    "build_cuda_engine": ("8.0", "builder.build_serialized_network(network, config) + Runtime.deserialize_cuda_engine"),
    "build_engine": ("10.0", "builder.build_serialized_network(network, config) + Runtime.deserialize_cuda_engine"),
    "max_workspace_size": ("10.0", "config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, nbytes)"),
    "fp16_mode": ("8.0", "config.set_flag(trt.BuilderFlag.FP16)"),
    "int8_mode": ("8.0", "config.set_flag(trt.BuilderFlag.INT8)"),
    "max_batch_size": ("10.0", "explicit-batch networks and optimization profiles"),
    "num_bindings": ("10.0", "engine.num_io_tensors and engine.get_tensor_name(i)"),
    "get_binding_shape": ("10.0", "engine.get_tensor_shape(name) / context.get_tensor_shape(name)"),
    "get_binding_dtype": ("10.0", "engine.get_tensor_dtype(name)"),
    "binding_is_input": ("10.0", "engine.get_tensor_mode(name) == trt.TensorIOMode.INPUT"),
    "get_binding_index": ("10.0", "tensor names (engine.get_tensor_name(i))"),
    "execute_async_v2": ("10.0", "context.set_tensor_address(name, ptr) + context.execute_async_v3(stream)"),
    "execute_v2": ("10.0", "context.set_tensor_address(name, ptr) + context.execute_async_v3(stream)"),
    "set_binding_shape": ("10.0", "context.set_input_shape(name, shape)"),
    **TENSORRT_LEGACY_API,
}
