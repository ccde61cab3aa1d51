#!/usr/bin/env python3
"""Read the code behind each release trap out of every torch_tensorrt wheel the matrix covers, without importing it.

For every torch-tensorrt (2.2.0 onwards) and torch-tensorrt-rtx release, one linux x86_64 wheel is read through
pip's configuration (`torchtrt_compat.compatibility.pip_index`: range requests for single members, never the whole
wheel) and each predicate below is evaluated on its sources with ``ast``. The answers go to
``tests/data/release_trap_evidence.json``; ``tests/compatibility/test_release_traps.py`` checks that the version
range of every trap in ``compatibility/release_traps.py`` whose ``evidence`` names a predicate selects exactly the
releases where the predicate holds, and that the claims torchtrt_compat makes about ``dryrun`` hold in every release.

Usage: python tools/extract_trap_evidence.py [--out PATH] [--jobs N]
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import json
import os
import re
import sys
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from torchtrt_compat._atomic import atomic_write_text  # noqa: E402
from torchtrt_compat.compatibility import refresh  # noqa: E402
from torchtrt_compat.compatibility.pip_index import Index, pip_settings  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests", "data", "release_trap_evidence.json")
PKG = "torch_tensorrt/"
MEMBERS = {
    "compile": PKG + "_compile.py",
    "compiler": PKG + "dynamo/_compiler.py",
    "settings": PKG + "dynamo/_settings.py",
    "defaults": PKG + "dynamo/_defaults.py",
    "dryrun": PKG + "dynamo/_DryRunTracker.py",
    "interpreter": PKG + "dynamo/conversion/_TRTInterpreter.py",
    "conversion": PKG + "dynamo/conversion/_conversion.py",
    "ts_compiler": PKG + "ts/_compiler.py",
}
Sources = dict[str, str]


def _function(source: str, name: str) -> ast.FunctionDef | None:
    return next((n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == name), None)


def _params(func: ast.FunctionDef) -> dict[str, ast.expr | None]:
    args = func.args
    positional = args.posonlyargs + args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    found = {a.arg: d for a, d in zip(positional, defaults, strict=True)}
    found.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)})
    return found


def _settings_fields(src: Sources) -> set[str]:
    tree = ast.parse(src.get("settings", ""))
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CompilationSettings"), None)
    if cls is None:
        return set()
    return {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def _default_value(src: Sources, node: ast.expr | None) -> object:
    """A parameter default as a Python value: a literal, or a name of ``_defaults.py`` resolved there."""
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    for stmt in ast.parse(src.get("defaults", "")).body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return stmt.value.value if isinstance(stmt.value, ast.Constant) else ast.unparse(stmt.value)
    return ast.unparse(node)


def _dynamo_params(src: Sources) -> dict[str, ast.expr | None]:
    func = _function(src.get("compiler", ""), "compile")
    return _params(func) if func else {}


def enabled_precisions_ignored(src: Sources) -> bool:
    """dynamo ``compile`` has no ``enabled_precisions`` parameter and ``CompilationSettings`` no such field."""
    return (
        bool(src.get("compiler"))
        and "enabled_precisions" not in _dynamo_params(src)
        and ("enabled_precisions" not in _settings_fields(src))
    )


def explicit_typing_assertion(src: Sources) -> bool:
    """dynamo ``compile`` takes ``enabled_precisions`` and defaults ``use_explicit_typing`` to True."""
    params = _dynamo_params(src)
    return "enabled_precisions" in params and _default_value(src, params.get("use_explicit_typing")) is True


def rtx_forces_explicit_typing(src: Sources) -> bool:
    """``TRTInterpreter`` turns ``use_explicit_typing`` back on under TensorRT-RTX while ``enabled_precisions``
    still exists (so an FP16 request with weak typing builds FP32)."""
    text = src.get("interpreter", "")
    return "enabled_precisions" in _dynamo_params(src) and "setting use_explicit_typing to True" in text


def import_calls_cuda(src: Sources) -> bool:
    """``ts/_compiler.py`` ``compile`` has a default argument calling ``Device._current_device()`` (evaluated when
    the module is imported, so ``import torch_tensorrt`` needs a CUDA device)."""
    func = _function(src.get("ts_compiler", ""), "compile")
    return func is not None and any(
        d is not None and "_current_device" in ast.unparse(d) for d in _params(func).values()
    )


def cache_needs_mutable_weights(src: Sources) -> bool:
    """dynamo ``compile`` has the engine-cache flags and ``immutable_weights`` defaulting to True."""
    params = _dynamo_params(src)
    return "cache_built_engines" in params and _default_value(src, params.get("immutable_weights")) is True


def save_torchscript_traces(src: Sources) -> bool:
    """``save()``'s branch for a compiled ``GraphModule`` with ``output_format="torchscript"`` calls
    ``torch.jit.trace`` on it: tracing runs the module, so every engine in it."""
    func = _function(src.get("compile", ""), "save")
    if func is None:
        return False
    for node in ast.walk(func):
        if isinstance(node, ast.If) and "_ModuleType.fx" in ast.unparse(node.test):
            return any(
                isinstance(n, ast.Call) and ast.unparse(n.func) == "torch.jit.trace"
                for inner in node.body
                for n in ast.walk(inner)
            )
    return False


def dryrun_prints_to_stdout(src: Sources) -> bool:
    """``dryrun_stats_display`` prints its report with ``print`` when dryrun is on (not to the log)."""
    func = _function(src.get("dryrun", ""), "dryrun_stats_display")
    return func is not None and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print" for n in ast.walk(func)
    )


def has_dryrun(src: Sources) -> bool:
    """dynamo ``compile`` takes ``dryrun``."""
    return "dryrun" in _dynamo_params(src)


def _compile_source(src: Sources) -> str:
    func = _function(src.get("compiler", ""), "compile")
    return ast.get_source_segment(src["compiler"], func) or "" if func else ""


def has_explicit_typing(src: Sources) -> bool:
    """dynamo ``compile`` takes ``use_explicit_typing``."""
    return "use_explicit_typing" in _dynamo_params(src)


def has_engine_cache(src: Sources) -> bool:
    """dynamo ``compile`` takes ``cache_built_engines``."""
    return "cache_built_engines" in _dynamo_params(src)


def python_runtime_no_op(src: Sources) -> bool:
    """``use_python_runtime`` is a ``compile`` parameter but no ``CompilationSettings`` field (so nothing reads it)."""
    return "use_python_runtime" in _dynamo_params(src) and "use_python_runtime" not in _settings_fields(src)


def cache_asserts_refittable(src: Sources) -> bool:
    """``compile`` asserts ``make_refittable`` when engine caching is asked for."""
    return "Engine caching requires make_refittable" in _compile_source(src)


def cache_skip_warns(src: Sources) -> bool:
    """``_conversion.py`` logs that immutable weights keep the engine out of the cache."""
    return "The engine weights are immutable, so the engine will not be cached" in src.get("conversion", "")


def refit_rejects_weight_streaming(src: Sources) -> bool:
    """``compile`` raises for a refittable engine with weight streaming."""
    text = _compile_source(src)
    return "REFIT" in text and "not compatible with `enable_weight_streaming" in text


def executed_modules_unimplemented(src: Sources) -> bool:
    """``compile`` logs that ``torch_executed_modules`` is unimplemented."""
    return "is unimplemented in Torch-TRT Dynamo" in _compile_source(src)


def autocast_forces_explicit_typing(src: Sources) -> bool:
    """``compile`` sets ``use_explicit_typing = True`` under ``if enable_autocast``."""
    func = _function(src.get("compiler", ""), "compile")
    for node in ast.walk(func) if func else ():
        if isinstance(node, ast.If) and "enable_autocast" in ast.unparse(node.test):
            if "use_explicit_typing = True" in "\n".join(ast.unparse(s) for s in node.body):
                return True
    return False


def weight_streaming_asserts_explicit_typing(src: Sources) -> bool:
    """``compile`` raises ``AssertionError`` when ``enable_weight_streaming`` is on without ``use_explicit_typing``."""
    func = _function(src.get("compiler", ""), "compile")
    for node in ast.walk(func) if func else ():
        if isinstance(node, ast.If) and {"enable_weight_streaming", "use_explicit_typing"} <= set(
            re.findall(r"\w+", ast.unparse(node.test))
        ):
            return any(isinstance(s, ast.Raise) and "AssertionError" in ast.unparse(s) for s in node.body)
    return False


def rtx_rejects_bf16(src: Sources) -> bool:
    """``TRTInterpreter`` raises "TensorRT-RTX does not support bfloat16"."""
    return "TensorRT-RTX does not support bfloat16" in src.get("interpreter", "")


PREDICATES: dict[str, Callable[[Sources], bool]] = {
    "enabled_precisions_ignored": enabled_precisions_ignored,
    "explicit_typing_assertion": explicit_typing_assertion,
    "rtx_forces_explicit_typing": rtx_forces_explicit_typing,
    "import_calls_cuda": import_calls_cuda,
    "cache_needs_mutable_weights": cache_needs_mutable_weights,
    "save_torchscript_traces": save_torchscript_traces,
    "dryrun_prints_to_stdout": dryrun_prints_to_stdout,
    "has_dryrun": has_dryrun,
    "has_explicit_typing": has_explicit_typing,
    "has_engine_cache": has_engine_cache,
    "python_runtime_no_op": python_runtime_no_op,
    "cache_asserts_refittable": cache_asserts_refittable,
    "cache_skip_warns": cache_skip_warns,
    "refit_rejects_weight_streaming": refit_rejects_weight_streaming,
    "executed_modules_unimplemented": executed_modules_unimplemented,
    "autocast_forces_explicit_typing": autocast_forces_explicit_typing,
    "weight_streaming_asserts_explicit_typing": weight_streaming_asserts_explicit_typing,
    "rtx_rejects_bf16": rtx_rejects_bf16,
}


def read(index: Index, project: str, version: str) -> tuple[str, dict[str, bool]]:
    page = index.project(project)
    table = refresh.wheels_by_platform([f for f in page.files if f.version == version])
    wheel = refresh.pick_wheel(table["linux_x86_64"])
    members = index.wheel_members(wheel, MEMBERS.values())
    src = {key: members.get(path, "") for key, path in MEMBERS.items()}
    return wheel.filename, {name: predicate(src) for name, predicate in PREDICATES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=os.path.normpath(OUT))
    parser.add_argument("--jobs", type=int, default=6)
    args = parser.parse_args(argv)
    index = Index(pip_settings())
    wanted = []
    for project in ("torch-tensorrt", "torch-tensorrt-rtx"):
        for version in index.project(project).versions:
            if refresh.in_scope(project, version) and not version.startswith("0."):
                wanted.append((project, version))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {key: pool.submit(read, index, *key) for key in wanted}
        releases = {}
        for (project, version), future in futures.items():
            filename, answers = future.result()
            releases[f"{project} {version}"] = {"wheel": filename, **answers}
            print(f"{project} {version}: {sum(answers.values())} of {len(answers)} hold", file=sys.stderr)
    data = {
        "about": "What the code of each torch_tensorrt wheel says, per predicate of tools/extract_trap_evidence.py "
        "(read with ast from one linux x86_64 wheel per release; nothing imported).",
        "predicates": {name: (fn.__doc__ or "").strip() for name, fn in PREDICATES.items()},
        "releases": releases,
    }
    atomic_write_text(args.out, json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out}: {len(releases)} releases", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
