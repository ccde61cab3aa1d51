"""Where a model to build comes from, for `torchtrt-compat build MODEL` and the farm's plans alike.

- ``models:NAME``: the bundled catalogue (`torchtrt-compat models`);
- ``pkg.mod:function``: your code; ``function()`` returns ``(model, example inputs)``, imported from the plan's folder
  or the installed packages; from the current directory only for a trusted model (`locate`);
- a program file, ``.ep`` or ``.pt2`` (``torch.export.save``): read only when trusted (``--trust``, or
  ``trust = true`` in a plan), because ``torch.export.load`` unpickles parts of it, which can run code.

`resolve_source` refuses a source that cannot be found before any build (and before torch is imported);
`load_source` makes the model and its inputs, in the process that builds.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.machinery
import importlib.util
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .._bounded import user_path
from .._errors import UsageError
from ..compiler.inputs import example_inputs_of
from ..models import get_model

PROGRAM_SUFFIXES = (".ep", ".pt2")
CATALOGUE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}", re.ASCII)
FUNCTION = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*", re.ASCII)
FIX_IMPORT = "check the name, or run from (or put the plan in) the folder that holds the module"

SourceKind = Literal["catalogue", "function", "program"]


@dataclass(frozen=True)
class ModelSource:
    """A resolved model source: its kind, where it is (a catalogue name, ``module:function`` or an absolute file),
    and the folders put first on ``sys.path`` to import a function's module."""

    kind: SourceKind
    location: str
    import_paths: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """A folder name for its artifact: the catalogue name, the function's name or the file's stem."""
        if self.kind == "catalogue":
            return self.location
        if self.kind == "function":
            return self.location.split(":")[1]
        return Path(self.location).stem


def resolve_source(source: str, where: str, base: Path, trust: bool) -> ModelSource:
    """The model ``source`` names (relative files and modules are looked up from ``base``); a source that cannot be
    found, or a program file not trusted, is a `UsageError` that starts with ``where``."""
    if source.startswith("models:"):
        name = source.split(":", 1)[1]
        if not CATALOGUE_NAME.fullmatch(name):
            raise UsageError(f"{where}: {source} is not a catalogue name.", "see `torchtrt-compat models`")
        return ModelSource("catalogue", name)  # looked up when loaded: loading the catalogue imports torch
    if source.endswith(PROGRAM_SUFFIXES):
        path = user_path(
            base / source, what=f"{where}:", fix="pass a program written by torch.export.save", resolve=True
        )
        if not path.is_file():
            raise UsageError(f"{where}: {source} is not a file.", "pass a program written by torch.export.save")
        if not trust:
            raise UsageError(
                f"{where}: {source} is an ExportedProgram; loading it unpickles parts of it, which can run code.",
                "for a file you made yourself, pass --trust (or trust = true in the plan)",
            )
        return ModelSource("program", str(path))
    if not FUNCTION.fullmatch(source):
        raise UsageError(
            f"{where}: source {_show(source)} is neither models:NAME, module:function nor a .ep/.pt2 file.",
            'write e.g. "models:resnet18" or "mypkg.models:build"',
        )
    module, function = source.split(":")
    paths = locate(module, base, trust, where)
    origin = module_file(module, paths, where)
    if origin is not None and not _defines(origin, function):
        raise UsageError(f"{where}: {module} has no function {function!r}.", f"define {function}() -> (model, inputs)")
    return ModelSource("function", source, paths)


def locate(module: str, base: Path, trust: bool, where: str) -> tuple[str, ...]:
    """The folders a build puts first on ``sys.path`` to import ``module``: the plan's folder (``base``) when the
    module is there; the ``sys.path`` folder it is found in otherwise (nothing for an installed package); the current
    directory only when ``trust`` allows it. A build process starts with no current directory on its path
    (``python -P``), so that a ``torch.py`` lying there is never imported by a plan that does not name it."""
    top = module.split(".")[0]
    folder = _folder_of(top, [str(base)]) or _folder_of(top, None)
    cwd = os.path.realpath(os.getcwd())
    if folder is None:
        found_here = _folder_of(top, [cwd])
        if found_here is None:
            raise UsageError(f"{where}: no module named {module!r}.", FIX_IMPORT)
        folder = found_here
    real = os.path.realpath(folder)
    if real == os.path.realpath(base):
        return (str(base),)
    if real == cwd:
        if not trust:
            raise UsageError(
                f"{where}: {top} is found only in the current directory ({cwd}), and builds import from there only "
                "when the plan says so.",
                "set trust = true for this model (or pass --trust), or put the plan in the folder that holds it",
            )
        return (cwd,)
    return () if installed_folder(real) else (folder,)


