"""Which GPUs a stack can drive: the torch build's GPU code, the driver per architecture, Jetsons as Jetsons, and
every pinned TensorRT distribution judged as pip judges it.

The oracles here are written independently of the checker: NVIDIA's binary-compatibility rule over the GPU code read
from the registry wheels (``builds`` in registry.json), the curated driver rows, and the raw ``Requires-Dist`` lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from torchtrt_compat.compatibility import matrix, torch_builds
from torchtrt_compat.compatibility.refresh import parse_version_py, torch_build
from torchtrt_compat.compatibility.rules import check
from torchtrt_compat.compatibility.suggest import suggest
from torchtrt_compat.env import parse_cuda_arch

SAMPLES = Path(__file__).resolve().parents[2] / "tests" / "data" / "registry_samples"
REGISTRY = json.loads((Path(matrix.__file__).parents[1] / "data" / "registry.json").read_text(encoding="utf-8"))
TORCH = REGISTRY["dists"]["torch"]["releases"]
NEW_DRIVER = "580.95.05"


def _oracle(arch: list[str], cc: str) -> bool:
    """NVIDIA: a binary sm_XY runs on X.Z (Z >= Y); PTX compute_XY on anything >= X.Y."""
    want = tuple(int(p) for p in cc.split("."))
    for code in arch:
        kind, digits = code.split("_")
        digits = digits.rstrip("af")
        have = (int(digits[:-1]), int(digits[-1]))
        if kind == "sm" and have[0] == want[0] and have[1] <= want[1]:
            return True
        if kind == "compute" and have <= want:
            return True
    return False


def _gpu_ccs() -> list[str]:
    return sorted(
        {r["compute_capability"] for r in matrix.gpu_models() if matrix.jetson(r["compute_capability"]) is None},
        key=Version,
    )


def _codes(report: Any, severity: str | None = None) -> set[str]:
    return {f.code for f in report.findings if severity is None or f.severity == severity}


# -- the facts, read from the wheels ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sample,variant,cuda,arch",
    [
        ("torch-2.7.1-linux_x86_64", "cu126", "12.6", ["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90"]),
        ("torch-2.11.0-linux_aarch64", "cu130", "13.0", ["sm_80", "sm_90", "sm_100", "sm_110", "sm_120"]),
        ("torch-2.9.0-win_amd64", "cpu", None, []),
    ],
)
def test_torch_builds_are_read_from_the_wheels_files(
    sample: str, variant: str, cuda: str | None, arch: list[str]
) -> None:
    version_py = (SAMPLES / f"{sample}.version.py").read_text(encoding="utf-8")
    config = SAMPLES / f"{sample}.CUDAConfig.h"
    build = torch_build(version_py, config.read_text(encoding="utf-8") if config.exists() else None)
    assert (build["variant"], build["cuda"], build["arch"]) == (variant, cuda, arch)
    version, _, platform = sample.removeprefix("torch-").partition("-")
    shipped = matrix.torch_build(version, platform)
    assert shipped is not None and shipped["arch"] == arch and shipped["variant"] == variant
    assert shipped["source"] == f"registry wheel torch-{parse_version_py(version_py)['__version__']} (" + (
        "torch/version.py, torch/include/ATen/cuda/CUDAConfig.h)" if cuda else "torch/version.py)"
    )


def test_every_registry_torch_wheel_says_its_build() -> None:
    for version, record in TORCH.items():
        for platform in record["wheels"]:
            build = record["builds"][platform]
            assert build["variant"] == ("cpu" if build["cuda"] is None else f"cu{build['cuda'].replace('.', '')}")
            assert build["cuda"] == record["cuda_by_platform"][platform], (version, platform)  # two sources agree
            assert build["arch"] == [] if build["cuda"] is None else build["arch"], (version, platform)
            assert "://" not in build["source"]


def test_cpu_only_registry_platforms_are_what_the_wheels_say() -> None:
    """Windows: every registry torch is CPU-only; aarch64: CPU-only up to 2.10, CUDA from 2.11."""
    for version, record in TORCH.items():
        assert record["builds"]["win_amd64"]["cuda"] is None
        aarch64 = record["builds"]["linux_aarch64"]["cuda"]
        assert (aarch64 is None) == (Version(version) < Version("2.11")), version


def test_the_gencode_parser_keeps_binaries_ptx_and_variants() -> None:
    line = (
        '#define NVCC_FLAGS_EXTRA "-gencode;arch=compute_90a,code=sm_90a;'
        '-gencode;arch=compute_120,code=[sm_120,compute_120]"'
    )
    assert parse_cuda_arch(line) == ["sm_90a", "sm_120", "compute_120"]
    assert torch_builds.runs_on(["sm_90a"], "9.0") == "sm_90a" and torch_builds.runs_on(["sm_90a"], "9.1") is None
    assert torch_builds.runs_on(["sm_80"], "8.9") == "sm_80" and torch_builds.runs_on(["sm_86"], "8.0") is None
    assert torch_builds.runs_on(["sm_90", "compute_90"], "12.0") == "compute_90"
    assert torch_builds.runs_on(["sm_100"], "12.0") is None  # another major: no binary compatibility


# -- GPU x torch build: no false COMPATIBLE --------------------------------------------------------------------------


@pytest.mark.parametrize("version", sorted(TORCH, key=Version))
def test_every_registry_torch_build_against_every_gpu(version: str) -> None:
    build = TORCH[version]["builds"]["linux_x86_64"]
    for cc in _gpu_ccs():
        report = check(
            {
                "platform": "linux_x86_64",
                "python": "3.11",
                "torch": version,
                "driver": NEW_DRIVER,
                "gpus": [{"name": None, "compute_capability": cc}],
            }
        )
        runs = _oracle(build["arch"], cc)
        assert ("torch-no-gpu-code" in _codes(report, "error")) is (not runs), (version, cc, str(report))


@pytest.mark.parametrize(
    "torch,cc,expected",
    [
        ("2.8.0+cu126", "12.0", "torch-no-gpu-code"),  # PyTorch's cu126 builds carry no Blackwell code
        ("2.8.0+cu126", "8.6", "torch-gpu-code-inferred"),  # ... and do carry Ampere code
        ("2.10.0+cu126", "6.0", "torch-gpu-code-inferred"),
        ("2.9.0+cu130", "7.0", "torch-no-gpu-code"),  # CUDA 13 compiles nothing older than 7.5
        ("2.5.1+cu118", "9.0", "torch-gpu-code-unknown"),  # no registry cu118 build: unknown, never compatible
        ("2.5.1+cu118", "12.0", "torch-gpu-code-unknown"),  # only PTX could reach it; unknown whether there is any
    ],
)
def test_builds_from_other_indexes(torch: str, cc: str, expected: str) -> None:
    report = check(
        {
            "platform": "linux_x86_64",
            "python": "3.11",
            "torch": torch,
            "driver": NEW_DRIVER,
            "gpus": [{"name": None, "compute_capability": cc}],
        }
    )
    assert expected in _codes(report), str(report)
    if expected == "torch-no-gpu-code":
        assert report.verdict == "incompatible"
    if expected == "torch-gpu-code-unknown":
        assert report.verdict != "compatible"


def test_the_installed_torch_list_wins_over_the_registry() -> None:
    """env --json carries the host's own list: a cu128 torch that its host says has no sm_120 is not trusted to."""
    host = {
        "source": "gpu-07",
        "platform": "linux_x86_64",
        "python": "3.12.3",
        "torch": "2.9.0+cu128",
        "torch_cuda": "12.8",
        "torch_arch": ["sm_80", "sm_90"],
        "driver": NEW_DRIVER,
        "gpus": [{"name": "NVIDIA GeForce RTX 5090", "compute_capability": "12.0", "memory_mib": 32607}],
    }
    report = check(host)
    finding = next(f for f in report.findings if f.code == "torch-no-gpu-code")
    assert "env --json" in finding.message and "sm_80, sm_90" in finding.message
    assert "torch==" in finding.fix


