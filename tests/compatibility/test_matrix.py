"""matrix: the shipped data covers every release the registry listed at the snapshot, and the refresh's parsers
read real registry text (captured in tests/data/registry_samples; no network here)."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from pathlib import Path
from types import ModuleType

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from torchtrt_compat.compatibility import matrix, pip_index, refresh

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "torchtrt_compat" / "data"
SAMPLES = ROOT / "tests" / "data" / "registry_samples"
PYTHON_TAG = re.compile(r"^(?:3\.\d+t?|py3)$")
PLATFORMS = {"linux_x86_64", "linux_aarch64", "win_amd64", "any"}

# The coverage issue 9 asks for, written out independently of the tool's own SCOPE table.
REQUIRED_SCOPE: dict[str, SpecifierSet | None] = {
    "torch": SpecifierSet(">=2.0"),
    "torchvision": SpecifierSet(">=0.15"),
    "torch-tensorrt": None,  # 1.4.0, then 2.2.0 onwards: see _required()
    "torch-tensorrt-rtx": SpecifierSet(""),
    "tensorrt": SpecifierSet(">=8.6"),
    "tensorrt-cu11": SpecifierSet(">=8.6"),
    "tensorrt-cu12": SpecifierSet(">=8.6"),
    "tensorrt-cu13": SpecifierSet(">=8.6"),
    "tensorrt-rtx": SpecifierSet(""),
    "tensorrt-rtx-cu12": SpecifierSet(""),
    "tensorrt-rtx-cu13": SpecifierSet(""),
}


def _required(dist: str, version: str) -> bool:
    parsed = Version(version)
    if dist == "torch-tensorrt":
        return parsed == Version("1.4.0") or parsed >= Version("2.2.0")
    scope = REQUIRED_SCOPE[dist]
    assert scope is not None
    return scope.contains(parsed, prereleases=True)


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """The refresh's parsers (the package's own: tools/refresh_matrix.py is a thin wrapper of them)."""
    return refresh


def _sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


# -- the snapshot ------------------------------------------------------------------------------------------------


def test_snapshot_date_is_an_iso_date_shared_by_both_files() -> None:
    date = matrix.snapshot_date()
    assert dt.date.fromisoformat(date) <= dt.date.today()
    registry = json.loads((DATA / "registry.json").read_text(encoding="utf-8"))
    assert registry["snapshot_date"] == date


@pytest.mark.parametrize("dist", sorted(REQUIRED_SCOPE))
def test_every_version_published_at_snapshot_is_in_the_matrix(dist: str) -> None:
    published = matrix.published_versions(dist)
    assert published, f"{dist}: no published versions recorded"
    wanted = [v for v in published if _required(dist, v)]
    assert wanted, f"{dist}: nothing in scope"
    missing = [v for v in wanted if not matrix.is_known(dist, v) or matrix.release_info(dist, v) is None]
    assert missing == []
    assert set(matrix.known_versions(dist)) <= set(published)


def test_known_versions_are_sorted_and_names_normalised() -> None:
    versions = matrix.known_versions("torch")
    assert versions == sorted(versions, key=Version)
    assert matrix.known_versions("Torch_TensorRT") == matrix.known_versions("torch-tensorrt")
    assert matrix.known_versions("no-such-dist") == []
    assert set(REQUIRED_SCOPE) <= set(matrix.covered_dists())


def test_is_known_drops_local_tags_and_rejects_the_unknown() -> None:
    assert matrix.is_known("torch", "2.14.1+cu130")
    assert matrix.is_known("torch_tensorrt", "1.4.0")
    newest = Version(matrix.known_versions("torch")[-1])
    assert not matrix.is_known("torch", f"{newest.major}.{newest.minor + 1}.0")
    assert "1.13.1" in matrix.published_versions("torch") and not matrix.is_known("torch", "1.13.1")  # out of scope
    assert not matrix.is_known("torch", "not-a-version")
    assert matrix.release_info("torch", "2.99.0") is None


# -- release records ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dist", sorted(REQUIRED_SCOPE))
def test_release_info_shape(dist: str) -> None:
    for version in matrix.known_versions(dist):
        info = matrix.release_info(dist, version)
        assert info is not None
        assert info["dist"] == dist and info["version"] == version
        assert isinstance(info["requires_dist"], list)
        for line in info["requires_dist"]:
            Requirement(line)  # every line parses as PEP 508
        if info["requires_python"] is not None:
            SpecifierSet(info["requires_python"])
        assert set(info["wheels"]) <= PLATFORMS
        for tags in info["wheels"].values():
            assert tags and all(PYTHON_TAG.match(t) for t in tags), tags
        assert info["sdist_only"] is (not info["wheels"])
        assert info["cuda"] is None or re.fullmatch(r"\d+(?:\.\d+)?", info["cuda"])
        assert info["source"] == f"registry metadata of {dist} {version}"


def test_torch_records_carry_cuda_builds_and_free_threaded_tags() -> None:
    info = matrix.release_info("torch", "2.14.1")
    assert info is not None
    assert info["cuda"] == "13.0"
    assert "3.14t" in info["wheels"]["linux_x86_64"] and "3.13t" not in info["wheels"]["linux_x86_64"]
    linux = {
        v: (matrix.release_info("torch", v) or {}).get("wheels", {}).get("linux_x86_64", [])
        for v in matrix.known_versions("torch")
    }
    with_313t = [v for v, tags in linux.items() if "3.13t" in tags]
    assert with_313t[0] == "2.7.0"  # the registry's first free-threaded torch wheels
    assert info["cuda_by_platform"]["win_amd64"] is None  # the registry's Windows torch is a CPU build
    assert matrix.release_info("torch", "2.0.1")["cuda"] == "11.7"  # type: ignore[index]
    assert matrix.release_info("torch", "2.8.0")["cuda"] == "12.8"  # type: ignore[index]


def test_every_covered_torch_release_says_its_cuda_build() -> None:
    for version in matrix.known_versions("torch"):
        info = matrix.release_info("torch", version)
        assert info is not None and info["cuda"] is not None, version


def test_torch_tensorrt_records_keep_the_row_and_version_py_facts() -> None:
    for package in ("torch-tensorrt", "torch-tensorrt-rtx"):
        for row in matrix.releases(package):
            info = matrix.release_info(package, row["version"])
            assert info is not None
            assert info["torch"] == row["torch"] and info["tensorrt"] == row["tensorrt"]
            assert info["version_py"]["__version__"] == row["version"]
            assert info["version_py"]["__cuda_version__"] == row["cuda"]
            assert row["tensorrt_built"] is not None


def test_torch_tensorrt_1_4_0_needs_tensorrt_8_6_from_a_curated_row() -> None:
    row, exact = matrix.find_release("torch-tensorrt", "1.4.0")
    assert exact and row is not None
    assert row["torch"] == ">=2.0.1,<2.1"
    assert row["tensorrt_declared"] is False
    assert row["tensorrt"] == {"linux_x86_64": "tensorrt>=8.6,<8.7"}
    assert row["tensorrt_built"] == "8.6"  # the wheel's own _version.py agrees with the curated row
    curated = matrix.tensorrt_requirement("torch-tensorrt", "1.4.0")
    assert curated is not None and curated["verified"] is True and curated["source"]
    assert matrix.tensorrt_requirement("torch-tensorrt", "2.14.0") is None  # 2.14.0 declares its own


def test_every_torch_tensorrt_release_knows_its_tensorrt() -> None:
    for row in matrix.releases():
        assert row["tensorrt"], row["version"]
        if not row["tensorrt_declared"]:
            assert row["tensorrt_source"] and isinstance(row["tensorrt_verified"], bool)


# -- torchvision <-> torch ---------------------------------------------------------------------------------------


def test_torchvision_pairing_holds_in_both_directions() -> None:
    pairs = matrix.torchvision_pairs()
    assert len({p["torch"] for p in pairs}) == len(pairs) == len({p["torchvision"] for p in pairs})
    for pair in pairs:
        assert matrix.torch_minor_for_torchvision(pair["torchvision"] + ".0") == pair["torch"]
        assert matrix.torchvision_minor_for_torch(pair["torch"] + ".0") == pair["torchvision"]
        assert pair["verified"] is True, pair


def test_torchvision_pairs_follow_the_wheels_torch_requirements() -> None:
    paired = {v for p in matrix.torchvision_pairs() for v in p["releases"]}
    for version in matrix.known_versions("torchvision"):
        info = matrix.release_info("torchvision", version)
        assert info is not None
        if info["yanked"] and not info["requires_dist"]:
            continue  # a yanked sdist-only release (0.15.0) carries no metadata to pair
        assert version in paired, version
        torch_req = next(Requirement(r) for r in info["requires_dist"] if Requirement(r).name == "torch")
        pair_minor = matrix.torch_minor_for_torchvision(version)
        assert pair_minor is not None
        assert torch_req.specifier.contains(f"{pair_minor}.0", prereleases=True) or any(
            torch_req.specifier.contains(v) for v in matrix.known_versions("torch") if v.startswith(pair_minor + ".")
        )


def test_every_torch_minor_with_a_torchvision_release_is_paired() -> None:
    paired = {p["torch"] for p in matrix.torchvision_pairs()}
    newest_torchvision_torch = max(paired, key=Version)
    for version in matrix.known_versions("torch"):
        minor = ".".join(version.split(".")[:2])
        if Version(minor) <= Version(newest_torchvision_torch):
            assert minor in paired, version


# -- curated rows ------------------------------------------------------------------------------------------------


def test_every_curated_row_has_source_and_verified() -> None:
    data = matrix.load()
    for section in (
        "gpu_support",
        "driver_min",
        "driver_support",
        "cuda_toolkits",
        "jetson",
        "tensorrt_for_torch_tensorrt",
        "torchvision",
    ):
        for row in data[section]:
            assert isinstance(row["source"], str) and row["source"].strip(), (section, row)
            assert isinstance(row["verified"], bool), (section, row)


@pytest.mark.parametrize("flavour,dist", [("tensorrt", "tensorrt"), ("tensorrt-rtx", "tensorrt-rtx")])
def test_every_tensorrt_release_has_a_gpu_row(flavour: str, dist: str) -> None:
    for version in matrix.known_versions(dist):
        row = matrix.gpu_support(flavour, version)
        assert row is not None, version
        assert row["compute_capabilities"] == matrix.compute_capabilities(flavour, version)
        assert isinstance(row["verified"], bool) and row["source"]


@pytest.mark.parametrize("major", ["11", "12", "13"])
def test_driver_minimum_per_cuda_major(major: str) -> None:
    row = matrix.driver_row(major)
    assert row is not None and row["verified"] is True and row["source"]
    assert matrix.driver_minimum(major, "linux_x86_64") == row["linux"]


def test_every_cuda_major_a_release_is_built_for_has_a_driver_row() -> None:
    for dist in ("torch", "torch-tensorrt", "torch-tensorrt-rtx"):
        for version in matrix.known_versions(dist):
            cuda = (matrix.release_info(dist, version) or {}).get("cuda")
            if cuda:
                assert matrix.driver_row(cuda.split(".")[0]) is not None, (dist, version, cuda)


def test_no_source_holds_an_address() -> None:
    for name in ("matrix.json", "registry.json", "curated.json"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert "http" not in text and "://" not in text, name


def test_data_stays_small() -> None:
    total = sum((DATA / n).stat().st_size for n in ("matrix.json", "registry.json", "curated.json"))
    assert total < 3_000_000


# -- the refresh tool's parsers, on captured registry text -------------------------------------------------------


def test_refresh_code_holds_no_registry_address() -> None:
    for path in (ROOT / "tools" / "refresh_matrix.py", Path(refresh.__file__), Path(pip_index.__file__)):
        source = path.read_text(encoding="utf-8")
        assert "http://" not in source and "https://" not in source, path


def test_the_index_is_pips_own(tmp_path: Path) -> None:
    """pip's configuration, read by pip: index-url, extra indexes, find-links, proxy and timeout as pip sees them;
    ``--index-url`` replaces pip's index as it does for pip."""
    conf = tmp_path / "pip.conf"
    conf.write_text(
        "[global]\nindex-url = file:///mirror/simple\nextra-index-url = file:///a/simple file:///b/simple\n"
        "find-links = /opt/wheels\nproxy = http://user:secret@proxy.example:3128\ntimeout = 7\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PIP_CONFIG_FILE": str(conf)}
    for key in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_DEFAULT_TIMEOUT", "PIP_TIMEOUT"):
        env.pop(key, None)
    old = os.environ.copy()
    try:
        os.environ.clear()
        os.environ.update(env)
        settings = pip_index.pip_settings()
        assert settings.index_url == "file:///mirror/simple/"
        assert settings.extra_index_urls == ("file:///a/simple/", "file:///b/simple/")
        assert settings.find_links == ("/opt/wheels",) and settings.timeout == 7.0
        assert "secret" not in settings.describe() and "proxy.example" in settings.describe()
        assert pip_index.pip_settings(index_url="file:///other/simple").index_url == "file:///other/simple/"
    finally:
        os.environ.clear()
        os.environ.update(old)


