"""Shared checks of the `explain` tests, imported as ``from _explain import ...``: `answer` and `only` (the first, or
the one, answer to a text, which must be a given entry), and the held-out report sets of the rounds
(``tests/data/explain_<name>.jsonl``), each sourced, drawn from repositories no earlier set touches, and carrying its
verdicts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from torchtrt_compat.troubleshooting import Explanation, explain

DATA = Path(__file__).resolve().parents[1] / "data"
VERDICTS = ("right", "partial", "wrong", "miss")


def answer(text: str, key: str) -> Explanation:
    """`explain`'s first answer to ``text``, which must be the entry ``key``."""
    found = explain(text)
    assert found and found[0].key == key, [e.key for e in found]
    return found[0]


def only(text: str, key: str) -> Explanation:
    """`explain`'s one and only answer to ``text``, which must be the entry ``key``."""
    found = explain(text)
    assert [e.key for e in found] == [key], [e.key for e in found]
    return found[0]


def reports(name: str) -> list[dict[str, Any]]:
    """The rows of ``tests/data/explain_<name>.jsonl``."""
    return [json.loads(x) for x in (DATA / f"explain_{name}.jsonl").read_text().splitlines()]


def repositories(names: tuple[str, ...]) -> set[str]:
    """The GitHub repositories (owner/name, lower case) the report sets ``names`` were drawn from."""
    seen = set()
    for name in names:
        for row in reports(name):
            source = row.get("source", "")
            if "github.com/" in source:
                seen.add("/".join(source.split("github.com/")[1].split("/")[:2]).lower())
            if "repository" in row:
                seen.add(row["repository"].lower())
    return seen


def sourced_and_from_elsewhere(name: str, earlier: tuple[str, ...], at_least: int) -> list[dict[str, Any]]:
    """Asserts that set ``name`` holds ``at_least`` reports with distinct ids, each sourced (repository, thread,
    cause), from a repository none of the ``earlier`` sets touches, with a blind and an after verdict; returns them."""
    rows = reports(name)
    assert len(rows) >= at_least and len({r["id"] for r in rows}) == len(rows), len(rows)
    others = repositories(earlier)
    for r in rows:
        assert "://" not in r["repository"] and isinstance(r["thread"], int) and r["cause"], r["id"]
        assert r["repository"].lower() not in others, r["id"]
        assert r["blind"]["verdict"] in VERDICTS, r["id"]
        assert r["after"]["verdict"] in VERDICTS, r["id"]
    return rows


def answered_today(rows: list[dict[str, Any]]) -> None:
    """Every report's answer today: no wrong first answer, no warnings-only paste answered as a failure, and every
    miss names a stage and a command."""
    for r in rows:
        found = explain(r["error"])
        expect = r["expect"]
        if found.first_answer not in ("miss", "warnings-only"):
            assert not expect or found.first_answer in expect, (r["id"], found.first_answer)
        if expect == ["warnings-only"]:
            assert found.outcome == "warnings-only" or found[0].severity == "warning", r["id"]
        if found.outcome in ("unexplained", "no-match"):
            assert found.stage and found.stage != "unknown" and found.command, r["id"]


def keys(text: str) -> list[str]:
    """The keys of every answer `explain` gives to ``text``, best first."""
    return [e.key for e in explain(text)]


def first(text: str) -> tuple[str, str]:
    """The first answer's key and the fix it gives (``("", "")`` when nothing matched)."""
    found = explain(text)
    return (found[0].key, found[0].fix) if found else ("", "")
