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


def test_torch_hint_installs_the_pinned_pair_through_the_extras() -> None:
    """The hint names the extra, whose pins (pyproject.toml) are the torch the newest torch-tensorrt-rtx requires."""
    import tomllib

    from torchtrt_compat._lazy import install_hint
    from torchtrt_compat.compatibility import matrix
    from torchtrt_compat.versions import satisfies

    extras = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["rtx"]
    torch_pin = next(r for r in extras if r.startswith("torch=="))
    newest = matrix.releases("torch-tensorrt-rtx")[-1]
    assert "[rtx]" in install_hint("torch")
    assert satisfies(torch_pin.removeprefix("torch==").replace("*", "0"), newest["torch"])
