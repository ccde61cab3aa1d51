"""`explain`, round forty-four (issue 36), the engine: a miss whose paste already shows its error line gets the step of
the software stack that line comes from (the video codecs, torch.distributed and its launchers, JAX, TensorFlow, a
Ray worker), not a generic rerun; torch's own C++ log line at E level is the first error above a cut traceback; a
fatal check quoted inside a WARNING line is an error; Ray's re-raise of a worker's exception is an error line. Near
misses keep their answers: a W line of the same format, a text with no stack words, a warning without a fatal check."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.severity import levels


def _miss(text: str) -> tuple[str, str]:
    found = explain(text)
    assert not len(found), [e.key for e in found]
    return found.next_step or "", found.command or ""


_CUT = (
    "Traceback (most recent call last):\n"
    '  File "/opt/app/server.py", line 88, in start\n'
    "    self.group = make_group(world)\n"
    '  File "/opt/app/dist.py", line 12, in make_group\n'
    "    return build(world)\n"
)


def test_torch_cpp_error_line_above_a_cut_traceback_is_the_error() -> None:
    text = (
        "[rank1]:[E0305 11:22:33.123456789 ProcessGroupGloo.cpp:143] Rank 1 stopped while waiting for its peers "
        "in phase 3\n" + _CUT
    )
    assert levels(text).first_error.startswith("[rank1]:[E0305")
    step, command = _miss(text)
    assert "GLOO_SOCKET_IFNAME" in step and "NCCL_DEBUG=INFO" in command


def test_torch_cpp_warning_line_stays_no_error() -> None:
    text = "[rank0]:[W0305 11:22:33.123456789 ProcessGroupNCCL.cpp:4115] using GPU 0 to perform barrier\n"
    assert levels(text).errors == 0


def test_video_codec_errors_get_the_codec_checks() -> None:
    for text in (
        "Error while sending a packet to the decoder. Error description: Generic error in an external library\n",
        "Device setup failed for decoder on input stream #1:0 : Operation not permitted\n",
        "[NVENC encoder: 'streaming_h264'] Failed to open NVENC codec: Function not implemented\n",
    ):
        step, command = _miss(text)
        assert "NVIDIA_DRIVER_CAPABILITIES" in step and "ffmpeg -hide_banner -hwaccels" in command, text


def test_distributed_store_error_named_only_in_a_title_gets_the_distributed_checks() -> None:
    text = (
        "(issue title: multi-node run keeps failing with torch.distributed.DistError: peers lost in phase 3)\n"
        "W0102 10:00:00.000000 1 torch/distributed/run.py:757] Setting OMP_NUM_THREADS environment variable\n"
    )
    step, command = _miss(text)
    assert "MASTER_ADDR" in step and "NCCL_DEBUG=INFO" in command


def test_ray_wrapped_worker_error_is_an_error_line() -> None:
    text = (
        "ray.exceptions.RayTaskError(ValueError): ray::Trainer.setup() (pid=411, ip=10.0.0.5)\n"
        '  File "/srv/train/worker.py", line 30, in setup\n'
        "    self.load()\n"
    )
    assert levels(text).first_error.startswith("ray.exceptions.RayTaskError(ValueError)")
    step, command = _miss(text)
    assert "ray logs" in command and "worker" in step


def test_fatal_check_inside_a_warning_line_is_an_error() -> None:
    text = (
        "[WARNING] Failed to load the custom op library ops.so. Full error: CHECK failed: "
        "GeneratedDatabase()->Add(encoded_file_descriptor, size):\n"
    )
    assert levels(text).errors == 1
    assert explain(text).outcome != "warnings-only"
    # near miss: a warning with no fatal check stays a warning
    plain = "[WARNING] Failed to load the optional plugin; continuing without it\n"
    assert levels(plain).errors == 0


def test_jax_and_tensorflow_misses_get_their_own_checks() -> None:
    step, command = _miss(
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to launch the kernel of a custom call\n"
    )
    assert "XLA_PYTHON_CLIENT_PREALLOCATE" in step and "print_environment_info" in command


def test_a_plain_python_error_keeps_the_debugger_step() -> None:
    # near miss: no stack words, the generic step stays
    text = (
        "Traceback (most recent call last):\n"
        '  File "main.py", line 3, in <module>\n'
        "    run()\n"
        "KeyError: 'missing_option'\n"
    )
    step, command = _miss(text)
    assert "ffmpeg" not in command and "NCCL_DEBUG" not in command and "ray logs" not in command
