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

from ..ux import display as _display
from .._errors import BuildError, UpstreamError
from ..env import normalise_dist
from .table import KNOWN_ERRORS, KnownError, Variant

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
BUILD_STAGES = ("export", "lowering", "partitioning", "conversion", "build")

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
        )
        for e in KNOWN_ERRORS
    )


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
        """Plain text for a terminal."""
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
        return "\n".join(lines)

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
    """The known failures found in a text, the most likely first (a list; renders as a table in notebooks)."""

    def __repr__(self) -> str:
        if not self:
            return "Explanations: no known error matched"
        head = f"Explanations: {len(self)} match{'es' if len(self) > 1 else ''}, best first"
        first = f"  [{self[0].key}] {_display.short(self[0].fix, 100)}"
        rest = "  also: " + ", ".join(e.key for e in self[1:]) if len(self) > 1 else ""
        return "\n".join(x for x in (head, first, rest) if x)

    def _repr_html_(self) -> str:
        if not self:
            return _display.section("explain", _display.badge("no known error matched", "unknown"))
        rows = [(e.key, e.title, e.fix + ("".join(f"\n{a}" for a in e.advice))) for e in self]
        return _display.section(
            f"explain: {len(self)} known error{'s' if len(self) > 1 else ''}, the most likely first",
            _display.table(rows, ("key", "what it is", "fix")),
        )


# ---- versions in the text or on the machine ------------------------------------------------------------------------
_PIP_CONFLICT = re.compile(
    r"^[^\n]{0,20}?(?P<pkg>[A-Za-z0-9][\w.-]{0,60}) (?P<ver>\S{1,40}) requires (?P<req>[A-Za-z0-9][\w.-]{0,60})"
    r"(?P<spec>[<>=!~][^\n]{0,120}?)?, but you have (?P<name>[\w.-]{1,60}) (?P<have>\S{1,40}) which is incompatible",
    re.MULTILINE,
)
_TEMPLATE = {  # the bug-report template of pytorch/TensorRT ("- Torch-TensorRT Version (e.g. 1.0.0): 2.8.0")
    "torch_tensorrt": re.compile(r"Torch-TensorRT Version[^:\n]{0,30}:\s{0,4}v?(\d+\.\d+[\w.+-]{0,40})", re.I),
    "torch": re.compile(r"PyTorch Version[^:\n]{0,30}:\s{0,4}v?(\d+\.\d+[\w.+-]{0,40})", re.I),
    "tensorrt": re.compile(r"^\W{0,6}TensorRT Version[^:\n]{0,30}:\W{0,4}(\d+\.\d+[\w.+-]{0,40})", re.I | re.M),
}


@dataclass
class _Versions:
    torch_tensorrt: str | None = None
    package: str = "torch-tensorrt"
    tensorrt: str | None = None
    torch: str | None = None
    platform: str = "linux_x86_64"
    driver: str | None = None
    torch_cuda: str | None = None
    env: Environment | None = None

    @classmethod
    def gather(cls, text: str, env: Environment | None) -> _Versions:
        v = cls(env=env)
        if env is not None:
            if env.torch_tensorrt is not None:
                v.torch_tensorrt, v.package = env.torch_tensorrt.version, env.torch_tensorrt.name
            v.tensorrt, v.torch = env.tensorrt_version, env.torch
            v.platform = env.platform or v.platform
            v.driver, v.torch_cuda = env.driver, env.torch_cuda
        for key, rx in _TEMPLATE.items():
            m = rx.search(text)
            if m and _is_version(m.group(1)):
                setattr(v, key, m.group(1))
        for m in _PIP_CONFLICT.finditer(text):
            pkg, name = normalise_dist(m["pkg"]), normalise_dist(m["name"])
            if pkg.startswith("torch-tensorrt"):
                v.torch_tensorrt, v.package = m["ver"], pkg
            if name in ("tensorrt", "tensorrt-cu12", "tensorrt-cu13", "tensorrt-rtx"):
                v.tensorrt = m["have"]
            if name == "torch":
                v.torch = m["have"]
        return v


def _is_version(text: str) -> bool:
    from ..versions import parse_version

    try:
        parse_version(text)
    except Exception:  # a UsageError for junk
        return False
    return True


