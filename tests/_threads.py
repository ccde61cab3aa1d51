"""Run a worker in several threads at once and collect what they raise."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


def run_threads(worker: Callable[[int], None], n: int = 8, timeout: float | None = None) -> list[BaseException]:
    """Run ``worker(i)`` in ``n`` threads started together; the exceptions they raised (empty when none). With
    ``timeout`` (seconds for all of them), a thread still running then fails the test (a hang, e.g. a lost
    wake-up) instead of hanging it."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def target(i: int) -> None:
        try:
            barrier.wait()
            worker(i)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=target, args=(i,), daemon=timeout is not None) for i in range(n)]
    for t in threads:
        t.start()
    deadline = None if timeout is None else time.monotonic() + timeout
    for t in threads:
        t.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
    hung = sum(t.is_alive() for t in threads)
    assert not hung, f"{hung} of {n} threads still running after {timeout} s"
    return errors
