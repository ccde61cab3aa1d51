"""`CompileReport`: what one compile did, attached to the module it returned and to engine artifacts."""

from __future__ import annotations

import functools
import json
import textwrap
import types
import typing
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from .._errors import UsageError
from ..ux.display import badge, bullet_list, compact_repr, key_values, section, short
from ..versions import sm_name

#: How a compile went: the report's ``route``.
Route = Literal["dynamo", "partitioned", "aot", "torch_compile", "legacy", "fallback"]
ROUTES: tuple[Route, ...] = ("dynamo", "partitioned", "aot", "torch_compile", "legacy", "fallback")

_REPORT_ATTR = "_torchtrt_compat_report"
_REBUILD = "rebuild the artifact (torchtrt-compat build ...) instead of editing its report"


@dataclass
class CompileReport:
    """What one compile did: versions, the path taken, shims, engines, ops left to PyTorch, timings, settings.

    ``str()`` reads well in a terminal, ``_repr_html_`` renders in Jupyter, ``to_dict()`` / ``to_json()`` are for
    machines (keys include ``trt_engines``, ``pytorch_ops``, ``shims``, ``shims_changed``, ``settings``,
    ``timings``).
    """

    versions: dict[str, str | None] = field(default_factory=dict)
    path: str = ""  #: e.g. "export -> torch_tensorrt.dynamo.compile", "fallback: inductor"
    shims: list[str] = field(default_factory=list)  #: every shim that was active
    trt_engines: int = 0
    pytorch_ops: list[str] = field(default_factory=list)  #: aten ops left to PyTorch, by name (sorted, unique)
    pytorch_op_reasons: dict[str, str] = field(default_factory=dict)  #: op -> why it cannot go into TensorRT
    trt_op_fraction: float | None = None  #: share of call_function nodes inside TensorRT engines
    timings: dict[str, float] = field(default_factory=dict)  #: seconds: export, lowering, partitioning, build
    settings: dict[str, Any] = field(default_factory=dict)  #: what was passed to torch_tensorrt, after translation
    warnings: list[str] = field(default_factory=list)  #: things the user should act on
    targets: list[str] = field(default_factory=list)  #: compute capabilities of an ahead-of-time build
    shims_changed: list[str] = field(default_factory=list)  #: shims that changed the graph (a subset of ``shims``)
    notes: list[str] = field(default_factory=list)  #: how the settings were translated for the installed release
    log: list[str] = field(default_factory=list)  #: upstream output captured during the compile (verbose=False)
    log_file: str | None = None  #: where that output was written, when a file was asked for (CLI ``build``)
    #: partition="auto" when the whole module did not export: {"policy", "whole_module" (why), "parts" (module
    #: paths built into TensorRT), "in_pytorch" ([module path, reason] pairs), "ops" (the model's aten ops in one
    #: eager run: "model", "in_parts", "in_tensorrt", "left_in_pytorch")}; empty otherwise
    partition: dict[str, Any] = field(default_factory=dict)
    #: how it was compiled: "dynamo", "partitioned", "aot", "torch_compile", "legacy" (ir="ts"/"fx") or "fallback"
    #: (PyTorch ran it); None in reports written before 0.3
    route: Route | None = None
    #: each input as built: ``name``, ``dtype`` and ``shape``, or ``min_shape``/``opt_shape``/``max_shape`` for a
    #: dynamic one (what the artifact's run-time guard checks); empty in reports written before 0.4
    inputs: list[dict[str, Any]] = field(default_factory=list)
    #: the graph handed to TensorRT, run in PyTorch against the model (`compiler.rewrite_check`): {"status"
    #: ("passed", "reduced precision", "not deterministic", "not run", "off"), "tolerance", "draws",
    #: "largest_rel_error", "outputs" ([{"output", "max_abs", "rel", "dtype"}], worst first), "seconds", "rewrites",
    #: "reason"}; empty for routes that build no graph of their own (torch.compile, legacy, fallback)
    rewrite_check: dict[str, Any] = field(default_factory=dict)
    #: a fallback: each requested setting PyTorch did not apply, with what happens instead (e.g. FP16 asked for, the
    #: outputs are FP32)
    not_applied: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return asdict(self)

    def to_json(self) -> str:
        """`to_dict` as indented JSON."""
        return json.dumps(self.to_dict(), indent=2, default=str)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CompileReport:
        """The report ``to_dict`` wrote; a field of the wrong type (a report edited by hand, or by someone else) is a
        `UsageError` naming the field, so that a loaded report never breaks later in ``summary()`` or Jupyter. A route
        this release does not know (a newer writer's) reads as None."""
        if not isinstance(data, dict):
            raise UsageError(f"A compile report must be a JSON object, got {type(data).__name__}.", _REBUILD)
        hints = _field_types()
        known = {k: v for k, v in data.items() if k in hints}
        if known.get("route") not in ROUTES:
            known["route"] = None
        for name, value in known.items():
            if not _fits(value, hints[name]):
                raise UsageError(
                    f"The compile report's {name!r} is {short(repr(value), 60)}, not {_type_text(hints[name])}.",
                    _REBUILD,
                )
        partition = known.get("partition") or {}
        for key, hint in _PARTITION_FIELDS.items():
            if key in partition and not _fits(partition[key], hint):
                raise UsageError(
                    f"The compile report's partition {key!r} is {short(repr(partition[key]), 60)}, not "
                    f"{_type_text(hint)}.",
                    _REBUILD,
                )
        return cls(**known)

    def _rows(self) -> list[tuple[str, str]]:
        versions = ", ".join(f"{k} {v}" for k, v in self.versions.items() if v) or "unknown"
        timings = ", ".join(f"{k} {_seconds(v)}" for k, v in self.timings.items() if v >= 0.005) or "-"
        share = f"{self.trt_op_fraction:.0%}" if self.trt_op_fraction is not None else "-"
        counted = self.partition.get("ops") if isinstance(self.partition.get("ops"), dict) else None
        if counted and self.trt_op_fraction is not None and counted.get("model"):
            left = counted.get("left_in_pytorch", 0) / counted["model"]
            share += f" of the model's ops (one eager run; {left:.0%} are in modules left in PyTorch)"
        others = [s for s in self.shims if s not in self.shims_changed]
        if self.route == "fallback":  # nothing was compiled: no settings, shims, ops or timings to show
            rows = [("path", self.path), ("versions", versions), ("TensorRT engines", "0")]
            rows += [("not applied", "; ".join(self.not_applied))] if self.not_applied else []
        else:
            rows = [
                ("path", self.path),
                ("versions", versions),
                *([("targets", ", ".join(sm_name(c) for c in self.targets))] if self.targets else []),
                *([("inputs", "; ".join(input_lines(self.inputs)))] if self.inputs else []),
                ("settings passed", ", ".join(f"{k}={v}" for k, v in self.settings.items()) or "none (defaults)"),
                ("shims that changed the graph", ", ".join(self.shims_changed) or "none"),
                ("other shims active", ", ".join(others) or "none"),
                ("TensorRT engines", str(self.trt_engines)),
                ("ops in TensorRT", share),
                ("ops left to PyTorch", ", ".join(self._op_text(op) for op in self.pytorch_ops) or "none"),
                *self._partition_rows(),
                *self._check_rows(),
                ("timings", timings),
            ]
        if self.log or self.log_file:
            where = self.log_file or "report.log; verbose=True shows it live"
            rows.append(("upstream output", f"{len(self.log)} lines captured ({where})"))
        return rows

    def _partition_rows(self) -> list[tuple[str, str]]:
        if not self.partition:
            return []
        parts = self.partition.get("parts") or []
        kept = self.partition.get("in_pytorch") or []
        why = self.partition.get("whole_module")
        return [
            ("partition", f"{self.partition.get('policy')}: the whole module was not exported ({why})"),
            ("parts in TensorRT", ", ".join(parts) or "none"),
            (
                "left in PyTorch",
                "; ".join(f"{path} ({why})" for path, why in kept)
                or "only the code between the parts (the rest of the model's forward)",
            ),
        ]

    def _check_rows(self) -> list[tuple[str, str]]:
        check = self.rewrite_check
        if not check:
            return []
        status = str(check.get("status", "?"))
        if status in ("off", "not run"):
            return [("rewrite check", f"{status}: {check.get('reason') or '-'}")]
        worst = check.get("largest_rel_error", 0.0)
        worst_text = f"{worst:.2g}" if isinstance(worst, (int, float)) else str(worst)
        text = (
            f"{status}: the graph handed to TensorRT vs the model, largest relative error {worst_text} over "
            f"{check.get('draws', 0)} input draws (tolerance {check.get('tolerance')}; "
            f"{_seconds(float(check.get('seconds') or 0.0))})"
        )
        if check.get("reason"):
            text += f"; {check['reason']}"
        return [("rewrite check", text)]

    def _op_text(self, op: str) -> str:
        why = self.pytorch_op_reasons.get(op)
        return f"{op} ({why})" if why else op

    def __str__(self) -> str:
        return self.format()

    def format(self, extra: Sequence[tuple[str, str]] = (), width: int = 120) -> str:
        """The terminal text: one row per fact (``extra`` rows after them, aligned alike), each value wrapped at
        ``width`` columns under its own start, then the notes and warnings."""
        rows = [*self._rows(), *extra]
        key = max(len(k) for k, _ in rows)
        indent = " " * (key + 5)
        lines = ["torchtrt_compat compile report"]
        for k, v in rows:
            text = f"  {k:<{key}} : {v}"
            lines += textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [text]
        lines += [f"  note: {n}" for n in self.notes]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def __repr__(self) -> str:
        engines = f"{self.trt_engines} TensorRT engine{'s' if self.trt_engines != 1 else ''}"
        left = f"{len(self.pytorch_ops)} op{'s' if len(self.pytorch_ops) != 1 else ''} left to PyTorch"
        warn = f", {len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}" if self.warnings else ""
        return compact_repr(f"CompileReport: {engines}, {left}{warn}", self.path)

    def _repr_html_(self) -> str:
        rows = self._rows()
        if self.warnings:
            verdict = badge(f"{len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}", "warning")
        elif self.route == "fallback":
            verdict = badge("PyTorch fallback", "warning")
        else:
            verdict = badge(f"{self.trt_engines} TensorRT engine{'s' if self.trt_engines != 1 else ''}", "ok")
        parts = [key_values(rows)]
        if self.notes:
            parts.append(section("notes", bullet_list(self.notes)))
        if self.warnings:
            parts.append(section("warnings", bullet_list(self.warnings)))
        return "<div>" + f"<b>torchtrt_compat compile report</b> {verdict}" + "".join(parts) + "</div>"


