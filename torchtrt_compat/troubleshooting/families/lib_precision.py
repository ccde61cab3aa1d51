"""A library's own words for a CUDA call, a dtype or a precision its GPU kernels refuse (issue 36, round twenty):
beside the CUDA rows of `families.cuda_products` and the dtype rows of `families.torch_runtime` / `families.numerics`,
the wordings that torch extensions and native libraries print themselves: a wrapper's "CUDA <op> failed: <CUDA's
message>" (comfy-kitchen's quantization kernels), legacy tensor-type names in a library's dtype assertion
(MinkowskiEngine's "Type mismatch input: torch.cuda.FloatTensor != kernel: torch.cuda.HalfTensor"), and tiny-cuda-nn's
build without half precision for GPUs below Volta. Each pattern is keyed to the library's own wording (named in
``example_source``); ops, dtypes and GPU names are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import (
    COMFYUI,
    FAISS_GPU_BUILD,
    OWN_CUDA_EXTENSION_CHECK,
    OWN_CUDA_EXTENSION_FIX,
    WSL,
    KnownError,
    Variant,
    tests_in,
)

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round20_v20lib.py")

#: CUDA runtime messages a library's wrapper prints after its own words (cudaGetErrorString's strings)
_CUDA_MESSAGES = (
    r"invalid argument|invalid device function|operation not supported|invalid configuration argument"
    r"|too many resources requested for launch|invalid device ordinal|unspecified launch failure"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "lib-cuda-op-failed",
        "A library's own 'CUDA <op> failed: <CUDA's message>' (its kernel or CUDA call refused on this GPU)",
        rf"\bCUDA [\w ./()-]{{1,60}} failed: (?:{_CUDA_MESSAGES})\b",
        "A torch extension or native library wraps its own CUDA kernel launch or call and prints CUDA's message "
        "after the operation's name: 'invalid argument' (cudaErrorInvalidValue) or 'invalid device function' means "
        "the library launched its kernel with a configuration, or for an architecture, this GPU does not support "
        "(most often a quantized INT8 / FP8 kernel written for a newer GPU than the one here), or with sizes the "
        "kernel does not handle.",
        "Read the operation the library names and the GPU's compute capability (`nvidia-smi --query-gpu=name,"
        "compute_cap --format=csv`): check the library's release notes for that GPU generation, update the library, "
        "and meanwhile use a path it supports on this GPU (another quantization type or backend, or float16 / "
        "float32); rerun with CUDA_LAUNCH_BLOCKING=1 to confirm which kernel fails, and report the GPU and the "
        "operation to the library.",
        variants=(
            Variant(
                r"\bINT8\b|\bint8|\bFP8\b|\bfp8|quantiz|rowwise|dequantiz",
                "a quantized (INT8 / FP8) kernel of the library",
                "The library's INT8 / FP8 kernels are not valid on this GPU generation (Turing / T4 is SM 7.5; many "
                "INT8 and FP8 paths are written for Ampere 8.0+ or Ada 8.9+): on this GPU load the FP8-free variant "
                "of the model that the GPU runs (FP16, NF4 or GGUF) or turn the library's INT8 backend off (in "
                "ComfyUI, load the model through another loader / weight dtype), and update the library "
                "(comfy-kitchen and the like gate or fix such kernels per architecture in later releases).",
            ),
        ),
        loose=True,
        alternatives=("gpu-arch-unsupported", "cuda-invalid-configuration"),
        weight=55,
        applies="torch extensions and native libraries with their own CUDA error wrappers (comfy-kitchen 0.2, "
        "quantization kernels)",
        shown_by=(_test("test_a_librarys_own_cuda_op_failure"),),
        example="RuntimeError: CUDA INT8 rowwise quantization failed: invalid argument\n\nGPU: Tesla T4, Compute "
        "capability: SM75",
        example_source="Comfy-Org/comfy-kitchen#55 (comfy-kitchen 0.2.12's INT8 kernels on a Tesla T4)",
    ),
    KnownError(
        "lib-dtype-mismatch",
        "A library's own dtype assertion: input and weights in two float types (input torch.cuda.FloatTensor != "
        "kernel torch.cuda.HalfTensor; expected dtype torch.float16, got torch.float32)",
        r"Type mismatch[^\n]{0,40}torch\.(?:cuda\.)?(?:Half|Float|Double|BFloat16)Tensor {0,2}!= {0,2}[\w ]{0,20}:? "
        r"{0,2}torch\.(?:cuda\.)?(?:Half|Float|Double|BFloat16)Tensor"
        # the same assertion in today's dtype names ("dtype mismatch: input torch.float32, weight torch.float16";
        # "expected input of dtype torch.float16, got torch.float32")
        r"|\b(?:d?type) mismatch\b[^\n]{0,60}\btorch\.(?:float16|half|bfloat16|float32|float)\b[^\n]{0,60}"
        r"\btorch\.(?:float16|half|bfloat16|float32|float)\b"
        r"|\bexpected [\w ]{0,30}dtype torch\.(?:float16|half|bfloat16|float32|float)\b,? {0,2}(?:but )?(?:got|found) "
        r"torch\.(?:float16|half|bfloat16|float32|float)\b",
        "The library checks that its input features and its own weights (kernel) have the same tensor type and "
        "found two floating dtypes: the model was cast to float16 (model.half() / .to(torch.float16)) while the "
        "input stayed float32, or the reverse; libraries with their own CUDA kernels (MinkowskiEngine's sparse "
        "convolution before 0.5) may not support float16 at all.",
        "Keep the model and its inputs in one dtype: float32 for a library whose kernels have no float16 (do not "
        "call .half() on the model; lower the batch or the voxel / point count for memory instead), or, where the "
        "library supports float16, cast the input the same way (x = x.half(), or the sparse tensor's features) "
        "after updating to a release that adds it.",
        variants=(
            Variant(
                r"Minkowski|\bME\.|input_features|SparseTensor",
                "MinkowskiEngine (sparse convolution)",
                "MinkowskiEngine's convolution asserts that the input features and the kernel have one type, and "
                "its 0.4 releases have no float16 kernels: keep the model and the sparse tensor's features in "
                "float32 (drop model.half() / .to(torch.float16); reduce the batch or voxel count for memory), or "
                "update to MinkowskiEngine 0.5+ and give features and weights the same dtype.",
            ),
        ),
        weight=65,
        applies="libraries asserting on Tensor.type() / dtype names (MinkowskiEngine 0.4, torch extensions)",
        shown_by=(_test("test_a_dtype_assertion_in_a_librarys_words"),),
        example='    f"Type mismatch input: {input_features.type()} != kernel: {kernel.type()}"\nAssertionError: Type '
        "mismatch input: torch.cuda.FloatTensor != kernel: torch.cuda.HalfTensor",
        example_source="chrischoy/FCGF#23; MinkowskiEngine MinkowskiConvolution.py (0.4.x, the type assertion)",
    ),
    KnownError(
        "cuda-invalid-value",
        "CUDA error: invalid argument (cudaErrorInvalidValue: a CUDA call or kernel launch refused its arguments)",
        r"\bCUDA error:? {0,2}\(?invalid argument\b|\bcudaErrorInvalidValue\b|\bCUDA_ERROR_INVALID_VALUE\b"
        # old torch's THC check, CUDA 10 and older numbering (11 = cudaErrorInvalidValue)
        r"|THCudaCheck FAIL file=[^\n]{0,200}error=11 : invalid argument"
        # the RuntimeError old torch raised from the same check (THCGeneral.cpp's THCudaCheck / THError: "cuda runtime
        # error (%d) : %s at %s:%d"), read by its message (the number changed with CUDA 10.1's renumbering; issue 36,
        # round thirty-two)
        r"|cuda runtime error \(\d{1,3}\) : invalid argument\b"
        # faiss's GPU check (faiss/gpu/utils/DeviceUtils.h CUDA_VERIFY: FAISS_ASSERT_FMT(err__ == cudaSuccess, "CUDA
        # error %d %s", err__, cudaGetErrorString(err__))) (issue 36, round forty-three)
        r"|\bCUDA error \d{1,3} invalid argument\b"
        # a project's own CUDA check printing the number, the message and its .cu file ("CUDA error 1: invalid
        # argument (src/x.cu:120)"; issue 36, round forty-five)
        r"|\bCUDA error:? \d{1,3}: {0,2}invalid argument\b"
        # the check macro that prints cudaGetErrorString, the file and the line ("GPUassert: invalid argument x.cu
        # 42", DeePMD-kit's "cuda assert: invalid argument .../gpu_cuda.h 48."; issue 36, round fifty-three)
        r"|\b(?:GPU|[Cc]uda ?)assert: invalid argument\b",
        "CUDA refused an argument of the call that just ran (cudaErrorInvalidValue): most often a kernel of a "
        "library or extension (the last frames of the traceback) launched with a configuration or for an "
        "architecture this GPU does not take (an extension built for another GPU), a copy or pinned-memory call "
        "the platform limits (WSL2, a container's memlock limit, a tensor on another device), or a size beyond a "
        "CUDA limit; it may also be an earlier asynchronous error reported here.",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the call that really failed and the library that owns it; "
        "rebuild that extension for this GPU (TORCH_CUDA_ARCH_LIST set to the compute capability `nvidia-smi "
        "--query-gpu=compute_cap --format=csv` prints) or update it, give it contiguous inputs on one device, and "
        "split very large inputs; under WSL2 or a container, try without pinned memory (pin_memory=False). On "
        "native Windows (WDDM) large pinned-memory buffers are refused the same way: an app that offloads models "
        "through pinned memory has a switch for it (ComfyUI: --disable-pinned-memory).",
        variants=(
            # issue 36, round fifty-four: xformers' memory-efficient attention kernels (the cutlass forward /
            # backward ops) refusing their launch on this GPU or with this build
            Variant(
                r"\befficient_attention_(?:forward|backward)\w{0,20}|xformers[\\/]ops[\\/][\w\\/]{0,40}\.py\b"
                r"|\bmemory_efficient_attention\w{0,20}\(",
                "xformers' memory-efficient attention kernel",
                "The kernel that refused its arguments is xformers' memory-efficient attention (its cutlass forward "
                "or backward op): this xformers build does not handle this GPU, head size or dtype in that pass. "
                "Turn xformers off and use PyTorch's own attention (the app's --xformers / "
                "enable_xformers_memory_efficient_attention off; torch 2's scaled_dot_product_attention, "
                "'sdpa'), or install the xformers release built for this torch and CUDA (`pip install -U "
                "xformers` with the index of torch's CUDA) and check it with `python -m xformers.info`.",
            ),
            # issue 36, round forty-three: faiss's GPU code (its CUDA_VERIFY assertion, faiss::gpu:: frames)
            Variant(
                r"Faiss assertion '[^'\n]{0,80}' failed|\bfaiss::gpu::",
                "faiss's GPU code (Faiss assertion ... CUDA error)",
                "A CUDA call inside faiss's GPU code (the function the assertion names: a kernel launch such as "
                "runL2Norm / runMatrixMult, a copy) was refused. Most often the faiss-gpu build does not fit this GPU "
                "or CUDA: a build (an old conda faiss-gpu, a wheel of another CUDA) without kernels for this GPU's "
                "architecture or made for another CUDA than the driver's, so install "
                + FAISS_GPU_BUILD
                + "; or build faiss with "
                "-DCMAKE_CUDA_ARCHITECTURES set to this GPU's compute capability. Otherwise the inputs exceed a "
                "launch limit of that faiss release (very many query or database vectors at once, a large k or "
                "dimension): pass contiguous float32 arrays and search in smaller batches. Running that step on the "
                "CPU (faiss-cpu, or the library's non-GPU / non-faiss option) avoids it meanwhile.",
                strict=True,
            ),
            # issue 36, round thirty-three: ComfyUI (its markers, or its error report: the node's type on the line
            # right above the message, "Node Type:" in the report it copies), whose model offloading pins host
            # memory; Windows' driver (WDDM) refuses large pinned buffers or copies from them with this error
            Variant(
                COMFYUI + r"|\bNode Type:|^(?-i:(?=\w{0,60}[a-z])[A-Z][A-Za-z0-9_]{3,60})(?<!Error)(?<!Exception)"
                r"(?<!Warning)[ \t]{0,4}\n[^\n]{0,40}CUDA error:? {0,2}invalid argument",
                "ComfyUI (pinned-memory offloading)",
                "ComfyUI moves model weights between RAM and the GPU through pinned (page-locked) host memory, and "
                "on Windows the driver (WDDM) refuses large pinned buffers, or copies from them, with this error: "
                "most often while a large text encoder or video model is loaded on a card with little VRAM. Start "
                "ComfyUI with --disable-pinned-memory (and --reserve-vram 2 or more if VRAM is tight), update "
                "ComfyUI and the NVIDIA driver; if it persists, rerun with CUDA_LAUNCH_BLOCKING=1 to name the call "
                "(a custom node's kernel, or an extension built for another GPU).",
            ),
            Variant(
                r"THCudaCheck FAIL|cuda runtime error \(\d{1,3}\) : |[\\/]THC[\\/]THC\w{1,40}\.(?:cpp|cu|cuh)\b",
                "old torch's THC (torch 0.4 - 1.x)",
                "An old torch (THC) on a GPU newer than its CUDA: a Turing (RTX 20xx, sm_75) card needs a torch built "
                "on CUDA 10+, an Ampere (RTX 30xx, sm_86) card CUDA 11.1+; install such a build (`python -c 'import "
                "torch; print(torch.version.cuda, torch.cuda.get_arch_list())'` must list the GPU's sm). The THC "
                "warning at startup with torch.backends.cudnn.benchmark on is otherwise harmless.",
            ),
            # issue 36, round forty-five: the check names the project's own .cu source (an extension's kernel)
            Variant(
                OWN_CUDA_EXTENSION_CHECK,
                "a project's own CUDA extension (its check names its .cu source file)",
                OWN_CUDA_EXTENSION_FIX
                + " For 'invalid argument' in particular: a launch whose grid or block is larger than CUDA allows (a "
                "very large input or grid resolution: lower it), or a pointer the call cannot use ('The specified "
                "pointer resides on host memory': a CPU buffer where device memory was expected, so move the input "
                "to the GPU). An extension that builds on native Windows but fails this way is best built with the "
                "same CUDA as torch and the matching MSVC, or run under Linux / WSL2.",
            ),
            Variant(
                WSL,
                "under WSL2",
                "WSL2 limits pinned host memory and some CUDA calls: run with pin_memory=False (DataLoader) and no "
                "pinned buffers, update the Windows NVIDIA driver, and rerun with CUDA_LAUNCH_BLOCKING=1 to find the "
                "call.",
            ),
        ),
        loose=True,
        alternatives=("lib-cuda-op-failed", "gpu-arch-unsupported"),
        weight=35,  # below the rows that read the call that failed (a copy into an engine's buffer, ggml, Triton)
        applies="torch and its CUDA extensions, every release",
        shown_by=(_test("test_cuda_invalid_argument_in_any_words"),),
        example="RuntimeError: CUDA error: invalid argument\nCUDA kernel errors might be asynchronously reported at "
        "some other API call, so the stacktrace below might be incorrect.",
        example_source="c10/cuda/CUDAException.h (C10_CUDA_CHECK: 'CUDA error: ' + cudaGetErrorString), torch 1.x-2.x; "
        "THCudaCheck in torch 0.4-1.x (aten/src/THC/THCGeneral.cpp)",
    ),
    KnownError(
        "kern-mem-efficient-no-kernel",
        "cutlassF: no kernel found to launch! (memory-efficient attention has no kernel for this GPU and dtype)",
        r"\bcutlass[FB]: no kernel found to launch",
        "scaled_dot_product_attention's memory-efficient (CUTLASS) kernel, or xformers' copy of it, has no kernel "
        "for this GPU with these inputs: most often bfloat16 on a GPU below Ampere (T4, P100, V100, GTX 10xx / 16xx, "
        "RTX 20xx: Colab and Kaggle's cards), or a head dimension / dtype pair it was not built for.",
        "Load the model in float16 instead of bfloat16 on a GPU below compute capability 8.0 (torch_dtype="
        "torch.float16), or turn the memory-efficient kernel off (torch.backends.cuda.enable_mem_efficient_sdp(False); "
        "transformers: attn_implementation='eager'); update torch (2.3+ falls back to the math kernel in more "
        "cases).",
        variants=(
            Variant(
                COMFYUI,
                "ComfyUI",
                "Start ComfyUI with --force-fp16 (no bfloat16 on a GPU below Ampere) or --use-split-cross-attention, "
                "and update the embedded torch (2.3+); set the node's dtype to fp16 where it offers one.",
            ),
        ),
        weight=70,
        applies="torch 2.0-2.2 scaled_dot_product_attention and xformers on GPUs below Ampere",
        shown_by=(_test("test_memory_efficient_attention_without_a_kernel"),),
        example="RuntimeError: cutlassF: no kernel found to launch!",
        example_source="Stability-AI/StableCascade#55 (bfloat16 on Kaggle / Colab GPUs); torch aten/src/ATen/native/"
        "transformers/cuda/attention.cu (efficient attention's dispatch)",
    ),
    KnownError(
        "bnb-cublaslt-int8",
        "bitsandbytes: cuBLAS API failed with status N / cublasLt ran into an error! / Your GPU does not support Int8 "
        "Matmul! (its int8 matmul refused)",
        r"\bcuBLAS API failed with status \d{1,2}|\bcublasLt ran into an error"
        # the library built without cuBLASLt (bitsandbytes' _nocublaslt binary, which it loads below compute
        # capability 7.5): csrc/ops.cu prints this banner and asserts when an int8 matmul reaches it (issue 36, round
        # thirty-three)
        r"|Your GPU does not support Int8 Matmul",
        "bitsandbytes' LLM.int8() matmul (igemmlt) calls cuBLASLt's int8 tensor-core GEMM, which this GPU or this "
        "bitsandbytes build cannot run (status 15 = CUBLAS_STATUS_NOT_SUPPORTED; releases before 0.37 need a "
        "Turing / Ampere GPU for it), or a libcublasLt from another CUDA than the build's was loaded.",
        "Update bitsandbytes (0.37+ falls back for GPUs without int8 tensor cores; `python -m bitsandbytes` "
        "shows the CUDA build it loaded), or on this GPU load the model in float16 or 4-bit (load_in_4bit / "
        "BitsAndBytesConfig(load_in_4bit=True)) instead of load_in_8bit.",
        variants=(
            Variant(
                r"Your GPU does not support Int8 Matmul",
                "bitsandbytes' no-cuBLASLt build ('Your GPU does not support Int8 Matmul!')",
                "bitsandbytes loaded its build without cuBLASLt (the one it picks for a GPU below compute capability "
                "7.5: Pascal P40 / P100, GTX 10xx, or any older GPU visible to the process) and that build cannot run "
                "the LLM.int8() matmul. Load the model without 8-bit (16-bit weights, or 4-bit where supported): "
                "transformers' load_in_8bit=False, the app's own 8-bit / low-resource "
                "option turned off; or keep only a Turing-or-newer GPU visible "
                "(CUDA_VISIBLE_DEVICES) so the cuBLASLt build is chosen; or update bitsandbytes (0.37+ runs int8 "
                "inference on older GPUs without cuBLASLt).",
            ),
        ),
        # the status line is the CUDA library samples' cuBLASLt check, which bitsandbytes copied: a native program
        # prints it too, so the row needs bitsandbytes in the text (issue 36, round forty-eight)
        requires=r"bitsandbytes|\bbnb\b|Linear8bitLt|MatMul8bitLt|igemmlt|load_in_8bit|LLM\.int8"
        r"|cublasLt ran into an error|Int8 Matmul|error detectected",
        # above torch-cublas-not-supported (75), which reads the same status line where bitsandbytes is not in the text
        weight=76,
        applies="bitsandbytes 0.3x LLM.int8() (transformers' load_in_8bit)",
        shown_by=(_test("test_bitsandbytes_int8_matmul_refused"),),
        example="cuBLAS API failed with status 15\nerror detectected",
        example_source="bitsandbytes csrc/ops.cu (checkCublasStatus) and bitsandbytes/functional.py (igemmlt: "
        "'cublasLt ran into an error!'), bitsandbytes 0.35-0.41",
    ),
    KnownError(
        "tf-no-algorithm-worked",
        "TensorFlow: No algorithm worked! (cuDNN could run none of its convolution algorithms)",
        r"\bNo algorithm worked!",
        "TensorFlow asked cuDNN for a convolution and every algorithm failed: most often cuDNN had no memory left "
        "(TensorFlow maps nearly all GPU memory at start, another process holds the rest), else the cuDNN loaded is "
        "not the one the TensorFlow build was made for, or the GPU is newer than the build's CUDA.",
        "Let TensorFlow's memory grow (TF_FORCE_GPU_ALLOW_GROWTH=true, or "
        "tf.config.experimental.set_memory_growth(gpu, True) before any op), close other processes on the GPU "
        "(`nvidia-smi`), lower the batch; then check that the CUDA / cuDNN pair is the one the TensorFlow release was "
        "built with (tf.sysconfig.get_build_info(); `pip install tensorflow[and-cuda]` brings the matching pair).",
        weight=65,
        applies="TensorFlow 2.x on GPUs (Keras Conv layers)",
        shown_by=(_test("test_tensorflow_no_algorithm_worked"),),
        example="tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked! [Op:Conv2D]",
        example_source="TensorFlow tensorflow/core/kernels/conv_ops_gpu.cc (AutotuneConv: 'No algorithm worked!'), "
        "TF 2.4+",
    ),
    KnownError(
        "tcnn-no-half-precision",
        "tiny-cuda-nn: TCNN was not compiled with half-precision support (a GPU below Volta, single precision only)",
        r"TCNN was not compiled with half-precision support",
        "tiny-cuda-nn builds its half-precision (fp16) kernels only for GPUs that run them fast: when the minimum "
        "GPU architecture it was built for is compute capability 6.1 (GTX 10xx, TITAN Xp) or 5.x and below, "
        "TCNN_HALF_PRECISION is off, and a caller asking for float16 parameters / outputs gets this error.",
        "Run the program in single precision (float32) on this GPU: the application's single-precision option "
        "(NeSVoR --single-precision; nerfstudio / instant-ngp style apps: disable mixed precision / fp16), or use "
        "a Volta-or-newer GPU (compute capability 7.0+) and rebuild tiny-cuda-nn's bindings for it "
        "(TCNN_CUDA_ARCHITECTURES=70 or higher).",
        variants=(
            Variant(
                r"\bnesvor\b",
                "NeSVoR",
                "Run NeSVoR (0.3.0+) with --single-precision on this GPU (float32 through tiny-cuda-nn), or use a "
                "Volta-or-newer GPU for the half-precision path.",
            ),
        ),
        weight=80,
        applies="tiny-cuda-nn's torch bindings (tinycudann), every release; apps built on it (NeSVoR, nerfstudio)",
        shown_by=(_test("test_tiny_cuda_nn_without_half_precision"),),
        example="RuntimeError: TCNN was not compiled with half-precision support.\n\nCUDA Version: 11.7\nNVIDIA "
        "TITAN Xp",
        example_source="daviddmc/NeSVoR#5; tiny-cuda-nn bindings/torch/tinycudann/modules.py (the half-precision "
        "check) and include/tiny-cuda-nn/common.h (TCNN_HALF_PRECISION)",
    ),
)

# issue 36, round sixty-three: apex's mixed precision refusing what it was given
FAMILIES = FAMILIES + (
    KnownError(
        "apex-amp-optimizer-type",
        "apex.amp.initialize: optimizers must be either a single optimizer or a list of optimizers (an optimizer "
        "wrapper apex does not accept)",
        r"optimizers must be either a single optimizer or a list of optimizers",
        "apex.amp.initialize checks that it was given torch.optim.Optimizer objects; the code passes a wrapper "
        "(apex's or a project's LARC / LARS / lookahead class) that newer apex releases no longer accept, or "
        "something else in the optimizer's place. apex.amp itself is deprecated: torch has had native mixed "
        "precision since 1.6.",
        "Use the apex commit the project pins (its README or requirements name it; build it with --cuda_ext "
        "against your torch), or give amp.initialize the inner optimizer and wrap it afterwards; better, replace "
        "apex.amp with torch's own mixed precision (torch.autocast and torch.amp.GradScaler), or run without fp16 "
        "(the project's --use_fp16 false).",
        requires=r"\bamp\b|apex",
        weight=80,
        applies="NVIDIA apex (apex.amp, deprecated) with optimizer wrappers",
        shown_by=("tests/troubleshooting/test_round63_v63.py::test_training_scripts_and_distributed_libraries",),
        example='    model, optimizer = apex.amp.initialize(model, optimizer, opt_level="O1")\nTypeError: optimizers '
        "must be either a single optimizer or a list of optimizers.",
        example_source="NVIDIA apex apex/amp/_initialize.py (_initialize's type check)",
    ),
)
