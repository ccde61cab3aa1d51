"""`explain`, round eighteen, how a run ended (issue 36, u18run): NaN outputs the program printed before a crash,
a segfault after TensorRT loaded the engine and created its context, a C / C++ assert() before the abort, a CPU
fallback in a container started without the GPU, and a GPU the parent sees but the worker does not. The wordings are
the programs' own (numpy's and torch's printouts, TensorRT's logger, glibc's __assert_fail, Cellpose's core.py,
PyTorch Lightning's accelerator summary); near misses must not match."""

from __future__ import annotations

from _explain import answer

from torchtrt_compat.troubleshooting import explain


def keys(text: str) -> list[str]:
    return [e.key for e in explain(text)]


def test_nan_printed_before_a_crash_leads() -> None:
    # numpy's printout of an all-NaN disparity from a TensorRT harness, then the script's segfault
    text = (
        "Detected output: disp, shape: (1, 1, 480, 640), dtype: <class 'numpy.float32'>\nOutput for disp: "
        "[[[[nan nan nan ... nan nan nan]\n[nan nan nan ... nan nan nan]]]]\nSegmentation fault (core dumped)"
    )
    e = answer(text, "torch-nan-outputs")
    assert "FP32" in e.fix and "polygraphy" in e.fix
    assert keys(text)[1] == "native-crash"
    # torch's repr, a C++ printf of -nan, a logged loss, a script's own check
    assert keys("tensor([nan, nan, nan], device='cuda:0')\nSegmentation fault")[0] == "torch-nan-outputs"
    assert keys("out: -nan -nan -nan -nan\nBus error")[0] == "torch-nan-outputs"
    assert keys("epoch 3 loss: nan\nSegmentation fault (core dumped)")[0] == "torch-nan-outputs"
    assert keys("WARNING: disparity contains NaN")[0] == "torch-nan-outputs"
    # near misses: nanometres, a nano model, NaN handling named in an option, finite numbers
    for text in (
        "using yolov8n (nano) model, size 640 nm",
        "nan_to_num applied to the input",
        "[[0.1 0.2 0.3 ... 0.4 0.5 0.6]]",
        "the output has NaN checks enabled",
    ):
        assert "torch-nan-outputs" not in keys(text), text


def test_segfault_after_the_engine_loaded() -> None:
    text = (
        "[INFO] Successfully deserialized engine from tensorrt file\n[01/03/2025-06:30:38] [I] [MemUsageChange] "
        "TensorRT-managed allocation in IExecutionContext creation: CPU +0, GPU +73, now: CPU 0, GPU 169 (MiB)\n"
        "Segmentation fault (core dumped)"
    )
    e = answer(text, "native-crash")
    assert "gdb" in e.fix and "set_tensor_address" in e.fix
    assert e.fix.index("gdb") < e.fix.index("rebuild")
    # a cached engine loaded with nothing after it keeps the stale-engine fix
    cached = "Loading cached TensorRT engine from engines/engine_bs_1.buf\nSegmentation fault (core dumped)"
    e = answer(cached, "native-crash")
    assert "delete the cached engine" in e.fix


def test_a_crash_after_an_earlier_failure_is_not_the_answer() -> None:
    # glibc's __assert_fail, then the abort
    e = answer(
        "demo: /src/engine.cpp:120: int main(int, char**): Assertion `engine != nullptr' failed.\n"
        "Aborted (core dumped)",
        "native-assert-failed",
    )
    assert e.op == "engine != nullptr"
    assert answer("Assertion failed: idx < n, file C:\\src\\pre.cpp, line 42\n", "native-assert-failed").op == "idx < n"
    # a CUDA error and a kill before the crash lead
    assert keys("RuntimeError: CUDA error: an illegal memory access was encountered\nSegmentation fault")[0] != (
        "native-crash"
    )
    assert keys("Killed\nSegmentation fault (core dumped)")[0] != "native-crash"
    # near misses: an assertion named in prose, Python's AssertionError
    assert "native-assert-failed" not in keys("the assertion failed in my test")
    assert "native-assert-failed" not in keys("AssertionError: shapes differ")


def test_cpu_fallback_in_a_container_without_the_gpu() -> None:
    e = answer("$ docker run -it myimg python infer.py\nUsing device: cpu", "host-container-cpu-only")
    assert "--gpus all" in e.fix
    e = answer(
        "$ singularity exec tractseg.sif TractSeg -i dwi.nii.gz\n[INFO] Neither TORCH CUDA nor MPS version not "
        "installed/working.",
        "host-container-cpu-only",
    )
    assert "--nv" in e.fix
    assert keys("$ apptainer exec img.sif python run.py\nGPU available: False, used: False")[0] == (
        "host-container-cpu-only"
    )
    # near misses: the container was given the GPU; no container at all; the CPU build of torch
    assert "host-container-cpu-only" not in keys("$ docker run --gpus all img python a.py\nUsing device: cpu")
    assert "host-container-cpu-only" not in keys("Using device: cpu")
    assert "host-container-cpu-only" not in keys("docker image built\ntorch version: 2.4.1+cpu\nUsing device: cpu")


def test_gpu_seen_by_the_parent_not_by_the_worker() -> None:
    text = "CUDA Available: True\n...\nNeither TORCH CUDA nor MPS version not installed/working.\n>>>> using CPU"
    e = answer(text, "proc-worker-no-gpu")
    assert "Compute Mode" in e.fix and "worker" in e.fix
    e = answer("2024-01-01 distributed.worker - INFO - start\nUsing device: cpu", "proc-worker-no-gpu")
    assert "LocalCUDACluster" in e.fix
    e = answer("(MyActor pid=4242) Using device: cpu\n(raylet) started", "proc-worker-no-gpu")
    assert "num_gpus" in e.fix
    # near misses: a plain CPU line (no parent probe, no workers); Lightning told not to use the GPU; a +cpu torch
    assert keys("Using device: cpu")[0] == "proc-device-cpu-reported"
    assert "proc-worker-no-gpu" not in keys("GPU available: True (cuda), used: False\nUsing device: cpu")
    assert "proc-worker-no-gpu" not in keys("CUDA available: True\ntorch 2.3.0+cpu\nUsing device: cpu")
