"""The one-pass prefilter of long texts (`troubleshooting.prefilter`): it finds exactly the words a text holds, every
row's example still matches through it, and a row none of whose words the text holds is never searched."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from torchtrt_compat.troubleshooting import explain, match
from torchtrt_compat.troubleshooting.prefilter import HELD_FROM, Held, Vocabulary

#: log lines that hold none of the rows' words, enough to make any text long enough for the one-pass scan
_FILLER = "[I] [TRT] tactic 0x0000 time 0.01 ms\n" * (HELD_FROM // 30)


def test_the_vocabulary_finds_exactly_the_words_a_text_holds() -> None:
    vocabulary = match._vocabulary()
    words = sorted(vocabulary.words)
    examples = "\n".join(c.entry.example for c in match._compiled() if c.entry.example).lower()
    texts = {
        "every word cut short (the hostile input)": " ".join(w[:-1] for w in words),
        "every row's example": examples,
        "words run together": "".join(words[::7]) + "cuda error" * 3,
        "filler": _FILLER,
    }
    for name, lower in texts.items():
        assert vocabulary.held(lower) == {w for w in vocabulary.words if w in lower}, name
    # overlapping words, and words inside longer ones
    small = Vocabulary(["cuda error", "error: out", "rror", "out of memory", "cuda"])
    assert small.held("cuda error: out of memory") == small.words
    assert small.held("cuda errors") == {"cuda error", "rror", "cuda"}


def test_every_rows_example_matches_through_the_fast_path() -> None:
    """In one text long enough for the one-pass scan that holds every row's example, each word test a row makes
    (pattern, alternatives, ``requires``, ``unless``, ``op``, variants, CUDA messages) answers as a substring test per
    word does, and each row's pattern, cut to the alternatives the text holds words of, finds its example."""
    rows = [c for c in match._compiled() if c.entry.example]
    lower = (_FILLER + "\n".join(c.entry.example for c in rows)).lower()
    fast, slow = Held(lower, match._vocabulary()), Held(lower)
    for c in rows:
        tests = [c.literals, *(rx.words for rx in (c.requires, c.unless, c.op) if rx is not None)]
        tests += [when.words for when, _ in c.variants] + [(m,) for m in c.messages]
        tests += [words for _, words in c._alternatives or ()]
        for words in tests:
            assert words is None or fast.any(words) == slow.any(words), (c.entry.key, words)
        whole = c.pattern.search(c.entry.example)
        if whole is not None:
            assert c.literals is None or fast.any(c.literals), c.entry.key
            cut = c.pattern_for(fast).search(c.entry.example)
            assert cut is not None and cut.span() == whole.span(), c.entry.key
    assert len(rows) > 500


def test_a_row_whose_words_the_text_lacks_is_never_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    one = match.lookup("import-no-gpu")
    text = _FILLER + one.example + "\n" + _FILLER
    searched: list[re.Pattern[str]] = []
    real = match._best_match

    def spy(rx: re.Pattern[str], hay: str, lv: object) -> re.Match[str] | None:
        searched.append(rx)
        return real(rx, hay, lv)  # type: ignore[arg-type]

    monkeypatch.setattr(match, "_best_match", spy)
    found = explain(text)
    assert "import-no-gpu" in [e.key for e in found]
    lower = text.lower()
    runs = {c.entry.key for c in match._compiled() if c.literals is None or any(w in lower for w in c.literals)}
    assert 0 < len(searched) <= len(runs) < len(match._compiled()) // 4  # only rows whose words the text holds
    patterns_searched = {rx.pattern for rx in searched}
    for c in match._compiled():
        if c.entry.key not in runs:
            assert c.source not in patterns_searched, c.entry.key


def test_the_derived_words_are_kept_between_runs_and_equal_a_fresh_derivation() -> None:
    from torchtrt_compat.troubleshooting import derived, scan
    from torchtrt_compat.troubleshooting.literals import literals

    kept = match._row_literals()
    assert kept and all(kept[p] == literals(p) for p in kept)  # what the cache holds is what deriving gives
    words = sorted(match._vocabulary().words)[:200]
    fresh = scan.choose_anchors(words)
    assert derived.remembered("anchors-test", words, lambda: scan.choose_anchors(words)) == list(fresh)

    def never() -> list[str]:
        raise AssertionError("derived again")

    assert derived.remembered("anchors-test", words, never) == list(fresh)  # the second run reads it
    entries = list((Path(os.environ["XDG_CACHE_HOME"]) / "torchtrt_compat" / "explain").glob("anchors-test-*"))
    assert len(entries) == 1
    # another table: derived afresh, and the older entry dropped
    assert derived.remembered("anchors-test", words[:50], lambda: ["x"]) == ["x"]
    assert [p.name for p in entries[0].parent.glob("anchors-test-*")] != [entries[0].name]


