"""`explain`, round twenty-five (issue 36): the held-out set itself, and the advice lines its misses asked for. The
set's reports come from repositories no earlier set touches; torch's driver check cut short in a paste still reads as
a driver too old; the OpenMMLab modules a launcher's worker misses name their pip distributions."""

from __future__ import annotations

import pytest
from _explain import DATA, VERDICTS, first, reports, repositories

from torchtrt_compat.troubleshooting import explain


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("round25", 72),
        ("round26", 72),
        ("round27", 72),
        ("round28", 17),
        ("round29", 72),
        ("round30", 64),
        ("round31", 62),
        ("round32", 68),
        ("round33", 72),
        ("round34", 59),
        ("round35", 60),
        ("round36", 58),
        ("round37", 51),
        ("round38", 46),
        ("round39", 45),
        ("round40", 55),
        ("round41", 62),
        ("round42", 61),
        ("round43", 44),
        ("round44", 53),
        ("round45", 42),
        ("round46", 29),
        ("round47", 38),
        ("round48", 57),
        ("round49", 53),
        ("round50", 48),
        ("round51", 37),
        ("round52", 50),
        ("round53", 45),
        ("round54", 44),
        ("round55", 38),
        ("round56", 48),
        ("round57", 46),
        ("round58", 38),
        ("round59", 45),
        ("round60", 41),
        ("round61", 30),
        ("round62", 73),
        ("round63", 68),
        ("round64", 61),
        ("round65", 24),
    ],
)
def test_the_later_rounds_are_drawn_from_elsewhere(name: str, count: int) -> None:
    """Each later round's reports come from repositories no other set touches, carry no web address in their
    pastes, and have a blind verdict with its reason."""
    rows = reports(name)
    others = repositories(
        tuple(p.stem.removeprefix("explain_") for p in DATA.glob("explain_*.jsonl") if p.stem != f"explain_{name}")
    )
    assert len(rows) == count and len({r["id"] for r in rows}) == count
    for r in rows:
        assert r["repository"].lower() not in others, r["id"]
        assert "http://" not in r["error"] and "https://" not in r["error"] and r["cause"], r["id"]
        assert isinstance(r["thread"], int) and r["blind"]["verdict"] in VERDICTS and r["blind"]["reason"], r["id"]


def test_driver_check_cut_short_is_the_driver() -> None:
    check = (
        '  File "/env/lib/python3.7/site-packages/torch/cuda/__init__.py", line 63, in _check_driver\nAssertionError:\n'
    )
    for cut in ("The NVIDIA driver on your system is too o...\n...", "The NVIDIA driver on your system is too"):
        found = explain(check + cut)
        assert found and found[0].key == "cuda-driver-insufficient" and found[0].confidence == "sure", cut
    # "too" in another sentence is no cut driver message
    found = explain(check + "The NVIDIA driver on your system is too much for this card, says the user")
    assert not found or found[0].confidence != "sure" or found[0].key != "cuda-driver-insufficient"


def test_openmmlab_modules_name_their_distributions() -> None:
    for module in ("mmengine", "mmdet"):
        found = explain(f"ModuleNotFoundError: No module named '{module}'")
        assert found and found[0].key == "py-module-missing"
        said = " ".join(found[0].advice)
        assert f"pip install {module}" in said and "not a pip distribution" not in said, said
    assert first("ModuleNotFoundError: No module named 'mmcv'")[0] == "py-module-missing"


def test_visual_studio_error_list_rows() -> None:
    """A row copied from Visual Studio's error list is an error line in any UI language, and its MSBuild code marks
    a build: a miss names the compile stage and MSBuild's detailed log, not a runtime step."""
    nvcc = '"C:\\CUDA\\v11.8\\bin\\nvcc.exe" -gencode=arch=compute_86,code=sm_86 -x cu kernel.cu'
    for row in (
        f"Error\tMSB3721\tThe command {nvcc} exited with code 2.\tproj\tC:\\CUDA 11.8.targets\t785",
        f"错误\tMSB3721\t命令“{nvcc}”已退出，返回代码为 2。\tproj\tC:\\CUDA 11.8.targets\t785",
        f"Fehler\tMSB3721\tDer Befehl {nvcc} wurde mit Code 2 beendet.\tproj\tC:\\CUDA 11.8.targets\t785",
    ):
        found = explain(row)
        assert found.outcome == "unexplained" and found.stage == "compile", row
        assert found.command.startswith("msbuild") and found.first_error, row
    # the list's warning rows alone are warnings; a sentence about an error code is no row
    assert explain(
        "Warning\tC4819\tThe file contains a character that cannot be represented\tproj\ta.cu\t1"
    ).outcome == ("warnings-only")
    assert not explain("Error handling is described in chapter C1234 of the manual").first_error
