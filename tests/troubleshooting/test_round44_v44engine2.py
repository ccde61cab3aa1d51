"""`explain`, round forty-four (issue 36), the engine's second pass: a library's numbered CUDA status is read with the
CUDA tables (nvImageCodec / nvJPEG's "CUDA Runtime failure: '#N'" is a cudaError_t, a Video Codec SDK call's
"returned error N" a CUresult) so the family keyed to that error answers; CUDA's initialization error raised by a GPU
data-loading library's call is read as CUDA in a forked worker; an issue template's category tag before a title that
states its error does not decide the stage; the launcher's own --local-rank rejected by argparse keeps the launcher's
family first. Near misses keep their answers: a bare '#2', a call that returned no number, a user's own unknown
argument, an initialization error with no data-loading library in sight, a tag before a title that states no error."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import extract


def test_image_codec_runtime_failure_number_is_a_cuda_runtime_error() -> None:
    text = (
        "    images = dec.decode(batch)\n"
        "RuntimeError: CUDA Runtime failure: '#2' at /build/src/python/decoder.cpp:120\n"
    )
    assert [c.name for c in extract(text).codes] == ["cudaErrorMemoryAllocation"]
    key, _ = first(text)
    assert key == "gpu-out-of-memory"


def test_a_bare_hash_number_is_no_cuda_error() -> None:
    # near miss: a '#2' without CUDA's words names no CUDA error
    text = "RuntimeError: decoding failed: '#2' at /build/src/python/decoder.cpp:120\n"
    assert extract(text).codes == []
    key, _ = first(text)
    assert key != "gpu-out-of-memory"


def test_video_sdk_call_returning_a_driver_code_is_read_as_that_error() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "decode.py", line 40, in <module>\n'
        "    frames = reader.decode(pkt)\n"
        "RuntimeError: HandleVideoSequence : m_api.cuvidGetDecoderCaps(&caps) returned error 100 at NvDecoder.cpp:210\n"
    )
    assert [c.name for c in extract(text).codes] == ["CUDA_ERROR_NO_DEVICE"]
    found = explain(text)
    # the Video Codec SDK's own family answers first; CUDA's no-device family, read from the number, is next
    assert [e.key for e in found][:2] == ["nvcodec-library-missing", "no-gpu-visible"]
    assert "NVIDIA_DRIVER_CAPABILITIES" in found[1].fix and "video" in found[1].fix


def test_a_driver_call_that_returned_an_unknown_number_or_none_states_no_code() -> None:
    assert extract("cuvidCreateDecoder(&dec, &info) returned error 123456\n").codes == []
    assert extract("the loader returned error 100 while reading the playlist\n").codes == []


def test_initialization_error_from_a_data_loading_library_is_a_forked_worker() -> None:
    for text in (
        "RuntimeError: CUDA error: initialization error, (on core.add_video_stream)\n",
        '  File "data/video_ds.py", line 51, in __getitem__\n    clip = reader.get_batch(idx)\n'
        "RuntimeError: CUDA error: initialization error\n",
    ):
        found = explain(text)
        assert found[0].key == "torch-cuda-init-error-mid-run", [e.key for e in found]
        assert "spawn" in found[0].fix


def test_initialization_error_with_no_loader_in_sight_keeps_the_driver_family() -> None:
    # near miss: torch's own start of CUDA, no worker and no data-loading library
    text = (
        '  File "train.py", line 8, in <module>\n    model = Net().cuda()\n'
        "RuntimeError: CUDA error: initialization error\n"
    )
    assert first(text)[0] == "torch-cuda-init-unknown"


def test_a_title_tag_does_not_decide_the_stage_of_an_error_the_title_states() -> None:
    text = (
        "(issue title: [Installation] p2p test fails with `NCCL_ERROR_SYSTEM_FAILURE`)\n$ python3 tests/check.py\n...\n"
    )
    found = explain(text)
    assert not len(found) and found.stage == "runtime", (found.stage, [e.key for e in found])


def test_a_title_tag_before_a_title_without_an_error_keeps_its_stage() -> None:
    # near miss: the title states no error, its tag is all the text says of the stage
    found = explain("(issue title: [Installation] how to set up on a new cluster)\nany hints welcome\n")
    assert not len(found) and found.stage == "install"


def test_the_launchers_local_rank_rejected_keeps_the_launcher_family() -> None:
    text = (
        "usage: main.py [-h] [--lr LR] [--epochs N] [--batch-size N]\n"
        "main.py: error: unrecognized arguments: --local-rank=3\n"
    )
    assert first(text)[0] == "dist-local-rank-argument"
    # near miss: the user's own unknown argument is the generic command-line family's
    text = (
        "usage: main.py [-h] [--lr LR] [--epochs N] [--batch-size N]\n"
        "main.py: error: unrecognized arguments: --warmup-steps 10\n"
    )
    assert first(text)[0] == "py-cli-arguments"