# -- registry platforms whose torch is CPU-only ----------------------------------------------------------------------


@pytest.mark.parametrize(("platform", "version"), [("win_amd64", "2.14.0"), ("linux_aarch64", "2.9.0")])
def test_cpu_only_registry_wheels_are_known_not_asked_for(platform: str, version: str) -> None:
    spec = {
        "platform": platform,
        "python": "3.12",
        "torch": version,
        "driver": NEW_DRIVER,
        "gpus": [{"name": None, "compute_capability": "9.0"}],
    }
    report = check(spec)
    assert report.verdict == "incompatible" and "torch-cpu-only" in _codes(report, "error")
    assert "cuda-unknown" not in _codes(report)
    # --cuda does not turn the registry's CPU wheel into a CUDA build; a tagged build from another index does
    assert check({**spec, "cuda": "13.0"}).verdict == "incompatible"
    assert "torch-cpu-only" not in _codes(check({**spec, "torch": version + "+cu130"}))


def test_a_registry_torch_without_a_platform_names_the_platforms_it_depends_on() -> None:
    report = check({"python": "3.12", "torch": "2.14.0", "gpus": [{"name": None, "compute_capability": "9.0"}]})
    finding = next(f for f in report.findings if f.code == "cuda-unknown")
    assert "--platform" in finding.fix and "win_amd64: CPU-only" in finding.fix