def _folder_of(top: str, search: list[str] | None) -> str | None:
    """The folder that holds the top-level module or package ``top``: searched in ``search`` only, or (None) as an
    import would find it without the current directory (an imported module: where it came from)."""
    if search is not None:
        spec = importlib.machinery.PathFinder.find_spec(top, search)
    elif top in sys.modules:
        spec = getattr(sys.modules[top], "__spec__", None)
    else:
        with _without_current_directory():
            try:
                spec = importlib.util.find_spec(top)
            except (ImportError, ValueError):
                spec = None
    if spec is None:
        return None
    if spec.origin in ("built-in", "frozen"):
        import sysconfig

        return sysconfig.get_paths()["stdlib"]
    if spec.origin and os.path.isabs(spec.origin):
        origin = Path(spec.origin)
        return str(origin.parent.parent if origin.name.startswith("__init__.") else origin.parent)
    locations = list(spec.submodule_search_locations or [])
    return str(Path(locations[0]).parent) if locations else None


def installed_folder(folder: str) -> bool:
    """A folder every Python process of this environment searches already (site-packages, the standard library)."""
    import site
    import sysconfig

    roots = {sysconfig.get_paths().get(k) for k in ("purelib", "platlib", "stdlib", "platstdlib")}
    roots |= set(site.getsitepackages()) | {site.getusersitepackages()}
    return os.path.basename(folder) in ("site-packages", "dist-packages") or folder in {
        os.path.realpath(r) for r in roots if r
    }


@contextlib.contextmanager
def _without_current_directory() -> Iterator[None]:
    """``sys.path`` without the entry Python puts first for the current directory (``''`` or, with ``-m``, its
    path), inside the block."""
    saved = list(sys.path)
    cwd = os.getcwd()
    sys.path[:] = [
        p
        for i, p in enumerate(saved)
        if p != "" and not (i == 0 and p == cwd and not getattr(sys.flags, "safe_path", False))
    ]
    try:
        yield
    finally:
        sys.path[:] = saved


def load_source(source: ModelSource) -> tuple[Any, tuple[Any, ...]]:
    """The model and its example inputs (imports torch; runs the function, or loads the trusted program)."""
    if source.kind == "catalogue":
        entry = get_model(source.location)
        return entry.build(), tuple(entry.example_inputs())
    if source.kind == "program":
        import torch

        try:
            program = torch.export.load(source.location)
        except Exception as exc:
            raise UsageError(
                f"{source.location} is not a loadable ExportedProgram ({exc.__class__.__name__}).",
                "re-export it with torch.export.save",
            ) from None
        return program, example_inputs_of(program)
    module, function = source.location.split(":")
    with import_paths(source.import_paths):
        made = getattr(importlib.import_module(module), function)()
    if not (isinstance(made, (tuple, list)) and len(made) == 2):
        raise UsageError(
            f"{source.location}() returned {type(made).__name__}, not (model, inputs).",
            "return the model and a tuple of example inputs: return model, (x,)",
        )
    model, inputs = made
    return model, tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)


def module_file(module: str, paths: tuple[str, ...], where: str) -> str | None:
    """The source file of ``module`` found with ``paths`` first on sys.path (None for a module without one);
    a module that cannot be found is a `UsageError`."""
    with import_paths(paths):
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError) as exc:
            raise UsageError(f"{where}: {module} does not import ({type(exc).__name__}: {exc}).", FIX_IMPORT) from None
    if spec is None:
        raise UsageError(f"{where}: no module named {module!r}.", FIX_IMPORT)
    return spec.origin if spec.origin and spec.origin.endswith(".py") else None


def _defines(path: str, function: str) -> bool:
    try:
        tree = ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return True  # the import check says what is wrong with it
    names: set[str] = set()
    for node in ast.walk(tree):  # top-level and conditional definitions alike; a miss is only a missed hint
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(a.name == "*" for a in node.names):
                return True  # the import check decides
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("globals", "setattr", "exec"):
            return True
    return function in names


@contextlib.contextmanager
def import_paths(paths: tuple[str, ...]) -> Iterator[None]:
    """``paths`` first on ``sys.path`` inside the block (those not there already), removed again after it."""
    added = [p for p in paths if p not in sys.path]
    sys.path[:0] = added
    try:
        yield
    finally:
        for p in added:
            with contextlib.suppress(ValueError):
                sys.path.remove(p)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
