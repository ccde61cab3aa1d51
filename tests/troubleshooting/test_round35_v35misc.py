"""`explain`, round thirty-five (issue 36), miscellaneous classes: an out of memory from a large output resolution, a
module that is not a package (a shadowing module), a cuBLAS other than torch's, CUDA's unknown error in the middle of
a long native run, cuBLAS's NOT_INITIALIZED with no memory figures (memory or an earlier assert), an index assert in
an LLM server, old torch's THD wording of NCCL missing, a TensorFlow plugin's op library "not found", a unified-memory
pool on a pre-Pascal GPU and std::terminate with no active exception. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def test_out_of_memory_of_a_large_output_resolution_lowers_the_scale() -> None:
    oom = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 6.20 GiB (GPU 0; 23.65 GiB total capacity; "
        "12.01 GiB already allocated; 3.10 GiB free; 12.40 GiB reserved in total by PyTorch)"
    )
    for context in (
        "python inference_upscale.py --input big.png --outscale 4\n",
        "Upscaling image 1/1 (7200x9600) with the x4 model\n",
        "running super-resolution with tile_size 512\n",
    ):
        key, fix = first(context + oom)
        assert key == "gpu-out-of-memory" and "scale factor" in fix and "tiling bounds" in fix, context
    # near miss: a plain training OOM keeps torch's batch advice
    key, fix = first("Epoch 1/10\n" + oom)
    assert key == "gpu-out-of-memory" and "scale factor" not in fix and "batch" in fix


def test_a_module_that_is_not_a_package_is_a_shadowing_module() -> None:
    text = "ModuleNotFoundError: No module named 'mylib.helpers.io_utils'; 'mylib.helpers' is not a package"
    key, fix = first(text)
    assert key == "py-module-attribute-missing" and "__file__" in fix and "uninstall" in fix
    # near miss: a plain missing module stays py-module-missing
    assert first("ModuleNotFoundError: No module named 'mylib.helpers'")[0] == "py-module-missing"


def test_cublas_invalid_value_with_a_second_cublas_on_the_path() -> None:
    call = "RuntimeError: CUDA error: CUBLAS_STATUS_INVALID_VALUE when calling `cublasSgemm( handle, opa, opb, m, n)`"
    key, fix = first("pip list shows nvidia-cublas-cu11 11.10.3.66 beside torch 1.13.0+cu117\n" + call)
    assert key == "torch-cublas-failure" and "besides the one torch" in fix and "nvidia-cublas" in fix
    key, fix = first("export LD_LIBRARY_PATH=/usr/local/cuda-10.2/lib64\n" + call)
    assert key == "torch-cublas-failure" and "LD_LIBRARY_PATH" in fix
    # near miss: nothing about the libraries: the generic fix, which still names the check
    key, fix = first(call)
    assert key == "torch-cublas-failure" and "CUDA_LAUNCH_BLOCKING" in fix and "nvidia-cublas" in fix


def test_cuda_unknown_error_after_thousands_of_updates_is_a_machine_fault() -> None:
    text = (
        "[2025-03-02 10:00:01] Ep. 3 : Up. 42000 : Sen. 12,000,000 : Cost 1.52 : Time 300.1s\n"
        "[2025-03-02 10:00:05] Error: CUDA error 999 'unknown error' - src/tensors/gpu/device.cu:32: "
        "cudaStreamSynchronize(0)\n"
    )
    key, fix = first(text)
    assert key == "torch-gpu-fault" and "Xid" in fix and "checkpoint" in fix
    steps = "step 15000 | loss 2.31\nRuntimeError: CUDA error: unknown error\n"
    assert first(steps)[0] == "torch-gpu-fault"
    # near miss: the same error when CUDA starts keeps the start-up family
    start = "Loading model...\nRuntimeError: CUDA error: unknown error\n"
    assert first(start)[0] == "torch-cuda-init-unknown"


def test_cublas_not_initialized_without_memory_figures_is_likely_and_names_the_assert() -> None:
    text = "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`"
    found = explain(text)
    assert found.first_answer == "torch-cublas-alloc"
    assert "likely" in found.summary and "torch-device-assert" in found.summary
    assert "device-side assert" in found[0].fix and "CUDA_LAUNCH_BLOCKING" in found[0].fix
    # the status names the memory: sure, the memory fix
    alloc = "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`"
    found = explain(alloc)
    assert found.first_answer == "torch-cublas-alloc" and "likely" not in found.summary
    # an earlier assert in the text ranks first
    asserted = (
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:699: indexSelectLargeIndex: block: [3,0,0], thread: "
        "[5,0,0] Assertion `srcIndex < srcSelectDimSize` failed.\n" + text
    )
    assert first(asserted)[0] == "torch-device-assert"


def test_an_index_assert_in_an_llm_server_is_ids_from_another_tokenizer() -> None:
    text = (
        "Indexing.cu:1289: indexSelectSmallIndex: block: [2,0,0], thread: [7,0,0] Assertion `srcIndex < "
        "srcSelectDimSize` failed.\nERROR 03-01 10:00:00 engine.py:160] RuntimeError('CUDA error: device-side assert "
        'triggered\')\n  File "/opt/venv/lib/python3.11/site-packages/vllm/engine/llm_engine.py", line 1400, in step'
    )
    key, fix = first(text)
    assert key == "torch-device-assert" and "raw strings" in fix and "tiktoken" in fix
    # near miss: the same assert in a 3D project keeps the index_select variant
    point = (
        "Indexing.cu:1289: indexSelectSmallIndex: block: [2,0,0], thread: [7,0,0] Assertion `srcIndex < "
        'srcSelectDimSize` failed.\n  File "train_gaussians.py", line 90, in densify_and_prune'
    )
    key, fix = first(point)
    assert key == "torch-device-assert" and "densification" in fix


def test_old_torch_thd_wording_of_nccl_missing() -> None:
    text = (
        "RuntimeError: the distributed NCCL backend is not available; try to recompile the THD package with CUDA "
        "and NCCL 2+ support at /opt/build/torch/lib/THD/process_group/General.cpp:20"
    )
    assert first(text)[0] == "torch-nccl-unavailable"
    key, fix = first(text + '\n  File "/Users/ana/proj/train.py", line 12, in <module>')
    assert key == "torch-nccl-unavailable" and "Mac" in fix
    # near miss: a Linux run keeps the generic (gloo) fix
    assert "Mac" not in first(text)[1]


def test_tensorflow_plugin_op_library_not_found() -> None:
    text = (
        "tensorflow.python.framework.errors_impl.NotFoundError: C:\\envs\\q\\Lib\\site-packages\\tf_plugin\\ops\\"
        "_plugin_ops.so not found"
    )
    key, fix = first(text)
    assert key == "jit-tf-custom-op-abi" and "pins" in fix and "Windows" in fix
    # near miss: a missing SavedModel file is no op library
    assert first("NotFoundError: /models/saved_model.pb not found")[0] != "jit-tf-custom-op-abi"


def test_unified_memory_pool_on_a_pre_pascal_gpu() -> None:
    text = (
        "Using CUDA Device [0]: GeForce GTX 780\nDevice Compute Capability: 3.5\n"
        "[E] [unified_allocator.cpp:Allocator@30] Cuda Error cudaErrorMemoryAllocation: out of memory\n"
    )
    key, fix = first(text)
    assert key == "gpu-older-than-release" and "Pascal" in fix
    # a managed allocation failing with no old GPU named: still out of memory, with the managed-memory fix
    key, fix = first("cudaMallocManaged failed: out of memory\nRuntimeError: CUDA out of memory.")
    assert key == "gpu-out-of-memory" and "managed" in fix
    # near miss: plain out of memory on an old GPU stays out of memory
    assert first("GeForce GTX 970\nRuntimeError: CUDA out of memory. Tried to allocate 2.00 MiB")[0] == (
        "gpu-out-of-memory"
    )


def test_terminate_without_an_active_exception_is_a_thread_at_teardown() -> None:
    text = (
        "100%|##########| 240/240 [02:00<00:00,  2.00it/s]\nterminate called without an active exception\n"
        "Aborted (core dumped)"
    )
    key, fix = first(text)
    assert key == "exit-teardown-crash" and "joinable" in fix and "join" in fix
    # near miss: a C++ exception thrown and not caught is not this
    other = "terminate called after throwing an instance of 'std::runtime_error'\n  what():  bad input"
    assert first(other)[0] != "exit-teardown-crash"
