"""Request coalescing in the instance pool (group commit): pure Python, runs anywhere.

The leader here "serves" a group the way `BucketedCUDAGraphs._serve` does, with plain lists standing in for the
rows of one batch: each caller's rows go in, a function of each row comes out, and every caller must get exactly
its own rows back.
"""

from __future__ import annotations

import threading
import time

import pytest
from _threads import run_threads

from torchtrt_compat.runtime.cuda_graphs.pool import InstancePool, Ride


class _Item:
    def __init__(self) -> None:
        self.replays = 0


def _pool(n: int, capacity: int) -> InstancePool[_Item]:
    pool: InstancePool[_Item] = InstancePool()
    for _ in range(n):
        pool.add(_Item())
    pool.capacity = capacity
    return pool


def _serve(pool: InstancePool[_Item], item: _Item, rows: list[int], riders: list[Ride[_Item]]) -> list[int]:
    """One "replay" over the concatenated rows; each rider gets its rows; returns the caller's own."""
    batch = list(rows)
    for r in riders:
        batch += r.request
    assert len(batch) <= max(pool.capacity, len(rows))
    out = [x * 10 for x in batch]
    item.replays += 1
    start = len(rows)
    for r in riders:
        r.finish(out[start : start + r.rows])
        start += r.rows
    return out[: len(rows)]


def _call(pool: InstancePool[_Item], key: int, rows: list[int], combine: int = 0) -> list[int]:
    """One request: ``rows`` in, ``row * 10`` out; as a leader, serve its riders in one "replay", then up to
    ``combine`` groups queued meanwhile before giving the item back."""
    got = pool.take(key, len(rows), rows)
    if isinstance(got, Ride):
        return got.outcome()
    assert got is not None
    try:
        return _serve(pool, got, rows, pool.riders(got))
    finally:
        for _ in range(combine):
            riders = pool.gather(got)
            if not riders:
                break
            _serve(pool, got, [], riders)
        pool.give(got)


def _queue(pool: InstancePool[_Item], sizes: list[int], results: dict[int, object]) -> list[threading.Thread]:
    """Start one caller per size, each queued behind the last (the pool's only item is held)."""
    threads = []
    for key, n in enumerate(sizes, 1):
        rows = [key * 100 + i for i in range(n)]
        t = threading.Thread(target=lambda k=key, r=rows: results.__setitem__(k, _call(pool, k, r)))
        t.start()
        threads.append(t)
        time.sleep(0.05)  # queue them in a known order
    return threads


def test_queued_callers_that_fit_ride_with_the_next_caller_first_fit():
    pool = _pool(1, capacity=8)
    held = pool.take(0)
    assert held is not None and pool.riders(held) == []  # a caller alone: no riders, no wait
    results: dict[int, object] = {}
    threads = _queue(pool, [3, 6, 4, 1, 2], results)  # leader 3 rows; 6 does not fit (3+6>8); 4 and 1 do
    pool.give(held)
    for t in threads:
        t.join(5)
    assert not any(t.is_alive() for t in threads)
    for key, n in enumerate([3, 6, 4, 1, 2], 1):
        assert results[key] == [(key * 100 + i) * 10 for i in range(n)], key
    assert held.replays == 2  # {1, 3, 4} in one replay; then 2 leads with 5 riding (6 + 2 = 8)
    assert pool.coalesced == 3 and pool.groups == 2
    assert pool.pending == {}


def test_callers_without_rows_never_ride_and_capacity_zero_turns_it_off():
    for capacity, sizes, coalesced in ((8, [2, 0, 2], 1), (0, [2, 2, 2], 0)):
        pool = _pool(1, capacity)
        held = pool.take(0)
        assert held is not None
        order: list[int] = []

        def call(key: int, n: int, p: InstancePool[_Item] = pool, log: list[int] = order) -> None:
            if n:
                _call(p, key, [key] * n)
            else:  # a caller that must not be coalesced (an overflow chunk)
                item = p.take(key)
                assert item is not None and not isinstance(item, Ride)
                log.append(key)
                p.give(item)

        threads = []
        for key, n in enumerate(sizes, 1):
            threads.append(threading.Thread(target=call, args=(key, n)))
            threads[-1].start()
            time.sleep(0.05)
        pool.give(held)
        for t in threads:
            t.join(5)
        assert pool.coalesced == coalesced, (capacity, pool.coalesced)


def test_a_failing_leader_hands_its_error_to_every_rider():
    pool = _pool(1, capacity=16)
    held = pool.take(0)
    assert held is not None
    outcomes: list[object] = []

    def rider(key: int) -> None:
        got = pool.take(key, 1, key)
        try:
            outcomes.append(got.outcome() if isinstance(got, Ride) else "led")
        except RuntimeError as exc:
            outcomes.append(str(exc))
        if not isinstance(got, Ride) and got is not None:
            for r in pool.riders(got):
                r.finish(error=RuntimeError("replay failed"))
            pool.give(got)

    threads = [threading.Thread(target=rider, args=(k,)) for k in (1, 2, 3)]
    for t in threads:
        t.start()
        time.sleep(0.05)
    pool.give(held)
    for t in threads:
        t.join(5)
    assert sorted(map(str, outcomes)) == ["led", "replay failed", "replay failed"]


def test_the_holder_serves_callers_queued_meanwhile_until_one_cannot_ride():
    pool = _pool(1, capacity=8)
    held = pool.take(0)
    assert held is not None and pool.gather(held) == []  # nobody queued
    results: dict[int, object] = {}
    threads = _queue(pool, [3, 4, 0, 2], results)  # 0: a caller that must not be coalesced
    riders = pool.gather(held)
    assert [r.rows for r in riders] == [3, 4]  # 2 does not fit beside 3 + 4 in 8 rows
    _serve(pool, held, [], riders)
    assert pool.gather(held) == []  # the head (no rows) cannot ride: the item is handed on
    pool.give(held)
    for t in threads:
        t.join(5)
    assert not any(t.is_alive() for t in threads)
    assert results[1] == [1000, 1010, 1020] and results[2] == [2000, 2010, 2020, 2030] and results[4] == [4000, 4010]
    assert pool.coalesced == 2 and pool.groups == 1


@pytest.mark.parametrize("combine", [0, 8])
def test_eight_threads_get_exactly_their_own_rows_and_nothing_hangs(combine):
    pool = _pool(2, capacity=16)
    errors: list[str] = []

    def worker(i: int) -> None:
        for k in range(400):
            n = 1 + (i * 7 + k) % 16
            rows = [i * 1_000_000 + k * 100 + j for j in range(n)]
            got = _call(pool, i, rows, combine)
            if got != [x * 10 for x in rows]:
                errors.append(f"thread {i} request {k}")
            if k % 50 == 0:
                time.sleep(0)

    assert run_threads(worker) == []
    assert errors == []
    assert sum(item.replays for item in pool.items) + pool.coalesced == 8 * 400
    assert pool.pending == {} and len(pool._free) == 2
