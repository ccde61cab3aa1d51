"""What the README and docs/*.md say is what the code and the results do, so a claim cannot go stale unseen.

- every repository path they name (`torchtrt_compat/ux/display.py`, `docs/runtime.md`, a glob) exists;
- every link between them (and its #anchor) resolves;
- every `torchtrt_compat.x.y` name, and every import of a Python block, resolves;
- every `torchtrt-compat COMMAND --flag` they show is a flag of that command's parser, every `make X` a target,
  every `pip install -e '.[X]'` an extra of pyproject.toml;
- every `$ torchtrt-compat ...` example in a text block prints what the page shows (`...` stands for lines left out),
  and a following `$ echo $?` gives its exit code;
- every `<!-- claim: EXPRESSION -->` holds (`results("name")` reads `benchmarks/results/name.json`);
- the README's Python block runs as written (slow: it builds engines).

The generated tables (compile settings, shims, the command table with its exit codes, the zoo, explain's accuracy)
are checked by tests/test_readme.py.
"""

from __future__ import annotations

import ast
import collections
import functools
import glob
import importlib
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _paths import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: top-level entries of the repository: a backticked path starting with one of them is a claim that it exists
TOP = {p.name for p in ROOT.iterdir() if not p.name.startswith(".") or p.name == ".ci"} - {".venv"}
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
CLAIM = re.compile(r"<!--\s*claim:\s*(.+?)\s*-->", re.S)


def _text(doc: Path) -> str:
    return doc.read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """``text`` without its fenced blocks (inline code of prose only)."""
    return FENCE.sub("", text)


def _name(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


def _spans(doc: Path) -> list[str]:
    return CODE_SPAN.findall(_prose(_text(doc)))


def _blocks(doc: Path, *langs: str) -> list[str]:
    return [body for lang, body in FENCE.findall(_text(doc)) if lang in langs]


# ---- paths and links ---------------------------------------------------------------------------------------------
def _expand(pattern: str) -> list[str]:
    """``a/{b,c}.json`` -> ``a/b.json``, ``a/c.json``."""
    m = re.search(r"\{([^{}]*)\}", pattern)
    if not m:
        return [pattern]
    return [p for alt in m.group(1).split(",") for p in _expand(pattern[: m.start()] + alt + pattern[m.end() :])]


def _repo_paths(doc: Path) -> list[str]:
    """Backticked tokens that name a repository path (first segment a top-level entry, no placeholder in it)."""
    out = []
    for span in _spans(doc):
        token = span.strip().split(" ")[0].rstrip(".,:;)")
        token = token.split("::", 1)[0].split("#", 1)[0]
        first = token.split("/", 1)[0]
        if "/" not in token or first not in TOP or re.search(r"[A-Z]{3,}|<|\.\.\.", token):
            continue
        out.append(token)
    return out


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_repository_path_the_docs_name_exists(doc: Path) -> None:
    missing = [p for p in _repo_paths(doc) if not any(glob.glob(str(ROOT / e)) for e in _expand(p))]
    assert not missing, f"{_name(doc)} names paths that do not exist: {missing}"


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@functools.cache
def _anchors(path: Path) -> set[str]:
    text = _prose(_text(path))
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)} | set(re.findall(r'<a id="([^"]+)">', text))


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_link_and_anchor_resolves(doc: Path) -> None:
    broken = []
    for target in LINK.findall(CODE_SPAN.sub("", _prose(_text(doc)))):
        if re.match(r"[a-z]+:", target):  # a web address: not ours to check here
            continue
        path, _, anchor = target.partition("#")
        where = (doc.parent / path).resolve() if path else doc
        if not where.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and (where.suffix != ".md" or anchor not in _anchors(where)):
            broken.append(f"{target} (no such anchor)")
    assert not broken, f"{_name(doc)}: {broken}"


# ---- Python names ------------------------------------------------------------------------------------------------
def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


