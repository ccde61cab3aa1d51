"""`explain`, round thirty-six (issue 36), the engine: an issue's title that states a failure over a log cut after its
warnings is the report's error (not "only warnings", and a family found in it is no "warning, no failure"); a
program's lower-case "error: " line is an error line; torch's ProcessGroupNCCL "<file>:<line>, unhandled system
error" without its head is the NCCL family; a script's optional module set to None outranks the launcher's report of
the failed rank; argparse's usage block cut before its error line, listing --local_rank, is the launcher's argument;
a framework's backend notice alone is a notice; a JVM linkage error gets the jars' versions as its step; CMake's
"CMake Error in FILE:" its configure step; TensorFlow's grappler error code is read as a CUDA error. Near misses keep
their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain

_NINJA_WARNING = (
    "/opt/env/lib/python3.9/site-packages/torch/utils/cpp_extension.py:381: UserWarning: Attempted to use ninja as "
    "the BuildExtension backend but we could not find ninja.. Falling back to using the slow distutils backend.\n"
    "  warnings.warn(msg.format('we could not find ninja.'))\n"
)


def test_a_title_that_states_a_failure_over_a_log_cut_after_warnings_is_no_warnings_only() -> None:
    text = (
        "(issue title: cannot build my_op, error: no matching function for call to 'at::Tensor::data')\n"
        "$ python setup.py build_ext --inplace\nrunning build_ext\n"
        + _NINJA_WARNING
        + "building 'my_op' extension\n..."
    )
    r = explain(text)
    assert r.outcome != "warnings-only" and not r.summary.startswith("Only warnings"), r.summary
    assert "no matching function" in r.first_error, r.first_error
    # near miss: a title that only names a warning, over the same warnings, stays warnings-only
    r = explain("(issue title: ninja not found warning when building)\n" + _NINJA_WARNING)
    assert r.outcome == "warnings-only", r.summary


def test_a_family_in_the_title_over_a_failed_load_is_a_failure_not_a_warning() -> None:
    text = (
        "(issue title: Torch not compiled with CUDA enabled in my serving container)\n"
        "error: creating server: Internal - failed to load all models\n"
    )
    r = explain(text)
    assert r[0].key == "torch-cpu-build" and r.summary.startswith("Failure"), r.summary
    # near miss: torch's warning alone (no failure shown) keeps its warning heading
    r = explain("UserWarning: User provided device_type of 'cuda', but CUDA is not available. Disabling")
    assert not r.summary.startswith("Failure"), r.summary


def test_process_group_nccl_location_without_its_head_is_the_nccl_family() -> None:
    for text in (
        "(issue title: ProcessGroupNCCL.cpp:825, unhandled cuda error on 2 GPUs)\nTraceback (most recent call "
        'last):\n  File "train.py", line 3, in <module>\n    trainer.fit(model)\n...',
        "RuntimeError: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:33, internal error",
    ):
        assert first(text)[0] == "torch-nccl-error", text
    # near miss: the file named beside another error is not an NCCL failure
    assert first("ProcessGroupNCCL.cpp:1000 Watchdog caught collective operation timeout")[0] != "torch-nccl-error"


_LAUNCHER = (
    "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 42) of binary: "
    "/opt/env/bin/python\nTraceback (most recent call last):\n"
    '  File "/opt/env/lib/python3.10/site-packages/torch/distributed/run.py", line 10, in <module>\n    main()\n...'
)


def test_an_optional_module_set_to_none_outranks_the_launchers_failed_rank() -> None:
    for call, attr in (("wandb.log({'loss': loss})", "log"), ("scaler = amp.scale_loss(loss, opt)", "scale_loss")):
        text = (
            'Traceback (most recent call last):\n  File "pretrain.py", line 80, in train\n'
            f"    {call}\nAttributeError: 'NoneType' object has no attribute '{attr}'\n" + _LAUNCHER
        )
        key, fix = first(text)
        assert key == "lib-optional-import-failed" and "None" in fix, (key, fix)
    # near miss: a variable that is None (its attribute another than the one called) keeps the launcher's answer
    text = (
        'Traceback (most recent call last):\n  File "pretrain.py", line 80, in train\n'
        "    out = model.forward(x)\nAttributeError: 'NoneType' object has no attribute 'shape'\n" + _LAUNCHER
    )
    assert first(text)[0] != "lib-optional-import-failed"


def test_a_usage_block_cut_before_its_error_line() -> None:
    usage = (
        "usage: Swin pre-training [--batch_size BATCH_SIZE] [--epochs EPOCHS]\n"
        "                         [--local_rank LOCAL_RANK] [--output_dir OUTPUT_DIR]\n"
    )
    assert first(usage + "...")[0] == "dist-local-rank-argument"
    # a usage block of several words' program name without the launcher's argument: the command line family
    assert first("usage: my train tool [-h] [--lr LR]\n                 [--epochs N]\n")[0] == "py-cli-arguments"
    # near miss: the error line under the block names another argument: the command line family, not local rank
    text = usage + "Swin pre-training: error: unrecognized arguments: --cfg-options\n"
    assert first(text)[0] == "py-cli-arguments"


def test_a_backend_notice_alone_is_no_failure() -> None:
    for text in ("Using TensorFlow backend.\n", "Using Theano backend.", "Using backend: pytorch\n"):
        r = explain(text)
        assert r.outcome == "warnings-only" and "fails at" not in r.summary, (text, r.summary)
    # near miss: the notice above a traceback is not the answer
    r = explain("Using TensorFlow backend.\nTraceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'x'")
    assert r.outcome != "warnings-only", r.summary


def test_a_jvm_linkage_error_gets_the_jars_versions() -> None:
    # a linkage error no family reads is a miss with the JVM's step
    r = explain(
        'Exception in thread "main" java.lang.NoClassDefFoundError: com/acme/Api\n'
        "\tat com.acme.Client.main(Client.java:12)"
    )
    assert "dependency:tree" in (r.command or "") and "pdb" not in (r.command or ""), r.command
    # the mixed-jar wordings jvm-mixed-jar-versions reads are answered by it
    for text in (
        "java.util.concurrent.ExecutionException: com.acme.serving.JobException: Receiver class com.acme.engine.Impl "
        "does not define or inherit an implementation of the resolved method 'abstract int size()' of interface "
        "com.acme.Api.",
        'Exception in thread "main" java.lang.NoSuchMethodError: com.acme.Api.run(Z)V\n'
        "\tat com.acme.Client.main(Client.java:12)",
    ):
        assert first(text)[0] == "jvm-mixed-jar-versions"
    # near miss: a Java crash in a native CUDA library keeps the native step
    r = explain('Exception in thread "main" java.lang.UnsatisfiedLinkError: no cudnn64_8 in java.library.path')
    assert "dependency:tree" not in (r.command or "")


def test_a_cmake_generate_error_gets_the_configure_step() -> None:
    r = explain(
        'CMake Error in src/CMakeLists.txt:\n  Target "app" links to target "Dep::extra" '
        "but the target was not found.\n"
    )
    assert "--debug-find" in (r.command or "") and "VERBOSE" not in (r.command or ""), r.command
    text = (
        'CMake Error in src/CMakeLists.txt:\n  Imported target "Dep" includes non-existent path\n'
        '    "/opt/dep/include/extra"\n  in its INTERFACE_INCLUDE_DIRECTORIES.\n'
    )
    assert first(text)[0] == "cmake-imported-target-missing-path"


def test_tensorflow_grappler_error_code_is_read_as_a_cuda_error() -> None:
    text = (
        "2019-03-01 10:00:00.000001: E tensorflow/core/grappler/clusters/utils.cc:83] Failed to get device "
        "properties, error code: 30"
    )
    # TensorFlow's own row answers first; the code read through the CUDA error facts comes second
    keys = [m["key"] for m in explain(text).to_dict()["matches"]]
    assert keys[:2] == ["tf-device-properties-failed", "torch-cuda-init-unknown"], keys
    # near miss: a number neither today's table nor the old one has is not read as a CUDA error
    keys = [m["key"] for m in explain(text.replace(": 30", ": 7777")).to_dict()["matches"]]
    assert "torch-cuda-init-unknown" not in keys, keys
