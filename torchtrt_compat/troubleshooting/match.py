"""Error texts users actually see, mapped to the cause and the fix that fits what the text (and the machine) shows.

The table lives in `table.py` (data, one row per failure, each with a real sample message and its source). The
same table drives ``torchtrt-compat explain``, the re-raise in `compile` / `build_engine` (`reraise_explained`) and
``docs/troubleshooting.md`` (`docs.py`).

Matching is bounded: only the first 64 KiB and the last 512 KiB of a text are searched (an error's own lines are at
the end of a log); every pattern is compiled once and runs only when one of its literal words occurs in the text (a
plain substring test), and the patterns bound their repetitions, so a 20 MB log is explained in about a second
(``benchmarks/explain_speed.py``).
"""

from __future__ import annotations

import functools
import re
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from .._errors import BUILD_STAGES, BuildError, BuildStage, UpstreamError
from ..env import detect_environment
from ..ux import display as _display
from ..versions import satisfies
from .advice import Versions, advise
from .facts import TextFacts, cuda_error_named, extract, messages_of
from .table import KNOWN_ERRORS, STAGE_MARKERS, STAGE_STEPS, KnownError, Variant

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

SCAN_HEAD = 64 * 1024
SCAN_TAIL = 512 * 1024

_FLAGS = re.IGNORECASE | re.MULTILINE


def _window(text: str) -> str:
    """The part of ``text`` that is searched: all of it when short, else its head and its tail."""
    if len(text) <= SCAN_HEAD + SCAN_TAIL:
        return text
    return text[:SCAN_HEAD] + "\n" + text[-SCAN_TAIL:]


_BREAKS = set("()[]|^$.")
_QUANT = set("?*{")
_ESCAPED_LITERAL = set(".()[]{}|?*+\\^$/'\"-:=<>!#&~ ")


def _split_top(pattern: str) -> list[str]:
    """``pattern``'s top-level alternatives (``|`` outside groups and classes)."""
    parts, depth, in_class, start, i = [], 0, False, 0, 0
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
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*parts, pattern[start:]]


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
        if in_class:
            in_class = ch != "]" or alternative[i - 1] == "\\"
            i += 1
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


def _literals(pattern: str) -> tuple[str, ...] | None:
    """Words one of which every match of ``pattern`` contains; None when an alternative has none worth testing."""
    words = [_longest_literal(alt) for alt in _split_top(pattern)]
    return None if any(len(w) < 4 for w in words) else tuple(words)


@dataclass(frozen=True)
class _Compiled:
    entry: KnownError
    literals: tuple[str, ...] | None
    pattern: re.Pattern[str]
    requires: re.Pattern[str] | None
    unless: re.Pattern[str] | None
    op: re.Pattern[str] | None
    variants: tuple[tuple[re.Pattern[str], Variant], ...]
    codes: frozenset[int] = frozenset()  #: numbers of the family's CUDA errors
    messages: tuple[str, ...] = ()  #: their messages, lower case


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[_Compiled, ...]:
    def opt(p: str) -> re.Pattern[str] | None:
        return re.compile(p, _FLAGS) if p else None

    return tuple(
        _Compiled(
            e,
            _literals(e.pattern),
            re.compile(e.pattern, _FLAGS),
            opt(e.requires),
            opt(e.unless),
            opt(e.op),
            tuple((re.compile(v.when, _FLAGS), v) for v in e.variants),
            _codes(e.cuda_errors),
            tuple(m.lower() for m in messages_of(e.cuda_errors)),
        )
        for e in KNOWN_ERRORS
    )


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
    _entry: KnownError | None = field(default=None, compare=False)
    _rank: float = field(default=0.0, compare=False)

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
            "docs": self.docs,
        }

    def format(self) -> str:
        """Plain text for a terminal: evidence, op and advice quote the user's text, so all of it goes through
        the one sanitiser."""
        lines = [f"[{self.key}] {self.title}", f"  cause: {self.cause}"]
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

    Empty when no family matched; then ``stage`` names the stage the text shows (export, lowering, conversion, build,
    deserialization, runtime, import, install), if any, and ``next_step`` that stage's next diagnostic step.
    """

    stage: str | None = None
    next_step: str | None = None

    def __repr__(self) -> str:
        if not self:
            if self.stage:
                return f"Explanations: no known error matched; the text fails at {self.stage}: {self.next_step}"
            return "Explanations: no known error matched"
        head = f"Explanations: {len(self)} match{'es' if len(self) > 1 else ''}, best first"
        first = f"  [{self[0].key}] {_display.short(self[0].fix, 100)}"
        rest = "  also: " + ", ".join(e.key for e in self[1:]) if len(self) > 1 else ""
        return "\n".join(x for x in (head, first, rest) if x)

    def _repr_html_(self) -> str:
        if not self:
            badge = _display.badge("no known error matched", "unknown")
            if self.stage:
                pairs: list[tuple[str, object]] = [("stage", self.stage), ("next step", self.next_step or "")]
                return _display.section("explain", badge + _display.key_values(pairs))
            return _display.section("explain", badge)
        rows = [(e.key, e.title, e.fix + ("".join(f"\n{a}" for a in e.advice))) for e in self]
        return _display.section(
            f"explain: {len(self)} known error{'s' if len(self) > 1 else ''}, the most likely first",
            _display.table(rows, ("key", "what it is", "fix")),
        )


# ---- matching --------------------------------------------------------------------------------------------------------
def _line_at(text: str, start: int, end: int) -> str:
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    return _display.short(text[lo : hi if hi >= 0 else len(text)].strip(), 200)


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


def _by_code(c: _Compiled, facts: Callable[[], TextFacts], lower: str, hay: str) -> tuple[int, int, str] | None:
    """Where the text names one of the family's CUDA errors (by number, name or message): (start, end, line)."""
    for code in facts().codes if c.codes or c.entry.cuda_errors else ():
        if code.name in c.entry.cuda_errors or (code.name.startswith("cudaError") and code.code in c.codes):
            at = hay.find(code.line) if code.line else -1
            return (max(at, 0), max(at, 0) + len(code.line), code.line)
    for message in c.messages:
        at = lower.find(message)
        if at >= 0:
            return (at, at + len(message), _line_at(hay, at, at + len(message)))
    return None


