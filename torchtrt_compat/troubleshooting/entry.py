"""One row of the error table (`KnownError`) and the fix variants it carries (`Variant`), with the context patterns
rows share (a source build, TorchScript, Jetson, sudo, C++). The rows live in `table` (the core families) and in the
domain modules of `families/`; `match` reads them all through `table.KNOWN_ERRORS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "ANOTHER_FAILURE",
    "CHECK",
    "COMFYUI",
    "CPP",
    "CUDART_NEWER_MINOR",
    "CUDNN_CTC",
    "CUDNN_CTC_FIX",
    "DARKNET",
    "DARKNET_FIX",
    "DOTNET_NATIVE_LOADER",
    "DOTNET_NATIVE_LOADER_CUDA",
    "FACESWAP_APPS",
    "FOOOCUS",
    "JAX_PROCESS",
    "JETSON",
    "JETSON_BOARD",
    "KOHYA",
    "KUBERNETES_GPU_FIX",
    "KUBERNETES_POD",
    "LONG_RUN",
    "LONG_RUN_FAULT_FIX",
    "MANAGED_ALLOC_FAILED",
    "MANAGED_ALLOC_PRE_PASCAL",
    "MEDIA_TOOLS",
    "MODEL_CONVERTERS",
    "MEDIA_TOOL_LOADER_LINE",
    "NOT_A_TOOL_LOADER_LINE",
    "NO_GPU_CI",
    "OPTIONAL_BACKEND_MODULES",
    "OPENCV_CUDA",
    "OPENCV_CUDA_FIX",
    "OPENCV_DNN_CUDA",
    "OPENCV_DNN_CUDA_FIX",
    "OWN_CUDA_CODE",
    "OWN_CUDA_EXTENSION_CHECK",
    "OWN_CUDA_EXTENSION_FIX",
    "OWN_CUDA_SYMBOL",
    "RANGE_ASKED",
    "RUNNER_PATH",
    "SD_WEBUI",
    "SEGFAULT_TRANSLATED",
    "SINGULARITY",
    "SOURCE_BUILD",
    "SUDO",
    "SUGGEST",
    "TEXTGEN_WEBUI",
    "TENSORRT_PRODUCTS",
    "TORCHSCRIPT",
    "TWO_FRAMEWORKS_ONE_PROCESS",
    "WSL",
    "app_python_variants",
    "KnownError",
    "Variant",
    "ld_cannot_find",
    "tests_in",
]

#: A failure of its own in the same text (a traceback, an exception line, an abort, a crash): a row whose line is a
#: start-up warning that is harmless when something else failed (a probe that found no GPU on a build host) names it
#: as ``unless``, so the other failure is the answer.
ANOTHER_FAILURE = (
    r"Traceback \(most recent call last\)|terminate called after|Segmentation fault|core dumped"
    r"|^\s{0,8}[\w.]{0,80}(?:Error|Exception): "
)

#: a Kubernetes pod in a text (issue 36, round thirty-six): kubectl, a pod, the GPU resource name, a probe of the
#: kubelet's (readiness / liveness / startup, TCP / HTTP), KServe, the device plugin
KUBERNETES_POD = (
    r"\bkubectl\b|\bkubernetes\b|\bk8s\b|\bpods?\b|nvidia\.com/gpu|\bkserve\b|\bdevice[- ]plugin\b"
    r"|\b(?:readiness|liveness|startup|TCP|HTTP) probe\b"
)
#: How to give a Kubernetes pod its GPU: the device plugin, the NVIDIA runtime, the resource limit.
KUBERNETES_GPU_FIX = (
    "In Kubernetes a pod's containers get a GPU only through the NVIDIA device plugin (or the GPU Operator) on a "
    "node whose container runtime uses the NVIDIA runtime: give the container a `resources: limits: "
    "nvidia.com/gpu: 1` (the serving framework's GPU request must turn into it), schedule it on a GPU node "
    "(`kubectl describe node` lists nvidia.com/gpu under Allocatable), set `runtimeClassName: nvidia` where the "
    "NVIDIA runtime is not the node's default, and do not override NVIDIA_VISIBLE_DEVICES in the image; then "
    "`kubectl exec <pod> -- nvidia-smi` must list the GPU. docker's `--gpus` does not apply to a pod."
)
#: glibc's "Segmentation fault" in its translations (zh_CN, de, fr, es, ja), as a shell prints it
SEGFAULT_TRANSLATED = (
    r"段错误|Speicherzugriffsfehler|Erreur de segmentation|Violación de segmento|セグメンテーション違反"
)

#: JAX in a text (issue 36, round forty-four): jax / jaxlib / flax, its environment variables, its exceptions and
#: modules, a script named for it ("dqn_jax.py"), and jaxlib's own XLA runtime paths (PJRT and its Python client
#: under external/org_tensorflow/tensorflow/compiler/xla/ in jaxlib before 0.4.x, external/xla/xla/ after). jaxlib
#: prints TensorFlow-looking paths (external/org_tensorflow/tensorflow/stream_executor/..., "Allocator (GPU_0_bfc)"),
#: so a fix chosen by "tensorflow" in the text must ask this first: TensorFlow's settings do not reach JAX
JAX_PROCESS = (
    r"\bjax(?:lib)?\b|\bflax\b|\bXLA_PYTHON_CLIENT_\w{1,20}|XlaRuntimeError|JaxRuntimeError|\bjax\.errors\b"
    r"|\bxla_bridge\b|[\w-]_jax\.py\b|\bjax_\w{1,40}\.py\b"
    r"|external/org_tensorflow/tensorflow/compiler/xla/(?:pjrt|python)/|external/xla/xla/(?:pjrt|python)/"
)
#: TensorFlow itself running in a Python process (not jaxlib's TensorFlow-looking paths): its import, its package's
#: frames, its GPU device created with the memory it took, a library that imports it (tensorflow_datasets,
#: TF-Probability's TensorFlow substrate), a tf.data pipeline
_TF_IN_PROCESS = (
    r"^\s{0,8}(?:import tensorflow\b|from tensorflow\b)|[\\/](?:site|dist)-packages[\\/]tensorflow[\\/]"
    r"|\btensorflow[\\/]python[\\/]|\btensorflow_datasets\b|\btfds\.\w|tensorflow_probability[\\/]python[\\/]"
    r"|\btf\.data\.\w"
)
#: TensorFlow's GPU device, created with the memory it reserved (common_runtime/gpu/gpu_device.cc: "Created device
#: /job:localhost/replica:0/task:0/device:GPU:0 with 22000 MB memory"; TF 1.x: "Created TensorFlow device
#: (/job:localhost/...)")
_TF_TOOK_THE_GPU = (
    r"Created (?:TensorFlow )?device \(?/job:localhost/replica:\d{1,3}/task:\d{1,3}/device:GPU:\d{1,2} with "
    r"\d{1,7} ?MB memory"
)
#: torch's own out-of-memory in a text
_TORCH_OOM = r"CUDA out of memory\. Tried to allocate|\btorch\.(?:cuda\.)?OutOfMemoryError\b"
#: two frameworks that each reserve GPU memory, in one text (issue 36, round forty-four): JAX with TensorFlow, or
#: torch's out-of-memory with TensorFlow's GPU device or JAX beside it. Each lookahead is bounded
TWO_FRAMEWORKS_ONE_PROCESS = (
    rf"\A(?=[\s\S]{{0,300000}}?(?:{JAX_PROCESS}))(?=[\s\S]{{0,300000}}?(?:{_TF_IN_PROCESS}|{_TF_TOOK_THE_GPU}))"
    rf"|\A(?=[\s\S]{{0,300000}}?(?:{_TORCH_OOM}))(?=[\s\S]{{0,300000}}?(?:{_TF_TOOK_THE_GPU}|{JAX_PROCESS}))"
)

#: Where a torch_tensorrt source or container build shows in a message (paths and version tags of such builds).
SOURCE_BUILD = (
    r"setup\.py|bazel|WORKSPACE|--use-cxx11-abi|docker|Dockerfile|/opt/conda|dist-packages|nvcr\.io"
    r"|\d\.\d+\.\d+a0|\+git[0-9a-f]{5}|\bsource build|built from source|build from source"
)
#: TorchScript frontend (``ir="ts"``) context.
TORCHSCRIPT = (
    r"TorchScript|torch_tensorrt[\\/]ts[\\/]|_C\.compile_graph|TRTorch|Torch-TensorRT\.TorchScript"
    r"|\[Torch-TensorRT\] - |Error thrown at core/"
)
#: Jetson / aarch64 context.
JETSON = r"jetson|jetpack|aarch64|tegra|\bl4t\b|xavier|orin"
#: a Jetson board or its software named in the text (not a bare "aarch64", which ARM servers share)
JETSON_BOARD = r"jetson|jetpack|tegra|\bl4t\b|xavier|\borin\b|nvidia-l4t|dustynv"
#: macOS in a text (issue 36, round twenty-three): a Mac's home folder (not Windows' C:/Users), Homebrew's prefix, a
#: .dylib, uname's Darwin, Apple Silicon's names, torch's mps device. No CUDA exists there
MACOS = (
    r"(?<![A-Za-z]:)(?<![\\/\w])/Users/\w|/opt/homebrew/|\.dylib\b|\bDarwin\b|\bmacOS\b|\bMac ?OS ?X\b"
    r"|\bApple (?:M[1-5]|Silicon)\b|\bMacBook|\barm64-apple-darwin|RELEASE_ARM64|\bdevice[= ]{1,3}['\"]?mps\b"
    r"|torch\.backends\.mps|MPSGraph|\bmps:0\b|/private/var/folders/|^/var/folders/\w\w/"
)
#: The CUDA math and media libraries whose failures are named <LIBRARY>_STATUS_<NAME> (CUBLAS_STATUS_ALLOC_FAILED,
#: CUDNN_STATUS_EXECUTION_FAILED, ...), as a regular expression's alternatives
CUDA_STATUS_LIBRARIES = "CUBLAS|CUDNN|CUSOLVER|CUSPARSE|CUFFT|CURAND|NVJPEG"
#: A ROCm (AMD) build of torch in a text: a +rocm build, HIP's errors, ROCm's tools (`facts`: a pip fix must
#: never swap it for a CUDA build)
ROCM = (
    r"\+rocm\d|\bROCm\b|\bhipError\w{0,40}|\bHIP error\b|/opt/rocm|\brocm-smi\b|HSA_OVERRIDE_GFX_VERSION"
    r"|torch\.version\.hip"
)
#: HIP / ROCm in a text, more widely (issue 36, round thirty-one): `ROCM`'s marks, a HIP source file (hipified
#: kernels: ops.hip, *.hip.cpp), hipcc, an AMD gfx target, an AMD GPU's name
HIP = (
    ROCM + r"|[\w-]\.hip\b|\bhipcc\b|\bgfx\d{3,4}[a-z]?\b|\bAMD Radeon"
    r"|\bRadeon(?:\(TM\))? (?:RX|Pro|VII)\b|\bInstinct MI\d{2,3}|\b(?:RX ?)?[5-9]\d{2}0 ?XTX?\b"
)
#: an Intel GPU run through torch's XPU device (or intel_extension_for_pytorch)
INTEL_XPU = r"\bxpu\b|intel_extension_for_pytorch|\bipex\b|Intel\(R\) Arc|\bIntel Arc\b|\+xpu\b|oneAPI|Level.Zero"
#: compiled kernel modules that a distribution of their own ships and projects import as an optional backend (issue 36,
#: round thirty-six): mamba-ssm's selective_scan_cuda (and mamba_ssm itself), causal-conv1d's causal_conv1d_cuda,
#: flash-attn's flash_attn_2_cuda; "No module named" one of them is that distribution missing, not the project's own
#: extension built without CUDA
OPTIONAL_BACKEND_MODULES = r"selective_scan_cuda|mamba_ssm|causal_conv1d(?:_cuda)?|flash_attn_2_cuda"
#: WSL2 in a text: its name, its driver folder, its kernel's name, Docker Desktop's backend
WSL = r"\bWSL\d?\b|/usr/lib/wsl|microsoft-standard|Docker Desktop"
#: A hosted CI job (GitHub Actions, GitLab's shared runners, CircleCI, Travis), whose machines have no NVIDIA GPU or
#: driver: its environment variable, workflow keys, runner paths and the runners' own log lines. A runner's path to a
#: native source file with a line ("/home/runner/work/ctransformers/ctransformers/models/ggml/ggml-cuda.cu:5067") is
#: the build path a prebuilt binary (a wheel built on a CI runner) prints in its own messages: no evidence of where the
#: user runs it
RUNNER_PATH = r"/home/runner/work/(?![\w./+-]{1,200}\.(?:cu|cuh|cpp|cc|cxx|c|h|hpp|inl):\d)"
NO_GPU_CI = (
    rf"GITHUB_ACTIONS|\bruns-on:|\bubuntu-latest\b|\bwindows-latest\b|{RUNNER_PATH}|Running with gitlab-runner"
    r"|\bGitHub Actions\b|\bCircleCI\b|\bTravis CI\b|\bhosted runners?\b|\bCI runners?\b"
)
#: A project's own CUDA code run natively (issue 36, round twenty-six): a native test runner's lines (Catch2's
#: "REQUIRE(...)" / "due to unexpected exception", GoogleTest's "[ RUN      ]" / "[  FAILED  ]", CTest's "Test command:"
#: / "Start N:", dlib's dtest "TEST FAILED:" / "Failure message from test", a test program's "Test 'X' Failed"), a CUDA
#: source file named with its line, or the error-check macros native CUDA code wraps its calls in, in a text that shows
#: no torch, no Python traceback and no other framework (nor darknet or Caffe, whose rows have their own fixes). The
#: kernels are then the project's, so the fix is its own build's CUDA flags, not a torch wheel or TORCH_CUDA_ARCH_LIST.
#: Both halves are lookaheads from the text's start, each bounded.
_NOT_A_FRAMEWORK = (
    r"\btorch\b|pytorch|torch[\\/._]|libtorch|\bc10::|Traceback \(most recent call last\)|\.py\"?, line \d"
    r"|site-packages|dist-packages|tensorflow|\bjax(?:lib)?\b|\bcupy\b|\bnumba\b|paddle|mxnet|onnxruntime"
    r"|tensorrt|\bdarknet\b|\bcaffe\b|\bmmcv\b|detectron2"
)
_NATIVE_TESTS_OR_CUDA_SOURCE = (
    r"is a Catch v?\d|\bREQUIRE(?:_NOTHROW|_THROWS)?\(|due to (?:unexpected exception|a fatal error condition)"
    r"|^\[ {0,7}(?:RUN|OK|FAILED|PASSED) {0,7}\] |^\d{1,5}: Test command:|^\s{0,8}Start {1,3}\d{1,5}: "
    r"|\bTest +#\d{1,5}: |tests passed, \d{1,6} tests? failed out of|The following tests FAILED"
    r"|TEST FAILED: \w|Failure message from test|^Test '[^'\n]{1,120}' (?:Passed|Failed)\b"
    r"|[\w-]\.cuh?(?:, line |:|\()\d{1,6}"
    r"|\b(?:cudaCheck|checkCudaErrors|CUDA_CHECK|CUDA_SAFE_CALL|cudaSafeCall|gpuErrchk|CUDA_CALL)\(|cudaGetLastError\(\)"
    # issue 36, round twenty-seven: a program built by hand with nvcc: its command line on a .cu file, or the
    # binary run under the compiler's default output name (Thrust's own exceptions are no evidence: libraries that
    # use Thrust, such as RMM / cuDF, throw them too)
    r"|(?:^|[\s$#>])nvcc\s[^\n]{0,300}?\.cu\b|(?:^|[\s$#>])\./a\.out\b"
)
OWN_CUDA_CODE = (
    rf"\A(?![\s\S]{{0,300000}}?(?:{_NOT_A_FRAMEWORK}))(?=[\s\S]{{0,300000}}?(?:{_NATIVE_TESTS_OR_CUDA_SOURCE}))"
)


#: a project's own CUDA check naming its own .cu / .cuh source file and line on the failing line (issue 36, round
#: forty-five): the common error-check macros' wordings ("Cuda failure %s:%d: '%s'" of the cudaCheckError() macro
#: many projects copy; "CUDA error %d: %s (%s:%d)"; "<file>.cu:<line>: ... invalid argument"), on a line that names
#: none of torch's own sources (aten / THC / c10 / caffe2 / torch/csrc, a /pytorch/ build path) or a header library's
#: (cub / thrust / cutlass): the kernel is an extension's or the program's own, e.g. a mesh, rasterizer, BVH or
#: voxel op of research code. One line, from its start (re.MULTILINE)
OWN_CUDA_EXTENSION_CHECK = (
    r"^(?![^\n]{0,600}?(?:[\\/](?:aten|THC|THCUNN|THCS|c10|caffe2|cub|thrust|cutlass)[\\/]|torch[\\/]csrc[\\/]"
    r"|[\\/]pytorch[\\/]))[^\n]{0,300}?(?:"
    r"Cuda failure [^\n]{0,300}?[\w-]\.cuh?:\d{1,6}"
    r"|CUDA error:? \d{1,3}: [^\n]{1,120}?\([^\n()]{0,300}?[\w-]\.cuh?:\d{1,6}\)"
    r"|[\w-]\.cuh?(?::|\(|, line )\d{1,6}\)?[: ]{1,3}[^\n]{0,30}?(?:illegal memory access|invalid argument"
    r"|invalid configuration|cudaError\w{2,40})"
    r"|CUDA (?:error|failure)[^\n]{0,200}? in [^\n]{0,300}?[\w-]\.cuh?(?::| line |\()\d{1,6})"
)
#: the first fix for a fault in such an extension: rebuild it for the torch, CUDA and GPU installed, then its inputs
OWN_CUDA_EXTENSION_FIX = (
    "The failing kernel is in the project's own CUDA source (the check names its .cu file and line: a compiled "
    "extension's custom op, e.g. a mesh, rendering, point-cloud or voxel kernel, or the program's own code), not "
    "torch's, so a torch update does not reach it. Most often it was built for another torch, CUDA or GPU than the "
    "ones installed (a build folder or wheel from another machine, nvcc of another CUDA than torch.version.cuda, no "
    "code for this GPU's architecture): rebuild it from clean: uninstall it and delete its build/ folder and old .so "
    "/ .pyd files, then, with the CUDA toolkit of torch.version.cuda's version on PATH (CUDA_HOME) and "
    "TORCH_CUDA_ARCH_LIST set to this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap --format=csv`), "
    "run `pip install --no-build-isolation .` (or its setup.py) in its folder. If it still fails, check what it is "
    "given: contiguous tensors (.contiguous()) on the GPU in the dtype it expects (most such ops take float32 and "
    "int32 / int64 indices), and sizes it handles (a grid resolution, face or point count within its limits); turning "
    "off the feature that uses it (the project's config switch, or its non-CUDA / pure-torch path) confirms the cause "
    "meanwhile, and `compute-sanitizer python <script>` names the kernel for a bug report."
)

#: the loader's "undefined symbol" of an extension's own CUDA entry point (issue 36, round thirty-two): an Itanium
#: mangled free function (``_Z<length><name>``, no namespace: torch's functions all have one) whose name has a _cuda /
#: _gpu part and whose first parameter is an at::Tensor, e.g. "_Z8nms_cudaRKN2at6TensorES2_f", in an extension built
#: in place (a project's checkout, not a wheel's copy under site-packages / dist-packages, which is more often one
#: built for another torch): its .cu sources were not compiled into it. One line, from its start (re.MULTILINE)
OWN_CUDA_SYMBOL = (
    r"^(?![^\n]{0,600}?[\\/](?:site|dist)-packages[\\/])[^\n]{0,600}?undefined symbol: _Z\d{1,3}[A-Za-z_]\w{0,60}?"
    r"(?:_?(?:cuda|gpu)(?:_[a-z]\w{0,30}?)?(?:RK|PK|R|P|K)?N2at6TensorE"
    # (issue 36, round fifty-two) or the launcher of its own kernel, by the CUDA examples' naming, taking raw
    # pointers and sizes ("_Z17nmsNormalLauncherPKfPyif" = nmsNormalLauncher(float const*, unsigned long long*, int,
    # float))
    r"|[Ll]auncher(?:PK|P|RK|i|j|l|m|f|d|b)[A-Za-z]{0,3})"
)

#: a Singularity / Apptainer container in a text (issue 36, round thirty-two): its commands, an image file, and the
#: /.singularity.d/ folder it puts on the loader path inside the container (LD_LIBRARY_PATH's /.singularity.d/libs)
#: the model converters between frameworks, by module, package or command: onnx-tensorflow (onnx_tf, onnx-tf),
#: onnx2tf, X2Paddle, onnx2tflite, onnx2keras, tf2onnx, onnx2pytorch, onnx2torch, nobuco (issue 36, round forty-six);
#: `table`'s export stage marker and the rows of `families.model_convert` read them
MODEL_CONVERTERS = (
    r"\bonnx2tf\b|\bonnx2tflite\b|\bonnx2keras\b|\bonnx_tf\b|\bonnx-tf\b|onnx-tensorflow|\bx2paddle\b|\btf2onnx\b"
    r"|\bonnx2pytorch\b|\bonnx2torch\b|\bnobuco\b"
)
SINGULARITY = r"\bsingularity\b|\bapptainer\b|[\w-]\.sif\b|/\.singularity\.d/"

#: CUDA runtime functions that a later minor of a CUDA major added (issue 36, round thirty-two; the list is from
#: memory of CUDA's release notes: 11.2's stream-ordered allocator, 11.3's graph user objects and capture
#: dependencies, 11.8's cudaLaunchKernelExC, 12.x's library loading, conditional graph nodes and entry points). A
#: library linked against one of them needs a libcudart of at least that minor: an older libcudart of the same major
#: (same soname, libcudart.so.11.0 / .12) lacks it
CUDART_NEWER_MINOR = (
    r"cuda(?:MallocAsync|FreeAsync|MallocFromPoolAsync|MemPool\w{2,40}|Device(?:Get|Set)(?:Default)?MemPool"
    r"|StreamGetCaptureInfo_v[23]|StreamUpdateCaptureDependencies(?:_v2)?|UserObject(?:Create|Retain|Release)"
    r"|Graph(?:Retain|Release)UserObject|GraphInstantiateWith(?:Flags|Params)|GetDriverEntryPoint(?:ByVersion)?"
    r"|LaunchKernelExC|GraphAdd(?:MemAlloc|MemFree|EventRecord|EventWait|ExternalSemaphores\w{0,20})Node"
    r"|DeviceGraphMemTrim|GraphUpload|EventRecordWithFlags|GraphNodeSetEnabled|GraphNodeGetEnabled"
    r"|LibraryLoad\w{0,20}|LibraryGet\w{0,20}|GetFuncBySymbol|GetKernel|GraphAddNode(?:_v2)?"
    r"|StreamBeginCaptureToGraph|GraphConditionalHandleCreate|StreamGetDevice)\b"
)

#: a unified (managed) memory allocation that failed (issue 36, round thirty-five): cudaMallocManaged's out of memory,
#: or a framework's unified allocator (Taichi's unified_allocator.cpp / UnifiedAllocator) reporting it
MANAGED_ALLOC_FAILED = (
    r"cudaMallocManaged[^\n]{0,200}(?:out of memory|cudaErrorMemoryAlloc\w{0,8})"
    r"|(?:out of memory|cudaErrorMemoryAlloc\w{0,8})[^\n]{0,200}cudaMallocManaged"
    r"|(?:unified_allocator\.\w{1,4}|UnifiedAllocator)[^\n]{0,200}(?:out of memory|cudaErrorMemoryAlloc\w{0,8})"
)
#: a GPU older than Pascal named in a text: a compute capability below 6.0 as a device query or a framework prints it,
#: or a Kepler / Maxwell card's name
PRE_PASCAL_GPU = (
    r"\bcompute capability:? {0,2}[1-5]\.\d\b|\bcompute_cap(?:ability)?[=:] {0,2}[1-5]\.\d\b"
    r"|\bGeForce GTX (?:[4-7]\d0|9[5-8]0)(?: Ti)?\b|\bGTX TITAN(?: X| Black| Z)?\b|\bTesla [KM]\d{1,2}0?\b"
    r"|\bQuadro [KM]\d{3,4}\b"
)
#: the managed allocation failing in a text that names a pre-Pascal GPU (either order)
MANAGED_ALLOC_PRE_PASCAL = (
    rf"(?:{PRE_PASCAL_GPU})[\s\S]{{0,20000}}?(?:{MANAGED_ALLOC_FAILED})"
    rf"|(?:{MANAGED_ALLOC_FAILED})[\s\S]{{0,20000}}?(?:{PRE_PASCAL_GPU})"
)

#: A command run with sudo (which starts it with a clean environment: LD_LIBRARY_PATH, a venv's PATH are dropped).
SUDO = (
    r"(?:^|[\s$#>])sudo\s{1,4}(?:-\w{1,3}\s{1,4}){0,3}"
    r"(?:\./|python\d?(?:\.\d{1,2})?\s|/(?:usr|opt|home|root)/|[\w.-]{1,60}\.(?:py|sh)\b)"
)
#: command-line media tools a pipeline runs beside the framework (issue 36, round thirty-two): FFmpeg's, GStreamer's,
#: SoX, the x264 / x265 encoders, MPlayer / MEncoder, VLC's, ImageMagick's and v4l-utils'
MEDIA_TOOLS = (
    "ffmpeg", "ffprobe", "ffplay", "gst-launch-1.0", "gst-inspect-1.0", "sox", "x264", "x265", "mencoder",
    "mplayer", "cvlc", "vlc", "magick", "convert", "v4l2-ctl",
)  # fmt: skip
#: ld.so's "<program>: error while loading shared libraries: ..." where the program is one of `MEDIA_TOOLS`
MEDIA_TOOL_LOADER_LINE = (
    r"(?:^|[\s/\\$#>])(?:" + "|".join(t.replace(".", r"\.") for t in MEDIA_TOOLS) + r"): "
    r"error while loading shared libraries: "
)
#: a lookbehind for each of `MEDIA_TOOLS`: what precedes "error while loading shared libraries: " is not a media
#: tool's name (fixed-width lookbehinds, one a tool)
NOT_A_TOOL_LOADER_LINE = "".join(f"(?<!{t.replace('.', chr(92) + '.')}: )" for t in MEDIA_TOOLS)

#: A run that went well for a long time before it failed (issue 36, round twenty-four): an epoch or iteration count
#: of two or more digits in a progress line, a step count in thousands, the user's own words (overnight, after hours,
#: at random times; Chinese "好几轮" / "半夜"). A fault after many good steps is rarely the code's
LONG_RUN = (
    r"\bEpoch:? {0,2}\(?[1-9]\d{1,4}\b|\bIteration:? {0,2}[1-9]\d{3,8}\b|\bStep:? {0,2}\d{1,6}k\b"
    r"|after (?:\d{1,6}|many|several|a few|hundreds of|thousands of) (?:good |successful )?"
    r"(?:epochs|iterations|steps|hours)\b|\bovernight\b|after (?:a while|hours|some time|a few hours)\b"
    r"|for too long\b|at random (?:times|points|steps)|randomly after|好几轮|半夜|几个小时"
)
#: the fix of a GPU fault that comes after a long good run (cuBLAS, an illegal access, a launch failure)
#: The GPU build of faiss for the CUDA the driver supports, as every faiss family words it (issue 36, round forty-four:
#: one wording where four rows had written their own)
FAISS_GPU_BUILD = (
    "the faiss-gpu built for your CUDA: `conda install -c pytorch -c nvidia faiss-gpu` of a current release (Linux "
    "x86-64), or pip's faiss-gpu-cu12 / faiss-gpu-cu11 for the CUDA major `nvidia-smi` supports"
)

LONG_RUN_FAULT_FIX = (
    "It failed after a long good run, so the code and the build are not the first suspects: look at the GPU and "
    "the machine. Make sure no other process uses that GPU meanwhile (`nvidia-smi`), read the driver's log for Xid "
    "errors (`dmesg | grep -i xid`; Windows: Event Viewer's nvlddmkm entries) and the card's health (`nvidia-smi -q "
    "-d ECC,TEMPERATURE,POWER`), remove any overclock, update the driver, and keep the machine from sleeping. On "
    "Windows a GPU that also drives the display is reset by TDR when a kernel runs too long: raise TdrDelay in the "
    "registry or train on a GPU without a monitor. If it recurs, rerun with CUDA_LAUNCH_BLOCKING=1 to name the op, "
    "and checkpoint often so a crash costs little."
)

#: TensorFlow's BFC allocator's failing allocation, which it logs at W level (common_runtime/bfc_allocator.cc, later
#: tsl/framework/bfc_allocator.cc): "Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.00GiB.  Current
#: allocation summary follows." / "... (rounded to N)requested by op X"; a paste may cut the line right after
#: "Allocator". Its "The caller indicates that this is not a failure" line is a notice, not this. Read with
#: re.MULTILINE by `severity` (an error line at any level) and `advice` (the OOM was a failure, not the notice).
TF_ALLOCATOR_OOM = (
    r"bfc_allocator\.cc:\d{1,6}\] Allocator(?: \([\w:]{1,40}\) ran out of memory trying to allocate [^\n]{1,120}?"
    r"(?:Current allocation summary follows|requested by op|\(rounded to \d)|[ \t]{0,4}$)"
)

#: A library's own request for a version range of a package, in its own words (issue 36, round fifty: xfuser's "Please
#: install yunchang>=0.4.0", "Please upgrade numpy to >= 1.22"): the range ends at its lower bound. Read by
#: py-version-required (the check) and `advice` (which quotes the request, with an upper bound where one follows).
RANGE_ASKED = (
    r"[Pp]lease (?:install|upgrade|update|use)(?: to)? [`'\"]?[A-Za-z][\w.-]{0,60}[`'\"]? ?(?:to )?"
    r"(?:>=|>|==|~=) ?\d[\w.]{0,20}"
)

#: The dispatcher's refusal of a CUDA tensor by one of the ops every CUDA build of torch has a CUDA kernel for (the
#: factory ops, copies, fills, random fills, the matrix products): the torch (or libtorch) that ran has no CUDA at all,
#: a CPU-only build (issue 36, round fifty-one: a Rust program's libtorch without CUDA, "Could not run
#: 'aten::empty.memory_format' with arguments from the 'CUDA' backend"). Read by torch-cpu-build (its cause) and
#: torch-op-no-cuda-kernel (which leaves it).
NO_CUDA_KERNELS = (
    r"Could not run 'aten::(?:empty|empty_strided|_to_copy|copy_|zeros|ones|full|fill_|resize_|as_strided|set_"
    r"|_local_scalar_dense|normal_|uniform_|random_|arange|mm|addmm|cat)(?:\.\w{1,40})?' with arguments from the "
    r"'CUDA' backend"
)

#: A C++ program (libtorch) rather than Python.
CPP = r"terminate called|torch::jit::|c10::Error|libtorch|CMakeLists|\.cpp\b|target_link_libraries"

#: Desktop AI apps and web UIs, by the paths, launchers and module names their logs show (issue 36, round twelve).
#: AUTOMATIC1111's stable-diffusion-webui and its forks (Forge, reForge, the DirectML fork, SD.Next): its folder, its
#: launcher scripts (webui-user.bat / webui.sh), modules/launch_utils.py and modules.devices.
SD_WEBUI = (
    r"stable-diffusion-webui|\bsd-webui\b|webui-user\.(?:bat|sh)|\bwebui\.(?:bat|sh)\b|modules[\\/]launch_utils\.py"
    r"|\bmodules\.devices\.|COMMANDLINE_ARGS|\bSD\.Next\b|\breForge\b"
)
#: ComfyUI (its portable Windows build runs python_embeded; its modules are comfy.* and its nodes custom_nodes/; its
#: execution.py logs "!!! Exception during processing !!!" and "Got an OOM, unloading all loaded models.", and its
#: front end shows "Error occurred when executing <node>:").
COMFYUI = (
    r"\bComfyUI|python_embeded|\bcomfy[\\/.](?:model_management|sd|samplers|ldm|utils|ops)\b|custom_nodes[\\/]"
    r"|!!! Exception during processing !!!|Got an OOM, unloading all loaded models"
    r"|(?<!an )Error occurred when executing [\w ]{1,80}:"
)
#: Fooocus (its ldm_patched copy of ComfyUI's model management, its entry_with_update.py launcher).
FOOOCUS = r"\bFooocus\b|\bldm_patched\b|entry_with_update\.py"
#: kohya_ss / sd-scripts (LoRA and fine-tuning scripts run through accelerate).
KOHYA = r"\bkohya|sd-scripts|\b(?:sdxl_|flux_|sd3_)?train_network\.py|\bsdxl_train\.py|\bfine_tune\.py"
#: oobabooga's text-generation-webui (its one-click installer's conda env lives in installer_files).
TEXTGEN_WEBUI = r"text-generation-webui|\boobabooga|installer_files[\\/]env|\bone_click\.py"
#: face-swap apps on onnxruntime (roop and its forks, Deep-Live-Cam, facefusion, rope).
FACESWAP_APPS = r"\broop\b|Deep-Live-Cam|\bfacefusion\b|\bFaceFusion\b|\binswapper\b"

#: GNU ld's "cannot find -lX" as gettext localises it ("cannot find %s" in ld's po files). The translations are the
#: common ones of binutils' zh_CN, de, fr, es and ja catalogues, written from their usual wording (the po files
#: themselves were not at hand): Chinese "找不到 -lX", German "kann -lX nicht finden", French "ne peut trouver -lX",
#: Spanish "no se puede encontrar -lX", Japanese "-lX が見つかりません". ``{lib}`` is where the library names go.
_LD_CANNOT_FIND = (
    r"(?:cannot find|找不到|ne peut (?:pas )?trouver|no se puede encontrar) -l{lib}"
    r"|kann -l{lib}:? nicht finden|-l{lib}:? ?が見つかりません"
)


def tests_in(path: str) -> Callable[[str], str]:
    """A family module's way to name the tests that show its rows: ``tests_in(PATH)(name)`` is ``"PATH::name"``."""
    return lambda name: f"{path}::{name}"


