"""The build farm: many ahead-of-time engine builds from one plan, in parallel, incremental, one process each.

``build_plan("plan.toml")`` (or ``torchtrt-compat build --plan plan.toml``) reads a plan of models x target sets x
precisions, refuses a bad plan before anything is built, skips what is already built and valid (a content hash),
runs the rest in a local process pool or as Ray tasks, and writes a summary (JSON, terminal table, HTML).
Nothing here imports torch; each build imports it in its own process.
"""

from __future__ import annotations

from .plan import Job as Job, Plan as Plan, load_plan as load_plan
from .runner import PlanResult as PlanResult, build_plan as build_plan

__all__ = ["Job", "Plan", "PlanResult", "build_plan", "load_plan"]
