"""Error texts users actually see, mapped to the cause and the fix that fits what the text (and the machine) shows.

The table lives in `table.py` (data, one row per failure, each with a real sample message and its source). The
same table drives ``torchtrt-compat explain``, the re-raise in `compile` / `build_engine` (`reraise_explained`) and
``docs/troubleshooting.md`` (`docs.py`).

Every line of a text is read (`scan`): a text up to 2 MiB whole, a longer one as its head, its tail and each
distinct line between them that holds a word some pattern needs, within a time budget; what the budget left unread is
said in the answer. Every pattern is compiled once and runs only when one of its literal words occurs in the text (a
plain substring test in a short text; in a long one, a single scan for every row's words at once, `prefilter`), and
the patterns bound their repetitions, so 20 MB are explained in well under a second
(``benchmarks/explain_speed.py``).

Each answer says what the text shows (`severity`: the log levels of its lines), how sure it is (`confidence`) and, for
a text no family explains, where it failed, in which library, and the one command to run next. How sure:

- *sure*: the family's own message matched, and nothing in the text or on the machine points elsewhere;
- *likely*, with the other families named: the family's text is a symptom several causes share (`KnownError.loose`);
  or its decider (`KnownError.decide`: e.g. "an old driver, or no NVIDIA GPU at all?") could not decide from the
  GPUs the text names or the machine's facts; or a second family matched another line of the text almost as well.
"""

from __future__ import annotations

import bisect
import functools
import html
import itertools
import re
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NoReturn

from .._errors import BUILD_STAGES, BuildError, BuildStage, UpstreamError
from ..env import detect_environment
from ..ux import display as _display
from ..versions import satisfies
from . import derived, scan
from .advice import Versions, advise, decide
from .entry import CUDA_STATUS_LIBRARIES, TENSORRT_PRODUCTS, KnownError, Variant
from .facts import (
    TextFacts,
    cuda_error_named,
    driver_check,
    extract,
    may_state_codes,
    messages_of,
    products_of,
    within_longer_message,
    without_env_names,
)
from .literals import Guarded, alternatives as _alternatives, literals as _literals, top_alternatives
from .miss import (
    JAVA_LINKAGE,
    JAVA_STATIC_INIT,
    PASSING_LIBRARIES,
    Speed,
    command_in,
    failed_module,
    gpu_library,
    interface_error,
    julia_package,
    not_python,
    partly_offloaded,
    raising_library,
    ran_out_of_device_memory,
    said_to_do,
    speed_report,
    stated_cause,
    suspected_cause,
    without_remedies,
)
from .prefilter import Held, Vocabulary, trie
from .scan import exception_line, line_start
from .severity import (
    GLOG_STAMP,
    IGNORED_IN,
    NATIVE_LIBRARY_LINE,
    OWN_CUDA_CHECK,
    TITLE_CRASH,
    TITLE_GPU_FAULT,
    Levels,
    conditional_at,
    crash_title_end,
    exit_noise,
    levels,
)
from .table import (
    ACCELERATOR_NVIDIA,
    FRAMEWORK_DEVICES,
    KNOWN_ERRORS,
    NOT_PYTHON_KINDS,
    STAGE_ACCELERATORS,
    STAGE_COMMANDS,
    STAGE_CUT_FRAMES,
    STAGE_DONE,
    STAGE_LINE_KINDS,
    STAGE_MARKERS,
    STAGE_SITUATIONS,
    STAGE_STACKS,
    STAGE_STEPS,
    STAGE_WORDS,
    WATCH_GPU,
)

if TYPE_CHECKING:
    from ..env import Environment

__all__ = [
    "BUILD_STAGES",
    "KNOWN_ERRORS",
    "Explanation",
    "Explanations",
    "KnownError",
    "Variant",
    "explain",
    "format_explanation",
    "lookup",
    "reraise_explained",
]

#: The stages of a build; a failure in one of them is re-raised as `BuildError`.

SCAN_HEAD = scan.HEAD  #: read whole at the start of a long text
SCAN_TAIL = scan.TAIL  #: read whole at its end; in between, the distinct lines that hold an anchor word

_FLAGS = re.IGNORECASE | re.MULTILINE
#: a Python exception line whose class and message name no CUDA failure (for those, CUDA_LAUNCH_BLOCKING helps)
_PYTHON_EXCEPTION = re.compile(
    r"(?:[\w.]{0,80}\.)?(?!CUDA)[A-Z]\w{0,60}(?:Error|Exception)(?:$|: (?![^\n]{0,300}(?:CUDA|cuda|cuDNN|cudnn|cuBLAS"
    r"|CUBLAS|NCCL|device-side|illegal memory|out of memory|GPU)))"
)
#: the next command for such an exception: Python's post-mortem debugger stops at the line that raised it
_POST_MORTEM = (
    "python -m pdb -c continue your_script.py (stops at the line that raised: `p <name>` prints a value, `up` walks "
    "to your own code)"
)
#: an answer names `torchtrt-compat check` / `suggest` only to a text that shows torch_tensorrt or TensorRT
#: (`entry.TENSORRT_PRODUCTS`), or whose matched line names one of them itself
_TORCHTRT_LINE = re.compile(r"torch_?trt|tensorrt|\btrt\b|nvinfer|trtexec", re.IGNORECASE)
#: families that answer only from a line that is not logged as a warning (a remedy a deprecation warning states)
_ERROR_LINE_ONLY = frozenset({"py-self-described"})
#: lines that show a failure whatever their tool: anchors too, so the middle of a long log is read for them
_ERROR_WORDS = ("traceback", "error", "exception", "fail", "abort", "terminate", "segmentation", "killed", "[e]")


@dataclass(frozen=True)
class _Rx:
    """A pattern that runs only when one of its literal words is in the (lower-cased) text (`prefilter.Held`): a
    regular expression searched case-insensitively costs far more than a substring test, and most texts hold none of
    the words. It is compiled the first time a text holds one of them (most patterns never are, in one ``explain`` of
    a short paste)."""

    source: str
    words: tuple[str, ...] | None

    @classmethod
    def of(cls, pattern: str) -> _Rx:
        known = _row_literals()
        return cls(pattern, known[pattern] if pattern in known else _literals(pattern))

    @functools.cached_property
    def rx(self) -> re.Pattern[str]:
        return re.compile(self.source, _FLAGS)

    def search(self, hay: str, held: Held) -> re.Match[str] | None:
        if self.words is not None and not held.any(self.words):
            return None
        return self.rx.search(hay)


@dataclass(frozen=True)
class _Compiled:
    entry: KnownError
    literals: tuple[str, ...] | None
    source: str  #: the family's pattern, compiled on first use (`pattern`)
    requires: _Rx | None
    unless: _Rx | None
    op: _Rx | None
    variants: tuple[tuple[_Rx, Variant], ...]
    codes: frozenset[int] = frozenset()  #: numbers of the family's CUDA errors
    messages: tuple[str, ...] = ()  #: their messages, lower case
    #: numbers of the cudaErrors the family's pattern names, read only in old torch's numbered form
    #: (`_THC_NUMBERED`)
    thc_codes: frozenset[int] = frozenset()

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(self.source, _FLAGS)

    @functools.cached_property
    def _alternatives(self) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
        found = _alternatives(self.source)
        return found if found is not None and len(found) > 1 else None

    def pattern_for(self, held: Held) -> re.Pattern[str]:
        """The pattern of only the alternatives whose words the text holds (the others cannot match): the same
        matches, found faster in a long text that holds the words of few of them."""
        alts = self._alternatives
        if alts is None or len(held.lower) < _SPLIT_FROM:
            return self.pattern
        present = tuple(i for i, (_, words) in enumerate(alts) if held.any(words))
        if len(present) == len(alts):
            return self.pattern
        return _subset("|".join(alts[i][0] for i in present))


@functools.lru_cache(maxsize=1)
def _compiled_by_key() -> dict[str, _Compiled]:
    return {c.entry.key: c for c in _compiled()}


#: a text this long has its patterns cut to the alternatives it holds words of (below, one search costs less than
#: the tests)
_SPLIT_FROM = 64 * 1024


@functools.lru_cache(maxsize=512)
def _subset(pattern: str) -> re.Pattern[str]:
    """A family's pattern cut to some of its alternatives (none: a pattern that never matches)."""
    return re.compile(pattern or "(?!)", _FLAGS)


@functools.lru_cache(maxsize=1)
def _row_literals() -> dict[str, tuple[str, ...] | None]:
    """The literal words (`literals`) of every pattern the rows and stage markers hold, derived once per table and code
    and kept between runs (`derived`): a fresh process (the CLI) does not derive them again."""
    sources = sorted(
        {p for e in KNOWN_ERRORS for p in (e.pattern, e.requires, e.unless, e.op, *(v.when for v in e.variants)) if p}
        | {p for _, p in STAGE_MARKERS}
    )
    found = derived.remembered("literals", sources, lambda: [_literals(p) for p in sources])
    return {p: None if words is None else tuple(words) for p, words in zip(sources, found, strict=True)}


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[_Compiled, ...]:
    def opt(p: str) -> _Rx | None:
        return _Rx.of(p) if p else None

    return tuple(
        _Compiled(
            e,
            _Rx.of(e.pattern).words,
            e.pattern,
            opt(e.requires),
            opt(e.unless),
            opt(e.op),
            tuple((_Rx.of(v.when), v) for v in e.variants),
            _codes(e.cuda_errors),
            tuple(m.lower() for m in messages_of(e.cuda_errors)),
            _codes(tuple(_NAMED_IN_PATTERN.findall(e.pattern))),
        )
        for e in KNOWN_ERRORS
    )


#: a cudaError a family's pattern names as a word ("\\bcudaErrorInvalidValue\\b"): the family owns that error, so the
#: same error told by its number in old torch's form ("cuda runtime error (11) : invalid argument at THCGeneral.cpp",
#: THC's numbering, read through the CUDA error facts) is the family's too (issue 36, round thirty-two); its message
#: alone, or its number in another library's words, is not (`KnownError.cuda_errors` says those)
_NAMED_IN_PATTERN = re.compile(r"(?:(?<=\\b)|(?<![A-Za-z]))(cudaError[A-Z][A-Za-z]{2,60})(?=\\b|\||\)|$)")


#: old torch's numbered CUDA error (THCudaCheck in aten/src/THC: "cuda runtime error (11) : invalid argument at
#: /pytorch/aten/src/THC/THCGeneral.cpp:383", "THCudaCheck FAIL file=... error=11 : invalid argument")
_THC_NUMBERED = re.compile(r"\bcuda runtime error \(\d{1,4}\)|THCudaCheck FAIL", re.IGNORECASE)


_OWN_NUMBERED = re.compile(OWN_CUDA_CHECK, re.IGNORECASE)


def _own_numbered(line: str, message: str, name: str) -> bool:
    """Whether ``line`` is an extension's own CUDA check that names the error by number and message (or name)."""
    low = line.lower()
    return _OWN_NUMBERED.search(line) is not None and (bool(message) and message.lower() in low or name.lower() in low)


def _codes(names: tuple[str, ...]) -> frozenset[int]:
    return frozenset(c.code for c in (cuda_error_named(n) for n in names if n.startswith("cudaError")) if c is not None)


# ---- the result ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Explanation:
    """One known failure found in a text: what it is, why it happens and the fix that fits what the text shows."""

    key: str
    title: str
    cause: str
    fix: str
    #: the situation the fix was chosen for ("source or Docker build"), when the text showed one
    situation: str | None = None
    #: the line of the text that matched (shortened)
    evidence: str = ""
    #: the op or node the text names, when it names one
    op: str | None = None
    #: lines computed from the versions in the text or on the machine ("torch_tensorrt 2.6.0 pins tensorrt ...")
    advice: tuple[str, ...] = ()
    #: torchtrt-compat commands that help
    commands: tuple[str, ...] = ()
    #: where the entry applies (releases, frontend, platform)
    applies: str = ""
    #: what the text shows at the matched line: "failure", or "warning" (the line is logged as a warning)
    severity: str = "failure"
    #: "sure", or "likely" (see the module's docstring): then `alternatives` names the other candidates
    confidence: str = "sure"
    alternatives: tuple[str, ...] = ()
    #: the library the text shows in use whose own fix was chosen (`table.PRODUCTS` name), if one was
    product: str | None = None
    _entry: KnownError | None = field(default=None, compare=False)
    _rank: float = field(default=0.0, compare=False)
    _at: int = field(default=-1, compare=False)  #: where in the text it matched

    @property
    def docs(self) -> str:
        return f"docs/troubleshooting.md#{self.key}"

    def to_dict(self) -> dict[str, Any]:
        """The public fields (for ``--json``)."""
        return {
            "key": self.key,
            "title": self.title,
            "cause": self.cause,
            "fix": self.fix,
            "situation": self.situation,
            "advice": list(self.advice),
            "op": self.op,
            "evidence": self.evidence,
            "commands": list(self.commands),
            "applies": self.applies,
            "severity": self.severity,
            "confidence": self.confidence,
            "alternatives": list(self.alternatives),
            "product": self.product,
            "docs": self.docs,
        }

    @property
    def notice(self) -> bool:
        """The family is a harmless notice (a warning that is not a failure)."""
        return self._entry is not None and self._entry.severity == "notice"

    def format(self) -> str:
        """Plain text for a terminal: evidence, op and advice quote the user's text, so all of it goes through
        the one sanitiser."""
        head = f"[{self.key}] {self.title}"
        if self.notice:
            head += "  (a warning: harmless in itself)"
        elif self.severity == "warning":
            head += "  (logged as a warning)"
        lines = [head]
        if self.confidence == "likely":
            others = ", ".join(self.alternatives) or "another cause"
            lines.append(f"  likely: the text fits this only loosely; it may also be {others}")
        lines.append(f"  cause: {self.cause}")
        fix = f"  fix:   {self.fix}"
        if self.situation:
            fix += f" ({self.situation})"
        lines.append(fix)
        lines += [f"         {a}" for a in self.advice]
        if self.op:
            lines.append(f"  op:    {self.op}")
        if self.evidence:
            lines.append(f"  seen:  {self.evidence}")
        if self.commands:
            lines.append("  see:   " + "; ".join(f"`{c}`" for c in self.commands))
        return _display.safe("\n".join(lines))

    def __repr__(self) -> str:
        return f"Explanation[{self.key}] {_display.short(self.cause, 90)}\n  fix: {_display.short(self.fix, 110)}"

    def _repr_html_(self) -> str:
        pairs: list[tuple[str, object]] = [("cause", self.cause), ("fix", self.fix)]
        if self.situation:
            pairs.append(("situation", self.situation))
        pairs += [("advice", a) for a in self.advice]
        if self.op:
            pairs.append(("op", self.op))
        if self.evidence:
            pairs.append(("seen", self.evidence))
        if self.commands:
            pairs.append(("see", ", ".join(self.commands)))
        if self.applies:
            pairs.append(("applies", self.applies))
        return _display.section(f"{self.title}  [{self.key}]", _display.key_values(pairs))


class Explanations(list[Explanation]):
    """The known failures found in a text, the most likely first (a list; renders as a table in notebooks).

    ``outcome`` says what the first answer is: "explained" (the first entry is the failure's family),
    "warnings-only" (the text holds warnings and no error: harmless, say so first), "unexplained" (the text fails
    but no family knows why) or "no-match". ``summary`` is that first answer in one sentence. For the last two,
    ``stage`` names where the text fails, ``library`` the library it shows in use, ``next_step`` what to look at and
    ``command`` the single most useful command to run next. ``unread`` says what of a long text was not searched.
    """

    stage: str | None = None
    next_step: str | None = None
    outcome: str = "no-match"
    summary: str = ""
    library: str | None = None
    command: str | None = None
    first_error: str = ""
    unread: str = ""

    def to_dict(self, *, unread: str | None = None) -> dict[str, Any]:
        """The first answer and the matches as one JSON-ready object (``explain --json-object``); ``unread`` replaces
        `unread` when the caller knows more (a log read at both ends)."""
        return {
            "outcome": self.outcome,
            "first_answer": self.first_answer,
            "summary": self.summary,
            "stage": self.stage,
            "library": self.library,
            "next_step": self.next_step,
            "command": self.command,
            "first_error": self.first_error,
            "unread": self.unread if unread is None else unread,
            "matches": [e.to_dict() for e in self],
        }

    @property
    def failures(self) -> list[Explanation]:
        """The entries that explain a failure (notices left out)."""
        return [e for e in self if not e.notice]

    @property
    def first_answer(self) -> str:
        """The first answer as a key: the top family's, "warnings-only", or "miss"."""
        if self.outcome == "warnings-only":
            return "warnings-only"
        if self.outcome == "explained" and self:
            return self[0].key
        return "miss"

    def __repr__(self) -> str:
        if self.outcome == "warnings-only":
            return "Explanations: " + self.summary
        if not self:
            if self.stage:
                return f"Explanations: no known error matched; the text fails at {self.stage}: {self.next_step}"
            return "Explanations: no known error matched"
        head = f"Explanations: {len(self)} match{'es' if len(self) > 1 else ''}, best first"
        first = f"  [{self[0].key}] {_display.short(self[0].fix, 100)}"
        rest = "  also: " + ", ".join(e.key for e in self[1:]) if len(self) > 1 else ""
        return "\n".join(x for x in (head, first, rest) if x)

    def _repr_html_(self) -> str:
        if not self or self.outcome in ("warnings-only", "unexplained"):
            state = "unknown" if self.outcome != "warnings-only" else "ok"
            badge = _display.badge(self.summary or "no known error matched", state)
            pairs: list[tuple[str, object]] = []
            if self.stage and self.outcome != "warnings-only":
                pairs += [("stage", self.stage), ("next step", self.next_step or "")]
                if self.command:
                    pairs.append(("run", self.command))
            pairs += [(e.key, e.title) for e in self]
            return _display.section("explain", badge + (_display.key_values(pairs) if pairs else ""))
        rows = [(e.key, e.title, e.fix + ("".join(f"\n{a}" for a in e.advice))) for e in self]
        return _display.section(
            f"explain: {len(self)} known error{'s' if len(self) > 1 else ''}, the most likely first",
            _display.table(rows, ("key", "what it is", "fix")),
        )


# ---- matching --------------------------------------------------------------------------------------------------------
def _line_at(text: str, start: int, end: int) -> str:
    """The lines from ``start`` to ``end`` as an answer shows them (stripped, at most 200 characters)."""
    return _display.short(_line_of(text, start, end).strip(), 200)


def _first_group(m: re.Match[str] | None) -> str | None:
    if m is None:
        return None
    for g in m.groups() or (m.group(0),):
        if g:
            return g.strip()
    return None


def _in_versions(v: Versions, spec: str) -> bool:
    if not spec or v.env is None or v.env.torch_tensorrt is None or not v.env.torch_tensorrt.version:
        return True

    try:
        return satisfies(v.env.torch_tensorrt.version, spec) is not False
    except Exception:  # unparsable: no opinion
        return True


def _host_rules_out(entry: KnownError, env: Environment | None) -> bool:
    """Facts about the machine that rule a family out (only when the caller says the text is from this machine)."""
    if env is None or not entry.host:
        return False
    if entry.host == "driver":  # "update the driver" is no diagnosis where there is no driver at all
        return env.driver is None and not env.gpus
    return False


#: lines that only follow another error (TensorRT-RTX logs a cudaError 35 line after every API error on a host
#: without a driver): a family found only there ranks below one found in the error itself
_SECONDARY = re.compile(r"catchCudaError[^\n]{0,200}cudaError 35\b|a clean-up operation failed", re.IGNORECASE)


def _by_code(c: _Compiled, facts: Callable[[], TextFacts], held: Held, hay: str) -> tuple[int, int, str] | None:
    """Where the text names one of the family's CUDA errors (by number, name or message): (start, end, line)."""
    lower = held.lower
    named = (c.codes or c.entry.cuda_errors or c.thc_codes) and may_state_codes(lower)  # a pass over hay
    for code in facts().codes if named else ():
        thc = code.code in c.thc_codes and (
            _THC_NUMBERED.search(code.line) is not None or _own_numbered(code.line, code.message, code.name)
        )
        if code.name in c.entry.cuda_errors or (code.name.startswith("cudaError") and (code.code in c.codes or thc)):
            if _hedged_line(code.line, code.message):
                continue
            at = hay.find(code.line) if code.line else -1
            return (max(at, 0), max(at, 0) + len(code.line), code.line)
    for message in c.messages:
        if not held.any((message,)):
            continue
        at = lower.find(message)
        if at >= 0 and not within_longer_message(lower, at, message) and not _hedged_at(lower, at):
            return (at, at + len(message), _line_at(hay, at, at + len(message)))
    return None


#: a program's guess before a CUDA error's message ("Engine died unexpectedly ..., possibly due to out of memory:
#: status 3221225501", KaTrain's wording; issue 36, round fifty-seven): a guess, not that error
_HEDGED = re.compile(
    r"\b(?:possibly|probably|maybe|perhaps|may be|might be|could be) (?:due to|caused by|because of) $"
)


def _hedged_at(low: str, at: int) -> bool:
    """Whether the words at ``at`` of the lower-cased ``low`` follow a program's guess (`_HEDGED`)."""
    return at > 0 and _HEDGED.search(low, max(0, at - 40), at) is not None


def _hedged_line(line: str, message: str) -> bool:
    """Whether ``line`` names ``message`` (a CUDA error's) only as a program's guess (`_HEDGED`)."""
    low = line.lower()
    return _hedged_at(low, low.find(message.lower()) if message else -1)


def _stage(text: str, held: Held, lv: Levels | None = None) -> str | None:
    """The stage a text shows (the last marker wins: a traceback ends where it failed), or None; a stage whose own
    words after its last marker say it finished (`table.STAGE_DONE`: the extension was built and loaded) is one the
    program got past, no stage of the failure. With ``lv``, in a text whose error lines show no marker of their own,
    a marker on a warning or info line is no stage of the failure either (issue 36, round thirty-two: TensorFlow's
    warning that it could not load a CUDA library, then a SyntaxError)."""
    last: tuple[int, str] | None = None
    quiet = lv is not None and lv.errors > 0
    for stage, rx, words in _stage_markers():
        if words is not None and not held.any(words):
            continue
        for m in rx.finditer(text, held.lower):
            if (
                quiet
                and lv is not None
                and lv.at(m.start()) in ("warning", "info")
                and not _MARKER_AT_ANY_LEVEL.match(text, line_start(text, m.start()))
            ):
                continue
            if last is None or m.start() >= last[0]:
                last = (m.start(), stage)
    done = _stage_done().get(last[1]) if last is not None else None
    if last is not None and done is not None and done.search(text, last[0]):
        return None
    return last[1] if last else None


#: a stage marker that a tool logs at WARNING level though it reports that stage's failure: EasyBuild's summary of the
#: test suite it ran after a build ("WARNING: 3 test failures, 0 test errors (out of 211116):"; issue 36, round
#: forty-seven)
_MARKER_AT_ANY_LEVEL = re.compile(r"WARNING: \d{1,6} test failures?, \d{1,6} test errors? \(out of \d")


@functools.lru_cache(maxsize=1)
def _stage_done() -> dict[str, re.Pattern[str]]:
    return {stage: re.compile(p, _FLAGS) for stage, p in STAGE_DONE.items()}


def _stage_from_words(text: str) -> str | None:
    """The stage a text without markers speaks of (`table.STAGE_WORDS`, the first that matches), or None."""
    head = text[:4096]  # a title or a few sentences: the words that matter are at the start
    # an issue template's category tag ("[Installation]", "[Bug]") before a title that states its error names the
    # template the user picked, not where the error happened (issue 36, round forty-four)
    tagged = _TITLE_TAGS.match(head)
    if tagged and _TITLE_STATES_ERROR.search(head[tagged.end() : head.find("\n") if "\n" in head else None]):
        head = head[: tagged.start(1)] + head[tagged.end(1) :]
    head = without_remedies(head)  # a message's remedy ("Please install X") names the fix, not the stage that failed
    return next((stage for stage, rx in _stage_words() if rx.search(head)), None)


#: the category tags at the start of an issue's title ("(issue title: [Installation] [Bug] ...")
_TITLE_TAGS = re.compile(r"\(issue title: ((?:\[[^\]\n]{1,30}\]\s{0,3}){1,4})")