def input_lines(specs: list[dict[str, Any]]) -> list[str]:
    """One line per input, for reports and cards: ``x: float32 [1..32, 3, 224, 224] (opt 8)``. Reads a report from
    disk too, so anything of an odd type shows as ``?``."""

    def sizes(value: Any) -> list[int]:
        return (
            [v if isinstance(v, int) and not isinstance(v, bool) else -1 for v in value][:16]
            if isinstance(value, list)
            else []
        )

    lines = []
    for spec in specs[:64]:
        if not isinstance(spec, dict):
            continue
        name, dtype = short(str(spec.get("name", "input")), 40), short(str(spec.get("dtype", "?")), 20)
        if "python" in spec:
            lines.append(f"{name}: {short(str(spec['python']), 20)}")
        elif "shape" in spec:
            lines.append(f"{name}: {dtype} [{', '.join(str(s) for s in sizes(spec['shape']))}]")
        else:
            lo, opt, hi = (sizes(spec.get(k)) for k in ("min_shape", "opt_shape", "max_shape"))
            dims = [str(a) if a == c else f"{a}..{c if c >= 0 else '?'}" for a, c in zip(lo, hi, strict=False)]
            tuned = [str(o) for a, o, c in zip(lo, opt, hi, strict=False) if a != c]
            lines.append(f"{name}: {dtype} [{', '.join(dims)}] (opt {', '.join(tuned) or '?'})")
    return lines


