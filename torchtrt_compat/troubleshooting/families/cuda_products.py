"""CUDA errors, kernels and libraries in products other than torch (issue 36, round twelve): a kernel launch beyond
the GPU's limits ("invalid configuration argument", CUDA's runtime message, as Caffe's CUDA_POST_KERNEL_CHECK logs
it), an XLA / jaxlib CUDA math library's internal error (jaxlib's gpu_kernel_helpers status strings), RAPIDS' own
"GPU too old" wordings (cuDF's missing-PTX error, its validate_setup), Warp's start-up banner without CUDA
(warp/context.py), CUDA-OpenGL interop calls (cudaGraphics*, nvdiffrast's RasterizeGLContext), the Video Codec SDK's
garbage capability limits (VPF's encoder), TensorRT's Myelin / cuTensor kernels failing at enqueue, Caffe's cuDNN
CHECK, a software Vulkan driver (Mesa's lavapipe / llvmpipe) before a crash, and cuFFT's internal error from a CUDA
library without the GPU's architecture. Each pattern is keyed to the library's own wording; numbers, ops and
versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import COMFYUI, OWN_CUDA_CODE, SD_WEBUI, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round12_q1.py"
_R12 = "tests/data/explain_round12.jsonl"
_R40 = tests_in("tests/troubleshooting/test_round40_v40hpc.py")


_test = tests_in(_TESTS)


#: Caffe's glog lines ("F1209 00:40:23.521303 21877 relu_layer.cu:54]") and its source files
_CAFFE = r"\bcaffe\b|\bCaffe\b|_layer\.cu:\d|_layer\.cpp:\d|\bcaffe::"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "cuda-invalid-configuration",
        "CUDA: invalid configuration argument (a kernel launch beyond the GPU's grid / block / shared-memory limits)",
        r"invalid configuration argument|cudaErrorInvalidConfiguration|CUDA_ERROR_INVALID_CONFIGURATION",
        "A kernel was launched with a configuration the GPU cannot run: more blocks per grid dimension than it "
        "allows (65535 in x on compute capability 2.x, and in y / z on every GPU), more threads per block than 1024 "
        "(512 on 1.x), more shared memory per block than the GPU has, or zero blocks (an empty tensor). It follows "
        "from the sizes the program computes from its data, or from a kernel written for a newer GPU.",
        "Find the launch with CUDA_LAUNCH_BLOCKING=1 and print the sizes it was given: an empty input (0 elements) "
        "or a very large one (split the batch into chunks) is the usual trigger; on an old GPU (compute capability "
        "below 3.0) the grid limit is smaller, so use a newer GPU or smaller layers; update the library whose "
        "kernel failed.",
        variants=(
            # (issue 36, round fifty-two) the text itself prints a grid with a zero dimension ("blocks: (1, 0)",
            # "grid(0, 1, 1)", "<<<0, 256>>>", a count of 0 the grid is made from)
            Variant(
                r"\b(?:blocks?|grid(?:_?dim)?|gridDim|num_blocks)\s{0,2}[:=]?\s{0,2}[\(\[{](?:\d{1,9},\s{0,2}){0,2}0\b"
                r"|<<<\s{0,2}0\s{0,2},|\b(?:num_intervals|number_intervals|num_points|num_voxels|n_points|"
                r"num_elements)\s{0,2}[:=]\s{0,2}0\b",
                "a grid with a zero dimension (nothing to launch over)",
                "The kernel was launched with zero blocks in one dimension: the count its grid is computed from was 0 "
                "(the text shows it), so there is nothing to process and CUDA refuses the launch. Find why that count "
                "is 0 for this input (no points fall inside the configured range or grid, an empty image or batch, "
                "calibration or geometry parameters that map everything outside: check the camera intrinsics and "
                "extrinsics, image size and voxel / BEV ranges the pipeline is given), and guard the launch (skip it "
                "when the count is 0) in the code that makes it.",
            ),
            Variant(
                r"\bspconv\b|sparse_conv_ext|indice_(?:subm_)?conv|reordering_cuda|mmdet3d[\\/]ops",
                "spconv / mmdet3d sparse convolution",
                "The sparse convolution's kernels (spconv, mmdet3d's bundled copy) size their grid from the number "
                "of active voxels, and this input has more than a launch can take: lower the voxel count the config "
                "feeds it (max_voxels / max_num_points, a larger voxel_size or a smaller point_cloud_range) or switch "
                "to spconv 2.x (pip install spconv-cu1XX; mmcv's ops), which handles large inputs; it is not "
                "out-of-memory.",
            ),
            Variant(
                _CAFFE,
                "Caffe",
                "Caffe launched a layer's kernel with more blocks than this GPU's grid allows (CAFFE_GET_BLOCKS grows "
                "with the layer's size; compute capability 2.x cards allow 65535 blocks per grid dimension): run "
                "this network on a GPU of compute capability 3.0 or newer, or lower the batch size (batch_size in "
                "the data layer) so the largest layer fits; small nets (MNIST) work on the same card.",
            ),
            Variant(
                r"onnxruntime|\[E:onnxruntime|Non-zero status code returned while running",
                "ONNX Runtime",
                "An ONNX Runtime CUDA kernel (the node named in the line) was launched with sizes it cannot take: "
                "check that node's input shapes for 0 elements or an unusually large dimension (feed a non-empty "
                "input; split the batch), update onnxruntime-gpu (such launch bounds are fixed per kernel), and as a "
                "workaround run the model with providers=['CPUExecutionProvider'] or keep that node on the CPU.",
                product="onnxruntime",
            ),
            Variant(
                r"optimum[\\/.]quanto|\bquanto\b|\bawq\b|\bAutoAWQ\b|exllama|\bmarlin\b|tinygemm",
                "a quantization library's own kernel (quanto, AWQ, exllama, Marlin) named in the traceback",
                "The failing kernel is the quantization library's own int4 / int8 GEMM (its frames are in the "
                "traceback), not torch's: such kernels have shape limits (quanto's AWQ int4 kernel fails for Linear "
                "layers with fewer than 128 output features). Exclude the small layers from quantization (quanto: "
                "quantize(..., exclude=['proj_out', '*adaln_single*'])), use another weight type (qint8 instead of "
                "qint4), or update the library to a release that fixes that kernel; CUDA_LAUNCH_BLOCKING=1 confirms "
                "which kernel it is.",
                strict=True,
            ),
            # issue 36, round thirty-three: an image / video generation app (a web UI and its extensions, ComfyUI,
            # diffusers) or xformers: the launch is most often an attention kernel's (xformers') or an extension's own
            # kernel given a batch x heads or a resolution its grid cannot take, or a code path the app fixed since
            Variant(
                rf"{SD_WEBUI}|{COMFYUI}|\bForge\b|\bxformers\b|\bdiffusers\b|\bSD ?(?:1\.5|2\.1|XL)\b|\bSDXL\b"
                r"|\bstable[ -]diffusion\b|[\\/]extensions[\\/][\w.-]{1,80}[\\/]",
                "an image / video generation app (web UI, Forge, ComfyUI, diffusers) or xformers",
                "In an image / video generation app the launch that fails is most often an attention kernel "
                "(xformers' memory-efficient attention, whose grid grows with batch x heads and the image size) or "
                "an extension's own kernel on a model type or path it did not handle (a newer extension for an "
                "older app, or the reverse), not a limit you set in your code. Update the app and the extension "
                "together (one release made for the other), switch the attention backend from xformers to "
                "PyTorch's SDPA (the web UI's / Forge's --opt-sdp-attention instead of --xformers; ComfyUI's "
                "--use-pytorch-cross-attention), and lower the batch size or resolution; CUDA_LAUNCH_BLOCKING=1 "
                "names the kernel (xformers, an extension, torch).",
                strict=True,
            ),
            # issue 36, round fifty: a fused attention kernel's frame in the traceback (xformers' _C_flashattention,
            # flash-attn), in a training script as much as in an app
            Variant(
                r"_C_flashattention|\bflash_attn\w{0,30}\b|memory_efficient_attention|\bfmha\w{0,20}\b",
                "a fused attention kernel (xformers, flash-attn) named in the traceback",
                "The launch that fails is the fused attention kernel's (xformers' or flash-attn's frame in the "
                "traceback): its grid grows with batch x heads and the sequence length (frames x height x width in a "
                "video or image model), and this input is more than one launch can take, or the kernel was built for "
                "another GPU. Lower the resolution, the frame count or the batch (or split the batch), use PyTorch's "
                "scaled_dot_product_attention instead (turn xformers off: the model's or app's option, or uninstall "
                "it), or update xformers / flash-attn to a release built for this torch and GPU; "
                "CUDA_LAUNCH_BLOCKING=1 confirms the kernel.",
                strict=True,
            ),
            Variant(
                r"\btorch\b|\bPyTorch\b|RuntimeError: CUDA error",
                "torch",
                "A torch (or extension) kernel got sizes it cannot launch: rerun with CUDA_LAUNCH_BLOCKING=1 to name "
                "the op, then check its input for 0 elements (skip empty batches) or a dimension beyond the grid "
                "limit (reshape / chunk it, e.g. process the batch in parts); an extension built for another GPU or "
                "with a fixed block size needs a rebuild for this one; update torch, as such limits are fixed per op.",
            ),
        ),
        cuda_errors=("cudaErrorInvalidConfiguration",),
        weight=72,
        applies="any CUDA program: Caffe, torch and its extensions, native CUDA code",
        shown_by=(_test("test_invalid_configuration_in_each_products_words"), f"{_R12}#bvlc-caffe-12"),
        example="F1209 00:40:23.521303 21877 relu_layer.cu:54] Cuda kernel failed. Error: invalid configuration "
        "argument",
        example_source="BVLC/caffe#12 (CaffeNet on a GTX 470; Caffe's CUDA_POST_KERNEL_CHECK in "
        "include/caffe/util/device_alternate.hpp)",
    ),
    KnownError(
        "xla-cuda-library-internal-error",
        "JAX / XLA: INTERNAL: cuSolver / cuBLAS / cuFFT internal error (a CUDA math library failing under jaxlib)",
        r"\bcu(?:Solver|BLAS|Blas|blas|FFT|SPARSE|Sparse) (?:internal error|execution failed|has not been initialized)"
        # (the same words in a report's title above a traceback cut before them; issue 36, round fifty-eight)
        r"|^\(issue title: [^\n]{0,200}\bcu(?:Solver|BLAS|FFT|SPARSE) internal error\b"
        r"|INTERNAL: (?:cuSolver|cuBLAS|cuBlas|cuFFT|cuSPARSE|cusolver|cublas)\w{0,12}[ :]"
        # XLA's GEMM autotuner could not list cuBLAS's algorithms (issue 36, round thirty-two): the RET_CHECK in
        # xla/service/gpu/gemm_algorithm_picker.cc quotes its own call, "stream->parent()->GetBlasGemmAlgorithms(stream,
        # &algorithms)", on the lines after "RET_CHECK failure (...gemm_algorithm_picker.cc:N)"
        r"|\bGetBlasGemmAlgorithms\(",
        "One of the CUDA math libraries jaxlib calls (cuSOLVER for linalg, cuBLAS, cuFFT, cuSPARSE) returned an "
        "internal error: most often the nvidia-* library wheels in the environment are not the versions this jaxlib "
        "release was built and tested with (a jax upgrade that kept old nvidia-cublas / nvidia-cusolver wheels, or "
        "another framework pinning them), sometimes a workspace allocation that failed because XLA preallocated the "
        "GPU's memory.",
        "Make the CUDA library wheels match jaxlib: reinstall in a clean environment with `pip install -U "
        '"jax[cuda12]"` (or jax[cuda13]) so pip picks the nvidia-cublas / nvidia-cusolver versions this jax '
        "expects, and check `pip list | grep nvidia` for wheels another package pinned; if a release regressed, pin "
        "the previous jax / jaxlib pair that worked. As a second check, run with XLA_PYTHON_CLIENT_PREALLOCATE=false "
        "(or XLA_PYTHON_CLIENT_MEM_FRACTION=.7) to leave the library room for its workspace.",
        variants=(
            Variant(
                r"\bGetBlasGemmAlgorithms\(|gemm_algorithm_picker",
                "XLA's GEMM autotuning (cuBLAS did not start)",
                "XLA asked cuBLAS for its GEMM algorithms while autotuning a matmul and got none: cuBLAS could not "
                "start (create its handle) on this GPU. Most often its memory was taken (JAX preallocates 75% of the "
                "GPU: run with XLA_PYTHON_CLIENT_PREALLOCATE=false, and check `nvidia-smi` for other processes), or "
                "the CUDA libraries jaxlib loads do not fit the driver: compare `nvidia-smi`'s CUDA Version with "
                "jaxlib's CUDA (`python -c 'import jax; jax.print_environment_info()'`); in Docker the image's CUDA "
                "and jax[cudaXX] wheels must be ones the host driver supports (rebuild on an older CUDA base or "
                'update the host driver). Reinstalling jax in a clean environment (`pip install -U "jax[cuda12]"`) '
                "gives it the nvidia-cublas wheel it was built with.",
            ),
        ),
        # (a module or folder named for JAX or MJX: "jax_gail/", "unitreeH1_mjx.py"; issue 36, round fifty-eight)
        requires=r"\bjax(?:lib)?\b|\bJAX\b|XlaRuntimeError|\bxla\b|\bXLA\b|jax_plugins|\bmjx\b|_mjx\.py\b"
        r"|[\\/]jax_\w{1,40}[\\/]",
        loose=True,
        alternatives=("gpu-out-of-memory", "fw-cuda-library-older"),
        weight=80,
        applies="JAX / jaxlib with CUDA (pip nvidia-* wheels or a local CUDA), and libraries built on it (MJX, Flax)",
        shown_by=(_test("test_xla_cuda_library_internal_error"), f"{_R12}#patrick-kidger-equinox-1030"),
        example="XlaRuntimeError: INTERNAL: cuSolver internal error",
        example_source="patrick-kidger/equinox#1030 (jax 0.6.1 with the CUDA 12 wheels via MuJoCo Playground); "
        "jaxlib's jaxlib/gpu/gpu_kernel_helpers.cc status strings",
    ),
    KnownError(
        "rapids-gpu-too-old",
        "RAPIDS (cuDF / cuML): the GPU is older than the release supports (missing PTX, 'or newer architecture')",
        r"installation is missing the necessary PTX files that are <=\s{0,2}\d{2,3}"
        r"|GPU with NVIDIA (?:Pascal|Volta)\W{0,3} (?:\(Compute Capability \d\.\d\) )?or newer architecture"
        r"|You will need a GPU with NVIDIA (?:Pascal|Volta)",
        "RAPIDS libraries ship kernels only for the GPU architectures they support (Pascal, compute capability 6.0, "
        "and newer; Volta, 7.0, from RAPIDS 24.02): on an older GPU (the number after '<=' is its compute "
        "capability, e.g. 50 for a Maxwell card) there is neither a kernel nor PTX to compile one from, so no "
        "install change helps.",
        "Run RAPIDS on a GPU of compute capability 7.0 or newer (6.0 for releases before 24.02), e.g. a cloud GPU; "
        "on this machine use the CPU libraries (pandas, scikit-learn) or an old RAPIDS release that still supported "
        "the card, if any did.",
        severity="failure",
        weight=86,
        applies="cuDF, cuML and the other RAPIDS libraries, any release",
        shown_by=(_test("test_rapids_gpu_too_old"), f"{_R12}#nvidia-cuml-5484"),
        example="RuntimeError: This cuDF installation is missing the necessary PTX files that are <=50.",
        example_source="rapidsai/cuml#5484 (a compute capability 5.0 GPU); cuDF's python/cudf/cudf/utils/gpu_utils.py "
        "(validate_setup: 'You will need a GPU with NVIDIA Pascal or newer architecture')",
    ),
    KnownError(
        "warp-cuda-not-available",
        "NVIDIA Warp started without CUDA ('CUDA not available', Devices: cpu only)",
        r"^\s{0,12}CUDA not available\s{0,4}$"
        r"|Warp CUDA (?:warning|error): Could not find or load the NVIDIA CUDA driver",
        "Warp found no usable CUDA driver when it initialised (no NVIDIA driver in this environment, a container "
        "without the GPU, CUDA_VISIBLE_DEVICES hiding it, or a driver older than the CUDA this warp-lang build "
        "needs), so only the CPU device exists and anything asking for cuda:0 fails later.",
        "Check the driver where the program runs (`nvidia-smi`; in Docker `--gpus all`; CUDA_VISIBLE_DEVICES), then "
        "`python -c 'import warp as wp; wp.init()'` must list a \"cuda:0\" device; if nvidia-smi works but Warp "
        "still says CUDA not available, update the NVIDIA driver to one the warp-lang build supports or install "
        "the warp-lang release built for your driver's CUDA.",
        requires=r"\bWarp \d{1,2}\.\d{1,3}(?:\.\d{1,3})?\S{0,12} initiali[sz]ed|Warp CUDA (?:warning|error)",
        severity="warns-of-failure",
        weight=84,
        applies="NVIDIA Warp (warp-lang), any release, and projects built on it",
        shown_by=(_test("test_warp_without_cuda"), f"{_R12}#pingchuanma-nclaw-2"),
        example='Warp 0.6.1 initialized:\n   CUDA not available\n   Devices:\n     "cpu"    | x86_64',
        example_source="pingchuanma/NCLaw#2; Warp's init banner (warp/context.py, Runtime.__init__)",
    ),
    KnownError(
        "cuda-graphics-interop-failed",
        "CUDA-OpenGL / Vulkan interop failed (cudaGraphics* / cudaImportExternalMemory with an error: the graphics "
        "context not on CUDA's GPU / driver)",
        r"\bcu(?:da)?Graphics(?:GL|D3D\d{1,2})?(?:Register|Unregister|Map|Unmap|ResourceGet|SubResourceGet)\w{0,30}\("
        r"|cudaErrorInvalidGraphicsContext|CUDA_ERROR_INVALID_GRAPHICS_CONTEXT"
        # Vulkan images shared with CUDA through external memory (issue 36, round thirty-two): Isaac Gym's camera
        # sensors ("[Error] [carb.gym.plugin] cudaImportExternalMemory failed on rgbImage buffer with error 999"),
        # and the same CUDA runtime / driver calls failing in any renderer
        r"|\bcu(?:da)?Import(?:ExternalMemory|ExternalSemaphore)\b[^\n]{0,80}(?:failed|error)",
        "A cudaGraphics* call shares an OpenGL buffer with CUDA and failed: the OpenGL context is not the NVIDIA "
        "driver's on the GPU CUDA uses (Mesa / a software renderer, a remote X display, another GPU), or the "
        "driver's OpenGL libraries do not match its CUDA part (a container without the graphics capability).",
        "Render without OpenGL interop where the library allows it, or give the process the NVIDIA OpenGL / EGL of "
        "the same GPU and driver: on a headless server use EGL (not a forwarded X display), in Docker set "
        "NVIDIA_DRIVER_CAPABILITIES=all and install libegl1 / libgl1; with several GPUs make the EGL / GL device "
        "the CUDA one (CUDA_VISIBLE_DEVICES).",
        variants=(
            Variant(
                r"\bcu(?:da)?Import(?:ExternalMemory|ExternalSemaphore)\b|\bVulkan\b|\bVK_ICD_FILENAMES\b",
                "Vulkan images shared with CUDA (external memory: a simulator's or renderer's camera images)",
                "The renderer draws with Vulkan and hands its images (camera sensors) to CUDA through external "
                "memory; importing them failed, which means Vulkan does not run on the NVIDIA driver of the GPU CUDA "
                "uses. Check `vulkaninfo --summary` lists that NVIDIA GPU (not llvmpipe / Mesa, not an integrated "
                "GPU), point VK_ICD_FILENAMES at the NVIDIA ICD (/usr/share/vulkan/icd.d/nvidia_icd.json, or /etc/"
                "vulkan/icd.d/), make the graphics device the CUDA device (the simulator's own setting for its "
                "graphics and compute devices), in Docker give the container the graphics capability "
                "(NVIDIA_DRIVER_CAPABILITIES=all), and use a driver release the simulator supports. Only the images "
                "shared with CUDA take this path: a run that renders none does not.",
            ),
            Variant(
                r"nvdiffrast|RasterizeGLContext|glutil|rasterize_gl|\bcuda(?:Color|Depth|Pos|Tri)Buffer\b",
                "nvdiffrast",
                "nvdiffrast's OpenGL rasteriser failed in CUDA-OpenGL interop: use the CUDA rasteriser instead, "
                "`dr.RasterizeCudaContext()` in place of dr.RasterizeGLContext() (projects often have a flag, e.g. "
                "--force_cuda_rast), which needs no OpenGL; to keep OpenGL, run with the NVIDIA driver's EGL on the "
                "same GPU (nvidia's Dockerfile with NVIDIA_DRIVER_CAPABILITIES=all).",
            ),
            # the driver's CUDA_ERROR_OPERATING_SYSTEM from a GL registration: OpenGL runs on another adapter (a
            # laptop's integrated GPU, a remote-desktop session) (round twenty-two)
            Variant(
                r"OS call failed|not supported on this OS|CUDA_ERROR_OPERATING_SYSTEM|cudaErrorOperatingSystem"
                r"|[A-Z]:\\|\.exe\b|\bWindows\b",
                "registration refused: the OpenGL context on another adapter (Windows)",
                "Registering an OpenGL texture or buffer with CUDA failed because the OpenGL context does not run on "
                "CUDA's NVIDIA GPU: force the discrete GPU for the program (Windows Settings > Display > Graphics, "
                "or the NVIDIA Control Panel's preferred graphics processor), do not run it over Remote Desktop "
                "(its session's GL is software), update the driver, then do a clean rebuild of the program.",
            ),
        ),
        requires=r"(?i)error|failed",
        weight=84,
        applies="CUDA programs that share OpenGL buffers: nvdiffrast's RasterizeGLContext, renderers, viewers",
        shown_by=(_test("test_cuda_opengl_interop"), f"{_R12}#lzzcd001-meshdiffusion-35"),
        example="Cuda error: 208[cudaGraphicsUnregisterResource(s.cudaColorBuffer[i]);]",
        example_source="lzzcd001/MeshDiffusion#35 (nvdiffrast's NVDR_CHECK_CUDA_ERROR in rasterize_gl.cpp)",
    ),
    KnownError(
        "nvenc-caps-garbage",
        "Video Codec SDK encoder: nonsensical capability limits ('frame width is too small: 256<25953400'): the "
        "codec is not supported by this GPU's NVENC",
        r"Video frame (?:width|height) is too (?:small|big|large): \d{1,6}\s{0,2}[<>]\s{0,2}\d{6,12}\b",
        "The encoder checked the frame size against limits the Video Codec SDK's capability query returned, and "
        "they are garbage (millions of pixels): the query failed because the GPU's NVENC does not support the "
        "codec asked for (HEVC or AV1 on an older GPU, or a GPU without NVENC), so the size check fails with a "
        "misleading message.",
        "Check the GPU in NVIDIA's Video Encode support matrix (or nvEncGetEncodeCaps) for the codec and encode "
        "with one it supports (codec='h264' instead of 'hevc' / 'av1'), or move to a GPU whose NVENC supports it; "
        "the frame size itself is not the problem.",
        weight=82,
        applies="PyNvVideoCodec / VideoProcessingFramework (PyNvEncoder) and other Video Codec SDK encoders",
        shown_by=(_test("test_nvenc_garbage_caps"), f"{_R12}#nvidia-videoprocessingframework-459"),
        example="Video frame width is too small: 256<25953400\nVideo frame height is too small: 256<25953400",
        example_source="NVIDIA/VideoProcessingFramework#459 (HEVC asked of an NVENC without it; "
        "PyNvCodec's NvEncoder capability check)",
    ),
    KnownError(
        "trt-myelin-kernel-failed",
        "TensorRT: Error Code 1: Myelin / CuTensor at enqueue (a fused kernel failed in the engine)",
        # a Myelin line that carries a CUDA error number ("CUDA error 400 launching __myl_ReplMove kernel") is read
        # through that number's family (an invalid resource handle: another GPU's context), not as a kernel failure
        r"Error Code \d{1,2}: (?:Myelin|CuTensor|cuTensor) \((?![^\n]{0,160}CUDA error \d)",
        "A kernel TensorRT's Myelin compiler fused (or a cuTensor permutation inside it) failed when the engine "
        "ran: an engine built by another TensorRT / JetPack than the one running it, a TensorRT release with a bug "
        "for this graph on this GPU, or a device-specific problem (zero-copy Jetson memory); the illegal-memory-access "
        "or invalid-argument lines after it follow from this first failure.",
        "Rebuild the engine on the target device with the installed TensorRT (trtexec --onnx=model.onnx "
        "--saveEngine=model.engine) and check it with `trtexec --loadEngine=model.engine`; if that fails too, try a "
        "newer TensorRT / JetPack, or build with the failing fusion or precision off (FP32 instead of FP16, a lower "
        "--builderOptimizationLevel), and report the trtexec repro to NVIDIA.",
        weight=78,  # above illegal-memory-access (55) and trt-cuda-runtime-error: the first TensorRT failure
        applies="TensorRT 8.5 and later (Myelin fusions for transformers), at run time and at build time",
        shown_by=(_test("test_myelin_kernel_failure_first"), f"{_R12}#dataplayer12-sam3-tensorrt-18"),
        example="[TRT] IExecutionContext::enqueueV3: Error Code 1: Myelin ([cask_fusion.cpp:exec:417] Platform "
        "(Cuda) error)",
        example_source="dataplayer12/SAM3-TensorRT#18 (a SAM3 engine on a Jetson-class device)",
    ),
    KnownError(
        "caffe-cudnn-check-failed",
        "Caffe: Check failed: status == CUDNN_STATUS_SUCCESS (N vs. 0) (Caffe's cuDNN layers: allocation, "
        "architecture, execution failures)",
        # BAD_PARAM (3) and NOT_SUPPORTED (9) are torch-cudnn-not-supported's, with its Caffe variant
        r"Check failed: status == CUDNN_STATUS_SUCCESS \((?:[124-8]|1\d) vs\. 0\)"
        # Caffe2's CUDNN_ENFORCE (caffe2/core/common_cudnn.h): "[enforce fail at conv_op_cudnn.cc:580] status ==
        # CUDNN_STATUS_SUCCESS. 9 vs 0. , Error at: ...: CUDNN_STATUS_NOT_SUPPORTED"
        r"|\] status == CUDNN_STATUS_SUCCESS\. \d{1,2} vs 0\.",
        "A cuDNN call of Caffe's cuDNN layers (cudnn_conv_layer, cudnn_pooling_layer, ...) failed: most often the "
        "cuDNN found at run time is not one this Caffe revision was written for (BAD_PARAM or NOT_SUPPORTED when "
        "descriptors change, e.g. a new input shape; ARCH_MISMATCH when the GPU is too old for it), or the GPU "
        "ran out of memory for cuDNN's workspace.",
        "Rebuild Caffe against a cuDNN release its revision supports (BVLC Caffe's master: cuDNN 5 to 7; old "
        "revisions: v2 / v3) and make that cuDNN the one loaded (LD_LIBRARY_PATH), or build with USE_CUDNN := 0 "
        "in Makefile.config (Caffe's own CUDA kernels, slower); for STATUS_ALLOC_FAILED / EXECUTION_FAILED lower "
        "the batch size.",
        variants=(
            Variant(
                r"enforce fail at|\bcaffe2\b|EnforceNotMet",
                "Caffe2",
                "Caffe2's cuDNN operator (the file in the enforce line, e.g. conv_op_cudnn.cc) was refused by the "
                "libcudnn loaded. Check that libcudnn at run time is the cuDNN Caffe2 was built with (`ldd` on "
                "libcaffe2_gpu.so, LD_LIBRARY_PATH); as a workaround run that operator without cuDNN: its CUDA "
                "engine (op.engine = '' or 'CUDA' instead of 'CUDNN'; model_helper / brew with use_cudnn=False, "
                "cudnn_exhaustive_search off); or update to a Caffe2 revision with fixes for this cuDNN (Caffe2 now "
                "lives in PyTorch's tree) and rebuild against the cuDNN installed. Report the op's shape (kernel, "
                "stride, pad) if it persists.",
                strict=True,
            ),
        ),
        weight=78,
        applies="BVLC Caffe and its forks built with USE_CUDNN; Caffe2's cuDNN operators",
        shown_by=(_test("test_caffe_cudnn_check"),),
        example="F0614 cudnn_conv_layer.cu:131] Check failed: status == CUDNN_STATUS_SUCCESS (6 vs. 0)  "
        "CUDNN_STATUS_ARCH_MISMATCH",
        example_source="Caffe's CUDNN_CHECK (include/caffe/util/cudnn.hpp), which logs cudnnGetErrorString; "
        "cuDNN's cudnnStatus_t numbering (6: ARCH_MISMATCH)",
    ),
    KnownError(
        "vulkan-software-driver",
        "Vulkan runs on Mesa's software driver (lavapipe / llvmpipe), not the NVIDIA driver",
        r"(?:lavapipe|llvmpipe) is not a conformant vulkan implementation"
        r"|\bdeviceName\s{0,4}=\s{0,4}llvmpipe\b|GPU\s{0,2}\d{0,2}:\s{0,4}llvmpipe \(LLVM",
        "The Vulkan loader picked Mesa's CPU renderer (lavapipe) because the NVIDIA driver's Vulkan ICD is missing or "
        "not visible (a compute-only driver install, no nvidia_icd.json, a container without the graphics "
        "capability); GPU renderers and simulators' viewers (Isaac Gym, Omniverse, game engines) then fail or "
        "crash right after.",
        "Make Vulkan use the NVIDIA driver: `vulkaninfo --summary` must list the NVIDIA GPU; install the driver's "
        "Vulkan / GL parts (libnvidia-gl-<version> on Ubuntu) and check /usr/share/vulkan/icd.d/nvidia_icd.json, "
        "or point VK_ICD_FILENAMES at it; in Docker use NVIDIA_DRIVER_CAPABILITIES=all; or run without the viewer "
        "(headless).",
        variants=(
            Variant(
                r"isaacgym|Isaac Gym|gym_\d{2}\.so|PhysX",
                "Isaac Gym",
                "Isaac Gym's viewer runs on lavapipe and crashes: install the NVIDIA driver's Vulkan ICD "
                "(libnvidia-gl-<driver version>, /usr/share/vulkan/icd.d/nvidia_icd.json) so `vulkaninfo` lists the "
                "NVIDIA GPU, or set VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/nvidia_icd.json; or run headless "
                "(--headless); 'Forcing CPU pipeline' and 'Not connected to PVD' are only notices.",
            ),
        ),
        severity="warns-of-failure",
        weight=76,
        applies="Vulkan programs on Linux: Isaac Gym / Omniverse viewers, renderers, game engines",
        shown_by=(_test("test_software_vulkan_before_a_crash"), f"{_R12}#leggedrobotics-legged_gym-62"),
        example="WARNING: lavapipe is not a conformant vulkan implementation, testing use only.",
        example_source="leggedrobotics/legged_gym#62 (Isaac Gym on Mesa's lavapipe); Mesa's lavapipe driver "
        "(src/gallium/frontends/lavapipe/lvp_device.c)",
    ),
    KnownError(
        "cufft-internal-error",
        "cuFFT: CUFFT_INTERNAL_ERROR (often a CUDA build whose cuFFT predates the GPU's architecture)",
        r"\bCUFFT_INTERNAL_ERROR\b",
        "cuFFT failed inside a plan or an FFT: most often the cuFFT bundled with the framework predates the GPU "
        "(torch's CUDA 11.7 builds and older on an RTX 40xx / Ada sm_89 or Hopper, torch issue 88038), sometimes a "
        "transform too large for the GPU's memory.",
        "Install a build for a CUDA new enough for the GPU: for torch, one for CUDA 11.8 or newer (the cu118 wheel "
        "from PyTorch's own index, or a later cu12x) and make sure the project's "
        "requirements do not put the cu117 build back; if the GPU is supported, try a smaller transform (batch or "
        "n_fft) and torch.backends.cuda.cufft_plan_cache.clear().",
        variants=(
            Variant(
                r"\bcupy\b|\bCuPy\b",
                "CuPy",
                "CuPy's cuFFT failed: install the cupy-cuda11x / cupy-cuda12x wheel that matches a CUDA new enough "
                "for this GPU (CUDA 11.8+ for Ada, 12 for Hopper and newer), then retry with a smaller transform.",
                product="cupy",
            ),
        ),
        loose=True,
        alternatives=("gpu-arch-unsupported", "gpu-out-of-memory"),
        weight=74,
        applies="torch.stft / torch.fft and CuPy on CUDA; Ada / Hopper GPUs with CUDA 11.7 and older",
        shown_by=(_test("test_cufft_internal_error"), f"{_R12}#voicepaw-so-vits-svc-fork-200"),
        example="RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR",
        example_source="voicepaw/so-vits-svc-fork#200 (torch cu117 on an RTX 4090); torch's "
        "aten/src/ATen/native/cuda/CuFFTUtils.h (_cudaGetErrorEnum)",
    ),
    KnownError(
        "cuda-launch-out-of-resources",
        "CUDA: too many resources requested for launch (a kernel needs more registers / shared memory than a block "
        "of that size can have)",
        r"too many resources requested for launch|cudaErrorLaunchOutOfResources|CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
        "A kernel was launched with more threads per block than its register (or shared-memory) use allows on this "
        "GPU: a kernel compiled with debug code (-G, no register limit), for another architecture, or a block size "
        "hard-coded for a bigger GPU; it is a property of the kernel and the block size, not of the data.",
        "Launch with fewer threads per block (e.g. 256 or 128 instead of 1024), or cap the registers the kernel may "
        "use (nvcc -maxrregcount=N or __launch_bounds__), and build without -G (device debug) for real runs; "
        "rebuild the kernel for this GPU's architecture.",
        variants=(
            Variant(
                r"\bnumba\b|CudaAPIError|\[\d{1,4}, \d{1,4}\]\(",
                "Numba",
                "Numba's kernel needs more registers than the block size allows: launch it with fewer threads per "
                "block (a launch configuration of 128 instead of 1024 threads), or compile it with a register cap "
                "(@cuda.jit(max_registers=64)); kernel.get_regs_per_thread() shows its use and debug=True / "
                "opt=False raise it.",
            ),
            Variant(
                r"\bcupy\b|\bCuPy\b|RawKernel|ElementwiseKernel",
                "CuPy",
                "The CuPy kernel needs more registers than the block size allows: pass a smaller block to the launch "
                "(RawKernel((grid,), (128,), args)), or compile with options=('--maxrregcount=64',); "
                "kernel.max_threads_per_block and kernel.num_regs show the limit.",
                product="cupy",
            ),
            # issue 36, round thirty-one: a standalone program's own kernels (no torch or other framework in the
            # text, a .cu source named or the program's own CUDA check macros): its run options and build, not a torch
            # extension's rebuild
            Variant(
                OWN_CUDA_CODE,
                "a standalone CUDA program (its own kernels)",
                "The kernel is the program's own (the .cu file its log names): it was launched with more threads "
                "per block than its register use allows on this GPU, which is a property of the build and the "
                "launch size, not of your data. First look for a run option that lowers how much work one launch "
                "takes (a smaller memory budget, working-set, batch or block size in the program's options), or "
                "run it on a newer GPU the build targets; otherwise rebuild it for this GPU's architecture "
                "(CMAKE_CUDA_ARCHITECTURES / nvcc -gencode with `nvidia-smi --query-gpu=compute_cap --format=csv`), "
                "in Release (not with -G), with a register cap (-maxrregcount=N or __launch_bounds__) or a smaller "
                "block size in its launch code.",
            ),
            Variant(
                r"\btorch\b|\bPyTorch\b|cpp_extension|\.cu:\d",
                "a torch CUDA extension",
                "A CUDA extension's kernel launches more threads per block than its registers allow on this GPU: "
                "lower the block size in its launch (or add __launch_bounds__ / -maxrregcount=N to its nvcc flags), "
                "make sure it was not built with -G, and rebuild it for this GPU's architecture "
                "(TORCH_CUDA_ARCH_LIST).",
            ),
        ),
        cuda_errors=("cudaErrorLaunchOutOfResources",),
        weight=72,
        applies="any CUDA kernel: custom extensions, Numba, CuPy, native programs; older or smaller GPUs most often",
        shown_by=(_test("test_launch_out_of_resources_and_numba_numbers"),),
        example="RuntimeError: CUDA error: too many resources requested for launch",
        example_source="CUDA's runtime error table (cudaErrorLaunchOutOfResources = 701, libcudart's message)",
    ),
    KnownError(
        "torch-cusolver-error",
        "torch: cusolver error: CUSOLVER_STATUS_... (torch.linalg on cuSOLVER)",
        r"cusolver error: CUSOLVER_STATUS_\w{3,40}"
        # older torch printed the status as a number ("cusolver error: 7, when calling `cusolverDnCreate(handle)`",
        # 7 = CUSOLVER_STATUS_INTERNAL_ERROR) (issue 36, round thirty-four)
        r"|cusolver error: \d{1,2}, when calling `cusolver\w{2,40}\(",
        "A cuSOLVER call of torch.linalg (inverse, solve, eigh, svd, cholesky, lstsq) failed: at cusolverDnCreate "
        "most often the GPU had no memory left for cuSOLVER's handle and workspace (torch's caching allocator "
        "holds it), or torch's bundled cuSOLVER does not support this GPU (a build for an older CUDA); inside a "
        "routine, an input with NaN / Inf or an ill-conditioned matrix.",
        "Free GPU memory before the call (a smaller batch; torch.cuda.empty_cache()) and check the input "
        "(torch.isfinite(x).all()); try torch.backends.cuda.preferred_linalg_library('magma') to use MAGMA "
        "instead of cuSOLVER; install a torch build for a CUDA that supports the GPU (nvidia-smi's GPU vs. "
        "torch.version.cuda); as a workaround run the op on the CPU (x.cpu()).",
        loose=True,
        alternatives=("gpu-out-of-memory", "gpu-arch-unsupported"),
        weight=70,
        applies="torch.linalg and torch's matrix routines on CUDA",
        shown_by=(_test("test_launch_out_of_resources_and_numba_numbers"),),
        example="RuntimeError: cusolver error: CUSOLVER_STATUS_INTERNAL_ERROR, when calling `cusolverDnCreate(handle)`",
        example_source="torch's aten/src/ATen/native/cuda/linalg (TORCH_CUSOLVER_CHECK in CUDASolver.h)",
    ),
    # issue 36, round forty: an HPC application's own error lines (CUDA Fortran / C codes built with the NVIDIA HPC
    # SDK, which log "[ERROR] <what> failed"): a CUDA math-library call that failed, and a device allocation of zero
    # bytes that the application reports as memory exhaustion
    KnownError(
        "hpc-app-cuda-library-call-failed",
        "[ERROR] ... cusolverDn... / cublas... failed (a CUDA math-library call inside an HPC application's GPU code)",
        r"\[ERROR\][^\n]{0,200}?\b(?:cusolverDn|cusolverSp|cublas|cufft|cusparse|curand)\w{1,40} failed\b",
        "A cuSOLVER / cuBLAS / cuFFT call of the application's own GPU code (CUDA Fortran or C, built with the NVIDIA "
        "HPC SDK or nvcc) returned an error and the application stopped; it does not print the library's status. "
        "Most often the build pairs a compiler and CUDA math libraries the application was not validated with (a "
        "compiler release it was not tested with, or a library of another CUDA loaded at run time), less "
        "often an earlier kernel fault surfacing at this call or a workspace allocation that failed.",
        "Look up the application's release notes and issue tracker for this routine and the HPC SDK / CUDA versions "
        "(`nvfortran --version`, `nvidia-smi`): take the application release with the fix, or build with the "
        "compiler and CUDA pairing it validates (another HPC SDK release, or its other bundled CUDA: -gpu=cudaXX.Y); "
        "check that the binary loads the math libraries of the CUDA it was built with (`ldd <binary> | grep -E "
        "'cusolver|cublas|cufft'`); rerun the failing step with CUDA_LAUNCH_BLOCKING=1 (or under compute-sanitizer) "
        "to see whether an earlier kernel fault is the real error, and report it upstream with those versions.",
        weight=70,
        applies="HPC applications with their own CUDA code (CUDA Fortran / C, NVIDIA HPC SDK builds)",
        shown_by=(_R40("test_hpc_application_library_and_allocation_errors"),),
        example="[ERROR] LINEAR ALGEBRA driver [SERIAL_solver_gpu]cusolverDnZgetrf failed",
        example_source="an HPC application's own error line around a cuSOLVER call (CUDA Fortran builds of the "
        "NVIDIA HPC SDK); cuSOLVER's routine names (cusolverDn<t>getrf / getrs)",
    ),
    KnownError(
        "hpc-app-zero-byte-device-allocation",
        "Not enough memory to allocate 0 bytes (an allocation of an empty block reported as out of memory)",
        # the application's own check and the NVIDIA HPC SDK Fortran runtime's ("0: ALLOCATE: 0 bytes requested; not
        # enough memory"; written from memory)
        r"Not enough memory to allocate 0 bytes\b|\bALLOCATE: 0 bytes requested; not enough memory\b",
        "The application asked to allocate an array of zero bytes (on the GPU, in CUDA Fortran builds) and took the "
        "allocation's failure for memory exhaustion: the parallel layout (MPI ranks, threads, how the problem's "
        "dimensions are split over them) left this rank an empty block. It is not a real out-of-memory.",
        "Change the parallel layout so every rank gets a non-empty share: the application's input that sets how "
        "many MPI tasks go to each level of its distribution, a number of ranks that divides the "
        "problem, or fewer ranks; if the default layout already does this, try another HPC SDK / CUDA pairing and "
        "report it upstream with the layout and the versions. Adding GPU memory does not help.",
        # above gpu-out-of-memory, whose words ("out of memory") the same line carries
        weight=90,
        applies="HPC applications with device arrays distributed over MPI ranks (CUDA Fortran / NVIDIA HPC SDK builds)",
        shown_by=(_R40("test_hpc_application_library_and_allocation_errors"),),
        example="[ERROR] Not enough memory to allocate 0 bytes",
        example_source="an HPC application's own allocation check as its GPU builds log it",
    ),
)
