"""A pool of interchangeable objects, each lent to one caller at a time: the graph instances of
`BucketedCUDAGraphs`, and the `Grower` that adds one in the background when callers wait.

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

Growth: a caller that finds every item lent and queues, or that is handed an item another key had last (its own is
lent, or it has none: keys that share items wait for each other's work, which on a GPU outlasts the call), asks the
pool's `Grower` (if it has one) for more. The grower makes items on its own thread, one at a time, while the pool is
short of the most callers that wanted one at once (`InstancePool.peak`), and `add`s each, which hands it to the
first caller queued. Nobody waits for an item being made: a queued caller takes whichever comes first, a given-back
item or a new one.
"""

from __future__ import annotations

import collections
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

T = TypeVar("T")
ACTIVE = 1.0  #: seconds since its last take for which a key (a caller's stream) counts as wanting an item


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


class Grower:
    """Runs ``add_one`` on a background thread until it returns False, when asked and not running already.

    Holds ``add_one`` weakly (the pool asks it from inside the object that owns both: no reference cycle). The
    first exception stops growth for good and is kept in `failed`."""

    def __init__(self, add_one: Callable[[], bool]) -> None:
        self._add_one = weakref.WeakMethod(add_one)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.failed: BaseException | None = None  #: what stopped growth, if anything did
        self.added = 0  #: items added so far
        self.ceiling = 0  #: no growth asked for at or above this many items (the owner sets it)

    @property
    def running(self) -> bool:
        return self._thread is not None

    def request(self, have: int, wanted: int) -> None:
        """Start growing towards ``wanted`` items from ``have``, unless that is at the `ceiling`, a thread grows
        already or growth failed (cheap then: no lock)."""
        if have >= min(wanted, self.ceiling) or self._thread is not None or self.failed is not None:
            return
        with self._lock:
            if self._thread is not None or self.failed is not None:
                return
            self._thread = threading.Thread(target=self._run, name="cuda-graphs-grower", daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no growth runs (at most ``timeout`` seconds); whether none runs."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._thread is None

    def _run(self) -> None:
        try:
            while True:
                add_one = self._add_one()
                if add_one is None or not add_one():
                    return
                del add_one
                self.added += 1
        except BaseException as exc:  # noqa: BLE001 - kept for the owner to report; the thread must not die loudly
            self.failed = exc
        finally:
            with self._lock:
                self._thread = None


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
        self._seen: dict[int, float] = {}  # key -> when it last took an item
        self.peak = 0  #: the most callers that wanted an item at once (never reset): see `take`
        self.grower: Grower | None = None  #: asked for more items when a caller has to queue
        self.capacity = 0  #: rows a leader may gather (0: no coalescing)
        self.pending: dict[int, list[Ride[T]]] = {}  # id(item) -> riders its next user serves
        self.coalesced = 0  #: requests that rode along with another caller's item
        self.groups = 0  #: items handed out with riders

    def __len__(self) -> int:
        return len(self.items)

    def take(self, key: int, rows: int = 0, request: Any = None) -> T | Ride[T] | None:
        """An item for the caller ``key``; waits while none is free or the pool is paused; None when it is empty.

        Wanting an item: a caller that has to queue wants one beside every item lent and every caller queued; a
        caller handed an item another key had last (its own is lent, or it has none) means the keys active within
        `ACTIVE` seconds want one each. The most ever wanted is `peak`; `demand` reports it since the last look;
        more than there are items asks the `grower`.

        With ``rows`` > 0 the caller may instead ride along with another caller that gets an item: then it gets
        back its `Ride` once served (read `Ride.outcome`). A caller that gets an item collects its riders with
        `riders`.
        """
        waiter: Ride[T] | None = None
        with self._cond:
            now = time.monotonic()
            self._seen[key] = now
            if self._free and not self._paused and not self._queue:
                item, switched = self._pick(key)
                if not switched:
                    return item
                # another key had it last: with too few items, streams share them and wait on each other's work
                have, wanted = len(self.items), self._active(now)
                if wanted <= have:
                    return item
                self._want(wanted)
                grow = self.grower is not None
            else:
                if not self.items:
                    return None
                waiter = Ride(key, rows, request)
                self._queue.append(waiter)
                grow = not self._paused and self.grower is not None
                have = wanted = len(self.items)
                if not self._paused:
                    wanted = max(wanted + len(self._queue), self._active(now))
                    self._want(wanted)
        if grow:
            self.grower.request(have, wanted)  # type: ignore[union-attr]
        if waiter is None:
            return item
        waiter.lock.acquire()
        return waiter if waiter.riding else waiter.item

    def _want(self, wanted: int) -> None:
        self._demand = max(self._demand, wanted)
        self.peak = max(self.peak, wanted)

    def _active(self, now: float) -> int:
        """Keys that took an item within the last `ACTIVE` seconds (lock held)."""
        seen = self._seen
        if len(seen) > 64:  # forget keys long gone
            self._seen = seen = {k: t for k, t in seen.items() if now - t < ACTIVE}
        return sum(1 for t in seen.values() if now - t < ACTIVE)

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
        """Add an item, free: handed to the first caller queued, if any (at any time; inside `paused` it waits)."""
        with self._cond:
            self.items.append(item)
            self._free.append(item)
            if self._paused:
                self._cond.notify_all()
            elif self._queue:
                self._hand_out()

    def drop(self) -> None:
        """Drop the newest item (inside `paused`)."""
        item = self.items.pop()
        self._free.remove(item)
        self._owner.pop(id(item), None)
        self._home = {k: v for k, v in self._home.items() if v is not item}

    def clear(self) -> None:
        """Drop every item (inside `paused`): waiting callers get None."""
        self.items, self._free, self._home, self._owner, self.pending = [], [], {}, {}, {}

    def _pick(self, key: int) -> tuple[T, bool]:
        """This key's item if free, else one no key had yet, else the one free the longest (lock held); and whether
        another key had it last."""
        free, item = self._free, self._home.get(key)
        if item is not None and self._owner.get(id(item)) == key:
            try:
                free.remove(item)
                return item, False
            except ValueError:
                pass
        i = next((i for i, cand in enumerate(free) if id(cand) not in self._owner), 0)
        item = free.pop(i)
        switched = self._owner.get(id(item), key) != key
        self._owner[id(item)], self._home[key] = key, item
        return item, switched

    def _hand_out(self) -> None:
        """Wake queued callers in order, each with a free item (None once the pool is empty), and gather the
        riders of each (lock held)."""
        while self._queue and (self._free or not self.items):
            waiter = self._queue.popleft()
            waiter.item = self._pick(waiter.key)[0] if self.items else None
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


def combine(pool: InstancePool[T], item: T, serve: Callable[[list[Ride[T]]], Any], rounds: int) -> None:
    """Before giving ``item`` back, serve the callers queued meanwhile (``serve(riders)``), up to ``rounds`` times:
    handing an item to a sleeping thread costs a wake-up on the critical path, serving its callers does not."""
    for _ in range(rounds):
        riders = pool.gather(item)
        if not riders:
            return
        try:
            serve(riders)
        except Exception:  # noqa: BLE001 - the riders got the error; the holder's own call succeeded
            return


def serve_group(
    lead: tuple[int, Sequence[Any]] | None,
    riders: list[Ride[Any]],
    key: int,
    stream_of: Callable[[int], Any],
    replay: Callable[[list[int], list[Sequence[Any]]], tuple[list[Any], list[Any]]],
    copy: bool,
) -> list[Any]:
    """One replay for the holder's rows (``lead``: rows and inputs, if any) and its riders', on the holder's stream
    (raw handle ``key``): ``replay(sizes, inputs)`` gives each caller's results and the outputs they are views of.
    Each rider gets its rows ready on its own stream and is woken; returns the results, the holder's first.

    Ordering: the replaying stream first waits for each rider's stream (their inputs were made there; they sleep
    meanwhile); after the replay it records one event, and each rider's stream waits on it. Copied outputs are
    ``record_stream``-ed for each rider's stream, so the caching allocator does not reuse them early."""
    results: list[Any] = []
    own = 1 if lead is not None else 0
    try:
        stream = stream_of(key)
        others = {r.request[1]: stream_of(r.request[1]) for r in riders if r.request[1] != key}
        for s in others.values():
            stream.wait_stream(s)
        sizes = ([lead[0]] if lead else []) + [r.rows for r in riders]
        groups = ([lead[1]] if lead else []) + [r.request[0] for r in riders]
        results, outs = replay(sizes, groups)
        if others:
            done = stream.record_event()
        for s in others.values():
            if copy:
                for t in outs:
                    t.record_stream(s)
            s.wait_event(done)
    except BaseException as exc:
        for r in riders:
            r.finish(error=exc)
        raise
    for r, result in zip(riders, results[own:], strict=True):
        r.finish(result)
    return results
