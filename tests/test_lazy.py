"""`_lazy`: asking about packages without importing them; a broken install says what is broken."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from torchtrt_compat._errors import MissingDependencyError
from torchtrt_compat._lazy import is_installed, require


def test_missing_package_names_the_pip_command() -> None:
    with pytest.raises(MissingDependencyError, match="pip install") as info:
        require("no_such_package_xyz.sub", "for a test")
    assert "no_such_package_xyz" in str(info.value) and "for a test" in str(info.value)


def test_an_installed_package_with_a_broken_submodule_raises_its_own_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "brokenpkg_xyz"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "sub.py").write_text("import does_not_exist_anywhere_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert is_installed("brokenpkg_xyz")
    with pytest.raises(ModuleNotFoundError, match="does_not_exist_anywhere_xyz"):
        require("brokenpkg_xyz.sub")
    sys.modules.pop("brokenpkg_xyz", None)


def test_torch_hint_comes_from_the_matrix() -> None:
    from torchtrt_compat import matrix
    from torchtrt_compat._lazy import _pinned_hint

    newest = matrix.releases("torch-tensorrt")[-1]
    assert f"torch{newest['torch']}" in (_pinned_hint("torch") or "")
