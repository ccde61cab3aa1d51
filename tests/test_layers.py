"""The wings and their layers, as `docs/design.md` draws them: imports only point down, no module imports one that
(directly or through others) imports it back, and the package top holds infrastructure only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "torchtrt_compat"
P = "torchtrt_compat"

#: module-level `.py` files allowed at the package top (``__init__``/``__main__`` aside)
TOP_LEVEL = {"_atomic", "_bounded", "_checkout", "_engines", "_errors", "_lazy", "_patch", "_version"}
TOP_PUBLIC = {"env", "versions", "selftest"}
#: `ux/` imports nothing of the package but infrastructure, so infrastructure may show itself through it (an error
#: renders as a panel in Jupyter)
INFRASTRUCTURE = (*(f"{P}.{m}" for m in sorted(TOP_LEVEL)), f"{P}.ux")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(path: Path, *, module_level_only: bool = False) -> set[str]:
    """Absolute names of the package modules a file imports (relative imports resolved; ``from pkg import mod``
    counts as an import of ``pkg.mod`` when that is a module)."""
    modules = _modules()
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # `if TYPE_CHECKING:` blocks import nothing at run time
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    nodes = tree.body if module_level_only else list(ast.walk(tree))
    if module_level_only:
        nodes = [n for n in nodes if isinstance(n, (ast.Import, ast.ImportFrom))]
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                module = node.module or ""
            if not module.startswith(P):
                continue
            subs = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in modules]
            names.update(subs)
            if len(subs) < len(node.names):
                names.add(module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith(P))
    return names


def _graph(*, module_level_only: bool = False) -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for target in _imports(path, module_level_only=module_level_only):
            # importing a.b.c runs the packages a and a.b first: an edge to each of them too, except to the
            # importing module's own packages (which are running already)
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                step = ".".join(parts[:i])
                if step in modules and step != name and not name.startswith(step + "."):
                    deps.add(step)
        graph[name] = deps
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_anywhere() -> None:
    """Imports inside functions count too: a circle there is a circle in the design."""
    assert _cycles(_graph()) == []


def test_the_package_top_holds_infrastructure_only() -> None:
    top = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert top <= TOP_LEVEL | TOP_PUBLIC, sorted(top - TOP_LEVEL - TOP_PUBLIC)
    assert len(top) <= 12
    assert len([m for m in top if m.startswith("_")]) <= 8


WINGS = ("compatibility", "troubleshooting", "ux", "compiler", "runtime", "shims", "ops", "cli", "farm")
ABOVE = {
    # wing -> what it must never import
    "ux": tuple(f"{P}.{w}" for w in WINGS if w != "ux") + (f"{P}.env", f"{P}.versions", f"{P}.selftest"),
    "compatibility": tuple(f"{P}.{w}" for w in ("compiler", "runtime", "shims", "ops", "cli", "troubleshooting"))
    + (f"{P}.selftest", f"{P}.farm"),
    "troubleshooting": tuple(f"{P}.{w}" for w in ("compiler", "runtime", "shims", "ops", "cli", "farm"))
    + (f"{P}.selftest",),
    "runtime": (f"{P}.compiler", f"{P}.cli", f"{P}.selftest", f"{P}.farm", f"{P}.troubleshooting"),
    "shims": (f"{P}.compiler", f"{P}.cli", f"{P}.runtime", f"{P}.selftest", f"{P}.farm"),
    "ops": (f"{P}.compiler", f"{P}.cli", f"{P}.runtime", f"{P}.selftest", f"{P}.farm"),
    "compiler": (f"{P}.cli", f"{P}.selftest", f"{P}.farm"),
    "farm": (f"{P}.cli", f"{P}.selftest"),
}


@pytest.mark.parametrize(("wing", "forbidden"), sorted(ABOVE.items()))
def test_a_wing_does_not_import_the_wings_above(wing: str, forbidden: tuple[str, ...]) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted((PACKAGE / wing).rglob("*.py"))
        for name in sorted(_imports(path))
        if name.startswith(forbidden)
    ]
    assert offenders == []


def test_infrastructure_imports_only_infrastructure() -> None:
    offenders = [
        f"{m}.py imports {name}"
        for m in sorted(TOP_LEVEL)
        for name in sorted(_imports(PACKAGE / f"{m}.py"))
        if name != P and not name.startswith(INFRASTRUCTURE)
    ]
    assert offenders == []


def test_the_facts_layer_imports_no_pipeline() -> None:
    forbidden = tuple(f"{P}.{w}" for w in ("compiler", "runtime", "shims", "ops", "cli", "troubleshooting"))
    offenders = [f"{f}.py imports {n}" for f in ("env", "versions") for n in sorted(_imports(PACKAGE / f"{f}.py"))]
    assert [o for o in offenders if o.split(" imports ")[1].startswith(forbidden)] == []


#: inside compiler/: the artifact format stands below the front door and the pipeline
COMPILER_LOWER = ("artifact", "_legacy_ttc", "_ep_reader", "compile_report")
COMPILER_UPPER = tuple(f"{P}.compiler.{m}" for m in ("frontend", "pipeline", "aot"))


@pytest.mark.parametrize("module", COMPILER_LOWER)
def test_the_artifact_format_stands_below_the_front_door(module: str) -> None:
    path = PACKAGE / "compiler" / f"{module}.py"
    assert [n for n in sorted(_imports(path)) if n.startswith(COMPILER_UPPER)] == []


#: modules whose import pulls in torch (or torch_tensorrt): importing them from inside a function is the rule
DEFERRED_OK = {f"{P}.compiler.partition", f"{P}.ops.deform_conv2d", f"{P}.ops.roi_align", f"{P}.farm._preload"}


def test_internal_imports_are_at_module_level() -> None:
    """Deferred imports are for torch and the modules that pull it in (`DEFERRED_OK`, 138 other deferred internal
    imports before the wings); every other internal import sits at the top of its file, so the top of a file tells
    the truth about what it uses."""
    modules = _modules()
    deferred = [
        f"{name} imports {target} inside a function"
        for name, path in modules.items()
        for target in sorted(_imports(path) - _imports(path, module_level_only=True))
        if target in modules and target != name and target not in DEFERRED_OK
    ]
    assert deferred == []
