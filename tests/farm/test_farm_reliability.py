"""The farm holds the single build's line (reliability audit 2026-11-26): every case is refused in one line, exit 2,
before anything is built, and nothing of the user's is read through a link, replaced or deleted. Nothing here builds
an engine: the plans are checked, or the pool is asked for what it would start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from torchtrt_compat import _atomic
from torchtrt_compat._errors import UsageError
from torchtrt_compat.cli import build_parser, main
from torchtrt_compat.farm import build_plan, load_plan, runner
from torchtrt_compat.farm.keys import build_key, built_manifest, imported_sources, stack_versions, with_key

pytestmark = pytest.mark.requires_rtx
TINY = "tests.farm._models:tiny"
sys.path.insert(0, str(Path(__file__).parents[1] / "compiler" / "artifact"))  # _artifact_helpers


def _plan(tmp_path: Path, **models: dict[str, Any]) -> dict[str, Any]:
    return {
        "out": str(tmp_path / "out"),
        "defaults": {"targets": ["8.9"]},
        "models": models or {"tiny": {"source": TINY}},
    }


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    err = capsys.readouterr().err
    return code, err


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# ---- plan files are read within limits --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["dev_zero", "fifo", "directory", "huge", "deep_toml", "deep_table"])
def test_a_plan_that_never_ends_or_cannot_be_a_plan_is_one_line(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "plan.toml"
    if kind == "dev_zero":
        plan = Path("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(plan)
    elif kind == "directory":
        plan.mkdir()
    elif kind == "huge":
        with open(plan, "wb") as fh:
            fh.truncate(64 * 1024 * 1024)
    elif kind == "deep_toml":
        plan.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    else:
        plan.write_text("x = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n")
    started = time.monotonic()
    code, err = _cli(["build", "--plan", str(plan)], capsys)
    assert code == 2 and time.monotonic() - started < 20
    assert "Plan" in _one_line(err)


def test_no_rewrite_check_reaches_every_build_of_a_plan(tmp_path: Path) -> None:
    """`build --plan P --no-rewrite-check` sets `settings.rewrite_check = False` on every job; other values fail."""
    plan = load_plan(_plan(tmp_path), settings={"rewrite_check": False})
    assert plan.jobs and all(job.settings.get("rewrite_check") is False for job in plan.jobs)
    with pytest.raises(UsageError, match="rewrite_check = 'no' is not True or False"):
        load_plan(_plan(tmp_path, tiny={"source": TINY, "settings": {"rewrite_check": "no"}}))


def test_a_huge_plan_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    plan = tmp_path / "plan.toml"
    with open(plan, "wb") as fh:
        fh.truncate(10**12)  # sparse: a terabyte that would never fit in memory
    with pytest.raises(UsageError, match="larger than"):
        load_plan(plan)


# ---- bounded numbers ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("memory_gb", 1e308),
        ("memory_gb", float("inf")),
        ("memory_gb", float("nan")),
        ("timeout", float("inf")),
        ("timeout", 10**30),
        ("memory_gb", "3"),
        ("timeout", True),
    ],
)
def test_numbers_out_of_bounds_are_refused(tmp_path: Path, key: str, value: Any) -> None:
    with pytest.raises(UsageError, match=f"{key} = .* is not a number above 0 and at most"):
        load_plan(_plan(tmp_path, tiny={"source": TINY, key: value}))


@pytest.mark.parametrize("timeout", [float("inf"), 1e308, 0.0, -5.0])
def test_a_timeout_flag_out_of_bounds_is_refused(tmp_path: Path, timeout: float) -> None:
    with pytest.raises(UsageError, match="--timeout"):
        load_plan(_plan(tmp_path), timeout=timeout)


@pytest.mark.parametrize("workers", [10**9, 10**12])
def test_workers_are_capped_at_the_number_of_builds(
    tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--workers 1000000000` is a request for up to that many, not an allocation of a list that long."""
    asked: list[int] = []

    def pool(jobs: list[Any], n: int, events: Any) -> Any:
        asked.append(n)
        return iter(())

    monkeypatch.setattr(runner, "run_local", pool)
    plan = _plan(tmp_path, tiny={"source": TINY, "targets": ["8.9", "12.0"]})
    result = build_plan(plan, workers=workers, progress=False)
    assert asked == [2] and result.totals["workers"] == 2


