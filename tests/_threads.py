"""Run a worker in several threads at once and collect what they raise."""

from __future__ import annotations

import threading
from collections.abc import Callable


def run_threads(worker: Callable[[int], None], n: int = 8) -> list[BaseException]:
    """Run ``worker(i)`` in ``n`` threads started together; the exceptions they raised (empty when none)."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def target(i: int) -> None:
        try:
            barrier.wait()
            worker(i)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=target, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors
