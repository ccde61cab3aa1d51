"""What of a long text ``explain`` reads: all of it, within a time budget, or it says which part it skipped.

A text up to `WHOLE` characters (512 KiB) is searched as it is. A longer one (a verbose build log) is read as its
head, its tail, and, from the part between them, each distinct line (lines that differ only in their digits, such as
timestamps, tactic ids and timings, count as one) and is not logged at verbose, info or debug level, and that holds
one of the *anchors* (`choose_anchors`: few words such
that every family's pattern, `requires` and `unless`, every stage marker and every error mark contains one), with
three lines on each side. A line no family could match is never searched. The distinct lines of the middle are read
from the end backwards, a block at a time (an error's own lines are near the end of a log); when the time budget
runs out, the lines not read are reported as skipped, with their line numbers and the command that searches them.
"""

from __future__ import annotations

import functools
import heapq
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .prefilter import trie

__all__ = ["HEAD", "TAIL", "WHOLE", "Reading", "choose_anchors", "line_start", "minimal_words", "read"]

WHOLE = 512 * 1024  #: texts up to this many characters are searched whole
HEAD = 32 * 1024  #: always read whole: the first characters (the command, the versions)
TAIL = 128 * 1024  #: always read whole: the last characters (where the error is)
SHORT_LINE = 2048  #: lines up to this long bring their neighbours along
NEIGHBOURS = 3  #: lines kept before and after a line that holds an anchor (a traceback's frames, a log's context)
BLOCK = 256 * 1024  #: the distinct lines of the middle are searched this many characters at a time (a block past
#: `MAX_KEPT` is not searched: the smaller the block, the less of it a text full of anchor words costs)
BUDGET_S = 0.5  #: seconds spent reading the middle at most
LONG_LINE = 64 * 1024  #: a longer line is searched in pieces of this size
#: digits and hex letters to 0: lines that differ only in numbers, tactic ids or addresses have one shape
_SHAPE = bytes.maketrans(b"123456789abcdefABCDEF", b"0" * 21)
#: a line logged at verbose, info or debug level, in the formats `severity.LOG_FORMATS` reads: TensorRT's [V] / [I],
#: Python's DEBUG: / INFO:, glog's I0512, TensorFlow's "... I tensorflow/...", GStreamer's INFO / DEBUG / LOG
_QUIET = re.compile(
    rb"^\s{0,4}(?:\[[^\]\n]{1,40}\]\s{0,3}){0,2}(?:\[TRT\]\s{0,2})?\[[VID]\]\s"
    rb"|^\s{0,4}(?:\[TRT\]\s{0,2})\[[VID]\]"
    rb"|^\s{0,4}(?:DEBUG|INFO|VERBOSE|TRACE)[:\s]"
    rb"|^\s{0,4}[ID]\d{4} \d\d:\d\d:\d\d"
    rb"|^\s{0,4}\d{4}-\d\d-\d\d[ T][\d:.,]{8,20}:? [ID] "
    rb"|^\s{0,4}\d{1,3}:\d\d:\d\d\.\d{6,9}\s{1,4}\d{1,8}\s{1,4}0x[0-9a-f]{1,16}\s{1,4}(?:INFO|DEBUG|LOG|TRACE)\b"
)
MAX_KEPT = 128 * 1024  #: at most this many characters of the middle's lines are searched (the rest is reported)
_REPLACED = "\ufffd".encode()  #: what an undecodable byte became when the text was decoded


def line_start(text: str, at: int) -> int:
    """Where the line that holds position ``at`` of ``text`` starts (0 on the first line)."""
    return text.rfind("\n", 0, at) + 1


#: a line break followed by a line that is neither indented nor blank
_UNINDENTED = re.compile(r"\n(?=\S)")


def exception_line(text: str, head: int) -> int:
    """Where the exception line of the traceback whose head line ("Traceback (most recent call last):") starts at
    ``head`` begins: the first line after the head that is neither indented nor blank; -1 when the text ends first."""
    m = _UNINDENTED.search(text, head + 1)
    return -1 if m is None else m.end()


