"""`explain`, round thirty-four (issue 36), the engine: a cut traceback under a first line that states the exception
(an issue's title, or the exception printed before its frames) is read by that line, not called incomplete; advice
to fall back to the CPU inside an exception's message is no going on; pip's build-failure box is an error; an
extension build log cut at a compiler step, and a TorchScript traceback cut before its exception, are incomplete
pastes, not warnings; a torch.load traceback cut inside the CUDA restore is the map_location family; nvcc's EDG
wording is a compile line. Near misses keep their older answers."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

_FRAMES = (
    "Traceback (most recent call last):\n"
    '  File "/home/u/proj/run.py", line 12, in <module>\n'
    "    main()\n"
    '  File "/home/u/proj/run.py", line 8, in main\n'
    "    model.fit(data)\n"
)


def test_a_title_that_states_the_exception_is_the_error_of_a_cut_traceback() -> None:
    for title, said in (
        ("(issue title: ValueError: expected 3 channels, got 4)", "ValueError: expected 3 channels"),
        ("(issue title: mylib.errors.ConfigError: bad key 'x')", "mylib.errors.ConfigError"),
        ("(issue title: The shape of a (3) must match the shape of b (5))", "must match"),
    ):
        r = explain(title + "\n" + _FRAMES)
        assert "incomplete" not in r.summary and said in r.first_error, (title, r.summary)
    # an exception line printed before its frames is the exception
    r = explain("KeyError: 'weights'\n" + _FRAMES.split("\n", 1)[1])
    assert "incomplete" not in r.summary and r.first_error.startswith("KeyError")
    # near miss: a title with no error in it keeps the incomplete paste
    r = explain("(issue title: Training stops after a while)\n" + _FRAMES)
    assert "incomplete" in r.summary
    # near miss: a whole traceback keeps its own exception line
    r = explain("(issue title: crash)\n" + _FRAMES + "IndexError: list index out of range\n")
    assert "incomplete" not in r.summary and r.first_error.startswith("IndexError")


def test_advice_to_fall_back_in_an_exception_is_no_going_on() -> None:
    for text in (
        "(issue title: RuntimeError: GPU asked for but missing. Use device='auto' to fall back to CPU automatically.)",
        "mypkg RuntimeError: no GPU here, you can run on the CPU instead",
    ):
        r = explain(text)
        assert r.outcome != "warnings-only" and "goes on" not in r.summary, (text, r.summary)
    # near miss: the program's own words that it went on
    r = explain("GPU not found, falling back to CPU")
    assert not r.summary.startswith(("Failure", "No known error")), r.summary


def test_pips_build_failure_box_is_an_error() -> None:
    text = (
        "  Running setup.py bdist_wheel for foo\n"
        "  \u00d7 python setup.py bdist_wheel did not run successfully.\n"
        "  \u2502 exit code: 1\n"
        "/usr/lib/python3/site-packages/torch/utils/cpp_extension.py:411: UserWarning: The detected CUDA version "
        "(12.2) has a minor version mismatch with the version that was used to compile PyTorch (12.1). Most likely "
        "this shouldn't be a problem.\n"
        "Failed to build foo-ext\n"
    )
    assert explain(text).outcome != "warnings-only"


def test_an_extension_build_cut_at_a_compiler_step_is_no_warnings_only() -> None:
    head = (
        "W0101 10:00:00.000000 1 site-packages/torch/utils/cpp_extension.py:2430] TORCH_CUDA_ARCH_LIST is not set, "
        "all archs for visible cards are included for compilation.\n"
    )
    step = "[2/5] /usr/local/cuda/bin/nvcc -c kern.cu -o kern.cuda.o -O3\n"
    r = explain(head + step + "...\n")
    assert r.outcome != "warnings-only" and r.stage == "compile" and "incomplete" in r.summary
    # near miss: a build that finished keeps its warnings-only answer
    done = head + step + "[5/5] c++ kern.cuda.o -shared -o kern.so\nLoading extension module kern...\n"
    assert explain(done).outcome == "warnings-only"


def test_a_torchscript_traceback_cut_before_its_exception_asks_for_it() -> None:
    text = (
        "RuntimeError: The following operation failed in the TorchScript interpreter.\n"
        "Traceback of TorchScript, serialized code (most recent call last):\n"
        '  File "code/__torch__/net.py", line 20, in forward\n'
        "    _3 = torch.add(x, self.bias)\n"
        "         ~~~~~~~~~ <--- HERE\n"
    )
    r = explain(text)
    # since round sixty-two a row of its own (torchscript-interpreter-failure) asks for the rest
    assert r[0].key == "torchscript-interpreter-failure" and "incomplete" in r[0].fix
    # near miss: the exception after the frames is shown, and answered
    whole = text + "RuntimeError: Expected all tensors to be on the same device, but found at least two devices\n"
    assert [e.key for e in explain(whole)] == ["device-mismatch"]


def test_a_torch_load_cut_inside_the_cuda_restore_is_map_location() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/load.py", line 5, in <module>\n'
        "    sd = torch.load(path)\n"
        '  File "/opt/py/lib/site-packages/torch/serialization.py", line 900, in load_tensor\n'
        "    wrap_storage=restore_location(storage, location),\n"
        '  File "/opt/py/lib/site-packages/torch/serialization.py", line 170, in default_restore_location\n'
    )
    r = explain(text)
    assert r and r[0].key == "torch-load-cuda-on-cpu"
    # near miss: cut in another torch.load frame keeps the incomplete paste
    other = text.rsplit("  File", 1)[0]
    r = explain(other)
    assert not r or r[0].key != "torch-load-cuda-on-cpu"


def test_nvccs_edg_wording_is_a_compile_line() -> None:
    for line in (
        'error: namespace "mylib" has no member "helper_fn"',
        "src/impl.cu(40): error: expression must have a constant value",
    ):
        r = explain(line)
        assert r.stage == "compile", (line, r.stage)