# ---- where a plan may write -----------------------------------------------------------------------------------------
def _marked_artifact(folder: Path) -> Path:
    """A folder as `EngineArtifact.save` leaves it (the files do not matter here, only the mark)."""
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text("{}")
    _atomic.mark_folder(folder, "engine_artifact")
    return folder


def test_a_plan_never_writes_inside_an_artifact_folder(tmp_path: Path) -> None:
    """`build --out engines` made engines/tiny/ (an artifact); a plan with out = "engines" and a model named tiny
    would write engines/tiny/sm89-fp32/ inside it, and that folder would no longer load."""
    _marked_artifact(tmp_path / "out" / "tiny")
    with pytest.raises(UsageError, match="is an artifact folder .* inside it"):
        load_plan(_plan(tmp_path))
    with pytest.raises(UsageError, match="inside .* a folder this library wrote"):
        load_plan(_plan(tmp_path), out=tmp_path / "out" / "tiny")


def test_a_folder_with_someone_elses_manifest_is_refused_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder holding a manifest.json and other files is not ours: refused when the plan is read (not after a
    20 s build, and never replaced by --ray-return), and the user's files stay."""
    mine = tmp_path / "out" / "tiny" / "sm89-fp32"
    mine.mkdir(parents=True)
    (mine / "manifest.json").write_text('{"name": "my PWA"}')
    (mine / "index.html").write_text("<h1>mine</h1>")
    plan = tmp_path / "plan.toml"
    plan.write_text(f'out = "out"\n[defaults]\ntargets = ["8.9"]\ntrust = true\n[models.tiny]\nsource = "{TINY}"\n')
    for extra in ([], ["--ray", "127.0.0.1:1", "--ray-return"]):
        code, err = _cli(["build", "--plan", str(plan), *extra], capsys)
        assert code == 2 and "holds other files" in _one_line(err)
    assert sorted(p.name for p in mine.iterdir()) == ["index.html", "manifest.json"]


def test_publishing_a_returned_folder_replaces_only_an_artifact_folder_of_ours(tmp_path: Path) -> None:
    """The driver side of --ray-return goes through the one publishing path: a folder of someone else's files is left
    alone even when the plan check was passed (the folder appeared later)."""
    from torchtrt_compat.farm.executors import _receive

    job = load_plan(_plan(tmp_path)).jobs[0]
    mine = Path(job.folder)
    mine.mkdir(parents=True)
    (mine / "manifest.json").write_text('{"name": "my PWA"}')
    (mine / "index.html").write_text("<h1>mine</h1>")
    with pytest.raises(UsageError):
        _receive({"status": "built", "_payload": _empty_tar()}, job)
    assert sorted(p.name for p in mine.iterdir()) == ["index.html", "manifest.json"]
    assert [p.name for p in mine.parent.iterdir() if p.name.startswith(".")] == []  # nothing left behind


def _empty_tar() -> bytes:
    import io
    import tarfile

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w"):
        pass
    return buf.getvalue()


@pytest.mark.parametrize("name", ["build-summary.json", "build-summary.html", "BUILD-SUMMARY.JSON"])
def test_a_model_cannot_take_the_summary_s_name(tmp_path: Path, name: str) -> None:
    with pytest.raises(UsageError, match="summary"):
        load_plan(_plan(tmp_path, **{name: {"source": TINY}}))