# -- GPU x driver ------------------------------------------------------------------------------------------------------


def test_every_architecture_row_is_judged_against_the_driver() -> None:
    for row in matrix.load()["driver_support"]:
        cc = row["compute_capabilities"][0]
        gpu = [{"name": None, "compute_capability": cc}]
        base = {"platform": "linux_x86_64", "python": "3.11", "gpus": gpu}
        if row["last_branch"]:
            newer = f"{row['dropped_in']}.10.01"
            assert "driver-dropped-gpu" in _codes(check({**base, "driver": newer}), "error"), row
            assert "driver-dropped-gpu" not in _codes(check({**base, "driver": f"{row['last_branch']}.95.05"}))
            windows = {**base, "platform": "win_amd64", "driver": f"{int(row['last_branch']) + 1}.57"}
            assert "driver-dropped-gpu" not in _codes(check(windows))  # Windows numbers R580 drivers 581.xx too
        if row["linux"]:
            major, _, rest = row["linux"].partition(".")
            older = f"{int(major) - 1}.{rest}" if rest else f"{int(major) - 1}"
            assert "driver-too-old-for-gpu" in _codes(check({**base, "driver": older}), "error"), row
            assert "driver-too-old-for-gpu" not in _codes(check({**base, "driver": row["linux"]}))


@pytest.mark.parametrize(
    ("gpu", "driver", "code"),
    [
        ({"name": "Tesla V100", "compute_capability": "7.0"}, "595.58.03", "driver-dropped-gpu"),
        ({"name": "NVIDIA B200", "compute_capability": "10.0"}, "560.35.03", "driver-too-old-for-gpu"),
    ],
)
def test_the_issue_hosts(gpu: dict[str, str], driver: str, code: str) -> None:
    report = check({"platform": "linux_x86_64", "python": "3.11", "torch": "2.9.0", "driver": driver, "gpus": [gpu]})
    assert report.verdict == "incompatible" and code in _codes(report, "error")
    finding = next(f for f in report.findings if f.code == code)
    assert "NVIDIA" in finding.message and finding.fix


# -- every pin counts -------------------------------------------------------------------------------------------------


