"""Errors a user can read: a `CompatError` shows its problem, stage, cause and fix first (terminal, IPython, Jupyter),
the upstream chain folded with its first and last frames kept, and never torchtrt_compat's own frames."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _html import check_html

from torchtrt_compat._errors import BuildError, CompatError, UsageError
from torchtrt_compat.cli import _print_error
from torchtrt_compat.troubleshooting import reraise_explained
from torchtrt_compat.ux import display as _display, progress as _progress

OURS = re.compile(r"torchtrt_compat[/\\](?!.*tests)")


def _parse_json_for_the_user(text: str) -> object:
    return json.loads(text)  # the user's own frame, then the standard library's (upstream) frames


def _build_error() -> BuildError:
    """A real chained error: json's JSONDecodeError, explained by the same code path a failed build takes."""
    try:
        try:
            _parse_json_for_the_user("{")
        except json.JSONDecodeError as exc:
            reraise_explained(exc, stage="conversion", op="aten.foo.default")
    except BuildError as error:
        return error
    raise AssertionError("reraise_explained did not raise")


def test_a_usage_error_is_one_line_and_its_panel_shows_the_fix_without_frames() -> None:
    try:
        raise UsageError("compute_capabilities[0] 'banana' is not a compute capability.", "write e.g. ['8.9']")
    except UsageError as exc:
        error = exc
    assert _display.error_lines(error) == [str(error)]
    panel = _display.error_panel(error)
    text = " ".join(check_html(panel).text)
    assert "banana" in text and "write e.g." in text and "<details" not in panel
    assert "Traceback" not in text and not OURS.search(text)
    assert error._render_traceback_()[0].endswith(str(error))  # outside a kernel: the one line, no frames
    assert error._repr_html_() == panel


def test_a_chained_error_says_stage_cause_your_code_and_fix_and_hides_library_frames() -> None:
    error = _build_error()
    lines = _display.error_lines(error)
    # json's error is a known family now (an unreadable config): its first line, then the family's cause
    assert lines[0].startswith("conversion failed at aten.foo.default: Expecting property name"), lines[0]
    labels = [line.split(":")[0].strip() for line in lines[1:]]
    assert labels[:4] == ["stage", "cause", "your code", "fix"], lines
    assert "raised at json/decoder.py" in lines[2], lines[2]
    assert "_parse_json_for_the_user: return json.loads(text)" in lines[3]
    assert "TORCHTRT_COMPAT_VERBOSE=1" in lines[-1]
    assert not any(OURS.search(line) for line in lines), lines


def test_the_panel_puts_the_fix_before_the_folded_upstream_chain() -> None:
    error = _build_error()
    panel = _display.error_panel(error)
    parsed = check_html(panel)
    assert "details" in parsed.tags and "summary" in parsed.tags
    assert panel.index(">fix<") < panel.index("<details")  # the fix is read before the chain is opened
    chain, hidden = _display.error_details(error)
    assert "json/__init__.py" in chain and "json/decoder.py" in chain  # the first and last upstream frames
    assert "your code" in chain and f"{hidden} library frames hidden" in panel
    assert not OURS.search(chain), chain
    assert chain.rstrip().splitlines()[-1].startswith("json.decoder.JSONDecodeError: Expecting property name")


def test_render_traceback_outside_a_kernel_is_the_short_text_and_verbose_gives_the_whole_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    error = _build_error()
    monkeypatch.delenv("TORCHTRT_COMPAT_VERBOSE", raising=False)
    short = error._render_traceback_()
    assert "BuildError" in short[0] and any(line.strip().startswith("fix:") for line in short)
    assert len(short) <= 8 and "Traceback" not in "\n".join(short)
    monkeypatch.setenv("TORCHTRT_COMPAT_VERBOSE", "1")
    full = "\n".join(error._render_traceback_())
    assert "Traceback (most recent call last)" in full and "direct cause" in full and "decoder.py" in full


