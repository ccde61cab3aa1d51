"""One process of the timing-cache race test (tests/runtime/test_cache_reliability.py), run as a script.

``writer NAME DIR ROUNDS``: for each round, wait until the round's start file exists, save this writer's payload to
``DIR/rNN.bin`` and load it back. ``loader DIR ROUNDS``: load every round's file until ``DIR/stop`` exists. Each prints
one JSON line: how many loads it made, and every anomaly (an exception, a warning, bytes that no writer wrote).
"""

from __future__ import annotations

import json
import sys
import time
import traceback
import warnings
from pathlib import Path

from torchtrt_compat.runtime.caches import CacheKey, load_timing_cache, save_timing_cache

KEY = CacheKey("NVIDIA L4", "8.9", "tensorrt_rtx", "1.6.1.120")
WRITERS = ("a", "b")


def payload(writer: str, rnd: int) -> bytes:
    """Distinct, valid cache bytes per writer and round, large enough that writes overlap."""
    return (f"{writer}{rnd:02d}".encode() * 65536)[: 256 * 1024 + WRITERS.index(writer)]


def valid(rnd: int) -> set[bytes]:
    return {payload(w, rnd) for w in WRITERS}


def _load(path: Path, rnd: int, anomalies: list[str], *, written: bool) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            data = load_timing_cache(path, KEY)
        except BaseException:  # noqa: BLE001 - every escape is the anomaly under test
            anomalies.append(traceback.format_exc(limit=3))
            return
    anomalies.extend(f"warning: {w.message}" for w in caught)
    if data is None and written:
        anomalies.append(f"{path.name}: a good cache was not returned")
    elif data is not None and data not in valid(rnd):
        anomalies.append(f"{path.name}: returned {len(data)} bytes no writer wrote")


def writer(name: str, folder: Path, rounds: int) -> dict[str, object]:
    anomalies: list[str] = []
    for rnd in range(rounds):
        start = folder / f"start{rnd:02d}"
        while not start.exists():
            time.sleep(0.0005)
        path = folder / f"r{rnd:02d}.bin"
        try:
            save_timing_cache(path, payload(name, rnd), KEY)
        except BaseException:  # noqa: BLE001
            anomalies.append(traceback.format_exc(limit=3))
        _load(path, rnd, anomalies, written=True)
        (folder / f"done{rnd:02d}.{name}").touch()
    return {"loads": rounds, "anomalies": anomalies}


def loader(folder: Path, rounds: int) -> dict[str, object]:
    anomalies: list[str] = []
    loads = 0
    while not (folder / "stop").exists():
        for rnd in range(rounds):
            _load(folder / f"r{rnd:02d}.bin", rnd, anomalies, written=False)
            loads += 1
    return {"loads": loads, "anomalies": anomalies}


if __name__ == "__main__":
    role, rest = sys.argv[1], sys.argv[2:]
    if role == "writer":
        result = writer(rest[0], Path(rest[1]), int(rest[2]))
    else:
        result = loader(Path(rest[0]), int(rest[1]))
    print(json.dumps(result))