def _freeze(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "freeze.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_every_tensorrt_pin_is_kept_and_judged(tmp_path: Path) -> None:
    """The issue's freeze: tensorrt_cu13_libs 11.1 under TensorRT 11.0. pip refuses it (tensorrt_cu13 11.0.0.114
    requires tensorrt_cu13_libs==11.0.0.114, registry metadata)."""
    freeze = _freeze(
        tmp_path,
        [
            "torch==2.13.0",
            "torch-tensorrt==2.13.0",
            "tensorrt==11.0.0.114",
            "tensorrt_cu13==11.0.0.114",
            "tensorrt_cu13_libs==11.1.0.106",
            "tensorrt_cu13_bindings==11.0.0.114",
        ],
    )
    report = check(freeze)
    assert {d.name for d in report.environment.tensorrt_dists} == {
        "tensorrt",
        "tensorrt-cu13",
        "tensorrt-cu13-libs",
        "tensorrt-cu13-bindings",
    }
    assert report.environment.tensorrt is not None and report.environment.tensorrt.name == "tensorrt"
    conflict = [f for f in report.findings if f.code == "pins-conflict"]
    assert any("tensorrt-cu13 11.0.0.114 requires tensorrt-cu13-libs==11.0.0.114" in f.message for f in conflict)
    assert report.verdict == "incompatible"


def test_pins_against_each_other_follow_the_raw_metadata(tmp_path: Path) -> None:
    """An independent oracle: every pair of TensorRT pins of one release line, one part moved to the next release:
    the checker refuses the set exactly when a raw Requires-Dist line of another pin refuses the moved one."""
    parts = ["tensorrt", "tensorrt-cu13", "tensorrt-cu13-libs", "tensorrt-cu13-bindings"]
    base, moved = "11.0.0.114", "11.1.0.106"
    for i in range(len(parts)):
        pins = {p: (moved if j == i else base) for j, p in enumerate(parts)}
        refused = False
        for dist, version in pins.items():
            for line in (matrix.release_info(dist, version) or {}).get("requires_dist", []):
                req = Requirement(line)
                name = re.sub(r"[-_.]+", "-", req.name).lower()
                if name in pins and name != dist and req.marker is None and pins[name] not in req.specifier:
                    refused = True
        report = check(_freeze(tmp_path, [f"{p}=={v}" for p, v in pins.items()]))
        assert ("pins-conflict" in _codes(report, "error")) is refused, (pins, str(report))


def test_an_upgrade_of_one_part_replaces_only_that_pin(tmp_path: Path) -> None:
    from torchtrt_compat.compatibility.target import Overrides, apply_overrides, read_target, to_environment

    freeze = _freeze(tmp_path, ["tensorrt==11.1.0.106", "tensorrt_cu13==11.1.0.106", "tensorrt_cu13_libs==11.1.0.106"])
    target = apply_overrides(read_target(freeze), Overrides(upgrades=["tensorrt_cu13_libs==11.2.1.2"]))
    env = to_environment(target)
    assert {(d.name, d.version) for d in env.tensorrt_dists} == {
        ("tensorrt", "11.1.0.106"),
        ("tensorrt-cu13", "11.1.0.106"),
        ("tensorrt-cu13-libs", "11.2.1.2"),
    }
    assert env.tensorrt is not None and env.tensorrt.name == "tensorrt"


# -- Jetson as Jetson --------------------------------------------------------------------------------------------------


def test_a_jetson_reads_its_wheels_markers_as_a_jetson() -> None:
    """torch-tensorrt 2.8.0 declares TensorRT 10.3 (JetPack 6's) where "tegra" is in platform_release, 10.12
    elsewhere: on an Orin 10.3 is the right one, on a GH200 (aarch64, no Jetson) it is not."""
    stack = {
        "python": "3.10",
        "torch": "2.8.0",
        "torch_tensorrt": {"package": "torch-tensorrt", "version": "2.8.0"},
        "tensorrt": {"package": "tensorrt", "version": "10.3.0"},
    }
    orin = check({**stack, "gpus": [{"name": "Jetson AGX Orin", "compute_capability": "8.7"}]})
    assert orin.environment.platform == "linux_aarch64"
    assert "tensorrt-version" not in _codes(orin)
    assert "torch-cpu-only" in _codes(orin, "error")  # the registry's aarch64 torch 2.8.0: JetPack wheels instead
    assert any("JetPack 6" in f.fix for f in orin.findings if f.code == "torch-cpu-only")
    gh200 = check({**stack, "platform": "linux_aarch64", "gpus": [{"name": "GH200", "compute_capability": "9.0"}]})
    assert "tensorrt-version" in _codes(gh200, "error")
    release = check(
        {
            **stack,
            "platform": "linux_aarch64",
            "platform_release": "5.15.148-tegra",
            "gpus": [{"name": None, "compute_capability": "8.7"}],
        }
    )
    assert "tensorrt-version" not in _codes(release)


def test_a_jetson_on_another_platform_is_a_usage_error() -> None:
    from torchtrt_compat._errors import UsageError

    with pytest.raises(UsageError, match="Jetsons are linux_aarch64"):
        check({"platform": "linux_x86_64", "gpus": [{"name": "Jetson AGX Orin", "compute_capability": "8.7"}]})


def test_suggest_sends_a_jetson_to_the_jetpack_wheels() -> None:
    result = suggest(gpus=["Jetson AGX Orin"])
    assert not result.fits and result.change is not None
    assert "JetPack" in result.change and "pip install" not in str(result)
    thor = suggest(gpus=["Jetson Thor"])  # JetPack 7 follows the server-Arm CUDA 13 stack: registry wheels fit
    assert thor.spec is not None and thor.spec["platform"] == "linux_aarch64"
    assert check(thor.spec).verdict in ("compatible", "unknown")


def test_suggest_never_proposes_a_torch_without_code_for_the_gpu() -> None:
    for cc in ("12.0", "10.0", "9.0", "8.6", "7.5"):
        result = suggest(gpus=[cc], driver=NEW_DRIVER, platform="linux_x86_64")
        assert result.spec is not None, cc
        build = matrix.torch_build(result.spec["torch"], "linux_x86_64")
        assert build is not None and _oracle(build["arch"], cc), (cc, result.spec)


def test_the_header_list_is_the_list_torch_was_compiled_with() -> None:
    """The installed torch's own compile-time list (``torch._C._cuda_getArchFlags``, what
    ``torch.cuda.get_arch_list`` reports on a GPU host) equals the list read from its ``CUDAConfig.h`` without
    importing it, and the registry record of that release and platform."""
    from torchtrt_compat.env import detect_environment

    env = detect_environment()
    if env.torch is None or env.torch_cuda in (None, "cpu", "rocm"):
        pytest.skip("needs a CUDA build of torch installed")
    torch = pytest.importorskip("torch")
    flags = torch._C._cuda_getArchFlags().split()
    assert env.torch_arch == flags
    build = matrix.torch_build(env.torch, env.platform or "")
    if build is not None and "+" not in env.torch:
        assert build["arch"] == flags


def test_a_real_host_s_own_list_agrees_with_the_registry_and_decides() -> None:
    """`env --json` of the H100 device (torch 2.11.0+cu130 from the registry): the GPU code it read from the
    installed torch without importing it is the list the registry record of 2.11.0 holds (the two sources agree),
    and it is what decides for another GPU."""
    path = Path(__file__).resolve().parents[1] / "data" / "targets" / "env_json_h100_torch_2_11_device.json"
    host = json.loads(path.read_text(encoding="utf-8"))
    assert host["torch_arch"] == matrix.torch_build("2.11.0", "linux_x86_64")["arch"]  # type: ignore[index]
    from torchtrt_compat.compatibility.target import Overrides, apply_overrides, read_target, to_environment

    env = to_environment(apply_overrides(read_target(str(path)), Overrides(gpus=["V100"])))
    assert env.torch_arch == host["torch_arch"] and env.torch_cuda == "13.0"
    assert not any("registry's wheel" in n for n in env.notes)  # the host said what it runs: no inference
    report = check(env)
    finding = next(f for f in report.findings if f.code == "torch-no-gpu-code")
    assert "env --json" in finding.message and "7.0" in finding.message


def test_a_jetson_host_s_own_torch_is_its_jetpack_build() -> None:
    """`env --json` of an Orin: its torch carries no local label but reports CUDA 12.6, so it is not the registry's
    (CPU-only) aarch64 wheel of that version; its kernel release makes the markers JetPack's."""
    host = {
        "source": "orin-01",
        "platform": "linux_aarch64",
        "platform_release": "5.15.148-tegra",
        "python": "3.10.12",
        "torch": "2.8.0",
        "torch_cuda": "12.6",
        "torch_tensorrt": {"name": "torch-tensorrt", "version": "2.8.0"},
        "tensorrt": {"name": "tensorrt", "version": "10.3.0"},
        "gpus": [{"name": "Orin", "compute_capability": "8.7", "memory_mib": 62800}],
    }
    report = check(host)
    codes = _codes(report)
    assert "torch-cpu-only" not in codes and "jetson-needs-jetpack-torch" not in codes
    assert "torch-jetpack-build" in codes and "tensorrt-version" not in codes
    assert "jetson-cuda" in _codes(check({**host, "torch": "2.11.0", "torch_cuda": "13.0"}), "error")
