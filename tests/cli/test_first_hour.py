"""What a newcomer types in the first hour gets a short right answer, before anything heavy is imported (issue 37).

The base install (no torch at all) is probed by tests/cli/base_install_probe.py in CI; here, with torch installed,
every refusal must still come before torch is imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchtrt_compat.cli import COMMAND_GROUPS, COMMON_EXIT_CODES, EXIT_CODES, main
from torchtrt_compat.cli.build import cc_arguments, model_source

HEAVY = ("torch", "torch_tensorrt", "torchvision", "timm", "transformers")

REFUSALS = [
    ["build", "models:resnet18", "--cc", "89.9.9", "--out", "{out}"],
    ["build", "models:resnet18", "--cc", "8.99", "--out", "{out}"],
    ["build", "models:resnet18", "--cc", "RTX", "--out", "{out}"],
    ["build", "models:resnet81", "--cc", "8.9", "--out", "{out}"],
    ["build", "resnet18", "--cc", "8.9", "--out", "{out}"],
    ["build", "models:resnet18", "--cc", "8.9", "--out", "{out}", "--min-block-size", "0"],
    ["build", "models:resnet18", "--cc", "9.0", "--out", "{out}"],  # TensorRT-RTX does not build for Hopper: exit 1
    ["build", "models:resnet18", "--cc", "8.9", "--out", "/dev/null"],
    ["bench", "models:resnt18"],
    ["bench", "models:resnet18", "--iters", "0"],
    ["bench", "models:resnet18", "--device", "gpu"],
    ["models", "nothing"],
    ["shims", "deform_conv2d"],
    ["check", "--gpu", "8.99"],
    ["suggest", "--gpu", "RTX 4909"],
]


def _run_in_a_fresh_process(argv: list[str]) -> dict[str, object]:
    code = textwrap.dedent(
        f"""
        import json, sys
        from torchtrt_compat.cli import main
        exit_code = main({argv!r})
        print(json.dumps({{"code": exit_code, "heavy": [m for m in {HEAVY!r} if m in sys.modules]}}))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    found["stderr"] = done.stderr
    return found


@pytest.mark.parametrize("argv", REFUSALS, ids=[" ".join(a) for a in REFUSALS])
def test_every_refusal_is_one_line_before_torch_is_imported(argv: list[str], tmp_path: Path) -> None:
    """Review M5: `build --cc 89`, `--min-block-size 0` and `models:resnet81` were refused after 14-20 s of torch
    imports; a typo listed all 87 models. Each is one line now, decided before torch (or timm, transformers)."""
    found = _run_in_a_fresh_process([a.replace("{out}", str(tmp_path / "out")) for a in argv])
    stderr = str(found["stderr"]).strip().splitlines()
    assert found["heavy"] == [], f"{argv} imported {found['heavy']} before refusing"
    assert found["code"] in (1, 2) and found["code"] in EXIT_CODES[argv[0]] or found["code"] in COMMON_EXIT_CODES
    assert len(stderr) == 1 and "Traceback" not in stderr[0] and "Fix:" in stderr[0], stderr


def test_listing_the_catalogue_imports_no_model_library() -> None:
    """Review Low 7: `torchtrt-compat models` imported torch, torchvision, timm and transformers to list names."""
    found = _run_in_a_fresh_process(["models"])
    assert found["code"] == 0 and found["heavy"] == []


def test_every_command_has_its_exit_codes_documented() -> None:
    commands = {c for _, names in COMMAND_GROUPS for c in names}
    assert set(EXIT_CODES) == commands
    assert all(0 in codes or name == "verify" for name, codes in EXIT_CODES.items())


@pytest.mark.parametrize(
    ("tokens", "expected"),
    [
        (["8.9", "12.0"], ["8.9", "12.0"]),
        (["sm_89", "89", "8.9"], ["8.9"]),
        (["RTX", "4090"], ["8.9"]),  # `--cc RTX 4090` without quotes: the shell split the name
        (["RTX", "4090", "8.6"], ["8.9", "8.6"]),
        (["RTX 5090", "L4"], ["12.0", "8.9"]),
    ],
)
def test_cc_takes_every_spelling_of_a_gpu(tokens: list[str], expected: list[str]) -> None:
    """Review M4: `--cc "RTX 4090"` and `sm_89` were refused, though plans, check and the reports use them."""
    assert cc_arguments(tokens) == expected


def test_build_takes_your_own_function_like_a_plan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review M10: `build pkg.mod:fn` said MODEL is neither models:NAME nor a .pt2 file."""
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "mypkg" / "nets.py").write_text("def build():\n    return None, ()\n")
    monkeypatch.chdir(tmp_path)
    source = model_source("mypkg.nets:build", trust=False)
    assert (source.kind, source.name) == ("function", "build")


@pytest.mark.slow
def test_build_of_your_own_function_writes_its_artifact(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tinynets.py").write_text(
        "import torch\n\ndef build():\n"
        "    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()\n"
        "    return model, (torch.randn(1, 3, 16, 16),)\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        code = main(
            ["build", "tinynets:build", "--cc", "RTX", "4090", "--out", str(tmp_path / "out"), "--min-block-size", "1"]
        )
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("tinynets", None)
    assert code == 0, capsys.readouterr().err
    manifest = json.loads((tmp_path / "out" / "build" / "manifest.json").read_text())
    assert "8.9" in json.dumps(manifest)
