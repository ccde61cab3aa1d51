"""`explain`, round twenty-four (issue 36): failures after a long run or now and then. The fix must read what the text
shows: a GPU fault or a cuBLAS failure after many good epochs points at the GPU and the machine (Xid, other
processes, TDR, overclock), an out-of-memory after many epochs at a leak and one at the first validation batch at
no_grad, a misaligned address at the kernel library's version, a DataLoader worker killed by a native abort at the
data pipeline, a crash while Python shuts down at teardown. Near misses (the same errors at the first step) keep the
families' other fixes."""

from __future__ import annotations

from _explain import first

_OOM = "RuntimeError: CUDA error: out of memory"


def test_out_of_memory_after_many_epochs_is_a_leak() -> None:
    for text in (
        "Epoch 57/200: 100%|####| 500/500 [03:10<00:00]\n" + _OOM,
        _OOM + " after 120 epochs of training",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. training ran overnight",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "leak" in fix and "memory_allocated" in fix, text
    # the first epoch: the generic fixes (no leak)
    key, fix = first("Epoch 1/200: 3%|#| 15/500\n" + _OOM)
    assert key == "gpu-out-of-memory" and "leak" not in fix


def test_out_of_memory_at_the_first_validation_batch_is_no_grad() -> None:
    text = "0/10 * Epoch (train): 100% 32/32\n0/10 * Epoch (valid):   3% 1/32\n" + _OOM
    key, fix = first(text)
    assert key == "gpu-out-of-memory" and "no_grad" in fix and "model.eval()" in fix
    lightning = "Validation DataLoader 0:  12%|#| 3/25\n" + _OOM
    assert "no_grad" in first(lightning)[1]
    # "validation" in a file name is no validation phase
    assert "no_grad" not in first("python validation_tool.py\n" + _OOM)[1]


def test_gpu_faults_after_a_long_good_run_point_at_the_machine() -> None:
    for text in (
        "RuntimeError: CUDA error: an illegal memory access was encountered after 30 epochs",
        "| Epoch: 167/1630 | Step: 284k |\nRuntimeError: CUDA error: CUBLAS_STATUS_INTERNAL_ERROR when calling "
        "`cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",
        "I0420 22:48:18.898177  7233 sgd_solver.cpp:138] Iteration 12520, lr = 0.001\nF0421 09:02:45.161278 "
        "7233 math_functions.cu:52] Check failed: status == CUBLAS_STATUS_SUCCESS (13 vs. 0)  "
        "CUBLAS_STATUS_EXECUTION_FAILED",
        "RuntimeError: CUDA error: unspecified launch failure, randomly after a few hours",
    ):
        key, fix = first(text)
        assert key in {
            "illegal-memory-access",
            "torch-cublas-failure",
            "cublas-failure-other-framework",
            "torch-gpu-fault",
        }, text
        assert "Xid" in fix and "nvidia-smi" in fix and "TdrDelay" in fix and "overclock" in fix, text
    # at the first step: the code or the build (no long-run fix)
    key, fix = first("RuntimeError: CUDA error: an illegal memory access was encountered")
    assert key == "illegal-memory-access" and "TdrDelay" not in fix
    key, fix = first("Epoch 1\nRuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm(`")
    assert key == "torch-cublas-failure" and "TdrDelay" not in fix


def test_misaligned_address_points_at_the_kernel_librarys_version() -> None:
    key, fix = first("Cuda failure..............: misaligned address")
    assert key == "torch-gpu-fault" and "versions the project pins" in fix
    key, fix = first("RuntimeError: CUDA error: an illegal instruction was encountered")
    assert key == "torch-gpu-fault" and "versions the project pins" not in fix


def test_cudnn_handle_failing_mid_run_is_the_jit_cache() -> None:
    line = (
        "E tensorflow/stream_executor/cuda/cuda_dnn.cc:385] could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"
    )
    key, fix = first(" 10%|##| 49973/500000 [02:52<25:54, 289.55it/s]2018-05-28 23:08:09.915921: " + line)
    assert key == "cudnn-not-initialized" and "~/.nv/ComputeCache" in fix and "set_memory_growth" in fix
    # at start-up: TensorFlow's memory growth first, no cache
    key, fix = first("2018-05-28 23:08:09.915921: " + line)
    assert key == "cudnn-not-initialized" and "ComputeCache" not in fix and "set_memory_growth" in fix


def test_dataloader_worker_killed_by_a_native_abort() -> None:
    # torch/csrc/DataLoader.cpp's SIGCHLD handler; gperftools' tcmalloc.cc invalid free
    for text in (
        "src/tcmalloc.cc:283] Attempt to free invalid pointer 0x1 \nRuntimeError: DataLoader worker (pid 2256) is "
        "killed by signal: Aborted.",
        "RuntimeError: DataLoader worker (pid 71) is killed by signal: Segmentation fault.",
    ):
        key, fix = first(text)
        assert key == "host-dataloader-worker-exited" and "num_workers=0" in fix, text
    # SIGKILL is the OOM killer's (host RAM), not a native crash
    assert first("RuntimeError: DataLoader worker (pid 71) is killed by signal: Killed.")[0] == "py-process-killed"


def test_a_crash_at_interpreter_exit_after_the_work() -> None:
    text = (
        "all tests OK\nFatal Python error: Segmentation fault\n\nCurrent thread 0x00007f01 (most recent call first):\n"
        "  Garbage-collecting\n  <no Python frame>"
    )
    key, fix = first(text)
    assert key == "exit-teardown-crash" and "os._exit" in fix
    # a segfault with the program's own frames is not a teardown
    mid = (
        "Fatal Python error: Segmentation fault\n\nCurrent thread 0x00007f01 (most recent call first):\n"
        '  File "train.py", line 12 in main'
    )
    assert first(mid)[0] != "exit-teardown-crash"
