"""`explain`, round forty-five (issue 36), the engine: a known message that a console's line wrapping split is found
in the joined lines; the model-loading notices of transformers and diffusers are warnings; a bare "Killed" (a title,
after a progress bar) is an error line; a custom CUDA extension's own check line names its cudaError; the misses of
MSVC's bare diagnostics, Slurm's container plugin, podman and the container toolkit's hook get their stage and that
stack's own step. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_VS = "unsupported Microsoft Visual Studio version! Only the versions between 2017 and 2022 (inclusive) are supported!"


def test_a_message_split_by_a_consoles_width_is_found() -> None:
    # a fixed-width console: every wrapped line has the console's full width
    line = (
        "  D:\\src\\ext\\include\\crt/host_config.h(153): fatal error C1189: #error:  -- "
        + _VS
        + " [D:\\src\\ext\\b.vcxproj]"
    )
    width = 100
    wrapped = "\n".join(line[i : i + width] for i in range(0, len(line), width))
    assert "\n" in wrapped and first(wrapped)[0] == "build-nvcc-host-compiler"
    # a log view that broke the line after '#error:' and in the middle of the sentence
    broken = (
        "c:\\cuda\\v12.1\\include\\crt/host_config.h(153):\nfatal error C1189: #error:\n-- unsupported Microsoft "
        "Visual Studio version! Only the versions between 2017 and\n2022 (inclusive) are supported! [x.vcxproj]"
    )
    assert first(broken)[0] == "build-nvcc-host-compiler"


def test_separate_lines_are_not_joined_into_a_match() -> None:
    # a traceback's lines: a new record after each line, never one message
    text = (
        "Traceback (most recent call last):\n"
        '  File "run.py", line 3, in <module>\n'
        "    main()\n"
        "RuntimeError: unsupported Microsoft Visual Studio version! Only the versions between 2017 and\n"
        "Traceback (most recent call last):\n"
        "2022 are listed here"
    )
    assert first(text)[0] != "build-nvcc-host-compiler"
    # a short line that ends without a stop is no wrapped line
    assert first("Only the versions between 2017 and\n2022 (inclusive) are supported")[0] != "build-nvcc-host-compiler"


def test_model_loading_notices_are_only_warnings() -> None:
    text = (
        "Some weights of the model checkpoint at ./ckpt/speech-base were not used when initializing SpeechModel: "
        "['head.weight', 'head.bias']\n"
        "- This IS expected if you are initializing SpeechModel from the checkpoint of a model trained on another "
        "task or with another architecture.\n"
        "- This IS NOT expected if you are initializing SpeechModel from the checkpoint of a model that you expect to "
        "be exactly identical.\n"
        "Some weights of SpeechModel were not initialized from the model checkpoint at ./ckpt/speech-base and are "
        "newly initialized: ['encoder.mask_embed']\n"
        "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and "
        "inference.\n"
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and "TRAIN" not in found.summary
    # the same notices above a real failure: the failure is the answer
    failed = explain(text + "RuntimeError: CUDA error: out of memory\n")
    assert failed.first_answer == "gpu-out-of-memory"


def test_a_bare_killed_is_an_error_line() -> None:
    for text in (
        "(issue title: Killed)\n| WARN: config.yaml not exist.\nWARNING: all messages go to STDERR\n",
        "WARNING: low memory\nrendering: 100%|##########| 250/250 [01:10<00:00, 3.5it/s]Killed\n",
        "WARNING: low memory\nKilled\n",
    ):
        assert explain(text).outcome != "warnings-only", text
    # a count of what a program killed, and prose, stay what they were
    assert explain("WARNING: stale workers\nKilled 3 processes that were stale\n").outcome == "warnings-only"


def test_an_extensions_own_cuda_check_names_its_error() -> None:
    text = (
        "LINK : fatal error LNK1181: cannot open input file 'aio.lib'\n"
        "grid shape = (256, 256, 256)\n"
        "CUDA error 1: invalid argument (C:\\tmp\\ext\\src\\march.cu:412)\n"
    )
    found = explain(text)
    assert found.first_answer == "cuda-invalid-value" and found.first_error.startswith("CUDA error 1: ")
    assert first("GPUassert: an illegal memory access was encountered kernels.cu 45")[0] == "illegal-memory-access"
    # a number with another error's message is not read as that number's error
    assert first("CUDA error 1: something else happened (x.cu:3)")[0] != "cuda-invalid-value"


def test_misses_get_their_stage_and_stack() -> None:
    msvc = explain("error C2872: 'std': ambiguous symbol")
    assert msvc.outcome != "explained" or msvc.first_answer != "miss"
    if msvc.first_answer == "miss":
        assert msvc.stage == "compile" and "msbuild" in (msvc.command or "")
    slurm = explain(
        "slurmstepd: error: pyxis: container start failed with error code: 1\n"
        "slurmstepd: error: pyxis: couldn't start container\n"
    )
    if slurm.first_answer == "miss":
        assert slurm.stage == "container" and "srun --gres=gpu:1" in (slurm.command or "")
    podman = explain("Error: crun: executable file `nvidia-smi` not found in $PATH: No such file or directory")
    if podman.first_answer == "miss":
        assert podman.stage == "container" and "cdi list" in (podman.command or "")
    hook = explain("nvidia-container-cli: device error: GPU-XYZ: unknown device")
    if hook.first_answer == "miss":
        assert hook.stage == "container" and "nvidia-container-cli" in (hook.command or "")
    # a plain docker failure keeps the docker step
    plain = explain('docker: Error response from daemon: could not select device driver "" with capabilities')
    if plain.first_answer == "miss":
        assert "docker run --rm --gpus all" in (plain.command or "")
