"""Bad arguments to compile / build_engine fail early with one UsageError naming what was passed (audit F8, F12,
group P), on the TensorRT path, the ahead-of-time path and the inductor/eager fallbacks alike. Every case here is
rejected before any export or build starts, so no engine is built."""

from __future__ import annotations

import pytest
import torch

import torchtrt_compat
from torchtrt_compat import UsageError, build_engine
from torchtrt_compat.cli import main
from torchtrt_compat.compiler.validation import compute_capability_list, parse_compute_capability

M = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()
X = torch.randn(1, 3, 16, 16)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("8.9", "8.9"), (8.9, "8.9"), (12.0, "12.0"), ("09.00", "9.0"), ("12.0", "12.0"), ("10.3", "10.3"),
     ("sm_89", "8.9"), ("sm89", "8.9"), ("89", "8.9"), ("sm_120", "12.0"), ("120", "12.0"), ("compute_90", "9.0"),
     ("sm_90a", "9.0"), (" 8.9", "8.9"), ("RTX 4090", "8.9"), ("NVIDIA GeForce RTX 4090", "8.9"), ("H100", "9.0")],
)  # fmt: skip
def test_compute_capability_normalised(value, expected):
    """Every spelling a person uses (reports print sm_89; nvidia-smi and product pages give names) means one cc."""
    assert parse_compute_capability(value) == expected


@pytest.mark.parametrize(
    "value", ["².0", "٨.٩", "abc", "", "8", "8.9.1", "-8.9", "1" * 5000 + ".0", 9, True, None, "RTX 4909"]
)
def test_compute_capability_must_be_a_capability_or_a_gpu_name(value):
    with pytest.raises(UsageError, match="Fix: name each target GPU by compute capability or model"):
        parse_compute_capability(value)


@pytest.mark.parametrize("value", ["8.99", "8.10", "0.5", "sm_8a9"])
def test_impossible_compute_capabilities_are_refused(value):
    """A minor version above 9 or a major of 0 is no GPU at all: refused, never taken as an unknown new GPU."""
    with pytest.raises(UsageError):
        parse_compute_capability(value)


def test_a_misspelt_gpu_name_gets_the_closest_known_names():
    with pytest.raises(UsageError, match="did you mean 'RTX 4090'"):
        parse_compute_capability("RTX 4909")


@pytest.mark.parametrize("value", [[], (), set(), 9, {"8.9": True}, object(), b"8.9"])
def test_compute_capability_list_rejects_empty_and_non_lists(value):
    with pytest.raises(UsageError, match="compute_capabilities"):
        compute_capability_list(value)
    assert compute_capability_list(["8.9", "8.9", 12.0]) == ["8.9", "12.0"]
    assert compute_capability_list({"12.0", "8.9"}) == ["12.0", "8.9"]  # a set is fine; build_engine sorts targets


CASES = {
    "model_function": ((lambda x: x + 1, [X]), {}, "got function"),
    "model_string": (("resnet18", [X]), {}, "got str 'resnet18'"),
    "model_none": ((None, [X]), {}, "got NoneType None"),
    "inputs_strings": ((M, ["a", "b"]), {}, r"arg_inputs\[0\] is not an example input: str 'a'"),
    "inputs_empty": ((M, []), {}, "empty list"),
    "inputs_too_many": ((M, [X, X]), {}, "too many positional"),
    "inputs_dict": ((M, {"x": X}), {}, "arg_inputs is a dict"),
    "inputs_object": ((M, [object()]), {}, "not an example input: object"),
    "inputs_not_a_list": ((M, "x"), {}, "must be a list"),
    "kwarg_inputs_list": ((M, [X]), {"kwarg_inputs": [X]}, "kwarg_inputs must be a dict"),
    "min_block_size_negative": ((M, [X]), {"min_block_size": -1}, "min_block_size=-1"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_build_engine_rejects_bad_arguments_early(name):
    args, kwargs, match = CASES[name]
    with pytest.raises(UsageError, match=match):
        build_engine(*args, compute_capabilities=["8.9"], **kwargs)


@pytest.mark.parametrize("cc", [9, [], {"8.9": True}, ["abc"], ["8.99"], ["RTX 4909"], ["٨.٩"], ["².0"]])
def test_build_engine_rejects_bad_compute_capabilities(cc):
    with pytest.raises(UsageError, match="compute_capabilities"):
        build_engine(M, [X], compute_capabilities=cc)


@pytest.mark.parametrize("fallback", ["error", "inductor", "eager"])
@pytest.mark.parametrize("name", sorted(set(CASES) - {"inputs_not_a_list"}))
def test_compile_rejects_bad_arguments_on_every_path(name, fallback):
    args, kwargs, match = CASES[name]
    model, inputs = args
    with pytest.raises(UsageError, match=match):
        torchtrt_compat.compile(model, arg_inputs=inputs, fallback=fallback, **kwargs)


@pytest.mark.parametrize("fallback", ["inductor", "eager"])
def test_compile_fallback_rejects_inputs_and_arg_inputs_together(fallback):
    with pytest.raises(UsageError, match="Both inputs and arg_inputs"):
        torchtrt_compat.compile(M, inputs=[X], arg_inputs=[X], fallback=fallback)


def test_cli_build_malformed_cc_is_exit_2(tmp_path, capsys):
    """O25, O26: a malformed --cc is a bad argument (exit 2), not an incompatible stack (exit 1)."""
    for cc in ("abc", "", "٨.٩"):
        assert main(["build", "models:deform_convnet", "--cc", cc, "--out", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert "--cc" in err and "Traceback" not in err and "compute_capabilities=" not in err
