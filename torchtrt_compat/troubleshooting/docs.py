"""The generated error reference, ``docs/troubleshooting.md``: one section per entry of the table.

Regenerate with ``python -m torchtrt_compat.troubleshooting docs/troubleshooting.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from .._atomic import atomic_write_text
from .entry import KnownError
from .facts import cuda_error_named
from .table import KNOWN_ERRORS

#: The line in docs/troubleshooting.md below which everything is `render_markdown` output.
GENERATED_MARKER = (
    "<!-- Generated from torchtrt_compat/troubleshooting/table.py by render_markdown(); edit the table there and run "
    "`python -m torchtrt_compat.troubleshooting docs/troubleshooting.md`. -->"
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _link(ref: str, doc_dir: str) -> str:
    """A link to the file that shows an error; a notebook cell (``#cell-id``) or a test (``::name``) is named
    beside the link, not written into it as an anchor that no rendered page has."""
    path = ref.split("::", 1)[0].split("#", 1)[0]
    where = ref[len(path) :]
    kind = "case" if path.endswith(".jsonl") else "cell"  # a labelled report of a data set, or a notebook cell
    inside = f" ({kind} `{where[1:]}`)" if where.startswith("#") else f" (`{where[2:]}`)" if where else ""
    return f"[`{path}`]({doc_dir}/{path}){inside}"


def _source(src: str) -> str:
    return f"[{src}]({src})" if src.startswith("https://github.com/") else src


def _first_sentence(text: str) -> str:
    cut = re.split(r"(?<=[.;:])\s", text, maxsplit=1)[0]
    return cut.rstrip(";:")


def _cuda_errors(k: KnownError) -> str:
    parts = []
    for name in k.cuda_errors:
        found = cuda_error_named(name)
        parts.append(f'`{name}` ({found.code}, "{found.message}")' if found and found.message else f"`{name}`")
    return ", ".join(parts)


def render_markdown(errors: Sequence[KnownError] = KNOWN_ERRORS, *, doc_dir: str = "..") -> str:
    """The error -> cause -> fix reference as Markdown; ``docs/troubleshooting.md`` holds it below its marker.

    ``doc_dir`` is the repository root as seen from the document (links to tests and notebooks use it).
    """
    out = ["| error text you see | what it is | fix |", "|---|---|---|"]
    for k in errors:
        out.append(f"| {_cell(k.title)} | [{k.key}](#{k.key}) | {_cell(_first_sentence(k.fix))} |")
    for k in errors:
        out += ["", f'<a id="{k.key}"></a>', f"## {k.title}", ""]
        if k.example:
            out += ["What you see:", "", "```text", k.example, "```", ""]
            if k.example_source:
                out += [f"Source: {_source(k.example_source)}", ""]
        out += [f"**Cause.** {k.cause}", "", f"**Fix.** {k.fix}", ""]
        for v in k.variants:
            out += [f"- *{v.label}*: {v.fix}"]
        if k.variants:
            out.append("")
        if k.advice:
            out += [
                "With the versions in the message, or on the machine (`torchtrt-compat explain --env`), the answer "
                "names the exact versions to install.",
                "",
            ]
        if k.commands:
            out += ["See also: " + ", ".join(f"`{c}`" for c in k.commands) + ".", ""]
        if k.applies:
            out += [f"Applies to: {k.applies}.", ""]
        out += [f"`torchtrt-compat explain` key `{k.key}`; it matches the regular expression `{k.pattern}`.", ""]
        if k.cuda_errors:
            out += ["It also matches these CUDA errors by number, name or message: " + _cuda_errors(k) + ".", ""]
        if k.shown_by:
            out += ["**Shown by:**", ""]
            out += [f"- {_link(ref, doc_dir)}" for ref in k.shown_by]
        else:
            out.append("**Shown by:** nothing yet.")
    return "\n".join(out) + "\n"


def format_entry(k: KnownError) -> str:
    """One entry as plain text for a terminal (``torchtrt-compat explain --about KEY``): the installed package's own
    copy of its section of ``docs/troubleshooting.md``, which is not installed with it."""
    lines = [f"[{k.key}] {k.title}", ""]
    if k.example:
        lines += ["What you see:", *(f"  {x}" for x in k.example.splitlines()), ""]
        if k.example_source:
            lines += [f"Source: {k.example_source}", ""]
    lines += [f"Cause: {k.cause}", "", f"Fix: {k.fix}"]
    lines += [f"  - {v.label}: {v.fix}" for v in k.variants]
    if k.commands:
        lines += ["", "See also: " + ", ".join(f"`{c}`" for c in k.commands)]
    if k.applies:
        lines += ["", f"Applies to: {k.applies}."]
    if k.cuda_errors:
        lines += ["", "CUDA errors: " + _cuda_errors(k).replace("`", "")]
    return "\n".join(lines) + "\n"


def update_doc(path: str | Path) -> bool:
    """Rewrite the generated part of ``path`` (below `GENERATED_MARKER`); True when the file changed."""
    doc = Path(path)
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Troubleshooting\n\n"
    intro = text.split(GENERATED_MARKER, 1)[0].rstrip("\n") + "\n\n"
    new = intro + GENERATED_MARKER + "\n\n" + render_markdown()
    if new == text:
        return False
    atomic_write_text(doc, new)
    return True
