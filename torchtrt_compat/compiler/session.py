"""One build at a time: the session `compile` and `build_engine` run a build in.

Shims patch process-wide objects and torch's tracing state is global, so builds in one process run one after
another (a second thread's build waits, and its report says how long). The session also captures upstream output
for the building thread only (`ux.quiet.captured`) and shows progress.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from .._errors import BuildError
from ..shims import exclusive
from ..ux.progress import progress
from ..ux.quiet import Capture, captured
from .compile_report import CompileReport, attach_log

#: Said in the report of a build that waited for another thread's (builds in one process run one at a time)
WAITED_NOTE = "waited {seconds:.1f} s for another thread's build: builds in one process run one at a time"


@contextlib.contextmanager
def build_session(title: str, verbose: bool | None) -> Iterator[tuple[Capture, float]]:
    """One build at a time in this process (shims patch process-wide objects, and torch's tracing state is
    global), with upstream output captured for this thread and progress shown. Yields the capture and the seconds
    spent waiting for another thread's build.

    A `BuildError` (every stage maps upstream's exceptions to one) carries what was captured (``captured``)."""
    opened: list[Capture] = []
    with exclusive() as waited:
        try:
            with captured(verbose) as capture, progress(title, console=capture.console):
                opened.append(capture)
                yield capture, waited
        except BuildError as exc:  # the capture is complete once its block has closed
            if opened and not opened[0].verbose:
                exc.captured = [*opened[0].lines, *opened[0].unattributed]
            raise


def note_wait(report: CompileReport, waited: float) -> None:
    if waited >= 0.05:
        report.notes.append(WAITED_NOTE.format(seconds=waited))


def attach_capture(report: CompileReport, capture: Capture) -> None:
    """The build's captured output on its report; native lines that may be another thread's stay out of it."""
    attach_log(report, capture)
    if capture.unattributed and not capture.verbose:
        report.notes.append(
            f"{len(capture.unattributed)} native stderr lines written while other threads ran are not in this report "
            "(they may be another thread's)"
        )