def test_an_output_name_that_is_a_file_is_refused_before_building(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="notes.txt is a file"):
        load_plan(_plan(tmp_path, **{"notes.txt": {"source": TINY}}))
    assert (tmp_path / "out" / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("where", ["model", "job"])
def test_a_symlink_planted_in_a_shared_output_folder_is_refused(tmp_path: Path, where: str) -> None:
    """Anyone who can write OUT could point OUT/MODEL (or OUT/MODEL/LABEL) elsewhere: the farm writes only into real
    folders below OUT, and leaves the link and what it points at alone."""
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("mine")
    out = tmp_path / "out"
    if where == "model":
        out.mkdir()
        (out / "tiny").symlink_to(victim)
    else:
        (out / "tiny").mkdir(parents=True)
        (out / "tiny" / "sm89-fp32").symlink_to(victim)
    with pytest.raises(UsageError, match="is a symlink"):
        load_plan(_plan(tmp_path))
    assert [p.name for p in victim.iterdir()] == ["keep.txt"]


def test_the_publishing_path_refuses_a_link_planted_after_the_plan_was_read(tmp_path: Path) -> None:
    job = load_plan(_plan(tmp_path)).jobs[0]
    victim = tmp_path / "victim"
    victim.mkdir()
    Path(job.folder).parent.parent.mkdir(parents=True, exist_ok=True)
    Path(job.folder).parent.symlink_to(victim)
    with pytest.raises(UsageError, match="is a symlink"), _atomic.atomic_dir(job.folder, within=job.out):
        pass
    assert list(victim.iterdir()) == []


# ---- build logs ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["symlink", "user_file", "directory"])
def test_a_build_log_that_is_not_ours_is_refused_and_left_alone(tmp_path: Path, kind: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    log = tmp_path / "out" / "tiny" / "sm89-fp32.build.log"
    log.parent.mkdir(parents=True)
    if kind == "symlink":
        log.symlink_to(victim)
    elif kind == "user_file":
        log.write_text("my notes")
    else:
        log.mkdir()
    with pytest.raises(UsageError, match="build log"):
        load_plan(_plan(tmp_path))
    assert victim.read_text() == "precious"
    if kind == "user_file":
        assert log.read_text() == "my notes"


def test_a_log_planted_as_a_symlink_after_the_check_is_never_followed(tmp_path: Path) -> None:
    """The log is written under a new temporary name (O_EXCL) and renamed into place: a link planted at the log's
    name is replaced, never written through."""
    from torchtrt_compat.farm.logs import open_log, publish_log

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    log = tmp_path / "m.build.log"
    fd, tmp = open_log(log, "m")
    os.write(fd, b"upstream output\n")
    os.close(fd)
    log.symlink_to(victim)  # planted while the build ran
    where = publish_log(tmp, log)
    assert victim.read_text() == "precious"
    assert where != log and where.read_text().startswith("# torchtrt_compat build log: m\nupstream output")
    assert log.is_symlink()  # the link is the planter's; it is left alone


def test_a_log_of_ours_is_replaced(tmp_path: Path) -> None:
    from torchtrt_compat.farm.logs import check_log, write_log

    log = tmp_path / "m.build.log"
    write_log(log, "m", "first\n")
    check_log(log)
    assert write_log(log, "m", "second\n") == log and log.read_text().endswith("second\n")


# ---- flags mean the same with --plan -------------------------------------------------------------------------------
def test_every_build_flag_is_either_applied_or_refused_with_plan() -> None:
    """A flag added to `build` must say what it does with --plan (cli/build.py PLAN_FLAGS), or it would be dropped
    silently, as --sign-key once was."""
    import argparse

    from torchtrt_compat.cli.build import PLAN_FLAGS

    action = next(a for a in build_parser("build")._actions if isinstance(a, argparse._SubParsersAction))
    dests = {a.dest for a in action.choices["build"]._actions if a.dest != "help"}
    assert dests == set(PLAN_FLAGS), dests ^ set(PLAN_FLAGS)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--fp16"], "--fp16 does not apply"),
        (["-v"], "-v does not apply"),
        (["--cc", "8.9"], "--cc does not apply"),
        (["models:resnet18"], "MODEL does not apply"),
        (["--dynamic", "x:0=1:8:32"], "--dynamic does not apply"),
    ],
)
def test_a_single_build_flag_with_plan_is_refused_in_one_line(
    flags: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text('out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:resnet18"\n')
    code, err = _cli(["build", "--plan", str(plan), *flags], capsys)
    first = err if flags != ["-v"] else err.splitlines()[0]  # -v also asks the CLI for the traceback of any error
    assert code == 2 and words in _one_line(first)


def test_plan_flags_reach_every_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--sign-key, --min-block-size and --partition apply to every build of the plan (the signing key is checked
    first: a public key is refused before anything starts)."""
    from _artifact_helpers import signing_keys

    private, public = signing_keys(tmp_path)
    started: list[Any] = []

    def pool(jobs: list[Any], n: int, events: Any) -> Any:
        started.extend(jobs)
        return iter(())

    monkeypatch.setattr(runner, "run_local", pool)
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'out = "out"\n[defaults]\ntargets = ["8.9", "12.0"]\n[models.a]\nsource = "models:resnet18"\n'
        '[models.b]\nsource = "models:tiny_transformer"\nsettings = { min_block_size = 3 }\n'
    )
    flags = ["--sign-key", str(private), "--min-block-size", "7", "--partition", "auto"]
    assert main(["build", "--plan", str(plan), *flags]) == 1  # nothing ran: every row "not run"
    assert len(started) == 4
    assert all(j.settings == {"min_block_size": 7, "partition": "auto"} for j in started)
    assert all(j.sign_key == str(private.resolve()) and j.signer for j in started)
    assert main(["build", "--plan", str(plan), "--sign-key", str(public)]) == 2


def test_a_plan_names_its_signing_key(tmp_path: Path) -> None:
    from _artifact_helpers import signing_keys

    keys = tmp_path / "keys"
    keys.mkdir()
    private, public = signing_keys(keys)
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'out = "out"\nsign_key = "keys/signing.key"\n[defaults]\ntargets = ["8.9"]\n'
        '[models.a]\nsource = "models:resnet18"\n'
    )
    job = load_plan(plan).jobs[0]
    assert job.sign_key == str(private.resolve()) and job.signer
    import dataclasses

    assert build_key(job) != build_key(dataclasses.replace(job, sign_key=None, signer=None))  # signing rebuilds
    plan.write_text(plan.read_text().replace("signing.key", "signing.pub"))
    with pytest.raises(UsageError, match="public key"):
        load_plan(plan)


# ---- paths a user names --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["verify", "{tmp}", "--key", "~nosuchuser/k.pub"], {}),
        (["build", "models:resnet18", "--cc", "8.9", "--out", "{tmp}/o", "--sign-key", "~nosuchuser/k"], {}),
        (["build", "models:resnet18", "--cc", "8.9", "--out", "~nosuchuser/x"], {}),
        (["build", "--plan", "{tmp}/home.toml"], {}),
        (["build", "--plan", "~nosuchuser/plan.toml"], {}),
        (["build", "models:resnet18", "--cc", "8.9", "--out", "{tmp}/loopA/x"], {}),
        (["build", "--plan", "{tmp}/loop.toml"], {}),
    ],
)
def test_unusable_user_paths_are_one_line_exit_2(
    argv: list[str], env: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    (tmp_path / "home.toml").write_text(
        'out = "~nosuchuser/out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:resnet18"\n'
    )
    (tmp_path / "loop.toml").write_text(
        'out = "loopA/out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:resnet18"\n'
    )
    (tmp_path / "loopA").symlink_to(tmp_path / "loopB")
    (tmp_path / "loopB").symlink_to(tmp_path / "loopA")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, err = _cli([a.replace("{tmp}", str(tmp_path)) for a in argv], capsys)
    assert code == 2, err
    line = _one_line(err)
    assert "home directory" in line or "symlink loop" in line, line


# ---- the current directory -----------------------------------------------------------------------------------------
def test_a_module_found_only_in_the_current_directory_needs_trust(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    (here / "farm_only_here.py").write_text("def build():\n    raise SystemExit('not run')\n")
    plans = tmp_path / "plans"
    plans.mkdir()
    plan = plans / "plan.toml"
    plan.write_text('out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "farm_only_here:build"\n')
    monkeypatch.chdir(here)
    with pytest.raises(UsageError, match="found only in the current directory"):
        load_plan(plan)
    assert load_plan(plan, trust=True).jobs[0].import_paths == (str(here.resolve()),)
    (plans / "farm_only_here.py").write_text("def build():\n    raise SystemExit('not run')\n")
    assert load_plan(plan).jobs[0].import_paths == (str(plans),)  # beside the plan: no trust needed


# ---- up to date means verified --------------------------------------------------------------------------------------
def test_the_key_follows_every_module_of_the_source_tree_a_model_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "keytreepkg"  # a name no other test imports (sys.modules outlives a test's folder)
    (pkg / "layers").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "models.py").write_text(
        "from .layers import block\nimport keytreepkg.config\nimport json\n\ndef build(): ...\n"
    )
    (pkg / "layers" / "__init__.py").write_text("from . import block\n")
    (pkg / "layers" / "block.py").write_text("WIDTH = 8\n")
    (pkg / "config.py").write_text("SEED = 0\n")
    files = imported_sources(str(pkg / "models.py"), "keytreepkg.models")
    names = sorted(str(Path(f).relative_to(tmp_path)) for f in files)
    assert names == [
        "keytreepkg/__init__.py",
        "keytreepkg/config.py",
        "keytreepkg/layers/__init__.py",
        "keytreepkg/layers/block.py",
        "keytreepkg/models.py",
    ]
    (tmp_path / "plan.toml").write_text(
        'out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "keytreepkg.models:build"\n'
    )
    job = load_plan(tmp_path / "plan.toml").jobs[0]
    before = build_key(job)
    (pkg / "layers" / "block.py").write_text("WIDTH = 16\n")  # a module the model's module imports, changed
    assert build_key(job) != before


def test_the_key_records_the_packages_models_come_from() -> None:
    assert {"torchvision", "timm", "transformers"} <= set(stack_versions())


def test_a_damaged_folder_is_not_up_to_date(tmp_path: Path) -> None:
    """One byte flipped in a built file (same size) makes the build run again: "up to date" compares digests."""
    import torch
    from _artifact_helpers import TinyConvNet

    import torchtrt_compat as tc

    job = with_key(load_plan(_plan(tmp_path)).jobs[0])
    torch.manual_seed(0)
    art = tc.build_engine(TinyConvNet().eval(), [torch.randn(1, 3, 8, 8)], compute_capabilities=["8.9"])
    art.metadata["build_key"] = job.key
    folder = art.save(job.folder)
    assert built_manifest(job) is not None
    data = bytearray((folder / "model.ep").read_bytes())
    data[len(data) // 2] ^= 1
    (folder / "model.ep").write_bytes(bytes(data))
    assert built_manifest(job) is None
    data[len(data) // 2] ^= 1
    (folder / "model.ep").write_bytes(bytes(data))
    assert built_manifest(job) is not None
    (folder / "extra.txt").write_text("x")
    assert built_manifest(job) is None


# ---- Ray: bounded waits ---------------------------------------------------------------------------------------------
def test_an_unreachable_ray_address_is_one_line_within_seconds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("ray")
    plan = tmp_path / "plan.toml"
    plan.write_text('out = "out"\n[defaults]\ntargets = ["8.9"]\n[models.a]\nsource = "models:resnet18"\n')
    started = time.monotonic()
    code, err = _cli(["build", "--plan", str(plan), "--ray", "127.0.0.1:1"], capsys)
    assert code == 2 and "nothing answers there" in _one_line(err)
    assert time.monotonic() - started < 30


def test_a_ray_address_that_is_not_a_ray_head_is_refused_within_the_connect_timeout() -> None:
    """Something listens, but it is no Ray GCS: ray.init would retry for ever; the join is bounded (and the process
    still exits)."""
    pytest.importorskip("ray")
    code = (
        "import sys, socket; from torchtrt_compat.farm import executors as e; e.RAY_CONNECT_TIMEOUT_S = 3.0\n"
        "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()\n"
        "try:\n    e.connect_ray(f'127.0.0.1:{s.getsockname()[1]}')\n"
        "except Exception as exc:\n    print(type(exc).__name__, exc); sys.exit(2)\n"
    )
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "UsageError Could not join" in done.stdout, done.stdout + done.stderr
    assert time.monotonic() - started < 60


def test_feasibility_is_checked_against_the_largest_node(tmp_path: Path) -> None:
    from torchtrt_compat.farm.executors import check_feasible

    class _Ray:
        @staticmethod
        def nodes() -> list[dict[str, Any]]:
            return [{"Alive": True, "Resources": {"CPU": 16.0, "memory": 64 * 1024**3}}, {"Alive": False}]

    jobs = load_plan(
        {
            "out": str(tmp_path),
            "defaults": {"targets": ["8.9"]},
            "models": {"big": {"source": "models:resnet18", "memory_gb": 60_000}},
        }
    ).jobs
    with pytest.raises(UsageError, match="largest node of the Ray cluster offers 64.0 GB"):
        check_feasible(_Ray(), jobs)


# ---- the summary page and the live view -----------------------------------------------------------------------------
def test_control_characters_in_a_failure_stay_out_of_the_summary_page() -> None:
    from torchtrt_compat.farm import summary

    row = {
        "name": "m/sm89-fp32", "status": "failed", "seconds": 1.0, "error": "boom \x1b]52;c;cm0gLXJmIH4=\x07 \x1b[2J",
        "diagnosis": [{"key": "k\x1b[31m", "title": "t\x07", "fix": "f\x1b[0m"}], "log": "/x/\x1b[1ml.build.log",
    }  # fmt: skip
    page = summary.html_body([row], summary.totals([row], 1.0, "local", 1))
    assert "\x1b" not in page and "\x07" not in page


def test_the_live_view_draws_its_cursor_codes_beneath_the_sanitiser(tmp_path: Path) -> None:
    import io

    from torchtrt_compat.farm.live import Live
    from torchtrt_compat.ux.display import SafeStream

    class _Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    job = load_plan(_plan(tmp_path)).jobs[0]
    term = _Terminal()
    live = Live(1, 1, console=SafeStream(term))  # what the CLI's stderr is
    live.start(0, job)
    live.stage(0, "exporting \x1b]52;c;x\x07")
    live.close()
    text = term.getvalue()
    assert "\x1b[2F\x1b[J" in text  # the display's own codes, raw
    assert "\\u001b]52" in text and "\x1b]52" not in text  # outside text, escaped


def test_stale_staging_from_a_killed_run_is_removed_even_when_everything_is_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = load_plan(_plan(tmp_path)).jobs[0]
    folder = Path(job.folder)
    folder.parent.mkdir(parents=True)
    stale = folder.parent / f".{folder.name}.tmp-{_atomic.owner()}-999999999-abcd"
    stale.mkdir()
    (stale / "model.ep").write_bytes(b"half")
    monkeypatch.setattr(runner, "run_local", lambda jobs, n, events: iter(()))
    build_plan(_plan(tmp_path), progress=False)
    assert not stale.exists()


def test_a_required_key_under_an_unknown_home_is_one_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from torchtrt_compat.compiler.artifact import EngineArtifact

    monkeypatch.setenv("TORCHTRT_COMPAT_REQUIRE_SIGNATURE", "~nosuchuser/k.pub")
    with pytest.raises(UsageError, match="home directory"):
        EngineArtifact.load(tmp_path)


def test_summary_json_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "run_local", lambda jobs, n, events: iter(()))
    result = build_plan(_plan(tmp_path), progress=False)
    data = json.loads((tmp_path / "out" / "build-summary.json").read_text())
    assert data["totals"]["builds"] == 1 and result.files


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"ray_transfer": "return"}, "without --ray"), ({"ray": "", "workers": 2}, "--workers sizes the local pool")],
)
def test_farm_options_that_would_be_dropped_are_refused(tmp_path: Path, kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(UsageError, match=words):
        build_plan(_plan(tmp_path), progress=False, **kwargs)


@pytest.mark.parametrize("kind", ["user_file", "directory", "symlink"])
def test_a_single_build_never_replaces_a_log_that_is_not_ours(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`build MODEL --out DIR` writes DIR/NAME.build.log: your own file (or a folder, or a link) of that name is refused
    before anything is built, and left as it was."""
    log = tmp_path / "resnet18.build.log"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    if kind == "user_file":
        log.write_text("my notes")
    elif kind == "directory":
        log.mkdir()
    else:
        log.symlink_to(victim)
    started = time.monotonic()
    code, err = _cli(["build", "models:resnet18", "--cc", "8.9", "--out", str(tmp_path)], capsys)
    assert code == 2 and "build log" in _one_line(err) and time.monotonic() - started < 15
    assert victim.read_text() == "precious" and not (tmp_path / "resnet18").exists()
    if kind == "user_file":
        assert log.read_text() == "my notes"
