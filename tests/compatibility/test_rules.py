"""checker: realistic described stacks against the real matrix, and this machine.

Versions are taken from the rows of ``torchtrt_compat/data/matrix.json`` (published wheel metadata), so each
"good" stack is one pip would really install. Each case pins the verdict and the exact set of error codes.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from _paths import SPECS
from _specs import DRIVER_580, H100, target_spec

from torchtrt_compat.compatibility import matrix
from torchtrt_compat.compatibility.advice import gpu_supported
from torchtrt_compat.compatibility.rules import CheckReport, check, check_environment
from torchtrt_compat.env import Environment, GpuInfo, Package

A100 = {"name": "NVIDIA A100-SXM4-80GB", "compute_capability": "8.0"}
V100 = {"name": "Tesla V100-SXM2-32GB", "compute_capability": "7.0"}
L4 = {"name": "NVIDIA L4", "compute_capability": "8.9"}
RTX4090 = {"name": "NVIDIA GeForce RTX 4090", "compute_capability": "8.9"}
RTX5090 = {"name": "NVIDIA GeForce RTX 5090", "compute_capability": "12.0"}
B200 = {"name": "NVIDIA B200", "compute_capability": "10.0"}
GB10 = {"name": "NVIDIA GB10", "compute_capability": "12.1"}
GH200 = {"name": "NVIDIA GH200 480GB", "compute_capability": "9.0"}

DRIVER_570 = "570.124.06"
DRIVER_550 = "550.54.15"
DRIVER_535 = "535.104.05"


def trt_2_14(**overrides: Any) -> dict[str, Any]:
    """torch-tensorrt 2.14.0 (requires torch>=2.14.0,<2.15.0 and tensorrt-cu13>=11.1.0,<11.2.0) on an H100."""
    return target_spec(**overrides)


def rtx_2_14(**overrides: Any) -> dict[str, Any]:
    """torch-tensorrt-rtx 2.14.0 (requires tensorrt_rtx>=1.6.1.120,<1.7.0.0) on an RTX 4090."""
    spec = trt_2_14(
        torch="2.14.1+cu130",
        torchvision="0.29.2",
        torch_tensorrt={"package": "torch-tensorrt-rtx", "version": "2.14.0"},
        tensorrt={"package": "tensorrt-rtx", "version": "1.6.1.120"},
        gpus=[RTX4090],
    )
    spec.update(overrides)
    return spec


def stack(
    tt: str,
    torch: str,
    torchvision: str,
    trt: tuple[str, str],
    *,
    python: str = "3.11",
    driver: str = DRIVER_580,
    gpus: list[dict[str, Any]] | None = None,
    platform: str = "linux_x86_64",
    package: str = "torch-tensorrt",
) -> dict[str, Any]:
    return {
        "platform": platform,
        "python": python,
        "torch": torch,
        "torchvision": torchvision,
        "torch_tensorrt": {"package": package, "version": tt},
        "tensorrt": {"package": trt[0], "version": trt[1]},
        "driver": driver,
        "gpus": [H100] if gpus is None else gpus,
    }


# id -> (spec, compatible, exact error codes, warning codes that must be present, warning codes that must be absent)
CASES: dict[str, tuple[dict[str, Any], bool, set[str], set[str], set[str]]] = {
    # --- good stacks
    "trt-2.14-cu13-h100": (
        trt_2_14(),
        True,
        set(),
        {"engine-cache-immutable-weights", "enabled-precisions-ignored", "save-torchscript-raises"},  # 2.14 as 2.13
        {"import-needs-gpu"},
    ),
    "trt-2.14-meta-tensorrt-aarch64-gh200": (
        trt_2_14(platform="linux_aarch64", tensorrt={"package": "tensorrt", "version": "11.1.0.106"}, gpus=[GH200]),
        True,
        set(),
        set(),
        set(),
    ),
    "rtx-2.14-rtx4090": (rtx_2_14(), True, set(), set(), {"import-needs-gpu"}),
    "rtx-2.14-rtx5090-windows": (
        rtx_2_14(platform="win_amd64", driver="581.57", gpus=[RTX5090]),
        True,
        set(),
        set(),
        set(),
    ),
    "rtx-2.13-l4": (
        rtx_2_14(
            torch="2.13.0+cu130",
            torchvision="0.28.0",
            torch_tensorrt={"package": "torch-tensorrt-rtx", "version": "2.13.0"},
            tensorrt={"package": "tensorrt-rtx", "version": "1.5.0.114"},
            gpus=[L4],
        ),
        True,
        set(),
        {"enabled-precisions-ignored"},
        set(),
    ),
    "trt-2.4-cu124-a100-driver-550": (
        stack("2.4.0", "2.4.0+cu124", "0.19.0", ("tensorrt", "10.1.0"), python="3.10", driver=DRIVER_550, gpus=[A100]),
        True,
        set(),
        {"deform-conv2d-export"},
        {"engine-cache-immutable-weights"},
    ),
    "trt-2.2-tensorrt-8.6-a100": (
        stack("2.2.0", "2.2.0+cu121", "0.17.0", ("tensorrt", "8.6.1"), python="3.10", driver=DRIVER_535, gpus=[A100]),
        True,
        set(),
        {"deform-conv2d-export"},
        set(),
    ),
    "trt-2.7-blackwell-12.0-on-10.9": (
        stack("2.7.0", "2.7.0+cu128", "0.22.0", ("tensorrt-cu12", "10.9.0.34"), driver=DRIVER_570, gpus=[RTX5090]),
        True,
        set(),
        {"engine-cache-immutable-weights"},
        {"deform-conv2d-export"},
    ),
    "trt-2.8-b200-on-10.12": (
        stack("2.8.0", "2.8.0+cu128", "0.23.0", ("tensorrt", "10.12.0.36"), driver="570.133.20", gpus=[B200]),
        True,
        set(),
        {"save-torchscript-raises"},
        set(),
    ),
    # --- GPU architecture
    "rtx-2.14-on-h100": (rtx_2_14(gpus=[H100]), False, {"gpu-unsupported"}, set(), set()),
    "rtx-2.14-on-b200": (rtx_2_14(gpus=[B200]), False, {"gpu-unsupported"}, set(), set()),
    "rtx-2.14-mixed-4090-and-h100": (rtx_2_14(gpus=[RTX4090, H100]), False, {"gpu-unsupported"}, set(), set()),
    "trt-2.6-volta-7.0-on-10.7": (
        stack("2.6.0", "2.6.0+cu124", "0.21.0", ("tensorrt", "10.7.0.post1"), driver=DRIVER_550, gpus=[V100]),
        False,
        {"gpu-unsupported"},
        {"deform-conv2d-export"},
        set(),
    ),
    "trt-2.6-blackwell-12.0-on-10.7": (
        stack("2.6.1", "2.6.0+cu124", "0.21.0", ("tensorrt-cu12", "10.7.0.post1"), driver=DRIVER_570, gpus=[RTX5090]),
        False,
        {"gpu-unsupported", "torch-no-gpu-code"},  # TensorRT 10.7 and the cu124 torch build both stop at 9.0
        set(),
        set(),
    ),
    # --- packages that do not fit together
    "torchvision-0.28-with-torch-2.14": (trt_2_14(torchvision="0.28.0"), False, {"torchvision-torch"}, set(), set()),
    "torch-2.13-with-torch-tensorrt-2.14": (
        trt_2_14(torch="2.13.0+cu130", torchvision="0.28.0"),
        False,
        {"torch-version"},
        set(),
        set(),
    ),
    "torch-cpu-only": (trt_2_14(torch="2.14.0+cpu"), False, {"torch-cpu-only"}, set(), set()),
    "torch-cu126-with-torch-tensorrt-2.14-cu13": (
        trt_2_14(
            torch="2.14.0+cu126", tensorrt={"package": "tensorrt-cu12", "version": "11.1.0.106"}, driver=DRIVER_570
        ),
        False,
        {"cuda-major"},
        set(),
        set(),
    ),
    "tensorrt-11.0-with-torch-tensorrt-2.14": (
        trt_2_14(tensorrt={"package": "tensorrt-cu13", "version": "11.0.0.114"}),
        False,
        {"tensorrt-version"},
        set(),
        set(),
    ),
    "tensorrt-rtx-1.7-with-rtx-2.14": (
        rtx_2_14(tensorrt={"package": "tensorrt-rtx", "version": "1.7.1.116"}),
        False,
        {"tensorrt-version"},
        set(),
        set(),
    ),
    "torch-tensorrt-rtx-with-tensorrt-cu13": (
        rtx_2_14(tensorrt={"package": "tensorrt-cu13", "version": "11.1.0.106"}),
        False,
        {"tensorrt-flavour"},
        set(),
        set(),
    ),
    "torch-tensorrt-with-tensorrt-rtx": (
        trt_2_14(tensorrt={"package": "tensorrt-rtx", "version": "1.6.1.120"}, gpus=[RTX4090]),
        False,
        {"tensorrt-flavour"},
        set(),
        set(),
    ),
    # the installed TensorRT decides which GPUs can run engines: TensorRT-RTX cannot run on Hopper
    "torch-tensorrt-with-tensorrt-rtx-on-h100": (
        trt_2_14(tensorrt={"package": "tensorrt-rtx", "version": "1.6.1.120"}),
        False,
        {"tensorrt-flavour", "gpu-unsupported"},
        set(),
        set(),
    ),
    "tensorrt-cu12-with-cu13-torch": (
        trt_2_14(tensorrt={"package": "tensorrt-cu12", "version": "11.1.0.106"}),
        False,
        {"tensorrt-cuda-major"},
        set(),
        set(),
    ),
    # --- driver, platform, python
    "cuda-13-on-driver-550": (trt_2_14(driver=DRIVER_550), False, {"driver-too-old"}, set(), set()),
    "cuda-12-on-driver-470": (
        stack("2.7.0", "2.7.0+cu128", "0.22.0", ("tensorrt", "10.9.0.34"), driver="470.256.02", gpus=[A100]),
        False,
        {"driver-too-old"},
        set(),
        set(),
    ),
    "python-3.9-on-2.14": (trt_2_14(python="3.9"), False, {"python-no-wheel"}, set(), set()),
    "python-3.14-on-2.13": (
        stack("2.13.0", "2.13.0+cu130", "0.28.0", ("tensorrt-cu13", "11.0.0.114"), python="3.14"),
        False,
        {"python-no-wheel"},
        set(),
        set(),
    ),
    "rtx-2.14-on-linux-aarch64-gb10": (
        rtx_2_14(platform="linux_aarch64", gpus=[GB10]),
        False,
        {"platform-no-wheel"},
        set(),
        set(),
    ),
    "trt-2.2-on-windows": (
        stack(
            "2.2.0",
            "2.2.0+cu121",
            "0.17.0",
            ("tensorrt", "8.6.1"),
            python="3.10",
            platform="win_amd64",
            driver="551.61",
            gpus=[RTX4090],
        ),
        False,
        {"platform-no-wheel"},
        set(),
        set(),
    ),
    "trt-2.7-on-linux-aarch64": (
        stack("2.7.0", "2.7.0+cu128", "0.22.0", ("tensorrt", "10.9.0.34"), platform="linux_aarch64", gpus=[GH200]),
        False,
        {"platform-no-wheel"},
        set(),
        set(),
    ),
    "several-errors-at-once": (
        trt_2_14(
            python="3.9",
            torchvision="0.27.0",
            driver=DRIVER_550,
            tensorrt={"package": "tensorrt-cu12", "version": "10.16.1.11"},
        ),
        False,
        {"python-no-wheel", "torchvision-torch", "driver-too-old", "tensorrt-version", "tensorrt-cuda-major"},
        set(),
        set(),
    ),
    # --- known issues of a release
    "known-issue-2.13-enabled-precisions": (
        stack("2.13.0", "2.13.0+cu130", "0.28.0", ("tensorrt-cu13", "11.0.0.114")),
        True,
        set(),
        {"enabled-precisions-ignored", "save-torchscript-raises"},
        {"explicit-typing-assertion"},
    ),
    "known-issue-2.11-explicit-typing": (
        stack("2.11.0", "2.11.0+cu130", "0.26.0", ("tensorrt-cu13", "10.15.1.29")),
        True,
        set(),
        {"explicit-typing-assertion"},
        {"enabled-precisions-ignored"},
    ),
    "known-issue-2.6-deform-conv2d": (
        stack("2.6.0", "2.6.0+cu124", "0.21.0", ("tensorrt", "10.7.0.post1"), gpus=[L4]),
        True,
        set(),
        {"deform-conv2d-export", "engine-cache-immutable-weights", "save-torchscript-raises"},  # 2.6 as later
        set(),
    ),
    "known-issue-2.10-import-needs-gpu": (
        stack("2.10.0", "2.10.0+cu130", "0.25.0", ("tensorrt", "10.14.1.48.post1"), gpus=[]),
        True,
        set(),
        {"import-needs-gpu", "explicit-typing-assertion"},
        set(),
    ),
    "2.10-with-a-gpu-imports-fine": (
        stack("2.10.0", "2.10.0+cu130", "0.25.0", ("tensorrt", "10.14.1.48.post1"), gpus=[L4]),
        True,
        set(),
        {"explicit-typing-assertion"},
        {"import-needs-gpu"},
    ),
    "2.10-gpus-unknown-no-import-warning": (
        {**stack("2.10.0", "2.10.0+cu130", "0.25.0", ("tensorrt", "10.14.1.48.post1")), "gpus": None},
        "unknown",
        set(),
        set(),
        {"import-needs-gpu"},
    ),
    # --- unknowns
    "all-null": (
        {
            k: None
            for k in (
                "platform",
                "python",
                "torch",
                "torchvision",
                "torch_tensorrt",
                "tensorrt",
                "cuda",
                "driver",
                "gpus",
            )
        },
        "unknown",
        set(),
        set(),
        set(),
    ),
    "newer-than-the-matrix": (
        trt_2_14(
            torch_tensorrt={"package": "torch-tensorrt", "version": "2.15.0"},
            torch="2.15.0+cu130",
            torchvision="0.30.0",
        ),
        "unknown",
        set(),
        set(),
        set(),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_described_stack(case: str) -> None:
    spec, compatible, errors, warnings_in, warnings_out = CASES[case]
    report = check(copy.deepcopy(spec))
    found = {f.code: f for f in report.findings}
    if compatible == "unknown":
        assert report.verdict == "unknown" and not report.compatible, _explain(report)
        assert report.by_severity("unknown"), _explain(report)
        compatible = False
    else:
        assert report.verdict == ("compatible" if compatible else "incompatible"), _explain(report)
    assert report.compatible is compatible, _explain(report)
    assert {f.code for f in report.by_severity("error")} == errors, _explain(report)
    warnings = {f.code for f in report.by_severity("warning")}
    assert warnings_in <= warnings, _explain(report)
    assert not (warnings_out & set(found)), _explain(report)
    for finding in report.findings:
        assert finding.severity in ("error", "unknown", "warning", "info")
        assert finding.message.strip()
        if finding.severity in ("error", "unknown"):
            assert finding.fix.strip(), finding
    # errors first, then unknowns, then warnings, then info
    order = [("error", "unknown", "warning", "info").index(f.severity) for f in report.findings]
    assert order == sorted(order)


def _explain(report: CheckReport) -> str:
    return "\n".join(f"{f.severity} {f.code}: {f.message} | fix: {f.fix}" for f in report.findings)


@pytest.mark.parametrize("case", [c for c in CASES if CASES[c][1] and not CASES[c][2]])
def test_good_stacks_use_versions_the_matrix_row_admits(case: str) -> None:
    """Guard the fixtures themselves: every good stack's torch and TensorRT satisfy the row's requirements."""
    spec = CASES[case][0]
    tt = spec.get("torch_tensorrt")
    if not tt or not tt.get("version"):
        pytest.skip("no torch_tensorrt in this case: no matrix row to check against")
    row, exact = matrix.find_release(tt["package"], tt["version"])
    if row is None:
        pytest.skip(f"{tt['package']} {tt['version']} has no matrix row")
    from packaging.requirements import Requirement

    from torchtrt_compat.versions import satisfies

    assert exact
    assert satisfies(spec["torch"], row["torch"])
    requirement = Requirement(row["tensorrt"][spec["platform"]])
    assert satisfies(spec["tensorrt"]["version"], str(requirement.specifier))
    assert spec["python"] in row["wheels"][spec["platform"]]


# --- the messages and fixes of particular findings ---------------------------------------------------------------


def _finding(spec: dict[str, Any], code: str):  # type: ignore[no-untyped-def]
    report = check(spec)
    matches = [f for f in report.findings if f.code == code]
    assert len(matches) == 1, _explain(report)
    return matches[0]


def test_torch_version_fix_names_both_pip_commands() -> None:
    f = _finding(trt_2_14(torch="2.13.0+cu130", torchvision="0.28.0"), "torch-version")
    assert "torch>=2.14.0,<2.15.0" in f.message and "2.13.0+cu130" in f.message
    assert "pip install 'torch>=2.14.0,<2.15.0'" in f.fix  # move torch to what torch-tensorrt 2.14 needs
    assert "pip install 'torch-tensorrt==2.13.0'" in f.fix  # or keep torch and take the matching release


def test_torch_version_fix_for_rtx_names_the_rtx_release() -> None:
    f = _finding(rtx_2_14(torch="2.12.0+cu130", torchvision="0.27.0"), "torch-version")
    assert "pip install 'torch-tensorrt-rtx==2.12.1'" in f.fix


def test_torchvision_fix_names_a_release_whose_requirement_admits_torch() -> None:
    f = _finding(trt_2_14(torchvision="0.28.0"), "torchvision-torch")
    assert f.fix == "pip install 'torchvision==0.29.2'"  # registry metadata: 0.29.2 requires torch>=2.14.0
    assert "torch 2.13" in f.message


def test_gpu_unsupported_names_the_gpu_and_the_supported_list() -> None:
    f = _finding(rtx_2_14(gpus=[H100]), "gpu-unsupported")
    assert "H100" in f.message and "9.0" in f.message and "TensorRT-RTX" in f.message
    assert "8.9" in f.message  # the supported list
    assert f.fix == "use full TensorRT (torch-tensorrt) on that GPU"


def test_driver_fix_names_the_minimum() -> None:
    f = _finding(trt_2_14(driver=DRIVER_550), "driver-too-old")
    minimum = matrix.driver_minimum("13", "linux_x86_64")
    assert minimum and minimum in f.message and minimum in f.fix and DRIVER_550 in f.message


def test_flavour_fix_installs_the_right_flavour() -> None:
    f = _finding(rtx_2_14(tensorrt={"package": "tensorrt-cu13", "version": "11.1.0.106"}), "tensorrt-flavour")
    assert f.fix == "pip install 'tensorrt_rtx>=1.6.1.120,<1.7.0.0'"


def test_tensorrt_cuda_major_fix_names_the_cuda_13_package() -> None:
    f = _finding(trt_2_14(tensorrt={"package": "tensorrt-cu12", "version": "11.1.0.106"}), "tensorrt-cuda-major")
    assert f.fix == "pip install tensorrt-cu13"


def test_cpu_only_fix_reinstalls_the_same_torch_version() -> None:
    f = _finding(trt_2_14(torch="2.14.0+cpu"), "torch-cpu-only")
    assert "torch==2.14.0'" in f.fix and "+cpu" not in f.fix.split("'")[1]


def test_platform_no_wheel_lists_the_platforms_that_have_wheels() -> None:
    f = _finding(rtx_2_14(platform="linux_aarch64", gpus=[GB10]), "platform-no-wheel")
    assert "linux_x86_64" in f.message and "win_amd64" in f.message and "linux_aarch64" in f.message


def test_python_no_wheel_lists_the_pythons_with_wheels() -> None:
    f = _finding(trt_2_14(python="3.9"), "python-no-wheel")
    assert "3.9" in f.message and "3.10" in f.fix and "3.14" in f.fix


# --- this machine's rules: missing means "not installed" -----------------------------------------------------------


def _local(**overrides: Any) -> Environment:
    env = Environment(
        source="this machine",
        platform="linux_x86_64",
        python="3.12",
        torch="2.14.1",
        torch_cuda="13.0",
        torchvision="0.29.2",
        torch_tensorrt=Package("torch-tensorrt-rtx", "2.14.0"),
        torch_tensorrt_built={"cuda": "13.2", "tensorrt_rtx": "1.6.1"},
        tensorrt=Package("tensorrt-rtx", "1.6.1.120"),
        gpus=[GpuInfo("NVIDIA GeForce RTX 4090", "8.9", 24564)],
        driver=DRIVER_580,
    )
    for key, value in overrides.items():
        setattr(env, key, value)
    return env


def test_local_good_stack_is_compatible() -> None:
    report = check_environment(_local())
    assert report.compatible, _explain(report)
    assert {f.code for f in report.findings if f.severity == "info"} <= {"gpu-support-unverified"}


def test_tensorrt_missing_on_this_machine() -> None:
    report = check_environment(_local(tensorrt=None))
    assert not report.compatible
    assert {f.code for f in report.by_severity("error")} == {"tensorrt-missing"}
    f = report.by_severity("error")[0]
    assert "TensorRT-RTX" in f.message
    assert f.fix == "pip install 'tensorrt_rtx>=1.6.1.120,<1.7.0.0'"


def test_full_tensorrt_missing_on_this_machine() -> None:
    report = check_environment(
        _local(
            torch_tensorrt=Package("torch-tensorrt", "2.14.0"),
            tensorrt=None,
            gpus=[GpuInfo("NVIDIA H100 80GB HBM3", "9.0")],
        )
    )
    assert {f.code for f in report.by_severity("error")} == {"tensorrt-missing"}
    assert report.by_severity("error")[0].fix == "pip install 'tensorrt-cu13>=11.1.0,<11.2.0'"


def test_tensorrt_unknown_in_a_spec_is_not_missing_but_decides_the_verdict() -> None:
    spec = rtx_2_14(tensorrt=None)
    report = check(spec)
    assert report.verdict == "unknown" and not report.compatible
    found = {(f.code, f.severity): f for f in report.findings}
    assert ("tensorrt-unknown", "unknown") in found
    f = found["tensorrt-unknown", "unknown"]
    assert "tensorrt_rtx>=1.6.1.120,<1.7.0.0" in f.message and '"tensorrt"' in f.fix


def test_torch_tensorrt_missing_on_this_machine_suggests_both_flavours() -> None:
    report = check_environment(_local(torch_tensorrt=None, torch_tensorrt_built={}, tensorrt=None))
    assert {f.code for f in report.by_severity("error")} == {"torch-tensorrt-missing"}
    fix = report.by_severity("error")[0].fix
    assert "pip install 'torch-tensorrt==2.14.0'" in fix and "pip install 'torch-tensorrt-rtx==2.14.0'" in fix


def test_torch_missing_on_this_machine() -> None:
    report = check_environment(_local(torch=None, torch_cuda=None))
    assert {f.code for f in report.by_severity("error")} == {"torch-missing"}
    assert report.by_severity("error")[0].fix == "pip install 'torch>=2.14.0,<2.15.0'"


def test_check_accepts_an_environment_a_path_and_json_text() -> None:
    path = SPECS / "h100_torch_tensorrt_2_14.json"
    by_path = check(path)
    by_str = check(str(path))
    by_text = check(path.read_text(encoding="utf-8"))
    by_dict = check(json.loads(path.read_text(encoding="utf-8")))
    by_env = check(by_dict.environment)
    for report in (by_path, by_str, by_text, by_dict, by_env):
        assert report.compatible
        assert [f.code for f in report.findings] == [f.code for f in by_dict.findings]


@pytest.mark.parametrize(
    ("flavour", "trt", "cc", "expected"),
    [
        ("tensorrt-rtx", "1.6.1.120", "8.9", True),
        ("tensorrt-rtx", "1.6.1.120", "9.0", False),
        ("tensorrt-rtx", "1.6.1.120", "12.1", True),
        ("tensorrt-rtx", "1.4.0.76", "12.1", False),  # GB10 arrived in 1.5
        ("tensorrt", "10.4.0.26", "7.0", True),  # Volta deprecated but present before 10.5
        ("tensorrt", "10.7.0.post1", "7.0", False),
        ("tensorrt", "10.7.0.post1", "12.0", False),
        ("tensorrt", "10.8.0.43", "12.0", True),
        ("tensorrt", "10.13.3.9", "12.1", False),
        ("tensorrt", "10.14.1.48.post1", "12.1", True),
        ("tensorrt", "11.1.0.106", "9.0", True),
        ("tensorrt", "11.1.0.106", "10.7", False),
        ("tensorrt", "11.4.0.106", "10.7", True),  # Vera Rubin from 11.3
        ("tensorrt", "8.6.1", "8.0", True),  # no matrix row: unknown is not "unsupported"
        ("tensorrt", "11.1.0.106", None, True),
    ],
)
def test_gpu_supported(flavour: str, trt: str, cc: str | None, expected: bool) -> None:
    assert gpu_supported(flavour, trt, cc) is expected


@pytest.mark.pinned_stack
def test_this_machine_is_compatible() -> None:
    report = check()
    assert report.environment.source == "this machine"
    assert report.compatible, _explain(report)
    if report.environment.gpus == []:
        codes = {(f.code, f.severity) for f in report.findings}
        assert ("no-gpu", "info") in codes
        assert ("import-needs-gpu", "warning") in codes  # torch_tensorrt >= 2.10 is installed here


def test_report_serialises() -> None:
    report = check(rtx_2_14(gpus=[H100]))
    data = json.loads(report.to_json())
    assert set(data) == {"verdict", "compatible", "matrix_snapshot", "matrix_source", "environment", "findings"}
    assert data["compatible"] is False and data["verdict"] == "incompatible"
    assert data["matrix_snapshot"] == matrix.snapshot_date()
    assert data["matrix_source"] == matrix.snapshot_source() == "bundled with torchtrt-compat"
    assert data["environment"]["flavour"] == "tensorrt-rtx"
    assert {"code", "severity", "component", "message", "fix"} == set(data["findings"][0])
    text = str(report)
    assert (
        "verdict: INCOMPATIBLE" in text and "[error] gpu:" in text and "fix: use full TensorRT (torch-tensorrt)" in text
    )
    assert f"matrix snapshot : {matrix.snapshot_date()} (bundled with torchtrt-compat" in text
