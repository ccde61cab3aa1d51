#!/usr/bin/env python3
"""Extract the compile-settings surface of every torch-tensorrt release, without importing it.

For each release (one linux x86_64 CPython wheel, preferably cp311) this reads,
with ``zipfile`` + ``ast`` only:

* ``CompilationSettings`` fields and defaults (``dynamo/_settings.py``), with
  names from ``dynamo/_defaults.py`` resolved to their literal source text;
* the parameters of ``torch_tensorrt.dynamo.compile`` (``dynamo/_compiler.py``)
  and whether it takes ``**kwargs``;
* the parameters of top-level ``torch_tensorrt.compile`` (``_compile.py``);
* the ``ir`` strings accepted by ``_compile.py`` (and the ``_IRType`` members);
* ``_version.py``;
* warning / error / assert message strings in ``_compiler.py`` that mention the
  deprecated-or-renamed kwargs listed in ``WATCHED_KWARGS``.

Usage: python3 tools/extract_settings_fields.py [--out PATH] [--cache DIR]
       python3 tools/extract_settings_fields.py --surface   (only rewrite the shipped subset, no download)
Only the standard library and ``packaging`` are used.

Besides the raw data (``tests/data/settings_fields.json``, for tests and notes) it writes the subset an installed
torchtrt_compat needs at run time, ``torchtrt_compat/data/compile_surface.json``: per release, the
``dynamo.compile`` parameters, the ``CompilationSettings`` fields and the top-level ``compile`` parameters (with
defaults and ``**kwargs`` flags). ``tests/compiler/test_compile_surface.py`` fails when the two drift apart.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import tempfile
import urllib.parse
import urllib.request
import zipfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from typing import Any

from packaging.version import Version

from torchtrt_compat._atomic import atomic_write_text  # noqa: E402  (stdlib only)

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), os.pardir, "tests", "data", "settings_fields.json")
SURFACE_OUT = os.path.join(os.path.dirname(__file__), os.pardir, "torchtrt_compat", "data", "compile_surface.json")
DEFAULT_CACHE = os.path.join(tempfile.gettempdir(), "tt_wheels")
PROJECTS = {"torch-tensorrt": Version("2.4.0"), "torch-tensorrt-rtx": Version("2.11.0")}
PREFERRED_PY = ("cp311", "cp310", "cp312")

PKG = "torch_tensorrt/"
SETTINGS_PY = PKG + "dynamo/_settings.py"
DEFAULTS_PY = PKG + "dynamo/_defaults.py"
COMPILER_PY = PKG + "dynamo/_compiler.py"
COMPILE_PY = PKG + "_compile.py"
VERSION_PY = PKG + "_version.py"

WATCHED_KWARGS = (
    "enabled_precisions",
    "use_explicit_typing",
    "truncate_long_and_double",
    "truncate_double",
    "make_refittable",
    "refit",
    "immutable_weights",
    "debug",
    "use_python_runtime",
    "cache_built_engines",
    "reuse_cached_engines",
    "strip_engine_weights",
    "enable_autocast",
    "autocast_low_precision_type",
)
MESSAGE_CALLS = {"warn", "warning", "info", "debug", "error", "critical", "exception"}
DEFAULT_MODULE_ALIASES = {"_defaults", "defaults"}


# --------------------------------------------------------------------------
# Wheels
# --------------------------------------------------------------------------
def pick_linux_wheel(files: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The linux x86_64 wheel for the first preferred CPython tag present."""
    linux = [
        f
        for f in files
        if f["filename"].endswith(".whl")
        and "linux" in f["filename"]
        and f["filename"].endswith("x86_64.whl")
        and not f.get("yanked")
    ]
    for tag in PREFERRED_PY:
        for entry in linux:
            if f"-{tag}-{tag}-" in entry["filename"]:
                return entry
    return None


def list_releases(project: str, lowest: Version) -> list[tuple[str, dict[str, Any]]]:
    """(version, wheel file entry with absolute url) for every final release >= lowest.

    Reads the project page of the simple index pip uses (the same discovery and parser as ``refresh_matrix.py``).
    """
    import refresh_matrix as rm

    page_url = rm.index_url() + project + "/"
    body, content_type = rm.http_get(page_url, {"Accept": "application/vnd.pypi.simple.v1+json, text/html;q=0.1"})
    files = rm.parse_simple_page(body.decode("utf-8"), content_type, page_url)["files"]
    by_version: dict[str, list[dict[str, Any]]] = {}
    for entry in files:
        version = rm.file_version(entry["filename"])
        if version is not None:
            by_version.setdefault(version, []).append(entry)
    chosen = []
    for version in sorted(by_version, key=Version):
        parsed = Version(version)
        wheel = pick_linux_wheel(by_version[version])
        if parsed >= lowest and not parsed.is_prerelease and wheel is not None:
            if wheel.get("size") is None:
                wheel = {**wheel, "size": rm.http_size(wheel["url"])}
            chosen.append((version, wheel))
    return chosen