def _split_requirement(req: str) -> tuple[str, str]:
    """``'tensorrt>=10.7.0.post1,<10.8.0'`` -> ``('tensorrt', '>=10.7.0.post1,<10.8.0')``."""
    m = re.match(r"\s*([A-Za-z0-9][\w.-]*)\s*(.*)$", req)
    return (m.group(1), m.group(2).strip().split(";")[0].strip()) if m else (req, "")


def _install(name: str, spec: str) -> str:
    """The pip command for ``name`` within ``spec``: TensorRT pins exactly (its -libs/-bindings must match)."""
    lower = re.search(r"(?:>=|==|~=)\s*([\w.+!-]+)", spec)
    if lower and normalise_dist(name).startswith("tensorrt"):
        return f"pip install '{name}=={lower.group(1)}'"
    return f"pip install '{name}{spec}'"


def _satisfies(version: str, spec: str) -> bool | None:
    from ..versions import satisfies

    try:
        return satisfies(version, spec)
    except Exception:  # unparsable: unknown
        return None


def _release(v: _Versions) -> dict[str, Any] | None:
    if v.torch_tensorrt is None or not _is_version(v.torch_tensorrt):
        return None
    from ..compatibility import matrix

    row, _ = matrix.find_release(v.package, v.torch_tensorrt)
    return row


def _advise_tensorrt(v: _Versions, _text: str) -> list[str]:
    row = _release(v)
    if row is None or not row.get("tensorrt"):
        return []
    pins: dict[str, str] = row["tensorrt"]
    req = pins.get(v.platform) or next(iter(pins.values()))
    name, spec = _split_requirement(req)
    who = f"{row['package'].replace('-', '_')} {v.torch_tensorrt}"
    if v.tensorrt is None:
        return [f"{who} pins {name}{spec}: {_install(name, spec)}"]
    if _satisfies(v.tensorrt, spec) is False:
        return [f"{who} pins {name}{spec}; you have {v.tensorrt}: {_install(name, spec)}"]
    return []


def _advise_torch(v: _Versions, _text: str) -> list[str]:
    row = _release(v)
    if row is not None and row.get("torch"):
        who = f"{row['package'].replace('-', '_')} {v.torch_tensorrt}"
        if v.torch is None:
            return [f"{who} was built against torch{row['torch']}: {_install('torch', row['torch'])}"]
        if _satisfies(v.torch, row["torch"]) is False:
            return [
                f"{who} was built against torch{row['torch']}; you have {v.torch}: {_install('torch', row['torch'])}"
            ]
        return []
    if v.torch is not None and _is_version(v.torch):
        from ..compatibility import matrix

        fits = matrix.releases_for_torch(v.torch, v.package)
        if fits:
            best = fits[-1]["version"]
            return [f"torch {v.torch} fits {v.package} {best}: pip install '{v.package}=={best}'"]
    return []


def _advise_pip_lines(v: _Versions, text: str) -> list[str]:
    lines: list[str] = []
    commands: dict[str, str] = {}
    for m in _PIP_CONFLICT.finditer(text):
        spec = (m["spec"] or "").strip()
        if not spec:
            continue
        lines.append(f"{m['pkg']} {m['ver']} pins {m['req']}{spec}; you have {m['have']}")
        commands.setdefault(normalise_dist(m["req"]), _install(m["req"], spec).removeprefix("pip install "))
    if commands:
        lines.append("pip install " + " ".join(commands.values()))
    return lines + _advise_tensorrt(v, text) if not lines else lines


def _advise_driver(v: _Versions, _text: str) -> list[str]:
    if not v.torch_cuda or v.torch_cuda == "cpu":
        return []
    from ..compatibility import matrix

    cuda_major = v.torch_cuda.split(".")[0]
    minimum = matrix.driver_minimum(cuda_major, v.platform)
    if minimum is None:
        return []
    have = f"; you have {v.driver}" if v.driver else ""
    return [
        f"torch {v.torch or ''} is built for CUDA {v.torch_cuda}, which needs driver ≥ {minimum}{have}".replace(
            "  ", " "
        )
    ]