def _guarded_patterns() -> list[tuple[str, re.Pattern[str]]]:
    from torchtrt_compat.troubleshooting import facts, miss

    out = [(name, g.rx) for name, g, *_ in match._accelerators()] + [(name, g.rx) for name, g, *_ in match._stacks()]
    out += [("nvidia", match._NVIDIA.rx), ("python", miss._PYTHON.rx), ("python marks", miss._PYTHON_MARKS.rx)]
    out += [(name, g.rx) for name, g in miss._NOT_PYTHON] + [(name, g.rx) for name, g in facts._products()]
    return out


def test_a_guarded_side_check_finds_what_its_pattern_finds() -> None:
    """The side checks that read a text's head for its device, program or library (`literals.Guarded`) find the same
    match as their pattern, on every stored report and on each report made long enough for the alternatives to be
    cut to those the text holds words of; a text with none of their words is never searched."""
    from torchtrt_compat.troubleshooting.literals import SPLIT_FROM, Guarded

    texts = [_report_text(row) for row in _stored_reports()]
    texts = [t for t in texts if t]
    assert len(texts) > 2000
    padding = "[I] [TRT] tactic 0x0000 time 0.01 ms\n" * (SPLIT_FROM // 30)
    patterns = _guarded_patterns()
    assert len(patterns) > 40
    found = 0
    for name, rx in patterns:
        guarded = Guarded(rx)
        for text in texts[:: max(1, len(texts) // 60)] + [t for t in texts[::6] if rx.search(t)][:12]:
            for hay in (text, padding + text):
                expected = rx.search(hay)
                got = guarded.search(hay, hay.lower())
                assert (got and (got.span(), got.group(0))) == (expected and (expected.span(), expected.group(0))), name
                found += expected is not None
    assert found > 150
    # a pattern whose every word the text lacks: no pass of the expression engine at all
    never = Guarded(re.compile(r"\bhip[A-Z]\w{1,30}|\bgfx\d{3,4}\b", re.IGNORECASE))
    assert never.words == ("hip", "gfx")
    assert never.search(padding, padding.lower()) is None


def test_a_guarded_stage_marker_finds_every_match_its_pattern_finds() -> None:
    """The stage markers run as `literals.Guarded` patterns (`match._stage`, which keeps the last match): every match
    of each marker, in order, on a sample of the stored reports and on each made long enough for the alternatives to
    be cut to those whose words the text holds, is the plain pattern's."""
    from torchtrt_compat.troubleshooting.literals import SPLIT_FROM

    texts = [t for t in (_report_text(row) for row in _stored_reports()) if t]
    padding = "[I] [TRT] tactic 0x0000 time 0.01 ms\n" * (SPLIT_FROM // 30)
    found = 0
    for stage, guarded, _words in match._stage_markers():
        rx = guarded.rx
        for text in texts[:: max(1, len(texts) // 40)] + [t for t in texts[::5] if rx.search(t)][:10]:
            for hay in (text, padding + text):
                expected = [(m.span(), m.group(0)) for m in rx.finditer(hay)]
                assert [(m.span(), m.group(0)) for m in guarded.finditer(hay, hay.lower())] == expected, stage
                found += len(expected)
    assert found > 200


def test_an_escape_inside_a_character_class_ends_where_the_class_ends() -> None:
    """``[/\\\\]`` is a class of two characters: the literal after it is every match's word."""
    from torchtrt_compat.troubleshooting.literals import literals

    assert literals(r"[/\\]\.julia[/\\](?:packages|artifacts)") == (".julia",)
    assert literals(r"CMakeFiles[\\/]") == ("cmakefiles",)
    assert literals(r"[^\]]xyzzy") == ("xyzzy",)
    assert literals(r"\bMSB\d{4}\b") is None  # three letters: too short for the one-pass scan ...
    assert literals(r"\bMSB\d{4}\b", shortest=2) == ("msb",)  # ... not for a substring test


def _stored_reports() -> list[dict[str, object]]:
    import json

    rows = []
    for path in sorted((Path(__file__).resolve().parents[1] / "data").glob("explain*.jsonl")):
        rows += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return rows


def _report_text(row: dict[str, object]) -> str:
    text = row.get("error") or row.get("text") or ""
    return text if isinstance(text, str) else ""
