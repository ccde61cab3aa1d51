"""`explain`, round thirteen, pastes with little or no error line (issue 36): a process that died, hung or gave wrong
output, in the OS's, the shells' and each product's own words (the kernel's OOM records, Kubernetes / Docker /
Slurm, torch's DataLoader, Go's exec, Windows' paging file and NTSTATUS codes, CPython's faulthandler, glibc's malloc
checks, TensorFlow's and NumPy's CPU checks, Jupyter / VS Code, concurrent.futures / loky, diffusers, Keras, Paddle,
transformers, sentence-transformers, Ultralytics). Each wording is the one its source prints (named in the rows'
``example_source``), with near misses that must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def _keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_the_oom_killers_own_records_in_each_products_words() -> None:
    for text in (
        "[1234.5] Out of memory: Killed process 4321 (python3) total-vm:62345678kB, anon-rss:31234567kB",
        "Out of memory: Kill process 4321 (python) score 912 or sacrifice child",
        "python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0",
        "RuntimeError: DataLoader worker (pid 1234) is killed by signal: Killed.",
        "Error: llama runner process has terminated: signal: killed",
        "torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 1234) of binary: x",
    ):
        answer(text, "py-process-killed")
    k8s = answer(
        "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137", "py-process-killed"
    )
    assert "limits.memory" in k8s.fix
    slurm = answer(
        "slurmstepd: error: Detected 1 oom_kill event in StepId=36358.batch. Some of your processes may have been "
        "killed by the cgroup out-of-memory handler.",
        "env-batch-oom-kill",  # the scheduler's own row (environments) answers first, with Slurm's fix
    )
    assert "--mem" in slurm.fix
    assert "num_workers" in answer("DataLoader worker (pid 9) is killed by signal: Killed.", "py-process-killed").fix
    assert "num_ctx" in answer("llama runner process has terminated: signal: killed", "py-process-killed").fix
    # near misses: a DataLoader worker killed by another signal, a Kubernetes reason that is not memory
    assert "py-process-killed" not in _keys("RuntimeError: DataLoader worker (pid 1) is killed by signal: Bus error.")
    assert "py-process-killed" not in _keys("      Reason:       Completed\n      Exit Code:    0")


def test_windows_paging_file_and_crash_codes() -> None:
    mmap = answer(
        "Error: The paging file is too small for this operation to complete. (os error 1455)",
        "proc-windows-paging-file",
    )
    assert "System managed size" in mmap.fix and "safetensors" in mmap.fix
    # the same words where a DLL failed to load are windows-dll-load's (its variant names the paging file)
    dll = explain(
        "OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "
        '"C:\\x\\torch\\lib\\cudnn_adv_infer64_8.dll" or one of its dependencies.'
    )
    assert dll[0].key == "windows-dll-load"
    assert "proc-windows-paging-file" in _keys(
        "OSError: [WinError 1455] The paging file is too small for this operation to complete"
    )
    crash = answer("Process finished with exit code -1073741819 (0xC0000005)", "proc-windows-crash-code")
    assert "faulthandler" in crash.fix
    ill = answer("Process finished with exit code -1073741795 (0xC000001D)", "proc-windows-crash-code")
    assert "coreinfo" in ill.fix
    answer(
        "Windows fatal exception: stack overflow\n\nCurrent thread 0x00001234 (most recent call first):",
        "proc-windows-crash-code",
    )
    # near misses: a normal exit code, a CUDA error number that happens to share digits
    assert "proc-windows-crash-code" not in _keys("Process finished with exit code 0")
    assert "proc-windows-crash-code" not in _keys("Process finished with exit code 1")


def test_illegal_instruction_in_each_wording() -> None:
    for text in (
        "Illegal instruction (core dumped)",
        'zsh: illegal hardware instruction  python -c "import tensorflow"',
        "Fatal Python error: Illegal instruction\n\nCurrent thread 0x00007f (most recent call first):",
        "Process finished with exit code 132 (interrupted by signal 4: SIGILL)",
        "RuntimeError: NumPy was built with baseline optimizations: \n(X86_V2) but your machine doesn't support:\n"
        "(X86_V2).",
    ):
        answer(text, "proc-illegal-instruction")
    tf = answer(
        "The TensorFlow library was compiled to use AVX instructions, but these aren't available on your machine.\n"
        "Aborted (core dumped)",
        "proc-illegal-instruction",
    )
    assert "AVX" in tf.fix and "tensorflow" in tf.fix
    ggml = answer("./llama-cli -m model.gguf\nIllegal instruction (core dumped)", "proc-illegal-instruction")
    assert "GGML_NATIVE" in ggml.fix
    # near misses: TensorFlow's harmless CPU notice, and a GPU kernel's illegal instruction (a CUDA error)
    notice = explain(
        "I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU supports instructions that this TensorFlow "
        "binary was not compiled to use: AVX2 FMA"
    )
    assert notice.outcome == "warnings-only"
    assert "proc-illegal-instruction" not in _keys("RuntimeError: CUDA error: an illegal instruction was encountered")


def test_heap_corruption_aborts() -> None:
    for text in (
        "double free or corruption (!prev)\nAborted (core dumped)",
        "free(): invalid pointer\nAborted (core dumped)",
        "malloc(): unaligned tcache chunk detected\nAborted (core dumped)",
        "corrupted size vs. prev_size\nAborted (core dumped)",
        "munmap_chunk(): invalid pointer",
    ):
        assert "MALLOC_CHECK_" in answer(text, "proc-heap-corruption").fix
    # near miss: an abort with no heap message stays the native crash
    assert _keys("Aborted (core dumped)")[0] == "native-crash"
    assert _keys("Fatal Python error: Aborted\n\nCurrent thread 0x00007f (most recent call first):")[0] == (
        "native-crash"
    )


def test_dead_kernels_pools_and_hangs() -> None:
    jup = answer(
        "Kernel Restarting\nThe kernel appears to have died. It will restart automatically.",
        "proc-notebook-kernel-died",
    )
    assert "faulthandler" in jup.fix and jup.confidence == "likely"
    answer(
        "The Kernel crashed while executing code in the current cell or a previous cell. Please review the code "
        "in the cell(s) to identify a possible cause of the failure.",
        "proc-notebook-kernel-died",
    )
    pool = answer(
        "concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated "
        "abruptly while the future was running or pending.",
        "proc-worker-pool-died",
    )
    assert pool.confidence == "likely"
    loky = answer(
        "joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was "
        "unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an "
        "excessive memory usage causing the Operating System to kill the worker.\n\nThe exit codes of the workers "
        "are {SIGKILL(-9)}",
        "proc-worker-pool-died",
    )
    assert "mmap_mode" in loky.fix
    assert "spawn" in answer("RuntimeError: DataLoader timed out after 120 seconds", "proc-dataloader-timeout").fix
    hang = answer(
        'Timeout (0:10:00)!\nThread 0x00007f3a (most recent call first):\n  File "/x/threading.py", line 320 in wait',
        "proc-hang-stack-dump",
    )
    assert "py-spy" in hang.fix
    # near misses: a timeout inside a sentence, a kernel that merely restarted by request
    assert "proc-hang-stack-dump" not in _keys("Request Timeout (0:00:30)! retrying")
    assert "proc-notebook-kernel-died" not in _keys("Restarting kernel...")


def test_black_images_and_nan_words() -> None:
    nsfw = answer(
        "Potential NSFW content was detected in one or more images. A black image will be returned "
        "instead. Try again with a different prompt and/or seed.",
        "proc-safety-checker-black-image",
    )
    assert "safety_checker=None" in nsfw.fix
    keras = answer("Epoch 3/10\nBatch 120: Invalid loss, terminating training", "torch-nan-outputs")
    assert "clipnorm" in keras.fix
    paddle = answer("There are NAN or INF (num_nan=3, num_inf=0, num_zero=0) in [operator=conv2d]", "torch-nan-outputs")
    assert "ClipGradByGlobalNorm" in paddle.fix
    # near miss: a loss that is logged as a number
    assert "torch-nan-outputs" not in _keys("Batch 120: loss 0.3412")


def test_programs_that_report_the_cpu() -> None:
    for text in (
        "Using device: cpu",
        "Device set to use cpu",
        "2025-05-30 21:38:47,092 - INFO - Use pytorch device_name: cpu",
        "Running on CPU",
    ):
        e = answer(text, "proc-device-cpu-reported")
        assert "torch.cuda.is_available()" in e.fix and e.confidence == "likely"
    yolo = answer(
        "Ultralytics YOLOv8.0.196 🚀 Python-3.10.12 torch-2.1.0+cpu CPU (Intel Core(TM) i7-9750H 2.60GHz)",
        "proc-device-cpu-reported",
    )
    assert "CPU-only build" in yolo.fix
    # near misses: the GPU was picked; cpu named inside a longer sentence
    for text in (
        "Device set to use cuda:0",
        "Using device: cuda",
        "Use pytorch device_name: mps",
        "moving the optimizer state to the cpu device for offload",
    ):
        assert "proc-device-cpu-reported" not in _keys(text), text


def test_host_memory_in_the_language_runtimes_words() -> None:
    for text, word in (
        ('Exception in thread "main" java.lang.OutOfMemoryError: Java heap space', "-Xmx"),
        ("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", "max-old-space-size"),
        ("fatal error: runtime: out of memory\n\ngoroutine 1 [running]:", "swap"),
        ("memory allocation of 34359738368 bytes failed", "swap"),
        ("ollama.service: A process of this unit has been killed by the OOM killer.", "dmesg"),
        ("zsh: killed     python train.py", "dmesg"),
    ):
        e = explain(text)[0]
        assert e.key in ("host-memory-allocation", "py-process-killed") and word in e.fix, (text, e.key)
    # near miss: CUDA's own out-of-memory stays the GPU's
    assert explain("RuntimeError: CUDA error: out of memory")[0].key == "gpu-out-of-memory"
