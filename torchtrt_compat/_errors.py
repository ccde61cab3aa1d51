"""The two exception roots: the user's mistake, or ours.

`CompatError` carries what was found and how to fix it; the CLI prints it as one line and exits 2 (or 1 for an
incompatible stack) without a traceback. `InternalError` is a bug in torchtrt_compat and keeps its traceback.
"""

from __future__ import annotations


class CompatError(Exception):
    """A problem the user can fix. ``str()`` gives one readable line naming the problem and the fix."""

    exit_code = 2

    def __init__(self, problem: str, fix: str | None = None) -> None:
        self.problem = problem
        self.fix = fix
        super().__init__(f"{problem} Fix: {fix}" if fix else problem)


class UsageError(CompatError):
    """Bad arguments, bad spec files, bad input tensors."""


class IncompatibleError(CompatError):
    """The installed stack (or the GPU) cannot do what was asked."""

    exit_code = 1


class MissingDependencyError(IncompatibleError, ImportError):
    """A package torchtrt_compat needs for this call is not installed."""


class InternalError(RuntimeError):
    """A bug in torchtrt_compat. Please report it with the output of `torchtrt-compat env`."""
