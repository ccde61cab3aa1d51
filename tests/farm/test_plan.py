"""Plans are checked before any build: each bad input is one UsageError line (exit 2); keys follow the content."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from torchtrt_compat._errors import UsageError
from torchtrt_compat.cli import main
from torchtrt_compat.farm import load_plan
from torchtrt_compat.farm.executors import default_workers
from torchtrt_compat.farm.keys import build_key, built_manifest, with_key

pytestmark = pytest.mark.requires_rtx

TINY = "tests.farm._models:tiny"


def _plan(tmp_path: Path, **models: dict[str, Any]) -> dict[str, Any]:
    return {
        "out": str(tmp_path / "out"),
        "defaults": {"targets": ["8.9"], "settings": {"min_block_size": 1}},
        "models": models or {"tiny": {"source": TINY}},
    }


def test_a_plan_becomes_one_job_per_model_target_set_and_precision(tmp_path: Path) -> None:
    plan = _plan(
        tmp_path,
        tiny={"source": TINY, "targets": ["8.9", "RTX 5090", ["12.0", "8.6"]], "precisions": ["fp32", "fp16"]},
        cat={"source": "models:tiny_transformer", "output": "transformer", "settings": {"min_block_size": 2}},
    )
    jobs = load_plan(plan).jobs
    assert [j.name for j in jobs] == [
        "tiny/sm89-fp32",
        "tiny/sm89-fp16",
        "tiny/sm120-fp32",
        "tiny/sm120-fp16",
        "tiny/sm86+sm120-fp32",
        "tiny/sm86+sm120-fp16",
        "transformer/sm89-fp32",
    ]
    assert jobs[4].targets == ("8.6", "12.0")
    assert jobs[0].settings == {"min_block_size": 1} and jobs[-1].settings == {"min_block_size": 2}
    assert jobs[-1].kind == "catalogue" and jobs[0].kind == "function"
    assert jobs[0].folder == str((tmp_path / "out" / "tiny" / "sm89-fp32").resolve())


def test_a_plan_file_reads_relative_paths_from_its_folder(tmp_path: Path) -> None:
    (tmp_path / "plan.toml").write_text(
        'out = "engines"\n[defaults]\ntargets = ["L4"]\ntrust = true\n'
        '[models.tiny]\nsource = "tests.farm._models:tiny"\n'
    )
    plan = load_plan(tmp_path / "plan.toml")
    assert plan.out == (tmp_path / "engines").resolve()
    assert [j.name for j in plan.jobs] == ["tiny/sm89-fp32"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"outt": "x"}, ["unknown key 'outt'", "did you mean 'out'"]),
        ({"defaults": {"targets": ["8.9"], "precision": ["fp16"]}}, ["unknown key 'precision'", "precisions"]),
        ({"models": {"a": {"source": TINY, "setings": {}}}}, ["[models.a]", "'setings'", "did you mean 'settings'"]),
        ({"models": {"a": {"source": "no_such_pkg_x.mod:build"}}}, ["models.a", "no_such_pkg_x"]),
        ({"models": {"a": {"source": "tests.farm._models:nothing"}}}, ["has no function 'nothing'"]),
        ({"models": {"a": {"source": "a thing"}}}, ["neither models:NAME"]),
        ({"models": {"a": {"source": TINY, "targets": ["RTX 9999 Ultra"]}}}, ["'RTX 9999 Ultra'", "GPU model"]),
        ({"models": {"a": {"source": TINY, "targets": ["3.5"]}}}, ["models.a.targets", "3.5"]),
        ({"models": {"a": {"source": TINY, "precisions": ["fp8"]}}}, ["unknown precision 'fp8'"]),
        ({"models": {"a": {"source": TINY, "targets": ["8.9", "RTX 4090"]}}}, ["sm89 twice"]),
        (
            {"models": {"a": {"source": TINY}, "b": {"source": TINY, "output": "a"}}},
            ["models.a and models.b", "a/sm89"],
        ),
        ({"models": {"a": {"source": TINY, "timeout": -1}}}, ["timeout = -1"]),
        ({"models": {"a": {"source": TINY, "settings": {"min_block_size": 0}}}}, ["min_block_size=0"]),
        (
            {"models": {"a": {"source": TINY, "settings": {"min_blok_size": 1}}}},
            ["no setting 'min_blok_size'", "did you mean 'min_block_size'"],
        ),
        (
            {"models": {"a": {"source": TINY, "settings": {"enabled_precisions": ["fp16"]}}}},
            ["which the plan sets", "precisions = "],
        ),
        ({"models": {}}, ["names no models"]),
        ({"workers": 0}, ["workers = 0"]),
    ],
)
def test_a_bad_plan_is_refused_in_one_line(tmp_path: Path, change: dict[str, Any], words: list[str]) -> None:
    plan = {**_plan(tmp_path), **change}
    with pytest.raises(UsageError) as info:
        load_plan(plan)
    text = str(info.value)
    assert "\n" not in text and "Fix:" in text
    for word in words:
        assert word in text
    assert not (tmp_path / "out" / "a").exists()


def test_an_output_folder_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(UsageError, match="is a file"):
        load_plan({**_plan(tmp_path), "out": str(tmp_path / "file" / "out")})
    with pytest.raises(UsageError, match="under /proc"):
        load_plan(_plan(tmp_path), out="/proc/engines")
    taken = tmp_path / "out" / "tiny" / "sm89-fp32"
    taken.mkdir(parents=True)
    (taken / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="holds other files"):
        load_plan(_plan(tmp_path))
    assert (taken / "notes.txt").read_text() == "mine"


def test_a_program_file_needs_trust(tmp_path: Path) -> None:
    (tmp_path / "m.ep").write_bytes(b"not read")
    plan = _plan(tmp_path, prog={"source": str(tmp_path / "m.ep")})
    with pytest.raises(UsageError, match="--trust"):
        load_plan(plan)
    assert load_plan(plan, trust=True).jobs[0].kind == "program"


def test_a_module_that_fails_to_import_is_refused_before_any_build(tmp_path: Path) -> None:
    (tmp_path / "bad_farm_model.py").write_text("import no_such_dependency_x\n\ndef build():\n    pass\n")
    plan = tmp_path / "plan.toml"
    plan.write_text('out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.bad]\nsource = "bad_farm_model:build"\n')
    from torchtrt_compat.farm import build_plan

    with pytest.raises(UsageError, match="bad_farm_model does not import.*no_such_dependency_x"):
        build_plan(plan, progress=False)
    assert not (tmp_path / "out" / "bad").exists()
    plan.write_text('out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:no_such_model"\n')
    with pytest.raises(UsageError, match="models.a: No model 'no_such_model'"):
        build_plan(plan, progress=False)


def test_the_cli_refuses_a_bad_plan_with_exit_2_and_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text('[defaults]\ntargets = ["GTX 9999 Ultra"]\n[models.a]\nsource = "models:resnet18"\n')
    assert main(["build", "--plan", str(plan), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'GTX 9999 Ultra'" in err[0] and "Traceback" not in err[0]
    plan.write_text("out = [1\n")
    assert main(["build", "--plan", str(plan)]) == 2
    assert "is not valid TOML" in capsys.readouterr().err
    assert main(["build", "--plan", str(tmp_path / "missing.toml")]) == 2
    assert main(["build", "models:resnet18", "--cc", "8.9", "--out", str(tmp_path), "--workers", "2"]) == 2
    assert "--workers applies to --plan" in capsys.readouterr().err


def test_keys_follow_settings_precision_targets_code_and_dependencies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "farm_key_model.py").write_text("def build():\n    return None\n")
    (tmp_path / "weights.bin").write_bytes(b"1")
    monkeypatch.chdir(tmp_path)  # restored afterwards: later tests run from the repository
    base = {"source": "farm_key_model:build", "depends": [str(tmp_path / "weights.bin")]}
    first = [with_key(j) for j in load_plan(_plan(tmp_path, m=dict(base))).jobs][0]
    assert first.key == build_key(first) and len(first.key) == 64
    variants = [
        {**base, "settings": {"min_block_size": 3}},
        {**base, "precisions": ["fp16"]},
        {**base, "targets": ["12.0"]},
    ]
    keys = {build_key(load_plan(_plan(tmp_path, m=v)).jobs[0]) for v in variants}
    assert first.key not in keys and len(keys) == 3
    (tmp_path / "weights.bin").write_bytes(b"2")
    assert build_key(first) != first.key
    (tmp_path / "weights.bin").write_bytes(b"1")
    (tmp_path / "farm_key_model.py").write_text("def build():\n    return 1\n")
    assert build_key(first) != first.key
    assert built_manifest(first) is None  # nothing built yet


def test_the_pool_never_plans_more_builds_than_memory_holds(tmp_path: Path) -> None:
    job = load_plan(_plan(tmp_path, big={"source": TINY, "memory_gb": 60_000, "targets": ["8.9", "12.0"]})).jobs
    assert default_workers(job) == 1
    small = load_plan(_plan(tmp_path, s={"source": TINY, "memory_gb": 0.001, "targets": ["8.9", "12.0"]})).jobs
    assert 1 <= default_workers(small) <= min(2, len(os.sched_getaffinity(0)))


def test_checking_a_plan_and_its_keys_imports_no_torch(tmp_path: Path) -> None:
    code = (
        "import json, sys\n"
        "from torchtrt_compat.farm import load_plan\n"
        "from torchtrt_compat.farm.keys import with_key\n"
        f"plan = {json.dumps(_plan(tmp_path, a={'source': TINY}, b={'source': 'models:resnet18'}))}\n"
        "[with_key(j) for j in load_plan(plan).jobs]\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'torch_tensorrt', "
        "'tensorrt', 'tensorrt_rtx', 'ray'))))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
        check=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