def _python_names(doc: Path) -> list[str]:
    names = []
    for span in _spans(doc):
        m = re.match(r"(torchtrt_compat(?:\.\w+)+)(?!/)", span.strip())
        if m and not re.search(r"/\d+$", span.strip()):  # a format string such as torchtrt_compat.build_summary/1
            names.append(m.group(1))
    for block in _blocks(doc, "python"):
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("torchtrt_compat"):
                names += [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Attribute):
                chain = ast.unparse(node)
                if re.fullmatch(r"torchtrt_compat(\.\w+)+", chain):
                    names.append(chain)
    return names


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_torchtrt_compat_name_the_docs_use_resolves(doc: Path) -> None:
    unknown = [n for n in _python_names(doc) if not _resolves(n)]
    assert not unknown, f"{_name(doc)} names what does not exist: {unknown}"


# ---- the command line, make targets, extras ----------------------------------------------------------------------
@functools.cache
def _flags() -> dict[str, set[str]]:
    import argparse

    from torchtrt_compat.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {o for a in sub._actions for o in a.option_strings} for name, sub in commands.choices.items()}


def _command_lines(doc: Path) -> list[str]:
    """Every shown use of a command: inline code and code-block lines that start with torchtrt-compat, or with a
    command name followed by a flag (`build --plan`)."""
    lines = [s for s in _spans(doc)]
    for block in _blocks(doc, "bash", "text", "sh", ""):
        lines += [line.removeprefix("$ ") for line in block.splitlines()]
    out = []
    for line in lines:
        line = line.strip()
        if line.startswith(("torchtrt-compat ", "python -m torchtrt_compat ")):
            out.append(line)
        elif re.match(r"(\w+) --[a-z]", line) and line.split()[0] in _flags():
            out.append("torchtrt-compat " + line)
    return out


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_flag_the_docs_show_exists_in_its_commands_parser(doc: Path) -> None:
    wrong = []
    for line in _command_lines(doc):
        words = re.split(r"\s*(?:\||&&|;|#|2>&1)\s*", line, maxsplit=1)[0].split()
        words = [w for w in words[1:] if w not in ("-m", "torchtrt_compat", "-v", "--verbose")]
        if not words or words[0] not in _flags():
            if words and words[0].islower() and words[0].isidentifier():  # COMMAND is a placeholder
                wrong.append(f"{line}: no command {words[0]!r}")
            continue
        for word in words[1:]:
            flag = re.match(r"(--[a-z][a-z0-9-]*)", word)
            if flag and flag.group(1) not in _flags()[words[0]]:
                wrong.append(f"{line}: {words[0]} has no {flag.group(1)}")
    assert not wrong, f"{_name(doc)}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_make_targets_and_extras_the_docs_name_exist(doc: Path) -> None:
    import tomllib

    text = _text(doc)
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([\w-]+):", makefile, re.M))
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    bad = [f"make {t}" for t in re.findall(r"`make ([\w-]+)`|^make ([\w-]+)", text, re.M) for t in t if t]
    bad = [b for b in bad if b.split()[1] not in targets]
    for group in re.findall(r"pip install -e '[^'\[]*\[([\w,]+)\]'", text):
        bad += [f"extra {e}" for e in group.split(",") if e not in extras]
    assert not bad, f"{_name(doc)} names what Makefile / pyproject.toml lack: {bad}"


def test_no_doc_offers_an_install_from_the_registry() -> None:
    """The package is not on the registry: `pip install 'torchtrt-compat[...]'` cannot work (review H3). No command
    block offers it, and prose names it only in a paragraph that says the registry does not have it."""
    offending = []
    for doc in DOCS:
        text = _text(doc)
        blocks = "\n".join(body for _, body in FENCE.findall(text))
        paragraphs = [p for p in _prose(text).split("\n\n") if re.search(r"pip install '?torchtrt-compat", p)]
        if re.search(r"pip install '?torchtrt-compat", blocks) or any("registry" not in p for p in paragraphs):
            offending.append(_name(doc))
    assert not offending, offending


