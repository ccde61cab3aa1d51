"""env: versions from metadata and from the text of version files, GPUs from NVML / nvidia-smi, no UUIDs leaked.

What is installed here is read independently through importlib.metadata and `ast`, then compared.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from torchtrt_compat.compatibility import matrix
from torchtrt_compat.env import (
    Environment,
    GpuInfo,
    Package,
    detect_environment,
    parse_torch_tensorrt_version_py,
    parse_torch_version_py,
    scrub,
    tensorrt_dist_info,
    to_json,
)

TORCH_TENSORRT_DISTS = ("torch-tensorrt", "torch-tensorrt-rtx")


def _version_or_none(dist: str) -> str | None:
    try:
        return md.version(dist)
    except md.PackageNotFoundError:
        return None


def _installed_file(dist: str, relpath: str) -> Path:
    path = Path(md.distribution(dist).locate_file(relpath))  # type: ignore[arg-type]
    if not path.is_file():
        pytest.skip(f"{dist} has no {relpath}")
    return path


def _assignments(text: str) -> dict[str, object]:
    """Module-level ``name = literal`` / ``name: T = literal`` assignments, evaluated by `ast` (independent oracle)."""
    found: dict[str, object] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            target, value = node.target.id, node.value
        else:
            continue
        try:
            found[target] = ast.literal_eval(value)
        except ValueError:
            pass
    return found


def _installed_torch_tensorrt() -> str:
    for dist in TORCH_TENSORRT_DISTS:
        if _version_or_none(dist):
            return dist
    pytest.skip("no torch_tensorrt distribution installed")


# -- version files: the real installed text ----------------------------------------------------------------------


def test_parse_torch_version_py_on_the_installed_file() -> None:
    if _version_or_none("torch") is None:
        pytest.skip("torch not installed")
    text = _installed_file("torch", "torch/version.py").read_text(encoding="utf-8")
    cuda = _assignments(text)["cuda"]
    assert parse_torch_version_py(text) == ("cpu" if cuda is None else cuda)


def test_parse_torch_tensorrt_version_py_on_the_installed_file() -> None:
    dist = _installed_torch_tensorrt()
    text = _installed_file(dist, "torch_tensorrt/_version.py").read_text(encoding="utf-8")
    expected = {
        name[2 : -len("_version__")]: value
        for name, value in _assignments(text).items()
        if name.startswith("__") and name.endswith("_version__") and name != "__version__"
    }
    parsed = parse_torch_tensorrt_version_py(text)
    assert parsed == expected
    assert "cuda" in parsed and "version" not in parsed
    assert _assignments(text)["__version__"] == md.version(dist).split("+")[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cuda: Optional[str] = '13.0'\n", "13.0"),
        ('cuda = "12.1"\n', "12.1"),
        ("__version__ = '2.14.0+cpu'\ncuda: Optional[str] = None\nhip: Optional[str] = None\n", "cpu"),
        ("cuda = None\n", "cpu"),
        ("__version__ = '2.14.0'\ndebug = False\n", None),  # no cuda line: unreadable, not "cpu"
        ("", None),
        ("cuda_arch = '9.0'\n", None),
    ],
)
def test_parse_torch_version_py_variants(text: str, expected: str | None) -> None:
    assert parse_torch_version_py(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '__version__ = "2.4.0"\n__cuda_version__ = "12.4"\n__tensorrt_version__ = "10.1.0"\n',
            {"cuda": "12.4", "tensorrt": "10.1.0"},
        ),
        (
            "__version__ = '2.14.0'\n__cuda_version__ = '13.2'\n__tensorrt_rtx_version__ = '1.6.1'\n",
            {"cuda": "13.2", "tensorrt_rtx": "1.6.1"},
        ),
        ('__version__ = "2.2.0"\n', {}),
        ("", {}),
    ],
)
def test_parse_torch_tensorrt_version_py_variants(text: str, expected: dict[str, str]) -> None:
    assert parse_torch_tensorrt_version_py(text) == expected


# -- this machine ------------------------------------------------------------------------------------------------


def test_detect_environment_matches_installed_metadata() -> None:
    env = detect_environment(refresh=True)
    assert env.source == "this machine"
    assert env.python == "{}.{}.{}".format(*sys.version_info[:3])
    assert env.torch == _version_or_none("torch")
    assert env.torchvision == _version_or_none("torchvision")
    installed_tt = [d for d in TORCH_TENSORRT_DISTS if _version_or_none(d)]
    if installed_tt:
        assert env.torch_tensorrt == Package(installed_tt[0], md.version(installed_tt[0]))
        assert env.torch_tensorrt_built.get("cuda")  # read from _version.py
    else:
        assert env.torch_tensorrt is None
    if env.tensorrt is not None:
        assert env.tensorrt.version == md.version(env.tensorrt.name)
        assert tensorrt_dist_info(env.tensorrt.name) is not None


def test_detect_environment_flavour_is_the_installed_one() -> None:
    env = detect_environment()
    if _version_or_none("tensorrt-rtx") or _version_or_none("torch-tensorrt-rtx"):
        assert env.flavour == "tensorrt-rtx"
        if _version_or_none("tensorrt-rtx"):
            assert env.tensorrt == Package("tensorrt-rtx", md.version("tensorrt-rtx"))  # the meta package wins
    elif _version_or_none("torch-tensorrt"):
        assert env.flavour == "tensorrt"


def test_detect_environment_torch_cuda_comes_from_version_py() -> None:
    if _version_or_none("torch") is None:
        pytest.skip("torch not installed")
    text = _installed_file("torch", "torch/version.py").read_text(encoding="utf-8")
    assert detect_environment().torch_cuda == parse_torch_version_py(text)


@pytest.mark.cpu_only
def test_no_gpu_is_a_normal_answer_with_a_note() -> None:
    env = detect_environment(refresh=True)
    assert env.gpus == []
    assert env.driver is None
    assert env.notes and any("driver" in n for n in env.notes)
    assert "GPUs" in env.format() and "none" in env.format()


def test_detect_environment_returns_independent_copies() -> None:
    first = detect_environment()
    first.notes.append("mutated")
    if first.gpus is not None:
        first.gpus.append(GpuInfo("fake", "9.0"))
    second = detect_environment()
    assert "mutated" not in second.notes
    assert second.gpus is None or all(g.name != "fake" for g in second.gpus)


@pytest.mark.cpu_only
def test_without_nvml_or_nvidia_smi_detection_reports_no_gpu(tmp_path: Path) -> None:
    # nvidia-ml-py made unimportable and PATH holding only this Python: the nvidia-smi fallback must find nothing
    # and say so, without raising.
    code = (
        "import sys, json; sys.modules['pynvml'] = None\n"
        "from torchtrt_compat.env import detect_environment\n"
        "env = detect_environment()\n"
        "print(json.dumps({'gpus': env.gpus, 'notes': env.notes, 'driver': env.driver}))\n"
    )
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python").symlink_to(sys.executable)
    result = subprocess.run(
        [str(bindir / "python"), "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PATH": str(bindir)},
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["gpus"] == [] and out["driver"] is None
    assert any("nvidia-smi not found" in n for n in out["notes"])


# -- TensorRT distribution names ---------------------------------------------------------------------------------


def _trt_packages() -> dict[str, dict[str, object]]:
    return matrix.load()["tensorrt_packages"]


@pytest.mark.parametrize("name", sorted(matrix.load()["tensorrt_packages"]))
def test_tensorrt_dist_info_for_every_published_name(name: str) -> None:
    row = _trt_packages()[name]
    info = tensorrt_dist_info(name)
    if row["variant"] in ("lean", "dispatch"):
        # Runtime-only distributions cannot build engines, so they do not count as an installed TensorRT.
        assert info is None
        return
    assert info == (row["flavour"], row["cuda"])
    # The spellings pip and importlib.metadata use map to the same answer.
    assert tensorrt_dist_info(name.replace("-", "_")) == info
    assert tensorrt_dist_info(name.upper()) == info


@pytest.mark.parametrize("name", ["torch-tensorrt", "tensorrt-llm", "tensorrtx", "nvidia-tensorrt", "tensorrt-cu"])
def test_tensorrt_dist_info_rejects_other_names(name: str) -> None:
    assert tensorrt_dist_info(name) is None


# -- no UUIDs in reports ----------------------------------------------------------------------------------------

UUID = "GPU-5f2a3b4c-1d2e-3f4a-5b6c-7d8e9f0a1b2c"


@pytest.mark.parametrize(
    "text",
    [
        f"GPU 0: NVIDIA H100 80GB HBM3 (UUID: {UUID})",
        "MIG 1g.10gb Device 0: (UUID: MIG-2b3c4d5e-6f70-8192-a3b4-c5d6e7f80910)",
        f"CUDA_VISIBLE_DEVICES={UUID}",
        f"{UUID},{UUID.replace('5f2a', '6e1b')}",
    ],
)
def test_scrub_removes_gpu_uuids(text: str) -> None:
    cleaned = scrub(text)
    assert "GPU-" not in cleaned.replace("GPU 0", "") and "MIG-" not in cleaned
    assert "<uuid removed>" in cleaned


def test_scrub_keeps_ordinary_text() -> None:
    text = "NVIDIA GeForce RTX 4090 (cc 8.9) driver 580.95.05 GPU-util 42%"
    assert scrub(text) == text


@given(st.uuids().map(lambda u: f"GPU-{u}"), st.text(max_size=20), st.text(max_size=20))
def test_scrub_removes_any_uuid(uuid: str, before: str, after: str) -> None:
    cleaned = scrub(f"{before} {uuid} {after}")
    assert uuid not in cleaned and uuid[4:] not in cleaned


def test_environment_format_and_json_contain_no_uuid() -> None:
    env = Environment(
        source="this machine",
        platform="linux_x86_64",
        python="3.12",
        torch="2.14.0+cu130",
        torch_cuda="13.0",
        torch_tensorrt=Package("torch-tensorrt", "2.14.0"),
        tensorrt=Package("tensorrt-cu13", "11.1.0.106"),
        driver="580.95.05",
        gpus=[GpuInfo(f"NVIDIA H100 80GB HBM3 {UUID}", "9.0", 81559)],
        notes=[f"nvidia-smi reported {UUID}", "MIG-2b3c4d5e-6f70-8192-a3b4-c5d6e7f80910 ignored"],
    )
    for text in (env.format(), to_json(env)):
        assert UUID not in text and "5f2a3b4c" not in text and "2b3c4d5e" not in text
    block = env.format()
    assert "NVIDIA H100 80GB HBM3" in block and "cc 9.0" in block and "81559 MiB" in block
    assert "tensorrt-cu13 11.1.0.106 (tensorrt)" in block


def test_format_of_this_machine_is_a_copy_paste_block() -> None:
    env = detect_environment()
    block = env.format()
    assert block.splitlines()[0].startswith("torchtrt_compat")
    for label in ("platform", "python", "torch", "torchvision", "torch_tensorrt", "TensorRT", "NVIDIA driver", "GPUs"):
        assert label in block
    assert json.loads(to_json(env))["flavour"] == env.flavour
