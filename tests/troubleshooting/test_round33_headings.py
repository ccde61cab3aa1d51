"""`explain`, round thirty-three (issue 36), what heads the first answer: Windows' loader dialog for a missing entry
point ("... could not be located in the dynamic link library ...", and its Chinese wording) stops the program before
it starts, so a paste of the dialog alone is headed as a failure, not as a warning the run goes on from; advice to
fall back ("you can ... fall back to eager") is no fallback that happened."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

_DIALOG = (
    "The procedure entry point cuCtxCreate_v3 could not be located in the dynamic link library C:\\App\\render.dll.\n"
)


def test_the_loader_dialog_alone_is_a_failure() -> None:
    found = explain(_DIALOG)
    assert found and found[0].key == "cuda-driver-insufficient"
    assert found.summary.startswith("Failure:"), found.summary


def test_the_chinese_dialog_alone_is_a_failure() -> None:
    found = explain("无法定位程序输入点 cuCtxCreate_v3 于动态链接库 C:\\App\\render.dll 上。\n")
    assert found and found.summary.startswith("Failure:"), found.summary


def test_a_sentence_that_something_could_not_be_located_is_no_failure_word() -> None:
    # only the loader's own phrase counts: a log's "could not be located" about a file keeps its answer
    found = explain("INFO: the optional config file could not be located, using defaults\n")
    assert not found.summary.startswith("Failure:"), found.summary


def test_advice_to_fall_back_is_no_fallback_that_happened() -> None:
    # dynamo's hint tells the user how to fall back; the run did not (the failure above it stays a failure)
    text = (
        "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED\n"
        "You can suppress this exception and fall back to eager by setting:\n"
    )
    assert explain(text).summary.startswith("Failure:")
    # a program's own statement that it fell back still is one
    said = "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED\nThe session falls back to CPU.\n"
    assert explain(said).summary.startswith("Fell back, no failure")
