"""`explain`, round thirty-one (issue 36), the engine: an application's one-word "fallback to cpu" after a failure a
family knows is a fallback (the program goes on), like "Falling back to"; a failure after it stays a failure."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

_FAILS_THEN_GOES_ON = "No CUDA GPUs are available. Fallback to CPU.\n"
_LATER_FAILURE = 'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\nRuntimeError: boom\n'


def test_a_one_word_fallback_after_a_known_failure_is_no_failure() -> None:
    found = explain(_FAILS_THEN_GOES_ON)
    assert found and found.outcome == "explained"
    assert found.summary.startswith("Fell back, no failure"), found.summary
    assert "Fallback to CPU" in found.summary


def test_a_failure_after_the_fallback_is_a_failure() -> None:
    found = explain(_FAILS_THEN_GOES_ON + _LATER_FAILURE)
    assert not found.summary.startswith("Fell back"), found.summary


def test_a_known_failure_the_program_says_it_runs_on_the_cpu_instead_is_no_failure() -> None:
    text = "Set to use GPU, but the CUDA build of DGL is not installed. Reset to use CPU instead.\n"
    found = explain(text)
    assert found and found[0].key == "geo-dgl-cpu-build"
    assert found.summary.startswith("Fell back, no failure"), found.summary
    # the same line at warning level: only warnings
    assert explain("WARNING: " + text).summary.startswith("Only warnings")
    # a failure after it: the run failed
    later = explain(text + _LATER_FAILURE)
    assert not later.summary.startswith(("Fell back", "Only warnings")), later.summary


_NINJA_FAILED = (
    "FAILED: kernels.cuda.o\n"
    "ninja: build stopped: subcommand failed.\n"
    'Traceback (most recent call last):\n  File "/env/lib/python3.10/site-packages/torch/utils/cpp_extension.py", '
    "line 2100, in _run_ninja_build\n    subprocess.run(\n"
    "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.\n\n"
    "The above exception was the direct cause of the following exception:\n\n"
)


def test_a_jit_build_at_first_use_gets_the_loaders_fix() -> None:
    # ninja's failure chained into a training script (no setup.py, no pip): torch's JIT loader built the op
    text = _NINJA_FAILED + (
        'Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    model = build(cfg)\n'
        "RuntimeError: Error building extension 'sparse_ops'\n"
    )
    found = explain(text)
    assert found[0].key == "build-extension-compile-failed"
    assert found[0].situation and "JIT extension loader" in found[0].situation
    assert "torch_extensions" in found[0].fix
    # the loader's cache folder alone says so too (an op builder's missing .so after the failed build)
    cache = (
        "ninja: build stopped: subcommand failed.\nImportError: /home/u/.cache/torch_extensions/py311_cu121/op/op.so: "
    )
    cache += "cannot open shared object file: No such file or directory\n"
    assert "JIT extension loader" in (explain(cache)[0].situation or "")


def test_a_setup_py_build_keeps_the_generic_fix() -> None:
    text = _NINJA_FAILED.replace("The above exception", '  File "setup.py", line 30, in <module>\nThe above exception')
    text += "RuntimeError: Error compiling objects for extension\n"
    found = explain(text)
    assert found[0].key == "build-extension-compile-failed"
    assert not (found[0].situation or "").startswith("torch's JIT")


def test_nvccs_host_compiler_check_cut_before_its_version() -> None:
    text = (
        "/usr/local/cuda/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions "
        "later than\n"
        "ninja: build stopped: subcommand failed.\n"
    )
    assert explain(text)[0].key == "build-nvcc-host-compiler"
    # another header's #error is not nvcc's host compiler check
    other = explain(
        "src/platform.h:12:2: error: #error -- unsupported platform!\nninja: build stopped: subcommand failed.\n"
    )
    assert not other or other[0].key != "build-nvcc-host-compiler"
