"""One exception type for every failed build: `BuildError`, with the stage, the op or node, and TensorRT's log.

`raise_build_error` hands upstream's exception to the troubleshooting table (`troubleshooting.reraise_explained`),
which raises a `BuildError` with the known cause and fix, or, for an error nobody recognised, one naming the stage,
the op and a fix for them. Upstream's exception is always the ``__cause__``. The stage, node and TensorRT log it
is given come from the build's observer (`watch.BuildWatch`).
"""

from __future__ import annotations

from typing import NoReturn

from .._errors import BuildError, BuildStage, CompatError, InternalError, UpstreamError
from ..troubleshooting import reraise_explained


def raise_build_error(
    exc: BaseException, *, stage: BuildStage, op: str | None = None, node: str | None = None, log: str | None = None
) -> NoReturn:
    """Raise a `BuildError` for ``exc`` (upstream's failure at ``stage``), from ``exc``. A `CompatError` of ours
    (a usage problem found while building) goes out unchanged; everything else goes through the troubleshooting
    table (`troubleshooting.reraise_explained`), which gives known errors their cause and fix and unknown ones a
    fix for their stage and op."""
    if isinstance(exc, CompatError):
        raise exc

    try:
        reraise_explained(exc, stage=stage, op=op, node=node, log=log)
    except BuildError as explained:
        said = first_error_line(log)
        if said is None or said[:80] in explained.problem:
            raise
        # the log's own ERROR line says what the builder could not do (e.g. no tactic within the workspace limit)
        raise BuildError(
            f"{explained.problem} TensorRT said: {said}",
            explained.fix,
            stage=explained.stage,
            op=explained.op,
            log=explained.log,
            captured=explained.captured,
        ) from exc
    except UpstreamError as known:  # a known upstream failure outside the build stages: still a failed build
        raise BuildError(known.problem, known.fix, stage=stage, op=op, log=log) from exc
    raise InternalError(f"reraise_explained returned for a {stage} failure")  # it always raises


def first_error_line(log: str | None, limit: int = 400) -> str | None:
    """The first ``ERROR`` (or ``CRITICAL``) line of a build's TensorRT log, less the lines every host without a
    driver logs (`NO_GPU_NOISE`), cut to ``limit`` characters; None when there is none."""
    for line in (log or "").splitlines():
        text = line.strip()
        if text.startswith(("ERROR", "CRITICAL")) and not any(noise in text for noise in NO_GPU_NOISE):
            return text if len(text) <= limit else text[: limit - 1] + "…"
    return None


#: What TensorRT-RTX logs on every host without an NVIDIA driver, failed build or not: on such a host (an
#: ahead-of-time build) it is never the cause, and matching it sent converter failures to "update the driver".
NO_GPU_NOISE = ("CUDA driver version is insufficient",)