def test_simple_api_json_and_html_pages_parse_alike(tool: ModuleType) -> None:
    page_url = "file:///index/simple/torch-tensorrt-rtx/"
    as_json = pip_index.parse_simple_page(
        _sample("page_torch-tensorrt-rtx.json"), "application/vnd.pypi.simple.v1+json", page_url
    )
    as_html = pip_index.parse_simple_page(_sample("page_torch-tensorrt-rtx.html"), "text/html", page_url)
    assert as_json.versions == as_html.versions == matrix.published_versions("torch-tensorrt-rtx")

    def key(page: pip_index.ProjectPage) -> list[tuple[object, ...]]:
        return sorted((f.filename, f.requires_python, f.version, f.yanked) for f in page.files)

    assert key(as_json) == key(as_html)
    assert all(f.url.startswith("file:///index/files/") and "#" not in f.url for f in as_json.files)
    table = tool.wheels_by_platform([f for f in as_json.files if f.version == "2.14.0"])
    info = matrix.release_info("torch-tensorrt-rtx", "2.14.0")
    assert info is not None
    assert {p: sorted(t, key=tool.python_key) for p, t in table.items()} == info["wheels"]


def test_wheel_tags_from_real_file_names(tool: ModuleType) -> None:
    names = json.loads(_sample("torch-2.14.1-filenames.json"))
    by_platform: dict[str, set[str]] = {}
    for name in names:
        platform = tool.wheel_platform(name)
        if platform:
            by_platform.setdefault(platform, set()).update(tool.wheel_pythons(name))
    info = matrix.release_info("torch", "2.14.1")
    assert info is not None
    assert {p: sorted(t, key=tool.python_key) for p, t in by_platform.items()} == info["wheels"]
    assert tool.wheel_pythons("tensorrt-10.0.0b6-py2.py3-none-manylinux_2_28_x86_64.whl") == ["py3"]
    assert tool.wheel_platform("torch-2.14.1-cp313-cp313t-macosx_14_0_arm64.whl") is None


