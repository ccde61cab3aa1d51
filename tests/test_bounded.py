"""Bounded, strict reading of user files: every bad input is one UsageError, never a hang or a raw exception."""

from __future__ import annotations

import io
import os

import pytest

from torchtrt_compat import _bounded
from torchtrt_compat._errors import UsageError


def test_regular_file_within_the_limit_is_read(tmp_path):
    p = tmp_path / "spec.json"
    p.write_bytes(b'{"a": [1, 2]}')
    assert _bounded.load_json_file(p, limit=100, what="target spec") == {"a": [1, 2]}


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_devices_are_refused_before_reading(device):
    if not os.path.exists(device):
        pytest.skip(f"{device} is absent")
    with pytest.raises(UsageError, match="not a regular file"):
        _bounded.read_bytes(device, limit=10, what="target spec")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="not a regular file"):
        _bounded.read_bytes(fifo, limit=10, what="target spec")


def test_size_is_checked_before_reading(tmp_path):
    p = tmp_path / "big.json"
    p.write_bytes(b" " * 101)
    with pytest.raises(UsageError, match="larger than the 100-byte limit"):
        _bounded.read_bytes(p, limit=100, what="target spec")


def test_a_directory_and_a_missing_file_are_named(tmp_path):
    with pytest.raises(UsageError, match="is a directory"):
        _bounded.read_bytes(tmp_path, limit=10, what="target spec")
    with pytest.raises(UsageError, match="does not exist"):
        _bounded.read_bytes(tmp_path / "nope", limit=10, what="target spec")


def test_streams_are_cut_at_the_limit():
    assert _bounded.read_stream(io.BytesIO(b"x" * 10), limit=10, what="stdin") == b"x" * 10
    with pytest.raises(UsageError, match="limit"):
        _bounded.read_stream(io.BytesIO(b"x" * 11), limit=10, what="stdin")


def test_deep_nesting_is_a_usage_error_not_a_recursion_error():
    with pytest.raises(UsageError, match="nested deeper than 64"):
        _bounded.loads_json("[" * 100 + "]" * 100, what="spec")
    with pytest.raises(UsageError, match="nested deeper"):
        _bounded.loads_json("[" * 100_000 + "]" * 100_000, what="spec")
    assert _bounded.loads_json("[" * 64 + "]" * 64, what="spec") is not None


def test_duplicate_keys_nan_and_huge_integers_are_refused():
    with pytest.raises(UsageError, match="key 'torch' twice"):
        _bounded.loads_json('{"torch": "2.4", "torch": "2.14"}', what="spec")
    with pytest.raises(UsageError, match="NaN"):
        _bounded.loads_json('{"a": NaN}', what="spec")
    with pytest.raises(UsageError, match="cannot represent"):
        _bounded.loads_json('{"a": ' + "9" * 5000 + "}", what="spec")


def test_non_utf8_names_the_offset():
    with pytest.raises(UsageError, match=r"byte 2 is 0xff"):
        _bounded.loads_json(b'{"\xff": 1}', what="spec")
    assert _bounded.loads_json(b'\xef\xbb\xbf{"a": 1}', what="spec") == {"a": 1}


def test_invalid_json_names_line_and_column():
    with pytest.raises(UsageError, match="line 1, column"):
        _bounded.loads_json("{", what="spec")
