"""Property-based fuzz of the command line: random argv for every command, run in-process through
`torchtrt_compat.cli.main`. Oracle: the exit code is one of 0, 1, 2, 3, 130, no traceback is printed, and a
usage error says something. Model names in the vocabulary never name a real catalogue entry, so nothing is built."""

from __future__ import annotations

import pytest
from _oracle import assert_clean_exit, fuzz_settings, run_cli
from hypothesis import given, strategies as st

from torchtrt_compat.cli import build_parser

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


def _commands() -> list[str]:
    import argparse

    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(action.choices)


COMMANDS = _commands()
OPTIONS = [
    "--json", "--target", "--torch-tensorrt", "--package", "--cc", "--out", "--fp16", "--min-block-size",
    "--backend", "--device", "--iters", "--warmup", "--html", "--step", "--help", "--version", "-", "--", "-x",
]  # fmt: skip
VALUES = [
    "", " ", "-1", "0", "1", "10", "999999999999999999999", "8.9", "12.0", "9.0", "abc", "٨.٩", "².0", "2.14",
    "2.14.0", "2." + "1" * 4400, "torch-tensorrt", "torch-tensorrt-rtx", "models:nope", "models:", "nope.pt2",
    "missing.json", "{}", "[]", '{"torch": 1}', '{"gpus": [{"name": "x", "compute_capability": "٩.٠"}]}',
    "cuda", "cuda:7", "cpu", "inductor", "trt", "eager", "environment", "nope", "*", "[", "\x00", "a\nb",
    "\u202e", "x" * 5000,
]  # fmt: skip
TOKENS = st.one_of(st.sampled_from(OPTIONS), st.sampled_from(VALUES), st.text(max_size=12))


def _safe(argv: list[str]) -> bool:
    """Leave out the few argv that do real work for tens of seconds (a full selftest, a real bench)."""
    return not (argv and argv[0] == "selftest" and "--step" not in argv and "--help" not in argv)


@given(st.sampled_from(COMMANDS), st.lists(TOKENS, max_size=6))
@fuzz_settings(2)
def test_random_argv_exits_cleanly(tmp_path_factory, command, rest):
    argv = [command, *rest]
    if "--out" in argv:  # --out goes to a fresh folder, never the checkout
        i = argv.index("--out")
        argv[i + 1 : i + 2] = [str(tmp_path_factory.mktemp("out") / "o")]
    if not _safe(argv):
        argv = [*argv, "--step", "environment"]
    code, out, err = run_cli(argv)
    assert_clean_exit(argv, code, err, out)


@given(st.lists(TOKENS, max_size=4))
@fuzz_settings(0.5)
def test_random_argv_without_a_command(rest):
    code, out, err = run_cli(rest)
    assert_clean_exit(rest, code, err, out)