@pytest.mark.parametrize(
    "sample,dist,version,platform,cuda",
    [
        ("torch-2.14.1-linux_x86_64.METADATA", "torch", "2.14.1", "linux_x86_64", "13.0"),
        ("torch-2.8.0-linux_x86_64.METADATA", "torch", "2.8.0", "linux_x86_64", "12.8"),
        ("torch-2.8.0-linux_x86_64.METADATA", "torch", "2.8.0", "win_amd64", None),
        ("torch-2.0.1-win_amd64.METADATA", "torch", "2.0.1", "win_amd64", None),
    ],
)
def test_torch_cuda_build_from_metadata(
    tool: ModuleType, sample: str, dist: str, version: str, platform: str, cuda: str | None
) -> None:
    parsed = tool.parse_metadata(_sample(sample))
    assert tool.cuda_of_torch(parsed["requires_dist"], platform) == cuda
    info = matrix.release_info(dist, version)
    assert info is not None and info["requires_python"] == parsed["requires_python"]
    assert set(parsed["requires_dist"]) <= set(info["requires_dist"])
    assert info["cuda_by_platform"].get(platform) == cuda


@pytest.mark.parametrize(
    "sample,version,floor",
    [
        ("torchvision-0.24.1-linux_x86_64.METADATA", "0.24.1", "2.9.1"),  # an exact pin
        ("torchvision-0.29.1-linux_x86_64.METADATA", "0.29.1", "2.14.0"),  # a lower bound only
    ],
)
def test_torchvision_torch_requirement(tool: ModuleType, sample: str, version: str, floor: str) -> None:
    parsed = tool.parse_metadata(_sample(sample))
    req = tool.torch_requirement(parsed["requires_dist"])
    assert tool.torch_floor(req) == floor
    assert matrix.torch_minor_for_torchvision(version) == ".".join(floor.split(".")[:2])


