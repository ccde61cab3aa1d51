"""The wings and their layers, as `docs/design.md` draws them: imports only point down, no module imports one that
(directly or through others) imports it back (imports for type checking count: two files that must change together
are a circle either way), the package top holds infrastructure only, and no module imports another's private name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "torchtrt_compat"
P = "torchtrt_compat"

#: module-level `.py` files allowed at the package top (``__init__``/``__main__`` aside)
TOP_LEVEL = {"_atomic", "_bounded", "_checkout", "_engines", "_errors", "_lazy", "_patch", "_version"}
TOP_PUBLIC = {"env", "versions", "host_selftest"}
#: `ux/` imports nothing of the package but infrastructure, so infrastructure may show itself through it (an error
#: renders as a panel in Jupyter)
INFRASTRUCTURE = (*(f"{P}.{m}" for m in sorted(TOP_LEVEL)), f"{P}.ux")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _module_level(tree: ast.Module) -> list[ast.stmt]:
    """The import statements at the top of a file, those of its ``if TYPE_CHECKING:`` blocks included."""
    top: list[ast.stmt] = []
    for node in tree.body:
        top.extend(node.body if isinstance(node, ast.If) and _is_type_checking(node) else [node])
    return [n for n in top if isinstance(n, (ast.Import, ast.ImportFrom))]


def _source_module(path: Path, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from ... import`` reads (relative imports resolved)."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    if not node.level:
        return node.module or ""
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, *(node.module.split(".") if node.module else [])])


def _imports(path: Path, *, module_level_only: bool = False) -> set[str]:
    """Absolute names of the package modules a file imports (``from pkg import mod`` counts as an import of
    ``pkg.mod`` when that is a module). Imports for type checking count: they tie two files together as much."""
    modules = _modules()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = _module_level(tree) if module_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            module = _source_module(path, node)
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
    """Imports inside functions and for type checking count too: a circle there is a circle in the design."""
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


#: inside compiler/: the artifact room (compiler/artifact/) stands below the front door and the pipeline, and of the
#: rest of the wing imports only these
ARTIFACT_NEEDS = {f"{P}.compiler.{m}" for m in ("compile_report", "_upstream", "partition")}
COMPILER_UPPER = tuple(f"{P}.compiler.{m}" for m in ("frontend", "pipeline", "aot"))


def test_the_artifact_room_imports_only_the_report_the_gateway_and_the_partition() -> None:
    room = f"{P}.compiler.artifact"
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted((PACKAGE / "compiler" / "artifact").rglob("*.py"))
        for name in sorted(_imports(path))
        if name.startswith(f"{P}.compiler") and name != f"{P}.compiler"
        if not name.startswith(room) and name not in ARTIFACT_NEEDS
    ]
    assert offenders == []


def test_the_compile_report_stands_below_the_front_door() -> None:
    path = PACKAGE / "compiler" / "compile_report.py"
    assert [n for n in sorted(_imports(path)) if n.startswith(COMPILER_UPPER)] == []


#: modules whose import pulls in torch (or torch_tensorrt): importing them from inside a function is the rule
DEFERRED_OK = {f"{P}.compiler.partition", f"{P}.ops.deform_conv2d", f"{P}.ops.roi_align", f"{P}.farm._preload"}


def test_internal_imports_are_at_module_level() -> None:
    """Deferred imports are for torch and the modules that pull it in (`DEFERRED_OK`); every other internal import
    sits at the top of its file, so the top of a file tells the truth about what it uses."""
    modules = _modules()
    deferred = [
        f"{name} imports {target} inside a function"
        for name, path in modules.items()
        for target in sorted(_imports(path) - _imports(path, module_level_only=True))
        if target in modules and target != name and target not in DEFERRED_OK
    ]
    assert deferred == []


#: private names one module may import from another: none
PRIVATE_IMPORTS_OK: set[str] = set()


def _private_uses(name: str, path: Path) -> set[str]:
    """``module: other._name`` for each private name of another package module that ``path`` imports
    (``from other import _name``) or reaches through an imported module (``other._name``). Private modules
    (``_errors``, ``_upstream``) are infrastructure and may be imported; their private names may not."""
    modules = _modules()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: dict[str, str] = {}  # local name -> the package module it names
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _source_module(path, node)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}"
                elif source.startswith(P) and source != name and _private(alias.name):
                    found.add(f"{name}: {source}.{alias.name}")
        elif isinstance(node, ast.Import):
            bound.update({a.asname: a.name for a in node.names if a.asname and a.name in modules})
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
            target = f"{bound[node.value.id]}.{node.attr}"
            if _private(node.attr) and target not in modules and bound[node.value.id] != name:
                found.add(f"{name}: {target}")
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_uses_another_modules_private_names() -> None:
    """A leading underscore is a promise: what a module keeps private, no other module imports or reaches into.
    Make the name public, or move it to its user."""
    used = {use for name, path in _modules().items() for use in _private_uses(name, path)}
    assert sorted(used - PRIVATE_IMPORTS_OK) == []
    assert PRIVATE_IMPORTS_OK <= used, "an allowed private import is gone: drop it from PRIVATE_IMPORTS_OK"
