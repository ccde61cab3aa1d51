"""Check a whole fleet: JSON lines of ``torchtrt-compat env --json`` outputs (or specs), or a folder of target files.

One row per host and a summary by verdict and by cause. A host whose line or file is bad gets its own ``error`` row
with the message; the rest of the fleet is still checked. Results are cached per distinct stack, so 10,000 hosts
running a handful of images cost a handful of checks.
"""

from __future__ import annotations

import html
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from .. import _bounded
from .._errors import CompatError, UsageError
from ..ux import display as _display
from . import matrix
from .rules import Finding, check_environment
from .target import Overrides, Target, apply_overrides, read_target, target_from_object, to_environment

HostVerdict = Literal["compatible", "incompatible", "unknown", "error"]
_VERDICTS: tuple[HostVerdict, ...] = ("incompatible", "unknown", "error", "compatible")
_TONES = {"compatible": "ok", "incompatible": "error", "unknown": "unknown", "error": "warning"}
#: Files of a fleet folder that are read (specs, env --json outputs, pip freezes).
FOLDER_SUFFIXES = (".json", ".txt")
MAX_FOLDER_FILES = 100_000
_EMPTY = (
    "no hosts: the fleet input is empty or holds only blank lines, so nothing was checked (exit 3). "
    "Fix: write one `torchtrt-compat env --json` output per line, one line per host."
)


@dataclass(frozen=True)
class HostResult:
    """One host: its name, verdict (``error`` when its input could not be read) and findings (or the error)."""

    host: str
    verdict: HostVerdict
    findings: tuple[Finding, ...] = ()
    error: str | None = None
    _dicts: tuple[dict[str, Any], ...] | None = field(default=None, repr=False, compare=False)

    @property
    def causes(self) -> list[str]:
        """The codes that decided the verdict (errors, then unknowns), each once; ``bad-input`` for an error row."""
        if self.verdict == "error":
            return ["bad-input"]
        codes = [f.code for f in self.findings if f.severity in ("error", "unknown")]
        return list(dict.fromkeys(codes))

    def __repr__(self) -> str:
        why = self.error if self.error is not None else ", ".join(self.causes) or "-"
        return f"HostResult({self.host!r}: {self.verdict}; {_display.short(why, 90)})"

    def _repr_html_(self) -> str:
        rows = [(f.severity, f.code, f.message, f.fix) for f in self.findings]
        if self.error is not None:
            rows = [("error", "bad-input", self.error, "")]
        return (
            f"<div>{html.escape(self.host)} {_display.badge(self.verdict, _TONES[self.verdict])}"
            + _display.table(rows, ("severity", "code", "finding", "fix"))
            + "</div>"
        )

    def to_dict(self) -> dict[str, Any]:
        findings = list(self._dicts) if self._dicts is not None else [asdict(f) for f in self.findings]
        data: dict[str, Any] = {"host": self.host, "verdict": self.verdict, "findings": findings}
        if self.error is not None:
            data["error"] = self.error
        return data


