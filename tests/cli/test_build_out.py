"""`build --out` is checked before anything is built or torch is imported: exit 2 and one line for a bad path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

_PROBE = """
import sys
from torchtrt_compat.cli import main
code = main(["build", "models:deform_convnet", "--cc", "8.9", "--out", sys.argv[1]])
print("EXIT", code, "TORCH" if "torch" in sys.modules else "NO-TORCH")
"""


def _run(out: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, out], capture_output=True, text=True, timeout=60)
    return done.stdout.strip().splitlines()[-1], done.stderr


@pytest.fixture
def afile(tmp_path: Path) -> Path:
    path = tmp_path / "afile"
    path.write_text("keep me")
    return path


@pytest.mark.parametrize(
    ("make", "pattern"),
    [
        (lambda tmp, f: str(f), "is a file, not a directory"),
        (lambda tmp, f: str(f / "sub"), "cannot be created"),
        (lambda tmp, f: "/dev/null", "under /dev"),
        (lambda tmp, f: "/proc/torchtrt_out", "under /proc"),
        (lambda tmp, f: "", "is empty"),
        (lambda tmp, f: str(tmp / "notes"), "holds other files"),
    ],
    ids=["existing-file", "below-a-file", "dev-null", "proc", "empty", "artifact-name-taken"],
)
def test_bad_out_exits_2_with_one_line_before_torch(tmp_path: Path, afile: Path, make, pattern: str) -> None:
    (tmp_path / "notes" / "deform_convnet").mkdir(parents=True)
    (tmp_path / "notes" / "deform_convnet" / "mine.txt").write_text("keep me")
    last, err = _run(make(tmp_path, afile))
    assert last == "EXIT 2 NO-TORCH", (last, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and pattern in lines[0] and "Fix:" in lines[0], err
    assert afile.read_text() == "keep me"
    assert (tmp_path / "notes" / "deform_convnet" / "mine.txt").read_text() == "keep me"


def test_check_output_dir_accepts_new_and_existing_folders(tmp_path: Path) -> None:
    from torchtrt_compat._atomic import check_output_dir

    assert check_output_dir(tmp_path) == tmp_path.resolve()
    assert check_output_dir(tmp_path / "new" / "deeper") == (tmp_path / "new" / "deeper").resolve()
    assert not (tmp_path / "new").exists(), "checking creates nothing"
    assert [p.name for p in tmp_path.iterdir()] == [], "the write probe is removed"