@pytest.mark.parametrize(
    "version,trt,cuda,torch",
    [("1.4.0", "8.6", "11.8", ">=2.0.1,<2.1"), ("2.14.0", "11.1.0", "13.2", ">=2.14.0,<2.15.0")],
)
def test_torch_tensorrt_version_py_and_requirements(
    tool: ModuleType, version: str, trt: str, cuda: str, torch: str
) -> None:
    facts = tool.parse_version_py(_sample(f"torch_tensorrt-{version}-linux_x86_64._version.py"))
    assert facts["__tensorrt_version__"] == trt and facts["__cuda_version__"] == cuda
    reqs = tool.requirements_on(
        tool.parse_metadata(_sample(f"torch_tensorrt-{version}-linux_x86_64.METADATA"))["requires_dist"], "linux_x86_64"
    )
    torch_req = next(r for r in reqs if r.name == "torch")
    assert tool.normalise_spec(torch_req.specifier) == torch
    row, exact = matrix.find_release("torch-tensorrt", version)
    assert exact and row is not None
    assert (row["tensorrt_built"], row["cuda"], row["torch"]) == (trt, cuda, torch)


@pytest.mark.parametrize(
    "sample,dist,cuda,requires",
    [
        ("tensorrt-11.4.0.106.PKG-INFO", "tensorrt", "13", ["tensorrt_cu13==11.4.0.106"]),
        ("tensorrt-cu12-11.4.0.106.PKG-INFO", "tensorrt-cu12", "12", None),
        ("tensorrt-rtx-1.7.1.116.PKG-INFO", "tensorrt-rtx", "13", ["tensorrt_rtx_cu13==1.7.1.116"]),
        ("tensorrt-8.6.0-linux_x86_64.METADATA", "tensorrt", "12", None),
    ],
)
def test_tensorrt_cuda_major_from_metadata(
    tool: ModuleType, sample: str, dist: str, cuda: str, requires: list[str] | None
) -> None:
    parsed = tool.parse_metadata(_sample(sample))
    assert tool.cuda_of_tensorrt(dist, parsed["requires_dist"], "linux_x86_64") == cuda
    if requires is not None:
        assert parsed["requires_dist"] == requires
    version = re.search(r"-(\d[\w.]*?)(?:-linux_x86_64)?\.(?:PKG-INFO|METADATA)$", sample).group(1)  # type: ignore[union-attr]
    info = matrix.release_info(dist, version)
    assert info is not None and info["cuda"] == cuda and info["requires_dist"] == parsed["requires_dist"]