@dataclass
class FleetReport:
    """The fleet's rows and summary. ``exit_code``: 1 if any host is incompatible, else 3 if any is unknown or
    unreadable, else 0."""

    source: str
    hosts: list[HostResult] = field(default_factory=list)
    distinct_stacks: int = 0

    @property
    def by_verdict(self) -> dict[str, int]:
        counts = Counter(h.verdict for h in self.hosts)
        return {v: counts[v] for v in _VERDICTS if counts[v]}

    @property
    def by_cause(self) -> dict[str, int]:
        counts = Counter(code for h in self.hosts for code in h.causes)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    @property
    def exit_code(self) -> int:
        if not self.hosts:
            return 3  # nothing was checked: an empty inventory is no passing fleet
        verdicts = self.by_verdict
        if verdicts.get("incompatible"):
            return 1
        return 3 if verdicts.get("unknown") or verdicts.get("error") else 0

    def summary(self) -> dict[str, Any]:
        return {"by_verdict": self.by_verdict, "by_cause": self.by_cause}

    def to_dict(self) -> dict[str, Any]:
        """``{"summary": {"by_verdict", "by_cause"}, "hosts": [{"host", "verdict", "findings"}, ...]}`` (+ source)."""
        return {
            "source": self.source,
            "matrix_snapshot": matrix.snapshot_date(),
            "matrix_source": matrix.snapshot_source(),
            "summary": self.summary(),
            "hosts": [h.to_dict() for h in self.hosts],
        }

    def to_json(self) -> str:
        """Compact JSON, one line per host (a fleet's output is large; indenting it triples the time to write)."""
        data = self.to_dict()
        hosts = data.pop("hosts")
        head = json.dumps(data, separators=(",", ":"))[:-1]
        rows = ",\n".join(json.dumps(h, separators=(",", ":")) for h in hosts)
        return f'{head},"hosts":[\n{rows}\n]}}'

    def _line(self) -> str:
        verdicts = ", ".join(f"{n} {v}" for v, n in self.by_verdict.items()) or "no hosts"
        return f"{len(self.hosts)} hosts ({verdicts}); {self.distinct_stacks} distinct stacks"

    def __str__(self) -> str:
        width = min(40, max([len("host")] + [len(_display.safe(h.host)) for h in self.hosts]))
        lines = [
            f"fleet {self.source}: {self._line()}; matrix snapshot {matrix.snapshot_date()} "
            f"({matrix.snapshot_source()})",
            "",
        ]
        if not self.hosts:
            lines.append(_EMPTY)
            return "\n".join(lines)
        lines.append(f"{'host':<{width}}  {'verdict':<12}  causes")
        lines.append(f"{'-' * width}  {'-' * 12}  {'-' * 30}")
        for h in self.hosts:
            why = h.error if h.error is not None else ", ".join(h.causes) or "-"
            lines.append(f"{_display.short(h.host, width):<{width}}  {h.verdict:<12}  {_display.short(why, 100)}")
        lines += ["", "by verdict: " + (", ".join(f"{v} {n}" for v, n in self.by_verdict.items()) or "-")]
        lines.append("by cause:")
        examples = self._examples()
        for code, n in self.by_cause.items():
            lines.append(f"  {n:>6}  {code}: {_display.short(examples.get(code, ''), 110)}")
        return _display.safe("\n".join(lines))

    def _examples(self) -> dict[str, str]:
        """One message and fix per cause code, for the summary."""
        found: dict[str, str] = {}
        for h in self.hosts:
            for f in h.findings:
                if f.severity in ("error", "unknown") and f.code not in found:
                    found[f.code] = f"{f.message} Fix: {f.fix}" if f.fix else f.message
            if h.error is not None and "bad-input" not in found:
                found["bad-input"] = h.error
        return found

    def __repr__(self) -> str:
        return f"FleetReport({self._line()})\n  source: {_display.short(self.source, 80)}"

    def _repr_html_(self) -> str:
        return self._html_body(limit=200)

    def _html_body(self, limit: int | None = None) -> str:
        verdicts = " ".join(_display.badge(f"{v} {n}", _TONES[v]) for v, n in self.by_verdict.items())
        examples = self._examples()
        causes = _display.table(
            [(n, code, examples.get(code, "")) for code, n in self.by_cause.items()], ("hosts", "cause", "what and fix")
        )
        shown = self.hosts if limit is None else self.hosts[:limit]
        rows = [
            (
                h.host,
                _display.badge(h.verdict, _TONES[h.verdict]),
                h.error
                if h.error is not None
                else "; ".join(
                    f"{f.code}: {f.message.rstrip('.')}" for f in h.findings if f.severity in ("error", "unknown")
                )
                or "-",
            )
            for h in shown
        ]
        more = f"<p>… and {len(self.hosts) - len(shown)} more hosts</p>" if len(shown) < len(self.hosts) else ""
        return (
            f"<div><div>{html.escape(self._line())} &middot; matrix snapshot {matrix.snapshot_date()}</div>"
            f"<div>{verdicts}</div>"
            + _display.section("By cause", causes)
            + _display.section("Hosts", _display.table(rows, ("host", "verdict", "why"), raw_columns=frozenset({1})))
            + more
            + "</div>"
        )

    def to_html(self) -> str:
        """A standalone page a team can share (``check --fleet ... --html FILE``)."""
        return _display.page(f"torchtrt-compat fleet check: {self.source}", self._html_body())


# -- reading ---------------------------------------------------------------------------------------------------------


def _host_name(target: Target, default: str) -> str:
    host = target.spec.get("host")
    return host if isinstance(host, str) and host.strip() else default