# ---- examples and numbers ----------------------------------------------------------------------------------------
def _examples(doc: Path) -> list[tuple[str, list[str], int | None]]:
    """(command, expected output lines, expected exit code or None) of each `$ torchtrt-compat` in text blocks."""
    out: list[tuple[str, list[str], int | None]] = []
    for block in _blocks(doc, "text"):
        lines = block.rstrip("\n").splitlines()
        i = 0
        while i < len(lines):
            # a plain command runs here; a shell line (`selftest; echo $?`, a pipe) shows another machine's output
            if not lines[i].startswith("$ torchtrt-compat ") or re.search(r"[;|&<>]", lines[i]):
                i += 1
                continue
            command, i = lines[i][2:], i + 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i])
                i += 1
            code = None
            if i + 1 < len(lines) and lines[i] == "$ echo $?":
                code, i = int(lines[i + 1]), i + 2
            out.append((command, expected, code))
    return out


def _matches(expected: list[str], actual: list[str]) -> bool:
    """``actual`` is ``expected`` where a line ``...`` stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and _matches(expected[1:], actual[1:])


EXAMPLES = [(doc, *example) for doc in DOCS for example in _examples(doc)]


@pytest.mark.parametrize(
    ("doc", "command", "expected", "code"), EXAMPLES, ids=[f"{_name(d)}:{c[:60]}" for d, c, _, _ in EXAMPLES]
)
def test_every_shown_command_prints_what_the_page_shows(
    doc: Path, command: str, expected: list[str], code: Any
) -> None:
    argv = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", *argv[1:]], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    actual = (done.stdout + done.stderr).rstrip("\n").splitlines()
    assert _matches(expected, actual), f"{_name(doc)}: `{command}` printed:\n" + "\n".join(actual)
    if code is not None:
        assert done.returncode == code, f"{_name(doc)}: `{command}` exited {done.returncode}, the page says {code}"


@functools.cache
def results(name: str) -> Any:
    return json.loads((ROOT / "benchmarks" / "results" / f"{name}.json").read_text(encoding="utf-8"))


CLAIMS = [(doc, expr) for doc in DOCS for expr in CLAIM.findall(CODE_SPAN.sub("", _text(doc)))]


@pytest.mark.parametrize(("doc", "expr"), CLAIMS, ids=[f"{_name(d)}:{e[:50]}" for d, e in CLAIMS])
def test_every_number_with_a_claim_reproduces(doc: Path, expr: str) -> None:
    scope = {"results": results, "collections": collections, "ROOT": ROOT}
    assert eval(expr, scope), f"{_name(doc)} states a number its source does not give: {expr}"  # noqa: S307


def test_every_claim_the_docs_carry_was_found() -> None:
    """A claim beside each results number of the pages that quote benchmark results."""
    found = {_name(d) for d, _ in CLAIMS}
    assert {"docs/checks.md", "docs/explain.md", "docs/model_zoo.md", "docs/reliability.md"} <= found, found


@pytest.mark.slow
def test_the_readmes_python_block_runs_as_written(tmp_path: Path) -> None:
    """The "30 seconds" block: a check, two TensorRT-RTX engines built here, a fallback compile."""
    from torchtrt_compat._lazy import is_installed

    if not is_installed("torch_tensorrt"):  # asked without importing it (its import crashes on a host without a GPU)
        pytest.skip("torch_tensorrt is not installed")
    (block,) = _blocks(ROOT / "README.md", "python")
    env = {k: v for k, v in os.environ.items() if k != "TORCHTRT_COMPAT_VERBOSE"}
    done = subprocess.run(
        [sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=600, env=env
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "out" / "deform_convnet" / "model.ep").is_file()
    from torchtrt_compat.compiler.frontend import why_trt_cannot_run

    if why_trt_cannot_run() is not None:  # what the README says the last line prints here
        assert done.stdout.rstrip().splitlines()[-1] == "fallback: inductor", done.stdout[-2000:]
    assert done.stderr == "", done.stderr[-3000:]


def test_the_readme_links_every_docs_page() -> None:
    """Review: the README's docs list left out docs/matrix.md. Its "Read on" list links every page of docs/."""
    linked = set(LINK.findall(_text(ROOT / "README.md")))
    missing = [f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md")) if f"docs/{p.name}" not in linked]
    assert not missing, f"README.md does not link {missing}"
