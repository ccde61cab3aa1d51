"""`explain`, round thirty-eight (issue 36): the engine's reading of failures whatever a logger's prefix says. A log
forwarder that prints another program's lines under its own INFO prefix carries that program's traceback and
failures; TensorFlow's "Error recorded from" and XLA's compile-time out-of-memory at INFO; DeepSpeed's launcher
tearing ranks down at INFO; a wrapper's negative exit code (-N is signal N); bash's and the kernel's words for an
illegal instruction; a checkpoint that did not load with no TensorRT in the text. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_FWD = "[svc.worker] 2024-03-02T10:11:12.345Z INFO: "


def _forwarded(*lines: str) -> str:
    return "\n".join(_FWD + line for line in lines)


def test_a_forwarders_info_prefix_keeps_the_programs_failure() -> None:
    text = _forwarded(
        "loading the video reader",
        "Error executing job with overrides: ['x=1']",
        "Traceback (most recent call last):",
        '  File "run.py", line 12, in <module>',
        "    main()",
        "ValueError: the reader could not open the stream",
    )
    found = explain(text)
    assert not found.summary.startswith("Only"), found.summary
    assert "ValueError" in found.summary or "Error executing job" in found.summary, found.summary
    # near miss: the same forwarder with notices only (no traceback) stays informational
    notices = _forwarded("loading the video reader", "download failed, retrying in 5 s", "ready")
    assert explain(notices).summary.startswith("Only"), explain(notices).summary


def test_failures_logged_at_info_by_their_library() -> None:
    tf = (
        "INFO:tensorflow:Error recorded from training_loop: Compilation failure: Ran out of memory in memory space "
        "hbm. Used 17.2G of 16.00G hbm. Exceeded hbm capacity by 1.2G."
    )
    found = explain(tf)
    assert not found.summary.startswith("Only") and found and found[0].key == "gpu-out-of-memory", found.summary
    # near miss: the estimator's ordinary INFO lines
    plain = (
        "INFO:tensorflow:Calling model_fn.\nINFO:tensorflow:Done calling model_fn.\nINFO:tensorflow:Saving checkpoints"
    )
    assert explain(plain).summary.startswith("Only")


def test_deepspeeds_launcher_tearing_ranks_down_at_info() -> None:
    text = (
        "[2024-01-05 08:00:01,100] [INFO] [comm.py:652:init_distributed] Initializing TorchBackend\n"
        "[2024-01-05 08:00:09,200] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4242\n"
        "[2024-01-05 08:00:09,210] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4243\n"
    )
    key, fix = first(text)
    assert key == "dist-child-failed" and "out-of-memory" in fix and "dmesg" in fix, (key, fix)
    # near miss: the launcher's start-up lines only
    start = (
        "[2024-01-05 08:00:01,100] [INFO] [launch.py:146:main] WORLD INFO DICT: {'localhost': [0, 1]}\n"
        "[2024-01-05 08:00:01,101] [INFO] [launch.py:152:main] nnodes=1, num_local_procs=2, node_rank=0\n"
    )
    assert explain(start).summary.startswith("Only")


def test_a_launchers_long_exit_line_and_a_title_that_says_host_memory() -> None:
    args = ", ".join(f"'--opt{i}', 'value{i}'" for i in range(40))
    text = (
        "(issue title: ZeRO offload init failed (can't allocate memory))\n"
        f"[2024-01-05 08:00:09,200] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', "
        f"{args}] exits with return code = 1"
    )
    key, fix = first(text)
    assert key == "dist-child-failed" and "RAM" in fix and "offload" in fix, (key, fix)
    # near miss: the same long exit line without a memory word keeps DeepSpeed's general fix
    key, fix = first(text.split("\n", 1)[1])
    assert key == "dist-child-failed" and "can't allocate" not in fix and "first rank's" in fix


def test_a_wrappers_negative_exit_code_is_a_signal() -> None:
    key, fix = first("Failed to initialize the inference backend (llama-cpp-python). (Exit code -4.)")
    assert key == "proc-illegal-instruction" and "llama-cpp-python" in fix, (key, fix)
    assert first("subprocess.CalledProcessError: Command 'python -c import x' returned non-zero exit status -4.")[
        0
    ] == ("proc-illegal-instruction")
    assert first("the worker process exited with code -9")[0] == "py-process-killed"
    assert first("the script exited with code -11")[0] == "native-crash"
    # near miss: a positive exit code 4 is the program's own status, no signal
    assert first("the tool exited with code 4")[0] != "proc-illegal-instruction"


def test_illegal_instruction_in_a_job_line_or_the_kernels_trap() -> None:
    job = "/opt/app/setup.sh: line 212: 31337 Illegal instruction     (core dumped) \"$PY\" -c 'import paddle'"
    assert first(job)[0] == "proc-illegal-instruction"
    kernel = (
        "Mar 02 10:11:12 host kernel: traps: python3[31337] trap invalid opcode ip:7f0000001000 sp:7ffd00000000 "
        "error:0 in libfoo.so[7f0000000000+100000]\nSelf-test failed"
    )
    assert first(kernel)[0] == "proc-illegal-instruction"
    # near miss: a segmentation fault in the same job line stays a native crash
    assert first(job.replace("Illegal instruction", "Segmentation fault"))[0] == "native-crash"


_LOAD = (
    "Traceback (most recent call last):\n"
    '  File "train.py", line 40, in <module>\n'
    "    resume(model)\n"
    '  File "/usr/lib/python3/site-packages/framework/checkpoint.py", line 88, in load_checkpoint\n'
    "    opt.load_state_dict(state['optimizer'])\n"
    '  File "/usr/lib/python3/site-packages/torch/optim/optimizer.py", line 120, in load_state_dict\n'
    "    groups = state_dict['param_groups']\n"
    "TypeError: 'NoneType' object is not subscriptable"
)


def test_a_checkpoint_that_did_not_load_gets_no_tensorrt_command() -> None:
    found = explain(_LOAD)
    assert found.stage == "deserialization" and "trtexec" not in found.command, (found.stage, found.command)
    assert "framework" in (found.next_step or "") and "release" in (found.next_step or "")
    # near miss: a TensorRT engine that did not load keeps trtexec
    engine = (
        "Traceback (most recent call last):\n"
        '  File "infer.py", line 9, in <module>\n'
        '    engine = runtime.deserialize_cuda_engine(open("model.engine", "rb").read())\n'
        "ValueError: bad magic in the plan"
    )
    found = explain(engine)
    assert found.stage == "deserialization" and "trtexec" in found.command, (found.stage, found.command)
