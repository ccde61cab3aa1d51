"""The instance pool behind BucketedCUDAGraphs' concurrency: pure Python, runs anywhere."""

from __future__ import annotations

import threading
import time

from _threads import run_threads

from torchtrt_compat.runtime.cuda_graphs.pool import Grower, InstancePool


class _Item:
    def __init__(self, name: str) -> None:
        self.name = name


def _pool(n: int) -> InstancePool[_Item]:
    pool: InstancePool[_Item] = InstancePool()
    for i in range(n):
        pool.add(_Item(f"i{i}"))
    return pool


def test_never_lent_twice_and_demand_is_recorded():
    pool = _pool(3)
    held: set[int] = set()
    clashes, guard, most = [], threading.Lock(), [0]

    def worker(i: int) -> None:
        for _ in range(300):
            item = pool.take(i)
            assert item is not None
            with guard:
                if id(item) in held:
                    clashes.append(item.name)
                held.add(id(item))
                most[0] = max(most[0], len(held))
            time.sleep(0)  # let the others run while it is held
            with guard:
                held.discard(id(item))
            pool.give(item)

    assert run_threads(worker) == []
    assert clashes == [] and most[0] <= 3
    assert 3 < pool.demand() <= 8  # callers waited: up to all eight wanted one at once
    assert pool.demand() == 0  # reading it resets it


def test_a_key_gets_its_own_item_back_and_new_keys_get_unowned_ones():
    pool = _pool(3)
    a = pool.take(1)
    pool.give(a)
    b = pool.take(2)
    assert b is not a  # an item nobody had yet, not key 1's
    pool.give(b)
    assert pool.take(1) is a and pool.take(2) is b


def test_waiters_are_served_in_order_and_pause_waits_for_every_item():
    pool = _pool(1)
    first = pool.take(0)
    order: list[int] = []

    def waiter(key: int) -> None:
        item = pool.take(key)
        order.append(key)
        pool.give(item)

    threads = []
    for key in (1, 2, 3):
        threads.append(threading.Thread(target=waiter, args=(key,)))
        threads[-1].start()
        time.sleep(0.05)  # queue them in a known order
    pool.give(first)
    for t in threads:
        t.join(5)
    assert order == [1, 2, 3]
    held = pool.take(4)
    paused = threading.Event()

    def pauser() -> None:
        with pool.paused():
            paused.set()

    t = threading.Thread(target=pauser)
    t.start()
    time.sleep(0.05)
    assert not paused.is_set()  # an item is still lent
    pool.give(held)
    t.join(5)
    assert paused.is_set()


def test_a_give_hands_the_item_to_a_waiter_and_clear_wakes_waiters_with_none():
    pool = _pool(1)
    keep = pool.take(0)
    waiting: list[object] = []
    t = threading.Thread(target=lambda: waiting.append(pool.take(1)))
    t.start()
    time.sleep(0.05)
    pool.give(keep)  # straight to the waiter
    t.join(5)
    assert waiting == [keep]
    pool.give(keep)
    with pool.paused():
        late = threading.Thread(target=lambda: waiting.append(pool.take(3)))
        late.start()
        time.sleep(0.05)
        assert len(waiting) == 1  # paused: it waits even though the item is free
        pool.clear()
    late.join(5)
    assert waiting[-1] is None and len(pool) == 0 and pool.take(9) is None


class _Owner:
    """What `BucketedCUDAGraphs` is to its pool: it owns the pool and makes new items when the grower asks."""

    def __init__(self, pool: InstancePool[_Item], ceiling: int, fail_at: int | None = None) -> None:
        self.pool, self.fail_at, self.makers = pool, fail_at, []
        pool.grower = Grower(self.add_one)
        pool.grower.ceiling = ceiling

    def add_one(self) -> bool:
        if len(self.pool) >= min(self.pool.grower.ceiling, self.pool.peak):  # type: ignore[union-attr]
            return False
        if len(self.pool) == self.fail_at:
            raise RuntimeError("capture invalidated")
        time.sleep(0.01)  # a capture takes a while; callers go on meanwhile
        self.makers.append(threading.current_thread().name)
        self.pool.add(_Item(f"grown{len(self.pool)}"))
        return True


def _hammer(pool: InstancePool[_Item], rounds: int = 200) -> list[BaseException]:
    def worker(i: int) -> None:
        for _ in range(rounds):
            item = pool.take(i)
            assert item is not None
            time.sleep(0)
            pool.give(item)

    return run_threads(worker, 8, timeout=60)


def test_waiting_callers_grow_the_pool_in_the_background_up_to_the_ceiling():
    pool = _pool(1)
    owner = _Owner(pool, ceiling=5)
    assert _hammer(pool) == []
    assert pool.grower is not None and pool.grower.wait(10)
    assert pool.peak == 8 and len(pool) == 5 and pool.grower.added == 4
    assert set(owner.makers) == {"cuda-graphs-grower"}  # never a caller's thread
    assert pool.grower.failed is None


def test_a_failed_growth_stops_growth_for_good_and_callers_go_on():
    pool = _pool(1)
    owner = _Owner(pool, ceiling=8, fail_at=3)
    assert _hammer(pool) == []
    assert pool.grower is not None and pool.grower.wait(10)
    assert len(pool) == 3 and isinstance(pool.grower.failed, RuntimeError)
    assert _hammer(pool, 50) == [] and len(pool) == 3 and len(owner.makers) == 2  # no second try


def test_the_grower_holds_its_owner_weakly():
    import gc
    import weakref

    pool = _pool(1)
    owner = _Owner(pool, ceiling=4)
    alive = weakref.ref(owner)
    was = gc.isenabled()
    gc.disable()
    try:
        del owner, pool
        assert alive() is None  # no cycle through the grower
    finally:
        if was:
            gc.enable()