def fetch_wheel(entry: dict[str, Any], cache_dir: str) -> str:
    """Download a wheel into the cache (once) and return its path."""
    os.makedirs(cache_dir, exist_ok=True)
    path = os.path.join(cache_dir, entry["filename"])
    if not os.path.exists(path) or os.path.getsize(path) != entry["size"]:
        tmp = path + ".part"
        urllib.request.urlretrieve(entry["url"], tmp)
        os.replace(tmp, path)
    return path


def read_sources(wheel_path: str) -> dict[str, str]:
    """The torch_tensorrt source files this tool inspects (missing ones omitted)."""
    wanted = (SETTINGS_PY, DEFAULTS_PY, COMPILER_PY, COMPILE_PY, VERSION_PY)
    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        return {name: wheel.read(name).decode("utf-8") for name in wanted if name in names}


# --------------------------------------------------------------------------
# AST helpers
# --------------------------------------------------------------------------
def module_constants(source: str) -> dict[str, str]:
    """Top-level ``NAME = expr`` (or annotated) assignments -> expression source text."""
    tree, table = ast.parse(source), {}
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                table[target.id] = ast.get_source_segment(source, node.value)  # type: ignore[arg-type]
    return table


def literal_constants(source: str) -> dict[str, Any]:
    """Top-level assignments whose value is a plain literal, evaluated."""
    result = {}
    for name, text in module_constants(source).items():
        try:
            result[name] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            result[name] = text
    return result


class _DefaultsResolver(ast.NodeTransformer):
    """Replace ``NAME`` / ``_defaults.NAME`` with the expression defined in _defaults.py."""

    def __init__(self, table: dict[str, str]) -> None:
        self.table, self.changed = table, False

    def _lookup(self, name: str, node: ast.AST) -> ast.AST:
        if name not in self.table:
            return node
        self.changed = True
        return ast.parse(self.table[name], mode="eval").body

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return self._lookup(node.id, node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id in DEFAULT_MODULE_ALIASES:
            return self._lookup(node.attr, node)
        return self.generic_visit(node)


def default_text(source: str, node: ast.expr | None, table: dict[str, str]) -> str | None:
    """Source text of a default, with _defaults names substituted where possible."""
    if node is None:
        return None
    original = ast.get_source_segment(source, node)
    resolver = _DefaultsResolver(table)
    resolved = resolver.visit(ast.parse(original, mode="eval")) if original else None  # type: ignore[arg-type]
    return ast.unparse(resolved) if resolver.changed else original


def find_def(tree: ast.Module, name: str, kind: type) -> Any | None:
    """Top-level class or function definition called ``name``."""
    return next((n for n in tree.body if isinstance(n, kind) and n.name == name), None)


def function_params(source: str, func: ast.FunctionDef, table: dict[str, str]) -> dict[str, str | None]:
    """Parameter name -> default source text (None when required)."""
    args = func.args
    positional = args.posonlyargs + args.args
    pos_defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params = {a.arg: default_text(source, d, table) for a, d in zip(positional, pos_defaults, strict=False)}
    params.update(
        {a.arg: default_text(source, d, table) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=False)}
    )
    return params


def expression_text(source: str, node: ast.expr) -> str | None:
    """String literal or f-string (as source) for a message argument, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return ast.get_source_segment(source, node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left, right = expression_text(source, node.left), expression_text(source, node.right)
        return (left or "") + (right or "") if (left or right) else None
    return None


# --------------------------------------------------------------------------
# Extractors
# --------------------------------------------------------------------------
def settings_fields(sources: dict[str, str], table: dict[str, str]) -> dict[str, str | None]:
    source = sources[SETTINGS_PY]
    cls = find_def(ast.parse(source), "CompilationSettings", ast.ClassDef)
    fields: dict[str, str | None] = {}
    for node in cls.body if cls else []:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            fields[node.target.id] = default_text(source, node.value, table)
    return fields


def compile_signature(source: str, table: dict[str, str]) -> tuple[dict[str, str | None], bool]:
    """Parameters of the module-level ``compile`` function and whether it has ``**kwargs``."""
    func = find_def(ast.parse(source), "compile", ast.FunctionDef)
    if func is None:
        return {}, False
    return function_params(source, func, table), func.args.kwarg is not None


def ir_values(source: str) -> tuple[list[str], list[str]]:
    """(ir strings tested in _get_target_fe, _IRType member names)."""
    tree = ast.parse(source)
    enum = find_def(tree, "_IRType", ast.ClassDef)
    members = [
        t.id
        for n in (enum.body if enum else [])
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    ]
    func = find_def(tree, "_get_target_fe", ast.FunctionDef)
    strings = (
        {
            n.value
            for n in ast.walk(func)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and re.fullmatch(r"[a-z_]+", n.value)
        }
        if func
        else set()
    )
    return sorted(strings), members


def _context(source: str, node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """'func() [if <test>]' for the enclosing function and nearest enclosing if-statement."""
    condition, current = "", parents.get(node)
    while current is not None and not isinstance(current, ast.FunctionDef):
        if isinstance(current, ast.If) and not condition:
            condition = f" [if {' '.join(ast.get_source_segment(source, current.test).split())}]"
        current = parents.get(current)
    return (f"{current.name}()" if current is not None else "<module>") + condition


def _message_sites(source: str) -> list[tuple[int, str]]:
    """(line, 'func() [if cond]: text') for every warning/log/raise/assert message in a module."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    sites: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        text: str | None = None
        if isinstance(node, ast.Assert) and node.msg is not None:
            message = expression_text(source, node.msg) or ast.get_source_segment(source, node.msg)
            text = f"assert {ast.get_source_segment(source, node.test)}: {message}"
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if (name in MESSAGE_CALLS or name.endswith(("Error", "Exception", "Warning"))) and node.args:
                text = expression_text(source, node.args[0])
        if text:
            sites.append((node.lineno, f"{_context(source, node, parents)}: {text}"))
    return sorted(set(sites))