def _stage_from_line_kind(text: str, lv: Levels | None = None) -> str | None:
    """The stage the kind of a text's line speaks of (`table.STAGE_LINE_KINDS`: an undefined symbol is the import, a
    compiler's line the compile, pip's lines the install), or None; with ``lv``, in a text with error lines, a line
    at warning or info level speaks of no stage of the failure (issue 36, round thirty-two)."""
    head = text[:4096]
    if lv is None or not lv.errors:
        return next((stage for stage, rx in _stage_line_kinds() if rx.search(head)), None)
    for stage, rx in _stage_line_kinds():
        if any(lv.at(m.start()) not in ("warning", "info") for m in itertools.islice(rx.finditer(head), 16)):
            return stage
    return None


@functools.lru_cache(maxsize=1)
def _stage_line_kinds() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((stage, re.compile(p, _FLAGS)) for stage, p in STAGE_LINE_KINDS)


@functools.lru_cache(maxsize=1)
def _stage_words() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((stage, re.compile(p, _FLAGS)) for stage, p in STAGE_WORDS)


@functools.lru_cache(maxsize=1)
def _stage_markers() -> tuple[tuple[str, Guarded, tuple[str, ...] | None], ...]:
    """Each stage marker with the words one of which its matches hold (None: a marker with an alternative of no
    four-byte word); a marker runs as a `Guarded` pattern, so in a long text only its alternatives whose (two-byte and
    longer) words the text holds are searched (issue 36, round fifty: the compile marker, whose NVHPC and PGI compiler
    names are three letters, cost a full pass over every long text that matched nothing)."""
    return tuple((stage, Guarded(re.compile(p, _FLAGS)), _Rx.of(p).words) for stage, p in STAGE_MARKERS)


def _hit(c: _Compiled, hay: str, held: Held, lv: Levels, facts: Callable[[], TextFacts]) -> tuple[int, int, str] | None:
    """Where family ``c`` matches ``hay`` (start, end, the line), by its pattern or by the codes and messages in the
    text's facts; None when it does not, or when its ``requires`` / ``unless`` rule it out."""
    hit: tuple[int, int, str] | None = None
    if c.literals is None or held.any(c.literals):
        m = _best_match(c.pattern_for(held), hay, lv)
        if m is not None:
            hit = (m.start(), m.end(), _line_at(hay, m.start(), m.end()))
    if hit is None and (c.codes or c.messages or c.thc_codes):
        hit = _by_code(c, facts, held, hay)
        if hit is not None and conditional_at(hay, hit[0]):  # a CUDA error a hint only supposes
            hit = None
    if hit is None:
        return None
    if c.requires is not None and c.requires.search(hay, held) is None:
        return None
    if c.unless is not None and c.unless.search(hay, held) is not None:
        return None
    return hit


def _literal_words(*, every_part: bool) -> list[str]:
    """The literal words of every family's pattern, ``requires`` and ``unless`` and of every stage marker; with
    ``every_part``, also of its ``op`` and its variants' situations, and its CUDA errors' messages (the prefilter
    answers for every word any search asks about; the middle of a long text is read only for what decides a match)."""
    words: list[str] = []
    for c in _compiled():
        words += c.literals or ()
        rxs = (c.requires, c.unless, *((c.op, *(when for when, _ in c.variants)) if every_part else ()))
        for rx in rxs:
            words += (rx.words or ()) if rx is not None else ()
        words += c.messages if every_part else ()
    for _, _, lits in _stage_markers():
        words += lits or ()
    return words


@functools.lru_cache(maxsize=1)
def _vocabulary() -> Vocabulary:
    """Every literal word a family's pattern, ``requires``, ``unless``, ``op`` or variant, a CUDA error's message or a
    stage marker needs: a long text is scanned for all of them at once (`prefilter`)."""
    inputs = sorted({w for w in _literal_words(every_part=True) if w})
    return Vocabulary(inputs, lambda: str(derived.remembered("trie", inputs, lambda: trie(inputs))))


@functools.lru_cache(maxsize=1)
def _anchors() -> tuple[str, ...]:
    """The words the middle of a long text is read for: every family's, stage marker's and error mark's literals."""
    words = [*_ERROR_WORDS, *_literal_words(every_part=False)]
    return tuple(derived.remembered("anchors", sorted(set(words)), lambda: scan.choose_anchors(words)))


def _commands_for(e: KnownError, line: str, products: Callable[[], list[str]]) -> tuple[str, ...]:
    """The family's torchtrt-compat commands, for a text that shows torch_tensorrt or TensorRT (or whose matched line
    names them); another library's user gets none (they name TensorRT stacks)."""
    if TENSORRT_PRODUCTS.intersection(products()) or _TORCHTRT_LINE.search(line):
        return e.commands
    return ()


def _variant(
    c: _Compiled, text: Callable[[], str], held: Held, shown: Callable[[], list[str]], confidence: str = "sure"
) -> tuple[str, str | None, str | None, str]:
    """The fix for this text: the first variant whose situation the text shows, or whose library the user ran, and
    the answer's confidence: ``confidence``, or "sure" where that situation names the cause (`Variant.sure`, chosen
    by its situation, not its library).
    ``text`` gives the text without its envs' names (`without_env_names`): an env's name is no situation (a conda env
    named "tensorflow" in a torch traceback's paths). ``text`` and ``shown`` (the libraries) are read only for a
    family with variants."""
    if not c.variants:
        return c.entry.fix, None, None, confidence
    hay, products = text(), shown()
    for when, variant in c.variants:
        by_library = bool(variant.product and not variant.strict and variant.product in products)
        if by_library or when.search(hay, held):
            sure = variant.sure and not by_library  # reached by ``when``, which the test above searched
            return variant.fix, variant.label, variant.product or None, "sure" if sure else confidence
    return c.entry.fix, None, None, confidence


def _explanation(
    c: _Compiled,
    fix: str,
    situation: str | None,
    hit: tuple[int, int, str],
    hay: str,
    held: Held,
    advice: tuple[str, ...],
) -> Explanation:
    e = c.entry
    op = c.op.search(hay, held) if c.op is not None else None
    return Explanation(
        key=e.key,
        title=e.title,
        cause=e.cause,
        fix=fix,
        situation=situation,
        evidence=_display.short(hit[2], 200),
        op=_first_group(op),
        advice=advice,
        commands=e.commands,
        applies=e.applies,
        _entry=e,
    )


#: a run of letters with a space after each ("E r r o r   o n n x"): UTF-16 text pasted through a tool that showed
#: each NUL byte as a space
_SPACED = re.compile(r"(?:[^\s] {1,3}){12,}[^\s]")
#: a shorter run ("E r r o r"), joined only in a text that holds a long one
_SPACED_SHORT = re.compile(r"(?:[^\s] {1,3}){3,}[^\s]")


def _unspace(text: str) -> str:
    """``text`` with its letter-spaced runs joined back ("E r r o r   o n n x" -> "Error onnx"); short texts only (a
    pasted fragment), so a long log costs nothing."""
    if len(text) > scan.WHOLE:
        return text

    def joined(m: re.Match[str]) -> str:
        return " ".join(word.replace(" ", "") for word in m.group(0).split("   "))

    return _SPACED_SHORT.sub(joined, text) if _SPACED.search(text) else text


#: a line a console wrapped to its width: padded with spaces to the column's end, its rest on the next line under
#: the column's indent (Rich's log handler, which AutoRAG and other apps use, wraps a message so)
_CONSOLE_WRAP = re.compile(r"(?<=\S)[ \t]{3,}\n[ \t]{8,}(?=\S)")


def _unwrapped(text: str) -> str:
    """``text`` with a console's wrapped lines joined back ("... on the same    \n        device, but found ..."),
    so a message split over lines reads whole; short texts only."""
    if len(text) > scan.WHOLE or "   \n" not in text:
        return text
    return _CONSOLE_WRAP.sub(" ", text)


#: a line longer than this is no log line (minified data, a dump): its facts are read from its two ends only
_LONG_LINE = 16384
_LONG = re.compile(rf"[^\n]{{{_LONG_LINE + 1},}}")