def ld_cannot_find(libs: str) -> str:
    """A regular expression for the linker's "cannot find -lX" (English and localised) where X is one of ``libs``
    (an alternation, e.g. ``"nvinfer|nvonnxparser"``), as a whole library name."""
    return _LD_CANNOT_FIND.format(lib=rf"(?:{libs})\b")


def app_python_variants(dist: str, what: str = "the module") -> tuple[Variant, ...]:
    """Fixes for an import failure inside a desktop app's own Python (ComfyUI portable's python_embeded, the venv of
    the Stable Diffusion web UI and its forks, text-generation-webui's installer env): install ``dist`` into that
    Python, since a plain ``pip install`` from another prompt reaches another interpreter. ``what`` names the import
    in words. Rows whose failure is a missing module put these ahead of their generic variants."""
    restart = "then restart the app; a plain `pip install` from another prompt installs into another Python."
    return (
        Variant(
            COMFYUI,
            "ComfyUI (its own Python)",
            f"ComfyUI only skipped the custom node that imports {what} (the line 'Cannot import ... module for "
            "custom nodes' names it; the others load): if you want that node, install into the Python ComfyUI "
            f"runs: from the ComfyUI_windows_portable folder `python_embeded\\python.exe -s -m pip install {dist}` "
            "(or the node's list: `... -m pip install -r ComfyUI\\custom_nodes\\<node>\\requirements.txt`; a "
            f"manual install: its venv's python), {restart} If the failure you are after is another node's, its "
            "own traceback is further on in the log.",
        ),
        Variant(
            SD_WEBUI + r"|webui_forge|stable-diffusion-webui-forge",
            "Stable Diffusion web UI / Forge (its venv)",
            f"Install into the web UI's own venv: inside its folder `venv\\Scripts\\python.exe -m pip install {dist}` "
            f"(Linux: `venv/bin/python -m pip install {dist}`; Forge's one-click package: its system\\python), "
            f"{restart}",
        ),
        Variant(
            TEXTGEN_WEBUI + r"|\bInvokeAI\b|\binvokeai\b|\bpinokio\b",
            "an app's own environment (text-generation-webui, InvokeAI, Pinokio)",
            "Install into the app's own environment: text-generation-webui's cmd_windows.bat / cmd_linux.sh "
            f"opens a shell in it (then `python -m pip install {dist}`); InvokeAI: its launcher's developer console "
            f"or its .venv's python; Pinokio: the app's env folder's python; {restart}",
        ),
    )


