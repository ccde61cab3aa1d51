"""`CompileReport`: what one compile did, attached to the module it returned and to engine artifacts."""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass, field
from typing import Any

_REPORT_ATTR = "_torchtrt_compat_report"


@dataclass
class CompileReport:
    """What one compile did: versions, the path taken, shims, engines, ops left to PyTorch, timings, warnings.

    ``str()`` reads well in a terminal, ``_repr_html_`` renders in Jupyter, ``to_dict()`` / ``to_json()`` are for
    machines (keys include ``trt_engines``, ``pytorch_ops``, ``shims``, ``timings``).
    """

    versions: dict[str, str | None] = field(default_factory=dict)
    path: str = ""  #: e.g. "export -> torch_tensorrt.dynamo.compile", "fallback: inductor"
    shims: list[str] = field(default_factory=list)
    trt_engines: int = 0
    pytorch_ops: list[str] = field(default_factory=list)  #: aten ops left to PyTorch, by name (sorted, unique)
    pytorch_op_reasons: dict[str, str] = field(default_factory=dict)  #: op -> why it cannot go into TensorRT
    trt_op_fraction: float | None = None  #: share of call_function nodes inside TensorRT engines
    timings: dict[str, float] = field(default_factory=dict)  #: seconds: export, lowering, partitioning, build
    settings: dict[str, Any] = field(default_factory=dict)  #: what was passed to torch_tensorrt, after translation
    warnings: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)  #: compute capabilities of an ahead-of-time build
    #: partition="auto" when the whole module did not export: {"policy", "whole_module" (why), "parts" (module
    #: paths built into TensorRT), "in_pytorch" ([module path, reason] pairs)}; empty otherwise
    partition: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return asdict(self)

    def to_json(self) -> str:
        """`to_dict` as indented JSON."""
        return json.dumps(self.to_dict(), indent=2, default=str)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CompileReport:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def _rows(self) -> list[tuple[str, str]]:
        versions = ", ".join(f"{k} {v}" for k, v in self.versions.items() if v) or "unknown"
        timings = ", ".join(f"{k} {v:.2f}s" for k, v in self.timings.items()) or "-"
        share = f"{self.trt_op_fraction:.0%}" if self.trt_op_fraction is not None else "-"
        return [
            ("path", self.path),
            ("versions", versions),
            ("targets", ", ".join(f"sm_{c.replace('.', '')}" for c in self.targets) or "-"),
            ("shims active", ", ".join(self.shims) or "none"),
            ("TensorRT engines", str(self.trt_engines)),
            ("ops in TensorRT", share),
            ("ops left to PyTorch", ", ".join(self._op_text(op) for op in self.pytorch_ops) or "none"),
            *self._partition_rows(),
            ("timings", timings),
        ]

    def _partition_rows(self) -> list[tuple[str, str]]:
        if not self.partition:
            return []
        parts = self.partition.get("parts") or []
        kept = self.partition.get("in_pytorch") or []
        why = self.partition.get("whole_module")
        return [
            ("partition", f"{self.partition.get('policy')}: the whole module was not exported ({why})"),
            ("parts in TensorRT", ", ".join(parts) or "none"),
            ("left in PyTorch", "; ".join(f"{path} ({why})" for path, why in kept) or "none"),
        ]

    def _op_text(self, op: str) -> str:
        why = self.pytorch_op_reasons.get(op)
        return f"{op} ({why})" if why else op

    def __str__(self) -> str:
        width = max(len(k) for k, _ in self._rows())
        lines = ["torchtrt_compat compile report"] + [f"  {k:<{width}} : {v}" for k, v in self._rows()]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cells = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
            f"<td style='text-align:left'>{html.escape(v)}</td></tr>"
            for k, v in self._rows()
        )
        warns = "".join(f"<li>{html.escape(w)}</li>" for w in self.warnings)
        return (
            "<div><b>torchtrt_compat compile report</b><table>"
            + cells
            + "</table>"
            + (f"<b>warnings</b><ul>{warns}</ul>" if warns else "")
            + "</div>"
        )


def attach(module: Any, report: CompileReport) -> None:
    try:
        object.__setattr__(module, _REPORT_ATTR, report)
    except (AttributeError, TypeError):  # e.g. a C-implemented callable from torch.compile
        pass


def report(module: Any) -> CompileReport:
    """The `CompileReport` of a module returned by `torchtrt_compat.compile` (or an `EngineArtifact`)."""
    found = getattr(module, _REPORT_ATTR, None) or getattr(module, "report", None)
    if not isinstance(found, CompileReport):
        from .._errors import UsageError

        raise UsageError(
            f"{type(module).__name__} carries no torchtrt_compat report.",
            "pass a module returned by torchtrt_compat.compile or an EngineArtifact",
        )
    return found
