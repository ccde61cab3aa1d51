"""The two exception roots: the user's mistake, or ours.

`CompatError` carries what was found and how to fix it; the CLI prints it as one line and exits with its
``exit_code`` (2 bad usage or input, 1 an incompatible stack or a failed build) without a traceback; IPython and
Jupyter show it as a short panel (`ux.display.error_panel`). `InternalError`
is a bug in torchtrt_compat: it keeps its traceback, and the CLI asks for a report.
"""

from __future__ import annotations

from typing import Literal, get_args

from .ux.display import error_panel, render_traceback

#: Where a build is, or failed: one vocabulary for `BuildError`, progress and troubleshooting.
BuildStage = Literal["export", "lowering", "partitioning", "conversion", "build"]
BUILD_STAGES: tuple[BuildStage, ...] = get_args(BuildStage)


class CompatError(Exception):
    """A problem the user can fix. ``str()`` gives one readable line naming the problem and the fix."""

    exit_code = 2

    def __init__(self, problem: str, fix: str | None = None) -> None:
        self.problem = problem
        self.fix = fix
        super().__init__(f"{problem} Fix: {fix}" if fix else problem)

    def _render_traceback_(self) -> list[str]:
        """In IPython/Jupyter: a short panel (problem, stage, cause, fix; the upstream chain folded) instead of
        pages of library frames. ``TORCHTRT_COMPAT_VERBOSE=1`` gives the whole traceback back."""
        return render_traceback(self)

    def _repr_html_(self) -> str:
        return error_panel(self)


class UsageError(CompatError):
    """Bad arguments, bad spec files, bad input tensors."""


class UnknownArgumentError(UsageError, TypeError):
    """A keyword argument the called function does not take. A `TypeError`, as Python raises for any function, so
    ``except TypeError`` keeps working; a `CompatError`, so it shows as one line on the command line and as a short
    panel in Jupyter."""


class IncompatibleError(CompatError):
    """The installed stack (or the GPU) cannot do what was asked."""

    exit_code = 1


class MissingDependencyError(IncompatibleError, ImportError):
    """A package torchtrt_compat needs for this call is not installed."""


class UpstreamError(IncompatibleError):
    """A known failure inside torch / torch_tensorrt, re-raised with cause and fix; ``__cause__`` is the original."""


class BuildError(UpstreamError):
    """A model failed to export or build. ``stage`` is where (a `BuildStage`: export, lowering, partitioning,
    conversion, build), ``op`` the operator or node when known, ``log`` the TensorRT log lines that explain it when
    captured, ``captured`` everything upstream printed during the build (verbose=False); ``__cause__`` is upstream's
    exception."""

    def __init__(
        self,
        problem: str,
        fix: str | None = None,
        *,
        stage: BuildStage,
        op: str | None = None,
        log: str | None = None,
        captured: list[str] | None = None,
    ) -> None:
        super().__init__(problem, fix)
        self.stage: BuildStage = stage
        self.op = op
        self.log = log
        self.captured: list[str] = list(captured or [])


class InternalError(RuntimeError):
    """A bug in torchtrt_compat (a broken invariant). Please report it with the output of `torchtrt-compat env`."""


def exception_text(exc: BaseException) -> str:
    """``str(exc)``, or the exception's type name when its ``__str__`` itself fails (a model's own exception class
    can raise there, and a failure inside our error handling must not replace the user's error)."""
    try:
        return str(exc)
    except Exception:
        return f"<{type(exc).__name__} whose message cannot be shown>"