#: darknet's own CUDA checks (src/cuda.c / src/dark_cuda.c check_error: "CUDA Error: ...", "CUDA status Error: file:
#: ./src/dark_cuda.c", then "check_error: Assertion `0' failed"): its kernels are built by its Makefile's ARCH line
DARKNET = r"darknet|src[\\/](?:dark_)?cuda\.c|check_error: Assertion|CUDA status Error: file"
#: what fixes darknet's kernels for a GPU (its Makefile), shared by the rows its errors reach
DARKNET_FIX = (
    "darknet's kernels are compiled by its Makefile for the architectures on its ARCH= line: add this GPU's "
    "(-gencode arch=compute_XY,code=[sm_XY,compute_XY] with XY from torch.cuda.get_device_capability() or "
    "nvidia-smi --query-gpu=compute_cap), keep GPU=1 CUDNN=1, then `make clean && make` and use the new "
    "libdarknet.so (CMake builds: CMAKE_CUDA_ARCHITECTURES=XY)."
)

#: torch's CTC loss on its cuDNN path (issue 36, round thirty-two): the ctc_loss frame (F.ctc_loss / nn.CTCLoss) a few
#: lines above the cuDNN status it raised, or the cuDNN path's own op (_cudnn_ctc_loss) named anywhere
CUDNN_CTC = (
    r"(?:\bctc_loss\b|\bCTCLoss\b)[^\n]{0,300}\n(?:[^\n]{0,500}\n){0,8}[^\n]{0,200}CUDNN_STATUS_\w"
    r"|\b_?cudnn_ctc_loss\b"
)
#: what avoids the cuDNN CTC path (aten/src/ATen/native/cudnn/LossCTC.cpp, _use_cudnn_ctc_loss: torch takes it only
#: with cuDNN enabled, blank 0, float32 log_probs on the GPU, int32 1-D targets on the CPU, every input length equal
#: to T and each target length below 256 and not above its input length)
CUDNN_CTC_FIX = (
    "The status comes from cuDNN's CTC loss, which torch uses for nn.CTCLoss / F.ctc_loss only when cuDNN is on, "
    "blank=0, log_probs are float32 on the GPU, the targets are one concatenated int32 tensor on the CPU, every "
    "input length equals T and each target length is below 256; that path has its own limits and fails on some "
    "cuDNN / GPU pairs where torch's native CUDA CTC kernel works (the convolutions are not the problem). Make torch "
    "take the native kernel: pass the targets as int64 (`targets.long()`) or on the GPU, or compute the loss with "
    "cuDNN off (`with torch.backends.cudnn.flags(enabled=False): loss = ctc(...)`); a newer torch and cuDNN (recent "
    "torch uses cuDNN's CTC only from cuDNN 7.6, or 8 in its newest releases) or warp-ctc also avoid it."
)