def _advise_gpu(v: _Versions, text: str) -> list[str]:
    m = re.search(r"Target GPU SM (\d)(\d{1,2})|capability sm_(\d)(\d{1,2})", text, re.I)
    cc = None
    if m:
        major, minor_ = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        cc = f"{major}.{minor_}"
    elif v.env is not None and v.env.gpus:
        cc = v.env.gpus[0].compute_capability
    if cc is None:
        return []
    if v.env is not None:
        from ..compatibility.advice import gpu_advice

        found = gpu_advice(v.env.flavour, v.env.tensorrt_version, cc)
        if found is not None:
            return [f"{found[0]}: {found[1]}"]
    return [
        f"the GPU is compute capability {cc}: `torchtrt-compat suggest --gpu <its name>` lists stacks that support it"
    ]


_ADVISORS: dict[str, Callable[[_Versions, str], list[str]]] = {
    "tensorrt-pin": _advise_tensorrt,
    "torch-pin": _advise_torch,
    "pip-lines": _advise_pip_lines,
    "driver": _advise_driver,
    "gpu": _advise_gpu,
}


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


def _in_versions(v: _Versions, spec: str) -> bool:
    if not spec or v.env is None or v.env.torch_tensorrt is None or not v.env.torch_tensorrt.version:
        return True
    return _satisfies(v.env.torch_tensorrt.version, spec) is not False


def explain(text: str, *, log: str | None = None, env: Environment | None = None) -> Explanations:
    """Every known error found in ``text`` (a message, a traceback or a whole log), the most likely first.

    ``log`` is a build log (e.g. `BuildError.log`, TensorRT's messages) searched with the text; ``env`` is the
    machine (`torchtrt_compat.env.detect_environment()`), whose versions make the fixes concrete. The text's own
    versions (pip's conflict lines, a bug-report template) win over the machine's.
    """
    hay = _window(text or "")
    if log:
        hay = hay + "\n" + _window(log)
    versions: _Versions | None = None
    found: list[Explanation] = []
    lower = hay.lower()
    for c in _compiled():
        if c.literals is not None and not any(word in lower for word in c.literals):
            continue
        m = c.pattern.search(hay)
        if m is None:
            continue
        if c.requires is not None and c.requires.search(hay) is None:
            continue
        if c.unless is not None and c.unless.search(hay) is not None:
            continue
        e = c.entry
        fix, situation = e.fix, None
        for when, variant in c.variants:
            if when.search(hay):
                fix, situation = variant.fix, variant.label
                break
        advice: tuple[str, ...] = ()
        if e.advice:
            versions = versions or _Versions.gather(hay, env)
            try:
                advice = tuple(_ADVISORS[e.advice](versions, hay))
            except Exception:  # advice is a bonus; a missing fact never hides the explanation
                advice = ()
        if versions is None and e.versions and env is not None:
            versions = _Versions.gather(hay, env)
        rank = e.weight + 5.0 * m.end() / max(len(hay), 1)
        if e.versions and versions is not None and not _in_versions(versions, e.versions):
            rank -= 30
        found.append(
            Explanation(
                key=e.key,
                title=e.title,
                cause=e.cause,
                fix=fix,
                situation=situation,
                evidence=_line_at(hay, m.start(), m.end()),
                op=_first_group(c.op.search(hay)) if c.op is not None else None,
                advice=advice,
                commands=e.commands,
                applies=e.applies,
                _entry=e,
                _rank=rank,
            )
        )
    found.sort(key=lambda x: -x._rank)
    return Explanations(found)


# ---- the re-raise ----------------------------------------------------------------------------------------------------
_STAGE_FRAMES = (  # where in torch_tensorrt a traceback ended, for a compile that did not say its stage
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


def _stage_of(text: str, stage: str) -> str:
    if stage in BUILD_STAGES:
        return stage
    last = None
    for name, rx in _STAGE_FRAMES:  # the deepest frame decides: take the stage whose frame comes last
        for m in rx.finditer(text):
            if last is None or m.start() > last[1]:
                last = (name, m.start())
    return last[0] if last else "build"


def _machine() -> Environment | None:
    try:
        from ..env import detect_environment

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
        if log:
            problem += " TensorRT log: " + " | ".join(log.splitlines()[-3:])
        raise BuildError(problem, generic_build_fix(where, op), stage=where, op=op, log=log) from exc
    best = found[0]
    fix = best.fix + "".join(f" {a}." for a in best.advice)
    problem = f"{first[:300]} -- {best.title} [{best.key}]: {best.cause}"
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
