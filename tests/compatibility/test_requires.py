"""Installability judged the way pip judges it (issue 20; issue 23 F9, G02, M28, M31).

The facts are the registry metadata stored in the matrix data. The oracle in `test_no_false_compatible_*` reads the
raw ``Requires-Dist`` / ``Requires-Python`` text with `packaging` directly, not through `compatibility.requires`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _specs import target_spec
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility import matrix, requires
from torchtrt_compat.compatibility.rules import check
from torchtrt_compat.compatibility.target import Overrides, load_spec, parse_gpu


def _spec(**changes: Any) -> dict[str, Any]:
    return target_spec(**{"python": "3.12.7", **changes})


def _codes(spec: dict[str, Any], severity: str) -> set[str]:
    return {f.code for f in check(spec).findings if f.severity == severity}


# -- the three errors of issue 20 -------------------------------------------------------------------------------------


def test_torchvision_exact_pin_refuses_a_patch_release_of_torch() -> None:
    """Registry metadata of torchvision 0.29.0: ``torch==2.14.0``; pip refuses it with torch 2.14.1."""
    report = check(_spec(torch="2.14.1+cu130"))
    assert report.verdict == "incompatible"
    finding = next(f for f in report.findings if f.code == "torchvision-torch")
    assert "torch==2.14.0" in finding.message and "2.14.1" in finding.message
    assert finding.fix == "pip install 'torchvision==0.29.2'"
    assert check(_spec(torch="2.14.1+cu130", torchvision="0.29.1")).verdict == "compatible"


def test_torchvision_lower_bound_admits_a_newer_torch_so_an_unreleased_torch_tensorrt_stays_unknown() -> None:
    """0.29.1 and 0.29.2 require only ``torch>=2.14.0``: with torch 2.15.0 and torch-tensorrt 2.15.0 (not in the
    data) the verdict is UNKNOWN, not INCOMPATIBLE."""
    for torchvision in ("0.29.1", "0.29.2"):
        spec = _spec(torch="2.15.0", torchvision=torchvision)
        spec["torch_tensorrt"] = {"package": "torch-tensorrt", "version": "2.15.0"}
        report = check(spec)
        assert report.verdict == "unknown", str(report)
        assert "torchvision-torch" not in {f.code for f in report.findings}
    assert "torchvision-torch" in _codes(_spec(torch="2.15.0", torchvision="0.29.0"), "error")


@pytest.mark.parametrize("torchvision", ["0.26.0", "0.27.0", "0.27.1", "0.28.0", "0.29.0", "0.29.1", "0.29.2"])
def test_requires_python_is_judged_on_the_patch_release(torchvision: str) -> None:
    """Every torchvision 0.26.0-0.29.2 declares ``Requires-Python: >=3.10,!=3.14.1``."""
    info = matrix.release_info("torchvision", torchvision)
    assert info is not None and "!=3.14.1" in info["requires_python"]
    need = next(Requirement(r) for r in info["requires_dist"] if Requirement(r).name == "torch")
    torch = next(v for v in matrix.known_versions("torch") if need.specifier.contains(v))
    host = {"platform": "linux_x86_64", "torch": torch, "torchvision": torchvision}
    assert check({**host, "python": "3.14.1"}).verdict == "incompatible"
    assert "python-requires" in _codes({**host, "python": "3.14.1"}, "error")
    assert not _codes({**host, "python": "3.14.2"}, "error")


def test_a_python_given_without_its_patch_release_is_unknown_where_the_patch_decides() -> None:
    report = check(_spec(python="3.14", torchvision="0.29.2"))
    assert report.verdict == "unknown"
    finding = next(f for f in report.findings if f.code == "python-patch-unknown")
    assert "3.14" in finding.message and "--python 3.14.2" in finding.fix
    assert check(_spec(python="3.12", torchvision="0.29.2")).verdict == "compatible"


def test_patch_version_flows_from_the_cli_flag() -> None:
    env = load_spec(_spec(), Overrides(python="3.14.1"))
    assert env.python == "3.14.1"
    assert check(env).verdict == "incompatible"


# -- markers ----------------------------------------------------------------------------------------------------------


def test_markers_are_evaluated_for_the_target_platform_and_python() -> None:
    py = requires.parse_python("3.12.1")
    assert requires.marker_applies('sys_platform == "linux"', "linux_x86_64", py) is True
    assert requires.marker_applies('sys_platform == "linux"', "win_amd64", py) is False
    assert requires.marker_applies('platform_machine == "aarch64"', "linux_aarch64", py) is True
    assert requires.marker_applies('sys_platform == "linux"', None, py) is None
    assert (
        requires.marker_applies('python_full_version != "3.14.1"', "linux_x86_64", requires.parse_python("3.14"))
        is None
    )
    assert requires.marker_applies('python_version < "3.15"', "linux_x86_64", requires.parse_python("3.14")) is True


def test_a_requirement_for_another_platform_is_not_a_second_pin() -> None:
    lines = ['torch==2.14.0; sys_platform == "win32"', 'torch>=2.14.0; sys_platform == "linux"']
    py = requires.parse_python("3.12")
    assert requires.admits(lines, "torch", "2.14.1", "linux_x86_64", py)[0] is True
    assert requires.admits(lines, "torch", "2.14.1", "win_amd64", py)[0] is False
    assert requires.admits(lines, "torch", "2.14.1", None, py)[0] is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("torch>=>2", "Requires-Dist line"), ("torch; sys_platform ==", "cannot be parsed")],
)
def test_an_unparsable_requirement_is_one_line(text: str, fragment: str) -> None:
    with pytest.raises(UsageError) as err:
        requires.requirement(text, what="Requires-Dist line")
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_an_unparsable_marker_is_one_line() -> None:
    with pytest.raises(UsageError) as err:
        requires.marker('sys_platform === "linux" and', what="marker")
    assert "\n" not in str(err.value) and "cannot be parsed" in str(err.value)


# -- no false COMPATIBLE over described hosts taken from the registry metadata ---------------------------------------

_LINUX = {
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def _pip_accepts(requirer: dict[str, Any], dist: str, version: str, python: str) -> bool:
    """The oracle: `packaging` on the raw published lines, as pip evaluates them on linux_x86_64."""
    env = {**_LINUX, "python_version": ".".join(python.split(".")[:2]), "python_full_version": python}
    for text in requirer["requires_dist"]:
        req = Requirement(text)
        if req.name.replace("_", "-").lower() != dist:
            continue
        if req.marker is not None and not Marker(str(req.marker)).evaluate(env):
            continue
        if not req.specifier.contains(Version(version), prereleases=True):
            return False
    rp = requirer.get("requires_python")
    return not rp or SpecifierSet(rp).contains(Version(python), prereleases=True)


def test_no_false_compatible_for_torch_and_torchvision_pairs() -> None:
    """Every known torchvision >= 0.26 with every known torch 2.11-2.15 on Python 3.12.3 and 3.14.1: when pip would
    refuse, the verdict is never COMPATIBLE; when pip accepts, no torchvision or Python error is reported."""
    torchvisions = [v for v in matrix.known_versions("torchvision") if Version(v) >= Version("0.26")]
    torches = [v for v in matrix.known_versions("torch") if Version("2.11") <= Version(v) < Version("2.16")]
    judged = 0
    for python in ("3.12.3", "3.14.1"):
        for tv in torchvisions:
            info = matrix.release_info("torchvision", tv)
            assert info is not None
            for torch in torches:
                spec = {"platform": "linux_x86_64", "python": python, "torch": torch, "torchvision": tv}
                report = check(spec)
                codes = {f.code for f in report.findings if f.severity == "error"}
                if _pip_accepts(info, "torch", torch, python):
                    assert not codes & {"torchvision-torch", "python-requires"}, (spec, str(report))
                else:
                    assert report.verdict == "incompatible", (spec, str(report))
                judged += 1
    assert judged > 50


def test_no_false_compatible_for_torch_tensorrt_and_torch() -> None:
    torches = [v for v in matrix.known_versions("torch") if Version(v) >= Version("2.4")]
    for row in matrix.releases("torch-tensorrt"):
        if Version(row["version"]) < Version("2.4"):
            continue
        info = matrix.release_info("torch-tensorrt", row["version"])
        assert info is not None
        for torch in torches:
            spec = _spec(torch=torch, torchvision=None)
            spec["torch_tensorrt"] = {"package": "torch-tensorrt", "version": row["version"]}
            spec["python"] = "3.11.9"
            report = check(spec)
            if not _pip_accepts({"requires_dist": info["requires_dist"]}, "torch", torch, "3.11.9"):
                assert "torch-version" in {f.code for f in report.findings if f.severity == "error"}, spec


# -- requirements files (F9) -----------------------------------------------------------------------------------------


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "requirements.txt"
    path.write_bytes(text.encode())
    return path


def test_per_os_markers_are_alternatives_chosen_by_platform(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        'torch==2.14.0+cu130; sys_platform == "linux"\ntorch==2.14.0; sys_platform == "win32"\n'
        "torch-tensorrt==2.14.0\n",
    )
    linux = load_spec(path, Overrides(platform="linux_x86_64"))
    assert linux.torch == "2.14.0+cu130" and linux.torch_cuda == "13.0"
    windows = load_spec(path, Overrides(platform="win_amd64"))
    assert windows.torch == "2.14.0"
    unknown = load_spec(path)
    assert unknown.torch is None and any("--platform" in n for n in unknown.notes)


def test_crlf_continuation_and_hash(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "# pinned\r\ntorch==2.14.0+cu130 \\\r\n    --hash=sha256:0123abcd \\\r\n    --hash=sha256:4567ef\r\n"
        "torchvision==0.29.0  # comment\r\n-r other.txt\r\n--index-url https://example.invalid/simple\r\n",
    )
    env = load_spec(path)
    assert env.torch == "2.14.0+cu130" and env.torchvision == "0.29.0"
    assert any("-r is not followed" in n for n in env.notes)


def test_two_pins_that_both_apply_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "torch==2.14.0+cu130\ntorch==2.14.0\n")
    with pytest.raises(UsageError, match="pins torch twice"):
        load_spec(path)


@pytest.mark.parametrize(
    "text",
    ["torch==2.14.0; sys_platform ==\n", "torch==2.14.0\x00\n", "torch (==2.14.0\n", 'torch==2.14.0; os_name = "nt"\n'],
)
def test_cli_unparsable_requirement_line_is_one_error_line_exit_2(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path, text)
    result = subprocess.run(
        [sys.executable, "-m", "torchtrt_compat", "check", "--target", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "line 1" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# -- --upgrade and --gpu (M28, M31, G02) -------------------------------------------------------------------------------


def test_upgrade_markers_are_evaluated() -> None:
    env = load_spec(_spec(), Overrides(upgrades=['torch==2.15.0; python_version < "3"']))
    assert env.torch == "2.14.0+cu130" and any("not applied" in n for n in env.notes)
    env = load_spec(_spec(), Overrides(upgrades=['torch==2.15.0; sys_platform == "linux"']))
    assert env.torch == "2.15.0"
    with pytest.raises(UsageError, match="--platform"):
        load_spec(_spec(platform=None), Overrides(upgrades=['torch==2.15.0; sys_platform == "linux"']))


def test_conflicting_upgrade_pins_are_refused() -> None:
    with pytest.raises(UsageError, match="pin the same package differently"):
        load_spec(_spec(), Overrides(upgrades=["torch==2.14.0", "torch==2.15.0"]))
    assert load_spec(_spec(), Overrides(upgrades=["torch==2.15.0", "torch==2.15.0"])).torch == "2.15.0"


@pytest.mark.parametrize("text", ["A100 H100", "H100, A10G", "RTX 4090 + RTX 3090"])
def test_a_gpu_flag_naming_two_gpus_is_refused(text: str) -> None:
    with pytest.raises(UsageError, match="more than one GPU"):
        parse_gpu(text)


@pytest.mark.parametrize(
    ("text", "cc"), [("NVIDIA A100-SXM4-80GB", "8.0"), ("Tesla T4", "7.5"), ("NVIDIA GeForce RTX 4090", "8.9")]
)
def test_one_gpu_name_still_reads(text: str, cc: str) -> None:
    assert parse_gpu(text)["compute_capability"] == cc


def test_torch_and_torchvision_need_a_wheel_for_the_target_python() -> None:
    """Registry metadata: torch 2.4.0 and torchvision 0.19.0 have wheels for Python 3.8-3.12 only."""
    host = {"platform": "linux_x86_64", "python": "3.13.1", "torch": "2.4.0", "torchvision": "0.19.0"}
    report = check(host)
    assert report.verdict == "incompatible"
    assert {f.component for f in report.findings if f.code == "python-no-wheel"} == {"torch", "torchvision"}
    assert not [f for f in check({**host, "python": "3.12.4"}).findings if f.severity == "error"]


def test_suggest_keeps_the_python_patch_release() -> None:
    from torchtrt_compat.compatibility.suggest import suggest

    good = suggest(gpus=["H100"], driver="580.95.05", python="3.14.2", platform="linux_x86_64")
    assert good.spec is not None and good.spec["python"] == "3.14.2"
    assert check(good.spec).verdict == "compatible"
    refused = suggest(gpus=["H100"], driver="580.95.05", python="3.14.1", platform="linux_x86_64")
    assert refused.spec is None or check(refused.spec).verdict == "compatible"