#: OpenCV's CUDA modules in a text (issue 36, round twenty-seven): their error code -217 "Gpu API call" (OpenCV 2.4's
#: "OpenCV Error: Gpu API call (...)", 3.x / 4.x's "error: (-217:Gpu API call) ..."), their namespaces and their source
#: folders (2.4's modules/gpu, opencv_contrib's modules/cuda* and cudev)
OPENCV_CUDA = (
    r"Gpu API call|\(-217(?::Gpu API call)?\)|\bcv::(?:cuda|gpu)::|\bcv2\.cuda\b"
    r"|opencv2[\\/](?:gpu|cudev|core[\\/]cuda)[\\/]|modules[\\/](?:gpu|cudev|cuda\w{0,20})[\\/]"
)
#: OpenCV's DNN CUDA backend (cuda4dnn, OpenCV 4.2+) in a text: its source folder or namespace, where its CSL wrappers
#: raise a CUDA / cuBLAS / cuDNN status as "(-217:Gpu API call) CUBLAS_STATUS_..." (issue 36, round thirty-two)
OPENCV_DNN_CUDA = r"[\\/]cuda4dnn[\\/]|\bcuda4dnn::"
#: what a cuBLAS / cuDNN handle that OpenCV's DNN CUDA backend could not create or use needs
OPENCV_DNN_CUDA_FIX = (
    "OpenCV's DNN CUDA backend (cuda4dnn) got this status from cuBLAS / cuDNN, not the program: most often the GPU "
    "had no memory left for the library's handle or workspace (another process or detector on the same GPU; a "
    "Jetson shares its memory with the CPU, so run one detection at a time, use a smaller model such as a tiny "
    "YOLO or a lower input size, and watch `tegrastats` / `nvidia-smi`). Otherwise the OpenCV build does not fit "
    "what runs: it was compiled against another CUDA / cuDNN than the one installed (a JetPack or CUDA upgrade since) "
    "or without this GPU in CUDA_ARCH_BIN: rebuild OpenCV with WITH_CUDA=ON, OPENCV_DNN_CUDA=ON and CUDA_ARCH_BIN "
    "set to the GPU's compute capability (cv2.getBuildInformation() shows both), against the CUDA and cuDNN "
    "installed; DNN_TARGET_CPU confirms the rest of the program works."
)

