"""`explain`, round thirty-three (issue 36), the engine: a warning whose cost is the GPU work itself is headed as such,
not as a run that goes on; a named worker's "(Name pid=N)" prefix keeps each line's level; a Go crash after an earlier
error line of its own log leaves the first answer to that line; a CUDA error printed as another language's enum value
is read through the CUDA error facts; a miss in a program that is not Python asks for the GPU's compute capability;
an aligned listing of optional parts with one skipped is a warning; torch.compile's "fall back to eager" tail is the
compile stage. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def test_a_warning_that_the_gpu_work_cannot_run_is_no_run_that_goes_on() -> None:
    arch = (
        "UserWarning: NVIDIA GeForce RTX 5080 with CUDA capability sm_120 is not compatible with the current PyTorch "
        "installation.\nThe current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_80 sm_90.\n"
        "Loading the dataset from ./data\n"
    )
    found = explain(arch)
    assert found.first_answer == "gpu-arch-unsupported"
    assert found.summary.startswith("Warning that the GPU work will fail"), found.summary
    assert "goes on without" not in found.summary
    init = (
        "/opt/env/lib/python3.11/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: CUDA "
        "unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable "
        "CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.\n"
        "Starting the web server on port 8000\n"
    )
    found = explain(init)
    assert found.first_answer == "torch-cuda-init-unknown"
    assert found.summary.startswith("Warning that the GPU is not used"), found.summary
    assert "runs on the CPU" in found.summary
    # near miss: a warns-of-failure family without a GPU cost keeps "the run goes on"
    ort = (
        "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:861 CreateExecutionProviderInstance] Failed to create "
        "CUDAExecutionProvider. Please reference the requirements to ensure all dependencies are met."
    )
    assert explain(ort).summary.startswith("Warning, no failure:")
    # near miss: the same arch warning before a failure is headed by the failure
    failed = explain(arch + "RuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert failed.first_answer == "gpu-arch-unsupported" and failed.summary.startswith("Failure")


def test_a_named_worker_prefix_keeps_each_lines_level() -> None:
    lines = "\n".join(
        f"(EngineWorker pid={pid}) INFO 03-02 10:11:12 worker_pool.py:88] Worker ready; waiting for requests"
        for pid in (4101, 4102, 4103)
    )
    lv = levels(lines)
    assert lv.infos == 3 and lv.errors == 0 and lv.warnings_only
    assert explain(lines).outcome == "warnings-only"
    with_ip = "(TrainActor pid=77, ip=10.0.0.5) WARNING 03-02 10:11:12 loop.py:9] slow step"
    assert levels(with_ip).warnings == 1
    # near miss: the same prefix before an ERROR line is an error line
    bad = "(EngineWorker pid=4101) ERROR 03-02 10:11:12 worker_pool.py:90] Worker died"
    assert levels(bad).errors == 1


def test_a_go_crash_after_its_own_error_line_is_not_the_answer() -> None:
    text = (
        '2024-05-01T08:00:00.100Z\tINFO\tstarting the prover\t{"units": 4}\n'
        "2024-05-01T08:00:01.200Z        ERROR   could not open the compute device: ZorbDeviceError(NoQueueAvailable)\n"
        "panic: runtime error: invalid memory address or nil pointer dereference\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a5b6c]\n"
    )
    assert levels(text).errors >= 2
    found = explain(text)
    assert found.first_answer != "native-crash", found.summary
    assert "ZorbDeviceError" in found.first_error
    assert "faulthandler" not in (found.next_step or "") and "python your_script" not in (found.command or "")
    # near miss: a Go crash alone keeps the native-crash family
    alone = "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation"
    assert explain(alone).first_answer == "native-crash"


def test_a_cuda_error_as_another_languages_value_is_read_as_that_error() -> None:
    for text in (
        "thread 'worker-3' panicked at src/device.rs:88:14:\ncalled `Result::unwrap()` on an `Err` value: "
        "InvalidContext",
        "thread 'main' panicked at src/gpu.rs:12:9:\ncalled `Result::unwrap()` on an `Err` value: "
        "CudaError(InvalidContext)",
        "Error: CudaError::InvalidContext while launching the msm kernel",
        "thread 'main' panicked at src/lib.rs:5:1:\n"
        'DriverError(CUDA_ERROR_INVALID_CONTEXT, "invalid device context")',
    ):
        assert first(text)[0] == "pycuda-no-context", text
    # near miss: a bare unwrapped value without a CUDA word is anyone's (io's NotFound)
    other = "thread 'main' panicked at src/main.rs:3:5:\ncalled `Result::unwrap()` on an `Err` value: NotFound"
    assert explain(other).first_answer != "pycuda-no-context"


def test_a_miss_in_a_program_that_is_not_python_asks_for_the_compute_capability() -> None:
    rust = (
        "thread 'main' panicked at src/client.rs:40:7:\ncalled `Result::unwrap()` on an `Err` value: "
        "ConnectionRefused\n"
    )
    found = explain(rust)
    assert found.first_answer == "miss" and "compute_cap" in (found.command or ""), found.command
    native = (
        "10:00:01 Kernel[0]: Preparing CUDA-Kernel set K7 for compute 7.5\n"
        "10:00:02 Kernel[0]: Unable to prepare CUDA-Kernel set K7 for compute 7.5\n"
    )
    found = explain(native)
    assert found.first_answer == "miss" and "compute_cap" in (found.command or ""), found.command
    assert "python your_script" not in (found.command or "")


def test_an_aligned_listing_with_one_part_skipped_is_a_warning() -> None:
    text = (
        "plugins loaded:\n"
        "* enc_alpha            : /usr/lib/app/plugins/enc_alpha.so\n"
        "* enc_beta             : /usr/lib/app/plugins/enc_beta.so\n"
        "* dec_gamma            : libgamma.so.3: cannot open shared object file: No such file or directory\n"
        "* dec_delta            : /usr/lib/app/plugins/dec_delta.so\n"
    )
    lv = levels(text)
    assert lv.errors == 0 and lv.warnings == 1
    assert explain(text).outcome == "warnings-only"
    # near miss: the loader's line alone is a failure
    alone = "libgamma.so.3: cannot open shared object file: No such file or directory"
    assert levels(alone).errors == 1


def test_a_compact_dated_log_with_warn_lines_only_is_warnings_only() -> None:
    text = (
        "20230301 10:00:00 Miner v1.2 starting\n20230301 10:00:00 WARN: NVML error, code 1\n"
        "20230301 10:00:00 WARN: GPU monitoring will be disabled.\n"
    )
    assert levels(text).warnings == 2
    assert explain(text).outcome == "warnings-only"
    assert levels("20230301 10:00:00 ERROR: the pool refused the login").errors == 1


def test_torch_compiles_fall_back_to_eager_tail_is_the_compile_stage() -> None:
    text = (
        'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\nYou can suppress this exception '
        "and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True"
    )
    found = explain(text)
    # round thirty-three's row answers the tail itself; the engine's part is the stage of a miss that shows it
    assert found and found[0].key == "jit-torch-compile-failed"
    # the hint's first line alone (a paste cut before the setting): a miss at the compile stage
    cut = "RuntimeError: backend failed\nYou can suppress this exception and fall back to eager by setting:\n"
    missed = explain(cut)
    assert missed.first_answer == "miss" and missed.stage == "compile", missed.summary
    assert "torch.compile" in (missed.next_step or "")