def _seconds(value: float) -> str:
    return f"{value:.2f}s" if value < 10 else f"{value:.1f}s"


def attach_report(module: Any, report: CompileReport) -> None:
    try:
        object.__setattr__(module, _REPORT_ATTR, report)
    except (AttributeError, TypeError):  # e.g. a C-implemented callable from torch.compile
        pass


def report_of(obj: Any) -> CompileReport | None:
    """``obj`` itself when it is a report, else the report attached to it (None when there is none)."""
    found = obj if isinstance(obj, CompileReport) else getattr(obj, _REPORT_ATTR, None)
    return found if isinstance(found, CompileReport) else None


def attach_log(obj: Any, capture: Any) -> None:
    """Put the upstream output a `_quiet.captured` block collected on ``obj``'s report (a report or a module)."""
    found = report_of(obj)
    if found is not None and not capture.verbose:
        found.log = list(capture.lines)


def report(module: Any) -> CompileReport:
    """The `CompileReport` of a module returned by `torchtrt_compat.compile` (or an `EngineArtifact`)."""
    found = getattr(module, _REPORT_ATTR, None) or getattr(module, "report", None)
    if not isinstance(found, CompileReport):
        raise UsageError(
            f"{type(module).__name__} carries no torchtrt_compat report.",
            "pass a module returned by torchtrt_compat.compile or an EngineArtifact",
        )
    return found


#: the shape of `CompileReport.partition` (what `_partition_rows` shows): a report read back is checked against it
_PARTITION_FIELDS: dict[str, Any] = {
    "policy": str | None,
    "whole_module": str | None,
    "parts": list[str],
    "in_pytorch": list[tuple[str, str]],
}


@functools.cache
def _field_types() -> dict[str, Any]:
    return typing.get_type_hints(CompileReport)


def _fits(value: Any, hint: Any) -> bool:
    """Does JSON ``value`` fit the annotation ``hint`` (str, int, float, bool, Any, ``X | None``, ``list[X]``,
    ``dict[str, X]``)?"""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if origin is list:
        return isinstance(value, list) and all(_fits(v, args[0]) for v in value)
    if origin is tuple:  # a JSON array of fixed length
        return (
            isinstance(value, (list, tuple))
            and len(value) == len(args)
            and all(_fits(v, a) for v, a in zip(value, args, strict=True))
        )
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) and _fits(v, args[1]) for k, v in value.items())
    if hint is type(None):
        return value is None
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _type_text(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")
