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
