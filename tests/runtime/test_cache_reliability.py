"""Timing caches under races, corruption and misuse (reliability audit F2, F9, F13; cases K1-K24).

The race tests use real processes: two writers save different valid caches to the same path at the same moment,
20 rounds, while a third process loads alongside. Nothing is mocked.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.runtime.caches import (
    CacheKey,
    compile_cache_kwargs,
    load_timing_cache,
    save_timing_cache,
    seal_timing_cache,
)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _cache_race_worker import KEY, valid  # noqa: E402

ROUNDS = 20


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(HERE / "_cache_race_worker.py"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _result(proc: subprocess.Popen[str]) -> dict[str, object]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_two_writers_and_a_reader_20_rounds(tmp_path):
    """K1 + K2: a good cache is never thrown away, a load never raises, a reader never gets bytes nobody wrote."""
    writers = [_spawn("writer", name, str(tmp_path), str(ROUNDS)) for name in ("a", "b")]
    reader = _spawn("loader", str(tmp_path), str(ROUNDS))
    try:
        for rnd in range(ROUNDS):
            (tmp_path / f"start{rnd:02d}").touch()  # both writers are spinning on this file
            deadline = time.monotonic() + 60
            while not all((tmp_path / f"done{rnd:02d}.{w}").exists() for w in "ab"):
                assert time.monotonic() < deadline, f"round {rnd} did not finish"
                assert all(p.poll() in (None, 0) for p in writers), "a writer died"
                time.sleep(0.002)
    finally:
        (tmp_path / "stop").touch()
    results = [_result(p) for p in (*writers, reader)]
    anomalies = [a for r in results for a in r["anomalies"]]  # type: ignore[union-attr]
    assert anomalies == []
    assert results[2]["loads"] > 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for rnd in range(ROUNDS):
            assert load_timing_cache(tmp_path / f"r{rnd:02d}.bin", KEY) in valid(rnd)
    assert not list(tmp_path.glob("*.stale"))


def test_unsealed_cache_is_not_trusted(tmp_path):
    """F2 / K16: compile_cache_kwargs, then a partial write by a TensorRT that crashed, never sealed."""
    kwargs = compile_cache_kwargs(KEY, root=tmp_path)
    timing = Path(kwargs["timing_cache_path"])
    assert not Path(str(timing) + ".json").exists()  # no sidecar before there is data to vouch for
    timing.write_bytes(b"\x00partial-write-by-crashed-trt")
    with pytest.warns(UserWarning, match="no sidecar"):
        assert load_timing_cache(timing, KEY) is None


@pytest.mark.parametrize("sidecar", [{"sha256": None, "bytes": 1}, {}, {"sha256": "0" * 64}, {"bytes": True}])
def test_sidecar_without_a_checksum_is_not_trusted(tmp_path, sidecar):
    """K12 / K13: a sidecar with the right key but no usable checksum vouches for nothing."""
    path = tmp_path / "t.bin"
    path.write_bytes(b"X")
    meta = {"format": 1, "key": KEY.to_dict(), **sidecar}
    Path(str(path) + ".json").write_text(json.dumps(meta))
    with pytest.warns(UserWarning, match="unverified|corrupt"):
        assert load_timing_cache(path, KEY) is None
    assert not path.exists()


def test_seal_records_the_bytes_on_disk(tmp_path):
    path = tmp_path / "t.bin"
    path.write_bytes(b"written by TensorRT")
    seal_timing_cache(path, KEY)
    meta = json.loads(Path(str(path) + ".json").read_text())
    assert meta["sha256"] == hashlib.sha256(b"written by TensorRT").hexdigest() and meta["bytes"] == 19
    seal_timing_cache(tmp_path / "nothing.bin", KEY)  # no data: nothing to vouch for, nothing written
    assert not (tmp_path / "nothing.bin.json").exists()


MALFORMED_SIDECARS = {
    "list": b"[1, 2, 3]",
    "key_is_list": json.dumps({"format": 1, "key": [1, 2]}).encode(),
    "key_missing_field": json.dumps({"format": 1, "key": {"gpu_name": "NVIDIA L4"}}).encode(),
    "key_extra_field": json.dumps({"format": 1, "key": {**KEY.to_dict(), "x": "1"}}).encode(),
    "key_field_number": json.dumps({"format": 1, "key": {**KEY.to_dict(), "gpu_name": 1}}).encode(),
    "not_utf8": b'{"format": 1, "key": "\xff\xfe"}',
    "nested_100k": b"[" * 100_000 + b"]" * 100_000,
    "duplicate_keys": b'{"key": {}, "key": {}}',
    "huge": b'{"pad": "' + b"x" * (1 << 20) + b'"}',
    "not_json": b"{not json",
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(MALFORMED_SIDECARS))
def test_malformed_sidecar_is_moved_aside_with_a_warning(tmp_path, name):
    """K6-K10 and K8 (100k levels): never an AttributeError, KeyError or RecursionError; never the data."""
    path = tmp_path / "t.bin"
    save_timing_cache(path, b"good bytes", KEY)
    Path(str(path) + ".json").write_bytes(MALFORMED_SIDECARS[name])
    with pytest.warns(UserWarning, match="sidecar .* is corrupt"):
        assert load_timing_cache(path, KEY) is None
    assert not path.exists() and (tmp_path / "t.bin.stale").read_bytes() == b"good bytes"


def test_folders_where_files_belong_are_usage_errors(tmp_path):
    """K11, K14: a sidecar or data path that is a folder."""
    path = tmp_path / "t.bin"
    save_timing_cache(path, b"x", KEY)
    sidecar = Path(str(path) + ".json")
    sidecar.unlink()
    sidecar.mkdir()
    with pytest.raises(UsageError, match="sidecar .* is a folder"):
        load_timing_cache(path, KEY)
    folder = tmp_path / "d.bin"
    folder.mkdir()
    with pytest.raises(UsageError, match="is a folder"):
        load_timing_cache(folder, KEY)
    with pytest.raises(UsageError, match="is a folder"):
        save_timing_cache(folder, b"x", KEY)


def test_cache_api_misuse_is_a_usage_error(tmp_path):
    """K17, K19-K21, K24."""
    afile = tmp_path / "afile"
    afile.write_text("x")
    with pytest.raises(UsageError, match="is a file"):
        compile_cache_kwargs(KEY, root=afile)
    with pytest.raises(UsageError, match="missing compute_capability, flavour, trt_version"):
        compile_cache_kwargs({"gpu_name": "x"}, root=tmp_path)
    with pytest.raises(UsageError, match="unknown extra"):
        compile_cache_kwargs({**KEY.to_dict(), "extra": 1}, root=tmp_path)
    with pytest.raises(UsageError, match="must be bytes, got str"):
        save_timing_cache(tmp_path / "t.bin", "str", KEY)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="must be a string, got int 1"):
        CacheKey(1, "8.9", "tensorrt_rtx", "1.6.1.120")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="a part of its folder is a file"):
        save_timing_cache(afile / "t.bin", b"x", KEY)  # K22/K23's class: a folder that cannot be written
    with pytest.raises(UsageError, match="cache key must be"):
        load_timing_cache(tmp_path / "t.bin", "not a key")  # type: ignore[arg-type]
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_cache_file_that_is_a_symlink_is_not_followed_out_of_the_cache(tmp_path: Path) -> None:
    """Audit C10: a link to a file elsewhere with a forged sidecar must not hand that file's bytes to TensorRT."""
    outside = tmp_path / "elsewhere.bin"
    outside.write_bytes(b"secret bytes")
    cache = tmp_path / "cache" / "timing_cache.bin"
    save_timing_cache(cache, b"real cache", KEY)
    cache.unlink()
    cache.symlink_to(outside)
    sidecar = cache.with_name(cache.name + ".json")  # forged for the outside file's bytes
    meta = json.loads(sidecar.read_text())
    meta.update(sha256=hashlib.sha256(b"secret bytes").hexdigest(), bytes=len(b"secret bytes"))
    sidecar.write_text(json.dumps(meta))
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert load_timing_cache(cache, KEY) is None
    assert outside.read_bytes() == b"secret bytes" and not cache.is_symlink()


def test_temporary_files_of_killed_writers_are_removed_on_the_next_save(tmp_path: Path) -> None:
    """Audit C16: a writer killed between its temporary file and the rename leaves ``.NAME.XXXX.tmp`` behind."""
    cache = tmp_path / "timing_cache.bin"
    orphans = [tmp_path / f".{cache.name}.abc{i}.tmp" for i in range(3)]
    for o in orphans:
        o.write_bytes(b"x" * 1000)
    unrelated = tmp_path / ".other.bin.abc.tmp"
    unrelated.write_bytes(b"keep")
    save_timing_cache(cache, b"new cache", KEY)
    assert not any(o.exists() for o in orphans) and unrelated.exists()
    assert load_timing_cache(cache, KEY) == b"new cache"