def test_the_curated_tables_come_from_the_package_whatever_the_snapshot() -> None:
    """The curated tables are the package's (data/curated.json); the registry snapshot carries none of them."""
    curated = json.loads((DATA / "curated.json").read_text(encoding="utf-8"))
    snapshot = json.loads((DATA / "matrix.json").read_text(encoding="utf-8"))
    data = matrix.load()
    for section in ("gpu_support", "driver_min", "driver_support", "cuda_toolkits", "jetson", "gpu_models"):
        assert data[section] == curated[section]
        assert section not in snapshot


def test_every_gpu_model_name_reads_as_itself() -> None:
    """No model name is shadowed by another (``A10`` is not ``A100``, ``L40`` is not ``L40S``)."""
    for row in matrix.gpu_models():
        assert row["source"] and row["verified"] in (True, False)
        for name in row["names"]:
            found = matrix.gpu_compute_capability(name)
            assert found is not None and found[1] == row["compute_capability"], name
            assert matrix.gpu_compute_capability(f"NVIDIA GeForce {name}") == found
    assert matrix.gpu_compute_capability("NVIDIA H100 80GB HBM3") == ("H100", "9.0")
    assert matrix.gpu_compute_capability("A100-SXM4-80GB") == ("A100", "8.0")
    assert matrix.gpu_compute_capability("Radeon RX 7900") is None


def test_every_gpu_model_compute_capability_has_a_support_row() -> None:
    """Each GPU model is in a TensorRT support row, or older than any TensorRT the matrix covers (Kepler: its models
    are named so that check can say no TensorRT, torch cu12+ build or driver after R470 runs them)."""
    covered = {cc for row in matrix.load()["gpu_support"] for cc in row["compute_capabilities"]}
    oldest = min(covered, key=lambda cc: Version(cc))
    models = {str(r["compute_capability"]) for r in matrix.gpu_models()}
    assert {cc for cc in models if Version(cc) >= Version(oldest)} <= covered
    assert all(matrix.architecture(cc) for cc in models)  # every model's architecture has a name


@pytest.mark.parametrize(
    ("dist", "version", "position"),
    [
        ("torch", "2.14.1", None),
        ("torch", "2.14.1+cu130", None),
        ("torch", "9.0.0", "newer"),
        ("torch", "1.13.1", "older"),
        ("torch-tensorrt", "0.0.1", "older"),
        ("torch-tensorrt", "2.1.0", "unlisted"),
        ("torch", "2.4.0a0+07cecf4.nv24.05", "unlisted"),
        ("tensorrt-cu14", "12.0.0", "uncovered"),
    ],
)
def test_scope_position(dist: str, version: str, position: str | None) -> None:
    assert matrix.scope_position(dist, version) == position


def test_matrix_gpus_lists_every_named_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    """`torchtrt-compat matrix --gpus`: every curated GPU name, with its driver facts (Jetsons with their JetPack)."""
    from torchtrt_compat.cli import main

    assert main(["matrix", "--gpus"]) == 0
    text = capsys.readouterr().out
    for row in matrix.gpu_models():
        for name in row["names"]:
            assert name in text, name
    assert "R580" in text and "570.133.20" in text and "JetPack 6" in text
    assert main(["matrix", "--gpus", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    volta = next(r for r in rows if r["compute_capability"] == "7.0")
    assert volta["last_branch"] == "580" and "V100" in volta["names"]
