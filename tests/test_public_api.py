"""The lazy public surface: every exported name resolves, and the typing mirror lists exactly the same names."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import torchtrt_compat


def _type_checking_names() -> set[str]:
    tree = ast.parse(Path(torchtrt_compat.__file__).read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    return {
        alias.asname or alias.name for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names
    }


def test_exports_and_the_typing_block_name_the_same_things() -> None:
    assert set(torchtrt_compat._EXPORTS) == _type_checking_names()


def test_every_export_resolves_to_the_module_it_names() -> None:
    for name, module in torchtrt_compat._EXPORTS.items():
        value = getattr(torchtrt_compat, name)
        assert value is getattr(importlib.import_module(module, "torchtrt_compat"), name)


def test_selftest_is_a_function_in_a_module_of_another_name() -> None:
    """``torchtrt_compat.selftest(...)`` is the function; its module (`host_selftest`) has a name of its own."""
    from torchtrt_compat import host_selftest

    assert inspect.isfunction(torchtrt_compat.selftest) and torchtrt_compat.selftest is host_selftest.selftest
    assert not (Path(torchtrt_compat.__file__).parent / "selftest.py").exists()
    with pytest.raises(torchtrt_compat.UsageError, match="Unknown selftest step"):
        torchtrt_compat.selftest(steps=["no-such-step"])


def test_no_function_shadows_a_module_of_its_package() -> None:
    """``torchtrt_compat.compiler.export`` must be the function, with its module under another name."""
    import torchtrt_compat.compiler as compiler

    for name in ("export", "report", "compile", "build_engine"):
        assert inspect.isfunction(getattr(compiler, name)), name
        assert not (Path(compiler.__file__).parent / f"{name}.py").exists(), name


def test_compile_options_are_keyword_only_and_upstream_parameters_come_first() -> None:
    params = inspect.signature(torchtrt_compat.compile).parameters
    names = list(params)
    assert names[:6] == ["module", "ir", "inputs", "arg_inputs", "kwarg_inputs", "enabled_precisions"]
    for own in ("fallback", "shims", "context_guard"):
        assert params[own].kind is inspect.Parameter.KEYWORD_ONLY
    assert names[-1] == "kwargs"


@pytest.mark.parametrize("old", sorted(__import__("torchtrt_compat._checkout", fromlist=["MOVED"]).MOVED))
def test_the_module_paths_of_0_2_still_import(old: str) -> None:
    """``from torchtrt_compat.checker import check`` and the like keep working for one release: the old path gives
    the moved module itself, so a patch through either name reaches the same object."""
    from torchtrt_compat._checkout import MOVED

    module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])
    parent, _, name = old.rpartition(".")
    assert getattr(importlib.import_module(parent), name) is module


def test_old_and_new_names_share_their_functions() -> None:
    from torchtrt_compat.checker import check as old_check  # type: ignore[import-not-found]
    from torchtrt_compat.fleet import check_fleet as old_fleet  # type: ignore[import-not-found]

    from torchtrt_compat.compatibility.fleet import check_fleet
    from torchtrt_compat.compatibility.rules import check as new_check

    assert old_check is new_check and old_fleet is check_fleet
