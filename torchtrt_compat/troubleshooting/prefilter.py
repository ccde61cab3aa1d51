"""Which of the families' literal words a text holds, found in one pass over it.

A family's pattern (and its ``requires``, ``unless``, ``op`` and variants) runs only when the text holds one of its
literal words (`literals`). Testing each word with a substring search costs one pass over the text per word, so the
cost of a long text grew with every family added. A `Vocabulary` is every word of every row (derived from the rows,
never a list kept by hand), compiled into one regular expression shaped as a trie; one scan of a long text with it
finds, at each position, the longest word that starts there, and the words contained in those are the rest of the
words the text holds. Its cost grows with the length of the text, barely with the number of words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

__all__ = ["HELD_FROM", "Held", "Vocabulary", "trie"]

#: a text this long (characters) is scanned once for the vocabulary; a shorter one is tested a word at a time (the
#: vocabulary's expression costs more to compile than those tests cost)
HELD_FROM = 128 * 1024


class Vocabulary:
    """A fixed set of lower-case words, and the scan that tells which of them a lower-cased text holds."""

    def __init__(self, words: Iterable[str], expression: Callable[[], str] | None = None) -> None:
        """``expression``, when given, returns `trie` of the words (kept from an earlier run, say)."""
        self.words = frozenset(w for w in words if w)
        self._expression = expression or (lambda: trie(self.words))
        self._within: dict[str, frozenset[str]] = {}

    @functools.cached_property
    def _rx(self) -> re.Pattern[str]:
        """At each position, the longest word starting there (a zero-width lookahead, so words may overlap)."""
        return re.compile(f"(?=({self._expression()}))")

    def held(self, lower: str) -> frozenset[str]:
        """The words ``lower`` holds: every word one of the longest words found contains, that word included (a word
        that starts where a longer one starts is its prefix)."""
        found: set[str] = set()
        for word in set(self._rx.findall(lower)):
            found |= self._contained(word)
        return frozenset(found)

    def _contained(self, word: str) -> frozenset[str]:
        known = self._within.get(word)
        if known is None:
            n = len(word)
            known = frozenset(word[i:j] for i in range(n) for j in range(i + 1, n + 1) if word[i:j] in self.words)
            self._within[word] = known
        return known


class Held:
    """Whether a lower-cased text holds one of some words: a long text is scanned once for the whole `Vocabulary`
    and answers from that set; a short one (or a word outside the vocabulary) is tested with a substring search."""

    def __init__(self, lower: str, vocabulary: Vocabulary | None = None) -> None:
        self.lower = lower
        self._vocabulary = vocabulary if vocabulary is not None and len(lower) >= HELD_FROM else None

    @functools.cached_property
    def _held(self) -> frozenset[str]:
        return self._vocabulary.held(self.lower) if self._vocabulary is not None else frozenset()

    def any(self, words: Iterable[str]) -> bool:
        """``lower`` holds at least one of ``words``."""
        if self._vocabulary is None:
            return any(w in self.lower for w in words)
        known, held = self._vocabulary.words, self._held
        return any((w in held) if w in known else (w in self.lower) for w in words)


_Node = dict[str, "_Node"]  #: a trie: the next character to the rest ("" marks a word's end)


def trie(words: Iterable[str]) -> str:
    """An expression matching any of ``words``, as a trie (one branch per next character, the longer words first), so
    matching costs a few character tests per position however many words there are."""
    root: _Node = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _branch(root)


def _branch(node: _Node) -> str:
    alts = [re.escape(ch) + _branch(child) for ch, child in sorted(node.items()) if ch]
    if not alts:
        return ""
    body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
    if "" not in node:
        return body
    return f"(?:{body})?" if len(alts) == 1 else body + "?"
