"""The summary of a plan run: JSON (``build-summary.json``), a terminal table and an HTML page
(``build-summary.html``), all from the same rows: what was built, sizes, times, peak memory, engines, ops left in
PyTorch, and each failure with `explain`'s diagnosis."""

from __future__ import annotations

import html
from typing import Any

from ..ux import display as _display
from ..ux.display import safe

FORMAT = "torchtrt_compat.build_summary/1"
OK = ("built", "up to date")


def _mb(n: Any) -> str:
    return f"{int(n) / 1e6:.1f}" if n is not None else "-"


def _ops(row: dict[str, Any]) -> str:
    ops = row.get("pytorch_ops")
    if ops is None:
        return "-"
    return f"{len(ops)}" + (f" ({', '.join(ops[:3])}{', ...' if len(ops) > 3 else ''})" if ops else "")


def columns(row: dict[str, Any]) -> list[str]:
    built = row.get("status") in OK
    return [
        row["name"],
        row["status"],
        f"{row['seconds']:.1f}" if row.get("seconds") is not None else "-",
        f"{row['peak_rss_mb']:.0f}" if row.get("peak_rss_mb") else "-",
        str(row.get("engines", "-")) if built else "-",
        _mb(row.get("folder_bytes")) if built else "-",
        _ops(row) if built else "-",
    ]


HEADER = ["build", "status", "time s", "peak MB", "engines", "size MB", "ops left in PyTorch"]


def table(rows: list[dict[str, Any]], totals: dict[str, Any]) -> str:
    """The terminal table, failures with their diagnosis below it, and a totals line."""
    cells = [HEADER] + [[safe(c) for c in columns(r)] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(HEADER))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    for r in rows:
        if r["status"] in OK:
            continue
        lines.append(safe(f"{r['name']}: {r.get('error') or r['status']}"))
        for d in r.get("diagnosis") or []:
            lines.append(f"  [{d['key']}] {safe(d['fix'])}")
    lines.append(safe(totals_line(totals)))
    return "\n".join(lines)


def totals_line(t: dict[str, Any]) -> str:
    parts = [f"{t['built']} built", f"{t['up_to_date']} up to date", f"{t['failed']} failed"]
    if t.get("not_run"):
        parts.append(f"{t['not_run']} not run")
    return (
        f"{', '.join(parts)} in {t['wall_seconds']:.1f} s ({t['executor']}, {t['workers']} worker"
        f"{'s' if t['workers'] != 1 else ''}); peak build memory {t['peak_rss_mb']:.0f} MB"
    )


def totals(rows: list[dict[str, Any]], wall: float, executor: str, workers: int) -> dict[str, Any]:
    count = {s: sum(1 for r in rows if r["status"] == s) for s in ("built", "up to date", "not run", "interrupted")}
    return {
        "builds": len(rows),
        "built": count["built"],
        "up_to_date": count["up to date"],
        "not_run": count["not run"] + count["interrupted"],
        "failed": sum(1 for r in rows if r["status"] not in (*OK, "not run", "interrupted")),
        "wall_seconds": wall,
        "executor": executor,
        "workers": workers,
        "peak_rss_mb": max((float(r.get("peak_rss_mb") or 0) for r in rows), default=0.0),
    }


def to_json(rows: list[dict[str, Any]], t: dict[str, Any], origin: str) -> dict[str, Any]:
    return {"format": FORMAT, "plan": origin, "totals": t, "builds": rows}


def html_body(rows: list[dict[str, Any]], t: dict[str, Any]) -> str:
    tone = {"built": "ok", "up to date": "info", "not run": "unknown", "interrupted": "unknown"}
    body = []
    for r in rows:
        cells = columns(r)
        cells[1] = _display.badge(r["status"], tone.get(r["status"], "error"))
        body.append([html.escape(safe(c)) if i != 1 else c for i, c in enumerate(cells)])
    parts = [
        f"<p>{html.escape(safe(totals_line(t)))}</p>",
        _display.table(body, HEADER, raw_columns=frozenset(range(len(HEADER)))),
    ]
    for r in rows:
        if r["status"] in OK:
            continue
        # outside text (error messages, paths) without control characters: escaped HTML still carries raw ESC/BEL
        pairs: list[tuple[str, object]] = [("error", safe(str(r.get("error") or r["status"])))]
        pairs += [(safe(f"[{d['key']}] {d['title']}"), safe(str(d["fix"]))) for d in r.get("diagnosis") or []]
        if r.get("log"):
            pairs.append(("log", safe(str(r["log"]))))
        parts.append(_display.section(safe(r["name"]), _display.key_values(pairs)))
    return "".join(parts)
