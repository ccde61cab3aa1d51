"""The literal words every match of a regular expression contains: a pattern runs only when one of its words is in
the text (a plain substring test, or one scan of a long text for every row's words: `prefilter`), which keeps matching
fast on long texts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

__all__ = ["Guarded", "alternatives", "literals", "top_alternatives"]

_BREAKS = set("()[]|^$.")
_QUANT = set("?*{")
_ESCAPED_LITERAL = set(".()[]{}|?*+\\^$/'\"-:=<>!#&~ ")


def _structure(pattern: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Where ``pattern``'s top-level ``|`` stand, and the (start, end) of its top-level groups: outside character
    classes, escapes skipped."""
    bars: list[int] = []
    groups: list[tuple[int, int]] = []
    depth, in_class, start, i = 0, False, 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
            start = i if depth == 1 else start
        elif ch == ")":
            depth -= 1
            if depth == 0:
                groups.append((start, i))
        elif ch == "|" and depth == 0:
            bars.append(i)
        i += 1
    return bars, groups


def _split_top(pattern: str) -> list[str]:
    """``pattern``'s top-level alternatives (``|`` outside groups and classes)."""
    edges = [-1, *_structure(pattern)[0], len(pattern)]
    return [pattern[a + 1 : b] for a, b in zip(edges[:-1], edges[1:], strict=True)]


def top_alternatives(pattern: str) -> list[str]:
    """``pattern``'s top-level alternatives, as written."""
    return _split_top(pattern)


def _longest_literal(alternative: str) -> str:
    """The longest run of plain characters every match of ``alternative`` contains (lower case), or ``""``."""
    runs: list[str] = []
    run: list[str] = []
    depth, in_class, i = 0, False, 0

    def cut() -> None:
        if run:
            runs.append("".join(run))
            run.clear()

    while i < len(alternative):
        ch = alternative[i]
        nxt = alternative[i + 1] if i + 1 < len(alternative) else ""
        if in_class:  # an escape inside a class ("[/\\]") is two characters: the class ends at the next "]"
            in_class = ch != "]"
            i += 2 if ch == "\\" else 1
            continue
        if ch == "\\":
            esc = nxt
            step = 2
            after = alternative[i + 2] if i + 2 < len(alternative) else ""
            if depth == 0 and esc in _ESCAPED_LITERAL and after not in _QUANT:
                run.append(esc)
            else:
                cut()
            i += step
            continue
        if ch == "{":  # a {m,n} quantifier: skip it
            cut()
            close = alternative.find("}", i)
            i = len(alternative) if close < 0 else close + 1
            continue
        if ch == "[":
            cut()
            in_class = True
        elif ch == "(":
            cut()
            depth += 1
        elif ch == ")":
            cut()
            depth -= 1
        elif ch in _BREAKS or ch in _QUANT or ch == "+":
            cut()
        elif depth == 0 and nxt not in _QUANT:
            run.append(ch)
        else:
            cut()
        i += 1
    cut()
    return max(runs, key=len, default="").lower()


def _groups(alternative: str) -> list[str]:
    """The insides of ``alternative``'s top-level groups that every match passes through (not optional, not a
    lookaround, not an inline flag)."""
    inside = []
    for start, end in _structure(alternative)[1]:
        after = alternative[end + 1 : end + 2]
        body = alternative[start + 1 : end]
        if after in _QUANT or body.startswith(("?=", "?!", "?<=", "?<!", "?#")):
            continue
        if body.startswith("?:"):
            inside.append(body[2:])
        elif body.startswith("?P<"):
            inside.append(body[body.find(">") + 1 :])
        elif not body.startswith("?"):
            inside.append(body)
    return inside


def _worth(word: str, shortest: int) -> bool:
    # four bytes at least by default: a three-letter word of another script (glibc's zh_CN "段错误") is as rare as four
    # ASCII ones
    return len(word.encode("utf-8")) >= shortest


