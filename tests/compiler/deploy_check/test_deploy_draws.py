"""The inputs of the deploy-host check: the recorded shapes and profiles, draws inside them, and files of real inputs
read without unpickling anything."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest
import torch

from torchtrt_compat._errors import UsageError
from torchtrt_compat.compiler.deploy_check import InputRange, draw_inputs, read_inputs_file, recorded_input_ranges


def test_recorded_shapes_ranges_and_profiles_are_read() -> None:
    metadata = {
        "inputs": [
            {"shape": [1, 3, 8, 8], "dtype": "float32"},
            {"min_shape": [1, 16], "opt_shape": [4, 16], "max_shape": [8, 16], "dtype": "int64"},
            {"profile": {"min": [1, 4], "opt": [2, 4], "max": [8, 4]}, "dtype": "torch.float16"},
            {"python": "int"},
        ]
    }
    image, tokens, profile, scalar = recorded_input_ranges(metadata)
    assert image == InputRange((1, 3, 8, 8), (1, 3, 8, 8), (1, 3, 8, 8), "float32") and not image.dynamic
    assert (tokens.min_shape, tokens.opt_shape, tokens.max_shape, tokens.dtype) == ((1, 16), (4, 16), (8, 16), "int64")
    assert profile.dynamic and profile.dtype == "float16" and profile.max_shape == (8, 4)
    assert scalar.python == "int"
    assert recorded_input_ranges({}) == []


@pytest.mark.parametrize(
    "inputs",
    [
        "a string",
        [["not", "an object"]],
        [{"shape": [1, -3]}],
        [{"shape": [1, 2.5]}],
        [{"shape": "1x3"}],
        [{"shape": [1] * 40}],
        [{"shape": [2, 2], "dtype": "os.system"}],
        [{"min_shape": [4, 2], "opt_shape": [2, 2], "max_shape": [8, 2]}],
        [{"min_shape": [1], "opt_shape": [1, 2], "max_shape": [1, 2]}],
    ],
)
def test_a_hostile_or_broken_record_is_a_usage_error(inputs: object) -> None:
    with pytest.raises(UsageError, match="recorded inputs cannot be read"):
        recorded_input_ranges({"inputs": inputs})


def test_a_record_too_large_to_draw_asks_for_real_inputs() -> None:
    with pytest.raises(UsageError, match="too many to draw") as info:
        recorded_input_ranges({"inputs": [{"shape": [100000, 100000, 100000]}]})
    assert "--inputs FILE" in info.value.fix


def test_draws_cover_opt_min_max_then_sizes_inside_the_range() -> None:
    ranges = [
        InputRange((1, 3), (4, 3), (8, 3), "float32"),
        InputRange((1,), (4,), (8,), "int64"),  # the same batch range: one size per draw
    ]
    shapes = [tuple(draw_inputs(ranges, i)[0].shape) for i in range(12)]
    assert shapes[:3] == [(4, 3), (1, 3), (8, 3)]
    assert all(1 <= s[0] <= 8 and s[1] == 3 for s in shapes) and len({s[0] for s in shapes}) > 3
    for i in range(12):
        x, n = draw_inputs(ranges, i)
        assert x.shape[0] == n.shape[0] and x.dtype == torch.float32 and n.dtype == torch.int64
    assert torch.equal(draw_inputs(ranges, 5)[0], draw_inputs(ranges, 5)[0])
    assert not torch.equal(draw_inputs(ranges, 5, seed=1)[0], draw_inputs(ranges, 5)[0])


def test_values_follow_the_example_inputs() -> None:
    like = (torch.randn(64, 64) * 5 + 100, torch.randint(3, 9, (4, 16)), torch.rand(8, 8) < 0.9)
    ranges = [InputRange((64, 64), (64, 64), (64, 64), "float32"), InputRange((4, 16), (4, 16), (4, 16), "int64"),
              InputRange((8, 8), (8, 8), (8, 8), "bool")]  # fmt: skip
    x, ids, mask = draw_inputs(ranges, 3, like=like)
    assert float(x.mean()) == pytest.approx(100, abs=1.0) and float(x.std()) == pytest.approx(5, rel=0.1)
    assert int(ids.min()) >= 3 and int(ids.max()) <= 8 and mask.dtype == torch.bool and float(mask.float().mean()) > 0.6
    plain = draw_inputs(ranges[:2], 3)
    assert abs(float(plain[0].mean())) < 0.2 and set(plain[1].unique().tolist()) <= {0, 1}


def test_a_python_input_comes_from_the_example_or_is_a_usage_error() -> None:
    ranges = [InputRange(python="int")]
    assert draw_inputs(ranges, 0, like=(7,)) == (7,)
    with pytest.raises(UsageError, match="Python int, which cannot be drawn"):
        draw_inputs(ranges, 0)


def test_real_inputs_from_pt_files(tmp_path: Path) -> None:
    x, y = torch.randn(2, 3), torch.arange(4)
    torch.save((x, y), tmp_path / "one.pt")
    ((a, b),) = read_inputs_file(tmp_path / "one.pt")
    assert torch.equal(a, x) and torch.equal(b, y)
    torch.save([(x,), (x + 1,)], tmp_path / "two.pt")
    assert all(torch.equal(d[0], e) for d, e in zip(read_inputs_file(tmp_path / "two.pt"), (x, x + 1), strict=True))
    torch.save(x, tmp_path / "tensor.pth")
    assert torch.equal(read_inputs_file(tmp_path / "tensor.pth")[0][0], x)


def test_real_inputs_from_npz_files(tmp_path: Path) -> None:
    x, y = np.random.rand(2, 3).astype(np.float32), np.arange(4)
    np.savez(tmp_path / "one.npz", arg1=y, arg0=x)
    ((a, b),) = read_inputs_file(tmp_path / "one.npz")
    assert np.array_equal(a.numpy(), x) and np.array_equal(b.numpy(), y)
    np.savez(tmp_path / "two.npz", draw0_arg0=x, draw1_arg0=x + 1)
    assert len(read_inputs_file(tmp_path / "two.npz")) == 2
    np.savez(tmp_path / "gap.npz", arg0=x, arg2=x)
    with pytest.raises(UsageError, match="without gaps"):
        read_inputs_file(tmp_path / "gap.npz")
    np.savez(tmp_path / "named.npz", image=x)
    with pytest.raises(UsageError, match="array named 'image'"):
        read_inputs_file(tmp_path / "named.npz")


class _Payload:
    """Unpickling this writes a marker file: if it is ever written, a file of inputs ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def test_a_file_that_would_run_code_is_refused_and_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    torch.save((torch.zeros(2), _Payload(marker)), tmp_path / "evil.pt")
    with pytest.raises(UsageError, match="cannot be read as tensors"):
        read_inputs_file(tmp_path / "evil.pt")
    np.savez(tmp_path / "evil.npz", arg0=np.array([_Payload(marker)], dtype=object))
    with pytest.raises(UsageError, match="cannot be read as a .npz"):
        read_inputs_file(tmp_path / "evil.npz")
    (tmp_path / "evil.pkl").write_bytes(pickle.dumps(_Payload(marker)))
    pickle.loads(pickle.dumps(_Payload(tmp_path / "control")))  # the payload works: unpickled, it writes its file
    assert (tmp_path / "control").exists()
    with pytest.raises(UsageError, match="neither a .pt nor a .npz"):
        read_inputs_file(tmp_path / "evil.pkl")
    assert not marker.exists()


def test_files_without_tensors_or_that_do_not_exist_are_usage_errors(tmp_path: Path) -> None:
    torch.save({"x": 1}, tmp_path / "dict.pt")
    with pytest.raises(UsageError, match="holds no tensors"):
        read_inputs_file(tmp_path / "dict.pt")
    with pytest.raises(UsageError, match="does not exist"):
        read_inputs_file(tmp_path / "missing.pt")
    (tmp_path / "garbage.pt").write_bytes(b"not a zip")
    with pytest.raises(UsageError, match="cannot be read as tensors"):
        read_inputs_file(tmp_path / "garbage.pt")