def kwarg_notes(source: str) -> dict[str, list[str]]:
    """kwarg -> ['L<line> func() [if cond]: message', ...] for messages whose text or condition mention it."""
    notes: dict[str, list[str]] = {}
    for line, text in _message_sites(source):
        for kwarg in WATCHED_KWARGS:
            if re.search(rf"(?<![A-Za-z_]){kwarg}(?![A-Za-z_])", text):
                notes.setdefault(kwarg, []).append(f"L{line} {' '.join(text.split())}")
    return notes


def extract_release(wheel_path: str) -> dict[str, Any]:
    sources = read_sources(wheel_path)
    table = module_constants(sources.get(DEFAULTS_PY, ""))
    dyn_params, dyn_kwargs = compile_signature(sources[COMPILER_PY], table)
    top_params, top_kwargs = compile_signature(sources[COMPILE_PY], {})
    irs, ir_enum = ir_values(sources[COMPILE_PY])
    return {
        "wheel": os.path.basename(wheel_path),
        "settings_fields": settings_fields(sources, table),
        "dynamo_compile_params": dyn_params,
        "dynamo_compile_var_kwargs": dyn_kwargs,
        "compile_params": top_params,
        "compile_var_kwargs": top_kwargs,
        "ir_values": irs,
        "ir_enum": ir_enum,
        "version_py": literal_constants(sources.get(VERSION_PY, "")),
        "notes": kwarg_notes(sources[COMPILER_PY]),
    }


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------
def write_json_atomic(path: str, data: Any) -> None:
    """Write JSON atomically (a temp file beside ``path``, then a rename), with the package's own writer."""
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")


def compile_surface(fields: dict[str, Any]) -> dict[str, Any]:
    """The run-time subset of the raw data: how each release's compile functions are called and what they take."""
    releases = {
        key: {
            "dynamo_compile": {"params": row["dynamo_compile_params"], "var_kwargs": row["dynamo_compile_var_kwargs"]},
            "settings_fields": row["settings_fields"],
            "compile": {"params": row["compile_params"], "var_kwargs": row["compile_var_kwargs"]},
        }
        for key, row in fields["releases"].items()
    }
    return {
        "schema": 1,
        "generated_by": "tools/extract_settings_fields.py (subset of tests/data/settings_fields.json)",
        "releases": releases,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.normpath(DEFAULT_OUT), help="output JSON path")
    parser.add_argument("--cache", default=DEFAULT_CACHE, help="wheel cache directory (outside the repo)")
    parser.add_argument("--surface-out", default=os.path.normpath(SURFACE_OUT), help="shipped run-time subset")
    parser.add_argument("--surface", action="store_true", help="only rewrite the run-time subset from --out")
    args = parser.parse_args(argv)
    if args.surface:
        with open(args.out, encoding="utf-8") as raw:
            write_json_atomic(args.surface_out, compile_surface(json.load(raw)))
        print(f"wrote {args.surface_out}", file=sys.stderr)
        return 0
    releases: dict[str, Any] = {}
    for project, lowest in PROJECTS.items():
        for version, entry in list_releases(project, lowest):
            print(f"{project}=={version}: {entry['filename']}", file=sys.stderr)
            releases[f"{project}=={version}"] = extract_release(fetch_wheel(entry, args.cache))
    data = {"schema": 1, "generated_by": "tools/extract_settings_fields.py", "releases": releases}
    write_json_atomic(args.out, data)
    write_json_atomic(args.surface_out, compile_surface(data))
    print(f"wrote {args.out}: {len(releases)} releases", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
