"""What an ``--upgrade`` changes: the verdict before and after, and the findings it adds or removes.

The CLI only prints this; a notebook or a script gets the same comparison from `what_if`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .rules import CheckReport, Finding

_DECIDING = ("error", "unknown")


@dataclass
class WhatIf:
    """``upgrades`` applied over ``over``: ``before`` / ``after`` verdicts, deciding findings it ``breaks`` (new) and
    ``resolved`` (gone)."""

    upgrades: list[str]
    over: str
    verdict_before: str
    verdict_after: str
    breaks: list[Finding] = field(default_factory=list)
    resolved: list[Finding] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The ``what_if`` object of ``check --json``."""
        return {
            "upgrades": list(self.upgrades),
            "over": self.over,
            "verdict_before": self.verdict_before,
            "verdict_after": self.verdict_after,
            "breaks": [asdict(f) for f in self.breaks],
            "resolved": [asdict(f) for f in self.resolved],
        }

    def __str__(self) -> str:
        lines = [
            "",
            f"what if {', '.join(self.upgrades)} (over {self.over}): "
            f"{self.verdict_before.upper()} -> {self.verdict_after.upper()}",
        ]
        if not self.breaks:
            lines.append("  nothing breaks that was not already broken")
        for f in self.breaks:
            lines.append(f"  breaks [{f.severity}] {f.component}: {f.message}")
            if f.fix:
                lines.append(f"      fix: {f.fix}")
        for f in self.resolved:
            lines.append(f"  resolves [{f.severity}] {f.component}: {f.message}")
        return "\n".join(lines)


def what_if(before: CheckReport, after: CheckReport, upgrades: list[str], over: str) -> WhatIf:
    """Compare the reports of a target without and with ``upgrades`` (errors and unknowns only)."""
    seen = {(f.code, f.message) for f in before.findings}
    now = {(f.code, f.message) for f in after.findings}
    return WhatIf(
        list(upgrades),
        over,
        before.verdict,
        after.verdict,
        [f for f in after.findings if f.severity in _DECIDING and (f.code, f.message) not in seen],
        [f for f in before.findings if f.severity in _DECIDING and (f.code, f.message) not in now],
    )
