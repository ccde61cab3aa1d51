"""The fuzz suite's oracle and shared settings.

Oracle: nothing but a `CompatError` subclass escapes a library call; a CLI run ends with an exit code in the
documented set and prints no traceback; memory stays bounded. ``TORCHTRT_COMPAT_FUZZ_EXAMPLES`` scales every test
(CI uses the default, sized to finish in about two minutes on two cores).
"""

from __future__ import annotations

import contextlib
import io
import os
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings

from torchtrt_compat import CompatError

#: 0 ok, 1 incompatible/failed, 2 bad usage or input, 3 selftest steps skipped, 130 interrupted (README).
EXIT_CODES = {0, 1, 2, 3, 130}
EXAMPLES = int(os.environ.get("TORCHTRT_COMPAT_FUZZ_EXAMPLES", "60"))
#: Python-level allocations one parse may make: a spec or manifest is limited to a few MB on disk.
MAX_PEAK_BYTES = 96 * 1024 * 1024


def fuzz_settings(scale: float = 1.0) -> settings:
    return settings(
        max_examples=max(5, int(EXAMPLES * scale)),
        deadline=None,
        database=None,
        derandomize=os.environ.get("TORCHTRT_COMPAT_FUZZ_RANDOM") is None,  # CI is reproducible
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )


@contextlib.contextmanager
def bounded_memory(limit: int = MAX_PEAK_BYTES) -> Iterator[None]:
    """Fail when the block allocates more than ``limit`` bytes at its peak (Python allocations, tracemalloc)."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    try:
        yield
    finally:
        _, peak = tracemalloc.get_traced_memory()
        if started:
            tracemalloc.stop()
    assert peak - base <= limit, f"peak allocation {peak - base:,} bytes > {limit:,}"


def only_compat_errors(call: Callable[[], Any]) -> CompatError | None:
    """Run ``call``; a `CompatError` is returned (an accepted outcome), anything else propagates and fails."""
    try:
        call()
    except CompatError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"
        return exc
    return None


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``torchtrt-compat ARGV`` in this process: (exit code, stdout, stderr). argparse's exits count as exits."""
    from torchtrt_compat.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return code, out.getvalue(), err.getvalue()


def assert_clean_exit(argv: list[str], code: int, err: str, out: str = "") -> None:
    assert code in EXIT_CODES, f"{argv!r}: exit {code}"
    assert "Traceback (most recent call last)" not in err, f"{argv!r} printed a traceback:\n{err[-2000:]}"
    if code == 2:
        assert (err + out).strip(), f"{argv!r}: exit 2 without a message (or the help)"