def _stage(text: str, lower: str) -> str | None:
    """The stage a text shows (the last marker wins: a traceback ends where it failed), or None."""
    last: tuple[int, str] | None = None
    for stage, rx, words in _stage_markers():
        if words is not None and not any(w in lower for w in words):
            continue
        for m in rx.finditer(text):
            if last is None or m.start() >= last[0]:
                last = (m.start(), stage)
    return last[1] if last else None


@functools.lru_cache(maxsize=1)
def _stage_markers() -> tuple[tuple[str, re.Pattern[str], tuple[str, ...] | None], ...]:
    return tuple((stage, re.compile(p, _FLAGS), _literals(p)) for stage, p in STAGE_MARKERS)


def _hit(c: _Compiled, hay: str, lower: str, facts: Callable[[], TextFacts]) -> tuple[int, int, str] | None:
    """Where family ``c`` matches ``hay`` (start, end, the line), by its pattern or by the codes and messages in the
    text's facts; None when it does not, or when its ``requires`` / ``unless`` rule it out."""
    hit: tuple[int, int, str] | None = None
    if c.literals is None or any(word in lower for word in c.literals):
        m = c.pattern.search(hay)
        if m is not None:
            hit = (m.start(), m.end(), _line_at(hay, m.start(), m.end()))
    if hit is None and (c.codes or c.messages):
        hit = _by_code(c, facts, lower, hay)
    if hit is None:
        return None
    if c.requires is not None and c.requires.search(hay) is None:
        return None
    if c.unless is not None and c.unless.search(hay) is not None:
        return None
    return hit


def explain(text: str, *, log: str | None = None, env: Environment | None = None) -> Explanations:
    """Every known error found in ``text`` (a message, a traceback or a whole log), the most likely first.

    ``log`` is a build log (e.g. `BuildError.log`, TensorRT's messages) searched with the text; ``env`` is the
    machine (`torchtrt_compat.env.detect_environment()`), whose versions make the fixes concrete and whose facts (no
    driver, no GPU) rule families in or out. The text's own versions (pip's conflict lines, a bug-report template)
    win over the machine's. When no family matches, the result is empty; its ``stage`` and ``next_step`` say where
    the text failed and what to look at next, when the text shows that.
    """
    hay = _window(text or "")
    if log:
        hay = hay + "\n" + _window(log)
    known: list[TextFacts] = []

    def facts() -> TextFacts:  # read once, and only when a family or an advisor needs the text's facts
        if not known:
            known.append(extract(hay))
        return known[0]

    versions: Versions | None = None
    found: list[Explanation] = []
    lower = hay.lower()
    for c in _compiled():
        hit = _hit(c, hay, lower, facts)
        if hit is None:
            continue
        e = c.entry
        if _host_rules_out(e, env):
            continue
        fix, situation = e.fix, None
        for when, variant in c.variants:
            if when.search(hay):
                fix, situation = variant.fix, variant.label
                break
        advice: tuple[str, ...] = ()
        if e.advice:
            versions = versions or Versions.gather(hay, env, facts())
            advice = advise(e.advice, versions, hay)
        rank = e.weight + 5.0 * hit[1] / max(len(hay), 1)
        if e.versions and env is not None:
            versions = versions or Versions.gather(hay, env, facts())
            if not _in_versions(versions, e.versions):
                rank -= 30
        if _SECONDARY.search(hit[2]):
            rank -= 40
        found.append(
            Explanation(
                key=e.key,
                title=e.title,
                cause=e.cause,
                fix=fix,
                situation=situation,
                evidence=_display.short(hit[2], 200),
                op=_first_group(c.op.search(hay)) if c.op is not None else None,
                advice=advice,
                commands=e.commands,
                applies=e.applies,
                _entry=e,
                _rank=rank,
            )
        )
    found.sort(key=lambda x: -x._rank)
    result = Explanations(found)
    if not found:
        result.stage = _stage(hay, lower)
        result.next_step = STAGE_STEPS.get(result.stage) if result.stage else None
    return result


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
    found = explain(text, log=log, env=_machine())
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
        raise BuildError(f"{where} failed: {problem}", fix, stage=where, op=op or best.op, log=log) from exc
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