@dataclass(frozen=True)
class Reading:
    """The text ``explain`` searches, and what it did not read."""

    text: str
    total: int  #: characters in the input
    skipped: int = 0  #: characters of distinct lines not searched
    skipped_lines: tuple[int, int] | None = None  #: the first and last line (1-based) of the part not searched
    why: str = ""  #: why ("time budget")
    binary: int = 0  #: bytes of lines that were mostly undecodable (not text), left out

    @property
    def complete(self) -> bool:
        return not self.skipped

    def note(self) -> str:
        """One sentence on what was skipped, with the command that searches it; empty when everything was read."""
        binary = f"{self.binary / 1e6:.1f} MB of undecodable bytes (not text) were not searched" if self.binary else ""
        if not self.skipped or self.skipped_lines is None:
            return binary
        a, b = self.skipped_lines
        return (binary + "; " if binary else "") + (
            f"{self.skipped / 1e6:.1f} MB of the {self.total / 1e6:.1f} MB were not searched (in lines {a:,}-{b:,}; "
            f"{self.why}): to search them, run `sed -n '{a},{b}p' FILE | torchtrt-compat explain -`"
        )


def minimal_words(words: Iterable[str]) -> tuple[str, ...]:
    """``words`` (lower case) less those that contain another of them: a line holding a dropped word holds the
    shorter one too, so searching for the rest finds every such line."""
    out: list[str] = []
    for w in sorted({x.lower() for x in words if x}, key=len):
        if not any(o in w for o in out):
            out.append(w)
    return tuple(sorted(out))


def choose_anchors(words: Iterable[str], *, shortest: int = 5, longest: int = 8) -> tuple[str, ...]:
    """Few words such that each of ``words`` contains one of them: a line that holds a word holds its anchor, so
    searching for the anchors finds every line any word could be on, in one pass of one expression over a block
    (`_anchor_search`).

    Greedy set cover (lazily re-scored) over the words' substrings of ``shortest`` to ``longest`` characters that
    neither start nor end with a space, preferring the substring in the most words, then the longer one; a word
    shorter than ``shortest`` is its own anchor.
    """
    todo = set(minimal_words(words))
    chosen = {w for w in todo if len(w) < shortest}
    todo -= chosen
    covers: dict[str, set[str]] = {}
    for w in todo:
        for n in range(shortest, min(longest, len(w)) + 1):
            for i in range(len(w) - n + 1):
                piece = w[i : i + n]
                if piece[0] != " " and piece[-1] != " ":
                    covers.setdefault(piece, set()).add(w)
        covers.setdefault(w, set()).add(w)
    heap = [(-len(ws), -len(c), c) for c, ws in covers.items()]
    heapq.heapify(heap)
    while todo and heap:
        _, neg_len, piece = heapq.heappop(heap)
        now = len(covers[piece] & todo)
        if now == 0:
            continue
        if heap and now < -heap[0][0]:  # its score dropped since it was pushed: push it back with the new one
            heapq.heappush(heap, (-now, neg_len, piece))
            continue
        chosen.add(piece)
        todo -= covers[piece]
    return tuple(sorted(chosen | todo))


def read(text: str, anchors: Sequence[str], *, budget_s: float = BUDGET_S) -> Reading:
    """``text`` as `explain` searches it (see the module's docstring)."""
    total = len(text)
    if total <= WHOLE:
        return Reading(text, total)
    head_end = line_start(text, HEAD) or HEAD
    tail_start = text.find("\n", total - TAIL)
    tail_start = total - TAIL if tail_start < 0 else tail_start + 1
    if text.count("\ufffd", head_end, tail_start) * 4 > tail_start - head_end:  # mostly undecodable: not text
        parts = [text[:head_end], text[tail_start:]]
        return Reading("\n".join(parts), total, 0, None, "", tail_start - head_end)
    # the middle as bytes: translating, splitting and searching bytes is several times faster than str
    data = text[head_end:tail_start].encode("utf-8", "surrogatepass")
    lines = data.split(b"\n")
    line_of: list[int] | None = None  #: the line each piece comes from, when long lines were cut
    if max(map(len, lines), default=0) > LONG_LINE:
        lines, line_of = _cut(lines)
        keys = lines
    else:  # a line's shape: its digits and hex letters made 0 (timestamps, tactic ids, timings, addresses)
        keys = data.translate(_SHAPE).split(b"\n")
    order, binary = _distinct(lines, keys)
    keep, done, why = _search(lines, order, anchors, budget_s)
    middle = [lines[i].decode("utf-8", "replace") for i in sorted(keep)]
    skipped, span = 0, None
    if done < len(order):
        rest = order[done:]
        skipped = sum(len(lines[i]) + 1 for i in rest)
        first_line = text.count("\n", 0, head_end) + 1
        lo, hi = min(rest), max(rest)
        if line_of is not None:
            lo, hi = line_of[lo], line_of[hi]
        span = (first_line + lo, first_line + hi)
    parts = [text[:head_end], *middle, text[tail_start:]]
    return Reading("\n".join(parts), total, skipped, span, why, binary)


