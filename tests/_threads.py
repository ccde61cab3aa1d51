"""Run a worker in several threads at once and collect what they raise."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest


def run_threads(worker: Callable[[int], None], n: int = 8, timeout: float = 120.0) -> list[BaseException]:
    """Run ``worker(i)`` in ``n`` threads started together; the exceptions they raised (empty when none). A thread
    still running after ``timeout`` seconds fails the test (a lost wake-up or a deadlock would hang it)."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def target(i: int) -> None:
        try:
            barrier.wait()
            worker(i)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + timeout
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
        if t.is_alive():
            pytest.fail(f"a worker thread still runs after {timeout:.0f} s (hung)")
    return errors
