"""One owner per fact in the compatibility wing (issue 17 part 2): flavours, architectures, origins, what-if."""

from __future__ import annotations

import inspect
from pathlib import Path

from torchtrt_compat import env as env_module
from torchtrt_compat.compatibility import advice, matrix, rules, suggest
from torchtrt_compat.compatibility.rules import check_environment
from torchtrt_compat.compatibility.target import Overrides, apply_overrides, read_target, to_environment
from torchtrt_compat.compatibility.what_if import what_if
from torchtrt_compat.env import FLAVOURS, detect_environment

TARGETS = Path(__file__).parent.parent / "data" / "targets"
SPECS = Path(__file__).parent.parent / "data" / "specs"


def test_the_flavour_table_is_the_only_one() -> None:
    assert [f.distribution for f in FLAVOURS.values()] == ["torch-tensorrt", "torch-tensorrt-rtx"]
    assert FLAVOURS["tensorrt-rtx"].label == "TensorRT-RTX"
    for module in (advice, suggest):
        source = inspect.getsource(module)
        assert '"full TensorRT"' not in source and '{"tensorrt": "torch-tensorrt"' not in source


def test_architecture_names_come_from_the_data() -> None:
    assert not hasattr(advice, "ARCHITECTURES")
    rows = matrix.load()["architectures"]
    assert all(r["source"] and r["verified"] for r in rows)
    assert advice.describe_cc("9.0") == "9.0 (Hopper: H100/H200)"  # no parenthesis inside a parenthesis
    assert advice.describe_cc("4.2") == "4.2"


def test_one_distribution_name_normaliser() -> None:
    assert not hasattr(matrix, "_dist")
    assert matrix.is_known("Torch_TensorRT", "2.14.0")


def test_origin_is_typed_and_says_whether_the_host_is_installed() -> None:
    cases = {
        TARGETS / "env_json_h100_host.json": ("env-json", True),
        TARGETS / "requirements_h100_cu130.txt": ("requirements", False),
        SPECS / "h100_torch_tensorrt_2_14.json": ("spec", False),
    }
    for path, (origin, installed) in cases.items():
        environment = to_environment(read_target(path))
        assert (environment.origin, environment.installed) == (origin, installed), path
    here = detect_environment()
    assert here.origin == "machine" and here.installed
    assert "target import" not in inspect.getsource(rules._context)


def test_what_if_lives_in_the_library() -> None:
    target = read_target(SPECS / "h100_torch_tensorrt_2_14.json")
    before = check_environment(to_environment(target))
    after = check_environment(to_environment(apply_overrides(target, Overrides(upgrades=["torch==2.15.0"]))))
    change = what_if(before, after, ["torch==2.15.0"], target.origin)
    assert change.verdict_before == "compatible" and change.verdict_after == "incompatible"
    assert "torch-version" in {f.code for f in change.breaks}
    assert change.to_dict()["breaks"][0]["code"] and "what if torch==2.15.0" in str(change)
    assert env_module.normalise_dist("TensorRT_CU13") == "tensorrt-cu13"