def test_the_cli_prints_the_short_form_and_the_chain_only_with_v(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    error = _build_error()
    _print_error(argparse.Namespace(command="build", full_traceback=False), error)
    err = capsys.readouterr().err
    assert err.startswith("torchtrt-compat build: error: conversion failed") and "Traceback" not in err
    assert "\n  fix: " in err and not OURS.search(err)
    _print_error(argparse.Namespace(command="build", full_traceback=True), error)
    assert "Traceback (most recent call last)" in capsys.readouterr().err


def test_v_on_the_command_line_prints_the_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"gpus": [', encoding="utf-8")
    cmd = [sys.executable, "-m", "torchtrt_compat"]
    quiet = subprocess.run([*cmd, "check", "--target", str(bad)], capture_output=True, text=True, timeout=120)
    loud = subprocess.run([*cmd, "-v", "check", "--target", str(bad)], capture_output=True, text=True, timeout=120)
    assert quiet.returncode == loud.returncode == 2
    assert len(quiet.stderr.splitlines()) == 1 and "Traceback" not in quiet.stderr
    assert loud.stderr.startswith(quiet.stderr.strip()) and "Traceback (most recent call last)" in loud.stderr


def test_safe_makes_control_characters_visible() -> None:
    assert _display.safe("a\x1b[31mred\x07\n\tok\u2028\x9b") == "a\\u001b[31mred\\u0007\n\tok\\u2028\\u009b"


def test_code_spans_become_code_elements_and_stay_escaped() -> None:
    assert _display.code_spans("drop `enabled_precisions` <b>") == "drop <code>enabled_precisions</code> &lt;b&gt;"
    assert _display.code_spans("a lone ` backtick") == "a lone ` backtick"


# ---- progress -----------------------------------------------------------------------------------------------------
def test_a_failed_stage_gets_a_cross_and_the_title_says_failed() -> None:
    stages: list[tuple[str, float | None]] = [("exporting", 0.1), ("lowering", 0.3), ("failed", None)]
    page = _progress._html("build_engine M FP32 for sm_89", stages, True)
    check_html(page)
    rows = re.findall(r"<tr>(.*?)</tr>", page)
    assert "&#10003;" in rows[0] and "exporting" in rows[0]
    assert "&#10007;" in rows[1] and "lowering" in rows[1] and "failed" in rows[1] and "&#10003;" not in rows[1]
    assert "failed in 0.4 s" in page and "done" not in page


def test_a_build_with_a_warning_does_not_read_as_a_plain_success() -> None:
    stages: list[tuple[str, float | None]] = [("exporting", 0.1), ("done", None)]
    plain = _progress._html("t", stages, True)
    warned = _progress._html("t", stages, True, "0 TensorRT engines")
    assert _display._COLOURS["ok"] in plain and _display._COLOURS["warning"] not in plain
    assert _display._COLOURS["warning"] in warned and "0 TensorRT engines" in warned
    assert _display._COLOURS["ok"] not in warned


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_progress_and_error_text_is_readable_in_light_and_dark_themes() -> None:
    """Text keeps the theme's own colour; the only set text colour is white on a badge, which passes WCAG AA."""
    for tone, colour in _display._COLOURS.items():
        assert _contrast("#ffffff", colour) >= 4.5, tone
    stages: list[tuple[str, float | None]] = [("exporting", 0.1), ("lowering", 0.3), ("failed", None)]
    pages = [
        _progress._html("t", stages, True),
        _progress._html("t", [("exporting", 0.1), ("done", None)], True, "0 engines"),
        _progress._html("t", [("exporting", None)], False),
        _display.error_panel(_build_error()),
    ]
    for page in pages:
        for style in re.findall(r"style='([^']*)'", page):
            colours = re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})", style)
            assert colours in ([], ["#fff"]), style
            if colours:
                background = re.search(r"background:\s*(#[0-9a-fA-F]{6})", style)
                assert background and _contrast("#ffffff", background.group(1)) >= 4.5, style


@pytest.mark.slow
def test_a_real_data_dependent_build_error_fits_on_a_screen() -> None:
    torch = pytest.importorskip("torch")
    import torchtrt_compat

    class Branchy(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            if x.sum() > 0:
                return x * 2
            return x - 1

    with pytest.raises(BuildError) as info:
        torchtrt_compat.build_engine(Branchy(), [torch.randn(2, 3)], compute_capabilities=["8.9"])
    error = info.value
    assert isinstance(error, CompatError) and error.stage == "export"
    message = str(error)
    assert message.lower().count("could not guard on data-dependent expression") == 1, message
    assert "torch.where / torch.cond" in (error.fix or "")
    lines = _display.error_lines(error)
    assert len(lines) <= 8 and any("if x.sum() > 0:" in line for line in lines), lines
    assert not any(OURS.search(line) for line in lines), lines
    panel = _display.error_panel(error)
    visible = panel.split("<details")[0]
    assert "if x.sum() &gt; 0:" in visible and ">fix<" in visible
    check_html(panel)


def test_the_terminal_line_names_the_failed_stage_and_the_warning() -> None:
    import io

    stream = io.StringIO()
    sink = _progress._TerminalSink(stream)
    sink("build_engine M FP32 for sm_89", [("exporting", 0.2), ("failed", None)], True, None)
    sink("build_engine M FP32 for sm_89", [("exporting", 0.2), ("done", None)], True, "0 TensorRT engines")
    first, second = stream.getvalue().splitlines()
    assert first == "build_engine M FP32 for sm_89: failed at exporting in 0.2 s"
    assert second == "build_engine M FP32 for sm_89: done in 0.2 s; warning: 0 TensorRT engines"


@pytest.mark.slow
def test_a_real_build_with_no_engine_ends_in_a_warning_not_done(notebook_display: list[object]) -> None:
    """A model too small for min_block_size builds 0 engines: the stage table's last word is the warning."""
    torch = pytest.importorskip("torch")
    import torchtrt_compat

    shown = notebook_display
    tiny = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())
    artifact = torchtrt_compat.build_engine(tiny, [torch.randn(2, 4)], compute_capabilities=["8.9"])
    assert artifact.report.trt_engines == 0
    final = shown[-1]._repr_html_()  # type: ignore[attr-defined]
    assert "build_engine Sequential FP32 for sm_89" in final
    assert _display._COLOURS["warning"] in final and "0 TensorRT engines" in final
    assert _display._COLOURS["ok"] not in final


def test_your_code_is_never_a_frame_of_torchtrt_compat_or_of_compiled_upstream_code() -> None:
    """Review M1: "your code" named torchtrt_compat/_lazy.py (the package folder was taken to be ux/) and
    cuda/bindings/_internal/driver.pyx (a Cython source path, no file on disk)."""
    import torchtrt_compat._lazy
    import torchtrt_compat.compiler.watch

    for module in (torchtrt_compat._lazy, torchtrt_compat.compiler.watch):
        assert _display._frame_kind(module.__file__ or "") == "ours"
    assert _display._frame_kind("cuda/bindings/_internal/driver.pyx") == "upstream"
    assert _display._frame_kind("<frozen importlib._bootstrap>") == "upstream"
    assert _display._frame_kind("/tmp/ipykernel_1234/5678.py") == "user"  # a Jupyter cell
    assert _display._frame_kind(__file__) == "user"
