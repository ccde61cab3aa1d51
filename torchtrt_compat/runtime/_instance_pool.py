"""A pool of interchangeable objects, each lent to one caller at a time: the graph instances of
`BucketedCUDAGraphs`.

Taking and giving back hold a lock only to pick an item; what the caller does with it runs unlocked. A caller that
finds none free queues and sleeps on its own lock until a finishing caller hands it one, first come first served:
a woken caller never finds its item taken, and sleeping callers do not compete for the GIL. Each caller names a key
(its CUDA stream) and gets the item it had last when that one is free, else one nobody had yet, else the one free
the longest. `paused` waits until no caller holds an item and keeps new ones waiting, for capture or release.

Coalescing (group commit): a caller may say how many rows its request has and attach its request. When a queued
caller is handed an item, the queued callers behind it whose rows still fit in ``capacity`` (first fit, in queue
order) ride along: they leave the queue, and the caller with the item (the leader) collects them with `riders` and
serves them, then wakes each with `Ride.finish`. Before giving an item back, its holder may `gather` the callers
queued meanwhile and serve them too (flat combining), so that the item does not pass through a sleeping thread.
Nobody waits for more callers to arrive: only callers already queued ride, so a caller alone never waits at all.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Ride(Generic[T]):
    """A queued caller; when it rode along with another caller's item, that caller serves it (`finish`)."""

    __slots__ = ("lock", "item", "key", "rows", "request", "riding", "result", "error")

    def __init__(self, key: int, rows: int = 0, request: Any = None) -> None:
        self.lock, self.key, self.rows, self.request = threading.Lock(), key, rows, request
        self.item: T | None = None
        self.riding = False  #: True once it left the queue to be served by a leader
        self.result: Any = None
        self.error: BaseException | None = None
        self.lock.acquire()

    def finish(self, result: Any = None, error: BaseException | None = None) -> None:
        """Hand the rider its result (or the error that stopped its leader) and wake it."""
        self.result, self.error = result, error
        self.lock.release()

    def outcome(self) -> Any:
        """The result a leader handed over; raises its error instead if it failed."""
        if self.error is not None:
            raise self.error
        return self.result


class InstancePool(Generic[T]):
    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self.items: list[T] = []  #: every item, lent or not
        self._free: list[T] = []
        self._home: dict[int, T] = {}  # key -> the item it had last
        self._owner: dict[int, int] = {}  # id(item) -> the key that had it last
        self._queue: collections.deque[Ride[T]] = collections.deque()
        self._paused = False
        self._demand = 0
        self.capacity = 0  #: rows a leader may gather (0: no coalescing)
        self.pending: dict[int, list[Ride[T]]] = {}  # id(item) -> riders its next user serves
        self.coalesced = 0  #: requests that rode along with another caller's item
        self.groups = 0  #: items handed out with riders

    def __len__(self) -> int:
        return len(self.items)

    def take(self, key: int, rows: int = 0, request: Any = None) -> T | Ride[T] | None:
        """An item for the caller ``key``; waits while none is free or the pool is paused; None when it is empty.

        With ``rows`` > 0 the caller may instead ride along with another caller that gets an item: then it gets
        back its `Ride` once served (read `Ride.outcome`). A caller that gets an item collects its riders with
        `riders`.
        """
        with self._cond:
            if self._free and not self._paused and not self._queue:
                return self._pick(key)
            if not self.items:
                return None
            waiter: Ride[T] = Ride(key, rows, request)
            self._queue.append(waiter)
            if not self._paused:
                self._demand = max(self._demand, len(self.items) + len(self._queue))
        waiter.lock.acquire()
        return waiter if waiter.riding else waiter.item

    def riders(self, item: T) -> list[Ride[T]]:
        """The riders the caller holding ``item`` must serve (each exactly once, with `Ride.finish`)."""
        if not self.pending:
            return []
        with self._cond:
            return self.pending.pop(id(item), [])

    def give(self, item: T) -> None:
        with self._cond:
            self._free.append(item)
            if self._paused:
                self._cond.notify_all()
            elif self._queue:
                self._hand_out()

    def gather(self, item: T) -> list[Ride[T]]:
        """Riders for the holder of ``item`` to serve before it gives the item back: the queued callers that fit
        in ``capacity`` (first fit from the head), or none when the head cannot ride or the pool is paused."""
        if not self._queue or not self.capacity:
            return []
        with self._cond:
            if self._paused or not self._queue or not self._queue[0].rows:
                return []
            head = self._queue.popleft()
            head.riding = True
            riders = [head]
            self._gather_into(riders, self.capacity - head.rows)
            self.coalesced += len(riders)
            self.groups += 1
            return riders

    def demand(self) -> int:
        """The most callers that wanted an item at once while all were lent, since the last look (0: none waited)."""
        with self._cond:
            demand, self._demand = self._demand, 0
        return demand

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Inside: no caller holds an item, and new callers wait; items may be added, dropped or cleared."""
        with self._cond:
            while self._paused:  # another pause first
                self._cond.wait()
            self._paused = True
            while len(self._free) < len(self.items):
                self._cond.wait()
        try:
            yield
        finally:
            with self._cond:
                self._paused = False
                self._cond.notify_all()
                self._hand_out()

    def add(self, item: T) -> None:
        """Add an item (inside `paused`, or before any caller)."""
        self.items.append(item)
        self._free.append(item)

    def drop(self) -> None:
        """Drop the newest item (inside `paused`)."""
        item = self.items.pop()
        self._free.remove(item)
        self._owner.pop(id(item), None)
        self._home = {k: v for k, v in self._home.items() if v is not item}

    def clear(self) -> None:
        """Drop every item (inside `paused`): waiting callers get None."""
        self.items, self._free, self._home, self._owner, self.pending = [], [], {}, {}, {}

    def _pick(self, key: int) -> T:
        """This key's item if free, else one no key had yet, else the one free the longest (lock held)."""
        free, item = self._free, self._home.get(key)
        if item is not None and self._owner.get(id(item)) == key:
            try:
                free.remove(item)
                return item
            except ValueError:
                pass
        i = next((i for i, cand in enumerate(free) if id(cand) not in self._owner), 0)
        item = free.pop(i)
        self._owner[id(item)], self._home[key] = key, item
        return item

    def _hand_out(self) -> None:
        """Wake queued callers in order, each with a free item (None once the pool is empty), and gather the
        riders of each (lock held)."""
        while self._queue and (self._free or not self.items):
            waiter = self._queue.popleft()
            waiter.item = self._pick(waiter.key) if self.items else None
            if waiter.item is not None and waiter.rows and self._queue and self.capacity:
                self._gather(waiter)
            waiter.lock.release()

    def _gather(self, leader: Ride[T]) -> None:
        """Move the queued callers that fit beside ``leader``'s rows onto its item, first fit (lock held)."""
        riders: list[Ride[T]] = []
        self._gather_into(riders, self.capacity - leader.rows)
        if riders:
            self.pending[id(leader.item)] = riders
            self.coalesced += len(riders)
            self.groups += 1

    def _gather_into(self, riders: list[Ride[T]], room: int) -> None:
        """Move queued callers that fit in ``room`` rows into ``riders``, first fit in queue order (lock held)."""
        stay: collections.deque[Ride[T]] = collections.deque()
        for waiter in self._queue:
            if 0 < waiter.rows <= room:
                room -= waiter.rows
                waiter.riding = True
                riders.append(waiter)
            else:
                stay.append(waiter)
        if riders:
            self._queue = stay
