"""target_spec: a described deployment target becomes an `Environment`; anything malformed is one readable line.

Each bad spec is tried through the library (UsageError naming the key) and through the CLI (exit 2, one stderr line,
no traceback).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli import run_cli
from _paths import SPECS

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compatibility.rules import check
from torchtrt_compat.compatibility.target import EXAMPLE, KEYS, load_spec
from torchtrt_compat.env import GpuInfo, Package

# fixture file -> fragments the one-line message must contain (the key it names, and the offending value)
BAD_FIXTURES = {
    "bad_malformed.json": ["bad_malformed.json", "is not valid JSON", "line 4"],
    "bad_not_object.json": ["must be a JSON object", "got list"],
    "bad_unknown_key.json": ["Unknown key(s)", "tensorrt_version", "allowed keys"],
    "bad_torch_tensorrt_package.json": ['"torch_tensorrt.package"', "torch2trt", "torch-tensorrt-rtx"],
    "bad_tensorrt_package.json": ['"tensorrt.package"', "tensorrt-llm", "tensorrt-cu13"],
    "bad_compute_capability.json": ['"gpus[0].compute_capability"', "9.99", '"8.9"'],
    "bad_gpus_not_list.json": ['"gpus" must be a list'],
    "bad_torch_version.json": ['"torch"', "'2.x'", "is not a version"],
}

# (spec, fragments): bad values in every field that holds a version, and other malformed shapes
BAD_DICTS = [
    ({"python": "3.x"}, ['"python"', "'3.x'"]),
    ({"python": 3.12}, ['"python"', "must be a version string"]),
    ({"torch": "latest"}, ['"torch"', "'latest'"]),
    ({"torch": ""}, ['"torch"', "''"]),
    ({"torchvision": "0.*"}, ['"torchvision"', "'0.*'"]),
    ({"cuda": "cuda13"}, ['"cuda"', "'cuda13'"]),
    ({"cuda": "13.x"}, ['"cuda"', "'13.x'"]),
    ({"driver": "latest"}, ['"driver"', "'latest'"]),
    ({"torch_tensorrt": {"package": "torch-tensorrt", "version": "2.x"}}, ['"torch_tensorrt.version"', "'2.x'"]),
    ({"torch_tensorrt": {"package": "torch-tensorrt", "version": 2.14}}, ['"torch_tensorrt.version"', "2.14"]),
    ({"tensorrt": {"package": "tensorrt-cu13", "version": "11.*"}}, ['"tensorrt.version"', "'11.*'"]),
    ({"tensorrt": {"package": "tensorrt-rtx", "version": "newest"}}, ['"tensorrt.version"', "'newest'"]),
    ({"torch_tensorrt": "2.14.0"}, ['"torch_tensorrt" must be an object']),
    ({"torch_tensorrt": {"version": "2.14.0"}}, ['"torch_tensorrt.package" is missing', "torch-tensorrt"]),
    ({"tensorrt": {"package": "tensorrt", "version": "10.1.0", "cuda": "12"}}, ['"tensorrt"', "cuda", "version"]),
    ({"tensorrt": {"package": "tensorrt-lean", "version": "10.7.0"}}, ['"tensorrt.package"', "tensorrt-lean"]),
    ({"gpus": "NVIDIA H100"}, ['"gpus" must be a list']),
    ({"gpus": ["NVIDIA H100"]}, ['"gpus[0]" must be an object']),
    ({"gpus": [{"name": "A", "compute_capability": "9.0"}, {"name": "B", "cc": "8.9"}]}, ['"gpus[1]"']),
    ({"gpus": [{"name": "NVIDIA H100", "compute_capability": "9"}]}, ['"gpus[0].compute_capability"', "'9'"]),
    ({"gpus": [{"name": "NVIDIA H100", "compute_capability": "9.0.1"}]}, ['"gpus[0].compute_capability"']),
    ({"platform": "linux"}, ['"platform"', "'linux'", "linux_x86_64"]),
    ({"platform": "macosx_14_0_arm64"}, ['"platform"', "win_amd64"]),
    ({"Torch": "2.14.0"}, ["Unknown key(s)", "Torch"]),
]


def _one_line(exc: UsageError) -> str:
    message = str(exc)
    assert "\n" not in message, message
    assert "Fix:" in message, message
    return message


@pytest.mark.parametrize("name", sorted(BAD_FIXTURES))
def test_bad_spec_file_raises_usage_error_naming_the_problem(name: str) -> None:
    with pytest.raises(UsageError) as info:
        load_spec(SPECS / name)
    message = _one_line(info.value)
    for fragment in BAD_FIXTURES[name]:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize(("spec", "fragments"), BAD_DICTS, ids=[json.dumps(s)[:60] for s, _ in BAD_DICTS])
def test_bad_spec_dict_raises_usage_error_naming_the_key(spec: dict, fragments: list[str]) -> None:
    with pytest.raises(UsageError) as info:
        load_spec(spec)
    message = _one_line(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize(("spec", "fragments"), BAD_DICTS[:12:3], ids=["python", "torch-empty", "cuda", "tt-version"])
def test_bad_version_in_a_spec_file_and_as_json_text(spec: dict, fragments: list[str], tmp_path: Path) -> None:
    path = tmp_path / "target.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    for source in (path, str(path), json.dumps(spec)):
        with pytest.raises(UsageError) as info:
            load_spec(source)
        for fragment in fragments:
            assert fragment in _one_line(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as info:
        load_spec(tmp_path / "nowhere.json")
    message = _one_line(info.value)
    assert "nowhere.json" in message and "does not exist" in message


def test_directory_and_non_utf8_file(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a directory"):
        load_spec(tmp_path)
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"gpus": [{"name": "Ger\xe4t", "compute_capability": "8.9"}]}'.encode("latin-1"))
    with pytest.raises(UsageError, match="UTF-8"):
        load_spec(latin1)


def test_malformed_json_message_points_at_the_error_and_shows_an_example() -> None:
    with pytest.raises(UsageError) as info:
        load_spec(SPECS / "bad_malformed.json")
    assert info.value.fix is not None and EXAMPLE in info.value.fix
    assert json.loads(EXAMPLE)  # the example we print is itself a valid spec
    load_spec(EXAMPLE)


# -- good specs --------------------------------------------------------------------------------------------------


def test_full_spec_file_loads() -> None:
    env = load_spec(SPECS / "h100_torch_tensorrt_2_14.json")
    assert env.source.startswith("target spec") and "h100_torch_tensorrt_2_14.json" in env.source
    assert (env.platform, env.python, env.torch, env.torch_cuda, env.torchvision) == (
        "linux_x86_64",
        "3.12",
        "2.14.0+cu130",
        "13.0",
        "0.29.0",
    )
    assert env.torch_tensorrt == Package("torch-tensorrt", "2.14.0")
    assert env.tensorrt == Package("tensorrt-cu13", "11.1.0.106")
    assert env.flavour == "tensorrt" and env.driver == "580.95.05"
    assert env.gpus == [GpuInfo("NVIDIA H100 80GB HBM3", "9.0", 81559)]
    assert env.notes == []


def test_package_names_are_normalised() -> None:
    env = load_spec(
        {
            "torch_tensorrt": {"package": "Torch_TensorRT_RTX", "version": "2.14.0"},
            "tensorrt": {"package": "tensorrt_rtx", "version": "1.6.1.120"},
        }
    )
    assert env.torch_tensorrt == Package("torch-tensorrt-rtx", "2.14.0")
    assert env.tensorrt == Package("tensorrt-rtx", "1.6.1.120")
    assert env.flavour == "tensorrt-rtx"


@pytest.mark.parametrize(
    ("spec", "torch_cuda", "note"),
    [
        ({"torch": "2.14.0+cu130"}, "13.0", None),
        ({"torch": "2.14.0", "cuda": "12.6"}, "12.6", None),
        ({"torch": "2.14.0+cu130", "cuda": "13.2"}, "13.0", None),  # same major: no note
        ({"torch": "2.14.0+cu126", "cuda": "13.0"}, "12.6", "the +cu tag is used"),
        ({"torch": "2.14.0+cpu"}, "cpu", None),
        ({"torch": "2.14.0"}, None, None),  # no tag, no "cuda": unknown, not guessed
        ({"cuda": "13.0"}, "13.0", None),
    ],
)
def test_torch_cuda_build(spec: dict, torch_cuda: str | None, note: str | None) -> None:
    env = load_spec(spec)
    assert env.torch_cuda == torch_cuda
    assert (note is None) == (env.notes == [])
    if note:
        assert any(note in n for n in env.notes)


def test_python_keeps_its_patch_release() -> None:
    """pip judges Requires-Python on the patch release (torchvision 0.29 declares !=3.14.1), so it is kept."""
    assert load_spec({"python": "3.12.4"}).python == "3.12.4"
    assert load_spec({"python": "3.12"}).python == "3.12"
    assert load_spec({"python": "3.14.2t"}).python == "3.14.2t"


def test_null_values_are_unknown_and_never_guessed() -> None:
    env = load_spec(SPECS / "all_null.json")
    for key in (
        "platform",
        "python",
        "torch",
        "torch_cuda",
        "torchvision",
        "torch_tensorrt",
        "tensorrt",
        "driver",
        "gpus",
    ):
        assert getattr(env, key) is None, key
    assert env.flavour is None
    assert load_spec({}).to_dict() == {**env.to_dict(), "source": "target spec"}
    report = check(env)
    assert report.verdict == "unknown" and not report.compatible and report.exit_code == 3
    assert {f.severity for f in report.findings} == {"unknown", "info"}
    assert {f.code for f in report.findings} >= {"torch_tensorrt-unknown", "torchvision-unknown", "gpu-unknown"}
    assert all(f.code.endswith("-unknown") and "unknown" in f.message for f in report.findings)
    assert all(f.fix for f in report.by_severity("unknown"))  # each names how to supply the fact


def test_null_inside_objects_is_unknown() -> None:
    env = load_spec(
        {
            "torch": "2.14.0+cu130",
            "torch_tensorrt": {"package": "torch-tensorrt", "version": None},
            "tensorrt": {"package": "tensorrt-cu13", "version": None},
            "gpus": [{"name": None, "compute_capability": None}],
        }
    )
    assert env.torch_tensorrt == Package("torch-tensorrt", None)
    assert env.tensorrt == Package("tensorrt-cu13", None)
    assert env.gpus == [GpuInfo(None, None)]
    report = check(env)
    assert report.verdict == "unknown"
    codes = {f.code: f.severity for f in report.findings}
    assert codes["gpu-unknown"] == "unknown" and codes["driver-unknown"] == "unknown"
    assert codes["torch_tensorrt-unknown"] == "unknown" and codes["tensorrt-unknown"] == "unknown"


@pytest.mark.parametrize("key", KEYS)
def test_every_key_is_accepted(key: str) -> None:
    """Each documented key, alone, is read into the Environment (the fixture holds a real value for every one)."""
    data = {**json.loads((SPECS / "h100_torch_tensorrt_2_14.json").read_text(encoding="utf-8")), "host": "gpu-01"}
    assert set(data) == set(KEYS)
    env = load_spec({key: data[key]})
    shown = json.dumps(env.to_dict(), default=str)
    value = data[key]
    if key == "host":  # names a fleet's row and changes no verdict
        return
    if key == "gpus":
        probe = value[0]["compute_capability"]
    elif key == "tensorrt_dists":
        probe = value[-1]["package"]
    else:
        probe = value["version"] if isinstance(value, dict) else value
    assert str(probe).split("+")[0] in shown, (key, shown)


# -- through the CLI ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BAD_FIXTURES))
def test_cli_bad_spec_exits_2_with_one_line(name: str) -> None:
    result = run_cli("check", "--target", str(SPECS / name))
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("torchtrt-compat check: error: ")
    assert "Traceback" not in result.stderr
    assert BAD_FIXTURES[name][0] in lines[0]


def test_cli_bad_version_field_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"tensorrt": {"package": "tensorrt-cu13", "version": "11.*"}}), encoding="utf-8")
    for target, fragment in ((path, '"tensorrt.version"'), (tmp_path / "missing.json", "does not exist")):
        result = run_cli("check", "--json", "--target", str(target))
        assert result.returncode == 2 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and fragment in result.stderr
        assert "Traceback" not in result.stderr