#: what gives OpenCV's CUDA kernels this GPU's architecture (a rebuild of OpenCV itself), shared by the rows its
#: errors reach
OPENCV_CUDA_FIX = (
    "The kernel that has no code for this GPU is OpenCV's (its CUDA module, built for the architectures in "
    "CUDA_ARCH_BIN / CUDA_ARCH_PTX when OpenCV was compiled), not the program's: flags in the program's own build do "
    "not change it. Rebuild OpenCV (with opencv_contrib for the cuda* modules) with this GPU's compute capability: "
    "`cmake -D WITH_CUDA=ON -D CUDA_ARCH_BIN=X.Y -D CUDA_ARCH_PTX=X.Y ...` (X.Y from `nvidia-smi --query-gpu="
    "compute_cap --format=csv`), using a CUDA toolkit that supports the GPU, install it, and rebuild / relink the "
    "program against that OpenCV (`opencv_version -v` or cv2.getBuildInformation() lists 'NVIDIA GPU arch')."
)

#: a .NET binding of whisper.cpp / llama.cpp whose loader found no native runtime it could load (issue 36, round
#: twenty-nine), in the bindings' own words: Whisper.net's NativeLibraryLoader (a FileNotFoundException when no
#: runtimes/<kind>/<rid> folder held a library it could use) and LLamaSharp's NativeApi (its RuntimeError after a
#: DllNotFoundException)
DOTNET_NATIVE_LOADER = r"Native Library not found in default paths|The native library cannot be correctly loaded"
#: CUDA in a text (its runtime, a package, a log line or a path), not LLamaSharp's own reason line ("You are using a
#: device with only CPU but installed cuda backend. Please install cpu backend instead.")
_CUDA_SHOWN = r"cuda(?! backend\. Please install cpu)|\bcublas|\bcudart"
#: the binding's CUDA runtime skipped or not loaded, in a text that shows CUDA: the loader's exception, the runtime it
#: reports loaded (Whisper.net's RuntimeOptions.LoadedLibrary: Cpu) with CUDA after it, or a CUDA runtime package
#: named before the exception; and Whisper.net's own debug lines about its CUDA runtime (CudaHelper /
#: NativeLibraryLoader: "Cudart library couldn't be loaded.", "CUDA runtime library X couldn't be loaded.", "Failed to
#: load ggml library from .../runtimes/cuda/... Error: ...")
DOTNET_NATIVE_LOADER_CUDA = (
    rf"(?:{DOTNET_NATIVE_LOADER}|\bLoadedLibrary\b\W{{1,4}}(?:RuntimeLibrary\.)?Cpu(?:NoAvx)?\b)"
    rf"(?=[\s\S]{{0,20000}}?(?:{_CUDA_SHOWN}))"
    rf"|\b(?:Whisper\.net\.Runtime|LLamaSharp\.Backend)\.Cuda\w{{0,12}}\b[\s\S]{{0,3000}}?(?:{DOTNET_NATIVE_LOADER})"
    r"|\bCudart library couldn't be loaded|\bCUDA runtime library [\w.-]{1,60} couldn't be loaded"
    r"|Failed to load (?:ggml|whisper) library from [^\n]{0,300}[\\/]cuda\d{0,2}[\\/][^\n]{0,200}Error:"
)