def _words(alternative: str, shortest: int = 4) -> tuple[str, ...] | None:
    """Words one of which every match of ``alternative`` contains: its longest plain run, or else the words of one
    of its groups (one word per alternative of the group), the group whose shortest word is longest."""
    word = _longest_literal(alternative)
    if _worth(word, shortest):
        return (word,)
    best: tuple[str, ...] | None = None
    for body in _groups(alternative):
        found = literals(body, shortest)
        if found is not None and (best is None or min(map(len, found)) > min(map(len, best))):
            best = found
    return best


def literals(pattern: str, shortest: int = 4) -> tuple[str, ...] | None:
    """Words one of which every match of ``pattern`` contains; None when an alternative has none worth testing (of
    ``shortest`` bytes at least)."""
    words: list[str] = []
    for alt in _split_top(pattern):
        found = _words(alt, shortest)
        if found is None:
            return None
        words += found
    return tuple(dict.fromkeys(words))


def alternatives(pattern: str, shortest: int = 4) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """``pattern``'s top-level alternatives, each with the words one of which its every match contains; None when an
    alternative has none, or the pattern refers back to a group (its alternatives cannot run apart)."""
    if "(?P=" in pattern or any(pattern[i] == "\\" and pattern[i + 1 : i + 2].isdigit() for i in range(len(pattern))):
        return None
    out = []
    for alt in _split_top(pattern):
        found = _words(alt, shortest)
        if found is None:
            return None
        out.append((alt, found))
    return tuple(out)


#: a pattern's leading inline flags ("(?i)"), which no single alternative may carry
_LEADING_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")
#: a text this long (characters) is searched with only the alternatives whose words it holds
SPLIT_FROM = 32 * 1024


@functools.lru_cache(maxsize=256)
def _subset(pattern: str, flags: int) -> re.Pattern[str]:
    return re.compile(pattern, flags)


class Guarded:
    """A compiled pattern searched only when one of its literal words (of two bytes at least: a substring test costs
    little whatever its length) is in the lower-cased text, and in a long text with only its alternatives whose words
    the text holds (the others cannot match, so the match is the same): the side checks that read a text's head for
    its program, device or library (a dozen alternations, each a pass of the regular-expression engine over the head)
    cost substring tests where the text holds few of their words."""

    def __init__(self, rx: re.Pattern[str] | str) -> None:
        self.rx = re.compile(rx) if isinstance(rx, str) else rx
        self.words = literals(self.rx.pattern, shortest=2)
        lead = _LEADING_FLAGS.match(self.rx.pattern)
        body = self.rx.pattern[lead.end() if lead else 0 :]
        alts = None if self.rx.flags & re.VERBOSE else alternatives(body, shortest=2)
        self._alternatives = alts if alts is not None and len(alts) > 1 else None

    def search(self, text: str, lower: str) -> re.Match[str] | None:
        """``rx.search(text)``; ``lower`` is ``text.lower()``."""
        rx = self._narrowed(text, lower)
        return None if rx is None else rx.search(text)

    def finditer(self, text: str, lower: str) -> Iterator[re.Match[str]]:
        """``rx.finditer(text)``, the same matches (an alternative whose words ``lower`` lacks matches nowhere)."""
        rx = self._narrowed(text, lower)
        return iter(()) if rx is None else rx.finditer(text)

    def _narrowed(self, text: str, lower: str) -> re.Pattern[str] | None:
        """The pattern to run on ``text``: None where none of its words is in ``lower``; in a long text, only the
        alternatives whose words it holds."""
        alts = self._alternatives
        if alts is None or len(text) < SPLIT_FROM:
            if self.words is not None and not any(w in lower for w in self.words):
                return None
            return self.rx
        present = [alt for alt, words in alts if any(w in lower for w in words)]
        if len(present) == len(alts):
            return self.rx
        return _subset("|".join(present), self.rx.flags) if present else None
