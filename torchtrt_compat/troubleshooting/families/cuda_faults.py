"""CUDA runtime faults, toolkit versions and GPUs in other products' words (issue 36, round eleven): a cuBLAS
failure logged by a framework other than torch (CNTK's GPUMatrix), a NaN that torch's anomaly detection pins on one
backward op, nvcc older than the GPU's architecture (read from the toolkit version the text shows), torch's CUDA
generator asked to take part in a graph capture that is not under way (threads sharing CUDA graphs), PhysX's GPU
kernels failing with a bare CUDA error number, and Jetson's NvMap allocator out of shared memory. Each pattern is keyed
to the library's own wording (CNTK's Math/GPUMatrix.cu CUBLAS_CALL; torch's autograd anomaly_mode /
engine.cpp "returned nan values", aten/src/ATen/cuda/CUDAGeneratorImpl.cpp; nvcc's "Unsupported gpu architecture";
PhysX's gpunarrowphase / gpucommon PxgCudaUtils.h; NVIDIA's nvmap user library NvMapMemAllocInternalTagged); ops,
numbers and versions are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import FAISS_GPU_BUILD, LONG_RUN, LONG_RUN_FAULT_FIX, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round11_p3run.py"
_R11 = "tests/data/explain_round11.jsonl"
_Q = "['‘’`\"]"


_test = tests_in(_TESTS)


#: The first CUDA release whose nvcc compiles an architecture that CUDA 13 later removed (Maxwell, Pascal, Volta,
#: Xavier). Source: the CUDA Toolkit release notes (sm_50: 6.0; sm_52: 6.5; sm_53: 7.0; sm_60/61/62: 8.0; sm_70: 9.0;
#: sm_72: 10.0).
_OLD_ARCH_FIRST: dict[str, str] = {
    "50": "6.0", "52": "6.5", "53": "7.0", "60": "8.0", "61": "8.0", "62": "8.0", "70": "9.0", "72": "10.0",
}  # fmt: skip

#: a CUDA toolkit version shown in the text ("got cuda version 7.5", "CUDA 10.2", "cuda-9.0", "release 8.0,
#: V8.0.44"), the version itself left to `_toolkit_before`
_TOOLKIT_SHOWN = r"(?:\bcuda|\bCUDA|\bnvcc)[\w ,]{0,24}?(?:version|release|toolkit|[ _-]|V)\s{0,2}v?(?<![\d.])"


def _toolkit_before(first: str) -> str:
    """A CUDA toolkit version shown in the text that is older than ``first`` ("8.0", "6.5", "10.0")."""
    major, minor = (int(x) for x in first.split("."))
    older = rf"[1-{major - 1}]\.\d" + (rf"|{major}\.[0-{minor - 1}]" if minor else "")
    return rf"{_TOOLKIT_SHOWN}(?:{older})\b"


#: the text shows nvcc refusing one of those architectures AND a toolkit older than the one that brought it in: the
#: toolkit predates the GPU. A toolkit shown that already had the architecture (CUDA 11.8 or 12.6 beside a refused
#: compute_61) is not the nvcc that refused it: a CUDA 13 dropped it (build-nvcc-arch-unsupported) (issue 36, round
#: twenty-nine)
_OLDER_THAN_THE_ARCH = "|".join(
    rf"\A(?=[\s\S]{{0,300000}}?Unsupported gpu architecture {_Q}(?:compute|sm)_{arch}{_Q})"
    rf"(?=[\s\S]{{0,300000}}?{_toolkit_before(first)})"
    for arch, first in _OLD_ARCH_FIRST.items()
)


def _old_arch_variants() -> tuple[Variant, ...]:
    out = []
    for arch, first in _OLD_ARCH_FIRST.items():
        out.append(
            Variant(
                rf"architecture {_Q}(?:compute|sm)_{arch}{_Q}",
                f"compute_{arch} (needs CUDA {first})",
                f"compute_{arch} came with CUDA {first}; the nvcc this build uses (the CUDA version the log shows) "
                f"is older than the GPU. Install CUDA {first} or newer (up to 12.x, which still has it) and rebuild "
                "with it (CUDA_HOME / PATH / CMAKE_CUDA_COMPILER), or restrict the build's architecture list to one "
                "this nvcc knows (`nvcc --list-gpu-arch`; TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES, "
                "-gencode flags).",
            )
        )
    return tuple(out)


#: faiss's GPU GEMM failing in cuBLAS (faiss/gpu/utils/MatrixMult-inl.cuh runMatrixMult): its assertion on the
#: status, or the message it formats ("cublas failed (13): (512, 128) x (100, 128)' = ...")
_FAISS_CUBLAS = r"Faiss assertion '[^'\n]{0,20}CUBLAS_STATUS_SUCCESS' failed|\bcublas failed \(\d{1,2}\): "


_FAULTS: tuple[KnownError, ...] = (
    KnownError(
        "build-nvcc-older-than-gpu",
        "nvcc fatal : Unsupported gpu architecture 'compute_XY' from a CUDA toolkit older than the GPU",
        rf"Unsupported gpu architecture {_Q}(?:compute|sm)_(?:5[023]|6[012]|7[02]){_Q}",
        "The build detected (or was told) a GPU architecture newer than the CUDA toolkit in use: the log shows a "
        "CUDA release before 13 (which still compiled Maxwell, Pascal and Volta), so the architecture is not one "
        "the toolkit dropped but one it predates (e.g. compute_61, a GTX 10xx, needs CUDA 8).",
        "Install a CUDA toolkit at least as new as the architecture and rebuild with it, or restrict the build's "
        "architecture list to one this nvcc knows (`nvcc --list-gpu-arch`).",
        variants=_old_arch_variants(),
        requires=_OLDER_THAN_THE_ARCH,
        op=rf"architecture {_Q}((?:compute|sm)_\w{{1,8}}){_Q}",
        weight=88,
        applies="nvcc builds with a CUDA toolkit before 13.0 for a Maxwell / Pascal / Volta GPU",
        shown_by=(_test("test_nvcc_older_than_the_gpu"), f"{_R11}#torch-distro-130"),
        example="-- got cuda version 7.5\nnvcc fatal   : Unsupported gpu architecture 'compute_61'",
        example_source="torch/distro (cutorch built with CUDA 7.5 on a GTX 1080), nvcc's message",
    ),
    KnownError(
        "cublas-failure-other-framework",
        "CUBLAS failure N: CUBLAS_STATUS_EXECUTION_FAILED in a framework other than torch (CNTK, Caffe, MXNet)",
        r"CUBLAS failure \d{1,3}: CUBLAS_STATUS_\w{1,30}|cuBLAS Error: CUBLAS_STATUS_\w{1,30}"
        r"|Check failed: status == CUBLAS_STATUS_SUCCESS"
        # TensorFlow's stream executor (stream_executor/cuda/cuda_blas.cc) and its BLAS ops (matmul_op.cc)
        r"|failed to run cuBLAS routine\s{0,2}\w{0,40}:\s{0,2}CUBLAS_STATUS_\w{1,30}"
        r"|\bBlas \w{2,20} launch failed|\b[SDHCZ]?GEMM launch failed"
        # a framework's own check printing cublasStatus_t by number (Marian's CUBLAS_CHECK: "Cublas Error: 13 -
        # /marian/src/tensors/gpu/prod.cpp:330: cublasGemmBatchedTyped(...)"); the numbers are cublas_api.h's
        # (bitsandbytes' own wordings of a cuBLASLt refusal have their row: lib_precision's bnb-cublaslt-int8)
        r"|\bCublas Error: \d{1,2} - |\bcuBLAS (?:error|failure|status):? {0,2}\d{1,2}\b(?! ?%)" + "|" + _FAISS_CUBLAS,
        # faiss's GPU GEMM (faiss/gpu/utils/MatrixMult-inl.cuh runMatrixMult: FAISS_ASSERT_FMT(err ==
        # CUBLAS_STATUS_SUCCESS, "cublas failed (%d): (%d, %d)%s x (%d, %d)%s = ...")) (issue 36, round forty-three)
        "cuBLAS failed to run a GEMM that the framework's own GPU matrix code launched: either an earlier "
        "asynchronous CUDA error surfacing at this call, or a framework build whose CUDA / cuBLAS does not fit the "
        "installed driver or has no kernels for this GPU. cuBLAS's status numbers (cublas_api.h): 1 NOT_INITIALIZED, "
        "3 ALLOC_FAILED (memory), 7 INVALID_VALUE, 8 ARCH_MISMATCH, 11 MAPPING_ERROR, 13 EXECUTION_FAILED (the "
        "kernel could not run on this GPU), 14 INTERNAL_ERROR, 15 NOT_SUPPORTED.",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel that really failed, and check that the CUDA toolkit "
        "and cuBLAS the framework was built with are supported by the installed driver (`nvidia-smi` shows the "
        "highest CUDA it supports) and by the GPU (run a CUDA sample such as deviceQuery / a cuBLAS sample on that "
        "GPU); rebuild or reinstall the framework for the CUDA the driver supports.",
        variants=(
            Variant(LONG_RUN, "after a long good run (many iterations or hours)", LONG_RUN_FAULT_FIX),
            # (issue 36, round fifty-one) the GEMM faiss reports is itself huge: a distance matrix to hundreds of
            # thousands of centroids or points (its output's larger side has six digits or more), or k-means asked
            # for that many clusters: the job's size, not the build
            Variant(
                rf"(?:{_FAISS_CUBLAS})[^\n]{{0,300}}?= \(\d{{1,9}}, \d{{6,9}}\)"
                r"|= \(\d{6,9}, \d{1,9}\)[^\n]{0,40}gemm|\bClustering \d{1,12} points in \d{1,5}D to \d{6,9} clusters",
                "faiss's GPU GEMM of a huge distance matrix (hundreds of thousands of centroids or points)",
                "The GEMM faiss asked cuBLAS for is itself very large (the product's shape in the line: one side of "
                "six digits or more, e.g. a query batch against 262,144 centroids), so the GPU ran out of memory for "
                "it and its workspace beside the data faiss already holds there; cuBLAS reports that as 13 "
                "EXECUTION_FAILED as often as 3 ALLOC_FAILED. Shrink the job: fewer centroids (an IVF of "
                "hundreds of thousands of lists needs a proportionate training set and memory), train the k-means "
                "on a sample (faiss's max_points_per_centroid, or a subsample of the points), a smaller query batch, "
                "free the GPU of other processes (`nvidia-smi`), or shard over several GPUs / train on the CPU and "
                "only search on the GPU. A faiss-gpu build that does not fit the GPU fails on small GEMMs too.",
            ),
            Variant(
                _FAISS_CUBLAS,
                "faiss's GPU search (its cuBLAS GEMM)",
                "faiss's GPU brute-force / k-NN search computes distances with a cuBLAS GEMM, and cuBLAS refused it "
                "(the number after 'cublas failed' is cuBLAS's status: 13 EXECUTION_FAILED, the kernel could not run "
                "on this GPU; 3 ALLOC_FAILED, no memory for its workspace). Most often the faiss-gpu build does not "
                "fit the GPU or CUDA: an old build (conda faiss-gpu of CUDA 10 / 11.0, a wheel of another CUDA) on a "
                "newer GPU (Ampere RTX 30xx, Ada RTX 40xx, Hopper) or driver. Install "
                + FAISS_GPU_BUILD
                + "; or build faiss with "
                "-DCMAKE_CUDA_ARCHITECTURES set to the GPU's compute capability. If the status is an allocation "
                "failure, search in smaller batches or free GPU memory first (other processes, torch's cache). Until "
                "then, run that step on the CPU or without faiss (faiss-cpu, or the project's option that computes "
                "the neighbours with torch instead of faiss).",
                strict=True,
            ),
            Variant(
                r"\bmarian::|/marian/src/|\bmarian-(?:decoder|server|scorer)\b",
                "Marian",
                "Marian's cuBLAS GEMM failed (13 is CUBLAS_STATUS_EXECUTION_FAILED: the kernel could not run on this "
                "GPU). The usual cause is a Marian binary (or Docker image) built on a CUDA older than the GPU: an "
                "RTX 30xx / A-series (Ampere, sm_86) needs Marian built against CUDA 11.1+ with sm_86 in its CUDA "
                "architectures (an RTX 40xx: CUDA 11.8+), and a driver that supports that CUDA (`nvidia-smi`). "
                "Rebuild or pull an image on a newer CUDA base and retry; 3 (ALLOC_FAILED) instead means memory: "
                "lower --workspace / the batch.",
            ),
            Variant(
                r"Microsoft::MSR::CNTK|\bCNTK\b|GPUMatrix",
                "CNTK",
                "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel that really failed, then check that the CUDA "
                "toolkit, cuDNN and cuBLAS your CNTK build links (ldd on libCntk.Math*.so) are supported by the "
                "driver (`nvidia-smi`) and the GPU (run a CUDA sample on that same GPU, e.g. deviceId=1); rebuild "
                "CNTK against the CUDA the driver supports if they differ.",
            ),
            Variant(
                r"failed to run cuBLAS routine|\bBlas \w{2,20} launch failed|\bSGEMM launch failed|tensorflow"
                r"|TF_FORCE_GPU_ALLOW_GROWTH",
                "TensorFlow",
                "TensorFlow's cuBLAS call failed. On an Ampere or newer GPU (RTX 30xx, RTX A-series such as the "
                "A5000, A100) a TensorFlow built on CUDA 10 or older cannot run its GEMMs (no kernels): use a "
                "TensorFlow built on CUDA >= 11.1 (TF 2.5+, NVIDIA's TF1 container, an app's cu11 build), an RTX "
                "40xx CUDA >= 11.8. On a GPU the build supports, let TensorFlow's memory grow so cuBLAS finds "
                "workspace (TF_FORCE_GPU_ALLOW_GROWTH=true, or tf.config.experimental.set_memory_growth(gpu, True); "
                "TF1: config.gpu_options.allow_growth = True) and close other processes on the GPU (`nvidia-smi`). "
                "On an older GPU with CUDA 9.0, install CUDA 9.0's cuBLAS patch "
                "updates; the CUDA / cuDNN installed must be the pair of the TensorFlow build's tested configuration.",
                product="tensorflow",
            ),
        ),
        # torch's own cuBLAS failures have their rows; faiss's assertion is faiss's whatever else the text shows
        unless=r"when calling `cublas|"
        + rf"\A(?![\s\S]{{0,300000}}?(?:{_FAISS_CUBLAS}))[\s\S]{{0,300000}}?(?:\btorch\b|PyTorch)",
        loose=True,
        alternatives=("torch-device-assert", "gpu-arch-unsupported"),
        weight=62,
        applies="frameworks with their own CUDA matrix code (CNTK, Caffe, MXNet)",
        shown_by=(_test("test_cublas_failure_in_another_framework"), f"{_R11}#microsoft-cntk-379"),
        example="CUBLAS failure 13: CUBLAS_STATUS_EXECUTION_FAILED ; GPU=1 ; hostname=rg404 ; "
        "expr=cublas_gemm(cuHandle, CUBLAS_OP_N, CUBLAS_OP_N, (int) ARows, 1, (int) ACols, &alpha)",
        example_source="https://github.com/microsoft/CNTK/issues/379",
    ),
    KnownError(
        "torch-anomaly-nan-op",
        "Function 'XBackward0' returned nan values (anomaly detection names the op that overflowed)",
        r"Function '\w{1,80}Backward\d{0,2}' returned (?:nan|inf) values in its \d{1,2}(?:st|nd|rd|th) output",
        "torch's anomaly detection found the first backward op whose gradient is NaN: under AMP (autocast to "
        "float16) that op, most often a matmul / bmm, a softmax or a log of a probability, overflows or "
        "underflows in half precision; without AMP, its inputs were already extreme (a log of 0, a division by 0).",
        "Run the named op in float32: wrap its forward in `with torch.autocast('cuda', enabled=False):` and cast "
        "its inputs with .float() (for a bmm of probabilities: bmm(a.float(), b.float())), or train without AMP to "
        "confirm; without AMP, clamp the inputs of log / division (x.clamp_min(eps)) and lower the learning rate.",
        op=r"Function '(\w{1,80})' returned",
        weight=50,
        applies="torch training with anomaly detection on (torch.autograd.set_detect_anomaly(True))",
        shown_by=(_test("test_anomaly_detection_names_the_op"), f"{_R11}#opennmt-opennmt-py-1918"),
        example="RuntimeError: Function 'BmmBackward0' returned nan values in its 0th output.",
        example_source="https://github.com/OpenNMT/OpenNMT-py/issues/1918",
    ),
    KnownError(
        "cudagraph-generator-not-capturing",
        "CUDA generator expects graph capture to be underway, but the current stream is not capturing",
        r"CUDA generator expects graph capture to be underway",
        "torch's CUDA random-number generator was registered with a CUDA graph capture, but the stream that uses "
        "it is not capturing: another thread ran the captured (or compiled cudagraph) model at the same time, or "
        "the generator's graph state was left over from an interrupted capture. CUDA graphs and torch.compile's "
        "cudagraph trees are not thread-safe.",
        "Serialise calls into the model compiled with CUDA graphs (one request at a time: a lock or a single worker "
        "queue, warm-up done before serving), or compile without CUDA graphs (mode='max-autotune-no-cudagraphs' or "
        "the default mode) where requests must run concurrently.",
        weight=80,
        applies="torch.compile(mode='reduce-overhead' / 'max-autotune') and torch.cuda.graph, used from threads",
        shown_by=(_test("test_generator_outside_a_capture"), f"{_R11}#huggingface-diffusion-fast-12"),
        example="RuntimeError: CUDA generator expects graph capture to be underway, but the current stream is not "
        "capturing.",
        example_source="torch aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (TORCH_CHECK in philox_cuda_state)",
    ),
    KnownError(
        "physx-gpu-kernel-failure",
        "PhysX: internal error : GPU … kernel fail! N / PhysX error: GPU … fail to launch (a CUDA error in PhysX's GPU "
        "simulation)",
        r"internal error : (?:GPU [\w ]{1,80}kernel fail|[\w ]{1,60}fail to launch kernel)"
        r"|PxgCudaUtils\.h \(\d{1,5}\) : internal error : SynchronizeStreams"
        # the same errors as omni.physx logs them in Isaac Sim / Isaac Lab ("[Error] [omni.physx.plugin] PhysX error:
        # GPU solveContactParallel fail to launch kernel!!", "... GPU kernel 'X' failed to launch with error N!!")
        # (issue 36, round twenty-seven); its "PhysX Internal CUDA error ... Error code N" and "Cuda context manager
        # error" lines alone are a CUDA fault's (torch-gpu-fault), not this row's
        r"|PhysX error: GPU [\w ]{1,80}?fail(?:ed)? to launch\b|PhysX error: GPU kernel '\w{1,80}' failed to launch",
        "A PhysX GPU kernel (narrow phase, solver, articulation) failed with the CUDA error number printed below it "
        "(700: an illegal memory access); the CUDA context is then unusable, so every later PhysX call "
        "(SynchronizeStreams, memcpy) fails too. Usually PhysX's preallocated GPU contact / pair buffers overflowed "
        "or the simulation became unstable with many environments, not the driver or the install.",
        "Treat the first 'kernel fail' and its number as the root error: raise the scene's GPU buffer sizes "
        "(Isaac Gym / Isaac Lab sim params: max_gpu_contact_pairs, found_lost_pairs_capacity, "
        "found_lost_aggregate_pairs_capacity, gpu_max_rigid_contact_count), or lower num_envs / contact complexity, "
        "and rerun; the later SynchronizeStreams errors are consequences. An allocation failure before it "
        "('fail to allocate memory N bytes!! Result = 2') is the cause instead: the GPU had no memory left.",
        variants=(
            # kernels that fail to launch while the simulation starts (at reset, creating the simulation view), not
            # after a run: the GPU code cannot run on this driver / GPU (round twenty-seven)
            Variant(
                rf"\A(?=[\s\S]{{0,300000}}?fail(?:ed)? to launch)"
                r"(?=[\s\S]{0,300000}?(?:\.reset\(\)|\bset_task\b|\binitiali[sz]e|simulation view backend"
                r"|create_simulation_view|start_simulation|\bplay\(\)))"
                rf"(?![\s\S]{{0,300000}}?(?:{LONG_RUN}))",
                "kernels that fail to launch as the simulation starts",
                "PhysX's GPU kernels failed to launch as the simulation started (at reset, creating the simulation "
                "view), not after a run: the GPU code cannot run here. Check the driver first: `nvidia-smi`'s "
                "driver must reach the minimum of the Isaac Sim / Isaac Gym release (Isaac Sim's requirements name "
                "it per release; an older driver gives exactly these launch failures): update it and reboot. Check "
                "too that the GPU is one the release supports (RTX-class for Isaac Sim) and that nothing else holds "
                "it. Only with a supported driver and GPU, look at the scene: lower num_envs or raise the GPU buffer "
                "sizes (max_gpu_contact_pairs, found_lost_pairs_capacity). The 'Cuda context manager error' lines "
                "and the Python exception after them ('Failed to create simulation view backend') are consequences.",
            ),
        ),
        # its kernels fail on buffers an earlier allocation did not get: that allocation failure outranks it
        downstream=True,
        weight=75,
        applies="NVIDIA PhysX with GPU simulation (Isaac Gym, Isaac Sim / Isaac Lab, Omniverse)",
        shown_by=(_test("test_physx_kernel_failure"), f"{_R11}#isaac-sim-isaacgymenvs-79"),
        example="/buildAgent/work/99bede84aa0a52c2/source/gpunarrowphase/src/PxgNarrowphaseCore.cpp (2165) : internal "
        "error : GPU cudaMainGjkEpa or prepareLostFoundPairs kernel fail!",
        example_source="https://github.com/isaac-sim/IsaacGymEnvs/issues/79",
    ),
    KnownError(
        "jetson-nvmap-alloc-failed",
        "NvMapMemAllocInternalTagged / NvMapMemHandleAlloc error (Jetson's shared CPU/GPU memory allocator failed)",
        r"NvMapMemAllocInternalTagged|NvMapMemHandleAlloc(?:Internal)?: ?error|NvRmMemHandleAlloc\w{0,20} failed",
        "On a Jetson the CPU and GPU share one memory pool, handed out by the nvmap driver: a GPU allocation failed "
        "there because the board's memory is used up or fragmented (long sessions of loading and freeing models "
        "leave it fragmented until a reboot), or one allocation is larger than the board can give.",
        "Free the shared memory: close other processes (tegrastats / jtop show the use), reboot and run the model "
        "as the first GPU workload, add swap for the CPU side; for an allocation larger than the board's memory use "
        "a smaller or quantized model or split the allocation.",
        weight=70,
        applies="NVIDIA Jetson (L4T / JetPack): Nano, TX2, Xavier, Orin",
        shown_by=(_test("test_jetson_nvmap"), f"{_R11}#0xshug0-audio.cpp-12"),
        example="NvMapMemAllocInternalTagged: 1075072515 error 12",
        example_source="NVIDIA Jetson L4T libnvrm_mem (nvmap) allocation log line",
    ),
)

_DRIVER: tuple[KnownError, ...] = (
    KnownError(
        "host-driver-legacy-gpu",
        "NVRM: the GPU is supported through the NVIDIA NNN.xx Legacy drivers (the driver branch is too new for it)",
        r"supported through the NVIDIA \d{3}\.xx Legacy drivers",
        "The installed NVIDIA driver branch no longer supports this GPU's architecture and ignores it (Kepler, e.g. a "
        "Tesla K80 / K40 or GT 710, after the 470 branch; Maxwell, Pascal and Volta after the 580 branch), so no "
        "NVIDIA GPU is found: nvidia-smi cannot talk to the driver and CUDA sees no device.",
        "Install the legacy branch the message names (e.g. nvidia-driver-470 on Ubuntu, the 470xx / 580xx legacy "
        "packages of your distribution, or a cloud image that ships it) and a CUDA / framework build that branch "
        "supports (470: CUDA 11.4 at most), or move to a GPU the current branch supports.",
        weight=92,
        applies="Linux hosts with an NVIDIA GPU older than the installed driver branch",
        shown_by=(_test("test_driver_branch_too_new_for_the_gpu"),),
        example="NVRM: The NVIDIA GeForce GT 710 GPU installed in this system is\n NVRM:  supported through the NVIDIA "
        "470.xx Legacy drivers. Please\n NVRM:  information.  The 535.129.03 NVIDIA driver will ignore\n NVRM:  this "
        "GPU.  Continuing probe...",
        example_source="https://github.com/siderolabs/talos/issues/8764 (the NVIDIA kernel module's probe message)",
    ),
)

_RUN: tuple[KnownError, ...] = (
    KnownError(
        "torch-cuda-init-error-mid-run",
        "CUDA error: initialization error in the middle of a run (CUDA touched in a forked process)",
        r"CUDA error: initialization error"
        # issue 36, round forty-four: the same error in a GPU image decoder's own words (nvImageCodec's Python
        # binding: "Unhandled CUDA error: cudaErrorInitializationError initialization error"); written with its
        # message after the name, so the family does not own that error by number in every program's words
        r"|\bUnhandled CUDA error: cudaErrorInitializationError[ :]{1,3}initialization error",
        "CUDA reports 'initialization error' for a call made after the program already used the GPU (an epoch, a "
        "validation or visualisation step, a worker): the call runs in a process forked after the parent started "
        "CUDA (a DataLoader / Lightning / multiprocessing worker), which cannot use the parent's CUDA context. Less "
        "often the host driver is too old for the CUDA of the image or environment.",
        "Find the process the failing call runs in: if it is a forked worker, use the 'spawn' start method "
        "(multiprocessing.set_start_method('spawn'), DataLoader(..., multiprocessing_context='spawn')) or "
        "num_workers=0, and keep CUDA tensors out of what workers receive; otherwise check that the host driver "
        "supports the CUDA of the environment (in a container: a minimal `python -c 'import torch; "
        "torch.zeros(1).cuda()'` inside it, and `nvidia-smi` on the host).",
        requires=r"\bepochs?\b|max_epochs|training_step|validation_step|_worker_loop|DataLoader|multiprocessing"
        r"|\bfork|\bvisuali[sz]e|\.cpu\(\)|\.to\(device"
        # issue 36, round forty-four: a GPU decoder made in a Dataset (torchcodec's VideoDecoder / add_video_stream,
        # nvImageCodec's Decoder): its call fails with CUDA's initialization error in a forked DataLoader worker
        r"|\btorchcodec\b|\badd_video_stream\b|\bVideoDecoder\(|\bnvimgcodec\b|\bnvImageCodec\b"
        r"|\bUnhandled CUDA error: cudaErrorInitializationError\b"
        # and other GPU data-loading libraries' frames, or a Dataset's own __getitem__
        r"|\bnvidia\.dali\b|\bdecord\b|__getitem__",
        variants=(
            Variant(
                r"\btorchcodec\b|\badd_video_stream\b|\bVideoDecoder\(|\bnvimgcodec\b|\bnvImageCodec\b"
                r"|\bUnhandled CUDA error: cudaErrorInitializationError\b",
                "a GPU decoder (torchcodec, nvImageCodec) used in a data-loading worker",
                "A GPU decoder made or used inside a Dataset runs in the DataLoader's worker processes, which Linux "
                "forks from a parent that has already started CUDA: CUDA cannot start again in them, so the "
                "decoder's first CUDA call fails with 'initialization error' while the same code works in the main "
                "process. Decode on the GPU in the main process (the workers return the raw bytes or CPU frames; "
                "decode the batch after collation), or start the workers with spawn (DataLoader(..., "
                "multiprocessing_context='spawn'), or set_start_method('spawn') under `if __name__ == '__main__':`) "
                "and create the decoder lazily inside each worker, or use num_workers=0 / decode on the CPU in the "
                "workers.",
            ),
        ),
        unless=r"_lazy_init|torch\.cuda\.init\(|is_available\(\)|CUDA initialization:|\bpycuda\b|PyCUDA",
        loose=True,
        alternatives=("torch-cuda-fork", "torch-cuda-init-unknown"),
        weight=72,
        applies="torch with worker processes (DataLoader, Lightning, multiprocessing) on Linux",
        shown_by=(_test("test_initialization_error_mid_run"), f"{_R11}#sylabs-singularity-899"),
        example='  File "training_code/train.py", line 149, in visualize\nRuntimeError: CUDA error: initialization '
        "error",
        example_source="https://github.com/sylabs/singularity/issues/899",
    ),
)

FAMILIES: tuple[KnownError, ...] = (*_FAULTS, *_DRIVER, *_RUN)