#: the `table.PRODUCTS` names whose users `torchtrt-compat check` / `suggest` and TensorRT's own advice help
TENSORRT_PRODUCTS = frozenset({"torch_tensorrt", "tensorrt"})

CHECK = "torchtrt-compat check"
SUGGEST = "torchtrt-compat suggest"


@dataclass(frozen=True)
class Variant:
    """A fix that fits better when ``when`` (a regular expression) is found in the text, or when the text shows the
    user ran ``product`` (a `PRODUCTS` name): the fix then names that library's own remedy."""

    when: str
    label: str  #: the situation, in words ("source or Docker build")
    fix: str
    product: str = ""  #: applies when the text shows this library in use (`PRODUCTS`), whatever ``when`` says
    #: the variant applies only where ``when`` matches, even where ``product`` shows (a product's variant for one
    #: situation, e.g. CTranslate2 asking for cuDNN 8, ahead of that product's general one)
    strict: bool = False
    #: the situation ``when`` reads names the cause by itself, so an answer its family would word as "likely" (a loose
    #: family, an undecided decider) is sure when this variant is chosen by ``when`` (issue 36, round thirty-four:
    #: a driver API entry point missing from the driver's DLL is the driver's age, whatever else the family can mean)
    sure: bool = False


@dataclass(frozen=True)
class KnownError:
    """One failure users meet: the text that identifies it, why it happens, what fixes it and what shows it."""

    key: str
    title: str
    pattern: str  #: regular expression that identifies the failure (searched case-insensitively, per line)
    cause: str  #: one sentence
    fix: str  #: the fix when no variant applies
    variants: tuple[Variant, ...] = ()
    requires: str = ""  #: context that must also be in the text (e.g. the import of torch_tensorrt)
    unless: str = ""  #: context that rules the entry out (a neighbour's own text)
    op: str = ""  #: regular expression whose first non-empty group names the op or node
    advice: str = ""  #: name of a version-aware advisor in `troubleshooting` ("tensorrt-pin", "torch-pin", ...)
    commands: tuple[str, ...] = ()  #: torchtrt-compat commands that help (`check`, `suggest`)
    weight: int = 50  #: rank among several matches: root causes high, symptoms (a failed build) low
    applies: str = ""  #: where it applies, in words (releases, frontend, platform)
    versions: str = ""  #: specifier on torch_tensorrt; an installed release outside it ranks the entry lower
    #: tests (``path::function``), notebook cells (``path#cell-id``) and corpus cases (``jsonl#id``) that show it
    shown_by: tuple[str, ...] = ()
    example: str = ""  #: a real message (shortened); it must match `pattern` and `requires`
    example_source: str = ""  #: where the example comes from (an issue address, or a test)
    #: CUDA errors (``cudaError*`` / ``CUDA_ERROR_*`` names of ``data/error_facts.json``) that identify the family by
    #: number, name or message, in any wording ("error: 35", "cudaError 35", "CUDA failure 900", the message itself)
    cuda_errors: tuple[str, ...] = ()
    #: a fact about the machine the family needs; an `explain(env=...)` that shows otherwise rules it out
    #: ("driver": the host has an NVIDIA driver)
    host: str = ""
    #: what a match means: "failure" (the default); "notice" (a warning that is harmless in itself: never the first
    #: answer to a text that failed); "warns-of-failure" (a warning that means what it names will not work, e.g.
    #: torch's "sm_120 is not compatible with the current PyTorch installation")
    severity: str = "failure"
    #: what a "warns-of-failure" warning costs where the text shows no failure yet (`match.WARNING_COSTS`): "" (the run
    #: goes on without what it warns of), "gpu-work-fails" (the build cannot run work on this GPU: its first kernel
    #: fails), "no-gpu" (the framework sees no GPU: the job runs on the CPU or fails at its first GPU call)
    cost: str = ""
    #: the text is a symptom several causes share: the answer says "likely" and names `alternatives` too
    loose: bool = False
    #: other families the same text can mean (keys); named beside this one when the answer is "likely"
    alternatives: tuple[str, ...] = ()
    #: a decider in `advice.DECIDERS` that picks between this family and its alternatives from the text's and the
    #: machine's facts (e.g. an NVIDIA GPU named in the text, or none on the machine); undecided means "likely"
    decide: str = ""
    #: a failure that usually follows an earlier one (a file an earlier step did not write, an engine that was not
    #: built or not read): a failure the text shows before it outranks it
    downstream: bool = False
