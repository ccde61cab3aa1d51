"""Layers do not run back up: runtime/ (helpers for any CUDA callable) imports nothing from compiler/, and the
facts layer (env, matrix, checker...) imports neither. `docs/design.md` draws the layers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "torchtrt_compat"


def _imports(path: Path) -> set[str]:
    """Absolute names of the package modules a file imports (relative imports resolved)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names.add(".".join([*base, *(node.module.split(".") if node.module else [])]))
            elif node.module:
                names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("runtime", ("torchtrt_compat.compiler", "torchtrt_compat.cli", "torchtrt_compat._selftest")),
        ("shims", ("torchtrt_compat.compiler", "torchtrt_compat.cli", "torchtrt_compat.runtime")),
        ("ops", ("torchtrt_compat.compiler", "torchtrt_compat.cli", "torchtrt_compat.runtime")),
    ],
)
def test_a_layer_does_not_import_the_layers_above(layer: str, forbidden: tuple[str, ...]) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for name in sorted(_imports(path))
        if name.startswith(forbidden)
    ]
    assert offenders == []


def test_the_facts_layer_imports_no_pipeline() -> None:
    facts = ("env.py", "matrix.py", "checker.py", "target_spec.py", "versions.py", "known_issues.py")
    forbidden = ("torchtrt_compat.compiler", "torchtrt_compat.runtime", "torchtrt_compat.shims", "torchtrt_compat.cli")
    offenders = [f"{f} imports {n}" for f in facts for n in sorted(_imports(PACKAGE / f)) if n.startswith(forbidden)]
    assert offenders == []