def _iter_raw(
    source: str | os.PathLike[str],
) -> Iterable[tuple[str, Target | CompatError | dict[str, Any], str]]:
    """(default host name, parsed JSON object / target / error, origin): JSON lines stay parsed objects so that a
    stack seen before is recognised without building its target again."""
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in FOLDER_SUFFIXES and not p.name.startswith("."))
        if len(files) > MAX_FOLDER_FILES:
            raise UsageError(
                f"fleet folder {path} holds {len(files):,} files.", f"split it (at most {MAX_FOLDER_FILES:,})"
            )
        if not files:
            raise UsageError(
                f"fleet folder {path} holds no .json or .txt files.", "put one spec or env --json output per host there"
            )
        for p in files:
            try:
                target = read_target(p)
            except CompatError as exc:
                yield p.stem, exc, str(p)
                continue
            yield _host_name(target, p.stem), target, str(p)
        return
    data = _bounded.read_bytes(
        path,
        limit=_bounded.MAX_FLEET_BYTES,
        what="fleet file",
        fix="pass JSON lines of `env --json` outputs or a folder",
    )
    # Lines end at "\n" only: JSON strings may hold U+2028, U+0085 and the other characters str.splitlines() also
    # breaks at. Each line is decoded on its own, so one line in another encoding is one bad row, not a bad fleet.
    for number, raw in enumerate(data.removeprefix(b"\xef\xbb\xbf").split(b"\n"), 1):
        raw = raw.removesuffix(b"\r")
        if not raw.strip():
            continue
        where = f"line {number}"
        try:
            item = _bounded.loads_json(raw, what=f"{path} {where}")
        except CompatError as exc:
            yield where, exc, f"{path} {where}"
            continue
        if not isinstance(item, dict):
            problem = UsageError(
                f"{path} {where} must be a JSON object, got {type(item).__name__}.",
                "write one `env --json` output (or spec) per line",
            )
            yield where, problem, f"{path} {where}"
            continue
        yield where, item, f"{path} {where}"


def _key(target: Target) -> str:
    spec = {k: v for k, v in target.spec.items() if k != "host"}
    return json.dumps(
        [spec, target.installed, target.torch_cuda, target.built, target.torch_arch], sort_keys=True, default=str
    )


def _check_overrides(overrides: Overrides | None) -> None:
    """A bad flag is one `UsageError` before any host is read, not an error row on every host."""
    if overrides:
        to_environment(apply_overrides(target_from_object({}, "the command-line flags"), overrides))


def _bad_host(item: dict[str, Any], origin: str) -> UsageError | None:
    """The ``host`` field is checked before the per-stack cache, which is keyed by the stack alone."""
    name = item.get("host")
    if name is None or isinstance(name, str):
        return None
    return UsageError(
        f'{origin}: "host" must be a string, got {_display.short(repr(name), 40)}.', 'write "host": "gpu-node-01"'
    )


def check_fleet(source: str | os.PathLike[str], overrides: Overrides | None = None) -> FleetReport:
    """Check every host of ``source`` (a JSON-lines file or a folder), one distinct stack once.

    A fleet with no host at all exits 3 (unknown) with a message: a gate such as
    ``check --fleet hosts.jsonl && deploy`` must not pass on an empty inventory.
    """
    _check_overrides(overrides)
    report = FleetReport(str(source))
    cache: dict[str, HostResult | CompatError] = {}
    for host, item, origin in _iter_raw(source):
        if isinstance(item, CompatError):
            report.hosts.append(HostResult(host, "error", error=str(item)))
            continue
        if isinstance(item, dict):
            bad = _bad_host(item, origin)
            if bad is not None:
                report.hosts.append(HostResult(host, "error", error=str(bad)))
                continue
            name = item.get("host")
            if isinstance(name, str) and name.strip():
                host = name
            key = repr({k: v for k, v in item.items() if k != "host"})  # same stack, same key, whatever the host
        else:
            host = _host_name(item, host)
            key = _key(item)
        result = cache.get(key)
        if result is None:
            try:
                target = target_from_object(item, origin) if isinstance(item, dict) else item
                target = apply_overrides(target, overrides) if overrides else target
                env = to_environment(target)
                checked = check_environment(env, local=target.installed)
                findings = tuple(checked.findings)
                result = HostResult("", checked.verdict, findings, _dicts=tuple(asdict(f) for f in findings))
            except CompatError as exc:
                result = exc
            cache[key] = result
        if isinstance(result, CompatError):
            report.hosts.append(HostResult(host, "error", error=str(result)))
        else:
            report.hosts.append(HostResult(host, result.verdict, result.findings, _dicts=result._dicts))
    report.distinct_stacks = len(cache)
    return report