def _distinct(lines: list[bytes], keys: list[bytes]) -> tuple[list[int], int]:
    """The lines worth searching, one per shape (its last), the last first; and how many bytes were not text."""
    last = dict(zip(keys, range(len(keys)), strict=True))  # each shape's last line (built in C, one pass)
    binary = 0
    order: list[int] = []
    for i in last.values():
        line = lines[i]
        if _QUIET.match(line):  # logged at verbose / info / debug level: no failure is written there
            continue
        if line.count(_REPLACED) * 12 > len(line) > 0:  # mostly undecodable bytes: not text
            binary += len(line)
        else:
            order.append(i)
    order.sort(reverse=True)
    return order, binary


def _search(lines: list[bytes], order: list[int], anchors: Sequence[str], budget_s: float) -> tuple[set[int], int, str]:
    """The lines (with their neighbours) that hold an anchor word, searched a block at a time in ``order``; how many
    of ``order`` were searched; and why the search stopped early ("" when it did not)."""
    anchor_rx = _anchor_search(tuple(anchors)) if anchors else None
    keep: set[int] = set()
    kept = done = 0
    why = ""
    deadline = time.perf_counter() + budget_s  # for the search itself: the first block (the last lines) always runs
    while done < len(order):
        if done and time.perf_counter() > deadline:
            why = "time budget"
            break
        size, stop = 0, done
        while stop < len(order) and size < BLOCK:
            size += len(lines[order[stop]]) + 1
            stop += 1
        block = order[done:stop]
        low = b"\n".join(lines[i] for i in block).lower()
        # the anchors the block holds, in one pass of one expression (a trie of their bytes), not one substring
        # search per anchor: a line that holds an anchor holds one that the pass found (the matches a pass skips
        # overlap one it found, on the same line: anchors hold no line break)
        hits = set(anchor_rx.findall(low)) if anchor_rx is not None else set()
        for n, i in enumerate(block if hits else ()):
            if kept > MAX_KEPT:
                stop = done + n  # the lines from here on are reported as not searched
                why = "too many lines hold the words the patterns look for"
                break
            line = lines[i].lower()
            if any(w in line for w in hits):
                near = NEIGHBOURS if len(line) <= SHORT_LINE else 0  # a piece of a long line keeps no neighbours
                for j in range(i - near, i + near + 1):  # the line and its neighbours
                    if j not in keep and 0 <= j < len(lines) and (j == i or len(lines[j]) <= SHORT_LINE):
                        keep.add(j)
                        kept += len(lines[j]) + 1
        done = stop
        if why:
            break
    return keep, done, why


@functools.lru_cache(maxsize=4)
def _anchor_search(anchors: tuple[str, ...]) -> re.Pattern[bytes]:
    """One expression that matches any of ``anchors`` (lower case) in a lower-cased block of bytes: a trie over their
    UTF-8 bytes, so a block is scanned once, however many anchors there are."""
    return re.compile(trie(w.encode("utf-8").decode("latin-1") for w in anchors).encode("latin-1"))


def _cut(lines: list[bytes]) -> tuple[list[bytes], list[int]]:
    """Lines longer than `LONG_LINE` cut into pieces of that size (a 20 MB line is searched a piece at a time), and
    the index of the line each piece comes from."""
    out: list[bytes] = []
    line_of: list[int] = []
    for n, x in enumerate(lines):
        pieces = [x[i : i + LONG_LINE] for i in range(0, len(x), LONG_LINE)] if len(x) > LONG_LINE else [x]
        out.extend(pieces)
        line_of.extend([n] * len(pieces))
    return out, line_of
