"""``--target`` takes what people already have, detected by content: a JSON spec, ``env --json`` output from another
host, or a ``pip freeze`` / pinned requirements file; flags fill in or override. The data files are real: the
``env --json`` and ``pip freeze`` of this CPU host, and a pip-compile style requirements file of an H100 image."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _paths import DATA

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility.rules import check_environment
from torchtrt_compat.compatibility.target import (
    Overrides,
    Target,
    _spec_items,
    apply_overrides,
    load_spec,
    parse_gpu,
    parse_pin,
    read_target,
    resolve_pins,
    target_from_requirements,
    to_environment,
)
from torchtrt_compat.env import GpuInfo, Package

TARGETS = DATA / "targets"


def _pinned(target: Target, platform: str | None = None) -> dict[str, object]:
    """The spec a requirements target stands for on ``platform`` (a line whose marker needs a fact not given is
    left out)."""
    resolved, _ = resolve_pins(target.pins, platform, None, target.origin)
    return {**target.spec, **dict(_spec_items(resolved))}


H100_ARGS = Overrides(gpus=["H100"], driver="580.95.05", python="3.12", platform="linux_x86_64")


def test_env_json_of_another_host() -> None:
    target = read_target(TARGETS / "env_json_h100_host.json")
    assert target.installed and target.origin.startswith("env --json")
    env = to_environment(target)
    assert env.torch_tensorrt == Package("torch-tensorrt", "2.14.0")
    assert env.tensorrt == Package("tensorrt-cu13", "11.1.0.106")
    assert env.torch_cuda == "13.0" and env.torch_tensorrt_built == {"cuda": "13.2", "tensorrt": "11.1.0"}
    assert env.gpus == [GpuInfo("NVIDIA H100 80GB HBM3", "9.0", 81559)]
    assert check_environment(env, local=target.installed).verdict == "compatible"


def test_env_json_of_this_cpu_host_is_judged_as_installed() -> None:
    env = load_spec(TARGETS / "env_json_cpu_host.json")
    report = check_environment(env)  # an installed host: absent packages are missing, the empty GPU list is "none"
    assert report.verdict == "compatible", str(report)
    assert ("no-gpu", "info") in {(f.code, f.severity) for f in report.findings}
    data = json.loads((TARGETS / "env_json_cpu_host.json").read_text(encoding="utf-8"))
    data["torch_tensorrt"] = None
    data["tensorrt"] = None
    missing = check_environment(load_spec(data))
    assert missing.verdict == "incompatible" and "torch-tensorrt-missing" in {f.code for f in missing.findings}


def test_pip_freeze_of_this_host() -> None:
    target = read_target(TARGETS / "pip_freeze_cpu_host.txt")
    pinned = _pinned(target)
    assert {k: v for k, v in pinned.items() if k != "tensorrt_dists"} == {
        "torch": "2.14.1",
        "torchvision": "0.29.2",
        "torch_tensorrt": {"package": "torch-tensorrt-rtx", "version": "2.14.0"},
        "tensorrt": {"package": "tensorrt-rtx", "version": "1.6.1.120"},  # the meta package, not -cu13/-libs
    }
    # every TensorRT pin is kept beside it, the meta package first: pip checks each
    assert [d["package"] for d in pinned["tensorrt_dists"]] == [  # type: ignore[attr-defined]
        "tensorrt-rtx",
        "tensorrt-rtx-cu13",
        "tensorrt-rtx-cu13-bindings",
        "tensorrt-rtx-cu13-libs",
    ]
    assert target.origin.startswith("requirements ")
    env = to_environment(
        apply_overrides(
            target, Overrides(gpus=["RTX 4090"], driver="580.95.05", python="3.11", platform="linux_x86_64")
        )
    )
    assert env.torch_cuda == "13.0"  # torch 2.14.1 without a tag: the registry's linux_x86_64 wheel is CUDA 13.0
    assert any("registry's wheel" in n for n in env.notes)
    assert check_environment(env).verdict == "compatible"
    assert check_environment(to_environment(target)).verdict == "unknown"  # no GPU, driver, Python, platform


def test_pinned_requirements_with_every_form_pip_accepts() -> None:
    target = read_target(TARGETS / "requirements_h100_cu130.txt")
    assert "torch_tensorrt" not in _pinned(target)  # its line holds only where platform_system == "Linux"
    linux = _pinned(target, "linux_x86_64")
    assert {p["package"] for p in linux.pop("tensorrt_dists")} == {  # type: ignore[attr-defined]
        "tensorrt-cu13",
        "tensorrt-cu13-libs",
        "tensorrt-cu13-bindings",
    }
    assert linux == {
        "torch": "2.14.0+cu130",
        "torchvision": "0.29.0",  # ===
        "torch_tensorrt": {"package": "torch-tensorrt", "version": "2.14.0"},  # torch_tensorrt[dev] ; marker
        "tensorrt": {"package": "tensorrt-cu13", "version": "11.1.0.106"},  # TensorRT_CU13 normalised
    }
    assert any("line 2: -r is not followed" in n for n in target.notes)
    assert any("line 3: -c is not followed" in n for n in target.notes)
    env = to_environment(apply_overrides(target, H100_ARGS))
    assert env.torch_cuda == "13.0" and env.gpus == [GpuInfo("H100", "9.0")]
    assert check_environment(env).verdict == "compatible"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("torch==2.14.0\ntorch-tensorrt==2.14.0\n", {"torch": "2.14.0"}),
        ("Torch_TensorRT_RTX==2.14.0", {"torch_tensorrt": {"package": "torch-tensorrt-rtx", "version": "2.14.0"}}),
        (
            "tensorrt_rtx==1.6.1.120\ntensorrt-rtx-cu13-libs==1.6.1.120",
            {"tensorrt": {"package": "tensorrt-rtx", "version": "1.6.1.120"}},
        ),
        (
            "tensorrt-cu12-libs==10.13.3.9\ntensorrt_cu12==10.13.3.9",
            {"tensorrt": {"package": "tensorrt-cu12", "version": "10.13.3.9"}},
        ),
        ("torch==2.14.0\ntensorrt-lean==10.13.3.9\n", {"torch": "2.14.0"}),  # runtime-only TensorRT: ignored
        ("torch==2.14.0  # pinned\n# comment only\n\n", {"torch": "2.14.0"}),
    ],
)
def test_requirement_lines(text: str, expected: dict[str, object]) -> None:
    spec = _pinned(target_from_requirements(text, "freeze"))
    assert {k: spec[k] for k in expected} == expected
    if "tensorrt-lean" in text:
        assert "tensorrt" not in spec


def test_unpinned_lines_are_unknown_with_a_note() -> None:
    target = target_from_requirements("torch>=2.14\ntorchvision==0.29.*\n", "reqs")
    assert target.spec == {}
    assert len(target.notes) == 2 and all("not pinned" in n for n in target.notes)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("hello world!\n", "line 1 is neither a requirement nor JSON"),
        ("torch==2.14.0\ntorch==2.13.0\n", "pins torch twice"),
        ("numpy==2.0\n", "pins none of torch"),
    ],
)
def test_bad_requirement_files(text: str, fragment: str, tmp_path: Path) -> None:
    path = tmp_path / "requirements.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError, match=fragment):
        load_spec(path)


@pytest.mark.parametrize(
    ("value", "cc"),
    [
        ("H100", "9.0"),
        ("RTX 4090", "8.9"),
        ("rtx4090", "8.9"),
        ("A100", "8.0"),
        ("NVIDIA A10G", "8.6"),
        ("8.9", "8.9"),
        ("12.1", "12.1"),
        ("B200", "10.0"),
        ("L40S", "8.9"),
    ],
)
def test_gpu_flag_names_and_compute_capabilities(value: str, cc: str) -> None:
    assert parse_gpu(value)["compute_capability"] == cc


def test_unknown_gpu_name_names_the_closest_model() -> None:
    with pytest.raises(UsageError, match="did you mean .H100."):
        parse_gpu("H1000")


def test_flags_override_the_input() -> None:
    target = read_target(TARGETS / "env_json_h100_host.json")
    env = to_environment(apply_overrides(target, Overrides(gpus=["RTX 5090", "8.9"], driver="570.124.06")))
    assert [g.compute_capability for g in env.gpus or []] == ["12.0", "8.9"] and env.driver == "570.124.06"
    report = check_environment(env, local=True)
    assert "driver-too-old" in {f.code for f in report.by_severity("error")}
    cuda = to_environment(apply_overrides(read_target({"torch": "2.14.0"}), Overrides(cuda="12.8")))
    assert cuda.torch_cuda == "12.8"


@pytest.mark.parametrize(
    ("pin", "item"),
    [
        ("torch==2.15.0", ("torch", "2.15.0")),
        ("torch_tensorrt==2.13.0", ("torch_tensorrt", {"package": "torch-tensorrt", "version": "2.13.0"})),
        ("TensorRT-CU13===11.4.0.106", ("tensorrt", {"package": "tensorrt-cu13", "version": "11.4.0.106"})),
    ],
)
def test_upgrade_pins(pin: str, item: tuple[str, object]) -> None:
    assert parse_pin(pin) == item


@pytest.mark.parametrize("pin", ["torch>=2.15", "torch", "numpy==2.0", "torch==2.x", "torch @ file:///x.whl"])
def test_bad_upgrade_pins(pin: str) -> None:
    with pytest.raises(UsageError):
        parse_pin(pin)


def test_upgrade_over_an_installed_host_says_what_breaks() -> None:
    target = read_target(TARGETS / "env_json_h100_host.json")
    after = apply_overrides(target, Overrides(upgrades=["torch==2.15.0"]))
    env = to_environment(after)
    assert env.torch == "2.15.0" and env.torch_cuda == "13.2"  # the 2.15.0 registry wheel's CUDA build
    report = check_environment(env, local=True)
    assert report.verdict == "incompatible"
    assert {"torch-version", "torchvision-torch"} <= {f.code for f in report.by_severity("error")}
    assert any("what-if: torch==2.15.0" in n for n in env.notes)
