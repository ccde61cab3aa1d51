"""``matrix --refresh``: the refresh reads an index as pip is configured to, keeps what did not change, reads what is
new, writes the user cache as one, and the checker prefers the newer of cache and bundle and says which.

No network: the index is a local PEP 691 mirror (``file://``) made from the bundled snapshot's own releases, with one
release added as a wheel file built from captured registry text. The real refresh against the registry is measured
in docs/matrix.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from torchtrt_compat.compatibility import matrix, refresh, snapshot
from torchtrt_compat.compatibility.pip_index import Index, PipSettings

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "torchtrt_compat" / "data"
SAMPLES = ROOT / "tests" / "data" / "registry_samples"
PLATFORM_TAGS = {
    "linux_x86_64": "manylinux_2_28_x86_64",
    "linux_aarch64": "manylinux_2_28_aarch64",
    "win_amd64": "win_amd64",
}


def _bundle() -> tuple[dict[str, Any], dict[str, Any]]:
    return (
        json.loads((DATA / "matrix.json").read_text(encoding="utf-8")),
        json.loads((DATA / "registry.json").read_text(encoding="utf-8")),
    )


def _wheel_name(dist: str, version: str, platform: str, python: str) -> str:
    stem = dist.replace("-", "_")
    if python == "py3":
        return f"{stem}-{version}-py3-none-{'any' if platform == 'any' else PLATFORM_TAGS[platform]}.whl"
    tag = "cp" + python.rstrip("t").replace(".", "")
    return f"{stem}-{version}-{tag}-{tag}{'t' if python.endswith('t') else ''}-{PLATFORM_TAGS[platform]}.whl"


def _mirror(root: Path, extra: dict[str, list[dict[str, Any]]] | None = None) -> str:
    """A PEP 691 index holding the bundle's releases (file names made from each record's wheel tags) plus ``extra``
    files per project; returns its address."""
    matrix_json, registry_json = _bundle()
    pages: dict[str, dict[str, Any]] = {}
    for dist, entry in refresh.expand_registry(registry_json).items():
        files = []
        for version, record in entry["releases"].items():
            yanked = bool(record.get("yanked"))
            names = [
                _wheel_name(dist, version, platform, python)
                for platform, pythons in record.get("wheels", {}).items()
                for python in pythons
            ] or [f"{dist.replace('-', '_')}-{version}.tar.gz"]
            files += [{"filename": n, "url": f"../../files/{n}", "hashes": {}, "yanked": yanked} for n in names]
        pages[dist] = {"files": files, "versions": entry["published"]}
    for name, entry in matrix_json["tensorrt_packages"].items():  # the lean / dispatch packages listed beside
        if name not in pages:
            sdist = f"{name.replace('-', '_')}-{entry['latest']}.tar.gz"
            pages[name] = {"files": [{"filename": sdist, "url": f"../../files/{sdist}", "hashes": {}}]}
            pages[name]["versions"] = [entry["latest"]]
    for dist, files in (extra or {}).items():
        pages[dist]["files"] += files
        pages[dist]["versions"] += [f["version"] for f in files]
    for dist, page in pages.items():
        folder = root / "simple" / dist
        folder.mkdir(parents=True)
        files = [{k: v for k, v in f.items() if k != "version"} for f in page["files"]]
        body = {"meta": {"api-version": "1.1"}, "name": dist, "files": files, "versions": page["versions"]}
        (folder / "index.html").write_text(json.dumps(body), encoding="utf-8")
    return (root / "simple").as_uri() + "/"


def _new_torch_tensorrt_wheel(folder: Path, version: str) -> dict[str, Any]:
    """A torch-tensorrt wheel of ``version`` made of the captured METADATA and _version.py of 2.14.0."""
    folder.mkdir(parents=True, exist_ok=True)
    name = f"torch_tensorrt-{version}-cp312-cp312-manylinux_2_28_x86_64.whl"
    metadata = (SAMPLES / "torch_tensorrt-2.14.0-linux_x86_64.METADATA").read_text(encoding="utf-8")
    version_py = (SAMPLES / "torch_tensorrt-2.14.0-linux_x86_64._version.py").read_text(encoding="utf-8")
    with zipfile.ZipFile(folder / name, "w") as wheel:
        wheel.writestr(f"torch_tensorrt-{version}.dist-info/METADATA", metadata.replace("2.14.0", version, 1))
        wheel.writestr("torch_tensorrt/_version.py", version_py.replace("2.14.0", version))
    return {"filename": name, "url": (folder / name).as_uri(), "hashes": {}, "version": version}


def test_a_refresh_of_an_unchanged_index_reproduces_the_bundle(tmp_path: Path) -> None:
    """From a fresh install (the bundle as its base), an index that serves what the snapshot saw gives the same
    facts, reading no release again."""
    index = Index(PipSettings(index_url=_mirror(tmp_path)))
    matrix_json, registry_json, counts = refresh.build(index, base=_bundle())
    bundle_matrix, bundle_registry = _bundle()
    assert counts["read"] == 0 and counts["kept"] == sum(len(e["releases"]) for e in bundle_registry["dists"].values())
    assert registry_json["dists"] == bundle_registry["dists"] and registry_json["tags"] == bundle_registry["tags"]
    for key in ("torch_tensorrt", "torchvision", "tensorrt_packages", "schema"):
        assert matrix_json[key] == bundle_matrix[key], key
    assert index.fetched["range_reads"] == 0 and index.fetched["metadata_files"] == 0


def test_a_new_release_is_read_and_reported(tmp_path: Path) -> None:
    new = _new_torch_tensorrt_wheel(tmp_path / "files", "2.14.9")
    index = Index(PipSettings(index_url=_mirror(tmp_path / "index", {"torch-tensorrt": [new]})))
    matrix_json, registry_json, counts = refresh.build(index, base=_bundle())
    assert counts["read"] == 1
    record = registry_json["dists"]["torch-tensorrt"]["releases"]["2.14.9"]
    assert record["version_py"]["__cuda_version__"] == "13.2" and "torch<2.15.0,>=2.14.0" in record["requires_dist"]
    row = next(r for r in matrix_json["torch_tensorrt"] if r["version"] == "2.14.9")
    assert row["torch"] == ">=2.14.0,<2.15.0" and row["tensorrt"]["linux_x86_64"].startswith("tensorrt")


def test_refresh_writes_the_user_cache_and_the_checker_prefers_the_newer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TORCHTRT_COMPAT_CACHE", raising=False)
    new = _new_torch_tensorrt_wheel(tmp_path / "files", "2.14.9")
    settings = PipSettings(index_url=_mirror(tmp_path / "index", {"torch-tensorrt": [new]}))
    try:
        result = refresh.refresh(settings=settings)
        folder = tmp_path / "xdg" / "torchtrt_compat" / "matrix"
        assert result.folder == folder and sorted(p.name for p in folder.iterdir()) == ["matrix.json", "registry.json"]
        assert result.added == ["torch-tensorrt 2.14.9"] and "torch-tensorrt 2.14.9" in str(result)
        # the bundle is dated the snapshot day: a cache of the same day is not newer, one of a later day is
        cache = json.loads((folder / "matrix.json").read_text(encoding="utf-8"))
        for name in snapshot.FILES:
            data = json.loads((folder / name).read_text(encoding="utf-8"))
            data["snapshot_date"] = "2999-01-01"
            (folder / name).write_text(json.dumps(data), encoding="utf-8")
        matrix.reload()
        assert matrix.snapshot_source() == f"user cache {folder}" and matrix.snapshot_date() == "2999-01-01"
        assert matrix.is_known("torch-tensorrt", "2.14.9")
        assert matrix.load()["gpu_support"] == matrix.curated()["gpu_support"]  # curated: always the package's
        # a cache in another format is ignored, and the checker says why
        data = json.loads((folder / "matrix.json").read_text(encoding="utf-8"))
        (folder / "matrix.json").write_text(json.dumps({**data, "schema": 1}), encoding="utf-8")
        matrix.reload()
        assert matrix.snapshot_source().startswith("bundled") and "another torchtrt-compat release" in (
            matrix.snapshot_source()
        )
        assert not matrix.is_known("torch-tensorrt", "2.14.9")
        (folder / "matrix.json").write_text("{not json", encoding="utf-8")
        matrix.reload()
        assert "unreadable" in matrix.snapshot_source()
        assert cache["schema"] == snapshot.SCHEMA
    finally:
        matrix.reload()


def test_a_failed_refresh_leaves_the_snapshot_in_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    empty = tmp_path / "empty" / "simple"
    empty.mkdir(parents=True)
    from torchtrt_compat._errors import CompatError

    with pytest.raises(CompatError, match="has no project page for torch") as info:
        refresh.refresh(settings=PipSettings(index_url=empty.as_uri() + "/"))
    assert "\n" not in str(info.value) and info.value.fix
    assert not (tmp_path / "xdg" / "torchtrt_compat" / "matrix").exists()


def test_matrix_refresh_from_the_command_line(tmp_path: Path) -> None:
    """An installed package refreshes through pip's configuration (here --index-url, pip's own flag) and writes the
    user cache; `matrix` then says which snapshot it reads."""
    new = _new_torch_tensorrt_wheel(tmp_path / "files", "2.14.9")
    index = _mirror(tmp_path / "index", {"torch-tensorrt": [new]})
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k not in ("TORCHTRT_COMPAT_CACHE",)}
    env.update({"XDG_CACHE_HOME": str(tmp_path / "xdg"), "PIP_CONFIG_FILE": os.devnull, "PYTHONWARNINGS": "ignore"})
    done = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "matrix", "--refresh", "--index-url", index, "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "torch-tensorrt 2.14.9" in done.stdout and "the checker now reads" in done.stdout
    assert (tmp_path / "xdg" / "torchtrt_compat" / "matrix" / "registry.json").is_file()
    shown = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "matrix", "--torch-tensorrt", "2.14"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert shown.returncode == 0, shown.stderr
    assert "snapshot " in shown.stderr and (
        "bundled with torchtrt-compat" in shown.stderr or "user cache" in shown.stderr
    )
    bad = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "matrix", "--full"], capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2 and "add --refresh" in bad.stderr and "Traceback" not in bad.stderr


def test_pip_settings_come_from_pip(tmp_path: Path) -> None:
    """No pip configuration at all: pip's own default index, read from pip (never written in our code)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    code = "from torchtrt_compat.compatibility.pip_index import pip_settings; s = pip_settings(); print(s.index_url)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("/simple/")