def _clip_long_lines(text: str) -> str:
    """``text`` with each line over `_LONG_LINE` characters cut to its first and last half of that: the facts of a
    text (codes, versions, libraries) are stated in lines of a log's length, and a megabyte line costs each of their
    patterns a pass."""
    return _LONG.sub(lambda m: m.group(0)[: _LONG_LINE // 2] + "\n" + m.group(0)[-_LONG_LINE // 2 :], text)


#: an HTML entity escape ("&quot;", "&lt;", "&#x27;", "&#39;"), and the markup of a web UI's error box (gradio's
#: "<div class='error'>...</div>"): a UI framework's wrapper error shows the real error HTML-escaped (issue 36, round
#: thirty-nine)
_HTML_ENTITY = re.compile(r"&(?:quot|lt|gt|amp|apos|nbsp|#x[0-9a-fA-F]{1,4}|#\d{1,5});")
_HTML_MARKUP = re.compile(r"</?(?:div|span|pre|code|br|p|b|i)\b[^<>\n]{0,80}>")


def _unescape_html(text: str) -> str:
    """``text`` with its HTML entities unescaped when it shows HTML-escaped text: several entities, or one inside a
    text with HTML markup; a text with one stray entity and no markup is left as it is."""
    if "&" not in text or len(text) > scan.WHOLE:
        return text
    escapes = _HTML_ENTITY.findall(text, 0, 200_000)
    if len(escapes) >= 2 or (escapes and _HTML_MARKUP.search(text)):
        return _HTML_ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    return text


#: Python 2's wording of a module's missing attribute, which does not name the module ("AttributeError: 'module'
#: object has no attribute 'StandardGpuResources'"; issue 36, round forty-three). (Its unquoted "No module named x" is
#: left as it is: py-module-missing reads it as the sign that Python 2 ran the script.)
_PY2_MODULE_ATTRIBUTE = re.compile(r"'module' object has no attribute '(?P<attr>\w{1,80})'")
#: a module's name in a family's pattern keyed to Python 3's wording ("module 'faiss' has no attribute")
_MODULE_IN_PATTERN = re.compile(r"module '((?:\w|\\\.){1,80})' has no attribute")


@functools.lru_cache(maxsize=1)
def _attribute_owners() -> tuple[tuple[str, _Compiled], ...]:
    """Each module a family's pattern is keyed to in Python 3's wording of a missing attribute, with that family's
    compiled row: read from the table once."""
    found = []
    for c in _compiled():
        if "has no attribute" not in c.source:
            continue
        for name in _MODULE_IN_PATTERN.findall(c.source):
            module = name.replace("\\.", ".")
            if re.fullmatch(r"[\w.]{1,80}", module):
                found.append((module, c))
    return tuple(found)


def _module_of(attr: str, text: str) -> str | None:
    """The module whose attribute ``attr`` a Python 2 line says is missing, where a family keyed to Python 3's wording
    knows that attribute missing from it ("module 'faiss' has no attribute 'StandardGpuResources'"): the name before
    the attribute in the code the text shows ("res = faiss.StandardGpuResources()"), else the one such module where
    the text names it elsewhere (a package list's "faiss-cpu", a path); None where no family knows it (the line keeps
    its words, and the families keyed to them)."""
    owners = {
        module for module, c in _attribute_owners() if c.pattern.search(f"module '{module}' has no attribute '{attr}'")
    }
    shown = re.search(rf"\b([A-Za-z_]\w{{0,40}}(?:\.[A-Za-z_]\w{{0,40}}){{0,4}})\.{re.escape(attr)}\b", text)
    if shown:  # (an alias the text imports, "import numpy as np", is the module's)
        alias = re.search(rf"\bimport ([A-Za-z_][\w.]{{0,80}}) as {re.escape(shown.group(1))}\b", text)
        module = alias.group(1) if alias else shown.group(1)
        return module if module in owners else None
    if len(owners) != 1:
        return None
    module = owners.pop()  # (only where the text names it: a path, a package list, an import)
    return module if re.search(rf"(?<![\w.]){re.escape(module)}(?![\w])", text) else None


def _python3_wording(text: str) -> str:
    """``text`` with Python 2's wording of a missing attribute (`_PY2_MODULE_ATTRIBUTE`) written as Python 3's, which
    the families are keyed to, where the module is known (`_module_of`)."""
    if "'module' object has no attribute" in text:
        text = _PY2_MODULE_ATTRIBUTE.sub(
            lambda m: (
                f"module '{module}' has no attribute '{m.group('attr')}'"
                if (module := _module_of(m.group("attr"), text))
                else m.group(0)
            ),
            text,
        )
    return text


#: an exception's class alone on its line, then the colon on the next line (alone, or before the message): a frozen
#: Windows app's or a console's traceback that printed the class, the ": " and the message as separate writes
#: ("RuntimeError" / ":" / "You can't move a model that has some modules offloaded ..."; issue 36, round forty-eight)
_SPLIT_EXCEPTION = re.compile(
    r"^(?P<cls>[ \t]{0,8}(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception|Interrupt|Exit))[ \t]*\r?\n"
    r"[ \t]{0,8}:[ \t]*(?:\r?\n[ \t]{0,8})?(?=\S)",
    re.MULTILINE,
)


def _joined_exception_lines(text: str) -> str:
    """``text`` with each exception line split after its class (`_SPLIT_EXCEPTION`) joined back into one line
    ("RuntimeError: You can't move ..."), so the families keyed to the message read it and it is the first error."""
    if "\n:" not in text and "\n :" not in text and "\n\t:" not in text:
        return text
    return _SPLIT_EXCEPTION.sub(lambda m: m.group("cls") + ": ", text[:200_000]) + text[200_000:]


#: cuBLAS's status numbers (cublasStatus_t, cublas_api.h), by the name its families are keyed to
_CUBLAS_STATUS = {
    1: "CUBLAS_STATUS_NOT_INITIALIZED", 3: "CUBLAS_STATUS_ALLOC_FAILED", 7: "CUBLAS_STATUS_INVALID_VALUE",
    8: "CUBLAS_STATUS_ARCH_MISMATCH", 11: "CUBLAS_STATUS_MAPPING_ERROR", 13: "CUBLAS_STATUS_EXECUTION_FAILED",
    14: "CUBLAS_STATUS_INTERNAL_ERROR", 15: "CUBLAS_STATUS_NOT_SUPPORTED", 16: "CUBLAS_STATUS_LICENSE_ERROR",
}  # fmt: skip
#: a project's own check that prints cuBLAS's status by number (issue 36, round forty-eight): "cuBLAS error at
#: gemm_runner.cu:125 code=15", "CUBLAS_STATUS 15", "cuBLASLt failed with status 15" (the plain "cuBLAS error: 13" /
#: "Cublas Error: 13 - " forms are cublas-failure-other-framework's own, which reads their numbers itself)
_CUBLAS_NUMBERED = re.compile(
    r"\b(?:cublas(?:lt)?_status|cublas(?:lt)? (?:error|failure|failed) with (?:status|error|code))\s{0,2}[:=]?"
    r"\s{0,2}\(?(?P<a>\d{1,2})\b(?![.\d%])"
    r"|\bcublas(?:lt)?[ _](?:error|status|failure|failed)\b[^\n]{0,240}?\b(?:code|status)\s{0,2}[=:]\s{0,2}"
    r"(?P<b>\d{1,2})\b(?![.\d%])",
    re.IGNORECASE,
)


def _named_cublas_status(text: str) -> str:
    """``text`` with cuBLAS's status name after each line that states it only by number (`_CUBLAS_NUMBERED`;
    "... code=15 (CUBLAS_STATUS_NOT_SUPPORTED)"), so the families keyed to cuBLAS's names read it; a line that
    names the status itself is left as it is."""
    if "blas" not in text[:200_000].lower():
        return text

    def named(m: re.Match[str]) -> str:
        line = m.group(0)
        if re.search(r"CUBLAS_STATUS_[A-Z]", line, re.IGNORECASE):
            return line
        found = _CUBLAS_NUMBERED.search(line)
        if found is None:
            return line
        name = _CUBLAS_STATUS.get(int(found.group("a") or found.group("b")))
        return f"{line} ({name})" if name else line

    head = re.sub(r"(?im)^[^\n]*cublas[^\n]*$", named, text[:200_000])
    return head + text[200_000:]


def _read(text: str, log: str | None) -> tuple[str, list[str]]:
    """The text (and the log after it) as it is searched, and a note per input of what was left unread."""
    text = _named_cublas_status(
        _joined_exception_lines(_python3_wording(_unescape_html(_unwrapped(_unspace(text or "")))))
    )
    reading = scan.read(text, _anchors() if len(text) > scan.WHOLE else ())
    hay = reading.text
    unread = [reading.note()] if reading.note() else []
    if log:
        log_reading = scan.read(log, _anchors() if len(log) > scan.WHOLE else ())
        hay = hay + "\n" + log_reading.text
        if log_reading.note():
            unread.append("in the log: " + log_reading.note())
    return hay, unread


def _decided(
    c: _Compiled, versions: Versions | None, hay: str
) -> tuple[_Compiled, KnownError, str, tuple[str, ...]] | None:
    """The family to answer with and how sure: a loose family is "likely"; a family with a decider asks the facts,
    which keep it ("sure"), point to the other family (answered instead), or cannot tell ("likely", with both)."""
    e = c.entry
    if not e.decide:
        return (c, e, "likely", e.alternatives) if e.loose else (c, e, "sure", ())
    assert versions is not None
    chosen = decide(e.decide, versions, hay)
    if chosen is None:
        return c, e, "likely", e.alternatives
    if chosen == e.key:
        return c, e, "sure", ()
    other = _compiled_by_key().get(chosen)  # the facts point to the other family
    return None if other is None else (other, other.entry, "sure", ())


def explain(
    text: str, *, log: str | None = None, env: Environment | None = None, ran: tuple[str, ...] = ()
) -> Explanations:
    """Every known error found in ``text`` (a message, a traceback or a whole log), the most likely first.

    ``log`` is a build log (e.g. `BuildError.log`, TensorRT's messages) searched with the text; ``env`` is the
    machine (`torchtrt_compat.env.detect_environment()`), whose versions make the fixes concrete and whose facts (no
    driver, no GPU) rule families in or out. The text's own versions (pip's conflict lines, a bug-report template)
    win over the machine's. ``ran`` names libraries (`table.PRODUCTS` names) the caller knows ran whether the text
    shows them or not (torchtrt_compat's own compile passes "torch_tensorrt"): their fixes apply. The result says what
    the first answer is (`Explanations.outcome`, `summary`): the failure's family, "only warnings", or, when no family
    knows the failure, its stage, library and the command to run next.
    """
    hay, unread = _read(text, log)
    known: list[TextFacts] = []

    def facts() -> TextFacts:  # read once, and only when a family or an advisor needs the text's facts
        if not known:
            known.append(extract(_clip_long_lines(hay)))
        return known[0]

    lv = levels(hay)
    seen_products: list[list[str]] = []
    # the text without its envs' names, made once and only when a variant is weighed
    variant_hay = functools.cache(lambda: without_env_names(hay, lower))

    def products() -> list[str]:  # the libraries the text shows, read once and only when a variant needs them
        if not seen_products:
            shown = known[0].products if known else products_of(hay, lower)
            seen_products.append([*ran, *(p for p in shown if p not in ran)])
        return seen_products[0]

    versions: Versions | None = None
    found: list[Explanation] = []
    lower = hay.lower()
    held = Held(lower, _vocabulary())

    def consider(c: _Compiled, hit: tuple[int, int, str]) -> None:
        nonlocal versions
        e = c.entry
        if _host_rules_out(e, env) and (not e.decide or _SECONDARY.search(hit[2])):
            return  # a decider weighs the machine's facts itself, unless the line only echoes another error
        if e.decide:
            versions = versions or Versions.gather(hay, env, facts())
        chosen = _decided(c, versions, hay)
        if chosen is None:
            return
        c, e, confidence, alternatives = chosen
        fix, situation, product, confidence = _variant(c, variant_hay, held, products, confidence)
        advice: tuple[str, ...] = ()
        if e.advice:
            versions = versions or Versions.gather(hay, env, facts())
            advice = advise(e.advice, versions, hay)
        commands = _commands_for(e, hit[2], products) if e.commands else ()
        rank = e.weight + 5.0 * hit[1] / max(len(hay), 1)
        if e.versions and env is not None:
            versions = versions or Versions.gather(hay, env, facts())
            if not _in_versions(versions, e.versions):
                rank -= 30
        if _SECONDARY.search(hit[2]):
            rank -= 40
        severity = _line_severity(e, lv.at(hit[0]), lv, hit[2])
        if severity == "warning" and e.key in _ERROR_LINE_ONLY:
            return  # a warning's own remedy ("... is deprecated, use X") is no answer to a failure
        rank += _severity_rank(e, severity, lv)
        found.append(
            replace(
                _explanation(c, fix, situation, hit, hay, held, advice),
                severity=severity,
                confidence=confidence,
                alternatives=tuple(a for a in alternatives if a != e.key),
                product=product,
                commands=commands,
                _rank=rank,
                _at=hit[0],
            )
        )

    for c, hit in _all_hits(hay, held, lv, facts):
        consider(c, hit)
    found.extend(_by_cut_frame(hay, held, found))
    found.extend(_by_cut_message(hay, held, lv, found, variant_hay, products))
    found = _after_the_cause(
        hay,
        _handled_imports(
            _under_a_notice(
                _discarded_by_a_notice(_after_a_fallback(_wrapped_causes_first(found, hay), hay), hay), hay
            ),
            hay,
        ),
    )
    found = _raised_over_a_warning(_another_program_after(_status_over_its_wrapper(found, hay), hay), hay, lv)
    found = _title_fault_first(_loader_failure_first(_title_crash_under_an_exception(found, hay), hay), hay)
    found = _warned_library_in_the_frames(found, hay)
    found = _dedupe(sorted(found, key=lambda x: -x._rank))
    result = Explanations(found)
    _conclude(result, hay, held, lv, facts, products)
    result.unread = "; ".join(unread)
    return result


def _all_hits(
    hay: str, held: Held, lv: Levels, facts: Callable[[], TextFacts]
) -> Iterator[tuple[_Compiled, tuple[int, int, str]]]:
    """Every family that matches the text, with where; then those that match only a known message that a console's
    line wrapping split, searched again in the joined lines (`_wrapped_hits`; issue 36, round forty-five)."""
    missed: list[_Compiled] = []
    for c in _compiled():
        hit = _hit(c, hay, held, lv, facts)
        if hit is None:
            missed.append(c)
        else:
            yield c, hit
    yield from _wrapped_hits(missed, hay, held)


def _compile_step(hay: str, first_error: str) -> tuple[str, str] | None:
    """A compile-stage miss's own step: Microsoft's tools (not make), or GNU ld's line that names the library it lacks
    (where that library is, not a grep for the line the paste already holds; issue 36, round forty-one)."""
    if _MSVC.search(hay):
        return STAGE_STEPS["compile/msvc"], STAGE_COMMANDS["compile/msvc"]
    if _SETUPTOOLS_NVCC.search(first_error):
        return STAGE_STEPS["compile/setuptools-nvcc"], STAGE_COMMANDS["compile/setuptools-nvcc"]
    ld = _LD_CANNOT_FIND.search(first_error)
    if ld:
        lib = ld.group("lib")
        return STAGE_STEPS["compile/ld-cannot-find"].format(lib=lib), STAGE_COMMANDS["compile/ld-cannot-find"].format(
            lib=lib
        )
    return None


#: CMake's own line that its configure step failed, and its first error line
_CMAKE_INCOMPLETE = re.compile(r"^-- Configuring incomplete, errors occurred!", re.MULTILINE)
_CMAKE_ERROR = re.compile(r"^CMake Error(?: at [^\n]{1,300})?:[^\n]{0,300}", re.MULTILINE)
#: setuptools' summary of nvcc's failure ("error: command '/usr/local/cuda/bin/nvcc' failed with exit status 2")
_SETUPTOOLS_NVCC = re.compile(r"error: {1,3}command '[^'\n]{0,200}\bnvcc(?:\.exe)?' failed with exit (?:status|code)")
#: GNU ld's warning for a shared library another one needs that it did not find ("ld: warning: libgomp.so.1, needed
#: by libggml.so, not found (try using -rpath or -rpath-link)"; issue 36, round forty-seven)
_LD_NEEDED = re.compile(r"\bld(?:\.\w{1,8})?: warning: (?P<lib>[\w.+-]{1,80}), needed by [^\n]{1,300}, not found ")
#: GNU ld's line for a library named with -l that it did not find (its "/usr/bin/ld" prefix cut or not)
_LD_CANNOT_FIND = re.compile(r"(?:^|\bld(?:\.\w{1,8})?)?:? ?cannot find -l(?P<lib>[\w.+-]{1,80})")


#: an exception's words that it refuses an API the caller used and name the remedy ("... is already deprecated.
#: Please use ndim instead", "was removed, use X")
_OWN_REMEDY = re.compile(
    r"\b(?:deprecated|removed|no longer (?:supported|accepted))\b[^\n]{0,200}?\b(?:[Pp]lease )?use\b"
    r"|\b[Pp]lease use \S[^\n]{0,80}?\binstead\b"
)


def _raised_over_a_warning(found: list[Explanation], hay: str, lv: Levels) -> list[Explanation]:
    """A failure family found on a warning line (torch's "CUDA is not available. Disabling" autocast warning read as
    cuda-unavailable) ranks below a failure family found off warning lines when the text's first error is an
    exception that names no GPU matter and refuses an API with its own remedy (a library's "ValueError: ... is
    deprecated. Please use X instead"): the raised exception is what stopped the run, the warning a side issue (issue
    36, round forty-one)."""
    first = lv.first_error
    if not first or not _EXCEPTION_LINE.match(first) or _ABOUT_THE_GPU.search(first) or _LOWER_LEVEL.search(first):
        return found
    # an exception that does not say what to do may be the warning's consequence; Python's refusal of the code or of
    # a call's keyword (`_CODE_REFUSED`) never is (issue 36, round sixty)
    if not _OWN_REMEDY.search(first) and not _CODE_REFUSED.match(first):
        return found
    raised = [
        e._rank for e in found if e.severity == "failure" and e._at >= 0 and lv.at(e._at) not in ("warning", "info")
    ]
    if not raised:
        return found
    top = max(raised)
    return [
        replace(e, _rank=min(e._rank, top - 1)) if not e.notice and e._at >= 0 and lv.at(e._at) == "warning" else e
        for e in found
    ]


#: the loader's words that a CUDA library's file did not load (an undefined symbol of it, a missing file, torch's
#: "Attempt to open cnn_infer failed", cuDNN's "Could not load library"): group 1 is the library
_NOT_LOADED_LIBRARY = r"(cudnn|cublas|cufft|curand|cusparse|cusolver|nvrtc|nccl|nvJitLink)"
_CUDA_LIBRARY_NOT_LOADED = re.compile(
    r"(?:undefined symbol|symbol lookup error|cannot open shared object file|Could not load library|Attempt to open "
    rf"\w{{1,40}} failed|Unable to load|Error loading)[^\n]{{0,600}}?\blib{_NOT_LOADED_LIBRARY}\w{{0,24}}\.so"
    rf"|\blib{_NOT_LOADED_LIBRARY}\w{{0,24}}\.so[\d.]{{0,12}}:? (?:undefined symbol|cannot open shared object file)",
    re.IGNORECASE,
)


def _title_crash_under_an_exception(found: list[Explanation], hay: str) -> list[Explanation]:
    """A family found only on the words of a crash in a crash-only issue title (`severity.crash_title_end`) is no
    answer: the body's exception is the error the report shows. A title alone (no body error) keeps its answer."""
    nl = crash_title_end(hay)
    if nl < 0:
        return found
    return [e for e in found if not (0 <= e._at < nl and TITLE_CRASH.search(hay[e._at : nl]))]


def _loader_failure_first(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure family found on a line where a CUDA library's file did not load (an undefined symbol of cuDNN's
    libcudnn_cnn_infer, a missing libcublasLt), even a warning line, ranks above a later failure that speaks of that
    same library only in general ("Unable to find a valid cuDNN algorithm", "GET was unable to find an engine"): the
    library whose part did not load has nothing to run, which is the cause of the later error (issue 36, round
    forty-two)."""
    out = list(found)
    for i, cause in enumerate(found):
        if cause._at < 0 or cause._entry is None or cause.notice or cause._entry.severity == "notice":
            continue
        m = _CUDA_LIBRARY_NOT_LOADED.search(_line_of(hay, cause._at))
        if m is None:
            continue
        library = (m.group(1) or m.group(2)).lower()
        later = [
            e._rank
            for e in found
            if e is not cause
            and e.severity == "failure"
            and e._at > cause._at
            and (library in e.title.lower() or library in _line_of(hay, e._at).lower())
            and not _CUDA_LIBRARY_NOT_LOADED.search(_line_of(hay, e._at))
        ]
        if later and max(later) >= out[i]._rank:
            out[i] = replace(out[i], severity="failure", _rank=max(later) + 1)
    return out


def _best_match(rx: re.Pattern[str], hay: str, lv: Levels) -> re.Match[str] | None:
    """The first match of ``rx``, or, when that one is on a warning line, a later one on a line that shows a failure
    (the same family logged first as a warning, then as the error): at most 20 matches are looked at."""
    first: re.Match[str] | None = None
    for i, m in enumerate(rx.finditer(hay)):
        if i < 20 and conditional_at(hay, m.start()):  # an error a hint only supposes ("If you get `...`")
            continue
        if first is None:
            first = m
        if lv.at(m.start()) not in ("warning", "info") or i >= 20:
            return m if lv.at(m.start()) not in ("warning", "info") else first
    return first


#: words that make a line without a level mark a failure report ("CUDA failure 35: ...", "... error ..."); Windows'
#: loader dialog for a missing entry point or DLL ("could not be located in the dynamic link library", its Chinese
#: wording "无法定位"), which stops the program before it starts (issue 36, round thirty-three)
_FAILURE_WORDS = re.compile(
    r"error|fail|fatal|abort|exception|cannot|unable|denied|crash|insufficient|could not find any"
    r"|could not be located in the dynamic link library|无法定位",
    re.IGNORECASE,
)


def _line_severity(e: KnownError, level: str | None, lv: Levels, line: str) -> str:
    """What a match shows: a warning on a warning or info line, or for a notice; a family that is a warning meaning
    a failure (`KnownError.severity` "warns-of-failure") on a line without a level mark and without a failure word,
    in a text without an error line, is that warning too (a library's warning pasted without its logger's prefix,
    e.g. OpenCV's "DNN module was not built with CUDA backend; switching to CPU"); else a failure."""
    if level in ("warning", "info") or e.severity == "notice":
        return "warning"
    if level is None and not lv.errors and e.severity == "warns-of-failure" and not _FAILURE_WORDS.search(line):
        return "warning"
    return "failure"


def _severity_rank(e: KnownError, severity: str, lv: Levels) -> float:
    """Rank by what the text shows: a notice never outranks a failure in a text that failed; a failure family found
    only on a warning line ranks below the families found on error lines (and below the notices when nothing failed),
    unless the family is a warning that means a failure (`KnownError.severity` "warns-of-failure")."""
    if e.severity == "notice":
        return -200.0 if lv.errors else 0.0
    if severity == "warning" and e.severity != "warns-of-failure":
        return -150.0 if lv.warnings_only else -25.0
    return 0.0


def _after_the_cause(hay: str, found: list[Explanation]) -> list[Explanation]:
    """A downstream failure (`KnownError.downstream`: a file an earlier step did not write, an engine not built, a
    crash or an NCCL error after a CUDA failure) that the text shows after another failure, or that quotes it on its
    own line ("NCCL WARN Cuda failure 'named symbol not found'": NCCL's report of a CUDA error string; issue 36,
    round fifty-three), ranks below that one: the earlier failure is the cause. A warning that means a failure
    (torch's "sm_XY is not compatible with the current PyTorch installation") is that earlier cause of a downstream
    failure line too (not of another warning)."""
    causes = [e for e in found if e._entry is not None and not e._entry.downstream]
    out = []
    for e in found:
        before = (
            [c for c in causes if (c._at < e._at or _quoted_on_its_line(hay, c, e)) and _causes(c, e)]
            if e._entry and e._entry.downstream
            else []
        )
        out.append(replace(e, _rank=min(e._rank, min(before, key=lambda c: c._at)._rank - 1)) if before else e)
    return out


def _quoted_on_its_line(hay: str, cause: Explanation, later: Explanation) -> bool:
    """Whether ``cause`` was found in a quoted error string (its match opens right after a quote) on the line of the
    downstream failure ``later``: the report quotes the lower layer's own error."""
    if cause._at < 1 or later._at < 0:
        return False
    return hay[cause._at - 1] in "'\"‘“" and line_start(hay, cause._at) == line_start(hay, later._at)


#: a lower-level failure (CUDA, its libraries, NCCL, the driver) named inside another exception's message
_LOWER_LEVEL = re.compile(
    r"\bCUDA (?:error|driver|failure)|\bcuda(?:Error\w{0,40}|GetDevice|Malloc\w{0,10})\b|CUBLAS_STATUS_|CUDNN_STATUS_"
    r"|\bNCCL (?:error|WARN)|CUDA-capable device|\bdriver (?:version|error)"
    # CUDA IPC, in CUDA's names and a serving backend's words ("Failed to open the cudaIpcHandle"; round forty-two)
    r"|\bcu(?:da)?Ipc\w{0,40}",
    re.IGNORECASE,
)
#: a family's title that speaks of the GPU layer itself (pinned memory, a CUDA failure): it is no mere wrapper
_ABOUT_THE_GPU = re.compile(r"CUDA|cuDNN|cuBLAS|NCCL|\bGPU|driver|out of memory|pinned", re.IGNORECASE)
#: where one exception's message ends: a blank line, a frame, a new traceback
_MESSAGE_END = re.compile(r'\n[ \t]{0,8}\n|\n\s{0,12}File "|\nTraceback \(most recent|\nDuring handling of the above')


def _line_of(hay: str, at: int, end: int | None = None) -> str:
    """The whole line at ``at`` (through the line of ``end`` when given), as the text has it."""
    lo = line_start(hay, at)
    hi = hay.find("\n", at if end is None else end)
    return hay[lo : hi if hi >= 0 else len(hay)]


#: the start of a new log record: a level mark or a time stamp at the start of a line
_LOG_RECORD = re.compile(
    r"\n\s{0,4}(?:\[[EWIF]\]|\[(?:ERROR|WARN(?:ING)?|INFO|TRT)\]|\d{4}-\d{2}-\d{2}[ T]\d|[EWIF](?:20\d\d)?\d{4} \d"
    r"|(?:ERROR|WARNING|INFO)[: ]|\[\d{2}/\d{2}/\d{4})"
)


def _new_message_between(hay: str, start: int, end: int) -> bool:
    """Whether a log record (a level mark: "[E]", "ERROR", a time stamp) or a message end starts after ``start``'s
    line and at or before ``end``: two log records, not one message wrapping another."""
    line_end = hay.find("\n", start)
    if line_end >= 0 and _LOG_RECORD.search(hay, line_end, end):
        return True
    return _MESSAGE_END.search(hay, start, end) is not None


def _wrapped_causes_first(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure found inside another failure's message (within 1,500 characters after it, no frame or blank line
    between) that names a lower-level failure (a CUDA error, a cuDNN / cuBLAS status, NCCL, the driver) the outer
    line does not name, is the cause the outer one wraps: it ranks above it (torch.load's "Weights only load failed
    ... WeightsUnpickler error: CUDA error: CUDA-capable device(s) is/are busy or unavailable")."""
    out = list(found)
    for i, inner in enumerate(out):
        line = _line_of(hay, inner._at) if inner._at >= 0 else ""
        if inner.severity != "failure" or not _LOWER_LEVEL.search(line) or _SECONDARY.search(line):
            continue
        for outer in found:
            if (
                outer is not found[i]
                and outer.severity == "failure"
                and 0 <= outer._at < inner._at <= outer._at + 1500
                and hay.find("\n", outer._at, inner._at) >= 0  # another line: not the same message's own words
                and not _LOWER_LEVEL.search(_line_of(hay, outer._at))
                and not _ABOUT_THE_GPU.search(outer.title)  # a family that reads the CUDA error in its own context
                and not _new_message_between(hay, outer._at, inner._at)
                and out[i]._rank <= outer._rank
            ):
                out[i] = replace(out[i], _rank=outer._rank + 1)
    return out


#: a CUDA library's status word (cuBLAS's, cuDNN's, ...): the token that names what failed underneath a wrapper
_STATUS_TOKEN = re.compile(rf"\b(?:{CUDA_STATUS_LIBRARIES})_STATUS_[A-Z_]{{3,40}}\b")


#: a family's pattern that reads a CUDA library's failures itself (its status words or the library's name)
_READS_STATUS = re.compile(CUDA_STATUS_LIBRARIES, re.IGNORECASE)


def _status_over_its_wrapper(found: list[Explanation], hay: str) -> list[Explanation]:
    """A family whose title is not about the GPU, found on a line that carries a CUDA library's status (OpenCV's
    "error: (-217:Gpu API call) CUBLAS_STATUS_NOT_INITIALIZED in function 'UniqueHandle'"), matched the wrapper, not
    the status its own line names: a family about the GPU layer found where the text names that same status ranks
    above it (issue 36, round thirty-two). A family whose own pattern reads such statuses keeps its place."""
    out = list(found)
    for i, outer in enumerate(found):
        if outer.severity != "failure" or outer._at < 0 or _ABOUT_THE_GPU.search(outer.title):
            continue
        if outer._entry is not None and _READS_STATUS.search(outer._entry.pattern):
            continue
        tokens = set(_STATUS_TOKEN.findall(_line_of(hay, outer._at)))
        if not tokens:
            continue
        for j, inner in enumerate(found):
            if (
                j != i
                and inner.severity == "failure"
                and inner._at >= 0
                and _ABOUT_THE_GPU.search(inner.title)
                and tokens & set(_STATUS_TOKEN.findall(_line_of(hay, inner._at)))
                and out[j]._rank <= out[i]._rank
            ):
                out[j] = replace(out[j], _rank=out[i]._rank + 1)
    return out


#: another program's loader failure ("ffmpeg: error while loading shared libraries: libopencv_core.so.2.4: ..."): a
#: helper the run starts (a video encoder, a converter), not the Python program itself
_OTHER_PROGRAM_LOADER = re.compile(r"^\s{0,4}(?!python)([\w.+-]{1,60}): error while loading shared libraries: ")


def _another_program_after(found: list[Explanation], hay: str) -> list[Explanation]:
    """A helper program's loader failure that the text shows after another failure (the framework's own, found on an
    earlier line) is a second problem: it ranks below that earlier failure, which is what the run failed with (issue
    36, round thirty-two: a cuDNN failure in the detector, then ffmpeg missing an OpenCV library)."""
    failures = [e for e in found if e.severity == "failure" and e._at >= 0]
    out = []
    for e in found:
        if e in failures and _OTHER_PROGRAM_LOADER.match(_line_of(hay, e._at)):
            line = line_start(hay, e._at)
            before = [c for c in failures if c._at < line]
            if before:
                e = replace(e, _rank=min(e._rank, max(c._rank for c in before) - 1))
        out.append(e)
    return out


#: a program's words that it dropped what failed and tried something else ("Falling back to [...] and retrying";
#: an application's "fallback to cpu", one word; "Reset to use CPU instead"); advice to the user ("you can suppress
#: this exception and fall back to eager", "to fall back to ...") is no fallback that happened
_FALLS_BACK = (
    r"(?:[Ff]all(?:s|ing) ?back to|(?<!and )(?<!can )(?<!to )(?<!or )[Ff]all ?back to)"
    r"|[Bb]ack(?:s|ed|ing)?[- ]?off to"
    r"|(?:[Rr]eset to |[Ww]ill )?(?:[Uu]s(?:e|es|ing)|[Rr]un(?:s|ning)?(?: on)?) (?:the )?CPU instead"
    # "Failed to import PyCUDA. Running fusion in CPU mode." (issue 36, round sixty-one)
    r"|[Rr]unning (?:\w{1,20} ){0,2}in (?:the )?CPU mode"
)
_FELL_BACK = re.compile(rf"\b(?:{_FALLS_BACK})\b[^\n]{{0,200}}")


def _after_a_fallback(found: list[Explanation], hay: str) -> list[Explanation]:
    """After a failure the program handled by falling back (onnxruntime's "Falling back to ['CUDAExecutionProvider',
    ...] and retrying" after an optional provider failed), the first failure of the retry is what the user must fix:
    it ranks above every other failure (a family found before the fallback line and again after it counts where it
    is found again)."""
    failures = [e for e in found if e.severity == "failure" and e._at >= 0]
    fell = next(
        (
            m
            for e in failures
            for m in _FELL_BACK.finditer(hay, e._at, min(len(hay), e._at + 1500))
            if not _advice_at(hay, m.start())
        ),
        None,
    )
    if fell is None:
        return found
    after: list[tuple[int, Explanation]] = []
    for e in failures:
        c = _compiled_by_key().get(e.key)
        m = c.pattern.search(hay, fell.end()) if c is not None and e._at < fell.end() else None
        at = e._at if e._at >= fell.end() else (m.start() if m else -1)
        if at >= 0:
            after.append((at, e))
    if not after:
        return found
    first = min(after, key=lambda p: p[0])[1]
    top = max(e._rank for e in failures)
    return [replace(e, _rank=top + 1) if e is first else e for e in found]


#: a notice's words that the thing it names is dropped and the work goes on (TensorRT's "The timing cache will not
#: be used!")
_DISCARDS = re.compile(r"\bwill not be used\b|\b(?:is|will be) (?:ignored|discarded)\b|\bdiscarding\b", re.IGNORECASE)


def _discarded_lines(hay: str, at: int) -> list[int]:
    """The start of the line before a notice's line at ``at`` when the notice's line says what failed is dropped
    (that line is the reason the notice gives), else none."""
    start = line_start(hay, at)
    if start == 0 or not _DISCARDS.search(_line_of(hay, at)):
        return []
    return [line_start(hay, start - 1)]


def _discarded_by_a_notice(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure family found on the line just before a notice that says the thing is dropped and the work goes on
    (TensorRT logs a timing cache it cannot read at error level, then "The timing cache will not be used!") is that
    notice's reason, not a failure: a warning, ranked below the notice."""
    dropped = {ln for e in found if e.notice and e._at >= 0 for ln in _discarded_lines(hay, e._at)}
    if not dropped:
        return found
    out = []
    for e in found:
        if not e.notice and e._at >= 0 and line_start(hay, e._at) in dropped:
            e = replace(e, severity="warning", _rank=e._rank - 300)
        out.append(e)
    return out


#: the exception of an optional import that failed: the module is absent ("No module named 'triton'", "cannot import
#: name 'x' from 'y'"), not a module that failed to load (an undefined symbol is a failure of its own)
_OPTIONAL_IMPORT = re.compile(r"\s{0,8}(?:ModuleNotFoundError|ImportError): (?:No module named|cannot import name)\b")


def _notice_traceback(hay: str, at: int) -> tuple[int, int] | None:
    """Where the traceback that follows a notice's line at ``at`` lies (its head through its exception line), when
    the next line that is not blank is that traceback's head and it ends in an optional import's failure (a library
    logs why an optional dependency is missing: xformers' "A matching Triton is not available, some optimizations
    will not be enabled", then the traceback of its "import triton"); None otherwise."""
    end = hay.find("\n", at)
    if end < 0:
        return None
    rest = hay[end + 1 : end + 600]
    head = len(rest) - len(rest.lstrip())
    if not rest.lstrip().startswith("Traceback (most recent call last)"):
        return None
    head += end + 1
    stop = _EXCEPTION_AT_START.search(hay, head, head + 20_000)
    if stop is None or not _OPTIONAL_IMPORT.match(hay, stop.start()):
        return None
    line_end = hay.find("\n", stop.start())
    return head, len(hay) if line_end < 0 else line_end


def _under_a_notice(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure family found in the traceback a notice's line introduces (`_notice_traceback`: the optional import
    the notice is about) is that notice's, not the run's failure: a warning, ranked below the notice (issue 36,
    round thirty-nine)."""
    spans = [span for e in found if e.notice and e._at >= 0 and (span := _notice_traceback(hay, e._at)) is not None]
    if not spans:
        return found
    out = []
    for e in found:
        if not e.notice and any(lo <= e._at <= hi for lo, hi in spans):
            e = replace(e, severity="warning", _rank=e._rank - 300)
        out.append(e)
    return out


#: a program's words that it runs on without an optional module whose import failed, the ImportError's message on
#: the same line ("--> Not running with pydiffvg drawer support  No module named 'pydiffvg'", "running without X
#: support"): handled, not the run's failure (issue 36, round thirty-nine)
_RUNS_WITHOUT = re.compile(
    r"\b(?:[Nn]ot (?:running|using|loading) with|[Rr]unning without|[Cc]ontinuing without|[Pp]roceeding without)\b"
    r"[^\n]{0,120}?(?:No module named|cannot import name|ImportError|ModuleNotFoundError)"
)


def _handled_imports(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure family found on a line that says the program runs on without the module whose import failed
    (`_RUNS_WITHOUT`) is a warning, ranked below the failures, when another failure is found."""
    if not any(e.severity == "failure" and not _RUNS_WITHOUT.search(_line_of(hay, e._at)) for e in found if e._at >= 0):
        return found
    out = []
    for e in found:
        if e.severity == "failure" and e._at >= 0 and _RUNS_WITHOUT.search(_line_of(hay, e._at)):
            e = replace(e, severity="warning", _rank=e._rank - 150)
        out.append(e)
    return out


def _causes(cause: Explanation, later: Explanation) -> bool:
    """Whether ``cause``, found before the downstream ``later``, is its cause: a failure, or a warning that means a
    failure when ``later`` is a failure line."""
    warns = cause._entry is not None and cause._entry.severity == "warns-of-failure"
    return cause.severity == "failure" or (later.severity == "failure" and warns)


def _dedupe(found: list[Explanation]) -> list[Explanation]:
    """One entry per family (a decider can turn two matches into the same family): the better ranked one stays."""
    seen: set[str] = set()
    out = []
    for e in found:
        if e.key not in seen:
            seen.add(e.key)
            out.append(e)
    return out


#: the answer to a text of a logger's info lines only
_INFO_ONLY = (
    "Only informational log lines, no warning or error: nothing in this text reports a failure (its lines show the "
    "program at {stage}{library}). If the program hung here, `py-spy dump --pid <pid>` shows where each thread waits; "
    "if it stopped without a message, its exit code says how (`echo $?`: 139 a segmentation fault, 137 killed, e.g. "
    "out of memory); if it ran on the CPU instead of the GPU, {cpu}. Otherwise explain the first error line of the "
    "full output."
)
#: the device question of each framework that has its own words, and each framework's profiler
#: (`table.FRAMEWORK_DEVICES`: torch's row, the first, is the default; the first framework the text shows wins)
_QUESTION_OF = {row.name: row.question for row in FRAMEWORK_DEVICES[1:] if row.question}
_PROFILER_OF = {row.name: row.profiler for row in FRAMEWORK_DEVICES[1:]}


def _devices_question(products: Sequence[str]) -> str:
    """What an answer of a run without the GPU asks the machine and the framework the text shows (torch's default)."""
    return next((_QUESTION_OF[p] for p in products if p in _QUESTION_OF), FRAMEWORK_DEVICES[0].question)


def _info_only(result: Explanations, hay: str, held: Held, shown: Callable[[], list[str]]) -> str:
    """The answer to a text of a logger's info lines that no family knows: nothing failed, with the stage the lines
    show (a logger's lines are a program that ran), the library and the checks for a hang, a silent exit and a GPU
    left unused; the stage, library, next step and command are set on ``result`` too."""
    products = shown()
    result.stage = _stage(hay, held) or _stage_from_words(hay) or "runtime"
    result.library = products[0] if products else None
    result.next_step = STAGE_STEPS["info-only"]
    result.command = STAGE_COMMANDS["info-only"]
    lib = f", in {result.library}" if result.library else ""
    cpu = _devices_question(products)
    return _INFO_ONLY.format(stage=result.stage, library=lib, cpu=cpu)


#: the heading of a "warns-of-failure" family's warning in a text that shows no failure, by the family's
#: `KnownError.cost` (issue 36, round thirty-three): (its first words, what follows from it); a family without one is
#: "Warning, no failure: ...; the run goes on without what it warns of"
WARNING_COSTS: dict[str, tuple[str, str]] = {
    "gpu-work-fails": (
        "Warning that the GPU work will fail",
        "This build cannot run work on this GPU: the first GPU kernel fails ('no kernel image is available for "
        "execution on the device'), or a program that checks first runs on the CPU, even where the text shows no "
        "error line yet. See its fix.",
    ),
    "no-gpu": (
        "Warning that the GPU is not used",
        "The framework sees no GPU: the job runs on the CPU (slowly) or fails at its first GPU call ('No CUDA GPUs are "
        "available'), even where the text shows no error line yet. See its fix.",
    ),
}


#: a framework's own check, in the text, that says its GPU work ran (PaddlePaddle's run_check: "PaddlePaddle works well
#: on 1 GPU.", "PaddlePaddle is installed successfully!"): a warning of the GPU's cost did not stop it
_GPU_WORKED = re.compile(
    r"\bworks(?: well)? on \d{1,3} GPUs?\b|\bis installed successfully\b|\bran (?:successfully|fine) on (?:the )?GPU\b",
    re.IGNORECASE,
)


def _warning_cost(top: Explanation, hay: str) -> tuple[str, str] | None:
    """The heading of the top family's warning by its cost (`WARNING_COSTS`), or None: no cost of its own, or the
    text's own check says the GPU work ran (`_GPU_WORKED`)."""
    cost = WARNING_COSTS.get(top._entry.cost) if top._entry is not None and top._entry.cost else None
    return None if cost is None or _GPU_WORKED.search(hay[:200_000]) else cost


def _cut_answer(
    result: Explanations,
    hay: str,
    lv: Levels,
    at: tuple[str, str | None, str | None, str | None],
    lacks: tuple[str, str, str],
) -> tuple[str, str, str]:
    """The stage, the words of where and the command of a miss whose paste is cut before its error (`_what_is_cut`):
    ``at`` is the stage, the stage guessed from its words, the stage a marker shows and the library; ``lacks`` the cut
    traceback's last line, a TorchScript traceback's last frame, an extension build's last compiler step."""
    stage, guessed, marked, library = at
    cut, script, build_cut = lacks
    if not cut:
        return _cut_elsewhere(result, script, build_cut, marked)
    stage = stage if stage != "unknown" else (guessed or "runtime")  # a traceback is a program that ran
    result.stage = stage
    result.next_step, command = STAGE_STEPS["cut-traceback"], STAGE_COMMANDS["cut-traceback"]
    frame = _last_frame(hay)
    stated = stated_cause(hay, lv)
    where = (
        f"at {stage} (the paste is incomplete: its traceback stops at {cut!r}, before the exception line"
        + (f"; its last frame is {frame}" if frame else "")
        + (_CUDAGRAPH_CUT if "cudagraph" in frame else "")
        + ")"
    )
    if stated:  # the library's own sentence above the traceback says what is missing: that is the finding
        package = (library or "<library>").split(".")[0]
        result.next_step = STAGE_STEPS["stated"].format(stated=stated)
        command = STAGE_COMMANDS["stated"].format(package=package)
        where = (
            f"at {stage}, and the library's own line says what is wrong: {stated!r} (the traceback under it "
            f"stops at {cut!r}, before its exception line)"
        )
    return stage, where, command


def _what_is_cut(result: Explanations, hay: str, lv: Levels, cut: str) -> tuple[str, str, str, str]:
    """What a miss's paste lacks (issue 36, round thirty-four): the cut traceback's last line (``cut``, "" where the
    text's first line states the exception, then its first error), the words that say so, a TorchScript traceback's last
    frame, an extension build's last compiler step."""
    stated_above = _stated_above(hay) if cut else ""
    note = ""
    if stated_above:  # the text's first line states the exception the cut traceback would end with: that is the error
        cut, result.first_error = "", _display.short(stated_above, 200)
        note = (
            " (its first line states the exception; the traceback under it is cut before its own exception line, or "
            "was printed after it)"
        )
    script = "" if cut else _cut_torchscript(hay)
    build_cut = "" if cut or script or lv.errors else _cut_build(hay)
    return cut, note, script, build_cut


def _cut_elsewhere(result: Explanations, script: str, build_cut: str, marked: str | None) -> tuple[str, str, str]:
    """The stage, the words of where and the command of a miss whose TorchScript traceback (``script``: its last
    serialized-code frame) or extension build log (``build_cut``: its last compiler step) is cut before its error
    (issue 36, round thirty-four); sets the result's stage and next step."""
    if script:
        result.stage, result.next_step = "runtime", STAGE_STEPS["cut-torchscript"]
        return (
            "runtime",
            "at runtime, in a TorchScript module's code (the paste is incomplete: the interpreter's traceback stops "
            f"at {script!r}, before the exception it raised, which is the error itself)",
            STAGE_COMMANDS["cut-torchscript"],
        )
    stage = marked if marked in ("build", "compile", "install") else "compile"
    result.stage, result.next_step = stage, STAGE_STEPS["cut-build"]
    return (
        stage,
        f"at {stage} (the paste is incomplete: the extension's build stops at {build_cut!r}, before the build "
        "finished or printed its error)",
        STAGE_COMMANDS["cut-build"],
    )


def _build_cut_only(top: Explanation | None, lv: Levels, hay: str) -> bool:
    """Whether a text of warnings only is an extension's build log cut at a compiler step (`_cut_build`): no
    warnings-only text, the build's end is missing (issue 36, round thirty-four)."""
    quiet = not lv.errors and (top is None or top.notice or top.severity == "warning")
    return quiet and bool(_cut_build(hay))


def _conclude(
    result: Explanations,
    hay: str,
    held: Held,
    lv: Levels,
    facts: Callable[[], TextFacts],
    shown: Callable[[], list[str]],
) -> None:
    """The first answer (`_conclude_text`); a text of warnings only that is an extension's build log cut at a
    compiler step is a miss whose build's end is missing (issue 36, round thirty-four)."""
    top = result[0] if result else None
    if _build_cut_only(top, lv, hay):
        result.first_error = _display.short(lv.first_error, 200) if lv.first_error else ""
        result.outcome = "unexplained" if top is not None else "no-match"
        _conclude_miss(result, hay, held, lv, facts, shown, told=False, notices=top is not None)
        return
    raised = _raised_warning(top, hay, lv)
    if top is not None and raised:
        # a harmless notice that the run turned into an error (pytest -W error, filterwarnings = error): the test or
        # program failed on the warning itself (issue 36, round forty-one)
        result.first_error = _display.short(lv.first_error, 200) if lv.first_error else ""
        result.outcome = "explained"
        result.summary = (
            f"Warning raised as an error: {top.title}. The run turns warnings into errors (pytest's -W error or "
            f"filterwarnings = error, python -W error), so the harmless {raised} stopped it: ignore that class there "
            f"(filterwarnings = ignore::{raised}) or see its fix to avoid the warning itself."
        )
        return
    _conclude_text(result, hay, held, lv, facts, shown)
    if result.outcome == "warnings-only" and exit_noise(hay) is not None:
        result.summary += _EXIT_NOISE


#: what a text of warnings only adds when it ends in Python's "Exception ignored in:" blocks at interpreter shutdown
#: (`severity.exit_noise`; issue 36, round forty)
_EXIT_NOISE = (
    " The 'Exception ignored in: ...' blocks at its end are Python's reports of exceptions in weakref callbacks or "
    "destructors run while the interpreter shut down (module globals already None): the run had finished and its "
    "printed results stand; newer releases of the library whose objects they name no longer print them."
)


def _conclude_text(
    result: Explanations,
    hay: str,
    held: Held,
    lv: Levels,
    facts: Callable[[], TextFacts],
    shown: Callable[[], list[str]],
) -> None:
    """The first answer: the failure's family, "only warnings", or the stage, library and next command. An error line
    a notice explains shows no failure (a library that logs its harmless notice at ERROR level, e.g. DeepStream's
    "Deserialize engine failed because file path ... open error" before it builds the engine)."""
    result.first_error = _display.short(lv.first_error, 200) if lv.first_error else ""
    top = result[0] if result else None
    warns_of_failure = top is not None and top._entry is not None and top._entry.severity == "warns-of-failure"
    noticed = _noticed_error_lines(result, hay, lv) | _fell_back_lines(hay, lv)
    failed = lv.errors > len(noticed)
    # every error line is one a notice calls harmless (TensorFlow's "failed call to cuInit" on a host without a GPU):
    # a warning that means a failure is then what the text warns of, not a failure it shows
    harmless_errors = bool(noticed) and not failed
    # a sentence of the user's own that says something failed ("cudnn failed to initialyze" under a log's INFO lines)
    # is no informational line: the text reports a failure no family knows
    told = top is None and not lv.warnings and _says_it_failed(hay, lv)
    if not told and (
        lv.warnings_only
        or (top is not None and top.notice and all(e.notice or e.severity == "warning" for e in result) and not failed)
    ):
        going = _goes_on_cpu(hay) if top is None and lv.warnings else ""
        if going:  # only warnings, one of which says the work went to the CPU: that is the cost to name
            _went_on(result, hay, held, lv, going, shown, ran=True)
            return
        if top is None or top.notice or (top.severity == "warning" and not warns_of_failure):
            result.outcome = "warnings-only"
            result.summary = (
                _info_only(result, hay, held, shown)
                if not lv.warnings and top is None
                else (
                    (
                        "Only informational lines"
                        if not lv.warnings and not lv.errors and top and top.notice
                        else "Only warnings"
                    )
                    + ", no error: nothing in this text failed (harmless"
                    + (f"; {top.title}" if top is not None and top.notice else "")
                    # a failure family on a warning line: what it warns of will not work (a GPU left unused)
                    + (
                        f" unless you need what it warns of: {top.title}; then see its fix"
                        if top is not None and not top.notice
                        else ""
                    )
                    + "). If something did fail, look for the first error line ([E], ERROR, a Traceback) and explain "
                    "that one."
                )
            )
            if top is None:
                _speed_beside(result, hay, shown)
            return
    going = _goes_on(hay) if top is None and not lv.errors else ""
    if going:  # the program's own words that it goes on (on the CPU, without an optional part): no failure
        _went_on(result, hay, held, lv, going, shown)
        return
    if top is None and not lv.errors and not told and _only_a_notice(hay):
        result.outcome = "warnings-only"
        result.summary = _NOTICE_ONLY
        said = said_to_do(hay, lv)
        if said:  # the notice's own remedy, for whoever needs what it names
            result.summary += f" The message says what to do if you need it: {said}."
        return
    if top is not None and not top.notice and _unexplained_first(result, hay, lv):
        result.outcome = "unexplained"
        _conclude_miss(result, hay, held, lv, facts, shown, told=False, notices=False)
        return
    if top is not None and not top.notice:
        result.outcome = "explained"
        sure = "" if top.confidence == "sure" else f" (likely; or {', '.join(top.alternatives) or 'another cause'})"
        if harmless_errors and warns_of_failure and top.severity == "warning":
            result.summary = (
                f"Warning, no failure: {top.title}{sure}. Harmless where that is not wanted (the error lines are "
                "notices); if you need it, see its fix."
            )
            return
        cost = _warning_cost(top, hay) if top.severity == "warning" and not failed else None
        if cost is not None:
            # a warning whose cost is the GPU work itself (issue 36, round thirty-three): the run does not go on as
            # asked, whether or not the text reaches the failure
            result.summary = f"{cost[0]}: {top.title}{sure}. {cost[1]}"
            return
        if top.severity == "warning" and not failed:
            # a warning that means a failure, in a text that shows none (issue 36, round twenty-nine): nothing failed
            # yet, and the run goes on without what the warning names
            result.summary = (
                f"Warning, no failure: {top.title}{sure}; the run goes on without what it warns of. If you need it, "
                "see its fix."
            )
            return
        handled = _handled(hay, top, lv) if top.severity == "failure" else None
        if handled and _FELL_BACK.match(handled):
            # the program dropped what failed and went on with something else (onnxruntime's "Falling back to
            # ['CUDAExecutionProvider', ...] and retrying"), and no error line follows: no failure of the run (issue
            # 36, round thirty)
            result.summary = (
                f"Fell back, no failure: {top.title}{sure}. The program says so ({handled!r}) and goes on without what "
                "failed (slower, or without that feature), unless a later error line says otherwise; if you need it, "
                "see its fix."
            )
            return
        if handled:
            result.summary = (
                f"Handled error, the run went on: {top.title}{sure}. The program caught it and says so ({handled!r}): "
                "its results are still produced unless a later error line says otherwise; to avoid the message, see "
                "its fix."
            )
            return
        result.summary = _failure_summary(top, hay, lv, sure)
        return
    result.outcome = "unexplained" if (lv.errors or top is not None) else "no-match"
    _conclude_miss(result, hay, held, lv, facts, shown, told=told, notices=top is not None)


#: CMake's configure output: its status lines ("-- Looking for ...", "-- Could NOT find CUDAToolkit (missing: ...)",
#: "-- Unable to find cudart library.") and its warnings ("CMake Warning at file:line (message):", "CMake Warning
#: (dev) at ..."); and what says the configure or the build after it failed
_CMAKE_STATUS = re.compile(r"^-- (?=\S)|^CMake Warning(?: \(dev\))?(?: at [^\n]{1,300})?:", re.MULTILINE)
_CMAKE_FAILED = re.compile(
    r"^CMake Error\b|Configuring incomplete|^-- Configuring done[^\n]{0,40}\n[^\n]{0,200}errors? occurred", re.MULTILINE
)
#: the words of a CUDA part CMake did not find (the cost of going on without it is a build without CUDA)
_CUDA_PART = re.compile(r"\bCUDA\w{0,20}|\bcu(?:BLAS|DNN|dart)\b|\bnvcc\b", re.IGNORECASE)


def _failure_summary(top: Explanation, hay: str, lv: Levels, sure: str) -> str:
    """The heading of a failure family's first answer: a failure, a warning that means one, or, on CMake's configure
    output that went on (`_configure_went_on`), a warning with its cost."""
    went_on = _configure_went_on(top, hay, lv)
    if went_on:
        return f"Warning, no failure: {top.title}{sure}. {went_on}"
    return ("Failure: " if top.severity == "failure" else "Warning that means a failure: ") + top.title + sure


def _configure_went_on(top: Explanation, hay: str, lv: Levels) -> str:
    """The words of a failure family read on CMake's own configure output in a text with no error line (a "-- Could
    NOT find X" status line, a "CMake Warning" block; no "CMake Error", no "Configuring incomplete", no compiler
    error): CMake went on without what it did not find, so nothing failed yet and the cost is a build without it
    (issue 36, round forty-seven); "" for any other text."""
    if lv.errors or top._at < 0 or top.severity != "failure" or _CMAKE_FAILED.search(hay):
        return ""
    line = line_start(hay, top._at)
    if not _CMAKE_STATUS.match(hay, line) and lv.at(line) != "warning":
        return ""
    if len(_CMAKE_STATUS.findall(hay[:200_000])) < 2:
        return ""
    cuda = _CUDA_PART.search(_line_of(hay, top._at)) or _CUDA_PART.search(top.title)
    without = (
        "without CUDA (a CPU-only build: the GPU goes unused and the program runs slowly)"
        if cuda
        else ("without what it did not find (the feature that needs it is left out)")
    )
    return (
        "CMake's configure only reported it (its '-- ' status lines and 'CMake Warning' blocks, no 'CMake Error'): it "
        f"goes on, and the build comes out {without}, unless a later 'CMake Error' or compiler error says otherwise. "
        "If you need it, see its fix, then delete CMakeCache.txt and configure again."
    )


#: a warnings class raised as an exception: pytest's "E   pkg.SomeWarning: ..." report line, or a traceback's own
#: exception line that is a warnings class (`severity` levels both as errors; issue 36, round forty-one)
_RAISED_WARNING = re.compile(r"^(?:E {1,24})?(?:[A-Za-z_]\w{0,40}\.){0,6}(?P<cls>[A-Z]\w{0,60}Warning): (?=\S)")


def _raised_warning(top: Explanation | None, hay: str, lv: Levels) -> str:
    """The warnings class (its name) a notice ``top`` was found on where that line is an error line that raises the
    warning as an exception (`_RAISED_WARNING`); "" otherwise."""
    if top is None or not top.notice or top._at < 0 or lv.at(top._at) != "error":
        return ""
    start = line_start(hay, top._at)
    end = hay.find("\n", top._at)
    m = _RAISED_WARNING.match(hay[start : end if end >= 0 else len(hay)])
    return m.group("cls") if m else ""


#: Python's refusal of the code itself, or of a call's keyword (an API the installed library no longer has: Gradio 4's
#: queue() without concurrency_count; issue 36, round sixty): no library warning before it is its cause
_CODE_REFUSED = re.compile(
    r"^\s{0,8}(?:(?:SyntaxError|IndentationError|TabError): "
    r"|TypeError: [\w.<>]{1,120}\(\) got an unexpected keyword argument '\w{1,60}')",
    re.MULTILINE,
)


def _unexplained_first(result: Explanations, hay: str, lv: Levels) -> bool:
    """Whether the text's failure is an error line no family found, which the top family only follows or sits beside
    (issue 36, round thirty-two): a crash family that follows whatever failed before it (`KnownError.downstream`,
    matched loosely: "Aborted (core dumped)", "terminate called ...") after a library's own error line that no family
    matched ("nvJitLink error: ...", "Error at file.cpp:581 ..."); or a warning that means a failure (a CUDA library
    TensorFlow could not load) beside Python's refusal of the code (a SyntaxError, a call's unexpected keyword:
    `_CODE_REFUSED`), which no library warning causes.
    The first answer is then that error line's stage, library and next step, not the family."""
    top = result[0]
    found_on = {line_start(hay, e._at) for e in result if e._at >= 0 and e.severity == "failure"}
    if _aborted_after_a_warning(top, hay, lv, found_on):
        return True
    if _title_gpu_fault_over_warnings(top, hay, lv, found_on):
        return True
    if top.severity == "warning" and lv.errors:
        m = _CODE_REFUSED.search(hay)
        return m is not None and line_start(hay, m.start()) not in found_on
    if top._entry is None or not top._entry.downstream or top.confidence == "sure" or top._at < 0:
        return False
    if not _TRACEBACK_OR_CRASH.search(_line_of(hay, top._at)) or _FRAME_ANYWHERE.search(hay):
        return False  # a crash's own line, in a paste without a Python traceback (whose exception line decides)
    line = line_start(hay, top._at)
    for start, mark in zip(lv.starts, lv.marks, strict=True):
        if start >= line:
            break
        if mark != "error" or start in found_on:
            continue
        text = _line_of(hay, start)
        if not _TRACEBACK_OR_CRASH.search(text) and not text.rstrip().endswith(":"):  # a heading says nothing
            return True
    return False


def _titled_gpu_fault(hay: str) -> bool:
    """Whether the text opens with an issue title that names a GPU's fault (`severity.TITLE_GPU_FAULT`): the one test
    of that case for `_title_fault_first` and `_title_gpu_fault_over_warnings`."""
    return TITLE_GPU_FAULT.match(hay) is not None


def _title_fault_first(found: list[Explanation], hay: str) -> list[Explanation]:
    """A failure family found on an issue title that names a GPU's fault (`_titled_gpu_fault`) comes before families
    that only warn of a failure (`KnownError.severity` "warns-of-failure") found in the body under it: the title's
    fault is what failed, a body's warning ("CUDA extension not installed.") no cause of it (issue 36, round
    forty-eight): the title's families rank above those warnings. Other ranks are kept."""
    if not found or not _titled_gpu_fault(hay):
        return found
    nl = hay.find("\n")
    nl = len(hay) if nl < 0 else nl

    def fails(e: Explanation) -> bool:
        return (e._entry.severity if e._entry is not None else e.severity) == "failure"

    titled = [e for e in found if 0 <= e._at < nl and fails(e)]
    warners = [e for e in found if e not in titled and not fails(e)]
    if not titled or not warners:
        return found
    top = max(e._rank for e in warners)
    return [replace(e, _rank=max(e._rank, top + 1)) if e in titled else e for e in found]


def _warned_library_in_the_frames(found: list[Explanation], hay: str) -> list[Explanation]:
    """When every family found is read on a warning line, the one whose line names the installed package the
    traceback's innermost frame outside torch runs in (`_frame_library`) comes first (issue 36, round fifty-four:
    xformers' "can't load C++/CUDA
    extensions" warning above a traceback in xformers/ops/fmha, beside JAX's unrelated warning that its CUDA backend
    did not start): the program failed inside the warned library. Other ranks are kept."""
    if len(found) < 2 or any(e.severity != "warning" for e in found):
        return found
    innermost = _frame_library(hay)
    if innermost is None:
        return found
    named = [e for e in found if e._at >= 0 and innermost.lower() in _line_of(hay, e._at).lower()]
    if not named or len(named) == len(found):
        return found
    top = max(e._rank for e in found)
    return [replace(e, _rank=max(e._rank, top + 1)) if e in named else e for e in found]


def _title_gpu_fault_over_warnings(top: Explanation, hay: str, lv: Levels, found_on: set[int]) -> bool:
    """Whether the text's one failure is a GPU's fault its issue title names (`_titled_gpu_fault`) over a body that
    shows warnings only, and the top family was read on one of those body lines, no error line (issue 36, round
    forty-eight: a GPTQ library's "CUDA extension not installed." under a title of ROCm's memory access fault): the
    warning is no cause of the fault, and the first answer is the fault's stage and next step."""
    if not _titled_gpu_fault(hay) or 0 in found_on or top._at <= 0:
        return False
    errors = [start for start, mark in zip(lv.starts, lv.marks, strict=True) if mark == "error"]
    return errors == [0] and line_start(hay, top._at) not in errors


#: a process's own end by an assertion or an abort: ggml's GGML_ASSERT, an "Assertion failed" line, C++'s "terminate
#: called after throwing", the shell's "Aborted (core dumped)", a segmentation fault (not glibc's or a CUDA kernel's
#: "Assertion `x` failed.", which bad values a warning names, NaN probabilities, reach)
_ABORT_LINE = re.compile(
    r"\bGGML_ASSERT\b|\bAssertion failed\b|terminate called after throwing"
    r"|^\s{0,8}Aborted(?: \(core dumped\))?\s*$|Segmentation fault|core dumped",
    re.MULTILINE,
)


def _aborted_after_a_warning(top: Explanation, hay: str, lv: Levels, found_on: set[int]) -> bool:
    """Whether the top family is a warning that means a failure (`KnownError.severity` "warns-of-failure") read on a
    line that is no error line, and the text ends its run after it on an assertion or abort line no failure family
    found (`_ABORT_LINE`: llama.cpp's partial-offload notice, then "GGML_ASSERT: ggml-cuda.cu:5925: false"): the
    process died there for a reason the warning does not give, and that line is the first answer's error (issue 36,
    round forty-seven)."""
    if top._entry is None or top._entry.severity != "warns-of-failure" or top._at < 0 or lv.at(top._at) == "error":
        return False
    if _FAILURE_WORDS.search(_line_of(hay, top._at)):  # the warning's own line reports a failure: the abort follows it
        return False
    line = line_start(hay, top._at)
    return any(
        start > line
        and mark == "error"
        and start not in found_on
        and _ABORT_LINE.search(text := _line_of(hay, start)) is not None
        and not _DEVICE_ASSERT.search(text)
        for start, mark in zip(lv.starts, lv.marks, strict=True)
    )


#: a CUDA kernel's own assertion (CUDA_KERNEL_ASSERT: "...: block: [0,0,0], thread: [0,0,0] Assertion `x` failed."):
#: bad values reaching a kernel (NaN probabilities in multinomial), which a warning of those values explains
_DEVICE_ASSERT = re.compile(r"\bblock: \[\d|\bthread: \[\d")


#: error lines that are a crash's or a traceback's own, not a library's message before the crash
_TRACEBACK_OR_CRASH = re.compile(
    r"Traceback \(most recent|terminate called|what\(\):|Segmentation fault|core dumped|Aborted|Bus error|Fatal Python"
    r"|Illegal instruction|Killed"
    # Go's runtime crash ("panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV:
    # segmentation violation ...]"): a crash's own lines, after what failed before it (issue 36, round thirty-three)
    r"|^panic: |\bSIGSEGV\b|segmentation violation|nil pointer dereference",
    re.IGNORECASE,
)


#: the package of a module-qualified exception at a line's start or inside it ("dgl._ffi.base.DGLError: ...")
_QUALIFIED_PACKAGE = re.compile(
    r"(?<![\w.])([a-z_][a-z0-9_]{1,40})(?:\.\w{1,40}){1,6}\.[A-Z]\w{0,60}(?:Error|Exception): "
)


def _qualified_package(first_error: str) -> str | None:
    """The package a first error line's module-qualified exception names (issue 36, round thirty-two), or None; not
    Python's own modules nor a JVM's."""
    m = _QUALIFIED_PACKAGE.search(first_error)
    if m is None or m.group(1) in _NOT_A_LIBRARY or m.group(1) in ("java", "javax", "org", "com", "torch"):
        return None
    return m.group(1)


def _speed_beside(result: Explanations, hay: str, shown: Callable[[], list[str]]) -> None:
    """A text of harmless lines no family knows that also shows how fast the work ran or where it runs (progress bars
    with their rates, printed times, a CPU-only build; a warning's own words of speed are not enough): its next step
    is the performance and placement check (issue 36, round twenty-nine)."""
    speed = speed_report(hay)
    if speed is None or not (speed.progress or speed.timings >= 2 or speed.on_the_cpu):
        return
    result.stage = result.stage or "runtime"
    result.next_step, result.command = _speed_step(speed, shown())
    result.summary += (
        " It also shows how fast the work ran or where it runs: if it is slower than it should be, check in the job's "
        f"own process that it uses the GPU, and watch the GPU while it runs (Next: {WATCH_GPU})."
    )


def _conclude_miss(
    result: Explanations,
    hay: str,
    held: Held,
    lv: Levels,
    facts: Callable[[], TextFacts],
    shown: Callable[[], list[str]],
    *,
    told: bool,
    notices: bool,
) -> None:
    """The first answer of a text no family explains: its stage (a marker, the kind of its lines, or a guess from its
    words), library, next step and command; ``told``: the user's own words say it failed; ``notices``: the text holds
    notices only (harmless warnings)."""
    products = shown()  # the libraries the text shows (a cheap pass; the full facts are read only when needed)
    # no stage marker: a failing text (or one naming a GPU library) failed while running; only a text that shows
    # neither has no stage
    # (a native backtrace through the interpreter's main: a program that ran)
    ran = lv.errors or products or _NATIVE_MAIN.search(hay)
    marked = _stage(hay, held, lv)
    stage = marked or ("runtime" if ran else "unknown")
    line_kind = None if marked else _stage_from_line_kind(hay, lv)  # the kind of its lines, where no marker says more
    guessed = _stage_from_words(hay) if stage == "unknown" else None
    if stage == "unknown" and not guessed and told:  # the user's words that it failed: it ran, and failed
        stage = "runtime"
    # no marker: the kind of its lines decides (a line with a word of trouble was printed by a program that ran)
    kind = line_kind is not None or (stage == "unknown" and not guessed and _TROUBLE.search(hay[:4096]) is not None)
    if kind:
        stage, guessed = line_kind or "runtime", None
    # (a Julia stacktrace: the package of its innermost frame outside Julia's own modules; issue 36, round thirty-five)
    library = (
        (julia_package(hay) if not_python(hay) == "Julia" else None)
        or _frame_library(hay)
        or (products[0] if products else None)
        or _qualified_package(result.first_error)
    )
    result.stage, result.library = guessed or stage, library
    cut = _cut_traceback(hay)
    cut, note, script, build_cut = _what_is_cut(result, hay, lv, cut)
    # CMake's own line that its configure step failed (issue 36, round forty-two): that is the error; a setup.py
    # traceback after it (cut or not) only reports that cmake failed
    cmake, (cut, script, build_cut) = _cmake_incomplete(hay, marked, (cut, script, build_cut))
    # numbers that are wrong, not an error (issue 36, round twenty-six): a program that ran, whatever stage its words
    # or the kind of its lines guessed; only a stage a marker shows other than runtime (a build, an export) stays
    numeric = None if cut or marked not in (None, "runtime") else _numeric_situation(hay)
    # no error, only how fast it ran (progress bars, timings; issue 36, round twenty-nine): a question of speed
    quiet = not (numeric or cut or lv.errors or told) and marked in (None, "runtime")
    speed = speed_report(hay) if quiet else None
    # the message's own remedy ("Please confirm that NCCL is enabled in CuPy"): the first step, quoted
    said = "" if numeric or cut or speed or result.stage in _OWN_TOOL_STAGES else said_to_do(hay, lv)
    if said and result.stage == "unknown":  # a message that says what to do was printed by a program that ran
        stage = result.stage = "runtime"
    if cmake is not None:
        stage, said = "compile", ""
        where, command = _cmake_configure_step(result, hay, cmake)
    elif numeric:
        stage = result.stage = "runtime"
        result.next_step, command = STAGE_STEPS[numeric], STAGE_COMMANDS[numeric]
        where = (
            "at runtime, in its numbers (a test's comparison of a kernel's output with its reference failed)"
            if numeric == "runtime/numeric-test"
            else "at runtime, in its numbers (it shows values that differ from what they should be: a failed "
            "comparison, all zeros, results that differ between two runs or devices; no error of its own)"
        )
    elif cut or script or build_cut:  # a traceback or a build cut before its error: the error itself is missing
        stage, where, command = _cut_answer(
            result, hay, lv, (stage, guessed, marked, library), (cut, script, build_cut)
        )
    elif speed is not None:
        stage = result.stage = "runtime"
        result.next_step, command = _speed_step(speed, products)
        where = (
            "progress bars"
            if speed.progress
            else "the times it printed"
            if speed.timings >= 2
            else f"{speed.on_the_cpu!r}: the work on the CPU"
            if speed.on_the_cpu
            else "its words of slowness"
        )
    elif guessed:  # no line of a known tool: a stage its words speak of, and the step that checks the machine first
        # (or the one of what the words show beside it: a build spoken of; the message's own remedy; a program that
        # is not Python)
        own = _situation(f"guessed/{guessed}", hay)
        mine = None if own else _own_step(said, hay, products, guessed)
        if mine:
            result.next_step, command = mine
        else:
            own = own or f"guessed/{guessed}"
            result.next_step = STAGE_STEPS.get(own, STAGE_STEPS["guessed"])
            command = STAGE_COMMANDS.get(own, STAGE_COMMANDS["guessed"])
        where = f"at {guessed} (a guess from its words: no traceback or log line shows where it failed)"
    else:
        result.next_step, command = _next_step(stage, products, result.first_error, hay, facts, said)
        where = f"at {stage}" if stage != "unknown" else "at a stage the text does not show"
        if kind:
            where = f"at {stage} (a guess from the kind of line it is: the text shows no stage of its own)"
        if result.next_step == STAGE_STEPS["bare-exception"]:
            where = (
                f"at {stage}, or in the conversion or set-up call that raised it (the paste is the exception line "
                "without its traceback, which would show the call)"
            )
    where += note
    # the message's own words for its likely cause ("This might be caused by insufficient shared memory"; issue 36,
    # round fifty-one): the finding, before a general step
    general = not (said or numeric or cut or speed or cmake is not None or result.stage in _OWN_TOOL_STAGES)
    suspect = _suspected(result, hay, lv, command) if general else ""
    # an accelerator that is no NVIDIA GPU: its own check, not nvidia-smi and a CUDA check (the message's remedy after)
    on_device, command = _own_checks(result, (hay, lv), command, said, (bool(numeric), bool(cut), speed is not None))
    result.command = command
    lib = f" in {library}" if library else ""
    seen = f" (first error: {result.first_error})" if result.first_error and not cut else ""
    said_too = " The warnings in it are harmless." if notices else ""
    if told and lv.infos and not lv.errors:  # never where an error line is there (issue 36, round thirty-two)
        said_too += " Its log lines are informational: the failure its words speak of is not among them."
    if said and result.next_step == STAGE_STEPS["said"].format(said=said):
        said_too += f" The message says what to do: {said}."
        said_too += _pinned(said, hay)
    said_too += f" The message names its likely cause: {suspect}." if suspect else ""
    said_too += on_device
    said_too += _driver_checked(hay, cut)
    if speed is not None:
        result.summary = (
            f"No known error matched, and nothing failed: the text shows how fast the work ran or where it runs "
            f"({where}), a question of speed or placement at runtime{lib}.{said_too} Next: {command}"
        )
        return
    quiet_text = not (lv.errors or told or cmake is not None or numeric or cut or script or build_cut)
    result.summary = _miss_summary(hay, quiet_text, f"{where}{lib}", seen, f"{said_too} Next: {command}")


def _suspected(result: Explanations, hay: str, lv: Levels, command: str) -> str:
    """The likely cause a miss's message names in its own words (`miss.suspected_cause`), or "", where its step is
    still a general one (a rerun, a debugger, a library's release): that sentence becomes the step's first part."""
    if not _general(command):
        return ""
    suspect = suspected_cause(hay, lv)
    if suspect:
        result.next_step = STAGE_STEPS["suspected"].format(cause=suspect, then=result.next_step)
    return suspect


def _miss_summary(hay: str, quiet_text: bool, where: str, seen: str, rest: str) -> str:
    """The heading of a miss: where the text fails, or, for a text with no error line and no sign of a failure
    (``quiet_text`` and `_no_failure_shown`: an application's notices, INFO lines, progress), that it shows no error
    line, not that it fails (issue 36, round forty-seven)."""
    if quiet_text and _no_failure_shown(hay):
        return (
            "No known error matched, and the text shows no error line (notices, warnings or log lines only): "
            f"nothing in it says it failed; if it did, the failure is not in this paste (its stage: {where}).{rest}"
        )
    return f"No known error matched: the text fails {where}{seen}.{rest}"


#: a stack's frames that no error line heads (pytest's "file.py:12: in f", a native backtrace's addresses)
_FRAMES_ELSEWHERE = re.compile(r"\.py:\d{1,6}: in \w|\b0x[0-9A-Fa-f]{8,16}\b")


def _no_failure_shown(hay: str) -> bool:
    """Whether a text with no error line shows no sign of a failure either: no word of trouble (`_TROUBLE`: an error,
    a crash, NaN, "did not"), no stack's frames (Python's, pytest's, a native backtrace): its lines are notices,
    INFO lines or progress (issue 36, round forty-seven)."""
    head = hay[:20_000]
    return not (
        _TROUBLE.search(head)
        or _FRAME_ANYWHERE.search(head)
        or _NATIVE_MAIN.search(head)
        or _FRAMES_ELSEWHERE.search(head)
    )


def _driver_checked(hay: str, cut: str) -> str:
    """The words of a failed check of a CUDA driver call, its number named (issue 36, round forty), or "" (also in a
    paste cut before its error)."""
    checked = driver_check(hay) if not cut else None
    if checked is None:
        return ""
    return (
        f" {checked[0]} returned {checked[1]}, the CUDA driver API's {checked[2]}"
        + (
            " (cuInit was not called, or failed, before this call: a start-up option that skips the GPU, or a "
            "driver the process cannot reach)"
            if checked[2] == "CUDA_ERROR_NOT_INITIALIZED"
            else ""
        )
        + "."
    )


def _cmake_incomplete(
    hay: str, marked: str | None, lacks: tuple[str, str, str]
) -> tuple[re.Match[str] | None, tuple[str, str, str]]:
    """CMake's "Configuring incomplete, errors occurred!" in a text whose stage marker is none, a compile or an
    install, and what the paste lacks: nothing where CMake's line is there (the cut traceback after it is setup.py's
    report that cmake failed), else ``lacks`` as it was."""
    cmake = _CMAKE_INCOMPLETE.search(hay) if marked in (None, "compile", "install") else None
    return cmake, (("", "", "") if cmake is not None else lacks)


def _cmake_configure_step(result: Explanations, hay: str, cmake: re.Match[str]) -> tuple[str, str]:
    """The words of where and the command of a miss whose build shows CMake's "Configuring incomplete, errors
    occurred!" (issue 36, round forty-two); sets the result's stage, next step and first error (CMake's first "CMake
    Error" line, else that line)."""
    result.stage, result.next_step = "compile", STAGE_STEPS["compile/cmake-configure"]
    first = _CMAKE_ERROR.search(hay)
    result.first_error = _display.short((first or cmake).group(0).strip(), 200)
    where = "at compile, in CMake's configure step (it printed 'Configuring incomplete, errors occurred!')"
    return where, STAGE_COMMANDS["compile/cmake-configure"]


#: a version pin in a message's advice ("Please make sure to install triton==3.3.0")
_PIN = re.compile(
    r"\binstall\s{1,4}(?:-U\s{1,4})?([A-Za-z][\w.-]{0,60})\s{0,2}==\s{0,2}(\d[\w.+-]{0,30}?)\.?(?=[\s\"'`,;)]|$)"
)
#: words that say the part that failed is optional: the run may go on, or be run, without it
_OPTIONAL_PART = re.compile(
    r"\boptional\b|\bif (?:it is )?available\b|\bfall(?:ing|s)? ?back\b|\b(?:--)?no[_-]kernels?\b"
    r"|\b(?:disable|turn off|skip)(?:s|d)? (?:the )?(?:fused |custom |triton |cuda )?kernels?\b",
    re.IGNORECASE,
)


def _pinned(said: str, hay: str) -> str:
    """What a miss adds to a message's advice that pins a version (issue 36, round thirty-two): check the pinned
    release is not installed already (then the pin is no cause, and the part fails for another reason), and, where the
    text says the part is optional, that the run may not need it; "" for other advice."""
    m = _PIN.search(said)
    if m is None:
        return ""
    package, version = m.group(1), m.group(2)
    out = (
        f" Check first whether {package} {version} is installed already (`pip show {package}`): if it is, the pin is "
        "not the cause, and the part that failed fails for another reason (its own package's build or version, the "
        "GPU)."
    )
    if _OPTIONAL_PART.search(hay):
        out += (
            " The text says that part is optional: the run may not need it (run without it, the program's switch for "
            "its plain path) while you fix it."
        )
    return out


#: an application's notice (a feature check's advice, a deprecation), which no family knows: "ComfyUI-GGUF: Partial
#: torch compile only, consider updating pytorch"
_NOTICE = re.compile(
    r"\b(?:consider (?:updating|upgrading|installing|using|setting|switching)|is deprecated|will be removed"
    r"|deprecation|for (?:better|faster|best) (?:performance|results|speed)"
    r"|you (?:may|might|can) (?:want to |safely )?(?:ignore|install|update|upgrade|set|use)|can be (?:safely )?ignored"
    r"|is experimental|partial [\w-]{1,30} only|partial support"
    # a library's warning of what the user is doing, which it lets go on (transformers' logger.warning_once: "You are
    # attempting to use Flash Attention 2.0 with a model not initialized on GPU. Make sure to move the model ...")
    # (issue 36, round thirty-one)
    r"|you are attempting to (?:use|load|run|train|call|pass|set)\b"
    # a binary's notice of CPU instructions it was not built for ("CPU supports instructions that this TensorFlow
    # binary was not compiled to use: AVX2 FMA"): speed on the CPU, no failure (issue 36, round twenty-nine)
    r"|supports instructions that this [\w .-]{1,60} (?:was not|wasn't) compiled to use"
    r"|(?:was not|wasn't) compiled to use [\w.]{2,12} instructions)\b"
    # a framework's import-time notice of its backend (Keras 2's "Using TensorFlow backend.", "Using Theano
    # backend."; DGL's "Using backend: pytorch"): information, no failure (issue 36, round thirty-six)
    r"|^\s{0,4}Using \w{2,20} backend\.?\s*$|^\s{0,4}Using backend: \w{2,20}\s*$",
    re.IGNORECASE | re.MULTILINE,
)
#: words that say (or hint) something went wrong: a text holding one is no mere notice
_TROUBLE = re.compile(
    r"error|fail|fatal|abort|exception|cannot|can't|couldn't|could not|unable|denied|crash|not found|no such"
    r"|missing|killed|segfault|core dump|hang|stuck|freez|wrong|zeros\b|\bnan\b|doesn't|does not|didn't|did not"
    r"|won't|not work|invalid|illegal|refused|timeout|timed out|0x[0-9a-f]{6}|报错|找不到|失败|错误|不在支持",
    re.IGNORECASE,
)


#: numbers that are wrong, in a text no family knows (issue 36, round twenty-six): the user's words that results
#: differ or are wrong, a comparison's own words (a mismatch, PCC, a golden reference, values not close), an output of
#: zeros printed (torch's / numpy's "[0., 0., 0.", Rust's "[0.0, 0.0, 0.0"), a Rust test's float assertion
_NUMERIC = re.compile(
    r"\b(?:totally |completely |very |quite )?different (?:results?|res|outputs?|values?|numbers?|predictions?)\b"
    r"|\b(?:results?|outputs?|values?|predictions?) (?:differs?|are different|is different|do not match"
    r"|does not match|don't match|doesn't match)\b"
    r"|\bwrong (?:results?|outputs?|values?|answers?|numbers?|predictions?)\b"
    r"|\b(?:output|result|value|numeric(?:al)?|accuracy|tensor) mismatch\b|\bMismatched elements\b"
    r"|\ball[- ]zero(?:e?s)? (?:outputs?|results?|tensors?|values?)\b|\b(?:outputs?|results?) (?:is|are) all zero"
    r"|\[{1,4}0\.0?, 0\.0?, 0\.0?, 0\.0?, 0\.0?, 0\.0?\b"
    r"|^\s{0,4}left: [^\n]{0,200}\d\.\d[^\n]{0,200}\n\s{0,4}right: [^\n]{0,200}\d\.\d"
    r"|\bPCC\b|\bgolden (?:output|reference|result|tensor|comparison|check)s?\b|\b(?:values|tensors) are not close\b",
    re.IGNORECASE | re.MULTILINE,
)
#: a test runner's own line of a failed test (cargo's "---- path::tests::name stdout ----" and "test path ... FAILED",
#: pytest's "FAILED path::test_name")
_TEST_FAILED = re.compile(
    r"^---- [\w:]{1,300}::tests?::\w{1,150} stdout ----|^test [\w:]{1,300} \.\.\. FAILED\b"
    r"|^FAILED [\w/.\\-]{1,200}::\w{1,200}",
    re.MULTILINE,
)


#: TensorFlow Lite (or TFLite Micro) named in a text: its interpreter reuses intermediate buffers
_TFLITE = re.compile(r"\btflite\b|\.tflite\b|\bTFLM\b|\btf\.lite\b|\bTensorFlow Lite\b", re.IGNORECASE)


def _numeric_situation(hay: str) -> str | None:
    """The `table.STAGE_STEPS` key of a text whose numbers are wrong ("runtime/numeric"; "runtime/numeric-test" for a
    test runner's failed test, a library's own kernel test; "runtime/numeric-tflite" for TensorFlow Lite), or None."""
    head = hay[:20_000]
    if _NUMERIC.search(head) is None:
        return None
    if _TEST_FAILED.search(head):
        return "runtime/numeric-test"
    return "runtime/numeric-tflite" if _TFLITE.search(head) else "runtime/numeric"


def _only_a_notice(hay: str) -> bool:
    """Whether a short text no family knows is an application's notice and nothing else: notice words and no word of
    trouble (a paste of the notice alone, not of a failure)."""
    return len(hay) <= 4000 and _NOTICE.search(hay) is not None and _TROUBLE.search(hay) is None


# ---- a text whose own words say the program goes on (issue 36, round thirty) ----------------------------------------
#: a program's words that it took a slower path in place of the one it tried (issue 36, round forty-eight): a fallback
#: to something other than the CPU, dequantizing instead, a slow path, an unsupported option replaced by another
_FALLBACK = (
    r"(?:fall(?:s|ing)? ?back|fallback) to (?!(?:the )?CPU\b)(?:an? |the )?[\w.-]{2,40}"
    r"|dequantiz(?:e|es|ing)\b[^\n.;]{0,60}\binstead\b"
    r"|\busing (?:the |a )?slow(?:er)? (?:path|kernel|implementation|version)\b"
    r"|\bnot (?:supported|available)(?: here| on this \w{2,20})?[,;] (?:using|will use|switching to) \S"
)
#: a program's words that it goes on without something: on the CPU ("fallback to cpu", "continuing on CPU", "using
#: CPU instead"), without a feature ("disabling effect", "... is disabled", "will not be available", "Some
#: functionality may be unavailable"), a build that succeeded with warnings (Julia's Pkg: "X.jl has been built
#: successfully, but there were warnings"), a load that succeeded but for its optional part ("Successfully loaded
#: libtensorflow in Node.js, but couldn't load GPU")
_GOES_ON = re.compile(
    r"\b(?:continu(?:e|es|ing) (?:on|with|using|in) (?:the )?CPU\b"
    r"|(?:fall(?:s|ing)? ?back|fallback) to (?:the )?CPU\b"
    # (an application's own words that it backs off to the CPU, switches or reverts to it: "no available GPU thus
    # back-off to CPU"; issue 36, round thirty-five)
    r"|(?:back(?:s|ed|ing)?[- ]?off|(?:switch|revert|default)(?:s|ed|ing)?) to (?:the )?CPU\b"
    r"|(?:run(?:s|ning)?|use[sd]?|using) (?:on )?(?:the )?CPU (?:instead|only|mode)\b"
    r"|disabl(?:ing|ed) (?:the |this )?(?:effect|feature|filter|plugin|acceleration|GPU(?: acceleration)?)\b"
    r"|(?:is|are|will be|has been|have been) disabled\b"
    r"|will not be (?:available|used)\b|(?:may|might) be unavailable\b"
    r"|built successfully, but there were warnings"
    # an application's notice that the library it runs its model through is a build without the GPU backend
    # ("llama_cpp_python is built without hardware acceleration. ilab generate will be very slow"; issue 36, round
    # forty-seven): it goes on, on the CPU
    r"|(?:is|was|were|are|has been) (?:built|compiled|installed) without (?:any )?(?:hardware acceleration"
    r"|GPU(?: support| acceleration)?|CUDA(?: support)?)(?=[\s.,;:!)]|$)"
    # a file or setting it could not find, then its own next sentence that it takes the default ("Cannot find
    # prompt.txt. Using default prompt depending on model-family.")
    r"|(?<=[.;] )(?:Using|Falling back to|Will use) (?:the )?default\b"
    r"|[Ss]uccessfully (?:[^\n.,]|\.(?=\w)){1,80}, but (?:couldn't|could not|failed to|was unable to|cannot|can't)\b"
    # a fast path refused and the slower one taken (issue 36, round forty-eight): "X failed, falling back to
    # dequantization: ...", "dequantizing the weights instead", "using slow path", "not supported, using the
    # reference kernel"
    rf"|{_FALLBACK})",
    re.IGNORECASE,
)
#: a go-on line that says a library was built without its GPU backend
_BUILT_WITHOUT = re.compile(
    r"\b(?:built|compiled|installed) without (?:any )?(?:hardware acceleration|GPU|CUDA)\b", re.IGNORECASE
)
#: a go-on line that speaks of the GPU left out: the program runs on the CPU
_GOES_ON_CPU = re.compile(
    r"\bCPU\b|\bload GPU\b|\bGPU (?:acceleration )?(?:is |was )?disabled\b"
    r"|\bwithout (?:any )?(?:hardware acceleration|GPU|CUDA)\b",
    re.IGNORECASE,
)


#: words before a go-on or fallback phrase on its line that make it advice to the user, not what the program did
#: ("Use device='auto' to fall back to CPU", "you can run on the CPU instead", "or use the CPU instead"), or an
#: exception's name before it: the phrase is that exception's message, which stopped the program (issue 36, round
#: thirty-four)
_ADVICE_BEFORE = re.compile(
    r"(?:\b(?:you (?:can|could|may|might|should)|please|if you)\b[^\n.;!]{0,60}"
    r"|\b(?:use|set|pass|specify|try)\b[^\n.;!,]{0,60}\bto ?|\bor ?)$",
    re.IGNORECASE,
)
#: a line that is an exception's own line (its class, then its message), perhaps an issue's title or after a word
_EXCEPTION_LINE = re.compile(
    r"^\s{0,8}(?:\(issue title: )?(?:[\w-]{1,40} )?(?:[A-Za-z_][\w]{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception): "
)


def _advice_at(hay: str, at: int) -> bool:
    """Whether the go-on or fallback words at ``at`` are advice or an exception's message (`_ADVICE_BEFORE`,
    `_EXCEPTION_LINE`)."""
    before = hay[line_start(hay, at) : at]
    return _ADVICE_BEFORE.search(before[-400:]) is not None or _EXCEPTION_LINE.match(before) is not None


def _goes_on_at(line: str) -> re.Match[str] | None:
    """The first go-on words (`_GOES_ON`) of ``line`` that are neither advice nor an exception's message."""
    return next((m for m in _GOES_ON.finditer(line) if not _advice_at(line, m.start())), None)


def _goes_on(hay: str) -> str:
    """The words of a text without an error line that say the program goes on (`_GOES_ON`), when every line that
    says something failed is such a line or is followed by one within three lines (the reason, then "disabling
    effect"); "" otherwise: a failure it does not say it went on from. Advice ("use X to fall back to the CPU") and
    an exception's message are no going on."""
    head = hay[:20_000]
    first = next((m for m in _GOES_ON.finditer(head) if not _advice_at(head, m.start())), None)
    if first is None:
        return ""
    lines = head.splitlines()
    on = [i for i, line in enumerate(lines) if _goes_on_at(line)]
    for i, line in enumerate(lines):
        if _SAYS_FAILED.search(line) and not any(i <= j <= i + 3 for j in on):
            return ""
    return _line_of(head, first.start()).strip().lstrip("│┌└├┃╭╰| ")


def _goes_on_cpu(hay: str) -> str:
    """The line of a warnings-only text whose words say the program goes on without the GPU, on the CPU ("GPU version
    of DGL is not installed. Reset to use CPU instead."), or "": not harmless for a user who wanted the GPU (issue
    36, round thirty-one)."""
    for n, m in enumerate(_GOES_ON.finditer(hay[:20_000])):
        if n >= 20:
            break
        if _GOES_ON_CPU.search(m.group(0)) and not _advice_at(hay, m.start()):
            return _line_of(hay, m.start()).strip().lstrip("│┌└├┃╭╰| ")
    return ""


def _went_on(
    result: Explanations,
    hay: str,
    held: Held,
    lv: Levels,
    going: str,
    shown: Callable[[], list[str]],
    *,
    ran: bool = False,
) -> None:
    """The answer to a text whose own words say the program goes on (`_goes_on`): nothing failed; without the GPU,
    the check of what the machine and the framework (or the accelerator) see; without an optional part, where to
    install it. Its stage is a marker's, the kind of its lines', an install's (its lines), else runtime: a notice's
    words alone ("No supported SDK is installed") show no stage."""
    products = shown()
    result.outcome = "warnings-only"
    result.library = products[0] if products else None
    words = _stage_from_words(hay)
    # (``ran``: a program's warnings, whose words of an install are advice, not an install that ran)
    install = words == "install" and not ran
    result.stage = _stage(hay, held) or _stage_from_line_kind(hay) or ("install" if install else "runtime")
    if ran and result.stage == "install":  # a warning's advice ("install X with 'pip install x'"): no install ran
        result.stage = "runtime"
    said = said_to_do(hay, lv)
    if _BUILT_WITHOUT.search(going) and _accelerator(hay, "") is None:
        # a library built without its GPU backend (issue 36, round forty-seven): its rebuild with the backend's flag
        result.next_step, command = STAGE_STEPS["goes-on/cpu-build"], STAGE_COMMANDS["goes-on/cpu-build"]
        without = "without the GPU, on the CPU (a build of its library without the GPU backend)"
    elif _GOES_ON_CPU.search(going):
        accelerator = _accelerator(hay, "")
        if accelerator is not None:
            check, command = accelerator[1], accelerator[2]
        else:
            check = _devices_question(products)
            command = STAGE_COMMANDS["goes-on/cpu" if "torch" in products else "goes-on/cpu-any"]
        result.next_step = STAGE_STEPS["goes-on/cpu"].format(check=check)
        without = "without the GPU, on the CPU"
    elif re.search(_FALLBACK, going, re.IGNORECASE):
        result.next_step, command = STAGE_STEPS["goes-on/fallback"], STAGE_COMMANDS["goes-on/fallback"]
        without = "with a slower fallback in place of the fast path it tried"
    else:
        result.next_step, command = STAGE_STEPS["goes-on/optional"], STAGE_COMMANDS["goes-on/optional"]
        without = "without an optional part it names"
    result.command = command
    remedy = f" The message says what to do if you need it: {said}." if said else ""
    result.summary = (
        f"No failure shown: the text's own words say the program goes on {without} "
        f"({_display.short(going, 160)!r}); nothing in it failed, at {result.stage}.{remedy} If you need "
        f"{'the fast path' if 'fallback' in without else 'what it left out'}, next: {command}"
    )


# ---- a miss on an accelerator that is no NVIDIA GPU (issue 36, round thirty) ----------------------------------------
@functools.lru_cache(maxsize=1)
def _accelerators() -> tuple[tuple[str, Guarded, str, str], ...]:
    return tuple((name, Guarded(p), step, command) for name, p, step, command in STAGE_ACCELERATORS)


_NVIDIA = Guarded(re.compile(ACCELERATOR_NVIDIA, re.IGNORECASE))


def _one_line_beside(rx: re.Pattern[str], head: str, first_error: str, lv: Levels | None) -> bool:
    """Whether a text's accelerator words are on one line only, which is no error line and says nothing failed, in
    a text whose error line is another's: a device-context line a library logs in passing (tensorflow-metal's "Metal
    device set to: Apple M1 Pro" above a converter's shape error) is no sign that the failure is that device's
    (issue 36, round forty-six)."""
    if lv is None or not first_error or rx.search(first_error):
        return False
    lines = {line_start(head, m.start()) for m in itertools.islice(rx.finditer(head), 8)}
    return len(lines) < 2 and all(lv.at(at) != "error" and not _SAYS_FAILED.search(_line_of(head, at)) for at in lines)


def _accelerator(hay: str, first_error: str, lv: Levels | None = None) -> tuple[str, str, str] | None:
    """The accelerator that is no NVIDIA GPU a text runs on (`table.STAGE_ACCELERATORS`: a Coral Edge TPU, a Rockchip
    or Hailo NPU, Apple's Metal / Core ML, WebGPU, WebAssembly, WebGL, OpenGL ES, OpenCL, Vulkan) as its name, step
    and command, or None. A text that also shows an NVIDIA GPU (CUDA, cuDNN, the driver) keeps its CUDA step unless
    its first error line names the accelerator and no NVIDIA word: a Vulkan or OpenCL word in passing is no
    accelerator."""
    head = hay[:200_000]
    low = head.lower()
    nvidia = _NVIDIA.search(head, low) is not None
    for name, guarded, step, command in _accelerators():
        if guarded.search(head, low) is None:
            continue
        rx = guarded.rx
        if _one_line_beside(rx, head, first_error, lv):
            continue
        if nvidia and not (first_error and rx.search(first_error) and not _NVIDIA.rx.search(first_error)):
            return None
        return name, step, command
    return None


def _accelerator_step(
    result: Explanations, text: tuple[str, Levels], command: str, said: str, *, plain: bool
) -> tuple[str, str]:
    """For a ``plain`` miss (no numbers, no cut traceback, no speed) at a stage that ran (`_ACCELERATOR_STAGES`) on an
    accelerator that is no NVIDIA GPU (`_accelerator`), unless its step already reads the text's own device: set that
    device's step on ``result`` (the message's own remedy after it) and return the summary's note and its command;
    else no note and ``command``."""
    if (
        not plain
        or result.stage not in _ACCELERATOR_STAGES
        or command in {STAGE_COMMANDS[k] for k in _OWN_DEVICE_STEPS}
    ):
        return "", command
    hay, lv = text
    found = _accelerator(hay, result.first_error, lv)
    if found is None:
        return "", command
    name, step, own = found
    result.next_step = step + (f"; the message itself says: {said}" if said else "")
    return f" It runs on {name}, not on an NVIDIA GPU: that device's own check comes first.", own


def _own_checks(
    result: Explanations, text: tuple[str, Levels], command: str, said: str, kinds: tuple[bool, bool, bool]
) -> tuple[str, str]:
    """A miss's own checks where its text shows them: an accelerator that is no NVIDIA GPU (`_accelerator_step`),
    else the software stack its error line comes from (`_stack_step`; not for wrong numbers nor speed); ``kinds``:
    whether the miss is of numbers, of a cut paste, of speed."""
    hay, lv = text
    numeric, cut, speed = kinds
    on_device, command = _accelerator_step(result, text, command, said, plain=not (numeric or cut or speed))
    if not on_device and not (numeric or speed):  # a software stack's own checks (issue 36, round forty-four)
        on_device, command = _stack_step(result, hay, lv, command, cut=cut)
    return on_device, command


@functools.lru_cache(maxsize=1)
def _stacks() -> tuple[tuple[str, Guarded, str, str], ...]:
    return tuple((name, Guarded(p), step, command) for name, p, step, command in STAGE_STACKS)


@functools.lru_cache(maxsize=1)
def _generic_commands() -> frozenset[str]:
    """The commands of a miss's steps that read nothing of the error line itself (a rerun, nvidia-smi, a debugger, a
    native program's sanitizer, a cut traceback's end): a software stack's own step replaces them."""
    keys = ("runtime", "runtime/no-cuda-error", "guessed", "runtime/native", "cut-traceback", "bare-exception")
    return frozenset({*(STAGE_COMMANDS[k] for k in keys), _POST_MORTEM})


#: the start of the command of a miss raised in an installed library's code: a stack's own step is more specific
_RAISED_IN_LIBRARY = STAGE_COMMANDS["runtime/raised-in-library"].partition("{module}")[0]


def _general(command: str) -> bool:
    """Whether a miss's command is still a general one (`_generic_commands`, or the installed release of the library
    that raised), which a software stack's own step or the message's likely cause comes before."""
    return command in _generic_commands() or command.startswith(_RAISED_IN_LIBRARY)


def _stack_step(result: Explanations, hay: str, lv: Levels, command: str, *, cut: bool) -> tuple[str, str]:
    """For a miss whose step is a generic one (`_generic_commands`), the step of the software stack its error comes
    from (`table.STAGE_STACKS`: the video codecs, torch.distributed and its launchers, JAX, TensorFlow, Ray; issue 36,
    round forty-four): read on its first error line, else on the text's error lines (a library's own [E] line above
    a cut traceback, a title's words); a text with no error line at all (words and a log cut before it) by its whole
    head, unless its traceback is cut. Sets ``result``'s step and returns the summary's note and the command; else
    no note and ``command``."""
    if not _general(command):
        return "", command
    lines = [result.first_error] if result.first_error else []
    lines += [_line_of(hay, st) for st, mark in zip(lv.starts[:40], lv.marks[:40], strict=False) if mark == "error"]
    stated = _stated_above(hay)
    if stated:
        lines.append(stated)
    if result.library:  # the library whose frames raised it (torchcodec's decoder under a bare RuntimeError)
        lines.append(result.library)
    said = "\n".join(ln for ln in lines if ln)
    if not said.strip() and not cut:
        said = hay[:20_000]
    low = said.lower()
    for name, rx, step, own in _stacks():
        if rx.search(said, low):
            note = " (the traceback's end would add its exception's message)" if cut else ""
            result.next_step = step + note
            return f" Its error comes from {name}: that stack's own checks come first.", own
    return "", command


#: the stages of a miss whose step an accelerator's own check replaces (a build keeps its compiler's step)
_ACCELERATOR_STAGES = frozenset({"runtime", "import", "unknown", "load", "deserialization"})
#: the steps of a miss that already read the text's own device (a native library's allocation, its offload)
_OWN_DEVICE_STEPS = frozenset({"not-python/alloc", "not-python/offload"})


_NOTICE_ONLY = (
    "No failure shown: the text is a notice (advice or a feature check an application prints, e.g. 'consider "
    "updating ...'), not an error: nothing in it failed, and what it suggests matters only for the feature it names. "
    "If something did fail, look for the first error line ([E], ERROR, a Traceback) and explain that one."
)

#: a program's own words that it caught an error and goes on: bio_embeddings' "Will try to embed each sequence in the
#: set individually", "retrying with a smaller batch", "skipping this file", "falling back to ..."
_HANDLED = re.compile(
    r"\b(?:Will (?:try|retry|attempt|fall back|continue|skip)|will (?:try|retry|attempt|fall back|continue|skip)"
    r"|[Rr]etrying|[Tt]rying again|" + _FALLS_BACK + r"|[Cc]ontinuing (?:with|without)"
    r"|[Ss]kipping (?:this|the|batch|file|sample|item|sequence|image)|(?:was|were|will be) skipped"
    r"|[Ii]gnored, continuing"
    r"|[Rr]educing (?:the )?batch size|[Hh]alving (?:the )?batch)\b[^\n]{0,60}"
)


def _handled(hay: str, top: Explanation, lv: Levels) -> str | None:
    """The words after a failure's line (on it or the next line) that say the program handled it and went on, if
    there are any and no error line follows: a tool that catches a CUDA out of memory and retries each item alone
    still produces its results."""
    if top._at < 0:
        return None
    line_end = hay.find("\n", top._at)
    if line_end < 0:  # the failure's line is the text's last: the words on it decide
        line_end = len(hay)
    if any(m == "error" and st > line_end for st, m in zip(lv.starts, lv.marks, strict=True)):
        return None  # a later error line: the handling did not save the run
    next_end = hay.find("\n", line_end + 1)
    found = _HANDLED.finditer(hay, top._at, len(hay) if next_end < 0 else next_end)
    m = next((h for h in found if not _advice_at(hay, h.start())), None)
    if m is None:  # a fallback a few lines on, in the same message (before a blank line, a frame, a new traceback)
        end = _MESSAGE_END.search(hay, line_end, line_end + 1500)
        stop = end.start() if end else min(len(hay), line_end + 1500)
        stop = min(stop, _nth_line_end(hay, line_end, 6))
        m = next((f for f in _FELL_BACK.finditer(hay, line_end, stop) if not _advice_at(hay, f.start())), None)
    return _display.short(m.group(0).strip(), 80) if m else None


def _nth_line_end(hay: str, at: int, n: int) -> int:
    """Where the ``n``-th line after the one ending at ``at`` ends (the text's end when it has fewer)."""
    for _ in range(n):
        nxt = hay.find("\n", at + 1)
        if nxt < 0:
            return len(hay)
        at = nxt
    return at


def _fell_back_lines(hay: str, lv: Levels) -> set[int]:
    """The error lines that say on themselves that the program fell back and goes on ("Failed to import PyCUDA.
    Running fusion in CPU mode."; `_FELL_BACK`, not as advice): no failure of the run (issue 36, round sixty-one)."""
    out: set[int] = set()
    for start, mark in zip(lv.starts, lv.marks, strict=True):
        if mark != "error":
            continue
        m = _FELL_BACK.search(_line_of(hay, start))
        if m is not None and not _advice_at(hay, start + m.start()):
            out.add(start)
    return out


def _noticed_error_lines(result: Explanations, hay: str, lv: Levels) -> set[int]:
    """The error lines (their starts) the notices found explain: every line a notice's pattern matches at error level
    (a builder that logs the same harmless notice at ERROR level once per tactic), up to 64 matches a notice."""
    lines: set[int] = set()
    seen: list[int] = []  #: where the notices matched
    for e in result:
        if not e.notice:
            continue
        seen.append(e._at)
        if lv.at(e._at) == "error":
            lines.add(line_start(hay, e._at))
        lines.update(ln for ln in _discarded_lines(hay, e._at) if lv.at(ln) == "error")
        c = _compiled_by_key().get(e.key)
        if c is None:
            continue
        for i, m in enumerate(c.pattern.finditer(hay)):
            if i >= 64:
                break
            seen.append(m.start())
            if lv.at(m.start()) == "error":
                lines.add(line_start(hay, m.start()))
    if seen:  # a traceback a notice's words are in (its frames or its exception) is that notice's (round sixty)
        for start, mark in zip(lv.starts, lv.marks, strict=True):
            if mark == "error" and hay.startswith("Traceback (most recent call last)", start):
                exc = exception_line(hay, start)  # the traceback ends with its exception line
                line_end = -1 if exc < 0 else hay.find("\n", exc)
                stop = len(hay) if line_end < 0 else line_end
                if any(start < at < stop for at in seen):
                    lines.add(start)
    return lines


def _next_step(
    stage: str,
    products: list[str],
    first_error: str,
    hay: str,
    facts: Callable[[], TextFacts],
    said: str = "",
) -> tuple[str | None, str]:
    """The next diagnostic step and command of a miss: by stage, by the libraries the text shows (the step of the
    most specific one that has its own; the command of the first), and by what failed (a Python exception, a library
    file, a Windows build). The message's own remedy (``said``) and a program that is not Python come before the
    stage's general step; a situation the text shows (trtexec, apt, NCCL) before both."""
    library = products[0] if products else None
    kind = _runtime_kind_step(stage, hay, first_error)
    if kind is not None:
        return kind
    situation = _situation(stage, hay)
    if situation:  # what the text shows beside its stage has its own step (trtexec, an image build, apt, NCCL)
        return _situation_step(situation, hay)
    mine = _own_step(said, hay, products, stage)
    if mine:
        return mine
    own = any(f"{stage}/{p}" in STAGE_COMMANDS or f"{stage}/{p}" in STAGE_STEPS for p in products)
    if stage == "build" and not own and not _TENSORRT_LOG.search(hay):  # an application's own line, no TensorRT log
        return STAGE_STEPS["build/app-line"], STAGE_COMMANDS["build/app-line"]
    if stage == "runtime" and _bare_exception(hay, first_error):  # the exception line alone: its traceback decides
        return STAGE_STEPS["bare-exception"], STAGE_COMMANDS["bare-exception"]
    steps = (STAGE_STEPS.get(f"{stage}/{p}") for p in products)
    step = next((s for s in steps if s), STAGE_STEPS.get(stage))
    command = STAGE_COMMANDS.get(f"{stage}/{library}") or STAGE_COMMANDS[stage]
    if stage == "load":  # a server's, a pipeline's or onnxruntime's load: the library that has its own (round 51)
        own_command = (STAGE_COMMANDS.get(f"load/{p}") for p in products)
        command = next((c for c in own_command if c), command)
    if command == STAGE_COMMANDS["deserialization"] and not _TENSORRT_WORD.search(hay):
        # a checkpoint (torch.load, a framework's load_checkpoint), not a TensorRT engine: no trtexec (issue 36,
        # round thirty-eight)
        step, command = _checkpoint_step(step, first_error, hay, library)
    if stage == "import" and facts().libraries:
        command = STAGE_COMMANDS["import/library"].format(file=facts().libraries[0])
    elif stage == "import" and command == STAGE_COMMANDS["import"] and (module := failed_module(hay)):
        # the module the text names (issue 36, round fifty-one), not a placeholder for it
        command = STAGE_COMMANDS["import/module"].format(module=module)
    elif stage == "compile" and (compiled := _compile_step(hay, first_error)):
        step, command = compiled
    elif stage == "runtime" and command == STAGE_COMMANDS["runtime"]:
        step, command = _runtime_step(step, first_error, hay)
    return step, command


def _runtime_step(step: str | None, first_error: str, hay: str) -> tuple[str | None, str]:
    """The step and command of a runtime miss whose command is still the stage's general one, by what failed: a
    library's exception class, an assertion that says what is wrong, a library's own bug, an error raised in an
    installed library's code, a Python exception, no CUDA error at all; else CUDA_LAUNCH_BLOCKING."""
    command = STAGE_COMMANDS["runtime"]
    if _library_exception(first_error):
        # the exception's class names the library call that failed (cupy's nvrtc, onnxruntime's capi): its own
        # message and log are the cause, not a value in the user's code: no debugger
        library_module = _library_exception(first_error)
        step = STAGE_STEPS["runtime/library-exception"].format(module=library_module)
        command = STAGE_COMMANDS["runtime/library-exception"].format(package=library_module.split("_")[0])
    elif said := _stated_assertion(first_error, hay):
        # an assertion whose message is a sentence of what is wrong: that sentence is the finding
        step = STAGE_STEPS["runtime/stated-assertion"].format(said=said)
        command = STAGE_COMMANDS["runtime/stated-assertion"]
    elif package := _library_bug(first_error, hay):
        # Python's own words for a bug of the code that raised it, in a library's frames: that library's release
        step = STAGE_STEPS["runtime/library-bug"].format(library=package)
        command = STAGE_COMMANDS["runtime/library-bug"].format(package=package)
    elif step == STAGE_STEPS["runtime"] and not _CUDA_KERNEL_ERROR.search(hay) and (raised := raising_library(hay)):
        # the paste shows its error line, raised in an installed library's own code (issue 36, round fifty-one): that
        # library's release against the program's, not a rerun for the same line or a debugger in the user's code
        key = "runtime/raised-in-library" if interface_error(first_error) else "runtime/raised-in-library/message"
        step = STAGE_STEPS[key].format(library=raised)
        command = STAGE_COMMANDS["runtime/raised-in-library"].format(module=raised)
    elif _PYTHON_EXCEPTION.match(first_error):
        # a Python exception that names no CUDA failure: stop where it was raised (an engine's own step stays)
        command = _POST_MORTEM
        step = STAGE_STEPS["runtime/python"] if step == STAGE_STEPS["runtime"] else step
    elif not _CUDA_KERNEL_ERROR.search(hay):
        # no CUDA error in the text (a start-up failure, a library's own message): CUDA_LAUNCH_BLOCKING would not help;
        # a CUDA library it names (cuDNN, cuBLAS) without an error code: that library's version against the build
        named = gpu_library(hay) if step == STAGE_STEPS["runtime"] else ""
        if named:
            return STAGE_STEPS["runtime/gpu-library"].format(library=named), STAGE_COMMANDS["runtime/gpu-library"]
        command = STAGE_COMMANDS["runtime/no-cuda-error"]
        step = STAGE_STEPS["runtime/no-cuda-error"] if step == STAGE_STEPS["runtime"] else step
    return step, command


#: a ROS 2 node's error line as rcutils logs it, under ros2 launch's process prefix or alone: "[component_container-1]
#: [ERROR] [1736762810.587426969] [visual_slam_node]: Failed to initialize ...: 4"
_ROS_NODE_ERROR = re.compile(
    r"^(?:\[[\w.-]{1,80}-\d{1,4}\]\s{1,4})?\[(?:ERROR|FATAL)\] \[\d{6,12}\.\d{1,9}\] \[[\w./-]{1,120}\]: "
)


def _runtime_kind_step(stage: str, hay: str, first_error: str) -> tuple[str, str] | None:
    """The step and command of a runtime miss whose first error line is of a kind with its own step (issue 36, round
    forty), or None: an exception Python reported and ignored ("Exception ignored in:"; no call stopped the program),
    or a ROS 2 node's own error line (ros2 launch's "[component_container-1] [ERROR] [stamp] [node]: ...": the node's
    log and parameters, not a Python script's rerun)."""
    if stage != "runtime":
        return None
    ignored = _ignored_block(hay, first_error)
    if ignored is not None:
        return STAGE_STEPS["runtime/ignored"].format(obj=ignored), STAGE_COMMANDS["runtime/ignored"]
    if _ROS_NODE_ERROR.match(first_error):
        return STAGE_STEPS["runtime/ros-node"], STAGE_COMMANDS["runtime/ros-node"]
    if "GGML_ASSERT" in first_error:  # ggml's own assertion ended the run (issue 36, round forty-seven)
        return STAGE_STEPS["runtime/ggml-assert"], STAGE_COMMANDS["runtime/ggml-assert"]
    check = _GLOG_CHECK.match(first_error)
    if check is not None and not _CUDA_KERNEL_ERROR.search(first_error) and not _CUDA_CALL_CHECKED.search(first_error):
        library = _glog_library(check.group("file"), hay)
        package = library or "<the framework>"
        return (
            STAGE_STEPS["runtime/glog-check"].format(library=library or "the library", file=check.group("file")),
            STAGE_COMMANDS["runtime/glog-check"].format(package=package),
        )
    return None


#: a C++ library's failed check as glog logs it at FATAL level, with or without the year (glog 0.6 and later), or an
#: ERROR line's "Check failed" (issue 36, round forty-two): "F0826 09:06:46.414013 2273878 x_pass.cpp:1160] Check
#: failed: ..."
_GLOG_CHECK = re.compile(
    r"^\s{0,4}(?:\[[\w -]{1,30}\]:?\s{0,2})?(?:F|E(?=[^\n]{0,400}\] Check failed: ))"
    + GLOG_STAMP
    + r"\s{1,4}\d{1,9} (?P<file>[\w./-]{1,200}\.(?:cc|cpp|cxx|cu|cuh|h|hpp|c)):\d{1,6}\] "
)
#: a check of a CUDA (or CUDA library) call's status: CUDA's own failure, whose steps are the CUDA ones
_CUDA_CALL_CHECKED = re.compile(
    r"Check failed: [^\n]{0,40}\b(?:cu[A-Z]\w{1,60}|cuda\w{1,60}|nccl\w{1,60}|cudnn\w{1,60}|cublas\w{1,60})\b"
    r"|cudaSuccess|CUDA_SUCCESS|CUDNN_STATUS_SUCCESS|CUBLAS_STATUS_SUCCESS|ncclSuccess"
)


def _glog_library(file: str, hay: str) -> str | None:
    """The library a glog line's source file belongs to: the first folder of its path ("oneflow/core/x.cpp",
    "tensorflow/core/..."), else the package of the traceback's innermost frame, else a library the text imports
    or installs, or None (glog prints the file's base name alone)."""
    head = file.split("/")[0]
    if "/" in file and head not in ("", ".", "..", "src", "source", "include", "lib", "external", "third_party"):
        return head
    if (package := _frame_library(hay)) is not None:
        return package
    named = _NAMED_PACKAGE.search(hay[:50_000])
    return (named.group(1) or named.group(2)) if named else None


#: a package the text imports or installs ("import oneflow", "pip install oneflow-nightly")
_NAMED_PACKAGE = re.compile(
    r"^\s{0,8}(?:>>> )?(?:import|from) ([a-z_]\w{1,40})\b"
    r"|\bpip3? install (?:-U |--upgrade |--pre )*([A-Za-z][\w-]{1,60})",
    re.MULTILINE,
)


def _ignored_block(hay: str, first_error: str) -> str | None:
    """The object an "Exception ignored in:" block names (`severity.IGNORED_IN`: a destructor, a weakref callback, a
    finalizer) when the first error line is that block's exception (only its traceback between), else None (issue 36,
    round forty)."""
    if not first_error or "Exception ignored in: " not in hay:
        return None
    at = hay.find(first_error[:80])
    if at < 0:
        return None
    for n, m in enumerate(IGNORED_IN.finditer(hay, 0, at)):
        if n >= 64:
            break
        between = hay[m.end() : at].split("\n")[1:]
        if all(not line.strip() or line[:1].isspace() or line.startswith("Traceback (") for line in between):
            return _display.short(m.group("obj").strip(), 160)
    return None


#: Python's own words for a bug of the code that raised them, not of the values it was given: a dict or set changed
#: while iterated, a local read before it was assigned (3.11 and later: "cannot access local variable"), a name the
#: module never defined
_OWN_BUG = re.compile(
    r"^\s{0,8}(?:RuntimeError: (?:dictionary|dictionary keys|Set|OrderedDict) (?:changed size|changed|mutated) during "
    r"iteration|UnboundLocalError: |NameError: name '\w{1,80}' is not defined)"
)
#: a traceback's frame in an installed package: group 1 is the package
_INSTALLED_FRAME = re.compile(
    r'^\s{0,12}File "[^"\n]{0,300}[/\\](?:site|dist)-packages[/\\]([A-Za-z_]\w{0,60})[/\\.]', re.M
)
#: any traceback frame
_ANY_FRAME = re.compile(r'^\s{0,12}File "', re.M)


#: an assertion's line whose message is a sentence: at least six words, with a verb of state ("is not needed
#: when ...", "must be", "should have", "cannot", "does not")
_ASSERTION_SAID = re.compile(
    r"^\s{0,8}(?:\(issue title: )?AssertionError: (?P<said>(?=(?:[^\n]*?\s){5})[^\n]{0,300}?\b(?:is|are|was|were|must"
    r"|should|cannot|can't|can not|does|do|doesn't|don't|has|have|needs?|requires?)\b[^\n]{4,300}?)\)?\s*$",
    re.M,
)


def _stated_assertion(first_error: str, hay: str) -> str:
    """The message of the text's assertion when it is a sentence of what is wrong (`_ASSERTION_SAID`), from the first
    error line or the text's last assertion line (issue 36, round thirty-seven); "" otherwise."""
    if "AssertionError: " not in first_error:
        return ""
    found = list(_ASSERTION_SAID.finditer(hay))
    return _display.short(found[-1].group("said").strip(), 240) if found else ""


def _library_bug(first_error: str, hay: str) -> str:
    """The installed package whose own code raised a Python error that is a bug of that code (`_OWN_BUG`): the
    traceback's last frame is in its files (issue 36, round thirty-seven); "" otherwise."""
    if not _OWN_BUG.match(first_error):
        return ""
    frames = list(_ANY_FRAME.finditer(hay))
    if not frames:
        return ""
    m = _INSTALLED_FRAME.match(hay, frames[-1].start())
    return m.group(1) if m is not None and m.group(1) not in _NOT_A_LIBRARY else ""


#: a word of TensorRT's in a text (its engine's files, its tools and libraries, its log)
_TENSORRT_WORD = re.compile(r"tensorrt|\btrt|nvinfer|\.engine\b|\.plan\b|\bICudaEngine\b|\[[EWIVF]\] ", re.I)
#: Python's exceptions that a loader's own code raises on a checkpoint it does not expect (a missing key, a None where
#: a dict was saved, an attribute of another release's class)
_LOADER_EXCEPTION = re.compile(r"(?:TypeError|KeyError|AttributeError|IndexError): ")


def _checkpoint_step(step: str | None, first_error: str, hay: str, library: str | None) -> tuple[str | None, str]:
    """The step and command of a miss at deserialization whose text shows no TensorRT: a checkpoint that did not load.
    When an installed library's own code raised a Python error on the checkpoint's contents (`_LOADER_EXCEPTION`, the
    traceback's last frame in site-packages), the file was read: the releases that wrote it and read it differ."""
    frames = list(_ANY_FRAME.finditer(hay)) if _LOADER_EXCEPTION.match(first_error) else []
    if frames and _INSTALLED_FRAME.match(hay, frames[-1].start()) is not None:
        # the library whose loader called into torch's (deepspeed's load_checkpoint -> torch's load_state_dict)
        names = [m.group(1) for m in _INSTALLED_FRAME.finditer(hay)]
        name = next((n for n in reversed(names) if n != "torch"), library or names[-1])
        return (
            STAGE_STEPS["deserialization/loader-code"].format(library=name),
            STAGE_COMMANDS["deserialization/loader-code"].format(library=name),
        )
    return step, STAGE_COMMANDS["deserialization/checkpoint"]


#: stages whose own tools name the cause better than a message's remedy (TensorRT's verbose log, its parser)
_OWN_TOOL_STAGES = frozenset({"build", "conversion", "lowering", "deserialization", "refit", "save"})
#: stages where a program that is not Python gets its own step (its log, the native library it loads)
_NOT_PYTHON_STAGES = frozenset({"runtime", "import", "unknown", "load"})
#: an instruction about the GPU driver: the driver and the toolkit installed are the command
_DRIVER = re.compile(r"\b(?:nvidia|GPU|display|graphics|CUDA) driver\b", re.IGNORECASE)
#: a Java frame of a binding's own native method (JNI), not the JDK's: "at de.kherud.llama.LlamaModel.loadModel(Native
#: Method)" (issue 36, round forty-seven)
_JNI_FRAME = re.compile(
    r"^\s{1,8}at (?!(?:java|javax|jdk|sun|com\.sun|kotlin)\.)[\w$]{1,80}(?:\.[\w$<>]{1,80}){1,12}\(Native Method\)",
    re.MULTILINE,
)
#: an instruction about a library's build or install ("confirm that NCCL is enabled in CuPy"): that library's own
#: report of its build is the command
_BUILD_FEATURE = re.compile(r"\b(?:enabled|built|compiled|available|supported|installed)\b", re.IGNORECASE)


def _own_step(said: str, hay: str, products: list[str], stage: str) -> tuple[str, str] | None:
    """The step of what a miss's text shows beside its stage (issue 36, round twenty-nine): the message's own remedy,
    quoted (with the command it names, or the library's report of its build for a feature it says is off); or, for
    a program that is not Python, its own log and the native library it loads (its memory, when that library could
    not allocate on the GPU). None when the text shows neither."""
    kind = not_python(hay) if stage in _NOT_PYTHON_STAGES or stage == "compile" else ""
    if kind == "Julia":  # Julia's own exception, packages and GPU compiler (issue 36, round thirty-five)
        package = julia_package(hay)
        named = f" (the package whose code raised it: {package})" if package else ""
        key = "not-python/julia-compile" if stage == "compile" else "not-python/julia"
        return STAGE_STEPS[key].format(package=named), STAGE_COMMANDS[key]
    if stage == "compile":
        kind = ""
    if kind == "Java" and JAVA_STATIC_INIT.search(hay):
        # a class whose static initialiser failed earlier (its native library did not load; issue 36, round forty):
        # that first failure, not the jars' versions
        return STAGE_STEPS["not-python/java-static-init"], STAGE_COMMANDS["not-python/java-static-init"]
    if kind == "Java" and JAVA_LINKAGE.search(hay):  # jars of different releases (issue 36, round thirty-six)
        return STAGE_STEPS["not-python/java-linkage"], STAGE_COMMANDS["not-python/java-linkage"]
    if kind == "Java" and not said and _JNI_FRAME.search(hay):
        # a binding's own native method raised (issue 36, round forty-seven): its glue and engine libraries' build
        return STAGE_STEPS["not-python/java-jni"], STAGE_COMMANDS["not-python/java-jni"]
    if said:
        library = products[0] if products else ""
        check = STAGE_COMMANDS.get(f"import/{library}", "") if _BUILD_FEATURE.search(said) else ""
        driver = STAGE_COMMANDS["said/driver"] if _DRIVER.search(said) else ""
        command = command_in(said) or (STAGE_COMMANDS["not-python"] if kind else "") or check or driver
        return STAGE_STEPS["said"].format(said=said), command or STAGE_COMMANDS["said"]
    if not kind:
        return None
    alloc = ran_out_of_device_memory(hay)
    part = "" if alloc else partly_offloaded(hay)
    key = "not-python/alloc" if alloc else "not-python/offload" if part else "not-python"
    step = STAGE_STEPS[key].format(kind=NOT_PYTHON_KINDS.get(kind, kind), alloc=alloc, offloaded=part)
    return step, STAGE_COMMANDS[key]


def _speed_step(speed: Speed, products: list[str]) -> tuple[str, str]:
    """The next step of a text that shows only how fast the work ran: what its own numbers show first (start-up
    counted in, a GPU against a CPU run, per-step times), then the device and the GPU's use in the job's own process,
    and a profile."""
    first = ""
    if speed.on_the_cpu:
        first += (
            f"The text itself shows the work on the CPU ({speed.on_the_cpu!r}): install the GPU build of the framework "
            "(or drop the option that forces the CPU) before timing anything else. "
        )
    if speed.warm_up:
        first += (
            "Its first time is much longer than the rest: that is start-up (the CUDA context, kernel selection, memory "
            "allocation), so leave the first call out of the timing. "
        )
    if speed.gpu_and_cpu:
        first += (
            "A GPU run no faster than a CPU one is usual for one small input at a time, where pre- and "
            "post-processing, copies and launches outweigh the computation: batch the inputs (and keep single items "
            "on the CPU). "
        )
    if speed.progress:
        first += (
            "Its progress bars give the time per step of each phase: the slowest phase is the one to look at (a loop "
            "that samples one step at a time is often bound by the CPU). "
        )
    shown = [row.check for row in FRAMEWORK_DEVICES if row.name in products]
    device = "; ".join(shown or [row.check for row in FRAMEWORK_DEVICES[:3]])
    profiler = next((_PROFILER_OF[p] for p in products if p in _PROFILER_OF), FRAMEWORK_DEVICES[0].profiler)
    step = STAGE_STEPS["runtime/performance"].format(
        first=first, device=device, profiler=f"{profiler}; `py-spy top --pid <pid>` for the Python side"
    )
    return step, STAGE_COMMANDS["runtime/performance"]


#: an exception line whose class a library's module path qualifies ("cupy_backends.cuda.libs.nvrtc.NVRTCError: ...")
_LIBRARY_EXCEPTION = re.compile(
    r"^\s{0,8}([a-z_][a-z0-9_]{1,40})(?:\.\w{1,40}){1,8}\.[A-Z]\w{0,60}(?:Error|Exception)\b"
)
_NOT_A_LIBRARY = frozenset({"builtins", "__main__", "exceptions", "main"})


def _library_exception(first_error: str) -> str:
    """The top module of a library whose exception class the first error line names, or ""."""
    m = _LIBRARY_EXCEPTION.match(first_error)
    return m.group(1) if m and m.group(1) not in _NOT_A_LIBRARY else ""


def _situation_step(situation: str, hay: str) -> tuple[str, str]:
    """The step and command of a `table.STAGE_SITUATIONS` key; the linker's missing needed library named in its own
    (issue 36, round forty-seven)."""
    if situation == "compile/ld-needed":
        needed = _LD_NEEDED.search(hay)
        lib = needed.group("lib") if needed else "<the library>"
        return STAGE_STEPS[situation].format(lib=lib), STAGE_COMMANDS[situation].format(lib=lib)
    return STAGE_STEPS[situation], STAGE_COMMANDS[situation]


def _situation(stage: str, hay: str) -> str | None:
    """The `table.STAGE_SITUATIONS` key of the first situation of ``stage`` the text shows, or None."""
    return next((key for at, key, rx in _situations() if at == stage and rx.search(hay)), None)


@functools.lru_cache(maxsize=1)
def _situations() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    return tuple((stage, key, re.compile(p, re.MULTILINE)) for stage, key, p in STAGE_SITUATIONS)


def _bare_exception(hay: str, first_error: str) -> bool:
    """Whether the text is a Python exception line (and what it printed under it) with no traceback frame above it:
    a paste of the last line alone, which does not show the call that raised it."""
    return (
        len(hay) <= 4000
        and bool(first_error)
        and _PYTHON_EXCEPTION.match(first_error) is not None
        and _FRAME_ANYWHERE.search(hay) is None
        and hay.lstrip().startswith(first_error[:40])
    )


#: TensorRT's own log lines (its loggers' marks, its error codes, trtexec's): a build text without them is an
#: application's own line about the engine
_TENSORRT_LOG = re.compile(
    r"\[TRT\]|\[TensorRT\]|\[[EWIVF]\] |Error Code \d|\btrtexec\b|\bnvinfer|TensorRT-LLM|Myelin|\bonnx2trt"
    r"|Torch-TensorRT|\[E:onnxruntime",
)
#: a traceback's frame line, anywhere in a text (Python's, or a native backtrace's numbered frame)
#: (IPython's frames too: "----> 1 from x import y", "~/env/lib/x.py in <module>", "File ~/x.py:12, in f()")
_FRAME_ANYWHERE = re.compile(
    r'^\s{0,12}File (?:"|~[/\\]|/|[A-Z]:\\)|^\s{0,8}(?:#|\[bt\] \()\d{1,3}\)? |^-{2,8}> {0,2}\d{1,6} '
    r"|^\S{1,300}\.py in (?:<module>|\w{1,80}\()",
    re.MULTILINE,
)


#: a CUDA error that a kernel launch reports late (CUDA_LAUNCH_BLOCKING=1 moves it to the call that caused it), or a
#: native crash with no message, which may be one
_CUDA_KERNEL_ERROR = re.compile(
    r"CUDA error|CUDA_ERROR_\w|cudaError\w|CUDA kernel errors|illegal memory access|device-side assert"
    r"|unspecified launch failure|misaligned address|illegal instruction was encountered|CUBLAS_STATUS_\w"
    r"|CUDNN_STATUS_\w|an illegal address|launch (?:failed|timed out|failure)|Xid"
    r"|^\s{0,8}Aborted\b|Segmentation fault|core dumped|Fatal Python error"
    #: a library's own wrapper around a CUDA call, ending in CUDA's message (cudaGetErrorString): "CUDA INT8 rowwise
    #: quantization failed: invalid argument" (cudaErrorInvalidValue)
    r"|\bCUDA\b[^\n]{0,80}(?:failed|error)[^\n]{0,8}: (?:invalid argument|invalid device function"
    r"|no kernel image is available|out of memory|invalid configuration argument|too many resources requested"
    r"|invalid device ordinal|operation not supported|invalid resource handle|not initialized"
    r"|an illegal memory access|unspecified launch failure|CUDA driver version is insufficient)"
    #: cuBLAS's status told by a framework (Marian: "Cublas Error: 13"; TensorFlow: "SGEMM launch failed")
    r"|\bcublas\w{0,24}:? ?(?:error|failed|failure)\b|\b[SDHC]GEMM launch failed",
    re.IGNORECASE | re.MULTILINE,
)
#: the words of a sentence that says something failed
_SAYS_FAILED = re.compile(
    r"\b(?:fail(?:s|ed|ing|ure)?|crash(?:es|ed)?|errors?|cannot|can't|could not|couldn't|unable to"
    r"|does(?:n't| not) work|not working)\b",
    re.IGNORECASE,
)
#: a traceback frame line ('  File "x.py", line 3, in f') and an exception line that would end the traceback
_FRAME = re.compile(r'^\s{0,12}File "[^"\n]{1,400}", line \d{1,7}')
#: (the bare "Exception: ..." too, which a converter's op mapper raises: issue 36, round forty-six)
_EXCEPTION_END = re.compile(
    r"^\s{0,8}(?:[\w.]{1,120}\.)?(?:[A-Za-z_]\w{0,80}(?:Error|Exception|Interrupt|Exit|Warning)\b|Exception: \S)"
)


def _says_it_failed(hay: str, lv: Levels) -> bool:
    """Whether a line without a log level (the user's own words) says something failed (at most 20 looked at)."""
    for i, m in enumerate(_SAYS_FAILED.finditer(hay)):
        if i >= 20:
            break
        if lv.at(m.start()) is None:
            return True
    return False


#: an issue's title line ("(issue title: ...)") and the words of one that state an error message: an exception's
#: class, a word of failure, or a message's own shape ("The size of tensor a (8) must match the size of tensor b")
_TITLE_LINE = re.compile(r"^\(issue title: ([^\n]{4,400}?)\)?\s*$")
_TITLE_STATES_ERROR = re.compile(
    r"\b[A-Z]\w{0,60}(?:Error|Exception)\b|\b(?:error|failed|failure)\b|\bmust (?:match|be)\b|\bmismatch\b"
    r"|\bout of memory\b|\bnot (?:found|available|supported|implemented)\b|\bunable to\b|\bcannot\b",
    re.IGNORECASE,
)
#: an exception's own line at a text's start ("RuntimeError: numel: integer multiplication overflow")
_EXCEPTION_FIRST = re.compile(r"^\s{0,8}(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception): \S")


@functools.lru_cache(maxsize=1)
def _cut_frames() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((key, re.compile(p)) for key, p in STAGE_CUT_FRAMES)


def _by_cut_frame(hay: str, held: Held, found: list[Explanation]) -> list[Explanation]:
    """The family a traceback cut before its exception line names by its last frame (`table.STAGE_CUT_FRAMES`: a
    function that raises one failure only), likely, where no family ``found`` is a failure; [] otherwise."""
    if "serialization" not in hay or any(e.severity == "failure" for e in found) or not _cut_traceback(hay):
        return []
    frames = list(_FRAME_AT.finditer(hay, max(0, len(hay) - 50_000)))
    if not frames:
        return []
    # the innermost frame: the last, or the first where the message stands above frames printed innermost first
    # (issue 36, round forty-eight)
    inner = frames[0] if _message_before_frames(hay) else frames[-1]
    at = line_start(hay, inner.start())
    line = _line_of(hay, inner.start()).strip()
    code = _line_of(hay, hay.find("\n", inner.start()) + 1).strip() if "\n" in hay[inner.start() :] else ""
    for key, rx in _cut_frames():
        c = _compiled_by_key().get(key)
        if c is not None and (rx.search(line) or rx.search(f"{line}\n{code}")):
            e = c.entry
            return [
                replace(
                    _explanation(c, e.fix, None, (at, at, line), hay, held, ()),
                    severity="failure",
                    confidence="likely",
                    alternatives=tuple(a for a in e.alternatives if a != e.key),
                    _rank=e.weight,
                    _at=at,
                )
            ]
    return []


#: a message the paste cut mid-sentence: an optional exception class or level word, the words, then the cut mark
#: ("RuntimeError: Expected all tensors to be on the ...")
#: an exception's class or a level word before a message ("torch.OutOfMemoryError: ", "ERROR: ")
_MESSAGE_HEAD = r"(?:(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception) ?: ?|(?:ERROR|FATAL|Error): )"
_CUT_MESSAGE = re.compile(rf"^\s{{0,8}}{_MESSAGE_HEAD}?(?P<msg>[A-Za-z][^\n]{{23,300}}?)\s*(?:\.{{3}}|…)\s*$")
#: a frame's source line that raises an exception, cut inside its message's string (`raise AssertionError("Torch not
#: compiled`): the quote is never closed (issue 36, round thirty-nine)
_CUT_RAISE = re.compile(
    r"^\s{0,12}raise (?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}\(\s*[rfbu]{0,2}[\"'](?P<msg>[A-Za-z][^\"'\n]{8,300}?)"
    r"\s*(?:\.{3}|…)?\s*$"
)
#: the fewest words a raise line's cut message must keep (the raise names the exception whose message it is)
_CUT_RAISE_WORDS = 3
#: where a pattern's literal start ends: a character with a meaning of its own
_PATTERN_META = frozenset("()[]{}|^$.?*+")
#: the fewest words a cut message must keep to name a family by its start
_CUT_WORDS = 5
#: a line every Python traceback prints, no library's message: a cut message that is only this names no family, and
#: an example that starts with it (TVM's "TVMError: Traceback (most recent call last):") gives no family's start
#: (issue 36, round forty-two: a torch_tensorrt paste cut after "Traceback (most recent call last):" was answered
#: with TVM's family)
_NO_MESSAGE = re.compile(
    r"^(?:traceback \(most recent call (?:last|first)\)|during handling of the above exception"
    r"|the above exception was the direct cause)",
    re.IGNORECASE,
)


def _literal_start(alternative: str) -> str:
    """The plain text every match of one top-level ``alternative`` of a pattern starts with (lower case): its
    characters up to the first one with a meaning of its own (an escaped space or dot counts as plain)."""
    out: list[str] = []
    i = 0
    while i < len(alternative):
        ch = alternative[i]
        if ch == "\\":
            nxt = alternative[i + 1 : i + 2]
            if not nxt or nxt.isalnum():
                break  # \b, \w, \d, \s: a class, not a character
            out.append(nxt)
            i += 2
        elif ch in _PATTERN_META:
            if ch in "?*{" and out:
                out.pop()  # the character before a quantifier may be absent
            break
        else:
            out.append(ch)
            i += 1
    return "".join(out).lower()


@functools.lru_cache(maxsize=1)
def _message_starts() -> tuple[tuple[_Compiled, tuple[str, ...]], ...]:
    """Each family's message starts: its pattern's top-level alternatives' literal starts, and its example's message
    (lower case), kept where they are long enough to name the family."""
    rows = []
    for c in _compiled():
        e = c.entry
        starts = {_literal_start(a).strip() for a in top_alternatives(e.pattern)}
        if e.example:
            starts.add(_CUT_MESSAGE_CLASS.sub("", e.example.splitlines()[0]).strip().lower())
        kept = tuple(sorted(s for s in starts if len(s.split()) >= _CUT_WORDS and not _NO_MESSAGE.match(s)))
        if kept:
            rows.append((c, kept))
    return tuple(rows)


#: an exception's class or a level word before a message
_CUT_MESSAGE_CLASS = re.compile(rf"^\s{{0,8}}{_MESSAGE_HEAD}")


def _by_cut_message(
    hay: str,
    held: Held,
    lv: Levels,
    found: list[Explanation],
    text: Callable[[], str],
    shown: Callable[[], list[str]],
) -> list[Explanation]:
    """The family whose message a paste cut mid-sentence begins like (issue 36, round thirty-seven): the text's last
    line (or the line before a closing "..." line) ends in a cut mark ("...", "…"), holds at least `_CUT_WORDS`
    words, and is the start of a family's message (its pattern's literal start or its example's message), which
    goes on past the cut; likely, where no family ``found`` is a failure; [] otherwise."""
    if any(e.severity == "failure" for e in found):
        return []
    lines = [ln for ln in hay[-4000:].splitlines() if ln.strip()]
    marked = bool(lines) and lines[-1].strip() in ("...", "…") and len(lines) > 1
    if marked:  # the cut mark on a line of its own after the cut line
        lines.pop()
    if not lines:
        return []
    line = lines[-1]
    m, fewest = _CUT_RAISE.match(line), _CUT_RAISE_WORDS
    if m is None:
        m, fewest = _CUT_MESSAGE.match(line + " ..." if marked else line), _CUT_WORDS
    if m is None:
        return []
    msg = " ".join(m.group("msg").split()).lower().rstrip(" :,")
    if len(msg.split()) < fewest or _NO_MESSAGE.match(msg):
        return []
    at = hay.rfind(line)
    hits: list[Explanation] = []
    for c, starts in _message_starts():
        if not any(len(start) > len(msg) and start.startswith(msg) for start in starts):
            continue
        if c.requires is not None and c.requires.search(hay, held) is None:
            continue
        if c.unless is not None and c.unless.search(hay, held) is not None:
            continue
        e = c.entry
        fix, situation, product, _ = _variant(c, text, held, shown, "likely")
        hits.append(
            replace(
                _explanation(
                    c, fix, situation, (at, at + len(line), f"{line.strip()} (the message is cut here)"), hay, held, ()
                ),
                severity="failure" if e.severity != "warning" else "warning",
                confidence="likely",
                alternatives=tuple(a for a in e.alternatives if a != e.key),
                product=product,
                _rank=e.weight,
                _at=at,
            )
        )
    return hits


#: TorchScript's wrapper line over a failed scripted op; the exception it raised follows its serialized code frames
_TORCHSCRIPT_FAILED = "The following operation failed in the TorchScript interpreter"
#: an exception's line at a line's start (what a TorchScript traceback ends with)
_EXCEPTION_AT_START = re.compile(
    r"^\s{0,8}(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception): (?!The following)", re.M
)


def _cut_torchscript(hay: str) -> str:
    """The last serialized-code frame of a TorchScript interpreter traceback that stops before the exception it
    raised (issue 36, round thirty-four), or "" when the text has none or shows that exception."""
    at = hay.rfind(_TORCHSCRIPT_FAILED)
    if at < 0 or _EXCEPTION_AT_START.search(hay, hay.find("\n", at) + 1 or len(hay)) is not None:
        return ""
    if hay.find("\n", at) < 0:
        return ""
    frames = list(re.finditer(r'File "(code/[^"\n]{1,300})", line \d{1,7}', hay[at:]))
    return frames[-1].group(0) if frames else ""


#: a ninja step of a C++/CUDA extension's build ("[1/8] /usr/local/cuda/bin/nvcc ... -c x.cu -o x.cuda.o")
_NINJA_STEP = re.compile(
    r"^\[(\d{1,5})/(\d{1,5})\] [^\n]{0,300}?(?:\bnvcc|\bc\+\+|\bg\+\+|\bgcc|\bclang\+{0,2}|\bcl\.exe)\b", re.M
)
#: a line that an extension's build finished or what came after it ran ("Loading extension module x...")
_BUILD_DONE = re.compile(
    r"Loading extension module|Successfully (?:built|installed)|Finished processing dependencies|^Building wheel"
    r"[^\n]{0,200}done\b|\bbuild finished\b|Traceback \(most recent",
    re.IGNORECASE | re.MULTILINE,
)


def _cut_build(hay: str) -> str:
    """The last compiler step of an extension's ninja build that stops before the build finished (step k of n,
    k < n, and no line that it finished after it; issue 36, round thirty-four), or ""."""
    last = None
    for n, m in enumerate(_NINJA_STEP.finditer(hay)):
        if n >= 2000:
            break
        last = m
    if last is None or int(last.group(1)) >= int(last.group(2)) or _BUILD_DONE.search(hay, last.end()):
        return ""
    return _display.short(_line_of(hay, last.start()).strip(), 100)


def _stated_above(hay: str) -> str:
    """The exception a text's first line states above a traceback that ends without its own exception line (issue
    36, round thirty-four): an issue's title that states an error message, or an exception's line printed before
    its frames (a stack dump that prints the exception first), or a native library's own error line
    (`severity.NATIVE_LIBRARY_LINE`: "MIOpen Error: ...", an application's "!!! Exception during processing !!! ...";
    issue 36, round forty-three); "" when the first line states none."""
    first = next((ln.strip() for ln in hay[:4000].splitlines() if ln.strip()), "")
    native = NATIVE_LIBRARY_LINE.match(first)
    if native and not native.group("level"):
        return first
    title = _TITLE_LINE.match(first)
    if title:
        said = title.group(1).strip()
        return said if _TITLE_STATES_ERROR.search(said) else ""
    if _EXCEPTION_FIRST.match(first) and not _FRAME.match(first):
        return first
    if _message_before_frames(hay):  # the message alone, printed (or pasted) before its frames
        return first
    return ""


#: a line that is a message's own words, not a traceback's head, a frame, a log record or the paster's words: a
#: letter first, a few words, no path or prompt at its start
_BARE_MESSAGE = re.compile(r"^[A-Za-z][\w'`,.() -]{2,200}$")


def _message_before_frames(hay: str) -> bool:
    """Whether the text starts with an exception's message alone (no class, "Ran out of input") directly above
    traceback frames, with no "Traceback" head: a paste that put the message first (`str(e)` printed, then
    `traceback.print_tb`, or a report reordered by hand; issue 36, round forty-eight)."""
    lines = [ln for ln in hay[:4000].splitlines() if ln.strip()][:2]
    if len(lines) < 2 or "Traceback (most recent call" in hay[:20_000]:
        return False
    first = lines[0].strip()
    return bool(_BARE_MESSAGE.match(first)) and len(first.split()) >= 2 and _FRAME.match(lines[1]) is not None


def _cut_traceback(hay: str) -> str:
    """The last line of a Python traceback that stops before its exception line (a frame or the code under it; the
    paste is cut there), or "" when the text's last traceback ends with its exception."""
    head = hay.rfind("Traceback (most recent call last)")
    # faulthandler's dump of a fatal signal ("Fatal Python error: Segmentation fault", then each thread's frames
    # "(most recent call first)" with no exception line after them) after the last traceback: nothing is cut
    if hay.rfind("(most recent call first)") > head:
        return ""
    if head < 0:  # a paste that starts inside the traceback: its last frame lines decide
        head = max(0, len(hay) - 20_000)
        lines = [ln for ln in hay[head:].splitlines()[-400:] if ln.strip()]
    elif len(hay) - head > 200_000:
        return ""
    else:
        lines = [ln for ln in hay[head:].splitlines()[1:400] if ln.strip()]
    lines = [_LOG_PREFIX.sub("", ln, count=1) for ln in lines[-8:]]  # a log collector's time stamp on each line
    while lines and _ELIDED.match(lines[-1]):  # the paster's own "..." / "(continues ...)" where it cut
        lines.pop()
    if not lines:
        return ""
    last = lines[-1]
    if _FRAME.match(last) and _INLINE_EXCEPTION.search(last):  # a traceback flattened onto one line: it has its end
        return ""
    if _FRAME.match(last) or (len(lines) > 1 and _FRAME.match(lines[-2]) and not _EXCEPTION_END.match(last)):
        return "" if _chained_exception(hay, head) else last.strip()[:120]
    return ""


#: the line between a chained traceback's exceptions ("During handling of the above exception, another exception
#: occurred:", "The above exception was the direct cause of the following exception:")
_CHAINED = re.compile(r"^During handling of the above exception|^The above exception was the direct cause", re.M)


def _chained_exception(hay: str, head: int) -> bool:
    """Whether the traceback at ``head`` follows an earlier one of the same chain that ends with its exception line
    (cupy's "NVRTCError: NVRTC_ERROR_COMPILATION (6)" above a cut "During handling ..." traceback): the paste holds
    the error."""
    before = hay[max(0, head - 20_000) : head]
    chained = list(_CHAINED.finditer(before))
    if not chained:
        return False
    lines = [ln for ln in before[: chained[-1].start()].splitlines()[-6:] if ln.strip()]
    return bool(lines) and _EXCEPTION_END.match(_LOG_PREFIX.sub("", lines[-1], count=1)) is not None


#: what a traceback cut inside torch.compile's CUDA-graph recording (inductor's cudagraph_trees) needs beside its end
_CUDAGRAPH_CUT = (
    ": torch.compile was recording a CUDA graph; an error there is often an earlier kernel's fault or memory "
    "exhausted by the capture: rerun with CUDA graphs off (mode='max-autotune-no-cudagraphs' or 'default') and "
    "CUDA_LAUNCH_BLOCKING=1 to see the failing kernel"
)
#: a time stamp a log collector (a pod's console, docker logs -t, a CI runner) put before each line of a traceback
_LOG_PREFIX = re.compile(
    r"^\s{0,4}\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?\]?(?: \|)?[ \t]"
)
#: an exception after a frame on the same line (the newlines of a traceback lost: '... line 578, in __init__
#: dist._verify_model_across_ranks(...) RuntimeError: NCCL error')
_INLINE_EXCEPTION = re.compile(r"\s(?:[\w.]{1,120}\.)?[A-Z]\w{0,60}(?:Error|Exception)(?::|\s*$)")

_FRAME_AT = re.compile(
    r'File "(?:[^"\n]{0,400}[\\/])?([^"\\/\n]{1,120}[\\/][^"\\/\n]{1,120})", line \d{1,7}, in (\w{1,80})'
)


def _last_frame(hay: str) -> str:
    """The last traceback frame of the text as 'package/file.py, in function' (where a cut traceback stopped)."""
    last = None
    for m in _FRAME_AT.finditer(hay, max(0, len(hay) - 50_000)):
        last = m
    return f"{last.group(1)}, in {last.group(2)}" if last else ""


#: a traceback frame in an installed package ('File ".../site-packages/cache_dit/cache_factory/x.py", line 213'):
#: group 1 is the package
_PACKAGE_FRAME = re.compile(
    r'File "[^"\n]{0,300}?[\\/](?:site|dist)-packages[\\/]([A-Za-z_]\w{0,60})[\\/]'
    #: pytest's frames ('.../site-packages/triton/runtime/autotuner.py:114: in run'), IPython's ('File
    #: /.../site-packages/triton/runtime/interpreter.py:1095, in GridExecutor.__call__(...)'; issue 36, round
    #: forty-one) and rich's boxed ones ('│ /usr/lib/python3/dist-packages/xformers/ops/fmha/__init__.py:42 in
    #: forward │'; round fifty-four)
    r"|^[ \t]{0,8}(?:│ )?(?:File )?[^\s\"]{0,300}?[\\/](?:site|dist)-packages[\\/]([A-Za-z_]\w{0,60})[\\/]"
    r"[^\s\":]{1,200}\.py:\d{1,7}(?::|,)? in ",
    re.MULTILINE,
)
#: packages a failure passes through on its way to the library that raised it: torch's own modules (nn.Module's
#: call, the compiler's wrappers), and launchers / wrappers that only call the user's code
_PASS_THROUGH = frozenset({"torch", "accelerate", "typing_extensions", "_pytest", "pluggy"}) | PASSING_LIBRARIES


def _frame_library(hay: str) -> str | None:
    """The installed package of a traceback's innermost frame outside torch (a miss names the library whose code
    failed, e.g. cache_dit under torch's nn.Module frames), or None when every frame is torch's or none is a
    package's."""
    last = None
    for n, m in enumerate(_PACKAGE_FRAME.finditer(hay, max(0, len(hay) - 50_000))):
        if n >= 400:
            break
        package = m.group(1) or m.group(2)
        if package not in _PASS_THROUGH:
            last = package
    return last


#: a native backtrace's frames of a program's main (glibc's __libc_start_main, CPython's Py_Main / Py_RunMain)
_NATIVE_MAIN = re.compile(r"\b(?:__libc_start_main|__libc_start_call_main|Py_(?:Bytes|Run)?Main|_start_main)\b")


#: a line that marks where a paste was cut ("...", "[...]", "... (the output continues)", "<truncated>")
_ELIDED = re.compile(r"^\s{0,12}(?:\.{3}|…|\[\.{3}\]|<truncated>|\(truncated\))(?:\s{0,4}\([^\n]{0,300}\))?\s{0,4}$")


#: a build by Microsoft's tools (the next command is not make's)
_MSVC = re.compile(
    r"\bLNK\d{4}\b|: (?:fatal )?error C\d{4}:|\bcl\.exe\b|MSBuild|\.vcxproj\b"
    # MSVC's diagnostic alone at a line's start, the Visual Studio prompts (issue 36, round forty-five)
    r"|(?:^|\n)\s{0,8}(?:fatal )?error C\d{4}: |\bx64 Native Tools\b|\bvcvars(?:64|all)\.bat\b"
)


# ---- a message a console's line wrapping split -----------------------------------------------------------------------
#: a continuation line that is a new record, never the rest of the line above it: a traceback's frame or head, a log
#: record's level mark or time stamp, a shell prompt, a markdown fence (issue 36, round forty-five)
_NEW_RECORD = re.compile(
    r"\s{0,8}(?:File \"|Traceback \(|During handling of|The above exception|\[[EWIF]\]\s|\[(?:ERROR|WARN(?:ING)?|INFO"
    r"|DEBUG|TRT)\]|\d{4}[-/]\d\d[-/]\d\d[ T]\d|[EWIF](?:20\d\d)?\d{4} \d|(?:ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL"
    r"|FATAL)[:\] ]|\$ |> |>>> |```|\(issue title: |#\s)"
)
#: a line broken after a label whose message the next line holds: "fatal error C1189: #error:" / "#error:  -" then
#: "-- unsupported ...", "host_config.h(133):" then "fatal error ..." (a log pasted through a narrow view)
_BROKEN_AFTER = re.compile(r"(?:#error|error|\)):[ \t]{0,4}-{0,2}[ \t]{0,4}\n(?=[^\s\n])|[ \t]-{1,2}\n(?=-{1,2} ?\w)")
#: a line that ends mid-sentence (a word or a comma, 60 characters or more) and a next line that goes on in lower case
#: or with a number: a message word-wrapped at a fixed width
_MID_SENTENCE = re.compile(r"[A-Za-z0-9,][ \t]{0,2}\n(?=[a-z0-9(])")
_WRAP_MIN = 60  #: a console narrower than this is no console a log was wrapped by
_WRAP_SPAN = 16 * 1024  #: at most this many characters of joined lines are searched again
_WRAP_MAX_TEXT = 1024 * 1024  #: a longer text (read in parts) is not searched for wrapped lines
_WRAP_LINE = 1024  #: a longer line is no console's line: it is never joined to the next


def _console_width(hay: str) -> int | None:
    """The width a console wrapped the text at: the length of its longest lines, when two or more different lines of
    60 characters or more have exactly that length (a console fills each line it wraps to its width), else None."""
    lengths: dict[int, set[str]] = {}
    longest = 0
    for line in hay.split("\n"):
        n = len(line)
        if n >= _WRAP_MIN and n >= longest:
            longest = n
            lengths.setdefault(n, set()).add(line)
    if longest and len(lengths.get(longest, ())) >= 2:
        return longest
    return None


def _wrapped_joins(hay: str) -> list[tuple[int, str]]:
    """The line breaks that split one message, each with what joins its two lines: nothing after a line of the
    console's full width (a console cuts a word where the width ends), a space after a label its message follows on
    the next line or in the middle of a sentence; never before a new record."""
    joins: dict[int, str] = {}
    if "\n" not in hay or len(hay) > _WRAP_MAX_TEXT:
        return []
    for m in itertools.islice(_BROKEN_AFTER.finditer(hay), 256):
        joins[m.end() - 1] = " "
    mid = {m.end() - 1 for m in itertools.islice(_MID_SENTENCE.finditer(hay), 256)}
    for j in mid:
        joins.setdefault(j, " ")
    width = _console_width(hay)
    if width is not None:
        at = 0
        for line in hay.split("\n"):
            end = at + len(line)
            if len(line) == width and end + 1 < len(hay) and hay[end + 1] != "\n":
                joins[end] = ""
            at = end + 1
    out = []
    for j in sorted(joins):
        start, nxt = line_start(hay, j), hay.find("\n", j + 1)
        nxt = len(hay) if nxt < 0 else nxt
        if j - start > _WRAP_LINE or nxt - j > _WRAP_LINE or _NEW_RECORD.match(hay, j + 1):
            continue
        if j in mid and joins[j] and j - start < _WRAP_MIN:  # a short line that ends without a stop is no wrapped one
            continue
        out.append((j, joins[j]))
    return out


def _dewrapped(hay: str) -> tuple[str, list[tuple[int, int]]] | None:
    """The joined lines of the text (`_wrapped_joins`), one message a line, and where each piece of them starts: (its
    position in the joined lines, in the text); None when no line break split a message."""
    joins = _wrapped_joins(hay)
    if not joins:
        return None
    parts: list[str] = []
    pieces: list[tuple[int, int]] = []
    at = 0  # characters of the joined lines so far
    last_end = -1  # where the group of lines written last ends in the text
    for j, glue in joins:
        lo, hi = line_start(hay, j), hay.find("\n", j + 1)
        hi = len(hay) if hi < 0 else hi
        if lo > last_end:  # a new group of lines
            if parts:
                parts.append("\n")
                at += 1
            pieces.append((at, lo))
            parts.append(hay[lo:j])
            at += j - lo
        else:  # the next line of the group (its text up to the break was written)
            parts.append(hay[last_end:j])
            at += j - last_end
        parts.append(glue)
        at += len(glue)
        pieces.append((at, j + 1))
        parts.append(hay[j + 1 : hi])
        at += hi - j - 1
        last_end = hi
        if at > _WRAP_SPAN:
            break
    return "".join(parts), pieces


def _wrapped_hits(
    candidates: Sequence[_Compiled], hay: str, held: Held
) -> list[tuple[_Compiled, tuple[int, int, str]]]:
    """The families whose pattern did not match ``hay`` but matches a message its lines' wrapping split (a console's
    fixed width, MSBuild's columns, a log view that broke a line after '#error:'): searched in the joined lines only
    (`_dewrapped`), with the same ``requires`` and ``unless`` as in the text (issue 36, round forty-five)."""
    joined = _dewrapped(hay)
    if joined is None:
        return []
    window, pieces = joined
    starts = [w for w, _ in pieces]
    w_held = Held(window.lower())

    def to_hay(pos: int) -> int:
        i = max(bisect.bisect_right(starts, pos) - 1, 0)
        return pieces[i][1] + pos - pieces[i][0]

    out = []
    for c in candidates:
        if c.literals is not None and not w_held.any(c.literals):
            continue
        m = c.pattern.search(window)
        if m is None or conditional_at(hay, to_hay(m.start())):
            continue
        start, end = to_hay(m.start()), to_hay(max(m.end() - 1, m.start())) + 1
        if (
            c.requires is not None
            and c.requires.search(hay, held) is None
            and c.requires.search(window, w_held) is None
        ):
            continue
        if c.unless is not None and (c.unless.search(hay, held) or c.unless.search(window, w_held)):
            continue
        out.append((c, (start, end, _line_at(window, m.start(), m.end()))))
    return out


# ---- the re-raise ----------------------------------------------------------------------------------------------------
#: where in torch_tensorrt a traceback ended, for a compile that did not say its stage
_STAGE_FRAMES: tuple[tuple[BuildStage, re.Pattern[str]], ...] = (
    ("build", re.compile(r"build_serialized_network|assert cuda_engine|_TRTInterpreter\.py\", line \d+, in run\b")),
    ("conversion", re.compile(r"torch_tensorrt[\\/]dynamo[\\/]conversion[\\/]")),
    ("partitioning", re.compile(r"torch_tensorrt[\\/]dynamo[\\/]partitioning[\\/]")),
    ("lowering", re.compile(r"torch_tensorrt[\\/]dynamo[\\/]lowering[\\/]")),
    ("export", re.compile(r"torch[\\/]export[\\/]|torch[\\/]_export[\\/]")),
)


def _exception_text(exc: BaseException) -> str:
    try:
        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except Exception:  # a broken __str__ must not hide the original error
        return f"{type(exc).__name__}"


def _stage_of(text: str, stage: str) -> BuildStage:
    for known in BUILD_STAGES:
        if stage == known:
            return known
    last: tuple[BuildStage, int] | None = None
    for name, rx in _STAGE_FRAMES:  # the deepest frame decides: take the stage whose frame comes last
        for m in rx.finditer(text):
            if last is None or m.start() > last[1]:
                last = (name, m.start())
    return last[0] if last else "build"


def _machine() -> Environment | None:
    try:
        return detect_environment()
    except Exception:  # explaining must never fail because a probe did
        return None


def generic_build_fix(stage: str, op: str | None = None) -> str:
    """The fix for a build failure nobody recognised, as specific as the stage and op allow."""
    if stage == "export":
        return (
            "make the model exportable (torch.export.export(model, args, strict=False) shows the same error), or "
            "pass partition='auto' to build the submodules that export and keep the rest in PyTorch"
        )
    if stage in ("conversion", "build") and op:
        return (
            f"keep {op} in PyTorch: pass torch_executed_ops={{{op!r}}} (or a min_block_size larger than the failing "
            "block), and report it with the output of `torchtrt-compat env`"
        )
    return (
        "run `torchtrt-compat explain` on the full log (with --log for the TensorRT log); to get a working module now, "
        "compile with fallback='inductor' (stays in PyTorch, compiled by torch.compile), or keep the failing op in "
        "PyTorch with torch_executed_ops={...} / a larger min_block_size"
    )


def reraise_explained(
    exc: BaseException, *, stage: str, op: str | None = None, node: str | None = None, log: str | None = None
) -> NoReturn:
    """Re-raise ``exc`` with what it means, ``exc`` as ``__cause__``.

    For a build stage (`BUILD_STAGES`, or ``"compile"`` when the caller cannot tell: the traceback decides) this
    raises `BuildError` carrying ``stage``, ``op`` and ``log``, with the best match's cause and fix, or a generic fix
    when the error is unknown. For other stages a known error becomes `UpstreamError`; an unknown one is re-raised
    unchanged.
    """
    text = _exception_text(exc)
    # a notice in the log never explains an exception; the caller is torchtrt_compat's compile: torch_tensorrt ran
    found = explain(text, log=log, env=_machine(), ran=("torch_tensorrt",)).failures
    message = str(exc).strip()
    first = message.splitlines()[0] if message else type(exc).__name__
    building = stage in BUILD_STAGES or stage == "compile"
    if not found:
        if not building:
            raise exc
        where = _stage_of(text, stage)
        at = f" at {op}" + (f" (node {node})" if node else "") if op else ""
        problem = f"{where} failed{at}: {type(exc).__name__}: {first[:300]}"
        if log:  # its last lines, less the ones that only echo another error (cudaError 35 on a driverless host)
            lines = [x for x in log.splitlines() if x.strip() and not _SECONDARY.search(x)]
            problem += " TensorRT log: " + " | ".join(lines[-3:])
        raise BuildError(problem, generic_build_fix(where, op), stage=where, op=op, log=log) from exc
    best = found[0]
    fix = best.fix + "".join(f" {a}." for a in best.advice)
    # upstream's first line often is the table's title already: say it once
    said = best.title.lower() in first.lower()
    problem = f"{first[:300]}{'' if said else ' -- ' + best.title} [{best.key}]: {best.cause}"
    if building:
        where = _stage_of(text, stage)
        at = f" at {op}" + (f" (node {node})" if node else "") if op else ""
        raise BuildError(f"{where} failed{at}: {problem}", fix, stage=where, op=op or best.op, log=log) from exc
    raise UpstreamError(f"{stage} failed: {problem}", fix) from exc


# ---- lookups, plain text ---------------------------------------------------------------------------------------------
def lookup(key: str) -> KnownError:
    """The table entry called ``key`` (e.g. ``"import-no-gpu"``); KeyError names the known keys."""
    for k in KNOWN_ERRORS:
        if k.key == key:
            return k
    raise KeyError(f"{key!r} is not a known error; known: {', '.join(k.key for k in KNOWN_ERRORS)}")


def format_explanation(found: Sequence[Explanation | KnownError]) -> str:
    """Plain text for a terminal: each match with its cause and fix (table entries print their default fix)."""
    blocks = []
    for k in found:
        if isinstance(k, Explanation):
            blocks.append(k.format())
        else:
            blocks.append(f"[{k.key}] {k.title}\n  cause: {k.cause}\n  fix:   {k.fix}")
    return "\n\n".join(blocks) + "\n" if blocks else ""
