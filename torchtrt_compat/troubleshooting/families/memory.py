"""GPU memory configuration and sizing in other products' words (issue 36, round eleven): the classes beside the
out-of-memory failure itself (``gpu-out-of-memory`` in `troubleshooting.table`, whose variants word the fix for each
product). TensorFlow's BFC allocator notice that is no failure, TensorFlow's memory growth set after the GPU was
initialised, vLLM's startup check of free memory against gpu_memory_utilization, an LLM server (SGLang, Hugging Face
TGI) that has no room left for its KV cache or warm-up batch after the weights, and host RAM that ran out (torch's
CPU allocator, NumPy's array allocation, ollama's memory check). Each pattern is keyed to the library's own wording
(TensorFlow's core/common_runtime/bfc_allocator.cc and python/eager/context.py; vLLM's v1/worker gpu_worker; SGLang's
model_executor memory pool configuration; TGI's server/text_generation_server/models warm-up; torch's
c10/core/impl/alloc_cpu.cpp; NumPy's core/_exceptions.py; ollama's llm/server.go); sizes, fractions and names are
read from the text, never written into a pattern. A CUDA IPC export or open (cuIpcGetMemHandle / cudaIpcGetMemHandle)
that reports a memory error is a sharing failure, not memory (issue 36, round thirty-three; Legion's
runtime/realm/cuda/cuda_module.cc).
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round11_f1mem.py"


_test = tests_in(_TESTS)


_CONFIG: tuple[KnownError, ...] = (
    KnownError(
        "tf-bfc-allocator-notice",
        "TensorFlow's allocator could not get memory it asked for and went on without it (a notice, not a failure)",
        r"The caller indicates that this is not a failure"
        r"|ran out of memory trying to allocate [^\n]{0,60}with freed_by_count=",
        "A notice, not a failure: a kernel (usually cuDNN choosing a convolution algorithm, or a workspace) asked "
        "TensorFlow's BFC allocator for optional scratch memory, did not get it, and chose a variant that needs "
        "less. The program goes on; it may only be slower than with more free memory.",
        "Nothing to fix when the program runs on. To silence it or give the kernels room: a smaller batch, memory "
        "growth (`tf.config.experimental.set_memory_growth(gpu, True)` before the first op), or fewer other "
        "processes on the GPU (`nvidia-smi`). If the program did fail, the error after these lines (OOM when "
        "allocating tensor, ResourceExhaustedError) is the one to explain.",
        severity="notice",
        weight=30,
        applies="TensorFlow 1.x and 2.x on a GPU (and Keras on TensorFlow)",
        shown_by=(_test("test_tensorflow_memory_in_its_own_words"),),
        example="W tensorflow/core/common_runtime/bfc_allocator.cc:245] Allocator (GPU_0_bfc) ran out of memory "
        "trying to allocate 272.00MiB with freed_by_count=0. The caller indicates that this is not a failure, but may "
        "mean that there could be performance gains if more memory were available.",
        example_source="TensorFlow tensorflow/core/common_runtime/bfc_allocator.cc (BFCAllocator::AllocateRawInternal, "
        "the dry-run warning), TensorFlow 2.x",
    ),
    KnownError(
        "serve-vllm-gpu-memory-utilization",
        "vLLM: less GPU memory is free at startup than gpu_memory_utilization asks for",
        r"Free memory on device[^\n]{0,80} on startup is less than desired GPU memory utilization",
        "vLLM takes gpu_memory_utilization (default 0.9) of the GPU's TOTAL memory for itself, and checks at "
        "startup that this much is free: another process holds the rest (a vLLM engine from an earlier run still "
        "alive, another model or server, a notebook), or several vLLM instances share one GPU with fractions that "
        "add up to more than 1.",
        "Free the GPU (`nvidia-smi` lists the processes; an orphaned VLLM::EngineCore from an earlier run holds "
        "memory until it is killed), or lower --gpu-memory-utilization (LLM(gpu_memory_utilization=...)) below the "
        "free share the message shows; instances that share a GPU need fractions that add up to less than 1.",
        weight=90,
        applies="vLLM (V1 engine) and the stacks that start it (OpenAI-compatible server, RL trainers)",
        shown_by=(_test("test_llm_server_memory_in_their_own_words"),),
        example="ValueError: Free memory on device (6.92/8.0 GiB) on startup is less than desired GPU memory "
        "utilization (0.9, 7.2 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.",
        example_source="vLLM vllm/v1/worker/gpu_worker.py (Worker.init_device, the startup memory check), vLLM 0.8+",
    ),
    KnownError(
        "serve-kv-cache-no-room",
        "An LLM server has no room for its KV cache or warm-up batch after the weights (SGLang, TGI)",
        r"Not enough memory\. Please try to increase --mem-fraction-static"
        r"|Not enough memory to handle \d{1,9} prefill tokens",
        "After loading the weights the server sizes its KV cache (and warms up with its largest prefill batch) from "
        "the memory left in its share of the GPU: the share is too small for the weights plus one batch, the "
        "context or prefill limits are too large for this GPU, or another process holds memory.",
        "Give the cache room or ask for less: quantize the weights (AWQ / GPTQ / FP8), shard the model over more "
        "GPUs (tensor parallel), lower the context and batch limits, and free the GPU of other processes "
        "(`nvidia-smi`).",
        variants=(
            Variant(
                r"--mem-fraction-static",
                "SGLang",
                "SGLang's --mem-fraction-static is the share of the GPU for the weights AND the KV cache pool: raise "
                "it (0.85 to 0.9; lower it only when the failure is a CUDA out of memory during a run), lower "
                "--context-length or --max-running-requests, quantize the weights (--quantization fp8), or shard "
                "over more GPUs (--tp).",
            ),
            Variant(
                r"prefill tokens|max-batch-prefill-tokens|text[-_]generation",
                "Hugging Face TGI",
                "TGI warms up with --max-batch-prefill-tokens tokens at once: lower it (and --max-total-tokens / "
                "--max-input-tokens to match), quantize (--quantize awq / gptq / fp8 / bitsandbytes), shard over "
                "more GPUs (--num-shard), and leave the GPU to TGI alone (--cuda-memory-fraction when it must "
                "share).",
            ),
        ),
        alternatives=("gpu-out-of-memory",),
        weight=92,  # the server's own diagnosis of the CUDA out of memory its warm-up raised
        applies="SGLang (memory pool configuration), Hugging Face text-generation-inference (warm-up)",
        shown_by=(_test("test_llm_server_memory_in_their_own_words"),),
        example="RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        example_source="SGLang python/sglang/srt/model_executor/model_runner.py (init_memory_pool, "
        "max_total_num_tokens <= 0); TGI server/text_generation_server/models/flash_causal_lm.py (warmup)",
    ),
)

#: memory that grows call after call, in the product's own warning
_GROWTH: tuple[KnownError, ...] = (
    KnownError(
        "tf-function-retracing",
        "TensorFlow retraces a tf.function on many calls (a notice; memory and time grow with each trace)",
        r"calls to <[^\n]{1,200}> triggered tf\.function retracing",
        "A notice, not a failure: TensorFlow traced the function again for new input shapes or Python values (Keras' "
        "predict / evaluate called in a loop, an @tf.function created inside a loop, Python numbers passed "
        "instead of tensors); every trace keeps a new graph, so a long loop slows down and its memory grows.",
        "Call the model directly in loops (`model(x, training=False)` or `model.predict_on_batch(x)`) or pass all "
        "inputs to one predict call; create tf.functions once, outside the loop; pass tensors of fixed shapes "
        "(`input_signature=[tf.TensorSpec([None, ...])]`, or `reduce_retracing=True`); when building models in a "
        "loop, `tf.keras.backend.clear_session()` between them.",
        severity="notice",
        weight=30,
        applies="TensorFlow 2.x, Keras on TensorFlow",
        shown_by=(_test("test_tensorflow_memory_in_its_own_words"),),
        example="WARNING:tensorflow:5 out of the last 5 calls to <function Model.make_predict_function.<locals>."
        "predict_function at 0x7f0c> triggered tf.function retracing. Tracing is expensive and the excessive number "
        "of tracings could be due to (1) creating @tf.function repeatedly in a loop, (2) passing tensors with "
        "different shapes, (3) passing Python objects instead of tensors.",
        example_source="TensorFlow tensorflow/python/eager/polymorphic_function/polymorphic_function.py (the "
        "frequent-tracing warning), TensorFlow 2.x",
    ),
)

_HOST: tuple[KnownError, ...] = (
    KnownError(
        "host-memory-allocation",
        "Host memory (RAM) could not be allocated: torch's CPU allocator, NumPy, ollama's memory check",
        r"DefaultCPUAllocator: (?:not enough memory|can't allocate memory)"
        r"|Unable to allocate [\d.]{1,12} [KMGTPE]?i?B for an array with shape"
        r"|model requires more system memory \([^)\n]{1,24}\) than is available"
        # the language runtimes' own words (issue 36, round thirteen): the JVM's OutOfMemoryError (a Java binding
        # such as DJL), Go's runtime throw, V8's heap limit, Rust's default alloc error handler
        r"|java\.lang\.OutOfMemoryError: (?:Java heap space|Direct buffer memory|GC overhead limit exceeded)"
        r"|fatal error: runtime: out of memory|JavaScript heap out of memory"
        r"|^memory allocation of \d{1,20} bytes failed"
        # C++'s allocation failure (std::bad_alloc, from operator new: a library's host buffers), Python's
        # MemoryError and the kernel's ENOMEM (errno 12: a fork, an mmap) (issue 36, round fourteen)
        r"|\bstd::bad_alloc\b|^\s{0,8}MemoryError\b|\[Errno 12\] Cannot allocate memory|Cannot allocate memory \(12\)"
        r"|\bfork: Cannot allocate memory",
        "The machine's RAM (not the GPU's memory) ran out: a tensor or array larger than the free RAM (often a "
        "whole dataset, a float64 array, a model's full-precision weights loaded on the CPU before moving to the "
        "GPU), several copies at once, or a model larger than RAM plus what fits on the GPU. On Windows the page "
        "file's size bounds it too.",
        "Use less RAM at once: smaller arrays or chunks (np.memmap, a data loader instead of one array), float32 or "
        "lower precision, no extra copies; load models straight to the GPU or lazily (torch.load(..., mmap=True), "
        "transformers' low_cpu_mem_usage=True / device_map='auto'); close other programs; on Windows let the "
        "page file grow (System > Advanced > Performance > Virtual memory).",
        variants=(
            Variant(
                r"model requires more system memory",
                "ollama",
                "The model does not fit RAM plus the GPU's memory: pull a smaller model or quantization (a q4_K_M "
                "tag), lower the context (num_ctx / OLLAMA_CONTEXT_LENGTH), unload other models (`ollama ps`, "
                "`ollama stop <model>`; OLLAMA_MAX_LOADED_MODELS=1), and close other programs.",
            ),
            Variant(
                r"java\.lang\.OutOfMemoryError",
                "the JVM (a Java binding)",
                "The JVM's own limit was reached, not necessarily the machine's RAM: raise it (`-Xmx16g` for 'Java "
                "heap space', `-XX:MaxDirectMemorySize=8g` for 'Direct buffer memory'; JAVA_TOOL_OPTIONS reaches "
                "launched programs), and close predictors / NDManagers (DJL) so native buffers are freed.",
            ),
            Variant(
                r"JavaScript heap out of memory",
                "Node.js (V8's heap limit)",
                "V8 stopped at its heap limit, not the machine's RAM: raise it "
                "(`NODE_OPTIONS=--max-old-space-size=8192`), or stream the data instead of holding it in one array.",
            ),
            Variant(
                r"fatal error: runtime: out of memory|^memory allocation of \d{1,20} bytes failed",
                "a Go or Rust program",
                "The program asked the OS for more RAM than it could have (the size is in the message): use a "
                "smaller model or batch, memory-map weights instead of reading them, close other programs, add swap; "
                "in a container raise its --memory limit.",
            ),
            Variant(
                r"std::bad_alloc",
                "C++'s std::bad_alloc",
                "std::bad_alloc is a host (CPU) allocation that failed, not the GPU's memory: a smaller GPU batch does "
                "not help. Find what grows in RAM (results, features or a dataset kept in Python lists / arrays for "
                "the whole run: write them to disk per batch, e.g. np.save or an h5py / memmap file), watch it with "
                "`free -h` or `top`, add RAM or swap; in a container raise its --memory limit. A size that is absurd "
                "(a corrupt file, a negative shape) also throws it: check the input the call read.",
            ),
            Variant(
                r"Cannot allocate memory",
                "the kernel refused memory (errno 12)",
                "The kernel refused the process more memory (ENOMEM): a fork of a large process (DataLoader workers, "
                "subprocess) under strict overcommit, or RAM and swap both full: use fewer workers "
                "(num_workers), add swap, or allow overcommit (`sysctl vm.overcommit_memory=0`); in a container "
                "raise its --memory limit.",
            ),
            # issue 36, round sixty: torch's own CPU allocator while a model ran (its frames show a forward or a
            # generation, not a checkpoint's load): the work was on the CPU, which the user often did not mean (a
            # torch without CUDA, a device option left at its CPU default)
            Variant(
                r"\A(?=[\s\S]{0,300000}?DefaultCPUAllocator: (?:not enough memory|can't allocate memory))"
                r"(?=[\s\S]{0,300000}?, line \d{1,6}, in (?:forward|generate\w{0,20}|encode\w{0,20}|decode\w{0,20}"
                r"|sample\w{0,20}|inference|predict\w{0,10}|_call_impl|super_resolution)\b)"
                r"(?![\s\S]{0,300000}?(?:in load_state_dict|torch\.load\(|in _?load\b|in from_pretrained))",
                "torch's CPU allocator (the model ran on the CPU)",
                "torch allocated this tensor in RAM, so the model ran on the CPU. If it was meant to run on the GPU, "
                "check `python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'`: a CPU-only "
                "torch (a +cpu wheel, or the default wheel on Windows) runs everything in RAM, where a model's "
                "activations for a long input do not fit; install torch's CUDA build for your GPU and pass the "
                "program's device option (--device cuda / -d cuda:0). On the CPU on purpose: shorter inputs or "
                "smaller batches, float32 rather than float64, and a larger page file on Windows.",
            ),
            Variant(
                r"for an array with shape",
                "NumPy",
                "The array is larger than free RAM: check its shape and dtype (the message names both; float64 "
                "doubles float32), build it in chunks or as np.memmap on disk, avoid temporaries (in-place ops, "
                "out=), and on Windows let the page file grow.",
            ),
        ),
        weight=80,
        applies="any program on the CPU side: torch (c10's CPU allocator), NumPy, ollama",
        shown_by=(
            _test("test_host_memory_in_each_products_words"),
            "tests/troubleshooting/test_round14_q1dist.py::test_host_allocation_in_cpp_python_and_the_kernel",
        ),
        example="RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: not enough memory: you "
        "tried to allocate 37984010240 bytes.",
        example_source="torch c10/core/impl/alloc_cpu.cpp (alloc_cpu); NumPy numpy/core/_exceptions.py "
        "(_ArrayMemoryError.__str__); ollama llm/server.go (the system memory check); "
        "https://github.com/ypwhs/dogbreed_gluon/issues/3 (std::bad_alloc under a dead kernel)",
    ),
)

#: GPU memory shared between processes (issue 36, round thirty-three): CUDA's IPC export of an allocation, which a
#: driver reports with a memory error although nothing ran out
_IPC: tuple[KnownError, ...] = (
    KnownError(
        "cuda-ipc-handle-failed",
        "A CUDA IPC memory handle could not be made or opened (cuIpcGetMemHandle / cudaIpcGetMemHandle failed)",
        # the driver API's and the runtime API's IPC calls with the error a program's check macro prints after them
        # (Legion / Realm's CUDA_DRIVER_FNPTR(cuIpcGetMemHandle)(...) = 2(CUDA_ERROR_OUT_OF_MEMORY), a C++ check's
        # "cudaIpcGetMemHandle failed: invalid argument", NCCL / UCX's "cuIpcOpenMemHandle ... failed")
        r"\bcu(?:da)?Ipc(?:Get|Open)MemHandle\b[^\n]{0,200}?(?:CUDA_ERROR_\w{3,40}|cudaError\w{3,40}|out of memory"
        r"|invalid (?:argument|value|context|device pointer)|not (?:supported|permitted)|failed|error)"
        # numba's wording of a failed driver call (cuda/cudadrv/driver.py: CudaAPIError(code, "Call to <fn> results
        # in <error name>"); its entry points are named call_cuXxx in some releases) (issue 36, round forty)
        r"|CudaAPIError\(\d{1,4}, '?Call to (?:call_)?cuIpc(?:Get|Open)MemHandle results in \w{3,60}"
        # Triton's Python backend opening a GPU tensor another model (or the server) handed it (issue 36, round
        # forty-two), often nested in a wrapped error: "TritonModelException, Failed to open the cudaIpcHandle.
        # error: unknown error"
        r"|Failed to open the cudaIpcHandle\b"
        # the custom all-reduce kernels of vLLM, SGLang (sgl-kernel) and TensorRT-LLM, which map each peer GPU's
        # buffers through CUDA IPC and P2P: their CUDA check prints the source line ("Failed: Cuda error
        # /workspace/csrc/custom_all_reduce.cuh:307 'invalid argument'", "RuntimeError: invalid argument\n
        # /sgl-kernel/csrc/allreduce/custom_all_reduce.cuh:350"; issue 36, round fifty-three)
        r"|\bcustom_all_?reduce\w{0,20}\.cuh?:\d{1,5}",
        "CUDA IPC lets another process map this process's GPU allocation; exporting or opening the handle fails "
        "where the allocation or the platform cannot be shared, and the driver often reports that as 'out of "
        "memory' or 'invalid argument' although the GPU has room: memory from an allocator that is not IPC-capable "
        "(cudaMallocAsync / memory pools, managed memory, a virtual-memory mapping), a container whose IPC namespace "
        "or process view is private, WSL2 or Windows (CUDA IPC is Linux-only), a vGPU / MIG configuration, or a "
        "driver and runtime of different releases.",
        "It is not a lack of GPU memory: more memory or a smaller model does not help. Run the processes in one IPC "
        "and PID namespace (Docker: `--ipc=host` and `--pid=host`, or one container for all of them, with enough "
        "--shm-size); on WSL2 / Windows, or with one GPU and one process, turn the program's CUDA IPC off; keep the "
        "driver and the CUDA runtime of one release (`nvidia-smi`'s driver supports the image's CUDA); allocate "
        "the shared buffers with plain cudaMalloc, not a stream-ordered pool or managed memory.",
        variants=(
            Variant(
                r"\bcustom_all_?reduce",
                "a serving engine's custom all-reduce (vLLM, SGLang, TensorRT-LLM)",
                "The serving engine's custom all-reduce (used instead of NCCL for small tensors under tensor "
                "parallelism) maps the other GPUs' buffers through CUDA IPC and peer-to-peer access, and that "
                "failed between these GPUs: turn it off (vLLM: `--disable-custom-all-reduce` / "
                "LLM(..., disable_custom_all_reduce=True); SGLang: `--disable-custom-all-reduce` or "
                "disable_custom_all_reduce=True in the engine's arguments; TensorRT-LLM: an all-reduce strategy of "
                "NCCL) so the engine uses NCCL, or keep the engine at tensor parallel 1. GPUs without P2P between "
                "them (`nvidia-smi topo -m`; consumer cards, VMs, IOMMU on) and containers without --ipc=host fail "
                "here.",
            ),
            # issue 36, round forty-two: the Python backend of Triton Inference Server (its c_python_backend_utils,
            # pb_utils, TritonModelException), where GPU tensors between models travel as CUDA IPC handles
            Variant(
                r"c_python_backend_utils|\bpb_utils\b|TritonModelException|python_backend|InferenceServerException"
                r"|\btritonserver\b|Failed to open the cudaIpcHandle",
                "Triton's Python backend",
                "Triton's Python backend passes GPU tensors between the server and each model's stub process as "
                "CUDA IPC handles, and opening one failed (a wrapped error such as a TypeError of the response may "
                "stand in front of it: the IPC failure is the cause). Start the server's container with "
                "`--ipc=host` (and a large --shm-size), keep the models that exchange GPU tensors on the same GPU "
                "(instance_group of KIND_GPU with the same gpus), or let the model take its inputs on the CPU: "
                'parameters { key: "FORCE_CPU_ONLY_INPUT_TENSORS" value: {string_value: "yes"} } in its '
                "config.pbtxt (the default); under WSL2 CUDA IPC does not exist, so keep the tensors on the CPU.",
                strict=True,
            ),
            # issue 36, round forty: Dask workers (dask-cuda, dask_cudf and the RAPIDS libraries built on them)
            # handing GPU results to each other or to the client through IPC handles
            Variant(
                r"\bdistributed\.worker\b|\bdask(?:_cuda|_cudf|-cuda)?\b|LocalCUDACluster|\bucx\b",
                "Dask workers (dask-cuda, dask_cudf) sharing GPU memory",
                "A Dask worker opened a CUDA IPC handle that another worker or process exported. A handle cannot be "
                "opened in the process that made it, and it fails across containers or PID / IPC namespaces that "
                "are not shared, and between workers whose GPU mapping differs (CUDA_VISIBLE_DEVICES). Give each "
                "worker its own GPU (dask-cuda's LocalCUDACluster: one worker per GPU), run the workers and the "
                "client in one container or with `--ipc=host --pid=host`, or use a release of the library that "
                "drives the workers (dask-cuda, the RAPIDS release) that moves results between workers on one GPU "
                "without IPC handles; with a single GPU, the library's local mode (no distributed cluster) avoids "
                "IPC altogether.",
                strict=True,
            ),
            Variant(
                r"\brealm[\\/]cuda\b|\bcuda_module\.cc\b|\blegion\b",
                "Legion / Realm (FlexFlow, Legate)",
                "Realm (Legion's runtime, under FlexFlow Serve and Legate) exports each GPU's framebuffer memory "
                "with CUDA IPC when it starts, so the failure comes before any model loads and a larger memory "
                "size does not help. Start the container with `--ipc=host` (and `--pid=host`, a large "
                "--shm-size), make sure the host driver supports the image's CUDA, or turn Realm's CUDA IPC off "
                "with its command-line option `-cuda:ipc 0` (through the program's Legion / Realm arguments) when "
                "one process uses the GPU.",
            ),
        ),
        alternatives=("gpu-out-of-memory",),
        weight=94,  # the IPC call is the cause of the "out of memory" it reports
        applies="Linux CUDA programs that share GPU memory between processes (torch.multiprocessing, NCCL / UCX, "
        "Legion / Realm, vLLM / SGLang workers)",
        shown_by=("tests/troubleshooting/test_round33_v33llmserve.py::test_cuda_ipc_export_is_not_gpu_memory",),
        example="cuda_module.cc(4745):CUDA_DRIVER_FNPTR(cuIpcGetMemHandle)(&alloc.ipc_handle, alloc.dev_ptr) = "
        "2(CUDA_ERROR_OUT_OF_MEMORY): out of memory",
        example_source="Legion runtime/realm/cuda/cuda_module.cc (its CUDA IPC export and its -cuda:ipc option); "
        "CUDA driver API cuIpcGetMemHandle",
    ),
)

#: the rows of this domain (`families.FAMILIES` plugs them in)
FAMILIES: tuple[KnownError, ...] = (*_CONFIG, *_GROWTH, *_HOST, *_IPC)
