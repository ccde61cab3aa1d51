"""Keyed timing/engine caches on real files: keying, mismatch, corruption, atomic sidecars."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

from torchtrt_compat import UsageError
from torchtrt_compat.runtime.caches import (
    CacheKey,
    cache_dir,
    compile_cache_kwargs,
    default_cache_root,
    load_timing_cache,
    save_timing_cache,
    seal_timing_cache,
)

H100 = CacheKey("NVIDIA H100 80GB HBM3", "9.0", "tensorrt", "10.14.1")
L4 = CacheKey("NVIDIA L4", "8.9", "tensorrt", "10.14.1")


def test_default_root_and_env_override(tmp_path, monkeypatch):
    monkeypatch.delenv("TORCHTRT_COMPAT_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_root() == tmp_path / "home" / ".cache" / "torchtrt_compat"
    monkeypatch.setenv("TORCHTRT_COMPAT_CACHE", str(tmp_path / "elsewhere"))
    assert default_cache_root() == tmp_path / "elsewhere"
    path = cache_dir("timing", "NVIDIA L4", (8, 9), "tensorrt_rtx", "1.6.1.120")
    assert path == tmp_path / "elsewhere" / "timing" / "nvidia-l4__sm89__tensorrt_rtx-1.6.1.120" and path.is_dir()


def test_every_key_field_changes_the_directory(tmp_path):
    base = ("NVIDIA H100 80GB HBM3", "9.0", "tensorrt", "10.14.1")
    dirs = {cache_dir("engines", *base, root=tmp_path)}
    for i, other in enumerate(("NVIDIA H200", "8.9", "tensorrt_rtx", "10.13.0")):
        fields = list(base)
        fields[i] = other
        dirs.add(cache_dir("engines", *fields, root=tmp_path))
    assert len(dirs) == 5
    assert cache_dir("timing", *base, root=tmp_path) != cache_dir("engines", *base, root=tmp_path)
    with pytest.raises(UsageError, match="Fix:"):
        cache_dir("Timing Cache", *base, root=tmp_path)
    with pytest.raises(UsageError):
        cache_dir("timing", "", "9.0", "tensorrt", "10", root=tmp_path)


def test_round_trip(tmp_path):
    path = tmp_path / "t.bin"
    save_timing_cache(path, b"\x00timing\xff" * 100, H100)
    meta = json.loads(Path(str(path) + ".json").read_text())
    assert meta["key"] == H100.to_dict() and meta["bytes"] == 800
    assert load_timing_cache(path, H100) == b"\x00timing\xff" * 100
    assert load_timing_cache(tmp_path / "missing.bin", H100) is None


def test_other_gpu_is_never_reused(tmp_path):
    path = tmp_path / "t.bin"
    save_timing_cache(path, b"timings from an L4", L4)
    with pytest.warns(UserWarning, match=r"made for NVIDIA L4 .*not this NVIDIA H100"):
        assert load_timing_cache(path, H100) is None
    assert not path.exists()  # TensorRT will not read it either
    assert (tmp_path / "t.bin.stale").read_bytes() == b"timings from an L4"
    save_timing_cache(path, b"new", H100)
    assert load_timing_cache(path, H100) == b"new"


def test_other_trt_version_is_never_reused(tmp_path):
    path = tmp_path / "t.bin"
    save_timing_cache(path, b"x", CacheKey(H100.gpu_name, "9.0", "tensorrt", "10.13.0"))
    with pytest.warns(UserWarning, match="10.13.0"):
        assert load_timing_cache(path, H100) is None


@pytest.mark.parametrize("damage", ["truncate", "empty", "bad_sidecar", "no_sidecar", "sidecar_missing_key"])
def test_corrupt_cache_is_rebuilt_not_fatal(tmp_path, damage):
    path = tmp_path / "t.bin"
    sidecar = Path(str(path) + ".json")
    save_timing_cache(path, b"0123456789" * 10, H100)
    if damage == "truncate":
        path.write_bytes(b"0123456789")
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "bad_sidecar":
        sidecar.write_text("{not json")
    elif damage == "no_sidecar":
        sidecar.unlink()
    else:
        sidecar.write_text(json.dumps({"format": 1}))
    with pytest.warns(UserWarning, match="starting a new timing cache"):
        assert load_timing_cache(path, H100) is None
    assert not path.exists()


def test_compile_cache_kwargs(tmp_path):
    kwargs = compile_cache_kwargs(H100, root=tmp_path)
    assert set(kwargs) == {"timing_cache_path", "engine_cache_dir", "cache_built_engines", "reuse_cached_engines"}
    timing = Path(kwargs["timing_cache_path"])
    assert timing.parent == tmp_path / "timing" / H100.slug() and Path(kwargs["engine_cache_dir"]).is_dir()
    assert not Path(str(timing) + ".json").exists()  # nothing to vouch for until TensorRT has written the file
    timing.write_bytes(b"written by TensorRT")  # TensorRT writes the file; the sidecar is re-sealed after compile
    seal_timing_cache(timing, H100)
    assert compile_cache_kwargs(H100.to_dict(), root=tmp_path) == kwargs
    assert load_timing_cache(timing, H100) == b"written by TensorRT"
    from torchtrt_compat.env import Environment, GpuInfo, Package

    env = Environment(tensorrt=Package("tensorrt-rtx", "1.6.1.120"), gpus=[GpuInfo("NVIDIA L4", "8.9")])
    assert "nvidia-l4__sm89__tensorrt-rtx-1.6.1.120" in compile_cache_kwargs(env, root=tmp_path)["engine_cache_dir"]
    with pytest.raises(UsageError, match="no GPU"):
        compile_cache_kwargs(types.SimpleNamespace(gpus=[], flavour="tensorrt", tensorrt_version="10"), root=tmp_path)


def test_compile_keys_its_timing_cache_unless_the_user_named_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`with_keyed_timing_cache` (moved here from the compile front door): one cache per GPU and TensorRT."""
    from torchtrt_compat.runtime import caches

    monkeypatch.setenv("TORCHTRT_COMPAT_CACHE", str(tmp_path))
    assert caches.with_keyed_timing_cache({"timing_cache_path": "mine.bin"}) == {"timing_cache_path": "mine.bin"}
    paths = []
    for gpu in ("NVIDIA L4", "NVIDIA A10G"):
        key = caches.CacheKey(gpu, "8.9" if gpu.endswith("L4") else "8.6", "tensorrt_rtx", "1.6.1.120")
        monkeypatch.setattr(caches, "_environment_key", lambda key=key: key)  # this host has no GPU to key by
        kwargs = caches.with_keyed_timing_cache({"min_block_size": 1})
        assert kwargs["min_block_size"] == 1 and Path(kwargs["timing_cache_path"]).is_relative_to(tmp_path)
        paths.append(kwargs["timing_cache_path"])
        Path(kwargs["timing_cache_path"]).write_bytes(b"what TensorRT wrote")
        caches.seal_keyed_timing_cache(kwargs)
        assert caches.load_timing_cache(kwargs["timing_cache_path"], key) == b"what TensorRT wrote"
    assert paths[0] != paths[1]
